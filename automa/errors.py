"""The root of every error automa raises on purpose, in a module that imports nothing.

`automa.rules.core` re-exports it beside the engines' errors.  It lives here, not there, so
that `automa.native`, which runs before any engine module is imported (it decides whether the
compiled ones load), can root its own error in it without importing an engine."""


class AutomaError(Exception):
    """Base of every error this library raises on purpose.  Each subclass also keeps the
    builtin base its callers catch (`ParamError` is a `ValueError`, `UnknownGameError` a
    `KeyError`)."""
