"""Stored games that must replay byte for byte: a fixed set of seeded games per game, played
by seeded bots, whose JSON lines are committed under tests/records/.  Any change to an
engine's rules, randomness, legal-action order or action texts shows up here; a change
meant to alter games (a rule fix) rewrites them on purpose:

    python tests/test_stored_records.py --write
"""

from __future__ import annotations

import importlib
import random
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))

from automa.rules.core import game_packages, load_game, package_games  # noqa: E402
from automa.search import records  # noqa: E402

FOLDER = HERE / "records"


def stored_games() -> dict[str, list[dict]]:
    """Per game: the configurations it keeps records of (`RECORD_CONFIGURATIONS` in its
    package's __init__.py), each played with every seed of `SEEDS`."""
    out = {}
    for package in game_packages():
        configurations = getattr(importlib.import_module(package), "RECORD_CONFIGURATIONS", None)
        for cls in package_games(package):
            out[cls.name] = [dict(c) for c in configurations or ()]
    return out


GAMES = stored_games()
SEEDS = (1, 2)


def play(name: str, params: dict, seed: int) -> str:
    """One game of uniformly random legal moves from a seeded generator, as a record line
    (without the fields that vary by machine: time and library version)."""
    game = load_game(name, **params)
    state = game.new_initial_state(seed)
    rng = random.Random(seed * 7919)
    actions = []
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        actions.append((action, state.action_to_string(action), seat))
        state.apply_action(action)
    record = records.make_record(game, seed, ["random"] * game.num_players, state, actions, 0.0)
    record.pop("wall_time")
    record.pop("version")
    record["history"] = list(state.history_text())
    return records.dumps(record)


def lines(name: str) -> list[str]:
    return [play(name, params, seed) for params in stored_games()[name] for seed in SEEDS]


def write(name: str, folder: Path = FOLDER) -> Path:
    """Play and keep the records of one game (`--write`)."""
    path = folder / f"{name}.jsonl"
    path.write_text("\n".join(lines(name)) + "\n", encoding="utf-8")
    return path


def check(name: str, folder: Path = FOLDER) -> None:
    """The records of one game play the same today, byte for byte."""
    path = folder / f"{name}.jsonl"
    assert path.is_file(), (
        f"{name} keeps no records yet: `python tests/test_stored_records.py --write {name}`"
    )
    stored = path.read_text(encoding="utf-8").splitlines()
    now = lines(name)
    assert len(now) == len(stored)
    for i, (old, new) in enumerate(zip(stored, now, strict=True)):
        assert new == old, (
            f"{name} game {i} plays differently now: if a rule changed on purpose, "
            f"rewrite with `python tests/test_stored_records.py --write`"
        )


def test_every_game_keeps_records():
    """A game package declares the configurations it keeps (none would guard nothing)."""
    for name, configurations in GAMES.items():
        assert configurations, f"{name}: declare RECORD_CONFIGURATIONS in its package's __init__.py"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_stored_games_replay_byte_for_byte(name):
    check(name)


if __name__ == "__main__" and "--write" in sys.argv:
    FOLDER.mkdir(exist_ok=True)
    for game_name in sys.argv[sys.argv.index("--write") + 1 :] or sorted(GAMES):
        print(f"wrote {write(game_name)}")
