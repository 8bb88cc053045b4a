"""The ends of Watergate's rounds as the log tells them (the `milestones` hook of the view):
after the evaluation phase, where the momentum stands and who holds the initiative for the
next round.  Everything here is public: the momentum cards, the supply and the initiative
card are on the table for both players."""

from __future__ import annotations

from automa.rules.presentation import plural
from automa.rules.watergate.words import SIDE_NAME


def milestones(state, seat: int, before: dict, after: dict) -> list[str]:
    """'Round 2 is over: ...' once per round passed, from two observations of `seat`."""
    if after["round"] == before["round"] or after["winner"] >= 0:
        return []
    cards = after["momentum_cards"]
    editor_spaces = len(state.game.data.momentum_effects[0])
    removed = after["momentum_removed"]
    return [
        f"Round {before['round']} is over. Momentum on the cards: the Editor {cards[0]} of "
        f"{editor_spaces}, Nixon {cards[1]} of 5; {plural(after['supply'], 'token')} left in the supply"
        + (f" ({removed} removed from the game)" if removed else "")
        + f". Round {after['round']}: the initiative card points at {SIDE_NAME[after['holder']]}, "
        "who plays first."
    ]
