"""Salem 1692 rules: setup, turns, trials, reveals, black cards, tokens, specials, laws.

Positions are built by hand on a real state (spec 23 "minimum test scenarios"); each test
names the spec tag or section it checks.
"""

import random

import pytest

from automa.rules.core import TERMINAL, IllegalActionError, ParamError, load_game
from automa.rules.position import edited
from automa.rules.salem.data import SPECIALS
from automa.rules.salem.decisions import alibi_options, la_charlatan, la_play, la_target, living_actions
from automa.rules.salem.resolution import plurality, reveal, t_recheck


def game(n=6, **kw):
    mode = "ghosts" if n < 4 else "standard"
    return load_game("salem", players=n, mode=mode, **kw)


def at_turn(n=6, seed=1, pos=0, rows=None, chars=None, hands=None, **kw):
    """A state at `pos`'s turn action with hand-made rows/characters/hands."""
    g = game(n, **kw)
    s = g.new_initial_state(seed)
    while s.dec[0] != "action":
        s.apply_action(s.legal_actions()[0])
    for p in range(s.N):
        for t in list(s.tokens[p]):
            if t == "black_cat":
                s.tokens[p].remove(t)
                s.centre.append(t)
    if rows is not None:
        s.face_down = [list(r) for r in rows]
        s.face_up = [[] for _ in rows]
        s.ever_witch = ["witch" in r for r in s.face_down]
        s.known_witches = [[p] if s.ever_witch[p] else [] for p in range(s.N)]
        s.facts = [[] for _ in range(s.N)]
    if chars is not None:
        s.char = list(chars)
    if hands is not None:
        s.hand = [list(h) for h in hands]
        # keep the 59 cards conserved: the deck is whatever the hands do not hold
        rest = [c for c in g.data.deck if c != "night"]
        for h in s.hand:
            for c in h:
                if c in rest:
                    rest.remove(c)
        s.rng.shuffle(rest)
        s.deck, s.discard = rest, []
        s._insert_night()
    s.tasks = []
    s.dec = ("action", pos, ())
    s.turn_pos = pos
    s.played = False
    return s


NAW5 = ["naw"] * 5
PLAIN = [
    "tituba",
    "samuel_parris",
    "giles_corey",
    "sarah_good",
    "john_proctor",
    "mary_warren",
    "rebecca_nurse",
    "william_phips",
    "ann_putnam",
    "abigail_williams",
    "will_griggs",
    "cotton_mather",
]


def plain_chars(n, **at):
    """Characters without trial-related passive abilities, overridable per position."""
    base = ["samuel_parris"] * n
    for k, v in at.items():
        base[int(k[1:])] = v
    return base


def rows6(**at):
    rows = [["naw"] * 5 for _ in range(6)]
    rows[5] = ["witch", "naw", "naw", "naw", "naw"]
    for k, v in at.items():
        rows[int(k[1:])] = list(v)
    return rows


def play(s, *actions):
    for a in actions:
        s.apply_action(a)
    return s


def settle(s, choose=None):
    """Answer every pending non-turn decision with the first legal action (or `choose`)."""
    while not s.is_terminal() and s.dec[0] not in ("action",):
        legal = s.legal_actions()
        a = choose(s, legal) if choose else None
        s.apply_action(a if a is not None else legal[0])
    return s


# ------------------------------------------------------------------ setup
@pytest.mark.parametrize("n", range(4, 13))
def test_setup_trial_deck_per_player_count_R_SETUP_2(n):
    """[R-SETUP-2] table 4.2: counts per kind and per seat; specials replace plain cards."""
    g = game(n)
    row = g.setup_row
    standard = {4: 18, 5: 23, 6: 27, 7: 32, 8: 29, 9: 33, 10: 27, 11: 30, 12: 33}
    assert row["naw"] + row["special"] == standard[n]
    s = g.new_initial_state(3)
    all_cards = [c for r in s.face_down for c in r]
    assert all(len(r) == row["per_seat"] for r in s.face_down)
    assert all_cards.count("witch") == row["witch"]
    assert all_cards.count("constable") == 1
    assert all_cards.count("naw") == row["naw"]
    assert sum(c in SPECIALS for c in all_cards) == row["special"]


def test_setup_specials_are_a_hidden_random_subset_R_SETUP_3():
    """[R-SETUP-3] a random subset of the 5 specials, unseen by the other seats."""
    g = game(4)
    seen = set()
    for seed in range(30):
        s = g.new_initial_state(seed)
        seen.add(tuple(sorted(c for r in s.face_down for c in r if c in SPECIALS)))
        obs = s.observation(0)
        assert "fd" in obs and obs["fd"] == tuple(sorted(s.face_down[0]))
        assert all(len(v) == 0 for v in obs["fu"])
    assert len(seen) > 3


def test_setup_ghost_mode_four_seats_of_five_cards_19_2():
    """[19.2] 2-3 players: 4 seats (ghosts added), 5 trial cards each, one Witch; ghosts no hand."""
    for n in (2, 3):
        g = game(n)
        s = g.new_initial_state(1)
        assert s.N == 4 and all(len(r) == 5 for r in s.face_down)
        assert sum(r.count("witch") for r in s.face_down) == 1
        for p in range(4):
            assert (len(s.hand[p]) == 0) == g.is_ghost[p]
        assert sum(g.is_ghost) == 4 - n
    assert game(2).is_ghost == (False, True, False, True)


def test_townhall_one_of_two_at_seven_or_fewer_R_SETUP_7():
    """[R-SETUP-7] <=7 players keep 1 of 2 (secret until all chose); 8+ get one card."""
    s = game(5).new_initial_state(4)
    assert s.dec[0] == "keep"
    first = s.legal_actions()
    assert len(first) == 2
    s.apply_action(first[1])
    # player 1 must not see player 0's choice or options before everybody chose
    assert s.observation(1)["char"][0] is None
    assert s.observation(1)["th"][0] != s.townhall_options[0]
    while s.dec[0] == "keep":
        s.apply_action(s.legal_actions()[0])
    assert s.char[0] == first[1][1]
    assert len(set(s.char)) == 5
    s8 = game(8).new_initial_state(4)
    assert s8.dec[0] != "keep" and None not in s8.char
    s7 = game(7, townhall_choice=False).new_initial_state(4)
    assert s7.dec[0] != "keep"


def test_playing_deck_night_in_bottom_half_A_04():
    """[R-SETUP-8][A-04] nobody is dealt the Conspiracy; Night in the bottom ceil(n/2)+1 slots."""
    for seed in range(40):
        s = game(6).new_initial_state(seed)
        assert all("conspiracy" not in h and len(h) == 3 for h in s.hand)
        i = s.deck.index("night")
        n = len(s.deck) - 1
        assert i <= n - n // 2
        assert s.night_zone == n - n // 2 + 1
    s = at_turn(6, 2)
    s._rebuild()  # (as after every night)
    n = len(s.deck) - 1
    assert s.deck.index("night") <= n - n // 2


def test_centre_supply_at_start_R_SETUP_9():
    """[R-SETUP-9] unassigned tokens Asylum, Matchmaker x2, Piety; 12 shillings."""
    s = game(6).new_initial_state(1)
    assert sorted(s.centre) == ["asylum", "matchmaker", "matchmaker", "piety"]
    assert s.supply == 12


def test_dawn_black_cat_and_first_turn_R_DAWN():
    """[R-DAWN] witches choose the Black Cat holder (any seat, even a witch); it starts.
    Non-witches are asked too (a single 'sleep' option) so nobody learns roles."""
    s = game(8).new_initial_state(5)
    asked = []
    while s.dec[0] == "dawn":
        p = s.dec[1]
        asked.append(p)
        legal = s.legal_actions()
        if s.ever_witch[p]:
            assert ("cat", p) in legal
            s.apply_action(("cat", 3))
        else:
            assert legal == [("sleep",)]
            assert s.observation(0)["dec"][0] == "secret"
            s.apply_action(legal[0])
    assert asked == list(range(8))
    assert "black_cat" in s.tokens[3]
    assert s.turn_pos == 3


# ------------------------------------------------------------------ turns
def test_draw_two_ends_turn_R_TURN_2():
    """[R-TURN-2] Draw: two cards and the turn passes clockwise."""
    s = at_turn(6, 1, pos=2, rows=rows6())
    s = edited(
        s,
        {
            "town.deck": [c for c in s.deck if c not in ("night", "conspiracy")] + ["accusation", "stocks"],
            "town.night_in_deck": False,
        },
    )
    s.deck.insert(0, "night")
    h = len(s.hand[2])
    s.apply_action(("draw",))
    assert len(s.hand[2]) == h + 2
    assert s.turn_pos == 3 and s.dec[0] == "action"


def test_play_then_end_and_no_draw_after_play_R_TURN_2():
    """[R-TURN-2] Play: any number of cards, then end; Draw is no longer offered."""
    s = at_turn(6, 1, pos=0, rows=rows6(), hands=[["accusation", "accusation"]] + [[]] * 5)
    play(s, ("play", "accusation"), ("target", 1))
    assert s.dec == ("play", 0, ())
    assert ("draw",) not in s.legal_actions() and ("end",) in s.legal_actions()
    play(s, ("play", "accusation"), ("target", 2), ("end",))
    assert s.turn_pos == 1


def test_law1_no_self_targets_R_LAW():
    """[R-LAW] Law 1: a card never targets its player."""
    s = at_turn(6, 1, pos=0, rows=rows6(), hands=[["accusation", "stocks"]] + [[]] * 5)
    s.apply_action(("play", "accusation"))
    assert ("target", 0) not in s.legal_actions()
    with pytest.raises(IllegalActionError):
        s.apply_action(("target", 0))


def test_stocks_skips_turns_R_TURN_4():
    """[R-TURN-4] Stocks: the next turn is skipped; two Stocks skip two turns."""
    s = at_turn(6, 1, pos=0, rows=rows6(), hands=[["stocks", "stocks"]] + [[]] * 5)
    play(s, ("play", "stocks"), ("target", 1), ("play", "stocks"), ("target", 1))
    assert s.stocks[1] == 2
    s.apply_action(("end",))
    assert s.turn_pos == 2 and s.stocks[1] == 1
    # play round to seat 1 again: skipped once more
    for _ in range(5):
        s = edited(
            s,
            {
                "town.deck": [c for c in s.deck if c not in ("night", "conspiracy")],
                "town.night_in_deck": False,
            },
        )
        s.apply_action(("draw",))
    assert s.turn_pos == 2 and s.stocks[1] == 0
    assert s.discard.count("stocks") >= 2


def test_stocks_skips_a_ghost_turn_too_R_TURN_4_19_3():
    """[R-TURN-4][19.3] a ghost in the Stocks misses its turn like anyone: it discards no
    deck card that turn, and the Stocks card goes to the discard pile; two Stocks, two turns."""
    s = at_turn(
        2,
        1,
        pos=0,
        rows=[NAW5, NAW5, ["witch"] + ["naw"] * 4, NAW5],
        hands=[["stocks", "stocks"], [], [], []],
    )
    play(s, ("play", "stocks"), ("target", 1), ("play", "stocks"), ("target", 1))
    deck = list(s.deck)
    s.apply_action(("end",))
    assert s.turn_pos == 2 and s.stocks[1] == 1 and s.deck == deck
    assert s.discard == ["stocks"]
    s = edited(
        s,
        {
            "town.deck": ["accusation"] * 6,
            "town.night_in_deck": False,
        },
    )
    s.apply_action(("draw",))  # P1 draws 2; the ghost at 3 discards 1; P0 ...
    assert s.turn_pos == 0 and len(s.deck) == 3
    s.apply_action(("draw",))  # ... draws 2; the ghost at 1 is skipped a second time
    assert s.turn_pos == 2 and s.stocks[1] == 0 and len(s.deck) == 1
    assert s.discard == ["stocks", "accusation", "stocks"]


# ------------------------------------------------------------------ trials
def test_thresholds_7_14_8_16_R_TRIAL_1():
    """[R-TRIAL-1] 7; 14 with Piety; 8 for George Burroughs; 16 with both."""
    s = at_turn(6, 1, rows=rows6(), chars=plain_chars(6, p1="george_burroughs"))
    assert s._normal(2) == 7 and s._normal(1) == 8
    s.tokens[2].append("piety")
    s.tokens[1].append("piety")
    assert s._normal(2) == 14 and s._normal(1) == 16


def test_danforth_6_12_7_14_optional_A_08():
    """[R-TRIAL-1][A-08] Thomas Danforth: 6 / 12 (Piety) / 7 (George) / 14 (George+Piety),
    optional between that number and the normal threshold."""
    s = at_turn(6, 1, rows=rows6(), chars=plain_chars(6, p0="thomas_danforth", p1="george_burroughs"))
    assert s._danforth(2) == 6 and s._danforth(1) == 7
    s.tokens[2].append("piety")
    s.tokens[1].append("piety")
    assert s._danforth(2) == 12 and s._danforth(1) == 14
    s = at_turn(
        6, 1, rows=rows6(), chars=plain_chars(6, p0="thomas_danforth"), hands=[["accusation"] * 2] + [[]] * 5
    )
    s = edited(
        s,
        {
            "seat.2.red_cards": ["accusation"] * 5,
        },
    )
    play(s, ("play", "accusation"), ("target", 2))
    assert s.dec[0] == "danforth" and s.legal_actions() == [("yes",), ("no",)]
    s.apply_action(("no",))
    assert len(s.reds[2]) == 6 and len(s.face_up[2]) == 0
    play(s, ("play", "accusation"), ("target", 2))  # 7: automatic
    assert len(s.face_up[2]) == 1 and s.reds[2] == []
    s = at_turn(
        6, 1, rows=rows6(), chars=plain_chars(6, p0="thomas_danforth"), hands=[["accusation"]] + [[]] * 5
    )
    s = edited(
        s,
        {
            "seat.2.red_cards": ["accusation"] * 5,
        },
    )
    play(s, ("play", "accusation"), ("target", 2), ("yes",))
    assert len(s.face_up[2]) == 1 and s.reds[2] == []


def test_evidence_on_six_one_reveal_all_reds_cleared_R_TRIAL_4():
    """[R-TRIAL-4] Evidence onto a total of 6: one reveal, every red card discarded."""
    s = at_turn(6, 1, rows=rows6(), chars=plain_chars(6), hands=[["evidence"]] + [[]] * 5)
    s = edited(
        s,
        {
            "seat.3.red_cards": ["accusation"] * 6,
        },
    )
    play(s, ("play", "evidence"), ("target", 3))
    assert len(s.face_up[3]) == 1 and len(s.face_down[3]) == 4 and s.reds[3] == []
    assert s.discard.count("accusation") == 6 and "evidence" in s.discard


def test_two_reveals_when_total_reaches_twice_threshold_A_07():
    """[A-07] floor(total/threshold) reveals, one after the other (a Scapegoat moving 14)."""
    s = at_turn(6, 1, rows=rows6(), chars=plain_chars(6), hands=[["scapegoat"]] + [[]] * 5)
    s.reds[1] = ["witness", "witness"]
    play(s, ("play", "scapegoat"), ("target", 1), ("target2", 2))
    assert s.reds[1] == [] and s.reds[2] == [] and len(s.face_up[2]) == 2


def test_piety_curse_triggers_reveal_by_curser_R_TRIAL_5():
    """[R-TRIAL-5] Piety cursed away from a seat with 9 accusations: reveal, reds cleared."""
    s = at_turn(6, 1, rows=rows6(), chars=plain_chars(6), hands=[["curse"]] + [[]] * 5)
    s.tokens[2] = ["piety"]
    s.centre.remove("piety")
    s.reds[2] = ["accusation"] * 9
    assert s._normal(2) == 14
    play(s, ("play", "curse"), ("target", 2), ("token", "piety"))
    assert len(s.face_up[2]) == 1 and s.reds[2] == [] and "piety" in s.centre


def test_cotton_mather_evidence_counts_one_and_martha_loses_it_A_27():
    """[R-TRIAL-1][A-27] Evidence counts 1 against Cotton; Martha copying Cotton (on her right)
    gets the full 3 again the moment Cotton dies, and the reveal happens at once."""
    chars = plain_chars(6, p2="cotton_mather", p3="martha_corey")
    s = at_turn(6, 1, rows=rows6(), chars=chars, hands=[["evidence"]] + [[]] * 5)
    s = edited(
        s,
        {
            "seat.2.red_cards": ["evidence", "evidence"],
        },
    )
    assert s._total(2) == 2
    s = edited(
        s,
        {
            "seat.3.red_cards": ["evidence", "evidence", "accusation"],
            "seat.3.last_accused": 4,
        },
    )
    assert s.abil(3) == "cotton" and s._total(3) == 3
    # Cotton dies: Martha now copies seat 1 (no passive), her total becomes 7 -> reveal
    s = edited(
        s,
        {
            "seat.2.face_down": ["naw"],
            "seat.2.red_cards": ["accusation"] * 6,
        },
    )
    play(s, ("play", "evidence"), ("target", 2))
    assert not s.alive[2]
    assert s.reds[3] == [] and len(s.face_up[3]) == 1


# ------------------------------------------------------------------ reveals
def test_two_witch_cards_survive_first_reveal_R_REV_4():
    """[R-REV-4][A-12] two Witch cards: the first reveal announces, the second eliminates;
    the town wins when the last Witch card is revealed [R-WIN-1]."""
    rows = rows6(p5=["witch", "witch", "naw", "naw", "naw"])
    s = at_turn(6, 1, rows=rows, chars=plain_chars(6))
    reveal(s, 5, "witch", 0, "accuse")
    assert s.alive[5] and s.announced[5] and s.result is None
    assert s.observation(0)["announced"][5]
    s._run()
    reveal(s, 5, "witch", 0, "accuse")
    assert s.result[0] == "town" and s.result[1] == "town wins: all witches revealed"
    out = s.outcome()
    assert out.winners == (0, 1, 2, 3, 4) and out.reason.startswith("town wins")


def test_constable_revealed_role_gone_holder_stays_R_REV_3():
    """[R-REV-3] the Constable card revealed: no Constable any more, holder not eliminated."""
    s = at_turn(6, 1, rows=rows6(p1=["constable", "naw", "naw", "naw", "naw"]), chars=plain_chars(6))
    assert s.constable() == 1
    reveal(s, 1, "constable", 0, "accuse")
    assert s.alive[1] and s.constable() == -1


def test_elimination_clears_seat_R_ELIM_1():
    """[R-ELIM-1] last face-down card revealed: eliminated; hand, reds, Stocks discarded,
    tokens to the centre, coins to the supply."""
    s = at_turn(
        6,
        1,
        rows=rows6(p2=["naw"]),
        chars=plain_chars(6),
        hands=[["witness"], [], ["stocks", "arson"], [], [], []],
    )
    s.tokens[2] = ["asylum"]
    s.centre.remove("asylum")
    s.coins[2] = 2
    s.supply -= 2
    s.stocks[2] = 1
    play(s, ("play", "witness"), ("target", 2))
    assert not s.alive[2] and s.hand[2] == [] and s.tokens[2] == [] and s.coins[2] == 0
    assert "asylum" in s.centre and s.supply == 12 and s.stocks[2] == 0
    assert "arson" in s.discard and "witness" in s.discard


def test_witches_win_when_no_townsperson_alive_R_WIN_2():
    """[R-WIN-2] the last living townsperson eliminated: witches (living or dead) win."""
    rows = [["naw"], ["witch", "naw"], [], [], [], []]
    s = at_turn(6, 1, pos=1, rows=rows, chars=plain_chars(6), hands=[[], ["witness"], [], [], [], []])
    for p in (2, 3, 4, 5):
        s._set_alive(p, False)
    s.ever_witch[3] = True
    s.apply_action(("play", "witness"))
    s.apply_action(("target", 0))
    assert s.is_terminal() and s.result[0] == "witch"
    assert s.outcome().winners == (1, 3)
    assert s.outcome().reason == "witches win: no townsperson left alive"


# ------------------------------------------------------------------ black cards
def _draw_next(s, card):
    s.deck.remove(card) if card in s.deck else None
    s.deck.append(card)


def test_conspiracy_moves_cards_and_roles_R_CONS():
    """[R-CONS] each living seat takes a blind card from its left neighbour; the receiver of
    a Witch card joins the witches, the giver stays one; the Constable role moves."""
    rows = [["naw"] * 5 for _ in range(6)]
    rows[1] = ["witch"] * 5
    rows[2] = ["constable"] + ["naw"] * 4
    rows[2] = ["constable"] * 1 + ["naw"] * 4
    s = at_turn(6, 1, pos=3, rows=rows, chars=plain_chars(6))
    _draw_next(s, "conspiracy")
    s.apply_action(("draw",))
    settle(s)
    assert s.ever_witch[0] and s.ever_witch[1]  # 0 took a Witch from 1; 1 stays a witch
    assert 0 in s.known_witches[0] and 1 in s.known_witches[0] and (0, "witch") in s.facts[1]
    assert all(len(r) == 5 for r in s.face_down)
    assert "conspiracy" in s.discard


def test_conspiracy_last_townsperson_converting_loses_R_WIN_2():
    """[R-WIN-2] the last living townsperson receives a Witch card: witches win, it loses."""
    rows = [["witch"], ["naw", "witch"], [], [], [], []]
    s = at_turn(6, 1, pos=1, rows=rows, chars=plain_chars(6))
    for p in (2, 3, 4, 5):
        s._set_alive(p, False)
    s.ever_witch = [True, False, False, False, False, False]
    s.face_down[1] = ["naw"]
    s.face_down[0] = ["witch", "witch"]
    s.ever_witch[0] = True
    # seat 1 takes from seat 0 (its left neighbour): it must receive a Witch card
    _draw_next(s, "conspiracy")
    s.apply_action(("draw",))
    settle(s)
    assert s.result[0] == "witch"
    assert s.result[1] == "witches win: the last townsperson became a witch"
    assert s.outcome().winners == (0,)


def test_black_cat_holder_drawing_conspiracy_chooses_own_card_R_CONS():
    """[R-CONS][16] the Black Cat holder draws the Conspiracy: it picks its own card (a special
    fires); another drawer reveals one of the holder's cards blind."""
    rows = rows6(p2=["gravedigger", "naw", "naw"])
    s = at_turn(6, 1, pos=2, rows=rows, chars=plain_chars(6))
    s.tokens[2] = ["black_cat"]
    s.centre.remove("black_cat")
    s.face_down[4] = ["naw"] * 4
    s.face_up[4] = ["naw"]
    _draw_next(s, "conspiracy")
    s.apply_action(("draw",))
    assert s.dec[0] == "cat_self"
    assert s.legal_actions() == [("cat_reveal", "gravedigger"), ("cat_reveal", "naw")]
    s.apply_action(("cat_reveal", "gravedigger"))
    assert s.dec[0] == "gravedigger"
    # another seat draws it: blind reveal of the holder's card, no choice
    s = at_turn(6, 1, pos=0, rows=rows6(), chars=plain_chars(6))
    s.tokens[2] = ["black_cat"]
    _draw_next(s, "conspiracy")
    s.apply_action(("draw",))
    assert len(s.face_up[2]) == 1


def test_black_cat_skipped_for_mary_warren_D_3():
    """[R-CONS][D-3] Mary Warren holding the Black Cat: the reveal step is skipped."""
    s = at_turn(6, 1, pos=0, rows=rows6(), chars=plain_chars(6, p2="mary_warren"))
    s = edited(
        s,
        {
            "seat.2.tokens": ["black_cat"],
        },
    )
    _draw_next(s, "conspiracy")
    s.apply_action(("draw",))
    assert s.face_up[2] == []


def test_black_card_counts_as_one_of_two_draws_R_DRAW():
    """[R-DRAW] a black card drawn counts as one of the two; Night drawn first -> the second
    card comes from the rebuilt deck after the night."""
    s = at_turn(6, 1, pos=0, rows=rows6(), chars=plain_chars(6), hands=[[]] * 6)
    _draw_next(s, "night")
    s.apply_action(("draw",))
    assert s.in_night
    settle(
        s,
        lambda st, legal: (
            ("confess", "none")
            if ("confess", "none") in legal
            else ("victim", 3)
            if ("victim", 3) in legal
            else None
        ),
    )
    assert not s.in_night and len(s.hand[0]) == 1 and "night" in s.deck


def test_night_victim_dies_and_deck_rebuilt_R_NIGHT():
    """[R-NIGHT] the witches' victim is eliminated unless protected; deck rebuilt with the
    Night in the bottom half; gavel back to the centre."""
    s = at_turn(6, 1, pos=0, rows=rows6(), chars=plain_chars(6), hands=[[]] * 6)
    _draw_next(s, "night")
    s.apply_action(("draw",))
    seen_secret = []
    while s.in_night:
        p = s.dec[1]
        kind = s.dec[0]
        seen_secret.append(s.observation((p + 1) % 6)["dec"][0])
        if kind == "victim":
            s.apply_action(("victim", 2))
        elif kind == "gavel":
            s.apply_action(s.legal_actions()[0])
        elif kind == "confess":
            s.apply_action(("confess", "none"))
        else:
            s.apply_action(s.legal_actions()[0])
    assert not s.alive[2]
    assert set(seen_secret) == {"secret"}
    assert s.gavel == -2


def _night(s, victim, gavel=None, confess=None):
    _draw_next(s, "night")
    s.apply_action(("draw",))
    while s.in_night and not s.is_terminal():
        kind = s.dec[0]
        p = s.dec[1]
        if kind == "victim":
            s.apply_action(("victim", victim))
        elif kind == "gavel":
            s.apply_action(("gavel", gavel) if gavel is not None else s.legal_actions()[0])
        elif kind == "confess":
            what = (confess or {}).get(p, "none")
            s.apply_action(("confess", what))
        else:
            s.apply_action(s.legal_actions()[0])
    return s


def test_gavel_confession_asylum_protect_R_NIGHT():
    """[R-NIGHT] gavel, confession and Asylum each save the victim (A-46: nobody dies)."""
    rows = rows6(p1=["constable", "naw", "naw", "naw", "naw"])
    s = _night(at_turn(6, 1, rows=rows, chars=plain_chars(6), hands=[[]] * 6), 2, gavel=2)
    assert s.alive[2] and all(s.alive)
    s = _night(at_turn(6, 1, rows=rows, chars=plain_chars(6), hands=[[]] * 6), 2, gavel=3, confess={2: "naw"})
    assert s.alive[2] and s.face_up[2] == ["naw"]
    s = at_turn(6, 1, rows=rows, chars=plain_chars(6), hands=[[]] * 6)
    s = edited(
        s,
        {
            "seat.2.tokens": ["asylum"],
        },
    )
    s = _night(s, 2, gavel=3)
    assert s.alive[2]


def test_constable_cannot_gavel_itself_16():
    """[16] the Constable cannot protect itself (4-12 players)."""
    rows = rows6(p1=["constable", "naw", "naw", "naw", "naw"])
    s = at_turn(6, 1, rows=rows, chars=plain_chars(6), hands=[[]] * 6)
    _draw_next(s, "night")
    s.apply_action(("draw",))
    while s.dec[0] != "gavel":
        s.apply_action(s.legal_actions()[0])
    assert s.dec[1] == 1 and ("gavel", 1) not in s.legal_actions()


def test_confession_cannot_reveal_special_A_10():
    """[A-10][R-SPEC] confession: any own non-special card, or nothing; Phips without a card."""
    rows = rows6(p0=["magistrate", "naw", "constable"])
    s = at_turn(6, 1, rows=rows, chars=plain_chars(6, p0="william_phips"), hands=[[]] * 6)
    _draw_next(s, "night")
    s.apply_action(("draw",))
    while s.dec[0] != "confess":
        s.apply_action(s.legal_actions()[0])
    assert s.legal_actions() == [
        ("confess", "none"),
        ("confess", "constable"),
        ("confess", "naw"),
        ("confess", "phips"),
    ]
    s.apply_action(("confess", "phips"))
    assert s.observation(1)["dec"][0] == "secret"


def test_matchmaker_chain_even_through_protection_R_MATCH():
    """[R-MATCH] a Matchmaker holder's elimination takes the partner, even a confessed one;
    Mary Warren is never chained, but her partner still dies."""
    rows = rows6()
    s = at_turn(6, 1, rows=rows, chars=plain_chars(6), hands=[[]] * 6)
    s = edited(
        s,
        {
            "seat.2.tokens": ["matchmaker"],
            "seat.3.tokens": ["matchmaker"],
            "town.centre": ["asylum", "piety"],
        },
    )
    s = _night(s, 2, confess={3: "naw"})
    assert not s.alive[2] and not s.alive[3]
    s = at_turn(6, 1, rows=rows, chars=plain_chars(6, p3="mary_warren"), hands=[[]] * 6)
    s = edited(
        s,
        {
            "seat.2.tokens": ["matchmaker"],
            "seat.3.tokens": ["matchmaker"],
        },
    )
    s = _night(s, 2)
    assert not s.alive[2] and s.alive[3]
    s = at_turn(6, 1, rows=rows, chars=plain_chars(6, p3="mary_warren"), hands=[[]] * 6)
    s = edited(
        s,
        {
            "seat.2.tokens": ["matchmaker"],
            "seat.3.tokens": ["matchmaker"],
        },
    )
    s = _night(s, 3)
    assert not s.alive[2] and not s.alive[3]


def test_matchmaker_both_teams_lose_guard_13_4():
    """[R-MATCH] if the chain would make both teams lose, only the target dies: the game ends
    on the target's elimination before the partner is chained."""
    rows = [["naw"], ["witch"], ["naw", "naw"], [], [], []]
    s = at_turn(6, 1, pos=2, rows=rows, chars=plain_chars(6), hands=[[], [], ["witness"], [], [], []])
    for p in (3, 4, 5):
        s._set_alive(p, False)
    s.tokens[0] = ["matchmaker"]
    s.tokens[1] = ["matchmaker"]
    # the witch (1) is revealed -> town wins at once; its partner 0 is never chained
    play(s, ("play", "witness"), ("target", 1))
    assert s.result[0] == "town" and s.alive[0]


def test_second_matchmaker_cannot_be_received_R_MATCH():
    """[R-MATCH] a seat holding a Matchmaker cannot receive the second one (Blessing)."""
    s = at_turn(6, 1, rows=rows6(), chars=plain_chars(6), hands=[["blessing"]] + [[]] * 5)
    s.tokens[2] = ["matchmaker"]
    s.centre.remove("matchmaker")
    play(s, ("play", "blessing"), ("token", "matchmaker"))
    assert ("target", 2) not in s.legal_actions() and ("target", 3) in s.legal_actions()


# ------------------------------------------------------------------ green cards and coins
def test_blessing_and_curse_R_BLESS():
    """[R-BLESS] Blessing gives an unassigned token; Curse returns one; no target -> unplayable."""
    s = at_turn(6, 1, rows=rows6(), chars=plain_chars(6), hands=[["blessing", "curse"]] + [[]] * 5)
    assert ("play", "curse") not in s.legal_actions()  # no other seat holds a token
    play(s, ("play", "blessing"), ("token", "asylum"), ("target", 4))
    assert s.tokens[4] == ["asylum"] and "asylum" not in s.centre
    play(s, ("play", "curse"), ("target", 4), ("token", "asylum"))
    assert s.tokens[4] == [] and "asylum" in s.centre


def test_shillings_give_and_spend_R_SHIL():
    """[R-SHIL] Shilling card gives a coin; spending one looks at a blind card (private)."""
    s = at_turn(6, 1, rows=rows6(), chars=plain_chars(6), hands=[["shilling"], [], [], [], [], []])
    play(s, ("play", "shilling"), ("target", 1), ("end",))
    assert s.coins[1] == 1 and s.supply == 11
    assert s.turn_pos == 1
    assert ("look", 5) in s.legal_actions()
    s.apply_action(("look", 5))
    assert s.coins[1] == 0 and s.supply == 12
    assert len(s.facts[1]) == 1 and s.facts[1][0][0] == 5
    assert s.observation(1)["facts"] == tuple(s.facts[1])
    assert s.observation(2)["facts"] == ()
    assert s.dec == ("action", 1, ())  # still its turn action to take


def test_shilling_with_empty_supply_still_playable_A_21():
    """[A-21] a Shilling card with an empty supply is playable and does nothing."""
    s = at_turn(6, 1, rows=rows6(), chars=plain_chars(6), hands=[["shilling"], [], [], [], [], []])
    s = edited(
        s,
        {
            "town.supply": 0,
        },
    )
    play(s, ("play", "shilling"), ("target", 1))
    assert s.coins[1] == 0 and "shilling" in s.discard


def test_alibi_removes_up_to_three_never_witness_A_06():
    """[A-06] Alibi: a subset of red cards worth at most 3; never a Witness."""
    s = at_turn(6, 1, rows=rows6(), chars=plain_chars(6), hands=[["alibi"]] + [[]] * 5)
    s = edited(
        s,
        {
            "seat.2.red_cards": ["accusation", "accusation", "evidence", "witness"],
        },
    )
    play(s, ("play", "alibi"), ("target", 2))
    legal = s.legal_actions()
    assert ("alibi", 0, 1) in legal and ("alibi", 2, 0) in legal and ("alibi", 1, 1) not in legal
    s.apply_action(("alibi", 0, 1))
    assert sorted(s.reds[2]) == ["accusation", "accusation", "witness"]


def test_arson_robbery_and_sarah_good_D_3():
    """[D-1][D-3] Arson discards a hand, Robbery moves it; Sarah Good is immune as victim."""
    hands = [["arson", "robbery"], ["accusation"], ["stocks"], ["evidence"], [], []]
    s = at_turn(6, 1, rows=rows6(), chars=plain_chars(6, p3="sarah_good"), hands=hands)
    play(s, ("play", "arson"), ("target", 1))
    assert s.hand[1] == [] and "accusation" in s.discard
    play(s, ("play", "robbery"), ("target", 2), ("target2", 4))
    assert s.hand[2] == [] and s.hand[4] == ["stocks"]
    s = at_turn(6, 1, rows=rows6(), chars=plain_chars(6, p3="sarah_good"), hands=hands)
    play(s, ("play", "arson"), ("target", 3))
    assert s.hand[3] == ["evidence"]


def test_scapegoat_moves_reds_stocks_tokens_A_24():
    """[A-24] Scapegoat moves red cards, Stocks and tokens; a duplicate Matchmaker goes to the
    centre; the Scapegoat player causes any resulting reveal."""
    s = at_turn(6, 1, rows=rows6(), chars=plain_chars(6), hands=[["scapegoat"]] + [[]] * 5)
    s = edited(
        s,
        {
            "seat.1.red_cards": ["accusation"] * 3,
            "seat.1.stocks": 1,
            "seat.1.tokens": ["matchmaker", "asylum"],
            "seat.2.tokens": ["matchmaker"],
            "town.centre": ["piety"],
        },
    )
    play(s, ("play", "scapegoat"), ("target", 1), ("target2", 2))
    assert s.reds[1] == [] and s.stocks[1] == 0 and s.tokens[1] == []
    assert s.reds[2] == ["accusation"] * 3 and s.stocks[2] == 1
    assert sorted(s.tokens[2]) == ["asylum", "matchmaker"] and sorted(s.centre) == ["matchmaker", "piety"]


def test_scapegoat_and_robbery_need_two_other_seats_A_24():
    """[A-24] Scapegoat moves from one seat to another and Robbery takes from one to give
    to another: with a single other seat alive neither is offered, even when that seat has
    what Scapegoat would move."""
    s = at_turn(6, 1, rows=rows6(), chars=plain_chars(6), hands=[["robbery", "scapegoat"]] + [[]] * 5)
    s = edited(
        s,
        {
            "seat.1.red_cards": ["accusation"],
        },
    )
    assert ("play", "scapegoat") in s.legal_actions() and ("play", "robbery") in s.legal_actions()
    for q in range(2, 6):
        s._set_alive(q, False)
    assert not {("play", "scapegoat"), ("play", "robbery")} & set(s.legal_actions())


# ------------------------------------------------------------------ specials
def test_special_fires_on_elimination_flip_R_SPEC():
    """[R-SPEC][A-16] a special flipped while its holder leaves still fires (holder decides)."""
    # the last face-down card is the Inquisitor: its reveal eliminates the holder
    rows = rows6(p2=["inquisitor"])
    s = at_turn(6, 1, rows=rows, chars=plain_chars(6), hands=[["witness"]] + [[]] * 5)
    play(s, ("play", "witness"), ("target", 2))
    assert not s.alive[2]
    assert s.dec[0] == "inquisitor" and s.dec[1] == 2
    s.apply_action(("inquire", 5))
    assert len(s.face_up[5]) == 1


def test_special_not_fired_when_flip_ends_game_R_SPEC():
    """[R-SPEC] no ability when the reveal ends the game (town check first)."""
    rows = rows6(p5=["witch", "gravedigger"])
    s = at_turn(6, 1, rows=rows, chars=plain_chars(6))
    reveal(s, 5, "witch", 0, "accuse")
    assert s.result[0] == "town" and s.dec is None


def test_pickpocket_steals_from_accuser_even_sarah_good_A_15():
    """[A-15] Pickpocket steals a blind card from the accuser; Sarah Good is not immune."""
    rows = rows6(p2=["pickpocket"] * 1 + ["naw"] * 4)
    s = at_turn(
        6,
        1,
        rows=rows,
        chars=plain_chars(6, p0="sarah_good"),
        hands=[["witness", "stocks"], [], [], [], [], []],
    )
    s.face_down[2] = ["pickpocket", "pickpocket"]  # whichever is picked, it is the Pickpocket
    play(s, ("play", "witness"), ("target", 2))
    assert s.hand[0] == [] and s.hand[2] == ["stocks"]


def test_pickpocket_card_follows_leaving_hand_to_proctor_A_15():
    """[A-15][A-25] a leaving Pickpocket holder's stolen card goes with its hand; John Proctor
    may then pick it."""
    rows = rows6(p2=["pickpocket"])
    s = at_turn(
        6,
        1,
        rows=rows,
        chars=plain_chars(6, p4="john_proctor"),
        hands=[["witness", "evidence"], [], [], [], [], []],
    )
    play(s, ("play", "witness"), ("target", 2))
    assert not s.alive[2]
    assert s.dec[0] == "loot" and s.dec[1] == 4
    assert s.observation(s.game.human[4])["loot_hand"] == ("evidence",)
    assert s.observation(1)["loot_hand"] is None
    s.apply_action(("loot", "evidence"))
    assert s.hand[4] == ["evidence"] and s.hand[0] == []


def test_gravedigger_revives_eliminated_seat_A_18():
    """[A-18] Gravedigger turns a face-up card of another seat face-down; an eliminated seat
    returns to the turn order with an empty hand; the card's identity is public."""
    rows = rows6(p1=["gravedigger", "naw"], p3=[])
    s = at_turn(6, 1, rows=rows, chars=plain_chars(6), hands=[["witness"]] + [[]] * 5)
    s._set_alive(3, False)
    s.face_up[3] = ["naw", "naw", "constable"]
    s.face_down[1] = ["gravedigger", "gravedigger"]
    play(s, ("play", "witness"), ("target", 1))
    assert s.dec[0] == "gravedigger"
    assert ("revive", 1, "gravedigger") not in s.legal_actions()  # not its own card
    assert s.n_living == 5
    s.apply_action(("revive", 3, "constable"))
    assert s.alive[3] and s.face_down[3] == ["constable"] and s.constable() == 3
    assert s.n_living == 6 and s.clone().n_living == 6
    assert (3, "constable") in s.observation(2)["pub_facts"]
    assert s.hand[3] == []


def test_charlatan_swaps_three_seats_A_17():
    """[A-17] Charlatan: three distinct seats (holder may be one) swap one blind card each;
    roles update as in a Conspiracy."""
    rows = rows6(p1=["charlatan", "charlatan"], p2=["witch"] * 3, p3=["constable"] * 3)
    s = at_turn(6, 1, rows=rows, chars=plain_chars(6), hands=[["witness"]] + [[]] * 5)
    play(s, ("play", "witness"), ("target", 1))
    assert s.dec[0] == "charlatan"
    play(s, ("charlatan", 1), ("charlatan", 2), ("charlatan", 3))
    assert [len(s.face_down[p]) for p in (1, 2, 3)] == [1, 3, 3]
    got = sorted(s.face_down[1] + s.face_down[2] + s.face_down[3])
    assert got == sorted(["charlatan", "witch", "witch", "witch", "constable", "constable", "constable"])
    for p in (1, 2, 3):
        if "witch" in s.face_down[p]:
            assert s.ever_witch[p]  # a receiver of a Witch card joins the witches
    assert s.ever_witch[2]  # the giver stays a witch


def test_magistrate_moves_a_token_A_20():
    """[A-20] Magistrate: any token (own, another's, centre) to another living seat != H;
    Piety leaving a seat re-checks its threshold."""
    rows = rows6(p1=["magistrate", "magistrate"])
    s = at_turn(6, 1, rows=rows, chars=plain_chars(6), hands=[["witness"]] + [[]] * 5)
    s.tokens[4] = ["piety"]
    s.centre.remove("piety")
    s.reds[4] = ["accusation"] * 8
    play(s, ("play", "witness"), ("target", 1))
    assert s.dec[0] == "mag_from"
    assert ("mag_from", 4, "piety") in s.legal_actions() and ("mag_from", -1, "asylum") in s.legal_actions()
    s.apply_action(("mag_from", 4, "piety"))
    assert ("mag_to", 1) not in s.legal_actions() and ("mag_to", 4) not in s.legal_actions()
    s.apply_action(("mag_to", 2))
    assert s.tokens[2] == ["piety"] and s.reds[4] == [] and len(s.face_up[4]) == 1


def test_inquisitor_keeps_accusations_A_19():
    """[A-19] Inquisitor reveals a blind card of another living seat; its reds stay."""
    rows = rows6(p1=["inquisitor", "inquisitor"])
    s = at_turn(6, 1, rows=rows, chars=plain_chars(6), hands=[["witness"]] + [[]] * 5)
    s.reds[3] = ["accusation"] * 2
    play(s, ("play", "witness"), ("target", 1), ("inquire", 3))
    assert len(s.face_up[3]) == 1 and s.reds[3] == ["accusation"] * 2


# ------------------------------------------------------------------ characters
def test_giles_corey_bonus_on_two_accusations_A_39():
    """[A-39] both cards of Giles Corey's Draw are plain Accusations: a third card."""
    s = at_turn(6, 1, rows=rows6(), chars=plain_chars(6, p0="giles_corey"), hands=[[]] * 6)
    s = edited(
        s,
        {
            "town.deck": ["night"] + ["stocks"] * 3 + ["accusation", "accusation"],
        },
    )
    s.apply_action(("draw",))
    assert sorted(s.hand[0]) == ["accusation", "accusation", "stocks"]
    s = at_turn(6, 1, rows=rows6(), chars=plain_chars(6, p0="giles_corey"), hands=[[]] * 6)
    s = edited(
        s,
        {
            "town.deck": ["night"] + ["stocks"] * 3 + ["evidence", "accusation"],
        },
    )
    s.apply_action(("draw",))
    assert len(s.hand[0]) == 2


def test_will_griggs_alibi_as_witness_A_42():
    """[D-3][A-42] Will Griggs plays an Alibi as a 7-point Witness (also against Piety)."""
    s = at_turn(6, 1, rows=rows6(), chars=plain_chars(6, p0="will_griggs"), hands=[["alibi"]] + [[]] * 5)
    assert ("play", "alibi_w") in s.legal_actions()
    play(s, ("play", "alibi_w"), ("target", 2))
    assert len(s.face_up[2]) == 1


def test_abigail_clears_own_reds_after_causing_reveal_D_3():
    """[D-3] Abigail Williams causing a reveal may discard the reds in front of herself."""
    s = at_turn(
        6, 1, rows=rows6(), chars=plain_chars(6, p0="abigail_williams"), hands=[["witness"]] + [[]] * 5
    )
    s = edited(
        s,
        {
            "seat.0.red_cards": ["accusation"] * 3,
        },
    )
    play(s, ("play", "witness"), ("target", 2))
    assert s.dec[0] == "abigail"
    s.apply_action(("yes",))
    assert s.reds[0] == [] and len(s.face_up[2]) == 1


def test_ann_putnam_draws_two_before_reveal_A_29():
    """[A-29] Ann Putnam causing a reveal may first draw two cards."""
    s = at_turn(6, 1, rows=rows6(), chars=plain_chars(6, p0="ann_putnam"), hands=[["witness"]] + [[]] * 5)
    s.deck = ["night"] + ["stocks"] * 5
    play(s, ("play", "witness"), ("target", 2))
    assert s.dec[0] == "ann" and s.face_up[2] == []
    s.apply_action(("yes",))
    assert s.hand[0] == ["stocks", "stocks"] and len(s.face_up[2]) == 1


def test_rebecca_nurse_draws_on_other_reveals_not_confession_A_28():
    """[A-28] Rebecca Nurse may draw for another seat's reveal (not confession/elim flips)."""
    s = at_turn(6, 1, rows=rows6(), chars=plain_chars(6, p4="rebecca_nurse"), hands=[["witness"]] + [[]] * 5)
    s.deck = ["night"] + ["stocks"] * 5
    play(s, ("play", "witness"), ("target", 2))
    assert s.dec[0] == "rebecca" and s.dec[1] == 4
    s.apply_action(("yes",))
    assert s.hand[4] == ["stocks"]
    s = at_turn(6, 1, rows=rows6(), chars=plain_chars(6, p4="rebecca_nurse"))
    reveal(s, 2, "naw", -1, "confess")
    assert s.tasks == []


def test_samuel_parris_takes_from_discard_A_43():
    """[A-43] Samuel Parris: whole turn = take up to 2 non-black discards; two uses."""
    s = at_turn(6, 1, rows=rows6(), chars=plain_chars(6, p0="samuel_parris"), hands=[[]] * 6)
    s = edited(
        s,
        {
            "town.discard": ["conspiracy", "evidence", "witness"],
        },
    )
    play(s, ("parris",))
    assert ("take", "conspiracy") not in s.legal_actions()
    play(s, ("take", "witness"), ("take", "evidence"))
    assert sorted(s.hand[0]) == ["evidence", "witness"] and s.turn_pos == 1
    assert s._used(0, "parris") == 1


def _tituba_turn(deck=None):
    """Tituba (seat 0) at the start of her turn, her ability unused; `deck` listed top last."""
    s = at_turn(6, 1, rows=rows6(), chars=plain_chars(6, p0="tituba", p1="samuel_parris"), hands=[[]] * 6)
    if deck is not None:
        s.deck = list(deck)
        s.night_in_deck = "night" in deck
    s.tasks = [("turn_begin", 0)]
    s.dec = None
    s._run()
    return s


def test_tituba_moves_night_and_sees_deck_16():
    """[16][A-44] Tituba once per game at the start of her turn: looks through the deck and
    may move the Night (then draws it); she alone sees the deck order until the next rebuild."""
    s = _tituba_turn()
    assert s.dec[0] == "tituba"
    assert s.legal_actions() == [("tituba", "look"), ("tituba", "skip")]
    s.apply_action(("tituba", "look"))
    assert s._used(0, "tituba") == 1 and s.observation(0)["deck"] == tuple(s.deck)
    assert s.observation(1)["deck"] is None and s.observation(1)["dec"] == ("tituba_order", 0, (0,))
    s.apply_action(("tituba", "night"))
    assert s.deck[-1] == "night"
    s.apply_action(("tituba", "done"))
    assert s.dec[0] == "action"
    s.apply_action(("draw",))
    assert s.in_night
    s = _tituba_turn()
    s.apply_action(("tituba", "skip"))
    assert s.dec[0] == "action" and s._used(0, "tituba") == 0 and s.deck_known == -1


def test_tituba_reaches_every_order_of_the_deck_A_44():
    """[A-44][D-3] "reorder the draw pile as you like": card by card from the top, each
    choice among the kinds of card left, Tituba can reach every order of the deck; 'done'
    leaves the rest in its order; the last card needs no choice."""
    from itertools import permutations

    deck = ["accusation", "night", "evidence", "accusation", "conspiracy"]
    orders = set(permutations(deck))
    assert len(orders) == 60
    reached = set()
    for order in orders:
        s = _tituba_turn(deck)
        s.apply_action(("tituba", "look"))
        while s.dec[0] == "tituba_order":
            placed = s.dec[2][0]
            legal = s.legal_actions()
            rest = s.deck[: len(s.deck) - placed]
            assert legal == [("tituba", "done")] + [("tituba", c) for c in sorted(set(rest))]
            s.apply_action(("tituba", order[len(order) - 1 - placed]))
        assert s.dec[0] == "action"
        reached.add(tuple(s.deck))
    assert reached == orders
    s = _tituba_turn(deck)
    play(s, ("tituba", "look"), ("tituba", "conspiracy"), ("tituba", "evidence"), ("tituba", "done"))
    assert s.deck == ["accusation", "night", "accusation", "evidence", "conspiracy"]
    assert _tituba_turn(["accusation"]).legal_actions() == [("tituba", "skip")]


def test_john_and_martha_alternate_loot_A_25():
    """[16][A-25] John Proctor and Martha (copying him) pick alternately, John first, <= 3 each."""
    chars = plain_chars(6, p2="john_proctor", p3="martha_corey")
    s = at_turn(6, 1, rows=rows6(p4=["naw"]), chars=chars, hands=[["witness"], [], [], [], ["a", "b"], []])
    s.hand[4] = ["evidence", "stocks", "arson", "curse", "alibi", "robbery", "scapegoat", "accusation"]
    play(s, ("play", "witness"), ("target", 4))
    order = []
    while s.dec[0] == "loot":
        order.append(s.dec[1])
        s.apply_action(s.legal_actions()[1])
    assert order == [2, 3, 2, 3, 2, 3]
    assert len(s.hand[2]) == 3 and len(s.hand[3]) == 3 and len(s.discard) >= 2


def test_martha_copies_nearest_living_right_D_3():
    """[D-3] Martha Corey copies the nearest living seat on her right, dynamically."""
    s = at_turn(
        6, 1, rows=rows6(), chars=plain_chars(6, p1="george_burroughs", p2="cotton_mather", p3="martha_corey")
    )
    assert s.abil(3) == "cotton"
    s._set_alive(2, False)
    assert s.abil(3) == "burroughs" and s._normal(3) == 8


# ------------------------------------------------------------------ ghosts (2-3 players)
def test_ghost_turn_discards_and_black_cards_resolve_19_3():
    """[19.3][A-31] a ghost's turn discards the top card; a black card discarded resolves."""
    s = at_turn(2, 1, pos=0, rows=[NAW5, NAW5, ["witch"] + ["naw"] * 4, NAW5], hands=[[], [], [], []])
    s = edited(
        s,
        {
            "town.deck": ["night", "stocks", "stocks", "accusation"],
        },
    )
    n = len(s.discard)
    s.apply_action(("draw",))  # seat 0 draws 2; ghost at 1 discards the top card
    assert s.discard[-1] == "stocks" and len(s.discard) == n + 1 and s.turn_pos == 2


def test_ghost_peek_discards_two_19_3():
    """[19.3] a player may look at a ghost's blind card instead; 2 deck cards are discarded."""
    s = at_turn(
        2, 1, pos=0, rows=[NAW5, ["constable"] * 5, ["witch"] + ["naw"] * 4, NAW5], hands=[[], [], [], []]
    )
    s.deck = ["night", "stocks", "accusation", "evidence"]
    s.apply_action(("peek", 1))
    assert (1, "constable") in s.facts[0]
    # the peek discards two (evidence, accusation); then the ghost's own turn discards one
    assert s.discard[-3:] == ["evidence", "accusation", "stocks"]


def test_ghost_night_damage_two_reveals_and_any_elimination_witch_win_19_7():
    """[19.7][19.9] the night victim loses two cards; any elimination is a witch win."""
    rows = [NAW5, NAW5, ["witch"] + ["naw"] * 4, NAW5]
    s = at_turn(2, 1, pos=0, rows=rows, hands=[[], [], [], []])
    s = _night(s, 3, gavel=-1)
    assert len(s.face_up[3]) == 2 and s.result is None
    rows = [NAW5, ["naw", "naw"], ["witch"] + ["naw"] * 4, NAW5]
    s = at_turn(2, 1, pos=0, rows=rows, hands=[[], [], [], []])
    s = _night(s, 1, gavel=-1)
    assert s.result[0] == "witch" and s.result[1] == "witches win: a seat was eliminated"
    assert s.outcome().winners == (1,)


def test_ghost_witch_win_is_a_loss_for_every_player_19_9_A_32():
    """[19.9][A-32] the only Witch card is a ghost's and a seat is eliminated: the witches
    win, and as ghosts neither win nor lose, every player has lost (ranked below the
    ghost's win, not tied for first as in a draw)."""
    rows = [NAW5, ["witch"] + ["naw"] * 4, NAW5, ["naw"]]
    s = at_turn(2, 1, pos=0, rows=rows, hands=[["witness"], [], [], []])
    play(s, ("play", "witness"), ("target", 3))
    out = s.outcome()
    assert s.result[0] == "witch" and out.winners == ()
    assert out.ranks == (2, 2) and "every player loses" in out.reason
    assert s.returns() == [0.0, 0.0] and s.scores() == [(0,), (0,)]
    s = at_turn(2, 1, pos=0, rows=rows, hands=[[], [], [], []], max_turns=20)
    s = edited(
        s,
        {
            "day.turns": 20,
        },
    )
    s.apply_action(("draw",))
    assert s.outcome().winners == () and s.outcome().ranks == (1, 1)  # a draw is a tie


def test_ghost_mode_constable_may_gavel_self_or_nobody_19_6():
    """[19.6] in ghost mode the Constable may gavel itself or nobody."""
    rows = [["constable"] + ["naw"] * 4, NAW5, ["witch"] + ["naw"] * 4, NAW5]
    s = at_turn(2, 1, pos=0, rows=rows, hands=[[], [], [], []])
    _draw_next(s, "night")
    s.apply_action(("draw",))
    while s.dec[0] != "gavel":
        s.apply_action(s.legal_actions()[0])
    assert ("gavel", -1) in s.legal_actions() and ("gavel", 0) in s.legal_actions()


def test_ghost_mode_town_wins_when_witch_revealed_first_A_31():
    """[A-31] revealing the only Witch card is a town win even though it eliminates."""
    rows = [NAW5, NAW5, ["witch"], NAW5]
    s = at_turn(2, 1, pos=0, rows=rows, hands=[["witness"], [], [], []])
    play(s, ("play", "witness"), ("target", 2))
    assert s.result[0] == "town" and s.outcome().winners == (0,)


def test_ghost_mode_characters_off_19_2():
    """[19.2] character abilities are off with ghosts."""
    s = at_turn(2, 1, pos=0, rows=[NAW5, NAW5, ["witch"] + ["naw"] * 4, NAW5], hands=[[], [], [], []])
    s = edited(
        s,
        {
            "seat.0.character": "george_burroughs",
        },
    )
    assert s.abil(0) is None and s._normal(0) == 7


# ------------------------------------------------------------------ params and data
def test_params_errors_say_what_is_allowed():
    with pytest.raises(ParamError, match="4-12"):
        load_game("salem", players=3, mode="standard")
    with pytest.raises(ParamError, match="max_turns"):
        load_game("salem", players=6, max_turns=5)


def test_outcome_in_progress_and_terminal():
    s = game(6).new_initial_state(1)
    assert s.current_player() != TERMINAL
    rng = random.Random(1)
    while not s.is_terminal():
        s.apply_action(s.random_action(rng))
    out = s.outcome()
    assert out.reason.split(":")[0] in ("town wins", "witches win", "draw")
    assert set(out.winners) <= set(range(6))


@pytest.mark.parametrize("n", [2, 3, 5, 7, 12])
def test_invariants_over_random_games_R_WIN(n):
    """[R-WIN] invariant: a running game always has a living ever-witch seat (4-12) and a
    face-down Witch card; the 59 playing cards, 5 tokens, 12 coins and every trial card are
    conserved; Night is in the deck except during a night."""
    g = game(n)
    total_trial = sum(len(r) for r in g.new_initial_state(0).face_down)
    for seed in range(15):
        s = g.new_initial_state(seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            cards = (
                list(s.deck)
                + list(s.discard)
                + [c for h in s.hand for c in h]
                + [c for r in s.reds for c in r]
                + ["stocks"] * sum(s.stocks)
            )
            limbo = s._limbo()
            if limbo:
                cards.append(limbo)
            if not s.night_in_deck:
                cards.append("night")
            assert sorted(cards) == sorted(g.data.deck)
            toks = sorted(s.centre + [t for r in s.tokens for t in r])
            assert toks == ["asylum", "black_cat", "matchmaker", "matchmaker", "piety"] or (
                s.first_turn and "black_cat" not in toks
            )
            assert s.supply + sum(s.coins) == 12
            assert sum(len(r) for r in s.face_down) + sum(len(r) for r in s.face_up) == total_trial
            assert any("witch" in r for r in s.face_down)
            if not g.ghost_mode:
                assert any(s.alive[p] and s.ever_witch[p] for p in range(s.N))
            assert s.night_in_deck == ("night" in s.deck)
            for p in range(s.N):
                if "witch" in s.face_down[p]:
                    assert s.ever_witch[p]
                assert s.tokens[p].count("matchmaker") <= 1
            s.apply_action(s.random_action(rng))


def test_turn_limit_safeguard_is_a_draw():
    """Safeguard (not a printed rule, the spec has none): the printed game can loop (nights
    with protected victims, Alibis), so after max_turns seat turns it is a draw."""
    s = at_turn(6, 1, rows=rows6(), chars=plain_chars(6), max_turns=20)
    assert s.game.max_turns == 20
    s.turns = 20
    s.deck = ["night"] + ["stocks"] * 4
    s.apply_action(("draw",))
    out = s.outcome()
    assert s.is_terminal() and out.winners == () and "safeguard" in out.reason
    assert game(12).max_turns == 720 and game(12).max_game_length() >= 60 * 720


def test_leaving_seat_orders_several_specials_A_16():
    """[A-16] several specials flipped by one elimination: the leaving seat picks the order."""
    rows = rows6(p2=["inquisitor", "magistrate"])
    s = at_turn(6, 1, rows=rows, chars=plain_chars(6), hands=[[]] * 6)
    _draw_next(s, "night")
    s.apply_action(("draw",))
    while s.in_night and s.dec[0] != "spec_order":
        kind = s.dec[0]
        s.apply_action(
            ("victim", 2)
            if kind == "victim"
            else ("confess", "none")
            if kind == "confess"
            else s.legal_actions()[0]
        )
    assert not s.alive[2] and s.dec == ("spec_order", 2, (("inquisitor", "magistrate"), -1))
    s.apply_action(("special", "magistrate"))
    assert s.dec[0] == "mag_from" and s.dec[1] == 2
    s.apply_action(s.legal_actions()[0])
    s.apply_action(s.legal_actions()[0])
    assert s.dec[0] == "inquisitor" and s.dec[1] == 2


def test_ghost_mode_all_players_witches_last_convert_loses_19_9():
    """[19.9][A-32] with ghosts: every player a witch -> witches win, the last convert loses;
    a ghost receiver's blind pick is engine-made (A-31)."""
    rows = [["witch"] + ["naw"] * 4, NAW5, NAW5, ["witch"] * 5]
    s = at_turn(2, 1, pos=0, rows=rows, hands=[[], [], [], []])
    _draw_next(s, "conspiracy")
    s.apply_action(("draw",))
    assert s.result[0] == "witch" and s.result[2] == (2,)
    assert s.outcome().winners == (0,)
    assert s.outcome().reason == "witches win: every player became a witch"


def test_evil_constable_votes_then_gavels_16():
    """[16][R-SETUP-6] a seat can be witch and Constable: it votes with the witches and then
    places the gavel (it may protect anyone but itself)."""
    rows = rows6(p5=["witch", "constable", "naw", "naw", "naw"])
    s = at_turn(6, 1, rows=rows, chars=plain_chars(6), hands=[[]] * 6)
    _draw_next(s, "night")
    s.apply_action(("draw",))
    kinds = []
    while s.in_night:
        kinds.append((s.dec[0], s.dec[1]))
        kind = s.dec[0]
        s.apply_action(
            ("victim", 2)
            if kind == "victim"
            else ("gavel", 2)
            if kind == "gavel"
            else ("confess", "none")
            if kind == "confess"
            else s.legal_actions()[0]
        )
    assert ("victim", 5) in kinds and ("gavel", 5) in kinds
    assert kinds.index(("victim", 5)) + 1 == kinds.index(("gavel", 5))
    assert s.alive[2]  # protected by the evil Constable's own gavel


# ------------------------------------------------------------------ flags and variants (21, 18)
def test_flag_witch_decision_leader_A_02():
    """[A-02] witch_decision=leader: one random witch's choice is the team's."""
    s = at_turn(
        6,
        1,
        rows=rows6(p1=["witch"] + ["naw"] * 4),
        chars=plain_chars(6),
        hands=[[]] * 6,
        witch_decision="leader",
    )
    s = edited(
        s,
        {
            "day.votes": {1: 3, 5: 4},
        },
    )
    picks = set()
    for k in range(30):
        t = s.clone()
        t.rng.seed(k)
        picks.add(plurality(t, t._living()))
    assert picks == {3, 4}
    with pytest.raises(ParamError):
        game(6, witch_decision="dictator")


def test_flag_standard_edition_two_witches_eliminates_at_once_A_12():
    """[A-12] double_witch_survives=false: the first Witch reveal eliminates (standard rule);
    its other face-down cards flip, so the second Witch card is revealed too."""
    rows = rows6(p5=["witch", "witch", "naw"], p1=["witch", "naw"])
    s = at_turn(6, 1, rows=rows, chars=plain_chars(6), double_witch_survives=False)
    reveal(s, 5, "witch", 0, "accuse")
    assert not s.alive[5] and not s.announced[5] and s.face_down[5] == []


def test_variant_more_witches_18_2():
    """[18.2][A-33] one more Witch card in place of a Not-a-Witch card."""
    for n, w in ((4, 2), (6, 3), (12, 3)):
        g = game(n, more_witches=True)
        cards = [c for r in g.new_initial_state(1).face_down for c in r]
        assert cards.count("witch") == w
        assert len(cards) == sum(len(r) for r in game(n).new_initial_state(1).face_down)
    with pytest.raises(ParamError):
        load_game("salem", players=2, mode="ghosts", more_witches=True)


def test_variant_dead_tell_their_team_18_4():
    """[18.4][A-35] reveal_team_on_death: an eliminated seat's team becomes public."""
    s = at_turn(
        6,
        1,
        rows=rows6(p2=["naw"]),
        chars=plain_chars(6),
        hands=[["witness"]] + [[]] * 5,
        reveal_team_on_death=True,
    )
    s = edited(
        s,
        {
            "seat.2.witch": True,  # it once held a Witch card
        },
    )
    assert s.observation(0)["dead_team"][2] is None
    play(s, ("play", "witness"), ("target", 2))
    assert s.observation(0)["dead_team"][2] is True
    assert s.determinize(0, random.Random(1)).ever_witch[2]
    s2 = at_turn(6, 1, rows=rows6(), chars=plain_chars(6))
    assert s2.observation(0)["dead_team"] is None


def test_variant_pooled_conspiracy_18_1():
    """[18.1] pooled Conspiracy: one blind card from every living seat, shuffled, one dealt
    back to each; counts unchanged; a Witch receiver joins the witches."""
    rows = [["witch"] * 5] + [["naw"] * 5 for _ in range(5)]
    outcomes = set()
    for seed in range(12):
        s = at_turn(6, seed, pos=3, rows=rows, chars=plain_chars(6), pooled_conspiracy=True)
        _draw_next(s, "conspiracy")
        s.apply_action(("draw",))
        assert all(len(r) == 5 for r in s.face_down)
        holder = [p for p in range(1, 6) if "witch" in s.face_down[p]]
        assert len(holder) <= 1 and all(s.ever_witch[p] for p in holder)
        outcomes.add(tuple(holder))
    assert len(outcomes) > 2  # not always the neighbour, unlike the normal pass


def test_flag_proctor_whole_hand_A_25():
    """[A-25] proctor_mode=whole_hand: John Proctor takes the whole hand (standard text)."""
    s = at_turn(
        6,
        1,
        rows=rows6(p4=["naw"]),
        chars=plain_chars(6, p2="john_proctor"),
        hands=[["witness"], [], [], [], ["evidence", "stocks", "arson", "curse"], []],
        proctor_mode="whole_hand",
    )
    play(s, ("play", "witness"), ("target", 4))
    assert sorted(s.hand[2]) == ["arson", "curse", "evidence", "stocks"]


def test_flag_ghost_constable_reveal_is_witch_win_A_31():
    """[A-31] flag: standard 2-3 player rule, a revealed Constable card is a witch win."""
    rows = [NAW5, ["constable"] * 2, ["witch"] + ["naw"] * 4, NAW5]
    s = at_turn(
        2, 1, pos=0, rows=rows, hands=[["witness"], [], [], []], ghost_constable_reveal_witch_win=True
    )
    play(s, ("play", "witness"), ("target", 1))
    assert s.result[0] == "witch" and s.outcome().winners == (1,)
    s = at_turn(2, 1, pos=0, rows=rows, hands=[["witness"], [], [], []])
    play(s, ("play", "witness"), ("target", 1))
    assert s.result is None


def test_variant_two_card_reveal_accused_picks_18_3():
    """[18.3] with 4-5 face-down cards the accused picks which of two pointed cards flips;
    the two cards are private to the accused."""
    rows = rows6(p2=["witch", "naw", "witch", "naw", "naw"])
    rows[5] = ["witch"] + ["naw"] * 4
    s = at_turn(6, 3, rows=rows, chars=plain_chars(6), hands=[["witness"]] + [[]] * 5, two_card_reveal=True)
    play(s, ("play", "witness"), ("target", 2))
    while s.dec[0] != "pick2":  # equal kinds pointed at: no choice, try again
        s = at_turn(
            6,
            s.rng.randrange(99),
            rows=rows,
            chars=plain_chars(6),
            hands=[["witness"]] + [[]] * 5,
            two_card_reveal=True,
        )
        play(s, ("play", "witness"), ("target", 2))
    assert s.current_player() == 2
    assert s.legal_actions() == [("flip", "naw"), ("flip", "witch")]
    assert s.observation(0)["dec"] == ("pick2", 2, ())
    assert s.determinize(0, random.Random(2)).observation(0) == s.observation(0)
    s.apply_action(("flip", "naw"))
    assert s.face_up[2] == ["naw"] and s.alive[2]


def test_night_prompts_reveal_no_roles_20_5():
    """[20.5] at night every living player is prompted exactly twice in seat order (victim
    round, gavel round) whatever its role; others only see a 'secret' step."""
    rows = rows6(p1=["constable"] + ["naw"] * 4, p3=["witch", "constable", "naw"])
    rows[1] = ["naw"] * 5
    s = at_turn(6, 1, rows=rows, chars=plain_chars(6), hands=[[]] * 6)
    s._set_alive(4, False)
    _draw_next(s, "night")
    s.apply_action(("draw",))
    order = []
    while s.dec[0] in ("victim", "gavel", "sleep"):
        order.append(s.dec[1])
        assert s.observation((s.dec[1] + 1) % 6)["dec"] == ("secret", s.dec[1], ())
        s.apply_action(s.legal_actions()[0])
    assert order == [0, 0, 1, 1, 2, 2, 3, 3, 5, 5]


@pytest.mark.parametrize(
    "n, kw", [(4, {}), (10, {}), (12, {}), (3, {}), (7, dict(pooled_conspiracy=True, two_card_reveal=True))]
)
def test_random_action_picks_as_the_legal_list_would(n, kw):
    """random_action skips building the list for sleep prompts and for targets among every
    living other; for one draw r it must still pick legal_actions()[int(r * len)] (the
    records of random play and of search rollouts depend on it)."""
    g = game(n, **kw)
    kinds = set()
    for seed in range(4):
        s = g.new_initial_state(seed)
        walk = random.Random(seed)
        while not s.is_terminal():
            legal = s.legal_actions()
            assert s.n_living == sum(s.alive)  # the count the target pick reads
            for k in range(3):
                r = random.Random(k).random()
                assert s.random_action(random.Random(k)) == legal[int(r * len(legal))]
            kinds.add(s.dec[0])
            s.apply_action(walk.choice(legal))
    assert {"sleep", "target"} <= kinds


@pytest.mark.parametrize("n", [6, 10, 12])
def test_recheck_tries_every_seat_at_its_threshold_R_TRIAL_1(n):
    """[R-TRIAL-1] After an elimination every living seat whose total reaches its threshold
    goes on trial; `_t_recheck` looks the threshold up only past the lowest one there can
    be, and must try exactly the seats the plain rule names."""
    g = game(n)
    tried = 0
    for seed in range(3):
        s = g.new_initial_state(seed)
        walk = random.Random(seed)
        while not s.is_terminal():
            for p in range(s.N):  # make some totals reach and pass the thresholds
                if s.alive[p] and walk.random() < 0.3:
                    s.reds[p] = s.reds[p] + ["accusation"] * walk.randrange(9)
            expected = [
                p
                for p in range(s.N)
                if s.alive[p] and s.face_down[p] and s.reds[p] and s._total(p) >= s._normal(p)
            ]
            copy = s.clone()
            copy.tasks = []
            t_recheck(copy)
            assert [task[1] for task in copy.tasks] == expected
            tried += len(expected)
            s.apply_action(walk.choice(s.legal_actions()))
    assert tried


def test_least_threshold_bounds_every_threshold_R_TRIAL_1():
    """The recheck's first test: no threshold is below the least of 7 and George Burroughs'
    value, each with and without the Piety multiplier (printed values or not)."""
    from automa.rules.salem.state import SalemRules

    g = game(6)
    assert SalemRules(g).least_normal == 7
    g.ab_param = dict(g.ab_param, burroughs={"value": 5})
    assert SalemRules(g).least_normal == 5


def _plain_targets(s, p, card, tok=None):
    """The seats a card can name, read straight from R-CARDS and the Laws: living others,
    narrowed by what the card does (the reference for `_la_target`'s one-pass loop)."""
    others = [q for q in range(s.N) if q != p and s.alive[q]]
    eff = "accuse" if card == "alibi_w" else s.game.data.effect[card]
    ghost = s.game.is_ghost
    if eff in ("accuse", "stocks"):
        return others
    if eff == "alibi":
        return [
            q
            for q in others
            if "accusation" in s.reds[q] or ("evidence" in s.reds[q] and alibi_options(s, q))
        ]
    if eff == "scapegoat":
        return [q for q in others if s.reds[q] or s.stocks[q] or s.tokens[q]]
    if eff in ("arson", "robbery", "shilling"):
        return [q for q in others if not ghost[q]]
    if eff == "curse":
        return [q for q in others if s.tokens[q]]
    if eff == "blessing":
        return [q for q in others if not (tok == "matchmaker" and "matchmaker" in s.tokens[q])]
    return []


def _plain_plays(s, p):
    """The ("play", card) actions R-TURN-2 offers p: each card in hand once, in card order,
    when it has a target (Scapegoat and Robbery need two other seats, a Blessing a token
    with a recipient); Will Griggs' Alibi as an Accusation too."""
    out = []
    others = [q for q in range(s.N) if q != p and s.alive[q]]
    if not others:
        return out
    for c in sorted(set(s.hand[p])):
        eff = s.game.data.effect[c]
        targets = _plain_targets(s, p, c)
        if eff == "alibi" and s.abil(p) == "griggs":
            out.append(("play", "alibi_w"))
        if eff == "robbery":
            ok = len(targets) >= 2
        elif eff == "scapegoat":
            ok = len(others) >= 2 and bool(targets)
        elif eff == "blessing":
            ok = any(_plain_targets(s, p, c, tok) for tok in set(s.centre))
        else:
            ok = bool(targets)
        if ok:
            out.append(("play", c))
    return out


@pytest.mark.parametrize("n, kw", [(4, {}), (10, {}), (12, {}), (3, {}), (2, {})])
def test_plays_and_targets_follow_each_card_R_CARDS(n, kw):
    """[R-CARDS] [R-LAW] The card plays a turn offers and the seats a card can name, at many
    positions with red cards, stocks and tokens scattered about, against the rules read
    plainly: the engine decides them in one pass over the seats per card."""
    g = game(n, **kw)
    cards = sorted(g.data.effect) + ["alibi_w"]
    checked = set()
    for seed in range(3):
        s = g.new_initial_state(seed)
        walk = random.Random(seed)
        while not s.is_terminal():
            for q in range(s.N):  # vary what the targets depend on
                if walk.random() < 0.2:
                    s.stocks[q] = walk.random() < 0.5
                if walk.random() < 0.1 and s.centre:
                    s.tokens[q] = s.tokens[q] + [walk.choice(s.centre)]
            for p in range(s.N):
                if not s.alive[p]:
                    continue
                plays = [a for a in la_play(s, p, None) if a[0] == "play"]
                assert plays == _plain_plays(s, p)
                checked.update(a[1] for a in plays)
                for card in cards:
                    toks = sorted(set(s.centre)) if s.game.data.effect.get(card) == "blessing" else [None]
                    for tok in toks:
                        got = la_target(s, p, (card, tok) if tok else (card,))
                        assert got == [("target", q) for q in _plain_targets(s, p, card, tok)]
            s.apply_action(walk.choice(s.legal_actions()))
    assert len(checked) >= 5


def test_seat_actions_are_made_once_per_seat():
    """The (kind, seat) actions of the legal lists are built once and reused: equal to a
    fresh tuple, the same object every time."""
    s = game(12).new_initial_state(0)
    first = living_actions(s, "victim")
    assert first == [("victim", q) for q in range(12)]
    assert all(a is b for a, b in zip(first, living_actions(s, "victim"), strict=True))
    assert living_actions(s, "gavel", 3) == [("gavel", q) for q in range(12) if q != 3]


@pytest.mark.parametrize("picked", [(), (0,), (0, 4), (5,), (2, 8)])
def test_charlatan_offers_seats_that_leave_room_for_three_A_17(picked):
    """[A-17] The Charlatan names three seats with face-down cards, in increasing order: the
    next pick must be above the last and leave enough seats above it for the rest."""
    s = game(10).new_initial_state(0)
    s.face_down[3] = []
    s._set_alive(7, False)
    elig = [q for q in range(10) if s.alive[q] and s.face_down[q]]
    last = picked[-1] if picked else -1
    need = 3 - len(picked)
    expected = [("charlatan", q) for q in elig if q > last and len([r for r in elig if r > q]) >= need - 1]
    assert la_charlatan(s, 0, picked) == expected
    assert expected
