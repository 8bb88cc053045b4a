"""PettingZoo wrapper (rules/interop/pettingzoo.py): api_test and seed_test for every game,
action masks, automaton seats inside the environment, reproducible reset(seed=...)."""

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the [pettingzoo] extra (pettingzoo, gymnasium) is not installed")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from automa.rules.core import game_packages  # noqa: E402
from automa.rules.interop.features import Layout, leaves  # noqa: E402
from automa.rules.interop.pettingzoo import AutomaEnv, env  # noqa: E402

CONFIGS = {
    "pi": {"players": 2},
    "pulitzer": {"players": 1},
    "salem": {"players": 2},
    "tabletop_inc": {"players": 2},
    "watergate": {"players": 2},
}
LAYOUT_GAMES = 2  # small exploration keeps the tests fast


def make(name, **extra):
    return env(name, layout_games=LAYOUT_GAMES, **{**CONFIGS[name], **extra})


def test_configs_cover_every_game():
    assert set(CONFIGS) >= {m.rsplit(".", 1)[1] for m in game_packages()}, "add new games to CONFIGS"


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_api_test_and_seed_test(name):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(make(name), num_cycles=60)
        seed_test(lambda: make(name), num_cycles=60)


def _play(e, seed, steps):
    e.reset(seed=seed)
    rng = np.random.default_rng(0)
    trace = []
    for agent in e.agent_iter(steps):
        obs, reward, term, trunc, info = e.last()
        if term or trunc:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert set(legal) == set(info["legal"])
        assert e.action_text(legal[0]) == info["legal"][legal[0]]
        action = int(legal[rng.integers(len(legal))])
        trace.append((agent, action, obs["observation"].tobytes()))
        e.step(action)
    return trace


def test_reset_with_a_seed_is_reproducible():
    e = make("watergate", legal_text=True)
    assert _play(e, 11, 80) == _play(e, 11, 80)
    assert _play(e, 11, 80) != _play(e, 12, 80)


def test_automaton_seats_are_not_agents():
    e = make("tabletop_inc", mumanbots=("", "normal"))
    assert e.possible_agents == ["player_0"]
    e.reset(seed=3)
    for agent in e.agent_iter(300):
        obs, _, term, trunc, _ = e.last()
        assert agent == "player_0"
        e.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0]))
    # the same through seat specs
    assert make("tabletop_inc", seats=["mumanbot:hard", "agent"]).possible_agents == ["player_1"]
    # pulitzer solo: the Times and the agents play inside the environment
    assert make("pulitzer").possible_agents == ["player_0"]


def test_game_ends_with_win_shares_as_rewards():
    e = make("salem")
    e.reset(seed=5)
    total = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        total[agent] += reward
        e.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[-1]))
    assert not e.agents
    assert all(0.0 <= v <= 1.0 for v in total.values())
    assert sum(total.values()) in (0.0, 1.0) or abs(sum(total.values()) - 1.0) < 1e-9


def test_illegal_action_raises():
    e = make("pi")
    e.reset(seed=0)
    obs, *_ = e.last()
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(ValueError):
        e.step(bad)


def test_feature_layout_is_fixed_and_deterministic():
    from automa.rules.core import load_game

    game = load_game("watergate")
    a, b = Layout.explore(game, games=1), Layout.explore(game, games=1)
    assert a.paths == b.paths and a.vocabulary == b.vocabulary
    state = game.new_initial_state(0)
    obs = state.observation(0)
    vec = a.vector(obs)
    assert vec.shape == (a.size,) and vec.dtype == np.float32
    strings = [v for _, v in leaves(obs) if isinstance(v, str)]
    if strings:
        assert a.vocab_index[strings[0]] >= 1
    # unknown paths are dropped, huge ints are clipped, the length never changes
    assert a.vector({"never": {"seen": 1}, "x": 10**400}).shape == (a.size,)


def test_env_class_is_an_aec_env():
    import pettingzoo

    assert issubclass(AutomaEnv, pettingzoo.AECEnv)
