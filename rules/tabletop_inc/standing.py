"""Tabletop Inc.'s score strip (`automa.rules.presentation.standing`): each company's VP on
the track, and for a Mumanbot its level, the mumans it still holds and whom it predicts on.
The seat's own entry adds its resources, which a placement needs and which the board draws
at its foot, below a laptop's fold."""

from __future__ import annotations

from typing import Any

from automa.rules.presentation import plural

from .words import LEVEL_TEXT, amount_text


def standing(state, seat: int) -> list[dict]:
    g = state.game
    obs = state.observation(seat)
    out = []
    for p in range(g.num_players):
        entry: dict[str, Any] = {"seat": p, "name": "", "score": f"{obs['vp'][p]} VP", "note": ""}
        if p in g.bots:
            target = obs["predictions"][p][0]
            entry["name"] = f"Mumanbot ({LEVEL_TEXT[g.levels[p]]})"
            entry["note"] = f"holds {plural(obs['mum'][p], 'muman')}" + (
                f", predicts on seat {target}" if target >= 0 else ""
            )
        else:
            entry["note"] = f"{plural(obs['mum'][p], 'muman')} to place"
            if p == seat:
                held = ", ".join(amount_text(i, v) for i, v in enumerate(obs["res"][p]) if v)
                entry["note"] += f"; {held or 'no resources'}"
        out.append(entry)
    return out
