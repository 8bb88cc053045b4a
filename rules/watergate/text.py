"""Watergate in words: token colours, people's names, an action as the table says it, and
the engine's one-screen summary of a state (`str(state)`).  Plain functions; the state's
`action_to_string` and `__str__` delegate here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from .data import EDITOR, NIXON

if TYPE_CHECKING:  # the state imports this module; the type is for the checker
    from .state import WatergateState

BITS: Final = (1, 2, 4)
BIT_NAME = {1: "blue", 2: "yellow", 4: "green"}
SEAT_NAME = ("Editor", "Nixon")


def colour_text(mask: int) -> str:
    mask &= 7
    if mask == 7:
        return "joker"
    return "/".join(BIT_NAME[b] for b in BITS if mask & b)


def token_text(code: int) -> str:
    return colour_text(code) + ("*" if code & 8 else "")


def token_words(code: int) -> str:
    """A token's colours in words, for sentences ('green, momentum symbol')."""
    return colour_text(code) + (", momentum symbol" if code & 8 else "")


def person_text(data, person: int) -> str:
    """A picture tile's name as the cards print it ('mccord' -> 'McCord', from
    'Recruit McCord'); title case when no card names the person."""
    plain = data.people[person].replace("_", " ")
    for card in data.cards:
        if card.name.lower().endswith(" " + plain.lower()):
            return card.name[len(card.name) - len(plain) :]
    return plain.title()


def action_to_string(state: WatergateState, action) -> str:
    """The action in the table's words: cards by printed name, the round's evidence
    tokens numbered 1-3 as the board numbers them, spaces by the names printed on the
    board, people as the cards print them.  A colour is named only where the deciding
    seat knows it (a face-down track token's colour only for Nixon)."""
    cards = state.data.cards
    top = state.stack[-1] if state.stack else ("", -1)
    frame = top[0]
    try:
        h = action[0]
        if h in ("value", "action"):
            c = cards[action[1]]
            return f"play {c.name} ({c.value} {colour_text(c.mask)}) for its {h} part"
        if h in ("init", "mom", "slot"):
            steps = cards[top[2]].value if frame == "vt" else top[3] if frame in ("em", "pick") else 0
            way = f" {steps} step{'s' if steps != 1 else ''}" if steps else ""
            if h == "init":
                return f"move the initiative token{way}"
            if h == "mom":
                return f"move the momentum token{way}"
            i = action[1]
            known = state.track_faces[i] == 1 or top[1] == NIXON
            face = token_words(state.track_codes[i]) if known else "colour unknown"
            face += "" if state.track_faces[i] else ", face down"
            if frame == "pick":
                return f"turn up evidence token {i + 1} ({face}) and move it{way} toward the Editor"
            return f"move evidence token {i + 1} ({face}){way}"
        if h == "ask":
            return f"ask Nixon for a face-down {BIT_NAME[action[1]]} token"
        if h == "none":
            return "no token can be moved: discard the card"
        if h == "react":
            return f"react with {cards[action[1]].name}"
        if h == "pass":
            return "do not react"
        if h == "space":
            n = action[1]
            name = f"{state.data.space_names[n]} ({BIT_NAME[state.data.space_mask[n]]})"
            held = state.board[n]
            if frame == "pin":
                facing = "face up" if top[1] == EDITOR else "face down"
                return f"pin the token ({token_words(top[2])}) {facing} on {name}"
            if frame == "rmb" and held >= 0:
                return f"take the token ({token_words(held)}) off {name} back into the bag"
            if frame == "flipb" and held >= 0:
                return f"turn the token ({token_words(held)}) on {name} face up"
            return f"evidence space {name}"
        if h == "person":
            facing = "face up" if top[1] == EDITOR else "face down"
            return f"pin {person_text(state.data, action[1])}'s picture {facing}"
        if h == "gambit_keep":
            return "Gambit: remove Gambit from the game"
        if h == "gambit_remove":
            return f"Gambit: remove {cards[action[1]].name} from hand, Gambit to the discard"
        if h == "replay":
            return f"The system works: replay {cards[action[1]].name}"
    except (TypeError, IndexError, KeyError, AttributeError):
        pass
    return repr(action)


def state_text(state: WatergateState) -> str:
    d = state.data
    lines = [f"Watergate round {state.round}; initiative card points at {SEAT_NAME[state.holder]}"]
    if state.winner >= 0:
        lines.append(state.reason)
    cells: dict = {}
    if state.initiative is not None:
        cells.setdefault(state.initiative, []).append("INI")
    if state.momentum is not None:
        cells.setdefault(state.momentum, []).append("MOM")
    for i in range(len(state.track_codes)):
        if state.track_faces[i] != 2:
            cells.setdefault(state.track_places[i], []).append(
                f"#{i}:{token_text(state.track_codes[i])}" + ("" if state.track_faces[i] else "(down)")
            )
    track = "  ".join(f"{p:+d}[{','.join(cells[p])}]" for p in sorted(cells, reverse=True))
    lines.append(f"track (Editor +5 ... Nixon -5): {track}")
    lines.append(
        f"momentum: Editor card {state.momentum_cards[0]}, Nixon card {state.momentum_cards[1]}, "
        f"supply {state.supply}, removed {state.momentum_removed}; bag {len(state.bag)}"
    )
    pins = []
    for n in d.evidence_nodes:
        b = state.board[n]
        if b >= 0:
            pins.append(f"{d.space_names[n]}={token_text(b)}{'^' if b >= 16 else 'v'}")
    lines.append("board: " + (" ".join(pins) or "empty"))
    pics = [
        f"{p}:{'up' if state.pictures[i] == 1 else 'down'}"
        for i, p in enumerate(d.people)
        if state.pictures[i]
    ]
    lines.append(
        "pictures: "
        + (", ".join(pics) or "none pinned")
        + f"; connected informants {state._editor_connected()}"
    )
    for s in (0, 1):
        lines.append(
            f"{SEAT_NAME[s]}: hand {[d.cards[c].id for c in state.hand[s]]}, "
            f"deck {len(state.deck[s])}, discard {len(state.discard[s])}"
        )
    if state.stack:
        lines.append(f"deciding: {SEAT_NAME[state.stack[-1][1]]} ({state.stack[-1][0]})")
    return "\n".join(lines)
