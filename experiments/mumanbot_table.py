"""Table 2: Tabletop Inc., two seats: a reference player against the Mumanbot at each
level; the player's win rate and the Mumanbot's mean score.

    python experiments/mumanbot_table.py [--games 40] [--seed 3]
"""

from common import Timer, parser, plot, write_table

from automa.search import arena
from automa.search.stats import wilson_interval

LEVELS = ("easy", "normal", "hard", "extreme")


def main() -> None:
    p = parser(__doc__, games=40, seed=3)
    p.add_argument(
        "--players", default="tabletop-heuristic,ismcts:level=easy", help="comma-separated reference players"
    )
    args = p.parse_args()
    rows, series = [], {}
    with Timer() as timer:
        for player in [s for s in args.players.split(",") if s]:
            xs, ys, lows, highs = [], [], [], []
            for index, level in enumerate(LEVELS):
                bots = [player, f"mumanbot:{level}"]
                params = arena.resolve_params("tabletop_inc", 2, None, bots)
                tasks = arena.schedule("tabletop_inc", params, bots, args.games, args.seed + index)
                result = arena.run(tasks, None, jobs=args.jobs)
                ok = [r for r in result.records if r["status"] == "ok"]
                wins = 0.0
                bot_scores = []
                for r in ok:
                    me = r["seats"].index(player)
                    bot = 1 - me
                    if r["winners"]:
                        wins += (me in r["winners"]) / len(r["winners"])
                    bot_scores.append(r["scores"][bot][0])
                low, high = wilson_interval(wins, len(ok))
                mean_bot = sum(bot_scores) / len(bot_scores) if bot_scores else float("nan")
                rows.append([player, level, len(ok), wins, wins / len(ok), low, high, mean_bot])
                xs.append(index), ys.append(wins / len(ok)), lows.append(low), highs.append(high)
                print(
                    f"{player:<22} {level:<8} win {wins / len(ok):.3f} [{low:.3f}, {high:.3f}]"
                    f"  Mumanbot mean score {mean_bot:.1f}"
                )
            series[player] = (xs, ys, lows, highs)
    command = (
        f"python experiments/mumanbot_table.py --games {args.games} --seed {args.seed} "
        f"--players {args.players}"
    )
    write_table(
        args.out,
        "mumanbot",
        [
            "player",
            "Mumanbot level",
            "games",
            "wins",
            "win rate",
            "wilson low",
            "wilson high",
            "Mumanbot mean VP",
        ],
        rows,
        "Tabletop Inc.: reference players against the Mumanbot by level",
        command,
        timer.seconds,
    )
    plot(
        args.out,
        "mumanbot",
        series,
        "Mumanbot level",
        "player win rate",
        "Tabletop Inc. (2 seats): win rate against the Mumanbot",
        xticks=list(LEVELS),
    )


if __name__ == "__main__":
    main()
