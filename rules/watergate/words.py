"""Watergate's words for a person: what a card does, what is being decided and by whom,
how far a token stands on the track.  Read from an observation and the printed data only;
shared by the terminal board (`view.board_text`) and the web board (`svg_board`).
"""

from __future__ import annotations

from collections import Counter

from automa.rules.watergate.data import CONSPIRATOR, EDITOR, EVENT
from automa.rules.watergate.report import SIDE_NAME, outcome_text
from automa.rules.watergate.text import BIT_NAME, colour_text, person_text, token_words

OWNER_NAME = ("Editor", "Nixon")
KIND_TEXT = ("event", "conspirator", "journalist")


# ---------------------------------------------------------------------------- small helpers


def track_pos(pos: int) -> str:
    """A research-track space in words (+ is the Editor's side, - Nixon's; 5 gains it)."""
    if pos == 0:
        return "on 0"
    return f"{abs(pos)} toward {'the Editor' if pos > 0 else 'Nixon'}"


def tally(texts) -> str:
    """'blue x4, yellow x3' in first-seen order."""
    seen: dict[str, int] = {}
    for t in texts:
        seen[t] = seen.get(t, 0) + 1
    return ", ".join(t + (f" x{k}" if k > 1 else "") for t, k in seen.items())


def plural_of(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def colour_bits(mask: int) -> list[int]:
    return [b for b in (1, 2, 4) if mask & b]


def effect_text(op: tuple, owner: int, data) -> str:
    """One compiled instruction (data.py's vocabulary) as a sentence for the card's owner."""
    k = op[0]

    def token(t):
        return "initiative" if t == 0 else "momentum"

    def only(mask):
        return "" if mask & 7 == 7 else f" {colour_text(mask)}"

    facing = "face up" if owner == 0 else "face down"
    if k == "move":
        return f"Move the {token(op[1])} token {plural_of(op[2], 'step')}."
    if k == "move_to":
        return f"Put the {token(op[1])} token on your space {op[2]}."
    if k == "move_evidence":
        if op[1] == 1:
            return f"Move 1{only(op[3])} evidence token {plural_of(op[2], 'step')}."
        return f"Move {op[1]} different{only(op[3])} evidence tokens {plural_of(op[2], 'step')} each."
    if k == "split":
        return f"Split {op[1]} steps among evidence tokens."
    if k == "pin_picture":
        return f"Pin {person_text(data, op[1])}'s picture {facing}."
    if k == "pin_picture_any":
        return f"Pin any picture from the supply {facing}."
    if k == "pin_from_bag":
        them = "it" if op[1] == 1 else "them"
        return f"Draw {plural_of(op[1], 'evidence token')} from the bag and pin {them} {facing}."
    if k == "remove_board":
        face = "face-up" if op[1] else "face-down"
        tokens = "token" if op[2] == 1 else "tokens"
        return f"Send {op[2]} {face}{only(op[3])} {tokens} from the evidence board to the bag."
    if k == "flip_board":
        return f"Turn a face-down{only(op[1])} board token face up."
    if k == "reveal_track":
        return "Nixon turns every face-down track token face up."
    if k == "draw_and_play_top":
        return "Draw your top card and play it at once."
    if k == "gambit_option":
        return "You may remove a conspirator from your hand instead; Gambit then goes to your discard."
    if k == "round_flag":
        return "Rest of the round: the Editor's events may use only their value part."
    if k == "replay_removed":
        return "Carry out the action of one of your removed cards, then remove both."
    return " ".join(str(x) for x in op)


REACTION_TEXT = {
    "cancel_conspirator": (
        "Reaction: cancel the action of Nixon's conspirator; that card is removed from the game."
    ),
    "cancel_event": "Reaction: cancel the action of the Editor's event; it goes to her discard unused.",
    "follow_the_money": (
        "Reaction: when Nixon moves evidence with a value, move it that far toward you instead."
    ),
}
REQUIREMENT_TEXT = {"not_first_turn": "Not on your first turn of the round.", "removed_action_card": ""}


def card_text(card, data) -> str:
    """The action part of a card in words: its requirement, reaction and instructions."""
    parts = []
    if REQUIREMENT_TEXT.get(card.requirement):
        parts.append(REQUIREMENT_TEXT[card.requirement])
    if card.reaction:
        parts.append(REACTION_TEXT.get(card.reaction, card.reaction))
    parts += [effect_text(op, card.owner, data) for op in card.effects]
    return " ".join(parts) or "No action."


def unseen_tokens(obs, data) -> Counter:
    """The evidence tokens `obs`'s seat cannot see: for Nixon the bag; for the Editor the
    bag together with the face-down tokens on the track (every token of the box's 30 that
    is not on the board, face up on the track or waiting to be pinned)."""
    if isinstance(obs["bag"], (list, tuple)):
        return Counter(obs["bag"])
    pool = Counter(data.bag)
    seen = Counter(v & 15 for v in obs["board"] if v >= 0)
    seen.update(code for code, _pos, flag in obs["track"] if flag == 1 and code >= 0)
    seen.update(f[2] for f in obs["stack"] if f[0] == "pin")
    return pool - seen


def sentence_subject(p: int, seat: int) -> str:
    """'You', 'The Editor' or 'Nixon', to start a sentence."""
    if p == seat:
        return "You"
    name = SIDE_NAME[p] if p in (0, 1) else f"seat {p}"
    return name[0].upper() + name[1:]


def mid_sentence(words: str) -> str:
    """A sentence start used after a colon: 'You choose' -> 'you choose'."""
    return "you" + words[3:] if words.startswith("You") else words


def verb_for(p: int, seat: int, verb: str) -> str:
    """'You pin' / 'Nixon pins'."""
    return f"{sentence_subject(p, seat)} {verb}" if p == seat else f"{sentence_subject(p, seat)} {verb}s"


REACT_WHEN = {
    "cancel_conspirator": "against Nixon's conspirator action (Ben Bradlee or Mass demonstration cancels it)",
    "cancel_event": "against the Editor's event action (John Mitchell cancels it)",
    "follow_the_money": 'against Nixon\'s evidence move ("Follow the money!" turns it toward the Editor)',
}


CLICK_HINT = {
    "vt": "Click a highlighted token on the track.",
    "pick": "Click one of your highlighted face-down tokens on the track.",
    "em": "Click a highlighted token on the track.",
    "pin": "Click a highlighted evidence space on the board.",
    "person": "Click a highlighted informant space on the board.",
    "rmb": "Click a highlighted evidence space on the board.",
    "flipb": "Click a highlighted evidence space on the board.",
}


def decision_words(obs, data, seat: int, max_rounds: int) -> tuple[str, list[str]]:
    """The decision being taken, in words: a headline and its details."""
    headline, details = _decision(obs, data, seat, max_rounds)
    if obs["winner"] < 0 and obs["stack"][-1][1] == seat and obs["stack"][-1][0] in CLICK_HINT:
        details.append(CLICK_HINT[obs["stack"][-1][0]])
    return headline, details


def _decision(obs, data, seat: int, max_rounds: int) -> tuple[str, list[str]]:
    cards = data.cards
    if obs["winner"] >= 0:
        ended = outcome_text(obs, max_rounds)
        return "Game over: " + ended[0].lower() + ended[1:], []
    top = obs["stack"][-1]
    kind, s = top[0], top[1]
    who = sentence_subject(s, seat)
    face = "face up" if s == 0 else "face down"
    if kind == "turn":
        if top[2] == -2:
            return "Nixon plays the card he drew from his deck (Howard Hunt).", []
        if top[2] >= 0:
            return f"{who} must play the drawn card, {cards[top[2]].name} (Howard Hunt).", [
                "Click its value to move a token, or its text to use its action."
            ]
        if s == seat:
            return "Your turn: play a card from your hand.", [
                "Click a card's value to move a token that many steps, or its text to use its action."
            ]
        return f"{who} is choosing a card to play.", []
    if kind == "vt":
        card = cards[top[2]]
        lines = [
            f"The initiative token, the momentum token, or a {colour_text(card.mask)} evidence token "
            f"(a two-colour token counts as either colour)."
        ]
        if top[3]:
            lines.append("Nixon said no face-down token of the asked colour is on the track.")
        elif s == seat == 0 and any(flag == 0 for _c, _p, flag in obs["track"]):
            lines.append(
                "For a face-down token, ask Nixon for a colour: if one matches, he must turn it "
                "up and move it for you (he chooses which)."
            )
        return (
            f"{verb_for(s, seat, 'move')} a token {plural_of(card.value, 'step')} with the value of "
            f"{card.name} ({card.value} {colour_text(card.mask)}).",
            lines,
        )
    if kind == "pick":
        return (
            f"{verb_for(s, seat, 'choose')} which face-down {BIT_NAME[top[2]]} token moves "
            f"{plural_of(top[3], 'step')} toward the Editor.",
            [],
        )
    if kind == "em":
        _, _, mask, steps, left, chosen, repeat = top
        only = "" if mask == 7 else f" {colour_text(mask)}"
        if repeat:
            return (
                f"{verb_for(s, seat, 'split')} steps: {plural_of(left, 'more step')} among evidence tokens.",
                [],
            )
        moved = f" (not token {', '.join(str(i + 1) for i in chosen)} again)" if chosen else ""
        if left == 1:
            return (
                f"{verb_for(s, seat, 'move')} an{only} evidence token {plural_of(steps, 'step')}{moved}.",
                [],
            )
        return (
            f"{verb_for(s, seat, 'move')} {left} different{only} evidence tokens, "
            f"{plural_of(steps, 'step')} each{moved}.",
            [],
        )
    if kind == "window":
        if s != seat:
            return f"{who} may react {REACT_WHEN.get(top[2], top[2])}.", []
        ready = [
            c
            for c in obs["hand"]
            if cards[c].reaction == top[2]
            and not (s == EDITOR and cards[c].kind == EVENT and obs["events_value_only"])
        ]
        return f"{who} may react {REACT_WHEN.get(top[2], top[2])}.", (
            ["Click the reaction card's text, or choose not to react."]
            if ready
            else [
                "You hold no card that can react: choose not to react. (The window opens "
                "whatever your hand, so your opponent learns nothing from it.)"
            ]
        )
    if kind == "pin":
        return (
            f"{verb_for(s, seat, 'pin')} a token ({token_words(top[2])}) {face} "
            f"on an empty matching evidence space.",
            [],
        )
    if kind == "person":
        return (
            f"{verb_for(s, seat, 'pin')} a picture from the supply {face}: choose an empty informant space.",
            [],
        )
    if kind == "rmb":
        side = "face-up" if top[2] else "face-down"
        return (
            f"{verb_for(s, seat, 'send')} {top[3]} {side} token{'s' if top[3] != 1 else ''} "
            f"from the evidence board back to the bag.",
            [],
        )
    if kind == "flipb":
        only = "" if top[2] == 7 else f" {colour_text(top[2])}"
        return f"{verb_for(s, seat, 'turn')} a face-down{only} token on the evidence board face up.", []
    if kind == "gambit":
        if s != seat:
            return f"Gambit: {mid_sentence(who)} may remove a conspirator from hand instead of Gambit.", []
        ready = any(cards[c].kind == CONSPIRATOR for c in obs["hand"])
        return f"Gambit: {mid_sentence(who)} may remove a conspirator from hand instead of Gambit.", (
            ["Click a conspirator's name in your hand, or keep the rule: Gambit is removed."]
            if ready
            else [
                "You hold no conspirator: Gambit is removed. (The question is asked whatever your "
                "hand, so the Editor learns nothing from it.)"
            ]
        )
    if kind == "replay":
        return (
            f"The system works: {mid_sentence(verb_for(s, seat, 'choose'))} "
            "a removed card whose action to carry out.",
            (
                ["Click it among the Editor's cards removed from the game (below the board)."]
                if s == seat
                else []
            ),
        )
    return f"{who} is deciding.", []


def resolving_cards(obs, data) -> list[tuple[int, str]]:
    """The cards in play now, bottom of the pile first: (card, what it is doing)."""
    out = []
    for entry in obs["chain"]:
        c = entry[2]
        if entry[0] == "act":
            out.append((c, f"{OWNER_NAME[entry[1]]}'s action part, open to reactions"))
        elif entry[0] == "react":
            out.append((c, f"{OWNER_NAME[entry[1]]}'s reaction"))
        else:
            out.append(
                (
                    c,
                    f"Nixon's value part: evidence token {entry[3] + 1}, {plural_of(entry[4], 'step')}, "
                    f"open to reactions",
                )
            )
    for frame in obs["stack"]:
        kind = frame[0]
        if kind == "dispose":
            out.append((frame[2], f"{OWNER_NAME[frame[1]]}'s action part being carried out"))
        elif kind == "vt":
            out.append((frame[2], f"{OWNER_NAME[frame[1]]}'s value part"))
        elif kind == "pick" and frame[4] >= 0:
            out.append((frame[4], "the Editor's value part"))
        elif kind == "turn" and frame[2] >= 0:
            out.append((frame[2], "drawn by Howard Hunt, to be played now"))
    return out
