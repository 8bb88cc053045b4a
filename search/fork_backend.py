"""A joblib backend running loky's process executor with the `fork` start method.

loky's default workers are fresh interpreters: each one imports joblib, numpy and the
game before it plays, about 0.8 CPU-seconds on our 2-core machine, which on a short
tournament costs more than the second core gains.  A forked worker starts with
everything this process has imported, in a few milliseconds.

Used only where forking is safe: Linux (macOS system libraries do not survive a fork)
with no other thread running in this process (a fork copies held locks, not the threads
that would release them).  Everywhere else `--backend loky` keeps loky's own workers.
A forked worker asks the kernel to end it when this process dies, so a tournament
killed with SIGKILL leaves no worker behind.
Which worker plays a game never changes its result: every game carries its own seeds.
"""

from __future__ import annotations

import ctypes
import os
import queue
import signal
import sys
import threading
import warnings
from concurrent.futures import Future

from joblib import cpu_count
from joblib.externals.loky import ProcessPoolExecutor
from joblib.externals.loky.backend import get_context
from joblib.externals.loky.process_executor import ShutdownExecutorError
from joblib.parallel import AutoBatchingMixin, ParallelBackendBase

_PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>


def fork_is_safe() -> bool:
    return sys.platform.startswith("linux") and threading.active_count() == 1


def _die_with_parent(parent: int) -> None:
    """Worker initializer: SIGKILL this worker when the process that forked it dies."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):
        # A libc without prctl (not seen on Linux): a SIGKILLed parent may then leave
        # this worker behind, as loky's own workers are left.
        pass
    if os.getppid() != parent:  # the parent died before the request took effect
        os._exit(1)


class ForkLokyBackend(AutoBatchingMixin, ParallelBackendBase):
    """joblib's backend interface over one loky executor whose workers are forked."""

    supports_retrieve_callback = True  # lets Parallel stream results (return_as="generator")
    default_n_jobs = 1

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._workers = None
        self.parallel = None

    def effective_n_jobs(self, n_jobs):
        if n_jobs == 0:
            raise ValueError("n_jobs == 0 has no meaning")
        if n_jobs is None:
            return 1
        if n_jobs < 0:
            return max(cpu_count() + 1 + n_jobs, 1)
        return n_jobs

    def configure(self, n_jobs=1, parallel=None, **backend_kwargs):
        n_jobs = self.effective_n_jobs(n_jobs)
        with warnings.catch_warnings():  # loky warns that fork is unsafe in general; see above
            warnings.simplefilter("ignore")
            context = get_context("fork")
        self._workers = ProcessPoolExecutor(
            max_workers=n_jobs, context=context, initializer=_die_with_parent, initargs=(os.getpid(),)
        )
        self.parallel = parallel
        return n_jobs

    def submit(self, func, callback=None):
        workers = self._workers
        try:
            future = workers.submit(func) if workers is not None else None
        except ShutdownExecutorError:
            future = None
        if future is None:
            # Parallel's callback thread can dispatch once more after an early stop (SPRT,
            # Ctrl-C) has shut the workers down; nobody waits for that batch any more.
            return Future()
        if callback is not None:
            future.add_done_callback(callback)
        return future

    apply_async = submit  # the name joblib before 1.5 calls

    def retrieve_result_callback(self, future):
        return future.result()

    def terminate(self):
        if self._workers is not None:
            self._workers.shutdown(wait=True)
            self._workers = None
        self.reset_batch_stats()

    def abort_everything(self, ensure_ready=True):
        if self._workers is not None:
            # loky drops the queued jobs on a killing shutdown but not their ids, which its
            # manager thread then fails to find (KeyError); emptying the id queue first
            # avoids that, and a loky without the queue is simply not helped.
            ids = getattr(self._workers, "_work_ids", None)
            while ids is not None:
                try:
                    ids.get_nowait()
                except queue.Empty:
                    break
            self._workers.shutdown(wait=True, kill_workers=True)
            self._workers = None
        if ensure_ready and self.parallel is not None:
            self.configure(n_jobs=self.parallel.n_jobs, parallel=self.parallel)
