"""Game records: one JSON line per finished game, and their replay.

A record holds everything needed to replay a game exactly (game, parameters, seed and
every action) and what it produced (scores, ranks, winners), so `automa replay --verify`
can check that today's engine still plays yesterday's games the same way.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Iterator

from automa.rules.core import (AutomaError, Game, State, action_to_json, find_action, game_class,
                        IllegalActionError)

RECORD_FORMAT = 1


def library_version() -> str:
    from automa import __version__
    return __version__


def game_from_record(record: dict) -> Game:
    cls = game_class(record["game"])
    return cls(cls.Params.from_json(record["params"]))


def make_record(game: Game, seed: int, seats: list[str], state: State,
                actions: list[tuple[Any, str, int]], wall_time: float,
                extra: dict | None = None) -> dict:
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
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


class RecordError(AutomaError):
    """A record that does not replay to what it says."""


def replay(record: dict, upto: int | None = None) -> State:
    """The state after the record's actions (or its first `upto` actions).
    Raises RecordError naming the first action that does not replay.  Actions are matched
    by their JSON form; the recorded text is for people, and its wording may improve
    between versions without making old records unreadable."""
    game = game_from_record(record)
    state = game.new_initial_state(record["seed"])
    actions = record["actions"] if upto is None else record["actions"][:upto]
    for i, (encoded, text, seat) in enumerate(actions):
        if state.is_terminal():
            raise RecordError(f"action {i} ({text}): the game was already over")
        if state.current_player() != seat:
            raise RecordError(f"action {i} ({text}): recorded for seat {seat}, "
                              f"but seat {state.current_player()} is to move")
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
        raise RecordError(f"made with rules data {record.get('rules_hash')}, "
                          f"but this installation has {expected_hash}")
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
    number: int
    record: dict | None
    error: str = ""


def read_lines(path: Path | str) -> Iterator[Line]:
    """Every line of a JSONL file; a line that does not parse is reported, not fatal
    (a tournament killed mid-write leaves a partial last line)."""
    with open(path, encoding="utf-8") as handle:
        for number, text in enumerate(handle, 1):
            text = text.strip()
            if not text:
                continue
            try:
                record = json.loads(text)
            except json.JSONDecodeError as exc:
                yield Line(number, None, f"not valid JSON ({exc.msg})")
                continue
            if not isinstance(record, dict) or "game" not in record:
                yield Line(number, None, "not a game record")
                continue
            yield Line(number, record)


def read_records(path: Path | str) -> list[dict]:
    return [line.record for line in read_lines(path) if line.record is not None]


def write_records(path: Path | str, records: Iterable[dict]) -> None:
    with open(path, "w", encoding="utf-8") as handle:
        for record in records:
            handle.write(dumps(record) + "\n")
