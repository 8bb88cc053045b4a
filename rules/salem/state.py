"""Salem 1692 (deluxe) state: the whole position, its contract (legal actions, apply, clone,
outcome) and the engine's loop.

Design notes
* Positions 0..npos-1 clockwise; in ghosts mode some positions are ghosts (game.human[pos] < 0).
  current_player() and observation() speak in player indices, actions name positions.
* Face-down trial rows are multisets: rows are reshuffled after every leak (spec A-05, 20.3),
  so every blind pick by a non-owner is an engine chance event (equivalent per 20.3).
* The engine runs a stack of tasks (`tasks`, run by `_run`; each task is a function of
  resolution.py); a task either resolves at once or asks one seat for one short decision
  (`dec`).  Secret/simultaneous steps (Town Hall choice, Dawn, Night votes, gavel,
  confessions) ask every living human seat in seat order; choices stay hidden from the
  other seats until the rules reveal them (spec 20.5).
* Each decision kind's legal list and effect sit side by side in decisions.py
  (`la_<kind>`, `ap_<kind>`); the words in text.py; what each seat sees and the worlds it
  can imagine (spec 20) in info.py.

Decisions: ``dec = (kind, pos, payload)``; seat `pos` decides.  Actions are tuples, a tag and
a few values (positions, card or token ids).

    kind          who decides           legal actions                    effect
    keep          each seat in turn     ("keep", character) x 2          D1 Town Hall: keeps one of two
    dawn          each seat in turn     ("cat", pos): a witch votes,     D2 the Black Cat goes to the
                                        a townsperson ("sleep",)           witches' plurality choice
    victim        each witch            ("victim", pos)                  D11 night victim (plurality)
    gavel         the Constable         ("gavel", pos | -1)              D12 protects pos tonight
    sleep         a seat with no        ("sleep",)                       none: hides who is asked
                  secret choice
    confess       each living seat      ("confess", trial id | "none"    D13 reveals that card (or,
                                        | "phips")                         William Phips, none)
    tituba        Tituba's holder       ("tituba", "look" | "skip")      D4 may reorder the deck
    tituba_order  Tituba's holder       ("tituba", card | "done")        puts card next from the top
    action        the seat to move      ("draw",) ("play", card)         D3 draw two and end, or play
                                        ("look", pos) ("peek", pos)        a card; a shilling look;
                                        ("parris",)                        a ghost's peek; Parris
    play          the seat to move      ("play", card) ("look", pos)     another card, or end
                                        ("end",)
    target        the card's player     ("target", pos)                  D6 the card goes to pos
    target2       the card's player     ("target2", pos)                 Robbery / Scapegoat's
                                                                           receiver
    alibi         the Alibi's player    ("alibi", n_accusations,         D7 removes those red cards
                                        n_evidence)
    bless_token   the Blessing's player ("token", token)                 which centre token it gives
    curse_token   the Curse's player    ("token", token)                 which token goes back
    danforth      Thomas Danforth       ("yes",) ("no",)                 D8 force a reveal one early
    abigail       Abigail Williams      ("yes",) ("no",)                 discard her accusations
    ann           Ann Putnam            ("yes",) ("no",)                 draw before the reveal
    rebecca       Rebecca Nurse         ("yes",) ("no",)                 draw a card
    loot          John Proctor          ("loot", card) ("stop",)         takes a card from the dead
    parris        Samuel Parris         ("take", card) ("stop",)         from the discard pile
    pick2         the accused (18.3)    ("flip", trial id)               which of two turns face up
    cat_self      Black Cat's holder    ("cat_reveal", trial id)         D10 reveals own card
    spec_order    the eliminated        ("special", trial id)            A-16 which special first
    charlatan     Charlatan's revealer  ("charlatan", pos)               three seats for the swap
    gravedigger   Gravedigger's         ("revive", pos, trial id)        a face-up card face down
    inquisitor    Inquisitor's          ("inquire", pos)                 a card of pos face up
    mag_from      Magistrate's          ("mag_from", pos | -1, token)    the token to move
    mag_to        Magistrate's          ("mag_to", pos)                  who receives it

The observation marks the secret kinds (SECRET_KINDS) as ("secret", pos, ...) for everyone but
the seat asked.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Final

from automa.rules.core import TERMINAL, Outcome, State
from automa.rules.draws import clone_rng, randbelow, shuffle, uniform

from .data import ABILITIES, SPECIALS, TRIAL_KINDS

SPECIAL_SET: Final = frozenset(SPECIALS)


class SalemRules:
    """What a game fixes for all its states, in typed fields.  The game object is interpreted,
    so each read of one of its attributes costs a dictionary lookup; a compiled engine reads
    these fields directly, and the per-seat loops of a big table read them often."""

    def __init__(self, game: Any) -> None:
        d = game.data
        p = game.params
        ab: dict[str, str] = d.char_ability
        self.abilities_on: bool = bool(game.abilities_on)
        self.ghost_mode: bool = bool(game.ghost_mode)
        self.is_ghost: tuple[bool, ...] = tuple(game.is_ghost)
        self.effect: dict[str, str] = dict(d.effect)
        #: {card: what its effect asks of the seat it names (TARGET_RULE), 0 for no seat}
        self.card_rule: dict[str, int] = {c: TARGET_RULE.get(e, 0) for c, e in d.effect.items()}
        self.human: tuple[int, ...] = tuple(game.human)
        self.max_turns: int = game.max_turns
        self.cap: int = game.max_game_length()
        self.two_card_reveal: bool = bool(p.two_card_reveal)
        self.double_witch_survives: bool = bool(p.double_witch_survives)
        self.char_ability: dict[str, str] = dict(ab)
        self.value: dict[str, int] = dict(d.value)
        self.piety_mult: int = d.piety_mult
        self.players: int = p.players
        #: {ability: its printed numbers, such as {"value": 7}}, for the abilities that have any
        self.ab_param: dict[str, dict[str, int]] = {a: dict(v) for a, v in game.ab_param.items() if v}
        #: no seat's trial threshold (`_normal`: 7 or George Burroughs' value, times the Piety
        #: multiplier or not) is below this, a first test that spares most seats the threshold
        bases = (7, self.ab_param.get("burroughs", {}).get("value", 8))
        self.least_normal: int = min(base * mult for base in bases for mult in (1, self.piety_mult))
        self.witch_decision: str = p.witch_decision
        self.pooled_conspiracy: bool = bool(p.pooled_conspiracy)
        self.proctor_mode: str = p.proctor_mode
        self.ghost_constable_reveal_witch_win: bool = bool(p.ghost_constable_reveal_witch_win)
        #: every card id in sorted order (Tituba's choices are the kinds left in the deck)
        self.card_ids: tuple[str, ...] = tuple(sorted(d.effect))
        #: ("tituba", id) for each of card_ids: the placing choices, made once
        self.tituba_actions: tuple[Any, ...] = tuple(("tituba", c) for c in self.card_ids)
        martha = frozenset(c for c, a in ab.items() if a == "martha")
        #: {ability: the characters whose seat can have it}: its own character and Martha
        #: Corey, who copies her neighbour's (Martha alone for an ability nobody holds)
        self.holders: dict[str, frozenset] = {
            a: martha | frozenset(c for c, b in ab.items() if b == a) for a in ABILITIES
        }


def rules_of(game: Any) -> SalemRules:
    """The game's SalemRules, made once and kept on the game."""
    rules = game.__dict__.get("_cache_rules")
    if rules is None:
        rules = game._cache_rules = SalemRules(game)
    return rules


#: decision kinds of the secret rounds (20.5): the others see only who is being asked
SECRET_KINDS: Final = ("keep", "dawn", "victim", "gavel", "sleep", "confess")
TOKEN_ORDER: Final = ("asylum", "black_cat", "matchmaker", "piety")
#: (kind, q) actions that name a seat ("target", "look", "victim"...), per kind and seat, built
#: once and grown to the largest table seen: a big table's legal lists hold one per seat, and
#: building them anew was most of those lists' cost.  These and the action constants below are
#: typed Any: mypyc holds a value typed as a tuple of str and int (a Final tuple literal too) as
#: a C struct and builds a new tuple object wherever it is stored
_SEAT_ACTIONS: Final[dict[str, list[Any]]] = {}
CONFESS_NONE: Final[Any] = ("confess", "none")
SLEEP: Final[Any] = ("sleep",)
TITUBA_DONE: Final[Any] = ("tituba", "done")
#: the trial cards a seat can confess (not the specials), in sorted order, and their actions
CONFESS_KINDS: Final[tuple[str, ...]] = tuple(sorted(set(TRIAL_KINDS) - set(SPECIALS)))
CONFESS_ACTIONS: Final[tuple[Any, ...]] = tuple(("confess", k) for k in CONFESS_KINDS)


#: what a card's effect asks of the seat it names (`_is_target`), as a number: a loop over the
#: seats then tests it without comparing strings
ANY_SEAT: Final = 1
ACCUSED_SEAT: Final = 2  # Alibi: a seat with an Accusation, or Evidence it can take back
MARKED_SEAT: Final = 3  # Scapegoat: red cards, stocks or a token to move
HUMAN_SEAT: Final = 4  # Arson, Shilling: not a ghost
ROBBED_SEAT: Final = 5  # Robbery: not a ghost either, and it needs two of them
TOKEN_SEAT: Final = 6  # Curse: a token to take
BLESSED_SEAT: Final = 7  # Blessing: no second Matchmaker
TARGET_RULE: Final[dict[str, int]] = {
    "accuse": ANY_SEAT,
    "stocks": ANY_SEAT,
    "alibi": ACCUSED_SEAT,
    "scapegoat": MARKED_SEAT,
    "arson": HUMAN_SEAT,
    "shilling": HUMAN_SEAT,
    "robbery": ROBBED_SEAT,
    "curse": TOKEN_SEAT,
    "blessing": BLESSED_SEAT,
}


def _seat_actions(kind: str, n: int) -> list[Any]:
    """The actions (kind, 0) ... (kind, n - 1), the same objects every time."""
    table = _SEAT_ACTIONS.get(kind)
    if table is None:
        table = _SEAT_ACTIONS[kind] = []
    while len(table) < n:
        table.append((kind, len(table)))
    return table


def _drop_pair(facts: list[tuple[int, str]], t: int, card: str) -> None:
    """Remove the first (t, card) from `facts`, if there is one (list.remove, field by field)."""
    for i in range(len(facts)):
        fact = facts[i]
        if fact[0] == t and fact[1] == card:
            del facts[i]
            return


def _drop_rows(facts: list[tuple[int, str]], gone: list[bool]) -> None:
    """Remove, in place, the facts about the rows marked in `gone` (most seats know nothing
    of them: then no copy)."""
    for fact in facts:
        if gone[fact[0]]:
            facts[:] = [kept for kept in facts if not gone[kept[0]]]
            return


#: the state's fields (a compiled build has no __slots__ on the class; pickling reads these)
_SLOTS = (
    "game",
    "_rng",
    "_cache_rng_shared",
    "N",
    "alive",
    "n_living",
    "char",
    "face_down",
    "face_up",
    "hand",
    "reds",
    "stocks",
    "tokens",
    "coins",
    "ever_witch",
    "announced",
    "known_witches",
    "facts",
    "complete",
    "pub_facts",
    "last_accuser",
    "uses",
    "deck",
    "discard",
    "night_in_deck",
    "night_zone",
    "deck_known",
    "centre",
    "supply",
    "tasks",
    "dec",
    "result",
    "turn_pos",
    "turns",
    "nights",
    "steps",
    "first_turn",
    "played",
    "in_night",
    "votes",
    "gavel",
    "gavel_public",
    "victim",
    "victim_public",
    "confess",
    "confessed",
    "townhall_options",
    "townhall_kept",
    "loot_view",
    "loot_stopped",
    "log",
    "hand_facts",
    "pub_hand_facts",
)


class SalemState(State):
    # ClassVar: mypyc keeps it on the class (snapshot reads it); the rules are not pickled but
    # found again from the game
    __slots__: ClassVar[tuple[str, ...]] = _SLOTS + ("_cache_rules",)
    game: Any  # the SalemGame: its params, data and seating
    _cache_rules: SalemRules  # what the game fixes, in typed fields (not pickled: rules_of)
    _rng: random.Random  # the state's own generator (read it through `rng`)
    _cache_rng_shared: bool  # True while a clone shares `_rng` with its original
    N: int  # positions at the table, ghosts included
    alive: list[bool]  # per position: not eliminated
    n_living: int  # how many of `alive` are True (set with `_set_alive`)
    char: list  # per position its character id, None before the Town Hall choice
    face_down: list[list]  # per position its face-down trial cards (a determinize clone's: empty until drawn)
    face_up: list[list]  # per position its face-up (revealed) trial cards
    hand: list  # per position its playing cards, or None in a determinize clone
    reds: list[list]  # per position the red cards (accusations) in front of it
    stocks: list[int]  # per position the turns it still misses (Stocks)
    tokens: list[list]  # per position the tokens it holds
    coins: list[int]  # per position its shillings
    ever_witch: list[bool]  # per position: has ever held a Witch card (the witch team, spec 9)
    announced: list[bool]  # per position: said it holds a second Witch card (R-REV-4)
    known_witches: list[list]  # per position the positions it knows to be on the witch team
    facts: list[list]  # per position the (position, card) face-down trial cards it has seen
    complete: list[bool]  # per position: it knows the whole witch team
    pub_facts: list  # (position, card) face-down trial cards everyone knows
    last_accuser: list[int]  # per position who placed its last red card, -1 for nobody
    uses: dict  # "position:ability" -> times a limited Town Hall ability was used
    deck: list  # the playing deck, top last (a determinize clone's: empty until drawn)
    discard: list  # the discard pile (face up)
    night_in_deck: bool  # the Night card is in the deck (not yet drawn since the last rebuild)
    night_zone: int  # the Night lies within the bottom this many cards of the rebuilt deck
    deck_known: int  # the position that knows the deck's order (Tituba), -1 for nobody
    centre: list  # the tokens in the centre
    supply: int  # shillings in the supply
    tasks: list[tuple]  # the engine's task stack, top last (resolution.py runs them)
    dec: tuple | None  # the pending decision (kind, position, payload), None when none
    result: tuple | None  # (winner "town"/"witch"/"draw", reason, losing converts) once over
    turn_pos: int  # the position whose turn it is, -1 before the first
    turns: int  # seat turns begun so far
    nights: int  # nights so far
    steps: int  # decisions taken (the safeguard's cap counts them)
    first_turn: bool  # the first turn of the game (no Draw before it, R-DAWN)
    played: bool  # the seat to move has played a card this turn
    in_night: bool  # a night is being resolved
    votes: dict  # position -> its witch vote (Dawn's Black Cat or the night's victim)
    gavel: Any  # the gavel's position, -1 nobody, -2 not placed tonight
    gavel_public: bool  # the gavel's place has been shown
    victim: Any  # the witches' victim tonight, -1 none yet
    victim_public: bool  # the victim has been announced
    confess: dict  # position -> what it confesses tonight (secret until all have answered)
    confessed: list  # the positions that confessed tonight, in order
    townhall_options: list  # per position its two Town Hall characters to keep one of, or None
    townhall_kept: list  # per position the character it kept, before all are revealed
    loot_view: tuple | None  # (eliminated position, the John Proctors looking at its hand)
    loot_stopped: list  # the looters who have stopped taking cards
    log: list  # the public log: (format, *arguments), positions as ints
    hand_facts: list[list]  # per position the (position, card) hand cards it knows of
    pub_hand_facts: list  # (position, card) hand cards everyone knows of

    @property
    def rng(self) -> random.Random:
        """The state's own generator.  A clone shares it with its original until either side
        first draws (copying a Mersenne Twister costs more than the rest of a clone): reading
        it here hands out a copy of its own to a state that shares it."""
        if self._cache_rng_shared:
            self._rng = clone_rng(self._rng)
            self._cache_rng_shared = False
        return self._rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng = value
        self._cache_rng_shared = False

    # ------------------------------------------------------------------ setup
    @classmethod
    def initial(cls, game, seed):
        s = SalemState.__new__(SalemState)  # not cls.__new__: mypyc cannot compile that
        s.game = game
        s._cache_rules = rules_of(game)
        d = game.data
        rng = s.rng = random.Random(seed)
        N = s.N = game.npos
        row = game.setup_row
        cards = (
            ["naw"] * row["naw"]
            + ["witch"] * row["witch"]
            + ["constable"] * row["constable"]
            + rng.sample(list(SPECIALS), row["special"])
        )
        rng.shuffle(cards)
        k = row["per_seat"]
        s.face_down = [cards[i * k : (i + 1) * k] for i in range(N)]
        s.face_up = [[] for _ in range(N)]
        s.alive = [True] * N
        s.n_living = N
        s.ever_witch = ["witch" in r for r in s.face_down]
        s.announced = [False] * N
        s.known_witches = [[p] if s.ever_witch[p] else [] for p in range(N)]
        s.facts = [[] for _ in range(N)]
        s.complete = [False] * N
        s.pub_facts = []
        s.hand_facts = [[] for _ in range(N)]
        s.pub_hand_facts = []
        s.last_accuser = [-1] * N
        s.uses = {}
        s.reds = [[] for _ in range(N)]
        s.stocks = [0] * N
        s.tokens = [[] for _ in range(N)]
        s.coins = [0] * N
        s.hand = [[] for _ in range(N)]
        chars = [c[0] for c in d.characters]
        rng.shuffle(chars)
        s.char = [None] * N
        s.townhall_options = [None] * N
        s.townhall_kept = [None] * N
        if game.th_choice:
            for p in range(N):
                s.townhall_options[p] = (chars[2 * p], chars[2 * p + 1])
        else:
            for p in range(N):
                s.char[p] = chars[p]
        # playing deck (R-SETUP-8)
        deck = [c for c in d.deck if d.effect[c] != "night"]
        rng.shuffle(deck)
        for p in range(N):
            if game.is_ghost[p]:
                continue
            for _ in range(3):
                while True:
                    c = deck.pop()
                    if d.effect[c] == "conspiracy":
                        deck.append(c)
                        rng.shuffle(deck)
                        continue
                    s.hand[p].append(c)
                    break
        s.deck = deck
        s.discard = []
        s.deck_known = -1
        s._insert_night()
        s.centre = list(d.tokens_start)
        s.supply = d.coins
        s.dec = None
        s.result = None
        s.turn_pos = -1
        s.turns = 0
        s.nights = 0
        s.steps = 0
        s.first_turn = True
        s.played = False
        s.in_night = False
        s.votes = {}
        s.gavel = -2
        s.gavel_public = False
        s.victim = -1
        s.victim_public = False
        s.confess = {}
        s.confessed = []
        s.loot_view = None
        s.loot_stopped = []
        s.log = []
        s.tasks = [("next_turn",), ("dawn",)]
        if game.th_choice:
            s.tasks.append(("th_reveal",))
            s.tasks.append(("th_ask", 0))
        s._run()
        return s

    def _insert_night(self):
        """Put the Night into the bottom part of the deck (R-SETUP-8, A-04)."""
        deck = self.deck
        n = len(deck)
        bottom = n - n // 2  # ceil(n/2)
        i = randbelow(bottom + 1, self.rng)
        deck.insert(i, "night")
        self.night_in_deck = True
        self.night_zone = bottom + 1

    # ------------------------------------------------------------------ helpers
    def _nxt(self, p: int) -> int:
        """Left neighbour: next living position clockwise (A-01)."""
        N = self.N
        q = (p + 1) % N
        while not self.alive[q]:
            q = (q + 1) % N
            if q == p:
                return p
        return q

    def _prv(self, p: int) -> int:
        N = self.N
        q = (p - 1) % N
        while not self.alive[q]:
            q = (q - 1) % N
            if q == p:
                return p
        return q

    def abil(self, p: int):
        c = self.char[p]
        rules = self._cache_rules
        if c is None or not rules.abilities_on:
            return None
        a = rules.char_ability[c]
        if a == "martha":
            q = self._prv(p)
            if q == p or self.char[q] is None:
                return "martha"
            return rules.char_ability[self.char[q]]
        return a

    def _may_have(self, p: int, ability: str) -> bool:
        """Whether abil(p) can be `ability` at all: p holds the character with it, or Martha
        Corey who copies her neighbour's.  Hot paths ask this first and call abil only then."""
        return self.char[p] in self._cache_rules.holders[ability]

    def _seats_with(self, ability: str) -> list[int]:
        """The living seats whose ability is `ability` now, in seat order (one look at who
        may have it, then abil only for those)."""
        holders = self._cache_rules.holders[ability]
        char = self.char
        alive = self.alive
        return [q for q in range(self.N) if alive[q] and char[q] in holders and self.abil(q) == ability]

    def _param(self, ability: str, key: str, default: int) -> int:
        params = self._cache_rules.ab_param.get(ability)
        return default if params is None else params.get(key, default)

    def _used(self, p: int, ability: str) -> int:
        return self.uses.get(f"{p}:{ability}", 0)

    def _use(self, p: int, ability: str) -> None:
        key = f"{p}:{ability}"
        self.uses[key] = self.uses.get(key, 0) + 1

    def constable(self) -> int:
        for p in range(self.N):
            if self.alive[p] and "constable" in self.face_down[p]:
                return p
        return -1

    def _living(self) -> list[int]:
        return [p for p in range(self.N) if self.alive[p]]

    def _humans_living(self) -> list[int]:
        g = self._cache_rules.is_ghost
        return [p for p in range(self.N) if self.alive[p] and not g[p]]

    def _total(self, p: int) -> int:
        """The trial row's total: printed values, an Alibi at Will Griggs' value, and Evidence
        at Cotton Mather's for him.  One pass over the row, the abilities looked up only when
        their cards are there (every elimination rechecks every seat: `_t_recheck`)."""
        value = self._cache_rules.value
        t = 0
        evidence = 0
        alibis = 0
        row: list[str] = self.reds[p]  # typed: the card names compare as strings
        for c in row:
            if c == "evidence":
                evidence += 1
            elif c == "alibi":
                alibis += 1
            else:
                t += value[c]
        if evidence:
            if self._may_have(p, "cotton") and self.abil(p) == "cotton":  # counts evidence only
                t += evidence * self._param("cotton", "value", 1)
            else:
                t += evidence * value["evidence"]
        if alibis:
            t += alibis * self._param("griggs", "value", 7)
        return t

    def _base(self, p: int) -> int:
        if self._may_have(p, "burroughs") and self.abil(p) == "burroughs":
            return self._param("burroughs", "value", 8)
        return 7

    def _normal(self, p: int) -> int:
        mult = self._cache_rules.piety_mult if "piety" in self.tokens[p] else 1
        return self._base(p) * mult

    def _danforth(self, p: int) -> int:
        mult = self._cache_rules.piety_mult if "piety" in self.tokens[p] else 1
        return (self._base(p) - 1) * mult

    def _end(self, winner: str, reason: str, losers: Any = ()) -> None:
        if self.result is None:
            self.result = (winner, reason, tuple(losers))
            self.dec = None
            self.tasks = []

    def _town_check(self) -> bool:
        """8.1 step 2: no face-down Witch card left anywhere -> town wins.  Asked when a Witch
        card turns face up (R-WIN-1: the last one revealed), the only way one leaves play."""
        for r in self.face_down:
            if "witch" in r:
                return False
        self._end("town", "town wins: all witches revealed")
        return True

    def _witch_check(self, converts: tuple = ()) -> bool:
        """R-WIN-2 (and 19.9 in ghosts mode)."""
        if self.result is not None:
            return True
        if self._cache_rules.ghost_mode:
            for p in range(self.N):
                if not self._cache_rules.is_ghost[p] and not self.ever_witch[p]:
                    return False
            self._end("witch", "witches win: every player became a witch", converts)
            return True
        for p in range(self.N):
            if self.alive[p] and not self.ever_witch[p]:
                return False
        if converts:
            self._end("witch", "witches win: the last townsperson became a witch", converts)
        else:
            self._end("witch", "witches win: no townsperson left alive")
        return True

    def _drop_facts_row(self, t: int) -> None:
        self._drop_facts_rows([t])

    def _drop_facts_rows(self, rows: list[int]) -> None:
        """What every seat knew of these seats' face-down rows, forgotten, in one pass over
        each seat's knowledge (the conspiracy changes every living row at once)."""
        gone = [False] * self.N
        for t in rows:
            gone[t] = True
            self.announced[t] = False
        for f in self.facts:
            _drop_rows(f, gone)
        _drop_rows(self.pub_facts, gone)

    def _drop_fact(self, t: int, card: str) -> None:
        """Every seat forgets that t's row holds `card` (one copy each).  The pairs are read as
        typed (int, str) pairs: comparing their fields is cheaper than comparing tuples, and a
        reveal asks every seat's knowledge."""
        for f in self.facts:
            _drop_pair(f, t, card)
        _drop_pair(self.pub_facts, t, card)

    def _add_fact(self, s: int, t: int, card: str) -> None:
        fact: Any = (t, card)
        if self.alive[s] and not self._cache_rules.is_ghost[s] and fact not in self.facts[s]:
            self.facts[s].append(fact)

    def _know_ew(self, s: int, t: int) -> None:
        if self.alive[s] and not self._cache_rules.is_ghost[s] and t not in self.known_witches[s]:
            self.known_witches[s].append(t)
            self.known_witches[s].sort()

    # ---- what seats know about other hands (20.2: Robbery, Pickpocket, Proctor, Giles, Parris)
    def _hf_add(self, s: int, t: int, c: str) -> None:
        if s < 0:
            self.pub_hand_facts.append((t, c))
        elif self.alive[s] and not self._cache_rules.is_ghost[s]:
            self.hand_facts[s].append((t, c))

    def _hf_play(self, t: int, c: str) -> None:
        fact: Any = (t, c)
        for f in self.hand_facts:
            if f and fact in f:
                f.remove(fact)
        if fact in self.pub_hand_facts:
            self.pub_hand_facts.remove(fact)

    def _hf_drop(self, t: int) -> None:
        for f in self.hand_facts:
            if f:
                f[:] = [x for x in f if x[0] != t]
        if self.pub_hand_facts:
            self.pub_hand_facts = [x for x in self.pub_hand_facts if x[0] != t]

    def _hf_move(self, src: int, dst: int) -> None:
        for f in self.hand_facts:
            if f:
                f[:] = [(dst, c) if t == src else (t, c) for t, c in f]
        if self.pub_hand_facts:
            self.pub_hand_facts = [(dst, c) if t == src else (t, c) for t, c in self.pub_hand_facts]

    def _rebuild(self) -> None:
        """10.2 step 5: shuffle deck and discards, Night into the bottom half."""
        cards = self.deck + self.discard
        self.discard = []
        shuffle(cards, self.rng)
        self.deck = cards
        self.deck_known = -1
        self._insert_night()

    # ------------------------------------------------------------------ engine loop
    def _run(self) -> None:
        tasks = self.tasks
        run = _res.TASKS
        while self.dec is None and self.result is None:
            if not tasks:
                tasks.append(("next_turn",))
            t = tasks.pop()
            k: str = t[0]
            if k == "next_turn":  # the commonest tasks, called directly
                _res.t_next_turn(self)
            elif k == "draw":
                _res.t_draw(self, t[1], t[2], t[3])
            elif k == "discard_top":
                _res.t_discard_top(self, t[1], t[2])
            elif k == "play_more":
                _res.t_play_more(self, t[1])
            elif k == "trial":
                _res.t_trial(self, t[1], t[2], t[3])
            elif k == "night_ask":  # a night asks every seat: the commonest at a big table
                _res.t_night_ask(self, t[1], t[2])
            elif k == "confess_ask":
                _res.t_confess_ask(self, t[1])
            elif k == "confess_one":
                _res.t_confess_one(self, t[1], t[2])
            elif k == "recheck":  # after every elimination
                _res.t_recheck(self)
            elif len(t) == 1:
                run[k](self)
            else:
                run[k](self, *t[1:])
            tasks = self.tasks  # _end replaces the list

    def _ask(self, kind: str, pos: int, payload: tuple = ()) -> None:
        self.dec = (kind, pos, payload)

    # ------------------------------------------------------------------ API
    def current_player(self) -> int:
        if self.result is not None or self.dec is None:
            return TERMINAL
        return self._cache_rules.human[self.dec[1]]

    def is_terminal(self) -> bool:
        return self.result is not None or self.dec is None

    def legal_actions(self) -> list:
        if self.result is not None or self.dec is None:
            return []
        kind: str
        p: int
        kind, p, pay = self.dec
        if kind == "action":  # the commonest decisions, called directly
            return _dec.la_action(self, p, pay)
        if kind == "play":
            return _dec.la_play(self, p, pay)
        if kind == "target":
            return _dec.la_target(self, p, pay)
        if kind == "sleep":  # the night's prompts: as common at a big table
            return _dec.la_sleep(self, p, pay)
        if kind == "confess":
            return _dec.la_confess(self, p, pay)
        return _dec.LEGAL[kind](self, p, pay)

    def random_action(self, rng: random.Random) -> Any:
        """legal_actions()[int(r * n)] for one draw r, without the list where that is cheap:
        the night's sleep prompt (one action) and a card's target among all the living
        others (the commonest decisions at a big table)."""
        # typed, and multiplied by floats only: compiled, float times int is a generic multiply
        r: float = uniform(rng)
        dec = self.dec
        if dec is not None and self.result is None:
            kind: str = dec[0]
            if kind == "sleep":
                return SLEEP
            if kind == "target":
                card: str = dec[2][0]
                if card == "alibi_w" or self._cache_rules.card_rule[card] == ANY_SEAT:
                    return self._pick_living_other(dec[1], r)  # as _la_target: every living other
        legal = self.legal_actions()
        return legal[int(r * float(len(legal)))]

    def _set_alive(self, p: int, alive: bool) -> None:
        """Eliminate p or bring it back, keeping the count of living seats."""
        if self.alive[p] != alive:
            self.alive[p] = alive
            self.n_living += 1 if alive else -1

    def _n_living_others(self, p: int) -> int:
        """How many living seats there are besides p: the targets of a card that may name
        any of them."""
        return self.n_living - 1 if self.alive[p] else self.n_living

    def _pick_living_other(self, p: int, r: float) -> Any:
        """The target action of the int(r * n)-th of the n living seats other than p, in
        seat order: what `_la_target`'s list for such a card would give at that index."""
        alive = self.alive
        i = int(r * float(self._n_living_others(p)))
        for q in range(self.N):
            if q != p and alive[q]:
                if i == 0:
                    return _seat_actions("target", self.N)[q]
                i -= 1
        raise IndexError("a target decision with no living other seat")

    # ---- legal actions per decision kind
    # ---- applying actions
    def _apply(self, action) -> None:
        dec: tuple = self.dec  # type: ignore[assignment]  # a decision is pending here
        kind: str
        p: int
        kind, p, pay = dec
        self.dec = None
        self.steps += 1
        if kind == "action":  # the commonest decisions, called directly
            _dec.ap_action(self, p, pay, action)
        elif kind == "play":
            _dec.ap_play(self, p, pay, action)
        elif kind == "target":
            _dec.ap_target(self, p, pay, action)
        elif kind == "sleep":  # the night's prompts: as common at a big table
            _dec.ap_sleep(self, p, pay, action)
        elif kind == "confess":
            _dec.ap_confess(self, p, pay, action)
        else:
            _dec.APPLY[kind](self, p, pay, action)
        if self.steps >= self._cache_rules.cap and self.result is None:
            self._end("draw", "draw: decision cap reached (safeguard)")
        self._run()

    # ------------------------------------------------------------------ results
    def _winners(self) -> list[int]:
        """The players (not positions) of the winning side, in order; none for a draw or a
        game in progress."""
        if self.result is None:
            return []
        winner, _, losers = self.result
        if winner == "draw":
            return []
        human = self._cache_rules.human
        ew = self.ever_witch
        wins: list[int] = []
        for pos in range(self.N):
            if human[pos] < 0:
                continue
            if winner == "town" and not ew[pos]:
                wins.append(human[pos])
            elif winner == "witch" and ew[pos] and pos not in losers:
                wins.append(human[pos])
        wins.sort()
        return wins

    def outcome(self):
        n = self._cache_rules.players
        if self.result is None:
            return Outcome((), tuple([1] * n), "game in progress")
        winner, reason, _ = self.result
        if winner == "draw":
            return Outcome((), tuple([1] * n), reason)
        wins = self._winners()
        # a team win nobody at the table shares (ghosts mode: the only witch was a ghost)
        # is a loss for every player: ghosts neither win nor lose (19.9, A-32)
        ranks = tuple(1 if i in wins else 2 for i in range(n))
        if not wins:
            reason += " (every player loses)"
        return Outcome(tuple(wins), ranks, reason)

    def returns(self) -> list[float]:
        """State.returns without an Outcome per call: the search scores every playout."""
        if self.result is None and self.dec is not None:
            return self.heuristic()
        wins = self._winners()
        out = [0.0] * self._cache_rules.players
        if wins:
            share = 1.0 / len(wins)
            for i in wins:
                out[i] = share
        return out

    def scores(self):
        n = self._cache_rules.players
        if self.result is None:
            return [(0,)] * n
        w = self._winners()
        return [(1 if i in w else 0,) for i in range(n)]

    def heuristic(self):
        """Town value: share of Witch cards revealed; witch value: share of town dead."""
        n = self._cache_rules.players
        human = self._cache_rules.human
        if self.result is not None:
            w = self._winners()
            return [1.0 if i in w else 0.0 for i in range(n)]
        wt = sum(r.count("witch") for r in self.face_up)
        wd = wt + sum(r.count("witch") for r in self.face_down)
        town = [p for p in range(self.N) if not self.ever_witch[p] and human[p] >= 0]
        dead = sum(1 for p in town if not self.alive[p])
        wr = wt / wd if wd else 1.0
        td = dead / len(town) if town else 1.0
        tv = min(1.0, max(0.0, 0.5 + 0.5 * (wr - td)))
        out = [0.5] * n
        for p in range(self.N):
            if human[p] >= 0:
                out[human[p]] = (1.0 - tv) if self.ever_witch[p] else tv
        return out

    def _fmt(self, entry):
        fmt, *args = entry
        return fmt.format(*(self.pname(a) if isinstance(a, int) else a for a in args))

    def history_text(self):
        return [self._fmt(e) for e in self.log[-12:]]

    # ------------------------------------------------------------------ clone
    def clone(self) -> SalemState:
        return self._clone()

    def _clone(self, world_of: int = -1) -> SalemState:
        """A copy.  For `determinize` (world_of = the position whose world it is) the parts it
        makes anew are left out: the trial rows, hands, deck and discard pile (empty), and the
        other positions' knowledge (empty)."""
        s = SalemState.__new__(SalemState)
        s.game = self.game
        s._cache_rules = self._cache_rules
        s._rng = self._rng
        s._cache_rng_shared = self._cache_rng_shared = True
        s.N = self.N
        s.alive = self.alive[:]
        s.n_living = self.n_living
        s.char = self.char[:]
        if world_of < 0:
            s.face_down = [r[:] for r in self.face_down]
            s.hand = [r[:] for r in self.hand]
            s.deck = self.deck[:]
            s.discard = self.discard[:]
            s.known_witches = [r[:] for r in self.known_witches]
            s.facts = [r[:] for r in self.facts]
            s.hand_facts = [r[:] for r in self.hand_facts]
        else:
            s.face_down = []  # typed lists, so that reading them costs no check:
            s.deck = []  # determinize fills all three in
            s.discard = []
            s.hand = [None] * self.N
            s.known_witches = [[] for _ in range(self.N)]
            s.facts = [[] for _ in range(self.N)]
            s.hand_facts = [[] for _ in range(self.N)]
            s.known_witches[world_of] = self.known_witches[world_of][:]
            s.facts[world_of] = self.facts[world_of][:]
            s.hand_facts[world_of] = self.hand_facts[world_of][:]
        s.face_up = [r[:] for r in self.face_up]
        s.reds = [r[:] for r in self.reds]
        s.stocks = self.stocks[:]
        s.tokens = [r[:] for r in self.tokens]
        s.coins = self.coins[:]
        s.ever_witch = self.ever_witch[:]
        s.announced = self.announced[:]
        s.complete = self.complete[:]
        s.pub_facts = self.pub_facts[:]
        s.pub_hand_facts = self.pub_hand_facts[:]
        s.last_accuser = self.last_accuser[:]
        s.uses = dict(self.uses)
        s.night_in_deck = self.night_in_deck
        s.night_zone = self.night_zone
        s.deck_known = self.deck_known
        s.centre = self.centre[:]
        s.supply = self.supply
        s.tasks = self.tasks[:]
        s.dec = self.dec
        s.result = self.result
        s.turn_pos = self.turn_pos
        s.turns = self.turns
        s.nights = self.nights
        s.steps = self.steps
        s.first_turn = self.first_turn
        s.played = self.played
        s.in_night = self.in_night
        s.votes = dict(self.votes)
        s.gavel = self.gavel
        s.gavel_public = self.gavel_public
        s.victim = self.victim
        s.victim_public = self.victim_public
        s.confess = dict(self.confess)
        s.confessed = self.confessed[:]
        s.townhall_options = self.townhall_options[:]
        s.townhall_kept = self.townhall_kept[:]
        s.loot_view = self.loot_view
        s.loot_stopped = self.loot_stopped[:]
        s.log = self.log[:]
        return s

    def __getstate__(self):
        return {k: getattr(self, k) for k in _SLOTS}

    def __setstate__(self, st):
        for k, v in st.items():
            setattr(self, k, v)
        self._cache_rules = rules_of(self.game)

    # ------------------------------------------------------------------ text (text.py)
    def pname(self, p):
        """A seat as the log names it: 'P1(Tituba)', 'ghost@1(Tituba)'."""
        return _text.pname(self, p)

    def action_to_string(self, action):
        """The action as the player reads it at the terminal (text.py)."""
        return _text.action_to_string(self, action)

    def __str__(self):
        return _text.table_text(self)

    # ------------------------------------------------------------------ information (spec 20)
    def _limbo(self):
        """The card being played (public, between hand and table)."""
        dec = self.dec
        if dec is None:
            return None
        kind = dec[0]
        if kind in ("target", "target2", "bless_token"):
            return "alibi" if dec[2][0] == "alibi_w" else dec[2][0]
        if kind == "alibi":
            return "alibi"
        if kind == "curse_token":
            return "curse"
        return None

    def observation(self, seat):
        """What `seat` may see (spec 20.1-20.2); built in info.py."""
        return _info.observation(self, seat)

    def determinize(self, seat, rng):
        """A world `seat` cannot tell from this one (spec 20.6), for any seat at any state,
        another seat's pending secret decision included; built in info.py."""
        return _info.determinize(self, seat, rng)

    def determinizer(self, seat):
        """determinize(seat, rng) as a function of rng, with what needs no draw done once (for
        a search that asks for a world every iteration); valid while this state is unchanged."""
        return _info.determinizer(self, seat)


# Imported last, as these modules read SalemState and SECRET_KINDS from this one: the
# decisions (decisions.py), the tasks (resolution.py), observation and determinization
# (info.py) and the action texts (text.py).
from . import decisions as _dec, info as _info, resolution as _res, text as _text  # noqa: E402  (see above)
