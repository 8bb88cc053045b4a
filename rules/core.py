"""The contract every game meets (see docs/DESIGN.md), and the pieces all games share.

A game is a `Game` subclass with a frozen `Params` dataclass and a `State` subclass.
States are plain data: lists, dicts, ints, strings, tuples and one `random.Random`.
Everything here is deliberately small so that search can clone and step states fast.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import hashlib
import importlib
import json
import random
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from automa.errors import AutomaError
from automa.rules.draws import randbelow, seeded_rng

#: `current_player()` of a finished game.
TERMINAL = -4


# --------------------------------------------------------------------------- errors


class IllegalActionError(AutomaError, ValueError):
    """An action that is not legal now.  The state it was offered to is unchanged."""

    def __init__(
        self, action: Any, legal: Sequence[Any] | None = None, reason: str = "", state: State | None = None
    ):
        self.action = action
        self.legal = list(legal) if legal is not None else None
        self.reason = reason
        text = f"illegal action {action!r}"
        if state is not None:
            try:
                text += f" ({state.action_to_string(action)})"
            except Exception:  # the action may be garbage; its repr is enough then
                pass
        if reason:
            text += f": {reason}"
        if self.legal is not None:
            text += f"; {len(self.legal)} legal action{'s' if len(self.legal) != 1 else ''} here"
            if self.legal and state is not None and len(self.legal) <= 8:
                text += ": " + ", ".join(state.action_to_string(a) for a in self.legal)
        super().__init__(text)


class ParamError(AutomaError, ValueError):
    """A game parameter outside what the game allows; the message says what is allowed."""


class DataError(AutomaError, ValueError):
    """A broken component data file; the message names the file and the field."""

    def __init__(self, path: Path | str, field: str, problem: str):
        self.path, self.field, self.problem = str(path), field, problem
        super().__init__(f"{path}: field {field!r}: {problem}")


class UnknownGameError(AutomaError, KeyError):
    """A game name that is not registered (the message lists the games)."""

    def __str__(self) -> str:  # KeyError would quote the whole message
        return self.args[0]


# --------------------------------------------------------------------------- params


@dataclass(frozen=True)
class GameParams:
    """Parameters of one game instance.  Subclasses add fields with defaults and
    extend `validate`, which runs on construction, so an invalid instance never exists."""

    players: int = 2
    mode: str = "standard"

    def __post_init__(self) -> None:
        self.validate()

    def validate(self) -> None:  # overridden per game; call super().validate()
        """Raise ParamError for a value the game does not allow; games extend it."""
        if not isinstance(self.players, int) or isinstance(self.players, bool):
            raise ParamError(f"players must be a whole number, got {self.players!r}")

    def replace(self, **changes: Any) -> GameParams:
        """A copy with some parameters changed, validated again."""
        return dataclasses.replace(self, **changes)

    def to_json(self) -> dict:
        """The parameters as JSON data (tuples as lists), as records store them."""
        return {f.name: _jsonable(getattr(self, f.name)) for f in dataclasses.fields(self)}

    @classmethod
    def from_json(cls, data: dict) -> GameParams:
        """Parameters read back from `to_json`'s form."""
        names = {f.name: f for f in dataclasses.fields(cls)}
        unknown = set(data) - set(names)
        if unknown:
            raise ParamError(f"unknown parameter(s) {sorted(unknown)}; allowed: {sorted(names)}")
        return cls(**{k: _unjson(v) for k, v in data.items()})


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    return value


def _unjson(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_unjson(v) for v in value)
    return value


# --------------------------------------------------------------------------- game


class Game:
    """A game with fixed parameters.  Holds the loaded component data, shared by all
    states of the game (never mutated after load)."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    Params: ClassVar[type[GameParams]] = GameParams
    #: {mode: tuple of allowed player counts}
    modes: ClassVar[dict[str, tuple[int, ...]]] = {"standard": (2,)}
    #: Seat-spec prefixes that are printed automata played by the engine (e.g. "mumanbot").
    automaton_specs: ClassVar[tuple[str, ...]] = ()
    #: {automaton spec: the settings a seat may give it} (e.g. its difficulty levels), offered
    #: by the web lobby as `spec:setting`
    automaton_levels: ClassVar[dict[str, tuple[str, ...]]] = {}
    #: Where the data files live (the game's package folder); hashed into records.
    data_dir: ClassVar[Path | None] = None
    #: Game-specific bots: {spec name: "module:Class"}, imported only when asked for.
    bot_factories: ClassVar[dict[str, str]] = {}
    #: What each entry of `State.scores()` is, for a person reading a final score table.
    score_names: ClassVar[tuple[str, ...]] = ("score",)
    #: Parameter defaults when a person holds a seat and did not set them: a setting in
    #: which the engine works something out for the player (P.I.'s pruned nominations)
    #: suits bots, not a person who wants to deduce it themself.
    human_params: ClassVar[dict[str, Any]] = {}
    #: True when several winners are a side that won together (Salem's town or Witches), so
    #: each has won a whole game; False when they share one first place, which reports split.
    team_wins: ClassVar[bool] = False
    #: {parameter: the modes it serves}, for a parameter that means nothing in some modes
    #: (Pulitzer's Times mix is solo only); a parameter not named serves every mode.  The web
    #: lobby shows a setting only for the modes it serves.
    param_modes: ClassVar[dict[str, tuple[str, ...]]] = {}
    #: {mode: a sentence for a person choosing it}, shown by the web lobby under its seats
    #: (who plays whom in a mode that is not plain from its name)
    mode_notes: ClassVar[dict[str, str]] = {}

    def __init__(self, params: GameParams | None = None, **kwargs: Any):
        if params is None:
            params = self.make_params(**kwargs)
        elif kwargs:
            params = params.replace(**kwargs)
        self.params = params

    # ---- parameters
    @classmethod
    def make_params(cls, **kwargs: Any) -> GameParams:
        """Validated parameters from keyword arguments (mode and players filled in from each other)."""
        fields = {f.name for f in dataclasses.fields(cls.Params)}
        unknown = set(kwargs) - fields
        if unknown:
            raise ParamError(f"{cls.name}: unknown parameter(s) {sorted(unknown)}; allowed: {sorted(fields)}")
        kwargs = {k: _unjson(v) for k, v in kwargs.items()}
        if "mode" not in kwargs and "players" in kwargs:
            kwargs["mode"] = cls.default_mode(kwargs["players"])
        if "players" not in kwargs:
            mode = kwargs.get("mode", cls.default_mode(None))
            if mode in cls.modes:
                kwargs.setdefault("mode", mode)
                kwargs["players"] = cls.modes[mode][0]
        mode = kwargs.get("mode", cls.Params.mode)
        if mode not in cls.modes:
            raise ParamError(f"{cls.name}: unknown mode {mode!r}; allowed: {', '.join(cls.modes)}")
        counts = cls.modes[mode]
        if kwargs.get("players") not in counts:
            raise ParamError(
                f"{cls.name} mode {mode!r} takes {_count_text(counts)} players, got {kwargs.get('players')!r}"
            )
        return cls.Params(**kwargs)

    @classmethod
    def default_mode(cls, players: int | None) -> str:
        """The mode that a bare player count means (e.g. 1 player of Pulitzer is solo)."""
        for mode, counts in cls.modes.items():
            if players is None or players in counts:
                return mode
        return next(iter(cls.modes))

    @classmethod
    def player_counts(cls) -> tuple[int, ...]:
        """Every player count any mode allows."""
        return tuple(sorted({n for counts in cls.modes.values() for n in counts}))

    @classmethod
    def param_help(cls) -> dict[str, str]:
        """{parameter: short description of its allowed values}, for `automa games`."""
        return {}

    def with_automaton_seats(self, seat_specs: Sequence[str]) -> Game:
        """A copy of this game in which the seats given an automaton spec (see
        `automaton_specs`) are played by the engine.  Default: no automaton seats."""
        for spec in seat_specs:
            if spec.split(":")[0] in self.automaton_specs:
                raise ParamError(f"{self.name} cannot seat {spec!r}")
        return self

    def automaton_seats(self) -> tuple[int, ...]:
        """Seats that the engine plays itself (never named by `current_player`)."""
        return ()

    # ---- the contract
    @property
    def num_players(self) -> int:
        """Seats at the table, automaton seats included."""
        return self.params.players

    def max_game_length(self) -> int:
        """An upper bound on decisions in one game; the conformance suite holds us to it."""
        raise NotImplementedError(f"{type(self).__name__} must declare max_game_length()")

    def new_initial_state(self, seed: int | None = None) -> State:
        """The set-up position; `seed` fixes every shuffle and roll of the whole game."""
        raise NotImplementedError(f"{type(self).__name__} must implement new_initial_state()")

    def from_position(self, text: str) -> State:
        """The state a position text describes (docs/positions.md), in this game; a
        `PositionError` (one line: the field and the rule) for one that cannot be."""
        return _positions().read_position(text, self)

    def rules_hash(self) -> str:
        """A hash of the game's data files, stored in records so that a replay can tell
        when a game was played with other cards."""
        return rules_data_hash(self.data_dir)

    def __repr__(self) -> str:
        return f"load_game({self.name!r}, {self.params.to_json()})"

    def __getstate__(self) -> dict:
        """A game pickles as its parameters and is made again from them: its data files are
        cached per process, and what the engines keep on it (`_cache_*`, compiled objects
        among them) is made again on first use."""
        return {"params": self.params}

    def __setstate__(self, state: dict) -> None:
        self.__init__(state["params"])  # type: ignore[misc]

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.params == self.params  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((type(self), self.params))


def _count_text(counts: Sequence[int]) -> str:
    counts = sorted(counts)
    if len(counts) > 1 and counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}-{counts[-1]}"
    return " or ".join(str(c) for c in counts)


# --------------------------------------------------------------------------- state


class State:
    """The whole position, hidden parts included.

    Subclasses implement the `_`-less methods below except where a default is given,
    plus `_apply(action)`, which may assume the action is legal.  `apply_action`
    checks legality first, so an illegal action never touches the state.
    """

    game: Game
    rng: random.Random

    # ---- required by every game
    def current_player(self) -> int:
        """The seat that decides now, or TERMINAL; never an automaton seat (their turns
        run inside the engine)."""
        raise NotImplementedError

    def legal_actions(self) -> list:
        """The current player's legal actions, in a fixed order (records and seeds rely
        on it); each a small hashable value."""
        raise NotImplementedError

    def _apply(self, action: Hashable) -> None:
        raise NotImplementedError

    def clone(self) -> State:
        """An independent copy (search calls it once per iteration, so it is kept cheap)."""
        raise NotImplementedError

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.current_player() == TERMINAL

    def scores(self) -> list[tuple]:
        """Per seat: (victory points, printed tie-breakers...), higher is better."""
        raise NotImplementedError

    def observation(self, seat: int) -> Any:
        """Exactly what `seat` may see, as comparable plain data (dicts, lists, tuples)."""
        raise NotImplementedError

    def determinize(self, seat: int, rng: random.Random) -> State:
        """A copy with everything `seat` cannot see resampled consistently with what it
        has seen.  Must depend only on `observation(seat)` and `rng`: sample unknown
        cards from a canonically ordered pool, never from the true hidden order."""
        raise NotImplementedError

    def settle_generator(self) -> None:
        """Make now the generator that a world from `determinize` makes on its first draw
        (games that defer seeding it, which costs 5 us).  MCTS clones one world every
        iteration: once settled, the clones share its generator copy-on-write instead of
        each seeding the same one again.  The same draws either way."""

    def action_to_string(self, action: Hashable) -> str:
        """The action in words, as its actor reads it (printed names, 1-based numbers)."""
        return repr(action)

    # ---- defaults that games may refine
    def apply_action(self, action: Hashable) -> None:
        """Play `action` for the current player.  An illegal one raises
        IllegalActionError (naming it and the legal alternatives) and changes nothing."""
        if self.is_terminal():
            raise IllegalActionError(action, [], "the game is over", self)
        legal = self.legal_actions()
        if action not in legal:
            raise IllegalActionError(action, legal, "not among the legal actions", self)
        self._apply(action)

    def random_action(self, rng: random.Random) -> Hashable:
        """A uniformly random legal action; games may override with a faster path
        (search rollouts call this, never `apply_action`)."""
        legal = self.legal_actions()
        return legal[randbelow(len(legal), rng)]

    def outcome(self) -> Outcome:
        """Winners, ranks and why.  Default: by `scores()`, equal scores share a rank."""
        return Outcome.from_scores(self.scores())

    def returns(self) -> list[float]:
        """Per seat, for search: 1 shared among the winners (0 for all if nobody wins).
        In the middle of a game: the game's heuristic, if any."""
        if not self.is_terminal():
            return self.heuristic()
        winners = self.outcome().winners
        share = 1.0 / len(winners) if winners else 0.0
        return [share if seat in winners else 0.0 for seat in range(self.num_players())]

    def heuristic(self) -> list[float]:
        """Per seat, an estimate in [0, 1] of how well the seat is doing; used by greedy
        bots and by rollout cut-offs.  Default: victory-point share."""
        vps = [float(s[0]) for s in self.scores()]
        low = min(vps)
        shifted = [v - low for v in vps]
        total = sum(shifted)
        n = len(vps)
        if total <= 0:
            return [1.0 / n] * n
        return [s / total for s in shifted]

    def num_players(self) -> int:
        """Seats at the table, automaton seats included."""
        return self.game.num_players

    def history_text(self) -> list[str]:
        """Everything the engine did by itself so far, in words ("Times card 7: ..."),
        public events only; the terminal shows the lines that are new since last time."""
        return []

    def to_position(self, seed: int | None = None) -> str:
        """The whole state as a position (docs/positions.md): a TOML text that
        `game.from_position` reads back to this very state, hidden parts and the random
        generator included.  `seed` is written for the reader's information only."""
        return _positions().write_position(self, seed)

    def render(self, seat: int) -> str:
        """What `seat` sees, for a person at a terminal.  Default: the observation laid out
        as indented text; games may override with a board-shaped view."""
        return format_plain(self.observation(seat))

    def __str__(self) -> str:
        return f"{self.game.name} state, player to move: {self.current_player()}"


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the winners, each seat's rank and why."""

    winners: tuple[int, ...]
    ranks: tuple[int, ...]  # 1 = first; equal scores share a rank
    reason: str = ""

    @staticmethod
    def ranks_from_scores(scores: Sequence[Sequence[float]]) -> tuple[int, ...]:
        """Ranks from comparable score tuples (1 = first; equal scores share a rank)."""
        keys = [tuple(s) for s in scores]
        return tuple(1 + sum(1 for other in keys if other > mine) for mine in keys)

    @classmethod
    def from_scores(cls, scores: Sequence[Sequence[float]], reason: str = "highest score") -> Outcome:
        """The outcome by score: the best score wins, a tie on everything is a shared win."""
        ranks = cls.ranks_from_scores(scores)
        winners = tuple(i for i, r in enumerate(ranks) if r == 1)
        if len(winners) > 1:
            reason = "shared victory: tie on score and every tie-breaker"
        return cls(winners, ranks, reason)


# --------------------------------------------------------------------------- helpers


def snapshot(value: Any) -> Any:
    """A comparable deep image of plain data (used by tests to compare states).
    The game object and the rng are summarised by their parameters and state."""
    if isinstance(value, (int, float, str, bool, type(None))):
        return value
    if isinstance(value, random.Random):
        return ("rng", value.getstate())
    if isinstance(value, Game):
        return ("game", value.name, value.params)
    if isinstance(value, dict):
        return ("dict", tuple(sorted(((snapshot(k), snapshot(v)) for k, v in value.items()), key=repr)))
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, tuple(snapshot(v) for v in value))
    if isinstance(value, (set, frozenset)):
        return ("set", tuple(sorted((snapshot(v) for v in value), key=repr)))
    if dataclasses.is_dataclass(value):
        return (
            type(value).__name__,
            tuple(snapshot(getattr(value, f.name)) for f in dataclasses.fields(value)),
        )
    if (
        hasattr(value, "__dict__")
        or hasattr(value, "__slots__")
        or type(value).__getstate__ is not object.__getstate__
    ):
        # what pickling keeps: a compiled engine's attributes live outside __dict__ (a
        # compiled state may have no __dict__ at all)
        fields = value.__getstate__()
        if isinstance(fields, tuple):  # (__dict__, slots) of a slotted class
            fields = {**(fields[0] or {}), **(fields[1] or {})}
        return (
            type(value).__name__,
            tuple((n, snapshot(fields[n])) for n in sorted(fields or ()) if not n.startswith("_cache")),
        )
    return repr(value)


def format_plain(value: Any, indent: int = 0) -> str:
    """Indented text for nested plain data (dicts, lists, tuples, scalars)."""
    pad = "  " * indent
    if isinstance(value, dict):
        lines = []
        for key, item in value.items():
            if isinstance(item, (dict, list)) and item and not _is_flat(item):
                lines.append(f"{pad}{key}:")
                lines.append(format_plain(item, indent + 1))
            else:
                lines.append(f"{pad}{key}: {_flat_text(item)}")
        return "\n".join(lines)
    if isinstance(value, list) and not _is_flat(value):
        return "\n".join(
            format_plain(item, indent) if isinstance(item, (dict, list)) else f"{pad}- {_flat_text(item)}"
            for item in value
        )
    return f"{pad}{_flat_text(value)}"


def _is_flat(value: Any) -> bool:
    if isinstance(value, dict):
        return False
    return all(not isinstance(v, (dict, list)) for v in value)


def _flat_text(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_flat_text(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_flat_text(v)}" for k, v in value.items()) + "}"
    return str(value)


def parse_param_value(text: str) -> Any:
    """A parameter's value as typed (`-p NAME=VALUE`, the lobby's fields): a whole number, a
    number, true/false, or text; commas make a tuple ("3,3,2", or "3," for one item)."""
    parts = [p.strip() for p in text.split(",")]
    values: list[Any] = []
    for part in parts:
        try:
            values.append(int(part))
        except ValueError:
            try:
                values.append(float(part))
            except ValueError:
                values.append({"true": True, "false": False}.get(part.lower(), part))
    return tuple(values) if len(parts) > 1 or text.endswith(",") else values[0]


def fresh_seed(rng: random.Random) -> int:
    """The seed of `fresh_rng(rng)`, for a world that makes its generator on its first draw
    (seeding costs more than many playouts draw)."""
    return rng.getrandbits(64)


def fresh_rng(rng: random.Random) -> random.Random:
    """A new generator seeded from `rng`: used by determinize for future randomness."""
    return seeded_rng(fresh_seed(rng))


def action_to_json(action: Any) -> Any:
    """Actions are ints, strings, or (nested) tuples of them; JSON turns tuples to lists."""
    if isinstance(action, tuple):
        return [action_to_json(a) for a in action]
    return action


def find_action(state: State, encoded: Any) -> Any:
    """The legal action whose JSON form is `encoded`, or an IllegalActionError."""
    legal = state.legal_actions()
    for action in legal:
        if action_to_json(action) == encoded:
            return action
    raise IllegalActionError(encoded, legal, "no legal action has this id", state)


def rules_data_hash(data_dir: Path | None) -> str:
    """sha256 (first 16 hex digits) over every data file of a game, so a record says
    which printed components it was played with."""
    digest = hashlib.sha256()
    if data_dir is not None and Path(data_dir).is_dir():
        for path in sorted(Path(data_dir).rglob("*")):
            if path.is_file() and path.suffix in {".toml", ".json", ".csv", ".txt"}:
                digest.update(path.relative_to(data_dir).as_posix().encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


# --------------------------------------------------------------------------- data files


def load_data_file(path: Path | str) -> dict:
    """Load a TOML or JSON data file; a syntax error names the file."""
    import tomllib

    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError(path, "<file>", f"cannot be read: {exc.strerror or exc}") from None
    try:
        if path.suffix == ".toml":
            return tomllib.loads(text)
        return json.loads(text)
    except (tomllib.TOMLDecodeError, json.JSONDecodeError) as exc:
        raise DataError(path, "<file>", f"is not valid {path.suffix[1:].upper()}: {exc}") from None


def audited(load):
    """Decorate a game's data loader with `audit_data`."""

    @functools.wraps(load)
    def checked(*args, **kwargs):
        with audit_data():
            return load(*args, **kwargs)

    return checked


class _AllKeys(frozenset):
    """A reader's `read` set once every key of its table counts as read."""


ALL_KEYS: Any = _AllKeys()
#: readers of the data files being loaded inside `audit_data()`
_AUDITED: list[list[DataReader]] = []


@contextlib.contextmanager
def audit_data():
    """Around a game's whole data load: when it has finished, every key of every table it
    read must have been asked for by some reader of that file (`DataReader.check_all_read`),
    so a misspelt key in a data file is an error naming file and field, not a setting
    silently left at its default."""
    _AUDITED.append([])
    try:
        yield
        check_all_read([member for root in _AUDITED[-1] for member in root.family])
    finally:
        _AUDITED.pop()


#: keys any table may hold without a loader asking for them: the file's header
HEADER_KEYS = frozenset({"placeholder", "placeholder_note", "source"})


def check_all_read(readers: Iterable[DataReader]) -> None:
    """Raise DataError for the first key that no reader of its file and table asked for
    (several readers of one file, each reading some keys, are taken together)."""
    asked: dict[tuple[Path, str], set] = {}
    tables: dict[tuple[Path, str], DataReader] = {}
    for reader in readers:
        if not isinstance(reader.data, dict):
            continue
        where = (reader.path.resolve(), reader.field)
        tables.setdefault(where, reader)
        if reader.read is ALL_KEYS or asked.get(where) is ALL_KEYS:
            asked[where] = ALL_KEYS
        else:
            asked.setdefault(where, set()).update(reader.read)
    for where, reader in tables.items():
        if asked[where] is ALL_KEYS:
            continue
        unknown = sorted(set(reader.data) - asked[where] - HEADER_KEYS - reader.documented)
        if unknown:
            known = sorted(asked[where] | reader.documented)
            raise reader.error(
                unknown[0],
                "is not a key this file takes" + (f" here (known: {', '.join(known)})" if known else ""),
            )


class DataReader:
    """Typed access to a loaded data file, so every error names the file and the field.

    reader = DataReader(path)
    for i, card in reader.items("cards"):
        card.int("value", low=0, high=9)
    """

    def __init__(self, path: Path | str, data: Any = None, field: str = "", _family: list | None = None):
        self.path = Path(path)
        self.data = load_data_file(self.path) if data is None else data
        self.field = field
        #: keys of this table that the loader asked for (see `check_all_read`)
        self.read: set[str] = set()
        #: keys kept as printed information only (see `document`)
        self.documented: frozenset[str] | set[str] = frozenset()
        #: this reader and every reader made from it, for `check_all_read`
        self.family: list[DataReader] = [] if _family is None else _family
        self.family.append(self)
        if _family is None and _AUDITED:
            _AUDITED[-1].append(self)

    def _child(self, data: Any, field: str) -> DataReader:
        return DataReader(self.path, data, field, self.family)

    def check_all_read(self) -> None:
        """Every key of every table read through this reader was asked for (see
        `audit_data`, which checks a whole game's load this way)."""
        check_all_read(self.family)

    def document(self, *keys: str) -> None:
        """Keys this table may hold as printed information the engine does not use (a
        character's age, a token's rule text), so `check_all_read` does not call them unknown."""
        self.documented = self.documented | set(keys)

    def keys(self) -> list[str]:
        """Every key of this table, all taken as read (a table whose keys are names, such
        as one entry per card id)."""
        self.read = ALL_KEYS
        return list(self.data) if isinstance(self.data, dict) else []

    def _name(self, key: str | int) -> str:
        if isinstance(key, int):
            return f"{self.field}[{key}]"
        return f"{self.field}.{key}" if self.field else key

    def error(self, key: str | int, problem: str) -> DataError:
        return DataError(self.path, self._name(key), problem)

    def has(self, key: str) -> bool:
        self._mark(key)
        return isinstance(self.data, dict) and key in self.data

    def _mark(self, key: str) -> None:
        if self.read is not ALL_KEYS:
            self.read.add(key)

    def raw(self, key: str, default: Any = ...) -> Any:
        if not isinstance(self.data, dict):
            raise DataError(self.path, self.field or "<top>", "must be a table")
        self._mark(key)
        if key not in self.data:
            if default is not ...:
                return default
            raise self.error(key, "is missing")
        return self.data[key]

    def sub(self, key: str) -> DataReader:
        value = self.raw(key)
        if not isinstance(value, dict):
            raise self.error(key, f"must be a table, got {type(value).__name__}")
        return self._child(value, self._name(key))

    def items(self, key: str, min_len: int = 0, length: int | None = None) -> list[tuple[int, DataReader]]:
        value = self.raw(key)
        if not isinstance(value, list):
            raise self.error(key, f"must be a list, got {type(value).__name__}")
        if length is not None and len(value) != length:
            raise self.error(key, f"must have exactly {length} entries, has {len(value)}")
        if len(value) < min_len:
            raise self.error(key, f"must have at least {min_len} entries, has {len(value)}")
        out, seen = [], {}
        for i, entry in enumerate(value):
            ident = entry.get("id") if isinstance(entry, dict) else None
            if isinstance(ident, str):
                if ident in seen:
                    raise DataError(
                        self.path,
                        f"{self._name(key)}[{ident}]",
                        f"is a duplicate id (entries {seen[ident] + 1} and {i + 1})",
                    )
                seen[ident] = i
            # an entry with an id is named by it, as printed on the card
            label = ident if isinstance(ident, str) else i
            out.append((i, self._child(entry, f"{self._name(key)}[{label}]")))
        return out

    def int(self, key: str, low: int | None = None, high: int | None = None, default: Any = ...) -> int:
        value = self.raw(key, default)
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.error(key, f"must be a whole number, got {value!r}")
        if (low is not None and value < low) or (high is not None and value > high):
            raise self.error(key, f"must be between {low} and {high}, got {value}")
        return value

    def str(self, key: str, choices: Iterable[str] | None = None, default: Any = ...) -> str:
        value = self.raw(key, default)
        if not isinstance(value, str):
            raise self.error(key, f"must be text, got {value!r}")
        if choices is not None:
            choices = list(choices)
            if value not in choices:
                raise self.error(key, f"must be one of {', '.join(map(str, choices))}; got {value!r}")
        return value

    def bool(self, key: str, default: Any = ...) -> bool:
        value = self.raw(key, default)
        if not isinstance(value, bool):
            raise self.error(key, f"must be true or false, got {value!r}")
        return value

    def list(
        self, key: str, item_type: type | tuple = (int, str), length: int | None = None, default: Any = ...
    ) -> list:
        value = self.raw(key, default)
        if not isinstance(value, list):
            raise self.error(key, f"must be a list, got {value!r}")
        if length is not None and len(value) != length:
            raise self.error(key, f"must have exactly {length} entries, has {len(value)}")
        for i, v in enumerate(value):
            if not isinstance(v, item_type) or isinstance(v, bool) and item_type is not bool:
                raise DataError(self.path, f"{self._name(key)}[{i}]", f"has the wrong type: {v!r}")
        return value


# --------------------------------------------------------------------------- registry

_REGISTRY: dict[str, type[Game]] = {}
_ALIASES: dict[str, str] = {}


def register_game(cls: type[Game], aliases: Iterable[str] = ()) -> type[Game]:
    """Make a game class known by its name (and aliases); each game package calls it once."""
    if not cls.name:
        raise ValueError(f"{cls.__name__} has no name")
    _REGISTRY[cls.name] = cls
    for alias in aliases:
        _ALIASES[alias] = cls.name
    return cls


def game_packages() -> list[str]:
    """The game packages, found rather than listed: every package on the `automa.rules` path
    (rules/, and any folder rules/__init__.py adds to it) that holds a `game` module.
    Importing one registers its game, so adding a game edits no shared file."""
    import automa.rules

    return list(_scan_games(tuple(automa.rules.__path__)))


@functools.cache
def _scan_games(path: tuple[str, ...]) -> tuple[str, ...]:
    """The game packages in the folders of `path` (read once per process and path)."""
    import pkgutil

    found = {info.name for info in pkgutil.iter_modules(path) if info.ispkg and _has_module(info, "game")}
    return tuple(f"automa.rules.{name}" for name in sorted(found))


def _has_module(info: Any, name: str) -> bool:
    """Whether the package `info` (from pkgutil.iter_modules) holds module `name`, without
    importing it (a package such as rules/interop/ may need optional extras)."""
    folder = Path(info.module_finder.path) / info.name
    return (folder / f"{name}.py").is_file()


def _import_all() -> None:
    for module in game_packages():
        importlib.import_module(module)


def package_games(package: str) -> list[type[Game]]:
    """The games that the game package `package` ('automa.rules.pi') registers."""
    importlib.import_module(package)
    return [cls for _, cls in sorted(_REGISTRY.items()) if cls.__module__.startswith(package + ".")]


def registered_games() -> dict[str, type[Game]]:
    """Every registered game class by name (imports every game package first)."""
    _import_all()
    return dict(sorted(_REGISTRY.items()))


def game_class(name: str) -> type[Game]:
    """The game class a name or alias stands for; imports only that game's package."""
    normal = name.lower().replace("-", "_")
    if normal not in _REGISTRY and normal not in _ALIASES and f"automa.rules.{normal}" in game_packages():
        # one game's package, not all of them: a worker or a command about one game starts faster
        importlib.import_module(f"automa.rules.{normal}")
    if _ALIASES.get(normal, normal) not in _REGISTRY:
        _import_all()  # an alias, or a game registered from outside rules/
    key = _ALIASES.get(normal, normal)
    if key not in _REGISTRY:
        raise UnknownGameError(f"unknown game {name!r}; available: {', '.join(registered_games()) or 'none'}")
    return _REGISTRY[key]


def load_game(name: str, **params: Any) -> Game:
    """`load_game("pi", players=4)`, `load_game("pulitzer", mode="solo", times_mix=(3,3,2))`."""
    cls = game_class(name)
    return cls(cls.make_params(**params))


def all_configurations() -> list[tuple[str, dict]]:
    """Every registered game x mode x player count, as (name, params) for load_game."""
    out = []
    for name, cls in registered_games().items():
        for mode, counts in cls.modes.items():
            for n in counts:
                out.append((name, {"mode": mode, "players": n}))
    return out


def play_random(state: State, rng: random.Random, max_actions: int | None = None) -> int:
    """Play uniformly random legal actions to the end; returns the number of actions."""
    steps = 0
    while not state.is_terminal():
        if max_actions is not None and steps >= max_actions:
            break
        state._apply(state.random_action(rng))
        steps += 1
    return steps


def _positions():
    """The position notation (automa.rules.position), which builds on this module: found when
    first used, as a game's view is, so the two never import each other."""
    return importlib.import_module("automa.rules.position")
