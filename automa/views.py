"""What a person at a terminal is shown: the game's own view (`rules/<game>/view.py`, found
through `automa.rules.presentation.game_view`), and how another seat's move reads to them.

A game without a view, or a view that fails on an observation it does not expect, falls back
to `state.render(seat)`.
"""
from __future__ import annotations

from typing import Sequence

from automa.rules.presentation import Style, game_view, plain as _plain


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
    """How `actor`'s move (not yet applied to `state`) reads to the humans `viewers`.

    Per game: face-down journalist values (Pulitzer §7.3) and Salem's secret choices are
    masked.  Any game: when another legal action would leave every viewer's observation
    exactly the same, the viewers cannot tell the two apart, so the move is not named."""
    text = state.action_to_string(action)
    if actor in viewers or not viewers:
        return text
    name = state.game.name
    kind = action[0] if isinstance(action, tuple) and action else None
    if name == "pulitzer" and kind == "place":
        import re
        return re.sub(r"journalist \d+", "a face-down journalist", text)
    if name == "salem":
        from automa.rules.salem.state import SECRET_KINDS
        if kind in SECRET_KINDS:
            return "makes a secret choice"
    try:
        legal = state.legal_actions()
        if 1 < len(legal) <= 120:
            def seen(a):
                child = state.clone()
                child._apply(a)
                return [child.observation(v) for v in viewers]
            mine = seen(action)
            for other in legal:
                if other != action and seen(other) == mine:
                    return "makes a choice hidden from you"
    except Exception:   # a view must never end the game; the text is then shown as is
        pass
    return text
