"""The boards' SVG kit: one way to build the drawing every game's `view.board_svg` returns.

Why one kit: the page finds a board's clickable things by their `data-key`, and a player
on a touch screen or with a screen reader learns what a thing is only from its `<title>`;
so a clickable target here cannot be made without a title.  Texts let clicks through to
the shapes under them.  Word-wrap estimates glyph widths (no font metrics on the server);
the estimate errs wide so that a wrapped label stays inside its box, and the browser test
`tests/test_board_text.py` checks the real boxes in Chromium.

    canvas = Canvas()
    with canvas.target("card:3", "Bribe: take 2 coins"):
        canvas.rect(10, 10, 120, 80, fill=PAPER, stroke=INK)
        canvas.lines(16, 30, "Bribe: take 2 coins from any player", width=108, size=13)
    svg = canvas.document(width=1400, height=900, paper="#f6f1e6")
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from xml.sax.saxutils import escape, quoteattr

SANS = "Helvetica, Arial, sans-serif"
#: average glyph width as a share of the font size (generous for the usual sans fonts)
_GLYPH = 0.58
_GLYPH_BOLD = 0.64
#: attribute values written without quoting work (numbers, colours, plain words)
_PLAIN = re.compile(r"[\w#.,:%+\- ]*\Z")


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The estimated rendered width of `text` at `size` px."""
    return len(text) * size * (_GLYPH_BOLD if bold else _GLYPH)


def wrap(text: str, width: float, size: float, bold: bool = False) -> list[str]:
    """`text` broken at spaces (and after slashes) into lines no wider than `width` px; a
    single word longer than the width keeps its own line."""
    out: list[str] = []
    line = ""
    # a slash inside a word ("blue/green") may end a line; " / " between words keeps its spaces
    pieces = [(part, k > 0) for word in str(text).split() for k, part in enumerate(_after_slash(word))]
    for word, glued in pieces:
        glue = "" if glued else " "
        trial = f"{line}{glue}{word}" if line else word
        if line and text_width(trial, size, bold) > width:
            out.append(line)
            line = word
        else:
            line = trial
    if line:
        out.append(line)
    return out


def _after_slash(word: str) -> list[str]:
    """`word` split after each slash that has more of the word behind it: 'a/b' -> 'a/', 'b'."""
    parts = word.replace("/", "/\n").split("\n")
    return [part for part in parts if part] or [word]


def wrap_items(
    items: Sequence[str], width: float, size: float | None, sep: str = ", ", bold: bool = False
) -> list[str]:
    """`items` joined by `sep` into lines no wider than `width` px (with `size` None: no
    longer than `width` characters, for the terminal), broken only between items (a name
    such as 'Little Italy' is never split); an item wider than the width keeps its own line."""

    def measure(text: str) -> float:
        return len(text) if size is None else text_width(text, size, bold)

    out: list[str] = []
    line = ""
    for item in items:
        trial = f"{line}{sep}{item}" if line else item
        if line and measure(trial + sep.rstrip()) > width:
            out.append(line + sep.rstrip())
            line = item
        else:
            line = trial
    if line:
        out.append(line)
    return out


def wrap_chars(text: str, chars: int) -> list[str]:
    """`text` broken at spaces into lines of at most `chars` characters (for monospace text
    and the terminal)."""
    out: list[str] = []
    line = ""
    for word in str(text).split():
        if line and len(line) + 1 + len(word) > chars:
            out.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        out.append(line)
    return out


def fit(text: str, width: float, size: float, bold: bool = False) -> str:
    """`text` cut with an ellipsis to fit `width` px (put the whole text in a title)."""
    text = str(text)
    if text_width(text, size, bold) <= width:
        return text
    keep = max(1, int(width / (size * (_GLYPH_BOLD if bold else _GLYPH))) - 1)
    return text[:keep].rstrip() + "…"


def attrs(**kw: object) -> str:
    """SVG attributes from keywords: `stroke_width=2` -> `stroke-width="2"`, a trailing `_`
    dropped (`class_`), None left out, floats at one decimal."""
    out = []
    for key, value in kw.items():
        if value is None:
            continue
        if isinstance(value, float):
            text = f"{value:.1f}"
        else:
            text = str(value)
        name = key.rstrip("_").replace("_", "-")
        out.append(f'{name}="{text}"' if _PLAIN.match(text) else f"{name}={quoteattr(text)}")
    return " ".join(out)


class Canvas:
    """An SVG under construction.  Shapes may be click targets (`key=` and `title=`, or drawn
    inside `target()`); texts never take clicks."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        #: every data-key drawn, for views that check a legal action has its target
        self.keys: set[str] = set()

    def add(self, markup: str) -> None:
        """Raw markup the kit has no shape for (a path with arcs, a gradient)."""
        self.parts.append(markup)

    # ---------------------------------------------------------------- shapes

    def _shape(self, tag: str, key: str | None, title: str | None, kw: dict) -> None:
        head = attrs(**kw)
        if key is not None:
            if not title:
                raise ValueError(f"click target {key!r} has no title")
            self.keys.add(key)
            head = f"data-key={quoteattr(key)} {head}"
        if title:
            self.add(f"<{tag} {head}><title>{escape(title)}</title></{tag}>")
        else:
            self.add(f"<{tag} {head}/>")

    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        fill: str,
        stroke: str | None = None,
        stroke_width: float | None = None,
        rx: float | None = None,
        key: str | None = None,
        title: str | None = None,
        **extra: object,
    ) -> None:
        self._shape(
            "rect",
            key,
            title,
            dict(
                x=float(x),
                y=float(y),
                width=float(w),
                height=float(h),
                rx=rx,
                fill=fill,
                stroke=stroke,
                stroke_width=stroke_width,
                **extra,
            ),
        )

    def circle(
        self,
        cx: float,
        cy: float,
        r: float,
        *,
        fill: str,
        stroke: str | None = None,
        stroke_width: float | None = None,
        key: str | None = None,
        title: str | None = None,
        **extra: object,
    ) -> None:
        self._shape(
            "circle",
            key,
            title,
            dict(
                cx=float(cx), cy=float(cy), r=r, fill=fill, stroke=stroke, stroke_width=stroke_width, **extra
            ),
        )

    def path(
        self,
        d: str,
        *,
        fill: str,
        stroke: str | None = None,
        stroke_width: float | None = None,
        key: str | None = None,
        title: str | None = None,
        **extra: object,
    ) -> None:
        self._shape(
            "path", key, title, dict(d=d, fill=fill, stroke=stroke, stroke_width=stroke_width, **extra)
        )

    def line(
        self, x1: float, y1: float, x2: float, y2: float, *, stroke: str, stroke_width: float = 1.5, **extra
    ):
        head = attrs(
            x1=float(x1),
            y1=float(y1),
            x2=float(x2),
            y2=float(y2),
            stroke=stroke,
            stroke_width=stroke_width,
            **extra,
        )
        self.add(f'<line {head} pointer-events="none"/>')

    def polyline(
        self, points: Sequence[tuple[float, float]], *, stroke: str, stroke_width: float = 2.5, **extra
    ):
        pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        head = attrs(fill="none", stroke=stroke, stroke_width=stroke_width, **extra)
        self.add(f'<polyline points="{pts}" {head} pointer-events="none"/>')

    # ---------------------------------------------------------------- text

    def text(
        self,
        x: float,
        y: float,
        text: object,
        *,
        size: float = 14,
        fill: str = "#222",
        weight: str | None = None,
        anchor: str | None = None,
        italic: bool = False,
        family: str | None = None,
        **extra: object,
    ) -> None:
        """One line of text with its baseline at y; clicks pass through it."""
        head = attrs(
            x=float(x),
            y=float(y),
            font_size=size,
            fill=fill,
            font_weight=weight,
            text_anchor=anchor,
            font_style="italic" if italic else None,
            font_family=family,
            **extra,
        )
        self.add(f'<text {head} pointer-events="none">{escape(str(text))}</text>')

    def lines(
        self,
        x: float,
        y: float,
        text: str,
        *,
        width: float,
        size: float = 14,
        step: float | None = None,
        most: int | None = None,
        weight: str | None = None,
        **text_kw,
    ) -> float:
        """`text` wrapped to `width` px from the baseline y, at most `most` lines (the last
        one ends in an ellipsis when some is left out); returns the baseline after the last."""
        step = step or size + 4
        rows = wrap(text, width, size, weight == "bold")
        if most is not None and len(rows) > most:
            rows = rows[:most]
            rows[-1] = fit(rows[-1] + " …", width, size, weight == "bold")
        for row in rows:
            self.text(x, y, row, size=size, weight=weight, **text_kw)
            y += step
        return y

    # ---------------------------------------------------------------- groups

    @contextmanager
    def target(self, key: str | None, title: str) -> Iterator[None]:
        """Everything drawn inside is one thing with a hover title; with a `key`, one click
        target the page highlights and answers (the title is required either way)."""
        if not title:
            raise ValueError(f"target {key!r} has no title")
        head = ""
        if key is not None:
            self.keys.add(key)
            head = f" data-key={quoteattr(key)}"
        self.add(f"<g{head}><title>{escape(title)}</title>")
        try:
            yield
        finally:
            self.add("</g>")

    def mark(self) -> int:
        """Where the next element goes, for `wrap_target` when the title is known only after
        drawing."""
        return len(self.parts)

    def wrap_target(self, mark: int, key: str | None, title: str) -> None:
        """Make what was drawn since `mark` one target, as `target()` would have."""
        if not title:
            raise ValueError(f"target {key!r} has no title")
        head = ""
        if key is not None:
            self.keys.add(key)
            head = f" data-key={quoteattr(key)}"
        self.parts.insert(mark, f"<g{head}><title>{escape(title)}</title>")
        self.parts.append("</g>")

    # ---------------------------------------------------------------- the whole

    def document(self, *, width: float, height: float, paper: str, font: str = SANS) -> str:
        """The finished `<svg>`: a viewBox of width x height on a paper-coloured ground."""
        w, h = round(width), round(height)
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" font-family={quoteattr(font)}>\n'
            f'<rect x="0" y="0" width="{w}" height="{h}" fill="{paper}"/>\n'
            + "\n".join(self.parts)
            + "\n</svg>"
        )
