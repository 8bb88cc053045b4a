"""Salem: a side of `salem-expert` against a side of `salem-heuristic`, as the Witches and
as the town, and the expert's time per move.

    python experiments/salem_expert.py [--games 400] [--seed 1] [--players 6]
                                       [--expert salem-expert] [--reference salem-heuristic]

The side design of calibrate_levels.side_tasks: the bot under test holds every seat dealt a
Witch card and the reference the rest, then the same deal again with the sides swapped, so
each deal's luck cancels between the two rows.
"""

import statistics
import time

from calibrate_levels import initial_witch_seats, side_tasks
from common import Timer, parser, write_table

from automa.rules.core import load_game
from automa.search import arena
from automa.search.bots import make_bot
from automa.search.stats import wilson_interval


def side_rates(records: list[dict], spec: str, game) -> dict[str, list[float]]:
    """{'witches': [wins, games], 'town': [wins, games]} of the side `spec` played; a draw
    counts half."""
    tally = {"witches": [0.0, 0], "town": [0.0, 0]}
    for record in records:
        if record.get("status") == "error":
            continue
        witches = initial_witch_seats(game, record["seed"])
        is_witch = any(s in witches for s, name in enumerate(record["seats"]) if name == spec)
        reason = record.get("reason", "")
        won = 0.5 if reason.startswith("draw") else float(reason.startswith("witches win") == is_witch)
        row = tally["witches" if is_witch else "town"]
        row[0] += won
        row[1] += 1
    return tally


def move_times(spec: str, params: dict, games: int, seed: int) -> list[float]:
    """Seconds per decision of `spec` holding every seat, over `games` games."""
    game = load_game("salem", **params)
    times = []
    for index in range(games):
        state = game.new_initial_state(seed + index)
        bots = [make_bot(spec, game, seed=1000 * index + s) for s in range(game.num_players)]
        while not state.is_terminal():
            seat = state.current_player()
            start = time.perf_counter()
            action = bots[seat].act(state, seat)
            times.append(time.perf_counter() - start)
            state.apply_action(action)
    return times


def main() -> None:
    p = parser(__doc__, games=400, seed=1)
    p.add_argument("--players", type=int, default=6)
    p.add_argument("--expert", default="salem-expert")
    p.add_argument("--reference", default="salem-heuristic")
    p.add_argument("--timing-games", type=int, default=10)
    args = p.parse_args()
    if args.games % 2:
        p.error("--games must be even: every deal is played once with the sides swapped")
    params = arena.resolve_params("salem", args.players, "standard", (args.reference, args.expert))
    game = load_game("salem", **params)
    with Timer() as timer:
        tasks = side_tasks("salem", params, args.reference, args.expert, args.games, args.seed)
        result = arena.run(tasks, None, jobs=args.jobs)
        tally = side_rates(result.records, args.expert, game)
        times = move_times(args.expert, params, args.timing_games, args.seed) if args.timing_games else [0.0]
    rows = []
    for side, (wins, games) in tally.items():
        low, high = wilson_interval(wins, games)
        rows.append(
            [
                args.expert,
                side,
                args.reference,
                games,
                wins,
                round(wins / max(1, games), 3),
                round(low, 3),
                round(high, 3),
            ]
        )
        print(
            f"{args.expert} as {side:<8} vs {args.reference}: {wins:g}/{games} = "
            f"{wins / max(1, games):.3f} [{low:.3f}, {high:.3f}]",
            flush=True,
        )
    median_ms, max_ms = 1000 * statistics.median(times), 1000 * max(times)
    print(f"time per move over {len(times)} moves: median {median_ms:.2f} ms, max {max_ms:.1f} ms")
    command = (
        f"python experiments/salem_expert.py --games {args.games} --seed {args.seed} "
        f"--players {args.players} --expert '{args.expert}' --reference '{args.reference}'"
    )
    write_table(
        args.out,
        "salem_expert",
        ["bot side", "plays", "against", "games", "wins", "win rate", "wilson low", "wilson high"],
        rows,
        f"Salem, {args.players} players: a side of {args.expert} against a side of {args.reference}",
        command,
        timer.seconds,
        [
            f"- Time per move of {args.expert} (every seat, {args.timing_games} games): median "
            f"{median_ms:.2f} ms, max {max_ms:.1f} ms.",
            "- Each deal is played twice, the bot on the Witch side and then on the town side; "
            "a draw counts half.",
        ],
    )


if __name__ == "__main__":
    main()
