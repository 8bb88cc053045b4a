"""Tabletop Inc. in words: printed names for cards, spaces and actions, action texts as their
actor reads them, the public log in printed names, and what the seat to move is deciding.

The data files hold no printed card names (spec §19: every list is placeholder), so a card
is called by its id and a short name made from what it does ("F13 Playtest freelancer"),
followed by its effect where a decision needs it; the names follow the data, so a corrected
data file renames its cards too.  The engine's `action_to_string` reads `action_text` here;
nothing in this module imports the engine."""

from __future__ import annotations

import re
from pathlib import Path

import automa.rules.tabletop_inc.resolution as resolution
from automa.rules.presentation import plural, seat_label as _seat_label

from .data import ACTIONS, PIECES, RES, get_data

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
    """The printed data (the game's `data_dir`), read without the engine."""
    return get_data(Path(__file__).parent / "data")


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


def top_task(state):
    return state.stack[-1] if state.stack else None


def action_text(state, action) -> str:
    """An action as its actor reads it: cards by id, name and effect; spaces with what they
    cost and give (the engine's `action_to_string`)."""
    if not isinstance(action, tuple) or not action or not isinstance(action[0], str):
        return repr(action)
    d = state.game.data
    k = action[0]
    top = top_task(state)
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
        after = max(0, state.hourglass - n)
        return f"recall your {plural(n, 'worker')} (hourglass {state.hourglass} -> {after})"
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
            cards = state.tracks[key]
            i = action[1]
            if i < len(cards) and cards[i]:
                price = 0 if linked else sum(1 for c in cards[i + 1 :] if c)
                tokens = state.track_tokens[key][i]
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
            return f"put a {action[1]} token on {card_label(d, state.tracks[key][j])}"
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
        cost = resolution.piece_cost(state, s, piece, level, off)
        return f"buy a level-{level} {action[1]} " + (f"for {cost_text(cost)}" if any(cost) else "free")
    if k == "upgrade":
        piece = PIECES.index(action[1])
        now, nxt = state.production[s][piece], resolution.upgrade_level(state, s, piece)
        return f"upgrade your {action[1]} from level {now} to {nxt}" if nxt else f"upgrade your {action[1]}"
    if k == "award":
        level, gi = action[1], action[2]
        games = state.published[s]
        game = f" ({game_text(games[gi])})" if gi < len(games) else ""
        vp = award_vp(d, state.award_card[s], state.wow[s], level)
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


def predictions_text(cards) -> str:
    """Prediction cards as actions in words; a hidden one is 'face down'."""
    if not isinstance(cards, (list, tuple)):
        cards = [cards]
    shown = [ACTION_TITLES.get(c, str(c)) for c in cards if c not in (None, "?")]
    hidden = sum(1 for c in cards if c in (None, "?"))
    parts = shown + ([f"{hidden} face down"] if hidden else [])
    return ", ".join(parts) or "none"


def skill_totals(d, obs, p: int) -> list[int]:
    """§8.1 skill totals from what is on the table (WOW/Founder, employees, tucked cards, items)."""
    w = obs["wow"][p]
    tot = list(d.wow[w][1]) if w in d.wow else (list(d.founders[w]) if w in d.founders else [0, 0, 0])
    for card, _slot in obs["emp"][p]:
        sk = d.specialists[card][1] if card in d.specialists else d.freelancers[card][2]
        tot = [a + b for a, b in zip(tot, sk, strict=True)]
    for _emp, sc in obs["tuck"][p]:
        tot = [a + b for a, b in zip(tot, d.skills[sc][0], strict=True)]
    return [a + b for a, b in zip(tot, obs["perm"][p], strict=True)]


def last_zap(state, obs) -> dict:
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
