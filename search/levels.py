"""The difficulty levels of search/presets.toml: the named levels (easy, normal, hard,
expert), each game's settings for them and how they were measured.

Apart from the search (`automa.search.mcts`) because the bot-spec reader (`automa.search.bots`)
resolves `level:NAME` too, and the two must not import each other."""

from __future__ import annotations

from typing import Any

from automa.search.errors import BotSpecError

_PRESETS: dict | None = None
#: the settings a search level may give in search/presets.toml, with their types; a level
#: played by one of the game's own bots names it as `bot` and gives that bot's parameters
LEVEL_KEYS = {"iterations": int, "rollout_depth": int, "c": float, "temperature": float}


def presets() -> dict:
    """search/presets.toml: {"levels": [...], "games": {game: {level: settings}},
    "calibration": {game: how the levels were measured}, "playouts": {game: bot spec}}."""
    global _PRESETS
    if _PRESETS is None:
        from pathlib import Path

        _PRESETS = read_presets(Path(__file__).with_name("presets.toml"))
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
        sub = reader.sub(game)
        table[game] = {}
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
                table[game][level] = settings
                continue
            unknown = sorted(set(entry.data) - set(LEVEL_KEYS))
            if unknown:
                raise entry.error(
                    unknown[0], f"is not a level setting; settings: bot, {', '.join(LEVEL_KEYS)}"
                )
            settings = {"iterations": entry.int("iterations", 1, 10**7)}
            if entry.has("rollout_depth"):
                settings["rollout_depth"] = entry.int("rollout_depth", -1, 10**4)
            for key in ("c", "temperature"):
                if entry.has(key):
                    value = entry.raw(key)
                    if not isinstance(value, (int, float)) or isinstance(value, bool) or value < 0:
                        raise entry.error(key, f"must be a number from 0 up, got {value!r}")
                    settings[key] = float(value)
            table[game][level] = settings
        if sub.has("calibration"):
            calibration[game] = sub.sub("calibration").data
    if "default" not in table:
        from automa.rules.core import DataError

        raise DataError(path, "default", "is missing (the levels of games without their own table)")
    return {"levels": levels, "games": table, "calibration": calibration, "playouts": playouts}


def level_settings(game: str, level: str) -> dict:
    """The search parameters of `level` for `game` (its own table, else the default one)."""
    table = presets()
    if level not in table["levels"]:
        raise BotSpecError(f"unknown level {level!r}; levels: {', '.join(table['levels'])}")
    return dict(table["games"].get(game, table["games"]["default"])[level])
