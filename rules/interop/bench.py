"""Side-by-side speed: our search and playouts vs OpenSpiel's Python bots on the wrapped games.

For each game, on the same positions (the mid-game positions of `automa.search.bench`, moved on to
the first decision with at least two legal actions), in one process:

* ``mcts``: our `automa.search.mcts.MCTSBot.search` (UCT on one determinization, uniform random
  rollouts to the end) vs OpenSpiel's ``open_spiel.python.algorithms.mcts.MCTSBot`` with
  ``RandomRolloutEvaluator(n_rollouts=1)`` (uniform random rollouts to the end), driving the
  same determinization wrapped by `automa.rules.interop.openspiel`; iterations per second.
* ``ismcts``: our `ISMCTSBot.search` (a fresh determinization per iteration) vs OpenSpiel's
  ``ISMCTSBot`` (``resample_from_infostate`` per iteration, backed by our `determinize`) with
  the same random-rollout evaluator, on the real position; iterations per second.
* ``random playout``: our `automa.rules.core.play_random` from a clone vs OpenSpiel's random playout
  loop through the wrapper (clone, then `legal_actions()` + `numpy` choice + `apply_action`
  until terminal, as its RandomRolloutEvaluator does); actions per second.

Both sides use the same number of iterations per search and the same exploration constants
(1.4 for mcts, 0.7 for ismcts); OpenSpiel's MCTS solver is off (ours has none).
"""

from __future__ import annotations

import csv
import io
import random
import time
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from automa.rules.core import load_game, play_random


def default_configs() -> list[tuple[str, dict]]:
    """Every game package's game (`game_packages`) in its default configuration."""
    from automa.rules.core import game_packages

    out = []
    for module in game_packages():
        name = module.rsplit(".", 1)[1]
        params = load_game(name).params.to_json()
        out.append((name, {"players": params["players"], "mode": params["mode"]}))
    return out


#: issue #19: our search and our random playouts at least this many times OpenSpiel's
BAR = 5.0


@dataclass
class Row:
    game: str
    params: str
    positions: int
    ours_mcts_it_s: float
    os_mcts_it_s: float
    mcts_ratio: float
    ours_ismcts_it_s: float
    os_ismcts_it_s: float
    ismcts_ratio: float
    ours_playout_actions_s: float
    os_playout_actions_s: float
    playout_ratio: float


def clone_is_independent(state, tries: int = 3) -> bool:
    """Playing out clones and determinizations of `state` leaves it unchanged (an engine
    whose clone shares a mutable part would corrupt the root of every search)."""
    from automa.rules.core import snapshot

    before = snapshot(state)
    seat = state.current_player()
    for k in range(tries):
        rng = random.Random(k)
        play_random(state.clone(), rng)
        play_random(state.determinize(seat, rng), rng)
    return snapshot(state) == before


def positions_for(game, count: int, seed: int, echo=print) -> list:
    """`count` mid-game positions (seeds seed, seed+1, ...) with at least two legal actions
    whose clones are independent of them (others are skipped with a warning)."""
    from automa.search.bench import mid_game_state

    out: list = []
    s = seed
    while len(out) < count and s < seed + 50 * count:
        state = mid_game_state(game, s)
        rng = random.Random(s)
        while not state.is_terminal() and len(state.legal_actions()) < 2:
            state._apply(state.random_action(rng))
        if not state.is_terminal():
            if clone_is_independent(state):
                out.append(state)
            else:
                echo(
                    f"warning: {game.name} position from seed {s}: playing a clone or a "
                    "determinization changed the original (engine bug: clone shares state); skipped"
                )
        s += 1
    return out


def _paired(budget: float, ours, theirs) -> tuple[float, float]:
    """Units per second of `ours` and `theirs` (each returns the units one call did),
    measured interleaved: the side with less accumulated time runs next, until both have
    had `budget` seconds.  Interleaving makes both sides see the same load on a shared machine."""
    done = [0, 0]
    spent = [0.0, 0.0]
    steps = (ours, theirs)
    clock = time.perf_counter
    while min(spent) < budget:
        side = 0 if spent[0] <= spent[1] else 1
        start = clock()
        done[side] += steps[side]()
        spent[side] += clock() - start
    return done[0] / spent[0], done[1] / spent[1]


def bench_game(
    name: str, params: dict, seconds: float = 2.0, iterations: int = 50, num_positions: int = 2, seed: int = 0
) -> Row:
    """Rates for one game configuration; `seconds` per measurement and side, split over
    the positions."""
    import numpy as np
    from open_spiel.python.algorithms import ismcts as os_ismcts, mcts as os_mcts

    from automa.rules.interop import openspiel as wrap
    from automa.search.mcts import ISMCTSBot, MCTSBot

    game = load_game(name, **params)
    spiel_game = wrap.load(name, **params)
    positions = positions_for(game, num_positions, seed)
    per = seconds / max(1, len(positions))
    np_rng = np.random.RandomState(seed)
    evaluator = os_mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np_rng)
    rng = random.Random(seed)
    sums = {k: 0.0 for k in ("om", "sm", "oi", "si", "op", "sp")}
    for pos in positions:
        seat = pos.current_player()
        # ---- mcts: the same determinization on both sides
        world = pos.determinize(seat, random.Random(seed + 1))
        ours = MCTSBot(game, seed=seed, iterations=iterations, c=1.4)
        spiel_world = wrap.wrap_state(spiel_game, world)
        theirs = os_mcts.MCTSBot(spiel_game, 1.4, iterations, evaluator, solve=False, random_state=np_rng)

        # each step binds this position's bots and worlds (the loop moves on after _paired)
        def our_mcts(ours=ours, world=world, seat=seat) -> int:
            ours.search(world, seat)
            return ours.last_stats["iterations"]

        def their_mcts(theirs=theirs, spiel_world=spiel_world) -> int:
            return theirs.mcts_search(spiel_world).explore_count

        our_mcts(), their_mcts()  # warm-up (memo tables, caches)
        a, b = _paired(per, our_mcts, their_mcts)
        sums["om"] += a
        sums["sm"] += b
        # ---- ismcts: the real position, a new world per iteration
        ours_is = ISMCTSBot(game, seed=seed, iterations=iterations, c=0.7)
        spiel_pos = wrap.wrap_state(spiel_game, pos)
        theirs_is = os_ismcts.ISMCTSBot(spiel_game, evaluator, 0.7, iterations, random_state=np_rng)

        def our_ismcts(ours_is=ours_is, pos=pos, seat=seat) -> int:
            ours_is.search(pos, seat)
            return ours_is.last_stats["iterations"]

        def their_ismcts(theirs_is=theirs_is, spiel_pos=spiel_pos) -> int:
            theirs_is.run_search(spiel_pos)
            return iterations

        our_ismcts(), their_ismcts()
        a, b = _paired(per, our_ismcts, their_ismcts)
        sums["oi"] += a
        sums["si"] += b

        # ---- raw random playouts
        def their_playout(spiel_pos=spiel_pos) -> int:
            state = spiel_pos.clone()
            n = 0
            while not state.is_terminal():
                state.apply_action(np_rng.choice(state.legal_actions()))
                n += 1
            return n

        a, b = _paired(per / 2, lambda pos=pos: play_random(pos.clone(), rng), their_playout)
        sums["op"] += a
        sums["sp"] += b
    k = len(positions)
    m = {key: value / k for key, value in sums.items()}
    return Row(
        game=name,
        params=",".join(f"{a}={b}" for a, b in params.items()),
        positions=k,
        ours_mcts_it_s=m["om"],
        os_mcts_it_s=m["sm"],
        mcts_ratio=m["om"] / m["sm"],
        ours_ismcts_it_s=m["oi"],
        os_ismcts_it_s=m["si"],
        ismcts_ratio=m["oi"] / m["si"],
        ours_playout_actions_s=m["op"],
        os_playout_actions_s=m["sp"],
        playout_ratio=m["op"] / m["sp"],
    )


def run(
    configs=None,
    seconds: float = 2.0,
    iterations: int = 50,
    num_positions: int = 2,
    seed: int = 0,
    echo=print,
) -> list[Row]:
    rows = []
    for name, params in configs or default_configs():
        row = bench_game(name, params, seconds, iterations, num_positions, seed)
        echo(format_row(row))
        rows.append(row)
    return rows


def format_row(r: Row) -> str:
    return (
        f"{r.game:13s} mcts {r.ours_mcts_it_s:8.1f} vs {r.os_mcts_it_s:7.1f} it/s = {r.mcts_ratio:5.2f}x   "
        f"ismcts {r.ours_ismcts_it_s:8.1f} vs {r.os_ismcts_it_s:7.1f} it/s = {r.ismcts_ratio:5.2f}x   "
        f"playout {r.ours_playout_actions_s:8.0f} vs {r.os_playout_actions_s:7.0f} actions/s = "
        f"{r.playout_ratio:5.2f}x"
    )


def to_csv(rows: list[Row]) -> str:
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    names = [f.name for f in fields(Row)]
    writer.writerow(names)
    for r in rows:
        d = asdict(r)
        writer.writerow([f"{d[n]:.3f}" if isinstance(d[n], float) else d[n] for n in names])
    return buf.getvalue()


def to_markdown(rows: list[Row], seconds: float, iterations: int, machine: str = "") -> str:
    lines = [
        "# automa vs OpenSpiel's Python bots on the wrapped games",
        "",
        "Generated by `python experiments/bench_vs_openspiel.py` (also `automa bench GAME --vs-openspiel`).",
        f"Every game in its default configuration, plus the extra player counts listed; the same "
        "mid-game positions for both sides (the `automa.search.bench` mid-game positions, moved on to a "
        "decision "
        f"with at least two legal actions), in one "
        f"process; {iterations} iterations per search; about {seconds:g} s per measurement and side, "
        "ours and OpenSpiel's calls interleaved so that both see the same machine load; uniform random "
        "rollouts to the end of the game on both sides (OpenSpiel: `RandomRolloutEvaluator(n_rollouts=1)`, "
        "`MCTSBot(solve=False)`, `ISMCTSBot` defaults; c = 1.4 for mcts, 0.7 for ismcts on both sides).",
        "Ratios are ours / OpenSpiel's (higher = we are faster). " + (machine or ""),
        "",
        "| game | params | mcts it/s (ours / OpenSpiel) | ratio | ismcts it/s (ours / OpenSpiel) | ratio "
        "| random-playout actions/s (ours / OpenSpiel) | ratio |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r.game} | {r.params} | {r.ours_mcts_it_s:.1f} / {r.os_mcts_it_s:.1f} | {r.mcts_ratio:.2f}x "
            f"| {r.ours_ismcts_it_s:.1f} / {r.os_ismcts_it_s:.1f} | {r.ismcts_ratio:.2f}x "
            f"| {r.ours_playout_actions_s:.0f} / {r.os_playout_actions_s:.0f} | {r.playout_ratio:.2f}x |"
        )

    def ratios(r: Row) -> tuple:
        return ("mcts", r.mcts_ratio), ("ismcts", r.ismcts_ratio), ("playout", r.playout_ratio)

    worst = min(ratio for r in rows for _, ratio in ratios(r)) if rows else float("nan")
    below = [
        f"{r.game} ({r.params}): "
        + ", ".join(f"{kind} {ratio:.2f}x" for kind, ratio in ratios(r) if ratio < BAR)
        for r in rows
        if min(ratio for _, ratio in ratios(r)) < BAR
    ]
    lines += [
        "",
        f"Bar: our search and random playouts >= {BAR:g}x OpenSpiel's on every game. "
        f"Lowest ratio in this run: {worst:.2f}x "
        f"({'met everywhere' if worst >= BAR else 'NOT met for ' + '; '.join(below)}).",
    ]
    return "\n".join(lines) + "\n"


def write_results(
    rows: list[Row],
    out_dir: Path,
    seconds: float,
    iterations: int,
    machine: str = "",
    stem: str = "bench_vs_openspiel",
) -> tuple[Path, Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    md = out_dir / f"{stem}.md"
    cs = out_dir / f"{stem}.csv"
    md.write_text(to_markdown(rows, seconds, iterations, machine), encoding="utf-8")
    cs.write_text(to_csv(rows), encoding="utf-8")
    return md, cs
