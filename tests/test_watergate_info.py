"""Watergate's information model (spec §12): what each seat learns from the engine stopping
for the other seat, and the worlds `determinize` samples for every seat at every state."""

from __future__ import annotations

import pickle
import random

import pytest

from automa.rules.core import load_game, snapshot
from automa.rules.watergate import WatergateGame
from automa.rules.watergate.data import CONSPIRATOR, EDITOR, NIXON

from .test_watergate_rules import BLUE, GREEN, YELLOW, arrange, fresh, play, run_frame

GAME = WatergateGame()
C = {card.id: card.index for card in GAME.data.cards}


def _twins(editor_a, editor_b=None, nixon_a=(), nixon_b=None, **kw):
    """Two positions that differ only in the cards of one seat's hand."""
    a = arrange(fresh(0), editor=editor_a, nixon=nixon_a, **kw)
    b = arrange(fresh(0), editor=editor_b or editor_a, nixon=nixon_b or nixon_a, **kw)
    return a, b


# ------------------------------------------------------------------ what the engine's stops reveal
def test_reaction_window_opens_whatever_the_hand_s9_4_s12():
    """§9.4, §12: "Follow the money!" is among the Editor's unseen cards, so after Nixon's
    evidence move the window opens whether or not she holds it; "do not react" is always
    legal; Nixon sees the same either way."""
    a, b = _twins(("E06", "E10", "E11"), ("E07", "E10", "E11"), ("N10", "N15"), tokens=[BLUE], to_move=NIXON)
    for s in (a, b):
        play(s, ("value", C["N10"]), ("slot", 0))
        assert s.stack[-1] == ("window", EDITOR, "follow_the_money")
    assert a.legal_actions() == [("react", C["E06"]), ("pass",)]
    assert b.legal_actions() == [("pass",)]
    assert a.observation(NIXON) == b.observation(NIXON)
    play(a, ("pass",))
    play(b, ("pass",))
    assert a.observation(NIXON) == b.observation(NIXON)


def test_conspirator_window_opens_whatever_the_hand_s9_4_s12():
    """§9.4, §12: Nixon's conspirator action opens the Editor's window whether she holds
    Ben Bradlee / Mass demonstration or not."""
    a, b = _twins(("E03", "E10", "E11"), ("E12", "E10", "E11"), ("N06", "N15"), to_move=NIXON)
    for s in (a, b):
        play(s, ("action", C["N06"]))
        assert s.stack[-1] == ("window", EDITOR, "cancel_conspirator")
    assert a.legal_actions() == [("react", C["E03"]), ("pass",)] and b.legal_actions() == [("pass",)]
    assert a.observation(NIXON) == b.observation(NIXON)


def test_no_window_once_every_reaction_card_is_public_s9_4():
    """§9.3, §9.4: when every card that could answer is in a discard pile or out of the game
    (public), there is nothing to hide and no window opens."""
    s = arrange(fresh(0), editor=("E10", "E11"), nixon=("N10", "N15"), tokens=[BLUE], to_move=NIXON)
    s.deck[EDITOR].remove(C["E06"])
    s.removed.append(C["E06"])
    play(s, ("value", C["N10"]), ("slot", 0))
    assert s.current_player() == EDITOR and s.stack[-1][0] == "turn" and s.track_places[0] == -3


def test_gambit_question_is_asked_whatever_nixons_hand_s9_5_s12():
    """§9.5 Gambit, §12: the question is put to Nixon whether or not he holds a conspirator;
    keeping the rule is always legal, and the Editor sees the same either way."""
    a, b = _twins(("E10", "E11"), None, ("N07", "N01", "N15"), ("N07", "N13", "N15"), to_move=NIXON)
    for s in (a, b):
        play(s, ("action", C["N07"]))
        assert s.stack[-1] == ("gambit", NIXON)
    assert a.legal_actions() == [("gambit_keep",), ("gambit_remove", C["N01"])]
    assert b.legal_actions() == [("gambit_keep",)]
    assert a.observation(EDITOR) == b.observation(EDITOR)
    play(a, ("gambit_keep",))
    play(b, ("gambit_keep",))
    assert a.observation(EDITOR) == b.observation(EDITOR)
    assert C["N07"] in a.removed


def test_gambit_question_not_asked_with_an_empty_hand_s9_5():
    """§9.5: Gambit as Nixon's last card: no card in hand to remove, so no question."""
    s = arrange(fresh(0), editor=("E10", "E11"), nixon=("N07",), to_move=NIXON)
    play(s, ("action", C["N07"]))
    assert s.stack[-1][0] != "gambit" and C["N07"] in s.removed


def test_pick_is_asked_even_with_one_matching_token_s7_3_s12():
    """§7.3, §12: after a "yes", Nixon turns the token up himself even when only one matches,
    so the Editor cannot tell one match from several."""
    a = arrange(fresh(0), editor=("E01", "E10"), nixon=("N15", "N01"), tokens=[BLUE, GREEN, GREEN])
    b = arrange(fresh(0), editor=("E01", "E10"), nixon=("N15", "N01"), tokens=[BLUE, BLUE, GREEN])
    for s in (a, b):
        play(s, ("value", C["E01"]), ("ask", BLUE))
        assert s.current_player() == NIXON and s.stack[-1][0] == "pick"
    assert a.legal_actions() == [("slot", 0)] and b.legal_actions() == [("slot", 0), ("slot", 1)]
    assert a.observation(EDITOR) == b.observation(EDITOR)


def test_nixons_value_target_is_asked_when_face_down_tokens_could_match_s7_3_s12():
    """§7.3, §12: with the initiative and momentum tokens gone, Nixon's options depend on his
    face-down tokens; he is asked even with one option."""
    a = arrange(fresh(0), editor=("E10", "E11"), nixon=("N15", "N01"), tokens=[BLUE, GREEN], to_move=NIXON)
    b = arrange(fresh(0), editor=("E10", "E11"), nixon=("N15", "N01"), tokens=[YELLOW, GREEN], to_move=NIXON)
    for s in (a, b):
        s.initiative = s.momentum = None
        play(s, ("value", C["N15"]))  # a blue card
        assert s.current_player() == NIXON and s.stack[-1][0] == "vt"
    assert a.legal_actions() == [("slot", 0)] and b.legal_actions() == [("none",)]
    assert a.observation(EDITOR) == b.observation(EDITOR)
    # moving nothing shows that no face-down token is blue; the Editor's worlds keep that
    play(b, ("none",))
    assert b.denied == BLUE and b.current_player() == EDITOR
    rng = random.Random(3)
    for _ in range(30):
        w = b.determinize(EDITOR, rng)
        assert not any(w.track_codes[i] & BLUE for i in range(2))


def test_hunts_drawn_card_is_asked_whatever_it_is_s9_5_s12():
    """§9.5 Howard Hunt, §12: the drawn card is played as a decision even when only its value
    part is usable, so the Editor cannot tell a reaction card from another."""
    a = arrange(fresh(0), editor=("E10", "E11"), nixon=("N04", "N15"), to_move=NIXON)
    b = arrange(fresh(0), editor=("E10", "E11"), nixon=("N04", "N15"), to_move=NIXON)
    for s, top in ((a, "N05"), (b, "N13")):
        s.deck[NIXON].remove(C[top])
        s.deck[NIXON].append(C[top])
        play(s, ("action", C["N04"]), ("pass",))
        assert s.current_player() == NIXON and s.stack[-1] == ("turn", NIXON, C[top])
    assert a.legal_actions() == [("value", C["N05"])]
    assert b.legal_actions() == [("value", C["N13"]), ("action", C["N13"])]
    assert a.observation(EDITOR) == b.observation(EDITOR)


def test_the_last_card_is_played_as_a_decision_s5_2_s12():
    """§5.2, §12: a hand's last card whose action part cannot be used is still played by its
    owner, so the other seat does not learn it is a reaction card before it is shown."""
    a, b = _twins(("E06",), ("E10",), ())
    assert a.legal_actions() == [("value", C["E06"])]
    assert b.legal_actions() == [("value", C["E10"]), ("action", C["E10"])]
    assert a.observation(NIXON) == b.observation(NIXON)


def test_nixons_failed_colour_move_is_public_s9_1_s12():
    """§9.1 (carry out what is possible), §12: a colour-restricted move Nixon cannot make
    tells the Editor he has no face-down token of those colours; her worlds respect it."""
    s = arrange(fresh(0), editor=("E10", "E11"), nixon=("N15", "N01"), tokens=[BLUE, BLUE, YELLOW])
    run_frame(s, ("fx", NIXON, (("move_evidence", 1, 2, GREEN),), 0))
    assert s.denied == GREEN and s.stack[-1][0] == "turn"
    rng = random.Random(4)
    for _ in range(30):
        w = s.determinize(EDITOR, rng)
        assert not any(w.track_codes[i] & GREEN for i in range(3))


def test_editor_worlds_let_nixon_make_his_colour_move_s12():
    """§12: while Nixon decides a colour-restricted move with no face-up token to take, every
    world the Editor samples gives him a face-down token of that colour."""
    s = arrange(fresh(0), editor=("E10", "E11"), nixon=("N15", "N01"), tokens=[BLUE, GREEN, YELLOW])
    run_frame(s, ("fx", NIXON, (("move_evidence", 1, 2, GREEN),), 0))
    assert s.current_player() == NIXON and s.legal_actions() == [("slot", 1)]
    rng = random.Random(8)
    seen = set()
    for _ in range(40):
        w = s.determinize(EDITOR, rng)
        legal = w.legal_actions()
        assert legal and all(w.track_codes[a[1]] & GREEN for a in legal)
        seen.add(tuple(w.track_codes))
    assert len(seen) > 1


# ----------------------------------------------------------- worlds for the other seat's secret decision
def test_editor_worlds_at_gambit_come_from_the_sampled_hand_s9_5_s12():
    """§9.5, §12 (the known failure: 13 of 40 worlds named a card the sampled hand lacked):
    while Nixon decides Gambit's alternative, each of the Editor's worlds offers removing
    exactly the conspirators of that world's Nixon hand, and every option applies."""
    s = arrange(fresh(0), editor=("E10", "E11"), nixon=("N07", "N01", "N15"), to_move=NIXON)
    play(s, ("action", C["N07"]))
    assert s.stack[-1] == ("gambit", NIXON)
    rng = random.Random(13)
    offered = set()
    for _ in range(40):
        w = s.determinize(EDITOR, rng)
        cards = w.data.cards
        conspirators = [c for c in w.hand[NIXON] if cards[c].kind == CONSPIRATOR]
        assert w.legal_actions() == [("gambit_keep",)] + [("gambit_remove", c) for c in conspirators]
        for action in w.legal_actions():
            w.clone().apply_action(action)
        assert w.observation(EDITOR) == s.observation(EDITOR)
        offered.add(len(conspirators))
    assert 0 in offered and len(offered) > 1  # the true hand (one conspirator) does not show


def test_nixon_worlds_at_the_editors_window_come_from_the_sampled_hand_s9_4_s12():
    """§9.4, §12: while the Editor decides whether to answer Nixon's move, Nixon's worlds deal
    her hand from her unseen cards: some hold "Follow the money!", some do not, and the
    options offered are that hand's."""
    s = arrange(fresh(0), editor=("E06", "E10", "E11"), nixon=("N10", "N15"), tokens=[BLUE], to_move=NIXON)
    play(s, ("value", C["N10"]), ("slot", 0))
    rng = random.Random(2)
    holds = set()
    for _ in range(40):
        w = s.determinize(NIXON, rng)
        has = C["E06"] in w.hand[EDITOR]
        holds.add(has)
        assert w.legal_actions() == ([("react", C["E06"])] if has else []) + [("pass",)]
        assert w.observation(NIXON) == s.observation(NIXON)
    assert holds == {True, False}


def test_editor_worlds_deal_hunts_drawn_card_from_nixons_unseen_cards_s9_5_s12():
    """§9.5 Howard Hunt, §12: the card Nixon is about to play is one of the world's Nixon hand,
    not the true one, and varies between worlds."""
    s = arrange(fresh(0), editor=("E10", "E11"), nixon=("N04", "N15"), to_move=NIXON)
    play(s, ("action", C["N04"]), ("pass",))
    assert s.stack[-1][0] == "turn" and s.stack[-1][2] >= 0
    rng = random.Random(6)
    drawn = set()
    for _ in range(30):
        w = s.determinize(EDITOR, rng)
        card = w.stack[-1][2]
        assert card in w.hand[NIXON] and w.legal_actions()[0] == ("value", card)
        drawn.add(card)
    assert len(drawn) > 3


# ------------------------------------------------------------------ every seat, every state
def _states(seed: int, every: int):
    game = load_game("watergate")
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    n = 0
    while not state.is_terminal():
        if n % every == 0:
            yield n, state.clone()
        state.apply_action(state.random_action(rng))
        n += 1


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4, 5])
def test_worlds_for_every_seat_keep_its_view_and_play_out_s12(seed):
    """§12 and the contract: at states of random games, for both seats, the world keeps the
    seat's observation, offers a non-empty list of legal actions that all apply, depends only
    on what the seat has seen, and random play from it reaches the end."""
    limit = GAME.max_game_length()
    checked = 0
    for n, state in _states(seed, every=3):
        for seat in (EDITOR, NIXON):
            world = state.determinize(seat, random.Random(100 * n + seat))
            assert world.observation(seat) == state.observation(seat), (n, seat)
            legal = world.legal_actions()
            assert legal, (n, seat)
            for action in legal:
                world.clone().apply_action(action)
            again = world.determinize(seat, random.Random(7))
            assert snapshot(again) == snapshot(state.determinize(seat, random.Random(7))), (n, seat)
            rng = random.Random(n)
            steps = 0
            while not world.is_terminal():
                world.apply_action(world.random_action(rng))
                steps += 1
                assert steps <= limit
            checked += 1
    assert checked > 40


def test_clone_copies_every_field_of_the_one_field_list():
    """`__slots__` is the state's one list of fields (pickling reads it); the hand-written
    `clone` (kept explicit for speed) must set every one of them, and copy what it must."""
    state = WatergateGame().new_initial_state(3)
    rng = random.Random(3)
    for _ in range(25):
        state.apply_action(state.random_action(rng))
    twin = state.clone()
    for name in type(state).__slots__:
        assert hasattr(twin, name), f"clone leaves {name} unset"
        if name not in ("game", "data", "rng", "_cache_legal", "_cache_rng_shared"):
            mine, theirs = getattr(state, name), getattr(twin, name)
            assert mine == theirs, name
            if isinstance(mine, list):
                assert mine is not theirs, f"clone shares the list {name}"
                inner = [a for a, b in zip(mine, theirs, strict=True) if isinstance(a, list) and a is b]
                assert not inner, f"clone shares the lists inside {name}"
    assert pickle.loads(pickle.dumps(state)).observation(0) == state.observation(0)
