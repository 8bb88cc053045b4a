"""Table 7: Pulitzer solo, the expert against the Times: win rate with its Wilson 95%
interval, why the games were lost, and time per move, for each player and Times deck.

    python experiments/pulitzer_strength.py [--games 100] [--seed 1] [--jobs 1]
        [--bots 'pulitzer-expert;pulitzer-expert:worlds=8;pulitzer-heuristic']
        [--mixes '3,3,2;0,3,5'] [--all-mixes-for pulitzer-expert] [--all-mixes-games 200]
        [--work DIR]

Bot specs and mixes are separated by ';' (a spec's own settings use commas).  Every game
is the one `automa tournament pulitzer --mode solo --bots SPEC --games N --seed S
-p times_mix=R,O,Y` plays (the arena's schedule gives the deal and the bot's seed),
replayed here so that each move can be timed: the time of a move is the bot's `act`
alone, on one core when --jobs is 1 (other work on the machine slows it down).  Every
bot plays the mixes of --mixes; the player of --all-mixes-for (empty: none) also plays
all 27 legal mixes.  Finished games are kept as JSON lines in --work, so an interrupted
run resumes where it stopped and a rerun only plays what is missing.
"""

import re
import statistics
import time
from collections import Counter
from pathlib import Path

from common import Timer, parser, plot, resumable, write_table

from automa.rules.core import load_game
from automa.search import arena
from automa.search.bots import make_bot
from automa.search.stats import wilson_interval
from automa.search.tune import knob_settings

#: (column label, start of the outcome's reason) for the ways a solo game is lost
LOSSES = (
    ("not qualified", "not qualified"),
    ("eliminated", "eliminated"),
    ("Capitol", "agents reached the Capitol"),
    ("Times score", "Times wins on the score table"),
)


def play_timed(task) -> dict:
    """Play one scheduled solo game, timing every move of the Post's bot."""
    game = load_game(task.game, **task.params)
    bot = make_bot(task.seats[0], game, task.bot_seeds[0])
    state = game.new_initial_state(task.game_seed)
    seconds = []
    while not state.is_terminal():
        start = time.perf_counter()
        action = bot.act(state, 0)
        seconds.append(time.perf_counter() - start)
        state.apply_action(action)
    outcome = state.outcome()
    return {
        "index": task.index,
        "won": outcome.winners == (0,),
        "reason": outcome.reason,
        "score": state.final_score(0),
        "seconds": seconds,
    }


def measure(spec: str, mix: tuple, games: int, seed: int, jobs: int, work: Path) -> dict:
    """Play (or read back from `work`) `games` games of `spec` against the Times deck `mix`."""
    params = arena.resolve_params("pulitzer", None, "solo", [spec], {"times_mix": mix})
    tasks = arena.schedule("pulitzer", params, [spec], games, seed)
    slug = re.sub(r"[^A-Za-z0-9=.-]+", "_", f"{spec}-{'.'.join(map(str, mix))}-{games}-{seed}")
    path = work / f"{slug}.jsonl"
    results = resumable(path, tasks, play_timed, jobs=jobs)
    wins = sum(r["won"] for r in results)
    low, high = wilson_interval(wins, games)
    seconds = sorted(s for r in results for s in r["seconds"])
    losses = Counter()
    for r in results:
        if not r["won"]:
            losses[next((name for name, text in LOSSES if r["reason"].startswith(text)), r["reason"])] += 1
    return {
        "wins": wins,
        "rate": wins / games,
        "low": low,
        "high": high,
        "losses": losses,
        "mean score": statistics.fmean(r["score"] for r in results),
        "median s": statistics.median(seconds),
        "p90 s": seconds[int(0.9 * len(seconds))],
        "max s": seconds[-1],
        "game s": statistics.fmean(sum(r["seconds"]) for r in results),
    }


def main() -> None:
    p = parser(__doc__, games=100, seed=1)
    p.set_defaults(jobs=1)
    p.add_argument(
        "--bots",
        default="pulitzer-expert;pulitzer-expert:worlds=8;pulitzer-heuristic",
        help="';'-separated bot specs, each playing every mix of --mixes",
    )
    p.add_argument("--mixes", default="3,3,2", help="';'-separated Times deck mixes red,orange,yellow")
    p.add_argument(
        "--all-mixes-for",
        default="pulitzer-expert",
        help="a bot also measured on every legal mix ('' for none)",
    )
    p.add_argument("--all-mixes-games", type=int, default=200)
    p.add_argument(
        "--work",
        type=Path,
        default=Path("pulitzer-strength-games"),
        help="folder for the finished games (resumable)",
    )
    args = p.parse_args()
    specs = [b for b in args.bots.split(";") if b]
    mixes = [tuple(int(x) for x in m.split(",")) for m in args.mixes.split(";") if m]
    every_mix = [
        tuple(int(x) for x in s.label.split(",")) for s in knob_settings("pulitzer", "times_mix", "x")
    ]
    plan = [(spec, mix, args.games) for spec in specs for mix in mixes]
    if args.all_mixes_for:
        plan += [(args.all_mixes_for, mix, args.all_mixes_games) for mix in every_mix]
    args.work.mkdir(parents=True, exist_ok=True)
    header = [
        "player",
        "times_mix (r,o,y)",
        "Times score",
        "games",
        "wins",
        "win rate",
        "wilson low",
        "wilson high",
        "lost: not qualified",
        "lost: eliminated",
        "lost: Capitol",
        "lost: Times score",
        "mean score",
        "median ms/move",
        "p90 ms/move",
        "max ms/move",
        "mean s/game",
    ]
    rows = []
    with Timer() as timer:
        for spec, mix, games in plan:
            r = measure(spec, mix, games, args.seed, args.jobs, args.work)
            target = load_game("pulitzer", mode="solo", players=1, times_mix=mix).times_target
            rows.append(
                [
                    spec,
                    ",".join(map(str, mix)),
                    target,
                    games,
                    r["wins"],
                    r["rate"],
                    r["low"],
                    r["high"],
                    r["losses"]["not qualified"],
                    r["losses"]["eliminated"],
                    r["losses"]["Capitol"],
                    r["losses"]["Times score"],
                    r["mean score"],
                    1000 * r["median s"],
                    1000 * r["p90 s"],
                    1000 * r["max s"],
                    r["game s"],
                ]
            )
            print(
                f"{spec:<34} mix {mix}: {r['rate']:.3f} [{r['low']:.3f}, {r['high']:.3f}] "
                f"median {1000 * r['median s']:.1f} ms, max {1000 * r['max s']:.0f} ms",
                flush=True,
            )
    command = (
        f"python experiments/pulitzer_strength.py --games {args.games} --seed {args.seed} "
        f"--jobs {args.jobs} --bots '{args.bots}' --mixes '{args.mixes}' "
        f"--all-mixes-for '{args.all_mixes_for}' --all-mixes-games {args.all_mixes_games}"
    )
    notes = [
        "Intervals are Wilson 95%. Milliseconds per move are the bot's `act` alone (the engine's own "
        "work excluded); with --jobs 1 the games run one at a time, on a 2-core machine that other jobs "
        "shared.",
        "Each row's games are those of `automa tournament pulitzer --mode solo --bots SPEC --games N "
        f"--seed {args.seed} -p times_mix=R,O,Y` (N = the row's games).",
        "The minutes above count only the games this run played; games kept in --work are read back.",
    ]
    write_table(
        args.out,
        "pulitzer_strength",
        header,
        rows,
        "Pulitzer solo: the expert against the Times",
        command,
        timer.seconds,
        notes,
    )
    labels = [",".join(map(str, m)) for m in every_mix]
    series = {}
    for spec, mix, games in plan:
        label = f"{spec} ({games} games per mix)"
        row = next(r for r in rows if r[0] == spec and r[1] == ",".join(map(str, mix)) and r[3] == games)
        xs, ys, lows, highs = series.setdefault(label, ([], [], [], []))
        xs.append(labels.index(row[1])), ys.append(row[5]), lows.append(row[6]), highs.append(row[7])
    plot(
        args.out,
        "pulitzer_strength",
        series,
        "Times deck mix (red,orange,yellow), easiest to hardest",
        "Post win rate",
        "Pulitzer solo: win rate against the Times",
        xticks=labels,
    )


if __name__ == "__main__":
    main()
