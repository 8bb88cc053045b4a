"""The end of a game of Tabletop Inc. as a player reads it (§14): every seat's VP by the
rulebook's categories, the tie-break when it decides, and how the hourglass ended the game."""

from __future__ import annotations

from automa.rules.presentation import FinalReport, ScoreRow

from .scoring import END_BONUS
from .words import LEVEL_TEXT


def _name(g, p: int, seat: int) -> str:
    """A seat as the end screen calls it: you, seat 2, seat 1 (Mumanbot, Hard)."""
    if p == seat:
        return "you"
    if p in g.bots:
        return f"seat {p} (Mumanbot, {LEVEL_TEXT[g.levels[p]]})"
    return f"seat {p}"


def score_parts(state, obs, p: int) -> list[tuple[str, int]]:
    """Seat p's final VP by the rulebook's categories (§14.2; a Mumanbot's by §17.6), from the
    engine's own `final_breakdown`: the parts add up to the total the winner is judged by.
    The track is split where the public record says where its VP came from: the hourglass
    bonus of the seat that ended the game and, for a Mumanbot, its turn-order VP."""
    g = state.game
    b = state.final_breakdown(p)
    ended = END_BONUS if obs["end_by"] == p else 0
    if p in g.bots:
        seat_vp = g.data.turn_order_bonus[(p - g.first) % state.n][5]
        parts = [("ZAP cards and predictions", b["track"] - ended - seat_vp)]
        if seat_vp:
            parts.append(("turn-order bonus", seat_vp))
    else:
        parts = [
            ("track VP", b["track"] - ended),
            ("published games", b["published"]),
            ("unpublished game", b["unpublished"]),
            ("objectives", b["objectives"]),
            ("freelancers", b["freelancers"]),
            ("awards", b["awards"]),
        ]
    if ended:
        parts.append(("ending the game", ended))
    return parts


def final_report(state, seat: int) -> FinalReport:
    """The end as the rulebook tells it (§14): every seat's VP with its breakdown (the
    Mumanbots are seats and score their track, §17.6), the tie-break when two seats share the
    most VP (§14.3) and how the hourglass ended the game.  The final scores are public once
    the game is over; everything else comes from `seat`'s observation."""
    g = state.game
    obs = state.observation(seat)
    outcome = state.outcome()
    rows = []
    totals = []
    for p in range(state.n):
        parts = score_parts(state, obs, p)
        total = sum(v for _label, v in parts)
        totals.append(total)
        rows.append(
            ScoreRow(
                name=_name(g, p, seat),
                total=total,
                parts=parts,
                rank=outcome.ranks[p],
                winner=p in outcome.winners,
                automaton=p in g.bots,
                seat=p,
            )
        )
    best = max(totals)
    tied = [p for p in range(state.n) if totals[p] == best]
    winner = outcome.winners[0]
    tiebreak = ""
    if len(tied) > 1:
        names = ", ".join(_name(g, p, seat) for p in tied[:-1]) + " and " + _name(g, tied[-1], seat)
        tiebreak = (
            f"{names} tied on {best} VP; the tied player farthest from the first player "
            f"({_name(g, g.first, seat)}) in turn order wins: {_name(g, winner, seat)}"
        )
    ender = obs["end_by"]
    if ender >= 0:
        who = _name(g, ender, seat)
        reason = (
            f"{who[0].upper()}{who[1:]} moved the hourglass to 0 and gained {END_BONUS} VP; "
            + ("the other seat" if state.n == 2 else "every other seat")
            + " had one last turn, then final scoring. Most VP wins: "
        )
    else:
        reason = "Most VP wins: "
    reason += f"{_name(g, winner, seat)}, with {totals[winner]} VP."
    return FinalReport(rows, reason, tiebreak)
