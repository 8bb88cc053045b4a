"""Tabletop Inc., one player against the Mumanbot: win rate with its Wilson 95% interval,
both sides' mean scores, and time per move, for each player and Mumanbot level.

    python experiments/tabletop_strength.py [--games 100] [--seed 1] [--jobs 1]
        [--bots 'tabletop-expert;tabletop-heuristic'] [--levels 'normal;hard']
        [--games-for 'tabletop-expert@hard=20'] [--ceiling-games 0] [--ceiling-budget 1,5]
        [--ceiling-expert 'worlds=3,candidates=4'] [--work DIR]

Bot specs and levels are separated by ';' (a spec's own settings use commas); --games-for
gives some SPEC@LEVEL rows another number of games.  Every game
is the one `automa tournament tabletop_inc --bots 'SPEC,mumanbot:LEVEL' --games N --seed S`
plays (seats rotating; the arena's schedule gives the deal and the bot's seed), replayed
here so that each move can be timed: the time of a move is the bot's `act` alone, on one
core when --jobs is 1.  With --ceiling-games N, the first N games of the expert's row are
also played by `TrueStateExpert`, a diagnostic that is never registered as a bot: the
expert's search run on the TRUE state (deck orders, the ZAP deck, hands) with
--ceiling-budget times its candidates (one row per budget; --ceiling-expert names the
expert settings it starts from, and its comparison row is that expert), which bounds what the
placeholder card data lets the player side reach: at 1x it is the expert's own search
with the hidden information given away, so its gap to the expert is what the hidden
information costs.  Finished games are kept as JSON lines in --work, so an interrupted
run resumes where it stopped and a rerun only plays what is missing.
"""

import re
import statistics
import time
from pathlib import Path

from common import Timer, parser, resumable, write_table

from automa.rules.core import load_game
from automa.rules.tabletop_inc.bots import ExpertBot
from automa.search import arena
from automa.search.bots import BotSpecError, make_bot
from automa.search.stats import wilson_interval

CEILING = "true-state-expert"


class TrueStateExpert(ExpertBot):
    """The expert's search, peeking: every world is the true state, generator included, so
    its playouts see the real deck orders and the Mumanbot's coming ZAP cards.  Only the
    playout policy's own generator differs between its worlds.  A diagnostic, not a bot."""

    def sample_world(self, state, seat):
        return state.clone()


def expert_settings(text: str) -> dict:
    """The expert's settings with `text` ('worlds=3,candidates=4') over its defaults, read
    and checked as any bot spec is."""
    return make_bot("tabletop-expert" + (f":{text}" if text else ""), load_game("tabletop_inc")).params


def make_player(spec: str, game, seed: int, budget: int, base: str = ""):
    if spec != CEILING:
        return make_bot(spec, game, seed)
    settings = expert_settings(base)
    return TrueStateExpert(
        game, seed=seed, spec=CEILING, candidates=settings["candidates"] * budget, worlds=settings["worlds"]
    )


def play_timed(task, budget: int, base: str = "") -> dict:
    """Play one scheduled game, timing every move of the player's bot."""
    game = load_game(task.game, **task.params).with_automaton_seats(task.seats)
    seat = next(s for s in range(len(task.seats)) if s not in game.automaton_seats())
    bot = make_player(task.seats[seat], game, task.bot_seeds[seat], budget, base)
    state = game.new_initial_state(task.game_seed)
    seconds, cpu = [], []
    while not state.is_terminal():
        start, start_cpu = time.perf_counter(), time.process_time()
        action = bot.act(state, seat)
        seconds.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        state.apply_action(action)
    totals = [state.final_breakdown(s)["total"] for s in range(len(task.seats))]
    return {
        "index": task.index,
        "won": state.outcome().winners == (seat,),
        "score": totals[seat],
        "mumanbot": totals[1 - seat],
        "seconds": seconds,
        "cpu": cpu,
    }


def measure(spec: str, level: str, games: int, seed: int, work: Path, budget: int, base: str = "") -> dict:
    """Play (or read back from `work`) `games` games of `spec` against the Mumanbot at `level`."""
    lineup = [spec if spec != CEILING else "tabletop-expert", f"mumanbot:{level}"]
    params = arena.resolve_params("tabletop_inc", None, None, lineup)
    tasks = arena.schedule("tabletop_inc", params, lineup, games, seed)
    if spec == CEILING:
        tasks = [
            t.__class__(
                **{**t.__dict__, "seats": tuple(CEILING if s == "tabletop-expert" else s for s in t.seats)}
            )
            for t in tasks
        ]
    slug = re.sub(
        r"[^A-Za-z0-9=.-]+",
        "_",
        f"{spec}-{level}-{seed}" + (f"-x{budget}" + (f"-{base}" if base else "") if spec == CEILING else ""),
    )
    path = work / f"{slug}.jsonl"
    results = resumable(path, tasks, play_timed, budget, base)
    wins = sum(r["won"] for r in results)
    low, high = wilson_interval(wins, games)
    seconds = sorted(s for r in results for s in r["seconds"])
    cpu = sorted(s for r in results for s in r["cpu"])
    return {
        "wins": wins,
        "rate": wins / games,
        "low": low,
        "high": high,
        "score": statistics.fmean(r["score"] for r in results),
        "mumanbot": statistics.fmean(r["mumanbot"] for r in results),
        "median s": statistics.median(seconds),
        "p90 s": seconds[int(0.9 * len(seconds))],
        "max s": seconds[-1],
        "median cpu s": statistics.median(cpu),
        "max cpu s": cpu[-1],
        "game s": statistics.fmean(sum(r["seconds"]) for r in results),
    }


def main() -> None:
    p = parser(__doc__, games=100, seed=1)
    p.set_defaults(jobs=1)
    p.add_argument("--bots", default="tabletop-expert;tabletop-heuristic", help="';'-separated bot specs")
    p.add_argument("--levels", default="normal;hard", help="';'-separated Mumanbot levels")
    p.add_argument("--games-for", default="", help="';'-separated SPEC@LEVEL=N: rows with other game counts")
    p.add_argument(
        "--ceiling-games",
        type=int,
        default=0,
        help="games of the true-state diagnostic against the first level (0: none)",
    )
    p.add_argument(
        "--ceiling-budget",
        default="5",
        help="the diagnostic's budgets, times the expert's, comma-separated (a row each)",
    )
    p.add_argument(
        "--ceiling-expert",
        default="",
        help="the expert settings the diagnostic searches with, e.g. 'worlds=3,candidates=4' "
        "(default: the expert's own); its comparison row is that expert",
    )
    p.add_argument(
        "--work",
        type=Path,
        default=Path("tabletop-strength-games"),
        help="folder for the finished games (resumable)",
    )
    args = p.parse_args()
    if args.jobs != 1:
        p.error("the games are timed one at a time: --jobs 1")
    specs = [b for b in args.bots.split(";") if b]
    levels = [lv for lv in args.levels.split(";") if lv]
    counts = dict(item.rsplit("=", 1) for item in args.games_for.split(";") if item)
    plan = [
        (spec, level, int(counts.get(f"{spec}@{level}", args.games)), 1) for spec in specs for level in levels
    ]
    try:
        budgets = [int(b) for b in args.ceiling_budget.split(",") if b]
    except ValueError:
        p.error(f"--ceiling-budget takes whole numbers separated by commas, got {args.ceiling_budget!r}")
    if args.ceiling_games:
        try:
            expert_settings(args.ceiling_expert)
        except BotSpecError as err:
            p.error(f"--ceiling-expert: {err}")
        plan += [(CEILING, levels[0], args.ceiling_games, budget) for budget in budgets]
        plan.append(
            (
                "tabletop-expert" + (f":{args.ceiling_expert}" if args.ceiling_expert else ""),
                levels[0],
                args.ceiling_games,
                1,
            )
        )
    args.work.mkdir(parents=True, exist_ok=True)
    header = [
        "player",
        "Mumanbot level",
        "games",
        "wins",
        "win rate",
        "wilson low",
        "wilson high",
        "player mean VP",
        "Mumanbot mean VP",
        "median ms/move",
        "p90 ms/move",
        "max ms/move",
        "median CPU ms/move",
        "max CPU ms/move",
        "mean s/game",
    ]
    rows = []
    with Timer() as timer:
        for spec, level, games, budget in plan:
            r = measure(spec, level, games, args.seed, args.work, budget, args.ceiling_expert)
            label = f"{spec} (x{budget} budget)" if spec == CEILING else spec
            rows.append(
                [
                    label,
                    level,
                    games,
                    r["wins"],
                    r["rate"],
                    r["low"],
                    r["high"],
                    r["score"],
                    r["mumanbot"],
                    1000 * r["median s"],
                    1000 * r["p90 s"],
                    1000 * r["max s"],
                    1000 * r["median cpu s"],
                    1000 * r["max cpu s"],
                    r["game s"],
                ]
            )
            print(
                f"{label:<40} {level:<7} {games:>4} games: {r['rate']:.3f} [{r['low']:.3f}, {r['high']:.3f}] "
                f"VP {r['score']:.1f} vs {r['mumanbot']:.1f}, median {1000 * r['median s']:.1f} ms, "
                f"max {1000 * r['max s']:.0f} ms",
                flush=True,
            )
    command = (
        f"python experiments/tabletop_strength.py --games {args.games} --seed {args.seed} --jobs 1 "
        f"--bots '{args.bots}' --levels '{args.levels}' --games-for '{args.games_for}' "
        f"--ceiling-games {args.ceiling_games} "
        f"--ceiling-budget {args.ceiling_budget}"
        + (f" --ceiling-expert '{args.ceiling_expert}'" if args.ceiling_expert else "")
    )
    notes = [
        "Intervals are Wilson 95%. Milliseconds per move are the bot's `act` alone (the engine's own work "
        "excluded); the games run one at a time, on a 2-core machine that other jobs shared, so the "
        "wall-clock times carry their waiting; CPU ms is the process's own time for the same moves.",
        "Each row's games are those of `automa tournament tabletop_inc --bots 'SPEC,mumanbot:LEVEL' "
        f"--games N --seed {args.seed}` (N = the row's games; seats rotate, the player always moves first).",
        f"`{CEILING}` is a diagnostic kept in this script, never a registered bot: the search of the expert "
        + (f"`tabletop-expert:{args.ceiling_expert}` " if args.ceiling_expert else "")
        + "on the true state (it sees the deck orders and the ZAP cards to come) with the budget shown; "
        "it plays "
        "the same deals as the expert row of the same length below it.  At x1 it is that expert's own search "
        "told the hidden cards: the gap to the expert is what the hidden information costs; from x1 to x5, "
        "what more candidates buy when the worlds are exact.",
        "The minutes above count only the games this run played; games kept in --work are read back.",
    ]
    write_table(
        args.out,
        "tabletop_strength",
        header,
        rows,
        "Tabletop Inc.: the expert against the Mumanbot",
        command,
        timer.seconds,
        notes,
    )


if __name__ == "__main__":
    main()
