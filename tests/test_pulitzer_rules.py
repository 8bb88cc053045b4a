"""Pulitzer rules, by spec tag (rules/pulitzer/rulebook.md)."""

import random
import shutil
import tomllib

import pytest

import automa.rules.pulitzer  # noqa: F401  (registers the game)
import automa.rules.pulitzer.times as T
from automa.rules.core import DataError, IllegalActionError, ParamError, load_game
from automa.rules.position import dumps, edited
from automa.rules.pulitzer.bots import HeuristicBot
from automa.rules.pulitzer.data import LINE_INDEX, load_data
from automa.rules.pulitzer.state import (
    F_ROW,
    JX,
    R_ARCH,
    R_BUSAG,
    R_COL,
    R_NEWS,
    R_OT,
    R_ROW,
    S_HR,
    S_NR,
    T_ED,
    T_NR,
    T_PH1,
)
from automa.rules.pulitzer.times import BLUE, RED, TIMES
from automa.rules.tuples import tuple_with


def fresh(**params):
    """Seed 7's set-up with every space empty, as a position (docs/positions.md)."""
    g = load_game("pulitzer", **params)
    board = {"spaces": [[] for _ in range(g.n_spaces)]}
    text = dumps({"format": 1, "game": "pulitzer", "seed": 7, "params": g.params.to_json(), "board": board})
    return g, g.from_position(text)


def edit(st, at=None, spaces=None):
    """`st`'s position with these fields set ({"seat.1.money": 9, "round.placing": False}; a
    seat table's key without a seat, "seat.money": one value per seat) and these pieces on
    these spaces ({space: ((owner, journalist, bonus, flags), ...)}), read back."""
    doc = tomllib.loads(st.to_position())
    for sid, pieces in (spaces or {}).items():
        doc["board"]["spaces"][sid] = [list(p) for p in pieces]
    for path, value in (at or {}).items():
        section, _, key = path.partition(".")
        value = _toml(value)
        if section == "seat" and key[:1].isdigit():
            seat, _, key = key.partition(".")
            doc["seat"][seat][key] = value
        elif section == "seat":
            for seat, v in enumerate(value):
                doc["seat"][str(seat)][key] = v
        else:
            doc[section][key] = value
    return st.game.from_position(dumps(doc))


def _toml(value):
    if isinstance(value, (list, tuple)):
        return [_toml(v) for v in value]
    return {} if value is None else value


def resolve_from(st, step):
    """The resolution from `step` on, with the board as set up by the test: a position in
    which placing is over and nothing is pending, which the engine runs to its next decision."""
    return edit(
        st,
        {
            "round.placing": False,
            "round.revealed": True,
            "pending.decision": None,
            "pending.destructions": [],
            "pending.step": step,
            "pending.i": 0,
            "pending.j": 0,
        },
    )


def cell(g, name):
    line, _, evi = name.partition(":")
    return g.data.cell_of[(LINE_INDEX[line], g.data.evidence_types.index(evi))]


# ------------------------------------------------------------------ params and data


def test_times_mix_validated_with_allowed_range_R34():
    """§13.11 / R-34: each colour 0-5, total 8; the message names the allowed range."""
    with pytest.raises(ParamError, match="0-5.*8"):
        load_game("pulitzer", mode="solo", times_mix=(6, 1, 1))
    with pytest.raises(ParamError):
        load_game("pulitzer", mode="solo", times_mix=(3, 3, 3))
    g = load_game("pulitzer", mode="solo")
    assert g.params.times_mix == (3, 3, 2) and g.n == 1
    assert load_game("pulitzer", mode="solo", times_mix=[5, 3, 0]).params.times_mix == (5, 3, 0)


def test_events_and_chronicle_only_in_standard_mode_R37():
    with pytest.raises(ParamError, match="events"):
        load_game("pulitzer", mode="solo", events=True)
    with pytest.raises(ParamError, match="chronicle"):
        load_game("pulitzer", mode="two-player", variant="chronicle")
    assert load_game("pulitzer", players=5, events=True, variant="chronicle").use_events


def test_broken_data_file_names_file_and_field(tmp_path):
    """Data files are validated at load (§15): the error names the file and the field."""
    shutil.copytree(automa.rules.pulitzer.game.DATA_DIR, tmp_path / "data")
    path = tmp_path / "data" / "times.toml"
    path.write_text(path.read_text().replace('spaces = ["K11", "B500"]', 'spaces = ["K11", "B999"]'))
    with pytest.raises(DataError) as err:
        load_data(tmp_path / "data")
    assert "times.toml" in str(err.value) and "cards[Y1].spaces[1]" in str(err.value)
    path = tmp_path / "data" / "newspaper.toml"
    shutil.copy(automa.rules.pulitzer.game.DATA_DIR / "times.toml", tmp_path / "data" / "times.toml")
    path.write_text(path.read_text().replace("ED = 2", "ED = -1"))
    with pytest.raises(DataError, match="newspaper.toml.*supply.ED"):
        load_data(tmp_path / "data")


def test_placeholder_files_say_so():
    """§15: placeholder data carries placeholder = true and a note."""
    d = load_data()
    for name in ("news.toml", "board.toml", "reports.toml", "times.toml", "overtime.toml", "government.toml"):
        assert "placeholder" in d.placeholders[name]


def test_board_reach_counts_match_spec_15_3_and_wrap_R8():
    """§15.3: from '?' value 1 reaches 4 cells, 2 -> 12, 3 -> 22, 4 -> 32, 5 -> 40, 6 -> 44.
    R-8: reach wraps left-right, the string does not."""
    d = load_data()
    counts = [
        sum(1 for c in range(45) if d.cell_line[c] >= 0 and d.reach[d.start][c] <= v) for v in range(1, 7)
    ]
    assert counts == [4, 12, 22, 32, 40, 44]
    left, right = 0 * 9 + 0, 0 * 9 + 8  # row 0, columns A and D
    assert d.reach[left][right] == 1
    assert d.dist[left][right] == 8.0


# ------------------------------------------------------------------ kiosk (§8.2, §17 cases 1-3)


def test_kiosk_column_majority_worked_example_17_1():
    """§17.1: Pink 5, Green 4, Blue 2 in a column: Pink takes the reward (International:
    +2 contacts, +6 points).  A tie for highest gives nobody the reward."""
    g, st = fresh(players=3)
    pink, green, blue = 0, 1, 2
    st = edit(
        st,
        spaces={
            g.kiosk_sid(1, 0): ((pink, 4, 0, 0),),  # value 5
            g.kiosk_sid(1, 1): ((green, 3, 0, 0),),  # value 4
            g.kiosk_sid(1, 2): ((blue, 1, 0, 0),),  # value 2
        },
    )
    before = list(st.points), list(st.contacts)
    st = resolve_from(st, R_COL)
    assert st.points[pink] == before[0][pink] + 6 and st.contacts[pink] == before[1][pink] + 2
    assert st.points[green] == before[0][green] and st.points[blue] == before[0][blue]
    g, st = fresh(players=3)
    st = edit(
        st,
        spaces={
            g.kiosk_sid(1, 0): ((pink, 4, 0, 0),),
            g.kiosk_sid(1, 1): ((green, 4, 0, 0),),
            g.kiosk_sid(1, 2): ((blue, 1, 0, 0),),
        },
    )
    st = resolve_from(st, R_COL)
    assert st.points == [0, 0, 0] and st.contacts == [0, 0, 0]


def test_kiosk_row_houses_worked_example_17_2():
    """§17.2: Blue 3, Pink 3, Green 4 in a row: Green takes one house of that colour;
    Blue 4, Green 4, Pink 3: nobody."""
    g, st = fresh(players=3)
    pink, green, blue = 0, 1, 2
    st = edit(
        st,
        spaces={
            g.kiosk_sid(0, 1): ((blue, 2, 0, 0),),
            g.kiosk_sid(1, 1): ((pink, 2, 0, 0),),
            g.kiosk_sid(2, 1): ((green, 3, 0, 0),),
        },
    )
    supply = st.house_supply[1]
    st = resolve_from(st, R_ROW)
    assert st.houses[green][1] == 1 and st.house_supply[1] == supply - 1
    assert st.houses[blue][1] == st.houses[pink][1] == 0
    g, st = fresh(players=3)
    st = edit(
        st,
        spaces={
            g.kiosk_sid(0, 1): ((blue, 3, 0, 0),),
            g.kiosk_sid(1, 1): ((green, 3, 0, 0),),
            g.kiosk_sid(2, 1): ((pink, 2, 0, 0),),
        },
    )
    st = resolve_from(st, R_ROW)
    assert all(h[1] == 0 for h in st.houses)


def test_kiosk_income_at_placement_17_3():
    """§17.3 / §7.2: a kiosk placement earns the orange payout of its column at once,
    whatever the journalist's value."""
    g = load_game("pulitzer", players=3)
    st = g.new_initial_state(1)
    s = st.current_player()
    pay = g.data.news_pay[st.news_deck[-1]][1]
    money = st.money[s]
    st.apply_action(("place", 4, g.kiosk_sid(1, 0)))
    assert st.money[s] == money + pay


def test_kiosk_plus2_tokens_and_sports_row_token_R11():
    """§8.2 / §10 / R-11: Newsroom +2 counts in columns and rows; the Sports row +2 goes
    under a journalist without a token and counts only in rows."""
    g, st = fresh(players=3)
    st = edit(
        st,
        spaces={
            g.kiosk_sid(0, 0): ((0, 1, 2, 0),),  # value 2 + Newsroom 2 = 4
            g.kiosk_sid(1, 0): ((1, 2, 0, F_ROW),),  # value 3, +2 in rows = 5
        },
    )
    st = resolve_from(st, R_ROW)
    assert st.houses[1][0] == 1
    g, st = fresh(players=3)
    st = edit(
        st,
        spaces={
            g.kiosk_sid(2, 0): ((0, 3, 0, 0),),  # seat 0's 4 wins Sports
            g.kiosk_sid(2, 1): ((1, 1, 0, 0),),
            g.kiosk_sid(0, 0): ((1, 4, 0, 0),),  # seat 1's 5 leads row 1
        },
    )
    st = resolve_from(st, R_COL)
    assert st.pend[0] == "sports" and st.current_player() == 0
    assert ("sports_cash",) in st.legal_actions()
    st.apply_action(("sports", g.kiosk_sid(2, 0)))
    assert st.houses[0][0] == 1 and st.houses[1][0] == 0  # 4 + 2 beats 5 in the row


def test_national_takes_press_pass_and_no_winner_keeps_it_R42():
    g, st = fresh(players=3)
    st = edit(
        st,
        {
            "round.first_player": 0,
        },
    )
    st = edit(
        st,
        spaces={
            g.kiosk_sid(0, 0): ((2, 4, 0, 0),),
        },
    )
    st = resolve_from(st, R_COL)
    assert st.pp == 2
    g, st = fresh(players=3)
    st = edit(
        st,
        {
            "round.first_player": 0,
        },
    )
    st = edit(
        st,
        spaces={
            g.kiosk_sid(0, 0): ((2, 4, 0, 0),),
            g.kiosk_sid(0, 1): ((1, 4, 0, 0),),
        },
    )
    st = resolve_from(st, R_COL)
    assert st.pp == 0


# ------------------------------------------------------------------ archive and bus (§8.3, §8.4, §17.4)


def test_archive_and_bus_worked_example_17_4():
    """§17.4: Blue has two archive journalists (one his 5) and his 4 at the bus stop.
    The 5 relocates first to L1, so the bus-stop 4 draws 3 evidence + 2 line cards and
    may pin a line-A cell (10 points) within 4 steps of '?'."""
    g, st = fresh(players=3)
    blue = 2
    a0, a1 = g.archive_sids[0], g.archive_sids[1]
    st = edit(
        st,
        spaces={
            a0: ((blue, 1, 0, 0),),  # Blue's 2, placed first
            a1: ((blue, 4, 0, 0),),  # Blue's 5
        },
    )
    stop = g.bus_sids[2]  # bus stop $500: 2 + 1 cards
    st = edit(
        st,
        spaces={
            stop: ((blue, 3, 0, 0),),  # Blue's 4
        },
    )
    d = g.data
    inf = d.evidence_types.index("INF")
    st.evi_deck = [c for c in st.evi_deck if d.evidence_cards[c] != (inf,)] + [
        c for c, e in enumerate(d.evidence_cards) if e == (inf,)
    ][:1]
    a_card = next(c for c, lines in enumerate(d.line_cards) if lines == (LINE_INDEX["A"],))
    st = edited(
        st,
        {
            "decks.line": [c for c in st.line_deck if c != a_card] + [a_card],
        },
    )
    st = resolve_from(st, R_ARCH)
    assert st.lower[0] == a1  # the 5 is relocated first (L1)
    assert st.pend[0] == "support" and st.pend[3] == (1, 1)  # L1: +1 evidence +1 line
    st.apply_action(("support", stop, 0))
    assert st.pend == ("pin", blue)
    assert len(st.cur[4]) == 3 and len(st.cur[5]) == 2
    target = cell(g, "A:INF")
    assert d.reach[d.start][target] == 4
    assert ("pin", target) in st.legal_actions()
    st.apply_action(("pin", target))
    assert st.pins[blue] == (target,) and st.report_score(blue) == 10


def test_bus_fee_paid_at_placement_and_unaffordable_space_refused():
    """§7.2: bus spaces cost at once; a space you cannot pay for is not offered."""
    g = load_game("pulitzer", players=3)
    st = g.new_initial_state(2)
    s = st.current_player()
    assert ("place", 4, g.bus_sids[4]) not in st.legal_actions()  # $800 with $500
    with pytest.raises(IllegalActionError):
        st.apply_action(("place", 4, g.bus_sids[4]))
    st.apply_action(("place", 4, g.bus_sids[0]))
    assert st.money[s] == 2


def _bus_position(**params):
    g, st = fresh(**params)
    sid = g.bus_sids[0]
    st = edit(
        st,
        spaces={
            sid: ((0, 4, 0, 0),),
        },
    )
    return g, st, sid


def test_double_line_card_destroys_highlighted_in_that_line_17_10():
    """§17.10 / R-13: pinning in line B with the double B/C card destroys one unpinned
    highlighted B cell; with a target token, two, and the token is spent."""
    for target_token in (0, 1):
        g, st, sid = _bus_position(players=3)
        d = g.data
        st = edited(
            st,
            {
                "seat.0.report": 0,  # R1: B:TAP, B:BNK highlighted
            },
        )
        tap = d.evidence_types.index("TAP")
        st.evi_deck = [c for c in st.evi_deck if d.evidence_cards[c] != (tap,)] + [
            c for c, e in enumerate(d.evidence_cards) if e == (tap,)
        ][:1]
        bc = next(c for c, lines in enumerate(d.line_cards) if lines == (LINE_INDEX["B"], LINE_INDEX["C"]))
        st = edited(
            st,
            {
                "decks.line": [c for c in st.line_deck if c != bc] + [bc],
            },
        )
        st = edit(
            st,
            {
                "seat.0.event_tokens": tuple_with(st.evt[0], 0, target_token),
            },
        )
        st = resolve_from(st, R_BUSAG)
        pin_cell = cell(g, "B:TAP")
        assert ("pin", pin_cell) in st.legal_actions()
        st.apply_action(("pin", pin_cell))
        hl_b = [c for c in g.hl[0] if d.cell_line[c] == LINE_INDEX["B"] and c != pin_cell]
        assert len(st.destroyed[0]) == min(len(hl_b), 1 + target_token) >= 1
        assert all(d.cell_line[c] == LINE_INDEX["B"] for c in st.destroyed[0])
        assert st.evt[0][0] == 0


def test_x_line_needs_no_line_card_and_reach_limits_pins_R7():
    """§8.4 step 3-4: X cells need only an evidence card; reach <= value from the last pin."""
    g, st, sid = _bus_position(players=3)
    st = edit(
        st,
        spaces={
            sid: ((0, 0, 0, 0),),  # value 1
        },
    )
    deck = tomllib.loads(st.to_position())["decks"]["evidence"]
    st = edit(st, {"decks.evidence": [c for c in deck if c != "MEM#1"] + ["MEM#1"]})  # on top
    st = resolve_from(st, R_BUSAG)
    x_mem = cell(g, "X:MEM")  # row 1, X column: 1 step from '?'
    assert ("pin", x_mem) in st.legal_actions()
    assert ("pin", cell(g, "A:MEM")) not in st.legal_actions()  # 3 steps away


def test_discard_last_pin_from_an_earlier_round_R9():
    """§8.4 / R-9: only the last pin, only from an earlier round, once per round."""
    g, st, sid = _bus_position(players=3)
    d = g.data
    c1 = cell(g, "X:MEM")
    st = edit(
        st,
        {
            "seat.0.pins": (c1,),
            "seat.0.pin_rounds": (st.round,),
            "seat.0.string_used": d.dist[d.start][c1],
        },
    )
    st = resolve_from(st, R_BUSAG)
    assert ("unpin",) not in st.legal_actions()
    st = edit(
        st,
        {
            "seat.0.pin_rounds": (st.round - 1,) if st.round > 1 else (0,),
        },
    )
    assert ("unpin",) in st.legal_actions()
    st.apply_action(("unpin",))
    assert st.pins[0] == () and st.string_used[0] == 0
    assert ("unpin",) not in st.legal_actions()


# ------------------------------------------------------------------ overtime (§8.6, §17.5)


def test_overtime_order_worked_example_17_5():
    """§17.5: Pink 4, Blue 4, Green 3, Blue 3 (Green's 3 on a lower space than Blue's 3):
    Pink, Blue, Green pick in that order; Blue's 3 lands on O4 and destroys evidence."""
    g, st = fresh(players=3)
    pink, green, blue = 0, 1, 2
    o = g.ot_sids
    st = edit(
        st,
        spaces={
            o[0]: ((pink, 3, 0, 0),),
            o[1]: ((green, 2, 0, 0),),
            o[2]: ((blue, 3, 0, 0),),
            o[3]: ((blue, 2, 0, 0),),
        },
    )
    # swap so that the upper order is Pink 4, Green 3, Blue 4, Blue 3 as placed
    st = resolve_from(st, R_OT)
    owners = [st.spaces[sid][0][0] for sid in st.lower]
    assert owners == [pink, blue, green, blue]
    seen = []
    destroyed_before = len(st.destroyed[blue])
    while st.pend and st.pend[0] == "otpick":
        seen.append(st.current_player())
        st.apply_action(next(a for a in st.legal_actions() if a[0] == "ot"))
        if st.pend and st.pend[0] == "stmt":
            st.apply_action(st.legal_actions()[0])
    assert seen == [pink, blue, green]
    if st.pend and st.pend[0] == "destroy":
        assert st.current_player() == blue
        st.apply_action(st.legal_actions()[0])
    assert len(st.destroyed[blue]) == destroyed_before + 1


def test_overtime_extra_reveal_once_per_round_for_a_contact():
    """§8.6 step 2: 1 contact reveals one extra card; only one player per round."""
    g, st = fresh(players=3)
    o = g.ot_sids
    st = edit(
        st,
        spaces={
            o[0]: ((0, 4, 0, 0),),
            o[1]: ((1, 3, 0, 0),),
        },
    )
    st = edit(
        st,
        {
            "seat.contacts": [1, 1, 1],
        },
    )
    st = resolve_from(st, R_OT)
    assert ("ot_extra",) in st.legal_actions()
    st.apply_action(("ot_extra",))
    assert st.contacts[0] == 0 and len(st.ot_display) == 4
    st.apply_action(next(a for a in st.legal_actions() if a[0] == "ot"))
    while st.pend and st.pend[0] == "stmt":
        st.apply_action(st.legal_actions()[0])
    assert st.current_player() == 1 and ("ot_extra",) not in st.legal_actions()


def test_times_overtime_discards_highest_numbered_R35():
    numbers = [5, 20, 3]
    assert T.overtime_pick([0, 1, 2], numbers) == 1


# ------------------------------------------------------------------ newspaper and HR (§8.7)


def test_hr_hire_and_training_R41():
    """§8.7.3 / R-41: the first HR request hires X (marker on space 1), training may follow
    at once, paying each entered space; X's value is the marker's space value."""
    g, st = fresh(players=3)
    st.news_slots[2] = (1,)
    st = edit(
        st,
        {
            "seat.1.money": 9,
        },
    )
    st = resolve_from(st, 9)  # R_NEWS
    assert st.hr[1] == 1 and st.pend == ("train", 1)
    st.apply_action(("train",))
    assert st.hr[1] == 2 and st.money[1] == 7 and st.jval(1, JX) == 2
    st.apply_action(("stop",))
    assert st.req_left[1] == 2 and JX in st.avail[1]  # next round: 6 journalists, 2 requests


def test_token_shortage_takes_from_an_earlier_holder_R15():
    """§8.7.1 / R-15: with the supply empty the requester takes one from a player who
    did not gain it this round."""
    g, st = fresh(players=3)
    st = edit(
        st,
        {
            "seat.0.tokens": tuple_with(st.tok_now[0], T_NR, 2),  # whole supply held since last round
        },
    )
    st.news_slots[1] = (2,)
    st = resolve_from(st, 9)
    # after maintenance the taken token is seat 2's for the new round; seat 0's leftover is gone
    assert st.round == 2 and st.tok_now[2][T_NR] == 1 and st.tok_now[0][T_NR] == 0


def test_photo_token_raises_bus_value():
    """§8.7 Photo: buy +1/+2; slid under a bus journalist it adds to reach."""
    g = load_game("pulitzer", players=3)
    st = g.new_initial_state(4)
    s = st.current_player()
    st = edit(
        st,
        {
            f"seat.{s}.tokens": tuple_with(st.tok_now[s], T_PH1, 1),
        },
    )
    st.apply_action(("place", 2, g.bus_sids[0]))
    assert st.pend[0] == "tok" and ("tok", "PH1") in st.legal_actions()
    st.apply_action(("tok", "PH1"))
    piece = st.spaces[g.bus_sids[0]][0]
    assert st.pval(piece) == 4


# ------------------------------------------------------------------ scoring (§12)


def test_final_score_houses_sets_and_majorities_R3():
    """§12.2 / R-3: 3 per house, 5 per strict colour majority, 10 per set of distinct colours."""
    g, st = fresh(players=4)
    st.houses = [(2, 1, 1, 1), (1, 1, 0, 0), (0, 1, 0, 0), (0, 0, 0, 0)]
    # seat 0: 5 houses = 15, majorities in colours 0, 2, 3 = 15, one full set = 10
    assert st.house_score(0) == 15 + 15 + 10
    assert st.house_score(1) == 6


def test_tie_breakers_report_then_contacts_12_3():
    """§12.3: equal scores -> higher report score; still equal -> more contacts."""
    g, st = fresh(players=3, variant="chronicle")
    st.points = [30, 20, 0]
    st.pins[1] = (cell(g, "A:INF"),)  # report 10 -> 30 in total
    st.contacts = [1, 0, 0]
    sc = st.scores()
    assert sc[0][0] == sc[1][0] == 30
    assert st.outcome().winners == (1,)
    st.pins[0] = (cell(g, "D:INF"),)  # now both 30 with report 10
    st.points[0] = 20
    assert st.scores()[0][:2] == st.scores()[1][:2] == (30, 10)
    assert st.outcome().winners == (0,)  # one more contact
    st.contacts = [0, 0, 0]
    assert st.outcome().winners == (0, 1)  # shared


def test_chronicle_bonus_tiered_R4_and_investigation_elimination():
    """R-4: >= 5 found highlighted: +20; >= 8: +35 (not 55).  Investigation mode:
    fewer than 5 found highlighted cannot win."""
    g, st = fresh(players=3, variant="chronicle")
    hl = sorted(g.hl[st.report[0]])
    st.pins[0] = tuple(hl[:8])
    base = st.points[0] + st.report_score(0)
    assert st.final_score(0) == base + 35
    st.pins[0] = tuple(hl[:5])
    assert st.final_score(0) == st.report_score(0) + 20
    g, st = fresh(players=3)
    st.points = [90, 0, 0]
    st.pins[1] = tuple(sorted(g.hl[st.report[1]])[:5])
    assert st.outcome().winners == (1,)


# ------------------------------------------------------------------ LP: agents, opinion, turn marker (§13)


class DiceRng(random.Random):
    def __init__(self, dice):
        super().__init__(0)
        self.dice = list(dice)

    def randint(self, a, b):
        return self.dice.pop(0)


def test_agent_setup_arithmetic_17_8():
    """§17.8: dice (3,3) on pair 1 -> 5 agents r b r b r; (2,5) on pair 2 -> 4 agents
    b r b r; 5 red + 4 blue in the kiosk and 1 blue on the $300 bus space."""
    # scripted dice are no position (a position's generator is a Mersenne Twister): this
    # scenario stays built by hand
    g = load_game("pulitzer", mode="solo")
    st = g.new_initial_state(7)
    st.spaces = [()] * g.n_spaces
    st.rng = DiceRng([3, 3, 2, 5])
    T.place_agents(st)
    kiosk = [p for sid in g.kiosk_sids for p in st.spaces[sid]]
    assert sum(1 for p in kiosk if p[0] == RED) == 5 and sum(1 for p in kiosk if p[0] == BLUE) == 4
    assert [p[0] for p in st.spaces[g.bus_sids[0]]] == [BLUE]
    assert st.spaces[g.bus_sids[-1]] == ()
    assert st.spaces[g.kiosk_sid(0, 1)] == ()  # cell 3 of pair 1 stays empty
    order = [
        st.spaces[g.kiosk_sid(2 * pair + (n - 1) % 2, (n - 1) // 2)][0][0]
        for pair, n in [(0, 1), (0, 2), (0, 4), (0, 5), (0, 6), (1, 1), (1, 3), (1, 4), (1, 6)]
    ]
    assert order == [RED, BLUE, RED, BLUE, RED, BLUE, RED, BLUE, RED]


def test_lp_duels_tie_to_journalist_17_7_R32():
    """§17.7 / R-32: journalist 3 vs agent 3 -> the agent leaves; journalist 2 vs agent 4 ->
    the journalist leaves and keeps its kiosk money."""
    g, st = fresh(mode="solo")
    a, b = g.kiosk_sid(0, 0), g.kiosk_sid(1, 0)
    st.spaces[a] = ((RED, 3, 0, 0), (0, 2, 0, 0))
    st.spaces[b] = ((BLUE, 4, 0, 0), (0, 1, 0, 0))
    st._step_duels()
    assert st.spaces[a] == ((0, 2, 0, 0),)
    assert st.spaces[b] == ((BLUE, 4, 0, 0),)


def test_lp_row_agents_win_moves_opinion_17_6_R28():
    """§17.6 / R-28: Green journalists 3 vs agents 7: the row goes to the Capitol side and
    opinion moves by the net J - G."""
    g, st = fresh(mode="two-player")
    st = edit(
        st,
        spaces={
            g.kiosk_sid(0, 0): ((1, 2, 0, 0),),
            g.kiosk_sid(1, 0): ((RED, 3, 0, 0),),
            g.kiosk_sid(2, 0): ((BLUE, 4, 0, 0),),
        },
    )
    op = st.opinion
    st = edit(
        st,
        {
            "pending.step": R_ROW,
        },
    )
    st._step_rows()
    assert st.rowh[0] == (-1,) and st.opinion == op - 1


def test_capitol_ends_the_game_at_once_and_everyone_loses_13_8():
    g, st = fresh(mode="solo")
    st = edit(
        st,
        {
            "government.opinion": g.data.opinion[0] + 1,
        },
    )
    st = edit(
        st,
        spaces={
            g.kiosk_sid(0, 0): ((RED, 3, 0, 0),),
        },
    )
    st = resolve_from(st, R_ROW)
    assert st.is_terminal()
    out = st.outcome()
    assert out.winners == () and "Capitol" in out.reason


def test_hat_finishes_the_round_then_scores_13_8():
    """§13.8 / R-40: reaching the Hat finishes this round's resolution, then scoring."""
    g, st = fresh(mode="solo")
    st = edit(
        st,
        {
            "government.opinion": g.data.opinion[1] - 1,
        },
    )
    st = edit(
        st,
        spaces={
            g.kiosk_sid(0, 0): ((0, 3, 0, 0),),
            g.ot_sids[0]: ((0, 2, 0, 0),),
        },
    )
    st = resolve_from(st, R_ROW)
    assert st.hat and not st.is_terminal()  # overtime still to resolve
    while not st.is_terminal():
        st.apply_action(st.legal_actions()[0])
    assert st.round == 1 and st.end_reason == "hat"


def test_2p_turn_limit_17_9_R29():
    """§17.9 / R-29: the Press Pass holder passes after 5 actions: the other player may
    take 5 actions, never a 6th."""
    g = load_game("pulitzer", mode="two-player")
    st = g.new_initial_state(3)
    holder = st.pp
    other = 1 - holder
    counts = {holder: 0, other: 0}
    marker = 0
    while st.placing and st.round == 1:
        marker = st.marker
        s = st.current_player()
        if st.pend is not None:
            st.apply_action(("notok",))
            continue
        if s == holder and counts[s] == 5:
            st.apply_action(("pass",))
            continue
        legal = [a for a in st.legal_actions() if a[0] in ("req", "place")]
        reqs = [a for a in legal if a[0] == "req"]
        st.apply_action(reqs[0] if reqs and counts[s] < 2 else legal[0])
        counts[s] += 1
    assert counts == {holder: 5, other: 5} and marker == 5


def test_agent_extra_cards_on_turns_6_and_7_R30():
    assert T.agent_draw_counts(BLUE, 5) == (1, 1)
    assert T.agent_draw_counts(BLUE, 6) == (1, 2)
    assert T.agent_draw_counts(BLUE, 7) == (2, 2)
    assert T.agent_draw_counts(RED, 7) == (1, 1)


def test_agent_destroys_best_line_match_R31():
    """§13.6 step 3 / R-31: matching highlighted cells (X matches on evidence alone);
    exactly one on the highest-value line is destroyed."""
    g, st = fresh(mode="solo")
    d = g.data
    st.report[0] = 0  # R1: A:MEM and X:MEM are highlighted
    mem = next(c for c, e in enumerate(d.evidence_cards) if e == (d.evidence_types.index("MEM"),))
    aline = next(c for c, lines in enumerate(d.line_cards) if lines == (LINE_INDEX["A"],))
    cline = next(c for c, lines in enumerate(d.line_cards) if lines == (LINE_INDEX["C"],))
    assert T.agent_matches(st, 0, [mem], [aline]) == [cell(g, "A:MEM")]
    assert T.agent_matches(st, 0, [mem], [cline]) == [cell(g, "X:MEM")]
    st.pins[0] = (cell(g, "X:MEM"),)
    assert T.agent_matches(st, 0, [mem], [cline]) == []


def test_elimination_when_five_highlighted_out_of_reach_13_8():
    g, st = fresh(mode="solo")
    hl = sorted(g.hl[st.report[0]])
    st = edit(
        st,
        {
            "seat.0.destroyed": tuple(hl[:5]),
        },
    )
    st._check_elim((0,))
    assert not st.is_terminal()
    st = edit(
        st,
        {
            "seat.0.destroyed": tuple(hl[:6]),
        },
    )
    st._check_elim((0,))
    assert st.is_terminal() and "eliminated" in st.outcome().reason


# ------------------------------------------------------------------ the Times (§13.11)


def test_times_deck_order_and_x_hiring_R34():
    """§13.11: the stack is red at the bottom, then orange, then yellow (top); the first
    orange hires X at 2, the first red makes it 4."""
    g = load_game("pulitzer", mode="solo")
    st = g.new_initial_state(5)
    colours = [g.data.times_cards[c][1] for c in st.times_revealed + st.times_deck[::-1]]
    assert colours == [2, 2, 1, 1, 1, 0, 0, 0]
    seen = [(2, st.times_x)]
    while st.times_deck:
        st = edit(
            st,
            {
                "board.spaces": [()] * g.n_spaces,
                "times.journalists": [0, 1, 2, 3, 4] + ([JX] if st.times_hired else []),
            },
        )
        T.reveal_and_place(st)
        seen.append((g.data.times_cards[st.times_revealed[-1]][1], st.times_x))
    assert seen == [(2, 0), (2, 0), (1, 2), (1, 2), (1, 2), (0, 4), (0, 4), (0, 4)]


def test_red_before_orange_hires_at_4_R34():
    g = load_game("pulitzer", mode="solo", times_mix=(5, 0, 3))
    st = g.new_initial_state(1)
    st = edited(
        st,
        {
            "times.deck": st.times_deck[:5],  # only red cards left
        },
    )
    st = edit(
        st,
        {
            "times.journalists": [0, 1, 2, 3, 4],
        },
    )
    T.reveal_and_place(st)
    assert st.times_hired and st.times_x == 4


def test_times_places_random_facedown_and_skips_unavailable_R34():
    """§13.11 placement: one random face-down purple journalist per listed free space;
    an occupied space is skipped.  The Post cannot see their values."""
    g = load_game("pulitzer", mode="solo")
    st = g.new_initial_state(9)
    times_pieces = [p for sp in st.spaces for p in sp if p[0] == TIMES]
    first = g.data.times_cards[st.times_revealed[0]][2]
    assert 1 <= len(times_pieces) <= len(first)
    obs = st.observation(0)
    assert all(p[1] == -1 for sp in obs["spaces"] for p in sp if p[0] in (TIMES, RED))
    assert all(p[1] >= 1 for sp in obs["spaces"] for p in sp if p[0] == BLUE)


def test_solo_outcome_against_score_table_15_21_R36():
    """§13.9 / R-36: the Post wins only by strictly exceeding the table (55 + 10 x red)."""
    g, st = fresh(mode="solo")
    assert g.times_target == 85
    assert load_game("pulitzer", mode="solo", times_mix=(5, 3, 0)).times_target == 105
    hl = sorted(g.hl[st.report[0]])
    st.pins[0] = tuple(hl[:5])
    st.over = True
    st.points[0] = 85 - st.report_score(0)
    assert st.final_score(0) == 85
    assert st.outcome().winners == () and "Times wins on the score table" in st.outcome().reason
    st.points[0] += 1
    assert st.outcome().winners == (0,)


def test_determinize_resamples_times_and_red_agents_not_blue():
    g = load_game("pulitzer", mode="solo")
    st = g.new_initial_state(11)
    seen = set()
    for k in range(20):
        w = st.determinize(0, random.Random(k))
        assert w.observation(0) == st.observation(0)
        seen.add(tuple(p for sp in w.spaces for p in sp if p[0] in (TIMES, RED)))
        blue = [p for sp in w.spaces for p in sp if p[0] == BLUE]
        assert blue == [p for sp in st.spaces for p in sp if p[0] == BLUE]
    assert len(seen) > 1


def test_discard_last_pin_is_a_free_action_during_placement_R9():
    """§8.4 'at any time during a round': offered in placement too, without using the turn."""
    g = load_game("pulitzer", players=3)
    st = g.new_initial_state(6)
    s = st.current_player()
    c1 = cell(g, "X:MEM")
    st = edit(
        st,
        {
            "round.number": 2,
        },
    )
    st.pins[s], st.pinrd[s] = (c1,), (1,)
    st = edit(
        st,
        {
            f"seat.{s}.string_used": g.data.dist[g.data.start][c1],
        },
    )
    assert ("unpin",) in st.legal_actions()
    st.apply_action(("unpin",))
    assert st.current_player() == s and st.pins[s] == () and ("unpin",) not in st.legal_actions()


def test_alternative_readings_are_switchable_14():
    """§14 / §16: recommended readings by default; `readings` switches named ones."""
    with pytest.raises(ParamError, match="R-99"):
        load_game("pulitzer", players=3, readings=("R-99",))
    g, st = fresh(players=3, variant="chronicle", readings=("R-4", "R-3"))
    hl = sorted(g.hl[st.report[0]])
    st.pins[0] = tuple(hl[:8])
    assert st.final_score(0) == st.report_score(0) + 55  # R-4 alternative: 20 + 35
    st.houses = [(4, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0)]
    assert st.house_score(0) == 12 + 5 + 10  # R-3 alternative
    assert T.agent_draw_counts(BLUE, 7, alternative=True) == (2, 1)
    g, st = fresh(mode="solo", readings=("R-32", "R-36"))
    a = g.kiosk_sid(0, 0)
    st.spaces[a] = ((RED, 3, 0, 0), (0, 1, 2, 0))  # 2 + Newsroom 2 vs 3
    st._step_duels()
    assert st.spaces[a] == ((RED, 3, 0, 0),)  # tokens ignored in duels
    st.pins[0] = tuple(sorted(g.hl[st.report[0]])[:5])
    st.over = True
    st.points[0] = g.times_target - st.report_score(0)
    assert st.outcome().winners == (0,)  # a tie wins under R-36 alt


def test_entertainment_token_raises_overtime_order_8_2():
    """§8.2 Entertainment: the +2 goes under an own overtime journalist for this round's
    overtime ordering (or 1 contact instead)."""
    g, st = fresh(players=3)
    st = edit(
        st,
        spaces={
            g.kiosk_sid(3, 0): ((1, 4, 0, 0),),  # seat 1 wins Entertainment
            g.ot_sids[0]: ((0, 3, 0, 0),),  # seat 0's 4 placed first
            g.ot_sids[1]: ((1, 2, 0, 0),),  # seat 1's 3
        },
    )
    st = resolve_from(st, R_COL)
    assert st.pend == ("ent", 1, (g.ot_sids[1],))
    st.apply_action(("ent", g.ot_sids[1]))
    while st.pend is not None and st.pend[0] != "otpick":
        st.apply_action(st.legal_actions()[0])
    assert st.current_player() == 1  # 3 + 2 = 5 picks before the 4


def test_lp_registry_token_draws_two_extra_of_one_type_13_7():
    """§13.7: in LP the Registry token sits beside a bus journalist and draws 2 extra
    cards of one type of your choice; it does not raise the value."""
    g, st = fresh(mode="solo")
    sid = g.bus_sids[1]  # $400: 1 evidence + 1 line
    st = edit(
        st,
        spaces={
            sid: ((0, 2, 0, 2),),  # flag 2 = Registry token
        },
    )
    st = resolve_from(st, R_BUSAG)
    assert st.pend == ("reg", 0)
    st.apply_action(("reg", "L"))
    assert len(st.cur[4]) == 1 and len(st.cur[5]) == 3 and st.cur[3] == 3


def test_administration_token_allows_an_occupied_bus_space_8_7():
    g = load_game("pulitzer", players=3)
    st = g.new_initial_state(2)
    s = st.current_player()
    st.apply_action(("place", 4, g.bus_sids[0]))
    s2 = st.current_player()
    assert ("place", 4, g.bus_sids[0]) not in st.legal_actions()
    st = edit(
        st,
        {
            f"seat.{s2}.tokens": tuple_with(st.tok_now[s2], 2, 1),  # Administration
        },
    )
    assert ("place", 4, g.bus_sids[0]) in st.legal_actions()
    st.apply_action(("place", 4, g.bus_sids[0]))
    assert [p[0] for p in st.spaces[g.bus_sids[0]]] == [s, s2] and st.tok_now[s2][2] == 0


def test_times_journalists_block_spaces_and_win_columns_for_nobody_13_11():
    """§13.11 step 4: Times spaces are closed to the Post; a Times column majority gives
    nobody anything; Times journalists count on the press side of rows."""
    g, st = fresh(mode="solo")
    st = edit(
        st,
        spaces={
            g.kiosk_sid(1, 0): ((TIMES, 4, 0, 0),),
            g.kiosk_sid(1, 1): ((0, 0, 0, 0),),
        },
    )
    st.placing, st.pend, st.double, st.turn = True, None, 0, 0
    assert all(a[2] != g.kiosk_sid(1, 0) for a in st.legal_actions() if a[0] == "place")
    st = edit(
        st,
        spaces={
            g.kiosk_sid(2, 0): ((RED, 4, 0, 0),),
        },
    )
    contacts, points = st.contacts[0], st.points[0]
    st.rstep = R_COL
    st.ri = 0
    st.placing = False
    st._step_columns()
    assert (st.contacts[0], st.points[0]) == (contacts, points)
    st._step_rows()
    assert st.rowh[0] == (1,)  # Times 5 beats the agent's 4


def test_2p_agents_hit_both_reports_R31():
    """§13.6 / R-31: in 2P the same agent cards are matched against each report."""
    g, st = fresh(mode="two-player")
    d = g.data
    st = edited(
        st,
        {
            "seat.report": [0, 5],  # R1 and R6 both highlight A:MEM
        },
    )
    st = edit(
        st,
        spaces={
            g.bus_sids[0]: ((BLUE, 1, 0, 0),),
        },
    )
    mem = next(c for c, e in enumerate(d.evidence_cards) if e == (d.evidence_types.index("MEM"),))
    aline = next(c for c, lines in enumerate(d.line_cards) if lines == (LINE_INDEX["A"],))
    st = edited(
        st,
        {
            "decks.evidence": [c for c in st.evi_deck if c != mem] + [mem],
            "decks.line": [c for c in st.line_deck if c != aline] + [aline],
        },
    )
    st = edit(
        st,
        {
            "government.marker": 0,
        },
    )
    st = resolve_from(st, R_BUSAG)
    assert cell(g, "A:MEM") in st.destroyed[0] and cell(g, "A:MEM") in st.destroyed[1]


# ------------------------------------------------------------------ used tokens (§9.4, §8.7.1, R-15, §15.13)


def _use_newsroom_tokens(players, users):
    """A new game in which the first `users` movers each slide a Newsroom +2 token (held
    since last round) under a kiosk journalist; returns the game, the state and the movers."""
    g = load_game("pulitzer", players=players)
    st = g.new_initial_state(4)
    movers = []
    for k in range(users):
        s = st.current_player()
        movers.append(s)
        st = edit(
            st,
            {
                f"seat.{s}.tokens": tuple_with(st.tok_now[s], T_NR, 1),
            },
        )
        st.apply_action(("place", 0, g.kiosk_sid(k, 0)))
        assert ("tok", "NR") in st.legal_actions()
        st.apply_action(("tok", "NR"))
    return g, st, movers


def test_used_token_stays_out_of_the_reserve_until_maintenance_9_4_R15():
    """§9.4: used tokens go back to the common reserve at maintenance, not when used.
    3 players, 2 Newsroom tokens (§15.13): seat a used one, seat b still holds the other;
    a Newsroom request this round must take b's token (§8.7.1, R-15): a third one never
    comes into play."""
    g, st, (a,) = _use_newsroom_tokens(3, 1)
    b, c = [s for s in range(3) if s != a]
    st = edit(
        st,
        {
            f"seat.{b}.tokens": tuple_with(st.tok_now[b], T_NR, 1),
        },
    )
    assert st._supply(T_NR) == 0 and st.tok_used[T_NR] == 1
    assert st.observation(c)["tok_used"][T_NR] == 1
    st.news_slots[S_NR] = (c,)
    st.news_slots[S_HR] = (a,)  # HR comes next and pauses on training
    st = edit(
        st,
        {
            f"seat.{a}.money": 5,
        },
    )
    st = resolve_from(st, R_NEWS)
    assert st.pend == ("train", a)
    assert st.tok_new[c][T_NR] == 1 and st.tok_now[b][T_NR] == 0
    in_play = st.tok_used[T_NR] + sum(x[T_NR] for x in st.tok_now) + sum(x[T_NR] for x in st.tok_new)
    assert in_play == 2
    st.apply_action(("stop",))
    assert st.round == 2 and st.tok_used == [0] * 6  # back in the reserve
    assert st._supply(T_NR) == 1 and st.tok_now[c][T_NR] == 1


def test_no_token_when_every_one_is_in_use_8_7_1_R15():
    """§8.7.1: with both Newsroom tokens under journalists, a Newsroom request finds none
    in the reserve and nobody to take one from: it yields nothing."""
    g, st, (a, b) = _use_newsroom_tokens(3, 2)
    c = 3 - a - b
    st.news_slots[S_NR] = (c,)
    st = resolve_from(st, R_NEWS)
    assert st.round == 2 and st.tok_now[c][T_NR] == 0


def test_editorial_token_used_is_out_of_the_reserve_for_the_round_9_4():
    g = load_game("pulitzer", players=3)
    st = g.new_initial_state(4)
    s = st.current_player()
    st = edit(
        st,
        {
            f"seat.{s}.tokens": tuple_with(st.tok_now[s], T_ED, 1),
        },
    )
    supply = st._supply(T_ED)
    st.apply_action(("editorial",))
    assert st.tok_now[s][T_ED] == 0 and st._supply(T_ED) == supply


# ------------------------------------------------------------------ which card supplies a pin


def evidence_card(g, name, copy=0):
    e = g.data.evidence_types.index(name)
    return [c for c, shown in enumerate(g.data.evidence_cards) if shown == (e,)][copy]


def line_card(g, *names, copy=0):
    lines = tuple(LINE_INDEX[n] for n in names)
    return [c for c, shown in enumerate(g.data.line_cards) if shown == lines][copy]


def _investigating(evidence=None, line=None, kept=(), report=0, **params):
    """Seat 0's value-5 journalist on the $300 bus space (1 evidence + 1 line card) draws
    `evidence` and `line` (card ids) and holds `kept` cards; the pin decision is next."""
    g, st, sid = _bus_position(players=3, **params)
    st.report[0] = report
    if evidence is not None:
        st.evi_deck = [c for c in st.evi_deck if c != evidence] + [evidence]
    if line is not None:
        st.line_deck = [c for c in st.line_deck if c != line] + [line]
    st.kept[0] = tuple(kept)
    for code in kept:
        if code >= 100:
            st.line_deck.remove(code - 100)
        else:
            st.evi_deck.remove(code)
    st = resolve_from(st, R_BUSAG)
    assert st.pend == ("pin", 0)
    return g, st


def test_kept_card_not_spent_when_the_double_line_penalty_destroys_nothing_R12_R13():
    """R-12 / R-13: pinning B:TAP with a drawn B/C double and a kept B card, when no other
    highlighted B evidence is open: the double costs nothing, so it is used, no decision is
    asked and the kept card stays."""
    g = load_game("pulitzer", players=3)
    kept_b = 100 + line_card(g, "B")
    g, st = _investigating(evidence_card(g, "TAP"), line_card(g, "B", "C"), kept=[kept_b])
    st = edit(
        st,
        {
            "seat.0.destroyed": (cell(g, "B:BNK"),),  # R1's other highlighted B cell is gone
        },
    )
    st.apply_action(("pin", cell(g, "B:TAP")))
    assert st.pins[0] == (cell(g, "B:TAP"),) and st.kept[0] == (kept_b,)
    assert st.destroyed[0] == (cell(g, "B:BNK"),)


def test_kept_card_or_double_line_is_the_players_choice_R12():
    """R-12: when the double would destroy highlighted evidence, the player chooses: spend
    the kept B card (nothing destroyed) or use the double (B:BNK destroyed, card kept)."""
    g = load_game("pulitzer", players=3)
    kept_b = 100 + line_card(g, "B")
    for choice in ("kept", "double"):
        g, st = _investigating(evidence_card(g, "TAP"), line_card(g, "B", "C"), kept=[kept_b])
        st.apply_action(("pin", cell(g, "B:TAP")))
        assert st.pend[0] == "pin_line" and st.current_player() == 0
        assert st.legal_actions() == [("pin_line", "double", 0), ("pin_line", "kept", kept_b)]
        texts = [st.action_to_string(a) for a in st.legal_actions()]
        assert "destroys 1 highlighted B evidence" in texts[0] and "kept line card B" in texts[1]
        st.apply_action(("pin_line", choice, kept_b if choice == "kept" else 0))
        assert st.pins[0] == (cell(g, "B:TAP"),)
        if choice == "kept":
            assert st.kept[0] == () and st.destroyed[0] == ()
        else:
            assert st.kept[0] == (kept_b,) and st.destroyed[0] == (cell(g, "B:BNK"),)


def test_leaked_card_or_evidence_wildcard_is_the_players_choice_R12():
    """R-12 / §11 #7: a leaked card costs $200 to its owner; the wildcard costs nothing
    but itself.  Neither is taken for the player: the wildcard leaves the money alone."""
    g = load_game("pulitzer", players=3)
    for choice in ("leak", "wildcard"):
        g, st = _investigating(evidence_card(g, "CAR"), line_card(g, "B"))
        st.leak, st.leak_owner = [evidence_card(g, "TAP", 1)], 2
        st.evt[0] = tuple_with(st.evt[0], 2, 1)
        money = list(st.money)
        st.apply_action(("pin", cell(g, "B:TAP")))
        assert st.pend[0] == "pin_evidence"
        assert st.legal_actions() == [("pin_evidence", "leak", 0), ("pin_evidence", "wildcard", 0)]
        st.apply_action(("pin_evidence", choice, 0))
        assert st.pins[0] == (cell(g, "B:TAP"),)
        if choice == "leak":
            assert st.money[0] == money[0] - 2 and st.money[2] == money[2] + 2 and st.evt[0][2] == 1
        else:
            assert st.money == money and st.evt[0][2] == 0 and st.leak_used == []


def test_drawn_card_is_used_before_anything_is_spent_R12():
    """R-12: with a drawn card showing the symbol, kept cards, leaks and wildcards are not
    offered (spending them would change nothing but the loss)."""
    g = load_game("pulitzer", players=3)
    kept = [evidence_card(g, "TAP", 1), 100 + line_card(g, "B", copy=1)]
    g, st = _investigating(evidence_card(g, "TAP"), line_card(g, "B"), kept=kept)
    st = edit(
        st,
        {
            "seat.0.event_tokens": (st.evt[0][0], 1, 1),
        },
    )
    st.apply_action(("pin", cell(g, "B:TAP")))
    assert st.pins[0] == (cell(g, "B:TAP"),) and sorted(st.kept[0]) == sorted(kept)
    assert st.evt[0] == (0, 1, 1)


def test_identical_kept_copies_are_one_choice_R12():
    """R-12: two kept copies of the same card leave the same game whichever is spent, so
    there is nothing to decide; a different card showing the symbol is a real choice."""
    g = load_game("pulitzer", players=3)
    copies = [evidence_card(g, "MEM", 1), evidence_card(g, "MEM", 2)]
    g, st = _investigating(evidence_card(g, "CAR"), line_card(g, "B"), kept=copies)
    st.apply_action(("pin", cell(g, "B:MEM")))
    assert st.pins[0] == (cell(g, "B:MEM"),) and st.kept[0] == (max(copies),)
    double = next(
        c
        for c, shown in enumerate(g.data.evidence_cards)
        if len(shown) == 2 and g.data.evidence_types.index("MEM") in shown
    )
    g, st = _investigating(evidence_card(g, "CAR"), line_card(g, "B"), kept=[copies[0], double])
    st.apply_action(("pin", cell(g, "B:MEM")))
    assert st.legal_actions() == [
        ("pin_evidence", "kept", min(copies[0], double)),
        ("pin_evidence", "kept", max(copies[0], double)),
    ]


def test_target_token_makes_the_double_a_choice_even_with_a_single_R12_R13():
    """R-13 / §10 target: the double discards the target token (and destroys up to two);
    the single keeps it.  Both change the game, so the player chooses."""
    g, st = fresh(players=3)
    sid = g.bus_sids[4]  # $800: 2 evidence + 2 line cards
    st = edit(
        st,
        spaces={
            sid: ((0, 4, 0, 0),),
        },
    )
    st = edited(
        st,
        {
            "seat.0.report": 0,
            "decks.evidence": [c for c in st.evi_deck if c != evidence_card(g, "TAP")]
            + [evidence_card(g, "TAP")],
        },
    )
    drawn = [line_card(g, "B"), line_card(g, "B", "C")]
    st = edited(
        st,
        {
            "decks.line": [c for c in st.line_deck if c not in drawn] + drawn,
        },
    )
    st = edit(
        st,
        {
            "seat.0.event_tokens": tuple_with(st.evt[0], 0, 1),
        },
    )
    st = resolve_from(st, R_BUSAG)
    st.apply_action(("pin", cell(g, "B:TAP")))
    assert st.legal_actions() == [("pin_line", "drawn", 0), ("pin_line", "double", 0)]
    assert "discards your target token" in st.action_to_string(("pin_line", "double", 0))
    st.apply_action(("pin_line", "double", 0))
    assert st.evt[0][0] == 0 and st.destroyed[0] == (cell(g, "B:BNK"),)


def test_heuristic_bot_spends_a_kept_card_rather_than_destroy_evidence_R12():
    g = load_game("pulitzer", players=3)
    kept_b = 100 + line_card(g, "B")
    g, st = _investigating(evidence_card(g, "TAP"), line_card(g, "B", "C"), kept=[kept_b])
    st.apply_action(("pin", cell(g, "B:TAP")))
    bot = HeuristicBot(g, seed=1)
    assert bot.act(st, 0) == ("pin_line", "kept", kept_b)
    g, st = _investigating(evidence_card(g, "CAR"), line_card(g, "B"))
    st.leak, st.leak_owner = [evidence_card(g, "TAP", 1)], 2
    st.evt[0] = tuple_with(st.evt[0], 2, 1)
    st.apply_action(("pin", cell(g, "B:TAP")))
    assert bot.act(st, 0) == ("pin_evidence", "leak", 0)  # $200 rather than the wildcard


def test_source_choice_is_clickable_on_the_board_R12():
    """Every choice of a pin's source has its button on the web board of the seat deciding."""
    import xml.etree.ElementTree as ET

    from automa.rules.pulitzer import view

    g = load_game("pulitzer", players=3)
    kept_b = 100 + line_card(g, "B")
    g, st = _investigating(evidence_card(g, "TAP"), line_card(g, "B", "C"), kept=[kept_b])
    st.apply_action(("pin", cell(g, "B:TAP")))
    keys = {el.get("data-key") for el in ET.fromstring(view.board_svg(st, 0)).iter()}
    assert [view.action_keys(st, 0, a) for a in st.legal_actions()] == [
        ("source:double:0",),
        (f"source:kept:{kept_b}",),
    ]
    assert {"source:double:0", f"source:kept:{kept_b}"} <= keys
    assert "choose the card that supplies its line B" in view.decision_words(st, 0, st.observation(0))
