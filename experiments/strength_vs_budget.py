"""Table 3: search strength against budget, per game: the win rate of `ismcts:iterations=N`
against the game's reference bot, seats rotating (Pulitzer solo: against the Times).

    python experiments/strength_vs_budget.py [--games 20] [--budgets 10,50,200] [--seed 5]
                                             [--rollout-depth 6]

Playouts stop after --rollout-depth moves and are scored by the game's heuristic (as the
difficulty presets do); -1 plays them out to the end with random moves.
"""

from common import Timer, parser, plot, write_table

from automa.search import arena
from automa.search.tune import Setting, evaluate

CONFIGS = [  # (game, params, reference opponent or None for an automaton game)
    ("pi", {"players": 2}, "deducer"),
    ("watergate", {"players": 2}, "watergate-heuristic"),
    ("pulitzer", {"mode": "solo", "players": 1}, None),
    ("tabletop_inc", {"players": 2}, "tabletop-heuristic"),
    ("salem", {"players": 5}, "salem-heuristic"),
]


def main() -> None:
    p = parser(__doc__, games=20, seed=5)
    p.add_argument("--budgets", default="10,50,200")
    p.add_argument(
        "--rollout-depth",
        type=int,
        default=6,
        help="cut playouts after this many moves and score them by the heuristic (-1: never)",
    )
    p.add_argument("--only", default="", help="comma-separated game names")
    args = p.parse_args()
    budgets = [int(b) for b in args.budgets.split(",")]
    only = {g for g in args.only.split(",") if g}
    rows, series = [], {}
    with Timer() as timer:
        for game, params, reference in CONFIGS:
            if only and game not in only:
                continue
            xs, ys, lows, highs = [], [], [], []
            for k, budget in enumerate(budgets):
                spec = f"ismcts:iterations={budget},rollout_depth={args.rollout_depth}"
                n = params["players"]
                bots = (spec,) + ((reference,) * (n - 1) if reference else ())
                full = arena.resolve_params(game, n, params.get("mode"), bots)
                result = evaluate(
                    game, Setting(spec, budget, full, bots), args.games, args.seed, k, jobs=args.jobs
                )
                games, wins, rate = result.games, result.wins, result.rate
                low, high = result.interval
                label = f"{game} {n}p" + (f" vs {reference}" if reference else " vs the Times")
                rows.append(
                    [game, n, reference or "Times (automaton)", budget, int(games), wins, rate, low, high]
                )
                xs.append(k), ys.append(rate), lows.append(low), highs.append(high)
                print(f"{label:<40} ismcts {budget:>5}: {rate:.3f} [{low:.3f}, {high:.3f}]")
            series[f"{game}"] = (xs, ys, lows, highs)
    command = (
        f"python experiments/strength_vs_budget.py --games {args.games} --budgets {args.budgets} "
        f"--seed {args.seed} --rollout-depth {args.rollout_depth}"
    )
    write_table(
        args.out,
        "strength_vs_budget",
        [
            "game",
            "players",
            "opponent",
            "ismcts iterations",
            "games",
            "wins",
            "win rate",
            "wilson low",
            "wilson high",
        ],
        rows,
        "Search strength against budget (ISMCTS against each game's reference)",
        command,
        timer.seconds,
    )
    plot(
        args.out,
        "strength_vs_budget",
        series,
        "ISMCTS iterations per decision",
        "win rate",
        "ISMCTS win rate by budget",
        xticks=[str(b) for b in budgets],
    )


if __name__ == "__main__":
    main()
