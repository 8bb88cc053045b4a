"""How Tabletop Inc.'s moves resolve, as plain functions of the state: the free steps (§6),
the main-board actions (§10), taking a card from a track (§9), the recall and the hourglass
(§12), predictions (§13) and freelancer effects (§16.1).  The state's turn loop and its
decision table (state.py) call them; each pushes the decisions it needs onto the state's
stack rather than asking for them."""

from __future__ import annotations

from automa.rules.presentation import plural
from automa.rules.tuples import tuple_with, tuple_without

TRACK_WORDS = {"sp": "specialist", "fl": "freelancer", "it": "item"}
POW_TOKEN_BAN = {"no_inspiration_tokens": 2, "no_dollar_tokens": 0, "no_time_tokens": 1}
POW_L4 = {0: "no_level4_box", 1: "no_level4_mechanism", 2: "no_level4_component"}
POW_AWARD = {1: "no_level1_award", 2: "no_level2_award", 3: "no_level3_award"}


def free_step(state, s: int, action) -> None:
    d = state.game.data
    kind = action[0]
    if kind == "tuck":
        sc, e = action[1], action[2]
        state.hand_skills[s] = tuple_without(state.hand_skills[s], sc)
        state.tucked[s] = {**state.tucked[s], e: sc}  # shared with clones: replaced, not written
        state.gain_bonus(s, d.skills[sc][1])
        state.log(f"seat {s} tucks {sc} behind {e}")
    elif kind == "item":
        it = action[1]
        state.hand_items[s] = tuple_without(state.hand_items[s], it)
        state.deck["it"].insert(0, it)  # bottom of the item deck (§16.5)
        k, v = d.items[it]
        if k == "gain":
            state.gain_bonus(s, v)
        elif k == "free_actions":
            for a in reversed(v):
                state.stack.append(("start", s, a, False, -1))
        elif k == "upgrade":
            upgrade_up_to(state, s, v[0], v[1])
        else:
            p = state.item_skills[s]
            state.item_skills[s] = (p[0] + v[0], p[1] + v[1], p[2] + v[2])
        state.log(f"seat {s} uses item {it}")
    elif kind == "swap":
        state.swap(s, action, *state.trade_masks(s))
    else:
        state.charge(s, d.pow[state.pow[s]][1])
        state.log(f"seat {s} removes POW {state.pow[s]}")
        state.pow[s] = ""


def start_action(state, s: int, a: str, linked: bool, piece: int) -> None:
    d = state.game.data
    st = state.stack
    if a == "basic_resource":
        st.append(("pick", s, 0, 1, 1))
    elif a == "hire_specialist":
        st.append(("track", s, "sp", linked))
    elif a == "hire_freelancer":
        st.append(("track", s, "fl", linked))
    elif a == "get_item":
        st.append(("track", s, "it", linked))
    elif a == "play_card":
        st.append(("play", s, 2 if linked else 1))
    elif a == "train":
        k = d.train_reveal
        deck = state.skill_deck
        rev = tuple(deck[-1 : -k - 1 : -1]) if deck else ()
        del deck[len(deck) - len(rev) :]
        if rev:
            st.append(("train", s, rev, 1 if linked else 0))
    elif a == "research":
        state.resources[s][3] += 4 if linked else 2
    elif a == "playtest":
        state.resources[s][4] += 4 if linked else 2
    elif a == "multi_resource":
        st.append(("pick", s, 0, 5 if linked else 3, 0))
    elif a == "get_box":
        st.append(("box", s, 1 if linked else 0))
    elif a == "get_part":
        st.append(("part", s, 1 if linked else 0))
    elif a == "upgrade":
        if piece >= 0:
            upgrade_up_to(state, s, piece, 2 if linked else 1)
        else:
            st.append(("upg", s, 1))
    elif a == "publish":
        publish(state, s, linked)
    elif a == "award":
        st.append(("award", s, 1 if linked else 0))
    elif a == "trade":
        src, dst = state.trade_masks(s)
        state.trade_open = (src, dst, tuple(state.resources[s]), False)
        st.append(("trade", s, src, dst))
    elif a == "objective":
        objective_reveal(state, s, 2 if linked else 1)


def objective_reveal(state, s: int, keep: int) -> None:
    k = state.game.data.objective_reveal
    deck = state.objective_deck
    rev = tuple(deck[-1 : -k - 1 : -1]) if deck else ()
    del deck[len(deck) - len(rev) :]
    if rev:
        state.stack.append(("obj", s, rev, keep))


def publish(state, s: int, linked: bool) -> None:
    """§10.13: a complete game moves to the published area."""
    p = state.production[s]
    if p[0] and p[1] and p[2]:
        state.published[s] = state.published[s] + ((p[0], p[1], p[2]),)
        state.production[s] = (0, 0, 0)
        if linked:  # SP13
            r = state.resources[s]
            r[0] += 1
            r[1] += 1
            r[2] += 1
        state.log(f"seat {s} publishes a game: box {p[0]}, mechanism {p[1]}, component {p[2]}")


def upgrade_level(state, s: int, piece: int) -> int:
    """§10.12: the next higher level in stock (cap 4; a POW level-4 ban blocks it), or 0."""
    lv = state.production[s][piece]
    if not lv:
        return 0
    sup = state.supply[piece]
    for nl in range(lv + 1, 5):
        if sup[nl - 1] > 0:
            return 0 if nl == 4 and state.restriction(s) == POW_L4[piece] else nl
    return 0


def upgrade_step(state, s: int, piece: int) -> bool:
    """§10.12: one step to the next higher level in stock."""
    nl = upgrade_level(state, s, piece)
    if not nl:
        return False
    sup = list(state.supply[piece])
    sup[nl - 1] -= 1
    sup[state.production[s][piece] - 1] += 1
    state.supply[piece] = tuple(sup)
    state.production[s] = tuple_with(state.production[s], piece, nl)
    return True


def upgrade_up_to(state, s: int, piece: int, steps: int) -> None:
    """§10.12 / §16.4 "up to N steps" (SP06, items I08-I10): one step, then each further
    step only if the seat chooses it, asked only while another step is possible."""
    if upgrade_step(state, s, piece) and steps > 1 and can_upgrade(state, s, piece):
        state.stack.append(("upg_more", s, piece, steps - 1))


def can_upgrade(state, s: int, piece: int) -> bool:
    return bool(upgrade_level(state, s, piece))


def piece_cost(state, s: int, piece: int, level: int, discount: int) -> tuple:
    ab = state.ability(s)
    if piece == 0:
        c = level - discount - (2 if ab == "box_cheaper" else 0)
        return (0, 0, max(0, c), 0, 0)
    if piece == 1:
        return (0, 0, 0, 0, level)
    c = level - (2 if ab == "component_cheaper" else 0)
    return (0, 0, 0, max(0, c), 0)


def award_options(state, s: int, linked: int) -> list:
    d = state.game.data
    out: list = []
    if not state.award_card[s]:
        return out
    card = d.awards[state.award_card[s]]
    ban = state.restriction(s)
    seen: set = set()
    for gi, game in enumerate(state.published[s]):
        if game in seen:
            continue
        seen.add(game)
        for A in (1, 2, 3):
            if not state.shelf[A - 1] or ban == POW_AWARD[A]:
                continue
            req = card[A - 1][0]
            short = sum(max(0, req[i] - game[i]) for i in range(3))
            worst = max(req[i] - game[i] for i in range(3))
            if short == 0 or (linked and short == 1 and worst == 1):
                out.append(("award", A, gi))
    return out


def track_price_ok(state, s: int, key: str, i: int) -> bool:
    need = sum(1 for c in state.tracks[key][i + 1 :] if c)
    if not need:
        return True
    ban = POW_TOKEN_BAN.get(state.restriction(s), -1)
    r = state.resources[s]
    return sum(r[k] for k in range(5) if k != ban) >= need


def take_card(state, s: int, key: str, i: int) -> None:
    """§9: take slot i with its tokens; cards to its left shift right; draw into slot 1."""
    tr, tok = state.tracks[key], state.track_tokens[key]
    card = tr[i]
    t = tok[i]
    r = state.resources[s]
    for k in range(5):
        r[k] += t[k]
    deck = state.deck[key]
    state.tracks[key] = (deck.pop() if deck else "",) + tr[:i] + tr[i + 1 :]
    state.track_tokens[key] = ((0, 0, 0, 0, 0),) + tok[:i] + tok[i + 1 :]
    hand = state.hand_items if key == "it" else state.hand_employees
    hand[s] = hand[s] + (card,)
    state.log(f"seat {s} takes {card} from {TRACK_WORDS[key]} slot {i + 1}")


def refresh_tracks(state) -> None:
    """§15 variant: the rightmost specialist and freelancer go to the bottom of their
    decks; tokens on them stay with the card that moves into the rightmost slot."""
    keys = ("sp", "fl", "it") if state.game.params.refresh_items else ("sp", "fl")
    for key in keys:
        tr, tok = state.tracks[key], state.track_tokens[key]
        card = tr[-1]
        t = tok[-1]
        if card:
            state.deck[key].insert(0, card)
        deck = state.deck[key]
        state.tracks[key] = (deck.pop() if deck else "",) + tr[:-1]
        # tokens of the card that left join those of the card now rightmost
        tok = ((0, 0, 0, 0, 0),) + tok[:-1]
        last = tok[-1]
        state.track_tokens[key] = tok[:-1] + (tuple(last[k] + t[k] for k in range(5)),)


def return_workers(state, s: int) -> int:
    n = 0
    occ = state.occupied
    back = []
    for w, loc in state.placed[s]:
        if isinstance(loc, int):
            occ[loc] = -1 if occ[loc] == s else occ[loc]
        if w == "m":
            state.mumans[s] += 1
        else:
            back.append(w)
        n += 1
    state.standees[s] = tuple(sorted(state.standees[s] + tuple(back)))
    state.placed[s] = ()
    return n


def move_hourglass(state, n: int) -> list[str]:
    """Move the hourglass n toward 0; returns the bonus spaces collected (new <= b < old)."""
    old = state.hourglass
    new = max(0, old - n)
    state.hourglass = new
    d = state.game.data
    got: list[str] = []
    for b in range(old - 1, new - 1, -1):
        if b in d.research_spaces:
            got.append("research")
        if b in d.action_spaces:
            got.append("action")
    return got


def recall(state, s: int) -> None:
    if state.game.params.card_track_refresh:
        refresh_tracks(state)
    n = return_workers(state, s)
    bonuses = move_hourglass(state, n)
    state.log(f"seat {s} recalls {plural(n, 'worker')}; hourglass {state.hourglass}")
    # step 5 starts by discarding the unresolved set (§13.2)
    state.prediction_target[s] = -1
    state.prediction_cards[s] = ()
    state.prediction_up[s] = ()
    state.stack.append(("endcheck", s))
    state.stack.append(("predstart", s))
    d = state.game.data
    for b in reversed(bonuses):
        if b == "research":
            for k in range(5):
                state.resources[s][k] += d.research_gain[k]
        else:
            for _ in range(2 if state.ability(s) == "double_action_bonus" else 1):
                state.stack.append(("any", s, "bonus"))


def pred_placed(state, s: int, action: str) -> None:
    """§13.2 / §17.5: seat s placed a worker on a main-board space of `action`."""
    bots = state.game.bots
    for p in range(state.n):
        if state.prediction_target[p] != s or p == s:
            continue
        cards = state.prediction_cards[p]
        if action not in cards:
            continue
        k = cards.index(action)
        if p in bots:
            state.prediction_cards[p] = cards[:k] + cards[k + 1 :]
            state.vp[p] += 1
            state.log(f"Mumanbot {p} predicted {action.replace('_', ' ')} (+1 VP)")
        elif not state.prediction_up[p][k]:
            flip(state, p, k)


def flip(state, p: int, k: int) -> None:
    state.prediction_up[p] = tuple_with(state.prediction_up[p], k, 1)
    if state.ability(p) == "prediction_flip_vp":  # W11
        state.vp[p] += 1
    if all(state.prediction_up[p]):
        m = len(state.prediction_cards[p])
        vp, c1, c2 = state.game.data.prediction_rewards[m]
        state.vp[p] += vp
        state.prediction_target[p] = -1
        state.prediction_cards[p] = ()
        state.prediction_up[p] = ()
        state.log(f"seat {p}: all {m} predictions came true (+{vp} VP)")
        if c2:
            state.stack.append(("pick", p, 1, c2, 1))
        if c1:
            state.stack.append(("pick", p, 0, c1, 1))


def prediction_bonus(state, s: int, times: int = 1) -> None:
    """Crystal ball (§10.18, F04, F11, I17): turn `times` of the seat's face-down cards face
    up as if they came true, the cards of its choice; wasted if it has none.  With no more
    face-down cards than flips there is nothing to choose and all of them turn at once."""
    if state.prediction_target[s] < 0 or s in state.game.bots:
        return
    down = [k for k, u in enumerate(state.prediction_up[s]) if not u]
    if len(down) > times:
        state.stack.append(("flip", s, times))
        return
    for k in down:
        flip(state, s, k)


def pred_min_max(state, s: int) -> tuple[int, int]:
    r = state.restriction(s)
    return (2 if r == "no_one_prediction" else 1), (3 if r == "no_four_predictions" else 4)


def freelancer_effect(state, s: int, card: str) -> None:
    """§16.1 freelancer effects."""
    eff, amt, _sk, _vp = state.game.data.freelancers[card]
    st = state.stack
    if eff == "choose_level1":
        st.append(("pick", s, 0, amt, 1))
    elif eff == "choose_level2_upto":
        st.append(("pick", s, 1, amt, 0))
    elif eff == "copy_freelancer":
        if copy_targets(state):
            st.append(("copy", s))
    elif eff == "upgrade_two":
        st.append(("upg", s, amt))
    elif eff == "prediction_bonus":
        prediction_bonus(state, s, amt)
    elif eff == "vp":
        state.vp[s] += amt
    elif eff == "any_action":
        st.append(("any", s, "f07"))
    elif eff == "objective":
        objective_reveal(state, s, amt)
    elif eff == "get_item_twice":
        st.append(("track", s, "it", False))
        st.append(("track", s, "it", False))
    elif eff == "research":
        state.resources[s][3] += amt
    elif eff == "playtest":
        state.resources[s][4] += amt


def copy_targets(state) -> list:
    fl = state.game.data.freelancers
    out: list[str] = []
    for p in range(state.n):
        for c, _ in state.employees[p]:
            if c in fl and fl[c][0] != "copy_freelancer":
                out.append(c)
    return sorted(out)
