"""The table's layout in Chromium (#49): every side's score and each automaton's state in view
at 1366x768 for all five games, a phone (390 px) that reaches every toolbar button and can
read the board through its zoom, lobby settings shown only for the mode they serve, and the
bots' speed menu with its step and skip."""

from __future__ import annotations

import random

import httpx
import pytest

from automa.rules.core import load_game, registered_games
from automa.rules.presentation import public_standing, standing
from automa.web.server import catalog
from tests.browser import CHROMIUM_ARGS, TOKEN, LiveServer, need_browser

SETTLED = "['turn', 'over'].includes(document.body.dataset.state)"

#: one table of each game: the lobby's body and how many of seat 0's moves to play first
TABLES = {
    "pulitzer": ({"game": "pulitzer", "mode": "solo", "players": 1, "seed": 4}, 30),
    "tabletop_inc": (
        {"game": "tabletop_inc", "players": 3, "seats": ["human", "mumanbot:normal", "random"], "seed": 4},
        14,
    ),
    "pi": ({"game": "pi", "players": 3, "seats": ["human", "random", "random"], "seed": 4}, 12),
    "watergate": ({"game": "watergate", "players": 2, "seats": ["human", "random"], "seed": 4}, 20),
    "salem": ({"game": "salem", "players": 5, "seats": ["human"] + ["random"] * 4, "seed": 4}, 12),
}


@pytest.fixture(scope="module")
def server():
    live = LiveServer()
    yield live
    live.stop()


@pytest.fixture(scope="module")
def tables(server):
    """One game of each, under way, for the layout tests to look at: {name: (link, seats)}."""
    return {name: table_under_way(server, body, moves) for name, (body, moves) in TABLES.items()}


@pytest.fixture(scope="module")
def browser():
    sync_playwright, path = need_browser()
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def context_of(browser, width: int, height: int):
    context = browser.new_context(viewport={"width": width, "height": height}, bypass_csp=True)
    context.add_init_script(
        "localStorage.getItem('automa.frame_ms') === null && localStorage.setItem('automa.frame_ms', '0')"
    )
    return context


def table_under_way(server, body: dict, moves: int) -> tuple[str, int]:
    """A game started through the API with `moves` of seat 0's moves played (a seeded random
    choice): seat 0's link, and the number of seats."""
    rng = random.Random(1)
    base = server.url("/").split("/?")[0]
    with httpx.Client(base_url=base, params={"token": TOKEN}, timeout=120) as http:
        made = http.post("/api/games", json=body).json()
        seat = made["seats"][0]
        url, q = f"/api/games/{made['id']}", {"seat": 0, "key": seat["key"]}
        view = http.post(f"{url}/advance", params=q, json={"wait": 30}).json()
        for _ in range(moves):
            if view["over"] or not view["your_turn"]:
                break
            index = rng.randrange(len(view["actions"]))
            view = http.post(
                f"{url}/act", params=q, json={"index": index, "ply": view["ply"], "wait": 30}
            ).json()
        assert not view["over"], "the table should still be playing"
        return seat["url"], len(view["seats"])


def open_table(page, server, link: str) -> None:
    page.goto(server.url(link))
    page.wait_for_function(SETTLED, timeout=60_000)


# ------------------------------------------------------------------ the strip, off the browser


def test_every_game_says_where_each_side_stands_from_the_seats_view_alone():
    cases = [
        ("pulitzer", {"mode": "solo", "players": 1}),
        ("pulitzer", {"players": 3}),
        ("tabletop_inc", {"players": 3, "mumanbots": ("", "hard", "")}),
        ("pi", {"players": 3}),
        ("watergate", {"players": 2}),
        ("salem", {"players": 5}),
        ("salem", {"mode": "ghosts", "players": 2}),
    ]
    assert {name for name, _kw in cases} >= set(registered_games()) - {"tiny_goofspiel"}
    for name, kw in cases:
        game = load_game(name, **kw)
        state = game.new_initial_state(3)
        rng = random.Random(5)
        for _ in range(40):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        for seat in range(game.num_players):
            shown = standing(state, seat)
            seats = [e["seat"] for e in shown if e["seat"] is not None]
            assert sorted(seats) == list(range(game.num_players)), (name, shown)
            assert all(e["score"] for e in shown), (name, shown)
            # a pure function of what the seat sees: a world it cannot tell apart reads the same
            world = state.determinize(seat, random.Random(9))
            assert standing(world, seat) == shown, (name, seat)
    solo = load_game("pulitzer", mode="solo", players=1).new_initial_state(1)
    times = [e for e in standing(solo, 0) if e["seat"] is None]
    assert times and times[0]["name"] == "the Times" and times[0]["score"].isdigit()
    bots = load_game("tabletop_inc", players=2, mumanbots=("", "hard")).new_initial_state(1)
    assert "Mumanbot" in standing(bots, 0)[1]["name"] and "muman" in standing(bots, 0)[1]["note"]


def test_the_shared_fallback_shows_only_a_score_every_world_agrees_on():
    import tests.tinygame  # noqa: F401  (registers a game with no standing of its own)

    game = load_game("tiny_goofspiel", players=2)
    state = game.new_initial_state(2)
    state.apply_action(state.legal_actions()[0])
    state.apply_action(state.legal_actions()[0])
    shown = standing(state, 0)  # no hook: the fallback
    assert shown == public_standing(state, 0)
    assert [(e["seat"], e["score"]) for e in shown] == [(p, str(state.points[p])) for p in range(2)]

    class World:  # seat 1's score hangs on what seat 0 cannot see
        def __init__(self, rng):
            self.hidden = rng.randrange(1000)

        def scores(self):
            return [(7,), (self.hidden,)]

    class Position:
        def __init__(self):
            self.game = game

        def is_terminal(self):
            return False

        def determinize(self, seat, rng):
            return World(rng)

    assert [e["score"] for e in public_standing(Position(), 0)] == ["7", "?"]


# ------------------------------------------------------------------ 1366x768


def test_at_1366x768_every_sides_score_is_in_view_for_all_five_games(server, browser, tables):
    context = context_of(browser, 1366, 768)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    for name, (link, seats) in tables.items():
        open_table(page, server, link)
        assert page.evaluate("scrollY") == 0
        sides = page.eval_on_selector_all(
            "#standing .side",
            """els => els.map(e => { const r = e.getBoundingClientRect();
                return {seat: e.dataset.seat, text: e.innerText, top: r.top, bottom: r.bottom, left: r.left,
                        right: r.right}; })""",
        )
        assert sorted(int(s["seat"]) for s in sides if s["seat"] != "") == list(range(seats)), (name, sides)
        for side in sides:  # inside the window, without scrolling
            assert (
                0 <= side["top"] and side["bottom"] <= 768 and 0 <= side["left"] and side["right"] <= 1366
            ), (
                name,
                side,
            )
            assert any(ch.isdigit() for ch in side["text"]) or "dead" in side["text"], (name, side)
        if name == "pulitzer":  # solo: the Times, which is no seat, has its score there too
            assert any("the Times" in s["text"] and s["seat"] == "" for s in sides)
        if name == "tabletop_inc":  # the Mumanbot: its score and what it holds
            bot = next(s for s in sides if s["seat"] == "1")
            assert "Mumanbot" in bot["text"] and "VP" in bot["text"] and "muman" in bot["text"]
    context.close()
    assert not errors, errors


# ------------------------------------------------------------------ a phone


def test_a_phone_reaches_every_toolbar_button_and_can_zoom_the_board_to_read_it(server, browser, tables):
    context = context_of(browser, 390, 844)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    open_table(page, server, tables["tabletop_inc"][0])
    width = "document.documentElement.scrollWidth <= innerWidth"
    assert page.evaluate(width), page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    buttons = page.eval_on_selector_all("#tools button:not([hidden])", "els => els.map(e => e.id)")
    assert {"hint-btn", "undo-btn", "save-btn", "text-btn", "skip-btn"} <= set(buttons)
    for bid in buttons:
        page.locator(f"#{bid}").scroll_into_view_if_needed()
        box = page.locator(f"#{bid}").bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390, (bid, box)
        # nothing covers it: a click at its centre lands on it
        hit = page.evaluate(
            f"(() => {{ const b = document.getElementById('{bid}').getBoundingClientRect();"
            f" const e = document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2);"
            f" return !!e && e.closest('button') && e.closest('button').id; }})()"
        )
        assert hit == bid, (bid, hit)
    page.click("#text-btn")
    assert page.is_visible("#board-text") and not page.is_visible("#board")
    page.click("#text-btn")
    assert page.is_visible("#board svg")
    page.click("#save-btn")  # a download, and the page stays as it was
    assert page.evaluate(width)

    smallest = """() => { const svg = document.querySelector('#board svg');
        const scale = svg.getScreenCTM().a;
        const sizes = [...svg.querySelectorAll('text')].filter(t => t.textContent.trim())
            .map(t => parseFloat(getComputedStyle(t).fontSize) * scale);
        sizes.sort((a, b) => a - b);
        return sizes[Math.floor(sizes.length * 0.05)]; }"""
    for name, (link, _seats) in tables.items():  # every game's board can be read
        open_table(page, server, link)
        page.click("#zoom-fit")
        at_fit = page.evaluate(smallest)
        assert at_fit < 9, name  # the whole board's width on a phone is an overview
        for _ in range(8):
            if page.is_disabled("#zoom-in"):
                break
            page.click("#zoom-in")
        zoomed = page.evaluate(smallest)
        assert zoomed >= 9, (name, at_fit, zoomed)  # 95% of the board's texts at 9 px or more
        # zoomed in, the board pans inside its frame: the page itself is no wider
        assert page.evaluate(width), name
        frame = "document.getElementById('board-wrap')"
        assert page.evaluate(f"{frame}.scrollWidth > {frame}.clientWidth")
        assert page.evaluate("localStorage.getItem('automa.zoom')") != "1"
        page.click("#zoom-fit")
        assert page.evaluate(smallest) == pytest.approx(at_fit, rel=0.01)
    context.close()
    assert not errors, errors


# ------------------------------------------------------------------ the lobby's settings


def test_the_catalog_says_which_modes_each_setting_serves():
    games = {g["name"]: g for g in catalog()}
    for g in games.values():
        assert set(g["param_modes"]) == set(g["params"])
        for modes in g["param_modes"].values():
            assert modes and set(modes) <= set(g["modes"])
    assert games["pulitzer"]["param_modes"]["times_mix"] == ["solo"]
    assert games["pulitzer"]["param_modes"]["variant"] == ["standard"]
    assert games["salem"]["param_modes"]["ghost_constable_reveal_witch_win"] == ["ghosts"]
    assert "ghosts" not in games["salem"]["param_modes"]["more_witches"]
    # who plays whom, and the first choice for the other seats, come from the game too: the
    # lobby's script names no game
    assert "Times" in games["pulitzer"]["mode_notes"]["solo"]
    assert games["tabletop_inc"]["default_seat"] == "mumanbot:normal"
    assert games["pi"]["default_seat"] == "level:normal"
    from pathlib import Path

    app = (Path(__file__).resolve().parent.parent / "automa" / "web" / "static" / "app.js").read_text()
    lobby = app[app.index("function setup(g)") : app.index("function openLinks")]
    assert not any(f'"{name}"' in lobby for name in registered_games())


def test_the_lobby_shows_a_setting_only_for_the_modes_it_serves(server, browser):
    context = context_of(browser, 1366, 768)
    page = context.new_page()
    page.goto(server.url("/"))
    page.click(".game-card:has-text('Pulitzer')")
    shown = lambda name: page.is_visible(f"[data-param='{name}']")  # noqa: E731
    assert page.eval_on_selector("#mode", "m => m.value") == "solo"
    assert shown("times_mix") and not shown("variant") and not shown("events")
    assert "against the Times deck" in page.inner_text("#seats")
    page.select_option("#mode", "standard")
    assert "against the Times deck" not in page.inner_text("#seats")
    assert shown("variant") and shown("events") and not shown("times_mix")
    page.select_option("#mode", "two-player")
    assert not shown("times_mix") and not shown("variant")
    assert not page.is_visible("#params")  # no setting serves the mode: no empty box either
    page.click(".game-card:has-text('Tabletop')")
    assert page.input_value("#seat-1") == "mumanbot:normal"
    page.click(".game-card:has-text('Salem')")
    page.select_option("#mode", "standard")
    assert shown("more_witches") and shown("proctor_mode") and not shown("ghost_constable_reveal_witch_win")
    page.select_option("#mode", "ghosts")
    assert shown("ghost_constable_reveal_witch_win") and shown("two_card_reveal")
    assert not shown("more_witches") and not shown("townhall_choice")
    # a hidden setting is not sent: a value typed under standard does not go with ghosts
    page.select_option("#mode", "standard")
    page.fill("[data-param='more_witches']", "true")
    page.select_option("#mode", "ghosts")
    page.select_option("#players", "2")
    page.fill("#seed", "1")
    page.fill("#seat-1", "random")
    page.click("#start")
    page.wait_for_url("**/play/**")
    context.close()


# ------------------------------------------------------------------ the bots' pace


def test_the_bots_speed_menu_steps_skips_and_is_remembered(server, browser):
    context = context_of(browser, 1366, 768)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    link, _seats = table_under_way(server, *TABLES["salem"])
    open_table(page, server, link)
    options = page.eval_on_selector_all("#speed option", "os => os.map(o => o.textContent)")
    assert {"step", "normal", "fast", "instant"} <= set(options)
    skip = page.locator("#skip-btn")
    assert skip.is_visible() and "Space" in skip.get_attribute("title") and "␣" in skip.inner_text()
    page.select_option("#speed", label="step")
    page.reload()
    page.wait_for_function(SETTLED, timeout=60_000)
    assert page.eval_on_selector("#speed", "s => s.options[s.selectedIndex].textContent") == "step"
    # a move that hands over to four bots: their moves wait for Enter, one by one
    frame = "Number(document.body.dataset.frame || 0)"
    stepping = "!document.getElementById('next-btn').hidden"
    ply = page.evaluate("document.body.dataset.ply")
    stepped = False
    for _ in range(12):
        if not page.evaluate(stepping):
            page.wait_for_function(SETTLED, timeout=60_000)
            texts = page.eval_on_selector_all("#actions button.action", "bs => bs.map(b => b.innerText)")
            ends = [i for i, t in enumerate(texts) if "draw two cards" in t or "end" in t]
            page.locator("#actions button.action").nth(ends[0] if ends else len(texts) - 1).click()
            page.wait_for_function(f"{stepping} || {SETTLED}", timeout=60_000)
            continue
        shown = page.evaluate(frame)
        page.wait_for_timeout(600)  # a step never moves on by itself
        assert page.evaluate(frame) == shown and page.evaluate(stepping)
        assert not page.is_disabled("#skip-btn")
        page.keyboard.press("Enter")
        page.wait_for_function(f"{frame} > {shown} || {SETTLED}", timeout=60_000)
        if page.evaluate(frame) > shown and page.evaluate(stepping):
            stepped = True  # Enter showed the next bot move, which waits in its turn
            break
    assert stepped
    page.keyboard.press("Space")  # the rest at once
    page.wait_for_function(SETTLED, timeout=60_000)
    assert page.evaluate("document.body.dataset.ply") != ply
    assert page.is_hidden("#next-btn") and page.is_disabled("#skip-btn")
    context.close()
    assert not errors, errors


def test_the_readme_lists_every_key_the_page_and_the_terminal_answer_to():
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    app = (root / "automa" / "web" / "static" / "app.js").read_text()
    readme = (root / "README.md").read_text()
    keys_part = readme[readme.index("**Keys.**") :]
    keys_part = keys_part[: keys_part.index("\n\n**")] if "\n\n**" in keys_part else keys_part
    named = {"Escape": "Esc", " ": "Space", "ArrowRight": "→", "ArrowLeft": "←", "=": "+"}
    pressed = set(re.findall(r'ev\.key === "([^"]+)"', app))
    assert {"Escape", " ", "h", "u", "s", "t", "Enter", "+", "-", "0", "ArrowLeft"} <= pressed
    for key in pressed:
        assert f"`{named.get(key, key)}`" in keys_part or f"{named.get(key, key)}`" in keys_part, key
    assert "`1`-`9`" in keys_part  # the digits: /^[1-9]$/ in app.js
    terminal = (root / "automa" / "play" / "terminal.py").read_text()
    human_turn = terminal[terminal.index("def human_turn") : terminal.index("def pager_line")]
    commands = set(re.findall(r'cmd (?:==|in) \(?"(\w+)"', human_turn))
    commands |= {w for t in re.findall(r"cmd in \(([^)]*)\)", human_turn) for w in re.findall(r'"(\w+)"', t)}
    assert {"help", "quit", "save", "rules", "board", "hint", "undo", "back"} <= commands
    for command in commands:
        assert f"`{command}" in keys_part, command


def test_each_bot_move_brings_the_strip_as_it_then_stood(server):
    link, seats = table_under_way(server, *TABLES["salem"])
    game_id = link.split("/")[2].split("?")[0]
    key = link.split("key=")[1]
    base = server.url("/").split("/?")[0]
    with httpx.Client(base_url=base, params={"token": TOKEN}, timeout=120) as http:
        q = {"seat": 0, "key": key}
        view = http.get(f"/api/games/{game_id}", params=q).json()
        after = view["frame"]
        while view["your_turn"] and view["ply"] < 400:
            ends = [a["i"] for a in view["actions"] if "draw two cards" in a["text"] or "end" in a["text"]]
            index = ends[0] if ends else view["actions"][-1]["i"]
            view = http.post(
                f"/api/games/{game_id}/act", params=q, json={"index": index, "ply": view["ply"], "wait": 30}
            ).json()
        frames = http.get(f"/api/games/{game_id}/frames", params={**q, "after": after}).json()["frames"]
    assert frames
    for frame in frames:
        assert sorted(e["seat"] for e in frame["standing"]) == list(range(seats))
