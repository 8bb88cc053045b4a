"""P.I.'s difficulty knobs for `auto` (automa/adapt.py): the designed Investigator deck's
knob (`automaton:pi-investigator,knob=auto`, seat 1), its curve `calibration.toml` beside
this module, and the `level:` ladder of bot seats (`level:auto`), its curve
`calibration_level.toml` (pi-expert against each level on fresh seeds; the levels'
calibration in search/presets.toml until that file exists)."""

from __future__ import annotations

from pathlib import Path

from automa.adapt import deck_knob, level_knob

CALIBRATION = Path(__file__).parent / "calibration.toml"
LEVELS = Path(__file__).parent / "calibration_level.toml"


def knobs() -> list:
    out = [level_knob("pi", calibration=LEVELS)]
    if CALIBRATION.exists():
        out.insert(0, deck_knob("pi-investigator", "Investigator deck", CALIBRATION, "1", seat=1))
    return out
