"""The search package's errors, in a module of their own so that every search module may raise
them without importing another (`automa.search.bots` re-exports BotSpecError)."""

from __future__ import annotations

from automa.rules.core import AutomaError


class BotSpecError(AutomaError, ValueError):
    """A spec string that names no bot or gives a parameter it does not take."""
