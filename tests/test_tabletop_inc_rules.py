"""Tabletop Inc. rules: every action, free step, recall, predictions and scoring.
Section numbers and tags refer to rules/tabletop_inc/rulebook.md."""

import shutil

import pytest

import automa.rules.tabletop_inc  # noqa: F401  (registers the game)
from automa.rules.core import DataError, IllegalActionError, ParamError, load_game
from automa.rules.position import edited
from automa.rules.tabletop_inc.data import load_data
from automa.rules.tabletop_inc.game import TabletopGame

D, T, I, R, P = range(5)  # noqa: E741  (the resources' printed initials)


def mk(n=2, seed=0, **kw):
    st = load_game("tabletop_inc", players=n, **kw).new_initial_state(seed)
    return st


def do(st, *actions):
    for a in actions:
        st.apply_action(a)
    return st


def finish_turn(st):
    if st.legal_actions() and ("end_turn",) in st.legal_actions() and not st.stack:
        st.apply_action(("end_turn",))
    return st


def give(st, s=0, **res):
    names = ("dollar", "time", "inspiration", "research", "playtest")
    for k, v in res.items():
        st.resources[s][names.index(k)] = v


# --------------------------------------------------------------------------- setup §5


def test_setup_turn_order_seat_bonuses_s5_17():
    """§5 step 17: seat 2 $1, seat 3 $2, seat 4 1 VP, seat 5 1 VP + $1, seat 6 1 VP + $2."""
    st = mk(6)
    assert [st.resources[s][D] for s in range(6)] == [0, 1, 2, 0, 1, 2]
    assert st.vp == [0, 0, 0, 1, 1, 1]


def test_setup_bot_in_bonus_seat_takes_only_vp_amb15():
    """AMB-15: a Mumanbot in a bonus seat takes only the VP part."""
    st = mk(6, mumanbots=("", "", "", "", "", "hard"))
    assert st.vp[5] >= 1 and st.resources[5] == [0, 0, 0, 0, 0]


def test_setup_tracks_shelf_objective_hourglass_s5():
    """§5.7 tracks 3/3/4 face up; §5.13 shelf 3xL1/L2/L3; §5.15 one objective each;
    §19.2 hourglass start by seat count; §5.14 Founder mode: Founder in the WOW slot, POW empty."""
    for n, start in ((2, 36), (3, 52), (4, 68), (5, 84), (6, 100)):
        st = mk(n)
        assert st.hourglass == start
        assert [len(st.tracks[k]) for k in ("sp", "fl", "it")] == [3, 3, 4]
        assert st.shelf == [3, 3, 3]
        assert all(len(st.objectives[s]) == 1 for s in range(n))
        assert all(st.wow[s].startswith("FD") and st.pow[s] == "" for s in range(n))
        assert all(st.mumans[s] == 4 for s in range(n))


def test_setup_pow_wow_mode_keep_one_of_two_s5_14():
    """§5 step 14 POW/WOW mode: each player keeps 1 of 2 WOW and 1 of 2 POW (a sequence of decisions)."""
    st = mk(3, start_cards="pow_wow")
    for s in range(3):
        assert st.current_player() == s
        legal = st.legal_actions()
        assert len(legal) == 2 and all(a[:2] == ("keep", "wow") for a in legal)
        do(st, legal[0])
        legal = st.legal_actions()
        assert len(legal) == 2 and all(a[:2] == ("keep", "pow") for a in legal)
        do(st, legal[1])
        assert st.wow[s] == legal[0][2] or st.wow[s].startswith("W")
        assert st.pow[s] == legal[1][2]
    assert st.phase == "main" and st.current_player() == 0


def test_space_availability_by_seat_count_s19_1():
    """§19.1: 21 / 27 / 35 / 44 / 44 limited spaces for 2 / 3 / 4 / 5 / 6 seats (plus Basic Resource)."""
    for n, k in ((2, 21), (3, 27), (4, 35), (5, 44), (6, 44)):
        g = load_game("tabletop_inc", players=n)
        assert sum(1 for sp in g.spaces_in_use if not sp.unlimited) == k


# --------------------------------------------------------------------------- turn §6, placing §7


def test_recall_needs_a_placed_worker_and_is_forced_without_workers_s6():
    """§6: recall only with a placed worker; mandatory when none is available."""
    st = mk()
    assert ("recall",) not in st.legal_actions()
    st = edited(
        st,
        {
            "seat.0.mumans": 1,
        },
    )
    do(st, ("place", "TD1"), ("stop",))
    finish_turn(st)
    # seat 1 moves, then seat 0 again with 0 workers
    do(st, ("place", "BR"), ("take", "dollar"))
    finish_turn(st)
    assert st.current_player() == 0
    mains = [a for a in st.legal_actions() if a[0] in ("place", "freelancer", "recall")]
    assert mains == [("recall",)]


def test_safety_cost_and_placement_bonus_s7_2():
    """§7.2 / seed example: HS2 costs 1 inspiration and gives 1 research; unpayable = not legal."""
    st = mk()
    assert ("place", "HS2") not in st.legal_actions()
    give(st, inspiration=1)
    assert ("place", "HS2") in st.legal_actions()
    do(st, ("place", "HS2"))
    assert st.resources[0][I] == 0 and st.resources[0][R] == 1
    assert st.occupied[st.game.space_by_id["HS2"].idx] == 0


def test_occupied_space_blocked_basic_resource_unlimited_s7_1():
    """§7.1: one worker per space, except Basic Resource (unlimited, no cost) [S]."""
    st = mk()
    do(st, ("place", "BR"), ("take", "time"))
    finish_turn(st)
    assert ("place", "BR") in st.legal_actions()
    do(st, ("place", "RS1"))
    finish_turn(st)
    assert ("place", "RS1") not in st.legal_actions()
    assert ("place", "BR") in st.legal_actions()
    assert st.resources[0][T] == 1


def test_linked_specialist_waives_cost_keeps_bonus_s7_3():
    """§7.3: a specialist on its linked action pays no safety cost and still gains the bonus."""
    st = mk()
    st = edited(
        st,
        {
            "seat.0.employees": st.employees[0] + (("SP12", 0),),
            "seat.0.standees": ("SP12",),
        },
    )
    legal = st.legal_actions()
    assert ("place", "HS2", "SP12") in legal  # no inspiration needed
    do(st, ("place", "HS2", "SP12"))
    assert st.resources[0][R] == 1 and st.resources[0][I] == 0
    # SP12 benefit: any slot without tokens
    assert ("slot", 0) in st.legal_actions()
    do(st, ("slot", 0))
    assert len(st.hand_employees[0]) == 1 and sum(sum(t) for t in st.track_tokens["sp"]) == 0


# --------------------------------------------------------------------------- skills §8


def test_skill_totals_seed_example_and_tuck_benefit_s8_1_s16_6():
    """§8.1 seed example: 1/1/1 plus a tucked +box +component card = box 2, mech 1, comp 2;
    §16.6: S10 costs $2 and gives 1 time when tucked."""
    st = mk()
    st = edited(
        st,
        {
            "seat.0.hand_skills": ("S10",),
        },
    )
    founder = st.wow[0]
    assert ("tuck", "S10", founder) in st.legal_actions()
    do(st, ("tuck", "S10", founder))
    assert st.skills(0) == [2, 1, 2]
    assert st.resources[0][T] == 1
    assert st.game.data.skills["S10"][2] == 2


def test_one_skill_card_per_employee_s8_3():
    """§8.3: at most one skill card behind each employee; no holder, no tuck."""
    st = mk()
    st = edited(
        st,
        {
            "seat.0.hand_skills": ("S01", "S02"),
        },
    )
    do(st, ("tuck", "S01", st.wow[0]))
    assert not any(a[0] == "tuck" for a in st.legal_actions())


def test_cards_in_hand_do_not_count_for_skills_s8_1():
    st = mk()
    st = edited(
        st,
        {
            "seat.0.hand_employees": ("SP04",),
            "seat.0.hand_skills": ("S19",),
        },
    )
    assert st.skills(0) == [1, 1, 1]


# --------------------------------------------------------------------------- tracks §9


def test_track_pay_to_the_right_and_refill_s9():
    """§9 seed example: card 1 of 3 costs one token on card 2 and one on card 3; the taker
    gets the tokens on its card; cards shift right and a new card enters slot 1 (AMB-18)."""
    st = mk()
    give(st, dollar=1, time=1)
    tr0 = st.tracks["sp"][:]
    top = st.deck["sp"][-1]
    do(st, ("place", "HS1"), ("slot", 0))
    assert st.current_player() == 0 and {a[0] for a in st.legal_actions()} == {"token"}
    do(st, ("token", "dollar"), ("token", "time"))
    assert st.hand_employees[0] == (tr0[0],)
    assert st.tracks["sp"] == (top, tr0[1], tr0[2])
    assert st.track_tokens["sp"][1] == (1, 0, 0, 0, 0) and st.track_tokens["sp"][2] == (0, 1, 0, 0, 0)
    # the next taker of the card that now holds a token collects it
    st2 = st
    finish_turn(st2)
    give(st2, 1, inspiration=1)
    do(st2, ("place", "HS2"), ("slot", 2))  # rightmost: free
    assert st2.resources[1][T] == 1 and st2.hand_employees[1] == (tr0[2],)


def test_track_unaffordable_slots_hidden_s9():
    st = mk()
    do(st, ("place", "HS1"))
    assert [a for a in st.legal_actions() if a[0] == "slot"] == [("slot", 2)]


# --------------------------------------------------------------------------- actions §10


def test_basic_resource_one_of_three_s10_1():
    """§10.1 / AMB-05: 1 of $, time, inspiration."""
    st = mk()
    do(st, ("place", "BR"))
    assert st.legal_actions() == [("take", "dollar"), ("take", "time"), ("take", "inspiration")]
    do(st, ("take", "inspiration"))
    assert st.resources[0][I] == 1


def test_play_card_table_bonus_and_standee_s10_3():
    """§10.3: an employee goes to a free seat; the seat's bonus is gained; a specialist's
    standee becomes an available worker."""
    st = mk()
    st = edited(
        st,
        {
            "seat.0.hand_employees": ("SP02",),
        },
    )
    do(st, ("place", "PC1"))
    legal = st.legal_actions()
    assert ("play", "SP02", 6) in legal  # empty POW slot (Founder mode)
    do(st, ("play", "SP02", 1))  # T2: 2 time
    assert st.resources[0][T] == 2 and st.standees[0] == ("SP02",) and ("SP02", 1) in st.employees[0]


def test_play_card_sp10_plays_two_s16_4():
    """SP10: play 2 employees in one action."""
    st = mk()
    st = edited(
        st,
        {
            "seat.0.employees": st.employees[0] + (("SP10", 0),),
            "seat.0.standees": ("SP10",),
            "seat.0.hand_employees": ("F06", "F14"),
        },
    )
    do(st, ("place", "PC1", "SP10"), ("play", "F06", 1), ("play", "F14", 2))
    assert {c for c, _ in st.employees[0]} == {"SP10", "F06", "F14"}


def test_train_buy_one_rest_to_bottom_sp09_discount_s10_4():
    """§10.4 / AMB-08: reveal 4, buy at most 1, the rest go to the bottom in order; SP09 −$1."""
    st = mk()
    st = edited(
        st,
        {
            "seat.0.employees": st.employees[0] + (("SP09", 0),),
            "seat.0.standees": ("SP09",),
        },
    )
    rev = st.skill_deck[-1:-5:-1]
    give(st, dollar=0)
    do(st, ("place", "TR1", "SP09"))
    cheap = [c for c in rev if st.game.data.skills[c][2] == 1]
    buys = [a for a in st.legal_actions() if a[0] == "buy_skill"]
    assert {a[1] for a in buys} == set(cheap)  # $1 cards cost 0 with SP09
    if cheap:
        do(st, ("buy_skill", cheap[0]))
        assert st.hand_skills[0] == (cheap[0],)
        assert st.skill_deck[:3] == [c for c in rev if c != cheap[0]]
    else:
        do(st, ("decline",))
        assert st.skill_deck[:4] == rev


@pytest.mark.parametrize("space,linked,idx,gain", [("RS1", "SP02", R, 4), ("PT1", "SP07", P, 4)])
def test_research_playtest_2_or_4_s10_6_s10_7(space, linked, idx, gain):
    """§10.6/§10.7: gain 2; the linked specialist (SP02/SP07) gains 4."""
    st = mk()
    do(st, ("place", space))
    assert st.resources[0][idx] == 2
    st = mk()
    st = edited(
        st,
        {
            "seat.0.employees": st.employees[0] + ((linked, 0),),
            "seat.0.standees": (linked,),
        },
    )
    do(st, ("place", space, linked))
    assert st.resources[0][idx] == gain


def test_multi_resource_up_to_3_or_5_s10_8():
    """§10.8: up to 3 level-1 resources (SP03: up to 5); may stop early."""
    st = mk()
    do(st, ("place", "MR1"), ("take", "dollar"), ("take", "dollar"), ("take", "time"))
    assert st.resources[0][:3] == [2, 1, 0] and not st.stack
    st = mk()
    st = edited(
        st,
        {
            "seat.0.employees": st.employees[0] + (("SP03", 0),),
            "seat.0.standees": ("SP03",),
        },
    )
    do(st, ("place", "MR1", "SP03"))
    for _ in range(5):
        do(st, ("take", "inspiration"))
    assert st.resources[0][I] == 5
    st = mk()
    do(st, ("place", "MR1"), ("take", "time"), ("stop",))
    assert st.resources[0][T] == 1


def test_get_item_track_and_sp14_s10_9():
    """§10.9: items under pay-to-the-right; GI1 gives $1; SP14 takes any slot free."""
    st = mk()
    do(st, ("place", "GI1"))
    assert st.resources[0][D] == 1
    assert ("slot", 3) in st.legal_actions() and ("slot", 2) in st.legal_actions()  # $1 pays one token
    do(st, ("slot", 3))
    assert len(st.hand_items[0]) == 1
    st = mk()
    st = edited(
        st,
        {
            "seat.0.employees": st.employees[0] + (("SP14", 0),),
            "seat.0.standees": ("SP14",),
        },
    )
    do(st, ("place", "GI1", "SP14"))
    assert ("slot", 0) in st.legal_actions()


def test_get_box_cost_skill_and_discounts_s10_10():
    """§10.10 / §11: box of level L costs L inspiration and needs box skill >= L; SP04 −1; W10 −2."""
    st = mk()
    give(st, inspiration=3)
    do(st, ("place", "GB1"))
    assert [a for a in st.legal_actions() if a[0] == "buy"] == [("buy", "box", 1)]
    do(st, ("buy", "box", 1))
    assert st.production[0] == (1, 0, 0) and st.resources[0][I] == 2 and st.supply[0][0] == 8
    st = mk()
    st = edited(
        st,
        {
            "seat.0.permanent": (2, 0, 0),
            "seat.0.employees": st.employees[0] + (("SP04", 0),),
            "seat.0.standees": ("SP04",),
            "seat.0.wow": "W10",
        },
    )
    give(st, inspiration=0)
    do(st, ("place", "GB1", "SP04"))
    assert ("buy", "box", 3) in st.legal_actions()  # 3 − 1 − 2 = 0
    do(st, ("buy", "box", 3))
    assert st.production[0][0] == 3


def test_get_box_slot_filled_blocks_s11():
    """§11: you cannot buy a piece whose slot is already filled."""
    st = mk()
    st = edited(
        st,
        {
            "seat.0.production": (1, 0, 0),
        },
    )
    give(st, inspiration=5)
    do(st, ("place", "GB1"))
    assert st.legal_actions() == [("decline",)]


def test_get_part_exactly_one_piece_sp08_w3_s10_11():
    """§10.11: a mechanism for L playtest or a component for L research; SP08 interchange; W3 −2."""
    st = mk()
    give(st, research=1, playtest=0)
    do(st, ("place", "GP1"))
    assert [a for a in st.legal_actions() if a[0] == "buy"] == [("buy", "component", 1)]
    st = mk()
    st = edited(
        st,
        {
            "seat.0.employees": st.employees[0] + (("SP08", 0),),
            "seat.0.standees": ("SP08",),
        },
    )
    give(st, research=1)
    do(st, ("place", "GP1", "SP08"))
    assert ("buy", "mechanism", 1) in st.legal_actions()
    do(st, ("buy", "mechanism", 1))
    assert st.resources[0][R] == 0 and st.production[0][1] == 1
    st = mk()
    st = edited(
        st,
        {
            "seat.0.wow": "W3",
            "seat.0.permanent": (0, 0, 1),
        },
    )
    do(st, ("place", "GP1"))
    assert ("buy", "component", 2) in st.legal_actions()


def test_upgrade_one_step_skips_sold_out_cost_time_s10_12():
    """§10.12: 1 time safety cost; the next level in stock (a jump counts as one step); the old
    piece returns to supply (AMB-11); skills are not checked."""
    st = mk()
    give(st, time=1)
    st = edited(
        st,
        {
            "seat.0.production": (1, 0, 0),
        },
    )
    st.supply[0] = (st.supply[0][0], 0) + st.supply[0][2:]
    do(st, ("place", "UPB"))
    assert st.production[0][0] == 3 and st.resources[0][T] == 0
    assert st.supply[0][0] == 10 and st.supply[0][2] == 6


def test_upgrade_cap_and_pow_ban_and_sp06_s10_12():
    """§10.12 cap 4; P13 forbids a level-4 box; SP06 upgrades up to 2 steps (the second chosen)."""
    st = mk()
    give(st, time=1)
    st = edited(
        st,
        {
            "seat.0.production": (3, 0, 0),
            "seat.0.pow": "P13",
        },
    )
    do(st, ("place", "UPB"))
    assert st.production[0][0] == 3
    st = mk()
    st = edited(
        st,
        {
            "seat.0.employees": st.employees[0] + (("SP06", 0),),
            "seat.0.standees": ("SP06",),
            "seat.0.production": (0, 1, 0),
        },
    )
    do(st, ("place", "UPM", "SP06"), ("upgrade", "mechanism"))
    assert st.production[0][1] == 3


def test_publish_needs_complete_game_sp13_s10_13():
    """§10.13: box + mechanism + component move to published; SP13 +$1 +time +inspiration."""
    st = mk()
    st = edited(
        st,
        {
            "seat.0.production": (1, 2, 0),
        },
    )
    do(st, ("place", "PB1"))
    assert st.published[0] == () and st.production[0] == (1, 2, 0)
    st = mk()
    st = edited(
        st,
        {
            "seat.0.production": (1, 2, 3),
            "seat.0.employees": st.employees[0] + (("SP13", 0),),
            "seat.0.standees": ("SP13",),
        },
    )
    do(st, ("place", "PB1", "SP13"))
    assert (
        st.published[0] == ((1, 2, 3),) and st.production[0] == (0, 0, 0) and st.resources[0][:3] == [1, 1, 1]
    )


def test_award_seed_example_and_sp05_s10_14():
    """§10.14 seed example: AC1 level 1 needs (2,2,1) and scores 9 VP; '>=' per AMB-10;
    SP05 lowers one element by 1."""
    st = mk()
    st = edited(
        st,
        {
            "seat.0.award_card": "AC1",
            "seat.0.published": ((2, 2, 1), (3, 1, 1)),
        },
    )
    do(st, ("place", "AW1"))
    opts = [a for a in st.legal_actions() if a[0] == "award"]
    assert opts == [("award", 1, 0)]
    do(st, ("award", 1, 0))
    assert st.awards[0] == ((1, (2, 2, 1)),) and st.shelf == [2, 3, 3]
    assert st.final_breakdown(0)["awards"] == 9
    assert st.final_breakdown(0)["published"] == 5  # the awarded game no longer scores
    st = mk()
    st = edited(
        st,
        {
            "seat.0.award_card": "AC1",
            "seat.0.published": ((2, 1, 1),),
            "seat.0.employees": st.employees[0] + (("SP05", 0),),
            "seat.0.standees": ("SP05",),
        },
    )
    do(st, ("place", "AW1", "SP05"))
    assert ("award", 1, 0) in st.legal_actions()


def test_trade_seed_example_s10_15():
    """§10.15 seed example: 3 time become 3 $, and 1 playtest becomes 1 research."""
    st = mk()
    give(st, time=3, playtest=1)
    do(st, ("place", "TD1"))
    assert st.resources[0][D] == 1  # TD1 bonus
    do(st, ("swap", "time", "dollar", 3), ("swap", "playtest", "research", 1), ("stop",))
    assert st.resources[0] == [4, 0, 0, 1, 0]


def test_objective_keep_one_or_two_s10_16():
    """§10.16: reveal 4, keep 0-1 (SP01: up to 2); the rest go to the bottom."""
    st = mk()
    rev = st.objective_deck[-1:-5:-1]
    do(st, ("place", "OB1"))
    assert st.legal_actions() == [("keep", c) for c in rev] + [("stop",)]
    do(st, ("keep", rev[2]))
    assert st.objectives[0][-1] == rev[2] and not st.stack
    assert st.objective_deck[:3] == [rev[0], rev[1], rev[3]]
    st = mk()
    st = edited(
        st,
        {
            "seat.0.employees": st.employees[0] + (("SP01", 0),),
            "seat.0.standees": ("SP01",),
        },
    )
    rev = st.objective_deck[-1:-5:-1]
    do(st, ("place", "OB1", "SP01"), ("keep", rev[0]), ("keep", rev[1]))
    assert st.objectives[0][-2:] == (rev[0], rev[1])


def test_action_bonus_any_action_no_prediction_s10_17():
    """§10.17: the T6 table seat gives an action bonus: any main-board action, no worker,
    ignoring occupancy (AMB-19), never counting for predictions."""
    st = mk()
    st = edited(
        st,
        {
            "seat.0.hand_employees": ("F06",),
        },
    )
    st.prediction_target[1], st.prediction_cards[1], st.prediction_up[1] = 0, ("research",), (0,)
    st.occupied[st.game.space_by_id["RS1"].idx] = 1
    do(st, ("place", "PC1"), ("play", "F06", 5))
    assert st.legal_actions() == [("do", a) for a in st.game.data.prediction_deck[:0]] + [
        ("do", a)
        for a in (
            "basic_resource",
            "hire_specialist",
            "play_card",
            "train",
            "hire_freelancer",
            "research",
            "playtest",
            "multi_resource",
            "get_item",
            "get_box",
            "get_part",
            "upgrade",
            "publish",
            "award",
            "trade",
            "objective",
        )
    ]
    do(st, ("do", "research"))
    assert st.resources[0][R] == 2 and st.prediction_up[1] == (0,)


def test_freelancer_space_private_no_cost_no_prediction_amb35():
    """§10 freelancer spaces / AMB-35: your own card, one worker, no cost/bonus, no prediction."""
    st = mk()
    st = edited(
        st,
        {
            "seat.0.employees": st.employees[0] + (("F10", 0),),
        },
    )
    st = edited(
        st,
        {
            "seat.1.employees": st.employees[1] + (("F13", 0),),
        },
    )
    st.prediction_target[1], st.prediction_cards[1], st.prediction_up[1] = 0, ("research",), (0,)
    legal = st.legal_actions()
    assert ("freelancer", "F10") in legal and ("freelancer", "F13") not in legal
    do(st, ("freelancer", "F10"))
    assert st.resources[0][R] == 4 and st.prediction_up[1] == (0,)
    finish_turn(st)
    do(st, ("place", "BR"), ("take", "time"))
    finish_turn(st)
    assert ("freelancer", "F10") not in st.legal_actions()


# --------------------------------------------------------------------------- recall §12


def test_recall_moves_hourglass_collects_bonus_spaces_s12_amb06():
    """§12 / AMB-06: move back by workers recalled; collect every bonus space b with new <= b < old
    (research at 21 and the action bonus at 28 here), in order of descent."""
    st = mk()
    st = edited(
        st,
        {
            "turn.hourglass": 29,
            "seat.0.placed": (("m", st.game.space_by_id["BR"].idx),) * 4,
            "seat.0.mumans": 0,
        },
    )
    st = edited(
        st,
        {
            "seat.0.placed": st.placed[0][:2],
            "seat.0.mumans": 2,
            "turn.hourglass": 22,
        },
    )
    do(st, ("recall",))
    assert st.hourglass == 20 and st.resources[0][R] == 1 and st.mumans[0] == 4
    st = mk()
    st = edited(
        st,
        {
            "turn.hourglass": 29,
            "seat.0.placed": (("m", st.game.space_by_id["BR"].idx),),
            "seat.0.mumans": 3,
        },
    )
    do(st, ("recall",))
    assert st.hourglass == 28
    assert st.legal_actions()[0][0] == "do"  # the action bonus at 28 (landing counts)
    st = mk()
    st = edited(
        st,
        {
            "seat.0.placed": (("m", st.game.space_by_id["BR"].idx),),
            "seat.0.mumans": 3,
            "turn.hourglass": 28,
        },
    )
    do(st, ("recall",))
    assert st.hourglass == 27 and not st.stack  # the start space is not collected


def test_end_trigger_plus5_and_last_turns_s12_6_s14_1():
    """§12.6 / §14.1: reaching 0 gives the mover 5 VP; every other seat gets one last turn."""
    st = mk(3)
    st = edited(
        st,
        {
            "turn.hourglass": 1,
        },
    )
    do(st, ("place", "BR"), ("take", "time"))
    finish_turn(st)
    do(st, ("place", "BR"), ("take", "time"))
    finish_turn(st)
    do(st, ("place", "BR"), ("take", "time"))
    finish_turn(st)
    assert st.current_player() == 0
    do(st, ("recall",))
    while st.stack:
        do(st, st.legal_actions()[-1])
    finish_turn(st)
    assert st.end_by == 0 and st.vp[0] == 5 and st.hourglass == 0
    assert st.current_player() == 1
    do(st, ("place", "RS1"))
    finish_turn(st)
    assert st.current_player() == 2
    do(st, ("place", "PT1"))
    finish_turn(st)
    assert st.is_terminal()


# --------------------------------------------------------------------------- predictions §13


def _predict(st, seat, target, actions):
    do(st, ("predict_on", target))
    for a in actions:
        do(st, ("predict", a))
    do(st, ("stop",))


def test_predictions_pay_research_flip_and_reward_s13():
    """§13.1: 1 research per card, 1-4 cards, one target; §13.2: the target's placement flips a
    card; when all are up the reward for the set size is paid (2 cards: 4 VP + 1 level-1)."""
    st = mk()
    give(st, research=3)
    st = edited(
        st,
        {
            "turn.hourglass": 40,
            "seat.0.placed": (("m", st.game.space_by_id["BR"].idx),),
            "seat.0.mumans": 3,
        },
    )
    do(st, ("recall",))
    assert st.legal_actions() == [("predict_on", 1), ("no_predict",)]
    _predict(st, 0, 1, ["research", "playtest"])
    assert st.resources[0][R] == 1 and st.prediction_cards[0] == ("research", "playtest")
    finish_turn(st)
    do(st, ("place", "RS1"))
    assert st.prediction_up[0] == (1, 0)
    finish_turn(st)
    do(st, ("place", "BR"), ("take", "time"))
    finish_turn(st)
    do(st, ("place", "PT1"))
    assert st.current_player() == 0  # seat 0 picks its reward resource
    do(st, ("take", "dollar"))
    assert st.vp[0] == 4 and st.resources[0][D] == 1 and st.prediction_target[0] == -1


def test_prediction_limits_p3_p12_and_one_set_s13_1():
    """§13.1: at most 4 cards; P3 forbids 4, P12 forbids 1."""
    st = mk()
    give(st, research=6)
    st = edited(
        st,
        {
            "seat.0.pow": "P3",
            "seat.0.placed": (("m", 0),),
            "seat.0.mumans": 3,
        },
    )
    do(st, ("recall",), ("predict_on", 1))
    for a in ("research", "playtest", "train"):
        do(st, ("predict", a))
    assert st.legal_actions() == [("stop",)]
    st = mk()
    give(st, research=6)
    st = edited(
        st,
        {
            "seat.0.pow": "P12",
            "seat.0.placed": (("m", 0),),
            "seat.0.mumans": 3,
        },
    )
    do(st, ("recall",), ("predict_on", 1), ("predict", "research"))
    assert ("stop",) not in st.legal_actions()


def test_prediction_bonus_and_w11_s13_2():
    """§10.18 prediction bonus (OB2 space) flips a face-down card; W11 +1 VP per flip."""
    st = mk(3)
    st = edited(
        st,
        {
            "seat.0.wow": "W11",
        },
    )
    st.prediction_target[0], st.prediction_cards[0], st.prediction_up[0] = 1, ("research", "train"), (0, 0)
    give(st, dollar=1)
    do(st, ("place", "OB2"), ("flip", "research"))
    assert st.prediction_up[0] == (1, 0) and st.vp[0] == 1


def test_unfinished_prediction_discarded_at_recall_s13_2():
    st = mk()
    st.prediction_target[0], st.prediction_cards[0], st.prediction_up[0] = 1, ("research", "train"), (1, 0)
    st = edited(
        st,
        {
            "seat.0.placed": (("m", 0),),
            "seat.0.mumans": 3,
        },
    )
    do(st, ("recall",))
    assert st.prediction_target[0] == -1 and st.vp[0] == 0


# --------------------------------------------------------------------------- scoring §14


def test_final_scoring_published_unpublished_seed_example_s14_2():
    """§14.2 seed example: levels 3+2+1 score 6 published and 3 unpublished."""
    st = mk()
    st = edited(
        st,
        {
            "seat.0.objectives": (),
            "seat.0.published": ((3, 2, 1),),
            "seat.0.production": (3, 2, 1),
        },
    )
    b = st.final_breakdown(0)
    assert b["published"] == 6 and b["unpublished"] == 3
    st = edited(
        st,
        {
            "seat.0.production": (1, 0, 0),
        },
    )
    assert st.final_breakdown(0)["unpublished"] == 1  # (1+1)//2, AMB-29


def test_objectives_met_failed_and_modifiers_s14_2_3():
    """§14.2.3: green if met, red if failed; W9 +2 per met; W12 no penalty; P7 −1 per met;
    P8 −1 more per failed; O01 is the seed's 'hold 4 research' (+4/−2)."""
    st = mk()
    st = edited(
        st,
        {
            "seat.0.objectives": ("O01",),
        },
    )
    give(st, research=4)
    assert st.final_breakdown(0)["objectives"] == 4
    give(st, research=3)
    assert st.final_breakdown(0)["objectives"] == -2
    st = edited(
        st,
        {
            "seat.0.pow": "P8",
        },
    )
    assert st.final_breakdown(0)["objectives"] == -3
    st = edited(
        st,
        {
            "seat.0.pow": "",
            "seat.0.wow": "W12",
        },
    )
    assert st.final_breakdown(0)["objectives"] == 0
    st = edited(
        st,
        {
            "seat.0.wow": "W9",
        },
    )
    give(st, research=4)
    assert st.final_breakdown(0)["objectives"] == 6
    st = edited(
        st,
        {
            "seat.0.wow": "FD1",
            "seat.0.pow": "P7",
        },
    )
    assert st.final_breakdown(0)["objectives"] == 3


def test_objective_things_count_once_amb17():
    """§14.2.3 / AMB-17: two objectives needing 4 research need 8; skill totals are not consumed."""
    st = mk()
    st.objectives[0] = ("O01", "O07")  # 4 research; 2 research + 2 playtest
    give(st, research=4, playtest=2)
    assert st.final_breakdown(0)["objectives"] == 4 - 2
    give(st, research=6, playtest=2)
    assert st.final_breakdown(0)["objectives"] == 8
    st.objectives[0] = ("O19", "O19")
    st.item_skills[0] = (3, 0, 0)
    assert st.final_breakdown(0)["objectives"] == 6


def test_freelancer_vp_only_on_table_s14_2_4():
    st = mk()
    st = edited(
        st,
        {
            "seat.0.objectives": (),
            "seat.0.employees": (("F04", 0),),
            "seat.0.hand_employees": ("F14",),
        },
    )
    assert st.final_breakdown(0)["freelancers"] == 3


def test_award_overrides_w1_w4_w5_s14_2_5():
    """§14.2.5: W4 level 1 = 15, W5 level 2 = 18, W1 level 3 = 21."""
    for wow, lv, vp in (("W4", 1, 15), ("W5", 2, 18), ("W1", 3, 21)):
        st = mk()
        st = edited(
            st,
            {
                "seat.0.award_card": "AC1",
                "seat.0.wow": wow,
                "seat.0.awards": ((lv, (4, 4, 4)),),
            },
        )
        assert st.final_breakdown(0)["awards"] == vp
        st = edited(
            st,
            {
                "seat.0.wow": "FD1",
            },
        )
        assert st.final_breakdown(0)["awards"] == st.game.data.awards["AC1"][lv - 1][1]


def test_tie_break_farthest_from_first_player_s14_3():
    """§14.3: equal VP goes to the seat latest in turn order."""
    st = mk(3)
    for s in range(3):
        st = edited(
            st,
            {
                f"seat.{s}.objectives": (),
            },
        )
    st.vp[:] = [5, 5, 3]
    st = edited(
        st,
        {
            "turn.phase": "over",
        },
    )
    assert st.outcome().winners == (1,)


# --------------------------------------------------------------------------- variant §15


def test_card_track_refresh_variant_s15():
    """§15: before a recall the rightmost specialist and freelancer go to the deck bottom; tokens
    stay in the rightmost slot with the card that moves in."""
    st = mk(card_track_refresh=True)
    st.track_tokens["sp"] = st.track_tokens["sp"][:2] + ((1, 0, 0, 0, 0),)
    old = st.tracks["sp"][:]
    top = st.deck["sp"][-1]
    st = edited(
        st,
        {
            "seat.0.placed": (("m", 0),),
            "seat.0.mumans": 3,
        },
    )
    do(st, ("recall",))
    assert st.deck["sp"][0] == old[2]
    assert st.tracks["sp"] == (top, old[0], old[1])
    assert st.track_tokens["sp"][2] == (1, 0, 0, 0, 0)
    st2 = mk()
    before = st2.tracks["sp"][:]
    st2.placed[0] = (("m", 0),)
    st2.mumans[0] = 3
    do(st2, ("recall",))
    assert st2.tracks["sp"] == before


# --------------------------------------------------------------------------- params and data


def test_unknown_mumanbot_level_lists_levels():
    with pytest.raises(ParamError, match="easy, normal, hard, extreme"):
        load_game("tabletop_inc", players=2, mumanbots=("", "brutal"))
    g = load_game("tabletop_inc", players=2)
    with pytest.raises(ParamError, match="easy, normal, hard, extreme"):
        g.with_automaton_seats(["tabletop-heuristic", "mumanbot:brutal"])


def test_params_validation_messages():
    with pytest.raises(ParamError, match="deciding seat"):
        load_game("tabletop_inc", players=2, mumanbots=("easy", "hard"))
    with pytest.raises(ParamError, match="one entry per seat"):
        load_game("tabletop_inc", players=3, mumanbots=("", "hard"))
    with pytest.raises(ParamError, match="founders"):
        load_game("tabletop_inc", players=3, start_cards="random")
    with pytest.raises(ParamError):
        load_game("tabletop_inc", players=7)


def test_with_automaton_seats_and_defaults():
    g = load_game("tabletop_inc", players=2)
    assert g.automaton_seats() == () and g.params.mumanbots == ()
    g2 = g.with_automaton_seats(["tabletop-heuristic", "mumanbot:hard"])
    assert g2.params.mumanbots == ("", "hard") and g2.automaton_seats() == (1,)
    g3 = load_game("tabletop_inc", players=2, mumanbots=("", "hard"))
    assert g3 == g2


def test_broken_data_file_names_file_and_field(tmp_path):
    src = TabletopGame.data_dir
    dst = tmp_path / "data"
    shutil.copytree(src, dst)
    text = (dst / "zap.toml").read_text().replace('action = "objective"', 'action = "nap"', 1)
    (dst / "zap.toml").write_text(text)
    with pytest.raises(DataError) as err:
        load_data(dst)
    assert "zap.toml" in str(err.value) and "action" in str(err.value)
    shutil.copy(src / "zap.toml", dst / "zap.toml")
    text = (dst / "awards.toml").read_text().replace("vp = 9", "vp = -9", 1)
    (dst / "awards.toml").write_text(text)
    with pytest.raises(DataError, match="awards.toml.*level1.vp"):
        load_data(dst)


def test_data_files_marked_placeholder_s19():
    for path in sorted(TabletopGame.data_dir.glob("*.toml")):
        head = path.read_text().splitlines()[0]
        assert "PLACEHOLDER" in head
        assert "placeholder = true" in path.read_text()


def test_illegal_action_leaves_state_unchanged():
    st = mk()
    with pytest.raises(IllegalActionError):
        st.apply_action(("place", "HS2"))
    assert st.resources[0] == [0, 0, 0, 0, 0] and st.mumans[0] == 4


def test_first_player_param_seat_bonus_and_tie_break_s5_17_s14_3():
    """§5.17: the first player is configurable [R]; seat bonuses and the tie-break count from it
    (AMB-15 lets a solo human go first while sitting in seat 1)."""
    st = mk(3, first_player=2)
    assert st.current_player() == 2
    assert [st.resources[s][D] for s in range(3)] == [1, 2, 0]
    for s in range(3):
        st = edited(
            st,
            {
                f"seat.{s}.objectives": (),
            },
        )
    st.vp[:] = [5, 5, 5]
    st = edited(
        st,
        {
            "seat.resources": [[0] * 5 for _ in range(3)],
            "turn.phase": "over",
        },
    )
    assert st.outcome().winners == (1,)  # seat 1 is last in turn order
    with pytest.raises(ParamError, match="first_player"):
        mk(2, first_player=2)


def test_seed_upgrade_example_box_beyond_skill_s10_12():
    """Seed example (§10.12): a level-2 box with only 2 box skill goes to level 3 on the
    left-most upgrade space (UPB)."""
    st = mk()
    st = edited(
        st,
        {
            "seat.0.permanent": (1, 0, 0),
            "seat.0.production": (2, 0, 0),
        },
    )
    give(st, time=1)
    assert st.skills(0)[0] == 2
    do(st, ("place", "UPB"))
    assert st.production[0][0] == 3


def test_seed_objective_example_hold_3_dollar_3_inspiration_s19_5():
    """Seed example: an objective needing 3 $ and 3 inspiration at the end (O02, +5/−2 here);
    those tokens cannot also satisfy another objective (O05: hold 5 $)."""
    st = mk()
    st = edited(
        st,
        {
            "seat.0.objectives": ("O02",),
        },
    )
    give(st, dollar=3, inspiration=3)
    assert st.final_breakdown(0)["objectives"] == 5
    st = edited(
        st,
        {
            "seat.0.objectives": ("O02", "O05"),
        },
    )
    give(st, dollar=5, inspiration=3)
    assert st.final_breakdown(0)["objectives"] == 5 - 1  # 5 $ cannot serve both
    give(st, dollar=8, inspiration=3)
    assert st.final_breakdown(0)["objectives"] == 8


# -------------------------------------------------------------------- choices the rules give the player


def _three_face_down(st, s=0):
    st.prediction_target[s], st.prediction_cards[s], st.prediction_up[s] = (
        1,
        ("research", "train", "award"),
        (0, 0, 0),
    )


def _crystal_ball(st, source):
    """Trigger a prediction bonus for seat 0 from one of the cards or spaces that carry one;
    the state after it (a scenario's card is given through a position: a new state)."""
    if source == "OB2":  # placement bonus of the Objective space
        give(st, dollar=1)
        do(st, ("place", "OB2"))
    elif source in ("F04", "F11"):
        st = edited(
            st,
            {
                "seat.0.employees": st.employees[0] + ((source, 0),),
            },
        )
        do(st, ("freelancer", source))
    elif source == "S23":  # the skill card's tuck benefit
        st = edited(
            st,
            {
                "seat.0.hand_skills": ("S23",),
            },
        )
        do(st, ("tuck", "S23", st.wow[0]))
    else:
        st = edited(
            st,
            {
                "seat.0.hand_items": (source,),
            },
        )
        do(st, ("item", source))
    return st


@pytest.mark.parametrize("source,flips", [("OB2", 1), ("F04", 1), ("S23", 1), ("F11", 2), ("I17", 2)])
def test_crystal_ball_turns_up_the_card_of_the_players_choice_s10_18(source, flips):
    """§10.18 / §13.2: a prediction bonus turns up the face-down card *of the player's choice*
    (OB2, F04, F11, S23, I17), one decision per card, not always the first card."""
    st = mk(3)
    _three_face_down(st)
    st = _crystal_ball(st, source)
    assert st.current_player() == 0
    assert st.legal_actions() == [("flip", "research"), ("flip", "train"), ("flip", "award")]
    do(st, ("flip", "award"))
    if flips == 2:
        assert st.legal_actions() == [("flip", "research"), ("flip", "train")]
        do(st, ("flip", "train"))
    assert st.prediction_up[0] == ((0, 0, 1) if flips == 1 else (0, 1, 1))
    if source == "OB2":
        assert st.stack[-1][0] == "obj"  # then the Objective action itself (§7.2)


def test_crystal_ball_asks_only_when_there_is_a_choice_s10_18():
    """§10.18: with one face-down card (or as many flips as face-down cards) there is nothing to
    choose: the cards turn at once, and a completed set pays its reward (§13.2); none = wasted."""
    st = mk(3)
    st.prediction_target[0], st.prediction_cards[0], st.prediction_up[0] = 1, ("research", "train"), (1, 0)
    st = _crystal_ball(st, "F04")
    assert st.prediction_target[0] == -1 and st.vp[0] == st.game.data.prediction_rewards[2][0]
    st = mk(3)
    st.prediction_target[0], st.prediction_cards[0], st.prediction_up[0] = (
        1,
        ("research", "train", "award"),
        (1, 0, 0),
    )
    st = _crystal_ball(st, "F11")
    assert st.prediction_target[0] == -1 and not any(t[0] == "flip" for t in st.stack)
    st = mk(3)
    st = _crystal_ball(st, "F04")
    assert not st.stack and st.prediction_target[0] == -1


@pytest.mark.parametrize("how,piece", [("SP06", 1), ("I08", 2), ("I09", 1), ("I10", 0)])
def test_up_to_two_upgrade_steps_are_one_or_two_by_choice_s10_12_s16_4(how, piece):
    """§10.12 / §16.4 / §19.7: SP06 on its Upgrade space and the items I08-I10 upgrade "up to 2
    steps": after the first step the player may take the second or stop; no question when a
    second step is impossible."""
    name = ("box", "mechanism", "component")[piece]

    def start(level):
        st = mk()
        st = edited(
            st,
            {
                "seat.0.production": st.production[0][:piece] + (level,) + st.production[0][piece + 1 :],
            },
        )
        if how == "SP06":
            st = edited(
                st,
                {
                    "seat.0.employees": st.employees[0] + (("SP06", 0),),
                    "seat.0.standees": ("SP06",),
                },
            )
            do(st, ("place", "UPM", "SP06"))
        else:
            st = edited(
                st,
                {
                    "seat.0.hand_items": (how,),
                },
            )
            do(st, ("item", how))
        return st

    st = start(1)
    assert st.production[0][piece] == 2
    assert st.legal_actions() == [("upgrade", name), ("stop",)]
    do(st, ("stop",))
    assert st.production[0][piece] == 2 and not st.stack
    st = start(1)
    do(st, ("upgrade", name))
    assert st.production[0][piece] == 3 and not st.stack
    st = start(3)
    assert st.production[0][piece] == 4 and not st.stack  # level 4 is the cap: one step only


def test_solo_human_is_the_first_player_even_when_the_bot_sits_first_amb15():
    """AMB-15: in a solo game the human is the first player.  With the Mumanbot in seat 0 and
    default settings the human still moves first and takes no second-seat $1; the bot moves
    second (its seat bonus has no VP part) and the tie-break counts from the human."""
    g = load_game("tabletop_inc", players=2, mumanbots=("hard", ""))
    st = g.new_initial_state(0)
    assert g.first == 1 and st.current_player() == 1
    assert st.resources[1] == [0, 0, 0, 0, 0] and st.vp == [0, 0]
    assert len(st.zap_deck) == 20 and st.mumans[0] == 4  # the bot has not moved yet
    do(st, ("place", "BR"), ("take", "time"))
    finish_turn(st)
    assert len(st.zap_deck) == 19 and st.current_player() == 1
    assert [sc[1] for sc in st.scores()] == [1, 0]  # the bot is later in turn order
    st3 = load_game("tabletop_inc", players=3, mumanbots=("easy", "hard", "")).new_initial_state(0)
    assert st3.current_player() == 2 and st3.resources[2][D] == 0
    assert load_game("tabletop_inc", players=3, mumanbots=("hard", "", "")).first == 1
    rotated = load_game("tabletop_inc", players=2).with_automaton_seats(["mumanbot:hard", "human"])
    assert rotated.first == 1
    with pytest.raises(ParamError, match="AMB-15"):
        load_game("tabletop_inc", players=2, mumanbots=("hard", ""), first_player=0)


def test_interchangeable_payment_is_split_as_the_player_chooses_amb13():
    """§16.2 W6-W8 / AMB-13: how a cost is split between two interchangeable resources is the
    payer's choice, asked only when more than one split is possible; on a space the cost is
    paid before the placement bonus arrives (§7.2)."""
    st = mk()
    st = edited(
        st,
        {
            "seat.0.wow": "W6",  # time <-> inspiration
        },
    )
    give(st, time=1, inspiration=1)
    do(st, ("place", "HS2"))  # costs 1 inspiration, gives 1 research
    assert st.legal_actions() == [("pay", "time", 0, "inspiration", 1), ("pay", "time", 1, "inspiration", 0)]
    assert st.resources[0][R] == 0
    do(st, ("pay", "time", 1, "inspiration", 0))
    assert st.resources[0][:4] == [0, 0, 1, 1] and st.stack[-1][0] == "track"
    st = mk()
    st = edited(
        st,
        {
            "seat.0.wow": "W6",
        },
    )
    give(st, time=1)
    do(st, ("place", "HS2"))  # only one way to pay: no question
    assert st.resources[0][T] == 0 and st.stack[-1][0] == "track"
    st = mk()
    st.wow[0], st.pow[0] = "W8", "P10"  # $ <-> time; P10 costs 4 time to remove
    give(st, dollar=1, time=4)
    do(st, ("remove_pow",))
    assert st.pow[0] == ""
    assert st.legal_actions() == [("pay", "dollar", 0, "time", 4), ("pay", "dollar", 1, "time", 3)]
    do(st, ("pay", "dollar", 1, "time", 3))
    assert st.resources[0][:2] == [0, 1] and st.phase == "main"


def test_sp08_research_and_playtest_split_is_a_choice_s16_4():
    """§16.4 SP08: research and playtest are interchangeable to pay for a part: the split is
    the player's (here 2 playtest for a level-2 mechanism, paid 2/0, 1/1 or 0/2)."""
    st = mk()
    st = edited(
        st,
        {
            "seat.0.permanent": (0, 1, 0),
            "seat.0.employees": st.employees[0] + (("SP08", 0),),
            "seat.0.standees": ("SP08",),
        },
    )
    give(st, research=2, playtest=2)
    do(st, ("place", "GP1", "SP08"), ("buy", "mechanism", 2))
    assert st.legal_actions() == [("pay", "research", x, "playtest", 2 - x) for x in range(3)]
    do(st, ("pay", "research", 2, "playtest", 0))
    assert st.resources[0][R:] == [0, 2] and st.production[0][1] == 2


def test_trading_goes_on_in_the_free_window_after_the_action_amb30():
    """AMB-30: the Trade action's "any number of swaps this turn" also runs in the free window
    after the action: resources that arrive later (an item here) can be traded too.  The window
    does not ask again when nothing changed since trading stopped, and closes with the turn."""
    st = mk()
    give(st, time=3)
    do(st, ("place", "TD1"), ("swap", "time", "dollar", 3), ("stop",))
    assert st.current_player() == 1  # nothing new to trade: the turn ended
    st = mk()
    give(st, time=3)
    st = edited(
        st,
        {
            "seat.0.hand_items": ("I02",),  # gain $4
        },
    )
    do(st, ("place", "TD1"), ("swap", "time", "dollar", 3), ("stop",))
    legal = st.legal_actions()
    assert ("item", "I02") in legal and ("end_turn",) in legal
    assert ("swap", "dollar", "time", 1) not in legal  # not straight back within one run
    do(st, ("item", "I02"))
    assert st.resources[0][D] == 8 and ("swap", "dollar", "inspiration", 5) in st.legal_actions()
    do(st, ("swap", "dollar", "inspiration", 5))
    assert st.resources[0][:3] == [3, 0, 5] and ("end_turn",) in st.legal_actions()
    do(st, ("end_turn",))
    do(st, ("place", "BR"), ("take", "time"))
    finish_turn(st)
    assert not any(a[0] == "swap" for a in st.legal_actions())  # a new turn: no trading
