"""The table's small rough edges (#49), each answered in one clear line or with what a user
expects: a busy port, unnamed seats, a mode chosen for the player count, a stopped
tournament, whole win counts."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time

from click.testing import CliRunner

from automa.cli import main


def run(*args, input=None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input)


def test_serve_on_a_port_in_use_prints_one_line_and_no_link(tmp_path):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        proc = subprocess.run(
            [
                sys.executable,
                "-m",
                "automa.cli",
                "serve",
                "--port",
                str(port),
                "--db",
                str(tmp_path / "a.db"),
            ],
            capture_output=True,
            text=True,
            timeout=60,
            env=dict(os.environ, XDG_STATE_HOME=str(tmp_path)),
        )
    assert proc.returncode == 1
    assert proc.stdout == ""  # no link that would not work
    assert proc.stderr == f"Error: cannot listen on 127.0.0.1:{port}: Address already in use\n"


def test_seats_not_named_get_the_default_opponent_and_it_is_said():
    r = run("play", "pi", "--players", "3", "--seat", "human", "--seat", "random", "--seed", 1, input="")
    assert "seats: seat 0 (you), seat 1 (random), seat 2 (level:normal)" in r.output
    assert "seat 2, not named: level:normal" in r.output
    alone = run("play", "pi", "--players", "3", "--seat", "human", "--seed", 1, input="")
    assert "seat 1 (level:normal), seat 2 (level:normal)" in alone.output and "not named" not in alone.output
    many = run("play", "pulitzer", "--mode", "solo", "--seat", "human", "--seat", "random")
    assert many.exit_code == 1 and "2 --seat options for 1 seat: give one per seat" in many.output


def test_a_mode_chosen_for_the_player_count_is_said():
    r = run("play", "salem", "--players", "3", "--seed", 1, input="")
    assert "3 players: Salem 1692 is played in ghosts mode (standard takes 4-12)" in r.output
    usual = run("play", "salem", "--players", "5", "--seed", 1, input="")
    assert "is played in" not in usual.output


def test_win_counts_print_as_counts():
    r = run("tournament", "pi", "--players", "2", "--bots", "random,greedy", "--games", "4", "--seed", "1")
    assert r.exit_code == 0, r.output
    rows = [line for line in r.output.splitlines() if line.startswith(("random ", "greedy "))][:2]
    assert rows and all(".0 " not in row.split("[")[0] for row in rows), rows


def test_ctrl_c_in_a_tournament_says_how_to_finish_it(tmp_path):
    out = tmp_path / "t.jsonl"
    proc = subprocess.Popen(
        [sys.executable, "-m", "automa.cli", "tournament", "pi", "--players", "2", "--bots",
         "ismcts:iterations=400,greedy", "--games", "400", "--seed", "3", "--out", str(out)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (not out.exists() or out.stat().st_size == 0):
        time.sleep(0.2)
    proc.send_signal(signal.SIGINT)
    _stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 1
    lines = [line for line in stderr.splitlines() if line.strip()]
    assert lines and lines[-1].startswith("Error: stopped: ") and "--resume plays the rest" in lines[-1]
    assert "Traceback" not in stderr and "Aborted!" not in stderr


GAMES_AT_THE_TABLE = [
    ["pulitzer", "--mode", "solo"],
    ["tabletop_inc"],
    ["pi"],
    ["watergate"],
    ["salem", "--players", "5"],
]


def test_play_screens_fit_80_columns_piped(tmp_path):
    """The bar: `automa play` never passes 80 columns with COLUMNS=80, whatever the game
    (a file's path is never broken, so the state folder is a short one here)."""
    import tempfile

    short = tempfile.mkdtemp(prefix="a", dir="/tmp")
    env = dict(os.environ, COLUMNS="80", NO_COLOR="1", XDG_STATE_HOME=short)
    env.pop("LINES", None)
    for args in GAMES_AT_THE_TABLE:
        proc = subprocess.run(
            [sys.executable, "-m", "automa.cli", "play", *args, "--seed", "2"],
            input="1\n" * 40,
            capture_output=True,
            text=True,
            timeout=120,
            env=env,
        )
        lines = proc.stdout.splitlines()
        assert len(lines) > 100, args
        wide = [line for line in lines if len(line) > 80]
        assert not wide, (args, wide[:3])


def test_play_screens_fit_an_80x24_terminal(tmp_path):
    pexpect = __import__("pytest").importorskip("pexpect")
    env = dict(os.environ, NO_COLOR="1", TERM="dumb", XDG_STATE_HOME=str(tmp_path))
    env.pop("COLUMNS", None)
    env.pop("LINES", None)
    for args in (["pi"], ["tabletop_inc"]):
        child = pexpect.spawn(
            sys.executable,
            ["-m", "automa.cli", "play", *args, "--seed", "3", "--db", str(tmp_path / "b.db")],
            env=env, encoding="utf-8", timeout=60, dimensions=(24, 80),
        )  # fmt: skip
        seen = ""
        for _ in range(6):
            child.expect(r"seat 0 > ")
            seen += child.before
            child.sendline("1")
        child.terminate(force=True)
        lines = [line for line in seen.replace("\r", "").split("\n")]
        assert not [line for line in lines if len(line) > 80], args


def test_the_end_of_a_pi_mini_game_is_told_with_its_closing_solve():
    """Spec §9 (end of a mini-game): the table hears who solved last, each seat's points and
    who starts the next mini-game; before, the board was just replaced."""
    import random

    from automa.play.menus import new_lines
    from automa.rules.core import load_game

    state = load_game("pi", players=3).new_initial_state(4)
    rng = random.Random(1)
    told, seen = [], state.history_text()
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        now = state.history_text()
        told += new_lines(seen, now)
        seen = now
    ends = [i for i, line in enumerate(told) if line.startswith("mini-game ")]
    assert [told[i].split(":")[0] for i in ends] == [f"mini-game {m} of 3 is over" for m in (1, 2, 3)]
    assert "begins, seat" in told[ends[0]] and "begins" not in told[ends[2]]
    for i in ends:  # the mini-game's last events are told before its end, never lost
        assert told[i - 1].startswith("seat ")
    # every solve is told, the closing ones included: one line per scoring marker
    assert sum(" solves " in line for line in told) == sum(1 for v in state.vp_markers if v > 0)
    # the seats observe only the current mini-game's events
    assert all(e[0] != "mini_game_over" for e in state.observation(0)["events"])
