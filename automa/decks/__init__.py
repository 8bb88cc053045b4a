"""Automaton decks as data: a printed solo opponent is a TOML file of cards, and this module
reads, checks and runs such a file for any game.

A deck holds a seat.  Each of the seat's turns begins by flipping the top card of the deck;
the card is a short priority list of *rules* in the game's own words ("claim the momentum
token", "push the evidence token nearest your end").  The first rule that can be done is
done; when a rule leaves several moves equal, the deck's *tie-breakers* decide in order,
and the first move left in the game's own order settles the rest.  Decisions that belong
to no turn (where to pin a token, whether to react) follow the game's *standing rules*,
printed once on the rule sheet.  The *difficulty knob* is the card mix (how many copies of
one weak card, the deck's `difficulty.card`, are shuffled in), a *bonus* in the game's own
terms that the automaton takes once a round (`difficulty.bonus`, e.g. "at the start of each
round move the momentum token N steps toward your end", N per setting), or both; easiest
setting first.

What the rules mean is the game's business: a small vocabulary module per game
(`rules/<game>/automaton.py`, named by `Game.automaton_vocabulary`) defines each rule as a
scoring of the legal moves that reads only the automaton seat's observation, so a deck
never peeks.  Its interface:

    GAME               the game's name
    RULES              {name: Rule}, card rules and standing rules alike
    STANDING           the standing rules' names, in priority order
    TIE_BREAKERS       {name: TieBreaker}
    BONUSES            {name: Bonus}: the handicaps a difficulty knob may give (optional)
    read(obs, game)    the per-decision view every rule and tie-breaker reads
    starts_turn(view)  True when this decision begins one of the seat's turns (flip a card)

File layout (see docs/decks.md):

    game = "watergate"
    seat = 1                          # the seat the deck is made for
    title = "Nixon automaton"
    tie_breakers = ["high_value"]
    [difficulty]
    card = "Dither"                   # the card whose copies set the difficulty (optional)
    copies = [4, 0, 0, 0]             # per knob setting, easiest first
    bonus = "head_start"              # the bonus the knob sets (optional)
    steps = [0, 0, 1, 2]              # the bonus's size per knob setting
    default = 1                       # the knob setting when a seat names none
    [[cards]]
    name = "Hush money"
    rules = ["claim_momentum", "push_momentum"]
    copies = 1                        # optional
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from automa.rules.core import DataError, DataReader, ParamError, load_data_file

DECKS_DIR = Path(__file__).parent
#: most rules one card may print, and most cards a deck may hold (so a person can run it)
MAX_RULES = 6
MAX_CARDS = 30
#: largest bonus a setting may give
MAX_BONUS = 9


@dataclass(frozen=True)
class Rule:
    """One move rule: `score(view, legal)` gives {action: score} for the legal moves the
    rule would make (higher first); an empty answer means the rule cannot be done."""

    name: str
    #: the rule as printed on a card
    text: str
    #: the decision kinds it answers (the vocabulary's words, e.g. "turn", "pin")
    kinds: frozenset
    score: Callable[[Any, Sequence[Hashable]], dict]


@dataclass(frozen=True)
class TieBreaker:
    """Prefers moves with a higher `key(view, action)`."""

    name: str
    text: str
    key: Callable[[Any, Hashable], float]


@dataclass(frozen=True)
class Bonus:
    """A handicap the automaton takes once per occasion (a round): `apply(state, seat, n)`
    changes the game's state as the printed line `text.format(n=n)` says; `occasion(state)`
    names the current round, so the bonus is taken once each time it changes."""

    name: str
    text: str
    occasion: Callable[[Any], Hashable]
    apply: Callable[[Any, int, int], None]


@dataclass(frozen=True)
class Card:
    name: str
    rules: tuple[str, ...]
    copies: int = 1


@dataclass(frozen=True)
class Deck:
    """A parsed, checked deck file."""

    path: str
    game: str
    seat: int
    title: str
    cards: tuple[Card, ...]
    tie_breakers: tuple[str, ...]
    #: the difficulty card's name and its copies per knob setting, easiest first ("", ()
    #: when the knob is a bonus alone)
    knob_card: str
    knob_copies: tuple[int, ...]
    knob_default: int
    notes: str = ""
    #: the bonus the knob sets and its size per setting ("", () when it sets none)
    knob_bonus: str = ""
    knob_steps: tuple[int, ...] = ()

    @property
    def settings(self) -> int:
        return max(len(self.knob_copies), len(self.knob_steps))

    def card_list(self, knob: int | None = None) -> tuple[int, ...]:
        """Indices into `cards` of every card in the shuffled deck at this knob setting."""
        knob = self.knob_default if knob is None else knob
        out = []
        for i, card in enumerate(self.cards):
            out += [i] * (self.knob_copies[knob] if card.name == self.knob_card else card.copies)
        return tuple(out)

    def bonus_steps(self, knob: int | None = None) -> int:
        """The size of the bonus at this knob setting (0: none)."""
        return self.knob_steps[self.knob_default if knob is None else knob] if self.knob_steps else 0

    def setting_text(self, knob: int, vocab) -> str:
        """A knob setting as the rule sheet prints it (in the seat's words where the
        vocabulary has `bonus_text(name, n, seat)`)."""
        parts = []
        if self.knob_card:
            c = self.knob_copies[knob]
            parts.append(f"{c} cop{'y' if c == 1 else 'ies'} of “{self.knob_card}”.")
        if self.knob_bonus:
            n = self.knob_steps[knob]
            worded = getattr(vocab, "bonus_text", None)
            text = (
                worded(self.knob_bonus, n, self.seat)
                if worded
                else vocab.BONUSES[self.knob_bonus].text.format(n=n)
            )
            parts.append(text if n else "No bonus.")
        return " ".join(parts)

    def complexity(self) -> tuple[int, int]:
        """(distinct cards, rules printed on them): the simplicity measure the designer
        minimises after the target; the difficulty card counts like any other."""
        return len(self.cards), sum(len(c.rules) for c in self.cards)


class DeckError(DataError):
    """A deck file that cannot be played; names the file and the field."""


# --------------------------------------------------------------------------- vocabulary


def vocabulary(game) -> Any:
    """The vocabulary module of `game` (a Game or its class), or a ParamError naming the
    games that have one."""
    where = getattr(game, "automaton_vocabulary", "")
    if not where:
        raise ParamError(
            f"{game.name} has no automaton deck vocabulary; decks exist for games "
            f"whose package has an automaton.py"
        )
    return importlib.import_module(where)


# --------------------------------------------------------------------------- files


def deck_path(ref: str) -> Path:
    """A deck reference as a file: a path as given, else a deck shipped in automa/decks/
    ('watergate-nixon' or 'watergate-nixon.toml')."""
    given = Path(ref)
    if given.suffix == ".toml" and given.exists():
        return given
    shipped = DECKS_DIR / (given.name if given.suffix == ".toml" else given.name + ".toml")
    if shipped.exists() and len(given.parts) == 1:
        return shipped
    if given.suffix != ".toml":
        names = sorted(p.stem for p in DECKS_DIR.glob("*.toml"))
        raise ParamError(
            f"no automaton deck {ref!r}: give a .toml file or a shipped deck ({', '.join(names) or 'none'})"
        )
    return given


def shipped_decks(game_name: str) -> list[str]:
    """The names of the decks shipped for a game (the files are named after it)."""
    return sorted(p.stem for p in DECKS_DIR.glob(f"{game_name}-*.toml"))


_CACHE: dict[tuple[str, float, str], Deck] = {}


def load_deck(ref: str | Path, game) -> Deck:
    """The deck file `ref` checked against `game`'s vocabulary (cached while the file is
    unchanged).  Every error names the file and the field."""
    path = deck_path(str(ref))
    try:
        stamp = path.stat().st_mtime
    except OSError as exc:
        raise DeckError(path, "<file>", f"cannot be read: {exc.strerror or exc}") from None
    key = (str(path.resolve()), stamp, game.name)
    if key not in _CACHE:
        try:
            data = load_data_file(path)
        except DataError as err:
            raise DeckError(err.path, err.field, err.problem) from None
        _CACHE[key] = parse_deck(path, data, game)
    return _CACHE[key]


def parse_deck(path: Path | str, data: dict, game) -> Deck:
    """Check a deck's table (as read from `path`) against the game's vocabulary."""
    vocab = vocabulary(game)
    reader = DataReader(path, data)
    try:
        name = reader.str("game")
        if name != game.name:
            raise reader.error("game", f"is {name!r}, but this deck is being played in {game.name}")
        seat = reader.int("seat", low=0, high=game.num_players - 1)
        title = reader.str("title")
        notes = reader.str("notes", default="")
        card_rules = sorted(n for n, r in vocab.RULES.items() if n not in vocab.STANDING)
        cards: list[Card] = []
        for i, entry in reader.items("cards", min_len=1):
            card_name = entry.str("name")
            rules = entry.list("rules", str)
            if not 1 <= len(rules) <= MAX_RULES:
                raise entry.error("rules", f"must list 1-{MAX_RULES} rules, has {len(rules)}")
            for j, rule in enumerate(rules):
                if rule not in card_rules:
                    raise DeckError(
                        path,
                        f"cards[{i}].rules[{j}]",
                        f"{rule!r} is not a {game.name} rule; rules: {', '.join(card_rules)}",
                    )
            if card_name in (c.name for c in cards):
                raise entry.error("name", f"{card_name!r} names two cards")
            cards.append(Card(card_name, tuple(rules), entry.int("copies", low=0, high=MAX_CARDS, default=1)))
        ties = reader.list("tie_breakers", str, default=[])
        for j, tie in enumerate(ties):
            if tie not in vocab.TIE_BREAKERS:
                raise DeckError(
                    path,
                    f"tie_breakers[{j}]",
                    f"{tie!r} is not a {game.name} tie-breaker; "
                    f"tie-breakers: {', '.join(sorted(vocab.TIE_BREAKERS))}",
                )
        knob = reader.sub("difficulty")
        knob_card, copies = "", []
        if knob.has("card") or knob.has("copies"):
            knob_card = knob.str("card", choices=[c.name for c in cards])
            copies = knob.list("copies", int)
            if not copies or any(not 0 <= c <= MAX_CARDS for c in copies):
                raise knob.error("copies", f"must list one count 0-{MAX_CARDS} per setting, easiest first")
        bonus, steps = "", []
        if knob.has("bonus") or knob.has("steps"):
            bonuses = sorted(getattr(vocab, "BONUSES", {}))
            if not bonuses:
                raise knob.error("bonus", f"{game.name} has no bonuses; use card and copies")
            bonus = knob.str("bonus", choices=bonuses)
            steps = knob.list("steps", int)
            if not steps or any(not 0 <= n <= MAX_BONUS for n in steps):
                raise knob.error("steps", f"must list one size 0-{MAX_BONUS} per setting, easiest first")
        if not copies and not steps:
            raise knob.error("card", "the knob needs a card and copies, a bonus and steps, or both")
        if copies and steps and len(copies) != len(steps):
            raise knob.error("steps", f"has {len(steps)} settings but copies has {len(copies)}")
        # easiest first: no setting plainly easier than the one before it.  Where both move the
        # same way (more weak cards and a bigger bonus, or fewer and a smaller) the order is
        # the measured one, a trade only play can settle.
        for k in range(max(len(copies), len(steps)) - 1):
            c0, c1 = (copies[k], copies[k + 1]) if copies else (0, 0)
            s0, s1 = (steps[k], steps[k + 1]) if steps else (0, 0)
            if s1 < s0 and c1 >= c0:
                raise knob.error(
                    "steps",
                    "must not shrink from one setting to the next unless the copies of "
                    "the difficulty card shrink with it (easiest first: the smallest bonus)",
                )
            if c1 > c0 and s1 <= s0:
                raise knob.error(
                    "copies",
                    "must not grow from one setting to the next unless the bonus grows "
                    "with it (easiest first: the most copies of the difficulty card)",
                )
        default = knob.int("default", low=0, high=max(len(copies), len(steps)) - 1)
        reader.check_all_read()
    except DeckError:
        raise
    except DataError as err:
        raise DeckError(err.path, err.field, err.problem) from None
    deck = Deck(
        str(path),
        game.name,
        seat,
        title,
        tuple(cards),
        tuple(ties),
        knob_card,
        tuple(copies),
        default,
        notes,
        bonus,
        tuple(steps),
    )
    for k in range(deck.settings):
        if not deck.card_list(k):
            raise DeckError(path, "difficulty.copies", f"setting {k} leaves the deck with no card")
    return deck


def deck_toml(deck: Deck, header: str = "") -> str:
    """The deck as a TOML file (what `automa design` writes); `header` becomes comments."""
    q = _quote
    lines = [f"# {line}" if line else "#" for line in header.splitlines()]
    lines += [f"game = {q(deck.game)}", f"seat = {deck.seat}", f"title = {q(deck.title)}"]
    if deck.notes:
        lines.append(f"notes = {q(deck.notes)}")
    lines.append("tie_breakers = [" + ", ".join(q(t) for t in deck.tie_breakers) + "]")
    lines += ["", "[difficulty]"]
    if deck.knob_card:
        lines += [
            f"card = {q(deck.knob_card)}",
            "copies = [" + ", ".join(map(str, deck.knob_copies)) + "]   # per setting, easiest first",
        ]
    if deck.knob_bonus:
        lines += [
            f"bonus = {q(deck.knob_bonus)}",
            "steps = [" + ", ".join(map(str, deck.knob_steps)) + "]   # per setting, easiest first",
        ]
    lines.append(f"default = {deck.knob_default}")
    for card in deck.cards:
        lines += [
            "",
            "[[cards]]",
            f"name = {q(card.name)}",
            "rules = [" + ", ".join(q(r) for r in card.rules) + "]",
        ]
        if card.copies != 1:
            lines.append(f"copies = {card.copies}")
    return "\n".join(lines) + "\n"


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


# --------------------------------------------------------------------------- playing a card


def choose(
    vocab, view, legal: Sequence[Hashable], rules: Sequence[str], tie_breakers: Sequence[str], start: int = 0
) -> tuple[Hashable, int]:
    """Walk a card: the card's `rules` from `start` (the rule that began this turn), then
    the standing rules; the first that answers this decision picks its best moves, the
    tie-breakers narrow them, and the earliest in the game's order wins.  Returns the move
    and the index of the card rule used (-1 for a standing rule or none)."""
    order = [(i, rules[i]) for i in range(start, len(rules))] + [(-1, n) for n in vocab.STANDING]
    for index, name in order:
        rule = vocab.RULES[name]
        if view.kind not in rule.kinds:
            continue
        scores = rule.score(view, legal)
        if not scores:
            continue
        best = max(scores.values())
        picked = [a for a in legal if a in scores and scores[a] >= best - 1e-9]
        return break_ties(vocab, view, picked, tie_breakers), index
    return legal[0], -1


def break_ties(vocab, view, moves: Sequence[Hashable], tie_breakers: Sequence[str]) -> Hashable:
    for name in tie_breakers:
        if len(moves) == 1:
            break
        key = vocab.TIE_BREAKERS[name].key
        keys = [key(view, a) for a in moves]
        top = max(keys)
        moves = [a for a, k in zip(moves, keys, strict=True) if k >= top - 1e-9]
    return moves[0]
