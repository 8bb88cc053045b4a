"""P.I. with two players: each player against an opponent (the deducer by default): win
rate with its Wilson 95% interval, mean score margin, and time per move.

    python experiments/pi_strength.py [--games 200] [--seed 1] [--jobs 1]
        [--bots 'pi-expert;pi-expert:worlds=0;pi-expert:temperature=3;deducer']
        [--opponent deducer] [--work DIR]

Bot specs are separated by ';' (a spec's own settings use commas).  Every row's games are
those `automa tournament pi --bots 'SPEC,OPPONENT' --games N --seed S` plays (the arena's
schedule gives each deal, the seating and the bots' seeds), replayed here so that each move
of the measured player can be timed: the time of a move is its `act` alone, on one core
when --jobs is 1.  A tie shares the win.  Finished games are kept as JSON lines in --work,
so an interrupted run resumes where it stopped.
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


def play_timed(task, measured: str) -> dict:
    """Play one scheduled game, timing every move of `measured`, the line-up's first bot."""
    game = load_game(task.game, **task.params)
    bots = [make_bot(spec, game, seed) for spec, seed in zip(task.seats, task.bot_seeds, strict=True)]
    seat = arena.seatings(2, "rotate")[task.seating].index(0)  # where the line-up's first sits
    assert task.seats[seat] == measured
    state = game.new_initial_state(task.game_seed)
    seconds = []
    while not state.is_terminal():
        mover = state.current_player()
        start = time.perf_counter()
        action = bots[mover].act(state, mover)
        if mover == seat:
            seconds.append(time.perf_counter() - start)
        state.apply_action(action)
    winners = state.outcome().winners
    scores = state.scores()
    return {
        "index": task.index,
        "win": 1.0 / len(winners) if seat in winners else 0.0,
        "margin": scores[seat][0] - scores[1 - seat][0],
        "seconds": seconds,
    }


def measure(spec: str, opponent: str, games: int, seed: int, jobs: int, work: Path) -> dict:
    """Play (or read back from `work`) `games` games of `spec` against `opponent`."""
    params = arena.resolve_params("pi", 2, None, [spec, opponent])
    tasks = arena.schedule("pi", params, [spec, opponent], games, seed)
    slug = re.sub(r"[^A-Za-z0-9=.-]+", "_", f"{spec}-vs-{opponent}-{games}-{seed}")
    path = work / f"{slug}.jsonl"
    results = resumable(path, tasks, play_timed, spec, jobs=jobs)
    wins = sum(r["win"] for r in results)
    low, high = wilson_interval(wins, games)
    seconds = sorted(s for r in results for s in r["seconds"])
    return {
        "wins": wins,
        "rate": wins / games,
        "low": low,
        "high": high,
        "margin": statistics.fmean(r["margin"] for r in results),
        "median s": statistics.median(seconds),
        "p90 s": seconds[int(0.9 * len(seconds))],
        "max s": seconds[-1],
        "game s": statistics.fmean(sum(r["seconds"]) for r in results),
    }


def main() -> None:
    p = parser(__doc__, games=200, seed=1)
    p.set_defaults(jobs=1)
    p.add_argument(
        "--bots",
        default="pi-expert;pi-expert:worlds=0;pi-expert:temperature=3;deducer",
        help="';'-separated bot specs, each measured against --opponent",
    )
    p.add_argument("--opponent", default="deducer")
    p.add_argument(
        "--work",
        type=Path,
        default=Path("pi-strength-games"),
        help="folder for the finished games (resumable)",
    )
    args = p.parse_args()
    specs = [b for b in args.bots.split(";") if b]
    args.work.mkdir(parents=True, exist_ok=True)
    header = [
        "player",
        "opponent",
        "games",
        "wins",
        "win rate",
        "wilson low",
        "wilson high",
        "mean score margin",
        "median ms/move",
        "p90 ms/move",
        "max ms/move",
        "mean s/game",
    ]
    rows = []
    with Timer() as timer:
        for spec in specs:
            r = measure(spec, args.opponent, args.games, args.seed, args.jobs, args.work)
            rows.append(
                [
                    spec,
                    args.opponent,
                    args.games,
                    r["wins"],
                    r["rate"],
                    r["low"],
                    r["high"],
                    r["margin"],
                    1000 * r["median s"],
                    1000 * r["p90 s"],
                    1000 * r["max s"],
                    r["game s"],
                ]
            )
            print(
                f"{spec:<28} vs {args.opponent}: {r['rate']:.3f} [{r['low']:.3f}, {r['high']:.3f}] "
                f"margin {r['margin']:+.2f}, median {1000 * r['median s']:.1f} ms, "
                f"max {1000 * r['max s']:.0f} ms",
                flush=True,
            )
    command = (
        f"python experiments/pi_strength.py --games {args.games} --seed {args.seed} "
        f"--jobs {args.jobs} --bots '{args.bots}' --opponent '{args.opponent}'"
    )
    notes = [
        "Intervals are Wilson 95%; a tie shares the win. Milliseconds per move are the player's `act` "
        "alone (the engine's own work excluded), every decision counted (a solve is three); with "
        "--jobs 1 the games run one at a time, on a 2-core machine that other jobs shared.",
        f"Each row's games are those of `automa tournament pi --bots 'SPEC,{args.opponent}' --games N "
        f"--seed {args.seed}` (seats rotate; each deal is played from both seats).",
        "The minutes above count only the games this run played; games kept in --work are read back.",
    ]
    write_table(
        args.out,
        "pi_strength",
        header,
        rows,
        "P.I., two players: the expert against the deducer",
        command,
        timer.seconds,
        notes,
    )


if __name__ == "__main__":
    main()
