"""Salem 1692 (deluxe edition): hidden-team game for 4-12 players, 2-3 with ghosts."""

from automa.rules.core import register_game

from .game import SalemGame, SalemParams

register_game(SalemGame, aliases=("salem1692", "salem_1692"))

__all__ = ["SalemGame", "SalemParams"]
