"""Does the page stay fast through whole games? (#49's bars, measured in Chromium.)

    python experiments/page_speed.py [--games pi,pulitzer,tabletop_inc,watergate,salem,pi_long]
        [--seed 1] [--speed 0] [--max-presses 300] [--out experiments/results]

Starts `automa serve` (a fresh database) and plays one whole game of each game in headless
Chromium by the keyboard, as a person would: at each turn it presses a digit for one of the
choices the page offers (seeded), and now and then Space while the bots' moves are shown.  The
bots are cheap (random seats, the Mumanbot) and shown at the `--speed` the Bots menu offers
(0 = instant, 200 = fast), so that the page, not the bots, is what takes the time.

What it measures, in the page: every main-thread task of 50 ms or more after the page has
loaded (the Long Tasks API, `PerformanceObserver({type: "longtask", buffered: true})`;
shorter tasks are not reported by the browser), each given to the key press it follows; and
each `draw()` (app.js times it as the user-timing measure `automa.draw`, with the log's
length).  Writes `page_speed.csv` (one row per press), `page_speed.md` (per game: presses,
the longest task, the share of presses with a task over 200 ms, long-task time per press in
the first and the last third, the slope of draw time against log length) and
`page_speed.svg`.  The machine's load average is recorded: on a shared 2-core box the
numbers are noisy, and a task can be long because the browser did not get the CPU.
"""

from __future__ import annotations

import argparse
import bisect
import csv
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "experiments" / "results"

#: the log lines the page keeps (app.js LOG_KEEP)
LOG_KEEP = 400

#: one table per game: a person in seat 0 against cheap seats (the bots' thinking is not
#: what is measured); "pi_long" is P.I. against random seats, who rarely solve, so that the
#: game runs long and the log fills up (the test of draw time against log length)
TABLES = {
    "pi": {"game": "pi", "players": 3, "seats": ["human", "deducer", "deducer"]},
    "pulitzer": {"game": "pulitzer", "mode": "solo", "players": 1, "seats": []},
    "tabletop_inc": {"game": "tabletop_inc", "players": 2, "seats": ["human", "mumanbot:normal"]},
    "watergate": {"game": "watergate", "seats": ["human", "random"]},
    "salem": {"game": "salem", "players": 4, "seats": ["human", "random", "random", "random"]},
    "pi_long": {"game": "pi", "players": 3, "seats": ["human", "random", "random"]},
}

#: runs before the page's own script: the bots' speed, the long-task observer and the time
#: of every key press
INIT_JS = """
localStorage.setItem("automa.frame_ms", "%(speed)s");
window.__speed = {tasks: [], presses: []};
try {
  const seen = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__speed.tasks.push([e.startTime, e.duration]);
  });
  seen.observe({type: "longtask", buffered: true});
  window.__speed.observer = seen;
  window.__speed.frames = [];
  const frames = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__speed.frames.push([e.startTime, e.duration]);
  });
  frames.observe({type: "long-animation-frame", buffered: true});
  window.__speed.frameObserver = frames;
} catch (e) { window.__speed.unsupported = String(e); }
window.addEventListener("keydown", (ev) => window.__speed.presses.push([performance.now(), ev.key]), true);
"""

#: where the page stands: settled (a person's turn or the end), the ply, the keys it offers
SNAPSHOT_JS = """() => ({
  state: document.body.dataset.state || "",
  ply: Number(document.body.dataset.ply || -1),
  choices: document.querySelectorAll("#actions button.choice:not(.back)").length,
  log: document.querySelectorAll("#log li").length,
})"""

SETTLED_JS = "['turn', 'over'].includes(document.body.dataset.state)"

#: everything measured so far, taken out of the page (the observer flushed first)
COLLECT_JS = """() => {
  const s = window.__speed;
  if (s.observer) for (const e of s.observer.takeRecords()) s.tasks.push([e.startTime, e.duration]);
  const late = s.frameObserver ? s.frameObserver.takeRecords() : [];
  for (const e of late) s.frames.push([e.startTime, e.duration]);
  const draws = performance.getEntriesByName("automa.draw", "measure")
    .map((m) => [m.startTime, m.duration, m.detail ? m.detail.log : -1]);
  return {tasks: s.tasks, frames: s.frames || [], keys: s.presses, draws, unsupported: s.unsupported || null};
}"""

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def start_server(folder: Path) -> tuple[subprocess.Popen, str]:
    """`automa serve` on a free port with a database of its own; (process, base URL)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "automa.cli", "serve", "--db", str(folder / "speed.db"), "--port", "0",
         "--token", "t", "--no-open"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    line = proc.stdout.readline() if proc.stdout else ""
    found = re.search(r"http://[^/\s]+:(\d+)/", line)
    if not found:
        proc.kill()
        raise RuntimeError(f"automa serve did not start: {line!r}")
    return proc, f"http://127.0.0.1:{found.group(1)}"


def new_table(base: str, token: str, name: str, seed: int) -> str:
    """A new game through the API; the person's seat link."""
    body = dict(TABLES[name], seed=seed, bot_seed=seed)
    with httpx.Client(base_url=base, params={"token": token}, timeout=60) as http:
        made = http.post("/api/games", json=body)
        made.raise_for_status()
        return made.json()["seats"][0]["url"]


def play_by_keyboard(page, url: str, rng: random.Random, max_presses: int, skip_share: float = 0.25,
                     settle_ms: int = 180_000, tracer=None) -> dict:  # fmt: skip
    """Play the game at `url` by the keyboard until it ends or `max_presses` keys were
    pressed.  Returns the presses (key, ply and log length before it), the page's long tasks
    and draws, and the time the page had loaded (everything before is the load).  With a
    `tracer` (the Browser), also the main thread's CPU time after each press (`cpu`)."""
    page.goto(url)
    page.wait_for_function(SETTLED_JS, timeout=settle_ms)
    loaded = page.evaluate("performance.now()")
    if tracer is not None:
        tracer.start_tracing(page=page, categories=TRACE_CATEGORIES)
    presses = []
    over = False
    while len(presses) < max_presses:
        snap = page.evaluate(SNAPSHOT_JS)
        if snap["state"] == "over":
            over = True
            break
        if snap["choices"] == 0:
            raise AssertionError(f"a settled page offers no key to press (state {snap['state']})")
        key = str(rng.randint(1, min(9, snap["choices"])))
        started = time.perf_counter()
        page.keyboard.press(key)
        presses.append({"key": key, "ply": snap["ply"], "log_lines": snap["log"]})
        # Space skips the bots' moves on screen: pressed now and then while they are shown
        if rng.random() < skip_share and page.evaluate("document.body.dataset.state") in ("busy", "wait"):
            if len(presses) < max_presses:
                page.keyboard.press(" ")
                presses.append({"key": "Space", "ply": snap["ply"], "log_lines": snap["log"]})
        page.wait_for_function(SETTLED_JS, timeout=settle_ms)
        presses[-1]["wall_ms"] = (time.perf_counter() - started) * 1000
    got = page.evaluate(COLLECT_JS)
    if got["unsupported"]:
        raise RuntimeError(f"this browser reports no long tasks: {got['unsupported']}")
    if tracer is not None:
        got["cpu"] = cpu_per_press(json.loads(tracer.stop_tracing()), len(presses))
    return {"presses": presses, "loaded": loaded, "over": over, **got}


#: enough of Chromium's trace for the main thread's tasks and the key events
TRACE_CATEGORIES = ["devtools.timeline", "toplevel"]
#: one task of a thread, in the "toplevel" category
TASK_EVENT = "ThreadControllerImpl::RunTask"


def cpu_per_press(trace, presses: int) -> list[tuple[float, float]]:
    """The renderer main thread's CPU time (ms; the tasks' thread time, which does not count
    the time the thread waited for a core) from each key press to the next, from a trace:
    (the sum, the longest task) for each press."""
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    named = [e for e in events if e.get("ph") == "M" and e.get("name") == "thread_name"]
    mains = {(e["pid"], e["tid"]) for e in named if e["args"].get("name") == "CrRendererMain"}
    keys_at: dict[tuple, list[float]] = {m: [] for m in mains}
    for e in events:
        where = (e.get("pid"), e.get("tid"))
        if (
            where in keys_at
            and e.get("name") == "EventDispatch"
            and e.get("args", {}).get("data", {}).get("type") == "keydown"
        ):
            keys_at[where].append(e["ts"])  # fmt: skip
    main = max(keys_at, key=lambda m: len(keys_at[m]), default=None)
    if main is None or len(keys_at[main]) != presses:
        raise AssertionError(f"the trace holds {len(keys_at.get(main, []))} key presses, not {presses}")
    times, cpu = sorted(keys_at[main]), [[0.0, 0.0] for _ in range(presses)]
    for e in events:
        if (
            (e.get("pid"), e.get("tid")) == main
            and e.get("ph") == "X"
            and e.get("name") == TASK_EVENT
            and "tdur" in e
        ):
            at = bisect.bisect_right(times, e["ts"] + e.get("dur", 0)) - 1
            if at >= 0:
                cpu[at][0] += e["tdur"] / 1000
                cpu[at][1] = max(cpu[at][1], e["tdur"] / 1000)
    return [(total, longest) for total, longest in cpu]


def per_press(run: dict) -> tuple[list[dict], list[float]]:
    """Each press with the long tasks and draws that started after it and before the next
    press; and the long tasks of the load (before the first press)."""
    times = [t for t, _key in run["keys"]]
    if [k for _t, k in run["keys"]] != [p["key"].replace("Space", " ") for p in run["presses"]]:
        raise AssertionError("the page did not see the keys that were pressed")
    rows = [
        dict(p, longtask_ms=0.0, max_task_ms=0.0, max_frame_ms=0.0, draw_ms=0.0, draws=0)
        for p in run["presses"]
    ]
    for row, (cpu, longest) in zip(rows, run.get("cpu") or [], strict=False):
        row["cpu_ms"], row["max_task_cpu_ms"] = cpu, longest
    load = []
    for start, duration in run["tasks"]:
        at = bisect.bisect_right(times, start) - 1
        if at < 0:
            load.append(duration)
            continue
        rows[at]["longtask_ms"] += duration
        rows[at]["max_task_ms"] = max(rows[at]["max_task_ms"], duration)
    for start, duration in run["frames"]:
        at = bisect.bisect_right(times, start) - 1
        if at >= 0:
            rows[at]["max_frame_ms"] = max(rows[at]["max_frame_ms"], duration)
    for start, duration, _log in run["draws"]:
        at = bisect.bisect_right(times, start) - 1
        if at >= 0:
            rows[at]["draw_ms"] += duration
            rows[at]["draws"] += 1
    return rows, load


def thirds(values: list[float]) -> tuple[float, float]:
    """The mean of the first third and of the last third."""
    n = len(values)
    if n < 3:
        return float("nan"), float("nan")
    k = n // 3
    return statistics.fmean(values[:k]), statistics.fmean(values[-k:])


def slope(xs: list[float], ys: list[float]) -> float:
    """Least-squares slope of ys on xs (nan when xs do not vary)."""
    if len(xs) < 3 or len(set(xs)) < 2:
        return float("nan")
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sxx


def summary(game: str, run: dict, rows: list[dict], load: list[float]) -> dict:
    """One game's figures against the issue's bars."""
    per = [r["longtask_ms"] for r in rows]
    first, last = thirds(per)
    draws = [(log, ms) for _start, ms, log in run["draws"] if log >= 0]
    early, late = thirds([ms for _log, ms in draws])
    cpu_first, cpu_last = thirds([r["cpu_ms"] for r in rows]) if "cpu" in run else (float("nan"),) * 2
    # once the log is full (the page keeps LOG_KEEP lines), what still grows is not the log
    full = [r for r in rows if r["draws"] and r["log_lines"] >= LOG_KEEP]
    full_draw = thirds([r["draw_ms"] for r in full])
    full_cpu = thirds([r["cpu_ms"] for r in full]) if "cpu" in run else (float("nan"),) * 2
    return {
        "game": game,
        "presses": len(rows),
        "plies": max((r["ply"] for r in rows), default=0),
        "over": run["over"],
        "load_max_ms": max(load, default=0.0),
        "max_task_ms": max((r["max_task_ms"] for r in rows), default=0.0),
        "max_frame_ms": max((r["max_frame_ms"] for r in rows), default=0.0),
        "over_200": sum(r["max_task_ms"] > 200 for r in rows),
        "over_400": sum(r["max_task_ms"] > 400 for r in rows),
        "first_third_ms": first,
        "last_third_ms": last,
        "max_task_cpu_ms": max((r.get("max_task_cpu_ms", float("nan")) for r in rows), default=float("nan")),
        #: presses with a task over 200 ms: (press, that task's ms, the press's longest task's CPU ms)
        "slow": [
            (i + 1, r["max_task_ms"], r.get("max_task_cpu_ms", float("nan")))
            for i, r in enumerate(rows)
            if r["max_task_ms"] > 200
        ],
        "full_presses": len(full),
        "full_plies": (full[0]["ply"], full[-1]["ply"]) if full else (0, 0),
        "full_draw": full_draw,
        "full_cpu": full_cpu,
        "cpu_first_ms": cpu_first,
        "cpu_last_ms": cpu_last,
        "draws": len(draws),
        "max_log": max((log for log, _ms in draws), default=0),
        "draw_mean_ms": statistics.fmean([ms for _log, ms in draws]) if draws else float("nan"),
        "draw_first_ms": early,
        "draw_last_ms": late,
        #: ms of draw time per 100 more log lines
        "draw_slope": 100 * slope([log for log, _ms in draws], [ms for _log, ms in draws]),
    }


def svg_plot(
    points: dict[str, list[tuple[float, float]]], thirds_of: dict[str, tuple[float, float]], what: str
) -> str:
    """Two panels, drawn without matplotlib: draw time against log length per game, and
    `what` per press (main-thread CPU, or long-task time) in the first and the last third of
    each game."""
    colours = ["#1e6bd6", "#b3261e", "#2e7d32", "#8a5a2b", "#6a4b8c", "#e07b00"]
    w, h, pad = 460, 300, 48
    base = h - pad + 10

    def text(x: float, y: float, words: str, anchor: str = "start", **extra: str) -> str:
        more = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in extra.items())
        return f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}"{more}>{words}</text>'

    def line(x1: float, y1: float, x2: float, y2: float) -> str:
        return f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#555"/>'

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{2 * w}" height="{h + 40}"'
        ' font-family="sans-serif" font-size="11">'
    ]
    xmax = max([x for pts in points.values() for x, _y in pts] + [1])
    ymax = max([y for pts in points.values() for _x, y in pts] + [1])

    def X(x: float) -> float:
        return pad + x / xmax * (w - 2 * pad)

    def Y(y: float) -> float:
        return base - y / ymax * (h - 2 * pad)

    out += [
        text(pad, 16, "draw() time (ms) against log lines", font_size="13"),
        line(pad, Y(0), w - pad, Y(0)),
        line(pad, Y(0), pad, Y(ymax)),
        text(pad - 4, Y(ymax) + 4, f"{ymax:.1f}", "end"),
        text(pad - 4, Y(0), "0", "end"),
        text(w - pad, Y(0) + 16, f"{xmax:.0f} lines", "end"),
    ]
    for i, (game, pts) in enumerate(points.items()):
        c = colours[i % len(colours)]
        out += [f'<circle cx="{X(x):.1f}" cy="{Y(y):.1f}" r="1.8" fill="{c}" opacity=".6"/>' for x, y in pts]
        out.append(text(w - pad, 30 + 14 * i, game, "end", fill=c))
    top = max([v for pair in thirds_of.values() for v in pair if v == v] + [1])
    out.append(text(w + pad, 16, f"{what} per press: first third, last third", font_size="13"))
    bar = (w - 2 * pad) / max(1, len(thirds_of)) / 2.5
    for i, (game, pair) in enumerate(thirds_of.items()):
        x0 = w + pad + i * bar * 2.5
        for j, v in enumerate(pair):
            v = v if v == v else 0.0
            tall = v / top * (h - 2 * pad)
            out.append(
                f'<rect x="{x0 + j * bar:.1f}" y="{base - tall:.1f}" width="{bar - 2:.1f}"'
                f' height="{tall:.1f}" fill="{colours[i % len(colours)]}" opacity="{0.5 + 0.5 * j}"/>'
            )
            out.append(text(x0 + j * bar + bar / 2, base - 4 - tall, f"{v:.0f}", "middle"))
        out.append(text(x0 + bar, base + 14, game, "middle"))
    out.append("</svg>")
    return "\n".join(out)


def fmt(x: float, digits: int = 1) -> str:
    return "–" if x != x else f"{x:.{digits}f}"


#: the md table's columns: (heading, how a game's summary fills it)
COLUMNS = [
    ("game", lambda s: s["game"]),
    ("presses", lambda s: str(s["presses"])),
    ("plies", lambda s: str(s["plies"])),
    ("to the end", lambda s: "yes" if s["over"] else "no"),
    ("load: max task ms", lambda s: fmt(s["load_max_ms"], 0)),
    ("max task ms after load", lambda s: fmt(s["max_task_ms"], 0)),
    ("max frame ms", lambda s: fmt(s["max_frame_ms"], 0)),
    (
        "presses with a task > 200 ms",
        lambda s: f"{s['over_200']} ({100 * s['over_200'] / max(1, s['presses']):.1f}%)",
    ),
    ("long-task ms per press, first third", lambda s: fmt(s["first_third_ms"])),
    ("last third", lambda s: fmt(s["last_third_ms"])),
    ("longest task's CPU ms", lambda s: fmt(s["max_task_cpu_ms"], 0)),
    ("main-thread CPU ms per press, first third", lambda s: fmt(s["cpu_first_ms"])),
    ("last third", lambda s: fmt(s["cpu_last_ms"])),
    ("draws", lambda s: str(s["draws"])),
    ("draw ms mean", lambda s: fmt(s["draw_mean_ms"], 2)),
    ("draw ms, first third", lambda s: fmt(s["draw_first_ms"], 2)),
    ("last third", lambda s: fmt(s["draw_last_ms"], 2)),
    ("log lines (max)", lambda s: str(s["max_log"])),
    ("draw slope ms/100 lines", lambda s: fmt(s["draw_slope"], 3)),
]


def report(command: str, loads: tuple, sums: list[dict], speed: int, elapsed: float) -> str:
    start, end = (" / ".join(f"{x:.2f}" for x in load) for load in loads)
    lines = [
        "# The page's speed through whole games (#49)",
        "",
        f"    {command}",
        "",
        f"Headless Chromium ({os.cpu_count()} cores), one game of each game played by the keyboard "
        f"(a seeded digit among the choices offered; Space now and then while the bots' moves are "
        f"shown), bots shown at {speed} ms a move; {elapsed / 60:.1f} minutes.  Load average "
        f"(1, 5, 15 min) at the start {start}, at the end {end}: the machine is shared, so a task "
        "can be long because the browser waited for a core, and the figures are noisy.",
        "",
        "Long tasks are the browser's (50 ms and more: shorter ones are not reported), each given "
        "to the key press it follows; the load (before the first press) is apart.  A frame is a "
        "long animation frame (the task and the rendering after it).  Draw time is app.js's "
        "`automa.draw` measure (the script part of one draw; layout and paint fall in the task). "
        "The slope is the least-squares fit of draw time on the log's length, in ms per 100 "
        "lines (the page keeps the last 400 lines).  The main thread's CPU time is from a "
        "Chromium trace (each task's thread time from one key press to the next): unlike the "
        "long tasks, it does not count the time the page waited for a core on a loaded machine.",
        "",
        "| " + " | ".join(name for name, _fill in COLUMNS) + " |",
        "|" + "---|" * len(COLUMNS),
    ]
    lines += ["| " + " | ".join(fill(s) for _name, fill in COLUMNS) + " |" for s in sums]
    presses = sum(s["presses"] for s in sums)
    worst = max((s["max_task_ms"] for s in sums), default=0.0)
    over200 = sum(s["over_200"] for s in sums)
    grew = [s["game"] for s in sums if s["last_third_ms"] > s["first_third_ms"]]
    cpu_worst = max((s["max_task_cpu_ms"] for s in sums), default=float("nan"))
    lines += [
        "",
        "Against the bars, over all games:",
        "",
        f"- no task over 400 ms after load: {'met' if worst <= 400 else 'NOT met'} (longest {worst:.0f} ms)",
        f"- tasks over 200 ms on at most 1% of presses: {'met' if over200 <= 0.01 * presses else 'NOT met'} "
        f"({over200} of {presses} presses)",
        "- long-task time per press not higher in the last third than the first: "
        + ("met in every game" if not grew else "higher in " + ", ".join(grew)),
        "",
        "What the page itself costs (main-thread CPU, which a loaded machine does not inflate):",
        "",
        f"- no task after load used more than {fmt(cpu_worst, 0)} ms of CPU"
        + "".join(
            f"; {s['game']} press {press}: a {wall:.0f} ms task, the press's longest {fmt(cpu, 0)} ms of CPU"
            for s in sums
            for press, wall, cpu in s["slow"]
        ),
        "- CPU time per press, first third against last third: "
        + ", ".join(f"{s['game']} {fmt(s['cpu_first_ms'])} -> {fmt(s['cpu_last_ms'])} ms" for s in sums),
    ]
    for s in sums:
        if s["full_presses"] >= 9:
            first, last = s["full_plies"]
            lines.append(
                f"- {s['game']}, with the log full ({LOG_KEEP} lines, plies {first}-{last}): "
                f"draw {fmt(s['full_draw'][0])} -> {fmt(s['full_draw'][1])} ms, CPU per press "
                f"{fmt(s['full_cpu'][0])} -> {fmt(s['full_cpu'][1])} ms from the first third to the last: "
                "what grows here is not the log (the board, the actions)"
            )
    lines += [
        "",
        "![draw time against the log, and time per press early and late](page_speed.svg)",
        "",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", default=",".join(TABLES), help="games to play, comma-separated")
    p.add_argument("--seed", type=int, default=1, help="the games' and the keys' seed")
    p.add_argument("--speed", type=int, default=0, help="ms each bot move is shown (0 instant, 200 fast)")
    p.add_argument("--max-presses", type=int, default=300, help="stop a game after this many presses")
    p.add_argument("--out", type=Path, default=RESULTS)
    p.add_argument("--no-cpu", action="store_true", help="no trace of the main thread's CPU time")
    args = p.parse_args(argv)
    from playwright.sync_api import sync_playwright

    games = [g for g in args.games.split(",") if g]
    unknown = [g for g in games if g not in TABLES]
    if unknown:
        p.error(f"unknown game(s) {unknown}; choose from {list(TABLES)}")
    command = "python experiments/page_speed.py " + " ".join(argv if argv is not None else sys.argv[1:])
    loads = [os.getloadavg()]
    began = time.perf_counter()
    folder = Path(tempfile.mkdtemp(prefix="automa-speed-"))
    proc, base = start_server(folder)
    all_rows, sums, points, third = [], [], {}, {}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            for n, game in enumerate(games):
                context = browser.new_context(viewport={"width": 1366, "height": 768}, bypass_csp=True)
                context.add_init_script(INIT_JS % {"speed": args.speed})
                page = context.new_page()
                errors: list[str] = []
                page.on("pageerror", lambda err, errors=errors: errors.append(str(err)))
                url = base + new_table(base, "t", game, args.seed + n) + "&token=t"
                run = play_by_keyboard(
                    page, url, random.Random(args.seed * 1000 + n), args.max_presses,
                    tracer=None if args.no_cpu else browser,
                )  # fmt: skip
                context.close()
                if errors:
                    raise RuntimeError(f"{game}: the page raised {errors[:3]}")
                rows, load = per_press(run)
                for i, r in enumerate(rows):
                    all_rows.append({"game": game, "press": i + 1, **r})
                s = summary(game, run, rows, load)
                sums.append(s)
                points[game] = [(log, ms) for _t, ms, log in run["draws"] if log >= 0]
                third[game] = (
                    (s["first_third_ms"], s["last_third_ms"])
                    if args.no_cpu
                    else (s["cpu_first_ms"], s["cpu_last_ms"])
                )
                print(
                    f"{game}: {s['presses']} presses, {s['plies']} plies, "
                    f"max task {s['max_task_ms']:.0f} ms, draw slope {fmt(s['draw_slope'], 3)} ms/100 lines",
                    flush=True,
                )
            browser.close()
    finally:
        proc.terminate()
        proc.wait(timeout=20)
    loads.append(os.getloadavg())
    args.out.mkdir(parents=True, exist_ok=True)
    fields = [
        "game",
        "press",
        "key",
        "ply",
        "log_lines",
        "longtask_ms",
        "max_task_ms",
        "max_frame_ms",
        "draw_ms",
        "draws",
        "wall_ms",
        "cpu_ms",
        "max_task_cpu_ms",
    ]
    with open(args.out / "page_speed.csv", "w", newline="", encoding="utf-8") as handle:
        out = csv.DictWriter(handle, fieldnames=fields, extrasaction="ignore")
        out.writeheader()
        for r in all_rows:
            out.writerow({k: round(v, 2) if isinstance(v, float) else v for k, v in r.items()})
    (args.out / "page_speed.svg").write_text(
        svg_plot(points, third, "long-task ms" if args.no_cpu else "main-thread CPU ms"), encoding="utf-8"
    )
    (args.out / "page_speed.md").write_text(
        report(command.strip(), tuple(loads), sums, args.speed, time.perf_counter() - began), encoding="utf-8"
    )
    print(f"wrote {args.out / 'page_speed.md'}")


if __name__ == "__main__":
    main()
