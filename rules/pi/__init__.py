"""P.I. (Martin Wallace, 2012): deduction for 2-5 players, three mini-games."""

from automa.rules.core import register_game
from automa.rules.pi.game import PiGame, PiParams
from automa.rules.pi.state import PiState

register_game(PiGame, aliases=("p.i.", "p_i"))

__all__ = ["PiGame", "PiParams", "PiState"]
