"""Salem 1692 as a person sees it, built only from `state.observation(seat)`, the printed data
and the public log: the text board, the web board (`board_svg`, `action_keys`,
`action_group`), the public log in printed names, the accusation count against its
threshold, and how another seat's move reads (`move_text`: every move in a round the
viewer's observation marks secret reads alike, whatever the mover's role)."""

from __future__ import annotations

import re
from typing import Sequence

from automa.rules.presentation import Style, plain as _plain

from .end import final_report  # noqa: F401  (the view's end of the game: presentation finds it here)


SALEM_TRIAL = {
    "naw": "Not a Witch",
    "witch": "Witch",
    "constable": "Constable",
    "charlatan": "Charlatan",
    "gravedigger": "Gravedigger",
    "inquisitor": "Inquisitor",
    "magistrate": "Magistrate",
    "pickpocket": "Pickpocket",
}
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
    "tituba_order": "orders the deck card by card from the top (Tituba)",
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


#: engine ids inside the log's wording: after 'reveals', 'confesses:', 'plays', and in the
#: Gravedigger line "turns P1(Abigail Williams)'s naw face-down" (seat names hold spaces)
_SALEM_NEWS = re.compile(r"\b(?:reveals|confesses:|plays) ([a-z_]+)\b|'s ([a-z_]+) face-down")


def news_text(line: str) -> str:
    """A line of the Salem engine's public log with card ids as printed names
    ('P1(X) reveals naw' -> 'P1(X) reveals Not a Witch')."""

    def name(m):
        code = m.group(1) or m.group(2)
        known = code in SALEM_TRIAL or code in SALEM_TOKEN or code in _SALEM_CARDS or code == "alibi_w"
        return m.group(0).replace(code, _salem_name(code)) if known else m.group(0)

    return _SALEM_NEWS.sub(name, line)


_SALEM_CARDS = {
    "accusation",
    "evidence",
    "witness",
    "alibi",
    "stocks",
    "scapegoat",
    "arson",
    "robbery",
    "curse",
    "blessing",
    "shilling",
    "conspiracy",
    "night",
}


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
    kind, pay = (dec[0], dec[2]) if dec else (None, ())
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


# --------------------------------------------------------------------------- web board: drawing
#
# The table as the players sit round it: seats clockwise in a frame of rows and columns
# (you at the bottom centre), the meeting-house table in the middle (deck, discard pile,
# tokens, the night), and your own area on the right (team, trial cards, hand, what you know,
# the last public events).  Every fact comes from `state.observation(seat)`, the printed data
# and the public log; decorations let clicks through (pointer-events none) to the shapes that
# carry a data-key.

from xml.sax.saxutils import escape as _esc, quoteattr as _attr

_WIDTH = 1600
_TABLE_LEFT, _TABLE_RIGHT, _TABLE_TOP, _TABLE_BOTTOM = 20, 1120, 84, 1076
_PANEL_W, _PANEL_H = 210, 186
_COLUMN_X, _COLUMN_W = 1140, 450
#: seats per side of the table (bottom, left, top, right); you sit in the bottom row's middle
_SIDES = {
    4: (1, 1, 1, 1),
    5: (1, 1, 2, 1),
    6: (1, 2, 1, 2),
    7: (1, 2, 2, 2),
    8: (1, 2, 3, 2),
    9: (1, 3, 2, 3),
    10: (1, 3, 3, 3),
    11: (3, 3, 2, 3),
    12: (3, 3, 3, 3),
}

_INK, _MUTED, _PAPER = "#3b2f23", "#7a6a55", "#f3ead6"
_PANEL, _PANEL_DEAD, _RIM = "#fbf6e9", "#d9d0bf", "#8c6d4a"
_RED, _GREEN, _BLACK, _GOLD = "#a8322a", "#4b7a3a", "#2d2926", "#c99a2e"
_WITCH, _CONSTABLE, _MINE, _TURN = "#5a2d6e", "#2f5d86", "#2f6b3f", "#e6c46a"
_SERIF = "Georgia, 'DejaVu Serif', serif"
_SANS = "'Segoe UI', 'DejaVu Sans', Arial, sans-serif"
#: face colour, text colour and the letters on a small trial-card glyph
_TRIAL_LOOK = {
    "naw": ("#efe4c8", _INK, "N"),
    "witch": (_WITCH, "#fff", "W"),
    "constable": (_CONSTABLE, "#fff", "C"),
    "charlatan": ("#2f6f66", "#fff", "Ch"),
    "gravedigger": ("#2f6f66", "#fff", "G"),
    "inquisitor": ("#2f6f66", "#fff", "I"),
    "magistrate": ("#2f6f66", "#fff", "M"),
    "pickpocket": ("#2f6f66", "#fff", "P"),
}
_TOKEN_LOOK = {
    "black_cat": ("#26221f", "#fff"),
    "asylum": ("#3f6f9a", "#fff"),
    "matchmaker": ("#a94f76", "#fff"),
    "piety": ("#e3cf8a", _INK),
}
_CARD_COLOUR = {"red": _RED, "green": _GREEN, "black": _BLACK}
#: trial-card names broken where a narrow card face would cut them
_SPLIT = {
    "constable": "Con- stable",
    "charlatan": "Charla- tan",
    "gravedigger": "Grave- digger",
    "inquisitor": "Inqui- sitor",
    "magistrate": "Magis- trate",
    "pickpocket": "Pick- pocket",
}
_TRIAL_TEXT = {
    "naw": "Not a Witch: no power of its own.",
    "witch": "Witch: whoever has held one plays for the witches for the rest of the game.",
    "constable": "Constable: at night its holder protects another player with the gavel.",
    "charlatan": "When revealed: swap one face-down card among three players.",
    "gravedigger": "When revealed: turn another player's face-up trial card face down.",
    "inquisitor": "When revealed: turn a trial card of another player face up.",
    "magistrate": "When revealed: move any token to another player.",
    "pickpocket": "When revealed: steal a card from the accuser's hand.",
}


def _token_text(code: str, game) -> str:
    return {
        "asylum": "Asylum: the witches cannot kill its holder at night.",
        "black_cat": "Black Cat: when a Conspiracy is drawn, one of the holder's trial cards is revealed.",
        "matchmaker": "Matchmaker: if one holder is eliminated, the other holder is too.",
        "piety": f"Piety: its holder needs {game.data.piety_mult} times the accusations to be tried.",
    }.get(code, _salem_name(code))


def _card_text(code: str, game) -> str:
    """What a playing card does, short enough for a card face (spec D-1, with the numbers
    of the data files)."""
    d = game.data
    eff = d.effect[code]
    if eff == "accuse":
        v = d.value[code]
        return f"Adds {v} accusation{'s' if v != 1 else ''} to another player."
    return {
        "alibi": f"Remove red cards worth up to {d.alibi_budget} from another player.",
        "stocks": "Another player skips their next turn.",
        "scapegoat": "Move a player's red cards, Stocks and tokens to another player.",
        "arson": "Another player's whole hand is discarded.",
        "robbery": "Move a player's whole hand to another player.",
        "curse": "Send a token of another player back to the centre.",
        "blessing": "Give a token from the centre to another player.",
        "shilling": "Give another player a shilling from the supply.",
        "night": "Night: the witches choose a victim.",
        "conspiracy": "Conspiracy: everyone takes a trial card from their left.",
    }.get(eff, "")


def _ability_text(ability: str | None, game) -> str:
    """A Town Hall ability in a sentence (spec D-3), with this game's numbers."""
    if ability is None:
        return "Abilities are off in this mode." if not game.abilities_on else ""

    def param(key, default):
        return (game.ab_param.get(ability) or {}).get(key, default)

    return {
        "abigail": "When your red card forces a reveal, you may discard the accusations in front of you.",
        "ann": f"When your red card forces a reveal, you may first draw {param('draw', 2)} cards.",
        "cotton": f"Evidence in front of you counts {param('value', 1)}, not 3.",
        "giles": f"If your Draw is two plain Accusations, show them and draw {param('draw', 1)} more.",
        "burroughs": f"You are tried at {param('value', 8)} accusations, not 7.",
        "proctor": f"When another player is eliminated, take up to {param('uses', 3)} cards from their hand.",
        "martha": "Has the ability of the nearest living player to her right.",
        "mary": "Matchmaker and Black Cat cannot hurt you.",
        "rebecca": "When another player's trial card is revealed, you may draw a card.",
        "parris": f"{param('uses', 2)} times a game: take up to two cards from the discard pile as your turn.",
        "sarah": "Robbery and Arson played on you do nothing.",
        "danforth": "Your red cards may force a reveal one accusation early.",
        "tituba": "Once a game, at the start of your turn, rearrange the deck.",
        "griggs": f"You may play an Alibi as a Witness ({param('value', 7)} accusations).",
        "phips": "Once a game, confess without revealing a trial card.",
    }.get(ability, "")


def _width(text: str, size: float, bold: bool = False) -> float:
    """Rough rendered width of `text` in the sans font (the layout only needs an estimate,
    on the generous side so that labels stay inside their boxes)."""
    return len(text) * size * (0.64 if bold else 0.58)


def _fit(text: str, width: float, size: float, bold: bool = False) -> str:
    """`text`, cut with '…' to fit `width` (the full text is in the element's hover title)."""
    if _width(text, size, bold) <= width:
        return text
    keep = max(1, int(width / (size * (0.64 if bold else 0.58))) - 1)
    return text[:keep].rstrip() + "…"


def _wrap(text: str, width: float, size: float) -> list[str]:
    words, lines, line = text.split(), [], ""
    for word in words:
        trial = f"{line} {word}".strip()
        if line and _width(trial, size) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines or [""]


def _t(x, y, text, size=14, fill=_INK, weight=None, anchor=None, family=_SANS, italic=False) -> str:
    extra = f' font-weight="{weight}"' if weight else ""
    extra += f' text-anchor="{anchor}"' if anchor else ""
    extra += ' font-style="italic"' if italic else ""
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" fill="{fill}" '
        f"font-family={_attr(family)}{extra}>{_esc(str(text))}</text>"
    )


def _label(x, y, text, size, ink) -> str:
    """A bold label centred on (x, y) over a clickable shape; clicks pass through to it."""
    return f'<g pointer-events="none">{_t(x, y, text, size, fill=ink, weight="bold", anchor="middle")}</g>'


def _rect(x, y, w, h, fill, stroke="none", sw=1.0, rx=4, key=None, title=None, extra="") -> str:
    attrs = f'x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="{rx}" fill="{fill}"'
    if stroke != "none":
        attrs += f' stroke="{stroke}" stroke-width="{sw}"'
    if key:
        attrs += f" data-key={_attr(key)}"
    if extra:
        attrs += " " + extra
    if title:
        return f"<rect {attrs}><title>{_esc(title)}</title></rect>"
    return f"<rect {attrs}/>"


class _Board:
    """One drawing of the table for one seat; `svg()` returns the document."""

    def __init__(self, state, seat: int):
        self.state, self.seat = state, seat
        self.g = state.game
        self.d = self.g.data
        self.obs = state.observation(seat)
        self.n = len(self.obs["alive"])
        self.me = self.g.pos_of[seat]
        self.out: list[str] = []

    # ---- words
    def tag(self, p: int) -> str:
        h = self.g.human[p]
        return f"P{h}" if h >= 0 else f"Ghost {p}"

    def char_name(self, p: int) -> str:
        c = self.obs["char"][p]
        return self.d.char_name.get(c, c) if c else ""

    def who(self, p) -> str:
        if p is None or p < 0:
            return "nobody"
        if p == self.me:
            return "you"
        name = self.char_name(p)
        return f"{self.tag(p)} ({name})" if name else self.tag(p)

    # ---- the document
    def svg(self) -> str:
        self.header()
        self.table()
        height = max(_TABLE_BOTTOM + 10, self.column() + 20)
        body = "\n".join(self.out)
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_WIDTH} {height}" '
            f"font-family={_attr(_SANS)}>\n"
            f'<rect x="0" y="0" width="{_WIDTH}" height="{height}" fill="{_PAPER}"/>\n'
            f"{body}\n</svg>"
        )

    # ---- top: who you are, the turn, and what is being decided now
    def header(self):
        o = self.obs
        turn_pos, turns, nights = o["turn"][0], o["turn"][1], o["turn"][2]
        me_name = self.char_name(self.me)
        you = f"you are {self.tag(self.me)}" + (f" ({me_name})" if me_name else "")
        facts = f"turn {turns}" + (f": {self.who(turn_pos)}" if turn_pos >= 0 else "")
        facts += f" · {nights} night{'s' if nights != 1 else ''} so far · {you}"
        self.out.append(_t(24, 32, "Salem 1692", 26, weight="bold", family=_SERIF))
        self.out.append(_t(200, 32, facts, 17, fill=_MUTED))
        now, colour = self.now_text()
        self.out.append(_rect(20, 44, _WIDTH - 40, 32, colour, rx=8))
        self.out.append(_t(34, 66, _fit(now, _WIDTH - 70, 18, True), 18, fill="#fff", weight="bold"))

    def now_text(self) -> tuple[str, str]:
        """The banner: the result, or who decides what now (a secret round names only the
        seat being asked, as every living seat is asked in turn)."""
        o = self.obs
        if o["result"]:
            winner, reason, losers = o["result"]
            won = (winner == "town" and not o["ever_witch"]) or (
                winner == "witch" and o["ever_witch"] and self.me not in losers
            )
            verdict = "" if winner == "draw" else (" — you win" if won else " — you lose")
            return f"Game over: {reason}{verdict}", "#6b4a2b"
        dec = o["dec"]
        if not dec:
            return "…", _MUTED
        kind, pos, pay = dec
        if kind == "secret":
            phase = self.secret_phase()
            if pos == self.me:
                return f"{phase} — your answer: {self.my_secret_choice()}", _WITCH
            return f"{phase} — every living player is asked in turn; now {self.who(pos)}", _WITCH
        card = _salem_name(pay[0]) if kind in ("target", "target2", "bless_token") and pay else "the card"
        doing = SALEM_DECISION.get(kind, kind.replace("_", " ")).format(card=card)
        if pos == self.me:
            first, _, rest = doing.partition(" ")  # 'chooses the target' -> 'choose the target'
            first = "you may" if first == "may" else first[:-1] if first.endswith("s") else first
            doing = (
                f"{first} {rest}".replace("their own", "your own")
                .replace("their ", "your ")
                .replace("in front of them", "in front of you")
                .replace(" or ends ", " or end ")
            )
            return f"Your decision: {doing}", _MINE
        return f"{self.who(pos)} {doing}", "#6b4a2b"

    def secret_phase(self) -> str:
        o = self.obs
        if o["th"][0] is not None or (o["char"] and all(c is None for c in o["char"])):
            return "Town Hall: each player keeps one of two characters in secret"
        if not o["turn"][6]:
            return "Dawn: the witches choose who receives the Black Cat"
        if o["gavel"] is None:
            return "Night: the witches choose a victim, the Constable places the gavel"
        return "Night: each player may confess, in secret"

    def my_secret_choice(self) -> str:
        heads = (
            {a[0] for a in self.state.legal_actions()} if self.state.current_player() == self.seat else set()
        )
        for head, words in (
            ("keep", "keep one of your two Town Hall cards"),
            ("cat", "vote who receives the Black Cat (click a seat)"),
            ("victim", "vote for the witches' victim (click a seat)"),
            ("gavel", "place the gavel before another player (click a seat)"),
            ("confess", "confess one of your trial cards, or nothing"),
            ("sleep", "nothing to choose now — sleep"),
        ):
            if head in heads:
                return words
        return "choose"

    # ---- the table: seats in a frame, the meeting-house table in the middle
    def seat_places(self) -> dict[int, tuple[float, float]]:
        """Top-left corner of each seat's panel: you at the bottom centre, then clockwise
        (to your left, up the left side, along the top, down the right side)."""
        n, w, h = self.n, _PANEL_W, _PANEL_H
        bottom, left, top, right = _SIDES.get(n, _SIDES[12])
        order = [(self.me + i) % n for i in range(n)]
        k_left = (bottom - 1) // 2
        k_right = bottom - 1 - k_left
        centre_x = (_TABLE_LEFT + _TABLE_RIGHT) / 2
        low_y = _TABLE_BOTTOM - h
        band_top, band_bottom = _TABLE_TOP + h + 10, low_y - 10
        band = band_bottom - band_top
        places = {order[0]: (centre_x - w / 2, low_y)}
        i = 1
        for j in range(1, k_left + 1):
            places[order[i]] = (centre_x - w / 2 - j * (w + 24), low_y)
            i += 1
        for j in range(left):
            places[order[i]] = (_TABLE_LEFT, band_bottom - (j + 0.5) * band / left - h / 2)
            i += 1
        span = _TABLE_RIGHT - _TABLE_LEFT
        for j in range(top):
            places[order[i]] = (_TABLE_LEFT + (j + 0.5) * span / top - w / 2, _TABLE_TOP)
            i += 1
        for j in range(right):
            places[order[i]] = (_TABLE_RIGHT - w, band_top + (j + 0.5) * band / right - h / 2)
            i += 1
        for j in range(k_right, 0, -1):
            places[order[i]] = (centre_x - w / 2 + j * (w + 24), low_y)
            i += 1
        return places

    def table(self):
        cx = (_TABLE_LEFT + _TABLE_RIGHT) / 2
        top = _TABLE_TOP + _PANEL_H + 14
        bottom = _TABLE_BOTTOM - _PANEL_H - 14
        cy, ry, rx = (top + bottom) / 2, (bottom - top) / 2, 330
        self.out.append(f'<ellipse cx="{cx}" cy="{cy}" rx="{rx + 8}" ry="{ry + 8}" fill="#6e4a2c"/>')
        self.out.append(
            f'<ellipse cx="{cx}" cy="{cy}" rx="{rx}" ry="{ry}" fill="#a4774a" '
            f'stroke="#c79d6c" stroke-width="2"/>'
        )
        self.out.append(
            _t(
                cx,
                cy + ry - 36,
                "SALEM · 1692",
                30,
                fill="#b78b5c",
                anchor="middle",
                family=_SERIF,
                weight="bold",
            )
        )
        self.centre(cx, cy, ry)
        for p, (x, y) in self.seat_places().items():
            self.panel(p, x, y)

    def panel(self, p: int, x: float, y: float):
        """One seat: name band (Town Hall card, badges), trial cards as backs and faces with
        the revealed ones named, accusations against the threshold, tokens, hand, shillings,
        Stocks, and what is known about the seat (public in ink, yours alone in purple)."""
        o, w, h = self.obs, _PANEL_W, _PANEL_H
        alive, mine = o["alive"][p], p == self.me
        ghost = self.g.human[p] < 0
        turn = o["turn"][0] == p and not o["result"]
        out = self.out
        out.append(
            _rect(
                x,
                y,
                w,
                h,
                _PANEL if alive else _PANEL_DEAD,
                _MINE if mine else _RIM,
                3 if mine else 1.5,
                rx=10,
                key=f"seat:{p}",
                title=self.seat_title(p),
            )
        )
        deco = ['<g pointer-events="none">']
        band = _TURN if turn else ("#d8ccb2" if alive else "#c4b9a5")
        deco.append(_rect(x + 1.5, y + 1.5, w - 3, 28, band, rx=9))
        name = self.char_name(p) or ("choosing a character" if alive else "")
        label = f"{self.tag(p)} · {name}" if name else self.tag(p)
        badges = self.badges(p)
        room = w - 16 - sum(_width(b[0], 12, True) + 14 for b in badges)
        deco.append(
            _t(x + 8, y + 21, _fit(label, room, 15, True), 15, weight="bold", fill=_INK if alive else _MUTED)
        )
        bx = x + w - 6
        for text, colour in badges:
            bw = _width(text, 12, True) + 10
            bx -= bw
            deco.append(_rect(bx, y + 7, bw, 17, colour, rx=8))
            deco.append(_t(bx + bw / 2, y + 20, text, 12, fill="#fff", weight="bold", anchor="middle"))
            bx -= 4
        # trial cards: backs for the face-down ones, faces for the revealed ones (named below)
        gx = x + 8
        for _ in range(o["fd_n"][p]):
            deco.append(_rect(gx, y + 35, 20, 30, "#5b3d26", "#d9c29a", 1, rx=3))
            deco.append(_rect(gx + 4, y + 39, 12, 22, "none", "#b08a5a", 0.8, rx=2))
            gx += 24
        faces = sorted(o["fu"][p])
        faces_x = gx
        if alive:
            count = f"{o['fd_n'][p]} face down"
            tail = gx + 24 * len(faces) + 4
            if _width(count, 13) <= x + w - 8 - tail:
                deco.append(_t(tail, y + 55, count, 13, fill=_MUTED))
        up = "revealed: " + _counted(faces) if faces else "no trial card revealed"
        for i, line in enumerate(_wrap(up, w - 16, 13)[:2]):
            deco.append(_t(x + 8, y + 81 + 15 * i, line, 13, fill=_INK if faces else _MUTED))
        if alive:
            deco.extend(self.accusation_bar(p, x + 8, y + 102, w - 16))
        # tokens: a seat rarely holds more than two; when it does, the pills shrink to fit
        chips = [
            (_salem_name(t), _TOKEN_LOOK[t], f"token:{p}:{t}", _token_text(t, self.g))
            for t in o["tokens"][p]
            if t in _TOKEN_LOOK
        ]
        need = sum(_width(text, 12.5, True) + 16 for text, *_ in chips)
        size = max(9.0, min(12.5, 12.5 * (w - 16) / need)) if need else 12.5
        tokens, cx = [], x + 8
        for text, (fill, ink), key, tip in chips:
            cw = _width(text, size, True) + 12
            tokens.append((cx, text, fill, ink, key, tip, cw))
            cx += cw + 4
        parts = ["ghost: no hand" if ghost else f"hand {o['hand_n'][p]}"] if alive else []
        if o["coins"][p]:
            parts.append(f"{o['coins'][p]} shilling{'s' if o['coins'][p] != 1 else ''}")
        if o["stocks"][p]:
            parts.append(f"Stocks ×{o['stocks'][p]}")
        if parts:
            deco.append(_t(x + 8, y + 162, _fit(" · ".join(parts), w - 16, 13.5, True), 13.5, weight="bold"))
        deco.extend(self.notes_line(p, x + 8, y + 178, w - 16))
        deco.append("</g>")
        out.extend(deco)
        for i, k in enumerate(faces):
            fill, ink, letters = _TRIAL_LOOK.get(k, ("#ccc", _INK, "?"))
            fx = faces_x + 24 * i
            out.append(
                _rect(
                    fx,
                    y + 35,
                    20,
                    30,
                    fill,
                    _RIM,
                    1,
                    rx=3,
                    key=f"faceup:{p}:{k}",
                    title=f"face up: {_salem_name(k)}",
                )
            )
            out.append(_label(fx + 10, y + 55, letters, 12, ink))
        for bx, text, fill, ink, key, tip, cw in tokens:
            out.append(_rect(bx, y + 125, cw, 21, fill, "#fff", 1, rx=10, key=key, title=tip))
            out.append(_label(bx + cw / 2, y + 140, text, size, ink))

    def notes_line(self, p: int, x: float, y: float, width: float) -> list[str]:
        """The seat's notes on one line, what only you know first (in purple), then what the
        table knows; cut with '…' where the panel ends (all of it is in the hover text)."""
        notes = sorted(self.seat_notes(p), key=lambda note: not note[1])
        spans, room = [], width
        for i, (text, private) in enumerate(notes):
            text = (" · " if i else "") + text
            cut = _fit(text, room, 13)
            spans.append(f'<tspan fill="{_WITCH if private else _INK}">{_esc(cut)}</tspan>')
            room -= _width(cut, 13)
            if cut != text or room <= 20:
                break
        if not spans:
            return []
        return [
            f'<text x="{x:.1f}" y="{y:.1f}" font-size="13" font-family={_attr(_SANS)}>{"".join(spans)}</text>'
        ]

    def badges(self, p: int) -> list[tuple[str, str]]:
        """Pills on a seat's name band: what the table or you know about it right now."""
        o, out = self.obs, []
        dec = o["dec"]
        if dec and dec[1] == p and not o["result"] and (dec[0] == "secret" or o["turn"][0] != p):
            out.append(("asked" if dec[0] == "secret" else "deciding", "#8a5a22"))
        if o["gavel"] is not None and o["gavel"] == p:
            out.append(("gavel", _CONSTABLE))
        elif o["my_gavel"] is not None and o["my_gavel"] == p:
            out.append(("your gavel", _CONSTABLE))
        if o["victim"] is not None and o["victim"] == p:
            out.append(("victim", _RED))
        elif o["night_victim"] is not None and o["night_victim"] == p:
            out.append(("victim", _RED))
        if p in o["confessed"]:
            out.append(("confessed", _GREEN))
        if p in o["known_ew"] and o["alive"][p]:
            out.append(("witch", _WITCH))
        if not o["alive"][p]:
            out.append(("eliminated", _RED))
        return out

    def seat_notes(self, p: int) -> list[tuple[str, bool]]:
        """Short facts under a seat: (text, known only to you)."""
        o, notes = self.obs, []
        if o["announced"][p]:
            notes.append(("says: holds another Witch", False))
        known = [c for t, c in o["pub_facts"] if t == p]
        if known:
            notes.append(("face down: " + _counted(known), False))
        shown = [c for t, c in o["pub_hand_facts"] if t == p]
        if shown:
            notes.append(("shown in hand: " + _counted(shown), False))
        used = self.uses_text(p)
        if used:
            notes.append((used, False))
        team = o["dead_team"]
        if team is not None and team[p] is not None:
            notes.append(("was a witch" if team[p] else "was a townsperson", False))
        mine = [c for t, c in o["facts"] if t == p]
        if mine:
            notes.append(("you saw: " + _counted(mine), True))
        held = [c for t, c in o["hand_facts"] if t == p]
        if held:
            notes.append(("you know in hand: " + _counted(held), True))
        votes = sum(1 for _, t in o["votes"] if t == p)
        if votes:
            notes.append((f"witch votes: {votes}", True))
        return notes

    def uses_text(self, p: int) -> str:
        """How often seat p has used its limited Town Hall abilities (public: Tituba, Samuel
        Parris, William Phips; Martha Corey keeps her own counts, A-26)."""
        names = {a: name for _, name, a, _ in self.d.characters}
        own = self.d.char_ability.get(self.obs["char"][p])
        used = [(k.split(":", 1)[1], v) for k, v in self.obs["uses"] if k.split(":", 1)[0] == str(p)]
        return ", ".join(
            ("ability" if a == own else f"{names.get(a, a)}'s ability") + f" used ×{v}" for a, v in used
        )

    def seat_title(self, p: int) -> str:
        """The hover text of a seat: everything on its panel, in full."""
        o = self.obs
        lines = [self.who(p) if p != self.me else f"{self.tag(p)} (you)"]
        ability = _ability_text(_salem_ability(o, self.g, p), self.g)
        if self.char_name(p) and ability:
            lines.append(f"{self.char_name(p)}: {ability}")
        lines.append(f"face down: {o['fd_n'][p]}; face up: {_counted(o['fu'][p])}")
        if o["alive"][p]:
            total, need = salem_accusations(o, self.g, p)
            acc = f"accusations {total} of {need}"
            if o["reds"][p]:
                acc += f" ({_counted(o['reds'][p])})"
            if o["last_acc"][p] >= 0 and o["reds"][p]:
                acc += f"; last placed by {self.who(o['last_acc'][p])}"
            lines.append(acc)
        else:
            lines.append("eliminated")
        if o["tokens"][p]:
            lines.append("tokens: " + _counted(o["tokens"][p]))
        lines.extend(text for text, _ in self.seat_notes(p))
        return "\n".join(lines)

    def accusation_bar(self, p: int, x: float, y: float, width: float) -> list[str]:
        """The red cards in front of a seat as blocks on a bar as long as its threshold,
        with 'total/threshold' beside it (the threshold counts Piety, George Burroughs,
        Cotton Mather's Evidence and Will Griggs' Alibi: salem_accusations)."""
        o = self.obs
        total, need = salem_accusations(o, self.g, p)
        bar = width - 56
        parts = [_rect(x, y, bar, 16, "#eadfca", "#c9b896", 1, rx=3)]
        unit = bar / max(need, 1)
        for i in range(1, need):
            parts.append(
                f'<line x1="{x + i * unit:.1f}" y1="{y + 3}" x2="{x + i * unit:.1f}" '
                f'y2="{y + 13}" stroke="#d2c3a3" stroke-width="1"/>'
            )
        cotton = _salem_ability(o, self.g, p) == "cotton"
        bx = x
        for c in o["reds"][p]:
            if c == "alibi":
                v = (self.g.ab_param.get("griggs") or {}).get("value", 7)
            elif cotton and c == "evidence":
                v = (self.g.ab_param.get("cotton") or {}).get("value", 1)
            else:
                v = self.d.value.get(c, 1)
            bw = min(v * unit, x + bar - bx)
            if bw <= 0:
                break
            parts.append(_rect(bx, y, bw, 16, _RED, "#fff", 1, rx=2))
            if bw >= 14 and v > 1:
                parts.append(_t(bx + bw / 2, y + 13, str(v), 12, fill="#fff", weight="bold", anchor="middle"))
            bx += bw
        parts.append(
            _t(
                x + width,
                y + 14,
                f"{total}/{need}",
                15,
                fill=_RED if total else _MUTED,
                weight="bold",
                anchor="end",
            )
        )
        return parts

    # ---- the middle of the table
    def centre(self, cx: float, cy: float, ry: float):
        o, out = self.obs, self.out
        x0, y0 = cx - 255, cy - 165
        # the draw deck and where the Night may be
        out.append(_t(x0, y0, "Draw deck", 16, fill="#fff", weight="bold", family=_SERIF))
        for k in range(3):
            out.append(_rect(x0 + 6 - 3 * k, y0 + 12 + 3 * k, 78, 108, "#5b3d26", "#d9c29a", 1.5, rx=6))
        out.append(
            _t(
                x0 + 39,
                y0 + 78,
                str(o["deck_n"]),
                26,
                fill="#f3e3c0",
                weight="bold",
                anchor="middle",
                family=_SERIF,
            )
        )
        if o["night_in_deck"]:
            night = f"The Night is somewhere in the bottom {min(o['night_zone'], o['deck_n'])} cards"
        else:
            night = "The Night card is out; it is shuffled back in when the deck is rebuilt"
        if o["deck_known"] >= 0:
            knower = "You know" if o["deck_known"] == self.me else f"{self.who(o['deck_known'])} knows"
            night += f". {knower} the order (Tituba)"
        for i, line in enumerate(_wrap(night, 200, 14)[:4]):
            out.append(_t(x0, y0 + 148 + 18 * i, line, 14, fill="#fff"))
        # the discard pile, face up
        dx, dy = cx - 60, y0
        pile = o["discard"]
        out.append(_t(dx, dy, f"Discard pile ({len(pile)})", 16, fill="#fff", weight="bold", family=_SERIF))
        bottom = self.chips(
            sorted(set(pile), key=self.card_order),
            dx,
            dy + 12,
            330,
            lambda c: (
                f"{_salem_name(c)}" + (f" ×{pile.count(c)}" if pile.count(c) > 1 else ""),
                _CARD_COLOUR.get(self.d.colour.get(c), _GREEN),
                "#fff",
                f"discard:{c}",
                _card_text(c, self.g),
            ),
        )
        # tokens and shillings in the centre
        ty = max(dy + 130, bottom + 30)
        out.append(_t(dx, ty, "In the centre", 16, fill="#fff", weight="bold", family=_SERIF))
        centre = o["centre"]
        items = sorted(set(centre))
        bottom = self.chips(
            items,
            dx,
            ty + 12,
            330,
            lambda t: (
                _salem_name(t) + (f" ×{centre.count(t)}" if centre.count(t) > 1 else ""),
                _TOKEN_LOOK[t][0],
                _TOKEN_LOOK[t][1],
                f"centre:{t}",
                _token_text(t, self.g),
            ),
        )
        if not items:
            out.append(_t(dx, ty + 30, "no tokens", 14, fill="#f3e3c0", italic=True))
        extra = f"{o['supply']} shilling{'s' if o['supply'] != 1 else ''} in the supply"
        if o["gavel"] is None and not o["turn"][6]:
            extra += " · the gavel rests here"
        supply_y = max(ty + 78, bottom + 24)
        out.append(_t(dx, supply_y, extra, 14, fill="#fff"))
        # the card on its way to a target, the night, John Proctor's loot
        lines = []
        dec = o["dec"]
        if dec and dec[0] in ("target", "target2", "bless_token", "alibi", "curse_token") and dec[2]:
            card = dec[2][0]
            card = "alibi" if dec[0] == "alibi" else "curse" if dec[0] == "curse_token" else card
            lines.append((f"Being played: {_salem_name(card)} by {self.who(dec[1])}", _TURN))
            if dec[0] == "target2":
                lines.append((f"  taken from {self.who(dec[2][1])}; now its destination", "#fff"))
            elif dec[0] in ("alibi", "curse_token"):
                lines.append((f"  on {self.who(dec[2][0])}", "#fff"))
            elif dec[0] == "target" and len(dec[2]) > 1:
                lines.append((f"  giving the {_salem_name(dec[2][1])} token", "#fff"))
        if dec and dec[0] == "charlatan" and dec[2]:
            lines.append(("Charlatan swap so far: " + ", ".join(self.who(q) for q in dec[2]), _TURN))
        if dec and dec[0] == "mag_to":
            src = "the centre" if dec[2][0] < 0 else self.who(dec[2][0])
            lines.append((f"Magistrate moves the {_salem_name(dec[2][1])} token from {src}", _TURN))
        if dec and dec[0] == "danforth":
            lines.append((f"Thomas Danforth may force a reveal on {self.who(dec[2][0])}", _TURN))
        in_night = o["turn"][6]
        if in_night or o["gavel"] is not None or o["victim"] is not None or o["confessed"]:
            lines.append((f"Night {o['turn'][2]}", "#f3e3c0"))
            if o["gavel"] is not None:
                lines.append(
                    (
                        "  gavel: "
                        + (
                            "no Constable placed it"
                            if o["gavel"] < -1
                            else f"before {self.who(o['gavel'])}"
                            if o["gavel"] >= 0
                            else "placed before nobody"
                        ),
                        "#fff",
                    )
                )
            else:
                lines.append(("  the witches and the Constable choose in secret", "#fff"))
            if o["confessed"]:
                lines.append(("  confessed: " + ", ".join(self.who(q) for q in o["confessed"]), "#fff"))
            if o["victim"] is not None:
                lines.append((f"  the witches chose: {self.who(o['victim'])}", "#fff"))
        loot, stopped = o["loot"]
        if loot:
            lines.append(
                (
                    f"{', '.join(self.who(q) for q in loot[1])} take cards from "
                    f"{self.who(loot[0])}'s hand (John Proctor)",
                    "#fff",
                )
            )
        ly = max(cy + 80, supply_y + 36)
        for text, colour in lines[:6]:
            out.append(
                _t(
                    x0,
                    ly,
                    _fit(text, 500, 15),
                    15,
                    fill=colour,
                    weight="bold" if not text.startswith("  ") else None,
                )
            )
            ly += 21

    def card_order(self, code: str) -> int:
        ids = [c[0] for c in self.d.cards]
        return ids.index(code) if code in ids else len(ids)

    def chips(self, items, x, y, width, look, height=24) -> float:
        """Pills flowing in rows, one per item's (text, fill, ink, key, hover text); every
        item is drawn (a pill may be the only place to click it).  Returns the bottom."""
        cx, cy = x, y
        for item in items:
            text, fill, ink, key, tip = look(item)
            cw = _width(text, 13, True) + 14
            if cx + cw > x + width and cx > x:
                cx, cy = x, cy + height + 5
            self.out.append(_rect(cx, cy, cw, height, fill, "#f8f0dc", 1, rx=height / 2, key=key, title=tip))
            self.out.append(_label(cx + cw / 2, cy + height / 2 + 5, text, 13, ink))
            cx += cw + 6
        return cy + height

    # ---- your own area
    def column(self) -> float:
        o, out, g = self.obs, self.out, self.g
        x, w = _COLUMN_X, _COLUMN_W
        y = _TABLE_TOP + 20
        me = self.me
        name = self.char_name(me)
        out.append(
            _t(
                x,
                y,
                f"You: {self.tag(me)}" + (f" · {name}" if name else ""),
                20,
                weight="bold",
                family=_SERIF,
            )
        )
        ability = _ability_text(_salem_ability(o, g, me), g) if name else ""
        used = self.uses_text(me)
        ability += f" ({used})" if used and ability else ""
        for line in _wrap(ability, w, 14)[:3]:
            y += 19
            out.append(_t(x, y, line, 14, fill=_MUTED, italic=True))
        # team
        y += 14
        if o["ever_witch"]:
            mates = [self.who(q) for q in o["known_ew"] if q != me]
            team = "Your team: the witches"
            sub = (
                "witches you know: " + ", ".join(mates) + (" (the whole team)" if o["complete"] else "")
                if mates
                else ("you are the only witch" if o["complete"] else "you know no other witch yet")
            )
            colour = _WITCH
        else:
            team = "Your team: the town"
            mates = [self.who(q) for q in o["known_ew"] if q != me]
            sub = "you have never held a Witch card" + (
                "; known witches: " + ", ".join(mates) if mates else ""
            )
            colour = _MINE
        sub_lines = _wrap(sub, w - 24, 14)[:3]
        out.append(_rect(x, y, w, 32 + 18 * len(sub_lines), colour, rx=8))
        out.append(
            _t(
                x + 12,
                y + 21,
                team + (" · you are the Constable" if "constable" in o["fd"] else ""),
                16,
                fill="#fff",
                weight="bold",
            )
        )
        for i, line in enumerate(sub_lines):
            out.append(_t(x + 12, y + 41 + 18 * i, line, 14, fill="#fff"))
        y += 44 + 18 * len(sub_lines)
        # Town Hall choice
        opts, pending = o["th"]
        if opts:
            out.append(
                _t(x, y + 14, "Town Hall: keep one of these two characters", 16, weight="bold", family=_SERIF)
            )
            y += 24
            cw = (w - 12) / 2
            for i, c in enumerate(opts):
                cx = x + i * (cw + 12)
                kept = pending == c
                out.append(
                    _rect(
                        cx,
                        y,
                        cw,
                        132,
                        "#fff8e6",
                        _MINE if kept else _RIM,
                        3 if kept else 1.5,
                        rx=8,
                        key=f"th:{c}",
                        title=self.d.char_name.get(c, c),
                    )
                )
                deco = [
                    '<g pointer-events="none">',
                    _t(cx + 10, y + 22, self.d.char_name.get(c, c), 15, weight="bold", family=_SERIF),
                ]
                text = _ability_text(self.d.char_ability.get(c), g)
                for j, line in enumerate(_wrap(text, cw - 20, 13.5)[:5]):
                    deco.append(_t(cx + 10, y + 44 + 17 * j, line, 13.5))
                if kept:
                    deco.append(
                        _t(cx + cw - 10, y + 122, "kept", 13, fill=_MINE, weight="bold", anchor="end")
                    )
                deco.append("</g>")
                out.extend(deco)
            y += 146
        # your trial cards
        fd = list(o["fd"])
        out.append(
            _t(x, y + 14, f"Your trial cards, face down ({len(fd)})", 16, weight="bold", family=_SERIF)
        )
        y += 24
        for i, k in enumerate(fd):
            fill, ink, _ = _TRIAL_LOOK.get(k, ("#ccc", _INK, "?"))
            cx = x + i * 91.5
            out.append(
                _rect(
                    cx,
                    y,
                    84,
                    100,
                    fill,
                    _RIM,
                    1.5,
                    rx=6,
                    key=f"trial:{k}",
                    title=_TRIAL_TEXT.get(k, _salem_name(k)),
                )
            )
            deco = ['<g pointer-events="none">']
            for j, line in enumerate(_wrap(_SPLIT.get(k, _salem_name(k)), 76, 13)[:3]):
                deco.append(_t(cx + 42, y + 30 + 18 * j, line, 13, fill=ink, weight="bold", anchor="middle"))
            deco.append("</g>")
            out.extend(deco)
        if not fd:
            out.append(_t(x, y + 20, "none", 14, fill=_MUTED, italic=True))
        y += 112 if fd else 34
        # your hand
        hand = list(o["hand"])
        coins = o["coins"][me]
        head = f"Your hand ({len(hand)})"
        out.append(_t(x, y + 14, head, 16, weight="bold", family=_SERIF))
        y += 26
        kinds = sorted(set(hand), key=self.card_order)
        griggs = _salem_ability(o, g, me) == "griggs"
        cw, ch = (w - 24) / 3, 128
        for i, c in enumerate(kinds):
            cx, cy = x + (i % 3) * (cw + 12), y + (i // 3) * (ch + 10)
            colour = _CARD_COLOUR.get(self.d.colour.get(c), _GREEN)
            out.append(
                _rect(
                    cx,
                    cy,
                    cw,
                    ch,
                    "#fffaf0",
                    colour,
                    2,
                    rx=8,
                    key=f"hand:{c}",
                    title=f"{_salem_name(c)}: {_card_text(c, g)}",
                )
            )
            deco = [
                '<g pointer-events="none">',
                _rect(cx + 1, cy + 1, cw - 2, 26, colour, rx=7),
                _t(cx + 8, cy + 19, _salem_name(c), 15, fill="#fff", weight="bold"),
            ]
            k = hand.count(c)
            if k > 1:
                deco.append(_t(cx + cw - 8, cy + 19, f"×{k}", 15, fill="#fff", weight="bold", anchor="end"))
            for j, line in enumerate(_wrap(_card_text(c, g), cw - 14, 13.5)[:4]):
                deco.append(_t(cx + 7, cy + 46 + 17 * j, line, 13.5))
            deco.append("</g>")
            out.extend(deco)
            if c == "alibi" and griggs:
                out.append(
                    _rect(
                        cx + 6,
                        cy + ch - 28,
                        cw - 12,
                        22,
                        _RED,
                        "#fff",
                        1,
                        rx=11,
                        key="hand:alibi_w",
                        title="play this Alibi as a Witness (Will Griggs)",
                    )
                )
                out.append(_label(cx + cw / 2, cy + ch - 12, "as a Witness", 13, "#fff"))
        rows = (len(kinds) + 2) // 3
        y += rows * (ch + 10) if kinds else 30
        if not kinds:
            out.append(_t(x, y - 10, "no cards", 14, fill=_MUTED, italic=True))
        if coins:
            label = (
                f"You have {coins} shilling{'s' if coins != 1 else ''}: "
                "pay 1 to look at a face-down trial card"
            )
            out.append(
                _rect(
                    x,
                    y,
                    w,
                    28,
                    _GOLD,
                    "#8a6a1e",
                    1,
                    rx=14,
                    key="look",
                    title="On your turn, spend a shilling to look at one face-down trial card "
                    "of another player: click here, then the player",
                )
            )
            out.append(_label(x + w / 2, y + 19, _fit(label, w - 16, 13.5, True), 13.5, _INK))
            y += 38
        # a hand you may take from (John Proctor), the two cards pointed at (variant 18.3)
        if o["loot_hand"] is not None:
            out.append(
                _t(x, y + 14, "The eliminated player's hand (John Proctor)", 16, weight="bold", family=_SERIF)
            )
            loot = o["loot_hand"]
            y = (
                self.chips(
                    sorted(set(loot), key=self.card_order),
                    x,
                    y + 24,
                    w,
                    lambda c: (
                        _salem_name(c) + (f" ×{loot.count(c)}" if loot.count(c) > 1 else ""),
                        _CARD_COLOUR.get(self.d.colour.get(c), _GREEN),
                        "#fff",
                        f"loot:{c}",
                        _card_text(c, g),
                    ),
                )
                + 10
            )
        # what you know, and tonight as you see it
        lines = self.knowledge()
        if lines:
            out.append(_t(x, y + 14, "What you know", 16, weight="bold", family=_SERIF))
            y += 22
            for text, colour in lines:
                for line in _wrap(text, w, 14):
                    y += 19
                    out.append(_t(x, y, line, 14, fill=colour))
            y += 10
        # the public log
        recent = [news_text(line) for line in self.state.history_text()][-6:]
        if recent:
            out.append(_t(x, y + 14, "What happened last", 16, weight="bold", family=_SERIF))
            y += 22
            for text in recent:
                for j, line in enumerate(_wrap(text, w - 12, 14)):
                    y += 19
                    out.append(_t(x + (12 if j else 0), y, line, 14, fill=_MUTED))
        return y

    def knowledge(self) -> list[tuple[str, str]]:
        o, lines = self.obs, []
        for t, c in o["facts"]:
            lines.append((f"{self.who(t)} holds a face-down {_salem_name(c)}", _WITCH))
        for t, c in o["hand_facts"]:
            lines.append((f"{self.who(t)} has {_salem_name(c)} in hand", _WITCH))
        dec = o["dec"]
        if dec and dec[0] == "pick2" and dec[1] == self.me and dec[2]:
            lines.append(
                (
                    f"Pointed at: your {_salem_name(dec[2][0])} and your {_salem_name(dec[2][1])} "
                    "— pick which one turns face up",
                    _RED,
                )
            )
        if dec and dec[0] == "spec_order" and dec[1] == self.me and dec[2]:
            lines.append(("Your special cards to resolve: " + _counted(dec[2][0]), _RED))
        if o["votes"]:
            verb = "votes" if o["turn"][6] else "Black Cat votes"
            lines.append(
                (
                    f"Witch {verb}: " + ", ".join(f"{self.who(v)} → {self.who(t)}" for v, t in o["votes"]),
                    _WITCH,
                )
            )
        if o["night_victim"] is not None:
            lines.append((f"The witches' victim tonight: {self.who(o['night_victim'])}", _WITCH))
        if o["my_gavel"] is not None and o["my_gavel"] >= -1:
            lines.append((f"Your gavel (Constable): before {self.who(o['my_gavel'])}", _CONSTABLE))
        if o["my_confess"]:
            what = o["my_confess"]
            lines.append(
                (
                    "Your confession: "
                    + ("without a card (William Phips)" if what == "phips" else f"your {_salem_name(what)}"),
                    _MINE,
                )
            )
        if o["deck"] is not None:
            top = [_salem_name(c) for c in reversed(o["deck"])]
            lines.append(
                (
                    "The deck from the top (Tituba): "
                    + ", ".join(top[:14])
                    + (f" … ({len(top) - 14} more)" if len(top) > 14 else ""),
                    _INK,
                )
            )
        return lines


def board_svg(state, seat: int) -> str:
    """The Salem table for `seat` as one SVG (see the presentation contract in
    automa.rules.presentation): seats round the table with their Town Hall card, trial
    cards, accusations against the threshold, tokens, shillings, Stocks and hand size; the
    deck, the Night's possible place, the discard pile and the centre; your team, trial cards
    and hand with their effects; what only you know; whose turn and what is being decided."""
    return _Board(state, seat).svg()
