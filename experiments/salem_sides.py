"""Table 6: Salem side against side: how much each bot beats a side of random players.

    python experiments/salem_sides.py [--games 32] [--seed 11] [--players 4]
                                      [--specs "ismcts:iterations=100,rollout_depth=6;..."]

The bot holds every seat dealt a Witch card and random players the rest, then the same
deal again with the sides swapped (calibrate_levels.side_tasks), so the deal's luck and the
Witches' or town's edge cancel.  It is why Salem's difficulty levels are played by the
rule-based player: no affordable search is clearly stronger against random play, and the
search costs seconds a game where the rule-based player costs milliseconds.
"""

from calibrate_levels import reference_side_wins, side_tasks
from common import Timer, parser, plot, write_table

from automa.rules.core import load_game
from automa.search import arena
from automa.search.stats import wilson_interval

SPECS = [
    "salem-heuristic",
    "ismcts:iterations=100,rollout_depth=6",
    "ismcts:iterations=300,rollout_depth=6",
    "ismcts:iterations=1000,rollout_depth=6",
]
BASELINE = "random"


def main() -> None:
    p = parser(__doc__, games=32, seed=11)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--specs", default=";".join(SPECS), help="bot specs separated by ';'")
    args = p.parse_args()
    if args.games % 2:
        p.error("--games must be even: every deal is played once with the sides swapped")
    rows = []
    with Timer() as timer:
        for spec in filter(None, (s.strip() for s in args.specs.split(";"))):
            params = arena.resolve_params("salem", args.players, "standard", (BASELINE, spec))
            tasks = side_tasks("salem", params, BASELINE, spec, args.games, args.seed)
            result = arena.run(tasks, None, jobs=args.jobs)
            baseline_wins, games, errors = reference_side_wins(
                result.records, BASELINE, load_game("salem", **params)
            )
            wins = games - baseline_wins
            low, high = wilson_interval(wins, games)
            cpu = sum(r.get("wall_time", 0.0) for r in result.records)
            rows.append(
                [
                    spec,
                    args.players,
                    games,
                    wins,
                    wins / games if games else 0.0,
                    low,
                    high,
                    round(cpu / max(1, games), 1),
                ]
            )
            print(
                f"{spec:<40} side wins {wins:g}/{games} [{low:.2f}, {high:.2f}]"
                + (f", {errors} errors" if errors else "")
                + f"  ({cpu / 60:.1f} core-min)",
                flush=True,
            )
    command = (
        f"python experiments/salem_sides.py --games {args.games} --seed {args.seed} --players {args.players}"
    )
    write_table(
        args.out,
        "salem_sides",
        [
            "bot side",
            "players",
            "games",
            "wins",
            "win rate",
            "wilson low",
            "wilson high",
            "core-seconds per game",
        ],
        rows,
        f"Salem: a side of each bot against a side of {BASELINE} players",
        command,
        timer.seconds,
        [
            "- A game is a win for the bot when its side (Witches or town) wins; a draw counts half.",
            "- Each deal is played twice, the bot on the Witch side and then on the town side.",
        ],
    )
    plot(
        args.out,
        "salem_sides",
        {
            f"against {BASELINE} ({args.players} players)": (
                list(range(len(rows))),
                [r[4] for r in rows],
                [r[5] for r in rows],
                [r[6] for r in rows],
            )
        },
        "bot",
        "side win rate",
        "Salem: side against a random side",
        xticks=[_short(r[0]) for r in rows],
    )


def _short(spec: str) -> str:
    """'ismcts:iterations=300,rollout_depth=6' -> 'ismcts 300 it, depth 6' (a plot label)."""
    return spec.replace(":iterations=", " ").replace(",rollout_depth=", " it, depth ")


if __name__ == "__main__":
    main()
