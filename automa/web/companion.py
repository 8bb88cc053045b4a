"""The companion (`automa companion`) on a phone or tablet: the same scripted companion, its
questions answered from the page instead of a keyboard.

The companion runs in its own thread and blocks in `ask` until the page answers.  The page
shows one screen at a time: whatever the companion said since it last cleared the screen.
The companion clears before and after each player's private turn (Salem's Dawn and Night),
so a private screen starts with a hand-over prompt ("hand the device to player 3"), shows
its secret only after that player taps, and is gone before the device is passed on.
"""

from __future__ import annotations

import queue
import secrets
import tempfile
import threading
from pathlib import Path

from automa.rules.core import AutomaError

#: lines of one screen a view carries at most
SCREEN_LINES = 300
#: how long an answer waits for the companion's next question before the page is told to poll
ANSWER_WAIT = 20.0


class CompanionSession:
    """One companion in the server's memory (its state file in a folder of its own)."""

    def __init__(
        self,
        game: str,
        players: int | None = None,
        times_mix: str | None = None,
        mumanbot: str | None = None,
        seed: int | None = None,
    ):
        from automa.companion import COMPANIONS
        from automa.rules.core import game_class

        name = game_class(game).name
        if name not in COMPANIONS:
            raise AutomaError(f"no companion for {name}; companions exist for {', '.join(COMPANIONS)}")
        self.id = secrets.token_urlsafe(6)
        #: the secret a page must show to use this companion (the lobby's link carries it)
        self.key = secrets.token_urlsafe(8)
        self.game = name
        self._folder = tempfile.TemporaryDirectory(prefix="automa-companion-")
        self.path = Path(self._folder.name) / f"{name}.json"
        self.args = (name, str(self.path), seed, times_mix, mumanbot, players)
        self.screen: list[str] = []
        #: where the output of the step now shown begins (the lines before it are earlier steps)
        self.mark = 0
        self.prompt: str | None = None
        self.done = False
        self.error: str | None = None
        self._answers: queue.Queue[str | None] = queue.Queue()
        self._changed = threading.Condition()
        self._asked = 0
        self._thread = threading.Thread(target=self._main, daemon=True, name=f"companion-{self.id}")
        self._thread.start()
        self._wait_for_question(0)
        if self.error:
            raise AutomaError(self.error)

    # ---- the companion's side (its thread)
    def _main(self) -> None:
        from automa.companion import run

        try:
            run(*self.args, ask=self._ask, out=self._out, clear=self._clear)
        except AutomaError as err:
            self.error = str(err)
        finally:
            with self._changed:
                self.done = True
                self.prompt = None
                self._changed.notify_all()

    def _ask(self, prompt: str) -> str:
        with self._changed:
            self.prompt = prompt
            self._asked += 1
            self._changed.notify_all()
        answer = self._answers.get()
        if answer is None:
            raise EOFError
        with self._changed:
            self.prompt = None
            self.mark = len(self.screen)
        return answer

    def _out(self, text: str = "") -> None:
        with self._changed:
            self.screen.extend(str(text).split("\n"))
            drop = max(0, len(self.screen) - SCREEN_LINES)
            del self.screen[:drop]
            self.mark = max(0, self.mark - drop)

    def _clear(self) -> None:
        with self._changed:
            self.screen = []
            self.mark = 0

    # ---- the page's side
    def _wait_for_question(self, asked: int) -> None:
        with self._changed:
            self._changed.wait_for(lambda: self.done or self._asked > asked, timeout=ANSWER_WAIT)

    def answer(self, text: str) -> dict:
        if self.done:
            raise AutomaError("this companion has finished; start a new one from the lobby")
        if self.prompt is None:
            raise AutomaError("the companion is still working; wait for its question")
        asked = self._asked
        self._answers.put(text.replace("\n", " "))
        self._wait_for_question(asked)
        return self.view()

    def view(self) -> dict:
        with self._changed:
            earlier, lines = self.screen[: self.mark], self.screen[self.mark :]
            while lines and not lines[0].strip():
                lines = lines[1:]
            return {
                "id": self.id,
                "game": self.game,
                "lines": lines,
                "earlier": earlier[-SCREEN_LINES:],
                "prompt": self.prompt,
                "done": self.done,
                "error": self.error,
                "alive": self._alive(),
            }

    def _alive(self) -> list[int]:
        """The living players' numbers (Salem), for answer buttons; [] where none apply."""
        try:
            import json

            alive = json.loads(self.path.read_text(encoding="utf-8")).get("alive", [])
        except (OSError, ValueError):
            return []
        return [p for p in alive if isinstance(p, int)]

    def close(self) -> None:
        if not self.done:
            self._answers.put(None)
            self._thread.join(timeout=5)
        self._folder.cleanup()
