"""Companion mode: the library as the automaton deck (or the moderator) for a game played
with the physical box.  `automa companion GAME ...`.

Each game owns its companion, as it owns its view: `rules/<game>/companion.py` defines a
subclass of `Companion` and names it at module level (``COMPANION = ...``).  `COMPANIONS`
finds it the way `automa.rules.presentation.game_view` finds a game's `view` module, so a
game without that module has no companion and this module names no game.  A companion
class provides, beside the hooks of the loop (`intro`, `prompt`, `extra_help`, `command`):

* ``game`` — the registered name of its game (the state file records it);
* ``start_state(seed, players, mix, level)`` — a new state from the command line's options
  (``--players``, ``--times-mix``, ``--mumanbot``), ignoring the ones its game does not use;
* ``default_players`` — the table size when none is given (None: the table size does not
  matter, and the state file is one per game, not one per game and size);
* ``settings_differ(state, players, mix, level)`` — what the command line asks for that a
  saved state does not have.

The cards come from the game packages' data modules, so the companion shows the same cards
the engine plays with.  The whole companion state is a JSON file written after every step
(`--state FILE`, default one file per game and table size in ~/.local/state/automa/companion);
starting again with the same file resumes where it stopped (a companion that keeps a stack
of small steps in its state resumes even in the middle of one of them).
"""

from __future__ import annotations

import importlib
import json
import os
import random
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

import click

from automa.rules.core import AutomaError, ParamError

Ask = Callable[[str], str]


class EndOfInput(Exception):
    pass


class Stop(Exception):
    pass


def rng_from(state: dict) -> random.Random:
    """The random generator a companion state carries (its shuffles and rolls resume with it)."""
    rng = random.Random()
    v, internal, gauss = state["rng"]
    rng.setstate((v, tuple(internal), gauss))
    return rng


def rng_store(state: dict, rng: random.Random) -> None:
    """Keep `rng`'s state in the companion state (JSON: lists, not tuples)."""
    v, internal, gauss = rng.getstate()
    state["rng"] = [v, list(internal), gauss]


def clear_terminal() -> None:
    """Wipe the screen and its scrollback, so that the next player cannot scroll back to what
    the last one answered in private; nothing to wipe when the output is not a terminal."""
    import sys

    try:
        if not sys.stdout.isatty():
            return
    except (AttributeError, ValueError):
        return
    from automa.play import CLEAR_SCREEN

    click.clear()
    sys.stdout.write(CLEAR_SCREEN)
    sys.stdout.flush()


class Companion:
    """Base: a JSON state, saved after every step; `step()` runs the next scripted step."""

    game = ""
    #: the table size a companion starts with when none is given; None when the table size
    #: does not matter (then one state file per game, not one per game and table size)
    default_players: int | None = None

    # ---- the command line's side (`run`)
    @classmethod
    def start_state(cls, seed: int, players: int | None, mix: tuple | None, level: str | None) -> dict:
        """A new state from the command line's options; a game ignores those it does not use."""
        raise NotImplementedError

    @classmethod
    def state_file_name(cls, players: int | None) -> str:
        """The name of the default state file: one per game and table size."""
        size = "" if cls.default_players is None else f"-{players or cls.default_players}p"
        return f"{cls.game}{size}.json"

    @classmethod
    def settings_differ(cls, state: dict, players: int | None, mix: tuple | None, level: str | None) -> str:
        """What the command line asks for that the saved companion does not have ('' if nothing);
        a game with settings of its own adds them after the table size."""
        if players is not None and state.get("players") not in (None, players):
            return f"{state['players']} players, not {players}"
        return ""

    def __init__(
        self,
        path: Path,
        state: dict,
        ask: Ask,
        out: Callable[[str], None],
        clear: Callable[[], None] = clear_terminal,
    ):
        self.path, self.state, self.ask_fn, self.out, self.clear = path, state, ask, out, clear

    # ---- io
    def ask(self, prompt: str) -> str:
        try:
            return self.ask_fn(prompt)
        except EOFError:
            raise EndOfInput() from None

    def say(self, text: str = "") -> None:
        self.out(text)

    def log(self, text: str) -> None:
        self.say(text)
        self.state.setdefault("log", []).append(text)

    def save(self) -> None:
        tmp = self.path.with_name(self.path.name + ".tmp")
        tmp.write_text(json.dumps(self.state, ensure_ascii=False), encoding="utf-8")
        os.replace(tmp, self.path)

    @property
    def rng(self) -> random.Random:
        return rng_from(self.state)

    def use_rng(self, fn):
        rng = rng_from(self.state)
        result = fn(rng)
        rng_store(self.state, rng)
        return result

    def ask_int(self, prompt: str, low: int, high: int, allow_blank: bool = False) -> int | None:
        while True:
            text = self.ask(prompt).strip().lower()
            if not text and allow_blank:
                return None
            if text in ("quit", "q"):
                raise Stop()
            if text.isdigit() and low <= int(text) <= high:
                return int(text)
            self.say(
                f"type a whole number from {low} to {high}"
                + (" (or Enter)" if allow_blank else "")
                + ", or quit"
            )

    # ---- loop
    def finished(self) -> bool:
        return bool(self.state.get("done"))

    def run(self) -> int:
        try:
            self.intro()
            while not self.finished():
                cmd = self.ask(self.prompt()).strip()
                low = cmd.lower()
                if low in ("quit", "q", "exit"):
                    raise Stop()
                if low in ("help", "?", "h"):
                    self.help()
                elif low in ("log", "history"):
                    for line in self.state.get("log", [])[-30:]:
                        self.say("  " + line)
                elif not self.command(cmd):
                    self.say(f"{cmd!r}: not understood here; type help")
                self.save()
            self.save()
            self.say("the companion's part of the game is over; state kept in " + str(self.path))
            return 0
        except EndOfInput:
            self.save()
            self.say("")
            self.say(f"end of input: state saved to {self.path}; run the same command to resume")
            return 0
        except (Stop, KeyboardInterrupt):
            self.save()
            self.say("")
            self.say(f"stopped; state saved to {self.path}; run the same command to resume")
            return 0

    def help(self) -> None:
        self.say("Enter: next step;  log: what happened so far;  help;  quit (the state is kept)")
        for line in self.extra_help():
            self.say(line)

    # subclasses
    def intro(self) -> None: ...
    def prompt(self) -> str:
        return "companion > "

    def extra_help(self) -> list[str]:
        return []

    def command(self, cmd: str) -> bool:
        return False


# --------------------------------------------------------------------------- the registry


def companion_class(game: str) -> type[Companion] | None:
    """The companion class of the registered game named `game` (its name, not an alias), or
    None: ``COMPANION`` in the `companion` module of the package that defines the game's
    class, found the way `automa.rules.presentation.game_view` finds the game's view."""
    from automa.rules.core import UnknownGameError, game_class

    try:
        cls = game_class(game)
    except UnknownGameError:
        return None
    if cls.name != game:
        return None
    module_name = cls.__module__.rpartition(".")[0] + ".companion"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as err:
        if err.name != module_name:
            raise
        return None
    return getattr(module, "COMPANION", None)


class _Companions(Mapping[str, type[Companion]]):
    """Every game's companion class by game name, found when asked for (a game's companion
    module is imported only then, so this module imports no game)."""

    def __getitem__(self, name: str) -> type[Companion]:
        found = companion_class(name) if isinstance(name, str) else None
        if found is None:
            raise KeyError(name)
        return found

    def __iter__(self) -> Iterator[str]:
        from automa.rules.core import registered_games

        return iter([name for name in registered_games() if companion_class(name) is not None])

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __repr__(self) -> str:
        return f"COMPANIONS({dict(self)!r})"


#: game name -> companion class, for every registered game that has a companion
COMPANIONS: Mapping[str, type[Companion]] = _Companions()


def default_state_file(name: str, players: int | None) -> Path:
    """One state file per game and table size in the user's state folder, so a companion
    never resumes a game of another size and leaves nothing in the current folder."""
    from automa.play import state_dir

    return state_dir() / "companion" / COMPANIONS[name].state_file_name(players)


def run(
    game: str,
    state_file: str | None,
    seed: int | None,
    times_mix: str | None,
    mumanbot: str | None,
    players: int | None,
    ask: Ask = input,
    out: Callable[[str], None] = click.echo,
    clear: Callable[[], None] = clear_terminal,
    fresh: bool = False,
) -> int:
    """The `automa companion` command.  Raises AutomaError for bad arguments."""
    from automa.rules.core import game_class

    name = game_class(game).name
    companion_cls = COMPANIONS.get(name)
    if companion_cls is None:
        raise AutomaError(f"no companion for {name}; companions exist for {', '.join(COMPANIONS)}")
    mix = None
    if times_mix:
        try:
            mix = tuple(int(x) for x in times_mix.split(","))
        except ValueError:
            raise ParamError(f"--times-mix takes three numbers like 3,3,2; got {times_mix!r}") from None
    level = mumanbot.lower() if mumanbot else None
    path = Path(state_file).expanduser() if state_file else default_state_file(name, players)
    if state_file and not path.parent.is_dir():
        raise AutomaError(f"--state {state_file}: the folder {path.parent} does not exist")
    path.parent.mkdir(parents=True, exist_ok=True)
    if fresh and path.exists():
        path.unlink()
    if path.exists():
        try:
            state = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
            raise AutomaError(
                f"{path} is not a companion state file ({err}); --fresh starts a new companion there"
            ) from None
        if not isinstance(state, dict) or state.get("game") != name:
            raise AutomaError(
                f"{path} holds a {state.get('game') if isinstance(state, dict) else 'different'} "
                f"companion, not {name}; --fresh starts a new one there, or give --state FILE"
            )
        differ = companion_cls.settings_differ(state, players, mix, level)
        if differ:
            raise AutomaError(
                f"{path} holds a {name} companion in progress with {differ}; "
                f"--fresh starts a new one, or give --state FILE"
            )
        out(f"resuming from {path} (--fresh starts a new companion)")
    else:
        if seed is None:
            seed = random.SystemRandom().randrange(10**9)
        state = companion_cls.start_state(seed, players, mix, level)
    companion = companion_cls(path, state, ask, out, clear)
    companion.save()
    return companion.run()
