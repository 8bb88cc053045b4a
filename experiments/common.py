"""Shared plumbing for the experiment scripts: argument parsing, timing, and writing each
table as CSV, markdown and (when matplotlib is installed) a PNG plot."""

from __future__ import annotations

import argparse
import csv
import json
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as `python experiments/<script>.py` from a checkout
    sys.path.insert(0, str(ROOT))

RESULTS = Path(__file__).resolve().parent / "results"


def parser(description: str, games: int, seed: int = 0) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=description)
    p.add_argument("--games", type=int, default=games, help=f"games per cell (default {games})")
    p.add_argument("--seed", type=int, default=seed, help=f"root seed (default {seed})")
    p.add_argument("--jobs", type=int, default=2, help="parallel workers (default 2)")
    p.add_argument("--out", type=Path, default=RESULTS, help="output folder")
    return p


def games_for(p: argparse.ArgumentParser, text: str) -> dict[str, int]:
    """`--games-for pi=400,salem=32`: per-game numbers of games overriding --games."""
    out = {}
    for item in filter(None, text.split(",")):
        name, _, count = item.partition("=")
        if not count.isdigit() or int(count) < 1:
            p.error(f"--games-for takes GAME=N pairs, got {item!r}")
        out[name] = int(count)
    return out


def resumable(path: Path, tasks: Sequence, play: Callable[..., dict], *args, jobs: int = 1) -> list[dict]:
    """`play(task, *args)` for every task whose result (a dict with the task's `index`) is
    not already a line of `path`, appending each as it finishes so that an interrupted run
    resumes; the results in the tasks' order."""
    done = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            done[record["index"]] = record
    todo = [t for t in tasks if t.index not in done]
    with open(path, "a", encoding="utf-8") as handle:
        if jobs == 1:
            fresh = (play(t, *args) for t in todo)
        else:
            from joblib import Parallel, delayed

            fresh = Parallel(n_jobs=jobs, return_as="generator")(delayed(play)(t, *args) for t in todo)
        for record in fresh:
            done[record["index"]] = record
            handle.write(json.dumps(record) + "\n")
            handle.flush()
    return [done[t.index] for t in tasks]


class Timer:
    def __enter__(self) -> Timer:
        self.start = time.perf_counter()
        return self

    def __exit__(self, *exc) -> None:
        self.seconds = time.perf_counter() - self.start


def write_table(
    out: Path,
    name: str,
    header: Sequence[str],
    rows: Sequence[Sequence],
    title: str,
    command: str,
    seconds: float,
    notes: Sequence[str] = (),
) -> tuple[Path, Path]:
    out.mkdir(parents=True, exist_ok=True)
    csv_path = out / f"{name}.csv"
    with open(csv_path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(header)
        writer.writerows(rows)
    md_path = out / f"{name}.md"
    lines = [
        f"# {title}",
        "",
        f"Regenerate with `{command}` ({seconds / 60:.1f} minutes on this machine).",
        "",
    ]
    lines.append("| " + " | ".join(header) + " |")
    lines.append("|" + "---|" * len(header))
    for row in rows:
        lines.append("| " + " | ".join(_cell(v) for v in row) + " |")
    if notes:
        lines.append("")
        lines.extend(notes)
    md_path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {csv_path} and {md_path} in {seconds:.0f}s")
    return csv_path, md_path


def _cell(value) -> str:
    if isinstance(value, float):
        return f"{value:.3f}"
    return str(value)


def plot(
    out: Path,
    name: str,
    series: dict[str, tuple[Sequence[float], Sequence[float], Sequence[float], Sequence[float]]],
    xlabel: str,
    ylabel: str,
    title: str,
    xticks: Sequence[str] | None = None,
) -> Path | None:
    """series: label -> (x, y, low, high). Returns the PNG path, or None without matplotlib."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib not installed (pip install -e '.[plots]'): no PNG written")
        return None
    fig, ax = plt.subplots(figsize=(8, 4.5))
    for label, (x, y, low, high) in series.items():
        yerr = [
            [max(0.0, a - b) for a, b in zip(y, low, strict=True)],
            [max(0.0, b - a) for a, b in zip(y, high, strict=True)],
        ]
        ax.errorbar(x, y, yerr=yerr, marker="o", capsize=3, label=label)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.set_ylim(-0.02, 1.02)
    if xticks is not None:
        ax.set_xticks(list(range(len(xticks))))
        ax.set_xticklabels(xticks, rotation=60, fontsize=7)
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    path = out / f"{name}.png"
    fig.savefig(path, dpi=110)
    plt.close(fig)
    print(f"wrote {path}")
    return path
