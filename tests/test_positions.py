"""Positions (issue #50, docs/positions.md): every game writes any state as a TOML text and
reads it back to the same state; a scenario is a seed plus the fields that differ; a bad
position is refused with one line naming the field and the rule."""

from __future__ import annotations

import random
import tomllib

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from automa.rules.core import all_configurations, game_class, game_packages, load_game, snapshot
from automa.rules.position import PositionError, dumps, read_position
from tests import conformance as c

#: every configuration of every game with a position notation (the test suite's own fixture
#: game, tests/tinygame.py, has none)
CONFIGS = [(n, p) for n, p in all_configurations() if f"automa.rules.{n}" in game_packages()]
IDS = [f"{name}-{p['mode']}-{p['players']}p" for name, p in CONFIGS]
GAMES = [m.rpartition(".")[2] for m in game_packages()]


@pytest.mark.parametrize("name,params", CONFIGS, ids=IDS)
def test_a_written_position_reads_back_to_the_same_game(name, params):
    c.check_position_round_trip(name, params, seeds=range(3), points=8)


def _position_after(name: str, moves: int, seed: int = 3, **params) -> str:
    game = load_game(name, **params)
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply_action(state.random_action(rng))
    return state.to_position(seed=seed)


# --------------------------------------------------------------------------- partial positions


def test_a_scenario_is_a_seed_and_the_fields_that_differ():
    state = read_position(
        """
        format = 1
        game = "pulitzer"
        seed = 3
        [params]
        players = 3
        [decks]
        evidence_discard = ["PHO#1", "PHO+TAP"]
        [seat.1]
        money = 20
        kept = ["A#2"]
        """
    )
    seeded = load_game("pulitzer", players=3).new_initial_state(3)
    assert state.money == [5, 20, 5]
    names = ("PHO#1", "PHO+TAP")
    assert len(state.evi_disc) == 2 and len(state.evi_deck) == len(seeded.evi_deck) - 2
    assert not set(state.evi_disc) & set(state.evi_deck), "the named cards left the deck"
    assert len(state.line_deck) == len(seeded.line_deck) - 1
    # an omitted random state is the seed's own
    assert state.rng.getstate() == seeded.rng.getstate()
    assert state.to_position().count('"PHO#1"') == 1 and all(n in state.to_position() for n in names)


def test_a_scenario_names_cards_in_a_hand_and_they_leave_the_deck():
    state = read_position(
        """
        format = 1
        game = "watergate"
        seed = 1
        [seat.0]
        hand = ["E01", "E02"]
        """
    )
    game = state.game
    ids = {c.id: i for i, c in enumerate(game.data.cards)}
    assert state.hand[0] == [ids["E01"], ids["E02"]]
    assert ids["E01"] not in state.deck[0] and ids["E02"] not in state.deck[0]
    state.apply_action(state.legal_actions()[0])


def test_pi_scenario_remakes_what_follows_from_the_cases():
    game = load_game("pi", players=3)
    d = game.data
    seeded = game.new_initial_state(2)
    cases = [
        [f"suspect:{d.suspect_ids[i]}", f"crime:{d.crime_ids[i]}", f"location:{d.area_ids[i]}"]
        for i in range(3)
    ]
    text = 'format = 1\ngame = "pi"\nseed = 2\n[params]\nplayers = 3\n' + "".join(
        f"[seat.{s}]\ncase = {dumps({'x': cases[s]}).partition('= ')[2]}" for s in range(3)
    )
    state = game.from_position(text)
    assert state.cases == [(0, 0, 0), (1, 1, 1), (2, 2, 2)]
    assert state.hand_allows != seeded.hand_allows
    c.random_walk(state, random.Random(0), game.max_game_length())


# --------------------------------------------------------------------------- bad positions


def _refused(text: str, field: str) -> str:
    with pytest.raises(PositionError) as err:
        read_position(text)
    message = str(err.value)
    assert "\n" not in message and message.startswith("position: ")
    assert field in message, message
    return message


def test_bad_positions_are_refused_with_one_line_naming_the_field():
    good = _position_after("pulitzer", 30, players=4)
    read_position(good)
    _refused("format = 1\ngame = [", "text")
    _refused(good.replace("format = 1", "format = 2"), "format")
    _refused(good.replace("format = 1\n", ""), "format")
    _refused(good.replace('game = "pulitzer"', 'game = "chess"'), "game")
    _refused(good.replace("players = 4", "players = 9"), "params")
    doc = tomllib.loads(good)
    first = doc["decks"]["evidence"][0]
    doc["decks"]["evidence"][0] = "NOPE#1"
    _refused(dumps(doc), "decks.evidence[0]")
    doc["decks"]["evidence"][0] = first
    doc["decks"]["evidence_discard"].append(first)
    assert "a card is in one place" in _refused(dumps(doc), "decks.evidence")
    doc = tomllib.loads(good)
    doc["seat"]["1"]["money"] = -3
    _refused(dumps(doc), "seat.1.money")
    doc = tomllib.loads(good)
    doc["pending"]["decision"] = ["victory", 0]
    _refused(dumps(doc), "pending.decision")
    doc = tomllib.loads(good)
    doc["seat"]["9"] = {"money": 1}
    _refused(dumps(doc), "seat.9")
    doc = tomllib.loads(good)
    doc["decks"]["colour"] = 3
    _refused(dumps(doc), "decks.colour")
    doc = tomllib.loads(good)
    doc["random"]["mersenne_twister"] = ["AAAA"]
    _refused(dumps(doc), "random.mersenne_twister")


def test_more_tokens_or_cards_than_the_box_are_refused():
    doc = tomllib.loads(_position_after("salem", 10))
    doc["seat"]["0"]["face_down"] = ["witch"] * 4
    assert "the box has 3" in _refused(dumps(doc), "seat")
    doc = tomllib.loads(_position_after("tabletop_inc", 10, players=3))
    doc["board"]["supply"][0] = [99, 0, 0, 0]
    _refused(dumps(doc), "board.supply[0]")
    doc = tomllib.loads(_position_after("watergate", 10))
    doc["seat"]["0"]["hand"] = doc["seat"]["1"]["deck"][:1]
    _refused(dumps(doc), "seat.0.hand")


@pytest.mark.parametrize("name", GAMES)
def test_every_game_has_a_position(name):
    cls = game_class(name)
    text = _position_after(name, 20)
    assert text.startswith("format = 1\n")
    state = load_game(name).from_position(text)
    assert state.game.params == cls(cls.make_params()).params


# --------------------------------------------------------------------------- fuzz

_FUZZ_BASE = {name: _position_after(name, 25, seed=7) for name in GAMES}


def _leaves(value, path=()):
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _leaves(v, path + (k,))
    elif path == ("random", "mersenne_twister"):
        yield path, value  # the generator's words: one leaf, not 33
    elif isinstance(value, list) and value:
        yield path, value
        for i, v in enumerate(value):
            yield from _leaves(v, path + (i,))
    else:
        yield path, value


_REPLACEMENTS = st.one_of(
    st.integers(-3, 40),
    st.booleans(),
    st.sampled_from(["", "naw", "witch", "E01", "PHO#1", "A#2", "SP01", "suspect:x", "bogus", "-"]),
    st.just([]),
    st.just({}),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(GAMES),
    edits=st.lists(
        st.tuples(st.integers(0, 10**6), st.integers(0, 4), _REPLACEMENTS), min_size=1, max_size=3
    ),
)
def test_edited_positions_play_to_the_end_or_give_one_line(name, edits):
    doc = tomllib.loads(_FUZZ_BASE[name])
    for where, how, value in edits:
        leaves = [p for p, _ in _leaves(doc) if p and p[0] != "format"]
        path = leaves[where % len(leaves)]
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        last = path[-1]
        if how == 0:
            parent[last] = value
        elif how == 1 and isinstance(parent, dict):
            del parent[last]
        elif how == 4 and isinstance(parent[last], int) and not isinstance(parent[last], bool):
            parent[last] += 1 if value is True else -1  # a count one off
        elif how == 2 and isinstance(parent[last], list) and parent[last]:
            parent[last].append(parent[last][0])  # a card twice, a token more
        elif isinstance(parent[last], list) and len(parent[last]) > 1:
            parent[last].reverse()
        else:
            parent[last] = value
    try:
        text = dumps(doc)
    except TypeError:
        return
    try:
        state = read_position(text)
    except PositionError as err:
        assert "\n" not in str(err)
        return
    game = state.game
    for seed in range(2):
        world = state.clone()
        c.random_walk(world, random.Random(seed + 1), game.max_game_length() + 10**4)
        world.scores()
        world.outcome()


def test_a_state_read_and_one_played_there_are_the_same():
    text = _position_after("tabletop_inc", 40, players=4)
    a = read_position(text)
    b = read_position(text)
    c.random_walk(a, random.Random(5), 10**5)
    c.random_walk(b, random.Random(5), 10**5)
    assert snapshot(a) == snapshot(b)


# --------------------------------------------------------------------------- the command line


def _cli(*args: str):
    from click.testing import CliRunner

    from automa.cli import main

    return CliRunner().invoke(main, list(args))


@pytest.mark.parametrize("name", GAMES)
def test_command_writes_checks_and_plays_a_tournament_from_a_position(name, tmp_path):
    made = _cli("position", name, "--seed", "5", "--moves", "25")
    assert made.exit_code == 0, made.output
    path = tmp_path / f"{name}.toml"
    path.write_text(made.output)
    checked = _cli("position", "--check", str(path))
    assert checked.exit_code == 0 and checked.output.startswith("valid: ") and checked.output.count("\n") == 1
    out = tmp_path / "games.jsonl"
    run = _cli(
        "tournament", name, "--bots", "random", "--games", "3", "--position", str(path), "--out", str(out),
        "--jobs", "1", "--no-progress",
    )  # fmt: skip
    assert run.exit_code == 0, run.output
    from automa.search.records import read_records, verify

    records = read_records(out)
    assert len(records) == 3 and all(r["status"] == "ok" and r["position"] == made.output for r in records)
    for record in records:
        verify(record)
    assert _cli("replay", "--verify", str(out)).exit_code == 0
    assert _cli("bench", name, "--position", str(path), "--bot", "random", "--games", "1").exit_code == 0


@pytest.mark.parametrize(
    "text,field",
    [
        ("this is [not toml", "text"),
        ('format = 7\ngame = "pi"\n', "format"),
        ('format = 1\ngame = "pulitzer"\n[decks]\nevidence = ["NOPE"]\n', "decks.evidence[0]"),
        (
            'format = 1\ngame = "pulitzer"\n[decks]\nevidence = ["PHO#1"]\nevidence_discard = ["PHO#1"]\n',
            "PHO#1",
        ),
        ('format = 1\ngame = "salem"\n[params]\nplayers = 13\n', "params"),
    ],
)
def test_check_refuses_a_corrupt_position_with_one_line(text, field, tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    result = _cli("position", "--check", str(path))
    assert result.exit_code == 1
    assert "Traceback" not in result.output and result.output.strip().count("\n") == 0
    assert field in result.output, result.output


def test_command_refuses_what_it_cannot_do(tmp_path):
    assert _cli("position").exit_code != 0
    assert _cli("position", "--check", str(tmp_path / "none.toml")).exit_code == 1
    path = tmp_path / "p.toml"
    path.write_text(_cli("position", "pi", "--moves", "3").output)
    wrong = _cli("tournament", "salem", "--bots", "random", "--games", "1", "--position", str(path))
    assert wrong.exit_code != 0 and "pi position" in wrong.output
    both = _cli("tournament", "pi", "--bots", "random", "--players", "3", "--position", str(path))
    assert both.exit_code != 0 and "--position" in both.output


def test_the_documented_positions_are_valid():
    """docs/positions.md: its scenario and its example per game read (and the examples are
    what the command writes)."""
    import re
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[1] / "docs" / "positions.md").read_text()
    blocks = re.findall(r"```toml\n(.*?)```", doc, re.S)
    assert len(blocks) == 1 + len(GAMES)
    for text in blocks:
        read_position(text)
    for name in GAMES:
        assert _cli("position", name, "--seed", "1", "--moves", "12").output in blocks
