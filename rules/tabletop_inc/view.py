"""Tabletop Inc. as a person sees it: what `rules.presentation` looks for in a game's view,
gathered from the modules that hold it (words.py: names and action texts; text_board.py:
the terminal board; board.py with board_parts.py and companies.py: the web board and its
keys; report.py: the end).

Everything here reads `state.observation(seat)`, the printed data (`data/*.toml`), the game's
parameters and the public log, never the hidden state.  The data files hold no printed card
names (spec §19: every list is placeholder), so a card is called by its id and a short name
made from what it does ("F13 Playtest freelancer"), followed by its effect where a decision
needs it; the names follow the data, so a corrected data file renames its cards too.

Board keys (``data-key`` in the SVG, returned by `action_keys`):

========================  =====================================================
``space:HS1``             a main-board space (place a muman there)
``action:get_box``        an action's title bar on the main board (action bonus)
``standee:SP04``          one of your available specialist standees
``card:F13``              a card: on a track, in your hand, on a table, revealed
``seat:1`` .. ``seat:6``  a seat of your player table; ``seat:pow`` the POW slot
``res:dollar``            one of your resources (take, pay a token, trade)
``amount:2``              how many to trade
``supply:box:2``          a piece of that level in the supply
``prod:box``              a piece in your production area (upgrade)
``shelf:2``               a row of the award shelf
``game:0``                one of your published games
``pred:train``            a prediction card of your deck
``company:1``             another company (the prediction target)
========================  =====================================================
"""

from __future__ import annotations

from .board import action_group, action_keys, board_svg
from .narration import milestones
from .report import final_report, score_parts
from .text_board import board_text
from .words import (
    action_text,
    card_label,
    card_name,
    card_text,
    decision_text,
    news_text,
)

__all__ = [
    "action_group",
    "action_keys",
    "action_text",
    "board_svg",
    "board_text",
    "card_label",
    "card_name",
    "card_text",
    "decision_text",
    "final_report",
    "milestones",
    "news_text",
    "score_parts",
]
