"""The watergate-heuristic bot: plays either side (it reads its side from its seat).

For every legal action it looks at a determinization of the state (so it never reads
Nixon's face-down tokens or the opponent's hand), applies the action and plays the rest
of that card play out greedily for both sides (each decision chosen by the game's
heuristic for the seat deciding it), stopping when the next turn starts.  The position
reached is scored by `WatergateState.heuristic()` for the bot's seat.
"""
from __future__ import annotations

from typing import Hashable

from automa.search.bots import Bot


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
        top = [a for a, v in zip(legal, scores) if v >= best - 1e-9]
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
                state._apply(legal[0])                 # `state` is this continuation's own copy
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
