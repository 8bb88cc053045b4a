"""`automa serve`: the local web app (lobby, board, replay viewer).

Starlette serves one page (`static/index.html`, plain JavaScript, no build step) and a small
JSON API.  Every request carries the access token printed at start (once in the link, then as
a cookie), and every seat view also its seat's key, so a browser on the local network sees
only the seat it was given.

The one rule on every route: while a game is unfinished, nothing sent to a seat, and nothing a
seat can send back, reveals what that seat may not see.  So the save of an unfinished game is
an opaque reference to the game kept in the database (`automa.store`), never the record; the
replay viewer and the loader take full records only of finished games; and the seed stays on
the server until the end.  Bots think off the request (`automa.web.bots`), games and replays
are bounded in memory (the database keeps the games), and every body is size-limited.
"""

from __future__ import annotations

import json
import math
import os
import secrets
import socket
import sys
import threading
import time
from collections import OrderedDict
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from automa.play import Session
from automa.play.rulestext import player_text
from automa.rules.core import AutomaError, find_action, game_class, parse_param_value, registered_games
from automa.rules.presentation import move_text
from automa.search import records
from automa.store import Store, StoreError
from automa.web.bots import BotRunner
from automa.web.game import StaleMove, WebGame, state_view
from automa.web.players import default_name, held_of, mine, names_of, player_page

STATIC = Path(__file__).with_name("static")
COOKIE = "automa_token"
#: seat choices the lobby offers besides free text (a game adds its own bots and automata)
LOBBY_BOTS = [
    "level:easy",
    "level:normal",
    "level:hard",
    "level:expert",
    "random",
    "greedy",
    "mcts:iterations=300",
    "ismcts:iterations=300",
]
#: the largest request body any route reads (a long game's record file is about 1 MB)
MAX_BODY = 4 * 1024 * 1024
#: games held in memory at once (the least recently used beyond it live on in the database)
MAX_GAMES = 200
#: a game nobody asked about for this long leaves memory (it stays in the database)
IDLE_SECONDS = 3600.0
#: a finished game leaves memory this long after its last request
FINISHED_SECONDS = 600.0
#: replays held at once, and for how long after their last step
MAX_REPLAYS = 16
REPLAY_SECONDS = 1800.0
#: companions held at once
MAX_COMPANIONS = 16
#: what an opaque save file says it is
SAVE_FORMAT = "automa-web-save"


class Games:
    """The games, replays and companions this server holds, bounded in number and age; the
    games also live in the database, so one that leaves memory comes back on its next
    request, at the same ply, with the same seat keys."""

    def __init__(self, store: Store | None = None, runner: BotRunner | None = None):
        self.store = store or Store(":memory:")
        self.runner = runner or BotRunner()
        self.games: OrderedDict[str, WebGame] = OrderedDict()
        self.replays: OrderedDict[str, dict] = OrderedDict()
        self.companions: OrderedDict[str, Any] = OrderedDict()  # id -> CompanionSession
        self.lock = threading.RLock()

    def add(self, game: WebGame) -> dict:
        game.runner, game.store = self.runner, self.store
        with game.lock:
            game.persist()
        with self.lock:
            self.games[game.id] = game
            self.evict()
        return self.entry(game, sorted(game.keys))

    def entry(self, game: WebGame, seats: list[int]) -> dict:
        return {
            "id": game.id,
            "game": game.session.game.name,
            "seats": [
                {"seat": s, "key": game.keys[s], "url": f"/play/{game.id}?seat={s}&key={game.keys[s]}"}
                for s in seats
            ],
        }

    def get(self, game_id: str) -> WebGame:
        with self.lock:
            game = self.games.get(game_id)
            if game is None:
                stored = self.store.load(game_id) if len(game_id) <= 64 else None
                if stored is None:
                    raise LookupError(f"no game {game_id!r} on this server")
                game = WebGame.restore(stored, self.runner, self.store)
                self.games[game_id] = game
            self.games.move_to_end(game_id)
            game.touched = time.monotonic()
            self.evict()
            return game

    def evict(self) -> None:
        """Drop from memory the games over the count, idle or finished long enough (never one
        whose bots are moving), the replays over theirs, and the oldest companions."""
        now = time.monotonic()
        with self.lock:
            for gid, game in list(self.games.items()):
                age = now - game.touched
                if game.thinking:
                    continue
                if (
                    len(self.games) > MAX_GAMES
                    or age > IDLE_SECONDS
                    or (game.over and age > FINISHED_SECONDS)
                ):
                    del self.games[gid]
            for rid, replay in list(self.replays.items()):
                if len(self.replays) > MAX_REPLAYS or now - replay["touched"] > REPLAY_SECONDS:
                    del self.replays[rid]
            while len(self.companions) > MAX_COMPANIONS:
                _cid, old = self.companions.popitem(last=False)
                old.close()


def catalog() -> list[dict]:
    """What the lobby offers: every game with its modes, parameters and seat choices."""
    from automa.rules.core import load_game
    from automa.search.bots import available_bots

    out = []
    for name, cls in registered_games().items():
        game = load_game(name)
        extra = [
            b
            for b in available_bots(game)
            if ":" not in b and b not in ("random", "greedy") and b not in cls.automaton_specs
        ]
        automata = [
            f"{spec}:{level}" for spec in cls.automaton_specs for level in _automaton_levels(spec, name)
        ]
        params = {
            k: player_words(v)
            for k, v in cls.param_help().items()
            if k not in ("players", "mode") and not v.startswith("spec ")  # a switch of the spec's readings
        }
        from automa.adapt import game_knobs

        knobs = [k.name for k in game_knobs(name) if k is not None]
        # difficulty that adapts to the player: the seat forms of each knob's `auto`
        adaptive = [f"{k}:auto" for k in knobs if k in ("level", *cls.automaton_specs)]
        adaptive += [
            f"automaton:{k},knob=auto" for k in knobs if k not in ("level", *cls.automaton_specs, *params)
        ]
        out.append(
            {
                "name": name,
                "title": cls.title or name,
                "modes": {m: list(c) for m, c in cls.modes.items()},
                "params": params,
                "seats": ["human"] + automata + adaptive + LOBBY_BOTS + extra,
                "auto": [k for k in knobs if k in params],  # settings that take `auto`
                # the modes each setting serves (the lobby shows it only for those)
                "param_modes": {k: list(cls.param_modes.get(k, cls.modes)) for k in params},
                "mode_notes": dict(cls.mode_notes),
                # the lobby's first choice for a seat that is not yours: the printed automaton
                # at its normal level where the box has one, else a bot at the normal level
                "default_seat": next((a for a in automata if a.endswith(":normal")), "level:normal"),
            }
        )
    return out


def player_words(text: str) -> str:
    """A setting's help as the lobby shows it: in the player's words, without the
    specification's tags (the terminal's `rules` uses the same cleaner)."""
    return player_text(text).strip()


def _automaton_levels(spec: str, game_name: str) -> list[str]:
    """The settings a printed automaton takes in a seat: its levels (the game's
    `automaton_levels`), or the automaton decks shipped for the game."""
    levels = game_class(game_name).automaton_levels.get(spec)
    if levels:
        return list(levels)
    if spec == "automaton":
        from automa.decks import shipped_decks

        return shipped_decks(game_name)
    return []


# --------------------------------------------------------------------------- reading requests


def whole(value: Any, name: str, low: int | None = None, high: int | None = None) -> int:
    """A whole number from JSON or a form: an int, or text of digits; never true, 1.9 or 1e400."""
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise AutomaError(f"{name} must be a whole number")
    if isinstance(value, str):
        text = value.strip()
        if not (text.lstrip("-").isdigit() and text.isascii() and len(text) <= 20):
            raise AutomaError(f"{name} must be a whole number")
        value = int(text)
    if low is not None and value < low or high is not None and value > high:
        bounds = f"from {low}" + (f" to {high}" if high is not None else "")
        raise AutomaError(f"{name} must be a whole number {bounds}")
    return value


def number(value: Any, name: str, low: float, high: float) -> float:
    """A finite number from `low` to `high` (JSON's numbers, not true or text)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise AutomaError(f"{name} must be a number from {low:g} to {high:g}")
    value = float(value)
    if not math.isfinite(value) or not low <= value <= high:
        raise AutomaError(f"{name} must be a number from {low:g} to {high:g}")
    return value


def text_field(body: dict, name: str, default: str = "") -> str:
    value = body.get(name, default)
    if value is None:
        return default
    if not isinstance(value, str):
        raise AutomaError(f"{name} must be text")
    return value


def query_int(request: Request, name: str, default: int, low: int = 0, high: int = 1_000_000) -> int:
    raw = request.query_params.get(name)
    return default if raw in (None, "") else whole(raw, name, low, high)


def parse_params(raw: Any) -> dict:
    """Lobby parameters arrive as the texts typed; read them as the command line does."""
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise AutomaError('params must be an object of NAME: VALUE (e.g. {"times_mix": "3,3,2"})')
    out = {}
    for key, value in raw.items():
        if isinstance(value, (dict, list)) or (isinstance(value, float) and not math.isfinite(value)):
            raise AutomaError(f"parameter {key!r} takes a value typed as text (e.g. 3 or 3,3,2)")
        text = "" if value is None else str(value).strip()
        if text:
            out[key] = parse_param_value(text)
    return out


def new_game(body: dict, store: Store | None = None) -> WebGame:
    """A new game from the lobby's body.  A difficulty set to `auto` is chosen from the
    first human seat's player's finished games in `store`, toward `target` (default 0.5)."""
    position = body.get("position")
    if position not in (None, ""):
        return game_from_position(body, position)
    name = body.get("game")
    if not name:
        raise AutomaError("choose a game")
    if not isinstance(name, str):
        raise AutomaError("game must be a game's name (see /api/catalog)")
    game_class(name)
    players = body.get("players")
    seats, seed, bot_seed, chosen = table_of(body)
    mode = body.get("mode") or None
    if mode is not None and not isinstance(mode, str):
        raise AutomaError("mode must be a mode's name (see /api/catalog)")
    target = body.get("target")
    target = number(target, "target", 0.01, 0.99) if target not in (None, "") else 0.5
    names = names_of(body)
    past: list = []
    if store is not None:
        from automa.store import default_player

        past = store.finished_games(
            names[0] if names and names[0] else default_player(), game_class(name).name
        )
    session = Session.new(
        name,
        whole(players, "players", 1, 64) if players not in (None, "") else None,
        mode,
        parse_params(body.get("params")),
        seats,
        seed,
        bot_seed,
        past=past,
        target=target,
        out=lambda _line: None,
    )
    game = WebGame(session, chosen=chosen)
    # the human seats' players: those named, else the default player (the login name) for
    # the first human seat, so that bare `automa stats` counts the game
    session.claim(names)
    return game


def table_of(body: dict) -> tuple[list[str], int | None, int, bool]:
    """A new game's seats and seeds from its body: (seats, seed or None for a random one, the
    bots' seed, whether the creator chose the seed)."""
    seats = body.get("seats")
    if seats is None:
        seats = []
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        raise AutomaError('seats must be a list of texts, one per seat ("human" or a bot spec)')
    seed = body.get("seed")
    chosen = seed not in (None, "")
    bot_seed = body.get("bot_seed")
    return (
        seats,
        whole(seed, "seed", 0, 2**63) if chosen else None,
        whole(bot_seed, "bot_seed", 0, 2**63) if bot_seed not in (None, "") else 0,
        chosen,
    )


def game_from_position(body: dict, position: Any) -> WebGame:
    """A new game from a position file's text (docs/positions.md): its game and parameters
    are the position's, the seats and seeds as for any new game.  The position, like a seed,
    stays on the server: it holds every hidden card."""
    from automa.rules.position import PositionError, game_of, parse_text

    if not isinstance(position, str):
        raise AutomaError("position must be a position file's text (automa position writes one)")
    try:
        at = game_of(parse_text(position))
    except PositionError as err:
        raise AutomaError(f"the position: {err}") from None
    if body.get("game") not in (None, "", at.name):
        raise AutomaError(f"the position is a {at.name} position, not {body.get('game')}")
    seats, seed, bot_seed, chosen = table_of(body)
    session = Session.new(
        at.name,
        None,
        None,
        at.params.to_json(),
        seats,
        seed,
        bot_seed,
        out=lambda _line: None,
        start_position=position,
    )
    game = WebGame(session, chosen=chosen)
    session.claim(names_of(body))
    return game


def read_upload(text: str) -> list[dict]:
    """The JSON objects of an uploaded file (one per line, or one object)."""
    out = []
    for i, line in enumerate(text.splitlines()):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
        except (ValueError, RecursionError) as err:
            msg = err.msg if isinstance(err, json.JSONDecodeError) else "too deep or a number too long"
            raise AutomaError(f"line {i + 1} is not JSON ({msg}): not a save or record file") from None
        if not isinstance(item, dict):
            raise AutomaError(f"line {i + 1} is not a game record or save")
        out.append(item)
    if not out:
        raise AutomaError("the file holds no game record")
    return out


def is_opaque_save(item: dict) -> bool:
    return item.get("format") == SAVE_FORMAT


def finished_record(record: dict, line: int) -> dict:
    """A full record, accepted only when its game is over: while it is unfinished, its seed
    and every seat's moves are other seats' secrets."""
    if not {"game", "params", "seed", "seats", "actions"} <= set(record):
        raise AutomaError(f"line {line} is not a game record")
    try:
        records.check_record(record)
        state = records.replay(record)
    except records.RecordError as err:
        raise AutomaError(f"line {line}: {err}") from None
    if not state.is_terminal():
        raise AutomaError(
            f"line {line} is an unfinished game's full record: the server takes only finished "
            "records, or its own saves of unfinished games (resume your own file in the terminal: "
            "automa play GAME --load FILE)"
        )
    return record


def replay_step(record: dict, step: int, seat: int, only_seat: int | None = None) -> dict:
    """One step of a record, drawn for `seat`.  `only_seat`: an unfinished game, shown only
    from that seat, with every move worded as that seat saw it."""
    game = records.game_from_record(record)
    actions = record["actions"]
    step = max(0, min(step, len(actions)))
    if only_seat is not None and seat != only_seat:
        raise PermissionError(f"this save is seat {only_seat}'s: its game is shown only from that seat")
    if not 0 <= seat < game.num_players:
        raise AutomaError(f"seat must be from 0 to {game.num_players - 1}")
    state = game.new_initial_state(record["seed"])
    log = []
    for n, (encoded, text, who) in enumerate(actions[:step]):
        action = find_action(state, encoded)
        if only_seat is None:
            log.append(f"{n + 1}. seat {who}: {text}")
        else:
            said = state.action_to_string(action) if who == seat else move_text(state, action, who, seat)
            log.append(f"{n + 1}. {'you' if who == seat else f'seat {who}'}: {said}")
        state.apply_action(action)
    view = state_view(state, seat)
    view.pop("actions")
    view.update(
        {
            "step": step,
            "steps": len(actions),
            "seat": seat,
            "game": game.name,
            "title": type(game).title or game.name,
            "seats": [f"seat {s} ({spec})" for s, spec in enumerate(record["seats"])],
            "log": log[-60:],
            "history": list(state.history_text())[-30:],
        }
    )
    return view


def load_finished(items: list[dict]) -> WebGame:
    """The last record of an uploaded file, a finished game, as a game to look at."""
    record = finished_record(items[-1], len(items))
    return WebGame(Session.from_record(record, "the uploaded record", out=lambda _line: None))


# --------------------------------------------------------------------------- HTTP


def make_app(token: str | None = None, games: Games | None = None, max_body: int = MAX_BODY) -> Guard:
    """The ASGI app.  `token` None means no token is asked (tests of the API alone)."""
    games = games or Games()

    def error(status: int, message: str, **extra: Any) -> JSONResponse:
        return JSONResponse(
            {"error": message.splitlines()[0] if message else "error", **extra}, status_code=status
        )

    async def body_of(request: Request) -> dict:
        raw = await request.body()
        try:
            data = json.loads(raw.decode("utf-8")) if raw.strip() else {}
        except (ValueError, RecursionError):  # bad JSON or text, a number too long to read
            raise AutomaError("the request body is not JSON (or holds a number too long to read)") from None
        if not isinstance(data, dict):
            raise AutomaError("the request body must be a JSON object")
        return data

    def seat_of(request: Request, game: WebGame) -> int:
        raw = request.query_params.get("seat", "")
        try:
            seat = whole(raw, "seat", 0, 64)
        except AutomaError:
            raise AutomaError("seat= must be a seat number") from None
        game.check(seat, request.query_params.get("key", ""))
        return seat

    def wait_of(body: dict) -> float:
        return number(body["wait"], "wait", 0, 30) if "wait" in body else 2.0

    def guarded(handler):
        async def wrapped(request: Request) -> Response:
            try:
                return await handler(request)
            except PermissionError as err:
                return error(403, str(err))
            except StaleMove as err:
                return error(409, str(err))
            except StoreError as err:  # its line names the file: the server's log, not the page
                print(f"automa serve: {err}", file=sys.stderr)
                return error(503, "the server cannot reach its database just now; try again shortly")
            except (AutomaError, ValueError) as err:  # an unknown game too (a KeyError)
                return error(400, str(err))
            except LookupError as err:
                return error(404, str(err))

        return wrapped

    async def index(_request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-store"})

    async def api_catalog(_request: Request) -> Response:
        return JSONResponse(await run_in_threadpool(catalog))

    async def api_new(request: Request) -> Response:
        body = await body_of(request)
        game = await run_in_threadpool(new_game, body, games.store)
        made = games.add(game)
        players = game.session.players
        for entry in made["seats"]:
            if entry["seat"] in players:
                entry["player"] = players[entry["seat"]]
        if players:
            made["player"] = players[min(players)]
        return JSONResponse(made)

    async def api_player(_request: Request) -> Response:
        return JSONResponse(default_name())

    async def api_players(request: Request) -> Response:
        name = request.path_params["name"]
        return JSONResponse(await run_in_threadpool(player_page, games.store, name))

    def turn_of(game_id: str, seat: int) -> dict:
        """Whose turn it is in a game, as its seat's own view says it."""
        try:
            game = games.get(game_id)
        except (LookupError, AutomaError):  # a stored game these rules no longer replay
            return {}
        to_move = game.to_move
        return {
            "ply": game.ply,
            "to_move": to_move,
            "to_move_name": game.seat_names()[to_move] if to_move >= 0 else "",
            "your_turn": to_move == seat and not game.thinking,
        }

    async def api_mine(request: Request) -> Response:
        held = held_of(await body_of(request))
        listed = await run_in_threadpool(mine, games.store, held, turn_of)
        return JSONResponse({"games": listed})

    async def api_load(request: Request) -> Response:
        body = await body_of(request)
        items = await run_in_threadpool(read_upload, text_field(body, "text"))
        if is_opaque_save(items[-1]):
            game, seat = opaque_save_game(items[-1])
            return JSONResponse(games.entry(game, [seat]))
        return JSONResponse(games.add(await run_in_threadpool(load_finished, items)))

    def opaque_save_game(save: dict) -> tuple[WebGame, int]:
        ref = save.get("ref")
        found = games.store.find_save(ref) if isinstance(ref, str) and len(ref) <= 64 else None
        if found is None:
            raise LookupError("this save is not one of this server's: load it on the server that made it")
        game_id, seat, _ply = found
        return games.get(game_id), seat

    async def api_view(request: Request) -> Response:
        game = games.get(request.path_params["id"])
        seat = seat_of(request, game)
        return JSONResponse(await run_in_threadpool(game.view, seat))

    async def api_frames(request: Request) -> Response:
        game = games.get(request.path_params["id"])
        seat = seat_of(request, game)
        after = query_int(request, "after", 0, 0, 10**9)
        return JSONResponse(
            {
                "frames": game.frames_after(seat, after),
                "next": game.next_frame(seat),
                "thinking": game.thinking,
                "queued": game.queued,
                "ply": game.ply,
            }
        )

    async def api_advance(request: Request) -> Response:
        game = games.get(request.path_params["id"])
        seat = seat_of(request, game)
        wait = wait_of(await body_of(request))
        return JSONResponse(await run_in_threadpool(game.advance, seat, wait))

    async def api_act(request: Request) -> Response:
        game = games.get(request.path_params["id"])
        seat = seat_of(request, game)
        body = await body_of(request)
        if "index" not in body or "ply" not in body:
            raise AutomaError("an action needs its index and the ply it was chosen at")
        index = whole(body["index"], "index", 0, 10**6)
        ply = whole(body["ply"], "ply", 0, 10**9)
        return JSONResponse(await run_in_threadpool(game.act, seat, index, ply, wait_of(body)))

    async def api_undo(request: Request) -> Response:
        game = games.get(request.path_params["id"])
        seat = seat_of(request, game)
        wait = wait_of(await body_of(request))
        return JSONResponse(await run_in_threadpool(game.undo, seat, wait))

    async def api_hint(request: Request) -> Response:
        game = games.get(request.path_params["id"])
        seat = seat_of(request, game)
        body = await body_of(request)
        seconds = number(body.get("seconds", 3), "seconds", 0.1, 60)
        return JSONResponse(await run_in_threadpool(game.hint, seat, seconds))

    async def api_position(request: Request) -> Response:
        """The finished game's last position, to copy: a position holds every hidden card,
        so it is offered only once the game is over."""
        game = games.get(request.path_params["id"])
        seat_of(request, game)
        if not game.over:
            return error(409, "a position holds every hidden card: it is offered once the game is over")
        try:
            text = await run_in_threadpool(lambda: game._published[0].to_position(game.session.seed))
        except Exception:  # noqa: BLE001 - a table the notation does not cover
            return error(
                409, "this table's position cannot be written (a designed automaton deck sits at it)"
            )
        return PlainTextResponse(text, media_type="application/toml")

    async def api_save(request: Request) -> Response:
        game = games.get(request.path_params["id"])
        seat = seat_of(request, game)
        return await run_in_threadpool(save_of, game, seat)

    def save_of(game: WebGame, seat: int) -> Response:
        with game.lock:
            session = game.session
            name = session.game.name
            if session.state.is_terminal():
                text = records.dumps(session.to_record()) + "\n"
                filename = f"automa-{name}-{game.id}.json"
            else:
                ref = secrets.token_urlsafe(24)
                ply = len(session.actions)
                game.persist()
                games.store.add_save(ref, game.id, seat, ply)
                save = {
                    "format": SAVE_FORMAT,
                    "save": 1,
                    "game": name,
                    "title": type(session.game).title or name,
                    "seat": seat,
                    "ply": ply,
                    "ref": ref,
                    "note": (
                        "An unfinished game kept on the automa server that made this file: load it "
                        f"there to go back to seat {seat} where the game now stands. It holds no "
                        "cards and no moves; the full record comes when the game is over."
                    ),
                }
                text = json.dumps(save) + "\n"
                filename = f"automa-{name}-{game.id}-seat{seat}.json"
        return Response(
            text,
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="{filename}"'},
        )

    async def api_replay_new(request: Request) -> Response:
        body = await body_of(request)
        items = await run_in_threadpool(read_upload, text_field(body, "text"))
        entries: list[dict[str, Any]] = []
        for i, item in enumerate(items):
            if is_opaque_save(item):
                game, seat = opaque_save_game(item)
                with game.lock:
                    record = game.session.to_record()
                entries.append({"record": record, "only_seat": None if game.over else seat})
            else:
                entries.append(
                    {"record": await run_in_threadpool(finished_record, item, i + 1), "only_seat": None}
                )
        rid = secrets.token_urlsafe(9)
        with games.lock:
            games.replays[rid] = {"entries": entries, "touched": time.monotonic()}
            games.evict()
        return JSONResponse(
            {
                "id": rid,
                "records": [
                    {
                        "index": i,
                        "game": e["record"]["game"],
                        "seats": e["record"]["seats"],
                        "status": e["record"].get("status", ""),
                        "actions": len(e["record"]["actions"]),
                        **({"seat": e["only_seat"]} if e["only_seat"] is not None else {}),
                    }
                    for i, e in enumerate(entries)
                ],
            }
        )

    async def api_replay_step(request: Request) -> Response:
        rid = request.path_params["id"]
        replay = games.replays.get(rid)
        if replay is None:
            raise LookupError(f"no replay {rid!r} on this server (replays are kept for a while only)")
        replay["touched"] = time.monotonic()
        entries = replay["entries"]
        index = query_int(request, "record", 0)
        step = query_int(request, "step", 0, 0, 10**9)
        if not 0 <= index < len(entries):
            raise AutomaError(f"record {index} is not in the file (it has {len(entries)})")
        entry = entries[index]
        seat = query_int(request, "seat", entry["only_seat"] or 0, 0, 64)
        return JSONResponse(
            await run_in_threadpool(replay_step, entry["record"], step, seat, entry["only_seat"])
        )

    async def api_companion_new(request: Request) -> Response:
        from automa.web.companion import CompanionSession

        body = await body_of(request)
        players = body.get("players")
        seed = body.get("seed")
        players = whole(players, "players", 1, 64) if players not in (None, "") else None
        seed = whole(seed, "seed", 0, 2**63) if seed not in (None, "") else None
        game = text_field(body, "game")
        times_mix = text_field(body, "times_mix") or None
        mumanbot = text_field(body, "mumanbot") or None
        made = await run_in_threadpool(lambda: CompanionSession(game, players, times_mix, mumanbot, seed))
        key = made.key
        with games.lock:
            games.companions[made.id] = made
            games.evict()
        return JSONResponse({"id": made.id, "key": key, "url": f"/companion/{made.id}?key={key}"})

    def companion_of(request: Request):
        cid = request.path_params["id"]
        companion = games.companions.get(cid)
        if companion is None:
            raise LookupError(f"no companion {cid!r} on this server (it may have been restarted)")
        given = request.query_params.get("key", "").encode("utf-8", "surrogateescape")
        if not secrets.compare_digest(companion.key.encode(), given):
            raise PermissionError("this companion is not yours: open the link the lobby gave for it")
        return companion

    async def api_companion_view(request: Request) -> Response:
        return JSONResponse(companion_of(request).view())

    async def api_companion_answer(request: Request) -> Response:
        companion = companion_of(request)
        body = await body_of(request)
        return JSONResponse(await run_in_threadpool(companion.answer, text_field(body, "text")))

    async def not_found(request: Request, _exc: Exception) -> Response:
        return error(404, f"nothing at {request.url.path[:80]}")

    async def not_allowed(request: Request, _exc: Exception) -> Response:
        return error(405, f"{request.method} is not allowed on {request.url.path[:80]}")

    async def internal(_request: Request, _exc: Exception) -> Response:
        return error(500, "the server could not answer that request (nothing was changed)")

    routes = [
        Route("/", index),
        Route("/play/{id}", index),
        Route("/replay", index),
        Route("/companion/{id}", index),
        Route("/players/{name:path}", index),
        Route("/api/companions", guarded(api_companion_new), methods=["POST"]),
        Route("/api/companions/{id}", guarded(api_companion_view)),
        Route("/api/companions/{id}/answer", guarded(api_companion_answer), methods=["POST"]),
        Route("/api/catalog", guarded(api_catalog)),
        Route("/api/games", guarded(api_new), methods=["POST"]),
        Route("/api/player", guarded(api_player)),
        Route("/api/players/{name:path}", guarded(api_players)),
        Route("/api/mine", guarded(api_mine), methods=["POST"]),
        Route("/api/load", guarded(api_load), methods=["POST"]),
        Route("/api/games/{id}", guarded(api_view)),
        Route("/api/games/{id}/frames", guarded(api_frames)),
        Route("/api/games/{id}/advance", guarded(api_advance), methods=["POST"]),
        Route("/api/games/{id}/act", guarded(api_act), methods=["POST"]),
        Route("/api/games/{id}/undo", guarded(api_undo), methods=["POST"]),
        Route("/api/games/{id}/hint", guarded(api_hint), methods=["POST"]),
        Route("/api/games/{id}/save", guarded(api_save)),
        Route("/api/games/{id}/position", guarded(api_position)),
        Route("/api/replays", guarded(api_replay_new), methods=["POST"]),
        Route("/api/replays/{id}", guarded(api_replay_step)),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(
        routes=routes,
        exception_handlers={404: not_found, 405: not_allowed, 500: internal, Exception: internal},
    )
    app.state.games = games
    return Guard(app if token is None else TokenGate(app, token), max_body)


#: the response headers every answer carries: only the app's own scripts run, nothing is
#: framed, no address (with its token or key) is sent on as a referrer
SAFE_HEADERS = [
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
        b"object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
    ),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
]


class Guard:
    """ASGI middleware: the safe headers on every answer, and a body limit on every route (a
    413 that says the limit, before the route reads anything)."""

    def __init__(self, app, max_body: int):
        self.app, self.max_body = app, max_body
        self.state = app.state

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def send_safe(message):
            if message["type"] == "http.response.start":
                message["headers"] = list(message.get("headers", [])) + SAFE_HEADERS
            await send(message)

        declared = dict(scope.get("headers") or []).get(b"content-length")
        too_big = False
        if declared is not None:
            try:
                too_big = int(declared) > self.max_body
            except ValueError:
                too_big = True
        chunks: list[bytes] = []
        if not too_big:
            size = 0
            more = True
            while more:
                message = await receive()
                if message["type"] == "http.disconnect":
                    return None
                chunk = message.get("body", b"")
                size += len(chunk)
                if size > self.max_body:
                    too_big = True
                    break
                chunks.append(chunk)
                more = message.get("more_body", False)
        if too_big:
            limit = (
                f"{self.max_body // (1024 * 1024)} MB"
                if self.max_body >= 1024 * 1024
                else f"{self.max_body} bytes"
            )
            response = JSONResponse({"error": f"the request body is over the {limit} limit"}, status_code=413)
            return await response(scope, receive, send_safe)
        body = b"".join(chunks)
        sent = False

        async def replay_body():
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        return await self.app(scope, replay_body, send_safe)


class TokenGate:
    """ASGI middleware: a request passes with the token in the query (which also sets the
    cookie) or in the cookie; anything else gets a one-line 403."""

    def __init__(self, app, token: str):
        self.app, self.token = app, token
        self.state = app.state

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        request = Request(scope)
        given = request.query_params.get("token")
        offered = (given or request.cookies.get(COOKIE, "")).encode("utf-8", "surrogateescape")
        ok = secrets.compare_digest(offered, self.token.encode())
        if not ok:
            response = PlainTextResponse(
                "automa: open the link that `automa serve` printed (it carries the access token)\n",
                status_code=403,
            )
            return await response(scope, receive, send)
        if given:

            async def send_with_cookie(message):
                if message["type"] == "http.response.start":
                    message.setdefault("headers", [])
                    message["headers"] = list(message["headers"]) + [
                        (b"set-cookie", f"{COOKIE}={self.token}; Path=/; HttpOnly; SameSite=Strict".encode())
                    ]
                await send(message)

            return await self.app(scope, receive, send_with_cookie)
        return await self.app(scope, receive, send)


def listening_socket(host: str, port: int) -> socket.socket:
    """A socket bound to (host, port), port 0 for any free one; OSError when it is taken."""
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def free_port(host: str) -> int:
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as sock:
        sock.bind((host, 0))
        return sock.getsockname()[1]


def serve(
    host: str = "127.0.0.1",
    port: int = 8765,
    token: str | None = None,
    first: WebGame | None = None,
    open_browser: bool = False,
    echo=print,
    db: str | Path | None = None,
) -> None:
    """Run the app until Ctrl-C.  `first`, a game made by `automa play --web`, is opened
    directly.  `db`: the database file (default: the state folder's automa.db), which keeps
    every game across restarts."""
    import uvicorn

    from automa.players import open_store

    token = token or secrets.token_urlsafe(12)
    store = open_store(db)
    store.claim_serving()
    games = Games(store=store)
    path = "/"
    if first is not None:
        if not first.session.players and not first.over:
            first.session.claim()  # `automa play --web` with no name: the default player's
        entry = games.add(first)
        path = entry["seats"][0]["url"]
    app = make_app(token, games)
    # bound before the link is printed: a port in use is one line, never a link that fails
    sock = listening_socket(host, port)
    port = sock.getsockname()[1]
    shown = "localhost" if host in ("127.0.0.1", "::1", "localhost") else host
    sep = "&" if "?" in path else "?"
    url = f"http://{shown}:{port}{path}{sep}token={token}"
    echo(f"automa is serving on {url}")
    echo(f"games are kept in {games.store.path}")
    if host not in ("127.0.0.1", "::1", "localhost"):
        echo(
            "anyone on your network with this link (and its token) can open the lobby; "
            "Ctrl-C stops the server"
        )
        echo(
            "the traffic is NOT encrypted: anyone on the network path can read the token and the boards; "
            "put the server behind a TLS proxy for anything but a trusted home network (see docs/web.md)"
        )
    else:
        echo("Ctrl-C stops the server")
    if open_browser and not os.environ.get("CI"):
        import webbrowser

        webbrowser.open(url)
    try:
        uvicorn.Server(uvicorn.Config(app, log_level="warning")).run(sockets=[sock])
    finally:
        sock.close()
        games.runner.close()
