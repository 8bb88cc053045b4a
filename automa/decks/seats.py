"""Deck-played seats inside the engine, for any game with a deck vocabulary.

`DeckSeats` wraps a game's state: whenever the game asks a deck seat to decide, the deck
decides at once (flipping a card at the start of the seat's turn), so `current_player()`
only ever names seats that decide, as with the printed automata.  A game opts in by mixing
in `DeckGame` (see rules/watergate/game.py): a parameter `automata` holding one deck
reference per seat ("" for a deciding seat), checked by `check_automata`, and
`new_initial_state` passing its state through `DeckGame.with_decks`.

Secrecy: a deck card, once flipped, lies face up, so the current card and the discard are
public (`observation` adds them under "automata"); the order of the face-down draw pile is
known to nobody, so `determinize` reshuffles it for every seat, the deck's own included,
and draws new future randomness.  The deck's shuffles come from the game's seed, so a
record replays exactly.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any

from automa.rules.core import ParamError, State
from automa.rules.presentation import HIDDEN_MOVE, move_text

from . import choose, load_deck, vocabulary

if TYPE_CHECKING:
    from automa.rules.core import Game

    from . import Deck

    _MixedInto = Game
else:
    _MixedInto = object  # the checker reads DeckGame as the Game it is mixed into

SPEC = "automaton"


#: `param_help` text of the `automata` parameter, shared by every game that takes decks
AUTOMATA_HELP = (
    "one entry per seat: an automaton deck (file or shipped name, ',knob=K' for its "
    "difficulty) or '' for a deciding seat; set by seating automaton:DECK"
)


def check_automata(params, prefix: str = "") -> None:
    """A game's `automata` parameter: () or one string per seat (`prefix` starts the message,
    as the game's other parameter errors start)."""
    automata = params.automata
    if automata and (len(automata) != params.players or not all(isinstance(a, str) for a in automata)):
        raise ParamError(f"{prefix}automata needs one deck (or '') per seat, got {automata!r}")


class DeckGame(_MixedInto):
    """Mixed into a game class whose seats automaton decks can play (its params carry
    `automata`): seating `automaton:DECK` and knowing which seats the engine plays."""

    automaton_specs = (SPEC,)
    #: the game's parameters, of its own params class (which has the `automata` field)
    params: Any

    def with_automaton_seats(self, seat_specs: Sequence[str]) -> Game:
        return type(self)(self.params.replace(automata=automata_param(self, seat_specs)))

    def automaton_seats(self) -> tuple[int, ...]:
        return tuple(s for s, deck in enumerate(self.params.automata) if deck)

    def with_decks(self, state: State, seed: int | None) -> State:
        """The new game's state, wrapped to play the deck seats when there are any."""
        return DeckSeats.start(self, state, seed) if self.params.automata else state


def automata_param(game, seat_specs: Sequence[str]) -> tuple[str, ...]:
    """The `automata` parameter for a table of seat specs: for each `automaton:DECK[,knob=K]`
    seat its 'DECK' or 'DECK,knob=K' (checked now, so a broken deck fails before play),
    '' for every other seat; () when no seat holds a deck."""
    from automa.search.bots import parse_spec

    out = []
    for seat, spec in enumerate(seat_specs):
        name, params = parse_spec(spec)
        if name != SPEC:
            out.append("")
            continue
        ref = params.pop("level", "")
        knob = params.pop("knob", None)
        if not ref or params:
            raise ParamError(f"seat {seat}: write automaton:DECK or automaton:DECK,knob=K, got {spec!r}")
        deck = load_deck(str(ref), game)
        if deck.seat != seat:
            raise ParamError(f"seat {seat}: {deck.path} is a deck for seat {deck.seat} ({deck.title})")
        if knob is not None and (not isinstance(knob, int) or not 0 <= knob < deck.settings):
            raise ParamError(
                f"seat {seat}: {deck.path} has difficulty settings 0-{deck.settings - 1} "
                f"(easiest first), got knob={knob!r}"
            )
        out.append(str(ref) + ("" if knob is None else f",knob={knob}"))
    return tuple(out) if any(out) else ()


def split_entry(entry: str) -> tuple[str, int | None]:
    """'DECK,knob=2' -> ('DECK', 2)."""
    ref, _, knob = entry.partition(",knob=")
    return ref, (int(knob) if knob else None)


class DeckPlayer:
    """One deck seat's cards: the face-down pile (its top is the last entry), the face-up
    discard, the card in force this turn and the rule on it that began the turn (-1: a
    standing rule); its bonus's size and the occasion (round) it was last taken."""

    __slots__ = ("pile", "discard", "card", "fired", "shuffles", "bonus", "bonus_at")

    def __init__(
        self, pile: list, discard: list, card: int, fired: int, shuffles: int, bonus: int = 0, bonus_at=None
    ):
        self.pile, self.discard, self.card, self.fired, self.shuffles = pile, discard, card, fired, shuffles
        self.bonus, self.bonus_at = bonus, bonus_at

    def copy(self) -> DeckPlayer:
        return DeckPlayer(
            self.pile[:], self.discard[:], self.card, self.fired, self.shuffles, self.bonus, self.bonus_at
        )


class DeckSeats(State):
    """A game state some of whose seats are played by decks (see the module docstring).
    Anything not defined here (a game's own helpers, such as its heuristic's parts) is
    read from the wrapped state."""

    #: `_cache_narrate`: whether moves are put into words for `history_text` (the table's
    #: state only; search copies stay silent).  Not part of the position, hence `_cache`.
    __slots__ = ("inner", "game", "decks", "players", "seed", "_cache_narrate", "log")
    #: the wrapped game state, which the deciding seats and the decks both move
    inner: State
    #: {deck seat: its deck}
    decks: dict[int, Deck]
    #: {deck seat: its cards in play}
    players: dict[int, DeckPlayer]
    #: the text every deck's shuffles are seeded from (the game's seed, or a fresh one)
    seed: str
    _cache_narrate: bool
    #: what the decks did, in words, for `history_text`
    log: tuple[str, ...]

    @classmethod
    def start(cls, game, inner: State, seed: int | None) -> DeckSeats:
        s = cls.__new__(cls)
        s.inner = inner
        s.game = game
        s.decks = {}
        s.players = {}
        s.seed = str(seed) if seed is not None else str(random.SystemRandom().getrandbits(63))
        s._cache_narrate = True
        s.log = ()
        for seat, entry in enumerate(game.params.automata):
            if entry:
                ref, knob = split_entry(entry)
                deck = load_deck(ref, game)
                pile = list(deck.card_list(knob))
                random.Random(f"{s.seed}:deck:{seat}:0").shuffle(pile)
                s.decks[seat] = deck
                s.players[seat] = DeckPlayer(pile, [], -1, 0, 0, deck.bonus_steps(knob))
        s._advance()
        return s

    # ---- the deck seats' decisions
    def _advance(self) -> None:
        inner = self.inner
        vocab = None  # looked up once a deck seat is to move: most steps are not
        while not inner.is_terminal():
            self._take_bonuses()
            seat = inner.current_player()
            player = self.players.get(seat)
            if player is None:
                return
            vocab = vocab or vocabulary(self.game)
            deck = self.decks[seat]
            view = vocab.read(inner.observation(seat), self.game)
            legal = inner.legal_actions()
            starting = vocab.starts_turn(view)
            if starting:
                self._flip(seat, player, deck)
            rules = deck.cards[player.card].rules if player.card >= 0 else ()
            action, fired = choose(
                vocab, view, legal, rules, deck.tie_breakers, 0 if starting else max(player.fired, 0)
            )
            if starting:
                player.fired = fired
            if self._cache_narrate:
                self._tell(seat, action)
            inner._apply(action)

    def _take_bonuses(self) -> None:
        """Each deck's bonus, once per occasion (round), as soon as the occasion begins."""
        for seat, player in self.players.items():
            if not player.bonus:
                continue
            bonus = vocabulary(self.game).BONUSES[self.decks[seat].knob_bonus]
            occasion = bonus.occasion(self.inner)
            if occasion != player.bonus_at and not self.inner.is_terminal():
                player.bonus_at = occasion
                bonus.apply(self.inner, seat, player.bonus)
                if self._cache_narrate:
                    self.log += (f"{self.decks[seat].title} bonus: {bonus.text.format(n=player.bonus)}",)

    def _flip(self, seat: int, player: DeckPlayer, deck) -> None:
        if player.card >= 0:
            player.discard.append(player.card)
        if not player.pile:
            player.pile, player.discard = player.discard, []
            player.shuffles += 1
            random.Random(f"{self.seed}:deck:{seat}:{player.shuffles}").shuffle(player.pile)
        player.card = player.pile.pop()
        player.fired = 0
        if self._cache_narrate:
            self.log += (f"{deck.title} flips “{deck.cards[player.card].name}”",)

    def _tell(self, seat: int, action: Hashable) -> None:
        """The move as the deciding seats read it (hidden if they would read it differently)."""
        viewers = [s for s in range(self.game.num_players) if s not in self.players]
        texts = {move_text(self.inner, action, seat, v) for v in viewers} or {
            self.inner.action_to_string(action)
        }
        text = texts.pop() if len(texts) == 1 else HIDDEN_MOVE
        self.log += (f"{self.decks[seat].title}: {text}",)

    # ---- the contract
    def current_player(self) -> int:
        return self.inner.current_player()

    def legal_actions(self) -> list:
        return self.inner.legal_actions()

    def _apply(self, action: Hashable) -> None:
        self.inner._apply(action)
        self._advance()

    def random_action(self, rng: random.Random) -> Hashable:
        return self.inner.random_action(rng)

    def clone(self) -> DeckSeats:
        c = DeckSeats.__new__(DeckSeats)
        c.inner = self.inner.clone()
        c.game = self.game
        c.decks = self.decks
        c.players = {seat: p.copy() for seat, p in self.players.items()}
        c.seed = self.seed
        c._cache_narrate = False  # search copies need no words
        c.log = self.log
        return c

    def settle_generator(self) -> None:
        self.inner.settle_generator()

    def is_terminal(self) -> bool:
        return self.inner.is_terminal()

    def scores(self) -> list[tuple]:
        return self.inner.scores()

    def outcome(self):
        return self.inner.outcome()

    def returns(self) -> list[float]:
        return self.inner.returns()

    def heuristic(self) -> list[float]:
        return self.inner.heuristic()

    def observation(self, seat: int):
        """The game's observation plus, per deck, its face-up card, the rule on it that began
        the turn (its index; -1: none could be done, the standing rules played), its discard
        and its pile's size: all on the table for everyone to see."""
        obs = self.inner.observation(seat)
        public = {
            s: {"card": p.card, "rule": p.fired, "discard": tuple(p.discard), "pile": len(p.pile)}
            for s, p in self.players.items()
        }
        if isinstance(obs, dict):
            return {**obs, "automata": public}
        return (obs, public)

    def determinize(self, seat: int, rng: random.Random) -> DeckSeats:
        """The game's world for `seat`, every deck's face-down pile reshuffled and new
        future shuffles: nobody knows a pile's order."""
        w = DeckSeats.__new__(DeckSeats)
        w.inner = self.inner.determinize(seat, rng)
        w.game = self.game
        w.decks = self.decks
        w.players = {}
        for s, p in self.players.items():
            q = p.copy()
            q.pile.sort()
            rng.shuffle(q.pile)
            w.players[s] = q
        w.seed = str(rng.getrandbits(63))
        w._cache_narrate = False
        w.log = self.log
        return w

    def action_to_string(self, action: Hashable) -> str:
        return self.inner.action_to_string(action)

    def history_text(self) -> list[str]:
        return list(self.inner.history_text()) + list(self.log)

    def render(self, seat: int) -> str:
        return self.inner.render(seat)

    def __str__(self) -> str:
        lines = [str(self.inner)]
        for seat, p in self.players.items():
            deck = self.decks[seat]
            card = deck.cards[p.card].name if p.card >= 0 else "none yet"
            lines.append(
                f"{deck.title} (seat {seat}): card {card}, pile {len(p.pile)}, discard {len(p.discard)}"
            )
        return "\n".join(lines)

    def __getattr__(self, name: str):
        if name == "inner" or name.startswith("__"):
            raise AttributeError(name)
        return getattr(self.inner, name)

    def __getstate__(self):
        return {k: getattr(self, k) for k in self.__slots__}

    def __setstate__(self, st):
        for k, v in st.items():
            object.__setattr__(self, k, v)
