"""The fast paths search relies on (`random_action` without listing every placement, the
narration kept as data) must agree exactly with the plain rules code."""

import random

import pytest
from automa.rules.core import load_game


@pytest.mark.parametrize("players,mode", [(1, "solo"), (2, "two-player"), (4, "standard")])
def test_random_action_is_the_listed_draw(players, mode):
    """random_action(rng) picks legal_actions()[rng.randrange(len(legal))]: the same action
    and the same generator state afterwards, at every decision of many random games."""
    game = load_game("pulitzer", players=players, mode=mode)
    checked = placements = 0
    for seed in range(6):
        state = game.new_initial_state(seed)
        walk = random.Random(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            fast, listed = random.Random(checked), random.Random(checked)
            action = state.random_action(fast)
            assert action == legal[listed.randrange(len(legal))]
            assert fast.getstate() == listed.getstate()
            checked += 1
            placements += state.pend is None
            state.apply_action(legal[walk.randrange(len(legal))])
    assert placements > 100


def test_narration_is_worded_when_read():
    """[§13 LP] The Times and the agents are narrated in words for the player, though the
    state stores them as data."""
    game = load_game("pulitzer", players=1, mode="solo")
    state = game.new_initial_state(2)
    rng = random.Random(1)
    while not state.is_terminal() and state.round < 4:
        state.apply_action(state.random_action(rng))
    lines = state.history_text()
    assert lines and all(isinstance(line, str) and line.startswith("round ") for line in lines)
    assert any(line.split(": ", 1)[1].startswith("Times card ") for line in lines)
    assert any("duel on kiosk" in line for line in lines)
    copy = state.clone()
    assert copy.history_text() == lines
