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
import time
from typing import Any

from automa.play import Session, hint_lines, hint_prefers, new_lines
from automa.rules.core import AutomaError, IllegalActionError
from automa.rules.presentation import final_report, game_view, move_text, plain, standing
from automa.views import milestones, news_text, render_view

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
        # the score strip: every side's score and each automaton's state, from this seat's view
        "standing": standing(state, seat),
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
            # the end as a player reads it: every row's breakdown, the automaton's score, the
            # tie-breaker that decided, the reason in the rulebook's words (from seat's view)
            "report": final_report(state, seat).to_json(),
        }
    return out


def revealed(before, action, after, seat: int, worlds: int = 4) -> bool:
    """Whether `action`, played from `before`, told `seat` something it could not have known:
    some world `seat` cannot tell apart from `before` (a determinization) gives another
    observation after the same action, or does not allow it.  A draw, a flip or a night's
    result does; a move whose outcome `seat` could foresee does not.  Why it matters: undo
    may not go back past such a point, or a lone player could draw, look, undo and know what
    the deck holds."""
    import random

    seen = after.observation(seat)
    for i in range(worlds):
        world = before.determinize(seat, random.Random(7919 * i + 1))
        legal = world.legal_actions()
        if action not in legal:
            return True
        world.apply_action(legal[legal.index(action)])
        if world.observation(seat) != seen:
            return True
    return False


#: the most bot-move frames a seat's page can still fetch (older ones are in its log)
FRAME_LIMIT = 200
#: how long `act` and `advance` wait for the bots by default before answering "thinking"
DEFAULT_WAIT = 2.0
#: what the undo button says it can do
UNDO_NOTE = (
    "Undo takes back your last choice, but never past a point where new hidden information "
    "reached you (a card drawn, a card flipped, a night's result)"
)


class WebGame:
    """One game on the server, with its human seats' keys, each seat's narration and the
    frames of the bots' moves as that seat saw them.

    Bots move in a background job (`automa.web.bots.BotRunner`) that holds the game's lock
    while it thinks; views never take the lock (they read the position published after the
    last move), so a page is answered at once however long a bot thinks."""

    def __init__(
        self,
        session: Session,
        id: str | None = None,
        keys: dict[int, str] | None = None,
        chosen: bool = False,
        runner=None,
        store=None,
    ):
        self.session = session
        self.id = id or secrets.token_urlsafe(6)
        self.keys: dict[int, str] = dict(keys or {})
        #: the creator chose the seed: with more than one person at the table, it is open to them
        self.chosen = chosen
        self.runner = runner
        self.store = store
        #: seat -> narration lines as that seat reads them
        self.logs: dict[int, list[str]] = {}
        #: seat -> frames of moves not yet fetched (bounded), and the number of frames before them
        self.frames: dict[int, list[dict]] = {}
        self.frame_base: dict[int, int] = {}
        self.lock = threading.RLock()
        self.idle = threading.Condition()
        self.thinking = False
        self.queued = False
        self.stopped: str | None = None
        #: plies at which a human seat had one legal action and it was played for them
        self.forced: set[int] = set()
        #: undo may not take back a decision before this ply (hidden information came after it)
        self.barrier = 0
        #: the public log as last narrated (a game's log may be a sliding window)
        self._seen_history: list[str] = []
        #: per human seat, the last move line not yet told: (actor, line, its text)
        self._held_moves: dict[int, tuple[int, str, str]] = {}
        self.touched = time.monotonic()
        for s in session.humans:
            self.keys.setdefault(s, secrets.token_urlsafe(8))
            self.logs.setdefault(s, [])
            self.frames.setdefault(s, [])
            self.frame_base.setdefault(s, 0)
        if not self.keys:
            raise AutomaError(
                "no seat is human: give at least one seat 'human' "
                "(bot-only games are for `automa tournament`)"
            )
        for note in session.notes:  # e.g. the difficulty auto chose, and why
            for s in self.logs:
                self._say(s, "» " + note)
        self._news()
        self._publish()

    # ---- access
    def check(self, seat: int, key: str) -> None:
        given = (key or "").encode("utf-8", "surrogateescape")
        mine = self.keys.get(seat)
        if mine is None or not secrets.compare_digest(mine.encode(), given):
            raise PermissionError(f"seat {seat} is not yours: open the link the lobby gave for your seat")

    def seat_names(self) -> list[str]:
        names = []
        for s, seat in enumerate(self.session.seats):
            names.append(f"seat {s} (human)" if seat.human else f"seat {s} ({seat.spec})")
        return names

    @property
    def over(self) -> bool:
        return self._published[0].is_terminal()

    @property
    def to_move(self) -> int:
        """The seat to move in the position views are drawn from (-1 once it is over)."""
        state = self._published[0]
        return -1 if state.is_terminal() else state.current_player()

    @property
    def ply(self) -> int:
        """The ply of the position views are drawn from."""
        return self._published[1]

    # ---- narration
    def _say(self, seat: int, line: str) -> None:
        self.logs[seat].append(line)
        del self.logs[seat][: -4 * LOG_LINES]

    def _news(self) -> None:
        state = self.session.state
        lines = list(state.history_text())
        fresh = new_lines(self._seen_history, lines)
        if fresh:
            self._flush_moves()  # the move first, then what the table saw come of it
        for line in fresh:
            for s in self.logs:
                self._say(s, "» " + news_text(state, line))
        self._seen_history = lines

    def _flush_moves(self) -> None:
        """Tell every move step still held back."""
        for seat, held in self._held_moves.items():
            self._say(seat, held[1])
        self._held_moves.clear()

    def _publish(self) -> None:
        """The position views are drawn from, until the next move."""
        self._published = (self.session.state.clone(), len(self.session.actions))

    def _frame(self, marks: dict[int, int]) -> None:
        board = getattr(game_view(self.session.game), "board_svg", None)
        for h in self.logs:
            frames = self.frames[h]
            frames.append(
                {
                    "log": self.logs[h][marks[h] :],
                    "board_svg": board(self.session.state, h) if board is not None else "",
                    "standing": standing(self.session.state, h),
                }
            )
            drop = max(0, len(frames) - FRAME_LIMIT)
            if drop:
                del frames[:drop]
                self.frame_base[h] += drop

    def next_frame(self, seat: int) -> int:
        return self.frame_base[seat] + len(self.frames[seat])

    def frames_after(self, seat: int, after: int) -> list[dict]:
        start = max(0, after - self.frame_base[seat])
        return list(self.frames[seat][start:])

    def _after_move(self, before, action, actor: int, forced: bool = False) -> None:
        """Narrate a move to every human seat, check what it revealed, publish and store it."""
        s = self.session
        marks = {h: len(self.logs[h]) for h in self.logs}
        after = s.state
        own = before.action_to_string(action)
        # a step the actor's next choice spells out ("play Accusation", then "play Accusation on
        # P4"): held back, so that the move is told once, by its last step
        partial = (
            not forced
            and not after.is_terminal()
            and after.current_player() == actor
            and any(after.action_to_string(a).startswith(own + " ") for a in after.legal_actions())
        )
        for h in self.logs:
            if h == actor:
                text = own
                line = f"you: {text} (your only choice)" if forced else f"you: {text}"
            else:
                text = move_text(before, action, actor, h)
                line = f"{self.seat_names()[actor]}: {text}"
            held = self._held_moves.pop(h, None)
            if held is not None and not (held[0] == actor and text.startswith(held[2])):
                self._say(h, held[1])
            if partial:
                self._held_moves[h] = (actor, line, text)
            else:
                self._say(h, line)
        self._news()
        ends = {h: milestones(after, h, before.observation(h), after.observation(h)) for h in self.logs}
        for h, lines in ends.items():  # a round's, a mini-game's, the game's end, as h sees them
            for line in lines:
                self._say(h, "» " + line)
        humans = s.humans
        if len(humans) == 1 and revealed(before, action, s.state, humans[0]):
            self.barrier = len(s.actions)
        self._publish()
        self._frame(marks)
        self.persist()

    # ---- what lasts
    def head(self) -> dict:
        return self.session.head(self.keys, self.chosen, source="web")

    def persist(self) -> None:
        """Write the game as it stands (called after every move, under the lock)."""
        if self.store is None:
            return
        record = self.session.to_record()
        extra = {
            "bot_rng": record["bot_rng"],
            "seen_history": record["seen_history"],
            "aliases": record["aliases"],
            "position": record.get("position", ""),
            "logs": {str(h): lines[-LOG_LINES:] for h, lines in self.logs.items()},
            "forced": sorted(self.forced),
            "barrier": self.barrier,
            "narrated": self._seen_history,
        }
        self.store.record(self.id, self.head(), record["actions"], extra)

    @classmethod
    def restore(cls, stored: dict, runner=None, store=None) -> WebGame:
        """A game from the database, at the ply it was stored with, the same seats and keys."""
        extra = stored["extra"]
        session = Session.from_stored(stored, out=lambda _line: None)
        game = cls(session, id=stored["id"], keys=stored["keys"], chosen=stored["chosen"], runner=runner)
        game.logs.update({int(h): list(lines) for h, lines in (extra.get("logs") or {}).items()})
        game.forced = set(extra.get("forced") or [])
        game.barrier = int(extra.get("barrier") or 0)
        game._seen_history = list(extra.get("narrated") or session.state.history_text())
        game.store = store
        return game

    # ---- views
    def view(self, seat: int, frames: list | None = None) -> dict:
        s = self.session
        out = state_view(self._published[0], seat)
        if self.thinking:
            out["your_turn"] = False
            out["actions"] = []
        humans = s.humans
        out.update(
            {
                "id": self.id,
                "game": s.game.name,
                "title": type(s.game).title or s.game.name,
                "seat": seat,
                "seats": self.seat_names(),
                "ply": self.ply,
                "log": self.logs[seat][-LOG_LINES:],
                "can_undo": len(humans) == 1 and not self.thinking and self._undoable(seat) is not None,
                "undo_note": UNDO_NOTE,
                "frames": frames or [],
                "frame": self.next_frame(seat),
                "thinking": self.thinking,
                "queued": self.queued,
            }
        )
        if self.stopped:
            out["stopped"] = self.stopped
        if self.chosen and len(humans) > 1:
            out["open_to_creator"] = True
            out["notice"] = (
                "This game was made from a seed its creator chose: it is open to them "
                "(they can know every hidden card)."
            )
        return out

    # ---- play
    def _take_lock(self) -> None:
        """The game's lock for a person's request, or at once a 409 while the bots move (the
        bot job holds the lock for as long as they think)."""
        busy = "the other seats are still moving; your turn comes when they are done"
        if self.thinking or not self.lock.acquire(timeout=0.5):
            raise StaleMove(busy)
        if self.thinking:
            self.lock.release()
            raise StaleMove(busy)

    def _needs_bots(self) -> bool:
        s = self.session
        if s.state.is_terminal():
            return False
        actor = s.state.current_player()
        return not s.seats[actor].human or len(s.state.legal_actions()) == 1

    def start_bots(self) -> None:
        """Let the bots (and the forced human moves) play in the background until a human
        has a real choice or the game ends.  Called under the lock."""
        if self.thinking or not self._needs_bots():
            return
        self.thinking = True
        if self.runner is None:
            self._bot_job()
        else:
            self.runner.submit(self._bot_job)

    def _set_queued(self, queued: bool) -> None:
        self.queued = queued

    def _bot_job(self) -> None:
        s = self.session
        try:
            with self.lock:
                while self._needs_bots():
                    actor = s.state.current_player()
                    before = s.state.clone()
                    if s.seats[actor].human:
                        # a human decision with one legal action (a reaction window with nothing
                        # to react with): the rules ask it so that it reveals nothing, not to
                        # make a person click
                        self.forced.add(len(s.actions))
                        s.apply(s.state.legal_actions()[0], actor)
                        self._after_move(before, s.actions[-1][0], actor, forced=True)
                        continue
                    think = None
                    if self.runner is not None:

                        def think(bot, state, seat):
                            return self.runner.think(bot, state, seat, self._set_queued)

                    s.bot_move(actor, think=think)
                    self._after_move(before, s.actions[-1][0], actor)
        except Exception as err:  # a bot that fails must not leave the page waiting forever
            self.stopped = f"a bot stopped with an error ({type(err).__name__}); the game is paused"
            for h in self.logs:
                self._say(h, f"— {self.stopped}")
        finally:
            with self.idle:
                self.thinking = False
                self.queued = False
                self.idle.notify_all()

    def wait_idle(self, seconds: float) -> None:
        with self.idle:
            self.idle.wait_for(lambda: not self.thinking, timeout=max(0.0, seconds))

    def advance(self, seat: int, wait: float = DEFAULT_WAIT) -> dict:
        """Start the bots if it is their turn; while they move, only report."""
        if not self.thinking and self.lock.acquire(timeout=0.5):
            try:
                mark = self.next_frame(seat)
                self.start_bots()
            finally:
                self.lock.release()
        else:
            mark = self.next_frame(seat)
        self.wait_idle(wait)
        return self.view(seat, self.frames_after(seat, mark))

    def act(self, seat: int, index: int, ply: int, wait: float = DEFAULT_WAIT) -> dict:
        self._take_lock()
        try:
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
            mark = self.next_frame(seat)
            s.apply(action, seat)
            self._after_move(before, action, seat)
            self.start_bots()
        finally:
            self.lock.release()
        self.wait_idle(wait)
        return self.view(seat, self.frames_after(seat, mark))

    def _last_choice(self, seat: int) -> int | None:
        """The ply of the seat's last real choice (not a move played for it), or None."""
        actions = self.session.actions
        return max(
            (i for i, (_a, _t, s) in enumerate(actions) if s == seat and i not in self.forced), default=None
        )

    def _undoable(self, seat: int) -> int | None:
        """The ply of the seat's last real choice if undo may take it back, or None."""
        idx = self._last_choice(seat)
        return idx if idx is not None and idx >= self.barrier else None

    def undo(self, seat: int, wait: float = DEFAULT_WAIT) -> dict:
        """Take back the seat's last real choice (and the forced moves played for it since),
        unless hidden information reached the seat after it."""
        self._take_lock()
        try:
            s = self.session
            last = self._last_choice(seat)
            if len(s.humans) == 1 and last is not None and last < self.barrier:
                message = (
                    "cannot take back your last choice: new hidden information has reached you since "
                    "(a card drawn, a card flipped, a night's result), so you already know what it showed"
                )
            else:
                message = s.undo()
                while len(s.actions) in self.forced:
                    self.forced.discard(len(s.actions))
                    message = s.undo()
                self.forced = {ply for ply in self.forced if ply < len(s.actions)}
                self._seen_history = list(s.state.history_text())
                # a step of the move taken back is not told
                self._held_moves = {h: v for h, v in self._held_moves.items() if v[0] != seat}
                self._publish()
                self.persist()
            mark = self.next_frame(seat)
            self._say(seat, f"— {message}")
            self.start_bots()
        finally:
            self.lock.release()
        self.wait_idle(wait)
        return self.view(seat, self.frames_after(seat, mark))

    def hint(self, seat: int, seconds: float) -> dict:
        self._take_lock()
        try:
            s = self.session
            if s.state.is_terminal() or s.state.current_player() != seat:
                raise StaleMove("a hint is for your own turn")
            run = self.runner.call if self.runner is not None else None
            rows = s.hint(seat, seconds, run=run)
            texts = [s.state.action_to_string(a) for a in s.state.legal_actions()]
            return {
                "lines": hint_lines(rows, s.last_hint, longer="'Think longer' searches for 10 seconds"),
                "suggested": [texts.index(t) for t, *_figures in rows if t in texts],
                # what the page highlights: nothing when the hint has no preference
                "best": [texts.index(t) for t, *_figures in rows if t in texts] if hint_prefers(rows) else [],
            }
        finally:
            self.lock.release()
