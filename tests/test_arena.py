"""Tournaments: schedules, seeds, parallel runs, fault tolerance, resume, reports."""

import json
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from automa.search import arena
from automa.search.records import read_lines, read_records, verify

ROOT = Path(__file__).resolve().parent.parent
GAME = "tiny_goofspiel"


def _tasks(bots, games, seed=1, players=None, **kw):
    params = arena.resolve_params(GAME, players, None, bots)
    return arena.schedule(GAME, params, bots, games, seed, **kw)


def _rows(records):
    """Result rows without timings, sorted by game index."""
    out = []
    for r in sorted(records, key=lambda r: r["index"]):
        r = dict(r)
        r.pop("wall_time", None)
        out.append(r)
    return out


def test_rotation_puts_every_bot_in_every_seat_equally():
    tasks = _tasks(["a", "b", "c"], 9, players=3)
    counts = Counter((t.seats.index(b), b) for t in tasks for b in "abc")
    assert set(counts.values()) == {3}


def test_permutations_cover_every_seating():
    tasks = _tasks(["a", "b", "c"], 12, players=3, rotation="permute")
    assert len({t.seats for t in tasks[:6]}) == 6


def test_duplicate_seeding_shares_the_deal_within_a_match():
    tasks = _tasks(["random", "greedy"], 6)
    assert tasks[0].game_seed == tasks[1].game_seed != tasks[2].game_seed
    assert tasks[0].seats == ("random", "greedy") and tasks[1].seats == ("greedy", "random")
    fresh = _tasks(["random", "greedy"], 6, duplicate=False)
    assert len({t.game_seed for t in fresh}) == 6


def test_seeds_come_from_the_root_seed_only():
    assert _tasks(["random", "greedy"], 4, seed=5) == _tasks(["random", "greedy"], 4, seed=5)
    assert (
        _tasks(["random", "greedy"], 4, seed=5)[0].game_seed
        != _tasks(["random", "greedy"], 4, seed=6)[0].game_seed
    )
    # a game's seeds do not depend on how many games the tournament has
    assert _tasks(["random", "greedy"], 4)[3].bot_seeds == _tasks(["random", "greedy"], 10)[3].bot_seeds


def test_too_many_bots_for_the_table_is_an_error():
    with pytest.raises(arena.TournamentError, match="3 bots for 2 seats"):
        arena.schedule(GAME, {"players": 2, "mode": "standard", "cards": 5}, ["a", "b", "c"], 2, 1)


def test_jobs_1_and_jobs_2_give_identical_rows(tmp_path):
    tasks = _tasks(["random", "mcts:iterations=20"], 12)
    one = arena.run(tasks, tmp_path / "one.jsonl", jobs=1)
    two = arena.run(tasks, tmp_path / "two.jsonl", jobs=2)
    assert _rows(one.records) == _rows(two.records)
    assert _rows(read_records(tmp_path / "two.jsonl")) == _rows(one.records)


@pytest.mark.parametrize(
    "game,players,bots,games",
    [
        ("pi", 2, ["greedy", "deducer"], 16),
        ("watergate", 2, ["greedy", "ismcts:iterations=3"], 4),
        ("tabletop_inc", 2, ["greedy", "ismcts:iterations=2"], 2),
        ("pulitzer", 3, ["greedy", "ismcts:iterations=2", "pulitzer-heuristic"], 3),
        ("salem", 5, ["greedy", "ismcts:iterations=3", "salem-heuristic"], 5),
    ],
)
def test_a_games_result_does_not_depend_on_the_games_its_process_played_before(game, players, bots, games):
    """One process plays the same games forwards, then backwards: every record must come
    out the same, so no per-process memo can make a result depend on which worker ran it.
    (P.I.'s set_bits memo once changed how a determinization drew: 11 of these 16 P.I.
    games came out differently backwards.)"""
    params = arena.resolve_params(game, players, None, bots)
    tasks = arena.schedule(game, params, bots, games, 9)
    forwards = arena.run(tasks, None, jobs=1).records
    backwards = arena.run(list(reversed(tasks)), None, jobs=1).records
    assert all(r["status"] == "ok" for r in forwards)
    assert _rows(forwards) == _rows(backwards)


def test_jobs_2_forks_its_workers_on_linux_and_spawns_them_elsewhere(tmp_path, monkeypatch):
    """Forked loky workers start in milliseconds; they are used only where forking is safe,
    and both kinds of worker give the same rows."""
    import threading

    from automa.search.fork_backend import ForkLokyBackend

    if not sys.platform.startswith("linux"):
        assert arena._loky_backend() == "loky"
        return
    assert isinstance(arena._loky_backend(), ForkLokyBackend)
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:  # a fork would copy this thread's locks but not the thread: use loky's own workers
        assert arena._loky_backend() == "loky"
    finally:
        stop.set()
        other.join()
    tasks = _tasks(["random", "mcts:iterations=20"], 8)
    forked = arena.run(tasks, None, jobs=2)
    monkeypatch.setattr(arena, "_loky_backend", lambda: "loky")
    spawned = arena.run(tasks, None, jobs=2)
    assert _rows(forked.records) == _rows(spawned.records) == _rows(arena.run(tasks, None).records)


def _processes_mentioning(text: str) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if text in (entry / "cmdline").read_bytes().decode(errors="replace"):
                    found.append(int(entry.name))
            except OSError:
                pass
    return found


def _kill_midway(out: Path, games: int, seed: int, kill_after: int, jobs: int = 1) -> list[str]:
    """Start a tournament in a subprocess, SIGKILL it once `kill_after` games are written,
    and return its command line (for the --resume run)."""
    args = [
        sys.executable,
        "-c",
        "import tests.tinygame, cli; cli.main()",
        "tournament",
        GAME,
        "--bots",
        "random,mcts:iterations=300",
        "--games",
        str(games),
        "--seed",
        str(seed),
        "--jobs",
        str(jobs),
        "--out",
        str(out),
        "--no-progress",
    ]
    proc = subprocess.Popen(args, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 60
    while time.time() < deadline and proc.poll() is None:
        if out.exists() and len(out.read_text().splitlines()) >= kill_after:
            break
        time.sleep(0.02)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    return args


def _resume_matches_an_uninterrupted_run(args: list[str], out: Path, games: int, seed: int) -> None:
    done = subprocess.run(args + ["--resume"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    finished = read_records(out)
    assert sorted(r["index"] for r in finished) == list(range(games))
    uninterrupted = arena.run(_tasks(["random", "mcts:iterations=300"], games, seed=seed), None)
    assert _rows(finished) == _rows(uninterrupted.records)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_killed_two_job_run_leaves_no_worker_and_resumes(tmp_path):
    """SIGKILL to a --jobs 2 tournament: its workers die with it, every finished game is
    kept, and --resume completes the same rows."""
    out = tmp_path / "killed-jobs2.jsonl"
    args = _kill_midway(out, games=40, seed=4, kill_after=6, jobs=2)
    deadline = time.time() + 10
    while _processes_mentioning(str(out)) and time.time() < deadline:
        time.sleep(0.05)
    assert _processes_mentioning(str(out)) == []
    assert 6 <= len(read_records(out)) < 40
    _resume_matches_an_uninterrupted_run(args, out, games=40, seed=4)


def test_an_early_stop_with_two_jobs_ends_quietly():
    """SPRT stops while workers still have games queued: no traceback from the stopped pool."""
    args = [
        sys.executable,
        "-c",
        "import tests.tinygame, cli; cli.main()",
        "tournament",
        GAME,
        "--bots",
        "ismcts:iterations=100,random",
        "--games",
        "400",
        "--seed",
        "2",
        "--jobs",
        "2",
        "--sprt",
        "0,100",
        "--no-progress",
    ]
    done = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "SPRT" in done.stdout and "Traceback" not in done.stderr and "Error" not in done.stderr


def test_every_record_replays(tmp_path):
    arena.run(_tasks(["random", "greedy", "ismcts:iterations=10"], 6, players=3), tmp_path / "r.jsonl")
    for record in read_records(tmp_path / "r.jsonl"):
        verify(record)
        assert record["seats"] and record["actions"] and "winners" in record and "ranks" in record
        assert record["rules_hash"] and record["version"]


def test_a_crashing_bot_becomes_an_error_row_and_the_tournament_goes_on(monkeypatch, tmp_path):
    from automa.search import bots

    def broken(self, state, seat):
        raise RuntimeError("bot exploded")

    monkeypatch.setattr(bots.GreedyBot, "act", broken)
    result = arena.run(_tasks(["random", "greedy"], 4), tmp_path / "e.jsonl")
    assert len(result.records) == 4
    assert all(r["status"] == "error" and "bot exploded" in r["traceback"] for r in result.records)
    report = arena.summarize(result.records)
    assert report.errors == 4 and report.games == 0


def test_a_slow_bot_forfeits(tmp_path):
    tasks = _tasks(["random", "ismcts:iterations=3000"], 2, move_seconds=0.01)
    result = arena.run(tasks, None)
    forfeits = [r for r in result.records if r["status"] == "forfeit"]
    assert len(forfeits) == 2
    for r in forfeits:
        seat = r["forfeit_seat"]
        assert r["seats"][seat].startswith("ismcts") and seat not in r["winners"]
        assert "forfeits" in r["reason"]


def test_existing_file_needs_resume_or_overwrite(tmp_path):
    tasks = _tasks(["random", "greedy"], 2)
    out = tmp_path / "t.jsonl"
    arena.run(tasks, out)
    with pytest.raises(arena.TournamentError, match="--resume"):
        arena.run(tasks, out)
    again = arena.run(tasks, out, resume=True)
    assert again.played == 0 and again.skipped == 2
    other = _tasks(["random", "greedy"], 2, seed=99)
    with pytest.raises(arena.TournamentError, match="another tournament"):
        arena.run(other, out, resume=True)


def test_resume_drops_a_partial_last_line(tmp_path):
    tasks = _tasks(["random", "greedy"], 6)
    out = tmp_path / "t.jsonl"
    full = arena.run(tasks, None)
    lines = [json.dumps(r) for r in full.records[:3]]
    out.write_text("\n".join(lines) + "\n" + lines[0][:40])
    result = arena.run(tasks, out, resume=True)
    assert result.skipped == 3 and result.played == 3
    assert _rows(read_records(out)) == _rows(full.records)
    assert all(line.record is not None for line in read_lines(out))


def test_progress_is_a_callback_the_caller_draws(tmp_path, capsys):
    """arena.run tells `progress(done, total)` (a resumed run's games counted from the start)
    and writes nothing itself; the CLI's bar is one such callback."""
    tasks = _tasks(["random", "greedy"], 6)
    out = tmp_path / "t.jsonl"
    arena.run(tasks[:2], out)
    seen = []
    arena.run(tasks, out, resume=True, progress=lambda done, total: seen.append((done, total)))
    assert seen[0] == (2, 6) and seen[-1] == (6, 6)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)
    assert capsys.readouterr().err == ""
    from automa.cli import games_bar

    with games_bar(True) as bar:
        arena.run(tasks, None, progress=bar)
    assert "games" in capsys.readouterr().err
    with games_bar(False) as bar:
        assert bar is None


def test_resume_after_kill_gives_the_same_results(tmp_path):
    """A tournament killed mid-run, then resumed, ends with every game exactly once and the
    same rows as an uninterrupted run."""
    out = tmp_path / "killed.jsonl"
    args = _kill_midway(out, games=24, seed=3, kill_after=4)
    assert 4 <= len(read_records(out)) < 24
    _resume_matches_an_uninterrupted_run(args, out, games=24, seed=3)


def test_report_has_wilson_intervals_ratings_and_seats(tmp_path):
    result = arena.run(_tasks(["random", "ismcts:iterations=30"], 10), None)
    report = arena.summarize(result.records, bootstrap=20)
    assert {b.bot for b in report.bots} == {"random", "ismcts:iterations=30"}
    for line in report.bots + report.seats:
        assert 0 <= line.low <= line.win_rate <= line.high <= 1
    assert len(report.ratings) == 2
    text = arena.format_report(report)
    assert "95% Wilson" in text and "ratings" in text and "seat 1" in text
    arena.write_report_csv(report, tmp_path / "r.csv")
    assert "wilson_low" in (tmp_path / "r.csv").read_text()


def test_team_games_count_a_side_win_as_a_whole_win():
    """[R-WIN] Salem's wins are team wins: each seat of the winning side has won the game.
    Elsewhere several winners share one first place and the report splits it."""
    record = {
        "game": "salem",
        "seats": ["a", "b", "a", "b"],
        "winners": [0, 2],
        "status": "ok",
        "scores": [[1], [0], [1], [0]],
        "ranks": [1, 2, 1, 2],
        "reason": "town wins",
    }
    assert arena.win_credit(record, [0], team=True) == 1.0
    assert arena.win_credit(record, [0], team=False) == 0.5
    assert arena.win_credit(record, [1, 3], team=True) == 0.0
    assert arena.win_credit({**record, "winners": []}, [0], team=True) == 0.0
    report = arena.summarize([record, {**record, "winners": [1, 3], "ranks": [2, 1, 2, 1]}], bootstrap=0)
    assert {b.bot: (b.wins, b.games) for b in report.bots} == {"a": (2.0, 4), "b": (2.0, 4)}
    assert report.team_wins and "a seat wins every game its side wins" in arena.format_report(report)
    split = arena.summarize([{**record, "game": "pi"}], bootstrap=0)
    assert {b.bot: b.wins for b in split.bots} == {"a": 1.0, "b": 0.0} and not split.team_wins


def test_sprt_stops_a_lopsided_match_early():
    from automa.search.stats import SPRT

    tasks = _tasks(["ismcts:iterations=100", "random"], 400)
    result = arena.run(tasks, None, sprt=SPRT(0, 100))
    assert result.stopped_early.startswith("SPRT") and len(result.records) < 400


def test_dask_backend_gives_the_same_rows_as_loky():
    """A local Dask cluster through joblib's dask backend (the code path a real cluster
    takes with --scheduler ADDRESS)."""
    pytest.importorskip("distributed", reason="the dask extra is not installed")
    bots = ["random", "greedy"]
    params = arena.resolve_params("pi", 2, None, bots)
    tasks = arena.schedule("pi", params, bots, 6, 5)
    on_dask = arena.run(tasks, None, jobs=2, backend="dask")
    sequential = arena.run(tasks, None, jobs=1)
    assert _rows(on_dask.records) == _rows(sequential.records)


def test_ray_backend_gives_the_same_rows_as_loky(tmp_path):
    """A local Ray instance through ray.util.joblib (CI does not install the ray extra; run
    with `pip install -e '.[ray]'`).  Ray's pool cannot stream, so games come back a group
    at a time: more games than one group, to cover the hand-over between groups."""
    ray = pytest.importorskip("ray", reason="the ray extra is not installed")
    bots = ["random", "greedy"]
    params = arena.resolve_params("pi", 2, None, bots)
    tasks = arena.schedule("pi", params, bots, 40, 5)
    try:
        on_ray = arena.run(tasks, tmp_path / "ray.jsonl", jobs=2, backend="ray")
    finally:
        ray.shutdown()
    assert _rows(read_records(tmp_path / "ray.jsonl")) == _rows(on_ray.records)
    assert _rows(on_ray.records) == _rows(arena.run(tasks, None, jobs=1).records)


def test_missing_cluster_extra_is_explained(monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_ray(name, *args, **kwargs):
        if name.startswith("ray"):
            raise ImportError("no ray")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_ray)
    with pytest.raises(arena.TournamentError, match=r"pip install 'automa\[ray\]'"):
        arena.run(_tasks(["random", "greedy"], 2), None, jobs=2, backend="ray")


def test_a_record_replays_after_the_action_texts_are_reworded(tmp_path):
    """Old records stay readable when a game's action wording improves: actions are matched
    by their JSON form, not by the text shown to people."""
    from automa.search import records

    tasks = arena.schedule(
        "pi", arena.resolve_params("pi", 2, None, ("random", "greedy")), ("random", "greedy"), 1, 3
    )
    record = arena.run(tasks, None).records[0]
    record["actions"] = [
        [encoded, f"old wording {i}", seat] for i, (encoded, _text, seat) in enumerate(record["actions"])
    ]
    records.verify(record)


@pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="the monkeypatch reaches only forked workers"
)
def test_a_dying_worker_is_a_clear_error_and_the_finished_games_stay(monkeypatch, tmp_path):
    """A worker killed outright (a crash, the out-of-memory killer) stops the tournament with
    a message saying what happened and how to go on; the games written so far are kept."""
    import os as _os

    from automa.search import bots

    real_act = bots.GreedyBot.act
    moves = {"n": 0}
    this_process = _os.getpid()

    def dies_on_the_thirtieth_move(self, state, seat):
        moves["n"] += 1
        if moves["n"] == 30 and _os.getpid() != this_process:  # a worker, never pytest itself
            _os._exit(3)
        return real_act(self, state, seat)

    monkeypatch.setattr(bots.GreedyBot, "act", dies_on_the_thirtieth_move)
    # forked workers, so that they carry the patch: pin the backend (a thread left by an
    # earlier test would otherwise make this run fall back to loky's own workers)
    from automa.search.fork_backend import ForkLokyBackend

    monkeypatch.setattr(arena, "_loky_backend", ForkLokyBackend)
    out = tmp_path / "dies.jsonl"
    with pytest.raises(arena.TournamentError, match=r"a worker process died \(.*exit code.*--resume"):
        arena.run(_tasks(["random", "greedy"], 40), out, jobs=2)
    kept = read_records(out)
    assert 0 < len(kept) < 40 and all(r["status"] == "ok" for r in kept)
