"""Rules engines: the shared contract in `automa.rules.core`, one package per game.

A game is a package here with a `game` module (`automa.rules.core.game_packages` finds it).
A game installed by another distribution as `automa/rules/<game>/` in any folder of
`sys.path` is found too: such folders join this package's path below.  (Not through the
`automa` package's path, which under an editable install would let a folder without an
__init__.py stand in for this package.)"""

import os as _os
import sys as _sys

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

_mine = {_os.path.realpath(p) for p in __path__}
__path__ = list(__path__) + [
    folder
    for folder in (_os.path.join(entry, "automa", "rules") for entry in _sys.path if isinstance(entry, str))
    if _os.path.isdir(folder) and _os.path.realpath(folder) not in _mine
]

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
