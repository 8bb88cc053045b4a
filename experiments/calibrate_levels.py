"""Table 5: the difficulty presets `level:easy|normal|hard|expert` (search/presets.toml)
against a fixed strong reference per game: the reference's win rate must fall level by
level, each level's Wilson 95% interval wholly below the previous one's.  The reference is
the game's expert at full strength; in Pulitzer it is the printed automaton, the default
Times deck (3,3,2) of the solo game, so its rates read "the Times beat easy 0.8 of the time".

    python experiments/calibrate_levels.py [--games 48] [--games-for pi=96,salem=32] [--seed 11]
                                           [--only pi,watergate] [--write-presets] [--work DIR]

The level's bot holds one seat and the reference every other; seats rotate and every deal
is replayed under every seating.  A game is a win for the reference unless the level's bot
finishes first: among the winners (in Salem, on the winning side), or, when nobody wins,
ranked first on score; a two-player draw counts half; in a solo game, unless the level's
bot wins.  In Salem one bot among five barely moves its side's result, so there the level
plays a whole side against a side of the reference (see side_tasks).
With --write-presets the measured rates, intervals, seeds and command go into the
`calibration` table of each game in search/presets.toml, beside the settings they justify.
Finished games are kept as JSONL in --work, so an interrupted run resumes where it stopped.
"""

import csv
import functools
import hashlib
import json
import re
from itertools import pairwise
from pathlib import Path

from common import ROOT, Timer, games_for as parse_games_for, parser, plot, write_table

from automa.rules.core import load_game
from automa.search import arena
from automa.search.mcts import presets
from automa.search.stats import wilson_interval

# (game, players, mode, reference player): each game's expert, a fixed strong player the
# levels are measured against (Watergate's at a third of its search budget, which keeps the
# calibration's games affordable and still wins 0.72 as the Editor and 0.85 as Nixon against
# watergate-heuristic, experiments/results/watergate_strength.md; Tabletop Inc.'s expert costs
# seconds a game, so there the rule-based tabletop-heuristic is the reference); in Pulitzer
# the solo game's Times deck at its default mix (the printed automaton), since the expert is a
# solo player.  Salem is measured with six players: at four its single Witch card decides most
# games by the deal.
REFERENCE = [
    ("pi", 2, "standard", "pi-expert"),
    ("watergate", 2, "standard", "watergate-expert:iterations=120"),
    ("tabletop_inc", 2, "standard", "tabletop-heuristic"),
    ("pulitzer", 1, "solo", "the Times deck (3,3,2)"),
    ("salem", 6, "standard", "salem-expert"),
]
#: games measured side against side: the level's bot plays a whole side, the reference the
#: other, and every deal is played twice with the sides swapped (see side_tasks)
SIDES = {"salem"}
PRESETS = ROOT / "search" / "presets.toml"


def _tally(records: list[dict], credit) -> tuple[float, int, int]:
    """(wins, games, errors): `credit(record)` summed over the finished records."""
    wins, games, errors = 0.0, 0, 0
    for record in records:
        if record.get("status") == "error":
            errors += 1
            continue
        games += 1
        wins += credit(record)
    return wins, games, errors


def reference_wins(records: list[dict], level_spec: str) -> tuple[float, int, int]:
    """(wins, games, errors) of the reference against the bot `level_spec` over finished
    records: every game the level's bot does not finish first."""

    def credit(record: dict) -> float:
        seats = record["seats"]
        if len(seats) == 1:  # solo: the automaton wins whatever the player does not
            return 0.0 if record["winners"] else 1.0
        first = record["winners"] or [s for s, rank in enumerate(record.get("ranks") or []) if rank == 1]
        level_seats = [s for s, spec in enumerate(seats) if spec == level_spec]
        if not any(s in first for s in level_seats):
            return 1.0
        return 0.5 if len(seats) == 2 and len(first) == 2 else 0.0  # a two-player draw

    return _tally(records, credit)


def side_tasks(
    game: str, params: dict, reference: str, spec: str, games: int, seed: int
) -> list[arena.GameTask]:
    """Salem: one bot among four barely moves its side's result, so a seat-by-seat
    measurement cannot tell the levels apart.  Here the level's bot holds every seat that
    starts with a Witch card and the reference every other, then the same deal again with
    the sides swapped."""
    base = load_game(game, **params)
    players = params["players"]
    tid = arena.tournament_id(game, params, [reference, spec], games, seed, "sides", True)
    module = base.__class__.__module__
    tasks = []
    for index in range(games):
        match, swap = divmod(index, 2)
        game_seed = arena._seed_from(seed, 0, match)
        witches = initial_witch_seats(base, game_seed)
        seats = tuple(spec if (s in witches) != bool(swap) else reference for s in range(players))
        tasks.append(
            arena.GameTask(
                index=index,
                game=game,
                params=dict(params),
                seats=seats,
                game_seed=game_seed,
                bot_seeds=tuple(arena._seed_from(seed, 1, index, s) for s in range(players)),
                match=match,
                seating=swap,
                tournament=tid,
                module=module,
            )
        )
    return tasks


def initial_witch_seats(game, game_seed: int) -> set[int]:
    """Seats dealt a Witch card (Salem; ghosts are not seats)."""
    state = game.new_initial_state(game_seed)
    human = game.human
    return {human[pos] for pos, cards in enumerate(state.face_down) if "witch" in cards and human[pos] >= 0}


def reference_side_wins(records: list[dict], reference: str, game) -> tuple[float, int, int]:
    """(wins, games, errors): games won by the side the reference started on."""

    def credit(record: dict) -> float:
        reason = record.get("reason", "")
        if reason.startswith("draw"):
            return 0.5
        witches = initial_witch_seats(game, record["seed"])
        ref_is_witch = any(spec == reference and s in witches for s, spec in enumerate(record["seats"]))
        return 1.0 if reason.startswith("witches win") == ref_is_witch else 0.0

    return _tally(records, credit)


@functools.cache
def code_digest(game: str) -> str:
    """A digest of the sources that decide how `game`'s levels play: its rules package, the
    shared engine helpers, the search and the printed automata (read once a run)."""
    root = Path(__file__).resolve().parent.parent
    files = (
        sorted((root / "rules" / game).glob("*.py"))
        + sorted((root / "rules").glob("*.py"))
        + sorted((root / "search").glob("*.py"))
        + sorted((root / "automa").glob("*.py"))
    )
    digest = hashlib.sha1()
    for path in files:
        digest.update(path.read_bytes())
    return digest.hexdigest()[:10]


def measure(
    game: str,
    players: int,
    mode: str,
    reference: str,
    level: str,
    games: int,
    seed: int,
    jobs: int,
    work: Path,
) -> dict:
    spec = f"level:{level}"
    bots = (reference,) * (players - 1) + (spec,)
    params = arena.resolve_params(game, players, mode, bots)
    if game in SIDES:
        tasks = side_tasks(game, params, reference, spec, games, seed)
    else:
        tasks = arena.schedule(game, params, bots, games, seed)
    # the file name carries the level's settings and the code that plays them: games played
    # under other settings or by an earlier version of the bots are never resumed into this
    # measurement (an `expert` preset names only its bot, so its settings alone never change)
    settings = presets()["games"].get(game, presets()["games"]["default"])[level]
    key = [reference, settings, code_digest(game)] + (["sides"] if game in SIDES else [])
    tag = hashlib.sha1(json.dumps(key, sort_keys=True).encode()).hexdigest()[:10]
    out = work / f"{game}-{level}-{games}-{seed}-{tag}.jsonl"
    result = arena.run(tasks, out, jobs=jobs, resume=True)
    if game in SIDES:
        wins, played, errors = reference_side_wins(result.records, reference, load_game(game, **params))
    else:
        wins, played, errors = reference_wins(result.records, spec)
    low, high = wilson_interval(wins, played)
    seconds = sum(r.get("wall_time", 0.0) for r in result.records)
    return {
        "wins": wins,
        "games": played,
        "errors": errors,
        "rate": wins / played if played else 0.0,
        "low": low,
        "high": high,
        "cpu_seconds": seconds,
    }


def write_presets(path: Path, game: str, calibration: dict) -> None:
    """Replace (or add) the `[GAME.calibration]` table of presets.toml, leaving the rest,
    comments included, as it was."""
    text = path.read_text(encoding="utf-8")
    lines = [f"[{game}.calibration]"]
    for key, value in calibration.items():
        if isinstance(value, str):
            lines.append(f'{key} = "{value}"')
        elif isinstance(value, list):
            lines.append(f"{key} = [{', '.join(_toml_number(v) for v in value)}]")
        else:
            lines.append(f"{key} = {_toml_number(value)}")
    block = "\n".join(lines) + "\n"
    pattern = re.compile(rf"^\[{re.escape(game)}\.calibration\]\n(?:(?!\[).*\n?)*", re.M)
    if pattern.search(text):
        text = pattern.sub(lambda _m: block + "\n", text, count=1)
    else:
        anchor = re.compile(rf"^\[{re.escape(game)}\]\n(?:(?!\[).*\n?)*", re.M)
        match = anchor.search(text)
        if match is None:
            raise SystemExit(f"{path}: no [{game}] table to put the calibration under")
        text = text[: match.end()].rstrip("\n") + "\n\n" + block + "\n" + text[match.end() :].lstrip("\n")
    path.write_text(text.rstrip("\n") + "\n", encoding="utf-8")


def _toml_number(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:.4f}".rstrip("0").rstrip(".") if value != int(value) else f"{value:.1f}"
    return str(value)


def main() -> None:
    p = parser(__doc__, games=48, seed=11)
    p.add_argument("--only", default="", help="comma-separated game names")
    p.add_argument(
        "--games-for", default="", help="per-game numbers of games overriding --games, e.g. pi=96,salem=32"
    )
    p.add_argument(
        "--write-presets",
        action="store_true",
        help="store the measurements in search/presets.toml beside the levels",
    )
    p.add_argument(
        "--work",
        type=Path,
        default=Path("calibration-games"),
        help="folder for the finished games (JSONL), so a rerun resumes",
    )
    args = p.parse_args()
    only = {g for g in args.only.split(",") if g}
    games_for = parse_games_for(p, args.games_for)
    args.work.mkdir(parents=True, exist_ok=True)
    table = presets()
    levels = table["levels"]
    rows = []
    game_seconds = 0.0
    command = (
        f"python experiments/calibrate_levels.py --games {args.games} --seed {args.seed}"
        + (f" --games-for {args.games_for}" if args.games_for else "")
        + (f" --only {args.only}" if args.only else "")
    )
    with Timer() as timer:
        for game, players, mode, reference in REFERENCE:
            if only and game not in only:
                continue
            settings = table["games"].get(game, table["games"]["default"])
            games = games_for.get(game, args.games)
            measured = []
            for level in levels:
                m = measure(game, players, mode, reference, level, games, args.seed, args.jobs, args.work)
                measured.append(m)
                s = settings[level]
                rows.append(
                    [
                        game,
                        players,
                        reference,
                        level,
                        s.get("bot", "ismcts"),
                        s.get("iterations", ""),
                        s.get("rollout_depth", "" if "bot" in s else -1),
                        s.get("temperature", 0.0),
                        m["games"],
                        m["wins"],
                        m["rate"],
                        m["low"],
                        m["high"],
                    ]
                )
                game_seconds += m["cpu_seconds"]
                played_by = f"{s['iterations']:>5} it" if "iterations" in s else s["bot"]
                print(
                    f"{game:<13} {reference:<20} vs {level:<7} ({played_by}): "
                    f"{m['rate']:.3f} [{m['low']:.3f}, {m['high']:.3f}] over {m['games']} games"
                    + (f", {m['errors']} errors" if m["errors"] else ""),
                    flush=True,
                )
            separated = all(measured[k]["high"] < measured[k - 1]["low"] for k in range(1, len(measured)))
            if args.write_presets:
                write_presets(
                    PRESETS,
                    game,
                    {
                        "reference": reference,
                        "players": players,
                        "mode": mode,
                        "design": "sides" if game in SIDES else ("solo" if players == 1 else "one seat"),
                        "seed": args.seed,
                        "games": games,
                        "command": command,
                        "wins": [m["wins"] for m in measured],
                        "rate": [round(m["rate"], 4) for m in measured],
                        "low": [round(m["low"], 4) for m in measured],
                        "high": [round(m["high"], 4) for m in measured],
                        "separated": separated,
                    },
                )
    if only:  # a partial rerun: the other games' rows stay as the last full run left them
        rows = _kept_rows(args.out / "levels.csv", only) + rows
        rows.sort(key=lambda row: [g for g, *_ in REFERENCE].index(row[0]))
    notes, series = _overlaps(rows, levels), _series(rows, levels)
    if only and len({row[0] for row in rows}) > len(only):
        notes.append(
            f"- Rows of games other than {', '.join(sorted(only))} are kept from an earlier run; "
            "each game's own command is in its `[GAME.calibration]` table in search/presets.toml."
        )
    write_table(
        args.out,
        "levels",
        HEADER,
        rows,
        "Difficulty presets: the reference player's win rate against each level",
        command,
        timer.seconds,
        (notes or ["Every level's interval lies wholly below the previous level's, in every game."])
        + [
            f"- The games of this run took {game_seconds / 60:.0f} core-minutes (the sum of their wall "
            f"times; finished games kept in --work are not replayed, so a resumed run is quicker)."
        ],
    )
    plot(
        args.out,
        "levels",
        series,
        "level",
        "reference win rate",
        "Reference win rate by preset level",
        xticks=levels,
    )


HEADER = [
    "game",
    "players",
    "reference",
    "level",
    "level bot",
    "iterations",
    "rollout depth",
    "temperature",
    "games",
    "reference wins",
    "reference win rate",
    "wilson low",
    "wilson high",
]


def _int_or_blank(text: str):
    """A search setting, blank for a level played by a rule-based bot."""
    return int(text) if text != "" else ""


_COLUMN_TYPES = [
    str,
    int,
    str,
    str,
    str,
    _int_or_blank,
    _int_or_blank,
    float,
    int,
    float,
    float,
    float,
    float,
]


def _kept_rows(path: Path, only: set[str]) -> list[list]:
    """The rows of levels.csv for games not being rerun, typed as this script writes them."""
    if not path.exists():
        return []
    with open(path, newline="", encoding="utf-8") as handle:
        table = list(csv.reader(handle))
    if not table or table[0] != HEADER:
        raise SystemExit(f"{path}: its header is not this script's; rerun every game instead of --only")
    return [
        [kind(value) for kind, value in zip(_COLUMN_TYPES, row, strict=False)]
        for row in table[1:]
        if row[0] not in only
    ]


def _by_game(rows: list[list], levels: list[str]) -> dict[tuple[str, int], list[list]]:
    games: dict[tuple[str, int], list[list]] = {}
    for row in rows:
        games.setdefault((row[0], row[1]), []).append(row)
    return {key: sorted(found, key=lambda row: levels.index(row[3])) for key, found in games.items()}


def _overlaps(rows: list[list], levels: list[str]) -> list[str]:
    notes = []
    for (game, _players), found in _by_game(rows, levels).items():
        for previous, row in pairwise(found):
            if not row[12] < previous[11]:
                notes.append(
                    f"- {game}: the intervals of {previous[3]} ({previous[11]:.3f}-{previous[12]:.3f}) "
                    f"and {row[3]} ({row[11]:.3f}-{row[12]:.3f}) overlap"
                )
    return notes


def _series(rows: list[list], levels: list[str]) -> dict:
    series = {}
    for (game, players), found in _by_game(rows, levels).items():
        series[f"{game} ({players} players)"] = (
            [levels.index(r[3]) for r in found],
            [r[10] for r in found],
            [r[11] for r in found],
            [r[12] for r in found],
        )
    return series


if __name__ == "__main__":
    main()
