"""No two texts on a board overlap, none passes its card's edge and no shape hides one, on
the boards of random games of every game, measured by Chromium (tests/board_text.py says
how).  `python tests/board_text.py GAME` lists a game's problems."""

from __future__ import annotations

import pytest

from tests.board_text import BOARDS, board_problems
from tests.browser import CHROMIUM_ARGS, need_browser

SEEDS = (1, 2, 3)
#: boards still being laid out again (issue #51's SVG kit); the mark goes when a game passes
LAYOUT_PENDING: set[str] = set()


@pytest.fixture(scope="module")
def page():
    sync_playwright, path = need_browser()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield browser.new_page()
        browser.close()


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(n, marks=pytest.mark.xfail(strict=True, reason="layout pending"))
        if n in LAYOUT_PENDING
        else n
        for n in sorted(BOARDS)
    ],
)
def test_board_texts_neither_overlap_nor_leave_their_cards(page, name):
    found = [line for seed in SEEDS for line in board_problems(page, name, seed)]
    assert not found, f"{len(found)} text problems:\n" + "\n".join(found[:30])
