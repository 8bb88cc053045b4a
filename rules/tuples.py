"""Edits of the tuples that engines share between a state and its clones.  Engines keep
the parts that change by whole items in tuples, so a clone copies only the outer list:
a change replaces the tuple instead of editing it.  A module of its own so the compiled
engines (automa/native.py) call these as compiled functions."""

from __future__ import annotations

from typing import Any


def tuple_without(items: tuple, x: Any) -> tuple:
    """`items` less its first `x` (ValueError if absent, as list.remove)."""
    i = items.index(x)
    return items[:i] + items[i + 1 :]


def tuple_with(items: tuple, i: int, value: Any) -> tuple:
    """`items` with entry `i` set to `value`."""
    return items[:i] + (value,) + items[i + 1 :]


def tuple_plus(items: tuple, i: int, delta: int) -> tuple:
    """`items` with `delta` added to entry `i`."""
    return items[:i] + (items[i] + delta,) + items[i + 1 :]
