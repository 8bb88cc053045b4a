"""Tabletop Inc.'s terminal board: the whole table as lines of text, from one seat's
observation."""

from __future__ import annotations

from automa.rules.presentation import Style, plain as _plain, plural, seat_label as _seat_label

from .words import (
    ACTION_TITLES,
    TABLETOP_PHASES,
    TRACK_NAMES,
    amount_text,
    award_vp,
    card_label,
    card_name,
    card_text,
    cost_text,
    last_zap,
    predictions_text,
    skill_totals,
    skills_text,
)


def board_text(state, seat: int, style: Style = _plain) -> str:
    d = state.game.data
    obs = state.observation(seat)
    g = state.game
    n = g.params.players
    phase = TABLETOP_PHASES.get(obs["phase"], str(obs["phase"]).replace("_", " "))
    lines = [
        style(
            f"Tabletop Inc. — hourglass {obs['hourglass']}, {phase}"
            + (f", end triggered by seat {obs['end_by']}" if obs["end_by"] >= 0 else ""),
            bold=True,
        )
    ]
    lines.append(
        style("[card tracks] a card costs 1 token on each card to its right; take its tokens too", bold=True)
    )
    for key, cards, toks, left in obs["tracks"]:
        lines.append(f"  {TRACK_NAMES[key]}s ({left} in deck):")
        for i, (c, t) in enumerate(zip(cards, toks, strict=True)):
            price = sum(1 for x in cards[i + 1 :] if x)
            if not c:
                lines.append(f"    {i + 1}. (empty)")
                continue
            on = f"; tokens on it: {cost_text(t)}" if any(t) else ""
            cost = plural(price, "token") if price else "free"
            lines.append(f"    {i + 1}. {card_text(d, c)} — {cost}{on}")
    shelf = obs["shelf"]
    zap = ""
    if g.bots:
        disc = obs["zap_disc"]
        zap = f"; ZAP deck {obs['zap_deck']}, last ZAP {card_label(d, disc[-1]) if disc else '-'}"
    lines.append(
        f"  award shelf: L1 x{shelf[0]}, L2 x{shelf[1]}, L3 x{shelf[2]}; skill deck {obs['skill_deck']}, "
        f"objective deck {obs['obj_deck']}{zap}"
    )
    lines.append(style("[main board: occupied spaces]", bold=True))
    occ = [
        f"{sp.id} {ACTION_TITLES[sp.action]}: {_seat_label(obs['occ'][sp.idx], seat)}"
        for sp in g.spaces_in_use
        if obs["occ"][sp.idx] >= 0
    ]
    lines.append("  " + (", ".join(occ) or "none"))
    lines.append(style("[companies]", bold=True))
    order = [seat] + [p for p in range(n) if p != seat]
    for p in order:
        who = _seat_label(p, seat)
        if p in g.bots:
            pt, pc, _up = obs["predictions"][p]
            last = last_zap(state, obs).get(p)
            lines.append(
                f"  {style(who, fg='magenta')} Mumanbot ({g.levels[p]}): {obs['vp'][p]} VP, "
                f"workers {obs['mum'][p]}, predicts seat {pt}: {predictions_text(pc)}"
                + (f"; last drew {card_label(d, last)}" if last else "")
            )
            continue
        res = ", ".join(amount_text(i, v) for i, v in enumerate(obs["res"][p]) if v) or "no resources"
        stand = ", ".join(card_label(d, c) for c in obs["stand"][p]) or "none"
        placed = ", ".join(
            d.spaces[loc].id if isinstance(loc, int) else card_label(d, loc) for _w, loc in obs["placed"][p]
        )
        lines.append(
            f"  {style(who, fg='green' if p == seat else None)}: {obs['vp'][p]} VP; {res}; "
            f"to place: {obs['mum'][p]} mumans, standees {stand}"
            + (f"; placed on {placed}" if placed else "")
        )
        tucked = dict(obs["tuck"][p])
        table = (
            ", ".join(
                card_label(d, c) + (f" (+ {card_label(d, tucked[c])})" if c in tucked else "")
                for c, _slot in obs["emp"][p]
            )
            or "-"
        )
        wow = obs["wow"][p]
        lines.append(f"      table: {table}")
        lines.append(
            f"      WOW {card_text(d, wow) if wow else '-'}"
            + (f" (+ {card_label(d, tucked[wow])})" if wow in tucked else "")
            + f"; POW {card_text(d, obs['pow'][p]) if obs['pow'][p] else '-'}"
        )
        prod = "/".join(str(x) for x in obs["prod"][p])
        games = ", ".join("/".join(map(str, game)) for game in obs["pub"][p]) or "none"
        awards = ", ".join(f"L{lv} with {'/'.join(map(str, game))}" for lv, game in obs["awd"][p]) or "none"
        lines.append(
            f"      skills {skills_text(skill_totals(d, obs, p))}; production box/mech/comp {prod}; "
            f"published {games}; awards {awards}"
        )
        acard = obs["acard"][p]
        if acard:
            levels = "; ".join(
                f"L{lv} needs {'/'.join(map(str, req))} for {award_vp(d, acard, wow, lv)} VP"
                for lv, (req, _vp) in enumerate(d.awards[acard], 1)
            )
            lines.append(f"      {card_label(d, acard)}: {levels}")
        objs = (
            "; ".join(
                f"{o} {card_name(d, o)} (+{d.objectives[o][2]}/-{d.objectives[o][3]})" for o in obs["objs"][p]
            )
            or "-"
        )
        lines.append(f"      objectives: {objs}")
        hand = obs["hands"][p]
        if p == seat:
            for label, cards in (("employees", hand[0]), ("skills", hand[1]), ("items", hand[2])):
                if cards:
                    lines.append(f"      hand {label}: " + "; ".join(card_text(d, c) for c in cards))
            if not any(hand):
                lines.append("      hand: empty")
        else:
            lines.append(
                f"      hand: {hand[0]} specialists, {hand[1]} freelancers, {hand[2]} skills, {hand[3]} items"
            )
        pt, pc, _up = obs["predictions"][p]
        if pt >= 0:
            lines.append(f"      predictions on seat {pt}: {predictions_text(pc)}")
    return "\n".join(lines)
