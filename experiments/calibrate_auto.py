"""Calibration curves for `auto` difficulty (issue #48): the reference player's win rate at
every setting of each knob that `automa.adapt` serves, on seeds no tuning run used (root
seed 48048 unless given), each point with its Wilson 95% interval.  Writes each game's
`calibration.toml` (beside its data/ folder) (the data `automa.adapt` reads) and
`experiments/results/calibration_auto.{md,csv}`.

Knobs measured (reference player in brackets):
  pulitzer      times_mix: every legal Times deck mix (level:expert); the default (3,3,2)
                gets --default-games games, the others --games
  tabletop_inc  mumanbot: easy..extreme, two seats, seats rotating (tabletop-heuristic: the
                expert costs about 20 s a game, too slow for four levels here)
  pi            the designed Investigator deck's knob, settings 0-2 (level:normal, the player
                the deck was designed against)
  pi-level      P.I.'s `level:` ladder, two players, seats rotating (pi-expert, the reference
                of the levels' own calibration in search/presets.toml), into
                `calibration_level.toml`
  watergate-level, salem-level, tabletop_inc-level
                the same for the other games' `level:` ladders: the reference, player count
                and mode of the game's `[GAME.calibration]` in search/presets.toml
                (watergate-expert:iterations=120, two players; salem-expert, six players;
                tabletop-heuristic, two players), into `rules/<game>/calibration_level.toml`.
                Two-player games rotate seats; Salem is measured side against side as its
                presets calibration is (design "sides": the level's bot holds every seat
                dealt a Witch card and the reference the rest, then the same deal with the
                sides swapped; one bot among five barely moves its side's result).
                `--level-games-for salem=120` sets one game's count (default --level-games;
                Tabletop Inc.'s expert level costs about 40 s a game here)

Every point's seeds follow from the root seed and the point's place in the full list (points()),
whatever --only picks, so a group measured alone plays the games a full run would.
"""

from __future__ import annotations

import csv
import sys
from dataclasses import dataclass
from pathlib import Path

from common import Timer, games_for as parse_games_for, parser, write_table

from automa.rules.core import game_class, load_game
from automa.rules.pulitzer.auto import legal_times_mixes, times_mix_difficulty
from automa.search import arena
from automa.search.mcts import presets
from automa.search.stats import fit_logistic, wilson_interval

WORK = Path("/tmp/adapt-work")


@dataclass
class Point:
    game: str
    knob: str
    label: str
    x: float
    reference: str
    params: dict
    seats: tuple
    rotation: str
    games: int
    player_seats: tuple = (0,)  # positions in the line-up that are the reference
    group: str = ""  # the --only name that measures it
    design: str = "one seat"  # "sides": Salem's side-against-side design (calibrate_levels.side_tasks)


#: `--only` groups for the other games' `level:` ladders (P.I.'s is "pi-level"), in the order
#: their points follow the others (their seeds depend on it)
LEVEL_GROUPS = ("watergate", "salem", "tabletop_inc")
GROUPS = ("pulitzer", "tabletop_inc", "pi", "pi-level") + tuple(f"{g}-level" for g in LEVEL_GROUPS)


def points(args) -> list[Point]:
    """Every point of every group, in a fixed order (a point's seeds follow its index)."""
    out = []
    for group, make in (
        ("pulitzer", _pulitzer),
        ("tabletop_inc", _tabletop_inc),
        ("pi", _pi),
        ("pi-level", _pi_level),
    ) + tuple((f"{g}-level", _level_points(g)) for g in LEVEL_GROUPS):
        for point in make(args):
            point.group = group
            out.append(point)
    return out


def _pulitzer(args) -> list[Point]:
    out = []
    params = load_game("pulitzer", mode="solo", players=1).params.to_json()
    mixes = sorted(legal_times_mixes(), key=lambda m: (times_mix_difficulty(m), m))
    for m in mixes:
        n = args.default_games if tuple(m) == (3, 3, 2) else args.games
        out.append(
            Point(
                "pulitzer",
                "times_mix",
                ",".join(map(str, m)),
                times_mix_difficulty(m),
                "level:expert",
                {**params, "times_mix": list(m)},
                ("level:expert",),
                "rotate",
                n,
            )
        )
    return out


def _tabletop_inc(args) -> list[Point]:
    out = []
    params = load_game("tabletop_inc", players=2).params.to_json()
    for i, lvl in enumerate(("easy", "normal", "hard", "extreme")):
        out.append(
            Point(
                "tabletop_inc",
                "mumanbot",
                lvl,
                i,
                "tabletop-heuristic",
                params,
                ("tabletop-heuristic", f"mumanbot:{lvl}"),
                "rotate",
                args.mumanbot_games,
            )
        )
    return out


def _pi(args) -> list[Point]:
    out = []
    params = load_game("pi", players=2).params.to_json()
    for k in range(3):
        out.append(
            Point(
                "pi",
                "pi-investigator",
                str(k),
                k,
                "level:normal",
                params,
                ("level:normal", f"automaton:pi-investigator,knob={k}"),
                "fixed",
                args.deck_games,
            )
        )
    return out


def _pi_level(args) -> list[Point]:
    out = []
    params = load_game("pi", players=2).params.to_json()
    for i, lvl in enumerate(("easy", "normal", "hard", "expert")):
        out.append(
            Point(
                "pi",
                "level",
                lvl,
                i,
                "pi-expert",
                params,
                ("pi-expert", f"level:{lvl}"),
                "rotate",
                args.level_games,
            )
        )
    return out


def _level_points(game: str):
    """The `level:` ladder of `game` against its presets calibration's reference, at its
    player count and mode (Salem side against side, as there)."""

    def make(args) -> list[Point]:
        calib = presets()["calibration"][game]
        reference, players, mode = calib["reference"], calib["players"], calib.get("mode", "standard")
        design = calib.get("design", "one seat")
        games = args.level_games_for.get(game, args.level_games)
        out = []
        for i, lvl in enumerate(presets()["levels"]):
            spec = f"level:{lvl}"
            seats = (reference,) * (players - 1) + (spec,)
            params = arena.resolve_params(game, players, mode, seats)
            out.append(Point(game, "level", lvl, i, reference, params, seats, "rotate", games, design=design))
        return out

    return make


def measure(point: Point, index: int, seed: int, jobs: int) -> tuple[float, int, int]:
    setting_seed = arena._seed_from(seed, 3, index)
    out = WORK / f"calib-{point.game}-{point.knob}-{point.label.replace(',', '')}.jsonl"
    if point.design == "sides":
        from calibrate_levels import reference_side_wins, side_tasks

        reference, spec = point.seats[0], point.seats[-1]
        tasks = side_tasks(point.game, point.params, reference, spec, point.games, setting_seed)
        run = arena.run(tasks, out, jobs=jobs, resume=True)
        return reference_side_wins(run.records, reference, load_game(point.game, **point.params))
    tasks = arena.schedule(
        point.game, point.params, list(point.seats), point.games, setting_seed, rotation=point.rotation
    )
    run = arena.run(tasks, out, jobs=jobs, resume=True)
    team = arena.team_wins(run.records)
    orders = arena.seatings(len(point.seats), point.rotation)
    wins, games, errors = 0.0, 0, 0
    for r in run.records:
        if r.get("status") == "error":
            errors += 1
            continue
        order = orders[r["seating"]]
        mine = [s for s in range(len(point.seats)) if order[s] == 0]
        games += 1
        wins += arena.win_credit(r, mine, team)
    return wins, games, errors


def toml_file(game: str, rows: list[tuple[Point, float, int]], command: str, seed: int) -> str:
    knob = rows[0][0].knob
    ref = rows[0][0].reference
    lines = [
        f"# {game}: the reference player's win rate at every setting of the `{knob}` knob, the",
        "# curve `auto` difficulty (automa/adapt.py) places each setting's difficulty by.",
        f"# Measured on seeds no tuning run used (root seed {seed}); Wilson 95% intervals.",
        f"# Made by: {command}",
        "",
        f'knob = "{knob}"',
        f'reference = "{ref}"',
        f'command = "{command}"',
        f"seed = {seed}",
    ]
    if knob == "times_mix":
        fit = fit_logistic([p.x for p, _, _ in rows], [w for _, w, _ in rows], [g for _, _, g in rows])
        lines += [
            "# difficulty axis: 3*red + 2*orange + yellow; `fit` is the logistic fit of the",
            "# reference's wins along it, win = 1/(1+exp(-(intercept + slope*x))), which `auto`",
            "# uses instead of each mix's own (noisier) rate",
            f"fit = {{ intercept = {fit.intercept:.5f}, slope = {fit.slope:.6f} }}",
        ]
    for p, w, g in rows:
        lo, hi = wilson_interval(w, g)
        lines += [
            "",
            "[[settings]]",
            f'label = "{p.label}"',
            f"x = {p.x}",
            f"games = {g}",
            f"wins = {w}",
            f"rate = {w / g:.4f}",
            f"low = {lo:.4f}",
            f"high = {hi:.4f}",
        ]
    return "\n".join(lines) + "\n"


def _merged(args, table: list[list]) -> list[list]:
    """This run's rows with the earlier rows of the groups it did not measure (read back from
    the table's csv), in the order of the full list of points."""
    path = args.out / "calibration_auto.csv"
    new = {tuple(row[:3]): row for row in table}
    old = {}
    if path.exists():
        with open(path, newline="", encoding="utf-8") as handle:
            for row in list(csv.reader(handle))[1:]:
                kinds = (str, str, str, str, int, float, float, float, float, int)
                old[tuple(row[:3])] = [kind(v) for kind, v in zip(kinds, row, strict=True)]
    out = []
    for point in points(args):
        key = (point.game, point.knob, point.label)
        if key in new or key in old:
            out.append(new.get(key) or old[key])
    return out


def main() -> None:
    p = parser(__doc__.splitlines()[0], games=200, seed=48048)
    p.add_argument("--default-games", type=int, default=800)
    p.add_argument("--mumanbot-games", type=int, default=300)
    p.add_argument("--deck-games", type=int, default=400)
    p.add_argument("--level-games", type=int, default=300)
    p.add_argument("--level-games-for", default="", help="GAME=N,...: games per level for one game's ladder")
    p.add_argument("--only", default=",".join(GROUPS), help=f"groups among {', '.join(GROUPS)}")
    args = p.parse_args()
    args.only = args.only.split(",")
    unknown = set(args.only) - set(GROUPS)
    if unknown:
        p.error(f"--only: unknown {', '.join(sorted(unknown))}; choose among {', '.join(GROUPS)}")
    args.level_games_for = parse_games_for(p, args.level_games_for)
    WORK.mkdir(exist_ok=True)
    command = "python experiments/calibrate_auto.py " + " ".join(sys.argv[1:])
    table = []
    per_game: dict[str, list] = {}
    with Timer() as timer:
        for i, point in enumerate(points(args)):
            if point.group not in args.only:
                continue
            wins, games, errors = measure(point, i, args.seed, args.jobs)
            lo, hi = wilson_interval(wins, games)
            print(
                f"{point.game} {point.knob} {point.label}: {wins}/{games} = {wins / games:.3f} "
                f"[{lo:.3f}, {hi:.3f}] errors {errors}",
                flush=True,
            )
            table.append(
                [
                    point.game,
                    point.knob,
                    point.label,
                    point.reference,
                    games,
                    wins,
                    wins / games,
                    lo,
                    hi,
                    errors,
                ]
            )
            per_game.setdefault((point.game, point.knob), []).append((point, wins, games))
    for (game, knob), rows in per_game.items():
        # beside data/, not in it: the rules hash records carry covers data/ alone, and a
        # re-measured curve changes no rule
        name = "calibration_level.toml" if knob == "level" else "calibration.toml"
        path = Path(sys.modules[game_class(game).__module__].__file__).parent / name
        path.write_text(toml_file(game, rows, command, args.seed), encoding="utf-8")
        print("wrote", path)
    table = _merged(args, table)
    write_table(
        args.out,
        "calibration_auto",
        [
            "game",
            "knob",
            "setting",
            "reference",
            "games",
            "wins",
            "win rate",
            "wilson low",
            "wilson high",
            "errors",
        ],
        table,
        "Calibration curves for auto difficulty: the reference player at every setting",
        command,
        timer.seconds,
        notes=[
            "Seeds: root 48048, never used by a tuning run or another experiment "
            "(those used roots 0-11, 1001 and 1002).",
            "Each game's rows are also its `rules/<game>/calibration.toml`, which `automa/adapt.py` reads.",
            "Pulitzer: `auto` places each mix by the logistic fit of these rows along "
            "3*red + 2*orange + yellow (in the toml), not by the mix's own rate: the mixes of one "
            "value differ by less than their noise. Win rates are the player's (the reference's).",
            "Tabletop Inc.: the reference is `tabletop-heuristic`, not the expert `automa tune` "
            "used in tuning/ (about 20 s a game, too slow for four levels here). P.I.: the "
            "reference is `level:normal`, the player the Investigator deck was designed against; "
            "the rows are its win rate against the deck (the deck's rate is one minus it).",
            "P.I. level rows: `pi-expert` against a seat of each level, two players, seats rotating "
            "(the design of the levels' own calibration in search/presets.toml, on fresh seeds); "
            "`level:auto` in P.I. reads them from `rules/pi/calibration_level.toml`.",
            "Watergate and Salem level rows: the same, with each game's presets reference and player "
            "count (`watergate-expert:iterations=120`, two players, seats rotating; `salem-expert`, six "
            "players, side against side as in presets.toml: the level's bot holds every seat dealt a "
            "Witch card and the reference the rest, then the same deal with the sides swapped; the "
            "rate is the reference's side's). `level:auto` reads them from "
            "`rules/<game>/calibration_level.toml`.",
            "Tabletop Inc. level rows: `tabletop-heuristic` against a seat of each level, two players, "
            "seats rotating (the design of the levels' own calibration in search/presets.toml, on "
            "fresh seeds); `level:auto` reads them from `rules/tabletop_inc/calibration_level.toml`.",
        ],
    )


if __name__ == "__main__":
    main()
