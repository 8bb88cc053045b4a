"""`auto` difficulty shown to work (issue #48): simulated players of known, different
strengths play sequential games with `auto`, each game's setting chosen by
`automa.adapt.resolve_auto` from the player's own growing history, exactly as a person's
games would be.  Each player is also measured apart at the knob's easiest and hardest
settings (fixed, not auto), which says whether the target is within the knob's reach.

Writes experiments/results/adaptive.csv (one row per game and player: games and wins after
the 20-game burn-in, the realised rate, the rates at the easiest and hardest settings, and
whether the target lies between them), adaptive_games.csv (every game: the setting chosen,
its prediction, the result, the running rate), adaptive.md and adaptive.svg (each player's
setting and running win rate game by game).

Players are bots, none of them the reference player of the knob's calibration curve.
"""

from __future__ import annotations

import csv
import sys
from dataclasses import dataclass
from pathlib import Path

from common import Timer, parser, resumable, write_table

from automa.adapt import knob_for, resolve_auto
from automa.rules.core import game_class
from automa.search import arena
from automa.search.stats import wilson_interval

BURN_IN = 20
HEADS = {
    "setting": "setting chosen (easiest at the bottom)",
    "rate": "running win rate after game 20 (dashed: target)",
}

#: game -> (title, the request with auto, the player's seat for game g, players (spec, target))
GAMES = {
    "pulitzer": (
        "Pulitzer solo, the Times deck mix (times_mix=auto)",
        lambda player, g: ({"mode": "solo", "players": 1, "times_mix": "auto"}, [player]),
        lambda g: 0,
        [
            ("pulitzer-expert:temperature=7", 0.5),
            ("level:normal", 0.5),
            ("pulitzer-expert:temperature=5", 0.65),
            ("level:hard", 0.5),
            ("level:easy", 0.5),
        ],
    ),
    "tabletop_inc": (
        "Tabletop Inc., two seats, against the Mumanbot (mumanbot:auto)",
        lambda player, g: (
            {"players": 2},
            [player, "mumanbot:auto"] if g % 2 == 0 else ["mumanbot:auto", player],
        ),
        lambda g: g % 2,
        [
            ("tabletop-heuristic:rollout=1", 0.5),
            ("tabletop-heuristic:plan=0,predict=0", 0.5),
            ("greedy", 0.5),
            ("random", 0.5),
        ],
    ),
    "pi": (
        "P.I., two players, against the designed Investigator deck (automaton:pi-investigator,knob=auto)",
        lambda player, g: ({"players": 2}, [player, "automaton:pi-investigator,knob=auto"]),
        lambda g: 0,
        [
            ("pi-expert:worlds=0,temperature=3.5", 0.5),
            ("pi-expert:worlds=0,temperature=1.5", 0.5),
            ("level:easy", 0.5),
            ("level:hard", 0.5),
            ("random", 0.5),
        ],
    ),
}


@dataclass(frozen=True)
class Unit:
    index: int
    game: str
    player: int
    #: "easiest", "hardest" or "auto"
    phase: str
    start: int
    games: int


def play(game: str, params: dict, seats: list[str], seed: int, key: tuple) -> dict:
    task = arena.GameTask(
        index=0,
        game=game,
        params=params,
        seats=tuple(seats),
        game_seed=arena._seed_from(seed, *key),
        bot_seeds=tuple(arena._seed_from(seed, *key, 1, s) for s in range(len(seats))),
        match=0,
        seating=0,
        tournament="adaptive",
        module=game_class(game).__module__,
    )
    record = arena.play_game(task)
    if record.get("status") == "error":
        raise RuntimeError(f"{game} {seats}: {record['error']}")
    return record


def run_unit(unit: Unit, seed: int, auto_games: int) -> dict:
    gi = list(GAMES).index(unit.game)
    title, request, seat_of, players = GAMES[unit.game]
    spec, target = players[unit.player]
    team = game_class(unit.game).team_wins
    if unit.phase != "auto":
        wins = 0.0
        for g in range(unit.start, unit.start + unit.games):
            params, seats = request(spec, g)
            knob = knob_for(unit.game, params, seats)
            label = knob.settings[0 if unit.phase == "easiest" else -1].label
            params, seats = knob.apply(params, seats, label)
            # the same deals for every player, apart from the auto games' deals
            record = play(unit.game, params, seats, seed, (gi, 1 if unit.phase == "easiest" else 2, g))
            wins += arena.win_credit(record, [seat_of(g)], team)
        return {"index": unit.index, "wins": wins, "games": unit.games}
    past: list[dict] = []
    rows = []
    for g in range(auto_games):
        params, seats = request(spec, g)
        params, seats, choice = resolve_auto(unit.game, params, seats, past, target)
        record = play(unit.game, params, seats, seed, (gi, 3, g))
        won = arena.win_credit(record, [seat_of(g)], team)
        past.append(
            {
                "game": unit.game,
                "params": record["params"],
                "seats": record["seats"],
                "seat": seat_of(g),
                "won": won,
                "finished": g,
                "auto": choice.to_json(),
            }
        )
        rows.append(
            {
                "label": choice.label,
                "predicted": choice.predicted,
                "won": won,
                "out": choice.out_of_range,
                "lines": choice.lines() if g in (0, BURN_IN, auto_games - 1) else None,
            }
        )
    return {"index": unit.index, "rows": rows}


def last_shown(game: str, spec: str, target: float, rows: list[dict]) -> list[str]:
    """What the last game showed the player, worked out again from the games before it with
    this version's wording (and checked to choose the same setting as the run did: the choice
    follows from the past alone)."""
    _title, request, seat_of, _players = GAMES[game]
    past = []
    for g, row in enumerate(rows[:-1]):
        params, seats = request(spec, g)
        knob = knob_for(game, params, seats)
        params, seats = knob.apply(params, seats, row["label"])
        past.append(
            {
                "game": game,
                "params": params,
                "seats": seats,
                "seat": seat_of(g),
                "won": row["won"],
                "finished": g,
                "auto": {"knob": knob.name, "label": row["label"], "predicted": row["predicted"]},
            }
        )
    params, seats = request(spec, len(rows) - 1)
    _, _, choice = resolve_auto(game, params, seats, past, target)
    if choice.label != rows[-1]["label"]:
        raise RuntimeError(f"{game} {spec}: the last game chose {rows[-1]['label']}, again {choice.label}")
    return choice.lines()


def settle(rates: list[float], target: float) -> int | None:
    """The first game (1-based, counting every game) from which the running rate after the
    burn-in stays within 0.1 of the target to the end; None if it never does."""
    first = None
    for i, r in enumerate(rates):
        if abs(r - target) > 0.1:
            first = None
        elif first is None:
            first = i
    return None if first is None else BURN_IN + first + 1


def svg(path: Path, traces: dict) -> None:
    """Two panels per game: each player's setting (index on the knob, easiest at the
    bottom) and running win rate after the burn-in, game by game."""
    colours = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"]
    width, panel_h, left, top = 980, 170, 60, 30
    height = top + len(traces) * (2 * panel_h + 70)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        'font-family="sans-serif" font-size="11">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
    ]
    y0 = top
    for title, n_settings, labels, players in traces.values():
        n = max(len(p["rows"]) for p in players)
        plot_w = width - left - 260

        def px(i, plot_w=plot_w, n=n):
            return left + plot_w * i / max(n - 1, 1)

        for panel in ("setting", "rate"):
            out.append(
                f'<text x="{left}" y="{y0 - 6}" font-weight="bold">{_esc(title)}: {HEADS[panel]}</text>'
            )
            out.append(
                f'<rect x="{left}" y="{y0}" width="{plot_w}" height="{panel_h}" fill="none" stroke="#999"/>'
            )
            if panel == "setting":

                def py(v, y0=y0, n_settings=n_settings):
                    return y0 + panel_h - 8 - (panel_h - 16) * v / max(n_settings - 1, 1)

                for k, lab in enumerate(labels):
                    out.append(
                        f'<text x="{left - 4}" y="{py(k) + 4}" text-anchor="end" '
                        f'font-size="9">{_esc(lab)}</text>'
                    )
            else:

                def py(v, y0=y0):
                    return y0 + panel_h - panel_h * v

                for v in (0, 0.25, 0.5, 0.75, 1.0):
                    out.append(f'<text x="{left - 4}" y="{py(v) + 4}" text-anchor="end">{v:.2f}</text>')
                    out.append(
                        f'<line x1="{left}" x2="{left + plot_w}" y1="{py(v)}" y2="{py(v)}" stroke="#eee"/>'
                    )
            for c, p in enumerate(players):
                colour = colours[c % len(colours)]
                if panel == "setting":
                    pts = [
                        (px(i), py(r["index"] + (c - len(players) / 2) * 0.04))
                        for i, r in enumerate(p["rows"])
                    ]
                else:
                    pts = [(px(BURN_IN + i), py(v)) for i, v in enumerate(p["running"])]
                    out.append(
                        f'<line x1="{left}" x2="{left + plot_w}" '
                        f'y1="{py(p["target"])}" y2="{py(p["target"])}" '
                        f'stroke="{colour}" stroke-dasharray="4,3" stroke-width="0.8"/>'
                    )
                d = " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)
                out.append(f'<polyline points="{d}" fill="none" stroke="{colour}" stroke-width="1.2"/>')
                if panel == "setting":
                    out.append(
                        f'<text x="{left + plot_w + 10}" y="{y0 + 14 + 14 * c}" fill="{colour}">'
                        f"{_esc(p['name'])} (target {p['target']:.2f})</text>"
                    )
            for i in range(0, n, 40):
                out.append(
                    f'<text x="{px(i)}" y="{y0 + panel_h + 12}" text-anchor="middle" '
                    f'font-size="9">{i + 1}</text>'
                )
            y0 += panel_h + 30
        y0 += 10
    out.append("</svg>")
    path.write_text("\n".join(out) + "\n", encoding="utf-8")
    print(f"wrote {path}")


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def main() -> None:
    p = parser(__doc__.splitlines()[0], games=240, seed=4848)
    p.add_argument(
        "--fixed-games", type=int, default=200, help="games at the easiest and at the hardest setting"
    )
    p.add_argument("--chunk", type=int, default=50, help="fixed-setting games per work unit")
    p.add_argument("--only", default=",".join(GAMES), help="games to run (comma-separated)")
    p.add_argument(
        "--work", type=Path, default=Path("/tmp/adapt-work"), help="folder for the resumable game log"
    )
    args = p.parse_args()
    only = args.only.split(",")
    command = "python experiments/adaptive.py " + " ".join(sys.argv[1:])
    units = []
    for game in only:
        for pi, _ in enumerate(GAMES[game][3]):
            units.append(Unit(len(units), game, pi, "auto", 0, args.games))
            for phase in ("easiest", "hardest"):
                for start in range(0, args.fixed_games, args.chunk):
                    units.append(
                        Unit(len(units), game, pi, phase, start, min(args.chunk, args.fixed_games - start))
                    )
    # the long sequential runs first, so that the two workers finish together
    order = sorted(units, key=lambda u: (u.phase != "auto", u.game != "tabletop_inc"))
    args.work.mkdir(parents=True, exist_ok=True)
    log = args.work / f"adaptive-{args.seed}-{args.games}-{args.fixed_games}-{'-'.join(only)}.jsonl"
    with Timer() as timer:
        results = resumable(log, order, run_unit, args.seed, args.games, jobs=args.jobs)
    by_index = {u.index: r for u, r in zip(order, results, strict=True)}

    summary, trace_rows, traces, notes_players = [], [], {}, []
    for game in only:
        title, request, seat_of, players = GAMES[game]
        params, seats = request("random", 0)
        knob = knob_for(game, params, seats)
        labels = [s.label for s in knob.settings]
        plotted = []
        for pi, (spec, target) in enumerate(players):
            mine = [u for u in units if u.game == game and u.player == pi]
            fixed = {ph: [by_index[u.index] for u in mine if u.phase == ph] for ph in ("easiest", "hardest")}
            easy = sum(r["wins"] for r in fixed["easiest"]) / sum(r["games"] for r in fixed["easiest"])
            hard = sum(r["wins"] for r in fixed["hardest"]) / sum(r["games"] for r in fixed["hardest"])
            rows = next(by_index[u.index]["rows"] for u in mine if u.phase == "auto")
            counted = rows[BURN_IN:]
            wins = sum(r["won"] for r in counted)
            running, w = [], 0.0
            for i, r in enumerate(counted):
                w += r["won"]
                running.append(w / (i + 1))
            realised = wins / len(counted)
            in_range = hard <= target <= easy
            summary.append([game, spec, target, len(counted), wins, realised, easy, hard, in_range])
            for i, r in enumerate(rows):
                trace_rows.append(
                    [
                        game,
                        spec,
                        target,
                        i + 1,
                        r["label"],
                        labels.index(r["label"]),
                        round(r["predicted"], 4),
                        r["won"],
                        round(running[i - BURN_IN], 4) if i >= BURN_IN else "",
                    ]
                )
            plotted.append(
                {
                    "name": spec,
                    "target": target,
                    "running": running,
                    "rows": [{"index": labels.index(r["label"])} for r in rows],
                }
            )
            lo, hi = wilson_interval(wins, len(counted))
            told = settle(running, target)
            notes_players.append(
                {
                    "cells": [
                        game,
                        spec,
                        f"{target:.2f}",
                        f"{realised:.3f} ({lo:.3f}-{hi:.3f})",
                        f"{easy:.3f}",
                        f"{hard:.3f}",
                        "yes" if in_range else "no",
                        "never" if told is None else str(told),
                        f"{sum(r['out'] for r in counted)} of {len(counted)}",
                        _share(counted, labels),
                    ],
                    "head": f"- {game}, `{spec}`, target {target:.2f}:",
                    "last": last_shown(game, spec, target, rows),
                }
            )
        traces[game] = (title, len(labels), labels, plotted)

    args.out.mkdir(parents=True, exist_ok=True)
    with open(args.out / "adaptive_games.csv", "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(
            [
                "game",
                "player",
                "target",
                "game_number",
                "setting",
                "setting_index",
                "predicted",
                "won",
                "running_after_burn_in",
            ]
        )
        writer.writerows(trace_rows)
    svg(args.out / "adaptive.svg", traces)

    judged = [row for row in summary if row[7] <= row[2] <= row[6]]
    errors = [abs(row[5] - row[2]) for row in judged]
    notes = [
        f"`games` and `wins` count the games after the first {BURN_IN} (the burn-in); "
        "`realised` is wins/games. "
        f"`easiest` and `hardest` are the player's win rates at the knob's easiest and hardest settings, "
        f"{args.fixed_games} games each at that fixed setting (not auto); `in_range` is "
        f"`hardest <= target <= easiest`.",
        "",
        f"In-range players: {len(judged)}; largest |realised - target| {max(errors):.3f}, "
        f"mean {sum(errors) / len(errors):.3f} "
        f"(goal: each at most 0.1, mean at most 0.05)."
        if errors
        else "No player was in range.",
        "",
        "Each game's setting is `resolve_auto(game, request, seats, past, target)` with `past` the player's "
        "earlier games of the run, newest last: the player's ability is refitted before every game. "
        "The auto games' deals are the same for every player of a game (seeded by game number), and so are "
        "the fixed-setting games' deals.",
        "",
        "The games' settings and running rates, game by game: [adaptive.svg](adaptive.svg) "
        "(matplotlib is not installed here, so the plot is SVG drawn by the script); every game: "
        "[adaptive_games.csv](adaptive_games.csv).",
        "",
        "## How fast it settles, and what each player was told",
        "",
        "| game | player | target | realised (95% Wilson) | easiest | hardest | in range | settled by game "
        "| counted games told out of range | share of counted games per setting |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for player in notes_players:
        notes.append("| " + " | ".join(player["cells"]) + " |")
    notes += [
        "",
        "`settled by game`: the first game (counting from 1) from which the running rate after the burn-in "
        "stays within 0.1 of the target to the end.",
        "",
        "What the last game showed each player before it began (`Choice.lines()`):",
        "",
    ]
    for player in notes_players:
        notes += [player["head"], ""] + ["      " + line for line in player["last"]] + [""]
    notes.append(f"Command: `{command}`.")
    write_table(
        args.out,
        "adaptive",
        ["game", "player", "target", "games", "wins", "realised", "easiest", "hardest", "in_range"],
        summary,
        "Difficulty that adapts (auto): simulated players",
        command,
        timer.seconds,
        notes,
    )


def _share(rows: list[dict], labels: list[str]) -> str:
    counts = {}
    for r in rows:
        counts[r["label"]] = counts.get(r["label"], 0) + 1
    return ", ".join(f"{lab} {counts[lab] / len(rows):.2f}" for lab in labels if lab in counts)


if __name__ == "__main__":
    main()
