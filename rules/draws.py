"""Seeded draws that games make in their hot paths: the very numbers `random.Random` would
draw (so records do not change), without its Python-level call overhead.  Shared by every
engine that wants them; a Python whose `random` draws differently is detected at import and
the plain methods are used instead."""

from __future__ import annotations

import _random
import ctypes
import random
import sys
import sysconfig
from typing import Final

#: looked up once: compiled, a module global or a method is otherwise looked up on every call
_RANDOM: Final = random.Random
_GETRANDBITS: Final = random.Random.getrandbits
#: the C seeding behind random.Random.seed (its base class's)
_SEED: Final = _random.Random.seed
#: the C draw behind random.Random.random, which random.Random inherits
_RANDOM_FLOAT: Final = _random.Random.random


def shuffle(x: list, rng: random.Random) -> None:
    """`rng.shuffle(x)`, drawing the very same numbers, in half the time: the bit width of
    each draw is read from a table and the draws are made here instead of through two
    Python-level calls per card.  Should a Python version draw differently, the module finds
    out when it loads and uses rng.shuffle itself."""
    if SAME_DRAWS and type(rng) is _RANDOM:
        _shuffle(x, rng)
    else:
        rng.shuffle(x)


def _shuffle(x: list, rng: random.Random) -> None:
    bits = BIT_LENGTHS if len(x) < len(BIT_LENGTHS) else [n.bit_length() for n in range(len(x) + 1)]
    for i in range(len(x) - 1, 0, -1):
        k = bits[i + 1]
        j: int = _GETRANDBITS(rng, k)
        while j > i:
            j = _GETRANDBITS(rng, k)
        x[i], x[j] = x[j], x[i]


def randbelow(n: int, rng: random.Random) -> int:
    """`rng.randrange(n)`, the same draws, without its two Python-level calls."""
    if SAME_DRAWS and n > 0 and type(rng) is _RANDOM:
        return _randbelow(n, rng)
    return rng.randrange(n)


def _randbelow(n: int, rng: random.Random) -> int:
    k = BIT_LENGTHS[n] if n < len(BIT_LENGTHS) else n.bit_length()
    r: int = _GETRANDBITS(rng, k)
    while r >= n:
        r = _GETRANDBITS(rng, k)
    return r


def randint(a: int, b: int, rng: random.Random) -> int:
    """`rng.randint(a, b)` (a die: randint(1, 6, rng)), the same draws."""
    if SAME_DRAWS and b >= a and type(rng) is _RANDOM:
        return a + _randbelow(b - a + 1, rng)
    return rng.randint(a, b)


def uniform(rng: random.Random) -> float:
    """`rng.random()`, the same draw, without finding the method through random.Random's
    Python-level class first (a lookup in two class dictionaries, which costs more than the
    draw; a random rollout makes one per action)."""
    if SAME_FLOAT and type(rng) is _RANDOM:
        return _RANDOM_FLOAT(rng)
    return rng.random()


def seeded_rng(seed: int) -> random.Random:
    """`random.Random(seed)` for an int seed, the same generator, without the two
    Python-level calls (__init__, then seed) in front of the C seeding: a search makes
    one for every world that draws."""
    return _seeded(seed) if SAME_SEEDING else _RANDOM(seed)


def _seeded(seed: int) -> random.Random:
    rng = _RANDOM.__new__(_RANDOM)
    _SEED(rng, seed)
    setattr(rng, "gauss_next", None)  # noqa: B010  (typeshed's Random has no gauss_next)
    return rng


def _draws_match_random() -> bool:
    """Whether `shuffle` and `randbelow` make exactly random.Random's draws on this Python."""
    for seed in range(20):
        ours, theirs = random.Random(seed), random.Random(seed)
        # 300: a deck past the bit-length table (two seeds cover that path)
        for n in (1, 2, 3, 7, 31, 64, 100) + ((300,) if seed < 2 else ()):
            a, b = list(range(n)), list(range(n))
            _shuffle(a, ours)
            theirs.shuffle(b)
            if a != b or _randbelow(n, ours) != theirs.randrange(n):
                return False
            if 1 + _randbelow(n, ours) != theirs.randint(1, n):
                return False
        if ours.getstate() != theirs.getstate():
            return False
    return True


def _seeding_matches_random() -> bool:
    """Whether `_seeded(seed)` is exactly random.Random(seed) on this Python."""
    for seed in (0, 1, 5, 2**32, 2**64 - 1, 2**70 + 5):
        ours, theirs = _seeded(seed), random.Random(seed)
        if ours.getstate() != theirs.getstate() or ours.random() != theirs.random():
            return False
    return True


def clone_rng(rng: random.Random) -> random.Random:
    """An exact copy of `rng`: the same draws from here on.  Every clone of a state that
    draws copies its generator, so this is on the path of every search iteration.
    `getstate`/`setstate` pass the 624 words of the Mersenne Twister through as many Python
    ints (9 us); where the module has checked at import that it can (CPython with the GIL
    and the generator's usual layout), the words are copied as bytes instead (under 1 us),
    into a new generator of the same type, never outside it."""
    if BYTE_COPY and type(rng) is _RANDOM:
        return _byte_copy(rng)
    copy = _RANDOM.__new__(_RANDOM)
    copy.setstate(rng.getstate())
    return copy


def _byte_copy(rng: random.Random) -> random.Random:
    """A new generator holding `rng`'s words and position, copied as bytes (see clone_rng)."""
    copy = _RANDOM.__new__(_RANDOM)
    _MEMMOVE(id(copy) + _HEAD, id(rng) + _HEAD, _BODY)
    setattr(copy, "gauss_next", getattr(rng, "gauss_next"))  # noqa: B009, B010  (not in typeshed's Random)
    return copy


def _byte_copy_works() -> bool:
    """Whether copying a generator's words as bytes gives exactly `getstate`'s copy here."""
    for seed in range(8):
        rng = random.Random(seed)
        rng.getrandbits(seed * 97 + 1)
        copy = _byte_copy(rng)
        if copy.getstate() != rng.getstate() or copy.random() != rng.random():
            return False
    return True


#: the object header, and the generator's words and position behind it (CPython's
#: RandomObject: PyObject_HEAD, int index, uint32_t state[624])
_HEAD: Final = object.__basicsize__
_BODY: Final = random.Random.__mro__[1].__basicsize__ - object.__basicsize__
_MEMMOVE: Final = ctypes.memmove
#: whether clone_rng copies as bytes (checked at import: the layout, then the copies themselves)
BYTE_COPY: Final = (
    sys.implementation.name == "cpython"
    and not sysconfig.get_config_var("Py_GIL_DISABLED")
    and _BODY == 4 * 625 + (-4 * 625) % 8
    and _byte_copy_works()
)

BIT_LENGTHS: Final = [n.bit_length() for n in range(257)]
#: whether this Python's random.Random draws as the functions above assume (checked at import)
SAME_DRAWS: Final = _draws_match_random()
#: whether `seeded_rng` may seed through the C method directly (checked at import)
SAME_SEEDING: Final = _seeding_matches_random()
#: whether random.Random.random is its base class's C draw (checked at import)
SAME_FLOAT: Final = _RANDOM.random is _RANDOM_FLOAT
