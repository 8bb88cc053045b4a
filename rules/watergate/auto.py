"""Watergate's difficulty knob for `auto` (automa/adapt.py): the `level:` ladder of bot seats
(`level:auto`), its curve the levels' calibration in search/presets.toml."""

from __future__ import annotations

from automa.adapt import level_knob


def knobs() -> list:
    return [level_knob("watergate")]
