"""The JSON API fuzzed (#47): whatever a client sends, the server answers with a view or a
clear 4xx (a JSON object whose `error` is one line free of tracebacks, server paths and
Python's own words), never a 5xx, and it keeps serving.

Bodies are arbitrary JSON (huge integers, 1e400, NaN, non-ASCII text, nesting, the routes'
own field names with the wrong kinds of value) or bytes that are no JSON at all; queries
carry arbitrary text for `seat`, `key`, `record`, `step` and `after`; every route is tried
against a live game (with seat 0's real key or a wrong one) and a bogus id.  Then the
requests the issue names one by one."""

from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from automa.web.server import make_app
from tests.web_checks import error_problem

testclient = pytest.importorskip("starlette.testclient")

#: numbers JSON can write but Python's json.dumps cannot: sent as written
RAW = {"1e400": "1e400", "-1e400": "-1e400", "1e-400": "1e-400", "digits": "9" * 5000, "minus0": "-0"}
MARK = "\x00raw:"

FIELDS = [
    "game",
    "players",
    "mode",
    "params",
    "seats",
    "seed",
    "bot_seed",
    "index",
    "ply",
    "seconds",
    "text",
    "name",
    "times_mix",
    "mumanbot",
]

#: (route, what its {id} is): the live game's, the replay's, the companion's, or none
POST_ROUTES = [
    ("/api/games", None),
    ("/api/load", None),
    ("/api/replays", None),
    ("/api/companions", None),
    ("/api/games/{id}/advance", "game"),
    ("/api/games/{id}/act", "game"),
    ("/api/games/{id}/undo", "game"),
    ("/api/games/{id}/hint", "game"),
    ("/api/companions/{id}/answer", "companion"),
]
GET_ROUTES = [
    ("/api/games/{id}", "game"),
    ("/api/games/{id}/save", "game"),
    ("/api/games/{id}/frames", "game"),
    ("/api/replays/{id}", "replay"),
    ("/api/companions/{id}", "companion"),
]
QUERY_NAMES = ["seat", "key", "record", "step", "after"]
#: query escapes sent as written: bytes that are no UTF-8, half a character, a NUL
RAW_ESCAPES = ["%ff", "%C3", "%00"]
BOGUS_IDS = ["nosuch", "é", "%00", "0" * 300, "-1"]

text = st.text(st.characters(blacklist_categories=("Cs",)), max_size=24)
leaves = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.integers(min_value=2**63, max_value=10**80),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([1.9, 0.5, -1, 0, 1, 59.9, 1e308, -0.0]),
    text,
    st.sampled_from([MARK + name for name in RAW]),
    st.sampled_from(FIELDS + ["human", "random", "pi", "salem", "watergate", "standard", "é", "hh", "", " "]),
)
values = st.recursive(
    leaves,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(FIELDS) | text, inner, max_size=5)
    ),
    max_leaves=12,
)
objects = st.dictionaries(st.sampled_from(FIELDS), values, max_size=6)
bodies = st.one_of(objects, objects, values, st.binary(max_size=40))
query_values = st.one_of(
    text,
    st.sampled_from(
        ["0", "1", "-1", "2", "99999999999999999999999", "1e400", "nan", "1.9", "true", "é", "", " 0 "]
    ),
    st.sampled_from(["<key>", "<key>", *RAW_ESCAPES]),  # seat 0's key; escapes sent as they are
)
queries = st.dictionaries(st.sampled_from(QUERY_NAMES), query_values, max_size=5)


def encode(body) -> bytes:
    """A drawn body as the bytes sent: JSON (NaN and the raw numbers written as such)."""
    if isinstance(body, bytes):
        return body
    out = json.dumps(body)
    for name, literal in RAW.items():
        out = out.replace(json.dumps(MARK + name), literal)
    return out.encode("utf-8")


@dataclass
class Server:
    client: object
    game: str  # a live game's id
    key: str  # seat 0's key there
    replay: str
    companion: str
    companion_key: str
    #: whether the server has the frames route (the fuzz leaves a route that is not there alone)
    frames: bool

    def ident(self, kind: str | None, live: bool, bogus: str) -> str:
        if not live:
            return bogus
        return {"game": self.game, "replay": self.replay, "companion": self.companion}.get(kind or "", "")

    def url(
        self, route: str, kind: str | None, live: bool, bogus: str, query: dict, credentials: bool
    ) -> str:
        path = route.replace("{id}", quote(self.ident(kind, live, bogus), safe=""))
        pairs = []
        if credentials:
            key = self.companion_key if kind == "companion" else self.key
            pairs += [("seat", "0"), ("key", key)]
        for name, value in query.items():
            pairs.append((name, self.key if value == "<key>" else value))
        parts = [f"{k}={v if v in RAW_ESCAPES else quote(v, safe='')}" for k, v in pairs]
        return path + ("?" + "&".join(parts) if parts else "")


@pytest.fixture(scope="module")
def server():
    with testclient.TestClient(make_app(), raise_server_exceptions=False) as client:
        made = client.post(
            "/api/games", json={"game": "pi", "players": 2, "seats": ["human", "random"], "seed": 11}
        )
        assert made.status_code == 200, made.text
        game, key = made.json()["id"], made.json()["seats"][0]["key"]
        saved = client.get(f"/api/games/{game}/save?seat=0&key={key}")
        replay = client.post("/api/replays", json={"text": saved.text})
        companion = client.post("/api/companions", json={"game": "salem", "players": 4, "seed": 3})
        assert companion.status_code == 200, companion.text
        frames = client.get(f"/api/games/{game}/frames?seat=0&key={key}&after=0")
        yield Server(
            client,
            game,
            key,
            replay.json()["id"] if replay.status_code == 200 else "nosuch",
            companion.json()["id"],
            companion.json().get("key", ""),
            frames.status_code != 404
            or frames.headers.get("content-type", "").startswith("application/json"),
        )
        for made in list(client.app.state.games.companions.values()):
            made.close()


def check(response, what: str) -> None:
    problem = error_problem(response)
    assert problem is None, f"{what}: {problem}"


def cheap_hint(route: str, body):
    """A hint thinks for as long as it is asked (3 s when not told): the fuzz asks for a
    short one."""
    if route.endswith("/hint") and isinstance(body, dict):
        if "seconds" not in body:
            return {**body, "seconds": 0.2}
        try:
            seconds = float(body["seconds"])
        except (TypeError, ValueError, OverflowError):
            return body
        if math.isfinite(seconds) and seconds > 0.25:
            return {**body, "seconds": 0.2}
    return body


#: about 15 s for both fuzz tests on a server that passes them (1600 requests)
FUZZ = settings(
    max_examples=1000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@FUZZ
@given(
    route=st.sampled_from(POST_ROUTES),
    body=bodies,
    query=queries,
    live=st.booleans(),
    credentials=st.booleans(),
    bogus=st.sampled_from(BOGUS_IDS),
)
def test_every_post_route_answers_any_body_with_a_view_or_a_clean_4xx(
    server, route, body, query, live, credentials, bogus
):
    path, kind = route
    body = cheap_hint(path, body)
    url = server.url(path, kind, live, bogus, query, credentials)
    content = encode(body)
    response = server.client.post(url, content=content, headers={"content-type": "application/json"})
    check(response, f"POST {url} {content[:300]!r}")


@settings(FUZZ, max_examples=600)
@given(
    route=st.sampled_from(GET_ROUTES),
    query=queries,
    live=st.booleans(),
    credentials=st.booleans(),
    bogus=st.sampled_from(BOGUS_IDS),
)
def test_every_get_route_answers_any_query_with_a_view_or_a_clean_4xx(
    server, route, query, live, credentials, bogus
):
    path, kind = route
    assume(server.frames or not path.endswith("/frames"))
    url = server.url(path, kind, live, bogus, query, credentials)
    check(server.client.get(url), f"GET {url}")


# --------------------------------------------------------------------------- the cases


def fresh(client) -> tuple[str, str, int]:
    """A new game with seat 0 to move: its id, the query of seat 0, and the ply."""
    made = client.post(
        "/api/games", json={"game": "pi", "players": 2, "seats": ["human", "random"], "seed": 1}
    )
    assert made.status_code == 200, made.text
    game = made.json()["id"]
    q = f"seat=0&key={made.json()['seats'][0]['key']}"
    view = client.get(f"/api/games/{game}?{q}").json()
    if not view.get("your_turn"):
        client.post(f"/api/games/{game}/advance?{q}", json={})
    deadline = time.monotonic() + 30
    while True:
        view = client.get(f"/api/games/{game}?{q}").json()
        if not (view.get("thinking") or view.get("queued")) or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    assert view["your_turn"] and len(view["actions"]) > 2, "seat 0 is not to move in the test's game"
    return game, q, view["ply"]


def refused(response, what: str) -> None:
    assert 400 <= response.status_code < 500, f"{what}: {response.status_code} {response.text[:200]!r}"
    check(response, what)


def test_an_index_of_1e400_is_refused(server):
    game, q, ply = fresh(server.client)
    for body in (
        b'{"index": 1e400, "ply": %d}' % ply,
        b'{"index": 0, "ply": 1e400}',
        b'{"index": -1e400, "ply": 0}',
    ):
        refused(server.client.post(f"/api/games/{game}/act?{q}", content=body), body.decode())
    refused(
        server.client.post(f"/api/games/{game}/hint?{q}", content=b'{"seconds": 1e400}'), "a hint of 1e400 s"
    )
    refused(server.client.post("/api/games", content=b'{"game": "pi", "seed": 1e400}'), "a seed of 1e400")


def test_a_key_outside_ascii_is_refused(server):
    game = server.game
    urls = [
        f"/api/games/{game}?seat=0&key=é",
        f"/api/games/{game}/save?seat=0&key=é",
        f"/api/companions/{server.companion}?key=é",
    ]
    if server.frames:
        urls.append(f"/api/games/{game}/frames?seat=0&key=é&after=0")
    for url in urls:
        refused(server.client.get(url), f"GET {url}")
    refused(
        server.client.post(f"/api/games/{game}/act?seat=0&key=é", json={"index": 0, "ply": 0}), "act, key=é"
    )


@pytest.mark.parametrize("params", [[1], "players=3", 5, [["players", 3]]])
def test_params_that_are_not_an_object_are_refused(server, params):
    refused(server.client.post("/api/games", json={"game": "pi", "params": params}), f"params {params!r}")


@pytest.mark.parametrize(
    "body",
    [{"index": True}, {"index": False}, {"index": 1.9}, {"index": 0.5}],
    ids=["true", "false", "1.9", "0.5"],
)
def test_an_action_index_must_be_a_whole_number(server, body):
    """`true` and `1.9` are not action 1: the move is refused and nothing is played."""
    game, q, ply = fresh(server.client)
    sent = {"ply": ply, **body}
    refused(server.client.post(f"/api/games/{game}/act?{q}", json=sent), f"act {sent}")
    assert server.client.get(f"/api/games/{game}?{q}").json()["ply"] == ply, f"act {sent} was played"


@pytest.mark.parametrize("seats", ["hh", "human", {"0": "human"}, ["human", 7]])
def test_seats_that_are_not_a_list_of_texts_are_refused(server, seats):
    response = server.client.post("/api/games", json={"game": "pi", "players": 2, "seats": seats})
    refused(response, f"seats {seats!r}")
    message = response.json()["error"]
    assert "'h'" not in message and "'u'" not in message, (
        f"the seats text was read letter by letter: {message}"
    )


@pytest.mark.parametrize("route,kind", POST_ROUTES, ids=[r for r, _k in POST_ROUTES])
def test_a_10_mb_body_is_refused_with_413(server, route, kind):
    url = server.url(route, kind, True, "", {}, credentials=True)
    big = {"text": "x" * (10 * 1024 * 1024), "index": 0, "ply": 0, "game": "pi", "seconds": 0.2}
    big = json.dumps(big).encode()
    response = server.client.post(url, content=big, headers={"content-type": "application/json"})
    assert response.status_code == 413, (
        f"POST {route} with 10 MB: {response.status_code} {response.text[:200]!r}"
    )
    check(response, f"POST {route} with 10 MB")


def test_the_server_still_serves_after_all_that(server):
    assert server.client.get(f"/api/games/{server.game}?seat=0&key={server.key}").status_code == 200
    assert server.client.get("/api/catalog").status_code == 200
