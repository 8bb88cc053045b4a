"""Pulitzer (Tranjis Games, 2025): 3-5 players, 2 players, and solo against the Times."""

from automa.rules.core import register_game

from .game import PulitzerGame

register_game(PulitzerGame)

#: this game's modules that `automa native build` compiles with mypyc (the engine and what
#: a search runs through); a module split out of one of them is added here
NATIVE_MODULES = (
    "automa.rules.pulitzer.tables",
    "automa.rules.pulitzer.scoring",
    "automa.rules.pulitzer.base",
    "automa.rules.pulitzer.text",
    "automa.rules.pulitzer.resolution",
    "automa.rules.pulitzer.info",
    "automa.rules.pulitzer.state",
    "automa.rules.pulitzer.times",
)

#: the configurations whose seeded games tests/test_stored_records.py keeps in
#: tests/records/pulitzer.jsonl and replays byte for byte
RECORD_CONFIGURATIONS = ({"mode": "solo"}, {"players": 2}, {"players": 4})

__all__ = ["PulitzerGame"]
