"""Salem 1692 (deluxe edition): hidden-team game for 4-12 players, 2-3 with ghosts."""

from automa.rules.core import register_game

from .game import SalemGame, SalemParams

register_game(SalemGame, aliases=("salem1692", "salem_1692"))

#: this game's modules that `automa native build` compiles with mypyc (the engine and what
#: a search runs through); a module split out of one of them is added here
NATIVE_MODULES = (
    "automa.rules.salem.state",
    "automa.rules.salem.info",
    "automa.rules.salem.resolution",
    "automa.rules.salem.decisions",
)

#: the configurations whose seeded games tests/test_stored_records.py keeps in
#: tests/records/salem.jsonl and replays byte for byte
RECORD_CONFIGURATIONS = ({"players": 5}, {"players": 9}, {"players": 2, "mode": "ghosts"})

__all__ = ["SalemGame", "SalemParams"]
