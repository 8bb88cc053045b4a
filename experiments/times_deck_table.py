"""Table 1: Pulitzer solo, the win rate of the Post for every legal Times deck mix
(red, orange, yellow), played by the heuristic bot and by MCTS.

    python experiments/times_deck_table.py [--games 40] [--mcts-games 6] [--seed 1]
"""

from common import Timer, parser, plot, write_table

from automa.search.tune import evaluate, knob_settings


def main() -> None:
    p = parser(__doc__, games=40, seed=1)
    p.add_argument("--mcts-games", type=int, default=6, help="games per mix for the MCTS player")
    p.add_argument("--mcts", default="mcts:iterations=40", help="the search player's spec")
    args = p.parse_args()
    players = [("pulitzer-heuristic", args.games), (args.mcts, args.mcts_games)]
    rows, series = [], {}
    with Timer() as timer:
        for player, games in players:
            if games <= 0:
                continue
            xs, ys, lows, highs = [], [], [], []
            for index, setting in enumerate(knob_settings("pulitzer", "times_mix", player)):
                result = evaluate("pulitzer", setting, games, args.seed, index, jobs=args.jobs)
                low, high = result.interval
                rows.append(
                    [setting.label, int(setting.x), player, result.games, result.wins, result.rate, low, high]
                )
                xs.append(index), ys.append(result.rate), lows.append(low), highs.append(high)
                print(f"{player:<22} mix {setting.label:<6} {result.rate:.3f} [{low:.3f}, {high:.3f}]")
            series[player] = (xs, ys, lows, highs)
    labels = [s.label for s in knob_settings("pulitzer", "times_mix", "x")]
    command = (
        f"python experiments/times_deck_table.py --games {args.games} --mcts-games "
        f"{args.mcts_games} --mcts {args.mcts} --seed {args.seed}"
    )
    write_table(
        args.out,
        "times_deck",
        [
            "times_mix (r,o,y)",
            "difficulty 3r+2o+y",
            "player",
            "games",
            "wins",
            "win rate",
            "wilson low",
            "wilson high",
        ],
        rows,
        "Pulitzer solo: the Post's win rate for every Times deck mix",
        command,
        timer.seconds,
        ["Difficulty order 3*red + 2*orange + 1*yellow; intervals are Wilson 95%."],
    )
    plot(
        args.out,
        "times_deck",
        series,
        "Times deck mix (red,orange,yellow), easiest to hardest",
        "Post win rate",
        "Pulitzer solo: win rate by Times deck mix",
        xticks=labels,
    )


if __name__ == "__main__":
    main()
