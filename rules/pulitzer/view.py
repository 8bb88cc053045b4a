"""Pulitzer as a person sees it: the functions `rules/presentation.py` looks for, and the web
board that puts the panels together.

Everything here is built from `state.observation(seat)`, the printed component data
(`state.game.data`) and the game's parameters, never from hidden state, so whatever a
function returns may be shown to that seat (tests compare each view with the view of a
determinization).  The parts live beside it: `words.py` (the facts and words both boards
and the end screen share), `text_board.py` (the terminal board, what changed, how a move
reads), `svg_base.py`, `svg_table.py` and `svg_newsrooms.py` (the web board's ground and
panels); this module keeps the names other code imports from `view`.
"""

from __future__ import annotations

from automa.rules.svg import wrap

from .state import JX
from .svg_base import EDGE, INK, MUTED, PAPER, W, source_key
from .svg_newsrooms import NewsroomPanels
from .svg_table import TablePanels
from .text_board import board_changes, board_text, move_text
from .words import (
    card_words,
    cell_name,
    decision_line,
    decision_words,
    dollars,
    end_words,
    final_report,
    final_words,
    report_facts,
    score_now,
    x_value,
)

#: the view's public names (presentation.py finds the board and end-screen functions here;
#: the rest are the words tests and tools read)
__all__ = [
    "action_group",
    "action_keys",
    "board_changes",
    "board_svg",
    "board_text",
    "card_words",
    "cell_name",
    "decision_words",
    "dollars",
    "final_report",
    "move_text",
    "report_facts",
    "score_now",
]


class _Board(TablePanels, NewsroomPanels):
    """Draws the whole table for one seat from its observation."""

    # ------------------------------------------------------------------ whole board
    def draw(self) -> str:
        g, c = self.g, self.c
        y = self.header()
        left_x, left_w = 20, 930
        right_x, right_w = 970, W - 990
        ly = y
        ly = self.newspaper(left_x, ly, left_w) + 14
        ly = self.overtime(left_x, ly, left_w) + 14
        ly = self.report_area(left_x, ly, left_w) + 14
        ly = self.kiosk(left_x, ly, left_w) + 14
        ry = y
        if g.solo:
            ry = self.times(right_x, ry, right_w) + 14
        if g.use_events:
            ry = self.event(right_x, ry, right_w) + 14
        if 0 <= self.seat < g.n:
            ry = self.newsroom(self.seat, right_x, ry, right_w) + 14
            ry = self.investigation(self.seat, right_x, ry, right_w) + 14
        ry = self.drawn_cards(right_x, ry, right_w)
        ry = self.decks(right_x, ry, right_w) + 14
        others = [p for p in range(g.n) if p != self.seat]
        if len(others) == 1:  # two players: the opponent fits beside the board
            ry = self.other_newsrooms(others, right_x, ry, right_w) + 14
            others = []
        y = max(ly, ry)
        if others:
            y = self.other_newsrooms(others, 20, y, W - 40) + 14
        return c.document(width=W, height=y, paper=PAPER, font="Georgia, 'Times New Roman', serif")

    def header(self) -> float:
        c, g, obs = self.c, self.g, self.obs
        phase = "game over" if obs["over"] else ("placement phase" if obs["placing"] else "resolution phase")
        mode = (
            "solo — you are the Post against the Times"
            if g.solo
            else (
                ("two players" if g.lp else f"{g.n} players")
                + (f" — you are P{self.seat}" if 0 <= self.seat < g.n else "")
            )
        )
        c.text(24, 38, "Pulitzer", size=30, fill=INK, weight="bold")
        c.text(170, 38, f"round {obs['round']} of 8 · {phase}", size=22, fill=INK)
        c.text(W - 24, 38, mode, size=18, fill=MUTED, anchor="end")
        y: float = 54
        if obs["over"]:
            text = f"{end_words(g, obs, self.seat)} — {final_words(g, obs, self.seat)}"
            fill = "#f4d6c8"
        else:
            text = decision_line(self.state, self.seat, obs)
            fill = "#fbe7a8" if self.mover == self.seat else "#e4ddd0"
        rows = wrap(text, W - 72, 20, bold=True)
        h = 16 + 24 * len(rows)
        c.rect(20, y, W - 40, h, fill=fill, stroke=EDGE, stroke_width=1.5, rx=10, pointer_events="none")
        for i, row in enumerate(rows):
            c.text(36, y + 28 + 24 * i, row, size=20, fill=INK, weight="bold")
        y += h + 12
        if g.lp:
            y = self.opinion(20, y, W - 40) + 12
        return y


def board_svg(state, seat: int) -> str:
    """The whole table for `seat` as one SVG (no fixed size): opinion and turn marker (2P and
    solo), the board from the Newspaper down to the Kiosk as printed, the Times (solo), the
    seat's newsroom with its investigation board and report card, the cards of the decision
    at hand, the decks, and the other newsrooms."""
    return _Board(state, seat).draw()


# =========================================================================== actions on the board


def action_keys(state, seat: int, action) -> tuple[str, ...]:
    """The board elements that pick `action`, in click order: a journalist at hand then a
    space for a placement; the cell, card, token, section or piece a choice names; () for a
    pass, a 'no' or a choice with no place on the board."""
    kind = action[0]
    if kind == "place":
        return (f"journalist:{action[1]}", f"space:{action[2]}")
    if kind == "req":
        return (f"section:{action[1]}",)
    if kind == "editorial":
        return ("token:ED",)
    if kind == "tok":
        return (f"token:{action[1]}",)
    if kind in ("pin", "destroy", "stmt"):
        return (f"cell:{action[1]}",)
    if kind in ("pin_evidence", "pin_line"):
        return (source_key(action),)
    if kind == "unpin":
        return (f"cell:{state.observation(seat)['pins'][seat][-1]}",)
    if kind in ("bus", "support"):
        return (f"piece:{action[1]}:{action[2]}",)
    if kind in ("sports", "ent"):
        return (f"space:{action[1]}",)
    if kind == "ot":
        return (f"ot:{action[1]}",)
    if kind == "ot_extra":
        return ("ot:phone",)
    if kind == "reg":
        return ("deck:evidence",) if action[1] == "E" else ("deck:line",)
    if kind == "keep":
        return (f"card:{action[1]}",)
    if kind == "donor":
        return (f"newsroom:{action[1]}",)
    if kind == "train":
        return (f"hr:{state.observation(seat)['hr'][seat] + 1}",)
    if kind == "photo":
        return (f"photo:{action[1]}",)
    if kind == "bail":
        return (f"arrested:{action[1]}",)
    return ()


def action_group(state, seat: int, action) -> str:
    """Placements are listed under their journalist, so a decision of 70-100 placements is
    taken as a journalist, then a space."""
    if action[0] != "place":
        return ""
    j = action[1]
    if j == JX:
        return f"journalist X (value {x_value(state.game, state.observation(seat), seat)})"
    return f"journalist {j + 1}"
