"""A live `automa serve` in a thread and a headless system Chromium driven by Playwright, for
the browser tests.  Without Playwright or Chromium the tests skip, unless
AUTOMA_REQUIRE_BROWSER=1 (set by .ci/run), where a missing browser is a failure."""

from __future__ import annotations

import os
import shutil
import threading
import time

import pytest

TOKEN = "test-token"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def need_browser():
    """Playwright's sync API and the system Chromium, or skip (fail under CI)."""
    required = os.environ.get("AUTOMA_REQUIRE_BROWSER") == "1"
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        if required:
            pytest.fail("playwright is not installed (pip install -e '.[browser]')")
        pytest.skip("playwright is not installed")
    path = chromium_path()
    if path is None:
        if required:
            pytest.fail("no Chromium on PATH (apt-get install chromium)")
        pytest.skip("no Chromium on PATH")
    return sync_playwright, path


class LiveServer:
    """uvicorn serving `make_app` on a free loopback port, in a daemon thread."""

    def __init__(self):
        import uvicorn

        from automa.web.server import Games, free_port, make_app

        self.games = Games()
        self.port = free_port("127.0.0.1")
        config = uvicorn.Config(
            make_app(TOKEN, self.games), host="127.0.0.1", port=self.port, log_level="warning"
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.time() + 20
        while not self.server.started:
            if time.time() > deadline:
                raise RuntimeError("the test server did not start")
            time.sleep(0.05)

    def url(self, path: str = "/") -> str:
        sep = "&" if "?" in path else "?"
        return f"http://127.0.0.1:{self.port}{path}{sep}token={TOKEN}"

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)
