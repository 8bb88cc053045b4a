"""The difficulty levels of search/presets.toml: the named levels (easy, normal, hard,
expert), each game's settings for them and how they were measured.

Apart from the search (`automa.search.mcts`) because the bot-spec reader (`automa.search.bots`)
resolves `level:NAME` too, and the two must not import each other."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from automa.search.errors import BotSpecError

_PRESETS: dict | None = None
#: the settings a search level may give in search/presets.toml, with their types; a level
#: played by one of the game's own bots names it as `bot` and gives that bot's parameters
LEVEL_KEYS = {"iterations": int, "rollout_depth": int, "c": float, "temperature": float}


def presets() -> dict:
    """search/presets.toml and the `levels.toml` a game package may ship beside its game:
    {"levels": [...], "games": {game: {level: settings}}, "calibration": {game: how the
    levels were measured}, "playouts": {game: bot spec}}.  A game with neither plays the
    `default` levels, and its hints play out with `greedy`."""
    global _PRESETS
    if _PRESETS is None:
        table = read_presets(Path(__file__).with_name("presets.toml"))
        for game, path in _game_package_levels():
            read_game_levels(path, game, table)
        _PRESETS = table
    return _PRESETS


def read_presets(path) -> dict:
    """The difficulty presets file, parsed and checked (levels, per-game settings)."""
    from automa.rules.core import DataReader

    reader = DataReader(path)
    levels = reader.list("levels", str)
    # {game: {level: its settings}}, {game: its calibration table}, {game: its playout policy}
    table: dict[str, dict[str, dict[str, bool | int | float | str]]] = {}
    calibration: dict[str, Any] = {}
    playouts: dict[str, str] = {}
    if reader.has("playouts"):
        sub = reader.sub("playouts")
        playouts = {game: sub.str(game) for game in sub.keys()}
    for game in reader.data:
        if game in ("levels", "playouts"):
            continue
        table[game], found = _game_levels(reader.sub(game), levels)
        if found is not None:
            calibration[game] = found
    if "default" not in table:
        from automa.rules.core import DataError

        raise DataError(path, "default", "is missing (the levels of games without their own table)")
    return {"levels": levels, "games": table, "calibration": calibration, "playouts": playouts}


def read_game_levels(path, game: str, table: dict) -> None:
    """Add a game's own `levels.toml` (in its package: the game's `[GAME]` table of
    presets.toml as a file of its own, with `playouts = "BOT"` if it has one) to `table`, so a
    new game brings its levels without an edit to search/presets.toml."""
    from automa.rules.core import DataError, DataReader

    if game in table["games"]:
        raise DataError(path, game, "also has levels in search/presets.toml; keep one of the two")
    reader = DataReader(path)
    table["games"][game], found = _game_levels(reader, table["levels"])
    if found is not None:
        table["calibration"][game] = found
    if reader.has("playouts"):
        table["playouts"][game] = reader.str("playouts")


def _game_package_levels() -> list[tuple[str, Path]]:
    """(game, path) of every game package's levels.toml (the package is named after its
    game); found without importing the games."""
    import importlib.util

    from automa.rules.core import game_packages

    out = []
    for package in game_packages():
        spec = importlib.util.find_spec(package)
        for folder in (spec.submodule_search_locations or []) if spec else []:
            path = Path(folder) / "levels.toml"
            if path.is_file():
                out.append((package.rpartition(".")[2], path))
    return out


def _game_levels(sub, levels: list[str]) -> tuple[dict[str, dict[str, bool | int | float | str]], Any]:
    """One game's levels (level -> settings) and how they were measured, from its table."""
    out: dict[str, dict[str, bool | int | float | str]] = {}
    for level in levels:
        entry = sub.sub(level)
        if entry.has("bot"):
            # a level played by one of the game's own bots, with that bot's parameters
            # (checked when the level is built, against what the bot takes)
            settings: dict[str, bool | int | float | str] = {"bot": entry.str("bot")}
            for key, value in entry.data.items():
                if key == "bot":
                    continue
                if not isinstance(value, (int, float, str, bool)):
                    raise entry.error(key, f"must be a number, a word or true/false, got {value!r}")
                settings[key] = value
            out[level] = settings
            continue
        unknown = sorted(set(entry.data) - set(LEVEL_KEYS))
        if unknown:
            raise entry.error(unknown[0], f"is not a level setting; settings: bot, {', '.join(LEVEL_KEYS)}")
        settings = {"iterations": entry.int("iterations", 1, 10**7)}
        if entry.has("rollout_depth"):
            settings["rollout_depth"] = entry.int("rollout_depth", -1, 10**4)
        for key in ("c", "temperature"):
            if entry.has(key):
                value = entry.raw(key)
                if not isinstance(value, (int, float)) or isinstance(value, bool) or value < 0:
                    raise entry.error(key, f"must be a number from 0 up, got {value!r}")
                settings[key] = float(value)
        out[level] = settings
    return out, (sub.sub("calibration").data if sub.has("calibration") else None)


def level_settings(game: str, level: str) -> dict:
    """The search parameters of `level` for `game` (its own table, else the default one)."""
    table = presets()
    if level not in table["levels"]:
        raise BotSpecError(f"unknown level {level!r}; levels: {', '.join(table['levels'])}")
    return dict(table["games"].get(game, table["games"]["default"])[level])
