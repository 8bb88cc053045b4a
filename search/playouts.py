"""The playout check the expert bots share: when a policy is unsure between a few moves, play
each of them out in the same sampled worlds and keep the one that does best.

Every candidate meets the same worlds (each sampled from the deciding seat's view, so no bot
peeks) and whatever per-world luck the caller ties to them, so two moves are compared on equal
luck rather than on the draws each happened to get.  The game's expert keeps its own policy:
what a playout plays after the candidate and how its end is valued are the caller's `value`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

World = TypeVar("World")


def playout_totals(
    candidates: Sequence[Hashable],
    worlds: int,
    draw: Callable[[int], World],
    value: Callable[[World, Hashable], float],
    *,
    max_seconds: float = 0.0,
    clock: Callable[[], float] = time.perf_counter,
) -> tuple[list[float], int]:
    """Each candidate's total of `value(world, candidate)` over up to `worlds` worlds, and how
    many were played.  `draw(i)` gives the i-th world only when it is about to be played, one
    world for every candidate before the next is drawn, so a caller sampling from its own
    generator draws in the same order whatever the number of candidates, and draws nothing
    it will not play; with `max_seconds` no further world is drawn once that much time has
    passed (at least one always is).  `value` must not change the world it is given (play
    out a clone)."""
    totals = [0.0] * len(candidates)
    played = 0
    start = clock()
    for i in range(worlds):
        if max_seconds and played and clock() - start > max_seconds:
            break
        world = draw(i)
        played += 1
        for k, action in enumerate(candidates):
            totals[k] += value(world, action)
    return totals, played


def best_candidate(totals: Sequence[float]) -> int:
    """The index of the best total; a tie goes to the earlier candidate (the policy's order)."""
    return max(range(len(totals)), key=lambda k: (totals[k], -k))
