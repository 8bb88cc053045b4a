"""Salem's `salem-expert`: registered, never peeks, replays, softens with temperature, and
its witch side beats the rule-based witches against the same rule-based town."""

from __future__ import annotations

import functools
import random

import pytest

from automa.rules.core import load_game
from automa.rules.salem.bots import ExpertBot
from automa.search.bots import make_bot


def six():
    return load_game("salem", players=6)


def play(specs, game_seed, bot_seed=0, game=None):
    """(final state, actions) of one game with specs[seat] in each seat."""
    game = game or six()
    bots = [make_bot(spec, game, bot_seed + 10 * seat) for seat, spec in enumerate(specs)]
    state = game.new_initial_state(game_seed)
    actions = []
    while not state.is_terminal():
        seat = state.current_player()
        action = bots[seat].act(state, seat)
        actions.append(action)
        state.apply_action(action)
    return state, actions


def witch_seats(game, game_seed):
    state = game.new_initial_state(game_seed)
    return {seat for seat in range(game.params.players) if state.ever_witch[game.pos_of[seat]]}


@functools.cache
def witch_wins(witch_spec, seeds, town_spec="salem-heuristic"):
    """Games the witches win when `witch_spec` holds every seat dealt a Witch card."""
    game = six()
    wins = 0
    for seed in seeds:
        witches = witch_seats(game, seed)
        specs = [witch_spec if seat in witches else town_spec for seat in range(6)]
        state, _ = play(specs, seed, game=game)
        wins += state.outcome().reason.startswith("witches")
    return wins


def test_expert_is_registered_and_plays_a_game_to_the_end():
    game = six()
    assert isinstance(make_bot("salem-expert", game, 1), ExpertBot)
    state, actions = play(["salem-expert"] * 6, 3)
    assert state.is_terminal() and len(actions) > 50


def test_same_bot_seed_same_game():
    specs = ["salem-expert", "salem-heuristic"] * 3
    assert play(specs, 5, bot_seed=2)[1] == play(specs, 5, bot_seed=2)[1]


def _decisions_along_a_game(seed):
    """States of a game where the seat to move has a choice, played by the expert."""
    game = six()
    bots = [make_bot("salem-expert", game, seat) for seat in range(6)]
    state = game.new_initial_state(seed)
    while not state.is_terminal():
        seat = state.current_player()
        if len(state.legal_actions()) > 1:
            yield state, seat
        state.apply_action(bots[seat].act(state, seat))


@pytest.mark.parametrize("seed", [1, 2])
def test_expert_never_peeks(seed):
    """The choice is the same for the true state and for worlds that differ in everything
    the seat cannot see (others' trial cards and team, hands, deck, secret votes)."""
    game = six()
    checked = 0
    for k, (state, seat) in enumerate(_decisions_along_a_game(seed)):
        if k % 3:
            continue
        chosen = make_bot("salem-expert", game, 9).act(state, seat)
        for j in range(2):
            world = state.determinize(seat, random.Random(1000 * k + j))
            assert world.observation(seat) == state.observation(seat)
            assert make_bot("salem-expert", game, 9).act(world, seat) == chosen
            checked += 1
    assert checked > 40


def test_ranked_lists_every_legal_move_best_first_and_act_plays_the_best():
    for state, seat in _decisions_along_a_game(4):
        bot = make_bot("salem-expert", six(), 3)
        ranked = bot.ranked(state, seat)
        assert sorted(map(repr, (a for a, _ in ranked))) == sorted(map(repr, state.legal_actions()))
        values = [v for _, v in ranked]
        assert values == sorted(values, reverse=True)
        assert make_bot("salem-expert", six(), 3).act(state, seat) == ranked[0][0]


def test_temperature_draws_only_among_the_best_few_moves():
    spec = "salem-expert:temperature=5.0,choices=2"
    drawn = set()
    for k, (state, seat) in enumerate(_decisions_along_a_game(6)):
        best_two = [a for a, _ in make_bot("salem-expert", six(), k).ranked(state, seat)[:2]]
        action = make_bot(spec, six(), k).act(state, seat)
        assert action in best_two
        drawn.add(action == best_two[0])
    assert drawn == {True, False}


# Side against side (experiments/salem_expert.py --games 1200, seeds 1 and 11): the
# expert's witches win 0.63 of the games against the rule-based town where the rule-based
# witches win about 0.51; its town wins 0.65 where the rule-based town wins about 0.48.  The
# witch side is the cheap one to test (a witch knows its team and weighs no worlds): on these
# 120 deals the expert's witches win 79 games, the rule-based witches 59 and a hot expert
# (temperature 3 among its best 3 moves) 38.
SEEDS = range(700, 820)


def test_expert_witches_beat_the_rule_based_witches_against_the_same_town():
    assert witch_wins("salem-expert", SEEDS) >= witch_wins("salem-heuristic", SEEDS) + 8


def test_temperature_weakens_the_witches():
    assert witch_wins("salem-expert:temperature=3.0", SEEDS) < witch_wins("salem-expert", SEEDS) - 8


def test_the_town_suspects_a_seat_that_keeps_silent_at_night_and_trusts_one_that_confesses():
    game = six()
    state = game.new_initial_state(8)
    heuristic = [make_bot("salem-heuristic", game, seat) for seat in range(6)]
    while state.turns == 0 or state.ever_witch[game.pos_of[state.current_player()]]:
        seat = state.current_player()
        state.apply_action(heuristic[seat].act(state, seat))
    seat = state.current_player()
    other = (seat + 1) % 6
    bot = make_bot("salem-expert", game, 1)
    bot._remember(state.observation(seat))
    before = bot._weigh(state, seat)[0][other]
    bot._confessions = [(other, False, 5)] * 2
    silent = bot._weigh(state, seat)[0][other]
    bot._confessions = [(other, True, 5)]
    confessed = bot._weigh(state, seat)[0][other]
    assert confessed < before < silent
