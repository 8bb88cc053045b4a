"""Tabletop Inc.'s score strip (`automa.rules.presentation.standing`): each company's VP on
the track, and for a Mumanbot its level, the mumans it still holds and whom it predicts on."""

from __future__ import annotations

from automa.rules.presentation import plural

from .view import LEVEL_TEXT


def standing(state, seat: int) -> list[dict]:
    g = state.game
    obs = state.observation(seat)
    out = []
    for p in range(g.num_players):
        entry = {"seat": p, "name": "", "score": f"{obs['vp'][p]} VP", "note": ""}
        if p in g.bots:
            target = obs["predictions"][p][0]
            entry["name"] = f"Mumanbot ({LEVEL_TEXT[g.levels[p]]})"
            entry["note"] = f"holds {plural(obs['mum'][p], 'muman')}" + (
                f", predicts on seat {target}" if target >= 0 else ""
            )
        else:
            entry["note"] = f"{plural(obs['mum'][p], 'muman')} to place"
        out.append(entry)
    return out
