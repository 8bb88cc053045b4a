"""Pulitzer as a person sees it: the text board and what changed since a seat last looked,
built only from `state.observation(seat)` and the printed names of spaces and cells."""
from __future__ import annotations

import re

from automa.rules.presentation import Style, count as _count, flat as _flat, plain as _plain, seat_label as _seat_label


def board_text(state, seat: int, style: Style = _plain) -> str:
    from automa.times import BLUE, RED, TIMES
    obs = state.observation(seat)
    g = state.game
    d = g.data
    n = g.n
    lines = []
    phase = "placement" if obs["placing"] else ("over" if obs["over"] else "resolution")
    head = f"Pulitzer — round {obs['round']}/8, {phase} phase"
    if g.lp:
        head += f"; public opinion {obs['opinion']}, turn marker {obs['marker']}"
    lines.append(style(head, bold=True))
    if g.solo:
        lines.append(f"  Times: target {g.times_target} points, purple X value {obs['times_x']}, "
                     f"{obs['times_left']} Times cards left, {obs['times_pool']} purple journalists in reserve")

    def owner(o: int) -> str:
        if o == TIMES:
            return style("Times", fg="magenta")
        if o == RED:
            return style("red agent", fg="red")
        if o == BLUE:
            return style("blue agent", fg="blue")
        return style("you", fg="green") if o == seat else ("Post" if g.solo else f"P{o}")

    def pieces(sid: int) -> str:
        out = []
        for pc in obs["spaces"][sid]:
            # pieces hold journalist ids (X = 5); the printed value comes from the public HR track
            v = "?" if pc[1] < 0 else str(state.jval(pc[0], pc[1]))
            out.append(f"{owner(pc[0])} {v}" + (f"+{pc[2]}" if len(pc) > 2 and pc[2] else ""))
        return ", ".join(out) or style("free", dim=True)

    lines.append(style("[kiosk]", bold=True))
    names = ("National", "International", "Sports", "Entertainment", "Economy")
    for col in range(g.kcols):
        cells = [f"r{row + 1}: {pieces(g.kiosk_sid(col, row))}" for row in range(g.krows)]
        lines.append(f"  {names[col]:<13} " + " | ".join(cells))
    if g.archive_sids:
        lines.append(style("[archive]", bold=True))
        lines.append("  " + " | ".join(f"{i + 1}: {pieces(sid)}" for i, sid in enumerate(g.archive_sids)))
    lines.append(style("[bus]", bold=True))
    for sid in g.bus_sids:
        lines.append(f"  {state.space_name(sid):<28} {pieces(sid)}")
    lines.append(style("[overtime]", bold=True))
    lines.append("  " + " | ".join(f"{i + 1}: {pieces(sid)}" for i, sid in enumerate(g.ot_sids))
                 + "   display: " + ", ".join(f"#{d.ot_cards[c][0]}" for c in obs["ot_display"]))
    for sid in g.event_sids:
        lines.append(f"  {state.space_name(sid)}: {pieces(sid)}")
    lines.append(f"  newspaper: {obs['news_left']} news cards left; evidence deck {obs['evi_left']}, "
                 f"line deck {obs['line_left']}, overtime deck {obs['ot_left']}")
    lines.append(style("[newsrooms]", bold=True))
    order = [seat] + [p for p in range(n) if p != seat] if 0 <= seat < n else list(range(n))
    for p in order:
        me = p == seat
        label = owner(p)
        row = (f"  {label}: ${obs['money'][p]}00, {obs['contacts'][p]} contacts, {obs['points'][p]} points, "
               f"HR {obs['hr'][p]}")
        if me:
            avail = ", ".join("X" if j >= 5 else str(j + 1) for j in obs["avail"][p]) or "none"
            row += f", requests left {obs['req_left'][p]}, journalists at hand: {avail}"
        lines.append(row)
        rep = obs["report"][p]
        rep_id = d.report_ids[rep] if isinstance(rep, int) and 0 <= rep < len(d.report_ids) else "?"
        pins = ", ".join(state.cell_name(c) for c in obs["pins"][p]) or "none"
        lines.append(f"      report {rep_id}: pins {pins}; destroyed {len(obs['destroyed'][p])}"
                     + (f"; statements {len(obs['stmt'][p])}" if obs['stmt'][p] else "")
                     + ("; ELIMINATED" if obs["eliminated"][p] else ""))
    return "\n".join(lines)


def board_changes(state, seat: int, before: dict, after: dict) -> list[str]:
    """Pieces that appeared on the board since `seat` last looked (both observations of
    `seat`): the agents' and the Times' placements, in words."""
    from automa.times import BLUE, RED, TIMES
    names = {TIMES: "Times journalist", RED: "red agent", BLUE: "blue agent"}
    out = []
    if before.get("round") != after.get("round") or len(before.get("spaces", ())) != len(after.get("spaces", ())):
        old_spaces = [()] * len(after.get("spaces", ()))
    else:
        old_spaces = before["spaces"]
    by_owner: dict[int, list[str]] = {}
    for sid, pieces in enumerate(after.get("spaces", ())):
        old = list(old_spaces[sid])
        for pc in pieces:
            if pc in old:
                old.remove(pc)
                continue
            if pc[0] in names:
                v = "face down" if pc[1] < 0 else f"value {pc[1]}"
                by_owner.setdefault(pc[0], []).append(f"{state.space_name(sid)} ({v})")
    for owner in (RED, BLUE, TIMES):
        if by_owner.get(owner):
            out.append(f"{names[owner]}s placed: " + ", ".join(by_owner[owner]))
    if 0 <= seat < len(after.get("destroyed", ())):
        old = set(before["destroyed"][seat]) if before.get("destroyed") else set()
        gone = [state.cell_name(c) for c in after["destroyed"][seat] if c not in old]
        if gone:
            out.append("evidence destroyed on your report: " + ", ".join(gone))
    return out
