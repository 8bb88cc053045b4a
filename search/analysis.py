"""The expert's analysis of a position: its best few moves, each with a win rate estimated by
playing the game out from worlds the seat cannot tell from the true one.

The candidates are the expert's own best moves (`ranked`); each is then played out to the
end in the same sampled worlds (`determinize`, so the analysis sees only what the seat sees),
every seat played by the game's playout player, and scored a win or not for the seat (its side
in a team game).  Sharing the worlds across candidates compares them on equal luck.  The rate
comes with its Wilson 95% interval, so a hint says how far it can be trusted.
"""

from __future__ import annotations

import random
import time
from collections.abc import Hashable
from dataclasses import dataclass

from automa.rules.core import Game, State
from automa.search.bots import make_bot
from automa.search.stats import wilson_interval

#: a hint never plays more than this many playouts per candidate, however long it may think
MAX_PLAYOUTS = 2000


@dataclass
class MoveEstimate:
    action: Hashable
    text: str
    expert_rank: int  # 0: the expert's own choice
    wins: float = 0.0
    playouts: int = 0

    @property
    def rate(self) -> float:
        return self.wins / self.playouts if self.playouts else float("nan")

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.playouts) if self.playouts else (0.0, 1.0)


def playout_spec(game: Game) -> str:
    """The player of every seat in an analysis playout: the game's fast strong player
    (search/presets.toml `playouts`), else the one-step look-ahead."""
    from automa.search.mcts import presets

    return presets()["playouts"].get(game.name, "greedy")


def analyse(
    game: Game,
    state: State,
    seat: int,
    seconds: float,
    candidates: int = 3,
    seed: int = 0,
    expert: str = "level:expert",
    playouts: int | None = None,
) -> tuple[list[MoveEstimate], dict]:
    """The expert's `candidates` best moves for `seat`, best estimated win rate first, after
    about `seconds` of playouts (or exactly `playouts` worlds, which repeats from the seed);
    and what was done (playouts, seconds, legal moves)."""
    start = time.perf_counter()
    legal = state.legal_actions()
    chooser = make_bot(expert, game, seed)
    ranking = chooser.ranked(state, seat) if hasattr(chooser, "ranked") else [(chooser.act(state, seat), 0.0)]
    chosen = [a for a, _v in ranking[:candidates]]
    rows = [MoveEstimate(a, state.action_to_string(a), k) for k, a in enumerate(chosen)]
    spec = playout_spec(game)
    automata = set(game.automaton_seats())
    stats = {
        "seconds": 0.0,
        "playouts": 0,
        "legal": len(legal),
        "asked": seconds,
        "player": spec,
        "automata": bool(automata),
        "deciders": game.num_players - len(automata),
    }
    if len(legal) == 1:
        return rows, stats
    team = game.team_wins
    players = {s: make_bot(spec, game, seed + 1 + s) for s in range(game.num_players) if s not in automata}
    rng = random.Random(seed)
    deadline = start + seconds
    limit = MAX_PLAYOUTS if playouts is None else playouts
    while rows[0].playouts < limit and (
        playouts is not None or rows[0].playouts == 0 or time.perf_counter() < deadline
    ):
        world = state.determinize(seat, rng)
        for row in rows:
            x = world.clone()
            x.apply_action(row.action)
            while not x.is_terminal():
                mover = x.current_player()
                x.apply_action(players[mover].act(x, mover))
            winners = x.outcome().winners
            if team:
                row.wins += 1.0 if seat in winners else 0.0
            elif seat in winners:
                row.wins += 1.0 / len(winners)
            row.playouts += 1
    stats.update(seconds=time.perf_counter() - start, playouts=sum(r.playouts for r in rows))
    rows.sort(key=lambda r: (-r.rate, r.expert_rank))
    return rows, stats
