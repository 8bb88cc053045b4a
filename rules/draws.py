"""Seeded draws that games make in their hot paths: the very numbers `random.Random` would
draw (so records do not change), without its Python-level call overhead.  Shared by every
engine that wants them; a Python whose `random` draws differently is detected at import and
the plain methods are used instead."""
from __future__ import annotations

import random
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


BIT_LENGTHS: Final = [n.bit_length() for n in range(257)]
#: whether this Python's random.Random draws as the functions above assume (checked at import)
SAME_DRAWS = True
SAME_DRAWS = _draws_match_random()
