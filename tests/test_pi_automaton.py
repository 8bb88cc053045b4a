"""The P.I. investigator deck (automa/decks/pi-investigator.toml, rules/pi/automaton.py):
whole games from the seed, a move that never depends on what its seat cannot see, the
tip bonus in the game's terms, its card on both boards, and the contract with a deck seat."""

import random

import pytest
from automa.rules.core import load_game
from automa.rules.pi.state import INV, SC, SL, SS

from automa.decks import DeckError, choose, load_deck, vocabulary
from tests import deck_games

DECK = "pi-investigator"


@pytest.mark.parametrize("opponent", ["random", "deducer"])
def test_the_deck_plays_whole_games_and_replays_from_the_seed(opponent):
    seats = [opponent, f"automaton:{DECK}"]
    first = deck_games.play("pi", seats, seed=3)
    assert first[:2] == deck_games.play("pi", seats, seed=3)[:2]
    assert first[1].winners
    assert deck_games.play("pi", seats, seed=4)[0] != first[0]
    log = first[2].history_text()
    assert any("flips" in line for line in log)
    assert any("solves: location" in line for line in log)  # it names whole triples


def test_every_knob_setting_plays_and_the_tip_narrows_its_case():
    game = load_game("pi")
    deck = load_deck(DECK, game)
    assert deck.settings >= 3 and deck.knob_bonus == "tip"
    for knob in range(deck.settings):
        assert deck_games.play("pi", ["random", f"automaton:{DECK},knob={knob}"], seed=knob)[1].winners
    tipped = max(range(deck.settings), key=deck.bonus_steps)
    table = game.with_automaton_seats(["human", f"automaton:{DECK},knob={tipped}"])
    state = table.new_initial_state(8)
    case = state.inner.cases[1]
    d = game.data
    fits = state.observation(0)["candidates"][1]
    assert fits & d.SMASK[case[0]] == fits  # its suspect shown: public now
    assert any("bonus" in line for line in state.log)


def test_the_deck_never_peeks():
    """Its move for the true state equals its move in every world its seat cannot tell
    apart (other cases, deck order), for every card, a card of every rule, every start."""
    game = load_game("pi")
    vocab = vocabulary(game)
    deck = load_deck(DECK, game)
    every_rule = tuple(name for name in vocab.RULES if name not in vocab.STANDING)
    rng = random.Random(1)
    checked = 0
    for seed in (21, 22, 23):
        for state in deck_games.decisions_of("pi", 1, seed, count=25):
            for rules in [card.rules for card in deck.cards] + [every_rule]:
                for start in range(len(rules)):
                    truth = choose(
                        vocab,
                        vocab.read(state.observation(1), game),
                        state.legal_actions(),
                        rules,
                        deck.tie_breakers,
                        start,
                    )
                    world = state.determinize(1, rng)
                    seen = choose(
                        vocab,
                        vocab.read(world.observation(1), game),
                        world.legal_actions(),
                        rules,
                        deck.tie_breakers,
                        start,
                    )
                    assert seen == truth, (str(state), rules, start)
                    checked += 1
    assert checked > 300


def test_a_solve_rule_names_one_triple_it_cannot_rule_out():
    game = load_game("pi")
    vocab = vocabulary(game)
    for state in deck_games.decisions_of("pi", 1, 5, count=40):
        view = vocab.read(state.observation(1), game)
        triple = view.likeliest()
        assert triple is not None and view.fits >> game.data.triple_index(*triple) & 1
        action, index = choose(vocab, view, state.legal_actions(), ("last_resort",), (), 0)
        assert (
            action
            == {"turn": (SS, triple[0]), "crime": (SC, triple[1]), "location": (SL, triple[2])}[view.kind]
        )


def test_investigate_rules_pick_new_areas_only():
    game = load_game("pi")
    vocab = vocabulary(game)
    for state in deck_games.decisions_of("pi", 1, 9, count=30):
        obs = state.observation(1)
        view = vocab.read(obs, game)
        for name in ("investigate_cubes", "investigate_fits", "investigate_hub"):
            picked = vocab.RULES[name].score(view, state.legal_actions())
            assert all(a[0] == INV and not obs["investigator_areas"][1] >> a[1] & 1 for a in picked)


PI_DECK = """
game = "pi"
seat = 1
title = "Test investigator"
tie_breakers = ["hub"]
[difficulty]
bonus = "tip"
steps = [0, 1]
default = 0
[[cards]]
name = "Legwork"
rules = ["solve_sure", "investigate_cubes", "evidence_fit"]
"""


def test_a_broken_pi_deck_names_file_and_field(tmp_path):
    path = tmp_path / "broken.toml"
    path.write_text(PI_DECK.replace('"investigate_cubes"', '"stake_out"'))
    with pytest.raises(DeckError) as err:
        load_deck(str(path), load_game("pi"))
    assert (
        str(path) in str(err.value)
        and "cards[0].rules[1]" in str(err.value)
        and "'stake_out'" in str(err.value)
    )
    path.write_text(PI_DECK.replace('bonus = "tip"', 'bonus = "bribe"'))
    with pytest.raises(DeckError, match="difficulty.bonus"):
        load_deck(str(path), load_game("pi"))
    path.write_text(PI_DECK.replace('bonus = "tip"', 'bonus = "head_start"'))  # a Watergate bonus
    with pytest.raises(DeckError, match="difficulty.bonus"):
        load_deck(str(path), load_game("pi"))


def test_both_boards_show_the_deck_card_and_the_rule_that_fired():
    from automa.rules.pi.view import board_svg, board_text

    game = load_game("pi").with_automaton_seats(["human", f"automaton:{DECK}"])
    state = game.new_initial_state(1)
    rng = random.Random(1)
    for _ in range(3):
        state.apply_action(state.random_action(rng))
    public = state.observation(0)["automata"][1]
    deck = load_deck(DECK, game)
    card = deck.cards[public["card"]]
    text = board_text(state, 0)
    assert "[automaton deck: seat 1]" in text and f"card “{card.name}”" in text and "(this one)" in text
    assert f"pile {public['pile']}, discard {len(public['discard'])}" in text
    svg = board_svg(state, 0)
    assert f"“{card.name}”" in svg and "Investigator automaton" in svg


def test_the_rule_sheet_says_who_answers_your_case(tmp_path):
    from automa.decks.printable import write_printables

    game = load_game("pi")
    files = write_printables(load_deck(DECK, game), game, tmp_path)
    assert files["pdf"].read_bytes().startswith(b"%PDF")
    assert "automaton:pi-investigator" in vocabulary(game).CASE_KEEPER


@pytest.mark.parametrize(
    "check",
    [
        "check_terminates",
        "check_determinism",
        "check_clone",
        "check_illegal_action",
        "check_actions_are_plain",
        "check_determinize",
        "check_observation_hides",
        "check_pickle",
        "check_record_round_trip",
        "check_determinize_every_seat",
    ],
)
def test_a_pi_game_with_a_deck_seat_meets_the_contract(check):
    from tests import conformance

    getattr(conformance, check)("pi", {"players": 2, "mode": "standard", "automata": ("", DECK)})


def test_play_against_the_deck_through_a_terminal():
    """`automa play pi --seat human --seat automaton:pi-investigator` to the end, its turns told."""
    from tests.test_play_terminal import finish, play_first_choices, spawn

    child = spawn("play", "pi", "--seat", "human", "--seat", f"automaton:{DECK}", "--seed", "1")
    decisions, told = play_first_choices(child, "Investigator automaton flips", 3000)
    assert finish(child) == 0
    assert decisions > 5 and told > 2
