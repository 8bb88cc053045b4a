"""The expert's analysis behind `hint` (search/analysis.py)."""

import random

from automa.rules.core import load_game
from automa.search.analysis import analyse, playout_spec
from automa.search.bots import make_bot


def _pulitzer_decision(seed=4):
    game = load_game("pulitzer", mode="solo", players=1)
    state = game.new_initial_state(seed)
    assert len(state.legal_actions()) > 10
    return game, state


def test_candidates_are_the_experts_best_moves_with_rates_inside_their_intervals():
    game, state = _pulitzer_decision()
    rows, stats = analyse(game, state, 0, 0.0, candidates=3, seed=2, playouts=12)
    expert_top = [a for a, _v in make_bot("level:expert", game, 2).ranked(state, 0)[:3]]
    assert sorted(map(repr, (r.action for r in rows))) == sorted(map(repr, expert_top))
    assert {r.expert_rank for r in rows} == {0, 1, 2}
    for r in rows:
        low, high = r.interval
        assert r.playouts == 12 and 0 <= low <= r.rate <= high <= 1
        assert r.text == state.action_to_string(r.action)
    assert [r.rate for r in rows] == sorted((r.rate for r in rows), reverse=True)
    assert stats["playouts"] == 36 and stats["legal"] == len(state.legal_actions())


def test_analysis_never_peeks_and_repeats_from_its_seed():
    """With a fixed number of playouts the analysis of the true state and of a world the
    seat cannot tell from it are the same (it samples worlds from the observation)."""
    game, state = _pulitzer_decision(7)
    first, _ = analyse(game, state, 0, 0.0, seed=5, playouts=6)
    again, _ = analyse(game, state, 0, 0.0, seed=5, playouts=6)
    world = state.determinize(0, random.Random(99))
    other, _ = analyse(game, world, 0, 0.0, seed=5, playouts=6)
    figures = [(r.text, r.wins, r.playouts) for r in first]
    assert figures == [(r.text, r.wins, r.playouts) for r in again]
    assert figures == [(r.text, r.wins, r.playouts) for r in other]


def test_a_forced_move_is_reported_without_playouts():
    game = load_game("tiny_goofspiel")
    state = game.new_initial_state(1)
    while len(state.legal_actions()) > 1:
        state.apply_action(state.legal_actions()[0])
    assert not state.is_terminal()
    rows, stats = analyse(game, state, state.current_player(), 1.0)
    assert len(rows) == 1 and rows[0].playouts == 0 and stats["playouts"] == 0


def test_playouts_use_each_games_fast_player():
    assert playout_spec(load_game("pulitzer", mode="solo", players=1)) == "pulitzer-expert"
    assert playout_spec(load_game("tiny_goofspiel")) == "greedy"
