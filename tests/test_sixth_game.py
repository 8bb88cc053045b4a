"""A sixth game needs no edit outside its own package (#51).

The test writes a toy game package (the sealed-bid Goofspiel of tests/tinygame.py, with a view,
a rulebook, its sections, a tune knob, its difficulty levels and its stored-record
configurations) into a temporary
folder as `automa/rules/toy_duel/`, the way another distribution would install a game, and puts
that folder on PYTHONPATH.  Then, in fresh processes (games are found when automa is imported),
`automa games` lists it, `automa play` plays it to the end from piped input, `automa tune`
tunes its knob, the web lobby offers it and a game of it is played through the API, the
conformance suite passes on it, and the stored-records machinery writes and replays its
records.  Nothing under rules/, automa/, search/ or tests/ is edited.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NAME = "toy_duel"

INIT = '''
"""Toy Duel: sealed bids for prizes, the sixth game of tests/test_sixth_game.py."""

from automa.rules.core import register_game

from .game import ToyDuel

register_game(ToyDuel, aliases=("toy",))

#: nothing to compile: the engine is small
NATIVE_MODULES: tuple[str, ...] = ()
#: the records the stored-records test keeps of this game
RECORD_CONFIGURATIONS = ({"players": 2}, {"players": 3})
'''

VIEW = '''
"""Toy Duel as a person sees it: the terminal board and the web board, from the observation."""

from automa.rules.presentation import plural


def board_text(state, seat, style):
    ob = state.observation(seat)
    return "\\n".join([
        f"prize up: {ob['prize']}   prizes left: {' '.join(map(str, ob['prizes_left']))}",
        "points: " + "  ".join(f"seat {p}: {v}" for p, v in enumerate(ob["points"])),
        f"your hand: {' '.join(map(str, ob['hand']))} ({plural(len(ob['hand']), 'card')})",
    ])


def board_svg(state, seat):
    ob = state.observation(seat)
    cards = "".join(
        f'<g data-key="card:{c}"><title>bid {c}</title>'
        f'<rect x="{10 + 30 * i}" y="40" width="24" height="32"/></g>'
        for i, c in enumerate(ob["hand"])
    )
    return f'<svg viewBox="0 0 400 100"><text x="10" y="20">prize {ob["prize"]}</text>{cards}</svg>'


def action_keys(state, seat, action):
    return (f"card:{action[1]}",)
'''

SECTIONS = '''
"""Which rulebook section each decision quotes (`rules` in automa play)."""

RULE_SECTIONS = {"bid": "2"}
'''

RULEBOOK = """
# Toy Duel

## 1. Setup [R-1]

Each seat holds the cards 1 to N.  The prizes are shuffled face down.

## 2. Bidding (AMB-3)

Every seat bids one card face down; the highest bid no other seat matched takes the prize
(§2.1).

```python
def winner(bids):
    return max(b for b in bids if bids.count(b) == 1)
```

## 3. End

The seat with the most prize points wins.
"""

LEVELS = """
# Toy Duel's own difficulty levels (search/presets.toml's [GAME] table, kept in the package)
playouts = "random"
easy = { iterations = 7, rollout_depth = 2, temperature = 0.2 }
normal = { iterations = 15, rollout_depth = 2, temperature = 0.1 }
hard = { iterations = 30, rollout_depth = 2 }
expert = { iterations = 60 }
"""

AUTO = '''
"""Toy Duel's tune knob: how many cards each seat holds."""


def _cards(cls, base, player):
    from automa.search.tune import Setting

    out = []
    for cards in (3, 4, 5):
        params = cls.make_params(**{**base, "cards": cards}).to_json()
        seats = (player,) + ("random",) * (params["players"] - 1)
        out.append(Setting(str(cards), cards, params, seats))
    return out


TUNE_KNOBS = {"cards": _cards}
'''


def write_package(base: Path) -> Path:
    """`base/automa/rules/toy_duel/`: the toy game as an installed package."""
    folder = base / "automa" / "rules" / NAME
    folder.mkdir(parents=True)
    game = (ROOT / "tests" / "tinygame.py").read_text(encoding="utf-8")
    game = game.replace('name = "tiny_goofspiel"', f'name = "{NAME}"').replace(
        'title = "Goofspiel (test game)"', 'title = "Toy Duel"'
    )
    game = game.replace("TinyGoofspiel", "ToyDuel").replace("register_game(ToyDuel)\n", "")
    game = game.replace(
        '    modes = {"standard": (2, 3)}\n',
        '    modes = {"standard": (2, 3)}\n\n'
        "    @classmethod\n"
        "    def param_help(cls):\n"
        '        return {"players": "2 or 3", "mode": "standard", "cards": "2-13 (R-2)"}\n',
    )
    files = {
        "__init__.py": INIT,
        "game.py": game,
        "view.py": VIEW,
        "sections.py": SECTIONS,
        "rulebook.md": RULEBOOK,
        "auto.py": AUTO,
        "levels.toml": LEVELS,
    }
    for file, text in files.items():
        (folder / file).write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def plugin(tmp_path_factory):
    base = tmp_path_factory.mktemp("sixth")
    write_package(base)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(base), str(ROOT), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    env["XDG_STATE_HOME"] = str(base / "state")  # the database and records stay in the test's folder
    env["COLUMNS"] = "80"
    return base, env


def run(env, *args: str, stdin: str = "", timeout: float = 60, code: int = 0) -> str:
    """`automa ARGS` in a fresh process; its output (fails on another exit code than `code`)."""
    done = subprocess.run(
        [sys.executable, "-c", "from automa.cli import main; main()", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=timeout,
    )
    assert done.returncode == code, done.stdout[-2000:] + done.stderr[-2000:]
    return done.stdout + done.stderr


def python(env, code: str, timeout: float = 60) -> str:
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=timeout,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return done.stdout


def test_the_package_is_found_where_it_is_installed(plugin):
    base, env = plugin
    out = python(
        env,
        """
        from automa.rules.core import game_packages, registered_games
        from automa.search.levels import level_settings, presets
        print(game_packages())
        print(registered_games()["toy_duel"].__module__)
        print(level_settings("toy_duel", "easy"), presets()["playouts"]["toy_duel"])
        """,
    )
    assert "'automa.rules.toy_duel'" in out and "automa.rules.toy_duel.game" in out
    # its own levels (levels.toml), not the default ones
    assert "{'iterations': 7, 'rollout_depth': 2, 'temperature': 0.2} random" in out
    out = run(env, "games")
    assert re.search(r"^toy_duel\s+Toy Duel$", out, re.M), out
    for other in ("pi", "pulitzer", "salem", "tabletop_inc", "watergate"):
        assert re.search(rf"^{other}\s", out, re.M), other


def test_it_is_played_in_the_terminal_to_the_end(plugin):
    base, env = plugin
    # 'rules' quotes its own rulebook; then the first action each turn until the game ends;
    # 'n' declines the rematch/save questions
    out = run(
        env,
        "play",
        NAME,
        "--seat",
        "human",
        "--seat",
        "level:easy",
        "--seed",
        "4",
        stdin="rules\n" + "1\n" * 5 + "n\n" * 3,
    )
    assert "Every seat bids one card face down" in out
    assert "prize up:" in out  # its own board
    assert "=== final scores ===" in out and "winner" in out, out[-1500:]
    record = re.search(r"game record:\s+(\S+\.jsonl)", out).group(1)
    assert "verified" in run(env, "replay", record, "--verify").lower()


def test_tune_tunes_its_knob(plugin):
    base, env = plugin
    out = run(
        env,
        "tune",
        NAME,
        "--knob",
        "cards",
        "--target",
        "0.5",
        "--player",
        "greedy",
        "--games-per-setting",
        "4",
        "--seed",
        "2",
    )
    for cards in ("3", "4", "5"):
        assert re.search(rf"^\s+{cards}\s+4 games", out, re.M), out
    wrong = run(env, "tune", NAME, "--knob", "nope", "--player", "greedy", code=1).strip()
    assert wrong == "Error: unknown knob 'nope'; toy_duel's knobs: cards, level, budget"


def test_the_web_lobby_offers_it_and_a_game_is_played_through_the_api(plugin):
    base, env = plugin
    out = python(
        env,
        """
        import json
        from starlette.testclient import TestClient
        from automa.store import Store
        from automa.web.bots import BotRunner
        from automa.web.server import Games, make_app

        import os
        client = TestClient(make_app(games=Games(store=Store(os.environ["XDG_STATE_HOME"] + "/web.db"),
                                                 runner=BotRunner(processes=False))))
        lobby = {g["name"]: g for g in client.get("/api/catalog").json()}
        made = client.post("/api/games", json={"game": "toy_duel", "players": 2,
                                               "seats": ["human", "random"], "seed": 9}).json()
        seat = made["seats"][0]
        q = f"seat={seat['seat']}&key={seat['key']}"
        view = client.post(f"/api/games/{made['id']}/advance?{q}", json={"wait": 30}).json()
        moves = 0
        while view.get("result") is None and moves < 50:
            if view["your_turn"]:
                view = client.post(f"/api/games/{made['id']}/act?{q}",
                                   json={"index": 0, "ply": view["ply"], "wait": 30}).json()
                moves += 1
            else:
                view = client.post(f"/api/games/{made['id']}/advance?{q}", json={"wait": 30}).json()
        print(json.dumps({"lobby": lobby.get("toy_duel"), "moves": moves, "result": view.get("result"),
                          "svg": view.get("board_svg", "")[:40]}))
        """,
    )
    found = json.loads(out.strip().splitlines()[-1])
    assert found["lobby"]["title"] == "Toy Duel" and found["lobby"]["modes"] == {"standard": [2, 3]}
    assert found["lobby"]["params"] == {"cards": "2-13"}  # in the player's words
    # five cards, one bid each (the last, the only card left, may be played for the seat)
    assert found["moves"] in (4, 5) and found["result"]["winners"], found
    assert found["svg"].startswith("<svg")


def test_the_conformance_suite_passes_on_it(plugin):
    base, env = plugin
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "tests/test_conformance.py",
            "-k",
            NAME,
        ],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout[-3000:]
    passed = int(re.search(r"(\d+) passed", done.stdout).group(1))
    assert passed >= 2 * 12, done.stdout[-500:]  # every check, for 2 and 3 players


def test_the_stored_records_machinery_keeps_and_replays_its_records(plugin):
    base, env = plugin
    folder = base / "records"
    folder.mkdir()
    out = python(
        env,
        f"""
        from pathlib import Path
        from tests import test_stored_records as stored

        folder = Path({str(folder)!r})
        print(stored.GAMES["toy_duel"])
        path = stored.write("toy_duel", folder)
        stored.check("toy_duel", folder)
        lines = path.read_text().splitlines()
        changed = lines[0].replace('"seed":1,', '"seed":5,')
        assert changed != lines[0]
        path.write_text("\\n".join([changed] + lines[1:]) + "\\n")
        try:
            stored.check("toy_duel", folder)
        except AssertionError as err:
            print("changed record caught:", str(err).splitlines()[0])
        """,
    )
    assert "[{'players': 2}, {'players': 3}]" in out
    assert "changed record caught: toy_duel game 0 plays differently now" in out
    assert len((folder / f"{NAME}.jsonl").read_text().splitlines()) == 4  # 2 configurations x 2 seeds
