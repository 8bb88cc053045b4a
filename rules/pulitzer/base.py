"""Pulitzer's state, the ground floor: the constants and action values the engine names, the
fields of a position (`PulitzerBase`, one line each on what they hold), the generator, the
card draws every step uses, and the scores and result (scoring.py does the sums).

The engine is one class built in layers, each module adding one concern: base (fields,
draws, scores), text (names and narration), resolution (the resolution phase and the
round's end), info (observation, determinization) and state (setup, placement, the
decisions' legal lists and their effects).  A layer calls a later one only through the
stubs declared here.
"""

from __future__ import annotations

import random
from typing import Any, Final

import automa.rules.pulitzer.scoring as scoring
from automa.rules.core import TERMINAL, Outcome, State
from automa.rules.draws import clone_rng, randbelow, seeded_rng, shuffle
from automa.rules.tuples import tuple_plus, tuple_with

from .data import BLUE, EVENT_IDS, RED, SECTIONS, TIMES
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


class PulitzerBase(State):
    """A Pulitzer position's fields and the engine's ground floor (see the module doc)."""

    # the game being played (its parameters, layout and data)
    game: Any
    # the configuration's lookup tables (tables.py), shared by every state of the game
    tables: Tables
    # the state's generator (shared with clones until one of them draws: see `_r`)
    _gen: random.Random
    # a seed not yet planted (-1: none): a new world's generator is seeded when first drawn
    # from, since seeding costs a third of a world and most playouts never draw
    _gen_seed: int
    # typed so that the compiled engine (automa/native.py) indexes them natively; "per seat"
    # lists are indexed by seat, "per space" by the game's space ids
    spaces: list[tuple[tuple[int, ...], ...]]  # per space, its pieces (owner, journalist, bonus, flags)
    money: list[int]  # per seat, money in $100 units
    contacts: list[int]  # per seat, contact tokens
    points: list[int]  # per seat, the coin's place on the score track
    hr: list[int]  # per seat, journalist X's HR space (0: not hired)
    req_left: list[int]  # per seat, request tokens left this round
    acts: list[int]  # per seat, actions taken this round (the LP turn marker's count)
    bail_due: list[int]  # per seat, the round after which its arrested journalists can be bailed
    avail: list[tuple[int, ...]]  # per seat, the journalists still at hand
    arrested: list[tuple[int, ...]]  # per seat, its arrested journalists
    tok_now: list[tuple[int, ...]]  # per seat, value tokens to use this round, a count per TOKS
    tok_new: list[tuple[int, ...]]  # per seat, value tokens gained for the next round
    tok_used: list[int]  # per token type, tokens out of the reserve this round (§8.7.1)
    news_slots: list[tuple]  # per Newspaper section, the seats whose requests stand there
    round: int  # the round, 1-8
    placing: bool  # True in the placement phase, False in resolution
    over: bool  # the game has ended
    end_reason: str  # why it ended, in the engine's words ("" while it goes on)
    revealed: bool  # the journalists are face up (from the reveal to the round's end)
    pp: int  # the Press Pass holder
    turn: int  # the seat placing now
    double: int  # an Editorial turn's journalists still to place (0: a normal turn)
    finished: list[bool]  # per seat, has passed this round
    evt: list[tuple[int, ...]]  # per seat, (target tokens, line wildcards, evidence wildcards)
    kept: list[tuple[int, ...]]  # per seat, kept cards: an evidence card id, or 100 + a line card id
    houses: list[tuple[int, ...]]  # per seat, its houses of each colour
    house_supply: list[int]  # per colour, the houses left
    report: list[int]  # per seat, its report card
    pins: list[tuple[int, ...]]  # per seat, its pinned cells in string order
    pinrd: list[tuple[int, ...]]  # per seat, the round each pin was made (pins' order)
    stmt: list[tuple[int, ...]]  # per seat, the pinned cells carrying a witness statement
    destroyed: list[tuple[int, ...]]  # per seat, its destroyed cells
    string_used: list[float]  # per seat, the string length its pins use
    unpinned: list[bool]  # per seat, has dropped a pin this round (one a round, R-9)
    eliminated: list[bool]  # per seat, eliminated: five highlighted evidence out of reach (LP)
    rowh: list[tuple[int, ...]]  # LP: per kiosk row, 1 = its house on the Hat side, -1 the Capitol's
    evi_deck: list[int]  # the evidence deck (top = last)
    evi_disc: list[int]  # its discards
    line_deck: list[int]  # the line deck (top = last)
    line_disc: list[int]  # its discards
    ot_deck: list[int]  # the overtime deck (top = last)
    ot_disc: list[int]  # its discards
    ot_display: list[int]  # the overtime cards on display
    extra_bought: bool  # the telephone's extra overtime card is bought this round
    news_deck: list[int]  # the news cards (top = last: its orange face pays the kiosk)
    news_turned: int  # the news card turned to its grey face (the blocked sections)
    ev_deck: list[int]  # the event deck (top = last)
    event: int  # this round's event (-1: none)
    leak: list[int]  # Document Leak: the cards laid out this round
    leak_owner: int  # Document Leak: the seat whose journalist drew them (-1: none)
    leak_used: list[int]  # Document Leak: the seats that used a leaked card this round
    opinion: int  # LP: the public-opinion token's place
    hat: bool  # LP: the token reached the Hat (the game ends with this round)
    capitol: bool  # LP: the token reached the Capitol (everyone lost)
    marker: int  # LP: the turn marker
    times_deck: list[int]  # solo: the Times deck (top = last)
    times_pool: list[int]  # solo: the Times journalists in its pool
    times_revealed: list[int]  # solo: the Times cards revealed, in order
    times_hired: bool  # solo: the purple X is hired
    times_red_seen: bool  # solo: a red Times card has come (the X's value is 4)
    times_x: int  # solo: the purple X's value (0: not hired)
    rstep: int  # the resolution step running (R_EV4 ... R_END)
    ri: int  # the step's first counter (a space, a seat or a stage, as the step uses it)
    rj: int  # the step's second counter
    #: whether a clone still shares `_gen` (copied before the first draw, see `_r`)
    _cache_rng_shared: bool
    #: LP: what the Times and the agents did, as (round, kind, args) (public)
    log: list[Any]
    #: the decision pending inside resolution, (kind, seat, ...), or None
    pend: Any
    #: pending destructions: (seat, allowed lines, or () for any)
    dq: list[Any]
    #: the step's work list (archive: (seat, evidence, line) support cards; overtime order)
    rlist: list[Any]
    #: archive spaces in relocation order (the first reach the lower spaces)
    lower: list[Any]
    #: archive support: bus (space, position) -> (extra evidence, extra line cards)
    sup: dict[Any, Any]
    #: the cards the bus agents drew this round
    agent_cards: list[Any]
    #: the bus journalist resolving now: [seat, space, position, value, evidence, lines, ...]
    cur: list[Any]
    #: the bus journalists that have resolved this round
    bus_done: list[Any]

    def _log(self, kind: str, *args) -> None:
        """Narration for the player (public).  Kept as data and worded only when read:
        search plays thousands of rounds nobody reads."""
        log = self.log
        log.append((self.round, kind, args))
        if len(log) > LOG_KEPT:
            del log[0]

    # ------------------------------------------------------------------ later layers
    # What a layer calls in a later one (resolution, state), declared here so that each
    # layer's calls are typed; the later layer overrides them.
    def clone(self) -> PulitzerBase:
        raise NotImplementedError

    def _random_placement_action(self, s: int, rng: random.Random) -> Any:
        raise NotImplementedError

    def _settle_turn(self) -> None:
        raise NotImplementedError

    def _destroy_options(self, s: int, lines: Any) -> list[int]:
        raise NotImplementedError

    def _penalty_kind(self, s: int, cell: int, li: int) -> int:
        raise NotImplementedError

    def _event_id(self) -> int:
        """The running event's id (-1: none)."""
        return self.tables.events[self.event][0] if self.event >= 0 else -1

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
