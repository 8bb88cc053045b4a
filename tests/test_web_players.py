"""Players in the web app (#48): who a game belongs to, the unfinished games a browser may
resume (only those whose seat keys it holds), a player's record, concurrent writers that lose
nothing, and nothing of another seat in any of it."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
from urllib.parse import urlencode

import pytest

from automa.store import Store, default_player
from automa.web.bots import BotRunner
from automa.web.server import Games, make_app
from tests.web_checks import error_problem, texts_of

testclient = pytest.importorskip("starlette.testclient")


def client_on(store: Store | None = None):
    games = Games(store=store or Store(":memory:"), runner=BotRunner(processes=False))
    return testclient.TestClient(make_app(games=games), raise_server_exceptions=False), games


def made_ok(client, **body) -> dict:
    r = client.post("/api/games", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def q(seat: int, key: str) -> str:
    return urlencode({"seat": seat, "key": key})


def play_out(client, made: dict, seat_index: int = 0) -> dict:
    """Play the seat's first legal action until the game is over; its last view."""
    entry = made["seats"][seat_index]
    base, query = f"/api/games/{made['id']}", q(entry["seat"], entry["key"])
    view = client.post(f"{base}/advance?{query}", json={"wait": 30}).json()
    for _ in range(500):
        if view["over"]:
            return view
        view = client.post(f"{base}/act?{query}", json={"index": 0, "ply": view["ply"], "wait": 30}).json()
    raise AssertionError("the game did not end")


def held(made: dict, seat_index: int = 0, key: str | None = None, seat: int | None = None) -> dict:
    entry = made["seats"][seat_index]
    return {
        "id": made["id"],
        "seat": entry["seat"] if seat is None else seat,
        "key": entry["key"] if key is None else key,
    }


# --------------------------------------------------------------------------- who plays


def test_the_player_fields_are_checked_with_one_line_saying_what_is_allowed():
    client, _ = client_on()
    game = {"game": "tiny_goofspiel", "seats": ["human", "random"]}
    for body, words in (
        ({"player": "x" * 41}, "1 to 40 printable characters"),
        ({"player": "tab\there\x00"}, "printable"),
        ({"player": 7}, "player must be"),
        ({"names": "Ann"}, "names must be a list"),
        ({"names": ["Ann", 3]}, "names must be a list"),
        ({"names": ["Ann", "Bea"]}, "2 players named for 1 human seat"),
        ({"player": "Ann", "names": ["Bea"]}, "differ"),
    ):
        r = client.post("/api/games", json={**game, **body})
        assert r.status_code == 400, (body, r.text)
        assert error_problem(r) is None and words in r.json()["error"], (body, r.json())
    # two human seats: the second's name is optional, but none may be skipped
    both = {"game": "tiny_goofspiel", "seats": ["human", "human"]}
    r = client.post("/api/games", json={**both, "names": ["", "Bea"]})
    assert r.status_code == 400 and "after the named ones" in r.json()["error"]
    made = made_ok(client, **both, names=["  Ann   Lee ", "Bea"])
    assert [e["player"] for e in made["seats"]] == ["Ann Lee", "Bea"] and made["player"] == "Ann Lee"


def test_a_game_with_no_name_belongs_to_the_default_player():
    client, games = client_on()
    assert client.get("/api/player").json() == {"default": default_player()}
    made = made_ok(client, game="tiny_goofspiel", seats=["human", "random"], seed=2)
    assert made["player"] == default_player() and made["seats"][0]["player"] == default_player()
    play_out(client, made)
    rows = games.store.finished_games(default_player())
    assert [r["id"] for r in rows] == [made["id"]]
    page = client.get(f"/api/players/{default_player()}").json()
    assert page["games"] == 1 and page["table"][0]["game"] == "tiny_goofspiel"


def test_a_finished_web_game_is_in_each_named_players_record():
    client, games = client_on()
    made = made_ok(client, game="tiny_goofspiel", seats=["human", "human"], names=["Ann", "Bea"], seed=4)
    views = {}
    for _ in range(40):  # the two seats take turns
        for i, entry in enumerate(made["seats"]):
            views[i] = client.get(f"/api/games/{made['id']}?{q(entry['seat'], entry['key'])}").json()
        if views[0]["over"]:
            break
        i = 0 if views[0]["your_turn"] else 1
        entry = made["seats"][i]
        client.post(
            f"/api/games/{made['id']}/act?{q(entry['seat'], entry['key'])}",
            json={"index": 0, "ply": views[i]["ply"]},
        )
    assert views[0]["over"]
    for seat, name in ((0, "Ann"), (1, "Bea")):
        rows = games.store.finished_games(name)
        assert [(r["id"], r["seat"]) for r in rows] == [(made["id"], seat)]
        page = client.get(f"/api/players/{name}").json()
        assert page["player"] == name and page["games"] == 1
        assert page["history"][0]["score"] == views[0]["result"]["scores"][seat][0]
        assert set(page["table"][0]) >= {"game", "mode", "setting", "games", "wins", "rate", "interval"}
    # an unknown player has an empty record, not a 404; a name that is no name is a 400
    assert client.get("/api/players/Nobody%20Yet").json() == {
        "player": "Nobody Yet",
        "games": 0,
        "table": [],
        "trends": [],
        "history": [],
    }
    bad = client.get("/api/players/%20")
    assert bad.status_code == 400 and error_problem(bad) is None


# --------------------------------------------------------------------------- the browser's games


def test_mine_lists_only_unfinished_games_whose_keys_the_browser_holds():
    client, _ = client_on()
    table = made_ok(client, game="tiny_goofspiel", seats=["human", "human"], names=["Ann", "Bea"], seed=1)
    other = made_ok(client, game="tiny_goofspiel", seats=["human", "random"], player="Cy", seed=2)
    done = made_ok(client, game="tiny_goofspiel", seats=["human", "random"], player="Ann", seed=3)
    play_out(client, done)
    key0, key1 = table["seats"][0]["key"], table["seats"][1]["key"]
    asked = [
        held(table),  # seat 0 with its own key: listed
        held(table, key=key0, seat=1),  # another seat with this seat's key
        held(table, key="guessed-key", seat=1),
        held(table, key=key0[:-1] + ("A" if key0[-1] != "A" else "B")),  # a wrong key
        held(other, key=key0),  # another game with this key
        held(done),  # a finished game
        {"id": "no-such-game", "seat": 0, "key": key0},
        {"id": table["id"], "seat": 9, "key": key0},  # a seat the game does not have
    ]
    r = client.post("/api/mine", json={"seats": asked})
    assert r.status_code == 200, r.text
    listed = r.json()["games"]
    assert [(g["id"], g["seat"]) for g in listed] == [(table["id"], 0)]
    entry = listed[0]
    assert entry["url"] == table["seats"][0]["url"] and entry["player"] == "Ann"
    assert entry["title"] == "Goofspiel (test game)" and entry["ply"] == 0 and entry["your_turn"]
    assert {"mode", "setting", "updated", "to_move"} <= set(entry)
    # nothing of the other seat, the seed or the moves: only public facts and the own link
    blob = "\x00".join(texts_of(r))
    assert key1 not in blob and other["seats"][0]["key"] not in blob
    assert not {"seed", "bot_seed", "keys", "actions", "extra", "players"} & set(entry)
    # holding both seats' keys lists both, each with its own link
    both = client.post("/api/mine", json={"seats": [held(table), held(table, 1)]}).json()["games"]
    assert sorted((g["seat"], g["url"]) for g in both) == [
        (0, table["seats"][0]["url"]),
        (1, table["seats"][1]["url"]),
    ]
    # a malformed question is a clean 400
    for body in ({"seats": "x"}, {"seats": [1]}, {"seats": [{"id": 1, "seat": 0, "key": "k"}]}, []):
        bad = client.post("/api/mine", json=body)
        assert bad.status_code == 400 and error_problem(bad) is None, (body, bad.text)
    assert client.post("/api/mine", json={}).json() == {"games": []}


# --------------------------------------------------------------------------- concurrency


def test_concurrent_players_lose_no_write(tmp_path):
    """Eight browsers at once on one database file, each starting and playing its own game
    while also asking for its games and its record: every game's stored ply is the last one
    its browser was shown, and every finished game is in its player's record."""
    db = tmp_path / "automa.db"
    client, games = client_on(Store(db))
    threads, errors = 8, []
    last: dict[str, int] = {}
    finished: dict[str, bool] = {}
    start = threading.Barrier(threads)

    def browser(n: int) -> None:
        try:
            mine = testclient.TestClient(client.app, raise_server_exceptions=False)
            start.wait()
            made = made_ok(
                mine, game="tiny_goofspiel", players=2, seats=["human", "random"], params={"cards": "9"},
                player=f"P{n}", seed=n,
            )  # fmt: skip
            entry = made["seats"][0]
            base, query = f"/api/games/{made['id']}", q(entry["seat"], entry["key"])
            view = mine.post(f"{base}/advance?{query}", json={"wait": 30}).json()
            moves = 9 if n % 2 else 4  # half of them finish (the last card plays itself)
            for _ in range(moves):
                if view["over"]:
                    break
                view = mine.post(f"{base}/act?{query}", json={"index": 0, "ply": view["ply"], "wait": 30})
                assert view.status_code == 200, view.text
                view = view.json()
                listed = mine.post("/api/mine", json={"seats": [held(made)]}).json()["games"]
                assert view["over"] or [g["ply"] for g in listed] == [view["ply"]]
                assert mine.get(f"/api/players/P{n}").status_code == 200
            last[made["id"]] = view["ply"]
            finished[made["id"]] = view["over"]
        except BaseException as err:  # noqa: BLE001  (reported below, with its thread)
            errors.append(f"browser {n}: {type(err).__name__}: {err}")

    workers = [threading.Thread(target=browser, args=(n,)) for n in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(120)
    assert not errors, "\n".join(errors)
    assert len(last) == threads
    again = Store(db)  # what a restarted server would read
    for gid, ply in last.items():
        stored = again.load(gid)
        assert stored["ply"] == ply == len(stored["actions"]), gid
        assert stored["status"] == ("finished" if finished[gid] else "in_progress")
    for n in range(threads):
        rows = again.finished_games(f"P{n}")
        assert len(rows) == (1 if n % 2 else 0), (n, rows)


# --------------------------------------------------------------------------- secrets


def test_nothing_served_for_an_unfinished_game_shows_another_seats_key_or_secrets():
    """Two people at a P.I. table (with a bot): at several points of the game, seat 0 asks
    every route this work added and the ones a resumed seat uses (view, frames, save, its
    games, both players' records, the default player); nothing it gets holds seat 1's key,
    the seed, or a secret of seat 1 as the engine defines it (tests/test_web_secrets.py)."""
    from tests.test_web_secrets import BOT_SEED, SEED, truth

    client, games = client_on()
    made = made_ok(
        client, game="pi", players=3, seats=["human", "human", "random"], names=["Ann", "Bea"],
        seed=SEED, bot_seed=BOT_SEED,
    )  # fmt: skip
    gid = made["id"]
    keys = {e["seat"]: e["key"] for e in made["seats"]}
    # a finished game of each player, so their records are not empty
    for name in ("Ann", "Bea"):
        play_out(client, made_ok(client, game="tiny_goofspiel", seats=["human", "random"], player=name))
    got: list[tuple[str, str]] = []

    def ask(label: str, method: str, url: str, body=None) -> dict | None:
        r = client.request(method, url, json=body) if body is not None else client.request(method, url)
        assert r.status_code == 200, (label, r.text)
        got.append((label, "\x00".join(texts_of(r))))
        try:
            return r.json()
        except ValueError:
            return None

    def probe(at: str) -> None:
        ask(f"view {at}", "GET", f"/api/games/{gid}?{q(0, keys[0])}")
        ask(f"frames {at}", "GET", f"/api/games/{gid}/frames?{q(0, keys[0])}&after=0")
        ask(f"save {at}", "GET", f"/api/games/{gid}/save?{q(0, keys[0])}")
        mine = ask(
            f"mine {at}",
            "POST",
            "/api/mine",
            {"seats": [held(made), held(made, key=keys[0], seat=1), held(made, key="x" * 11, seat=1)]},
        )
        assert [g["seat"] for g in mine["games"]] == [0]
        for name in ("Ann", "Bea"):
            ask(f"{name}'s record {at}", "GET", f"/api/players/{name}")
        ask(f"default player {at}", "GET", "/api/player")

    probes = 0
    for _ in range(400):
        views = {s: client.get(f"/api/games/{gid}?{q(s, k)}").json() for s, k in keys.items()}
        if views[0]["over"]:
            break
        movers = [s for s, v in views.items() if v["your_turn"]]
        if not movers:
            client.post(f"/api/games/{gid}/advance?{q(0, keys[0])}", json={"wait": 30})
            continue
        seat = movers[0]
        if seat == 0 and views[0]["ply"] >= 10 * probes:
            probe(f"at ply {views[0]['ply']}")
            probes += 1
            if probes == 4:
                break
        client.post(
            f"/api/games/{gid}/act?{q(seat, keys[seat])}",
            json={"index": views[seat]["ply"] % len(views[seat]["actions"]), "ply": views[seat]["ply"]},
        )
    actions = list(games.games[gid].session.actions)
    assert probes == 4 and not games.games[gid].over, "the game ended before seat 0 asked enough"
    found = truth("pi", 3, actions)
    assert any(origin.startswith("seat 1's") for origin in found.secrets.values()), "no secret of seat 1"
    needles = {**found.secrets, keys[1]: "seat 1's key", str(SEED): "the seed", str(BOT_SEED): "the bot seed"}
    leaks = [f"{needle!r} ({origin}) in {label}" for needle, origin in needles.items() for label, blob in got
             if needle in blob]  # fmt: skip
    assert not leaks, "\n".join(leaks[:12])


# --------------------------------------------------------------------------- a real restart


def test_after_a_kill_9_the_browser_finds_its_game_and_stats_count_the_finished_one(tmp_path):
    """`automa serve` in its own process, killed with -9 and started again on the same
    database: the seat links the browser held list the unfinished game at the ply it had, the
    finished one is gone from the list, and `automa stats` (the default player's, since the
    game was started with no name) counts it."""
    httpx = pytest.importorskip("httpx")
    from tests.test_web_server import _serve

    db = tmp_path / "automa.db"
    env = dict(os.environ, XDG_STATE_HOME=str(tmp_path))
    proc, base = _serve(db, env)
    try:
        with httpx.Client(base_url=base, params={"token": "t0k"}, timeout=60) as http:
            body = {"game": "watergate", "seats": ["human", "random"], "seed": 3, "player": "Bea"}
            going = http.post("/api/games", json=body).json()
            entry = going["seats"][0]
            query = {"seat": entry["seat"], "key": entry["key"]}
            view = http.post(f"/api/games/{going['id']}/advance", params=query, json={"wait": 30}).json()
            for _ in range(3):
                move = {"index": 0, "ply": view["ply"], "wait": 30}
                view = http.post(f"/api/games/{going['id']}/act", params=query, json=move).json()
            seats = ["human", "random", "random", "random"]
            salem = {"game": "salem", "players": 4, "seats": seats, "seed": 1}
            done = http.post("/api/games", json=salem).json()
            assert done["player"] == default_player()
            d = done["seats"][0]
            dq = {"seat": d["seat"], "key": d["key"]}
            last = http.post(f"/api/games/{done['id']}/advance", params=dq, json={"wait": 30}).json()
            for _ in range(300):
                if last["over"]:
                    break
                move = {"index": 0, "ply": last["ply"], "wait": 30}
                last = http.post(f"/api/games/{done['id']}/act", params=dq, json=move).json()
            assert last["over"]
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    proc, base = _serve(db, env)
    try:
        with httpx.Client(base_url=base, params={"token": "t0k"}, timeout=60) as http:
            listed = http.post("/api/mine", json={"seats": [held(going), held(done)]}).json()["games"]
            assert [(g["id"], g["ply"], g["url"]) for g in listed] == [
                (going["id"], view["ply"], entry["url"])
            ]
            back = http.get(f"/api/games/{going['id']}", params=query).json()
            assert back["ply"] == view["ply"] and back["board_svg"] == view["board_svg"]
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    stats = subprocess.run(
        [sys.executable, "-m", "automa.cli", "stats", "--db", str(db), "--json"],
        capture_output=True, text=True, env=env, timeout=120,
    )  # fmt: skip
    assert stats.returncode == 0, stats.stderr
    record = json.loads(stats.stdout)
    assert record["player"] == default_player() and [h["id"] for h in record["history"]] == [done["id"]]
    text = subprocess.run(
        [sys.executable, "-m", "automa.cli", "stats", "--db", str(db)],
        capture_output=True, text=True, env=env, timeout=120,
    ).stdout  # fmt: skip
    assert "1 finished game" in text and "salem" in text


def test_the_player_page_and_the_default_name_are_served():
    client, _ = client_on()
    for path in ("/players/Ann", "/players/Ann%20Lee", "/players/a%2Fb"):
        page = client.get(path)
        assert page.status_code == 200 and "<script" in page.text, path
    assert client.get("/api/players/a%2Fb").json()["player"] == "a/b"


def test_a_game_served_by_play_web_with_no_name_is_the_default_players(tmp_path, monkeypatch):
    import uvicorn

    from automa.play import Session
    from automa.web import server
    from automa.web.game import WebGame

    monkeypatch.setattr(uvicorn.Server, "run", lambda *a, **kw: None)
    session = Session.new("tiny_goofspiel", 2, None, {}, ["human", "random"], 5, out=lambda _line: None)
    first = WebGame(session)
    server.serve(port=0, first=first, echo=lambda _line: None, db=tmp_path / "automa.db")
    assert Store(tmp_path / "automa.db").load(first.id)["players"] == {0: default_player()}
