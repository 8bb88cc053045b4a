"""Screenshots of the Salem companion's screens for the README (the tables' own are made by
experiments/screenshots.py).  Needs the browser test tools
(pip install -e '.[test,browser]', apt-get install chromium).

    python docs/screens/shoot.py      # writes docs/screens/companion.png, companion-handover.png
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from tests.browser import CHROMIUM_ARGS, LiveServer, chromium_path  # noqa: E402


def settle(page) -> str:
    page.wait_for_function("['turn', 'over'].includes(document.body.dataset.state)", timeout=120_000)
    return page.evaluate("document.body.dataset.state")


def main() -> None:
    from playwright.sync_api import sync_playwright

    server = LiveServer()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            phone = browser.new_page(viewport={"width": 420, "height": 760})
            phone.goto(server.url("/"))
            phone.select_option("#companion-game", "salem")
            phone.fill("#companion-players", "6")
            phone.click("#companion-form button[type=submit]")
            phone.wait_for_url("**/companion/**")
            phone.click("#companion-quick button:has-text('Next step')")
            phone.wait_for_selector("#companion-screen .head:has-text('SETUP')")
            phone.click("#companion-quick button:has-text('Next step')")
            phone.wait_for_selector("#companion-screen.handover")
            phone.screenshot(path=str(HERE / "companion-handover.png"))
            phone.click("text=I am player 1: show my screen")
            phone.wait_for_selector("#companion-quick button:has-text('w — you are a witch')")
            phone.click("#companion-quick button:has-text('w — you are a witch')")
            phone.wait_for_selector("#companion-quick button:has-text('player 2')")
            phone.screenshot(path=str(HERE / "companion.png"))
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
