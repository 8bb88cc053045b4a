"""Table 8: Watergate, the expert against the heuristic player, side by side: win rate as
the Editor and as Nixon with its Wilson 95% interval, and the expert's time per move.

    python experiments/watergate_strength.py [--games 200] [--seed 1] [--jobs 1]
        [--bots 'watergate-expert;watergate-heuristic'] [--opponent watergate-heuristic]
        [--work DIR]

Bot specs are separated by ';' (a spec's own settings use commas).  Every row pair is
the tournament `automa tournament watergate --bots 'SPEC,OPPONENT' --games N --seed S`
plays: seats rotate and each deal is replayed with the sides swapped, so half the games
have the bot as the Editor and half as Nixon, on the same deals.  They are replayed here
so that each move can be timed: the time of a move is the bot's `act` alone, on one core
when --jobs is 1 (other work on the machine slows it down); moves with a single legal
action count too, since the bot is asked for them.  Finished games are kept as JSON lines
in --work, so an interrupted run resumes where it stopped.
"""

import re
import statistics
import time
from pathlib import Path

from common import Timer, parser, resumable, write_table

from automa.rules.core import load_game
from automa.search import arena
from automa.search.bots import make_bot
from automa.search.stats import wilson_interval

SIDES = ("Editor", "Nixon")


def play_timed(task, spec: str) -> dict:
    """Play one scheduled game, timing every move of the seat that `spec` holds."""
    game = load_game(task.game, **task.params)
    bots = [make_bot(task.seats[s], game, task.bot_seeds[s]) for s in range(2)]
    seat = task.seats.index(spec)
    state = game.new_initial_state(task.game_seed)
    seconds = []
    while not state.is_terminal():
        mover = state.current_player()
        start = time.perf_counter()
        action = bots[mover].act(state, mover)
        if mover == seat:
            seconds.append(time.perf_counter() - start)
        state.apply_action(action)
    outcome = state.outcome()
    return {
        "index": task.index,
        "seat": seat,
        "won": outcome.winners == (seat,),
        "reason": outcome.reason,
        "rounds": state.round,
        "seconds": seconds,
    }


def measure(spec: str, opponent: str, games: int, seed: int, jobs: int, work: Path) -> list[dict]:
    """Play (or read back from `work`) the tournament's `games` games of `spec` against `opponent`."""
    bots = [spec, opponent]
    params = arena.resolve_params("watergate", None, None, bots)
    tasks = arena.schedule("watergate", params, bots, games, seed)
    slug = re.sub(r"[^A-Za-z0-9=.-]+", "_", f"{spec}-vs-{opponent}-{games}-{seed}")
    path = work / f"{slug}.jsonl"
    return resumable(path, tasks, play_timed, spec, jobs=jobs)


def side_row(spec: str, opponent: str, seat: int, results: list[dict]) -> list:
    mine = [r for r in results if r["seat"] == seat]
    wins = sum(r["won"] for r in mine)
    low, high = wilson_interval(wins, len(mine))
    seconds = sorted(s for r in mine for s in r["seconds"])
    return [
        spec,
        opponent,
        SIDES[seat],
        len(mine),
        wins,
        wins / len(mine),
        low,
        high,
        statistics.fmean(r["rounds"] for r in mine),
        1000 * statistics.median(seconds),
        1000 * seconds[int(0.9 * len(seconds))],
        1000 * seconds[-1],
        statistics.fmean(sum(r["seconds"]) for r in mine),
    ]


def main() -> None:
    p = parser(__doc__, games=200, seed=1)
    p.set_defaults(jobs=1)
    p.add_argument(
        "--bots",
        default="watergate-expert;watergate-heuristic",
        help="';'-separated bot specs, each playing both sides against --opponent",
    )
    p.add_argument("--opponent", default="watergate-heuristic")
    p.add_argument(
        "--work",
        type=Path,
        default=Path("watergate-strength-games"),
        help="folder for the finished games (resumable)",
    )
    args = p.parse_args()
    specs = [b for b in args.bots.split(";") if b]
    if args.opponent in specs:
        p.error(f"--bots must differ from --opponent ({args.opponent}): a seat is told apart by its spec")
    args.work.mkdir(parents=True, exist_ok=True)
    header = [
        "player",
        "opponent",
        "side",
        "games",
        "wins",
        "win rate",
        "wilson low",
        "wilson high",
        "mean rounds",
        "median ms/move",
        "p90 ms/move",
        "max ms/move",
        "mean s/game",
    ]
    rows = []
    with Timer() as timer:
        for spec in specs:
            results = measure(spec, args.opponent, args.games, args.seed, args.jobs, args.work)
            for seat in (0, 1):
                row = side_row(spec, args.opponent, seat, results)
                rows.append(row)
                print(
                    f"{spec:<40} as {SIDES[seat]:<6}: {row[5]:.3f} [{row[6]:.3f}, {row[7]:.3f}] "
                    f"median {row[9]:.1f} ms, max {row[11]:.0f} ms",
                    flush=True,
                )
    command = (
        f"python experiments/watergate_strength.py --games {args.games} --seed {args.seed} "
        f"--jobs {args.jobs} --bots '{args.bots}' --opponent '{args.opponent}'"
    )
    notes = [
        "Intervals are Wilson 95%. Milliseconds per move are the bot's `act` alone (the engine's own "
        "work excluded); with --jobs 1 the games run one at a time, on a 2-core machine that other "
        "jobs shared.",
        "Each player's two rows are the games of `automa tournament watergate --bots 'SPEC,OPPONENT' "
        f"--games {args.games} --seed {args.seed}`: the same deals, once from each side.",
        "The minutes above count only the games this run played; games kept in --work are read back.",
    ]
    write_table(
        args.out,
        "watergate_strength",
        header,
        rows,
        "Watergate: the expert against the heuristic player, by side",
        command,
        timer.seconds,
        notes,
    )


if __name__ == "__main__":
    main()
