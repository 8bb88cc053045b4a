"""Hidden information (AMB-22): observation, determinize, and the readable board."""

from __future__ import annotations

import random

from automa.rules.core import fresh_seed
from automa.rules.draws import shuffle

from .data import RES


def _mask_task(t, seat: int):
    if t[0] == "pcards" and t[1] != seat:
        return ("pcards", t[1], t[2], len(t[3]))
    return t


def observation(state, seat: int):
    d = state.game.data
    bots = state.game.bots
    n = state.n
    hands: list[tuple] = []
    preds = []
    for p in range(n):
        if p == seat:
            hands.append((tuple(state.h_emp[p]), tuple(state.h_skill[p]), tuple(state.h_item[p])))
        else:
            nsp = sum(1 for c in state.h_emp[p] if c in d.specialists)
            hands.append((nsp, len(state.h_emp[p]) - nsp, len(state.h_skill[p]), len(state.h_item[p])))
        cards, up = state.pred_c[p], state.pred_up[p]
        if p == seat or p in bots:
            preds.append((state.pred_t[p], tuple(cards), tuple(up)))
        else:
            preds.append(
                (state.pred_t[p], tuple(c if u else "?" for c, u in zip(cards, up, strict=True)), tuple(up))
            )
    return {
        "seat": seat,
        "turn": state.turn,
        "phase": state.phase,
        "ret": state.ret,
        "to_move": state.current_player(),
        "stack": tuple(_mask_task(t, seat) for t in state.stack),
        "hourglass": state.hourglass,
        "end_by": state.end_by,
        "final_left": tuple(state.final_left),
        "vp": tuple(state.vp),
        "res": tuple(tuple(r) for r in state.res),
        "mum": tuple(state.mum),
        "stand": tuple(tuple(x) for x in state.stand),
        "placed": tuple(tuple(x) for x in state.placed),
        "emp": tuple(tuple(x) for x in state.emp),
        "wow": tuple(state.wow),
        "pow": tuple(state.pow),
        "tuck": tuple(tuple(sorted(t.items())) for t in state.tuck),
        "perm": tuple(tuple(x) for x in state.perm),
        "prod": tuple(tuple(x) for x in state.prod),
        "pub": tuple(tuple(x) for x in state.pub),
        "awd": tuple(tuple(x) for x in state.awd),
        "objs": tuple(tuple(x) for x in state.objs),
        "acard": tuple(state.acard),
        "hands": tuple(hands),
        "predictions": tuple(preds),
        "occ": tuple(state.occ),
        "tracks": tuple(
            (k, tuple(state.tr[k]), tuple(state.tok[k]), len(state.deck[k])) for k in ("sp", "fl", "it")
        ),
        "skill_deck": len(state.skill_deck),
        "skill_out": tuple(state.skill_out),
        "obj_deck": len(state.obj_deck),
        "obj_out": tuple(state.obj_out),
        "supply": tuple(tuple(x) for x in state.supply),
        "shelf": tuple(state.shelf),
        "zap_deck": len(state.zap_deck),
        "zap_disc": tuple(state.zap_disc),
        "zap_own": tuple((b, len(v[0]), tuple(v[1])) for b, v in sorted(state.zap_own.items())),
        "deal": tuple(state.deal[p] if p == seat else len(state.deal[p]) for p in range(n)),
        "trade": state.trade_open,
    }


def _sorted_pools(d) -> dict:
    """Every card pool of the data set in sorted order, worked out once: a pool of unseen
    cards is then the sorted pool filtered, the same list as sorting the filtered cards."""
    entry = _POOLS.get(id(d))
    if entry is None or entry[0] is not d:
        entry = _POOLS[id(d)] = (
            d,
            {
                "sp": sorted(d.specialists),
                "fl": sorted(d.freelancers),
                "it": sorted(d.items),
                "skills": sorted(d.skills),
                "objectives": sorted(d.objectives),
                "zap": sorted(d.zap),
                "wow": sorted(d.wow),
                "pow": sorted(d.pow),
                "predictions": sorted(d.prediction_deck),
            },
        )
    return entry[1]


_POOLS: dict = {}


def determinize(state, seat: int, rng: random.Random):
    """Resample every hidden part from canonically ordered pools of unseen cards."""
    return determinizer(state, seat)(rng)


def determinizer(state, seat: int):
    """`determinize(state, seat, rng)` as a function of rng alone.  The pools of unseen cards
    and how many of them each hidden place takes depend on no draw, so they are worked out
    here once; a search that asks for a new world every iteration pays only for the copy and
    the shuffles.  The worlds are the very ones `determinize` makes; valid while `state` is
    unchanged."""
    d = state.game.data
    pools = _sorted_pools(d)
    n = state.n
    others = [p for p in range(n) if p != seat]

    # employees: specialists and freelancers are split by card back
    onboard = {c for p in range(n) for c, _ in state.emp[p]}
    onboard.update(state.h_emp[seat])
    employees = []  # (deck key, unseen cards, [(seat, cards of that back)])
    for key, pool_all in (("sp", d.specialists), ("fl", d.freelancers)):
        seen = onboard.union(state.tr[key])
        hands = [(p, sum(1 for c in state.h_emp[p] if c in pool_all)) for p in others if state.h_emp[p]]
        employees.append((key, [c for c in pools[key] if c not in seen], hands))

    seen = set(state.tr["it"])
    seen.update(state.h_item[seat])
    items = [c for c in pools["it"] if c not in seen]
    item_hands = [(p, len(state.h_item[p])) for p in others]

    revealed = set()
    obj_revealed = set()
    for t in state.stack:
        if t[0] == "train":
            revealed.update(t[2])
        elif t[0] == "obj":
            obj_revealed.update(t[2])
    seen = revealed
    for p in range(n):
        seen.update(state.tuck[p].values())
    seen.update(state.h_skill[seat])
    seen.update(state.skill_out)
    skills = [c for c in pools["skills"] if c not in seen]
    skill_hands = [(p, len(state.h_skill[p])) for p in others]

    seen = obj_revealed
    for p in range(n):
        seen.update(state.objs[p])
    seen.update(state.obj_out)
    objectives = [o for o in pools["objectives"] if o not in seen]

    zap = None  # (shared deck's pool, [(bot, own deck's pool, its discards)])
    if state.game.bots:
        disc = set(state.zap_disc)
        zap = (
            [z for z in pools["zap"] if z not in disc],
            [
                (b, [z for z in pools["zap"] if z not in set(state.zap_own[b][1])], state.zap_own[b][1])
                for b in sorted(state.zap_own)
            ],
        )

    deals = None  # POW/WOW options dealt to other seats (setup)
    if any(state.deal):
        own_deal = state.deal[seat]
        deals = []
        for idx, (allcards, slots) in enumerate(((pools["wow"], state.wow), (pools["pow"], state.pow))):
            seen = set(slots) | (set(own_deal[idx]) if own_deal else set())
            deals.append([c for c in allcards if c not in seen])
        dealt = [p for p in others if state.deal[p]]

    bots = state.game.bots
    predictions = []  # face-down predictions of other humans
    for p in others:
        if p in bots or state.pred_t[p] < 0:
            continue
        cards, up = state.pred_c[p], state.pred_up[p]
        known = {c for c, u in zip(cards, up, strict=True) if u}
        predictions.append((p, [a for a in pools["predictions"] if a not in known], cards, up))
    choosing = [(i, t) for i, t in enumerate(state.stack) if t[0] == "pcards" and t[1] != seat]

    def world(rng: random.Random):
        w = state.clone()
        new_emp: dict[int, list[str]] = {p: [] for p in others}
        for key, pool, hands in employees:
            pool = pool[:]
            shuffle(pool, rng)
            for p, k in hands:
                new_emp[p].extend(pool[:k])
                del pool[:k]
            w.deck[key] = pool
        for p in others:
            w.h_emp[p] = tuple(new_emp[p])

        pool = items[:]
        shuffle(pool, rng)
        for p, k in item_hands:
            w.h_item[p] = tuple(pool[:k])
            del pool[:k]
        w.deck["it"] = pool

        pool = skills[:]
        shuffle(pool, rng)
        for p, k in skill_hands:
            w.h_skill[p] = tuple(pool[:k])
            del pool[:k]
        w.skill_deck = pool

        pool = objectives[:]
        shuffle(pool, rng)
        w.obj_deck = pool

        if zap is not None:
            pool = zap[0][:]
            shuffle(pool, rng)
            w.zap_deck = pool if not state.zap_own else []
            for b, own, discards in zap[1]:
                pool = own[:]
                shuffle(pool, rng)
                w.zap_own[b] = [pool, list(discards)]

        if deals is not None:
            for idx, options in enumerate(deals):
                pool = options[:]
                shuffle(pool, rng)
                for p in dealt:
                    pair = tuple(sorted(pool[:2]))
                    del pool[:2]
                    cur = w.deal[p]
                    w.deal[p] = (pair, cur[1]) if idx == 0 else (cur[0], pair)

        for p, unseen, cards, up in predictions:
            pool = unseen[:]
            shuffle(pool, rng)
            w.pred_c[p] = tuple([c if u else pool.pop() for c, u in zip(cards, up, strict=True)])
        for i, t in choosing:
            pool = pools["predictions"][:]
            shuffle(pool, rng)
            w.stack[i] = ("pcards", t[1], t[2], tuple(pool[: len(t[3])]))
        # future chance: fresh_rng(rng)'s seed, drawn now; the generator is made on the world's
        # first draw (TabletopState.R)
        w.rng = None
        w._cache_rng_seed = fresh_seed(rng)
        w._cache_rng_shared = False
        return w

    return world


def render(state) -> str:
    g = state.game
    lines = [
        f"Tabletop Inc. ({state.n} seats) hourglass {state.hourglass}"
        + (f", end triggered by seat {state.end_by}" if state.end_by >= 0 else "")
    ]
    lines.append(
        "tracks: "
        + "; ".join(
            f"{k}: "
            + " ".join(
                (c or "--") + ("+" + str(sum(t)) if sum(t) else "")
                for c, t in zip(state.tr[k], state.tok[k], strict=True)
            )
            for k in ("sp", "fl", "it")
        )
    )
    lines.append(f"award shelf: L1 x{state.shelf[0]}, L2 x{state.shelf[1]}, L3 x{state.shelf[2]}")
    occ = [f"{sp.id}:{state.occ[sp.idx]}" for sp in g.spaces_in_use if state.occ[sp.idx] >= 0]
    lines.append("occupied: " + (" ".join(occ) or "none"))
    for s in range(state.n):
        if s in g.bots:
            lines.append(
                f"seat {s} Mumanbot ({g.levels[s]}): {state.vp[s]} VP, workers {state.mum[s]}, "
                f"predicts seat {state.pred_t[s]}: {list(state.pred_c[s])}"
            )
            continue
        r = ", ".join(f"{RES[i]} {v}" for i, v in enumerate(state.res[s]) if v)
        prod = "/".join(str(x) for x in state.prod[s])
        lines.append(
            f"seat {s}: {state.vp[s]} VP; {r or 'no resources'}; "
            f"workers {state.mum[s]}+{list(state.stand[s])}; "
            f"skills {state.skills(s)}; production {prod}; published {list(state.pub[s])}; "
            f"awards {list(state.awd[s])}; "
            f"table {[c for c, _ in state.emp[s]]} WOW {state.wow[s]} POW {state.pow[s] or '-'}; "
            f"objectives {list(state.objs[s])}; hand {len(state.h_emp[s])}e/{len(state.h_skill[s])}s/"
            f"{len(state.h_item[s])}i"
        )
    if state.phase == "over":
        lines.append("final: " + ", ".join(f"seat {s} {t[0]}" for s, t in enumerate(state.scores())))
    else:
        lines.append(f"to move: seat {state.current_player()}")
    return "\n".join(lines)
