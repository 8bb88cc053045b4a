"""Bad input at the command line: one clear line, a non-zero exit, no traceback, and no file
left behind or changed."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings, strategies as st

from automa.cli import main

GOOD_RECORD = {
    "format": 1,
    "game": "pi",
    "params": {"players": 2, "mode": "standard"},
    "seed": 1,
    "seats": ["random", "random"],
    "actions": [],
    "status": "ok",
}


def run(args, folder: Path, stdin: str = ""):
    before = {p: p.stat().st_mtime_ns for p in folder.rglob("*")}
    old = os.getcwd()
    os.chdir(folder)
    try:
        result = CliRunner().invoke(main, args, input=stdin)
    finally:
        os.chdir(old)
    after = {p: p.stat().st_mtime_ns for p in folder.rglob("*")}
    return result, before, after


def assert_one_clear_line(result, before, after):
    assert result.exit_code != 0, result.output
    assert "Traceback" not in result.output and not isinstance(
        result.exception, (TypeError, KeyError, UnicodeDecodeError)
    )
    errors = [line for line in result.output.splitlines() if line.startswith("Error")]
    assert len(errors) == 1, result.output
    assert before == after, "a file was written or changed"


def files(folder: Path) -> None:
    (folder / "bin.jsonl").write_bytes(bytes(range(256)) * 4)
    (folder / "empty.jsonl").write_text("")
    (folder / "strings.jsonl").write_text(json.dumps({**GOOD_RECORD, "actions": "abc"}) + "\n")
    (folder / "noactions.jsonl").write_text(
        json.dumps({k: v for k, v in GOOD_RECORD.items() if k != "actions"}) + "\n"
    )
    (folder / "f99.json").write_text(json.dumps({**GOOD_RECORD, "format": 99}) + "\n")
    (folder / "hash.json").write_text(
        json.dumps({**GOOD_RECORD, "rules_hash": "deadbeef", "status": "in_progress"}) + "\n"
    )


COMMANDS = [
    ["play", "pi", "--players", "2", "--seat", "human", "--seat", "mcts:iterations=abc"],
    ["play", "pi", "--seat", "human", "--seat", "ismcts:level=normal,iterations=zz"],
    ["play", "pi", "--seat", "human", "--seat", "mcts:seconds=x"],
    ["play", "pi", "--seat", "human", "--seat", "random", "--move-seconds", "-1"],
    ["tournament", "pi", "--players", "2", "--bots", "random,random", "--jobs", "0", "--out", "j0.jsonl"],
    ["tournament", "pi", "--players", "2", "--bots", "random,random", "--out", "missing/dir/x.jsonl"],
    ["tournament", "pi", "--players", "2", "--bots", "random,mcts:c=abc", "--games", "2"],
    ["tournament", "pi", "--players", "2", "--bots", "random,ismcts:iterations=1.5", "--games", "2"],
    ["tournament", "pi", "--players", "2", "--bots", "random,greedy", "--sprt", "50,0"],
    ["tune", "pulitzer", "--knob", "times_mix", "--player", "random", "--jobs", "0"],
    ["tune", "pulitzer", "--knob", "times_mix", "--player", "nosuch", "--games-per-setting", "2"],
    ["bench", "pi", "--seconds", "0"],
    ["bench", "pi", "--seconds", "-1"],
    ["replay", "bin.jsonl", "--verify"],
    ["replay", "empty.jsonl", "--verify"],
    ["replay", "strings.jsonl", "--verify"],
    ["replay", "noactions.jsonl", "--verify"],
    ["play", "pulitzer", "--load", "bin.jsonl"],
    ["play", "pi", "--load", "f99.json"],
    ["play", "pi", "--load", "hash.json"],
    ["play", "pulitzer", "--load", "hash.json"],
    ["companion", "salem", "--players", "8", "--state", "missing/x.json"],
]


@pytest.mark.parametrize("args", COMMANDS, ids=[" ".join(a[:4]) + "..." for a in COMMANDS])
def test_a_bad_command_gets_one_clear_line(args, tmp_path):
    files(tmp_path)
    assert_one_clear_line(*run(args, tmp_path))


def test_a_companion_of_another_size_or_level_is_not_resumed_silently(tmp_path):
    state = tmp_path / "t.json"
    first, _b, _a = run(
        ["companion", "tabletop_inc", "--mumanbot", "hard", "--state", str(state)], tmp_path, "quit\n"
    )
    assert first.exit_code == 0 and state.exists()
    result, before, after = run(
        ["companion", "tabletop_inc", "--mumanbot", "easy", "--state", str(state)], tmp_path
    )
    assert_one_clear_line(result, before, after)
    assert "difficulty hard, not easy" in result.output and "--fresh" in result.output


WORDS = st.sampled_from(
    [
        "pi",
        "salem",
        "nosuch",
        "--players",
        "--seat",
        "--jobs",
        "--games",
        "--seed",
        "--seconds",
        "-p",
        "prune_solves=maybe",
        "mcts:iterations=-3",
        "greedy:samples=x",
        "level:legendary",
        "0",
        "-1",
        "abc",
        "1e9",
        "--out",
        "/nonexistent/x",
    ]
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    command=st.sampled_from(["play", "tournament", "tune", "bench", "replay", "companion"]),
    words=st.lists(WORDS, min_size=1, max_size=6),
)
def test_generated_bad_arguments_never_end_in_a_traceback(tmp_path, command, words):
    """Property: whatever mix of arguments, the command never dies with a traceback or
    writes a file; it either refuses in one line or does what was asked."""
    args = [command, *words]
    if command in ("play", "companion"):
        args.append("--seed=1")
    result, before, after = run(args, tmp_path, "quit\n")
    assert "Traceback" not in result.output
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    if result.exit_code != 0:
        assert before == after
