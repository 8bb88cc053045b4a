"""Search cost against player count: clone and determinize cost, MCTS/ISMCTS iterations per
second, and the game's own length, for Salem 1692 (4-12), Tabletop Inc. (2-6), P.I. (2-5) and
Pulitzer (1-5).

    python experiments/scaling.py [--seconds 0.5] [--positions 24] [--games 50] [--only salem,pi]

Every figure is CPU time of this process (time.process_time), so that other work on a shared
machine slows the figures less than wall time would.  Within a position each timing is the
best of three short runs (work running beside it on a shared machine only ever slows a run
down); across positions the table shows the median.  The positions are measured in rounds,
every configuration once per round, so that a shared machine whose speed drifts during the run
shifts every player count alike rather than tilting the trend.
The positions are `automa.search.bench.mid_game_state` for seeds 0, 1, ...: half way through a
random game, the position `automa bench` measures.  Per position:

* clone / determinize: microseconds per call;
* raw: random-playout actions per second from the position (the engine alone);
* mcts / ismcts: microseconds per iteration of `MCTSBot` / `ISMCTSBot` (100 iterations per
  search, uniform random playouts to the end), with the actions one iteration simulates and
  the efficiency `automa bench` reports (simulated actions per second inside the search over
  raw actions per second);
* length: actions in a whole random game (mean over --games games), the game's own length.
  (Pulitzer at 1 player is its solo mode.)

The question the table answers: does the cost of an iteration grow faster than the game's own
length as seats are added?  An iteration plays the game out from where the tree ends, so its
cost is the actions it simulates times the cost of one of them, plus what it pays once
(determinize or clone, the tree, scoring the end).  The cost grows no faster than the length
when the cost per simulated action does not grow: the report compares, for each game, the
microseconds per simulated action at every player count with those at its smallest count.
The verdict reads the trend of that cost over all the player counts (a least-squares line
through the logarithms of every position's MCTS and ISMCTS figures), not single figures, which
move by 10-20% between runs on a shared machine, and states a 95% interval for it (a bootstrap
over each count's positions): the cost rises when the whole interval lies above the allowance,
holds when it lies within, and the run is undecided otherwise.  The interval narrows as the
square root of the positions: 24 per count make it about half as wide as 6 did (Salem's spanned
some 15% at 6, enough to leave a trend near the allowance undecided run after run).
(The actions an iteration simulates depend on where each random game's midpoint falls, and
whole-game lengths vary a lot from game to game in Salem, so growth factors of the iteration
cost itself jump about; they are in the table too.)

Writes experiments/results/scaling.csv, .md and .png with the compiled engines (`automa native
build`), scaling_pure.csv, .md and .png with the pure-Python ones (AUTOMA_PURE=1); the PNG
needs the plots extra.
"""

from __future__ import annotations

import math
import os
import random
import statistics
import time
import timeit

from common import RESULTS, Timer, write_table

from automa import native
from automa.rules.core import load_game, play_random
from automa.search.bench import mid_game_state
from automa.search.mcts import ISMCTSBot, MCTSBot

CONFIGS = [
    ("salem", tuple(range(4, 13))),
    ("tabletop_inc", (2, 3, 4, 5, 6)),
    ("pi", (2, 3, 4, 5)),
    ("pulitzer", (1, 2, 3, 4, 5)),
]
ITERATIONS = 100
#: the fitted trend of the cost per simulated action may rise by this much over a game's player
#: counts before the report says the iteration cost grows faster than the game's length
SLACK = 1.15
clock = time.process_time


REPEATS = 3


def per_call_us(fn, number: int) -> float:
    runs = timeit.repeat(fn, number=number, repeat=5, timer=clock)
    return 1e6 * min(runs) / number


def raw_rate(state, seconds: float, seed: int) -> float:
    """Random-playout actions per CPU second from `state` (a clone per playout): the best of
    REPEATS runs sharing `seconds`."""
    rng = random.Random(seed)
    best = 0.0
    for _ in range(REPEATS):
        actions, start = 0, clock()
        while clock() - start < seconds / REPEATS:
            actions += play_random(state.clone(), rng)
        best = max(best, actions / (clock() - start))
    return best


def search_cost(bot, state, seconds: float) -> tuple[float, float]:
    """(CPU microseconds per iteration, simulated actions per iteration) of repeated searches:
    the cheapest of REPEATS runs sharing `seconds`, and the actions over all of them."""
    seat = state.current_player()
    bot.search(state, seat)  # warm-up
    best = float("inf")
    iterations = simulated = 0
    for _ in range(REPEATS):
        done = 0
        spent = 0.0
        while spent < seconds / REPEATS:
            start = clock()
            bot.search(state, seat)
            spent += clock() - start
            done += bot.last_stats["iterations"]
            simulated += bot.last_stats["simulated_actions"]
        iterations += done
        best = min(best, 1e6 * spent / done)
    return best, simulated / iterations


def position_figures(game, seed: int, seconds: float) -> dict[str, float]:
    """Every figure of one position: `mid_game_state(game, seed)`."""
    mid = mid_game_state(game, seed)
    seat = mid.current_player()
    rng = random.Random(seed)
    raw = raw_rate(mid, seconds, seed)
    mcts_us, mcts_actions = search_cost(MCTSBot(game, seed=seed, iterations=ITERATIONS), mid, seconds)
    ismcts_us, ismcts_actions = search_cost(ISMCTSBot(game, seed=seed, iterations=ITERATIONS), mid, seconds)
    return {
        "clone_us": per_call_us(mid.clone, 500),
        "determinize_us": per_call_us(lambda: mid.determinize(seat, rng), 100),
        "raw_actions_per_s": raw,
        "mcts_us_per_iteration": mcts_us,
        "mcts_actions_per_iteration": mcts_actions,
        "mcts_efficiency": mcts_actions / mcts_us * 1e6 / raw,
        "ismcts_us_per_iteration": ismcts_us,
        "ismcts_actions_per_iteration": ismcts_actions,
        "ismcts_efficiency": ismcts_actions / ismcts_us * 1e6 / raw,
        "mcts_us_per_action": mcts_us / mcts_actions,
        "ismcts_us_per_action": ismcts_us / ismcts_actions,
    }


def measure(configs: list[tuple[str, int]], seconds: float, positions: int, games: int) -> list[dict]:
    """One row per (game, players).  The positions are measured in rounds, every configuration
    once per round: a shared machine that slows down or speeds up during the run (by 10% or
    more over minutes) then shifts every player count alike instead of tilting the trend that
    the verdict reads, as measuring the counts one after another did."""
    loaded = {config: load_game(config[0], players=config[1]) for config in configs}
    figures: dict[tuple[str, int], dict[str, list[float]]] = {config: {} for config in configs}
    for seed in range(positions):
        for config in configs:
            for key, value in position_figures(loaded[config], seed, seconds).items():
                figures[config].setdefault(key, []).append(value)
        print(f"  round {seed + 1} of {positions} measured", flush=True)
    rows = []
    for (name, players), mine in figures.items():
        game = loaded[(name, players)]
        lengths = [play_random(game.new_initial_state(seed), random.Random(seed)) for seed in range(games)]
        row = {"game": name, "players": players, "mode": game.params.mode, "length": statistics.mean(lengths)}
        row.update({key: statistics.median(values) for key, values in mine.items()})
        # every position's cost per simulated action (MCTS, ISMCTS), for the trend and its interval
        row["per_action_points"] = list(
            zip(mine["mcts_us_per_action"], mine["ismcts_us_per_action"], strict=True)
        )
        rows.append(row)
        print(
            f"{name:13s} {players:2d}p  length {row['length']:6.1f}  clone {row['clone_us']:6.1f} us  "
            f"determinize {row['determinize_us']:6.1f} us  mcts {row['mcts_us_per_iteration']:8.1f} us/it  "
            f"ismcts {row['ismcts_us_per_iteration']:8.1f} us/it  eff {row['mcts_efficiency']:.2f}/"
            f"{row['ismcts_efficiency']:.2f}",
            flush=True,
        )
    return rows


COLUMNS = [
    "game",
    "players",
    "mode",
    "length",
    "clone_us",
    "determinize_us",
    "raw_actions_per_s",
    "mcts_us_per_iteration",
    "mcts_actions_per_iteration",
    "mcts_efficiency",
    "mcts_us_per_action",
    "ismcts_us_per_iteration",
    "ismcts_actions_per_iteration",
    "ismcts_efficiency",
    "ismcts_us_per_action",
    "length_growth",
    "ismcts_cost_growth",
    "per_action_growth",
]


def add_growth(rows: list[dict]) -> None:
    """Growth from each game's smallest player count: of a whole game's length, of the ISMCTS
    iteration cost, and of the ISMCTS cost per simulated action."""
    first: dict[str, dict] = {}
    for row in rows:
        base = first.setdefault(row["game"], row)
        row["length_growth"] = row["length"] / base["length"]
        row["ismcts_cost_growth"] = row["ismcts_us_per_iteration"] / base["ismcts_us_per_iteration"]
        row["per_action_growth"] = row["ismcts_us_per_action"] / base["ismcts_us_per_action"]


def _slope(points: list[tuple[int, float]]) -> float:
    """Least-squares slope of y against x."""
    mean_x = statistics.mean(x for x, _ in points)
    mean_y = statistics.mean(y for _, y in points)
    spread = sum((x - mean_x) ** 2 for x, _ in points)
    return sum((x - mean_x) * (y - mean_y) for x, y in points) / spread if spread else 0.0


def per_action_trend(rows: list[dict], resamples: int = 2000) -> tuple[float, float, float]:
    """The factor by which the cost per simulated action changes from a game's smallest player
    count to its largest, with a 95% interval: a least-squares line through the logarithms of
    every position's MCTS and ISMCTS figures (a trend over every count, so that one noisy
    figure does not decide it), and a bootstrap that draws each count's positions again
    (positions differ in what the rest of their game holds, which is most of the spread)."""
    span = rows[-1]["players"] - rows[0]["players"]

    def factor(chosen: list[tuple[int, list]]) -> float:
        points = [(n, log_cost) for n, pairs in chosen for pair in pairs for log_cost in pair]
        return math.exp(_slope(points) * span)

    # each position's (MCTS, ISMCTS) pair as logarithms, taken once for all the resamples
    observed = [(r["players"], [(math.log(m), math.log(i)) for m, i in r["per_action_points"]]) for r in rows]
    rng = random.Random(0)
    draws = sorted(
        factor([(n, [rng.choice(pairs) for _ in pairs]) for n, pairs in observed]) for _ in range(resamples)
    )
    return factor(observed), draws[int(0.025 * resamples)], draws[int(0.975 * resamples) - 1]


def verdicts(rows: list[dict]) -> list[str]:
    """One sentence per game: does the iteration cost grow faster than the game's length, that
    is, does the cost per simulated action grow?"""
    lines = []
    for name in dict.fromkeys(r["game"] for r in rows):
        mine = [r for r in rows if r["game"] == name]
        first, last = mine[0], mine[-1]
        trend, low, high = per_action_trend(mine)
        growth = (
            f"whole-game length x{last['length_growth']:.2f}; ISMCTS iteration cost "
            f"x{last['ismcts_cost_growth']:.2f} for "
            f"x{last['ismcts_actions_per_iteration'] / first['ismcts_actions_per_iteration']:.2f} "
            f"simulated actions; cost per simulated action {first['ismcts_us_per_action']:.1f} to "
            f"{last['ismcts_us_per_action']:.1f} us (MCTS {first['mcts_us_per_action']:.1f} to "
            f"{last['mcts_us_per_action']:.1f} us), trend x{trend:.2f} (95% interval "
            f"x{low:.2f}-{high:.2f}); clone x{last['clone_us'] / first['clone_us']:.2f}, "
            f"determinize x{last['determinize_us'] / first['determinize_us']:.2f}"
        )
        head = f"* {name}, {first['players']} to {last['players']} players: {growth}."
        if low > SLACK:
            lines.append(
                f"{head}  The cost per simulated action rises with the player count (the "
                f"whole interval above x{SLACK:g}), so an iteration's cost grows faster than the "
                f"game's length."
            )
        elif high <= SLACK:
            lines.append(
                f"{head}  The cost per simulated action holds (the whole interval within "
                f"x{SLACK:g}), so an iteration's cost grows no faster than the game's length."
            )
        else:
            lines.append(
                f"{head}  Undecided: the interval reaches past x{SLACK:g}, so this run cannot "
                f"tell whether an iteration's cost grows faster than the game's length (more "
                f"--positions narrow it)."
            )
    return lines


def plot(rows: list[dict], path) -> None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib not installed (pip install -e '.[plots]'): no PNG written")
        return
    fig, axes = plt.subplots(1, 3, figsize=(15, 4.6))
    for name in dict.fromkeys(r["game"] for r in rows):
        mine = [r for r in rows if r["game"] == name]
        xs = [r["players"] for r in mine]
        (line,) = axes[0].plot(
            xs, [r["ismcts_us_per_iteration"] / 1000 for r in mine], marker="o", label=f"{name} ismcts"
        )
        axes[0].plot(
            xs,
            [r["mcts_us_per_iteration"] / 1000 for r in mine],
            marker="s",
            linestyle="--",
            color=line.get_color(),
            label=f"{name} mcts",
        )
        axes[1].plot(
            xs,
            [r["ismcts_us_per_action"] for r in mine],
            marker="o",
            color=line.get_color(),
            label=f"{name} ismcts",
        )
        axes[1].plot(
            xs,
            [r["mcts_us_per_action"] for r in mine],
            marker="s",
            linestyle="--",
            color=line.get_color(),
            label=f"{name} mcts",
        )
        axes[2].plot(
            xs, [r["clone_us"] for r in mine], marker="o", color=line.get_color(), label=f"{name} clone"
        )
        axes[2].plot(
            xs,
            [r["determinize_us"] for r in mine],
            marker="^",
            linestyle="--",
            color=line.get_color(),
            label=f"{name} determinize",
        )
    axes[0].set_title("CPU ms per search iteration")
    axes[1].set_title("CPU us per simulated action (flat: cost grows like the length)")
    axes[1].set_ylim(bottom=0)
    axes[2].set_title("clone and determinize (CPU us)")
    axes[2].set_yscale("log")
    for ax in axes:
        ax.set_xlabel("players")
        ax.grid(alpha=0.3)
        ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    print(f"wrote {path}")


def main() -> None:
    import argparse

    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument(
        "--seconds", type=float, default=0.5, help="CPU seconds per search and playout measurement"
    )
    p.add_argument("--positions", type=int, default=24, help="mid-game positions per configuration")
    p.add_argument("--games", type=int, default=50, help="random games for the length of a game")
    p.add_argument("--only", default="", help="comma-separated game names")
    p.add_argument("--out", default=str(RESULTS), help="output folder")
    args = p.parse_args()
    from pathlib import Path

    out = Path(args.out)
    only = {g for g in args.only.split(",") if g}
    load = os.getloadavg()[0]
    configs = [(name, players) for name, counts in CONFIGS if not only or name in only for players in counts]
    with Timer() as timer:
        rows = measure(configs, args.seconds, args.positions, args.games)
    add_growth(rows)
    compiled = bool(native.compiled_in_use())
    stem = "scaling" if compiled else "scaling_pure"
    command = (
        ("" if compiled else "AUTOMA_PURE=1 ") + f"python experiments/scaling.py "
        f"--seconds {args.seconds:g} --positions {args.positions} --games {args.games}"
        + (f" --only {args.only}" if args.only else "")
    )
    notes = [
        "Columns: length = actions in a whole random game; times are CPU microseconds per call "
        "or per search iteration; efficiency = simulated actions per second inside the search over "
        "raw random-playout actions per second from the same position; *_growth = the value over "
        "the game's value at its smallest player count.",
        "",
        f"Machine: {os.cpu_count()} cores, engines: {native.engines_label()}, load average {load:.1f} "
        "when the run started (other "
        "work on a shared machine still slows CPU-time figures somewhat: single figures can be "
        "off by 10-20%).",
        "",
        "Does the cost of an iteration grow faster than the game's own length?  It does when the "
        "cost per simulated action rises with the player count: its fitted trend from the smallest "
        f"count to the largest, with a 95% bootstrap interval over the positions, against x{SLACK:g} "
        "(a 12-seat table may cost somewhat more per action than a 4-seat one: more seats to ask "
        "at night, longer target lists):",
        "",
    ] + verdicts(rows)
    write_table(
        out,
        stem,
        COLUMNS,
        [[r[c] for c in COLUMNS] for r in rows],
        "Search cost against player count" + ("" if compiled else " (pure-Python engines)"),
        command,
        timer.seconds,
        notes,
    )
    plot(rows, out / f"{stem}.png")


if __name__ == "__main__":
    main()
