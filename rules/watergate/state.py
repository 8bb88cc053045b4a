"""Watergate game state: research track, evidence board, decks, and the decision stack.

Seat 0 is the Editor (track side +1), seat 1 is Nixon (side -1).

Everything that needs a decision is a *frame* on ``self.stack`` (a tuple; the seat that
decides is always at index 1).  Automatic frames (card phase bookkeeping, effect
programs, reaction-chain resolution, card disposal, the evaluation phase) are run by
``_run`` until a decision frame with two or more legal actions is on top; a decision
with a single legal action is taken by the engine, unless it is *private*: a decision
whose number of options depends on what the other seat cannot see (a hand, Nixon's
face-down tokens) is always put to its seat, even with one option, so that the other
seat never learns from the engine stopping or not (§12).  The reaction window and
Gambit's choice open whenever the seat could, as far as the other seat can tell, hold a
matching card (it is among the seat's unseen cards), and always offer "no".

Frames:
    ("cp", -1)                         card phase: whose turn, or go to evaluation
    ("turn", seat, forced)             play a card (forced >= 0: Howard Hunt's drawn card)
    ("vt", seat, card, asked)          value part: choose the token to move (§7)
    ("pick", NIXON, bit, steps, card)  Nixon picks a face-down token of colour bit (§7.3)
    ("em", seat, mask, steps, left, chosen, repeat)   move_evidence / split instruction
    ("window", seat, trigger)          reaction window (§9.4): react with a card or pass
    ("chain", -1)                      resolve the reaction chain (LIFO)
    ("fx", seat, ops, idx)             run an instruction list
    ("dispose", seat, card)            put a card whose action part was used away (§9.1)
    ("pin", seat, code)                pin an evidence token (§8.4)
    ("person", seat)                   pin any picture from the supply
    ("rmb", seat, face_up, left, mask) remove board evidence
    ("flipb", seat, mask)              turn a face-down board token face up
    ("gambit", NIXON)                  Gambit's alternative disposal (§9.5)
    ("replay", EDITOR, card)           The system works: choose a removed card (§9.5)
    ("eval", -1, step)                 evaluation phase, steps 1-5 (§10)

Evidence tokens are codes: colour mask (blue 1, yellow 2, green 4) + 8 if it shows the
momentum symbol.  On the board a face-up token has 16 added.
"""

from __future__ import annotations

import bisect
import random
from collections.abc import Hashable, Sequence
from typing import Any, ClassVar, Final

from automa.rules.core import TERMINAL, Outcome, State
from automa.rules.draws import uniform

from . import heuristic, info, text
from .data import CONSPIRATOR, EDITOR, EVENT, NIXON, WatergateData
from .text import BITS, SEAT_NAME

SIDE: Final = (1, -1)
# shared action tuples; Any, so that mypyc keeps the objects (an item typed tuple[str, int]
# is held as a C struct and made into a new tuple wherever it is stored)
VALUE_ACT: Final[tuple[Any, ...]] = tuple(("value", c) for c in range(64))
ACTION_ACT: Final[tuple[Any, ...]] = tuple(("action", c) for c in range(64))
AUTO: Final = frozenset(("cp", "chain", "fx", "dispose", "eval"))
PRIVATE: Final = frozenset(("turn", "window", "gambit", "pick"))  # always asked, see the module doc


class WatergateState(State):
    # ClassVar: mypyc keeps it on the class (snapshot and __getstate__ read it); the one list
    # of fields, which pickling reads and the clone test checks `clone` against
    __slots__: ClassVar[tuple[str, ...]] = (
        "game",
        "data",
        "rng",
        "hand",
        "deck",
        "discard",
        "removed",
        "bag",
        "track_codes",
        "track_places",
        "track_faces",
        "initiative",
        "momentum",
        "holder",
        "initiative_gained",
        "momentum_gained",
        "momentum_cards",
        "supply",
        "momentum_removed",
        "board",
        "pictures",
        "stack",
        "chain",
        "to_move",
        "turns",
        "denied",
        "events_value_only",
        "gambit_keep",
        "round",
        "winner",
        "reason",
        "max_rounds",
        "_cache_legal",
        "_cache_rng_shared",
    )
    #: the Game (its params and printed data)
    game: Any
    #: the printed data: cards, board graph, token bag, momentum cards (data.py)
    data: WatergateData
    #: per seat (0 Editor, 1 Nixon), the card numbers in hand (kept sorted)
    hand: list[list[int]]
    #: per seat, the draw deck, top last
    deck: list[list[int]]
    #: per seat, the discard pile (reshuffled into the deck when it runs out, W-16)
    discard: list[list[int]]
    #: cards removed from the game (§9.1), in the order they left
    removed: list[int]
    #: evidence token codes in the bag (colour mask + 8 for the momentum symbol)
    bag: list[int]
    #: this round's evidence tokens on the track: their codes (§5.1.2) ...
    track_codes: list[int]
    #: ... their spaces (-5 Nixon's end .. +5 the Editor's end, §3.1) ...
    track_places: list[int]
    #: ... and faces: 0 face down, 1 face up, 2 off the track (gained or back in the bag)
    track_faces: list[int]
    #: the initiative token's space, None when it is off the track (§8.1)
    initiative: int | None
    #: the momentum token's space, None when it is off the track (§8.2)
    momentum: int | None
    #: the seat the initiative card points at: draws 5 and plays first (§4.6, §5.1)
    holder: int
    #: whether the initiative token was gained this round (evaluation step 2 is then skipped)
    initiative_gained: bool
    #: whether the momentum token was gained this round (evaluation step 3 is then skipped)
    momentum_gained: bool
    #: per seat, the momentum tokens on its momentum card (Nixon wins with 5, §8.2)
    momentum_cards: list[int]
    #: momentum tokens in the supply (§4.7; Nixon wins when a round finds none, §10 step 4)
    supply: int
    #: momentum tokens the Editor gained with a full card, out of the game (W-19)
    momentum_removed: int
    #: per board node, the evidence token on it: -1 empty, a code, +16 when face up (§3.2)
    board: list[int]
    #: per informant, its picture: 0 in the supply, 1 face up (Editor), 2 face down (Nixon)
    pictures: list[int]
    #: the decision stack, top last: frames as the module docstring tables them
    stack: list[tuple]
    #: the reaction chain being built, ("react", seat, card) frames resolved last first (§9.4)
    chain: list[tuple]
    #: the seat whose turn it is in the card phase
    to_move: int
    #: per seat, the turns taken this round (for "not on your first turn of the round")
    turns: list[int]
    #: colours (mask) Nixon has said no face-down track token has this turn (§7.3)
    denied: int
    #: A brilliant mood: the Editor's events this round may use only their value part
    events_value_only: bool
    #: Gambit goes to Nixon's discard instead of leaving the game (§9.5)
    gambit_keep: bool
    #: the round number, from 1
    round: int
    #: the winning seat, -1 while the game goes on
    winner: int
    #: why the game ended, in the engine's words (the records store it)
    reason: str
    #: the engine's safeguard: Nixon wins when this many rounds have passed
    max_rounds: int
    #: the legal actions of the decision on top, worked out once by _run
    _cache_legal: list
    #: whether a clone still shares `rng` with its original (copied on first use, _rand)
    _cache_rng_shared: bool

    # ------------------------------------------------------------------ setup
    @classmethod
    def initial(cls, game, seed) -> WatergateState:
        s = WatergateState.__new__(WatergateState)  # not cls.__new__: mypyc cannot compile that
        d = game.data
        s.game = game
        s.data = d
        s.rng = random.Random(seed)
        s.max_rounds = game.params.max_rounds
        s.hand = [[], []]
        s.deck = [list(d.deck_cards[0]), list(d.deck_cards[1])]
        s.rng.shuffle(s.deck[0])
        s.rng.shuffle(s.deck[1])
        s.discard = [[], []]
        s.removed = []
        s.bag = list(d.bag)
        s.track_codes, s.track_places, s.track_faces = [], [], []
        s.initiative = 0
        s.momentum = 0
        s.holder = EDITOR  # §4.6: arrows point at the Editor
        s.initiative_gained = s.momentum_gained = False
        s.momentum_cards = [0, 0]
        s.supply = 8  # §4.7: 1 on the track, 8 in the supply
        s.momentum_removed = 0
        s.board = [-1] * len(d.space_names)
        s.pictures = [0] * len(d.people)
        s.stack = []
        s.chain = []
        s.to_move = EDITOR
        s.turns = [0, 0]
        s.denied = 0
        s.events_value_only = False
        s.gambit_keep = False
        s.round = 0
        s.winner = -1
        s.reason = ""
        s._cache_legal = []  # set by _run
        s._cache_rng_shared = False
        s._start_round()
        s._run()
        return s

    def clone(self) -> WatergateState:
        c = WatergateState.__new__(WatergateState)
        c.game = self.game
        c.data = self.data
        # copy-on-write generator: both share it until one of them draws (see _rand)
        c.rng = self.rng
        c._cache_rng_shared = True
        self._cache_rng_shared = True
        c.max_rounds = self.max_rounds
        c.hand = [self.hand[0][:], self.hand[1][:]]
        c.deck = [self.deck[0][:], self.deck[1][:]]
        c.discard = [self.discard[0][:], self.discard[1][:]]
        c.removed = self.removed[:]
        c.bag = self.bag[:]
        c.track_codes = self.track_codes[:]
        c.track_places = self.track_places[:]
        c.track_faces = self.track_faces[:]
        c.initiative = self.initiative
        c.momentum = self.momentum
        c.holder = self.holder
        c.initiative_gained = self.initiative_gained
        c.momentum_gained = self.momentum_gained
        c.momentum_cards = self.momentum_cards[:]
        c.supply = self.supply
        c.momentum_removed = self.momentum_removed
        c.board = self.board[:]
        c.pictures = self.pictures[:]
        c.stack = self.stack[:]
        c.chain = self.chain[:]
        c.to_move = self.to_move
        c.turns = self.turns[:]
        c.denied = self.denied
        c.events_value_only = self.events_value_only
        c.gambit_keep = self.gambit_keep
        c.round = self.round
        c.winner = self.winner
        c.reason = self.reason
        c._cache_legal = self._cache_legal
        return c

    def _rand(self) -> random.Random:
        """The state's own generator, copied first if a clone still shares it."""
        if self._cache_rng_shared:
            r = random.Random.__new__(random.Random)
            r.setstate(self.rng.getstate())
            self.rng = r
            self._cache_rng_shared = False
        return self.rng

    def is_terminal(self) -> bool:
        return self.winner >= 0

    def __getstate__(self):
        return {k: getattr(self, k) for k in self.__slots__}

    def __setstate__(self, st):
        for k, v in st.items():
            setattr(self, k, v)

    # ------------------------------------------------------------------ contract
    def current_player(self) -> int:
        if self.winner >= 0:
            return TERMINAL
        return self.stack[-1][1]

    def legal_actions(self) -> list:
        if self.winner >= 0:
            return []
        return self._cache_legal

    def random_action(self, rng: random.Random) -> Hashable:
        legal = self._cache_legal
        return legal[int(uniform(rng) * float(len(legal)))]

    def _apply(self, action) -> None:
        self._do(action)
        self._run()

    def scores(self) -> list[tuple]:
        if self.winner < 0:
            return [(0,), (0,)]
        return [(1,) if s == self.winner else (0,) for s in (0, 1)]

    def outcome(self) -> Outcome:
        if self.winner < 0:
            return Outcome((), (1, 1), "game not over")
        ranks = (1, 2) if self.winner == EDITOR else (2, 1)
        return Outcome((self.winner,), ranks, self.reason)

    # ------------------------------------------------------------------ engine loop
    def _run(self) -> None:
        stack = self.stack
        while True:
            if self.winner >= 0:
                stack.clear()
                self.chain = []
                self._cache_legal = []
                return
            top = stack[-1]
            k: str = top[0]
            if k in AUTO:
                if k == "fx":
                    ops = top[2]
                    idx: int = top[3]
                    if idx >= len(ops):
                        stack.pop()
                    else:
                        stack[-1] = ("fx", top[1], ops, idx + 1)
                        self._op(top[1], ops[idx])
                elif k == "cp":
                    self._card_phase_step()
                elif k == "dispose":
                    stack.pop()
                    self._dispose(top[1], top[2])
                elif k == "chain":
                    stack.pop()
                    self._resolve_chain()
                else:
                    self._eval_step(top[2])
                continue
            legal = self._legal(top)
            if not legal:
                stack.pop()
                if k == "pin":  # W-12: no matching space -> bag
                    self.bag.append(top[2])
                elif k == "pick" and top[4] >= 0:  # cannot happen in a real game
                    self.discard[EDITOR].append(top[4])
                elif k == "em" and top[1] == NIXON and top[4] > 0:
                    # Nixon must move what he can (§9.1): not moving tells the Editor that
                    # no face-down token has these colours
                    self.denied |= top[2] & 7
                continue
            if len(legal) == 1 and not self._private(top):
                self._do(legal[0])
                continue
            self._cache_legal = legal
            return

    def _private(self, top) -> bool:
        """Does the number of options of this decision depend on something the other seat
        cannot see?  Then the engine never takes it alone, even when it is forced."""
        k: str = top[0]
        if k in PRIVATE:
            return True
        if top[1] == NIXON and k in ("vt", "em"):
            mask = self.data.cards[top[2]].mask if k == "vt" else top[2]
            return mask != 7 and 0 in self.track_faces  # which face-down tokens match is hidden
        return False

    def _card_phase_step(self) -> None:
        hand = self.hand
        if not hand[0] and not hand[1]:
            self.stack[-1] = ("eval", -1, 1)
            return
        s = self.to_move
        if not hand[s]:
            s = 1 - s  # W-5: the other plays out
        self.to_move = 1 - s
        self.stack.append(("turn", s, -1))

    # ------------------------------------------------------------------ legal actions
    def _legal(self, top) -> list:
        k: str = top[0]
        s: int = top[1]
        if k == "turn":
            return self._legal_turn(s, top[2])
        if k == "vt":
            return self._legal_vt(s, top[2], top[3])
        if k == "pin":
            code = top[2]
            space_mask = self.data.space_mask
            board = self.board
            return [("space", n) for n in self.data.evidence_nodes if board[n] < 0 and space_mask[n] & code]
        if k == "em":
            return self._legal_em(top)
        if k == "window":
            out: list = [("react", c) for c in self._react_cards(s, top[2], self.hand[s])]
            out.append(("pass",))
            return out
        if k == "pick":
            bit = top[2]
            return [
                ("slot", i)
                for i in range(len(self.track_codes))
                if self.track_faces[i] == 0 and self.track_codes[i] & bit
            ]
        if k == "person":
            return [("person", p) for p in range(len(self.pictures)) if self.pictures[p] == 0]
        if k == "rmb":
            want = 16 if top[2] else 0
            mask = top[4]
            return [
                ("space", n)
                for n in self.data.evidence_nodes
                if self.board[n] >= 0 and self.board[n] & 16 == want and self.board[n] & mask
            ]
        if k == "flipb":
            mask = top[2]
            return [
                ("space", n)
                for n in self.data.evidence_nodes
                if 0 <= self.board[n] < 16 and self.board[n] & mask
            ]
        if k == "gambit":
            cards = self.data.cards
            return [("gambit_keep",)] + [
                ("gambit_remove", c) for c in self.hand[NIXON] if cards[c].kind == CONSPIRATOR
            ]
        if k == "replay":
            return [("replay", c) for c in self._replayable(top[2])]
        raise AssertionError(f"unknown frame {top!r}")

    def _action_usable(self, s: int, c: int, drawn: bool = False) -> bool:
        """May seat s use card c's action part now?  `drawn`: c is the card Howard Hunt
        drew, played within the turn Hunt began (already counted in self.turns)."""
        u = self.data.usable[c]
        if u == 1:
            return True
        if u == 0:
            return False
        if s == EDITOR and self.events_value_only and self.data.cards[c].kind == EVENT:
            return False  # §9.5 A brilliant mood
        if u == 3:  # not on the first turn of the round:
            return self.turns[s] - drawn >= 1  # Hunt and his drawn card are one turn
        if u == 4:
            return bool(self._replayable(c))
        return True

    def _legal_turn(self, s: int, forced: int) -> list:
        cards: Sequence[int]
        if forced >= 0:
            cards = (forced,)
        else:
            cards = self.hand[s]
        usable = self.data.usable
        drawn = forced >= 0
        out = []
        for c in cards:
            out.append(VALUE_ACT[c])
            u = usable[c]
            if u == 1 or (u and self._action_usable(s, c, drawn)):
                out.append(ACTION_ACT[c])
        return out

    def _legal_vt(self, s: int, c: int, asked: int) -> list:
        card = self.data.cards[c]
        mask = card.mask
        out: list = []
        if self.initiative is not None:
            out.append(("init",))
        if self.momentum is not None:
            out.append(("mom",))
        tc, tf = self.track_codes, self.track_faces
        face_down = False
        for i in range(len(tc)):
            f = tf[i]
            if f == 1 or (f == 0 and s == NIXON):
                if tc[i] & mask:
                    out.append(("slot", i))
            elif f == 0:
                face_down = True
        if face_down and not asked:  # §7.3: the Editor asks
            for b in BITS:
                if mask & b and not self.denied & b:
                    out.append(("ask", b))
        if not out:
            out.append(("none",))
        return out

    def _legal_em(self, top) -> list:
        _, s, mask, steps, left, chosen, repeat = top
        if left <= 0:
            return []
        out = []
        tc, tf = self.track_codes, self.track_faces
        face_down = False
        for i in range(len(tc)):
            f = tf[i]
            if f == 2 or (not repeat and i in chosen):
                continue
            if f == 1 or s == NIXON:
                if tc[i] & mask:
                    out.append(("slot", i))
            elif mask == 7:
                out.append(("slot", i))  # unrestricted: blind pick (W-11)
            else:
                face_down = True
        if face_down:  # W-11: restricted -> ask
            for b in BITS:
                if mask & b and not self.denied & b:
                    out.append(("ask", b))
        return out

    def _react_cards(self, s: int, trigger: str, hand) -> list:
        cards = self.data.cards
        out = []
        for c in hand:
            card = cards[c]
            if card.reaction != trigger:
                continue
            if s == EDITOR and card.kind == EVENT and self.events_value_only:
                continue  # W-24
            out.append(c)
        return out

    def _could_react(self, s: int, trigger: str) -> bool:
        """Could seat s hold a card that answers `trigger`, as far as the other seat can
        tell?  Its unseen cards are its hand and its deck; the window opens whether or
        not the card is in the hand, so opening it tells nothing (§9.4, §12)."""
        return bool(
            self._react_cards(s, trigger, self.hand[s]) or self._react_cards(s, trigger, self.deck[s])
        )

    def _replayable(self, tsw: int) -> list:
        cards = self.data.cards
        return sorted(
            {
                c
                for c in self.removed
                if cards[c].owner == EDITOR
                and not cards[c].reaction
                and cards[c].effects
                and c != tsw
                and not any(op[0] == "replay_removed" for op in cards[c].effects)
            }
        )

    # ------------------------------------------------------------------ applying a decision
    def _do(self, a) -> None:
        stack = self.stack
        top = stack[-1]
        k: str = top[0]
        s: int = top[1]
        h: str = a[0]
        if k == "turn":
            c = a[1]
            self.hand[s].remove(c)
            if top[2] < 0:
                self.turns[s] += 1
            if h == "value":
                stack[-1] = ("vt", s, c, 0)
            else:
                stack.pop()
                self._start_action(s, c)
        elif k == "vt":
            self._do_vt(s, top[2], top[3], a)
        elif k == "pick":
            stack.pop()
            i = a[1]
            card = top[4]
            if card >= 0:
                self.discard[EDITOR].append(card)
            else:
                em = stack[-1]
                stack[-1] = em[:5] + (em[5] + (i,),) + em[6:]
            self._move_slot(i, EDITOR, top[3])
        elif k == "em":
            _, _, mask, steps, left, chosen, repeat = top
            if h == "slot":
                i = a[1]
                stack[-1] = ("em", s, mask, steps, left - 1, chosen + (i,), repeat)
                self._move_slot(i, s, steps)
            else:
                b = a[1]
                if any(
                    self.track_faces[i] == 0 and self.track_codes[i] & b for i in range(len(self.track_codes))
                ):
                    stack[-1] = ("em", s, mask, steps, left - 1, chosen, repeat)
                    stack.append(("pick", NIXON, b, steps, -1))
                else:
                    self.denied |= b
        elif k == "window":
            stack.pop()
            if h == "react":
                c = a[1]
                self.hand[s].remove(c)
                self.chain.append(("react", s, c))
                self._open_window_against(s, c)
        elif k == "pin":
            stack.pop()
            n = a[1]
            code = top[2]
            self.board[n] = code | 16 if s == EDITOR else code
            if s == EDITOR and self._editor_connected() >= 2:
                self._win(EDITOR, "two informants connected to Nixon")
                return
            if code & 8 and self.momentum is not None:  # §8.4.3 momentum symbol
                self._move_mom(s, 1)
        elif k == "person":
            stack.pop()
            self._pin_picture(s, a[1])
        elif k == "rmb":
            n = a[1]
            self.bag.append(self.board[n] & 15)
            self.board[n] = -1
            if top[3] <= 1:
                stack.pop()
            else:
                stack[-1] = top[:3] + (top[3] - 1,) + top[4:]
        elif k == "flipb":
            stack.pop()
            self.board[a[1]] |= 16
            if self._editor_connected() >= 2:
                self._win(EDITOR, "two informants connected to Nixon")
        elif k == "gambit":
            stack.pop()
            if h == "gambit_remove":
                self.hand[NIXON].remove(a[1])
                self.removed.append(a[1])
                self.gambit_keep = True
        elif k == "replay":
            stack.pop()
            stack.append(("fx", EDITOR, self.data.cards[a[1]].effects, 0))
        else:
            raise AssertionError(f"no decision on frame {top!r}")

    def _do_vt(self, s: int, c: int, asked: int, a) -> None:
        stack = self.stack
        h: str = a[0]
        card = self.data.cards[c]
        steps = card.value
        if h == "slot":
            i = a[1]
            if s == NIXON:
                self.track_faces[i] = 1  # flipped to be moved (§7.3)
                if self._could_react(EDITOR, "follow_the_money"):
                    stack.pop()
                    self.chain = [("vmove", NIXON, c, i, steps, self.track_places[i])]
                    stack.append(("chain", -1))
                    stack.append(("window", EDITOR, "follow_the_money"))
                    return
            stack.pop()
            self.discard[s].append(c)
            self._move_slot(i, s, steps)
        elif h == "ask":
            b = a[1]
            if any(
                self.track_faces[i] == 0 and self.track_codes[i] & b for i in range(len(self.track_codes))
            ):
                stack[-1] = ("pick", NIXON, b, steps, c)
            else:
                self.denied |= b  # public "none" answer
                stack[-1] = ("vt", s, c, 1)
        else:
            stack.pop()
            self.discard[s].append(c)
            if h == "init":
                self._move_ini(s, steps)
            elif h == "mom":
                self._move_mom(s, steps)
            elif s == NIXON:
                # Nixon moves no token only when none he may move is there: none of his
                # face-down tokens has the card's colour, and the Editor sees that (§7.1)
                self.denied |= card.mask

    # ------------------------------------------------------------------ actions and reactions
    def _start_action(self, s: int, c: int) -> None:
        card = self.data.cards[c]
        trigger = None
        if s == NIXON and card.kind == CONSPIRATOR:
            trigger = "cancel_conspirator"
        elif s == EDITOR and card.kind == EVENT:
            trigger = "cancel_event"
        if trigger and self._could_react(1 - s, trigger):
            self.chain = [("act", s, c)]
            self.stack.append(("chain", -1))
            self.stack.append(("window", 1 - s, trigger))
            return
        self._resolve_action(s, c)

    def _open_window_against(self, s: int, c: int) -> None:
        """Seat s just reacted with card c (its action part): may the other re-react?"""
        card = self.data.cards[c]
        o = 1 - s
        if s == NIXON and card.kind == CONSPIRATOR:
            trigger = "cancel_conspirator"
        elif s == EDITOR and card.kind == EVENT:
            trigger = "cancel_event"
        else:
            return  # Ben Bradlee: no re-reaction
        if self._could_react(o, trigger):
            self.stack.append(("window", o, trigger))

    def _resolve_chain(self) -> None:
        """§9.4: the last reaction resolves first and cancels the entry below it."""
        ch = self.chain
        self.chain = []
        cards = self.data.cards
        i = len(ch) - 1
        while i >= 1:
            _, rs, rc = ch[i]
            below = ch[i - 1]
            r = cards[rc].reaction
            if r == "cancel_conspirator":
                self.removed.append(below[2])  # conspirator removed from the game
            elif r == "cancel_event":
                self.discard[EDITOR].append(below[2])  # cancelled event: Editor's discard
            else:  # follow the money
                _, _, nc, slot, steps, orig = below
                self.discard[NIXON].append(nc)
                self.track_places[slot] = orig
                self._move_slot(slot, EDITOR, steps)
            self._dispose(rs, rc)
            i -= 2
        if i == 0:
            base = ch[0]
            if base[0] == "act":
                self._resolve_action(base[1], base[2])
            else:
                _, _, nc, slot, steps, _orig = base
                self.discard[NIXON].append(nc)
                self._move_slot(slot, NIXON, steps)

    def _resolve_action(self, s: int, c: int) -> None:
        self.stack.append(("dispose", s, c))
        self.stack.append(("fx", s, self.data.cards[c].effects, 0))

    def _dispose(self, s: int, c: int) -> None:
        if self.data.cards[c].kind == EVENT:
            if self.gambit_keep and s == NIXON:
                self.gambit_keep = False
                self.discard[s].append(c)
            else:
                self.removed.append(c)
        else:
            self.discard[s].append(c)

    # ------------------------------------------------------------------ instructions
    def _op(self, s: int, op) -> None:
        k = op[0]
        if k == "move":
            if op[1] == 0:
                self._move_ini(s, op[2])
            else:
                self._move_mom(s, op[2])
        elif k == "move_to":
            pos = op[2] * SIDE[s]
            if op[1] == 0:
                if self.initiative is not None:
                    self.initiative = pos
                    if op[2] >= 5:
                        self._move_ini(s, 0)
            elif self.momentum is not None:
                self.momentum = pos
                if op[2] >= 5:
                    self._move_mom(s, 0)
        elif k == "move_evidence":
            self.stack.append(("em", s, op[3], op[2], op[1], (), 0))
        elif k == "split":
            self.stack.append(("em", s, 7, 1, op[1], (), 1))
        elif k == "pin_picture":
            self._pin_picture(s, op[1])
        elif k == "pin_picture_any":
            self.stack.append(("person", s))
        elif k == "pin_from_bag":
            for _ in range(op[1]):
                if self.bag:
                    self.stack.append(("pin", s, self._draw_token()))
        elif k == "remove_board":
            self.stack.append(("rmb", s, op[1], op[2], op[3]))
        elif k == "flip_board":
            self.stack.append(("flipb", s, op[1]))
        elif k == "reveal_track":
            tf = self.track_faces
            for i in range(len(tf)):
                if tf[i] == 0:
                    tf[i] = 1
        elif k == "draw_and_play_top":
            c = self._draw(s)
            if c >= 0:
                bisect.insort(self.hand[s], c)
                self.stack.append(("turn", s, c))
        elif k == "gambit_option":
            # asked whenever Nixon has a card in hand and a conspirator among his unseen
            # cards, so the Editor learns nothing from the question (§9.5, §12)
            cards = self.data.cards
            if self.hand[s] and any(cards[c].kind == CONSPIRATOR for c in self.hand[s] + self.deck[s]):
                self.stack.append(("gambit", s))
        elif k == "round_flag":
            self.events_value_only = True
        elif k == "replay_removed":
            self.stack.append(("replay", s, -1))
        else:
            raise AssertionError(f"unknown instruction {op!r}")

    def _pin_picture(self, s: int, p: int) -> None:
        if self.pictures[p] != 0:
            return
        if s == EDITOR:
            self.pictures[p] = 1
            if self._editor_connected() >= 2:
                self._win(EDITOR, "two informants connected to Nixon")
        else:
            self.pictures[p] = 2

    # ------------------------------------------------------------------ track movement (§3.1, §8)
    def _move_slot(self, i: int, s: int, steps: int) -> None:
        if self.track_faces[i] == 2:
            return
        self.track_faces[i] = 1
        p = self.track_places[i] + SIDE[s] * steps
        if p >= 5 or p <= -5:
            self.track_faces[i] = 2
            self.track_places[i] = 5 * SIDE[s]
            self.stack.append(("pin", s, self.track_codes[i]))  # W-14: pin at once
        else:
            self.track_places[i] = p

    def _move_ini(self, s: int, steps: int) -> None:
        if self.initiative is None:
            return
        p = self.initiative + SIDE[s] * steps
        if p >= 5 or p <= -5:
            self.initiative = None
            self.initiative_gained = True
            self.holder = s  # W-15: next round only
        else:
            self.initiative = p

    def _move_mom(self, s: int, steps: int) -> None:
        if self.momentum is None:
            return
        p = self.momentum + SIDE[s] * steps
        if p >= 5 or p <= -5:
            self.momentum = None
            self.momentum_gained = True
            self._place_momentum(s)
        else:
            self.momentum = p

    def _place_momentum(self, s: int) -> None:
        """§8.2: lowest empty space; its instruction; Nixon's 5th wins; a full Editor
        card removes the token from the game (W-19)."""
        spaces = self.data.momentum_effects[s]
        if s == NIXON:
            self.momentum_cards[1] += 1
            if self.momentum_cards[1] >= 5:
                self._win(NIXON, "five momentum tokens on Nixon's card")
                return
        elif self.momentum_cards[0] < len(spaces):
            self.momentum_cards[0] += 1
        else:
            self.momentum_removed += 1
            return
        ops = spaces[self.momentum_cards[s] - 1]
        if ops:
            self.stack.append(("fx", s, ops, 0))

    def _win(self, s: int, reason: str) -> None:
        if self.winner < 0:
            self.winner = s
            self.reason = f"{SEAT_NAME[s]} wins: {reason}"

    # ------------------------------------------------------------------ evidence board (§3.3)
    def _editor_connected(self) -> int:
        d = self.data
        adj = d.adj
        board = self.board
        reached = [False] * len(board)
        reached[0] = True
        frontier = [0]
        while frontier:
            n = frontier.pop()
            for m in adj[n]:
                if not reached[m] and board[m] >= 16:
                    reached[m] = True
                    frontier.append(m)
        count = 0
        for p, node in enumerate(d.informant_node):
            if self.pictures[p] == 1:
                for m in adj[node]:
                    if reached[m]:
                        count += 1
                        break
        return count

    # ------------------------------------------------------------------ rounds (§5, §10)
    def _draw(self, s: int) -> int:
        d = self.deck[s]
        if not d:
            if not self.discard[s]:
                return -1  # W-16
            d.extend(self.discard[s])
            self.discard[s] = []
            self._rand().shuffle(d)
        return d.pop()

    def _draw_token(self) -> int:
        bag = self.bag
        j = self._rand().randrange(len(bag))
        code = bag[j]
        bag[j] = bag[-1]
        bag.pop()
        return code

    def _start_round(self) -> None:
        self.round += 1
        if self.round > self.max_rounds:
            self._win(NIXON, f"the term ends (round limit {self.max_rounds}, engine safeguard)")
            return
        self.initiative_gained = self.momentum_gained = False
        self.denied = 0
        self.events_value_only = False
        self.gambit_keep = False
        self.turns = [0, 0]
        h = self.holder
        for s, n in ((h, 5), (1 - h, 4)):  # §5.1.1
            hand = self.hand[s]
            for _ in range(n):
                c = self._draw(s)
                if c < 0:
                    break
                hand.append(c)
            hand.sort()
        codes = [self._draw_token() for _ in range(min(3, len(self.bag)))]  # §5.1.2
        self.track_codes = codes
        self.track_places = [0] * len(codes)
        self.track_faces = [0] * len(codes)
        self.to_move = h
        self.stack.append(("cp", -1))

    def _eval_step(self, step: int) -> None:
        stack = self.stack
        if step == 1:  # neutral evidence back to the bag
            for i in range(len(self.track_codes)):
                if self.track_faces[i] != 2 and self.track_places[i] == 0:
                    self.track_faces[i] = 2
                    self.bag.append(self.track_codes[i])
            step = 2
        if step == 2:  # award the initiative token
            if not self.initiative_gained and self.initiative is not None:
                p = self.initiative
                self.holder = EDITOR if p > 0 else NIXON if p < 0 else 1 - self.holder
                self.initiative = None
            step = 3
        if step == 3:  # award the momentum token
            stack[-1] = ("eval", -1, 4)
            if not self.momentum_gained and self.momentum is not None:
                p = self.momentum
                self.momentum = None
                if p == 0:
                    self.supply += 1
                else:
                    self._place_momentum(EDITOR if p > 0 else NIXON)
            return
        if step == 4:  # reset the track
            self.initiative = 0
            if self.supply <= 0:
                self._win(NIXON, "no momentum token left in the supply")
                return
            self.supply -= 1
            self.momentum = 0
            # step 5: pin this round's evidence, initiative holder first
            stack[-1] = ("eval", -1, 6)
            h = self.holder
            for s in (1 - h, h):
                side = SIDE[s]
                for i in range(len(self.track_codes) - 1, -1, -1):
                    if self.track_faces[i] != 2 and self.track_places[i] * side > 0:
                        self.track_faces[i] = 2
                        stack.append(("pin", s, self.track_codes[i]))
            return
        stack.pop()  # step 6: next round
        self._start_round()

    # ------------------------------------------------------------------ information (info.py)
    def observation(self, seat: int) -> dict:
        return info.observation(self, seat)

    def determinize(self, seat: int, rng: random.Random) -> WatergateState:
        """A world for `seat` (§12), see `info.determinize`."""
        return info.determinize(self, seat, rng)

    # ------------------------------------------------------------------ heuristic (heuristic.py)
    def connection_cost(self) -> float:
        """About how many more Editor pins would connect two informants to Nixon."""
        return heuristic.connection_cost(self)

    def time_left(self) -> float:
        """Rounds the Editor can still expect."""
        return heuristic.time_left(self)

    def heuristic(self) -> list[float]:
        return heuristic.heuristic(self)

    # ------------------------------------------------------------------ text (text.py)
    def action_to_string(self, action) -> str:
        return text.action_to_string(self, action)

    def __str__(self) -> str:
        return text.state_text(self)
