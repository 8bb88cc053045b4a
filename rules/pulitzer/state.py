"""Pulitzer's state, the top layer: setup, cloning, the placement phase, and every
decision's legal list and effect (`legal_actions`, `_apply`); resolution, maintenance,
scoring, text and information come from the layers below (base.py says how the engine is
layered); the solo Times and the agents run inside `_apply` (times.py).

Pieces on spaces are tuples ``(owner, j, bonus, flag)``: owner is a seat 0..n-1, TIMES,
RED or BLUE; j is a journalist id 0-4 (values 1-5) or 5 (X), or an agent's value; bonus
is the value token under it in that area (Newsroom/Registry +2, Photo +1/+2, the
Entertainment +2 in overtime); flag bit 1 = Sports row +2, bit 2 = LP Registry token
beside a bus journalist.

A pin is up to three decisions: the cell ``("pin", cell)``; then, only when the player has
a real choice, the card that supplies its evidence ``("pin_evidence", kind, code)`` and its
line ``("pin_line", kind, code)``, kind being drawn, double, kept (code = the card), leak or
wildcard (R-12, R-13; see `_undominated`).

Decisions: ``pend`` is None in placement, else one of the tuples below, whose seat (index 1)
decides; each line gives the pending tuple, its legal actions (`legal_actions`) and, under
them, the effect (`_apply`):

    None (placement, seat `turn`): ("place", j, space), ("req", section), ("bail", j),
            ("editorial",), ("unpin",), ("pass",)
        a journalist on a free space (paying the kiosk payout or the bus fare); a request in
        a Newspaper section; bail; two journalists at once; drop the last pin; stop (§7, §13.3)
    ("tok", s, space, pos, stage): ("tok", token) ..., ("notok",)
        a value token under the journalist just placed, or none (§8.7)
    ("destroy", s, cells): ("destroy", cell) ...
        destroy one of s's highlighted evidence (§8.5)
    ("busorder", s, journalists): ("bus", space, pos) ...
        which bus journalist resolves next (§8.4)
    ("support", s, journalists, (e, l)): ("support", space, pos) ..., ("nosupport",)
        an archive journalist's extra cards go to a bus journalist (§8.3)
    ("reg", s): ("reg", "E"), ("reg", "L")
        LP Registry: 2 extra evidence or 2 extra line cards (§13.7)
    ("pin", s): ("pin", cell) ..., ("nopin",)
        pin a reachable cell with the drawn cards, or stop (§8.4); may ask the next two
    ("pin_evidence", s, cell, actions): ("pin_evidence", kind, code) ...
        which card supplies the evidence (R-12)
    ("pin_line", s, cell, evidence, actions): ("pin_line", kind, code) ...
        which card supplies the line (R-13)
    ("stmt", s, cells): ("stmt", cell) ...
        a witness statement on a pin (§8.6)
    ("otpick", s): ("ot", card) ..., ("ot_extra",)
        take an overtime card, or pay a contact to reveal one more (§8.6)
    ("sports", s, spaces): ("sports", space) ..., ("sports_cash",)
        the Sports majority: the row +2 token, or the money (§8.2)
    ("ent", s, spaces): ("ent", space) ..., ("ent_contact",)
        the Entertainment majority: the overtime +2 token, or a contact (§8.2)
    ("photo", s, kinds): ("photo", k) ..., ("nophoto",)
        buy a Photo token, or not (§8.7)
    ("train", s): ("train",), ("stop",)
        move X up the HR track, or stop (§8.7.3)
    ("keep", s, cards, space): ("keep", card) ...
        keep one revealed card (events, §11)
    ("donor", s, token, seats): ("donor", seat) ...
        who hands s a token in short supply (§8.7.1)
    ("fund", s): ("fund", "money"), ("fund", "wildcard")
        Fundraising won: $900 or an evidence wildcard (§11)
    ("finale", s, space, pos): ("finale", "up"), ("finale", "down")
        Grand Finale: the journalist's face (§11)
"""

from __future__ import annotations

import random
from typing import Any

import automa.rules.pulitzer.times as T
from automa.rules.draws import randbelow, shuffle
from automa.rules.tuples import tuple_with, tuple_without

from .base import (
    _FIELDS,
    BAILS,
    EDITORIAL,
    EV,
    EVENT_TITLES,
    F_REG,
    F_ROW,
    F_UP,
    JX,
    KIOSK_COLUMNS,
    PASS,
    R_ARCH,
    R_BUS,
    R_BUSAG,
    R_COL,
    R_EV2,
    R_EV4,
    R_NEWS,
    R_OT,
    R_ROW,
    REQUESTS,
    S_HR,
    S_NR,
    SECTION_WORDS,
    STEP_NAMES,
    T_AD,
    T_ED,
    T_NR,
    T_PH1,
    T_PH2,
    T_RG,
    TOKEN_WORDS,
    TOKS,
    UNPIN,
    _add,
    has_journalist,
)
from .data import ARCHIVE, BUS, EVENT, KIOSK, RED, SECTIONS
from .info import PulitzerInfo
from .tables import Tables, tables_for

#: the names other modules import from here (some lived here before the engine was layered)
__all__ = [
    "PulitzerState",
    "Tables",
    "tables_for",
    "EV",
    "EVENT_TITLES",
    "F_REG",
    "F_ROW",
    "F_UP",
    "JX",
    "KIOSK_COLUMNS",
    "R_ARCH",
    "R_BUS",
    "R_BUSAG",
    "R_COL",
    "R_EV2",
    "R_EV4",
    "R_NEWS",
    "R_OT",
    "R_ROW",
    "S_HR",
    "S_NR",
    "TOKEN_WORDS",
    "TOKS",
    "T_ED",
    "T_NR",
    "T_PH1",
    "T_PH2",
    "T_RG",
    "_FIELDS",
    "SECTION_WORDS",
    "STEP_NAMES",
]


class PulitzerState(PulitzerInfo):
    def __init__(self, game=None, seed=None):
        if game is None:  # a blank state, for clone() and unpickling to fill
            return
        self.game = game
        self._gen = random.Random(seed)
        self._gen_seed = -1
        self._cache_rng_shared = False
        self.log = []  # LP: what the Times and the agents did, as (round, kind, args) (public)
        tb = self.tables = tables_for(game)
        n = tb.n
        rng = self.rng
        self.round = 1
        self.placing = True
        self.over = False
        self.end_reason = ""
        self.revealed = False
        self.pend = None
        self.pp = randbelow(n, rng)
        self.turn = self.pp
        self.double = 0
        self.money = [5] * n
        self.contacts = [0] * n
        self.points = [0] * n
        self.hr = [0] * n  # 0 = X not hired, else HR space 1..
        self.req_left = [3] * n
        self.finished = [False] * n
        self.acts = [0] * n
        self.avail = [(0, 1, 2, 3, 4)] * n
        self.arrested = [()] * n
        self.bail_due = [0] * n
        self.tok_now = [(0,) * 6] * n
        self.tok_new = [(0,) * 6] * n
        #: per token type (TOKS), the tokens used this round: under a journalist or spent on
        #: an Editorial / Administration turn; out of the common reserve until maintenance
        #: returns them (§9.4), so a shortage this round cannot hand them out again (§8.7.1)
        self.tok_used = [0] * 6
        self.evt = [(0, 0, 0)] * n  # target, line wildcard, evidence wildcard
        self.kept = [()] * n  # evidence card id, or 100 + line card id
        self.houses = [(0,) * 4] * n
        ncol = 3 if (n == 3 or tb.lp) else 4
        self.house_supply = [tb.houses_per_colour if c < ncol else 0 for c in range(4)]
        reports = list(range(len(tb.report_cells)))
        shuffle(reports, rng)
        self.report = [reports[i % len(reports)] for i in range(n)]
        self.pins = [()] * n
        self.pinrd = [()] * n
        self.stmt = [()] * n
        self.destroyed = [()] * n
        self.string_used = [0.0] * n
        self.unpinned = [False] * n
        self.eliminated = [False] * n
        self.spaces = [()] * tb.n_spaces
        self.news_slots = [()] * 6
        self.rowh = [()] * tb.krows  # LP: per row, 1 = hat side, -1 = capitol side
        # decks
        self.evi_deck = list(range(len(tb.evidence_cards)))
        shuffle(self.evi_deck, rng)
        self.evi_disc = []
        self.line_deck = list(range(len(tb.line_cards)))
        shuffle(self.line_deck, rng)
        self.line_disc = []
        self.ot_deck = list(range(len(tb.ot_cards)))
        shuffle(self.ot_deck, rng)
        self.ot_disc = []
        self.ot_display = []
        self.extra_bought = False
        self._deal_ot()
        self.news_deck = list(range(len(tb.news_pay)))
        shuffle(self.news_deck, rng)
        self.news_turned = self.news_deck.pop()
        self.ev_deck = []
        self.event = -1
        if tb.use_events:
            self.ev_deck = list(range(len(tb.events)))
            shuffle(self.ev_deck, rng)
        self.leak = []  # Document Leak cards laid out this round
        self.leak_owner = -1
        self.leak_used = []  # seats that used a leaked card this round
        # LP
        self.opinion = tb.opinion[2]
        self.hat = False
        self.capitol = False
        self.marker = 0
        self.times_deck = []
        self.times_pool = []
        self.times_revealed = []
        self.times_hired = False
        self.times_red_seen = False
        self.times_x = 0
        # resolution work area
        self.rstep = 0
        self.ri = 0
        self.rj = 0
        self.dq = []  # pending destructions: (seat, allowed lines tuple or ())
        self.rlist = []
        self.lower = []
        self.sup = {}
        self.agent_cards = []
        self.cur = []
        self.bus_done = []
        if tb.lp:
            T.place_agents(self)
        if tb.solo:
            self.times_deck = T.build_deck(tb.times_by_colour, self.game.params.times_mix, rng)
            self.times_pool = [0, 1, 2, 3, 4]
            T.reveal_and_place(self)
        self._settle_turn()

    # ------------------------------------------------------------------ basics
    def clone(self) -> PulitzerState:
        new = PulitzerState()
        # shared: plain values and tuples, which a change replaces rather than edits
        new.game = self.game
        new.tables = self.tables
        new._gen = self._gen
        new._gen_seed = self._gen_seed
        new.round = self.round
        new.placing = self.placing
        new.over = self.over
        new.end_reason = self.end_reason
        new.revealed = self.revealed
        new.pend = self.pend
        new.pp = self.pp
        new.turn = self.turn
        new.double = self.double
        new.extra_bought = self.extra_bought
        new.news_turned = self.news_turned
        new.event = self.event
        new.leak_owner = self.leak_owner
        new.opinion = self.opinion
        new.hat = self.hat
        new.capitol = self.capitol
        new.marker = self.marker
        new.times_hired = self.times_hired
        new.times_red_seen = self.times_red_seen
        new.times_x = self.times_x
        new.rstep = self.rstep
        new.ri = self.ri
        new.rj = self.rj
        # copied: the lists a change edits in place (per seat or space: lists of tuples)
        new.money = self.money[:]
        new.contacts = self.contacts[:]
        new.points = self.points[:]
        new.hr = self.hr[:]
        new.req_left = self.req_left[:]
        new.finished = self.finished[:]
        new.acts = self.acts[:]
        new.report = self.report[:]
        new.string_used = self.string_used[:]
        new.unpinned = self.unpinned[:]
        new.eliminated = self.eliminated[:]
        new.evi_deck = self.evi_deck[:]
        new.evi_disc = self.evi_disc[:]
        new.line_deck = self.line_deck[:]
        new.line_disc = self.line_disc[:]
        new.ot_deck = self.ot_deck[:]
        new.ot_disc = self.ot_disc[:]
        new.ot_display = self.ot_display[:]
        new.news_deck = self.news_deck[:]
        new.ev_deck = self.ev_deck[:]
        new.house_supply = self.house_supply[:]
        new.times_deck = self.times_deck[:]
        new.times_pool = self.times_pool[:]
        new.times_revealed = self.times_revealed[:]
        new.dq = self.dq[:]
        new.rlist = self.rlist[:]
        new.lower = self.lower[:]
        new.agent_cards = self.agent_cards[:]
        new.bus_done = self.bus_done[:]
        new.log = self.log[:]
        new.leak = self.leak[:]
        new.leak_used = self.leak_used[:]
        new.bail_due = self.bail_due[:]
        new.tok_used = self.tok_used[:]
        new.avail = self.avail[:]
        new.arrested = self.arrested[:]
        new.kept = self.kept[:]
        new.pins = self.pins[:]
        new.pinrd = self.pinrd[:]
        new.stmt = self.stmt[:]
        new.destroyed = self.destroyed[:]
        new.spaces = self.spaces[:]
        new.news_slots = self.news_slots[:]
        new.rowh = self.rowh[:]
        new.tok_now = self.tok_now[:]
        new.tok_new = self.tok_new[:]
        new.evt = self.evt[:]
        new.houses = self.houses[:]
        # the card resolving now holds its evidence and line card lists (cur[4], cur[5])
        new.cur = [x[:] if x.__class__ is list else x for x in self.cur]
        new.sup = self.sup.copy()
        # copy-on-write: the Mersenne Twister state is copied only when one side draws
        self._cache_rng_shared = True
        new._cache_rng_shared = True
        return new

    def _legal_spaces(self, s: int) -> list[int]:
        tb = self.tables
        sp = self.spaces
        out: list = []
        for sid in tb.kiosk_sids:  # (inlined has_journalist: the hottest loop in search)
            for p in sp[sid]:
                if p[0] < RED:
                    break
            else:
                out.append(sid)
        for sid in tb.archive_sids:
            if not sp[sid]:
                out.append(sid)
                break
        admin = self.tok_now[s][T_AD] > 0
        budget = self.money[s] + self.contacts[s]
        for sid, cost in tb.bus_sid_costs:
            if budget < cost:
                continue
            if not has_journalist(sp[sid]) or (admin and sum(1 for p in sp[sid] if p[0] < RED) == 1):
                out.append(sid)
        for sid in tb.ot_sids:
            if not sp[sid]:
                out.append(sid)
                break
        if tb.use_events and self.event >= 0:
            eid, _, nsp = tb.events[self.event]
            for k in range(nsp):
                sid = tb.event_sids[k]
                if sp[sid]:
                    continue
                if eid == EV["private_investigator"] and not self._can_pay(s, 3 if k == 0 else 8):
                    continue
                out.append(sid)
        return out

    def _placement_actions(self, s: int) -> list:
        acts = self._free_actions(s)
        spaces = self._legal_spaces(s)
        table = self.tables.place_acts
        for j in sorted(self.avail[s]):
            row = table[j]
            acts += [row[sid] for sid in spaces]
        acts.append(PASS)
        return acts

    def _random_placement_action(self, s: int, rng: random.Random) -> Any:
        """`_placement_actions(s)[rng.randrange(n)]` (the same draw, the same action)
        without building the list of every journalist on every space: the fast path
        of random playouts."""
        acts = self._free_actions(s)
        spaces = self._legal_spaces(s)
        avail = self.avail[s]
        per_journalist = len(spaces)
        placements = len(avail) * per_journalist
        k = randbelow(len(acts) + placements + 1, rng)
        if k < len(acts):
            return acts[k]
        k -= len(acts)
        if k == placements:
            return PASS
        j = sorted(avail)[k // per_journalist]
        return self.tables.place_acts[j][spaces[k % per_journalist]]

    def _free_actions(self, s: int) -> list:
        """The placement-phase actions other than placing a journalist and passing."""
        acts: list = []
        if self.double == 0:
            for j in self.arrested[s]:
                if self.round > self.bail_due[s] and self._can_pay(s, self.jval(s, j) + 3):
                    acts.append(BAILS[j])
            if self.req_left[s] > 0 and self.avail[s]:
                blocked = self.tables.news_blocks[self.news_turned]
                for sec in range(6):
                    if sec not in blocked and len(self.news_slots[sec]) < self.tables.slots:
                        acts.append(REQUESTS[sec])
            if self.tok_now[s][T_ED] > 0 and len(self.avail[s]) >= 2:
                acts.append(EDITORIAL)
            if self._can_unpin(s):
                acts.append(UNPIN)
        return acts

    def _token_options(self, s: int, sid: int, stage: int) -> list[int]:
        area = self.tables.area[sid]
        tn = self.tok_now[s]
        if area == KIOSK:
            return [T_NR] if stage == 0 and tn[T_NR] else []
        if area == ARCHIVE:
            return [T_RG] if stage == 0 and tn[T_RG] else []
        if area == BUS:
            if stage == 0:
                return [t for t in (T_PH1, T_PH2) if tn[t]]
            if self.tables.lp and tn[T_RG]:
                return [T_RG]
        return []

    def _place(self, s: int, j: int, sid: int) -> None:
        tb = self.tables
        self.avail[s] = tuple_without(self.avail[s], j)
        area = tb.area[sid]
        if area == KIOSK:
            col = sid // tb.krows
            gain = tb.news_pay[self.news_deck[-1]][col] if self.news_deck else 0
            if self.event >= 0:
                gain = self._event_kiosk(s, j, col, gain)
            self.money[s] += gain
        elif area == BUS:
            cost = tb.bus[tb.aidx[sid]][0]
            self._pay(s, cost)
            if has_journalist(self.spaces[sid]):
                self._use_token(s, T_AD)
        elif area == EVENT:
            self._event_place(s, j, tb.aidx[sid])
        self.spaces[sid] += ((s, j, 0, 0),)
        if area == KIOSK and sid // tb.krows == 2 and self._event_id() == EV["grand_finale"]:
            self.pend = ("finale", s, sid, len(self.spaces[sid]) - 1)
            return
        self._after_place(s, sid, len(self.spaces[sid]) - 1)

    def _after_place(self, s: int, sid: int, pos: int) -> None:
        if self._token_options(s, sid, 0):
            self.pend = ("tok", s, sid, pos, 0)
            return
        if self.tables.area[sid] == BUS and self._token_options(s, sid, 1):
            self.pend = ("tok", s, sid, pos, 1)
            return
        self._end_action(s)

    def _apply_finale(self, action) -> None:
        """Grand Finale (§11 #2, R-18): face-up on Kiosk Sports pays value x $100 + $300
        instead of the news payout (the payout was already paid at placement)."""
        _, s, sid, pos = self.pend
        self.pend = None
        if action[1] == "up":
            o, j, b, f = self.spaces[sid][pos]
            self.money[s] += self.jval(s, j) + 3 - self.tables.news_pay[self.news_deck[-1]][2]
            self._set_piece(sid, pos, (o, j, b, f | F_UP))
        self._after_place(s, sid, pos)

    def _apply_token(self, action) -> None:
        _, s, sid, pos, stage = self.pend
        self.pend = None
        if action[0] == "tok":
            t = TOKS.index(action[1])
            self._use_token(s, t)
            o, j, b, f = self.spaces[sid][pos]
            if t == T_RG and self.tables.lp:
                f |= F_REG
            else:
                b = 2 if t in (T_NR, T_RG, T_PH2) else 1
            self._set_piece(sid, pos, (o, j, b, f))
        if stage == 0 and self.tables.area[sid] == BUS and self._token_options(s, sid, 1):
            self.pend = ("tok", s, sid, pos, 1)
            return
        self._end_action(s)

    def _end_action(self, s: int) -> None:
        if self.double == 2:
            self.double = 1
            self._count_action(s)
            if self.avail[s] and self._legal_spaces(s):
                return
            self.double = 0
        elif self.double == 1:
            self.double = 0
        else:
            self._count_action(s)
        if not self.avail[s]:
            self.finished[s] = True
        self._next_turn()

    def _count_action(self, s: int) -> None:
        tb = self.tables
        self.acts[s] += 1
        if tb.lp:
            if tb.solo or s == self.pp:
                self.marker = min(self.tables.max_turns, self.marker + 1)
            if self.acts[s] >= self.tables.max_turns:
                self.finished[s] = True

    def _lp_limit_reached(self, s: int) -> bool:
        """R-29: the non-holder's k-th action needs k <= max(5, marker) once the holder is done."""
        tb = self.tables
        if not tb.lp or tb.solo or s == self.pp:
            return False
        if not self.finished[self.pp]:
            return False
        return self.acts[s] >= max(5, self.marker)

    def _next_turn(self) -> None:
        n = self.tables.n
        for k in range(1, n + 1):
            s = (self.turn + k) % n
            if not self.finished[s] and self._lp_limit_reached(s):
                self.finished[s] = True
        for k in range(1, n + 1):
            s = (self.turn + k) % n
            if not self.finished[s]:
                self.turn = s
                return
        self._start_resolution()

    def _settle_turn(self) -> None:
        """At the start of a placement phase: the Press Pass holder acts first."""
        self.turn = self.pp
        for s in range(self.tables.n):
            if not self.avail[s]:
                self.finished[s] = True
        if self.finished[self.turn]:
            self.turn = (self.turn - 1) % self.tables.n
            self._next_turn()

    # ------------------------------------------------------------------ events (MP, §11)
    def _event_kiosk(self, s: int, j: int, col: int, gain: int) -> int:
        eid = self._event_id()
        if eid == EV["awards_ceremony"] and col == 3:
            self.points[s] += 3
        elif eid == EV["thanksgiving"] and col == 0:
            k = self._count_in_col(0)
            gain += (5, 3, 1)[k] if k < 3 else 0
        elif eid == EV["war_report"] and col == 1:
            k = self._count_in_col(1)
            self.points[s] += (6, 3, 1)[k] if k < 3 else 0
        elif eid == EV["white_house_scandal"] and col == 0:
            gain += 5
            self.evt[s] = tuple_with(self.evt[s], 0, 1)
        return gain

    def _count_in_col(self, col: int) -> int:
        tb = self.tables
        return sum(1 for r in range(tb.krows) for p in self.spaces[tb.kiosk_col_sids[col][r]] if p[0] < RED)

    def _event_place(self, s: int, j: int, k: int) -> None:
        eid = self._event_id()
        if eid == EV["private_investigator"]:
            if k == 0:
                self._pay(s, 3)
                c = self._draw("E")
                if c is not None:
                    self.kept[s] += (c,)
            else:
                self._pay(s, 8)
                c = self._draw("L")
                if c is not None:
                    self.kept[s] += (100 + c,)

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self) -> list:
        if self.over:
            return []
        pend = self.pend
        if pend is None:
            return self._placement_actions(self.turn)
        kind, s = pend[0], pend[1]
        if kind == "tok":
            return [("tok", TOKS[t]) for t in self._token_options(s, pend[2], pend[4])] + [("notok",)]
        if kind == "destroy":
            return [("destroy", c) for c in pend[2]]
        if kind == "pin":
            return self._pin_actions(s)
        if kind == "pin_evidence":
            return list(pend[3])
        if kind == "pin_line":
            return list(pend[4])
        if kind == "busorder":
            return [("bus", sid, pos) for sid, pos in pend[2]]
        if kind == "support":
            return [("support", sid, pos) for sid, pos in pend[2]] + [("nosupport",)]
        if kind == "reg":
            return [("reg", "E"), ("reg", "L")]
        if kind == "sports":
            return [("sports", sid) for sid in pend[2]] + [("sports_cash",)]
        if kind == "ent":
            return [("ent", sid) for sid in pend[2]] + [("ent_contact",)]
        if kind == "otpick":
            acts: list = [("ot", c) for c in sorted(self.ot_display)]
            if not self.extra_bought and self.contacts[s] > 0 and (self.ot_deck or self.ot_disc):
                acts.append(("ot_extra",))
            return acts
        if kind == "stmt":
            return [("stmt", c) for c in pend[2]]
        if kind == "donor":
            return [("donor", p) for p in pend[3]]
        if kind == "train":
            return [("train",), ("stop",)]
        if kind == "photo":
            return [("photo", k) for k in pend[2]] + [("nophoto",)]
        if kind == "keep":
            return [("keep", c) for c in pend[2]]
        if kind == "fund":
            return [("fund", "money"), ("fund", "wildcard")]
        if kind == "finale":
            return [("finale", "up"), ("finale", "down")]
        raise AssertionError(kind)

    # ------------------------------------------------------------------ apply
    def _apply(self, action) -> None:
        pend = self.pend
        if pend is None:
            self._apply_placement(action)
            return
        kind, s = pend[0], pend[1]
        if kind == "tok":
            self._apply_token(action)
            return
        if kind == "finale":
            self._apply_finale(action)
            return
        self.pend = None
        a0 = action[0]
        if kind == "destroy":
            self._destroy(s, action[1])
            if self.rstep != R_BUSAG:  # agents: checked once every report is hit
                self._check_elim((s,))
        elif kind == "pin":
            self._apply_pin(s, action)
        elif kind == "pin_evidence":
            self._pin_with_evidence(s, pend[2], action)
        elif kind == "pin_line":
            self._finish_pin(s, pend[2], pend[3], action)
        elif kind == "busorder":
            self._start_bus_journalist(s, action[1], action[2])
        elif kind == "support":
            sup = pend[3]
            if a0 == "support":
                e, l = self.sup.get((action[1], action[2]), (0, 0))
                self.sup[(action[1], action[2])] = (e + sup[0], l + sup[1])
            self.rj += 1
        elif kind == "reg":
            c = self.cur
            for _ in range(2):
                card = self._draw(action[1])
                if card is not None:
                    (c[4] if action[1] == "E" else c[5]).append(card)
            self.pend = ("pin", s)
        elif kind == "sports":
            if a0 == "sports":
                sid = action[1]
                self.spaces[sid] = tuple(
                    (p[0], p[1], p[2], p[3] | F_ROW) if p[0] == s else p for p in self.spaces[sid]
                )
            else:
                self.money[s] += self.tables.sports_cash
        elif kind == "ent":
            if a0 == "ent":
                sid = action[1]
                p = self.spaces[sid][0]
                self._set_piece(sid, 0, (p[0], p[1], 2, p[3]))
            else:
                self.contacts[s] += self.tables.ent_contacts
        elif kind == "otpick":
            if a0 == "ot_extra":
                self.contacts[s] -= 1
                self.extra_bought = True
                extra = self._draw_ot()
                if extra is not None:
                    self.ot_display.append(extra)
                    self.ot_display.sort()
                self.pend = ("otpick", s)
                return
            self.ot_display.remove(action[1])
            self.ot_disc.append(action[1])
            self._resolve_ot_card(s, action[1])
        elif kind == "stmt":
            self.stmt[s] += (action[1],)
        elif kind == "donor":
            t = pend[2]
            _add(self.tok_now, action[1], t, -1)
            _add(self.tok_new, s, t, 1)
        elif kind == "train":
            if a0 == "train":
                self._pay(s, self.tables.hr[self.hr[s]][0])
                self.hr[s] += 1
                if self._can_train(s):
                    self.pend = ("train", s)
                    return
        elif kind == "photo":
            if a0 == "photo":
                self._pay(s, self.tables.photo_cost[action[1] - 1])
                self._gain_token(s, T_PH1 if action[1] == 1 else T_PH2)
                if self.pend is not None:
                    return
        elif kind == "keep":
            self.kept[s] += (action[1],)
            self._after_keep(s, action[1], pend)
        elif kind == "fund":
            if action[1] == "money":
                self.money[s] += 9
            else:
                _add(self.evt, s, 2, 1)
        if self.pend is None and not self.over:
            self._run()

    def _apply_placement(self, action) -> None:
        s = self.turn
        a0 = action[0]
        if a0 == "place":
            self._place(s, action[1], action[2])
        elif a0 == "req":
            sec = SECTIONS.index(action[1])
            self.news_slots[sec] += (s,)
            self.req_left[s] -= 1
            self._end_action(s)
        elif a0 == "editorial":
            self._use_token(s, T_ED)
            self.double = 2
        elif a0 == "pass":
            self.finished[s] = True
            self.double = 0
            self._next_turn()
        elif a0 == "unpin":  # a free action, any time in the round
            self._unpin(s)
        elif a0 == "bail":
            j = action[1]
            self._pay(s, self.jval(s, j) + 3)
            self.arrested[s] = tuple_without(self.arrested[s], j)
            self.avail[s] = tuple(sorted(self.avail[s] + (j,)))

    # ------------------------------------------------------------------ destruction
