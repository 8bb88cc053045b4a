"""Pulitzer positions (docs/positions.md): which state field is written where, and the rules a
position must keep.  The shared reader and writer are `automa.rules.position`.

Sections: ``[round]`` (the round, whose turn, the tokens out this round), ``[board]`` (the
pieces on every space, the newspaper, the houses left), ``[decks]`` (every deck top last, its
discard pile and the displays, cards by name), ``[government]`` and ``[times]`` (2-player and
solo), one ``[seat.N]`` per player, ``[pending]`` (the decision the player to move faces and
the resolution in progress, as the engine keeps them: ``step`` is the resolution step, 0-10,
in the order of `state.STEP_NAMES`), and ``[random]``.

A piece on a space is ``[owner, journalist, bonus, flags]``: owner a seat, 8 the Times,
9 a red agent, 10 a blue agent (times.py); journalist 0-4 (values 1-5) or 5 (X), or an
agent's value; bonus the value token under it; flags 1 Sports row, 2 Registry token, 4 face up.
Evidence cards are named by their pictures (``PHO#2``: the second single PHO card,
``PHO+TAP``: the double), line cards by their lines (``A#3``, ``A+B``).
"""

from __future__ import annotations

from automa.rules.position import PositionError, Schema, card_names, entries

from .data import EVENT_IDS, LINES, OT_KINDS

_ROWS = entries(
    ("round.number", "round", "int"),
    ("round.placing", "placing", "bool"),
    ("round.over", "over", "bool"),
    ("round.end_reason", "end_reason", "str"),
    ("round.revealed", "revealed", "bool"),
    ("round.first_player", "pp", "int"),
    ("round.turn", "turn", "int"),
    ("round.double", "double", "int"),
    ("round.tokens_used", "tok_used", "list[int]"),
    ("board.spaces", "spaces", "list[tuple[tuple[int]]]"),
    ("board.newspaper", "news_slots", "list[tuple[int]]"),
    ("board.row_sides", "rowh", "list[tuple[int]]"),
    ("board.house_supply", "house_supply", "list[int]"),
    ("decks.evidence", "evi_deck", "list[card:evidence]"),
    ("decks.evidence_discard", "evi_disc", "list[card:evidence]"),
    ("decks.line", "line_deck", "list[card:line]"),
    ("decks.line_discard", "line_disc", "list[card:line]"),
    ("decks.overtime", "ot_deck", "list[card:overtime]"),
    ("decks.overtime_discard", "ot_disc", "list[card:overtime]"),
    ("decks.overtime_display", "ot_display", "list[card:overtime]"),
    ("decks.overtime_extra_bought", "extra_bought", "bool"),
    ("decks.news", "news_deck", "list[card:news]"),
    ("decks.news_turned", "news_turned", "card:news"),
    ("decks.events", "ev_deck", "list[card:event]"),
    ("decks.event", "event", "card:event"),
    ("decks.leak", "leak", "list[code:evidence+line]"),
    ("decks.leak_owner", "leak_owner", "int"),
    ("decks.leak_used", "leak_used", "list[int]"),
    ("government.opinion", "opinion", "int"),
    ("government.hat", "hat", "bool"),
    ("government.capitol", "capitol", "bool"),
    ("government.marker", "marker", "int"),
    ("times.deck", "times_deck", "list[card:times]"),
    ("times.journalists", "times_pool", "list[int]"),
    ("times.revealed", "times_revealed", "list[card:times]"),
    ("times.hired", "times_hired", "bool"),
    ("times.red_seen", "times_red_seen", "bool"),
    ("times.x_value", "times_x", "int"),
    ("seat.money", "money", "int"),
    ("seat.contacts", "contacts", "int"),
    ("seat.points", "points", "int"),
    ("seat.hr", "hr", "int"),
    ("seat.requests_left", "req_left", "int"),
    ("seat.finished", "finished", "bool"),
    ("seat.actions", "acts", "int"),
    ("seat.journalists", "avail", "tuple[int]"),
    ("seat.arrested", "arrested", "tuple[int]"),
    ("seat.bail_due", "bail_due", "int"),
    ("seat.tokens", "tok_now", "tuple[int]"),
    ("seat.new_tokens", "tok_new", "tuple[int]"),
    ("seat.event_tokens", "evt", "tuple[int]"),
    ("seat.kept", "kept", "tuple[code:evidence+line]"),
    ("seat.houses", "houses", "tuple[int]"),
    ("seat.report", "report", "card:report"),
    ("seat.pins", "pins", "tuple[int]"),
    ("seat.pin_rounds", "pinrd", "tuple[int]"),
    ("seat.statements", "stmt", "tuple[int]"),
    ("seat.destroyed", "destroyed", "tuple[int]"),
    ("seat.string_used", "string_used", "float"),
    ("seat.unpinned", "unpinned", "bool"),
    ("seat.eliminated", "eliminated", "bool"),
    ("pending.decision", "pend", "any"),
    ("pending.step", "rstep", "int"),
    ("pending.i", "ri", "int"),
    ("pending.j", "rj", "int"),
    ("pending.destructions", "dq", "list[any]"),
    ("pending.order", "rlist", "list[any]"),
    ("pending.lower", "lower", "list[any]"),
    ("pending.support", "sup", "any"),
    ("pending.agent_cards", "agent_cards", "list[code:evidence+line]"),
    ("pending.resolving", "cur", "list[any]"),
    ("pending.bus_done", "bus_done", "list[any]"),
    ("pending.log", "log", "list[any]"),
)

#: the decisions a player can be asked in the middle of a turn or a resolution
DECISIONS = (
    "busorder",
    "destroy",
    "donor",
    "ent",
    "finale",
    "fund",
    "keep",
    "otpick",
    "photo",
    "pin",
    "pin_evidence",
    "pin_line",
    "reg",
    "sports",
    "stmt",
    "support",
    "tok",
    "train",
)

_SCHEMAS: dict = {}


def schema(game) -> Schema:
    """The schema of one configuration (the card names come from its data files)."""
    found = _SCHEMAS.get(game)
    if found is None:
        d = game.data
        evidence = card_names(["+".join(d.evidence_types[e] for e in card) for card in d.evidence_cards])
        lines = card_names(["+".join(LINES[li] for li in card) for card in d.line_cards])
        overtime = tuple(f"{OT_KINDS[c[1]]}-{c[0]}" for c in d.ot_cards)
        found = _SCHEMAS[game] = Schema(
            entries=_ROWS,
            families={
                "evidence": evidence,
                "line": lines,
                "overtime": card_names(overtime),
                "news": tuple(d.news_ids),
                "event": EVENT_IDS,
                "times": tuple(c[0] for c in d.times_cards),
                "report": tuple(d.report_ids),
            },
            # report cards: two seats may hold the same one in a 5-player game (set-up deals
            # them round the box); the resolving card's evidence sits in `pending` too
            references=("report",),
            check=_check,
            after=_after,
        )
    return found


def _after(state) -> None:
    """A resolution under way with no decision pending goes on to the next decision, as
    after any move.  A written position never stops there; a scenario may (``placing =
    false`` and ``[pending] step = 2``: the resolution from the kiosk columns)."""
    if not state.placing and state.pend is None and not state.over:
        state._run()


def _check(f: dict, game) -> None:
    """The rules and the box, field by field (what the shared checks cannot know)."""
    from .state import tables_for

    tb = tables_for(game)
    n = tb.n

    def need(ok: bool, where: str, rule: str) -> None:
        if not ok:
            raise PositionError(where, rule)

    need(1 <= f["round"] <= tb.max_turns + 1, "round.number", f"must be 1-{tb.max_turns + 1}")
    need(0 <= f["pp"] < n, "round.first_player", f"must be a seat, 0-{n - 1}")
    need(0 <= f["turn"] < n, "round.turn", f"must be a seat, 0-{n - 1}")
    need(len(f["tok_used"]) == 6, "round.tokens_used", "must count the 6 token types")
    need(len(f["spaces"]) == tb.n_spaces, "board.spaces", f"this board has {tb.n_spaces} spaces")
    need(len(f["news_slots"]) == 6, "board.newspaper", "the newspaper has 6 sections")
    need(len(f["rowh"]) == tb.krows, "board.row_sides", f"the kiosk has {tb.krows} rows")
    need(len(f["house_supply"]) == 4, "board.house_supply", "there are 4 house colours")
    pend = f["pend"]
    if pend is not None:
        need(
            isinstance(pend, tuple) and len(pend) >= 2 and pend[0] in DECISIONS,
            "pending.decision",
            f"must be {{}} or [kind, seat, ...] with kind one of {', '.join(DECISIONS)}",
        )
        need(pend[1] in range(n), "pending.decision", f"the deciding seat must be 0-{n - 1}")
        need(not f["over"], "pending.decision", "a finished game has no decision pending")
    owners = set(range(n)) | {8, 9, 10}
    for sid, pieces in enumerate(f["spaces"]):
        for piece in pieces:
            need(len(piece) == 4, f"board.spaces[{sid}]", "a piece is [owner, journalist, bonus, flags]")
            need(piece[0] in owners, f"board.spaces[{sid}]", f"owner {piece[0]} is not a seat, 8, 9 or 10")
            if piece[0] < 8:
                need(0 <= piece[1] <= 5, f"board.spaces[{sid}]", "a journalist is 0-4 or 5 (X)")
    for s in range(n):
        where = f"seat.{s}"
        need(f["money"][s] >= 0, f"{where}.money", "cannot be negative")
        need(f["contacts"][s] >= 0, f"{where}.contacts", "cannot be negative")
        need(0 <= f["hr"][s] <= len(tb.hr), f"{where}.hr", f"must be 0 (X not hired) to {len(tb.hr)}")
        need(0 <= f["req_left"][s] <= 3, f"{where}.requests_left", "must be 0-3")
        js = f["avail"][s] + f["arrested"][s]
        need(all(0 <= j <= 5 for j in js), f"{where}.journalists", "a journalist is 0-4 or 5 (X)")
        need(len(set(js)) == len(js), f"{where}.journalists", "a journalist is in one place")
        need(len(f["tok_now"][s]) == 6, f"{where}.tokens", "must count the 6 token types")
        need(len(f["tok_new"][s]) == 6, f"{where}.new_tokens", "must count the 6 token types")
        need(len(f["evt"][s]) == 3, f"{where}.event_tokens", "is [target, line wildcard, evidence wildcard]")
        need(len(f["houses"][s]) == 4, f"{where}.houses", "counts the 4 house colours")
        need(all(h >= 0 for h in f["houses"][s]), f"{where}.houses", "cannot be negative")
        cells = len(tb.cell_line)
        need(all(0 <= c < cells for c in f["pins"][s]), f"{where}.pins", f"a cell is 0-{cells - 1}")
        need(len(f["pinrd"][s]) == len(f["pins"][s]), f"{where}.pin_rounds", "one round per pin")
        need(all(0 <= c < cells for c in f["destroyed"][s]), f"{where}.destroyed", f"a cell is 0-{cells - 1}")
    for c in range(4):
        total = f["house_supply"][c] + sum(f["houses"][s][c] for s in range(n))
        need(
            f["house_supply"][c] >= 0 and total <= tb.houses_per_colour,
            "board.house_supply",
            f"colour {c}: {total} houses, the box has {tb.houses_per_colour}",
        )
