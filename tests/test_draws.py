"""The engines' fast paths: seeded draws that are random.Random's very numbers, and
`determinizer(seat)`, which must give exactly the worlds `determinize(seat, rng)` gives."""

import random

import pytest
from hypothesis import given, settings, strategies as st

from automa.rules import draws
from automa.rules.core import load_game, snapshot
from tests.conformance import states_along


def test_this_python_draws_as_the_fast_paths_assume():
    assert draws.SAME_DRAWS and draws.SAME_FLOAT


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32), n=st.integers(0, 600))
def test_shuffle_and_randbelow_are_random_randoms_own_draws(seed, n):
    ours, theirs = random.Random(seed), random.Random(seed)
    a, b = list(range(n)), list(range(n))
    draws.shuffle(a, ours)
    theirs.shuffle(b)
    assert a == b
    if n:
        assert [draws.randbelow(n, ours) for _ in range(5)] == [theirs.randrange(n) for _ in range(5)]
        assert [draws.randint(1, n, ours) for _ in range(5)] == [theirs.randint(1, n) for _ in range(5)]
    assert ours.getstate() == theirs.getstate()  # the generator is left where it would be


def test_this_python_copies_generators_as_bytes():
    assert draws.BYTE_COPY


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**64), bits=st.integers(0, 40000), gauss=st.booleans())
def test_clone_rng_is_an_exact_copy(seed, bits, gauss):
    rng = random.Random(seed)
    rng.getrandbits(bits + 1)
    if gauss:
        rng.gauss()  # leaves a second normal draw pending
    copy = draws.clone_rng(rng)
    assert type(copy) is random.Random and copy is not rng
    assert copy.getstate() == rng.getstate()
    assert [copy.gauss() for _ in range(3)] == [rng.gauss() for _ in range(3)]
    assert [copy.random() for _ in range(3)] == [rng.random() for _ in range(3)]
    copy.random()
    assert copy.getstate() != rng.getstate()  # independent from here on


def test_clone_rng_of_another_kind_copies_through_getstate():
    class Other(random.Random):
        pass

    rng = Other(3)
    rng.random()
    copy = draws.clone_rng(rng)
    assert copy.getstate() == rng.getstate() and copy.random() == rng.random()


def test_a_generator_of_another_kind_is_used_through_its_own_methods():
    class Counting(random.Random):
        calls = 0

        def shuffle(self, x):
            Counting.calls += 1
            super().shuffle(x)

    draws.shuffle(list(range(5)), Counting(1))
    assert Counting.calls == 1

    class LoadedDie(random.Random):  # a test's stand-in dice keep their own rolls
        def randint(self, a, b):
            return b

    assert draws.randint(1, 6, LoadedDie(1)) == 6

    class Fixed(random.Random):
        def random(self):
            return 0.25

    assert draws.uniform(Fixed(1)) == 0.25


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**64), bits=st.integers(0, 5000))
def test_uniform_is_random_randoms_own_draw(seed, bits):
    ours, theirs = random.Random(seed), random.Random(seed)
    ours.getrandbits(bits + 1)
    theirs.getrandbits(bits + 1)
    assert [draws.uniform(ours) for _ in range(5)] == [theirs.random() for _ in range(5)]
    assert ours.getstate() == theirs.getstate()


@pytest.mark.parametrize(
    "name, params",
    [
        ("salem", {"players": 5}),
        ("salem", {"players": 12}),
        ("tabletop_inc", {"players": 2}),
        ("tabletop_inc", {"players": 4}),
    ],
)
def test_determinizer_gives_the_worlds_determinize_gives(name, params):
    """For every seat, at states along a random game: the prepared determinizer and the plain
    method draw the same world from the same generator state."""
    game = load_game(name, **params)
    checked = 0
    for state in states_along(game, 5, random.Random(5), every=7):
        if state.is_terminal():
            continue
        for seat in range(game.num_players):
            make = state.determinizer(seat)
            for k in range(2):
                fast = make(random.Random(k))
                plain = state.determinize(seat, random.Random(k))
                assert snapshot(fast) == snapshot(plain)
                checked += 1
    assert checked > 20


def test_this_python_seeds_as_seeded_rng_assumes():
    assert draws.SAME_SEEDING


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**80))
def test_seeded_rng_is_random_random_of_the_seed(seed):
    ours, theirs = draws.seeded_rng(seed), random.Random(seed)
    assert type(ours) is random.Random
    assert ours.getstate() == theirs.getstate()
    assert [ours.gauss() for _ in range(3)] == [theirs.gauss() for _ in range(3)]
    assert [ours.random() for _ in range(3)] == [theirs.random() for _ in range(3)]
