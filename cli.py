"""The `automa` command: games, play, tournament, replay, bench."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from rules.core import AutomaError, ParamError, game_class, load_game, registered_games


def _fail(message: str) -> None:
    raise click.ClickException(message)


def _parse_param_value(text: str):
    parts = [p.strip() for p in text.split(",")]
    values = []
    for part in parts:
        try:
            values.append(int(part))
        except ValueError:
            try:
                values.append(float(part))
            except ValueError:
                values.append({"true": True, "false": False}.get(part.lower(), part))
    return tuple(values) if len(parts) > 1 or text.endswith(",") else values[0]


def _params_option(values: tuple[str, ...]) -> dict:
    out = {}
    for item in values:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            _fail(f"--param takes NAME=VALUE (lists as 3,3,2); got {item!r}")
        out[key.strip().replace("-", "_")] = _parse_param_value(value.strip())
    return out


def _game_or_fail(name: str):
    try:
        return game_class(name)
    except AutomaError as err:
        _fail(str(err))


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="automa", prog_name="automa")
def main() -> None:
    """Play published board games against their printed automata and search bots."""


# --------------------------------------------------------------------------- games

@main.command()
def games() -> None:
    """List every game with its player counts, modes, parameters and bots."""
    from search.bots import available_bots
    rows = []
    for name, cls in registered_games().items():
        modes = "; ".join(f"{mode} ({_counts(counts)})" for mode, counts in cls.modes.items())
        rows.append((name, cls.title, modes, cls))
    if not rows:
        click.echo("no games registered")
        return
    for name, title, modes, cls in rows:
        click.echo(click.style(f"{name}", bold=True) + f"  {title}")
        click.echo(f"  players/modes: {modes}")
        helps = cls.param_help()
        for field, text in helps.items():
            click.echo(f"  --param {field}=...  {text}")
        game = load_game(name)
        click.echo(f"  bots: {', '.join(available_bots(game))}")


def _counts(counts) -> str:
    counts = sorted(counts)
    if len(counts) > 1 and counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}-{counts[-1]} players"
    return "/".join(map(str, counts)) + (" player" if counts == [1] else " players")


# --------------------------------------------------------------------------- tournament

@main.command()
@click.argument("game")
@click.option("--bots", required=True, help="Comma-separated bot specs, one per seat of the line-up "
              "(cycled to fill the table), e.g. random,greedy,mcts:iterations=50")
@click.option("--games", "n_games", type=click.IntRange(1), default=10, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True, help="Root seed of the whole tournament.")
@click.option("--out", type=click.Path(dir_okay=False), default=None, help="JSONL file, one line per game.")
@click.option("--players", type=int, default=None)
@click.option("--mode", default=None)
@click.option("--param", "-p", "param", multiple=True, help="Game parameter NAME=VALUE, e.g. times_mix=3,3,2")
@click.option("--jobs", type=int, default=1, show_default=True, help="Parallel workers (-1: all cores).")
@click.option("--backend", type=click.Choice(["loky", "dask", "ray"]), default="loky", show_default=True)
@click.option("--scheduler", default=None, help="Dask scheduler address (with --backend dask).")
@click.option("--resume", is_flag=True, help="Skip the games already in --out and play the rest.")
@click.option("--overwrite", is_flag=True, help="Replace an existing --out file.")
@click.option("--rotation", type=click.Choice(["rotate", "permute", "fixed"]), default="rotate", show_default=True)
@click.option("--no-duplicate", is_flag=True, help="A new deal for every game (default: every seating of a match replays one deal).")
@click.option("--move-seconds", type=float, default=0.0, help="Forfeit a bot whose move takes longer.")
@click.option("--sprt", default=None, metavar="ELO0,ELO1", help="Stop early once Wald's test decides (two bots).")
@click.option("--report", is_flag=True, help="Also write the report as CSV beside --out.")
@click.option("--progress/--no-progress", default=None, help="Progress bar (default: when stderr is a terminal).")
def tournament(game, bots, n_games, seed, out, players, mode, param, jobs, backend, scheduler, resume,
               overwrite, rotation, no_duplicate, move_seconds, sprt, report, progress) -> None:
    """Run bots against each other and report win rates, scores and ratings."""
    from search import arena
    from search.bots import BotSpecError, make_bot
    from search.stats import SPRT
    cls = _game_or_fail(game)
    specs = [s.strip() for s in bots.split(",") if s.strip()]
    # bot specs may contain commas inside parameters: 'mcts:iterations=50,c=1' — rejoin them
    specs = _rejoin_specs(specs)
    try:
        params = arena.resolve_params(cls.name, players, mode, specs, _params_option(param))
        tasks = arena.schedule(cls.name, params, specs, n_games, seed, rotation, not no_duplicate,
                               move_seconds)
        probe = load_game(cls.name, **params).with_automaton_seats(tasks[0].seats)
        for s, spec in enumerate(tasks[0].seats):
            if s not in probe.automaton_seats():
                make_bot(spec, probe, 0)
        sprt_test = None
        if sprt:
            try:
                elo0, elo1 = (float(x) for x in sprt.split(","))
            except ValueError:
                _fail(f"--sprt takes ELO0,ELO1 such as 0,50; got {sprt!r}")
            sprt_test = SPRT(elo0, elo1)
        show = sys.stderr.isatty() if progress is None else progress
        result = arena.run(tasks, out, jobs=jobs, resume=resume, overwrite=overwrite,
                           backend=backend, scheduler=scheduler, progress=show, sprt=sprt_test)
    except (AutomaError, BotSpecError) as err:
        _fail(str(err))
    summary = arena.summarize(result.records)
    click.echo(arena.format_report(summary))
    click.echo(f"\n{result.played} games played, {result.skipped} already done, "
               f"{result.seconds:.1f}s" + (f"; results in {out}" if out else ""))
    if result.stopped_early:
        click.echo(result.stopped_early)
    if report and out:
        csv_path = Path(out).with_suffix(".csv")
        arena.write_report_csv(summary, csv_path)
        click.echo(f"report written to {csv_path}")


def _rejoin_specs(parts: list[str]) -> list[str]:
    """'mcts:iterations=50', 'c=1' -> 'mcts:iterations=50,c=1' (a part with '=' and no ':'
    continues the previous spec)."""
    out: list[str] = []
    for part in parts:
        if out and "=" in part and ":" not in part:
            out[-1] += "," + part
        else:
            out.append(part)
    return out


# --------------------------------------------------------------------------- replay

@main.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--verify", is_flag=True, help="Replay every record and check scores, ranks and winners.")
def replay(file, verify) -> None:
    """Show the games of a JSONL record file; with --verify, replay and check each."""
    from search.records import RecordError, read_lines, verify as verify_record
    problems = 0
    count = 0
    for line in read_lines(file):
        if line.record is None:
            click.echo(f"line {line.number}: {line.error}", err=True)
            problems += 1
            continue
        rec = line.record
        count += 1
        status = rec.get("status", "ok")
        label = f"line {line.number}: {rec['game']} seed {rec['seed']} seats {', '.join(rec['seats'])}"
        if status == "error":
            click.echo(f"{label}: error row ({rec.get('error')})")
            continue
        if verify:
            try:
                verify_record(rec)
            except (RecordError, AutomaError, KeyError) as err:
                click.echo(f"{label}: MISMATCH: {err}", err=True)
                problems += 1
                continue
        winners = rec.get("winners", [])
        who = ", ".join(f"seat {w} ({rec['seats'][w]})" for w in winners) or "no seat"
        click.echo(f"{label}: {len(rec['actions'])} actions, winner {who} - {rec.get('reason', '')}"
                   + ("  [verified]" if verify else ""))
    if problems:
        raise click.ClickException(f"{problems} of {count} records failed" if count else "no valid records")
    if verify:
        click.echo(f"all {count} records replay exactly")


# --------------------------------------------------------------------------- bench

@main.command()
@click.argument("game")
@click.option("--players", type=int, default=None)
@click.option("--mode", default=None)
@click.option("--param", "-p", "param", multiple=True)
@click.option("--seconds", type=float, default=2.0, show_default=True, help="Time per measurement.")
@click.option("--seed", type=int, default=0)
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
def bench(game, players, mode, param, seconds, seed, as_json) -> None:
    """Random-playout speed, clone() cost, and MCTS iterations/s and efficiency."""
    from search.bench import bench as run_bench, format_bench
    cls = _game_or_fail(game)
    kwargs = _params_option(param)
    if players is not None:
        kwargs["players"] = players
    if mode:
        kwargs["mode"] = mode
    try:
        instance = load_game(cls.name, **kwargs)
    except AutomaError as err:
        _fail(str(err))
    result = run_bench(instance, seconds=seconds, seed=seed)
    click.echo(json.dumps(result.as_dict()) if as_json else format_bench(result))


# --------------------------------------------------------------------------- play

@main.command()
@click.argument("game")
@click.option("--players", type=int, default=None)
@click.option("--mode", default=None)
@click.option("--param", "-p", "param", multiple=True, help="Game parameter NAME=VALUE")
@click.option("--seat", "seat_specs", multiple=True,
              help="One per seat in order: 'human' or a bot spec (default: you in seat 0, bots elsewhere).")
@click.option("--seed", type=int, default=None, help="Game seed (default: random).")
@click.option("--bot-seed", type=int, default=0, show_default=True)
def play(game, players, mode, param, seat_specs, seed, bot_seed) -> None:
    """Play a game at the terminal: humans choose from numbered actions."""
    cls = _game_or_fail(game)
    run_play(cls, players, mode, _params_option(param), list(seat_specs), seed, bot_seed)


DEFAULT_OPPONENT = "ismcts:iterations=400"


def run_play(cls, players, mode, params, seat_specs, seed, bot_seed) -> None:
    import random as _random
    from search.bots import BotSpecError, make_bot
    try:
        kwargs = dict(params)
        if players is not None:
            kwargs["players"] = players
        if mode:
            kwargs["mode"] = mode
        if seat_specs and players is None and "players" not in kwargs and not mode:
            counts = cls.player_counts()
            if len(seat_specs) in counts:
                kwargs["players"] = len(seat_specs)
        base = load_game(cls.name, **kwargs)
        n = base.num_players
        if seat_specs and len(seat_specs) != n:
            _fail(f"{len(seat_specs)} --seat options for {n} seats: give one per seat "
                  f"('human' or a bot spec), or none")
        specs = list(seat_specs) or ["human"] + [DEFAULT_OPPONENT] * (n - 1)
        game = base.with_automaton_seats(specs)
        automata = set(game.automaton_seats())
        bots = {s: make_bot(spec, game, bot_seed + s) for s, spec in enumerate(specs)
                if spec != "human" and s not in automata}
    except (AutomaError, BotSpecError) as err:
        _fail(str(err))
    if seed is None:
        seed = _random.SystemRandom().randrange(10**9)
    state = game.new_initial_state(seed)
    humans = [s for s, spec in enumerate(specs) if spec == "human"]
    click.echo(f"{game.title or game.name}: seed {seed}, seats: "
               + ", ".join(f"{s}={spec}" for s, spec in enumerate(specs)))
    seen_events = 0
    while not state.is_terminal():
        events = state.history_text()
        for line in events[seen_events:]:
            click.echo(f"  > {line}")
        seen_events = len(events)
        seat = state.current_player()
        if seat in bots:
            action = bots[seat].act(state, seat)
            click.echo(f"seat {seat} ({specs[seat]}): {state.action_to_string(action)}")
            state.apply_action(action)
            continue
        action = _ask_human(state, seat, len(humans) > 1)
        if action is None:
            click.echo("game abandoned")
            raise SystemExit(1)
        state.apply_action(action)
    for line in state.history_text()[seen_events:]:
        click.echo(f"  > {line}")
    _show_final(state, specs)


def _ask_human(state, seat, several_humans):
    legal = state.legal_actions()
    click.echo("")
    click.echo(click.style(f"--- seat {seat}, your decision ---", bold=True))
    click.echo(state.render(seat))
    for i, action in enumerate(legal, 1):
        click.echo(f"  {i:>3}. {state.action_to_string(action)}")
    while True:
        try:
            text = click.prompt(f"choose 1-{len(legal)} (q to quit)", default="", show_default=False)
        except (click.Abort, EOFError):
            click.echo("")
            return None
        text = text.strip().lower()
        if text in ("q", "quit", "exit"):
            return None
        if text.isdigit() and 1 <= int(text) <= len(legal):
            return legal[int(text) - 1]
        matches = [a for a in legal if state.action_to_string(a).lower().startswith(text)] if text else []
        if len(matches) == 1:
            return matches[0]
        click.echo(f"not an action here: type a number from 1 to {len(legal)}, the start of an "
                   f"action's text, or q")


def _show_final(state, specs) -> None:
    outcome = state.outcome()
    click.echo("")
    click.echo(click.style("=== final scores ===", bold=True))
    for s, score in enumerate(state.scores()):
        mark = " (winner)" if s in outcome.winners else ""
        click.echo(f"  seat {s} {specs[s]}: {', '.join(str(x) for x in score)}  rank {outcome.ranks[s]}{mark}")
    click.echo(outcome.reason)


if __name__ == "__main__":
    main()
