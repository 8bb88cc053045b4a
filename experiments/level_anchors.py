"""Table 9: each difficulty level against the printed automata, so that a player can read
"normal plays about like the Normal Mumanbot": every level of Tabletop Inc. against every
Mumanbot level, and every level of Pulitzer's solo game against the default Times deck.

    python experiments/level_anchors.py [--games 100] [--seed 11] [--only tabletop_inc]
                                        [--against mumanbot:easy,mumanbot:normal] [--work DIR]

Each cell is the level's win rate (Wilson 95%) over the games `automa tournament` schedules
for the line-up (two-player cells rotate seats).  A level "plays about like" the automaton
level it beats closest to half the time.  Finished games are kept as JSONL in --work, so a
rerun resumes.  With --only, the other games' rows (and the commands that made them) are
kept from the published table.
"""

from __future__ import annotations

import csv
import re
from pathlib import Path

from common import Timer, parser, plot, write_table

from automa.search import arena
from automa.search.mcts import presets
from automa.search.stats import wilson_interval

#: (game, players, mode, [(automaton label, its seat spec or None for the engine's, game params)])
ANCHORS = [
    (
        "tabletop_inc",
        2,
        "standard",
        [(f"mumanbot:{lvl}", f"mumanbot:{lvl}", {}) for lvl in ("easy", "normal", "hard", "extreme")],
    ),
    ("pulitzer", 1, "solo", [("the Times deck (3,3,2)", None, {"times_mix": (3, 3, 2)})]),
]


def level_rate(
    game: str,
    players: int,
    mode: str,
    level: str,
    automaton: str | None,
    params: dict,
    games: int,
    seed: int,
    jobs: int,
    work: Path,
) -> tuple[float, int]:
    spec = f"level:{level}"
    bots = [spec] if automaton is None else [spec, automaton]
    resolved = arena.resolve_params(game, players, mode, bots, params)
    tasks = arena.schedule(game, resolved, bots, games, seed)
    out = work / f"{game}-{level}-{(automaton or 'solo').replace(':', '_')}-{games}-{seed}.jsonl"
    records = [r for r in arena.run(tasks, out, jobs=jobs, resume=True).records if r.get("status") != "error"]
    wins = sum(
        arena.win_credit(r, [s for s, x in enumerate(r["seats"]) if x == spec], False) for r in records
    )
    return wins, len(records)


def reading(cells: list) -> str:
    """Where one level sits among the automata, from its cells (rows of one game and level)."""

    def won(r):
        return f"{r[2]} (wins {r[5]:.2f}, 95% {r[6]:.2f}-{r[7]:.2f})"

    even = [r for r in cells if r[6] <= 0.5 <= r[7]]
    if even:
        near = min(even, key=lambda r: abs(r[5] - 0.5))
        return (
            f"plays about like {near[2]} (wins {near[5]:.2f} of its games against it, "
            f"95% {near[6]:.2f}-{near[7]:.2f})"
        )
    beaten = [r for r in cells if r[5] > 0.5]
    beating = [r for r in cells if r[5] < 0.5]
    if beaten and beating:
        return (
            f"plays between {won(min(beaten, key=lambda r: r[5]))} and "
            f"{won(max(beating, key=lambda r: r[5]))}"
        )
    side, near = (
        ("stronger", min(beaten, key=lambda r: r[5]))
        if beaten
        else ("weaker", max(beating, key=lambda r: r[5]))
    )
    return f"is {side} than every automaton measured; nearest {won(near)}"


def kept_rows(out: Path, games_run: set[str]) -> tuple[list, dict[str, str]]:
    """The rows, and the commands that made them, of the games this run does not play, read
    back from the published table: `--only` reruns one game without losing the others."""
    csv_path, md_path = out / "level_anchors.csv", out / "level_anchors.md"
    if not csv_path.exists():
        return [], {}
    with open(csv_path, newline="", encoding="utf-8") as handle:
        rows = [
            [r[0], r[1], r[2], int(r[3]), float(r[4]), *map(float, r[5:8])]
            for r in list(csv.reader(handle))[1:]
            if r[0] not in games_run
        ]
    commands = {}
    text = md_path.read_text(encoding="utf-8") if md_path.exists() else ""
    for command in re.findall(r"`(python experiments/level_anchors\.py[^`]*)`", text):
        only = re.search(r"--only (\S+)", command)
        for game in only.group(1).split(",") if only else [a[0] for a in ANCHORS]:
            commands[game] = command
    kept = {r[0] for r in rows}
    return rows, {g: c for g, c in commands.items() if g in kept}


def main() -> None:
    p = parser(__doc__, games=100, seed=11)
    p.add_argument("--only", default="", help="comma-separated game names")
    p.add_argument("--against", default="", help="comma-separated automata labels to measure (default: all)")
    p.add_argument("--work", type=Path, default=Path("anchor-games"), help="folder for finished games")
    args = p.parse_args()
    only = {g for g in args.only.split(",") if g}
    against = {a for a in args.against.split(",") if a}
    args.work.mkdir(parents=True, exist_ok=True)
    levels = presets()["levels"]
    run = [a for a in ANCHORS if not only or a[0] in only]
    rows, kept_commands = kept_rows(args.out, {a[0] for a in run})
    with Timer() as timer:
        for game, players, mode, automata in run:
            for label, seat_spec, params in automata:
                if against and label not in against:
                    continue
                for level in levels:
                    wins, played = level_rate(
                        game,
                        players,
                        mode,
                        level,
                        seat_spec,
                        params,
                        args.games,
                        args.seed,
                        args.jobs,
                        args.work,
                    )
                    low, high = wilson_interval(wins, played)
                    rows.append([game, level, label, played, wins, wins / played, low, high])
                    print(
                        f"{game:<13} level:{level:<7} vs {label:<22} {wins / played:.3f} [{low:.3f}, "
                        f"{high:.3f}]",
                        flush=True,
                    )
    order = [a[0] for a in ANCHORS]
    rows.sort(key=lambda r: order.index(r[0]))
    series, readings = {}, []
    for game in dict.fromkeys(r[0] for r in rows):
        for r in rows:
            if r[0] == game:
                xs, ys, lows, highs = series.setdefault(f"{game} vs {r[2]}", ([], [], [], []))
                xs.append(levels.index(r[1])), ys.append(r[5]), lows.append(r[6]), highs.append(r[7])
        for level in levels:
            readings.append(
                f"- {game}: `level:{level}` " + reading([r for r in rows if r[0] == game and r[1] == level])
            )
    command = (
        f"python experiments/level_anchors.py --games {args.games} --seed {args.seed}"
        + (f" --only {args.only}" if args.only else "")
        + (f" --against {args.against}" if args.against else "")
    )
    kept = [f"Rows of {game} are kept from an earlier run: `{c}`." for game, c in kept_commands.items()]
    write_table(
        args.out,
        "level_anchors",
        ["game", "level", "automaton", "games", "level wins", "level win rate", "wilson low", "wilson high"],
        rows,
        "Difficulty levels against the printed automata",
        command,
        timer.seconds,
        kept
        + [
            "A level plays about like an automaton when its win rate against it could be one half (the "
            "interval holds 0.5):"
        ]
        + readings,
    )
    plot(
        args.out,
        "level_anchors",
        series,
        "level",
        "level win rate",
        "Levels against the printed automata",
        xticks=levels,
    )


if __name__ == "__main__":
    main()
