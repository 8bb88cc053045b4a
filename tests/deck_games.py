"""Games with automaton deck seats, for the deck tests of every game that takes decks
(tests/test_decks.py for Watergate, tests/test_pi_automaton.py for P.I.)."""

import random

from automa.rules.core import load_game
from automa.search.bots import make_bot


def play(name: str, seats, seed: int, bot_seed: int = 5):
    """A whole game of `name`; the deciding seats by `seats` specs.  (actions, outcome, final state)."""
    game = load_game(name).with_automaton_seats(seats)
    state = game.new_initial_state(seed)
    bots = {
        s: make_bot(spec, game, bot_seed + s)
        for s, spec in enumerate(seats)
        if s not in game.automaton_seats()
    }
    actions = []
    while not state.is_terminal():
        seat = state.current_player()
        assert seat not in game.automaton_seats()
        action = bots[seat].act(state, seat)
        state.apply_action(action)
        actions.append(action)
    return actions, state.outcome(), state


def decisions_of(name: str, seat: int, seed: int, count: int) -> list:
    """The states at `count` decisions of `seat` in a game of `name` of random moves (no deck seat)."""
    rng = random.Random(seed)
    state = load_game(name).new_initial_state(seed)
    found = []
    while not state.is_terminal() and len(found) < count:
        if state.current_player() == seat and len(state.legal_actions()) > 1:
            found.append(state.clone())
        state.apply_action(state.random_action(rng))
    return found
