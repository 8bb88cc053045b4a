"""Game records: one JSON line per finished game, and their replay.

A record holds everything needed to replay a game exactly (game, parameters, seed and
every action) and what it produced (scores, ranks, winners), so `automa replay --verify`
can check that today's engine still plays yesterday's games the same way.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from automa.rules.core import (
    AutomaError,
    Game,
    IllegalActionError,
    State,
    action_to_json,
    find_action,
    game_class,
)

RECORD_FORMAT = 1


def library_version() -> str:
    """The installed automa version, stored in every record."""
    from automa import __version__

    return __version__


def game_from_record(record: dict) -> Game:
    """The game (class and parameters) a record was played with."""
    cls = game_class(record["game"])
    return cls(cls.Params.from_json(record["params"]))


#: the fields every record or save has, with the JSON type each must be
REQUIRED = {"game": str, "params": dict, "seed": int, "seats": list, "actions": list}


def check_record(record: Any) -> None:
    """A record's shape, before anything replays it: its format, its game, the fields and
    their types, each action as [action, text, seat].  Raises RecordError with one line
    naming what is wrong."""
    if not isinstance(record, dict):
        raise RecordError("not a game record (a JSON object with game, params, seed, seats and actions)")
    fmt = record.get("format", RECORD_FORMAT)
    if fmt != RECORD_FORMAT:
        raise RecordError(
            f"record format {fmt!r}: this automa reads format {RECORD_FORMAT} "
            f"(a newer automa wrote it, or it is not an automa record)"
        )
    required = {k: v for k, v in REQUIRED.items() if not (k == "actions" and record.get("status") == "error")}
    missing = [k for k in required if k not in record]
    if missing:
        raise RecordError(f"not a game record: no {', '.join(missing)}")
    for key, kind in required.items():
        value = record[key]
        if not isinstance(value, kind) or isinstance(value, bool):
            raise RecordError(
                f"field {key!r} must be a JSON "
                f"{kind.__name__.replace('str', 'string').replace('dict', 'object')}, "
                f"got {type(value).__name__}"
            )
    for i, entry in enumerate(record.get("actions", ())):
        if (
            not isinstance(entry, list)
            or len(entry) != 3
            or not isinstance(entry[1], str)
            or not isinstance(entry[2], int)
            or isinstance(entry[2], bool)
        ):
            raise RecordError(f"action {i} must be [action, text, seat], got {json.dumps(entry)[:60]}")
    try:
        game_from_record(record)
    except AutomaError as err:
        raise RecordError(f"a {record['game']} game: {err}") from None


def make_record(
    game: Game,
    seed: int,
    seats: list[str],
    state: State,
    actions: list[tuple[Any, str, int]],
    wall_time: float,
    extra: dict | None = None,
) -> dict:
    """`actions` is a list of (action, text, seat) in the order they were played."""
    outcome = state.outcome()
    record = {
        "format": RECORD_FORMAT,
        "version": library_version(),
        "rules_hash": game.rules_hash(),
        "game": game.name,
        "params": game.params.to_json(),
        "seed": seed,
        "seats": list(seats),
        "status": "ok",
        "actions": [[action_to_json(a), text, seat] for a, text, seat in actions],
        "scores": [list(s) for s in state.scores()],
        "ranks": list(outcome.ranks),
        "winners": list(outcome.winners),
        "reason": outcome.reason,
        "wall_time": round(wall_time, 4),
    }
    if extra:
        record.update(extra)
    return record


def dumps(record: dict) -> str:
    """A record as one compact JSON line."""
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


class RecordError(AutomaError):
    """A record that does not replay to what it says."""


def replay(record: dict, upto: int | None = None) -> State:
    """The state after the record's actions (or its first `upto` actions).
    Raises RecordError naming the first action that does not replay.  Actions are matched
    by their JSON form; the recorded text is for people, and its wording may improve
    between versions without making old records unreadable."""
    game = game_from_record(record)
    if record.get("position"):  # a game started from a position (docs/positions.md)
        from automa.rules.position import PositionError, start_state

        try:
            state = start_state(game, record["position"], record["seed"])
        except PositionError as err:
            raise RecordError(f"the record's start position: {err}") from None
    else:
        state = game.new_initial_state(record["seed"])
    actions = record["actions"] if upto is None else record["actions"][:upto]
    for i, (encoded, text, seat) in enumerate(actions):
        if state.is_terminal():
            raise RecordError(f"action {i} ({text}): the game was already over")
        if state.current_player() != seat:
            raise RecordError(
                f"action {i} ({text}): recorded for seat {seat}, but seat {state.current_player()} is to move"
            )
        try:
            action = find_action(state, encoded)
        except IllegalActionError as err:
            raise RecordError(f"action {i} ({text}) is not legal on replay: {err}") from None
        state._apply(action)
    return state


def verify(record: dict) -> None:
    """Replay a finished record and compare scores, ranks and winners."""
    if record.get("status") != "ok":
        return
    expected_hash = game_from_record(record).rules_hash()
    if record.get("rules_hash") != expected_hash:
        raise RecordError(
            f"made with rules data {record.get('rules_hash')}, but this installation has {expected_hash}"
        )
    state = replay(record)
    if not state.is_terminal():
        raise RecordError(f"after all {len(record['actions'])} actions the game is not over")
    checks = {
        "scores": [list(s) for s in state.scores()],
        "ranks": list(state.outcome().ranks),
        "winners": list(state.outcome().winners),
    }
    for key, value in checks.items():
        if json.loads(json.dumps(value)) != record[key]:
            raise RecordError(f"{key}: recorded {record[key]}, replay gives {value}")


@dataclass
class Line:
    """One line of a record file: its number, the record, or why it is not one."""

    number: int
    record: dict | None
    error: str = ""


def read_lines(path: Path | str) -> Iterator[Line]:
    """Every line of a JSONL file; a line that does not parse or is not a record is
    reported, not fatal (a tournament killed mid-write leaves a partial last line).
    A file that is not text raises RecordError."""
    try:
        with open(path, encoding="utf-8") as handle:
            lines = handle.read().splitlines()
    except UnicodeDecodeError as err:
        raise RecordError(f"{path} is not a record file: binary data at byte {err.start}") from None
    except OSError as err:
        raise RecordError(f"cannot read {path}: {err.strerror or err}") from None
    for number, text in enumerate(lines, 1):
        text = text.strip()
        if not text:
            continue
        try:
            record = json.loads(text)
        except json.JSONDecodeError as exc:
            yield Line(number, None, f"not valid JSON ({exc.msg})")
            continue
        try:
            check_record(record)
        except RecordError as err:
            yield Line(number, None, str(err))
            continue
        yield Line(number, record)


def read_records(path: Path | str) -> list[dict]:
    """The good records of a JSONL file (bad lines are skipped; see read_lines)."""
    return [line.record for line in read_lines(path) if line.record is not None]


def write_records(path: Path | str, records: Iterable[dict]) -> None:
    """Write records as a JSONL file, one per line."""
    with open(path, "w", encoding="utf-8") as handle:
        for record in records:
            handle.write(dumps(record) + "\n")
