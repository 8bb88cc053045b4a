"""Watergate: the Editor against Nixon (2 players).  See rules/watergate/rulebook.md."""

from automa.rules.core import register_game

from .game import WatergateGame, WatergateParams
from .state import WatergateState

register_game(WatergateGame)

#: this game's modules that `automa native build` compiles with mypyc (the engine and what
#: a search runs through); a module split out of one of them is added here
NATIVE_MODULES = (
    "automa.rules.watergate.state",
    "automa.rules.watergate.info",
    "automa.rules.watergate.heuristic",
    "automa.rules.watergate.automaton",
)

#: the configurations whose seeded games tests/test_stored_records.py keeps in
#: tests/records/watergate.jsonl and replays byte for byte
RECORD_CONFIGURATIONS: tuple[dict, ...] = ({},)

__all__ = ["WatergateGame", "WatergateParams", "WatergateState"]
