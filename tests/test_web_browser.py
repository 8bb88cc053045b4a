"""The web app in a real browser (headless system Chromium through Playwright): whole games
played by clicks, a Salem table that never shows a bot Witch's secret move, undo, save, load
and the replay viewer."""

from __future__ import annotations

import json
import random

import pytest

from tests.browser import CHROMIUM_ARGS, LiveServer, need_browser

STEP_TIMEOUT = 60_000  # ms: a bot-heavy step on a loaded 2-core machine


@pytest.fixture(scope="module")
def server():
    live = LiveServer()
    yield live
    live.stop()


@pytest.fixture(scope="module")
def browser():
    sync_playwright, path = need_browser()
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    # bypass_csp: the tests' own probes (wait_for_function) are evaluated strings, which the
    # app's Content-Security-Policy rightly refuses to any script but its own
    context = browser.new_context(
        viewport={"width": 1400, "height": 900}, accept_downloads=True, bypass_csp=True
    )
    context.add_init_script("localStorage.setItem('automa.frame_ms', '0')")
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    yield page
    context.close()
    assert not errors, f"script errors on the page: {errors}"


def start_from_lobby(page, server, title, mode=None, players=None, seats=(), seed=1, params=None):
    page.goto(server.url("/"))
    page.click(f".game-card:has-text('{title}')")
    if mode:
        page.select_option("#mode", mode)
    if players:
        page.select_option("#players", str(players))
    for s, spec in enumerate(seats):
        page.fill(f"#seat-{s}", spec)
    for name, value in (params or {}).items():
        page.fill(f"[data-param='{name}']", value)
    page.fill("#seed", str(seed))
    page.click("#start")
    page.wait_for_url("**/play/**")
    settle(page)


def settle(page) -> str:
    page.wait_for_function("['turn', 'over'].includes(document.body.dataset.state)", timeout=STEP_TIMEOUT)
    return page.evaluate("document.body.dataset.state")


def ply(page) -> int:
    return int(page.evaluate("document.body.dataset.ply"))


def play_by_clicks(page, rng: random.Random, limit: int = 3000) -> int:
    """Click until the game is over: a highlighted place on the board when there is one
    (half the time), else a choice in the list beside it.  Returns the clicks made."""
    for clicks in range(limit):
        if settle(page) == "over":
            return clicks
        board = page.locator("#board [data-key].pickable")
        listed = page.locator("#actions button.choice:not(.back)")
        if board.count() and (rng.random() < 0.5 or not listed.count()):
            board.nth(rng.randrange(board.count())).dispatch_event("click")
        else:
            listed.nth(rng.randrange(listed.count())).click()
    raise AssertionError(f"the game was not over after {limit} clicks")


def final_screen(page) -> str:
    page.wait_for_selector("#over:not([hidden])")
    return page.inner_text("#over")


def test_a_whole_pulitzer_solo_game_by_clicks_reaches_the_final_screen(page, server):
    start_from_lobby(page, server, "Pulitzer", mode="solo", players=1, seed=4)
    assert page.locator("#board svg").count() == 1
    clicks = play_by_clicks(page, random.Random(4))
    text = final_screen(page)
    assert clicks > 20 and "rank" in text and "\nyou\t" in text  # your own row, named "you"


def test_a_tabletop_game_against_the_normal_mumanbot_by_clicks(page, server):
    start_from_lobby(page, server, "Tabletop Inc.", players=2, seats=("human", "mumanbot:normal"), seed=2)
    play_by_clicks(page, random.Random(2))
    text = final_screen(page)
    assert "mumanbot:normal" in text and "rank" in text


def test_a_salem_table_never_shows_a_bot_witchs_secret_move(page, server):
    from automa.rules.salem.state import SECRET_KINDS

    start_from_lobby(
        page, server, "Salem 1692", players=5, seats=("human",) + ("salem-heuristic",) * 4, seed=5
    )
    game = next(
        iter(
            g
            for g in server.games.games.values()
            if g.session.game.name == "salem" and len(g.session.seats) == 5
        )
    )
    play_by_clicks(page, random.Random(5))
    final_screen(page)
    log = page.locator("#log li").all_inner_texts()
    state = game.session.game.new_initial_state(game.session.seed)
    secret_texts = set()
    for action, text, seat in game.session.actions:
        decision = state.dec[0] if state.dec else None
        if seat != 0 and decision in SECRET_KINDS:
            secret_texts.add(text)
        state.apply_action(action)
    assert secret_texts, "the game had no Dawn or Night"
    for line in (line for line in log if not line.startswith("you:")):
        for text in secret_texts:
            assert text not in line, f"the page named a bot's secret choice: {line!r}"
    # every bot's secret choice reads the same, whoever made it
    bot_lines = {line.split(": ", 1)[1] for line in log if line.startswith("seat ") and ": " in line}
    assert "makes a secret choice" in bot_lines or "makes a choice hidden from you" in bot_lines


def test_undo_save_load_and_replay(page, server, tmp_path):
    start_from_lobby(page, server, "P.I.", players=2, seats=("human", "random"), seed=3)
    for _ in range(2):
        before = ply(page)
        page.locator("#actions button.choice:not(.back)").first.click()
        while settle(page) == "turn" and ply(page) == before:
            page.locator("#actions button.choice:not(.back)").nth(0).click()
    assert ply(page) >= 4
    # the bots' replies showed cards (an investigation's answer): undo may not go back past
    # them, and the button says so (#47)
    assert page.locator("#undo-btn").is_disabled()
    assert "new hidden information" in page.get_attribute("#undo-btn", "title")
    with page.expect_download() as download:
        page.click("#save-btn")
    path = tmp_path / "save.json"
    download.value.save_as(path)
    saved = json.loads(path.read_text())
    # an unfinished game's save is the server's reference, not the record (#47)
    assert saved["game"] == "pi" and saved["ply"] == ply(page)
    assert "actions" not in saved and "seed" not in saved
    saved_ply = ply(page)
    # load it back through the lobby
    page.goto(server.url("/"))
    page.set_input_files("#load-file", str(path))
    page.wait_for_url("**/play/**")
    settle(page)
    assert ply(page) == saved_ply
    # and step through it in the replay viewer
    page.goto(server.url("/replay"))
    page.set_input_files("#replay-file", str(path))
    page.wait_for_selector("#replay-board svg")
    page.click("#replay-next")
    page.wait_for_function("document.getElementById('replay-count').textContent.startsWith('move 1 ')")
    assert page.locator("#replay-log li").count() >= 1


def test_the_salem_companions_private_screen_shows_only_after_the_tap(page, server):
    """Companion on a phone: each player's secret screen is hidden behind a hand-over screen
    until that player taps, and is gone before the device is passed on."""
    page.goto(server.url("/"))
    page.select_option("#companion-game", "salem")
    page.fill("#companion-players", "5")
    page.click("#companion-form button[type=submit]")
    page.wait_for_url("**/companion/**")
    page.click("#companion-quick button:has-text('Next step')")  # setup
    page.wait_for_selector("#companion-screen .head:has-text('SETUP')")
    page.click("#companion-quick button:has-text('Next step')")  # dawn
    page.wait_for_selector("#companion-screen.handover")
    assert "secret" not in page.inner_text("#companion-screen") + page.inner_text("#companion-prompt")
    page.click("text=I am player 1: show my screen")
    page.wait_for_selector("#companion-quick button:has-text('n — neither')")
    assert "private" in page.inner_text("#companion-screen")
    page.click("#companion-quick button:has-text('n — neither')")
    page.click("#companion-quick button.big")  # nothing to do: hide
    page.wait_for_selector("#companion-screen.handover:has-text('player 2')")
    assert "neither" not in page.inner_text("#companion-screen")


def test_the_lobby_asks_the_name_lists_the_unfinished_game_and_the_record_draws_its_plots(page, server):
    """#48: the name is asked once and remembered; a game started is listed under the
    browser's unfinished games and resumed from there; once finished it leaves the list and
    the player's page draws its table and SVG plots."""
    from automa.store import default_player

    page.goto(server.url("/"))
    page.wait_for_selector("#player-ask:not([hidden])")
    page.wait_for_function(f"document.getElementById('player-name').value === {json.dumps(default_player())}")
    page.fill("#player-name", "Browser Tester")
    page.click("#player-save")
    assert page.inner_text("#player-shown") == "Browser Tester"
    start_from_lobby(page, server, "Goofspiel", seats=("human", "random"), seed=7)
    gid = page.url.split("/play/")[1].split("?")[0]
    assert server.games.games[gid].session.players == {0: "Browser Tester"}
    page.goto(server.url("/"))
    page.wait_for_selector("#player-known:not([hidden])")  # asked once
    assert page.locator("#player-ask").is_hidden()
    resume = page.locator(f"#mine-list li:has-text('Goofspiel') a[href*='{gid}']")
    resume.wait_for()
    resume.click()
    page.wait_for_url(f"**/play/{gid}?**")
    play_by_clicks(page, random.Random(7))
    final_screen(page)
    # a second finished game, so the plots have more than one point
    start_from_lobby(page, server, "Goofspiel", seats=("human", "random"), seed=8)
    play_by_clicks(page, random.Random(8))
    page.goto(server.url("/"))
    page.wait_for_selector(".game-card")
    page.wait_for_function("!JSON.parse(localStorage.getItem('automa.seats') || '[]').length")
    assert page.locator("#mine").is_hidden()
    page.click("#my-record")
    page.wait_for_url("**/players/Browser%20Tester")
    page.wait_for_selector(".plot svg path.series")
    assert page.inner_text("#player-title") == "Browser Tester's record"
    assert "Goofspiel" in page.inner_text("#record-table") and "/2" in page.inner_text("#record-table")
    assert page.locator(".plot").count() == 2  # the running win rate, and the scores with their trend
    rate = page.locator(".plot[data-kind='winrate'] svg")
    assert rate.locator("line.ref").count() == 1 and rate.locator("text.axis").count() == 2
    assert page.locator(".plot[data-kind='scores'] svg circle.point").count() == 2
    assert page.locator("#history-table tbody tr").count() == 2
