"""Salem 1692 as a person sees it: the text board, the public log in printed names and the
accusation count against its threshold, built only from `state.observation(seat)`."""
from __future__ import annotations

import re
from typing import Sequence

from automa.rules.presentation import Style, count as _count, flat as _flat, plain as _plain, seat_label as _seat_label


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


def news_text(line: str) -> str:
    """A line of the Salem engine's public log with card ids as printed names
    ('P1(X) reveals naw' -> 'P1(X) reveals Not a Witch')."""
    def name(m):
        code = m.group(2)
        known = code in SALEM_TRIAL or code in SALEM_TOKEN or code in _SALEM_CARDS
        return m.group(0).replace(code, _salem_name(code)) if known else m.group(0)
    return _SALEM_NEWS.sub(name, line)


_SALEM_CARDS = {"accusation", "evidence", "witness", "alibi", "stocks", "scapegoat", "arson", "robbery",
                "curse", "blessing", "shilling", "conspiracy", "night"}


def board_text(state, seat: int, style: Style = _plain) -> str:
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
        lines.extend(f"  {news_text(line)}" for line in recent)
    return "\n".join(lines)
