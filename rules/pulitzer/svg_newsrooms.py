"""The web board's newsrooms: the seat's own (resources, journalists, tokens), its
investigation board and report card, the cards of the decision at hand, the decks, and the
other newsrooms, each a panel drawn from the seat's observation."""

from __future__ import annotations

from automa.rules.presentation import plural

from .data import LINES
from .state import JX, TOKS
from .svg_base import (
    DIM,
    EDGE,
    GOLD,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    WARN,
    BoardBase,
    owner_colour,
    panel,
    source_key,
)
from .words import (
    PIN_DECISIONS,
    at_hand_values,
    card_words,
    cell_name,
    dollars,
    journalist_label,
    owner_word,
    report_facts,
    score_now,
    string_used,
    token_name,
    token_words,
    x_value,
)


class NewsroomPanels(BoardBase):
    """The panels of the newsrooms."""

    def newsroom(self, p, x, y, w) -> float:
        c, g, d, obs = self.c, self.g, self.d, self.obs
        h = 262 if not g.lp else 236
        colour = owner_colour(p)
        c.rect(x, y, w, h, fill=PANEL, stroke=EDGE, stroke_width=2, rx=12, pointer_events="none")
        c.rect(x, y, w, 36, fill=colour, stroke=EDGE, stroke_width=2, rx=12, pointer_events="none")
        title = "Your newsroom" + (" — the Post" if g.solo else f" — P{p}")
        c.text(x + 14, y + 25, title, size=19, fill="#fff", weight="bold")
        sc = f"score now {score_now(g, obs, p)}" + (f" (beat {g.times_target})" if g.solo else "")
        c.text(x + w - 14, y + 25, sc, size=16, fill="#fff", weight="bold", anchor="end")
        if obs["pp"] == p and not g.solo:
            c.text(x + w - 14, y + 56, "Press Pass", size=14, fill=GOLD, weight="bold", anchor="end")
        c.text(x + 14, y + 64, dollars(obs["money"][p]), size=22, fill="#2f5d2f", weight="bold")
        c.text(x + 110, y + 64, plural(obs["contacts"][p], "contact"), size=16, fill=INK)
        c.text(x + 220, y + 64, f"score track {obs['points'][p]}", size=16, fill=INK)
        c.text(x + 320, y + 64, f"requests left {obs['req_left'][p]}", size=16, fill=INK)
        # journalists at hand
        c.text(x + 14, y + 96, "at hand", size=14, fill=MUTED)
        hand = at_hand_values(g, obs, p)
        jx = x + 90
        if isinstance(hand, int):
            c.text(jx, y + 96, f"{hand} face-down journalists", size=15, fill=INK)
        else:
            for j in obs["avail"][p]:
                v = x_value(g, obs, p) if j == JX else j + 1
                label = journalist_label(j)
                c.circle(
                    jx + 20,
                    y + 104,
                    20,
                    fill=colour,
                    stroke="#111",
                    stroke_width=1.5,
                    key=f"journalist:{j}",
                    title=f"journalist {label}" + (f" (value {v})" if j == JX else ""),
                )
                c.text(
                    jx + 20,
                    y + 110,
                    label if j != JX else "X",
                    size=18,
                    fill="#fff",
                    weight="bold",
                    anchor="middle",
                )
                if j == JX:
                    c.text(jx + 20, y + 138, f"={v}", size=13, fill=INK, anchor="middle")
                jx += 48
            if not obs["avail"][p]:
                c.text(jx, y + 108, "none", size=15, fill=MUTED)
        for j in obs["arrested"][p]:
            c.circle(
                jx + 20,
                y + 104,
                20,
                fill="#999",
                stroke="#111",
                stroke_width=1.5,
                key=f"arrested:{j}",
                title=f"journalist {journalist_label(j)}: arrested, bail {dollars(((x_value(g, obs, p) or 0) if j == JX else j + 1) + 3)}",
            )
            c.text(
                jx + 20, y + 110, journalist_label(j), size=18, fill="#fff", weight="bold", anchor="middle"
            )
            c.line(jx + 6, y + 90, jx + 34, y + 118, stroke=WARN, stroke_width=3)
            jx += 48
        hr = obs["hr"][p]
        hr_text = (
            f"X on HR space {hr}: value {d.hr[hr - 1][1]}, {d.hr[hr - 1][2]} points"
            if hr
            else "X not hired: a request in HR hires it"
        )
        c.text(x + 14, y + 150, hr_text, size=14, fill=MUTED)
        # tokens held (usable this round) and arriving next round
        c.text(x + 14, y + 176, "tokens", size=14, fill=MUTED)
        tw = (w - 90) / 6
        for t, code in enumerate(TOKS):
            tx = x + 76 + t * tw
            k = obs["tok_now"][p][t]
            nxt = obs["tok_new"][p][t]
            c.rect(
                tx,
                y + 160,
                tw - 6,
                30,
                fill="#f6e7b8" if k else "#ece6da",
                stroke=GOLD if k else "#b9ad98",
                stroke_width=1.5,
                rx=6,
                key=f"token:{code}",
                title=f"{token_name(g, code)}: {k} to use this round, {nxt} for next round",
            )
            short = {
                "ED": "Edit.",
                "NR": "News+2",
                "AD": "Admin",
                "RG": "Reg.",
                "PH1": "Ph+1",
                "PH2": "Ph+2",
            }[code]
            c.text(
                tx + (tw - 6) / 2,
                y + 180,
                f"{short} {k}",
                size=13,
                fill=INK if k else "#9a8f7c",
                weight="bold" if k else None,
                anchor="middle",
            )
        later = token_words(g, obs["tok_new"][p])
        extras = []
        target, wild_line, wild_evi = obs["evt"][p]
        if target:
            extras.append("target token")
        if wild_line:
            extras.append(f"line wildcard x{wild_line}")
        if wild_evi:
            extras.append(f"evidence wildcard x{wild_evi}")
        kept = [card_words(d, code) for code in obs["kept"][p]]
        info = [f"next round: {later or 'none'}"]
        if extras:
            info.append(", ".join(extras))
        info.append("kept cards: " + (", ".join(kept) or "none"))
        c.lines(x + 14, y + 212, "; ".join(info), width=w - 28, size=14, fill=INK, step=18)
        if not g.lp:
            hx = x + 14
            for r in range(g.krows):
                c.rect(
                    hx,
                    y + h - 30,
                    22,
                    20,
                    fill={"white": "#fafafa", "grey": "#9a9a9a", "brown": "#8b5a2b", "yellow": "#e7c53a"}.get(
                        d.colours[r], "#ccc"
                    ),
                    stroke=INK,
                    stroke_width=1,
                    rx=3,
                    title=f"{d.colours[r]} houses",
                    pointer_events="none",
                )
                c.text(hx + 28, y + h - 14, f"{obs['houses'][p][r]} {d.colours[r]}", size=14, fill=INK)
                hx += 110
        return y + h

    def investigation(self, p, x, y, w) -> float:
        """The seat's investigation board and report card: highlighted cells bright, pins
        numbered in string order with the string drawn, destroyed cells crossed, statements;
        every cell is a click target ('cell:<id>') for pinning, destroying and statements."""
        c, g, d, obs = self.c, self.g, self.d, self.obs
        rep = report_facts(g, obs, p)
        cw, chh = (w - 28) / d.n_cols, 44  # the name sits low, clear of the pin's number
        h = 40 + 60 + d.n_rows * chh + 20 + 44
        panel(c, x, y, w, h, f"Investigation board · report {rep['id']}")
        found = len(rep["found"])
        ok = found >= rep["need"]
        status = (
            f"highlighted found {found} of {rep['need']} needed"
            + (" ✓" if ok else "")
            + f" · {len(rep['open'])} open · {len(rep['destroyed'])} destroyed"
        )
        c.text(
            x + 14,
            y + 52,
            status,
            size=15,
            fill="#2e6b33" if ok else (WARN if not rep["reachable"] else INK),
            weight="bold",
        )
        if not rep["reachable"]:
            c.text(x + 14, y + 72, "five highlighted evidence are out of reach", size=14, fill=WARN)
        gx, gy = x + 14, y + 100
        # column heads: line letter and points
        for col in range(d.n_cols):
            line = d.cell_line[col] if d.cell_line[col] >= 0 else d.cell_line[col + d.n_cols]
            c.text(
                gx + col * cw + cw / 2,
                gy - 8,
                f"{LINES[line]} {d.line_points[line]}",
                size=13,
                fill=MUTED,
                anchor="middle",
            )
        pins = list(obs["pins"][p])
        hl = set(rep["cells"])
        dest = set(obs["destroyed"][p])
        stmts = set(obs["stmt"][p])
        own = p == self.seat
        centre = {}
        for cell in range(d.n_rows * d.n_cols):
            r, col = divmod(cell, d.n_cols)
            cx, cy = gx + col * cw, gy + r * chh
            centre[cell] = (cx + cw / 2, cy + chh / 2)
            if d.cell_line[cell] < 0:
                c.rect(
                    cx + 1,
                    cy + 1,
                    cw - 2,
                    chh - 2,
                    fill="#fff",
                    stroke=INK,
                    stroke_width=1.2,
                    rx=4,
                    title="start photo ?",
                    pointer_events="none",
                )
                c.text(cx + cw / 2, cy + 29, "?", size=20, fill=INK, weight="bold", anchor="middle")
                continue
            name = cell_name(d, cell)
            bright = cell in hl
            state_words = "pinned" if cell in pins else "destroyed" if cell in dest else ""
            title = name + (" (highlighted)" if bright else "") + (f", {state_words}" if state_words else "")
            c.rect(
                cx + 1,
                cy + 1,
                cw - 2,
                chh - 2,
                fill=HIGHLIGHT if bright else DIM,
                stroke="#7d6a3a" if bright else "#a89f8e",
                stroke_width=1.2,
                rx=4,
                key=f"cell:{cell}" if own else None,
                title=title,
                pointer_events=None if (f"cell:{cell}" if own else None) is not None else "none",
            )
            c.text(
                cx + cw / 2,
                cy + 37,
                d.evidence_types[d.cell_evi[cell]],
                size=14,
                fill=INK if bright else "#6d6558",
                weight="bold" if bright else None,
                anchor="middle",
            )
            if cell in dest:
                c.line(cx + 6, cy + 6, cx + cw - 6, cy + chh - 6, stroke=WARN, stroke_width=3)
                c.line(cx + cw - 6, cy + 6, cx + 6, cy + chh - 6, stroke=WARN, stroke_width=3)

        # the string runs between the pin heads (top-right corners), clear of the cell names
        def head(cell):
            px, py = centre[cell]
            return px + cw / 2 - 11, py - chh / 2 + 11

        pts = [(centre[d.start][0], centre[d.start][1] - 12)] + [head(cell) for cell in pins]
        if len(pts) > 1:
            c.polyline(
                pts,
                stroke="#7a2418",
                stroke_width=2,
                stroke_opacity=0.7,
                stroke_linejoin="round",
                stroke_linecap="round",
            )
        for i, cell in enumerate(pins):
            px, py = centre[cell]
            c.circle(
                px + cw / 2 - 11,
                py - chh / 2 + 11,
                10,
                fill="#c0392b",
                stroke="#111",
                stroke_width=1,
                title=f"pin {i + 1}: {cell_name(d, cell)}",
                pointer_events="none",
            )
            c.text(
                px + cw / 2 - 11,
                py - chh / 2 + 16,
                i + 1,
                size=13,
                fill="#fff",
                weight="bold",
                anchor="middle",
            )
            if cell in stmts:
                c.rect(
                    px - cw / 2 + 3,
                    py - chh / 2 + 3,
                    14,
                    14,
                    fill="#2f6db5",
                    stroke="#111",
                    stroke_width=1,
                    rx=2,
                    title="witness statement",
                    pointer_events="none",
                )
        ly = gy + d.n_rows * chh + 22
        left = d.string_length - string_used(d, pins)
        last = cell_name(d, pins[-1]) if pins else "?"
        c.text(
            x + 14,
            ly,
            f"string left {left:.1f} of {d.string_length:g} · last pin {last}",
            size=14,
            fill=MUTED,
        )
        lx = x + 14
        ly += 22
        for fill, word in (
            (HIGHLIGHT, "highlighted"),
            (DIM, "other"),
            ("#c0392b", "pin (order)"),
            ("#2f6db5", "statement"),
        ):
            c.rect(lx, ly - 12, 16, 14, fill=fill, stroke=INK, stroke_width=0.8, rx=3, pointer_events="none")
            c.text(lx + 22, ly, word, size=13, fill=MUTED)
            lx += 100
        c.line(lx, ly - 10, lx + 14, ly + 2, stroke=WARN, stroke_width=2.5)
        c.line(lx + 14, ly - 10, lx, ly + 2, stroke=WARN, stroke_width=2.5)
        c.text(lx + 20, ly, "destroyed", size=13, fill=MUTED)
        return y + h

    def drawn_cards(self, x, y, w) -> float:
        """The cards a decision is about: those drawn by the bus journalist now resolving,
        the cards an agent or an event revealed, the Registry's choice of deck."""
        c, g, d, obs = self.c, self.g, self.d, self.obs
        pend = obs["pend"]
        work = obs["work"]
        cur = work[8]
        agent = work[7]
        if pend is None or (
            pend[0] not in PIN_DECISIONS + ("keep",) and not (pend[0] == "destroy" and agent)
        ):
            return y
        h = 170
        owner = pend[1]
        choose = pend[0] in ("pin_evidence", "pin_line") and owner == self.seat
        if choose:
            h += 84
        if pend[0] in PIN_DECISIONS and cur:
            pc = obs["spaces"][cur[1]][cur[2]]
            title = (
                f"Drawn by {'your' if owner == self.seat else owner_word(g, self.seat, owner) + chr(39) + 's'} "
                f"journalist {journalist_label(pc[1])} (value {cur[3]})"
            )
            cards = list(cur[4]) + [100 + k for k in cur[5]]
        elif pend[0] == "keep":
            title = "Revealed: keep one"
            cards = list(agent)
        else:
            title = "The agent's cards"
            cards = list(agent)
        panel(c, x, y, w, h, title)
        cx = x + 14
        keep = pend[0] == "keep" and owner == self.seat
        for code in cards:
            if cx + 60 > x + w - 10:
                break
            is_line = code >= 100
            c.rect(
                cx,
                y + 40,
                56,
                80,
                fill="#e4ecf5" if is_line else "#fbf1d9",
                stroke=INK,
                stroke_width=1.3,
                rx=6,
                key=f"card:{code}" if keep else None,
                title=card_words(d, code),
                pointer_events=None if (f"card:{code}" if keep else None) is not None else "none",
            )
            c.text(cx + 28, y + 58, "line" if is_line else "evid.", size=12, fill=MUTED, anchor="middle")
            shown = card_words(d, code).split(" ", 2)[2]
            rows = [shown] if is_line else shown.split("/")
            for k, s in enumerate(rows):
                c.text(
                    cx + 28,
                    y + 84 + k * 20,
                    s,
                    size=16 if not is_line else 20,
                    fill=INK,
                    weight="bold",
                    anchor="middle",
                )
            cx += 62
        if pend[0] == "reg" and owner == self.seat:
            for k, (code, word) in enumerate((("evidence", "+2 evidence"), ("line", "+2 line"))):
                bx = x + w - 14 - (2 - k) * 120
                c.rect(
                    bx,
                    y + 40,
                    112,
                    40,
                    fill="#efe3c9",
                    stroke=EDGE,
                    stroke_width=1.5,
                    rx=6,
                    key=f"deck:{code}",
                    title=f"Registry: draw 2 more {code} cards",
                )
                c.text(bx + 56, y + 66, word, size=15, fill=INK, weight="bold", anchor="middle")
        if pend[0] in PIN_DECISIONS and cur:
            s = cur[0]
            pins = obs["pins"][s]
            last = cell_name(d, pins[-1]) if pins else "?"
            left = d.string_length - string_used(d, pins)
            extra = []
            if obs["kept"][s]:
                extra.append("kept: " + ", ".join(card_words(d, k) for k in obs["kept"][s]))
            if obs["evt"][s][1] or obs["evt"][s][2]:
                extra.append(
                    "wildcards: "
                    + ", ".join(
                        w_ for w_, k in (("line", obs["evt"][s][1]), ("evidence", obs["evt"][s][2])) if k
                    )
                )
            note = f"reach {cur[3]} from {last} · string left {left:.1f} · X needs no line card" + (
                "; " + "; ".join(extra) if extra else ""
            )
            c.lines(x + 14, y + 142, note, width=w - 28, size=14, fill=MUTED, step=17)
        if choose:
            self.source_choices(pend, x, y + 176, w)
        return y + h + 14

    def source_choices(self, pend, x, y, w) -> None:
        """The cards that could supply the pin's evidence or line (R-12): one button each
        ('source:<kind>:<code>'), worded like the action."""
        c, d = self.c, self.d
        what = (
            f"evidence {d.evidence_types[d.cell_evi[pend[2]]]}"
            if pend[0] == "pin_evidence"
            else f"line {LINES[d.cell_line[pend[2]]]}"
        )
        c.text(
            x + 14,
            y + 4,
            f"Pin on {cell_name(d, pend[2])}: which card gives the {what}?",
            size=15,
            fill=INK,
            weight="bold",
        )
        options = pend[3] if pend[0] == "pin_evidence" else pend[4]
        bw = (w - 28 - 8 * (len(options) - 1)) / max(1, len(options))
        for k, action in enumerate(options):
            bx = x + 14 + k * (bw + 8)
            text = self.state.action_to_string(action)
            c.rect(
                bx,
                y + 14,
                bw,
                58,
                fill="#efe3c9",
                stroke=EDGE,
                stroke_width=1.5,
                rx=6,
                key=source_key(action),
                title=text,
            )
            label = text.split(" from ", 1)[-1]
            c.lines(bx + 8, y + 32, label, width=bw - 16, size=13, fill=INK, step=15)

    def decks(self, x, y, w) -> float:
        c, g, obs = self.c, self.g, self.obs
        h = 78
        panel(c, x, y, w, h, "Decks")
        parts = [
            f"news {obs['news_left']}",
            f"evidence {obs['evi_left']} (discards {len(obs['evi_disc'])})",
            f"line {obs['line_left']} (discards {len(obs['line_disc'])})",
            f"overtime {obs['ot_left']}",
        ]
        if g.use_events:
            parts.append(f"events {obs['ev_left']}")
        c.lines(x + 14, y + 52, " · ".join(parts), width=w - 28, size=15, fill=INK, step=19)
        return y + h

    def other_newsrooms(self, seats, x, y, w) -> float:
        """Every other newsroom as a card: its resources, what it holds, and its report
        (public, R-23) as a small board."""
        c, g, d, obs = self.c, self.g, self.d, self.obs
        k = len(seats)
        gap = 14
        cw = min(520, (w - gap * (k - 1)) / k)
        h = 300
        for i, p in enumerate(seats):
            cx = x + i * (cw + gap)
            colour = owner_colour(p)
            c.rect(cx, y, cw, h, fill=PANEL, stroke=EDGE, stroke_width=2, rx=12, pointer_events="none")
            c.rect(
                cx,
                y,
                cw,
                36,
                fill=colour,
                stroke=EDGE,
                stroke_width=2,
                rx=12,
                key=f"newsroom:{p}",
                title=f"newsroom of {owner_word(g, self.seat, p)}",
            )
            c.text(
                cx + 14,
                y + 25,
                f"P{p}" + (" · Press Pass" if obs["pp"] == p else ""),
                size=19,
                fill="#fff",
                weight="bold",
            )
            c.text(
                cx + cw - 14,
                y + 25,
                f"score now {score_now(g, obs, p)}",
                size=16,
                fill="#fff",
                weight="bold",
                anchor="end",
            )
            hand = at_hand_values(g, obs, p)
            hand_text = (
                f"{hand} at hand"
                if isinstance(hand, int)
                else "at hand " + (" ".join(lbl if lbl != "X" else f"X={v}" for lbl, v in hand) or "none")
            )
            hr = obs["hr"][p]
            rows = [
                f"{dollars(obs['money'][p])} · {plural(obs['contacts'][p], 'contact')} · "
                f"score track {obs['points'][p]} · requests {obs['req_left'][p]}",
                hand_text + " · " + (f"X value {d.hr[hr - 1][1]} (HR {hr})" if hr else "X not hired"),
            ]
            tokens = token_words(g, obs["tok_now"][p])
            later = token_words(g, obs["tok_new"][p])
            rows.append(f"tokens: {tokens or 'none'}; next round: {later or 'none'}")
            kept = [card_words(d, code) for code in obs["kept"][p]]
            evt = obs["evt"][p]
            if kept or any(evt):
                rows.append(
                    "kept: "
                    + ", ".join(
                        kept
                        + [
                            w_
                            for w_, n_ in (
                                ("target", evt[0]),
                                ("line wildcard", evt[1]),
                                ("evidence wildcard", evt[2]),
                            )
                            if n_
                        ]
                    )
                )
            if not g.lp:
                rows.append(
                    "houses: " + ", ".join(f"{obs['houses'][p][r]} {d.colours[r]}" for r in range(g.krows))
                )
            if obs["arrested"][p]:
                rows.append("arrested: " + " ".join(journalist_label(j) for j in obs["arrested"][p]))
            ty = y + 58
            for row in rows:
                ty = c.lines(cx + 14, ty, row, width=cw - 28, size=14, fill=INK, step=18)
            # the small investigation board
            rep = report_facts(g, obs, p)
            mw, mh = min(34, (cw - 28) / d.n_cols), 20
            my = y + h - 14 - d.n_rows * mh
            c.text(
                cx + 14,
                my - 8,
                f"report {rep['id']}: {len(rep['found'])} of {rep['need']} highlighted found"
                + ("" if rep["reachable"] else " (out of reach)")
                + f" · {plural(len(obs['pins'][p]), 'pin')}",
                size=14,
                fill=INK if rep["reachable"] else WARN,
            )
            pins = list(obs["pins"][p])
            dest = set(obs["destroyed"][p])
            hl = set(rep["cells"])
            for cell in range(d.n_rows * d.n_cols):
                r, col = divmod(cell, d.n_cols)
                bx, by = cx + 14 + col * mw, my + r * mh
                fill = "#fff" if d.cell_line[cell] < 0 else (HIGHLIGHT if cell in hl else DIM)
                c.rect(
                    bx,
                    by,
                    mw - 1,
                    mh - 1,
                    fill=fill,
                    stroke="#a89f8e",
                    stroke_width=0.6,
                    rx=2,
                    title=cell_name(d, cell) + (" (highlighted)" if cell in hl else ""),
                    pointer_events="none",
                )
                if cell in pins:
                    c.circle(
                        bx + mw / 2,
                        by + mh / 2,
                        5,
                        fill="#c0392b",
                        stroke="#111",
                        stroke_width=0.8,
                        pointer_events="none",
                    )
                elif cell in dest:
                    c.line(bx + 3, by + 3, bx + mw - 4, by + mh - 4, stroke=WARN, stroke_width=2)
                    c.line(bx + mw - 4, by + 3, bx + 3, by + mh - 4, stroke=WARN, stroke_width=2)
        return y + h
