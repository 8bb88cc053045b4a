"""Rules engines: the shared contract in `automa.rules.core`, one package per game.

A game is a package here with a `game` module (`automa.rules.core.game_packages` finds it).
The path is extended the standard way (`pkgutil.extend_path`), so a game installed by another
distribution as `automa/rules/<game>/` anywhere on `sys.path` is found too."""

from pkgutil import extend_path

__path__ = extend_path(__path__, __name__)

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
