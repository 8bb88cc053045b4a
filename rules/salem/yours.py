"""Your own area of the Salem web board, the column right of the table: who you are and your
ability, your team and the witches you know, the Town Hall choice, your trial cards, your
hand (with Will Griggs' Witness), your shillings, John Proctor's loot, what you know, and the
last public events.  Drawn on the board's canvas (`board._Board`) from your observation."""

from __future__ import annotations

from automa.rules.svg import fit, text_width, wrap

from .look import (
    CARD_COLOUR,
    COLUMN_W,
    COLUMN_X,
    CONSTABLE,
    GOLD,
    GREEN,
    INK,
    MINE,
    MUTED,
    RED,
    RIM,
    SERIF,
    SPLIT,
    TABLE_TOP,
    TRIAL_LOOK,
    WITCH,
)
from .words import _TRIAL_TEXT, _ability_text, _card_text, _counted, _salem_ability, _salem_name, news_text

THROUGH = "none"


def column(b) -> float:
    """Draw your area on board `b`; returns its bottom."""
    o, c, g = b.obs, b.c, b.g
    x, w = COLUMN_X, COLUMN_W
    y: float = TABLE_TOP + 20
    me = b.me
    name = b.char_name(me)
    b.heading(x, y, f"You: {b.tag(me)}" + (f" · {name}" if name else ""), size=20)
    ability = _ability_text(_salem_ability(o, g, me), g) if name else ""
    used = b.uses_text(me)
    ability += f" ({used})" if used and ability else ""
    for line in wrap(ability, w, 14)[:3]:
        y += 19
        c.text(x, y, line, size=14, fill=MUTED, italic=True)
    y = team(b, x, y + 14, w)
    y = town_hall(b, x, y, w)
    y = trial_cards(b, x, y)
    y = hand(b, x, y, w)
    # a hand you may take from (John Proctor)
    if o["loot_hand"] is not None:
        b.heading(x, y + 14, "The eliminated player's hand (John Proctor)")
        loot = o["loot_hand"]
        y = (
            b.chips(
                sorted(set(loot), key=b.card_order),
                x,
                y + 24,
                w,
                lambda card: (
                    _salem_name(card) + (f" ×{loot.count(card)}" if loot.count(card) > 1 else ""),
                    CARD_COLOUR.get(b.d.colour.get(card), GREEN),
                    "#fff",
                    f"loot:{card}",
                    _card_text(card, g),
                ),
            )
            + 10
        )
    # what you know, and tonight as you see it
    lines = knowledge(b)
    if lines:
        b.heading(x, y + 14, "What you know")
        y += 22
        for text, colour in lines:
            for line in wrap(text, w, 14):
                y += 19
                c.text(x, y, line, size=14, fill=colour)
        y += 10
    # the public log
    recent = [news_text(line) for line in b.state.history_text()][-6:]
    if recent:
        b.heading(x, y + 14, "What happened last")
        y += 22
        for text in recent:
            for j, line in enumerate(wrap(text, w - 12, 14)):
                y += 19
                c.text(x + (12 if j else 0), y, line, size=14, fill=MUTED)
    return y


def team(b, x: float, y: float, w: float) -> float:
    """Your team in a coloured box: the witches you know, or that you never held a Witch."""
    o, c, me = b.obs, b.c, b.me
    mates = [b.who(q) for q in o["known_ew"] if q != me]
    if o["ever_witch"]:
        head = "Your team: the witches"
        if mates:
            sub = "witches you know: " + ", ".join(mates) + (" (the whole team)" if o["complete"] else "")
        else:
            sub = "you are the only witch" if o["complete"] else "you know no other witch yet"
        colour = WITCH
    else:
        head = "Your team: the town"
        sub = "you have never held a Witch card" + ("; known witches: " + ", ".join(mates) if mates else "")
        colour = MINE
    if "constable" in o["fd"]:
        sub = "you are the Constable; " + sub
    sub_lines = wrap(sub, w - 24, 14)
    c.rect(x, y, w, 32 + 18 * len(sub_lines), fill=colour, rx=8)
    c.text(x + 12, y + 21, head, size=16, fill="#fff", weight="bold")
    for i, line in enumerate(sub_lines):
        c.text(x + 12, y + 41 + 18 * i, line, size=14, fill="#fff")
    return y + 44 + 18 * len(sub_lines)


def town_hall(b, x: float, y: float, w: float) -> float:
    """The two Town Hall cards to keep one of, while the choice lasts."""
    c, d = b.c, b.d
    opts, pending = b.obs["th"]
    if not opts:
        return y
    b.heading(x, y + 14, "Town Hall: keep one of these two characters")
    y += 24
    cw = (w - 12) / 2
    for i, char in enumerate(opts):
        cx = x + i * (cw + 12)
        kept = pending == char
        name = d.char_name.get(char, char)
        c.rect(
            cx,
            y,
            cw,
            132,
            fill="#fff8e6",
            stroke=MINE if kept else RIM,
            stroke_width=3 if kept else 1.5,
            rx=8,
            key=f"th:{char}",
            title=name,
        )
        c.text(cx + 10, y + 22, fit(name, cw - 20, 15, True), size=15, fill=INK, weight="bold", family=SERIF)
        text = _ability_text(d.char_ability.get(char), b.g)
        c.lines(cx + 10, y + 44, text, width=cw - 20, size=13.5, step=17, most=5, fill=INK)
        if kept:
            c.text(cx + cw - 10, y + 122, "kept", size=13, fill=MINE, weight="bold", anchor="end")
    return y + 146


def trial_cards(b, x: float, y: float) -> float:
    """Your face-down trial cards, named (only you see them)."""
    c = b.c
    fd = list(b.obs["fd"])
    b.heading(x, y + 14, f"Your trial cards, face down ({len(fd)})")
    y += 24
    for i, k in enumerate(fd):
        fill, ink, _ = TRIAL_LOOK.get(k, ("#ccc", INK, "?"))
        cx = x + i * 91.5
        c.rect(
            cx,
            y,
            84,
            100,
            fill=fill,
            stroke=RIM,
            stroke_width=1.5,
            rx=6,
            key=f"trial:{k}",
            title=_TRIAL_TEXT.get(k, _salem_name(k)),
        )
        for j, line in enumerate(wrap(SPLIT.get(k, _salem_name(k)), 76, 13)[:3]):
            c.text(cx + 42, y + 30 + 18 * j, line, size=13, fill=ink, weight="bold", anchor="middle")
    if not fd:
        c.text(x, y + 20, "none", size=14, fill=MUTED, italic=True)
    return y + (112 if fd else 34)


def hand(b, x: float, y: float, w: float) -> float:
    """Your hand, one card face per kind with its effect, and your shillings."""
    o, c, g, d = b.obs, b.c, b.g, b.d
    cards = list(o["hand"])
    coins = o["coins"][b.me]
    b.heading(x, y + 14, f"Your hand ({len(cards)})")
    y += 26
    kinds = sorted(set(cards), key=b.card_order)
    griggs = _salem_ability(o, g, b.me) == "griggs"
    cw, ch = (w - 24) / 3, 128
    for i, card in enumerate(kinds):
        cx, cy = x + (i % 3) * (cw + 12), y + (i // 3) * (ch + 10)
        colour = CARD_COLOUR.get(d.colour.get(card), GREEN)
        name = _salem_name(card)
        c.rect(
            cx,
            cy,
            cw,
            ch,
            fill="#fffaf0",
            stroke=colour,
            stroke_width=2,
            rx=8,
            key=f"hand:{card}",
            title=f"{name}: {_card_text(card, g)}",
        )
        c.rect(cx + 1, cy + 1, cw - 2, 26, fill=colour, rx=7, pointer_events=THROUGH)
        k = cards.count(card)
        room = cw - 16 - (30 if k > 1 else 0)
        c.text(cx + 8, cy + 19, fit(name, room, 15, True), size=15, fill="#fff", weight="bold")
        if k > 1:
            c.text(cx + cw - 8, cy + 19, f"×{k}", size=15, fill="#fff", weight="bold", anchor="end")
        c.lines(cx + 7, cy + 46, _card_text(card, g), width=cw - 14, size=13.5, step=17, most=4, fill=INK)
        if card == "alibi" and griggs:
            c.rect(
                cx + 6,
                cy + ch - 28,
                cw - 12,
                22,
                fill=RED,
                stroke="#fff",
                stroke_width=1,
                rx=11,
                key="hand:alibi_w",
                title="play this Alibi as a Witness (Will Griggs)",
            )
            c.text(
                cx + cw / 2,
                cy + ch - 12,
                "as a Witness",
                size=13,
                fill="#fff",
                weight="bold",
                anchor="middle",
            )
    rows = (len(kinds) + 2) // 3
    y += rows * (ch + 10) if kinds else 30
    if not kinds:
        c.text(x, y - 10, "no cards", size=14, fill=MUTED, italic=True)
    if coins:
        label = (
            f"You have {coins} shilling{'s' if coins != 1 else ''}: pay 1 to look at a face-down trial card"
        )
        size = 13.5
        while size > 11 and text_width(label, size, True) > w - 24:
            size -= 0.5
        c.rect(
            x,
            y,
            w,
            28,
            fill=GOLD,
            stroke="#8a6a1e",
            stroke_width=1,
            rx=14,
            key="look",
            title="On your turn, spend a shilling to look at one face-down trial card "
            "of another player: click here, then the player",
        )
        c.text(
            x + w / 2,
            y + 19,
            fit(label, w - 24, size, True),
            size=size,
            fill=INK,
            weight="bold",
            anchor="middle",
        )
        y += 38
    return y


def knowledge(b) -> list[tuple[str, str]]:
    """What only you know, as (line, colour): trial cards and hands you have seen, the two
    cards pointed at, your specials, the witches' votes, tonight's victim, your gavel and
    confession, Tituba's deck."""
    o, lines, who = b.obs, [], b.who
    for t, card in o["facts"]:
        lines.append((f"{who(t)} holds a face-down {_salem_name(card)}", WITCH))
    for t, card in o["hand_facts"]:
        lines.append((f"{who(t)} has {_salem_name(card)} in hand", WITCH))
    dec = o["dec"]
    if dec and dec[0] == "pick2" and dec[1] == b.me and dec[2]:
        lines.append(
            (
                f"Pointed at: your {_salem_name(dec[2][0])} and your {_salem_name(dec[2][1])} "
                "— pick which one turns face up",
                RED,
            )
        )
    if dec and dec[0] == "spec_order" and dec[1] == b.me and dec[2]:
        lines.append(("Your special cards to resolve: " + _counted(dec[2][0]), RED))
    if o["votes"]:
        verb = "votes" if o["turn"][6] else "Black Cat votes"
        lines.append((f"Witch {verb}: " + ", ".join(f"{who(v)} → {who(t)}" for v, t in o["votes"]), WITCH))
    if o["night_victim"] is not None:
        lines.append((f"The witches' victim tonight: {who(o['night_victim'])}", WITCH))
    if o["my_gavel"] is not None and o["my_gavel"] >= -1:
        lines.append((f"Your gavel (Constable): before {who(o['my_gavel'])}", CONSTABLE))
    if o["my_confess"]:
        what = o["my_confess"]
        said = "without a card (William Phips)" if what == "phips" else f"your {_salem_name(what)}"
        lines.append(("Your confession: " + said, MINE))
    if o["deck"] is not None:
        top = [_salem_name(card) for card in reversed(o["deck"])]
        more = f" … ({len(top) - 14} more)" if len(top) > 14 else ""
        lines.append(("The deck from the top (Tituba): " + ", ".join(top[:14]) + more, INK))
    return lines
