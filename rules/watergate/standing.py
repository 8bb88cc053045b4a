"""Watergate's score strip (`automa.rules.presentation.standing`): how near each side is to
its win, the Editor by informants connected to Nixon (2 win), Nixon by momentum on his card
(5 win)."""

from __future__ import annotations

from .report import connected as _connected
from .words import OWNER_NAME


def standing(state, seat: int) -> list[dict]:
    obs = state.observation(seat)
    _reached, linked = _connected(obs, state.game.data)
    cards = obs["momentum_cards"]
    return [
        {
            "seat": 0,
            "name": OWNER_NAME[0],
            "score": f"{linked} of 2 informants",
            "note": f"momentum card {cards[0]}",
        },
        {
            "seat": 1,
            "name": OWNER_NAME[1],
            "score": f"{cards[1]} of 5 momentum",
            "note": f"supply {obs['supply']}, round {obs['round']}",
        },
    ]
