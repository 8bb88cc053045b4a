"""Tabletop Inc. as a person sees it: the text board, built only from `state.observation(seat)`."""
from __future__ import annotations


from automa.rules.presentation import Style, count as _count, flat as _flat, plain as _plain, seat_label as _seat_label


TABLETOP_PHASES = {"setup": "setup", "main": "main action (place a muman or recall)",
                   "resolve": "resolving an action", "post": "free actions, then end the turn",
                   "over": "game over"}


def _predictions(cards) -> str:
    """Prediction cards as actions in words; a hidden one is 'face down'."""
    if not isinstance(cards, (list, tuple)):
        cards = [cards]
    shown = [str(c).replace("_", " ") for c in cards if c not in (None, "?")]
    hidden = sum(1 for c in cards if c in (None, "?"))
    parts = shown + ([f"{hidden} face down"] if hidden else [])
    return ", ".join(parts) or "none"


def board_text(state, seat: int, style: Style = _plain) -> str:
    from automa.rules.tabletop_inc.data import RES
    obs = state.observation(seat)
    g = state.game
    n = g.params.players
    phase = TABLETOP_PHASES.get(obs["phase"], str(obs["phase"]).replace("_", " "))
    lines = [style(f"Tabletop Inc. — hourglass {obs['hourglass']}, {phase}"
                   + (f", end triggered by seat {obs['end_by']}" if obs["end_by"] >= 0 else ""), bold=True)]
    lines.append(style("[card tracks]", bold=True))
    names = {"sp": "specialists", "fl": "freelancers", "it": "items"}
    for key, cards, toks, left in obs["tracks"]:
        cells = " ".join((c or "--") + (f"+{sum(t)}" if sum(t) else "") for c, t in zip(cards, toks))
        lines.append(f"  {names.get(key, key):<12} {cells}   ({left} in deck)")
    lines.append(f"  award shelf: L1 x{obs['shelf'][0]}, L2 x{obs['shelf'][1]}, L3 x{obs['shelf'][2]}; "
                 f"ZAP deck {obs['zap_deck']}, last ZAP {obs['zap_disc'][-1] if obs['zap_disc'] else '-'}")
    lines.append(style("[main board: occupied spaces]", bold=True))
    occ = [f"{sp.id} ({sp.action.replace('_', ' ')}): {_seat_label(obs['occ'][sp.idx], seat)}"
           for sp in g.spaces_in_use if obs["occ"][sp.idx] >= 0]
    lines.append("  " + (", ".join(occ) or "none"))
    lines.append(style("[companies]", bold=True))
    order = [seat] + [p for p in range(n) if p != seat]
    for p in order:
        who = _seat_label(p, seat)
        if p in g.bots:
            pt, pc, _up = obs["predictions"][p]
            lines.append(f"  {style(who, fg='magenta')} Mumanbot ({g.levels[p]}): {obs['vp'][p]} VP, workers {obs['mum'][p]}, "
                         f"predicts seat {pt}: {_predictions(pc)}")
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
            lines.append(f"      predictions on seat {pt}: {_predictions(pc)}")
    return "\n".join(lines)
