"""[§16] clone() is independent of the original at every step of Pulitzer, including the
investigation step whose working card (`cur`) holds lists of evidence and line cards."""
import random

import pytest

from automa.rules.core import load_game, snapshot


@pytest.mark.parametrize("mode,players", [("solo", 1), ("two-player", 2), ("standard", 3)])
def test_playing_a_clone_never_changes_the_original(mode, players):
    game = load_game("pulitzer", mode=mode, players=players)
    checked_nested = 0
    for seed in range(4):
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            if any(isinstance(x, list) for x in state.cur):
                checked_nested += 1
                before = snapshot(state)
                for k in range(3):
                    copy = state.clone()
                    walk = random.Random(k)
                    while not copy.is_terminal():
                        copy._apply(copy.random_action(walk))
                    assert snapshot(state) == before
            state._apply(state.random_action(rng))
    assert checked_nested > 0, "no position with card lists in cur was reached"


@pytest.mark.parametrize("mode,players", [("solo", 1), ("standard", 3)])
def test_the_field_list_names_every_attribute(mode, players):
    """clone() and pickling name each attribute one by one (a compiled state keeps them out of
    __dict__), so a new attribute must join `_FIELDS` and clone() (`tables` is rebuilt from the game)."""
    import pickle

    from automa import native
    from automa.rules.pulitzer.state import _FIELDS
    game = load_game("pulitzer", mode=mode, players=players)
    state = game.new_initial_state(3)
    rng = random.Random(3)
    for _ in range(40):
        state._apply(state.random_action(rng))
    if "automa.rules.pulitzer.state" not in native.compiled_in_use():
        assert set(vars(state)) == set(_FIELDS) | {"tables"}
    assert snapshot(state.clone()) == snapshot(state)
    assert snapshot(pickle.loads(pickle.dumps(state))) == snapshot(state)
