"""Where the server's bots think: off the request, a bounded number at once, in processes.

A bot's search is CPU-bound Python: run in the server's own process it holds the interpreter
lock and starves the event loop, so a page cannot even be reloaded while a strong bot thinks.
Each game's bot turns run as a background job (`BotRunner.submit`); a job waits for one of
`slots` thinking slots (the rest are shown to their pages as queued) and sends the thinking
itself to a worker process (loky's reusable executor, which joblib already brings).  The bot
and the position travel pickled, and the bot comes back with its generator and memory moved on
exactly as if it had thought in place, so a game plays the same from its seeds either way.
"""

from __future__ import annotations

import io
import os
import pickle
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

#: bots too cheap to be worth a process round trip (generic specs only)
CHEAP_BOTS = frozenset({"random", "greedy"})


class _GameRef(pickle.Pickler):
    """Pickles every reference to one game object as a mark, so the bot that comes back from
    a worker points at the server's own game again (and is not a copy of it)."""

    def __init__(self, file: io.BytesIO, game: Any):
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.game = game

    def persistent_id(self, obj: Any) -> str | None:  # noqa: D102
        return "game" if obj is self.game else None


class _GameUnref(pickle.Unpickler):
    def __init__(self, file: io.BytesIO, game: Any):
        super().__init__(file)
        self.game = game

    def persistent_load(self, pid: Any) -> Any:  # noqa: D102
        if pid != "game":
            raise pickle.UnpicklingError(f"unknown reference {pid!r}")
        return self.game


def _dumps(value: Any, game: Any) -> bytes:
    buffer = io.BytesIO()
    _GameRef(buffer, game).dump(value)
    return buffer.getvalue()


def _loads(data: bytes, game: Any) -> Any:
    return _GameUnref(io.BytesIO(data), game).load()


def think_in_worker(payload: bytes) -> bytes:
    """In a worker process: the bot's action and the bot afterwards."""
    game, blob, seat = pickle.loads(payload)
    bot, state = _loads(blob, game)
    action = bot.act(state, seat)
    return _dumps((action, bot), game)


class BotRunner:
    """The server's thinking slots, its job threads and its worker processes."""

    def __init__(self, slots: int | None = None, processes: bool = True):
        self.slots = max(1, slots or os.cpu_count() or 1)
        self.processes = processes
        self._slot = threading.BoundedSemaphore(self.slots)
        self._jobs = ThreadPoolExecutor(max_workers=64, thread_name_prefix="automa-bots")

    def submit(self, job) -> None:
        self._jobs.submit(job)

    def think(self, bot: Any, state: Any, seat: int, on_queued=None) -> Any:
        """`bot.act(state, seat)`, run in a thinking slot; `on_queued(True/False)` is told
        when the call has to wait for a slot and when it got one."""
        if not self._slot.acquire(blocking=False):
            if on_queued:
                on_queued(True)
            try:
                self._slot.acquire()
            finally:
                if on_queued:
                    on_queued(False)
        try:
            spec = str(getattr(bot, "spec", "")).split(":")[0]
            if not self.processes or spec in CHEAP_BOTS:
                return bot.act(state, seat)
            return self._think_elsewhere(bot, state, seat)
        finally:
            self._slot.release()

    def _think_elsewhere(self, bot: Any, state: Any, seat: int) -> Any:
        from joblib.externals.loky import get_reusable_executor

        game = state.game
        try:
            payload = pickle.dumps((game, _dumps((bot, state), game), seat), protocol=pickle.HIGHEST_PROTOCOL)
        except (pickle.PicklingError, TypeError, AttributeError):
            return bot.act(state, seat)  # a bot that cannot travel thinks here
        executor = get_reusable_executor(max_workers=self.slots, timeout=600)
        action, moved = _loads(executor.submit(think_in_worker, payload).result(), game)
        # the bot as it is after thinking: its generator, memory and last search statistics
        vars(bot).clear()
        vars(bot).update(vars(moved))
        legal = state.legal_actions()
        # the engine's own action object (some engines compare shared actions by identity)
        return legal[legal.index(action)]

    def call(self, fn, *args: Any, **kw: Any) -> Any:
        """`fn(*args, **kw)` (a hint's analysis) in a thinking slot, in a worker process."""
        with self._slot:
            if not self.processes:
                return fn(*args, **kw)
            from joblib.externals.loky import get_reusable_executor

            executor = get_reusable_executor(max_workers=self.slots, timeout=600)
            return executor.submit(fn, *args, **kw).result()

    def close(self) -> None:
        self._jobs.shutdown(wait=False, cancel_futures=True)
