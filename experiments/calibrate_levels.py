"""Table 5: the difficulty presets `ismcts:level=easy|normal|hard|expert` (search/presets.toml)
against a fixed reference player per game: the reference's win rate must fall level by level.

    python experiments/calibrate_levels.py [--games 30] [--seed 9] [--only pi,watergate]
"""
from common import Timer, parser, plot, write_table

from search import arena
from search.mcts import presets
from search.tune import Setting, evaluate

REFERENCE = [  # (game, players, mode, reference player)
    ("pi", 2, None, "deducer"),
    ("watergate", 2, None, "watergate-heuristic"),
    ("pulitzer", 2, "two-player", "pulitzer-heuristic"),
    ("tabletop_inc", 2, None, "tabletop-heuristic"),
    ("salem", 5, None, "salem-heuristic"),
]


def main() -> None:
    p = parser(__doc__, games=30, seed=9)
    p.add_argument("--only", default="", help="comma-separated game names")
    args = p.parse_args()
    only = {g for g in args.only.split(",") if g}
    levels = presets()["levels"]
    rows, series, notes = [], {}, []
    with Timer() as timer:
        for game, players, mode, reference in REFERENCE:
            if only and game not in only:
                continue
            xs, ys, lows, highs = [], [], [], []
            previous = None
            for k, level in enumerate(levels):
                spec = f"ismcts:level={level}"
                bots = (reference,) + (spec,) * (players - 1)
                params = arena.resolve_params(game, players, mode, bots)
                result = evaluate(game, Setting(level, k, params, bots), args.games, args.seed, k,
                                  jobs=args.jobs)
                games, wins, rate = result.games, result.wins, result.rate
                low, high = result.interval
                iterations = presets()["games"].get(game, presets()["games"]["default"])[level]
                rows.append([game, players, reference, level, iterations, int(games), wins, rate, low, high])
                xs.append(k), ys.append(rate), lows.append(low), highs.append(high)
                if previous is not None and not high < previous[0]:
                    notes.append(f"- {game}: the intervals of {levels[k - 1]} and {level} overlap "
                                 f"({previous[0]:.3f}-{previous[1]:.3f} vs {low:.3f}-{high:.3f})")
                previous = (low, high)
                print(f"{game:<13} {reference:<20} vs {level:<7} ({iterations:>5} it): "
                      f"{rate:.3f} [{low:.3f}, {high:.3f}]")
            series[f"{game} ({reference})"] = (xs, ys, lows, highs)
    command = f"python experiments/calibrate_levels.py --games {args.games} --seed {args.seed}"
    write_table(args.out, "levels", ["game", "players", "reference", "level", "ismcts iterations",
                                     "games", "reference wins", "reference win rate", "wilson low",
                                     "wilson high"], rows,
                "Difficulty presets: the reference player's win rate against each level",
                command, timer.seconds, notes or ["Every level's interval lies wholly below the previous level's."])
    plot(args.out, "levels", series, "level", "reference win rate", "Reference win rate by preset level",
         xticks=levels)


if __name__ == "__main__":
    main()
