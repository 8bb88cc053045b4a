"""What a human sees at the terminal: one view per game, built ONLY from
`state.observation(seat)` (plus the game's static names of spaces and cells, which are
printed on the board), grouped the way the board is.  A game without a view here, or a
view that fails on an observation it does not expect, falls back to `state.render(seat)`.

`public_action_text` words another seat's move for the humans at the table, hiding what
the rules keep secret (face-down journalist values, Salem's secret choices).
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

from rules.core import format_plain

Style = Callable[..., str]


def _plain(text: str, **_kw) -> str:
    return text


def _flat(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        if not value:
            return "-"
        return " ".join(_flat(v) for v in value)
    if value is None:
        return "-"
    return str(value)


def _count(value: Any) -> int:
    return len(value) if isinstance(value, (list, tuple)) else int(value)


def _seat_label(p: int, seat: int) -> str:
    return "you" if p == seat else f"seat {p}"


def _per_seat(obs: dict, key: str, n: int) -> bool:
    v = obs.get(key)
    return isinstance(v, (list, tuple)) and len(v) == n


def grouped(obs: dict, seat: int, n: int, groups: Sequence[tuple[str, Sequence[str]]], style: Style,
            skip: Sequence[str] = ()) -> list[str]:
    """Sections of an observation: table-wide keys as `key: value`, per-seat keys as one
    row per seat (yours first).  Keys not named in any group end up under 'more'."""
    lines: list[str] = []
    used = set(skip)
    for title, keys in groups:
        keys = [k for k in keys if k in obs]
        used.update(keys)
        if not keys:
            continue
        lines.append(style(f"[{title}]", bold=True))
        seat_keys = [k for k in keys if title.startswith("seats")]
        other = [k for k in keys if k not in seat_keys]
        for k in other:
            lines.append(f"  {k.replace('_', ' ')}: {_flat(obs[k])}")
        if seat_keys:
            order = [seat] + [p for p in range(n) if p != seat] if 0 <= seat < n else list(range(n))
            for p in order:
                parts = [f"{k.replace('_', ' ')} {_flat(obs[k][p])}" for k in seat_keys if _per_seat(obs, k, n)]
                label = _seat_label(p, seat)
                lines.append(f"  {style(label.ljust(7), fg='green' if p == seat else None)} " + "; ".join(parts))
    rest = {k: v for k, v in obs.items() if k not in used}
    if rest:
        lines.append(style("[more]", bold=True))
        lines.append(format_plain(rest, 1))
    return lines


# --------------------------------------------------------------------------- Pulitzer

def pulitzer_view(state, seat: int, style: Style = _plain) -> str:
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


# --------------------------------------------------------------------------- Tabletop Inc.

def tabletop_inc_view(state, seat: int, style: Style = _plain) -> str:
    from rules.tabletop_inc.data import RES
    obs = state.observation(seat)
    g = state.game
    n = g.params.players
    lines = [style(f"Tabletop Inc. — hourglass {obs['hourglass']}, phase {obs['phase']}"
                   + (f", end triggered by seat {obs['end_by']}" if obs["end_by"] >= 0 else ""), bold=True)]
    lines.append(style("[card tracks]", bold=True))
    names = {"sp": "specialists", "fl": "freelancers", "it": "items"}
    for key, cards, toks, left in obs["tracks"]:
        cells = " ".join((c or "--") + (f"+{sum(t)}" if sum(t) else "") for c, t in zip(cards, toks))
        lines.append(f"  {names.get(key, key):<12} {cells}   ({left} in deck)")
    lines.append(f"  award shelf: L1 x{obs['shelf'][0]}, L2 x{obs['shelf'][1]}, L3 x{obs['shelf'][2]}; "
                 f"ZAP deck {obs['zap_deck']}, last ZAP {obs['zap_disc'][-1] if obs['zap_disc'] else '-'}")
    lines.append(style("[main board: occupied spaces]", bold=True))
    occ = [f"{sp.id}={_seat_label(obs['occ'][sp.idx], seat)}" for sp in g.spaces_in_use if obs["occ"][sp.idx] >= 0]
    lines.append("  " + (", ".join(occ) or "none"))
    lines.append(style("[companies]", bold=True))
    order = [seat] + [p for p in range(n) if p != seat]
    for p in order:
        who = _seat_label(p, seat)
        if p in g.bots:
            pt, pc, _up = obs["predictions"][p]
            lines.append(f"  {style(who, fg='magenta')} Mumanbot ({g.levels[p]}): {obs['vp'][p]} VP, workers {obs['mum'][p]}, "
                         f"predicts seat {pt}: {_flat(pc)}")
            continue
        res = ", ".join(f"{RES[i]} {v}" for i, v in enumerate(obs["res"][p]) if v) or "no resources"
        lines.append(f"  {style(who, fg='green' if p == seat else None)}: {obs['vp'][p]} VP; {res}; "
                     f"workers {obs['mum'][p]} + standees {_flat(obs['stand'][p])}")
        lines.append(f"      table {_flat([c for c, *_ in obs['emp'][p]])}; WOW {obs['wow'][p] or '-'}; "
                     f"POW {obs['pow'][p] or '-'}; published {len(obs['pub'][p])}; awards {len(obs['awd'][p])}")
        hand = obs["hands"][p]
        if p == seat:
            lines.append(f"      hand: employees {_flat(hand[0])}; skills {_flat(hand[1])}; items {_flat(hand[2])}; "
                         f"objectives {_flat(obs['objs'][p])}")
        else:
            lines.append(f"      hand: {hand[0]} specialists, {hand[1]} freelancers, {hand[2]} skills, {hand[3]} items")
        pt, pc, _up = obs["predictions"][p]
        if pt >= 0:
            lines.append(f"      predictions on seat {pt}: {_flat(pc)}")
    return "\n".join(lines)


# --------------------------------------------------------------------------- the others (grouped)

def pi_view(state, seat: int, style: Style = _plain) -> str:
    obs = state.observation(seat)
    d = state.game.data
    n = obs["players"]
    lines = [style(f"P.I. — mini-game {obs['minigame'] + 1}/{d.mini_games}, round {obs['round']}, "
                   f"a solution is worth {obs['value']} VP", bold=True)]
    lines.append(style("[city: area, suspect tile, crime tile, investigators]", bold=True))
    for a in range(len(d.area_names)):
        s, c = obs["suspect_tiles"][a], obs["crime_tiles"][a]
        inv = [_seat_label(p, seat) for p in range(n) if obs["investigator_areas"][p] >> a & 1]
        lines.append(f"  {d.area_names[a]:<16} {d.suspect_names[s] if s >= 0 else '-':<14} "
                     f"{d.crime_names[c] if c >= 0 else '-':<18} {', '.join(inv)}")
    name = lambda c: d.card_names[c] if 0 <= c < len(d.card_names) else str(c)
    lines.append(style("[evidence]", bold=True))
    lines.append("  display: " + ", ".join(name(c) for c in obs["display"]))
    lines.append(f"  deck {obs['deck_size']}; discard: " + (", ".join(name(c) for c in obs["discard"]) or "-"))
    if obs.get("dead_leads"):
        lines.append("  dead leads: " + _flat(obs["dead_leads"]))
    if obs.get("hand"):
        s, c, a = obs["hand"][:3]
        lines.append(style("[the case you hold, for your neighbour]", bold=True))
        lines.append(f"  {d.suspect_names[s]} / {d.crime_names[c]} / {d.area_names[a]}")
    lines.append(style("[detectives]", bold=True))
    for p in [seat] + [q for q in range(n) if q != seat]:
        solved = f"solved in round {obs['solved'][p]}" if obs["solved"][p] else "unsolved"
        lines.append(f"  {style(_seat_label(p, seat).ljust(7), fg='green' if p == seat else None)} "
                     f"score {obs['scores'][p]}, penalties {obs['penalties'][p]}, "
                     f"investigators left {obs['investigators_left'][p]}, {solved}")
    ps, pc = obs["pending"]
    if ps >= 0:
        lines.append(f"  solving: {d.suspect_names[ps]}" + (f" / {d.crime_names[pc]}" if pc >= 0 else ""))
    return "\n".join(lines)


def watergate_view(state, seat: int, style: Style = _plain) -> str:
    obs = state.observation(seat)
    d = state.game.data
    side = ("Editor", "Nixon")
    me = side[seat] if seat in (0, 1) else str(seat)
    card = lambda c: d.cards[c].name if 0 <= c < len(d.cards) else str(c)
    lines = [style(f"Watergate — round {obs['round']}, you are the {me}", bold=True)]
    lines.append(style("[tracks]", bold=True))
    lines.append(f"  initiative {obs['initiative']}, momentum {obs['momentum']}; momentum cards "
                 f"{_flat(obs['momentum_cards'])}; research track {_flat(obs['track'])}")
    lines.append(style("[evidence board]", bold=True))
    taken = [f"{d.space_names[i]}={v}" for i, v in enumerate(obs["board"]) if v >= 0 and i < len(d.space_names)]
    lines.append("  tokens: " + (", ".join(taken) or "none") + f"; bag {_count(obs['bag'])}, supply {obs['supply']}")
    if obs.get("chain"):
        lines.append("  connection: " + _flat(obs["chain"]))
    lines.append(style("[your cards]", bold=True))
    lines.append("  hand: " + (", ".join(card(c) for c in obs["hand"]) or "-"))
    lines.append(style("[players]", bold=True))
    for p in (seat, 1 - seat):
        lines.append(f"  {side[p]:<7} hand {obs['hand_sizes'][p]}, deck {obs['deck_sizes'][p]}, discard: "
                     + (", ".join(card(c) for c in obs["discards"][p]) or "-"))
    return "\n".join(lines)


def salem_view(state, seat: int, style: Style = _plain) -> str:
    obs = state.observation(seat)
    n = len(obs.get("alive", ())) or state.num_players()
    groups = [("town", ("turn", "deck_n", "discard", "centre", "supply", "night_zone", "night_in_deck",
                        "night_victim", "victim", "gavel", "votes", "result")),
              ("you", ("hand", "char", "my_confess", "my_gavel", "known_ew", "facts", "hand_facts")),
              ("seats", ("alive", "fu", "fd_n", "reds", "tokens", "coins", "stocks", "hand_n", "announced"))]
    lines = [style(f"Salem 1692 — you are seat {seat}", bold=True)]
    if obs.get("fd") is not None:
        lines.append(f"  your face-down trial cards: {_flat(obs['fd'])}")
    lines += grouped(obs, seat, n, groups, style, skip=("seat", "fd", "tasks", "dec"))
    return "\n".join(lines)


VIEWS = {
    "pulitzer": pulitzer_view,
    "tabletop_inc": tabletop_inc_view,
    "pi": pi_view,
    "watergate": watergate_view,
    "salem": salem_view,
}


def render_view(state, seat: int, style: Style = _plain) -> str:
    """The game's view for `seat`, or `state.render(seat)` when it has none (or it fails)."""
    view = VIEWS.get(state.game.name)
    if view is not None:
        try:
            return view(state, seat, style)
        except (KeyError, IndexError, TypeError, ValueError, AttributeError):
            pass
    return state.render(seat)


# --------------------------------------------------------------------------- what changed

def pulitzer_changes(state, seat: int, before: dict, after: dict) -> list[str]:
    """Pieces that appeared on the board since `seat` last looked (both observations of
    `seat`): the agents' and the Times' placements, in words."""
    from automa.times import BLUE, RED, TIMES
    names = {TIMES: "Times journalist", RED: "red agent", BLUE: "blue agent"}
    g = state.game
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


CHANGES = {"pulitzer": pulitzer_changes}


def board_changes(state, seat: int, before, after) -> list[str]:
    fn = CHANGES.get(state.game.name)
    if fn is None:
        return []
    try:
        return fn(state, seat, before or {}, after)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        return []


# --------------------------------------------------------------------------- others' moves

def public_action_text(state, action, actor: int, viewers: Sequence[int]) -> str:
    """How `actor`'s move (not yet applied to `state`) reads to the humans `viewers`.

    Per game: face-down journalist values (Pulitzer §7.3) and Salem's secret choices are
    masked.  Any game: when another legal action would leave every viewer's observation
    exactly the same, the viewers cannot tell the two apart, so the move is not named."""
    text = state.action_to_string(action)
    if actor in viewers or not viewers:
        return text
    name = state.game.name
    kind = action[0] if isinstance(action, tuple) and action else None
    if name == "pulitzer" and kind == "place":
        import re
        return re.sub(r"journalist \d+", "a face-down journalist", text)
    if name == "salem":
        from rules.salem.state import SECRET_KINDS
        if kind in SECRET_KINDS:
            return "makes a secret choice"
    try:
        legal = state.legal_actions()
        if 1 < len(legal) <= 120:
            def seen(a):
                child = state.clone()
                child._apply(a)
                return [child.observation(v) for v in viewers]
            mine = seen(action)
            for other in legal:
                if other != action and seen(other) == mine:
                    return "makes a choice hidden from you"
    except Exception:   # a view must never end the game; the text is then shown as is
        pass
    return text
