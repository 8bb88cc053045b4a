"""Tabletop Inc.'s web board (one SVG from one seat's observation) and which board elements
pick which action: the header, the hourglass, the pending decision's cards, the main board,
the card tracks, the shelf and supply, then the companies (companies.py).  Board keys are
listed in view.py."""

from __future__ import annotations

from automa.rules.presentation import plural, seat_label as _seat_label
from automa.rules.svg import Canvas

from .board_parts import (
    CREAM,
    EDGE,
    INK,
    KIND_COLOURS,
    MUTED,
    PANEL,
    PAPER,
    PIECE_COLOURS,
    SEAT_COLOURS,
    WOOD,
    W,
    draw_card,
    draw_card_back,
    draw_cost_row,
    draw_muman,
    draw_panel,
    draw_prediction_card,
    draw_token,
    fitted_text,
)
from .companies import bot_company, draw_resources, other_company, own_company
from .data import ACTIONS, PIECES, RES
from .words import (
    ACTION_EFFECTS,
    ACTION_TITLES,
    TABLETOP_PHASES,
    TRACK_NAMES,
    amount_text,
    card_label,
    decision_text,
    last_zap,
    pay_text,
    space_text,
    top_task,
)


def _header(svg: Canvas, state, obs, seat: int) -> float:
    svg.rect(0, 0, W, 62, fill=WOOD, stroke=WOOD, rx=0)
    svg.text(18, 38, "Tabletop Inc.", size=26, fill=CREAM, weight="bold")
    who = "you" if obs["to_move"] == seat else (f"seat {obs['to_move']}" if obs["to_move"] >= 0 else "")
    status = f"Hourglass {obs['hourglass']}  ·  {TABLETOP_PHASES.get(obs['phase'], obs['phase'])}"
    if obs["end_by"] >= 0:
        status += f"  ·  end triggered by {_seat_label(obs['end_by'], seat)}" + (
            "" if obs["phase"] == "over" else ": last turns"
        )
    bots = state.game.bots
    status += "  ·  VP " + ", ".join(
        f"{_seat_label(p, seat)}{' (Mumanbot)' if p in bots else ''} {vp}" for p, vp in enumerate(obs["vp"])
    )
    fitted_text(svg, 220, 26, status, W - 560, size=16, fill=CREAM)
    fitted_text(svg, 220, 50, decision_text(state, obs, seat), 800, size=18, fill="#ffe9a8", weight="bold")
    svg.text(
        W - 16,
        26,
        f"you are seat {seat}" + (f"  ·  to move: {who}" if who else ""),
        size=15,
        fill=CREAM,
        anchor="end",
    )
    x = W - 16
    for r in reversed(RES):
        label = "$" if r == "dollar" else r
        x -= 9 * len(label) + 28
        draw_token(svg, x + 9, 45, r, 8)
        svg.text(x + 21, 50, label, size=13, fill=CREAM)
    return 70


def _hourglass(svg: Canvas, state, obs, y: float) -> float:
    """The track around the board as a line: the hourglass, the bonus spaces it collects."""
    d = state.game.data
    start = d.hourglass_start[state.game.params.players] + state.game.params.hourglass_extra
    top = max(start, obs["hourglass"])
    svg.rect(16, y, W - 32, 74, fill=PANEL, stroke=EDGE, rx=8)
    svg.text(28, y + 24, "Hourglass", size=17, weight="bold", fill=INK)
    svg.text(28, y + 45, f"at {obs['hourglass']} of {start}", size=14, fill=MUTED)
    x0, x1 = 150, W - 40
    step = (x1 - x0) / max(1, top)
    svg.line(x0, y + 30, x1, y + 30, stroke=EDGE, stroke_width=6, stroke_linecap="round")
    for v in range(0, top + 1):
        px = x0 + v * step
        tall = 7 if v % 10 == 0 else 3
        svg.line(px, y + 30 - tall, px, y + 30 + tall, stroke="#8b7355", stroke_width=1)
        if v % 10 == 0:
            svg.text(px, y + 54, str(v), size=12, fill=MUTED, anchor="middle")
    for v in d.research_spaces:
        if v <= top:
            draw_token(svg, x0 + v * step, y + 14, "research", 7)
    for v in d.action_spaces:
        if v <= top:
            px = x0 + v * step
            svg.path(
                f"M{px:.1f},{y + 5} L{px + 7:.1f},{y + 14} L{px:.1f},{y + 23} L{px - 7:.1f},{y + 14} Z",
                fill="#d9a520",
                stroke="#5b4420",
                stroke_width=0.8,
            )
    hx = x0 + obs["hourglass"] * step
    svg.path(
        f"M{hx - 8:.1f},{y + 18} h16 l-8,12 l8,12 h-16 l8,-12 z",
        fill=WOOD,
        stroke="#ffe9a8",
        stroke_width=1.2,
    )
    svg.text(
        x1,
        y + 69,
        "a recall moves it 1 space left per worker; passing a ◆ gives any action, "
        "an R gives 1 research; reaching 0 ends the game (+5 VP)",
        size=13,
        fill=MUTED,
        anchor="end",
    )
    return y + 82


def _main_board(svg: Canvas, state, obs, seat: int, x0, y0, keys_for: set) -> float:
    """The 16 actions, each with its spaces in use: cost, bonus, who stands there."""
    g = state.game
    d = g.data
    gw, gap = 200, 8
    svg.text(x0, y0 + 20, "Main board", size=20, weight="bold", fill=INK)
    svg.text(x0 + 150, y0 + 20, "red: the space's cost, green: its bonus", size=14, fill=MUTED)
    y = y0 + 32
    by_action = {a: [sp for sp in g.spaces_in_use if sp.action == a] for a in ACTIONS}
    placed_basic: dict[int, int] = {}
    standee_on: dict[int, str] = {}  # space index -> the specialist standing there
    for p in range(state.n):
        for w, loc in obs["placed"][p]:
            if isinstance(loc, int) and d.spaces[loc].unlimited:
                placed_basic[p] = placed_basic.get(p, 0) + 1
            elif isinstance(loc, int) and w != "m":
                standee_on[loc] = w
    for row in range(4):
        acts = ACTIONS[row * 4 : row * 4 + 4]
        height = max(70 + 32 * len(by_action[a]) for a in acts)
        for col, a in enumerate(acts):
            x = x0 + col * (gw + gap)
            svg.rect(x, y, gw, height, fill="#f3e7cc", stroke=EDGE, rx=8, stroke_width=1.2)
            mark = svg.mark()
            svg.path(f"M{x},{y + 26} v-18 a8,8 0 0 1 8,-8 h{gw - 16} a8,8 0 0 1 8,8 v18 z", fill="#8a6244")
            svg.text(x + 8, y + 19, ACTION_TITLES[a], size=16, fill=CREAM, weight="bold")
            if f"action:{a}" in keys_for:
                svg.wrap_target(mark, f"action:{a}", f"{ACTION_TITLES[a]}: {ACTION_EFFECTS[a]}")
            svg.lines(x + 8, y + 43, ACTION_EFFECTS[a], width=gw - 14, size=13, fill=MUTED, most=2, step=15)
            sy = y + 70 - 4
            for sp in by_action[a]:
                occupant = obs["occ"][sp.idx]
                mark = svg.mark()
                svg.rect(
                    x + 6,
                    sy,
                    gw - 12,
                    28,
                    fill="#fffaf0" if occupant < 0 else "#e9dcc3",
                    stroke="#a88c66",
                    rx=5,
                )
                label = sp.id
                if a == "upgrade" and sp.piece >= 0:
                    label += f" {PIECES[sp.piece][:4]}"
                svg.text(x + 12, sy + 19, label, size=14, weight="bold", fill=INK)
                cx = x + 12 + 10 * len(label) + 12
                if any(sp.cost):
                    cx = draw_cost_row(svg, cx, sy + 14, sp.cost, "-", r=8)
                bonus = sp.bonus
                if any(bonus[:5]):
                    cx = draw_cost_row(svg, cx, sy + 14, bonus, "+", r=8)
                extra = []
                if bonus[5]:
                    extra.append(f"+{bonus[5]} VP")
                if bonus[6]:
                    extra.append("+crystal")
                if bonus[7]:
                    extra.append("+any action")
                if extra:
                    svg.text(cx, sy + 19, " ".join(extra), size=13, fill="#2f7a3a", weight="bold")
                if sp.unlimited:
                    mx = x + gw - 16
                    for p, k in sorted(placed_basic.items(), reverse=True):
                        for _ in range(k):
                            draw_muman(svg, mx, sy + 25, SEAT_COLOURS[p % 6], str(p), h=20)
                            mx -= 13
                elif sp.idx in standee_on:  # an acrylic standee: a tall plate
                    svg.rect(
                        x + gw - 30,
                        sy + 2,
                        16,
                        24,
                        fill=SEAT_COLOURS[occupant % 6],
                        stroke="#ffffff",
                        rx=3,
                        stroke_width=1.5,
                    )
                    svg.text(
                        x + gw - 22,
                        sy + 19,
                        str(occupant),
                        size=11,
                        fill="#ffffff",
                        weight="bold",
                        anchor="middle",
                    )
                elif occupant >= 0:
                    draw_muman(svg, x + gw - 22, sy + 26, SEAT_COLOURS[occupant % 6], str(occupant), h=22)
                who = ""
                if occupant >= 0:
                    who = f"; occupied by {_seat_label(occupant, seat)}" + (
                        f" (standee of {card_label(d, standee_on[sp.idx])})" if sp.idx in standee_on else ""
                    )
                svg.wrap_target(mark, f"space:{sp.id}", space_text(sp) + who)
                sy += 32
        y += height + gap
    return y


def _tracks(svg: Canvas, state, obs, x0, y0) -> float:
    d = state.game.data
    svg.text(x0, y0 + 20, "Card tracks", size=20, weight="bold", fill=INK)
    svg.text(x0 + 150, y0 + 20, "a card costs 1 token on each card to its right", size=14, fill=MUTED)
    y = y0 + 32
    cw, ch, gap = 146, 184, 8
    for key, cards, toks, left in obs["tracks"]:
        svg.text(x0, y + 16, f"{TRACK_NAMES[key].capitalize()}s", size=17, weight="bold", fill=INK)
        draw_card_back(
            svg,
            x0,
            y + 24,
            58,
            ch - 40,
            f"{left}",
            KIND_COLOURS[{"sp": "specialist", "fl": "freelancer", "it": "item"}[key]],
        )
        svg.text(x0 + 29, y + ch + 2, "in deck", size=13, fill=MUTED, anchor="middle")
        for i, (c, t) in enumerate(zip(cards, toks, strict=True)):
            cx = x0 + 66 + i * (cw + gap)
            price = sum(1 for z in cards[i + 1 :] if z)
            if not c:
                svg.rect(cx, y + 24, cw, ch, fill="none", stroke=EDGE, rx=7, stroke_dasharray="5,4")
                svg.text(cx + cw / 2, y + 24 + ch / 2, "empty", size=14, fill=MUTED, anchor="middle")
                continue
            draw_card(svg, d, cx, y + 24, c, cw, ch, key=f"card:{c}", tokens=t)
            svg.text(
                cx + cw / 2,
                y + ch + 40,
                f"slot {i + 1} · " + (plural(price, "token") if price else "free"),
                size=13,
                fill=MUTED,
                anchor="middle",
            )
        y += ch + 50
    return y


def _supply(svg: Canvas, state, obs, x0, y0, w) -> float:
    """Award shelf, the piece supply, the decks and the ZAP deck."""
    g = state.game
    d = g.data
    h = 214
    svg.rect(x0, y0, w, h, fill=PANEL, stroke=EDGE, rx=10)
    # award shelf
    svg.text(x0 + 14, y0 + 24, "Award shelf", size=17, weight="bold", fill=INK)
    for row, level in enumerate((3, 2, 1)):
        ry = y0 + 36 + row * 56
        mark = svg.mark()
        svg.rect(x0 + 14, ry, 190, 50, fill="#d9c4a0", stroke="#8a6d3b", rx=4)
        svg.text(x0 + 22, ry + 31, f"L{level}", size=16, weight="bold", fill=INK)
        for k in range(d.award_tokens[level - 1]):
            tx = x0 + 60 + k * 46
            if k < obs["shelf"][level - 1]:
                svg.circle(tx + 16, ry + 25, 17, fill="#d9a520", stroke="#5b4420", stroke_width=1.2)
                svg.text(
                    tx + 16, ry + 31, str(level), size=16, fill="#4a3410", weight="bold", anchor="middle"
                )
            else:
                svg.circle(tx + 16, ry + 25, 17, fill="none", stroke="#8a6d3b", stroke_dasharray="3,3")
        svg.wrap_target(mark, f"shelf:{level}", f"level-{level} award tokens: {obs['shelf'][level - 1]} left")
    # supply
    sx = x0 + 230
    svg.text(sx, y0 + 24, "Supply (level: how many left, price)", size=17, weight="bold", fill=INK)
    price = {0: "ins", 1: "play", 2: "res"}
    for pi, piece in enumerate(PIECES):
        ry = y0 + 36 + pi * 56
        svg.text(sx, ry + 31, piece, size=15, weight="bold", fill=PIECE_COLOURS[pi])
        for lv in range(1, 5):
            cx = sx + 112 + (lv - 1) * 76
            left = obs["supply"][pi][lv - 1]
            mark = svg.mark()
            svg.rect(
                cx,
                ry,
                72,
                50,
                fill="#fffaf0" if left else "#e1d6c2",
                stroke=PIECE_COLOURS[pi],
                rx=5,
                stroke_width=1.5,
            )
            svg.text(cx + 8, ry + 21, f"L{lv}", size=16, weight="bold", fill=PIECE_COLOURS[pi])
            svg.text(cx + 64, ry + 21, f"x{left}", size=15, anchor="end", fill=INK)
            svg.text(cx + 8, ry + 42, f"{lv} {price[pi]}", size=13, fill=MUTED)
            svg.wrap_target(
                mark,
                f"supply:{piece}:{lv}",
                f"level-{lv} {piece}: {left} left, costs {lv} {('inspiration', 'playtest', 'research')[pi]}",
            )
    # decks
    dx = sx + 430
    svg.text(dx, y0 + 24, "Decks", size=17, weight="bold", fill=INK)
    draw_card_back(svg, dx, y0 + 36, 72, 96, str(obs["skill_deck"]), KIND_COLOURS["skill"])
    svg.text(dx + 36, y0 + 150, "skills", size=13, fill=MUTED, anchor="middle")
    draw_card_back(svg, dx + 82, y0 + 36, 72, 96, str(obs["obj_deck"]), KIND_COLOURS["objective"])
    svg.text(dx + 118, y0 + 150, "objectives", size=13, fill=MUTED, anchor="middle")
    for k, out in enumerate((obs["skill_out"], obs["obj_out"])):
        if out:
            svg.text(dx + 36 + 82 * k, y0 + 168, f"{len(out)} removed", size=13, fill=MUTED, anchor="middle")
    # ZAP
    if g.bots:
        zx = dx + 176
        svg.text(zx, y0 + 24, "ZAP deck (Mumanbot)", size=17, weight="bold", fill=INK)
        if obs["zap_own"]:
            yy = y0 + 48
            for b, left, disc in obs["zap_own"]:
                svg.text(zx, yy, f"seat {b}: {left} in deck, {len(disc)} drawn", size=14, fill=INK)
                yy += 20
        else:
            draw_card_back(svg, zx, y0 + 36, 72, 96, str(obs["zap_deck"]), KIND_COLOURS["ZAP"])
            svg.text(zx + 36, y0 + 150, "to draw", size=13, fill=MUTED, anchor="middle")
            disc = obs["zap_disc"]
            if disc:
                last = last_zap(state, obs)
                who = [b for b, c in last.items() if c == disc[-1]]
                draw_card(
                    svg,
                    d,
                    zx + 84,
                    y0 + 32,
                    disc[-1],
                    124,
                    170,
                    note=f"drawn by seat {who[-1]}" if who else "last drawn",
                )
            svg.text(zx + 36, y0 + 170, f"{len(disc)} drawn", size=13, fill=MUTED, anchor="middle")
    return y0 + h


def _decision_panel(svg: Canvas, state, obs, seat: int, y0: float) -> float:
    """The cards or choices the pending decision brings to the table (revealed skills or
    objectives, the WOW/POW deal, your prediction deck, how many to trade)."""
    d = state.game.data
    stack = obs["stack"]
    if obs["phase"] == "over":
        return y0
    if stack:
        t = stack[-1]
    elif obs["trade"] and obs["to_move"] == seat and any(a[0] == "swap" for a in state.legal_actions()):
        t = ("trade", seat)  # more swaps in the free window (AMB-30)
    else:
        return y0
    kind, owner = t[0], t[1]
    mine = owner == seat and obs["to_move"] == seat
    if kind not in ("train", "obj", "keep", "pcards", "trade", "pick", "tokens", "split"):
        return y0
    if kind in ("keep", "pcards", "trade", "pick", "tokens", "split") and not mine:
        return y0
    h = 110 if kind in ("pick", "tokens", "trade", "split") else 220
    title = {
        "train": "Revealed skill cards",
        "obj": "Revealed objectives",
        "keep": "Cards dealt to you",
        "pcards": "Your prediction deck",
        "trade": "Trade: give, get, how many",
        "pick": "Take resources",
        "tokens": "Pay track tokens",
        "split": "Pay with interchangeable resources",
    }[kind]
    if not mine:
        title += f" (seat {owner} chooses)"
    draw_panel(svg, 16, y0, W - 32, h, title, "#4d6b57")
    x, y = 30, y0 + 42
    if kind == "train":
        off = t[3]
        for k, c in enumerate(t[2]):
            cost = max(0, d.skills[c][2] - off)
            draw_card(
                svg,
                d,
                x + k * 160,
                y,
                c,
                150,
                168,
                key=f"card:{c}" if mine else None,
                note=f"you pay ${cost}" if off else "",
            )
    elif kind == "obj":
        for k, c in enumerate(t[2]):
            draw_card(svg, d, x + k * 160, y, c, 150, 168, key=f"card:{c}" if mine else None)
    elif kind == "keep":
        wows, pows = obs["deal"][seat]
        now = wows if t[2] == "wow" else pows
        svg.text(
            x,
            y + 4,
            "keep one "
            + (
                "WOW card (a lasting ability)"
                if t[2] == "wow"
                else "POW card (a handicap you may pay to remove)"
            ),
            size=15,
            weight="bold",
            fill=INK,
        )
        for k, c in enumerate(now):
            draw_card(svg, d, x + k * 200, y + 14, c, 190, 150, key=f"card:{c}")
        if t[2] == "wow":
            svg.text(x + 440, y + 4, "then keep one of these POW cards", size=15, fill=MUTED)
            for k, c in enumerate(pows):
                draw_card(svg, d, x + 440 + k * 200, y + 14, c, 190, 150, dim=True)
    elif kind == "pcards":
        chosen = t[3]
        svg.text(
            x,
            y + 8,
            f"predicting on seat {t[2]}: 1 research per card (you have {obs['res'][seat][3]}); "
            "chosen: " + (", ".join(ACTION_TITLES[c] for c in chosen) or "none"),
            size=15,
            fill=INK,
        )
        for k, a in enumerate(d.prediction_deck):
            px = x + (k % 8) * 118
            py = y + 20 + (k // 8) * 64
            draw_prediction_card(
                svg,
                px,
                py,
                a,
                w=110,
                key=None if a in chosen else f"pred:{a}",
                dim=a in chosen,
                note="chosen" if a in chosen else "",
            )
        svg.text(
            x + 980,
            y + 40,
            "if every card comes true before your next recall:",
            size=14,
            weight="bold",
            fill=INK,
        )
        for m, (vp, c1, c2) in sorted(d.prediction_rewards.items()):
            extra = (f" + {c1} of $/time/inspiration" if c1 else "") + (
                f" + {c2} of research/playtest" if c2 else ""
            )
            svg.text(
                x + 980,
                y + 42 + 20 * m,
                f"{m} card{'s' if m > 1 else ''}: {vp} VP{extra}",
                size=14,
                fill=MUTED,
            )
    elif kind == "split":
        a, b, total = RES[t[2]], RES[t[3]], t[4]
        have = obs["res"][seat]
        svg.text(
            x,
            y + 6,
            f"{total} to pay in {a} and {b}, in any mix (you have {amount_text(a, have[t[2]])} "
            f"and {amount_text(b, have[t[3]])}); click how to pay:",
            size=15,
            fill=MUTED,
        )
        lo, hi = max(0, total - have[t[3]]), min(total, have[t[2]])
        for k, n in enumerate(range(lo, hi + 1)):
            bx: float = x + k * 140
            mark = svg.mark()
            svg.rect(bx, y + 20, 128, 40, fill="#fffaf0", stroke="#4d6b57", rx=6, stroke_width=1.5)
            draw_token(svg, bx + 20, y + 40, a, 11)
            svg.text(bx + 36, y + 47, str(n), size=18, weight="bold", fill=INK)
            draw_token(svg, bx + 76, y + 40, b, 11)
            svg.text(bx + 92, y + 47, str(total - n), size=18, weight="bold", fill=INK)
            svg.wrap_target(mark, f"pay:{n}", pay_text(a, n, b, total - n))
    else:
        svg.text(x, y + 6, "your resources (click one):", size=15, fill=MUTED)
        end = draw_resources(svg, x + 4, y + 38, obs["res"][seat], True)
        if kind == "trade":
            svg.text(
                end + 30,
                y + 6,
                "within a level ($ / time / inspiration, or research / playtest): "
                "give one, get another, then how many",
                size=15,
                fill=MUTED,
            )
            for k in range(1, max(obs["res"][seat]) + 1):
                bx = end + 30 + (k - 1) * 52
                mark = svg.mark()
                svg.rect(bx, y + 20, 44, 36, fill="#fffaf0", stroke="#4d6b57", rx=6, stroke_width=1.5)
                svg.text(bx + 22, y + 45, f"{k}", size=18, weight="bold", anchor="middle", fill=INK)
                svg.wrap_target(mark, f"amount:{k}", f"trade {k}")
    return y0 + h + 10


def _keys_in_play(state, seat: int) -> set:
    """The keys of the seat's legal actions (which title bars and other panels click)."""
    if state.is_terminal() or state.current_player() != seat:
        return set()
    out: set[str] = set()
    for a in state.legal_actions():
        out.update(action_keys(state, seat, a))
    return out


def board_svg(state, seat: int) -> str:
    """The whole table for `seat` as one SVG (see the module docstring for the keys)."""
    obs = state.observation(seat)
    g = state.game
    svg = Canvas()
    keys_for = _keys_in_play(state, seat)
    y = _header(svg, state, obs, seat)
    y = _hourglass(svg, state, obs, y)
    y = _decision_panel(svg, state, obs, seat, y)
    top = y
    board_end = _main_board(svg, state, obs, seat, 16, top, keys_for)
    tracks_end = _tracks(svg, state, obs, 856, top)
    y = max(board_end, tracks_end) + 4
    y = _supply(svg, state, obs, 16, y, W - 32) + 12
    if seat in g.humans:
        y = own_company(svg, state, obs, seat, y) + 12
    others = [p for p in range(state.n) if p != seat]
    half = (W - 32 - 12) / 2
    col, row_top, row_end = 0, y, y
    for p in others:
        x = 16 + col * (half + 12)
        if p in g.bots:
            end = bot_company(svg, state, obs, seat, p, x, row_top, half, keys_for)
        else:
            end = other_company(svg, state, obs, seat, p, x, row_top, half, keys_for)
        row_end = max(row_end, end)
        col += 1
        if col == 2:
            col, row_top = 0, row_end + 12
    y = row_end + 16
    return svg.document(width=W, height=y, paper=PAPER, font="Georgia, 'DejaVu Serif', serif")


def action_keys(state, seat: int, action) -> tuple:
    """The board keys that pick `action`, in click order; () for end turn, recall, decline."""
    if not isinstance(action, tuple) or not action:
        return ()
    k = action[0]
    top = top_task(state)
    kind = top[0] if top else ""
    if k == "place":
        if len(action) > 2:
            return (f"standee:{action[2]}", f"space:{action[1]}")
        return (f"space:{action[1]}",)
    if k in ("freelancer", "item", "buy_skill", "copy"):
        return (f"card:{action[1]}",)
    if k == "tuck":
        return (f"card:{action[1]}", f"card:{action[2]}")
    if k == "remove_pow":
        p = state.observation(seat)["pow"][seat]
        return (f"card:{p}",) if p else ()
    if k in ("take", "token"):
        return (f"res:{action[1]}",)
    if k == "slot" and kind == "track":
        card = state.tracks[top[2]][action[1]]
        return (f"card:{card}",) if card else ()
    if k == "play":
        return (f"card:{action[1]}", f"seat:{'pow' if action[2] == 6 else action[2] + 1}")
    if k == "buy":
        return (f"supply:{action[1]}:{action[2]}",)
    if k == "upgrade":
        return (f"prod:{action[1]}",)
    if k == "award":
        return (f"shelf:{action[1]}", f"game:{action[2]}")
    if k == "swap":
        return (f"res:{action[1]}", f"res:{action[2]}", f"amount:{action[3]}")
    if k == "keep":
        return (f"card:{action[-1]}",)
    if k == "do":
        return (f"action:{action[1]}",)
    if k == "predict_on":
        return (f"company:{action[1]}",)
    if k in ("predict", "flip"):
        return (f"pred:{action[1]}",)
    if k == "pay":
        return (f"pay:{action[2]}",)
    return ()


#: the main board's actions in three groups a player looks for: what gives resources, what
#: brings cards and people, what builds and sells games
BOARD_SECTIONS = {
    **dict.fromkeys(
        ("basic_resource", "research", "playtest", "multi_resource", "trade"), "Resources: place a worker"
    ),
    **dict.fromkeys(
        ("hire_specialist", "hire_freelancer", "play_card", "train", "get_item", "objective"),
        "Cards and staff: place a worker",
    ),
    **dict.fromkeys(("get_box", "get_part", "upgrade", "publish", "award"), "Production: place a worker"),
}


def action_group(state, seat: int, action) -> str:
    """A heading for long decisions: the part of the main board a space is in, the card being
    played or tucked, the resource given in a trade; "" when the decision is short."""
    if not isinstance(action, tuple) or not action or len(state.legal_actions()) <= 12:
        return ""
    d = state.game.data
    k = action[0]
    if k == "place":
        sp = state.game.space_by_id.get(action[1])
        return BOARD_SECTIONS[sp.action] if sp else ""
    if k == "freelancer":
        return "Your freelancers"
    if k == "tuck":
        return f"Tuck {card_label(d, action[1])}"
    if k == "item":
        return "Use an item"
    if k == "play":
        return f"Play {card_label(d, action[1])}"
    if k == "swap":
        return f"Give {action[1]}"
    if k == "award":
        return f"Level-{action[1]} award"
    if k == "buy":
        return f"Buy a {action[1]}"
    if k == "predict":
        return "Prediction cards"
    if k == "do":
        return "Any main-board action"
    return ""
