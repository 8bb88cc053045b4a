"""A small hidden-information game for testing the framework itself: Goofspiel with
sealed bids.  Each seat holds cards 1..N; a shuffled prize deck is turned over one card at
a time; every seat bids one card face down in turn (later seats cannot see earlier bids);
the highest unique bid takes the prize.  Registered only by the test suite."""

from __future__ import annotations

import random
from dataclasses import dataclass

from automa.rules.core import TERMINAL, Game, GameParams, Outcome, ParamError, State, fresh_rng, register_game
from automa.rules.draws import clone_rng


@dataclass(frozen=True)
class TinyParams(GameParams):
    cards: int = 5

    def validate(self) -> None:
        super().validate()
        if not 2 <= self.cards <= 13:
            raise ParamError(f"cards must be 2-13, got {self.cards}")


class TinyGoofspiel(Game):
    name = "tiny_goofspiel"
    title = "Goofspiel (test game)"
    Params = TinyParams
    modes = {"standard": (2, 3)}

    def max_game_length(self) -> int:
        return self.params.cards * self.params.players

    def new_initial_state(self, seed=None) -> TinyState:
        return TinyState(self, seed)


class TinyState(State):
    def __init__(self, game: TinyGoofspiel, seed=None):
        self.game = game
        self.rng = random.Random(seed)
        n = game.params.cards
        self.hands = [list(range(1, n + 1)) for _ in range(game.params.players)]
        self.prizes = list(range(1, n + 1))
        self.rng.shuffle(self.prizes)
        self.points = [0] * game.params.players
        self.bids: list[int] = []
        self.history: list[tuple] = []  # (prize, bids) of finished tricks

    def clone(self) -> TinyState:
        c = TinyState.__new__(TinyState)
        c.game = self.game
        c.rng = clone_rng(self.rng)
        c.hands = [h[:] for h in self.hands]
        c.prizes = self.prizes[:]
        c.points = self.points[:]
        c.bids = self.bids[:]
        c.history = self.history[:]
        return c

    def current_player(self) -> int:
        return TERMINAL if not self.prizes else len(self.bids)

    def legal_actions(self) -> list:
        if not self.prizes:
            return []
        return [("bid", c) for c in self.hands[len(self.bids)]]

    def _apply(self, action) -> None:
        seat = len(self.bids)
        self.hands[seat].remove(action[1])
        self.bids.append(action[1])
        if len(self.bids) == len(self.hands):
            prize = self.prizes.pop(0)
            counts = {b: self.bids.count(b) for b in self.bids}
            unique = [b for b in self.bids if counts[b] == 1]
            if unique:
                self.points[self.bids.index(max(unique))] += prize
            self.history.append((prize, tuple(self.bids)))
            self.bids = []

    def scores(self) -> list[tuple]:
        return [(p,) for p in self.points]

    def observation(self, seat: int):
        return {
            "prize": self.prizes[0] if self.prizes else None,
            "prizes_left": sorted(self.prizes),
            "history": list(self.history),
            "points": list(self.points),
            "hand": list(self.hands[seat]),
            "bids_made": len(self.bids),
            "my_bid": self.bids[seat] if seat < len(self.bids) else None,
        }

    def determinize(self, seat: int, rng: random.Random) -> TinyState:
        c = self.clone()
        c.rng = fresh_rng(rng)
        if c.prizes:
            rest = sorted(c.prizes[1:])
            rng.shuffle(rest)
            c.prizes = c.prizes[:1] + rest
        for other in range(len(c.bids)):
            if other == seat:
                continue
            pool = sorted(c.hands[other] + [c.bids[other]])
            pick = pool[rng.randrange(len(pool))]
            pool.remove(pick)
            c.bids[other] = pick
            c.hands[other] = pool
        return c

    def action_to_string(self, action) -> str:
        return f"bid {action[1]}"

    def outcome(self) -> Outcome:
        return Outcome.from_scores(self.scores())


register_game(TinyGoofspiel)
