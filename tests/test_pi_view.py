"""P.I.'s boards (rules/pi/view.py): the web board draws the city as a map whose streets are
the printed adjacency, every legal action can be clicked on it, and both boards show every
public result of the mini-game from the seat's own observation only."""

import random
import re
import xml.etree.ElementTree as ET

import pytest

from automa.rules.core import load_game
from automa.rules.pi import view
from automa.rules.pi.logic import CUBE, DISC, NONE

SIZES = (2, 3, 4, 5)


def positions(players, seed, every=7):
    """Every `every`-th state of one random game, and always its end."""
    state = load_game("pi", players=players).new_initial_state(seed)
    rng = random.Random(seed)
    step = 0
    while not state.is_terminal():
        if step % every == 0:
            yield state
        state.apply_action(state.random_action(rng))
        step += 1
    yield state


def viewer(state):
    return state.current_player() if not state.is_terminal() else 0


def data_keys(svg):
    return {el.get("data-key") for el in ET.fromstring(svg).iter() if el.get("data-key")}


@pytest.mark.parametrize("players", SIZES)
def test_board_svg_is_one_svg_with_a_viewbox_for_every_position_including_the_end(players):
    ended = 0
    for seed in (1, 2):
        for state in positions(players, seed):
            for seat in range(players):
                svg = view.board_svg(state, seat)
                root = ET.fromstring(svg)
                assert root.tag.endswith("svg") and root.get("viewBox").startswith("0 0 1500 ")
                assert "width" not in root.attrib and "<script" not in svg and "href" not in svg
            ended += state.is_terminal()
    assert ended == 2


@pytest.mark.parametrize("players", SIZES)
def test_every_legal_action_can_be_clicked_and_its_keys_pick_it_alone(players):
    kinds = set()
    for seed in (3, 4):
        for state in positions(players, seed, every=3):
            if state.is_terminal():
                continue
            seat = state.current_player()
            keys = data_keys(view.board_svg(state, seat))
            legal = state.legal_actions()
            tuples = {}
            for action in legal:
                picked = view.action_keys(state, seat, action)
                assert picked, state.action_to_string(action)
                assert set(picked) <= keys, (state.action_to_string(action), picked)
                assert picked not in tuples, (action, tuples.get(picked))
                tuples[picked] = action
                kinds.add(action[0])
            for one in tuples:  # no action is finished on the way to another
                for other in tuples:
                    assert one == other or other[: len(one)] != one, (one, other)
    assert kinds == {"investigate", "evidence", "solve_suspect", "solve_crime", "solve_location"}


def test_an_accusation_is_opened_by_the_solve_button_then_names_tiles():
    state = load_game("pi", players=3).new_initial_state(5)
    seat = state.current_player()
    suspect = next(a for a in state.legal_actions() if a[0] == "solve_suspect")
    d = state.game.data
    assert view.action_keys(state, seat, suspect) == ("solve", f"suspect:{d.suspect_ids[suspect[1]]}")
    assert view.action_keys(state, seat, ("investigate", 3)) == ("area:trocadero",)
    state.apply_action(suspect)
    crime = state.legal_actions()[0]
    assert view.action_keys(state, seat, crime) == (f"crime:{d.crime_ids[crime[1]]}",)
    state.apply_action(crime)
    location = state.legal_actions()[0]
    assert view.action_keys(state, seat, location) == (f"area:{d.area_ids[location[1]]}",)
    svg = view.board_svg(state, seat)
    assert "Your accusation" in svg and d.suspect_names[suspect[1]] in svg and d.crime_names[crime[1]] in svg


def test_the_turns_choice_is_grouped_by_kind_and_the_accusation_steps_are_not():
    state = load_game("pi", players=4).new_initial_state(6)
    seat = state.current_player()
    groups = {view.action_group(state, seat, a) for a in state.legal_actions()}
    assert groups == {"place an investigator", "take an evidence card", "solve your case: name the suspect"}
    state.apply_action(next(a for a in state.legal_actions() if a[0] == "solve_suspect"))
    assert {view.action_group(state, seat, a) for a in state.legal_actions()} == {""}


@pytest.mark.parametrize("players", SIZES)
def test_boards_and_keys_are_the_same_for_a_determinization_of_the_seat(players):
    for seed in (7, 8):
        for state in positions(players, seed, every=9):
            for seat in range(players):
                other = state.determinize(seat, random.Random(seed + seat))
                assert view.board_svg(other, seat) == view.board_svg(state, seat)
                assert view.board_text(other, seat) == view.board_text(state, seat)
                if state.current_player() == seat:
                    for action in state.legal_actions():
                        assert view.action_keys(other, seat, action) == view.action_keys(state, seat, action)
                        assert view.action_group(other, seat, action) == view.action_group(
                            state, seat, action
                        )


def test_the_drawn_city_has_a_street_exactly_between_adjacent_areas():
    d = load_game("pi").data
    printed = {frozenset((a, b)) for a in range(d.NL) for b in d.adj[a]}
    assert len(printed) == 29
    assert view.map_adjacency(d) == printed


def played(players, seed, steps):
    state = load_game("pi", players=players).new_initial_state(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        state.apply_action(state.random_action(rng))
    return state


def test_the_web_board_shows_the_tiles_cards_hand_and_every_detective():
    state = played(4, 11, 40)
    seat = viewer(state)
    obs = state.observation(seat)
    d = state.game.data
    svg = view.board_svg(state, seat)
    text = " ".join(t for t in ET.fromstring(svg).itertext())
    for a in range(d.NL):
        assert d.area_names[a] in text
        if obs["suspect_tiles"][a] >= 0:
            assert d.suspect_names[obs["suspect_tiles"][a]] in text
        if obs["crime_tiles"][a] >= 0:
            assert d.crime_names[obs["crime_tiles"][a]] in text
    for card in obs["display"]:
        assert f'data-key="{view.card_key(d, card)}"' in svg
    assert f"deck: {obs['deck_size']} card" in text
    for kind, name in zip((0, 1, 2), obs["hand"], strict=True):
        assert view.element_name(d, kind, name) in text
    assert f"You hold seat {(seat + 1) % 4}'s case" in text
    totals = view.totals(obs, d)
    for p in range(4):
        assert f"{totals[p]} VP" in text
    assert text.count("investigators") >= 4


def test_the_web_board_puts_each_result_where_it_is_used():
    state = played(3, 12, 45)
    seat = viewer(state)
    obs = state.observation(seat)
    d = state.game.data
    svg = view.board_svg(state, seat)
    titles = [t.text for t in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}title")]
    investigations = [e for e in obs["events"] if e[0] == "investigate"]
    evidence = [e for e in obs["events"] if e[0] == "evidence"]
    assert investigations and evidence and any(e[3] == NONE for e in evidence)
    for _, p, area, discs, cubes in investigations:
        area_title = next(t for t in titles if t.startswith(d.area_names[area] + ": next to"))
        who = "you" if p == seat else f"seat {p}"
        assert f"{who} found {view.result_words(discs, cubes)}" in area_title
    for _, p, card, result in evidence:
        kind, name = view.card_tile(d, card)
        where = (
            f"{d.area_names[name]}: next to"
            if kind == 2
            else f"{view.TYPE_WORD[kind]} tile: {view.element_name(d, kind, name)}"
        )
        tile = next(t for t in titles if t.startswith(where))
        who = "you" if p == seat else f"seat {p}"
        assert f"{who}: {('dead lead', 'disc', 'cube')[result]}" in tile
    text = " ".join(ET.fromstring(svg).itertext())
    for _, card in obs["dead_leads"]:
        assert d.card_names[card] in text.split("Dead leads:", 1)[1]


def test_failed_and_solved_accusations_are_listed_beside_their_detective():
    for seed in range(30):
        state = played(3, seed, 0)
        rng = random.Random(seed)
        while not state.is_terminal() and not any(e[0] == "solve_ok" for e in state.events):
            state.apply_action(state.random_action(rng))
        if state.is_terminal() or not any(e[0] == "solve_fail" for e in state.events):
            continue
        seat = viewer(state)
        d = state.game.data
        text = " ".join(ET.fromstring(view.board_svg(state, seat)).itertext())
        board = view.board_text(state, seat)
        for e in state.events:
            if e[0] in ("solve_ok", "solve_fail"):
                triple = view.triple_text(d, *e[2:5])
                assert triple in board
                if e[0] == "solve_ok":
                    assert f"({e[5]} VP): {triple}" in text
        assert "Wrong accusations: " in text and "wrong: " in board
        return
    pytest.fail("no game with both a wrong and a right accusation")


def test_game_over_names_the_winner_and_the_final_standings():
    state = played(4, 13, 0)
    rng = random.Random(13)
    while not state.is_terminal():
        state.apply_action(state.random_action(rng))
    svg = view.board_svg(state, 2)
    text = " ".join(ET.fromstring(svg).itertext())
    best = max(range(4), key=lambda p: state.scores()[p])
    who = "you" if best == 2 else f"seat {best}"
    assert f"game over: {who} win" in text and "Final standings" in text
    assert 'data-key="solve"' not in svg


def test_the_terminal_board_lists_each_areas_neighbours_by_number():
    state = played(3, 14, 0)
    d = state.game.data
    text = view.board_text(state, 0)
    for a in range(d.NL):
        row = next(
            line
            for line in text.splitlines()
            if re.match(rf"\s+{a + 1} {re.escape(d.area_names[a])}\b", line)
        )
        near = re.search(r"next to ([\d ]+)", row).group(1).split()
        assert sorted(int(x) - 1 for x in near) == sorted(d.adj[a])


def test_the_terminal_board_shows_every_result_of_the_mini_game():
    state = played(4, 15, 50)
    seat = viewer(state)
    d = state.game.data
    text = view.board_text(state, seat)
    lines = text.splitlines()
    events = state.observation(seat)["events"]
    assert any(e[0] == "investigate" for e in events) and any(e[0] == "evidence" for e in events)
    for e in events:
        who = "you" if e[1] == seat else f"seat {e[1]}"
        if e[0] == "investigate":
            row = next(line for line in lines if re.match(rf"\s+{e[2] + 1} ", line))
            assert f"{who}: {view.result_words(e[3], e[4])}" in row
        elif e[0] == "evidence":
            word = {NONE: "dead lead", DISC: "disc", CUBE: "cube"}[e[3]]
            assert f"{d.card_names[e[2]]} {word}" in text


def test_results_shown_are_the_public_ones_and_the_hand_is_the_seats_own():
    """Another seat's hand never shows: each seat's board names its own hand only, and two
    worlds that differ in what the seat cannot see draw the same results."""
    state = played(4, 16, 30)
    d = state.game.data
    for seat in range(4):
        hand = state.hand(seat)
        text = view.board_text(state, seat)
        assert f"{d.suspect_names[hand[0]]} / {d.crime_names[hand[1]]} / {d.area_names[hand[2]]}" in text
        other = state.hand((seat + 1) % 4)
        assert (
            f"{d.suspect_names[other[0]]} / {d.crime_names[other[1]]} / {d.area_names[other[2]]}" not in text
        )
        world = state.determinize(seat, random.Random(seat))
        assert view.board_text(world, seat) == text


# --------------------------------------------------------------------------- the end screen


def _vp(value: str) -> int:
    return int(re.search(r"\((-?\d+) VP\)", value).group(1))


@pytest.mark.parametrize("players", (2, 3, 5))
def test_final_report_breaks_each_total_into_its_mini_games_and_penalties(players):
    """Spec 10: final score = the three score markers less 2 per penalty step; the row of
    every seat adds up to the engine's own score, names its last case and how each
    mini-game went."""
    from automa.rules.presentation import final_report

    for seed in (1, 2):
        *_, state = positions(players, seed, every=10_000)
        assert state.is_terminal()
        scores, outcome = state.scores(), state.outcome()
        d = state.game.data
        report = final_report(state, 1)
        assert [r.seat for r in report.rows] == list(range(players))
        for row in report.rows:
            parts = dict(row.parts)
            vp = [_vp(parts[f"mini-game {m + 1}:"]) for m in range(d.mini_games)]
            penalty = _vp(parts["wrong accusations:"]) if "wrong accusations:" in parts else 0
            assert row.total == scores[row.seat][0] == sum(vp) + penalty
            assert parts["unused investigators:"] == scores[row.seat][1]
            assert parts["case in mini-game 3:"] == view.triple_text(d, *state.cases[row.seat])
            last = parts["mini-game 3:"]
            solved_round = state.observation(1)["solved"][row.seat]
            assert (
                last.startswith(f"solved in round {solved_round} (") if solved_round else "not solved" in last
            )
            assert row.winner == (row.seat in outcome.winners)
        assert report.rows[1].name == "you" and report.rows[0].name == "seat 0"
        best = max(s[0] for s in scores)
        assert report.reason.startswith(
            "The game ends after the third mini-game and the highest total wins: "
        )
        assert report.reason.endswith(f"with {best} VP.")


def test_final_report_tiebreak_names_the_rule_that_decided():
    """Spec 10: more unused investigators, then fewer penalty points, then shared."""
    from automa.rules.pi.report import _tiebreak

    d = load_game("pi", players=3).data
    assert _tiebreak([(9, 1, -2), (5, 3, 0), (4, 0, 0)], [0], 0, d) == ""
    assert "most unused investigators decide (you 2, seat 1 1)" in _tiebreak(
        [(9, 2, -2), (9, 1, 0), (4, 0, 0)], [0], 0, d
    )
    assert "fewest penalty points decide (seat 0 4, you 2)" in _tiebreak(
        [(9, 1, -4), (9, 1, -2), (4, 0, 0)], [1], 1, d
    )
    assert _tiebreak([(9, 1, -2), (9, 1, -2), (4, 0, 0)], [0, 1], 2, d).endswith("they share the win")
