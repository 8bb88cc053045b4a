"""Table 8: the `expert` level against each game's printed automaton or rule-based player,
with the targets of issue #18: win rate, Wilson 95% interval, mean scores, and the expert's
time per move (median and maximum, its `act` alone, one game at a time on one core).

    python experiments/expert_table.py [--games 100] [--games-for pi=400] [--seed 1] [--only pulitzer,pi]
                                       [--expert level:expert] [--work DIR]

Every row plays the games `automa tournament` would schedule for its line-up (the same deals
and bot seeds), replayed here so that each of the expert's moves can be timed.  Two-player
rows rotate seats; "as the Editor"/"as Nixon" take the games where the expert held that seat,
so those rows schedule twice the games.  Salem's rows are side against side at six players:
the expert holds every seat dealt a Witch card and `salem-heuristic` the rest ("as the
Witches"), then the same deal with the sides swapped ("as the town").  Finished games are kept
as JSON lines in --work, so an interrupted run resumes and a rerun plays only what is missing.
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass
from pathlib import Path

from common import Timer, games_for as parse_games_for, parser, plot, resumable, write_table

from automa.rules.core import game_class, load_game
from automa.search import arena
from automa.search.bots import make_bot
from automa.search.records import make_record
from automa.search.stats import wilson_interval


@dataclass(frozen=True)
class Row:
    label: str
    game: str
    opponent: str | None  # None: a solo game against the engine's automaton
    target: float | None  # None: reported, no target
    players: int = 2
    mode: str | None = None
    params: tuple = ()
    seat: int | None = None  # only the games where the expert held this seat
    side: str | None = None  # Salem: "witches" or "town"


ROWS = [
    Row("Pulitzer solo, Times deck (3,3,2)", "pulitzer", None, 0.5, 1, "solo", (("times_mix", (3, 3, 2)),)),
    Row("Tabletop Inc. vs mumanbot:normal", "tabletop_inc", "mumanbot:normal", 0.5),
    Row("Tabletop Inc. vs mumanbot:hard", "tabletop_inc", "mumanbot:hard", None),
    Row("P.I. 2 players vs deducer", "pi", "deducer", 0.6),
    Row("Watergate as the Editor vs watergate-heuristic", "watergate", "watergate-heuristic", 0.7, seat=0),
    Row("Watergate as Nixon vs watergate-heuristic", "watergate", "watergate-heuristic", 0.7, seat=1),
    Row(
        "Salem 6 players, a side of experts as the town vs salem-heuristic",
        "salem",
        "salem-heuristic",
        0.6,
        players=6,
        side="town",
    ),
    Row(
        "Salem 6 players, a side of experts as the Witches vs salem-heuristic",
        "salem",
        "salem-heuristic",
        0.6,
        players=6,
        side="witches",
    ),
]


def tasks_for(row: Row, expert: str, games: int, seed: int) -> list[arena.GameTask]:
    """The games of `row`: a tournament's schedule, or Salem's side-against-side deals."""
    bots = [expert] if row.opponent is None else [expert, row.opponent]
    params = arena.resolve_params(row.game, row.players, row.mode, bots, dict(row.params))
    if row.side is not None:
        from calibrate_levels import side_tasks

        # side_tasks gives the first bot every Witch seat of even games and the town of odd ones
        tasks = side_tasks(row.game, params, row.opponent, expert, 2 * games, seed)
        return [t for t in tasks if (t.seating == 0) == (row.side == "witches")]
    if row.seat is not None:
        tasks = arena.schedule(row.game, params, bots, 2 * games, seed)
        return [t for t in tasks if t.seats[row.seat] == expert]
    return arena.schedule(row.game, params, bots, games, seed)


def play_timed(task: arena.GameTask, expert: str) -> dict:
    """Play one scheduled game as `arena.play_game` does, timing every move of the expert's
    seats; returns its record with the seconds of those moves."""
    game = load_game(task.game, **task.params).with_automaton_seats(task.seats)
    automata = set(game.automaton_seats())
    bots = {
        s: make_bot(spec, game, task.bot_seeds[s]) for s, spec in enumerate(task.seats) if s not in automata
    }
    state = game.new_initial_state(task.game_seed)
    actions, seconds = [], []
    start = time.perf_counter()
    while not state.is_terminal():
        seat = state.current_player()
        began = time.perf_counter()
        action = bots[seat].act(state, seat)
        if task.seats[seat] == expert:
            seconds.append(time.perf_counter() - began)
        text = state.action_to_string(action)
        state.apply_action(action)
        actions.append((action, text, seat))
    record = make_record(
        game,
        task.game_seed,
        list(task.seats),
        state,
        actions,
        time.perf_counter() - start,
        {"index": task.index},
    )
    return {
        "index": task.index,
        "seats": record["seats"],
        "winners": record["winners"],
        "reason": record.get("reason", ""),
        "scores": [s[0] if isinstance(s, (list, tuple)) else s for s in record.get("scores", [])],
        "seconds": seconds,
    }


def measure(row: Row, expert: str, games: int, seed: int, work: Path) -> dict:
    tasks = tasks_for(row, expert, games, seed)[:games]
    path = work / f"{row.game}-{row.opponent}-{row.seat}-{row.side}-{expert}-{games}-{seed}.jsonl".replace(
        ":", "_"
    )
    results = resumable(path, tasks, play_timed, expert)
    team = game_class(row.game).team_wins
    wins, mine, theirs = 0.0, [], []
    for r in results:
        seats = [s for s, spec in enumerate(r["seats"]) if spec == expert]
        if row.side is not None:  # a side wins or loses as the reason says (a seat may change sides)
            wins += (
                0.5
                if r["reason"].startswith("draw")
                else float(r["reason"].startswith("witches win") == (row.side == "witches"))
            )
            continue
        wins += arena.win_credit(r, seats, team)
        if r["scores"] and not team:
            mine.append(statistics.fmean(r["scores"][s] for s in seats))
            others = [r["scores"][s] for s in range(len(r["seats"])) if s not in seats]
            if others:
                theirs.append(statistics.fmean(others))
    low, high = wilson_interval(wins, len(results))
    seconds = sorted(s for r in results for s in r["seconds"])
    return {
        "games": len(results),
        "wins": wins,
        "rate": wins / len(results),
        "low": low,
        "high": high,
        "mine": statistics.fmean(mine) if mine else "",
        "theirs": statistics.fmean(theirs) if theirs else "",
        "median ms": 1000 * statistics.median(seconds) if seconds else 0.0,
        "max ms": 1000 * seconds[-1] if seconds else 0.0,
    }


def main() -> None:
    p = parser(__doc__, games=100, seed=1)
    p.add_argument("--only", default="", help="comma-separated game names")
    p.add_argument(
        "--games-for", default="", help="per-game numbers of games overriding --games, e.g. pi=400"
    )
    p.add_argument(
        "--rows",
        default="",
        help="comma-separated row numbers (1-based) to play; the table "
        "then shows only those (for splitting a long run over processes)",
    )
    p.add_argument("--expert", default="level:expert", help="the player measured (default level:expert)")
    p.add_argument(
        "--work",
        type=Path,
        default=Path("expert-table-games"),
        help="folder for the finished games (resumable)",
    )
    args = p.parse_args()
    only = {g for g in args.only.split(",") if g}
    games = parse_games_for(p, args.games_for)
    picked = {int(k) for k in args.rows.split(",") if k}
    args.work.mkdir(parents=True, exist_ok=True)
    header = [
        "match",
        "expert",
        "opponent",
        "target",
        "games",
        "expert wins",
        "win rate",
        "wilson low",
        "wilson high",
        "target met",
        "expert mean score",
        "opponent mean score",
        "median ms/move",
        "max ms/move",
    ]
    rows = []
    with Timer() as timer:
        for number, row in enumerate(ROWS, 1):
            if (only and row.game not in only) or (picked and number not in picked):
                continue
            m = measure(row, args.expert, games.get(row.game, args.games), args.seed, args.work)
            met = "" if row.target is None else ("yes" if m["rate"] >= row.target else "no")
            rows.append(
                [
                    row.label,
                    args.expert,
                    row.opponent or "the engine's automaton",
                    "" if row.target is None else row.target,
                    m["games"],
                    m["wins"],
                    m["rate"],
                    m["low"],
                    m["high"],
                    met,
                    m["mine"],
                    m["theirs"],
                    m["median ms"],
                    m["max ms"],
                ]
            )
            print(
                f"{row.label:<70} {m['rate']:.3f} [{m['low']:.3f}, {m['high']:.3f}] "
                f"median {m['median ms']:.1f} ms, max {m['max ms']:.0f} ms",
                flush=True,
            )
    command = (
        f"python experiments/expert_table.py --games {args.games} --seed {args.seed} "
        f"--expert '{args.expert}'"
        + (f" --games-for {args.games_for}" if args.games_for else "")
        + (f" --only {args.only}" if args.only else "")
        + (f" --rows {args.rows}" if args.rows else "")
    )
    notes = [
        "Intervals are Wilson 95%. A target is met when the win rate reaches it. Milliseconds per move "
        "are the expert's `act` alone, games played one at a time on a 2-core machine that other work "
        "shared.",
        "Salem scores are not kept (a side wins or loses); Pulitzer solo's opponent score is blank "
        "(the Times' table score is fixed by the deck).",
        "The minutes above count only the games this run played; games kept in --work are read back.",
    ]
    skipped = [
        row.label
        for number, row in enumerate(ROWS, 1)
        if (only and row.game not in only) or (picked and number not in picked)
    ]
    if skipped:
        notes.append("Not played in this run: " + "; ".join(skipped) + ".")
    write_table(
        args.out,
        "expert_table",
        header,
        rows,
        "The expert against the printed automata and the rule-based players",
        command,
        timer.seconds,
        notes,
    )
    series = {
        "expert win rate": (
            list(range(len(rows))),
            [r[6] for r in rows],
            [r[7] for r in rows],
            [r[8] for r in rows],
        )
    }
    plot(
        args.out,
        "expert_table",
        series,
        "match",
        "win rate",
        "The expert's win rate",
        xticks=[str(k + 1) for k in range(len(rows))],
    )


if __name__ == "__main__":
    main()
