"""P.I. as a person sees it: the terminal board and the web board.

Both are built only from `state.observation(seat)`, the printed map and names.  The public
results of the current mini-game (``observation["events"]``) are what a detective deduces
from, so both boards show them where they are used: an investigator's discs and cubes on the
area it stands in, an evidence card's disc, cube or dead lead on the tile that card names,
failed and successful accusations beside each detective.

The city is drawn as a wall of bricks: the printed board's areas sit in five offset rows
(`MAP_ROWS`), and in such a wall two bricks share a street exactly when the printed map calls
the areas adjacent (a test checks this against the map data), so a cube's "next door" can be
read off the picture.

An automaton deck in a seat (automa/decks) is shown under the detectives: the card it
flipped this turn with the rule that fired marked, its pile and discard.
"""

from __future__ import annotations

from automa.decks.shown import ShownDeck, shown_decks
from automa.rules.pi.logic import CUBE, DISC, NONE
from automa.rules.pi.report import final_report as final_report
from automa.rules.pi.state import EV, INV, SC, SL, SS
from automa.rules.presentation import Style, plain as _plain, seat_label as _seat_label
from automa.rules.svg import Canvas, wrap, wrap_items

#: the printed board's rows, top to bottom: (area id, left edge in brick widths)
MAP_ROWS = (
    (("lakeside", 1.0), ("forest_park", 2.0)),
    (("little_italy", 0.5), ("trocadero", 1.5), ("ocean_drive", 2.5)),
    (("china_town", 0.0), ("central_station", 1.0), ("main_street", 2.0), ("road_house", 3.0)),
    (("union_square", 0.5), ("downtown", 1.5), ("ricks_cafe", 2.5)),
    (("waterfront", 1.0), ("skid_row", 2.0)),
)

#: seat colours in seat order (the game's player colours: blue, green, red, purple, yellow)
SEAT_COLOURS = ("#2f6bb0", "#3d8a3d", "#c03a2b", "#7a4c9e", "#e2b327")
SEAT_COLOUR_NAMES = ("blue", "green", "red", "purple", "yellow")
#: fill and border per element type: suspect, crime, location
TYPE_FILL = ("#f0d9c8", "#d3dee9", "#e4e3c6")
TYPE_EDGE = ("#9b6a50", "#5d7791", "#7c7f45")
TYPE_WORD = ("suspect", "crime", "location")
PAPER, INK, STREET, BRICK = "#f3ecdc", "#2c2a26", "#5b5750", "#fbf7ee"
FONT = "Georgia, 'Times New Roman', serif"


# --------------------------------------------------------------------------- what is known


class Notes:
    """The public results of the current mini-game, sorted by where a detective uses them.

    `investigations[area]`: (seat, discs, cubes) per investigator placed there;
    `marks[(type, name)]`: (seat, result) per evidence card taken for that tile, result being
    DISC, CUBE or NONE (dead lead), plus (seat, "solved") for a solved case's three tiles;
    `evidence[seat]`: (card, result) in the order taken; `failed[seat]`: wrong accusations;
    `solved[seat]`: (suspect, crime, area, VP)."""

    def __init__(self, obs: dict, d) -> None:
        self.investigations: dict[int, list] = {}
        self.marks: dict[tuple[int, int], list] = {}
        self.evidence: dict[int, list] = {}
        self.failed: dict[int, list] = {}
        self.solved: dict[int, tuple] = {}
        for event in obs["events"]:
            kind, p = event[0], event[1]
            if kind == INV:
                self.investigations.setdefault(event[2], []).append((p, event[3], event[4]))
            elif kind == EV:
                card, result = event[2], event[3]
                self.evidence.setdefault(p, []).append((card, result))
                self.marks.setdefault(card_tile(d, card), []).append((p, result))
            elif kind == "solve_ok":
                s, c, loc, v = event[2:6]
                self.solved[p] = (s, c, loc, v)
                for tile in ((0, s), (1, c), (2, loc)):
                    self.marks.setdefault(tile, []).append((p, "solved"))
            else:
                self.failed.setdefault(p, []).append(tuple(event[2:5]))


def card_tile(d, card: int) -> tuple[int, int]:
    """An evidence card as (element type, name number): 0 suspect, 1 crime, 2 location."""
    if card < d.NS:
        return 0, card
    if card < d.NS + d.NC:
        return 1, card - d.NS
    return 2, card - d.NS - d.NC


def tile_area(obs: dict, kind: int, name: int) -> int:
    """The area holding a named tile (a location is its own area); -1 if none."""
    if kind == 2:
        return name
    tiles = obs["suspect_tiles"] if kind == 0 else obs["crime_tiles"]
    return tiles.index(name) if name in tiles else -1


def element_name(d, kind: int, name: int) -> str:
    return (d.suspect_names, d.crime_names, d.area_names)[kind][name]


def triple_text(d, s: int, c: int, loc: int) -> str:
    return f"{d.suspect_names[s]} / {d.crime_names[c]} / {d.area_names[loc]}"


def result_words(discs: int, cubes: int) -> str:
    if not discs and not cubes:
        return "nothing"
    parts = []
    if discs:
        parts.append(f"{discs} disc" + ("s" if discs > 1 else ""))
    if cubes:
        parts.append(f"{cubes} cube" + ("s" if cubes > 1 else ""))
    return " ".join(parts)


def totals(obs: dict, d) -> list[int]:
    """Each seat's victory points so far: its mini-game scores less its penalties."""
    n = obs["players"]
    return [
        sum(obs["scores"][m * n + p] for m in range(d.mini_games)) - d.penalty_step * obs["penalties"][p]
        for p in range(n)
    ]


def minigame_scores(obs: dict, d, p: int) -> list[str]:
    """Seat p's score per mini-game, '-' where it is not settled yet."""
    n = obs["players"]
    out = []
    for m in range(d.mini_games):
        if m < obs["minigame"] or (m == obs["minigame"] and obs["solved"][p]):
            out.append(str(obs["scores"][m * n + p]))
        else:
            out.append("–")
    return out


def winners(obs: dict, d) -> list[int]:
    """Spec 10: the most VP, then the most unused investigators, then the fewest penalties."""
    n = obs["players"]
    key = [(t, obs["investigators_left"][p], -obs["penalties"][p]) for p, t in enumerate(totals(obs, d))]
    best = max(key)
    return [p for p in range(n) if key[p] == best]


# --------------------------------------------------------------------------- terminal


def board_text(state, seat: int, style: Style = _plain) -> str:
    """The city (each area with its neighbours and the investigators' results there), the
    evidence, the case the seat holds, then every detective with what it has learned."""
    obs = state.observation(seat)
    d = state.game.data
    n = obs["players"]
    notes = Notes(obs, d)
    minigame = min(obs["minigame"] + 1, d.mini_games)
    lines = [
        style(
            f"P.I. — mini-game {minigame}/{d.mini_games}, round {obs['round']}, "
            f"a solution is worth {obs['value']} VP",
            bold=True,
        )
    ]
    lines.append(
        style(
            "[city: no., area, suspect tile, crime tile, next to (nos.), investigators with what they found]",
            bold=True,
        )
    )
    for a in range(len(d.area_names)):
        s, c = obs["suspect_tiles"][a], obs["crime_tiles"][a]
        near = " ".join(str(b + 1) for b in d.adj[a])
        found = ", ".join(
            f"{_seat_label(p, seat)}: {result_words(dd, cc)}" for p, dd, cc in notes.investigations.get(a, [])
        )
        lines.append(
            f"  {a + 1:>2} {d.area_names[a]:<16} {d.suspect_names[s] if s >= 0 else '-':<10} "
            f"{d.crime_names[c] if c >= 0 else '-':<18} next to {near:<16} {found}".rstrip()
        )
    lines.append("  (disc: a case element is in that area or is that tile; cube: it is next door)")

    def name(c):
        return d.card_names[c] if 0 <= c < len(d.card_names) else str(c)

    lines.append(style("[evidence]", bold=True))
    lines.append("  display: " + ", ".join(name(c) for c in obs["display"]))
    lines.append(
        f"  deck {obs['deck_size']}; discard: " + (", ".join(name(c) for c in obs["discard"]) or "-")
    )
    if obs.get("hand"):
        s, c, a = obs["hand"][:3]
        lines.append(style(f"[the case you hold, for {_seat_label((seat + 1) % n, seat)}]", bold=True))
        lines.append(f"  {d.suspect_names[s]} / {d.crime_names[c]} / {d.area_names[a]}")
    lines.append(style("[detectives: score = mini-game scores less 2 VP per wrong accusation]", bold=True))
    total = totals(obs, d)
    for p in [seat] + [q for q in range(n) if q != seat]:
        solved = f"solved in round {obs['solved'][p]}" if obs["solved"][p] else "unsolved"
        pen = obs["penalties"][p]
        lines.append(
            f"  {style(_seat_label(p, seat).ljust(7), fg='green' if p == seat else None)} "
            f"score {total[p]} ({' + '.join(minigame_scores(obs, d, p))}"
            + (f", {pen} wrong: -{d.penalty_step * pen}" if pen else "")
            + f"), investigators left {obs['investigators_left'][p]}, {solved}"
        )
        learned = [
            (
                "evidence: ",
                ", ",
                [f"{name(card)} {('dead lead', 'disc', 'cube')[r]}" for card, r in notes.evidence.get(p, [])],
            ),
            ("wrong: ", "; ", [triple_text(d, *t) for t in notes.failed.get(p, [])]),
            ("case: ", "", [triple_text(d, *notes.solved[p][:3])] if p in notes.solved else []),
        ]
        for head, sep, items in learned:
            for i, line in enumerate(wrap_items(items, 88, None, sep or ", ")):
                lines.append((" " * 10 + head if i == 0 else " " * 12) + line)
    ps, pc = obs["pending"]
    if ps >= 0:
        lines.append(f"  solving: {d.suspect_names[ps]}" + (f" / {d.crime_names[pc]}" if pc >= 0 else ""))
    for deck in shown_decks(state, obs):
        lines.append(style(f"[automaton deck: {_seat_label(deck.seat, seat)}]", bold=True))
        lines += ["  " + line for line in deck.lines()]
    return "\n".join(lines)


# --------------------------------------------------------------------------- web: keys


def area_key(d, a: int) -> str:
    return f"area:{d.area_ids[a]}"


def tile_key(d, kind: int, name: int) -> str:
    return f"{TYPE_WORD[kind]}:{(d.suspect_ids, d.crime_ids, d.area_ids)[kind][name]}"


def card_key(d, card: int) -> str:
    kind, name = card_tile(d, card)
    return f"card:{(d.suspect_ids, d.crime_ids, d.area_ids)[kind][name]}"


#: the button that opens an accusation: a solve cannot be taken back, so naming the suspect
#: takes two clicks and a stray click on a tile never starts one
SOLVE_KEY = "solve"


def action_keys(state, seat: int, action) -> tuple[str, ...]:
    """An area for an investigator, a display card for evidence; an accusation is the solve
    button then a suspect tile, then a crime tile, then an area (every area is the location
    of its name, and the two uses of an area never meet in one decision)."""
    d = state.game.data
    kind, x = action
    if kind == INV:
        return (area_key(d, x),)
    if kind == EV:
        return (card_key(d, x),)
    if kind == SS:
        return (SOLVE_KEY, tile_key(d, 0, x))
    if kind == SC:
        return (tile_key(d, 1, x),)
    if kind == SL:
        return (area_key(d, x),)
    return ()


def action_group(state, seat: int, action) -> str:
    """The turn's choice (up to 14 areas, 9 cards and 12 suspects) is listed in three
    headings; the later steps of an accusation are short lists of one kind."""
    return {
        INV: "place an investigator",
        EV: "take an evidence card",
        SS: "solve your case: name the suspect",
    }.get(action[0], "")


# --------------------------------------------------------------------------- web: drawing

WIDTH = 1500
CELL_W, CELL_H, GAP = 230, 162, 12
MAP_X, MAP_Y = 20, 74
PANEL_X = MAP_X + 4 * CELL_W + 26
PANEL_W = WIDTH - 20 - PANEL_X


def _pawn(svg: Canvas, x: float, y: float, colour: str, scale: float = 1.0, hollow: bool = False) -> None:
    """An investigator: a head and a body, (x, y) the top-left, about 16 x 24 at scale 1."""
    fill = "none" if hollow else colour
    stroke = "#9a9080" if hollow else INK
    r = 5.5 * scale
    svg.circle(x + 8 * scale, y + r, r, fill=fill, stroke=stroke, stroke_width=1, pointer_events="none")
    body = (
        f"M{x + 1 * scale:.1f},{y + 24 * scale:.1f} L{x + 4 * scale:.1f},{y + 12 * scale:.1f} "
        f"L{x + 12 * scale:.1f},{y + 12 * scale:.1f} L{x + 15 * scale:.1f},{y + 24 * scale:.1f} Z"
    )
    svg.path(body, fill=fill, stroke=stroke, stroke_width=1, pointer_events="none")


def _token(svg: Canvas, x: float, y: float, colour: str, result) -> None:
    """A seat's marker centred at (x, y): disc (exact), cube (next door), cross (dead lead),
    disc with a tick (a solved case)."""
    if result == DISC:
        svg.circle(x, y, 6, fill=colour, stroke=INK, stroke_width=1, pointer_events="none")
    elif result == CUBE:
        svg.rect(x - 5.5, y - 5.5, 11, 11, fill=colour, stroke=INK, stroke_width=1, pointer_events="none")
    elif result == NONE:
        cross = (
            f"M{x - 5:.1f},{y - 5:.1f} L{x + 5:.1f},{y + 5:.1f} "
            f"M{x + 5:.1f},{y - 5:.1f} L{x - 5:.1f},{y + 5:.1f}"
        )
        svg.path(
            cross, fill="none", stroke=colour, stroke_width=3, stroke_linecap="round", pointer_events="none"
        )
    else:
        svg.circle(x, y, 7.5, fill=colour, stroke=INK, stroke_width=1.2, pointer_events="none")
        tick = f"M{x - 3.5:.1f},{y:.1f} L{x - 1:.1f},{y + 3:.1f} L{x + 4:.1f},{y - 3.5:.1f}"
        svg.path(tick, fill="none", stroke="#ffffff", stroke_width=2, pointer_events="none")


def _mark_words(p: int, seat: int, result) -> str:
    who = _seat_label(p, seat)
    if result == "solved":
        return f"{who}: solved case"
    return f"{who}: " + ("disc" if result == DISC else "cube" if result == CUBE else "dead lead")


def _area_cells(d) -> dict[int, tuple[float, float]]:
    """Area number -> the top-left corner of its brick's cell."""
    index = {ident: a for a, ident in enumerate(d.area_ids)}
    cells = {}
    for row, areas in enumerate(MAP_ROWS):
        for ident, left in areas:
            cells[index[ident]] = (MAP_X + left * CELL_W, MAP_Y + row * CELL_H)
    return cells


def map_adjacency(d) -> set[frozenset]:
    """The pairs of areas whose bricks share a street in the drawing (for the test that the
    picture agrees with the printed map)."""
    cells = _area_cells(d)
    pairs = set()
    for a, (xa, ya) in cells.items():
        for b, (xb, yb) in cells.items():
            if a < b:
                same_row = ya == yb and abs(xa - xb) == CELL_W
                next_row = abs(ya - yb) == CELL_H and abs(xa - xb) < CELL_W
                if same_row or next_row:
                    pairs.add(frozenset((a, b)))
    return pairs


def _draw_tile(
    svg: Canvas,
    d,
    seat: int,
    kind: int,
    name: int,
    x: float,
    y: float,
    w: float,
    h: float,
    marks: list,
    key: str | None,
) -> None:
    """A suspect, crime or location tile with the seats' markers along its bottom or end."""
    words = element_name(d, kind, name) if name >= 0 else f"no {TYPE_WORD[kind]}"
    tips = "; ".join(_mark_words(p, seat, r) for p, r in marks)
    fill = TYPE_FILL[kind] if name >= 0 else "#ece8de"
    edge = TYPE_EDGE[kind] if name >= 0 else "#c9c2b2"
    svg.rect(
        x,
        y,
        w,
        h,
        fill=fill,
        stroke=edge,
        stroke_width=1.5,
        rx=5,
        key=key,
        title=f"{TYPE_WORD[kind]} tile: {words}" + (f" ({tips})" if tips else ""),
        pointer_events=None if key else "none",
    )
    if kind == 2:
        svg.text(x + 8, y + h / 2 + 6, words, size=17, fill=INK, weight="bold")
        for i, (p, r) in enumerate(marks):
            _token(svg, x + w - 12 - 16 * i, y + h / 2, SEAT_COLOURS[p], r)
    elif name < 0:
        svg.text(x + w / 2, y + h / 2 + 5, words, size=14, fill="#9a9080", anchor="middle", italic=True)
    else:
        lines = wrap(words, w - 8, 15, bold=True)
        top = y + (22 if len(lines) == 1 else 18)
        for i, line in enumerate(lines):
            svg.text(x + w / 2, top + 17 * i, line, size=15, fill=INK, weight="bold", anchor="middle")
        for i, (p, r) in enumerate(marks):
            _token(svg, x + 11 + 15 * i, y + h - 10, SEAT_COLOURS[p], r)


def _draw_city(svg: Canvas, obs: dict, d, seat: int, notes: Notes) -> None:
    cells = _area_cells(d)
    for x, y in cells.values():  # the streets: each cell in asphalt
        svg.rect(x - 1, y - 1, CELL_W + 2, CELL_H + 2, fill=STREET, rx=0)
    for a, (cx, cy) in cells.items():
        x, y = cx + GAP / 2, cy + GAP / 2
        w, h = CELL_W - GAP, CELL_H - GAP
        found = notes.investigations.get(a, [])
        tip = f"{d.area_names[a]}: next to " + ", ".join(d.area_names[b] for b in d.adj[a])
        loc_marks = notes.marks.get((2, a), [])
        if loc_marks:
            tip += ". Location card: " + "; ".join(_mark_words(p, seat, r) for p, r in loc_marks)
        if found:
            tip += ". Investigators: " + "; ".join(
                f"{_seat_label(p, seat)} found {result_words(dd, cc)}" for p, dd, cc in found
            )
        svg.rect(
            x, y, w, h, fill=BRICK, stroke="#8c8474", stroke_width=1.2, rx=6, key=area_key(d, a), title=tip
        )
        _draw_tile(svg, d, seat, 2, a, x + 6, y + 6, w - 12, 30, loc_marks, None)
        tile_w = (w - 18) / 2
        s, c = obs["suspect_tiles"][a], obs["crime_tiles"][a]
        _draw_tile(
            svg,
            d,
            seat,
            0,
            s,
            x + 6,
            y + 42,
            tile_w,
            58,
            notes.marks.get((0, s), []) if s >= 0 else [],
            tile_key(d, 0, s) if s >= 0 else None,
        )
        _draw_tile(
            svg,
            d,
            seat,
            1,
            c,
            x + 12 + tile_w,
            y + 42,
            tile_w,
            58,
            notes.marks.get((1, c), []) if c >= 0 else [],
            tile_key(d, 1, c) if c >= 0 else None,
        )
        slot = min(44.0, (w - 12) / max(1, len(found)))
        for i, (p, dd, cc) in enumerate(found):  # an investigator and what it found
            px, py = x + 7 + slot * i, y + 106
            colour = SEAT_COLOURS[p % len(SEAT_COLOURS)]
            svg.rect(
                px,
                py,
                slot - 4,
                38,
                fill="#ffffff",
                stroke=colour,
                stroke_width=1.5,
                rx=5,
                pointer_events="none",
            )
            _pawn(svg, px + 3, py + 7, colour)
            tokens = [DISC] * dd + [CUBE] * cc
            if not tokens:
                svg.text(px + 28, py + 25, "0", size=14, fill="#6d665a", anchor="middle")
            for k, r in enumerate(tokens):
                _token(svg, px + 28, py + 7 + 12 * k, colour, r)
        if not found:
            svg.text(
                x + w / 2, y + 130, "no investigator", size=13, fill="#b2aa99", anchor="middle", italic=True
            )


def _draw_corners(svg: Canvas, obs: dict, d, seat: int) -> None:
    """The four empty corners of the city: the VP track, the accusation, the legend, the
    case the seat holds."""
    n = obs["players"]
    # top left: the value of a solution
    x, y = MAP_X + 4, MAP_Y + 6
    svg.text(x, y + 18, "A correct solution scores", size=16, fill=INK, weight="bold")
    for i, v in enumerate(d.vp_track):
        now = v == obs["value"] and not obs["to_move"] < 0
        svg.rect(
            x + i * 42,
            y + 30,
            36,
            36,
            fill="#c9a227" if now else "#ebe3cf",
            stroke=INK if now else "#b5ab95",
            stroke_width=1.5,
            rx=5,
        )
        svg.text(
            x + i * 42 + 18,
            y + 55,
            str(v),
            size=20,
            fill=INK,
            weight="bold" if now else "normal",
            anchor="middle",
        )
    svg.text(x, y + 90, "drops by 2 after a round", size=14, fill="#5d574c")
    svg.text(x, y + 108, "in which someone solved", size=14, fill="#5d574c")
    # top right: the accusation
    x, y = MAP_X + 3 * CELL_W + 12, MAP_Y + 6
    w = CELL_W - 16
    ps, pc = obs["pending"]
    if ps >= 0:
        who = "Your" if obs["to_move"] == seat else f"{_seat_label(obs['to_move'], seat).capitalize()}'s"
        svg.rect(x, y, w, 118, fill="#f6e7b8", stroke="#a8871c", stroke_width=2, rx=8)
        svg.text(x + 10, y + 24, f"{who} accusation", size=17, fill=INK, weight="bold")
        svg.text(x + 10, y + 48, f"suspect: {d.suspect_names[ps]}", size=15, fill=INK)
        mine = obs["to_move"] == seat
        svg.text(
            x + 10,
            y + 70,
            "crime: " + (d.crime_names[pc] if pc >= 0 else "?  (pick a crime tile)" if mine else "?"),
            size=15,
            fill=INK,
        )
        svg.text(
            x + 10,
            y + 92,
            "location: ?" + ("  (pick an area)" if mine and pc >= 0 else ""),
            size=15,
            fill=INK,
        )
    elif obs["to_move"] < 0:
        svg.rect(x, y, w, 30 + 24 * n, fill="#f6e7b8", stroke="#a8871c", stroke_width=2, rx=8)
        svg.text(x + 10, y + 22, "Final standings", size=17, fill=INK, weight="bold")
        total = totals(obs, d)
        order = sorted(
            range(n), key=lambda p: (-total[p], -obs["investigators_left"][p], obs["penalties"][p], p)
        )
        for i, p in enumerate(order):
            _token(svg, x + 16, y + 40 + 24 * i, SEAT_COLOURS[p % len(SEAT_COLOURS)], DISC)
            svg.text(x + 30, y + 45 + 24 * i, _seat_label(p, seat), size=15, fill=INK)
            svg.text(
                x + w - 10, y + 45 + 24 * i, f"{total[p]} VP", size=15, fill=INK, weight="bold", anchor="end"
            )
    else:
        mine = obs["to_move"] == seat
        svg.rect(
            x,
            y,
            w,
            62,
            fill="#3b3a36" if mine else "#d9d2c2",
            stroke="#1f1e1b" if mine else "#b5ab95",
            stroke_width=2,
            rx=10,
            key=SOLVE_KEY if mine else None,
            title="Solve your case: name a suspect, a crime and a location (-2 VP if wrong)",
        )
        svg.text(
            x + w / 2,
            y + 28,
            "Solve your case…",
            size=19,
            fill="#f6eed8" if mine else "#8f8778",
            weight="bold",
            anchor="middle",
        )
        svg.text(
            x + w / 2,
            y + 50,
            "then suspect, crime, location" if mine else "on your turn",
            size=14,
            fill="#d8ceb5" if mine else "#8f8778",
            anchor="middle",
        )
        svg.text(x + 4, y + 86, "a wrong accusation costs", size=14, fill="#5d574c")
        svg.text(x + 4, y + 104, f"{d.penalty_step} VP; nothing tells which", size=14, fill="#5d574c")
        svg.text(x + 4, y + 122, "part was wrong", size=14, fill="#5d574c")
    # bottom left: legend
    x, y = MAP_X + 4, MAP_Y + 4 * CELL_H + 4
    svg.text(x, y + 16, "Areas sharing a street", size=15, fill=INK, weight="bold")
    svg.text(x, y + 34, "are next to each other.", size=15, fill=INK, weight="bold")
    me = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    rows = [
        (DISC, "disc: here / this tile"),
        (CUBE, "cube: next door"),
        (NONE, "dead lead: neither"),
        ("solved", "a solved case"),
    ]
    for i, (r, words) in enumerate(rows):
        _token(svg, x + 8, y + 52 + 20 * i, me, r)
        svg.text(x + 22, y + 57 + 20 * i, words, size=14, fill=INK)
    svg.text(x, y + 144, "tiles:", size=14, fill=INK)
    for i, kind in enumerate((0, 1, 2)):
        svg.rect(
            x + 40 + 60 * i,
            y + 131,
            56,
            18,
            fill=TYPE_FILL[kind],
            stroke=TYPE_EDGE[kind],
            stroke_width=1,
            rx=3,
        )
        svg.text(x + 68 + 60 * i, y + 145, TYPE_WORD[kind], size=13, fill=INK, anchor="middle")
    # bottom right: the case the seat holds
    x, y = MAP_X + 3 * CELL_W + 12, MAP_Y + 4 * CELL_H + 4
    if obs.get("hand"):
        owner = (seat + 1) % n
        svg.text(x, y + 16, f"You hold {_seat_label(owner, seat)}'s case", size=15, fill=INK, weight="bold")
        svg.text(x, y + 34, "(so none of it is yours):", size=14, fill="#5d574c")
        for i, (kind, name) in enumerate(zip((0, 1, 2), obs["hand"][:3], strict=True)):
            svg.rect(
                x,
                y + 44 + 34 * i,
                CELL_W - 20,
                28,
                fill=TYPE_FILL[kind],
                stroke=TYPE_EDGE[kind],
                stroke_width=1.2,
                rx=4,
            )
            svg.text(x + 10, y + 63 + 34 * i, element_name(d, kind, name), size=16, fill=INK, weight="bold")
            svg.text(x + CELL_W - 30, y + 63 + 34 * i, TYPE_WORD[kind], size=13, fill="#5d574c", anchor="end")


def _draw_display(svg: Canvas, obs: dict, d, seat: int, notes: Notes, y: float) -> float:
    """The evidence display, deck and discard; returns the y below them."""
    svg.text(PANEL_X, y + 20, "Evidence display", size=20, fill=INK, weight="bold")
    cards = f"deck: {obs['deck_size']} card" + ("" if obs["deck_size"] == 1 else "s")
    svg.text(PANEL_X + PANEL_W, y + 20, cards, size=16, fill="#5d574c", anchor="end")
    mine = {card for card, r in notes.evidence.get(seat, []) if r != NONE}
    w, h, gap = (PANEL_W - 20) / 3, 62, 10
    for i, card in enumerate(obs["display"]):
        x, top = PANEL_X + (w + gap) * (i % 3), y + 32 + (h + gap) * (i // 3)
        kind, name = card_tile(d, card)
        area = tile_area(obs, kind, name)
        where = "location card" if kind == 2 else f"tile in {d.area_names[area]}" if area >= 0 else ""
        blocked = card in mine
        svg.rect(
            x,
            top,
            w,
            h,
            fill="#fffdf7" if not blocked else "#ece8de",
            stroke=TYPE_EDGE[kind],
            stroke_width=1.5,
            rx=6,
            key=card_key(d, card),
            title=f"{TYPE_WORD[kind]} card: {d.card_names[card]}"
            + (f" ({where})" if kind != 2 else "")
            + (" — you already have a token on its tile" if blocked else ""),
        )
        svg.rect(
            x,
            top,
            12,
            h,
            fill=TYPE_FILL[kind],
            stroke=TYPE_EDGE[kind],
            stroke_width=1.5,
            rx=6,
            pointer_events="none",
        )
        svg.text(
            x + 20,
            top + 26,
            d.card_names[card],
            size=17 if len(d.card_names[card]) < 16 else 15,
            fill=INK if not blocked else "#8f8778",
            weight="bold",
        )
        svg.text(
            x + 20,
            top + 48,
            "your token is on its tile"
            if blocked
            else "location card"
            if kind == 2
            else f"in {d.area_names[area]}",
            size=14,
            fill="#5d574c",
        )
    rows = (len(obs["display"]) + 2) // 3
    y = y + 32 + rows * (h + gap) + 8
    discard = [d.card_names[c] for c in obs["discard"]]
    lines = wrap_items(discard, PANEL_W - 20, 14) or ["-"]
    svg.text(
        PANEL_X,
        y + 14,
        "Discard (reshuffled into the deck when it runs out):",
        size=15,
        fill=INK,
        weight="bold",
    )
    for i, line in enumerate(lines):
        svg.text(PANEL_X + 10, y + 34 + 19 * i, line, size=14, fill=INK)
    return y + 34 + 19 * len(lines)


def _draw_detectives(svg: Canvas, obs: dict, d, seat: int, notes: Notes, y: float) -> float:
    n = obs["players"]
    over = obs["to_move"] < 0
    svg.text(PANEL_X, y + 22, "Detectives", size=20, fill=INK, weight="bold")
    y += 34
    total = totals(obs, d)
    won = winners(obs, d) if over else []

    def name(c):
        return d.card_names[c]

    for p in [seat] + [q for q in range(n) if q != seat]:
        colour = SEAT_COLOURS[p % len(SEAT_COLOURS)]
        lines: list[tuple[str, str]] = []
        if p in notes.solved:
            s, c, loc, v = notes.solved[p]
            lines.append(
                (f"Solved in round {obs['solved'][p]} ({v} VP): {triple_text(d, s, c, loc)}", "bold")
            )
        elif not over:
            holder = (p - 1) % n
            whose = "Your" if p == seat else "Its"
            lines.append((f"Unsolved. {whose} case is held by {_seat_label(holder, seat)}.", "normal"))
        dead = [name(card) for card, r in notes.evidence.get(p, []) if r == NONE]
        wrong = [triple_text(d, *t) for t in notes.failed.get(p, [])]
        for head, items, sep in (("Dead leads: ", dead, ", "), ("Wrong accusations: ", wrong, "; ")):
            if items:
                rows = wrap_items([head + items[0]] + items[1:], PANEL_W - 40, 14, sep)
                lines += [(row, "normal") for row in rows]
        height = 60 + 19 * len(lines)
        to_move = obs["to_move"] == p
        svg.rect(
            PANEL_X,
            y,
            PANEL_W,
            height - 6,
            fill="#fbf7ee",
            stroke=colour if to_move else "#c9c0ad",
            stroke_width=3 if to_move else 1.2,
            rx=8,
        )
        svg.rect(PANEL_X, y, 10, height - 6, fill=colour, rx=4)
        label = _seat_label(p, seat).capitalize() + f" ({SEAT_COLOUR_NAMES[p % len(SEAT_COLOUR_NAMES)]})"
        if to_move:
            label += " — to move"
        if p in won:
            label += " — winner"
        svg.text(PANEL_X + 20, y + 22, label, size=17, fill=INK, weight="bold")
        svg.text(
            PANEL_X + PANEL_W - 12, y + 22, f"{total[p]} VP", size=18, fill=INK, weight="bold", anchor="end"
        )
        pen = obs["penalties"][p]
        svg.text(
            PANEL_X + 20,
            y + 42,
            "mini-games "
            + " · ".join(minigame_scores(obs, d, p))
            + (f",  {pen} wrong: −{d.penalty_step * pen}" if pen else ",  no penalty"),
            size=14,
            fill="#3f3b35",
        )
        svg.text(PANEL_X + 300, y + 42, "investigators", size=14, fill="#3f3b35")
        left = obs["investigators_left"][p]
        for k in range(d.investigators):
            _pawn(svg, PANEL_X + 392 + 16 * k, y + 28, colour, 0.62, hollow=k >= left)
        for i, (line, weight) in enumerate(lines):
            svg.text(PANEL_X + 20, y + 62 + 19 * i, line, size=14, fill=INK, weight=weight)
        y += height
    return y


def _draw_deck(svg: Canvas, deck: ShownDeck, seat: int, y: float) -> float:
    """An automaton deck's card, the rule that fired highlighted.  Returns the y below it."""
    colour = SEAT_COLOURS[deck.seat % len(SEAT_COLOURS)]
    rules = [wrap(f"{i + 1}. {text}", PANEL_W - 28, 15, bold=True) for i, text in enumerate(deck.rules)]
    # a setting with weak cards and a bonus runs to two or three lines
    setting = wrap(f"pile {deck.pile}, discard {deck.discard}; {deck.setting}", PANEL_W - 28, 14)
    standing = deck.card and deck.fired < 0
    height = 56 + 18 * len(setting) + sum(19 * len(r) + 6 for r in rules) + (24 if standing else 0)
    svg.rect(PANEL_X, y, PANEL_W, height, fill="#fbf7ee", stroke=colour, stroke_width=2, rx=8)
    svg.rect(PANEL_X, y, PANEL_W, 32, fill=colour, rx=8)
    svg.text(
        PANEL_X + 14,
        y + 22,
        f"{deck.title} ({_seat_label(deck.seat, seat)}): “{deck.card or 'no card yet'}”",
        size=17,
        fill="#ffffff",
        weight="bold",
    )
    for i, line in enumerate(setting):
        svg.text(PANEL_X + 14, y + 52 + 18 * i, line, size=14, fill="#5d574c")
    ty = y + 58 + 18 * len(setting)
    for i, lines in enumerate(rules):
        fired = i == deck.fired
        if fired:
            svg.rect(PANEL_X + 6, ty - 15, PANEL_W - 12, 19 * len(lines) + 4, fill="#f1dc9a", rx=5)
        for line in lines:
            svg.text(PANEL_X + 14, ty, line, size=15, fill=INK, weight="bold" if fired else "normal")
            ty += 19
        ty += 6
    if standing:
        svg.text(
            PANEL_X + 14,
            ty + 2,
            "None could be done: it followed the standing rules.",
            size=15,
            fill=INK,
            weight="bold",
        )
    return y + height + 8


def board_svg(state, seat: int) -> str:
    """The city as a map with its tiles, investigators and markers, the evidence display and
    the detectives, for `seat`; clickable places carry the keys of `action_keys`."""
    obs = state.observation(seat)
    d = state.game.data
    n = obs["players"]
    notes = Notes(obs, d)
    svg = Canvas()
    over = obs["to_move"] < 0
    minigame = min(obs["minigame"] + 1, d.mini_games)
    if over:
        total = totals(obs, d)
        best = winners(obs, d)
        who = " and ".join(_seat_label(p, seat) for p in best)
        verb = "win" if len(best) > 1 or best == [seat] else "wins"
        head = f"P.I. — game over: {who} {verb} with {total[best[0]]} VP"
    else:
        mover = obs["to_move"]
        turn = "your turn" if mover == seat else f"{_seat_label(mover, seat)} to move"
        head = (
            f"P.I. — mini-game {minigame} of {d.mini_games} · round {obs['round']} · "
            f"start player {_seat_label(obs['start_seat'], seat)} · {turn}"
        )
    svg.text(MAP_X, 40, head, size=24, fill=INK, weight="bold")
    svg.text(
        MAP_X,
        62,
        f"You are seat {seat} ({SEAT_COLOUR_NAMES[seat % len(SEAT_COLOUR_NAMES)]}) "
        f"of {n} detectives" + (" · the city as the last mini-game ended" if over else ""),
        size=15,
        fill="#5d574c",
    )
    _draw_city(svg, obs, d, seat, notes)
    _draw_corners(svg, obs, d, seat)
    y = _draw_display(svg, obs, d, seat, notes, 74)
    y = _draw_detectives(svg, obs, d, seat, notes, y + 12)
    for deck in shown_decks(state, obs):
        y = _draw_deck(svg, deck, seat, y + 6)
    height = max(MAP_Y + 5 * CELL_H, y) + 20
    return svg.document(width=WIDTH, height=height, paper=PAPER, font=FONT)
