"""P.I. (Martin Wallace, 2012): deduction for 2-5 players, three mini-games."""

from automa.rules.core import register_game
from automa.rules.pi.game import PiGame, PiParams
from automa.rules.pi.state import PiState

register_game(PiGame, aliases=("p.i.", "p_i"))

#: this game's modules that `automa native build` compiles with mypyc (the engine and what
#: a search runs through); a module split out of one of them is added here
NATIVE_MODULES = (
    "automa.rules.pi.state",
    "automa.rules.pi.logic",
    "automa.rules.pi.automaton",
)

#: the configurations whose seeded games tests/test_stored_records.py keeps in
#: tests/records/pi.jsonl and replays byte for byte
RECORD_CONFIGURATIONS = ({"players": 2}, {"players": 4})

__all__ = ["PiGame", "PiParams", "PiState"]
