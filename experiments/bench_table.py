"""`automa bench` for every game, with the engine-speed bars it is held to: clone() at most
10 us, determinize() at most 50 us, MCTS and ISMCTS efficiency at least 0.8.

    python experiments/bench_table.py [--seconds 2] [--repeats 3] [GAME[:PLAYERS] ...]

Each configuration is measured `--repeats` times from the position `automa bench` uses (the
mid-game position of seed 0), one run after another; the table gives the median of the runs
and their lowest efficiency, since a single run moves by a few hundredths on a shared machine.
Efficiency is simulated actions per second inside the search over raw random-playout actions
per second from the same position, measured interleaved (see automa/search/bench.py).

The committed tables were made with
    automa native build
    python experiments/bench_table.py
    AUTOMA_PURE=1 python experiments/bench_table.py

Writes experiments/results/bench.csv, .md and .png with the compiled engines (`automa native
build`), bench_pure.csv, .md and .png with the pure-Python ones (AUTOMA_PURE=1); the PNG needs
the plots extra.
"""

from __future__ import annotations

import argparse
import os
import statistics
from pathlib import Path

from common import RESULTS, Timer, write_table

from automa import native
from automa.rules.core import load_game
from automa.search.bench import bench

#: every game in its default configuration, Pulitzer's solo mode and Salem's two-player ghosts
CONFIGS = ("pi", "pulitzer", "pulitzer:1", "tabletop_inc", "watergate", "salem", "salem:2")
#: the bars of the engine-speed issue (#19)
MAX_CLONE_US = 10.0
MAX_DETERMINIZE_US = 50.0
MIN_EFFICIENCY = 0.8
HEADER = (
    "game",
    "players",
    "engines",
    "runs",
    "raw_actions_per_s",
    "clone_us",
    "determinize_us",
    "mcts_iterations_per_s",
    "mcts_efficiency",
    "mcts_efficiency_lowest",
    "ismcts_iterations_per_s",
    "ismcts_efficiency",
    "ismcts_efficiency_lowest",
    "bars_met",
)


def load_config(config: str):
    """GAME or GAME:PLAYERS as a game (each game picks its mode for a player count: Pulitzer
    at one player is solo, Salem at two is ghosts)."""
    name, _, players = config.partition(":")
    return load_game(name, players=int(players)) if players else load_game(name)


def measure(config: str, seconds: float, repeats: int) -> dict:
    game = load_config(config)
    runs = [bench(game, seconds=seconds, seed=0) for _ in range(repeats)]

    def median(key: str) -> float:
        return statistics.median(getattr(r, key) for r in runs)

    row = {"game": game.name, "players": game.num_players, "engines": native.engines_label(), "runs": repeats}
    for key in (
        "raw_actions_per_s",
        "clone_us",
        "determinize_us",
        "mcts_iterations_per_s",
        "mcts_efficiency",
        "ismcts_iterations_per_s",
        "ismcts_efficiency",
    ):
        row[key] = median(key)
    row["mcts_efficiency_lowest"] = min(r.mcts_efficiency for r in runs)
    row["ismcts_efficiency_lowest"] = min(r.ismcts_efficiency for r in runs)
    row["bars_met"] = (
        "yes"
        if row["clone_us"] <= MAX_CLONE_US
        and row["determinize_us"] <= MAX_DETERMINIZE_US
        and min(row["mcts_efficiency"], row["ismcts_efficiency"]) >= MIN_EFFICIENCY
        else "no"
    )
    return row


def plot(rows: list[dict], path: Path) -> None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib not installed (pip install -e '.[plots]'): no PNG written")
        return
    labels = [f"{r['game']} {r['players']}p" for r in rows]
    xs = list(range(len(rows)))
    fig, ax = plt.subplots(figsize=(9, 4.5))
    for offset, kind in ((-0.18, "mcts"), (0.18, "ismcts")):
        heights = [r[f"{kind}_efficiency"] for r in rows]
        lowest = [r[f"{kind}_efficiency_lowest"] for r in rows]
        ax.bar([x + offset for x in xs], heights, width=0.36, label=f"{kind} (median)")
        ax.scatter(
            [x + offset for x in xs],
            lowest,
            marker="_",
            color="black",
            s=120,
            label="lowest run" if kind == "mcts" else None,
            zorder=3,
        )
    ax.axhline(MIN_EFFICIENCY, color="red", linestyle="--", label=f"bar {MIN_EFFICIENCY}")
    ax.set_xticks(xs)
    ax.set_xticklabels(labels, rotation=30, fontsize=8)
    ax.set_ylabel("efficiency (search actions/s over raw actions/s)")
    ax.set_ylim(0, 1.15)
    ax.set_title(f"automa bench, engines: {rows[0]['engines']}")
    ax.grid(axis="y", alpha=0.3)
    ax.legend(fontsize=7, loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    print(f"wrote {path}")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("configs", nargs="*", help="GAME or GAME:PLAYERS (default: " + " ".join(CONFIGS) + ")")
    ap.add_argument("--seconds", type=float, default=2.0, help="seconds per measurement of one run")
    ap.add_argument("--repeats", type=int, default=3, help="runs per configuration")
    ap.add_argument("--out", default=str(RESULTS), help="output folder")
    args = ap.parse_args(argv)
    configs = args.configs or list(CONFIGS)
    load = os.getloadavg()[0]
    rows = []
    with Timer() as timer:
        for config in configs:
            row = measure(config, args.seconds, args.repeats)
            rows.append(row)
            print(
                f"{config:14s} clone {row['clone_us']:5.2f} us  determinize {row['determinize_us']:5.1f} us  "
                f"efficiency mcts {row['mcts_efficiency']:.3f} (lowest {row['mcts_efficiency_lowest']:.3f})  "
                f"ismcts {row['ismcts_efficiency']:.3f} (lowest {row['ismcts_efficiency_lowest']:.3f})",
                flush=True,
            )
    compiled = bool(native.compiled_in_use())
    stem = "bench" if compiled else "bench_pure"
    command = (
        ("" if compiled else "AUTOMA_PURE=1 ") + f"python experiments/bench_table.py "
        f"--seconds {args.seconds:g} --repeats {args.repeats}"
        + (" " + " ".join(args.configs) if args.configs else "")
    )
    short = [f"{r['game']} {r['players']}p" for r in rows if r["bars_met"] != "yes"]
    notes = [
        f"Bars: clone() at most {MAX_CLONE_US:g} us, determinize() at most {MAX_DETERMINIZE_US:g} us, "
        f"MCTS and ISMCTS efficiency at least {MIN_EFFICIENCY:g} (on the medians). "
        + ("Every configuration meets them." if not short else "Short: " + ", ".join(short) + "."),
        "",
        "Columns: times are microseconds per call; efficiency = simulated actions per second inside "
        "the search over raw random-playout actions per second from the same position (the median "
        "of the runs, and the lowest run).",
        "",
        f"Machine: {os.cpu_count()} cores, engines: {native.engines_label()}, load average "
        f"{load:.1f} when the run started.",
    ]
    out = Path(args.out)
    write_table(
        out,
        stem,
        HEADER,
        [[r[k] for k in HEADER] for r in rows],
        "automa bench: clone, determinize and search efficiency for every game",
        command,
        timer.seconds,
        notes,
    )
    plot(rows, out / f"{stem}.png")


if __name__ == "__main__":
    main()
