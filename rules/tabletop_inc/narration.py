"""The start of Tabletop Inc.'s last turns as the log tells them (the `milestones` hook of
the view): the engine's log says who emptied the hourglass; a player also needs to hear what
follows, that every other seat takes one final turn and then the game is scored."""

from __future__ import annotations

from automa.rules.presentation import plural, seat_label


def _who_plays(seat: int, left: list[int]) -> str:
    if seat not in left:
        names = [f"seat {p}" for p in left]
        return names[0] if len(names) == 1 else "each of " + ", ".join(names[:-1]) + " and " + names[-1]
    others = len(left) - 1
    return "you" if not others else f"you and {plural(others, 'other seat')}"


def milestones(state, seat: int, before: dict, after: dict) -> list[str]:
    """'The hourglass is empty ...' once, when the end is triggered, from two observations."""
    if before["end_by"] >= 0 or after["end_by"] < 0:
        return []
    who = seat_label(after["end_by"], seat)
    left = list(after["final_left"])
    if not left:
        return [f"The hourglass is empty ({who} emptied it, +5 VP): the game is scored now."]
    return [
        f"The hourglass is empty ({who} emptied it, +5 VP): one final turn for "
        f"{_who_plays(seat, left)}, then the final scoring."
    ]
