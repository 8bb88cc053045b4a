"""Loads and validates Pulitzer's component data files (``data/*.toml``).

Everything is turned into small tuples of ints so the engine never touches strings in
its hot loops.  A broken file raises ``DataError`` naming the file and the field.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from automa.rules.core import DataError, DataReader, audited

DATA_DIR = Path(__file__).parent / "data"

#: the board's areas, as a space's area code (§3)
KIOSK: Final = 0
ARCHIVE: Final = 1
BUS: Final = 2
OVERTIME: Final = 3
EVENT: Final = 4
#: owner codes of the non-seat pieces (seats are 0..n-1): the Times, the red and blue agents
TIMES: Final = 8
RED: Final = 9
BLUE: Final = 10

LINES: Final = ("A", "B", "X", "C", "D")
LINE_INDEX = {name: i for i, name in enumerate(LINES)}
LINE_X: Final = 2
SECTIONS: Final = ("ED", "NR", "HR", "AD", "RG", "PH")
COLUMN_NAMES: Final = ("national", "international", "sports", "entertainment", "economy")
OT_KINDS: Final = ("talk_show", "radio_night", "new_evidence", "statement")
EVENT_IDS: Final = (
    "awards_ceremony",
    "grand_finale",
    "private_investigator",
    "thanksgiving",
    "war_report",
    "white_house_scandal",
    "document_leak",
    "rat_race",
    "snitch",
    "leak_prevention_unit",
    "insider",
    "mass_leak",
    "fundraising",
    "press_on_trial",
)
COLOURS: Final = ("red", "orange", "yellow")


@dataclass
class PulitzerData:
    # news
    news_ids: tuple = ()
    news_pay: tuple = ()  # per card: tuple of 5 column payouts ($100 units)
    news_blocks: tuple = ()  # per card: tuple of section indices
    # kiosk
    layout: dict = field(default_factory=dict)  # key ("lp","p3",...) -> (columns, rows)
    colours: tuple = ()
    houses_per_colour: int = 8
    national: tuple = (1, 3)  # contacts, points
    international: tuple = (2, 6)
    sports_cash: int = 3
    ent_contacts: int = 1
    economy_points: int = 7
    # board
    evidence_types: tuple = ()
    n_cols: int = 9
    n_rows: int = 5
    start: int = 22
    cell_line: tuple = ()  # per cell: line index, -1 for the start photo
    cell_evi: tuple = ()  # per cell: evidence index, -1 for the start photo
    cell_of: dict = field(default_factory=dict)  # (line, evidence) -> cell
    reach: tuple = ()  # reach[a][b]: steps with column wrap
    dist: tuple = ()  # dist[a][b]: straight-line length without wrap
    string_length: float = 30.0
    line_points: tuple = ()
    statement_points: tuple = ()
    qualify: int = 5
    chronicle: tuple = ()  # ((threshold, bonus), ...) highest first
    # reports
    report_ids: tuple = ()
    report_cells: tuple = ()  # per card: tuple of highlighted cells
    # decks
    evidence_cards: tuple = ()  # per card: tuple of evidence indices (2 = double)
    line_cards: tuple = ()  # per card: tuple of line indices (2 = double)
    # overtime
    ot_cards: tuple = ()  # per card: (number, kind index, amount, lines tuple / card type)
    ot_display: int = 3
    ot_reward: int = 3
    ot_penalty: int = 2
    ot_upper: dict = field(default_factory=dict)
    # report area
    archive_upper: dict = field(default_factory=dict)
    archive_lower: tuple = ()  # ((evidence, line), ...)
    bus_mp: tuple = ()  # ((cost, evidence, line, name), ...)
    bus_lp: tuple = ()
    # newspaper
    slots: dict = field(default_factory=dict)
    supply: tuple = ()  # ED, NR, AD, RG, PH1, PH2
    photo_cost: tuple = (2, 4)
    hr: tuple = ()  # ((cost, value, points), ...), index 0 = hire space
    # events
    events: tuple = ()  # ((id index, class, spaces), ...)
    # government
    red_values: tuple = ()
    blue_values: tuple = ()
    opinion: tuple = (-5, 5, 0)
    max_turns: int = 7
    # times
    times_cards: tuple = ()  # ((id, colour index, spaces tuple of str), ...)
    times_by_colour: tuple = ()  # per colour: tuple of card indices
    times_score: tuple = ()
    times_x_orange: int = 2
    times_x_red: int = 4
    times_deck_size: int = 8
    placeholders: dict = field(default_factory=dict)


def _placeholder(reader: DataReader, out: PulitzerData) -> None:
    if reader.has("placeholder"):
        if reader.bool("placeholder"):
            out.placeholders[reader.path.name] = reader.str("placeholder_note")


def _pc_key(reader: DataReader, key: str, keys=("lp", "p3", "p4", "p5")) -> dict:
    sub = reader.sub(key)
    return {k: sub.int(k, low=0, high=20) for k in keys if sub.has(k)}


@audited
def load_data(data_dir: Path | str = DATA_DIR) -> PulitzerData:
    d = Path(data_dir)
    out = PulitzerData()

    # ---- board
    r = DataReader(d / "board.toml")
    _placeholder(r, out)
    types = r.list("evidence_types", str)
    if len(set(types)) != len(types) or not types:
        raise r.error("evidence_types", "must be distinct names")
    out.evidence_types = tuple(types)
    cols = r.list("columns", str)
    for i, c in enumerate(cols):
        if c not in LINE_INDEX:
            raise DataError(r.path, f"columns[{i}]", f"must be one of {', '.join(LINES)}; got {c!r}")
    grid = r.raw("grid")
    if not isinstance(grid, list) or not grid:
        raise r.error("grid", "must be a list of rows")
    n_rows, n_cols = len(grid), len(cols)
    start = r.list("start", int, length=2)
    cell_line, cell_evi, cell_of = [], [], {}
    for ri, row in enumerate(grid):
        if not isinstance(row, list) or len(row) != n_cols:
            raise DataError(r.path, f"grid[{ri}]", f"must have {n_cols} entries")
        for ci, name in enumerate(row):
            if name == "?":
                if [ri, ci] != start:
                    raise DataError(r.path, f"grid[{ri}][{ci}]", "'?' must sit at start")
                cell_line.append(-1)
                cell_evi.append(-1)
                continue
            if name not in types:
                raise DataError(r.path, f"grid[{ri}][{ci}]", f"unknown evidence {name!r}")
            line, evi = LINE_INDEX[cols[ci]], types.index(name)
            if (line, evi) in cell_of:
                raise DataError(r.path, f"grid[{ri}][{ci}]", f"{name} appears twice in line {cols[ci]}")
            cell_of[(line, evi)] = ri * n_cols + ci
            cell_line.append(line)
            cell_evi.append(evi)
    if not (0 <= start[0] < n_rows and 0 <= start[1] < n_cols) or grid[start[0]][start[1]] != "?":
        raise r.error("start", "must point at the '?' cell of the grid")
    out.n_rows, out.n_cols, out.start = n_rows, n_cols, start[0] * n_cols + start[1]
    out.cell_line, out.cell_evi, out.cell_of = tuple(cell_line), tuple(cell_evi), cell_of
    n = n_rows * n_cols
    reach, dist = [], []
    for a in range(n):
        ra, ca = divmod(a, n_cols)
        rrow, drow = [], []
        for b in range(n):
            rb, cb = divmod(b, n_cols)
            dc = abs(ca - cb)
            rrow.append(abs(ra - rb) + min(dc, n_cols - dc))
            drow.append(math.hypot(ra - rb, ca - cb))
        reach.append(tuple(rrow))
        dist.append(tuple(drow))
    out.reach, out.dist = tuple(reach), tuple(dist)
    out.string_length = float(r.raw("string_length"))
    if out.string_length <= 0:
        raise r.error("string_length", "must be positive")
    lp = r.sub("line_points")
    out.line_points = tuple(lp.int(name, low=0, high=100) for name in LINES)
    sp = r.sub("statement_points")
    out.statement_points = tuple(0 if name == "X" else sp.int(name, low=0, high=100) for name in LINES)
    out.qualify = r.int("qualify", low=0, high=20)
    chron = r.raw("chronicle")
    if not isinstance(chron, list) or not all(isinstance(x, list) and len(x) == 2 for x in chron):
        raise r.error("chronicle", "must be a list of [threshold, bonus] pairs")
    out.chronicle = tuple(sorted((tuple(x) for x in chron), reverse=True))

    # ---- reports
    r = DataReader(d / "reports.toml")
    _placeholder(r, out)
    ids, cells = [], []
    for _i, card in r.items("cards", min_len=5):
        ids.append(card.str("id"))
        hl = []
        for j, text in enumerate(card.list("highlighted", str)):
            line, _, evi = text.partition(":")
            if (
                line not in LINE_INDEX
                or evi not in types
                or (LINE_INDEX[line], types.index(evi)) not in cell_of
            ):
                raise card.error(f"highlighted[{j}]", f"no cell {text!r} on the board")
            hl.append(cell_of[(LINE_INDEX[line], types.index(evi))])
        cells.append(tuple(sorted(set(hl))))
    out.report_ids, out.report_cells = tuple(ids), tuple(cells)

    # ---- evidence and line decks
    r = DataReader(d / "evidence.toml")
    _placeholder(r, out)
    each = r.int("singles_each_type", low=0, high=20)
    cards: list[tuple[int, ...]] = [(e,) for e in range(len(types)) for _ in range(each)]
    for i, pair in enumerate(r.raw("doubles")):
        if not isinstance(pair, list) or len(pair) != 2 or any(p not in types for p in pair):
            raise DataError(r.path, f"doubles[{i}]", "must be two evidence names")
        cards.append((types.index(pair[0]), types.index(pair[1])))
    out.evidence_cards = tuple(cards)
    r = DataReader(d / "lines.toml")
    _placeholder(r, out)
    singles = r.sub("singles")
    lcards: list[tuple[int, ...]] = []
    for name in ("A", "B", "C", "D"):
        lcards += [(LINE_INDEX[name],)] * singles.int(name, low=0, high=20)
    for i, pair in enumerate(r.raw("doubles")):
        if not isinstance(pair, list) or len(pair) != 2 or any(p not in ("A", "B", "C", "D") for p in pair):
            raise DataError(r.path, f"doubles[{i}]", "must be two of A, B, C, D")
        lcards.append((LINE_INDEX[pair[0]], LINE_INDEX[pair[1]]))
    out.line_cards = tuple(lcards)
    if not out.evidence_cards or not out.line_cards:
        raise DataError(d / "lines.toml", "singles", "decks must not be empty")

    # ---- news
    r = DataReader(d / "news.toml")
    _placeholder(r, out)
    nid, pay, blocks = [], [], []
    for _i, card in r.items("cards", min_len=9):
        nid.append(card.str("id"))
        p = card.sub("pay")
        pay.append(tuple(p.int(c, low=0, high=20) for c in COLUMN_NAMES))
        bl = card.list("blocks", str, length=2)
        for j, b in enumerate(bl):
            if b not in SECTIONS:
                raise card.error(f"blocks[{j}]", f"must be one of {', '.join(SECTIONS)}")
        blocks.append(tuple(SECTIONS.index(b) for b in bl))
    out.news_ids, out.news_pay, out.news_blocks = tuple(nid), tuple(pay), tuple(blocks)

    # ---- kiosk
    r = DataReader(d / "kiosk.toml")
    _placeholder(r, out)
    if tuple(r.list("columns", str, length=5)) != COLUMN_NAMES:
        raise r.error(
            "columns", f"must be {', '.join(COLUMN_NAMES)} in this order (the engine's kiosk columns)"
        )
    out.colours = tuple(r.list("colours", str, length=4))
    out.houses_per_colour = r.int("houses_per_colour", low=0, high=50)
    lay = r.sub("layout")
    for key in ("lp", "p3", "p4", "p5"):
        k = lay.sub(key)
        out.layout[key] = (k.int("columns", low=1, high=5), k.int("rows", low=1, high=4))
    rw = r.sub("rewards")
    nat = rw.sub("national")
    nat.document(
        "press_pass"
    )  # National always gives the Press Pass (spec: kiosk rewards, R-42), in the engine
    out.national = (nat.int("contacts", low=0, high=10), nat.int("points", low=0, high=50))
    it = rw.sub("international")
    out.international = (it.int("contacts", low=0, high=10), it.int("points", low=0, high=50))
    out.sports_cash = rw.int("sports_cash", low=0, high=20)
    out.ent_contacts = rw.int("entertainment_contacts", low=0, high=10)
    out.economy_points = rw.sub("economy").int("points", low=0, high=50)

    # ---- overtime
    r = DataReader(d / "overtime.toml")
    _placeholder(r, out)
    ot = []
    for _i, card in r.items("cards", min_len=4):
        number = card.int("number", low=0, high=999)
        kind = card.str("kind", OT_KINDS)
        if kind == "talk_show":
            extra = card.int("money", low=0, high=50)
        elif kind == "radio_night":
            extra = card.int("points", low=0, high=50)
        elif kind == "new_evidence":
            extra = 0 if card.str("card", ("evidence", "line")) == "evidence" else 1
        else:
            names = card.list("lines", str)
            for j, nme in enumerate(names):
                if nme not in ("A", "B", "C", "D"):
                    raise card.error(f"lines[{j}]", "must be one of A, B, C, D")
            extra = tuple(LINE_INDEX[nme] for nme in names)
        ot.append((number, OT_KINDS.index(kind), extra))
    out.ot_cards = tuple(ot)
    out.ot_display = r.int("display", low=1, high=6)
    out.ot_reward = r.int("lower_reward", low=0, high=6)
    out.ot_penalty = r.int("lower_penalty", low=0, high=6)
    out.ot_upper = _pc_key(r, "upper_spaces")

    # ---- archive and bus
    r = DataReader(d / "report_area.toml")
    _placeholder(r, out)
    ar = r.sub("archive")
    out.archive_upper = _pc_key(ar, "upper_spaces", ("p3", "p4", "p5"))
    out.archive_lower = tuple(
        (x.int("evidence", low=0, high=5), x.int("line", low=0, high=5))
        for _, x in ar.items("lower", length=3)
    )
    for key in ("bus_mp", "bus_lp"):
        buses = tuple(
            (
                b.int("cost", low=0, high=30),
                b.int("evidence", low=0, high=5),
                b.int("line", low=0, high=5),
                b.str("name"),
            )
            for _, b in r.items(key, min_len=1)
        )
        setattr(out, key, buses)
    if len(out.bus_lp) != 4:
        raise DataError(r.path, "bus_lp", "must have 4 spaces (blue agent first, red agent last)")

    # ---- newspaper and HR
    r = DataReader(d / "newspaper.toml")
    _placeholder(r, out)
    secs = r.list("sections", str, length=6)
    if sorted(secs) != sorted(SECTIONS):
        raise r.error("sections", f"must list {', '.join(SECTIONS)} once each")
    out.slots = _pc_key(r, "slots")
    sup = r.sub("supply")
    out.supply = tuple(sup.int(k, low=0, high=20) for k in ("ED", "NR", "AD", "RG", "PH1", "PH2"))
    pc = r.sub("photo_cost")
    out.photo_cost = (pc.int("plus1", low=0, high=20), pc.int("plus2", low=0, high=20))
    out.hr = tuple(
        (h.int("cost", low=0, high=30), h.int("value", low=0, high=9), h.int("points", low=0, high=50))
        for _, h in r.items("hr", min_len=2)
    )

    # ---- events
    r = DataReader(d / "events.toml")
    _placeholder(r, out)
    evs = []
    for _i, ev in r.items("events", min_len=1):
        eid = ev.str("id", EVENT_IDS)
        evs.append((EVENT_IDS.index(eid), ev.int("class", low=1, high=4), ev.int("spaces", low=0, high=2)))
    out.events = tuple(evs)

    # ---- government
    r = DataReader(d / "government.toml")
    _placeholder(r, out)
    out.red_values = tuple(r.list("red_values", int, length=5))
    out.blue_values = tuple(r.list("blue_values", int, length=5))
    out.opinion = (
        r.int("opinion_capitol", low=-20, high=0),
        r.int("opinion_hat", low=0, high=20),
        r.int("opinion_start", low=-20, high=20),
    )
    out.max_turns = r.int("max_turns", low=1, high=20)

    # ---- times
    r = DataReader(d / "times.toml")
    _placeholder(r, out)
    r.document("default_mix")  # the printed suggestion; the game's default is PulitzerParams.times_mix
    tc: list[tuple[str, int, tuple[str, ...]]] = []
    by: tuple[list[int], list[int], list[int]] = ([], [], [])
    valid = {f"K{c}{w}" for c in range(1, 5) for w in range(1, 4)} | {"B300", "B400", "B500", "B800", "OT"}
    for _i, card in r.items("cards", length=15):
        colour = COLOURS.index(card.str("colour", COLOURS))
        spaces = card.list("spaces", str)
        for j, s in enumerate(spaces):
            if s not in valid:
                raise card.error(f"spaces[{j}]", f"unknown space {s!r}")
        by[colour].append(len(tc))
        tc.append((card.str("id"), colour, tuple(spaces)))
    if any(len(b) != 5 for b in by):
        raise r.error("cards", "must hold 5 cards of each colour")
    out.times_cards, out.times_by_colour = tuple(tc), tuple(tuple(b) for b in by)
    out.times_score = tuple(r.list("score_table", int, length=6))
    out.times_x_orange = r.int("x_space_on_first_orange", low=1, high=len(out.hr))
    out.times_x_red = r.int("x_value_on_first_red", low=1, high=9)
    out.times_deck_size = r.int("deck_size", low=1, high=15)
    return out


_CACHE: dict[str, PulitzerData] = {}


def cached_data(data_dir: Path | str = DATA_DIR) -> PulitzerData:
    key = str(Path(data_dir).resolve())
    if key not in _CACHE:
        _CACHE[key] = load_data(data_dir)
    return _CACHE[key]
