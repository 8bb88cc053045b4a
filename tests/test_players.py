"""Players who come back (#48): the database keeps terminal games as they are played, each
finished game's result per player, `automa stats`, `automa replay ID`, the JSONL history read
in once, and the database's faults, each one line that loses nothing."""

from __future__ import annotations

import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import threading
import time

import pytest
from click.testing import CliRunner

from automa import store as store_module
from automa.cli import main
from automa.players import export_record, import_history_from, open_store, stats_lines, table, trends
from automa.search import records
from automa.store import SCHEMA_VERSION, Store, StoreError, default_player

pexpect = pytest.importorskip("pexpect")


def run(*args, input=None, env=None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input, env=env)


def finish_tiny(db, seed: int, picks: str = "1\n1\n1\n", player: str | None = None):
    """A whole tiny game at the terminal (three decisions), kept in `db`."""
    extra = ["--player", player] if player else []
    r = run(
        "play", "tiny_goofspiel", "-p", "cards=3", "--seat", "human", "--seat", "random",
        "--seed", seed, "--db", db, *extra, input=picks,
    )  # fmt: skip
    assert r.exit_code == 0, r.output
    assert "final scores" in r.output
    return r


# --------------------------------------------------------------------------- the record


def test_a_finished_terminal_game_is_in_the_players_record_with_its_interval(tmp_path):
    db = tmp_path / "a.db"
    for seed in range(1, 6):
        finish_tiny(db, seed)
    store = Store(db)
    rows = store.finished_games(default_player())
    assert len(rows) == 5 and all(r["game"] == "tiny_goofspiel" and r["seat"] == 0 for r in rows)
    assert all(r["source"] == "terminal" and r["won"] in (0.0, 0.5, 1.0) for r in rows)
    (line,) = table(rows)
    assert line.games == 5 and line.setting == "cards=3; vs random"
    low, high = line.interval
    assert 0 <= low <= line.rate <= high <= 1
    out = run("stats", "--db", db)
    assert out.exit_code == 0, out.output
    assert re.search(
        r"tiny_goofspiel\s+standard, 2p\s+cards=3; vs random\s+[\d.]+/5\s+0\.\d\d\s+\[0\.\d\d, [01]\.\d\d\]",
        out.output,
    )
    assert "scores" in out.output and "a game" in out.output  # the trend over five games
    assert all(len(line) <= 79 for line in out.output.splitlines())


def test_stats_games_lists_ids_that_replay_reads_and_exports(tmp_path):
    db = tmp_path / "a.db"
    finish_tiny(db, 7)
    listed = run("stats", "--games", "--db", db)
    game_id = listed.output.split()[0]
    assert "tiny_goofspiel" in listed.output and re.search(r"\b(won|lost|shared win)\b", listed.output)
    shown = run("replay", game_id, "--verify", "--db", db)
    assert shown.exit_code == 0, shown.output
    assert "[verified]" in shown.output and "all 1 records replay exactly" in shown.output
    out = tmp_path / "one.jsonl"
    run("replay", game_id, "--export", out, "--db", db)
    (rec,) = records.read_records(out)
    records.verify(rec)
    assert rec["status"] == "ok" and rec["game"] == "tiny_goofspiel" and len(rec["actions"]) >= 6
    again = run("replay", out, "--verify")
    assert again.exit_code == 0 and "all 1 records replay exactly" in again.output
    missing = run("replay", "nosuchgame", "--db", db)
    assert missing.exit_code == 1 and "neither a record file nor a game" in missing.output


def test_named_players_keep_separate_records(tmp_path):
    db = tmp_path / "a.db"
    finish_tiny(db, 1, player="Ada")
    finish_tiny(db, 2, player="Grace")
    finish_tiny(db, 3, player="Grace")
    assert len(Store(db).finished_games("Grace")) == 2 and len(Store(db).finished_games("Ada")) == 1
    out = run("stats", "--player", "Grace", "--db", db)
    assert "Grace: 2 finished games" in out.output
    nobody = run("stats", "--db", db)  # the login name has played nothing here
    assert "no finished game" in nobody.output and "Ada" in nobody.output and "Grace" in nobody.output
    bad = run("play", "tiny_goofspiel", "--player", "x" * 80, "--db", db, input="q\n")
    assert bad.exit_code == 1 and "printable characters" in bad.output and "Traceback" not in bad.output


def test_stats_json_and_trends():
    rows = [
        {"game": "g", "params": {"players": 2}, "seats": ["human", "random"], "seat": 0, "won": w, "score": s}
        for w, s in [(1, 10), (0, 12), (1, 14), (0.5, 16)]
    ]
    (trend,) = trends(rows)
    assert trend.slope == pytest.approx(2.0) and trend.mean == 13 and trend.recent == 13
    lines = stats_lines("me", rows)
    assert any("2.5/4" in line for line in lines) and any("+2.00 a game" in line for line in lines)


# --------------------------------------------------------------------------- resume


def test_play_resume_carries_on_at_the_same_ply(tmp_path):
    db = tmp_path / "a.db"
    left = run(
        "play",
        "tiny_goofspiel",
        "--seat",
        "human",
        "--seat",
        "random",
        "--seed",
        2,
        "--db",
        db,
        input="1\nq\n\n",
    )
    game_id = re.search(r"automa play --resume (\w+)", left.output).group(1)
    assert Store(db).load(game_id)["ply"] == 2  # the human's bid and the bot's reply
    listed = run("play", "--resume", "--db", db, input="q\n\n")  # one game: it is resumed
    assert f"resumed game {game_id}: 2 actions played" in listed.output
    run(
        "play",
        "tiny_goofspiel",
        "--seat",
        "human",
        "--seat",
        "random",
        "--seed",
        3,
        "--db",
        db,
        input="q\n\n",
    )
    two = run("play", "--resume", "--db", db)
    assert two.exit_code == 1 and "games in progress" in two.output and game_id in two.output
    done = run("play", "--resume", game_id, "--db", db, input="1\n" * 20)
    assert "final scores" in done.output, done.output
    assert Store(db).load(game_id)["status"] == "finished"
    over = run("play", "--resume", game_id, "--db", db)
    assert over.exit_code == 1 and "is over" in over.output
    forget = run("play", "tiny_goofspiel", "--seat", "human", "--seat", "random", "--db", db, input="q\nn\n")
    assert forget.exit_code == 1 and "forgotten" in forget.output
    assert len(Store(db).games(status="in_progress")) == 1


def test_kill_9_in_a_terminal_game_loses_at_most_the_move_being_made(tmp_path):
    db = tmp_path / "k.db"
    env = dict(os.environ, NO_COLOR="1", TERM="dumb", XDG_STATE_HOME=str(tmp_path))
    child = pexpect.spawn(
        sys.executable,
        ["-m", "automa.cli", "play", "watergate", "--seat", "human", "--seat", "random", "--seed", "4",
         "--db", str(db)],
        env=env, encoding="utf-8", timeout=60, dimensions=(60, 200),
    )  # fmt: skip
    for _ in range(3):
        child.expect(r"seat 0 > ")
        child.sendline("1")
    child.expect(r"seat 0 > ")
    os.kill(child.pid, signal.SIGKILL)
    child.close()
    (kept,) = Store(db).games(status="in_progress")
    assert kept["source"] == "terminal" and kept["ply"] >= 3
    back = run("play", "--resume", kept["id"], "--db", db, input="q\n\n")
    assert f"{kept['ply']} actions played" in back.output


# --------------------------------------------------------------------------- the history read in once


def test_the_jsonl_history_is_read_in_once(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    games = tmp_path / "automa" / "games"
    games.mkdir(parents=True)
    finish_tiny(tmp_path / "old.db", 5)  # a finished game, and its record in the games folder
    (old,) = games.glob("tiny_goofspiel-seed5-*.jsonl")
    (games / "broken.jsonl").write_text("{not json\n")
    store = open_store()
    rows = store.finished_games(default_player())
    assert len(rows) == 1 and rows[0]["source"] == "import"
    assert json.loads(store.get_meta("history_imported"))["games"] == 1
    store.close()
    assert len(open_store().finished_games(default_player())) == 1  # once
    # a record read again by hand is recognised
    assert import_history_from(Store(tmp_path / "automa" / "automa.db"), games) == 0
    assert old.exists()  # the files stay where they are


def test_an_exported_record_matches_the_terminal_record(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    db = tmp_path / "a.db"
    finish_tiny(db, 9)
    (path,) = (tmp_path / "automa" / "games").glob("*.jsonl")
    (written,) = records.read_records(path)
    (head,) = Store(db).games()
    exported = export_record(Store(db).load(head["id"]))
    for key in ("game", "params", "seed", "seats", "actions", "scores", "ranks", "winners", "reason"):
        assert exported[key] == written[key], key


# --------------------------------------------------------------------------- faults


def test_a_damaged_file_is_named_and_left_as_it_was(tmp_path):
    db = tmp_path / "bad.db"
    db.write_bytes(b"this is not a database at all" * 100)
    before = db.read_bytes()
    with pytest.raises(StoreError, match=r"bad\.db is not an automa database or is damaged.*move it aside"):
        Store(db)
    r = run("stats", "--db", db)
    assert r.exit_code == 1 and "move it aside" in r.output and "Traceback" not in r.output
    assert len(r.output.strip().splitlines()) == 1
    assert db.read_bytes() == before


def test_a_newer_schema_is_refused_by_every_command(tmp_path):
    db = tmp_path / "new.db"
    Store(db).close()
    raw = sqlite3.connect(db)
    raw.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    raw.commit()
    raw.close()
    for args in (["stats"], ["play", "pi", "--seat", "human", "--seat", "random"], ["replay", "abc"]):
        r = run(*args, "--db", db, input="q\n")
        assert r.exit_code == 1 and "newer automa" in r.output and "Traceback" not in r.output, args


def test_a_read_only_database_still_reads_and_refuses_writes(tmp_path, monkeypatch):
    db = tmp_path / "ro.db"
    finish_tiny(db, 4)
    real_access = os.access
    monkeypatch.setattr(
        store_module.os,
        "access",
        lambda p, mode: False if str(p) == str(db) and mode == os.W_OK else real_access(p, mode),
    )
    store = Store(db)
    assert store.read_only and len(store.finished_games(default_player())) == 1
    with pytest.raises(StoreError, match="read-only"):
        store.delete("x")
    r = run("play", "tiny_goofspiel", "--seat", "human", "--seat", "random", "--db", db, input="1\n")
    assert r.exit_code == 1 and "read-only" in r.output and "Traceback" not in r.output, r.output
    assert len(Store(db).finished_games(default_player())) == 1


def test_a_locked_database_gives_one_line_and_keeps_what_is_there(tmp_path, monkeypatch):
    db = tmp_path / "locked.db"
    finish_tiny(db, 3)
    monkeypatch.setattr(store_module, "BUSY_SECONDS", 0.2)
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        store = Store(db)
        with pytest.raises(StoreError, match="locked by another program"):
            store.delete("anything")
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert len(Store(db).finished_games(default_player())) == 1


def test_an_old_database_is_brought_up_to_date_keeping_its_games(tmp_path):
    db = tmp_path / "v1.db"
    raw = sqlite3.connect(db, isolation_level=None)
    raw.execute("BEGIN")
    store_module._v0_to_v1(raw)
    raw.execute(
        "INSERT INTO games VALUES ('g1', 'pi', '{}', 1, 0, '[\"human\", \"random\"]', '{\"0\": \"k\"}', 0, "
        "'in_progress', 0, '{}', 1.0, 1.0)"
    )
    raw.execute("PRAGMA user_version = 1")
    raw.execute("COMMIT")
    raw.close()
    store = Store(db)
    (head,) = store.games()
    assert (
        head["id"] == "g1" and head["source"] == "web" and head["players"] == {} and head["keys"] == {0: "k"}
    )
    assert store.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_writers_in_threads_and_in_two_connections_lose_nothing(tmp_path):
    db = tmp_path / "busy.db"
    stores = [Store(db), Store(db)]  # two connections: as two processes would be
    errors = []

    def writer(n: int) -> None:
        store = stores[n % 2]
        try:
            for ply in range(1, 21):
                head = {"game": "pi", "params": {}, "seed": n, "bot_seed": 0, "seats": ["human"], "keys": {}}
                store.record(f"g{n}", head, [([ply], f"move {i}", 0) for i in range(ply)], {})
        except Exception as err:  # noqa: BLE001 - collected for the assertion
            errors.append(err)

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    check = Store(db)
    assert sorted(h["id"] for h in check.games()) == [f"g{n}" for n in range(8)]
    assert all(
        check.load(f"g{n}")["ply"] == 20 and len(check.load(f"g{n}")["actions"]) == 20 for n in range(8)
    )


def _serve(db, env):
    proc = subprocess.Popen(
        [sys.executable, "-m", "automa.cli", "serve", "--db", str(db), "--port", "0", "--token", "t0k"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    return proc


def test_a_second_server_on_one_database_is_refused_with_one_line(tmp_path):
    db = tmp_path / "serve.db"
    env = dict(os.environ, XDG_STATE_HOME=str(tmp_path))
    first = _serve(db, env)
    try:
        assert "serving on" in first.stdout.readline()
        second = _serve(db, env)
        out, _ = second.communicate(timeout=60)
        assert second.returncode == 1
        assert re.fullmatch(
            r"Error: another automa serve \(pid \d+\) is serving .*serve\.db: stop it, or give this one "
            r"another --db\n",
            out,
        ), out
        # a terminal game shares the database meanwhile
        finish_tiny(db, 2)
    finally:
        first.send_signal(signal.SIGKILL)
        first.wait()
    time.sleep(0.1)
    again = _serve(db, env)  # the claim ended with the killed process
    try:
        assert "serving on" in again.stdout.readline()
    finally:
        again.send_signal(signal.SIGKILL)
        again.wait()


def test_a_database_fault_reaches_a_page_as_a_503_without_the_servers_path(tmp_path, monkeypatch):
    testclient = pytest.importorskip("starlette.testclient")
    from automa.web.bots import BotRunner
    from automa.web.server import Games, make_app

    db = tmp_path / "secret-folder" / "web.db"
    Store(db).close()
    real_access = os.access
    monkeypatch.setattr(
        store_module.os,
        "access",
        lambda p, mode: False if str(p) == str(db) and mode == os.W_OK else real_access(p, mode),
    )
    client = testclient.TestClient(make_app(games=Games(store=Store(db), runner=BotRunner(processes=False))))
    r = client.post("/api/games", json={"game": "pi", "players": 2, "seats": ["human", "random"]})
    assert r.status_code == 503 and "secret-folder" not in r.text and "database" in r.json()["error"]


# --------------------------------------------------------------------------- auto at the table


def test_auto_at_the_terminal_learns_from_the_players_games(tmp_path):
    db = tmp_path / "auto.db"
    outs = []
    for seed in (1, 2):
        r = run("play", "tabletop_inc", "--seat", "human", "--seat", "mumanbot:auto", "--seed", seed,
                "--target", "0.6", "--db", db, input="1\n" * 3000)  # fmt: skip
        assert r.exit_code == 0 and "final scores" in r.output, r.output[-2000:]
        outs.append(r.output)
    assert "Difficulty auto: mumanbot normal" in outs[0] and "No games of yours" in outs[0]
    assert "From your 1 game" in outs[1] and "0.60" in outs[1]
    rows = Store(db).finished_games(default_player())
    assert [r["auto"]["knob"] for r in rows] == ["mumanbot", "mumanbot"]
    assert all(r["seats"][1].startswith("mumanbot:") and "auto" not in r["seats"][1] for r in rows)
    shown = run("stats", "--db", db)
    assert "auto: mumanbot" in shown.output
    bad = run("play", "watergate", "--seat", "human", "--seat", "automaton:watergate-nixon,knob=auto",
              "--db", db)  # fmt: skip
    assert (
        bad.exit_code == 1 and "no calibrated difficulty knob" in bad.output and "Traceback" not in bad.output
    )
    off = run("play", "tabletop_inc", "--seat", "human", "--seat", "mumanbot:auto", "--target", "1.5")
    assert off.exit_code == 2 and "0.01" in off.output


def test_auto_in_the_browser_is_chosen_from_the_players_record(tmp_path):
    testclient = pytest.importorskip("starlette.testclient")
    from automa.web.bots import BotRunner
    from automa.web.server import Games, make_app

    db = tmp_path / "w.db"
    finish = run("play", "tabletop_inc", "--seat", "human", "--seat", "mumanbot:auto", "--seed", 3,
                 "--player", "Ada", "--db", db, input="1\n" * 3000)  # fmt: skip
    assert "final scores" in finish.output
    client = testclient.TestClient(make_app(games=Games(store=Store(db), runner=BotRunner(processes=False))))
    made = client.post(
        "/api/games",
        json={"game": "tabletop_inc", "seats": ["human", "mumanbot:auto"], "player": "Ada", "target": 0.7},
    ).json()
    seat = made["seats"][0]
    view = client.get(f"/api/games/{made['id']}?seat={seat['seat']}&key={seat['key']}").json()
    told = " ".join(view["log"])
    assert "Difficulty auto: mumanbot" in told and "From your 1 game" in told and "0.70" in told
    assert "auto" not in " ".join(view["seats"])
    bad = client.post(
        "/api/games", json={"game": "tabletop_inc", "seats": ["human", "mumanbot:auto"], "target": 2}
    )
    assert bad.status_code == 400 and "target" in bad.json()["error"]
