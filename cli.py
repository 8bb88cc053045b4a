"""The `automa` command: games, play, tournament, replay, bench."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import NoReturn

import click

from automa.rules.core import AutomaError, game_class, load_game, parse_param_value, registered_games

DB_HELP = "The database file (default: $XDG_STATE_HOME/automa/automa.db)."


def _fail(message: str) -> NoReturn:
    raise click.ClickException(message)


def _params_option(values: tuple[str, ...]) -> dict:
    out = {}
    for item in values:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            _fail(f"--param takes NAME=VALUE (lists as 3,3,2); got {item!r}")
        out[key.strip().replace("-", "_")] = parse_param_value(value.strip())
    return out


def _jobs(_ctx, _param, value: int) -> int:
    if value == 0 or value < -1:
        raise click.BadParameter(f"{value} workers: give 1 or more, or -1 for every core")
    return value


def _new_file(_ctx, _param, value: str | None) -> str | None:
    """An output file whose folder exists (checked before anything runs or is written)."""
    if value is not None:
        folder = Path(value).expanduser().resolve().parent
        if not folder.is_dir():
            raise click.BadParameter(f"the folder {folder} does not exist")
    return value


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
    from automa.search.bots import available_bots

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


@contextlib.contextmanager
def games_bar(enabled: bool) -> Iterator[Callable[[int, int], None] | None]:
    """The tournament's games-done bar on stderr (click's: count, rate and time left) as the
    `progress(done, total)` callback `arena.run` takes, so the search writes nothing to the
    terminal itself; None when the bar is not shown."""
    if not enabled:
        yield None
        return
    bars: list = []

    def step(done: int, total: int) -> None:
        if not bars:
            bars.append(
                click.progressbar(length=total, label="games", file=sys.stderr, show_eta=True, show_pos=True)
            )
            bars[0].__enter__()
        bars[0].update(done - bars[0].pos)

    try:
        yield step
    finally:
        if bars:
            bars[0].__exit__(None, None, None)


@main.command()
@click.argument("game")
@click.option(
    "--bots",
    required=True,
    help="Comma-separated bot specs, one per seat of the line-up "
    "(cycled to fill the table), e.g. random,greedy,mcts:iterations=50",
)
@click.option("--games", "n_games", type=click.IntRange(1), default=10, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True, help="Root seed of the whole tournament.")
@click.option(
    "--out",
    type=click.Path(dir_okay=False),
    default=None,
    callback=_new_file,
    help="JSONL file, one line per game.",
)
@click.option("--players", type=int, default=None)
@click.option("--mode", default=None)
@click.option("--param", "-p", "param", multiple=True, help="Game parameter NAME=VALUE, e.g. times_mix=3,3,2")
@click.option(
    "--jobs", type=int, default=1, show_default=True, callback=_jobs, help="Parallel workers (-1: all cores)."
)
@click.option("--backend", type=click.Choice(["loky", "dask", "ray"]), default="loky", show_default=True)
@click.option("--scheduler", default=None, help="Dask scheduler address (with --backend dask).")
@click.option("--resume", is_flag=True, help="Skip the games already in --out and play the rest.")
@click.option("--overwrite", is_flag=True, help="Replace an existing --out file.")
@click.option(
    "--rotation", type=click.Choice(["rotate", "permute", "fixed"]), default="rotate", show_default=True
)
@click.option(
    "--no-duplicate",
    is_flag=True,
    help="A new deal for every game (default: every seating of a match replays one deal).",
)
@click.option(
    "--move-seconds",
    type=click.FloatRange(0),
    default=0.0,
    help="Forfeit a bot whose move takes longer (0: no limit).",
)
@click.option(
    "--sprt", default=None, metavar="ELO0,ELO1", help="Stop early once Wald's test decides (two bots)."
)
@click.option("--report", is_flag=True, help="Also write the report as CSV beside --out.")
@click.option(
    "--position",
    "position_file",
    type=click.Path(dir_okay=False),
    default=None,
    help="Start every game from this position (automa position); its randomness is reseeded per game.",
)
@click.option(
    "--progress/--no-progress", default=None, help="Progress bar (default: when stderr is a terminal)."
)
def tournament(
    game,
    bots,
    n_games,
    seed,
    out,
    players,
    mode,
    param,
    jobs,
    backend,
    scheduler,
    resume,
    overwrite,
    rotation,
    no_duplicate,
    move_seconds,
    sprt,
    report,
    progress,
    position_file=None,
) -> None:
    """Run bots against each other and report win rates, scores and ratings."""
    from automa.search import arena
    from automa.search.bots import BotSpecError, make_bot
    from automa.search.stats import SPRT

    cls = _game_or_fail(game)
    specs = [s.strip() for s in bots.split(",") if s.strip()]
    # bot specs may contain commas inside parameters: 'mcts:iterations=50,c=1' — rejoin them
    specs = _rejoin_specs(specs)
    tasks: list = []
    start, extra = "", _params_option(param)
    if position_file:  # the position holds the parameters
        at, start = _position_game(position_file, game, players, mode, param)
        players, extra = at.num_players, at.params.to_json()
    try:
        params = arena.resolve_params(cls.name, players, mode, specs, extra)
        tasks = arena.schedule(
            cls.name, params, specs, n_games, seed, rotation, not no_duplicate, move_seconds, start
        )
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
            if not elo0 < elo1:
                _fail(
                    f"--sprt ELO0,ELO1: the second hypothesis must be the larger Elo difference "
                    f"(such as 0,50); got {sprt!r}"
                )
            sprt_test = SPRT(elo0, elo1)
        show = sys.stderr.isatty() if progress is None else progress
        with games_bar(show) as bar:
            result = arena.run(
                tasks,
                out,
                jobs=jobs,
                resume=resume,
                overwrite=overwrite,
                backend=backend,
                scheduler=scheduler,
                progress=bar,
                sprt=sprt_test,
            )
    except (AutomaError, BotSpecError) as err:
        _fail(str(err))
    except KeyboardInterrupt:
        if out:
            kept = sum(1 for _ in open(out, encoding="utf-8")) if os.path.exists(out) else 0
            _fail(
                f"stopped: {kept} of {len(tasks) or n_games} games are kept in {out}; the same command with "
                "--resume plays the rest"
            )
        _fail("stopped; no game was kept (give --out FILE to keep games and finish them later with --resume)")
    errors = [r for r in result.records if r.get("status") == "error"]
    if errors and len(errors) == len(result.records):
        _fail(
            f"every game ended in an error, e.g.: {errors[0].get('error')}"
            + (f" (the tracebacks are in {out})" if out else "")
        )
    summary = arena.summarize(result.records)
    click.echo(arena.format_report(summary))
    if errors:
        click.secho(
            f"\n{len(errors)} of {len(result.records)} games ended in an error and are not "
            f"counted, e.g.: {errors[0].get('error')}" + (f" (tracebacks in {out})" if out else ""),
            fg="red",
            err=True,
        )
    click.echo(
        f"\n{result.played} games played, {result.skipped} already done, "
        f"{result.seconds:.1f}s" + (f"; results in {out}" if out else "")
    )
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


# --------------------------------------------------------------------------- tune


@main.command()
@click.argument("game")
@click.option(
    "--knob",
    required=True,
    help="a game's own knob (times_mix in Pulitzer solo, mumanbot in Tabletop Inc.), "
    "or level or budget (any game)",
)
@click.option(
    "--target",
    type=click.FloatRange(0, 1, min_open=True, max_open=True),
    default=0.5,
    show_default=True,
    help="Win rate of the reference player to aim for.",
)
@click.option("--player", required=True, help="The reference player's bot spec, e.g. pulitzer-heuristic")
@click.option("--games-per-setting", type=click.IntRange(1), default=40, show_default=True)
@click.option(
    "--max-games", type=click.IntRange(1), default=None, help="Stop once this many games are played in all."
)
@click.option(
    "--precision",
    type=click.FloatRange(0, 0.5),
    default=0.0,
    help="Stop a setting once its 95% Wilson half-width is below this.",
)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option(
    "--jobs", type=int, default=1, show_default=True, callback=_jobs, help="Parallel workers (-1: all cores)."
)
@click.option("--mode", default=None)
@click.option("--players", type=int, default=None)
@click.option(
    "--opponent",
    default=None,
    help="Bot family for the level/budget knobs: ismcts or mcts (default: the game's own levels, "
    "level:L, and ismcts for the budget ladder).",
)
def tune(
    game, knob, target, player, games_per_setting, max_games, precision, seed, jobs, mode, players, opponent
) -> None:
    """Find the knob setting at which the reference player wins at the target rate."""
    from automa.search.bots import BotSpecError
    from automa.search.tune import format_tune, tune as run_tune

    cls = _game_or_fail(game)

    def progress(res) -> None:
        low, high = res.interval
        click.echo(
            f"  {res.setting.label:<24} {res.games:>4} games  win rate {res.rate:.3f} "
            f"[{low:.3f}, {high:.3f}]",
            err=True,
        )

    try:
        result = run_tune(
            cls.name,
            knob,
            target,
            player,
            games_per_setting,
            max_games,
            seed,
            jobs,
            mode,
            players,
            precision,
            opponent,
            on_result=progress,
        )
    except (AutomaError, BotSpecError) as err:
        _fail(str(err))
    click.echo(format_tune(result))


# --------------------------------------------------------------------------- design


@main.command()
@click.argument("game")
@click.option("--seat", type=int, required=True, help="The seat the automaton deck plays.")
@click.option(
    "--target",
    type=click.FloatRange(0, 1, min_open=True, max_open=True),
    default=0.5,
    show_default=True,
    help="The deck's win rate to aim for against --against.",
)
@click.option("--against", default="level:normal", show_default=True, help="Bot spec of the other seats.")
@click.option("--games", type=click.IntRange(1), default=20, show_default=True, help="Games per measurement.")
@click.option(
    "--knob-games",
    type=click.IntRange(1),
    default=None,
    help="Games per setting of the knob's scale, swept for the designed deck (default: --games).",
)
@click.option(
    "--mark-games",
    type=click.IntRange(1),
    default=None,
    help="Fresh games confirming each setting printed for 0.3/0.5/0.7 (default: --knob-games; "
    "at 150, rates of 0.3, 0.5 and 0.7 have disjoint 95% intervals).",
)
@click.option("--budget", type=click.IntRange(1), default=12, show_default=True, help="Decks to try.")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option(
    "--out",
    type=click.Path(file_okay=False),
    default="design",
    show_default=True,
    help="Folder for the deck, its table, its printables and the games (resumable).",
)
@click.option(
    "--jobs", type=int, default=1, show_default=True, callback=_jobs, help="Parallel workers (-1: all cores)."
)
@click.option(
    "--levels",
    default="easy,normal,hard,expert",
    show_default=True,
    help="Levels to measure the designed deck against (comma-separated; '' for none).",
)
@click.option("--start", default=None, help="A deck file to start the search from.")
@click.option(
    "--backend",
    type=click.Choice(["loky", "dask", "ray"]),
    default="loky",
    show_default=True,
    help="Where the games run, as for `automa tournament`.",
)
@click.option("--scheduler", default=None, help="Dask scheduler address (with --backend dask).")
def design(
    game,
    seat,
    target,
    against,
    games,
    knob_games,
    mark_games,
    budget,
    seed,
    out,
    jobs,
    levels,
    start,
    backend,
    scheduler,
) -> None:
    """Design an automaton deck for a seat, tuned to a target win rate, with printables."""
    from automa.decks import load_deck
    from automa.search.bots import BotSpecError, make_bot
    from automa.search.design import design as run_design

    cls = _game_or_fail(game)
    try:
        probe = load_game(cls.name)
        if not 0 <= seat < probe.num_players:
            _fail(f"--seat must be a seat 0-{probe.num_players - 1} of {cls.name}, got {seat}")
        make_bot(against, probe, 0)
        first = load_deck(start, probe) if start else None
        if first is not None and first.seat != seat:
            _fail(f"--start {start} is a deck for seat {first.seat}, not seat {seat}")
        result = run_design(
            cls.name,
            seat,
            target,
            against,
            games,
            budget,
            seed,
            out,
            jobs,
            [lv for lv in levels.split(",") if lv.strip()],
            first,
            say=lambda text: click.echo(text, err=True),
            knob_games=knob_games,
            backend=backend,
            scheduler=scheduler,
            mark_games=mark_games,
        )
    except (AutomaError, BotSpecError) as err:
        _fail(str(err))
    cards, rules = result.deck.complexity()
    click.echo(
        f"deck: {result.files['deck']} ({cards} cards, {rules} rules); win rate against {against} "
        f"{result.measure.text()}"
    )
    for role, path in result.files.items():
        if role != "deck":
            click.echo(f"{role}: {path}")


# --------------------------------------------------------------------------- replay


@main.command()
@click.argument("file")
@click.option("--verify", is_flag=True, help="Replay every record and check scores, ranks and winners.")
@click.option(
    "--export",
    "export",
    type=click.Path(dir_okay=False),
    default=None,
    help="With a game ID: write its record to this JSONL file.",
)
@click.option("--db", type=click.Path(dir_okay=False), default=None, help=DB_HELP)
def replay(file, verify, export, db) -> None:
    """Show the games of a JSONL record FILE, or a game kept in the database by the ID
    `automa stats --games` lists; with --verify, replay and check each."""
    from automa.search.records import Line, RecordError, read_lines, verify as verify_record

    problems = 0
    count = 0
    unfinished = 0
    if os.path.isdir(file):
        _fail(f"{file} is a folder: give a record file (.jsonl) or a game ID")
    if os.path.exists(file):
        if export:
            _fail("--export takes a game ID from the database, not a file")
        try:
            lines = list(read_lines(file))
        except RecordError as err:
            _fail(str(err))
    else:
        lines = [Line(1, _stored_record(file, db, export))]
    if not lines:
        _fail(f"{file} holds no game record")
    for line in lines:
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
        if status == "in_progress":
            click.echo(
                f"{label}: game in progress, {len(rec['actions'])} "
                f"action{'s' if len(rec['actions']) != 1 else ''} played (resume with "
                f"automa play {rec['game']} --load FILE)" + ("  [not verified: unfinished]" if verify else "")
            )
            unfinished += 1
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
        click.echo(
            f"{label}: {len(rec['actions'])} actions, winner {who} - {rec.get('reason', '')}"
            + ("  [verified]" if verify else "")
        )
    if problems:
        raise click.ClickException(f"{problems} of {count} records failed" if count else "no valid records")
    if verify:
        click.echo(
            f"all {count - unfinished} records replay exactly"
            + (
                f"; {unfinished} game{'s' if unfinished != 1 else ''} in progress skipped"
                if unfinished
                else ""
            )
        )


def _stored_record(game_id: str, db, export) -> dict:
    """The record of a finished game kept in the database (and written to `export`)."""
    from automa.players import export_record
    from automa.search import records

    store = _open_store(db)
    stored = store.load(game_id) if len(game_id) <= 64 else None
    if stored is None:
        _fail(
            f"{game_id} is neither a record file nor a game in {store.path} (automa stats --games lists them)"
        )
    try:
        rec = export_record(stored)
    except AutomaError as err:
        _fail(str(err))
    if export:
        try:
            records.write_records(export, [rec])
        except OSError as err:
            _fail(f"cannot write {export}: {err.strerror or err}")
        click.echo(f"wrote the record of game {game_id} to {export}")
    return rec


# --------------------------------------------------------------------------- stats


@main.command()
@click.argument("game", required=False)
@click.option("--player", default=None, help="Whose record (default: your login name).")
@click.option("--games", "list_games", is_flag=True, help="List the games, with the IDs replay takes.")
@click.option(
    "--limit", type=click.IntRange(1), default=50, show_default=True, help="With --games: how many."
)
@click.option("--json", "as_json", is_flag=True, help="The table as JSON.")
@click.option("--db", type=click.Path(dir_okay=False), default=None, help=DB_HELP)
def stats(game, player, list_games, limit, as_json, db) -> None:
    """A player's record: wins and games per game and setting, with Wilson 95% intervals,
    and how their scores move."""
    from automa.players import games_lines, player_summary, stats_lines
    from automa.store import StoreError, default_player, player_name

    try:
        who = player_name(player) if player is not None else default_player()
    except ValueError as err:
        _fail(f"--player: {err}")
    if game:
        game = _game_or_fail(game).name
    store = _open_store(db)
    width = min(100, shutil.get_terminal_size((80, 24)).columns)
    try:
        if list_games:
            heads = store.games(player=who, game=game, limit=limit)
            for line in games_lines(heads, who, width):
                click.echo(line)
            return
        if as_json:
            click.echo(json.dumps(player_summary(store, who, game), indent=1))
            return
        rows = store.finished_games(who, game)
    except StoreError as err:
        _fail(str(err))
    for line in stats_lines(who, rows, game, width):
        click.echo(line)
    if not rows:
        others = [p for p in store.players() if p != who]
        if others:
            click.echo("players with games: " + ", ".join(others[:10]) + " (automa stats --player NAME)")


# --------------------------------------------------------------------------- bench


@main.command()
@click.argument("game")
@click.option("--players", type=int, default=None)
@click.option("--mode", default=None)
@click.option("--param", "-p", "param", multiple=True)
@click.option(
    "--seconds",
    type=click.FloatRange(0, min_open=True),
    default=2.0,
    show_default=True,
    help="Time per measurement.",
)
@click.option("--seed", type=int, default=0)
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
@click.option(
    "--vs-openspiel",
    "vs_openspiel",
    is_flag=True,
    help="Compare with OpenSpiel's Python MCTS/ISMCTS bots on the wrapped game "
    "(needs the [openspiel] extra).",
)
@click.option(
    "--bot",
    "bot_spec",
    default=None,
    help="Instead: time per move of this bot (e.g. level:expert) playing every seat of --games games.",
)
@click.option(
    "--games", type=click.IntRange(1), default=3, show_default=True, help="With --bot: games to play."
)
@click.option(
    "--position",
    "position_file",
    type=click.Path(dir_okay=False),
    default=None,
    help="Start every game from this position (automa position), and search there.",
)
def bench(
    game, players, mode, param, seconds, seed, as_json, vs_openspiel, bot_spec, games, position_file=None
) -> None:
    """Random-playout speed, clone() cost, and MCTS iterations/s and efficiency; with --bot,
    a bot's time per move."""
    from automa import native
    from automa.search.bench import bench as run_bench, format_bench

    cls = _game_or_fail(game)
    kwargs = _params_option(param)
    if players is not None:
        kwargs["players"] = players
    if mode:
        kwargs["mode"] = mode
    start = ""
    try:
        if position_file:
            from automa.rules.position import read_position

            instance, start = _position_game(position_file, game, players, mode, param)
            if vs_openspiel:
                _fail("--vs-openspiel starts from the set-up: give no --position with it")
            if read_position(start, instance).is_terminal():
                _fail(f"the position {position_file} is a finished game: nothing to time")
        else:
            instance = load_game(cls.name, **kwargs)
    except AutomaError as err:
        _fail(str(err))
    if vs_openspiel:
        try:
            import automa.rules.interop.openspiel  # noqa: F401  (needs pyspiel)
            from automa.rules.interop.bench import bench_game, format_row
        except ImportError as err:
            _fail(f"--vs-openspiel needs the openspiel extra (pip install 'automa[openspiel]'): {err}")
        row = bench_game(cls.name, instance.params.to_json(), seconds=seconds, seed=seed)
        click.echo(json.dumps(row.__dict__) if as_json else format_row(row))
        return
    if bot_spec:
        from automa.search.bench import format_move_times, move_times
        from automa.search.bots import make_bot

        try:
            make_bot(bot_spec, instance, 0)
        except AutomaError as err:
            _fail(str(err))
        timed = move_times(instance, bot_spec, games=games, seed=seed, position=start)
        click.echo(json.dumps(timed.as_dict()) if as_json else format_move_times(timed))
        return
    result = run_bench(instance, seconds=seconds, seed=seed, position=start)
    if as_json:
        click.echo(json.dumps({**result.as_dict(), "engines": native.engines_label()}))
    else:
        click.echo(f"{format_bench(result)}\nengines: {native.engines_label()} (automa native status)")


# --------------------------------------------------------------------------- play


@main.command()
@click.argument("game", required=False)
@click.option("--players", type=int, default=None)
@click.option("--mode", default=None)
@click.option("--param", "-p", "param", multiple=True, help="Game parameter NAME=VALUE")
@click.option(
    "--seat",
    "seat_specs",
    multiple=True,
    help="One per seat in order: 'human' or a bot spec (default: you in seat 0, bots elsewhere).",
)
@click.option("--seed", type=int, default=None, help="Game seed (default: random).")
@click.option("--bot-seed", type=int, default=0, show_default=True)
@click.option(
    "--load",
    "load",
    type=click.Path(dir_okay=False),
    default=None,
    help="Resume a game saved with the 'save FILE' command.",
)
@click.option(
    "--move-seconds",
    type=click.FloatRange(0),
    default=1.9,
    show_default=True,
    help="Safety stop on a search bot's thinking time per move (0: none); a bot whose "
    "iteration budget fits is not affected, so its moves repeat from the seed.",
)
@click.option(
    "--record-dir",
    type=click.Path(file_okay=False),
    default=None,
    help="Folder for the finished game's record and for saves without a file name "
    "(default: ~/.local/state/automa/games).",
)
@click.option("--web", is_flag=True, help="Play in the browser instead: serve this game and open it.")
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=8765,
    show_default=True,
    help="With --web: the port (0: any free port).",
)
@click.option(
    "--player",
    "player_names",
    multiple=True,
    help="Who plays: one name per human seat, in order (default: your login name for the first).",
)
@click.option(
    "--resume",
    "resume",
    is_flag=False,
    flag_value="?",
    default=None,
    help="Resume a game kept in the database: --resume ID, or --resume alone to list them.",
)
@click.option("--db", type=click.Path(dir_okay=False), default=None, help=DB_HELP)
@click.option(
    "--position",
    "position_file",
    type=click.Path(dir_okay=False),
    default=None,
    help="Start from a position file (automa position); the play after it follows --seed.",
)
@click.option(
    "--target",
    type=click.FloatRange(0.01, 0.99),
    default=0.5,
    show_default=True,
    help="With a difficulty set to auto (-p times_mix=auto, mumanbot:auto, level:auto, "
    "automaton:DECK,knob=auto): the win rate to aim at.",
)
def play(
    game,
    players,
    mode,
    param,
    seat_specs,
    seed,
    bot_seed,
    load,
    move_seconds,
    record_dir,
    web,
    port,
    player_names,
    resume,
    db,
    position_file,
    target,
) -> None:
    """Play a game at the terminal: humans choose from numbered actions (type help).
    Every game is kept in the database as it is played (resume: --resume).
    With --web, the same game in the browser.

    GAME may be left out with --resume or --load."""
    from automa.play import Session, run
    from automa.search.bots import BotSpecError

    if resume is not None:
        _resume_terminal(resume, db, move_seconds, record_dir)
        return
    position = ""
    if position_file:
        if load:
            _fail("--position starts a new game; --load resumes a saved one: give one of them")
        at, position = _position_game(position_file, game, players, mode, param)
        game, param = at.name, ()
        params_given = at.params.to_json()
    if not game and not load:
        _fail("give a GAME to play (automa games lists them), or --resume, or --load FILE")
    if not load:
        _game_or_fail(game)
    params_given = params_given if position else _params_option(param)
    try:
        if web:
            from automa.web.game import WebGame
            from automa.web.server import serve as run_server

            kw = {"out": lambda _line: None, "move_seconds": move_seconds}
            session = (
                Session.load(load, game, **kw)
                if load
                else Session.new(
                    game,
                    players,
                    mode,
                    params_given,
                    list(seat_specs),
                    seed,
                    bot_seed,
                    start_position=position,
                    **kw,
                )  # fmt: skip
            )
            session.claim(player_names)
            run_server(port=port, first=WebGame(session), open_browser=True, echo=click.echo, db=db)
            return
        store = _open_store(db)
        code = run(
            game,
            players,
            mode,
            params_given,
            list(seat_specs),
            seed,
            bot_seed,
            load,
            move_seconds=move_seconds,
            record_dir=record_dir,
            store=store,
            player_names=player_names,
            db=db,
            position=position,
            target=target,
        )
    except (AutomaError, BotSpecError) as err:
        _fail(str(err))
    except OSError as err:
        _fail(f"cannot serve the game on port {port}: {err.strerror or err}")
    sys.exit(code)


def _open_store(db):
    """The database the commands share, or one line and exit 1 when it cannot be used."""
    from automa.players import open_store
    from automa.store import StoreError

    try:
        return open_store(db)
    except StoreError as err:
        _fail(str(err))


def _resume_terminal(resume: str, db, move_seconds: float, record_dir) -> None:
    """`automa play --resume [ID]`: list the terminal games in progress, or carry one on."""
    from automa.play import run
    from automa.players import games_lines
    from automa.search.bots import BotSpecError
    from automa.store import StoreError

    store = _open_store(db)
    try:
        if resume == "?":
            waiting = store.games(status="in_progress", source="terminal")
            if not waiting:
                _fail("no terminal game is in progress (automa stats --games lists the finished ones)")
            if len(waiting) > 1:
                click.echo("games in progress, the latest played first:")
                for line in games_lines(waiting, None):
                    click.echo("  " + line)
                _fail("resume one with: automa play --resume ID")
            resume = waiting[0]["id"]
        stored = store.load(resume) if len(resume) <= 64 else None
        if stored is None:
            _fail(f"no game {resume!r} in {store.path} (automa play --resume lists the games in progress)")
        if stored["status"] != "in_progress":
            _fail(f"game {resume} is over: see it with automa replay {resume}")
        if stored["source"] != "terminal":
            _fail(f"game {resume} is a browser game: open its seat link (automa serve serves it again)")
        code = run(None, None, None, {}, [], None, 0, move_seconds=move_seconds, record_dir=record_dir,
                   store=store, resume=stored, db=db)  # fmt: skip
    except (AutomaError, BotSpecError, StoreError) as err:
        _fail(str(err))
    sys.exit(code)


# --------------------------------------------------------------------------- companion


@main.command()
@click.argument("game")
@click.option(
    "--state",
    "state_file",
    type=click.Path(dir_okay=False),
    default=None,
    help="State file, written after every step and resumed if it exists "
    "(default: one per game and table size in ~/.local/state/automa/companion).",
)
@click.option("--fresh", is_flag=True, help="Start a new companion even if one is in progress.")
@click.option("--seed", type=int, default=None, help="Seed for the shuffles and rolls (new state only).")
@click.option("--times-mix", default=None, help="pulitzer: Times deck red,orange,yellow, e.g. 3,3,2")
@click.option("--mumanbot", default=None, help="tabletop_inc: difficulty easy|normal|hard|extreme")
@click.option("--players", type=int, default=None, help="tabletop_inc: seats (2-6); salem: players (4-12)")
def companion(game, state_file, fresh, seed, times_mix, mumanbot, players) -> None:
    """The automaton deck or moderator for a game played with the physical box."""
    from automa.companion import run

    try:
        code = run(game, state_file, seed, times_mix, mumanbot, players, fresh=fresh)
    except AutomaError as err:
        _fail(str(err))
    sys.exit(code)


# --------------------------------------------------------------------------- serve


@main.command()
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address to listen on; give your machine's address (or 0.0.0.0) to play from a "
    "phone or tablet on the local network.",
)
@click.option(
    "--port", type=click.IntRange(0, 65535), default=8765, show_default=True, help="Port (0: any free port)."
)
@click.option("--token", default=None, help="Access token the links carry (default: a new random one).")
@click.option("--open/--no-open", "open_browser", default=False, help="Open the lobby in a browser.")
@click.option(
    "--db",
    type=click.Path(dir_okay=False),
    default=None,
    help="The database that keeps every game across restarts (default: $XDG_STATE_HOME/automa/automa.db).",
)
def serve(host, port, token, open_browser, db) -> None:
    """Play in the browser: a lobby for every game, the board drawn, actions by clicking.

    Every request needs the access token printed at start, and each browser sees only its
    own seat.  Games are kept in the database as they are played, so a restarted server
    serves them again through the same links."""
    try:
        from automa.store import StoreError
        from automa.web.server import serve as run_server
    except ImportError as err:
        _fail(f"the web app needs starlette and uvicorn ({err.name} is missing): pip install -e .")
    try:
        run_server(host, port, token, open_browser=open_browser, echo=click.echo, db=db)
    except StoreError as err:
        _fail(str(err))
    except OSError as err:
        _fail(f"cannot listen on {host}:{port}: {err.strerror or err}")


# --------------------------------------------------------------------------- native


@main.group()
def native() -> None:
    """The optional compiled engines: the same rules built with mypyc, same games, faster search.

    Needs mypy's compiler and a C compiler: pip install -e '.[native]'.  A build is used only
    while every source it was made from is unchanged; AUTOMA_PURE=1 turns it off."""


@native.command("build")
@click.option(
    "--jobs", type=click.IntRange(1, 64), default=2, show_default=True, help="C compiler processes."
)
def native_build(jobs) -> None:
    """Compile the engine modules (a few minutes)."""
    from automa import native as engines

    try:
        built = engines.build(echo=click.echo, jobs=jobs)
    except engines.NativeError as err:
        _fail(str(err))
    click.echo(f"built {len(built)} modules into {engines.FOLDER}; new processes use them")


@native.command("status")
def native_status() -> None:
    """Whether a build is present, fresh and in use."""
    from automa import native as engines

    for line in engines.status():
        click.echo(line)


@native.command("clean")
def native_clean() -> None:
    """Remove the build (the pure-Python engines run again)."""
    from automa import native as engines

    click.echo(f"removed {engines.FOLDER}" if engines.clean() else "there was no build")


# --------------------------------------------------------------------------- positions


def _read_position_file(path: str) -> str:
    """The text of a position file; a one-line error if it cannot be read."""
    try:
        return Path(path).expanduser().read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        _fail(f"cannot read the position {path}: {getattr(err, 'strerror', None) or err}")
    raise AssertionError  # _fail raised


def _position_game(path: str, game: str | None = None, players=None, mode=None, param=()):
    """(the game a position file is in, its text), checked against GAME and refusing
    parameters given beside it (the position holds them)."""
    from automa.rules.position import PositionError, game_of, parse_text

    text = _read_position_file(path)
    try:
        instance = game_of(parse_text(text))
    except PositionError as err:
        _fail(str(err))
    if game is not None and _game_or_fail(game) is not type(instance):
        _fail(f"the position {path} is a {instance.name} position, not {game}")
    if players is not None or mode or param:
        _fail("--position holds the game's parameters: give no --players, --mode or --param with it")
    return instance, text


@main.command()
@click.argument("game", required=False)
@click.option(
    "--seed", type=int, default=0, show_default=True, help="Seed of the set-up and of the random moves."
)
@click.option(
    "--moves", type=click.IntRange(0), default=0, show_default=True, help="Random moves to play first."
)
@click.option("--players", type=int, default=None)
@click.option("--mode", default=None)
@click.option("--param", "-p", "param", multiple=True, help="Game parameter NAME=VALUE")
@click.option(
    "--check",
    "check_file",
    type=click.Path(dir_okay=False),
    default=None,
    help="Instead: say whether the position in this file is valid (exit status 1 if not).",
)
def position(game, seed, moves, players, mode, param, check_file) -> None:
    """Print the position (docs/positions.md) after --moves random moves of a game from
    --seed; or, with --check FILE, check a position file.  A position holds everything,
    hidden cards included: share one only when the game is over."""
    import random

    from automa.rules.position import PositionError, read_position, summary

    if check_file:
        if game is not None or moves or players is not None or mode or param:
            _fail("--check FILE takes no game, --moves or parameters (the file holds them)")
        text = _read_position_file(check_file)
        try:
            state = read_position(text)
        except PositionError as err:
            _fail(str(err))
        click.echo(f"valid: {summary(state)}")
        return
    if game is None:
        _fail("give a GAME (automa position pulitzer --moves 40), or --check FILE")
    cls = _game_or_fail(game)
    kwargs = _params_option(param)
    if players is not None:
        kwargs["players"] = players
    if mode:
        kwargs["mode"] = mode
    try:
        instance = load_game(cls.name, **kwargs)
        state = instance.new_initial_state(seed)
        rng = random.Random(seed)
        played = 0
        while played < moves and not state.is_terminal():
            state.apply_action(state.random_action(rng))
            played += 1
        text = state.to_position(seed=seed)
    except AutomaError as err:
        _fail(str(err))
    if played < moves:
        click.echo(f"the game ended after {played} moves", err=True)
    click.echo(text, nl=False)


if __name__ == "__main__":
    main()
