"""P.I.'s score strip (`automa.rules.presentation.standing`): each detective's VP so far
(mini-game scores less penalties), with whether they solved this mini-game."""

from __future__ import annotations

from automa.rules.presentation import plural

from .view import totals


def standing(state, seat: int) -> list[dict]:
    obs = state.observation(seat)
    d = state.game.data
    return [
        {
            "seat": p,
            "name": "",
            "score": f"{vp} VP",
            "note": "solved"
            if obs["solved"][p]
            else plural(obs["investigators_left"][p], "investigator") + " left",
        }
        for p, vp in enumerate(totals(obs, d))
    ]
