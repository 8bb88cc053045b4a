"""Watergate rules, by spec section (rules/watergate/rulebook.md)."""

from __future__ import annotations

import random
import tomllib

import pytest

from automa.rules.core import TERMINAL, IllegalActionError, load_game
from automa.rules.position import dumps
from automa.rules.watergate import WatergateGame
from automa.rules.watergate.data import EDITOR, NIXON

GAME = WatergateGame()
DATA = GAME.data
C = {card.id: card.index for card in DATA.cards}
NODE = {name: i for i, name in enumerate(DATA.space_names)}
PERSON = {p: i for i, p in enumerate(DATA.people)}
BLUE, YELLOW, GREEN = 1, 2, 4
SYM = 8


# ------------------------------------------------------------------ helpers
def fresh(seed: int = 0):
    return GAME.new_initial_state(seed)


def arrange(state, editor=(), nixon=(), tokens=None, to_move=EDITOR, turns=(0, 0), at=None):
    """The position of `state` with each seat holding exactly these cards in hand (the rest
    of its deck in the draw pile), these evidence codes face down on 0, and the card phase
    restarted (docs/positions.md: a written position, edited, read back).  `at` sets more
    fields of the position: {"track.initiative": 3, "seat.momentum_cards": [1, 0]} (a
    `seat.` key without a seat: one value per seat; None: off the track)."""
    doc = tomllib.loads(state.to_position())
    for seat, ids in ((EDITOR, editor), (NIXON, nixon)):
        table = doc["seat"][str(seat)]
        every = sorted(table["hand"] + table["deck"] + table["discard"], key=C.get)
        table["hand"] = sorted(ids, key=C.get)
        table["deck"] = [c for c in every if c not in ids]
        table["discard"] = []
    if tokens is not None:
        track, bag = doc["track"], doc["board"]["bag"]
        bag += [
            code for code, face in zip(track["token_codes"], track["token_faces"], strict=True) if face != 2
        ]
        for code in tokens:
            bag.remove(code)
        track["token_codes"] = list(tokens)
        track["token_positions"] = [0] * len(tokens)
        track["token_faces"] = [0] * len(tokens)
    doc["round"]["to_move"] = to_move
    for seat in (EDITOR, NIXON):
        doc["seat"][str(seat)]["turns"] = turns[seat]
    doc["pending"]["stack"] = [["cp", -1]]  # the card phase goes on from here
    doc["pending"]["chain"] = []
    return _read(doc, at)


def edit(state, at):
    """`state`'s position with the fields `at` names set (see `arrange`), read back."""
    return _read(tomllib.loads(state.to_position()), at)


def _read(doc, at):
    for path, value in (at or {}).items():
        section, _, key = path.partition(".")
        if section == "seat" and key[:1].isdigit():  # one seat: "seat.1.deck"
            seat, _, key = key.partition(".")
            doc["seat"][seat][key] = value
        elif section == "seat":
            for seat in (EDITOR, NIXON):
                doc["seat"][str(seat)][key] = value[seat]
        else:
            doc[section][key] = {} if value is None else value
    return GAME.from_position(dumps(doc))


def run_frame(state, frame):
    """Push an automatic or decision frame on top of a quiet card phase and run."""
    state.stack.append(frame)
    state._run()
    return state


def play(state, *actions):
    for a in actions:
        state.apply_action(a)
    return state


def slot_of(state, code):
    return next(
        i for i in range(len(state.track_codes)) if state.track_codes[i] == code and state.track_faces[i] != 2
    )


# ------------------------------------------------------------------ §4 setup, §5.1 initial phase
def test_setup_and_initial_phase_s4_s5_1():
    """§4, §5.1: Editor holds the initiative (W-4), draws 5, Nixon 4; 3 face-down tokens on 0;
    initiative and 1 momentum token on 0, 8 in the supply; 30 tokens in the bag before the draw."""
    s = fresh(3)
    assert s.holder == EDITOR and s.current_player() == EDITOR
    assert len(s.hand[EDITOR]) == 5 and len(s.hand[NIXON]) == 4
    assert len(s.deck[EDITOR]) == 15 and len(s.deck[NIXON]) == 16
    assert s.initiative == 0 and s.momentum == 0 and s.supply == 8
    assert s.track_faces == [0, 0, 0] and s.track_places == [0, 0, 0]
    assert len(s.bag) == 27 and len(DATA.bag) == 30
    assert s.stack[-1] == ("turn", EDITOR, -1)


def test_hand_size_follows_the_initiative_card_s5_1():
    """§5.1.1: the holder of the initiative card draws 5, the other 4."""
    s = fresh(1)
    s.hand = [[], []]
    s.holder = NIXON
    s.stack = []
    s._start_round()
    assert len(s.hand[NIXON]) == 5 and len(s.hand[EDITOR]) == 4
    assert s.to_move == NIXON


def test_reshuffle_discard_when_deck_is_empty_s5_1():
    """§5.1.1: an empty draw deck is replaced by the shuffled discard pile."""
    s = fresh(2)
    deck = [DATA.cards[c].id for c in s.deck[EDITOR]]
    s = edit(s, {"seat.0.discard": deck[:10], "seat.0.deck": deck[10:]})
    drawn = [s._draw(EDITOR) for _ in range(7)]
    assert len(set(drawn)) == 7 and len(s.discard[EDITOR]) == 0
    assert len(s.deck[EDITOR]) == 8


# ------------------------------------------------------------------ §14 worked example
def test_worked_sample_round_s14():
    """§14: the sample round, evaluation steps 1-5, and the start of round 2."""
    s = arrange(
        fresh(0),
        editor=("E02", "E14", "E07", "E04", "E12"),
        nixon=("N10", "N11", "N12", "N09"),
        tokens=[BLUE, YELLOW | GREEN, GREEN],
    )
    bg, yg = 0, 1
    # 1. value-2 yellow, ask for yellow: Nixon must flip the yellow/green token, it goes to +2
    play(s, ("value", C["E02"]))
    assert ("ask", YELLOW) in s.legal_actions()
    assert ("slot", yg) not in s.legal_actions()  # the Editor cannot pick face-down directly
    play(s, ("ask", YELLOW))
    # only one qualifies, yet Nixon turns it up himself: the Editor must not learn that
    # there was no choice (§12)
    assert s.current_player() == NIXON and s.legal_actions() == [("slot", yg)]
    play(s, ("slot", yg))
    assert s.track_faces[yg] == 1 and s.track_places[yg] == 2
    # 2. Nixon: value-3 blue on the face-down blue token: flip, -3
    assert s.current_player() == NIXON
    play(s, ("value", C["N10"]))
    assert ("slot", bg) in s.legal_actions()  # Nixon may pick his face-down token
    play(s, ("slot", bg))
    # "Follow the money!" is among the Editor's unseen cards, so the window opens although
    # it is not in her hand (§9.4, §12): she can only decline
    assert s.stack[-1] == ("window", EDITOR, "follow_the_money")
    play(s, ("pass",))
    assert s.track_faces[bg] == 1 and s.track_places[bg] == -3
    # 3. Editor: value 4 on the momentum token: +4 (no colour rule for momentum)
    play(s, ("value", C["E14"]), ("mom",))
    assert s.momentum == 4
    # 4. Nixon: value-2 green on the momentum token: +2
    play(s, ("value", C["N11"]), ("mom",))
    assert s.momentum == 2
    # 5. further plays leave the initiative on 0 and the green token face down on 0
    play(s, ("value", C["E07"]), ("slot", yg))  # +3
    play(s, ("value", C["N12"]), ("mom",))  # momentum +1
    play(s, ("value", C["E04"]), ("mom",))  # momentum +2
    play(s, ("value", C["N09"]), ("slot", bg), ("pass",))  # blue -4
    assert s.current_player() == EDITOR and not s.hand[NIXON]  # Editor plays the 5th alone
    supply = s.supply
    play(s, ("value", C["E12"]), ("slot", yg))  # yellow/green +4
    # evaluation: green back to the bag; initiative on 0 -> Nixon; momentum +2 -> Editor space 1
    assert s.holder == NIXON
    assert s.momentum_cards == [1, 0]
    assert s.supply == supply - 1 and s.momentum == 0 and s.initiative == 0
    # step 5: Nixon (now holding the initiative) pins the blue token face down first
    assert s.current_player() == NIXON and s.stack[-1] == ("pin", NIXON, BLUE)
    blue_spaces = [a[1] for a in s.legal_actions()]
    assert blue_spaces and all(DATA.space_mask[n] == BLUE for n in blue_spaces)
    play(s, ("space", NODE["A1"]))
    assert s.board[NODE["A1"]] == BLUE  # face down
    # then the Editor pins the yellow/green token face up on a yellow or green space
    assert s.current_player() == EDITOR and s.stack[-1] == ("pin", EDITOR, YELLOW | GREEN)
    assert all(DATA.space_mask[a[1]] in (YELLOW, GREEN) for a in s.legal_actions())
    play(s, ("space", NODE["A2"]))
    assert s.board[NODE["A2"]] == (YELLOW | GREEN) | 16
    # round 2: Nixon draws 5, the Editor 4, Nixon plays first
    assert s.round == 2
    assert len(s.hand[NIXON]) == 5 and len(s.hand[EDITOR]) == 4
    assert s.current_player() == NIXON
    assert GREEN in s.bag or GREEN in s.track_codes


# ------------------------------------------------------------------ §7 value part
def test_colour_rule_for_evidence_s7_2():
    """§7.2: a card moves tokens of its colour or two-colour tokens including it; a joker any."""
    s = arrange(
        fresh(0),
        editor=("E10", "E11"),
        nixon=("N01", "N13", "N03"),
        tokens=[BLUE, YELLOW | GREEN, GREEN],
        to_move=NIXON,
    )
    play(s, ("value", C["N01"]))  # yellow card, Nixon sees face-down tokens
    slots = {a[1] for a in s.legal_actions() if a[0] == "slot"}
    assert slots == {1}
    assert ("init",) in s.legal_actions() and ("mom",) in s.legal_actions()
    s2 = arrange(
        fresh(0), nixon=("N13", "N03"), editor=("E10",), tokens=[BLUE, YELLOW | GREEN, GREEN], to_move=NIXON
    )
    play(s2, ("value", C["N13"]))  # joker
    assert {a[1] for a in s2.legal_actions() if a[0] == "slot"} == {0, 1, 2}


def test_full_value_is_used_and_surplus_lost_s7_1_s7_5():
    """§7.1 / W-7 / §7.5: the token moves exactly `value` steps; beyond space 5 is lost, and
    reaching 5 gains the token at once (initiative: the card turns to the mover)."""
    s = arrange(fresh(0), editor=("E14", "E10"), nixon=("N15", "N01"), at={"track.initiative": 3})
    play(s, ("value", C["E14"]), ("init",))
    assert s.initiative is None and s.holder == EDITOR and s.initiative_gained
    s = arrange(fresh(0), editor=("E14", "E10"), nixon=("N15", "N01"), at={"track.initiative": -1})
    play(s, ("value", C["E14"]), ("init",))
    assert s.initiative == 3


def test_token_on_opponents_side_moves_toward_mover_w8():
    """W-8: a value part moves a token on the opponent's side toward your own side."""
    s = arrange(fresh(0), editor=("E10", "E11"), nixon=("N15", "N01"), at={"track.momentum": -4})
    play(s, ("value", C["E10"]), ("mom",))
    assert s.momentum == -2


def test_editor_question_yes_nixon_chooses_s7_3():
    """§7.3: if several face-down tokens have the asked colour, Nixon chooses which to flip;
    it moves the full value toward the Editor."""
    s = arrange(fresh(0), editor=("E01", "E10"), nixon=("N15", "N01"), tokens=[BLUE, BLUE | YELLOW, GREEN])
    play(s, ("value", C["E01"]), ("ask", BLUE))
    assert s.current_player() == NIXON and s.stack[-1][0] == "pick"
    assert s.legal_actions() == [("slot", 0), ("slot", 1)]
    play(s, ("slot", 1))
    assert s.track_faces[1] == 1 and s.track_places[1] == 2 and s.track_faces[0] == 0
    assert C["E01"] in s.discard[EDITOR]
    assert s.current_player() == NIXON and s.stack[-1][0] == "turn"


def test_editor_question_no_is_public_and_falls_back_s7_3_w9():
    """§7.3 / W-9: a "none" answer is public; the Editor then moves initiative, momentum or a
    face-up token of that colour with the same card, and may not ask again."""
    s = arrange(fresh(0), editor=("E08", "E10"), nixon=("N15", "N01"), tokens=[BLUE, BLUE, YELLOW])
    play(s, ("value", C["E08"]))  # joker: the Editor names a colour
    assert {a for a in s.legal_actions() if a[0] == "ask"} == {("ask", 1), ("ask", 2), ("ask", 4)}
    play(s, ("ask", GREEN))
    assert s.denied == GREEN
    assert s.observation(EDITOR)["denied"] == GREEN == s.observation(NIXON)["denied"]
    assert s.current_player() == EDITOR
    assert not any(a[0] == "ask" for a in s.legal_actions())
    assert set(s.legal_actions()) == {("init",), ("mom",)}
    play(s, ("mom",))
    assert s.momentum == 2


def test_two_colour_token_answers_either_colour_w10():
    """W-10: a face-down two-colour token answers yes for either of its colours."""
    s = arrange(fresh(0), editor=("E12", "E10"), nixon=("N15", "N01"), tokens=[YELLOW | GREEN])
    play(s, ("value", C["E12"]), ("ask", GREEN), ("slot", 0))
    assert s.track_faces[0] == 1 and s.track_places[0] == 1


def test_value_card_is_discarded_s7_4():
    """§7.4: after a value part the card goes to its owner's discard pile."""
    s = arrange(fresh(0), editor=("E13", "E10"), nixon=("N15", "N01"))
    play(s, ("value", C["E13"]), ("mom",))
    assert s.discard[EDITOR] == [C["E13"]]


def test_evidence_reaching_space_5_is_pinned_at_once_s7_5_s8_3_w14():
    """§7.5 / §8.3 / W-14: evidence reaching your space 5 is gained and pinned at once."""
    s = arrange(fresh(0), editor=("E18", "E10"), nixon=("N15", "N01"), tokens=[BLUE])
    s.track_faces[0], s.track_places[0] = 1, 2
    play(s, ("value", C["E18"]), ("slot", 0))  # 2 + 4: reaches 5, one step lost
    assert s.track_faces[0] == 2 and s.current_player() == EDITOR
    assert s.stack[-1] == ("pin", EDITOR, BLUE)


# ------------------------------------------------------------------ §8 gaining tokens
def test_initiative_gained_midround_keeps_this_rounds_order_s8_1_w15():
    """§8.1 / W-15: Nixon gains the initiative mid-round; the alternation of this round goes on,
    evaluation step 2 is skipped, and Nixon starts the next round."""
    s = arrange(
        fresh(0), editor=("E10", "E11"), nixon=("N15", "N01"), to_move=NIXON, at={"track.initiative": -2}
    )
    play(s, ("value", C["N15"]), ("init",))
    assert s.holder == NIXON and s.initiative is None and s.initiative_gained
    assert s.current_player() == EDITOR
    play(s, ("value", C["E10"]), ("mom",), ("value", C["N01"]), ("mom",), ("value", C["E11"]), ("mom",))
    # evaluation ran: the initiative stays with Nixon (step 2 skipped)
    assert s.holder == NIXON and s.round == 2 and s.current_player() == NIXON


def test_momentum_lowest_empty_space_and_instruction_s8_2():
    """§8.2: a gained momentum token goes on the lowest empty space of the gainer's card and
    that space's instruction runs (placeholder Editor space 2: pin one token from the bag)."""
    s = arrange(
        fresh(0),
        editor=("E10", "E11"),
        nixon=("N15", "N01"),
        at={"seat.momentum_cards": [1, 0], "track.momentum": 3},
    )
    play(s, ("value", C["E10"]), ("mom",))
    assert s.momentum_cards == [2, 0] and s.momentum is None and s.momentum_gained
    assert s.stack[-1][0] == "pin" and s.stack[-1][1] == EDITOR


def test_editor_full_momentum_card_removes_token_s8_2_w19():
    """§8.2 / W-19: with no empty space the Editor's gained momentum leaves the game."""
    s = arrange(
        fresh(0),
        editor=("E10", "E11"),
        nixon=("N15", "N01"),
        at={"seat.momentum_cards": [4, 0], "track.momentum": 3},
    )
    play(s, ("value", C["E10"]), ("mom",))
    assert s.momentum_cards == [4, 0] and s.momentum_removed == 1


def test_pinning_facing_and_momentum_symbol_s8_4():
    """§8.4: the Editor pins face up, Nixon face down; a momentum symbol steps the momentum
    token on the track toward the pinning player."""
    s = arrange(fresh(0), editor=("E10", "E11"), nixon=("N15", "N01"))
    run_frame(s, ("pin", NIXON, GREEN | SYM))
    play(s, ("space", NODE["A3"]))
    assert s.board[NODE["A3"]] == GREEN | SYM and s.momentum == -1
    run_frame(s, ("pin", EDITOR, BLUE))
    play(s, ("space", NODE["A1"]))
    assert s.board[NODE["A1"]] == BLUE | 16 and s.momentum == -1


def test_no_empty_matching_space_returns_token_to_bag_w12():
    """W-12 (placeholder): no empty space of the token's colour: back to the bag, no momentum."""
    s = arrange(fresh(0), editor=("E10", "E11"), nixon=("N15", "N01"))
    board = [
        BLUE if n in DATA.evidence_nodes and DATA.space_mask[n] == GREEN else b for n, b in enumerate(s.board)
    ]
    s = edit(s, {"board.evidence": board})
    bag = len(s.bag)
    run_frame(s, ("pin", EDITOR, GREEN | SYM))
    assert len(s.bag) == bag + 1 and s.momentum == 0 and s.stack[-1][0] == "turn"


def test_momentum_symbol_without_momentum_token_does_nothing_w13():
    """W-13: a momentum symbol does nothing when no momentum token is on the track."""
    s = arrange(fresh(0), editor=("E10", "E11"), nixon=("N15", "N01"), at={"track.momentum": None})
    run_frame(s, ("pin", NIXON, BLUE | SYM))
    play(s, ("space", NODE["A1"]))
    assert s.momentum is None and s.momentum_cards == [0, 0]


# ------------------------------------------------------------------ §3.3 / §11 victory
def _connect(s, persons=("butterfield", "sloan"), leave_out=None):
    """Face-up chain C_i - B(2i-1) - A_i for spokes 1 and 2."""
    for k, person in enumerate(persons, start=1):
        for name in (f"C{k}", f"B{2 * k - 1}", f"A{k}"):
            if name != leave_out:
                s.board[NODE[name]] = DATA.space_mask[NODE[name]] | 16
        s.pictures[PERSON[person]] = 1


def test_editor_victory_two_connected_informants_s3_3_s11():
    """§3.3 / §11: two face-up pictures linked to Nixon by face-up tokens: the Editor wins at
    once, checked after the Editor's pin."""
    s = arrange(fresh(0), editor=("E10", "E11"), nixon=("N15", "N01"))
    _connect(s, leave_out="A2")
    assert s._editor_connected() == 1
    run_frame(s, ("pin", EDITOR, YELLOW))
    assert s.current_player() == EDITOR
    play(s, ("space", NODE["A2"]))
    assert s.is_terminal() and s.current_player() == TERMINAL
    assert s.outcome().winners == (EDITOR,) and "Editor wins" in s.outcome().reason
    assert s.returns() == [1.0, 0.0]


def test_face_down_tokens_and_pictures_break_the_chain_s3_3_w17():
    """§3.3 / W-17: a face-down token breaks the path; a face-down picture never counts."""
    s = arrange(fresh(0), editor=("E10", "E11"), nixon=("N15", "N01"))
    _connect(s)
    s.board[NODE["A2"]] = YELLOW  # Nixon's face-down token
    assert s._editor_connected() == 1
    s.board[NODE["A2"]] = YELLOW | 16
    s.pictures[PERSON["sloan"]] = 2
    assert s._editor_connected() == 1


def test_editor_picture_pin_can_win_s11():
    """§11: the check also runs after an Editor picture pin (Recruit ... event)."""
    s = arrange(fresh(0), editor=("E14", "E10"), nixon=("N15", "N01"))
    _connect(s)
    s.pictures[PERSON["sloan"]] = 0
    play(s, ("action", C["E14"]), ("pass",))  # Nixon could hold John Mitchell
    assert s.winner == EDITOR


def test_nixon_victory_fifth_momentum_token_s8_2_s11():
    """§8.2 / §11: placing his 5th momentum token wins for Nixon at once."""
    s = arrange(
        fresh(0),
        editor=("E10", "E11"),
        nixon=("N15", "N01"),
        to_move=NIXON,
        at={"seat.momentum_cards": [0, 4], "track.momentum": -1},
    )
    play(s, ("value", C["N15"]), ("mom",))
    assert s.is_terminal() and s.outcome().winners == (NIXON,)
    assert "five momentum" in s.reason


def test_nixon_victory_when_supply_is_empty_s10_4_w20():
    """§10 step 4 / W-20: no momentum token left to put on 0: Nixon wins."""
    s = arrange(
        fresh(0), editor=("E10",), nixon=(), tokens=[], at={"board.supply": 0, "track.momentum": -3}
    )  # Nixon takes it in step 3
    play(s, ("value", C["E10"]), ("init",))  # the last card: evaluation runs
    assert s.momentum_cards == [0, 1]
    assert s.is_terminal() and s.winner == NIXON and "no momentum" in s.reason


# ------------------------------------------------------------------ §10 evaluation
def test_evaluation_steps_1_to_4_s10():
    """§10: neutral evidence to the bag; initiative on 0 -> the player who did not hold it;
    momentum on 0 -> back to the supply; track reset with a new momentum token."""
    s = arrange(fresh(0), editor=("E10",), nixon=(), tokens=[BLUE, GREEN])
    bag = len(s.bag)
    supply = s.supply
    play(s, ("value", C["E10"]), ("init",))
    s2 = arrange(
        fresh(0),
        editor=("E10",),
        nixon=(),
        tokens=[BLUE, GREEN],
        at={"pending.stack": [["eval", -1, 1]], "seat.hand": [[], []]},  # evaluation from step 1
    )
    assert s2.holder == NIXON and s2.momentum_cards == [0, 0]
    assert s2.supply == supply and s2.momentum == 0 and s2.initiative == 0  # +1 back, -1 placed
    assert s2.round == 2 and len(s2.bag) == bag + 2 - 3
    assert s.round == 2


def test_evaluation_step_5_holder_pins_first_and_symbol_moves_new_momentum_s10_5_w21():
    """§10 step 5 / W-21: the initiative holder (after step 2) pins first; a momentum symbol
    moves the new momentum token on 0."""
    s = arrange(
        fresh(0),
        editor=("E10",),
        nixon=(),
        tokens=[BLUE | SYM, GREEN],
        at={
            "track.token_faces": [1, 1],
            "track.token_positions": [3, -2],
            "track.initiative": 1,  # Editor gains the initiative in step 2
            "seat.hand": [[], []],
            "pending.stack": [["eval", -1, 1]],
        },
    )
    assert s.holder == EDITOR
    assert s.stack[-1] == ("pin", EDITOR, BLUE | SYM)
    play(s, ("space", NODE["A1"]))
    assert s.momentum == 1
    assert s.stack[-1] == ("pin", NIXON, GREEN)


def test_gained_momentum_skips_step_3_w2():
    """W-2: momentum gained earlier this round: step 3 is skipped (no second award)."""
    s = arrange(fresh(0), editor=("E10",), nixon=(), at={"track.momentum": 4})
    supply = s.supply
    play(s, ("value", C["E10"]), ("mom",))
    assert s.momentum_cards == [1, 0]
    assert s.supply == supply - 1 and s.round == 2


# ------------------------------------------------------------------ §5.2 card phase
def test_one_player_plays_out_alone_w5():
    """W-5: once one hand is empty the other player plays the rest, one card per turn."""
    s = arrange(fresh(0), editor=("E10", "E11", "E13"), nixon=("N15",))
    play(s, ("value", C["E10"]), ("mom",), ("value", C["N15"]), ("mom",))
    assert s.current_player() == EDITOR
    play(s, ("value", C["E11"]), ("mom",))
    assert s.current_player() == EDITOR and s.round == 1


def test_must_play_one_card_one_part_s5_2():
    """§5.2: a turn is one card, either its value part or its action part."""
    s = arrange(fresh(0), editor=("E13", "E03"), nixon=("N15",))
    legal = s.legal_actions()
    assert ("value", C["E13"]) in legal and ("action", C["E13"]) in legal
    assert ("value", C["E03"]) in legal and ("action", C["E03"]) not in legal  # reaction card
    with pytest.raises(IllegalActionError):
        s.apply_action(("action", C["E03"]))


# ------------------------------------------------------------------ §9 action part
def test_disposal_events_removed_journalists_discarded_s9_1():
    """§9.1: an event whose action part was used leaves the game; a journalist/conspirator
    goes to its owner's discard pile."""
    s = arrange(fresh(0), editor=("E13", "E01"), nixon=("N15", "N01"), tokens=[BLUE])
    play(s, ("action", C["E13"]), ("pass",))
    assert C["E13"] in s.removed and s.pictures[PERSON["butterfield"]] == 1
    play(s, ("value", C["N15"]), ("mom",))
    play(s, ("action", C["E01"]))  # move 1 evidence token 3 steps (blind)
    assert C["E01"] in s.discard[EDITOR] and s.track_places[0] == 3 and s.track_faces[0] == 1


def test_nixon_pins_picture_face_down_s9_2():
    """§9.2: Nixon pins a picture face down; a picture no longer in the supply: nothing."""
    s = arrange(fresh(0), editor=("E10", "E13"), nixon=("N14", "N01"), to_move=NIXON)
    play(s, ("action", C["N14"]))
    assert s.pictures[PERSON["butterfield"]] == 2
    play(s, ("action", C["E13"]))
    assert s.pictures[PERSON["butterfield"]] == 2


def test_reaction_chain_order_s9_4():
    """§9.4 example: conspirator C -> Mass demonstration -> John Mitchell -> Ben Bradlee.
    Bradlee cancels Mitchell (removed), so Mass demonstration resolves and cancels C (removed);
    Bradlee to the Editor's discard, Mass demonstration removed; C's action never happens."""
    s = arrange(fresh(0), editor=("E03", "E04", "E10"), nixon=("N06", "N05", "N15"), to_move=NIXON)
    ini = s.initiative
    play(s, ("action", C["N06"]))  # Ehrlichman: would move the initiative
    assert s.current_player() == EDITOR and s.stack[-1] == ("window", EDITOR, "cancel_conspirator")
    assert set(s.legal_actions()) == {("react", C["E03"]), ("react", C["E04"]), ("pass",)}
    play(s, ("react", C["E04"]))
    assert s.current_player() == NIXON and s.stack[-1] == ("window", NIXON, "cancel_event")
    play(s, ("react", C["N05"]))
    assert s.current_player() == EDITOR
    assert s.legal_actions() == [("react", C["E03"]), ("pass",)]
    play(s, ("react", C["E03"]))
    assert s.initiative == ini  # C was cancelled
    assert C["N06"] in s.removed and C["N05"] in s.removed and C["E04"] in s.removed
    assert s.discard[EDITOR] == [C["E03"]] and s.discard[NIXON] == []
    assert s.current_player() == EDITOR and s.stack[-1][0] == "turn"  # Nixon's turn is used


def test_mitchell_cancels_event_to_editor_discard_s9_4():
    """§9.4: John Mitchell cancels an Editor event: the event goes unused to the Editor's
    discard; Mitchell (conspirator) to Nixon's discard; Ben Bradlee may not answer ...
    except that Mitchell is a conspirator, so Bradlee may answer Mitchell itself."""
    s = arrange(fresh(0), editor=("E13", "E10"), nixon=("N05", "N15"))
    play(s, ("action", C["E13"]))
    assert s.stack[-1] == ("window", NIXON, "cancel_event")
    play(s, ("react", C["N05"]))
    assert s.stack[-1] == ("window", EDITOR, "cancel_conspirator")  # Bradlee is in her deck
    play(s, ("pass",))
    assert s.pictures[PERSON["butterfield"]] == 0
    assert s.discard[EDITOR] == [C["E13"]] and s.discard[NIXON] == [C["N05"]]
    assert C["E13"] not in s.removed


def test_bradlee_cannot_be_answered_by_mitchell_s9_4():
    """§9.4: Mitchell triggers only on events, never on Ben Bradlee (a journalist)."""
    s = arrange(fresh(0), editor=("E03", "E10"), nixon=("N01", "N05", "N15"), to_move=NIXON)
    play(s, ("action", C["N01"]), ("react", C["E03"]))
    assert s.current_player() == EDITOR and s.stack[-1][0] == "turn"
    assert C["N05"] in s.hand[NIXON] and C["N01"] in s.removed


def test_bradlee_answering_mitchell_restores_event_s9_4():
    """§9.4: Bradlee played against Mitchell: the event Mitchell blocked is carried out."""
    s = arrange(fresh(0), editor=("E13", "E03", "E10"), nixon=("N05", "N15"))
    play(s, ("action", C["E13"]), ("react", C["N05"]), ("react", C["E03"]))
    assert s.pictures[PERSON["butterfield"]] == 1
    assert C["N05"] in s.removed and C["E13"] in s.removed and C["E03"] in s.discard[EDITOR]


def test_follow_the_money_reverses_nixons_move_s9_4_w22():
    """§9.4 / W-22: Nixon's value move of an evidence token is cancelled and the token moves
    from its original position toward the Editor by Nixon's value; Nixon's card is discarded."""
    s = arrange(fresh(0), editor=("E06", "E10"), nixon=("N10", "N15"), tokens=[BLUE], to_move=NIXON)
    s.track_faces[0], s.track_places[0] = 1, 1
    play(s, ("value", C["N10"]), ("slot", 0))
    assert s.stack[-1] == ("window", EDITOR, "follow_the_money")
    play(s, ("react", C["E06"]), ("pass",))  # Nixon declines to answer with Mitchell
    assert s.track_places[0] == 4 and s.track_faces[0] == 1
    assert C["N10"] in s.discard[NIXON] and C["E06"] in s.removed


def test_follow_the_money_reaches_editor_space_5_w22():
    """W-22: if the reversed move reaches the Editor's space 5 the Editor gains the token."""
    s = arrange(fresh(0), editor=("E06", "E10"), nixon=("N10", "N15"), tokens=[BLUE], to_move=NIXON)
    play(s, ("value", C["N10"]))
    assert ("slot", 0) in s.legal_actions()  # Nixon flips his face-down token
    s = edit(s, {"track.token_positions": [3] + s.track_places[1:]})
    play(s, ("slot", 0), ("react", C["E06"]), ("pass",))
    assert s.track_faces[0] == 2 and s.stack[-1] == ("pin", EDITOR, BLUE)


def test_mitchell_may_cancel_follow_the_money_w23():
    """W-23: John Mitchell may cancel "Follow the money!" (an event): Nixon's move goes ahead."""
    s = arrange(fresh(0), editor=("E06", "E10"), nixon=("N10", "N05", "N15"), tokens=[BLUE], to_move=NIXON)
    play(s, ("value", C["N10"]), ("slot", 0), ("react", C["E06"]), ("react", C["N05"]), ("pass",))
    assert s.track_places[0] == -3 and C["E06"] in s.discard[EDITOR]


def test_gambit_alternative_disposal_s9_5():
    """§9.5 Gambit: Nixon may remove a conspirator from his hand instead and discard Gambit."""
    s = arrange(fresh(0), editor=("E10", "E11"), nixon=("N07", "N01", "N15"), to_move=NIXON)
    play(s, ("action", C["N07"]))
    assert s.momentum == -2
    assert s.legal_actions() == [("gambit_keep",), ("gambit_remove", C["N01"])]
    play(s, ("gambit_remove", C["N01"]))
    assert C["N01"] in s.removed and C["N07"] in s.discard[NIXON] and C["N07"] not in s.removed
    assert s.hand[NIXON] == [C["N15"]]


def test_brilliant_mood_requirement_and_restriction_s9_5_w24():
    """§9.5 / W-24: A brilliant mood cannot be used on Nixon's first turn; afterwards the Editor
    may use events only for their value part (reaction events too); journalists still act."""
    s = arrange(
        fresh(0), editor=("E10", "E13", "E01", "E04", "E03"), nixon=("N08", "N15", "N01"), to_move=NIXON
    )
    assert ("action", C["N08"]) not in s.legal_actions()
    play(s, ("value", C["N15"]), ("mom",))
    play(s, ("value", C["E10"]), ("mom",))
    assert ("action", C["N08"]) in s.legal_actions()
    play(s, ("action", C["N08"]))
    assert s.events_value_only
    legal = s.legal_actions()
    assert ("action", C["E13"]) not in legal and ("value", C["E13"]) in legal
    assert ("action", C["E01"]) in legal
    play(s, ("value", C["E13"]), ("mom",))
    play(s, ("action", C["N01"]))  # conspirator: only Bradlee may answer
    assert s.legal_actions() == [("react", C["E03"]), ("pass",)]


def test_the_system_works_replays_removed_card_s9_5():
    """§9.5: The system works replays a removed Editor card's action; both stay removed."""
    s = arrange(fresh(0), editor=("E05", "E10", "E11"), nixon=("N15", "N01"))
    assert ("action", C["E05"]) not in s.legal_actions()  # nothing removed yet
    play(s, ("action", C["E10"]), ("pass",))
    assert s.momentum == 2 and C["E10"] in s.removed
    play(s, ("value", C["N15"]), ("init",))
    play(s, ("action", C["E05"]), ("pass",))  # only one replayable card: automatic
    assert s.momentum == 4
    assert C["E05"] in s.removed and C["E10"] in s.removed


def test_howard_hunt_moves_momentum_then_plays_top_card_s9_5():
    """§9.5 Howard Hunt: momentum first, then Nixon draws his top card and plays it at once
    (even if the momentum token was already gained)."""
    s = arrange(fresh(0), editor=("E10", "E11"), nixon=("N04", "N15"), to_move=NIXON)
    deck = [DATA.cards[c].id for c in s.deck[NIXON] if c != C["N13"]] + ["N13"]  # top card last
    s = edit(s, {"seat.1.deck": deck, "track.momentum": -4})  # top card: Saturday Night Massacre
    play(s, ("action", C["N04"]), ("pass",))  # the Editor lets Hunt act
    assert s.momentum_cards == [0, 1] and s.momentum is None
    assert s.current_player() == NIXON and s.stack[-1] == ("turn", NIXON, C["N13"])
    assert s.legal_actions() == [("value", C["N13"]), ("action", C["N13"])]
    assert s.observation(EDITOR)["stack"][-1] == ("turn", NIXON, -2)  # hidden until played
    play(s, ("action", C["N13"]))
    assert s.initiative == -1 and s.current_player() == EDITOR
    assert s.turns[NIXON] == 1


def _hunt_draws(state, card_id):
    """Put `card_id` on top of Nixon's draw deck."""
    state.deck[NIXON].remove(C[card_id])
    state.deck[NIXON].append(C[card_id])


def test_brilliant_mood_drawn_by_hunt_on_first_turn_offers_no_action_s9_5():
    """§9.5 A brilliant mood ("you cannot use the action part of this card on your first turn
    of a round") with Howard Hunt: Hunt and the card he draws and plays are one turn, so the
    drawn A brilliant mood offers only its value part on Nixon's first turn of the round."""
    s = arrange(fresh(0), editor=("E10", "E11"), nixon=("N04", "N15"), to_move=NIXON)
    _hunt_draws(s, "N08")
    play(s, ("action", C["N04"]), ("pass",))
    assert s.stack[-1] == ("turn", NIXON, C["N08"]) and s.turns[NIXON] == 1
    assert s.legal_actions() == [("value", C["N08"])]
    with pytest.raises(IllegalActionError):
        s.apply_action(("action", C["N08"]))
    play(s, ("value", C["N08"]), ("mom",))
    assert not s.events_value_only and s.turns[NIXON] == 1


def test_brilliant_mood_drawn_by_hunt_on_a_later_turn_may_act_s9_5():
    """§9.5: on Nixon's second turn, Hunt's drawn A brilliant mood may use its action part."""
    s = arrange(fresh(0), editor=("E10", "E11"), nixon=("N15", "N04"), to_move=NIXON)
    _hunt_draws(s, "N08")
    play(s, ("value", C["N15"]), ("mom",), ("value", C["E10"]), ("mom",))
    play(s, ("action", C["N04"]), ("pass",))
    assert s.stack[-1] == ("turn", NIXON, C["N08"]) and s.turns[NIXON] == 2
    assert s.legal_actions() == [("value", C["N08"]), ("action", C["N08"])]
    play(s, ("action", C["N08"]))
    assert s.events_value_only and s.turns[NIXON] == 2


# ------------------------------------------------------------------ instruction vocabulary (§16.4)
def test_instruction_move_to_and_reveal_track_s16_4():
    """§16.4 ops move_to (space on the owner's side) and reveal_track."""
    s = arrange(fresh(0), editor=("E10", "E11"), nixon=("N11", "N15"), tokens=[BLUE, GREEN])
    play(s, ("action", C["E11"]), ("pass",))
    assert s.initiative == 3
    play(s, ("action", C["N11"]))
    assert s.initiative == -3
    run_frame(s, ("fx", EDITOR, (("reveal_track",),), 0))
    assert s.track_faces == [1, 1]


def test_instruction_move_evidence_count_and_split_s16_4():
    """§16.4 move_evidence moves `count` different tokens; split distributes single steps."""
    s = arrange(fresh(0), editor=("E02", "E10"), nixon=("N10", "N15"), tokens=[BLUE, GREEN, YELLOW])
    play(s, ("action", C["E02"]), ("slot", 0))
    assert ("slot", 0) not in s.legal_actions()
    play(s, ("slot", 2))
    assert s.track_places == [2, 0, 2] and s.track_faces == [1, 0, 1]
    play(s, ("action", C["N10"]), ("slot", 0), ("slot", 0))
    assert s.track_places[0] == 0


def test_instruction_colour_restricted_move_asks_w11():
    """W-11: a colour-restricted move instruction uses the asking procedure for the Editor."""
    s = arrange(fresh(0), editor=("E10", "E11"), nixon=("N15", "N01"), tokens=[BLUE, GREEN, GREEN])
    run_frame(s, ("fx", EDITOR, (("move_evidence", 1, 2, GREEN),), 0))
    # the Editor's only choice is to ask for green (taken by the engine); Nixon picks
    assert s.current_player() == NIXON and s.legal_actions() == [("slot", 1), ("slot", 2)]
    play(s, ("slot", 2))
    assert s.track_places == [0, 0, 2] and s.track_faces == [0, 0, 1]


def test_instruction_board_removal_flip_and_bag_pin_s16_4():
    """§16.4 remove_board_evidence, flip_board_evidence and pin_from_bag."""
    s = arrange(fresh(0), editor=("E09", "E12", "E08", "E10"), nixon=("N03", "N12", "N15"))
    s.board[NODE["A3"]] = GREEN  # face down
    s.board[NODE["B2"]] = GREEN
    s.board[NODE["A1"]] = BLUE | 16
    bag = len(s.bag)
    play(s, ("action", C["E12"]), ("pass",))  # flip a face-down green board token
    assert s.legal_actions() == [("space", NODE["A3"]), ("space", NODE["B2"])]
    play(s, ("space", NODE["A3"]))
    assert s.board[NODE["A3"]] == GREEN | 16
    play(s, ("action", C["N03"]), ("pass",))  # Haldeman: remove a face-up token
    assert set(s.legal_actions()) == {("space", NODE["A1"]), ("space", NODE["A3"])}
    play(s, ("space", NODE["A1"]))
    assert s.board[NODE["A1"]] == -1 and len(s.bag) == bag + 1
    play(s, ("action", C["E09"]), ("pass",))  # remove Nixon's face-down token: automatic
    assert s.board[NODE["B2"]] == -1 and len(s.bag) == bag + 2
    play(s, ("value", C["N15"]), ("mom",))
    play(s, ("action", C["E08"]), ("pass",))  # draw one from the bag and pin face up
    assert s.stack[-1][0] == "pin" and s.stack[-1][1] == EDITOR and len(s.bag) == bag + 1


def test_instruction_pin_any_picture_from_supply_s16_2():
    """§16.2 placeholder Nixon momentum space 4: pin any picture still in the supply."""
    s = arrange(
        fresh(0),
        editor=("E10", "E11"),
        nixon=("N15", "N01"),
        to_move=NIXON,
        at={"seat.momentum_cards": [0, 3], "track.momentum": -1, "board.pictures": [1, 2, 0, 0, 2, 2, 2]},
    )
    play(s, ("value", C["N15"]), ("mom",))
    assert s.legal_actions() == [("person", 2), ("person", 3)]
    play(s, ("person", 3))
    assert s.pictures[3] == 2


# ------------------------------------------------------------------ §12 information
def test_observation_hides_face_down_tokens_and_bag_from_editor_s12():
    """§12: Nixon sees his face-down track tokens and the bag; the Editor sees neither; hands
    are private; the board is public."""
    s = arrange(fresh(0), editor=("E10", "E11"), nixon=("N15", "N01"), tokens=[BLUE, GREEN])
    s.board[NODE["A1"]] = BLUE
    oe, on = s.observation(EDITOR), s.observation(NIXON)
    assert [t[0] for t in oe["track"]] == [-1, -1]
    assert [t[0] for t in on["track"]] == [BLUE, GREEN]
    assert oe["bag"] == len(s.bag) and on["bag"] == tuple(sorted(s.bag))
    assert oe["hand"] == tuple(s.hand[EDITOR]) and on["hand"] == tuple(s.hand[NIXON])
    assert oe["board"] == on["board"]
    assert "N15" not in str(oe["hand"])


def test_editor_determinization_respects_none_answers_s12():
    """§12: the Editor's worlds keep every "none of colour X" answer given this round."""
    s = arrange(fresh(0), editor=("E08", "E10"), nixon=("N15", "N01"), tokens=[BLUE, BLUE, YELLOW])
    play(s, ("value", C["E08"]), ("ask", GREEN))
    rng = random.Random(5)
    seen = set()
    for _ in range(50):
        w = s.determinize(EDITOR, rng)
        assert all(not w.track_codes[i] & GREEN for i in range(3))
        assert sorted(w.bag + w.track_codes) == sorted(s.bag + s.track_codes)
        assert w.observation(EDITOR) == s.observation(EDITOR)
        seen.add(tuple(w.track_codes))
    assert len(seen) > 1


def test_determinization_keeps_a_pick_possible_s12():
    """§12: while Nixon must pick a face-down token of the asked colour, every world the
    Editor imagines has one."""
    s = arrange(fresh(0), editor=("E01", "E10"), nixon=("N15", "N01"), tokens=[BLUE, BLUE | YELLOW, GREEN])
    play(s, ("value", C["E01"]), ("ask", BLUE))
    rng = random.Random(9)
    for _ in range(40):
        w = s.determinize(EDITOR, rng)
        assert any(w.track_faces[i] == 0 and w.track_codes[i] & BLUE for i in range(3))
        assert w.legal_actions()


# ------------------------------------------------------------------ whole games
def test_random_games_end_with_a_winner_s11():
    """§11: there is no score and no draw: every game ends with one winner and a reason."""
    game = load_game("watergate")
    for seed in range(20):
        s = game.new_initial_state(seed)
        rng = random.Random(seed)
        n = 0
        while not s.is_terminal():
            s.apply_action(s.random_action(rng))
            n += 1
        assert n <= game.max_game_length()
        assert s.outcome().winners in ((EDITOR,), (NIXON,)) and s.outcome().reason
        assert sorted(s.scores()) == [(0,), (1,)]


def test_heuristic_in_unit_interval_and_tracks_progress():
    """heuristic(): per seat in [0, 1], summing to 1; connected evidence helps the Editor,
    momentum on Nixon's card helps Nixon."""
    s = arrange(fresh(0), editor=("E10", "E11"), nixon=("N15", "N01"))
    base = s.heuristic()
    assert all(0 <= v <= 1 for v in base) and abs(sum(base) - 1) < 1e-9
    t = s.clone()
    _connect(t, leave_out="A2")
    assert t.heuristic()[EDITOR] > base[EDITOR]
    u = s.clone()
    u.momentum_cards = [0, 3]
    u.supply = 5
    assert u.heuristic()[NIXON] > base[NIXON]


def _count_invariants(s):
    cards_in_play = set()
    for f in s.stack:
        if f[0] in ("vt", "dispose"):
            cards_in_play.add(f[2])
        if f[0] == "pick" and f[4] >= 0:
            cards_in_play.add(f[4])
    for entry in s.chain:
        cards_in_play.add(entry[2])
    cards = s.hand[0] + s.hand[1] + s.deck[0] + s.deck[1] + s.discard[0] + s.discard[1] + s.removed
    assert len(cards) == len(set(cards))
    assert sorted(set(cards) | cards_in_play) == list(range(40))
    tokens = len(s.bag) + sum(1 for f in s.track_faces if f != 2) + sum(1 for b in s.board if b >= 0)
    tokens += sum(1 for f in s.stack if f[0] == "pin")
    assert tokens == 30
    momentum = (
        s.supply + (s.momentum is not None) + s.momentum_cards[0] + s.momentum_cards[1] + s.momentum_removed
    )
    assert momentum == 9 or s.is_terminal() or any(f[0] == "eval" for f in s.stack)


def test_components_are_conserved_in_random_games_s2():
    """§2: 40 cards, 30 evidence tokens in play and 9 momentum tokens are never created or
    lost, whatever the play (random games, checked after every decision)."""
    for seed in range(30):
        s = fresh(seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            _count_invariants(s)
            s.apply_action(s.random_action(rng))
