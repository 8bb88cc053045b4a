"""Pulitzer's bots.

``pulitzer-heuristic`` (`HeuristicBot`) is the rule-based reference player, for every mode.
It reads only ``state.observation(seat)`` and ``state.legal_actions()`` plus the public
component data on the Game, never hidden fields: face-down values it cannot see are
estimated at 3.  Its habits: keep money for the bus and put strong journalists there,
chase highlighted evidence on high-value lines (A/D before B/C before X), win kiosk rows
against the agents to guard public opinion in solo and 2-player games, hire X early.

``pulitzer-expert`` (`ExpertBot`) is the strong solo player: a policy that prices every
move by the chances that decide a solo game (qualifying, the Capitol, the Times' table)
and a sampled-world Monte Carlo over its closest calls (see `ExpertPolicy`, `ExpertBot`;
measured in experiments/results/pulitzer_strength.md); outside solo games it plays as
``pulitzer-heuristic``.
"""

from __future__ import annotations

import math
import time
from functools import cache

from automa.search.bots import Bot, soft_choice

from .data import LINE_X, SECTIONS
from .game import ARCHIVE, BUS, EVENT, KIOSK, OVERTIME
from .state import F_ROW, F_UP, R_BUS, T_NR, T_PH1, T_PH2, T_RG
from .times import BLUE, RED, TIMES, agent_draw_counts

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


# ============================================================================ the solo expert

_SQRT2 = math.sqrt(2.0)
#: how much a cell at a given reach from the last pin is worth to the board's future: a
#: journalist of 3-5 reaches it easily, 6 and more only with a Photo token or X trained
_REACH_WEIGHT = (1.0, 1.0, 1.0, 0.95, 0.8, 0.55, 0.3, 0.15, 0.08, 0.04, 0.02)


def _phi(z: float) -> float:
    return 0.5 * (1.0 + math.erf(z / _SQRT2))


@cache
def _qualify_chance(need: int, open_cells: int, rounds: int, pin_rate: float, loss_rate: float) -> float:
    """The chance of finding `need` more highlighted evidence with `open_cells` still open
    (neither pinned nor destroyed) in `rounds` more bus resolutions, in a simple model of
    the solo game: each round the agents destroy one open cell with a chance growing with
    the open cells, then two bus journalists each pin one with a chance growing with them."""
    if need <= 0:
        return 1.0
    if open_cells < need or rounds <= 0:
        return 0.0
    lose = min(0.5, loss_rate * open_cells)
    total = 0.0
    for destroyed, p_d in ((0, 1.0 - lose), (1, lose)):
        left = open_cells - destroyed
        if left < need:
            continue
        p = min(0.6, pin_rate * left)
        for pins, p_k in ((0, (1 - p) * (1 - p)), (1, 2 * p * (1 - p)), (2, p * p)):
            total += p_d * p_k * _qualify_chance(need - pins, left - pins, rounds - 1, pin_rate, loss_rate)
    return total


@cache
def _qualify_chance_now(
    need: int, open_cells: int, rounds: int, tries: int, pin_rate: float, loss_rate: float
) -> float:
    """`_qualify_chance` with `tries` more bus journalists still to resolve this round
    before the `rounds` to come: in the last round the first of two needed pins is worth
    something only because a second journalist may find the other."""
    if need <= 0:
        return 1.0
    if tries <= 0:
        return _qualify_chance(need, open_cells, rounds, pin_rate, loss_rate)
    if open_cells < need:
        return 0.0
    p = min(0.6, pin_rate * open_cells)
    return p * _qualify_chance_now(need - 1, open_cells - 1, rounds, tries - 1, pin_rate, loss_rate) + (
        1 - p
    ) * _qualify_chance_now(need, open_cells, rounds, tries - 1, pin_rate, loss_rate)


@cache
def _capitol_danger(opinion: int, rounds: int, capitol: int, steps: tuple) -> float:
    """The chance that the opinion token, now at `opinion`, reaches the Capitol in the
    `rounds` still to come, each round moving it by the net row result drawn from
    `steps` ((move, chance), ...): how the expert prices a lost row."""
    if opinion <= capitol:
        return 1.0
    if rounds <= 0:
        return 0.0
    return sum(
        p * _capitol_danger(min(opinion + k, -capitol - 1), rounds - 1, capitol, steps) for k, p in steps
    )


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
    STEPS = ((-2, 0.06), (-1, 0.26), (0, 0.38), (1, 0.24), (2, 0.06))

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


class _PostView:
    """One decision of the Post: what it sees of the world and the values of its moves
    (``v_<action kind>``), in score points.  Built afresh for every decision; the board's
    pin values, which only change when a pin or a destruction does, are shared through
    the policy's cache.  It reads a piece's value only when the Post may see it (`known`):
    its own, the blue agents, anything face up or revealed."""

    def __init__(self, policy, st, seat):
        self.pol = policy
        self.p = policy.p
        self.st = st
        self.s = seat
        g = self.g = st.game
        d = self.d = g.data
        self.hl = g.hl[st.report[seat]]
        pins = self.pins = st.pins[seat]
        dest = self.dest = st.destroyed[seat]
        self.found = sum(1 for c in pins if c in self.hl)
        self.open_hl = tuple(sorted(c for c in self.hl if c not in pins and c not in dest))
        self.need = max(0, d.qualify - self.found)
        self.last = pins[-1] if pins else d.start
        self.string_left = d.string_length - st.string_used[seat]
        self.round = st.round
        self.cash = st.money[seat] + st.contacts[seat]
        times_vals = [1, 2, 3, 4, 5] + ([st.times_x] if st.times_hired else [])
        self.times_dist = tuple((1.0 / len(times_vals), v) for v in times_vals)
        reds = d.red_values
        self.red_dist = tuple((1.0 / len(reds), v) for v in reds)
        self.pw = self.points_weight()
        self.open_now = self.reachable_open(self.last, self.string_left, self.open_hl)
        # the game is won only if the report qualifies and the Capitol is never reached:
        # each chance is valued relative to where it stands (a logarithmic utility), so a
        # long shot at qualifying still outweighs a row when qualifying is what is missing
        self.q_scale = 1.0 / max(
            policy.p["q_floor"],
            _qualify_chance(
                self.need, self.open_now, self.rounds_for_pins(), policy.p["pin_rate"], policy.p["loss_rate"]
            ),
        )
        rounds_now = 8 - st.round + (1 if st.placing else 0)
        self.c_scale = 1.0 / max(
            policy.p["c_floor"],
            1.0 - _capitol_danger(st.opinion, rounds_now, d.opinion[0], ExpertPolicy.STEPS),
        )
        # pins and pin chances depend only on the board: shared by the decisions of a phase
        self.tries = self.tries_left()
        key = (
            st.report[seat],
            tuple(pins),
            tuple(dest),
            tuple(st.kept[seat]),
            st.round,
            self.rounds_for_pins(),
            self.tries,
            self.pw,
            self.string_left,
        )
        board = policy.boards.get(key)
        if board is None:
            if len(policy.boards) > 4000:
                policy.boards.clear()
            board = policy.boards[key] = ({}, {})
        self._pin_values, self._pv = board
        self._rows = None
        self._cols = None
        self._row_base = None
        self._net_values = None

    # ---- what the Post knows of a piece
    def known(self, p) -> bool:
        return p[0] == self.s or p[0] == BLUE or self.st.revealed or bool(p[3] & F_UP)

    def dist(self, p):
        if self.known(p):
            return ((1.0, self.st.pval(p)),)
        if p[0] == TIMES:
            return self.times_dist if not p[2] else tuple((q, v + p[2]) for q, v in self.times_dist)
        return self.red_dist

    def points_weight(self) -> float:
        """How much a point of score still matters: little once the projected score is far
        above the Times' table score (the game is then won or lost on qualification)."""
        p = self.p
        if p["points_floor"] >= 1.0 or not self.g.solo:
            return 1.0
        projected = self.st.final_score(self.s) + p["per_round"] * (
            8 - self.round + (1 if self.st.placing else 0)
        )
        excess = projected - self.g.times_target - p["surplus"]
        return max(p["points_floor"], min(1.0, 1.0 - excess / p["span"]))

    # ---- money
    def money_weight(self) -> float:
        """Points per $100: more while short of a bus fare, less once it piles up, little
        in the last round (only the bus and HR training still take it)."""
        base = self.p["money"]
        if self.round >= 8:
            return base * (0.6 if self.st.hr[self.s] else 0.25)
        if self.cash < 5:
            return base * 1.4
        if self.cash > 12:
            return base * 0.6
        return base

    # ---- qualification and opinion in points
    def qualify_value(self, need, open_cells, rounds, tries=0) -> float:
        return (
            self.p["loss"]
            * self.q_scale
            * _qualify_chance_now(need, open_cells, rounds, tries, self.p["pin_rate"], self.p["loss_rate"])
        )

    def tries_left(self) -> int:
        """Other bus journalists of mine that may still pin this round: one assumed while
        placing, those not yet resolved during the bus."""
        st = self.st
        if st.placing:
            return 1
        if st.rstep > R_BUS:
            return 0
        done = st.bus_done if st.rstep == R_BUS else ()
        return sum(
            1
            for sid in self.g.bus_sids
            for i, p in enumerate(st.spaces[sid])
            if p[0] == self.s and (sid, i) not in done
        )

    def rounds_for_pins(self) -> int:
        """Bus resolutions still to come, this round's included while placing."""
        st = self.st
        this_round = st.placing or st.rstep <= R_BUS
        return 8 - st.round + (1 if this_round else 0)

    def reachable_open(self, pos, string_left, cells) -> int:
        """How many of `cells` one string can still join from `pos`: the nearest-neighbour
        chain through them until the string runs out (what qualification can still use)."""
        key = (pos, string_left, cells)
        cache = self.pol.chains
        got = cache.get(key)
        if got is not None:
            return got
        dist = self.d.dist
        left = list(cells)
        used, count, here = 0.0, 0, pos
        while left:
            row = dist[here]
            nxt = min(left, key=row.__getitem__)
            used += row[nxt]
            if used > string_left + 1e-9:
                break
            count += 1
            here = nxt
            left.remove(nxt)
        if len(cache) > 50000:
            cache.clear()
        cache[key] = count
        return count

    def destroy_cost(self, rounds=None) -> float:
        """Points lost when one open highlighted cell is destroyed."""
        if self.need <= 0:
            return 0.0
        r = self.rounds_for_pins() if rounds is None else rounds
        o = self.open_now
        return self.qualify_value(self.need, o, r) - self.qualify_value(self.need, o - 1, r)

    # ---- the board
    def potential(self, pos, string_left, cells) -> float:
        reach, dist = self.d.reach[pos], self.d.dist[pos]
        total = 0.0
        for c in cells:
            if dist[c] <= string_left + 1e-9:
                r = reach[c]
                total += _REACH_WEIGHT[r] if r < len(_REACH_WEIGHT) else 0.0
        return total

    def pin_value(self, cell) -> float:
        """What pinning `cell` now is worth (0 = pin nothing): its line's points, and its
        effect on qualifying (a highlighted cell found; the string and reach it leaves
        for the highlighted evidence still needed)."""
        v = self._pin_values.get(cell)
        if v is not None:
            return v
        d, p = self.d, self.p
        line = d.cell_line[cell]
        value = float(d.line_points[line]) * self.pw
        step = d.dist[self.last][cell]
        left = self.string_left - step
        is_hl = cell in self.hl
        if self.need > 0:
            r = max(0, self.rounds_for_pins() - 1)
            tries = self.tries
            rest = tuple(c for c in self.open_hl if c != cell)
            need_after = self.need - (1 if is_hl else 0)
            open_after = self.reachable_open(cell, left, rest)
            value += self.qualify_value(need_after, open_after, r, tries) - self.qualify_value(
                self.need, self.open_now, r, tries
            )
            if need_after > 0:
                before = self.potential(self.last, self.string_left, self.open_hl)
                after = self.potential(cell, left, rest)
                value += p["pos_weight"] * (after - before) * min(1.0, self.need / 3.0 + 0.4)
        value -= p["string_weight"] * step * (1.0 if self.need > 0 else 0.6)
        self._pin_values[cell] = value
        return value

    def cell_chance(self, cell, ne, nl, kept_ev, kept_ln) -> float:
        d = self.d
        e = d.cell_evi[cell]
        pe = 1.0 if e in kept_ev else 1.0 - (1.0 - self.pol.ev_share[e]) ** ne
        line = d.cell_line[cell]
        if line == LINE_X or line in kept_ln:
            return pe
        return pe * (1.0 - (1.0 - self.pol.line_share[line]) ** nl)

    def kept_symbols(self):
        d = self.d
        ev, ln = set(), set()
        for k in self.st.kept[self.s]:
            if k < 100:
                ev.update(d.evidence_cards[k])
            else:
                ln.update(d.line_cards[k - 100])
        return ev, ln

    def pin_opportunity(self, reach_value, ne, nl) -> float:
        """Expected value of one bus journalist's pin: the best pinnable cell's value,
        cells taken independently pinnable with the chance the drawn cards allow."""
        key = (reach_value, ne, nl)
        got = self._pv.get(key)
        if got is not None:
            return got
        d = self.d
        reach, dist = d.reach[self.last], d.dist[self.last]
        kept_ev, kept_ln = self.kept_symbols()
        options = []
        for cell in range(len(d.cell_line)):
            if d.cell_line[cell] < 0 or cell in self.pins or cell in self.dest:
                continue
            if reach[cell] > reach_value or dist[cell] > self.string_left + 1e-9:
                continue
            value = self.pin_value(cell)
            if value <= 0:
                continue
            options.append((value, self.cell_chance(cell, ne, nl, kept_ev, kept_ln)))
        options.sort(reverse=True)
        total, miss = 0.0, 1.0
        for value, chance in options:
            total += value * chance * miss
            miss *= 1.0 - chance
            if miss < 0.02:
                break
        self._pv[key] = total
        return total

    def agent_threat(self, ne, nl) -> float:
        """Expected points lost to an agent drawing ne evidence and nl line cards."""
        if self.need <= 0 or not self.open_hl:
            return 0.0
        miss = 1.0
        for cell in self.open_hl:
            miss *= 1.0 - self.cell_chance(cell, ne, nl, (), ())
        return (1.0 - miss) * self.destroy_cost() * self.p["threat"]

    # ---- the kiosk (solo and 2-player: the press against the agents)
    def cell_outcomes(self, pieces):
        """[(chance, post, times, agents, row_extra)] for one kiosk cell after its duel."""
        js = [p for p in pieces if p[0] < RED]
        ags = [p for p in pieces if p[0] >= RED]
        s = self.s
        out = []
        if js and ags:
            j, a = js[0], ags[0]
            extra = 2 if j[3] & F_ROW else 0
            for pj, vj in self.dist(j):
                for pa, va in self.dist(a):
                    if vj >= va:
                        out.append((pj * pa, vj if j[0] == s else 0, vj if j[0] != s else 0, 0, extra))
                    else:
                        out.append((pj * pa, 0, 0, va, 0))
            return out
        if js:
            j = js[0]
            extra = 2 if j[3] & F_ROW else 0
            for pj, vj in self.dist(j):
                out.append((pj, vj if j[0] == s else 0, vj if j[0] != s else 0, 0, extra))
            return out
        if ags:
            for pa, va in self.dist(ags[0]):
                out.append((pa, 0, 0, va, 0))
            return out
        return [(1.0, 0, 0, 0, 0)]

    @staticmethod
    def moments(outcomes):
        """(row margin mean, var, post-agents mean, var, post-times mean, var, post mean)."""
        rm = rv = am = av = tm = tv = pm = 0.0
        for q, post, times, agents, extra in outcomes:
            r = post + times + extra - agents
            a = post - agents
            t = post - times
            rm += q * r
            rv += q * r * r
            am += q * a
            av += q * a * a
            tm += q * t
            tv += q * t * t
            pm += q * post
        return (rm, rv - rm * rm, am, av - am * am, tm, tv - tm * tm, pm)

    def kiosk_cells(self):
        if self._rows is None:
            g = self.g
            self._cells = {sid: self.moments(self.cell_outcomes(self.st.spaces[sid])) for sid in g.kiosk_sids}
            self._rows = [
                self._sum([self._cells[sid] for sid in g.kiosk_row_sids[r]]) for r in range(g.krows)
            ]
            self._cols = [
                self._sum([self._cells[sid] for sid in g.kiosk_col_sids[c]]) for c in range(g.kcols)
            ]
        return self._cells

    @staticmethod
    def _sum(cells):
        out = [0.0] * 7
        for m in cells:
            for i in range(7):
                out[i] += m[i]
        return out

    @staticmethod
    def _win_lose(mean, var):
        if var < 1e-9:
            return (1.0, 0.0) if mean > 0.5 else ((0.0, 1.0) if mean < -0.5 else (0.0, 0.0))
        sd = math.sqrt(var)
        return 1.0 - _phi((0.5 - mean) / sd), _phi((-0.5 - mean) / sd)

    def net_values(self):
        """Points for each net row result -3..+3 this round (index net + 3): the Capitol
        at once, or the chance of it in the rounds after (the Hat while not qualified)."""
        if self._net_values is None:
            d = self.d
            capitol, hat = d.opinion[0], d.opinion[1]
            after = 8 - self.round
            loss = self.p["loss"] * self.c_scale
            out = []
            for k in range(-3, 4):
                o = self.st.opinion + k
                if o <= capitol:
                    out.append(-loss)
                elif o >= hat and after > 0:
                    out.append(-loss * 0.6 if self.need > 0 else 0.0)
                else:
                    out.append(-loss * _capitol_danger(o, after, capitol, ExpertPolicy.STEPS))
            self._net_values = out
        return self._net_values

    def opinion_value(self, rows) -> float:
        """Points the rows' outcome ((mean, var) of each row's press-minus-agents margin)
        is worth through public opinion."""
        dist = [1.0]  # index: number of rows decided so far + net
        for mean, var in rows:
            w, l = self._win_lose(mean, var)
            t = 1.0 - w - l
            new = [0.0] * (len(dist) + 2)
            for k, q in enumerate(dist):
                if q:
                    new[k] += q * l
                    new[k + 1] += q * t
                    new[k + 2] += q * w
            dist = new
        values = self.net_values()
        shift = 3 - len(rows)
        return sum(q * values[k + shift] for k, q in enumerate(dist))

    def opinion_change(self, row, mean, var) -> float:
        """What replacing row `row`'s margin by (mean, var) is worth through opinion."""
        self.kiosk_cells()
        base = self._row_base
        if base is None:
            rows = [(r[0], r[1]) for r in self._rows]
            base = self._row_base = (self.opinion_value(rows), rows, {})
        value, rows, others = base
        rest = others.get(row)
        if rest is None:
            dist = [1.0]
            for i, (m, v) in enumerate(rows):
                if i == row:
                    continue
                w, l = self._win_lose(m, v)
                t = 1.0 - w - l
                new = [0.0] * (len(dist) + 2)
                for k, q in enumerate(dist):
                    new[k] += q * l
                    new[k + 1] += q * t
                    new[k + 2] += q * w
                dist = new
            rest = others[row] = dist
        w, l = self._win_lose(mean, var)
        t = 1.0 - w - l
        values = self.net_values()
        shift = 3 - len(rows)
        total = 0.0
        for k, q in enumerate(rest):
            total += q * (l * values[k + shift] + t * values[k + 1 + shift] + w * values[k + 2 + shift])
        return total - value

    def column_values(self):
        """Per kiosk column, the points its reward is worth to the Post."""
        d = self.d
        mw = self.money_weight()
        pw = self.pw
        return (
            d.national[1] * pw + d.national[0] * mw,
            d.international[1] * pw + d.international[0] * mw,
            d.sports_cash * mw + 0.5,
            d.ent_contacts * mw + 0.5,
        )

    def column_chance(self, m):
        if m[6] <= 0.01:
            return 0.0
        wa, _ = self._win_lose(m[2], m[3])
        wt, _ = self._win_lose(m[4], m[5])
        return wa * wt

    def kiosk_value(self, sid, piece):
        """Points gained by adding `piece` (an own journalist) to kiosk cell sid: its rows
        through opinion, its column's reward, the payout."""
        g = self.g
        cells = self.kiosk_cells()
        new = self.moments(self.cell_outcomes(list(self.st.spaces[sid]) + [piece]))
        old = cells[sid]
        col, row = divmod(sid, g.krows)
        r = self._rows[row]
        gain = self.opinion_change(row, r[0] - old[0] + new[0], max(0.0, r[1] - old[1] + new[1]))
        cm = self._cols[col]
        after = [cm[i] - old[i] + new[i] for i in range(7)]
        for i in (1, 3, 5):
            after[i] = max(0.0, after[i])
        reward = self.column_values()[col] if col < 4 else 0.0
        gain += reward * (self.column_chance(after) - self.column_chance(cm))
        return gain

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
        totals = [0.0] * len(cands)
        choose = self.policy.choose
        target = self.game.times_target
        limit = float(self.params["max_seconds"])
        start = time.perf_counter()
        played = 0
        for _ in range(worlds):
            if limit and played and time.perf_counter() - start > limit:
                break
            played += 1
            world = state.determinize(seat, self.rng)
            for k, action in enumerate(cands):
                x = world.clone()
                x._apply(action)
                while not x.over:
                    x._apply(choose(x, seat))
                won = 1.0 if x.outcome().winners else 0.0
                margin_points = max(-50, min(50, x.final_score(seat) - target))
                totals[k] += won + 0.001 * margin_points
        self.last_stats = {"playouts": played * len(cands), "seconds": time.perf_counter() - start}
        best = max(range(len(cands)), key=lambda k: (totals[k], -k))
        if totals[best] - totals[0] < float(self.params["switch"]):
            return cands[0]
        return cands[best]
