"""Watergate: the Editor against Nixon (2 players).  See rules/watergate/rulebook.md."""

from automa.rules.core import register_game

from .game import WatergateGame, WatergateParams
from .state import WatergateState

register_game(WatergateGame)

__all__ = ["WatergateGame", "WatergateParams", "WatergateState"]
