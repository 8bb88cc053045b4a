"""The test suite also registers a small hidden-information game (tests/tinygame.py), so
the framework's own tests do not depend on any one real game."""

import pytest

import tests.tinygame  # noqa: F401  (registers tiny_goofspiel)


@pytest.fixture(autouse=True, scope="session")
def _state_folder_of_our_own(tmp_path_factory):
    """Saves, finished-game records and companion states go to the user's state folder
    ($XDG_STATE_HOME): point it at a temporary folder for the whole run, subprocesses
    included, so the tests never write to the home folder."""
    import os

    old = os.environ.get("XDG_STATE_HOME")
    os.environ["XDG_STATE_HOME"] = str(tmp_path_factory.mktemp("state"))
    yield
    if old is None:
        os.environ.pop("XDG_STATE_HOME", None)
    else:
        os.environ["XDG_STATE_HOME"] = old
