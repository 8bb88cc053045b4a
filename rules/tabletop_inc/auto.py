"""Tabletop Inc.'s difficulty knobs for `auto` (automa/adapt.py): the Mumanbot's level
(`mumanbot:auto`), its curve `calibration.toml` beside this module, and the `level:` ladder
of bot seats (`level:auto`), its curve `calibration_level.toml` beside this module when it
has been measured (tabletop-heuristic against each level on fresh seeds), else the levels'
calibration in search/presets.toml."""

from __future__ import annotations

from pathlib import Path

from automa.adapt import calibration_seat_knob, level_knob

CALIBRATION = Path(__file__).parent / "calibration.toml"
LEVELS = Path(__file__).parent / "calibration_level.toml"


def knobs() -> list:
    out = [level_knob("tabletop_inc", calibration=LEVELS)]
    if CALIBRATION.exists():
        out.insert(0, calibration_seat_knob("mumanbot", "Mumanbot", CALIBRATION, "normal"))
    return out


# ---- automa tune's knob: the Mumanbot level the player faces

MUMANBOT_LEVELS = ("easy", "normal", "hard", "extreme")


def _mumanbot_settings(cls, base: dict, player: str) -> list:
    """mumanbot: the player against Mumanbots of one level (easy..extreme) in every other seat."""
    from automa.search.tune import Setting

    n = base.get("players", 2)
    params = cls.make_params(**{**base, "players": n}).to_json()
    return [
        Setting(level, i, params, (player,) + (f"mumanbot:{level}",) * (n - 1))
        for i, level in enumerate(MUMANBOT_LEVELS)
    ]


TUNE_KNOBS = {"mumanbot": _mumanbot_settings}
