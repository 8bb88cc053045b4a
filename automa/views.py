"""What a person at a terminal is shown: the game's own view (`rules/<game>/view.py`, found
through `automa.rules.presentation.game_view`), and how another seat's move reads to them.

A game without a view, or a view that fails on an observation it does not expect, falls back
to `state.render(seat)`.
"""

from __future__ import annotations

from typing import Sequence

from automa.rules.presentation import HIDDEN_MOVE, Style, game_view, move_text, plain as _plain, third_person


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
    fn = getattr(game_view(state.game), "board_changes", None)
    if fn is None:
        return []
    try:
        return fn(state, seat, before or {}, after)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        return []


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
