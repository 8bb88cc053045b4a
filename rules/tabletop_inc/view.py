"""Tabletop Inc. as a person sees it: card and action wording, the terminal board, the web
board (SVG) and which board elements pick which action.

Everything here reads `state.observation(seat)`, the printed data (`data/*.toml`), the game's
parameters and the public log, never the hidden state.  The data files hold no printed card
names (spec §19: every list is placeholder), so a card is called by its id and a short name
made from what it does ("F13 Playtest freelancer"), followed by its effect where a decision
needs it; the names follow the data, so a corrected data file renames its cards too.

Board keys (``data-key`` in the SVG, returned by `action_keys`):

========================  =====================================================
``space:HS1``             a main-board space (place a muman there)
``action:get_box``        an action's title bar on the main board (action bonus)
``standee:SP04``          one of your available specialist standees
``card:F13``              a card: on a track, in your hand, on a table, revealed
``seat:1`` .. ``seat:6``  a seat of your player table; ``seat:pow`` the POW slot
``res:dollar``            one of your resources (take, pay a token, trade)
``amount:2``              how many to trade
``supply:box:2``          a piece of that level in the supply
``prod:box``              a piece in your production area (upgrade)
``shelf:2``               a row of the award shelf
``game:0``                one of your published games
``pred:train``            a prediction card of your deck
``company:1``             another company (the prediction target)
========================  =====================================================
"""

from __future__ import annotations

import re

from automa.rules.presentation import (
    FinalReport,
    ScoreRow,
    Style,
    plural,
)
from automa.rules.presentation import (
    plain as _plain,
)
from automa.rules.presentation import (
    seat_label as _seat_label,
)
from automa.rules.svg import Canvas, fit, wrap

from .data import ACTIONS, PIECES, RES, get_data
from .scoring import END_BONUS

# --------------------------------------------------------------------------- wording

TABLETOP_PHASES = {
    "setup": "setup",
    "main": "main action (place a muman or recall)",
    "resolve": "resolving an action",
    "post": "free actions, then end the turn",
    "over": "game over",
}

ACTION_TITLES = {
    "basic_resource": "Basic Resource",
    "hire_specialist": "Hire Specialist",
    "play_card": "Play Card",
    "train": "Train",
    "hire_freelancer": "Hire Freelancer",
    "research": "Research",
    "playtest": "Playtest",
    "multi_resource": "Multi Resource",
    "get_item": "Get Item",
    "get_box": "Get Box",
    "get_part": "Get Part",
    "upgrade": "Upgrade",
    "publish": "Publish",
    "award": "Award",
    "trade": "Trade",
    "objective": "Objective",
}

#: §10: what each main-board action does, in a line
ACTION_EFFECTS = {
    "basic_resource": "gain 1 $, time or inspiration; no limit",
    "hire_specialist": "take a specialist from the track",
    "play_card": "put an employee from hand on your table",
    "train": "reveal 4 skill cards, buy up to 1",
    "hire_freelancer": "take a freelancer from the track",
    "research": "gain 2 research",
    "playtest": "gain 2 playtest",
    "multi_resource": "gain up to 3 of $, time, inspiration",
    "get_item": "take an item from the track",
    "get_box": "buy a box: level L costs L inspiration",
    "get_part": "mechanism for L playtest or component for L research",
    "upgrade": "raise a piece to the next level in stock",
    "publish": "publish your finished game",
    "award": "claim an award with a published game",
    "trade": "swap resources 1 for 1 within a level",
    "objective": "reveal 4 objectives, keep up to 1",
}

#: §16.4: a specialist's benefit when its standee does its own action
SPECIALIST_BENEFITS = {
    "objective": "keep up to 2 objectives",
    "research": "gain 4 research, not 2",
    "multi_resource": "gain up to 5, not 3",
    "get_box": "box costs 1 less inspiration",
    "award": "one requirement 1 lower",
    "upgrade": "up to 2 steps",
    "playtest": "gain 4 playtest, not 2",
    "get_part": "research and playtest interchangeable",
    "train": "skill card $1 cheaper",
    "play_card": "play 2 employees",
    "hire_freelancer": "any slot, no tokens",
    "hire_specialist": "any slot, no tokens",
    "publish": "+$1, +1 time, +1 inspiration",
    "get_item": "any slot, no tokens",
}

#: §16.1: a freelancer's name by its effect, and the effect in words ({n} = its amount)
FREELANCERS = {
    "choose_level1": ("Supply freelancer", "gain {n} of $, time, inspiration in any mix"),
    "copy_freelancer": ("Copy freelancer", "do the effect of any other freelancer on a table"),
    "upgrade_two": ("Upgrade freelancer", "upgrade up to {n} steps"),
    "prediction_bonus": ("Prediction freelancer", "turn up {n} face-down prediction {cards}"),
    "vp": ("Publicity freelancer", "gain {n} VP now"),
    "any_action": ("Any-action freelancer", "do any main-board action, no cost or bonus"),
    "objective": ("Objective freelancer", "reveal 4 objectives, keep up to {n}"),
    "get_item_twice": ("Item freelancer", "Get Item twice, paying the track each time"),
    "research": ("Research freelancer", "gain {n} research"),
    "playtest": ("Playtest freelancer", "gain {n} playtest"),
    "choose_level2_upto": ("Lab freelancer", "gain up to {n} research/playtest in any mix"),
}

#: §16.2 WOW abilities: (name, effect)
WOW_TEXT = {
    "award3_21": ("Level-3 awards 21 VP", "each level-3 award scores 21 VP"),
    "skills_two": ("Double skills", "counts 2 of each skill"),
    "component_cheaper": ("Cheap components", "components cost 2 less research"),
    "award1_15": ("Level-1 awards 15 VP", "each level-1 award scores 15 VP"),
    "award2_18": ("Level-2 awards 18 VP", "each level-2 award scores 18 VP"),
    "swap_time_inspiration": ("Time = inspiration", "pay time and inspiration for each other"),
    "swap_dollar_inspiration": ("$ = inspiration", "pay $ and inspiration for each other"),
    "swap_dollar_time": ("$ = time", "pay $ and time for each other"),
    "objective_plus2": ("Objective bonus", "+2 VP per objective met"),
    "box_cheaper": ("Cheap boxes", "boxes cost 2 less inspiration"),
    "prediction_flip_vp": ("Prediction VP", "+1 VP per prediction card turned up"),
    "no_objective_penalty": ("No objective penalty", "failed objectives cost nothing"),
    "double_action_bonus": ("Double action bonus", "every action bonus is done twice"),
}

#: §16.3 POW restrictions: the name says it
POW_TEXT = {
    "no_level4_component": "No level-4 component",
    "no_inspiration_tokens": "No inspiration on tracks",
    "no_four_predictions": "No 4-card prediction",
    "no_level2_award": "No level-2 award",
    "no_level1_award": "No level-1 award",
    "no_level3_award": "No level-3 award",
    "objective_minus1": "Met objectives 1 VP less",
    "objective_penalty_plus1": "Failed objectives 1 VP more",
    "max_four_employees": "At most 4 employees",
    "no_dollar_tokens": "No $ on tracks",
    "no_level4_mechanism": "No level-4 mechanism",
    "no_one_prediction": "No 1-card prediction",
    "no_level4_box": "No level-4 box",
    "no_time_tokens": "No time on tracks",
}

#: §17.3 the ZAP cards' blue boxes
BLUE_TEXT = {
    "award_removal": "removes an award token",
    "objective_discard": "discards an objective",
    "skill_discard": "discards a skill card",
    "freelancer_wipe": "wipes the freelancer track",
    "item_wipe": "wipes the item track",
    "specialist_wipe": "wipes the specialist track",
}

TRACK_NAMES = {"sp": "specialist", "fl": "freelancer", "it": "item"}
LEVEL_TEXT = {"easy": "Easy", "normal": "Normal", "hard": "Hard", "extreme": "Extreme"}


def _data():
    from .game import TabletopGame

    return get_data(TabletopGame.data_dir)


def amount_text(r, n: int) -> str:
    """'$2', '3 research' (r is a resource index or name)."""
    name = RES[r] if isinstance(r, int) else r
    return f"${n}" if name == "dollar" else f"{n} {name}"


def pay_text(a: str, x: int, b: str, y: int) -> str:
    """One way to split a payment between two interchangeable resources: 'pay 1 time and $2'."""
    return "pay " + " and ".join(amount_text(r, n) for r, n in ((a, x), (b, y)) if n)


def cost_text(cost) -> str:
    return " + ".join(amount_text(i, c) for i, c in enumerate(cost[:5]) if c) or "nothing"


def bonus_text(b) -> str:
    """A bonus table (5 resources, VP, prediction bonus, action bonus) in words."""
    parts = [amount_text(i, v) for i, v in enumerate(b[:5]) if v]
    if b[5]:
        parts.append(f"{b[5]} VP")
    if b[6]:
        parts.append("turn up a prediction" if b[6] == 1 else f"turn up {b[6]} predictions")
    if b[7]:
        parts.append("any action" if b[7] == 1 else f"{b[7]} any-actions")
    return ", ".join(parts)


def skills_text(skills) -> str:
    return ", ".join(f"{n} {PIECES[i]}" for i, n in enumerate(skills) if n) or "no skill"


def game_text(game) -> str:
    """A published game (box, mechanism, component levels)."""
    return f"box {game[0]}, mechanism {game[1]}, component {game[2]}"


def objective_condition(d, oid: str) -> str:
    kind, need, _r, _p = d.objectives[oid]
    parts = dict(need) if isinstance(need, tuple) else {}
    if kind == "hold":
        return "hold " + " and ".join(amount_text(r, v) for r, v in need)
    if kind == "published_game_min":
        return "a published game with " + ", ".join(f"{p} {v}+" for p, v in need)
    if kind == "skill_total":
        return ", ".join(f"{p} skill {v}+" for p, v in need)
    if kind == "awards":
        return f"{plural(parts.get('count', 1), 'award')} of level {parts.get('min_level', 1)}+"
    return {
        "freelancers_on_table": "{n} freelancers on your table",
        "specialists_on_table": "{n} specialists on your table",
        "hired_employees_on_table": "{n} employees on your table",
        "tucked_skill_cards": "{n} tucked skill cards",
        "published_games": "{n} published games",
        "production_area_level_sum": "unpublished pieces worth {n}+ levels",
        "items_in_hand": "{n} items in hand",
        "published_game_all_equal_min": "a published game with all parts at one level {n}+",
    }[kind].format(n=need)


def card_kind(d, cid: str) -> str:
    """Which deck a card id belongs to, in words."""
    for kind, pool in (
        ("specialist", d.specialists),
        ("freelancer", d.freelancers),
        ("item", d.items),
        ("skill", d.skills),
        ("WOW", d.wow),
        ("founder", d.founders),
        ("POW", d.pow),
        ("objective", d.objectives),
        ("award card", d.awards),
        ("ZAP", d.zap),
    ):
        if cid in pool:
            return kind
    return ""


def card_name(d, cid: str) -> str:
    """A short name that says what the card is (the data holds no printed names)."""
    if cid in d.specialists:
        return f"{ACTION_TITLES[d.specialists[cid][0]]} specialist"
    if cid in d.freelancers:
        return FREELANCERS[d.freelancers[cid][0]][0]
    if cid in d.items:
        kind, value = d.items[cid]
        if kind == "gain":
            if any(value[:6]):
                return "+" + ", +".join(bonus_text(value[:6] + (0, 0)).split(", "))
            return f"Crystal ball x{value[6]}" if value[6] else "Any action"
        if kind == "free_actions":
            return f"Free {ACTION_TITLES[value[0]]}" if len(value) == 1 else f"{len(value)} free actions"
        if kind == "upgrade":
            return f"{PIECES[value[0]].capitalize()} upgrade x{value[1]}"
        return "Skill " + " ".join(f"+{PIECES[i]}" for i, v in enumerate(value) for _ in range(v))
    if cid in d.skills:
        return (
            " + ".join(PIECES[i].capitalize() for i, v in enumerate(d.skills[cid][0]) for _ in range(v))
            + " skill"
        )
    if cid in d.wow:
        return WOW_TEXT[d.wow[cid][0]][0]
    if cid in d.founders:
        return "Founder"
    if cid in d.pow:
        return POW_TEXT[d.pow[cid][0]]
    if cid in d.objectives:
        return objective_condition(d, cid)
    if cid in d.awards:
        return "Award card"
    if cid in d.zap:
        return ACTION_TITLES[d.zap[cid][0]]
    return cid


def card_parts(d, cid: str) -> tuple[str, str]:
    """(what the card does, its fixed facts: skills it adds, end VP, price), in words."""
    if cid in d.specialists:
        action, skills = d.specialists[cid]
        return (
            f"on {ACTION_TITLES[action]}: {SPECIALIST_BENEFITS.get(action, 'no cost')}; no space cost",
            f"skill: {skills_text(skills)}",
        )
    if cid in d.freelancers:
        eff, n, skills, vp = d.freelancers[cid]
        return FREELANCERS[eff][1].format(
            n=n, cards="card" if n == 1 else "cards"
        ), f"skill: {skills_text(skills)}; {vp} VP at end"
    if cid in d.items:
        kind, value = d.items[cid]
        if kind == "gain":
            if any(value[:6]):
                return "gain " + bonus_text(value), ""
            if value[6]:
                return f"turn up {value[6]} of your face-down predictions", ""
            return "do any main-board action without a worker", ""
        if kind == "free_actions":
            return "do " + ", then ".join(ACTION_TITLES[a] for a in value) + " without a worker", ""
        if kind == "upgrade":
            return f"upgrade your {PIECES[value[0]]} up to {value[1]} steps", ""
        return f"{skills_text(value)} skill for good", ""
    if cid in d.skills:
        skills, benefit, cost = d.skills[cid]
        gain = bonus_text(benefit)
        return f"adds {skills_text(skills)}" + (f"; when tucked: {gain}" if gain else ""), f"price ${cost}"
    if cid in d.wow:
        ability, skills = d.wow[cid]
        return WOW_TEXT[ability][1], f"skill: {skills_text(skills)}"
    if cid in d.founders:
        return "no ability", f"skill: {skills_text(d.founders[cid])}"
    if cid in d.pow:
        return f"remove for {cost_text(d.pow[cid][1])}", ""
    if cid in d.objectives:
        _k, _n, reward, penalty = d.objectives[cid]
        return f"+{reward} VP if met, -{penalty} if not", ""
    if cid in d.awards:
        levels = enumerate(d.awards[cid], 1)
        return "; ".join(f"L{lv} {'/'.join(map(str, req))} {vp} VP" for lv, (req, vp) in levels), ""
    if cid in d.zap:
        action, vps, blue = d.zap[cid]
        ladder = "/".join(str(v) for v in vps)
        return (BLUE_TEXT[blue] if blue else ""), f"VP {ladder} (easy to extreme)"
    return "", ""


def card_effect(d, cid: str) -> str:
    """What the card does and its fixed facts, in a short line."""
    return "; ".join(part for part in card_parts(d, cid) if part)


def card_label(d, cid: str) -> str:
    """'F13 Playtest freelancer': the id and the name."""
    name = card_name(d, cid)
    return cid if name == cid else f"{cid} {name}"


def card_text(d, cid: str) -> str:
    """'F13 Playtest freelancer (gain 4 playtest; ...)': id, name and effect."""
    effect = card_effect(d, cid)
    return card_label(d, cid) + (f" ({effect})" if effect else "")


def space_text(space) -> str:
    """'HS2 Hire Specialist (pay 1 inspiration, gain 1 research)'."""
    parts = []
    if any(space.cost):
        parts.append("pay " + cost_text(space.cost))
    bonus = bonus_text(space.bonus)
    if bonus:
        parts.append("gain " + bonus)
    extra = f" ({', '.join(parts)})" if parts else ""
    return f"{space.id} {ACTION_TITLES[space.action]}{extra}"


#: §16.2: WOW cards that score one award level at a fixed value
AWARD_OVERRIDES = {"award1_15": (1, 15), "award2_18": (2, 18), "award3_21": (3, 21)}


def award_vp(d, acard: str, wow: str, level: int) -> int:
    """What a level-`level` award scores for a company: its award card, or a WOW override."""
    override = AWARD_OVERRIDES.get(d.wow[wow][0] if wow in d.wow else "")
    if override and override[0] == level:
        return override[1]
    return d.awards[acard][level - 1][1] if acard in d.awards else 0


def _top(state):
    return state.stack[-1] if state.stack else None


def action_text(state, action) -> str:
    """An action as its actor reads it: cards by id, name and effect; spaces with what they
    cost and give (the engine's `action_to_string`)."""
    if not isinstance(action, tuple) or not action or not isinstance(action[0], str):
        return repr(action)
    d = state.game.data
    k = action[0]
    top = _top(state)
    kind = top[0] if top else ""
    s = state.current_player() if state.current_player() >= 0 else 0
    if k == "place":
        sp = state.game.space_by_id.get(action[1])
        if sp is None:
            return f"place on {action[1]}"
        if len(action) > 2:
            st = action[2]
            linked = d.specialists.get(st, ("",))[0] == sp.action
            if linked:
                return (
                    f"place {card_label(d, st)}'s standee on {sp.id} {ACTION_TITLES[sp.action]} "
                    f"(linked: no cost, {SPECIALIST_BENEFITS[sp.action]}"
                    + (f", gain {bonus_text(sp.bonus)})" if bonus_text(sp.bonus) else ")")
                )
            return f"place {card_label(d, st)}'s standee on {space_text(sp)}"
        return f"place on {space_text(sp)}"
    if k == "freelancer":
        return f"use your freelancer {card_text(d, action[1])}"
    if k == "recall":
        n = len(state.placed[s])
        return f"recall your {plural(n, 'worker')} (hourglass {state.hourglass} -> {max(0, state.hourglass - n)})"
    if k == "end_turn":
        return "end your turn"
    if k == "tuck":
        sc = action[1]
        return f"tuck {card_label(d, sc)} ({card_effect(d, sc)}) behind {card_label(d, action[2])}"
    if k == "item":
        return f"use item {card_label(d, action[1])}: {card_effect(d, action[1])}"
    if k == "remove_pow":
        p = state.pow[s]
        return (
            f"remove POW {card_label(d, p)} for {cost_text(d.pow[p][1])}"
            if p in d.pow
            else "remove your POW card"
        )
    if k == "take":
        return f"take {amount_text(action[1], 1)}"
    if k == "slot":
        if kind == "track":
            key, linked = top[2], top[3]
            cards = state.tr[key]
            i = action[1]
            if i < len(cards) and cards[i]:
                price = 0 if linked else sum(1 for c in cards[i + 1 :] if c)
                tokens = state.tok[key][i]
                got = cost_text(tokens) if any(tokens) else ""
                return (
                    f"take {card_text(d, cards[i])} from {TRACK_NAMES[key]} slot {i + 1}, "
                    + (f"paying {plural(price, 'token')}" if price else "free")
                    + (f", with {got} on it" if got else "")
                )
        return f"take the card in track slot {action[1] + 1}"
    if k == "token":
        if kind == "tokens":
            key, j = top[2], top[4][0]
            return f"put a {action[1]} token on {card_label(d, state.tr[key][j])}"
        return f"pay a {action[1]} token"
    if k == "play":
        card, slot = action[1], action[2]
        if slot < 6:
            gain = bonus_text(d.table_seats[slot])
            return f"play {card_label(d, card)} to table seat T{slot + 1}" + (
                f" (gain {gain})" if gain else ""
            )
        return f"play {card_label(d, card)} to the empty POW slot (no bonus)"
    if k == "buy_skill":
        off = top[3] if kind == "train" else 0
        skills, benefit, cost = d.skills[action[1]]
        gain = bonus_text(benefit)
        return f"buy {card_label(d, action[1])} for ${max(0, cost - off)} ({skills_text(skills)}" + (
            f"; tuck: {gain})" if gain else ")"
        )
    if k == "buy":
        piece, level = PIECES.index(action[1]), action[2]
        off = top[2] if kind == "box" else 0
        cost = state.piece_cost(s, piece, level, off)
        return f"buy a level-{level} {action[1]} " + (f"for {cost_text(cost)}" if any(cost) else "free")
    if k == "upgrade":
        piece = PIECES.index(action[1])
        now, nxt = state.prod[s][piece], state._upgrade_level(s, piece)
        return f"upgrade your {action[1]} from level {now} to {nxt}" if nxt else f"upgrade your {action[1]}"
    if k == "award":
        level, gi = action[1], action[2]
        games = state.pub[s]
        game = f" ({game_text(games[gi])})" if gi < len(games) else ""
        vp = award_vp(d, state.acard[s], state.wow[s], level)
        return f"claim a level-{level} award ({vp} VP) with published game #{gi + 1}{game}"
    if k == "swap":
        return f"trade {amount_text(action[1], action[3])} for {amount_text(action[2], action[3])}"
    if k == "flip":
        return f"turn your face-down prediction {ACTION_TITLES[action[1]]} face up (as if it came true)"
    if k == "pay":
        return pay_text(*action[1:])
    if k == "keep":
        if len(action) == 3:
            what = "WOW" if action[1] == "wow" else "POW"
            return f"keep {what} {card_label(d, action[2])} ({card_effect(d, action[2])})"
        return f"keep objective {card_label(d, action[1])} ({card_effect(d, action[1])})"
    if k == "do":
        return f"do {ACTION_TITLES[action[1]]}: {ACTION_EFFECTS[action[1]]}"
    if k == "copy":
        return f"copy {card_text(d, action[1])}"
    if k == "predict_on":
        bot = " (Mumanbot)" if action[1] in state.game.bots else ""
        return f"predict on seat {action[1]}{bot}"
    if k == "no_predict":
        return "make no prediction"
    if k == "predict":
        return f"add the prediction {ACTION_TITLES[action[1]]} (1 research)"
    if k == "stop":
        if kind == "pcards":
            return "place the chosen prediction cards face down"
        return {
            "pick": "take no more",
            "upg": "stop upgrading",
            "upg_more": "take no more upgrade steps",
            "trade": "stop trading",
            "obj": "keep no more objectives",
        }.get(kind, "stop")
    if k == "decline":
        return {
            "track": "take no card",
            "play": "play no employee",
            "train": "buy no skill card",
            "box": "buy no box",
            "part": "buy no part",
            "award": "claim no award",
        }.get(kind, "decline")
    return " ".join(str(x) for x in action).replace("_", " ")


_CARD_ID = re.compile(r"\b(?:SP|FD|AC|[FISWPOZ])\d+\b")
_SPACE_ID = re.compile(r"\b[A-Z]{2,3}\d\b|\bBR\b")


def news_text(line: str) -> str:
    """A public log line with cards and spaces named and the engine's action ids in words."""
    d = _data()
    spaces = {sp.id: sp for sp in d.spaces}

    def card(m):
        return card_label(d, m.group(0)) if card_kind(d, m.group(0)) else m.group(0)

    def space(m):
        sp = spaces.get(m.group(0))
        return f"{sp.id} ({ACTION_TITLES[sp.action]})" if sp else m.group(0)

    line = re.sub(r"\b(Z\d+) \(\w+\)", r"ZAP card \1", line)  # the card's name says its action
    line = _SPACE_ID.sub(lambda m: m.group(0) if card_kind(d, m.group(0)) else space(m), line)
    line = _CARD_ID.sub(card, line)
    for a in ACTIONS:
        if "_" in a:
            line = line.replace(a, ACTION_TITLES[a])
    return line


# --------------------------------------------------------------------------- terminal board


def _predictions(cards) -> str:
    """Prediction cards as actions in words; a hidden one is 'face down'."""
    if not isinstance(cards, (list, tuple)):
        cards = [cards]
    shown = [ACTION_TITLES.get(c, str(c)) for c in cards if c not in (None, "?")]
    hidden = sum(1 for c in cards if c in (None, "?"))
    parts = shown + ([f"{hidden} face down"] if hidden else [])
    return ", ".join(parts) or "none"


def _skill_totals(d, obs, p: int) -> list[int]:
    """§8.1 skill totals from what is on the table (WOW/Founder, employees, tucked cards, items)."""
    w = obs["wow"][p]
    tot = list(d.wow[w][1]) if w in d.wow else (list(d.founders[w]) if w in d.founders else [0, 0, 0])
    for card, _slot in obs["emp"][p]:
        sk = d.specialists[card][1] if card in d.specialists else d.freelancers[card][2]
        tot = [a + b for a, b in zip(tot, sk)]
    for _emp, sc in obs["tuck"][p]:
        tot = [a + b for a, b in zip(tot, d.skills[sc][0])]
    return [a + b for a, b in zip(tot, obs["perm"][p])]


def _last_zap(state, obs) -> dict:
    """The last ZAP card each Mumanbot drew, from the public log (seat -> card id)."""
    out = {}
    for line in state.history_text():
        m = re.match(r"Mumanbot (\d+) draws (\w+)", line)
        if m:
            out[int(m.group(1))] = m.group(2)
    for b, _n, disc in obs["zap_own"]:
        if disc:
            out[b] = disc[-1]
    return out


def decision_text(state, obs, seat: int) -> str:
    """What the seat to move is deciding, in a line."""
    d = state.game.data
    stack = obs["stack"]
    mover = obs["to_move"]
    who = "you" if mover == seat else f"seat {mover}"
    if obs["phase"] == "over":
        scores = state.scores()
        best = max(s for s in scores)
        winner = scores.index(best)
        return (
            "game over: "
            + ", ".join(f"{_seat_label(p, seat)} {sc[0]}" for p, sc in enumerate(scores))
            + f" VP; {_seat_label(winner, seat)} {'win' if winner == seat else 'wins'}"
        )
    if not stack:
        if obs["phase"] == "post":
            trade = ", trade more" if obs["trade"] else ""
            return f"{who}: free actions (tuck, item, remove POW{trade}), then end the turn"
        return f"{who}: place a worker on a space or a freelancer, or recall"
    t = stack[-1]
    kind = t[0]
    if kind == "pick":
        group = "$, time or inspiration" if t[2] == 0 else "research or playtest"
        return f"{who}: take {'' if t[4] else 'up to '}{t[3]} of {group}"
    if kind == "track":
        return f"{who}: take a card from the {TRACK_NAMES[t[2]]} track" + (
            " (any slot, no tokens)" if t[3] else ""
        )
    if kind == "tokens":
        target = obs["tracks"][("sp", "fl", "it").index(t[2])][1][t[4][0]]
        return f"{who}: pay a token onto {card_label(d, target)} ({len(t[4])} still to place)"
    if kind == "play":
        return f"{who}: play {plural(t[2], 'employee')} from hand to a table seat"
    if kind == "train":
        return f"{who}: buy up to 1 of the revealed skill cards"
    if kind == "box":
        return f"{who}: buy a box from the supply"
    if kind == "part":
        return f"{who}: buy a mechanism or a component from the supply"
    if kind == "upg":
        return f"{who}: upgrade a piece ({plural(t[2], 'step')} left)"
    if kind == "upg_more":
        return (
            f"{who}: upgrade the {PIECES[t[2]]} one more step, or stop ({plural(t[3], 'more step')} allowed)"
        )
    if kind == "flip":
        return f"{who}: turn {plural(t[2], 'face-down prediction card')} face up, as if they came true"
    if kind == "split":
        return f"{who}: pay {t[4]} of {RES[t[2]]} and {RES[t[3]]} (interchangeable): choose how many of each"
    if kind == "award":
        return f"{who}: claim an award: a shelf level, then a published game"
    if kind == "trade":
        return f"{who}: trade 1 for 1 within a level: give, get, how many"
    if kind == "obj":
        return f"{who}: keep up to {t[3]} of the revealed objectives"
    if kind == "any":
        return f"{who}: do any main-board action (click its title)"
    if kind == "copy":
        return f"{who}: copy the effect of a freelancer on a table"
    if kind == "ptarget":
        return f"{who}: predict on an opponent, or not"
    if kind == "pcards":
        return f"{who}: choose prediction cards on seat {t[2]} (1 research each)"
    if kind == "keep":
        return f"{who}: keep one of the two {'WOW' if t[2] == 'wow' else 'POW'} cards dealt"
    return f"{who}: {kind}"


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
        for i, (c, t) in enumerate(zip(cards, toks)):
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
            last = _last_zap(state, obs).get(p)
            lines.append(
                f"  {style(who, fg='magenta')} Mumanbot ({g.levels[p]}): {obs['vp'][p]} VP, "
                f"workers {obs['mum'][p]}, predicts seat {pt}: {_predictions(pc)}"
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
            f"      skills {skills_text(_skill_totals(d, obs, p))}; production box/mech/comp {prod}; "
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
            lines.append(f"      predictions on seat {pt}: {_predictions(pc)}")
    return "\n".join(lines)


# --------------------------------------------------------------------------- the end


def _name(g, p: int, seat: int) -> str:
    """A seat as the end screen calls it: you, seat 2, seat 1 (Mumanbot, Hard)."""
    if p == seat:
        return "you"
    if p in g.bots:
        return f"seat {p} (Mumanbot, {LEVEL_TEXT[g.levels[p]]})"
    return f"seat {p}"


def score_parts(state, obs, p: int) -> list[tuple[str, int]]:
    """Seat p's final VP by the rulebook's categories (§14.2; a Mumanbot's by §17.6), from the
    engine's own `final_breakdown`: the parts add up to the total the winner is judged by.
    The track is split where the public record says where its VP came from: the hourglass
    bonus of the seat that ended the game and, for a Mumanbot, its turn-order VP."""
    g = state.game
    b = state.final_breakdown(p)
    ended = END_BONUS if obs["end_by"] == p else 0
    if p in g.bots:
        seat_vp = g.data.turn_order_bonus[(p - g.first) % state.n][5]
        parts = [("ZAP cards and predictions", b["track"] - ended - seat_vp)]
        if seat_vp:
            parts.append(("turn-order bonus", seat_vp))
    else:
        parts = [
            ("track VP", b["track"] - ended),
            ("published games", b["published"]),
            ("unpublished game", b["unpublished"]),
            ("objectives", b["objectives"]),
            ("freelancers", b["freelancers"]),
            ("awards", b["awards"]),
        ]
    if ended:
        parts.append(("ending the game", ended))
    return parts


def final_report(state, seat: int) -> FinalReport:
    """The end as the rulebook tells it (§14): every seat's VP with its breakdown (the
    Mumanbots are seats and score their track, §17.6), the tie-break when two seats share the
    most VP (§14.3) and how the hourglass ended the game.  The final scores are public once
    the game is over; everything else comes from `seat`'s observation."""
    g = state.game
    obs = state.observation(seat)
    outcome = state.outcome()
    rows = []
    totals = []
    for p in range(state.n):
        parts = score_parts(state, obs, p)
        total = sum(v for _label, v in parts)
        totals.append(total)
        rows.append(
            ScoreRow(
                name=_name(g, p, seat),
                total=total,
                parts=parts,
                rank=outcome.ranks[p],
                winner=p in outcome.winners,
                automaton=p in g.bots,
                seat=p,
            )
        )
    best = max(totals)
    tied = [p for p in range(state.n) if totals[p] == best]
    winner = outcome.winners[0]
    tiebreak = ""
    if len(tied) > 1:
        names = ", ".join(_name(g, p, seat) for p in tied[:-1]) + " and " + _name(g, tied[-1], seat)
        tiebreak = (
            f"{names} tied on {best} VP; the tied player farthest from the first player "
            f"({_name(g, g.first, seat)}) in turn order wins: {_name(g, winner, seat)}"
        )
    ender = obs["end_by"]
    if ender >= 0:
        who = _name(g, ender, seat)
        reason = (
            f"{who[0].upper()}{who[1:]} moved the hourglass to 0 and gained {END_BONUS} VP; "
            + ("the other seat" if state.n == 2 else "every other seat")
            + " had one last turn, then final scoring. Most VP wins: "
        )
    else:
        reason = "Most VP wins: "
    reason += f"{_name(g, winner, seat)}, with {totals[winner]} VP."
    return FinalReport(rows, reason, tiebreak)


# --------------------------------------------------------------------------- web board

W = 1560
PAPER = "#efe6d2"
PANEL = "#f8f1e1"
EDGE = "#b89f7a"
INK = "#2f261d"
MUTED = "#6f604c"
WOOD = "#6b4a32"
CREAM = "#fdf6e3"
SEAT_COLOURS = ("#c0504d", "#3f7fbf", "#4f9a4a", "#8e63b5", "#e08a2c", "#2a9d8f")
RES_COLOURS = {
    "dollar": "#c9a227",
    "time": "#4a90c2",
    "inspiration": "#e0703a",
    "research": "#7b5aa6",
    "playtest": "#c0392b",
}
RES_LETTERS = {"dollar": "$", "time": "T", "inspiration": "I", "research": "R", "playtest": "P"}
KIND_COLOURS = {
    "specialist": "#3f6f9f",
    "freelancer": "#4f8a4b",
    "item": "#b27a22",
    "skill": "#7b5aa6",
    "WOW": "#a9862a",
    "founder": "#a9862a",
    "POW": "#9d3b34",
    "objective": "#2f8c84",
    "award card": "#8a6d3b",
    "ZAP": "#b0407a",
    "prediction": "#5c6f82",
}
PIECE_COLOURS = ("#9c6b3f", "#5a7d9a", "#7a9a4a")


def _token(svg: Canvas, cx: float, cy: float, res: str, r: float = 9) -> None:
    """A resource token: a disc in the resource's colour with its letter."""
    svg.circle(cx, cy, r, fill=RES_COLOURS[res], stroke="#3a2e22", stroke_width=0.8)
    svg.text(
        cx,
        cy + r * 0.45,
        RES_LETTERS[res],
        size=max(11, int(r * 1.35)),
        fill="#ffffff",
        weight="bold",
        anchor="middle",
    )


def _muman(svg: Canvas, x: float, y: float, colour: str, label: str = "", h: float = 22) -> None:
    """A muman worker shape (head and body), its foot at (x, y)."""
    w = h * 0.7
    svg.circle(x, y - h + w * 0.32, round(w * 0.32, 1), fill=colour, stroke="#2b2119", stroke_width=0.8)
    top = y - h * 0.62
    svg.path(
        f"M{x - w / 2:.1f},{y:.1f} Q{x - w / 2:.1f},{top:.1f} {x:.1f},{top:.1f} "
        f"Q{x + w / 2:.1f},{top:.1f} {x + w / 2:.1f},{y:.1f} Z",
        fill=colour,
        stroke="#2b2119",
        stroke_width=0.8,
    )
    if label:
        svg.text(x, y - 3, label, size=11, fill="#ffffff", weight="bold", anchor="middle")


def _cost_row(svg: Canvas, x: float, y: float, values, sign: str = "", r: float = 9) -> float:
    """Resource tokens with amounts, left to right from x; returns the x after them."""
    for i, v in enumerate(values[:5]):
        if v:
            svg.text(
                x,
                y + 5,
                f"{sign}{v}",
                size=14,
                weight="bold",
                fill="#a8322d" if sign == "-" else "#2f7a3a" if sign == "+" else INK,
            )
            x += 9 * len(f"{sign}{v}") + 2
            _token(svg, x + r, y, RES[i], r)
            x += 2 * r + 6
    return x


def _card(
    svg: Canvas,
    d,
    x,
    y,
    cid: str,
    w=124,
    h=168,
    key: str | None = None,
    note: str = "",
    tokens=None,
    dim=False,
    tucked: str = "",
) -> None:
    """A face-up card: a band in its deck's colour with id and kind, its name and effect;
    at the foot its skills or VP, a tucked skill card, tokens lying on it, a note."""
    kind = card_kind(d, cid)
    colour = KIND_COLOURS.get(kind, "#777")
    mark = svg.mark()
    svg.rect(x, y, w, h, fill="#fffaf0" if not dim else "#e6dccb", stroke=colour, rx=7, stroke_width=2)
    svg.path(f"M{x + 1},{y + 22} v-14 a6,6 0 0 1 6,-6 h{w - 14} a6,6 0 0 1 6,6 v14 z", fill=colour)
    svg.text(x + 6, y + 17, cid, size=14, fill="#ffffff", weight="bold")
    svg.text(
        x + w - 5, y + 17, kind if kind != "award card" else "award", size=13, fill="#ffffff", anchor="end"
    )
    effect, facts = card_parts(d, cid)
    foot = []  # bottom-up: (kind, content)
    if note:
        foot.append(("note", note))
    if tucked:
        foot.append(("tucked", f"+{tucked} {card_name(d, tucked)}"))
    if tokens and any(tokens):
        foot.append(("tokens", tokens))
    fact_lines = wrap(facts, w - 10, 13) if facts else []
    by = y + h - 8
    for what, content in foot:
        if what == "note":
            svg.text(x + 6, by, content, size=13, fill=colour, weight="bold")
        elif what == "tucked":
            svg.text(x + 6, by, fit(content, w - 10, 13), size=13, fill=KIND_COLOURS["skill"], weight="bold")
        else:
            tx = x + 6
            for i, v in enumerate(content):
                for _ in range(v):
                    _token(svg, tx + 8, by - 4, RES[i], 8)
                    tx += 18
            by -= 3
        by -= 18
    room_for_name = (3 if kind == "objective" else 2) if h >= 120 else 1
    yy = svg.lines(
        x + 6,
        y + 39,
        card_name(d, cid),
        width=w - 10,
        size=14,
        weight="bold",
        most=room_for_name,
        fill=INK,
        step=14 + 3,
    )
    free = int((by + 14 - yy) // 16)
    facts_shown = fact_lines[: max(0, min(len(fact_lines), free - 1))] if effect else fact_lines[:free]
    room = max(0, free - len(facts_shown))
    if effect and room:
        svg.lines(x + 6, yy + 1, effect, width=w - 10, size=13, fill=MUTED, most=room, step=16)
    fy = by - 16 * (len(facts_shown) - 1)
    for line in facts_shown:
        svg.text(x + 6, fy, line, size=13, fill="#4b3f30", italic=True)
        fy += 16
    svg.wrap_target(mark, key, card_text(d, cid))


def _card_back(svg: Canvas, x, y, w, h, label: str, colour="#5c6f82") -> None:
    svg.rect(x, y, w, h, fill=colour, stroke="#2b2119", rx=6)
    svg.rect(x + 5, y + 5, w - 10, h - 10, fill="none", stroke="#ffffff", rx=4)
    svg.text(x + w / 2, y + h / 2 + 5, label, size=14, fill="#ffffff", weight="bold", anchor="middle")


def _prediction_card(svg: Canvas, x, y, action: str, w=96, h=52, key=None, dim=False, note="") -> None:
    colour = KIND_COLOURS["prediction"]
    mark = svg.mark()
    svg.rect(x, y, w, h, fill="#eef2f6" if not dim else "#d6d6d6", stroke=colour, rx=6, stroke_width=2)
    svg.lines(
        x + 6,
        y + 19,
        ACTION_TITLES[action],
        width=w - 10,
        size=14,
        weight="bold",
        most=2,
        fill=INK,
        step=14 + 3,
    )
    if note:
        svg.text(x + w - 5, y + h - 6, note, size=12, fill=colour, anchor="end")
    svg.wrap_target(mark, key, f"prediction: {ACTION_TITLES[action]}" + (f" ({note})" if note else ""))


def _panel(svg: Canvas, x, y, w, h, title: str, colour=WOOD, key=None, key_title="") -> None:
    svg.rect(x, y, w, h, fill=PANEL, stroke=EDGE, rx=10, stroke_width=1.5)
    mark = svg.mark()
    svg.path(f"M{x},{y + 30} v-20 a10,10 0 0 1 10,-10 h{w - 20} a10,10 0 0 1 10,10 v20 z", fill=colour)
    svg.text(x + 12, y + 21, title, size=17, fill=CREAM, weight="bold")
    if key:
        svg.wrap_target(mark, key, key_title)


def _header(svg: Canvas, state, obs, seat: int) -> float:
    svg.rect(0, 0, W, 62, fill=WOOD, stroke=WOOD, rx=0)
    svg.text(18, 38, "Tabletop Inc.", size=26, fill=CREAM, weight="bold")
    who = "you" if obs["to_move"] == seat else (f"seat {obs['to_move']}" if obs["to_move"] >= 0 else "")
    status = f"Hourglass {obs['hourglass']}  ·  {TABLETOP_PHASES.get(obs['phase'], obs['phase'])}"
    if obs["end_by"] >= 0:
        status += f"  ·  end triggered by {_seat_label(obs['end_by'], seat)}" + (
            "" if obs["phase"] == "over" else ": last turns"
        )
    svg.text(220, 26, status, size=16, fill=CREAM)
    svg.text(220, 50, fit(decision_text(state, obs, seat), 800, 18), size=18, fill="#ffe9a8", weight="bold")
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
        _token(svg, x + 9, 45, r, 8)
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
            _token(svg, x0 + v * step, y + 14, "research", 7)
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
                    cx = _cost_row(svg, cx, sy + 14, sp.cost, "-", r=8)
                bonus = sp.bonus
                if any(bonus[:5]):
                    cx = _cost_row(svg, cx, sy + 14, bonus, "+", r=8)
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
                            _muman(svg, mx, sy + 25, SEAT_COLOURS[p % 6], str(p), h=20)
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
                    _muman(svg, x + gw - 22, sy + 26, SEAT_COLOURS[occupant % 6], str(occupant), h=22)
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
        _card_back(
            svg,
            x0,
            y + 24,
            58,
            ch - 40,
            f"{left}",
            KIND_COLOURS[{"sp": "specialist", "fl": "freelancer", "it": "item"}[key]],
        )
        svg.text(x0 + 29, y + ch + 2, "in deck", size=13, fill=MUTED, anchor="middle")
        for i, (c, t) in enumerate(zip(cards, toks)):
            cx = x0 + 66 + i * (cw + gap)
            price = sum(1 for z in cards[i + 1 :] if z)
            if not c:
                svg.rect(cx, y + 24, cw, ch, fill="none", stroke=EDGE, rx=7, stroke_dasharray="5,4")
                svg.text(cx + cw / 2, y + 24 + ch / 2, "empty", size=14, fill=MUTED, anchor="middle")
                continue
            _card(svg, d, cx, y + 24, c, cw, ch, key=f"card:{c}", tokens=t)
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
    _card_back(svg, dx, y0 + 36, 72, 96, str(obs["skill_deck"]), KIND_COLOURS["skill"])
    svg.text(dx + 36, y0 + 150, "skills", size=13, fill=MUTED, anchor="middle")
    _card_back(svg, dx + 82, y0 + 36, 72, 96, str(obs["obj_deck"]), KIND_COLOURS["objective"])
    svg.text(dx + 118, y0 + 150, "objectives", size=13, fill=MUTED, anchor="middle")
    out = len(obs["skill_out"]) + len(obs["obj_out"])
    if out:
        svg.text(
            dx,
            y0 + 172,
            f"removed: {len(obs['skill_out'])} skill, {len(obs['obj_out'])} objective",
            size=13,
            fill=MUTED,
        )
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
            _card_back(svg, zx, y0 + 36, 72, 96, str(obs["zap_deck"]), KIND_COLOURS["ZAP"])
            svg.text(zx + 36, y0 + 150, "to draw", size=13, fill=MUTED, anchor="middle")
            disc = obs["zap_disc"]
            if disc:
                last = _last_zap(state, obs)
                who = [b for b, c in last.items() if c == disc[-1]]
                _card(
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


def _res_block(svg: Canvas, x, y, res, keyed: bool, big=True) -> float:
    """Resources as tokens with counts; with keyed=True each is a click target."""
    for i, r in enumerate(RES):
        cx = x + i * (64 if big else 50)
        mark = svg.mark()
        if keyed:
            svg.rect(cx - 4, y - 16, 58, 32, fill="#fffaf0", stroke=RES_COLOURS[r], rx=6, stroke_width=1.2)
        _token(svg, cx + 12, y, r, 12 if big else 9)
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
            _card(
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
            _card_back(svg, px, y + 26, 96, 52, "?", KIND_COLOURS["prediction"])
        else:
            _prediction_card(
                svg,
                px,
                y + 26,
                c,
                note="" if bot else ("came true" if up[k] else "face down"),
                dim=not bot and not up[k],
            )


def _own_company(svg: Canvas, state, obs, seat: int, y0: float) -> float:
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
    _panel(svg, x0, y0, w, h, f"Your company — seat {seat}", colour)
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
    _res_block(svg, x0 + 18, y, obs["res"][seat], True)
    # workers
    wx = x0 + 360
    for k in range(obs["mum"][seat]):
        _muman(svg, wx + 12 + k * 22, y + 14, colour, h=28)
    sx, sy = wx + 12 + obs["mum"][seat] * 22 + 12, y - 14
    for st in obs["stand"][seat]:  # standee chips, flowing onto a second row
        if sx + 150 > x0 + 860:
            sx, sy = wx, sy + 34
        mark = svg.mark()
        svg.rect(sx, sy, 150, 30, fill="#dde8f3", stroke=KIND_COLOURS["specialist"], rx=5, stroke_width=1.5)
        svg.text(
            sx + 6,
            sy + 20,
            fit(f"{st} {ACTION_TITLES[d.specialists[st][0]]}", 140, 13),
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
    svg.text(wx, y - 24, fit(f"workers to place  ·  placed: {where or 'none'}", 500, 14), size=14, fill=MUTED)
    # skills and the award card
    sk = _skill_totals(d, obs, seat)
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
            _card(svg, d, ox + (k % 3) * 132, y + 34 + (k // 3) * 92, o, 124, 86)
        else:
            _card(svg, d, ox + k * 132, y + 34, o, 124, 180)
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
        _card(svg, d, hx, y + 18 + (k // per) * 178, c, 124, 168, key=f"card:{c}")
    px = x0 + 14 + per * 132 + 20
    svg.text(px, y + 8, "Your predictions", size=17, weight="bold", fill=INK)
    flipping = bool(obs["stack"]) and obs["stack"][-1][0] == "flip" and obs["to_move"] == seat
    _own_predictions(svg, px, y + 14, obs["predictions"][seat], seat, flipping)
    if obs["phase"] == "over":
        _final_line(svg, state, seat, x0 + 14, y0 + h - 10)
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
        _prediction_card(
            svg,
            px,
            py,
            c,
            note="came true" if up[k] else "face down",
            dim=not up[k],
            key=f"pred:{c}" if flipping and not up[k] else None,
        )


def _other_company(svg: Canvas, state, obs, seat: int, p: int, x0, y0, w, keys_for: set) -> float:
    """Another person's company: all that is public, the hand as counts, predictions as backs."""
    d = state.game.data
    colour = SEAT_COLOURS[p % 6]
    body = Canvas()
    left = w - 300  # the award card sits on the right
    y = y0 + 54
    _res_block(body, x0 + 16, y, obs["res"][p], False, big=False)
    y += 28
    for k in range(obs["mum"][p]):
        _muman(body, x0 + 24 + k * 18, y + 12, colour, h=24)
    stand = obs["stand"][p]
    text = f"{obs['mum'][p]} mumans" + (f" + standees {', '.join(stand)}" if stand else "") + " to place"
    body.text(x0 + 24 + max(1, obs["mum"][p]) * 18 + 6, y + 6, fit(text, left - 100, 14), size=14, fill=INK)
    y += 28
    sk = _skill_totals(d, obs, p)
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
        body.text(x0 + 70, yy + 18, fit(text, w - 100, 14), size=14, fill=INK)
        if f"card:{c}" in keys_for:
            body.wrap_target(mark, f"card:{c}", card_text(d, c))
        yy += 30
    # objectives, hand, predictions
    yy += 8
    body.text(x0 + 16, yy + 12, "objectives:", size=14, weight="bold", fill=INK)
    oy = yy + 12
    for o in obs["objs"][p]:
        body.text(
            x0 + 110, oy, fit(f"{o} {card_name(d, o)} ({card_effect(d, o)})", w - 130, 14), size=14, fill=INK
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
        _card_back(body, hx, yy - 4, 34, 44, str(n), KIND_COLOURS[kind])
        body.text(hx + 40, yy + 22, label, size=13, fill=MUTED)
        hx += 130
    yy += 52
    pred = obs["predictions"][p]
    _prediction_row(body, x0 + 16, yy, pred, seat)
    yy += 86 if pred[0] >= 0 else 30
    if obs["phase"] == "over":
        _final_line(body, state, p, x0 + 16, yy + 12)
        yy += 28
    h = yy - y0 + 6
    key = f"company:{p}" if f"company:{p}" in keys_for else None
    _panel(svg, x0, y0, w, h, f"Seat {p}", colour, key=key, key_title=f"predict on seat {p}")
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


def _final_line(svg: Canvas, state, p: int, x, y) -> None:
    b = state.final_breakdown(p)
    parts = [f"{k} {v}" for k, v in b.items() if k != "total"]
    svg.text(x, y, f"final score {b['total']}: " + ", ".join(parts), size=15, weight="bold", fill="#7a2a1a")


def _bot_company(svg: Canvas, state, obs, seat: int, p: int, x0, y0, w, keys_for: set) -> float:
    """A Mumanbot: level, score, workers, its face-up predictions and the last ZAP card drawn."""
    g = state.game
    d = g.data
    colour = SEAT_COLOURS[p % 6]
    last = _last_zap(state, obs).get(p)
    h = 250 if last or obs["predictions"][p][0] >= 0 else 150
    key = f"company:{p}" if f"company:{p}" in keys_for else None
    _panel(
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
        _muman(svg, x0 + 24 + k * 20, y + 18, colour, h=26)
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
        _card(svg, d, x0 + w - 142, y + 12, last, 128, 178, note=f"+{vp} VP at {LEVEL_TEXT[g.levels[p]]}")
    if obs["phase"] == "over":
        _final_line(svg, state, p, x0 + 16, y0 + h - 10)
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
    _panel(svg, 16, y0, W - 32, h, title, "#4d6b57")
    x, y = 30, y0 + 42
    if kind == "train":
        off = t[3]
        for k, c in enumerate(t[2]):
            cost = max(0, d.skills[c][2] - off)
            _card(
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
            _card(svg, d, x + k * 160, y, c, 150, 168, key=f"card:{c}" if mine else None)
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
            _card(svg, d, x + k * 200, y + 14, c, 190, 150, key=f"card:{c}")
        if t[2] == "wow":
            svg.text(x + 440, y + 4, "then keep one of these POW cards", size=15, fill=MUTED)
            for k, c in enumerate(pows):
                _card(svg, d, x + 440 + k * 200, y + 14, c, 190, 150, dim=True)
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
            _prediction_card(
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
            bx = x + k * 140
            mark = svg.mark()
            svg.rect(bx, y + 20, 128, 40, fill="#fffaf0", stroke="#4d6b57", rx=6, stroke_width=1.5)
            _token(svg, bx + 20, y + 40, a, 11)
            svg.text(bx + 36, y + 47, str(n), size=18, weight="bold", fill=INK)
            _token(svg, bx + 76, y + 40, b, 11)
            svg.text(bx + 92, y + 47, str(total - n), size=18, weight="bold", fill=INK)
            svg.wrap_target(mark, f"pay:{n}", pay_text(a, n, b, total - n))
    else:
        svg.text(x, y + 6, "your resources (click one):", size=15, fill=MUTED)
        end = _res_block(svg, x + 4, y + 38, obs["res"][seat], True)
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
    out = set()
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
        y = _own_company(svg, state, obs, seat, y) + 12
    others = [p for p in range(state.n) if p != seat]
    half = (W - 32 - 12) / 2
    col, row_top, row_end = 0, y, y
    for p in others:
        x = 16 + col * (half + 12)
        if p in g.bots:
            end = _bot_company(svg, state, obs, seat, p, x, row_top, half, keys_for)
        else:
            end = _other_company(svg, state, obs, seat, p, x, row_top, half, keys_for)
        row_end = max(row_end, end)
        col += 1
        if col == 2:
            col, row_top = 0, row_end + 12
    y = row_end + 16
    return svg.document(width=W, height=y, paper=PAPER, font="Georgia, 'DejaVu Serif', serif")


# --------------------------------------------------------------------------- clicks


def action_keys(state, seat: int, action) -> tuple:
    """The board keys that pick `action`, in click order; () for end turn, recall, decline."""
    if not isinstance(action, tuple) or not action:
        return ()
    k = action[0]
    top = _top(state)
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
        card = state.tr[top[2]][action[1]]
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
