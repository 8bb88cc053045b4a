"""A generic fixed-length numeric vector for our plain-data observations.

`observation(seat)` is nested dicts/lists/tuples of ints, floats, bools and strs whose shape
varies (hands grow, logs lengthen).  The vector layout is derived once per game configuration:

* Walk an observation depth-first; every scalar *leaf* has a *path*: the dict keys and list
  positions leading to it, e.g. ``("hand", 2)`` or ``("board", "S05", "owner")``.
* `Layout.explore` plays `games` random games from fixed seeds (0, 1, ...) and records every
  path seen in the observations of the seat to move (and of every seat at the end).  The
  layout is the sorted list of those paths (sorted by their text, so it never depends on
  Python's hash), capped at `max_size` entries.  One slot per path.
* Values: numbers as they are (clipped to +-1e30 to fit float32); bools as 0/1; None as 0; a
  string as 1 + its index in the sorted vocabulary of strings seen during exploration (unknown strings: -1).
* A path absent from an observation leaves 0 in its slot; a path never seen in exploration is
  dropped (`Layout.dropped` counts them), so the vector always has the same length.

Deterministic and hash-free: the same configuration and `games` give the same layout in every
process.  It is a generic baseline; a learning agent will do better with a game-specific
encoder built from the same observation.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

#: numbers are clipped to +-1e30 so that they fit a float32 (large ints, e.g. bitmasks)
_CLIP = 1e30


def leaves(obj: Any, path: tuple = (), out: list | None = None) -> list:
    if out is None:
        out = []
    if isinstance(obj, dict):
        for key, value in obj.items():
            leaves(value, path + (key,), out)
    elif isinstance(obj, (list, tuple)):
        for i, value in enumerate(obj):
            leaves(value, path + (i,), out)
    else:
        out.append((path, obj))
    return out


def _path_text(path: tuple) -> str:
    return "/".join(f"{type(p).__name__[0]}:{p}" for p in path)


class Layout:
    def __init__(self, paths: list[tuple], vocabulary: list[str]):
        self.paths = paths
        self.index = {p: i for i, p in enumerate(paths)}
        self.vocabulary = vocabulary
        self.vocab_index = {s: i + 1 for i, s in enumerate(vocabulary)}
        self.size = max(1, len(paths))
        self.dropped = 0

    @classmethod
    def explore(cls, game, games: int = 8, max_size: int = 8192) -> Layout:
        paths: set[tuple] = set()
        strings: set[str] = set()

        def record(obs) -> None:
            for path, value in leaves(obs):
                paths.add(path)
                if isinstance(value, str):
                    strings.add(value)

        for seed in range(games):
            state = game.new_initial_state(seed)
            rng = random.Random(seed)
            while not state.is_terminal():
                record(state.observation(state.current_player()))
                state._apply(state.random_action(rng))
            for seat in range(game.num_players):
                record(state.observation(seat))
        ordered = sorted(paths, key=_path_text)[:max_size]
        return cls(ordered, sorted(strings))

    def vector(self, obs: Any) -> np.ndarray:
        out = np.zeros(self.size, dtype=np.float32)
        index = self.index
        vocab = self.vocab_index
        for path, value in leaves(obs):
            i = index.get(path)
            if i is None:
                self.dropped += 1
                continue
            if isinstance(value, str):
                out[i] = vocab.get(value, -1)
            elif value is None:
                continue
            elif -_CLIP < value < _CLIP:
                out[i] = float(value)
            else:  # e.g. a bitmask stored as one big int
                out[i] = _CLIP if value > 0 else -_CLIP
        return out
