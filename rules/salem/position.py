"""Salem 1692 positions (docs/positions.md): which state field is written where, and the
rules a position must keep.  The shared reader and writer are `automa.rules.position`.

Sections: ``[day]`` (whose turn, the night, the gavel, the vote and the end), ``[town]`` (the
draw deck top last, the discard, the Night card, the tokens in the centre, the supply of
coins), ``[knowledge]`` (what the table has seen), one ``[seat.N]`` per seat (ghost seats
included: character, trial cards face down and face up, hand, red cards in front, tokens,
what the seat knows), ``[pending]`` (the decision asked, the engine's tasks and narration)
and ``[random]``.  Cards, trial cards, tokens and characters are written by their ids in the
data files (``accusation``, ``witch``, ``black_cat``, ``john_proctor``).  Identical cards are
not told apart; a position holds no more of a card than the box.
"""

from __future__ import annotations

from automa.rules.position import PositionError, Schema, entries

_ROWS = entries(
    ("day.turn_seat", "turn_pos", "int"),
    ("day.turns", "turns", "int"),
    ("day.nights", "nights", "int"),
    ("day.steps", "steps", "int"),
    ("day.first_turn", "first_turn", "bool"),
    ("day.played", "played", "bool"),
    ("day.in_night", "in_night", "bool"),
    ("day.living", "n_living", "int"),
    ("day.gavel", "gavel", "int"),
    ("day.gavel_public", "gavel_public", "bool"),
    ("day.victim", "victim", "int"),
    ("day.victim_public", "victim_public", "bool"),
    ("day.votes", "votes", "any"),
    ("day.confessions", "confess", "any"),
    ("day.confessed", "confessed", "list[any]"),
    ("day.result", "result", "any"),
    ("town.deck", "deck", "list[name:play]"),
    ("town.discard", "discard", "list[name:play]"),
    ("town.night_in_deck", "night_in_deck", "bool"),
    ("town.night_zone", "night_zone", "int"),
    ("town.deck_known", "deck_known", "int"),
    ("town.centre", "centre", "list[name:token]"),
    ("town.supply", "supply", "int"),
    ("town.uses", "uses", "any"),
    ("knowledge.facts", "pub_facts", "list[any]"),
    ("knowledge.hand_facts", "pub_hand_facts", "list[any]"),
    ("seat.alive", "alive", "bool"),
    ("seat.character", "char", "opt[name:character]"),
    ("seat.face_down", "face_down", "list[name:trial]"),
    ("seat.face_up", "face_up", "list[name:trial]"),
    ("seat.hand", "hand", "list[name:play]"),
    ("seat.red_cards", "reds", "list[name:play]"),
    ("seat.stocks", "stocks", "int"),
    ("seat.tokens", "tokens", "list[name:token]"),
    ("seat.coins", "coins", "int"),
    ("seat.witch", "ever_witch", "bool"),
    ("seat.announced", "announced", "bool"),
    ("seat.knows_witches", "known_witches", "list[any]"),
    ("seat.facts", "facts", "list[any]"),
    ("seat.complete", "complete", "bool"),
    ("seat.last_accused", "last_accuser", "int"),
    ("seat.hand_facts", "hand_facts", "list[any]"),
    ("seat.town_hall_options", "townhall_options", "any"),
    ("seat.town_hall_pending", "townhall_kept", "any"),
    ("pending.decision", "dec", "any"),
    ("pending.tasks", "tasks", "list[any]"),
    ("pending.loot_view", "loot_view", "any"),
    ("pending.loot_stopped", "loot_stopped", "list[any]"),
    ("pending.log", "log", "list[any]"),
)

_SCHEMAS: dict = {}


def schema(game) -> Schema:
    found = _SCHEMAS.get(game)
    if found is None:
        d = game.data
        found = _SCHEMAS[game] = Schema(
            entries=_ROWS,
            families={
                "play": tuple(c[0] for c in d.cards),
                "trial": tuple(d.box),
                "token": tuple(d.token_qty),
                "character": tuple(c[0] for c in d.characters),
            },
            # identical cards are not told apart: the box's counts are checked instead
            references=("play", "trial", "token", "character"),
            counted={
                "play": {c[0]: c[2] for c in d.cards},
                "trial": dict(d.box),
                "token": dict(d.token_qty),
            },
            rng_field="_rng",
            check=_check,
        )
    return found


def _count(rows, where: str, box: dict, what: str) -> None:
    seen: dict[str, int] = {}
    for row in rows:
        for name in row:
            seen[name] = seen.get(name, 0) + 1
    for name, k in seen.items():
        if k > box.get(name, 0):
            raise PositionError(where, f"{k} {what} {name!r}, the box has {box.get(name, 0)}")


def _check(f: dict, game) -> None:
    d = game.data
    n = len(f["alive"])

    def need(ok: bool, where: str, rule: str) -> None:
        if not ok:
            raise PositionError(where, rule)

    need(-1 <= f["turn_pos"] < n, "day.turn_seat", f"must be -1 (before the first turn) or a seat, 0-{n - 1}")
    need(f["n_living"] == sum(f["alive"]), "day.living", "must be the number of seats alive")
    need(f["supply"] >= 0, "town.supply", "cannot be negative")
    need(f["supply"] + sum(f["coins"]) <= d.coins, "town.supply", f"the box has {d.coins} coins")
    need(f["gavel"] >= -2 and f["gavel"] < n, "day.gavel", f"must be -2, -1 or a seat, 0-{n - 1}")
    need(f["victim"] >= -1 and f["victim"] < n, "day.victim", f"must be -1 or a seat, 0-{n - 1}")
    qty = {c[0]: c[2] for c in d.cards}
    _count([f["deck"], f["discard"]] + f["hand"] + f["reds"], "town.deck", qty, "cards")
    _count(f["face_down"] + f["face_up"], "seat", dict(d.box), "trial cards")
    _count([f["centre"]] + f["tokens"], "town.centre", dict(d.token_qty), "tokens")
    for s in range(n):
        need(f["coins"][s] >= 0, f"seat.{s}.coins", "cannot be negative")
        need(f["stocks"][s] >= 0, f"seat.{s}.stocks", "cannot be negative")
    dec = f["dec"]
    if dec is not None:
        need(
            isinstance(dec, tuple) and len(dec) >= 2 and isinstance(dec[0], str) and dec[1] in range(n),
            "pending.decision",
            f"must be {{}} or [kind, deciding seat 0-{n - 1}, ...]",
        )
