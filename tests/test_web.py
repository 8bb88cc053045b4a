"""The web app's server side: what a seat's browser may receive, the JSON API's answers to
good and bad requests, and the access token."""

from __future__ import annotations

import random

import pytest

from automa.rules.core import all_configurations, load_game
from automa.web.game import state_view
from automa.web.server import make_app

testclient = pytest.importorskip("starlette.testclient")

CONFIGS = all_configurations()
IDS = [f"{name}-{p['mode']}-{p['players']}p" for name, p in CONFIGS]


@pytest.mark.parametrize("name,params", CONFIGS, ids=IDS)
def test_a_seats_payload_is_the_same_for_every_world_it_cannot_tell_apart(name, params):
    """Nothing hidden reaches a browser: the view sent to seat s depends only on
    observation(s), so a determinization for s (same observation, other hidden cards)
    gives the very same payload."""
    game = load_game(name, **params)
    rng = random.Random(7)
    state = game.new_initial_state(7)
    checked = 0
    for step in range(400):
        if state.is_terminal():
            break
        if step % 9 == 0:
            for seat in range(state.num_players()):
                if seat in game.automaton_seats():
                    continue
                world = state.determinize(seat, random.Random(step + seat))
                assert world.observation(seat) == state.observation(seat)
                assert state_view(world, seat) == state_view(state, seat), (name, step, seat)
                checked += 1
        state.apply_action(state.random_action(rng))
    assert checked


@pytest.fixture
def client():
    return testclient.TestClient(make_app())


def new(client, **body):
    r = client.post("/api/games", json=body)
    assert r.status_code == 200, r.text
    made = r.json()
    return made, made["seats"][0]["url"].split("?")[1]


def test_the_lobby_lists_every_game_with_its_seats_and_settings(client):
    games = {g["name"]: g for g in client.get("/api/catalog").json()}
    assert set(games) >= {"pi", "pulitzer", "salem", "tabletop_inc", "watergate"}
    assert "mumanbot:normal" in games["tabletop_inc"]["seats"]
    # the shipped automaton decks by name; never a bare spec that needs one
    assert {"automaton:watergate-nixon", "automaton:watergate-editor"} <= set(games["watergate"]["seats"])
    assert not any(seat in ("automaton", "mumanbot") for g in games.values() for seat in g["seats"])
    assert "times_mix" in games["pulitzer"]["params"]
    assert games["pulitzer"]["modes"]["solo"] == [1]


def test_a_seat_is_only_shown_with_its_own_key(client):
    made, q = new(client, game="pi", players=2, seats=["human", "random"], seed=1)
    gid = made["id"]
    assert client.get(f"/api/games/{gid}?{q}").status_code == 200
    assert client.get(f"/api/games/{gid}?seat=1&key=guess").status_code == 403  # the bot's seat
    assert client.get(f"/api/games/{gid}?seat=0&key=wrong").status_code == 403
    assert client.get(f"/api/games/nosuch?{q}").status_code == 404


def test_a_move_plays_the_bots_and_a_stale_or_bad_move_changes_nothing(client):
    made, q = new(client, game="pi", players=2, seats=["human", "random"], seed=1)
    gid = made["id"]
    view = client.get(f"/api/games/{gid}?{q}").json()
    assert view["your_turn"] and view["actions"] and view["ply"] == 0
    after = client.post(f"/api/games/{gid}/act?{q}", json={"index": 0, "ply": 0}).json()
    assert after["ply"] == 2 and after["frames"] and after["log"][0].startswith("you: ")
    stale = client.post(f"/api/games/{gid}/act?{q}", json={"index": 0, "ply": 0})
    assert stale.status_code == 409 and "moved on" in stale.json()["error"]
    bad = client.post(f"/api/games/{gid}/act?{q}", json={"index": 999, "ply": 2})
    assert bad.status_code == 400 and "choose one of" in bad.json()["error"]
    assert client.get(f"/api/games/{gid}?{q}").json()["ply"] == 2


@pytest.mark.parametrize(
    "body,words",
    [
        ({"game": "nosuch"}, "nosuch"),
        ({"game": "pi", "players": 9}, "players"),
        ({"game": "pi", "players": 2, "seats": ["human", "mcts:iterations=abc"]}, "abc"),
        ({"game": "pi", "players": 2, "seats": ["random", "random"]}, "human"),
    ],
)
def test_a_bad_lobby_request_gets_one_clear_line(client, body, words):
    r = client.post("/api/games", json=body)
    assert r.status_code == 400 and words in r.json()["error"] and "\n" not in r.json()["error"]


def test_save_load_and_replay_use_the_terminals_save_files(client):
    made, q = new(client, game="watergate", seats=["human", "random"], seed=2)
    gid = made["id"]
    view = client.post(f"/api/games/{gid}/advance?{q}", json={}).json()
    view = client.post(f"/api/games/{gid}/act?{q}", json={"index": 0, "ply": view["ply"]}).json()
    saved = client.get(f"/api/games/{gid}/save?{q}")
    assert saved.status_code == 200 and saved.json()["game"] == "watergate"
    loaded = client.post("/api/load", json={"text": saved.text}).json()
    q2 = loaded["seats"][0]["url"].split("?")[1]
    again = client.get(f"/api/games/{loaded['id']}?{q2}").json()
    assert again["ply"] == view["ply"] and again["board_svg"] == view["board_svg"]
    rep = client.post("/api/replays", json={"text": saved.text}).json()
    step = client.get(f"/api/replays/{rep['id']}?record=0&step=1&seat=0").json()
    assert step["step"] == 1 and step["steps"] == view["ply"]
    assert client.post("/api/load", json={"text": "not json"}).status_code == 400
    assert client.post("/api/replays", json={"text": ""}).status_code == 400


def test_without_the_token_nothing_is_served():
    gate = testclient.TestClient(make_app(token="s3cret"))
    assert gate.get("/").status_code == 403
    assert gate.get("/api/catalog").status_code == 403
    assert gate.get("/?token=s3cret").status_code == 200  # sets the cookie
    assert gate.get("/api/catalog").status_code == 200


def test_serve_help_works():
    from click.testing import CliRunner

    from automa.cli import main

    result = CliRunner().invoke(main, ["serve", "--help"])
    assert result.exit_code == 0 and "--host" in result.output and "token" in result.output


def test_play_web_serves_the_game_it_was_given(monkeypatch):
    """`automa play ... --web` builds the game from the same options and serves it."""
    from click.testing import CliRunner

    import automa.web.server as server
    from automa.cli import main

    served = {}
    monkeypatch.setattr(server, "serve", lambda **kw: served.update(kw))
    result = CliRunner().invoke(
        main, ["play", "pulitzer", "--mode", "solo", "--seed", "3", "--web", "--port", "0"]
    )
    assert result.exit_code == 0, result.output
    game = served["first"]
    assert game.session.game.name == "pulitzer" and game.session.seed == 3 and served["port"] == 0
    bad = CliRunner().invoke(main, ["play", "pi", "--seat", "human", "--seat", "mcts:c=x", "--web"])
    assert bad.exit_code != 0 and "c takes a number" in bad.output


@pytest.mark.parametrize("name,params", CONFIGS, ids=IDS)
def test_every_score_entry_has_a_name_for_the_final_table(name, params):
    """The game-over table heads each score column with the game's own words."""
    game = load_game(name, **params)
    state = game.new_initial_state(3)
    assert len(type(game).score_names) == len(state.scores()[0])


def test_a_human_decision_with_one_choice_is_played_for_them_and_undo_skips_it():
    """Watergate always opens a reaction window (so it reveals nothing); with nothing to
    react with, the page plays the pass for the person, and undo takes back their last
    real choice, not the forced pass."""
    from automa.play import Session
    from automa.web.game import WebGame

    game = WebGame(Session.new("watergate", None, None, {}, ["human", "random"], 4, 0, out=lambda _l: None))
    game.advance(0)
    rng = random.Random(1)
    while not game.forced:
        view = game.view(0)
        assert not view["over"]
        assert len(view["actions"]) > 1  # a real choice is never left to a click
        real = view["ply"]
        game.act(0, rng.randrange(len(view["actions"])), real)
    assert any(line.endswith("(your only choice)") for line in game.logs[0])
    import automa.web.game as web_game

    taken = len(game.session.actions)
    game.undo(0)
    # the bots' replies revealed cards of theirs: undo may not go back past them (#47)
    assert len(game.session.actions) == taken and "cannot take back" in game.logs[0][-1]
    game.barrier = 0  # as if nothing had been revealed since
    game.undo(0)
    assert len(game.session.actions) == real and not game.forced
    assert web_game.UNDO_NOTE in game.view(0)["undo_note"]


def test_undo_never_goes_back_past_a_reveal():
    """Undo stops at a reveal (#47): a lone player who draws may not undo the draw and know
    what the deck holds; a move whose outcome the player could foresee stays undoable."""
    from automa.play import Session
    from automa.web.game import WebGame, revealed

    game = WebGame(Session.new("salem", 4, None, {}, ["human"] + ["random"] * 3, 11, 0, out=lambda _l: None))
    game.advance(0)
    state = game.session.state
    for _ in range(400):
        if state.is_terminal() or state.current_player() != 0:
            break
        texts = [state.action_to_string(a) for a in state.legal_actions()]
        draws = [i for i, t in enumerate(texts) if t.lower().startswith("draw")]
        if draws:
            before = state.clone()
            action = state.legal_actions()[draws[0]]
            after = state.clone()
            after.apply_action(action)
            assert revealed(before, action, after, 0)
            ply = len(game.session.actions)
            game.act(0, draws[0], ply)
            assert game.barrier >= ply + 1
            kept = len(game.session.actions)
            view = game.undo(0)
            assert len(game.session.actions) == kept and not view["can_undo"]
            assert "cannot take back" in view["log"][-1]
            return
        game.act(0, 0, len(game.session.actions))
        state = game.session.state
    pytest.fail("no draw was offered to seat 0 in this game")


def test_a_person_plays_watergate_against_a_shipped_automaton_deck_to_the_end(client):
    made, q = new(client, game="watergate", seats=["human", "automaton:watergate-nixon"], seed=4)
    gid = made["id"]
    view = client.post(f"/api/games/{gid}/advance?{q}", json={}).json()
    for _ in range(2000):
        if view.get("over"):
            break
        assert view["your_turn"] and view["actions"]
        view = client.post(f"/api/games/{gid}/act?{q}", json={"index": 0, "ply": view["ply"]}).json()
        assert "error" not in view, view
    assert view.get("over"), "the game ends"


def test_a_card_played_in_steps_is_one_log_line():
    """Salem's "play Accusation", then "play Accusation on P4": the page's log tells the
    card once, by its last step, for a bot's card and for the person's own."""
    from automa.play import Session
    from automa.web.game import WebGame

    game = WebGame(
        Session.new("salem", 4, None, {}, ["human", "random", "random", "random"], 7, 0, out=lambda _l: None)
    )
    game.advance(0)
    rng = random.Random(3)
    for _ in range(80):
        view = game.view(0)
        if view["over"]:
            break
        if not view["your_turn"]:
            game.advance(0)
            continue
        texts = [a["text"] for a in view["actions"]]
        plays = [i for i, t in enumerate(texts) if t.startswith("play ") and " on " not in t]
        if plays:
            told = len(game.logs[0])
            game.act(0, plays[0], view["ply"])
            step, state = texts[plays[0]], game.session.state
            spelled_out = state.current_player() == 0 and any(
                state.action_to_string(a).startswith(step + " ") for a in state.legal_actions()
            )
            if spelled_out:  # the next step names the card again with its target: held back
                assert not any(line == f"you: {step}" for line in game.logs[0][told:])
        else:
            game.act(0, rng.randrange(len(texts)), view["ply"])
    log = game.logs[0]
    for earlier, later in zip(log, log[1:], strict=False):
        head = earlier.split(": ", 1)
        if len(head) == 2 and head[1].startswith("play ") and " on " not in head[1]:
            assert not later.startswith(earlier + " "), f"told twice: {earlier!r} then {later!r}"
    assert any(line.startswith("you: play ") and " on " in line for line in log)
