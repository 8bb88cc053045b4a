"""Dense, stable integer ids for automa actions (shared by the OpenSpiel and PettingZoo wrappers).

Our actions are small tuples such as ``("place", 3)`` or ``("play", "F07", 2)``: a string
*head* followed by int or str fields, and which of them are legal varies by state.  Frameworks
want a fixed action space ``0 .. num_ids-1``.  The encoding, per game:

* A committed table ``action_tables/<game>.json`` lists every *kind* of action, i.e. a
  (head, arity) pair, and for each field its *domain*: an int range ``[lo, hi]`` or a sorted
  list of strings.  The table is derived by playing random games of every mode and player count
  from fixed seeds (``python -m automa.rules.interop.actions build``); int ranges are widened to start
  at 0 at most, so gaps inside a range are covered too.
* Kinds are sorted by (head, arity) and laid end to end; inside a kind the id is the
  mixed-radix number of the field indices (first field most significant).  So the id of an
  action depends only on the table, never on the state or the order of the legal list: the
  same action always has the same id, in every state, process and player count.
* **Overflow slots**: an action that the table cannot encode (a new kind or a value outside a
  domain, e.g. after an engine change) is not an error.  The last ``overflow`` ids are
  positional: the i-th such action in the state's legal-action order gets ``base + i``.
  These ids mean something only in the state they were listed in; the wrappers decode them
  against that state's legal list.  Rebuild the table to give them stable ids again.

``num_ids = base + overflow``.  Encoding and decoding are memoised per game.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Hashable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

TABLE_DIR = Path(__file__).parent / "action_tables"
#: positional slots after the table's ids (at least the largest legal list we saw)
MIN_OVERFLOW = 64


class ActionCodec:
    """Maps a game's actions to ints and back (see the module docstring)."""

    def __init__(self, game_name: str, table: dict):
        self.game_name = game_name
        self.table = table
        self._kinds: dict[tuple[str, int], tuple[int, list, list[int]]] = {}
        self._order: list[tuple[int, str, int, list, list[int]]] = []
        offset = 0
        for kind in sorted(table["kinds"], key=lambda k: (k["head"], len(k["fields"]))):
            head, domains = kind["head"], kind["fields"]
            radices = []
            for dom in domains:
                if "int" in dom:
                    lo, hi = dom["int"]
                    radices.append(hi - lo + 1)
                else:
                    radices.append(len(dom["str"]))
            size = 1
            for r in radices:
                size *= r
            key = (head, 1 + len(domains))
            self._kinds[key] = (offset, domains, radices)
            self._order.append((offset, head, 1 + len(domains), domains, radices))
            offset += size
        self._str_index = [
            [{s: i for i, s in enumerate(d["str"])} if "str" in d else None for d in domains]
            for (_, _, _, domains, _) in self._order
        ]
        self._kind_pos = {(head, arity): i for i, (_, head, arity, _, _) in enumerate(self._order)}
        self.base = offset
        self.overflow = max(MIN_OVERFLOW, int(table.get("max_legal", 0)) * 2)
        self.num_ids = self.base + self.overflow
        self._enc: dict[Hashable, int] = {}
        self._dec: dict[int, Hashable] = {}

    # ------------------------------------------------------------------ one action
    def encode(self, action: Hashable) -> int | None:
        """The stable id of `action`, or None if the table cannot encode it (overflow)."""
        try:
            return self._enc[action]
        except KeyError:
            pass
        except TypeError:  # unhashable: not an action of ours
            return None
        code = self._encode(action)
        if code is not None:
            self._enc[action] = code
            self._dec[code] = action
        return code

    def _encode(self, action: Any) -> int | None:
        if not isinstance(action, tuple) or not action or not isinstance(action[0], str):
            return None
        pos = self._kind_pos.get((action[0], len(action)))
        if pos is None:
            return None
        offset, _, _, domains, radices = self._order[pos]
        index = 0
        for value, dom, radix, sidx in zip(action[1:], domains, radices, self._str_index[pos], strict=True):
            if sidx is None:
                if not isinstance(value, int) or isinstance(value, bool):
                    return None
                i = value - dom["int"][0]
                if not 0 <= i < radix:
                    return None
            else:
                if not isinstance(value, str) or value not in sidx:
                    return None
                i = sidx[value]
            index = index * radix + i
        return offset + index

    def decode(self, code: int) -> Hashable | None:
        """The action with stable id `code`, or None for an overflow id (decode those
        with `legal_map`)."""
        try:
            return self._dec[code]
        except KeyError:
            pass
        if not 0 <= code < self.base:
            return None
        for offset, head, _, domains, radices in reversed(self._order):  # noqa: B007  (read after the break)
            if code >= offset:
                break
        index = code - offset
        fields = []
        for dom, radix in zip(reversed(domains), reversed(radices), strict=True):
            i = index % radix
            index //= radix
            fields.append(dom["int"][0] + i if "int" in dom else dom["str"][i])
        action = (head, *reversed(fields))
        self._dec[code] = action
        self._enc[action] = code
        return action

    # ------------------------------------------------------------------ a legal list
    def legal_map(self, legal: Sequence[Hashable]) -> dict[int, Hashable]:
        """{id: action} for a state's legal actions (overflow ids assigned in list order)."""
        out: dict[int, Hashable] = {}
        spill = self.base
        enc = self._enc
        for action in legal:
            code = enc.get(action)
            if code is None:
                code = self.encode(action)
                if code is None:
                    if spill >= self.num_ids:
                        raise ValueError(
                            f"{self.game_name}: more than {self.overflow} legal actions outside the "
                            f"action table; rebuild it with `python -m automa.rules.interop.actions build`"
                        )
                    code = spill
                    spill += 1
            out[code] = action
        return out


def load_table(game_name: str) -> dict:
    path = TABLE_DIR / f"{game_name}.json"
    if not path.exists():
        return {"game": game_name, "kinds": [], "max_legal": 0}
    return json.loads(path.read_text(encoding="utf-8"))


@cache
def codec_for(game_name: str) -> ActionCodec:
    return ActionCodec(game_name, load_table(game_name))


# --------------------------------------------------------------------------- table builder


def explore_actions(game_name: str, games_per_config: int = 60) -> dict:
    """Play random games of every mode and player count (seeds 0..n-1) and derive the
    kinds and field domains of every legal action seen."""
    from automa.rules.core import game_class, load_game

    cls = game_class(game_name)
    seen: dict[tuple[str, int], list[set]] = {}
    max_legal = 0
    for mode, counts in cls.modes.items():
        for players in counts:
            game = load_game(cls.name, mode=mode, players=players)
            for seed in range(games_per_config):
                state = game.new_initial_state(seed)
                rng = random.Random(seed)
                while not state.is_terminal():
                    legal = state.legal_actions()
                    max_legal = max(max_legal, len(legal))
                    for action in legal:
                        if isinstance(action, tuple) and action and isinstance(action[0], str):
                            cols = seen.setdefault((action[0], len(action)), [set() for _ in action[1:]])
                            for col, value in zip(cols, action[1:], strict=True):
                                col.add(value)
                    state._apply(legal[rng.randrange(len(legal))])
    kinds = []
    for (head, _arity), cols in sorted(seen.items()):
        fields = []
        for col in cols:
            if all(isinstance(v, int) and not isinstance(v, bool) for v in col):
                fields.append({"int": [min(0, min(col)), max(col)]})
            elif all(isinstance(v, str) for v in col):
                fields.append({"str": sorted(col)})
            else:
                break  # mixed field types: leave this kind to the overflow slots
        else:
            kinds.append({"head": head, "fields": fields})
    return {
        "game": cls.name,
        "generated_by": f"python -m automa.rules.interop.actions build {cls.name} "
        f"(random games, seeds 0..{games_per_config - 1} per mode x player count)",
        "max_legal": max_legal,
        "kinds": kinds,
    }


def build_tables(names: Sequence[str] = (), games_per_config: int = 60) -> list[Path]:
    from automa.rules.core import registered_games

    TABLE_DIR.mkdir(exist_ok=True)
    written = []
    for name in names or list(registered_games()):
        table = explore_actions(name, games_per_config)
        path = TABLE_DIR / f"{table['game']}.json"
        path.write_text(json.dumps(table, indent=1) + "\n", encoding="utf-8")
        codec = ActionCodec(table["game"], table)
        print(f"{path}: {len(table['kinds'])} kinds, {codec.base} ids + {codec.overflow} overflow")
        written.append(path)
    return written


if __name__ == "__main__":  # python -m automa.rules.interop.actions build [GAME ...] [--games N]
    args = sys.argv[1:]
    if not args or args[0] != "build":
        sys.exit("usage: python -m automa.rules.interop.actions build [GAME ...] [--games N]")
    args = args[1:]
    n = 60
    if "--games" in args:
        i = args.index("--games")
        n = int(args[i + 1])
        del args[i : i + 2]
    build_tables(args, n)
