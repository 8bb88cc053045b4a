"""Pulitzer's bots.

``pulitzer-heuristic`` (`HeuristicBot`) is the rule-based reference player, for every mode.
It reads only ``state.observation(seat)`` and ``state.legal_actions()`` plus the public
component data on the Game, never hidden fields: face-down values it cannot see are
estimated at 3.  Its habits: keep money for the bus and put strong journalists there,
chase highlighted evidence on high-value lines (A/D before B/C before X), win kiosk rows
against the agents to guard public opinion in solo and 2-player games, hire X early.

``pulitzer-expert`` (`ExpertBot`) is the strong solo player: a policy that prices every
move by the chances that decide a solo game (qualifying, the Capitol, the Times' table)
and a sampled-world Monte Carlo over its closest calls (see `ExpertPolicy`, `ExpertBot`;
measured in experiments/results/pulitzer_strength.md); outside solo games it plays as
``pulitzer-heuristic``.

The heuristic lives in heuristic.py, the expert in expert.py on the model of expert_model.py;
this module keeps the names game.py and the tests import.
"""

from .expert import ExpertBot, ExpertPolicy
from .expert_model import _qualify_chance
from .heuristic import HIDDEN_VALUE, HeuristicBot

#: the bots game.py names (``pulitzer-heuristic``, ``pulitzer-expert``) and what tests read
__all__ = ["HIDDEN_VALUE", "ExpertBot", "ExpertPolicy", "HeuristicBot", "_qualify_chance"]
