"""The rule text that the `rules` command quotes.  Each game owns its rulebook and its sections
table: `rulebook.md` and the module `sections.py` (`RULE_SECTIONS`, action kind -> section
number) in the game's package, found the way `automa.rules.presentation.game_view` finds
`view.py`, so that no shared module names a game and a new game needs no edit here.
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Hashable
from pathlib import Path

from automa.rules.core import Game, UnknownGameError, game_class


def rule_sections(game: Game | type[Game]) -> dict[str, str]:
    """The `RULE_SECTIONS` of the `sections` module of the package that defines `game`'s class
    (action kind -> section number; "mode:kind" keys win), or {} when it has none."""
    cls = game if isinstance(game, type) else type(game)
    package = cls.__module__.rpartition(".")[0]
    try:
        module = importlib.import_module(f"{package}.sections")
    except ModuleNotFoundError as err:
        if err.name != f"{package}.sections":
            raise
        return {}
    return dict(getattr(module, "RULE_SECTIONS", {}))


_HEADING = re.compile(r"^(#{1,6})\s+(.*)$")


def rulebook_text(game_name: str) -> str:
    """The game's rulebook: `rulebook.md` in the package that defines its class; '' when there
    is none (or no such game)."""
    try:
        package = game_class(game_name).__module__.rpartition(".")[0]
    except UnknownGameError:
        return ""
    folder = getattr(sys.modules.get(package), "__file__", None) if package else None
    if not folder:
        return ""
    path = Path(folder).parent / "rulebook.md"
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return ""


def rule_section(game_name: str, number: str) -> str:
    """The section of the game's spec whose heading starts with `number` ('7.2', '13'),
    up to the next heading of the same or a higher level; '' if there is none."""
    lines = rulebook_text(game_name).splitlines()
    start = level = None
    for i, line in enumerate(lines):
        m = _HEADING.match(line)
        if not m:
            continue
        if start is None:
            title = m.group(2).strip()
            if re.match(rf"(§\s*)?{re.escape(number)}[.\s]", title + " ") and not re.match(
                rf"{re.escape(number)}\.\d", title
            ):
                start, level = i, len(m.group(1))
        elif len(m.group(1)) <= level:
            return "\n".join(lines[start:i]).rstrip()
    return "\n".join(lines[start:]).rstrip() if start is not None else ""


def rule_headings(game_name: str) -> list[str]:
    return [
        m.group(2)
        for m in map(_HEADING.match, rulebook_text(game_name).splitlines())
        if m and len(m.group(1)) == 2
    ]


def section_for(game: Game, action: Hashable) -> str:
    kind = action[0] if isinstance(action, tuple) and action else str(action)
    table = rule_sections(game)
    return table.get(f"{game.params.mode}:{kind}") or table.get(str(kind), "")
