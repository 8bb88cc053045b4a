"""A game in progress, apart from its prompts: the seats (humans, bots, printed automata),
the moves and the record they make, saving and resuming, undo, the hint and its wording.
Nothing here reads the keyboard, so the terminal (`automa.play.terminal`) and the browser
(`automa.web`) drive the same `Session`.

A saved game is a record in the format of `automa.search.records` with status "in_progress"
(one JSON line), so `automa replay` lists it and `automa play --load FILE` resumes it at
the same decision with the same state (the bots' generators are saved too).
"""

from __future__ import annotations

import copy
import json
import math
import os
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click

from automa.play.menus import Decision, action_groups, new_lines
from automa.rules.core import (
    AutomaError,
    Game,
    State,
    action_to_json,
    find_action,
    load_game,
)
from automa.search import records
from automa.search.bots import Bot, BotSpecError, make_bot

#: the bot in every seat nobody named, when the preset levels are not available
FALLBACK_OPPONENT = "ismcts:iterations=300"
PRESET_OPPONENT = "level:normal"
#: `hint` thinks this long (seconds; `hint SECONDS` asks for another time)
HINT_SECONDS = 3.0
#: a suggestion played out fewer times than this is reported as a rough estimate
HINT_ROUGH_PLAYOUTS = 30
#: safety stop on a search bot's thinking time per move in `play` (seconds; 0 = none): the
#: bots search their iteration budget, and only a move that overruns is cut short
MOVE_SECONDS = 1.9


def default_opponent(game: Game) -> str:
    """The game's printed automaton at normal difficulty where it can hold a seat (the
    Mumanbot), else `level:normal` where the difficulty presets exist, else a fixed
    search budget."""
    for name in game.automaton_specs:
        spec = f"{name}:normal"
        try:
            game.with_automaton_seats(["human"] + [spec] * (game.num_players - 1))
            return spec
        except (AutomaError, ValueError, TypeError):
            pass
    try:
        make_bot(PRESET_OPPONENT, game, 0)
        return PRESET_OPPONENT
    except (AutomaError, BotSpecError, TypeError, ValueError, KeyError, OSError):
        return FALLBACK_OPPONENT


@dataclass
class Seat:
    spec: str
    bot: Bot | None = None
    automaton: bool = False

    @property
    def human(self) -> bool:
        return self.spec == "human"


@dataclass
class Session:
    game: Game
    seats: list[Seat]
    seed: int
    bot_seed: int
    state: State = None  # type: ignore[assignment]
    actions: list[tuple[Any, str, int]] = field(default_factory=list)
    history: list[str] = field(default_factory=list)
    bot_times: list[float] = field(default_factory=list)
    colour: bool = False
    input_fn: Callable[[str], str] = input
    out: Callable[[str], None] = click.echo
    move_seconds: float = MOVE_SECONDS
    _hints: int = 0
    #: action index of each human decision -> the bots' state just before it (for undo)
    _snapshots: dict = field(default_factory=dict)
    #: action index of each search-bot move -> (the actions before it, iterations it searched)
    _bot_iterations: dict = field(default_factory=dict)
    #: what the last hint did: playouts, seconds, legal actions
    last_hint: dict = field(default_factory=dict)
    #: every alias offered so far -> what it named (see `assign_aliases`); saved with the game
    alias_book: dict = field(default_factory=dict)
    #: human seat -> the player it belongs to (its results count in that player's record)
    players: dict = field(default_factory=dict)
    #: the adaptive difficulty's choice for this game (`automa.adapt.Choice.to_json`), if any
    auto: dict | None = None
    #: where the game is written as it is played (`automa.store.Store`), and under which id;
    #: None for a game nobody keeps (the web keeps its games itself, see automa.web.game)
    store: Any = None
    game_id: str = ""
    #: what the table should know before the first move (a mode chosen for the player count)
    notes: list = field(default_factory=list)
    #: a bot's move not yet told: (seat, text), see `bot_move`
    _held_move: tuple | None = None
    #: the position the game started from (docs/positions.md), "" for a seed's set-up; the
    #: randomness after it comes from the seed, as in a tournament's record
    start_position: str = ""

    def initial_state(self) -> State:
        """The game's first state: the seed's set-up, or the start position reseeded."""
        if self.start_position:
            from automa.rules.position import PositionError, start_state

            try:
                return start_state(self.game, self.start_position, self.seed)
            except PositionError as err:
                raise AutomaError(f"the start position: {err}") from None
        return self.game.new_initial_state(self.seed)

    # ---- construction
    @classmethod
    def new(
        cls,
        game_name: str,
        players: int | None,
        mode: str | None,
        params: dict,
        seat_specs: Sequence[str],
        seed: int | None,
        bot_seed: int = 0,
        past: Sequence[dict] = (),
        target: float = 0.5,
        **kw,
    ) -> Session:
        """A new game.  A difficulty knob set to `auto` (`automa.adapt`) is resolved here from
        `past`, the player's finished games of this game, toward the win rate `target`."""
        from automa.adapt import has_auto, resolve_auto
        from automa.rules.core import game_class

        gcls = game_class(game_name)
        choice = None
        asked = dict(params)
        if players is not None:
            asked["players"] = players
        if mode:
            asked["mode"] = mode
        if has_auto(gcls.name, asked, list(seat_specs)):
            asked, resolved, choice = resolve_auto(gcls.name, asked, list(seat_specs), list(past), target)
            seat_specs = resolved
            players, mode = asked.pop("players", players), asked.pop("mode", mode)
            params = asked
        kwargs = dict(params)
        if players is not None:
            kwargs["players"] = players
        if mode:
            kwargs["mode"] = mode
        if seat_specs and "players" not in kwargs and not mode:
            if len(seat_specs) in gcls.player_counts():
                kwargs["players"] = len(seat_specs)
        if not seat_specs or any(spec.strip().lower() == "human" for spec in seat_specs):
            for name, value in gcls.human_params.items():
                kwargs.setdefault(name, value)
        base = load_game(gcls.name, **kwargs)
        n = base.num_players
        specs = list(seat_specs)
        notes = []
        if players is not None and not mode and "mode" not in params:
            usual = gcls.default_mode(None)
            chosen = base.params.mode
            if chosen != usual and usual in gcls.modes:
                counts = gcls.modes[usual]
                notes.append(
                    f"{players} players: {gcls.title or gcls.name} is played in {chosen} mode "
                    f"({usual} takes {counts[0]}-{counts[-1]})"
                )
        if len(specs) > n:
            raise AutomaError(
                f"{len(specs)} --seat options for {n} seat{'s' if n != 1 else ''}: give one per seat "
                f"('human' or a bot spec), or fewer (the rest get the default opponent)"
            )
        if not specs:
            specs = ["human"]
        if len(specs) < n:
            default = default_opponent(base)
            if len(specs) > 1 or specs != ["human"]:
                which = f"seat {n - 1}" if len(specs) == n - 1 else f"seats {len(specs)}-{n - 1}"
                notes.append(f"{which}, not named: {default}")
            specs += [default] * (n - len(specs))
        if seed is None:
            seed = random.SystemRandom().randrange(10**9)
        session = cls(game=base, seats=[], seed=seed, bot_seed=bot_seed, **kw)
        session._seat(specs)
        if choice is not None:
            session.auto = choice.to_json()
            # the screen breaks lines to its own width (the terminal) or the page's
            notes = [*choice.lines()[:2], choice.why, *notes]
        session.notes = notes
        session.state = session.initial_state()
        session.history = list(session.state.history_text())
        return session

    @classmethod
    def load(cls, path: str | Path, game: str | None = None, **kw) -> Session:
        """A saved game, resumed; `game`, when given, is the game the player expects."""
        return cls.from_record(read_saved(path, game), str(path), **kw)

    @classmethod
    def from_record(cls, record: dict, source: str = "the saved game", **kw) -> Session:
        """A game resumed from a record already read and checked (`read_saved`, or the web
        server's own database); `source` names it in an error."""
        game = records.game_from_record(record)
        session = cls(game=game, seats=[], seed=record["seed"], bot_seed=record.get("bot_seed", 0), **kw)
        session._seat(record["seats"])
        session.start_position = record.get("position") or ""
        try:
            records.replay(record)  # checks every action, names the first bad one
        except records.RecordError as err:
            raise AutomaError(f"{source}: the saved game does not replay with these rules: {err}") from None
        state = session.initial_state()
        for encoded, text, seat in record["actions"]:
            action = find_action(state, encoded)
            state._apply(action)
            session.actions.append((action, text, seat))
        session.state = state
        session.history = list(record.get("seen_history", state.history_text()))
        session.alias_book = dict(record.get("aliases") or {})
        for key, value in (record.get("bot_rng") or {}).items():
            seat = session.seats[int(key)]
            if seat.bot is not None:
                seat.bot.rng.setstate(_rng_state_from_json(value))
        return session

    @classmethod
    def from_stored(cls, stored: dict, **kw) -> Session:
        """A game from the database (`automa.store.Store.load`) at the ply it was stored
        with, its players and adaptive choice included; it keeps writing to the same row
        once `store` and `game_id` are set."""
        extra = stored["extra"]
        record = {
            "game": stored["game"],
            "params": stored["params"],
            "seed": stored["seed"],
            "bot_seed": stored["bot_seed"],
            "seats": stored["seats"],
            "status": "in_progress",
            "actions": stored["actions"],
            "bot_rng": extra.get("bot_rng") or {},
            "seen_history": extra.get("seen_history") or [],
            "aliases": extra.get("aliases") or {},
            "position": extra.get("position") or "",
        }
        session = cls.from_record(record, f"stored game {stored['id']}", **kw)
        session.players = dict(stored.get("players") or {})
        session.auto = stored.get("auto")
        return session

    def _seat(self, specs: Sequence[str]) -> None:
        game = self.game.with_automaton_seats(list(specs))
        self.game = game
        automata = set(game.automaton_seats())
        self.seats = []
        for s, spec in enumerate(specs):
            spec = spec.strip()
            if spec.lower() == "human":
                self.seats.append(Seat("human"))
            elif s in automata:
                self.seats.append(Seat(spec, automaton=True))
            else:
                self.seats.append(Seat(spec, bot=make_bot(spec, game, self.bot_seed + s)))

    # ---- output
    def style(self, text: str, **kw) -> str:
        return click.style(text, **kw) if self.colour else text

    def echo(self, text: str = "", **kw) -> None:
        self.out(self.style(text, **kw) if kw else text)

    @property
    def humans(self) -> list[int]:
        return [s for s, seat in enumerate(self.seats) if seat.human]

    def seat_name(self, s: int) -> str:
        seat = self.seats[s]
        if seat.human:
            return f"seat {s} (you)" if len(self.humans) == 1 else f"seat {s} (human)"
        return f"seat {s} ({seat.spec})"

    def decision(self) -> tuple[list, Decision]:
        """The legal actions of the seat to move, and how the terminal offers them."""
        state = self.state
        legal = state.legal_actions()
        texts = [state.action_to_string(a) for a in legal]
        groups = action_groups(state, state.current_player(), legal, texts)
        return legal, Decision(texts, groups, self.alias_book)

    # ---- records
    def to_record(self) -> dict:
        g = self.game
        seats = [seat.spec for seat in self.seats]
        rec: dict[str, Any] = {
            "format": records.RECORD_FORMAT,
            "version": records.library_version(),
            "rules_hash": g.rules_hash(),
            "game": g.name,
            "params": g.params.to_json(),
            "seed": self.seed,
            "seats": seats,
            "status": "in_progress",
            "actions": [[action_to_json(a), text, seat] for a, text, seat in self.actions],
            "scores": [],
            "ranks": [],
            "winners": [],
            "reason": "saved in the middle of the game",
            "wall_time": 0.0,
            "bot_seed": self.bot_seed,
            "bot_rng": {
                str(s): _rng_state_to_json(seat.bot.rng)
                for s, seat in enumerate(self.seats)
                if seat.bot is not None
            },
            "seen_history": list(self.history),
            "aliases": dict(self.alias_book),
        }
        if self.start_position:
            rec["position"] = self.start_position
        if self.state.is_terminal():
            done = records.make_record(g, self.seed, seats, self.state, self.actions, 0.0)
            rec.update({k: done[k] for k in ("status", "scores", "ranks", "winners", "reason")})
        return rec

    def result(self) -> dict | None:
        """How the game ended, as the database keeps it; None while it goes on."""
        return game_result(self.game, self.state) if self.state.is_terminal() else None

    def head(self, keys: dict | None = None, chosen: bool = False, source: str = "terminal") -> dict:
        """The game's row in the database (`automa.store.Store.record`)."""
        result = self.result()
        return {
            "game": self.game.name,
            "params": self.game.params.to_json(),
            "seed": self.seed,
            "bot_seed": self.bot_seed,
            "seats": [seat.spec for seat in self.seats],
            "keys": dict(keys or {}),
            "chosen": chosen,
            "status": "finished" if result is not None else "in_progress",
            "source": source,
            "players": dict(self.players),
            "auto": self.auto,
            "result": result,
        }

    def claim(self, names: Sequence[str] = ()) -> None:
        """The human seats' players, in seat order: the names given, and the default
        player (the login name) for the first human seat when none is given.  A further
        human seat without a name keeps no record."""
        from automa.store import default_player, player_name

        try:
            names = [player_name(n) for n in names if n and n.strip()]
        except ValueError as err:
            raise AutomaError(f"--player: {err}") from None
        humans = self.humans
        if len(names) > len(humans):
            raise AutomaError(
                f"{len(names)} players named for {len(humans)} human seat{'s' if len(humans) != 1 else ''}"
            )
        if not names and humans:
            names = [default_player()]
        self.players = dict(zip(humans, names, strict=False))

    def keep(self, store: Any, game_id: str | None = None) -> None:
        """Write this game to `store` from now on, after every move (a new id unless given)."""
        import secrets

        self.store = store
        self.game_id = game_id or secrets.token_hex(4)
        self.persist()

    def persist(self) -> None:
        """Write the game as it stands to its store, in one transaction (after every move)."""
        if self.store is None:
            return
        record = self.to_record()
        extra = {k: record[k] for k in ("bot_rng", "seen_history", "aliases", "position") if k in record}
        self.store.record(self.game_id, self.head(), record["actions"], extra)

    def save(self, path: str) -> str:
        """Write the record to `path` (atomically: a temporary file, then a rename)."""
        path = os.path.expanduser(path.strip())
        if os.path.isdir(path):
            raise IsADirectoryError(21, "is a folder; give a file name", path)
        tmp = f"{path}.tmp"
        try:
            with open(tmp, "w", encoding="utf-8") as handle:
                handle.write(records.dumps(self.to_record()) + "\n")
            os.replace(tmp, path)
        except OSError:
            if os.path.exists(tmp):
                os.remove(tmp)
            raise
        return path

    # ---- moves
    def apply(self, action: Any, seat: int) -> None:
        text = self.state.action_to_string(action)
        if self.seats[seat].human:
            # undo must put the bots back exactly as they were here (see `undo`)
            self._snapshots[len(self.actions)] = self._bot_snapshot()
        self.state.apply_action(action)
        self.actions.append((action, text, seat))
        self.persist()

    def _bot_snapshot(self) -> dict:
        """A deep copy of every bot's own state (its generator, and any memory it keeps
        between moves, like the Salem bot's accusation history).
        The game object is shared, never copied.  Automata (Times, Mumanbot) draw from the
        game state's own generator, which undo rebuilds by replaying from the seed."""
        memo = {id(self.game): self.game}
        bots = {
            s: copy.deepcopy(vars(seat.bot), dict(memo))
            for s, seat in enumerate(self.seats)
            if seat.bot is not None
        }
        return {"bots": bots}

    def _restore_bots(self, snap: dict) -> None:
        for s, saved in snap["bots"].items():
            bot = self.seats[s].bot
            fresh = copy.deepcopy(saved, {id(self.game): self.game})
            vars(bot).clear()
            vars(bot).update(fresh)

    def undo(self) -> str:
        """Take back the human's last decision and every move after it.  The bots get back
        the state they had at that decision, so playing the same move again gives the same
        replies (search bots on a time budget repeat the iteration count they used)."""
        if len(self.humans) != 1:
            return "undo works only with one human at the table (the others would see your move)"
        me = self.humans[0]
        idx = max((i for i, (_a, _t, s) in enumerate(self.actions) if s == me), default=None)
        if idx is None:
            return "nothing to undo: you have not decided anything yet"
        undone = self.actions[idx][1]
        keep = self.actions[:idx]
        state = self.initial_state()
        for action, _text, _seat in keep:
            state.apply_action(action)
        self.state, self.actions = state, keep
        self.history = list(state.history_text())
        snap = self._snapshots.get(idx)
        for k in [k for k in self._snapshots if k >= idx]:
            del self._snapshots[k]
        if snap is None:
            self.persist()
            return (
                f"took back: {undone} (that decision was made before this game was loaded: "
                "the bots' generators from then are not saved, so their replies may differ)"
            )
        self._restore_bots(snap)
        self.persist()
        return f"took back: {undone}"

    def hint(
        self, seat: int, seconds: float | None = None, run: Callable[..., Any] | None = None
    ) -> list[tuple[str, float, int, float, float]]:
        """The expert's analysis (search/analysis.py): its three best moves for `seat`, each
        played out from worlds `seat` cannot tell apart for about `seconds` (default
        HINT_SECONDS), as (text, estimated win rate, playouts, interval low, interval high),
        best estimate first.  `last_hint` says what was done.  `run(fn, *args, **kw)`, when
        given, is where the analysis runs (the web server's worker processes)."""
        from automa.search.analysis import analyse

        seconds = HINT_SECONDS if seconds is None else max(0.05, float(seconds))
        legal = self.state.legal_actions()
        if len(legal) == 1:
            self.last_hint = {"playouts": 0, "seconds": 0.0, "asked": seconds, "legal": 1}
            return [(self.state.action_to_string(legal[0]), float("nan"), 0, 0.0, 1.0)]
        self._hints += 1
        estimates, self.last_hint = (run or _call_here)(
            analyse, self.game, self.state, seat, seconds, seed=self.bot_seed + 9973 * self._hints
        )
        return [(e.text, e.rate, e.playouts, *e.interval) for e in estimates]

    def _cap(self, s: Any, bot: Bot, cap: float | None = None) -> None:
        """Give a search bot a safety stop at `move_seconds` per move.  Its budget stays in
        iterations, so whenever the budget fits (the calibrated levels always do on a
        2-core machine) its moves repeat exactly from the seed; only an overrun is cut."""
        cap = self.move_seconds if cap is None else cap
        params = getattr(bot, "params", {})
        if cap > 0 and "max_seconds" in params:
            params["max_seconds"] = cap

    def bot_move(self, s: int, think: Callable[[Bot, State, int], Any] | None = None) -> None:
        """The bot in seat `s` moves; `think(bot, state, seat)`, when given, is where it
        decides (the web server's thinking slots), in place of `bot.act(state, seat)`."""
        bot = self.seats[s].bot
        if bot is None:
            raise AutomaError(f"seat {s} is a person's: only a bot's seat moves by itself")
        before = self.state
        self._cap(s, bot)
        params = getattr(bot, "params", {})
        searches = "iterations" in params and "seconds" in params
        key = len(self.actions)
        prefix = tuple(a for a, _t, _s in self.actions)
        seen = self._bot_iterations.get(key) if searches else None
        saved = None
        if seen is not None and seen[0] == prefix:
            # the same position after an undo: search exactly as many iterations as then, so
            # a time-budgeted search (whose count depends on the clock) repeats its answer
            saved = (params["iterations"], params["seconds"], params.get("max_seconds", 0.0))
            params["iterations"], params["seconds"] = seen[1], 0.0
            if "max_seconds" in params:
                params["max_seconds"] = 0.0
        start = time.perf_counter()
        try:
            action = think(bot, before, s) if think is not None else bot.act(before, s)
        finally:
            if saved is not None:
                params["iterations"], params["seconds"] = saved[0], saved[1]
                if "max_seconds" in params:
                    params["max_seconds"] = saved[2]
        elapsed = time.perf_counter() - start
        self.bot_times.append(elapsed)
        stats = getattr(bot, "last_stats", None) or {}
        if searches and stats.get("iterations") and saved is None:
            self._bot_iterations[key] = (prefix, int(stats["iterations"]))
        from automa.views import public_action_text

        shown = public_action_text(before, action, s, self.humans)
        self.apply(action, s)
        held = self._held_move
        if held is not None and not (held[0] == s and shown.startswith(held[1])):
            self._tell_move(*held)
        # held back a moment: a card played in steps ("plays Evidence", then "plays Evidence
        # on P1") is told once, by its last step or by the news that tells it
        self._held_move = (s, shown)

    def _tell_move(self, seat: int, shown: str) -> None:
        self.echo(f"  {self.seat_name(seat)}: {shown}", fg="cyan")

    def show_news(self, flush: bool = False) -> None:
        """Tell the table what happened since it last looked: a bot move held back, then
        the new lines of the game's history.  `flush`: a person is about to decide (or the
        game is over), so nothing stays held."""
        from automa.views import news_text

        now = list(self.state.history_text())
        fresh = [news_text(self.state, line) for line in new_lines(self.history, now)]
        held = self._held_move
        if held is not None and (fresh or flush):
            self._held_move = None
            head = held[1].split(" (")[0].split(":")[0]
            if not any(head in line for line in fresh):
                self._tell_move(*held)
        for line in fresh:
            self.echo(f"  > {line}", fg="magenta")
        self.history = now


def game_result(game: Game, state: State) -> dict:
    """How a finished game ended, as the database keeps it (`automa.store.Store.record`)."""
    outcome = state.outcome()
    return {
        "scores": [list(x) for x in state.scores()],
        "ranks": list(outcome.ranks),
        "winners": list(outcome.winners),
        "reason": outcome.reason,
        "team": bool(game.team_wins),
    }


def _call_here(fn: Callable[..., Any], *args: Any, **kw: Any) -> Any:
    return fn(*args, **kw)


def hint_confidence(rows: Sequence[tuple[str, float, int, float, float]]) -> str:
    """How sure the analysis is of its first suggestion over the second, from their win-rate
    intervals: sure when the intervals do not overlap, fairly sure when the first leads by a
    standard error or more, otherwise not sure."""
    if len(rows) < 2:
        return ""
    _text, v1, n1, low1, _high = rows[0]
    _text, v2, n2, _low, high2 = rows[1]
    if not (n1 and n2) or v1 != v1 or v2 != v2:
        return ""
    figures = f"{100 * v1:.0f}% against {100 * v2:.0f}% over {n1} playouts each"
    if min(n1, n2) < HINT_ROUGH_PLAYOUTS:  # a handful of playouts says little, whatever they say
        return f"not sure: {figures} are too few playouts to tell these moves apart"
    if low1 > high2:
        return f"sure: the first suggestion is clearly ahead of the second ({figures})"
    spread = math.sqrt(max(v1 * (1 - v1), 0.01) / n1 + max(v2 * (1 - v2), 0.01) / n2)
    if (v1 - v2) / spread >= 1.0:
        return f"fairly sure: the first suggestion leads the second, but not by a clear margin ({figures})"
    return (
        f"not sure: the first two suggestions are too close to call ({figures}); "
        "either is as good as this analysis can tell"
    )


def hint_prefers(rows: Sequence[tuple[str, float, int, float, float]]) -> bool:
    """Whether the hint has a first choice worth pointing at: it is not when every suggestion
    did equally well, or when it says it is not sure."""
    if len(rows) < 2:
        return bool(rows)
    values = [v for _t, v, *_rest in rows]
    if max(values) - min(values) < 1e-9:
        return False
    return not hint_confidence(rows).startswith("not sure")


def hint_lines(
    rows: Sequence[tuple[str, float, int, float, float]], stats: dict, longer: str = "'hint 15' thinks longer"
) -> list[str]:
    """The hint's suggestions, each with its estimated win rate and 95% interval, then what
    was played and how sure that makes the analysis (`hint_confidence`); a note when the
    estimates rest on few playouts."""
    out = []
    for i, (text, value, playouts, low, high) in enumerate(rows, 1):
        if value != value:
            out.append(f"  {i}. {text}")
        else:
            out.append(
                f"  {i}. {text}  — estimated win rate {100 * value:.0f}% "
                f"(95% interval {100 * low:.0f}-{100 * high:.0f}%, {playouts} playouts)"
            )
    if not rows:
        return ["  no suggestion"]
    if stats.get("legal") == 1:
        out.append("  (the only legal move here)")
        return out
    player = stats.get("player", "a fast player")
    players = (
        f"{player} playing for you" if stats.get("deciders") == 1 else f"{player} in every player's seat"
    )
    if stats.get("automata"):
        players += " and the printed automaton by its cards"
    out.append(
        f"  the hint's own search (not the bots at this table): its {len(rows)} best of "
        f"{stats.get('legal', 0)} legal moves, each played out to the end ({players}) in the same "
        f"{rows[0][2]} worlds consistent with what you see ({stats.get('seconds', 0.0):.1f} s)"
    )
    values = [v for _t, v, *_rest in rows]
    if len(rows) > 1 and max(values) - min(values) < 1e-9:
        out.append(
            "  every suggestion did equally well in the playouts: the analysis cannot tell "
            "these moves apart here, so their order means nothing"
        )
    else:
        sure = hint_confidence(rows)
        if sure:
            out.append(f"  {sure}")
    if min(n for _t, _v, n, *_rest in rows) < HINT_ROUGH_PLAYOUTS:
        out.append(f"  rough estimate: {rows[0][2]} playouts per move; {longer}")
    return out


def _rng_state_to_json(rng: random.Random) -> list:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def _rng_state_from_json(data: list) -> tuple:
    return (data[0], tuple(data[1]), data[2])


def read_saved(path: str | Path, game: str | None = None) -> dict:
    """The last record in a saved-game file (one JSON line; a JSONL file's last line),
    checked before anything replays it: readable text, JSON, the record format, the game
    (`game`, when the player named one), the parameters and the rules data it was saved with."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError as err:
        raise AutomaError(f"{path} is not a saved game: binary data at byte {err.start}") from None
    except OSError as err:
        raise AutomaError(f"cannot read {path}: {err.strerror or err}") from None
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        raise AutomaError(f"{path} is empty: not a saved game")
    try:
        record = json.loads(lines[-1])
    except json.JSONDecodeError as err:
        raise AutomaError(f"{path} is not a saved game (not JSON: {err.msg})") from None
    if isinstance(record, dict) and game and isinstance(record.get("game"), str):
        from automa.rules.core import game_class

        if game_class(record["game"]).name != _canonical(game):
            raise AutomaError(
                f"{path} holds a {record['game']} game, not {game}: "
                f"automa play {record['game']} --load {path}"
            )
    try:
        records.check_record(record)
    except records.RecordError as err:
        raise AutomaError(f"{path} is not a saved game: {err}") from None
    saved_hash, now_hash = record.get("rules_hash"), records.game_from_record(record).rules_hash()
    if saved_hash is not None and saved_hash != now_hash:
        raise AutomaError(
            f"{path} was saved with other rules data ({saved_hash}; this installation has "
            f"{now_hash}): its cards or boards differ, so it cannot be resumed here"
        )
    return record


def _canonical(name: str) -> str:
    from automa.rules.core import game_class

    return game_class(name).name
