"""Setting up a game of Tabletop Inc. (§5): award cards, decks and tracks, the ZAP deck,
the seat bonuses, objectives and the start cards, on a fresh state's fields."""

from __future__ import annotations

import random


def set_up(state, game, seed: int | None) -> None:
    """Fill a new state's fields for `game` from `seed` (§5 steps 5-17)."""
    d = game.data
    rng = state.rng = random.Random(seed)
    state._cache_rng_shared = False
    state._cache_rng_seed = 0
    n = state.n = game.num_players
    first = game.first
    state.turn = first
    state.trade_open = ()
    state.phase = "main"
    state.ret = "main"
    state.stack = []
    state.steps = 0
    state.events = []
    state.vp = [0] * n
    state.res = [[0] * 5 for _ in range(n)]
    state.mum = [d.workers] * n
    state.stand = [()] * n
    state.placed = [()] * n
    state.emp = [()] * n
    state.wow = [""] * n
    state.pow = [""] * n
    state.tuck = [{} for _ in range(n)]
    state.perm = [(0, 0, 0)] * n
    state.prod = [(0, 0, 0)] * n
    state.h_emp = [()] * n
    state.h_skill = [()] * n
    state.h_item = [()] * n
    state.pub = [()] * n
    state.awd = [()] * n
    state.objs = [()] * n
    state.acard = [""] * n
    state.pred_t = [-1] * n
    state.pred_c = [()] * n
    state.pred_up = [()] * n
    state.occ = [-1] * len(d.spaces)
    state.supply = [tuple(p) for p in d.pieces]
    state.shelf = list(d.award_tokens)
    state.hourglass = d.hourglass_start[n] + game.params.hourglass_extra
    state.end_by = -1
    state.final_left = []
    state.deal = [() for _ in range(n)]
    humans = game.humans
    # §5.5 award cards (open information, AMB-22); bots get none (§17.1)
    cards = sorted(d.awards)
    rng.shuffle(cards)
    for k, s in enumerate(humans):
        state.acard[s] = cards[k % len(cards)]
    # §5.7 decks and tracks
    state.deck, state.tr, state.tok = {}, {}, {}
    for key, pool in (("sp", d.specialists), ("fl", d.freelancers), ("it", d.items)):
        deck = sorted(pool)
        rng.shuffle(deck)
        state.deck[key] = deck
        w = d.widths[key]
        state.tr[key] = tuple([deck.pop() if deck else "" for _ in range(w)])
        state.tok[key] = ((0, 0, 0, 0, 0),) * w
    state.skill_deck = sorted(d.skills)
    rng.shuffle(state.skill_deck)
    state.skill_out = []
    state.obj_deck = sorted(d.objectives)
    rng.shuffle(state.obj_deck)
    state.obj_out = []
    state.zap_deck = sorted(d.zap) if game.bots else []
    rng.shuffle(state.zap_deck)
    state.zap_disc = []
    # AMB-25 flag zap_per_bot: every Mumanbot draws from its own ZAP deck {seat: [deck, discard]}
    state.zap_own = {}
    if game.params.zap_per_bot:
        for b in sorted(game.bots):
            own = sorted(d.zap)
            rng.shuffle(own)
            state.zap_own[b] = [own, []]
        state.zap_deck = []
    # §5.17 turn-order seat bonuses (a bot takes only the VP part, AMB-15)
    for s in range(n):
        b = d.turn_order_bonus[(s - first) % n]
        state.vp[s] += b[5]
        if s in humans:
            for r in range(5):
                state.res[s][r] += b[r]
    # §5.15 one objective each, face up
    for s in humans:
        state.objs[s] = state.objs[s] + (state.obj_deck.pop(),)
    # §5.14 Founder or POW/WOW
    if game.params.start_cards == "founders":
        founders = sorted(d.founders)
        for k, s in enumerate(humans):
            state.wow[s] = founders[k % len(founders)]
        state._start_turn(first)
    else:
        wows, pows = sorted(d.wow), sorted(d.pow)
        rng.shuffle(wows)
        rng.shuffle(pows)
        for s in humans:
            state.deal[s] = (
                tuple(sorted((wows.pop(), wows.pop()))),
                tuple(sorted((pows.pop(), pows.pop()))),
            )
        state.phase = "setup"
        for s in sorted(humans, key=lambda x: (x - first) % n, reverse=True):
            state.stack.append(("keep", s, "pow"))
            state.stack.append(("keep", s, "wow"))
