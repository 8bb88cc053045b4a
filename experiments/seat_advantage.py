"""Table 4: seat advantage per game: one bot in every seat, win rate by seat.

python experiments/seat_advantage.py [--games 100] [--seed 7]
"""

from common import Timer, parser, plot, write_table

from automa.search import arena

CONFIGS = [
    ("pi", 4, "deducer"),
    ("watergate", 2, "watergate-heuristic"),
    ("pulitzer", 4, "pulitzer-heuristic"),
    ("tabletop_inc", 4, "tabletop-heuristic"),
    ("salem", 6, "salem-heuristic"),
]


def main() -> None:
    p = parser(__doc__, games=100, seed=7)
    p.add_argument("--only", default="", help="comma-separated game names")
    args = p.parse_args()
    only = {g for g in args.only.split(",") if g}
    rows, series = [], {}
    with Timer() as timer:
        for game, players, bot in CONFIGS:
            if only and game not in only:
                continue
            params = arena.resolve_params(game, players, None, [bot])
            tasks = arena.schedule(game, params, [bot], args.games, args.seed, duplicate=False)
            result = arena.run(tasks, None, jobs=args.jobs)
            report = arena.summarize(result.records, bootstrap=0)
            xs, ys, lows, highs = [], [], [], []
            for seat in report.seats:
                s = int(seat.bot.split()[1])
                rows.append(
                    [
                        game,
                        players,
                        bot,
                        s,
                        seat.games,
                        seat.wins,
                        seat.win_rate,
                        seat.low,
                        seat.high,
                        seat.mean_score,
                    ]
                )
                xs.append(s), ys.append(seat.win_rate), lows.append(seat.low), highs.append(seat.high)
            series[f"{game} ({bot})"] = (xs, ys, lows, highs)
            print(arena.format_report(report))
    command = f"python experiments/seat_advantage.py --games {args.games} --seed {args.seed}"
    write_table(
        args.out,
        "seat_advantage",
        [
            "game",
            "players",
            "bot in every seat",
            "seat",
            "games",
            "wins",
            "win rate",
            "wilson low",
            "wilson high",
            "mean score",
        ],
        rows,
        "Seat advantage (self-play, one bot in every seat)",
        command,
        timer.seconds,
        [
            "Wins are counted as the tournament report counts them: a tie is split equally among the seats "
            "that share first place; in Salem every seat of the winning side has won."
        ],
    )
    plot(args.out, "seat_advantage", series, "seat", "win rate", "Seat advantage in self-play")


if __name__ == "__main__":
    main()
