"""Monte-Carlo tree search for any number of seats.

Both bots share one open-loop tree: nodes are reached by sequences of actions, not by
states, so chance inside the engine (dice, shuffles, automaton cards) is handled by
sampling: every iteration replays the actions on a fresh copy and sees whatever the
dice give.  Values are backed up as one vector per node (max^n): each node's choice is
made for the seat that moves there.

* ``mcts``: UCT on one determinization of the root, drawn from the bot's own generator
  (for a game without hidden information, the true state).
* ``ismcts``: single-observer information-set MCTS: a new determinization every iteration,
  with availability counts, so actions that are legal only in some worlds are judged
  fairly (Cowling, Powley & Whitehouse 2012).
"""
from __future__ import annotations

import math
import time
from typing import Any, Hashable

from rules.core import State
from search.bots import Bot


class _Node:
    __slots__ = ("children", "visits", "totals", "avail")

    def __init__(self, seats: int):
        self.children: dict[Hashable, _Node] = {}
        self.visits = 0
        self.totals = [0.0] * seats
        self.avail = 1


class MCTSBot(Bot):
    """UCT with max^n backup.  Spec parameters:

    iterations  playouts per decision (ignored when seconds > 0)
    seconds     wall-clock budget per decision instead of a fixed count
    c           exploration constant
    rollout_depth  cut a playout after this many actions and score it with the
                   game's heuristic (-1: play to the end)
    rollout     'random' or 'greedy' (epsilon-greedy on the heuristic: slower, stronger)
    level       easy, normal, hard or expert: the game's calibrated iteration budget
                (search/presets.toml); overrides iterations
    """

    defaults: dict[str, Any] = {"iterations": 800, "seconds": 0.0, "c": 1.4,
                                "rollout_depth": -1, "rollout": "random", "epsilon": 0.2,
                                "level": ""}
    per_iteration_determinization = False

    def __init__(self, game, seed=None, spec="", **params):
        super().__init__(game, seed=seed, spec=spec, **params)
        p = self.params
        if p["level"]:
            p["iterations"] = level_iterations(game.name, str(p["level"]))
        if p["rollout"] not in ("random", "greedy"):
            from search.bots import BotSpecError
            raise BotSpecError(f"rollout must be 'random' or 'greedy', got {p['rollout']!r}")
        if int(p["iterations"]) < 1 and float(p["seconds"]) <= 0:
            from search.bots import BotSpecError
            raise BotSpecError("iterations must be at least 1 (or give seconds > 0)")
        self.last_stats: dict[str, float] = {}
        self._root: _Node | None = None

    # ------------------------------------------------------------------ public
    def act(self, state: State, seat: int) -> Hashable:
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last_stats = {"iterations": 0, "simulated_actions": 0, "seconds": 0.0}
            return legal[0]
        root = self.search(state, seat)
        return max(legal, key=lambda a: (root.children[a].visits if a in root.children else -1,
                                         _mean(root.children.get(a), seat)))

    def analyse(self, state: State, seat: int, top: int = 3) -> list[tuple[Hashable, float, int]]:
        legal = state.legal_actions()
        root = self.search(state, seat)
        ranked = sorted((a for a in legal if a in root.children),
                        key=lambda a: -root.children[a].visits)
        return [(a, _mean(root.children[a], seat), root.children[a].visits) for a in ranked[:top]]

    # ------------------------------------------------------------------ search
    def search(self, state: State, seat: int) -> _Node:
        p = self.params
        rng = self.rng
        seats = state.num_players()
        root = _Node(seats)
        c = float(p["c"])
        depth_limit = int(p["rollout_depth"])
        greedy = p["rollout"] == "greedy"
        epsilon = float(p["epsilon"])
        seconds = float(p["seconds"])
        iterations = int(p["iterations"])
        fixed_world = None if self.per_iteration_determinization else state.determinize(seat, rng)
        log = math.log
        sqrt = math.sqrt
        start = time.perf_counter()
        deadline = start + seconds if seconds > 0 else None
        done = 0
        simulated = 0
        while True:
            if deadline is None:
                if done >= iterations:
                    break
            elif done and time.perf_counter() >= deadline:
                break
            world = state.determinize(seat, rng) if fixed_world is None else fixed_world.clone()
            node = root
            path = [root]
            # selection and expansion
            while world.current_player() >= 0:
                legal = world.legal_actions()
                player = world.current_player()
                children = node.children
                kids = [children.get(a) for a in legal]     # one hash per action, not two
                if None in kids:
                    untried = [a for a, k in zip(legal, kids) if k is None]
                    action = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                    child = _Node(seats)
                    children[action] = child
                    world._apply(action)
                    simulated += 1
                    path.append(child)
                    break
                best_score = -1e300
                best_action = best_child = None
                for action, child in zip(legal, kids):
                    child.avail += 1
                    score = child.totals[player] / child.visits + c * sqrt(log(child.avail) / child.visits)
                    if score > best_score:
                        best_score, best_action, best_child = score, action, child
                world._apply(best_action)
                simulated += 1
                node = best_child
                path.append(node)
            # playout
            steps = 0
            while world.current_player() >= 0 and steps != depth_limit:
                if greedy and rng.random() > epsilon:
                    action = _greedy_action(world, rng)
                else:
                    action = world.random_action(rng)
                world._apply(action)
                steps += 1
            simulated += steps
            values = world.returns() if world.current_player() < 0 else world.heuristic()
            for n in path:
                n.visits += 1
                totals = n.totals
                for i in range(seats):
                    totals[i] += values[i]
            done += 1
        elapsed = time.perf_counter() - start
        self.last_stats = {"iterations": done, "simulated_actions": simulated, "seconds": elapsed}
        return root


class ISMCTSBot(MCTSBot):
    """Single-observer information-set MCTS: one determinization per iteration."""

    defaults = {**MCTSBot.defaults, "iterations": 1000, "c": 0.7}
    per_iteration_determinization = True


_PRESETS: dict | None = None


def presets() -> dict:
    global _PRESETS
    if _PRESETS is None:
        from pathlib import Path
        from rules.core import DataReader
        path = Path(__file__).with_name("presets.toml")
        reader = DataReader(path)
        levels = reader.list("levels", str)
        table = {}
        for game, values in reader.data.items():
            if game == "levels":
                continue
            sub = reader.sub(game)
            table[game] = {level: sub.int(level, 1, 10**7) for level in levels}
        _PRESETS = {"levels": levels, "games": table}
    return _PRESETS


def level_iterations(game: str, level: str) -> int:
    from search.bots import BotSpecError
    table = presets()
    if level not in table["levels"]:
        raise BotSpecError(f"unknown level {level!r}; levels: {', '.join(table['levels'])}")
    return table["games"].get(game, table["games"]["default"])[level]


def _mean(node: _Node | None, seat: int) -> float:
    if node is None or node.visits == 0:
        return float("-inf")
    return node.totals[seat] / node.visits


def _greedy_action(state: State, rng) -> Hashable:
    mover = state.current_player()
    legal = state.legal_actions()
    best, best_value = [], -1e300
    for action in legal:
        child = state.clone()
        child._apply(action)
        value = (child.returns() if child.current_player() < 0 else child.heuristic())[mover]
        if value > best_value + 1e-12:
            best, best_value = [action], value
        elif value >= best_value - 1e-12:
            best.append(action)
    return best[rng.randrange(len(best))]
