"""Difficulty tuning: the win rate of a reference player across the settings of a knob,
and the setting that gives a target win rate, with its uncertainty.

Knobs: a game's own, in `TUNE_KNOBS` of its package's auto.py (e.g. a printed automaton's
difficulty), and for every game:
  level       any game: the opponents are `level:L` for the preset levels (`--opponent
              mcts` plays them as `mcts:level=L`, in games whose levels are search settings).
  budget      any game: the opponents are `ismcts:iterations=N` along a ladder.

Each setting is a small tournament (seats rotate, duplicate deals) whose seed comes from
the root seed and the setting's index, so a tuning run reproduces exactly.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from automa.rules.core import AutomaError, game_class
from automa.search import arena
from automa.search.bots import BotSpecError, make_bot
from automa.search.stats import LogisticFit, fit_logistic, wilson_interval

BUDGET_LADDER = (10, 25, 50, 100, 200, 400, 800, 1600)


class TuneError(AutomaError):
    pass


@dataclass(frozen=True)
class Setting:
    label: str
    x: float  # position on the difficulty axis (higher = harder)
    params: dict  # game parameters for this setting
    lineup: tuple[str, ...]  # seat specs before rotation; position 0 is the player


@dataclass
class SettingResult:
    setting: Setting
    games: int = 0
    wins: float = 0.0
    errors: int = 0

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else float("nan")

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)


@dataclass
class TuneResult:
    game: str
    knob: str
    player: str
    target: float
    results: list[SettingResult]
    closest: SettingResult | None
    fit: LogisticFit | None = None
    x_at_target: float | None = None
    x_interval: tuple[float, float] | None = None
    recommended: SettingResult | None = None
    notes: list[str] = field(default_factory=list)


def knob_settings(
    game: str,
    knob: str,
    player: str,
    mode: str | None = None,
    players: int | None = None,
    opponent: str | None = None,
) -> list[Setting]:
    cls = game_class(game)
    name = cls.name
    base: dict = {}
    if mode:
        base["mode"] = mode
    if players is not None:
        base["players"] = players
    own = game_tune_knobs(cls)
    if knob in own:
        return own[knob](cls, base, player)
    if knob in ("level", "budget"):
        params = cls.make_params(**base).to_json()
        n = params["players"]
        if n < 2:
            raise TuneError(
                f"{name} mode {params['mode']} has no bot opponents to tune; choose another mode or knob"
            )
        family = opponent or "ismcts"
        if knob == "level":
            from automa.search.mcts import presets

            levels = presets()["levels"]
            spec = (lambda lvl: f"{opponent}:level={lvl}") if opponent else (lambda lvl: f"level:{lvl}")
            try:  # a level this bot cannot play fails here, not as an error row in every game
                make_bot(spec(levels[0]), cls(cls.make_params(**params)))
            except BotSpecError as exc:
                raise TuneError(str(exc)) from None
            return [
                Setting(lvl, i, params, (player,) + (spec(lvl),) * (n - 1)) for i, lvl in enumerate(levels)
            ]
        return [
            Setting(str(b), math.log2(b), params, (player,) + (f"{family}:iterations={b}",) * (n - 1))
            for b in BUDGET_LADDER
        ]
    from automa.rules.core import registered_games

    mine = ", ".join([*own, "level", "budget"])
    for other, other_cls in registered_games().items():
        if knob in game_tune_knobs(other_cls):
            raise TuneError(f"knob {knob} belongs to {other}; {name}'s knobs: {mine}")
    raise TuneError(f"unknown knob {knob!r}; {name}'s knobs: {mine}")


def game_tune_knobs(cls) -> dict[str, Callable[..., list[Setting]]]:
    """A game's own knobs for `automa tune` ({name: settings(cls, base params, player)}),
    from `TUNE_KNOBS` in its package's auto.py, found the way its view is."""
    import importlib

    module_name = cls.__module__.rpartition(".")[0] + ".auto"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as err:
        if err.name != module_name:
            raise
        return {}
    return dict(getattr(module, "TUNE_KNOBS", {}))


def all_tune_knobs() -> list[str]:
    """Every knob `automa tune` knows, as 'name (game)', then the knobs of every game."""
    from automa.rules.core import registered_games

    own = [f"{k} ({name})" for name, cls in registered_games().items() for k in game_tune_knobs(cls)]
    return [*own, "level", "budget"]


def _player_seats(task: arena.GameTask) -> list[int]:
    order = arena.seatings(len(task.seats), "rotate")[task.seating]
    return [s for s in range(len(task.seats)) if order[s] == 0]


def evaluate(
    game: str,
    setting: Setting,
    games: int,
    seed: int,
    index: int,
    jobs: int = 1,
    precision: float = 0.0,
    batch: int = 0,
) -> SettingResult:
    """Play up to `games` games of one setting; stop early once the Wilson interval's
    half-width is below `precision` (when given)."""
    result = SettingResult(setting)
    setting_seed = arena._seed_from(seed, 2, index)
    tasks = arena.schedule(game, setting.params, list(setting.lineup), games, setting_seed)
    step = batch or (len(tasks) if precision <= 0 else max(len(setting.lineup) * 4, 8))
    for start in range(0, len(tasks), step):
        chunk = tasks[start : start + step]
        run = arena.run(chunk, None, jobs=jobs)
        by_index = {t.index: t for t in chunk}
        team = arena.team_wins(run.records)
        for record in run.records:
            if record.get("status") == "error":
                result.errors += 1
                continue
            result.games += 1
            result.wins += arena.win_credit(record, _player_seats(by_index[record["index"]]), team)
        if precision > 0 and result.games:
            low, high = result.interval
            if (high - low) / 2 <= precision:
                break
    return result


def tune(
    game: str,
    knob: str,
    target: float,
    player: str,
    games_per_setting: int = 40,
    max_games: int | None = None,
    seed: int = 0,
    jobs: int = 1,
    mode: str | None = None,
    players: int | None = None,
    precision: float = 0.0,
    opponent: str | None = None,
    on_result: Callable[[SettingResult], None] | None = None,
    settings: Sequence[Setting] | None = None,
    evaluator: Callable[..., SettingResult] | None = None,
) -> TuneResult:
    """`settings` and `evaluator` replace the knob's settings and the games that measure
    them (tests use a synthetic knob whose true win rates are known)."""
    if not 0.0 < target < 1.0:
        raise TuneError(f"target must be a win rate strictly between 0 and 1, got {target}")
    if settings is None:
        settings = knob_settings(game, knob, player, mode, players, opponent)
    if evaluator is None:
        check_lineups(game, settings)
    evaluator = evaluator or evaluate
    results: list[SettingResult] = []
    spent = 0
    notes = []
    for index, setting in enumerate(settings):
        budget = games_per_setting
        if max_games is not None:
            budget = min(budget, max_games - spent)
            if budget <= 0:
                notes.append(f"--max-games {max_games} spent: {len(settings) - index} settings not measured")
                break
        res = evaluator(game, setting, budget, seed, index, jobs, precision)
        spent += res.games + res.errors
        results.append(res)
        if on_result:
            on_result(res)
    measured = [r for r in results if r.games]
    if results and not measured and any(r.errors for r in results):
        raise TuneError(
            f"every game of every setting ended in an error ({sum(r.errors for r in results)} "
            f"games): run one setting as a tournament with --jobs 1 to see why"
        )
    closest = min(measured, key=lambda r: (abs(r.rate - target), r.setting.x)) if measured else None
    name = game if evaluator is not evaluate else game_class(game).name
    out = TuneResult(name, knob, player, target, results, closest, notes=notes)
    if measured and all(r.rate < target for r in measured):
        best = max(measured, key=lambda r: r.rate)
        notes.append(
            f"every setting is too hard for this player: the highest win rate measured "
            f"is {best.rate:.3f} ({best.setting.label})"
        )
    elif measured and all(r.rate > target for r in measured):
        worst = min(measured, key=lambda r: r.rate)
        notes.append(
            f"every setting is too easy for this player: the lowest win rate measured "
            f"is {worst.rate:.3f} ({worst.setting.label})"
        )
    if len({r.setting.x for r in measured}) >= 2:
        fit = fit_logistic(
            [r.setting.x for r in measured], [r.wins for r in measured], [r.games for r in measured]
        )
        out.fit = fit
        lo_x = min(r.setting.x for r in measured)
        hi_x = max(r.setting.x for r in measured)
        if fit.slope >= 0:
            notes.append(
                "the fitted win rate does not fall with difficulty: the knob's order does "
                "not match this player's results (too few games, or the knob is flat); "
                "the recommendation is the closest measured setting"
            )
        else:
            x_star = fit.inverse(target)
            out.x_at_target = x_star
            out.x_interval = fit.inverse_interval(target)
            if lo_x <= x_star <= hi_x:
                nearest = min(measured, key=lambda r: (abs(r.setting.x - x_star), r.setting.x))
                low, high = nearest.interval
                if low <= target <= high:
                    out.recommended = nearest
                else:
                    notes.append(
                        f"the fit reaches the target at x = {x_star:.2f}, but the nearest setting "
                        f"({nearest.setting.label}) measured [{low:.3f}, {high:.3f}], which excludes it"
                    )
            else:
                notes.append(
                    f"the fitted curve reaches the target outside the measured range (x = {x_star:.2f})"
                )
    elif closest is not None:
        low, high = closest.interval
        if low <= target <= high:  # one setting measured: its interval is the only evidence
            out.recommended = closest
    return out


def check_lineups(game: str, settings: Sequence[Setting]) -> None:
    """Build every bot of every setting once, so a misspelt player or opponent fails here
    in one line, not as an error row in every game."""
    cls = game_class(game)
    seen = set()
    for setting in settings:
        probe = cls(cls.make_params(**setting.params)).with_automaton_seats(list(setting.lineup))
        for s, spec in enumerate(setting.lineup):
            if s in probe.automaton_seats() or (spec, s) in seen:
                continue
            seen.add((spec, s))
            try:
                make_bot(spec, probe, 0)
            except BotSpecError as exc:
                raise TuneError(str(exc)) from None


def format_tune(result: TuneResult) -> str:
    lines = [
        f"{result.game}: knob {result.knob}, player {result.player}, target win rate {result.target:.2f}",
        "",
        f"{'setting':<24} {'x':>6} {'games':>6} {'wins':>6} {'win rate':>9}  95% Wilson",
    ]
    for r in result.results:
        low, high = r.interval
        mark = "  <- closest" if r is result.closest else ""
        lines.append(
            f"{r.setting.label:<24} {r.setting.x:>6.2f} {r.games:>6} {r.wins:>6g} "
            f"{r.rate:>9.3f}  [{low:.3f}, {high:.3f}]{mark}" + (f"  ({r.errors} errors)" if r.errors else "")
        )
    lines.append("")
    if result.fit is not None:
        f = result.fit
        lines.append(f"logistic fit: win = 1 / (1 + exp(-({f.intercept:.3f} + {f.slope:.3f} x)))")
        if result.x_at_target is not None and result.x_interval is not None:
            lo, hi = result.x_interval
            lines.append(
                f"x at target {result.target:.2f}: {result.x_at_target:.2f} "
                f"(95% delta-method interval {lo:.2f} to {hi:.2f})"
            )
    if result.closest is not None:
        low, high = result.closest.interval
        lines.append(
            f"closest measured setting: {result.closest.setting.label} "
            f"(win rate {result.closest.rate:.3f}, 95% [{low:.3f}, {high:.3f}])"
        )
    if result.recommended is not None:
        lines.append(
            f"recommended {result.knob}: {result.recommended.setting.label}"
            + (" (nearest to the fitted x)" if result.x_at_target is not None else "")
        )
    elif result.results:
        lines.append(
            f"no {result.knob} is recommended: the fit and the intervals do not support one "
            f"(see the notes); more games per setting narrow them"
        )
    for note in result.notes:
        lines.append(f"note: {note}")
    return "\n".join(lines)
