"""The Mumanbot (spec §17, rules/tabletop_inc/mumanbot.py) at every difficulty."""

import random

import pytest

import automa.rules.tabletop_inc  # noqa: F401
from automa.rules.core import load_game
from automa.rules.tabletop_inc import mumanbot

LEVELS = ("easy", "normal", "hard", "extreme")


def mk(level="hard", n=2, bot_seat=1, **kw):
    bots = [""] * n
    bots[bot_seat] = level
    return load_game("tabletop_inc", players=n, mumanbots=tuple(bots), **kw).new_initial_state(0)


def human_move(st):
    """Seat 0 takes a Basic Resource (and ends its turn), so the bot plays."""
    st.apply_action(("place", "BR"))
    st.apply_action(("take", "time"))
    if ("end_turn",) in st.legal_actions() and not st.stack:
        st.apply_action(("end_turn",))


def test_current_player_never_names_a_mumanbot_s17_1():
    for bots in (("", "easy"), ("hard", "", "extreme"), ("", "normal", "", "hard", "easy", "")):
        g = load_game("tabletop_inc", players=len(bots), mumanbots=bots)
        st = g.new_initial_state(3)
        rng = random.Random(3)
        while not st.is_terminal():
            assert st.current_player() not in g.automaton_seats()
            st.apply_action(st.random_action(rng))


@pytest.mark.parametrize("level,vp", [("easy", 1), ("normal", 2), ("hard", 3), ("extreme", 4)])
def test_bot_turn_occupies_leftmost_free_space_and_scores_by_level_s17_2(level, vp):
    """§17.2 seed example: the Objective card puts a worker on the left-most free Objective space
    (no cost, no bonus, the action is not performed) and scores 1 VP on Easy, more above;
    its blue box discards the top objective card."""
    st = mk(level, n=3, bot_seat=1)
    st.occupied[st.game.space_by_id["OB1"].idx] = 2
    st.zap_deck.append("Z19")
    top = st.objective_deck[-1]
    vp0 = st.vp[1]
    human_move(st)
    assert st.occupied[st.game.space_by_id["OB2"].idx] == 1
    assert st.vp[1] - vp0 == vp
    assert st.resources[1] == [0, 0, 0, 0, 0]
    assert st.objectives_out == [top] and top not in st.objective_deck
    assert st.zap_discard[-1] == "Z19"
    assert st.current_player() == 2


@pytest.mark.parametrize("level,vp", [("easy", 1), ("normal", 2), ("hard", 3), ("extreme", 3)])
def test_extreme_falls_back_to_hard_s17_2(level, vp):
    """§17.2: on Extreme a card without an Extreme value uses its Hard value (Z01)."""
    st = mk(level)
    st.zap_deck.append("Z01")
    human_move(st)
    assert st.vp[1] == vp


@pytest.mark.parametrize("level", LEVELS)
def test_no_free_space_skips_placement_but_scores_amb33(level):
    """AMB-33: no free space: the worker stays, VP and the blue box still apply."""
    st = mk(level)
    for sp in st.game.spaces_by_action["award"]:
        st.occupied[sp.idx] = 0
    st.zap_deck.append("Z17")
    human_move(st)
    assert st.mumans[1] == 4 and st.vp[1] == (2, 3, 4, 5)[LEVELS.index(level)]
    assert st.shelf == [2, 3, 3]


@pytest.mark.parametrize(
    "held,shelf,expect",
    [
        ([], [3, 3, 3], 1),
        ([1], [3, 3, 3], 2),
        ([2], [3, 3, 3], 3),
        ([3], [3, 3, 3], 3),
        ([1], [3, 0, 3], 1),
        ([2], [0, 3, 0], 2),
        ([], [0, 0, 2], 3),
        ([], [0, 0, 0], 0),
    ],
)
def test_award_removal_ladder_s17_3_amb16(held, shelf, expect):
    """§17.3 / AMB-16: none -> 1, held 1 -> 2, held 2 -> 3, held 3 -> 3; then lower levels
    descending, then higher ascending; empty shelf: nothing."""
    assert mumanbot.award_target(held, shelf) == expect


@pytest.mark.parametrize("level", LEVELS)
def test_award_removal_token_out_of_game_no_vp_s17_3(level):
    st = mk(level)
    st.zap_deck.append("Z18")
    human_move(st)
    assert st.shelf == [2, 3, 3] and st.awards[1] == ((1, ()),)
    assert st.final_breakdown(1)["total"] == st.vp[1]


@pytest.mark.parametrize("level", LEVELS)
def test_skill_discard_s17_3(level):
    st = mk(level)
    st.zap_deck.append("Z04")
    top = st.skill_deck[-1]
    n = len(st.skill_deck)
    human_move(st)
    assert st.skills_out == [top] and len(st.skill_deck) == n - 1


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("card,key,width", [("Z05", "fl", 3), ("Z10", "it", 4), ("Z01", "sp", 3)])
def test_track_wipes_refill_to_track_width_s17_3_amb01(card, key, width, level):
    """§17.3 / AMB-01: tokens to supply, track cards shuffled into the deck, refill the width."""
    st = mk(level)
    st.track_tokens[key] = ((1, 1, 0, 0, 0),) + st.track_tokens[key][1:]
    total = len(st.deck[key]) + sum(1 for c in st.tracks[key] if c)
    st.zap_deck.append(card)
    human_move(st)
    assert len(st.tracks[key]) == width and all(st.tracks[key])
    assert all(t == (0, 0, 0, 0, 0) for t in st.track_tokens[key])
    assert len(st.deck[key]) + width == total


@pytest.mark.parametrize("level,k", [("easy", 1), ("normal", 2), ("hard", 3), ("extreme", 4)])
def test_bot_recall_and_predictions_by_difficulty_s17_4_s17_5(level, k):
    """§17.4: out of workers -> recall, hourglass moves by N, no bonus spaces; §17.5: 1/2/3/4
    face-up cards against the human (2 seats), no research paid."""
    st = mk(level)
    st.mumans[1] = 0
    st.placed[1] = (("m", st.game.space_by_id["HS1"].idx), ("m", st.game.space_by_id["RS1"].idx))
    st.occupied[st.game.space_by_id["HS1"].idx] = 1
    st.occupied[st.game.space_by_id["RS1"].idx] = 1
    st.hourglass = 30  # crosses the action bonus at 28
    human_move(st)
    assert st.hourglass == 28 and st.mumans[1] == 2 and not st.stack
    assert st.occupied[st.game.space_by_id["HS1"].idx] == -1
    assert (
        st.prediction_target[1] == 0
        and len(st.prediction_cards[1]) == k
        and len(set(st.prediction_cards[1])) == k
    )
    assert st.resources[1] == [0, 0, 0, 0, 0]


@pytest.mark.parametrize("level", LEVELS)
def test_bot_prediction_target_is_a_human_with_3_seats_s17_5(level):
    for seed in range(8):
        g = load_game("tabletop_inc", players=4, mumanbots=("", level, "", "easy"))
        st = g.new_initial_state(seed)
        st.mumans[1] = 0
        st.placed[1] = (("m", 0),)
        human_move(st)
        assert st.prediction_target[1] in (0, 2)


@pytest.mark.parametrize("level", LEVELS)
def test_bot_scores_one_vp_per_correct_prediction_s17_5(level):
    st = mk(level)
    st.prediction_target[1], st.prediction_cards[1], st.prediction_up[1] = 0, ("research", "award"), (1, 1)
    st.hand_items[0] = ("I16",)  # keeps seat 0 in its post-action window
    vp = st.vp[1]
    st.apply_action(("place", "RS1"))
    assert st.current_player() == 0 and st.vp[1] == vp + 1 and st.prediction_cards[1] == ("award",)


@pytest.mark.parametrize("level", LEVELS)
def test_bot_placement_counts_for_human_prediction_amb09(level):
    st = mk(level, n=3, bot_seat=1)
    st.prediction_target[0], st.prediction_cards[0], st.prediction_up[0] = 1, ("objective", "award"), (0, 0)
    st.zap_deck.append("Z19")
    human_move(st)
    assert st.prediction_up[0] == (1, 0)


@pytest.mark.parametrize("level", LEVELS)
def test_bot_triggers_end_with_plus5_s17_4(level):
    st = mk(level)
    st.mumans[1] = 0
    st.placed[1] = (("m", 0),)
    st.hourglass = 1
    vp = st.vp[1]
    human_move(st)
    assert st.end_by == 1 and st.vp[1] == vp + 5
    assert st.current_player() == 0  # the human's last turn
    st.apply_action(("place", "RS1"))
    if not st.is_terminal():
        st.apply_action(("end_turn",))
    assert st.is_terminal()


@pytest.mark.parametrize("level", LEVELS)
def test_refresh_variant_applies_to_bot_recall_s17_4(level):
    st = mk(level, card_track_refresh=True)
    old = st.tracks["fl"][:]
    st.mumans[1] = 0
    st.placed[1] = (("m", 0),)
    human_move(st)
    assert st.deck["fl"][0] == old[2] and st.tracks["fl"][1:] == old[:2]


def test_shared_zap_deck_reshuffles_discard_amb25():
    st = mk("hard", n=3, bot_seat=1)
    st.zap_discard = st.zap_deck[:]
    st.zap_deck = []
    human_move(st)
    assert len(st.zap_deck) == 19 and st.zap_discard and len(st.zap_discard) == 1


def test_difficulty_ladder_same_game_path():
    """The level only changes VP per card and the prediction count, so along the same random
    human play the bot's score strictly increases Easy < Normal < Hard < Extreme."""
    finals = []
    for level in LEVELS:
        st = mk(level)
        rng = random.Random(7)
        while not st.is_terminal():
            st.apply_action(st.random_action(rng))
        finals.append(st.scores()[1][0])
    assert finals == sorted(finals) and len(set(finals)) == 4


@pytest.mark.slow
def test_heuristic_loses_more_to_harder_mumanbots():
    """Quick experiment: the heuristic's win rate falls from Easy to Extreme and the bot's mean
    score strictly increases with difficulty."""
    from automa.search.bots import make_bot

    wins, means = {}, {}
    for level in LEVELS:
        w, tot = 0, 0
        for seed in range(12):
            specs = ["tabletop-heuristic", f"mumanbot:{level}"]
            g = load_game("tabletop_inc", players=2).with_automaton_seats(specs)
            bot = make_bot("tabletop-heuristic", g, seed)
            st = g.new_initial_state(seed)
            while not st.is_terminal():
                st.apply_action(bot.act(st, 0))
            w += st.outcome().winners == (0,)
            tot += st.scores()[1][0]
        wins[level], means[level] = w, tot / 12
    assert wins["easy"] > wins["extreme"]
    assert means["easy"] < means["normal"] < means["hard"] < means["extreme"]


def test_always_4_predictions_flag_amb02():
    """AMB-02 flag: the seed's 'always 4 predictions' reading, for every difficulty."""
    st = mk("easy", mumanbot_predictions="always_4")
    st.mumans[1] = 0
    st.placed[1] = (("m", 0),)
    human_move(st)
    assert len(st.prediction_cards[1]) == 4


def test_zap_refill_four_flag_amb01():
    """AMB-01 flag: the seed's literal 'draw 4' after a specialist wipe."""
    st = mk("hard", zap_refill="four")
    st.zap_deck.append("Z01")
    human_move(st)
    assert len(st.tracks["sp"]) == 4 and len(st.track_tokens["sp"]) == 4 and all(st.tracks["sp"])
    st2 = mk("hard")
    st2.zap_deck.append("Z01")
    human_move(st2)
    assert len(st2.tracks["sp"]) == 3


def test_zap_per_bot_flag_amb25():
    """AMB-25: bots share one ZAP deck by default; the flag gives each its own deck."""
    g = load_game("tabletop_inc", players=3, mumanbots=("", "hard", "easy"), zap_per_bot=True)
    st = g.new_initial_state(0)
    assert st.zap_deck == [] and sorted(st.zap_own) == [1, 2]
    assert all(len(v[0]) == 20 for v in st.zap_own.values())
    top1, top2 = st.zap_own[1][0][-1], st.zap_own[2][0][-1]
    human_move(st)
    assert st.zap_own[1][1] == [top1] and st.zap_own[2][1] == [top2]
    shared = mk("hard", n=3, bot_seat=1)
    assert shared.zap_own == {} and len(shared.zap_deck) == 20
