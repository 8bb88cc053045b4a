"""Table 7: what `--jobs 2` buys on this machine, against what the machine allows.

    python experiments/bench_jobs.py [--rounds 9] [--games 200] [--seed 5]

Times the command `automa tournament pi --players 2 --bots random,greedy --games N` with
`--jobs 1` and `--jobs 2`, and, as the machine's own ceiling, two independent `--jobs 1`
runs of N/2 games started together.  A last row leaves automa out: a pure-Python loop run
alone, then two copies at once (speed-up = 2 x alone / together), which is all two processes
can gain on this machine.  The rows are run in turn, round after round, and the medians
compared: on a shared virtual machine one run can take half again as long as the next, so
single timings say little.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import Timer, parser, write_table


def _command(games: int, jobs: int, seed: int, out: Path) -> list[str]:
    automa = shutil.which("automa")
    head = [automa] if automa else [sys.executable, "-c", "import cli; cli.main()"]
    return head + [
        "tournament",
        "pi",
        "--players",
        "2",
        "--bots",
        "random,greedy",
        "--games",
        str(games),
        "--jobs",
        str(jobs),
        "--seed",
        str(seed),
        "--out",
        str(out),
        "--no-progress",
    ]


def _timed(commands: list[list[str]]) -> float:
    """Wall time of the commands started together, until the last one ends."""
    start = time.perf_counter()
    running = [subprocess.Popen(c, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE) for c in commands]
    for proc, command in zip(running, commands, strict=True):
        _, err = proc.communicate()
        if proc.returncode:
            raise SystemExit(f"{' '.join(command)} failed:\n{err.decode(errors='replace')}")
    return time.perf_counter() - start


#: the CPU-bound loop of the machine-ceiling row: about a second of pure Python
SPIN = "x = 0\nfor i in range(6_000_000):\n    x += i * i % 7\n"


def main() -> None:
    p = parser(__doc__, games=200, seed=5)
    p.add_argument("--rounds", type=int, default=9, help="alternating rounds (default 9)")
    args = p.parse_args()
    if args.games < 2:
        p.error("--games must be at least 2")
    times: dict[str, list[float]] = {"--jobs 1": [], "--jobs 2": [], "two --jobs 1 halves at once": []}
    spin_alone: list[float] = []
    spin_together: list[float] = []
    with Timer() as timer, tempfile.TemporaryDirectory() as work:
        folder = Path(work)

        def out(name: str) -> Path:
            path = folder / f"{name}.jsonl"
            if path.exists():
                os.remove(path)
            return path

        half = args.games // 2
        for _ in range(args.rounds):
            times["--jobs 1"].append(_timed([_command(args.games, 1, args.seed, out("one"))]))
            times["--jobs 2"].append(_timed([_command(args.games, 2, args.seed, out("two"))]))
            times["two --jobs 1 halves at once"].append(
                _timed(
                    [
                        _command(half, 1, args.seed, out("a")),
                        _command(args.games - half, 1, args.seed + 1, out("b")),
                    ]
                )
            )
            spin = [sys.executable, "-c", SPIN]
            spin_alone.append(_timed([spin]))
            spin_together.append(_timed([spin, spin]))
    base = statistics.median(times["--jobs 1"])
    rows = []
    for name, runs in times.items():
        median = statistics.median(runs)
        rows.append([name, args.games, len(runs), median, min(runs), max(runs), base / median])
        print(
            f"{name:<28} median {median:.2f}s (min {min(runs):.2f}, max {max(runs):.2f}): "
            f"{base / median:.2f}x",
            flush=True,
        )
    together = statistics.median(spin_together)
    spin_ceiling = 2 * statistics.median(spin_alone) / together
    rows.append(
        [
            "a Python loop: two copies at once against one",
            "",
            len(spin_together),
            together,
            min(spin_together),
            max(spin_together),
            spin_ceiling,
        ]
    )
    print(
        f"{'two loops at once':<28} median {together:.2f}s against {statistics.median(spin_alone):.2f}s "
        f"alone: {spin_ceiling:.2f}x",
        flush=True,
    )
    write_table(
        args.out,
        "bench_jobs",
        ["run", "games", "rounds", "median seconds", "fastest", "slowest", "speed-up over --jobs 1"],
        rows,
        "Parallel tournament speed-up on this machine",
        f"python experiments/bench_jobs.py --rounds {args.rounds} --games {args.games} --seed {args.seed}",
        timer.seconds,
        [
            "- The third row is the ceiling for this command: two processes that share nothing, each with "
            "half the games.",
            "- The last row is the machine's: twice the time of one pure-Python loop alone over the time of "
            "two copies run at once (both rows count start-up time, about 0.05 s for the loop and 0.3-0.45 s "
            "for the command).",
            f"- Machine: {os.cpu_count()} cores as the operating system reports them.",
        ],
    )


if __name__ == "__main__":
    main()
