"""The web server as a service (#47, #48): games that survive a restart and a kill -9, bots that
think off the request, bounded memory and bodies, the safe headers, companions behind keys."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time

import pytest

from automa.store import SCHEMA_VERSION, Store, StoreError
from automa.web import server as web_server
from automa.web.bots import BotRunner
from automa.web.server import Games, make_app

testclient = pytest.importorskip("starlette.testclient")


def new(client, **body):
    made = client.post("/api/games", json=body).json()
    assert "error" not in made, made
    seat = made["seats"][0]
    return made, f"seat={seat['seat']}&key={seat['key']}"


def test_a_game_comes_back_from_the_database_at_the_same_ply_through_the_same_link(tmp_path):
    db = tmp_path / "automa.db"
    client = testclient.TestClient(make_app(games=Games(store=Store(db), runner=BotRunner(processes=False))))
    made, q = new(client, game="pi", players=3, seats=["human", "random", "random"], seed=5)
    view = client.post(f"/api/games/{made['id']}/advance?{q}", json={}).json()
    for _ in range(3):
        view = client.post(f"/api/games/{made['id']}/act?{q}", json={"index": 0, "ply": view["ply"]}).json()
    # a new server on the same database: nothing in memory
    again = testclient.TestClient(make_app(games=Games(store=Store(db), runner=BotRunner(processes=False))))
    back = again.get(f"/api/games/{made['id']}?{q}").json()
    assert (
        back["ply"] == view["ply"] and back["board_svg"] == view["board_svg"] and back["log"] == view["log"]
    )
    assert again.get(f"/api/games/{made['id']}?seat=1&key={made['seats'][0]['key']}").status_code == 403
    # and it plays on as the first server would have
    nxt = again.post(f"/api/games/{made['id']}/act?{q}", json={"index": 0, "ply": back["ply"]}).json()
    same = client.post(f"/api/games/{made['id']}/act?{q}", json={"index": 0, "ply": view["ply"]}).json()
    assert nxt["ply"] == same["ply"] and nxt["board_svg"] == same["board_svg"]


def test_a_database_from_a_newer_automa_is_refused_with_one_line(tmp_path):
    db = tmp_path / "automa.db"
    store = Store(db)
    store.db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    store.close()
    with pytest.raises(StoreError, match="newer automa"):
        Store(db)


def _serve(db, env):
    proc = subprocess.Popen(
        [sys.executable, "-m", "automa.cli", "serve", "--db", str(db), "--port", "0", "--token", "t0k"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    line = proc.stdout.readline()
    match = re.search(r"http://localhost:(\d+)", line)
    assert match, line
    return proc, f"http://127.0.0.1:{match.group(1)}"


def test_kill_9_loses_no_acknowledged_move(tmp_path):
    """The crash, not only the happy path: every answered move is in the database."""
    httpx = pytest.importorskip("httpx")
    db = tmp_path / "automa.db"
    env = dict(os.environ, XDG_STATE_HOME=str(tmp_path))
    proc, base = _serve(db, env)
    try:
        with httpx.Client(base_url=base, params={"token": "t0k"}, timeout=30) as http:
            made = http.post(
                "/api/games", json={"game": "watergate", "seats": ["human", "random"], "seed": 3}
            ).json()
            seat = made["seats"][0]
            q = {"seat": seat["seat"], "key": seat["key"]}
            view = http.post(f"/api/games/{made['id']}/advance", params=q, json={}).json()
            for _ in range(4):
                if view["over"]:
                    break
                view = http.post(
                    f"/api/games/{made['id']}/act", params=q, json={"index": 0, "ply": view["ply"]}
                ).json()
                assert not view["thinking"]
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    proc, base = _serve(db, env)
    try:
        with httpx.Client(base_url=base, params={"token": "t0k"}, timeout=30) as http:
            back = http.get(f"/api/games/{made['id']}", params=q).json()
            assert back["ply"] == view["ply"] and back["board_svg"] == view["board_svg"]
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()


def test_a_page_is_answered_while_the_bots_think():
    """Bots think off the request: a view of a game whose bot is thinking answers with
    thinking=true instead of waiting, and the moves arrive through /frames."""
    games = Games(runner=BotRunner(slots=1, processes=True))
    client = testclient.TestClient(make_app(games=games))
    made, q = new(client, game="pi", players=2, seats=["human", "ismcts:iterations=3000"], seed=2)
    gid = made["id"]
    view = client.post(f"/api/games/{gid}/advance?{q}", json={"wait": 30}).json()
    after = client.post(f"/api/games/{gid}/act?{q}", json={"index": 0, "ply": view["ply"], "wait": 0}).json()
    assert after["thinking"] and not after["your_turn"] and after["actions"] == []
    during = client.get(f"/api/games/{gid}?{q}").json()
    assert during["thinking"], "the view waited for the bot"
    busy = client.post(f"/api/games/{gid}/act?{q}", json={"index": 0, "ply": during["ply"]})
    assert busy.status_code == 409 and "still moving" in busy.json()["error"]
    seen, nxt = [], after["frame"]
    for _ in range(600):
        r = client.get(f"/api/games/{gid}/frames?{q}&after={nxt}").json()
        seen += r["frames"]
        nxt = r["next"]
        if not r["thinking"]:
            break
        time.sleep(0.05)
    assert seen and any("seat 1" in line for f in seen for line in f["log"])
    assert client.get(f"/api/games/{gid}?{q}").json()["your_turn"]


def test_the_bots_play_the_same_game_in_a_worker_process_as_in_place():
    """A bot that thinks in a worker comes back with its generator moved on exactly."""
    views = []
    for processes in (False, True):
        client = testclient.TestClient(make_app(games=Games(runner=BotRunner(processes=processes))))
        made, q = new(client, game="watergate", seats=["human", "ismcts:iterations=60"], seed=9, bot_seed=4)
        view = client.post(f"/api/games/{made['id']}/advance?{q}", json={"wait": 30}).json()
        for _ in range(6):
            view = client.post(
                f"/api/games/{made['id']}/act?{q}", json={"index": 0, "ply": view["ply"], "wait": 30}
            ).json()
        views.append((view["ply"], view["log"], view["board_svg"]))
    assert views[0] == views[1]


def test_bodies_are_limited_and_every_answer_carries_the_safe_headers():
    client = testclient.TestClient(make_app())
    big = client.post("/api/load", content=b'{"text": "' + b"x" * (10 * 1024 * 1024) + b'"}')
    assert big.status_code == 413 and "limit" in big.json()["error"]
    ok = client.get("/api/catalog")
    assert ok.status_code == 200
    assert "script-src 'self'" in ok.headers["content-security-policy"]
    assert ok.headers["referrer-policy"] == "no-referrer" and ok.headers["x-frame-options"] == "DENY"
    assert client.get("/").headers["x-frame-options"] == "DENY"
    missing = client.get("/api/nothing-here")
    assert missing.status_code == 404 and "error" in missing.json()


def test_games_and_replays_leave_memory_but_games_come_back(monkeypatch):
    monkeypatch.setattr(web_server, "MAX_GAMES", 2)
    monkeypatch.setattr(web_server, "MAX_REPLAYS", 1)
    games = Games(runner=BotRunner(processes=False))
    client = testclient.TestClient(make_app(games=games))
    made = [new(client, game="pi", players=2, seats=["human", "random"], seed=s) for s in range(4)]
    assert len(games.games) == 2
    first, q = made[0]
    assert client.get(f"/api/games/{first['id']}?{q}").json()["ply"] == 0  # back from the store
    assert len(games.games) == 2
    # a finished game's record (any seat may be shown) is a replay; only the newest is kept
    record = _finished_record()
    ids = [client.post("/api/replays", json={"text": record}).json()["id"] for _ in range(3)]
    assert len(games.replays) == 1
    assert client.get(f"/api/replays/{ids[0]}?record=0&step=0&seat=0").status_code == 404
    assert client.get(f"/api/replays/{ids[-1]}?record=0&step=1&seat=1").status_code == 200


def _finished_record(seats=("random", "random")) -> str:
    import random

    from automa.rules.core import load_game
    from automa.search import records

    game = load_game("pi", players=2)
    state = game.new_initial_state(4)
    actions = []
    rng = random.Random(4)
    while not state.is_terminal():
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        actions.append((action, state.action_to_string(action), state.current_player()))
        state.apply_action(action)
    return records.dumps(records.make_record(game, 4, list(seats), state, actions, 0.0)) + "\n"


def test_a_finished_record_loads_but_an_unfinished_one_is_refused():
    client = testclient.TestClient(make_app(games=Games(runner=BotRunner(processes=False))))
    record = json.loads(_finished_record(("human", "random")))
    done = client.post("/api/load", json={"text": json.dumps(record)})
    assert done.status_code == 200
    record["actions"] = record["actions"][:5]
    record["status"] = "in_progress"
    for route in ("/api/load", "/api/replays"):
        refused = client.post(route, json={"text": json.dumps(record)})
        assert refused.status_code == 400 and "unfinished" in refused.json()["error"]


def test_a_companion_needs_its_key():
    client = testclient.TestClient(make_app())
    made = client.post("/api/companions", json={"game": "pulitzer", "seed": 3}).json()
    assert "key=" in made["url"]
    assert client.get(f"/api/companions/{made['id']}").status_code == 403
    assert client.get(f"/api/companions/{made['id']}?key=guess").status_code == 403
    assert client.get(f"/api/companions/{made['id']}?key={made['key']}").status_code == 200
    assert client.post(f"/api/companions/{made['id']}/answer", json={"text": ""}).status_code == 403


def test_a_seed_the_creator_chose_is_said_on_a_shared_table():
    client = testclient.TestClient(make_app(games=Games(runner=BotRunner(processes=False))))
    made, q = new(client, game="watergate", seats=["human", "human"], seed=12)
    view = client.get(f"/api/games/{made['id']}?{q}").json()
    assert view["open_to_creator"] and "open to them" in view["notice"]
    made, q = new(client, game="watergate", seats=["human", "human"])
    assert "notice" not in client.get(f"/api/games/{made['id']}?{q}").json()
