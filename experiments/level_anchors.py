"""Table 9: each difficulty level against the printed automata, so that a player can read
"normal plays about like the Normal Mumanbot": every level of Tabletop Inc. against every
Mumanbot level, and every level of Pulitzer's solo game against the default Times deck.

    python experiments/level_anchors.py [--games 100] [--seed 11] [--only tabletop_inc]
                                        [--work DIR]

Each cell is the level's win rate (Wilson 95%) over the games `automa tournament` schedules
for the line-up (two-player cells rotate seats).  A level "plays about like" the automaton
level it beats closest to half the time.  Finished games are kept as JSONL in --work, so a
rerun resumes.
"""
from __future__ import annotations

from pathlib import Path

from common import Timer, parser, plot, write_table

from automa.search import arena
from automa.search.mcts import presets
from automa.search.stats import wilson_interval

#: (game, players, mode, [(automaton label, its seat spec or None for the engine's, game params)])
ANCHORS = [
    ("tabletop_inc", 2, "standard", [(f"mumanbot:{lvl}", f"mumanbot:{lvl}", {})
                                     for lvl in ("easy", "normal", "hard", "extreme")]),
    ("pulitzer", 1, "solo", [("the Times deck (3,3,2)", None, {"times_mix": (3, 3, 2)})]),
]


def level_rate(game: str, players: int, mode: str, level: str, automaton: str | None, params: dict,
               games: int, seed: int, jobs: int, work: Path) -> tuple[float, int]:
    spec = f"level:{level}"
    bots = [spec] if automaton is None else [spec, automaton]
    resolved = arena.resolve_params(game, players, mode, bots, params)
    tasks = arena.schedule(game, resolved, bots, games, seed)
    out = work / f"{game}-{level}-{(automaton or 'solo').replace(':', '_')}-{games}-{seed}.jsonl"
    records = [r for r in arena.run(tasks, out, jobs=jobs, resume=True).records if r.get("status") != "error"]
    wins = sum(arena.win_credit(r, [s for s, x in enumerate(r["seats"]) if x == spec], False) for r in records)
    return wins, len(records)


def main() -> None:
    p = parser(__doc__, games=100, seed=11)
    p.add_argument("--only", default="", help="comma-separated game names")
    p.add_argument("--work", type=Path, default=Path("anchor-games"), help="folder for finished games")
    args = p.parse_args()
    only = {g for g in args.only.split(",") if g}
    args.work.mkdir(parents=True, exist_ok=True)
    levels = presets()["levels"]
    rows, series, readings = [], {}, []
    with Timer() as timer:
        for game, players, mode, automata in ANCHORS:
            if only and game not in only:
                continue
            for label, seat_spec, params in automata:
                xs, ys, lows, highs = series.setdefault(f"{game} vs {label}", ([], [], [], []))
                for k, level in enumerate(levels):
                    wins, played = level_rate(game, players, mode, level, seat_spec, params, args.games,
                                              args.seed, args.jobs, args.work)
                    low, high = wilson_interval(wins, played)
                    rows.append([game, level, label, played, wins, wins / played, low, high])
                    xs.append(k), ys.append(wins / played), lows.append(low), highs.append(high)
                    print(f"{game:<13} level:{level:<7} vs {label:<22} {wins / played:.3f} [{low:.3f}, {high:.3f}]",
                          flush=True)
            for level in levels:
                cells = [r for r in rows if r[0] == game and r[1] == level]
                near = min(cells, key=lambda r: abs(r[5] - 0.5))
                if near[6] <= 0.5 <= near[7]:
                    readings.append(f"- {game}: `level:{level}` plays about like {near[2]} "
                                    f"(wins {near[5]:.2f} of its games against it, 95% {near[6]:.2f}-{near[7]:.2f})")
                else:
                    side = "stronger" if near[5] > 0.5 else "weaker"
                    readings.append(f"- {game}: `level:{level}` is {side} than every automaton measured; nearest "
                                    f"{near[2]} (wins {near[5]:.2f}, 95% {near[6]:.2f}-{near[7]:.2f})")
    command = (f"python experiments/level_anchors.py --games {args.games} --seed {args.seed}"
               + (f" --only {args.only}" if args.only else ""))
    write_table(args.out, "level_anchors", ["game", "level", "automaton", "games", "level wins", "level win rate",
                                            "wilson low", "wilson high"], rows,
                "Difficulty levels against the printed automata", command, timer.seconds,
                ["A level plays about like an automaton when its win rate against it could be one half (the "
                 "interval holds 0.5):"] + readings)
    plot(args.out, "level_anchors", series, "level", "level win rate", "Levels against the printed automata",
         xticks=levels)


if __name__ == "__main__":
    main()
