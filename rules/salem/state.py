"""Salem 1692 (deluxe) state: the whole engine.

Design notes
* Positions 0..npos-1 clockwise; in ghosts mode some positions are ghosts (game.human[pos] < 0).
  current_player() and observation() speak in player indices, actions name positions.
* Face-down trial rows are multisets: rows are reshuffled after every leak (spec A-05, 20.3),
  so every blind pick by a non-owner is an engine chance event (equivalent per 20.3).
* The engine runs a stack of tasks; a task either resolves at once or asks one seat for one
  short decision (self.dec).  Secret/simultaneous steps (Town Hall choice, Dawn, Night votes,
  gavel, confessions) ask every living human seat in seat order; choices stay hidden from the
  other seats until the rules reveal them (spec 20.5).
* What each seat sees and the worlds it can imagine (spec 20) are built in info.py.
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
    "fd",
    "fu",
    "hand",
    "reds",
    "stocks",
    "tokens",
    "coins",
    "ew",
    "announced",
    "known_ew",
    "facts",
    "complete",
    "pub_facts",
    "last_acc",
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
    "th_opts",
    "th_pend",
    "loot_view",
    "loot_stopped",
    "log",
    "hfacts",
    "pub_hfacts",
)


class SalemState(State):
    # ClassVar: mypyc keeps it on the class (snapshot reads it); the rules are not pickled but
    # found again from the game
    __slots__: ClassVar[tuple[str, ...]] = _SLOTS + ("_cache_rules",)
    game: Any
    _cache_rules: SalemRules
    _rng: random.Random
    _cache_rng_shared: bool
    N: int
    alive: list[bool]
    n_living: int  # how many of `alive` are True (set with `_set_alive`)
    char: list  # character ids, None before the Town Hall choice
    fd: list[list]  # (a determinize clone's is empty until the world is drawn)
    fu: list[list]
    hand: list  # per position a list, or None in a determinize clone
    reds: list[list]
    stocks: list[int]
    tokens: list[list]
    coins: list[int]
    ew: list[bool]
    announced: list[bool]
    known_ew: list[list]
    facts: list[list]
    complete: list[bool]
    pub_facts: list
    last_acc: list[int]
    uses: dict
    deck: list  # (likewise)
    discard: list
    night_in_deck: bool
    night_zone: int
    deck_known: int
    centre: list
    supply: int
    tasks: list[tuple]
    dec: tuple | None
    result: tuple | None
    turn_pos: int
    turns: int
    nights: int
    steps: int
    first_turn: bool
    played: bool
    in_night: bool
    votes: dict
    gavel: Any
    gavel_public: bool
    victim: Any
    victim_public: bool
    confess: dict
    confessed: list
    th_opts: list
    th_pend: list
    loot_view: tuple | None
    loot_stopped: list
    log: list
    hfacts: list[list]
    pub_hfacts: list

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
        s.fd = [cards[i * k : (i + 1) * k] for i in range(N)]
        s.fu = [[] for _ in range(N)]
        s.alive = [True] * N
        s.n_living = N
        s.ew = ["witch" in r for r in s.fd]
        s.announced = [False] * N
        s.known_ew = [[p] if s.ew[p] else [] for p in range(N)]
        s.facts = [[] for _ in range(N)]
        s.complete = [False] * N
        s.pub_facts = []
        s.hfacts = [[] for _ in range(N)]
        s.pub_hfacts = []
        s.last_acc = [-1] * N
        s.uses = {}
        s.reds = [[] for _ in range(N)]
        s.stocks = [0] * N
        s.tokens = [[] for _ in range(N)]
        s.coins = [0] * N
        s.hand = [[] for _ in range(N)]
        chars = [c[0] for c in d.characters]
        rng.shuffle(chars)
        s.char = [None] * N
        s.th_opts = [None] * N
        s.th_pend = [None] * N
        if game.th_choice:
            for p in range(N):
                s.th_opts[p] = (chars[2 * p], chars[2 * p + 1])
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
            if self.alive[p] and "constable" in self.fd[p]:
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
        for r in self.fd:
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
                if not self._cache_rules.is_ghost[p] and not self.ew[p]:
                    return False
            self._end("witch", "witches win: every player became a witch", converts)
            return True
        for p in range(self.N):
            if self.alive[p] and not self.ew[p]:
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
        if self.alive[s] and not self._cache_rules.is_ghost[s] and t not in self.known_ew[s]:
            self.known_ew[s].append(t)
            self.known_ew[s].sort()

    # ---- what seats know about other hands (20.2: Robbery, Pickpocket, Proctor, Giles, Parris)
    def _hf_add(self, s: int, t: int, c: str) -> None:
        if s < 0:
            self.pub_hfacts.append((t, c))
        elif self.alive[s] and not self._cache_rules.is_ghost[s]:
            self.hfacts[s].append((t, c))

    def _hf_play(self, t: int, c: str) -> None:
        fact: Any = (t, c)
        for f in self.hfacts:
            if f and fact in f:
                f.remove(fact)
        if fact in self.pub_hfacts:
            self.pub_hfacts.remove(fact)

    def _hf_drop(self, t: int) -> None:
        for f in self.hfacts:
            if f:
                f[:] = [x for x in f if x[0] != t]
        if self.pub_hfacts:
            self.pub_hfacts = [x for x in self.pub_hfacts if x[0] != t]

    def _hf_move(self, src: int, dst: int) -> None:
        for f in self.hfacts:
            if f:
                f[:] = [(dst, c) if t == src else (t, c) for t, c in f]
        if self.pub_hfacts:
            self.pub_hfacts = [(dst, c) if t == src else (t, c) for t, c in self.pub_hfacts]

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
        run = _TASKS
        while self.dec is None and self.result is None:
            if not tasks:
                tasks.append(("next_turn",))
            t = tasks.pop()
            k: str = t[0]
            if k == "next_turn":  # the commonest tasks, called directly
                self._t_next_turn()
            elif k == "draw":
                self._t_draw(t[1], t[2], t[3])
            elif k == "discard_top":
                self._t_discard_top(t[1], t[2])
            elif k == "play_more":
                self._t_play_more(t[1])
            elif k == "trial":
                self._t_trial(t[1], t[2], t[3])
            elif k == "night_ask":  # a night asks every seat: the commonest at a big table
                self._t_night_ask(t[1], t[2])
            elif k == "confess_ask":
                self._t_confess_ask(t[1])
            elif k == "confess_one":
                self._t_confess_one(t[1], t[2])
            elif k == "recheck":  # after every elimination
                self._t_recheck()
            elif len(t) == 1:
                run[k](self)
            else:
                run[k](self, *t[1:])
            tasks = self.tasks  # _end replaces the list

    def _ask(self, kind: str, pos: int, payload: tuple = ()) -> None:
        self.dec = (kind, pos, payload)

    # ---- Town Hall (R-SETUP-7, D1)
    def _t_th_ask(self, i):
        for p in range(i, self.N):
            if not self._cache_rules.is_ghost[p] and self.th_opts[p] is not None:
                self._ask("keep", p, self.th_opts[p])
                return

    def _t_th_reveal(self):
        for p in range(self.N):
            if self.th_opts[p] is not None:
                self.char[p] = self.th_pend[p]
        self.th_opts = [None] * self.N
        self.th_pend = [None] * self.N

    # ---- Dawn (R-DAWN)
    def _t_dawn(self) -> None:
        for p in self._humans_living():
            if self.ew[p]:
                for q in self._humans_living():
                    if self.ew[q]:
                        self._know_ew(p, q)
                if not self._cache_rules.ghost_mode:
                    self.complete[p] = True
        self.votes = {}
        self.tasks.append(("dawn_tally",))
        self.tasks.append(("dawn_ask", 0))

    def _t_dawn_ask(self, i: int) -> None:
        for p in range(i, self.N):
            if self.alive[p] and not self._cache_rules.is_ghost[p]:
                self._ask("dawn", p)
                return

    def _plurality(self, pool: list[int]) -> int:
        if not self.votes:
            return pool[randbelow(len(pool), self.rng)]
        if self._cache_rules.witch_decision == "leader":  # A-02 flag
            voters = sorted(self.votes)
            return self.votes[voters[randbelow(len(voters), self.rng)]]
        count: dict[Any, int] = {}
        for v in self.votes.values():
            count[v] = count.get(v, 0) + 1
        best = max(count.values())
        tied = sorted(v for v, c in count.items() if c == best)
        return tied[randbelow(len(tied), self.rng)] if len(tied) > 1 else tied[0]

    def _t_dawn_tally(self) -> None:
        p = self._plurality(self._living())
        self.tokens[p].append("black_cat")
        self.votes = {}
        self.log.append(("Dawn: the Black Cat goes to {}", p))

    # ---- turns (R-TURN)
    def _t_next_turn(self) -> None:
        if self.first_turn:
            self.first_turn = False
            p = 0
            for q in range(self.N):
                if "black_cat" in self.tokens[q]:
                    p = q
            if not self.alive[p]:
                p = self._nxt(p)
        else:
            p = self._nxt(self.turn_pos if self.turn_pos >= 0 else 0)
        self.turns += 1
        if len(self.log) > 40:
            del self.log[:-20]
        if self.turns > self._cache_rules.max_turns:
            self._end("draw", "draw: safeguard turn limit reached (not a printed rule)")
            return
        self.turn_pos = p
        self.played = False
        tasks = self.tasks
        if self.stocks[p] > 0:  # R-TURN-4: a ghost in the Stocks skips its turn too
            tasks.append(("next_turn",))
            self.stocks[p] -= 1
            self.discard.append("stocks")
        elif self._cache_rules.is_ghost[p]:
            tasks.append(("next_turn",))
            self._t_discard_top(p, 1)  # 19.3 ghost turn: the ("discard_top", p, 1) task
        else:
            self._t_turn_begin(p)  # the ("turn_begin", p) task, run at once

    def _t_turn_begin(self, p: int) -> None:
        if (
            self._may_have(p, "tituba")
            and self.abil(p) == "tituba"
            and self._used(p, "tituba") < self._param("tituba", "uses", 1)
        ):
            self._ask("tituba", p)
        else:
            self._ask("action", p)

    def _t_play_more(self, p: int) -> None:
        if self.alive[p] and self.turn_pos == p:
            self._ask("play", p)
        else:
            self.tasks.append(("next_turn",))

    # ---- drawing (R-DRAW)
    def _t_draw(self, p: int, n: int, giles: bool) -> None:
        """Draw n cards one by one.  A plain card is followed at once by the next draw (the
        task the loop stands for would be the very next one run); a black card or Giles
        Corey's extra draw leaves the rest of the Draw on the task stack."""
        effect: dict[str, str] = self._cache_rules.effect
        while True:
            if n <= 0 or not self.alive[p]:
                return
            if not self.deck:
                if self.in_night:
                    return
                self._rebuild()
            c: str = self.deck.pop()
            eff = effect[c]
            if eff == "night" or eff == "conspiracy":
                self.tasks.append(("draw", p, n - 1, False))
                self._black(c, p, False)
                return
            self.hand[p].append(c)
            if giles:
                if c != "accusation":
                    giles = False
                elif n == 1:  # both cards of the Draw were plain Accusations
                    self.log.append(("{} shows two Accusations (Giles Corey)", p))
                    self._hf_add(-1, p, "accusation")
                    self._hf_add(-1, p, "accusation")
                    self.tasks.append(("draw", p, self._param("giles", "draw", 1), False))
                    return
            n -= 1

    def _t_discard_top(self, p: int, n: int) -> None:
        """Ghost turn / ghost-peek discards (19.3): black cards resolve.  As in `_t_draw`, a
        plain card is followed at once by the next discard."""
        effect: dict[str, str] = self._cache_rules.effect
        while n > 0:
            if not self.deck:
                if self.in_night:
                    return
                self._rebuild()
            c: str = self.deck.pop()
            eff = effect[c]
            if eff == "night" or eff == "conspiracy":
                self.tasks.append(("discard_top", p, n - 1))
                self._black(c, p, True)
                return
            self.discard.append(c)
            n -= 1

    def _black(self, c: str, drawer: int, discarded: bool) -> None:
        if self._cache_rules.effect[c] == "night":
            self.night_in_deck = False
            self.tasks.append(("night", drawer))
        else:
            self.discard.append(c)
            self.tasks.append(("conspiracy", drawer, discarded))

    # ---- Conspiracy (R-CONS)
    def _t_conspiracy(self, drawer: int, discarded: bool) -> None:
        self.log.append(("Conspiracy ({})", drawer))
        self.tasks.append(("cons_pass",))
        h = -1
        for q in range(self.N):
            if "black_cat" in self.tokens[q] and self.alive[q]:
                h = q
        if h < 0 or not self.fd[h] or self.abil(h) == "mary":
            return
        if discarded or drawer == h:
            if self._cache_rules.is_ghost[h]:
                self._reveal(h, self.fd[h][randbelow(len(self.fd[h]), self.rng)], -1, "cat")
            else:
                self._ask("cat_self", h)
        else:
            self.tasks.append(("reveal_blind", h, drawer, "cat"))

    def _t_cons_pass(self) -> None:
        living = self._living()
        if len(living) < 2:
            return
        rng = self.rng
        fd: list[list[str]] = self.fd
        # living[i] takes cards[i] from the row of lefts[i], its left neighbour
        lefts: list[int] = []
        cards: list[str] = []
        for p in living:
            left = self._nxt(p)
            row = fd[left]
            lefts.append(left)
            cards.append(row[randbelow(len(row), rng)])
        for i in range(len(living)):
            fd[lefts[i]].remove(cards[i])
        self._drop_facts_rows(living)
        converts: list[int] = []
        complete = self.complete
        if self._cache_rules.pooled_conspiracy:  # variant 18.1
            pool = cards[:]
            shuffle(pool, rng)
            for p, c in zip(living, pool):
                self._receive_card(p, c, converts)
            for p in range(self.N):
                complete[p] = False
            self._witch_check(tuple(converts))
            return
        for i in range(len(living)):
            p = living[i]
            left = lefts[i]
            c = cards[i]
            fd[p].append(c)
            if c == "witch":
                if not self.ew[p]:
                    self.ew[p] = True
                    converts.append(p)
                self._know_ew(p, left)
                self._know_ew(p, p)
                self._know_ew(left, p)
            self._add_fact(left, p, c)
        for p in range(self.N):
            complete[p] = False
        self._witch_check(tuple(converts))

    # ---- Night (R-NIGHT)
    def _t_night(self, drawer: int) -> None:
        self.log.append(("Night ({})", drawer))
        self.in_night = True
        self.nights += 1
        hl = self._humans_living()
        team = [q for q in hl if self.ew[q]]
        witches = [q for q in range(self.N) if self.alive[q] and self.ew[q]]
        for p in team:
            for q in witches:
                self._know_ew(p, q)
            if not self._cache_rules.ghost_mode:
                self.complete[p] = True
        self.votes = {}
        self.gavel = -2
        self.gavel_public = False
        self.victim = -1
        self.victim_public = False
        self.confess = {}
        self.confessed = []
        self.tasks.append(("night_end",))
        self.tasks.append(("night_announce", drawer))
        self.tasks.append(("confess_process", drawer))
        self.tasks.append(("confess_ask", 0))
        self.tasks.append(("night_tally",))
        self.tasks.append(("night_ask", 0, 0))

    def _t_night_ask(self, i: int, sub: int) -> None:
        """Every living player is asked twice, in seat order (20.5): first the witches'
        victim (a 'sleep' prompt for the others), then the Constable's gavel (likewise),
        so the number and order of prompts reveal no role."""
        g = self._cache_rules.is_ghost
        for p in range(i, self.N):
            if not self.alive[p] or g[p]:
                continue
            if sub == 0:
                self._ask("victim" if self.ew[p] else "sleep", p, () if self.ew[p] else (0,))
            elif "constable" in self.fd[p] and self.constable() == p:
                self._ask("gavel", p)  # (the scan only for a holder: a night asks every seat)
            else:
                self._ask("sleep", p, (1,))
            return

    def _t_night_tally(self) -> None:
        self.victim = self._plurality(self._living())
        self.votes = {}
        self.gavel_public = True

    def _t_confess_ask(self, i: int) -> None:
        for p in range(i, self.N):
            if self.alive[p] and not self._cache_rules.is_ghost[p]:
                self._ask("confess", p)
                return

    def _t_confess_process(self, drawer: int) -> None:
        order = []
        for k in range(self.N):
            q = (drawer + k) % self.N
            if q in self.confess:
                order.append(q)
        for q in reversed(order):
            self.tasks.append(("confess_one", q, self.confess[q]))
        self.confess = {}

    def _t_confess_one(self, p: int, what: str) -> None:
        if not self.alive[p]:
            return
        self.confessed.append(p)
        if what == "phips":
            self._use(p, "phips")
            self.log.append(("{} confesses (William Phips, no card)", p))
            return
        if what in self.fd[p]:
            self.log.append(("{} confesses: {}", p, what))
            self._reveal(p, what, -1, "confess")

    def _t_night_announce(self, drawer: int) -> None:
        v = self.victim
        self.victim_public = True
        if v < 0 or not self.alive[v]:
            return
        if self.gavel == v or v in self.confessed or "asylum" in self.tokens[v]:
            self.log.append(("Night: {} was chosen but is protected", v))
            return
        self.log.append(("Night: {} is the witches' victim", v))
        if self._cache_rules.ghost_mode:  # 19.7: two reveals instead of death
            self.tasks.append(("reveal_blind", v, -1, "ghostnight"))
            self.tasks.append(("reveal_blind", v, -1, "ghostnight"))
        else:
            self._eliminate(v, (), -1)

    def _t_night_end(self) -> None:
        self.in_night = False
        self.gavel = -2
        self.gavel_public = False
        self.victim = -1
        self.victim_public = False
        self.confessed = []
        self._rebuild()

    # ---- trials (R-TRIAL)
    def _t_trial(self, p: int, chooser: int, placer: int) -> None:
        if not self.alive[p] or not self.fd[p]:
            return
        total = self._total(p)
        normal = self._normal(p)
        if total >= normal:
            self._trigger(p, chooser, placer, max(1, total // normal))
        elif (
            placer >= 0
            and self._may_have(placer, "danforth")
            and self.abil(placer) == "danforth"
            and total >= self._danforth(p)
        ):
            self._ask("danforth", placer, (p,))

    def _trigger(self, p: int, chooser: int, placer: int, n: int) -> None:
        self.discard.extend(self.reds[p])
        self.reds[p] = []
        if placer >= 0 and placer != p and self.abil(placer) == "abigail":
            self.tasks.append(("abigail_ask", placer))
        for _ in range(n):
            self.tasks.append(("reveal_blind", p, chooser, "accuse"))
        if placer >= 0 and self.abil(placer) == "ann":
            self.tasks.append(("ann_ask", placer))

    def _t_abigail_ask(self, p: int) -> None:
        if self.alive[p] and self.reds[p]:
            self._ask("abigail", p)

    def _t_ann_ask(self, p: int) -> None:
        if self.alive[p]:
            self._ask("ann", p)

    def _t_rebecca_ask(self, p: int) -> None:
        if self.alive[p]:
            self._ask("rebecca", p)

    def _t_recheck(self) -> None:
        """After every elimination, a trial for each seat whose total reaches its threshold
        (rarely any: the threshold itself is looked up only past the lowest there can be)."""
        reds = self.reds
        alive = self.alive
        fd = self.fd
        least = self._cache_rules.least_normal
        for p in range(self.N):
            if reds[p] and alive[p] and fd[p]:
                total = self._total(p)
                if total >= least and total >= self._normal(p):
                    self.tasks.append(("trial", p, self.last_acc[p], -1))

    # ---- reveals and eliminations (R-REV, R-ELIM)
    def _t_reveal_blind(self, p: int, chooser: int, cause: str) -> None:
        if not self.alive[p] or not self.fd[p]:
            return
        row = self.fd[p]
        if (
            self._cache_rules.two_card_reveal
            and len(row) >= 4
            and cause in ("accuse", "cat", "inq")
            and not self._cache_rules.is_ghost[p]
        ):  # variant 18.3
            i, j = self.rng.sample(range(len(row)), 2)
            a, b = sorted((row[i], row[j]))
            if a != b:
                self._ask("pick2", p, (a, b, chooser, cause))
                return
            self._reveal(p, a, chooser, cause)
            return
        self._reveal(p, row[randbelow(len(row), self.rng)], chooser, cause)

    def _reveal(self, p: int, card: str, accuser: int, cause: str) -> None:
        row: list[str] = self.fd[p]
        row.remove(card)
        self.fu[p].append(card)
        self._drop_fact(p, card)
        self.log.append(("{} reveals {}", p, card))
        if card == "witch":
            self.ew[p] = True
            if self._town_check():
                return
        if (
            card == "constable"
            and self._cache_rules.ghost_mode
            and self._cache_rules.ghost_constable_reveal_witch_win
        ):
            self._end("witch", "witches win: the Constable card was revealed")
            return
        if cause not in ("confess", "elim") and self._cache_rules.abilities_on:
            for r in self._seats_with("rebecca"):
                if r != p:
                    self.tasks.append(("rebecca_ask", r))
        if card == "witch":
            if "witch" in row and self._cache_rules.double_witch_survives:
                self.announced[p] = True  # R-REV-4: "I hold another Witch card"
                return
            self._eliminate(p, (), accuser)
            return
        if not row:
            self._eliminate(p, (card,) if card in SPECIAL_SET else (), accuser)
            return
        if card in SPECIAL_SET and not self._cache_rules.is_ghost[p]:
            self.tasks.append(("special", p, card, accuser))

    def _eliminate(self, p: int, specials: tuple, accuser: int) -> None:
        living_before = self.n_living
        self._set_alive(p, False)
        self.log.append(("{} is eliminated", p))
        flipped = list(specials)
        row = self.fd[p]
        while row:
            c = row.pop()
            self.fu[p].append(c)
            if c == "witch" and self._town_check():
                return
            if c in SPECIAL_SET:
                flipped.append(c)
        self._drop_facts_row(p)
        if self._cache_rules.ghost_mode:
            self._end("witch", "witches win: a seat was eliminated")
            return
        if self._witch_check():
            return
        partner = -1
        if "matchmaker" in self.tokens[p]:
            for q in range(self.N):
                if q != p and "matchmaker" in self.tokens[q]:
                    partner = q
        self.tasks.append(("elim_tail", p, partner, living_before))
        self.tasks.append(("proctor", p))
        if flipped and not self._cache_rules.is_ghost[p]:
            self.tasks.append(("elim_specials", p, tuple(sorted(flipped)), accuser))

    def _t_elim_specials(self, p: int, specials: tuple, accuser: int) -> None:
        if not specials:
            return
        if len(set(specials)) == 1 or len(specials) == 1:
            self.tasks.append(("elim_specials", p, specials[1:], accuser))
            self.tasks.append(("special", p, specials[0], accuser))
            return
        self._ask("spec_order", p, (specials, accuser))

    def _t_proctor(self, p: int) -> None:
        if not self.hand[p] or not self._cache_rules.abilities_on:
            return
        able = self._seats_with("proctor")
        pickers = (
            [q for q in able if self.char[q] == "john_proctor"]  # John first, then
            + [q for q in able if self.char[q] != "john_proctor"]
        )  # Martha copying him
        if not pickers:
            return
        if self._cache_rules.proctor_mode == "whole_hand":  # A-25 flag: standard card text
            self.hand[pickers[0]].extend(self.hand[p])
            self.hand[p] = []
            return
        self.loot_view = (p, tuple(pickers))
        self.loot_stopped = []
        k = self._param("proctor", "uses", 3)
        order = []
        for _ in range(k):
            order.extend(pickers)
        self.tasks.append(("loot_end",))
        for q in reversed(order):
            self.tasks.append(("loot_pick", p, q))

    def _t_loot_pick(self, p: int, q: int) -> None:
        if self.hand[p] and self.alive[q] and q not in self.loot_stopped:
            self._ask("loot", q, (p,))

    def _t_loot_end(self):
        self.loot_view = None
        self.loot_stopped = []

    def _t_elim_tail(self, p: int, partner: int, living_before: int) -> None:
        discard: list = self.discard
        discard.extend(self.hand[p])
        self.hand[p] = []
        self._hf_drop(p)
        discard.extend(self.reds[p])
        self.reds[p] = []
        discard.extend(["stocks"] * self.stocks[p])
        self.stocks[p] = 0
        self.centre.extend(self.tokens[p])
        self.tokens[p] = []
        self.supply += self.coins[p]
        self.coins[p] = 0
        self.tasks.append(("recheck",))
        if (
            partner >= 0 and self.alive[partner] and living_before > 2 and self.abil(partner) != "mary"
        ):  # R-MATCH
            self.tasks.append(("chain", partner))

    def _t_chain(self, q: int) -> None:
        if self.alive[q]:
            self.log.append(("Matchmaker: {} follows", q))
            self._eliminate(q, (), -1)

    # ---- special trial cards (R-SPEC)
    def _t_special(self, h: int, card: str, accuser: int) -> None:
        if card == "pickpocket":
            if accuser >= 0 and accuser != h and self.hand[accuser]:
                hand = self.hand[accuser]
                c = hand.pop(randbelow(len(hand), self.rng))
                self._hf_drop(accuser)
                self.hand[h].append(c)
                self._hf_add(accuser, h, c)
                self.log.append(("Pickpocket: {} steals a card from {}", h, accuser))
            return
        if card == "charlatan":
            elig = [q for q in range(self.N) if self.alive[q] and self.fd[q]]
            if len(elig) >= 3 and self.n_living > 2:
                self._ask("charlatan", h, ())
            return
        if card == "gravedigger":
            if self._revive_options(h):
                self._ask("gravedigger", h)
            return
        if card == "inquisitor":
            if any(q != h and self.alive[q] and self.fd[q] for q in range(self.N)):
                self._ask("inquisitor", h)
            return
        if card == "magistrate":
            if self._mag_from_options(h):
                self._ask("mag_from", h)
            return

    def _revive_options(self, h: int) -> list:
        out = []
        for t in range(self.N):
            if t != h and self.fu[t]:
                for k in sorted(set(self.fu[t])):
                    out.append(("revive", t, k))
        return out

    def _mag_recipients(self, h: int, src: int, tok: str) -> list[int]:
        return [
            t
            for t in range(self.N)
            if self.alive[t]
            and t != h
            and t != src
            and not (tok == "matchmaker" and "matchmaker" in self.tokens[t])
        ]

    def _mag_from_options(self, h: int) -> list:
        out = []
        for tok in sorted(set(self.centre)):
            if self._mag_recipients(h, -1, tok):
                out.append(("mag_from", -1, tok))
        for q in range(self.N):
            for tok in sorted(set(self.tokens[q])):
                if self._mag_recipients(h, q, tok):
                    out.append(("mag_from", q, tok))
        return out

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
            return self._la_action(p, pay)
        if kind == "play":
            return self._la_play(p, pay)
        if kind == "target":
            return self._la_target(p, pay)
        if kind == "sleep":  # the night's prompts: as common at a big table
            return self._la_sleep(p, pay)
        if kind == "confess":
            return self._la_confess(p, pay)
        return _LEGAL[kind](self, p, pay)

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
    def _la_keep(self, p, pay):
        return [("keep", pay[0]), ("keep", pay[1])]

    def _living_actions(self, kind: str, but: int = -1) -> list:
        """(kind, q) for every living seat q but `but`, in seat order."""
        acts = _seat_actions(kind, self.N)
        alive = self.alive
        return [acts[q] for q in range(self.N) if alive[q] and q != but]

    def _la_dawn(self, p: int, pay: Any) -> list:
        if self.ew[p]:
            return self._living_actions("cat")
        return [SLEEP]

    def _la_victim(self, p: int, pay: Any) -> list:
        return self._living_actions("victim")

    def _la_gavel(self, p: int, pay: Any) -> list:
        if self._cache_rules.ghost_mode:
            return [("gavel", -1)] + self._living_actions("gavel")
        return self._living_actions("gavel", p)

    def _la_sleep(self, p: int, pay: Any) -> list:
        return [SLEEP]

    def _la_confess(self, p: int, pay: Any) -> list:
        out: list[Any] = [CONFESS_NONE]
        row: list = self.fd[p]
        for i in range(len(CONFESS_KINDS)):
            if CONFESS_KINDS[i] in row:
                out.append(CONFESS_ACTIONS[i])
        if (
            self._may_have(p, "phips")
            and self.abil(p) == "phips"
            and self._used(p, "phips") < self._param("phips", "uses", 1)
        ):
            out.append(("confess", "phips"))
        return out

    def _la_tituba(self, p, pay):
        """D4: use the ability now (look through the deck, then order it) or leave the deck.
        Offered whenever the deck holds two cards or more: its size is public, its contents
        are not, so the offer tells nobody anything."""
        if len(self.deck) >= 2:
            return [("tituba", "look"), ("tituba", "skip")]
        return [("tituba", "skip")]

    def _la_tituba_order(self, p: int, pay: Any) -> list:
        """A-44: the card to put next from the top (pay[0] cards are placed already), one
        action per kind of card among the rest since identical cards are interchangeable;
        or leave the rest in its order.  Card by card, every order of the deck is reachable."""
        deck: list[str] = self.deck
        rest = set(deck[: len(deck) - pay[0]])
        ids = self._cache_rules.card_ids
        actions = self._cache_rules.tituba_actions
        out = [TITUBA_DONE]
        for i in range(len(ids)):
            if ids[i] in rest:
                out.append(actions[i])
        return out

    def _add_card_plays(self, p: int, out: list) -> None:
        """The cards p may play now, in card order, appended to `out`: each card once, if
        some living other seat can be its target (as `_la_target` would list them)."""
        hand = self.hand[p]
        if not hand:
            return
        n_others = self._n_living_others(p)
        if not n_others:  # nobody else alive to play a card on
            return
        card_rule: dict[str, int] = self._cache_rules.card_rule
        cards = sorted(hand)
        for i in range(len(cards)):
            c = cards[i]
            if i and cards[i - 1] == c:
                continue
            rule = card_rule[c]
            if rule == ANY_SEAT:
                ok = True
            elif rule == MARKED_SEAT:  # Scapegoat moves from one other seat to another
                ok = n_others >= 2 and self._count_targets(p, rule, "", 1) > 0
            elif rule == ROBBED_SEAT:  # two other seats to take from and give to
                ok = self._count_targets(p, rule, "", 2) >= 2
            elif rule == BLESSED_SEAT:
                # some centre token has a recipient (`_bless_targets`): any token but the
                # Matchmaker goes to any other living seat
                centre = self.centre
                ok = bool(centre) and (
                    any(tok != "matchmaker" for tok in centre)
                    or self._count_targets(p, rule, "matchmaker", 1) > 0
                )
            else:
                ok = self._count_targets(p, rule, "", 1) > 0
            if rule == ACCUSED_SEAT and self.abil(p) == "griggs":
                out.append(("play", "alibi_w"))
            if ok:
                out.append(("play", c))

    def _is_target(self, rule: int, q: int, tok: str) -> bool:
        """Whether a card whose `TARGET_RULE` is `rule` can name the living other seat q
        (`tok`: the token a Blessing gives)."""
        if rule == ANY_SEAT:
            return True
        if rule == ACCUSED_SEAT:
            return self._alibi_ok(q)
        if rule == MARKED_SEAT:
            return bool(self.reds[q] or self.stocks[q] or self.tokens[q])
        if rule == HUMAN_SEAT or rule == ROBBED_SEAT:
            return not self._cache_rules.is_ghost[q]
        if rule == TOKEN_SEAT:
            return bool(self.tokens[q])
        if rule == BLESSED_SEAT:
            return not (tok == "matchmaker" and "matchmaker" in self.tokens[q])
        return False

    def _count_targets(self, p: int, rule: int, tok: str, enough: int) -> int:
        """How many living other seats `_is_target` allows, counted up to `enough`."""
        alive = self.alive
        n = 0
        for q in range(self.N):
            if q != p and alive[q] and self._is_target(rule, q, tok):
                n += 1
                if n >= enough:
                    break
        return n

    def _add_looks(self, p: int, out: list) -> None:
        if self.coins[p] <= 0:
            return
        acts = _seat_actions("look", self.N)
        alive = self.alive
        fd = self.fd
        for q in range(self.N):
            if q != p and alive[q] and fd[q]:
                out.append(acts[q])

    def _la_action(self, p: int, pay: Any) -> list:
        out: list[Any] = [("draw",)]
        if (
            self._may_have(p, "parris")
            and self.abil(p) == "parris"
            and self._used(p, "parris") < self._param("parris", "uses", 2)
            and any(self.game.data.colour[c] != "black" for c in self.discard)
        ):
            out.append(("parris",))
        if self._cache_rules.ghost_mode:
            g: tuple[bool, ...] = self._cache_rules.is_ghost
            peeks = _seat_actions("peek", self.N)
            for q in range(self.N):
                if g[q] and self.alive[q] and self.fd[q]:
                    out.append(peeks[q])
        self._add_card_plays(p, out)
        self._add_looks(p, out)
        return out

    def _la_play(self, p: int, pay: Any) -> list:
        out: list[Any] = [("end",)]
        self._add_card_plays(p, out)
        self._add_looks(p, out)
        return out

    def _alibi_ok(self, q: int) -> bool:
        reds = self.reds[q]
        if not reds:
            return False
        if "accusation" in reds:
            return True
        return "evidence" in reds and bool(self._alibi_options(q))

    def _alibi_options(self, q: int) -> list:
        cot = self.abil(q) == "cotton"
        na = self.reds[q].count("accusation")
        ne = self.reds[q].count("evidence")
        ev = self._param("cotton", "value", 1) if cot else self.game.data.value.get("evidence", 3)
        budget = self.game.data.alibi_budget
        out = []
        for a in range(min(na, budget) + 1):
            for e in range(ne + 1):
                if a + e and a + e * ev <= budget:
                    out.append(("alibi", a, e))
        return out

    def _bless_targets(self, p: int, tok: str) -> list[int]:
        alive = self.alive
        return [q for q in range(self.N) if q != p and alive[q] and self._is_target(BLESSED_SEAT, q, tok)]

    def _la_target(self, p: int, pay: Any) -> list:
        """The seats a played card can name: living others that `_is_target` allows."""
        card = pay[0]
        rule = ANY_SEAT if card == "alibi_w" else self._cache_rules.card_rule[card]
        tok: str = pay[1] if rule == BLESSED_SEAT else ""
        targets = _seat_actions("target", self.N)
        alive = self.alive
        return [targets[q] for q in range(self.N) if q != p and alive[q] and self._is_target(rule, q, tok)]

    def _la_target2(self, p: int, pay: Any) -> list:
        card, a = pay
        g = self._cache_rules.is_ghost
        qs = [q for q in range(self.N) if q != p and q != a and self.alive[q]]
        if card == "robbery":
            qs = [q for q in qs if not g[q]]
        targets2 = _seat_actions("target2", self.N)
        return [targets2[q] for q in qs]

    def _la_alibi(self, p: int, pay: Any) -> list:
        return self._alibi_options(pay[0])

    def _la_bless_token(self, p: int, pay: Any) -> list:
        return [("token", t) for t in sorted(set(self.centre)) if self._bless_targets(p, t)]

    def _la_curse_token(self, p: int, pay: Any) -> list:
        return [("token", t) for t in sorted(set(self.tokens[pay[0]]))]

    def _yes_no(self, p, pay):
        return [("yes",), ("no",)]

    # one method each, not aliases of _yes_no: mypyc turns class-level aliases into attributes
    def _la_danforth(self, p, pay):
        return self._yes_no(p, pay)

    def _la_abigail(self, p, pay):
        return self._yes_no(p, pay)

    def _la_ann(self, p, pay):
        return self._yes_no(p, pay)

    def _la_rebecca(self, p, pay):
        return self._yes_no(p, pay)

    def _la_loot(self, p, pay):
        return [("stop",)] + [("loot", c) for c in sorted(set(self.hand[pay[0]]))]

    def _la_parris(self, p, pay):
        return [("stop",)] + [
            ("take", c) for c in sorted(set(self.discard)) if self.game.data.colour[c] != "black"
        ]

    def _la_pick2(self, p, pay):
        if pay[0] == pay[1]:
            return [("flip", pay[0])]
        return [("flip", pay[0]), ("flip", pay[1])]

    def _la_cat_self(self, p: int, pay: Any) -> list:
        return [("cat_reveal", k) for k in sorted(set(self.fd[p]))]

    def _la_spec_order(self, p, pay):
        return [("special", k) for k in sorted(set(pay[0]))]

    def _la_charlatan(self, p, pay):
        last = pay[-1] if pay else -1
        need = 3 - len(pay)
        elig = [q for q in range(self.N) if self.alive[q] and self.fd[q]]
        # combinations in increasing order: leave room for the remaining picks
        acts = _seat_actions("charlatan", self.N)
        return [acts[q] for i, q in enumerate(elig) if q > last and len(elig) - 1 - i >= need - 1]

    def _la_gravedigger(self, p, pay):
        return self._revive_options(p)

    def _la_inquisitor(self, p, pay):
        acts = _seat_actions("inquire", self.N)
        return [acts[q] for q in range(self.N) if q != p and self.alive[q] and self.fd[q]]

    def _la_mag_from(self, p, pay):
        return self._mag_from_options(p)

    def _la_mag_to(self, p, pay):
        src, tok = pay
        return [("mag_to", q) for q in self._mag_recipients(p, src, tok)]

    # ---- applying actions
    def _apply(self, action) -> None:
        dec: tuple = self.dec  # type: ignore[assignment]  # a decision is pending here
        kind: str
        p: int
        kind, p, pay = dec
        self.dec = None
        self.steps += 1
        if kind == "action":  # the commonest decisions, called directly
            self._ap_action(p, pay, action)
        elif kind == "play":
            self._ap_play(p, pay, action)
        elif kind == "target":
            self._ap_target(p, pay, action)
        elif kind == "sleep":  # the night's prompts: as common at a big table
            self._ap_sleep(p, pay, action)
        elif kind == "confess":
            self._ap_confess(p, pay, action)
        else:
            _APPLY[kind](self, p, pay, action)
        if self.steps >= self._cache_rules.cap and self.result is None:
            self._end("draw", "draw: decision cap reached (safeguard)")
        self._run()

    def _ap_keep(self, p, pay, a):
        self.th_pend[p] = a[1]
        self.tasks.append(("th_ask", p + 1))

    def _ap_dawn(self, p: int, pay: Any, a: Any) -> None:
        if a[0] == "cat":
            self.votes[p] = a[1]
        self.tasks.append(("dawn_ask", p + 1))

    def _ap_victim(self, p: int, pay: Any, a: Any) -> None:
        self.votes[p] = a[1]
        self.tasks.append(("night_ask", p, 1))

    def _ap_gavel(self, p: int, pay: Any, a: Any) -> None:
        self.gavel = a[1]
        self.tasks.append(("night_ask", p + 1, 0))

    def _ap_sleep(self, p: int, pay: Any, a: Any) -> None:
        if pay and pay[0] == 0:
            self.tasks.append(("night_ask", p, 1))
        else:
            self.tasks.append(("night_ask", p + 1, 0))

    def _ap_confess(self, p: int, pay: Any, a: Any) -> None:
        if a[1] != "none":
            self.confess[p] = a[1]
        self.tasks.append(("confess_ask", p + 1))

    def _ap_tituba(self, p, pay, a):
        if a[1] == "look":
            self._use(p, "tituba")
            self.deck_known = p  # she alone knows the order until the next rebuild
            self.night_zone = len(self.deck) + 1  # the Night may now be anywhere (16)
            self.log.append(("{} rearranges the deck (Tituba)", p))
            self._ask("tituba_order", p, (0,))
            return
        self._ask("action", p)

    def _ap_tituba_order(self, p: int, pay: Any, a: Any) -> None:
        """Put the chosen card right below the cards placed so far (the deck's top is the
        end of the list); the rest keeps its order.  The last card needs no choice."""
        if a[1] == "done":
            self._ask("action", p)
            return
        deck: list[str] = self.deck
        kind: str = a[1]
        top: int = len(deck) - pay[0]
        i = top - 1  # the chosen kind's card nearest the top
        while deck[i] != kind:
            i -= 1
        deck.insert(top - 1, deck.pop(i))
        placed: int = pay[0] + 1
        if len(deck) - placed >= 2:
            self._ask("tituba_order", p, (placed,))
        else:
            self._ask("action", p)

    def _ap_action(self, p: int, pay: Any, a: Any) -> None:
        head = a[0]
        if head == "draw":
            self.tasks.append(("next_turn",))
            giles = self._may_have(p, "giles") and self.abil(p) == "giles"
            self.tasks.append(("draw", p, 2, giles))
        elif head == "parris":
            self._use(p, "parris")
            self._ask("parris", p, (0,))
        elif head == "peek":
            q = a[1]
            c = self.fd[q][randbelow(len(self.fd[q]), self.rng)]
            self._add_fact(p, q, c)
            self.tasks.append(("next_turn",))
            self.tasks.append(("discard_top", p, 2))
        elif head == "look":
            self._look(p, a[1])
            self._ask("action", p)
        else:
            self._start_play(p, a[1])

    def _ap_play(self, p: int, pay: Any, a: Any) -> None:
        head = a[0]
        if head == "end":
            self.tasks.append(("next_turn",))
        elif head == "look":
            self._look(p, a[1])
            self._ask("play", p)
        else:
            self._start_play(p, a[1])

    def _look(self, p: int, q: int) -> None:
        """R-SHIL: spend a coin, look at one blind card of q; q's row is reshuffled."""
        self.coins[p] -= 1
        self.supply += 1
        c = self.fd[q][randbelow(len(self.fd[q]), self.rng)]
        self._add_fact(p, q, c)
        if c == "witch":
            self._know_ew(p, q)
        self.log.append(("{} spends a shilling to look at a card of {}", p, q))

    def _start_play(self, p: int, card: str) -> None:
        self.played = True
        real = "alibi" if card == "alibi_w" else card
        self.hand[p].remove(real)
        self._hf_play(p, real)
        eff = self._cache_rules.effect[real]
        if eff == "blessing":
            self._ask("bless_token", p, (card,))
        else:
            self._ask("target", p, (card,))

    def _ap_bless_token(self, p: int, pay: Any, a: Any) -> None:
        self._ask("target", p, (pay[0], a[1]))

    def _ap_target(self, p: int, pay: Any, a: Any) -> None:
        card = pay[0]
        t = a[1]
        d = self.game.data
        eff = "accuse" if card == "alibi_w" else d.effect[card]
        self.tasks.append(("play_more", p))
        self.log.append(("{} plays {} on {}", p, card, t))
        if eff == "accuse":
            self.reds[t].append("alibi" if card == "alibi_w" else card)
            self.last_acc[t] = p
            self.tasks.append(("trial", t, p, p))
        elif eff == "alibi":
            self.tasks.pop()
            self._ask("alibi", p, (t,))
        elif eff == "stocks":
            self.stocks[t] += 1
        elif eff in ("scapegoat", "robbery"):
            self.tasks.pop()
            self._ask("target2", p, (card, t))
        elif eff == "arson":
            self.discard.append(card)
            if self.abil(t) != "sarah":
                self.discard.extend(self.hand[t])
                self.hand[t] = []
                self._hf_drop(t)
        elif eff == "curse":
            self.tasks.pop()
            self._ask("curse_token", p, (t,))
        elif eff == "blessing":
            self.discard.append(card)
            self.centre.remove(pay[1])
            self.tokens[t].append(pay[1])
        elif eff == "shilling":
            self.discard.append(card)
            if self.supply > 0:
                self.supply -= 1
                self.coins[t] += 1

    def _ap_alibi(self, p: int, pay: Any, a: Any) -> None:
        t = pay[0]
        self.discard.append("alibi")
        for _ in range(a[1]):
            self.reds[t].remove("accusation")
            self.discard.append("accusation")
        for _ in range(a[2]):
            self.reds[t].remove("evidence")
            self.discard.append("evidence")
        self.tasks.append(("play_more", p))

    def _ap_target2(self, p: int, pay: Any, a: Any) -> None:
        card, src = pay
        dst = a[1]
        self.discard.append(card)
        self.tasks.append(("play_more", p))
        if card == "robbery":
            if self.abil(src) != "sarah":
                self._hf_move(src, dst)
                for c in self.hand[src]:
                    self._hf_add(src, dst, c)
                self.hand[dst].extend(self.hand[src])
                self.hand[src] = []
            return
        # scapegoat: reds, Stocks and tokens move from src to dst
        self.reds[dst].extend(self.reds[src])
        self.reds[src] = []
        if self.reds[dst]:
            self.last_acc[dst] = p
        self.stocks[dst] += self.stocks[src]
        self.stocks[src] = 0
        for tok in self.tokens[src]:
            if tok == "matchmaker" and "matchmaker" in self.tokens[dst]:
                self.centre.append(tok)
            else:
                self.tokens[dst].append(tok)
        self.tokens[src] = []
        self.tasks.append(("trial", dst, p, -1))

    def _ap_curse_token(self, p: int, pay: Any, a: Any) -> None:
        t = pay[0]
        tok = a[1]
        self.discard.append("curse")
        self.tokens[t].remove(tok)
        self.centre.append(tok)
        self.tasks.append(("play_more", p))
        if tok == "piety":  # R-TRIAL-5
            self.tasks.append(("trial", t, p, -1))

    def _ap_danforth(self, p, pay, a):
        if a[0] == "yes":
            self._trigger(pay[0], p, p, 1)

    def _ap_abigail(self, p, pay, a):
        if a[0] == "yes":
            self.discard.extend(self.reds[p])
            self.reds[p] = []

    def _ap_ann(self, p, pay, a):
        if a[0] == "yes":
            self.tasks.append(("draw", p, self._param("ann", "draw", 2), False))

    def _ap_rebecca(self, p, pay, a):
        if a[0] == "yes":
            self.tasks.append(("draw", p, self._param("rebecca", "draw", 1), False))

    def _ap_loot(self, p, pay, a):
        if a[0] == "stop":
            self.loot_stopped.append(p)
        else:
            self.hand[pay[0]].remove(a[1])
            self.hand[p].append(a[1])
            for q in self.loot_view[1]:
                if q != p:
                    self._hf_add(q, p, a[1])

    def _ap_parris(self, p, pay, a):
        if a[0] == "stop" or pay[0] >= 1:
            if a[0] == "take":
                self.discard.remove(a[1])
                self.hand[p].append(a[1])
                self._hf_add(-1, p, a[1])
            self.tasks.append(("next_turn",))
            return
        self.discard.remove(a[1])
        self.hand[p].append(a[1])
        self._hf_add(-1, p, a[1])
        if any(self.game.data.colour[c] != "black" for c in self.discard):
            self._ask("parris", p, (1,))
        else:
            self.tasks.append(("next_turn",))

    def _ap_pick2(self, p, pay, a):
        self._reveal(p, a[1], pay[2], pay[3])

    def _ap_cat_self(self, p: int, pay: Any, a: Any) -> None:
        self._reveal(p, a[1], -1, "cat")

    def _ap_spec_order(self, p, pay, a):
        specials, accuser = pay
        rest = list(specials)
        rest.remove(a[1])
        self.tasks.append(("elim_specials", p, tuple(rest), accuser))
        self.tasks.append(("special", p, a[1], accuser))

    def _ap_charlatan(self, p, pay, a):
        chosen = pay + (a[1],)
        if len(chosen) < 3:
            self._ask("charlatan", p, chosen)
            return
        cards = []
        for q in chosen:
            row = self.fd[q]
            cards.append(row.pop(randbelow(len(row), self.rng)))
        shuffle(cards, self.rng)
        converts = []
        for q, c in zip(chosen, cards):
            self._drop_facts_row(q)
            self._receive_card(q, c, converts)
        for q in range(self.N):
            self.complete[q] = False
        self.log.append(("Charlatan: {} swaps cards of {}, {} and {}", p) + tuple(chosen))
        self._witch_check(tuple(converts))

    def _receive_card(self, q, c, converts: list) -> None:
        """q takes trial card c into its row; a Witch card makes q a witch (noted in
        `converts` for the win check) and q knows it."""
        self.fd[q].append(c)
        if c == "witch":
            self._know_ew(q, q)
            if not self.ew[q]:
                self.ew[q] = True
                converts.append(q)

    def _ap_gravedigger(self, p, pay, a):
        _, t, k = a
        self.fu[t].remove(k)
        self.fd[t].append(k)
        self.pub_facts.append((t, k))
        self.log.append(("Gravedigger: {} turns {}'s {} face-down", p, t, k))
        if not self.alive[t]:
            self._set_alive(t, True)  # back in the turn order, empty hand
            self.log.append(("{} returns to the game", t))
        self.tasks.append(("recheck",))

    def _ap_inquisitor(self, p, pay, a):
        self.tasks.append(("reveal_blind", a[1], p, "inq"))

    def _ap_mag_from(self, p, pay, a):
        self._ask("mag_to", p, (a[1], a[2]))

    def _ap_mag_to(self, p, pay, a):
        src, tok = pay
        if src < 0:
            self.centre.remove(tok)
        else:
            self.tokens[src].remove(tok)
        self.tokens[a[1]].append(tok)
        if tok == "piety" and src >= 0:
            self.tasks.append(("trial", src, p, -1))

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
        ew = self.ew
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
        wt = sum(r.count("witch") for r in self.fu)
        wd = wt + sum(r.count("witch") for r in self.fd)
        town = [p for p in range(self.N) if not self.ew[p] and human[p] >= 0]
        dead = sum(1 for p in town if not self.alive[p])
        wr = wt / wd if wd else 1.0
        td = dead / len(town) if town else 1.0
        tv = min(1.0, max(0.0, 0.5 + 0.5 * (wr - td)))
        out = [0.5] * n
        for p in range(self.N):
            if human[p] >= 0:
                out[human[p]] = (1.0 - tv) if self.ew[p] else tv
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
            s.fd = [r[:] for r in self.fd]
            s.hand = [r[:] for r in self.hand]
            s.deck = self.deck[:]
            s.discard = self.discard[:]
            s.known_ew = [r[:] for r in self.known_ew]
            s.facts = [r[:] for r in self.facts]
            s.hfacts = [r[:] for r in self.hfacts]
        else:
            s.fd = []  # typed lists, so that reading them costs no check:
            s.deck = []  # determinize fills all three in
            s.discard = []
            s.hand = [None] * self.N
            s.known_ew = [[] for _ in range(self.N)]
            s.facts = [[] for _ in range(self.N)]
            s.hfacts = [[] for _ in range(self.N)]
            s.known_ew[world_of] = self.known_ew[world_of][:]
            s.facts[world_of] = self.facts[world_of][:]
            s.hfacts[world_of] = self.hfacts[world_of][:]
        s.fu = [r[:] for r in self.fu]
        s.reds = [r[:] for r in self.reds]
        s.stocks = self.stocks[:]
        s.tokens = [r[:] for r in self.tokens]
        s.coins = self.coins[:]
        s.ew = self.ew[:]
        s.announced = self.announced[:]
        s.complete = self.complete[:]
        s.pub_facts = self.pub_facts[:]
        s.pub_hfacts = self.pub_hfacts[:]
        s.last_acc = self.last_acc[:]
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
        s.th_opts = self.th_opts[:]
        s.th_pend = self.th_pend[:]
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

    # ------------------------------------------------------------------ text
    def pname(self, p):
        h = self._cache_rules.human[p]
        c = self.char[p]
        name = self.game.data.char_name.get(c, "?") if c else "?"
        who = f"P{h}" if h >= 0 else f"ghost@{p}"
        return f"{who}({name})"

    def action_to_string(self, action):
        """The action as the player reads it at the terminal, e.g. 'play Alibi on P2(Tituba)'
        or 'confess: reveal your Not a Witch card', instead of the engine ids ('confess naw').

        Why plain English: `automa play` lists the legal actions with these texts and matches
        what the player types against their starts, so every kind keeps a stable first word
        (play, draw, look, keep, confess, give, take, yes, no, ...) and two legal actions of
        one decision never read the same.  The text names only the action itself, with card
        and character names as printed (the mapping of automa.views, the same one the log
        lines use) and seats as in the log; it never adds anything the acting seat does not
        already know.  An action that does not fit the current decision (error messages
        name illegal ones) falls back to the engine's raw words instead of failing."""
        if not isinstance(action, tuple) or not action:
            return repr(action)
        try:
            return self._action_words(action)
        except (IndexError, KeyError, TypeError, ValueError, AttributeError):
            return " ".join(str(x) for x in action)

    def _printed(self, code):
        """A card, trial card or token id as printed ('naw' -> 'Not a Witch'); one mapping
        for the whole library, the one the terminal view and the log lines already use."""
        from automa.rules.salem.words import _salem_name

        return _salem_name(code)

    def _seat_words(self, q):
        """A seat as the log names it ('P1(Tituba)', 'ghost@1(Tituba)'); -1 is the centre
        or nobody, depending on the action, so callers handle it."""
        if not isinstance(q, int) or isinstance(q, bool) or not 0 <= q < self.N:
            raise ValueError(q)
        return self.pname(q)

    @staticmethod
    def _n_cards(n):
        """'a card', 'two cards', '4 cards': numbers a player reads at a glance."""
        words = {1: "a card", 2: "two cards", 3: "three cards"}
        return words.get(n, f"{n} cards")

    def _action_words(self, a):
        """The text of `a` in the current decision (self.dec gives the card, token or
        seat an action continues from, e.g. which Alibi target a choice of accusations
        belongs to).  One branch per action head the engine builds in legal_actions."""
        head = a[0]
        kind, _pos, pay = self.dec if self.dec is not None else (None, -1, ())
        who = self._seat_words
        card = self._printed
        d = self.game.data
        if head == "keep":  # D1 Town Hall
            return f"keep the {d.char_name[a[1]]} card"
        if head == "cat":  # D2 Dawn
            return f"give the Black Cat to {who(a[1])}"
        if head == "sleep":  # dummy prompt of a secret round (20.5)
            return "sleep (nothing to choose now)"
        if head == "victim":  # D11
            return f"choose {who(a[1])} as the witches' victim tonight"
        if head == "gavel":  # D12
            if a[1] == -1:
                return "place the gavel on nobody"
            return f"place the gavel in front of {who(a[1])}"
        if head == "confess":  # D13
            if a[1] == "none":
                return "confess nothing"
            if a[1] == "phips":
                return "confess without revealing a card (William Phips)"
            return f"confess: reveal your {card(a[1])} card"
        if head == "tituba":  # D4, A-44
            return self._tituba_words(a[1], kind, pay)
        if head == "draw":  # D3
            return "draw two cards"
        if head == "parris":
            return "take up to two cards from the discard pile instead of drawing (Samuel Parris)"
        if head == "peek":  # 19.3 ghost peek
            return (
                f"peek at a face-down trial card of {who(a[1])} (the top two cards of the deck are discarded)"
            )
        if head == "look":  # D5 shilling look
            return f"look at a face-down trial card of {who(a[1])} for a shilling"
        if head == "end":
            return "end your turn"
        if head == "play":  # D6: which card; its target comes next
            if a[1] == "alibi_w":
                return "play Alibi as a Witness (Will Griggs)"
            return f"play {card(a[1])}"
        if head == "target":
            return self._target_words(pay, who(a[1]))
        if head == "target2":
            src = who(pay[1])
            if pay[0] == "robbery":
                return f"give {src}'s hand to {who(a[1])} (Robbery)"
            return f"move {src}'s accusations, Stocks and tokens to {who(a[1])} (Scapegoat)"
        if head == "alibi":
            parts = []
            if a[1]:
                parts.append(f"{a[1]} Accusation card{'s' if a[1] != 1 else ''}")
            if a[2]:
                parts.append(f"{a[2]} Evidence card{'s' if a[2] != 1 else ''}")
            return f"remove {' and '.join(parts)} from {who(pay[0])} (Alibi)"
        if head == "token":
            if kind == "curse_token":
                return f"remove the {card(a[1])} token from {who(pay[0])} (Curse)"
            return f"give the {card(a[1])} token from the centre (Blessing)"
        if head in ("yes", "no"):  # D8 optional abilities
            return self._yes_no_words(head, kind, pay)
        if head == "stop":
            if kind == "loot":
                return f"stop taking cards from {who(pay[0])}'s hand (John Proctor)"
            return "stop taking cards from the discard pile (Samuel Parris)"
        if head == "loot":
            return f"take {card(a[1])} from {who(pay[0])}'s hand (John Proctor)"
        if head == "take":
            return f"take {card(a[1])} from the discard pile (Samuel Parris)"
        if head == "flip":  # variant 18.3: the accused picks
            return f"reveal your {card(a[1])} card (one of the two pointed at)"
        if head == "cat_reveal":  # D10
            return f"reveal your {card(a[1])} card (Black Cat)"
        if head == "special":  # A-16 order of specials
            return f"resolve the {card(a[1])} first"
        if head == "charlatan":
            k = len(pay) + 1 if kind == "charlatan" else 1
            return f"choose {who(a[1])} for the Charlatan swap (seat {k} of 3)"
        if head == "revive":
            return f"turn {who(a[1])}'s face-up {card(a[2])} card face down (Gravedigger)"
        if head == "inquire":
            return f"turn a face-down trial card of {who(a[1])} face up (Inquisitor)"
        if head == "mag_from":
            src = "the centre" if a[1] == -1 else who(a[1])
            return f"take the {card(a[2])} token from {src} (Magistrate)"
        if head == "mag_to":
            return f"give the {card(pay[1])} token to {who(a[1])} (Magistrate)"
        raise ValueError(head)

    def _tituba_words(self, what, kind, pay):
        """Tituba's choices: use the ability or not; then, card by card from the top, the
        next card (she sees the deck, so naming it and how many are left tells her nothing
        new), or leave the rest as it lies."""
        if kind == "tituba":
            if what == "skip":
                return "leave the deck as it is (Tituba)"
            if what == "look":
                return (
                    "move the deck's cards into any order (Tituba, once a game: you look "
                    "through the deck, then pick the cards from the top down)"
                )
            raise ValueError(what)
        if kind != "tituba_order":
            raise ValueError(what)
        rest = self.deck[: len(self.deck) - pay[0]]
        if what == "done":
            if pay[0] == 0:
                return f"leave all {len(rest)} cards in their order (Tituba)"
            return f"leave the other {len(rest)} cards below in their order (Tituba)"
        if what not in rest:
            raise ValueError(what)
        name = self._printed(what)
        article = "the" if rest.count(what) == 1 else "an" if name[0] in "AEIOU" else "a"
        return f"move {article} {name} card to position {pay[0] + 1} from the top (Tituba)"

    def _target_words(self, pay, target):
        """Whom a played card goes to, with what it does there (D6: the card is already
        chosen, pay[0]; a Blessing's token is pay[1])."""
        c = pay[0]
        if c == "alibi_w":
            return f"play Alibi as a Witness on {target}"
        name = self._printed(c)
        eff = self._cache_rules.effect[c]
        if eff == "blessing":
            return f"play Blessing: give the {self._printed(pay[1])} token to {target}"
        tail = {
            "stocks": " (they miss a turn)",
            "scapegoat": " (their accusations, Stocks and tokens go to another player)",
            "arson": " (their hand is discarded)",
            "robbery": " (their hand goes to another player)",
            "curse": " (one of their tokens goes back to the centre)",
            "shilling": " (they get a shilling from the supply)",
        }.get(eff, "")
        return f"play {name} on {target}{tail}"

    def _yes_no_words(self, head, kind, pay):
        """The optional Town Hall abilities (D8): what 'yes' does, and that 'no' skips it."""
        if kind == "danforth":
            t = self._seat_words(pay[0])
            return (
                f"yes: force a reveal on {t} now (Thomas Danforth)"
                if head == "yes"
                else f"no: do not force a reveal on {t}"
            )
        if kind == "abigail":
            return (
                "yes: discard the accusations in front of you (Abigail Williams)"
                if head == "yes"
                else "no: keep the accusations in front of you"
            )
        if kind in ("ann", "rebecca"):
            n = self._param(kind, "draw", 2 if kind == "ann" else 1)
            when = " before the reveal (Ann Putnam)" if kind == "ann" else " (Rebecca Nurse)"
            return f"yes: draw {self._n_cards(n)}{when}" if head == "yes" else "no: do not draw"
        return head

    def __str__(self):
        lines = [
            f"Salem 1692 - turn {self.turns}, nights {self.nights}, deck {len(self.deck)}, "
            f"discard {len(self.discard)}, centre tokens {sorted(self.centre)}, "
            f"coins in supply {self.supply}"
        ]
        for p in range(self.N):
            mark = " " if self.alive[p] else "x"
            lines.append(
                f"{mark} {self.pname(p):28s} face-down {len(self.fd[p])} "
                f"face-up {sorted(self.fu[p])} reds {self.reds[p]} (total "
                f"{self._total(p)}/{self._normal(p)}) stocks {self.stocks[p]} "
                f"tokens {sorted(self.tokens[p])} coins {self.coins[p]} "
                f"hand {len(self.hand[p])}"
            )
        if self.result:
            lines.append(self.result[1])
        elif self.dec:
            lines.append(f"to decide: {self.dec[0]} by {self.pname(self.dec[1])}")
        return "\n".join(lines)

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


_TASKS: Final = {k[3:]: v for k, v in vars(SalemState).items() if k.startswith("_t_")}
_LEGAL: Final = {k[4:]: v for k, v in vars(SalemState).items() if k.startswith("_la_")}
_APPLY: Final = {k[4:]: v for k, v in vars(SalemState).items() if k.startswith("_ap_")}

# observation and determinize live in info.py, which reads SECRET_KINDS from this module
from . import info as _info  # noqa: E402
