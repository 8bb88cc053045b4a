"""Pulitzer's state: placement, resolution (kiosk, archive, bus, overtime, newspaper),
maintenance, scoring; the solo Times and the agents run inside `_apply` (automa/times.py).

Pieces on spaces are tuples ``(owner, j, bonus, flag)``: owner is a seat 0..n-1, TIMES,
RED or BLUE; j is a journalist id 0-4 (values 1-5) or 5 (X), or an agent's value; bonus
is the value token under it in that area (Newsroom/Registry +2, Photo +1/+2, the
Entertainment +2 in overtime); flag bit 1 = Sports row +2, bit 2 = LP Registry token
beside a bus journalist.

A pin is up to three decisions: the cell ``("pin", cell)``; then, only when the player has
a real choice, the card that supplies its evidence ``("pin_evidence", kind, code)`` and its
line ``("pin_line", kind, code)``, kind being drawn, double, kept (code = the card), leak or
wildcard (R-12, R-13; see `_undominated`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final

from automa.rules.core import TERMINAL, Outcome, State, fresh_seed
from automa.rules.draws import clone_rng, randbelow, randint, seeded_rng, shuffle
from automa.rules.tuples import tuple_plus, tuple_with, tuple_without

from automa import times as T
from automa.times import BLUE, RED, TIMES

from . import scoring
from .data import EVENT_IDS, LINE_X, LINES, SECTIONS
from .game import ARCHIVE, BUS, EVENT, KIOSK, OVERTIME, PulitzerGame
from .tables import Tables, tables_for

JX: Final = 5
TOKS = ("ED", "NR", "AD", "RG", "PH1", "PH2")
T_ED: Final = 0
T_NR: Final = 1
T_AD: Final = 2
T_RG: Final = 3
T_PH1: Final = 4
T_PH2: Final = 5
SEC_TOKEN = {0: T_ED, 1: T_NR, 3: T_AD, 4: T_RG}  # section index -> token index
S_ED: Final = 0
S_NR: Final = 1
S_HR: Final = 2
S_AD: Final = 3
S_RG: Final = 4
S_PH: Final = 5
EV = {name: i for i, name in enumerate(EVENT_IDS)}
#: the fixed actions, built once and typed Any: mypyc holds a value typed as a tuple of str
#: and int (a Final tuple literal too) as a C struct and builds a new tuple object wherever it
#: is stored
PASS: Final[Any] = ("pass",)
EDITORIAL: Final[Any] = ("editorial",)
UNPIN: Final[Any] = ("unpin",)
NOPIN: Final[Any] = ("nopin",)
REQUESTS: Final[tuple[Any, ...]] = tuple(("req", name) for name in SECTIONS)
BAILS: Final[tuple[Any, ...]] = tuple(("bail", j) for j in range(6))
F_ROW: Final = 1
F_REG: Final = 2
F_UP: Final = 4
#: what using a double line card for a pin does (R-13): nothing (no highlighted evidence
#: left to destroy in its line), destroys evidence, or (a target token held) discards the
#: token and destroys up to two
NO_PENALTY: Final = 0
PENALTY_DESTROYS: Final = 1
PENALTY_TARGET: Final = 2

# resolution steps
R_EV4: Final = 0
R_DUEL: Final = 1
R_COL: Final = 2
R_ROW: Final = 3
R_ARCH: Final = 4
R_EV2: Final = 5
R_BUSAG: Final = 6
R_BUS: Final = 7
R_OT: Final = 8
R_NEWS: Final = 9
R_END: Final = 10
STEP_NAMES = (
    "events IV",
    "kiosk duels",
    "kiosk columns",
    "kiosk rows",
    "archive",
    "events II",
    "bus agents",
    "bus",
    "overtime",
    "newspaper",
    "end of round",
)

#: every attribute of a state but `tables` (rebuilt from the game when unpickled), for pickling
#: (a compiled state keeps them out of __dict__); clone() names each one
#: (tests/test_pulitzer_clone.py checks both lists against a state)
_FIELDS = (
    "game",
    "rng",
    "_cache_rng_shared",
    "log",
    "round",
    "placing",
    "over",
    "end_reason",
    "revealed",
    "pend",
    "pp",
    "turn",
    "double",
    "money",
    "contacts",
    "points",
    "hr",
    "req_left",
    "finished",
    "acts",
    "avail",
    "arrested",
    "bail_due",
    "tok_now",
    "tok_new",
    "tok_used",
    "evt",
    "kept",
    "houses",
    "house_supply",
    "report",
    "pins",
    "pinrd",
    "stmt",
    "destroyed",
    "string_used",
    "unpinned",
    "eliminated",
    "spaces",
    "news_slots",
    "rowh",
    "evi_deck",
    "evi_disc",
    "line_deck",
    "line_disc",
    "ot_deck",
    "ot_disc",
    "ot_display",
    "extra_bought",
    "news_deck",
    "news_turned",
    "ev_deck",
    "event",
    "leak",
    "leak_owner",
    "leak_used",
    "opinion",
    "hat",
    "capitol",
    "marker",
    "times_deck",
    "times_pool",
    "times_revealed",
    "times_hired",
    "times_red_seen",
    "times_x",
    "rstep",
    "ri",
    "rj",
    "dq",
    "rlist",
    "lower",
    "sup",
    "agent_cards",
    "cur",
    "bus_done",
)


def _add(rows: list, s: int, i: int, delta: int) -> None:
    """Adds `delta` to entry i of seat s's tuple in `rows`."""
    rows[s] = tuple_plus(rows[s], i, delta)


SECTION_WORDS = dict(ED="Editorial", NR="Newsroom", HR="HR", AD="Administration", RG="Registry", PH="Photo")
TOKEN_WORDS = dict(
    ED="Editorial", NR="Newsroom +2", AD="Administration", RG="Registry +2", PH1="Photo +1", PH2="Photo +2"
)


KIOSK_COLUMNS = ("National", "International", "Sports", "Entertainment", "Economy")
#: the events' printed titles, in EVENT_IDS order (§11)
EVENT_TITLES = (
    "Awards Ceremony",
    "Grand Finale",
    "Private Investigator",
    "Thanksgiving",
    "War Report",
    "White House Scandal",
    "Document Leak",
    "Rat Race",
    "Snitch",
    "Leak-Prevention Unit",
    "Insider",
    "Mass Leak",
    "Fundraising",
    "Press on Trial",
)
#: narration entries kept (public log, a sliding window read by the interfaces)
LOG_KEPT: Final = 40


def _jlabel(j: int) -> str:
    """A journalist as printed: 1-5, or X."""
    return "X" if j == JX else str(j + 1)


def _undominated(options) -> list[tuple]:
    """The choices worth a decision among (action, spent, penalty) options, in their order.

    An option is dropped when another spends a subset of what it spends with the same
    penalty, or with no penalty where it would destroy evidence: spending a kept card, the
    wildcard or $200 for nothing is never offered (R-12).  Of options with the same effect
    (the same state afterwards) the first is kept.  A target token's penalty is weighed
    by nobody but the player: it destroys but also rids them of the token."""
    out: list = []
    for i, (action, spent, penalty) in enumerate(options):
        for j, (_, spent2, penalty2) in enumerate(options):
            if j == i or not spent2 <= spent:
                continue
            if penalty2 == penalty and (spent2 != spent or j < i):
                break
            if penalty2 == NO_PENALTY and penalty == PENALTY_DESTROYS:
                break
        else:
            out.append(action)
    return out


def _piece_seen(piece: tuple, seat: int, revealed: bool) -> tuple:
    """A piece as `seat` sees it: another player's face-down journalist hides its value."""
    if revealed or piece[0] == seat or piece[0] == BLUE or piece[3] & F_UP:
        return piece
    return (piece[0], -1, piece[2], piece[3])


def _shuffled(cards: list[int], rng: random.Random) -> list[int]:
    """A shuffled copy of `cards` (in their canonical order, as a determinization deals them)."""
    out = cards[:]
    shuffle(out, rng)
    return out


def has_journalist(pieces: tuple[tuple[int, ...], ...]) -> bool:
    for p in pieces:
        if p[0] < RED:
            return True
    return False


class PulitzerState(State):
    game: PulitzerGame
    tables: Tables
    _gen: random.Random
    #: a seed not yet planted (-1: none): a new world's generator is seeded when first drawn
    #: from, since seeding costs a third of a world and most playouts never draw
    _gen_seed: int
    #: typed so that the compiled engine (automa/native.py) indexes them natively
    spaces: list[tuple[tuple[int, ...], ...]]  # per space, its pieces (owner, journalist, bonus, flags)
    money: list[int]
    contacts: list[int]
    points: list[int]
    hr: list[int]
    req_left: list[int]
    acts: list[int]
    bail_due: list[int]
    avail: list[tuple[int, ...]]
    arrested: list[tuple[int, ...]]
    tok_now: list[tuple[int, ...]]
    tok_new: list[tuple[int, ...]]
    tok_used: list[int]
    news_slots: list[tuple]
    round: int
    placing: bool
    over: bool
    end_reason: str
    revealed: bool
    pp: int
    turn: int
    double: int
    finished: list[bool]
    evt: list[tuple[int, ...]]
    kept: list[tuple[int, ...]]
    houses: list[tuple[int, ...]]
    house_supply: list[int]
    report: list[int]
    pins: list[tuple[int, ...]]
    pinrd: list[tuple[int, ...]]
    stmt: list[tuple[int, ...]]
    destroyed: list[tuple[int, ...]]
    string_used: list[float]
    unpinned: list[bool]
    eliminated: list[bool]
    rowh: list[tuple[int, ...]]
    evi_deck: list[int]
    evi_disc: list[int]
    line_deck: list[int]
    line_disc: list[int]
    ot_deck: list[int]
    ot_disc: list[int]
    ot_display: list[int]
    extra_bought: bool
    news_deck: list[int]
    news_turned: int
    ev_deck: list[int]
    event: int
    leak: list[int]
    leak_owner: int
    leak_used: list[int]
    opinion: int
    hat: bool
    capitol: bool
    marker: int
    times_deck: list[int]
    times_pool: list[int]
    times_revealed: list[int]
    times_hired: bool
    times_red_seen: bool
    times_x: int
    rstep: int
    ri: int
    rj: int

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

    @property
    def rng(self) -> random.Random:
        """The state's generator (shared with clones until one of them draws: see `_r`)."""
        self.settle_generator()
        return self._gen

    @rng.setter
    def rng(self, gen: random.Random) -> None:
        self._gen = gen
        self._gen_seed = -1

    def settle_generator(self) -> None:
        if self._gen_seed >= 0:
            self._gen = seeded_rng(self._gen_seed)
            self._gen_seed = -1
            self._cache_rng_shared = False

    def _r(self) -> random.Random:
        """The state's generator to draw from, copied first if a clone still shares it."""
        if self._gen_seed >= 0:
            return self.rng
        if self._cache_rng_shared:
            self._gen = clone_rng(self._gen)
            self._cache_rng_shared = False
        return self._gen

    def _set_piece(self, sid: int, pos: int, piece: tuple) -> None:
        self.spaces[sid] = tuple_with(self.spaces[sid], pos, piece)

    def __getstate__(self):
        return {name: getattr(self, name) for name in _FIELDS}

    def __setstate__(self, state):
        for name, value in state.items():
            setattr(self, name, value)
        self.tables = tables_for(self.game)
        self._cache_rng_shared = False

    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        if self.pend is not None:
            return self.pend[1]
        return self.turn

    def is_terminal(self) -> bool:
        return self.over

    def random_action(self, rng: random.Random) -> Any:
        if self.pend is None and not self.over:
            return self._random_placement_action(self.turn, rng)
        legal = self.legal_actions()
        return legal[randbelow(len(legal), rng)]

    def num_players(self) -> int:
        return self.tables.n

    # ------------------------------------------------------------------ values
    def jval(self, owner: int, j: int) -> int:
        if owner < TIMES:
            if j == JX:
                return self.tables.hr[self.hr[owner] - 1][1]
            return j + 1
        if owner == TIMES:
            return self.times_x if j == JX else j + 1
        return j

    def pval(self, piece: tuple) -> int:
        return self.jval(piece[0], piece[1]) + piece[2]

    def _pay(self, s: int, cost: int) -> None:
        """Pay money first, then contacts (1 contact = $100, R-2)."""
        m = self.money[s]
        if m >= cost:
            self.money[s] = m - cost
        else:
            self.money[s] = 0
            self.contacts[s] -= cost - m

    def _can_pay(self, s: int, cost: int) -> bool:
        return self.money[s] + self.contacts[s] >= cost

    # ------------------------------------------------------------------ decks
    def _draw(self, which: str) -> int | None:
        deck = self.evi_deck if which == "E" else self.line_deck
        if not deck:
            disc = self.evi_disc if which == "E" else self.line_disc
            if not disc:
                return None
            disc.sort()
            shuffle(disc, self._r())
            deck.extend(disc)
            disc.clear()
        return deck.pop()

    def _discard_card(self, code: int) -> None:
        if code >= 100:
            self.line_disc.append(code - 100)
        else:
            self.evi_disc.append(code)

    def _deal_ot(self) -> None:
        self.ot_disc.extend(self.ot_display)
        self.ot_display = []
        for _ in range(self.tables.ot_display):
            c = self._draw_ot()
            if c is None:
                break
            self.ot_display.append(c)
        self.ot_display.sort()

    def _draw_ot(self) -> int | None:
        if not self.ot_deck:
            if not self.ot_disc:
                return None
            self.ot_disc.sort()
            shuffle(self.ot_disc, self._r())
            self.ot_deck = self.ot_disc
            self.ot_disc = []
        return self.ot_deck.pop()

    # ------------------------------------------------------------------ placement
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
    def _event_id(self) -> int:
        return self.tables.events[self.event][0] if self.event >= 0 else -1

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
                c = self._draw_ot()
                if c is not None:
                    self.ot_display.append(c)
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

    def _log(self, kind: str, *args) -> None:
        """Narration for the player (public).  Kept as data and worded only when read:
        search plays thousands of rounds nobody reads."""
        log = self.log
        log.append((self.round, kind, args))
        if len(log) > LOG_KEPT:
            del log[0]

    def _narrate(self, entry) -> str:
        rnd, kind, args = entry
        if kind == "duel":
            sid, values, stays = args
            text = (
                f"duel on {self.space_name(sid)}: "
                + ", ".join(f"{self.owner_name(o)} {v}" for o, v in values)
                + (" -> agent stays" if stays else " -> agent removed")
            )
        elif kind == "rows":
            sides, net, opinion = args
            capitol, hat = self.tables.opinion[:2]
            text = (
                (
                    "kiosk rows: "
                    + ", ".join(("press", "tie", "government")[1 - h] for h in sides)
                    + f" -> opinion {max(capitol, min(hat, opinion)):+d}"
                )
                if net
                else "kiosk rows: no opinion change"
            )
            if net and opinion <= capitol:
                text += " (the Capitol: the game ends, the press has lost)"
            elif net and opinion >= hat:
                text += " (the Hat: the press wins public opinion; the game ends after this round)"
        elif kind == "column":
            col, winner, total = args
            name = KIOSK_COLUMNS[col]
            if winner < 0:
                text = f"kiosk {name}: tie for the majority at {total}, no reward"
            elif winner >= TIMES:
                who = "the Times has" if winner == TIMES else "the government agents have"
                text = f"kiosk {name}: {who} the majority ({total}), no reward"
            else:
                text = f"kiosk {name}: {self.owner_name(winner)} has the majority ({total}): {self.column_reward_words(col)}"
        elif kind == "house":
            row, winner = args
            text = f"kiosk row {row + 1}: {self.owner_name(winner)} takes a {self.tables.colours[row]} house"
        elif kind == "agent_destroyed":
            colour, cell, seat = args
            text = f"{colour} agent destroyed {self.cell_name(cell)} on {self.owner_name(seat)}'s report"
        elif kind == "times_overtime":
            text = f"Times discarded overtime card #{args[0]}"
        elif kind == "times_card":
            number, colour, placed, skipped, x = args
            text = (
                f"Times card {number} ({T.COLOUR_NAMES[colour]}): face-down journalists on "
                + (", ".join(self.space_name(sid) for sid in placed) or "nothing")
                + (f"; skipped {', '.join(skipped)}" if skipped else "")
                + (f"; purple X value {x}" if x is not None else "")
            )
        else:
            text = " ".join(str(a) for a in (kind,) + tuple(args))
        return f"round {rnd}: {text}"

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

    # ------------------------------------------------------------------ scoring (§12, §13.9)
    def found_highlighted(self, s: int) -> int:
        return scoring.found_highlighted(self.tables, self.report[s], self.pins[s])

    def report_score(self, s: int) -> int:
        return scoring.report_score(self.tables, self.pins[s], self.stmt[s])

    def hr_points(self, s: int) -> int:
        return scoring.hr_points(self.tables, self.hr[s])

    def house_score(self, s: int) -> int:
        return sum(scoring.house_parts(self.tables, self.houses, s))

    def qualified(self, s: int) -> bool:
        return not self.eliminated[s] and self.found_highlighted(s) >= self.tables.qualify

    def final_score(self, s: int) -> int:
        return scoring.final_score(
            self.tables,
            s,
            self.points[s],
            self.hr[s],
            self.pins[s],
            self.stmt[s],
            self.houses,
            self.report[s],
        )

    def scores(self) -> list[tuple]:
        return [(self.final_score(s), self.report_score(s), self.contacts[s]) for s in range(self.tables.n)]

    def outcome(self) -> Outcome:
        return Outcome(*self._result())

    def returns(self) -> list[float]:
        """As `State.returns`, without building the Outcome: search scores the end of every
        playout with it."""
        if not self.over:
            return self.heuristic()
        winners = self._result()[0]
        share = 1.0 / len(winners) if winners else 0.0
        return [share if seat in winners else 0.0 for seat in range(self.tables.n)]

    def _result(self) -> tuple[tuple[int, ...], tuple[int, ...], str]:
        """The outcome's (winners, ranks, reason)."""
        tb = self.tables
        n = tb.n
        sc = self.scores()
        if tb.solo:
            mine = sc[0][0]
            target = tb.times_target
            if self.capitol:
                return ((), (2,), "agents reached the Capitol: the press lost public opinion")
            if self.eliminated[0]:
                return ((), (2,), "eliminated: five highlighted evidence out of reach")
            if not self.qualified(0):
                return ((), (2,), "not qualified: fewer than 5 highlighted evidence found")
            if mine > target or (mine == target and "R-36" in tb.alt):
                return ((0,), (1,), "the Post beats the Times' score table")
            return ((), (2,), "Times wins on the score table")
        if self.capitol:
            return ((), tuple([1] * n), "agents reached the Capitol: all players lose")
        qual = [self.qualified(s) if (tb.lp or not tb.chronicle) else True for s in range(n)]
        if tb.lp and any(self.eliminated):
            alive = [s for s in range(n) if not self.eliminated[s]]
            if not alive:
                return ((), tuple([1] * n), "both eliminated at once: nobody wins")
            ranks = tuple(1 if s in alive else 2 for s in range(n))
            return (tuple(alive), ranks, "opponent eliminated: five highlighted evidence out of reach")
        keys = [((1 if qual[s] else 0),) + tuple(sc[s]) for s in range(n)]
        ranks = Outcome.ranks_from_scores(keys)
        if not any(qual):
            return ((), ranks, "nobody qualified (fewer than 5 highlighted evidence found)")
        winners = tuple(s for s in range(n) if ranks[s] == 1)
        if len(winners) > 1:
            return (winners, ranks, "shared victory: tie on score, report and contacts")
        if sum(qual) == 1 and sum(1 for s in range(n) if not qual[s]) > 0 and n == 2:
            reason = "only qualifying report (5 highlighted evidence)"
        else:
            reason = "highest score" + (" among qualified reports" if not all(qual) else "")
        return (winners, ranks, reason)

    # ------------------------------------------------------------------ heuristic
    def heuristic(self) -> list[float]:
        tb = self.tables
        n = tb.n
        rounds_left = max(0, 8 - self.round)
        est = []
        for s in range(n):
            f = self.found_highlighted(s)
            sc = self.final_score(s) + 0.5 * (self.money[s] + self.contacts[s])
            sc += rounds_left * 6
            need = max(0, tb.qualify - f)
            q = 1.0 if need == 0 else max(0.05, 1.0 - need / (1.0 + rounds_left * 1.2))
            if self.eliminated[s]:
                q = 0.0
            est.append((sc, q))
        if tb.solo:
            sc, q = est[0]
            margin = (sc - tb.times_target) / 20.0
            op = (self.opinion - tb.opinion[0]) / float(tb.opinion[1] - tb.opinion[0])
            val = q * (1.0 / (1.0 + pow(2.718, -margin))) * (0.5 + 0.5 * min(1.0, op * 2))
            return [max(0.0, min(1.0, val))]
        out: list = []
        for s in range(n):
            sc, q = est[s]
            best_other = max(est[p][0] for p in range(n) if p != s)
            margin = (sc - best_other) / 20.0
            out.append(max(0.0, min(1.0, q * (1.0 / (1.0 + pow(2.718, -margin))))))
        return out

    # ------------------------------------------------------------------ information
    def observation(self, seat: int):
        tb = self.tables
        n = tb.n
        rev = self.revealed

        return {
            "round": self.round,
            "placing": self.placing,
            "over": self.over,
            "revealed": rev,
            "pp": self.pp,
            "turn": self.turn,
            "pend": self.pend,
            "double": self.double,
            "finished": tuple(self.finished),
            "acts": tuple(self.acts),
            "marker": self.marker,
            "money": tuple(self.money),
            "contacts": tuple(self.contacts),
            "points": tuple(self.points),
            "hr": tuple(self.hr),
            "req_left": tuple(self.req_left),
            "avail": tuple(
                tuple(sorted(self.avail[s])) if (s == seat or rev) else len(self.avail[s]) for s in range(n)
            ),
            "arrested": tuple(tuple(a) for a in self.arrested),
            "bail_due": tuple(self.bail_due),
            "tok_now": tuple(tuple(t) for t in self.tok_now),
            "tok_new": tuple(tuple(t) for t in self.tok_new),
            "tok_used": tuple(self.tok_used),
            "evt": tuple(tuple(t) for t in self.evt),
            "kept": tuple(tuple(sorted(k)) for k in self.kept),
            "houses": tuple(tuple(h) for h in self.houses),
            "house_supply": tuple(self.house_supply),
            "report": tuple(self.report),
            "pins": tuple(tuple(p) for p in self.pins),
            "pinrd": tuple(tuple(p) for p in self.pinrd),
            "stmt": tuple(tuple(p) for p in self.stmt),
            "destroyed": tuple(tuple(p) for p in self.destroyed),
            "unpinned": tuple(self.unpinned),
            "eliminated": tuple(self.eliminated),
            "spaces": tuple(tuple(_piece_seen(p, seat, rev) for p in sp) for sp in self.spaces),
            "news_slots": tuple(tuple(x) for x in self.news_slots),
            "rowh": tuple(tuple(x) for x in self.rowh),
            "news_top": self.news_deck[-1] if self.news_deck else -1,
            "news_turned": self.news_turned,
            "news_left": len(self.news_deck),
            "evi_left": len(self.evi_deck),
            "evi_disc": tuple(sorted(self.evi_disc)),
            "line_left": len(self.line_deck),
            "line_disc": tuple(sorted(self.line_disc)),
            "ot_left": len(self.ot_deck),
            "ot_disc": tuple(sorted(self.ot_disc)),
            "ot_display": tuple(self.ot_display),
            "extra_bought": self.extra_bought,
            "event": self.event,
            "ev_left": len(self.ev_deck),
            "leak": tuple(self.leak),
            "leak_owner": self.leak_owner,
            "leak_used": tuple(self.leak_used),
            "opinion": self.opinion,
            "hat": self.hat,
            "capitol": self.capitol,
            "times_left": len(self.times_deck),
            "times_revealed": tuple(self.times_revealed),
            "times_pool": tuple(sorted(self.times_pool)) if rev else len(self.times_pool),
            "times_hired": self.times_hired,
            "times_red_seen": self.times_red_seen,
            "times_x": self.times_x,
            "work": (
                self.rstep,
                self.ri,
                self.rj,
                tuple(self.dq),
                tuple(self.rlist),
                tuple(self.lower),
                tuple(sorted(self.sup.items())),
                tuple(self.agent_cards),
                tuple(tuple(x) if isinstance(x, list) else x for x in self.cur),
                tuple(self.bus_done),
            ),
        }

    def determinize(self, seat: int, rng: random.Random) -> PulitzerState:
        return self.determinizer(seat)(rng)

    def determinizer(self, seat: int) -> Callable[[random.Random], PulitzerState]:
        """`determinize(seat, rng)` as a function of rng alone: the canonical orders of the
        hidden decks and pools, and where the face-down pieces and agents stand, are worked
        out once, so a search that asks for a new world every iteration pays only for the
        copy and the draws.  The very worlds of `determinize`; valid while the state is
        unchanged."""
        tb = self.tables
        hidden_seats = [] if self.revealed else [p for p in range(tb.n) if p != seat]
        resample_times = not self.revealed and tb.solo
        resample_agents = not self.revealed and tb.lp
        agent_slots = [
            (sid, i) for sid in range(tb.n_spaces) for i, pc in enumerate(self.spaces[sid]) if pc[0] == RED
        ]
        agent_values = sorted(tb.red_values)
        face_down = [(p, self._face_down(p, self.avail[p])) for p in hidden_seats]
        times_face_down = self._face_down(TIMES, self.times_pool) if resample_times else ([], [], 0)
        decks = (sorted(self.evi_deck), sorted(self.line_deck), sorted(self.ot_deck), sorted(self.ev_deck))
        news_rest = sorted(self.news_deck[:-1]) if len(self.news_deck) > 1 else []
        times_colours: list[int] = []
        times_pools: list[list[int]] = []
        if self.times_deck:
            times_colours = T.deck_colours(self.game.params.times_mix)[: len(self.times_deck)]
            seen = set(self.times_revealed)
            times_pools = [sorted(x for x in tb.times_by_colour[c] if x not in seen) for c in range(3)]

        def world(rng: random.Random) -> PulitzerState:
            w = self.clone()
            for p, (sids, pool_sorted, count) in face_down:
                w.avail[p] = tuple(self._deal_face_down(w, p, sids, pool_sorted, count, rng))
            if resample_times:
                sids, pool_sorted, count = times_face_down
                w.times_pool = self._deal_face_down(w, TIMES, sids, pool_sorted, count, rng)
            if resample_agents:
                pool = agent_values[:]
                shuffle(pool, rng)
                for k, (sid, i) in enumerate(agent_slots):
                    pc = w.spaces[sid][i]
                    w._set_piece(sid, i, (RED, pool[k], pc[2], pc[3]))
            w.evi_deck, w.line_deck, w.ot_deck, w.ev_deck = [_shuffled(deck, rng) for deck in decks]
            if news_rest:
                w.news_deck = _shuffled(news_rest, rng) + [w.news_deck[-1]]
            if times_colours:
                pools = [_shuffled(pool, rng) for pool in times_pools]
                w.times_deck = [pools[c].pop() for c in times_colours]
            w._gen_seed = fresh_seed(rng)
            return w

        return world

    def _face_down(self, owner: int, reserve: Any) -> tuple[list[int], list[int], int]:
        """Where `owner`'s face-down pieces stand, for `_deal_face_down`: (the spaces holding
        them in board order, the sorted pool they and the reserve make, how many stand)."""
        spaces = self.spaces
        sids: list[int] = []
        hidden: list[int] = []
        for sid in range(len(spaces)):
            first = True
            for pc in spaces[sid]:
                if pc[0] == owner and not pc[3] & F_UP:
                    hidden.append(pc[1])
                    if first:
                        sids.append(sid)
                        first = False
        return sids, sorted(hidden + list(reserve)), len(hidden)

    @staticmethod
    def _deal_face_down(
        w: PulitzerState, owner: int, sids: list[int], pool_sorted: list[int], count: int, rng: random.Random
    ) -> list[int]:
        """Deals `owner`'s face-down pieces again from the shuffled pool, in board order;
        returns the reserve left, sorted."""
        spaces = w.spaces
        pool = pool_sorted[:]
        shuffle(pool, rng)
        k = 0
        for sid in sids:
            pieces: list[tuple[int, ...]] = []
            for pc in spaces[sid]:
                if pc[0] == owner and not pc[3] & F_UP:
                    pc = (owner, pool[k], pc[2], pc[3])
                    k += 1
                pieces.append(pc)
            spaces[sid] = tuple(pieces)
        return sorted(pool[count:])

    # ------------------------------------------------------------------ text
    def space_name(self, sid: int) -> str:
        tb = self.tables
        area, k = tb.area[sid], tb.aidx[sid]
        if area == KIOSK:
            col, row = divmod(k, tb.krows)
            return f"kiosk {KIOSK_COLUMNS[col]} row {row + 1}"
        if area == ARCHIVE:
            return f"archive space {k + 1}"
        if area == BUS:
            return tb.bus[k][3]
        if area == OVERTIME:
            return f"overtime space {k + 1}"
        eid = self._event_id()
        return f"{EVENT_TITLES[eid] if eid >= 0 else 'event'} space {k + 1}"

    def cell_name(self, cell: int) -> str:
        tb = self.tables
        if tb.cell_line[cell] < 0:
            return "?"
        return f"{LINES[tb.cell_line[cell]]}:{tb.evidence_types[tb.cell_evi[cell]]}"

    def owner_name(self, o: int) -> str:
        if o == TIMES:
            return "Times"
        if o == RED:
            return "red agent"
        if o == BLUE:
            return "blue agent"
        if self.tables.solo:
            return "Post"
        return f"P{o}"

    def action_to_string(self, action) -> str:
        """The action in the printed names a player reads (no engine ids); two legal actions
        of one decision never read the same, so a typed text picks exactly one."""
        try:
            a0 = action[0]
        except (TypeError, IndexError, KeyError):
            return repr(action)
        try:
            return self._action_words(a0, action)
        except (IndexError, TypeError, KeyError, ValueError, AttributeError):
            return repr(action)

    def _action_words(self, a0, action) -> str:
        tb = self.tables
        s = self.current_player()
        if a0 == "place":
            return f"place journalist {_jlabel(action[1])} on {self.space_name(action[2])}"
        if a0 == "req":
            return f"request in {SECTION_WORDS[action[1]]}"
        if a0 == "pass":
            return "pass"
        if a0 == "editorial":
            return "use the Editorial token: place two journalists in a row"
        if a0 == "bail":
            return f"pay bail for journalist {_jlabel(action[1])} (${100 * (self.jval(s, action[1]) + 3)})"
        if a0 == "unpin":
            return f"take back your last pin {self.cell_name(self.pins[s][-1])} (frees its string)"
        if a0 == "tok":
            if action[1] == "RG" and self.tables.lp:
                return "put the Registry token beside it (it draws 2 extra cards of one type)"
            return f"slide the {self._token_words(action[1])} token under it"
        if a0 == "notok":
            return "no token under it"
        if a0 == "finale":
            return (
                "Grand Finale: turn it face up (value x $100 + $300 instead of the payout)"
                if action[1] == "up"
                else "Grand Finale: keep it face down"
            )
        if a0 == "pin":
            cell = action[1]
            worth = f"{tb.line_points[tb.cell_line[cell]]} points"
            if cell in self.tables.hl[self.report[s]]:
                worth = "highlighted, " + worth
            last = self.pins[s][-1] if self.pins[s] else tb.start
            cost = tb.dist[last][cell]
            left = tb.string_length - self.string_used[s] - cost
            return f"pin {self.cell_name(cell)} ({worth}; string {cost:.1f}, {max(0.0, left):.1f} left after)"
        if a0 == "nopin":
            return "pin nothing (discard the drawn cards)"
        if a0 in ("pin_evidence", "pin_line"):
            return self._source_words(action)
        if a0 == "destroy":
            return f"destroy highlighted evidence {self.cell_name(action[1])}"
        if a0 == "stmt":
            return f"put the witness statement under your pin {self.cell_name(action[1])}"
        if a0 == "bus":
            p = self.spaces[action[1]][action[2]]
            return f"resolve your journalist {_jlabel(p[1])} on {self.space_name(action[1])} next"
        if a0 == "support":
            p = self.spaces[action[1]][action[2]]
            e, l = self.pend[3] if self.pend and self.pend[0] == "support" else (0, 0)
            gain = ", ".join(
                f"+{k} {kind} card{'s' if k > 1 else ''}" for k, kind in ((e, "evidence"), (l, "line")) if k
            )
            return f"archive support to your journalist {_jlabel(p[1])} on {self.space_name(action[1])}" + (
                f" ({gain})" if gain else ""
            )
        if a0 == "nosupport":
            return "no archive support"
        if a0 == "reg":
            return f"Registry: draw 2 more {'evidence' if action[1] == 'E' else 'line'} cards"
        if a0 == "sports":
            return f"Sports reward: the row +2 token under your journalist on {self.space_name(action[1])}"
        if a0 == "sports_cash":
            return f"Sports reward: take ${100 * tb.sports_cash}"
        if a0 == "ent":
            return f"Entertainment reward: the +2 token under your journalist on {self.space_name(action[1])}"
        if a0 == "ent_contact":
            return (
                f"Entertainment reward: take {tb.ent_contacts} contact{'s' if tb.ent_contacts != 1 else ''}"
            )
        if a0 == "ot":
            return f"take overtime card {self.ot_card_words(action[1])}"
        if a0 == "ot_extra":
            return "pay 1 contact: reveal an extra overtime card on the telephone space"
        if a0 == "donor":
            return f"take the {self._token_words(TOKS[self.pend[2]])} token from {self.owner_name(action[1])}"
        if a0 == "train":
            cost, value, points = tb.hr[self.hr[s]]
            return (
                f"train journalist X to HR space {self.hr[s] + 1} for ${100 * cost} "
                f"(value {value}, {points} points at the end)"
            )
        if a0 == "stop":
            return "stop training"
        if a0 == "photo":
            return f"buy a Photo +{action[1]} token for ${100 * tb.photo_cost[action[1] - 1]}"
        if a0 == "nophoto":
            return "buy no Photo token"
        if a0 == "keep":
            code = action[1]
            text = f"keep {self.card_words(code)}"
            same = (
                [c for c in self.pend[2] if self.card_words(c) == self.card_words(code)] if self.pend else []
            )
            if len(same) > 1:
                text += f" (copy {same.index(code) + 1})"
            return text
        if a0 == "fund":
            return (
                "Fundraising: take $900" if action[1] == "money" else "Fundraising: take an evidence wildcard"
            )
        return " ".join(str(x) for x in action)

    def _source_words(self, action) -> str:
        """Which card supplies the pin's evidence or line, and what it costs (R-12, R-13)."""
        tb = self.tables
        a0, kind, code = action
        pend = self.pend if self.pend is not None and self.pend[0] == a0 else None
        cell: Any = pend[2] if pend else None
        if a0 == "pin_evidence":
            what = f"evidence {tb.evidence_types[tb.cell_evi[cell]]}" if pend else "the evidence"
            if kind == "drawn":
                return f"{what} from a drawn card"
            if kind == "kept":
                return f"{what} from your kept {self.card_words(code)}"
            if kind == "leak":
                return f"{what} from a leaked card (pay $200 to {self.owner_name(self.leak_owner)})"
            return f"{what} from your evidence wildcard"
        li = tb.cell_line[cell] if pend else -1
        what = f"line {LINES[li]}" if pend else "the line"
        penalty = self._penalty_words(pend[1], cell, li) if pend else "its double-line penalty"
        if kind == "drawn":
            return f"{what} from a drawn single line card"
        if kind == "double":
            return f"{what} from the drawn double line card ({penalty})"
        if kind == "kept":
            double = len(tb.line_cards[code - 100]) == 2
            return f"{what} from your kept {self.card_words(code)}" + (f" ({penalty})" if double else "")
        return f"{what} from your line wildcard"

    def _penalty_words(self, s: int, cell: int, li: int) -> str:
        """What the double-line penalty would do to seat s's report for a pin on `cell`."""
        open_cells = sum(1 for c in self._destroy_options(s, (li,)) if c != cell)
        kind = self._penalty_kind(s, cell, li)
        if kind == PENALTY_TARGET:
            if not open_cells:
                return "discards your target token, nothing to destroy"
            return (
                f"destroys {min(2, open_cells)} highlighted {LINES[li]} evidence "
                "and discards your target token"
            )
        if kind == PENALTY_DESTROYS:
            return f"destroys 1 highlighted {LINES[li]} evidence"
        return "nothing to destroy"

    def _token_words(self, code: str) -> str:
        if code == "RG" and self.tables.lp:
            return "Registry (2 extra cards)"
        return TOKEN_WORDS[code]

    def card_words(self, code: int) -> str:
        """A kept or drawn card by what it shows: 'evidence card MEM', 'line card B/C'
        (codes of 100 and more are line cards)."""
        tb = self.tables
        if code >= 100:
            return "line card " + "/".join(LINES[x] for x in tb.line_cards[code - 100])
        return "evidence card " + "/".join(tb.evidence_types[x] for x in tb.evidence_cards[code])

    def column_reward_words(self, col: int) -> str:
        """What the majority of a kiosk column wins (§8.2, §13.5), in words."""
        tb = self.tables
        if col == 0:
            return f"+{tb.national[0]} contact, +{tb.national[1]} points" + (
                "" if self.tables.solo else ", the Press Pass"
            )
        if col == 1:
            return f"+{tb.international[0]} contacts, +{tb.international[1]} points"
        if col == 2:
            return f"the row +2 token or ${100 * tb.sports_cash}"
        if col == 3:
            return f"the overtime +2 token or {tb.ent_contacts} contact"
        return f"+{tb.economy_points} points"

    def ot_card_words(self, card: int) -> str:
        """'#16 (new evidence: 1 line card)': an overtime card's number and effect."""
        number, kind, extra = self.tables.ot_cards[card]
        if kind == 0:
            effect = f"talk show: ${100 * extra}"
        elif kind == 1:
            effect = f"radio night: {extra} points"
        elif kind == 2:
            effect = f"new evidence: keep 1 {'line' if extra else 'evidence'} card"
        else:
            effect = "statement on line " + " or ".join(LINES[x] for x in extra)
        return f"#{number} ({effect})"

    def history_text(self) -> list[str]:
        return [self._narrate(entry) for entry in self.log]

    def __str__(self) -> str:
        tb = self.tables
        lines = [
            f"Pulitzer round {self.round}/8 ({self.game.params.mode}); "
            + ("over" if self.over else f"to move: {self.owner_name(self.current_player())}")
        ]
        if self.news_deck:
            pay = tb.news_pay[self.news_deck[-1]]
            lines.append(
                "kiosk pay: "
                + ", ".join(
                    f"{n}=${p}00" for n, p in zip(("Nat", "Int", "Spo", "Ent", "Eco")[: tb.kcols], pay)
                )
            )
        lines.append("blocked: " + ", ".join(SECTIONS[x] for x in tb.news_blocks[self.news_turned]))
        if tb.lp:
            lines.append(
                f"opinion {self.opinion} (Capitol {tb.opinion[0]}, Hat {tb.opinion[1]}), marker {self.marker}"
            )
        if tb.solo:
            lines.append(
                f"Times target {tb.times_target}; Times X value {self.times_x}; "
                f"cards left {len(self.times_deck)}"
            )
        for sid in range(tb.n_spaces):
            if self.spaces[sid]:
                ps = []
                for p in self.spaces[sid]:
                    hidden = not self.revealed and p[0] not in (BLUE,) and p[0] != self.current_player()
                    v = "?" if hidden else str(self.pval(p))
                    ps.append(f"{self.owner_name(p[0])}:{v}" + (f"+{p[2]}" if p[2] else ""))
                lines.append(f"  {self.space_name(sid)}: {' '.join(ps)}")
        lines.append("overtime display: " + ", ".join(f"#{tb.ot_cards[c][0]}" for c in self.ot_display))
        for s in range(tb.n):
            lines.append(
                f"{self.owner_name(s)}: ${self.money[s]}00, {self.contacts[s]} contacts, "
                f"{self.points[s]} pts, HR {self.hr[s]}, report {tb.report_ids[self.report[s]]} "
                f"found {self.found_highlighted(s)}/5, pins {[self.cell_name(c) for c in self.pins[s]]}, "
                f"destroyed {len(self.destroyed[s])}, score now {self.final_score(s)}"
            )
        if self.over:
            lines.append(f"result: {self.outcome().reason}")
        return "\n".join(lines)
