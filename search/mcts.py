"""Monte-Carlo tree search for any number of seats.

Both bots grow an open-loop tree: nodes are reached by sequences of actions, not by
states.  Values are backed up as one vector per node (max^n): each node's choice is made
for the seat that moves there.

* ``mcts``: UCT on one determinization of the root, drawn from the bot's own generator
  (for a game without hidden information, the true state).  Every iteration replays its
  actions on a copy of that one world, generator included, so chance inside the engine
  (dice, shuffles, automaton cards) falls the same way for the same actions: the search
  plans against one sampled future, not an average over futures.
* ``ismcts``: single-observer information-set MCTS: a new determinization every iteration,
  with its own generator, so hidden cards and chance are sampled afresh each time, and
  availability counts judge fairly the actions that are legal only in some worlds
  (Cowling, Powley & Whitehouse 2012).
"""

from __future__ import annotations

import time
from collections.abc import Hashable
from typing import Any

from automa.rules.core import State
from automa.search import uct
from automa.search.bots import Bot, soft_choice
from automa.search.levels import level_settings, presets, read_presets  # noqa: F401  (re-exported)
from automa.search.uct import Node


class MCTSBot(Bot):
    """UCT with max^n backup.  Spec parameters:

    iterations  playouts per decision (ignored when seconds > 0)
    seconds     wall-clock budget per decision instead of a fixed count
    max_seconds a safety stop: the search ends early if a decision takes longer than this
                (0: never).  Unlike `seconds`, a search that fits its budget is unaffected,
                so its moves still repeat exactly from the seed
    c           exploration constant
    rollout_depth  cut a playout after this many actions and score it with the
                   game's heuristic (-1: play to the end)
    rollout     'random' or 'greedy' (epsilon-greedy on the heuristic: slower, stronger)
    temperature 0 plays the most visited move; above 0 the move is drawn among the root's
                well-tried moves (at least a tenth of the most visited one's visits) with
                weights exp((mean - best mean) / temperature), means being win shares in
                [0, 1]: the levels' softer choice, never a move the search rates poorly
    level       easy, normal, hard or expert: the game's calibrated settings
                (search/presets.toml: iterations, rollout depth, temperature); parameters named
                beside it in the spec override the level's.  A game whose levels another
                bot plays (Salem) refuses it: `level:NAME` builds those
    """

    defaults: dict[str, Any] = {
        "iterations": 800,
        "seconds": 0.0,
        "max_seconds": 0.0,
        "c": 1.4,
        "rollout_depth": -1,
        "rollout": "random",
        "epsilon": 0.2,
        "temperature": 0.0,
        "level": "",
    }
    limits = {
        "iterations": (1, None),
        "seconds": (0, None),
        "max_seconds": (0, None),
        "c": (0, None),
        "rollout_depth": (-1, None),
        "epsilon": (0, 1),
        "temperature": (0, None),
    }
    per_iteration_determinization = False

    def __init__(self, game, seed=None, spec="", **params):
        super().__init__(game, seed=seed, spec=spec, **params)
        p = self.params
        if p["level"]:
            # the level's settings, then whatever the spec names besides the level
            settings = level_settings(game.name, str(p["level"]))
            if "bot" in settings:
                from automa.search.bots import BotSpecError

                raise BotSpecError(
                    f"{game.name}'s levels are played by {settings['bot']}, not by the "
                    f"search: use level:{p['level']}"
                )
            p.update(settings)
            p.update({k: v for k, v in params.items() if k != "level"})
        if p["rollout"] not in ("random", "greedy"):
            from automa.search.bots import BotSpecError

            raise BotSpecError(f"rollout must be 'random' or 'greedy', got {p['rollout']!r}")
        if int(p["iterations"]) < 1 and float(p["seconds"]) <= 0:
            from automa.search.bots import BotSpecError

            raise BotSpecError("iterations must be at least 1 (or give seconds > 0)")
        self.last_stats: dict[str, float] = {}
        self._root: Node | None = None

    # ------------------------------------------------------------------ public
    def act(self, state: State, seat: int) -> Hashable:
        """The most visited root action after searching (with a temperature, a soft choice
        among the well-tried ones)."""
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last_stats = {"iterations": 0, "simulated_actions": 0, "seconds": 0.0}
            return legal[0]
        root = self.search(state, seat)
        ranked = self._ranked(root, legal, seat)
        temperature = float(self.params["temperature"])
        if temperature <= 0:
            return ranked[0][0]
        most = root.children[ranked[0][0]].visits
        tried = [(a, v) for a, v in ranked if root.children[a].visits * 10 >= most]
        tried.sort(key=lambda t: -t[1])
        return soft_choice(tried, temperature, self.rng)

    def ranked(self, state: State, seat: int) -> list[tuple[Hashable, float]]:
        """The root actions a search tried, most visited first, with their mean value for `seat`."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return [(legal[0], float("nan"))]
        return self._ranked(self.search(state, seat), legal, seat)

    @staticmethod
    def _ranked(root: Node, legal, seat: int) -> list[tuple[Hashable, float]]:
        tried = [a for a in legal if a in root.children and root.children[a].visits]
        tried.sort(key=lambda a: (-root.children[a].visits, -_mean(root.children[a], seat)))
        return [(a, _mean(root.children[a], seat)) for a in tried]

    def analyse(self, state: State, seat: int, top: int = 3) -> list[tuple[Hashable, float, int]]:
        """The `top` most visited root actions with their mean value for `seat` and their visits."""
        legal = state.legal_actions()
        root = self.search(state, seat)
        ranked = sorted((a for a in legal if a in root.children), key=lambda a: -root.children[a].visits)
        return [(a, _mean(root.children[a], seat), root.children[a].visits) for a in ranked[:top]]

    # ------------------------------------------------------------------ search
    def search(self, state: State, seat: int) -> Node:
        """Run the search from `seat`'s view of `state` and return the root node.

        The loop (`automa.search.uct.run`, compiled with the engines by `automa native build`)
        is the hot path of every bot, so it asks the world for its player once per step, asks
        for the mover's legal actions at the root once per search, reads log(avail) from a
        table, runs the common playout (uniform random to the end) without the per-step
        checks of the greedy and depth-limited ones, and, for a new world every iteration,
        uses the game's `determinizer(seat)` when it has one (the same worlds as
        `determinize`, with the work that needs no draw done once per search).  Every score is
        the same expression on the same numbers as the plain UCT formula, so the tree and its
        choices do not depend on these shortcuts."""
        p = self.params
        rng = self.rng
        seats = state.num_players()
        root = Node(seats)
        c = float(p["c"])
        depth_limit = int(p["rollout_depth"])
        greedy = p["rollout"] == "greedy"
        epsilon = float(p["epsilon"])
        seconds = float(p["seconds"])
        iterations = int(p["iterations"])
        fixed_world = None if self.per_iteration_determinization else state.determinize(seat, rng)
        new_world = None
        if fixed_world is not None:
            fixed_world.settle_generator()  # seeded once, not once per clone
        else:
            # a game may prepare its determinizations of this state once (the same worlds)
            prepare = getattr(state, "determinizer", None)
            new_world = prepare(seat) if prepare is not None else (lambda r: state.determinize(seat, r))
        max_seconds = float(p["max_seconds"])
        start = time.perf_counter()
        if seconds > 0:
            deadline = start + (min(seconds, max_seconds) if max_seconds > 0 else seconds)
        else:
            deadline = 0.0
        stop = start + max_seconds if max_seconds > 0 and deadline <= 0 else 0.0
        # the mover's actions are the same in every world it could be in: asked once
        root_legal = state.legal_actions() if seat == state.current_player() else None
        done, simulated = uct.run(
            root,
            rng,
            fixed_world,
            new_world,
            c,
            iterations,
            deadline,
            stop,
            depth_limit,
            greedy,
            epsilon,
            root_legal,
        )
        elapsed = time.perf_counter() - start
        self.last_stats = {"iterations": done, "simulated_actions": simulated, "seconds": elapsed}
        return root


class ISMCTSBot(MCTSBot):
    """Single-observer information-set MCTS: one determinization per iteration."""

    defaults = {**MCTSBot.defaults, "iterations": 1000, "c": 0.7}
    per_iteration_determinization = True


def _mean(node: Node | None, seat: int) -> float:
    if node is None or node.visits == 0:
        return float("-inf")
    return node.totals[seat] / node.visits
