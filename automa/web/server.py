"""`automa serve`: the local web app (lobby, board, replay viewer).

Starlette serves one page (`static/index.html`, plain JavaScript, no build step) and a small
JSON API.  Games live in this process's memory; bots think in a worker thread, one game at a
time under that game's lock.  Every request carries the access token printed at start (once
in the link, then as a cookie), and every seat view also its seat's key, so a browser on the
local network sees only the seat it was given.
"""

from __future__ import annotations

import json
import os
import secrets
import socket
import tempfile
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from automa.play import Session
from automa.rules.core import AutomaError, game_class, parse_param_value, registered_games
from automa.search import records
from automa.web.game import StaleMove, WebGame, state_view

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


class Games:
    """The games and replays this server holds."""

    def __init__(self) -> None:
        self.games: dict[str, WebGame] = {}
        self.replays: dict[str, list[dict]] = {}
        self.companions: dict = {}  # id -> automa.web.companion.CompanionSession

    def add(self, game: WebGame) -> dict:
        self.games[game.id] = game
        return {
            "id": game.id,
            "game": game.session.game.name,
            "seats": [
                {"seat": s, "key": k, "url": f"/play/{game.id}?seat={s}&key={k}"}
                for s, k in sorted(game.keys.items())
            ],
        }

    def get(self, game_id: str) -> WebGame:
        try:
            return self.games[game_id]
        except KeyError:
            raise LookupError(f"no game {game_id!r} on this server (it may have been restarted)") from None


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
        params = {k: v for k, v in cls.param_help().items() if k not in ("players", "mode")}
        out.append(
            {
                "name": name,
                "title": cls.title or name,
                "modes": {m: list(c) for m, c in cls.modes.items()},
                "params": params,
                "seats": ["human"] + automata + LOBBY_BOTS + extra,
            }
        )
    return out


def _automaton_levels(spec: str, game_name: str) -> list[str]:
    """The settings a printed automaton takes in a seat: the Mumanbot's levels, or the
    automaton decks shipped for the game."""
    if spec == "mumanbot":
        from automa.rules.tabletop_inc.data import LEVELS

        return list(LEVELS)
    if spec == "automaton":
        from automa.decks import shipped_decks

        return shipped_decks(game_name)
    return []


def parse_params(raw: dict) -> dict:
    """Lobby parameters arrive as the texts typed; read them as the command line does."""
    return {k: parse_param_value(str(v).strip()) for k, v in raw.items() if str(v).strip() != ""}


def new_game(body: dict) -> WebGame:
    name = body.get("game")
    if not name:
        raise AutomaError("choose a game")
    game_class(name)
    players = body.get("players")
    session = Session.new(
        name,
        int(players) if players not in (None, "") else None,
        body.get("mode") or None,
        parse_params(body.get("params") or {}),
        list(body.get("seats") or []),
        int(body["seed"]) if str(body.get("seed", "")).strip() else None,
        int(body.get("bot_seed") or 0),
        out=lambda _line: None,
    )
    return WebGame(session)


def load_game_text(text: str, name: str = "upload") -> WebGame:
    """A save file's text (the terminal's format) as a new game."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / (Path(name).name or "save.json")
        path.write_text(text, encoding="utf-8")
        session = Session.load(path, out=lambda _line: None)
    return WebGame(session)


def replay_frames(text: str) -> list[dict]:
    """Each record of a record file, for the replay viewer."""
    out = []
    for i, line in enumerate(text.splitlines()):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as err:
            raise AutomaError(f"line {i + 1} is not JSON ({err.msg}): not a record file") from None
        if not isinstance(record, dict) or not {"game", "params", "seed", "seats", "actions"} <= set(record):
            raise AutomaError(f"line {i + 1} is not a game record")
        out.append(record)
    if not out:
        raise AutomaError("the file holds no game record")
    return out


def replay_step(record: dict, step: int, seat: int) -> dict:
    game = records.game_from_record(record)
    actions = record["actions"]
    step = max(0, min(step, len(actions)))
    state = records.replay(record, upto=step)
    seat = max(0, min(seat, game.num_players - 1))
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
            "log": [f"{n + 1}. seat {who}: {text}" for n, (_a, text, who) in enumerate(actions[:step])][-60:],
            "history": list(state.history_text())[-30:],
        }
    )
    return view


# --------------------------------------------------------------------------- HTTP


def make_app(token: str | None = None, games: Games | None = None) -> Starlette:
    """The ASGI app.  `token` None means no token is asked (tests of the API alone)."""
    games = games or Games()

    def error(status: int, message: str, **extra: Any) -> JSONResponse:
        return JSONResponse({"error": message, **extra}, status_code=status)

    async def body_of(request: Request) -> dict:
        try:
            data = await request.json()
        except (json.JSONDecodeError, UnicodeDecodeError):
            raise AutomaError("the request body is not JSON") from None
        if not isinstance(data, dict):
            raise AutomaError("the request body must be a JSON object")
        return data

    def seat_of(request: Request, game: WebGame) -> int:
        try:
            seat = int(request.query_params.get("seat", ""))
        except ValueError:
            raise AutomaError("seat= must be a seat number") from None
        game.check(seat, request.query_params.get("key", ""))
        return seat

    def guarded(handler):
        async def wrapped(request: Request) -> Response:
            try:
                return await handler(request)
            except PermissionError as err:
                return error(403, str(err))
            except StaleMove as err:
                return error(409, str(err))
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
        return JSONResponse(games.add(await run_in_threadpool(new_game, body)))

    async def api_load(request: Request) -> Response:
        body = await body_of(request)
        return JSONResponse(
            games.add(
                await run_in_threadpool(
                    load_game_text, str(body.get("text", "")), str(body.get("name", "save.json"))
                )
            )
        )

    def locked(fn, game: WebGame, *args):
        with game.lock:
            return fn(*args)

    async def api_view(request: Request) -> Response:
        game = games.get(request.path_params["id"])
        seat = seat_of(request, game)
        return JSONResponse(await run_in_threadpool(locked, game.view, game, seat))

    async def api_advance(request: Request) -> Response:
        game = games.get(request.path_params["id"])
        seat = seat_of(request, game)
        return JSONResponse(
            await run_in_threadpool(locked, lambda: game.view(seat, game.run_bots(seat)), game)
        )

    async def api_act(request: Request) -> Response:
        game = games.get(request.path_params["id"])
        seat = seat_of(request, game)
        body = await body_of(request)
        try:
            index, ply = int(body["index"]), int(body["ply"])
        except (KeyError, TypeError, ValueError):
            raise AutomaError("an action needs its index and the ply it was chosen at") from None
        return JSONResponse(await run_in_threadpool(locked, game.act, game, seat, index, ply))

    async def api_undo(request: Request) -> Response:
        game = games.get(request.path_params["id"])
        seat = seat_of(request, game)
        return JSONResponse(await run_in_threadpool(locked, game.undo, game, seat))

    async def api_hint(request: Request) -> Response:
        game = games.get(request.path_params["id"])
        seat = seat_of(request, game)
        body = await body_of(request)
        try:
            seconds = float(body.get("seconds", 3))
        except (TypeError, ValueError):
            raise AutomaError("seconds must be a number") from None
        if not 0.1 <= seconds <= 60:
            raise AutomaError("a hint thinks for 0.1 to 60 seconds")
        return JSONResponse(await run_in_threadpool(locked, game.hint, game, seat, seconds))

    async def api_save(request: Request) -> Response:
        game = games.get(request.path_params["id"])
        seat_of(request, game)
        text = records.dumps(game.session.to_record()) + "\n"
        name = f"automa-{game.session.game.name}-{game.session.seed}.json"
        return Response(
            text,
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )

    async def api_replay_new(request: Request) -> Response:
        body = await body_of(request)
        frames = await run_in_threadpool(replay_frames, str(body.get("text", "")))
        rid = secrets.token_urlsafe(6)
        games.replays[rid] = frames
        return JSONResponse(
            {
                "id": rid,
                "records": [
                    {
                        "index": i,
                        "game": r["game"],
                        "seats": r["seats"],
                        "status": r.get("status", ""),
                        "actions": len(r["actions"]),
                    }
                    for i, r in enumerate(frames)
                ],
            }
        )

    async def api_replay_step(request: Request) -> Response:
        rid = request.path_params["id"]
        if rid not in games.replays:
            raise LookupError(f"no replay {rid!r} on this server")
        recs = games.replays[rid]
        try:
            index = int(request.query_params.get("record", 0))
            step = int(request.query_params.get("step", 0))
            seat = int(request.query_params.get("seat", 0))
        except ValueError:
            raise AutomaError("record, step and seat are numbers") from None
        if not 0 <= index < len(recs):
            raise AutomaError(f"record {index} is not in the file (it has {len(recs)})")
        return JSONResponse(await run_in_threadpool(replay_step, recs[index], step, seat))

    async def api_companion_new(request: Request) -> Response:
        from automa.web.companion import CompanionSession

        body = await body_of(request)
        players = str(body.get("players") or "").strip()
        seed = str(body.get("seed") or "").strip()
        if players and not players.isdigit() or seed and not seed.lstrip("-").isdigit():
            raise AutomaError("players and seed are whole numbers")
        made = await run_in_threadpool(
            lambda: CompanionSession(
                str(body.get("game", "")),
                int(players) if players else None,
                str(body.get("times_mix") or "") or None,
                str(body.get("mumanbot") or "") or None,
                int(seed) if seed else None,
            )
        )
        games.companions[made.id] = made
        return JSONResponse({"id": made.id, "url": f"/companion/{made.id}"})

    def companion_of(request: Request):
        cid = request.path_params["id"]
        if cid not in games.companions:
            raise LookupError(f"no companion {cid!r} on this server (it may have been restarted)")
        return games.companions[cid]

    async def api_companion_view(request: Request) -> Response:
        return JSONResponse(companion_of(request).view())

    async def api_companion_answer(request: Request) -> Response:
        companion = companion_of(request)
        body = await body_of(request)
        return JSONResponse(await run_in_threadpool(companion.answer, str(body.get("text", ""))))

    routes = [
        Route("/", index),
        Route("/play/{id}", index),
        Route("/replay", index),
        Route("/companion/{id}", index),
        Route("/api/companions", guarded(api_companion_new), methods=["POST"]),
        Route("/api/companions/{id}", guarded(api_companion_view)),
        Route("/api/companions/{id}/answer", guarded(api_companion_answer), methods=["POST"]),
        Route("/api/catalog", guarded(api_catalog)),
        Route("/api/games", guarded(api_new), methods=["POST"]),
        Route("/api/load", guarded(api_load), methods=["POST"]),
        Route("/api/games/{id}", guarded(api_view)),
        Route("/api/games/{id}/advance", guarded(api_advance), methods=["POST"]),
        Route("/api/games/{id}/act", guarded(api_act), methods=["POST"]),
        Route("/api/games/{id}/undo", guarded(api_undo), methods=["POST"]),
        Route("/api/games/{id}/hint", guarded(api_hint), methods=["POST"]),
        Route("/api/games/{id}/save", guarded(api_save)),
        Route("/api/replays", guarded(api_replay_new), methods=["POST"]),
        Route("/api/replays/{id}", guarded(api_replay_step)),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes)
    app.state.games = games
    if token is None:
        return app
    return TokenGate(app, token)


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
        ok = secrets.compare_digest(given or request.cookies.get(COOKIE, ""), self.token)
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
) -> None:
    """Run the app until Ctrl-C.  `first`, a game made by `automa play --web`, is opened
    directly."""
    import uvicorn

    token = token or secrets.token_urlsafe(12)
    games = Games()
    path = "/"
    if first is not None:
        entry = games.add(first)
        path = entry["seats"][0]["url"]
    app = make_app(token, games)
    port = port or free_port(host)
    shown = "localhost" if host in ("127.0.0.1", "::1", "localhost") else host
    sep = "&" if "?" in path else "?"
    url = f"http://{shown}:{port}{path}{sep}token={token}"
    echo(f"automa is serving on {url}")
    if host not in ("127.0.0.1", "::1", "localhost"):
        echo(
            "anyone on your network with this link (and its token) can open the lobby; Ctrl-C stops the server"
        )
    else:
        echo("Ctrl-C stops the server")
    if open_browser and not os.environ.get("CI"):
        import webbrowser

        webbrowser.open(url)
    uvicorn.run(app, host=host, port=port, log_level="warning")
