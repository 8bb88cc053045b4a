"""``pulitzer-heuristic`` (`HeuristicBot`): the rule-based reference player for every mode,
scoring each legal action from its seat's observation with simple rules."""

from __future__ import annotations

from automa.search.bots import Bot

from .game import ARCHIVE, BUS, EVENT, KIOSK, OVERTIME
from .times import BLUE, RED, TIMES

HIDDEN_VALUE = 3.0


class HeuristicBot(Bot):
    """Scores every legal action with simple rules and plays the best (ties at random)."""

    defaults = {
        "noise": 0.0,
        "agent_bonus": 6.0,
        "bus_crowd": 1.0,
        "row_unit": 10.0,
        "rg_value": 6.0,
        "urgency": 0.0,
        "nonhl_penalty": 6.0,
        "late_penalty": 0.0,
        "reach_weight": 4.0,
        "opinion_urgency": 6.0,
    }

    def ranked(self, state, seat):
        """Legal actions with the rules' values, best first (the first of equals first)."""
        ctx = self._context(state, seat)
        scored = sorted(
            ((ctx.value(a), i, a) for i, a in enumerate(state.legal_actions())), key=lambda t: (-t[0], t[1])
        )
        return [(a, v) for v, _i, a in scored]

    def _context(self, state, seat):
        ctx = _Context(state.game, state.observation(seat), seat)
        ctx.agent_bonus = float(self.params["agent_bonus"])
        ctx.bus_crowd = float(self.params["bus_crowd"])
        ctx.row_unit = float(self.params["row_unit"])
        ctx.rg_value = float(self.params["rg_value"])
        ctx.urgency = float(self.params["urgency"])
        ctx.nonhl_penalty = float(self.params["nonhl_penalty"])
        ctx.late_penalty = float(self.params["late_penalty"])
        ctx.reach_weight = float(self.params["reach_weight"])
        ctx.opinion_urgency = float(self.params["opinion_urgency"])
        return ctx

    def act(self, state, seat):
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        ctx = self._context(state, seat)
        best, best_value = [], -1e18
        noise = float(self.params["noise"])
        for action in legal:
            value = ctx.value(action)
            if noise:
                value += self.rng.uniform(-noise, noise)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        return best[self.rng.randrange(len(best))]


class _Context:
    def __init__(self, game, obs, seat):
        self.g = game
        self.d = game.data
        self.o = obs
        self.s = seat
        self._rows = None
        self.bus_crowd = 1.0
        self.agent_bonus = 8.0
        self.row_unit = 7.0
        self.rg_value = 2.0
        self.urgency = 0.0
        self.nonhl_penalty = 6.0
        self.late_penalty = 0.0
        self.reach_weight = 0.0
        self.opinion_urgency = 3.0

    # ---- helpers on the observation
    def jval(self, owner, j):
        if j < 0:
            return HIDDEN_VALUE
        if owner == TIMES:
            return self.o["times_x"] if j == 5 else j + 1
        if owner >= RED:
            return j
        if j == 5:
            return self.d.hr[self.o["hr"][owner] - 1][1]
        return j + 1

    def piece_value(self, p):
        return self.jval(p[0], p[1]) + p[2]

    def my_value(self, j):
        return self.jval(self.s, j)

    def row_margins(self):
        """LP: per kiosk row, press total minus agent total (hidden pieces count 3)."""
        if self._rows is None:
            g = self.g
            rows = []
            for r in range(g.krows):
                m = 0.0
                for c in range(g.kcols):
                    for p in self.o["spaces"][g.kiosk_sid(c, r)]:
                        v = self.piece_value(p)
                        m += v if p[0] < RED else -v
                rows.append(m)
            self._rows = rows
        return self._rows

    def mp_row_margin(self, r):
        """MP: my row total minus the best opponent's."""
        g = self.g
        tot = {}
        for c in range(g.kcols):
            for p in self.o["spaces"][g.kiosk_sid(c, r)]:
                tot[p[0]] = tot.get(p[0], 0) + self.piece_value(p)
        mine = tot.pop(self.s, 0)
        return mine - max(tot.values(), default=0)

    def col_margin(self, c):
        g = self.g
        tot = {}
        for r in range(g.krows):
            for p in self.o["spaces"][g.kiosk_sid(c, r)]:
                o = RED if p[0] == BLUE else p[0]
                tot[o] = tot.get(o, 0) + self.piece_value(p)
        mine = tot.pop(self.s, 0)
        return mine - max(tot.values(), default=0)

    def found(self):
        hl = self.g.hl[self.o["report"][self.s]]
        return sum(1 for c in self.o["pins"][self.s] if c in hl)

    def expected_swing(self, v, agents):
        """LP: expected change of (press - agents) in a row when a journalist of value v
        goes on a cell holding `agents` (a hidden red agent is 1-5, equally likely)."""
        if not agents:
            return float(v)
        a = agents[0]
        if a[1] >= 0:
            av = self.piece_value(a)
            return float(v + av) if v >= av else 0.0
        # hidden red: P(value <= v) = v/5, mean of such values (v+1)/2
        p = min(1.0, v / 5.0)
        return p * (v + (v + 1) / 2.0)

    def reachable_hl(self, v):
        """Highlighted cells still open on my report within reach v of my last pin."""
        d = self.d
        pins = self.o["pins"][self.s]
        dest = self.o["destroyed"][self.s]
        last = pins[-1] if pins else d.start
        hl = self.g.hl[self.o["report"][self.s]]
        return sum(1 for c in hl if c not in pins and c not in dest and d.reach[last][c] <= v)

    def money(self):
        return self.o["money"][self.s] + self.o["contacts"][self.s]

    # ---- action values
    def value(self, a):
        k = a[0]
        fn = getattr(self, "v_" + k, None)
        v = fn(a) if fn else 0.0
        if k in ("place", "req") and self.g.lp and self.late_penalty and self.o["pend"] is None:
            v -= self.late_cost()
        return v

    def late_cost(self):
        """LP: my 6th and 7th actions give the blue bus agent extra cards (R-30) unless
        it is already beaten on its space."""
        o = self.o
        holder = self.g.solo or o["pp"] == self.s
        if not holder or o["acts"][self.s] < 5:
            return 0.0
        sp = o["spaces"][self.g.bus_sids[0]]
        blue = [p for p in sp if p[0] == BLUE]
        if not blue:
            return 0.0
        mine = [p for p in sp if p[0] < RED and p[1] >= 0]
        if mine and max(self.piece_value(p) for p in mine) >= self.piece_value(blue[0]):
            return 0.0
        return self.late_penalty

    def v_pass(self, a):
        return 0.5

    def v_place(self, a):
        g, d, o = self.g, self.d, self.o
        j, sid = a[1], a[2]
        v = self.my_value(j)
        area = g.area[sid]
        rnd = o["round"]
        if area == KIOSK:
            col, row = divmod(sid, g.krows)
            pay = d.news_pay[o["news_top"]][col] if o["news_top"] >= 0 else 0
            score = pay * 0.8
            agents = [p for p in o["spaces"][sid] if p[0] >= RED]
            if g.lp:
                margin = self.row_margins()[row]
                swing = self.expected_swing(v, agents)
                before = (margin > 0) - (margin < 0)
                after_m = margin + swing
                after = (after_m > 0.5) - (after_m < -0.5)
                room = o["opinion"] - d.opinion[0]
                unit = self.row_unit + self.opinion_urgency * max(0, 4 - room)
                score += unit * (after - before) + 0.4 * min(swing, max(0.0, 1.0 - margin))
                score -= 0.25 * v  # keep big journalists for the bus
            else:
                rm = self.mp_row_margin(row)
                if rm <= 0 < rm + v:
                    score += 4
                cm = self.col_margin(col)
                if cm <= 0 < cm + v:
                    score += (3, 5, 3, 2, 5)[col]
                score -= 0.3 * v
            return score
        if area == BUS:
            cost, ne, nl, _ = g.bus[g.aidx[sid]]
            left = self.money() - cost
            if self.found() >= 9 and rnd > 6:
                return -1.0
            score = 6 + 1.6 * v + 1.2 * (ne + nl) - 0.35 * cost
            if self.reach_weight:
                score += self.reach_weight * (min(4, self.reachable_hl(v + 1)) - 2)
            if rnd == 1 and v < 3:
                score -= 2
            if left < 3 and rnd < 7:
                score -= 1.0
            mine_on_bus = sum(1 for b in g.bus_sids for p in o["spaces"][b] if p[0] == self.s)
            score -= self.bus_crowd * mine_on_bus
            agents = [p for p in o["spaces"][sid] if p[0] >= RED] if g.lp else []
            if agents:
                a0 = agents[0]
                p_win = (1.0 if self.piece_value(a0) <= v else 0.0) if a0[1] >= 0 else min(1.0, v / 5.0)
                hl = self.g.hl[o["report"][self.s]]
                lost = sum(1 for c in o["destroyed"][self.s] if c in hl)
                slack = max(0, len(hl) - lost - d.qualify - max(0, self.found() - d.qualify))
                bonus = self.agent_bonus * (1.0 + self.urgency / (1.0 + slack))
                score = p_win * (score + bonus) - (1 - p_win) * 0.35 * cost
            return score
        if area == OVERTIME:
            placed = sum(1 for s2 in g.ot_sids if o["spaces"][s2])
            if placed >= d.ot_reward:
                return -2.0
            return 2.5 + 0.4 * v - 0.2 * placed
        if area == ARCHIVE:
            mine_on_bus = sum(1 for b in g.bus_sids for p in o["spaces"][b] if p[0] == self.s)
            return (4.0 + 0.5 * v) if mine_on_bus else 1.0 + 0.2 * v
        if area == EVENT:
            return 2.0 + 0.3 * v
        return 0.0

    def v_req(self, a):
        sec = a[1]
        o = self.o
        rnd = o["round"]
        if rnd == 8:
            return 0.2 if sec == "HR" and o["hr"][self.s] else -1
        if sec == "HR":
            return 6.0 - 0.5 * rnd if not o["hr"][self.s] else (2.0 if self.money() >= 8 else 0.3)
        if sec == "PH":
            return 3.0 if self.money() >= 7 else 0.4
        if sec == "NR":
            return 2.0
        if sec == "ED":
            return 1.5
        if sec == "RG":
            return self.rg_value if self.g.lp else 1.2
        return 1.0  # AD

    def v_editorial(self, a):
        return 1.0

    def v_bail(self, a):
        return 5.0

    def v_tok(self, a):
        return 1.0

    def v_notok(self, a):
        return 0.0

    # ---- resolution
    def cell_value(self, cell):
        d = self.d
        hl = self.g.hl[self.o["report"][self.s]]
        line = d.cell_line[cell]
        val = d.line_points[line]
        if cell in hl:
            val += 12 if self.found() < d.qualify else 4
        return val

    def v_pin(self, a):
        d = self.d
        cell = a[1]
        pins = self.o["pins"][self.s]
        last = pins[-1] if pins else d.start
        hl = self.g.hl[self.o["report"][self.s]]
        value = 5 + self.cell_value(cell) - 0.8 * d.dist[last][cell]
        if cell not in hl and self.found() < d.qualify:
            value -= self.nonhl_penalty
        dest = self.o["destroyed"][self.s]
        value += 0.8 * sum(
            1 for c in hl if c != cell and c not in pins and c not in dest and d.reach[cell][c] <= 4
        )
        return value

    def v_nopin(self, a):
        return 0.0

    def v_unpin(self, a):
        return -5.0

    def v_destroy(self, a):
        return -self.d.line_points[self.d.cell_line[a[1]]]

    def v_bus(self, a):
        return self.piece_value(self.o["spaces"][a[1]][a[2]])

    def v_support(self, a):
        return 5 + self.piece_value(self.o["spaces"][a[1]][a[2]])

    def v_nosupport(self, a):
        return 0.0

    def v_reg(self, a):
        return 1.0 if a[1] == "E" else 0.8

    def v_sports(self, a):
        g = self.g
        row = a[1] % g.krows
        if g.lp:
            m = self.row_margins()[row]
            return 6.0 if -2 <= m <= 0 else 1.0
        m = self.mp_row_margin(row)
        return 5.0 if -2 <= m <= 0 else 1.0

    def v_sports_cash(self, a):
        return 3.0

    def v_ent(self, a):
        return 2.0

    def v_ent_contact(self, a):
        return 1.5

    def v_ot(self, a):
        d = self.d
        _, kind, extra = d.ot_cards[a[1]]
        if kind == 0:
            return extra * (1.0 if self.money() < 8 else 0.5)
        if kind == 1:
            return extra * 1.1
        if kind == 2:
            return 4.0
        pins = self.o["pins"][self.s]
        ok = [c for c in pins if d.cell_line[c] in extra and c not in self.o["stmt"][self.s]]
        return max((d.statement_points[d.cell_line[c]] for c in ok), default=-1) * 1.3

    def v_ot_extra(self, a):
        return 1.0 if self.o["contacts"][self.s] >= 2 else -1

    def v_stmt(self, a):
        return self.d.statement_points[self.d.cell_line[a[1]]]

    def v_train(self, a):
        o = self.o
        nxt = o["hr"][self.s]
        if nxt >= len(self.d.hr):
            return -1
        cost = self.d.hr[nxt][0]
        return 1.0 if self.money() - cost >= 5 else -1.0

    def v_stop(self, a):
        return 0.0

    def v_photo(self, a):
        return 1.0 if self.money() - self.d.photo_cost[a[1] - 1] >= 5 else -1.0

    def v_nophoto(self, a):
        return 0.0

    def v_keep(self, a):
        c = a[1]
        hl = self.g.hl[self.o["report"][self.s]]
        d = self.d
        if c < 100:
            return sum(1 for cell in hl if d.cell_evi[cell] in d.evidence_cards[c])
        return sum(1 for cell in hl if d.cell_line[cell] in d.line_cards[c - 100]) - 3 * (
            len(d.line_cards[c - 100]) - 1
        )

    # ---- which card supplies a pin: spend the least useful thing
    def card_worth(self, code):
        """What a kept card is still worth: the open highlighted cells of my report it
        could help pin later."""
        d = self.d
        pins, dest = self.o["pins"][self.s], self.o["destroyed"][self.s]
        open_hl = [c for c in self.g.hl[self.o["report"][self.s]] if c not in pins and c not in dest]
        if code < 100:
            return 1.0 + sum(1 for c in open_hl if d.cell_evi[c] in d.evidence_cards[code])
        return 1.0 + sum(1 for c in open_hl if d.cell_line[c] in d.line_cards[code - 100])

    def penalty_cost(self, cell):
        """The double-line penalty for pinning `cell`: the highlighted evidence it destroys
        in that line (the cheapest first), less the relief of losing a target token."""
        d = self.d
        line = d.cell_line[cell]
        pins, dest = self.o["pins"][self.s], self.o["destroyed"][self.s]
        open_line = sorted(
            self.cell_value(c)
            for c in self.g.hl[self.o["report"][self.s]]
            if c != cell and c not in pins and c not in dest and d.cell_line[c] == line
        )
        target = self.o["evt"][self.s][0]
        cost = sum(open_line[: 2 if target else 1])
        return cost - (3.0 if target else 0.0)

    def v_pin_evidence(self, a):
        kind, code = a[1], a[2]
        if kind == "kept":
            return -self.card_worth(code)
        if kind == "leak":
            return -1.5  # $200 to the leaker
        if kind == "wildcard":
            return -6.0  # names any evidence: the most flexible
        return 0.0

    def v_pin_line(self, a):
        kind, code = a[1], a[2]
        cell = self.o["pend"][2]
        if kind == "double":
            return -self.penalty_cost(cell)
        if kind == "kept":
            value = -self.card_worth(code)
            if len(self.d.line_cards[code - 100]) == 2:
                value -= self.penalty_cost(cell)
            return value
        if kind == "wildcard":
            return -6.0
        return 0.0

    def v_fund(self, a):
        return 1.0 if a[1] == "money" else 0.5

    def v_finale(self, a):
        _, _, sid, pos = self.o["pend"]
        j = self.o["spaces"][sid][pos][1]
        pay = self.d.news_pay[self.o["news_top"]][2]
        return (self.my_value(j) + 3 - pay - 0.5) if a[1] == "up" else 0.0

    def v_donor(self, a):
        return -self.o["points"][a[1]]
