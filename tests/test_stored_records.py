"""Stored games that must replay byte for byte: a fixed set of seeded games per game, played
by seeded bots, whose JSON lines are committed under tests/records/.  Any change to an
engine's rules, randomness, legal-action order or action texts shows up here; a change
meant to alter games (a rule fix) rewrites them on purpose:

    python tests/test_stored_records.py --write
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))

from automa.rules.core import load_game  # noqa: E402
from automa.search import records  # noqa: E402

FOLDER = HERE / "records"
#: per game: the configurations and how many seeds each
GAMES = {
    "pi": [dict(players=2), dict(players=4)],
    "pulitzer": [dict(mode="solo"), dict(players=2), dict(players=4)],
    "tabletop_inc": [dict(players=2), dict(players=3)],
    "watergate": [dict()],
    "salem": [dict(players=5), dict(players=9), dict(players=2, mode="ghosts")],
}
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
    return [play(name, params, seed) for params in GAMES[name] for seed in SEEDS]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_stored_games_replay_byte_for_byte(name):
    path = FOLDER / f"{name}.jsonl"
    stored = path.read_text(encoding="utf-8").splitlines()
    now = lines(name)
    assert len(now) == len(stored)
    for i, (old, new) in enumerate(zip(stored, now, strict=True)):
        assert new == old, (
            f"{name} game {i} plays differently now: if a rule changed on purpose, "
            f"rewrite with `python tests/test_stored_records.py --write`"
        )


if __name__ == "__main__" and "--write" in sys.argv:
    FOLDER.mkdir(exist_ok=True)
    for game_name in sys.argv[sys.argv.index("--write") + 1 :] or sorted(GAMES):
        (FOLDER / f"{game_name}.jsonl").write_text("\n".join(lines(game_name)) + "\n", encoding="utf-8")
        print(f"wrote {FOLDER / game_name}.jsonl")
