"""Tabletop Inc. positions (docs/positions.md): which state field is written where, and the
rules a position must keep.  The shared reader and writer are `automa.rules.position`.

Sections: ``[turn]`` (whose turn, the phase, the hourglass and the end), ``[board]`` (the
main board's spaces, the three card tracks with their tokens, every deck top last, the
supply and the award shelf), ``[zap]`` (the Mumanbots' ZAP deck), one ``[seat.N]`` per
seat, ``[pending]`` (the stack of decisions, top last, as the engine keeps it) and
``[random]``.  Every card is written by its printed id (``SP07``, ``F12``, ``I03``, ``S21``,
``O05``, ``Z14``, ``W3``, ``P8``, ``FD2``, ``AC4``).
"""

from __future__ import annotations

from automa.rules.position import PositionError, Schema, entries

_ROWS = entries(
    ("turn.seat", "turn", "int"),
    ("turn.phase", "phase", "str"),
    ("turn.return_to", "phase_after", "str"),
    ("turn.steps", "steps", "int"),
    ("turn.hourglass", "hourglass", "int"),
    ("turn.end_by", "end_by", "int"),
    ("turn.final_turns_left", "final_left", "list[int]"),
    ("board.occupied", "occupied", "list[int]"),
    ("board.decks", "deck", "dict[str, list[name:card]]"),
    ("board.tracks", "tracks", "dict[str, tuple[name:card?]]"),
    ("board.track_tokens", "track_tokens", "dict[str, tuple[tuple[int]]]"),
    ("board.skill_deck", "skill_deck", "list[name:card]"),
    ("board.skills_out", "skills_out", "list[name:card]"),
    ("board.objective_deck", "objective_deck", "list[name:card]"),
    ("board.objectives_out", "objectives_out", "list[name:card]"),
    ("board.supply", "supply", "list[tuple[int]]"),
    ("board.award_shelf", "shelf", "list[int]"),
    ("zap.deck", "zap_deck", "list[name:zap]"),
    ("zap.discard", "zap_discard", "list[name:zap]"),
    ("zap.own", "zap_own", "dict[int, list[list[name:zap]]]"),
    ("seat.vp", "vp", "int"),
    ("seat.resources", "resources", "list[int]"),
    ("seat.mumans", "mumans", "int"),
    ("seat.standees", "standees", "tuple[any]"),
    ("seat.placed", "placed", "tuple[any]"),
    ("seat.employees", "employees", "tuple[tup(name:card, int)]"),
    ("seat.wow", "wow", "name:start?"),
    ("seat.pow", "pow", "name:start?"),
    ("seat.tucked", "tucked", "dict[str, name:card]"),
    ("seat.permanent", "item_skills", "tuple[int]"),
    ("seat.production", "production", "tuple[int]"),
    ("seat.hand_employees", "hand_employees", "tuple[name:card]"),
    ("seat.hand_skills", "hand_skills", "tuple[name:card]"),
    ("seat.hand_items", "hand_items", "tuple[name:card]"),
    ("seat.published", "published", "tuple[any]"),
    ("seat.awards", "awards", "tuple[any]"),
    ("seat.objectives", "objectives", "tuple[name:card]"),
    ("seat.award_card", "award_card", "name:award?"),
    ("seat.prediction_track", "prediction_target", "int"),
    ("seat.prediction_cards", "prediction_cards", "tuple[any]"),
    ("seat.prediction_up", "prediction_up", "tuple[any]"),
    ("seat.dealt", "dealt", "any"),
    ("pending.stack", "stack", "list[any]"),
    ("pending.trade", "trade_open", "any"),
    ("pending.log", "events", "list[str]"),
)

_SCHEMAS: dict = {}


def schema(game) -> Schema:
    """The schema of one configuration (card ids from its data files)."""
    found = _SCHEMAS.get(game)
    if found is None:
        d = game.data
        cards = sorted(d.specialists) + sorted(d.freelancers) + sorted(d.items)
        cards += sorted(d.skills) + sorted(d.objectives)
        found = _SCHEMAS[game] = Schema(
            entries=_ROWS,
            families={
                "card": tuple(cards),
                "zap": tuple(sorted(d.zap)),
                "start": tuple(sorted(d.wow) + sorted(d.pow) + sorted(d.founders)),
                "award": tuple(sorted(d.awards)),
            },
            # a ZAP deck per Mumanbot (AMB-25), and the Founders and award cards dealt
            # round the box at six seats, hold the same card twice
            references=("zap", "start", "award"),
            check=_check,
        )
    return found


def _check(f: dict, game) -> None:
    n = game.num_players
    d = game.data

    def need(ok: bool, where: str, rule: str) -> None:
        if not ok:
            raise PositionError(where, rule)

    need(0 <= f["turn"] < n, "turn.seat", f"must be a seat, 0-{n - 1}")
    need(f["hourglass"] >= 0, "turn.hourglass", "cannot be negative")
    need(f["end_by"] in range(-1, n), "turn.end_by", f"must be -1 (not ending) or a seat, 0-{n - 1}")
    need(all(s in range(n) for s in f["final_left"]), "turn.final_turns_left", f"seats are 0-{n - 1}")
    need(len(f["occupied"]) == len(d.spaces), "board.occupied", f"the board has {len(d.spaces)} spaces")
    need(
        all(-1 <= o < n for o in f["occupied"]),
        "board.occupied",
        f"a space holds -1 (empty) or a seat, 0-{n - 1}",
    )
    for s in range(n):
        for part in f["placed"][s]:
            need(
                isinstance(part, tuple) and len(part) == 2,
                f"seat.{s}.placed",
                "each worker is [worker, space]",
            )
            if isinstance(part[1], int):
                need(0 <= part[1] < len(d.spaces), f"seat.{s}.placed", f"a space is 0-{len(d.spaces) - 1}")
    for i, o in enumerate(f["occupied"]):
        if 0 <= o < n:
            need(
                any(part[1] == i for part in f["placed"][o]),
                f"board.occupied[{i}]",
                f"seat {o} has no worker on this space (seat.{o}.placed)",
            )
    for key in ("deck", "tracks", "track_tokens"):
        path = {"deck": "board.decks", "tracks": "board.tracks", "track_tokens": "board.track_tokens"}[key]
        need(list(f[key]) == ["sp", "fl", "it"], path, "must hold sp, fl and it, in this order")
    for key in d.widths:
        need(
            len(f["track_tokens"][key]) == len(f["tracks"][key]),
            "board.track_tokens",
            f"{key}: one entry per track card",
        )
        need(
            all(len(t) == 5 and min(t) >= 0 for t in f["track_tokens"][key]),
            "board.track_tokens",
            f"{key}: each card's tokens are 5 counts, none negative",
        )
    need(len(f["supply"]) == len(d.pieces), "board.supply", f"{len(d.pieces)} rows, one per kind of piece")
    for i, (row, box) in enumerate(zip(f["supply"], d.pieces, strict=True)):
        need(
            len(row) == len(box) and all(0 <= a <= b for a, b in zip(row, box, strict=True)),
            f"board.supply[{i}]",
            f"must be 0-{list(box)} pieces (the box)",
        )
    for s in range(n):
        need(
            len(f["resources"][s]) == 5 and min(f["resources"][s]) >= 0,
            f"seat.{s}.resources",
            "5 counts, none negative",
        )
        need(f["mumans"][s] >= 0, f"seat.{s}.mumans", "cannot be negative")
        need(
            len(f["item_skills"][s]) == 3 and len(f["production"][s]) == 3,
            f"seat.{s}.permanent",
            "3 counts each",
        )
    for i, task in enumerate(f["stack"]):
        need(
            isinstance(task, tuple) and len(task) >= 2 and isinstance(task[0], str) and task[1] in range(n),
            f"pending.stack[{i}]",
            f"a task is [kind, seat 0-{n - 1}, ...]",
        )
    if game.params.zap_per_bot:
        need(
            set(f["zap_own"]) == set(game.bots),
            "zap.own",
            f"one deck each for the Mumanbots {sorted(game.bots)}",
        )
    for b, pair in f["zap_own"].items():
        need(len(pair) == 2, f"zap.own.{b}", "is [deck, discard]")
