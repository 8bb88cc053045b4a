"""Watergate as a person sees it: the terminal board and the web board (SVG), both built
only from `state.observation(seat)`, the printed data and the game's parameters.  This
module holds the terminal board and the web board's click keys and groups, and names what
`rules.presentation` looks up; the web board's panels are drawn in `svg_board`, and the
words both boards share (card texts, the decision being taken) live in `words`.

The web board is laid out like the table: the research track across the middle with
Nixon's momentum card at his end (left) and the Editor's at hers (right), the initiative
card and the momentum supply above the 0 space; below, the evidence board on the left and,
on the right, what is being decided now, your hand, your deck, both players' piles and the
evidence bag.  An automaton deck in a seat (automa/decks) shows its card below the
evidence board, the rule that fired marked, as the terminal board does.  Click targets
carry `data-key`s (see `action_keys`):

    value:E07 / action:E07 / card:E07   the value part, the action part, the name of a card in hand
    token:initiative / token:momentum / evidence:2    tokens on the research track (1-3)
    ask:blue                            ask Nixon for a face-down token of that colour
    space:B4 / informant:dean           an evidence space / an informant space on the board
    removed:E13                         a card removed from the game (The system works)
"""

from __future__ import annotations

from automa.decks.shown import shown_decks
from automa.rules.presentation import Style, count as _count, plain as _plain
from automa.rules.watergate.narration import milestones as milestones
from automa.rules.watergate.report import final_report as final_report
from automa.rules.watergate.svg_board import board_svg as board_svg
from automa.rules.watergate.text import BIT_NAME, SEAT_NAME, person_text, token_text
from automa.rules.watergate.words import (
    card_text as card_text,
    resolving_cards,
    tally,
    track_pos,
    unseen_tokens as unseen_tokens,
)

# ---------------------------------------------------------------------------- the terminal board


def board_text(state, seat: int, style: Style = _plain) -> str:
    """The research track (markers and evidence tokens with their colours), the momentum
    cards, the evidence board (pinned tokens and informant pictures), then the hands."""
    obs = state.observation(seat)
    d = state.game.data

    def the(p):
        return "the Editor" if p == 0 else SEAT_NAME[p]

    me = the(seat) if seat in (0, 1) else str(seat)

    def card(c):
        return d.cards[c].name if 0 <= c < len(d.cards) else str(c)

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
    lines.append("  initiative token: " + (track_pos(ini) if ini is not None else "gained this round"))
    lines.append("  momentum token: " + (track_pos(mom) if mom is not None else "gained this round"))
    for i, (code, pos, flag) in enumerate(obs["track"]):
        if flag == 2:
            lines.append(f"  evidence token {i + 1}: gained and pinned")
            continue
        face = token_text(code) if code >= 0 else "unknown colour"
        lines.append(
            f"  evidence token {i + 1}: {face}, {'face up' if flag else 'face down'}, {track_pos(pos)}"
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
        + (": " + tally(token_text(c) for c in bag) if isinstance(bag, (list, tuple)) and bag else "")
    )
    denied = [token_text(b) for b in (1, 2, 4) if obs["denied"] & b]
    if denied:
        lines.append("  Nixon has said no face-down token on the track is: " + ", ".join(denied))
    resolving = resolving_cards(obs, d)
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
