"""Playing a game at the terminal: `automa play GAME ...`.

One loop for every game.  Each human decision shows the position as that seat may see it
(built only from `state.observation(seat)`, see `automa.views`), what the automata and
bots did since the human's last decision, and the legal actions, numbered and with short
typed aliases.  Commands at every prompt: hint, undo, save FILE, rules, help, quit.

A saved game is a record in the format of `automa.search.records` with status "in_progress"
(one JSON line), so `automa replay` lists it and `automa play --load FILE` resumes it at
the same decision with the same state (the bots' generators are saved too).
"""
from __future__ import annotations

import copy
import json
import os
import random
import re
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Hashable, Sequence

import click

from automa.rules.core import (AutomaError, Game, IllegalActionError, State, action_to_json, find_action,
                        load_game)
from automa.search import records
from automa.search.bots import Bot, BotSpecError, make_bot

#: the bot in every seat nobody named, when the preset levels are not available
FALLBACK_OPPONENT = "ismcts:iterations=300"
PRESET_OPPONENT = "level:normal"
#: the hint searches at least this many iterations ...
HINT_ITERATIONS = 300
#: ... and, on wide decisions, about this many per legal action (UCT spreads visits unevenly,
#: so the suggestions near the top get several times this)
HINT_VISITS_PER_ACTION = 30
#: but never longer than this (seconds; `hint SECONDS` asks for another limit)
HINT_MAX_SECONDS = 5.0
#: hint playouts stop after this many moves and are scored by the game's heuristic
HINT_ROLLOUT_DEPTH = 6
#: a suggestion seen fewer times than this is reported as a rough estimate
HINT_ROUGH_VISITS = 30
#: safety stop on a search bot's thinking time per move in `play` (seconds; 0 = none): the
#: bots search their iteration budget, and only a move that overruns is cut short
MOVE_SECONDS = 1.9

COMMANDS = {
    "hint": "the search's three best moves here, with estimated win rates and visits",
    "hint SECONDS": "the same, thinking for up to SECONDS (e.g. hint 15)",
    "undo": "take back your last decision (games with one human); the bots answer as before",
    "save FILE": "save the game to FILE (resume with: automa play GAME --load FILE)",
    "rules": "the rule section for the current decision",
    "board": "show the position again",
    "actions": "list the legal actions again",
    "help": "this list",
    "quit": "leave the game (offers to save)",
}
RESERVED = {"hint", "undo", "save", "rules", "rule", "board", "actions", "help", "quit", "q", "?",
            "exit", "h"}


class EndOfInput(Exception):
    """Standard input closed: leave the game cleanly."""


class QuitGame(Exception):
    """The player chose to leave."""


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


def use_colour(stream=None) -> bool:
    stream = stream or sys.stdout
    if os.environ.get("NO_COLOR"):
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


# --------------------------------------------------------------------------- aliases

def initials(text: str) -> str:
    """First letter of each word, digits kept whole: 'place journalist 12 on bus' -> 'pj12ob'."""
    out = []
    for word in re.findall(r"[A-Za-z]+|\d+", text):
        out.append(word if word.isdigit() else word[0].lower())
    return "".join(out)


def action_aliases(texts: Sequence[str]) -> list[str]:
    """A short alias per action, not a command word and not shared: the shortest unique
    prefix of its initials (up to 8 letters), else its shortest word that no other legal
    action has ('tr1' in 'place on TR1 (train)'), else a unique prefix of its text;
    '' when there is none (the number always works)."""
    inits = [initials(t) for t in texts]
    squashed = [t.lower().replace(" ", "") for t in texts]
    words = [[w for w in re.findall(r"[a-z0-9$]+", t.lower())] for t in texts]
    counts: dict[str, int] = {}
    for ws in words:
        for w in set(ws):
            counts[w] = counts.get(w, 0) + 1

    def free(cand: str, i: int) -> bool:
        if cand in RESERVED or cand.isdigit():
            return False
        return not any(j != i and (inits[j].startswith(cand) or squashed[j].startswith(cand)
                                   or cand in words[j]) for j in range(len(texts)))

    out = []
    for i, mine in enumerate(inits):
        alias = next((mine[:k] for k in range(1, min(len(mine), 8) + 1) if free(mine[:k], i)), "")
        if not alias:
            unique = sorted((w for w in set(words[i]) if counts[w] == 1 and free(w, i)), key=lambda w: (len(w), w))
            alias = unique[0] if unique else ""
        if not alias:        # two words: one that few others share, then one they lack
            for w1 in sorted(set(words[i]), key=lambda w: (counts[w], len(w), w)):
                others = [j for j in range(len(texts)) if j != i and w1 in words[j]]
                for w2 in sorted(set(words[i]) - {w1}, key=lambda w: (len(w), w)):
                    if any(w2 in words[j] for j in others):
                        continue
                    for k in range(1, len(w2) + 1):
                        cand = w1 + w2[:k]
                        if free(cand, i) and not any(any(w.startswith(w2[:k]) for w in words[j])
                                                     for j in others):
                            alias = cand
                            break
                    if alias:
                        break
                if alias:
                    break
        if not alias:
            alias = next((squashed[i][:k] for k in range(1, min(len(squashed[i]), 8) + 1)
                          if free(squashed[i][:k], i)), "")
        if alias in out:
            alias = ""
        out.append(alias)
    return out


def match_action(text: str, texts: Sequence[str], aliases: Sequence[str]) -> tuple[int | None, list[int]]:
    """(index, candidates): the action `text` names, by number, alias, exact text, unique
    prefix of the text or unique prefix of the initials; else None and the candidates."""
    t = " ".join(text.lower().split())
    if not t:
        return None, []
    if t.isdigit():
        k = int(t)
        return (k - 1, []) if 1 <= k <= len(texts) else (None, [])
    lowered = [x.lower() for x in texts]
    for i, a in enumerate(aliases):
        if a and a == t:
            return i, []
    exact = [i for i, x in enumerate(lowered) if x == t]
    if len(exact) == 1:
        return exact[0], []
    pref = [i for i, x in enumerate(lowered) if x.startswith(t)]
    if len(pref) == 1:
        return pref[0], []
    nospace = t.replace(" ", "")
    ini = [i for i, x in enumerate(texts) if initials(x).startswith(nospace)
           or x.lower().replace(" ", "").startswith(nospace)]
    if len(ini) == 1 and not pref:
        return ini[0], []
    return None, pref or ini


def new_lines(old: Sequence[str], new: Sequence[str]) -> list[str]:
    """The lines of `new` that were not in `old`, for a history that may be a sliding
    window (the longest suffix of `old` that is a prefix of `new` is the overlap)."""
    old, new = list(old), list(new)
    if new[:len(old)] == old:
        return new[len(old):]
    for k in range(min(len(old), len(new)), 0, -1):
        if old[-k:] == new[:k]:
            return new[k:]
    return new


# --------------------------------------------------------------------------- rules text

#: per game: action kind -> spec section number (for `rules`); "mode:kind" entries win
RULE_SECTIONS: dict[str, dict[str, str]] = {
    "pulitzer": {
        "place": "7.2", "pass": "7.1", "bail": "8.4", "req": "8.7", "reg": "8.7", "photo": "8.7",
        "nophoto": "8.7", "train": "8.7.3", "bus": "8.4", "stop": "8.4", "pin": "8.4",
        "unpin": "8.4", "nopin": "8.4", "keep": "8.4", "destroy": "8.5", "ot": "8.6",
        "ot_extra": "8.6", "stmt": "8.6", "sports": "8.2", "sports_cash": "8.2", "ent": "8.2",
        "ent_contact": "8.2", "support": "8.3", "nosupport": "8.3", "tok": "10", "notok": "10",
        "donor": "8.7",
        "solo:place": "13.3", "solo:pass": "13.3", "solo:bus": "13.6", "solo:stop": "13.6",
        "solo:sports": "13.5", "solo:sports_cash": "13.5", "solo:ent": "13.5",
        "solo:ent_contact": "13.5", "two-player:place": "13.3", "two-player:bus": "13.6",
        "two-player:sports": "13.5",
    },
    "tabletop_inc": {
        "place": "7", "take": "10", "do": "10", "buy": "10", "buy_skill": "8.3",
        "freelancer": "16.1", "item": "16.5", "keep": "5", "predict": "13.1",
        "predict_on": "13.1", "no_predict": "13.1", "recall": "12", "end_turn": "6",
        "play": "16.2", "swap": "8.2", "slot": "8.2", "tuck": "8.2", "token": "9",
        "decline": "10.17", "stop": "10.17",
    },
    "pi": {"investigate": "7.1", "evidence": "7.2", "solve_crime": "7.3",
           "solve_location": "7.3", "solve_suspect": "7.3"},
    "watergate": {"action": "9", "value": "7", "init": "8.1", "mom": "8.2", "slot": "7.1",
                  "space": "7.1", "person": "9.2", "react": "9.4", "ask": "9.5",
                  "gambit_remove": "9.5", "replay": "9.5", "pass": "5.2"},
    "salem": {"play": "6", "target": "6", "target2": "6", "draw": "5", "end": "5", "stop": "5",
              "no": "5", "keep": "4.3", "dawn": "11", "confess": "10.2", "victim": "10.2",
              "sleep": "10.2", "gavel": "13", "token": "13", "alibi": "17", "cat": "13",
              "tituba": "17", "parris": "17", "mag_from": "17", "mag_to": "17", "look": "17",
              "take": "17"},
}

_HEADING = re.compile(r"^(#{1,6})\s+(.*)$")


def rulebook_text(game_name: str) -> str:
    path = Path(__file__).parent / "rulebooks" / f"{game_name}.md"
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return ""


def rule_section(game_name: str, number: str) -> str:
    """The section of the game's spec whose heading starts with `number` ('7.2', '13'),
    up to the next heading of the same or a higher level; '' if there is none."""
    lines = rulebook_text(game_name).splitlines()
    start = level = None
    for i, line in enumerate(lines):
        m = _HEADING.match(line)
        if not m:
            continue
        if start is None:
            title = m.group(2).strip()
            if re.match(rf"(§\s*)?{re.escape(number)}[.\s]", title + " ") and \
                    not re.match(rf"{re.escape(number)}\.\d", title):
                start, level = i, len(m.group(1))
        elif len(m.group(1)) <= level:
            return "\n".join(lines[start:i]).rstrip()
    return "\n".join(lines[start:]).rstrip() if start is not None else ""


def rule_headings(game_name: str) -> list[str]:
    return [m.group(2) for m in map(_HEADING.match, rulebook_text(game_name).splitlines())
            if m and len(m.group(1)) == 2]


def section_for(game: Game, action: Hashable) -> str:
    kind = action[0] if isinstance(action, tuple) and action else str(action)
    table = RULE_SECTIONS.get(game.name, {})
    return table.get(f"{game.params.mode}:{kind}") or table.get(str(kind), "")


# --------------------------------------------------------------------------- the session

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
    _hint_bot: Bot | None = None
    #: action index of each human decision -> the bots' state just before it (for undo)
    _snapshots: dict = field(default_factory=dict)
    #: action index of each search-bot move -> (the actions before it, iterations it searched)
    _bot_iterations: dict = field(default_factory=dict)
    #: what the last hint searched: iterations, target, legal actions, seconds
    last_hint: dict = field(default_factory=dict)

    # ---- construction
    @classmethod
    def new(cls, game_name: str, players: int | None, mode: str | None, params: dict,
            seat_specs: Sequence[str], seed: int | None, bot_seed: int = 0, **kw) -> "Session":
        from automa.rules.core import game_class
        gcls = game_class(game_name)
        kwargs = dict(params)
        if players is not None:
            kwargs["players"] = players
        if mode:
            kwargs["mode"] = mode
        if seat_specs and "players" not in kwargs and not mode:
            if len(seat_specs) in gcls.player_counts():
                kwargs["players"] = len(seat_specs)
        base = load_game(gcls.name, **kwargs)
        n = base.num_players
        specs = list(seat_specs)
        if specs and len(specs) != n:
            raise AutomaError(f"{len(specs)} --seat options for {n} seats: give one per seat "
                              f"('human' or a bot spec), or none")
        if not specs:
            specs = ["human"] + [default_opponent(base)] * (n - 1)
        if seed is None:
            seed = random.SystemRandom().randrange(10**9)
        session = cls(game=base, seats=[], seed=seed, bot_seed=bot_seed, **kw)
        session._seat(specs)
        session.state = session.game.new_initial_state(seed)
        session.history = list(session.state.history_text())
        return session

    @classmethod
    def load(cls, path: str | Path, **kw) -> "Session":
        record = read_saved(path)
        game = records.game_from_record(record)
        session = cls(game=game, seats=[], seed=record["seed"], bot_seed=record.get("bot_seed", 0), **kw)
        session._seat(record["seats"])
        try:
            records.replay(record)          # checks every action, names the first bad one
        except records.RecordError as err:
            raise AutomaError(f"{path}: the saved game does not replay with these rules: {err}") from None
        state = session.game.new_initial_state(session.seed)
        for encoded, text, seat in record["actions"]:
            action = find_action(state, encoded)
            state._apply(action)
            session.actions.append((action, text, seat))
        session.state = state
        session.history = list(record.get("seen_history", state.history_text()))
        for key, value in (record.get("bot_rng") or {}).items():
            seat = session.seats[int(key)]
            if seat.bot is not None:
                seat.bot.rng.setstate(_rng_state_from_json(value))
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

    # ---- records
    def to_record(self) -> dict:
        g = self.game
        rec = {
            "format": records.RECORD_FORMAT,
            "version": records.library_version(),
            "rules_hash": g.rules_hash(),
            "game": g.name,
            "params": g.params.to_json(),
            "seed": self.seed,
            "seats": [seat.spec for seat in self.seats],
            "status": "in_progress",
            "actions": [[action_to_json(a), text, seat] for a, text, seat in self.actions],
            "scores": [], "ranks": [], "winners": [],
            "reason": "saved in the middle of the game",
            "wall_time": 0.0,
            "bot_seed": self.bot_seed,
            "bot_rng": {str(s): _rng_state_to_json(seat.bot.rng) for s, seat in enumerate(self.seats)
                        if seat.bot is not None},
            "seen_history": list(self.history),
        }
        if self.state.is_terminal():
            done = records.make_record(g, self.seed, rec["seats"], self.state, self.actions, 0.0)
            rec.update({k: done[k] for k in ("status", "scores", "ranks", "winners", "reason")})
        return rec

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

    def _bot_snapshot(self) -> dict:
        """A deep copy of every bot's own state (its generator, and any memory it keeps
        between moves, like the Salem bot's accusation history).
        The game object is shared, never copied.  Automata (Times, Mumanbot) draw from the
        game state's own generator, which undo rebuilds by replaying from the seed."""
        memo = {id(self.game): self.game}
        bots = {s: copy.deepcopy(vars(seat.bot), dict(memo)) for s, seat in enumerate(self.seats)
                if seat.bot is not None}
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
        state = self.game.new_initial_state(self.seed)
        for action, _text, _seat in keep:
            state.apply_action(action)
        self.state, self.actions = state, keep
        self.history = list(state.history_text())
        snap = self._snapshots.get(idx)
        for k in [k for k in self._snapshots if k >= idx]:
            del self._snapshots[k]
        if snap is None:
            return (f"took back: {undone} (that decision was made before this game was loaded: "
                    "the bots' generators from then are not saved, so their replies may differ)")
        self._restore_bots(snap)
        return f"took back: {undone}"

    def hint(self, seat: int, max_seconds: float | None = None) -> list[tuple[str, float, int]]:
        """The three most visited moves of an ISMCTS search from `seat`'s view.  The budget
        grows with the number of legal actions (`hint_target`): with a fixed 300 iterations,
        75 actions get four visits each and the top three are noise.  It is capped by
        `max_seconds` (default HINT_MAX_SECONDS); `last_hint` says what was searched."""
        from automa.search.mcts import ISMCTSBot
        cap = HINT_MAX_SECONDS if max_seconds is None else float(max_seconds)
        legal = self.state.legal_actions()
        if len(legal) == 1:
            self.last_hint = {"iterations": 0, "target": 0, "legal": 1, "seconds": 0.0}
            return [(self.state.action_to_string(legal[0]), float("nan"), 0)]
        target = hint_target(len(legal))
        if self._hint_bot is None:
            # playouts cut after a few moves and scored by the game's heuristic, as the
            # difficulty presets do: random playouts to the end never win Pulitzer solo,
            # which left every move at 0%
            self._hint_bot = ISMCTSBot(self.game, seed=self.bot_seed + 9973, spec="ismcts",
                                       iterations=target, rollout_depth=HINT_ROLLOUT_DEPTH)
        bot = self._hint_bot
        # the target budget, stopped early only if it would overrun the time cap
        bot.params.update(iterations=target, seconds=0.0, max_seconds=max(0.05, cap))
        rows = bot.analyse(self.state, seat, top=3)
        stats = bot.last_stats
        self.last_hint = {"iterations": int(stats.get("iterations", 0)), "target": target,
                          "legal": len(legal), "seconds": float(stats.get("seconds", 0.0))}
        return [(self.state.action_to_string(a), value, visits) for a, value, visits in rows]

    def _cap(self, s: Any, bot: Bot, cap: float | None = None) -> None:
        """Give a search bot a safety stop at `move_seconds` per move.  Its budget stays in
        iterations, so whenever the budget fits (the calibrated levels always do on a
        2-core machine) its moves repeat exactly from the seed; only an overrun is cut."""
        cap = self.move_seconds if cap is None else cap
        params = getattr(bot, "params", {})
        if cap > 0 and "max_seconds" in params:
            params["max_seconds"] = cap

    def bot_move(self, s: int) -> None:
        seat = self.seats[s]
        before = self.state
        self._cap(s, seat.bot)
        params = getattr(seat.bot, "params", {})
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
            action = seat.bot.act(before, s)
        finally:
            if saved is not None:
                params["iterations"], params["seconds"] = saved[0], saved[1]
                if "max_seconds" in params:
                    params["max_seconds"] = saved[2]
        elapsed = time.perf_counter() - start
        self.bot_times.append(elapsed)
        stats = getattr(seat.bot, "last_stats", None) or {}
        if searches and stats.get("iterations") and saved is None:
            self._bot_iterations[key] = (prefix, int(stats["iterations"]))
        from automa.views import public_action_text
        shown = public_action_text(before, action, s, self.humans)
        self.apply(action, s)
        self.echo(f"  {self.seat_name(s)}: {shown}", fg="cyan")

    def show_news(self) -> None:
        from automa.views import news_text
        now = list(self.state.history_text())
        for line in new_lines(self.history, now):
            self.echo(f"  > {news_text(self.state, line)}", fg="magenta")
        self.history = now


def hint_target(n_legal: int) -> int:
    """Iterations the hint aims for on a decision with `n_legal` actions."""
    return max(HINT_ITERATIONS, HINT_VISITS_PER_ACTION * max(1, n_legal))


def hint_lines(rows: Sequence[tuple[str, float, int]], stats: dict) -> list[str]:
    """The hint's suggestions, each with its win-rate estimate and visits, and a note when
    the estimate is rough (few visits, or the time ran out before the target budget)."""
    out = []
    for i, (text, value, visits) in enumerate(rows, 1):
        rate = "?" if value != value or value in (float("inf"), float("-inf")) else f"{100 * value:.0f}%"
        out.append(f"  {i}. {text}  — estimated win rate {rate} ({visits} visits)")
    if not rows:
        out.append("  no suggestion: the search had no time to try a move")
        return out
    if stats.get("legal") == 1:
        out.append("  (the only legal move here)")
        return out
    few = min(v for _t, _v, v in rows)
    done, target, legal = stats.get("iterations", 0), stats.get("target", 0), stats.get("legal", 0)
    values = [v for _t, v, _n in rows]
    if len(rows) > 1 and max(values) - min(values) < 1e-9:
        out.append("  every suggestion scored the same in the playouts: the search cannot tell "
                   "these moves apart here, so their order means nothing")
    if few < HINT_ROUGH_VISITS or (target and done < target):
        out.append(f"  rough estimate: {done} iterations over {legal} legal moves "
                   f"(the least-visited suggestion has {few} visits); the order may be chance — "
                   "'hint 15' thinks longer")
    return out


def _rng_state_to_json(rng: random.Random) -> list:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def _rng_state_from_json(data: list) -> tuple:
    return (data[0], tuple(data[1]), data[2])


def read_saved(path: str | Path) -> dict:
    """The last record in a saved-game file (one JSON line; a JSONL file's last line)."""
    try:
        lines = [line for line in Path(path).read_text(encoding="utf-8").splitlines() if line.strip()]
    except OSError as err:
        raise AutomaError(f"cannot read {path}: {err.strerror or err}") from None
    if not lines:
        raise AutomaError(f"{path} is empty: not a saved game")
    try:
        record = json.loads(lines[-1])
    except json.JSONDecodeError as err:
        raise AutomaError(f"{path} is not a saved game (not JSON: {err.msg})") from None
    if not isinstance(record, dict) or not {"game", "params", "seed", "seats", "actions"} <= set(record):
        raise AutomaError(f"{path} is not a saved game record")
    return record


# --------------------------------------------------------------------------- the terminal loop

class Terminal:
    """The prompts and commands around a Session."""

    def __init__(self, session: Session):
        self.s = session
        self.saved_to: str | None = None
        self.last_obs: dict[int, Any] = {}

    def ask(self, prompt: str) -> str:
        try:
            return self.s.input_fn(prompt)
        except EOFError:
            raise EndOfInput() from None

    def run(self) -> int:
        """0 when the game ended or was saved; 1 when it was abandoned unsaved."""
        s = self.s
        try:
            return self._loop()
        except EndOfInput:
            s.echo("")
            if self.saved_to:
                s.echo(f"end of input: leaving the game (last saved to {self.saved_to})")
                return 0
            s.echo("end of input: game abandoned (not saved)")
            return 1
        except QuitGame:
            if self.saved_to:
                s.echo(f"game left; resume with: automa play {s.game.name} --load {self.saved_to}")
                return 0
            s.echo("game abandoned (not saved)")
            return 1

    def _loop(self) -> int:
        s = self.s
        s.echo(f"{s.game.title or s.game.name} — seed {s.seed}", bold=True)
        s.echo("seats: " + ", ".join(s.seat_name(i) for i in range(len(s.seats))))
        s.echo("type help for commands")
        for line in s.history:
            s.echo(f"  > {line}", fg="magenta")
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
                s.show_news()
                if len(s.humans) > 1 and on_screen != seat:
                    self.hand_over(seat)
                on_screen = seat
                self.human_turn(seat)
            except KeyboardInterrupt:
                s.echo("")
                self.offer_save()
        s.show_news()
        self.final_screen()
        return 0

    def hand_over(self, seat: int) -> None:
        s = self.s
        s.out("\n" * 40)
        s.echo(f"=== hand over to seat {seat}: press Enter when only seat {seat} looks at the screen ===",
               bold=True)
        self.ask("")
        s.out("\n" * 3)

    def show_position(self, seat: int) -> None:
        from automa.views import board_changes, render_view
        s = self.s
        obs = s.state.observation(seat)
        for line in board_changes(s.state, seat, self.last_obs.get(seat), obs):
            s.echo(f"  > {line}", fg="magenta")
        self.last_obs[seat] = obs
        s.echo("")
        s.echo(f"--- {s.seat_name(seat)}, your decision ---", bold=True, fg="green")
        s.echo(render_view(s.state, seat, s.style))

    def show_actions(self, texts: list[str], aliases: list[str]) -> None:
        """Numbered, with the alias in [ ]; long lists in columns when the terminal is wide."""
        import shutil
        s = self.s
        width = max(len(a) for a in aliases) if aliases else 0
        cells = []
        for i, (text, alias) in enumerate(zip(texts, aliases), 1):
            tag = f"[{alias}]".ljust(width + 2) if width else ""
            cells.append((f"  {i:>3}. {tag} {text}", tag))
        columns = shutil.get_terminal_size((80, 24)).columns
        cell_width = max(len(c) for c, _ in cells) + 1
        ncols = max(1, columns // cell_width) if len(cells) > 12 else 1
        rows = -(-len(cells) // ncols)
        for r in range(rows):
            line = []
            for c in range(ncols):
                k = c * rows + r
                if k < len(cells):
                    text, tag = cells[k]
                    shown = text.replace(tag, s.style(tag, fg="yellow"), 1) if tag else text
                    pad = " " * (cell_width - len(text)) if c < ncols - 1 else ""
                    line.append(shown + pad)
            s.echo("".join(line).rstrip())

    def human_turn(self, seat: int) -> None:
        s = self.s
        state = s.state
        legal = state.legal_actions()
        texts = [state.action_to_string(a) for a in legal]
        aliases = action_aliases(texts)
        self.show_position(seat)
        self.show_actions(texts, aliases)
        while True:
            text = self.ask(f"seat {seat} > ").strip()
            if not text:
                s.echo(f"type a number 1-{len(legal)}, an alias in [ ], the start of an action, or help")
                continue
            word, _, rest = text.partition(" ")
            cmd = word.lower()
            if cmd in ("help", "?", "h"):
                self.help()
            elif cmd in ("quit", "q", "exit"):
                self.offer_save(quitting=True)
            elif cmd == "save":
                self.save(rest)
            elif cmd in ("rules", "rule"):
                self.rules(legal)
            elif cmd == "board":
                self.show_position(seat)
            elif cmd == "actions":
                self.show_actions(texts, aliases)
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
                idx, cands = match_action(text, texts, aliases)
                if idx is not None:
                    action = legal[idx]
                    try:
                        s.apply(action, seat)
                    except IllegalActionError as err:  # cannot happen: the action is from legal
                        s.echo(str(err), fg="red")
                        continue
                    s.echo(f"  {s.seat_name(seat)}: {texts[idx]}", fg="green")
                    return
                if cands:
                    s.echo(f"{text!r} fits {len(cands)} actions: "
                           + ", ".join(f"{i + 1}" for i in cands[:12])
                           + (" ..." if len(cands) > 12 else "") + " — type more, or the number", fg="red")
                else:
                    s.echo(f"{text!r}: not an action here: type a number 1-{len(legal)}, "
                           "an alias in [ ], the start of an action's text, or help", fg="red")

    def help(self) -> None:
        s = self.s
        s.echo("choose an action by its number, its alias in [ ], or the start of its text;")
        s.echo("commands:")
        for name, text in COMMANDS.items():
            s.echo(f"  {name:<13} {text}")

    def save(self, name: str) -> bool:
        s = self.s
        name = name.strip()
        if not name:
            s.echo("save needs a file name: save FILE", fg="red")
            return False
        try:
            path = s.save(name)
        except OSError as err:
            s.echo(f"could not save to {name}: {err.strerror or err}", fg="red")
            return False
        self.saved_to = path
        s.echo(f"saved to {path} (resume: automa play {s.game.name} --load {path})", fg="green")
        return True

    def offer_save(self, quitting: bool = False) -> None:
        s = self.s
        if not quitting:
            s.echo("interrupted.", fg="yellow")
        while True:
            try:
                answer = self.ask("save before leaving? file name to save, Enter to leave without "
                                  "saving, c to continue: ").strip()
            except KeyboardInterrupt:
                s.echo("")
                raise QuitGame() from None
            if answer.lower() in ("c", "continue"):
                s.echo("continuing")
                return
            if not answer:
                raise QuitGame()
            if self.save(answer):
                raise QuitGame()

    def rules(self, legal: list) -> None:
        s = self.s
        numbers = []
        for action in legal:
            n = section_for(s.game, action)
            if n and n not in numbers:
                numbers.append(n)
        shown = False
        for number in numbers[:2]:
            text = rule_section(s.game.name, number)
            if text:
                s.echo(text)
                s.echo("")
                shown = True
        if not shown:
            heads = rule_headings(s.game.name)
            if heads:
                s.echo("no section is mapped to this decision; the spec's sections are:")
                for h in heads:
                    s.echo(f"  {h}")
            else:
                s.echo("no rule text is shipped for this game")

    def hint(self, seat: int, arg: str = "") -> None:
        """`hint` or `hint SECONDS`; says plainly when the estimate rests on few visits."""
        s = self.s
        arg = arg.strip()
        limit = None
        if arg:
            try:
                limit = float(arg)
            except ValueError:
                limit = -1.0
            if not 0.5 <= limit <= 120:
                s.echo(f"hint {arg}: give the seconds to think as a number from 0.5 to 120 "
                       "(e.g. hint 15), or just hint", fg="red")
                return
        s.echo("thinking...")
        try:
            rows = s.hint(seat, limit)
        except KeyboardInterrupt:
            s.echo("hint interrupted")
            return
        for line in hint_lines(rows, s.last_hint):
            s.echo(line)

    def final_screen(self) -> None:
        s = self.s
        state = s.state
        outcome = state.outcome()
        s.echo("")
        s.echo("=== final scores ===", bold=True)
        for seat, score in enumerate(state.scores()):
            mark = "  winner" if seat in outcome.winners else ""
            s.echo(f"  {s.seat_name(seat)}: {', '.join(str(x) for x in score)}  rank {outcome.ranks[seat]}{mark}",
                   fg="green" if mark else None)
        s.echo(outcome.reason)
        if s.bot_times:
            t = s.bot_times
            s.echo(f"bot moves: {len(t)}, mean {sum(t) / len(t):.2f} s, max {max(t):.2f} s")


def run(game: str | None, players: int | None, mode: str | None, params: dict, seat_specs: Sequence[str],
        seed: int | None, bot_seed: int, load: str | None = None, colour: bool | None = None,
        move_seconds: float = MOVE_SECONDS) -> int:
    """The `automa play` command.  Raises AutomaError for bad arguments."""
    kw = {"colour": use_colour() if colour is None else colour, "move_seconds": move_seconds}
    if load:
        session = Session.load(load, **kw)
        if game and session.game.name != _canonical(game):
            raise AutomaError(f"{load} holds a {session.game.name} game, not {game}")
        session.echo(f"loaded {load}: {len(session.actions)} actions played")
    else:
        session = Session.new(game, players, mode, params, seat_specs, seed, bot_seed, **kw)
    _restore_ctrl_c()
    return Terminal(session).run()


def _restore_ctrl_c() -> None:
    """A process started in the background inherits SIGINT ignored, and Python then never
    raises KeyboardInterrupt; the player's Ctrl-C must still offer to save."""
    import signal
    try:
        if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
            signal.signal(signal.SIGINT, signal.default_int_handler)
    except ValueError:  # not the main thread (e.g. under a test runner's worker)
        pass


def _canonical(name: str) -> str:
    from automa.rules.core import game_class
    return game_class(name).name
