"""P.I. bots.

`DeducerBot` ("deducer"): keeps the exact set of case hypotheses consistent with what its
seat has seen (public results about its own case, its own hand, the names revealed by other
solutions, and names that another seat's case must contain), solves as soon as one
hypothesis remains or when a guess is worth more in expectation than waiting, and otherwise
takes the information action with the greatest expected information gain (in bits).

`ExpertBot` ("pi-expert"): prices every move in points of the mini-game's race against the
nearest rival (`race_table`, an exact solution of an abstract two-seat race), looking one
move of the rival ahead (which evidence card it would take, and whether taking that card
first slows it down), and reads the rival's failed nominations as evidence about its own
case.  Where the policy's best guess, evidence card and investigator are within a
couple of points of each other, it plays each out in worlds sampled from its own view (its
rival played there by the deducer, the reference it is measured against) and keeps the best
mean outcome.  Measured in experiments/results/pi_strength.md.

Both only read `state.observation(seat)` and `state.legal_actions()`.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from typing import Any

from automa.rules.pi import logic
from automa.rules.pi.state import EV, INV, SC, SL, SS, set_bits
from automa.search.bots import Bot, soft_choice
from automa.search.playouts import best_candidate, playout_totals


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
    return refine_masks(d, masks)


def refine_masks(d, masks: list[int]) -> list[int]:
    """Removes the names that some seat's case must contain (every triple left for it shares
    them) from every other seat's set, to a fixpoint (cases share no name, spec 4)."""
    n = len(masks)
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
            for loc in range(d.NL):
                if mq & d.LMASK[loc] == mq:
                    must |= d.LMASK[loc]
                    break
            if not must:
                continue
            for r in range(n):
                if r != q and masks[r] & must:
                    new = masks[r] & ~must
                    if new:  # never empty a set (the truth is in it)
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
        others = [masks[q] for q in range(n) if q != seat and q != (seat + 1) % n and not obs["solved"][q]]
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
        best = [b for b, w in zip(bits, weights, strict=True) if w == top]
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
                parts = [
                    (own & m).bit_count()
                    for m in logic.evidence_sets(d, area_sus, area_cri, sus_area, cri_area, x)
                ]
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
        if ps >= 0:  # finishing a solve attempt
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
        own = masks[seat]  # never contains a failed triple
        solvable = own
        count = solvable.bit_count()
        if count == 0:  # cannot happen with exact bookkeeping
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


# --------------------------------------------------------------------------- the expert

#: the shares in which an information turn splits the hypotheses: about 1.3 bits, what the
#: best evidence card gives on average (measured over deducer games)
SPLIT = (0.6, 0.3, 0.1)
#: the race table covers this many hypotheses a side; `race_value` scales larger counts down
RACE_SIZE = 96
#: the share of triples that share no name with a hand: (11/12)(9/10)(13/14)
HAND_SHARE = 0.77
#: the spread (standard deviation, points) of one mini-game's score margin between two
#: experts (measured over 120 mini-games: 6.0)
MINIGAME_SPREAD = 6.0
_RACES: dict[tuple[int, int], list] = {}


def last_chance(value: int, step: int, count: int) -> float:
    """What a seat with `count` equally likely hypotheses expects from its last turn: it
    guesses when that beats nothing (a tie on `value`, or the penalty `step`)."""
    return max(0.0, value / count - step * (1.0 - 1.0 / count))


def race_table(value: int, step: int) -> list:
    """``V[first][a][b]``: the points the seat to move expects beyond its rival's for the
    rest of a two-seat mini-game, when it has `a` equally likely hypotheses left and the
    rival `b`, and both play the race well: guess (right with chance 1/a; wrong costs
    `step` and removes one hypothesis) or gather information (the hypotheses split in the
    shares `SPLIT`).  ``first`` = 1 when the mover plays first in the round: if it solves,
    the rival still has its turn of this round to tie (spec 8.1, 9)."""
    key = (value, step)
    table = _RACES.get(key)
    if table is not None:
        return table
    size = RACE_SIZE
    table = [[[0.0] * (size + 1) for _ in range(size + 1)] for _ in range(2)]
    last = [0.0] + [last_chance(value, step, b) for b in range(1, size + 1)]
    for total in range(2, 2 * size + 1):
        for a in range(max(1, total - size), min(size, total - 1) + 1):
            b = total - a
            for first in (0, 1):
                win = value - first * last[b]
                if a == 1:
                    table[first][a][b] = win
                    continue
                rival = table[1 - first][b]
                guess = win / a + (1.0 - 1.0 / a) * (-step - rival[a - 1])
                wait = 0.0
                for share in SPLIT:  # between whole counts: interpolated
                    rest = max(1.0, min(a - 1.0, a * share))
                    low = int(rest)
                    frac = rest - low
                    wait -= share * (
                        rival[low] if frac == 0 else (1 - frac) * rival[low] + frac * rival[low + 1]
                    )
                table[first][a][b] = max(guess, wait)
    _RACES[key] = table
    return table


def race_value(rows: list, a: float, b: float) -> float:
    """``rows[a][b]`` of one half of `race_table` for any counts: counts beyond the table
    are scaled down together (once both are large the race turns on their ratio), and
    values between whole counts are interpolated."""
    size = RACE_SIZE
    top = a if a > b else b
    if top > size:
        a = max(1.0, a * size / top)
        b = max(1.0, b * size / top)
    ia, ib = int(a), int(b)
    fa, fb = a - ia, b - ib
    if not fa and not fb:
        return rows[ia][ib]
    if ia == size:
        fa = 0.0
    if ib == size:
        fb = 0.0
    low, high = rows[ia], rows[ia + 1] if fa else rows[ia]
    v0 = low[ib] + fb * (low[ib + 1] - low[ib]) if fb else low[ib]
    v1 = high[ib] + fb * (high[ib + 1] - high[ib]) if fb else high[ib]
    return v0 + fa * (v1 - v0)


def failed_nominations(d, obs: dict) -> list[int]:
    """Per seat, its failed triples this mini-game (public, spec 7.3 step 3), as masks."""
    failed = [0] * obs["players"]
    for event in obs["events"]:
        if event[0] == "solve_fail":
            failed[event[1]] |= 1 << d.triple_index(*event[2:5])
    return failed


class ExpertPolicy:
    """The race player behind `pi-expert`: every move is priced in points of this mini-game
    (its own minus its rival's) by `race_table`.

    What it knows is exact: the public candidates of every case, its hand, and, when only
    nominations a seat cannot prove wrong are offered (``prune_solves``), the names every
    failed nomination shows the nominator's hand does not hold (its rival's nominations are
    evidence about its own case).  An information move is worth the table's value after
    each of its real outcomes; a guess is worth its chance times the win plus the rest
    times the penalty and the race one hypothesis lighter.  How far the rival is from
    solving is read from the public candidates of its case beside each of the seat's own
    hypotheses (the rival's hand is the seat's case).  Investigators are scarce (five for
    the whole game): the seat spends at most its even share of those left per mini-game.
    Its guess, among the likeliest triples, is the one that tells the rival least; with
    `safe`, it makes no guess in the last mini-game that could cost it a won game.
    """

    def __init__(self, game, ration: int = 1, bits: float = 0.1, sample: int = 16, safe: int = 1):
        self.game = game
        self.d = game.data
        self.ration = ration
        self.bits = bits
        self.sample = sample
        self.safe = safe
        self.table = race_table(self.d.vp_track[0], self.d.penalty_step)

    # ------------------------------------------------------------------ knowledge
    def knowledge(self, obs: dict) -> tuple[list[int], list[int]]:
        """(per seat, the triples `obs["seat"]` cannot rule out for its case; failed
        nominations per seat)."""
        d = self.d
        n = obs["players"]
        masks = belief(d, obs, refine=False)
        failed = failed_nominations(d, obs)
        if self.game.params.prune_solves:
            known = (obs["seat"] + 1) % n
            ps, pc = obs["pending"]
            cand = obs["candidates"]
            for q in range(n):
                holder = (q - 1) % n
                pending = holder == obs["to_move"] and ps >= 0
                if q == known or not (failed[holder] or pending):
                    continue
                narrowed = masks[q] & logic.nominator_hands(
                    d, cand[holder], failed[holder], ps if pending else -1, pc if pending else -1
                )
                if narrowed:
                    masks[q] = narrowed
        return refine_masks(d, masks), failed

    def may_investigate(self, obs: dict, seat: int) -> bool:
        """Whether `seat` places an investigator now: it has one, and (with rationing) it
        has not yet placed its even share of those left for the mini-games to come."""
        left = obs["investigators_left"][seat]
        if left <= 0:
            return False
        if not self.ration:
            return True
        used_now = bin(obs["investigator_areas"][seat]).count("1")
        games_left = self.d.mini_games - obs["minigame"]
        return used_now < math.ceil((left + used_now) / max(1, games_left))

    def ranked(self, state, seat: int) -> list[tuple[Hashable, float]]:
        """Every move worth considering, best first, with its value in points."""
        legal = state.legal_actions()
        obs = state.observation(seat)
        d = self.d
        masks, failed = self.knowledge(obs)
        own = masks[seat]
        ps, pc = obs["pending"]
        if ps >= 0:
            return self._ranked_completion(obs, masks, legal, ps, pc)
        bits = set_bits(own)
        count = len(bits)
        value, step = obs["value"], d.penalty_step
        first = 1 if seat == obs["start_seat"] else 0
        rival = self.rival_model(obs, masks, failed, bits)
        memo: dict = {}

        def after(a: int, taken: int) -> float:
            """What the seat expects with `a` hypotheses left once the rival has moved
            (the rival cannot take evidence card `taken`)."""
            key = (a, taken)
            if key not in memo:
                memo[key] = self._after(first, value, step, rival, a, taken)
            return memo[key]

        out: list[tuple[Hashable, float]] = []
        # ---- guesses: the best triple of every suspect that still has one
        p = 1.0 / count
        if not rival:  # last turn of the mini-game
            guess_value = p * value - (1 - p) * step
        else:
            tie = sum(w * last_chance(value, step, min(b, RACE_SIZE)) for w, b, _ in rival)
            guess_value = p * (value - first * tie)
            if count > 1:
                guess_value += (1 - p) * (-step + after(count - 1, -1))
                if self.safe and self._risks_a_won_game(obs, seat, value, step):
                    guess_value -= 2 * value
        leak_to = (seat + 1) % obs["players"]
        cand_rival = obs["candidates"][leak_to]
        for action in legal:
            if action[0] == SS and own & d.SMASK[action[1]]:
                out.append((action, guess_value - 1e-3 * self._leak(cand_rival, own, action[1])))
        # ---- information
        area_sus, area_cri = obs["suspect_tiles"], obs["crime_tiles"]
        sus_area = logic.tile_areas(area_sus, d.NS)
        cri_area = logic.tile_areas(area_cri, d.NC)
        may_investigate = self.may_investigate(obs, seat)
        info = []
        for action in legal:
            kind, x = action
            if kind == EV:
                parts = logic.evidence_sets(d, area_sus, area_cri, sus_area, cri_area, x)
                taken = x
            elif kind == INV and may_investigate:
                parts = logic.investigate_partition(d, area_sus, area_cri, x).values()
                taken = -1
            else:
                continue
            sizes = [k for k in ((own & m).bit_count() for m in parts) if k]
            if not rival:
                worth = 0.0
            else:
                worth = sum(k * after(k, taken) for k in sizes) / count
            if len(sizes) <= 1:
                worth -= 1.0  # learns nothing
            info.append((action, worth, _entropy_gain(count, sizes)))
        out += [(a, w + self.bits * g) for a, w, g in info]
        out.sort(key=lambda av: -av[1])
        return out

    def rival_model(self, obs: dict, masks: list[int], failed: list[int], own_bits) -> list:
        """The nearest unsolved rival as [(weight, hypotheses it has, its best information
        moves)], over a spread of the seat's own hypotheses; [] when no rival is left.
        A rival whose hand is the seat's case rules out the triples sharing a name with
        it (and those the seat's failed nominations rule out): its moves are then known,
        as (evidence card or -1 for an investigator, sizes of its outcomes) best first by
        expected information.  Any other rival's moves are left to the race table (None)."""
        d = self.d
        n, seat = obs["players"], obs["seat"]
        cand = obs["candidates"]
        best: list = []
        best_mean = 0.0
        for q in range(n):
            if q == seat or obs["solved"][q]:
                continue
            if (q + 1) % n == seat:
                known = cand[q]
                if self.game.params.prune_solves and failed[seat]:
                    known &= logic.nominator_hands(d, cand[seat], failed[seat])
                step = max(1, len(own_bits) // self.sample)
                sample = own_bits[::step][: self.sample]
                weights: dict[int, int] = {}
                for h in sample:
                    m = known & ~d.names_mask(*d.triple_of(h))
                    weights[m] = weights.get(m, 0) + 1
                model = [
                    (w / len(sample), max(1, m.bit_count()), self._moves(obs, q, m))
                    for m, w in weights.items()
                ]
            else:  # its hand is hidden from the seat too
                model = [(1.0, max(1, int(HAND_SHARE * masks[q].bit_count())), None)]
            mean = sum(w * b for w, b, _ in model)
            if not best or mean < best_mean:
                best, best_mean = model, mean
        return best

    def _moves(self, obs: dict, q: int, mask: int, top: int = 3) -> list[tuple[int, list[int]]]:
        """Seat `q`'s best few information moves when its own hypotheses are `mask`."""
        d = self.d
        count = mask.bit_count()
        if count <= 1:
            return []
        area_sus, area_cri = obs["suspect_tiles"], obs["crime_tiles"]
        sus_area = logic.tile_areas(area_sus, d.NS)
        cri_area = logic.tile_areas(area_cri, d.NC)
        marked = 0
        for event in obs["events"]:
            if event[0] == EV and event[1] == q and event[3] != logic.NONE:
                marked |= 1 << event[2]
        moves = []
        for card in obs["display"]:
            if not marked >> card & 1:
                parts = logic.evidence_sets(d, area_sus, area_cri, sus_area, cri_area, card)
                moves.append((card, [k for k in ((mask & m).bit_count() for m in parts) if k]))
        if self.may_investigate(obs, q):
            used = obs["investigator_areas"][q]
            for area in range(d.NL):
                if not used >> area & 1:
                    parts = logic.investigate_partition(d, area_sus, area_cri, area).values()
                    moves.append((-1, [k for k in ((mask & m).bit_count() for m in parts) if k]))
        moves.sort(key=lambda mv: -_entropy_gain(count, mv[1]))
        return moves[:top]

    def _after(self, first: int, value: int, step: int, rival: list, a: int, taken: int) -> float:
        """What the seat expects with `a` hypotheses when the rival moves next: the rival
        guesses or plays its best information move still there, whichever the race
        table prefers for it."""
        mine = self.table[first]
        theirs = self.table[1 - first]
        total = 0.0
        for w, b, moves in rival:
            if moves is None:
                total -= w * race_value(theirs, b, a)
                continue
            rival_win = value - (1 - first) * last_chance(value, step, a)
            if b == 1:
                total -= w * rival_win
                continue
            guess = rival_win / b + (1 - 1 / b) * (-step - race_value(mine, a, b - 1))
            best = guess
            for card, sizes in moves:
                if card != taken or card < 0:
                    best = max(best, -sum(k * race_value(mine, a, k) for k in sizes) / b)
                    break
            total -= w * best
        return total

    def _risks_a_won_game(self, obs: dict, seat: int, value: int, step: int) -> bool:
        """In the last mini-game of a two-seat game, whether the seat's lead is more than
        the rival can still score, but would not be after one wrong nomination."""
        d = self.d
        n = obs["players"]
        if n != 2 or obs["minigame"] != d.mini_games - 1:
            return False
        scores, penalties = obs["scores"], obs["penalties"]
        total = [sum(scores[m * n + q] for m in range(d.mini_games)) - step * penalties[q] for q in range(n)]
        lead = total[seat] - total[1 - seat]
        return lead > value >= lead - step

    def _leak(self, cand_rival: int, own: int, suspect: int) -> int:
        """What a wrong nomination of the likeliest triple with `suspect` tells the rival:
        the rival's candidates sharing a name with it (they leave its hand out)."""
        d = self.d
        bits = set_bits(own & d.SMASK[suspect])
        return min((cand_rival & d.names_mask(*d.triple_of(i))).bit_count() for i in bits)

    def _ranked_completion(self, obs, masks, legal, ps, pc) -> list[tuple[Hashable, float]]:
        """Finishing a nomination: the crime (or location) of the triple that tells the
        rival least, the others after it."""
        d = self.d
        seat = obs["seat"]
        own = masks[seat] & d.SMASK[ps]
        if pc >= 0:
            own &= d.CMASK[pc]
        cand_rival = obs["candidates"][(seat + 1) % obs["players"]]
        best: dict[Hashable, float] = {}
        for i in set_bits(own):
            t = d.triple_of(i)
            action = (SC, t[1]) if pc < 0 else (SL, t[2])
            leak = (cand_rival & d.names_mask(*t)).bit_count()
            best[action] = max(best.get(action, -1e9), -leak)
        out = [(a, best.get(a, -1e6)) for a in legal]
        out.sort(key=lambda av: -av[1])
        return out


class ExpertBot(Bot):
    """`pi-expert`: plays `ExpertPolicy`'s best move, checked by sampled worlds where the
    policy is unsure.

    worlds       > 0: where the policy's best move of each kind (a guess, an evidence card,
                 an investigator; up to `candidates` kinds) is within `margin` points of
                 its best move, each of those is played out in `worlds` worlds sampled
                 from the seat's view (`state.determinize`), the fast policy (`sample=1`)
                 playing the seat and `rival` its rival; the same worlds and the same deals
                 serve every candidate (common random numbers).  The best mean outcome is
                 played.  Over the same 400 games against the deducer (margin 2): 0.600
                 with 48 worlds and the deducer as rival, 0.586 with 32 such worlds, 0.598
                 with 32 worlds and the policy as rival, 0.579 without playouts
                 (experiments/results/pi_strength.md); on 400 other deals (seed 2), 0.615
                 against 0.557 for 32 worlds and the policy as rival.
    horizon      how far a playout goes: 0 to the end of the game (a win counts 1, a tie
                 0.5), 1 to the end of the mini-game (the chance the lead then holds over
                 the mini-games left); plus a hundredth per point of margin to split ties
    temperature  > 0: draws among the policy's five best moves with weights
                 exp((value - best) / temperature), values in points (the knob for levels;
                 no playouts then)
    sample       how many of its own hypotheses it reads the rival's progress beside (the
                 budget: 1 reads one, a weaker and cheaper estimate)
    bits         points per bit of expected information added to an information move
                 (the race table alone undervalues information while the race is far off)
    ration       1: spend at most an even share of the investigators left per mini-game
    safe         1: in the last mini-game, no guess whose failure would let the rival catch up
    rival        who plays the rival in the playouts: 1 the deducer (it guesses as soon as a
                 guess pays at its own odds, more eagerly than the race table's rival, and
                 is cheaper a move), 0 the fast policy
    """

    defaults: dict[str, Any] = {
        "worlds": 48,
        "candidates": 3,
        "margin": 2.0,
        "horizon": 1,
        "temperature": 0.0,
        "sample": 16,
        "bits": 0.1,
        "ration": 1,
        "safe": 1,
        "rival": 1,
    }
    limits = {
        "worlds": (0, None),
        "candidates": (1, None),
        "margin": (0, None),
        "horizon": (0, 1),
        "temperature": (0, None),
        "sample": (1, None),
        "bits": (0, None),
        "ration": (0, 1),
        "safe": (0, 1),
        "rival": (0, 1),
    }

    def __init__(self, game, seed=None, spec="", **params):
        super().__init__(game, seed=seed, spec=spec, **params)
        policy = {
            "ration": int(self.params["ration"]),
            "bits": float(self.params["bits"]),
            "safe": int(self.params["safe"]),
        }
        self.policy = ExpertPolicy(game, sample=int(self.params["sample"]), **policy)
        self.fast = ExpertPolicy(game, sample=1, **policy)
        self.deducer = DeducerBot(game, seed=seed) if game.params.players != 2 else None
        self.rival = DeducerBot(game, seed=seed) if int(self.params["rival"]) else None

    def ranked(self, state, seat: int) -> list[tuple[Hashable, float]]:
        """The moves the policy considers, best first, with their values in points.  With
        more than two seats the two-seat race does not hold (the policy won 13 of 60 games
        against two deducers), so the deducer's move leads."""
        ranked = self.policy.ranked(state, seat)
        if self.deducer is None or not ranked:
            return ranked
        lead = self.deducer.act(state, seat)
        rest = [(a, v) for a, v in ranked if a != lead]
        return [(lead, ranked[0][1] + 1.0)] + rest

    def act(self, state, seat: int) -> Hashable:
        """The best ranked move, checked by playouts when close; with a temperature, a soft
        choice among the best five."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        ranked = self.ranked(state, seat)
        temperature = float(self.params["temperature"])
        if temperature > 0:
            return soft_choice(ranked, temperature, self.rng, top=5)
        worlds = int(self.params["worlds"])
        if worlds <= 0 or self.deducer is not None or state.observation(seat)["pending"][0] >= 0:
            return ranked[0][0]  # finishing a nomination: the least leak
        best = ranked[0][1]
        margin = float(self.params["margin"])
        cands = self._candidates(ranked, best - margin)
        if len(cands) == 1:
            return cands[0]
        totals, _ = playout_totals(
            cands,
            worlds,
            lambda _i: state.determinize(seat, self.rng),
            lambda world, action: self._playout(world, seat, action),
        )
        return cands[best_candidate(totals)]

    def _candidates(self, ranked: list, floor: float) -> list:
        """The best move of each kind (a guess, an evidence card, an investigator) worth at
        least `floor`, up to `candidates` of them: the policy's doubt worth a playout is
        when to guess and what to spend, not which of two similar cards to take."""
        kinds: dict = {}
        for action, value in ranked:
            if value < floor:
                break
            kinds.setdefault(action[0], action)
        return list(kinds.values())[: int(self.params["candidates"])]

    def _playout(self, world, seat: int, action) -> float:
        """`action` then the fast policy for both seats, to the horizon; the outcome for
        `seat` (see the class docstring)."""
        x = world.clone()
        x.apply_action(action)
        minigame = x.minigame
        to_end = int(self.params["horizon"]) == 0
        choose = self.fast.ranked
        while not x.over and (to_end or x.minigame == minigame):
            legal = x.legal_actions()
            mover = x.current_player()
            if len(legal) == 1:
                x.apply_action(legal[0])
            elif mover != seat and self.rival is not None:
                x.apply_action(self.rival.act(x, mover))
            else:
                x.apply_action(choose(x, mover)[0][0])
        scores = x.scores()
        lead = scores[seat][0] - scores[1 - seat][0]
        if x.over:
            winners = x.outcome().winners
            won = 1.0 / len(winners) if seat in winners else 0.0
        else:
            left = self.game.data.mini_games - x.minigame
            won = 0.5 * (1.0 + math.erf(lead / (MINIGAME_SPREAD * math.sqrt(2.0 * left))))
        return won + 0.01 * lead
