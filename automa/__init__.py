"""automa: printed solo automata (the Pulitzer Times deck, the Tabletop Inc. Mumanbot)
as engine-driven seats, and the library's version."""

from pkgutil import extend_path

__version__ = "0.1.0"

# other distributions may add to automa's folders (a game as automa/rules/<game>/, found by
# automa.rules's own extend_path through this one)
__path__ = extend_path(__path__, __name__)

# the compiled engines, when a fresh build is present (automa/native.py)
from automa import native as _native  # noqa: E402

_native.install()
