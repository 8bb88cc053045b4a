"""Watergate as a person sees it: the text board, built only from `state.observation(seat)`."""
from __future__ import annotations


from automa.rules.presentation import Style, count as _count, flat as _flat, plain as _plain, seat_label as _seat_label


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


def _person_name(d, pid: str) -> str:
    """An informant's id as printed on the cards ('mccord' -> 'McCord', from 'Recruit McCord')."""
    plain = pid.replace("_", " ")
    for c in d.cards:
        if c.name.lower().endswith(plain.lower()):
            return c.name[len(c.name) - len(plain):]
    return plain.title()


def board_text(state, seat: int, style: Style = _plain) -> str:
    """The research track (markers and evidence tokens with their colours), the momentum
    cards, the evidence board (pinned tokens and informant pictures), then the hands."""
    from automa.rules.watergate.state import SEAT_NAME, token_text
    obs = state.observation(seat)
    d = state.game.data
    the = lambda p: "the Editor" if p == 0 else SEAT_NAME[p]
    me = the(seat) if seat in (0, 1) else str(seat)
    card = lambda c: d.cards[c].name if 0 <= c < len(d.cards) else str(c)
    lines = [style(f"Watergate — round {obs['round']}; you are {me}; the initiative card points at "
                   f"{the(obs['holder'])}", bold=True)]
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
        lines.append(f"  evidence token {i + 1}: {face}, {'face up' if flag else 'face down'}, {_track_pos(pos)}")
    lines.append("  (* = shows the momentum symbol)")
    lines.append(style("[momentum]", bold=True))
    editor_spaces = len(d.momentum_effects[0])
    lines.append(f"  tokens on the momentum cards: Editor {obs['momentum_cards'][0]} of {editor_spaces}, "
                 f"Nixon {obs['momentum_cards'][1]} of 5 (Nixon wins with the 5th)")
    lines.append(f"  momentum tokens in the supply: {obs['supply']} (Nixon wins when a new round finds none)"
                 + (f"; removed from the game: {obs['momentum_removed']}" if obs["momentum_removed"] else ""))
    lines.append(style("[evidence board]", bold=True))
    pinned = []
    for i, v in enumerate(obs["board"]):
        if v >= 0 and i < len(d.space_names):
            pinned.append(f"{d.space_names[i]} {token_text(v & 15)} {'face up' if v >= 16 else 'face down'}")
    lines.append("  pinned evidence: " + (", ".join(pinned) or "none"))
    people = [_person_name(d, p) for p in d.people]
    pics = [f"{name} ({'face up: recruited' if obs['pictures'][i] == 1 else 'face down: blocked'})"
            for i, name in enumerate(people) if obs["pictures"][i]]
    free = [name for i, name in enumerate(people) if not obs["pictures"][i]]
    lines.append("  informant pictures: " + (", ".join(pics) or "none pinned")
                 + "; still in the supply: " + (", ".join(free) or "none"))
    bag = obs["bag"]
    lines.append(f"  evidence bag: {_count(bag)} tokens"
                 + (": " + _tally(token_text(c) for c in bag) if isinstance(bag, (list, tuple)) and bag else ""))
    denied = [token_text(b) for b in (1, 2, 4) if obs["denied"] & b]
    if denied:
        lines.append("  Nixon has said no face-down token on the track is: " + ", ".join(denied))
    if obs["chain"]:
        kinds = {"act": "action part", "react": "reaction", "vmove": "value part"}
        lines.append("  cards being resolved: "
                     + ", ".join(f"{SEAT_NAME[f[1]]}'s {card(f[2])} ({kinds.get(f[0], f[0])})"
                                 if len(f) > 2 and isinstance(f[2], int) else str(f[0]) for f in obs["chain"]))
    lines.append(style("[your cards]", bold=True))
    lines.append("  hand: " + (", ".join(card(c) for c in obs["hand"]) or "-"))
    lines.append("  your draw deck: " + (", ".join(card(c) for c in obs["own_deck"]) or "empty"))
    if obs["events_value_only"]:
        lines.append("  this round the Editor's event cards cannot use their action part (A brilliant mood)")
    lines.append(style("[players]", bold=True))
    for p in (seat, 1 - seat) if seat in (0, 1) else (0, 1):
        lines.append(f"  {SEAT_NAME[p]:<7} hand {obs['hand_sizes'][p]}, deck {obs['deck_sizes'][p]}, discard: "
                     + (", ".join(card(c) for c in obs["discards"][p]) or "-"))
    if obs["removed"]:
        lines.append("  removed from the game: " + ", ".join(card(c) for c in obs["removed"]))
    return "\n".join(lines)
