"""What a person at a terminal is shown: the game's own view (`rules/<game>/view.py`, found
through `automa.rules.presentation.game_view`), and how another seat's move reads to them.

A game without a view, or a view that fails on an observation it does not expect, falls back
to `state.render(seat)`.
"""

from __future__ import annotations

from collections.abc import Sequence

from automa.rules.presentation import (
    HIDDEN_MOVE,
    Style,
    final_report,
    game_view,
    move_text,
    plain as _plain,
    third_person,
)


def render_view(state, seat: int, style: Style = _plain) -> str:
    """The game's view for `seat`, or `state.render(seat)` when it has none (or it fails)."""
    view = game_view(state.game)
    if view is not None:
        try:
            return view.board_text(state, seat, style)
        except (KeyError, IndexError, TypeError, ValueError, AttributeError):
            pass
    return state.render(seat)


def news_text(state, line: str) -> str:
    """A public log line as the players read it."""
    fn = getattr(game_view(state.game), "news_text", None)
    return fn(line) if fn else line


def board_changes(state, seat: int, before, after) -> list[str]:
    """What changed on the board since `seat` last looked (`before`, its observation then):
    the game's own `board_changes`, then the milestones passed (`milestones`)."""
    fn = getattr(game_view(state.game), "board_changes", None)
    out: list[str] = []
    if fn is not None:
        try:
            out = list(fn(state, seat, before or {}, after))
        except (KeyError, IndexError, TypeError, ValueError, AttributeError):
            out = []
    return out + milestones(state, seat, before, after)


def milestones(state, seat: int, before, after) -> list[str]:
    """The ends the game passed between two of `seat`'s observations, told to that seat: a
    round's or a mini-game's end as the game's view words it (its optional `milestones`
    hook), and the game's end with the reason from its final report.  Why here: the web and
    the terminal tell them alike, from observations only."""
    out: list[str] = []
    fn = getattr(game_view(state.game), "milestones", None)
    if fn is not None and before:
        try:
            out = list(fn(state, seat, before, after))
        except (KeyError, IndexError, TypeError, ValueError, AttributeError):
            out = []
    if state.is_terminal() and before is not None and before != after:
        out.append("The game is over: " + final_report(state, seat).reason)
    return out


# --------------------------------------------------------------------------- others' moves


def public_action_text(state, action, actor: int, viewers: Sequence[int]) -> str:
    """How `actor`'s move (not yet applied to `state`) reads to the humans `viewers`, who
    share one screen: each viewer's text comes from what that viewer sees
    (`automa.rules.presentation.move_text`), and where they would read it differently the
    table is told only that a hidden choice was made."""
    if actor in viewers:
        return state.action_to_string(action)
    if not viewers:
        return third_person(state.action_to_string(action))
    texts = {move_text(state, action, actor, v) for v in viewers}
    return texts.pop() if len(texts) == 1 else HIDDEN_MOVE
