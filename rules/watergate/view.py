"""Watergate as a person sees it: the terminal board and the web board (SVG), both built
only from `state.observation(seat)`, the printed data and the game's parameters.

The web board is laid out like the table: the research track across the middle with
Nixon's momentum card at his end (left) and the Editor's at hers (right), the initiative
card and the momentum supply above the 0 space; below, the evidence board on the left and,
on the right, what is being decided now, your hand, your deck, both players' piles and the
evidence bag.  An automaton deck in a seat (automa/decks) shows its card below the
evidence board, the rule that fired marked, as the terminal board does.  Click targets carry `data-key`s (see `action_keys`):

    value:E07 / action:E07 / card:E07   the value part, the action part, the name of a card in hand
    token:initiative / token:momentum / evidence:2    tokens on the research track (1-3)
    ask:blue                            ask Nixon for a face-down token of that colour
    space:B4 / informant:dean           an evidence space / an informant space on the board
    removed:E13                         a card removed from the game (The system works)
"""

from __future__ import annotations

import math
from collections import Counter

from automa.rules.presentation import Style
from automa.rules.presentation import count as _count
from automa.rules.presentation import plain as _plain
from automa.rules.svg import Canvas, text_width, wrap, wrap_chars
from automa.rules.watergate.data import CONSPIRATOR, EDITOR, EVENT
from automa.rules.watergate.report import connected, outcome_text
from automa.rules.watergate.report import final_report as final_report
from automa.rules.watergate.state import (
    BIT_NAME,
    SEAT_NAME,
    colour_text,
    person_text,
    token_text,
    token_words,
)

from automa.decks.shown import ShownDeck, shown_decks

# ---------------------------------------------------------------------------- palette
PAPER = "#f5eedc"
PANEL = "#fbf7ec"
INK = "#2e2a24"
MUTED = "#6f6656"
WOOD = "#b08d5a"
THREAD = "#a38d6b"
EDITOR_INK = "#27506e"
NIXON_INK = "#8e2b2b"
EDITOR_TINT = "#e3e9ea"
NIXON_TINT = "#f1ddd5"
MOMENTUM_RED = "#c23b2e"
FACE_DOWN = "#4a4540"
GOLD = "#d8a523"
CONNECTED = "#c8871e"
EVIDENCE_FILL = {1: "#3f7ec4", 2: "#e9c440", 4: "#4e9a57"}
SANS = "Helvetica, Arial, sans-serif"
SERIF = "Georgia, 'Times New Roman', serif"

WIDTH = 1500
SIDE_NAME = ("the Editor", "Nixon")
OWNER_NAME = ("Editor", "Nixon")
KIND_TEXT = ("event", "conspirator", "journalist")


# ---------------------------------------------------------------------------- small helpers


def _track_pos(pos: int) -> str:
    """A research-track space in words (+ is the Editor's side, - Nixon's; 5 gains it)."""
    if pos == 0:
        return "on 0"
    return f"{abs(pos)} toward {'the Editor' if pos > 0 else 'Nixon'}"


def _tally(texts) -> str:
    """'blue x4, yellow x3' in first-seen order."""
    seen: dict[str, int] = {}
    for t in texts:
        seen[t] = seen.get(t, 0) + 1
    return ", ".join(t + (f" x{k}" if k > 1 else "") for t, k in seen.items())


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _bits(mask: int) -> list[int]:
    return [b for b in (1, 2, 4) if mask & b]


def effect_text(op: tuple, owner: int, data) -> str:
    """One compiled instruction (data.py's vocabulary) as a sentence for the card's owner."""
    k = op[0]
    token = lambda t: "initiative" if t == 0 else "momentum"
    only = lambda mask: "" if mask & 7 == 7 else f" {colour_text(mask)}"
    facing = "face up" if owner == 0 else "face down"
    if k == "move":
        return f"Move the {token(op[1])} token {_plural(op[2], 'step')}."
    if k == "move_to":
        return f"Put the {token(op[1])} token on your space {op[2]}."
    if k == "move_evidence":
        if op[1] == 1:
            return f"Move 1{only(op[3])} evidence token {_plural(op[2], 'step')}."
        return f"Move {op[1]} different{only(op[3])} evidence tokens {_plural(op[2], 'step')} each."
    if k == "split":
        return f"Split {op[1]} steps among evidence tokens."
    if k == "pin_picture":
        return f"Pin {person_text(data, op[1])}'s picture {facing}."
    if k == "pin_picture_any":
        return f"Pin any picture from the supply {facing}."
    if k == "pin_from_bag":
        return f"Draw {_plural(op[1], 'evidence token')} from the bag and pin {'it' if op[1] == 1 else 'them'} {facing}."
    if k == "remove_board":
        face = "face-up" if op[1] else "face-down"
        return f"Send {op[2]} {face}{only(op[3])} token{'s' if op[2] != 1 else ''} from the evidence board to the bag."
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
    "cancel_conspirator": "Reaction: cancel the action of Nixon's conspirator; that card is removed from the game.",
    "cancel_event": "Reaction: cancel the action of the Editor's event; it goes to her discard unused.",
    "follow_the_money": "Reaction: when Nixon moves evidence with a value, move it that far toward you instead.",
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


# ---------------------------------------------------------------------------- SVG building


def _heading(svg: Canvas, x: float, y: float, text: str, colour: str = INK) -> None:
    """A panel's title."""
    svg.text(x, y, text, size=20, weight="bold", fill=colour, family=SERIF)


def _half_paths(cx, cy, r) -> tuple[str, str]:
    """The left and right half-circle outlines of a disc."""
    return (
        f"M{cx:.1f},{cy - r:.1f} A{r},{r} 0 0,0 {cx:.1f},{cy + r:.1f}",
        f"M{cx:.1f},{cy - r:.1f} A{r},{r} 0 0,1 {cx:.1f},{cy + r:.1f}",
    )


def _token_disc(svg: Canvas, cx, cy, r, code: int, face_up: bool, label: str = "") -> None:
    """An evidence token.  Face up: its colours (a two-colour token split in half).  Face
    down: a dark disc in a dashed ring, its colours as an inner ring when the viewer knows
    them, "?" when not.  A gold star marks the momentum symbol; `label` goes in the middle."""
    bits = _bits(code) if code >= 0 else []
    left, right = _half_paths(cx, cy, r)
    if face_up and bits:
        if len(bits) == 1:
            svg.circle(cx, cy, r, fill=EVIDENCE_FILL[bits[0]])
        else:
            svg.path(left + " Z", fill=EVIDENCE_FILL[bits[0]])
            svg.path(right + " Z", fill=EVIDENCE_FILL[bits[1]])
        svg.circle(cx, cy, r, fill="none", stroke=INK, stroke_width=2)
    else:
        svg.circle(cx, cy, r + 3.5, fill="none", stroke=FACE_DOWN, stroke_width=1.8, stroke_dasharray="4 3")
        svg.circle(cx, cy, r, fill=FACE_DOWN, stroke=INK, stroke_width=1.5)
        inner_left, inner_right = _half_paths(cx, cy, r - 4)
        if len(bits) == 1:
            svg.circle(cx, cy, r - 4, fill="none", stroke=EVIDENCE_FILL[bits[0]], stroke_width=5)
        elif bits:
            svg.path(inner_left, fill="none", stroke=EVIDENCE_FILL[bits[0]], stroke_width=5)
            svg.path(inner_right, fill="none", stroke=EVIDENCE_FILL[bits[1]], stroke_width=5)
        if not bits and not label:
            label = "?"
    if code >= 0 and code & 8:
        _star(svg, cx + r * 0.8, cy - r * 0.8, 8)
    if label:
        light = face_up and bits and (bits in ([2], [4]) or 2 in bits)
        svg.text(
            cx,
            cy + 5,
            label,
            size=14 if len(label) > 2 else 15,
            fill=INK if light else "#ffffff",
            weight="bold",
            anchor="middle",
        )


def _star(svg: Canvas, cx, cy, r) -> None:
    pts = []
    for k in range(10):
        rr = r if k % 2 == 0 else r * 0.45
        a = -math.pi / 2 + k * math.pi / 5
        pts.append(f"{cx + rr * math.cos(a):.1f},{cy + rr * math.sin(a):.1f}")
    svg.path("M" + (" ".join(pts)) + " Z", fill=GOLD, stroke=INK, stroke_width=1)


def _wooden(svg: Canvas, cx, cy, r, which: str) -> None:
    """The white initiative token or a red momentum token."""
    if which == "initiative":
        svg.circle(cx, cy, r, fill="#fffdf6", stroke=INK, stroke_width=2.5)
        svg.text(cx, cy + 5, "I", size=15, fill=INK, weight="bold", anchor="middle", family=SERIF)
    else:
        svg.circle(cx, cy, r, fill=MOMENTUM_RED, stroke="#5a1a14", stroke_width=2)
        svg.text(cx, cy + 5, "M", size=14, fill="#ffffff", weight="bold", anchor="middle", family=SERIF)


def _chip(svg: Canvas, x, y, card, data, key: str | None = None) -> float:
    """A card named in a pile: its value, colour dots and name, its text on hover.
    Returns its width."""
    name = card.name
    w = _chip_width(card)
    with svg.target(
        key,
        f"{name} ({card.value} {colour_text(card.mask)}, {KIND_TEXT[card.kind]}): {card_text(card, data)}",
    ):
        svg.rect(
            x,
            y,
            w,
            28,
            rx=5,
            fill="#fffdf6" if card.owner == 0 else "#fff7f3",
            stroke=EDITOR_INK if card.owner == 0 else NIXON_INK,
            stroke_width=1.2,
        )
        svg.text(x + 11, y + 20, str(card.value), size=15, fill=INK, weight="bold")
        for k, b in enumerate(_bits(card.mask)):
            svg.circle(x + 27 + 8 * k, y + 14, 4.5, fill=EVIDENCE_FILL[b], stroke=INK, stroke_width=0.6)
        svg.text(x + 31 + 9 * len(_bits(card.mask)), y + 19, name, size=14, fill=INK)
    return w


def _chip_width(card) -> float:
    return 42 + 9 * len(_bits(card.mask)) + 7.7 * len(card.name)


def _chips(
    svg: Canvas, x, y, width, cards, data, key_prefix: str | None = None, empty: str = "none"
) -> float:
    """Cards as chips flowing in rows within `width`; returns the y below them."""
    if not cards:
        svg.text(x, y + 19, empty, size=15, fill=MUTED)
        return y + 32
    cx, cy = x, y
    for c in cards:
        card = data.cards[c]
        w = _chip_width(card)
        if cx > x and cx + w > x + width:
            cx, cy = x, cy + 34
        _chip(svg, cx, cy, card, data, f"{key_prefix}:{card.id}" if key_prefix else None)
        cx += w + 8
    return cy + 36


# ---------------------------------------------------------------------------- the terminal board


def board_text(state, seat: int, style: Style = _plain) -> str:
    """The research track (markers and evidence tokens with their colours), the momentum
    cards, the evidence board (pinned tokens and informant pictures), then the hands."""
    obs = state.observation(seat)
    d = state.game.data
    the = lambda p: "the Editor" if p == 0 else SEAT_NAME[p]
    me = the(seat) if seat in (0, 1) else str(seat)
    card = lambda c: d.cards[c].name if 0 <= c < len(d.cards) else str(c)
    lines = [
        style(
            f"Watergate — round {obs['round']}; you are {me}; the initiative card points at "
            f"{the(obs['holder'])}",
            bold=True,
        )
    ]
    if obs["winner"] >= 0:
        lines.append(style(f"  game over: {the(obs['winner'])} wins", bold=True))
    lines.append(style("[research track: a token reaching 5 on a side goes to that player]", bold=True))
    got_ini, got_mom = obs["gained"]
    ini, mom = obs["initiative"], obs["momentum"]
    lines.append("  initiative token: " + (_track_pos(ini) if ini is not None else "gained this round"))
    lines.append("  momentum token: " + (_track_pos(mom) if mom is not None else "gained this round"))
    for i, (code, pos, flag) in enumerate(obs["track"]):
        if flag == 2:
            lines.append(f"  evidence token {i + 1}: gained and pinned")
            continue
        face = token_text(code) if code >= 0 else "unknown colour"
        lines.append(
            f"  evidence token {i + 1}: {face}, {'face up' if flag else 'face down'}, {_track_pos(pos)}"
        )
    lines.append("  (* = shows the momentum symbol)")
    lines.append(style("[momentum]", bold=True))
    editor_spaces = len(d.momentum_effects[0])
    lines.append(
        f"  tokens on the momentum cards: Editor {obs['momentum_cards'][0]} of {editor_spaces}, "
        f"Nixon {obs['momentum_cards'][1]} of 5 (Nixon wins with the 5th)"
    )
    lines.append(
        f"  momentum tokens in the supply: {obs['supply']} (Nixon wins when a new round finds none)"
        + (f"; removed from the game: {obs['momentum_removed']}" if obs["momentum_removed"] else "")
    )
    lines.append(style("[evidence board]", bold=True))
    pinned = []
    for i, v in enumerate(obs["board"]):
        if v >= 0 and i < len(d.space_names):
            pinned.append(f"{d.space_names[i]} {token_text(v & 15)} {'face up' if v >= 16 else 'face down'}")
    lines.append("  pinned evidence: " + (", ".join(pinned) or "none"))
    people = [person_text(d, p) for p in range(len(d.people))]
    pics = [
        f"{name} ({'face up: recruited' if obs['pictures'][i] == 1 else 'face down: blocked'})"
        for i, name in enumerate(people)
        if obs["pictures"][i]
    ]
    free = [name for i, name in enumerate(people) if not obs["pictures"][i]]
    lines.append(
        "  informant pictures: "
        + (", ".join(pics) or "none pinned")
        + "; still in the supply: "
        + (", ".join(free) or "none")
    )
    bag = obs["bag"]
    lines.append(
        f"  evidence bag: {_count(bag)} tokens"
        + (": " + _tally(token_text(c) for c in bag) if isinstance(bag, (list, tuple)) and bag else "")
    )
    denied = [token_text(b) for b in (1, 2, 4) if obs["denied"] & b]
    if denied:
        lines.append("  Nixon has said no face-down token on the track is: " + ", ".join(denied))
    resolving = _resolving(obs, d)
    if resolving:
        lines.append("  cards being resolved: " + "; ".join(f"{card(c)} ({what})" for c, what in resolving))
    lines.append(style("[your cards]", bold=True))
    lines.append("  hand: " + (", ".join(card(c) for c in obs["hand"]) or "-"))
    lines.append("  your draw deck: " + (", ".join(card(c) for c in obs["own_deck"]) or "empty"))
    if obs["events_value_only"]:
        lines.append("  this round the Editor's event cards cannot use their action part (A brilliant mood)")
    lines.append(style("[players]", bold=True))
    for p in (seat, 1 - seat) if seat in (0, 1) else (0, 1):
        lines.append(
            f"  {SEAT_NAME[p]:<7} hand {obs['hand_sizes'][p]}, deck {obs['deck_sizes'][p]}, discard: "
            + (", ".join(card(c) for c in obs["discards"][p]) or "-")
        )
    if obs["removed"]:
        lines.append("  removed from the game: " + ", ".join(card(c) for c in obs["removed"]))
    for deck in shown_decks(state, obs):
        lines.append(style(f"[automaton deck: {SEAT_NAME[deck.seat]}]", bold=True))
        lines += ["  " + line for line in deck.lines()]
    return "\n".join(lines)


# ---------------------------------------------------------------------------- the web board

TRACK_X, CELL_W, TRACK_Y, CELL_H = 290, 84, 182, 238
ROW_B = 500
RIGHT_X, RIGHT_W = 760, 720


def _who(p: int, seat: int) -> str:
    """'You', 'The Editor' or 'Nixon', to start a sentence."""
    if p == seat:
        return "You"
    name = SIDE_NAME[p] if p in (0, 1) else f"seat {p}"
    return name[0].upper() + name[1:]


def _mid(words: str) -> str:
    """A sentence start used after a colon: 'You choose' -> 'you choose'."""
    return "you" + words[3:] if words.startswith("You") else words


def _verb(p: int, seat: int, verb: str) -> str:
    """'You pin' / 'Nixon pins'."""
    return f"{_who(p, seat)} {verb}" if p == seat else f"{_who(p, seat)} {verb}s"


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


def _now(obs, data, seat: int, max_rounds: int) -> tuple[str, list[str]]:
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
    who = _who(s, seat)
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
            f"{_verb(s, seat, 'move')} a token {_plural(card.value, 'step')} with the value of "
            f"{card.name} ({card.value} {colour_text(card.mask)}).",
            lines,
        )
    if kind == "pick":
        return (
            f"{_verb(s, seat, 'choose')} which face-down {BIT_NAME[top[2]]} token moves "
            f"{_plural(top[3], 'step')} toward the Editor.",
            [],
        )
    if kind == "em":
        _, _, mask, steps, left, chosen, repeat = top
        only = "" if mask == 7 else f" {colour_text(mask)}"
        if repeat:
            return f"{_verb(s, seat, 'split')} steps: {_plural(left, 'more step')} among evidence tokens.", []
        moved = f" (not token {', '.join(str(i + 1) for i in chosen)} again)" if chosen else ""
        if left == 1:
            return f"{_verb(s, seat, 'move')} an{only} evidence token {_plural(steps, 'step')}{moved}.", []
        return (
            f"{_verb(s, seat, 'move')} {left} different{only} evidence tokens, "
            f"{_plural(steps, 'step')} each{moved}.",
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
            f"{_verb(s, seat, 'pin')} a token ({token_words(top[2])}) {face} "
            f"on an empty matching evidence space.",
            [],
        )
    if kind == "person":
        return (
            f"{_verb(s, seat, 'pin')} a picture from the supply {face}: choose an empty informant space.",
            [],
        )
    if kind == "rmb":
        side = "face-up" if top[2] else "face-down"
        return (
            f"{_verb(s, seat, 'send')} {top[3]} {side} token{'s' if top[3] != 1 else ''} "
            f"from the evidence board back to the bag.",
            [],
        )
    if kind == "flipb":
        only = "" if top[2] == 7 else f" {colour_text(top[2])}"
        return f"{_verb(s, seat, 'turn')} a face-down{only} token on the evidence board face up.", []
    if kind == "gambit":
        if s != seat:
            return f"Gambit: {_mid(who)} may remove a conspirator from hand instead of Gambit.", []
        ready = any(cards[c].kind == CONSPIRATOR for c in obs["hand"])
        return f"Gambit: {_mid(who)} may remove a conspirator from hand instead of Gambit.", (
            ["Click a conspirator's name in your hand, or keep the rule: Gambit is removed."]
            if ready
            else [
                "You hold no conspirator: Gambit is removed. (The question is asked whatever your "
                "hand, so the Editor learns nothing from it.)"
            ]
        )
    if kind == "replay":
        return (
            f"The system works: {_mid(_verb(s, seat, 'choose'))} a removed card whose action to carry out.",
            (
                ["Click it among the Editor's cards removed from the game (below the board)."]
                if s == seat
                else []
            ),
        )
    return f"{who} is deciding.", []


def _resolving(obs, data) -> list[tuple[int, str]]:
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
                    f"Nixon's value part: evidence token {entry[3] + 1}, {_plural(entry[4], 'step')}, "
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


def _draw_header(svg: Canvas, obs, seat: int, headline: str) -> None:
    svg.text(24, 38, f"Watergate — round {obs['round']}", size=26, fill=INK, weight="bold", family=SERIF)
    me = SIDE_NAME[seat] if seat in (0, 1) else f"seat {seat}"
    svg.text(
        WIDTH - 24,
        38,
        f"You play {me}",
        size=20,
        fill=EDITOR_INK if seat == 0 else NIXON_INK,
        weight="bold",
        anchor="end",
        family=SERIF,
    )
    svg.text(
        24,
        68,
        headline,
        size=18,
        fill=NIXON_INK if obs["winner"] == 1 else EDITOR_INK if obs["winner"] == 0 else INK,
        weight="bold",
    )


def _draw_momentum_card(svg: Canvas, x, y, w, owner: int, obs, data) -> None:
    """A momentum card: its numbered spaces, the tokens on them and each space's instruction."""
    spaces = data.momentum_effects[owner]
    filled = obs["momentum_cards"][owner]
    ink = EDITOR_INK if owner == 0 else NIXON_INK
    row = 54
    note = []
    if owner == 0:
        note = wrap_chars(
            "Full: momentum she gains now leaves the game."
            if filled >= len(spaces)
            else "When full, momentum she gains leaves the game.",
            30,
        )
    h = 44 + row * len(spaces) + 18 * len(note) + 8
    svg.rect(x, y, w, h, rx=10, fill=EDITOR_TINT if owner == 0 else NIXON_TINT, stroke=ink, stroke_width=2)
    svg.rect(x, y, w, 36, rx=10, fill=ink)
    svg.text(
        x + w / 2,
        y + 25,
        f"{OWNER_NAME[owner]}'s momentum card",
        size=17,
        fill="#ffffff",
        weight="bold",
        anchor="middle",
        family=SERIF,
    )
    for k, ops in enumerate(spaces):
        cy = y + 44 + row * k + row / 2
        if k + 1 <= filled:
            _wooden(svg, x + 26, cy, 15, "momentum")
        else:
            svg.circle(x + 26, cy, 15, fill="#ffffff", stroke=ink, stroke_width=1.5, stroke_dasharray="3 3")
            svg.text(x + 26, cy + 5, str(k + 1), size=15, fill=ink, weight="bold", anchor="middle")
        if owner == 1 and k == len(spaces) - 1:
            words = "Placing a token here: Nixon wins."
        else:
            words = " ".join(effect_text(op, owner, data) for op in ops) or "—"
        lines = wrap_chars(words, 27)[:3]
        for j, line in enumerate(lines):
            svg.text(x + 50, cy + 5 + 16 * (j - (len(lines) - 1) / 2), line, size=14, fill=INK)
    for j, line in enumerate(note):
        svg.text(
            x + w / 2, y + 44 + row * len(spaces) + 14 + 18 * j, line, size=14, fill=MUTED, anchor="middle"
        )


def _draw_track(svg: Canvas, obs, data, seat: int) -> None:
    """The research track, Nixon's end on the left, the Editor's on the right, with the
    initiative card and the momentum supply above the 0 space."""
    centre = TRACK_X + 5 * CELL_W + CELL_W / 2
    # initiative card, momentum supply
    holder = obs["holder"]
    ink = EDITOR_INK if holder == 0 else NIXON_INK
    cw, cy0 = 300, 86
    svg.rect(centre - cw / 2, cy0, cw, 62, rx=8, fill="#fffdf6", stroke=ink, stroke_width=2.5)
    svg.text(
        centre, cy0 + 22, "Initiative card", size=15, fill=INK, weight="bold", anchor="middle", family=SERIF
    )
    svg.text(
        centre,
        cy0 + 47,
        f"points at {SIDE_NAME[holder]}: draws 5, plays first",
        size=14,
        fill=ink,
        anchor="middle",
    )
    tip = centre - cw / 2 - 20 if holder == 1 else centre + cw / 2 + 20
    base = centre - cw / 2 - 2 if holder == 1 else centre + cw / 2 + 2
    svg.path("M" + (f"{tip},{cy0 + 31} {base},{cy0 + 15} {base},{cy0 + 47}") + " Z", fill=ink)
    if obs["initiative"] is None:
        _wooden(
            svg, centre + cw / 2 - 20 if holder == 0 else centre - cw / 2 + 20, cy0 + 31, 12, "initiative"
        )
    sx = TRACK_X
    svg.text(sx, cy0 + 22, f"Momentum supply: {obs['supply']}", size=15, fill=INK, weight="bold")
    for k in range(obs["supply"]):
        _wooden(svg, sx + 12 + 26 * k, cy0 + 45, 10, "momentum")
    if obs["momentum_removed"]:
        gone = obs["momentum_removed"]
        with svg.target(
            None, f"{_plural(gone, 'momentum token')} removed from the game (the Editor's card was full)"
        ):
            svg.text(sx + 26 * obs["supply"] + 6, cy0 + 50, f"{gone} removed", size=14, fill=MUTED)
    bx = TRACK_X + 11 * CELL_W
    bag = obs["bag"]
    svg.text(
        bx, cy0 + 22, f"Evidence bag: {_count(bag)} tokens", size=15, fill=INK, weight="bold", anchor="end"
    )
    svg.text(bx, cy0 + 45, "Nixon wins if a round starts with", size=14, fill=MUTED, anchor="end")
    svg.text(bx, cy0 + 62, "no momentum token in the supply", size=14, fill=MUTED, anchor="end")
    # spaces
    svg.text(TRACK_X, TRACK_Y - 12, "◀ Nixon's side", size=15, fill=NIXON_INK, weight="bold")
    svg.text(
        TRACK_X + 11 * CELL_W,
        TRACK_Y - 12,
        "the Editor's side ▶",
        size=15,
        fill=EDITOR_INK,
        weight="bold",
        anchor="end",
    )
    svg.text(centre, TRACK_Y - 12, "research track", size=15, fill=MUTED, anchor="middle", family=SERIF)
    for pos in range(-5, 6):
        x = TRACK_X + (pos + 5) * CELL_W
        tint = NIXON_TINT if pos < 0 else EDITOR_TINT if pos > 0 else PANEL
        edge = NIXON_INK if pos < 0 else EDITOR_INK if pos > 0 else INK
        svg.rect(
            x + 2,
            TRACK_Y,
            CELL_W - 4,
            CELL_H,
            rx=6,
            fill=tint,
            stroke=edge,
            stroke_width=3 if abs(pos) == 5 else 1.2,
        )
        svg.text(
            x + CELL_W / 2,
            TRACK_Y + 24,
            str(abs(pos)),
            size=20,
            fill=edge,
            weight="bold",
            anchor="middle",
            family=SERIF,
        )
        if abs(pos) == 5:
            svg.text(x + CELL_W / 2, TRACK_Y + CELL_H - 10, "gains", size=14, fill=edge, anchor="middle")
    # tokens
    slots: dict[int, list] = {}
    if obs["initiative"] is not None:
        slots.setdefault(obs["initiative"], []).append(("initiative",))
    if obs["momentum"] is not None:
        slots.setdefault(obs["momentum"], []).append(("momentum",))
    for i, (code, pos, flag) in enumerate(obs["track"]):
        if flag != 2:
            slots.setdefault(pos, []).append(("evidence", i, code, flag))
    for pos, items in slots.items():
        x = TRACK_X + (pos + 5) * CELL_W
        for k, item in enumerate(items):
            cy = TRACK_Y + 58 + 40 * k
            cx = x + CELL_W / 2
            if item[0] in ("initiative", "momentum"):
                with svg.target(f"token:{item[0]}", f"the {item[0]} token, {_track_pos(pos)}"):
                    svg.rect(x + 6, cy - 19, CELL_W - 12, 38, fill="transparent")
                    _wooden(svg, cx, cy, 16, item[0])
                continue
            _, i, code, flag = item
            known = token_words(code) if code >= 0 else "colour unknown"
            with svg.target(
                f"evidence:{i + 1}",
                f"evidence token {i + 1} ({known}, {'face up' if flag else 'face down'}), {_track_pos(pos)}",
            ):
                svg.rect(x + 4, cy - 19, CELL_W - 8, 38, fill="transparent")
                svg.text(x + 15, cy + 6, str(i + 1), size=17, fill=INK, weight="bold", anchor="middle")
                _token_disc(svg, cx + 6, cy, 15, code, bool(flag))
    # what left the track, what Nixon has denied, the key to the symbols
    notes = []
    gained_ini, gained_mom = obs["gained"]
    if gained_ini:
        notes.append(f"initiative token gained by {SIDE_NAME[holder]}")
    if gained_mom:
        notes.append("momentum token gained")
    gone = [str(i + 1) for i, (_c, _p, flag) in enumerate(obs["track"]) if flag == 2]
    if gone:
        notes.append(f"evidence token{'s' if len(gone) > 1 else ''} {', '.join(gone)} off the track")
    # legend
    y = TRACK_Y + CELL_H + 11
    lx = TRACK_X
    _token_disc(svg, lx + 12, y + 8, 10, 1 | 8, True)
    svg.text(lx + 28, y + 14, "face up (★ momentum symbol)", size=14, fill=MUTED)
    _token_disc(svg, lx + 262, y + 8, 10, -1 if seat != 1 else 4, False)
    svg.text(
        lx + 280,
        y + 14,
        "face down" + (" (colour hidden from the Editor)" if seat == 1 else " (only Nixon knows its colour)"),
        size=14,
        fill=MUTED,
    )
    _wooden(svg, lx + 602, y + 8, 10, "initiative")
    svg.text(lx + 618, y + 14, "initiative", size=14, fill=MUTED)
    _wooden(svg, lx + 712, y + 8, 10, "momentum")
    svg.text(lx + 728, y + 14, "momentum", size=14, fill=MUTED)
    # what left the track and what Nixon has denied, between the legend and the evidence board
    y += 36
    if notes:
        svg.text(TRACK_X, y, "This round: " + "; ".join(notes) + ".", size=15, fill=INK)
        y += 20
    denied = [BIT_NAME[b] for b in (1, 2, 4) if obs["denied"] & b]
    if denied:
        svg.text(
            TRACK_X,
            y,
            "Nixon has said no face-down token on the track is " + " or ".join(denied) + ".",
            size=15,
            fill=NIXON_INK,
            weight="bold",
        )


def _board_layout(data, cx: float, cy: float) -> dict[int, tuple[float, float]]:
    """Where each node of the evidence board goes: Nixon in the centre, evidence spaces in
    rings by their distance from him, informant spaces on the outside; within a ring each
    node sits near the mean angle of its neighbours in the rings inside it."""
    depth = {0: 0}
    frontier = [0]
    informants = set(data.informant_node)
    while frontier:
        nxt = []
        for n in frontier:
            for m in data.adj[n]:
                if m not in depth and m not in informants:
                    depth[m] = depth[n] + 1
                    nxt.append(m)
        frontier = nxt
    deepest = max([depth.get(n, 1) for n in data.evidence_nodes] or [1])
    rings: dict[int, list[int]] = {}
    for n in data.evidence_nodes:
        rings.setdefault(depth.get(n, deepest), []).append(n)
    rings[deepest + 1] = list(data.informant_node)
    radius = {d: 80 + (206 - 80) * (d - 1) / max(1, deepest - 1) for d in range(1, deepest + 1)}
    radius[deepest + 1] = 300
    angle: dict[int, float] = {}
    for d in sorted(rings):
        nodes = rings[d]
        step = 2 * math.pi / len(nodes)
        if d == 1:
            for k, n in enumerate(nodes):
                angle[n] = -math.pi / 2 + k * step
            continue
        want = {}
        for n in nodes:
            seen = [angle[m] for m in data.adj[n] if m in angle]
            if seen:
                want[n] = math.atan2(sum(math.sin(a) for a in seen), sum(math.cos(a) for a in seen))
            else:
                want[n] = -math.pi / 2
        order = sorted(nodes, key=lambda n: (round(want[n] % (2 * math.pi), 6), n))
        shift = math.atan2(
            sum(math.sin(want[n] - k * step) for k, n in enumerate(order)),
            sum(math.cos(want[n] - k * step) for k, n in enumerate(order)),
        )
        for k, n in enumerate(order):
            angle[n] = shift + k * step
    where = {0: (cx, cy)}
    for d, nodes in rings.items():
        for n in nodes:
            where[n] = (cx + radius[d] * math.cos(angle[n]), cy + radius[d] * math.sin(angle[n]))
    return where


def _draw_evidence_board(svg: Canvas, obs, data, x, y, w, h) -> None:
    svg.rect(x, y, w, h, rx=12, fill="#efe3c6", stroke=WOOD, stroke_width=2)
    _heading(svg, x + 18, y + 30, "Evidence board")
    reached, linked = connected(obs, data)
    svg.text(
        x + w - 18,
        y + 30,
        f"informants connected to Nixon: {linked} (the Editor wins with 2)",
        size=15,
        fill=EDITOR_INK if linked else MUTED,
        weight="bold",
        anchor="end",
    )
    cx, cy = x + w / 2, y + 44 + (h - 78) / 2
    where = _board_layout(data, cx, cy)
    board, pictures = obs["board"], obs["pictures"]
    informant_of = {node: p for p, node in enumerate(data.informant_node)}
    # threads
    for a, near in enumerate(data.adj):
        for b in near:
            if a < b and a in where and b in where:
                lit = (
                    a in reached
                    and b in reached
                    or (a in reached and b in informant_of and pictures[informant_of[b]] == 1)
                    or (b in reached and a in informant_of and pictures[informant_of[a]] == 1)
                )
                svg.line(
                    *where[a],
                    *where[b],
                    stroke=CONNECTED if lit else THREAD,
                    stroke_width=6 if lit else 2.5,
                    stroke_linecap="round",
                )
    # Nixon
    svg.circle(cx, cy, 40, fill="#3b3531", stroke=GOLD, stroke_width=3)
    svg.text(cx, cy + 6, "NIXON", size=17, fill="#f5eedc", weight="bold", anchor="middle", family=SERIF)
    # evidence spaces
    for n in data.evidence_nodes:
        sx, sy = where[n]
        name = data.space_names[n]
        slip = data.space_mask[n]
        held = board[n]
        if held < 0:
            what = "empty"
        else:
            what = f"{token_words(held)}, {'face up' if held >= 16 else 'face down'}"
        with svg.target(f"space:{name}", f"evidence space {name} ({BIT_NAME.get(slip, '?')} slip): {what}"):
            svg.circle(sx, sy, 24, fill="#fbf7ec", stroke=EVIDENCE_FILL.get(slip, THREAD), stroke_width=6)
            if held >= 0:
                _token_disc(svg, sx, sy, 16, held & 15, held >= 16, name)
            else:
                svg.text(sx, sy + 5, name, size=14, fill=INK, weight="bold", anchor="middle")
    # informant spaces
    for p, node in enumerate(data.informant_node):
        ix, iy = where[node]
        name = person_text(data, p)
        state = pictures[p]
        status = ("recruited", "in the supply", "blocked")[{1: 0, 0: 1, 2: 2}[state]]
        with svg.target(
            f"informant:{data.people[p]}",
            f"{name}'s informant space: picture {status}"
            + (" (face up)" if state == 1 else " (face down)" if state == 2 else ""),
        ):
            bw, bh = 104, 58
            fill = {0: "#f7f1e1", 1: "#fffdf6", 2: FACE_DOWN}[state]
            stroke = {0: MUTED, 1: EDITOR_INK, 2: INK}[state]
            svg.rect(
                ix - bw / 2,
                iy - bh / 2,
                bw,
                bh,
                rx=8,
                fill=fill,
                stroke=stroke,
                stroke_width=3 if state == 1 else 1.5,
                stroke_dasharray="5 4" if state == 0 else None,
            )
            lines = wrap_chars(name, 13)
            ink = "#f5eedc" if state == 2 else INK
            top = iy - bh / 2 + 19 + (8 if len(lines) == 1 else 0)
            for j, line in enumerate(lines[:2]):
                svg.text(
                    ix, top + 16 * j, line, size=15, fill=ink, weight="bold", anchor="middle", family=SERIF
                )
            svg.text(
                ix,
                iy + bh / 2 - 7,
                status,
                size=14,
                fill="#f5eedc" if state == 2 else EDITOR_INK if state == 1 else MUTED,
                anchor="middle",
            )
    free = [person_text(data, p) for p in range(len(data.people)) if pictures[p] == 0]
    svg.text(
        x + 18, y + h - 16, "Pictures still in the supply: " + (", ".join(free) or "none"), size=15, fill=INK
    )


def _draw_hand_card(svg: Canvas, x, y, w, h, card, data) -> None:
    """A card in hand: its name (a click target for Gambit), its value part and its action part."""
    ink = EDITOR_INK if card.owner == 0 else NIXON_INK
    svg.rect(x, y, w, h, rx=9, fill="#fffdf6", stroke=ink, stroke_width=2)
    with svg.target(f"card:{card.id}", card.name):
        svg.rect(x, y, w, 50, rx=9, fill=ink)
        lines = wrap_chars(card.name, 16)
        for j, line in enumerate(lines[:2]):
            svg.text(
                x + w / 2,
                y + (30 if len(lines) == 1 else 21) + 18 * j,
                line,
                size=15,
                fill="#ffffff",
                weight="bold",
                anchor="middle",
                family=SERIF,
            )
    with svg.target(f"value:{card.id}", f"{card.name}: value part, {card.value} {colour_text(card.mask)}"):
        svg.rect(x + 4, y + 54, w - 8, 50, rx=6, fill="#f3ead6", stroke=WOOD, stroke_width=1)
        svg.text(
            x + 26, y + 92, str(card.value), size=34, fill=INK, weight="bold", anchor="middle", family=SERIF
        )
        bits = _bits(card.mask)
        bx, bw = x + 48, w - 58
        stripe = bw / len(bits)
        for k, b in enumerate(bits):  # the colours as stripes of one bar (paths: not cards of their own)
            svg.path(
                f"M{bx + k * stripe:.1f},{y + 62} h{stripe:.1f} v34 h{-stripe:.1f} Z", fill=EVIDENCE_FILL[b]
            )
        svg.rect(bx, y + 62, bw, 34, fill="none", stroke=INK, stroke_width=1)
        word = "joker" if card.mask & 7 == 7 else colour_text(card.mask)
        size = 15 if text_width(word, 15, bold=True) <= bw - 12 else 12
        label_w = min(bw - 4, text_width(word, size, bold=True) + 10)
        # the word on a label of its own: a joker's three stripes are each narrower than it
        svg.rect(bx + (bw - label_w) / 2, y + 68, label_w, 22, rx=4, fill="#fffdf6", opacity=0.9)
        svg.text(bx + bw / 2, y + 84, word, size=size, fill=INK, weight="bold", anchor="middle")
    text = card_text(card, data)
    with svg.target(f"action:{card.id}", f"{card.name}: action part. {text}"):
        svg.rect(x + 4, y + 108, w - 8, h - 112, rx=6, fill="#fffdf6", stroke="#e4dac3", stroke_width=1)
        kind = KIND_TEXT[card.kind] + (" · reaction" if card.reaction else "")
        ty = y + 126
        for line in wrap(kind, w - 16, 13):
            svg.text(x + w / 2, ty, line, size=13, fill=ink, anchor="middle", italic=True)
            ty += 15
        ty += 8
        bottom = y + h - 10  # the last baseline that stays on the card
        for size, step in ((14, 16), (13, 15), (12, 14)):
            fits = int((bottom - ty) // step) + 1
            if len(wrap(text, w - 16, size)) <= fits:
                break
        svg.lines(x + 8, ty, text, width=w - 16, size=size, step=step, most=fits, fill=INK)


def _draw_right(svg: Canvas, state, obs, data, seat: int, headline: str, details: list[str]) -> float:
    """The right-hand column: what is being decided, your hand and deck, both players'
    piles and the evidence bag.  Returns the y below it."""
    x, w = RIGHT_X, RIGHT_W
    y = ROW_B
    # ---- now
    resolving = _resolving(obs, data)
    asks = []
    if not state.is_terminal() and state.current_player() == seat:
        asks = [a[1] for a in state.legal_actions() if a[0] == "ask"]
    notes = []
    if obs["events_value_only"]:
        notes.append("A brilliant mood: this round the Editor's events may use only their value part.")
    if obs["gambit_keep"]:
        notes.append("Gambit goes to Nixon's discard instead of leaving the game.")
    head_lines = wrap_chars(headline, 64)
    detail_lines = [line for d in details + notes for line in wrap_chars(d, 80)]
    h = (
        44
        + 22 * len(head_lines)
        + 20 * len(detail_lines)
        + (36 * len(resolving) + 30 if resolving else 0)
        + (52 if asks else 0)
        + 6
    )
    svg.rect(x, y, w, h, rx=10, fill=PANEL, stroke=WOOD, stroke_width=1.5)
    _heading(svg, x + 16, y + 28, "Now")
    ty = y + 54
    for line in head_lines:
        svg.text(x + 16, ty, line, size=17, fill=INK, weight="bold")
        ty += 22
    for line in detail_lines:
        svg.text(x + 16, ty, line, size=15, fill=MUTED)
        ty += 20
    if resolving:
        svg.text(x + 16, ty + 8, "Being resolved (last on top):", size=15, fill=INK, weight="bold")
        ty += 18
        for c, what in resolving:
            cw = _chip(svg, x + 16, ty, data.cards[c], data)
            svg.text(x + 24 + cw, ty + 19, what, size=14, fill=INK)
            ty += 36
    if asks:
        bx = x + 16
        for b in asks:
            name = BIT_NAME[b]
            with svg.target(f"ask:{name}", f"ask Nixon for a face-down {name} token"):
                svg.rect(bx, ty + 4, 226, 40, rx=8, fill="#fffdf6", stroke=INK, stroke_width=1.5)
                svg.circle(bx + 22, ty + 24, 11, fill=EVIDENCE_FILL[b], stroke=INK, stroke_width=1)
                svg.text(bx + 40, ty + 30, f"Ask Nixon: {name}?", size=16, fill=INK, weight="bold")
            bx += 236
    y += h + 18
    if seat not in (0, 1):
        return y
    # ---- hand
    hand = obs["hand"]
    _heading(svg, x, y + 20, f"Your hand ({len(hand)})", EDITOR_INK if seat == 0 else NIXON_INK)
    y += 32
    if hand:
        gap = 8
        cw = min(136.0, (w - gap * (len(hand) - 1)) / len(hand))
        for k, c in enumerate(hand):
            _draw_hand_card(svg, x + k * (cw + gap), y, cw, 276, data.cards[c], data)
        y += 288
    else:
        svg.text(x, y + 18, "no cards", size=15, fill=MUTED)
        y += 32
    # ---- deck
    deck = obs["own_deck"]
    svg.text(
        x,
        y + 18,
        f"Your draw deck: {_plural(len(deck), 'card')} (order unknown)",
        size=16,
        fill=INK,
        weight="bold",
    )
    y = _chips(
        svg,
        x,
        y + 28,
        w,
        sorted(deck, key=lambda c: (data.cards[c].value, data.cards[c].name)),
        data,
        empty="empty: your discard pile is shuffled when you next draw",
    )
    # ---- both players
    for p in (seat, 1 - seat) if seat in (0, 1) else (0, 1):
        ink = EDITOR_INK if p == 0 else NIXON_INK
        who = f"You ({OWNER_NAME[p]})" if p == seat else SIDE_NAME[p][0].upper() + SIDE_NAME[p][1:]
        svg.text(
            x,
            y + 22,
            f"{who}: {obs['hand_sizes'][p]} in hand, {obs['deck_sizes'][p]} in the deck; discard pile:",
            size=16,
            fill=ink,
            weight="bold",
        )
        y = _chips(svg, x, y + 32, w, obs["discards"][p], data, empty="empty")
    # ---- bag
    y = _draw_bag(svg, obs, data, x, y + 6, w)
    return y


def _draw_bag(svg: Canvas, obs, data, x, y, w) -> float:
    bag = obs["bag"]
    pool = unseen_tokens(obs, data)
    if isinstance(bag, (list, tuple)):
        title = f"Evidence bag: {len(bag)} tokens"
    else:
        hidden = sum(1 for code, _p, flag in obs["track"] if flag == 0)
        title = f"Evidence bag: {bag} tokens" + (
            f"; with the {hidden} face-down on the track you have not seen these {sum(pool.values())}:"
            if hidden
            else "; you have not seen these:"
        )
    svg.text(x, y + 18, title, size=16, fill=INK, weight="bold")
    cx, cy = x, y + 46
    for code in sorted(pool, key=lambda c: (len(_bits(c)), c)):
        label = f"×{pool[code]}"
        if cx + 80 > x + w:
            cx, cy = x, cy + 36
        with svg.target(None, f"{token_words(code)}: {pool[code]}"):
            _token_disc(svg, cx + 13, cy, 13, code, True)
            svg.text(cx + 31, cy + 6, label, size=15, fill=INK)
        cx += 78
    return cy + 30


def _draw_deck(svg: Canvas, deck: ShownDeck, x, y, w) -> float:
    """An automaton deck's card as a playing card beside its pile and discard counts,
    the rule that fired highlighted.  Returns the y below it."""
    ink = EDITOR_INK if deck.seat == 0 else NIXON_INK
    rules = [wrap_chars(f"{i + 1}. {text}", 80) for i, text in enumerate(deck.rules)]
    # a setting with weak cards and a bonus runs to two or three lines
    setting = wrap_chars(f"pile {deck.pile}, discard {deck.discard}; {deck.setting}", 86)
    standing = deck.card and deck.fired < 0
    h = 62 + 18 * len(setting) + sum(20 * len(r) + 8 for r in rules) + (26 if standing else 0)
    with svg.target(None, f"{deck.title}'s card this turn"):
        svg.rect(x, y, w, h, rx=10, fill=PANEL, stroke=ink, stroke_width=2)
        svg.rect(x, y, w, 38, rx=10, fill=ink)
        svg.text(
            x + 14,
            y + 26,
            f"{deck.title}: “{deck.card or 'no card yet'}”",
            size=18,
            fill=PAPER,
            weight="bold",
        )
        for i, line in enumerate(setting):
            svg.text(x + 14, y + 60 + 18 * i, line, size=14, fill=MUTED)
        ty = y + 68 + 18 * len(setting)
        for i, lines in enumerate(rules):
            fired = i == deck.fired
            if fired:
                svg.rect(x + 8, ty - 17, w - 16, 20 * len(lines) + 6, rx=6, fill=GOLD, opacity=0.35)
            for line in lines:
                svg.text(x + 16, ty, line, size=15, fill=INK, weight="bold" if fired else "normal")
                ty += 20
            ty += 8
        if standing:
            svg.text(
                x + 16,
                ty + 4,
                "None could be done: it followed the standing rules.",
                size=15,
                fill=INK,
                weight="bold",
            )
    return y + h + 12


def board_svg(state, seat: int) -> str:
    """The whole table for `seat` as one SVG (see the module docstring for its layout and keys)."""
    obs = state.observation(seat)
    data = state.game.data
    max_rounds = state.game.params.max_rounds
    headline, details = _now(obs, data, seat, max_rounds)
    svg = Canvas()
    _draw_header(svg, obs, seat, headline)
    _draw_momentum_card(svg, 20, TRACK_Y - 30, 250, 1, obs, data)
    _draw_track(svg, obs, data, seat)
    _draw_momentum_card(svg, TRACK_X + 11 * CELL_W + 16, TRACK_Y - 30, 250, 0, obs, data)
    board_h = 750
    _draw_evidence_board(svg, obs, data, 20, ROW_B, 720, board_h)
    left = ROW_B + board_h + 12
    for owner in (0, 1):
        removed = sorted(
            (c for c in obs["removed"] if data.cards[c].owner == owner),
            key=lambda c: (data.cards[c].value, data.cards[c].name),
        )
        svg.text(
            20,
            left + 22,
            f"{OWNER_NAME[owner]}'s cards removed from the game:",
            size=16,
            fill=EDITOR_INK if owner == 0 else NIXON_INK,
            weight="bold",
        )
        left = _chips(svg, 20, left + 32, 720, removed, data, key_prefix="removed", empty="none")
    for deck in shown_decks(state, obs):
        left = _draw_deck(svg, deck, 20, left + 12, 720)
    bottom = max(left, _draw_right(svg, state, obs, data, seat, headline, details)) + 20
    return svg.document(width=WIDTH, height=bottom, paper=PAPER, font=SANS)


# ---------------------------------------------------------------------------- clicks and groups


def action_keys(state, seat: int, action) -> tuple[str, ...]:
    """The board keys that pick `action`: a card's value or action part (a reaction is its
    action part; Gambit's choice is the card's name), a track token, an ask button, an
    evidence or informant space, or a removed card; () for passing and discarding."""
    data = state.game.data
    try:
        kind = action[0]
        if kind in ("value", "action"):
            return (f"{kind}:{data.cards[action[1]].id}",)
        if kind == "react":
            return (f"action:{data.cards[action[1]].id}",)
        if kind == "gambit_remove":
            return (f"card:{data.cards[action[1]].id}",)
        if kind == "replay":
            return (f"removed:{data.cards[action[1]].id}",)
        if kind == "init":
            return ("token:initiative",)
        if kind == "mom":
            return ("token:momentum",)
        if kind == "slot":
            return (f"evidence:{action[1] + 1}",)
        if kind == "ask":
            return (f"ask:{BIT_NAME[action[1]]}",)
        if kind == "space":
            return (f"space:{data.space_names[action[1]]}",)
        if kind == "person":
            return (f"informant:{data.people[action[1]]}",)
    except (TypeError, IndexError, KeyError):
        pass
    return ()


def action_group(state, seat: int, action) -> str:
    """A card's name for its two plays (value part, action part), so a hand of five reads as
    five headings of two choices; "" for every other decision, which is short."""
    try:
        if action[0] in ("value", "action"):
            return state.game.data.cards[action[1]].name
    except (TypeError, IndexError):
        pass
    return ""
