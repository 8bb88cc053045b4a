"""Tournaments: schedules, parallel execution on joblib, resumable JSONL results, reports.

Every game of a tournament is fixed in advance by the root seed: its deal seed, its
seating and each bot's seed come from a `numpy.random.SeedSequence` tree keyed by the
game's index, so a result never depends on which worker ran it or in what order.
"""

from __future__ import annotations

import csv
import hashlib
import importlib
import itertools
import json
import os
import sys
import time
import traceback
import warnings
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from automa.rules.core import AutomaError, game_class, load_game
from automa.search.bots import make_bot
from automa.search.records import dumps, library_version, make_record, read_lines
from automa.search.stats import SPRT, Rating, ratings_with_bootstrap, wilson_interval


class TournamentError(AutomaError):
    """A tournament that cannot start or go on (bad settings, another tournament's file, a dead worker)."""

    pass


# --------------------------------------------------------------------------- schedule


@dataclass(frozen=True)
class GameTask:
    """One scheduled game: its seats, seeds and place in the tournament (picklable, for workers)."""

    index: int
    game: str
    params: dict
    seats: tuple[str, ...]
    game_seed: int
    bot_seeds: tuple[int, ...]
    match: int
    seating: int
    tournament: str
    move_seconds: float = 0.0
    #: the module that registers the game, imported by workers (games may live outside rules/)
    module: str = ""
    #: a position every game starts from (docs/positions.md), its generator reseeded from
    #: `game_seed`; "" for the set-up of `game_seed`
    position: str = ""


def _seed_from(root: int, *key: int) -> int:
    import numpy as np  # here, not at import: worker processes that only play start faster

    seq = np.random.SeedSequence(root, spawn_key=key)
    return int(seq.generate_state(1, dtype=np.uint64)[0] >> np.uint64(1))


def seatings(players: int, rotation: str) -> list[tuple[int, ...]]:
    """Each seating maps seat -> position in the line-up."""
    if rotation == "rotate":
        return [tuple((s + r) % players for s in range(players)) for r in range(players)]
    if rotation == "permute":
        return list(itertools.permutations(range(players)))
    if rotation == "fixed":
        return [tuple(range(players))]
    raise TournamentError(f"rotation must be rotate, permute or fixed; got {rotation!r}")


def lineup(bots: Sequence[str], players: int) -> list[str]:
    """The bot specs cycled to fill `players` seats."""
    if not bots:
        raise TournamentError("give at least one bot spec")
    if len(bots) > players:
        raise TournamentError(
            f"{len(bots)} bots for {players} seats: give at most {players} bot specs (or raise --players)"
        )
    return [bots[s % len(bots)] for s in range(players)]


def tournament_id(
    game: str, params: dict, bots: Sequence[str], games: int, seed: int, rotation: str, duplicate: bool
) -> str:
    """A short hash of the settings, stored in every record so --resume never mixes tournaments."""
    text = json.dumps([game, params, list(bots), games, seed, rotation, duplicate], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def schedule(
    game: str,
    params: dict,
    bots: Sequence[str],
    games: int,
    seed: int,
    rotation: str = "rotate",
    duplicate: bool = True,
    move_seconds: float = 0.0,
    position: str = "",
) -> list[GameTask]:
    """Games 0..games-1. With `duplicate`, consecutive games replay one deal under every
    seating (so the luck of the deal cancels); without, every game gets a new deal.  With
    `position`, every game starts there (the position is every game's deal), its randomness
    from then on drawn from a seed of the tournament's seed and the game's index, so no two
    games play the same."""
    players = params["players"]
    line = lineup(bots, players)
    orders = seatings(players, rotation)
    tid = tournament_id(game, params, bots, games, seed, rotation, duplicate)
    if position:
        tid = hashlib.sha256((tid + position).encode()).hexdigest()[:12]
    tasks = []
    for g in range(games):
        seating = g % len(orders)
        match = g // len(orders) if duplicate else g
        order = orders[seating]
        seats = tuple(line[order[s]] for s in range(players))
        tasks.append(
            GameTask(
                index=g,
                game=game,
                params=dict(params),
                seats=seats,
                game_seed=_seed_from(seed, 3, g) if position else _seed_from(seed, 0, match),
                bot_seeds=tuple(_seed_from(seed, 1, g, s) for s in range(players)),
                match=match,
                seating=seating,
                tournament=tid,
                move_seconds=move_seconds,
                module=game_class(game).__module__,
                position=position,
            )
        )
    return tasks


# --------------------------------------------------------------------------- one game


def play_game(task: GameTask, on_move: Callable | None = None) -> dict:
    """Play one scheduled game to the end and return its record (an error row if a bot or
    the engine raised, a forfeit row if a bot overran the per-move time limit)."""
    start = time.perf_counter()
    extra = {
        "index": task.index,
        "match": task.match,
        "seating": task.seating,
        "tournament": task.tournament,
        "bot_seeds": list(task.bot_seeds),
    }
    if task.position:
        extra["position"] = task.position
    actions: list = []
    game = None
    try:
        if task.module:
            importlib.import_module(task.module)
        game = load_game(task.game, **task.params).with_automaton_seats(task.seats)
        automata = set(game.automaton_seats())
        bots = {
            s: make_bot(spec, game, task.bot_seeds[s])
            for s, spec in enumerate(task.seats)
            if s not in automata
        }
        if task.position:
            from automa.rules.position import start_state

            state = start_state(game, task.position, task.game_seed)
        else:
            state = game.new_initial_state(task.game_seed)
        while not state.is_terminal():
            seat = state.current_player()
            began = time.perf_counter()
            action = bots[seat].act(state, seat)
            spent = time.perf_counter() - began
            if task.move_seconds and spent > task.move_seconds:
                return _forfeit_record(game, task, state, actions, seat, spent, start, extra)
            text = state.action_to_string(action)
            state.apply_action(action)
            actions.append((action, text, seat))
            if on_move is not None:
                on_move(state, seat, action, text)
        return make_record(
            game, task.game_seed, list(task.seats), state, actions, time.perf_counter() - start, extra
        )
    except Exception as exc:  # recorded, and the tournament carries on
        params = game.params.to_json() if game is not None else task.params
        return {
            "format": 1,
            "version": library_version(),
            "game": task.game,
            "params": params,
            "seed": task.game_seed,
            "seats": list(task.seats),
            "status": "error",
            "error": f"{type(exc).__name__}: {exc}",
            "traceback": traceback.format_exc(),
            "actions_played": len(actions),
            "wall_time": round(time.perf_counter() - start, 4),
            **extra,
        }


def _forfeit_record(game, task, state, actions, seat, spent, start, extra) -> dict:
    others = [s for s in range(len(task.seats)) if s != seat and s not in game.automaton_seats()]
    record = make_record(
        game, task.game_seed, list(task.seats), state, actions, time.perf_counter() - start, extra
    )
    record.update(
        {
            "status": "forfeit",
            "forfeit_seat": seat,
            "reason": f"seat {seat} ({task.seats[seat]}) forfeits: {spent:.2f}s for one move, "
            f"limit {task.move_seconds:g}s",
            "winners": others,
            "ranks": [2 if s == seat else 1 for s in range(len(task.seats))],
        }
    )
    return record


def _play_chunk(tasks: Sequence[GameTask]) -> list[dict]:
    return [play_game(t) for t in tasks]


# --------------------------------------------------------------------------- running


@dataclass
class RunResult:
    """What `run` played: the records (sorted by game), counts, time, and why it stopped early."""

    records: list[dict]
    played: int
    skipped: int
    seconds: float
    stopped_early: str = ""


def _existing(out: Path, tid: str) -> dict[int, dict]:
    """Finished rows of this tournament already in `out`; rewrites the file without a
    partial last line, and refuses a file written by another tournament."""
    done: dict[int, dict] = {}
    keep: list[dict] = []
    dropped = 0
    for line in read_lines(out):
        if line.record is None:
            dropped += 1
            continue
        rec = line.record
        if rec.get("tournament") != tid:
            raise TournamentError(
                f"{out} holds games of another tournament "
                f"(id {rec.get('tournament')}, this one is {tid}): "
                f"give a new --out file or the same settings as before"
            )
        if rec.get("index") in done:
            continue
        done[rec["index"]] = rec
        keep.append(rec)
    if dropped:
        tmp = out.with_suffix(out.suffix + ".tmp")
        with open(tmp, "w", encoding="utf-8") as handle:
            for rec in keep:
                handle.write(dumps(rec) + "\n")
        os.replace(tmp, out)
    return done


def _parallel_results(
    todo: list[GameTask], jobs: int, backend: str, scheduler: str | None
) -> Iterator[list[dict]]:
    if jobs == 1 and backend == "loky":
        for task in todo:
            yield [play_game(task)]
        return
    import joblib

    workers = jobs if jobs > 0 else (os.cpu_count() or 1)
    chunk = max(1, min(4, len(todo) // (workers * 8)))
    chunks = [todo[i : i + chunk] for i in range(0, len(todo), chunk)]
    if backend == "loky":
        forked = _loky_backend()
        if forked == "loky":
            yield from _loky_results(chunks, jobs)
            return
        # Forked workers start at once, so this process only collects and writes.
        parallel = joblib.Parallel(
            n_jobs=jobs,
            return_as="generator_unordered",
            batch_size=1,
            pre_dispatch="2*n_jobs",
            backend=forked,
        )
        generator = parallel(joblib.delayed(_play_chunk)(c) for c in chunks)
        try:
            for batch in generator:  # noqa: UP028  (yield from would close it outside the filter below)
                yield batch
        finally:
            with warnings.catch_warnings():  # an early stop (SPRT) drops queued games on purpose
                warnings.filterwarnings(
                    "ignore", message=r".*(not used|have been cancelled)", category=UserWarning
                )
                generator.close()
        return
    if backend == "dask":
        try:
            from dask.distributed import Client
        except ImportError:
            raise TournamentError("--backend dask needs the dask extra: pip install 'automa[dask]'") from None
        client = (
            Client(scheduler)
            if scheduler
            else Client(processes=True, n_workers=workers, threads_per_worker=1)
        )
        try:
            with joblib.parallel_config(backend="dask"):
                parallel = joblib.Parallel(n_jobs=jobs, return_as="generator_unordered", batch_size=1)
                yield from parallel(joblib.delayed(_play_chunk)(c) for c in chunks)
        finally:
            client.close()
        return
    if backend == "ray":
        try:
            from ray.util.joblib import register_ray
        except ImportError:
            raise TournamentError("--backend ray needs the ray extra: pip install 'automa[ray]'") from None
        register_ray()
        # Ray's joblib backend is built on a multiprocessing-style pool, from which joblib
        # will not stream results; so the chunks go out a group at a time and each group's
        # games are written when the group ends (a kill loses at most the group in flight).
        group = 2 * workers
        with joblib.parallel_config(backend="ray"), joblib.Parallel(n_jobs=jobs, batch_size=1) as parallel:
            for start in range(0, len(chunks), group):
                yield from parallel(joblib.delayed(_play_chunk)(c) for c in chunks[start : start + group])
        return
    raise TournamentError(f"backend must be loky, dask or ray; got {backend!r}")


def _loky_backend():
    """Forked loky workers where that is safe (see search/fork_backend.py), else loky's own."""
    from automa.search.fork_backend import ForkLokyBackend, fork_is_safe

    return ForkLokyBackend() if fork_is_safe() else "loky"


def _loky_results(chunks: list[list[GameTask]], jobs: int) -> Iterator[list[dict]]:
    """joblib.Parallel (loky's own workers) over the chunks from the front of the queue,
    while this process plays chunks from the back until the workers have started.

    Where loky cannot fork (macOS, Windows, another thread running), a worker is a fresh
    interpreter that takes about half a second to import joblib, numpy and the game; on a
    short run that is a large share of the time, so this process plays games meanwhile
    instead of waiting.  Which process plays a game never changes its result: every game
    carries its own seeds.
    """
    import queue
    import threading

    import joblib

    lock = threading.Lock()
    bounds = {"front": 0, "back": len(chunks)}
    results: queue.Queue = queue.Queue()
    done = object()

    def front_chunks():
        while True:
            with lock:
                if bounds["front"] >= bounds["back"]:
                    return
                chunk = chunks[bounds["front"]]
                bounds["front"] += 1
            yield joblib.delayed(_play_chunk)(chunk)

    # Made here, the generator starts the workers and hands them their first chunks
    # before this process starts playing.
    parallel = joblib.Parallel(
        n_jobs=jobs, return_as="generator_unordered", batch_size=1, pre_dispatch="2*n_jobs"
    )
    generator = parallel(front_chunks())

    def pump():
        try:
            for batch in generator:
                results.put(batch)
        except BaseException as exc:  # handed to the main thread, which raises it
            results.put(exc)
        finally:
            results.put(done)

    def take(item):
        if isinstance(item, BaseException):
            raise item
        return item

    # The pump thread and loky's own threads need the GIL for a moment now and then;
    # a short switch interval keeps this process's games from starving them.
    interval = sys.getswitchinterval()
    sys.setswitchinterval(min(interval, 0.0005))
    thread = threading.Thread(target=pump, name="automa-loky-pump", daemon=True)
    try:
        thread.start()
        finished = False
        received = 0
        while True:
            while True:
                try:
                    item = results.get_nowait()
                except queue.Empty:
                    break
                if item is done:
                    finished = True
                    break
                received += 1
                yield take(item)
            if finished:
                break
            with lock:
                if received >= jobs:  # the workers are up: leave the cores to them
                    chunk = None
                elif bounds["back"] <= bounds["front"]:
                    chunk = None
                else:
                    bounds["back"] -= 1
                    chunk = chunks[bounds["back"]]
            if chunk is None:
                break
            for task in chunk:
                yield [play_game(task)]
        while not finished:
            item = results.get()
            if item is done:
                break
            yield take(item)
    finally:
        with lock:  # on an early stop (SPRT, Ctrl-C) hand out no more chunks
            bounds["front"] = bounds["back"] = 0
        sys.setswitchinterval(interval)


#: how loky (TerminatedWorkerError) and concurrent.futures (BrokenProcessPool) report a
#: worker killed by a crash, the out-of-memory killer or a signal
_DEAD_WORKER_ERRORS = {"TerminatedWorkerError", "BrokenProcessPool"}


def run(
    tasks: list[GameTask],
    out: Path | str | None,
    jobs: int = 1,
    resume: bool = False,
    overwrite: bool = False,
    backend: str = "loky",
    scheduler: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    sprt: SPRT | None = None,
    on_record: Callable[[dict], None] | None = None,
) -> RunResult:
    """Play every task not already in `out`, appending one JSON line per finished game.
    `progress(done, total)` is told the games done (those a resumed run already has
    included) at the start and after each batch: the caller draws it (the CLI's bar), so
    this module writes nothing to the terminal."""
    start = time.perf_counter()
    done: dict[int, dict] = {}
    handle = None
    if out is not None:
        out = Path(out)
        if out.exists() and out.stat().st_size > 0:
            if resume:
                done = _existing(out, tasks[0].tournament if tasks else "")
            elif not overwrite:
                raise TournamentError(
                    f"{out} exists: use --resume to finish that tournament, or --overwrite to start again"
                )
            else:
                out.unlink()
        handle = open(out, "a", encoding="utf-8")
    todo = [t for t in tasks if t.index not in done]
    records = list(done.values())
    if progress is not None:
        progress(len(records), len(tasks))
    stopped = ""
    try:
        for batch in _parallel_results(todo, jobs, backend, scheduler):
            for record in batch:
                if handle is not None:
                    handle.write(dumps(record) + "\n")
                    handle.flush()
                records.append(record)
                if on_record is not None:
                    on_record(record)
            if progress is not None:
                progress(len(records), len(tasks))
            if sprt is not None:
                decision = _sprt_decision(records, sprt)
                if decision:
                    stopped = decision
                    break
    except Exception as exc:
        if type(exc).__name__ not in _DEAD_WORKER_ERRORS:
            raise
        lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
        cause = next(
            (line for line in lines if "exit code" in line), lines[0] if lines else type(exc).__name__
        )
        kept = f"; the {len(records)} finished games are in {out}, and --resume plays the rest" if out else ""
        raise TournamentError(
            f"a worker process died ({cause}){kept}. "
            "If it dies again on resuming, a game there kills it: run that part "
            "with --jobs 1 to see the error"
        ) from exc
    finally:
        if handle is not None:
            handle.close()
    records.sort(key=lambda r: r.get("index", 0))
    return RunResult(records, len(records) - len(done), len(done), time.perf_counter() - start, stopped)


def win_credit(record: dict, seats: Sequence[int], team: bool) -> float:
    """How much of `record`'s win belongs to `seats`: in a team game (Game.team_wins) a whole
    win when any of them is on the winning side; otherwise their share of a first place that
    several seats may split.  0 when nobody won."""
    winners = record["winners"]
    if not winners:
        return 0.0
    mine = sum(1 for s in seats if s in winners)
    if team:
        return 1.0 if mine else 0.0
    return mine / len(winners)


def team_wins(records: Sequence[dict]) -> bool:
    """Whether the records' game counts wins by side (Salem); False for a game not installed."""
    try:
        return bool(records) and game_class(records[0]["game"]).team_wins
    except AutomaError:
        return False


def _sprt_decision(records: list[dict], sprt: SPRT) -> str:
    specs = sorted({s for r in records for s in r["seats"]})
    if len(specs) != 2:
        return ""
    a = records[0]["seats"][0] if records else specs[0]
    team = team_wins(records)
    wins = losses = 0.0
    for r in records:
        if r.get("status") == "error":
            continue
        a_seats = [s for s, spec in enumerate(r["seats"]) if spec == a]
        if not r["winners"]:
            losses += 0.5
            wins += 0.5
            continue
        # a's result against b: its share of the win, less b's, from -1 to 1 (the same side
        # winning or losing in a team game is a draw between them)
        b_seats = [s for s in range(len(r["seats"])) if s not in a_seats]
        score = (1 + win_credit(r, a_seats, team) - win_credit(r, b_seats, team)) / 2
        wins += score
        losses += 1 - score
    decision = sprt.decision(wins, losses)
    if decision == "H1":
        return f"SPRT: {a} is stronger (Elo > {sprt.elo0:g} rejected in favour of {sprt.elo1:g})"
    if decision == "H0":
        return f"SPRT: {a} is not {sprt.elo1:g} Elo stronger (H0 accepted)"
    return ""


# --------------------------------------------------------------------------- report


@dataclass
class BotLine:
    """One row of the report: a bot's (or a seat's) games, wins, interval, mean score and rank."""

    bot: str
    games: int
    wins: float
    win_rate: float
    low: float
    high: float
    mean_score: float
    mean_rank: float


@dataclass
class Report:
    """Win rates by bot and by seat, ratings, and how the games ended."""

    game: str
    games: int
    errors: int
    forfeits: int
    bots: list[BotLine]
    seats: list[BotLine]
    ratings: list[Rating] = field(default_factory=list)
    outcomes: dict[str, int] = field(default_factory=dict)
    team_wins: bool = False


def summarize(records: Sequence[dict], bootstrap: int = 200, seed: int = 0) -> Report:
    """The report of finished records: Wilson intervals, Bradley-Terry ratings with bootstrap intervals."""
    ok = [r for r in records if r.get("status") in ("ok", "forfeit")]
    errors = sum(1 for r in records if r.get("status") == "error")
    forfeits = sum(1 for r in records if r.get("status") == "forfeit")
    per_bot: dict[str, list[tuple[float, float, int]]] = {}
    per_seat: dict[int, list[tuple[float, float, int]]] = {}
    outcomes: dict[str, int] = {}
    team = team_wins(ok)
    for r in ok:
        outcomes[r.get("reason", "")] = outcomes.get(r.get("reason", ""), 0) + 1
        for s, spec in enumerate(r["seats"]):
            row = (
                win_credit(r, [s], team),
                float(r["scores"][s][0]) if r.get("scores") else 0.0,
                r["ranks"][s],
            )
            per_bot.setdefault(spec, []).append(row)
            per_seat.setdefault(s, []).append(row)

    def line(name: str, rows: list[tuple[float, float, int]]) -> BotLine:
        n = len(rows)
        wins = sum(w for w, _, _ in rows)
        low, high = wilson_interval(wins, n)
        return BotLine(
            name,
            n,
            wins,
            wins / n if n else 0.0,
            low,
            high,
            sum(s for _, s, _ in rows) / n if n else 0.0,
            sum(k for _, _, k in rows) / n if n else 0.0,
        )

    bots = [line(name, rows) for name, rows in per_bot.items()]
    seats = [line(f"seat {s}", rows) for s, rows in sorted(per_seat.items())]
    names = list(per_bot)
    index = {n: i for i, n in enumerate(names)}
    rated = [([index[s] for s in r["seats"]], r["ranks"]) for r in ok]
    ratings = ratings_with_bootstrap(rated, names, samples=bootstrap, seed=seed) if len(names) > 1 else []
    game = records[0]["game"] if records else ""
    return Report(game, len(ok), errors, forfeits, bots, seats, ratings, outcomes, team)


def format_report(report: Report) -> str:
    """The report as the text the command prints."""
    lines = [
        f"{report.game}: {report.games} games"
        + (f", {report.errors} errors" if report.errors else "")
        + (f", {report.forfeits} forfeits" if report.forfeits else "")
    ]
    if report.team_wins:
        lines.append("wins are team wins: a seat wins every game its side wins")
    width = max([len(b.bot) for b in report.bots + report.seats] + [8])
    head = (
        f"{'bot':<{width}}  {'games':>5}  {'wins':>6}  {'win rate':>8}  {'95% Wilson':>15}  "
        f"{'mean score':>10}  {'mean rank':>9}"
    )
    for title, rows in (("by bot", report.bots), ("by seat (seat advantage)", report.seats)):
        lines += ["", title, head]
        for b in rows:
            lines.append(
                f"{b.bot:<{width}}  {b.games:>5}  {b.wins:>6g}  {b.win_rate:>8.3f}  "
                f"[{b.low:.3f}, {b.high:.3f}]  {b.mean_score:>10.2f}  {b.mean_rank:>9.2f}"
            )
    if report.ratings:
        lines += ["", "ratings (Elo scale, mean 1500; Bradley-Terry ML on pairwise results, 95% bootstrap)"]
        for r in sorted(report.ratings, key=lambda r: -r.elo):
            lines.append(f"{r.name:<{width}}  {r.elo:7.0f}  [{r.low:.0f}, {r.high:.0f}]")
    if report.outcomes:
        lines += ["", "how games ended"]
        for reason, count in sorted(report.outcomes.items(), key=lambda kv: -kv[1]):
            lines.append(f"  {count:>5}  {reason}")
    return "\n".join(lines)


def write_report_csv(report: Report, path: Path | str) -> None:
    """The report's bot and seat rows as CSV."""
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(
            [
                "table",
                "name",
                "games",
                "wins",
                "win_rate",
                "wilson_low",
                "wilson_high",
                "mean_score",
                "mean_rank",
                "elo",
                "elo_low",
                "elo_high",
            ]
        )
        ratings = {r.name: r for r in report.ratings}
        for table, rows in (("bot", report.bots), ("seat", report.seats)):
            for b in rows:
                r = ratings.get(b.bot)
                writer.writerow(
                    [
                        table,
                        b.bot,
                        b.games,
                        f"{b.wins:g}",
                        f"{b.win_rate:.4f}",
                        f"{b.low:.4f}",
                        f"{b.high:.4f}",
                        f"{b.mean_score:.3f}",
                        f"{b.mean_rank:.3f}",
                        f"{r.elo:.1f}" if r else "",
                        f"{r.low:.1f}" if r else "",
                        f"{r.high:.1f}" if r else "",
                    ]
                )


def resolve_params(
    game: str, players: int | None, mode: str | None, bots: Sequence[str], extra: dict | None = None
) -> dict:
    """Game parameters for a tournament: the player count defaults to the number of bot
    specs when the game allows it, else to the mode's smallest count."""
    cls = game_class(game)
    kwargs: dict[str, Any] = dict(extra or {})
    if mode:
        kwargs["mode"] = mode
    if players is not None:
        kwargs["players"] = players
    elif mode:
        counts = cls.modes.get(mode, ())
        kwargs["players"] = len(bots) if len(bots) in counts else (counts[0] if counts else len(bots))
    else:
        kwargs["players"] = len(bots) if len(bots) in cls.player_counts() else cls.player_counts()[0]
    return cls.make_params(**kwargs).to_json()
