"""Watergate's bots, for either side (each reads its side from its seat).

* `watergate-heuristic` (`HeuristicBot`): for every legal action it looks at a
  determinization of the state (so it never reads Nixon's face-down tokens or the
  opponent's hand), applies the action and plays the rest of that card play out greedily
  for both sides (each decision chosen by the game's heuristic for the seat deciding it),
  stopping when the next turn starts.  The position reached is scored by
  `WatergateState.heuristic()` for the bot's seat.
* `watergate-expert` (`ExpertBot`): information-set MCTS on the same heuristic, which
  beats the heuristic player from both chairs at well under a second a move
  (experiments/results/watergate_strength.md), and which ranks its moves so that levels
  can soften its choice instead of blundering at random.
"""

from __future__ import annotations

from collections.abc import Hashable

from automa.search.bots import Bot, soft_choice
from automa.search.mcts import ISMCTSBot


class HeuristicBot(Bot):
    """Spec parameters: samples (determinizations per decision), depth (decisions played
    out after the candidate action), epsilon (chance of a uniformly random move)."""

    defaults = {"samples": 1, "depth": 8, "epsilon": 0.0}

    def act(self, state, seat: int) -> Hashable:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        eps = float(self.params["epsilon"])
        if eps > 0 and self.rng.random() < eps:
            return legal[self.rng.randrange(len(legal))]
        samples = max(1, int(self.params["samples"]))
        depth = int(self.params["depth"])
        worlds = [state.determinize(seat, self.rng) for _ in range(samples)]
        scores = [0.0] * len(legal)
        for world in worlds:
            for j, action in enumerate(legal):
                child = world.clone()
                child._apply(action)
                scores[j] += self._finish_play(child, depth)[seat]
        best = max(scores)
        top = [a for a, v in zip(legal, scores, strict=True) if v >= best - 1e-9]
        return top[self.rng.randrange(len(top))] if len(top) > 1 else top[0]

    def _finish_play(self, state, depth: int) -> list[float]:
        """Greedy continuation (both sides) until the next turn begins.  A decision with
        one option (a reaction window or Gambit's question with nothing to play, which the
        engine asks anyway so as not to give the hand away) is taken without spending depth."""
        steps = 0
        while steps < depth:
            if state.is_terminal():
                return state.returns()
            frame = state.stack[-1]
            if frame[0] == "turn" and frame[2] < 0:
                break
            legal = state.legal_actions()
            if len(legal) == 1:
                state._apply(legal[0])  # `state` is this continuation's own copy
                continue
            steps += 1
            mover = state.current_player()
            best, best_state = -1.0, None
            for action in legal:
                child = state.clone()
                child._apply(action)
                v = (child.returns() if child.is_terminal() else child.heuristic())[mover]
                if v > best:
                    best, best_state = v, child
            state = best_state
        return state.returns() if state.is_terminal() else state.heuristic()


class ExpertBot(Bot):
    """The strong player (`watergate-expert`): single-observer information-set MCTS
    (`ismcts`), a new world from `state.determinize` every iteration, playouts cut after
    `rollout_depth` moves and scored by the game's heuristic.  It never peeks: every world
    is drawn from what its seat has seen, with the bot's own generator.

    Spec parameters:

    iterations     playouts per decision: the budget knob for weaker levels
    rollout_depth  moves played at random before the heuristic scores a playout
    c              exploration constant
    max_seconds    a safety stop (0: none): a search still running after this long ends
                   early; one that fits is unaffected, so moves still repeat from the seed
    temperature    0 plays the most visited move; above 0 draws among the `choices` most
                   visited with weights exp((share - best share) / temperature), where a
                   move's share is its part of the root's visits: a softer choice, never a
                   move the search left unvisited.  Shares of the best few differ by a few
                   hundredths to a few tenths, so small temperatures matter: against the
                   heuristic player 0.05 won 0.63 as the Editor and 0.77 as Nixon where 0
                   won 0.90 and 0.93 (experiments/results/watergate_strength.md)
    choices        how many of the best moves a temperature draws among
    """

    defaults = {
        "iterations": 360,
        "rollout_depth": 6,
        "c": 0.7,
        "max_seconds": 0.0,
        "temperature": 0.0,
        "choices": 4,
    }
    limits = {
        "iterations": (1, None),
        "rollout_depth": (-1, None),
        "c": (0, None),
        "max_seconds": (0, None),
        "temperature": (0, None),
        "choices": (1, None),
    }

    def __init__(self, game, seed=None, spec="", **params):
        super().__init__(game, seed=seed, spec=spec, **params)
        self.searcher = ISMCTSBot(game, seed=seed)
        self.searcher.rng = self.rng  # one generator: same seed, same game

    @property
    def last_stats(self) -> dict:
        """The last search's iterations, simulated actions and seconds."""
        return self.searcher.last_stats

    def _search(self, state, seat: int) -> list[tuple[Hashable, int, float]]:
        """(action, root visits, mean value for `seat`) of every legal move, most visited
        first (ties go to the higher mean, then to the earlier legal move).  The search
        reads this bot's parameters afresh, so a session may change them between moves."""
        p = self.params
        self.searcher.params.update(
            iterations=int(p["iterations"]),
            rollout_depth=int(p["rollout_depth"]),
            c=float(p["c"]),
            max_seconds=float(p["max_seconds"]),
        )
        children = self.searcher.search(state, seat).children
        rows = []
        for action in state.legal_actions():
            child = children.get(action)
            if child is None or not child.visits:
                rows.append((action, 0, float("-inf")))
            else:
                rows.append((action, child.visits, child.totals[seat] / child.visits))
        rows.sort(key=lambda row: (row[1], row[2]), reverse=True)
        return rows

    def ranked(self, state, seat: int) -> list[tuple[Hashable, float]]:
        """Every legal move with its share of the root's visits, best first."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return [(legal[0], 1.0)]
        rows = self._search(state, seat)
        total = sum(visits for _, visits, _ in rows) or 1
        return [(action, visits / total) for action, visits, _ in rows]

    def analyse(self, state, seat: int, top: int = 3) -> list[tuple[Hashable, float, int]]:
        """(action, estimated win chance, visits) of the `top` most visited moves, for hints."""
        return [(a, mean, visits) for a, visits, mean in self._search(state, seat)[:top] if visits]

    def act(self, state, seat: int) -> Hashable:
        """The most visited move, or at a temperature a draw among the best few."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        ranked = self.ranked(state, seat)
        temperature = float(self.params["temperature"])
        if temperature <= 0:
            return ranked[0][0]
        visited = [(a, v) for a, v in ranked[: int(self.params["choices"])] if v > 0]
        return soft_choice(visited, temperature, self.rng, top=len(visited))
