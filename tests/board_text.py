"""Where a board's texts collide, measured by Chromium: the boxes of every two texts that
overlap, and every text that sticks out of the card it sits on.  Used by
tests/test_board_text.py and by `python tests/board_text.py GAME` to list a game's problems
while fixing its layout.

A text's card is the smallest rectangle that holds the text's centre and is at least as tall
as the text; its box may not pass that rectangle's edges by more than a pixel.  Two texts
overlap when their boxes share more than 2 px across and a quarter of the lower one's height
(a line's box is taller than its glyphs, so lines set close together do not count).  A text
is covered when a filled shape drawn after it hides more than a quarter of its box."""

from __future__ import annotations

import random
import sys
from pathlib import Path

if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

#: one configuration per game and the plies at which its board is looked at
BOARDS = {
    "pi": dict(players=3),
    "pulitzer": dict(mode="solo"),
    "tabletop_inc": dict(players=2),
    "watergate": dict(),
    "salem": dict(players=5),
}
PLIES = (0, 12, 40, 90, 10_000)

_MEASURE = r"""
(svgText) => {
  document.body.style.margin = '0';
  document.body.innerHTML = svgText;
  const svg = document.querySelector('svg');
  const vb = svg.viewBox.baseVal;
  svg.style.width = vb.width + 'px';
  svg.style.height = vb.height + 'px';
  const box = (el) => { const r = el.getBoundingClientRect();
                        return {x: r.left, y: r.top, w: r.width, h: r.height}; };
  const shown = (el) => { const s = getComputedStyle(el);
                          return s.display !== 'none' && s.visibility !== 'hidden' && s.opacity !== '0'; };
  const all = [...svg.querySelectorAll('text, rect, circle, ellipse, path, polygon')];
  const order = new Map(all.map((el, i) => [el, i]));
  const texts = [...svg.querySelectorAll('text')]
      .filter(t => t.textContent.trim() && shown(t))
      .map(t => ({text: t.textContent.trim(), at: order.get(t), ...box(t)}))
      .filter(b => b.w > 0 && b.h > 0);
  const rects = [...svg.querySelectorAll('rect')].slice(1)
      .filter(shown).map(box).filter(b => b.w > 4 && b.h > 4);
  const opaque = (el) => { const s = getComputedStyle(el);
      return s.fill !== 'none' && !/rgba\(.*, 0(\.[0-4]\d*)?\)$/.test(s.fill)
             && parseFloat(s.fillOpacity) * parseFloat(s.opacity) >= 0.5; };
  const shapes = all.filter(el => el.tagName !== 'text' && order.get(el) > 0 && shown(el) && opaque(el))
      .map(el => ({at: order.get(el), tag: el.tagName,
                   title: (el.querySelector('title') || {}).textContent || '', ...box(el)}));
  return {texts, rects, shapes, width: vb.width, height: vb.height};
}
"""


def problems(measured: dict) -> list[str]:
    """Overlapping and clipped texts in one board's measurements (see the module's words)."""
    texts, rects = measured["texts"], measured["rects"]
    out = []
    for i, a in enumerate(texts):
        for b in texts[i + 1 :]:
            across = min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"])
            down = min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"])
            if across > 2 and down > 0.25 * min(a["h"], b["h"]):
                out.append(f"overlap: {a['text']!r} and {b['text']!r}")
        for shape in measured.get("shapes", ()):
            if shape["at"] < a["at"]:
                continue
            across = min(a["x"] + a["w"], shape["x"] + shape["w"]) - max(a["x"], shape["x"])
            down = min(a["y"] + a["h"], shape["y"] + shape["h"]) - max(a["y"], shape["y"])
            if across > 0 and down > 0 and across * down > 0.25 * a["w"] * a["h"]:
                what = shape["title"] or shape["tag"]
                out.append(f"covered: {a['text']!r} under a {shape['tag']} ({what!r})")
        cx, cy = a["x"] + a["w"] / 2, a["y"] + a["h"] / 2
        holders = [
            r
            for r in rects
            if r["x"] <= cx <= r["x"] + r["w"] and r["y"] <= cy <= r["y"] + r["h"] and r["h"] >= 0.9 * a["h"]
        ]
        card = min(holders, key=lambda r: r["w"] * r["h"], default=None)
        if card is None:
            card = dict(x=0, y=0, w=measured["width"], h=measured["height"])
        if (
            a["x"] < card["x"] - 1
            or a["x"] + a["w"] > card["x"] + card["w"] + 1
            or a["y"] < card["y"] - 1
            or a["y"] + a["h"] > card["y"] + card["h"] + 1
        ):
            out.append(f"clipped: {a['text']!r} passes its card's edge")
    return out


def boards(name: str, seed: int = 1):
    """(ply, seat, svg) for one random game of `name`, at the plies in PLIES (the last: the end)."""
    from automa.rules.core import load_game
    from automa.rules.presentation import game_view

    game = load_game(name, **BOARDS[name])
    view = game_view(game)
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    ply = 0
    for target in PLIES:
        while ply < target and not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            ply += 1
        seat = state.current_player() if not state.is_terminal() else 0
        seat = seat if 0 <= seat < game.num_players else 0
        yield ply, seat, view.board_svg(state, seat)
        if state.is_terminal():
            break


def board_problems(page, name: str, seed: int = 1) -> list[str]:
    """Every problem on the boards of one random game, each line naming its ply and seat."""
    out = []
    for ply, seat, svg in boards(name, seed):
        for line in problems(page.evaluate(_MEASURE, svg)):
            out.append(f"{name} ply {ply} seat {seat}: {line}")
    return out


def main(argv: list[str]) -> int:
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from browser import CHROMIUM_ARGS, chromium_path

    names = argv or sorted(BOARDS)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        page = browser.new_page()
        total = 0
        for name in names:
            found = board_problems(page, name)
            total += len(found)
            print(f"# {name}: {len(found)}")
            for line in found:
                print(line)
        browser.close()
    return 1 if total else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
