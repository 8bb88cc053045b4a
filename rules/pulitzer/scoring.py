"""Pulitzer's scoring (§12.2, §13.9): one set of plain functions that the engine's final score,
the boards' running score and the end screen's breakdown all call, so the three can never
disagree.  They take a seat's public facts (score track, HR space, pins, statements, houses,
report card), which the state holds and every observation shows alike."""

from __future__ import annotations

from collections.abc import Sequence

from .tables import Tables


def found_highlighted(tb: Tables, report: int, pins: tuple[int, ...]) -> int:
    """How many highlighted cells of report card `report` are pinned (qualifying, §12.1)."""
    hl = tb.hl[report]
    return sum(1 for c in pins if c in hl)


def report_score(tb: Tables, pins: tuple[int, ...], stmt: tuple[int, ...]) -> int:
    """Every pinned cell by its line, every statement by its pin's line (§12.2, R-5)."""
    return sum(tb.line_points[tb.cell_line[c]] for c in pins) + sum(
        tb.statement_points[tb.cell_line[c]] for c in stmt
    )


def hr_points(tb: Tables, hr: int) -> int:
    """The points of the HR space X stands on (0 while X is not hired)."""
    return tb.hr[hr - 1][2] if hr else 0


def house_parts(tb: Tables, houses: Sequence[tuple[int, ...]], s: int) -> tuple[int, int, int]:
    """Seat s's house points (§12.2): 3 a house, 5 a colour held strictly the most, 10 a set
    (R-3); all 0 in two-player and solo games, whose houses never score."""
    if tb.lp:
        return (0, 0, 0)
    ncol = 3 if tb.n == 3 else 4
    mine = houses[s][:ncol]
    most = 0
    for c in range(ncol):
        others = max((houses[p][c] for p in range(tb.n) if p != s), default=0)
        if mine[c] > others:
            most += 5
    sets = sum(h // 4 for h in mine) if "R-3" in tb.alt else min(mine)
    return (3 * sum(mine), most, 10 * sets)


def chronicle_bonus(tb: Tables, found: int) -> int:
    """Chronicle mode's bonus for `found` highlighted cells (§12.1; stacking with R-4)."""
    bonus = 0
    if tb.chronicle:
        for threshold, points in tb.chronicle_bonuses:
            if found >= threshold:
                bonus += points
                if "R-4" not in tb.alt:
                    break
    return bonus


def score_parts(
    tb: Tables,
    s: int,
    track: int,
    hr: int,
    pins: tuple[int, ...],
    stmt: tuple[int, ...],
    houses: Sequence[tuple[int, ...]],
    report: int,
) -> list[tuple[str, int]]:
    """Seat s's final score by the rulebook's categories, as (label, points); the score is
    their sum.  Houses and the Chronicle bonus appear only where they can score."""
    parts = [
        ("score track", track),
        ("report card", report_score(tb, pins, stmt)),
        ("Human Resources", hr_points(tb, hr)),
    ]
    if not tb.lp:
        built, most, sets = house_parts(tb, houses, s)
        parts += [("houses", built), ("colour majorities", most), ("sets of colours", sets)]
    if tb.chronicle:
        parts.append(("Chronicle bonus", chronicle_bonus(tb, found_highlighted(tb, report, pins))))
    return parts


def final_score(
    tb: Tables,
    s: int,
    track: int,
    hr: int,
    pins: tuple[int, ...],
    stmt: tuple[int, ...],
    houses: Sequence[tuple[int, ...]],
    report: int,
) -> int:
    """Seat s's score if the game ended now (§12.2, §13.9): the sum of `score_parts`."""
    score = track + hr_points(tb, hr) + report_score(tb, pins, stmt)
    if not tb.lp:
        built, most, sets = house_parts(tb, houses, s)
        score += built + most + sets
    if tb.chronicle:
        score += chronicle_bonus(tb, found_highlighted(tb, report, pins))
    return score
