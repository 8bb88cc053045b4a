"""The solo expert's model of the game as the Post sees it (`PostModel`): the chances that
decide a solo game (qualifying, the Capitol, kiosk rows and columns), from the Post's
observation and the public pools; `expert.py` prices moves with it."""

from __future__ import annotations

import math
from functools import cache

from .data import LINE_X
from .state import F_ROW, F_UP, R_BUS
from .times import BLUE, RED, TIMES

# ============================================================================ the solo expert

_SQRT2 = math.sqrt(2.0)
#: how much a cell at a given reach from the last pin is worth to the board's future: a
#: journalist of 3-5 reaches it easily, 6 and more only with a Photo token or X trained
#: how far one round of kiosk rows moves public opinion, and how often (the expert's model)
OPINION_STEPS = ((-2, 0.06), (-1, 0.26), (0, 0.38), (1, 0.24), (2, 0.06))
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


class PostModel:
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
            1.0 - _capitol_danger(st.opinion, rounds_now, d.opinion[0], OPINION_STEPS),
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
                    out.append(-loss * _capitol_danger(o, after, capitol, OPINION_STEPS))
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
