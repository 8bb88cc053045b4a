"""P.I. positions (docs/positions.md): which state field is written where, and the rules a
position must keep.  The shared reader and writer are `automa.rules.position`.

Sections: ``[play]`` (the mini-game, the round, whose turn, a solve attempt under way),
``[board]`` (the suspect and crime tiles by area, blank ``-``; the evidence deck top last,
display and discard; dead leads), ``[knowledge]`` (what the table has learnt about each
seat's case, as the engine's bit sets over the triples of `automa.rules.pi.data`), one
``[seat.N]`` per seat (its case, its investigators and tokens, its score) and ``[random]``.
Evidence cards, tiles and case names are written as ``suspect:ID``, ``crime:ID``,
``location:ID`` with the ids of the data files.  What follows from the tiles (each tile's
area) and from the cases (what each seat's hand rules out) is remade when a partial position
gives the tiles or the cases without it.
"""

from __future__ import annotations

from automa.rules.pi import logic
from automa.rules.position import PositionError, Schema, entries

_ROWS = entries(
    ("play.mini_game", "minigame", "int"),
    ("play.start", "start", "int"),
    ("play.round", "round", "int"),
    ("play.investigator", "value_index", "int"),
    ("play.to_move", "to_move", "int"),
    ("play.over", "over", "bool"),
    ("play.solving_suspect", "pending_suspect", "card:suspect"),
    ("play.solving_crime", "pending_crime", "card:crime"),
    ("play.solved_in_round", "solved_in_round", "bool"),
    ("play.prune", "prune", "bool"),
    ("board.suspect_tiles", "suspect_tiles", "tuple[card:suspect]"),
    ("board.crime_tiles", "crime_tiles", "tuple[card:crime]"),
    ("board.suspect_areas", "suspect_areas", "tuple[card:location]"),
    ("board.crime_areas", "crime_areas", "tuple[card:location]"),
    ("board.deck", "deck", "list[card:evidence]"),
    ("board.display", "display", "list[card:evidence]"),
    ("board.discard", "discard", "list[card:evidence]"),
    ("board.dead_leads", "dead_leads", "list[tup(int, card:evidence)]"),
    ("board.scores", "vp_markers", "list[int]"),
    ("knowledge.candidates", "candidates", "list[bits]"),
    ("knowledge.hand_rules_out", "hand_allows", "list[bits]"),
    ("knowledge.failed", "failed", "list[bits]"),
    ("knowledge.solved", "solved", "list[bits]"),
    ("knowledge.log", "events", "list[any]"),
    ("knowledge.last_mini_game", "closing", "any"),
    ("seat.case", "cases", "tup(card:suspect, card:crime, card:location)"),
    ("seat.tokens", "marked", "bits"),
    ("seat.investigated_areas", "investigated_areas", "bits"),
    ("seat.investigators_left", "investigators_left", "int"),
    ("seat.penalty", "penalty", "int"),
)

_SCHEMAS: dict = {}


def schema(game) -> Schema:
    found = _SCHEMAS.get(game)
    if found is None:
        d = game.data
        found = _SCHEMAS[game] = Schema(
            entries=_ROWS,
            families={
                "suspect": tuple(f"suspect:{x}" for x in d.suspect_ids),
                "crime": tuple(f"crime:{x}" for x in d.crime_ids),
                "location": tuple(f"location:{x}" for x in d.area_ids),
                "evidence": tuple(
                    f"{kind}:{x}"
                    for kind, ids in (
                        ("suspect", d.suspect_ids),
                        ("crime", d.crime_ids),
                        ("location", d.area_ids),
                    )
                    for x in ids
                ),
            },
            # a tile, an area and a case name each recur across the board and the cases
            references=("suspect", "crime", "location"),
            complete=("evidence",),
            reset={"_cache_masks": dict},
            derive=_derive,
            check=_check,
        )
    return found


def _derive(f: dict, given: set, game) -> None:
    d = game.data
    if "suspect_tiles" in given and "suspect_areas" not in given:
        f["suspect_areas"] = tuple(logic.tile_areas(list(f["suspect_tiles"]), d.NS))
    if "crime_tiles" in given and "crime_areas" not in given:
        f["crime_areas"] = tuple(logic.tile_areas(list(f["crime_tiles"]), d.NC))
    if "cases" in given and "hand_allows" not in given:
        n = len(f["cases"])
        f["hand_allows"] = [logic.hand_exclusion(d, f["cases"][(p + 1) % n]) for p in range(n)]


def _check(f: dict, game) -> None:
    d = game.data
    n = game.num_players

    def need(ok: bool, where: str, rule: str) -> None:
        if not ok:
            raise PositionError(where, rule)

    need(
        0 <= f["minigame"] < d.mini_games or (f["minigame"] == d.mini_games and f["over"]),
        "play.mini_game",
        f"must be 0-{d.mini_games - 1} ({d.mini_games} once the game is over)",
    )
    need(0 <= f["to_move"] < n, "play.to_move", f"must be a seat, 0-{n - 1}")
    need(0 <= f["start"] < n, "play.start", f"must be a seat, 0-{n - 1}")
    need(
        f["pending_crime"] == -1 or f["pending_suspect"] != -1,
        "play.solving_crime",
        "a crime is named after a suspect",
    )
    need(
        len(f["vp_markers"]) == n * d.mini_games,
        "board.scores",
        f"one per seat and mini-game ({n * d.mini_games})",
    )
    for key, tiles, count in (
        ("suspect_tiles", f["suspect_tiles"], d.NS),
        ("crime_tiles", f["crime_tiles"], d.NC),
    ):
        need(len(tiles) == d.NL, f"board.{key}", f'one tile per area ({d.NL}), blank as "-"')
        named = [t for t in tiles if t >= 0]
        need(sorted(named) == list(range(count)), f"board.{key}", "every tile exactly once (the box)")
    need(
        tuple(logic.tile_areas(list(f["suspect_tiles"]), d.NS)) == f["suspect_areas"],
        "board.suspect_areas",
        "must be where board.suspect_tiles puts each suspect",
    )
    need(
        tuple(logic.tile_areas(list(f["crime_tiles"]), d.NC)) == f["crime_areas"],
        "board.crime_areas",
        "must be where board.crime_tiles puts each crime",
    )
    for i, part in enumerate(("suspect", "crime", "location")):
        names = [c[i] for c in f["cases"]]
        need(len(set(names)) == n, "seat", f"two cases share a {part} (cases are dealt without replacement)")
    for key in ("candidates", "hand_allows", "failed", "solved"):
        need(len(f[key]) == n, f"knowledge.{key}", f"one per seat ({n})")
    for s in range(n):
        need(
            0 <= f["investigators_left"][s] <= d.investigators,
            f"seat.{s}.investigators_left",
            f"0-{d.investigators}",
        )
        need(f["penalty"][s] >= 0, f"seat.{s}.penalty", "cannot be negative")
