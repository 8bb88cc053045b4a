"""Salem's difficulty knob for `auto` (automa/adapt.py): the `level:` ladder of bot seats
(`level:auto`), its curve `calibration_level.toml` beside this module (salem-expert against
each level side against side, six players, on fresh seeds; the levels' calibration in
search/presets.toml until that file exists)."""

from __future__ import annotations

from pathlib import Path

from automa.adapt import level_knob

LEVELS = Path(__file__).parent / "calibration_level.toml"


def knobs() -> list:
    return [level_knob("salem", calibration=LEVELS)]
