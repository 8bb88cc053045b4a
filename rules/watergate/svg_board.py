"""Watergate's web board (`board_svg`), drawn on the shared SVG kit (rules/svg.py) panel by
panel: the header, the momentum cards, the research track with the initiative card and the
supply, the evidence board, the decision and the hand, the piles and the bag.  The layout
and the click keys are described in `view`'s docstring.
"""

from __future__ import annotations

import math

from automa.decks.shown import ShownDeck, shown_decks
from automa.rules.presentation import count as _count
from automa.rules.svg import Canvas, text_width, wrap, wrap_chars
from automa.rules.watergate.report import connected
from automa.rules.watergate.text import BIT_NAME, colour_text, person_text, token_words
from automa.rules.watergate.words import (
    KIND_TEXT,
    OWNER_NAME,
    SIDE_NAME,
    card_text,
    colour_bits,
    decision_words,
    effect_text,
    plural_of,
    resolving_cards,
    track_pos,
    unseen_tokens,
)

# ---------------------------------------------------------------------------- palette
PAPER = "#f5eedc"
PANEL = "#fbf7ec"
INK = "#2e2a24"
MUTED = "#6f6656"
WOOD = "#b08d5a"
THREAD = "#a38d6b"
EDITOR_INK = "#27506e"
NIXON_INK = "#8e2b2b"
EDITOR_TINT = "#e3e9ea"
NIXON_TINT = "#f1ddd5"
MOMENTUM_RED = "#c23b2e"
FACE_DOWN = "#4a4540"
GOLD = "#d8a523"
CONNECTED = "#c8871e"
EVIDENCE_FILL = {1: "#3f7ec4", 2: "#e9c440", 4: "#4e9a57"}
SANS = "Helvetica, Arial, sans-serif"
SERIF = "Georgia, 'Times New Roman', serif"

WIDTH = 1500

TRACK_X, CELL_W, TRACK_Y, CELL_H = 290, 84, 182, 238
ROW_B = 500
RIGHT_X, RIGHT_W = 760, 720


# ---------------------------------------------------------------------------- SVG building


def _heading(svg: Canvas, x: float, y: float, text: str, colour: str = INK) -> None:
    """A panel's title."""
    svg.text(x, y, text, size=20, weight="bold", fill=colour, family=SERIF)


def _half_paths(cx, cy, r) -> tuple[str, str]:
    """The left and right half-circle outlines of a disc."""
    return (
        f"M{cx:.1f},{cy - r:.1f} A{r},{r} 0 0,0 {cx:.1f},{cy + r:.1f}",
        f"M{cx:.1f},{cy - r:.1f} A{r},{r} 0 0,1 {cx:.1f},{cy + r:.1f}",
    )


def _token_disc(svg: Canvas, cx, cy, r, code: int, face_up: bool, label: str = "") -> None:
    """An evidence token.  Face up: its colours (a two-colour token split in half).  Face
    down: a dark disc in a dashed ring, its colours as an inner ring when the viewer knows
    them, "?" when not.  A gold star marks the momentum symbol; `label` goes in the middle."""
    bits = colour_bits(code) if code >= 0 else []
    left, right = _half_paths(cx, cy, r)
    if face_up and bits:
        if len(bits) == 1:
            svg.circle(cx, cy, r, fill=EVIDENCE_FILL[bits[0]])
        else:
            svg.path(left + " Z", fill=EVIDENCE_FILL[bits[0]])
            svg.path(right + " Z", fill=EVIDENCE_FILL[bits[1]])
        svg.circle(cx, cy, r, fill="none", stroke=INK, stroke_width=2)
    else:
        svg.circle(cx, cy, r + 3.5, fill="none", stroke=FACE_DOWN, stroke_width=1.8, stroke_dasharray="4 3")
        svg.circle(cx, cy, r, fill=FACE_DOWN, stroke=INK, stroke_width=1.5)
        inner_left, inner_right = _half_paths(cx, cy, r - 4)
        if len(bits) == 1:
            svg.circle(cx, cy, r - 4, fill="none", stroke=EVIDENCE_FILL[bits[0]], stroke_width=5)
        elif bits:
            svg.path(inner_left, fill="none", stroke=EVIDENCE_FILL[bits[0]], stroke_width=5)
            svg.path(inner_right, fill="none", stroke=EVIDENCE_FILL[bits[1]], stroke_width=5)
        if not bits and not label:
            label = "?"
    if code >= 0 and code & 8:
        _star(svg, cx + r * 0.8, cy - r * 0.8, 8)
    if label:
        light = face_up and bits and (bits in ([2], [4]) or 2 in bits)
        svg.text(
            cx,
            cy + 5,
            label,
            size=14 if len(label) > 2 else 15,
            fill=INK if light else "#ffffff",
            weight="bold",
            anchor="middle",
        )


def _star(svg: Canvas, cx, cy, r) -> None:
    pts = []
    for k in range(10):
        rr = r if k % 2 == 0 else r * 0.45
        a = -math.pi / 2 + k * math.pi / 5
        pts.append(f"{cx + rr * math.cos(a):.1f},{cy + rr * math.sin(a):.1f}")
    svg.path("M" + (" ".join(pts)) + " Z", fill=GOLD, stroke=INK, stroke_width=1)


def _wooden(svg: Canvas, cx, cy, r, which: str) -> None:
    """The white initiative token or a red momentum token."""
    if which == "initiative":
        svg.circle(cx, cy, r, fill="#fffdf6", stroke=INK, stroke_width=2.5)
        svg.text(cx, cy + 5, "I", size=15, fill=INK, weight="bold", anchor="middle", family=SERIF)
    else:
        svg.circle(cx, cy, r, fill=MOMENTUM_RED, stroke="#5a1a14", stroke_width=2)
        svg.text(cx, cy + 5, "M", size=14, fill="#ffffff", weight="bold", anchor="middle", family=SERIF)


def _chip(svg: Canvas, x, y, card, data, key: str | None = None) -> float:
    """A card named in a pile: its value, colour dots and name, its text on hover.
    Returns its width."""
    name = card.name
    w = _chip_width(card)
    with svg.target(
        key,
        f"{name} ({card.value} {colour_text(card.mask)}, {KIND_TEXT[card.kind]}): {card_text(card, data)}",
    ):
        svg.rect(
            x,
            y,
            w,
            28,
            rx=5,
            fill="#fffdf6" if card.owner == 0 else "#fff7f3",
            stroke=EDITOR_INK if card.owner == 0 else NIXON_INK,
            stroke_width=1.2,
        )
        svg.text(x + 11, y + 20, str(card.value), size=15, fill=INK, weight="bold")
        for k, b in enumerate(colour_bits(card.mask)):
            svg.circle(x + 27 + 8 * k, y + 14, 4.5, fill=EVIDENCE_FILL[b], stroke=INK, stroke_width=0.6)
        svg.text(x + 31 + 9 * len(colour_bits(card.mask)), y + 19, name, size=14, fill=INK)
    return w


def _chip_width(card) -> float:
    return 42 + 9 * len(colour_bits(card.mask)) + 7.7 * len(card.name)


def _chips(
    svg: Canvas, x, y, width, cards, data, key_prefix: str | None = None, empty: str = "none"
) -> float:
    """Cards as chips flowing in rows within `width`; returns the y below them."""
    if not cards:
        svg.text(x, y + 19, empty, size=15, fill=MUTED)
        return y + 32
    cx, cy = x, y
    for c in cards:
        card = data.cards[c]
        w = _chip_width(card)
        if cx > x and cx + w > x + width:
            cx, cy = x, cy + 34
        _chip(svg, cx, cy, card, data, f"{key_prefix}:{card.id}" if key_prefix else None)
        cx += w + 8
    return cy + 36


def _draw_header(svg: Canvas, obs, seat: int, headline: str) -> None:
    svg.text(24, 38, f"Watergate — round {obs['round']}", size=26, fill=INK, weight="bold", family=SERIF)
    me = SIDE_NAME[seat] if seat in (0, 1) else f"seat {seat}"
    svg.text(
        WIDTH - 24,
        38,
        f"You play {me}",
        size=20,
        fill=EDITOR_INK if seat == 0 else NIXON_INK,
        weight="bold",
        anchor="end",
        family=SERIF,
    )
    svg.text(
        24,
        68,
        headline,
        size=18,
        fill=NIXON_INK if obs["winner"] == 1 else EDITOR_INK if obs["winner"] == 0 else INK,
        weight="bold",
    )


def _draw_momentum_card(svg: Canvas, x, y, w, owner: int, obs, data) -> None:
    """A momentum card: its numbered spaces, the tokens on them and each space's instruction."""
    spaces = data.momentum_effects[owner]
    filled = obs["momentum_cards"][owner]
    ink = EDITOR_INK if owner == 0 else NIXON_INK
    row = 54
    note = []
    if owner == 0:
        note = wrap_chars(
            "Full: momentum she gains now leaves the game."
            if filled >= len(spaces)
            else "When full, momentum she gains leaves the game.",
            30,
        )
    h = 44 + row * len(spaces) + 18 * len(note) + 8
    svg.rect(x, y, w, h, rx=10, fill=EDITOR_TINT if owner == 0 else NIXON_TINT, stroke=ink, stroke_width=2)
    svg.rect(x, y, w, 36, rx=10, fill=ink)
    svg.text(
        x + w / 2,
        y + 25,
        f"{OWNER_NAME[owner]}'s momentum card",
        size=17,
        fill="#ffffff",
        weight="bold",
        anchor="middle",
        family=SERIF,
    )
    for k, ops in enumerate(spaces):
        cy = y + 44 + row * k + row / 2
        if k + 1 <= filled:
            _wooden(svg, x + 26, cy, 15, "momentum")
        else:
            svg.circle(x + 26, cy, 15, fill="#ffffff", stroke=ink, stroke_width=1.5, stroke_dasharray="3 3")
            svg.text(x + 26, cy + 5, str(k + 1), size=15, fill=ink, weight="bold", anchor="middle")
        if owner == 1 and k == len(spaces) - 1:
            words = "Placing a token here: Nixon wins."
        else:
            words = " ".join(effect_text(op, owner, data) for op in ops) or "—"
        lines = wrap_chars(words, 27)[:3]
        for j, line in enumerate(lines):
            svg.text(x + 50, cy + 5 + 16 * (j - (len(lines) - 1) / 2), line, size=14, fill=INK)
    for j, line in enumerate(note):
        svg.text(
            x + w / 2, y + 44 + row * len(spaces) + 14 + 18 * j, line, size=14, fill=MUTED, anchor="middle"
        )


def _draw_track(svg: Canvas, obs, data, seat: int) -> None:
    """The research track, Nixon's end on the left, the Editor's on the right, with the
    initiative card and the momentum supply above the 0 space."""
    centre = TRACK_X + 5 * CELL_W + CELL_W / 2
    # initiative card, momentum supply
    holder = obs["holder"]
    ink = EDITOR_INK if holder == 0 else NIXON_INK
    cw, cy0 = 300, 86
    svg.rect(centre - cw / 2, cy0, cw, 62, rx=8, fill="#fffdf6", stroke=ink, stroke_width=2.5)
    svg.text(
        centre, cy0 + 22, "Initiative card", size=15, fill=INK, weight="bold", anchor="middle", family=SERIF
    )
    svg.text(
        centre,
        cy0 + 47,
        f"points at {SIDE_NAME[holder]}: draws 5, plays first",
        size=14,
        fill=ink,
        anchor="middle",
    )
    tip = centre - cw / 2 - 20 if holder == 1 else centre + cw / 2 + 20
    base = centre - cw / 2 - 2 if holder == 1 else centre + cw / 2 + 2
    svg.path("M" + (f"{tip},{cy0 + 31} {base},{cy0 + 15} {base},{cy0 + 47}") + " Z", fill=ink)
    if obs["initiative"] is None:
        _wooden(
            svg, centre + cw / 2 - 20 if holder == 0 else centre - cw / 2 + 20, cy0 + 31, 12, "initiative"
        )
    sx = TRACK_X
    svg.text(sx, cy0 + 22, f"Momentum supply: {obs['supply']}", size=15, fill=INK, weight="bold")
    for k in range(obs["supply"]):
        _wooden(svg, sx + 12 + 26 * k, cy0 + 45, 10, "momentum")
    if obs["momentum_removed"]:
        gone = obs["momentum_removed"]
        with svg.target(
            None, f"{plural_of(gone, 'momentum token')} removed from the game (the Editor's card was full)"
        ):
            svg.text(sx + 26 * obs["supply"] + 6, cy0 + 50, f"{gone} removed", size=14, fill=MUTED)
    bx = TRACK_X + 11 * CELL_W
    bag = obs["bag"]
    svg.text(
        bx, cy0 + 22, f"Evidence bag: {_count(bag)} tokens", size=15, fill=INK, weight="bold", anchor="end"
    )
    svg.text(bx, cy0 + 45, "Nixon wins if a round starts with", size=14, fill=MUTED, anchor="end")
    svg.text(bx, cy0 + 62, "no momentum token in the supply", size=14, fill=MUTED, anchor="end")
    # spaces
    svg.text(TRACK_X, TRACK_Y - 12, "◀ Nixon's side", size=15, fill=NIXON_INK, weight="bold")
    svg.text(
        TRACK_X + 11 * CELL_W,
        TRACK_Y - 12,
        "the Editor's side ▶",
        size=15,
        fill=EDITOR_INK,
        weight="bold",
        anchor="end",
    )
    svg.text(centre, TRACK_Y - 12, "research track", size=15, fill=MUTED, anchor="middle", family=SERIF)
    for pos in range(-5, 6):
        x = TRACK_X + (pos + 5) * CELL_W
        tint = NIXON_TINT if pos < 0 else EDITOR_TINT if pos > 0 else PANEL
        edge = NIXON_INK if pos < 0 else EDITOR_INK if pos > 0 else INK
        svg.rect(
            x + 2,
            TRACK_Y,
            CELL_W - 4,
            CELL_H,
            rx=6,
            fill=tint,
            stroke=edge,
            stroke_width=3 if abs(pos) == 5 else 1.2,
        )
        svg.text(
            x + CELL_W / 2,
            TRACK_Y + 24,
            str(abs(pos)),
            size=20,
            fill=edge,
            weight="bold",
            anchor="middle",
            family=SERIF,
        )
        if abs(pos) == 5:
            svg.text(x + CELL_W / 2, TRACK_Y + CELL_H - 10, "gains", size=14, fill=edge, anchor="middle")
    # tokens
    slots: dict[int, list] = {}
    if obs["initiative"] is not None:
        slots.setdefault(obs["initiative"], []).append(("initiative",))
    if obs["momentum"] is not None:
        slots.setdefault(obs["momentum"], []).append(("momentum",))
    for i, (code, pos, flag) in enumerate(obs["track"]):
        if flag != 2:
            slots.setdefault(pos, []).append(("evidence", i, code, flag))
    for pos, items in slots.items():
        x = TRACK_X + (pos + 5) * CELL_W
        for k, item in enumerate(items):
            cy = TRACK_Y + 58 + 40 * k
            cx = x + CELL_W / 2
            if item[0] in ("initiative", "momentum"):
                with svg.target(f"token:{item[0]}", f"the {item[0]} token, {track_pos(pos)}"):
                    svg.rect(x + 6, cy - 19, CELL_W - 12, 38, fill="transparent")
                    _wooden(svg, cx, cy, 16, item[0])
                continue
            _, i, code, flag = item
            known = token_words(code) if code >= 0 else "colour unknown"
            with svg.target(
                f"evidence:{i + 1}",
                f"evidence token {i + 1} ({known}, {'face up' if flag else 'face down'}), {track_pos(pos)}",
            ):
                svg.rect(x + 4, cy - 19, CELL_W - 8, 38, fill="transparent")
                svg.text(x + 15, cy + 6, str(i + 1), size=17, fill=INK, weight="bold", anchor="middle")
                _token_disc(svg, cx + 6, cy, 15, code, bool(flag))
    # what left the track, what Nixon has denied, the key to the symbols
    notes = []
    gained_ini, gained_mom = obs["gained"]
    if gained_ini:
        notes.append(f"initiative token gained by {SIDE_NAME[holder]}")
    if gained_mom:
        notes.append("momentum token gained")
    gone = [str(i + 1) for i, (_c, _p, flag) in enumerate(obs["track"]) if flag == 2]
    if gone:
        notes.append(f"evidence token{'s' if len(gone) > 1 else ''} {', '.join(gone)} off the track")
    # legend
    y = TRACK_Y + CELL_H + 11
    lx = TRACK_X
    _token_disc(svg, lx + 12, y + 8, 10, 1 | 8, True)
    svg.text(lx + 28, y + 14, "face up (★ momentum symbol)", size=14, fill=MUTED)
    _token_disc(svg, lx + 262, y + 8, 10, -1 if seat != 1 else 4, False)
    svg.text(
        lx + 280,
        y + 14,
        "face down" + (" (colour hidden from the Editor)" if seat == 1 else " (only Nixon knows its colour)"),
        size=14,
        fill=MUTED,
    )
    _wooden(svg, lx + 602, y + 8, 10, "initiative")
    svg.text(lx + 618, y + 14, "initiative", size=14, fill=MUTED)
    _wooden(svg, lx + 712, y + 8, 10, "momentum")
    svg.text(lx + 728, y + 14, "momentum", size=14, fill=MUTED)
    # what left the track and what Nixon has denied, between the legend and the evidence board
    y += 36
    if notes:
        svg.text(TRACK_X, y, "This round: " + "; ".join(notes) + ".", size=15, fill=INK)
        y += 20
    denied = [BIT_NAME[b] for b in (1, 2, 4) if obs["denied"] & b]
    if denied:
        svg.text(
            TRACK_X,
            y,
            "Nixon has said no face-down token on the track is " + " or ".join(denied) + ".",
            size=15,
            fill=NIXON_INK,
            weight="bold",
        )


def _board_layout(data, cx: float, cy: float) -> dict[int, tuple[float, float]]:
    """Where each node of the evidence board goes: Nixon in the centre, evidence spaces in
    rings by their distance from him, informant spaces on the outside; within a ring each
    node sits near the mean angle of its neighbours in the rings inside it."""
    depth = {0: 0}
    frontier = [0]
    informants = set(data.informant_node)
    while frontier:
        nxt = []
        for n in frontier:
            for m in data.adj[n]:
                if m not in depth and m not in informants:
                    depth[m] = depth[n] + 1
                    nxt.append(m)
        frontier = nxt
    deepest = max([depth.get(n, 1) for n in data.evidence_nodes] or [1])
    rings: dict[int, list[int]] = {}
    for n in data.evidence_nodes:
        rings.setdefault(depth.get(n, deepest), []).append(n)
    rings[deepest + 1] = list(data.informant_node)
    radius = {d: 80 + (206 - 80) * (d - 1) / max(1, deepest - 1) for d in range(1, deepest + 1)}
    radius[deepest + 1] = 300
    angle: dict[int, float] = {}
    for d in sorted(rings):
        nodes = rings[d]
        step = 2 * math.pi / len(nodes)
        if d == 1:
            for k, n in enumerate(nodes):
                angle[n] = -math.pi / 2 + k * step
            continue
        want = {}
        for n in nodes:
            seen = [angle[m] for m in data.adj[n] if m in angle]
            if seen:
                want[n] = math.atan2(sum(math.sin(a) for a in seen), sum(math.cos(a) for a in seen))
            else:
                want[n] = -math.pi / 2
        order = sorted(nodes, key=lambda n: (round(want[n] % (2 * math.pi), 6), n))
        shift = math.atan2(
            sum(math.sin(want[n] - k * step) for k, n in enumerate(order)),
            sum(math.cos(want[n] - k * step) for k, n in enumerate(order)),
        )
        for k, n in enumerate(order):
            angle[n] = shift + k * step
    where = {0: (cx, cy)}
    for d, nodes in rings.items():
        for n in nodes:
            where[n] = (cx + radius[d] * math.cos(angle[n]), cy + radius[d] * math.sin(angle[n]))
    return where


def _draw_evidence_board(svg: Canvas, obs, data, x, y, w, h) -> None:
    svg.rect(x, y, w, h, rx=12, fill="#efe3c6", stroke=WOOD, stroke_width=2)
    _heading(svg, x + 18, y + 30, "Evidence board")
    reached, linked = connected(obs, data)
    svg.text(
        x + w - 18,
        y + 30,
        f"informants connected to Nixon: {linked} (the Editor wins with 2)",
        size=15,
        fill=EDITOR_INK if linked else MUTED,
        weight="bold",
        anchor="end",
    )
    cx, cy = x + w / 2, y + 44 + (h - 78) / 2
    where = _board_layout(data, cx, cy)
    board, pictures = obs["board"], obs["pictures"]
    informant_of = {node: p for p, node in enumerate(data.informant_node)}
    # threads
    for a, near in enumerate(data.adj):
        for b in near:
            if a < b and a in where and b in where:
                lit = (
                    a in reached
                    and b in reached
                    or (a in reached and b in informant_of and pictures[informant_of[b]] == 1)
                    or (b in reached and a in informant_of and pictures[informant_of[a]] == 1)
                )
                svg.line(
                    *where[a],
                    *where[b],
                    stroke=CONNECTED if lit else THREAD,
                    stroke_width=6 if lit else 2.5,
                    stroke_linecap="round",
                )
    # Nixon
    svg.circle(cx, cy, 40, fill="#3b3531", stroke=GOLD, stroke_width=3)
    svg.text(cx, cy + 6, "NIXON", size=17, fill="#f5eedc", weight="bold", anchor="middle", family=SERIF)
    # evidence spaces
    for n in data.evidence_nodes:
        sx, sy = where[n]
        name = data.space_names[n]
        slip = data.space_mask[n]
        held = board[n]
        if held < 0:
            what = "empty"
        else:
            what = f"{token_words(held)}, {'face up' if held >= 16 else 'face down'}"
        with svg.target(f"space:{name}", f"evidence space {name} ({BIT_NAME.get(slip, '?')} slip): {what}"):
            svg.circle(sx, sy, 24, fill="#fbf7ec", stroke=EVIDENCE_FILL.get(slip, THREAD), stroke_width=6)
            if held >= 0:
                _token_disc(svg, sx, sy, 16, held & 15, held >= 16, name)
            else:
                svg.text(sx, sy + 5, name, size=14, fill=INK, weight="bold", anchor="middle")
    # informant spaces
    for p, node in enumerate(data.informant_node):
        ix, iy = where[node]
        name = person_text(data, p)
        state = pictures[p]
        status = ("recruited", "in the supply", "blocked")[{1: 0, 0: 1, 2: 2}[state]]
        with svg.target(
            f"informant:{data.people[p]}",
            f"{name}'s informant space: picture {status}"
            + (" (face up)" if state == 1 else " (face down)" if state == 2 else ""),
        ):
            bw, bh = 104, 58
            fill = {0: "#f7f1e1", 1: "#fffdf6", 2: FACE_DOWN}[state]
            stroke = {0: MUTED, 1: EDITOR_INK, 2: INK}[state]
            svg.rect(
                ix - bw / 2,
                iy - bh / 2,
                bw,
                bh,
                rx=8,
                fill=fill,
                stroke=stroke,
                stroke_width=3 if state == 1 else 1.5,
                stroke_dasharray="5 4" if state == 0 else None,
            )
            lines = wrap_chars(name, 13)
            ink = "#f5eedc" if state == 2 else INK
            top = iy - bh / 2 + 19 + (8 if len(lines) == 1 else 0)
            for j, line in enumerate(lines[:2]):
                svg.text(
                    ix, top + 16 * j, line, size=15, fill=ink, weight="bold", anchor="middle", family=SERIF
                )
            svg.text(
                ix,
                iy + bh / 2 - 7,
                status,
                size=14,
                fill="#f5eedc" if state == 2 else EDITOR_INK if state == 1 else MUTED,
                anchor="middle",
            )
    free = [person_text(data, p) for p in range(len(data.people)) if pictures[p] == 0]
    svg.text(
        x + 18, y + h - 16, "Pictures still in the supply: " + (", ".join(free) or "none"), size=15, fill=INK
    )


def _draw_hand_card(svg: Canvas, x, y, w, h, card, data) -> None:
    """A card in hand: its name (a click target for Gambit), its value part and its action part."""
    ink = EDITOR_INK if card.owner == 0 else NIXON_INK
    svg.rect(x, y, w, h, rx=9, fill="#fffdf6", stroke=ink, stroke_width=2)
    with svg.target(f"card:{card.id}", card.name):
        svg.rect(x, y, w, 50, rx=9, fill=ink)
        lines = wrap_chars(card.name, 16)
        for j, line in enumerate(lines[:2]):
            svg.text(
                x + w / 2,
                y + (30 if len(lines) == 1 else 21) + 18 * j,
                line,
                size=15,
                fill="#ffffff",
                weight="bold",
                anchor="middle",
                family=SERIF,
            )
    with svg.target(f"value:{card.id}", f"{card.name}: value part, {card.value} {colour_text(card.mask)}"):
        svg.rect(x + 4, y + 54, w - 8, 50, rx=6, fill="#f3ead6", stroke=WOOD, stroke_width=1)
        svg.text(
            x + 26, y + 92, str(card.value), size=34, fill=INK, weight="bold", anchor="middle", family=SERIF
        )
        bits = colour_bits(card.mask)
        bx, bw = x + 48, w - 58
        stripe = bw / len(bits)
        for k, b in enumerate(bits):  # the colours as stripes of one bar (paths: not cards of their own)
            svg.path(
                f"M{bx + k * stripe:.1f},{y + 62} h{stripe:.1f} v34 h{-stripe:.1f} Z", fill=EVIDENCE_FILL[b]
            )
        svg.rect(bx, y + 62, bw, 34, fill="none", stroke=INK, stroke_width=1)
        word = "joker" if card.mask & 7 == 7 else colour_text(card.mask)
        size = 15 if text_width(word, 15, bold=True) <= bw - 12 else 12
        label_w = min(bw - 4, text_width(word, size, bold=True) + 10)
        # the word on a label of its own: a joker's three stripes are each narrower than it
        svg.rect(bx + (bw - label_w) / 2, y + 68, label_w, 22, rx=4, fill="#fffdf6", opacity=0.9)
        svg.text(bx + bw / 2, y + 84, word, size=size, fill=INK, weight="bold", anchor="middle")
    text = card_text(card, data)
    with svg.target(f"action:{card.id}", f"{card.name}: action part. {text}"):
        svg.rect(x + 4, y + 108, w - 8, h - 112, rx=6, fill="#fffdf6", stroke="#e4dac3", stroke_width=1)
        kind = KIND_TEXT[card.kind] + (" · reaction" if card.reaction else "")
        ty = y + 126
        for line in wrap(kind, w - 16, 13):
            svg.text(x + w / 2, ty, line, size=13, fill=ink, anchor="middle", italic=True)
            ty += 15
        ty += 8
        bottom = y + h - 10  # the last baseline that stays on the card
        for size, step in ((14, 16), (13, 15), (12, 14)):
            fits = int((bottom - ty) // step) + 1
            if len(wrap(text, w - 16, size)) <= fits:
                break
        svg.lines(x + 8, ty, text, width=w - 16, size=size, step=step, most=fits, fill=INK)


def _draw_right(svg: Canvas, state, obs, data, seat: int, headline: str, details: list[str]) -> float:
    """The right-hand column: what is being decided, your hand and deck, both players'
    piles and the evidence bag.  Returns the y below it."""
    x, w = RIGHT_X, RIGHT_W
    y = ROW_B
    # ---- now
    resolving = resolving_cards(obs, data)
    asks = []
    if not state.is_terminal() and state.current_player() == seat:
        asks = [a[1] for a in state.legal_actions() if a[0] == "ask"]
    notes = []
    if obs["events_value_only"]:
        notes.append("A brilliant mood: this round the Editor's events may use only their value part.")
    if obs["gambit_keep"]:
        notes.append("Gambit goes to Nixon's discard instead of leaving the game.")
    head_lines = wrap_chars(headline, 64)
    detail_lines = [line for d in details + notes for line in wrap_chars(d, 80)]
    h = (
        44
        + 22 * len(head_lines)
        + 20 * len(detail_lines)
        + (36 * len(resolving) + 30 if resolving else 0)
        + (52 if asks else 0)
        + 6
    )
    svg.rect(x, y, w, h, rx=10, fill=PANEL, stroke=WOOD, stroke_width=1.5)
    _heading(svg, x + 16, y + 28, "Now")
    ty = y + 54
    for line in head_lines:
        svg.text(x + 16, ty, line, size=17, fill=INK, weight="bold")
        ty += 22
    for line in detail_lines:
        svg.text(x + 16, ty, line, size=15, fill=MUTED)
        ty += 20
    if resolving:
        svg.text(x + 16, ty + 8, "Being resolved (last on top):", size=15, fill=INK, weight="bold")
        ty += 18
        for c, what in resolving:
            cw = _chip(svg, x + 16, ty, data.cards[c], data)
            svg.text(x + 24 + cw, ty + 19, what, size=14, fill=INK)
            ty += 36
    if asks:
        bx = x + 16
        for b in asks:
            name = BIT_NAME[b]
            with svg.target(f"ask:{name}", f"ask Nixon for a face-down {name} token"):
                svg.rect(bx, ty + 4, 226, 40, rx=8, fill="#fffdf6", stroke=INK, stroke_width=1.5)
                svg.circle(bx + 22, ty + 24, 11, fill=EVIDENCE_FILL[b], stroke=INK, stroke_width=1)
                svg.text(bx + 40, ty + 30, f"Ask Nixon: {name}?", size=16, fill=INK, weight="bold")
            bx += 236
    y += h + 18
    if seat not in (0, 1):
        return y
    # ---- hand
    hand = obs["hand"]
    _heading(svg, x, y + 20, f"Your hand ({len(hand)})", EDITOR_INK if seat == 0 else NIXON_INK)
    y += 32
    if hand:
        gap = 8
        cw = min(136.0, (w - gap * (len(hand) - 1)) / len(hand))
        for k, c in enumerate(hand):
            _draw_hand_card(svg, x + k * (cw + gap), y, cw, 276, data.cards[c], data)
        y += 288
    else:
        svg.text(x, y + 18, "no cards", size=15, fill=MUTED)
        y += 32
    # ---- deck
    deck = obs["own_deck"]
    svg.text(
        x,
        y + 18,
        f"Your draw deck: {plural_of(len(deck), 'card')} (order unknown)",
        size=16,
        fill=INK,
        weight="bold",
    )
    y = _chips(
        svg,
        x,
        y + 28,
        w,
        sorted(deck, key=lambda c: (data.cards[c].value, data.cards[c].name)),
        data,
        empty="empty: your discard pile is shuffled when you next draw",
    )
    # ---- both players
    for p in (seat, 1 - seat) if seat in (0, 1) else (0, 1):
        ink = EDITOR_INK if p == 0 else NIXON_INK
        who = f"You ({OWNER_NAME[p]})" if p == seat else SIDE_NAME[p][0].upper() + SIDE_NAME[p][1:]
        svg.text(
            x,
            y + 22,
            f"{who}: {obs['hand_sizes'][p]} in hand, {obs['deck_sizes'][p]} in the deck; discard pile:",
            size=16,
            fill=ink,
            weight="bold",
        )
        y = _chips(svg, x, y + 32, w, obs["discards"][p], data, empty="empty")
    # ---- bag
    y = _draw_bag(svg, obs, data, x, y + 6, w)
    return y


def _draw_bag(svg: Canvas, obs, data, x, y, w) -> float:
    bag = obs["bag"]
    pool = unseen_tokens(obs, data)
    if isinstance(bag, (list, tuple)):
        title = f"Evidence bag: {len(bag)} tokens"
    else:
        hidden = sum(1 for code, _p, flag in obs["track"] if flag == 0)
        title = f"Evidence bag: {bag} tokens" + (
            f"; with the {hidden} face-down on the track you have not seen these {sum(pool.values())}:"
            if hidden
            else "; you have not seen these:"
        )
    svg.text(x, y + 18, title, size=16, fill=INK, weight="bold")
    cx, cy = x, y + 46
    for code in sorted(pool, key=lambda c: (len(colour_bits(c)), c)):
        label = f"×{pool[code]}"
        if cx + 80 > x + w:
            cx, cy = x, cy + 36
        with svg.target(None, f"{token_words(code)}: {pool[code]}"):
            _token_disc(svg, cx + 13, cy, 13, code, True)
            svg.text(cx + 31, cy + 6, label, size=15, fill=INK)
        cx += 78
    return cy + 30


def _draw_deck(svg: Canvas, deck: ShownDeck, x, y, w) -> float:
    """An automaton deck's card as a playing card beside its pile and discard counts,
    the rule that fired highlighted.  Returns the y below it."""
    ink = EDITOR_INK if deck.seat == 0 else NIXON_INK
    rules = [wrap_chars(f"{i + 1}. {text}", 80) for i, text in enumerate(deck.rules)]
    # a setting with weak cards and a bonus runs to two or three lines
    setting = wrap_chars(f"pile {deck.pile}, discard {deck.discard}; {deck.setting}", 86)
    standing = deck.card and deck.fired < 0
    h = 62 + 18 * len(setting) + sum(20 * len(r) + 8 for r in rules) + (26 if standing else 0)
    with svg.target(None, f"{deck.title}'s card this turn"):
        svg.rect(x, y, w, h, rx=10, fill=PANEL, stroke=ink, stroke_width=2)
        svg.rect(x, y, w, 38, rx=10, fill=ink)
        svg.text(
            x + 14,
            y + 26,
            f"{deck.title}: “{deck.card or 'no card yet'}”",
            size=18,
            fill=PAPER,
            weight="bold",
        )
        for i, line in enumerate(setting):
            svg.text(x + 14, y + 60 + 18 * i, line, size=14, fill=MUTED)
        ty = y + 68 + 18 * len(setting)
        for i, lines in enumerate(rules):
            fired = i == deck.fired
            if fired:
                svg.rect(x + 8, ty - 17, w - 16, 20 * len(lines) + 6, rx=6, fill=GOLD, opacity=0.35)
            for line in lines:
                svg.text(x + 16, ty, line, size=15, fill=INK, weight="bold" if fired else "normal")
                ty += 20
            ty += 8
        if standing:
            svg.text(
                x + 16,
                ty + 4,
                "None could be done: it followed the standing rules.",
                size=15,
                fill=INK,
                weight="bold",
            )
    return y + h + 12


def board_svg(state, seat: int) -> str:
    """The whole table for `seat` as one SVG (see the module docstring for its layout and keys)."""
    obs = state.observation(seat)
    data = state.game.data
    max_rounds = state.game.params.max_rounds
    headline, details = decision_words(obs, data, seat, max_rounds)
    svg = Canvas()
    _draw_header(svg, obs, seat, headline)
    _draw_momentum_card(svg, 20, TRACK_Y - 30, 250, 1, obs, data)
    _draw_track(svg, obs, data, seat)
    _draw_momentum_card(svg, TRACK_X + 11 * CELL_W + 16, TRACK_Y - 30, 250, 0, obs, data)
    board_h = 750
    _draw_evidence_board(svg, obs, data, 20, ROW_B, 720, board_h)
    left = ROW_B + board_h + 12
    for owner in (0, 1):
        removed = sorted(
            (c for c in obs["removed"] if data.cards[c].owner == owner),
            key=lambda c: (data.cards[c].value, data.cards[c].name),
        )
        svg.text(
            20,
            left + 22,
            f"{OWNER_NAME[owner]}'s cards removed from the game:",
            size=16,
            fill=EDITOR_INK if owner == 0 else NIXON_INK,
            weight="bold",
        )
        left = _chips(svg, 20, left + 32, 720, removed, data, key_prefix="removed", empty="none")
    for deck in shown_decks(state, obs):
        left = _draw_deck(svg, deck, 20, left + 12, 720)
    bottom = max(left, _draw_right(svg, state, obs, data, seat, headline, details)) + 20
    return svg.document(width=WIDTH, height=bottom, paper=PAPER, font=SANS)
