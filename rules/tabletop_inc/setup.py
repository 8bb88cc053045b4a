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
    state.phase_after = "main"
    state.stack = []
    state.steps = 0
    state.events = []
    state.vp = [0] * n
    state.resources = [[0] * 5 for _ in range(n)]
    state.mumans = [d.workers] * n
    state.standees = [()] * n
    state.placed = [()] * n
    state.employees = [()] * n
    state.wow = [""] * n
    state.pow = [""] * n
    state.tucked = [{} for _ in range(n)]
    state.item_skills = [(0, 0, 0)] * n
    state.production = [(0, 0, 0)] * n
    state.hand_employees = [()] * n
    state.hand_skills = [()] * n
    state.hand_items = [()] * n
    state.published = [()] * n
    state.awards = [()] * n
    state.objectives = [()] * n
    state.award_card = [""] * n
    state.prediction_target = [-1] * n
    state.prediction_cards = [()] * n
    state.prediction_up = [()] * n
    state.occupied = [-1] * len(d.spaces)
    state.supply = [tuple(p) for p in d.pieces]
    state.shelf = list(d.award_tokens)
    state.hourglass = d.hourglass_start[n] + game.params.hourglass_extra
    state.end_by = -1
    state.final_left = []
    state.dealt = [() for _ in range(n)]
    humans = game.humans
    # §5.5 award cards (open information, AMB-22); bots get none (§17.1)
    cards = sorted(d.awards)
    rng.shuffle(cards)
    for k, s in enumerate(humans):
        state.award_card[s] = cards[k % len(cards)]
    # §5.7 decks and tracks
    state.deck, state.tracks, state.track_tokens = {}, {}, {}
    for key, pool in (("sp", d.specialists), ("fl", d.freelancers), ("it", d.items)):
        deck = sorted(pool)
        rng.shuffle(deck)
        state.deck[key] = deck
        w = d.widths[key]
        state.tracks[key] = tuple([deck.pop() if deck else "" for _ in range(w)])
        state.track_tokens[key] = ((0, 0, 0, 0, 0),) * w
    state.skill_deck = sorted(d.skills)
    rng.shuffle(state.skill_deck)
    state.skills_out = []
    state.objective_deck = sorted(d.objectives)
    rng.shuffle(state.objective_deck)
    state.objectives_out = []
    state.zap_deck = sorted(d.zap) if game.bots else []
    rng.shuffle(state.zap_deck)
    state.zap_discard = []
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
                state.resources[s][r] += b[r]
    # §5.15 one objective each, face up
    for s in humans:
        state.objectives[s] = state.objectives[s] + (state.objective_deck.pop(),)
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
            state.dealt[s] = (
                tuple(sorted((wows.pop(), wows.pop()))),
                tuple(sorted((pows.pop(), pows.pop()))),
            )
        state.phase = "setup"
        for s in sorted(humans, key=lambda x: (x - first) % n, reverse=True):
            state.stack.append(("keep", s, "pow"))
            state.stack.append(("keep", s, "wow"))
