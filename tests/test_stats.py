"""Statistics against values computed by hand."""

import math

import numpy as np
import pytest

from automa.search.stats import (
    SPRT,
    bradley_terry,
    fit_logistic,
    pairwise_from_ranks,
    ratings_with_bootstrap,
    wilson_interval,
)


def test_wilson_known_values():
    # 50/100 at 95%: centre 0.5, half-width 1.96*sqrt(.25/100+1.96^2/40000)/(1+1.96^2/100)
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    low, high = wilson_interval(0, 10)
    assert low == pytest.approx(0.0, abs=1e-12) and high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson_interval(9, 10)
    assert low == pytest.approx(0.5958, abs=1e-4) and high == pytest.approx(0.9821, abs=1e-4)


def test_wilson_no_games_is_uninformative():
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_bradley_terry_recovers_a_three_to_one_record():
    rows = [(0, 1, 1.0)] * 75 + [(0, 1, 0.0)] * 25
    beta = bradley_terry(rows, 2, prior=0.0)
    assert beta[0] - beta[1] == pytest.approx(math.log(3), abs=1e-3)


def test_elo_difference_for_three_to_one_is_191():
    games = [([0, 1], [1, 2])] * 75 + [([0, 1], [2, 1])] * 25
    ratings = ratings_with_bootstrap(games, ["a", "b"], samples=50)
    diff = ratings[0].elo - ratings[1].elo
    assert diff == pytest.approx(400 * math.log10(3), abs=3)
    assert ratings[0].low < ratings[0].elo < ratings[0].high


def test_pairwise_from_ranks_breaks_multiplayer_results():
    rows = pairwise_from_ranks([0, 1, 2], [2, 1, 2])
    assert (0, 1, 0.0) in rows and (0, 2, 0.5) in rows and (1, 2, 1.0) in rows
    assert pairwise_from_ranks([0, 0], [1, 2]) == []


def test_sprt_bounds_and_decisions():
    test = SPRT(0, 50, 0.05, 0.05)
    low, high = test.bounds()
    assert low == pytest.approx(math.log(0.05 / 0.95)) and high == pytest.approx(math.log(0.95 / 0.05))
    assert test.decision(200, 80) == "H1"
    assert test.decision(100, 120) == "H0"
    assert test.decision(5, 4) is None


def test_logistic_fit_and_inverse_recover_known_curve():
    a, b = 2.0, -0.5
    xs = np.arange(0, 9)
    n = np.full(len(xs), 100000)
    p = 1 / (1 + np.exp(-(a + b * xs)))
    fit = fit_logistic(xs, n * p, n)
    assert fit.intercept == pytest.approx(a, abs=0.02) and fit.slope == pytest.approx(b, abs=0.01)
    assert fit.inverse(0.5) == pytest.approx(4.0, abs=0.05)
    low, high = fit.inverse_interval(0.5)
    assert low < 4.0 < high and high - low < 0.1


def test_logistic_inverse_interval_by_hand():
    """Delta method: var(x*) = g' C g with g = (-1/b, -x*/b)."""
    from automa.search.stats import LogisticFit

    fit = LogisticFit(1.0, -0.5, np.array([[0.04, 0.0], [0.0, 0.01]]))
    x = fit.inverse(0.5)
    assert x == pytest.approx(2.0)
    var = (1 / 0.25) * 0.04 + (x / 0.5) ** 2 * 0.01
    low, high = fit.inverse_interval(0.5)
    assert (high - low) / 2 == pytest.approx(1.959964 * math.sqrt(var), rel=1e-4)


def test_bootstrap_newton_solves_a_stack_as_it_solves_each_matrix():
    """The bootstrap fits all its resamples in one stacked Newton solve; each must equal the
    one-at-a-time fit."""
    from automa.search.stats import _bt_matrices, _bt_newton

    rng = np.random.default_rng(3)
    rows = np.array(
        [
            [i, j, float(rng.random() < 0.3 + 0.2 * i)]
            for i in range(3)
            for j in range(3)
            if i != j
            for _ in range(5)
        ]
    )
    weights = rng.integers(0, 3, size=(6, len(rows)))
    stack = [_bt_matrices(rows, 3, w) for w in weights]
    together = _bt_newton(np.array([m[0] for m in stack]), np.array([m[1] for m in stack]), 0.01)
    for (wins, played), fitted in zip(stack, together, strict=True):
        assert np.allclose(fitted, _bt_newton(wins, played, 0.01), atol=1e-9)
