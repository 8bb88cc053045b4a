"""The README's Python example runs as written."""

import re
from pathlib import Path


def test_the_readmes_python_example_runs(capsys):
    text = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")
    section = text.split("## Use from Python", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    exec(compile(code, "README.md", "exec"), {})
    out = capsys.readouterr().out
    assert "deducer" in out and "95% Wilson" in out and "ratings" in out
