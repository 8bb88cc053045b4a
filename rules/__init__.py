"""Rules engines: the shared contract in `automa.rules.core`, one package per game."""

from automa.rules.core import (
    TERMINAL,
    DataError,
    Game,
    GameParams,
    IllegalActionError,
    Outcome,
    ParamError,
    State,
    load_game,
    registered_games,
)

__all__ = [
    "TERMINAL",
    "DataError",
    "Game",
    "GameParams",
    "IllegalActionError",
    "Outcome",
    "ParamError",
    "State",
    "load_game",
    "registered_games",
]
