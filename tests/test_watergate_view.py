"""Watergate's presentation: the web board (SVG), its click keys and groups, and the
texts of actions, which must number and name things as the board does."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

from automa.rules.core import load_game
from automa.rules.watergate.data import EDITOR, NIXON
from automa.rules.watergate.view import (
    action_group,
    action_keys,
    board_svg,
    board_text,
    card_text,
    unseen_tokens,
)

SVG = "{http://www.w3.org/2000/svg}"


def positions(seed: int, every: int = 1):
    """Every `every`-th position of a random game, the finished one included."""
    game = load_game("watergate")
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    step = 0
    while True:
        if step % every == 0 or state.is_terminal():
            yield state
        if state.is_terminal():
            return
        state.apply_action(state.random_action(rng))
        step += 1


def svg_tree(state, seat):
    return ET.fromstring(board_svg(state, seat))


def data_keys(root) -> set[str]:
    return {el.get("data-key") for el in root.iter() if el.get("data-key")}


def titles(root) -> list[str]:
    return [el.text or "" for el in root.iter(f"{SVG}title")]


def all_text(root) -> str:
    return " ".join(el.text or "" for el in root.iter(f"{SVG}text"))


@pytest.mark.parametrize("seed", [0, 1, 46])
def test_the_board_parses_as_svg_for_both_seats_through_a_whole_game(seed):
    last = None
    for state in positions(seed, every=6):
        for seat in (EDITOR, NIXON):
            root = svg_tree(state, seat)
            assert root.tag == f"{SVG}svg" and root.get("viewBox").startswith("0 0 1500 ")
            assert root.find(f".//{SVG}script") is None
        last = state
    assert last.is_terminal()
    over = all_text(svg_tree(last, EDITOR))
    assert "Game over:" in over and ("Nixon wins" in over or "the Editor wins" in over)


def test_every_legal_action_has_its_keys_on_the_board_and_its_keys_pick_only_it():
    kinds = set()
    for seed in (0, 1, 6):
        for state in positions(seed):
            if state.is_terminal():
                continue
            seat = state.current_player()
            kinds.add(state.stack[-1][0])
            on_board = data_keys(svg_tree(state, seat))
            legal = state.legal_actions()
            picked = {}
            for action in legal:
                keys = action_keys(state, seat, action)
                assert set(keys) <= on_board, (state.action_to_string(action), keys)
                if keys:
                    assert keys not in picked, (action, picked.get(keys))
                    picked[keys] = action
            no_place = [a for a in legal if not action_keys(state, seat, a)]
            assert all(a[0] in ("pass", "none", "gambit_keep") for a in no_place), no_place
    # the walk met every kind of decision the keys cover
    assert {
        "turn",
        "vt",
        "em",
        "pick",
        "window",
        "pin",
        "person",
        "rmb",
        "flipb",
        "gambit",
        "replay",
    } <= kinds


def test_cards_are_grouped_by_name_only_when_a_card_is_being_chosen():
    state = load_game("watergate").new_initial_state(5)
    cards = state.game.data.cards
    groups = {action_group(state, EDITOR, a) for a in state.legal_actions()}
    assert groups == {cards[c].name for c in state.hand[EDITOR]}
    state.apply_action(("value", state.hand[EDITOR][0]))
    assert {action_group(state, EDITOR, a) for a in state.legal_actions()} == {""}


@pytest.mark.parametrize("seed", [0, 3, 7])
def test_board_and_texts_are_the_same_for_the_state_and_a_determinization(seed):
    for k, state in enumerate(positions(seed, every=5)):
        if state.is_terminal():
            continue
        mover = state.current_player()
        for seat in (EDITOR, NIXON):
            world = state.determinize(seat, random.Random(k))
            assert board_svg(world, seat) == board_svg(state, seat)
            assert board_text(world, seat) == board_text(state, seat)
            if seat == mover:
                legal = state.legal_actions()
                assert world.legal_actions() == legal
                for action in legal:
                    assert world.action_to_string(action) == state.action_to_string(action)
                    assert action_keys(world, seat, action) == action_keys(state, seat, action)
                    assert action_group(world, seat, action) == action_group(state, seat, action)


def test_the_opening_shows_the_table_as_set_up():
    state = load_game("watergate").new_initial_state(5)
    data = state.game.data
    editor = svg_tree(state, EDITOR)
    text = all_text(editor)
    assert "Watergate — round 1" in text and "You play the Editor" in text
    assert "points at the Editor: draws 5, plays first" in text
    assert "Momentum supply: 8" in text and "Evidence bag: 27 tokens" in text
    assert "Nixon's momentum card" in text and "Placing a token here: Nixon wins." in text
    assert "Martha" in text and "Mitchell" in text and "in the supply" in text
    for c in state.hand[EDITOR]:  # the hand as cards, with their parts
        card = data.cards[c]
        assert f"value:{card.id}" in data_keys(editor) and f"action:{card.id}" in data_keys(editor)
        first_words = " ".join(card_text(card, data).split()[:2])
        assert first_words.split()[0] in text and card.name.split()[0] in text
    # Nixon's three face-down tokens: their colours for him, unknown to the Editor
    editor_titles = [t for t in titles(editor) if t.startswith("evidence token")]
    nixon_titles = [t for t in titles(svg_tree(state, NIXON)) if t.startswith("evidence token")]
    assert len(editor_titles) == len(nixon_titles) == 3
    assert all("colour unknown, face down" in t for t in editor_titles)
    assert not any("colour unknown" in t for t in nixon_titles)
    assert all("face down" in t for t in nixon_titles)


def test_the_editor_is_told_which_tokens_she_has_not_seen():
    for state in positions(0, every=9):
        obs = state.observation(EDITOR)
        face_down = sum(1 for _code, _pos, flag in obs["track"] if flag == 0)
        assert sum(unseen_tokens(obs, state.game.data).values()) == obs["bag"] + face_down


def test_a_pending_reaction_and_the_card_it_answers_are_shown():
    for state in positions(0):
        if not state.is_terminal() and state.stack[-1][0] == "window":
            break
    seat = state.current_player()
    text = all_text(svg_tree(state, seat))
    assert "may react" in text and "Being resolved" in text
    answered = state.game.data.cards[state.chain[0][2]].name
    assert answered in text


# --------------------------------------------------------------------------- the numbering finding


def test_action_texts_number_tokens_as_the_board_does_and_name_things_as_printed():
    """Terminal finding: 'move evidence token #0' while the board said token 1.  Evidence
    tokens are numbered 1-3 everywhere, and no engine id (#0, card ids like N03,
    martha_mitchell) shows in an action text."""
    slot_checked = 0
    for seed in (0, 1):
        for state in positions(seed):
            if state.is_terminal():
                continue
            seat = state.current_player()
            root = None
            for action in state.legal_actions():
                text = state.action_to_string(action)
                assert not re.search(r"#\d|\b[EN]\d\d\b|_|^\(", text), text
                if action[0] == "slot":
                    number = action[1] + 1
                    assert f"evidence token {number} (" in text
                    assert action_keys(state, seat, action) == (f"evidence:{number}",)
                    root = root if root is not None else svg_tree(state, seat)
                    assert any(t.startswith(f"evidence token {number} (") for t in titles(root))
                    slot_checked += 1
                if action[0] == "person":
                    assert "'s picture face " in text and text.split()[1][0].isupper()
    assert slot_checked > 20


def test_a_face_down_token_is_named_by_number_not_by_colour_for_the_editor():
    state = load_game("watergate").new_initial_state(0)
    cards = state.game.data.cards
    card, steps = next(
        (c, op[2])
        for c in state.hand[EDITOR]
        for op in cards[c].effects
        if op[0] == "move_evidence" and op[3] == 7
    )
    state.apply_action(("action", card))
    texts = [state.action_to_string(a) for a in state.legal_actions()]
    assert texts[0] == f"move evidence token 1 (colour unknown, face down) {steps} steps"
    assert texts[2].startswith("move evidence token 3 (")


# ---------------------------------------------------------------------------- the end screen


def test_final_report_tells_who_won_by_which_condition_with_both_tallies():
    """Spec 11: the Editor wins with two connected informants, Nixon with his fifth
    momentum token or an empty supply; each side's row is its tally toward its condition."""
    from automa.rules.presentation import final_report

    reasons = set()
    for seed in (0, 2, 5):  # an empty supply, Nixon's fifth token, two informants
        *_, state = positions(seed, every=10_000)
        winner = state.outcome().winners[0]
        obs = state.observation(EDITOR)
        for seat in (EDITOR, NIXON):
            report = final_report(state, seat)
            editor, nixon = report.rows
            assert (editor.seat, nixon.seat) == (EDITOR, NIXON)
            assert [r.winner for r in report.rows] == [winner == EDITOR, winner == NIXON]
            assert report.rows[seat].name == "you"
            assert dict(editor.parts)["informants recruited:"] == obs["pictures"].count(1)
            assert dict(nixon.parts)["informants blocked:"] == obs["pictures"].count(2)
            assert dict(nixon.parts)["momentum tokens left in the supply:"] == obs["supply"]
            assert nixon.total.startswith(f"{obs['momentum_cards'][NIXON]} momentum token")
            linked = int(editor.total.split()[0])
            if winner == EDITOR:
                assert linked >= 2 and report.reason.startswith("The Editor wins: at least two informants")
            else:
                assert linked < 2 and report.reason.startswith("Nixon wins: ")
                assert obs["momentum_cards"][NIXON] >= 5 or obs["supply"] == 0 or "term ends" in report.reason
        reasons.add(report.reason.split(".")[0])
    assert len(reasons) == 3
