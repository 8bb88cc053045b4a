"""`automa play --position FILE` (#50): a game at the table starts from a written position;
the seed gives the play after it, as in a tournament's record; it is kept, resumed, undone and
replayed from that position."""

from __future__ import annotations

import re

from click.testing import CliRunner

from automa.cli import main
from automa.play import Session
from automa.rules.core import load_game, snapshot
from automa.rules.position import start_state
from automa.search import records
from automa.store import Store


def run(*args, input=None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input)


def written(tmp_path, game="pi", moves=20):
    out = run("position", game, "--seed", 3, "--moves", moves)
    assert out.exit_code == 0, out.output
    path = tmp_path / "start.toml"
    path.write_text(out.output)
    return path


def test_a_game_at_the_table_starts_from_the_position_and_comes_back(tmp_path):
    path = written(tmp_path)
    db = tmp_path / "a.db"
    r = run("play", "--position", path, "--seat", "human", "--seat", "random", "--seed", 5, "--db", db,
            input="1\nq\n\n")  # fmt: skip
    assert r.exit_code == 0, r.output
    game_id = re.search(r"automa play --resume (\w+)", r.output).group(1)
    stored = Store(db).load(game_id)
    assert stored["extra"]["position"] == path.read_text()
    expected = start_state(load_game("pi", players=2), path.read_text(), 5)
    session = Session.from_stored(stored, out=lambda _t: None)
    replayed = expected.clone()
    for action, _text, _seat in session.actions:
        replayed.apply_action(action)
    assert snapshot(session.state) == snapshot(replayed)
    back = run("play", "--resume", game_id, "--db", db, input="q\n\n")
    assert f"{stored['ply']} action" in back.output


def test_undo_goes_back_to_the_position_not_to_the_seed(tmp_path):
    text = written(tmp_path).read_text()
    session = Session.new("pi", None, None, load_game("pi", players=2).params.to_json(),
                          ["human", "random"], 5, start_position=text, out=lambda _t: None)  # fmt: skip
    first = snapshot(session.state)
    session.apply(session.state.legal_actions()[0], 0)
    assert "took back" in session.undo()
    assert snapshot(session.state) == first


def test_a_finished_game_from_a_position_replays(tmp_path):
    path = written(tmp_path, "watergate", 30)
    db = tmp_path / "w.db"
    r = run("play", "--position", path, "--seat", "random", "--seat", "random", "--seed", 2, "--db", db)
    assert r.exit_code == 0 and "final scores" in r.output, r.output
    record_path = re.search(r"game record: (\S+)", " ".join(r.output.split())).group(1)
    (rec,) = records.read_records(record_path)
    assert rec["position"] == path.read_text()
    records.verify(rec)
    again = run("replay", record_path, "--verify")
    assert again.exit_code == 0 and "all 1 records replay exactly" in again.output


def test_position_and_load_together_are_refused(tmp_path):
    path = written(tmp_path)
    r = run("play", "--position", path, "--load", path)
    assert r.exit_code == 1 and "give one of them" in r.output
    bad = run("play", "pulitzer", "--position", path)
    assert bad.exit_code == 1 and "is a pi position, not pulitzer" in bad.output


def test_the_web_starts_from_a_position_and_offers_it_only_once_over(tmp_path):
    import pytest

    testclient = pytest.importorskip("starlette.testclient")
    from automa.web.bots import BotRunner
    from automa.web.server import Games, make_app

    text = written(tmp_path, "watergate", 30).read_text()
    client = testclient.TestClient(
        make_app(games=Games(store=Store(tmp_path / "w.db"), runner=BotRunner(processes=False)))
    )
    made = client.post("/api/games", json={"position": text, "seats": ["human", "random"], "seed": 4}).json()
    assert "error" not in made, made
    seat = made["seats"][0]
    q = f"seat={seat['seat']}&key={seat['key']}"
    base = f"/api/games/{made['id']}"
    view = client.post(f"{base}/advance?{q}", json={}).json()
    assert text not in str(view)  # the position stays on the server
    early = client.get(f"{base}/position?{q}")
    assert early.status_code == 409 and "once the game is over" in early.json()["error"]
    while not view["over"]:
        view = client.post(f"{base}/act?{q}", json={"index": 0, "ply": view["ply"]}).json()
    final = client.get(f"{base}/position?{q}")
    assert final.status_code == 200 and final.text.startswith("format = 1")
    assert client.get(f"{base}/position?seat=0&key=wrong").status_code == 403
    bad = client.post("/api/games", json={"position": "format = 1\ngame = 'nope'\n"})
    assert bad.status_code == 400 and "the position:" in bad.json()["error"]
    other = client.post("/api/games", json={"position": text, "game": "pi"})
    assert other.status_code == 400 and "a watergate position, not pi" in other.json()["error"]


def test_the_terminal_writes_the_final_position_beside_the_record(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    r = run(
        "play", "watergate", "--seat", "random", "--seat", "random", "--seed", 3, "--db", tmp_path / "a.db"
    )
    final = re.search(r"final position: (\S+)", " ".join(r.output.split())).group(1)
    assert run("position", "--check", final).exit_code == 0
