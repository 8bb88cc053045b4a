"""Tabletop Inc. card effects: every freelancer (§16.1), WOW (§16.2), POW (§16.3),
specialist (§16.4) and item (§16.5 / §19.7)."""

import pytest

import automa.rules.tabletop_inc  # noqa: F401
from automa.rules.core import load_game
from automa.rules.tabletop_inc import resolution

D, T, I, R, P = range(5)  # noqa: E741  (the resources' printed initials)
ALL_ACTIONS = (
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


def mk(n=2, **kw):
    return load_game("tabletop_inc", players=n, **kw).new_initial_state(0)


def do(st, *actions):
    for a in actions:
        st.apply_action(a)
    return st


def use_freelancer(st, card, seat=0):
    st.employees[seat] += ((card, 0),)
    do(st, ("freelancer", card))
    return st


# --------------------------------------------------------------------------- freelancers §16.1


def test_f01_five_level1_resources():
    st = use_freelancer(mk(), "F01")
    for _ in range(5):
        assert ("stop",) not in st.legal_actions()
        do(st, ("take", "time"))
    assert st.resources[0][T] == 5


def test_f02_copies_any_freelancer_not_f02():
    st = mk()
    st.employees[1] += (("F16", 0),)
    st.employees[0] += (("F02", 1),)
    do(st, ("freelancer", "F02"))
    assert ("copy", "F02") not in st.legal_actions() and ("copy", "F16") in st.legal_actions()
    do(st, ("copy", "F16"))
    assert st.vp[0] == 4


@pytest.mark.parametrize("card", ["F03", "F05", "F12"])
def test_f03_f05_f12_upgrade_two_steps_on_up_to_two_pieces(card):
    st = mk()
    st.production[0] = (1, 1, 0)
    use_freelancer(st, card)
    do(st, ("upgrade", "box"), ("upgrade", "mechanism"))
    assert st.production[0] == (2, 2, 0) and not st.stack


@pytest.mark.parametrize("card,flips", [("F04", 1), ("F11", 2)])
def test_f04_f11_turn_prediction_cards_face_up(card, flips):
    st = mk(3)
    st.prediction_target[0], st.prediction_cards[0], st.prediction_up[0] = (
        1,
        ("train", "award", "trade"),
        (0, 0, 0),
    )
    use_freelancer(st, card)
    do(st, *[("flip", c) for c in ("trade", "train")[:flips]])
    assert sum(st.prediction_up[0]) == flips and st.prediction_up[0][2] == 1


@pytest.mark.parametrize("card,vp", [("F06", 3), ("F14", 2), ("F16", 4)])
def test_f06_f14_f16_vp_now(card, vp):
    assert use_freelancer(mk(), card).vp[0] == vp


def test_f07_any_action_free_no_prediction():
    st = mk()
    st.prediction_target[1], st.prediction_cards[1], st.prediction_up[1] = 0, ("playtest",), (0,)
    use_freelancer(st, "F07")
    assert st.legal_actions() == [("do", a) for a in ALL_ACTIONS]
    do(st, ("do", "playtest"))
    assert st.resources[0][P] == 2 and st.prediction_up[1] == (0,)


def test_f07_is_not_doubled_by_w13_amb14():
    st = mk()
    st.wow[0] = "W13"
    use_freelancer(st, "F07")
    do(st, ("do", "research"))
    assert not st.stack and st.resources[0][R] == 2


def test_f08_objective_keep_two():
    st = mk()
    rev = st.objective_deck[-1:-5:-1]
    use_freelancer(st, "F08")
    do(st, ("keep", rev[0]), ("keep", rev[1]))
    assert st.objectives[0][-2:] == tuple(rev[:2])


def test_f09_get_item_twice_paying_each_time():
    st = mk()
    use_freelancer(st, "F09")
    do(st, ("slot", 3))
    assert st.stack and st.stack[-1][0] == "track"
    do(st, ("slot", 3))
    assert len(st.hand_items[0]) == 2


@pytest.mark.parametrize("card,idx", [("F10", R), ("F13", P)])
def test_f10_f13_gain_four(card, idx):
    assert use_freelancer(mk(), card).resources[0][idx] == 4


def test_f15_up_to_three_research_or_playtest():
    st = use_freelancer(mk(), "F15")
    do(st, ("take", "research"), ("take", "playtest"), ("stop",))
    assert st.resources[0][R] == 1 and st.resources[0][P] == 1


def test_f15_skill_and_vp_from_seed():
    eff, _amt, skills, vp = mk().game.data.freelancers["F15"]
    assert skills == (0, 1, 0) and vp == 3


# --------------------------------------------------------------------------- WOW §16.2


@pytest.mark.parametrize("wow,level,vp", [("W1", 3, 21), ("W4", 1, 15), ("W5", 2, 18)])
def test_w1_w4_w5_award_overrides(wow, level, vp):
    st = mk()
    st.wow[0] = wow
    st.awards[0] = ((level, (4, 4, 4)),)
    assert st.final_breakdown(0)["awards"] == vp


def test_w2_skills_start_at_two_amb24():
    st = mk()
    st.wow[0] = "W2"
    assert st.skills(0) == [2, 2, 2]


def test_w3_component_two_cheaper():
    st = mk()
    st.wow[0] = "W3"
    st.item_skills[0] = (0, 0, 2)
    do(st, ("place", "GP1"))
    # no research held: level 2 costs 2 − 2 = 0, level 3 would cost 1
    assert ("buy", "component", 2) in st.legal_actions()
    assert ("buy", "component", 3) not in st.legal_actions()


def test_w3_exact_costs():
    st = mk()
    st.wow[0] = "W3"
    assert resolution.piece_cost(st, 0, 2, 3, 0) == (0, 0, 0, 1, 0)
    assert resolution.piece_cost(st, 0, 2, 1, 0) == (0, 0, 0, 0, 0)


@pytest.mark.parametrize("wow,a,b", [("W6", T, I), ("W7", D, I), ("W8", D, T)])
def test_w6_w7_w8_interchange_for_payments_amb13(wow, a, b):
    st = mk()
    st.wow[0] = wow
    cost = [0] * 5
    cost[a] = 2
    st.resources[0] = [0] * 5
    st.resources[0][b] = 2
    assert st.can_pay(0, tuple(cost))
    st.pay(0, tuple(cost))
    assert st.resources[0] == [0] * 5
    st.wow[0] = "FD1"
    st.resources[0][b] = 2
    assert not st.can_pay(0, tuple(cost))


def test_w6_not_for_objectives_amb13():
    st = mk()
    st.wow[0] = "W6"
    st.objectives[0] = ("O04",)  # hold 5 time
    st.resources[0] = [0, 0, 5, 0, 0]
    assert st.final_breakdown(0)["objectives"] < 0


def test_w9_w12_objective_modifiers():
    st = mk()
    st.objectives[0] = ("O01", "O05")
    st.resources[0] = [0, 0, 0, 4, 0]
    st.wow[0] = "W9"
    assert st.final_breakdown(0)["objectives"] == 4 + 2 - 1
    st.wow[0] = "W12"
    assert st.final_breakdown(0)["objectives"] == 4


def test_w10_box_two_cheaper():
    st = mk()
    st.wow[0] = "W10"
    assert resolution.piece_cost(st, 0, 0, 3, 0) == (0, 0, 1, 0, 0)
    assert resolution.piece_cost(st, 0, 0, 3, 1) == (0, 0, 0, 0, 0)  # stacks with SP04, min 0


def test_w11_vp_per_flip_even_if_set_fails():
    st = mk()
    st.wow[0] = "W11"
    st.prediction_target[0], st.prediction_cards[0], st.prediction_up[0] = 1, ("research", "train"), (0, 0)
    st.turn = 1
    do(st, ("place", "RS1"))
    assert st.vp[0] == 1


def test_w13_action_bonus_twice():
    st = mk()
    st.wow[0] = "W13"
    st.hand_items[0] = ("I11",)
    do(st, ("item", "I11"), ("do", "research"))
    assert st.legal_actions()[0][0] == "do"
    do(st, ("do", "playtest"))
    assert st.resources[0][R] == 2 and st.resources[0][P] == 2


# --------------------------------------------------------------------------- POW §16.3


@pytest.mark.parametrize("pow_,piece", [("P1", 2), ("P11", 1), ("P13", 0)])
def test_p1_p11_p13_no_level4_piece(pow_, piece):
    st = mk()
    st.pow[0] = pow_
    st.production[0] = st.production[0][:piece] + (3,) + st.production[0][piece + 1 :]
    assert not resolution.can_upgrade(st, 0, piece)
    st.pow[0] = ""
    assert resolution.can_upgrade(st, 0, piece)


@pytest.mark.parametrize("pow_,banned", [("P2", "inspiration"), ("P10", "dollar"), ("P14", "time")])
def test_p2_p10_p14_token_bans(pow_, banned):
    st = mk()
    st.pow[0] = pow_
    st.resources[0] = [1, 1, 1, 0, 0]
    do(st, ("place", "HS1"), ("slot", 1))
    assert ("token", banned) not in st.legal_actions()
    assert len(st.legal_actions()) == 2


def test_p3_p12_prediction_limits():
    st = mk()
    st.pow[0] = "P3"
    assert resolution.pred_min_max(st, 0) == (1, 3)
    st.pow[0] = "P12"
    assert resolution.pred_min_max(st, 0) == (2, 4)


@pytest.mark.parametrize("pow_,level", [("P5", 1), ("P4", 2), ("P6", 3)])
def test_p4_p5_p6_award_level_bans(pow_, level):
    st = mk()
    st.award_card[0] = "AC1"
    st.published[0] = ((4, 4, 4),)
    st.pow[0] = pow_
    levels = {a[1] for a in resolution.award_options(st, 0, 0)}
    assert levels == {1, 2, 3} - {level}


def test_p7_p8_objective_modifiers():
    st = mk()
    st.objectives[0] = ("O01", "O05")
    st.resources[0] = [0, 0, 0, 4, 0]
    st.pow[0] = "P7"
    assert st.final_breakdown(0)["objectives"] == 3 - 1
    st.pow[0] = "P8"
    assert st.final_breakdown(0)["objectives"] == 4 - 2


def test_p9_max_four_employees():
    st = mk()
    st.pow[0] = "P9"
    st.employees[0] = (("F01", 0), ("F03", 1), ("F04", 2), ("F06", 3))
    st.hand_employees[0] = ("F10",)
    do(st, ("place", "PC1"))
    assert st.legal_actions() == [("decline",)]


def test_pow_removal_frees_slot_s6():
    """§6: remove a POW by paying its cost; the slot can then hold an employee (§8.2)."""
    st = mk()
    st.pow[0] = "P9"
    st.resources[0] = [5, 0, 0, 0, 0]
    assert ("remove_pow",) in st.legal_actions()
    do(st, ("remove_pow",))
    assert st.pow[0] == "" and st.resources[0][D] == 0
    st.hand_employees[0] = ("F10",)
    do(st, ("place", "PC1"))
    assert ("play", "F10", 6) in st.legal_actions()


# --------------------------------------------------------------------------- specialists §16.4


@pytest.mark.parametrize(
    "sp,action",
    [
        ("SP01", "objective"),
        ("SP02", "research"),
        ("SP03", "multi_resource"),
        ("SP04", "get_box"),
        ("SP05", "award"),
        ("SP06", "upgrade"),
        ("SP07", "playtest"),
        ("SP08", "get_part"),
        ("SP09", "train"),
        ("SP10", "play_card"),
        ("SP11", "hire_freelancer"),
        ("SP12", "hire_specialist"),
        ("SP13", "publish"),
        ("SP14", "get_item"),
    ],
)
def test_specialist_linked_action_waives_safety_cost(sp, action):
    """§16.4: each specialist's linked action; on it the safety cost is waived (and the benefit
    applies; the benefits are checked in test_tabletop_inc_rules)."""
    st = mk(5)
    assert st.game.data.specialists[sp][0] == action
    st.employees[0] += ((sp, 0),)
    st.standees[0] = (sp,)
    st.mumans[0] = 0
    st.resources[0] = [0] * 5
    costly = [s for s in st.game.spaces_by_action[action] if any(s.cost)]
    for s in costly:
        assert ("place", s.id, sp) in st.legal_actions()


def test_sp11_hire_freelancer_any_slot_free_keeps_tokens_amb28():
    st = mk()
    st.employees[0] += (("SP11", 0),)
    st.standees[0] = ("SP11",)
    st.track_tokens["fl"] = ((0, 0, 0, 1, 0),) + st.track_tokens["fl"][1:]
    card = st.tracks["fl"][0]
    do(st, ("place", "HF1", "SP11"), ("slot", 0))
    assert st.hand_employees[0] == (card,) and st.resources[0][R] == 1


def test_benefits_never_apply_without_the_standee_s7_3():
    st = mk()
    st.employees[0] += (("SP02", 0),)
    st.standees[0] = ("SP02",)
    do(st, ("place", "RS1"))  # a muman, not the standee
    assert st.resources[0][R] == 2


# --------------------------------------------------------------------------- items §16.5 / §19.7


@pytest.mark.parametrize(
    "item,idx,amount", [("I01", I, 4), ("I02", D, 4), ("I03", T, 4), ("I04", R, 3), ("I05", P, 3)]
)
def test_resource_items(item, idx, amount):
    st = mk()
    st.hand_items[0] = (item,)
    do(st, ("item", item))
    assert st.resources[0][idx] == amount and st.deck["it"][0] == item  # bottom of the item deck


def test_i06_hire_specialist_then_play_card():
    st = mk()
    st.hand_items[0] = ("I06",)
    card = st.tracks["sp"][2]
    do(st, ("item", "I06"), ("slot", 2), ("play", card, 0))
    assert (card, 0) in st.employees[0] and card in st.standees[0]


def test_i07_hire_freelancer_then_play_card():
    st = mk()
    st.hand_items[0] = ("I07",)
    card = st.tracks["fl"][2]
    do(st, ("item", "I07"), ("slot", 2), ("play", card, 3))
    assert (card, 3) in st.employees[0]


@pytest.mark.parametrize("item,piece", [("I08", 2), ("I09", 1), ("I10", 0)])
def test_upgrade_items_two_steps(item, piece):
    st = mk()
    st.production[0] = st.production[0][:piece] + (1,) + st.production[0][piece + 1 :]
    st.hand_items[0] = (item,)
    do(st, ("item", item), ("upgrade", ("box", "mechanism", "component")[piece]))
    assert st.production[0][piece] == 3


@pytest.mark.parametrize("item", ["I11", "I12"])
def test_action_bonus_items(item):
    st = mk()
    st.hand_items[0] = (item,)
    do(st, ("item", item))
    assert st.legal_actions() == [("do", a) for a in ALL_ACTIONS]


@pytest.mark.parametrize("item,bonus", [("I13", [1, 1, 0]), ("I14", [0, 1, 1]), ("I15", [1, 0, 1])])
def test_permanent_skill_items_amb12(item, bonus):
    st = mk()
    st.hand_items[0] = (item,)
    do(st, ("item", item))
    assert st.skills(0) == [1 + b for b in bonus]


def test_i16_vp_i17_prediction_bonus_twice():
    st = mk()
    st.hand_items[0] = ("I16", "I17")
    st.prediction_target[0], st.prediction_cards[0], st.prediction_up[0] = (
        1,
        ("research", "train", "award"),
        (0, 0, 0),
    )
    do(st, ("item", "I16"), ("item", "I17"), ("flip", "research"), ("flip", "train"))
    assert st.vp[0] == 3 and st.prediction_up[0] == (1, 1, 0)


@pytest.mark.parametrize("item,task", [("I18", "trade"), ("I19", "train"), ("I20", "obj")])
def test_free_action_items(item, task):
    st = mk()
    st.resources[0] = [1, 1, 1, 1, 1]
    st.hand_items[0] = (item,)
    do(st, ("item", item))
    assert st.stack[-1][0] == task
