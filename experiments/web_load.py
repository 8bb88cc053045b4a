"""How `automa serve` holds under load (#47's bars), measured on a real server process.

    python experiments/web_load.py [--games 8] [--seconds 20] [--iterations 20000]

Starts `automa serve` on a free port with a fresh database, opens `--games` Salem tables
(one person, three ISMCTS bots that think long), plays the person's first move in each so that
every table's bots think at once, and for `--seconds` times a GET of a table with no bot
thinking and a GET of one whose bots are thinking.  Then it sends 20 record uploads just under
the body limit and one over it, and reads the server's memory (RSS) before and after.
Writes experiments/results/web_load.csv (one row per request) and web_load.md.
"""

from __future__ import annotations

import argparse
import csv
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

RESULTS = Path(__file__).parent / "results"


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--iterations", type=int, default=20000)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="automa-load-"))
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "automa.cli",
            "serve",
            "--db",
            str(folder / "a.db"),
            "--port",
            "0",
            "--token",
            "t",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    base = "http://127.0.0.1:" + re.search(r":(\d+)/", proc.stdout.readline()).group(1)
    rows = []
    try:
        with httpx.Client(base_url=base, params={"token": "t"}, timeout=120) as http:
            bot = f"ismcts:iterations={args.iterations}"

            def table(seats):
                made = http.post("/api/games", json={"game": "salem", "players": 4, "seats": seats}).json()
                seat = made["seats"][0]
                return made["id"], {"seat": seat["seat"], "key": seat["key"]}

            idle_id, idle_q = table(["human", "random", "random", "random"])
            http.post(f"/api/games/{idle_id}/advance", params=idle_q, json={"wait": 30})
            thinking = []
            for _ in range(args.games):
                gid, q = table(["human", bot, bot, bot])
                view = http.post(f"/api/games/{gid}/advance", params=q, json={"wait": 0}).json()
                if view["your_turn"]:
                    view = http.post(
                        f"/api/games/{gid}/act", params=q, json={"index": 0, "ply": view["ply"], "wait": 0}
                    ).json()
                thinking.append((gid, q))
            rss_start = rss_mb(proc.pid)
            end = time.monotonic() + args.seconds
            while time.monotonic() < end:
                for kind, (gid, q) in (("idle game", (idle_id, idle_q)), ("thinking game", thinking[0])):
                    t = time.perf_counter()
                    view = http.get(f"/api/games/{gid}", params=q).json()
                    rows.append(
                        [kind, round(time.perf_counter() - t, 4), view.get("thinking"), view.get("queued")]
                    )
                time.sleep(0.2)
            still = sum(http.get(f"/api/games/{g}", params=q).json()["thinking"] for g, q in thinking)
            record = '{"text": "' + "x" * (4 * 1024 * 1024 - 200) + '"}'
            codes = [http.post("/api/replays", content=record).status_code for _ in range(20)]
            over = http.post("/api/replays", content=record + " " * 400).status_code
            rss_end = rss_mb(proc.pid)
    finally:
        proc.kill()
        proc.wait()
    RESULTS.mkdir(exist_ok=True)
    with open(RESULTS / "web_load.csv", "w", newline="") as handle:
        out = csv.writer(handle)
        out.writerow(["request", "seconds", "thinking", "queued"])
        out.writerows(rows)
    lines = [
        "# `automa serve` under load",
        "",
        f"Made by `python experiments/web_load.py --games {args.games} --seconds {args.seconds:g} "
        f"--iterations {args.iterations}` on a {__import__('os').cpu_count()}-core machine.",
        "",
        f"{args.games} Salem tables whose three `ismcts:iterations={args.iterations}` bots think at once "
        f"(still thinking at the end: {still}); GETs timed over {args.seconds:g} s:",
        "",
        "| request | n | median s | max s |",
        "|---|---|---|---|",
    ]
    for kind in ("idle game", "thinking game"):
        times = [r[1] for r in rows if r[0] == kind]
        article = "an" if kind[0] in "aeiou" else "a"
        median, worst = statistics.median(times), max(times)
        lines.append(f"| GET of {article} {kind} | {len(times)} | {median:.3f} | {worst:.3f} |")
    lines += [
        "",
        f"20 uploads just under the 4 MB body limit answered {sorted(set(codes))}; one over it {over}.",
        f"Server memory (RSS): {rss_start:.0f} MB with the tables thinking, "
        f"{rss_end:.0f} MB after the uploads.",
    ]
    (RESULTS / "web_load.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
