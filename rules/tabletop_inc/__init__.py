"""Tabletop Inc.: worker placement board-game publishing, with the Mumanbot (ZAP deck)."""

from automa.rules.core import register_game

from .game import TabletopGame, TabletopParams

register_game(TabletopGame, aliases=("tabletop", "tabletopinc"))

#: this game's modules that `automa native build` compiles with mypyc (the engine and what
#: a search runs through); a module split out of one of them is added here
NATIVE_MODULES = (
    "automa.rules.tabletop_inc.state",
    "automa.rules.tabletop_inc.scoring",
    "automa.rules.tabletop_inc.resolution",
    "automa.rules.tabletop_inc.mumanbot",
)

#: the configurations whose seeded games tests/test_stored_records.py keeps in
#: tests/records/tabletop_inc.jsonl and replays byte for byte
RECORD_CONFIGURATIONS = ({"players": 2}, {"players": 3})

__all__ = ["TabletopGame", "TabletopParams"]
