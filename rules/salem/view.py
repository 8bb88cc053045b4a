"""Salem 1692 as a person sees it, built only from `state.observation(seat)`, the printed data
and the public log: the text board, how another seat's move reads (`move_text`: every move in
a round the viewer's observation marks secret reads alike, whatever the mover's role) and the
web board's keys and groups (`action_keys`, `action_group`).

The presentation contract finds everything here; the larger parts live beside it and are
imported under the names other code uses: the web board (`board.py` with `yours.py`), the
end screen (`end.py`), the printed names and the log's wording (`words.py`)."""

from __future__ import annotations

from automa.rules.presentation import Style, plain as _plain

from .board import board_svg
from .end import final_report
from .words import (
    SALEM_DECISION,
    SALEM_TOKEN,
    SALEM_TRIAL,
    _counted,
    _salem_name,
    news_text,
    salem_accusations,
)

__all__ = [
    "SALEM_DECISION",
    "SALEM_TOKEN",
    "SALEM_TRIAL",
    "SECRET_MOVE",
    "action_group",
    "action_keys",
    "board_svg",
    "board_text",
    "final_report",
    "move_text",
    "news_text",
    "salem_accusations",
]


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
        lines.append(
            "  your face-down trial cards: "
            + _counted(fd)
            + ("  — you are the Constable" if "constable" in fd else "")
        )
        if obs["ever_witch"]:
            mates = [who(q) for q in obs["known_ew"] if q != me]
            lines.append(
                "  your team: the witches (you have held a Witch card)"
                + (f"; witches you know: {', '.join(mates)}" if mates else "")
                + (" (the whole team)" if obs["complete"] and mates else "")
            )
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
            lines.append(
                "  Town Hall: keep "
                + " or ".join(d.char_name.get(c, c) for c in opts)
                + (f" (you chose {d.char_name.get(pending, pending)})" if pending else "")
            )
        if obs["votes"]:
            lines.append("  witch votes: " + ", ".join(f"{who(v)} -> {who(t)}" for v, t in obs["votes"]))
        if obs["night_victim"] is not None:
            lines.append(f"  the witches' victim tonight: {who(obs['night_victim'])}")
        if obs["my_gavel"] is not None and obs["my_gavel"] >= -1:
            lines.append(f"  your gavel (Constable): {who(obs['my_gavel'])}")
        if obs["my_confess"]:
            what = obs["my_confess"]
            lines.append(
                "  your confession: "
                + ("William Phips' confession without a card" if what == "phips" else _salem_name(what))
            )
        if obs["deck"] is not None:
            lines.append(
                "  the deck from the top (Tituba): "
                + ", ".join(_salem_name(c) for c in reversed(obs["deck"]))
            )
        if obs["loot_hand"] is not None:
            lines.append("  the eliminated player's hand: " + _counted(obs["loot_hand"]))

    gavel, victim = obs["gavel"], obs["victim"]
    if in_night or gavel is not None or victim is not None or obs["confessed"]:
        lines.append(style("[the night]", bold=True))
        if gavel is not None:
            lines.append(
                "  the gavel: "
                + (
                    "no Constable placed it"
                    if gavel < -1
                    else f"lies before {who(gavel)}"
                    if gavel >= 0
                    else "placed before nobody"
                )
            )
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
    lines.append(
        "  tokens in the centre: " + _counted(obs["centre"]) + f"; shillings in the supply: {obs['supply']}"
    )
    loot, stopped = obs["loot"]
    if loot:
        lines.append(
            f"  {', '.join(who(q) for q in loot[1])} take cards from {who(loot[0])}'s hand (John Proctor)"
        )
    recent = list(state.history_text())[-3:]
    if recent:
        lines.append(style("[what happened last]", bold=True))
        lines.extend(f"  {news_text(line)}" for line in recent)
    return "\n".join(lines)


# --------------------------------------------------------------------------- others' moves

#: what a seat reads for any move of another seat in a round its observation marks secret
SECRET_MOVE = "makes a secret choice"


def move_text(state, action, actor: int, viewer: int) -> str | None:
    """How `actor`'s move (not yet applied) reads to `viewer`, from what `viewer` sees.

    In the secret rounds (Town Hall keep, Dawn, the night's victim and gavel prompts,
    confessions) the viewer's observation shows only *who* is being asked,
    ``dec == ("secret", pos, ())``, alike for a witch's vote and a townsperson's 'sleep'
    (spec 20.5), so every such move reads the same, SECRET_MOVE.  The one exception is what
    the viewer's own observation shows once the move is made: a living witch sees a fellow
    witch's Black Cat or victim vote among its ``votes``.  Public decisions are left to the
    generic rule (None)."""
    if viewer == actor:
        return None
    dec = state.observation(viewer)["dec"]
    if not dec or dec[0] != "secret":
        return None
    if isinstance(action, tuple) and len(action) == 2 and action[0] in ("cat", "victim"):
        from automa.rules.presentation import observation_after

        pos, target = state.game.pos_of[actor], action[1]
        if (pos, target) in observation_after(state, action, viewer)["votes"]:
            if action[0] == "cat":
                return f"votes to give the Black Cat to {state.pname(target)}"
            return f"votes for {state.pname(target)} as the witches' victim"
    return SECRET_MOVE


# --------------------------------------------------------------------------- web board: keys


def action_keys(state, seat: int, action) -> tuple[str, ...]:
    """The board places that pick `action`: a card in your hand (``hand:accusation``), a seat
    (``seat:3``), one of your trial cards (``trial:naw``), a face-up trial card
    (``faceup:3:naw``), a token on a seat or in the centre (``token:3:piety``,
    ``centre:asylum``), a discard-pile or looted card; ``look`` (your shillings) then a seat
    for a shilling look.  Ending a turn, sleeping, yes/no and Tituba's moves have no place."""
    if not isinstance(action, tuple) or not action:
        return ()
    head = action[0]
    dec = state.observation(seat)["dec"]
    kind, pay = (dec[0], tuple(dec[2])) if dec else (None, ())
    if head in ("target", "target2", "cat", "victim", "charlatan", "inquire", "mag_to", "peek"):
        return (f"seat:{action[1]}",)
    if head == "gavel":
        return (f"seat:{action[1]}",) if action[1] >= 0 else ()
    if head == "look":
        return ("look", f"seat:{action[1]}")
    if head == "play":
        return (f"hand:{action[1]}",)
    if head == "confess":
        return () if action[1] in ("none", "phips") else (f"trial:{action[1]}",)
    if head in ("flip", "cat_reveal"):
        return (f"trial:{action[1]}",)
    if head == "keep":
        return (f"th:{action[1]}",)
    if head == "token":
        if kind == "curse_token":
            return (f"token:{pay[0]}:{action[1]}",)
        return (f"centre:{action[1]}",)
    if head == "mag_from":
        return (f"centre:{action[2]}",) if action[1] < 0 else (f"token:{action[1]}:{action[2]}",)
    if head == "revive":
        return (f"faceup:{action[1]}:{action[2]}",)
    if head == "special":
        return (f"faceup:{state.game.pos_of[seat]}:{action[1]}",)
    if head == "loot":
        return (f"loot:{action[1]}",)
    if head == "take":
        return (f"discard:{action[1]}",)
    return ()


#: a decision with more actions than this is listed in groups
_GROUP_ABOVE = 8


def action_group(state, seat: int, action) -> str:
    """The heading `action` is listed under on a long decision: the turn's card plays and
    shilling looks apart from Draw / End turn; the Gravedigger's cards by seat; the
    Magistrate's tokens by where they lie.  "" on short decisions."""
    if not isinstance(action, tuple) or not action:
        return ""
    if len(state.legal_actions()) <= _GROUP_ABOVE:
        return ""
    head = action[0]
    if head == "play":
        return "Play a card from your hand"
    if head == "look":
        return "Spend a shilling to look at a face-down trial card"
    if head == "peek":
        return "Look at a ghost's trial card (your turn action)"
    if head == "revive":
        return f"Face-up cards of {state.pname(action[1])}"
    if head == "mag_from":
        return "Tokens in the centre" if action[1] < 0 else f"Tokens of {state.pname(action[1])}"
    return ""
