"""Speed measurements behind `automa bench` (never timing assertions in tests).

MCTS efficiency = (iterations/s x simulated actions per iteration) / raw actions/s, both
measured from the same mid-game position: 1.0 means the tree costs nothing beyond the
playouts themselves; 0.6 means the tree overhead is 40% of a raw playout.

Every time is CPU time of this process (time.process_time), not wall time: on a machine shared
with other work the figures then move much less.  The raw playouts that an efficiency divides
by run interleaved with the searches (after each search, playouts until they have had as much
time), so both sides of the ratio see the same machine.
"""

from __future__ import annotations

import random
import time
from dataclasses import asdict, dataclass

from automa.rules.core import Game, State, play_random
from automa.search.mcts import ISMCTSBot, MCTSBot

clock = time.process_time


@dataclass
class BenchResult:
    game: str
    params: dict
    games_per_s: float
    actions_per_game: float
    raw_actions_per_s: float
    clone_us: float
    determinize_us: float
    mcts_iterations_per_s: float
    mcts_actions_per_iteration: float
    mcts_efficiency: float
    ismcts_iterations_per_s: float
    ismcts_efficiency: float

    def as_dict(self) -> dict:
        return asdict(self)


def _timed(budget: float, step) -> tuple[int, float, int]:
    """Call step() until budget CPU seconds pass; returns (calls, seconds, summed results).

    The clock is read once per batch of calls, the batch doubling while it lasts under a
    hundredth of the budget: reading the CPU clock costs about 1 us, a tenth of a clone()."""
    start = clock()
    calls = total = 0
    batch = 1
    while True:
        for _ in range(batch):
            total += step()
        calls += batch
        elapsed = clock() - start
        if elapsed >= budget:
            return calls, elapsed, total
        if elapsed < budget * calls / (100 * batch) and batch < 1 << 16:
            batch *= 2


def mid_game_state(game: Game, seed: int) -> State:
    """The position halfway through a random game from `seed` (a seat to move)."""
    probe = game.new_initial_state(seed)
    length = play_random(probe, random.Random(seed))
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    for _ in range(length // 2):
        state._apply(state.random_action(rng))
    return state


def start_from(game: Game, seed: int, position: str | State = "") -> State:
    """A game's first state: the set-up of `seed`, or `position` (docs/positions.md, its text
    or the state read from it) with its randomness reseeded from `seed`."""
    if isinstance(position, str):
        if not position:
            return game.new_initial_state(seed)
        from automa.rules.position import start_state

        return start_state(game, position, seed)
    from automa.rules.position import reseeded

    return reseeded(position, seed)


def bench(
    game: Game, seconds: float = 2.0, seed: int = 0, mcts_iterations: int = 300, position: str = ""
) -> BenchResult:
    """The figures of `format_bench`; with `position`, every game starts there and the
    searches are timed at it (it must not be over)."""
    rng = random.Random(seed)
    seeds = iter(range(seed, seed + 10**9))
    origin = start_from(game, seed, position) if position else None  # read once

    def one_game() -> int:
        if origin is None:
            return play_random(game.new_initial_state(next(seeds)), rng)
        return play_random(start_from(game, next(seeds), origin), rng)

    games, elapsed, actions = _timed(seconds, one_game)
    mid = origin if origin is not None else mid_game_state(game, seed)
    seat = mid.current_player()
    clones, clone_elapsed, _ = _timed(seconds / 4, lambda: (mid.clone(), 0)[1])
    dets, det_elapsed, _ = _timed(seconds / 4, lambda: (mid.determinize(seat, rng), 0)[1])
    raw = [0, 0.0]  # random-playout actions from mid and their CPU seconds

    def raw_playouts(budget: float) -> tuple[int, float]:
        done, spent = 0, 0.0
        while spent < budget:
            start = clock()
            done += play_random(mid.clone(), rng)
            spent += clock() - start
        raw[0] += done
        raw[1] += spent
        return done, spent

    def measure(bot_cls) -> tuple[float, float, float]:
        """(iterations/s, simulated actions per iteration, efficiency) of `seconds` of searches,
        each followed by as much time of raw playouts."""
        bot = bot_cls(game, seed=seed, iterations=mcts_iterations)
        bot.search(mid, seat)  # warm-up
        total_iter = total_sim = raw_actions = 0
        total_time = raw_time = 0.0
        while total_time < seconds:
            start = clock()
            bot.search(mid, seat)
            total_time += clock() - start
            stats = bot.last_stats
            total_iter += stats["iterations"]
            total_sim += stats["simulated_actions"]
            done, spent = raw_playouts(total_time - raw_time)
            raw_actions += done
            raw_time += spent
        per_s = total_iter / total_time
        per_iter = total_sim / max(1, total_iter)
        return per_s, per_iter, per_s * per_iter / (raw_actions / raw_time)

    mcts_rate, mcts_per_iter, mcts_eff = measure(MCTSBot)
    ismcts_rate, _, ismcts_eff = measure(ISMCTSBot)
    return BenchResult(
        game=game.name,
        params=game.params.to_json(),
        games_per_s=games / elapsed,
        actions_per_game=actions / games,
        raw_actions_per_s=raw[0] / raw[1],
        clone_us=1e6 * clone_elapsed / clones,
        determinize_us=1e6 * det_elapsed / dets,
        mcts_iterations_per_s=mcts_rate,
        mcts_actions_per_iteration=mcts_per_iter,
        mcts_efficiency=mcts_eff,
        ismcts_iterations_per_s=ismcts_rate,
        ismcts_efficiency=ismcts_eff,
    )


def format_bench(result: BenchResult) -> str:
    r = result
    return "\n".join(
        [
            f"{r.game} {r.params}  (CPU time)",
            f"  random playouts     {r.games_per_s:10.1f} games/s   {r.actions_per_game:8.1f} actions/game",
            f"  raw actions         {r.raw_actions_per_s:10.0f} actions/s (random playouts from mid-game)",
            f"  clone()             {r.clone_us:10.1f} us",
            f"  determinize()       {r.determinize_us:10.1f} us",
            f"  mcts                {r.mcts_iterations_per_s:10.1f} iterations/s  "
            f"{r.mcts_actions_per_iteration:8.1f} actions/iteration  efficiency {r.mcts_efficiency:.2f}",
            f"  ismcts              {r.ismcts_iterations_per_s:10.1f} iterations/s  efficiency "
            f"{r.ismcts_efficiency:.2f}",
        ]
    )


@dataclass
class MoveTimes:
    """How long a bot takes to choose a move, over whole games it plays in every seat."""

    game: str
    params: dict
    bot: str
    games: int
    moves: int
    median_s: float
    p90_s: float
    max_s: float

    def as_dict(self) -> dict:
        return asdict(self)


def move_times(game: Game, spec: str, games: int = 3, seed: int = 0, position: str = "") -> MoveTimes:
    """Play `games` games with the bot `spec` in every seat the engine does not play itself
    and time each of its decisions (CPU time; a move with one legal action included, as a
    player would wait for it)."""
    from automa.search.bots import make_bot

    automata = set(game.automaton_seats())
    seconds = []
    origin = start_from(game, seed, position) if position else None  # read once
    for g in range(games):
        bots = {
            s: make_bot(spec, game, seed + 1000 * g + s) for s in range(game.num_players) if s not in automata
        }
        state = game.new_initial_state(seed + g) if origin is None else start_from(game, seed + g, origin)
        while not state.is_terminal():
            seat = state.current_player()
            start = clock()
            action = bots[seat].act(state, seat)
            seconds.append(clock() - start)
            state.apply_action(action)
    seconds.sort()
    return MoveTimes(
        game.name,
        game.params.to_json(),
        spec,
        games,
        len(seconds),
        seconds[len(seconds) // 2],
        seconds[int(0.9 * (len(seconds) - 1))],
        seconds[-1],
    )


def format_move_times(result: MoveTimes) -> str:
    r = result
    return (
        f"{r.game} {r.params}  (CPU time)\n"
        f"  {r.bot}: median {1000 * r.median_s:.1f} ms, 90th percentile {1000 * r.p90_s:.1f} ms, "
        f"max {1000 * r.max_s:.1f} ms per move, over {r.moves} moves of {r.games} "
        f"game{'s' if r.games != 1 else ''}"
    )
