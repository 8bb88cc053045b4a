"""The rule text that the `rules` command quotes.  Each game owns its rulebook and its sections
table: `rulebook.md` and the module `sections.py` (`RULE_SECTIONS`, action kind -> section
number) in the game's package, found the way `automa.rules.presentation.game_view` finds
`view.py`, so that no shared module names a game and a new game needs no edit here.

The rulebooks are specifications: their rules carry tags naming where each comes from and
which reading it takes (`[R-12]`, `[seed]`, `AMB-15`, `§15`), notes for an engine and code.
`player_text` is the one cleaner that turns such text into what a player reads (the
terminal's `rules`, the lobby's settings); `rules --spec` shows the tagged text.
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


#: a rule specification's tag as it stands in the text: a section reference (§15.2) or a
#: rule's or reading's name (R-30, AMB-15, A-40, R-TURN-3, P-6)
TAG = r"(?:§\s?\d+(?:\.\d+)*|\b[A-Z]{1,4}(?:-[A-Z]+)*-\d+[a-z]?\b)"
_TAG = re.compile(TAG)
#: a bracketed tag group ([seed], [R-12], [S, by omission], [pub: BGA help]): square
#: brackets not fixed to a word (case[t] is code) and not a link
_BRACKETS = re.compile(r"(?<![\w`])\[([^\[\]]*)\](?!\()")
#: a rule tag with a reading after a colon ([R-32: the journalist uses effective value])
_GLOSS = re.compile(rf"^\s*{TAG}\s*:\s*(.+)$")
_PARENS = re.compile(r"\(([^()]*)\)")
_WIDE = re.compile(r"[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60]")
#: words that only lead into a reference: "see", "per", "Ambiguity", "of"
_LEAD = r"(?:(?:see|per|cf\.|as in|of|under)\s+)?(?:(?:Ambiguity|Engine rule|rule|section)\s+)?"


def _bracket(match: re.Match) -> str:
    gloss = _GLOSS.match(match.group(1))
    return f"({gloss.group(1)})" if gloss else ""


def _paren(match: re.Match) -> str:
    """A parenthesis without its references: '(5 in all; see P-13)' keeps '(5 in all)'."""
    inner = match.group(1)
    if not _TAG.search(inner) and not _WIDE.search(inner):
        return match.group(0)
    parts = [p.strip() for p in re.split(r"[;,]", inner)]
    kept = [p for p in parts if p and not _TAG.search(p) and not _WIDE.search(p)]
    return f"({', '.join(kept)})" if kept else ""


def _table_row(cells: list[str], header: list[str]) -> str:
    """A table row as a list item: its first cell, then the others by their column."""
    named = []
    for h, c in zip(header[1:], cells[1:], strict=False):
        if not c or c in ("—", "-"):
            continue
        if re.fullmatch(r"`[^`]*`", c):  # a name in code (`basic_resource`): in words
            named.append(c.strip("`").replace("_", " "))
        else:
            named.append(f"{h}: {c}" if h and h.lower() != "id" else c)
    return f"- {cells[0]} — " + "; ".join(named) if named else f"- {cells[0]}"


#: a sentence addressed to whoever implements the rules, or about one program's conventions
_NOTE = re.compile(r"\bEngine\s*:|\b[Ee]ngines? (?:should|must|may|can)\b|\bfor an engine\b|\bBGA\b")


def _engine_free(line: str) -> str:
    """A line without its sentences for an engine or an implementer."""
    marker = re.match(r"^(\s*(?:[-*]|\d+\.)\s+)?", line)
    lead = marker.group(0) if marker else ""
    sentences = re.split(r"(?<=\.)\s+", line[len(lead) :])
    kept = [x for x in sentences if not _NOTE.search(x)]
    if len(kept) == len(sentences):
        return line
    if kept and kept[0] is not sentences[0]:
        return ""  # an item about an engine: what follows explains it
    return lead + " ".join(kept) if kept else ""


def _tidy(text: str) -> str:
    text = re.sub(r"\*\*([^*]+)\*\*", r"\1", text)
    text = re.sub(r"(?<![\w*])\*([^*\s][^*]*?)\*(?![\w*])", r"\1", text)
    text = text.replace("`", "")
    lead = text[: len(text) - len(text.lstrip())]
    text = lead + re.sub(r"[ \t]{2,}", " ", text[len(lead) :])
    text = re.sub(r"\s+([.,;:])", r"\1", text)
    text = re.sub(r";\.", ".", text)
    text = re.sub(r"([.,;:])(?=[.,;:])", "", text)
    text = re.sub(r"\(\s+", "(", text)
    text = re.sub(r"\s+\)", ")", text)
    return text.rstrip(" ;,:") if text.rstrip().endswith((";", ",")) else text.rstrip()


def player_text(text: str) -> str:
    """Rule text as a rulebook reads: without the specification's tags and references, its
    code and its notes for an engine; headings and tables in plain words.  Text without
    any of these comes back unchanged ("one entry; () = none")."""
    out: list[str] = []
    lines = text.splitlines()
    header: list[str] | None = None
    fence = False
    joinable = False  # whether the last line kept is running text a wrapped line continues
    for raw in lines:
        stripped = raw.strip()
        if stripped.startswith("```"):
            while not fence and out and not out[-1].strip():
                out.pop()
            if not fence and out and out[-1].rstrip().endswith(":"):
                out.pop()  # the line that introduces the code
            fence = not fence
            continue
        if fence or re.fullmatch(r"-{3,}|\*{3,}", stripped):
            continue
        if stripped.startswith("|"):
            cells = [c.strip() for c in stripped.strip("|").split("|")]
            if all(re.fullmatch(r":?-+:?", c) for c in cells if c):
                continue
            if header is None:
                header = [_BRACKETS.sub("", c).strip() for c in cells]
                continue
            raw = _table_row(cells, header)
        else:
            header = None
        line = raw.rstrip()
        heading = re.match(r"^#{1,6}\s+(.*)$", line)
        if heading:
            line = heading.group(1)
        unlabelled = re.sub(rf"\bEngine rule\s*(?:\[{TAG}\])?\s*:\s*", "", line)
        relabel, line = unlabelled != line, unlabelled
        line = _BRACKETS.sub(_bracket, line)
        line = _PARENS.sub(_paren, line)
        line = re.sub(r"§\s?(\d+(?:\.\d+)*)", r"section \1", line)
        line = re.sub(rf"{_LEAD}{TAG}", "", line)
        line = _engine_free(line)
        line = _tidy(line)
        if relabel:  # "Engine rule: the non-holder ..." reads "The non-holder ..."
            line = re.sub(
                r"^(\s*(?:[-*]|\d+\.)\s+)?([a-z])", lambda m: (m.group(1) or "") + m.group(2).upper(), line
            )
        if re.fullmatch(r"\s*(?:[-*]|\d+\.)?\s*", line) and raw.strip():
            continue  # an item that held nothing but tags or engine notes
        item = re.match(r"\s*(?:[-*]|\d+\.)\s", line)
        if joinable and line.strip() and not item and not heading and header is None:
            out[-1] += " " + line.strip()  # a line the spec broke by hand: the screen wraps it
            continue
        out.append(line)
        joinable = bool(line.strip()) and not heading and header is None
    result = "\n".join(out)
    return re.sub(r"\n{3,}", "\n\n", result).strip("\n")


def section_for(game: Game, action: Hashable) -> str:
    kind = action[0] if isinstance(action, tuple) and action else str(action)
    table = rule_sections(game)
    return table.get(f"{game.params.mode}:{kind}") or table.get(str(kind), "")
