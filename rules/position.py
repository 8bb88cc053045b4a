"""Positions: any state of any game written as a versioned TOML text and read back exactly.

A position begins with ``format = 1`` and ``game = "..."``, then ``[params]`` and the game's
own sections: its tracks, spaces and decks (cards by their printed names), one ``[seat.N]``
table per seat (N as the engine numbers seats, from 0), the decision pending and the engine's
work in progress, and ``[random]``, the engine's random generator.  Each game says which of
its fields go where, and in which shape, in `rules/<game>/position.py`, as a `Schema`; this
module is the part every game shares: the TOML writer, the shapes (so that a value read back
is of the very type the engine keeps), card names, the generator's text, and the checks.

Reading starts from the set-up of ``seed`` (0 if none is given) and replaces what the text
gives, so a scenario is ``seed = 3`` plus the few fields that differ; a card named in a given
zone leaves the seed's other zones, and an omitted ``[random]`` is the seed's own generator.
A position that breaks the rules or the box is refused with one `PositionError` line naming
the field and the rule; after the fields are checked one by one, the state is asked for its
legal actions, every seat's observation and its scores, and a copy is played to the end by
random moves, so that a position which no single check refuses but which the engine cannot
play on is refused too (naming the position as a whole), never accepted to fail later.

Engines are compiled (automa/native.py) and pure alike: this module reads and writes a state
only through its pickling hooks (`__getstate__`, `__setstate__`), which both builds keep.
"""

from __future__ import annotations

import base64
import importlib
import math
import random
import re
import struct
import tomllib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any, cast

from automa.rules.core import AutomaError, ParamError, UnknownGameError, game_class

if TYPE_CHECKING:
    from automa.rules.core import Game, State

#: the version of the notation; a reader refuses any other
FORMAT = 1


def _fields(state: State) -> dict[str, Any]:
    """The engine's fields by name, from its pickling hook (every engine's returns a dict;
    `State` itself does not declare the hook, so the type is said here, once)."""
    return cast("dict[str, Any]", state.__getstate__())


def _set_fields(state: State, fields: dict[str, Any]) -> None:
    """Sets every field of `state` through its pickling hook (the one `_fields` reads)."""
    state.__setstate__(fields)  # type: ignore[attr-defined]  # State does not declare it: see _fields


class PositionError(AutomaError, ValueError):
    """A position that cannot be read: one line naming the field and the rule it breaks."""

    def __init__(self, field: str, rule: str):
        self.field = field
        self.rule = " ".join(str(rule).split())  # one line, whatever the cause said
        super().__init__(f"position: {field}: {self.rule}" if field else f"position: {self.rule}")


# --------------------------------------------------------------------------- TOML writer

_BARE = re.compile(r"^[A-Za-z0-9_-]+$")
#: an inline array longer than this is written one item a line
_WIDE = 96


def _key(key: str) -> str:
    return key if _BARE.match(key) else _string(key)


def _string(text: str) -> str:
    out = ['"']
    for ch in text:
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def _float(value: float) -> str:
    if math.isnan(value):
        return "nan"
    if math.isinf(value):
        return "inf" if value > 0 else "-inf"
    text = repr(value)
    return text if any(c in text for c in ".en") else text + ".0"


def _inline(value: Any) -> str:
    """A value on one line (TOML inline form)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return _float(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_inline(v) for v in value) + "]"
    if isinstance(value, dict):
        if not value:
            return "{}"
        return "{ " + ", ".join(f"{_key(str(k))} = {_inline(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"cannot write {type(value).__name__} in a position")


def _value(value: Any, indent: str = "") -> str:
    """A value after `key = `: inline, or a long array one item a line."""
    text = _inline(value)
    if isinstance(value, (list, tuple)) and len(text) + len(indent) > _WIDE and value:
        inner = indent + "  "
        if all(not isinstance(v, (list, tuple, dict)) for v in value):
            rows, row = [], ""
            for v in value:  # plain items filled into lines, as a printed list reads
                item = _inline(v) + ","
                if row and len(inner) + len(row) + 1 + len(item) > _WIDE:
                    rows.append(row)
                    row = ""
                row = f"{row} {item}" if row else item
            rows.append(row)
            return "[\n" + "".join(f"{inner}{r}\n" for r in rows) + indent + "]"
        return "[\n" + "".join(f"{inner}{_value(v, inner)},\n" for v in value) + indent + "]"
    return text


def dumps(doc: dict) -> str:
    """`doc` as TOML: its plain keys first, then one `[table]` per nested table, in order."""
    lines: list[str] = []
    _table(doc, (), lines)
    return "\n".join(lines).strip("\n") + "\n"


def _table(doc: dict, path: tuple[str, ...], lines: list[str]) -> None:
    plain = [(k, v) for k, v in doc.items() if not isinstance(v, dict) or _is_value_table(v)]
    tables = [(k, v) for k, v in doc.items() if isinstance(v, dict) and not _is_value_table(v)]
    if path and (plain or not tables):
        lines.append("")
        lines.append("[" + ".".join(_key(p) for p in path) + "]")
    for k, v in plain:
        lines.append(f"{_key(str(k))} = {_value(v)}")
    for k, v in tables:
        _table(v, path + (str(k),), lines)


def _is_value_table(value: dict) -> bool:
    """A table written inline (the tagged forms of `any` values), not as a [section]."""
    return bool(value) is False or "list" in value or "dict" in value


# --------------------------------------------------------------------------- generator


def rng_to_position(rng: random.Random) -> dict:
    """A Mersenne Twister generator exactly: its 624 words and position as base64 (little
    endian, 4 bytes each) in lines of 76 characters, and `gauss_next` when one is pending."""
    version, words, gauss = rng.getstate()
    if version != 3 or len(words) != 625:
        raise TypeError(f"unexpected generator state (version {version}, {len(words)} words)")
    text = base64.b64encode(struct.pack("<625I", *words)).decode("ascii")
    out: dict[str, Any] = {"mersenne_twister": [text[i : i + 76] for i in range(0, len(text), 76)]}
    if gauss is not None:
        out["gauss_next"] = gauss
    return out


def rng_from_position(data: Any, where: str = "random") -> random.Random:
    """The generator `rng_to_position` wrote; a PositionError for anything else."""
    if not isinstance(data, dict):
        raise PositionError(where, "must be a table with mersenne_twister = [lines of base64]")
    unknown = set(data) - {"mersenne_twister", "gauss_next"}
    if unknown:
        raise PositionError(f"{where}.{sorted(unknown)[0]}", "is not a field of the random state")
    lines = data.get("mersenne_twister")
    if not isinstance(lines, list) or not all(isinstance(x, str) for x in lines):
        raise PositionError(f"{where}.mersenne_twister", "must be a list of base64 lines")
    try:
        raw = base64.b64decode("".join(lines).encode("ascii"), validate=True)
    except (ValueError, UnicodeEncodeError):
        raise PositionError(f"{where}.mersenne_twister", "is not base64") from None
    if len(raw) != 4 * 625:
        raise PositionError(
            f"{where}.mersenne_twister", f"must hold 2500 bytes (625 words), holds {len(raw)}"
        )
    words = struct.unpack("<625I", raw)
    if words[-1] > 624:
        raise PositionError(f"{where}.mersenne_twister", f"position {words[-1]} is past the 624 words")
    if not any(words[:-1]):
        raise PositionError(f"{where}.mersenne_twister", "a generator of all zero words never draws")
    gauss = data.get("gauss_next")
    if gauss is not None and (not isinstance(gauss, float) or not math.isfinite(gauss)):
        raise PositionError(f"{where}.gauss_next", "must be a finite number")
    rng = random.Random()
    rng.setstate((3, words, gauss))
    return rng


# --------------------------------------------------------------------------- cards


def card_names(labels: Sequence[str]) -> tuple[str, ...]:
    """Unique names for cards whose printed labels may repeat: a label printed on one card is
    its name; copies of one label are told apart as `label#1`, `label#2`... in id order."""
    totals: dict[str, int] = {}
    for label in labels:
        totals[label] = totals.get(label, 0) + 1
    seen: dict[str, int] = {}
    out = []
    for label in labels:
        if totals[label] == 1:
            out.append(label)
        else:
            seen[label] = seen.get(label, 0) + 1
            out.append(f"{label}#{seen[label]}")
    return tuple(out)


# --------------------------------------------------------------------------- shapes


@dataclass(frozen=True)
class Shape:
    """How one engine value is written.  Kinds: int, bool, str, float; card:FAMILY (a card
    id written by name; "-" for none); name:FAMILY (a card the engine keeps by its name;
    name:FAMILY? where "" stands for none); code:F1+F2 (cards of several families as one
    number, see CODE_STEP); bits (a set as a whole number, written as hex text); list[S],
    tuple[S] (any length); tup(S, ...), lst(S, ...) (fixed parts); dict[K, S] (K int, str or
    a card shape); opt[S] (None written as {}); any (plain data in a tagged form: a tuple as
    an array, a list as {list = [...]}, a dict as {dict = [[key, value], ...]}, None as {})."""

    kind: str
    args: tuple = ()
    family: str = ""
    #: name:FAMILY? - the engine writes "" for no card here (an empty track slot)
    empty: bool = False


def parse_shape(text: str) -> Shape:
    shape, rest = _parse(text.replace(" ", ""))
    if rest:
        raise ValueError(f"bad shape {text!r}")
    return shape


def _parse(text: str) -> tuple[Shape, str]:
    m = re.match(r"[a-z_]+", text)
    if not m:
        raise ValueError(f"bad shape at {text!r}")
    name, rest = m.group(0), text[m.end() :]
    if name in ("card", "name", "code") and rest.startswith(":"):
        fam = re.match(r":([A-Za-z0-9_+]+)(\??)", rest)
        assert fam
        return Shape(name, (), fam.group(1), bool(fam.group(2))), rest[fam.end() :]
    if rest[:1] in ("[", "("):
        close = "]" if rest[0] == "[" else ")"
        rest = rest[1:]
        args = []
        while True:
            arg, rest = _parse(rest)
            args.append(arg)
            if rest[:1] == ",":
                rest = rest[1:]
                continue
            if rest[:1] != close:
                raise ValueError(f"bad shape at {rest!r}")
            return Shape(name, tuple(args)), rest[1:]
    return Shape(name), rest


class Codec:
    """Writes and reads values of shapes, with the cards of one game.  No card is written as
    "-" (card:) or "" (name:)."""

    def __init__(self, families: dict[str, Sequence[str]]):
        self.names = {fam: tuple(names) for fam, names in families.items()}
        self.ids = {fam: {n: i for i, n in enumerate(names)} for fam, names in self.names.items()}

    # ---- writing
    def encode(self, value: Any, shape: Shape) -> Any:
        k = shape.kind
        if k in ("int", "bool", "str", "float", "name"):
            return value
        if k == "bits":
            return hex(value)
        if k == "card":
            return self.names[shape.family][value] if value >= 0 else "-"
        if k == "code":
            fam, card = code_card(shape, value)
            return self.names[fam][card]
        if k in ("list", "tuple"):
            return [self.encode(v, shape.args[0]) for v in value]
        if k in ("tup", "lst"):
            return [self.encode(v, s) for v, s in zip(value, shape.args, strict=True)]
        if k == "dict":
            return {
                self._key_text(key, shape.args[0]): self.encode(v, shape.args[1]) for key, v in value.items()
            }
        if k == "opt":
            return {} if value is None else self.encode(value, shape.args[0])
        if k == "any":
            return encode_any(value)
        raise ValueError(f"unknown shape {k}")

    def _key_text(self, key: Any, shape: Shape) -> str:
        return str(self.encode(key, shape))

    # ---- reading
    def decode(self, data: Any, shape: Shape, where: str) -> Any:
        k = shape.kind
        if k == "int":
            if not isinstance(data, int) or isinstance(data, bool):
                raise PositionError(where, f"must be a whole number, got {_show(data)}")
            return data
        if k == "bits":
            if not isinstance(data, str) or not re.fullmatch(r"0x[0-9a-f]+", data):
                raise PositionError(
                    where, f'must be a bit set written as hex text ("0x1f"), got {_show(data)}'
                )
            return int(data, 16)
        if k == "bool":
            if not isinstance(data, bool):
                raise PositionError(where, f"must be true or false, got {_show(data)}")
            return data
        if k == "str":
            if not isinstance(data, str):
                raise PositionError(where, f"must be text, got {_show(data)}")
            return data
        if k == "float":
            if isinstance(data, int) and not isinstance(data, bool):
                data = float(data)
            if not isinstance(data, float) or not math.isfinite(data):
                raise PositionError(where, f"must be a number, got {_show(data)}")
            return data
        if k in ("card", "name"):
            ids = self.ids[shape.family]
            if k == "card" and data == "-":
                return -1
            if k == "name" and data == "" and shape.empty:
                return ""
            if not isinstance(data, str) or data not in ids:
                what = "card" if shape.family == "card" else f"{shape.family} card"
                raise PositionError(where, f"no {what} is named {_show(data)}")
            return ids[data] if k == "card" else data
        if k == "code":
            for i, fam in enumerate(shape.family.split("+")):
                if isinstance(data, str) and data in self.ids[fam]:
                    return CODE_STEP * i + self.ids[fam][data]
            raise PositionError(
                where, f"no {' or '.join(shape.family.split('+'))} card is named {_show(data)}"
            )
        if k in ("list", "tuple"):
            if not isinstance(data, list):
                raise PositionError(where, f"must be a list, got {_show(data)}")
            items = [self.decode(v, shape.args[0], f"{where}[{i}]") for i, v in enumerate(data)]
            return items if k == "list" else tuple(items)
        if k in ("tup", "lst"):
            if not isinstance(data, list) or len(data) != len(shape.args):
                raise PositionError(where, f"must be a list of {len(shape.args)} parts, got {_show(data)}")
            items = [
                self.decode(v, s, f"{where}[{i}]")
                for i, (v, s) in enumerate(zip(data, shape.args, strict=True))
            ]
            return items if k == "lst" else tuple(items)
        if k == "dict":
            if not isinstance(data, dict):
                raise PositionError(where, f"must be a table, got {_show(data)}")
            out = {}
            for key, v in data.items():
                out[self._key_value(key, shape.args[0], f"{where}.{key}")] = self.decode(
                    v, shape.args[1], f"{where}.{key}"
                )
            return out
        if k == "opt":
            if data == {}:
                return None
            return self.decode(data, shape.args[0], where)
        if k == "any":
            return decode_any(data, where)
        raise ValueError(f"unknown shape {k}")

    def _key_value(self, key: str, shape: Shape, where: str) -> Any:
        if shape.kind == "int":
            try:
                return int(key)
            except ValueError:
                raise PositionError(where, "must be a whole number") from None
        return self.decode(key, shape, where)


#: how a value of the tagged form is written, by the engine's type
_FORMS = {
    list: "{ list = [...] }",
    dict: "{ dict = [[key, value], ...] }",
    tuple: "an array",
    str: "text",
    int: "a whole number",
    bool: "true or false",
    float: "a number",
}


def _show(data: Any) -> str:
    text = repr(data)
    return text if len(text) <= 40 else text[:37] + "..."


def encode_any(value: Any) -> Any:
    """Plain engine data in a form TOML holds and `decode_any` reads back to the same types."""
    if value is None:
        return {}
    if isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, tuple):
        return [encode_any(v) for v in value]
    if isinstance(value, list):
        return {"list": [encode_any(v) for v in value]}
    if isinstance(value, dict):
        return {"dict": [[encode_any(k), encode_any(v)] for k, v in value.items()]}
    raise TypeError(f"cannot write {type(value).__name__} in a position")


def decode_any(data: Any, where: str) -> Any:
    if isinstance(data, dict):
        if not data:
            return None
        if set(data) == {"list"} and isinstance(data["list"], list):
            return [decode_any(v, f"{where}[{i}]") for i, v in enumerate(data["list"])]
        if set(data) == {"dict"} and isinstance(data["dict"], list):
            out = {}
            for i, pair in enumerate(data["dict"]):
                if not isinstance(pair, list) or len(pair) != 2:
                    raise PositionError(f"{where}[{i}]", "must be a [key, value] pair")
                key = decode_any(pair[0], f"{where}[{i}]")
                try:
                    hash(key)
                except TypeError:
                    raise PositionError(f"{where}[{i}]", "a key must be a number, text or a list") from None
                out[key] = decode_any(pair[1], f"{where}[{i}]")
            return out
        raise PositionError(where, "must be {}, {list = [...]} or {dict = [...]}")
    if isinstance(data, list):
        return tuple(decode_any(v, f"{where}[{i}]") for i, v in enumerate(data))
    if isinstance(data, float) and not math.isfinite(data):
        raise PositionError(where, "must be a finite number")
    if isinstance(data, (bool, int, float, str)):
        return data
    raise PositionError(where, f"cannot hold {type(data).__name__}")


#: a `code` shape holds cards of several families as one number: family i's card c is
#: CODE_STEP * i + c (Pulitzer keeps an evidence card as its id and a line card as 100 + id)
CODE_STEP = 100


def code_card(shape: Shape, value: int) -> tuple[str, int]:
    """The (family, card id) a code stands for."""
    families = shape.family.split("+")
    return families[min(value // CODE_STEP, len(families) - 1)], value - CODE_STEP * min(
        value // CODE_STEP, len(families) - 1
    )


def _is_card(shape: Shape, family: str) -> bool:
    return (shape.kind in ("card", "name") and shape.family == family) or (
        shape.kind == "code" and family in shape.family.split("+")
    )


def cards_in(value: Any, shape: Shape, family: str) -> list:
    """Every card of `family` in a value of `shape` (ids, or names for name:FAMILY)."""
    k = shape.kind
    if k == "code":
        fam, card = code_card(shape, value)
        return [card] if fam == family else []
    if k in ("card", "name"):
        return [value] if shape.family == family and value != -1 and value != "" else []
    out: list = []
    if k in ("list", "tuple"):
        for v in value:
            out += cards_in(v, shape.args[0], family)
    elif k in ("tup", "lst"):
        for v, s in zip(value, shape.args, strict=True):
            out += cards_in(v, s, family)
    elif k == "dict":
        for key, v in value.items():
            out += cards_in(key, shape.args[0], family) + cards_in(v, shape.args[1], family)
    elif k == "opt" and value is not None:
        out += cards_in(value, shape.args[0], family)
    return out


def without_cards(value: Any, shape: Shape, family: str, gone: set) -> Any:
    """`value` with the cards in `gone` taken out of every list or tuple of cards in it."""
    k = shape.kind
    if k in ("list", "tuple"):
        inner = shape.args[0]
        if inner.kind == "name" and inner.family == family and inner.empty:
            items = ["" if v in gone else v for v in value]  # a slot of a track stays, empty
        elif inner.kind in ("card", "name") and inner.family == family:
            items = [v for v in value if v not in gone]
        elif inner.kind == "code" and _is_card(inner, family):
            items = [v for v in value if code_card(inner, v) not in {(family, g) for g in gone}]
        else:
            items = [without_cards(v, inner, family, gone) for v in value]
        return items if k == "list" else tuple(items)
    if k in ("tup", "lst"):
        items = [without_cards(v, s, family, gone) for v, s in zip(value, shape.args, strict=True)]
        return items if k == "lst" else tuple(items)
    if k == "dict":
        return {key: without_cards(v, shape.args[1], family, gone) for key, v in value.items()}
    if k == "opt" and value is not None:
        return without_cards(value, shape.args[0], family, gone)
    return value


# --------------------------------------------------------------------------- schema


@dataclass
class Entry:
    """One engine field in a position: where it is written (`section.key`; section ``seat``
    for a per-seat list, written as one value in each `[seat.N]`) and its shape."""

    path: str
    field: str
    shape: Shape

    @property
    def section(self) -> str:
        return self.path.partition(".")[0]

    @property
    def key(self) -> str:
        return self.path.partition(".")[2]

    @property
    def per_seat(self) -> bool:
        return self.section == "seat"


@dataclass
class Schema:
    """A game's position: its entries (in the order they are written), its card families
    ({family: names by id}), how its generator is reached, and its own rule checks."""

    entries: list[Entry]
    families: dict[str, Sequence[str]]
    #: the engine field that holds the generator (read and set through pickling's hooks)
    rng_field: str = "rng"
    #: engine fields a position never holds (remade by the engine: caches, the game)
    skipped: tuple[str, ...] = ()
    #: (state's fields, game) -> None, raising PositionError for a field that breaks a rule
    check: Callable[[dict, Any], None] | None = None
    #: (state's fields, the engine fields the text gave) -> None: remake what follows from
    #: given fields and was not given itself (a partial position), before the checks
    derive: Callable[[dict, set, Any], None] | None = None
    #: state -> None, run on the state made (what the engine keeps aside: a cache of legal
    #: actions); an error it raises refuses the position like the probe's
    after: Callable[[Any], None] | None = None
    #: engine fields set afresh on every read (caches that depend on the rest)
    reset: dict[str, Callable[[], Any]] = field(default_factory=dict)
    #: card families that are the whole box: every card in exactly one zone
    complete: tuple[str, ...] = ()
    #: families of identical cards, told apart by nothing but their name: {family: {name:
    #: copies in the box}}; a partial position's named copies beyond the box leave the fields
    #: it does not give (top of a deck first)
    counted: dict[str, dict[str, int]] = field(default_factory=dict)
    #: families whose zones are given field by field, but the same card may lie in two zones
    #: (a card's id used as a reference, e.g. the card resolving now)
    references: tuple[str, ...] = ()
    codec: Codec = field(init=False)

    def __post_init__(self) -> None:
        self.codec = Codec(self.families)
        self.by_path = {e.path: e for e in self.entries}


def entries(*rows: tuple[str, str, str]) -> list[Entry]:
    """Entries from (path, engine field, shape text) rows."""
    return [Entry(path, name, parse_shape(shape)) for path, name, shape in rows]


def schema_for(game: Game) -> Schema:
    """The position schema of `game`: `schema(game)` of the `position` module of its package
    (imported on first use, as `view` is: no shared table names the games)."""
    module = position_module(game)
    schema = module.schema(game)
    assert isinstance(schema, Schema)
    return schema


def position_module(game: Game) -> ModuleType:
    package = type(game).__module__.rpartition(".")[0]
    try:
        return importlib.import_module(f"{package}.position")
    except ModuleNotFoundError as err:
        if err.name != f"{package}.position":
            raise
        raise PositionError("game", f"{game.name} has no position notation yet") from None


# --------------------------------------------------------------------------- writing


def write_position(state: State, seed: int | None = None) -> str:
    """The whole state as a position (hidden parts and the generator included)."""
    game = state.game
    schema = schema_for(game)
    state.settle_generator()  # a world that seeds its generator on first draw: seed it now
    fields = _fields(state)
    doc: dict[str, Any] = {"format": FORMAT, "game": game.name}
    if seed is not None:
        doc["seed"] = seed
    # a parameter left at None (TOML has no null) is its default, None, again when read
    doc["params"] = {k: v for k, v in game.params.to_json().items() if v is not None}
    seats: dict[str, dict] = {str(s): {} for s in range(seat_count(schema, fields))}
    codec = schema.codec
    for e in schema.entries:
        value = fields[e.field]
        if e.per_seat:
            for s, v in enumerate(value):
                seats[str(s)][e.key] = codec.encode(v, e.shape)
        else:
            doc.setdefault(e.section, {})[e.key] = codec.encode(value, e.shape)
    if any(seats.values()):
        doc["seat"] = seats
    doc["random"] = rng_to_position(fields[schema.rng_field])
    # seat tables after the game's sections, the generator last
    order = ["format", "game", "seed", "params"]
    ordered = {k: doc[k] for k in order if k in doc}
    for k, v in doc.items():
        if k not in ordered and k not in ("seat", "random"):
            ordered[k] = v
    for k in ("seat", "random"):
        if k in doc:
            ordered[k] = doc[k]
    return dumps(ordered)


# --------------------------------------------------------------------------- reading


def parse_text(text: str) -> dict:
    """The TOML of a position, its `format` checked; a PositionError otherwise."""
    if not isinstance(text, str):
        raise PositionError("text", "must be text")
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise PositionError("text", f"is not TOML ({err})") from None
    if "format" not in doc:
        raise PositionError("format", "is missing (a position begins with format = 1)")
    if doc["format"] != FORMAT or isinstance(doc["format"], bool):
        raise PositionError("format", f"must be {FORMAT}, got {_show(doc['format'])} (unknown version)")
    return doc


def game_of(doc: dict, game: Game | None = None) -> Game:
    """The game a position's `game` and `[params]` describe (or check against `game`)."""
    name = doc.get("game")
    if game is not None and name is None:
        name = game.name
    if not isinstance(name, str):
        raise PositionError("game", 'is missing: the game\'s name, e.g. game = "pulitzer"')
    try:
        cls = game_class(name)
    except UnknownGameError as err:
        raise PositionError("game", str(err)) from None
    if game is not None and cls is not type(game):
        raise PositionError("game", f"is {name!r}, but this is {game.name}")
    params = doc.get("params", {} if game is None else game.params.to_json())
    if not isinstance(params, dict):
        raise PositionError("params", "must be a table")
    try:
        made = cls(cls.make_params(**params))
        hash(made)  # a table where a value belongs passes some games' checks
    except (ParamError, TypeError) as err:
        raise PositionError("params", str(err)) from None
    if game is not None and "params" in doc and made != game:
        raise PositionError(
            "params", f"are {made.params.to_json()}, but this game's are {game.params.to_json()}"
        )
    return game if game is not None else made


def read_position(text: str, game: Game | None = None, probe: bool = True) -> State:
    """The state a position describes (see the module docstring); PositionError otherwise.
    `probe`: also play a copy to the end by random moves before accepting it."""
    doc = parse_text(text)
    game = game_of(doc, game)
    return state_from_doc(doc, game, probe)


def edited(state: State, changes: dict) -> State:
    """A copy of `state` with some fields of its position changed, as a partial position
    relative to `state` (not to a seed's set-up): {"track.initiative": 3, "seat.1.money": 9,
    "seat.money": [5, 9, 5]} (a seat's key without the seat: one value per seat).  Cards
    named in a changed field leave the fields not changed, and every check of a position
    applies.  The values are as the engine holds them (card ids, tuples, None); the schema
    writes them in the position's form.  For tests and tools that set up a scenario from a
    state at hand."""
    schema = schema_for(state.game)
    doc: dict[str, Any] = {}
    for path, value in changes.items():
        section, _, key = path.partition(".")
        seat = ""
        if section == "seat" and key.partition(".")[0].isdigit():
            seat, _, key = key.partition(".")
        entry = schema.by_path.get(f"{section}.{key}")
        if entry is None:
            raise PositionError(path, f"is not a field of a {state.game.name} position")
        if seat:
            doc.setdefault("seat", {}).setdefault(seat, {})[key] = schema.codec.encode(value, entry.shape)
        elif entry.per_seat:
            for s, v in enumerate(value):
                doc.setdefault("seat", {}).setdefault(str(s), {})[key] = schema.codec.encode(v, entry.shape)
        else:
            doc.setdefault(section, {})[key] = schema.codec.encode(value, entry.shape)
    # through the text, as a position file would come
    return state_from_doc(tomllib.loads(dumps(doc)), state.game, base=state.clone())


def start_state(game: Game, text: str, seed: int | None = None) -> State:
    """The state a position describes, to start a game from: with `seed`, its generator is
    made afresh from that seed (a tournament's games from one position then differ, and a
    record holding the position and the seed replays)."""
    state = read_position(text, game)
    return state if seed is None else reseeded(state, seed)


def reseeded(state: State, seed: int) -> State:
    """A copy of `state` whose random generator is made afresh from `seed`."""
    copy = state.clone()
    fields = _fields(copy)
    fields[schema_for(copy.game).rng_field] = random.Random(seed)
    _set_fields(copy, fields)
    return copy


def state_from_doc(doc: dict, game: Game, probe: bool = True, base: State | None = None) -> State:
    """The state of a parsed position: `base` (a state of `game` the reader may change; by
    default the set-up of the position's seed) with the fields the position gives."""
    schema = schema_for(game)
    known = {"format", "game", "seed", "params", "random", "seat"}
    for key, value in doc.items():
        if key in known:
            continue
        if not isinstance(value, dict) or not any(e.section == key for e in schema.entries):
            raise PositionError(key, f"is not a section of a {game.name} position")
        for sub in value:
            if f"{key}.{sub}" not in schema.by_path:
                raise PositionError(f"{key}.{sub}", f"is not a field of a {game.name} position")
    seed = doc.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise PositionError("seed", f"must be a whole number >= 0, got {_show(seed)}")
    if base is None:
        base = game.new_initial_state(seed)
    fields = _fields(base)
    codec = schema.codec
    given: set[tuple[str, int]] = set()  # (engine field, seat or -1)
    n = seat_count(schema, fields)
    seats = doc.get("seat", {})
    if not isinstance(seats, dict):
        raise PositionError("seat", "must hold one table per seat: [seat.0], [seat.1], ...")
    per_seat = {e.key: e for e in schema.entries if e.per_seat}
    for name, table in seats.items():
        if not (name.isdigit() and int(name) < n):
            raise PositionError(f"seat.{name}", f"is not a seat: this game has seats 0-{n - 1}")
        if not isinstance(table, dict):
            raise PositionError(f"seat.{name}", "must be a table")
        s = int(name)
        for key, data in table.items():
            e = per_seat.get(key)
            if e is None:
                raise PositionError(f"seat.{name}.{key}", f"is not a field of a {game.name} seat")
            row = list(fields[e.field])
            row[s] = codec.decode(data, e.shape, f"seat.{name}.{key}")
            fields[e.field] = row
            given.add((e.field, s))
    for e in schema.entries:
        if e.per_seat:
            continue
        section = doc.get(e.section)
        if isinstance(section, dict) and e.key in section:
            fields[e.field] = codec.decode(section[e.key], e.shape, e.path)
            given.add((e.field, -1))
    # cards named in given zones leave the seed's other zones (a partial position)
    for fam in schema.families:
        if fam in schema.references:
            continue
        named: set = set()
        for e in schema.entries:
            if e.per_seat:
                for s in range(n):
                    if (e.field, s) in given:
                        named.update(cards_in(fields[e.field][s], e.shape, fam))
            elif (e.field, -1) in given:
                named.update(cards_in(fields[e.field], e.shape, fam))
        if not named:
            continue
        for e in schema.entries:
            if e.per_seat:
                row = list(fields[e.field])
                for s in range(n):
                    if (e.field, s) not in given:
                        row[s] = without_cards(row[s], e.shape, fam, named)
                fields[e.field] = row
            elif (e.field, -1) not in given:
                fields[e.field] = without_cards(fields[e.field], e.shape, fam, named)
    for fam, box in schema.counted.items():
        _drop_copies(schema, fields, given, n, fam, box)
    # per-seat lists keep the engine's container type (a row rebuilt above is a list)
    template = _fields(base)
    for e in schema.entries:
        if e.per_seat and type(template[e.field]) is not type(fields[e.field]):
            fields[e.field] = type(template[e.field])(fields[e.field])
    # a value in the tagged form keeps the engine's type where the engine's is always the
    # same (a table stays a table; a compiled engine refuses any other type)
    for e in schema.entries:
        if e.shape.kind != "any":
            continue
        for s in range(n) if e.per_seat else (-1,):
            if (e.field, s) not in given:
                continue
            want = type(template[e.field][s] if e.per_seat else template[e.field])
            got = fields[e.field][s] if e.per_seat else fields[e.field]
            if want is not type(None) and got is not None and type(got) is not want:
                where = f"seat.{s}.{e.key}" if e.per_seat else e.path
                raise PositionError(where, f"must be {_FORMS.get(want, want.__name__)}")
    if "random" in doc:
        fields[schema.rng_field] = rng_from_position(doc["random"])
    for name, make in schema.reset.items():
        fields[name] = make()
    if schema.derive is not None:
        schema.derive(fields, {name for name, _ in given}, game)
    check_cards(schema, fields, n)
    if schema.check is not None:
        schema.check(fields, game)
    state = base
    try:
        _set_fields(state, fields)
    except TypeError as err:  # a compiled engine checks each field's type
        raise PositionError("", f"a field is not of the engine's type ({err})") from None
    if schema.after is not None:
        try:
            schema.after(state)
        except Exception as err:  # see probe_state
            raise PositionError(
                "", f"the engine cannot play on from it ({type(err).__name__}: {err})"
            ) from None
    if probe:
        probe_state(state)
    return state


def _drop_copies(schema: Schema, fields: dict, given: set, n: int, fam: str, box: dict[str, int]) -> None:
    """Copies of identical cards beyond the box leave the fields a position does not give."""
    total: dict[str, int] = {}
    zones = []  # (entry, seat or -1) of every zone, given or not
    for e in schema.entries:
        for s in range(n) if e.per_seat else (-1,):
            value = fields[e.field][s] if e.per_seat else fields[e.field]
            for name in cards_in(value, e.shape, fam):
                total[name] = total.get(name, 0) + 1
            zones.append((e, s))
    excess = {name: k - box.get(name, 0) for name, k in total.items() if k > box.get(name, 0)}
    for e, s in zones:
        if not excess or (e.field, s) in given:
            continue
        if e.shape.kind not in ("list", "tuple") or not _is_card(e.shape.args[0], fam):
            continue
        value = list(fields[e.field][s] if e.per_seat else fields[e.field])
        for i in range(len(value) - 1, -1, -1):  # from the top of a deck
            if excess.get(value[i], 0) > 0:
                excess[value[i]] -= 1
                if not excess[value[i]]:
                    del excess[value[i]]
                del value[i]
        kept = value if e.shape.kind == "list" else tuple(value)
        if e.per_seat:
            row = list(fields[e.field])
            row[s] = kept
            fields[e.field] = row
        else:
            fields[e.field] = kept


def seat_count(schema: Schema, fields: dict) -> int:
    """The seats of a position: the length of the engine's per-seat lists (Salem's ghosts
    make more seats than players)."""
    for e in schema.entries:
        if e.per_seat:
            return len(fields[e.field])
    return 0


def check_cards(schema: Schema, fields: dict, n: int) -> None:
    """No card in two places; every card of a complete family somewhere."""
    for fam, names in schema.families.items():
        if fam in schema.references:
            continue
        where: dict = {}
        for e in schema.entries:
            rows: Iterable[tuple[str, Any]]
            if e.per_seat:
                rows = ((f"seat.{s}.{e.key}", v) for s, v in enumerate(fields[e.field]))
            else:
                rows = ((e.path, fields[e.field]),)
            for path, value in rows:
                for card in cards_in(value, e.shape, fam):
                    name = names[card] if isinstance(card, int) else card
                    if card in where:
                        raise PositionError(
                            path, f"card {name!r} is also in {where[card]} (a card is in one place)"
                        )
                    where[card] = path
        if fam in schema.complete and len(where) != len(names):
            missing = [names[i] for i in range(len(names)) if i not in where and names[i] not in where]
            raise PositionError(
                fam,
                f"{len(missing)} card(s) of the box are nowhere, e.g. {missing[0]!r} "
                "(every card is in one place)",
            )


def probe_state(state: State) -> None:
    """Refuse a state the engine cannot go on from: its legal actions, every seat's
    observation and the scores are asked for, and a copy is played to the end at random."""
    try:
        n = state.num_players()
        for seat in range(n):
            state.observation(seat)
        state.scores()
        if state.is_terminal():
            return
        if not state.legal_actions():
            raise PositionError("", "the player to move has no legal action")
        copy = state.clone()
        rng = random.Random(0)
        limit = state.game.max_game_length()
        steps = 0
        while not copy.is_terminal():
            legal = copy.legal_actions()
            if not legal:
                raise PositionError("", f"after {steps} random moves the player to move has no legal action")
            copy.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
            if steps > limit:
                raise PositionError("", f"a random game from it is not over after {limit} moves")
        copy.scores()
    except PositionError:
        raise
    except Exception as err:  # the backstop: whatever the engine trips over, said in one line
        raise PositionError("", f"the engine cannot play on from it ({type(err).__name__}: {err})") from None


def summary(state: State) -> str:
    """One line about a state: game, seats, who is to move, how far."""
    game = state.game
    who = "game over" if state.is_terminal() else f"seat {state.current_player()} to move"
    return f"{game.name} ({game.params.mode}, {game.num_players} players): {who}"
