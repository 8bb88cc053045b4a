"""The end of a game as a player reads it (rules.presentation.final_report): a row for every
seat, the winners the engine names, a reason; the same report in the web's result and on
the terminal's final screen."""

from __future__ import annotations

import json
import random

import pytest

from automa.rules.core import load_game
from automa.rules.presentation import final_report
from tests.board_text import BOARDS


def finished(name: str, seed: int):
    game = load_game(name, **BOARDS[name])
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
    return game, state


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_every_seat_has_a_row_and_the_winners_are_the_engines(name):
    for seed in (1, 2):
        game, state = finished(name, seed)
        outcome = state.outcome()
        report = final_report(state, 0)
        seats = [row.seat for row in report.rows if row.seat is not None]
        assert sorted(seats) == list(range(game.num_players))
        assert {row.seat for row in report.rows if row.winner and row.seat is not None} == set(
            outcome.winners
        )
        assert report.reason.strip()
        assert [r for r in report.rows if r.seat == 0][0].name == "you"
        json.dumps(report.to_json())  # the web sends it as it is
        assert report.lines()[-1] == report.reason


def test_the_web_result_and_the_terminal_screen_carry_the_report():
    from automa.web.game import state_view

    game, state = finished("tabletop_inc", 3)
    view = state_view(state, 1)
    report = final_report(state, 1).to_json()
    assert view["result"]["report"] == report
    assert [row["seat"] for row in report["rows"] if row["name"] == "you"] == [1]


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_the_log_tells_the_end_once_and_watergate_tells_each_round(name):
    from automa.views import milestones

    game = load_game(name, **BOARDS[name])
    state = game.new_initial_state(4)
    rng = random.Random(4)
    seen = state.observation(0)
    told = []
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
        now = state.observation(0)
        told += milestones(state, 0, seen, now)
        seen = now
    ends = [line for line in told if line.startswith("The game is over: ")]
    assert ends == ["The game is over: " + final_report(state, 0).reason]
    if name == "tabletop_inc":
        (told_end,) = [line for line in told if line.startswith("The hourglass is empty")]
        assert "final turn" in told_end or "scored now" in told_end
    if name == "watergate":
        rounds = [line for line in told if line.startswith("Round ")]
        assert len(rounds) == state.observation(0)["round"] - 1
        assert all("Momentum on the cards: the Editor" in line and "plays first" in line for line in rounds)
