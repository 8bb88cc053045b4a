"""P.I. bots.

`DeducerBot` ("deducer"): keeps the exact set of case hypotheses consistent with what its
seat has seen (public results about its own case, its own hand, the names revealed by other
solutions, and names that another seat's case must contain), solves as soon as one
hypothesis remains or when a guess is worth more in expectation than waiting, and otherwise
takes the information action with the greatest expected information gain (in bits).
It only reads `state.observation(seat)` and `state.legal_actions()`.
"""
from __future__ import annotations

import math
from typing import Any, Hashable

from automa.rules.pi import logic
from automa.rules.pi.state import EV, INV, SC, SL, SS, set_bits
from automa.search.bots import Bot


def belief(data, obs: dict, refine: bool = True) -> list[int]:
    """Per seat, the triples the observer (`obs["seat"]`) cannot rule out for that seat's
    case.  The observer's left neighbour's case is known exactly (it is the hand).  With
    `refine`, names that some seat's case must contain (every remaining triple shares them)
    are removed from every other seat, to a fixpoint."""
    n = obs["players"]
    seat = obs["seat"]
    hand = obs["hand"]
    known = (seat + 1) % n
    cand = list(obs["candidates"])
    if hand is None:
        return cand
    d = data
    excl = logic.hand_exclusion(d, hand)
    masks = [c & excl for c in cand]
    masks[known] = 1 << d.triple_index(*hand)
    if not refine:
        return masks
    changed = True
    rounds = 0
    while changed and rounds < 6:
        changed = False
        rounds += 1
        for q in range(n):
            mq = masks[q]
            if not mq:
                continue
            must = 0
            for s in range(d.NS):
                if mq & d.SMASK[s] == mq:
                    must |= d.SMASK[s]
                    break
            for c in range(d.NC):
                if mq & d.CMASK[c] == mq:
                    must |= d.CMASK[c]
                    break
            for l in range(d.NL):
                if mq & d.LMASK[l] == mq:
                    must |= d.LMASK[l]
                    break
            if not must:
                continue
            for r in range(n):
                if r != q and masks[r] & must:
                    new = masks[r] & ~must
                    if new:                       # never empty a set (the truth is in it)
                        masks[r] = new
                        changed = True
    return masks


def _entropy_gain(total: int, parts) -> float:
    """Expected information (bits) of splitting `total` hypotheses into `parts`."""
    if total <= 1:
        return 0.0
    rest = 0.0
    for k in parts:
        if k > 1:
            rest += k * math.log2(k)
    return math.log2(total) - rest / total


class DeducerBot(Bot):
    """Exact hypothesis tracking + greedy expected information gain.

    inv_margin   extra bits an investigator must give over the best evidence card (they are
                 scarce: five for the whole game)
    ration       1: spread investigators evenly over the mini-games left; 0: no rationing
    refine       1: also use what other seats' cases must contain
    guess        1: guess when the expected value beats waiting; 0: only solve when certain
                 (or at the last chance)
    """

    defaults: dict[str, Any] = {"inv_margin": 0.5, "ration": 1, "refine": 1, "guess": 1}

    def __init__(self, game, seed=None, spec="", **params):
        super().__init__(game, seed=seed, spec=spec, **params)
        self.plan: tuple[int, int, int] | None = None

    # ------------------------------------------------------------------ helpers
    def _pick_triple(self, mask: int) -> tuple[int, int, int]:
        bits = set_bits(mask)
        return self.game.data.triple_of(bits[self.rng.randrange(len(bits))])

    def _posterior(self, obs: dict, masks: list[int], own: int) -> tuple[int, float]:
        """The most likely own triple (bit index) and its probability.  Each hypothesis is
        weighted by how many cases the other hidden seats could still have beside it
        (a product over seats: their mutual exclusions are ignored).  Uniform for large
        sets or when nothing else is hidden (2 players)."""
        bits = set_bits(own)
        if len(bits) > 64:
            return bits[self.rng.randrange(len(bits))], 1.0 / len(bits)
        d = self.game.data
        n, seat = obs["players"], obs["seat"]
        others = [masks[q] for q in range(n)
                  if q != seat and q != (seat + 1) % n and not obs["solved"][q]]
        weights = []
        for idx in bits:
            keep = ~d.names_mask(*d.triple_of(idx))
            w = 1
            for m in others:
                w *= (m & keep).bit_count()
            weights.append(w)
        total = sum(weights)
        if total == 0:
            return bits[self.rng.randrange(len(bits))], 1.0 / len(bits)
        top = max(weights)
        best = [b for b, w in zip(bits, weights) if w == top]
        return best[self.rng.randrange(len(best))], top / total

    def _others_hazard(self, obs: dict, masks: list[int]) -> tuple[float, int]:
        """(chance per round that some other unsolved seat solves, number of them)."""
        n, seat = obs["players"], obs["seat"]
        survive = 1.0
        others = 0
        for q in range(n):
            if q == seat or obs["solved"][q]:
                continue
            others += 1
            k = masks[q].bit_count()
            if k <= 2:
                p = 0.9
            elif k <= 6:
                p = 0.4
            elif k <= 24:
                p = 0.15
            else:
                p = 0.03
            survive *= 1.0 - p
        return 1.0 - survive, others

    def _info_choice(self, state, obs: dict, own: int, legal: list) -> tuple[Hashable | None, float]:
        """The information action with the greatest expected gain, and that gain."""
        d = self.game.data
        area_sus, area_cri = obs["suspect_tiles"], obs["crime_tiles"]
        sus_area = logic.tile_areas(area_sus, d.NS)
        cri_area = logic.tile_areas(area_cri, d.NC)
        total = own.bit_count()
        best_ev, best_ev_gain = None, -1.0
        best_inv, best_inv_gain = None, -1.0
        for action in legal:
            kind, x = action
            if kind == EV:
                parts = [(own & m).bit_count()
                         for m in logic.evidence_sets(d, area_sus, area_cri, sus_area, cri_area, x)]
                gain = _entropy_gain(total, parts) + 1e-6 * self.rng.random()
                if gain > best_ev_gain:
                    best_ev, best_ev_gain = action, gain
            elif kind == INV:
                part = logic.investigate_partition(d, area_sus, area_cri, x)
                gain = _entropy_gain(total, [(own & m).bit_count() for m in part.values()])
                gain += 1e-6 * self.rng.random()
                if gain > best_inv_gain:
                    best_inv, best_inv_gain = action, gain
        if best_inv is not None and self._may_investigate(obs):
            if best_inv_gain >= best_ev_gain + float(self.params["inv_margin"]):
                return best_inv, best_inv_gain
        if best_ev is not None and best_ev_gain > 1e-3:
            return best_ev, best_ev_gain
        if best_inv is not None and best_inv_gain > 1e-3:
            return best_inv, best_inv_gain
        return None, 0.0

    def _may_investigate(self, obs: dict) -> bool:
        seat = obs["seat"]
        left = obs["investigators_left"][seat]
        if left <= 0:
            return False
        if not int(self.params["ration"]):
            return True
        used_now = bin(obs["investigator_areas"][seat]).count("1")
        games_left = self.game.data.mini_games - obs["minigame"]
        budget = math.ceil((left + used_now) / max(1, games_left))
        return used_now < budget

    # ------------------------------------------------------------------ act
    def act(self, state, seat: int) -> Hashable:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        obs = state.observation(seat)
        d = self.game.data
        ps, pc = obs["pending"]
        if ps >= 0:                                   # finishing a solve attempt
            plan = self.plan
            if plan is None or plan[0] != ps or (pc >= 0 and plan[1] != pc):
                masks = belief(d, obs, bool(self.params["refine"]))
                own = masks[seat] & d.SMASK[ps]
                if pc >= 0:
                    own &= d.CMASK[pc]
                plan = self._pick_triple(own) if own else None
                self.plan = plan
            want = None if plan is None else (SC, plan[1]) if pc < 0 else (SL, plan[2])
            if want in legal:
                return want
            return legal[self.rng.randrange(len(legal))]
        masks = belief(d, obs, bool(self.params["refine"]))
        own = masks[seat]                             # never contains a failed triple
        solvable = own
        count = solvable.bit_count()
        if count == 0:                                # cannot happen with exact bookkeeping
            return legal[self.rng.randrange(len(legal))]
        if count == 1:
            return self._start_solve(solvable, legal)
        action, gain = self._info_choice(state, obs, own, legal)
        v = obs["value"]
        step = d.penalty_step
        best, p = self._posterior(obs, masks, solvable)
        solvable = 1 << best
        hazard, others = self._others_hazard(obs, masks)
        if others == 0 or action is None:
            # last chance (the mini-game ends when this round does) or nothing left to learn
            if p * v - (1.0 - p) * step > 0 or action is None:
                return self._start_solve(solvable, legal)
            return action
        if int(self.params["guess"]):
            rounds = max(1, math.ceil(math.log2(count) / max(gain, 0.05)))

            def wait_value(r: int) -> float:
                survive = (1.0 - hazard) ** r if others == 1 else 1.0
                return survive * max(0.0, v - step * hazard * r)

            guess = p * v + (1.0 - p) * (wait_value(rounds + 1) - step)
            if guess > wait_value(rounds):
                return self._start_solve(solvable, legal)
        return action

    def _start_solve(self, mask: int, legal: list) -> Hashable:
        plan = self._pick_triple(mask)
        self.plan = plan
        want = (SS, plan[0])
        if want in legal:
            return want
        options = [a for a in legal if a[0] == SS]
        return options[self.rng.randrange(len(options))] if options else legal[0]
