"""How a game is shown to a person, the part every game shares.

Each game owns its presentation in `rules/<game>/view.py` (the text board, the web board,
the wording of its public log); this module finds that module for a game and holds the small
helpers the views have in common.  A view reads only `state.observation(seat)`, the game's
printed names and the public log, so whatever it returns may be shown to that seat.

A game's view module provides:

* ``board_text(state, seat, style) -> str`` — the terminal board (required);
* ``board_changes(state, seat, before, after) -> list[str]`` — what appeared since the seat
  last looked, from two of its observations (optional);
* ``news_text(line) -> str`` — a public log line in printed names (optional);
* ``move_text(state, action, actor, viewer) -> str | None`` — how `actor`'s move (not yet
  applied) reads to `viewer`, when the game words hidden moves better than the generic rule
  of `public_move_text` (optional; None falls back to it).

and, for the web board (`automa serve`):

* ``board_svg(state, seat) -> str`` — the whole board as one ``<svg>`` with a ``viewBox`` and
  no fixed size, drawn from the same observation.  Every place on it that picks (part of) a
  legal action of `seat` carries ``data-key="KEY"``, a short stable string such as
  ``space:12`` or ``journalist:3``; a ``<title>`` child names it on hover.  No scripts and
  no external references.
* ``action_keys(state, seat, action) -> tuple[str, ...]`` — the board keys that pick
  `action`, in the order a player clicks them (a journalist, then a space); ``()`` for an
  action with no place on the board (it is still in the list beside the board).
* ``action_group(state, seat, action) -> str`` — the heading `action` is listed under when a
  decision has so many actions that it is taken in two steps (a journalist, then a space);
  ``""`` for an action that needs no group.

and, for the end of a game (the web's game-over window and the terminal's final scores):

* ``final_report(state, seat) -> FinalReport`` — every seat's score and the automaton's, each
  with its breakdown, the printed tie-breaker when one decided, and why the game ended in
  the rulebook's words (optional; `final_report` below falls back to the scores and the
  engine's reason).  Derived from `seat`'s observation like everything else here.

and, for the score strip above the web board (`standing`):

* ``standing(state, seat) -> list[dict]`` — where each side stands, one entry a seat and one
  for each automaton that is not a seat (the Pulitzer Times): ``{"seat": int or None,
  "name": str, "score": str, "note": str}``, from the seat's observation.  A game may keep it
  in its view module or in a ``standing`` module of its own; without either, the strip shows
  `public_standing`.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any


def plural(k: int, word: str, many: str | None = None) -> str:
    """`k` and the word for that many: 1 token, 2 tokens, 0 cubes (`many` for an irregular
    plural: plural(2, "box", "boxes"))."""
    return f"{k} {word if k == 1 else (many or word + 's')}"


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
    return game_part(game, "view")


def game_part(game, part: str) -> ModuleType | None:
    """The module `part` of the package that defines `game`'s class, or None."""
    package = type(game).__module__.rpartition(".")[0]
    try:
        return importlib.import_module(f"{package}.{part}")
    except ModuleNotFoundError as err:
        if err.name != f"{package}.{part}":
            raise
        return None


def standing(state, seat: int) -> list[dict]:
    """The score strip's entries for `seat`: the game's own `standing` hook (in its view
    module, or its `standing` module), else `public_standing`."""
    hook = getattr(game_view(state.game), "standing", None)
    if hook is None:
        hook = getattr(game_part(state.game, "standing"), "standing", None)
    return list(hook(state, seat)) if hook is not None else public_standing(state, seat)


#: how many worlds `public_standing` compares
STANDING_WORLDS = 4


def public_standing(state, seat: int, worlds: int = STANDING_WORLDS) -> list[dict]:
    """Each seat's first score (`Game.score_names[0]`) as `seat` can know it, for a game
    with no `standing` hook: the score in `worlds` determinizations for `seat` (worlds it
    cannot tell from the truth, drawn with fixed seeds), shown where they all agree and "?"
    where they do not, so that nothing hidden decides what is shown.  At the end the scores
    are public."""
    import random

    n = state.game.num_players
    names = type(state.game).score_names
    label = names[0] if names else "score"
    if state.is_terminal():
        rows = [[row[0] for row in state.scores()]]
    else:
        rows = [[row[0] for row in state.determinize(seat, random.Random(k)).scores()] for k in range(worlds)]
    out = []
    for p in range(n):
        values = {row[p] for row in rows}
        score = str(values.pop()) if len(values) == 1 else "?"
        out.append({"seat": p, "name": "", "score": score, "note": label})
    return out


#: what a viewer reads for a move whose content its observation does not show
HIDDEN_MOVE = "makes a choice hidden from you"


#: first words of action texts that are not verbs: left as they are
_NOT_VERBS = frozenset({"no", "nothing", "none", "a", "an", "the", "one", "all", "both", "each", "seat"})
_IRREGULAR = {"do": "does", "undo": "undoes", "go": "goes", "have": "has", "be": "is"}


def third_person(text: str) -> str:
    """An action's text as said of someone else: action texts are imperatives addressed to
    the player ("end your turn"); another seat's move reads "ends their turn".  A text that
    does not start with a lowercase verb (a name, "no token") is left as it is."""
    match = re.match(r"([a-z]+)\b(.*)", text, re.S)
    if not match:
        return text
    verb, rest = match.groups()
    if verb in _NOT_VERBS or (verb.endswith("s") and not verb.endswith("ss")):
        said = verb
    elif verb in _IRREGULAR:
        said = _IRREGULAR[verb]
    elif re.search(r"(ss|x|z|ch|sh|o)$", verb):
        said = verb + "es"
    elif re.search(r"[^aeiou]y$", verb):
        said = verb[:-1] + "ies"
    else:
        said = verb + "s"
    rest = re.sub(r"\byourself\b", "themselves", rest)
    rest = re.sub(r"\byours\b", "theirs", rest)
    rest = re.sub(r"\byour\b", "their", rest)
    rest = re.sub(r"\byou\b", "they", rest)
    return said + rest


def observation_after(state, action, viewer: int):
    """`viewer`'s observation once `action` is applied to a copy of `state`."""
    child = state.clone()
    child.apply_action(action)
    return child.observation(viewer)


def move_text(state, action, actor: int, viewer: int) -> str:
    """How `actor`'s move (not yet applied to `state`) reads to `viewer`.

    The actor reads its own move in full; anyone else reads it said of the actor ("ends
    their turn", `third_person`).  For anyone else the text follows from what the
    viewer can see: the game's view may word it (`move_text` in its view module, e.g. a
    secret decision the observation marks as secret); otherwise the move is named only when
    no other legal move would leave the viewer's observation the same, so two moves the
    viewer cannot tell apart always read alike."""
    if viewer == actor:
        return state.action_to_string(action)
    worded = getattr(game_view(state.game), "move_text", None)
    if worded is not None:
        text = worded(state, action, actor, viewer)
        if text is not None:
            return text if text == HIDDEN_MOVE else third_person(text)
    mine = observation_after(state, action, viewer)
    for other in state.legal_actions():
        if other != action and observation_after(state, other, viewer) == mine:
            return HIDDEN_MOVE
    return third_person(state.action_to_string(action))


# --------------------------------------------------------------------------- the end of a game


@dataclass
class ScoreRow:
    """One line of the final scores: a seat or an automaton that scores (the Times)."""

    name: str  # as the table calls it: "you", "P2 (Ada)", "the Times"
    total: Any  # the score the winner is judged by (a number, or words such as "eliminated")
    parts: list[tuple[str, Any]] = field(default_factory=list)  # the breakdown: ("articles", 40)
    rank: int | None = None  # 1 = first; None for a row outside the ranking
    winner: bool = False
    automaton: bool = False  # an automaton's row, not a seat's
    seat: int | None = None  # the seat this row is, None for an automaton


@dataclass
class FinalReport:
    """The end of a game as a player reads it."""

    rows: list[ScoreRow]
    reason: str  # why the game ended and who won, in the rulebook's words
    tiebreak: str = ""  # the printed tie-breaker, when one decided the winner

    def to_json(self) -> dict:
        return {
            "rows": [
                {
                    "name": r.name,
                    "total": r.total,
                    "parts": [[label, value] for label, value in r.parts],
                    "rank": r.rank,
                    "winner": r.winner,
                    "automaton": r.automaton,
                    "seat": r.seat,
                }
                for r in self.rows
            ],
            "reason": self.reason,
            "tiebreak": self.tiebreak,
        }

    def lines(self) -> list[str]:
        """The report as text lines (the terminal wraps them to its width)."""
        out = []
        for r in self.rows:
            mark = "  ★ winner" if r.winner else ""
            rank = f"  rank {r.rank}" if r.rank is not None else ""
            out.append(f"{r.name}: {r.total}{rank}{mark}")
            if r.parts:
                out.append("    " + ", ".join(f"{label} {value}" for label, value in r.parts))
        if self.tiebreak:
            out.append(f"Tie-breaker: {self.tiebreak}")
        out.append(self.reason)
        return out


def final_report(state, seat: int) -> FinalReport:
    """The game's own `final_report` (its view module), or one from the scores: a row per
    seat with the score and its tie-break columns as the breakdown, and the engine's reason."""
    own = getattr(game_view(state.game), "final_report", None)
    if own is not None:
        return own(state, seat)
    outcome = state.outcome()
    names = list(type(state.game).score_names)
    rows = []
    for p, score in enumerate(state.scores()):
        labels = [
            names[k] if k < len(names) else ("score" if k == 0 else "tie-break") for k in range(len(score))
        ]
        rows.append(
            ScoreRow(
                name="you" if p == seat else seat_label(p, seat),
                total=score[0],
                parts=list(zip(labels[1:], score[1:], strict=True)),
                rank=outcome.ranks[p],
                winner=p in outcome.winners,
                seat=p,
            )
        )
    return FinalReport(rows, outcome.reason)
