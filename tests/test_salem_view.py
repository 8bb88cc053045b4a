"""Salem 1692 as a seat sees it: the web board (`board_svg`, `action_keys`, `action_group`)
and how another seat's move reads (`move_text`), all from that seat's observation.

The user report behind the move texts: at the first Dawn of `automa play salem --players 5
--seed 5` the only Witch's Black Cat vote was printed in full while every other seat "made a
secret choice"; with 7 players the witches got a different phrase than the town.  Spec 20.5:
every living seat is asked alike, so a secret round must read alike whatever the role.
"""

import random
import xml.etree.ElementTree as ET

import pytest

from automa.rules.core import load_game
from automa.rules.presentation import final_report, move_text as table_move_text, observation_after
from automa.rules.salem.view import SECRET_MOVE, action_group, action_keys, board_svg, move_text, news_text
from tests.test_salem_rules import at_turn, plain_chars, rows6

#: (players, mode, extra parameters) covering ghosts, the Town Hall choice, big tables, variants
CONFIGS = [
    (5, "standard", {}),
    (7, "standard", {}),
    (12, "standard", {}),
    (3, "ghosts", {}),
    (2, "ghosts", {}),
    (6, "standard", {"two_card_reveal": True}),
    (8, "standard", {"reveal_team_on_death": True, "more_witches": True}),
]


def positions(players, mode, extra, seed, every=1):
    """Every `every`-th state of one random game, the final (terminal) state included."""
    state = load_game("salem", players=players, mode=mode, **extra).new_initial_state(seed)
    rng = random.Random(seed)
    out, k = [], 0
    while not state.is_terminal():
        if k % every == 0:
            out.append(state.clone())
        state.apply_action(state.random_action(rng))
        k += 1
    out.append(state)
    return out


def words(svg: str) -> str:
    """The board's text as one line (wrapped lines joined), to look for phrases."""
    return " ".join(el.text or "" for el in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}text"))


def data_keys(svg: str) -> set:
    return {el.get("data-key") for el in ET.fromstring(svg).iter() if el.get("data-key")}


# --------------------------------------------------------------------------- the SVG document


@pytest.mark.parametrize("players,mode,extra", CONFIGS)
def test_board_svg_is_well_formed_for_every_seat_through_a_whole_game(players, mode, extra):
    for state in positions(players, mode, extra, seed=players, every=9 if players <= 8 else 20):
        for seat in range(state.num_players()):
            root = ET.fromstring(board_svg(state, seat))
            assert root.tag.endswith("svg") and root.get("viewBox", "").startswith("0 0 ")
            assert not list(root.iter("{http://www.w3.org/2000/svg}script"))
    assert state.is_terminal()
    assert "Game over" in board_svg(state, 0)


@pytest.mark.parametrize("players", range(2, 13))
def test_seats_sit_round_the_table_without_overlapping_and_you_at_the_bottom(players):
    mode = "ghosts" if players < 4 else "standard"
    state = load_game("salem", players=players, mode=mode).new_initial_state(1)
    for seat in range(players):
        root = ET.fromstring(board_svg(state, seat))
        boxes = {
            el.get("data-key"): tuple(float(el.get(k)) for k in ("x", "y", "width", "height"))
            for el in root.iter("{http://www.w3.org/2000/svg}rect")
            if (el.get("data-key") or "").startswith("seat:")
        }
        assert len(boxes) == state.game.npos
        for a, (x1, y1, w1, h1) in boxes.items():
            for b, (x2, y2, w2, h2) in boxes.items():
                if a < b:
                    assert x1 + w1 <= x2 or x2 + w2 <= x1 or y1 + h1 <= y2 or y2 + h2 <= y1, (a, b)
        mine = boxes[f"seat:{state.game.pos_of[seat]}"]
        assert mine[1] == max(box[1] for box in boxes.values())


@pytest.mark.parametrize("players,mode,extra", CONFIGS)
def test_every_key_of_a_legal_action_is_on_the_board_and_picks_one_action(players, mode, extra):
    """The front-end highlights data-keys and plays an action once all its keys are clicked:
    every key must be drawn, and no two legal actions may share (or prefix) a key tuple."""
    checked = 0
    for seed in (1, 2):
        for state in positions(players, mode, extra, seed, every=seed):
            if state.is_terminal():
                continue
            seat = state.current_player()
            drawn = data_keys(board_svg(state, seat))
            tuples = []
            for action in state.legal_actions():
                keys = action_keys(state, seat, action)
                assert set(keys) <= drawn, (state.action_to_string(action), keys)
                if keys:
                    tuples.append(keys)
                    checked += 1
            assert len(tuples) == len(set(tuples)), tuples
            for a in tuples:
                for b in tuples:
                    assert a == b or b[: len(a)] != a, f"{a} is a prefix of {b}"
    assert checked > 100


def test_the_special_keys_of_griggs_tituba_and_the_shilling_look_are_drawn():
    """Will Griggs' Alibi-as-Witness has a button of its own on the Alibi card; a shilling
    look is picked by the shilling button, then the seat."""
    s = at_turn(
        6, 1, rows=rows6(), chars=plain_chars(6, p0="will_griggs"), hands=[["alibi", "accusation"]] + [[]] * 5
    )
    s.reds[2] = ["accusation"]
    s.coins[0] = 2
    keys = {a: action_keys(s, 0, a) for a in s.legal_actions()}
    assert keys[("play", "alibi_w")] == ("hand:alibi_w",)
    assert keys[("play", "alibi")] == ("hand:alibi",)
    assert keys[("look", 3)] == ("look", "seat:3")
    assert keys[("draw",)] == ()
    assert set(k for ks in keys.values() for k in ks) <= data_keys(board_svg(s, 0))


def test_long_decisions_are_grouped_and_short_ones_are_not():
    s = at_turn(
        6,
        1,
        rows=rows6(),
        chars=plain_chars(6),
        hands=[["accusation", "evidence", "stocks", "curse", "shilling"]] + [[]] * 5,
    )
    s.coins[0] = 1
    s.tokens[3] = ["piety"]
    legal = s.legal_actions()
    assert len(legal) > 8
    groups = {a: action_group(s, 0, a) for a in legal}
    assert groups[("play", "evidence")] == "Play a card from your hand"
    assert groups[("look", 2)].startswith("Spend a shilling")
    assert groups[("draw",)] == ""
    s.apply_action(("play", "accusation"))
    assert all(action_group(s, 0, a) == "" for a in s.legal_actions())


# --------------------------------------------------------------------------- only what the seat sees


@pytest.mark.parametrize("players,mode,extra", CONFIGS[:5])
def test_board_and_texts_are_the_same_in_any_world_the_seat_cannot_tell_apart(players, mode, extra):
    for state in positions(players, mode, extra, seed=3, every=7 if players <= 8 else 20):
        mover = state.current_player() if not state.is_terminal() else None
        for seat in range(state.num_players()):
            other = state.determinize(seat, random.Random(seat + 11))
            assert board_svg(other, seat) == board_svg(state, seat)
            if seat == mover:
                legal = state.legal_actions()
                assert other.legal_actions() == legal
                for a in legal:
                    assert other.action_to_string(a) == state.action_to_string(a)
                    assert action_keys(other, seat, a) == action_keys(state, seat, a)
                    assert action_group(other, seat, a) == action_group(state, seat, a)
            elif mover is not None:
                real = {table_move_text(state, a, mover, seat) for a in state.legal_actions()}
                if (
                    state.observation(seat)["dec"][0] == "secret"
                    and not state.ever_witch[state.game.pos_of[seat]]
                ):
                    imagined = {table_move_text(other, a, mover, seat) for a in other.legal_actions()}
                    assert real == imagined == {SECRET_MOVE}


def test_the_board_names_what_a_decision_needs():
    """Accusations against the Piety threshold, the cards in your hand with their effect,
    the Night's possible place, tokens in the centre and your team."""
    s = at_turn(
        6,
        1,
        rows=rows6(),
        chars=plain_chars(6, p1="george_burroughs"),
        hands=[["evidence", "blessing"]] + [[]] * 5,
    )
    s.reds[2] = ["accusation", "evidence"]
    s.tokens[2] = ["piety"]
    s.reds[1] = ["accusation"]
    svg = board_svg(s, 0)
    text = words(svg)
    assert " 4/14 " in text and " 1/8 " in text
    assert "Evidence" in text and "Adds 3 accusations to another player." in text
    assert "Give a token from the centre to another player." in text
    assert f"The Night is somewhere in the bottom {min(s.night_zone, len(s.deck))} cards" in text
    assert 'data-key="centre:asylum"' in svg and 'data-key="token:2:piety"' in svg
    assert "Your team: the town" in text
    assert "Your decision: choose a turn action" in text


def test_a_witch_sees_her_team_and_votes_and_the_town_sees_neither():
    g = load_game("salem", players=5)
    s = g.new_initial_state(5)
    rng = random.Random(0)
    while s.dec[0] != "dawn":
        s.apply_action(s.random_action(rng))
    witch = next(p for p in range(5) if s.ever_witch[p])
    while s.dec[0] == "dawn" and s.dec[1] != witch:
        s.apply_action(s.legal_actions()[0])
    town = next(p for p in range(5) if not s.ever_witch[p])
    svg_witch, svg_town = words(board_svg(s, witch)), words(board_svg(s, town))
    assert (
        "Your team: the witches" in svg_witch and "your answer: vote who receives the Black Cat" in svg_witch
    )
    assert "Your team: the town" in svg_town
    assert " witch " not in svg_town and "Witch votes" not in svg_town
    assert "every living player is asked in turn" in svg_town


def test_news_names_printed_cards_even_after_a_name_with_spaces():
    assert news_text("P1(Abigail Williams) reveals naw") == "P1(Abigail Williams) reveals Not a Witch"
    assert (
        news_text("Gravedigger: P1(Ann Putnam) turns P2(Sarah Good)'s witch face-down")
        == "Gravedigger: P1(Ann Putnam) turns P2(Sarah Good)'s Witch face-down"
    )
    assert (
        news_text("P0(Tituba) plays alibi_w on P2(Sarah Good)")
        == "P0(Tituba) plays Alibi as a Witness on P2(Sarah Good)"
    )


# --------------------------------------------------------------------------- how others' moves read


def through_first_night(players: int, seed: int):
    """(state, action, actor) for every move from the start through the end of the first
    Night, random legal moves throughout."""
    state = load_game("salem", players=players).new_initial_state(seed)
    rng = random.Random(seed)
    moves = []
    while not state.is_terminal() and not (state.nights >= 1 and not state.in_night):
        action = state.random_action(rng)
        moves.append((state.clone(), action, state.current_player()))
        state.apply_action(action)
    assert state.nights >= 1, "the game ended before its first Night"
    return moves


@pytest.mark.parametrize("players,seed", [(5, 5), (7, 6)])
def test_every_secret_move_reads_alike_to_a_townsperson(players, seed):
    """The report: seat 4 (the only Witch) was named giving the Black Cat to P0.  Now every
    other seat's Town Hall keep, Dawn vote or sleep, victim vote, gavel and confession reads
    the same to every townsperson, and never names the target of a vote."""
    moves = through_first_night(players, seed)
    kinds = set()
    for viewer in range(players):
        if moves[-1][0].ever_witch[viewer]:
            continue
        texts = set()
        for state, action, actor in moves:
            if actor == viewer or state.observation(viewer)["dec"][0] != "secret":
                continue
            kinds.add(state.dec[0])
            text = table_move_text(state, action, actor, viewer)
            texts.add(text)
            if action[0] in ("cat", "victim", "gavel"):
                assert state.pname(action[1]) not in text
        assert texts == {SECRET_MOVE}, texts
    assert {"keep", "dawn", "victim", "sleep", "confess"} <= kinds
    if (players, seed) == (5, 5):
        assert not moves[0][0].ever_witch[0] and moves[0][0].ever_witch[4]


def test_a_witch_reads_her_fellow_witchs_vote_and_nothing_else():
    for seed in range(40):  # two witches, both alive when the first Night falls
        moves = through_first_night(7, seed)
        witches = [p for p in range(7) if moves[0][0].ever_witch[p]]
        night = next(state for state, _action, _actor in moves if state.in_night)
        if len(witches) == 2 and all(night.alive[p] for p in witches):
            break
    named = 0
    for state, action, actor in moves:
        if state.observation(witches[0])["dec"][0] != "secret" or actor == witches[0]:
            continue
        text = move_text(state, action, actor, witches[0])
        if (
            actor == witches[1]
            and action[0] in ("cat", "victim")
            and (state.game.pos_of[actor], action[1]) in observation_after(state, action, witches[0])["votes"]
        ):
            assert state.pname(action[1]) in text
            named += 1
        else:
            assert text == SECRET_MOVE
    assert named >= 1


@pytest.mark.parametrize("players,mode", [(5, "standard"), (7, "standard"), (3, "ghosts"), (9, "standard")])
def test_two_moves_a_viewer_cannot_tell_apart_read_alike(players, mode):
    """DESIGN: what a seat is told of another seat's move follows from its observation; over
    many random positions, two legal moves leaving viewer v's observation identical read the
    same to v."""
    compared = 0
    for seed in range(3):
        for state in positions(players, mode, {}, seed, every=2)[:-1]:
            actor = state.current_player()
            legal = state.legal_actions()
            if len(legal) < 2:
                continue
            children = []
            for action in legal:
                child = state.clone()
                child.apply_action(action)
                children.append(child)
            for viewer in range(state.num_players()):
                if viewer == actor:
                    continue
                groups = {}
                for action, child in zip(legal, children, strict=True):
                    groups.setdefault(repr(child.observation(viewer)), []).append(action)
                for same in groups.values():
                    if len(same) > 1:
                        texts = {table_move_text(state, a, actor, viewer) for a in same}
                        assert len(texts) == 1, (viewer, [state.action_to_string(a) for a in same], texts)
                        compared += 1
    assert compared > 20


# --------------------------------------------------------------------------- the end of the game


def finished(players, mode, seed, **extra):
    state = load_game("salem", players=players, mode=mode, **extra).new_initial_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(state.random_action(rng))
    return state


@pytest.mark.parametrize("players,mode,extra", CONFIGS)
def test_final_report_tells_each_players_side_and_the_reason_in_the_rulebooks_words_R_WIN(
    players, mode, extra
):
    """R-WIN, 19.9: a team win; once it is decided every side is public, and the report's sides
    (read from the seat's observation and the winners) are the engine's own `ever_witch`."""
    from automa.rules.salem.end import NOBODY_AT_THE_TABLE, REASONS

    reasons = set()
    for seed in (1, 2, 3, 4):
        state = finished(players, mode, seed, **extra)
        game, outcome = state.game, state.outcome()
        winner, engine_reason, converts = state.result
        for seat in range(players):
            report = final_report(state, seat)
            assert report.tiebreak == ""  # Salem prints no tie-breaker
            assert report.reason.removesuffix(NOBODY_AT_THE_TABLE) in REASONS.values()
            assert "spec" not in report.reason and ":" in report.reason
            reasons.add(report.reason)
            players_rows = [r for r in report.rows if r.seat is not None]
            ghosts = [r for r in report.rows if r.automaton]
            assert [r.seat for r in players_rows] == list(range(players))
            assert len(ghosts) == game.npos - players
            assert all(r.rank is None and "neither wins nor loses" in r.total for r in ghosts)
            for row in players_rows:
                pos = game.pos_of[row.seat]
                parts = dict(row.parts)
                assert row.winner == (row.seat in outcome.winners)
                assert row.total == ("won" if row.winner else "lost")
                assert parts["status"] == ("alive" if state.alive[pos] else "eliminated")
                witch = state.ever_witch[pos]
                assert parts["side"].startswith("witches" if witch else "town")
                assert ("last to become a witch" in parts["side"]) == (pos in converts)
                assert row.name == ("you" if row.seat == seat else f"P{row.seat}")
                assert parts["character"] == state.game.data.char_name[state.char[pos]]
            faced = [dict(r.parts)["face up"] for r in report.rows]
            assert any("Witch" in f for f in faced) or winner == "witch"
    assert reasons


def test_final_report_after_the_safeguard_shows_only_the_sides_a_seat_knows():
    """A game stopped by the safeguard (not a printed rule) has no winner, and no side
    becomes public by it: a seat reads its own side and those it has learned, no others."""
    state = load_game("salem", players=6, max_turns=20).new_initial_state(3)
    rng = random.Random(3)
    while not state.is_terminal():
        state.apply_action(state.random_action(rng))
    if state.result[0] != "draw":
        pytest.skip("this seed ended before the safeguard")
    for seat in range(6):
        report = final_report(state, seat)
        assert report.reason.startswith("Nobody wins")
        sides = {r.seat: dict(r.parts)["side"] for r in report.rows}
        assert sides[seat] == ("witches" if state.ever_witch[seat] else "town")
        for q, side in sides.items():
            if q != seat:
                assert side == ("witches" if q in state.known_witches[seat] else "not made public")
        assert all(r.total == "no winner" and not r.winner for r in report.rows)


def test_the_terminal_and_the_web_carry_salems_report():
    from automa.web.game import state_view

    state = finished(5, "standard", 2)
    view = state_view(state, 3)
    assert view["result"]["report"] == final_report(state, 3).to_json()
    assert [r["name"] for r in view["result"]["report"]["rows"]][3] == "you"
