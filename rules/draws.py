"""Seeded draws that games make in their hot paths: the very numbers `random.Random` would
draw (so records do not change), without its Python-level call overhead.  Shared by every
engine that wants them; a Python whose `random` draws differently is detected at import and
the plain methods are used instead."""
from __future__ import annotations

import ctypes
import random
import sys
import sysconfig
from typing import Final

#: looked up once: compiled, a module global or a method is otherwise looked up on every call
_RANDOM: Final = random.Random
_GETRANDBITS: Final = random.Random.getrandbits


def shuffle(x: list, rng: random.Random) -> None:
    """`rng.shuffle(x)`, drawing the very same numbers, in half the time: the bit width of
    each draw is read from a table and the draws are made here instead of through two
    Python-level calls per card.  Should a Python version draw differently, the module finds
    out when it loads and uses rng.shuffle itself."""
    if not SAME_DRAWS or type(rng) is not _RANDOM:
        rng.shuffle(x)
        return
    getrandbits = rng.getrandbits
    bits = BIT_LENGTHS if len(x) < len(BIT_LENGTHS) else [n.bit_length() for n in range(len(x) + 1)]
    for i in range(len(x) - 1, 0, -1):
        k = bits[i + 1]
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def randbelow(n: int, rng: random.Random) -> int:
    """`rng.randrange(n)`, the same draws, without its two Python-level calls."""
    if not SAME_DRAWS or n <= 0 or type(rng) is not _RANDOM:
        return rng.randrange(n)
    k = n.bit_length()
    r = _GETRANDBITS(rng, k)
    while r >= n:
        r = _GETRANDBITS(rng, k)
    return r


def randint(a: int, b: int, rng: random.Random) -> int:
    """`rng.randint(a, b)` (a die: randint(1, 6, rng)), the same draws."""
    if not SAME_DRAWS or b < a or type(rng) is not _RANDOM:
        return rng.randint(a, b)
    return a + randbelow(b - a + 1, rng)


def _draws_match_random() -> bool:
    """Whether `shuffle` and `randbelow` make exactly random.Random's draws on this Python."""
    for seed in range(20):
        ours, theirs = random.Random(seed), random.Random(seed)
        for n in (1, 2, 3, 7, 31, 64, 100):
            a, b = list(range(n)), list(range(n))
            shuffle(a, ours)
            theirs.shuffle(b)
            if a != b or randbelow(n, ours) != theirs.randrange(n):
                return False
            if randint(1, n, ours) != theirs.randint(1, n):
                return False
    return ours.getstate() == theirs.getstate()


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
    setattr(copy, "gauss_next", getattr(rng, "gauss_next"))
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
BYTE_COPY: Final = (sys.implementation.name == "cpython" and not sysconfig.get_config_var("Py_GIL_DISABLED")
                    and _BODY == 4 * 625 + (-4 * 625) % 8 and _byte_copy_works())

BIT_LENGTHS: Final = [n.bit_length() for n in range(257)]
#: whether this Python's random.Random draws as the functions above assume (checked at import)
SAME_DRAWS = True
SAME_DRAWS = _draws_match_random()
