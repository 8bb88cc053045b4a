"""Our mcts/ismcts/random playouts vs OpenSpiel's Python MCTSBot/ISMCTSBot/random playouts
through the wrapper, side by side on the same positions of every game.

    python experiments/bench_vs_openspiel.py [--seconds 2] [--iterations 50] [--positions 2] \
        [GAME[:PLAYERS] ...]

The committed tables were made with
    automa native build
    python experiments/bench_vs_openspiel.py --seconds 3 \
        pi pulitzer pulitzer:1 tabletop_inc watergate salem salem:2
    AUTOMA_PURE=1 python experiments/bench_vs_openspiel.py --seconds 3 \
        pi pulitzer pulitzer:1 tabletop_inc watergate salem salem:2

Writes experiments/results/bench_vs_openspiel.md and .csv with the compiled engines (automa/native.py),
bench_vs_openspiel_pure.md and .csv with the pure-Python ones (needs the [openspiel] extra).
See rules/interop/bench.py for what is measured.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
from importlib.metadata import version
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from automa import native  # noqa: E402
from automa.rules.interop.bench import default_configs, run, write_results  # noqa: E402


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "games",
        nargs="*",
        help="GAME or GAME:PLAYERS, repeatable (default: every game in its default configuration)",
    )
    ap.add_argument("--seconds", type=float, default=2.0, help="time per measurement and game")
    ap.add_argument("--iterations", type=int, default=50, help="iterations per search")
    ap.add_argument("--positions", type=int, default=2, help="positions per game")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", type=Path, default=ROOT / "experiments" / "results")
    ap.add_argument("--note", default="", help="a sentence to add under the table (e.g. the machine load)")
    args = ap.parse_args(argv)
    configs = []
    for c in default_configs():
        picked = [g for g in args.games if g.split(":")[0] == c[0]] if args.games else [c[0]]
        for g in picked:  # GAME (default configuration) or GAME:PLAYERS
            name, _, players = g.partition(":")
            if players:
                from automa.rules.core import load_game

                mode = load_game(name, players=int(players)).params.mode
                configs.append((name, {"players": int(players), "mode": mode}))
            else:
                configs.append(c)
    rows = run(configs, args.seconds, args.iterations, args.positions, args.seed)
    machine = (
        f"Machine: {os.cpu_count()} cores, Python {platform.python_version()}, open_spiel "
        f"{version('open_spiel')}, numpy {version('numpy')}; engines: {native.engines_label()}, "
        f"on both sides. {args.note}"
    ).strip()
    # the compiled engines' table is the main one; the pure-Python engines' (AUTOMA_PURE=1) sits beside it
    stem = "bench_vs_openspiel" if native.compiled_in_use() else "bench_vs_openspiel_pure"
    md, cs = write_results(rows, args.out, args.seconds, args.iterations, machine, stem)
    print(f"wrote {md} and {cs}")


if __name__ == "__main__":
    main()
