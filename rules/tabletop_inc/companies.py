"""The companies on the web board: yours (resources, table, production, games, award card,
objectives, hand and predictions), another person's (all that is public, the hand as counts)
and a Mumanbot's (level, score, workers, face-up predictions, the last ZAP card)."""

from __future__ import annotations

from automa.rules.presentation import seat_label as _seat_label
from automa.rules.svg import Canvas

from .board_parts import (
    CREAM,
    EDGE,
    INK,
    KIND_COLOURS,
    MUTED,
    PIECE_COLOURS,
    RES_COLOURS,
    SEAT_COLOURS,
    W,
    draw_card,
    draw_card_back,
    draw_muman,
    draw_panel,
    draw_prediction_card,
    draw_token,
    fitted_text,
)
from .data import PIECES, RES
from .report import score_parts
from .words import (
    ACTION_TITLES,
    LEVEL_TEXT,
    award_vp,
    bonus_text,
    card_effect,
    card_kind,
    card_label,
    card_name,
    card_parts,
    card_text,
    game_text,
    last_zap,
    skill_totals,
)


def draw_resources(svg: Canvas, x, y, res, keyed: bool, big=True) -> float:
    """Resources as tokens with counts; with keyed=True each is a click target."""
    for i, r in enumerate(RES):
        cx = x + i * (64 if big else 50)
        mark = svg.mark()
        if keyed:
            svg.rect(cx - 4, y - 16, 58, 32, fill="#fffaf0", stroke=RES_COLOURS[r], rx=6, stroke_width=1.2)
        draw_token(svg, cx + 12, y, r, 12 if big else 9)
        svg.text(
            cx + (28 if big else 23), y + 6, str(res[i]), size=18 if big else 15, weight="bold", fill=INK
        )
        if keyed:
            svg.wrap_target(mark, f"res:{r}", f"{r}: {res[i]}")
    return x + 5 * (64 if big else 50)


def _production(svg: Canvas, x, y, prod, keyed: bool) -> None:
    svg.text(x, y - 6, "production", size=14, fill=MUTED)
    for pi, piece in enumerate(PIECES):
        px = x + pi * 70
        lv = prod[pi]
        mark = svg.mark()
        svg.rect(
            px,
            y,
            64,
            38,
            fill=PIECE_COLOURS[pi] if lv else "#efe6d2",
            stroke=PIECE_COLOURS[pi],
            rx=5,
            stroke_width=1.5,
        )
        svg.text(px + 32, y + 16, piece[:4], size=13, fill="#ffffff" if lv else MUTED, anchor="middle")
        svg.text(
            px + 32,
            y + 33,
            f"L{lv}" if lv else "—",
            size=15,
            fill="#ffffff" if lv else MUTED,
            weight="bold",
            anchor="middle",
        )
        if keyed:
            svg.wrap_target(mark, f"prod:{piece}", f"your {piece}: " + (f"level {lv}" if lv else "none"))


def _games(svg: Canvas, d, x, y, obs, p, keyed: bool, width: float) -> float:
    """Published games (click to use for an award) and awards won."""
    pub, awd = obs["pub"][p], obs["awd"][p]
    svg.text(
        x, y - 6, f"published {len(pub)}" + (f" · awards {len(awd)}" if awd else ""), size=14, fill=MUTED
    )
    gx = x
    for gi, game in enumerate(pub):
        if gx + 72 > x + width:
            svg.text(gx, y + 24, f"+{len(pub) - gi}", size=14, fill=INK)
            break
        mark = svg.mark()
        svg.rect(gx, y, 66, 38, fill="#f6e4bf", stroke="#8a6d3b", rx=4, stroke_width=1.5)
        svg.text(gx + 33, y + 16, f"#{gi + 1}", size=13, fill=MUTED, anchor="middle")
        svg.text(gx + 33, y + 33, "/".join(map(str, game)), size=15, weight="bold", anchor="middle", fill=INK)
        if keyed:
            svg.wrap_target(
                mark, f"game:{gi}", f"published game #{gi + 1}: {game_text(game)} = {sum(game)} VP"
            )
        gx += 72
    for level, game in awd:
        if gx + 72 > x + width:
            break
        svg.circle(gx + 19, y + 19, 18, fill="#d9a520", stroke="#5b4420", stroke_width=1.2)
        svg.text(gx + 19, y + 25, f"L{level}", size=14, weight="bold", anchor="middle", fill=INK)
        if game:
            svg.text(gx + 42, y + 25, "/".join(map(str, game)), size=13, fill=MUTED)
        gx += 84 if game else 44
    return gx


def _award_card(svg: Canvas, d, x, y, cid: str, wow: str, w=250) -> None:
    """The personal award card: per level, the box/mechanism/component levels a published
    game needs and the VP it scores (a WOW override shown instead)."""
    svg.rect(x, y, w, 92, fill="#fff6e0", stroke=KIND_COLOURS["award card"], rx=6, stroke_width=1.5)
    svg.text(x + 8, y + 18, f"Award card {cid}", size=14, fill=KIND_COLOURS["award card"], weight="bold")
    svg.text(x + w - 8, y + 18, "box/mech/comp", size=12, fill=MUTED, anchor="end")
    for lv, (req, _printed) in enumerate(d.awards[cid], 1):
        vp = award_vp(d, cid, wow, lv)
        svg.text(x + 8, y + 18 + 22 * lv, f"L{lv}", size=15, weight="bold", fill=INK)
        svg.text(x + 50, y + 18 + 22 * lv, "/".join(map(str, req)), size=15, fill=INK)
        svg.text(x + w - 8, y + 18 + 22 * lv, f"{vp} VP", size=15, weight="bold", anchor="end", fill=INK)


def _table(svg: Canvas, d, x, y, obs, p: int, keyed: bool, cw=124, ch=176) -> float:
    """WOW slot, POW slot and the six table seats, with the cards on them."""
    tucked = dict(obs["tuck"][p])
    seats = {slot: card for card, slot in obs["emp"][p]}
    slots = [("WOW", None), ("POW", 6)] + [(f"T{k + 1}", k) for k in range(6)]
    for i, (label, slot) in enumerate(slots):
        sx = x + i * (cw + 8)
        if label == "WOW":
            card, head = obs["wow"][p], "WOW slot"
        elif slot == 6:
            card, head = (obs["pow"][p] or seats.get(6, "")), "POW slot"
        else:
            card = seats.get(slot, "")
            bonus = bonus_text(d.table_seats[slot])
            head = f"{label}" + (f" +{bonus}" if bonus else "")
        svg.text(sx + cw / 2, y + 14, head, size=13, fill=MUTED, anchor="middle")
        if card:
            draw_card(
                svg,
                d,
                sx,
                y + 20,
                card,
                cw,
                ch - 20,
                key=f"card:{card}" if keyed else None,
                tucked=tucked.get(card, ""),
            )
        else:
            mark = svg.mark()
            svg.rect(sx, y + 20, cw, ch - 20, fill="#efe3c8", stroke=EDGE, rx=7, stroke_dasharray="5,4")
            svg.text(sx + cw / 2, y + 20 + (ch - 20) / 2, "empty seat", size=14, fill=MUTED, anchor="middle")
            if keyed and slot is not None:
                svg.wrap_target(mark, f"seat:{'pow' if slot == 6 else slot + 1}", f"{head}: empty")
    return x + len(slots) * (cw + 8)


def _prediction_row(svg: Canvas, x, y, pred, viewer: int, bot: bool = False) -> None:
    """Another company's predictions: a Mumanbot's are face up, a person's face-down ones are backs."""
    target, cards, up = pred
    if target < 0:
        svg.text(x, y + 18, "no predictions out", size=14, fill=MUTED)
        return
    svg.text(x, y + 18, f"predicting on {_seat_label(target, viewer)}:", size=14, weight="bold", fill=INK)
    for k, c in enumerate(cards):
        px = x + k * 104
        if c in (None, "?"):
            draw_card_back(svg, px, y + 26, 96, 52, "?", KIND_COLOURS["prediction"])
        else:
            draw_prediction_card(
                svg,
                px,
                y + 26,
                c,
                note="" if bot else ("came true" if up[k] else "face down"),
                dim=not bot and not up[k],
            )


def own_company(svg: Canvas, state, obs, seat: int, y0: float) -> float:
    """Your company: resources, workers, skills, production, games, award card, table,
    objectives, hand (named cards) and your prediction set."""
    d = state.game.data
    colour = SEAT_COLOURS[seat % 6]
    x0, w = 16, W - 32
    hand = obs["hands"][seat]
    cards = list(hand[0]) + list(hand[1]) + list(hand[2])
    per = 8
    hand_rows = -(-len(cards) // per)
    preds = len(obs["predictions"][seat][1])
    h = 446 + max(hand_rows * 178 + 18, 40 + 60 * -(-preds // 2), 30) + (30 if obs["phase"] == "over" else 0)
    draw_panel(svg, x0, y0, w, h, f"Your company — seat {seat}", colour)
    svg.text(
        x0 + w - 14,
        y0 + 21,
        f"{obs['vp'][seat]} VP on the track",
        size=17,
        fill=CREAM,
        weight="bold",
        anchor="end",
    )
    y = y0 + 70
    svg.text(x0 + 14, y - 24, "resources", size=14, fill=MUTED)
    draw_resources(svg, x0 + 18, y, obs["res"][seat], True)
    # workers
    wx = x0 + 360
    for k in range(obs["mum"][seat]):
        draw_muman(svg, wx + 12 + k * 22, y + 14, colour, h=28)
    sx, sy = wx + 12 + obs["mum"][seat] * 22 + 12, y - 14
    for st in obs["stand"][seat]:  # standee chips, flowing onto a second row
        if sx + 150 > x0 + 860:
            sx, sy = wx, sy + 34
        mark = svg.mark()
        svg.rect(sx, sy, 150, 30, fill="#dde8f3", stroke=KIND_COLOURS["specialist"], rx=5, stroke_width=1.5)
        fitted_text(
            svg,
            sx + 6,
            sy + 20,
            f"{st} {ACTION_TITLES[d.specialists[st][0]]}",
            140,
            size=13,
            weight="bold",
            fill=INK,
        )
        svg.wrap_target(mark, f"standee:{st}", f"standee of {card_text(d, st)}")
        sx += 156
    if not obs["mum"][seat] and not obs["stand"][seat]:
        svg.text(wx, y + 6, "none left: recall", size=15, weight="bold", fill=INK)
    placed = obs["placed"][seat]
    where = ", ".join((d.spaces[loc].id if isinstance(loc, int) else loc) for _w, loc in placed)
    fitted_text(svg, wx, y - 24, f"workers to place  ·  placed: {where or 'none'}", 500, size=14, fill=MUTED)
    # skills and the award card
    sk = skill_totals(d, obs, seat)
    px = x0 + 880
    svg.text(px, y - 24, "skills (buy pieces up to this level)", size=14, fill=MUTED)
    for pi, piece in enumerate(PIECES):
        svg.rect(
            px + pi * 76, y - 14, 70, 30, fill="#fffaf0", stroke=PIECE_COLOURS[pi], rx=5, stroke_width=1.5
        )
        svg.text(
            px + pi * 76 + 35,
            y + 7,
            f"{piece[:4]} {sk[pi]}",
            size=15,
            weight="bold",
            fill=PIECE_COLOURS[pi],
            anchor="middle",
        )
    if obs["acard"][seat]:
        _award_card(svg, d, x0 + w - 264, y0 + 40, obs["acard"][seat], obs["wow"][seat])
    y += 72
    _production(svg, x0 + 18, y, obs["prod"][seat], True)
    _games(svg, d, x0 + 250, y, obs, seat, True, 900)
    # table and objectives
    y += 56
    svg.text(x0 + 14, y + 8, "Your table", size=17, weight="bold", fill=INK)
    _table(svg, d, x0 + 14, y + 14, obs, seat, True, ch=200)
    objs = obs["objs"][seat]
    ox = x0 + 14 + 8 * 132 + 8
    svg.text(ox, y + 8, "Objectives (scored at the end)", size=17, weight="bold", fill=INK)
    compact = len(objs) > 3
    for k, o in enumerate(objs[:6]):
        if compact:
            draw_card(svg, d, ox + (k % 3) * 132, y + 34 + (k // 3) * 92, o, 124, 86)
        else:
            draw_card(svg, d, ox + k * 132, y + 34, o, 124, 180)
    if len(objs) > 6:
        svg.text(ox, y + 208, "and " + ", ".join(objs[6:]), size=14, fill=INK)
    if not objs:
        svg.text(ox, y + 40, "none", size=14, fill=MUTED)
    # hand and predictions
    y += 232
    svg.text(x0 + 14, y + 8, "Your hand", size=17, weight="bold", fill=INK)
    if not cards:
        svg.text(x0 + 120, y + 8, "empty", size=14, fill=MUTED)
    for k, c in enumerate(cards):
        hx = x0 + 14 + (k % per) * 132
        draw_card(svg, d, hx, y + 18 + (k // per) * 178, c, 124, 168, key=f"card:{c}")
    px = x0 + 14 + per * 132 + 20
    svg.text(px, y + 8, "Your predictions", size=17, weight="bold", fill=INK)
    flipping = bool(obs["stack"]) and obs["stack"][-1][0] == "flip" and obs["to_move"] == seat
    _own_predictions(svg, px, y + 14, obs["predictions"][seat], seat, flipping)
    if obs["phase"] == "over":
        _final_line(svg, state, seat, x0 + 14, y0 + h - 10, W - 60)
    return y0 + h


def _own_predictions(svg: Canvas, x, y, pred, viewer: int, flipping: bool = False) -> None:
    """Your own prediction set: face-up cards came true, dim ones are still face down (and
    are clicked to turn one up when a crystal ball is being used)."""
    target, cards, up = pred
    if target < 0:
        svg.text(x, y + 20, "none out", size=14, fill=MUTED)
        return
    svg.text(x, y + 20, f"on {_seat_label(target, viewer)}:", size=14, weight="bold", fill=INK)
    for k, c in enumerate(cards):
        px = x + (k % 2) * 104
        py = y + 30 + (k // 2) * 60
        draw_prediction_card(
            svg,
            px,
            py,
            c,
            note="came true" if up[k] else "face down",
            dim=not up[k],
            key=f"pred:{c}" if flipping and not up[k] else None,
        )


def other_company(svg: Canvas, state, obs, seat: int, p: int, x0, y0, w, keys_for: set) -> float:
    """Another person's company: all that is public, the hand as counts, predictions as backs."""
    d = state.game.data
    colour = SEAT_COLOURS[p % 6]
    body = Canvas()
    left = w - 300  # the award card sits on the right
    y = y0 + 54
    draw_resources(body, x0 + 16, y, obs["res"][p], False, big=False)
    y += 28
    for k in range(obs["mum"][p]):
        draw_muman(body, x0 + 24 + k * 18, y + 12, colour, h=24)
    stand = obs["stand"][p]
    text = f"{obs['mum'][p]} mumans" + (f" + standees {', '.join(stand)}" if stand else "") + " to place"
    fitted_text(body, x0 + 24 + max(1, obs["mum"][p]) * 18 + 6, y + 6, text, left - 100, size=14, fill=INK)
    y += 28
    sk = skill_totals(d, obs, p)
    body.text(
        x0 + 16, y + 6, f"skills: box {sk[0]} · mechanism {sk[1]} · component {sk[2]}", size=14, fill=INK
    )
    y += 38
    _production(body, x0 + 16, y, obs["prod"][p], False)
    _games(body, d, x0 + 240, y, obs, p, False, left - 240)
    if obs["acard"][p]:
        _award_card(body, d, x0 + w - 262, y0 + 40, obs["acard"][p], obs["wow"][p])
    y += 62
    # the table as rows, one card a row
    body.text(x0 + 16, y, "table", size=15, weight="bold", fill=INK)
    tucked = dict(obs["tuck"][p])
    rows = (
        [("WOW", obs["wow"][p])]
        + ([("POW", obs["pow"][p])] if obs["pow"][p] else [])
        + [
            ((f"T{slot + 1}" if slot < 6 else "POW"), c)
            for c, slot in sorted(obs["emp"][p], key=lambda e: e[1])
        ]
    )
    yy = y + 8
    for label, c in rows:
        if not c:
            continue
        kind = card_kind(d, c)
        mark = body.mark()
        body.rect(
            x0 + 16,
            yy,
            w - 32,
            26,
            fill="#fffaf0",
            stroke=KIND_COLOURS.get(kind, EDGE),
            rx=4,
            stroke_width=1.3,
        )
        body.text(x0 + 22, yy + 18, label, size=13, fill=KIND_COLOURS.get(kind, MUTED), weight="bold")
        effect, facts = card_parts(d, c)
        text = f"{card_label(d, c)}: " + "; ".join(
            part for part in (effect, facts) if part and part != card_name(d, c)
        )
        if c in tucked:
            text = f"[+{card_label(d, tucked[c])}] " + text
        fitted_text(body, x0 + 70, yy + 18, text, w - 100, size=14, fill=INK)
        if f"card:{c}" in keys_for:
            body.wrap_target(mark, f"card:{c}", card_text(d, c))
        yy += 30
    # objectives, hand, predictions
    yy += 8
    body.text(x0 + 16, yy + 12, "objectives:", size=14, weight="bold", fill=INK)
    oy = yy + 12
    for o in obs["objs"][p]:
        fitted_text(
            body, x0 + 110, oy, f"{o} {card_name(d, o)} ({card_effect(d, o)})", w - 130, size=14, fill=INK
        )
        oy += 18
    yy = max(oy, yy + 30) + 4
    hand = obs["hands"][p]
    body.text(x0 + 16, yy + 16, "hand:", size=14, weight="bold", fill=INK)
    hx = x0 + 70
    for n, label, kind in (
        (hand[0], "specialists", "specialist"),
        (hand[1], "freelancers", "freelancer"),
        (hand[2], "skills", "skill"),
        (hand[3], "items", "item"),
    ):
        draw_card_back(body, hx, yy - 4, 34, 44, str(n), KIND_COLOURS[kind])
        body.text(hx + 40, yy + 22, label, size=13, fill=MUTED)
        hx += 130
    yy += 52
    pred = obs["predictions"][p]
    _prediction_row(body, x0 + 16, yy, pred, seat)
    yy += 86 if pred[0] >= 0 else 30
    if obs["phase"] == "over":
        _final_line(body, state, p, x0 + 16, yy + 12, w - 32)
        yy += 28
    h = yy - y0 + 6
    key = f"company:{p}" if f"company:{p}" in keys_for else None
    draw_panel(svg, x0, y0, w, h, f"Seat {p}", colour, key=key, key_title=f"predict on seat {p}")
    svg.text(
        x0 + w - 12,
        y0 + 21,
        f"{obs['vp'][p]} VP on the track",
        size=17,
        fill=CREAM,
        weight="bold",
        anchor="end",
    )
    svg.parts.extend(body.parts)
    svg.keys |= body.keys
    return y0 + h


def _final_line(svg: Canvas, state, p: int, x, y, width: float) -> None:
    """The seat's final score and its breakdown (the end report's), cut to `width`."""
    parts = score_parts(state, state.observation(p), p)
    total = sum(v for _label, v in parts)
    text = f"final score {total} VP: " + ", ".join(f"{k} {v}" for k, v in parts)
    fitted_text(svg, x, y, text, width, size=15, weight="bold", fill="#7a2a1a")


def bot_company(svg: Canvas, state, obs, seat: int, p: int, x0, y0, w, keys_for: set) -> float:
    """A Mumanbot: level, score, workers, its face-up predictions and the last ZAP card drawn."""
    g = state.game
    d = g.data
    colour = SEAT_COLOURS[p % 6]
    last = last_zap(state, obs).get(p)
    h = 250 if last or obs["predictions"][p][0] >= 0 else 150
    key = f"company:{p}" if f"company:{p}" in keys_for else None
    draw_panel(
        svg,
        x0,
        y0,
        w,
        h,
        f"Seat {p} — Mumanbot ({LEVEL_TEXT[g.levels[p]]})",
        colour,
        key=key,
        key_title=f"predict on seat {p}",
    )
    svg.text(x0 + w - 12, y0 + 21, f"{obs['vp'][p]} VP", size=17, fill=CREAM, weight="bold", anchor="end")
    y = y0 + 50
    for k in range(obs["mum"][p]):
        draw_muman(svg, x0 + 24 + k * 20, y + 18, colour, h=26)
    placed = ", ".join(d.spaces[loc].id for _w, loc in obs["placed"][p] if isinstance(loc, int))
    svg.text(
        x0 + 24 + max(1, obs["mum"][p]) * 20 + 10,
        y + 12,
        f"{obs['mum'][p]} to place; placed: {placed or 'none'}",
        size=14,
        fill=INK,
    )
    svg.text(
        x0 + 16, y + 44, "scores track VP only: ZAP cards, predictions, +5 for ending", size=13, fill=MUTED
    )
    _prediction_row(svg, x0 + 16, y + 56, obs["predictions"][p], seat, bot=True)
    if last:
        svg.text(x0 + w - 142, y + 6, "last ZAP drawn", size=13, fill=MUTED)
        vp = d.zap[last][1][("easy", "normal", "hard", "extreme").index(g.levels[p])]
        draw_card(svg, d, x0 + w - 142, y + 12, last, 128, 178, note=f"+{vp} VP at {LEVEL_TEXT[g.levels[p]]}")
    if obs["phase"] == "over":
        _final_line(svg, state, p, x0 + 16, y0 + h - 10, w - 180)
    return y0 + h
