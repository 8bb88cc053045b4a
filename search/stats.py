"""Statistics for tournaments and tuning: Wilson intervals, Bradley-Terry / Elo ratings by
maximum likelihood (multiplayer ranks are broken into pairwise comparisons, a consistent
estimator for the Plackett-Luce model), bootstrap intervals, SPRT and logistic fits."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

import numpy as np

ELO_SCALE = 400.0 / math.log(10.0)


def wilson_interval(wins: float, games: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion (wins may be fractional: shared wins)."""
    if games <= 0:
        return (0.0, 1.0)
    z = NormalDist().inv_cdf(0.5 + confidence / 2.0)
    p = wins / games
    denom = 1.0 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def pairwise_from_ranks(players: Sequence[int], ranks: Sequence[int]) -> list[tuple[int, int, float]]:
    """(i, j, score of i against j) for every pair of distinct players in one game:
    1 if i ranked better, 0.5 if tied. Pairs of the same player are skipped."""
    out = []
    for a in range(len(players)):
        for b in range(a + 1, len(players)):
            if players[a] == players[b]:
                continue
            if ranks[a] < ranks[b]:
                s = 1.0
            elif ranks[a] > ranks[b]:
                s = 0.0
            else:
                s = 0.5
            out.append((players[a], players[b], s))
    return out


BT_PRIOR = 0.01  # Gaussian prior on strengths: keeps an undefeated player finite


def bradley_terry(
    comparisons: Sequence[tuple[int, int, float]],
    n: int,
    prior: float = BT_PRIOR,
    weights: np.ndarray | None = None,
) -> np.ndarray:
    """Maximum-likelihood strengths (natural-log scale, mean 0) from (i, j, score_i) rows,
    by Newton's method on the win and game matrices.  A small Gaussian prior keeps an
    undefeated player finite (prior=0 gives the plain MLE when it exists)."""
    if n == 0:
        return np.zeros(0)
    rows = np.asarray(comparisons, dtype=float).reshape(-1, 3)
    return _bt_newton(*_bt_matrices(rows, n, weights), prior)


def _bt_matrices(rows: np.ndarray, n: int, weights: np.ndarray | None) -> tuple[np.ndarray, np.ndarray]:
    w = np.ones(len(rows)) if weights is None else np.asarray(weights, dtype=float)
    i_idx, j_idx = rows[:, 0].astype(int), rows[:, 1].astype(int)
    forward, backward = i_idx * n + j_idx, j_idx * n + i_idx
    wins = (
        np.bincount(forward, w * rows[:, 2], n * n) + np.bincount(backward, w * (1 - rows[:, 2]), n * n)
    ).reshape(n, n)
    played = (np.bincount(forward, w, n * n) + np.bincount(backward, w, n * n)).reshape(n, n)
    return wins, played


def _bt_newton(
    wins: np.ndarray, played: np.ndarray, prior: float, start: np.ndarray | None = None
) -> np.ndarray:
    """Solves one (n, n) pair of matrices, or a (B, n, n) stack of them together (the
    bootstrap), which costs numpy a few calls per Newton step instead of B."""
    n = wins.shape[-1]
    shape = wins.shape[:-1]
    beta = np.zeros(shape) if start is None else np.broadcast_to(start, shape).copy()
    ridge = max(prior, 1e-9)
    eye = np.eye(n)
    for _ in range(100):
        p = 1.0 / (1.0 + np.exp(-(beta[..., :, None] - beta[..., None, :])))
        grad = (wins - played * p).sum(axis=-1) - 2 * prior * beta
        curvature = played * p * (1 - p)
        hessian = curvature - curvature.sum(axis=-1)[..., :, None] * eye - 2 * ridge * eye
        step = np.linalg.solve(hessian, grad[..., None])[..., 0]
        beta = beta - step
        beta -= beta.mean(axis=-1, keepdims=True)
        if np.max(np.abs(step)) < 1e-10:
            break
    return beta


def elo_from_strength(beta: np.ndarray, anchor: float = 1500.0) -> np.ndarray:
    return anchor + ELO_SCALE * beta


@dataclass
class Rating:
    name: str
    elo: float
    low: float
    high: float


def ratings_with_bootstrap(
    games: Sequence[tuple[Sequence[int], Sequence[int]]],
    names: Sequence[str],
    samples: int = 200,
    seed: int = 0,
) -> list[Rating]:
    """Elo ratings (mean 1500) from games given as (player indexes by seat, ranks by seat),
    with 95% percentile-bootstrap intervals over games."""
    n = len(names)
    per_game = [pairwise_from_ranks(players, ranks) for players, ranks in games]
    flat = [c for rows in per_game for c in rows]
    if n < 2 or not flat:
        return []
    game_of_row = np.array([g for g, rows in enumerate(per_game) for _ in rows])
    rows = np.asarray(flat, dtype=float).reshape(-1, 3)
    point_strength = bradley_terry(flat, n)
    point = elo_from_strength(point_strength)
    if samples <= 0:
        return [Rating(names[k], float(point[k]), float(point[k]), float(point[k])) for k in range(n)]
    rng = np.random.default_rng(seed)
    wins = np.empty((samples, n, n))
    played = np.empty((samples, n, n))
    for b in range(samples):
        multiplicity = np.bincount(rng.integers(0, len(per_game), len(per_game)), minlength=len(per_game))
        wins[b], played[b] = _bt_matrices(rows, n, multiplicity[game_of_row])
    # a resample's strengths lie near the full sample's: starting there saves Newton steps
    draws = elo_from_strength(_bt_newton(wins, played, BT_PRIOR, start=point_strength))
    low = np.percentile(draws, 2.5, axis=0)
    high = np.percentile(draws, 97.5, axis=0)
    return [Rating(names[k], float(point[k]), float(low[k]), float(high[k])) for k in range(n)]


# --------------------------------------------------------------------------- SPRT


def elo_to_score(elo: float) -> float:
    return 1.0 / (1.0 + 10 ** (-elo / 400.0))


@dataclass
class SPRT:
    """Wald's sequential test on A's score against B: H0 Elo difference elo0, H1 elo1.
    Draws count as half a win and half a loss."""

    elo0: float = 0.0
    elo1: float = 50.0
    alpha: float = 0.05
    beta: float = 0.05

    def bounds(self) -> tuple[float, float]:
        return (math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha))

    def llr(self, wins: float, losses: float) -> float:
        p0, p1 = elo_to_score(self.elo0), elo_to_score(self.elo1)
        return wins * math.log(p1 / p0) + losses * math.log((1 - p1) / (1 - p0))

    def decision(self, wins: float, losses: float) -> str | None:
        lower, upper = self.bounds()
        value = self.llr(wins, losses)
        if value >= upper:
            return "H1"
        if value <= lower:
            return "H0"
        return None


# --------------------------------------------------------------------------- logistic fits


@dataclass
class LogisticFit:
    intercept: float
    slope: float
    covariance: np.ndarray

    def predict(self, x: float) -> float:
        return 1.0 / (1.0 + math.exp(-(self.intercept + self.slope * x)))

    def inverse(self, target: float) -> float:
        """The x at which the fitted win rate equals target."""
        logit = math.log(target / (1 - target))
        return (logit - self.intercept) / self.slope

    def inverse_interval(self, target: float, confidence: float = 0.95) -> tuple[float, float]:
        """Delta-method interval for the inverse at target."""
        x = self.inverse(target)
        # d x / d a = -1/b ; d x / d b = -(logit - a)/b^2 = -x/b
        grad = np.array([-1.0 / self.slope, -x / self.slope])
        var = float(grad @ self.covariance @ grad)
        z = NormalDist().inv_cdf(0.5 + confidence / 2.0)
        half = z * math.sqrt(max(var, 0.0))
        return (x - half, x + half)


def fit_logistic(xs: Sequence[float], wins: Sequence[float], games: Sequence[int]) -> LogisticFit:
    """Binomial logistic regression win ~ 1/(1+exp(-(a + b x))) by maximum likelihood,
    with the covariance from the observed information matrix."""
    from scipy import optimize

    x = np.asarray(xs, dtype=float)
    w = np.asarray(wins, dtype=float)
    n = np.asarray(games, dtype=float)

    def nll(theta: np.ndarray) -> tuple[float, np.ndarray]:
        z = theta[0] + theta[1] * x
        p = 1.0 / (1.0 + np.exp(-z))
        eps = 1e-12
        value = -np.sum(w * np.log(p + eps) + (n - w) * np.log(1 - p + eps))
        resid = w - n * p
        return value, -np.array([resid.sum(), (resid * x).sum()])

    theta = optimize.minimize(nll, np.zeros(2), jac=True, method="BFGS").x
    p = 1.0 / (1.0 + np.exp(-(theta[0] + theta[1] * x)))
    weights = n * p * (1 - p)
    info = np.array([[weights.sum(), (weights * x).sum()], [(weights * x).sum(), (weights * x * x).sum()]])
    try:
        cov = np.linalg.inv(info)
    except np.linalg.LinAlgError:
        cov = np.full((2, 2), np.inf)
    return LogisticFit(float(theta[0]), float(theta[1]), cov)
