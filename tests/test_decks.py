"""Automaton decks (automa/decks): the file format and its errors, play in either
Watergate seat inside the engine, replay from the seed, and secrecy both ways: a deck
never peeks, and its face-down order tells no other seat anything."""

import random

import pytest

from automa.decks import DeckError, choose, deck_toml, load_deck, parse_deck, vocabulary
from automa.decks.seats import DeckSeats
from automa.rules.core import ParamError, load_data_file, load_game
from automa.search.bots import make_bot
from tests import deck_games

NIXON_DECK = """
game = "watergate"
seat = 1
title = "Test Nixon"
tie_breakers = ["keep_jokers", "high_value"]
[difficulty]
card = "Dither"
copies = [3, 1, 0]
default = 1
[[cards]]
name = "Hush money"
rules = ["claim_momentum", "push_momentum", "informant"]
[[cards]]
name = "Stonewall"
rules = ["claim_evidence", "agent", "push_evidence"]
[[cards]]
name = "Dither"
rules = ["dither"]
"""

EDITOR_DECK = """
game = "watergate"
seat = 0
title = "Test Editor"
tie_breakers = ["low_value"]
[difficulty]
card = "Dither"
copies = [2, 0]
default = 0
[[cards]]
name = "Scoop"
rules = ["claim_evidence", "push_evidence", "informant"]
[[cards]]
name = "Press"
rules = ["event", "rescue", "push_momentum"]
[[cards]]
name = "Dither"
rules = ["dither"]
"""


@pytest.fixture
def decks(tmp_path):
    nixon = tmp_path / "nixon.toml"
    nixon.write_text(NIXON_DECK)
    editor = tmp_path / "editor.toml"
    editor.write_text(EDITOR_DECK)
    return str(editor), str(nixon)


# --------------------------------------------------------------------------- the file


def broken(tmp_path, text):
    path = tmp_path / "broken.toml"
    path.write_text(text)
    with pytest.raises(DeckError) as err:
        load_deck(str(path), load_game("watergate"))
    return str(err.value), str(path)


def test_an_unknown_rule_is_named_with_file_and_field(tmp_path):
    message, path = broken(tmp_path, NIXON_DECK.replace('"agent"', '"bribe"'))
    assert path in message and "cards[1].rules[1]" in message and "'bribe'" in message
    assert "\n" not in message


@pytest.mark.parametrize(
    "change, field",
    [
        (('title = "Test Nixon"\n', ""), "'title'"),
        (("seat = 1", "seat = 7"), "'seat'"),
        (('game = "watergate"', 'game = "pi"'), "'game'"),
        (('card = "Dither"', 'card = "Nobody"'), "'difficulty.card'"),
        (("copies = [3, 1, 0]", "copies = [0, 1]"), "'difficulty.copies'"),
        (('tie_breakers = ["keep_jokers", "high_value"]', 'tie_breakers = ["coin"]'), "tie_breakers[0]"),
        (('rules = ["dither"]', "rules = []"), "'cards[2].rules'"),
        (("default = 1", 'default = 1\nmood = "grim"'), "'difficulty.mood'"),
    ],
)
def test_every_broken_field_is_named(tmp_path, change, field):
    message, path = broken(tmp_path, NIXON_DECK.replace(*change))
    assert path in message and field in message


def test_a_file_that_is_not_toml_names_the_file(tmp_path):
    message, path = broken(tmp_path, "game = \n")
    assert path in message and "not valid TOML" in message


def test_a_missing_deck_lists_the_shipped_ones():
    with pytest.raises(ParamError, match="watergate-nixon"):
        load_game("watergate").with_automaton_seats(["human", "automaton:no-such-deck"])


def test_a_deck_is_refused_in_a_seat_it_was_not_made_for(decks):
    with pytest.raises(ParamError, match="is a deck for seat 1"):
        load_game("watergate").with_automaton_seats([f"automaton:{decks[1]}", "human"])


def test_the_knob_sets_the_card_mix_and_is_checked(decks):
    game = load_game("watergate")
    deck = load_deck(decks[1], game)
    assert [deck.card_list(k).count(2) for k in range(3)] == [3, 1, 0]  # Dither copies
    assert deck.card_list(None) == deck.card_list(1)
    assert deck.complexity() == (3, 7)
    with pytest.raises(ParamError, match="settings 0-2"):
        game.with_automaton_seats(["human", f"automaton:{decks[1]},knob=3"])


def test_a_written_deck_reads_back_the_same(decks, tmp_path):
    game = load_game("watergate")
    deck = load_deck(decks[1], game)
    path = tmp_path / "again.toml"
    path.write_text(deck_toml(deck, "written by a test"))
    again = parse_deck(path, load_data_file(path), game)
    assert again.cards == deck.cards and again.knob_copies == deck.knob_copies
    assert again.tie_breakers == deck.tie_breakers and again.seat == deck.seat


# --------------------------------------------------------------------------- play


@pytest.mark.parametrize("seat", [0, 1])
def test_a_deck_plays_whole_games_in_either_seat_and_replays_from_the_seed(decks, seat):
    seats = ["greedy", "greedy"]
    seats[seat] = f"automaton:{decks[seat]}"
    first = deck_games.play("watergate", seats, seed=3)
    again = deck_games.play("watergate", seats, seed=3)
    assert first[0] == again[0] and first[1] == again[1]
    assert first[1].winners  # a whole game, somebody won
    other = deck_games.play("watergate", seats, seed=4)
    assert other[0] != first[0]
    lines = first[2].history_text()
    assert any("flips" in line for line in lines) and any(": plays " in line for line in lines)


def test_a_record_of_a_deck_game_replays(decks):
    from automa.search import arena
    from automa.search.records import replay

    tasks = arena.schedule(
        "watergate",
        {"players": 2, "mode": "standard"},
        ["random", f"automaton:{decks[1]},knob=2"],
        1,
        7,
        rotation="fixed",
    )
    record = arena.play_game(tasks[0])
    assert record["status"] == "ok", record.get("error")
    assert record["params"]["automata"] == ["", f"{decks[1]},knob=2"]
    replay(record)


def test_the_shipped_decks_load_and_every_knob_setting_plays():
    game = load_game("watergate")
    for name, seat in (("watergate-nixon", 1), ("watergate-editor", 0)):
        deck = load_deck(name, game)
        assert deck.seat == seat
        for knob in range(len(deck.knob_copies)):
            seats = ["random", "random"]
            seats[seat] = f"automaton:{name},knob={knob}"
            assert deck_games.play("watergate", seats, seed=knob)[1].winners


# --------------------------------------------------------------------------- secrecy


@pytest.mark.parametrize("seat", [0, 1])
def test_a_deck_never_peeks(decks, seat):
    """Its move for the true state equals its move in worlds its own seat cannot tell apart,
    for every card of the deck, a card of every rule, and every point of the turn."""
    game = load_game("watergate")
    vocab = vocabulary(game)
    deck = load_deck(decks[seat], game)
    every_rule = tuple(name for name in vocab.RULES if name not in vocab.STANDING)
    rng = random.Random(1)
    checked = 0
    for state in deck_games.decisions_of("watergate", seat, seed=21 + seat, count=60):
        for rules in [card.rules for card in deck.cards] + [every_rule]:
            for start in range(len(rules)):
                truth = choose(
                    vocab,
                    vocab.read(state.observation(seat), game),
                    state.legal_actions(),
                    rules,
                    deck.tie_breakers,
                    start,
                )
                for _ in range(3):
                    world = state.determinize(seat, rng)
                    seen = choose(
                        vocab,
                        vocab.read(world.observation(seat), game),
                        world.legal_actions(),
                        rules,
                        deck.tie_breakers,
                        start,
                    )
                    assert seen == truth, (str(state), rules, start)
                    checked += 1
    assert checked > 300


def test_the_hidden_order_changes_no_other_seats_view(decks):
    game = load_game("watergate").with_automaton_seats(["random", f"automaton:{decks[1]},knob=0"])
    state = game.new_initial_state(9)
    rng = random.Random(2)
    state.apply_action(state.random_action(rng))
    while len(set(state.players[1].pile)) < 2:
        state = game.new_initial_state(rng.randrange(1000))
        state.apply_action(state.random_action(rng))
    other = state.clone()
    pile = other.players[1].pile
    assert len(set(pile)) > 1
    pile.reverse()
    assert pile != state.players[1].pile
    assert other.observation(0) == state.observation(0)
    assert other.observation(1) == state.observation(1)  # nobody knows the pile's order
    worlds = [s.determinize(0, random.Random(4)) for s in (state, other)]
    assert worlds[0].players[1].pile == worlds[1].players[1].pile  # drawn from what is seen
    assert sorted(worlds[0].players[1].pile) == sorted(pile)
    assert isinstance(worlds[0], DeckSeats)
    worlds[0].apply_action(worlds[0].random_action(rng))  # a world plays on


def test_search_bots_play_against_a_deck(decks):
    game = load_game("watergate").with_automaton_seats(
        ["watergate-expert:iterations=15", f"automaton:{decks[1]}"]
    )
    state = game.new_initial_state(2)
    bot = make_bot("watergate-expert:iterations=15", game, 1)
    for _ in range(6):
        state.apply_action(bot.act(state, 0))
    assert state.current_player() == 0 or state.is_terminal()


def test_play_against_a_shipped_deck_through_a_terminal():
    """Bar: `automa play watergate --seat human --seat automaton:watergate-nixon` to the end."""
    from tests.test_play_terminal import finish, play_first_choices, spawn

    child = spawn(
        "play", "watergate", "--seat", "human", "--seat", "automaton:watergate-nixon", "--seed", "1"
    )
    decisions, told = play_first_choices(child, "Nixon automaton flips", 3000)
    assert finish(child) == 0
    assert decisions > 10 and told > 2  # the deck's turns are told in words


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
@pytest.mark.parametrize("automata", [("", "watergate-nixon"), ("watergate-editor", "")])
def test_a_game_with_a_deck_seat_meets_the_contract(check, automata):
    """The conformance checks every game passes, run on a table with a deck in one seat."""
    from tests import conformance

    getattr(conformance, check)("watergate", {"players": 2, "mode": "standard", "automata": automata})


# --------------------------------------------------------------------------- the bonus knob

BONUS_KNOB = (
    '[difficulty]\ncard = "Dither"\ncopies = [3, 1, 0]\ndefault = 1',
    '[difficulty]\ncard = "Dither"\ncopies = [3, 0, 0]\nbonus = "head_start"\nsteps = [0, 0, 2]\ndefault = 1',
)


@pytest.mark.parametrize(
    "change, field",
    [
        (("steps = [0, 0, 2]", "steps = [0, 2, 0]"), "'difficulty.steps'"),  # shrinks, the copies do not
        (("steps = [0, 0, 2]", "steps = [0, 2]"), "'difficulty.steps'"),  # lengths differ
        (('bonus = "head_start"', 'bonus = "bribe"'), "'difficulty.bonus'"),
        (("steps = [0, 0, 2]", "steps = [0, 0, 12]"), "'difficulty.steps'"),
        (("copies = [3, 0, 0]", "copies = [0, 2, 0]"), "'difficulty.copies'"),  # grows, the bonus does not
    ],
)
def test_every_broken_bonus_field_is_named(tmp_path, change, field):
    message, path = broken(tmp_path, NIXON_DECK.replace(*BONUS_KNOB).replace(*change))
    assert path in message and field in message


def test_copies_may_grow_where_the_bonus_grows(tmp_path):
    """A finer knob: a bigger bonus diluted by weak cards sits between two plain settings."""
    path = tmp_path / "finer.toml"
    path.write_text(
        NIXON_DECK.replace(*BONUS_KNOB)
        .replace("copies = [3, 0, 0]", "copies = [3, 0, 2]")
        .replace("steps = [0, 0, 2]", "steps = [0, 0, 1]")
    )
    deck = load_deck(str(path), load_game("watergate"))
    assert deck.knob_copies == (3, 0, 2) and deck.knob_steps == (0, 0, 1)


def test_the_bonus_may_shrink_where_the_copies_shrink(tmp_path):
    """The Nixon knob's trade the other way: three weak cards with three pins a round is
    easier than no weak card with one (0.30 and 0.52 measured), so the bonus may shrink where
    the weak cards go; a bonus that shrinks while the weak cards stay is refused."""
    path = tmp_path / "trade.toml"
    path.write_text(
        NIXON_DECK.replace(*BONUS_KNOB)
        .replace("steps = [0, 0, 2]", "steps = [3, 1, 4]")
        .replace("copies = [3, 0, 0]", "copies = [3, 0, 1]")
    )
    deck = load_deck(str(path), load_game("watergate"))
    assert deck.knob_copies == (3, 0, 1) and deck.knob_steps == (3, 1, 4)
    message, where = broken(
        tmp_path, NIXON_DECK.replace(*BONUS_KNOB).replace("steps = [0, 0, 2]", "steps = [0, 3, 1]")
    )
    assert where in message and "'difficulty.steps'" in message


def test_a_bonus_alone_is_a_knob_and_reads_back(tmp_path):
    game = load_game("watergate")
    path = tmp_path / "bonus.toml"
    path.write_text(
        NIXON_DECK.replace(
            BONUS_KNOB[0], '[difficulty]\nbonus = "head_start"\nsteps = [0, 1, 3]\ndefault = 2'
        ).replace('[[cards]]\nname = "Dither"\nrules = ["dither"]\n', "")
    )
    deck = load_deck(str(path), game)
    assert deck.knob_card == "" and deck.settings == 3 and deck.bonus_steps(None) == 3
    again = tmp_path / "again.toml"
    again.write_text(deck_toml(deck))
    assert parse_deck(again, load_data_file(again), game).knob_steps == (0, 1, 3)
    assert "move the momentum token 3 steps toward Nixon's end" in deck.setting_text(2, vocabulary(game))


def test_the_bonus_is_taken_once_a_round_before_anybody_plays(tmp_path):
    path = tmp_path / "bonus.toml"
    path.write_text(NIXON_DECK.replace(*BONUS_KNOB))
    for knob, start in ((1, 0), (2, -2)):
        game = load_game("watergate").with_automaton_seats(["random", f"automaton:{path},knob={knob}"])
        state = game.new_initial_state(5)
        assert state.observation(0)["momentum"] == start  # Nixon's head start, round 1
        rng = random.Random(2)
        taken = {}
        while not state.is_terminal() and state.inner.round < 4:
            taken[state.inner.round] = sum("bonus" in line for line in state.log)
            state.apply_action(state.random_action(rng))
        if knob == 2:
            assert [taken[r] for r in sorted(taken)] == [1, 2, 3][: len(taken)]
        else:
            assert not any(taken.values())


def test_the_editor_tip_off_pins_evidence_face_up(tmp_path):
    path = tmp_path / "editor.toml"
    path.write_text(
        EDITOR_DECK.replace(
            '[difficulty]\ncard = "Dither"\ncopies = [2, 0]\ndefault = 0',
            '[difficulty]\nbonus = "tip_off"\nsteps = [0, 2]\ndefault = 1',
        )
    )
    game = load_game("watergate").with_automaton_seats([f"automaton:{path}", "random"])
    state = game.new_initial_state(3)
    assert sum(1 for b in state.observation(1)["board"] if b >= 16) == 2


# --------------------------------------------------------------------------- the deck on the board


def test_the_observation_names_the_card_and_the_rule_that_fired(decks):
    game = load_game("watergate").with_automaton_seats(["random", f"automaton:{decks[1]}"])
    state = game.new_initial_state(4)
    rng = random.Random(3)
    while "automata" in state.observation(0) and state.observation(0)["automata"][1]["card"] < 0:
        state.apply_action(state.random_action(rng))
    public = state.observation(0)["automata"][1]
    assert public == state.observation(1)["automata"][1]  # on the table for both
    assert -1 <= public["rule"] < len(load_deck(decks[1], game).cards[public["card"]].rules)


def test_both_boards_show_the_deck_card_with_the_seat_own_words():
    from automa.rules.watergate.view import board_svg, board_text

    game = load_game("watergate").with_automaton_seats(["human", "automaton:watergate-nixon"])
    state = game.new_initial_state(1)
    rng = random.Random(1)
    for _ in range(4):
        state.apply_action(state.random_action(rng))
    public = state.observation(0)["automata"][1]
    card = load_deck("watergate-nixon", game).cards[public["card"]]
    text = board_text(state, 0)
    assert "[automaton deck: Nixon]" in text and f"card “{card.name}”" in text
    assert "(this one)" in text or "standing rules" in text
    assert "your end" not in text.split("[automaton deck")[1]  # printed for Nixon's seat
    svg = board_svg(state, 0)
    assert f"Nixon automaton: “{card.name}”" in svg and "pile " in svg


def test_a_rule_reads_differently_per_seat():
    vocab = vocabulary(load_game("watergate"))
    assert "Nixon's end" in vocab.rule_text("claim_momentum", 1)
    assert "the Editor's end" in vocab.rule_text("claim_momentum", 0)
    assert "journalist" in vocab.rule_text("agent", 0) and "conspirator" in vocab.rule_text("agent", 1)
