"""Pulitzer's resolution phase (§8, §13.5-§13.7) and the round's end (§9, §13.10): each step
of the order of operations, the decisions it asks for (destructions, pins, overtime picks,
hiring), and the maintenance that starts the next round."""

from __future__ import annotations

import automa.rules.pulitzer.times as T
from automa.rules.draws import randint
from automa.rules.tuples import tuple_with, tuple_without

from .base import (
    EV,
    F_REG,
    F_ROW,
    JX,
    NO_PENALTY,
    NOPIN,
    PENALTY_DESTROYS,
    PENALTY_TARGET,
    R_ARCH,
    R_BUS,
    R_BUSAG,
    R_COL,
    R_DUEL,
    R_END,
    R_EV2,
    R_EV4,
    R_NEWS,
    R_OT,
    R_ROW,
    S_HR,
    SEC_TOKEN,
    T_PH1,
    T_PH2,
    UNPIN,
    _add,
    _undominated,
)
from .data import BLUE, LINE_X, LINES, RED, TIMES
from .text import PulitzerText


class PulitzerResolution(PulitzerText):
    def _destroy_options(self, s: int, lines) -> list[int]:
        tb = self.tables
        pins, dest = self.pins[s], self.destroyed[s]
        return sorted(
            c
            for c in self.tables.hl[self.report[s]]
            if c not in pins and c not in dest and (not lines or tb.cell_line[c] in lines)
        )

    def _destroy(self, s: int, cell: int) -> None:
        self.destroyed[s] += (cell,)

    def _check_elim(self, seats) -> None:
        """§13.8: in LP, a report that can no longer reach 5 highlighted is out at once."""
        tb = self.tables
        if not tb.lp or self.over:
            return
        out: list = []
        for s in seats:
            if self.eliminated[s]:
                continue
            hl = tb.hl[self.report[s]]
            lost = sum(1 for c in self.destroyed[s] if c in hl)
            if len(hl) - lost < tb.qualify:
                self.eliminated[s] = True
                out.append(s)
        if out:
            self.over = True
            self.pend = None
            self.end_reason = "eliminated"

    # ------------------------------------------------------------------ resolution driver
    def _start_resolution(self) -> None:
        self.placing = False
        self.revealed = True
        self.rstep = R_EV4
        self.ri = self.rj = 0
        self.sup = {}
        self._run()

    def _run(self) -> None:
        while self.pend is None and not self.over and not self.placing:
            if self.dq:
                s, lines = self.dq[0]
                opts = self._destroy_options(s, lines)
                del self.dq[0]
                if not opts:
                    continue
                if len(opts) == 1:
                    self._destroy(s, opts[0])
                    self._check_elim((s,))
                else:
                    self.pend = ("destroy", s, tuple(opts))
                continue
            step = self.rstep
            if step == R_EV4:
                self._step_ev4()
            elif step == R_DUEL:
                self._step_duels()
            elif step == R_COL:
                self._step_columns()
            elif step == R_ROW:
                self._step_rows()
            elif step == R_ARCH:
                self._step_archive()
            elif step == R_EV2:
                self._step_ev2()
            elif step == R_BUSAG:
                self._step_bus_agents()
            elif step == R_BUS:
                self._step_bus()
            elif step == R_OT:
                self._step_overtime()
            elif step == R_NEWS:
                self._step_newspaper()
            else:
                self._end_round()

    def _next_step(self, step: int) -> None:
        self.rstep = step
        self.ri = self.rj = 0

    def _seat_order(self) -> list[int]:
        n = self.tables.n
        return [(self.pp + k) % n for k in range(n)]

    # ---- class IV events
    def _step_ev4(self) -> None:
        eid = self._event_id()
        if eid in (EV["fundraising"], EV["press_on_trial"]):
            sid = self.tables.event_sids[0]
            if self.spaces[sid]:
                p = self.spaces[sid][0]
                s, v = p[0], self.pval(p)
                roll = randint(1, 6, self._r())
                if eid == EV["fundraising"]:
                    if v > roll:
                        self._next_step(R_DUEL)
                        self.pend = ("fund", s)
                        return
                    if v < roll:
                        self.evt[s] = tuple_with(self.evt[s], 0, 1)
                else:
                    if v > roll:
                        self.points[s] += 10
                    elif v < roll:
                        self.points[s] = max(0, self.points[s] - 5)
                        self.money[s] = max(0, self.money[s] - 5)
        self._next_step(R_DUEL)

    # ---- kiosk
    def _duel(self, sid: int) -> None:
        pieces = self.spaces[sid]
        agents = [p for p in pieces if p[0] >= RED]
        if not agents:
            return
        js = [p for p in pieces if p[0] < RED]
        if not js:
            return
        if "R-32" in self.tables.alt:
            best = max(self.jval(p[0], p[1]) for p in js)
        else:
            best = max(self.pval(p) for p in js)
        keep = []
        for a in agents:
            if best >= a[1]:
                continue  # tie goes to the journalist
            keep.append(a)
        if keep:  # an agent beat every journalist here
            self.spaces[sid] = tuple(keep)
        else:
            self.spaces[sid] = tuple(js)
        self._log("duel", sid, tuple((p[0], self.pval(p)) for p in js + agents), bool(keep))

    def _step_duels(self) -> None:
        if self.tables.lp:
            for sid in self.tables.kiosk_sids:
                if len(self.spaces[sid]) > 1:
                    self._duel(sid)
        self._next_step(R_COL)

    def _step_columns(self) -> None:
        tb = self.tables
        while self.ri < tb.kcols:
            col = self.ri
            self.ri += 1
            tot: dict[int, int] = {}
            for sid in tb.kiosk_col_sids[col]:
                for p in self.spaces[sid]:
                    o: int = p[0]
                    if o == BLUE:
                        o = RED  # one agent team
                    tot[o] = tot.get(o, 0) + self.pval(p)
            if not tot:
                continue
            top = max(tot.values())
            win = [o for o, v in tot.items() if v == top]
            self._log("column", col, win[0] if len(win) == 1 else -1, top)
            if len(win) != 1 or win[0] >= TIMES:
                continue
            s = win[0]
            if col == 0:
                self.contacts[s] += tb.national[0]
                self.points[s] += tb.national[1]
                if not tb.solo:
                    self.pp = s
            elif col == 1:
                self.contacts[s] += tb.international[0]
                self.points[s] += tb.international[1]
            elif col == 2:
                cells = [
                    sid for sid in tb.kiosk_sids if any(p[0] == s and p[2] == 0 for p in self.spaces[sid])
                ]
                if cells:
                    self.pend = ("sports", s, tuple(cells))
                    return
                self.money[s] += tb.sports_cash
            elif col == 3:
                ots = tuple(sid for sid in tb.ot_sids if self.spaces[sid] and self.spaces[sid][0][0] == s)
                if ots:
                    self.pend = ("ent", s, ots)
                    return
                self.contacts[s] += tb.ent_contacts
            else:
                self.points[s] += tb.economy_points
        self._next_step(R_ROW)

    def _step_rows(self) -> None:
        tb = self.tables
        net = 0
        for r in range(tb.krows):
            tot: dict[int, int] = {}
            for sid in tb.kiosk_row_sids[r]:
                for p in self.spaces[sid]:
                    o: int = p[0]
                    v = self.pval(p) + (2 if p[3] & F_ROW else 0)
                    if tb.lp:
                        o = 1 if o < RED else -1
                    tot[o] = tot.get(o, 0) + v
            if tb.lp:
                diff = tot.get(1, 0) - tot.get(-1, 0)
                side = (diff > 0) - (diff < 0)
                self.rowh[r] = (side,)
                net += side
                continue
            if not tot:
                continue
            top = max(tot.values())
            win = [o for o, v in tot.items() if v == top]
            if len(win) == 1 and self.house_supply[r] > 0:
                self.house_supply[r] -= 1
                _add(self.houses, win[0], r, 1)
                self._log("house", r, win[0])
        if tb.lp:
            self._log("rows", tuple(h[0] for h in self.rowh), net, self.opinion + net)
        if tb.lp and net:
            self.opinion = max(tb.opinion[0], min(tb.opinion[1], self.opinion + net))
            if self.opinion <= tb.opinion[0]:
                self.capitol = True
                self.over = True
                self.end_reason = "capitol"
                return
            if self.opinion >= tb.opinion[1]:
                self.hat = True
        self._next_step(R_ARCH)

    # ---- archive (MP)
    def _bus_journalists(self, s: int) -> list[tuple[int, int]]:
        out: list = []
        for sid in self.tables.bus_sids:
            for pos, p in enumerate(self.spaces[sid]):
                if p[0] == s:
                    out.append((sid, pos))
        return out

    def _step_archive(self) -> None:
        tb = self.tables
        if not tb.archive_sids:
            self._next_step(R_EV2)
            return
        if self.ri == 0:
            arch = [(-self.pval(self.spaces[sid][0]), sid) for sid in tb.archive_sids if self.spaces[sid]]
            arch.sort()
            self.lower = [sid for _, sid in arch]  # relocation order; first 3 reach L1-L3
            self.rlist = []
            mass = self._event_id() == EV["mass_leak"]
            for s in self._seat_order():
                for k, sid in enumerate(self.lower):
                    if self.spaces[sid][0][0] != s:
                        continue
                    e, l = tb.archive_lower[k] if k < 3 else (0, 0)
                    if mass:
                        e += 1
                    if e or l:
                        self.rlist.append((s, e, l))
            self.ri = 1
            self.rj = 0
        while self.rj < len(self.rlist):
            s, e, l = self.rlist[self.rj]
            free = tuple(key for key in self._bus_journalists(s) if key not in self.sup)
            if not free:
                self.rj += 1
                continue
            self.pend = ("support", s, free, (e, l))
            return
        self._next_step(R_EV2)

    # ---- class II events
    def _step_ev2(self) -> None:
        tb = self.tables
        eid = self._event_id()
        if self.ri == 0:
            self.ri = 1
            if eid == EV["rat_race"]:
                for s in self._seat_order():
                    for sid, pos in self._bus_journalists(s):
                        if self.pval(self.spaces[sid][pos]) >= 4:
                            self.dq.append((s, ()))
            elif eid in (EV["document_leak"], EV["snitch"]):
                sid = tb.event_sids[0]
                if self.spaces[sid]:
                    p = self.spaces[sid][0]
                    s, v = p[0], self.pval(p)
                    which = "E" if eid == EV["document_leak"] else "L"
                    cards = []
                    for _ in range(v):
                        c = self._draw(which)
                        if c is not None:
                            cards.append(c if which == "E" else 100 + c)
                    if cards:
                        self.agent_cards = cards
                        self.pend = ("keep", s, tuple(sorted(set(cards))), p[1])
                        return
            elif eid in (EV["leak_prevention_unit"], EV["insider"]):
                a, b = (self.spaces[sid] for sid in tb.event_sids)
                win = -1
                if a and b:
                    win = a[0][0] if self.pval(a[0]) >= self.pval(b[0]) else b[0][0]
                elif a or b:
                    win = (a or b)[0][0]
                if win >= 0:
                    if eid == EV["insider"]:
                        _add(self.evt, win, 2, 1)
                    else:
                        _add(self.evt, win, 1, 1)
                        self.evt[win] = tuple_with(self.evt[win], 0, 1)
        self._next_step(R_BUSAG)

    def _after_keep(self, s: int, card: int, pend) -> None:
        cards = self.agent_cards
        cards.remove(card)
        eid = self._event_id()
        if eid == EV["document_leak"]:
            self.leak = sorted(cards)
            self.leak_owner = s
        else:
            j = pend[3]
            if any(len(self.tables.line_cards[c - 100]) > 1 for c in cards + [card]):
                self.arrested[s] += (j,)
                self.bail_due[s] = self.round
            for c in cards:
                self._discard_card(c)
        self.agent_cards = []
        self._next_step(R_BUSAG)

    # ---- bus: agents (LP)
    def _step_bus_agents(self) -> None:
        tb = self.tables
        if not tb.lp:
            self._next_step(R_BUS)
            return
        while True:
            if self.ri == 0:
                for sid in tb.bus_sids:
                    if len(self.spaces[sid]) > 1:
                        self._duel(sid)
                self.ri = 1
            elif self.ri in (1, 3):
                colour = BLUE if self.ri == 1 else RED
                sid = tb.bus_sids[0] if colour == BLUE else tb.bus_sids[-1]
                self.agent_cards = []
                if any(p[0] == colour for p in self.spaces[sid]):
                    ne, nl = T.agent_draw_counts(colour, self.marker, "R-30" in tb.alt)
                    for _ in range(ne):
                        c = self._draw("E")
                        if c is not None:
                            self.agent_cards.append(c)
                    for _ in range(nl):
                        c = self._draw("L")
                        if c is not None:
                            self.agent_cards.append(100 + c)
                    self.ri += 1
                    self.rj = 0
                else:
                    self.ri += 2
            elif self.ri in (2, 4):
                ev = [c for c in self.agent_cards if c < 100]
                ln = [c - 100 for c in self.agent_cards if c >= 100]
                while self.rj < tb.n:
                    s = self.rj
                    self.rj += 1
                    if self.eliminated[s]:
                        continue
                    cells = T.agent_matches(self, s, ev, ln)
                    if len(cells) == 1:
                        self._destroy(s, cells[0])
                        self._log("agent_destroyed", "blue" if self.ri == 2 else "red", cells[0], s)
                    elif cells:
                        self.pend = ("destroy", s, tuple(sorted(cells)))
                        return
                for c in self.agent_cards:
                    self._discard_card(c)
                self.agent_cards = []
                self._check_elim(tb.all_seats)
                if self.over:
                    return
                self.ri += 1
            else:
                break
        self._next_step(R_BUS)

    # ---- bus: journalists (§8.4)
    def _step_bus(self) -> None:
        if self.ri == 0:
            self.rlist = self._seat_order()
            self.bus_done = []
            self.ri = 1
        while self.rlist:
            s = self.rlist[0]
            left = tuple(k for k in self._bus_journalists(s) if k not in self.bus_done)
            if self.eliminated[s] or not left:
                del self.rlist[0]
                continue
            if len(left) > 1:
                self.pend = ("busorder", s, left)
                return
            self._start_bus_journalist(s, left[0][0], left[0][1])
            return
        self.cur = []
        self._next_step(R_OT)

    def _start_bus_journalist(self, s: int, sid: int, pos: int) -> None:
        tb = self.tables
        p = self.spaces[sid][pos]
        _, ne, nl, _ = tb.bus[tb.aidx[sid]]
        e, l = self.sup.get((sid, pos), (0, 0))
        ne += e
        nl += l
        ev, ln = [], []
        for _ in range(ne):
            c = self._draw("E")
            if c is not None:
                ev.append(c)
        for _ in range(nl):
            c = self._draw("L")
            if c is not None:
                ln.append(c)
        self.bus_done.append((sid, pos))
        self.cur = [s, sid, pos, self.pval(p), ev, ln]
        self.pend = ("reg", s) if p[3] & F_REG else ("pin", s)

    # ---- which card supplies the pin
    def _leak_usable(self, s: int) -> bool:
        """Document Leak (§11 #7, R-12): another player's leaked cards, one use per round, $200."""
        return bool(self.leak) and self.leak_owner != s and s not in self.leak_used and self._can_pay(s, 2)

    def _symbols(self, s: int) -> tuple[set, set]:
        """Evidence symbols and lines the current bus journalist can pin with, from any
        source: its drawn cards, kept cards, a leaked card, a wildcard."""
        tb = self.tables
        c = self.cur
        evs: set[int] = set()
        lines: set[int] = set()
        for card in c[4]:
            evs.update(tb.evidence_cards[card])
        for card in c[5]:
            lines.update(tb.line_cards[card])
        for k in self.kept[s]:
            if k < 100:
                evs.update(tb.evidence_cards[k])
            else:
                lines.update(tb.line_cards[k - 100])
        if self._leak_usable(s):
            for card in self.leak:
                evs.update(tb.evidence_cards[card])
        if self.evt[s][2]:
            evs.update(range(len(tb.evidence_types)))
        if self.evt[s][1]:
            lines.update(li for li in range(len(LINES)) if li != LINE_X)
        return evs, lines

    def _kept_kinds(self, s: int, line: bool) -> list[int]:
        """One kept card per distinct content (the lowest id): copies that show the same
        symbols are the same card to the player, so spending either leaves the same game."""
        tb = self.tables
        seen: dict = {}
        for code in sorted(self.kept[s]):
            if (code >= 100) == line:
                seen.setdefault(tb.line_cards[code - 100] if line else tb.evidence_cards[code], code)
        return list(seen.values())

    def _evidence_choices(self, s: int, e: int) -> list[tuple]:
        """The ways to supply evidence symbol e worth offering (R-12): a drawn card costs
        nothing, so it is used whenever one shows e; otherwise each kept card showing e, a
        leaked card ($200 to its owner) and the evidence wildcard."""
        tb = self.tables
        options: list = []
        if any(e in tb.evidence_cards[card] for card in self.cur[4]):
            options.append((("pin_evidence", "drawn", 0), frozenset(), NO_PENALTY))
        for code in self._kept_kinds(s, False):
            if e in tb.evidence_cards[code]:
                options.append((("pin_evidence", "kept", code), frozenset({code}), NO_PENALTY))
        if self._leak_usable(s) and any(e in tb.evidence_cards[card] for card in self.leak):
            options.append((("pin_evidence", "leak", 0), frozenset({"leak"}), NO_PENALTY))
        if self.evt[s][2]:
            options.append((("pin_evidence", "wildcard", 0), frozenset({"wildcard"}), NO_PENALTY))
        return _undominated(options)

    def _penalty_kind(self, s: int, cell: int, li: int) -> int:
        """What using a double line card for a pin on `cell` (line li) would do (R-13):
        nothing, destroy highlighted evidence in li, or, with a target token, discard the
        token and destroy up to two."""
        if self.evt[s][0]:
            return PENALTY_TARGET
        if any(c != cell for c in self._destroy_options(s, (li,))):
            return PENALTY_DESTROYS
        return NO_PENALTY

    def _line_choices(self, s: int, cell: int, li: int) -> list[tuple]:
        """The ways to supply line li worth offering (R-12, R-13): a drawn single card, a
        drawn double card (its penalty), each kept card showing li (a double one brings
        the penalty too) and the line wildcard; see `_undominated`."""
        tb = self.tables
        penalty = self._penalty_kind(s, cell, li)
        drawn = [tb.line_cards[card] for card in self.cur[5] if li in tb.line_cards[card]]
        options: list = []
        if any(len(lc) == 1 for lc in drawn):
            options.append((("pin_line", "drawn", 0), frozenset(), NO_PENALTY))
        if any(len(lc) == 2 for lc in drawn):
            options.append((("pin_line", "double", 0), frozenset(), penalty))
        for code in self._kept_kinds(s, True):
            lc = tb.line_cards[code - 100]
            if li in lc:
                options.append(
                    (("pin_line", "kept", code), frozenset({code}), penalty if len(lc) == 2 else NO_PENALTY)
                )
        if self.evt[s][1]:
            options.append((("pin_line", "wildcard", 0), frozenset({"wildcard"}), NO_PENALTY))
        return _undominated(options)

    def _pin_targets(self, s: int) -> list[int]:
        tb = self.tables
        evs, lines = self._symbols(s)
        if not evs:
            return []
        v = self.cur[3]
        pins = self.pins[s]
        dest = self.destroyed[s]
        last = pins[-1] if pins else tb.start
        rem = tb.string_length - self.string_used[s] + 1e-9
        reach, dist = tb.reach[last], tb.dist[last]
        out: list = []
        cell_at = tb.cell_at
        for e in evs:
            for li in range(5):
                if li != LINE_X and li not in lines:
                    continue
                cell = cell_at[li][e]
                if cell < 0 or reach[cell] > v or dist[cell] > rem or cell in pins or cell in dest:
                    continue
                out.append(cell)
        out.sort()
        return out

    def _can_unpin(self, s: int) -> bool:
        return bool(self.pins[s]) and not self.unpinned[s] and self.pinrd[s][-1] < self.round

    def _pin_actions(self, s: int) -> list:
        table = self.tables.pin_acts
        acts: list = [table[c] for c in self._pin_targets(s)]
        if self._can_unpin(s):
            acts.append(UNPIN)
        acts.append(NOPIN)
        return acts

    def _apply_pin(self, s: int, action) -> None:
        """The pin decision; which cards supply the chosen cell follows as up to two more
        decisions (`pin_evidence`, `pin_line`) when the player has a real choice."""
        if action[0] == "unpin":
            self._unpin(s)
            self.pend = ("pin", s)
            return
        if action[0] == "pin":
            cell = action[1]
            choices = self._evidence_choices(s, self.tables.cell_evi[cell])
            if len(choices) > 1:
                self.pend = ("pin_evidence", s, cell, tuple(choices))
                return
            self._pin_with_evidence(s, cell, choices[0])
            return
        self._discard_drawn()

    def _pin_with_evidence(self, s: int, cell: int, evidence: tuple) -> None:
        li = self.tables.cell_line[cell]
        if li == LINE_X:  # X needs no line card (§8.4 step 3)
            self._finish_pin(s, cell, evidence, None)
            return
        choices = self._line_choices(s, cell, li)
        if len(choices) > 1:
            self.pend = ("pin_line", s, cell, evidence, tuple(choices))
            return
        self._finish_pin(s, cell, evidence, choices[0])

    def _finish_pin(self, s: int, cell: int, evidence: tuple, line) -> None:
        """Spend the chosen sources, queue the double-line penalty (§8.4 step 6, R-13),
        pin the cell and discard the drawn cards (§8.4 step 7)."""
        tb = self.tables
        self._spend(s, evidence)
        if line is not None:
            self._spend(s, line)
            if line[1] == "double" or (line[1] == "kept" and len(tb.line_cards[line[2] - 100]) == 2):
                n = 1
                if self.evt[s][0]:
                    n = 2
                    self.evt[s] = tuple_with(self.evt[s], 0, 0)
                li = tb.cell_line[cell]
                for _ in range(n):
                    self.dq.append((s, (li,)))
        last = self.pins[s][-1] if self.pins[s] else tb.start
        self.string_used[s] += tb.dist[last][cell]
        self.pins[s] += (cell,)
        self.pinrd[s] += (self.round,)
        self._discard_drawn()

    def _discard_drawn(self) -> None:
        c = self.cur
        self.evi_disc.extend(c[4])
        self.line_disc.extend(c[5])
        c[4] = []
        c[5] = []

    def _spend(self, s: int, choice: tuple) -> None:
        """Use up what a `pin_evidence` / `pin_line` choice names; drawn cards are
        discarded with the rest anyway."""
        _, kind, code = choice
        if kind == "kept":
            self.kept[s] = tuple_without(self.kept[s], code)
            self._discard_card(code)
        elif kind == "leak":
            self._pay(s, 2)
            self.money[self.leak_owner] += 2
            self.leak_used.append(s)
        elif kind == "wildcard":
            _add(self.evt, s, 2 if choice[0] == "pin_evidence" else 1, -1)

    def _unpin(self, s: int) -> None:
        tb = self.tables
        cell = self.pins[s][-1]
        self.pins[s] = self.pins[s][:-1]
        self.pinrd[s] = self.pinrd[s][:-1]
        if cell in self.stmt[s]:
            self.stmt[s] = tuple_without(self.stmt[s], cell)
        last = self.pins[s][-1] if self.pins[s] else tb.start
        self.string_used[s] = max(0.0, self.string_used[s] - tb.dist[last][cell])
        self.unpinned[s] = True

    # ---- overtime (§8.6)
    def _step_overtime(self) -> None:
        tb = self.tables
        if self.ri == 0:
            occ = [(-self.pval(self.spaces[sid][0]), sid) for sid in tb.ot_sids if self.spaces[sid]]
            occ.sort()
            self.lower = [sid for _, sid in occ][: tb.ot_reward + tb.ot_penalty]
            self.ri = 1
            self.rj = 0
        while self.rj < len(self.lower):
            k = self.rj
            self.rj += 1
            owner = self.spaces[self.lower[k]][0][0]
            if k < tb.ot_reward:
                if not self.ot_display:
                    continue
                if owner == TIMES:
                    i = T.overtime_pick(self.ot_display, [c[0] for c in tb.ot_cards])
                    self._log("times_overtime", tb.ot_cards[self.ot_display[i]][0])
                    self.ot_disc.append(self.ot_display.pop(i))
                    continue
                self.pend = ("otpick", owner)
                return
            if owner < TIMES:
                self.dq.append((owner, ()))
                return
        self._next_step(R_NEWS)

    def _resolve_ot_card(self, s: int, card: int) -> None:
        _, kind, extra = self.tables.ot_cards[card]
        if kind == 0:
            self.money[s] += extra
        elif kind == 1:
            self.points[s] += extra
        elif kind == 2:
            c = self._draw("E" if extra == 0 else "L")
            if c is not None:
                self.kept[s] += (c if extra == 0 else 100 + c,)
        else:
            tb = self.tables
            opts = tuple(c for c in self.pins[s] if tb.cell_line[c] in extra and c not in self.stmt[s])
            if len(opts) == 1:
                self.stmt[s] += (opts[0],)
            elif opts:
                self.pend = ("stmt", s, tuple(sorted(opts)))

    # ---- newspaper (§8.7)
    def _use_token(self, s: int, t: int) -> None:
        """Seat s uses one of its tokens of type t: it stays in play, not in the common
        reserve, until maintenance (§9.4)."""
        _add(self.tok_now, s, t, -1)
        self.tok_used[t] += 1

    def _supply(self, t: int) -> int:
        """Tokens of type t in the common reserve: the section's stock less those players
        hold (from last round or gained this round) and those used this round, which go
        back only at maintenance (§9.4, §8.7.1, R-15, §15.13)."""
        total = self.tables.supply[t]
        return total - sum(x[t] for x in self.tok_now) - sum(x[t] for x in self.tok_new) - self.tok_used[t]

    def _gain_token(self, s: int, t: int) -> None:
        if self._supply(t) > 0:
            _add(self.tok_new, s, t, 1)
            return
        donors = tuple(p for p in range(self.tables.n) if p != s and self.tok_now[p][t] > 0)
        if len(donors) == 1:
            _add(self.tok_now, donors[0], t, -1)
            _add(self.tok_new, s, t, 1)
        elif donors:
            self.pend = ("donor", s, t, donors)

    def _token_obtainable(self, s: int, t: int) -> bool:
        return self._supply(t) > 0 or any(self.tok_now[p][t] > 0 for p in range(self.tables.n) if p != s)

    def _can_train(self, s: int) -> bool:
        hr = self.tables.hr
        return 0 < self.hr[s] < len(hr) and self._can_pay(s, hr[self.hr[s]][0])

    def _step_newspaper(self) -> None:
        tb = self.tables
        while self.ri < 6:
            sec = self.ri
            slots = self.news_slots[sec]
            if self.rj >= len(slots):
                self.ri += 1
                self.rj = 0
                continue
            s = slots[self.rj]
            self.rj += 1
            if sec in SEC_TOKEN:
                self._gain_token(s, SEC_TOKEN[sec])
                if self.pend is not None:
                    return
            elif sec == S_HR:
                if self.hr[s] == 0:
                    self.hr[s] = 1  # hired: the request stays as the HR marker
                if self._can_train(s):
                    self.pend = ("train", s)
                    return
            else:
                opts = tuple(
                    k
                    for k, t in ((1, T_PH1), (2, T_PH2))
                    if self._can_pay(s, tb.photo_cost[k - 1]) and self._token_obtainable(s, t)
                )
                if opts:
                    self.pend = ("photo", s, opts)
                    return
        self._next_step(R_END)

    # ------------------------------------------------------------------ maintenance (§9, §13.10)
    def _end_round(self) -> None:
        tb = self.tables
        if self.round >= 8 or self.hat:
            self.over = True
            self.end_reason = "hat" if (self.hat and self.round < 8) else "rounds"
            return
        self.round += 1
        self.placing = True
        self.revealed = False
        # news
        if len(self.news_deck) > 1:
            self.news_turned = self.news_deck.pop()
        # events
        if tb.use_events:
            self.event = self.ev_deck.pop() if self.ev_deck else -1
        self.evi_disc.extend(self.leak)
        self.leak = []
        self.leak_owner = -1
        self.leak_used = []
        # overtime display
        self._deal_ot()
        self.extra_bought = False
        # tokens: used ones go back to the common reserve; keep only what the newspaper
        # gave this round (§9.4)
        self.tok_used = [0] * 6
        for s in range(tb.n):
            self.tok_now[s] = self.tok_new[s]
            self.tok_new[s] = (0,) * 6
        # pieces back
        self.spaces = [()] * tb.n_spaces
        self.news_slots = [()] * 6
        self.rowh = [()] * tb.krows
        for s in range(tb.n):
            av = tuple(j for j in range(5) if j not in self.arrested[s])
            if self.hr[s] and JX not in self.arrested[s]:
                av += (JX,)
            self.avail[s] = av
            self.req_left[s] = 3 - (1 if self.hr[s] else 0)
            self.finished[s] = False
            self.acts[s] = 0
            self.unpinned[s] = False
        self.double = 0
        self.marker = 0
        self.rstep = 0
        self.ri = self.rj = 0
        self.dq = []
        self.rlist = []
        self.lower = []
        self.sup = {}
        self.cur = []
        self.bus_done = []
        self.agent_cards = []
        if tb.lp:
            T.place_agents(self)
        if tb.solo:
            self.times_pool = [0, 1, 2, 3, 4] + ([JX] if self.times_hired else [])
            T.reveal_and_place(self)
        self._settle_turn()
