"""A cheating seat tries every route (#47).

Two people share a table in `automa serve`, with bots in the other seats.  Seat 0 plays
honestly through the API with its own key, and at several plies also fetches everything else
it can: its views, frames, log, a hint, its save, a load of that save (and the loaded game's
views for whatever seat the load gave it), edited saves, replays of the save for every seat
number and several steps, undo, and the error answers to bad requests.  Nothing of it may
hold a fact private to seat 1, the seed or the bot seed.

What is private to seat 1 (and to the bots' seats: seat 0 may not read a bot's hand either)
comes from the engine, not from a list kept here: the game is rebuilt on the side from its
actions, and a line of another seat's own board text is a secret when it changes between
worlds seat 0 cannot tell apart (`determinize(0, ...)`) and never occurs in any text seat 0
is entitled to over the whole game (its own board, its legal actions, how each move reads to
it, the public log).  A move in another seat's log is a secret when it reads otherwise to
seat 0 and its text never occurs in seat 0's texts.  The test fails if it finds no secret of
seat 1 to look for, or if seat 1's own view never shows one of them (then the test would be
looking for the wrong words).  Only unfinished positions count: a finished game may show
everything.

The games' actions are learned from the server's own object (`app.state.games`): the test's
way to know the truth, never something a client could see.
"""

from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest

from automa.rules.core import game_class, load_game
from automa.rules.presentation import move_text, plain
from automa.search import records
from automa.views import news_text, render_view
from automa.web.server import make_app
from tests.web_checks import error_problem, texts_of

testclient = pytest.importorskip("starlette.testclient")

SEED = 918273645
BOT_SEED = 5550123
#: worlds seat 0 cannot tell apart, drawn at each ply to find what only seat 1 knows
WORLDS = 3
#: a secret shorter than this could turn up in any text by chance
SHORTEST_SECRET = 8
#: how long the test waits for a game's bots before it gives up
THINK_LIMIT = 120.0

#: game -> its seats, the human moves played, and the human-move counts after which seat 0
#: (on its next turn) tries every route
GAMES: dict[str, dict[str, Any]] = {
    "salem": {"seats": ["human", "human", "random", "random"], "moves": 30, "probes": (1, 6, 12, 20)},
    "watergate": {"seats": ["human", "human"], "moves": 40, "probes": (1, 10, 22, 34)},
    "pi": {"seats": ["human", "human", "random"], "moves": 40, "probes": (1, 10, 22, 34)},
}


@dataclass
class Got:
    """One answer seat 0 received."""

    label: str
    status: int
    blob: str  # every text it carried, joined
    response: Any
    check_error: bool


@dataclass
class Load:
    label: str
    status: int
    seats: set[int]
    plain: bool  # the save as the server gave it (not edited)


@dataclass
class CheatingSeat:
    """One game played through the API, seat 0 collecting everything it can fetch."""

    name: str
    seats: list[str]
    client: Any = None
    gid: str = ""
    keys: dict[int, str] = field(default_factory=dict)
    got: list[Got] = field(default_factory=list)
    loads: list[Load] = field(default_factory=list)
    #: (label, seat asked for, step, status, whether the step was played) of each replay
    #: step of the plain save
    replay_steps: list[tuple[str, int, int, int, bool]] = field(default_factory=list)
    #: (label, status) of each upload of the plain save to the replay viewer
    replay_uploads: list[tuple[str, int]] = field(default_factory=list)
    #: (label, status) of each upload of an unfinished full record (load and replay)
    full_record_uploads: list[tuple[str, int]] = field(default_factory=list)
    #: ply -> seat 1's own board text there, fetched with seat 1's key (the control)
    seat1_boards: dict[int, str] = field(default_factory=dict)
    #: the game's actions at each probe (learned from the server's object)
    snapshots: list[list] = field(default_factory=list)
    actions: list = field(default_factory=list)
    frames_next: int = 0
    human_moves: int = 0
    truth: Any = None
    seconds: float = 0.0

    # ---- requests
    @property
    def n(self) -> int:
        return len(self.seats)

    def q(self, seat: int, key: str | None = None) -> str:
        return urlencode({"seat": seat, "key": self.keys[0] if key is None else key})

    def ask(self, label: str, method: str, url: str, body: Any = None, *, errors: bool = True):
        """A request seat 0 makes; what it gets back is kept.  The answer of a finished game
        (`over`) may show everything, so its texts are not kept."""
        r = (
            self.client.request(method, url, json=body)
            if body is not None
            else self.client.request(method, url)
        )
        try:
            data = r.json()
        except ValueError:
            data = None
        finished = isinstance(data, dict) and data.get("over") is True
        blob = "" if finished else "\x00".join(texts_of(r))
        self.got.append(Got(label, r.status_code, blob, r, errors))
        return r

    def server_game(self, gid: str):
        """The server's own object for a game (the test's way to the truth)."""
        try:
            return self.client.app.state.games.games.get(gid)
        except (AttributeError, TypeError):
            return None

    # ---- play
    def start(self) -> None:
        r = self.client.post(
            "/api/games",
            json={
                "game": self.name,
                "players": self.n,
                "seats": self.seats,
                "seed": SEED,
                "bot_seed": BOT_SEED,
            },
        )
        assert r.status_code == 200, r.text
        made = r.json()
        self.gid = made["id"]
        self.keys = {entry["seat"]: entry["key"] for entry in made["seats"]}
        assert set(self.keys) == {s for s, spec in enumerate(self.seats) if spec == "human"}

    def settle(self) -> dict[int, dict]:
        """Every human seat's view once the game's bots have stopped thinking."""
        deadline = time.monotonic() + THINK_LIMIT
        while True:
            views = {}
            for s in sorted(self.keys):
                url = f"/api/games/{self.gid}?{self.q(s, self.keys[s])}"
                r = self.ask("view", "GET", url) if s == 0 else self.client.get(url)
                assert r.status_code == 200, f"seat {s}'s own view: {r.status_code} {r.text[:300]}"
                views[s] = r.json()
            if not any(v.get("thinking") or v.get("queued") for v in views.values()):
                self.frames()
                return views
            assert time.monotonic() < deadline, f"the bots still think after {THINK_LIMIT} s"
            time.sleep(0.05)

    def frames(self, after: int | None = None) -> None:
        """The bots' moves narrated for seat 0 since frame `after` (the route, where it exists)."""
        start = self.frames_next if after is None else after
        r = self.ask(
            f"frames after {start}",
            "GET",
            f"/api/games/{self.gid}/frames?{self.q(0)}&after={start}",
            errors=False,
        )
        if r.status_code == 200 and after is None:
            nxt = r.json().get("next")
            if isinstance(nxt, int):
                self.frames_next = nxt

    def play(self, moves: int, probes: tuple[int, ...]) -> None:
        self.start()
        rng = random.Random(f"{self.name}:{SEED}")
        pending = sorted(probes)
        views = self.settle()
        while self.human_moves < moves:
            if views[0].get("over"):
                break
            movers = [s for s, v in views.items() if v.get("your_turn")]
            if not movers:
                self.ask("advance", "POST", f"/api/games/{self.gid}/advance?{self.q(0)}", {})
                views = self.settle()
                if views[0].get("over"):
                    break
                movers = [s for s, v in views.items() if v.get("your_turn")]
            assert movers, f"no human seat is to move at ply {views[0].get('ply')} and the bots are idle"
            seat = movers[0]
            if seat == 0 and pending and self.human_moves >= pending[0]:
                while pending and self.human_moves >= pending[0]:
                    pending.pop(0)
                self.probe(views)
                views = self.settle()
                if views[0].get("over") or not views[0].get("your_turn"):
                    continue
            view = views[seat]
            assert view["actions"], f"seat {seat} is to move with no action listed"
            index = 0 if rng.random() < 0.5 else rng.randrange(len(view["actions"]))
            url = f"/api/games/{self.gid}/act?{self.q(seat, self.keys[seat])}"
            body = {"index": index, "ply": view["ply"]}
            r = self.ask("act", "POST", url, body) if seat == 0 else self.client.post(url, json=body)
            assert r.status_code == 200, f"seat {seat}'s move: {r.status_code} {r.text[:300]}"
            self.human_moves += 1
            views = self.settle()
        if not views[0].get("over"):
            self.probe(views, last=True)

    # ---- what seat 0 tries at a ply
    def probe(self, views: dict[int, dict], last: bool = False) -> None:
        ply = views[0]["ply"]
        at = f"at ply {ply}"
        game = f"/api/games/{self.gid}"
        self.snapshots.append(list(self.server_game(self.gid).session.actions))
        self.seat1_boards[ply] = views[1].get("board_text", "")
        if views[0].get("your_turn"):
            self.ask(f"hint {at}", "POST", f"{game}/hint?{self.q(0)}", {"seconds": 0.2})
        self.frames(after=0)
        save = self.ask(f"save {at}", "GET", f"{game}/save?{self.q(0)}")
        if save.status_code == 200:
            text = save.text
            self.load(f"load of the save {at}", text, plain=True)
            self.replay(f"replay of the save {at}", text, ply, plain=True)
            for what, edited in edits(text, self.n):
                self.load(f"load of the save {at} {what}", edited, plain=False)
                self.replay(f"replay of the save {at} {what}", edited, ply, plain=False)
            self.ask(
                f"load of the save cut short {at}", "POST", "/api/load", {"text": text[: len(text) // 2]}
            )
            self.ask(
                f"replay of the save cut short {at}", "POST", "/api/replays", {"text": text[: len(text) // 2]}
            )
        self.full_records(at)
        self.bad_requests(ply, at)
        if last:
            self.actions = list(self.server_game(self.gid).session.actions)
            self.ask(f"undo {at}", "POST", f"{game}/undo?{self.q(0)}", {})

    def load(self, label: str, text: str, plain: bool) -> None:
        """Load a save and look at the loaded game from every seat it handed out (views and
        frames only: a move or an undo there would make positions the main game never had,
        which the engine's account of the main game cannot judge)."""
        r = self.ask(label, "POST", "/api/load", {"text": text, "name": "save.json"})
        handed: set[int] = set()
        if r.status_code == 200:
            body = r.json()
            entries = [e for e in body.get("seats") or [] if isinstance(e, dict)]
            if "key" in body:
                entries.append(body)
            gid = body.get("id")
            for entry in entries:
                url = str(entry.get("url", ""))
                query = parse_qs(urlsplit(url).query)
                seat = int(entry.get("seat", query.get("seat", ["-1"])[0]))
                key = str(entry.get("key", query.get("key", [""])[0]))
                handed.add(seat)
                lid = gid or urlsplit(url).path.rsplit("/", 1)[-1]
                q = urlencode({"seat": seat, "key": key})
                self.ask(f"{label}: seat {seat}'s view", "GET", f"/api/games/{lid}?{q}")
                self.ask(
                    f"{label}: seat {seat}'s frames",
                    "GET",
                    f"/api/games/{lid}/frames?{q}&after=0",
                    errors=False,
                )
            # a key of the loaded game anywhere in the answer is a seat handed out
            loaded = self.server_game(gid) if gid else None
            for s, key in (getattr(loaded, "keys", None) or {}).items():
                if key and key in r.text:
                    handed.add(s)
        self.loads.append(Load(label, r.status_code, handed, plain))

    def replay(self, label: str, text: str, ply: int, plain: bool) -> None:
        r = self.ask(label, "POST", "/api/replays", {"text": text})
        if plain:
            self.replay_uploads.append((label, r.status_code))
        if r.status_code != 200:
            return
        body = r.json()
        rid = body["id"]
        steps = sorted({0, 1, ply // 3, 2 * ply // 3, ply, ply + 25})
        for index in range(max(1, len(body.get("records") or []))):
            for seat in range(self.n):
                for step in steps if plain or seat == 1 else ():
                    q = urlencode({"record": index, "step": step, "seat": seat})
                    got = self.ask(f"{label}: seat {seat} step {step}", "GET", f"/api/replays/{rid}?{q}")
                    if plain:
                        self.replay_steps.append((label, seat, step, got.status_code, step <= ply))

    def full_records(self, at: str) -> None:
        """An unfinished game's full record (seed and every action), as a hand-made file would
        hold it: neither load nor the replay viewer may take it.  Seat 0 could not write
        this file (it does not know the seed or seat 1's moves), so what comes back is not
        kept as seat 0's."""
        record = self.server_game(self.gid).session.to_record()
        assert record["status"] != "finished"
        for what, rec in (("", record), (" with every seat human", {**record, "seats": ["human"] * self.n})):
            text = records.dumps(rec) + "\n"
            r = self.client.post("/api/load", json={"text": text, "name": "save.json"})
            self.full_record_uploads.append((f"load of the unfinished full record{what} {at}", r.status_code))
            r = self.client.post("/api/replays", json={"text": text})
            self.full_record_uploads.append(
                (f"replay of the unfinished full record{what} {at}", r.status_code)
            )

    def bad_requests(self, ply: int, at: str) -> None:
        game = f"/api/games/{self.gid}"
        k0 = self.keys[0]
        other = {"seat": 1, "key": k0}
        q1 = urlencode(other)
        mine = self.q(0)
        tries: list[tuple[str, str, str, Any]] = [
            ("act with an index out of range", "POST", f"{game}/act?{mine}", {"index": 999, "ply": ply}),
            ("act with a negative index", "POST", f"{game}/act?{mine}", {"index": -1, "ply": ply}),
            ("act at a stale ply", "POST", f"{game}/act?{mine}", {"index": 0, "ply": ply - 1 if ply else 1}),
            ("act at a ply to come", "POST", f"{game}/act?{mine}", {"index": 0, "ply": ply + 7}),
            ("act without a ply", "POST", f"{game}/act?{mine}", {"index": 0}),
            ("view as seat 1 with seat 0's key", "GET", f"{game}?{q1}", None),
            ("view as seat 1 without a key", "GET", f"{game}?seat=1", None),
            ("view with a seat that is no number", "GET", f"{game}?seat=one&key={k0}", None),
            ("act as seat 1 with seat 0's key", "POST", f"{game}/act?{q1}", {"index": 0, "ply": ply}),
            ("save as seat 1 with seat 0's key", "GET", f"{game}/save?{q1}", None),
            ("hint as seat 1 with seat 0's key", "POST", f"{game}/hint?{q1}", {"seconds": 0.2}),
            ("undo as seat 1 with seat 0's key", "POST", f"{game}/undo?{q1}", {}),
            ("advance as seat 1 with seat 0's key", "POST", f"{game}/advance?{q1}", {}),
            ("a replay that is not there", "GET", "/api/replays/nosuch?record=0&step=1&seat=1", None),
            ("a load of text that is no save", "POST", "/api/load", {"text": "{}", "name": "x.json"}),
        ]
        for s in range(2, self.n):  # the bots' seats
            tries.append(
                (f"view as seat {s} (a bot) with seat 0's key", "GET", f"{game}?seat={s}&key={k0}", None)
            )
        for label, method, url, body in tries:
            self.ask(f"{label} {at}", method, url, body)
        self.ask(
            f"frames as seat 1 with seat 0's key {at}", "GET", f"{game}/frames?{q1}&after=0", errors=False
        )


def edits(text: str, n: int) -> list[tuple[str, str]]:
    """The save with the seats it speaks of changed by hand: every seat human, seat 1 as the
    saving seat, both."""
    lines = [line for line in text.splitlines() if line.strip()]
    try:
        saved = json.loads(lines[-1])
    except (ValueError, IndexError):
        return []
    if not isinstance(saved, dict):
        return []
    humans = ["human"] * n
    return [
        ("with every seat made human", json.dumps({**saved, "seats": humans})),
        ("with seat 1 as its seat", json.dumps({**saved, "seat": 1})),
        ("with seat 1 as its seat and every seat human", json.dumps({**saved, "seat": 1, "seats": humans})),
    ]


# --------------------------------------------------------------------------- the truth


@dataclass
class Truth:
    """What the engine says another seat knows and seat 0 may not, over the plies played."""

    #: secret text -> where it comes from (whose, and the first ply)
    secrets: dict[str, str]
    #: ply -> the secret lines of seat 1's board there
    board_secrets: dict[int, set[str]]


def truth(name: str, n: int, actions: list) -> Truth:
    """Seat 1's secrets (and the bots' too: seat 0 may not read a bot's hand either)."""
    game = load_game(name, players=n, **game_class(name).human_params)
    state = game.new_initial_state(SEED)
    states = [state.clone()]
    for action, _text, _seat in actions:
        state.apply_action(action)  # raises if the server's game is not this one
        states.append(state.clone())
    states = [s for s in states if not s.is_terminal()]  # a finished game may show everything
    # every text seat 0 is entitled to over the whole game
    own: list[str] = []
    for s in states:
        own.append(render_view(s, 0, plain))
        own.extend(news_text(s, line) for line in s.history_text())
        if s.current_player() == 0:
            own.extend(s.action_to_string(a) for a in s.legal_actions())
    told: list[tuple[int, int, str]] = []  # (viewer, ply, how a move reads to that viewer)
    for ply, (action, _text, actor) in enumerate(actions[: len(states)]):
        before = states[ply]
        to_0 = move_text(before, action, actor, 0)
        own.append(to_0)
        for viewer in range(1, n):
            text = move_text(before, action, actor, viewer)
            if text != to_0:
                told.append((viewer, ply, text))
    entitled = "\x00".join(own)

    def secret(line: str) -> bool:
        return len(line) >= SHORTEST_SECRET and line not in entitled

    secrets: dict[str, str] = {}
    board_secrets: dict[int, set[str]] = {}
    for ply, s in enumerate(states):
        worlds = [s.determinize(0, random.Random(1000 * ply + w)) for w in range(WORLDS)]
        for viewer in range(1, n):
            lines = [line.strip() for line in render_view(s, viewer, plain).splitlines()]
            varies: set[str] = set()
            for world in worlds:
                theirs = {line.strip() for line in render_view(world, viewer, plain).splitlines()}
                varies.update(line for line in lines if line not in theirs)
            found = {line for line in varies if secret(line)}
            if viewer == 1:
                board_secrets[ply] = found
            for line in found:
                secrets.setdefault(line, f"seat {viewer}'s board at ply {ply}")
    for viewer, ply, line in told:
        if secret(line):
            secrets.setdefault(line, f"seat {viewer}'s log at ply {ply}")
    return Truth(secrets, board_secrets)


# --------------------------------------------------------------------------- the runs


@pytest.fixture(scope="module", params=list(GAMES))
def run(request):
    spec = GAMES[request.param]
    started = time.perf_counter()
    with testclient.TestClient(make_app(), raise_server_exceptions=False) as client:
        seat0 = CheatingSeat(request.param, spec["seats"], client)
        seat0.play(spec["moves"], spec["probes"])
        if not seat0.actions:  # the game ended before the last probe
            seat0.actions = seat0.snapshots[-1] if seat0.snapshots else []
        seat0.truth = truth(request.param, seat0.n, seat0.actions)
        seat0.seconds = time.perf_counter() - started
        yield seat0


def leaks(seat0: CheatingSeat, needles: dict[str, str]) -> list[str]:
    out = []
    for needle, origin in needles.items():
        where = [g.label for g in seat0.got if needle in g.blob]
        if where:
            more = f" (and {len(where) - 1} more answers)" if len(where) > 1 else ""
            out.append(f"{needle!r} ({origin}) reached seat 0 through: {where[0]}{more}")
    return out


def test_the_run_probed_an_unfinished_game_on_every_route(run):
    assert len(run.snapshots) >= 3, f"seat 0 probed only {len(run.snapshots)} times before the game ended"
    for snap in run.snapshots:
        assert run.actions[: len(snap)] == snap, "the game's moves changed between probes"
    assert run.seconds < 60, f"the run took {run.seconds:.1f} s"


def test_nothing_seat_0_can_fetch_holds_a_secret_of_another_seat(run):
    secrets = run.truth.secrets
    assert any(origin.startswith("seat 1's") for origin in secrets.values()), (
        "found no secret of seat 1 to look for: the check would pass whatever the server sent"
    )
    shown = {
        ply: {line for line in run.truth.board_secrets.get(ply, ()) if line in board}
        for ply, board in run.seat1_boards.items()
    }
    assert any(shown.values()), (
        "seat 1's own view never showed a secret the test looks for: the test looks for the wrong words"
    )
    found = leaks(run, secrets)
    assert not found, (
        f"{len(found)} of the other seats' {len(secrets)} secrets reached seat 0:\n" + "\n".join(found[:12])
    )


def test_neither_the_seed_nor_the_bot_seed_reaches_seat_0(run):
    found = leaks(run, {str(SEED): "the seed", str(BOT_SEED): "the bot seed"})
    assert not found, "\n".join(found)


def test_loading_the_save_hands_out_the_saving_seat_only(run):
    plain_loads = [load for load in run.loads if load.plain]
    assert plain_loads, "seat 0 never got a save to load"
    wrong = [f"{load.label}: {load.status}, seats {sorted(load.seats)}" for load in plain_loads]
    assert all(load.status == 200 and load.seats == {0} for load in plain_loads), (
        "loading seat 0's own save must give seat 0's seat and no other:\n" + "\n".join(wrong)
    )


def test_an_edited_save_hands_out_no_other_seat(run):
    edited = [load for load in run.loads if not load.plain]
    assert edited, "seat 0's save could not be edited (it is not one JSON object)"
    wrong = [f"{load.label}: seats {sorted(load.seats)}" for load in edited if load.seats - {0}]
    assert not wrong, "an edited save handed out other seats:\n" + "\n".join(wrong)


def test_an_unfinished_games_replay_is_shown_to_the_saving_seat_only(run):
    refused = [f"{label}: {status}" for label, status in run.replay_uploads if status != 200]
    assert not refused, "the replay viewer refused the server's own save:\n" + "\n".join(refused)
    as_0 = [
        f"{label} seat 0 step {step}: {st}"
        for label, seat, step, st, played in run.replay_steps
        if seat == 0 and played and st != 200
    ]
    assert not as_0, "the saving seat could not step through its own replay:\n" + "\n".join(as_0)
    others = [
        f"{label} seat {seat} step {step}: {st}"
        for label, seat, step, st, _played in run.replay_steps
        if seat != 0 and not 400 <= st < 500
    ]
    assert not others, f"{len(others)} replay steps as another seat were answered:\n" + "\n".join(others[:8])


def test_an_unfinished_full_record_is_refused(run):
    taken = [f"{label}: {status}" for label, status in run.full_record_uploads if not 400 <= status < 500]
    assert not taken, "an unfinished game's full record was taken:\n" + "\n".join(taken)


def test_every_answer_to_seat_0_is_a_view_or_a_clean_error(run):
    problems = []
    for got in run.got:
        if got.status >= 500 or got.check_error:
            problem = error_problem(got.response)
            if problem:
                problems.append(f"{got.label}: {problem}")
    assert not problems, f"{len(problems)} bad answers:\n" + "\n".join(problems[:12])


def test_a_companion_answers_only_with_its_key():
    with testclient.TestClient(make_app(), raise_server_exceptions=False) as client:
        made = client.post("/api/companions", json={"game": "salem", "players": 4, "seed": 3})
        assert made.status_code == 200, made.text
        body = made.json()
        try:
            assert body.get("key"), f"a companion is made without a key: {body}"
            cid, key = body["id"], body["key"]
            for q in ("", "?key=wrong", "?key=%C3%A9"):
                allowed = (400, 403) if "%" in q else (403,)  # a key that is no ASCII may be a 400
                seen = client.get(f"/api/companions/{cid}{q}")
                assert seen.status_code in allowed, f"GET {q or 'without a key'}: {seen.status_code}"
                assert error_problem(seen) is None, error_problem(seen)
                said = client.post(f"/api/companions/{cid}/answer{q}", json={"text": "status"})
                assert said.status_code in allowed, f"answer {q or 'without a key'}: {said.status_code}"
                assert error_problem(said) is None, error_problem(said)
            assert client.get(f"/api/companions/{cid}?key={key}").status_code == 200
        finally:
            companion = client.app.state.games.companions.get(body.get("id"))
            if companion is not None:
                companion.close()
