"""Tabletop Inc.: worker placement board-game publishing, with the Mumanbot (ZAP deck)."""

from automa.rules.core import register_game

from .game import TabletopGame, TabletopParams

register_game(TabletopGame, aliases=("tabletop", "tabletopinc"))

__all__ = ["TabletopGame", "TabletopParams"]
