"""Tabletop Inc.'s bots: `tabletop-heuristic`, a human-like reference player, and
`tabletop-expert`, which checks the heuristic's best moves by playing them out.

Every candidate decision is tried on a determinization of the state (never the true
hidden state), the rest of that action is completed with a short rule policy, and the
result is scored with `scoring.potential`, which values skills, pieces in the production
area, published games, awards, objectives and the uses the seat's freelancers still have
to come.  That last term is the economy: with the placeholder cards a VP freelancer pays
2-4 VP a placement, every cycle, where the normal Mumanbot scores about 1.8 a card, so
the heuristic now hires and plays freelancers early instead of building games.  Recall
happens when no worker is left.  Predictions are rule-based: when the research is there,
the cards the seat's own prediction freelancers can turn up (a sure reward), else one
card, on the action the Mumanbot's undrawn ZAP cards (public: the discard pile is face
up) name most.

The expert (`ExpertBot`) plays each of the heuristic's few best main steps, and recall, to
the end of the game in sampled worlds and keeps the one with the best final margin
(measured in experiments/results/tabletop_strength.md).
"""

from __future__ import annotations

from automa.search.bots import Bot, soft_choice
from automa.search.playouts import playout_totals

from .data import RES
from .scoring import potential

_HUMAN_GUESS = ("get_part", "research", "playtest", "get_box", "publish")
_POW_PREF = ("P3", "P12", "P7", "P8", "P2", "P14", "P10", "P5", "P4", "P6", "P9", "P13", "P11", "P1")
_WOW_PREF = ("W2", "W10", "W3", "W9", "W12", "W4", "W5", "W1", "W8", "W7", "W6", "W13", "W11")


def rule_choice(state, seat: int, legal: list):
    """A quick, sensible sub-decision (used inside look-ahead rollouts)."""
    t: tuple = state.stack[-1] if state.stack else ()
    tk = t[0] if t else ""
    r = state.resources[seat]
    if tk == "pick":
        takes = [a for a in legal if a[0] == "take"]
        if takes:
            return min(takes, key=lambda a: r[RES.index(a[1])])
    if tk == "tokens":
        return max(legal, key=lambda a: r[RES.index(a[1])])
    if tk == "track":
        slots = [a for a in legal if a[0] == "slot"]
        if slots:
            return slots[-1]
    if tk in ("box", "part"):
        buys = [a for a in legal if a[0] == "buy"]
        if buys:
            return max(buys, key=lambda a: a[2])
    if tk == "award":
        aw = [a for a in legal if a[0] == "award"]
        if aw:
            return max(aw, key=lambda a: a[1])
    if tk == "play":
        plays = [a for a in legal if a[0] == "play"]
        if plays:
            return plays[0]
    if tk == "train":
        buys = [a for a in legal if a[0] == "buy_skill"]
        if buys:
            d = state.game.data
            return max(buys, key=lambda a: (sum(d.skills[a[1]][0]), -d.skills[a[1]][2]))
    if tk in ("upg", "upg_more"):
        ups = [a for a in legal if a[0] == "upgrade"]
        if ups:
            return ups[0]
    if tk == "split":
        # keep the two interchangeable resources level: pay more of the one there is more of
        a, b = t[2], t[3]
        return max(legal, key=lambda x: min(r[a] - x[2], r[b] - x[4]))
    if tk == "flip":
        return flip_choice(state, seat, legal)
    if tk == "any":
        return ("do", "research")
    if tk == "obj":
        return ("stop",)
    for stop in (("stop",), ("decline",), ("no_predict",)):
        if stop in legal:
            return stop
    return legal[0]


def flip_choice(state, seat: int, legal: list):
    """A crystal ball turns up the face-down card least likely to come true by itself: for a
    Mumanbot target the action its ZAP deck draws least, for a person one the bot would not
    guess (public data only)."""
    target = state.prediction_target[seat]
    if target in state.game.bots:
        return min(legal, key=lambda a: _zap_expected(state, target, a[1]))
    return max(legal, key=lambda a: _HUMAN_GUESS.index(a[1]) if a[1] in _HUMAN_GUESS else len(_HUMAN_GUESS))


def _value(state, seat: int) -> float:
    pots = [potential(state, s) for s in range(state.n)]
    others = max(p for s, p in enumerate(pots) if s != seat)
    return pots[seat] - 0.25 * others


class HeuristicBot(Bot):
    defaults = {"rollout": 25, "predict": 1, "plan": 5, "trigger": 0}

    def act(self, state, seat: int):
        return self.choose(state, seat)

    def choose(self, state, seat: int, world=None):
        """The move for `seat`; its look-ahead runs on `world` when given (a search's playout,
        already a determinization), else on a determinization drawn from the bot's generator."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        t: tuple = state.stack[-1] if state.stack else ()
        tk = t[0] if t else ""
        if tk == "keep":
            pref = _WOW_PREF if t[2] == "wow" else _POW_PREF
            return min(legal, key=lambda a: pref.index(a[2]) if a[2] in pref else 99)
        if tk == "ptarget":
            return self._target(state, seat, legal)
        if tk == "pcards":
            return self._cards(state, seat, legal, t)
        if tk in ("tokens", "flip"):
            return rule_choice(state, seat, legal)
        if not tk and ("recall",) in legal:
            if self.params["trigger"] and self._ending_wins(state, seat, world):
                return ("recall",)
            if not any(a[0] in ("place", "freelancer") for a in legal):
                frees = [a for a in legal if a[0] in ("tuck", "item")]
                if frees:
                    return self._best(state, seat, frees + [("recall",)], world)
                return ("recall",)
            legal = [a for a in legal if a != ("recall",)]
        return self._best(state, seat, legal, world)

    def _ending_wins(self, state, seat, world) -> bool:
        """Would recalling now move the hourglass to 0 and leave the seat ahead after the
        others' last turns (each worth a Mumanbot's average ZAP card)?  The heuristic alone
        only recalls when it must, which hands the +5 VP trigger to the Mumanbot."""
        if state.end_by >= 0 or len(state.placed[seat]) < state.hourglass:
            return False
        w = (world if world is not None else state.determinize(seat, self.rng)).clone()
        w._apply(("recall",))
        self._finish(w, seat)
        g = w.game
        others = max(
            potential(w, s) + (g.zap_avg[g.levels[s]] if s in g.bots else 0.0)
            for s in range(w.n)
            if s != seat
        )
        return potential(w, seat) > others

    def _finish(self, w, seat):
        """Complete the current action in world w with the rule policy."""
        limit = int(self.params["rollout"])
        steps = 0
        while w.phase == "resolve" and w.stack and w.current_player() == seat and steps < limit:
            w._apply(rule_choice(w, seat, w.legal_actions()))
            steps += 1

    def _best(self, state, seat, legal, world=None):
        scored = self.scored(state, seat, legal, world)
        best_v = max(x[0] for x in scored)
        best = [a for v, a, _w in scored if v >= best_v - 1e-9]
        return best[self.rng.randrange(len(best))]

    def scored(self, state, seat, legal, world=None):
        """(value, action, world after it) for each legal action: the action played on a
        determinization, finished with the rule policy, and valued with `potential`."""
        if world is None:
            world = state.determinize(seat, self.rng)
        scored = []
        for a in legal:
            if a == ("recall",):
                scored.append((_value(world, seat) - 0.5, a, None))
                continue
            w = world.clone()
            w._apply(a)
            self._finish(w, seat)
            scored.append((_value(w, seat), a, w))
        plan = int(self.params["plan"])
        if plan and not state.stack and any(a[0] == "place" for a in legal):
            # plan one more own placement ahead for the most promising candidates (a resource
            # step now is worth what it lets the seat buy next)
            order = sorted(range(len(scored)), key=lambda i: -scored[i][0])[:plan]
            for i in order:
                v, a, w = scored[i]
                if w is None or w.phase == "over" or w.current_player() != seat and w.stack:
                    continue
                v2 = self._next_value(w, seat)
                if v2 is not None:
                    scored[i] = (max(v, 0.5 * v + 0.5 * v2), a, w)
        return scored

    def _next_value(self, w, seat):
        """Best value of the seat's next own placement from w (other seats skipped)."""
        w = w.clone()
        w.stack = []
        w.turn = seat
        w.phase = "main"
        moves = [a for a in w._main_actions(seat) if a[0] in ("place", "freelancer")]
        if not moves:
            return None
        best = None
        for a in moves:
            x = w.clone()
            x._apply(a)
            self._finish(x, seat)
            v = _value(x, seat)
            if best is None or v > best:
                best = v
        return best

    def _target(self, state, seat, legal):
        """Predict whenever the research for the smallest set is there (a set of one pays
        2 VP for 1 research when it comes true)."""
        lowest = 2 if state.restriction(seat) == "no_one_prediction" else 1
        if (
            not int(self.params["predict"])
            or state.resources[seat][3] < lowest * state.game.data.prediction_cost
        ):
            return ("no_predict",)
        targets = [a for a in legal if a[0] == "predict_on"]
        # the next seat in turn order acts soonest
        return min(targets, key=lambda a: (a[1] - seat) % state.n)

    def _cards(self, state, seat, legal, t):
        """As many cards as the seat's own prediction freelancers can turn up (F04, F11: a
        set they complete pays for sure), else the fewest allowed."""
        chosen = t[3]
        lo = 2 if state.restriction(seat) == "no_one_prediction" else 1
        if len(chosen) >= max(lo, _flips(state, seat)) and ("stop",) in legal:
            return ("stop",)
        target = t[2]
        preds = [a for a in legal if a[0] == "predict"]
        if target in state.game.bots and preds:
            return max(preds, key=lambda a: _zap_expected(state, target, a[1]))
        for g in _HUMAN_GUESS:
            if ("predict", g) in legal:
                return ("predict", g)
        return preds[0] if preds else legal[0]


def _flips(state, seat: int) -> int:
    """Prediction cards the seat's own freelancers can turn up in one cycle (F04, F11)."""
    d = state.game.data
    return sum(
        d.freelancers[c][1]
        for c, _ in state.employees[seat]
        if c in d.freelancers and d.freelancers[c][0] == "prediction_bonus"
    )


def _zap_expected(state, bot: int, action: str, draws: int = 4) -> float:
    """How often the Mumanbot's next `draws` ZAP cards name `action`, from the public
    discard pile: the cards not yet discarded are the deck it draws from first."""
    zap = state.game.data.zap
    deck_size, discards = (
        (len(state.zap_own[bot][0]), state.zap_own[bot][1])
        if bot in state.zap_own
        else (len(state.zap_deck), state.zap_discard)
    )
    gone = set(discards)
    in_deck = sum(1 for z, card in zap.items() if card[0] == action and z not in gone)
    in_all = sum(1 for card in zap.values() if card[0] == action)
    from_deck = min(draws, deck_size)
    return (from_deck * in_deck / deck_size if deck_size else 0.0) + (draws - from_deck) * in_all / len(zap)


def final_margin(state, seat: int) -> float:
    """The seat's final VP minus the best other seat's (a finished game)."""
    totals = [state.final_breakdown(s)["total"] for s in range(state.n)]
    return totals[seat] - max(t for s, t in enumerate(totals) if s != seat)


class ExpertBot(Bot):
    """`tabletop-expert`: the heuristic's plan checked by playing it out.

    At each main step of its turn (place, use a freelancer, recall, use an item) the bot
    keeps the heuristic's `candidates` best moves, plus recall whenever it is legal (the
    heuristic only recalls when it must, and recalling early is how a seat times the +5 VP
    end trigger), and plays each to the end of the game in `worlds` determinizations with
    the quick heuristic (no plan step) for every later decision, the Mumanbot drawing
    from the resampled ZAP deck.  Every candidate meets the same worlds and the same
    playout generators, so the comparison is between moves, not luck.  A move's value is
    its mean final margin plus `win_weight` times its share of won playouts.  Inner
    decisions of an action (which card, which level, which token) are the heuristic's.
    With `trigger` the playout policy also recalls to end the game (+5 VP) whenever that
    leaves the seat projected ahead, so a move is valued against a plausible finish
    instead of one where the seat always leaves the trigger to the Mumanbot (off by default:
    over 100 games it changed the mean margin by -0.2 VP and the win rate not at all).

    Eight worlds, not three: on the same 100 deals against `mumanbot:normal` the expert won
    55 instead of 47 (0.55 [0.45, 0.64]; 17 deals gained, 9 lost), at most 2.1 s of CPU a
    move; six worlds of six candidates gained nothing over 40 of them.  Half of what the
    expert lost to a search that sees the true state was the hidden cards, so averaging
    over more of the worlds it cannot tell apart is what pays.

    Knobs: `worlds` and `candidates` are the budget (levels search less); `temperature`
    > 0 draws among the `spread` best moves with weights exp((v - best) / T), never a
    move outside them.
    """

    defaults = {
        "worlds": 8,
        "candidates": 4,
        "win_weight": 4.0,
        "temperature": 0.0,
        "spread": 4,
        "trigger": 0,
    }
    limits = {
        "worlds": (1, 64),
        "candidates": (1, 32),
        "win_weight": (0, None),
        "temperature": (0, None),
        "spread": (1, 32),
        "trigger": (0, 1),
    }

    def __init__(self, game, seed=None, spec="", **params):
        super().__init__(game, seed=seed, spec=spec, **params)
        self.guide = HeuristicBot(game, seed=self.rng.getrandbits(64))
        #: playouts run by the last decision (0 when the heuristic decided alone)
        self.last_playouts = 0

    def act(self, state, seat: int):
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        temperature = float(self.params["temperature"])
        if temperature <= 0 and not self._searched(state):
            return self.guide.act(state, seat)
        ranked = self.ranked(state, seat)
        if temperature <= 0:
            return ranked[0][0]
        return soft_choice(ranked, temperature, self.rng, top=int(self.params["spread"]))

    @staticmethod
    def _searched(state) -> bool:
        """Main steps are searched; the inner decisions of an action follow the heuristic."""
        return not state.stack and state.phase == "main"

    def ranked(self, state, seat: int) -> list:
        """(action, value) best first: playout values at a main step (mean final VP margin
        plus the win bonus), the heuristic's look-ahead values (projected VP) elsewhere."""
        legal = state.legal_actions()
        self.last_playouts = 0
        world = self.sample_world(state, seat)
        scored = self.guide.scored(state, seat, legal, world)
        order = sorted(range(len(scored)), key=lambda i: -scored[i][0])
        if len(legal) == 1 or not self._searched(state):
            return [(scored[i][1], scored[i][0]) for i in order]
        picks = [scored[i][1] for i in order[: int(self.params["candidates"])]]
        if ("recall",) in legal and ("recall",) not in picks:
            picks.append(("recall",))
        worlds = [world] + [self.sample_world(state, seat) for _ in range(int(self.params["worlds"]) - 1)]
        seeds = [self.rng.getrandbits(64) for _ in worlds]
        totals, played = playout_totals(
            picks,
            len(worlds),
            lambda i: (worlds[i], seeds[i]),
            lambda ws, action: self._playout(action, ws[0], ws[1], seat),
        )
        values = {a: total / played for a, total in zip(picks, totals, strict=True)}
        ranked = sorted(values.items(), key=lambda av: -av[1])
        rest = [(scored[i][1], scored[i][0] - 1e6) for i in order if scored[i][1] not in values]
        return ranked + rest

    def sample_world(self, state, seat: int):
        """A world the playouts run in: a determinization for what the seat cannot see."""
        return state.determinize(seat, self.rng)

    def _playout(self, action, world, seed, seat) -> float:
        """`action` played out to the end of a clone of `world` by the quick heuristic (its
        randomness from `seed`): the final margin plus the win bonus."""
        w = world.clone()
        w._apply(action)
        policy = HeuristicBot(self.game, seed=seed, plan=0, trigger=self.params["trigger"])
        while w.phase != "over":
            mover = w.current_player()
            w._apply(policy.choose(w, mover, w))
        self.last_playouts += 1
        return final_margin(w, seat) + float(self.params["win_weight"]) * w.returns()[seat]
