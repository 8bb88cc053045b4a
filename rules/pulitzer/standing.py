"""Pulitzer's score strip (`automa.rules.presentation.standing`): each newsroom's score if
the game ended now, from public facts only, and in solo the Times' score to beat."""

from __future__ import annotations

from automa.rules.presentation import plural

from .view import score_now


def standing(state, seat: int) -> list[dict]:
    g = state.game
    obs = state.observation(seat)
    out = [
        {"seat": p, "name": "", "score": str(score_now(g, obs, p)), "note": "points now"} for p in range(g.n)
    ]
    if g.solo:
        out.append(
            {
                "seat": None,
                "name": "the Times",
                "score": str(g.times_target),
                "note": f"to beat; {plural(obs['times_left'], 'card')} left",
            }
        )
    return out
