"""How Watergate looks to the search between moves (`WatergateState.heuristic`): how far
the Editor is from connecting two informants and how much time Nixon has left.  Plain
functions over a `WatergateState`, which delegates to them.
"""

from __future__ import annotations

import heapq
import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the state imports this module; the type is for the checker and mypyc
    from .state import WatergateState


def dijkstra(state: WatergateState, cost: list[float]) -> tuple[list[float], list[int]]:
    """Dijkstra from Nixon's portrait over evidence spaces with node costs."""
    adj = state.data.adj
    last = len(state.data.evidence_nodes)
    n = len(cost)
    dist = [99.0] * n
    prev = [-1] * n
    dist[0] = 0.0
    heap = [(0.0, 0)]
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        du, u = pop(heap)
        if du > dist[u]:
            continue
        for v in adj[u]:
            if v > last:
                continue
            nd = du + cost[v]
            if nd < dist[v]:
                dist[v] = nd
                prev[v] = u
                push(heap, (nd, v))
    return dist, prev


def connection_cost(state: WatergateState) -> float:
    """About how many more Editor pins (evidence tokens and pictures) would connect
    two informants to Nixon: face-up tokens are free, empty spaces cost 1, Nixon's
    face-down tokens 3 (they must be removed first), face-down pictures block."""
    d = state.data
    adj = d.adj
    board = state.board
    pics = state.pictures
    cost = [0.0] * len(board)
    for m in d.evidence_nodes:
        b = board[m]
        cost[m] = 0.0 if b >= 16 else 1.0 if b < 0 else 3.0
    dist, prev = dijkstra(state, cost)
    best = []
    for p, node in enumerate(d.informant_node):
        if pics[p] == 2:
            continue
        m = min(adj[node], key=dist.__getitem__)
        best.append((dist[m] + (0.0 if pics[p] == 1 else 1.0), p, m))
    if len(best) < 2:
        return 99.0
    best.sort()
    c1, p1, m = best[0]
    while m > 0:
        cost[m] = 0.0
        m = prev[m]
    dist2, _ = dijkstra(state, cost)
    c2 = 99.0
    for _, p, _m in best[1:]:
        node = d.informant_node[p]
        v = min(dist2[x] for x in adj[node]) + (0.0 if pics[p] == 1 else 1.0)
        if v < c2:
            c2 = v
    return c1 + c2


def time_left(state: WatergateState) -> float:
    """Rounds the Editor can still expect: the game ends when Nixon has 5 momentum
    tokens or no token is left, so between `need` and `tokens` decided rounds."""
    tokens = state.supply + (1 if state.momentum is not None else 0)
    need = 5 - state.momentum_cards[1]
    t = min(tokens, 0.5 * (need + tokens))
    if state.momentum is not None:
        t += 0.1 * state.momentum  # a token drifting to the Editor buys time
    return max(0.0, t)


def heuristic(state: WatergateState) -> list[float]:
    if state.winner >= 0:
        return [1.0 if s == state.winner else 0.0 for s in (0, 1)]
    cc = connection_cost(state)
    for i in range(len(state.track_codes)):  # this round's evidence, by side
        if state.track_faces[i] != 2:
            cc -= 0.12 * state.track_places[i]
    pace = 1.1 * time_left(state) - cc
    if state.initiative is not None:
        pace += 0.03 * state.initiative
    v = 1.0 / (1.0 + math.exp(-pace / 1.5))
    v = min(0.98, max(0.02, v))
    return [v, 1.0 - v]
