"""Difficulty that adapts to the person (`auto`, issue #48).

Every automaton with a difficulty knob accepts `auto` in place of a setting: a parameter
(`-p NAME=auto`), a seat (`AUTOMATON:auto`, `level:auto`) or a deck's knob
(`automaton:DECK,knob=auto`).  This module picks the setting from the player's own results.

The model is one-parameter, in the style of item-response theory (Rasch) or Elo: the player
wins a game at setting k with probability

    p_k(theta) = 1 / (1 + exp(-(theta - d_k)))

where d_k is the setting's difficulty and theta the player's ability, both in logits.  The
difficulties come from the calibration curve `automa tune` measures for a reference player
(ability 0 by definition): d_k = -logit(reference's win rate at k), shipped as data in each
game's package (`calibration.toml`; for the `level` ladder, the `[GAME.calibration]` tables of
search/presets.toml).  The player's ability is the maximum a posteriori fit to every finished
game of theirs at any setting of the knob (auto or not), under a normal prior centred where
the knob's default setting is an even game, so the first game is the box's default.

Because the fitted ability makes the predicted wins over the player's games sum to the wins
they had, the realised win rate follows the predictions even where the reference's curve is
steeper or flatter than the player's: the fit keeps correcting.

The chosen setting is the one whose predicted win rate is nearest the target.  When no
setting comes within `CLOSE` of it (a coarse knob), the two settings either side of the
target alternate in the proportion whose mean prediction is the target; which one a game gets
follows from the past games alone (the one whose share falls furthest short), so a replay of
the same history chooses the same.  When even the hardest (easiest) setting misses the target,
that setting is chosen and the player is told so.

A game registers its knobs in `rules/<game>/auto.py` (found the way a game's `view` module is
found, so this module names no game): a module-level `KNOBS`, a list of `Knob`, built with
`param_knob`, `seat_knob`, `deck_knob` or `level_knob` below.
"""

from __future__ import annotations

import functools
import importlib
import math
import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from statistics import NormalDist
from typing import Any

from automa.rules.core import AutomaError, UnknownGameError, game_class, load_data_file

AUTO = "auto"
#: standard deviation of the prior on ability, in logits (about a 0.5 -> 0.82 swing)
PRIOR_SD = 1.5
#: a setting predicted within this of the target is played alone, without alternating
CLOSE = 0.02
#: the widest line `Choice.lines` gives
WIDTH = 78
Z95 = NormalDist().inv_cdf(0.975)


class AutoError(AutomaError, ValueError):
    """`auto` where it cannot be served: a game or seat without a calibrated knob."""


# --------------------------------------------------------------------------- knobs


@dataclass(frozen=True)
class Setting:
    #: the setting as the user writes and reads it ("3,3,2", "hard", "1")
    label: str
    #: difficulty in logits: the reference player wins 1/(1+exp(d))
    difficulty: float
    #: the standard error of `difficulty` from the calibration's games (0: exact)
    error: float = 0.0


@dataclass(frozen=True)
class Knob:
    """One difficulty knob of one game and how `auto` is written for it.

    `wants(params, seats)` says whether the request asks for this knob's `auto`;
    `apply(params, seats, label)` writes the chosen setting in its place;
    `position(params, seats, seat)` reads a finished game's setting (params as stored,
    `Game.params.to_json()`; seats as played) and gives its difficulty, or None when the
    game did not use this knob (so it says nothing about the player on this scale)."""

    name: str
    #: what the player meets, for messages ("opponents' level", or the automaton's name)
    words: str
    #: easiest first
    settings: tuple[Setting, ...]
    #: the setting a first game gets (the box's default): the prior is centred on it
    default: int
    reference: str
    wants: Callable[[dict, Sequence[str]], bool]
    apply: Callable[[dict, Sequence[str], str], tuple[dict, list[str]]]
    position: Callable[[dict, Sequence[str], int], float | None]
    #: where the curve comes from (the command that measured it)
    source: str = ""

    def setting(self, label: str) -> Setting:
        for s in self.settings:
            if s.label == label:
                return s
        raise AutoError(
            f"{self.name} has no setting {label!r}; settings: {', '.join(s.label for s in self.settings)}"
        )


def difficulty_from(wins: float, games: int) -> tuple[float, float]:
    """A setting's difficulty and its standard error from the reference's wins of games
    (half a win and half a loss added, so a setting it never won or never lost is finite)."""
    p = (wins + 0.5) / (games + 1.0)
    return -math.log(p / (1 - p)), 1.0 / math.sqrt((games + 1.0) * p * (1 - p))


def read_calibration(path: Path | str) -> dict:
    """A game's `calibration.toml`: `knob`, `reference`, `command` and `[[settings]]` with
    label, x, games and wins (optionally a logistic `fit` along x)."""
    data = load_data_file(path)
    for key in ("knob", "reference", "settings"):
        if key not in data:
            raise AutoError(f"{path}: the calibration has no {key!r}")
    for i, row in enumerate(data["settings"]):
        for key in ("label", "games", "wins"):
            if key not in row:
                raise AutoError(f"{path}: settings[{i}] has no {key!r}")
        if row["games"] < 1 or not 0 <= row["wins"] <= row["games"]:
            raise AutoError(f"{path}: settings[{i}] needs 0 <= wins <= games and games >= 1")
    return data


def calibrated_settings(data: dict) -> tuple[Setting, ...]:
    """Settings from a calibration, easiest first (the reference's highest win rate first).
    With a `fit` the difficulty of each follows the fitted curve along x (smoother than
    each setting's own rate); its error is the setting's own binomial error."""
    fit = data.get("fit")
    out = []
    for row in data["settings"]:
        d, err = difficulty_from(row["wins"], row["games"])
        if fit is not None:
            d = -(fit["intercept"] + fit["slope"] * row["x"])
        out.append(Setting(str(row["label"]), d, err))
    return tuple(sorted(out, key=lambda s: s.difficulty))


def param_knob(
    name: str,
    words: str,
    calibration: Path | str,
    default: str,
    to_value: Callable[[str], Any],
    to_label: Callable[[Any], str | None],
    difficulty: Callable[[dict, Setting | None, str], float | None] | None = None,
    applies: Callable[[dict], bool] = lambda params: True,
) -> Knob:
    """A knob set by the game parameter `name` (`-p name=auto`).  `to_value(label)` is the
    parameter's value for a setting; `to_label(value)` the setting a stored value is (None:
    not one of the knob's); `applies(params)` whether a stored game used the knob at all
    (e.g. the mode); `difficulty(params, setting, label)` overrides the setting's
    difficulty for a stored value outside the knob's list."""
    data = read_calibration(calibration)
    settings = calibrated_settings(data)

    def wants(params: dict, seats: Sequence[str]) -> bool:
        return params.get(name) == AUTO

    def apply(params: dict, seats: Sequence[str], label: str) -> tuple[dict, list[str]]:
        return {**params, name: to_value(label)}, list(seats)

    by_label = {s.label: s for s in settings}

    def position(params: dict, seats: Sequence[str], seat: int) -> float | None:
        if not applies(params) or name not in params:
            return None
        label = to_label(params[name])
        if label is None:
            return None
        if difficulty is not None:
            return difficulty(params, by_label.get(label), label)
        s = by_label.get(label)
        return None if s is None else s.difficulty

    return Knob(
        name,
        words,
        settings,
        _index(settings, default),
        data["reference"],
        wants,
        apply,
        position,
        data.get("command", ""),
    )


def _index(settings: Sequence[Setting], label: str) -> int:
    for i, s in enumerate(settings):
        if s.label == label:
            return i
    raise AutoError(f"default setting {label!r} is not among {[s.label for s in settings]}")


def _spec(spec: str) -> tuple[str, dict]:
    from automa.search.bots import parse_spec

    try:
        return parse_spec(spec)
    except AutomaError:
        return spec, {}


def seat_knob(
    name: str,
    words: str,
    settings: tuple[Setting, ...],
    default: str,
    reference: str,
    source: str = "",
    applies: Callable[[dict], bool] = lambda params: True,
) -> Knob:
    """A knob set by the seats the player meets, written `name:SETTING` (`level:normal`);
    `name:auto` asks for it.  A stored game is at a setting when every seat but the
    player's is `name:` that one setting."""
    labels = {s.label: s for s in settings}

    def wants(params: dict, seats: Sequence[str]) -> bool:
        return any(_spec(s) == (name, {"level": AUTO}) for s in seats)

    def apply(params: dict, seats: Sequence[str], label: str) -> tuple[dict, list[str]]:
        return dict(params), [f"{name}:{label}" if _spec(s) == (name, {"level": AUTO}) else s for s in seats]

    def position(params: dict, seats: Sequence[str], seat: int) -> float | None:
        if not applies(params):
            return None
        others = [_spec(s) for i, s in enumerate(seats) if i != seat]
        if not others or any(n != name or set(p) != {"level"} for n, p in others):
            return None
        found = {str(p["level"]) for _, p in others}
        if len(found) != 1:
            return None
        s = labels.get(found.pop())
        return None if s is None else s.difficulty

    return Knob(name, words, settings, _index(settings, default), reference, wants, apply, position, source)


def calibration_seat_knob(
    name: str,
    words: str,
    calibration: Path | str,
    default: str,
    applies: Callable[[dict], bool] = lambda p: True,
) -> Knob:
    """`seat_knob` with its settings from a game's calibration file."""
    data = read_calibration(calibration)
    return seat_knob(
        name, words, calibrated_settings(data), default, data["reference"], data.get("command", ""), applies
    )


def deck_knob(deck: str, words: str, calibration: Path | str, default: str, seat: int) -> Knob:
    """The knob of the automaton deck `deck` in seat `seat`: `automaton:DECK,knob=auto`
    asks for it; a stored game holding `automaton:DECK` (at its default) or
    `automaton:DECK,knob=K` there is at that setting."""
    data = read_calibration(calibration)
    settings = calibrated_settings(data)
    labels = {s.label: s for s in settings}

    def is_deck(spec: str) -> dict | None:
        n, p = _spec(spec)
        return p if n == "automaton" and str(p.get("level")) == deck else None

    def wants(params: dict, seats: Sequence[str]) -> bool:
        return any((is_deck(s) or {}).get("knob") == AUTO for s in seats)

    def apply(params: dict, seats: Sequence[str], label: str) -> tuple[dict, list[str]]:
        out = [
            f"automaton:{deck},knob={label}" if (is_deck(s) or {}).get("knob") == AUTO else s for s in seats
        ]
        return dict(params), out

    def position(params: dict, seats: Sequence[str], seat: int) -> float | None:
        if len(seats) <= knob_seat or seat == knob_seat:
            return None
        p = is_deck(seats[knob_seat])
        if p is None:
            return None
        s = labels.get(str(p.get("knob", default)))
        return None if s is None else s.difficulty

    knob_seat = seat
    return Knob(
        deck,
        words,
        settings,
        _index(settings, default),
        data["reference"],
        wants,
        apply,
        position,
        data.get("command", ""),
    )


def level_knob(
    game: str, applies: Callable[[dict], bool] = lambda params: True, calibration: Path | str | None = None
) -> Knob | None:
    """The `level:` ladder for bot seats (`level:auto`): the reference's win rate against a
    level's bot is the rate a player of the reference's strength has against opponents of
    that level.  The curve is the game's `calibration` file when it has one (measured on
    fresh seeds), else its `[GAME.calibration]` in search/presets.toml (the games the levels
    were set with).  None when the game's levels were measured otherwise (against a printed
    automaton in a solo mode), which `auto` cannot read as opponents' strength."""
    if calibration is not None and Path(calibration).exists():
        return calibration_seat_knob("level", "opponents' level", calibration, "normal", applies)
    from automa.search.mcts import presets

    table = presets()
    measured = table["calibration"].get(game)
    if not measured or measured.get("design") == "solo":
        return None
    settings = []
    for label, wins in zip(table["levels"], measured["wins"], strict=True):
        d, err = difficulty_from(wins, measured["games"])
        settings.append(Setting(label, d, err))
    settings.sort(key=lambda s: s.difficulty)
    return seat_knob(
        "level",
        "opponents' level",
        tuple(settings),
        "normal",
        measured["reference"],
        measured.get("command", ""),
        applies,
    )


# --------------------------------------------------------------------------- finding a game's knobs


def game_knobs(game_name: str) -> list[Knob]:
    """The knobs (`knobs()`, or a list `KNOBS`) of the `auto` module of the package that
    defines the game's class ([] when it has none)."""
    try:
        cls = game_class(game_name)
    except UnknownGameError as exc:
        raise AutoError(str(exc)) from None
    return list(_knobs_of(cls.__module__))


@functools.cache
def _knobs_of(game_module: str) -> tuple[Knob, ...]:
    """A game's knobs, read once per process (the calibration files do not change)."""
    module_name = game_module.rpartition(".")[0] + ".auto"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as err:
        if err.name != module_name:
            raise
        return ()
    knobs = getattr(module, "knobs", None)
    return tuple(k for k in (knobs() if callable(knobs) else getattr(module, "KNOBS", [])) if k is not None)


def _asks_auto(params: dict, seat_specs: Sequence[str]) -> bool:
    if any(v == AUTO for v in params.values()):
        return True
    for spec in seat_specs:
        name, p = _spec(spec)
        if AUTO in (str(v) for v in p.values()):
            return True
    return False


def has_auto(game_name: str, params: dict, seat_specs: list[str]) -> bool:
    """Whether the request names `auto` anywhere (a parameter, a seat or a deck's knob)."""
    return _asks_auto(params, seat_specs)


# --------------------------------------------------------------------------- the model


@dataclass
class Fit:
    ability: float
    sd: float
    games: int
    wins: float


def fit_ability(results: Sequence[tuple[float, float]], prior_mean: float, prior_sd: float = PRIOR_SD) -> Fit:
    """MAP ability from (difficulty, won 0..1) pairs under a normal prior, by Newton's
    method (the log posterior is concave); `sd` from the curvature at the mode."""
    theta = prior_mean
    inv_var = 1.0 / (prior_sd * prior_sd)
    info = inv_var
    for _ in range(60):
        grad = -(theta - prior_mean) * inv_var
        info = inv_var
        for d, won in results:
            p = 1.0 / (1.0 + math.exp(-(theta - d)))
            grad += won - p
            info += p * (1 - p)
        step = grad / info
        step = max(-2.0, min(2.0, step))
        theta += step
        if abs(step) < 1e-9:
            break
    return Fit(theta, 1.0 / math.sqrt(info), len(results), float(sum(w for _, w in results)))


def predict(ability: float, setting: Setting) -> float:
    return 1.0 / (1.0 + math.exp(-(ability - setting.difficulty)))


def predict_interval(fit: Fit, setting: Setting) -> tuple[float, float]:
    """95% interval of the predicted win rate: the ability's and the calibration's
    uncertainty together, in logits."""
    half = Z95 * math.sqrt(fit.sd**2 + setting.error**2)
    centre = fit.ability - setting.difficulty
    return (1.0 / (1.0 + math.exp(-(centre - half))), 1.0 / (1.0 + math.exp(-(centre + half))))


# --------------------------------------------------------------------------- the choice


@dataclass
class Choice:
    knob: str  #: the knob's name: a parameter's, an automaton's, "level", or a deck's
    label: str  #: the chosen setting as a user reads it, e.g. "4,2,2" or "hard"
    predicted: float  #: predicted win rate for this player at this setting
    interval: tuple[float, float]
    why: str  #: a sentence or two for the player
    #: the settings this choice alternates between and the share of the first ([] when one)
    alternating: list[str] = field(default_factory=list)
    share: float = 1.0
    #: True when no setting reaches the target
    out_of_range: bool = False

    def lines(self) -> list[str]:
        """What to show before the game, each line at most 78 columns."""
        lo, hi = self.interval
        head = [
            f"Difficulty auto: {self.knob} {self.label}",
            f"Predicted win rate {self.predicted:.2f} (95% interval {lo:.2f}-{hi:.2f})",
        ]
        return head + textwrap.wrap(self.why, WIDTH)

    def to_json(self) -> dict:
        """What a store keeps with the game (`past[i]["auto"]`)."""
        return {"knob": self.knob, "label": self.label, "predicted": round(self.predicted, 4)}


def choose(knob: Knob, fit: Fit, target: float, past_auto_labels: Sequence[str], history: str) -> Choice:
    """The setting for the next game given the fitted ability (see the module docstring)."""
    preds = [predict(fit.ability, s) for s in knob.settings]
    easiest, hardest = knob.settings[0], knob.settings[-1]

    def made(setting: Setting, why: str, **extra) -> Choice:
        i = knob.settings.index(setting)
        return Choice(knob.name, setting.label, preds[i], predict_interval(fit, setting), why, **extra)

    if preds[-1] > target + CLOSE:
        return made(
            hardest,
            f"{history} Even the hardest {knob.words} ({hardest.label}) leaves you about "
            f"{preds[-1]:.2f}, above your target {target:.2f}: it is the hardest there is.",
            out_of_range=True,
        )
    if preds[0] < target - CLOSE:
        return made(
            easiest,
            f"{history} Even the easiest {knob.words} ({easiest.label}) gives you only about "
            f"{preds[0]:.2f}, below your target {target:.2f}: it is the easiest there is.",
            out_of_range=True,
        )
    nearest = min(range(len(preds)), key=lambda i: (abs(preds[i] - target), i))
    if abs(preds[nearest] - target) <= CLOSE:
        return made(
            knob.settings[nearest],
            f"{history} {knob.settings[nearest].label} is the setting nearest your target {target:.2f}.",
        )
    # the target lies between two neighbours: easier (higher prediction) a, harder b
    b = next(i for i in range(len(preds)) if preds[i] < target)
    a = max(i for i in range(b) if preds[i] > target)
    share = (target - preds[b]) / (preds[a] - preds[b])
    la, lb = knob.settings[a].label, knob.settings[b].label
    n_a = sum(1 for x in past_auto_labels if x == la)
    n_b = sum(1 for x in past_auto_labels if x == lb)
    n = n_a + n_b + 1
    pick = a if abs((n_a + 1) / n - share) <= abs(n_a / n - share) else b
    return made(
        knob.settings[pick],
        f"{history} No single setting gives your target {target:.2f}, so {la} "
        f"({preds[a]:.2f}) and {lb} ({preds[b]:.2f}) alternate, {la} in {share:.0%} of "
        f"games; this game is {knob.settings[pick].label}.",
        alternating=[la, lb],
        share=share,
    )


def knob_for(game_name: str, params: dict, seat_specs: Sequence[str]) -> Knob:
    """The one knob whose `auto` the request asks for (an AutoError, in one line, if none
    or several)."""
    knobs = game_knobs(game_name)
    wanted = [k for k in knobs if k.wants(params, seat_specs)]
    if len(wanted) > 1:
        raise AutoError(
            f"{game_name}: auto on {' and '.join(k.name for k in wanted)} at once; "
            f"give auto to one knob and a setting to the others"
        )
    if not wanted:
        where = [f"-p {k}=auto" for k, v in params.items() if v == AUTO] + [
            s for s in seat_specs if AUTO in str(_spec(s)[1].values())
        ]
        offered = ", ".join(k.name for k in knobs) or "none"
        raise AutoError(
            f"{game_name} has no calibrated difficulty knob for {' '.join(where) or 'auto'}; "
            f"its knobs that take auto: {offered}"
        )
    return wanted[0]


def fit_for(knob: Knob, past: Sequence[dict], players: int | None = None) -> tuple[Fit, list[str], int]:
    """The player's fit on `knob`'s scale from their past games (any setting, auto or not;
    with `players`, only games at that table size), the labels their past auto games on this
    knob got, and how many past games counted."""
    results = []
    auto_labels = []
    for game in past:
        params = game.get("params") or {}
        if players is not None and params.get("players", players) != players:
            continue
        d = knob.position(params, list(game.get("seats") or []), int(game.get("seat", 0)))
        if d is None:
            continue
        results.append((d, float(game.get("won", 0.0))))
        auto = game.get("auto")
        if auto and auto.get("knob") == knob.name:
            auto_labels.append(str(auto.get("label")))
    prior_mean = knob.settings[knob.default].difficulty
    return fit_ability(results, prior_mean), auto_labels, len(results)


def resolve_auto(
    game_name: str, params: dict, seat_specs: list[str], past: list[dict], target: float = 0.5
) -> tuple[dict, list[str], Choice | None]:
    """Replace every `auto` (a parameter value, `NAME:auto` seats, a deck's `knob=auto`) with
    the setting chosen for this player, and say why.  `past` is the player's finished games
    of this game, newest last (keys game, params, seats, seat, won, finished, auto).
    Returns (new params, new seat specs, the Choice, or None when nothing was auto)."""
    if not has_auto(game_name, params, seat_specs):
        return dict(params), list(seat_specs), None
    if not 0.0 < target < 1.0:
        raise AutoError(f"target must be a win rate strictly between 0 and 1, got {target}")
    knob = knob_for(game_name, params, seat_specs)
    players = params.get("players")
    fit, auto_labels, counted = fit_for(knob, past, players if isinstance(players, int) else None)
    default = knob.settings[knob.default]
    if counted == 0:
        history = (
            f"No games of yours on this scale yet: you are taken to win half your "
            f"games at the default ({default.label}) until your results say otherwise."
        )
    else:
        history = (
            f"From your {counted} game{'s' if counted != 1 else ''} ({fit.wins:g} won), you "
            f"would win about {predict(fit.ability, default):.2f} at the default ({default.label})."
        )
    choice = choose(knob, fit, target, auto_labels, history)
    new_params, new_seats = knob.apply(params, seat_specs, choice.label)
    if has_auto(game_name, new_params, new_seats):  # an auto this knob did not take
        other = knob_for(game_name, new_params, new_seats)
        raise AutoError(f"{game_name}: auto on {knob.name} and {other.name} at once; give auto to one knob")
    return new_params, new_seats, choice
