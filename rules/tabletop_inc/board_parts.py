"""The pieces the web board is drawn from: its colours, resource tokens, mumans, cards,
prediction cards and panels, each a plain function drawing on a `Canvas` (rules/svg.py)."""

from __future__ import annotations

from typing import Any

from automa.rules.svg import Canvas, fit, wrap

from .data import RES
from .words import ACTION_TITLES, card_kind, card_name, card_parts, card_text

W = 1560


PAPER = "#efe6d2"


PANEL = "#f8f1e1"


EDGE = "#b89f7a"


INK = "#2f261d"


MUTED = "#6f604c"


WOOD = "#6b4a32"


CREAM = "#fdf6e3"


SEAT_COLOURS = ("#c0504d", "#3f7fbf", "#4f9a4a", "#8e63b5", "#e08a2c", "#2a9d8f")


RES_COLOURS = {
    "dollar": "#c9a227",
    "time": "#4a90c2",
    "inspiration": "#e0703a",
    "research": "#7b5aa6",
    "playtest": "#c0392b",
}


RES_LETTERS = {"dollar": "$", "time": "T", "inspiration": "I", "research": "R", "playtest": "P"}


KIND_COLOURS = {
    "specialist": "#3f6f9f",
    "freelancer": "#4f8a4b",
    "item": "#b27a22",
    "skill": "#7b5aa6",
    "WOW": "#a9862a",
    "founder": "#a9862a",
    "POW": "#9d3b34",
    "objective": "#2f8c84",
    "award card": "#8a6d3b",
    "ZAP": "#b0407a",
    "prediction": "#5c6f82",
}


PIECE_COLOURS = ("#9c6b3f", "#5a7d9a", "#7a9a4a")


def draw_token(svg: Canvas, cx: float, cy: float, res: str, r: float = 9) -> None:
    """A resource token: a disc in the resource's colour with its letter."""
    svg.circle(cx, cy, r, fill=RES_COLOURS[res], stroke="#3a2e22", stroke_width=0.8)
    svg.text(
        cx,
        cy + r * 0.45,
        RES_LETTERS[res],
        size=max(11, int(r * 1.35)),
        fill="#ffffff",
        weight="bold",
        anchor="middle",
    )


def draw_muman(svg: Canvas, x: float, y: float, colour: str, label: str = "", h: float = 22) -> None:
    """A muman worker shape (head and body), its foot at (x, y)."""
    w = h * 0.7
    svg.circle(x, y - h + w * 0.32, round(w * 0.32, 1), fill=colour, stroke="#2b2119", stroke_width=0.8)
    top = y - h * 0.62
    svg.path(
        f"M{x - w / 2:.1f},{y:.1f} Q{x - w / 2:.1f},{top:.1f} {x:.1f},{top:.1f} "
        f"Q{x + w / 2:.1f},{top:.1f} {x + w / 2:.1f},{y:.1f} Z",
        fill=colour,
        stroke="#2b2119",
        stroke_width=0.8,
    )
    if label:
        svg.text(x, y - 3, label, size=11, fill="#ffffff", weight="bold", anchor="middle")


def draw_cost_row(svg: Canvas, x: float, y: float, values, sign: str = "", r: float = 9) -> float:
    """Resource tokens with amounts, left to right from x; returns the x after them."""
    for i, v in enumerate(values[:5]):
        if v:
            svg.text(
                x,
                y + 5,
                f"{sign}{v}",
                size=14,
                weight="bold",
                fill="#a8322d" if sign == "-" else "#2f7a3a" if sign == "+" else INK,
            )
            x += 9 * len(f"{sign}{v}") + 2
            draw_token(svg, x + r, y, RES[i], r)
            x += 2 * r + 6
    return x


def fitted_text(svg: Canvas, x: float, y: float, text: str, width: float, *, size: float, **kw) -> None:
    """One line of text cut to `width` with an ellipsis; a cut text carries its whole self as
    a hover title."""
    shown = fit(text, width, size, kw.get("weight") == "bold")
    if shown == text:
        svg.text(x, y, text, size=size, **kw)
    else:
        with svg.target(None, text):
            svg.text(x, y, shown, size=size, **kw)


def draw_card(
    svg: Canvas,
    d,
    x,
    y,
    cid: str,
    w=124,
    h=168,
    key: str | None = None,
    note: str = "",
    tokens=None,
    dim=False,
    tucked: str = "",
) -> None:
    """A face-up card: a band in its deck's colour with id and kind, its name and effect;
    at the foot its skills or VP, a tucked skill card, tokens lying on it, a note."""
    kind = card_kind(d, cid)
    colour = KIND_COLOURS.get(kind, "#777")
    mark = svg.mark()
    svg.rect(x, y, w, h, fill="#fffaf0" if not dim else "#e6dccb", stroke=colour, rx=7, stroke_width=2)
    svg.path(f"M{x + 1},{y + 22} v-14 a6,6 0 0 1 6,-6 h{w - 14} a6,6 0 0 1 6,6 v14 z", fill=colour)
    svg.text(x + 6, y + 17, cid, size=14, fill="#ffffff", weight="bold")
    svg.text(
        x + w - 5, y + 17, kind if kind != "award card" else "award", size=13, fill="#ffffff", anchor="end"
    )
    effect, facts = card_parts(d, cid)
    foot: list[tuple[str, Any]] = []  # bottom-up: (kind, content)
    if note:
        foot.append(("note", note))
    if tucked:
        foot.append(("tucked", f"+{tucked} {card_name(d, tucked)}"))
    if tokens and any(tokens):
        foot.append(("tokens", tokens))
    fact_lines = wrap(facts, w - 10, 13) if facts else []
    by = y + h - 8
    for what, content in foot:
        if what == "note":
            svg.text(x + 6, by, content, size=13, fill=colour, weight="bold")
        elif what == "tucked":
            fitted_text(svg, x + 6, by, content, w - 10, size=13, fill=KIND_COLOURS["skill"], weight="bold")
        else:
            tx = x + 6
            for i, v in enumerate(content):
                for _ in range(v):
                    draw_token(svg, tx + 8, by - 4, RES[i], 8)
                    tx += 18
            by -= 3
        by -= 18
    room_for_name = (3 if kind == "objective" else 2) if h >= 120 else 1
    yy = svg.lines(
        x + 6,
        y + 39,
        card_name(d, cid),
        width=w - 10,
        size=14,
        weight="bold",
        most=room_for_name,
        fill=INK,
        step=14 + 3,
    )
    free = int((by + 14 - yy) // 16)
    facts_shown = fact_lines[: max(0, min(len(fact_lines), free - 1))] if effect else fact_lines[:free]
    room = max(0, free - len(facts_shown))
    if effect and room:
        svg.lines(x + 6, yy + 1, effect, width=w - 10, size=13, fill=MUTED, most=room, step=16)
    fy = by - 16 * (len(facts_shown) - 1)
    for line in facts_shown:
        svg.text(x + 6, fy, line, size=13, fill="#4b3f30", italic=True)
        fy += 16
    svg.wrap_target(mark, key, card_text(d, cid))


def draw_card_back(svg: Canvas, x, y, w, h, label: str, colour="#5c6f82") -> None:
    svg.rect(x, y, w, h, fill=colour, stroke="#2b2119", rx=6)
    svg.rect(x + 5, y + 5, w - 10, h - 10, fill="none", stroke="#ffffff", rx=4)
    svg.text(x + w / 2, y + h / 2 + 5, label, size=14, fill="#ffffff", weight="bold", anchor="middle")


def draw_prediction_card(svg: Canvas, x, y, action: str, w=96, h=52, key=None, dim=False, note="") -> None:
    colour = KIND_COLOURS["prediction"]
    mark = svg.mark()
    svg.rect(x, y, w, h, fill="#eef2f6" if not dim else "#d6d6d6", stroke=colour, rx=6, stroke_width=2)
    svg.lines(
        x + 6, y + 17, ACTION_TITLES[action], width=w - 10, size=13, weight="bold", most=2, fill=INK, step=15
    )
    if note:
        svg.text(x + w - 5, y + h - 5, note, size=11, fill=colour, anchor="end")
    svg.wrap_target(mark, key, f"prediction: {ACTION_TITLES[action]}" + (f" ({note})" if note else ""))


def draw_panel(svg: Canvas, x, y, w, h, title: str, colour=WOOD, key=None, key_title="") -> None:
    svg.rect(x, y, w, h, fill=PANEL, stroke=EDGE, rx=10, stroke_width=1.5)
    mark = svg.mark()
    svg.path(f"M{x},{y + 30} v-20 a10,10 0 0 1 10,-10 h{w - 20} a10,10 0 0 1 10,10 v20 z", fill=colour)
    svg.text(x + 12, y + 21, title, size=17, fill=CREAM, weight="bold")
    if key:
        svg.wrap_target(mark, key, key_title)
