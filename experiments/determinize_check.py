"""Worlds for every seat, at scale: random games of every game, mode and player count, with
a determinization sampled for every seat every few moves.  Each world must keep its seat's
observation, offer its mover legal actions that all apply, and play out to the end.  Writes
determinize_check.csv and .md (no plot: the expected figure is zero failures everywhere).

    python experiments/determinize_check.py --games 200 --every 6 --jobs 2
"""
from __future__ import annotations

import random
import sys
import traceback

from common import Timer, parser, write_table

from joblib import Parallel, delayed

from automa.rules.core import all_configurations, load_game


def check_games(name: str, params: dict, seeds: range, every: int) -> tuple[int, int, int, int, str]:
    """(games, worlds, moves played out, failures, first failure) over `seeds`."""
    game = load_game(name, **params)
    worlds = moves = failures = 0
    first = ""
    for seed in seeds:
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        step = 0
        while not state.is_terminal():
            if step % every == 0:
                for seat in range(state.num_players()):
                    if seat in game.automaton_seats():
                        continue
                    try:
                        world = state.determinize(seat, random.Random(seed * 1000 + step + seat))
                        assert world.observation(seat) == state.observation(seat), "observation changed"
                        legal = world.legal_actions()
                        assert legal, "the mover has no legal action"
                        for action in legal:
                            world.clone().apply_action(action)
                        walk = random.Random(step)
                        while not world.is_terminal():
                            world.apply_action(world.random_action(walk))
                            moves += 1
                        worlds += 1
                    except Exception as exc:  # counted and the first one kept, the run goes on
                        failures += 1
                        if not first:
                            first = (f"seed {seed} step {step} seat {seat}: {type(exc).__name__}: {exc} "
                                     f"{traceback.format_exc(limit=2).splitlines()[-2].strip()}")
            state.apply_action(state.random_action(rng))
            step += 1
    return len(seeds), worlds, moves, failures, first


def main() -> None:
    p = parser(__doc__.splitlines()[0], games=200)
    p.add_argument("--every", type=int, default=6, help="moves between worlds (default 6)")
    p.add_argument("--only", default=None, help="one game")
    args = p.parse_args()
    configs = [(n, prm) for n, prm in all_configurations() if args.only in (None, n)]
    chunks = 4
    tasks = [(n, prm, range(args.seed + k * args.games // chunks, args.seed + (k + 1) * args.games // chunks))
             for n, prm in configs for k in range(chunks)]
    with Timer() as timer:
        results = Parallel(n_jobs=args.jobs)(delayed(check_games)(n, prm, seeds, args.every)
                                             for n, prm, seeds in tasks)
    rows = []
    for i, (n, prm) in enumerate(configs):
        parts = results[i * chunks:(i + 1) * chunks]
        rows.append([n, prm["mode"], prm["players"], sum(r[0] for r in parts), sum(r[1] for r in parts),
                     sum(r[2] for r in parts), sum(r[3] for r in parts),
                     next((r[4] for r in parts if r[4]), "")])
    command = "python experiments/determinize_check.py " + " ".join(sys.argv[1:])
    total = sum(r[6] for r in rows)
    write_table(args.out, "determinize_check", ["game", "mode", "players", "games", "worlds",
                                                 "moves played out", "failures", "first failure"],
                rows, "Worlds for every seat: random games, a world per seat every few moves",
                command.strip(), timer.seconds,
                notes=[f"{sum(r[3] for r in rows)} games, {sum(r[4] for r in rows)} worlds, "
                       f"{total} failures."])


if __name__ == "__main__":
    main()
