"""P.I. game state (spec rules/pi/rulebook.md).

Seats 0..n-1 in turn order; ``cases[p]`` is the case seat p must solve; it is held by
seat p-1 (holder = right-hand neighbour, ambiguity P-1), so seat p's *hand* is
``cases[(p + 1) % n]``.

Public knowledge about each case is kept as ``candidates[p]``: the set (a bit mask, see
`automa.rules.pi.data`) of triples consistent with every public result about seat p's case
(investigator counts, evidence results, failed and solved triples, names revealed by other
seats' solutions).  A seat additionally knows its own hand (``hand_allows``).

Decisions (every one is the seat to move's; actions are tuples of a tag and an int):

  decision      action                    legal list                         effect
  ------------  ------------------------  ---------------------------------  ------------------------------
  turn          ("investigate", area)     areas without its investigator,    discs and cubes for its case
                                          while it has investigators left    there and next door (spec 7.1)
  turn          ("evidence", card)        display cards whose tile carries   disc, cube or dead lead on the
                                          none of its tokens                 card's tile (spec 7.2)
  turn          ("solve_suspect", s)      suspects of a triple it may name   a solve attempt starts (7.3)
  solve, crime  ("solve_crime", c)        crimes completing such a triple    the crime is named
  solve, place  ("solve_location", area)  areas completing such a triple     checked: right scores V and
                                                                             shows the case, wrong -2 VP
"May name": with ``prune_solves`` a triple its public results and its hand allow, else any
triple it has not named wrongly.  Once a solve attempt is started it is finished (no cancel).
"""

from __future__ import annotations

import math
import random
from typing import Any, ClassVar

from automa.rules.core import TERMINAL, State, fresh_rng
from automa.rules.draws import clone_rng, uniform
from automa.rules.pi import logic
from automa.rules.pi.logic import CUBE, DISC, NONE
from automa.rules.presentation import plural

INV, EV, SS, SC, SL = "investigate", "evidence", "solve_suspect", "solve_crime", "solve_location"
#: the narration of a mini-game's end (PiState.closing)
MINI_END = "mini_game_over"
#: how many lines of narration `history_text` keeps
HISTORY_LINES = 8


#: the state's one list of fields: __slots__ and pickling read it, the clone test checks
#: `clone` against it (a compiled build has no __slots__ of its own)
_SLOTS = (
    "game",
    "rng",
    "n",
    "prune",
    "minigame",
    "start",
    "round",
    "value_index",
    "to_move",
    "over",
    "pending_suspect",
    "pending_crime",
    "suspect_tiles",
    "crime_tiles",
    "suspect_areas",
    "crime_areas",
    "cases",
    "deck",
    "display",
    "discard",
    "dead_leads",
    "marked",
    "investigated_areas",
    "investigators_left",
    "events",
    "closing",
    "candidates",
    "hand_allows",
    "failed",
    "solved",
    "solved_in_round",
    "vp_markers",
    "penalty",
    "_cache_rng_shared",
    "_cache_masks",
)


class PiState(State):
    __slots__: ClassVar[tuple[str, ...]] = _SLOTS  # ClassVar: mypyc keeps it on the class (snapshot reads it)
    #: the Game (its params and the printed data)
    game: Any
    #: how many seats
    n: int
    #: offer only nominations the seat cannot rule out (the prune_solves parameter)
    prune: bool
    #: the mini-game under way, from 0 (spec 5.2)
    minigame: int
    #: the start player's seat of this mini-game (spec 5.1, 9)
    start: int
    #: the round of this mini-game, from 1 (spec 8.2)
    round: int
    #: V's place on the VP track (`data.vp_track`): what a solution is worth now (spec 8.1)
    value_index: int
    #: the seat to move
    to_move: int
    #: the game has ended (after the last mini-game)
    over: bool
    #: the suspect named so far in a solve attempt, -1 when none is under way (spec 7.3)
    pending_suspect: int
    #: the crime named so far in a solve attempt, -1 until named
    pending_crime: int
    #: per area, the suspect tile in it, -1 for a blank (spec 5.2 step 3)
    suspect_tiles: tuple[int, ...]
    #: per area, the crime tile in it, -1 for a blank
    crime_tiles: tuple[int, ...]
    #: per suspect, the area its tile is in (the inverse of suspect_tiles)
    suspect_areas: tuple[int, ...]
    #: per crime, the area its tile is in
    crime_areas: tuple[int, ...]
    #: per seat, the (suspect, crime, location) it must solve, held by the seat on its right
    cases: list[tuple[int, int, int]]
    #: the evidence deck, top last
    deck: list[int]
    #: the face-up evidence cards (spec 7.2)
    display: list[int]
    #: the evidence discard pile (reshuffled into the deck when it runs out, P-10)
    discard: list[int]
    #: (seat, card) evidence cards that gave nothing, kept face up before the seat
    dead_leads: list[tuple[int, int]]
    #: per seat, the evidence cards (bits) whose tile carries one of its tokens (P-6)
    marked: list[int]
    #: per seat, the areas (bits) where it has an investigator this mini-game
    investigated_areas: list[int]
    #: per seat, its unused investigators (5 for the whole game, spec 7.1)
    investigators_left: list[int]
    #: this mini-game's public results, in order (observation["events"])
    events: list[tuple]
    #: narration only (never observed): how the last mini-game ended, (MINI_END, its index,
    #: its last events, each seat's points, the next start seat or -1 at the game's end)
    closing: tuple
    #: per seat, the triples (bits) every public result about its case still allows
    candidates: list[int]
    #: per seat, the triples (bits) its own hand does not rule out
    hand_allows: list[int]
    #: per seat, the triples (bits) it has named wrongly this mini-game
    failed: list[int]
    #: per seat, the round it solved in this mini-game, 0 while unsolved
    solved: list[int]
    #: someone solved in the current round (V drops at its end, spec 8.2)
    solved_in_round: bool
    #: the score markers: index minigame * n + seat, the VP it scored (spec 8)
    vp_markers: list[int]
    #: per seat, its wrong accusations (penalty steps of -2 VP, spec 10)
    penalty: list[int]
    #: whether a clone still shares `rng` with its original (copied on first use, _own_rng)
    _cache_rng_shared: bool
    #: the consistent-triple masks of this mini-game's layout, shared by clones (_mask)
    _cache_masks: dict[int, int]

    # ------------------------------------------------------------------ setup
    @classmethod
    def new(cls, game, seed) -> PiState:
        s = PiState.__new__(PiState)  # not cls.__new__: mypyc cannot compile that
        d = game.data
        n = game.params.players
        s.game = game
        s.rng = random.Random(seed)
        s._cache_rng_shared = False
        s.n = n
        s.prune = game.params.prune_solves
        s.minigame = 0
        s.closing = ()
        s.start = s.rng.randrange(n)  # spec 5.1 step 4, P-17
        s.over = False
        s.investigators_left = [d.investigators] * n  # whole game (spec 7.1)
        s.vp_markers = [0] * (n * d.mini_games)
        s.penalty = [0] * n
        s._setup_minigame()
        return s

    def _setup_minigame(self) -> None:
        """Spec 5.2: re-lay tiles, deal cases, shuffle evidence, reset tokens."""
        d = self.game.data
        n = self.n
        rng = self._own_rng()
        tiles = list(range(d.NS)) + [-1] * d.blank_suspects
        rng.shuffle(tiles)
        self.suspect_tiles = tuple(tiles)
        sus_area = [0] * d.NS
        for a, t in enumerate(tiles):
            if t >= 0:
                sus_area[t] = a
        self.suspect_areas = tuple(sus_area)
        tiles = list(range(d.NC)) + [-1] * d.blank_crimes
        rng.shuffle(tiles)
        self.crime_tiles = tuple(tiles)
        cri_area = [0] * d.NC
        for a, t in enumerate(tiles):
            if t >= 0:
                cri_area[t] = a
        self.crime_areas = tuple(cri_area)
        self._cache_masks = {}
        sus = rng.sample(range(d.NS), n)
        cri = rng.sample(range(d.NC), n)
        loc = rng.sample(range(d.NL), n)
        self.cases = [(sus[p], cri[p], loc[p]) for p in range(n)]
        deck = list(d.evidence_cards)
        rng.shuffle(deck)
        self.display = [deck.pop() for _ in range(min(d.display_size, len(deck)))]
        self.deck = deck
        self.discard = []
        self.dead_leads = []
        self.marked = [0] * n
        self.investigated_areas = [0] * n
        self.events = []
        self.candidates = [d.FULL] * n
        self.failed = [0] * n
        self.solved = [0] * n
        self.solved_in_round = False
        self.value_index = 0
        self.round = 1
        self.to_move = self.start
        self.pending_suspect = self.pending_crime = -1
        self._set_hands()

    def set_position(
        self,
        suspects: dict[str, str],
        crimes: dict[str, str],
        cases: list[tuple[str, str, str]],
        display: list[str] | None = None,
        start: int | None = None,
    ) -> PiState:
        """Lay out a mini-game by hand (tests, scenarios): `suspects` / `crimes` map area id
        -> suspect / crime id (areas left out get blank tiles), `cases[p]` = (suspect id,
        crime id, area id) of seat p's case, `display` = evidence card ids face up (the rest
        of the deck keeps its shuffled order).  Resets the current mini-game's knowledge."""
        d = self.game.data
        area = {a: i for i, a in enumerate(d.area_ids)}
        sus = {s: i for i, s in enumerate(d.suspect_ids)}
        cri = {c: i for i, c in enumerate(d.crime_ids)}
        if len(suspects) != d.NS or sorted(suspects.values()) != sorted(d.suspect_ids):
            raise ValueError("suspects must place every suspect exactly once")
        if len(crimes) != d.NC or sorted(crimes.values()) != sorted(d.crime_ids):
            raise ValueError("crimes must place every crime exactly once")
        area_sus = [-1] * d.NL
        for a, s in suspects.items():
            area_sus[area[a]] = sus[s]
        area_cri = [-1] * d.NL
        for a, c in crimes.items():
            area_cri[area[a]] = cri[c]
        self.suspect_tiles, self.crime_tiles = tuple(area_sus), tuple(area_cri)
        self.suspect_areas = tuple(logic.tile_areas(area_sus, d.NS))
        self.crime_areas = tuple(logic.tile_areas(area_cri, d.NC))
        self._cache_masks = {}
        if len(cases) != self.n:
            raise ValueError(f"need {self.n} cases")
        self.cases = [(sus[s], cri[c], area[loc]) for s, c, loc in cases]
        for i in range(3):
            if len({t[i] for t in self.cases}) != self.n:
                raise ValueError("cases must not share a name (dealt without replacement)")
        if display is not None:
            ids = list(d.suspect_ids) + list(d.crime_ids) + list(d.area_ids)
            types = ["suspect"] * d.NS + ["crime"] * d.NC + ["location"] * d.NL

            def card(name: str) -> int:
                kind, _, ident = name.partition(":")
                for i, (t, x) in enumerate(zip(types, ids, strict=True)):
                    if x == ident and t == kind:
                        return i
                raise ValueError(f"no evidence card {name!r} (write type:id, e.g. crime:murder)")

            want = [card(x) for x in display]
            pool = self.display + self.deck
            self.display = want
            self.deck = [c for c in pool if c not in want]
        if start is not None:
            self.start = self.to_move = start
        self._set_hands()
        return self

    def _set_hands(self) -> None:
        d = self.game.data
        n = self.n
        cases = self.cases
        self.hand_allows = [logic.hand_exclusion(d, cases[(p + 1) % n]) for p in range(n)]

    # ------------------------------------------------------------------ basics
    def current_player(self) -> int:
        return TERMINAL if self.over else self.to_move

    def num_players(self) -> int:
        return self.n

    @property
    def value(self) -> int:
        """V: what a correct solution is worth now (spec 8.1)."""
        return self.game.data.vp_track[self.value_index]

    def hand(self, seat: int) -> tuple[int, int, int]:
        """The three case cards `seat` holds (= the case of its left neighbour)."""
        return self.cases[(seat + 1) % self.n]

    def known_mask(self, seat: int) -> int:
        """The triples `seat` cannot rule out for its own case (public results + own hand)."""
        return self.candidates[seat] & self.hand_allows[seat]

    def _solve_mask(self, p: int) -> int:
        if self.prune:
            return self.candidates[p] & self.hand_allows[p]
        return self.game.data.FULL & ~self.failed[p]

    def legal_actions(self) -> list:
        if self.over:
            return []
        g = self.game
        p = self.to_move
        if self.pending_suspect < 0:
            if self.investigators_left[p] > 0:
                used = self.investigated_areas[p]
                acts = g.free_inv.get(used)
                if acts is None:
                    acts = g.free_inv[used] = [act for a, act in enumerate(g.A_INV) if not used >> a & 1]
                acts = acts[:]
            else:
                acts = []
            marked = self.marked[p]
            ev = g.A_EV
            acts += [ev[c] for c in sorted(self.display) if not marked >> c & 1]
            k = self._solve_mask(p)
            cache = g.ss_cache  # solve mask -> legal suspect actions
            ss = cache.get(k)
            if ss is None:
                if len(cache) > 20000:
                    cache.clear()
                ss = cache[k] = [act for act, sm in zip(g.A_SS, g.data.SMASK) if k & sm]  # noqa: B905 (equal by construction; mypyc keeps a plain zip fast)
            acts += ss
            return acts
        d = g.data
        k = self._solve_mask(p) & d.SMASK[self.pending_suspect]
        if self.pending_crime < 0:
            return [act for act, cm in zip(g.A_SC, d.CMASK) if k & cm]  # noqa: B905 (equal by construction; mypyc keeps a plain zip fast)
        base = (self.pending_suspect * d.NC + self.pending_crime) * d.NL
        chunk = k >> base
        return [act for loc, act in enumerate(g.A_SL) if chunk >> loc & 1]

    def random_action(self, rng: random.Random):
        """Uniform over `legal_actions()` without building the list (rollouts): draw from
        investigators + display + suspects and redraw the few that are not legal."""
        if self.over or self.pending_suspect >= 0:
            legal = self.legal_actions()
            return legal[int(uniform(rng) * float(len(legal)))]
        g = self.game
        p = self.to_move
        if self.investigators_left[p] > 0:
            used = self.investigated_areas[p]
            inv = g.free_inv.get(used)
            if inv is None:
                inv = g.free_inv[used] = [act for a, act in enumerate(g.A_INV) if not used >> a & 1]
        else:
            inv = ()
        marked = self.marked[p]
        display = self.display
        k = self._solve_mask(p)
        n_inv = len(inv)
        n_ev = n_inv + len(display)
        total = n_ev + len(g.A_SS)
        smask: tuple[int, ...] = g.data.SMASK
        random_ = rng.random
        while True:
            i = int(random_() * total)
            if i < n_inv:
                return inv[i]
            if i < n_ev:
                c = display[i - n_inv]
                if not marked >> c & 1:
                    return g.A_EV[c]
            elif k & smask[i - n_ev]:
                return g.A_SS[i - n_ev]

    def _mask(self, kind: str, x: int, r) -> int:
        """Triples consistent with result `r` of action (kind, x) on this mini-game's layout
        (memoised per layout; the memo is shared by clones, which share the layout)."""
        key = 64 * x + 4 * r[0] + r[1] if kind == INV else 3 * x + r + 10000
        m = self._cache_masks.get(key)
        if m is None:
            d = self.game.data
            if kind == INV:
                m = logic.investigate_mask(d, self.suspect_tiles, self.crime_tiles, x, r[0], r[1])
            else:
                m = logic.evidence_mask(
                    d, self.suspect_tiles, self.crime_tiles, self.suspect_areas, self.crime_areas, x, r
                )
            self._cache_masks[key] = m
        return m

    # ------------------------------------------------------------------ moves
    def _apply(self, action) -> None:
        kind: str
        x: int
        kind, x = action
        p = self.to_move
        g = self.game
        if kind == EV:  # spec 7.2 (inlined: the hot path)
            case = self.cases[p]
            t: int = g.card_t[x]
            name: int = g.card_nm[x]
            adj_bits: tuple[int, ...] = g.adj_bits
            if t == 0:
                own = case[0]
                r = (
                    DISC
                    if own == name
                    else (CUBE if adj_bits[self.suspect_areas[name]] >> self.suspect_areas[own] & 1 else NONE)
                )
            elif t == 1:
                own = case[1]
                r = (
                    DISC
                    if own == name
                    else (CUBE if adj_bits[self.crime_areas[name]] >> self.crime_areas[own] & 1 else NONE)
                )
            else:
                own = case[2]
                r = DISC if own == name else (CUBE if adj_bits[name] >> own & 1 else NONE)
            m = self._cache_masks.get(3 * x + r + 10000)
            self.candidates[p] &= self._mask(EV, x, r) if m is None else m
            self.display.remove(x)
            if r == NONE:
                self.dead_leads.append((p, x))  # dead lead, kept face up (spec 7.2 step 4)
            else:
                self.discard.append(x)
                self.marked[p] |= 1 << x  # own token on that tile (P-6)
            self.events.append((EV, p, x, r))
            self._end_turn()
            return
        d = g.data
        if kind == INV:
            self.investigators_left[p] -= 1
            self.investigated_areas[p] |= 1 << x
            dd, cc = logic.investigate_result(d, self.suspect_areas, self.crime_areas, self.cases[p], x)
            self.candidates[p] &= self._mask(INV, x, (dd, cc))
            self.events.append((INV, p, x, dd, cc))
            self._end_turn()
        elif kind == SS:
            self.pending_suspect = x
        elif kind == SC:
            self.pending_crime = x
        else:
            s, c, loc = self.pending_suspect, self.pending_crime, x
            self.pending_suspect = self.pending_crime = -1
            bit = 1 << ((s * d.NC + c) * d.NL + loc)
            if (s, c, loc) == self.cases[p]:
                v = d.vp_track[self.value_index]
                self.solved[p] = self.round
                self.solved_in_round = True
                self.vp_markers[self.minigame * self.n + p] = v
                names = ~d.names_mask(s, c, loc)
                cand = self.candidates
                for q in range(self.n):
                    cand[q] &= names
                cand[p] = bit
                self.events.append(("solve_ok", p, s, c, loc, v))
            else:
                self.penalty[p] += 1
                self.candidates[p] &= ~bit
                self.failed[p] |= bit
                self.events.append(("solve_fail", p, s, c, loc))
            self._end_turn()

    def _end_turn(self) -> None:
        """Spec 6 (engine order): all solved? next player, end of round, refill."""
        n = self.n
        solved = self.solved
        unsolved = solved.count(0)
        if unsolved == 0:
            self._end_minigame()
            return
        p = self.to_move
        crossed = False
        while True:
            p = (p + 1) % n
            if p == self.start:
                crossed = True
            if not solved[p]:
                break
        if crossed:  # end-of-round step (spec 8.2)
            if self.solved_in_round and self.value_index < len(self.game.data.vp_track) - 1:
                self.value_index += 1
            self.solved_in_round = False
            self.round += 1
            if unsolved == 1:  # spec 9, condition 2
                self._end_minigame()
                return
        display = self.display
        if len(display) < self.game.data.display_size:
            if self.deck:
                display.append(self.deck.pop())  # the usual case: one card taken
            self._refill()
        self.to_move = p

    def _refill(self) -> None:
        """Spec 7.2 step 6 / P-10: top the display up; reshuffle the discard pile only."""
        size = self.game.data.display_size
        display = self.display
        while len(display) < size:
            if not self.deck:
                if not self.discard:
                    break
                self.deck = self.discard
                self.discard = []
                self._own_rng().shuffle(self.deck)
            display.append(self.deck.pop())

    def _end_minigame(self) -> None:
        """Spec 9: unsolved seats score 0; next mini-game or game end."""
        n = self.n
        points = tuple(self.vp_markers[self.minigame * n + p] if self.solved[p] else 0 for p in range(n))
        tail = tuple(self.events[-HISTORY_LINES:])
        self.minigame += 1
        if self.minigame >= self.game.data.mini_games:
            self.over = True
            self.pending_suspect = self.pending_crime = -1
            self.closing = (MINI_END, self.minigame - 1, (), points, -1)
            return
        self.start = (self.start + 1) % self.n  # start-player marker moves clockwise
        self._setup_minigame()
        # the narration opens with how the last mini-game ended, so its closing solve is told,
        # not lost with the board (the events, which the seats observe, start afresh)
        self.closing = (MINI_END, self.minigame - 1, tail, points, self.start)

    # ------------------------------------------------------------------ copies
    def _own_rng(self) -> random.Random:
        """The state's generator, copied first if a clone still shares it (clones share the
        generator until one of them needs it: most clones never draw a random number)."""
        if self._cache_rng_shared:
            self.rng = clone_rng(self.rng)
            self._cache_rng_shared = False
        return self.rng

    def clone(self) -> PiState:
        s = PiState.__new__(PiState)
        s.game = self.game
        s.rng = self.rng
        s._cache_rng_shared = self._cache_rng_shared = True
        s.n = self.n
        s.prune = self.prune
        s.minigame = self.minigame
        s.start = self.start
        s.round = self.round
        s.value_index = self.value_index
        s.to_move = self.to_move
        s.over = self.over
        s.pending_suspect = self.pending_suspect
        s.pending_crime = self.pending_crime
        s.suspect_tiles = self.suspect_tiles
        s.crime_tiles = self.crime_tiles
        s.suspect_areas = self.suspect_areas
        s.crime_areas = self.crime_areas
        s._cache_masks = self._cache_masks
        s.cases = self.cases[:]
        s.deck = self.deck[:]
        s.display = self.display[:]
        s.discard = self.discard[:]
        s.dead_leads = self.dead_leads[:]
        s.marked = self.marked[:]
        s.investigated_areas = self.investigated_areas[:]
        s.investigators_left = self.investigators_left[:]
        s.events = self.events[:]
        s.closing = self.closing
        s.candidates = self.candidates[:]
        s.hand_allows = self.hand_allows[:]
        s.failed = self.failed[:]
        s.solved = self.solved[:]
        s.solved_in_round = self.solved_in_round
        s.vp_markers = self.vp_markers[:]
        s.penalty = self.penalty[:]
        return s

    def __getstate__(self):
        return {k: getattr(self, k) for k in _SLOTS}

    def __setstate__(self, state):
        for k, v in state.items():
            setattr(self, k, v)

    # ------------------------------------------------------------------ information
    def observation(self, seat: int) -> dict:
        """Everything public (spec 11) plus `seat`'s own hand."""
        n = self.n
        return {
            "seat": seat,
            "players": n,
            "minigame": self.minigame,
            "start_seat": self.start,
            "round": self.round,
            "value": self.game.data.vp_track[self.value_index],
            "solved_in_round": self.solved_in_round,
            "to_move": self.current_player(),
            "pending": (self.pending_suspect, self.pending_crime),
            "suspect_tiles": self.suspect_tiles,
            "crime_tiles": self.crime_tiles,
            "hand": None if self.over else self.cases[(seat + 1) % n],
            "display": tuple(self.display),
            "discard": tuple(sorted(self.discard)),
            "deck_size": len(self.deck),
            "dead_leads": tuple(self.dead_leads),
            "investigator_areas": tuple(self.investigated_areas),
            "investigators_left": tuple(self.investigators_left),
            "events": tuple(self.events),
            "candidates": tuple(self.candidates),
            "solved": tuple(self.solved),
            "scores": tuple(self.vp_markers),
            "penalties": tuple(self.penalty),
        }

    def determinize(self, seat: int, rng: random.Random) -> PiState:
        """Resample every case `seat` cannot see (its own and those of everyone except its
        left neighbour, whose case it holds), consistently with all public results, its hand
        and the rule that cases share no name; reshuffle the evidence deck; reseed.

        With ``prune_solves`` a seat is offered only nominations sharing no name with its
        hand, so its nominations are evidence about that hand (the next seat's case): each
        failed triple avoids it, and a half-named solve (public, spec 7.3) has a completion
        avoiding it.  Every hand is sampled within `logic.nominator_hands`, so the mover can
        always finish its nomination; nothing here reads a case `seat` cannot see."""
        w = self.clone()
        w.rng = fresh_rng(rng)
        w._cache_rng_shared = False
        w.discard = sorted(self.discard)
        deck = sorted(self.deck)
        rng.shuffle(deck)
        w.deck = deck
        if self.over:
            return w
        n = self.n
        known = (seat + 1) % n
        unknown = [q for q in range(n) if q != known and not self.solved[q]]
        if unknown:
            excl = logic.hand_exclusion(self.game.data, self.cases[known])
            masks = [self.candidates[q] & excl for q in unknown]
            if self.prune:
                for i, q in enumerate(unknown):
                    p = (q - 1) % n  # the seat holding q's case
                    pending = p == self.to_move and self.pending_suspect >= 0
                    if self.failed[p] or pending:
                        masks[i] &= logic.nominator_hands(
                            self.game.data,
                            self.candidates[p],
                            self.failed[p],
                            self.pending_suspect if pending else -1,
                            self.pending_crime if pending else -1,
                        )
            picks = sample_disjoint(self.game.data, masks, rng)
            for q, t in zip(unknown, picks, strict=True):
                w.cases[q] = t
            w._set_hands()
        return w

    # ------------------------------------------------------------------ scores
    def scores(self) -> list[tuple]:
        """Spec 10: (final score, unused investigators, -penalty points)."""
        d = self.game.data
        n = self.n
        out = []
        for p in range(n):
            vp = sum(self.vp_markers[m * n + p] for m in range(d.mini_games))
            pen = d.penalty_step * self.penalty[p]
            out.append((vp - pen, self.investigators_left[p], -pen))
        return out

    def heuristic(self) -> list[float]:
        """Per seat in [0, 1]: a soft-max over seats of (score so far + the current value
        times how narrowed down the seat's own case is, + a little for investigators)."""
        if self.over:
            return self.returns()
        d = self.game.data
        v = d.vp_track[self.value_index]
        est = []
        for p, (total, inv, _pen) in enumerate(self.scores()):
            e = total + 0.05 * inv
            if not self.solved[p]:
                k = (self.candidates[p] & self.hand_allows[p]).bit_count()
                e += v / (1.0 + math.log2(max(k, 1)))
            est.append(e)
        top = max(est)
        ex = [math.exp((e - top) / 3.0) for e in est]
        total = sum(ex)
        return [x / total for x in ex]

    # ------------------------------------------------------------------ text
    def action_to_string(self, action) -> str:
        d = self.game.data
        try:
            kind, x = action
            if kind == INV:
                return f"investigate {d.area_names[x]}"
            if kind == EV:
                return f"take evidence card {d.card_names[x]}"
            if kind == SS:
                return f"solve: suspect {d.suspect_names[x]}"
            if kind == SC:
                return f"solve: crime {d.crime_names[x]}"
            if kind == SL:
                return f"solve: location {d.area_names[x]}"
        except (TypeError, ValueError, IndexError):
            pass
        return repr(action)

    def event_to_string(self, event) -> str:
        d = self.game.data
        kind, p = event[0], event[1]
        if kind == MINI_END:
            scored = ", ".join(
                f"seat {q} {v} VP" if v else f"seat {q} unsolved, 0 VP" for q, v in enumerate(event[3])
            )
            return f"mini-game {p + 1} of {d.mini_games} is over: {scored}" + (
                f"; mini-game {p + 2} begins, seat {event[4]} starts" if event[4] >= 0 else ""
            )
        if kind == INV:
            return (
                f"seat {p} investigates {d.area_names[event[2]]}: "
                f"{plural(event[3], 'disc')}, {plural(event[4], 'cube')}"
            )
        if kind == EV:
            return f"seat {p} takes {d.card_names[event[2]]}: {logic.RESULT_NAMES[event[3]]}"
        s, c, loc = event[2:5]
        triple = f"{d.suspect_names[s]} / {d.crime_names[c]} / {d.area_names[loc]}"
        if kind == "solve_ok":
            return f"seat {p} solves {triple} for {event[5]} VP"
        return f"seat {p} fails with {triple} (-{d.penalty_step})"

    def history_text(self) -> list[str]:
        lines: list[str] = []
        closing = self.closing
        if closing and closing[4] >= 0:  # a mini-game ended: how, then the new one's events
            lines.extend(self.event_to_string(x) for x in closing[2])
            lines.append(self.event_to_string(closing))
        lines.extend(self.event_to_string(e) for e in self.events)
        if closing and closing[4] < 0:  # the game is over
            lines.append(self.event_to_string(closing))
        return lines[-HISTORY_LINES:]

    def __str__(self) -> str:
        d = self.game.data
        lines = [
            f"P.I. mini-game {min(self.minigame + 1, d.mini_games)}/{d.mini_games}, round {self.round}, "
            f"V = {d.vp_track[self.value_index]}, start seat {self.start}"
            + ("  [game over]" if self.over else f", seat {self.to_move} to move")
        ]
        for a in range(d.NL):
            s, c = self.suspect_tiles[a], self.crime_tiles[a]
            inv = [str(p) for p in range(self.n) if self.investigated_areas[p] >> a & 1]
            lines.append(
                f"  {d.area_names[a]:<16} {d.suspect_names[s] if s >= 0 else '(no suspect)':<12} "
                f"{d.crime_names[c] if c >= 0 else '(no crime)':<18}"
                + (f" investigators: {','.join(inv)}" if inv else "")
            )
        lines.append("  display: " + ", ".join(d.card_names[c] for c in sorted(self.display)))
        for p, sc in enumerate(self.scores()):
            k = (self.candidates[p] & self.hand_allows[p]).bit_count()
            state = f"solved in round {self.solved[p]}" if self.solved[p] else f"{k} possible cases"
            lines.append(
                f"  seat {p}: score {sc[0]} (penalties {self.penalty[p]}), "
                f"investigators {self.investigators_left[p]}, {state}"
            )
        if self.pending_suspect >= 0:
            lines.append(
                f"  solving: {d.suspect_names[self.pending_suspect]}"
                + (f" / {d.crime_names[self.pending_crime]}" if self.pending_crime >= 0 else "")
            )
        lines += ["  " + t for t in self.history_text()]
        return "\n".join(lines)


_BITS_CACHE: dict[int, tuple[int, ...]] = {}


def set_bits(mask: int) -> tuple[int, ...]:
    """Indices of the set bits of `mask`, ascending (memoised: search determinizes the same
    position over and over, so the same few masks come back)."""
    out = _BITS_CACHE.get(mask)
    if out is None:
        text = bin(mask)[:1:-1]
        out = tuple(i for i, ch in enumerate(text) if ch == "1")
        if len(_BITS_CACHE) > 4096:
            _BITS_CACHE.clear()
        _BITS_CACHE[mask] = out
    return out


def sample_uniform(d, mask: int, count: int, rng: random.Random) -> int:
    """A uniformly chosen set bit of `mask` (which has `count` set bits).  The way of drawing
    depends only on the mask, never on what set_bits happens to have memoised: that memo is
    per process, so a draw that used it when present would make a game's result depend on
    the games its worker had played before."""
    nbits = d.NS * d.NC * d.NL
    if count * 4 >= nbits:
        while True:
            i = rng.randrange(nbits)
            if mask >> i & 1:
                return i
    bits = set_bits(mask)
    return bits[rng.randrange(len(bits))]


def sample_disjoint(d, masks: list[int], rng: random.Random, tries: int = 12) -> list[tuple[int, int, int]]:
    """One triple from each mask, pairwise sharing no name.  Rejection sampling (exactly
    uniform over the joint consistent set) for a few tries; then sequential sampling with
    backtracking (always finds a consistent assignment when one exists)."""
    counts = [m.bit_count() for m in masks]
    k = len(masks)
    triple_of = d.triple_of
    if k == 1:
        return [triple_of(sample_uniform(d, masks[0], counts[0], rng))]
    for _ in range(tries):
        picks = [triple_of(sample_uniform(d, masks[i], counts[i], rng)) for i in range(k)]
        ok = True
        for i in range(k):
            a = picks[i]
            for j in range(i):
                b = picks[j]
                if a[0] == b[0] or a[1] == b[1] or a[2] == b[2]:
                    ok = False
                    break
            if not ok:
                break
        if ok:
            return picks
    order = sorted(range(k), key=lambda i: (counts[i], i))
    result: list = [None] * k

    def place(pos: int, allowed: int) -> bool:
        if pos == k:
            return True
        i = order[pos]
        m = masks[i] & allowed
        while m:
            idx = sample_uniform(d, m, m.bit_count(), rng)
            t = triple_of(idx)
            result[i] = t
            if place(pos + 1, allowed & ~d.names_mask(*t)):
                return True
            m &= ~(1 << idx)
        return False

    if not place(0, d.FULL):
        raise AssertionError("no consistent assignment of hidden cases (engine bug)")
    return result
