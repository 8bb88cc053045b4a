"""The scaling report's verdict (experiments/scaling.py): the fitted trend of the cost per
simulated action, its bootstrap interval, and the three readings it gives."""

import importlib.util
import math
import random
from pathlib import Path

import pytest

_PATH = Path(__file__).resolve().parent.parent / "experiments" / "scaling.py"


@pytest.fixture(scope="module")
def scaling():
    spec = importlib.util.spec_from_file_location("scaling_report", _PATH)
    module = importlib.util.module_from_spec(spec)
    import sys

    sys.path.insert(0, str(_PATH.parent))  # its `from common import ...`
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(_PATH.parent))
    return module


def rows_for(factor: float, noise: float, positions: int = 6, counts=range(4, 13), seed: int = 1):
    """Rows like measure()'s: a cost per action growing by `factor` from the first count to
    the last, each position off by up to +-noise (log scale)."""
    rng = random.Random(seed)
    counts = list(counts)
    rows = []
    for n in counts:
        base = 1.3 * factor ** ((n - counts[0]) / (counts[-1] - counts[0]))
        pairs = [
            (base * math.exp(rng.uniform(-noise, noise)), 1.1 * base * math.exp(rng.uniform(-noise, noise)))
            for _ in range(positions)
        ]
        rows.append({"game": "g", "players": n, "per_action_points": pairs})
    return rows


def test_trend_without_noise_is_the_factor(scaling):
    trend, low, high = scaling.per_action_trend(rows_for(1.3, 0.0))
    assert trend == pytest.approx(1.3) and low == pytest.approx(1.3) and high == pytest.approx(1.3)


@pytest.mark.parametrize("factor", [0.9, 1.0, 1.25])
def test_interval_holds_the_trend(scaling, factor):
    trend, low, high = scaling.per_action_trend(rows_for(factor, 0.15))
    assert low <= trend <= high
    assert low <= factor <= high
    assert high / low < 1.4  # 54 positions pin it down to a few percent


def test_more_noise_gives_a_wider_interval(scaling):
    _, low1, high1 = scaling.per_action_trend(rows_for(1.1, 0.05))
    _, low2, high2 = scaling.per_action_trend(rows_for(1.1, 0.3))
    assert high2 / low2 > high1 / low1


def _full_rows(scaling, factor, noise):
    rows = rows_for(factor, noise)
    for r in rows:
        pairs = r["per_action_points"]
        r.update(
            mcts_us_per_action=pairs[0][0],
            ismcts_us_per_action=pairs[0][1],
            length=100.0,
            ismcts_us_per_iteration=100.0,
            ismcts_actions_per_iteration=80.0,
            clone_us=2.0,
            determinize_us=20.0,
            mcts_us_per_iteration=90.0,
        )
    scaling.add_growth(rows)
    return rows


@pytest.mark.parametrize(
    "factor, noise, reading", [(1.0, 0.05, "holds"), (1.6, 0.05, "rises"), (1.15, 0.4, "Undecided")]
)
def test_verdict_reads_the_interval(scaling, factor, noise, reading):
    (line,) = scaling.verdicts(_full_rows(scaling, factor, noise))
    assert reading in line and "95% interval" in line
