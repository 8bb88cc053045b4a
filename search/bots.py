"""Bots and the spec strings that build them.

A bot is built per seat from a spec such as ``random``, ``greedy``,
``mcts:iterations=800,c=1.4`` or ``ismcts:seconds=1.5``.  Its choices depend only on
what its seat may see (``state.observation(seat)`` or ``state.determinize(seat, rng)``)
and on its own seed, never on the game's seed.
"""

from __future__ import annotations

import importlib
import math
import random
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from automa.rules.core import Game, State
from automa.search.errors import BotSpecError


class Bot:
    """Base class: subclasses implement `act`.  `spec` is the string that rebuilds it."""

    #: parameters the spec may set, with their types and defaults
    defaults: dict[str, Any] = {}
    #: inclusive (low, high) bounds of numeric parameters; None leaves a side open
    limits: dict[str, tuple[float | None, float | None]] = {}

    def __init__(self, game: Game, seed: int | None = None, spec: str = "", **params: Any):
        self.game = game
        self.seed = seed
        self.rng = random.Random(seed)
        self.spec = spec or type(self).__name__.lower()
        self.params = {**self.defaults, **params}

    def act(self, state: State, seat: int) -> Hashable:
        """The action this bot plays for `seat` in `state`; it reads only what `seat` may see."""
        raise NotImplementedError

    def analyse(self, state: State, seat: int, top: int = 3) -> list[tuple[Hashable, float, int]]:
        """(action, estimated value, visits) of the best few moves; search bots refine this."""
        return [(self.act(state, seat), float("nan"), 0)]

    def __repr__(self) -> str:
        return f"<bot {self.spec}>"


class RandomBot(Bot):
    """Uniform over the legal actions."""

    def act(self, state: State, seat: int) -> Hashable:
        """The action this bot plays for `seat` in `state`; it reads only what `seat` may see."""
        legal = state.legal_actions()
        return legal[self.rng.randrange(len(legal))]


class GreedyBot(Bot):
    """One-step look-ahead on the game's heuristic (falls back to score share).

    It looks ahead on a determinization of the state, so it never sees hidden cards.
    Ties are broken at random with the bot's own generator.
    """

    defaults = {"samples": 1}

    def act(self, state: State, seat: int) -> Hashable:
        """The action this bot plays for `seat` in `state`; it reads only what `seat` may see."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        samples = max(1, int(self.params["samples"]))
        worlds = [state.determinize(seat, self.rng) for _ in range(samples)]
        best_value, best = -1e18, []
        for action in legal:
            value = 0.0
            for world in worlds:
                child = world.clone()
                child._apply(action)
                value += child.returns()[seat] if child.is_terminal() else child.heuristic()[seat]
            if value > best_value + 1e-12:
                best_value, best = value, [action]
            elif abs(value - best_value) <= 1e-12:
                best.append(action)
        return best[self.rng.randrange(len(best))]


# --------------------------------------------------------------------------- spec strings


def _parse_value(text: str) -> Any:
    for convert in (int, float):
        try:
            return convert(text)
        except ValueError:
            pass
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    return text


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """'mcts:iterations=800,c=1.4' -> ('mcts', {'iterations': 800, 'c': 1.4}).
    A bare value after the colon ('mumanbot:hard') is returned as {'level': 'hard'}."""
    spec = spec.strip()
    if not spec:
        raise BotSpecError("empty bot spec")
    name, _, rest = spec.partition(":")
    params: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = part.partition("=")
        if not eq:
            if "level" in params:
                raise BotSpecError(f"bot spec {spec!r}: {part!r} is not key=value")
            params["level"] = key.strip()
            continue
        params[key.strip()] = _parse_value(value.strip())
    return name.strip().lower(), params


_GENERIC: dict[str, Callable[..., Bot] | str] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "mcts": "automa.search.mcts:MCTSBot",
    "ismcts": "automa.search.mcts:ISMCTSBot",
    # "level": the game's difficulty presets, resolved in make_bot
}


def _resolve(target: Callable[..., Bot] | str) -> Callable[..., Bot]:
    if isinstance(target, str):
        module, _, attr = target.partition(":")
        return getattr(importlib.import_module(module), attr)
    return target


def available_bots(game: Game | None = None) -> list[str]:
    """The bot spec names a seat of `game` can take (all games' when None), for help texts."""
    names = list(_GENERIC) + [f"level:{'|'.join(_levels())}"]
    if game is not None:
        names += list(game.bot_factories)
        names += list(game.automaton_specs)
    return names


def soft_choice(
    ranked: Sequence[tuple[Hashable, float]], temperature: float, rng: random.Random, top: int = 5
) -> Hashable:
    """A move among the `top` best of `ranked` ((action, value), best first), drawn with
    weights exp((value - best) / temperature): how the levels weaken play the way people
    are weaker, choosing well but not always best, never a move the player rates poorly.
    Temperature 0 is the best move."""
    if temperature <= 0 or len(ranked) == 1:
        return ranked[0][0]
    best = ranked[0][1]
    weights = [math.exp((value - best) / temperature) for _action, value in ranked[:top]]
    pick = rng.random() * sum(weights)
    for (action, _value), weight in zip(ranked, weights, strict=False):
        pick -= weight
        if pick < 0:
            return action
    return ranked[len(weights) - 1][0]


def make_bot(spec: str, game: Game, seed: int | None = None) -> Bot:
    """Build the bot a spec string names, for one seat of `game`.  `level:NAME` is the
    game's difficulty preset NAME, whichever bot plays it (search/presets.toml)."""
    name, params = parse_spec(spec)
    if name == "level":
        if set(params) != {"level"}:
            raise BotSpecError(
                f"bot spec {spec!r}: write level:NAME with nothing else, e.g. level:hard "
                f"(levels: {', '.join(_levels())}); to change a setting, name the bot "
                f"and its settings instead"
            )
        from automa.search.levels import level_settings

        settings = level_settings(game.name, str(params["level"]))
        # a level played by one of the game's own bots, else by the search at the level's settings
        name, params = (settings.pop("bot"), settings) if "bot" in settings else ("ismcts", params)
    target = game.bot_factories.get(name) or _GENERIC.get(name)
    if target is None:
        raise BotSpecError(
            f"unknown bot {name!r} for {game.name}; available: {', '.join(available_bots(game))}"
        )
    cls = _resolve(target)
    allowed = getattr(cls, "defaults", {})
    unknown = set(params) - set(allowed)
    if unknown:
        raise BotSpecError(
            f"bot {name!r} does not take {', '.join(sorted(unknown))}; "
            f"it takes: {', '.join(sorted(allowed)) or 'no parameters'}"
        )
    check_params(spec, params, allowed, getattr(cls, "limits", {}))
    return cls(game, seed=seed, spec=spec, **params)


_KIND = {bool: "true or false", int: "a whole number", float: "a number", str: "a word"}


def check_params(
    spec: str,
    params: dict[str, Any],
    defaults: dict[str, Any],
    limits: dict[str, tuple[float | None, float | None]],
) -> None:
    """Each parameter has its default's type (an int where the default is an int, any
    number where it is a float) and lies within the bot's limits, so a mistyped spec fails
    when it is read, before any game starts."""
    for key, value in params.items():
        want = type(defaults.get(key))
        if want not in _KIND:
            continue
        if want is float:
            ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        else:
            ok = isinstance(value, want) and not (want is int and isinstance(value, bool))
        if not ok:
            raise BotSpecError(f"bot spec {spec!r}: {key} takes {_KIND[want]}, got {value!r}")
        low, high = limits.get(key, (None, None))
        if (low is not None and value < low) or (high is not None and value > high):
            span = (
                f"from {low} to {high}"
                if low is not None and high is not None
                else f"at least {low}"
                if low is not None
                else f"at most {high}"
            )
            raise BotSpecError(f"bot spec {spec!r}: {key} must be {span}, got {value!r}")


def _levels() -> list[str]:
    from automa.search.levels import presets

    return presets()["levels"]


def is_automaton_spec(spec: str, game: Game) -> bool:
    """True when `spec` names a printed automaton that the engine plays (e.g. mumanbot:hard)."""
    return parse_spec(spec)[0] in game.automaton_specs
