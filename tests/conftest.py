"""The test suite also registers a small hidden-information game (tests/tinygame.py), so
the framework's own tests do not depend on any one real game."""
import tests.tinygame  # noqa: F401  (registers tiny_goofspiel)
