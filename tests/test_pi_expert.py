"""P.I.'s expert (`pi-expert`): it races well, never peeks (with or without its sampled-world
check), replays from its seed, and its temperature softens it for levels (issue 18)."""

from __future__ import annotations

import random

import pytest

from automa.rules.core import load_game
from automa.rules.pi.bots import DeducerBot, ExpertPolicy, race_table
from automa.rules.pi.state import EV, SS
from automa.search.bots import make_bot


def play(specs, seed, players=2):
    """One game; returns the final state and every action taken."""
    game = load_game("pi", players=players)
    bots = [make_bot(spec, game, seed=seed * 10 + i) for i, spec in enumerate(specs)]
    state = game.new_initial_state(seed)
    actions = []
    while not state.is_terminal():
        seat = state.current_player()
        action = bots[seat].act(state, seat)
        actions.append(action)
        state.apply_action(action)
    return state, actions


def duel(spec, other, seeds):
    """(win share, mean score margin) of `spec` against `other`, each deal played from
    both seats (as `automa tournament` rotates them)."""
    wins = margin = 0.0
    games = 0
    for seed in seeds:
        for seat in (0, 1):
            specs = [other, other]
            specs[seat] = spec
            state, _ = play(specs, seed)
            winners = state.outcome().winners
            wins += 1.0 / len(winners) if seat in winners else 0.0
            scores = state.scores()
            margin += scores[seat][0] - scores[1 - seat][0]
            games += 1
    return wins / games, margin / games


def test_expert_is_registered_and_plays_to_the_end():
    for players in (2, 3):
        state, actions = play(["pi-expert"] * players, 4, players)
        assert state.is_terminal() and len(actions) > 20


def test_expert_plays_as_the_deducer_with_more_than_two_seats():
    """The race table is for two seats; with three the deducer's move leads the ranking."""
    game = load_game("pi", players=3)
    state = game.new_initial_state(6)
    rng = random.Random(6)
    for _ in range(12):
        state.apply_action(state.random_action(rng))
    seat = state.current_player()
    expected = make_bot("deducer", game, seed=4).act(state, seat)
    assert make_bot("pi-expert", game, seed=4).act(state, seat) == expected


def test_expert_beats_the_deducer():
    """experiments/results/pi_strength.md: the policy alone (no playouts) wins about 0.58
    of the games and 2.5 points a game over hundreds of games; over these 40 it must at
    least win more than it loses and score more."""
    share, margin = duel("pi-expert:worlds=0", "deducer", range(700, 720))
    assert share > 0.5 and margin > 0, (share, margin)


def _decisions(seed, players=2):
    """States of a game between experts (the policy alone) where the seat to move has a
    real choice."""
    game = load_game("pi", players=players)
    bots = [make_bot("pi-expert:worlds=0", game, seed=seat) for seat in range(players)]
    state = game.new_initial_state(seed)
    while not state.is_terminal():
        seat = state.current_player()
        if len(state.legal_actions()) > 1:
            yield game, state
        state.apply_action(bots[seat].act(state, seat))


@pytest.mark.parametrize(
    "seed,players,spec",
    [
        (1, 2, "pi-expert:worlds=4"),
        (2, 2, "pi-expert:worlds=0"),
        (3, 3, "pi-expert"),
        (4, 2, "pi-expert:worlds=3,margin=4,horizon=1"),
        (5, 2, "pi-expert:worlds=3,margin=4,rival=0"),
    ],
)
def test_expert_never_peeks(seed, players, spec):
    """The move is the same for the true state and for worlds that resample everything the
    seat cannot see (its own case, the other hidden cases, the deck): the playouts too
    start from worlds sampled from the seat's view alone."""
    checked = 0
    for k, (game, state) in enumerate(_decisions(seed, players)):
        if k % 3:
            continue
        seat = state.current_player()
        chosen = make_bot(spec, game, seed=9).act(state, seat)
        for j in range(2):
            world = state.determinize(seat, random.Random(1000 * k + j))
            assert world.observation(seat)["hand"] == state.observation(seat)["hand"]
            assert make_bot(spec, game, seed=9).act(world, seat) == chosen
            checked += 1
    assert checked >= 20


def test_playouts_choose_among_the_close_candidates():
    """The sampled-world check only ever picks the policy's best move of a kind (a guess,
    an evidence card, an investigator) within `margin` points of the best, and sometimes
    overrules the policy's first choice."""
    overruled = checked = 0
    for k, (game, state) in enumerate(_decisions(7)):
        seat = state.current_player()
        ranked = ExpertPolicy(game).ranked(state, seat)
        best_of_kind = {}
        for action, value in ranked:
            if value >= ranked[0][1] - 2.0:
                best_of_kind.setdefault(action[0], action)
        chosen = make_bot("pi-expert:worlds=4,margin=2,horizon=1", game, seed=k).act(state, seat)
        if state.observation(seat)["pending"][0] < 0:
            assert chosen in best_of_kind.values()
        overruled += chosen != ranked[0][0]
        checked += 1
    assert checked > 10 and overruled > 0


def test_playouts_let_the_deducer_play_the_rival():
    """With `rival` (the default) the rival's moves in a playout are the deducer's, and the
    seat's own moves are never left to it; with rival=0 the policy plays both seats."""
    asked = []
    for k, (game, state) in enumerate(_decisions(7)):
        seat = state.current_player()
        bot = make_bot("pi-expert:worlds=4,margin=4", game, seed=k)
        assert isinstance(bot.rival, DeducerBot)
        act = bot.rival.act
        bot.rival.act = lambda world, mover, seat=seat, act=act: (
            asked.append(mover != seat) or act(world, mover)
        )
        bot.act(state, seat)
        assert make_bot("pi-expert:rival=0", game, seed=k).rival is None
    assert asked and all(asked)


def test_same_seed_same_game():
    specs = ["pi-expert:temperature=1", "pi-expert:worlds=3,margin=4"]
    first = play(specs, 12)[1]
    again = play(specs, 12)[1]
    assert first == again


def test_temperature_stays_among_the_best_moves_and_weakens_play():
    """A level's knob: the soft choice only ever plays one of the policy's five best moves,
    yet loses clearly to the expert at full strength."""
    checked = 0
    for k, (game, state) in enumerate(_decisions(5)):
        seat = state.current_player()
        best_five = [a for a, _ in ExpertPolicy(game).ranked(state, seat)[:5]]
        soft = make_bot("pi-expert:temperature=3", game, seed=k).act(state, seat)
        assert soft in best_five
        checked += 1
    assert checked > 10
    share, _ = duel("pi-expert:temperature=3", "pi-expert:worlds=0", range(800, 820))
    assert share < 0.4, share  # about 0.17 over 100 games


def test_the_race_table_prices_the_obvious():
    """A seat that knows its case takes the full value, less what the rival may still tie
    on its last turn; with two hypotheses against a rival far behind, waiting a turn to be
    sure beats a coin flip."""
    table = race_table(7, 2)
    assert table[0][1][50] == 7.0
    assert table[1][1][1] == 0.0  # the rival, certain too, ties
    assert table[0][2][64] > 0.5 * 7 + 0.5 * (7 - 2)  # better than guessing now


def test_rival_nominations_narrow_the_seat_own_case():
    """With two players the rival holds the seat's case; a nomination the rival could make
    shares no name with it, so a failed one rules those names out for the seat."""
    game = load_game("pi", players=2)
    state = game.new_initial_state(3)
    rival = state.current_player()
    seat = 1 - rival
    policy = ExpertPolicy(game)
    before = policy.knowledge(state.observation(seat))[0][seat]
    guess = next(a for a in state.legal_actions() if a[0] == SS)
    state.apply_action(guess)
    while state.current_player() == rival and state.pending_suspect >= 0:
        state.apply_action(state.legal_actions()[0])
    assert state.events[-1][0] == "solve_fail"
    s, c, loc = state.events[-1][2:5]
    after = policy.knowledge(state.observation(seat))[0][seat]
    names = game.data.names_mask(s, c, loc)
    assert before & names and not after & names
    assert after & (1 << game.data.triple_index(*state.cases[seat]))


def test_expert_takes_information_before_a_blind_guess():
    game = load_game("pi", players=2)
    for seed in range(4):
        state = game.new_initial_state(seed)
        action = make_bot("pi-expert", game, seed=seed).act(state, state.current_player())
        assert action[0] in (EV, "investigate")
