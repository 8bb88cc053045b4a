"""Every error the project raises on purpose is an `AutomaError` (#51), so a caller can catch
the library's errors in one clause; each keeps the builtin base its callers already catch."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import automa
import automa.rules
import automa.search
from automa.errors import AutomaError

#: exceptions that are not errors but signals inside one loop (input ended, the player quits,
#: the companion stops): kept out of AutomaError, so no `except AutomaError` swallows a quit
SIGNALS = {
    "automa.companion.EndOfInput",
    "automa.companion.Stop",
    "automa.play.terminal.EndOfInput",
    "automa.play.terminal.QuitGame",
}


def project_exceptions() -> dict[str, type[BaseException]]:
    """Every exception class defined at the top of a module of automa, automa.rules,
    automa.search and the CLI (modules that need a missing optional extra are skipped)."""
    names = {"automa.cli"}
    for package in (automa, automa.rules, automa.search):
        names |= {info.name for info in pkgutil.walk_packages(package.__path__, package.__name__ + ".")}
    found = {}
    for name in sorted(names):
        try:
            module = importlib.import_module(name)
        except ImportError:  # rules.interop.openspiel without OpenSpiel, and the like
            continue
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, BaseException) and cls.__module__ == name:
                found[f"{name}.{cls.__qualname__}"] = cls
    return found


def test_every_error_is_rooted_in_automa_error():
    found = project_exceptions()
    assert len(found) >= 15 and set(SIGNALS) <= set(found), sorted(found)
    for name, cls in found.items():
        if name in SIGNALS:
            assert not issubclass(cls, AutomaError), f"{name} is a signal, not an error"
        else:
            assert issubclass(cls, AutomaError), f"{name} does not derive from AutomaError"


def test_errors_keep_the_builtin_bases_callers_catch():
    from automa.rules.core import (
        AutomaError as reexported,
        DataError,
        IllegalActionError,
        ParamError,
        UnknownGameError,
    )
    from automa.search.errors import BotSpecError

    assert reexported is AutomaError
    for cls in (IllegalActionError, ParamError, DataError, BotSpecError):
        assert issubclass(cls, ValueError), cls
    assert issubclass(UnknownGameError, KeyError)
