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
    __dict__), so a new attribute must join `_FIELDS` and clone() (`tables` is rebuilt from the game;
    `rng` is a property over `_gen` and `_gen_seed`, a world's generator not yet seeded)."""
    import pickle

    from automa.rules.pulitzer.state import _FIELDS

    from automa import native

    game = load_game("pulitzer", mode=mode, players=players)
    state = game.new_initial_state(3)
    rng = random.Random(3)
    for _ in range(40):
        state._apply(state.random_action(rng))
    if "automa.rules.pulitzer.state" not in native.compiled_in_use():
        assert set(vars(state)) == set(_FIELDS) - {"rng"} | {"tables", "_gen", "_gen_seed"}
    assert snapshot(state.clone()) == snapshot(state)
    assert snapshot(pickle.loads(pickle.dumps(state))) == snapshot(state)


def test_a_world_plants_its_seed_when_it_first_draws():
    """A world's generator is seeded from the search's rng when the world is made, but the
    seeding (a third of a world's cost) waits for its first draw.  Until then the world's
    clones and pickles carry the seed: each draws the numbers `fresh_rng` would have given,
    independently of the others, and setting `rng` replaces the pending seed."""
    import pickle

    from automa.rules.core import fresh_rng
    from automa.search.bench import mid_game_state

    state = mid_game_state(load_game("pulitzer", mode="solo", players=1), 3)
    seat = state.current_player()
    world = state.determinize(seat, random.Random(9))
    assert world._gen_seed >= 0, "the world seeded its generator before any draw"
    expected = fresh_rng(_rng_before_seed(state, seat, 9))
    numbers = [expected.random() for _ in range(5)]

    copy, unpickled = world.clone(), pickle.loads(pickle.dumps(world))
    assert [copy._r().random() for _ in range(5)] == numbers
    assert [world._r().random() for _ in range(5)] == numbers  # the copy's draws took none
    assert [unpickled._r().random() for _ in range(5)] == numbers
    replaced = state.determinize(seat, random.Random(9))
    replaced.rng = random.Random(1)
    assert replaced._r().random() == random.Random(1).random()


def _rng_before_seed(state, seat: int, seed: int) -> random.Random:
    """The rng `determinize` was given, as it stood just before the world's seed was drawn
    from it (the last 64 bits it took): found by stepping one 32-bit word at a time."""
    from automa.rules.draws import clone_rng

    after = random.Random(seed)
    state.determinize(seat, after)
    probe = random.Random(seed)
    for _ in range(10_000):
        trial = clone_rng(probe)
        trial.getrandbits(64)
        if trial.getstate() == after.getstate():
            return probe
        probe.getrandbits(32)
    raise AssertionError("determinize did not end by drawing 64 bits")
