"""Pulitzer's printed things in words, written once: a card, an overtime card, a kiosk
column's majority reward.  The engine's action texts and log (text.py) and the boards
(words.py) both call these, so a move and the board that shows it always say the same.
`tb` is anything with the card tables' names: the engine's `Tables` or the game's data."""

from __future__ import annotations

from typing import Any

from .data import LINES


def card_text(tb: Any, code: int) -> str:
    """A kept or drawn card by what it shows: 'evidence card MEM', 'line card B/C' (codes of
    100 and more are line cards)."""
    if code >= 100:
        return "line card " + "/".join(LINES[x] for x in tb.line_cards[code - 100])
    return "evidence card " + "/".join(tb.evidence_types[x] for x in tb.evidence_cards[code])


def ot_card_parts(tb: Any, card: int) -> tuple[str, str]:
    """An overtime card as (number, effect): ('#16', 'new evidence: keep 1 line card')."""
    number, kind, extra = tb.ot_cards[card]
    if kind == 0:
        effect = f"talk show: ${100 * extra}"
    elif kind == 1:
        effect = f"radio night: {extra} points"
    elif kind == 2:
        effect = f"new evidence: keep 1 {'line' if extra else 'evidence'} card"
    else:
        effect = "statement on line " + " or ".join(LINES[x] for x in extra)
    return f"#{number}", effect


def column_reward_text(tb: Any, solo: bool, col: int) -> str:
    """What the majority of a kiosk column wins (§8.2, §13.5)."""
    if col == 0:
        return f"+{tb.national[0]} contact, +{tb.national[1]} points" + ("" if solo else ", the Press Pass")
    if col == 1:
        return f"+{tb.international[0]} contacts, +{tb.international[1]} points"
    if col == 2:
        return f"the row +2 token or ${100 * tb.sports_cash}"
    if col == 3:
        return f"the overtime +2 token or {tb.ent_contacts} contact"
    return f"+{tb.economy_points} points"
