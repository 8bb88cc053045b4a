"""Playing a game at the terminal: `automa play GAME ...`.

One loop for every game.  Each human decision shows the position as that seat may see it
(built only from `state.observation(seat)`, see `automa.views`), what the automata and
bots did since the human's last decision, and the legal actions, numbered and with short
typed aliases.  Commands at every prompt: hint, undo, save [FILE], rules, board, actions,
help, quit.

An alias is made from the action's own text, never from its place in the list, so it means
the same action whenever it is offered (`assign_aliases`).  On a terminal, a decision whose
list would not fit the screen is taken in two steps, a group first (the game view's
`action_group`), and a board and list that do not fit together are shown one after the other.

A saved game is a record in the format of `automa.search.records` with status "in_progress"
(one JSON line), so `automa replay` lists it and `automa play --load FILE` resumes it at
the same decision with the same state (the bots' generators are saved too).  Leaving by
Ctrl-D or quit offers to save; a finished game is written as a record that `automa replay
--verify` replays (`games_dir`).
"""

from __future__ import annotations

import copy
import json
import math
import os
import random
import re
import shlex
import shutil
import sys
import textwrap
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Hashable, Sequence

import click

from automa.rules.core import (
    AutomaError,
    Game,
    IllegalActionError,
    State,
    action_to_json,
    find_action,
    load_game,
)
from automa.search import records
from automa.search.bots import Bot, BotSpecError, make_bot

#: the bot in every seat nobody named, when the preset levels are not available
FALLBACK_OPPONENT = "ismcts:iterations=300"
PRESET_OPPONENT = "level:normal"
#: `hint` thinks this long (seconds; `hint SECONDS` asks for another time)
HINT_SECONDS = 3.0
#: a suggestion played out fewer times than this is reported as a rough estimate
HINT_ROUGH_PLAYOUTS = 30
#: safety stop on a search bot's thinking time per move in `play` (seconds; 0 = none): the
#: bots search their iteration budget, and only a move that overruns is cut short
MOVE_SECONDS = 1.9

COMMANDS = {
    "hint": f"the expert's three best moves here, each played out for {HINT_SECONDS:g} seconds: "
    "estimated win rates with their 95% intervals, and how sure that makes it",
    "hint SECONDS": "the same, thinking for SECONDS (e.g. hint 15)",
    "undo": "take back your last decision (games with one human); the bots answer as before",
    "save [FILE]": "save the game to FILE, or to the games folder (resume: automa play GAME --load FILE)",
    "rules": "the rule section for the current decision",
    "board": "show the position again",
    "actions": "list the actions again (Enter does too, when they did not fit under the board)",
    "back": "from a group's choices back to the first list (also b)",
    "help": "this list",
    "quit": "leave the game (offers to save)",
}
RESERVED = {
    "hint",
    "undo",
    "save",
    "rules",
    "rule",
    "board",
    "actions",
    "help",
    "quit",
    "q",
    "?",
    "exit",
    "h",
    "back",
    "b",
}


class EndOfInput(Exception):
    """Standard input closed: leave the game cleanly."""


class QuitGame(Exception):
    """The player chose to leave."""


def default_opponent(game: Game) -> str:
    """The game's printed automaton at normal difficulty where it can hold a seat (the
    Mumanbot), else `level:normal` where the difficulty presets exist, else a fixed
    search budget."""
    for name in game.automaton_specs:
        spec = f"{name}:normal"
        try:
            game.with_automaton_seats(["human"] + [spec] * (game.num_players - 1))
            return spec
        except (AutomaError, ValueError, TypeError):
            pass
    try:
        make_bot(PRESET_OPPONENT, game, 0)
        return PRESET_OPPONENT
    except (AutomaError, BotSpecError, TypeError, ValueError, KeyError, OSError):
        return FALLBACK_OPPONENT


def use_colour(stream=None) -> bool:
    stream = stream or sys.stdout
    if os.environ.get("NO_COLOR"):
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


# --------------------------------------------------------------------------- aliases

#: small words an alias leaves out: 'place journalist 2 on kiosk National row 1' -> 'pj2knar1'
ALIAS_STOP_WORDS = frozenset("a an the on in of for to its with from at and into by".split())
#: where the fallback grouping cuts an action's text: 'place journalist 2 | on kiosk ...'
GROUP_CONNECTORS = ("on", "to", "in", "for", "with", "from", "under")


def action_name(text: str) -> str:
    """What an action is, without its notes in parentheses on what is true about it now:
    'place journalist 2 on right bus $800 (red agent)' -> '... right bus $800', and
    'play Alibi on P1(Ann Putnam)' -> 'play Alibi on P1'.  An alias names the action, so it
    does not change when a note does."""
    name = text
    while True:
        shorter = re.sub(r"\([^()]*\)", " ", name)
        if shorter == name:
            break
        name = shorter
    return " ".join(name.split()) or " ".join(text.split())


def _alias_words(name: str) -> list[str]:
    name = re.sub(r"'s\b", "", name)
    return [w for w in re.findall(r"[A-Za-z0-9]+", name) if w not in ALIAS_STOP_WORDS]


def _kept_whole(word: str) -> bool:
    """Numbers, codes (N03, SP12, TR1) and abbreviations in capitals (HR, CAR) go into an
    alias whole: they are what tells two actions apart."""
    return word.isdigit() or not word.isalpha() or (word.isupper() and len(word) > 1)


def _squash(text: str) -> str:
    return "".join(re.findall(r"[a-z0-9]+", text.lower()))


def initials(text: str) -> str:
    """The short alias of an action's text: the first letter of each word, two letters of a
    name in capitals after the first word (so 'Doc' and 'Dutch', 'Economy' and
    'Entertainment' differ), numbers and codes whole, small words left out; a one-word
    action is its word.  'place journalist 2 on kiosk National row 1' -> 'pj2knar1'."""
    words = _alias_words(action_name(text))
    if len(words) == 1 and words[0].isalpha():
        return words[0].lower()
    out = []
    for i, word in enumerate(words):
        if _kept_whole(word):
            out.append(word.lower())
        elif i > 0 and word[0].isupper():
            out.append(word[:2].lower())
        else:
            out.append(word[0].lower())
    return "".join(out)


def alias_candidates(text: str) -> list[str]:
    """The aliases `text` may have, shortest first, each a function of the text alone: its
    initials, then three letters of every word, then the whole name, then the whole text
    with its notes.  The first one free in the decision is offered (`assign_aliases`)."""
    name = action_name(text)
    words = _alias_words(name)
    medium = "".join(w.lower() if _kept_whole(w) else w[:3].lower() for w in words)
    out = []
    for cand in (initials(text), medium, _squash(name), _squash(text)):
        if cand and cand not in out and cand not in RESERVED and not cand.isdigit():
            out.append(cand)
    return out or ["a" + (_squash(text) or "ction")]


def assign_aliases(
    entries: Sequence[tuple[str, Sequence[str]]], book: dict[str, str] | None = None
) -> list[str]:
    """One alias per entry (meaning, candidates), never shared within the decision and never
    one that `book` already gives to another meaning.  Each entry takes its first candidate
    that is free; when two entries would take the same one, both move on to their next, so an
    alias is never offered for two things.  Entries that run out of candidates (identical
    texts) get the last one numbered: 'supportrightbus800', 'supportrightbus800#2'.  The aliases given are written
    into `book` (alias -> meaning), so within a session an alias keeps its meaning."""
    book = {} if book is None else book
    level = [0] * len(entries)

    def current(i: int) -> str | None:
        cands = entries[i][1]
        return cands[level[i]] if level[i] < len(cands) else None

    while True:
        for i, (meaning, cands) in enumerate(entries):
            while current(i) is not None and book.get(current(i), meaning) != meaning:
                level[i] += 1
        taken = [current(i) for i in range(len(entries))]
        counts: dict[str, int] = {}
        for alias in taken:
            if alias is not None:
                counts[alias] = counts.get(alias, 0) + 1
        clashes = {a for a, k in counts.items() if k > 1}
        if not clashes:
            break
        for i, alias in enumerate(taken):
            if alias in clashes:
                level[i] += 1
    used = {a for a in taken if a is not None}
    out = []
    for i, (meaning, cands) in enumerate(entries):
        alias = taken[i]
        if alias is None:
            base, k = cands[-1], 1
            alias = base
            while alias in used or book.get(alias, meaning) != meaning:
                k += 1
                alias = f"{base}#{k}"
            used.add(alias)
        book[alias] = meaning
        out.append(alias)
    return out


def action_aliases(texts: Sequence[str], book: dict[str, str] | None = None) -> list[str]:
    """A stable alias per action text (see `assign_aliases`; `book` keeps the session's)."""
    return assign_aliases([(action_name(t), alias_candidates(t)) for t in texts], book)


def match_action(text: str, texts: Sequence[str], aliases: Sequence[str]) -> tuple[int | None, list[int]]:
    """(index, candidates): the action `text` names, by number, alias, exact text or unique
    start of the text; else None and the actions whose text starts so."""
    t = " ".join(text.lower().split())
    if not t:
        return None, []
    if t.isdigit():
        k = int(t)
        return (k - 1, []) if 1 <= k <= len(texts) else (None, [])
    for i, a in enumerate(aliases):
        if a == t:
            return i, []
    lowered = [" ".join(x.lower().split()) for x in texts]
    exact = [i for i, x in enumerate(lowered) if x == t]
    if len(exact) == 1:
        return exact[0], []
    named = [i for i, x in enumerate(texts) if action_name(x).lower() == t]
    if len(named) == 1:
        return named[0], []
    pref = [i for i, x in enumerate(lowered) if x.startswith(t)]
    if len(pref) == 1:
        return pref[0], []
    return None, pref


def fallback_group(text: str) -> str:
    """The group of an action when the game's view does not say (no `action_group`): its
    name up to the first linking word, 'place journalist 2' for 'place journalist 2 on
    kiosk National row 1'; '' when there is none."""
    words = action_name(text).split()
    for i, word in enumerate(words[1:], 1):
        if word.lower() in GROUP_CONNECTORS:
            return " ".join(words[:i])
    return ""


def action_groups(state: State, seat: int, legal: Sequence[Hashable], texts: Sequence[str]) -> list[str]:
    """Each action's group heading for a two-step choice, from the game's view
    (`action_group`, see automa.rules.presentation) or else from its text."""
    from automa.rules.presentation import game_view

    group_of = getattr(game_view(state.game), "action_group", None)
    if group_of is not None:
        try:
            return [str(group_of(state, seat, a) or "") for a in legal]
        except (KeyError, IndexError, TypeError, ValueError, AttributeError):
            pass
    return [fallback_group(t) for t in texts]


def group_label(text: str, heading: str) -> str:
    """An action's text inside its group's menu, without the heading the menu shows above
    it: 'on kiosk National row 1' under 'place journalist 2'."""
    low, head = text.lower(), heading.lower().strip()
    if head and low.startswith(head):
        rest = text[len(head) :].strip(" :,-")
    elif head and head in low:
        k = low.index(head)
        rest = " ".join((text[:k] + " " + text[k + len(head) :]).split())
    else:
        rest = text
    return rest or text


@dataclass
class Entry:
    """One line of a menu: a legal action (its index) or a group of them (its heading)."""

    alias: str
    label: str
    action: int | None = None
    group: str | None = None


class Decision:
    """The legal actions of one decision as the terminal offers them: their texts, stable
    aliases, and the groups of a two-step choice (a group of one is just its action)."""

    def __init__(
        self, texts: Sequence[str], groups: Sequence[str] | None = None, book: dict[str, str] | None = None
    ):
        self.texts = list(texts)
        groups = list(groups) if groups is not None else [""] * len(self.texts)
        sizes: dict[str, int] = {}
        for g in groups:
            if g:
                sizes[g] = sizes.get(g, 0) + 1
        self.groups = [g if g and sizes[g] > 1 else "" for g in groups]
        self.headings = list(dict.fromkeys(g for g in self.groups if g))
        entries = [(action_name(t), alias_candidates(t)) for t in self.texts]
        entries += [(f"group: {h}", alias_candidates(h)) for h in self.headings]
        aliases = assign_aliases(entries, book)
        self.aliases = aliases[: len(self.texts)]
        self.group_aliases = dict(zip(self.headings, aliases[len(self.texts) :]))

    def members(self, heading: str) -> list[int]:
        return [i for i, g in enumerate(self.groups) if g == heading]

    def flat_menu(self) -> list[Entry]:
        return [Entry(a, t, action=i) for i, (a, t) in enumerate(zip(self.aliases, self.texts))]

    def top_menu(self) -> list[Entry]:
        """The first step: the actions without a group, and one line per group, each where
        its first action stands in the legal order."""
        out, seen = [], set()
        for i, g in enumerate(self.groups):
            if not g:
                out.append(Entry(self.aliases[i], self.texts[i], action=i))
            elif g not in seen:
                seen.add(g)
                out.append(Entry(self.group_aliases[g], f"{g}: {len(self.members(g))} choices >", group=g))
        return out

    def group_menu(self, heading: str) -> list[Entry]:
        """The second step: the group's actions, labelled without the heading and without
        the words they all start with (`group_lead`), so that they fit in columns."""
        members = self.members(heading)
        lead = self.group_lead(heading)
        return [
            Entry(
                self.aliases[i],
                group_label(self.texts[i], heading)[len(lead) :].strip() or self.texts[i],
                action=i,
            )
            for i in members
        ]

    def group_lead(self, heading: str) -> str:
        """The words every label of the group starts with ('place on'), shown once above them."""
        labels = [group_label(self.texts[i], heading).split(" ") for i in self.members(heading)]
        if len(labels) < 2:
            return ""
        k = 0
        while all(len(words) > k + 1 and words[k] == labels[0][k] for words in labels):
            k += 1
        return " ".join(labels[0][:k])

    def match(self, text: str, menu: Sequence[Entry], heading: str | None = None) -> tuple[str, Any]:
        """What `text` picks: ("action", index), ("group", heading), ("unclear", [indices])
        or ("none", None).  A number is a line of `menu`; an alias or a whole text works from
        any menu; the start of a text looks in the open group first, then everywhere."""
        t = " ".join(text.lower().split())
        if not t:
            return "none", None
        if t.isdigit():
            k = int(t)
            if not 1 <= k <= len(menu):
                return "none", None
            entry = menu[k - 1]
            return ("action", entry.action) if entry.group is None else ("group", entry.group)
        if t in self.aliases:
            return "action", self.aliases.index(t)
        for h, alias in self.group_aliases.items():
            if alias == t or h.lower() == t:
                return "group", h
        exact = [
            i
            for i, x in enumerate(self.texts)
            if " ".join(x.lower().split()) == t or action_name(x).lower() == t
        ]
        if len(exact) == 1:
            return "action", exact[0]
        scopes = [self.members(heading)] if heading else []
        scopes.append(range(len(self.texts)))
        shown = (
            {
                e.action: (e.label.lower(), group_label(self.texts[e.action], heading).lower())
                for e in self.group_menu(heading)
            }
            if heading
            else {}
        )
        for scope in scopes:
            found = [
                i
                for i in scope
                if self.texts[i].lower().startswith(t)
                or any(label.startswith(t) for label in shown.get(i, ()))
            ]
            if len(found) == 1:
                return "action", found[0]
            if found:
                groups = {self.groups[i] for i in found}
                if not heading and len(groups) == 1 and "" not in groups:
                    return "group", groups.pop()
                return "unclear", found
        heads = [h for h in self.headings if h.lower().startswith(t)]
        if len(heads) == 1:
            return "group", heads[0]
        return "none", None


def new_lines(old: Sequence[str], new: Sequence[str]) -> list[str]:
    """The lines of `new` that were not in `old`, for a history that may be a sliding
    window (the longest suffix of `old` that is a prefix of `new` is the overlap)."""
    old, new = list(old), list(new)
    if new[: len(old)] == old:
        return new[len(old) :]
    for k in range(min(len(old), len(new)), 0, -1):
        if old[-k:] == new[:k]:
            return new[k:]
    return new


# --------------------------------------------------------------------------- rules text

#: per game: action kind -> spec section number (for `rules`); "mode:kind" entries win
RULE_SECTIONS: dict[str, dict[str, str]] = {
    "pulitzer": {
        "place": "7.2",
        "pass": "7.1",
        "bail": "8.4",
        "req": "8.7",
        "reg": "8.7",
        "photo": "8.7",
        "nophoto": "8.7",
        "train": "8.7.3",
        "bus": "8.4",
        "stop": "8.4",
        "pin": "8.4",
        "unpin": "8.4",
        "nopin": "8.4",
        "keep": "8.4",
        "destroy": "8.5",
        "ot": "8.6",
        "ot_extra": "8.6",
        "stmt": "8.6",
        "sports": "8.2",
        "sports_cash": "8.2",
        "ent": "8.2",
        "ent_contact": "8.2",
        "support": "8.3",
        "nosupport": "8.3",
        "tok": "10",
        "notok": "10",
        "donor": "8.7",
        "pin_evidence": "8.4",
        "pin_line": "8.4",
        "solo:place": "13.3",
        "solo:pass": "13.3",
        "solo:bus": "13.6",
        "solo:stop": "13.6",
        "solo:sports": "13.5",
        "solo:sports_cash": "13.5",
        "solo:ent": "13.5",
        "solo:ent_contact": "13.5",
        "two-player:place": "13.3",
        "two-player:bus": "13.6",
        "two-player:sports": "13.5",
    },
    "tabletop_inc": {
        "place": "7",
        "flip": "10.18",
        "pay": "16.2",
        "upgrade": "10",
        "take": "10",
        "do": "10",
        "buy": "10",
        "buy_skill": "8.3",
        "freelancer": "16.1",
        "item": "16.5",
        "keep": "5",
        "predict": "13.1",
        "predict_on": "13.1",
        "no_predict": "13.1",
        "recall": "12",
        "end_turn": "6",
        "play": "16.2",
        "swap": "8.2",
        "slot": "8.2",
        "tuck": "8.2",
        "token": "9",
        "decline": "10.17",
        "stop": "10.17",
    },
    "pi": {
        "investigate": "7.1",
        "evidence": "7.2",
        "solve_crime": "7.3",
        "solve_location": "7.3",
        "solve_suspect": "7.3",
    },
    "watergate": {
        "action": "9",
        "value": "7",
        "init": "8.1",
        "mom": "8.2",
        "slot": "7.1",
        "space": "7.1",
        "person": "9.2",
        "react": "9.4",
        "ask": "9.5",
        "gambit_remove": "9.5",
        "replay": "9.5",
        "pass": "5.2",
    },
    "salem": {
        "play": "6",
        "target": "6",
        "target2": "6",
        "draw": "5",
        "end": "5",
        "stop": "5",
        "no": "5",
        "keep": "4.3",
        "dawn": "11",
        "confess": "10.2",
        "victim": "10.2",
        "sleep": "10.2",
        "gavel": "13",
        "token": "13",
        "alibi": "17",
        "cat": "13",
        "tituba": "17",
        "parris": "17",
        "mag_from": "17",
        "mag_to": "17",
        "look": "17",
        "take": "17",
    },
}

_HEADING = re.compile(r"^(#{1,6})\s+(.*)$")


def rulebook_text(game_name: str) -> str:
    path = Path(__file__).parent / "rulebooks" / f"{game_name}.md"
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
    table = RULE_SECTIONS.get(game.name, {})
    return table.get(f"{game.params.mode}:{kind}") or table.get(str(kind), "")


# --------------------------------------------------------------------------- the session


@dataclass
class Seat:
    spec: str
    bot: Bot | None = None
    automaton: bool = False

    @property
    def human(self) -> bool:
        return self.spec == "human"


@dataclass
class Session:
    game: Game
    seats: list[Seat]
    seed: int
    bot_seed: int
    state: State = None  # type: ignore[assignment]
    actions: list[tuple[Any, str, int]] = field(default_factory=list)
    history: list[str] = field(default_factory=list)
    bot_times: list[float] = field(default_factory=list)
    colour: bool = False
    input_fn: Callable[[str], str] = input
    out: Callable[[str], None] = click.echo
    move_seconds: float = MOVE_SECONDS
    _hints: int = 0
    #: action index of each human decision -> the bots' state just before it (for undo)
    _snapshots: dict = field(default_factory=dict)
    #: action index of each search-bot move -> (the actions before it, iterations it searched)
    _bot_iterations: dict = field(default_factory=dict)
    #: what the last hint did: playouts, seconds, legal actions
    last_hint: dict = field(default_factory=dict)
    #: every alias offered so far -> what it named (see `assign_aliases`); saved with the game
    alias_book: dict = field(default_factory=dict)

    # ---- construction
    @classmethod
    def new(
        cls,
        game_name: str,
        players: int | None,
        mode: str | None,
        params: dict,
        seat_specs: Sequence[str],
        seed: int | None,
        bot_seed: int = 0,
        **kw,
    ) -> "Session":
        from automa.rules.core import game_class

        gcls = game_class(game_name)
        kwargs = dict(params)
        if players is not None:
            kwargs["players"] = players
        if mode:
            kwargs["mode"] = mode
        if seat_specs and "players" not in kwargs and not mode:
            if len(seat_specs) in gcls.player_counts():
                kwargs["players"] = len(seat_specs)
        if not seat_specs or any(spec.strip().lower() == "human" for spec in seat_specs):
            for name, value in gcls.human_params.items():
                kwargs.setdefault(name, value)
        base = load_game(gcls.name, **kwargs)
        n = base.num_players
        specs = list(seat_specs)
        if specs and len(specs) != n:
            raise AutomaError(
                f"{len(specs)} --seat options for {n} seats: give one per seat "
                f"('human' or a bot spec), or none"
            )
        if not specs:
            specs = ["human"] + [default_opponent(base)] * (n - 1)
        if seed is None:
            seed = random.SystemRandom().randrange(10**9)
        session = cls(game=base, seats=[], seed=seed, bot_seed=bot_seed, **kw)
        session._seat(specs)
        session.state = session.game.new_initial_state(seed)
        session.history = list(session.state.history_text())
        return session

    @classmethod
    def load(cls, path: str | Path, game: str | None = None, **kw) -> "Session":
        """A saved game, resumed; `game`, when given, is the game the player expects."""
        record = read_saved(path, game)
        game = records.game_from_record(record)
        session = cls(game=game, seats=[], seed=record["seed"], bot_seed=record.get("bot_seed", 0), **kw)
        session._seat(record["seats"])
        try:
            records.replay(record)  # checks every action, names the first bad one
        except records.RecordError as err:
            raise AutomaError(f"{path}: the saved game does not replay with these rules: {err}") from None
        state = session.game.new_initial_state(session.seed)
        for encoded, text, seat in record["actions"]:
            action = find_action(state, encoded)
            state._apply(action)
            session.actions.append((action, text, seat))
        session.state = state
        session.history = list(record.get("seen_history", state.history_text()))
        session.alias_book = dict(record.get("aliases") or {})
        for key, value in (record.get("bot_rng") or {}).items():
            seat = session.seats[int(key)]
            if seat.bot is not None:
                seat.bot.rng.setstate(_rng_state_from_json(value))
        return session

    def _seat(self, specs: Sequence[str]) -> None:
        game = self.game.with_automaton_seats(list(specs))
        self.game = game
        automata = set(game.automaton_seats())
        self.seats = []
        for s, spec in enumerate(specs):
            spec = spec.strip()
            if spec.lower() == "human":
                self.seats.append(Seat("human"))
            elif s in automata:
                self.seats.append(Seat(spec, automaton=True))
            else:
                self.seats.append(Seat(spec, bot=make_bot(spec, game, self.bot_seed + s)))

    # ---- output
    def style(self, text: str, **kw) -> str:
        return click.style(text, **kw) if self.colour else text

    def echo(self, text: str = "", **kw) -> None:
        self.out(self.style(text, **kw) if kw else text)

    @property
    def humans(self) -> list[int]:
        return [s for s, seat in enumerate(self.seats) if seat.human]

    def seat_name(self, s: int) -> str:
        seat = self.seats[s]
        if seat.human:
            return f"seat {s} (you)" if len(self.humans) == 1 else f"seat {s} (human)"
        return f"seat {s} ({seat.spec})"

    def decision(self) -> tuple[list, Decision]:
        """The legal actions of the seat to move, and how the terminal offers them."""
        state = self.state
        legal = state.legal_actions()
        texts = [state.action_to_string(a) for a in legal]
        groups = action_groups(state, state.current_player(), legal, texts)
        return legal, Decision(texts, groups, self.alias_book)

    # ---- records
    def to_record(self) -> dict:
        g = self.game
        rec = {
            "format": records.RECORD_FORMAT,
            "version": records.library_version(),
            "rules_hash": g.rules_hash(),
            "game": g.name,
            "params": g.params.to_json(),
            "seed": self.seed,
            "seats": [seat.spec for seat in self.seats],
            "status": "in_progress",
            "actions": [[action_to_json(a), text, seat] for a, text, seat in self.actions],
            "scores": [],
            "ranks": [],
            "winners": [],
            "reason": "saved in the middle of the game",
            "wall_time": 0.0,
            "bot_seed": self.bot_seed,
            "bot_rng": {
                str(s): _rng_state_to_json(seat.bot.rng)
                for s, seat in enumerate(self.seats)
                if seat.bot is not None
            },
            "seen_history": list(self.history),
            "aliases": dict(self.alias_book),
        }
        if self.state.is_terminal():
            done = records.make_record(g, self.seed, rec["seats"], self.state, self.actions, 0.0)
            rec.update({k: done[k] for k in ("status", "scores", "ranks", "winners", "reason")})
        return rec

    def save(self, path: str) -> str:
        """Write the record to `path` (atomically: a temporary file, then a rename)."""
        path = os.path.expanduser(path.strip())
        if os.path.isdir(path):
            raise IsADirectoryError(21, "is a folder; give a file name", path)
        tmp = f"{path}.tmp"
        try:
            with open(tmp, "w", encoding="utf-8") as handle:
                handle.write(records.dumps(self.to_record()) + "\n")
            os.replace(tmp, path)
        except OSError:
            if os.path.exists(tmp):
                os.remove(tmp)
            raise
        return path

    # ---- moves
    def apply(self, action: Any, seat: int) -> None:
        text = self.state.action_to_string(action)
        if self.seats[seat].human:
            # undo must put the bots back exactly as they were here (see `undo`)
            self._snapshots[len(self.actions)] = self._bot_snapshot()
        self.state.apply_action(action)
        self.actions.append((action, text, seat))

    def _bot_snapshot(self) -> dict:
        """A deep copy of every bot's own state (its generator, and any memory it keeps
        between moves, like the Salem bot's accusation history).
        The game object is shared, never copied.  Automata (Times, Mumanbot) draw from the
        game state's own generator, which undo rebuilds by replaying from the seed."""
        memo = {id(self.game): self.game}
        bots = {
            s: copy.deepcopy(vars(seat.bot), dict(memo))
            for s, seat in enumerate(self.seats)
            if seat.bot is not None
        }
        return {"bots": bots}

    def _restore_bots(self, snap: dict) -> None:
        for s, saved in snap["bots"].items():
            bot = self.seats[s].bot
            fresh = copy.deepcopy(saved, {id(self.game): self.game})
            vars(bot).clear()
            vars(bot).update(fresh)

    def undo(self) -> str:
        """Take back the human's last decision and every move after it.  The bots get back
        the state they had at that decision, so playing the same move again gives the same
        replies (search bots on a time budget repeat the iteration count they used)."""
        if len(self.humans) != 1:
            return "undo works only with one human at the table (the others would see your move)"
        me = self.humans[0]
        idx = max((i for i, (_a, _t, s) in enumerate(self.actions) if s == me), default=None)
        if idx is None:
            return "nothing to undo: you have not decided anything yet"
        undone = self.actions[idx][1]
        keep = self.actions[:idx]
        state = self.game.new_initial_state(self.seed)
        for action, _text, _seat in keep:
            state.apply_action(action)
        self.state, self.actions = state, keep
        self.history = list(state.history_text())
        snap = self._snapshots.get(idx)
        for k in [k for k in self._snapshots if k >= idx]:
            del self._snapshots[k]
        if snap is None:
            return (
                f"took back: {undone} (that decision was made before this game was loaded: "
                "the bots' generators from then are not saved, so their replies may differ)"
            )
        self._restore_bots(snap)
        return f"took back: {undone}"

    def hint(
        self, seat: int, seconds: float | None = None, run: Callable[..., Any] | None = None
    ) -> list[tuple[str, float, int, float, float]]:
        """The expert's analysis (search/analysis.py): its three best moves for `seat`, each
        played out from worlds `seat` cannot tell apart for about `seconds` (default
        HINT_SECONDS), as (text, estimated win rate, playouts, interval low, interval high),
        best estimate first.  `last_hint` says what was done.  `run(fn, *args, **kw)`, when
        given, is where the analysis runs (the web server's worker processes)."""
        from automa.search.analysis import analyse

        seconds = HINT_SECONDS if seconds is None else max(0.05, float(seconds))
        legal = self.state.legal_actions()
        if len(legal) == 1:
            self.last_hint = {"playouts": 0, "seconds": 0.0, "asked": seconds, "legal": 1}
            return [(self.state.action_to_string(legal[0]), float("nan"), 0, 0.0, 1.0)]
        self._hints += 1
        estimates, self.last_hint = (run or _call_here)(
            analyse, self.game, self.state, seat, seconds, seed=self.bot_seed + 9973 * self._hints
        )
        return [(e.text, e.rate, e.playouts, *e.interval) for e in estimates]

    def _cap(self, s: Any, bot: Bot, cap: float | None = None) -> None:
        """Give a search bot a safety stop at `move_seconds` per move.  Its budget stays in
        iterations, so whenever the budget fits (the calibrated levels always do on a
        2-core machine) its moves repeat exactly from the seed; only an overrun is cut."""
        cap = self.move_seconds if cap is None else cap
        params = getattr(bot, "params", {})
        if cap > 0 and "max_seconds" in params:
            params["max_seconds"] = cap

    def bot_move(self, s: int, think: Callable[[Bot, State, int], Any] | None = None) -> None:
        """The bot in seat `s` moves; `think(bot, state, seat)`, when given, is where it
        decides (the web server's thinking slots), in place of `bot.act(state, seat)`."""
        seat = self.seats[s]
        before = self.state
        self._cap(s, seat.bot)
        params = getattr(seat.bot, "params", {})
        searches = "iterations" in params and "seconds" in params
        key = len(self.actions)
        prefix = tuple(a for a, _t, _s in self.actions)
        seen = self._bot_iterations.get(key) if searches else None
        saved = None
        if seen is not None and seen[0] == prefix:
            # the same position after an undo: search exactly as many iterations as then, so
            # a time-budgeted search (whose count depends on the clock) repeats its answer
            saved = (params["iterations"], params["seconds"], params.get("max_seconds", 0.0))
            params["iterations"], params["seconds"] = seen[1], 0.0
            if "max_seconds" in params:
                params["max_seconds"] = 0.0
        start = time.perf_counter()
        try:
            action = think(seat.bot, before, s) if think is not None else seat.bot.act(before, s)
        finally:
            if saved is not None:
                params["iterations"], params["seconds"] = saved[0], saved[1]
                if "max_seconds" in params:
                    params["max_seconds"] = saved[2]
        elapsed = time.perf_counter() - start
        self.bot_times.append(elapsed)
        stats = getattr(seat.bot, "last_stats", None) or {}
        if searches and stats.get("iterations") and saved is None:
            self._bot_iterations[key] = (prefix, int(stats["iterations"]))
        from automa.views import public_action_text

        shown = public_action_text(before, action, s, self.humans)
        self.apply(action, s)
        self.echo(f"  {self.seat_name(s)}: {shown}", fg="cyan")

    def show_news(self) -> None:
        from automa.views import news_text

        now = list(self.state.history_text())
        for line in new_lines(self.history, now):
            self.echo(f"  > {news_text(self.state, line)}", fg="magenta")
        self.history = now


def _call_here(fn: Callable[..., Any], *args: Any, **kw: Any) -> Any:
    return fn(*args, **kw)


def hint_confidence(rows: Sequence[tuple[str, float, int, float, float]]) -> str:
    """How sure the analysis is of its first suggestion over the second, from their win-rate
    intervals: sure when the intervals do not overlap, fairly sure when the first leads by a
    standard error or more, otherwise not sure."""
    if len(rows) < 2:
        return ""
    _text, v1, n1, low1, _high = rows[0]
    _text, v2, n2, _low, high2 = rows[1]
    if not (n1 and n2) or v1 != v1 or v2 != v2:
        return ""
    figures = f"{100 * v1:.0f}% against {100 * v2:.0f}% over {n1} playouts each"
    if low1 > high2:
        return f"sure: the first suggestion is clearly ahead of the second ({figures})"
    spread = math.sqrt(max(v1 * (1 - v1), 0.01) / n1 + max(v2 * (1 - v2), 0.01) / n2)
    if (v1 - v2) / spread >= 1.0:
        return f"fairly sure: the first suggestion leads the second, but not by a clear margin ({figures})"
    return (
        f"not sure: the first two suggestions are too close to call ({figures}); "
        "either is as good as this analysis can tell"
    )


def hint_lines(rows: Sequence[tuple[str, float, int, float, float]], stats: dict) -> list[str]:
    """The hint's suggestions, each with its estimated win rate and 95% interval, then what
    was played and how sure that makes the analysis (`hint_confidence`); a note when the
    estimates rest on few playouts."""
    out = []
    for i, (text, value, playouts, low, high) in enumerate(rows, 1):
        if value != value:
            out.append(f"  {i}. {text}")
        else:
            out.append(
                f"  {i}. {text}  — estimated win rate {100 * value:.0f}% "
                f"(95% interval {100 * low:.0f}-{100 * high:.0f}%, {playouts} playouts)"
            )
    if not rows:
        return ["  no suggestion"]
    if stats.get("legal") == 1:
        out.append("  (the only legal move here)")
        return out
    player = stats.get("player", "a fast player")
    players = (
        f"{player} playing for you" if stats.get("deciders") == 1 else f"{player} in every player's seat"
    )
    if stats.get("automata"):
        players += " and the printed automaton by its cards"
    out.append(
        f"  the expert's {len(rows)} best of {stats.get('legal', 0)} legal moves, each played out to "
        f"the end ({players}) in the same {rows[0][2]} worlds consistent with what you see "
        f"({stats.get('seconds', 0.0):.1f} s)"
    )
    values = [v for _t, v, *_rest in rows]
    if len(rows) > 1 and max(values) - min(values) < 1e-9:
        out.append(
            "  every suggestion did equally well in the playouts: the analysis cannot tell "
            "these moves apart here, so their order means nothing"
        )
    else:
        sure = hint_confidence(rows)
        if sure:
            out.append(f"  {sure}")
    if min(n for _t, _v, n, *_rest in rows) < HINT_ROUGH_PLAYOUTS:
        out.append(f"  rough estimate: {rows[0][2]} playouts per move; 'hint 15' thinks longer")
    return out


def _rng_state_to_json(rng: random.Random) -> list:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def _rng_state_from_json(data: list) -> tuple:
    return (data[0], tuple(data[1]), data[2])


def read_saved(path: str | Path, game: str | None = None) -> dict:
    """The last record in a saved-game file (one JSON line; a JSONL file's last line),
    checked before anything replays it: readable text, JSON, the record format, the game
    (`game`, when the player named one), the parameters and the rules data it was saved with."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError as err:
        raise AutomaError(f"{path} is not a saved game: binary data at byte {err.start}") from None
    except OSError as err:
        raise AutomaError(f"cannot read {path}: {err.strerror or err}") from None
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        raise AutomaError(f"{path} is empty: not a saved game")
    try:
        record = json.loads(lines[-1])
    except json.JSONDecodeError as err:
        raise AutomaError(f"{path} is not a saved game (not JSON: {err.msg})") from None
    if isinstance(record, dict) and game and isinstance(record.get("game"), str):
        from automa.rules.core import game_class

        if game_class(record["game"]).name != _canonical(game):
            raise AutomaError(
                f"{path} holds a {record['game']} game, not {game}: "
                f"automa play {record['game']} --load {path}"
            )
    try:
        records.check_record(record)
    except records.RecordError as err:
        raise AutomaError(f"{path} is not a saved game: {err}") from None
    saved_hash, now_hash = record.get("rules_hash"), records.game_from_record(record).rules_hash()
    if saved_hash is not None and saved_hash != now_hash:
        raise AutomaError(
            f"{path} was saved with other rules data ({saved_hash}; this installation has "
            f"{now_hash}): its cards or boards differ, so it cannot be resumed here"
        )
    return record


# --------------------------------------------------------------------------- the terminal loop

#: home, erase the screen, erase the scrollback (xterm's ESC [3J, honoured by tmux, the VTE
#: terminals, iTerm2 and Windows Terminal): what one player saw must not be a scroll away
#: from the next
CLEAR_SCREEN = "\033[H\033[2J\033[3J"
_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


def screen_rows(lines: Sequence[str], width: int) -> int:
    """How many rows `lines` take on a terminal `width` columns wide (long lines wrap)."""
    total = 0
    for line in lines:
        for part in str(line).split("\n"):
            total += max(1, -(-len(_ANSI.sub("", part)) // max(1, width)))
    return total


def in_columns(cells: Sequence[str], width: int, least: int = 9) -> list[str]:
    """Cells laid out down the columns, as many columns as fit in `width`; fewer than
    `least` cells stay in one column."""
    if not cells:
        return []
    lengths = [len(_ANSI.sub("", c)) for c in cells]
    cell_width = max(lengths) + 2
    ncols = max(1, width // cell_width) if len(cells) >= least else 1
    rows = -(-len(cells) // ncols)
    ncols = -(-len(cells) // rows)
    out = []
    for r in range(rows):
        line = ""
        for c in range(ncols):
            k = c * rows + r
            if k < len(cells):
                pad = " " * (cell_width - lengths[k]) if c < ncols - 1 and k + rows < len(cells) else ""
                line += cells[k] + pad
        out.append(line.rstrip())
    return out


def terminal_size() -> tuple[int, int]:
    size = shutil.get_terminal_size((80, 24))
    return size.columns, size.lines


def state_dir() -> Path:
    """automa's folder in the user's state directory: $XDG_STATE_HOME/automa
    (~/.local/state/automa), for saves, records and companion states."""
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return Path(base) / "automa"


def games_dir(record_dir: str | Path | None = None) -> Path:
    """Where finished games' records and saves without a name go: `record_dir`, else
    state_dir()/games."""
    if record_dir:
        return Path(record_dir).expanduser()
    return state_dir() / "games"


class Terminal:
    """The prompts and commands around a Session.

    `screen` gives the terminal's (columns, rows) when the output is a terminal, None when
    it is not (a pipe, a test).  On a terminal a decision whose list does not fit is taken
    in two steps (a group, then its actions), and a board and list that do not fit together
    are shown one after the other (Enter lists the actions)."""

    def __init__(
        self,
        session: Session,
        screen: Callable[[], tuple[int, int]] | None = None,
        record_dir: str | Path | None = None,
    ):
        self.s = session
        self.screen = screen
        self.record_dir = record_dir
        self.saved_to: str | None = None
        self.record_path: str | None = None
        self.last_obs: dict[int, Any] = {}
        self._default_save: str | None = None

    def ask(self, prompt: str) -> str:
        try:
            return self.s.input_fn(prompt)
        except EOFError:
            raise EndOfInput() from None

    def size(self) -> tuple[int, int | None]:
        """(columns, rows) to fit into; rows None when there is no screen to fit."""
        if self.screen is None:
            return shutil.get_terminal_size((80, 24)).columns, None
        columns, rows = self.screen()
        return max(20, columns), max(8, rows)

    def run(self) -> int:
        """0 when the game ended or was saved; 1 when it was abandoned unsaved."""
        s = self.s
        s.echo(f"{s.game.title or s.game.name} — seed {s.seed}", bold=True)
        s.echo("seats: " + ", ".join(s.seat_name(i) for i in range(len(s.seats))))
        s.echo("type help for commands")
        for line in s.history:
            s.echo(f"  > {line}", fg="magenta")
        try:
            self._loop()
        except QuitGame:
            if self.saved_to:
                s.echo(
                    f"game left; resume with: automa play {s.game.name} --load {shlex.quote(self.saved_to)}"
                )
                return 0
            s.echo("game abandoned (not saved)")
            return 1
        self.final_screen()
        self.save_record()
        return 0

    def _loop(self) -> None:
        s = self.s
        on_screen: int | None = None
        while not s.state.is_terminal():
            try:
                seat = s.state.current_player()
                if not s.seats[seat].human:
                    if s.seats[seat].bot is None:
                        raise AutomaError(f"seat {seat} ({s.seats[seat].spec}) has no bot")
                    s.bot_move(seat)
                    s.show_news()
                    continue
                s.show_news()
                if len(s.humans) > 1 and on_screen != seat:
                    self.hand_over(seat)
                on_screen = seat
                self.human_turn(seat)
            except KeyboardInterrupt:
                s.echo("")
                self.offer_save("interrupted")
            except EndOfInput:
                s.echo("")
                self.offer_save("end of input (Ctrl-D)")
        s.show_news()

    def clear_screen(self) -> None:
        """Wipe the screen and its scrollback on a terminal; elsewhere push it up."""
        self.s.out(CLEAR_SCREEN if self.screen is not None else "\n" * 40)

    def hand_over(self, seat: int) -> None:
        s = self.s
        self.clear_screen()
        s.echo(
            f"=== hand over to seat {seat}: press Enter when only seat {seat} looks at the screen ===",
            bold=True,
        )
        self.ask("")
        s.out("\n" * 3)

    def position_lines(self, seat: int) -> list[str]:
        """What changed since the seat last looked, the decision's heading and the board."""
        from automa.views import board_changes, render_view

        s = self.s
        obs = s.state.observation(seat)
        lines = [
            s.style(f"  > {line}", fg="magenta")
            for line in board_changes(s.state, seat, self.last_obs.get(seat), obs)
        ]
        self.last_obs[seat] = obs
        lines.append("")
        lines.append(s.style(f"--- {s.seat_name(seat)}, your decision ---", bold=True, fg="green"))
        lines.extend(render_view(s.state, seat, s.style).split("\n"))
        return lines

    def show_position(self, seat: int) -> None:
        for line in self.position_lines(seat):
            self.s.out(line)

    def menu_lines(self, menu: Sequence[Entry], heading: str | None, width: int, lead: str = "") -> list[str]:
        """Numbered lines with the alias in [ ], in columns when they are many and short."""
        s = self.s
        tag_width = max(len(e.alias) for e in menu) + 2 if menu else 0
        cells = []
        for i, entry in enumerate(menu, 1):
            tag = f"[{entry.alias}]"
            cells.append(f"{i:>3}. {s.style(tag, fg='yellow')}{' ' * (tag_width - len(tag))} {entry.label}")
        lines = in_columns(cells, width)
        if heading:
            lead = f", {lead} ..." if lead else ""
            lines.insert(
                0, s.style(f"{heading}{lead} — {len(menu)} choices (b: back to the first list):", bold=True)
            )
        return lines

    def listing(
        self, decision: Decision, menu: Sequence[Entry], heading: str | None, width: int
    ) -> list[str]:
        return self.menu_lines(menu, heading, width, decision.group_lead(heading) if heading else "")

    def two_step(self, decision: Decision, width: int, rows: int | None) -> bool:
        """Whether the decision is taken a group first: when its flat list would not fit on
        the screen and grouping shortens it."""
        if rows is None or not decision.headings:
            return False
        flat = screen_rows(self.menu_lines(decision.flat_menu(), None, width), width)
        return flat + 4 > rows and len(decision.top_menu()) < len(decision.texts)

    def human_turn(self, seat: int) -> None:
        s = self.s
        legal, decision = s.decision()
        width, rows = self.size()
        steps = self.two_step(decision, width, rows)
        heading: str | None = None
        menu = decision.top_menu() if steps else decision.flat_menu()
        board = self.position_lines(seat)
        listing = self.listing(decision, menu, heading, width)
        for line in board:
            s.out(line)
        # a list that does not fit under the board waits for Enter, unless it is short: then
        # only the top of the board scrolls up (and `board` shows it again)
        menu_rows = screen_rows(listing, width)
        pending = (
            rows is not None and screen_rows(board + listing, width) + 2 > rows and menu_rows > rows // 3
        )
        if pending:
            self.pager_line(len(legal))
        else:
            self.print_lines(listing)
        while True:
            text = self.ask(f"seat {seat} > " + (f"{heading} > " if heading else "")).strip()
            if not text:
                if pending:
                    self.print_lines(self.listing(decision, menu, heading, width))
                    pending = False
                else:
                    s.echo(f"type a number 1-{len(menu)}, an alias in [ ], the start of an action, or help")
                continue
            word, _, rest = text.partition(" ")
            cmd = word.lower()
            if cmd in ("help", "?", "h"):
                self.help()
            elif cmd in ("quit", "q", "exit"):
                self.offer_save("quit")
            elif cmd == "save":
                self.save(rest or self.default_save_path())
            elif cmd in ("rules", "rule"):
                self.rules(legal)
            elif cmd == "board":
                self.show_position(seat)
                self.pager_line(len(legal))
                pending = True
            elif cmd == "actions":
                self.print_lines(self.listing(decision, menu, heading, width))
                pending = False
            elif cmd in ("back", "b") and not rest:
                if heading is None:
                    s.echo("this is the first list already")
                    continue
                heading = None
                menu = decision.top_menu()
                self.print_lines(self.listing(decision, menu, heading, width))
                pending = False
            elif cmd == "hint":
                self.hint(seat, rest)
            elif cmd == "undo":
                msg = s.undo()
                s.echo(msg, fg="yellow")
                if msg.startswith("took back"):
                    # the position goes back: no "what changed" lines against the undone one
                    me = s.state.current_player()
                    if me >= 0:
                        self.last_obs[me] = s.state.observation(me)
                    return
            else:
                kind, value = decision.match(text, menu, heading)
                if kind == "action":
                    try:
                        s.apply(legal[value], seat)
                    except IllegalActionError as err:  # cannot happen: the action is from legal
                        s.echo(str(err), fg="red")
                        continue
                    s.echo(f"  {s.seat_name(seat)}: {decision.texts[value]}", fg="green")
                    return
                if kind == "group":
                    heading = value
                    menu = decision.group_menu(heading)
                    self.print_lines(self.listing(decision, menu, heading, width))
                    pending = False
                elif kind == "unclear":
                    shown = ", ".join(f"[{decision.aliases[i]}]" for i in value[:8])
                    s.echo(
                        f"{text!r} fits {len(value)} actions: {shown}"
                        + (" ..." if len(value) > 8 else "")
                        + " — type more, or an alias",
                        fg="red",
                    )
                else:
                    s.echo(
                        f"{text!r}: not an action here: type a number 1-{len(menu)}, "
                        "an alias in [ ], the start of an action's text, or help",
                        fg="red",
                    )

    def pager_line(self, n: int) -> None:
        self.s.echo(
            f"--- {n} action{'s' if n != 1 else ''}: Enter lists them, or type your choice "
            "(help: commands) ---",
            bold=True,
        )

    def print_lines(self, lines: Sequence[str]) -> None:
        for line in lines:
            self.s.out(line)

    def help(self) -> None:
        s = self.s
        s.echo("choose an action by its number, its alias in [ ], or the start of its text;")
        s.echo("a line ending in > is a group: choosing it lists its actions (aliases work from any list);")
        s.echo("commands:")
        for name, text in COMMANDS.items():
            s.echo(f"  {name:<13} {text}")

    def default_save_path(self) -> str:
        """The file `save` without a name, and Enter at the leaving question, write to."""
        if self.saved_to:
            return self.saved_to
        if self._default_save is None:
            s = self.s
            stamp = time.strftime("%Y%m%d-%H%M%S")
            self._default_save = str(games_dir(self.record_dir) / f"{s.game.name}-seed{s.seed}-{stamp}.json")
        return self._default_save

    def save(self, name: str) -> bool:
        s = self.s
        name = name.strip()
        try:
            folder = games_dir(self.record_dir)
            if Path(os.path.expanduser(name)).parent == folder:
                folder.mkdir(parents=True, exist_ok=True)
            path = s.save(name)
        except OSError as err:
            s.echo(f"could not save to {name}: {err.strerror or err}", fg="red")
            return False
        self.saved_to = path
        s.echo(f"saved to {path} (resume: automa play {s.game.name} --load {shlex.quote(path)})", fg="green")
        return True

    def offer_save(self, why: str) -> None:
        """Ask whether to save before leaving; raises QuitGame to leave, returns to play on.
        Enter saves (to the last file saved, or a new one in the games folder); when the
        input is closed for good, the game is saved there rather than lost."""
        s = self.s
        if why != "quit":
            s.echo(f"{why}.", fg="yellow")
        target = self.default_save_path()
        s.echo(f"Enter: save the game to {target}")
        s.echo("or FILE: save it there;  n: leave without saving;  c: back to the game")
        while True:
            try:
                answer = self.ask("save before leaving? [Enter/FILE/n/c] ").strip()
            except KeyboardInterrupt:
                s.echo("")
                raise QuitGame() from None
            except EndOfInput:
                s.echo("")
                self.save(target)
                raise QuitGame() from None
            if answer.lower() in ("c", "continue"):
                s.echo("continuing")
                return
            if answer.lower() in ("n", "no"):
                raise QuitGame()
            if self.save(answer or target):
                raise QuitGame()

    def save_record(self) -> None:
        """Write the finished game as a record `automa replay` reads, and say where."""
        s = self.s
        folder = games_dir(self.record_dir)
        path = folder / f"{s.game.name}-seed{s.seed}-{time.strftime('%Y%m%d-%H%M%S')}.jsonl"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            s.save(str(path))
        except OSError as err:
            s.echo(f"could not write the game's record to {path}: {err.strerror or err}", fg="red")
            return
        self.record_path = str(path)
        s.echo(f"game record: {path}")
        s.echo(f"replay it with: automa replay {shlex.quote(str(path))} --verify")

    def rules(self, legal: list) -> None:
        s = self.s
        numbers = []
        for action in legal:
            n = section_for(s.game, action)
            if n and n not in numbers:
                numbers.append(n)
        shown = False
        for number in numbers[:2]:
            text = rule_section(s.game.name, number)
            if text:
                s.echo(text)
                s.echo("")
                shown = True
        if not shown:
            heads = rule_headings(s.game.name)
            if heads:
                s.echo("no section is mapped to this decision; the spec's sections are:")
                for h in heads:
                    s.echo(f"  {h}")
            else:
                s.echo("no rule text is shipped for this game")

    def hint(self, seat: int, arg: str = "") -> None:
        """`hint` or `hint SECONDS`: searches that long, then says how sure it is."""
        s = self.s
        arg = arg.strip()
        seconds = HINT_SECONDS
        if arg:
            try:
                seconds = float(arg)
            except ValueError:
                seconds = -1.0
            if not 0.5 <= seconds <= 120:
                s.echo(
                    f"hint {arg}: give the seconds to think as a number from 0.5 to 120 "
                    "(e.g. hint 15), or just hint",
                    fg="red",
                )
                return
        s.echo(f"thinking for {seconds:g} seconds (Ctrl-C stops)...")
        try:
            rows = s.hint(seat, seconds)
        except KeyboardInterrupt:
            s.echo("hint interrupted")
            return
        width = self.size()[0] - 1
        for line in hint_lines(rows, s.last_hint):
            indent = " " * (len(line) - len(line.lstrip()) + 3)
            for part in textwrap.wrap(line, width, subsequent_indent=indent, break_on_hyphens=False) or [""]:
                s.echo(part)

    def final_screen(self) -> None:
        s = self.s
        state = s.state
        outcome = state.outcome()
        s.echo("")
        s.echo("=== final scores ===", bold=True)
        for seat, score in enumerate(state.scores()):
            mark = "  winner" if seat in outcome.winners else ""
            s.echo(
                f"  {s.seat_name(seat)}: {', '.join(str(x) for x in score)}  rank {outcome.ranks[seat]}{mark}",
                fg="green" if mark else None,
            )
        s.echo(outcome.reason)
        if s.bot_times:
            t = s.bot_times
            s.echo(f"bot moves: {len(t)}, mean {sum(t) / len(t):.2f} s, max {max(t):.2f} s")


def run(
    game: str | None,
    players: int | None,
    mode: str | None,
    params: dict,
    seat_specs: Sequence[str],
    seed: int | None,
    bot_seed: int,
    load: str | None = None,
    colour: bool | None = None,
    move_seconds: float = MOVE_SECONDS,
    record_dir: str | None = None,
) -> int:
    """The `automa play` command.  Raises AutomaError for bad arguments."""
    kw = {"colour": use_colour() if colour is None else colour, "move_seconds": move_seconds}
    if load:
        session = Session.load(load, game, **kw)
        session.echo(f"loaded {load}: {len(session.actions)} actions played")
    else:
        session = Session.new(game, players, mode, params, seat_specs, seed, bot_seed, **kw)
    _restore_ctrl_c()
    screen = terminal_size if _is_terminal(sys.stdout) else None
    return Terminal(session, screen=screen, record_dir=record_dir).run()


def _is_terminal(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _restore_ctrl_c() -> None:
    """A process started in the background inherits SIGINT ignored, and Python then never
    raises KeyboardInterrupt; the player's Ctrl-C must still offer to save."""
    import signal

    try:
        if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
            signal.signal(signal.SIGINT, signal.default_int_handler)
    except ValueError:  # not the main thread (e.g. under a test runner's worker)
        pass


def _canonical(name: str) -> str:
    from automa.rules.core import game_class

    return game_class(name).name
