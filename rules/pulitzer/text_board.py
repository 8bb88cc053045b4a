"""Pulitzer's terminal board (`board_text`), what changed since a seat last looked
(`board_changes`) and how another seat's move reads (`move_text`), from the seat's
observation and wrapped for 80 columns."""

from __future__ import annotations

import re

from automa.rules.presentation import Style, plain as _plain, plural

from .data import LINES, SECTIONS
from .state import EVENT_TITLES, F_REG, F_ROW, JX, KIOSK_COLUMNS
from .times import BLUE, COLOUR_NAMES, RED, TIMES
from .words import (
    EVENT_EFFECTS,
    PIN_DECISIONS,
    SECTION_TITLES,
    at_hand_values,
    card_words,
    cell_name,
    column_reward,
    decision_line,
    dollars,
    end_words,
    final_words,
    journalist_label,
    opinion_warning,
    ot_card_words,
    overtime_order,
    owner_word,
    piece_value,
    report_facts,
    score_now,
    space_words,
    string_used,
    times_space_words,
    token_words,
)

_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def _wrap(line: str, width: int = 80) -> list[str]:
    """`line` broken at spaces into lines of at most `width` visible characters; the
    continuation lines are indented two more than the first."""
    if len(_ANSI.sub("", line)) <= width:
        return [line]
    lead = len(line) - len(line.lstrip(" "))
    pad = " " * (lead + 4)
    out: list[str] = []
    cur = ""
    for word in line.lstrip(" ").split(" "):
        head = cur if cur else (" " * lead if not out else pad)
        trial = (cur + " " + word) if cur else head + word
        if cur and len(_ANSI.sub("", trial)) > width:
            out.append(cur)
            cur = pad + word
        else:
            cur = trial
    out.append(cur)
    return out


def board_text(state, seat: int, style: Style = _plain) -> str:
    """The terminal board for `seat`, laid out as the table is (opinion and the automata,
    then the board from the kiosk up, then the newsrooms), wrapped for 80 columns."""
    obs = state.observation(seat)
    g = state.game
    d = g.data
    n = g.n
    lines: list[str] = []

    def who(o: int) -> str:
        word = owner_word(g, seat, o)
        colour = {TIMES: "magenta", RED: "red", BLUE: "blue"}.get(o, "green" if o == seat else None)
        return style(word, fg=colour) if colour else word

    def piece(pc) -> str:
        v = piece_value(g, obs, pc)
        text = f"{who(pc[0])} {'?' if v is None else v}"
        if pc[2]:
            text += f"+{pc[2]}"
        if len(pc) > 3 and pc[3] & F_ROW:
            text += " (row +2)"
        if len(pc) > 3 and pc[3] & F_REG:
            text += " (Registry)"
        return text

    def pieces(sid: int) -> str:
        return ", ".join(piece(pc) for pc in obs["spaces"][sid]) or style("free", dim=True)

    phase = "game over" if obs["over"] else ("placement phase" if obs["placing"] else "resolution phase")
    mode = "solo, the Post against the Times" if g.solo else ("two players" if g.lp else f"{n} players")
    lines.append(style(f"Pulitzer, {mode} — round {obs['round']} of 8, {phase}", bold=True))
    if obs["over"]:
        lines.append(style(f"{end_words(g, obs, seat)}; {final_words(g, obs, seat)}", bold=True))
    else:
        lines.append(style(decision_line(state, seat, obs), bold=True))

    if g.lp:
        capitol, hat = d.opinion[0], d.opinion[1]
        track = " ".join(f"[{v:+d}]" if v == obs["opinion"] else f"{v:+d}" for v in range(capitol, hat + 1))
        lines.append(f"Public opinion: Capitol {track} Hat")
        warn = opinion_warning(g, obs)
        if warn:
            lines.append("  " + style(warn, fg="red", bold=True))
        lines.append(
            f"Turn marker {obs['marker']} of {d.max_turns} (from 6 on the blue agent draws extra cards)"
        )
        if obs["rowh"] and any(obs["rowh"]):
            lines.append(
                "Kiosk rows this round: "
                + ", ".join(
                    f"row {r + 1} {('press', 'tie', 'government')[1 - h[0]]}"
                    for r, h in enumerate(obs["rowh"])
                    if h
                )
            )
    if g.solo:
        lines.append(_times_line(g, obs))

    news = obs["news_top"]
    pay = d.news_pay[news] if news >= 0 else (0,) * 5
    blocked = d.news_blocks[obs["news_turned"]]
    lines.append(
        "News: the kiosk pays at once "
        + ", ".join(f"{KIOSK_COLUMNS[c]} {dollars(pay[c])}" for c in range(g.kcols))
        + "; blocked in the Newspaper: "
        + ", ".join(SECTION_TITLES[SECTIONS[s]] for s in blocked)
    )
    if g.use_events:
        ev = obs["event"]
        if ev >= 0:
            eid = d.events[ev][0]
            lines.append(f"Event: {EVENT_TITLES[eid]}: {EVENT_EFFECTS[eid]}")
            for sid in g.event_sids[: d.events[ev][2]]:
                lines.append(f"  {space_words(g, obs, sid)}: {pieces(sid)}")
        else:
            lines.append("Event: none this round")

    # ---- kiosk
    if g.lp:
        lines.append(
            style("[kiosk] a column's majority takes its reward; the rows move public opinion", bold=True)
        )
    else:
        lines.append(
            style("[kiosk] a column's majority takes its reward; a row's majority takes a house", bold=True)
        )
    for col in range(g.kcols):
        lines.append(f"  {KIOSK_COLUMNS[col]} {dollars(pay[col])} (majority: {column_reward(g, col)})")
        cells = [f"row {row + 1}: {pieces(g.kiosk_sid(col, row))}" for row in range(g.krows)]
        lines.append("    " + " | ".join(cells))
    if not g.lp:
        lines.append(
            "  rows: "
            + " | ".join(
                f"{r + 1} {d.colours[r]} house ({obs['house_supply'][r]} left)" for r in range(g.krows)
            )
        )
    # ---- report area
    if g.archive_sids:
        bonus = ", ".join(
            f"L{k + 1} ("
            + " ".join(f"+{n} {kind}" for n, kind in zip(lower, ("evidence", "line"), strict=False) if n)
            + ")"
            for k, lower in enumerate(d.archive_lower)
        )
        lines.append(
            style(f"[archive] the highest values reach {bonus} and support a bus journalist", bold=True)
        )
        lines.append("  " + " | ".join(f"{i + 1}: {pieces(sid)}" for i, sid in enumerate(g.archive_sids)))
    lines.append(style("[bus] cost, then cards drawn: evidence + line", bold=True))
    for sid in g.bus_sids:
        _cost, ne, nl, name = g.bus[g.aidx[sid]]
        lines.append(f"  {name}, {ne}+{nl}: {pieces(sid)}")
    cur = obs["work"][8]
    if cur and obs["pend"] is not None and obs["pend"][0] in PIN_DECISIONS:
        lines.append("  " + _drawn_words(g, obs, seat, cur))
    agent_cards = obs["work"][7]
    if agent_cards:
        lines.append("  cards revealed: " + ", ".join(card_words(d, c) for c in agent_cards))
    # ---- overtime
    lines.append(
        style(
            f"[overtime] highest values first: {d.ot_reward} take a card, the next "
            f"{d.ot_penalty} destroy an evidence",
            bold=True,
        )
    )
    lines.append("  spaces " + " | ".join(f"{i + 1}: {pieces(sid)}" for i, sid in enumerate(g.ot_sids)))
    order = overtime_order(g, obs)
    if order:
        lines.append(
            "  order: " + ", ".join(f"O{k + 1} {piece(obs['spaces'][sid][0])}" for k, sid in enumerate(order))
        )
    display = [" ".join(ot_card_words(d, c)) for c in obs["ot_display"]]
    lines.append(
        "  display: "
        + (" | ".join(display) or "empty")
        + (
            "; extra card bought this round"
            if obs["extra_bought"]
            else "; telephone: 1 contact reveals an extra card"
        )
    )
    # ---- newspaper
    lines.append(
        style(f"[newspaper] {g.slots} requests per section; its tokens are for next round", bold=True)
    )
    secs = []
    for s, code in enumerate(SECTIONS):
        if s in blocked:
            secs.append(f"{SECTION_WORDS_SHORT[code]}: blocked")
            continue
        slots = list(obs["news_slots"][s]) + [None] * (g.slots - len(obs["news_slots"][s]))
        secs.append(f"{SECTION_WORDS_SHORT[code]}: " + ", ".join("-" if o is None else who(o) for o in slots))
    lines.append("  " + " | ".join(secs))
    lines.append(
        f"  decks: news {obs['news_left']}, evidence {obs['evi_left']}, line {obs['line_left']}, "
        f"overtime {obs['ot_left']}" + (f", events {obs['ev_left']}" if g.use_events else "")
    )
    # ---- newsrooms
    order_seats = [seat] + [p for p in range(n) if p != seat] if 0 <= seat < n else list(range(n))
    for p in order_seats:
        lines += _newsroom_lines(state, g, obs, seat, p, who)
    if (
        0 <= seat < n
        and obs["pend"] is not None
        and obs["pend"][1] == seat
        and obs["pend"][0] in ("pin", "pin_evidence", "pin_line", "destroy", "stmt")
    ):
        lines += _investigation_grid(g, obs, seat)
    out = []
    for line in lines:
        out += _wrap(line)
    return "\n".join(out)


SECTION_WORDS_SHORT = dict(
    ED="Editorial", NR="Newsroom", HR="HR", AD="Administration", RG="Registry", PH="Photo"
)


def _times_line(g, obs) -> str:
    d = g.data
    parts = []
    if obs["times_revealed"]:
        card = d.times_cards[obs["times_revealed"][-1]]
        parts.append(
            f"card {card[0]} ({COLOUR_NAMES[card[1]]}) placed on "
            + ", ".join(times_space_words(g, c) for c in card[2])
        )
    parts.append(f"{plural(obs['times_left'], 'Times card')} left")
    parts.append(f"beat {g.times_target} points")
    parts.append(f"purple X value {obs['times_x']}" if obs["times_hired"] else "purple X not hired")
    pool = obs["times_pool"]
    if isinstance(pool, int):
        parts.append(f"{pool} purple journalists in the pool")
    else:
        parts.append(
            "pool: " + (" ".join(str(obs["times_x"] if j == JX else j + 1) for j in pool) or "empty")
        )
    return "Times: " + "; ".join(parts)


def _drawn_words(g, obs, seat: int, cur) -> str:
    d = g.data
    s, sid, pos, value, ev, ln = cur
    pc = obs["spaces"][sid][pos]
    last = obs["pins"][s][-1] if obs["pins"][s] else d.start
    left = d.string_length - string_used(d, obs["pins"][s])
    return (
        f"drawn by journalist {journalist_label(pc[1])} (value {value}) on {space_words(g, obs, sid)}: "
        + (", ".join(card_words(d, c) for c in ev) or "no evidence card")
        + "; "
        + (", ".join(card_words(d, 100 + c) for c in ln) or "no line card")
        + f"; reach {value} from {cell_name(d, last)}, string {left:.1f} left"
    )


def _newsroom_lines(state, g, obs, seat: int, p: int, who) -> list[str]:
    """A newsroom in a few lines: resources, journalists and HR, tokens and kept cards,
    the report's highlighted evidence and the pins.  Another seat's is more compact."""
    d = g.data
    me = p == seat
    title = owner_word(g, seat, p)
    if g.solo:
        title += " — the Post"
    elif me:
        title += f", P{p}"
    head = (
        f"[{title}] {dollars(obs['money'][p])}, {plural(obs['contacts'][p], 'contact')}, "
        f"score track {obs['points'][p]} (score now {score_now(g, obs, p)}"
        + (f", Times {g.times_target}" if g.solo else "")
        + f"), requests left {obs['req_left'][p]}"
    )
    if obs["pp"] == p and not g.solo:
        head += ", Press Pass"
    if obs["eliminated"][p]:
        head += ", ELIMINATED"
    hand = at_hand_values(g, obs, p)
    if isinstance(hand, int):
        hand_text = f"{hand} journalists at hand (face down)"
    else:
        hand_text = "journalists at hand: " + (
            " ".join(label if label != "X" else f"X(value {v})" for label, v in hand) or "none"
        )
    hr = obs["hr"][p]
    if hr:
        nxt = f", next space {dollars(d.hr[hr][0])}" if hr < len(d.hr) else ", end of the track"
        hr_text = f"HR space {hr}: X value {d.hr[hr - 1][1]}, {plural(d.hr[hr - 1][2], 'point')}{nxt}"
    else:
        hr_text = "X not hired" + (" (a request in HR hires it)" if me else "")
    people = f"  {hand_text}; {hr_text}"
    if obs["arrested"][p]:
        people += "; arrested: " + " ".join(journalist_label(j) for j in obs["arrested"][p])
    tokens = token_words(g, obs["tok_now"][p])
    later = token_words(g, obs["tok_new"][p])
    target, wild_line, wild_evi = obs["evt"][p]
    extras = [
        w
        for w, k in (
            ("target token", target),
            (f"line wildcard x{wild_line}", wild_line),
            (f"evidence wildcard x{wild_evi}", wild_evi),
        )
        if k
    ]
    kept = [card_words(d, c) for c in obs["kept"][p]]
    held = (
        f"tokens this round: {tokens or 'none'}; for next round: {later or 'none'}"
        + (f"; {', '.join(extras)}" if extras else "")
        + f"; kept cards: {', '.join(kept) or 'none'}"
    )
    if not g.lp:
        held += "; houses: " + ", ".join(f"{obs['houses'][p][r]} {d.colours[r]}" for r in range(g.krows))
    rep = report_facts(g, obs, p)

    def names(cells):
        return " ".join(cell_name(d, c) for c in cells) or "-"

    status = f"{len(rep['found'])} of {rep['need']} highlighted found"
    if not rep["reachable"]:
        status += " (out of reach)"
    report = (
        f"  report {rep['id']}: {status}; found {names(rep['found'])}; open {names(rep['open'])}; "
        f"destroyed {names(rep['destroyed'])}"
    )
    pins = [cell_name(d, c) + (" (statement)" if c in obs["stmt"][p] else "") for c in obs["pins"][p]]
    pin_line = (
        f"  pins: {', '.join(pins) or 'none'}; string {string_used(d, obs['pins'][p]):.1f} "
        f"of {d.string_length:g} used"
    )
    if me:
        return [head, people, "  " + held, report, pin_line]
    return [head, people + "; " + held, report + f"; {plural(len(pins), 'pin')}"]


def _investigation_grid(g, obs, seat: int) -> list[str]:
    """The seat's investigation board as a grid: '*' highlighted on the report card, a number
    the pin's order, 'x' destroyed, 's' a statement under the pin."""
    d = g.data
    pins = list(obs["pins"][seat])
    hl = set(d.report_cells[obs["report"][seat]])
    dest = set(obs["destroyed"][seat])
    out = ["  your investigation board (* highlighted, 1.. pins in order, x destroyed, s statement):"]
    cols = [
        LINES[d.cell_line[r * d.n_cols + c]] if d.cell_line[r * d.n_cols + c] >= 0 else "X"
        for r in range(1)
        for c in range(d.n_cols)
    ]
    out.append("       " + "".join(f"{c:<7}" for c in cols).rstrip())
    for r in range(d.n_rows):
        row = []
        for c in range(d.n_cols):
            cell = r * d.n_cols + c
            if d.cell_line[cell] < 0:
                row.append(" ?     ")
                continue
            mark = "*" if cell in hl else " "
            name = d.evidence_types[d.cell_evi[cell]]
            tag = str(pins.index(cell) + 1) if cell in pins else ("x" if cell in dest else "")
            if cell in obs["stmt"][seat]:
                tag += "s"
            row.append(f"{mark}{name}{tag}".ljust(7))
        out.append(f"  {r + 1}   " + "".join(row).rstrip())
    return out


def board_changes(state, seat: int, before: dict, after: dict) -> list[str]:
    """What the seat did not see happen since it last looked (both observations of `seat`):
    the pieces the agents, the Times and other seats placed, the values shown at the reveal
    (printed values, X included), and evidence destroyed on its report."""
    g = state.game
    out = []
    new_round = before.get("round") != after.get("round")
    if new_round or len(before.get("spaces", ())) != len(after.get("spaces", ())):
        old_spaces = [()] * len(after.get("spaces", ()))
    else:
        old_spaces = before["spaces"]
    placed: dict[int, list[tuple]] = {}
    revealed: list[str] = []
    for sid, pieces in enumerate(after.get("spaces", ())):
        old: list[tuple] = list(old_spaces[sid])
        for pc in pieces:
            if pc in old:
                old.remove(pc)
                continue
            # the same piece turned face up, or given a token since: not a new placement
            same = next((q for q in old if q[0] == pc[0] and (q[1] == pc[1] or q[1] < 0 <= pc[1])), None)
            v = piece_value(g, after, pc)
            where = space_words(g, after, sid)
            if same is not None:
                old.remove(same)
                if same[1] < 0 <= pc[1] and pc[0] != seat:
                    revealed.append(f"{owner_word(g, seat, pc[0])} {v} on {where}")
                continue
            if pc[0] == seat:
                continue
            placed.setdefault(pc[0], []).append((v, where))
    names = {TIMES: "Times journalists", RED: "red agents", BLUE: "blue agents"}
    for owner in (RED, BLUE, TIMES) + tuple(range(g.n)):
        if placed.get(owner):
            label = names.get(owner) or f"{owner_word(g, seat, owner)}'s journalists"
            if all(v is None for v, _ in placed[owner]):
                out.append(f"{label} placed face down on " + ", ".join(where for _, where in placed[owner]))
            else:
                out.append(
                    f"{label} placed: "
                    + ", ".join(
                        f"{'face down' if v is None else f'value {v}'} on {where}"
                        for v, where in placed[owner]
                    )
                )
    if revealed:
        out.append("revealed: " + ", ".join(revealed))
    if 0 <= seat < len(after.get("destroyed", ())):
        known = set(before["destroyed"][seat]) if before.get("destroyed") else set()
        gone = [cell_name(g.data, c) for c in after["destroyed"][seat] if c not in known]
        if gone:
            out.append("evidence destroyed on your report: " + ", ".join(gone))
    return out


def move_text(state, action, actor: int, viewer: int) -> str | None:
    """A placement by another seat reads without its journalist (placed face down, §7.3):
    every journalist placed on one space leaves the viewer the same view, so they read alike."""
    if viewer == actor or not isinstance(action, tuple) or not action or action[0] != "place":
        return None
    return f"places a face-down journalist on {space_words(state.game, state.observation(viewer), action[2])}"
