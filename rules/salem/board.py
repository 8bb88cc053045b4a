"""The Salem web board (`board_svg`), drawn on the shared SVG kit (`rules/svg.py`).

The table as the players sit round it: seats clockwise in a frame of rows and columns (you
at the bottom centre), the meeting-house table in the middle (deck, discard pile, tokens, the
night), and your own area on the right (`yours.py`: team, trial cards, hand, what you know,
the last public events).  Every fact comes from `state.observation(seat)`, the printed data
and the public log.  Decorations let clicks through to the shapes that carry a data-key, and
every such shape has its title (the kit will not draw one without)."""

from __future__ import annotations

from xml.sax.saxutils import escape

from automa.rules.svg import Canvas, fit, text_width

from . import yours
from .end import REASONS
from .look import (
    CARD_COLOUR,
    CONSTABLE,
    GREEN,
    INK,
    MINE,
    MUTED,
    PANEL,
    PANEL_DEAD,
    PANEL_H,
    PANEL_W,
    PAPER,
    RED,
    RIM,
    SANS,
    SERIF,
    SIDES,
    TABLE_BOTTOM,
    TABLE_LEFT,
    TABLE_RIGHT,
    TABLE_TOP,
    TOKEN_LOOK,
    TRIAL_LOOK,
    TURN,
    WIDTH,
    WITCH,
)
from .words import (
    SALEM_DECISION,
    _ability_text,
    _card_text,
    _counted,
    _salem_ability,
    _salem_name,
    _token_text,
    salem_accusations,
)

#: decorations drawn over a click target let the click through to it
THROUGH = "none"


class _Board:
    """One drawing of the table for one seat; `svg()` returns the document."""

    def __init__(self, state, seat: int):
        self.state, self.seat = state, seat
        self.g = state.game
        self.d = self.g.data
        self.obs = state.observation(seat)
        self.n = len(self.obs["alive"])
        self.me = self.g.pos_of[seat]
        self.c = Canvas()

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

    def heading(self, x: float, y: float, text: str, size: float = 16, fill: str = INK) -> None:
        """A section's heading in the serif face."""
        self.c.text(x, y, text, size=size, fill=fill, weight="bold", family=SERIF)

    # ---- the document
    def svg(self) -> str:
        self.header()
        self.table()
        height = max(TABLE_BOTTOM + 10, yours.column(self) + 20)
        return self.c.document(width=WIDTH, height=height, paper=PAPER, font=SANS)

    # ---- top: who you are, the turn, and what is being decided now
    def header(self):
        o, c = self.obs, self.c
        turn_pos, turns, nights = o["turn"][0], o["turn"][1], o["turn"][2]
        me_name = self.char_name(self.me)
        you = f"you are {self.tag(self.me)}" + (f" ({me_name})" if me_name else "")
        facts = f"turn {turns}" + (f": {self.who(turn_pos)}" if turn_pos >= 0 else "")
        facts += f" · {nights} night{'s' if nights != 1 else ''} so far · {you}"
        self.heading(24, 32, "Salem 1692", size=26)
        c.text(200, 32, fit(facts, WIDTH - 224, 17), size=17, fill=MUTED)
        now, colour = self.now_text()
        c.rect(20, 44, WIDTH - 40, 32, fill=colour, rx=8)
        c.text(34, 66, fit(now, WIDTH - 70, 18, True), size=18, fill="#fff", weight="bold")

    def now_text(self) -> tuple[str, str]:
        """The banner: the result, or who decides what now (a secret round names only the
        seat being asked, as every living seat is asked in turn)."""
        o = self.obs
        if o["result"]:
            winner, reason, losers = o["result"]
            won = (winner == "town" and not o["ever_witch"]) or (
                winner == "witch" and o["ever_witch"] and self.me not in losers
            )
            verdict = "" if winner == "draw" else (" You win." if won else " You lose.")
            said = REASONS.get("draw" if winner == "draw" else reason, reason)
            return f"Game over. {said}{verdict}", "#6b4a2b"
        dec = o["dec"]
        if not dec:
            return "…", MUTED
        kind, pos, pay = dec
        if kind == "secret":
            phase = self.secret_phase()
            if pos == self.me:
                return f"{phase} — your answer: {self.my_secret_choice()}", WITCH
            return f"{phase} — every living player is asked in turn; now {self.who(pos)}", WITCH
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
            return f"Your decision: {doing}", MINE
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
        n, w, h = self.n, PANEL_W, PANEL_H
        bottom, left, top, right = SIDES.get(n, SIDES[12])
        order = [(self.me + i) % n for i in range(n)]
        k_left = (bottom - 1) // 2
        k_right = bottom - 1 - k_left
        centre_x = (TABLE_LEFT + TABLE_RIGHT) / 2
        low_y = TABLE_BOTTOM - h
        band_top, band_bottom = TABLE_TOP + h + 10, low_y - 10
        band = band_bottom - band_top
        places: dict[int, tuple[float, float]] = {order[0]: (centre_x - w / 2, low_y)}
        i = 1
        for j in range(1, k_left + 1):
            places[order[i]] = (centre_x - w / 2 - j * (w + 24), low_y)
            i += 1
        for j in range(left):
            places[order[i]] = (TABLE_LEFT, band_bottom - (j + 0.5) * band / left - h / 2)
            i += 1
        span = TABLE_RIGHT - TABLE_LEFT
        for j in range(top):
            places[order[i]] = (TABLE_LEFT + (j + 0.5) * span / top - w / 2, TABLE_TOP)
            i += 1
        for j in range(right):
            places[order[i]] = (TABLE_RIGHT - w, band_top + (j + 0.5) * band / right - h / 2)
            i += 1
        for j in range(k_right, 0, -1):
            places[order[i]] = (centre_x - w / 2 + j * (w + 24), low_y)
            i += 1
        return places

    def table(self):
        cx = (TABLE_LEFT + TABLE_RIGHT) / 2
        top = TABLE_TOP + PANEL_H + 14
        bottom = TABLE_BOTTOM - PANEL_H - 14
        cy, ry, rx = (top + bottom) / 2, (bottom - top) / 2, 330
        self.c.add(f'<ellipse cx="{cx}" cy="{cy}" rx="{rx + 8}" ry="{ry + 8}" fill="#6e4a2c"/>')
        self.c.add(
            f'<ellipse cx="{cx}" cy="{cy}" rx="{rx}" ry="{ry}" fill="#a4774a" '
            'stroke="#c79d6c" stroke-width="2"/>'
        )
        self.c.text(
            cx,
            cy + ry - 36,
            "SALEM · 1692",
            size=30,
            fill="#b78b5c",
            anchor="middle",
            family=SERIF,
            weight="bold",
        )
        self.centre(cx, cy, ry)
        for p, (x, y) in self.seat_places().items():
            self.panel(p, x, y)

    def panel(self, p: int, x: float, y: float):
        """One seat: name band (Town Hall card, badges), trial cards as backs and faces with
        the revealed ones named, accusations against the threshold, tokens, hand, shillings,
        Stocks, and what is known about the seat (public in ink, yours alone in purple)."""
        o, c, w, h = self.obs, self.c, PANEL_W, PANEL_H
        alive, mine = o["alive"][p], p == self.me
        ghost = self.g.human[p] < 0
        turn = o["turn"][0] == p and not o["result"]
        c.rect(
            x,
            y,
            w,
            h,
            fill=PANEL if alive else PANEL_DEAD,
            stroke=MINE if mine else RIM,
            stroke_width=3 if mine else 1.5,
            rx=10,
            key=f"seat:{p}",
            title=self.seat_title(p),
        )
        band = TURN if turn else ("#d8ccb2" if alive else "#c4b9a5")
        c.rect(x + 1.5, y + 1.5, w - 3, 28, fill=band, rx=9, pointer_events=THROUGH)
        self.name_band(p, x, y, alive)
        # trial cards: backs for the face-down ones, faces for the revealed ones (named below)
        gx = x + 8
        for _ in range(o["fd_n"][p]):
            c.rect(
                gx,
                y + 35,
                20,
                30,
                fill="#5b3d26",
                stroke="#d9c29a",
                stroke_width=1,
                rx=3,
                pointer_events=THROUGH,
            )
            c.rect(
                gx + 4,
                y + 39,
                12,
                22,
                fill="none",
                stroke="#b08a5a",
                stroke_width=0.8,
                rx=2,
                pointer_events=THROUGH,
            )
            gx += 24
        faces = sorted(o["fu"][p])
        for i, k in enumerate(faces):
            fill, ink, letters = TRIAL_LOOK.get(k, ("#ccc", INK, "?"))
            fx = gx + 24 * i
            c.rect(
                fx,
                y + 35,
                20,
                30,
                fill=fill,
                stroke=RIM,
                stroke_width=1,
                rx=3,
                key=f"faceup:{p}:{k}",
                title=f"face up: {_salem_name(k)}",
            )
            c.text(fx + 10, y + 55, letters, size=12, fill=ink, weight="bold", anchor="middle")
        if alive:
            count = f"{o['fd_n'][p]} face down"
            tail = gx + 24 * len(faces) + 4
            if text_width(count, 13) <= x + w - 8 - tail:
                c.text(tail, y + 55, count, size=13, fill=MUTED)
        up = "revealed: " + _counted(faces) if faces else "no trial card revealed"
        c.lines(x + 8, y + 81, up, width=w - 16, size=13, step=15, most=2, fill=INK if faces else MUTED)
        if alive:
            self.accusation_bar(p, x + 8, y + 102, w - 16)
        self.token_chips(p, x, y)
        parts = ["ghost: no hand" if ghost else f"hand {o['hand_n'][p]}"] if alive else []
        if o["coins"][p]:
            parts.append(f"{o['coins'][p]} shilling{'s' if o['coins'][p] != 1 else ''}")
        if o["stocks"][p]:
            parts.append(f"Stocks ×{o['stocks'][p]}")
        if parts:
            c.text(
                x + 8, y + 162, fit(" · ".join(parts), w - 16, 13.5, True), size=13.5, fill=INK, weight="bold"
            )
        self.notes_line(p, x + 8, y + 178, w - 16)

    def name_band(self, p: int, x: float, y: float, alive: bool) -> None:
        """The seat's tag and character across its band, never cut where a smaller size fits
        them (a name like Mary Warren stays whole); the badges sit as tabs on the panel's top
        edge, right-aligned, so they never take the name's room."""
        c, w = self.c, PANEL_W
        name = self.char_name(p) or ("choosing a character" if alive else "")
        label = f"{self.tag(p)} · {name}" if name else self.tag(p)
        size = 15.0
        while size > 11 and text_width(label, size, True) > w - 16:
            size -= 0.5
        c.text(
            x + 8,
            y + 21,
            fit(label, w - 16, size, True),
            size=size,
            fill=INK if alive else MUTED,
            weight="bold",
        )
        bx = x + w - 8
        for text, colour in self.badges(p):
            bw = text_width(text, 12, True) + 10
            bx -= bw
            c.rect(
                bx, y - 10, bw, 17, fill=colour, stroke="#fff", stroke_width=1, rx=8, pointer_events=THROUGH
            )
            c.text(bx + bw / 2, y + 3, text, size=12, fill="#fff", weight="bold", anchor="middle")
            bx -= 4

    def token_chips(self, p: int, x: float, y: float) -> None:
        """The seat's tokens as pills; a seat rarely holds more than two, and when it does
        the pills shrink to fit."""
        c, w = self.c, PANEL_W
        chips = [
            (_salem_name(t), TOKEN_LOOK[t], f"token:{p}:{t}", _token_text(t, self.g))
            for t in self.obs["tokens"][p]
            if t in TOKEN_LOOK
        ]
        need = sum(text_width(text, 12.5, True) + 16 for text, *_ in chips)
        size = max(9.0, min(12.5, 12.5 * (w - 16) / need)) if need else 12.5
        cx = x + 8
        for text, (fill, ink), key, tip in chips:
            cw = text_width(text, size, True) + 12
            c.rect(cx, y + 125, cw, 21, fill=fill, stroke="#fff", stroke_width=1, rx=10, key=key, title=tip)
            c.text(cx + cw / 2, y + 140, text, size=size, fill=ink, weight="bold", anchor="middle")
            cx += cw + 4

    def notes_line(self, p: int, x: float, y: float, width: float) -> None:
        """The seat's notes on one line, what only you know first (in purple), then what the
        table knows; cut with '…' where the panel ends (all of it is in the seat's title).
        One text in two inks: the kit has no spans, so this is the one raw text."""
        notes = sorted(self.seat_notes(p), key=lambda note: not note[1])
        spans, room = [], width
        for i, (text, private) in enumerate(notes):
            text = (" · " if i else "") + text
            cut = fit(text, room, 13)
            spans.append(f'<tspan fill="{WITCH if private else INK}">{escape(cut)}</tspan>')
            room -= text_width(cut, 13)
            if cut != text or room <= 20:
                break
        if spans:
            self.c.add(
                f'<text x="{x:.1f}" y="{y:.1f}" font-size="13" pointer-events="none">{"".join(spans)}</text>'
            )

    def badges(self, p: int) -> list[tuple[str, str]]:
        """Tabs on a seat's top edge: what the table or you know about it right now."""
        o, out = self.obs, []
        dec = o["dec"]
        if dec and dec[1] == p and not o["result"] and (dec[0] == "secret" or o["turn"][0] != p):
            out.append(("asked" if dec[0] == "secret" else "deciding", "#8a5a22"))
        if o["gavel"] is not None and o["gavel"] == p:
            out.append(("gavel", CONSTABLE))
        elif o["my_gavel"] is not None and o["my_gavel"] == p:
            out.append(("your gavel", CONSTABLE))
        if o["victim"] is not None and o["victim"] == p:
            out.append(("victim", RED))
        elif o["night_victim"] is not None and o["night_victim"] == p:
            out.append(("victim", RED))
        if p in o["confessed"]:
            out.append(("confessed", GREEN))
        if p in o["known_ew"] and o["alive"][p]:
            out.append(("witch", WITCH))
        if not o["alive"][p]:
            out.append(("eliminated", RED))
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

    def accusation_bar(self, p: int, x: float, y: float, width: float) -> None:
        """The red cards in front of a seat as blocks on a bar as long as its threshold,
        with 'total/threshold' beside it (the threshold counts Piety, George Burroughs,
        Cotton Mather's Evidence and Will Griggs' Alibi: salem_accusations)."""
        o, c = self.obs, self.c
        total, need = salem_accusations(o, self.g, p)
        bar = width - 56
        c.rect(x, y, bar, 16, fill="#eadfca", stroke="#c9b896", stroke_width=1, rx=3, pointer_events=THROUGH)
        unit = bar / max(need, 1)
        for i in range(1, need):
            c.line(x + i * unit, y + 3, x + i * unit, y + 13, stroke="#d2c3a3", stroke_width=1)
        cotton = _salem_ability(o, self.g, p) == "cotton"
        bx = x
        for card in o["reds"][p]:
            if card == "alibi":
                v = (self.g.ab_param.get("griggs") or {}).get("value", 7)
            elif cotton and card == "evidence":
                v = (self.g.ab_param.get("cotton") or {}).get("value", 1)
            else:
                v = self.d.value.get(card, 1)
            bw = min(v * unit, x + bar - bx)
            if bw <= 0:
                break
            c.rect(bx, y, bw, 16, fill=RED, stroke="#fff", stroke_width=1, rx=2, pointer_events=THROUGH)
            if bw >= 14 and v > 1:
                c.text(bx + bw / 2, y + 13, str(v), size=12, fill="#fff", weight="bold", anchor="middle")
            bx += bw
        c.text(
            x + width,
            y + 14,
            f"{total}/{need}",
            size=15,
            fill=RED if total else MUTED,
            weight="bold",
            anchor="end",
        )

    # ---- the middle of the table
    def centre(self, cx: float, cy: float, ry: float):
        o, c = self.obs, self.c
        x0, y0 = cx - 255, cy - 165
        # the draw deck and where the Night may be
        self.heading(x0, y0, "Draw deck", fill="#fff")
        for k in range(3):
            c.rect(
                x0 + 6 - 3 * k,
                y0 + 12 + 3 * k,
                78,
                108,
                fill="#5b3d26",
                stroke="#d9c29a",
                stroke_width=1.5,
                rx=6,
                pointer_events=THROUGH,
            )
        c.text(
            x0 + 39,
            y0 + 78,
            str(o["deck_n"]),
            size=26,
            fill="#f3e3c0",
            weight="bold",
            anchor="middle",
            family=SERIF,
        )
        if o["night_in_deck"]:
            night = f"The Night is somewhere in the bottom {min(o['night_zone'], o['deck_n'])} cards"
        else:
            night = "The Night card is out; it is shuffled back in when the deck is rebuilt"
        if o["deck_known"] >= 0:
            knower = "You know" if o["deck_known"] == self.me else f"{self.who(o['deck_known'])} knows"
            night += f". {knower} the order (Tituba)"
        c.lines(x0, y0 + 148, night, width=200, size=14, step=18, most=4, fill="#fff")
        # the discard pile, face up
        dx, dy = cx - 60, y0
        pile = o["discard"]
        self.heading(dx, dy, f"Discard pile ({len(pile)})", fill="#fff")
        bottom = self.chips(
            sorted(set(pile), key=self.card_order),
            dx,
            dy + 12,
            330,
            lambda card: (
                f"{_salem_name(card)}" + (f" ×{pile.count(card)}" if pile.count(card) > 1 else ""),
                CARD_COLOUR.get(self.d.colour.get(card), GREEN),
                "#fff",
                f"discard:{card}",
                _card_text(card, self.g),
            ),
        )
        # tokens and shillings in the centre
        ty = max(dy + 130, bottom + 30)
        self.heading(dx, ty, "In the centre", fill="#fff")
        centre = o["centre"]
        items = sorted(set(centre))
        bottom = self.chips(
            items,
            dx,
            ty + 12,
            330,
            lambda t: (
                _salem_name(t) + (f" ×{centre.count(t)}" if centre.count(t) > 1 else ""),
                TOKEN_LOOK[t][0],
                TOKEN_LOOK[t][1],
                f"centre:{t}",
                _token_text(t, self.g),
            ),
        )
        if not items:
            c.text(dx, ty + 30, "no tokens", size=14, fill="#f3e3c0", italic=True)
        extra = f"{o['supply']} shilling{'s' if o['supply'] != 1 else ''} in the supply"
        if o["gavel"] is None and not o["turn"][6]:
            extra += " · the gavel rests here"
        supply_y = max(ty + 78, bottom + 24)
        c.text(dx, supply_y, extra, size=14, fill="#fff")
        ly = max(cy + 80, supply_y + 36)
        for text, colour in self.table_news()[:6]:
            c.text(
                x0,
                ly,
                fit(text, 500, 15),
                size=15,
                fill=colour,
                weight=None if text.startswith("  ") else "bold",
            )
            ly += 21

    def table_news(self) -> list[tuple[str, str]]:
        """The card on its way to a target, the night, John Proctor's loot: (text, colour)."""
        o, lines = self.obs, []
        dec = o["dec"]
        if dec and dec[0] in ("target", "target2", "bless_token", "alibi", "curse_token") and dec[2]:
            card = dec[2][0]
            card = "alibi" if dec[0] == "alibi" else "curse" if dec[0] == "curse_token" else card
            lines.append((f"Being played: {_salem_name(card)} by {self.who(dec[1])}", TURN))
            if dec[0] == "target2":
                lines.append((f"  taken from {self.who(dec[2][1])}; now its destination", "#fff"))
            elif dec[0] in ("alibi", "curse_token"):
                lines.append((f"  on {self.who(dec[2][0])}", "#fff"))
            elif dec[0] == "target" and len(dec[2]) > 1:
                lines.append((f"  giving the {_salem_name(dec[2][1])} token", "#fff"))
        if dec and dec[0] == "charlatan" and dec[2]:
            lines.append(("Charlatan swap so far: " + ", ".join(self.who(q) for q in dec[2]), TURN))
        if dec and dec[0] == "mag_to":
            src = "the centre" if dec[2][0] < 0 else self.who(dec[2][0])
            lines.append((f"Magistrate moves the {_salem_name(dec[2][1])} token from {src}", TURN))
        if dec and dec[0] == "danforth":
            lines.append((f"Thomas Danforth may force a reveal on {self.who(dec[2][0])}", TURN))
        in_night = o["turn"][6]
        if in_night or o["gavel"] is not None or o["victim"] is not None or o["confessed"]:
            lines.append((f"Night {o['turn'][2]}", "#f3e3c0"))
            if o["gavel"] is not None:
                if o["gavel"] < -1:
                    where = "no Constable placed it"
                elif o["gavel"] >= 0:
                    where = f"before {self.who(o['gavel'])}"
                else:
                    where = "placed before nobody"
                lines.append(("  gavel: " + where, "#fff"))
            else:
                lines.append(("  the witches and the Constable choose in secret", "#fff"))
            if o["confessed"]:
                lines.append(("  confessed: " + ", ".join(self.who(q) for q in o["confessed"]), "#fff"))
            if o["victim"] is not None:
                lines.append((f"  the witches chose: {self.who(o['victim'])}", "#fff"))
        loot, _stopped = o["loot"]
        if loot:
            lines.append(
                (
                    f"{', '.join(self.who(q) for q in loot[1])} take cards from "
                    f"{self.who(loot[0])}'s hand (John Proctor)",
                    "#fff",
                )
            )
        return lines

    def card_order(self, code: str) -> int:
        ids = [c[0] for c in self.d.cards]
        return ids.index(code) if code in ids else len(ids)

    def chips(self, items, x, y, width, look, height=24) -> float:
        """Pills flowing in rows, one per item's (text, fill, ink, key, hover text); every
        item is drawn (a pill may be the only place to click it).  Returns the bottom."""
        c = self.c
        cx, cy = x, y
        for item in items:
            text, fill, ink, key, tip = look(item)
            cw = text_width(text, 13, True) + 14
            if cx + cw > x + width and cx > x:
                cx, cy = x, cy + height + 5
            c.rect(
                cx,
                cy,
                cw,
                height,
                fill=fill,
                stroke="#f8f0dc",
                stroke_width=1,
                rx=height / 2,
                key=key,
                title=tip,
            )
            c.text(cx + cw / 2, cy + height / 2 + 5, text, size=13, fill=ink, weight="bold", anchor="middle")
            cx += cw + 6
        return cy + height


def board_svg(state, seat: int) -> str:
    """The Salem table for `seat` as one SVG (see the presentation contract in
    automa.rules.presentation): seats round the table with their Town Hall card, trial
    cards, accusations against the threshold, tokens, shillings, Stocks and hand size; the
    deck, the Night's possible place, the discard pile and the centre; your team, trial cards
    and hand with their effects; what only you know; whose turn and what is being decided."""
    return _Board(state, seat).svg()
