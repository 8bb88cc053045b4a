"""How a game is shown to a person, the part every game shares.

Each game owns its presentation in `rules/<game>/view.py` (the text board, the web board,
the wording of its public log); this module finds that module for a game and holds the small
helpers the views have in common.  A view reads only `state.observation(seat)`, the game's
printed names and the public log, so whatever it returns may be shown to that seat.

A game's view module provides:

* ``board_text(state, seat, style) -> str`` — the terminal board (required);
* ``board_changes(state, seat, before, after) -> list[str]`` — what appeared since the seat
  last looked, from two of its observations (optional);
* ``news_text(line) -> str`` — a public log line in printed names (optional).
"""
from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any, Callable

#: click.style's signature: a view styles text through it, and a plain view ignores it
Style = Callable[..., str]


def plain(text: str, **_kw) -> str:
    return text


def flat(value: Any) -> str:
    """A list in words: items separated by spaces, '-' when empty."""
    if isinstance(value, (list, tuple)):
        if not value:
            return "-"
        return " ".join(flat(v) for v in value)
    if value is None:
        return "-"
    return str(value)


def count(value: Any) -> int:
    """How many: the length of a list, or the number an observation gives instead."""
    return len(value) if isinstance(value, (list, tuple)) else int(value)


def seat_label(p: int, seat: int) -> str:
    return "you" if p == seat else f"seat {p}"


def game_view(game) -> ModuleType | None:
    """The `view` module of the package that defines `game`'s class, or None."""
    package = type(game).__module__.rpartition(".")[0]
    try:
        return importlib.import_module(f"{package}.view")
    except ModuleNotFoundError as err:
        if err.name != f"{package}.view":
            raise
        return None
