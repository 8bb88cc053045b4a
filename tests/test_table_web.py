"""The table in the browser (#49): the lobby in a player's words, honest hints, a log that
grows instead of being rebuilt, a bot speed setting, the game-over window shown once."""

from __future__ import annotations

import re

import pytest

from automa.play.session import HINT_ROUGH_PLAYOUTS, hint_confidence, hint_lines, hint_prefers
from automa.web.server import catalog, player_words
from tests.browser import CHROMIUM_ARGS, LiveServer, need_browser

SPEC_TAG = re.compile(r"§\d|\b[A-Z]{1,4}-\d+\b")


def test_the_lobby_shows_no_spec_tags():
    for game in catalog():
        for name, text in game["params"].items():
            assert not SPEC_TAG.search(text), (game["name"], name, text)
    assert (
        player_words("'track_width' (AMB-01, recommended) or 'four'")
        == "'track_width' (recommended) or 'four'"
    )
    assert player_words("keep 1 of 2 (A-40)") == "keep 1 of 2"
    assert player_words("one entry; () = none") == "one entry; () = none"
    assert all("readings" not in g["params"] for g in catalog())  # a switch of the spec's readings


def test_a_hint_on_few_playouts_is_never_sure_and_equal_moves_are_not_pointed_at():
    few = [("a", 0.9, 2, 0.34, 1.0), ("b", 0.1, 2, 0.0, 0.66)]
    assert hint_confidence(few).startswith("not sure") and not hint_prefers(few)
    n = HINT_ROUGH_PLAYOUTS * 10
    clear = [("a", 0.9, n, 0.86, 0.93), ("b", 0.4, n, 0.36, 0.45)]
    assert hint_confidence(clear).startswith("sure") and hint_prefers(clear)
    equal = [("a", 0.5, n, 0.45, 0.55), ("b", 0.5, n, 0.45, 0.55)]
    assert not hint_prefers(equal)
    lines = hint_lines(few, {"legal": 5, "player": "greedy", "deciders": 2, "seconds": 3.0}, longer="X")
    assert any("not the bots at this table" in line for line in lines)
    assert lines[-1].endswith("X") and not any("expert's" in line for line in lines)


@pytest.fixture(scope="module")
def server():
    live = LiveServer()
    yield live
    live.stop()


def test_the_page_keeps_its_log_shows_the_end_once_and_remembers_the_bots_speed(server):
    sync_playwright, path = need_browser()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport={"width": 1400, "height": 900}, bypass_csp=True)
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda err: errors.append(str(err)))
        page.goto(server.url("/"))
        page.click(".game-card:has-text('Pulitzer')")
        assert page.eval_on_selector("#mode", "m => m.value") == "solo"  # a lone player's mode first
        page.goto(server.url("/"))
        page.click(".game-card:has-text('Watergate')")
        page.fill("#seat-1", "random")
        page.fill("#seed", "2")
        page.click("#start")
        page.wait_for_url("**/play/**")
        page.select_option("#speed", "0")
        assert page.evaluate("localStorage.getItem('automa.frame_ms')") == "0"
        from playwright.sync_api import TimeoutError as PageTimeout

        settle = "['turn', 'over'].includes(document.body.dataset.state)"

        def move() -> bool:
            """One move by the keyboard ("1" takes the first choice, or opens the first group
            of a long list first); False once the game is over."""
            for _ in range(6):
                page.wait_for_function(settle, timeout=60_000)
                if page.evaluate("document.body.dataset.state") == "over":
                    return False
                ply = page.evaluate("document.body.dataset.ply")
                page.keyboard.press("1")
                try:
                    page.wait_for_function(
                        f"document.body.dataset.ply !== '{ply}' && {settle}", timeout=5_000
                    )
                    return True
                except PageTimeout:
                    continue
            raise AssertionError("the keyboard did not move the game on")

        move()
        page.wait_for_function("document.querySelector('#log li') !== null", timeout=60_000)
        page.evaluate("document.querySelector('#log li').dataset.mark = 'first'")
        before = page.evaluate("document.querySelectorAll('#log li').length")
        move()
        # the line shown before is the same element: the log is appended to, not rebuilt
        assert page.evaluate("document.querySelectorAll('#log li[data-mark=first]').length") == 1
        assert page.evaluate("document.querySelectorAll('#log li').length") > before
        # the end, on a game played to it through the API (a whole game by the keyboard is
        # slow on a loaded machine): the game-over window opens once
        import httpx

        with httpx.Client(
            base_url=server.url("/").split("/?")[0], params={"token": "test-token"}, timeout=60
        ) as http:
            made = http.post(
                "/api/games", json={"game": "watergate", "seats": ["human", "random"], "seed": 3}
            ).json()
            seat = made["seats"][0]
            q = {"seat": seat["seat"], "key": seat["key"]}
            view = http.post(f"/api/games/{made['id']}/advance", params=q, json={"wait": 30}).json()
            while not view["over"]:
                view = http.post(
                    f"/api/games/{made['id']}/act",
                    params=q,
                    json={"index": 0, "ply": view["ply"], "wait": 30},
                ).json()
        page.goto(server.url(seat["url"]))
        page.wait_for_function("document.body.dataset.state === 'over'", timeout=60_000)
        assert page.is_visible("#over")
        page.click("#over-close")
        page.keyboard.press("t")  # a redraw: the window stays closed
        page.keyboard.press("t")
        assert not page.is_visible("#over")
        page.click("#show-over")
        assert page.is_visible("#over")
        context.close()
        browser.close()
        assert not errors, errors
