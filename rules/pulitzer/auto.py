"""Pulitzer's difficulty knob for `auto` (automa/adapt.py): the Times deck mix in solo
(`-p times_mix=auto`).

The curve is `calibration.toml` beside this module: the expert against every legal mix.
A mix's difficulty follows the logistic fit along 3*red + 2*orange + yellow (the mixes of one
value differ by less than their own noise), so `auto` offers one mix per value, the one
nearest the printed default (3, 3, 2), and reads any mix a past game used off the fit.
"""

from __future__ import annotations

import itertools
from pathlib import Path

from automa.adapt import Setting, param_knob, read_calibration

CALIBRATION = Path(__file__).parent / "calibration.toml"
DEFAULT = "3,3,2"


def _mix(label: str) -> tuple[int, ...]:
    return tuple(int(x) for x in label.split(","))


def _label(value) -> str | None:
    try:
        mix = tuple(int(x) for x in value)
    except (TypeError, ValueError):
        return None
    return ",".join(map(str, mix)) if len(mix) == 3 else None


def _x(label: str) -> int:
    red, orange, yellow = _mix(label)
    return 3 * red + 2 * orange + yellow


def knobs() -> list:
    if not CALIBRATION.exists():
        return []
    fit = read_calibration(CALIBRATION)["fit"]
    knob = param_knob(
        "times_mix",
        "Times deck",
        CALIBRATION,
        DEFAULT,
        to_value=_mix,
        to_label=_label,
        difficulty=lambda params, setting, label: -(fit["intercept"] + fit["slope"] * _x(label)),
        applies=lambda params: params.get("mode", "solo") == "solo",
    )
    # one mix per difficulty value: the one nearest the default (then the first in order)
    default = _mix(DEFAULT)
    chosen: dict[int, Setting] = {}
    for s in knob.settings:
        x = _x(s.label)
        near = sum(abs(a - b) for a, b in zip(_mix(s.label), default, strict=True))
        if x not in chosen or near < sum(
            abs(a - b) for a, b in zip(_mix(chosen[x].label), default, strict=True)
        ):
            chosen[x] = s
    settings = tuple(sorted(chosen.values(), key=lambda s: s.difficulty))
    return [
        type(knob)(
            knob.name,
            knob.words,
            settings,
            [s.label for s in settings].index(DEFAULT),
            knob.reference,
            knob.wants,
            knob.apply,
            knob.position,
            knob.source,
        )
    ]


# ---- automa tune's knob: every legal Times deck


def legal_times_mixes() -> list[tuple[int, int, int]]:
    """Every (red, orange, yellow) Times deck of 8 cards, each colour 0-5."""
    return [(r, o, y) for r, o, y in itertools.product(range(6), repeat=3) if r + o + y == 8]


def times_mix_difficulty(mix) -> int:
    red, orange, yellow = mix
    return 3 * red + 2 * orange + yellow


def _times_mix_settings(cls, base: dict, player: str) -> list:
    """times_mix (solo): every legal Times deck, ordered by difficulty 3*red + 2*orange + yellow."""
    from automa.search.tune import Setting

    params = cls.make_params(**{**base, "mode": "solo", "players": 1}).to_json()
    mixes = sorted(legal_times_mixes(), key=lambda m: (times_mix_difficulty(m), m))
    return [
        Setting(f"{m[0]},{m[1]},{m[2]}", times_mix_difficulty(m), {**params, "times_mix": list(m)}, (player,))
        for m in mixes
    ]


TUNE_KNOBS = {"times_mix": _times_mix_settings}
