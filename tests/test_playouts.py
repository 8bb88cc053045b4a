"""The playout check the expert bots share (search/playouts.py)."""

from __future__ import annotations

import random

from automa.search.playouts import best_candidate, playout_totals


def test_every_candidate_meets_the_same_worlds_drawn_one_at_a_time():
    drawn = []

    def worlds():
        rng = random.Random(5)
        for _ in range(4):
            world = rng.random()
            drawn.append(world)
            yield world

    seen = []
    totals, played = playout_totals(["a", "b"], worlds(), lambda w, a: seen.append((w, a)) or w)
    assert played == 4
    assert seen == [(w, a) for w in drawn for a in ("a", "b")]  # a world for both, then the next
    assert totals == [sum(drawn), sum(drawn)]


def test_the_time_limit_stops_drawing_worlds_but_always_plays_one():
    ticks = iter([0.0, 0.5, 2.5, 9.0])  # start, after the first world, after the second
    totals, played = playout_totals(
        ["a"], iter(range(10)), lambda w, a: 1.0, max_seconds=2.0, clock=lambda: next(ticks)
    )
    assert played == 2 and totals == [2.0]
    totals, played = playout_totals(
        ["a"], iter(range(3)), lambda w, a: 1.0, max_seconds=1e-9, clock=iter([0.0, 5.0]).__next__
    )
    assert played == 1


def test_a_tie_goes_to_the_policys_earlier_choice():
    assert best_candidate([1.0, 3.0, 3.0]) == 1
    assert best_candidate([2.0]) == 0
