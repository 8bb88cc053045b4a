"""The terminal loop around a `Session`: the prompts and commands (hint, undo, save, rules,
board, actions, help, quit), fitting the board and the list to the screen, leaving and
saving, and `run`, the `automa play` command.

On a terminal, a decision whose list would not fit the screen is taken in two steps, a group
first (the game view's `action_group`), and a board and list that do not fit together are
shown one after the other.  Leaving by Ctrl-D or quit offers to save; a finished game is
written as a record that `automa replay --verify` replays (`games_dir`).
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import sys
import textwrap
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from automa.play.menus import Decision, Entry
from automa.play.rulestext import player_text, rule_headings, rule_section, section_for
from automa.play.session import HINT_SECONDS, MOVE_SECONDS, Session, hint_lines
from automa.rules.core import AutomaError, IllegalActionError
from automa.rules.presentation import final_report, plural
from automa.store import state_dir

COMMANDS = {
    "hint": f"the expert's three best moves here, each played out for {HINT_SECONDS:g} seconds: "
    "estimated win rates with their 95% intervals, and how sure that makes it",
    "hint SECONDS": "the same, thinking for SECONDS (e.g. hint 15)",
    "undo": "take back your last decision (games with one human); the bots answer as before",
    "save [FILE]": "save the game to FILE, or to the games folder (resume: automa play GAME --load FILE)",
    "rules": "the rulebook's section for the current decision",
    "rules --spec": "the same section as the specification writes it: its tags, notes and code",
    "board": "show the position again",
    "actions": "list the actions again (Enter does too, when they did not fit under the board)",
    "back": "from a group's choices back to the first list (also b)",
    "help": "this list",
    "quit": "leave the game (offers to save)",
}


class EndOfInput(Exception):
    """Standard input closed: leave the game cleanly."""


class QuitGame(Exception):
    """The player chose to leave."""


def use_colour(stream=None) -> bool:
    stream = stream or sys.stdout
    if os.environ.get("NO_COLOR"):
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


#: home, erase the screen, erase the scrollback (xterm's ESC [3J, honoured by tmux, the VTE
#: terminals, iTerm2 and Windows Terminal): what one player saw must not be a scroll away
#: from the next
CLEAR_SCREEN = "\033[H\033[2J\033[3J"
_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


def screen_rows(lines: Sequence[str], width: int) -> int:
    """How many rows `lines` take on a terminal `width` columns wide (long lines wrap)."""
    total = 0
    for line in lines:
        for part in str(line).split("\n"):
            total += max(1, -(-len(_ANSI.sub("", part)) // max(1, width)))
    return total


_MARKER = re.compile(r"^(\s*)(\d+\.\s+(?:\[[^\]]*\]\s+)?|[-*>»]\s+)?")


def fit_line(line: str, width: int) -> list[str]:
    """One printed line as the rows of a screen `width` columns wide, broken between words:
    a continuation lines up under the text of a numbered action or a list item, else four
    columns in.  A word longer than the screen (a file's path) stays whole, to be copied.
    A styled line that needs breaking loses its colour (rare, and legible)."""
    plain = _ANSI.sub("", line)
    if len(plain) <= width:
        return [line]
    lead, marker = _MARKER.match(plain).groups()
    indent = " " * (len(lead) + len(marker or "") if marker else len(lead) + 4)
    if len(indent) > width // 2:
        indent = "    "
    return textwrap.wrap(
        plain, width, subsequent_indent=indent, break_on_hyphens=False, break_long_words=False
    ) or [""]


def rule_rows(line: str, width: int) -> list[str]:
    """A rulebook line broken to the screen: a list item's continuation under its text, a
    paragraph's flush left, as a printed rulebook sets them."""
    marker = _MARKER.match(line)
    if marker and marker.group(2):
        return fit_line(line, width)
    return textwrap.wrap(line, width, break_on_hyphens=False, break_long_words=False) or [""]


def in_columns(cells: Sequence[str], width: int, least: int = 9) -> list[str]:
    """Cells laid out down the columns, as many columns as fit in `width`; fewer than
    `least` cells stay in one column."""
    if not cells:
        return []
    lengths = [len(_ANSI.sub("", c)) for c in cells]
    cell_width = max(lengths) + 2
    ncols = max(1, width // cell_width) if len(cells) >= least else 1
    rows = -(-len(cells) // ncols)
    ncols = -(-len(cells) // rows)
    out = []
    for r in range(rows):
        line = ""
        for c in range(ncols):
            k = c * rows + r
            if k < len(cells):
                pad = " " * (cell_width - lengths[k]) if c < ncols - 1 and k + rows < len(cells) else ""
                line += cells[k] + pad
        out.append(line.rstrip())
    return out


def terminal_size() -> tuple[int, int]:
    size = shutil.get_terminal_size((80, 24))
    return size.columns, size.lines


def games_dir(record_dir: str | Path | None = None) -> Path:
    """Where finished games' records and saves without a name go: `record_dir`, else
    state_dir()/games."""
    if record_dir:
        return Path(record_dir).expanduser()
    return state_dir() / "games"


class Terminal:
    """The prompts and commands around a Session.

    `screen` gives the terminal's (columns, rows) when the output is a terminal, None when
    it is not (a pipe, a test).  On a terminal a decision whose list does not fit is taken
    in two steps (a group, then its actions), and a board and list that do not fit together
    are shown one after the other (Enter lists the actions)."""

    def __init__(
        self,
        session: Session,
        screen: Callable[[], tuple[int, int]] | None = None,
        record_dir: str | Path | None = None,
    ):
        self.s = session
        self.screen = screen
        self.record_dir = record_dir
        # everything the table prints fits the screen's width, broken between words
        raw = session.out
        session.out = lambda text="": self._fitted(raw, text)
        self.saved_to: str | None = None
        self.record_path: str | None = None
        self.last_obs: dict[int, Any] = {}
        self._default_save: str | None = None
        #: the player chose to leave without keeping the game (it is taken out of the database)
        self.abandon = False
        #: the --db the game is kept in, when it is not the default one (said in messages)
        self.db: str | None = None

    def _fitted(self, raw: Callable[[str], None], text: str) -> None:
        if not text or text.startswith("\033[H") or text.strip("\n") == "":
            raw(text)
            return
        width = self.size()[0] - 1
        rows: list[str] = []
        for line in str(text).split("\n"):
            rows.extend(fit_line(line, width))
        raw("\n".join(rows))

    def db_option(self) -> str:
        return f" --db {shlex.quote(self.db)}" if self.db else ""

    def ask(self, prompt: str) -> str:
        try:
            answer = self.s.input_fn(prompt)
        except EOFError:
            raise EndOfInput() from None
        if self.s.input_fn is input and not _is_terminal(sys.stdin):
            self.s.out("")  # piped keys are not echoed: end the prompt's line
        return answer

    def size(self) -> tuple[int, int | None]:
        """(columns, rows) to fit into; rows None when there is no screen to fit."""
        if self.screen is None:
            return shutil.get_terminal_size((80, 24)).columns, None
        columns, rows = self.screen()
        return max(20, columns), max(8, rows)

    def run(self) -> int:
        """0 when the game ended or was saved; 1 when it was abandoned unsaved."""
        s = self.s
        s.echo(f"{s.game.title or s.game.name} — seed {s.seed}", bold=True)
        s.echo("seats: " + ", ".join(s.seat_name(i) for i in range(len(s.seats))))
        for note in s.notes:
            s.echo(note, fg="yellow")
        s.echo("type help for commands")
        for line in s.history:
            s.echo(f"  > {line}", fg="magenta")
        try:
            self._loop()
        except QuitGame:
            if s.store is not None and not self.abandon:
                s.echo(f"game kept: resume it with automa play --resume {s.game_id}{self.db_option()}")
                return 0
            if self.abandon:
                s.echo("game abandoned (forgotten)")
                return 1
            if self.saved_to:
                s.echo(
                    f"game left; resume with: automa play {s.game.name} --load {shlex.quote(self.saved_to)}"
                )
                return 0
            s.echo("game abandoned (not saved)")
            return 1
        self.final_screen()
        self.save_record()
        return 0

    def _loop(self) -> None:
        s = self.s
        on_screen: int | None = None
        while not s.state.is_terminal():
            try:
                seat = s.state.current_player()
                if not s.seats[seat].human:
                    if s.seats[seat].bot is None:
                        raise AutomaError(f"seat {seat} ({s.seats[seat].spec}) has no bot")
                    s.bot_move(seat)
                    s.show_news()
                    continue
                s.show_news(flush=True)
                if len(s.humans) > 1 and on_screen != seat:
                    self.hand_over(seat)
                on_screen = seat
                self.human_turn(seat)
            except KeyboardInterrupt:
                s.echo("")
                self.offer_save("interrupted")
            except EndOfInput:
                s.echo("")
                self.offer_save("end of input (Ctrl-D)")
        s.show_news(flush=True)

    def clear_screen(self) -> None:
        """Wipe the screen and its scrollback on a terminal; elsewhere push it up."""
        self.s.out(CLEAR_SCREEN if self.screen is not None else "\n" * 40)

    def hand_over(self, seat: int) -> None:
        s = self.s
        self.clear_screen()
        s.echo(
            f"=== hand over to seat {seat}: press Enter when only seat {seat} looks at the screen ===",
            bold=True,
        )
        self.ask("")
        s.out("\n" * 3)

    def position_lines(self, seat: int) -> list[str]:
        """What changed since the seat last looked, the decision's heading and the board."""
        from automa.views import board_changes, render_view

        s = self.s
        obs = s.state.observation(seat)
        lines = [
            s.style(f"  > {line}", fg="magenta")
            for line in board_changes(s.state, seat, self.last_obs.get(seat), obs)
        ]
        self.last_obs[seat] = obs
        lines.append("")
        lines.append(s.style(f"--- {s.seat_name(seat)}, your decision ---", bold=True, fg="green"))
        lines.extend(render_view(s.state, seat, s.style).split("\n"))
        return lines

    def show_position(self, seat: int) -> None:
        for line in self.position_lines(seat):
            self.s.out(line)

    def menu_lines(self, menu: Sequence[Entry], heading: str | None, width: int, lead: str = "") -> list[str]:
        """Numbered lines with the alias in [ ], in columns when they are many and short."""
        s = self.s
        tag_width = max(len(e.alias) for e in menu) + 2 if menu else 0
        cells = []
        for i, entry in enumerate(menu, 1):
            tag = f"[{entry.alias}]"
            cells.append(f"{i:>3}. {s.style(tag, fg='yellow')}{' ' * (tag_width - len(tag))} {entry.label}")
        lines = in_columns(cells, width)
        if heading:
            lead = f", {lead} ..." if lead else ""
            lines.insert(
                0, s.style(f"{heading}{lead} — {len(menu)} choices (b: back to the first list):", bold=True)
            )
        return lines

    def listing(
        self, decision: Decision, menu: Sequence[Entry], heading: str | None, width: int
    ) -> list[str]:
        return self.menu_lines(menu, heading, width, decision.group_lead(heading) if heading else "")

    def two_step(self, decision: Decision, width: int, rows: int | None) -> bool:
        """Whether the decision is taken a group first: when its flat list would not fit on
        the screen and grouping shortens it."""
        if rows is None or not decision.headings:
            return False
        flat = screen_rows(self.menu_lines(decision.flat_menu(), None, width), width)
        return flat + 4 > rows and len(decision.top_menu()) < len(decision.texts)

    def human_turn(self, seat: int) -> None:
        s = self.s
        legal, decision = s.decision()
        width, rows = self.size()
        steps = self.two_step(decision, width, rows)
        heading: str | None = None
        menu = decision.top_menu() if steps else decision.flat_menu()
        board = self.position_lines(seat)
        listing = self.listing(decision, menu, heading, width)
        for line in board:
            s.out(line)
        # a list that does not fit under the board waits for Enter, unless it is short: then
        # only the top of the board scrolls up (and `board` shows it again)
        menu_rows = screen_rows(listing, width)
        pending = (
            rows is not None and screen_rows(board + listing, width) + 2 > rows and menu_rows > rows // 3
        )
        if pending:
            self.pager_line(len(legal))
        else:
            self.print_lines(listing)
        while True:
            text = self.ask(f"seat {seat} > " + (f"{heading} > " if heading else "")).strip()
            if not text:
                if pending:
                    self.print_lines(self.listing(decision, menu, heading, width))
                    pending = False
                else:
                    s.echo(f"type a number 1-{len(menu)}, an alias in [ ], the start of an action, or help")
                continue
            word, _, rest = text.partition(" ")
            cmd = word.lower()
            if cmd in ("help", "?", "h"):
                self.help()
            elif cmd in ("quit", "q", "exit"):
                self.offer_save("quit")
            elif cmd == "save":
                self.save(rest or self.default_save_path())
            elif cmd in ("rules", "rule"):
                self.rules(legal, spec=rest.strip() == "--spec")
            elif cmd == "board":
                self.show_position(seat)
                self.pager_line(len(legal))
                pending = True
            elif cmd == "actions":
                self.print_lines(self.listing(decision, menu, heading, width))
                pending = False
            elif cmd in ("back", "b") and not rest:
                if heading is None:
                    s.echo("this is the first list already")
                    continue
                heading = None
                menu = decision.top_menu()
                self.print_lines(self.listing(decision, menu, heading, width))
                pending = False
            elif cmd == "hint":
                self.hint(seat, rest)
            elif cmd == "undo":
                msg = s.undo()
                s.echo(msg, fg="yellow")
                if msg.startswith("took back"):
                    # the position goes back: no "what changed" lines against the undone one
                    me = s.state.current_player()
                    if me >= 0:
                        self.last_obs[me] = s.state.observation(me)
                    return
            else:
                kind, value = decision.match(text, menu, heading)
                if kind == "action":
                    try:
                        s.apply(legal[value], seat)
                    except IllegalActionError as err:  # cannot happen: the action is from legal
                        s.echo(str(err), fg="red")
                        continue
                    s.echo(f"  {s.seat_name(seat)}: {decision.texts[value]}", fg="green")
                    return
                if kind == "group":
                    heading = value
                    menu = decision.group_menu(heading)
                    self.print_lines(self.listing(decision, menu, heading, width))
                    pending = False
                elif kind == "unclear":
                    shown = ", ".join(f"[{decision.aliases[i]}]" for i in value[:8])
                    s.echo(
                        f"{text!r} fits {len(value)} actions: {shown}"
                        + (" ..." if len(value) > 8 else "")
                        + " — type more, or an alias",
                        fg="red",
                    )
                else:
                    s.echo(
                        f"{text!r}: not an action here: type a number 1-{len(menu)}, "
                        "an alias in [ ], the start of an action's text, or help",
                        fg="red",
                    )

    def pager_line(self, n: int) -> None:
        self.s.echo(
            f"--- {n} action{'s' if n != 1 else ''}: Enter lists them, or type your choice "
            "(help: commands) ---",
            bold=True,
        )

    def print_lines(self, lines: Sequence[str]) -> None:
        for line in lines:
            self.s.out(line)

    def help(self) -> None:
        s = self.s
        s.echo("choose an action by its number, its alias in [ ], or the start of its text;")
        s.echo("a line ending in > is a group: choosing it lists its actions (aliases work from any list);")
        s.echo("commands:")
        width = self.size()[0] - 1
        for name, text in COMMANDS.items():
            for part in textwrap.wrap(f"  {name:<13} {text}", width, subsequent_indent=" " * 16):
                s.echo(part)

    def default_save_path(self) -> str:
        """The file `save` without a name, and Enter at the leaving question, write to."""
        if self.saved_to:
            return self.saved_to
        if self._default_save is None:
            s = self.s
            stamp = time.strftime("%Y%m%d-%H%M%S")
            self._default_save = str(games_dir(self.record_dir) / f"{s.game.name}-seed{s.seed}-{stamp}.json")
        return self._default_save

    def save(self, name: str) -> bool:
        s = self.s
        name = name.strip()
        try:
            folder = games_dir(self.record_dir)
            if Path(os.path.expanduser(name)).parent == folder:
                folder.mkdir(parents=True, exist_ok=True)
            path = s.save(name)
        except OSError as err:
            s.echo(f"could not save to {name}: {err.strerror or err}", fg="red")
            return False
        self.saved_to = path
        s.echo(f"saved to {path} (resume: automa play {s.game.name} --load {shlex.quote(path)})", fg="green")
        return True

    def offer_save(self, why: str) -> None:
        """Ask whether to save before leaving; raises QuitGame to leave, returns to play on.
        Enter saves (to the last file saved, or a new one in the games folder); when the
        input is closed for good, the game is saved there rather than lost."""
        s = self.s
        if why != "quit":
            s.echo(f"{why}.", fg="yellow")
        if s.store is not None:
            self.offer_leave()
            return
        target = self.default_save_path()
        s.echo(f"Enter: save the game to {target}")
        s.echo("or FILE: save it there;  n: leave without saving;  c: back to the game")
        while True:
            try:
                answer = self.ask("save before leaving? [Enter/FILE/n/c] ").strip()
            except KeyboardInterrupt:
                s.echo("")
                raise QuitGame() from None
            except EndOfInput:
                s.echo("")
                self.save(target)
                raise QuitGame() from None
            if answer.lower() in ("c", "continue"):
                s.echo("continuing")
                return
            if answer.lower() in ("n", "no"):
                raise QuitGame()
            if self.save(answer or target):
                raise QuitGame()

    def offer_leave(self) -> None:
        """Leaving a game the database keeps: nothing is lost unless the player says to
        forget it; a copy to a file is optional."""
        s = self.s
        s.echo(f"the game is kept: automa play --resume {s.game_id}{self.db_option()} brings it back")
        s.echo("Enter: leave;  FILE: also save a copy there;  n: leave and forget the game;  c: back")
        while True:
            try:
                answer = self.ask("leave? [Enter/FILE/n/c] ").strip()
            except (KeyboardInterrupt, EndOfInput):
                s.echo("")
                raise QuitGame() from None
            if answer.lower() in ("c", "continue"):
                s.echo("continuing")
                return
            if answer.lower() in ("n", "no"):
                s.store.delete(s.game_id)
                self.abandon = True
                raise QuitGame()
            if answer.lower() in ("", "y", "yes", "q", "quit"):
                raise QuitGame()
            if self.save(answer):
                raise QuitGame()

    def save_record(self) -> None:
        """Write the finished game as a record `automa replay` reads, and say where."""
        s = self.s
        folder = games_dir(self.record_dir)
        path = folder / f"{s.game.name}-seed{s.seed}-{time.strftime('%Y%m%d-%H%M%S')}.jsonl"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            s.save(str(path))
        except OSError as err:
            s.echo(f"could not write the game's record to {path}: {err.strerror or err}", fg="red")
            return
        self.record_path = str(path)
        s.echo(f"game record: {path}")
        s.echo(f"replay it with: automa replay {shlex.quote(str(path))} --verify")
        # the last position, to share or study: written only now, as it shows every card
        final = path.with_suffix(".position.toml")
        try:
            text = s.state.to_position(s.seed)
        except Exception:  # noqa: BLE001 - a table the notation does not cover (an automaton deck's)
            return
        try:
            final.write_text(text, encoding="utf-8")
        except OSError as err:
            s.echo(f"could not write the final position to {final}: {err.strerror or err}")
            return
        s.echo(f"final position: {final}")

    def rules(self, legal: list, spec: bool = False) -> None:
        """The rulebook's sections for this decision, as a rulebook reads (`player_text`), or
        with `spec` as the specification writes them; broken to the screen's width."""
        s = self.s
        numbers = []
        for action in legal:
            n = section_for(s.game, action)
            if n and n not in numbers:
                numbers.append(n)
        width = self.size()[0] - 1
        shown = False
        for number in numbers[:2]:
            text = rule_section(s.game.name, number)
            if text:
                for line in (text if spec else player_text(text)).splitlines():
                    for part in rule_rows(line, width):
                        s.echo(part)
                s.echo("")
                shown = True
        if not shown:
            heads = rule_headings(s.game.name)
            if heads:
                s.echo("no section is mapped to this decision; the rulebook's sections are:")
                for h in heads:
                    for part in fit_line(f"  {h if spec else player_text(h)}", width):
                        s.echo(part)
            else:
                s.echo("no rule text is shipped for this game")

    def hint(self, seat: int, arg: str = "") -> None:
        """`hint` or `hint SECONDS`: searches that long, then says how sure it is."""
        s = self.s
        arg = arg.strip()
        seconds = HINT_SECONDS
        if arg:
            try:
                seconds = float(arg)
            except ValueError:
                seconds = -1.0
            if not 0.5 <= seconds <= 120:
                s.echo(
                    f"hint {arg}: give the seconds to think as a number from 0.5 to 120 "
                    "(e.g. hint 15), or just hint",
                    fg="red",
                )
                return
        s.echo(f"thinking for {seconds:g} seconds (Ctrl-C stops)...")
        try:
            rows = s.hint(seat, seconds)
        except KeyboardInterrupt:
            s.echo("hint interrupted")
            return
        width = self.size()[0] - 1
        for line in hint_lines(rows, s.last_hint):
            indent = " " * (len(line) - len(line.lstrip()) + 3)
            for part in textwrap.wrap(line, width, subsequent_indent=indent, break_on_hyphens=False) or [""]:
                s.echo(part)

    def final_screen(self) -> None:
        s = self.s
        # the end is public: the first human seat's view (seat 0 in a bots-only game)
        report = final_report(s.state, s.humans[0] if s.humans else 0)
        s.echo("")
        s.echo("=== final scores ===", bold=True)
        width = self.size()[0]
        for row in report.rows:
            mark = "  ★ winner" if row.winner else ""
            rank = f"  rank {row.rank}" if row.rank is not None else ""
            name = s.seat_name(row.seat) if row.seat is not None else row.name
            s.echo(f"  {name}: {row.total}{rank}{mark}", fg="green" if row.winner else None)
            if row.parts:
                text = ", ".join(f"{label} {value}" for label, value in row.parts)
                for part in textwrap.wrap(
                    text, width, initial_indent="    ", subsequent_indent="    ", break_on_hyphens=False
                ):
                    s.echo(part)
        if report.tiebreak:
            for part in textwrap.wrap(f"Tie-breaker: {report.tiebreak}", width, break_on_hyphens=False):
                s.echo(part)
        for paragraph in report.reason.split("\n"):  # a view's own line breaks stand
            for part in textwrap.wrap(paragraph, width, break_on_hyphens=False):
                s.echo(part)
        if s.bot_times:
            t = s.bot_times
            s.echo(f"bot moves: {len(t)}, mean {sum(t) / len(t):.2f} s, max {max(t):.2f} s")


def run(
    game: str | None,
    players: int | None,
    mode: str | None,
    params: dict,
    seat_specs: Sequence[str],
    seed: int | None,
    bot_seed: int,
    load: str | None = None,
    colour: bool | None = None,
    move_seconds: float = MOVE_SECONDS,
    record_dir: str | None = None,
    store: Any = None,
    player_names: Sequence[str] = (),
    resume: dict | None = None,
    db: str | None = None,
    position: str = "",
    target: float = 0.5,
) -> int:
    """The `automa play` command.  Raises AutomaError for bad arguments.  With a `store`
    the game is written to it after every move (a stored game, `resume`, carries on there)."""
    kw = {"colour": use_colour() if colour is None else colour, "move_seconds": move_seconds}
    if resume is not None:
        session = Session.from_stored(resume, **kw)
        session.echo(f"resumed game {resume['id']}: {plural(len(session.actions), 'action')} played")
    elif load:
        session = Session.load(load, game, **kw)
        session.echo(f"loaded {load}: {plural(len(session.actions), 'action')} played")
    else:
        past: list = []
        if store is not None and game:
            from automa.rules.core import game_class
            from automa.store import default_player, player_name

            try:
                who = player_name(player_names[0]) if player_names else default_player()
            except ValueError as err:
                raise AutomaError(f"--player: {err}") from None
            past = store.finished_games(who, game_class(game).name)
        session = Session.new(
            game, players, mode, params, seat_specs, seed, bot_seed, past=past, target=target,
            start_position=position, **kw,
        )  # fmt: skip
    if resume is None:
        session.claim(player_names)
    if store is not None:
        session.keep(store, resume["id"] if resume is not None else None)
    _restore_ctrl_c()
    screen = terminal_size if _is_terminal(sys.stdout) else None
    terminal = Terminal(session, screen=screen, record_dir=record_dir)
    terminal.db = db
    return terminal.run()


def _is_terminal(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _restore_ctrl_c() -> None:
    """A process started in the background inherits SIGINT ignored, and Python then never
    raises KeyboardInterrupt; the player's Ctrl-C must still offer to save."""
    import signal

    try:
        if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
            signal.signal(signal.SIGINT, signal.default_int_handler)
    except ValueError:  # not the main thread (e.g. under a test runner's worker)
        pass
