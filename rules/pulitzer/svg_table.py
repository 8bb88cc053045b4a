"""The web board's shared table (the left column and the automata): public opinion, the
Newspaper and HR track, Overtime, the report area (Archive and Bus), the Kiosk, the Times
and the event, each a panel drawn from the seat's observation."""

from __future__ import annotations

from automa.rules.presentation import plural
from automa.rules.svg import wrap

from .data import SECTIONS
from .state import EVENT_TITLES, JX, KIOSK_COLUMNS
from .svg_base import (
    EDGE,
    GOLD,
    INK,
    MUTED,
    OT_KIND_COLOURS,
    PIECE_COLOURS,
    SPACE,
    TIMES_CARD_COLOURS,
    WARN,
    BoardBase,
    owner_colour,
    panel,
)
from .times import BLUE, COLOUR_NAMES, RED, TIMES
from .words import (
    EVENT_EFFECTS,
    SECTION_LAYOUT,
    SECTION_TITLES,
    column_reward,
    dollars,
    opinion_warning,
    ot_card_words,
    overtime_order,
    owner_word,
    piece_value,
    times_space_words,
)


class TablePanels(BoardBase):
    """The panels of the shared table."""

    def opinion(self, x, y, w) -> float:
        """The public-opinion track from the Capitol to the Hat, the turn marker, and the
        warning when one round of rows could reach the Capitol."""
        c, d, obs = self.c, self.d, self.obs
        capitol, hat = d.opinion[0], d.opinion[1]
        h = 84
        panel(c, x, y, w, h + (34 if opinion_warning(self.g, obs) else 0), "Public opinion")
        box = 46
        tx = x + 190
        for i, v in enumerate(range(capitol, hat + 1)):
            bx = tx + i * (box + 4)
            fill = "#e9c3bd" if v == capitol else ("#c9dfc3" if v == hat else SPACE)
            c.rect(
                bx,
                y + 36,
                box,
                36,
                fill=fill,
                stroke=EDGE,
                stroke_width=1.2,
                rx=6,
                title=f"opinion {v:+d}",
                pointer_events="none",
            )
            c.text(
                bx + box / 2,
                y + 60,
                f"{v:+d}",
                size=15,
                fill=INK,
                weight="bold" if v == obs["opinion"] else None,
                anchor="middle",
            )
            if v == obs["opinion"]:
                c.circle(
                    bx + box / 2,
                    y + 54,
                    16,
                    fill="none",
                    stroke=WARN if opinion_warning(self.g, obs) else INK,
                    stroke_width=3,
                    pointer_events="none",
                )
        c.text(tx - 10, y + 60, "Capitol (all lose)", size=15, fill=WARN, weight="bold", anchor="end")
        end_x = tx + (hat - capitol + 1) * (box + 4)
        c.text(end_x + 4, y + 60, "Hat (press wins)", size=15, fill="#2e6b33", weight="bold")
        mx = end_x + 150
        c.text(mx, y + 26, "Turn marker", size=16, fill=INK, weight="bold")
        for t in range(d.max_turns + 1):
            bx = mx + t * 36
            fill = "#d7e3f2" if t >= 6 else SPACE
            c.rect(
                bx,
                y + 36,
                32,
                36,
                fill=fill,
                stroke=EDGE,
                stroke_width=1.2,
                rx=5,
                title=f"turn {t}" + (" (the blue agent draws extra cards)" if t >= 6 else ""),
                pointer_events="none",
            )
            c.text(
                bx + 16,
                y + 60,
                t,
                size=15,
                fill=INK,
                weight="bold" if t == obs["marker"] else None,
                anchor="middle",
            )
            if t == obs["marker"]:
                c.circle(bx + 16, y + 54, 14, fill="none", stroke=INK, stroke_width=3, pointer_events="none")
        warn = opinion_warning(self.g, obs)
        if warn:
            c.text(x + 14, y + h + 24, warn, size=16, fill=WARN, weight="bold")
        if obs["rowh"] and any(obs["rowh"]):
            wx = mx + (d.max_turns + 1) * 36 + 14
            c.text(wx, y + 46, "rows this round:", size=14, fill=MUTED)
            c.text(
                wx,
                y + 66,
                ", ".join(("press", "tie", "gov.")[1 - hh[0]] for hh in obs["rowh"] if hh),
                size=15,
                fill=INK,
                weight="bold",
            )
        return y + h + (34 if warn else 0)

    # ------------------------------------------------------------------ the board, top to bottom
    def newspaper(self, x, y, w) -> float:
        c, g, d, obs = self.c, self.g, self.d, self.obs
        blocked = d.news_blocks[obs["news_turned"]]
        h = 250
        panel(
            c,
            x,
            y,
            w,
            h,
            "Newspaper",
            f"grey face of news card {d.news_ids[obs['news_turned']]}: "
            + " and ".join(SECTION_TITLES[SECTIONS[s]] for s in blocked)
            + " blocked",
        )
        gains = dict(
            ED="place 2 journalists in one turn",
            NR="Kiosk +2 token",
            HR="hire / train journalist X",
            AD="share an occupied bus space",
            RG=("bus: 2 extra cards of one type" if g.lp else "Archive +2 token"),
            PH="buy a token:",
        )
        supply_left = [
            d.supply[t]
            - sum(tn[t] for tn in obs["tok_now"])
            - sum(tn[t] for tn in obs["tok_new"])
            - obs["tok_used"][t]
            for t in range(6)
        ]
        token_of = dict(ED=0, NR=1, AD=2, RG=3)
        bw, bh = 300, 58
        for r, pair in enumerate(SECTION_LAYOUT):
            for k, code in enumerate(pair):
                bx, by = x + 14 + k * (bw + 10), y + 40 + r * (bh + 8)
                sec = SECTIONS.index(code)
                is_blocked = sec in blocked
                c.rect(
                    bx,
                    by,
                    bw,
                    bh,
                    fill="#d8cfc0" if is_blocked else SPACE,
                    stroke=EDGE,
                    stroke_width=1.5,
                    rx=8,
                    key=f"section:{code}",
                    title=f"request in {SECTION_TITLES[code]}: {gains[code]}",
                )
                c.text(bx + 10, by + 22, SECTION_TITLES[code], size=16, fill=INK, weight="bold")
                c.text(
                    bx + 10,
                    by + 44,
                    "BLOCKED" if is_blocked else gains[code],
                    size=14,
                    fill=WARN if is_blocked else MUTED,
                    weight="bold" if is_blocked else None,
                )
                slots = obs["news_slots"][sec]
                for i in range(g.slots):
                    sx = bx + bw - 20 - (g.slots - 1 - i) * 26
                    if i < len(slots):
                        c.circle(
                            sx,
                            by + 18,
                            10,
                            fill=owner_colour(slots[i]),
                            stroke="#111",
                            stroke_width=1,
                            title=f"request of {owner_word(g, self.seat, slots[i])}",
                            pointer_events="none",
                        )
                    else:
                        c.circle(
                            sx,
                            by + 18,
                            10,
                            fill="none",
                            stroke=EDGE,
                            stroke_width=1.2,
                            stroke_dasharray="3 2",
                            pointer_events="none",
                        )
                if code in token_of:
                    c.text(
                        bx + bw - 10,
                        by + 48,
                        f"{supply_left[token_of[code]]} left",
                        size=14,
                        fill=MUTED,
                        anchor="end",
                    )
                if code == "PH":
                    for kk, (t, cost) in enumerate(((4, d.photo_cost[0]), (5, d.photo_cost[1]))):
                        px = bx + bw - 136 + kk * 64
                        c.rect(
                            px,
                            by + 30,
                            58,
                            24,
                            fill="#efe3c9",
                            stroke=EDGE,
                            stroke_width=1,
                            rx=5,
                            key=f"photo:{kk + 1}",
                            title=f"Photo +{kk + 1} token for {dollars(cost)} ({supply_left[t]} left)",
                        )
                        c.text(
                            px + 29, by + 47, f"+{kk + 1} {dollars(cost)}", size=13, fill=INK, anchor="middle"
                        )
        # HR track
        hx = x + 14 + 2 * (bw + 10) + 6
        hw = x + w - 14 - hx
        c.text(hx, y + 56, "HR track (journalist X)", size=16, fill=INK, weight="bold")
        n_hr = len(d.hr)
        sw_ = hw / n_hr
        for i, (cost, value, points) in enumerate(d.hr):
            sx = hx + i * sw_
            c.rect(
                sx + 2,
                y + 66,
                sw_ - 4,
                96,
                fill=SPACE,
                stroke=EDGE,
                stroke_width=1.5,
                rx=6,
                key=f"hr:{i + 1}",
                title=f"HR space {i + 1}: cost {dollars(cost)}, X value {value}, {points} points at the end",
            )
            c.text(sx + sw_ / 2, y + 84, f"{i + 1}", size=14, fill=MUTED, anchor="middle")
            c.text(
                sx + sw_ / 2, y + 104, "hire" if i == 0 else dollars(cost), size=14, fill=INK, anchor="middle"
            )
            c.text(sx + sw_ / 2, y + 126, f"X={value}", size=15, fill=INK, weight="bold", anchor="middle")
            c.text(sx + sw_ / 2, y + 148, f"{points} pt", size=14, fill=MUTED, anchor="middle")
        markers = [p for p in range(g.n) if obs["hr"][p]]
        for k, p in enumerate(markers):
            i = obs["hr"][p] - 1
            c.circle(
                hx + i * sw_ + sw_ / 2 + (k - (len(markers) - 1) / 2) * 18,
                y + 176,
                8,
                fill=owner_colour(p),
                stroke="#111",
                stroke_width=1,
                title=f"{owner_word(g, self.seat, p)}: HR space {i + 1}",
                pointer_events="none",
            )
        unhired = [owner_word(g, self.seat, p) for p in range(g.n) if not obs["hr"][p]]
        if g.solo:
            c.text(
                hx,
                y + 208,
                ("purple X value " + str(obs["times_x"])) if obs["times_hired"] else "purple X not hired yet",
                size=14,
                fill=PIECE_COLOURS[TIMES],
            )
        elif unhired:
            c.text(hx, y + 208, "not hired: " + ", ".join(unhired), size=14, fill=MUTED)
        return y + h

    def overtime(self, x, y, w) -> float:
        c, g, d, obs = self.c, self.g, self.d, self.obs
        h = 196
        panel(
            c,
            x,
            y,
            w,
            h,
            "Overtime",
            f"{d.ot_reward} best take a card · next {d.ot_penalty} destroy an evidence",
        )
        sw_, sh = 84, 74
        for i, sid in enumerate(g.ot_sids):
            self.space(sid, x + 14 + i * (sw_ + 6), y + 40, sw_, sh, label=str(i + 1))
        # lower row: the relocation O1..O5, filled once values are shown
        order = overtime_order(g, obs)
        for k in range(d.ot_reward + d.ot_penalty):
            bx, by = x + 14 + k * (sw_ + 6), y + 124
            reward = k < d.ot_reward
            c.rect(
                bx,
                by,
                sw_,
                60,
                fill="#eef3e6" if reward else "#f3e0dc",
                stroke=EDGE,
                stroke_width=1.2,
                rx=6,
                title=f"O{k + 1}: " + ("takes a card" if reward else "destroys a highlighted evidence"),
                pointer_events="none",
            )
            c.text(bx + 6, by + 16, f"O{k + 1} " + ("card" if reward else "destroy"), size=13, fill=MUTED)
            if k < len(order) and not obs["over"]:
                self.piece(bx + sw_ / 2, by + 38, obs["spaces"][order[k]][0])
        # the display and the telephone space, sized to share what the spaces leave: the
        # telephone shrinks once its extra card is bought (a fourth card in the display)
        dx = x + 14 + max(len(g.ot_sids), d.ot_reward + d.ot_penalty) * (sw_ + 6) + 16
        extra_ok = not obs["extra_bought"]
        shown = max(d.ot_display, len(obs["ot_display"]))
        tw = 100 if extra_ok else 64
        cw = min(104, (x + w - 14 - dx - tw) / shown - 8)
        for i, card in enumerate(obs["ot_display"]):
            number, effect = ot_card_words(d, card)
            kind = d.ot_cards[card][1]
            cx = dx + i * (cw + 8)
            c.rect(
                cx,
                y + 40,
                cw,
                144,
                fill=OT_KIND_COLOURS[kind],
                stroke=INK,
                stroke_width=1.5,
                rx=8,
                key=f"ot:{card}",
                title=f"overtime card {number}: {effect}",
            )
            c.text(cx + 8, y + 62, number, size=18, fill=INK, weight="bold")
            name, _, rest = effect.partition(": ")
            ty = c.lines(cx + 8, y + 86, name, width=cw - 16, size=15, fill=INK, weight="bold")
            c.lines(cx + 8, max(ty + 4, y + 128), rest, width=cw - 16, size=14, fill=INK)
        px = dx + shown * (cw + 8)
        c.rect(
            px,
            y + 40,
            tw,
            144,
            fill="#e9e4da",
            stroke=EDGE,
            stroke_width=1.5,
            rx=8,
            key="ot:phone",
            title="telephone: pay 1 contact to reveal an extra overtime card (one per round)"
            + ("" if extra_ok else "; bought this round"),
            stroke_dasharray="5 3",
        )
        c.text(px + 8, y + 62, "Telephone" if extra_ok else "Phone", size=15, fill=INK, weight="bold")
        c.lines(
            px + 8,
            y + 86,
            "1 contact: an extra card" if extra_ok else "bought this round",
            width=tw - 16,
            size=14,
            fill=INK,
        )
        c.text(px + 8, y + 172, f"deck {obs['ot_left']}", size=14, fill=MUTED)
        return y + h

    def report_area(self, x, y, w) -> float:
        c, g = self.c, self.g
        h = 150
        panel(c, x, y, w, h, "Report area", "Bus: pay the fare, draw evidence + line cards")
        bx0 = x + 14
        if g.archive_sids:
            aw = 330
            c.text(bx0, y + 52, "Archive", size=16, fill=INK, weight="bold")
            n_a = len(g.archive_sids)
            sw_ = min(52, (aw - 10) / n_a - 4)
            for i, sid in enumerate(g.archive_sids):
                self.space(sid, bx0 + i * (sw_ + 4), y + 60, sw_, 80, label=str(i + 1))
            bonus = " · ".join(
                f"L{k + 1} " + " ".join(f"+{n}{kind}" for n, kind in zip(lower, "EL", strict=False) if n)
                for k, lower in enumerate(self.d.archive_lower)
            )
            c.text(bx0 + 90, y + 52, bonus, size=14, fill=MUTED)
            bx0 += aw + 10
        bw = (x + w - 14 - bx0) / len(g.bus_sids)
        for sid in g.bus_sids:
            k = g.aidx[sid]
            cost, ne, nl, name = g.bus[k]
            bx = bx0 + k * bw
            fill = SPACE
            note = ""
            if g.lp and k == 0:
                note, fill = "blue agent's", "#e3e8f1"
            elif g.lp and k == len(g.bus_sids) - 1:
                note, fill = "red agent's", "#f1e3e1"
            self.space(sid, bx + 3, y + 40, bw - 6, 100, label=dollars(cost), sub=f"{ne}E + {nl}L", fill=fill)
            c.text(bx + 11, y + 134, note or name.split(" $")[0], size=13, fill=MUTED)
        return y + h

    def kiosk(self, x, y, w) -> float:
        c, g, d, obs = self.c, self.g, self.d, self.obs
        news = obs["news_top"]
        pay = d.news_pay[news] if news >= 0 else (0,) * 5
        label_w = 150
        cw = (w - 28 - label_w) / g.kcols
        ch = 84
        narrow = cw < 190
        # the column heads grow to hold their majority rewards' lines
        rewards = max(len(wrap("majority: " + column_reward(g, col), cw - 20, 14)) for col in range(g.kcols))
        head_h = max(118 if narrow else 92, (108 if narrow else 82) + 17 * (rewards - 1) - 26)
        totals_h = 50 if obs["revealed"] else 0
        h = 40 + head_h + g.krows * (ch + 6) + totals_h + 8
        note = (
            f"orange face of news card {d.news_ids[news]}: paid at once when you place" if news >= 0 else ""
        )
        panel(c, x, y, w, h, "Kiosk", note)
        gx = x + 14 + label_w
        for col in range(g.kcols):
            cx = gx + col * cw
            c.rect(
                cx + 3,
                y + 38,
                cw - 6,
                head_h - 4,
                fill="#efe2c6",
                stroke=EDGE,
                stroke_width=1.2,
                rx=8,
                title=f"{KIOSK_COLUMNS[col]}: pays {dollars(pay[col])} at once; majority: {column_reward(g, col)}",
                pointer_events="none",
            )
            c.text(cx + 12, y + 60, KIOSK_COLUMNS[col], size=16, fill=INK, weight="bold")
            if narrow:
                c.text(cx + 12, y + 86, dollars(pay[col]), size=22, fill=GOLD, weight="bold")
            else:
                c.text(
                    cx + cw - 12, y + 62, dollars(pay[col]), size=22, fill=GOLD, weight="bold", anchor="end"
                )
            c.lines(
                cx + 12,
                y + (108 if narrow else 82),
                "majority: " + column_reward(g, col),
                width=cw - 20,
                size=14,
                fill=MUTED,
                step=17,
            )
        for row in range(g.krows):
            ry = y + 40 + head_h + row * (ch + 6)
            c.rect(
                x + 14,
                ry,
                label_w - 8,
                ch,
                fill="#efe2c6",
                stroke=EDGE,
                stroke_width=1.2,
                rx=8,
                pointer_events="none",
            )
            c.text(x + 24, ry + 24, f"Row {row + 1}", size=16, fill=INK, weight="bold")
            if g.lp:
                side = obs["rowh"][row][0] if obs["rowh"][row] else None
                if side is None:
                    c.text(x + 24, ry + 46, "press vs", size=14, fill=MUTED)
                    c.text(x + 24, ry + 64, "government", size=14, fill=MUTED)
                else:
                    word = ("press (Hat)", "tie", "government")[1 - side]
                    c.text(
                        x + 24, ry + 50, word, size=15, fill=("#2e6b33", INK, WARN)[1 - side], weight="bold"
                    )
            else:
                colour = d.colours[row]
                c.text(x + 24, ry + 46, f"{colour} house", size=14, fill=INK)
                c.text(x + 24, ry + 66, f"{obs['house_supply'][row]} left", size=14, fill=MUTED)
            for col in range(g.kcols):
                sid = g.kiosk_sid(col, row)
                self.space(sid, gx + col * cw + 3, ry, cw - 6, ch)
        if totals_h:
            ty = y + 40 + head_h + g.krows * (ch + 6) + 4
            c.text(x + 24, ty + 20, "column totals", size=14, fill=MUTED)
            for col in range(g.kcols):
                tot: dict[int, int] = {}
                for row in range(g.krows):
                    for pc in obs["spaces"][g.kiosk_sid(col, row)]:
                        o = RED if pc[0] == BLUE else pc[0]
                        tot[o] = tot.get(o, 0) + (piece_value(g, obs, pc) or 0) + pc[2]
                words = [
                    ("agents" if o == RED else owner_word(g, self.seat, o)) + f" {v}"
                    for o, v in sorted(tot.items(), key=lambda kv: -kv[1])
                ]
                c.lines(
                    gx + col * cw + 10,
                    ty + 20,
                    ", ".join(words) or "empty",
                    width=cw - 16,
                    size=14,
                    fill=INK,
                    step=17,
                )
        return y + h

    # ------------------------------------------------------------------ right column
    def times(self, x, y, w) -> float:
        """The Times: its last card drawn as a card, the deck left, the score to beat, its X."""
        c, g, d, obs = self.c, self.g, self.d, self.obs
        h = 196
        panel(c, x, y, w, h, "The Times", f"score to beat: {g.times_target}")
        if obs["times_revealed"]:
            card = d.times_cards[obs["times_revealed"][-1]]
            colour = TIMES_CARD_COLOURS[card[1]]
            c.rect(
                x + 14,
                y + 40,
                236,
                144,
                fill="#fffaf0",
                stroke=INK,
                stroke_width=1.5,
                rx=8,
                title=f"Times card {card[0]} ({COLOUR_NAMES[card[1]]})",
                pointer_events="none",
            )
            c.rect(
                x + 14,
                y + 40,
                236,
                28,
                fill=colour,
                stroke=INK,
                stroke_width=1.5,
                rx=8,
                pointer_events="none",
            )
            c.text(
                x + 24,
                y + 60,
                f"Times card {card[0]} · {COLOUR_NAMES[card[1]]}",
                size=15,
                fill="#fff" if card[1] == 0 else INK,
                weight="bold",
            )
            ty = y + 88
            for code in card[2]:
                ty = c.lines(
                    x + 24, ty, "• " + times_space_words(g, code), width=w - 38, size=14, fill=INK, step=17
                )
        else:
            c.text(x + 24, y + 70, "no Times card drawn yet", size=15, fill=MUTED)
        tx = x + 266
        # the deck as a small stack
        for k in range(min(obs["times_left"], 4)):
            c.rect(
                tx + k * 4,
                y + 44 + k * 3,
                48,
                64,
                fill="#8d6fae",
                stroke=INK,
                stroke_width=1,
                rx=5,
                pointer_events="none",
            )
        c.text(tx + 64, y + 66, f"{plural(obs['times_left'], 'card')} left", size=15, fill=INK, weight="bold")
        c.text(tx + 64, y + 88, "one per round", size=14, fill=MUTED)
        c.text(
            tx,
            y + 134,
            ("purple X: value " + str(obs["times_x"])) if obs["times_hired"] else "purple X: not hired",
            size=15,
            fill=INK,
        )
        pool = obs["times_pool"]
        if isinstance(pool, int):
            c.text(tx, y + 158, f"pool: {pool} face-down journalists", size=14, fill=MUTED)
        else:
            c.text(
                tx,
                y + 158,
                "pool: " + (" ".join(str(obs["times_x"] if j == JX else j + 1) for j in pool) or "empty"),
                size=14,
                fill=MUTED,
            )
        reds = g.params.times_mix[0]
        c.text(
            tx, y + 180, f"score table: {plural(reds, 'red card')} → {g.times_target}", size=14, fill=MUTED
        )
        return y + h

    def event(self, x, y, w) -> float:
        c, g, d, obs = self.c, self.g, self.d, self.obs
        ev = obs["event"]
        if ev < 0:
            h = 70
            panel(c, x, y, w, h, "Event", f"{obs['ev_left']} left in the deck")
            c.text(x + 14, y + 54, "no event this round", size=15, fill=MUTED)
            return y + h
        eid, cls, nsp = d.events[ev]
        timing = {1: "during placement", 2: "before the bus", 3: "before the archive", 4: "after the reveal"}[
            cls
        ]
        lines = wrap(EVENT_EFFECTS[eid], w - 28, 15)
        h = 60 + 19 * len(lines) + (90 if nsp else 0)
        panel(c, x, y, w, h, f"Event: {EVENT_TITLES[eid]}", timing)
        ty = c.lines(x + 14, y + 52, EVENT_EFFECTS[eid], width=w - 28, size=15, fill=INK, step=19)
        for k in range(nsp):
            sid = g.event_sids[k]
            self.space(sid, x + 14 + k * 130, ty, 120, 76, label=f"space {k + 1}")
        return y + h
