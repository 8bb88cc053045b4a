"""The web board's ground: colours, the panel frame, and `BoardBase` (a seat's observation,
the canvas, and the pieces and spaces every panel draws on rules/svg.py's kit)."""

from __future__ import annotations

from automa.rules.svg import Canvas

from .state import F_REG, F_ROW
from .times import BLUE, RED, TIMES
from .words import journalist_label, owner_word, piece_value, space_words, to_move

PAPER = "#f3ecdc"
PANEL = "#e8dcc1"
EDGE = "#8c6f47"
INK = "#33261a"
MUTED = "#6f604c"
SPACE = "#fbf7ee"
GOLD = "#b8860b"
WARN = "#b3261e"
#: player colours (§15.22 placeholder: pink, green, blue, orange, black); the Times is purple
SEAT_COLOURS = ("#cc5a86", "#3f8c50", "#3a72b5", "#d9802a", "#3c3c3c")
PIECE_COLOURS = {TIMES: "#74489a", RED: "#b0352a", BLUE: "#1f3d70"}
OT_KIND_COLOURS = ("#f2d9a6", "#d9c7ef", "#cfe4cf", "#cddff2")
TIMES_CARD_COLOURS = ("#c0392b", "#e67e22", "#e5c22f")
HIGHLIGHT = "#f6d365"
DIM = "#d6cfc0"
W = 1500


def owner_colour(o: int) -> str:
    return PIECE_COLOURS.get(o) or SEAT_COLOURS[o % len(SEAT_COLOURS)]


def panel(c: Canvas, x: float, y: float, w: float, h: float, title: str, note: str = "") -> None:
    """A board area: a framed panel with its title and a note at the right."""
    c.rect(x, y, w, h, fill=PANEL, stroke=EDGE, stroke_width=2, rx=12, pointer_events="none")
    c.text(x + 14, y + 26, title, size=19, fill=INK, weight="bold")
    if note:
        c.text(x + w - 14, y + 26, note, size=14, fill=MUTED, anchor="end")


class BoardBase:
    """One seat's board under construction: its observation, the canvas, and the pieces and
    spaces every panel draws."""

    def __init__(self, state, seat: int):
        self.state = state
        self.g = state.game
        self.d = state.game.data
        self.seat = seat
        self.obs = state.observation(seat)
        self.c = Canvas()
        self.mover = to_move(self.obs)
        pend = self.obs["pend"]
        self.my_pend = pend if (pend is not None and pend[1] == seat) else None

    # ------------------------------------------------------------------ pieces
    def piece(self, cx, cy, pc, key=None, title=None):
        """A journalist (disc) or agent (square) with its value, '?' face down, and its
        value token (+1/+2) as a gold badge."""
        c, g, obs = self.c, self.g, self.obs
        o = pc[0]
        v = piece_value(g, obs, pc)
        colour = owner_colour(o)
        who = owner_word(g, self.seat, o)
        label = "?" if v is None else str(v)
        name = title or (
            f"{who} {'journalist' if o < RED else ''}".strip()
            + (" face down" if v is None else f" value {v}")
            + (f" +{pc[2]} token" if pc[2] else "")
        )
        if o >= RED:
            c.rect(
                cx - 17,
                cy - 17,
                34,
                34,
                fill=colour,
                stroke="#111",
                stroke_width=1.5,
                rx=5,
                key=key,
                title=name,
                fill_opacity=0.55 if v is None else None,
                pointer_events=None if (key) is not None else "none",
            )
        else:
            c.circle(
                cx,
                cy,
                18,
                fill=colour,
                stroke="#111",
                stroke_width=1.5,
                key=key,
                title=name,
                fill_opacity=0.55 if v is None else None,
                pointer_events=None if (key) is not None else "none",
            )
        c.text(cx, cy + 6, label, size=18, fill="#fff", weight="bold", anchor="middle")
        if pc[2]:
            c.circle(cx + 15, cy - 15, 10, fill=GOLD, stroke="#5a4300", stroke_width=1, pointer_events="none")
            c.text(cx + 15, cy - 10.5, f"+{pc[2]}", size=13, fill="#fff", weight="bold", anchor="middle")
        if len(pc) > 3 and pc[3] & F_ROW:
            c.rect(
                cx - 16,
                cy + 14,
                32,
                16,
                fill=GOLD,
                stroke="#5a4300",
                stroke_width=1,
                rx=4,
                pointer_events="none",
            )
            c.text(cx, cy + 27, "row+2", size=12, fill="#fff", anchor="middle")
        if len(pc) > 3 and pc[3] & F_REG:
            c.rect(
                cx - 16,
                cy + 14,
                32,
                16,
                fill="#5d7c99",
                stroke="#223",
                stroke_width=1,
                rx=4,
                pointer_events="none",
            )
            c.text(cx, cy + 27, "Reg.", size=12, fill="#fff", anchor="middle")

    def space(self, sid, x, y, w, h, label="", sub="", fill=SPACE):
        """A placement space: the click target for 'space:<id>', its printed label, and the
        pieces on it; own bus journalists become click targets when the seat orders or
        supports them."""
        c, obs = self.c, self.obs
        c.rect(
            x,
            y,
            w,
            h,
            fill=fill,
            stroke=EDGE,
            stroke_width=1.5,
            rx=8,
            key=f"space:{sid}",
            title=space_words(self.g, obs, sid),
        )
        if label:
            c.text(x + 8, y + 18, label, size=14, fill=MUTED)
        if sub and w >= 140:
            c.text(x + w - 8, y + 18, sub, size=14, fill=MUTED, anchor="end")
        elif sub:
            c.text(x + 8, y + 34, sub, size=13, fill=MUTED)
        pcs = obs["spaces"][sid]
        if not pcs:
            return
        pick = set()
        if self.my_pend is not None and self.my_pend[0] in ("busorder", "support"):
            pick = set(self.my_pend[2])
        step = 42
        start = x + w / 2 - step * (len(pcs) - 1) / 2
        cy = y + h / 2 + (8 if label else 0)
        for i, pc in enumerate(pcs):
            key = f"piece:{sid}:{i}" if (sid, i) in pick else None
            title = None
            if key:
                title = f"your journalist {journalist_label(pc[1])} on {space_words(self.g, obs, sid)}"
            self.piece(start + i * step, cy, pc, key=key, title=title)


def source_key(action) -> str:
    """The board key of a pin's source choice: 'source:kept:103', 'source:double:0'."""
    return f"source:{action[1]}:{action[2]}"
