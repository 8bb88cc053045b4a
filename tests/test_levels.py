"""The difficulty presets (search/presets.toml) and the measurements stored beside them."""

import importlib.util
import math
from pathlib import Path

import pytest

from automa.rules.core import game_packages
from automa.search import arena
from automa.search.mcts import presets
from automa.search.stats import wilson_interval

ROOT = Path(__file__).resolve().parent.parent
GAMES = [module.rsplit(".", 1)[1] for module in game_packages()]


def _calibration_script():
    spec = importlib.util.spec_from_file_location(
        "calibrate_levels", ROOT / "experiments" / "calibrate_levels.py", submodule_search_locations=None
    )
    module = importlib.util.module_from_spec(spec)
    import sys

    sys.path.insert(0, str(ROOT / "experiments"))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(ROOT / "experiments"))
    return module


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_its_levels_and_their_measurement(game):
    """Each game has its own four levels, stronger step by step, and the calibration that
    justified them: the reference, the seed, the games, and per level the reference's wins
    with the Wilson interval recomputed from them."""
    table = presets()
    assert game in table["games"], f"{game} has no levels of its own in search/presets.toml"
    levels = [table["games"][game][lvl] for lvl in table["levels"]]
    temperatures = [s.get("temperature", 0.0) for s in levels]
    assert temperatures == sorted(temperatures, reverse=True) and temperatures[-1] == 0
    assert all("blunder" not in s for s in levels)  # never a uniformly random move
    if "bot" in levels[0]:  # played by one of the game's own bots: the same at every level
        assert {s["bot"] for s in levels} == {levels[0]["bot"]}
    else:  # played by the search: a budget that never falls
        budgets = [s["iterations"] for s in levels]
        assert budgets == sorted(budgets)
    from automa.rules.core import load_game
    from automa.search.bots import make_bot

    for lvl in table["levels"]:  # a misspelt bot in the file fails here, not in a user's game
        make_bot(f"level:{lvl}", load_game(game), 1)
    cal = table["calibration"].get(game)
    assert cal is not None, f"{game} has no [{game}.calibration] table"
    for key in (
        "reference",
        "players",
        "mode",
        "seed",
        "games",
        "command",
        "wins",
        "rate",
        "low",
        "high",
        "separated",
    ):
        assert key in cal, f"{game}.calibration lacks {key}"
    assert len(cal["wins"]) == len(table["levels"])
    for k, wins in enumerate(cal["wins"]):
        assert 0 <= wins <= cal["games"]
        assert math.isclose(cal["rate"][k], wins / cal["games"], abs_tol=1e-4)
        low, high = wilson_interval(wins, cal["games"])
        assert math.isclose(cal["low"][k], low, abs_tol=1e-4)
        assert math.isclose(cal["high"][k], high, abs_tol=1e-4)
    falling = all(cal["high"][k] < cal["low"][k - 1] for k in range(1, len(cal["wins"])))
    assert cal["separated"] == falling


def test_reference_wins_counts_every_game_the_level_bot_does_not_finish_first():
    script = _calibration_script()
    lvl = "level:hard"
    records = [
        {"seats": ["r", lvl], "winners": [0], "ranks": [1, 2]},  # a win
        {"seats": [lvl, "r"], "winners": [0], "ranks": [1, 2]},  # a loss
        {"seats": ["r", lvl], "winners": [0, 1], "ranks": [1, 1]},  # a draw: half
        {"seats": ["r", "r", "r", lvl], "winners": [0, 3], "ranks": [1, 2, 2, 1]},  # its side won
        {"seats": ["r", "r", lvl], "winners": [], "ranks": [2, 3, 1]},  # nobody won: best placed
        {"seats": ["r", "r", lvl], "winners": [], "ranks": [1, 3, 2]},  # nobody won: a win
        {"seats": ["r", lvl], "status": "error", "winners": []},
    ]
    assert script.reference_wins(records, lvl) == (2.5, 6, 1)


def test_write_presets_replaces_only_the_calibration_table(tmp_path):
    script = _calibration_script()
    path = tmp_path / "presets.toml"
    path.write_text(
        '# comment kept\nlevels = ["easy"]\n\n[default]\neasy = { iterations = 5 }\n\n'
        "[pi]\neasy = { iterations = 7 }\n"
    )
    script.write_presets(path, "pi", {"reference": "r", "seed": 3, "wins": [1.5, 2.0], "separated": True})
    first = path.read_text()
    assert "# comment kept" in first and "[pi.calibration]" in first and "wins = [1.5, 2.0]" in first
    script.write_presets(path, "pi", {"reference": "r", "seed": 4, "wins": [0.5], "separated": False})
    text = path.read_text()
    assert text.count("[pi.calibration]") == 1 and "seed = 4" in text and "seed = 3" not in text
    from automa.search.mcts import read_presets

    data = read_presets(path)
    assert data["games"]["pi"]["easy"] == {"iterations": 7}
    assert data["calibration"]["pi"]["separated"] is False


def test_a_game_package_may_bring_its_own_levels(tmp_path):
    """A game's levels.toml (the [GAME] table of presets.toml as a file in its package) joins
    the presets; a game in both places is refused, naming the file."""
    from automa.rules.core import DataError
    from automa.search.levels import read_game_levels, read_presets

    table = read_presets(ROOT / "search" / "presets.toml")
    own = tmp_path / "levels.toml"
    own.write_text(
        'playouts = "random"\n'
        + "".join(f"{lvl} = {{ iterations = {10 * (i + 1)} }}\n" for i, lvl in enumerate(table["levels"]))
        + '[calibration]\nreference = "greedy"\n'
    )
    read_game_levels(own, "newgame", table)
    assert table["games"]["newgame"]["easy"] == {"iterations": 10}
    assert (
        table["playouts"]["newgame"] == "random" and table["calibration"]["newgame"]["reference"] == "greedy"
    )
    with pytest.raises(DataError, match=r"levels.toml.*'pi'.*also has levels in search/presets.toml"):
        read_game_levels(own, "pi", table)


def _rerun(game: str, levels: list[str], games: int, jobs: int = 1) -> list[float]:
    """The stored calibration's measurement of `levels`, `games` games each, from its seed."""
    from automa.rules.core import load_game

    script = _calibration_script()
    cal = presets()["calibration"][game]
    rates = []
    for level in levels:
        spec = f"level:{level}"
        bots = (cal["reference"],) * (cal["players"] - 1) + (spec,)
        params = arena.resolve_params(game, cal["players"], cal["mode"], bots)
        if cal["design"] == "sides":
            tasks = script.side_tasks(game, params, cal["reference"], spec, games, cal["seed"])
            records = arena.run(tasks, None, jobs=jobs).records
            wins, played, _errors = script.reference_side_wins(
                records, cal["reference"], load_game(game, **params)
            )
        else:
            tasks = arena.schedule(game, params, bots, games, cal["seed"])
            wins, played, _errors = script.reference_wins(arena.run(tasks, None, jobs=jobs).records, spec)
        rates.append(wins / played)
    return rates


def test_pi_reference_does_better_against_easy_than_expert():
    """A small real rerun of the P.I. calibration (16 games per level, the stored seed)."""
    easy, expert = _rerun("pi", ["easy", "expert"], 16)
    assert easy > expert


@pytest.mark.slow
def test_pi_calibration_reproduces_exactly():
    """The whole P.I. calibration, replayed from its seed, gives the stored wins."""
    cal = presets()["calibration"]["pi"]
    rates = _rerun("pi", presets()["levels"], cal["games"])
    assert [round(r * cal["games"], 3) for r in rates] == [float(w) for w in cal["wins"]]


def test_salem_reference_does_better_against_easy_than_expert():
    """A small real rerun of the Salem calibration (the first 300 games per level of the
    stored 3000, from its seed: 150 deals, each played with the sides swapped).  The stored
    rates are 0.60 against easy and 0.38 against expert; at 300 games a level the standard
    error of their difference is 0.04, so a margin of 0.1 leaves room for the sample."""
    easy, expert = _rerun("salem", ["easy", "expert"], 300)
    assert easy > expert + 0.1


@pytest.mark.slow
def test_salem_calibration_reproduces_exactly():
    """The whole Salem calibration (3000 games a level, a few minutes), replayed from its
    seed, gives the stored wins."""
    cal = presets()["calibration"]["salem"]
    rates = _rerun("salem", presets()["levels"], cal["games"], jobs=2)
    assert [round(r * cal["games"], 3) for r in rates] == [float(w) for w in cal["wins"]]


def test_salem_sides_swap_on_every_deal():
    """Salem is measured side against side: in the first game of a deal the level's bot
    holds exactly the seats dealt a Witch card, in the second every other seat."""
    script = _calibration_script()
    from automa.rules.core import load_game

    params = arena.resolve_params("salem", 4, "standard", ("r", "l"))
    game = load_game("salem", **params)
    tasks = script.side_tasks("salem", params, "REF", "LVL", 8, 5)
    for first, second in zip(tasks[::2], tasks[1::2], strict=True):
        assert first.game_seed == second.game_seed
        witches = script.initial_witch_seats(game, first.game_seed)
        assert witches and {s for s, b in enumerate(first.seats) if b == "LVL"} == witches
        assert {s for s, b in enumerate(second.seats) if b == "REF"} == witches
    seed = tasks[0].game_seed
    witches = script.initial_witch_seats(game, seed)
    witch_seat = min(witches)
    seats_ref_town = ["LVL" if s in witches else "REF" for s in range(4)]
    records = [
        {"seed": seed, "seats": seats_ref_town, "reason": "town wins: all witches revealed"},
        {"seed": seed, "seats": seats_ref_town, "reason": "witches win: a seat was eliminated"},
        {
            "seed": seed,
            "seats": ["REF" if s == witch_seat else "LVL" for s in range(4)],
            "reason": "witches win: a seat was eliminated",
        },
        {"seed": seed, "seats": seats_ref_town, "reason": "draw: decision cap reached (safeguard)"},
    ]
    assert script.reference_side_wins(records, "REF", game) == (2.5, 4, 0)
