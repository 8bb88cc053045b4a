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
            hands.append(
                (tuple(state.hand_employees[p]), tuple(state.hand_skills[p]), tuple(state.hand_items[p]))
            )
        else:
            nsp = sum(1 for c in state.hand_employees[p] if c in d.specialists)
            hands.append(
                (nsp, len(state.hand_employees[p]) - nsp, len(state.hand_skills[p]), len(state.hand_items[p]))
            )
        cards, up = state.prediction_cards[p], state.prediction_up[p]
        if p == seat or p in bots:
            preds.append((state.prediction_target[p], tuple(cards), tuple(up)))
        else:
            preds.append(
                (
                    state.prediction_target[p],
                    tuple(c if u else "?" for c, u in zip(cards, up, strict=True)),
                    tuple(up),
                )
            )
    return {
        "seat": seat,
        "turn": state.turn,
        "phase": state.phase,
        "ret": state.phase_after,
        "to_move": state.current_player(),
        "stack": tuple(_mask_task(t, seat) for t in state.stack),
        "hourglass": state.hourglass,
        "end_by": state.end_by,
        "final_left": tuple(state.final_left),
        "vp": tuple(state.vp),
        "res": tuple(tuple(r) for r in state.resources),
        "mum": tuple(state.mumans),
        "stand": tuple(tuple(x) for x in state.standees),
        "placed": tuple(tuple(x) for x in state.placed),
        "emp": tuple(tuple(x) for x in state.employees),
        "wow": tuple(state.wow),
        "pow": tuple(state.pow),
        "tuck": tuple(tuple(sorted(t.items())) for t in state.tucked),
        "perm": tuple(tuple(x) for x in state.item_skills),
        "prod": tuple(tuple(x) for x in state.production),
        "pub": tuple(tuple(x) for x in state.published),
        "awd": tuple(tuple(x) for x in state.awards),
        "objs": tuple(tuple(x) for x in state.objectives),
        "acard": tuple(state.award_card),
        "hands": tuple(hands),
        "predictions": tuple(preds),
        "occ": tuple(state.occupied),
        "tracks": tuple(
            (k, tuple(state.tracks[k]), tuple(state.track_tokens[k]), len(state.deck[k]))
            for k in ("sp", "fl", "it")
        ),
        "skill_deck": len(state.skill_deck),
        "skill_out": tuple(state.skills_out),
        "obj_deck": len(state.objective_deck),
        "obj_out": tuple(state.objectives_out),
        "supply": tuple(tuple(x) for x in state.supply),
        "shelf": tuple(state.shelf),
        "zap_deck": len(state.zap_deck),
        "zap_disc": tuple(state.zap_discard),
        "zap_own": tuple((b, len(v[0]), tuple(v[1])) for b, v in sorted(state.zap_own.items())),
        "deal": tuple(state.dealt[p] if p == seat else len(state.dealt[p]) for p in range(n)),
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
    onboard = {c for p in range(n) for c, _ in state.employees[p]}
    onboard.update(state.hand_employees[seat])
    employees = []  # (deck key, unseen cards, [(seat, cards of that back)])
    for key, pool_all in (("sp", d.specialists), ("fl", d.freelancers)):
        seen = onboard.union(state.tracks[key])
        hands = [
            (p, sum(1 for c in state.hand_employees[p] if c in pool_all))
            for p in others
            if state.hand_employees[p]
        ]
        employees.append((key, [c for c in pools[key] if c not in seen], hands))

    seen = set(state.tracks["it"])
    seen.update(state.hand_items[seat])
    items = [c for c in pools["it"] if c not in seen]
    item_hands = [(p, len(state.hand_items[p])) for p in others]

    revealed = set()
    obj_revealed = set()
    for t in state.stack:
        if t[0] == "train":
            revealed.update(t[2])
        elif t[0] == "obj":
            obj_revealed.update(t[2])
    seen = revealed
    for p in range(n):
        seen.update(state.tucked[p].values())
    seen.update(state.hand_skills[seat])
    seen.update(state.skills_out)
    skills = [c for c in pools["skills"] if c not in seen]
    skill_hands = [(p, len(state.hand_skills[p])) for p in others]

    seen = obj_revealed
    for p in range(n):
        seen.update(state.objectives[p])
    seen.update(state.objectives_out)
    objectives = [o for o in pools["objectives"] if o not in seen]

    zap = None  # (shared deck's pool, [(bot, own deck's pool, its discards)])
    if state.game.bots:
        disc = set(state.zap_discard)
        zap = (
            [z for z in pools["zap"] if z not in disc],
            [
                (b, [z for z in pools["zap"] if z not in set(state.zap_own[b][1])], state.zap_own[b][1])
                for b in sorted(state.zap_own)
            ],
        )

    deals = None  # POW/WOW options dealt to other seats (setup)
    if any(state.dealt):
        own_deal = state.dealt[seat]
        deals = []
        for idx, (allcards, slots) in enumerate(((pools["wow"], state.wow), (pools["pow"], state.pow))):
            seen = set(slots) | (set(own_deal[idx]) if own_deal else set())
            deals.append([c for c in allcards if c not in seen])
        dealt = [p for p in others if state.dealt[p]]

    bots = state.game.bots
    predictions = []  # face-down predictions of other humans
    for p in others:
        if p in bots or state.prediction_target[p] < 0:
            continue
        cards, up = state.prediction_cards[p], state.prediction_up[p]
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
            w.hand_employees[p] = tuple(new_emp[p])

        pool = items[:]
        shuffle(pool, rng)
        for p, k in item_hands:
            w.hand_items[p] = tuple(pool[:k])
            del pool[:k]
        w.deck["it"] = pool

        pool = skills[:]
        shuffle(pool, rng)
        for p, k in skill_hands:
            w.hand_skills[p] = tuple(pool[:k])
            del pool[:k]
        w.skill_deck = pool

        pool = objectives[:]
        shuffle(pool, rng)
        w.objective_deck = pool

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
                    cur = w.dealt[p]
                    w.dealt[p] = (pair, cur[1]) if idx == 0 else (cur[0], pair)

        for p, unseen, cards, up in predictions:
            pool = unseen[:]
            shuffle(pool, rng)
            w.prediction_cards[p] = tuple([c if u else pool.pop() for c, u in zip(cards, up, strict=True)])
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
                for c, t in zip(state.tracks[k], state.track_tokens[k], strict=True)
            )
            for k in ("sp", "fl", "it")
        )
    )
    lines.append(f"award shelf: L1 x{state.shelf[0]}, L2 x{state.shelf[1]}, L3 x{state.shelf[2]}")
    occ = [f"{sp.id}:{state.occupied[sp.idx]}" for sp in g.spaces_in_use if state.occupied[sp.idx] >= 0]
    lines.append("occupied: " + (" ".join(occ) or "none"))
    for s in range(state.n):
        if s in g.bots:
            lines.append(
                f"seat {s} Mumanbot ({g.levels[s]}): {state.vp[s]} VP, workers {state.mumans[s]}, "
                f"predicts seat {state.prediction_target[s]}: {list(state.prediction_cards[s])}"
            )
            continue
        r = ", ".join(f"{RES[i]} {v}" for i, v in enumerate(state.resources[s]) if v)
        prod = "/".join(str(x) for x in state.production[s])
        lines.append(
            f"seat {s}: {state.vp[s]} VP; {r or 'no resources'}; "
            f"workers {state.mumans[s]}+{list(state.standees[s])}; "
            f"skills {state.skills(s)}; production {prod}; published {list(state.published[s])}; "
            f"awards {list(state.awards[s])}; "
            f"table {[c for c, _ in state.employees[s]]} WOW {state.wow[s]} POW {state.pow[s] or '-'}; "
            f"objectives {list(state.objectives[s])}; "
            f"hand {len(state.hand_employees[s])}e/{len(state.hand_skills[s])}s/{len(state.hand_items[s])}i"
        )
    if state.phase == "over":
        lines.append("final: " + ", ".join(f"seat {s} {t[0]}" for s, t in enumerate(state.scores())))
    else:
        lines.append(f"to move: seat {state.current_player()}")
    return "\n".join(lines)
