"""The playout check the expert bots share (search/playouts.py)."""

from __future__ import annotations

import random

from automa.search.playouts import best_candidate, playout_totals


def test_every_candidate_meets_the_same_worlds_drawn_one_at_a_time():
    rng = random.Random(5)
    drawn: list[float] = []

    def draw(i: int) -> float:
        assert i == len(drawn)  # in order, once each
        drawn.append(rng.random())
        return drawn[-1]

    seen = []
    totals, played = playout_totals(["a", "b"], 4, draw, lambda w, a: seen.append((w, a)) or w)
    assert played == 4
    assert seen == [(w, a) for w in drawn for a in ("a", "b")]  # a world for both, then the next
    assert totals == [sum(drawn), sum(drawn)]


def test_the_time_limit_stops_before_drawing_a_world_but_always_plays_one():
    drawn: list[int] = []
    ticks = iter([0.0, 0.5, 2.5])  # the start, before the second world, before the third
    totals, played = playout_totals(
        ["a"],
        10,
        lambda i: drawn.append(i) or i,
        lambda w, a: 1.0,
        max_seconds=2.0,
        clock=lambda: next(ticks),
    )
    assert played == 2 and totals == [2.0] and drawn == [0, 1]  # the third world is never drawn
    totals, played = playout_totals(
        ["a"], 3, lambda i: i, lambda w, a: 1.0, max_seconds=1e-9, clock=iter([0.0, 5.0]).__next__
    )
    assert played == 1


def test_a_tie_goes_to_the_policys_earlier_choice():
    assert best_candidate([1.0, 3.0, 3.0]) == 1
    assert best_candidate([2.0]) == 0
