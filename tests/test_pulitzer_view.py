"""The Pulitzer views (rules/pulitzer/view.py): the web board and its click keys in every mode,
that every view shows only what its seat may see, and the terminal findings of a user's first
solo game (no payouts, no Capitol limit, no tokens or kept cards, ids in the texts...)."""

import random
import re
import xml.etree.ElementTree as ET

import pytest

from automa.rules.core import load_game
from automa.rules.pulitzer import view
from automa.rules.pulitzer.state import JX
from automa.rules.pulitzer.times import TIMES
from automa.rules.tuples import tuple_with

MODES = [
    dict(mode="solo", players=1),
    dict(mode="two-player", players=2),
    dict(players=3),
    dict(players=4, events=True),
    dict(players=5, variant="chronicle"),
]
MODE_IDS = ["solo", "two-player", "3p", "4p-events", "5p-chronicle"]


def positions(kw, seed, every=9):
    """Positions of one random game: every `every`-th decision, and the end."""
    state = load_game("pulitzer", **kw).new_initial_state(seed)
    rng = random.Random(seed)
    step = 0
    while not state.is_terminal():
        if step % every == 0:
            yield state
        state.apply_action(state.random_action(rng))
        step += 1
    yield state


def data_keys(svg: str) -> set[str]:
    return {el.get("data-key") for el in ET.fromstring(svg).iter() if el.get("data-key") is not None}


def viewer(state) -> int:
    return 0 if state.is_terminal() else state.current_player()


# --------------------------------------------------------------------------- the web board


@pytest.mark.parametrize("kw", MODES, ids=MODE_IDS)
def test_board_svg_is_one_self_contained_svg_at_every_stage(kw):
    ended = 0
    for seed in (1, 2):
        for state in positions(kw, seed, every=23):
            for seat in range(state.game.n):
                svg = view.board_svg(state, seat)
                root = ET.fromstring(svg)
                assert root.tag.endswith("svg") and root.get("viewBox", "").startswith("0 0 1500 ")
                assert root.get("width") is None and root.get("height") is None
                assert "<script" not in svg and "href" not in svg
            ended += state.is_terminal()
    assert ended == 2


@pytest.mark.parametrize("kw", MODES, ids=MODE_IDS)
def test_every_key_of_every_legal_action_is_on_the_board_and_picks_one_action(kw):
    """The front-end highlights the next key of each candidate and plays an action once all
    its keys are clicked: every key must be a data-key of the seat's board, and no action's
    keys may equal or begin another's."""
    kinds = set()
    for seed in (3, 4) if kw["players"] < 3 else (3,):
        for state in positions(kw, seed, every=1):
            if state.is_terminal():
                continue
            seat = state.current_player()
            keys = data_keys(view.board_svg(state, seat))
            tuples = {}
            for action in state.legal_actions():
                picked = view.action_keys(state, seat, action)
                assert set(picked) <= keys, (action, set(picked) - keys)
                if picked:
                    kinds.add(action[0])
                    assert picked not in tuples, (action, tuples.get(picked))
                    tuples[picked] = action
            for picked, action in tuples.items():
                for i in range(1, len(picked)):
                    assert picked[:i] not in tuples, (tuples[picked[:i]], action)
    assert {"place", "req"} <= kinds
    if kw.get("mode") in ("solo", "two-player"):
        assert "pin" in kinds or "destroy" in kinds


def test_a_placement_is_a_journalist_then_a_space_grouped_by_journalist():
    state = load_game("pulitzer", mode="solo").new_initial_state(1)
    places = [a for a in state.legal_actions() if a[0] == "place"]
    assert len(places) > 60
    assert view.action_keys(state, 0, places[0]) == (f"journalist:{places[0][1]}", f"space:{places[0][2]}")
    groups = {view.action_group(state, 0, a) for a in places}
    assert groups == {f"journalist {j + 1}" for j in state.avail[0]}
    assert view.action_group(state, 0, ("pass",)) == "" and view.action_keys(state, 0, ("pass",)) == ()
    state.hr[0] = 3
    state.avail[0] += (JX,)
    assert view.action_group(state, 0, ("place", JX, 0)) == "journalist X (value 3)"


@pytest.mark.parametrize("kw", MODES, ids=MODE_IDS)
def test_every_view_is_the_same_for_a_determinization(kw):
    """What a seat is shown depends only on what it may see: the board, the texts, the keys
    and groups are identical for the state and for worlds resampled from that seat's view."""
    for state in positions(kw, 5, every=13):
        for seat in range(state.game.n):
            other = state.determinize(seat, random.Random(seat + 7))
            assert view.board_svg(other, seat) == view.board_svg(state, seat)
            assert view.board_text(other, seat) == view.board_text(state, seat)
            if not state.is_terminal() and state.current_player() == seat:
                for action in state.legal_actions():
                    assert view.action_keys(other, seat, action) == view.action_keys(state, seat, action)
                    assert view.action_group(other, seat, action) == view.action_group(state, seat, action)


def test_the_solo_board_shows_payouts_times_card_capitol_and_report():
    """The facts a solo decision needs are on the web board: kiosk payouts as printed (§7.2),
    the last Times card drawn (§13.11), the Capitol end of the opinion track (§13.5), the
    report card's highlighted cells (§12.1), the decks."""
    state = load_game("pulitzer", mode="solo").new_initial_state(1)
    obs = state.observation(0)
    d = state.game.data
    svg = view.board_svg(state, 0)
    for col in range(state.game.kcols):
        assert view.dollars(d.news_pay[obs["news_top"]][col]) in svg
    card = d.times_cards[obs["times_revealed"][-1]]
    assert f"Times card {card[0]}" in svg
    assert "Capitol" in svg and "Hat" in svg
    rep = view.report_facts(state.game, obs, 0)
    assert f"report {rep['id']}" in svg and "highlighted found 0 of 5" in svg
    assert f"{obs['times_left']} cards left" in svg and f"score to beat: {state.game.times_target}" in svg
    assert "$500" in svg


def test_score_now_is_the_engine_score():
    for kw in MODES:
        for state in positions(kw, 6, every=31):
            obs = state.observation(0)
            for p in range(state.game.n):
                assert view.score_now(state.game, obs, p) == state.final_score(p)


# --------------------------------------------------------------------------- narration


def test_another_seats_placement_reads_face_down_and_the_same_for_every_journalist():
    """[§7.3] Placements are face down: every journalist another seat could put on one space
    leaves the viewer the same observation, so they read alike; the actor reads its own move
    in full."""
    state = load_game("pulitzer", players=3).new_initial_state(2)
    actor = state.current_player()
    viewer_seat = (actor + 1) % 3
    places = [a for a in state.legal_actions() if a[0] == "place" and a[2] == 0]
    assert len(places) == 5
    texts = {view.move_text(state, a, actor, viewer_seat) for a in places}
    assert texts == {"places a face-down journalist on kiosk National row 1"}
    seen = set()
    for a in places:
        child = state.clone()
        child.apply_action(a)
        seen.add(repr(child.observation(viewer_seat)))
    assert len(seen) == 1
    assert view.move_text(state, places[0], actor, actor) is None
    assert view.move_text(state, ("req", "ED"), actor, viewer_seat) is None


# --------------------------------------------------------------------------- the terminal findings


def _solo(seed=1):
    return load_game("pulitzer", mode="solo").new_initial_state(seed)


def flat_text(state, seat=0) -> str:
    """The terminal board with its wrapped lines joined, to search for a phrase."""
    return " ".join(view.board_text(state, seat).split())


def test_terminal_board_prints_the_kiosk_payouts():
    """[§7.2] Placing in the Kiosk pays the current news payout at once: the board prints it."""
    state = _solo()
    text = view.board_text(state, 0)
    pay = state.game.data.news_pay[state.news_deck[-1]]
    for col, name in enumerate(("National", "International", "Sports", "Entertainment")):
        assert f"{name} {view.dollars(pay[col])} (majority:" in text


def test_terminal_board_marks_the_capitol_and_warns_when_it_is_near():
    """[§13.5, §15.18] The game ends at once at the Capitol: the track shows it, and a warning
    appears when one round of kiosk rows could reach it."""
    state = _solo()
    text = view.board_text(state, 0)
    assert "Capitol -5 -4 -3 -2 -1 [+0] +1" in text and "WARNING" not in text
    state.opinion = -3
    text = view.board_text(state, 0)
    assert "[-3]" in text
    assert "WARNING: the Capitol is 2 spaces away" in text and "you lose" in text
    assert "WARNING" in view.board_svg(state, 0)


def test_terminal_board_shows_tokens_held_and_kept_cards():
    """[§10, §8.6] Tokens held for this round and the next, and kept overtime cards."""
    state = _solo()
    state.tok_now[0] = tuple_with(state.tok_now[0], 1, 1)  # Newsroom +2, usable now
    state.tok_new[0] = tuple_with(state.tok_new[0], 4, 1)  # Photo +1, for next round
    d = state.game.data
    evidence = next(i for i, c in enumerate(d.evidence_cards) if len(c) == 1)
    line = next(i for i, c in enumerate(d.line_cards) if len(c) == 2)
    state.kept[0] += (evidence, 100 + line)
    text = flat_text(state)
    assert "tokens this round: Newsroom +2; for next round: Photo +1" in text
    ev_name = d.evidence_types[d.evidence_cards[evidence][0]]
    lines = "/".join("ABXCD"[x] for x in d.line_cards[line])
    assert f"kept cards: evidence card {ev_name}, line card {lines}" in text


def _until(state, rng, done):
    while not state.is_terminal() and not done(state):
        state.apply_action(state.random_action(rng))
    return state


def test_terminal_board_shows_the_cards_a_bus_journalist_drew():
    """[§8.4] The pin decision is taken with the drawn cards on screen."""
    for seed in range(20):
        state = _until(_solo(seed), random.Random(seed), lambda s: s.pend is not None and s.pend[0] == "pin")
        if not state.is_terminal():
            break
    d = state.game.data
    sid, value, ev, ln = state.cur[1], state.cur[3], state.cur[4], state.cur[5]
    text = view.board_text(state, 0)
    assert f"(value {value}) on {state.space_name(sid)}" in text
    flat = flat_text(state)  # a card's words may wrap
    for card in ev:
        assert view.card_words(d, card) in flat
    for card in ln:
        assert view.card_words(d, 100 + card) in flat
    assert "your investigation board" in text


def test_terminal_board_lists_the_highlighted_evidence():
    """[§12.1, §13.8] What counts toward the 5 highlighted evidence needed to qualify."""
    state = _solo()
    text = view.board_text(state, 0)
    d = state.game.data
    assert "0 of 5 highlighted found" in text
    for cell in d.report_cells[state.report[0]]:
        assert view.cell_name(d, cell) in text


def test_column_rewards_are_logged():
    """[§8.2, §13.5] Who took each kiosk column (or why nobody did) is in the public log."""
    for kw in (dict(mode="solo"), dict(players=3)):
        state = load_game("pulitzer", **kw).new_initial_state(4)
        _until(state, random.Random(4), lambda s: s.round >= 3)
        history = "\n".join(state.history_text())
        assert re.search(r"kiosk (National|International|Sports|Entertainment): ", history)
        assert "majority" in history


def test_money_reads_in_dollars():
    """Money is counted in $100 units and printed in dollars: $0, $300, never $000."""
    state = _solo()
    state.money[0] = 0
    text = view.board_text(state, 0)
    assert "[you — the Post] $0, 0 contacts" in text
    assert "$000" not in text and "$000" not in view.board_svg(state, 0)


def test_the_times_reserve_and_narration_use_values():
    """[§13.11] The Times' pool reads as values, not a Python tuple; the reveal narrates each
    Times journalist's printed value, the same the board shows (X at its current value)."""
    for seed in range(30):
        state = _solo(seed)
        rng = random.Random(seed)
        _until(state, rng, lambda s: s.times_hired and s.placing)
        if not state.is_terminal():
            break
    before = state.observation(0)
    _until(state, rng, lambda s: not s.placing)
    after = state.observation(0)
    text = view.board_text(state, 0)
    assert not re.search(r"\(\d+, \d+", text)
    changes = view.board_changes(state, 0, before, after)
    revealed = [line for line in changes if line.startswith("revealed: ")]
    assert revealed and not any(line.startswith("Times journalists placed") for line in changes)
    for sid, pieces in enumerate(state.spaces):
        for pc in pieces:
            if pc[0] == TIMES:
                assert f"Times {state.jval(TIMES, pc[1])} on {state.space_name(sid)}" in revealed[0]
                assert f"Times {state.jval(TIMES, pc[1])}" in text


@pytest.mark.parametrize("kw", MODES, ids=MODE_IDS)
def test_no_engine_id_leaks_into_any_text(kw):
    """Action texts, the log, the board and its changes use printed names: no snake_case ids
    (sports_cash, private_investigator), no seat -1, no raw tuples."""
    leak = re.compile(r"\b[a-z]+_[a-z_]+\b|seat -\d|P-\d|\(\d+, \d+")
    for seed in (1, 2):
        state = load_game("pulitzer", **kw).new_initial_state(seed)
        rng = random.Random(seed)
        last = {}
        while not state.is_terminal():
            seat = state.current_player()
            obs = state.observation(seat)
            texts = [state.action_to_string(a) for a in state.legal_actions()]
            assert len(set(texts)) == len(texts), texts
            texts += state.history_text() + view.board_changes(state, seat, last.get(seat, {}), obs)
            texts.append(view.board_text(state, seat))
            last[seat] = obs
            for text in texts:
                assert not leak.search(text), text
            state.apply_action(state.random_action(rng))


@pytest.mark.parametrize("kw", MODES, ids=MODE_IDS)
def test_terminal_board_fits_80_columns(kw):
    for state in positions(kw, 3, every=17):
        for line in view.board_text(state, viewer(state)).splitlines():
            assert len(line) <= 80, line


def test_a_token_slid_under_a_placed_journalist_is_not_a_new_placement():
    """board_changes narrates new pieces; a piece that only gained a token (Sports row +2,
    Entertainment +2) is the same piece."""
    state = load_game("pulitzer", players=3).new_initial_state(2)
    actor = state.current_player()
    seen_by = (actor + 1) % 3
    state.apply_action(("place", 0, 0))
    if state.pend is not None:
        state.apply_action(("notok",))
    before = state.observation(seen_by)
    owner, j, _, flags = state.spaces[0][0]
    state.spaces[0] = ((owner, j, 2, flags),) + state.spaces[0][1:]
    changes = view.board_changes(state, seen_by, before, state.observation(seen_by))
    assert not any("placed" in line for line in changes), changes


def test_the_game_over_line_agrees_with_the_engines_result():
    """[§13.9] The solo result read from the board is the engine's: a win only when the
    report qualifies and the score beats the Times' table."""
    from automa.search.bots import make_bot

    game = load_game("pulitzer", mode="solo")
    results = set()
    for seed, player in ((2, "pulitzer-heuristic"), (3, "pulitzer-heuristic"), (1, "random"), (4, "random")):
        bot = make_bot(player, game, seed)
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            state.apply_action(bot.act(state, 0))
        text = flat_text(state)
        won = state.outcome().winners == (0,)
        results.add(won)
        assert text.count("Game over") == 1
        assert ("win the Pulitzer" in text) == won, text.splitlines()[1]
        assert f"your score {state.final_score(0)} against the Times' {game.times_target}" in text
    assert results == {True, False}


def finished_game(kw, seed):
    state = load_game("pulitzer", **kw).new_initial_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(state.random_action(rng))
    return state


@pytest.mark.parametrize("kw", MODES, ids=MODE_IDS)
def test_the_final_report_breaks_down_the_engines_scores_12_2_13_9(kw):
    """[§12.2, §13.9] The end screen's rows are the engine's final scores, each the sum of its
    breakdown by the rulebook's categories; houses only where they score; the winners are the
    engine's; solo adds the Times' score-table row as an automaton's."""
    for seed in (1, 2):
        state = finished_game(kw, seed)
        report = view.final_report(state, 0)
        outcome = state.outcome()
        seats = [row for row in report.rows if row.seat is not None]
        assert [row.seat for row in seats] == list(range(state.game.n))
        for row in seats:
            assert row.total == sum(value for _, value in row.parts) == state.final_score(row.seat)
            labels = [label for label, _ in row.parts]
            assert labels[:3] == ["score track", "report card", "Human Resources"]
            assert ("houses" in labels) == (not state.game.lp)
            assert ("Chronicle bonus" in labels) == (kw.get("variant") == "chronicle")
            assert row.winner == (row.seat in outcome.winners)
            assert row.rank == outcome.ranks[row.seat]
        times = [row for row in report.rows if row.automaton]
        if state.game.solo:
            assert len(times) == 1 and times[0].name == "the Times" and times[0].seat is None
            assert times[0].total == state.game.times_target == 85
            assert times[0].parts == [("score table (red/orange/yellow 3/3/2)", 85)]
            assert seats[0].name == "you"
            assert f"your score {state.final_score(0)} against the Times' 85" in report.reason
        else:
            assert times == []
            assert seats[0].name == "you" and seats[1].name == "P1"
        assert report.reason.startswith("Game over")


def ended(kw, seed, reports):
    """A game stopped at its end with seat p's report holding reports[p] highlighted pins."""
    game = load_game("pulitzer", **kw)
    state = game.new_initial_state(seed)
    for p, k in enumerate(reports):
        state.pins[p] = tuple(sorted(game.hl[state.report[p]])[:k])
    state.over = True
    return game, state


def test_a_tie_on_score_is_decided_by_the_report_then_contacts_12_3():
    """[§12.3, R-33] Two qualified reports tie on score: the higher report score wins and
    the end screen says so; with the reports tied too, more contacts win; tied on all, a
    shared win."""
    game, state = ended(dict(mode="two-player"), 5, (5, 6))
    state.points[0] = state.report_score(1) - state.report_score(0) + 10
    state.points[1] = 10
    assert state.final_score(0) == state.final_score(1)
    assert state.report_score(1) > state.report_score(0)
    report = view.final_report(state, 0)
    assert (
        [row.winner for row in report.rows] == [False, True] == [p in state.outcome().winners for p in (0, 1)]
    )
    assert report.tiebreak.startswith(
        f"you, P1 tie at {state.final_score(0)} points: the higher report score wins"
    )
    assert f"you {state.report_score(0)}, P1 {state.report_score(1)}" in report.tiebreak

    game, state = ended(dict(mode="two-player"), 5, (5, 0))
    state.report[1], state.pins[1] = state.report[0], state.pins[0]
    state.points[0] = state.points[1] = 10
    state.contacts[0], state.contacts[1] = 4, 2
    report = view.final_report(state, 1)
    assert state.outcome().winners == (0,) and [row.winner for row in report.rows] == [True, False]
    assert report.tiebreak.endswith("and on the report score: more contact tokens win (P0 4, you 2)")
    state.contacts[1] = 4
    report = view.final_report(state, 1)
    assert state.outcome().winners == (0, 1) and report.tiebreak.endswith("a shared win")


def test_the_solo_tie_with_the_score_table_is_told_13_9_R36():
    """[§13.9, R-36] Equal to the Times' table is not enough, and the end screen says why;
    under the alternative reading it wins."""
    for readings, won in (((), False), (("R-36",), True)):
        game, state = ended(dict(mode="solo", readings=readings), 3, (5,))
        state.points[0] = game.times_target - state.report_score(0)
        report = view.final_report(state, 0)
        you, times = report.rows
        assert you.total == times.total == 85 and you.winner == won and times.winner == (not won)
        assert (you.rank, times.rank) == ((1, 2) if won else (2, 1))
        assert "tie with the Times' 85" in report.tiebreak
        assert ("you must score more" in report.tiebreak) == (not won)
