"""The quality gates CI runs: ruff's formatting, ruff's lint rules and mypy's types.

The tree is formatted, so `ruff format --check` must pass.  Lint findings and type errors are
held to a ratchet: `.ci/gates-baseline.json` records how many the tree has of each ruff rule
and of mypy errors; a change that adds one fails, a change that removes some should lower
the baseline (`python .ci/gates.py --update`), so the counts only go down.  pyflakes' rules
(F) are at zero and stay there.

mypy runs bare: its files (automa, and through automa's links rules/, search/ and cli.py)
come from pyproject.toml, as they do for `mypy` typed at the root and for pre-commit.

Run from the checkout's root: python .ci/gates.py [--update]
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = ROOT / ".ci" / "gates-baseline.json"


def ruff_counts() -> Counter:
    out = subprocess.run(
        [sys.executable, "-m", "ruff", "check", ".", "--output-format", "json", "--exit-zero"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    )  # fmt: skip
    return Counter(item["code"] for item in json.loads(out.stdout or "[]"))


def mypy_count() -> int:
    out = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True)
    found = re.search(r"Found (\d+) errors?", out.stdout)
    if found:
        return int(found.group(1))
    if "Success" in out.stdout:
        return 0
    raise SystemExit(f"mypy did not run: {out.stdout[-500:]}{out.stderr[-500:]}")


def main() -> int:
    fmt = subprocess.run([sys.executable, "-m", "ruff", "format", "--check", "."], cwd=ROOT,
                         capture_output=True, text=True)  # fmt: skip
    failed = []
    if fmt.returncode:
        failed.append("ruff format: these files are not formatted (run ruff format):\n" + fmt.stdout)
    ruff = ruff_counts()
    mypy = mypy_count()
    if "--update" in sys.argv:
        BASELINE.write_text(json.dumps({"ruff": dict(sorted(ruff.items())), "mypy": mypy}, indent=1) + "\n")
        print(f"baseline written: {sum(ruff.values())} ruff findings, {mypy} mypy errors")
        return 1 if failed else 0
    base = json.loads(BASELINE.read_text())
    for code, n in sorted(ruff.items()):
        allowed = base["ruff"].get(code, 0)
        if n > allowed:
            failed.append(
                f"ruff {code}: {n} findings, the baseline allows {allowed} (ruff check . --select {code})"
            )
    if mypy > base["mypy"]:
        failed.append(f"mypy: {mypy} errors, the baseline allows {base['mypy']}")
    lower = [c for c, n in base["ruff"].items() if ruff.get(c, 0) < n] + (
        ["mypy"] if mypy < base["mypy"] else []
    )
    print(f"gates: ruff {sum(ruff.values())} findings (baseline {sum(base['ruff'].values())}), "
          f"mypy {mypy} errors (baseline {base['mypy']})")  # fmt: skip
    if lower and not failed:
        print(
            "fewer than the baseline for " + ", ".join(lower) + ": lower it with python .ci/gates.py --update"
        )
    for line in failed:
        print("FAILED " + line)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
