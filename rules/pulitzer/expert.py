"""``pulitzer-expert``: the solo expert's policy (`ExpertPolicy`, each move priced in score
points on `PostModel`) and the bot (`ExpertBot`) that adds a sampled-world Monte Carlo over
its closest calls."""

from __future__ import annotations

import time

from automa.search.bots import Bot, soft_choice
from automa.search.playouts import best_candidate, playout_totals

from .data import LINE_X, SECTIONS
from .expert_model import _REACH_WEIGHT, OPINION_STEPS, PostModel
from .game import BUS, KIOSK, OVERTIME
from .heuristic import HeuristicBot
from .state import T_NR, T_PH1, T_PH2, T_RG
from .times import BLUE, RED, agent_draw_counts


class ExpertPolicy:
    """The expert's fast rule-based player for the solo game (the Post).

    It reads the world only as the Post sees it: face-down Times journalists and red
    agents are random values from their public pools (Times 1-5 and the purple X when
    hired, agents 1-5), decks are their public composition.  Every move is priced in score
    points: public opinion through the chance of reaching the Capitol (each row's majority
    from the mean and variance of both sides' totals, duels included), qualification through
    the chance of finding five highlighted evidence in the rounds left, pins by their points
    and what they leave reachable, money at a rate that falls as it piles up.  It is the
    rollout policy of `ExpertBot` and the source of its candidate moves.
    """

    defaults = {
        "loss": 90.0,
        "pin_rate": 0.055,
        "loss_rate": 0.01,
        "pos_weight": 2.5,
        "string_weight": 0.4,
        "money": 1.0,
        "hire": 2.2,
        "registry": 1.0,
        "photo": 0.8,
        "newsroom": 2.0,
        "crowd": 0.7,
        "threat": 1.0,
        "x_value": 1.2,
        "per_round": 18.0,
        "surplus": 30.0,
        "span": 40.0,
        "points_floor": 0.3,
        "q_floor": 0.05,
        "c_floor": 0.2,
    }

    #: a round's net row result as the danger model sees it (policy-typical)
    STEPS = OPINION_STEPS

    def __init__(self, game, params=None):
        self.game = game
        self.d = game.data
        self.p = {**self.defaults, **(params or {})}
        d = self.d
        n_ev = len(d.evidence_cards)
        self.ev_share = [
            sum(1 for c in d.evidence_cards if e in c) / n_ev for e in range(len(d.evidence_types))
        ]
        self.chains = {}
        self.boards = {}
        n_ln = len(d.line_cards)
        self.line_share = [sum(1 for c in d.line_cards if li in c) / n_ln for li in range(5)]

    # ------------------------------------------------------------------ entry
    def choose(self, st, seat):
        """The legal action the policy values most (the first of equals)."""
        legal = st.legal_actions()
        if len(legal) == 1:
            return legal[0]
        view = _PostView(self, st, seat)
        best, best_value = None, -1e18
        for a in legal:
            value = view.value(a)
            if value > best_value + 1e-9:
                best, best_value = a, value
        return best

    def ranked(self, st, seat):
        """Legal actions with their values, best first."""
        view = _PostView(self, st, seat)
        scored = [(view.value(a), i, a) for i, a in enumerate(st.legal_actions())]
        scored.sort(key=lambda t: (-t[0], t[1]))
        return [(a, v) for v, _, a in scored]


class _PostView(PostModel):
    """The Post's view of one decision, with a price for every kind of action."""

    # ---- action values
    def value(self, a) -> float:
        fn = getattr(self, "v_" + a[0], None)
        return fn(a) if fn is not None else 0.0

    def my_value(self, j) -> int:
        return self.st.jval(self.s, j)

    def v_pass(self, a):
        return 0.0

    def v_editorial(self, a):
        return -1.0

    def v_unpin(self, a):
        return -20.0

    def own_on_bus(self):
        return sum(1 for sid in self.g.bus_sids for p in self.st.spaces[sid] if p[0] == self.s)

    def late_cost(self):
        """My 6th and 7th actions give the blue bus agent more cards unless it is beaten."""
        st = self.st
        acts = st.acts[self.s]
        if acts < 5:
            return 0.0
        sp = st.spaces[self.g.bus_sids[0]]
        blue = [p for p in sp if p[0] == BLUE]
        if not blue:
            return 0.0
        mine = [st.pval(p) for p in sp if p[0] == self.s]
        if mine and max(mine) >= st.pval(blue[0]):
            return 0.0
        alternative = "R-30" in self.g.alt
        before = agent_draw_counts(BLUE, acts, alternative)
        after = agent_draw_counts(BLUE, acts + 1, alternative)
        return self.agent_threat(*after) - self.agent_threat(*before)

    def v_place(self, a):
        j, sid = a[1], a[2]
        g, st = self.g, self.st
        v = self.my_value(j)
        area = g.area[sid]
        late = self.late_cost()
        if area == KIOSK:
            col = sid // g.krows
            pay = self.d.news_pay[st.news_deck[-1]][col] if st.news_deck else 0
            bonus = 2 if st.tok_now[self.s][T_NR] else 0  # a Newsroom +2 goes under it
            value = self.kiosk_value(sid, (self.s, j, bonus, 0)) + pay * self.money_weight()
            return value - 0.15 * v - late
        if area == BUS:
            return self.bus_value(j, sid) - late
        if area == OVERTIME:
            return self.overtime_value(v) - late
        return -late

    def bus_value(self, j, sid, photo=None, registry=None):
        g, st = self.g, self.st
        cost, ne, nl, _ = g.bus[g.aidx[sid]]
        tn = st.tok_now[self.s]
        if photo is None:
            photo = 2 if tn[T_PH2] else (1 if tn[T_PH1] else 0)
        if registry is None:
            registry = g.lp and tn[T_RG] > 0
        v = self.my_value(j) + photo
        surv = 1.0
        prevent = 0.0
        for p in st.spaces[sid]:
            if p[0] >= RED:
                surv = sum(q for q, a in self.dist(p) if v >= a)
                draws = agent_draw_counts(p[0], max(st.acts[self.s] + 1, 5), "R-30" in g.alt)
                prevent = self.agent_threat(*draws)
        pv = self.pin_opportunity(v, ne, nl)
        if registry:
            pv = max(pv, self.pin_opportunity(v, ne + 2, nl), self.pin_opportunity(v, ne, nl + 2))
        pv *= self.p["crowd"] ** self.own_on_bus()
        return surv * (pv + prevent) - cost * self.money_weight()

    def overtime_value(self, v):
        nxt = next((sid for sid in self.g.ot_sids if not self.st.spaces[sid]), None)
        if nxt is None:
            return -1.0
        return self.overtime_outcome(extra=(v, nxt)) - self.overtime_outcome()

    def overtime_outcome(self, extra=None, bump=None):
        """Expected points of my overtime journalists: the cards they pick less the
        evidence destroyed on the penalty spaces, over the hidden Times values; `extra`
        adds a journalist (value, space), `bump` adds +2 to mine on that space."""
        st, d = self.st, self.d
        pieces = []
        for sid in self.g.ot_sids:
            for p in st.spaces[sid]:
                dist = self.dist(p)
                if sid == bump:
                    dist = tuple((q, x + 2) for q, x in dist)
                pieces.append((dist, sid, p[0] == self.s))
        if extra is not None:
            pieces.append((((1.0, extra[0]),), extra[1], True))
        if not any(own for _, _, own in pieces):
            return 0.0
        numbers = [c[0] for c in d.ot_cards]
        worth = {c: self.ot_card_value(c) for c in st.ot_display}
        destroy = self.destroy_cost()
        combos = [(1.0, ())]
        for dist, _, _ in pieces:
            combos = [(q * qq, vals + (x,)) for q, vals in combos for qq, x in dist]
        total = 0.0
        for q, vals in combos:
            order = sorted(range(len(pieces)), key=lambda i: (-vals[i], pieces[i][1]))
            display = list(st.ot_display)
            value = 0.0
            for rank, i in enumerate(order[: d.ot_reward + d.ot_penalty]):
                own = pieces[i][2]
                if rank < d.ot_reward:
                    if not display:
                        continue
                    if own:
                        best = max(display, key=lambda c: worth[c])
                        value += worth[best]
                    else:
                        best = max(display, key=lambda c: numbers[c])
                    display.remove(best)
                elif own:
                    value -= destroy
            total += q * value
        return total

    def ot_card_value(self, c):
        d = self.d
        _, kind, extra = d.ot_cards[c]
        if kind == 0:
            return extra * self.money_weight()
        if kind == 1:
            return extra * self.pw
        if kind == 2:
            return 3.0 * self.pw + (3.0 if self.need > 0 else 0.0)
        ok = [x for x in self.pins if d.cell_line[x] in extra and x not in self.st.stmt[self.s]]
        return max((d.statement_points[d.cell_line[x]] for x in ok), default=0) * self.pw

    def next_round_pin_gain(self, extra_reach=0, extra_e=0, extra_l=0):
        """Roughly what a token for next round's best bus journalist adds."""
        base = self.pin_opportunity(4, 2, 1)
        return max(0.0, self.pin_opportunity(4 + extra_reach, 2 + extra_e, 1 + extra_l) - base)

    def v_req(self, a):
        sec = a[1]
        st, p = self.st, self.p
        rnd = self.round
        s = self.s
        late = self.late_cost()
        if sec == "HR":
            if not st.hr[s]:
                return p["hire"] * (8 - rnd) - late
            return self.train_value() - late
        if rnd >= 8:
            return -1.0
        pending = sum(1 for x in st.news_slots[SECTIONS.index(sec)] if x == s)
        if sec == "RG":
            gain = max(self.next_round_pin_gain(extra_e=2), self.next_round_pin_gain(extra_l=2))
            return p["registry"] * gain * (0.5 if pending else 1.0) - late
        if sec == "PH":
            if self.cash < 4 or pending:
                return -1.0
            return p["photo"] * self.next_round_pin_gain(extra_reach=2) - 4 * self.money_weight() * 0.5 - late
        if sec == "NR":
            return p["newsroom"] * (0.5 if pending else 1.0) - late
        if sec == "AD":
            return 0.3 - late
        return -1.0

    def train_value(self):
        st, d = self.st, self.d
        hr = st.hr[self.s]
        if hr <= 0 or hr >= len(d.hr):
            return -1.0
        cost, value, points = d.hr[hr]
        gain = (points - d.hr[hr - 1][2]) * self.pw
        gain += (value - d.hr[hr - 1][1]) * self.p["x_value"] * (8 - self.round)
        return gain - cost * self.money_weight()

    def v_tok(self, a):
        st = self.st
        kind = a[1]
        pend = st.pend
        sid, pos = pend[2], pend[3]
        piece = st.spaces[sid][pos]
        if kind == "NR":
            return self.newsroom_gain(sid, pos, piece) + 0.3
        j = piece[1]
        if kind in ("PH1", "PH2"):
            bonus = 1 if kind == "PH1" else 2
            return (
                self.bus_value(j, sid, photo=bonus, registry=False)
                - self.bus_value(j, sid, photo=0, registry=False)
                + 0.3
            )
        if kind == "RG":
            return (
                self.bus_value(j, sid, photo=piece[2], registry=True)
                - self.bus_value(j, sid, photo=piece[2], registry=False)
                + 0.3
            )
        return 0.0

    def newsroom_gain(self, sid, pos, piece):
        """What a Newsroom +2 under my kiosk journalist `piece` adds through its row."""
        others = [p for i, p in enumerate(self.st.spaces[sid]) if i != pos]
        m_old = self.moments(self.cell_outcomes(others + [piece]))
        m_new = self.moments(self.cell_outcomes(others + [(piece[0], piece[1], 2, piece[3])]))
        self.kiosk_cells()
        row = sid % self.g.krows
        r = self._rows[row]
        return self.opinion_change(row, r[0] - m_old[0] + m_new[0], max(0.0, r[1] - m_old[1] + m_new[1]))

    def v_notok(self, a):
        return 0.0

    # ---- resolution
    def v_pin(self, a):
        cell = a[1]
        value = self.pin_value(cell)
        return value - self.double_penalty(cell)

    def double_penalty(self, cell):
        """Expected cost when the only line card for `cell` is a double (it destroys one
        highlighted evidence of that line)."""
        d, st = self.d, self.st
        line = d.cell_line[cell]
        if line == LINE_X or not st.cur:
            return 0.0
        singles = [lc for lc in st.cur[5] if line in d.line_cards[lc] and len(d.line_cards[lc]) == 1]
        kept = [
            k
            for k in st.kept[self.s]
            if k >= 100 and line in d.line_cards[k - 100] and len(d.line_cards[k - 100]) == 1
        ]
        if singles or kept or st.evt[self.s][1]:
            return 0.0
        others = [c for c in self.open_hl if c != cell and d.cell_line[c] == line]
        if not others:
            return 0.0
        return self.destroy_cost(rounds=max(0, self.rounds_for_pins() - 1)) + 2.0

    def v_nopin(self, a):
        return 0.0

    def v_pin_evidence(self, a):
        kind = a[1]
        if kind == "kept":
            return -1.0
        if kind == "leak":
            return -1.5
        if kind == "wildcard":
            return -6.0
        return 0.0

    def v_pin_line(self, a):
        kind = a[1]
        cell = self.st.pend[2]
        if kind == "double":
            return -self.double_penalty_any(cell)
        if kind == "kept":
            pen = self.double_penalty_any(cell) if len(self.d.line_cards[a[2] - 100]) == 2 else 0.0
            return -1.0 - pen
        if kind == "wildcard":
            return -6.0
        return 0.0

    def double_penalty_any(self, cell):
        d = self.d
        line = d.cell_line[cell]
        others = [c for c in self.open_hl if c != cell and d.cell_line[c] == line]
        return (self.destroy_cost() + 2.0) if others else 0.0

    def v_destroy(self, a):
        cell = a[1]
        d = self.d
        r = d.reach[self.last][cell]
        return -(
            d.line_points[d.cell_line[cell]] * 0.3 + (_REACH_WEIGHT[r] if r < len(_REACH_WEIGHT) else 0) * 5
        )

    def v_bus(self, a):
        p = self.st.spaces[a[1]][a[2]]
        return self.st.pval(p)

    def v_reg(self, a):
        st, d = self.st, self.d
        cur = st.cur
        v = cur[3]
        ev = set()
        for c in cur[4]:
            ev.update(d.evidence_cards[c])
        ln = {LINE_X}
        for c in cur[5]:
            ln.update(d.line_cards[c])
        kept_ev, kept_ln = self.kept_symbols()
        ev |= kept_ev
        ln |= kept_ln
        reach, dist = d.reach[self.last], d.dist[self.last]
        options = []
        for cell in range(len(d.cell_line)):
            if d.cell_line[cell] < 0 or cell in self.pins or cell in self.dest:
                continue
            if reach[cell] > v or dist[cell] > self.string_left + 1e-9:
                continue
            value = self.pin_value(cell)
            if value <= 0:
                continue
            e, line = d.cell_evi[cell], d.cell_line[cell]
            pe = 1.0 if e in ev else 1.0 - (1.0 - self.pol.ev_share[e]) ** (2 if a[1] == "E" else 0)
            pl = 1.0 if line in ln else 1.0 - (1.0 - self.pol.line_share[line]) ** (2 if a[1] == "L" else 0)
            options.append((value, pe * pl))
        options.sort(reverse=True)
        total, miss = 0.0, 1.0
        for value, chance in options:
            total += value * chance * miss
            miss *= 1.0 - chance
        return total

    def v_sports(self, a):
        sid = a[1]
        row = sid % self.g.krows
        self.kiosk_cells()
        r = self._rows[row]
        return self.opinion_change(row, r[0] + 2, r[1])

    def v_sports_cash(self, a):
        return self.d.sports_cash * self.money_weight()

    def v_ent(self, a):
        return self.overtime_outcome(bump=a[1]) - self.overtime_outcome()

    def v_ent_contact(self, a):
        return self.d.ent_contacts * self.money_weight()

    def v_ot(self, a):
        return self.ot_card_value(a[1])

    def v_ot_extra(self, a):
        best = max((self.ot_card_value(c) for c in self.st.ot_display), default=0.0)
        return 2.5 - self.money_weight() if best < 4.0 else -1.0

    def v_stmt(self, a):
        return float(self.d.statement_points[self.d.cell_line[a[1]]])

    def v_train(self, a):
        return self.train_value()

    def v_stop(self, a):
        return 0.0

    def v_photo(self, a):
        if self.round >= 8:
            return -1.0
        k = a[1]
        gain = self.next_round_pin_gain(extra_reach=k)
        return self.p["photo"] * gain - self.d.photo_cost[k - 1] * self.money_weight()

    def v_nophoto(self, a):
        return 0.0


class ExpertBot(Bot):
    """The strong solo player (`pulitzer-expert`): `ExpertPolicy`, optionally checked by
    sampled-world Monte Carlo where it is unsure.

    With `worlds` > 0, at a decision whose best few moves the policy rates within `margin`
    points of each other, each of those `candidates` is played out to the end of the game
    in `worlds` worlds sampled from the Post's view (`state.determinize`), the policy
    playing every later move; the same worlds and the same playout randomness serve every
    candidate, so they are compared on equal luck.  A playout scores 1 for a win (plus a
    thousandth of a point per point of margin over the Times' table, to split ties); the
    policy's own first choice is kept unless another wins `switch` more playouts.  The
    check is off by default: the policy alone wins 0.95 of 100 games against the default
    Times deck at well under a millisecond a move (experiments/results/pulitzer_strength.md).
    `temperature` > 0 draws the policy's move among its five best, weighted
    exp(value / temperature): the knob for weaker levels.  Outside solo games it plays as
    `pulitzer-heuristic`, whose rules cover the houses and the rival newspapers.
    """

    defaults = {
        "worlds": 0,
        "candidates": 3,
        "margin": 3.0,
        "switch": 0.0,
        "max_seconds": 2.0,
        "temperature": 0.0,
        **ExpertPolicy.defaults,
    }
    limits = {
        "worlds": (0, None),
        "candidates": (1, None),
        "margin": (0, None),
        "switch": (0, None),
        "max_seconds": (0, None),
        "temperature": (0, None),
    }

    def __init__(self, game, seed=None, spec="", **params):
        super().__init__(game, seed=seed, spec=spec, **params)
        weights = {k: float(self.params[k]) for k in ExpertPolicy.defaults}
        self.policy = ExpertPolicy(game, weights)
        self.fallback = HeuristicBot(game, seed=seed) if not game.solo else None
        self.last_stats = {}

    def ranked(self, state, seat):
        """Legal actions with their values, best first (the heuristic's outside solo games)."""
        if self.fallback is not None:
            return self.fallback.ranked(state, seat)
        return self.policy.ranked(state, seat)

    def act(self, state, seat):
        if self.fallback is not None:
            temperature = float(self.params["temperature"])
            if temperature > 0 and len(state.legal_actions()) > 1:
                return soft_choice(self.fallback.ranked(state, seat), temperature, self.rng)
            return self.fallback.act(state, seat)
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        worlds = int(self.params["worlds"])
        temperature = float(self.params["temperature"])
        if worlds <= 0 and temperature <= 0:
            return self.policy.choose(state, seat)
        ranked = self.policy.ranked(state, seat)
        if worlds <= 0:
            return soft_choice(ranked, temperature, self.rng)
        top = ranked[0][1]
        margin = float(self.params["margin"])
        cands = [a for a, v in ranked[: int(self.params["candidates"])] if v >= top - margin]
        if len(cands) == 1:
            self.last_stats = {"playouts": 0}
            return cands[0]
        choose = self.policy.choose
        target = self.game.times_target

        def playout(world, action) -> float:
            """1 for a win, plus a thousandth a point of margin over the Times' table."""
            x = world.clone()
            x._apply(action)
            while not x.over:
                x._apply(choose(x, seat))
            won = 1.0 if x.outcome().winners else 0.0
            return won + 0.001 * max(-50, min(50, x.final_score(seat) - target))

        start = time.perf_counter()
        totals, played = playout_totals(
            cands,
            worlds,
            lambda _i: state.determinize(seat, self.rng),
            playout,
            max_seconds=float(self.params["max_seconds"]),
        )
        self.last_stats = {"playouts": played * len(cands), "seconds": time.perf_counter() - start}
        best = best_candidate(totals)
        if totals[best] - totals[0] < float(self.params["switch"]):
            return cands[0]
        return cands[best]
