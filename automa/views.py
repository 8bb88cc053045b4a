"""What a human sees at the terminal: one view per game, built ONLY from
`state.observation(seat)` (plus the game's static names of spaces, cards and cells, which
are printed on the board, and the public event log `state.history_text()`), grouped the
way the table is, with every label in words (never an observation's field name).  A game
without a view here, or a view that fails on an observation it does not expect, falls
back to `state.render(seat)`.

`public_action_text` words another seat's move for the humans at the table, hiding what
the rules keep secret (face-down journalist values, Salem's secret choices).
"""
from __future__ import annotations

import re
from typing import Any, Callable, Sequence

Style = Callable[..., str]


def _plain(text: str, **_kw) -> str:
    return text


def _flat(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        if not value:
            return "-"
        return " ".join(_flat(v) for v in value)
    if value is None:
        return "-"
    return str(value)


def _count(value: Any) -> int:
    return len(value) if isinstance(value, (list, tuple)) else int(value)


def _seat_label(p: int, seat: int) -> str:
    return "you" if p == seat else f"seat {p}"


# --------------------------------------------------------------------------- Pulitzer

def pulitzer_view(state, seat: int, style: Style = _plain) -> str:
    from automa.times import BLUE, RED, TIMES
    obs = state.observation(seat)
    g = state.game
    d = g.data
    n = g.n
    lines = []
    phase = "placement" if obs["placing"] else ("over" if obs["over"] else "resolution")
    head = f"Pulitzer — round {obs['round']}/8, {phase} phase"
    if g.lp:
        head += f"; public opinion {obs['opinion']}, turn marker {obs['marker']}"
    lines.append(style(head, bold=True))
    if g.solo:
        lines.append(f"  Times: target {g.times_target} points, purple X value {obs['times_x']}, "
                     f"{obs['times_left']} Times cards left, {obs['times_pool']} purple journalists in reserve")

    def owner(o: int) -> str:
        if o == TIMES:
            return style("Times", fg="magenta")
        if o == RED:
            return style("red agent", fg="red")
        if o == BLUE:
            return style("blue agent", fg="blue")
        return style("you", fg="green") if o == seat else ("Post" if g.solo else f"P{o}")

    def pieces(sid: int) -> str:
        out = []
        for pc in obs["spaces"][sid]:
            # pieces hold journalist ids (X = 5); the printed value comes from the public HR track
            v = "?" if pc[1] < 0 else str(state.jval(pc[0], pc[1]))
            out.append(f"{owner(pc[0])} {v}" + (f"+{pc[2]}" if len(pc) > 2 and pc[2] else ""))
        return ", ".join(out) or style("free", dim=True)

    lines.append(style("[kiosk]", bold=True))
    names = ("National", "International", "Sports", "Entertainment", "Economy")
    for col in range(g.kcols):
        cells = [f"r{row + 1}: {pieces(g.kiosk_sid(col, row))}" for row in range(g.krows)]
        lines.append(f"  {names[col]:<13} " + " | ".join(cells))
    if g.archive_sids:
        lines.append(style("[archive]", bold=True))
        lines.append("  " + " | ".join(f"{i + 1}: {pieces(sid)}" for i, sid in enumerate(g.archive_sids)))
    lines.append(style("[bus]", bold=True))
    for sid in g.bus_sids:
        lines.append(f"  {state.space_name(sid):<28} {pieces(sid)}")
    lines.append(style("[overtime]", bold=True))
    lines.append("  " + " | ".join(f"{i + 1}: {pieces(sid)}" for i, sid in enumerate(g.ot_sids))
                 + "   display: " + ", ".join(f"#{d.ot_cards[c][0]}" for c in obs["ot_display"]))
    for sid in g.event_sids:
        lines.append(f"  {state.space_name(sid)}: {pieces(sid)}")
    lines.append(f"  newspaper: {obs['news_left']} news cards left; evidence deck {obs['evi_left']}, "
                 f"line deck {obs['line_left']}, overtime deck {obs['ot_left']}")
    lines.append(style("[newsrooms]", bold=True))
    order = [seat] + [p for p in range(n) if p != seat] if 0 <= seat < n else list(range(n))
    for p in order:
        me = p == seat
        label = owner(p)
        row = (f"  {label}: ${obs['money'][p]}00, {obs['contacts'][p]} contacts, {obs['points'][p]} points, "
               f"HR {obs['hr'][p]}")
        if me:
            avail = ", ".join("X" if j >= 5 else str(j + 1) for j in obs["avail"][p]) or "none"
            row += f", requests left {obs['req_left'][p]}, journalists at hand: {avail}"
        lines.append(row)
        rep = obs["report"][p]
        rep_id = d.report_ids[rep] if isinstance(rep, int) and 0 <= rep < len(d.report_ids) else "?"
        pins = ", ".join(state.cell_name(c) for c in obs["pins"][p]) or "none"
        lines.append(f"      report {rep_id}: pins {pins}; destroyed {len(obs['destroyed'][p])}"
                     + (f"; statements {len(obs['stmt'][p])}" if obs['stmt'][p] else "")
                     + ("; ELIMINATED" if obs["eliminated"][p] else ""))
    return "\n".join(lines)


# --------------------------------------------------------------------------- Tabletop Inc.

TABLETOP_PHASES = {"setup": "setup", "main": "main action (place a muman or recall)",
                   "resolve": "resolving an action", "post": "free actions, then end the turn",
                   "over": "game over"}


def _predictions(cards) -> str:
    """Prediction cards as actions in words; a hidden one is 'face down'."""
    if not isinstance(cards, (list, tuple)):
        cards = [cards]
    shown = [str(c).replace("_", " ") for c in cards if c not in (None, "?")]
    hidden = sum(1 for c in cards if c in (None, "?"))
    parts = shown + ([f"{hidden} face down"] if hidden else [])
    return ", ".join(parts) or "none"


def tabletop_inc_view(state, seat: int, style: Style = _plain) -> str:
    from automa.rules.tabletop_inc.data import RES
    obs = state.observation(seat)
    g = state.game
    n = g.params.players
    phase = TABLETOP_PHASES.get(obs["phase"], str(obs["phase"]).replace("_", " "))
    lines = [style(f"Tabletop Inc. — hourglass {obs['hourglass']}, {phase}"
                   + (f", end triggered by seat {obs['end_by']}" if obs["end_by"] >= 0 else ""), bold=True)]
    lines.append(style("[card tracks]", bold=True))
    names = {"sp": "specialists", "fl": "freelancers", "it": "items"}
    for key, cards, toks, left in obs["tracks"]:
        cells = " ".join((c or "--") + (f"+{sum(t)}" if sum(t) else "") for c, t in zip(cards, toks))
        lines.append(f"  {names.get(key, key):<12} {cells}   ({left} in deck)")
    lines.append(f"  award shelf: L1 x{obs['shelf'][0]}, L2 x{obs['shelf'][1]}, L3 x{obs['shelf'][2]}; "
                 f"ZAP deck {obs['zap_deck']}, last ZAP {obs['zap_disc'][-1] if obs['zap_disc'] else '-'}")
    lines.append(style("[main board: occupied spaces]", bold=True))
    occ = [f"{sp.id} ({sp.action.replace('_', ' ')}): {_seat_label(obs['occ'][sp.idx], seat)}"
           for sp in g.spaces_in_use if obs["occ"][sp.idx] >= 0]
    lines.append("  " + (", ".join(occ) or "none"))
    lines.append(style("[companies]", bold=True))
    order = [seat] + [p for p in range(n) if p != seat]
    for p in order:
        who = _seat_label(p, seat)
        if p in g.bots:
            pt, pc, _up = obs["predictions"][p]
            lines.append(f"  {style(who, fg='magenta')} Mumanbot ({g.levels[p]}): {obs['vp'][p]} VP, workers {obs['mum'][p]}, "
                         f"predicts seat {pt}: {_predictions(pc)}")
            continue
        res = ", ".join(f"{RES[i]} {v}" for i, v in enumerate(obs["res"][p]) if v) or "no resources"
        lines.append(f"  {style(who, fg='green' if p == seat else None)}: {obs['vp'][p]} VP; {res}; "
                     f"workers {obs['mum'][p]} + standees {_flat(obs['stand'][p])}")
        lines.append(f"      table {_flat([c for c, *_ in obs['emp'][p]])}; WOW {obs['wow'][p] or '-'}; "
                     f"POW {obs['pow'][p] or '-'}; published {len(obs['pub'][p])}; awards {len(obs['awd'][p])}")
        hand = obs["hands"][p]
        if p == seat:
            lines.append(f"      hand: employees {_flat(hand[0])}; skills {_flat(hand[1])}; items {_flat(hand[2])}; "
                         f"objectives {_flat(obs['objs'][p])}")
        else:
            lines.append(f"      hand: {hand[0]} specialists, {hand[1]} freelancers, {hand[2]} skills, {hand[3]} items")
        pt, pc, _up = obs["predictions"][p]
        if pt >= 0:
            lines.append(f"      predictions on seat {pt}: {_predictions(pc)}")
    return "\n".join(lines)


# --------------------------------------------------------------------------- the others (grouped)

def pi_view(state, seat: int, style: Style = _plain) -> str:
    obs = state.observation(seat)
    d = state.game.data
    n = obs["players"]
    lines = [style(f"P.I. — mini-game {obs['minigame'] + 1}/{d.mini_games}, round {obs['round']}, "
                   f"a solution is worth {obs['value']} VP", bold=True)]
    lines.append(style("[city: area, suspect tile, crime tile, investigators]", bold=True))
    for a in range(len(d.area_names)):
        s, c = obs["suspect_tiles"][a], obs["crime_tiles"][a]
        inv = [_seat_label(p, seat) for p in range(n) if obs["investigator_areas"][p] >> a & 1]
        lines.append(f"  {d.area_names[a]:<16} {d.suspect_names[s] if s >= 0 else '-':<14} "
                     f"{d.crime_names[c] if c >= 0 else '-':<18} {', '.join(inv)}")
    name = lambda c: d.card_names[c] if 0 <= c < len(d.card_names) else str(c)
    lines.append(style("[evidence]", bold=True))
    lines.append("  display: " + ", ".join(name(c) for c in obs["display"]))
    lines.append(f"  deck {obs['deck_size']}; discard: " + (", ".join(name(c) for c in obs["discard"]) or "-"))
    if obs.get("dead_leads"):
        lines.append("  dead leads (kept face up): " + "; ".join(
            f"{_seat_label(p, seat)}: {name(c)}" for p, c in obs["dead_leads"]))
    if obs.get("hand"):
        s, c, a = obs["hand"][:3]
        lines.append(style("[the case you hold, for your neighbour]", bold=True))
        lines.append(f"  {d.suspect_names[s]} / {d.crime_names[c]} / {d.area_names[a]}")
    lines.append(style("[detectives]", bold=True))
    for p in [seat] + [q for q in range(n) if q != seat]:
        solved = f"solved in round {obs['solved'][p]}" if obs["solved"][p] else "unsolved"
        lines.append(f"  {style(_seat_label(p, seat).ljust(7), fg='green' if p == seat else None)} "
                     f"score {obs['scores'][p]}, penalties {obs['penalties'][p]}, "
                     f"investigators left {obs['investigators_left'][p]}, {solved}")
    ps, pc = obs["pending"]
    if ps >= 0:
        lines.append(f"  solving: {d.suspect_names[ps]}" + (f" / {d.crime_names[pc]}" if pc >= 0 else ""))
    return "\n".join(lines)


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


def watergate_view(state, seat: int, style: Style = _plain) -> str:
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


SALEM_TRIAL = {"naw": "Not a Witch", "witch": "Witch", "constable": "Constable",
               "charlatan": "Charlatan", "gravedigger": "Gravedigger", "inquisitor": "Inquisitor",
               "magistrate": "Magistrate", "pickpocket": "Pickpocket"}
SALEM_TOKEN = {"asylum": "Asylum", "black_cat": "Black Cat", "matchmaker": "Matchmaker", "piety": "Piety"}
#: what the seat named by the current decision is doing, in words
SALEM_DECISION = {
    "action": "chooses a turn action (draw two cards, or play cards)",
    "play": "plays another card or ends the turn",
    "target": "chooses the target of {card}",
    "target2": "chooses where {card} sends things",
    "bless_token": "chooses the token to give with a Blessing",
    "curse_token": "chooses the token to take with a Curse",
    "alibi": "chooses the accusations the Alibi removes",
    "danforth": "may force the reveal one accusation early (Thomas Danforth)",
    "abigail": "may clear the accusations in front of them (Abigail Williams)",
    "ann": "may draw two cards first (Ann Putnam)",
    "rebecca": "may draw a card (Rebecca Nurse)",
    "loot": "takes cards from the eliminated player's hand (John Proctor)",
    "parris": "takes cards from the discard pile (Samuel Parris)",
    "pick2": "picks which of the two pointed trial cards turns face up",
    "cat_self": "reveals one of their own trial cards (Black Cat)",
    "spec_order": "chooses the order of their special trial cards",
    "charlatan": "chooses the seats of the Charlatan's swap",
    "gravedigger": "turns a face-up trial card face down (Gravedigger)",
    "inquisitor": "chooses whose trial card turns face up (Inquisitor)",
    "mag_from": "chooses a token to move (Magistrate)",
    "mag_to": "chooses who receives the token (Magistrate)",
    "tituba": "may rearrange the deck (Tituba)",
    "secret": "answers a secret prompt (every living player is asked in turn)",
}


def _salem_name(code: str) -> str:
    """A card, trial card or token id as printed: 'black_cat' -> 'Black Cat'."""
    if code in SALEM_TRIAL:
        return SALEM_TRIAL[code]
    if code in SALEM_TOKEN:
        return SALEM_TOKEN[code]
    if code == "alibi_w":
        return "Alibi as a Witness"
    return code.replace("_", " ").title()


def _counted(codes: Sequence[str]) -> str:
    """'Not a Witch x4, Inquisitor' (first-seen order), '-' when empty."""
    seen: dict[str, int] = {}
    for c in codes:
        seen[c] = seen.get(c, 0) + 1
    return ", ".join(_salem_name(c) + (f" x{k}" if k > 1 else "") for c, k in seen.items()) or "-"


def _salem_ability(obs: dict, game, p: int) -> str | None:
    """The Town Hall ability seat p uses (public: characters and who is alive), Martha
    Corey copying the nearest living seat to her right (spec D-3)."""
    if not game.abilities_on or obs["char"][p] is None:
        return None
    ability = game.data.char_ability[obs["char"][p]]
    if ability != "martha":
        return ability
    alive, n = obs["alive"], len(obs["alive"])
    q = (p - 1) % n
    while not alive[q] and q != p:
        q = (q - 1) % n
    if q == p or obs["char"][q] is None:
        return "martha"
    return game.data.char_ability[obs["char"][q]]


def salem_accusations(obs: dict, game, p: int) -> tuple[int, int]:
    """(accusation total, the number that forces a reveal) in front of seat p, from public
    information only (R-TRIAL-1: Cotton Mather, Will Griggs' Alibi, George Burroughs, Piety)."""
    d = game.data

    def param(ability, key, default):
        params = game.ab_param.get(ability)
        return default if params is None else params.get(key, default)

    cotton = _salem_ability(obs, game, p) == "cotton"
    total = 0
    for c in obs["reds"][p]:
        if c == "alibi":
            total += param("griggs", "value", 7)
        elif cotton and c == "evidence":
            total += param("cotton", "value", 1)
        else:
            total += d.value[c]
    base = param("burroughs", "value", 8) if _salem_ability(obs, game, p) == "burroughs" else 7
    return total, base * (d.piety_mult if "piety" in obs["tokens"][p] else 1)


_SALEM_NEWS = re.compile(r"\b(reveals|confesses:|plays|turns \S+ ) ?([a-z_]+)\b")


def salem_news(line: str) -> str:
    """A line of the Salem engine's public log with card ids as printed names
    ('P1(X) reveals naw' -> 'P1(X) reveals Not a Witch')."""
    def name(m):
        code = m.group(2)
        known = code in SALEM_TRIAL or code in SALEM_TOKEN or code in _SALEM_CARDS
        return m.group(0).replace(code, _salem_name(code)) if known else m.group(0)
    return _SALEM_NEWS.sub(name, line)


_SALEM_CARDS = {"accusation", "evidence", "witness", "alibi", "stocks", "scapegoat", "arson", "robbery",
                "curse", "blessing", "shilling", "conspiracy", "night"}


def salem_view(state, seat: int, style: Style = _plain) -> str:
    """The Salem table as the players sit round it: each seat with its Town Hall card, trial
    cards, accusations, tokens, coins and hand size; then what only you know, the night,
    the decks and the centre, and the last public events."""
    obs = state.observation(seat)
    g = state.game
    d = g.data
    n = len(obs["alive"])
    me = g.pos_of[seat]

    def who(p: int, full: bool = False) -> str:
        if p is None or p < 0:
            return "nobody"
        char = obs["char"][p]
        name = d.char_name.get(char, "?") if char else ""
        tag = f"P{g.human[p]}" if g.human[p] >= 0 else f"ghost {p}"
        if full and name:
            tag += f" ({name})"
        return tag + (" (you)" if p == me and not full else "")

    turn_pos, turns, nights, _steps, _first, _played, in_night = obs["turn"]
    head = f"Salem 1692 — you are {who(me, True)}; turn {turns}"
    if turn_pos >= 0:
        head += " (yours)" if turn_pos == me else f" ({who(turn_pos)}'s)"
    head += f", {nights} night{'s' if nights != 1 else ''} so far"
    lines = [style(head, bold=True)]
    if obs["result"]:
        lines.append(style(f"  game over: {obs['result'][1]}", bold=True))
    dec = obs["dec"]
    if dec:
        kind, pos, pay = dec[0], dec[1], dec[2]
        card = _salem_name(pay[0]) if kind in ("target", "target2") and pay else "the card"
        doing = SALEM_DECISION.get(kind, kind.replace("_", " ")).format(card=card)
        lines.append(f"  now: {who(pos)} {doing}")

    abilities = {a: name for c, name, a, _params in d.characters}
    lines.append(style("[players, clockwise]", bold=True))
    for p in range(n):
        alive = obs["alive"][p]
        label = who(p, True) + (" — you" if p == me else "")
        label = style(label, fg="green" if p == me else None, dim=not alive)
        parts = []
        if alive:
            parts.append(f"{obs['fd_n'][p]} trial card{'s' if obs['fd_n'][p] != 1 else ''} face down")
        else:
            parts.append("ELIMINATED")
        parts.append(f"face up: {_counted(obs['fu'][p])}")
        if alive:
            total, need = salem_accusations(obs, g, p)
            acc = f"accusations {total}/{need}"
            if obs["reds"][p]:
                acc += f" ({_counted(obs['reds'][p])}"
                if obs["last_acc"][p] >= 0:
                    acc += f"; last by {who(obs['last_acc'][p])}"
                acc += ")"
            parts.append(acc)
        if obs["tokens"][p]:
            parts.append("tokens: " + _counted(obs["tokens"][p]))
        if obs["coins"][p]:
            parts.append(f"{obs['coins'][p]} shilling{'s' if obs['coins'][p] != 1 else ''}")
        if obs["stocks"][p]:
            parts.append(f"in the Stocks x{obs['stocks'][p]} (skips turns)")
        if g.human[p] >= 0 and alive:
            parts.append(f"hand {obs['hand_n'][p]}")
        elif g.human[p] < 0:
            parts.append("ghost: no hand")
        if obs["announced"][p]:
            parts.append("has said: I hold another Witch card")
        known = [c for t, c in obs["pub_facts"] if t == p]
        if known:
            parts.append("known face-down: " + _counted(known))
        shown = [c for t, c in obs["pub_hand_facts"] if t == p]
        if shown:
            parts.append("known in hand: " + _counted(shown))
        used = [(k.split(":", 1)[1], v) for k, v in obs["uses"] if k.split(":", 1)[0] == str(p)]
        if used:
            parts.append("used " + ", ".join(f"{abilities.get(a, a)}'s ability x{v}" for a, v in used))
        team = obs["dead_team"]
        if team is not None and team[p] is not None:
            parts.append("was a witch" if team[p] else "was a townsperson")
        lines.append(f"  {label}: " + "; ".join(parts))

    lines.append(style("[you]", bold=True))
    if 0 <= me < n:
        fd = obs["fd"]
        lines.append("  your face-down trial cards: " + _counted(fd)
                     + ("  — you are the Constable" if "constable" in fd else ""))
        if obs["ever_witch"]:
            mates = [who(q) for q in obs["known_ew"] if q != me]
            lines.append("  your team: the witches (you have held a Witch card)"
                         + (f"; witches you know: {', '.join(mates)}" if mates else "")
                         + (" (the whole team)" if obs["complete"] and mates else ""))
        else:
            lines.append("  your team: the town (you have never held a Witch card)")
            mates = [who(q) for q in obs["known_ew"] if q != me]
            if mates:
                lines.append("  known witches: " + ", ".join(mates))
        lines.append("  your hand: " + _counted(obs["hand"]))
        for t, c in obs["facts"]:
            lines.append(f"  you know: {who(t)} holds a face-down {_salem_name(c)}")
        for t, c in obs["hand_facts"]:
            lines.append(f"  you know: {who(t)} has {_salem_name(c)} in hand")
        opts, pending = obs["th"]
        if opts:
            lines.append("  Town Hall: keep " + " or ".join(d.char_name.get(c, c) for c in opts)
                         + (f" (you chose {d.char_name.get(pending, pending)})" if pending else ""))
        if obs["votes"]:
            lines.append("  witch votes: " + ", ".join(f"{who(v)} -> {who(t)}" for v, t in obs["votes"]))
        if obs["night_victim"] is not None:
            lines.append(f"  the witches' victim tonight: {who(obs['night_victim'])}")
        if obs["my_gavel"] is not None and obs["my_gavel"] >= -1:
            lines.append(f"  your gavel (Constable): {who(obs['my_gavel'])}")
        if obs["my_confess"]:
            what = obs["my_confess"]
            lines.append("  your confession: " + ("William Phips' confession without a card" if what == "phips"
                                                  else _salem_name(what)))
        if obs["deck"] is not None:
            lines.append("  the deck from the top (Tituba): " + ", ".join(_salem_name(c) for c in reversed(obs["deck"])))
        if obs["loot_hand"] is not None:
            lines.append("  the eliminated player's hand: " + _counted(obs["loot_hand"]))

    gavel, victim = obs["gavel"], obs["victim"]
    if in_night or gavel is not None or victim is not None or obs["confessed"]:
        lines.append(style("[the night]", bold=True))
        if gavel is not None:
            lines.append("  the gavel: " + ("no Constable placed it" if gavel < -1 else
                                            f"lies before {who(gavel)}" if gavel >= 0 else "placed before nobody"))
        if obs["confessed"]:
            lines.append("  confessed tonight: " + ", ".join(who(q) for q in obs["confessed"]))
        if victim is not None:
            lines.append(f"  the witches chose: {who(victim)}")
        if gavel is None and victim is None and not obs["confessed"]:
            lines.append("  night has fallen: the witches and the Constable are choosing in secret")

    lines.append(style("[the table]", bold=True))
    deck = f"  draw deck: {obs['deck_n']} cards; "
    if obs["night_in_deck"]:
        deck += f"the Night is somewhere in the bottom {min(obs['night_zone'], obs['deck_n'])}"
    else:
        deck += "the Night card is out (it goes back in when the deck is rebuilt)"
    if obs["deck_known"] >= 0:
        deck += f"; {who(obs['deck_known'])} knows its order (Tituba)"
    lines.append(deck)
    lines.append("  discard pile (face up): " + _counted(obs["discard"]))
    lines.append("  tokens in the centre: " + _counted(obs["centre"])
                 + f"; shillings in the supply: {obs['supply']}")
    loot, stopped = obs["loot"]
    if loot:
        lines.append(f"  {', '.join(who(q) for q in loot[1])} take cards from {who(loot[0])}'s hand (John Proctor)")
    recent = list(state.history_text())[-3:]
    if recent:
        lines.append(style("[what happened last]", bold=True))
        lines.extend(f"  {salem_news(line)}" for line in recent)
    return "\n".join(lines)


VIEWS = {
    "pulitzer": pulitzer_view,
    "tabletop_inc": tabletop_inc_view,
    "pi": pi_view,
    "watergate": watergate_view,
    "salem": salem_view,
}


def render_view(state, seat: int, style: Style = _plain) -> str:
    """The game's view for `seat`, or `state.render(seat)` when it has none (or it fails)."""
    view = VIEWS.get(state.game.name)
    if view is not None:
        try:
            return view(state, seat, style)
        except (KeyError, IndexError, TypeError, ValueError, AttributeError):
            pass
    return state.render(seat)


# --------------------------------------------------------------------------- what changed

def pulitzer_changes(state, seat: int, before: dict, after: dict) -> list[str]:
    """Pieces that appeared on the board since `seat` last looked (both observations of
    `seat`): the agents' and the Times' placements, in words."""
    from automa.times import BLUE, RED, TIMES
    names = {TIMES: "Times journalist", RED: "red agent", BLUE: "blue agent"}
    out = []
    if before.get("round") != after.get("round") or len(before.get("spaces", ())) != len(after.get("spaces", ())):
        old_spaces = [()] * len(after.get("spaces", ()))
    else:
        old_spaces = before["spaces"]
    by_owner: dict[int, list[str]] = {}
    for sid, pieces in enumerate(after.get("spaces", ())):
        old = list(old_spaces[sid])
        for pc in pieces:
            if pc in old:
                old.remove(pc)
                continue
            if pc[0] in names:
                v = "face down" if pc[1] < 0 else f"value {pc[1]}"
                by_owner.setdefault(pc[0], []).append(f"{state.space_name(sid)} ({v})")
    for owner in (RED, BLUE, TIMES):
        if by_owner.get(owner):
            out.append(f"{names[owner]}s placed: " + ", ".join(by_owner[owner]))
    if 0 <= seat < len(after.get("destroyed", ())):
        old = set(before["destroyed"][seat]) if before.get("destroyed") else set()
        gone = [state.cell_name(c) for c in after["destroyed"][seat] if c not in old]
        if gone:
            out.append("evidence destroyed on your report: " + ", ".join(gone))
    return out


CHANGES = {"pulitzer": pulitzer_changes}
#: per game: a public log line as the players read it
NEWS = {"salem": salem_news}


def news_text(state, line: str) -> str:
    fn = NEWS.get(state.game.name)
    return fn(line) if fn else line


def board_changes(state, seat: int, before, after) -> list[str]:
    fn = CHANGES.get(state.game.name)
    if fn is None:
        return []
    try:
        return fn(state, seat, before or {}, after)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        return []


# --------------------------------------------------------------------------- others' moves

def public_action_text(state, action, actor: int, viewers: Sequence[int]) -> str:
    """How `actor`'s move (not yet applied to `state`) reads to the humans `viewers`.

    Per game: face-down journalist values (Pulitzer §7.3) and Salem's secret choices are
    masked.  Any game: when another legal action would leave every viewer's observation
    exactly the same, the viewers cannot tell the two apart, so the move is not named."""
    text = state.action_to_string(action)
    if actor in viewers or not viewers:
        return text
    name = state.game.name
    kind = action[0] if isinstance(action, tuple) and action else None
    if name == "pulitzer" and kind == "place":
        import re
        return re.sub(r"journalist \d+", "a face-down journalist", text)
    if name == "salem":
        from automa.rules.salem.state import SECRET_KINDS
        if kind in SECRET_KINDS:
            return "makes a secret choice"
    try:
        legal = state.legal_actions()
        if 1 < len(legal) <= 120:
            def seen(a):
                child = state.clone()
                child._apply(a)
                return [child.observation(v) for v in viewers]
            mine = seen(action)
            for other in legal:
                if other != action and seen(other) == mine:
                    return "makes a choice hidden from you"
    except Exception:   # a view must never end the game; the text is then shown as is
        pass
    return text
