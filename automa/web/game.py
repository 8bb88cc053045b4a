"""A game played through the browser: a terminal `Session` with one view per human seat.

Everything a browser receives comes from `seat_view`, which reads only what that seat may see:
its observation (through the game's own view module), the legal actions when it is its turn,
the public log, and the narration of other seats' moves as that seat reads them
(`automa.rules.presentation.move_text`).  Bot seats have no view at all, and each human seat
has its own key, so another device at the table cannot ask for it.
"""

from __future__ import annotations

import secrets
import threading
from dataclasses import dataclass, field
from typing import Any

from automa.play import Session, hint_lines, new_lines
from automa.rules.core import AutomaError, IllegalActionError
from automa.rules.presentation import game_view, move_text, plain
from automa.views import news_text, render_view

#: the most narration lines a view carries (older ones stay on the server)
LOG_LINES = 400


class StaleMove(AutomaError):
    """The browser chose from a position that is no longer the game's (a double click,
    another tab): nothing is played, and the current view is sent instead."""


def state_view(state, seat: int) -> dict:
    """The part of a seat's view that depends on the position: board, whose turn, legal
    actions (only on its own turn) and, once the game is over, the result.  A pure function
    of what `seat` sees, so two positions with the same `observation(seat)` give the same
    dict (tested)."""
    game = state.game
    view = game_view(game)
    terminal = state.is_terminal()
    to_move = -1 if terminal else state.current_player()
    board = getattr(view, "board_svg", None)
    out: dict[str, Any] = {
        "board_svg": board(state, seat) if board is not None else "",
        "board_text": render_view(state, seat, plain),
        "to_move": to_move,
        "your_turn": to_move == seat,
        "over": terminal,
        "actions": [],
    }
    if to_move == seat:
        keys = getattr(view, "action_keys", None)
        group = getattr(view, "action_group", None)
        out["actions"] = [
            {
                "i": i,
                "text": state.action_to_string(a),
                "group": group(state, seat, a) if group else "",
                "keys": list(keys(state, seat, a)) if keys else [],
            }
            for i, a in enumerate(state.legal_actions())
        ]
    if terminal:
        outcome = state.outcome()
        out["result"] = {
            "scores": [list(s) for s in state.scores()],
            "score_names": list(type(game).score_names),
            "ranks": list(outcome.ranks),
            "winners": list(outcome.winners),
            "reason": outcome.reason,
        }
    return out


@dataclass
class WebGame:
    """One game in the server's memory, with its human seats' keys and narration."""

    session: Session
    id: str = field(default_factory=lambda: secrets.token_urlsafe(6))
    keys: dict[int, str] = field(default_factory=dict)
    #: seat -> narration lines as that seat reads them
    logs: dict[int, list[str]] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)
    #: plies at which a human seat had one legal action and it was played for them
    forced: set = field(default_factory=set)
    #: the public log as last narrated (a game's log may be a sliding window)
    _seen_history: list = field(default_factory=list)

    def __post_init__(self) -> None:
        for s in self.session.humans:
            self.keys.setdefault(s, secrets.token_urlsafe(8))
            self.logs.setdefault(s, [])
        if not self.keys:
            raise AutomaError(
                "no seat is human: give at least one seat 'human' "
                "(bot-only games are for `automa tournament`)"
            )
        self._news()

    # ---- access
    def check(self, seat: int, key: str) -> None:
        if self.keys.get(seat) is None or not secrets.compare_digest(self.keys[seat], key or ""):
            raise PermissionError(f"seat {seat} is not yours: open the link the lobby gave for your seat")

    def seat_names(self) -> list[str]:
        names = []
        for s, seat in enumerate(self.session.seats):
            names.append(f"seat {s} (human)" if seat.human else f"seat {s} ({seat.spec})")
        return names

    # ---- narration
    def _say(self, seat: int, line: str) -> None:
        self.logs[seat].append(line)

    def _news(self) -> None:
        state = self.session.state
        lines = list(state.history_text())
        for line in new_lines(self._seen_history, lines):
            for s in self.logs:
                self._say(s, "» " + news_text(state, line))
        self._seen_history = lines

    # ---- play
    def view(self, seat: int, frames: list | None = None) -> dict:
        s = self.session
        out = state_view(s.state, seat)
        out.update(
            {
                "id": self.id,
                "game": s.game.name,
                "title": type(s.game).title or s.game.name,
                "seat": seat,
                "seats": self.seat_names(),
                "ply": len(s.actions),
                "log": self.logs[seat][-LOG_LINES:],
                "can_undo": len(s.humans) == 1 and any(a[2] == seat for a in s.actions),
                "frames": frames or [],
            }
        )
        return out

    def run_bots(self, seat: int) -> list[dict]:
        """Bots move until a human seat has a real choice or the game ends; returns, for
        `seat`, one frame per move (its narration and the board after it) so the page can
        show the other seats' turns one at a time.  A human decision with one legal action
        (a reaction window with nothing to react with, a night with nothing to choose) is
        played for them: the rules ask it so that it reveals nothing, not to make a person
        click."""
        s = self.session
        frames = []
        view = game_view(s.game)
        board = getattr(view, "board_svg", None)
        while not s.state.is_terminal():
            actor = s.state.current_player()
            before = s.state.clone()
            mark = len(self.logs[seat])
            if s.seats[actor].human:
                legal = s.state.legal_actions()
                if len(legal) != 1:
                    break
                self.forced.add(len(s.actions))
                s.apply(legal[0], actor)
            else:
                s.bot_move(actor)
            action = s.actions[-1][0]
            for h in self.logs:
                if h == actor:
                    self._say(h, f"you: {before.action_to_string(action)} (your only choice)")
                else:
                    self._say(h, f"{self.seat_names()[actor]}: {move_text(before, action, actor, h)}")
            self._news()
            frames.append(
                {
                    "log": self.logs[seat][mark:],
                    "board_svg": board(s.state, seat) if board is not None else "",
                }
            )
        return frames

    def act(self, seat: int, index: int, ply: int) -> dict:
        s = self.session
        if ply != len(s.actions):
            raise StaleMove("the game has moved on since that choice was shown; here is the board now")
        if s.state.is_terminal():
            raise IllegalActionError(index, reason="the game is over")
        if s.state.current_player() != seat:
            raise StaleMove(f"it is not your turn (seat {s.state.current_player()} is to move)")
        legal = s.state.legal_actions()
        if not 0 <= index < len(legal):
            raise IllegalActionError(index, reason=f"choose one of the {len(legal)} actions listed")
        action = legal[index]
        before = s.state.clone()
        s.apply(action, seat)
        for h in self.logs:
            who = "you" if h == seat else self.seat_names()[seat]
            self._say(h, f"{who}: {move_text(before, action, seat, h)}")
        self._news()
        return self.view(seat, self.run_bots(seat))

    def undo(self, seat: int) -> dict:
        """Take back the seat's last real choice (and the forced moves played for it since)."""
        message = self.session.undo()
        while len(self.session.actions) in self.forced:
            self.forced.discard(len(self.session.actions))
            message = self.session.undo()
        self.forced = {ply for ply in self.forced if ply < len(self.session.actions)}
        self._seen_history = list(self.session.state.history_text())
        self._say(seat, f"— {message}")
        return self.view(seat, self.run_bots(seat))

    def hint(self, seat: int, seconds: float) -> dict:
        s = self.session
        if s.state.is_terminal() or s.state.current_player() != seat:
            raise StaleMove("a hint is for your own turn")
        rows = s.hint(seat, seconds)
        texts = [s.state.action_to_string(a) for a in s.state.legal_actions()]
        return {
            "lines": hint_lines(rows, s.last_hint),
            "best": [texts.index(t) for t, *_figures in rows if t in texts],
        }
