"""The browser table's screenshots in the docs (docs/screenshots/, shown in docs/table.md).

    python experiments/screenshots.py [--out docs/screenshots] [--chromium /usr/bin/chromium]

Serves the web app in this process on a free loopback port, starts one game of each of the
five games with a person in seat 0 and each game's own bots elsewhere, plays the person's
moves by a seeded choice through the API until the game is well under way, then opens the
person's seat in Chromium at 1366x768 (a laptop) and saves the page.  One more game (Tabletop
Inc.) is saved at 390x844 (a phone), its board zoomed in to a readable size.  The same seeds
give the same positions, so the pictures change only when the page or a board does.  Needs
the browser extra: pip install -e '.[browser]'.
"""

from __future__ import annotations

import argparse
import random
import shutil
import threading
import time
from pathlib import Path

import httpx

TOKEN = "screenshots"
DOCS = Path(__file__).resolve().parent.parent / "docs" / "screenshots"

#: (file name, the lobby's body, how many of the person's moves to play first)
TABLES = [
    ("pulitzer", {"game": "pulitzer", "mode": "solo", "players": 1, "seed": 4}, 30),
    (
        "tabletop_inc",
        {
            "game": "tabletop_inc",
            "players": 3,
            "seats": ["human", "mumanbot:normal", "tabletop-heuristic"],
            "seed": 4,
        },
        14,
    ),
    ("pi", {"game": "pi", "players": 3, "seats": ["human", "deducer", "deducer"], "seed": 4}, 12),
    (
        "watergate",
        {"game": "watergate", "players": 2, "seats": ["human", "watergate-heuristic"], "seed": 4},
        16,
    ),
    (
        "salem",
        {"game": "salem", "players": 5, "seats": ["human"] + ["salem-heuristic"] * 4, "seed": 4},
        12,
    ),
]
#: the phone's picture: this game, with the board zoomed in this many times (the − fit + control)
PHONE_GAME, PHONE_ZOOM = "tabletop_inc", 2.5
#: a picture larger than this is stored with a 256-colour palette (when Pillow is installed)
MAX_BYTES = 300_000
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


class Server:
    """The web app under uvicorn in a daemon thread."""

    def __init__(self) -> None:
        import uvicorn

        from automa.web.server import Games, free_port, make_app

        self.port = free_port("127.0.0.1")
        config = uvicorn.Config(
            make_app(TOKEN, Games()), host="127.0.0.1", port=self.port, log_level="warning"
        )
        self.server = uvicorn.Server(config)
        threading.Thread(target=self.server.run, daemon=True).start()
        deadline = time.time() + 20
        while not self.server.started:
            if time.time() > deadline:
                raise SystemExit("the web app did not start")
            time.sleep(0.05)
        self.base = f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        self.server.should_exit = True


def table_under_way(base: str, body: dict, moves: int, seed: int = 1) -> str:
    """Start the game `body` describes, play `moves` of seat 0's moves (a seeded random
    choice), and return seat 0's link (without the token)."""
    rng = random.Random(seed)
    with httpx.Client(base_url=base, params={"token": TOKEN}, timeout=120) as http:
        made = http.post("/api/games", json=body)
        made.raise_for_status()
        made = made.json()
        seat = made["seats"][0]
        url = f"/api/games/{made['id']}"
        q = {"seat": seat["seat"], "key": seat["key"]}
        view = http.post(f"{url}/advance", params=q, json={"wait": 30}).json()
        for _ in range(moves):
            if view["over"] or not view["your_turn"]:
                break
            index = rng.randrange(len(view["actions"]))
            view = http.post(
                f"{url}/act", params=q, json={"index": index, "ply": view["ply"], "wait": 30}
            ).json()
        return seat["url"]


def open_table(page, base: str, link: str) -> None:
    sep = "&" if "?" in link else "?"
    page.goto(f"{base}{link}{sep}token={TOKEN}")
    page.wait_for_function("['turn', 'over'].includes(document.body.dataset.state)", timeout=60_000)
    page.wait_for_timeout(300)


def shrink(path: Path) -> None:
    """Keep a picture under MAX_BYTES: a 256-colour palette loses nothing a reader sees here."""
    if path.stat().st_size <= MAX_BYTES:
        return
    try:
        from PIL import Image
    except ImportError:
        return
    with Image.open(path) as image:
        small = image.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT)
    small.save(path, optimize=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DOCS)
    parser.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    server = Server()
    links = {name: table_under_way(server.base, body, moves) for name, body, moves in TABLES}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=args.chromium, args=["--no-sandbox", "--disable-gpu"])
        shots = [(LAPTOP, [n for n, _b, _m in TABLES], "", 1), (PHONE, [PHONE_GAME], "-phone", PHONE_ZOOM)]
        for size, names, suffix, zoom in shots:
            context = browser.new_context(viewport=size, bypass_csp=True)
            context.add_init_script(
                f"localStorage.setItem('automa.frame_ms', '0'); localStorage.setItem('automa.zoom', '{zoom}')"
            )
            page = context.new_page()
            for name in names:
                open_table(page, server.base, links[name])
                path = args.out / f"{name}{suffix}.png"
                page.screenshot(path=str(path))
                shrink(path)
                print(f"{path} ({path.stat().st_size // 1024} KB)")
            context.close()
        browser.close()
    server.stop()


if __name__ == "__main__":
    main()
