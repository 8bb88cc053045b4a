"""The menus of one decision at the terminal, as plain text functions: each action's alias,
the two-step grouping of a long list, and what a typed answer picks.  They know no session and
no screen, so the terminal (`automa.play.terminal`) and the browser (`automa.web`) share them
and the tests can check them alone.

An alias is made from the action's own text, never from its place in the list, so it means
the same action whenever it is offered (`assign_aliases`).
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from automa.rules.core import State

#: the words of the terminal's commands, which no alias may be
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
    texts) get the last one numbered: 'supportrightbus800', 'supportrightbus800#2'.  The
    aliases given are written into `book` (alias -> meaning), so within a session an alias
    keeps its meaning."""
    book = {} if book is None else book
    level = [0] * len(entries)

    def current(i: int) -> str | None:
        cands = entries[i][1]
        return cands[level[i]] if level[i] < len(cands) else None

    while True:
        for i, (meaning, _cands) in enumerate(entries):
            while (word := current(i)) is not None and book.get(word, meaning) != meaning:
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
        self.group_aliases = dict(zip(self.headings, aliases[len(self.texts) :], strict=False))

    def members(self, heading: str) -> list[int]:
        return [i for i, g in enumerate(self.groups) if g == heading]

    def flat_menu(self) -> list[Entry]:
        return [Entry(a, t, action=i) for i, (a, t) in enumerate(zip(self.aliases, self.texts, strict=False))]

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
        scopes: list[Sequence[int]] = [self.members(heading)] if heading else []
        scopes.append(range(len(self.texts)))
        shown = (
            {
                e.action: (e.label.lower(), group_label(self.texts[e.action], heading).lower())
                for e in self.group_menu(heading)
                if e.action is not None  # always so in a group's menu
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
