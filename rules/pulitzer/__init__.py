"""Pulitzer (Tranjis Games, 2025): 3-5 players, 2 players, and solo against the Times."""

from automa.rules.core import register_game

from .game import PulitzerGame

register_game(PulitzerGame)

#: this game's modules that `automa native build` compiles with mypyc (the engine and what
#: a search runs through); a module split out of one of them is added here
NATIVE_MODULES = (
    "automa.times",
    "automa.rules.pulitzer.state",
)

#: the configurations whose seeded games tests/test_stored_records.py keeps in
#: tests/records/pulitzer.jsonl and replays byte for byte
RECORD_CONFIGURATIONS = ({"mode": "solo"}, {"players": 2}, {"players": 4})

__all__ = ["PulitzerGame"]
