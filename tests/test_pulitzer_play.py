"""Pulitzer: events (§11), whole games with the heuristic bot, hidden information."""

import random

import automa.rules.pulitzer  # noqa: F401
import pytest
from automa.rules.core import load_game
from automa.rules.position import edited
from automa.rules.pulitzer.bots import HeuristicBot
from automa.rules.pulitzer.state import EV, R_EV2, R_EV4, T_ED
from automa.rules.tuples import tuple_with


def with_event(name, players=3, seed=3):
    """The set-up of `seed` with the event `name` face up (a position: the card leaves the deck)."""
    g = load_game("pulitzer", players=players, events=True)
    event = next(i for i, e in enumerate(g.data.events) if e[0] == EV[name])
    return g, edited(g.new_initial_state(seed), {"decks.event": event})


def resolve_from(st, step):
    """The resolution from `step` on: a position with placing over and nothing pending, which
    the engine runs to its next decision."""
    changes = {"round.placing": False, "round.revealed": True, "pending.decision": None}
    return edited(st, {**changes, "pending.step": step, "pending.i": 0, "pending.j": 0})


def test_no_event_in_round_1_then_one_per_round_9_2():
    """§5.1 step 5 / §9 step 2: no event in round 1; later rounds reveal one."""
    g = load_game("pulitzer", players=3, events=True)
    st = g.new_initial_state(1)
    assert st.event == -1
    rng = random.Random(1)
    while st.round == 1:
        st.apply_action(st.random_action(rng))
    assert st.event >= 0 and len(st.ev_deck) == len(g.data.events) - 1


def test_thanksgiving_pays_by_ordinal_R16():
    """§11 #4 / R-16: 1st / 2nd / 3rd journalist on Kiosk National earns +$500/+$300/+$100
    on top of the payout."""
    g, st = with_event("thanksgiving")
    pay = g.data.news_pay[st.news_deck[-1]][0]
    gains = []
    for row in range(3):
        s = st.current_player()
        before = st.money[s]
        st.apply_action(("place", 4 - row, g.kiosk_sid(0, row)))
        gains.append(st.money[s] - before - pay)
    assert gains == [5, 3, 1]


def test_awards_ceremony_points_on_entertainment():
    g, st = with_event("awards_ceremony")
    s = st.current_player()
    st.apply_action(("place", 0, g.kiosk_sid(3, 0)))
    assert st.points[s] == 3


def test_grand_finale_face_up_pays_value_plus_300_R18():
    """§11 #2 / R-18: on Kiosk Sports a journalist may go face-up for value x $100 + $300
    instead of the payout; opponents then see its value."""
    g, st = with_event("grand_finale")
    s = st.current_player()
    money = st.money[s]
    st.apply_action(("place", 4, g.kiosk_sid(2, 0)))
    assert st.pend[0] == "finale"
    st.apply_action(("finale", "up"))
    assert st.money[s] == money + 5 + 3
    other = (s + 1) % g.n
    assert st.observation(other)["spaces"][g.kiosk_sid(2, 0)][0][1] == 4
    w = st.determinize(other, random.Random(0))
    assert w.spaces[g.kiosk_sid(2, 0)][0][1] == 4


def test_private_investigator_pays_and_keeps_a_card_R19():
    """§11 #3 / R-19: the evidence slot costs $300 and gives a kept evidence card."""
    g, st = with_event("private_investigator")
    s = st.current_player()
    st.apply_action(("place", 0, g.event_sids[0]))
    assert st.money[s] == 2 and len(st.kept[s]) == 1 and st.kept[s][0] < 100


def test_rat_race_destroys_per_strong_bus_journalist_R17():
    """§11 #8 / R-17: each own bus journalist of value >= 4 destroys one highlighted."""
    g, st = with_event("rat_race")
    st = edited(
        st,
        {
            "board.spaces": [()] * g.n_spaces,
        },
    )
    st.spaces[g.bus_sids[0]] = ((0, 3, 0, 0),)  # value 4
    st.spaces[g.bus_sids[1]] = ((0, 1, 2, 0),)  # value 2 + photo 2 = 4
    st.spaces[g.bus_sids[2]] = ((1, 2, 0, 0),)  # value 3: nothing
    st = resolve_from(st, R_EV2)
    while st.pend and st.pend[0] == "destroy":
        st.apply_action(st.legal_actions()[0])
    assert len(st.destroyed[0]) == 2 and st.destroyed[1] == ()


def test_insider_duel_lone_journalist_wins_R19():
    """§11 #11 / R-19: higher value wins (tie: space 1); a lone journalist wins."""
    g, st = with_event("insider")
    st = edited(
        st,
        {
            "board.spaces": [()] * g.n_spaces,
        },
    )
    st.spaces[g.event_sids[1]] = ((2, 0, 0, 0),)
    st = resolve_from(st, R_EV2)
    assert st.evt[2][2] == 1
    g, st = with_event("leak_prevention_unit")
    st = edited(
        st,
        {
            "board.spaces": [()] * g.n_spaces,
        },
    )
    st.spaces[g.event_sids[0]] = ((0, 2, 0, 0),)
    st.spaces[g.event_sids[1]] = ((1, 2, 0, 0),)
    st = resolve_from(st, R_EV2)
    assert st.evt[0][1] == 1 and st.evt[0][0] == 1 and st.evt[1] == (0, 0, 0)


def test_snitch_keeps_a_line_card_and_arrests_on_a_double_R21():
    """§11 #9 / R-21: reveal line cards = value, keep 1; a double arrests the journalist
    until bail (value x $100 + $300) is paid in a later round."""
    g, st = with_event("snitch")
    st = edited(
        st,
        {
            "board.spaces": [()] * g.n_spaces,
        },
    )
    st.spaces[g.event_sids[0]] = ((0, 1, 0, 0),)  # value 2
    d = g.data
    double = next(c for c, l in enumerate(d.line_cards) if len(l) == 2)
    single = next(c for c, l in enumerate(d.line_cards) if len(l) == 1)
    st = edited(
        st,
        {
            "decks.line": [c for c in st.line_deck if c not in (double, single)] + [double, single],
        },
    )
    st = resolve_from(st, R_EV2)
    assert st.pend[0] == "keep" and st.current_player() == 0
    st.apply_action(("keep", 100 + single))
    assert 100 + single in st.kept[0] and st.arrested[0] == (1,)
    while st.round == 1:
        st.apply_action(st.legal_actions()[-1])
    assert 1 not in st.avail[0]
    st.money[0], st.contacts[0] = 9, 0
    st.turn, st.pend, st.double = 0, None, 0
    assert ("bail", 1) in st.legal_actions()
    st.apply_action(("bail", 1))
    assert 1 in st.avail[0] and st.money[0] == 9 - 5


def test_press_on_trial_class_iv_R6_R26():
    """§11 #14 / R-6 / R-26: resolved after the reveal; losing costs 5 points and $500,
    never below 0."""
    g, st = with_event("press_on_trial")
    st = edited(
        st,
        {
            "board.spaces": [()] * g.n_spaces,
        },
    )
    st.spaces[g.event_sids[0]] = ((0, 0, 0, 0),)  # value 1: loses unless the die is 1
    st.points[0], st.money[0] = 3, 2
    st = resolve_from(st, R_EV4)
    assert st.points[0] in (0, 3) and st.money[0] >= 0


def test_mass_leak_adds_an_evidence_card_per_archive_partner():
    g, st = with_event("mass_leak")
    st = edited(
        st,
        {
            "board.spaces": [()] * g.n_spaces,
        },
    )
    for k in range(4):
        st.spaces[g.archive_sids[k]] = ((0, k, 0, 0),)
    st.spaces[g.bus_sids[0]] = ((0, 4, 0, 0),)
    st = edited(
        st,
        {
            "round.placing": False,
            "round.revealed": True,
        },
    )
    st._next_step(4)  # archive
    st._run()
    assert st.pend[0] == "support" and st.pend[3] == (2, 1)  # L1 +1/+1, Mass Leak +1 evidence


def test_editorial_places_two_journalists_as_one_turn_R29():
    g = load_game("pulitzer", players=3)
    st = g.new_initial_state(2)
    s = st.current_player()
    st = edited(
        st,
        {
            f"seat.{s}.tokens": tuple_with(st.tok_now[s], T_ED, 1),
        },
    )
    st.apply_action(("editorial",))
    st.apply_action(("place", 0, g.kiosk_sid(0, 0)))
    assert st.current_player() == s
    st.apply_action(("place", 1, g.kiosk_sid(1, 0)))
    assert st.current_player() != s


# ------------------------------------------------------------------ whole games


@pytest.mark.parametrize(
    "params",
    [
        dict(mode="solo"),
        dict(mode="two-player"),
        dict(players=3),
        dict(players=4, variant="chronicle"),
        dict(players=5, events=True),
    ],
)
def test_heuristic_bot_plays_whole_games(params):
    g = load_game("pulitzer", **params)
    for seed in range(3):
        st = g.new_initial_state(seed)
        bots = [HeuristicBot(g, seed=seed + i) for i in range(g.n)]
        steps = 0
        while not st.is_terminal():
            p = st.current_player()
            st.apply_action(bots[p].act(st, p))
            steps += 1
            assert steps <= g.max_game_length()
        assert st.outcome().reason


def test_heuristic_bot_qualifies_more_than_random_in_4p():
    """The reference bot chases highlighted evidence: it finds more than random play."""
    g = load_game("pulitzer", players=4)
    found_bot = found_rand = 0
    for seed in range(4):
        for use_bot in (True, False):
            st = g.new_initial_state(seed)
            bots = [HeuristicBot(g, seed=i) for i in range(4)]
            rng = random.Random(seed)
            while not st.is_terminal():
                p = st.current_player()
                st.apply_action(bots[p].act(st, p) if use_bot else st.random_action(rng))
            total = sum(st.found_highlighted(s) for s in range(4))
            if use_bot:
                found_bot += total
            else:
                found_rand += total
    assert found_bot > found_rand


def test_bot_does_not_read_hidden_state():
    """The bot's choice depends only on the observation: two determinizations of one
    position (same observation) give the same choice for the same bot seed."""
    g = load_game("pulitzer", mode="solo")
    st = g.new_initial_state(4)
    a = HeuristicBot(g, seed=1).act(st.determinize(0, random.Random(1)), 0)
    b = HeuristicBot(g, seed=1).act(st.determinize(0, random.Random(2)), 0)
    assert a == b


def test_solo_only_the_post_decides():
    """§13.11: the Times and the agents act inside the engine: only seat 0 is ever asked."""
    g = load_game("pulitzer", mode="solo")
    st = g.new_initial_state(8)
    rng = random.Random(8)
    while not st.is_terminal():
        assert st.current_player() == 0
        st.apply_action(st.random_action(rng))


@pytest.mark.parametrize(
    "params",
    [
        dict(mode="standard", players=5, events=True),
        dict(mode="standard", players=3, variant="chronicle", events=True),
    ],
)
def test_contract_holds_with_events_and_chronicle(params):
    """The conformance checks (run by the shared suite for the default parameters) also
    hold with the event deck and in Chronicle mode."""
    from tests import conformance as c

    c.check_terminates("pulitzer", params, seeds=range(2))
    c.check_determinize("pulitzer", params)
    c.check_observation_hides("pulitzer", params)
    c.check_illegal_action("pulitzer", params)
