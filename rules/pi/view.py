"""P.I. as a person sees it: the text board, built only from `state.observation(seat)`."""
from __future__ import annotations


from automa.rules.presentation import Style, count as _count, flat as _flat, plain as _plain, seat_label as _seat_label


def board_text(state, seat: int, style: Style = _plain) -> str:
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
        lines.append("  dead leads (kept face up): " + "; ".join(
            f"{_seat_label(p, seat)}: {name(c)}" for p, c in obs["dead_leads"]))
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
