"""Screenshots of the web app for the README: every game's board in the middle of a game,
and the Salem companion's private screen.  Needs the browser test tools
(pip install -e '.[test,browser]', apt-get install chromium).

    python docs/screens/shoot.py      # writes docs/screens/GAME.png, companion.png, companion-handover.png
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from tests.browser import CHROMIUM_ARGS, LiveServer, chromium_path  # noqa: E402

#: (file, lobby title, mode, players, seats, seed, clicks into the game)
GAMES = [
    ("pulitzer", "Pulitzer", "solo", 1, (), 4, 14),
    ("tabletop_inc", "Tabletop Inc.", "standard", 2, ("human", "mumanbot:normal"), 2, 30),
    ("pi", "P.I.", "standard", 3, ("human", "deducer", "level:easy"), 3, 12),
    ("watergate", "Watergate", "standard", 2, ("human", "watergate-heuristic"), 5, 16),
    ("salem", "Salem 1692", "standard", 6, ("human",) + ("salem-heuristic",) * 5, 8, 20),
]


def settle(page) -> str:
    page.wait_for_function("['turn', 'over'].includes(document.body.dataset.state)", timeout=120_000)
    return page.evaluate("document.body.dataset.state")


def main() -> None:
    from playwright.sync_api import sync_playwright

    server = LiveServer()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            for name, title, mode, players, seats, seed, clicks in GAMES:
                page = browser.new_page(viewport={"width": 1600, "height": 1000})
                page.add_init_script("localStorage.setItem('automa.frame_ms', '0')")
                page.goto(server.url("/"))
                page.click(f".game-card:has-text('{title}')")
                page.select_option("#mode", mode)
                page.select_option("#players", str(players))
                for s, spec in enumerate(seats):
                    page.fill(f"#seat-{s}", spec)
                page.fill("#seed", str(seed))
                page.click("#start")
                page.wait_for_url("**/play/**")
                rng = random.Random(seed)
                for _ in range(clicks):
                    if settle(page) == "over":
                        break
                    listed = page.locator("#actions button.choice:not(.back)")
                    listed.nth(rng.randrange(listed.count())).click()
                settle(page)
                board = page.locator("#board [data-key].pickable")
                if board.count():  # show a choice half made on the board
                    board.first.dispatch_event("click")
                page.screenshot(path=str(HERE / f"{name}.png"))
                page.close()
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
