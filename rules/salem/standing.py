"""Salem 1692's score strip (`automa.rules.presentation.standing`): a team game has no score,
so each seat shows how near it is to a reveal (its accusations against the number that forces
one) and whether it is alive.  In ghosts mode the table's ghosts are shown too, as no one's
seat."""

from __future__ import annotations

from .view import salem_accusations


def standing(state, seat: int) -> list[dict]:
    game = state.game
    obs = state.observation(seat)
    out = []
    for p, alive in enumerate(obs["alive"]):
        char = obs["char"][p]
        name = game.data.char_name.get(char, char) if char else ""
        who = game.human[p] if game.human[p] >= 0 else None
        if who is None:
            name = f"{name} (ghost)" if name else "ghost"
        if not alive:
            out.append({"seat": who, "name": name, "score": "dead", "note": ""})
            continue
        total, limit = salem_accusations(obs, game, p)
        out.append({"seat": who, "name": name, "score": f"{total}/{limit}", "note": "accusations"})
    return out
