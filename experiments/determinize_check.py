"""Worlds for every seat, at scale: random games of every game, mode and player count, with
a determinization sampled for every seat every few moves.  Writes determinize_check.csv and
.md (no plot: the expected figure is zero failures everywhere).

Every world must keep its seat's observation and offer its mover legal actions that apply
(up to --probe of them, drawn at random, are applied to copies).  At each sample point one
seat, in turn, gets the full treatment: its world must not depend on hidden truth (a world
sampled from the world equals one sampled from the real state, so it reveals no other seat's
secret, pending decisions included), every one of its legal actions must apply, and it is
played out to the end; the other seats' worlds are walked --walk random moves.  Over a game
every seat gets the full treatment many times.

    python experiments/determinize_check.py --games 10000 --every 8 --jobs 2

Games are checked in chunks of --chunk seeds, each appended to --work as it finishes, so an
interrupted run resumes where it stopped (the committed work file is the run so far);
--report writes the table from the chunks finished so far.
"""

from __future__ import annotations

import json
import random
import sys
import time
import traceback
from dataclasses import dataclass
from pathlib import Path

from common import RESULTS, Timer, parser, resumable, write_table

from automa.rules.core import all_configurations, load_game
from tests.conformance import assert_world_hides_truth, sampled_world


@dataclass(frozen=True)
class Chunk:
    index: str
    name: str
    params: dict
    first_seed: int
    seeds: int


def check_world(state, seat: int, world_seed: int, full: bool, probe: int, walk: int) -> int:
    """Checks one world for `seat`; returns the moves it was played on.  Raises on a failure."""
    world, legal = sampled_world(state, seat, world_seed)
    draw = random.Random(world_seed)
    tried = legal if full or len(legal) <= probe else draw.sample(legal, probe)
    for action in tried:
        world.clone().apply_action(action)
    if full:
        assert_world_hides_truth(state, world, seat, world_seed + 1)
    moves = 0
    while not world.is_terminal() and (full or moves < walk):
        world._apply(world.random_action(draw))  # unchecked, as in search: the playouts' own path
        moves += 1
    return moves


def check_chunk(chunk: Chunk, every: int, probe: int, walk: int) -> dict:
    game = load_game(chunk.name, **chunk.params)
    seats = [s for s in range(game.num_players) if s not in game.automaton_seats()]
    worlds = full_worlds = moves = failures = 0
    first = ""
    start = time.process_time()
    for seed in range(chunk.first_seed, chunk.first_seed + chunk.seeds):
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        step = point = 0
        while not state.is_terminal():
            if step % every == 0:
                for seat in seats:
                    full = seat == seats[point % len(seats)]
                    try:
                        moves += check_world(
                            state, seat, seed * 100_003 + step * 13 + seat, full, probe, walk
                        )
                    except Exception as exc:  # counted and the first one kept, the run goes on
                        failures += 1
                        if not first:
                            first = (
                                f"seed {seed} step {step} seat {seat}: {type(exc).__name__}: {exc} "
                                f"{traceback.format_exc(limit=3).splitlines()[-2].strip()}"
                            )
                    worlds += 1
                    full_worlds += full
                point += 1
            state.apply_action(state.random_action(rng))
            step += 1
    return dict(
        index=chunk.index,
        games=chunk.seeds,
        worlds=worlds,
        full_worlds=full_worlds,
        moves=moves,
        failures=failures,
        first=first,
        cpu_seconds=round(time.process_time() - start, 2),
    )


def main() -> None:
    p = parser(__doc__.splitlines()[0], games=200)
    p.add_argument("--every", type=int, default=8, help="moves between sample points (default 8)")
    p.add_argument(
        "--probe",
        type=int,
        default=8,
        help="legal actions applied in a world that is not played out (default 8)",
    )
    p.add_argument("--walk", type=int, default=12, help="random moves walked in such a world (default 12)")
    p.add_argument("--chunk", type=int, default=100, help="games per unit of work (default 100)")
    p.add_argument("--only", default=None, help="one game")
    p.add_argument(
        "--report",
        action="store_true",
        help="write the table from the chunks finished so far, checking nothing new",
    )
    p.add_argument(
        "--work",
        type=Path,
        default=RESULTS / "determinize_check.jsonl",
        help="where finished chunks are kept (default: beside the table)",
    )
    args = p.parse_args()
    configs = [(n, prm) for n, prm in all_configurations() if args.only in (None, n)]
    tag = f"every={args.every},probe={args.probe},walk={args.walk}"
    tasks = []  # chunk by chunk across the configurations, so a stopped run covers all alike
    for first in range(args.seed, args.seed + args.games, args.chunk):
        for name, params in configs:
            seeds = min(args.chunk, args.seed + args.games - first)
            key = f"{name}:{params['mode']}:{params['players']}:{first}+{seeds}:{tag}"
            tasks.append(Chunk(key, name, params, first, seeds))
    args.work.parent.mkdir(parents=True, exist_ok=True)
    with Timer() as timer:
        if args.report:
            done = {
                r["index"]: r for r in map(json.loads, args.work.read_text(encoding="utf-8").splitlines())
            }
            results = [done.get(t.index) for t in tasks]
        else:
            results = resumable(
                args.work, tasks, check_chunk, args.every, args.probe, args.walk, jobs=args.jobs
            )
    rows = []
    for name, params in configs:
        mine = [r for t, r in zip(tasks, results, strict=True) if r and (t.name, t.params) == (name, params)]
        rows.append(
            [
                name,
                params["mode"],
                params["players"],
                sum(r["games"] for r in mine),
                sum(r["worlds"] for r in mine),
                sum(r["full_worlds"] for r in mine),
                sum(r["moves"] for r in mine),
                sum(r["failures"] for r in mine),
                next((r["first"] for r in mine if r["first"]), ""),
            ]
        )
    # the command that checks (a --report run only tabulates what it did), timed by its chunks' CPU
    command = "python experiments/determinize_check.py " + " ".join(
        a for a in sys.argv[1:] if a != "--report"
    )
    cpu = sum(r["cpu_seconds"] for r in results if r)
    write_table(
        args.out,
        "determinize_check",
        [
            "game",
            "mode",
            "players",
            "games",
            "worlds",
            "worlds played out",
            "moves played",
            "failures",
            "first failure",
        ],
        rows,
        "Worlds for every seat: random games, a world per seat every few moves",
        command.strip(),
        cpu if args.report else timer.seconds,
        notes=[
            f"{sum(r[3] for r in rows)} games, {sum(r[4] for r in rows)} worlds "
            f"({sum(r[5] for r in rows)} played to the end), {sum(r[7] for r in rows)} failures.",
            "A world played to the end also had every legal action applied and was checked "
            "not to depend on hidden truth; the others had up to "
            f"{args.probe} legal actions applied and {args.walk} random moves walked.",
            f"The finished chunks took {cpu / 3600:.1f} hours of CPU in all (the minutes above, "
            f"with --report, are that CPU time); the target is {args.games} games a configuration.",
        ],
    )


if __name__ == "__main__":
    main()
