"""OpenSpiel wrapper (rules/interop/openspiel.py): random_sim_test for every game, action ids,
chance, information strings, resampling, and OpenSpiel's Python MCTS/ISMCTS bots on it."""

import random

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the [openspiel] extra (open_spiel) is not installed")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from automa.rules.core import game_packages, load_game  # noqa: E402
from automa.rules.interop import openspiel as wrap  # noqa: E402
from automa.rules.interop.actions import codec_for  # noqa: E402

# small configurations: random_sim_test plays whole games and checks every step
CONFIGS = {
    "pi": {"players": 2},
    "pulitzer": {"players": 1},
    "salem": {"players": 2},
    "tabletop_inc": {"players": 2},
    "watergate": {"players": 2},
}


def test_every_registered_game_is_an_openspiel_game():
    games = {m.rsplit(".", 1)[1] for m in game_packages()}
    assert set(CONFIGS) >= games, "add new games to CONFIGS"
    wrap.register_all()
    names = set(pyspiel.registered_names())
    for name in games:
        assert f"automa_{name}" in names


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_random_sim_test(name):
    game = wrap.load(name, num_seeds=8, **CONFIGS[name])
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_random_sim_test_default_seed_count_and_automaton_seat():
    # the default 65536 chance outcomes, and a Mumanbot seat played inside apply_action
    game = wrap.load("tabletop_inc", players=2, mumanbots=("", "normal"))
    assert game.max_chance_outcomes() == wrap.DEFAULT_NUM_SEEDS
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_parameters_reach_the_engine():
    game = pyspiel.load_game("automa_pulitzer", {"players": 1, "times_mix": "2/3/3"})
    assert game.engine().params.times_mix == (2, 3, 3)
    assert game.engine().params.mode == "solo"
    assert game.num_players() == 1
    # the game string round-trips (OpenSpiel separates parameters with commas)
    again = pyspiel.load_game(str(game))
    assert again.engine().params == game.engine().params
    with pytest.raises(Exception):  # noqa: B017  (pyspiel reports a bad parameter in its own error class)
        pyspiel.load_game("automa_pi", {"colour": "red"})


def test_one_chance_node_picks_the_engine_seed():
    game = wrap.load("watergate", num_seeds=5, seed_offset=100)
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(i, 0.2) for i in range(5)]
    state.apply_action(3)
    assert not state.is_chance_node()
    expected = load_game("watergate").new_initial_state(103)
    assert state.engine_state().observation(0) == expected.observation(0)
    assert state.engine_state().legal_actions() == expected.legal_actions()


def test_action_ids_are_stable_and_decode_to_the_legal_actions():
    game = wrap.load("pi", players=3)
    codec = codec_for("pi")
    state = game.new_initial_state()
    state.apply_action(0)
    rng = random.Random(0)
    steps = 0
    while not state.is_terminal() and steps < 200:
        engine = state.engine_state()
        ids = state.legal_actions()
        assert ids == sorted(ids)
        assert sorted(state.action_of(i) for i in ids) == sorted(engine.legal_actions())
        for i in ids:
            if i < codec.base:  # stable id: same action in every state
                assert codec.decode(i) == state.action_of(i)
                assert codec.encode(state.action_of(i)) == i
        state.apply_action(ids[rng.randrange(len(ids))])
        steps += 1
    assert steps > 10


def test_unknown_actions_use_positional_overflow_ids():
    codec = codec_for("pi")
    legal = [("evidence", 0), ("brand_new_kind", 1), ("investigate", 999)]
    ids = codec.legal_map(legal)
    assert ids[codec.encode(("evidence", 0))] == ("evidence", 0)
    assert ids[codec.base] == ("brand_new_kind", 1)
    assert ids[codec.base + 1] == ("investigate", 999)
    assert codec.decode(codec.base) is None


def test_illegal_id_is_rejected_and_state_unchanged():
    game = wrap.load("watergate")
    state = game.new_initial_state()
    state.apply_action(0)
    before = str(state)
    bad = next(i for i in range(game.num_distinct_actions()) if i not in state.legal_actions())
    with pytest.raises(Exception):  # noqa: B017  (pyspiel reports an illegal action in its own error class)
        state.apply_action(bad)
    assert str(state) == before


def test_information_strings_and_resample_from_infostate():
    game = wrap.load("salem", players=4)
    state = game.new_initial_state()
    state.apply_action(1)
    rng = random.Random(1)
    for _ in range(15):
        state.apply_action(rng.choice(state.legal_actions()))
    p = state.current_player()
    engine = state.engine_state()
    assert state.information_state_string(p) == f"p{p} {engine.observation(p)!r}"
    assert state.observation_string(p) == state.information_state_string(p)
    worlds = set()
    for _ in range(6):
        other = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert other.information_state_string(p) == state.information_state_string(p)
        assert other.legal_actions() == state.legal_actions()
        worlds.add(str([other.engine_state().observation(s) for s in range(4)]))
    assert len(worlds) > 1, "resampling should vary what the player cannot see"


@pytest.mark.parametrize("name", ["pi", "watergate"])
def test_openspiel_python_bots_play_the_wrapped_game(name):
    game = wrap.load(name, **CONFIGS[name])
    import numpy as np

    ev = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bots = [
        mcts.MCTSBot(game, 1.4, 8, ev, random_state=np.random.RandomState(1)),
        ismcts.ISMCTSBot(game, ev, 0.7, 8, random_state=np.random.RandomState(2)),
    ]
    state = game.new_initial_state()
    state.apply_action(4)
    for _ in range(6):
        if state.is_terminal():
            break
        bot = bots[state.current_player() % 2]
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_bench_vs_openspiel_measures_both_sides_and_writes_tables(tmp_path):
    from automa.rules.interop import bench

    row = bench.bench_game("watergate", {"players": 2}, seconds=0.01, iterations=3, num_positions=1)
    assert row.positions == 1
    for value in (
        row.ours_mcts_it_s,
        row.os_mcts_it_s,
        row.ours_ismcts_it_s,
        row.os_ismcts_it_s,
        row.ours_playout_actions_s,
        row.os_playout_actions_s,
    ):
        assert value > 0
    assert row.mcts_ratio == pytest.approx(row.ours_mcts_it_s / row.os_mcts_it_s)
    md, cs = bench.write_results([row], tmp_path, 0.01, 3)
    assert "| watergate |" in md.read_text()
    assert cs.read_text().splitlines()[1].startswith("watergate,")


def test_cli_bench_vs_openspiel(monkeypatch):
    import functools

    from click.testing import CliRunner

    from automa.cli import main
    from automa.rules.interop import bench

    monkeypatch.setattr(
        bench, "bench_game", functools.partial(bench.bench_game, iterations=3, num_positions=1)
    )
    result = CliRunner().invoke(main, ["bench", "watergate", "--vs-openspiel", "--seconds", "0.01"])
    assert result.exit_code == 0, result.output
    assert "watergate" in result.output and "ismcts" in result.output and "x" in result.output
