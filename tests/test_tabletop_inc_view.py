"""Tabletop Inc. presentation (rules/tabletop_inc/view.py): the web board (SVG), the board keys
of every legal action, the grouping of long decisions, and cards named in words on the
terminal board, in action texts and in the public log."""

import random
import re
import xml.etree.ElementTree as ET

import pytest

import automa.rules.tabletop_inc  # noqa: F401  (registers the game)
from automa.rules.core import load_game
from automa.rules.presentation import final_report
from automa.rules.tabletop_inc import view
from automa.rules.tabletop_inc.view import (
    action_group,
    action_keys,
    board_svg,
    board_text,
    card_label,
    news_text,
)

CONFIGS = [
    dict(players=2, mumanbots=("", "hard")),
    dict(players=3, mumanbots=("", "", "normal"), start_cards="pow_wow"),
    dict(players=4),
    dict(players=5, mumanbots=("", "easy", "", "extreme", ""), zap_per_bot=True),
    dict(players=6, mumanbots=("", "", "", "", "", "hard"), card_track_refresh=True),
]

#: a bare card id: specialist, freelancer, item, skill, objective, WOW, POW, ZAP or founder card
BARE_ID = re.compile(r"\b(?:SP|FD|AC|[FISWPOZ])\d+\b")


def positions(kw, seed, every=9, limit=1500):
    """States of one random game every few decisions, ending with the game over."""
    state = load_game("tabletop_inc", **kw).new_initial_state(seed)
    rng = random.Random(seed)
    for step in range(limit):
        if state.is_terminal():
            break
        if step % every == 0:
            yield state.clone()
        state.apply_action(state.random_action(rng))
    yield state


def board_words(svg: str) -> str:
    """The board's texts read in order, a wrapped label joined back into one line."""
    root = ET.fromstring(svg)
    words = " ".join(el.text or "" for el in root.iter() if el.tag.endswith("}text"))
    return words.replace("/ ", "/")


def svg_keys(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    return [el.get("data-key") for el in root.iter() if el.get("data-key") is not None]


@pytest.mark.parametrize("kw", CONFIGS)
def test_board_svg_is_xml_for_every_seat_through_a_whole_game(kw):
    for seed in (1, 8):
        last = None
        for state in positions(kw, seed, every=23):
            for seat in state.game.humans:
                svg = board_svg(state, seat)
                root = ET.fromstring(svg)
                assert root.tag.endswith("svg") and root.get("viewBox").startswith("0 0 ")
                assert "<script" not in svg and "href" not in svg
            last = state
        assert last.is_terminal()
        assert "game over" in board_svg(last, last.game.humans[0])


@pytest.mark.parametrize("kw", CONFIGS)
def test_every_key_of_every_legal_action_is_on_the_board_and_picks_one_action(kw):
    for seed in (2, 5):
        for state in positions(kw, seed, every=3):
            if state.is_terminal():
                continue
            seat = state.current_player()
            on_board = set(svg_keys(board_svg(state, seat)))
            seen = {}
            for action in state.legal_actions():
                keys = action_keys(state, seat, action)
                assert all(isinstance(k, str) and k for k in keys)
                missing = [k for k in keys if k not in on_board]
                assert not missing, (state.action_to_string(action), missing)
                if keys:
                    assert keys not in seen, (keys, seen.get(keys), action)
                    seen[keys] = action


def keys_on_board(state):
    """Every legal action's keys are on the board of the seat to move; returns the actions."""
    seat = state.current_player()
    on_board = set(svg_keys(board_svg(state, seat)))
    legal = [a for a in state.legal_actions() if a[0] not in ("decline", "stop")]
    tuples = [action_keys(state, seat, a) for a in legal]
    for action, keys in zip(legal, tuples, strict=True):
        assert keys and set(keys) <= on_board, (state.action_to_string(action), keys)
    assert len(set(tuples)) == len(tuples)
    return legal


def test_rare_decisions_are_picked_on_the_board_too():
    """Award, copy, upgrade, tuck and POW removal: set up by hand, since random games seldom
    reach them."""
    state = load_game("tabletop_inc", players=3, start_cards="pow_wow").new_initial_state(2)
    rng = random.Random(2)
    while state.phase == "setup":
        state.apply_action(state.random_action(rng))
    seat = state.current_player()
    other = (seat + 1) % 3
    state.published[seat] = ((4, 4, 4), (2, 2, 2))
    state.employees[other] = (("F03", 0), ("F06", 1))
    state.employees[seat] = (("F02", 0),)
    state.production[seat] = (1, 2, 0)
    state.resources[seat] = [9, 9, 9, 9, 9]
    state.hand_skills[seat] = ("S01", "S22")
    for task in (("award", seat, 0), ("copy", seat), ("upg", seat, 1)):
        state.stack.append(task)
        legal = keys_on_board(state)
        assert {a[0] for a in legal} == {"award": {"award"}, "copy": {"copy"}, "upg": {"upgrade"}}[task[0]]
        state.stack.pop()
    board = board_svg(state, seat)
    assert 'data-key="game:0"' in board and 'data-key="shelf:3"' in board
    legal = set(state.legal_actions())
    assert ("tuck", "S22", "F02") in legal and ("remove_pow",) in legal
    assert action_keys(state, seat, ("tuck", "S22", "F02")) == ("card:S22", "card:F02")
    assert action_keys(state, seat, ("remove_pow",)) == (f"card:{state.pow[seat]}",)
    keys = set(svg_keys(board))
    assert {"card:S22", "card:F02", f"card:{state.pow[seat]}"} <= keys


def test_pass_type_actions_have_no_keys_and_placing_picks_the_space():
    state = load_game("tabletop_inc", players=2).new_initial_state(3)
    seat = state.current_player()
    legal = state.legal_actions()
    place = next(a for a in legal if a[0] == "place")
    assert action_keys(state, seat, place) == (f"space:{place[1]}",)
    for action in (("end_turn",), ("recall",), ("decline",), ("stop",), ("no_predict",)):
        assert action_keys(state, seat, action) == ()


def test_a_standee_is_clicked_before_its_space():
    state = load_game("tabletop_inc", players=2).new_initial_state(3)
    assert action_keys(state, 0, ("place", "GB1", "SP04")) == ("standee:SP04", "space:GB1")
    assert action_keys(state, 0, ("play", "F13", 2)) == ("card:F13", "seat:3")
    assert action_keys(state, 0, ("play", "F13", 6)) == ("card:F13", "seat:pow")


@pytest.mark.parametrize("kw", CONFIGS[:3])
def test_views_and_texts_are_the_same_in_a_determinization(kw):
    for seed in (4, 9):
        for state in positions(kw, seed, every=11):
            for seat in state.game.humans:
                for k in range(2):
                    other = state.determinize(seat, random.Random(k))
                    assert board_svg(other, seat) == board_svg(state, seat)
                    assert board_text(other, seat) == board_text(state, seat)
                    if not state.is_terminal() and state.current_player() == seat:
                        legal = state.legal_actions()
                        assert other.legal_actions() == legal
                        for action in legal:
                            assert other.action_to_string(action) == state.action_to_string(action)
                            assert action_keys(other, seat, action) == action_keys(state, seat, action)
                            assert action_group(other, seat, action) == action_group(state, seat, action)


def test_long_decisions_are_grouped_by_action_and_short_ones_are_not():
    state = load_game("tabletop_inc", players=2).new_initial_state(3)
    seat = state.current_player()
    legal = state.legal_actions()
    assert len(legal) > 12
    groups = {action_group(state, seat, a) for a in legal if a[0] == "place"}
    assert groups == {
        "Resources: place a worker",
        "Cards and staff: place a worker",
        "Production: place a worker",
    }
    assert action_group(state, seat, ("place", "GB1")) == "Production: place a worker"
    assert action_group(state, seat, ("recall",)) == ""
    state.apply_action(("place", "BR"))  # take 1 of $, time, inspiration
    assert all(action_group(state, seat, a) == "" for a in state.legal_actions())


def test_the_board_names_cards_with_their_effects_and_the_track_prices():
    state = load_game("tabletop_inc", players=2, mumanbots=("", "hard")).new_initial_state(6)
    d = state.game.data
    svg = board_svg(state, 0)
    for _key, cards, _tokens, _left in state.observation(0)["tracks"]:
        for i, card in enumerate(cards):
            assert f'data-key="card:{card}"' in svg
            assert view.card_name(d, card) in board_words(svg)
            price = sum(1 for c in cards[i + 1 :] if c)
            assert (
                f"slot {i + 1} · " + ((f"{price} token" + ("s" if price != 1 else "")) if price else "free")
                in svg
            )
    for space in state.game.spaces_in_use:
        assert f'data-key="space:{space.id}"' in svg
    assert ">Get Box<" in svg and "buy a box: level L costs L" in board_words(svg)
    assert "Award shelf" in svg and "Hourglass" in svg and "Mumanbot (Hard)" in svg
    objective = state.objectives[0][0]
    assert f"<title>{view.card_text(d, objective)}</title>" in svg


def test_a_mumanbot_shows_its_level_score_predictions_and_last_zap_card():
    state = load_game("tabletop_inc", players=2, mumanbots=("", "hard")).new_initial_state(2)
    rng = random.Random(2)
    while not any(line.startswith("Mumanbot 1 draws") for line in state.history_text()):
        state.apply_action(state.random_action(rng))
    d = state.game.data
    drawn = state.zap_discard[-1]
    svg = board_svg(state, 0)
    assert "Seat 1 — Mumanbot (Hard)" in svg and f"{state.vp[1]} VP" in svg
    assert "last ZAP drawn" in svg and f">{drawn}<" in svg
    vp = d.zap[drawn][1][2]
    assert f"+{vp} VP at Hard" in svg
    state.prediction_target[1], state.prediction_cards[1], state.prediction_up[1] = (
        0,
        ("research", "award"),
        (1, 1),
    )
    svg = board_svg(state, 0)
    assert "predicting on you:" in svg and "prediction: Research<" in svg and "prediction: Award<" in svg


def test_another_persons_face_down_predictions_are_card_backs():
    state = load_game("tabletop_inc", players=3).new_initial_state(1)
    state.prediction_target[1], state.prediction_cards[1], state.prediction_up[1] = (
        0,
        ("research", "award"),
        (1, 0),
    )
    svg = board_svg(state, 0)
    assert "prediction: Research (came true)" in svg and "prediction: Award" not in svg
    assert ">?<" in svg
    own = board_svg(state, 1)
    assert "prediction: Award (face down)" in own


def test_the_pending_decision_brings_its_cards_to_the_board():
    state = load_game("tabletop_inc", players=2, start_cards="pow_wow").new_initial_state(4)
    wows = state.dealt[0][0]
    svg = board_svg(state, 0)
    assert "Cards dealt to you" in svg
    for card in wows:
        assert f'data-key="card:{card}"' in svg
    other = board_svg(state, 1)
    assert not any(f'data-key="card:{card}"' in other for card in wows)


# --------------------------------------------------------------------------- terminal findings


def test_finding_track_cards_are_named_with_effects_not_bare_ids_on_the_terminal_board():
    state = load_game("tabletop_inc", players=2).new_initial_state(1)
    d = state.game.data
    text = board_text(state, 0)
    for _key, cards, _tokens, _left in state.observation(0)["tracks"]:
        for card in cards:
            assert view.card_text(d, card) in text
    for kw in CONFIGS[:3]:
        for state in positions(kw, 3, every=7):
            for seat in state.game.humans:
                text = board_text(state, seat)
                for found in BARE_ID.finditer(text):
                    assert text[found.start() :].startswith(card_label(d, found.group(0))), text


def test_finding_action_texts_name_cards_and_spaces_in_words():
    for kw in CONFIGS[:3]:
        for state in positions(kw, 7, every=2, limit=600):
            if state.is_terminal():
                continue
            d = state.game.data
            for action in state.legal_actions():
                text = state.action_to_string(action)
                assert not re.search(r"\b[a-z]+_[a-z_]+\b", text), text
                for found in BARE_ID.finditer(text):
                    assert text[found.start() :].startswith(card_label(d, found.group(0))), text


def test_finding_specific_action_texts():
    state = load_game("tabletop_inc", players=2).new_initial_state(3)
    d = state.game.data
    assert state.action_to_string(("place", "BR")) == "place on BR Basic Resource"
    assert (
        state.action_to_string(("place", "HS2"))
        == "place on HS2 Hire Specialist (pay 1 inspiration, gain 1 research)"
    )
    assert "F13 Playtest freelancer" in state.action_to_string(("freelancer", "F13"))
    assert "gain 4 playtest" in state.action_to_string(("freelancer", "F13"))
    assert (
        state.action_to_string(("item", "I10"))
        == "use item I10 Box upgrade x2: upgrade your box up to 2 steps"
    )
    assert "SP11 Hire Freelancer specialist" in state.action_to_string(("place", "HF1", "SP11"))
    assert "any slot, no tokens" in state.action_to_string(("place", "HF1", "SP11"))
    assert state.action_to_string(("predict_on", 1)) == "predict on seat 1"
    assert card_label(d, "SP11") == "SP11 Hire Freelancer specialist"


def test_finding_a_track_pick_names_the_card_its_price_and_tokens():
    state = load_game("tabletop_inc", players=2).new_initial_state(3)
    state.apply_action(("place", "HS1"))
    cards = state.tracks["sp"]
    text = state.action_to_string(("slot", 0))
    assert text.startswith(f"take {card_label(state.game.data, cards[0])}")
    assert "from specialist slot 1, paying 2 tokens" in text
    assert state.action_to_string(("slot", 2)).endswith("from specialist slot 3, free")


def test_finding_log_lines_read_in_words():
    state = load_game("tabletop_inc", players=2, mumanbots=("", "hard")).new_initial_state(5)
    d = state.game.data
    rng = random.Random(5)
    lines = set()
    for _ in range(400):
        if state.is_terminal():
            break
        state.apply_action(state.random_action(rng))
        lines.update(state.history_text())
    assert lines
    for line in lines:
        told = news_text(line)
        assert not re.search(r"\b[a-z]+_[a-z_]+\b", told), told
        assert not re.search(r"\b(sp|fl|it) slot\b", told), told
        for found in BARE_ID.finditer(told):
            assert told[found.start() :].startswith(card_label(d, found.group(0))), told
    assert (
        news_text("Mumanbot 1 draws Z13 (get_part), occupies GP2, +3 VP")
        == "Mumanbot 1 draws ZAP card Z13 Get Part, occupies GP2 (Get Part), +3 VP"
    )
    assert (
        news_text("seat 0 takes F13 from freelancer slot 3")
        == "seat 0 takes F13 Playtest freelancer from freelancer slot 3"
    )


def test_new_choices_are_picked_on_the_board_crystal_ball_split_upgrade_and_late_trading():
    """§10.18 flips, AMB-13 payment splits, §10.12 "up to 2 steps" and AMB-30 trading in the
    free window: each choice has its keys on the board (a face-down prediction card, a way to
    pay, the piece, a give-get-amount) and the board says what is being decided."""

    def fresh():
        return load_game("tabletop_inc", players=3).new_initial_state(1)

    state = fresh()
    state.prediction_target[0], state.prediction_cards[0], state.prediction_up[0] = (
        1,
        ("research", "train", "award"),
        (0, 0, 0),
    )
    state.employees[0] += (("F04", 0),)
    state.apply_action(("freelancer", "F04"))
    assert {a[0] for a in keys_on_board(state)} == {"flip"}
    assert action_keys(state, 0, ("flip", "train")) == ("pred:train",)

    state = fresh()
    state.wow[0] = "W6"
    state.resources[0] = [0, 2, 2, 0, 0]
    state.apply_action(("place", "HS2"))
    assert {a[0] for a in keys_on_board(state)} == {"pay"}
    svg = board_svg(state, 0)
    assert "Pay with interchangeable resources" in svg and "pay 1 time" in svg
    assert state.action_to_string(("pay", "time", 1, "inspiration", 0)) == "pay 1 time"
    assert "choose how many of each" in view.decision_text(state, state.observation(0), 0)

    state = fresh()
    state.production[0] = (0, 0, 1)
    state.hand_items[0] = ("I08",)
    state.apply_action(("item", "I08"))
    assert [a[0] for a in keys_on_board(state)] == ["upgrade"]
    assert state.action_to_string(("upgrade", "component")) == "upgrade your component from level 2 to 3"
    assert state.action_to_string(("stop",)) == "take no more upgrade steps"

    state = fresh()
    state.resources[0] = [0, 3, 0, 0, 0]
    state.hand_items[0] = ("I02",)
    for action in (("place", "TD1"), ("swap", "time", "dollar", 3), ("stop",), ("item", "I02")):
        state.apply_action(action)
    on_board = set(svg_keys(board_svg(state, 0)))
    swaps = [a for a in state.legal_actions() if a[0] == "swap"]
    assert ("swap", "dollar", "inspiration", 8) in swaps and ("end_turn",) in state.legal_actions()
    for action in swaps:
        assert set(action_keys(state, 0, action)) <= on_board, action
    assert "trade more" in view.decision_text(state, state.observation(0), 0)


def played_out(kw, seed):
    state = load_game("tabletop_inc", **kw).new_initial_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(state.random_action(rng))
    return state


@pytest.mark.parametrize("kw", CONFIGS)
def test_the_end_screen_gives_every_seat_its_score_by_category_14_2(kw):
    """§14.2 / §17.6: each row's breakdown adds up to the score the winner is judged by;
    Mumanbots are automaton rows scoring their track only; the seat that ended the game shows
    its 5 VP; the reason names how the game ended and who won."""
    for seed in (1, 4):
        state = played_out(kw, seed)
        seat = state.game.humans[0]
        report = final_report(state, seat)
        outcome = state.outcome()
        scores = state.scores()
        assert [r.seat for r in report.rows] == list(range(state.n))
        for p, row in enumerate(report.rows):
            assert row.total == scores[p][0] == sum(v for _label, v in row.parts)
            assert row.rank == outcome.ranks[p] and row.winner == (p in outcome.winners)
            labels = [label for label, _v in row.parts]
            assert row.automaton == (p in state.game.bots)
            if row.automaton:
                assert labels[0] == "ZAP cards and predictions" and "published games" not in labels
                assert "Mumanbot" in row.name
            else:
                assert labels[:6] == [
                    "track VP",
                    "published games",
                    "unpublished game",
                    "objectives",
                    "freelancers",
                    "awards",
                ]
            assert (("ending the game", 5) in row.parts) == (p == state.end_by)
        assert report.rows[seat].name == "you"
        winner = outcome.winners[0]
        assert "moved the hourglass to 0 and gained 5 VP" in report.reason
        assert report.reason.endswith(f"with {scores[winner][0]} VP.")
        assert report.rows[winner].name in report.reason
        assert "\n".join(report.lines()).count("★ winner") == 1


def test_a_tie_on_vp_is_told_with_the_printed_tie_breaker_14_3():
    """§14.3: of seats tied on the most VP, the one farthest from the first player wins; the
    end screen says so, and says nothing of a tie-break when nobody is tied."""
    tied = untied = None
    for seed in range(1, 60):
        state = played_out(dict(players=3), seed)
        totals = [sc[0] for sc in state.scores()]
        if totals.count(max(totals)) > 1:
            tied = tied or state
        else:
            untied = untied or state
        if tied and untied:
            break
    assert tied is not None and untied is not None
    report = final_report(tied, 0)
    totals = [row.total for row in report.rows]
    best = [p for p, t in enumerate(totals) if t == max(totals)]
    winner = max(best, key=lambda p: (p - tied.game.first) % tied.n)
    assert tied.outcome().winners == (winner,) and report.rows[winner].winner
    assert "farthest from the first player" in report.tiebreak
    assert report.tiebreak.endswith("wins: " + report.rows[winner].name)
    assert f"tied on {max(totals)} VP" in report.tiebreak
    assert final_report(untied, 0).tiebreak == ""
