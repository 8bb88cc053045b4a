"""Every registered automa game as an OpenSpiel Python game (optional extra ``[openspiel]``).

    import pyspiel, rules.interop.openspiel          # registers automa_pi, automa_pulitzer, ...
    game = pyspiel.load_game("automa_pulitzer", {"players": 1, "times_mix": "3/3/2"})

Design (see also ``rules/interop/actions.py`` for the action ids):

* **Names and parameters.** ``automa_<game>``.  Parameters: ``players``, ``mode`` (``""`` =
  the mode a bare player count means), every field of the game's ``Params`` (tuples are given
  as "/"-separated strings, e.g. ``times_mix="3/3/2"``, ``mumanbots="/hard"``: OpenSpiel's
  game strings use commas between parameters), and two of the wrapper's: ``num_seeds`` and
  ``seed_offset`` (below).
* **Chance.** Our engines keep every random event (shuffles, dice, automaton cards) inside the
  state's own generator, seeded once: the game is a deterministic function of (seed, actions).
  So the honest OpenSpiel picture is ``EXPLICIT_STOCHASTIC`` with exactly one chance node, at
  the start, whose outcome ``i`` (uniform over ``num_seeds``) starts the engine with seed
  ``seed_offset + i``.  Nobody observes that outcome; whatever it fixes (deck orders, future
  draws) is hidden information, and ``resample_from_infostate`` resamples it with our
  ``determinize``.  ``SAMPLED_STOCHASTIC`` was rejected: OpenSpiel then serialises the
  game's own RNG (``Game::GetRNGState``) which a Python game cannot provide, and histories
  would not replay.  With one explicit chance node, ``history()`` replays exactly and
  ``random_sim_test`` (including serialisation) passes.  The cost: only ``num_seeds``
  different deals (default 65536) instead of 2**64.
* **Information.** ``information_state_string`` and ``observation_string`` are both the
  canonical text of ``observation(player)`` (the observation is exactly what the seat may
  see).  They are perfect-recall only as far as a game's observation carries its own history
  (ISMCTS does not need more).  No tensors: see the PettingZoo wrapper for a numeric vector.
* **Returns.** Terminal only: our ``returns()`` (1 shared among the winners, 0 for everyone
  when an automaton wins), so the utility is general-sum in [0, 1]; 0 before the end.
* **Automaton seats** (Times, agents, Mumanbot seats given by ``mumanbots``) move inside
  ``apply_action``; such a seat never becomes the current player.
* **Speed.** ``clone`` is OpenSpiel's own (it deep-copies the Python attributes: our one
  attribute's ``__deepcopy__`` is the engine's hand-written ``clone``); the legal-id map and
  the observation texts of a state are cached until the next action; ``apply_action`` does
  not re-validate an id the state listed (any other id is checked and rejected with
  ``IllegalActionError``).
"""

from __future__ import annotations

import dataclasses
import io
import json
import pickle
import random
from typing import Any

import numpy as np
import pyspiel

from automa.rules.core import (
    Game,
    IllegalActionError,
    ParamError,
    action_to_json,
    load_game,
    registered_games,
)
from automa.rules.interop.actions import ActionCodec, codec_for

DEFAULT_NUM_SEEDS = 1 << 16
PREFIX = "automa_"


# --------------------------------------------------------------------------- parameters


def _param_defaults(cls: type[Game]) -> dict[str, Any]:
    """OpenSpiel parameter spec: name -> default (int, float, bool or str)."""
    spec: dict[str, Any] = {}
    for f in dataclasses.fields(cls.Params):
        default = f.default
        if f.name == "mode":
            default = ""
        elif f.name == "players":
            default = cls.make_params().players
        if isinstance(default, tuple):
            default = "/".join(str(v) for v in default)
        elif default is None:  # "the game decides" (e.g. first_player): "" in OpenSpiel
            default = ""
        spec[f.name] = default
    spec["num_seeds"] = DEFAULT_NUM_SEEDS
    spec["seed_offset"] = 0
    return spec


def engine_params(cls: type[Game], params: dict[str, Any]) -> dict[str, Any]:
    """OpenSpiel parameters -> keyword arguments of `load_game` (tuples from strings)."""
    fields = {f.name: f for f in dataclasses.fields(cls.Params)}
    out: dict[str, Any] = {}
    for name, value in params.items():
        if name in ("num_seeds", "seed_offset"):
            continue
        if name not in fields:
            raise ParamError(
                f"{PREFIX}{cls.name}: unknown parameter {name!r}; allowed: "
                f"{', '.join(sorted(_param_defaults(cls)))}"
            )
        if (name == "mode" or fields[name].default is None) and value == "":
            continue
        if fields[name].default is None and isinstance(value, str) and value.lstrip("-").isdigit():
            value = int(value)
        if isinstance(fields[name].default, tuple) and isinstance(value, str):
            parts = value.replace(",", "/").split("/") if value else []
            value = tuple(int(p) if p.strip().lstrip("-").isdigit() else p.strip() for p in parts)
        out[name] = value
    return out


# --------------------------------------------------------------------------- state


class _Engine:
    """The wrapper's only Python attribute: the engine state plus per-state caches.

    OpenSpiel clones a Python state by deep-copying its attributes and serialises it by
    pickling them; this class makes the first the engine's own `clone()` and the second a
    pickle of the engine state in which the shared Game object is stored by reference."""

    __slots__ = ("state", "legal", "game", "texts")

    def __init__(self, game: _GameData, state=None):
        self.game = game
        self.state = state
        self.legal: dict[int, Any] | None = None
        self.texts: dict[int, str] = {}  # observation text per player, until the next action

    def __deepcopy__(self, memo):
        return _Engine(self.game, None if self.state is None else self.state.clone())

    def __reduce__(self):
        return (_restore_engine, (self.game.key, _dump_state(self.state)))

    def legal_map(self) -> dict[int, Any]:
        if self.legal is None:
            self.legal = self.game.codec.legal_map(self.state.legal_actions())
        return self.legal


class _GameData:
    """What every state of one loaded OpenSpiel game shares."""

    def __init__(self, key: tuple, engine: Game, codec: ActionCodec, num_seeds: int, seed_offset: int):
        self.key = key
        self.engine = engine
        self.codec = codec
        self.num_seeds = num_seeds
        self.seed_offset = seed_offset
        self.chance = [(i, 1.0 / num_seeds) for i in range(num_seeds)]


_GAME_DATA: dict[tuple, _GameData] = {}


def _game_data(name: str, engine_kwargs: dict, num_seeds: int, seed_offset: int) -> _GameData:
    key = (name, json.dumps(engine_kwargs, sort_keys=True), num_seeds, seed_offset)
    data = _GAME_DATA.get(key)
    if data is None:
        data = _GameData(key, load_game(name, **engine_kwargs), codec_for(name), num_seeds, seed_offset)
        _GAME_DATA[key] = data
    return data


class _Pickler(pickle.Pickler):
    def persistent_id(self, obj):
        if isinstance(obj, Game):
            return ("automa-game", obj.name, json.dumps(obj.params.to_json(), sort_keys=True))
        return None


class _Unpickler(pickle.Unpickler):
    def persistent_load(self, pid):
        _, name, params = pid
        for data in _GAME_DATA.values():
            engine = data.engine
            if engine.name == name and json.dumps(engine.params.to_json(), sort_keys=True) == params:
                return engine
        return load_game(name, **json.loads(params))


def _dump_state(state) -> bytes | None:
    if state is None:
        return None
    buf = io.BytesIO()
    _Pickler(buf, protocol=pickle.HIGHEST_PROTOCOL).dump(state)
    return buf.getvalue()


def _restore_engine(key: tuple, blob: bytes | None) -> _Engine:
    data = _GAME_DATA.get(key)
    if data is None:
        name, kwargs, num_seeds, seed_offset = key
        data = _game_data(name, json.loads(kwargs), num_seeds, seed_offset)
    state = None if blob is None else _Unpickler(io.BytesIO(blob)).load()
    return _Engine(data, state)


class AutomaState(pyspiel.State):
    """One position of an automa game, seen by OpenSpiel."""

    def __init__(self, game: AutomaGame):
        super().__init__(game)
        self._e = _Engine(game._data)

    # ---- who moves
    def current_player(self) -> int:
        state = self._e.state
        if state is None:
            return pyspiel.PlayerId.CHANCE
        player = state.current_player()
        return player if player >= 0 else pyspiel.PlayerId.TERMINAL

    def is_terminal(self) -> bool:
        state = self._e.state
        return state is not None and state.current_player() < 0

    # ---- actions
    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._e.legal_map())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._e.game.chance

    def _apply_action(self, action: int) -> None:
        e = self._e
        data = e.game
        if e.state is None:
            if not 0 <= action < data.num_seeds:
                raise IllegalActionError(action, None, f"chance outcomes are 0..{data.num_seeds - 1}")
            e.state = data.engine.new_initial_state(data.seed_offset + int(action))
            e.legal = None
            e.texts = {}
            return
        legal = e.legal_map()
        try:
            move = legal[action]
        except KeyError:
            raise IllegalActionError(
                action, list(legal.values()), "no legal action has this id", e.state
            ) from None
        e.state._apply(move)
        e.legal = None
        e.texts = {}

    def _action_to_string(self, player: int, action: int) -> str:
        e = self._e
        if player == pyspiel.PlayerId.CHANCE or e.state is None:
            return f"seed {e.game.seed_offset + action}"
        move = e.game.codec.decode(action)
        if move is None:
            move = e.legal_map().get(action) if not e.state.is_terminal() else None
            if move is None:
                return f"overflow action {action}"
        try:
            text = e.state.action_to_string(move)
        except Exception:  # an id that is not legal here: its canonical form is enough
            text = ""
        return f"{text} {action_to_json(move)}".strip()

    # ---- outcome
    def returns(self) -> list[float]:
        state = self._e.state
        if state is None or state.current_player() >= 0:
            return [0.0] * self._e.game.engine.num_players
        return [float(v) for v in state.returns()]

    # ---- information
    def information_state_string(self, player: int | None = None) -> str:
        if player is None:
            player = self.current_player()
        return observation_text(self, player)

    def observation_string(self, player: int | None = None) -> str:
        if player is None:
            player = self.current_player()
        return observation_text(self, player)

    def resample_from_infostate(self, player_id: int, probability_sampler) -> AutomaState:
        """A state consistent with what `player_id` has seen: our `determinize`, with a
        generator seeded from OpenSpiel's sampler.  (Its `history()` is empty: a
        determinized world is not reachable by replaying ids from a seed.)"""
        e = self._e
        new = AutomaState(self.get_game())
        if e.state is not None:
            rng = random.Random(int(probability_sampler() * (1 << 53)))
            new._e.state = e.state.determinize(player_id, rng)
        return new

    # ---- access for people and tools
    def engine_state(self):
        """The wrapped automa State (None at the opening chance node)."""
        return self._e.state

    def action_of(self, action_id: int):
        """The automa action that `action_id` names in this state."""
        return self._e.legal_map()[action_id]

    def id_of(self, action) -> int:
        """The id of a legal automa action in this state."""
        for code, move in self._e.legal_map().items():
            if move == action:
                return code
        raise IllegalActionError(action, list(self._e.legal_map().values()), "not legal here", self._e.state)

    def __str__(self) -> str:
        state = self._e.state
        if state is None:
            return "chance node: the engine seed is not drawn yet"
        return str(state)


def observation_text(state: AutomaState, player: int) -> str:
    e = state._e
    if not 0 <= player < e.game.engine.num_players:
        raise ValueError(f"player {player} out of range 0..{e.game.engine.num_players - 1}")
    if e.state is None:
        return f"p{player} start"
    text = e.texts.get(player)
    if text is None:
        text = e.texts[player] = f"p{player} {e.state.observation(player)!r}"
    return text


class _Observer:
    """String-only observer for OpenSpiel's C++ side (no tensors: see the PettingZoo wrapper)."""

    def __init__(self, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"observation parameters not supported; got {params}")
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict = {}

    def set_from(self, state, player) -> None:
        return None

    def string_from(self, state, player) -> str:
        return observation_text(state, player)


# --------------------------------------------------------------------------- game


class AutomaGame(pyspiel.Game):
    """Base of the per-game OpenSpiel classes made by `register_all`."""

    automa_class: type[Game]
    game_type: pyspiel.GameType

    def __init__(self, params: dict | None = None):
        params = dict(params or {})
        cls = self.automa_class
        spec = _param_defaults(cls)
        merged = {**spec, **params}
        num_seeds = int(merged["num_seeds"])
        if num_seeds < 1:
            raise ParamError(f"num_seeds must be at least 1, got {num_seeds}")
        given = {k: v for k, v in params.items()}
        if "players" not in given and "mode" not in given:
            given["players"] = spec["players"]
        data = _game_data(cls.name, engine_params(cls, given), num_seeds, int(merged["seed_offset"]))
        engine = data.engine
        info = pyspiel.GameInfo(
            num_distinct_actions=data.codec.num_ids,
            max_chance_outcomes=num_seeds,
            num_players=engine.num_players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=int(engine.max_game_length()),
        )
        super().__init__(self.game_type, info, params)
        self._data = data

    def new_initial_state(self, *args) -> AutomaState:
        return AutomaState(self)

    def make_py_observer(self, iig_obs_type=None, params=None) -> _Observer:
        return _Observer(iig_obs_type, params)

    def engine(self) -> Game:
        """The automa Game behind this OpenSpiel game."""
        return self._data.engine

    def codec(self) -> ActionCodec:
        return self._data.codec


_REGISTERED: dict[str, type[AutomaGame]] = {}


def game_type_for(cls: type[Game]) -> pyspiel.GameType:
    counts = cls.player_counts()
    return pyspiel.GameType(
        short_name=PREFIX + cls.name,
        long_name=f"automa {cls.title or cls.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(counts),
        min_num_players=min(counts),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification=_param_defaults(cls),
    )


def register_all() -> dict[str, type[AutomaGame]]:
    """Register every automa game with OpenSpiel (idempotent); returns {short name: class}."""
    for name, cls in registered_games().items():
        short = PREFIX + name
        if short in _REGISTERED:
            continue
        game_type = game_type_for(cls)
        spiel_cls = type(f"Automa_{name}", (AutomaGame,), {"automa_class": cls, "game_type": game_type})
        if short not in pyspiel.registered_names():
            pyspiel.register_game(game_type, spiel_cls)
        _REGISTERED[short] = spiel_cls
    return dict(_REGISTERED)


def load(name: str, **params: Any) -> AutomaGame:
    """`load("pulitzer", players=1)` -> the OpenSpiel game `automa_pulitzer(players=1)`."""
    register_all()
    short = name if name.startswith(PREFIX) else PREFIX + name
    return pyspiel.load_game(short, spiel_params(params))


def spiel_params(params: dict[str, Any]) -> dict[str, Any]:
    """Our parameter values as OpenSpiel parameters (tuples/lists as "/"-joined strings)."""
    return {k: "/".join(str(x) for x in v) if isinstance(v, (tuple, list)) else v for k, v in params.items()}


def wrap_state(game: AutomaGame, engine_state) -> AutomaState:
    """An OpenSpiel state around a given automa state (e.g. a mid-game position).
    Its `history()` is empty; everything else behaves as a state reached by play."""
    state = game.new_initial_state()
    state._e.state = engine_state.clone()
    return state


register_all()
