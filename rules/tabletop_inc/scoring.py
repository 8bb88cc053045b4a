"""Final scoring helpers (§14.2): objective allocation (AMB-17) and the search heuristic."""

from __future__ import annotations

import math
from itertools import combinations

from .data import PIECE_IDX, RES_IDX

#: VP for moving the hourglass to 0 (§12 step 6, §14.1)
END_BONUS = 5
AWARD_VP = {"award1_15": {1: 15}, "award2_18": {2: 18}, "award3_21": {3: 21}}
POW_AWARD_BAN = {1: "no_level1_award", 2: "no_level2_award", 3: "no_level3_award"}


def _objective_values(
    state, s: int, oid: str, ab: str | None = None, rs: str | None = None
) -> tuple[int, int]:
    """(score if met, score if failed) with W9/W12/P7/P8 modifiers (§14.2.3); ab and rs are the
    seat's ability and restriction when the caller has them already."""
    _k, _need, reward, penalty = state.game.data.objectives[oid]
    if ab is None:
        ab, rs = state.ability(s), state.restriction(s)
    met = reward + (2 if ab == "objective_plus2" else 0) - (1 if rs == "objective_minus1" else 0)
    fail = 0 if ab == "no_objective_penalty" else -(penalty + (1 if rs == "objective_penalty_plus1" else 0))
    return met, fail


def _games_ok(games: list, needs: list) -> bool:
    """needs: list of (predicate, count); games are exclusive (AMB-17)."""
    if not needs:
        return True
    pred, cnt = needs[0]
    cand = [i for i, g in enumerate(games) if pred(g)]
    if len(cand) < cnt:
        return False
    for pick in combinations(cand, cnt):
        rest = [g for i, g in enumerate(games) if i not in pick]
        if _games_ok(rest, needs[1:]):
            return True
    return False


def feasible(state, s: int, oids) -> bool:
    """Can all the objectives `oids` be met at once, each using its own things?"""
    d = state.game.data
    hold = None
    fl = sp = anyemp = tucked = items = prodsum = 0
    game_needs: list = []
    award_needs: list = []
    skills = None
    for oid in oids:
        kind, need, _r, _p = d.objectives[oid]
        if kind == "hold":
            if hold is None:
                hold = [0] * 5
            for r, v in need:
                hold[RES_IDX[r]] += v
        elif kind == "freelancers_on_table":
            fl += need
        elif kind == "specialists_on_table":
            sp += need
        elif kind == "hired_employees_on_table":
            anyemp += need
        elif kind == "tucked_skill_cards":
            tucked += need
        elif kind == "items_in_hand":
            items += need
        elif kind == "published_games":
            game_needs.append((lambda g: True, need))
        elif kind == "published_game_min":
            req = [0, 0, 0]
            for p, v in need:
                req[PIECE_IDX[p]] = v
            game_needs.insert(0, (lambda g, req=req: g[0] >= req[0] and g[1] >= req[1] and g[2] >= req[2], 1))
        elif kind == "published_game_all_equal_min":
            game_needs.insert(0, (lambda g, m=need: g[0] == g[1] == g[2] and g[0] >= m, 1))
        elif kind == "awards":
            nd = dict(need)
            award_needs.append((nd.get("min_level", 1), nd.get("count", 1)))
        elif kind == "skill_total":
            if skills is None:
                skills = state.skills(s)
            for p, v in need:
                if skills[PIECE_IDX[p]] < v:
                    return False
        elif kind == "production_area_level_sum":
            if prodsum:
                return False
            prodsum = need
            if sum(state.production[s]) < need:
                return False
    if hold is not None:
        r = state.resources[s]
        for i in range(5):
            if hold[i] > r[i]:
                return False
    if fl or sp or anyemp:
        fcount = sum(1 for c, _ in state.employees[s] if c in d.freelancers)
        scount = len(state.employees[s]) - fcount
        if fl > fcount or sp > scount or fl + sp + anyemp > fcount + scount:
            return False
    if tucked > len(state.tucked[s]) or items > len(state.hand_items[s]):
        return False
    if award_needs:
        levels = sorted(A for A, _g in state.awards[s])
        for lo, cnt in sorted(award_needs, reverse=True):
            ok = [A for A in levels if A >= lo]
            if len(ok) < cnt:
                return False
            for A in ok[:cnt]:
                levels.remove(A)
    if game_needs:
        games = list(state.published[s]) + [g for _A, g in state.awards[s]]
        if not _games_ok(games, game_needs):
            return False
    return True


def objective_total(state, s: int, exact: bool = True) -> int:
    """The best allocation's objective score (brute force up to 8 objectives, AMB-17).

    Feasibility only shrinks as objectives are added (each needs its own things), so an
    objective that cannot be met on its own is met in no allocation: the search runs over
    the others only (at the end of most games none or one), and stops as soon as an
    allocation meets every one of them that gains something."""
    objs = state.objectives[s]
    if not objs:
        return 0
    ab, rs = state.ability(s), state.restriction(s)
    vals = [_objective_values(state, s, o, ab, rs) for o in objs]
    base = sum(f for _m, f in vals)
    k = len(objs)
    if exact and k <= 8:
        gain = [m - f for m, f in vals]
        usable = [i for i in range(k) if feasible(state, s, (objs[i],))]
        if len(usable) <= 1:
            return base + max(0, gain[usable[0]]) if usable else base
        usable.sort(key=lambda i: gain[i], reverse=True)
        best = base
        top = base + sum(max(0, gain[i]) for i in usable)
        for size in range(len(usable), 0, -1):
            for combo in combinations(usable, size):
                total = base + sum(gain[i] for i in combo)
                if total <= best:
                    continue
                if size == 1 or feasible(state, s, [objs[i] for i in combo]):
                    best = total
                    if best == top:
                        return best
        return best
    chosen: list[int] = []
    total = base
    for i in sorted(range(k), key=lambda i: vals[i][0] - vals[i][1], reverse=True):
        if feasible(state, s, [objs[j] for j in chosen] + [objs[i]]):
            chosen.append(i)
            total += vals[i][0] - vals[i][1]
    return total


#: VP-equivalent of one use of a freelancer's effect (§16.1) per unit of its amount (per use
#: for the effects without one); F02 is valued by the card it copies
_USE_VALUE = {
    "vp": 1.0,
    "research": 0.5,
    "playtest": 0.5,
    "choose_level1": 0.35,
    "choose_level2_upto": 0.5,
    "upgrade_two": 1.0,
    "get_item_twice": 1.0,
    "any_action": 1.5,
    "objective": 0.5,
    "prediction_bonus": 1.5,
    "copy_freelancer": 0.0,
}
#: what an ordinary placement is worth: a freelancer earns only what it beats this by
PLACEMENT_VP = 0.5


def engine_value(state, s: int) -> float:
    """What the seat's freelancers will still earn, the economy the rest of `potential` does
    not see: each use's surplus over an ordinary placement, times the recall cycles left
    (the seat makes about half of the placements the hourglass has left, one per worker
    per cycle).  Cards in hand count at half: they need a Play Card.  Valuing freelancers
    by their end VP alone, the heuristic was 11.5 VP a game behind the normal Mumanbot;
    with this term, 4.8 (200 deals; with the ZAP-aware predictions too, its win rate in
    experiments/results/tabletop_strength.md went from 0.02 to 0.22)."""
    d = state.game.data
    workers = d.workers + sum(1 for c, _ in state.employees[s] if c in d.specialists)
    cycles = state.hourglass / (2.0 * workers)
    if cycles <= 0:
        return 0.0
    on_table = [c for c, _ in state.employees[s] if c in d.freelancers]
    surplus = {c: _use_surplus(d, c) for c in on_table}
    best = max(surplus.values(), default=0.0)
    total = 0.0
    for card in on_table:
        # F02 copies the best other freelancer (an opponent's too, but a Mumanbot has none)
        total += best if d.freelancers[card][0] == "copy_freelancer" else surplus[card]
    total += 0.5 * sum(_use_surplus(d, c) for c in state.hand_employees[s] if c in d.freelancers)
    return total * cycles


def _use_surplus(d, card: str) -> float:
    """One use's value over an ordinary placement."""
    effect, amount, _skills, _vp = d.freelancers[card]
    return max(0.0, _USE_VALUE[effect] * (amount or 1) - PLACEMENT_VP)


def potential(state, s: int) -> float:
    """Projected final VP of seat s: the score it would have now, plus what its assets
    (skills, pieces, resources towards the next piece, cards, workers, the freelancers' uses
    to come) are likely to become while the hourglass still runs (f = share of the
    hourglass left)."""
    g = state.game
    d = g.data
    start = d.hourglass_start[state.n] + g.params.hourglass_extra
    f = state.hourglass / start if start else 0.0
    if state.end_by >= 0:
        f = 0.0
    if s in g.bots:
        avg = g.zap_avg[g.levels[s]]
        return state.vp[s] + f * avg * start / state.n * 1.1
    pub = sum(sum(x) for x in state.published[s])
    prod = state.production[s]
    ps = prod[0] + prod[1] + prod[2]
    complete = bool(prod[0] and prod[1] and prod[2])
    fl = 0
    for c, _ in state.employees[s]:
        if c in d.freelancers:
            fl += d.freelancers[c][3]
    card = d.awards[state.award_card[s]]
    ab = state.ability(s)
    aw = 0
    for A, _g in state.awards[s]:
        aw += AWARD_VP.get(ab, {}).get(A, card[A - 1][1])
    obj = objective_total(state, s, exact=False)
    total = state.vp[s] + pub + fl + aw + obj
    if f <= 0.0:
        return total + (ps + 1) // 2
    # production area: complete games are nearly worth publishing; partial ones half
    if complete:
        total += 0.75 * ps
    else:
        total += 0.5 * ps + f * 0.35 * ps
    sk = state.skills(s)
    r = state.resources[s]
    need = [0, 0, 0, 0, 0]
    if not prod[0]:
        need[2] = min(4, sk[0])
    if not prod[1]:
        need[4] = min(4, sk[1])
    if not prod[2]:
        need[3] = min(4, sk[2])
    res_val = 0.0
    for i in range(5):
        useful = min(r[i], need[i])
        res_val += 0.45 * useful + (0.12 if i < 3 else 0.2) * (r[i] - useful)
    # award chances for published games still on the table
    award_val = 0.0
    if state.published[s] and any(state.shelf):
        ban = state.restriction(s)
        for game in state.published[s]:
            best = 0.0
            for A in (1, 2, 3):
                if state.shelf[A - 1] and ban != POW_AWARD_BAN[A]:
                    req = card[A - 1][0]
                    if game[0] >= req[0] and game[1] >= req[1] and game[2] >= req[2]:
                        best = max(best, card[A - 1][1] - sum(game))
            award_val += 0.6 * best
    extras = (
        res_val
        + 0.7 * sum(min(x, 4) for x in sk)
        + 0.9 * len(state.hand_employees[s])
        + 0.6 * len(state.hand_skills[s])
        + 0.7 * len(state.hand_items[s])
        + 1.5 * sum(1 for c, _ in state.employees[s] if c in d.specialists)
        + 0.4 * len(state.employees[s])
    )
    if state.prediction_target[s] >= 0 and state.prediction_cards[s]:
        m = len(state.prediction_cards[s])
        down = m - sum(state.prediction_up[s])
        extras += d.prediction_rewards[m][0] * (0.35**down)
    return total + award_val + f * extras + engine_value(state, s)


def heuristic(state) -> list[float]:
    if state.phase == "over":
        return state.returns()
    pots = [potential(state, s) for s in range(state.n)]
    out = []
    for i, p in enumerate(pots):
        best_other = max(pots[j] for j in range(len(pots)) if j != i)
        out.append(1.0 / (1.0 + math.exp(-(p - best_other) / 6.0)))
    return out
