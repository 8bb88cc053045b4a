"""automa: printed solo automata (the Pulitzer Times deck, the Tabletop Inc. Mumanbot)
as engine-driven seats, and the library's version."""

__version__ = "0.1.0"

# the compiled engines, when a fresh build is present (automa/native.py)
from automa import native as _native  # noqa: E402

_native.install()
