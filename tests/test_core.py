"""The rules core: parameters, errors, data files, outcomes, the registry."""

import dataclasses
import random
import subprocess
import sys

import pytest

from automa.rules.core import (
    DataError,
    DataReader,
    IllegalActionError,
    Outcome,
    ParamError,
    UnknownGameError,
    format_plain,
    load_game,
    registered_games,
    snapshot,
)


def test_load_game_by_name_with_params():
    game = load_game("tiny_goofspiel", players=3, cards=4)
    assert game.num_players == 3 and game.params.cards == 4
    assert game.params.mode == "standard"


def test_unknown_game_lists_the_available_ones():
    with pytest.raises(UnknownGameError) as err:
        load_game("chess")
    assert "tiny_goofspiel" in str(err.value) and "chess" in str(err.value)


def test_bad_player_count_says_what_is_allowed():
    with pytest.raises(ParamError, match="takes 2-3 players, got 7"):
        load_game("tiny_goofspiel", players=7)


def test_unknown_mode_and_parameter_are_named():
    with pytest.raises(ParamError, match="unknown mode 'solo'; allowed: standard"):
        load_game("tiny_goofspiel", mode="solo")
    with pytest.raises(ParamError, match=r"unknown parameter\(s\) \['colour'\]"):
        load_game("tiny_goofspiel", colour="red")


def test_params_are_frozen_and_validated():
    game = load_game("tiny_goofspiel", players=2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        game.params.cards = 9  # frozen dataclass
    with pytest.raises(ParamError, match="cards must be 2-13"):
        load_game("tiny_goofspiel", cards=20)


def test_params_round_trip_through_json():
    game = load_game("tiny_goofspiel", players=3, cards=6)
    assert type(game.params).from_json(game.params.to_json()) == game.params


def test_illegal_action_names_the_action_and_leaves_state_unchanged():
    state = load_game("tiny_goofspiel", players=2, cards=3).new_initial_state(1)
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as err:
        state.apply_action(("bid", 9))
    text = str(err.value)
    assert "('bid', 9)" in text and "3 legal actions" in text and "bid 1" in text
    assert snapshot(state) == before


def test_terminal_state_rejects_actions():
    state = load_game("tiny_goofspiel", players=2, cards=2).new_initial_state(1)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    with pytest.raises(IllegalActionError, match="the game is over"):
        state.apply_action(("bid", 1))


def test_same_seed_same_game():
    game = load_game("tiny_goofspiel", players=2)
    assert snapshot(game.new_initial_state(5)) == snapshot(game.new_initial_state(5))
    assert snapshot(game.new_initial_state(5)) != snapshot(game.new_initial_state(6))


def test_outcome_ranks_share_ties():
    outcome = Outcome.from_scores([(5, 1), (7, 0), (5, 1)])
    assert outcome.ranks == (2, 1, 2) and outcome.winners == (1,)
    tie = Outcome.from_scores([(3,), (3,)])
    assert tie.winners == (0, 1) and "shared" in tie.reason


def test_returns_share_one_among_winners():
    state = load_game("tiny_goofspiel", players=2, cards=2).new_initial_state(3)
    while not state.is_terminal():
        state.apply_action(state.random_action(random.Random(0)))
    assert sum(state.returns()) in (0.0, 1.0)


def test_registry_lists_registered_games():
    assert "tiny_goofspiel" in registered_games()


def test_data_reader_names_file_and_field(tmp_path):
    path = tmp_path / "cards.toml"
    path.write_text(
        'placeholder = true\n[[cards]]\nname = "A"\nvalue = 3\n[[cards]]\nname = "B"\nvalue = "x"\n'
    )
    reader = DataReader(path)
    items = reader.items("cards")
    assert items[0][1].int("value", 0, 9) == 3
    with pytest.raises(DataError) as err:
        items[1][1].int("value", 0, 9)
    assert str(path) in str(err.value) and "cards[1].value" in str(err.value)
    with pytest.raises(DataError, match=r"field 'cards\[0\].colour': is missing"):
        items[0][1].str("colour")
    with pytest.raises(DataError, match="must be between 0 and 2"):
        items[0][1].int("value", 0, 2)
    with pytest.raises(DataError, match="must be one of A, C"):
        items[1][1].str("name", choices=["A", "C"])


def test_broken_toml_names_the_file(tmp_path):
    path = tmp_path / "board.toml"
    path.write_text("this is = = not toml")
    with pytest.raises(DataError) as err:
        DataReader(path)
    assert "board.toml" in str(err.value) and "not valid TOML" in str(err.value)


def test_missing_data_file_names_the_file(tmp_path):
    with pytest.raises(DataError, match="nothing.toml"):
        DataReader(tmp_path / "nothing.toml")


def test_format_plain_lays_out_nested_data():
    text = format_plain({"hand": [1, 2], "board": {"a": 1}})
    assert "hand: [1, 2]" in text and "board:\n  a: 1" in text


def test_naming_one_game_imports_only_that_game():
    """A worker or a command about one game need not load the other four."""
    import subprocess
    import sys
    from pathlib import Path

    code = (
        "import sys; from automa.rules.core import game_class; game_class('PI'); game_class('pi'); "
        "print(sorted(m for m in sys.modules if m in "
        "('automa.rules.pi', 'automa.rules.pulitzer', 'automa.rules.salem', "
        "'automa.rules.tabletop_inc', 'automa.rules.watergate')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=Path(__file__).resolve().parent.parent,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert out.strip() == "['automa.rules.pi']"


def test_installed_library_puts_nothing_generic_on_sys_path(tmp_path):
    """One namespace: rules/, search/ and cli.py install as automa.rules, automa.search and
    automa.cli, so a project with its own `rules` or `search` module does not collide."""
    code = (
        "import importlib.util as u, automa.rules, automa.search, automa.cli; "
        "print([m for m in ('rules', 'search', 'cli') if u.find_spec(m)])"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"


def test_data_files_refuse_unknown_keys_and_duplicate_ids_naming_the_card(tmp_path):
    """A misspelt key is an error, not a setting left at its default; a duplicate id is an
    error; and errors name an entry by its id, as printed, not by its position."""
    from automa.rules.core import audit_data

    path = tmp_path / "deck.toml"
    path.write_text('spacez = [1]\n[[card]]\nid = "Y1"\nhard = 2\n[[card]]\nid = "Y2"\nhard = "x"\n')
    with pytest.raises(DataError, match="'spacez': is not a key this file takes"):
        with audit_data():
            reader = DataReader(path)
            for _i, card in reader.items("card"):
                card.str("id")
    with pytest.raises(DataError, match=r"card\[Y2\]\.hard': must be a whole number"):
        for _i, card in DataReader(path).items("card"):
            card.int("hard")
    path.write_text('[[card]]\nid = "Y1"\n[[card]]\nid = "Y1"\n')
    with pytest.raises(DataError, match=r"card\[Y1\]': is a duplicate id \(entries 1 and 2\)"):
        DataReader(path).items("card")
