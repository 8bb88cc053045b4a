"""Watergate positions (docs/positions.md): which state field is written where, and the rules
a position must keep.  The shared reader and writer are `automa.rules.position`.

Sections: ``[round]`` (the round, whose turn, the winner), ``[track]`` (this round's tokens on
the research track, Initiative and Momentum), ``[board]`` (the evidence board, the bag, the
supply, the pinned pictures), ``[removed]`` (cards out of the game), one ``[seat.N]`` per seat
(0 the Editor, 1 Nixon: hand, deck top last, discard), ``[pending]`` (the engine's frames,
top last, and the reaction chain, as the module docstring of `state.py` describes them) and
``[random]``.  Cards are written by their printed ids (``E01``, ``N07``); an evidence token is
its code (colour mask: blue 1, yellow 2, green 4; +8 momentum; on the board +16 face up).
"""

from __future__ import annotations

from automa.rules.position import PositionError, Schema, entries

from .state import AUTO

_ROWS = entries(
    ("round.number", "round", "int"),
    ("round.max_rounds", "max_rounds", "int"),
    ("round.to_move", "to_move", "int"),
    ("round.winner", "winner", "int"),
    ("round.reason", "reason", "str"),
    ("round.denied", "denied", "int"),
    ("round.flag_evidence", "events_value_only", "bool"),
    ("round.gambit_keep", "gambit_keep", "bool"),
    ("track.token_codes", "track_codes", "list[int]"),
    ("track.token_positions", "track_places", "list[int]"),
    ("track.token_faces", "track_faces", "list[int]"),
    ("track.initiative", "initiative", "opt[int]"),
    ("track.momentum", "momentum", "opt[int]"),
    ("track.holder", "holder", "int"),
    ("track.got_initiative", "initiative_gained", "bool"),
    ("track.got_momentum", "momentum_gained", "bool"),
    ("track.momentum_removed", "momentum_removed", "int"),
    ("board.evidence", "board", "list[int]"),
    ("board.bag", "bag", "list[int]"),
    ("board.supply", "supply", "int"),
    ("board.pictures", "pictures", "list[int]"),
    ("removed.cards", "removed", "list[card:card]"),
    ("seat.hand", "hand", "list[card:card]"),
    ("seat.deck", "deck", "list[card:card]"),
    ("seat.discard", "discard", "list[card:card]"),
    ("seat.momentum_cards", "momentum_cards", "int"),
    ("seat.turns", "turns", "int"),
    ("pending.stack", "stack", "list[any]"),
    ("pending.chain", "chain", "list[any]"),
)

#: the frames of the engine's stack (state.py's module docstring)
FRAMES = (
    "cp", "turn", "vt", "pick", "em", "window", "chain", "fx", "dispose", "pin", "person", "rmb",
    "flipb", "gambit", "replay", "eval",
)  # fmt: skip

_SCHEMAS: dict = {}


def schema(game) -> Schema:
    found = _SCHEMAS.get(game)
    if found is None:
        d = game.data
        found = _SCHEMAS[game] = Schema(
            entries=_ROWS,
            families={"card": tuple(c.id for c in d.cards)},
            check=_check,
            after=_after,
        )
    return found


def _after(state) -> None:
    """The engine settles its stack as after any move: automatic frames run, a decision with
    no choice is taken, and the legal actions of the decision on top are kept aside.  A
    written position stops at a real decision, so this changes nothing in it; a scenario may
    end its stack on an automatic frame (``["cp", -1]``: the card phase goes on;
    ``["eval", -1, 1]``: the evaluation from its first step)."""
    if state.winner >= 0:
        state._cache_legal = []
    else:
        state._run()


def _check(f: dict, game) -> None:
    d = game.data

    def need(ok: bool, where: str, rule: str) -> None:
        if not ok:
            raise PositionError(where, rule)

    need(f["to_move"] in (0, 1), "round.to_move", "must be 0 (the Editor) or 1 (Nixon)")
    need(f["winner"] in (-1, 0, 1), "round.winner", "must be -1 (none yet), 0 or 1")
    need(1 <= f["round"] <= f["max_rounds"] + 1, "round.number", f"must be 1-{f['max_rounds'] + 1}")
    need(
        len(f["board"]) == len(d.space_names), "board.evidence", f"the board has {len(d.space_names)} spaces"
    )
    need(all(-1 <= t < 32 for t in f["board"]), "board.evidence", "a space holds -1 or a token code 0-31")
    need(all(0 <= t < 16 for t in f["bag"]), "board.bag", "a token code is 0-15")
    need(
        len(f["track_codes"]) == len(f["track_places"]) == len(f["track_faces"]),
        "track",
        "codes, positions and faces: one each per token",
    )
    need(f["holder"] in (0, 1), "track.holder", "must be 0 (the Editor) or 1 (Nixon)")
    need(f["supply"] >= 0, "board.supply", "cannot be negative")
    for s in (0, 1):
        own = set(d.deck_cards[s])
        for key, name in (("hand", "hand"), ("deck", "deck"), ("discard", "discard")):
            need(
                all(c in own for c in f[key][s]),
                f"seat.{s}.{name}",
                f"holds only {'the Editor' if s == 0 else 'Nixon'}'s cards",
            )
    if f["winner"] < 0:
        need(bool(f["stack"]), "pending.stack", "a game not over has a frame on the stack")
        for i, frame in enumerate(f["stack"]):
            need(
                isinstance(frame, tuple) and len(frame) >= 2 and frame[0] in FRAMES,
                f"pending.stack[{i}]",
                f"a frame is [kind, seat, ...] with kind one of {', '.join(FRAMES)}",
            )
        top = f["stack"][-1]
        need(
            top[0] in AUTO or top[1] in (0, 1),
            "pending.stack",
            "the top frame is automatic, or a decision of seat 0 or 1",
        )
