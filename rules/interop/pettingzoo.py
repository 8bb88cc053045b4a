"""Every automa game as a PettingZoo AEC environment (optional extra ``[pettingzoo]``).

    from automa.rules.interop.pettingzoo import env
    e = env("pulitzer", players=3)
    e.reset(seed=7)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

* **Agents** ``player_<seat>`` for the seats that decide.  Automaton seats (the Times and the
  agents in Pulitzer, Mumanbot seats given by ``seats=["agent", "mumanbot:hard"]`` (any
  non-automaton spec marks an agent seat) or by the game's own ``mumanbots=("", "hard")``)
  are played inside the environment and are no agents; `env.engine.automaton_seats()` lists them.
* **Actions** ``Discrete(n)`` with the stable ids of `automa.rules.interop.actions` (the same ids
  as the OpenSpiel wrapper), plus an ``action_mask`` (int8, 1 = legal) in the observation.
* **Observations** ``{"observation": float32 vector, "action_mask": int8 vector}``: the
  seat's `observation(seat)` flattened by `automa.rules.interop.features.Layout` (a fixed layout per
  game configuration, derived from random games with fixed seeds).  With ``legal_text=True``,
  ``infos[agent]`` holds the readable legal actions of the agent to move (``"legal"``:
  {id: text}); off by default because it costs an `action_to_string` per legal action.
  `action_text(id)` names one action of the current state.
* **Rewards** 0 until the end, then our `returns()`: 1 shared among the winners, 0 for all
  when an automaton wins.  No truncation: every game is bounded (`max_game_length`).
* ``reset(seed=s)`` starts the engine with seed ``s``: the same seed and actions give the same
  game.  ``reset()`` without a seed draws one from the environment's own generator, which is
  itself seeded by the last explicit seed (or by the OS at construction).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from automa.rules.core import IllegalActionError, ParamError, State, load_game
from automa.rules.interop.actions import codec_for
from automa.rules.interop.features import Layout

_LAYOUTS: dict[tuple, Layout] = {}


def layout_for(game, games: int = 8) -> Layout:
    key = (game.name, repr(sorted(game.params.to_json().items())), games)
    layout = _LAYOUTS.get(key)
    if layout is None:
        layout = _LAYOUTS[key] = Layout.explore(game, games)
    return layout


class AutomaEnv(AECEnv):
    """AEC environment for one automa game configuration."""

    metadata: dict[str, Any] = {
        "render_modes": ["human", "ansi"],
        "is_parallelizable": False,
        "name": "automa",
    }

    def __init__(
        self,
        game: str,
        render_mode: str | None = None,
        layout_games: int = 8,
        legal_text: bool = False,
        seats: Sequence[str] | None = None,
        **params: Any,
    ):
        super().__init__()
        self.legal_text = legal_text
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode must be one of {self.metadata['render_modes']}, got {render_mode!r}"
            )
        self.engine = load_game(game, **params)
        if seats is not None:
            if len(seats) != self.engine.num_players:
                raise ParamError(
                    f"seats: give one spec per seat ({self.engine.num_players}), got {len(seats)}"
                )
            self.engine = self.engine.with_automaton_seats(list(seats))
        self.metadata = {**self.metadata, "name": f"automa_{self.engine.name}_v0"}
        self.render_mode = render_mode
        self.codec = codec_for(self.engine.name)
        self.layout = layout_for(self.engine, layout_games)
        automata = set(self.engine.automaton_seats())
        self._seats = [s for s in range(self.engine.num_players) if s not in automata]
        self.possible_agents = [f"player_{s}" for s in self._seats]
        self._agent_of = {s: f"player_{s}" for s in self._seats}
        self._seat_of = {a: s for s, a in self._agent_of.items()}
        n = self.codec.num_ids
        big = np.finfo(np.float32).max
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(-big, big, (self.layout.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (n,), np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._seed_rng = random.Random()
        #: the episode's game state (None until reset() starts one)
        self.state: State | None = None
        self._legal: dict[int, Any] | None = None

    def observation_space(self, agent: str):
        return self.observation_spaces[agent]

    def action_space(self, agent: str):
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ episode
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._seed_rng = random.Random(seed)
            game_seed = int(seed)
        else:
            game_seed = self._seed_rng.getrandbits(63)
        self.state = self.engine.new_initial_state(game_seed)
        self._legal = None
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict] = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self.agent_selection = self._agent_of[self.state.current_player()]
        self._update_infos()

    @property
    def _live(self) -> State:
        """The state of the episode reset() started."""
        if self.state is None:
            raise RuntimeError("no episode yet: call reset() first")
        return self.state

    def _legal_map(self) -> dict[int, Any]:
        if self._legal is None:
            self._legal = self.codec.legal_map(self._live.legal_actions())
        return self._legal

    def _update_infos(self) -> None:
        for a in self.agents:
            self.infos[a] = {}
        if self.legal_text and not self._live.is_terminal():
            self.infos[self.agent_selection] = {
                "legal": {code: self._live.action_to_string(move) for code, move in self._legal_map().items()}
            }

    def action_text(self, action_id: int) -> str:
        """The readable text of a legal action id of the current state."""
        return self._live.action_to_string(self._legal_map()[int(action_id)])

    def observe(self, agent: str) -> dict:
        seat = self._seat_of[agent]
        mask = np.zeros(self.codec.num_ids, dtype=np.int8)
        if not self._live.is_terminal() and self._live.current_player() == seat:
            mask[list(self._legal_map())] = 1
        return {"observation": self.layout.vector(self._live.observation(seat)), "action_mask": mask}

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        legal = self._legal_map()
        try:
            move = legal[int(action)]
        except (KeyError, TypeError, ValueError):
            raise IllegalActionError(
                action, list(legal.values()), "no legal action has this id", self._live
            ) from None
        self._cumulative_rewards[agent] = 0.0
        self._live._apply(move)
        self._legal = None
        if self._live.is_terminal():
            returns = self._live.returns()
            for a in self.agents:
                self.rewards[a] = float(returns[self._seat_of[a]])
                self.terminations[a] = True
        else:
            for a in self.agents:
                self.rewards[a] = 0.0
            self.agent_selection = self._agent_of[self._live.current_player()]
        self._accumulate_rewards()
        self._update_infos()
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.render_mode is None:
            return None
        text = str(self.state)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        self.state = None


def env(game: str, render_mode: str | None = None, **params: Any) -> AutomaEnv:
    """The AEC environment of `game` with the given game parameters."""
    return AutomaEnv(game, render_mode=render_mode, **params)
