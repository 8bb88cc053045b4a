"""Salem 1692's decisions: for each kind of decision, the legal list (`la_<kind>`) and its
effect (`ap_<kind>`) side by side, as plain functions of the state.

A pending decision is `state.dec = (kind, pos, payload)`: seat `pos` decides, `la_<kind>(state,
pos, payload)` lists its legal actions, and `ap_<kind>(state, pos, payload, action)` applies
the one chosen (pushing tasks for resolution.py, or asking the next decision).  The state's
`legal_actions` and `_apply` call the commonest kinds directly and the rest through `LEGAL`
and `APPLY`.  The table of kinds, who decides and what each does is in state.py's docstring.
"""

from __future__ import annotations

from typing import Any

from automa.rules.draws import randbelow, shuffle

from . import resolution as _res
from .state import (
    ACCUSED_SEAT,
    ANY_SEAT,
    BLESSED_SEAT,
    CONFESS_ACTIONS,
    CONFESS_KINDS,
    CONFESS_NONE,
    HUMAN_SEAT,
    MARKED_SEAT,
    ROBBED_SEAT,
    SLEEP,
    TITUBA_DONE,
    TOKEN_SEAT,
    SalemState,
    _seat_actions,
)


def la_keep(s: SalemState, p, pay):
    return [("keep", pay[0]), ("keep", pay[1])]


def ap_keep(s: SalemState, p, pay, a):
    s.townhall_kept[p] = a[1]
    s.tasks.append(("th_ask", p + 1))


def living_actions(s: SalemState, kind: str, but: int = -1) -> list:
    """(kind, q) for every living seat q but `but`, in seat order."""
    acts = _seat_actions(kind, s.N)
    alive = s.alive
    return [acts[q] for q in range(s.N) if alive[q] and q != but]


def la_dawn(s: SalemState, p: int, pay: Any) -> list:
    if s.ever_witch[p]:
        return living_actions(s, "cat")
    return [SLEEP]


def ap_dawn(s: SalemState, p: int, pay: Any, a: Any) -> None:
    if a[0] == "cat":
        s.votes[p] = a[1]
    s.tasks.append(("dawn_ask", p + 1))


def la_victim(s: SalemState, p: int, pay: Any) -> list:
    return living_actions(s, "victim")


def ap_victim(s: SalemState, p: int, pay: Any, a: Any) -> None:
    s.votes[p] = a[1]
    s.tasks.append(("night_ask", p, 1))


def la_gavel(s: SalemState, p: int, pay: Any) -> list:
    if s._cache_rules.ghost_mode:
        return [("gavel", -1)] + living_actions(s, "gavel")
    return living_actions(s, "gavel", p)


def ap_gavel(s: SalemState, p: int, pay: Any, a: Any) -> None:
    s.gavel = a[1]
    s.tasks.append(("night_ask", p + 1, 0))


def la_sleep(s: SalemState, p: int, pay: Any) -> list:
    return [SLEEP]


def ap_sleep(s: SalemState, p: int, pay: Any, a: Any) -> None:
    if pay and pay[0] == 0:
        s.tasks.append(("night_ask", p, 1))
    else:
        s.tasks.append(("night_ask", p + 1, 0))


def la_confess(s: SalemState, p: int, pay: Any) -> list:
    out: list[Any] = [CONFESS_NONE]
    row: list = s.face_down[p]
    for i in range(len(CONFESS_KINDS)):
        if CONFESS_KINDS[i] in row:
            out.append(CONFESS_ACTIONS[i])
    if (
        s._may_have(p, "phips")
        and s.abil(p) == "phips"
        and s._used(p, "phips") < s._param("phips", "uses", 1)
    ):
        out.append(("confess", "phips"))
    return out


def ap_confess(s: SalemState, p: int, pay: Any, a: Any) -> None:
    if a[1] != "none":
        s.confess[p] = a[1]
    s.tasks.append(("confess_ask", p + 1))


def la_tituba(s: SalemState, p, pay):
    """D4: use the ability now (look through the deck, then order it) or leave the deck.
    Offered whenever the deck holds two cards or more: its size is public, its contents
    are not, so the offer tells nobody anything."""
    if len(s.deck) >= 2:
        return [("tituba", "look"), ("tituba", "skip")]
    return [("tituba", "skip")]


def ap_tituba(s: SalemState, p, pay, a):
    if a[1] == "look":
        s._use(p, "tituba")
        s.deck_known = p  # she alone knows the order until the next rebuild
        s.night_zone = len(s.deck) + 1  # the Night may now be anywhere (16)
        s.log.append(("{} rearranges the deck (Tituba)", p))
        s._ask("tituba_order", p, (0,))
        return
    s._ask("action", p)


def la_tituba_order(s: SalemState, p: int, pay: Any) -> list:
    """A-44: the card to put next from the top (pay[0] cards are placed already), one
    action per kind of card among the rest since identical cards are interchangeable;
    or leave the rest in its order.  Card by card, every order of the deck is reachable."""
    deck: list[str] = s.deck
    rest = set(deck[: len(deck) - pay[0]])
    ids = s._cache_rules.card_ids
    actions = s._cache_rules.tituba_actions
    out = [TITUBA_DONE]
    for i in range(len(ids)):
        if ids[i] in rest:
            out.append(actions[i])
    return out


def ap_tituba_order(s: SalemState, p: int, pay: Any, a: Any) -> None:
    """Put the chosen card right below the cards placed so far (the deck's top is the
    end of the list); the rest keeps its order.  The last card needs no choice."""
    if a[1] == "done":
        s._ask("action", p)
        return
    deck: list[str] = s.deck
    kind: str = a[1]
    top: int = len(deck) - pay[0]
    i = top - 1  # the chosen kind's card nearest the top
    while deck[i] != kind:
        i -= 1
    deck.insert(top - 1, deck.pop(i))
    placed: int = pay[0] + 1
    if len(deck) - placed >= 2:
        s._ask("tituba_order", p, (placed,))
    else:
        s._ask("action", p)


def add_card_plays(s: SalemState, p: int, out: list) -> None:
    """The cards p may play now, in card order, appended to `out`: each card once, if
    some living other seat can be its target (as `_la_target` would list them)."""
    hand = s.hand[p]
    if not hand:
        return
    n_others = s._n_living_others(p)
    if not n_others:  # nobody else alive to play a card on
        return
    card_rule: dict[str, int] = s._cache_rules.card_rule
    cards = sorted(hand)
    for i in range(len(cards)):
        c = cards[i]
        if i and cards[i - 1] == c:
            continue
        rule = card_rule[c]
        if rule == ANY_SEAT:
            ok = True
        elif rule == MARKED_SEAT:  # Scapegoat moves from one other seat to another
            ok = n_others >= 2 and count_targets(s, p, rule, "", 1) > 0
        elif rule == ROBBED_SEAT:  # two other seats to take from and give to
            ok = count_targets(s, p, rule, "", 2) >= 2
        elif rule == BLESSED_SEAT:
            # some centre token has a recipient (`_bless_targets`): any token but the
            # Matchmaker goes to any other living seat
            centre = s.centre
            ok = bool(centre) and (
                any(tok != "matchmaker" for tok in centre) or count_targets(s, p, rule, "matchmaker", 1) > 0
            )
        else:
            ok = count_targets(s, p, rule, "", 1) > 0
        if rule == ACCUSED_SEAT and s.abil(p) == "griggs":
            out.append(("play", "alibi_w"))
        if ok:
            out.append(("play", c))


def is_target(s: SalemState, rule: int, q: int, tok: str) -> bool:
    """Whether a card whose `TARGET_RULE` is `rule` can name the living other seat q
    (`tok`: the token a Blessing gives)."""
    if rule == ANY_SEAT:
        return True
    if rule == ACCUSED_SEAT:
        return alibi_ok(s, q)
    if rule == MARKED_SEAT:
        return bool(s.reds[q] or s.stocks[q] or s.tokens[q])
    if rule == HUMAN_SEAT or rule == ROBBED_SEAT:
        return not s._cache_rules.is_ghost[q]
    if rule == TOKEN_SEAT:
        return bool(s.tokens[q])
    if rule == BLESSED_SEAT:
        return not (tok == "matchmaker" and "matchmaker" in s.tokens[q])
    return False


def count_targets(s: SalemState, p: int, rule: int, tok: str, enough: int) -> int:
    """How many living other seats `_is_target` allows, counted up to `enough`."""
    alive = s.alive
    n = 0
    for q in range(s.N):
        if q != p and alive[q] and is_target(s, rule, q, tok):
            n += 1
            if n >= enough:
                break
    return n


def add_looks(s: SalemState, p: int, out: list) -> None:
    if s.coins[p] <= 0:
        return
    acts = _seat_actions("look", s.N)
    alive = s.alive
    fd = s.face_down
    for q in range(s.N):
        if q != p and alive[q] and fd[q]:
            out.append(acts[q])


def la_action(s: SalemState, p: int, pay: Any) -> list:
    out: list[Any] = [("draw",)]
    if (
        s._may_have(p, "parris")
        and s.abil(p) == "parris"
        and s._used(p, "parris") < s._param("parris", "uses", 2)
        and any(s.game.data.colour[c] != "black" for c in s.discard)
    ):
        out.append(("parris",))
    if s._cache_rules.ghost_mode:
        g: tuple[bool, ...] = s._cache_rules.is_ghost
        peeks = _seat_actions("peek", s.N)
        for q in range(s.N):
            if g[q] and s.alive[q] and s.face_down[q]:
                out.append(peeks[q])
    add_card_plays(s, p, out)
    add_looks(s, p, out)
    return out


def ap_action(s: SalemState, p: int, pay: Any, a: Any) -> None:
    head = a[0]
    if head == "draw":
        s.tasks.append(("next_turn",))
        giles = s._may_have(p, "giles") and s.abil(p) == "giles"
        s.tasks.append(("draw", p, 2, giles))
    elif head == "parris":
        s._use(p, "parris")
        s._ask("parris", p, (0,))
    elif head == "peek":
        q = a[1]
        c = s.face_down[q][randbelow(len(s.face_down[q]), s.rng)]
        s._add_fact(p, q, c)
        s.tasks.append(("next_turn",))
        s.tasks.append(("discard_top", p, 2))
    elif head == "look":
        look(s, p, a[1])
        s._ask("action", p)
    else:
        start_play(s, p, a[1])


def la_play(s: SalemState, p: int, pay: Any) -> list:
    out: list[Any] = [("end",)]
    add_card_plays(s, p, out)
    add_looks(s, p, out)
    return out


def ap_play(s: SalemState, p: int, pay: Any, a: Any) -> None:
    head = a[0]
    if head == "end":
        s.tasks.append(("next_turn",))
    elif head == "look":
        look(s, p, a[1])
        s._ask("play", p)
    else:
        start_play(s, p, a[1])


def alibi_ok(s: SalemState, q: int) -> bool:
    reds = s.reds[q]
    if not reds:
        return False
    if "accusation" in reds:
        return True
    return "evidence" in reds and bool(alibi_options(s, q))


def alibi_options(s: SalemState, q: int) -> list:
    cot = s.abil(q) == "cotton"
    na = s.reds[q].count("accusation")
    ne = s.reds[q].count("evidence")
    ev = s._param("cotton", "value", 1) if cot else s.game.data.value.get("evidence", 3)
    budget = s.game.data.alibi_budget
    out = []
    for a in range(min(na, budget) + 1):
        for e in range(ne + 1):
            if a + e and a + e * ev <= budget:
                out.append(("alibi", a, e))
    return out


def bless_targets(s: SalemState, p: int, tok: str) -> list[int]:
    alive = s.alive
    return [q for q in range(s.N) if q != p and alive[q] and is_target(s, BLESSED_SEAT, q, tok)]


def la_target(s: SalemState, p: int, pay: Any) -> list:
    """The seats a played card can name: living others that `_is_target` allows."""
    card = pay[0]
    rule = ANY_SEAT if card == "alibi_w" else s._cache_rules.card_rule[card]
    tok: str = pay[1] if rule == BLESSED_SEAT else ""
    targets = _seat_actions("target", s.N)
    alive = s.alive
    return [targets[q] for q in range(s.N) if q != p and alive[q] and is_target(s, rule, q, tok)]


def ap_target(s: SalemState, p: int, pay: Any, a: Any) -> None:
    card = pay[0]
    t = a[1]
    d = s.game.data
    eff = "accuse" if card == "alibi_w" else d.effect[card]
    s.tasks.append(("play_more", p))
    s.log.append(("{} plays {} on {}", p, card, t))
    if eff == "accuse":
        s.reds[t].append("alibi" if card == "alibi_w" else card)
        s.last_accuser[t] = p
        s.tasks.append(("trial", t, p, p))
    elif eff == "alibi":
        s.tasks.pop()
        s._ask("alibi", p, (t,))
    elif eff == "stocks":
        s.stocks[t] += 1
    elif eff in ("scapegoat", "robbery"):
        s.tasks.pop()
        s._ask("target2", p, (card, t))
    elif eff == "arson":
        s.discard.append(card)
        if s.abil(t) != "sarah":
            s.discard.extend(s.hand[t])
            s.hand[t] = []
            s._hf_drop(t)
    elif eff == "curse":
        s.tasks.pop()
        s._ask("curse_token", p, (t,))
    elif eff == "blessing":
        s.discard.append(card)
        s.centre.remove(pay[1])
        s.tokens[t].append(pay[1])
    elif eff == "shilling":
        s.discard.append(card)
        if s.supply > 0:
            s.supply -= 1
            s.coins[t] += 1


def la_target2(s: SalemState, p: int, pay: Any) -> list:
    card, a = pay
    g = s._cache_rules.is_ghost
    qs = [q for q in range(s.N) if q != p and q != a and s.alive[q]]
    if card == "robbery":
        qs = [q for q in qs if not g[q]]
    targets2 = _seat_actions("target2", s.N)
    return [targets2[q] for q in qs]


def ap_target2(s: SalemState, p: int, pay: Any, a: Any) -> None:
    card, src = pay
    dst = a[1]
    s.discard.append(card)
    s.tasks.append(("play_more", p))
    if card == "robbery":
        if s.abil(src) != "sarah":
            s._hf_move(src, dst)
            for c in s.hand[src]:
                s._hf_add(src, dst, c)
            s.hand[dst].extend(s.hand[src])
            s.hand[src] = []
        return
    # scapegoat: reds, Stocks and tokens move from src to dst
    s.reds[dst].extend(s.reds[src])
    s.reds[src] = []
    if s.reds[dst]:
        s.last_accuser[dst] = p
    s.stocks[dst] += s.stocks[src]
    s.stocks[src] = 0
    for tok in s.tokens[src]:
        if tok == "matchmaker" and "matchmaker" in s.tokens[dst]:
            s.centre.append(tok)
        else:
            s.tokens[dst].append(tok)
    s.tokens[src] = []
    s.tasks.append(("trial", dst, p, -1))


def la_alibi(s: SalemState, p: int, pay: Any) -> list:
    return alibi_options(s, pay[0])


def ap_alibi(s: SalemState, p: int, pay: Any, a: Any) -> None:
    t = pay[0]
    s.discard.append("alibi")
    for _ in range(a[1]):
        s.reds[t].remove("accusation")
        s.discard.append("accusation")
    for _ in range(a[2]):
        s.reds[t].remove("evidence")
        s.discard.append("evidence")
    s.tasks.append(("play_more", p))


def la_bless_token(s: SalemState, p: int, pay: Any) -> list:
    return [("token", t) for t in sorted(set(s.centre)) if bless_targets(s, p, t)]


def ap_bless_token(s: SalemState, p: int, pay: Any, a: Any) -> None:
    s._ask("target", p, (pay[0], a[1]))


def la_curse_token(s: SalemState, p: int, pay: Any) -> list:
    return [("token", t) for t in sorted(set(s.tokens[pay[0]]))]


def ap_curse_token(s: SalemState, p: int, pay: Any, a: Any) -> None:
    t = pay[0]
    tok = a[1]
    s.discard.append("curse")
    s.tokens[t].remove(tok)
    s.centre.append(tok)
    s.tasks.append(("play_more", p))
    if tok == "piety":  # R-TRIAL-5
        s.tasks.append(("trial", t, p, -1))


def yes_no(s: SalemState, p, pay):
    return [("yes",), ("no",)]


def la_danforth(s: SalemState, p, pay):
    return yes_no(s, p, pay)


def ap_danforth(s: SalemState, p, pay, a):
    if a[0] == "yes":
        _res.trigger(s, pay[0], p, p, 1)


def la_abigail(s: SalemState, p, pay):
    return yes_no(s, p, pay)


def ap_abigail(s: SalemState, p, pay, a):
    if a[0] == "yes":
        s.discard.extend(s.reds[p])
        s.reds[p] = []


def la_ann(s: SalemState, p, pay):
    return yes_no(s, p, pay)


def ap_ann(s: SalemState, p, pay, a):
    if a[0] == "yes":
        s.tasks.append(("draw", p, s._param("ann", "draw", 2), False))


def la_rebecca(s: SalemState, p, pay):
    return yes_no(s, p, pay)


def ap_rebecca(s: SalemState, p, pay, a):
    if a[0] == "yes":
        s.tasks.append(("draw", p, s._param("rebecca", "draw", 1), False))


def la_loot(s: SalemState, p, pay):
    return [("stop",)] + [("loot", c) for c in sorted(set(s.hand[pay[0]]))]


def ap_loot(s: SalemState, p, pay, a):
    if a[0] == "stop":
        s.loot_stopped.append(p)
    else:
        s.hand[pay[0]].remove(a[1])
        s.hand[p].append(a[1])
        for q in s.loot_view[1]:  # type: ignore[index]  # set while a hand is looted
            if q != p:
                s._hf_add(q, p, a[1])


def la_parris(s: SalemState, p, pay):
    return [("stop",)] + [("take", c) for c in sorted(set(s.discard)) if s.game.data.colour[c] != "black"]


def ap_parris(s: SalemState, p, pay, a):
    if a[0] == "stop" or pay[0] >= 1:
        if a[0] == "take":
            s.discard.remove(a[1])
            s.hand[p].append(a[1])
            s._hf_add(-1, p, a[1])
        s.tasks.append(("next_turn",))
        return
    s.discard.remove(a[1])
    s.hand[p].append(a[1])
    s._hf_add(-1, p, a[1])
    if any(s.game.data.colour[c] != "black" for c in s.discard):
        s._ask("parris", p, (1,))
    else:
        s.tasks.append(("next_turn",))


def la_pick2(s: SalemState, p, pay):
    if pay[0] == pay[1]:
        return [("flip", pay[0])]
    return [("flip", pay[0]), ("flip", pay[1])]


def ap_pick2(s: SalemState, p, pay, a):
    _res.reveal(s, p, a[1], pay[2], pay[3])


def la_cat_self(s: SalemState, p: int, pay: Any) -> list:
    return [("cat_reveal", k) for k in sorted(set(s.face_down[p]))]


def ap_cat_self(s: SalemState, p: int, pay: Any, a: Any) -> None:
    _res.reveal(s, p, a[1], -1, "cat")


def la_spec_order(s: SalemState, p, pay):
    return [("special", k) for k in sorted(set(pay[0]))]


def ap_spec_order(s: SalemState, p, pay, a):
    specials, accuser = pay
    rest = list(specials)
    rest.remove(a[1])
    s.tasks.append(("elim_specials", p, tuple(rest), accuser))
    s.tasks.append(("special", p, a[1], accuser))


def la_charlatan(s: SalemState, p, pay):
    last = pay[-1] if pay else -1
    need = 3 - len(pay)
    elig = [q for q in range(s.N) if s.alive[q] and s.face_down[q]]
    # combinations in increasing order: leave room for the remaining picks
    acts = _seat_actions("charlatan", s.N)
    return [acts[q] for i, q in enumerate(elig) if q > last and len(elig) - 1 - i >= need - 1]


def ap_charlatan(s: SalemState, p, pay, a):
    chosen = pay + (a[1],)
    if len(chosen) < 3:
        s._ask("charlatan", p, chosen)
        return
    cards = []
    for q in chosen:
        row = s.face_down[q]
        cards.append(row.pop(randbelow(len(row), s.rng)))
    shuffle(cards, s.rng)
    converts: list[int] = []
    for q, c in zip(chosen, cards):
        s._drop_facts_row(q)
        receive_card(s, q, c, converts)
    for q in range(s.N):
        s.complete[q] = False
    s.log.append(("Charlatan: {} swaps cards of {}, {} and {}", p) + tuple(chosen))
    s._witch_check(tuple(converts))


def la_gravedigger(s: SalemState, p, pay):
    return _res.revive_options(s, p)


def ap_gravedigger(s: SalemState, p, pay, a):
    _, t, k = a
    s.face_up[t].remove(k)
    s.face_down[t].append(k)
    s.pub_facts.append((t, k))
    s.log.append(("Gravedigger: {} turns {}'s {} face-down", p, t, k))
    if not s.alive[t]:
        s._set_alive(t, True)  # back in the turn order, empty hand
        s.log.append(("{} returns to the game", t))
    s.tasks.append(("recheck",))


def la_inquisitor(s: SalemState, p, pay):
    acts = _seat_actions("inquire", s.N)
    return [acts[q] for q in range(s.N) if q != p and s.alive[q] and s.face_down[q]]


def ap_inquisitor(s: SalemState, p, pay, a):
    s.tasks.append(("reveal_blind", a[1], p, "inq"))


def la_mag_from(s: SalemState, p, pay):
    return _res.mag_from_options(s, p)


def ap_mag_from(s: SalemState, p, pay, a):
    s._ask("mag_to", p, (a[1], a[2]))


def la_mag_to(s: SalemState, p, pay):
    src, tok = pay
    return [("mag_to", q) for q in _res.mag_recipients(s, p, src, tok)]


def ap_mag_to(s: SalemState, p, pay, a):
    src, tok = pay
    if src < 0:
        s.centre.remove(tok)
    else:
        s.tokens[src].remove(tok)
    s.tokens[a[1]].append(tok)
    if tok == "piety" and src >= 0:
        s.tasks.append(("trial", src, p, -1))


def look(s: SalemState, p: int, q: int) -> None:
    """R-SHIL: spend a coin, look at one blind card of q; q's row is reshuffled."""
    s.coins[p] -= 1
    s.supply += 1
    c = s.face_down[q][randbelow(len(s.face_down[q]), s.rng)]
    s._add_fact(p, q, c)
    if c == "witch":
        s._know_ew(p, q)
    s.log.append(("{} spends a shilling to look at a card of {}", p, q))


def start_play(s: SalemState, p: int, card: str) -> None:
    s.played = True
    real = "alibi" if card == "alibi_w" else card
    s.hand[p].remove(real)
    s._hf_play(p, real)
    eff = s._cache_rules.effect[real]
    if eff == "blessing":
        s._ask("bless_token", p, (card,))
    else:
        s._ask("target", p, (card,))


def receive_card(s: SalemState, q, c, converts: list) -> None:
    """q takes trial card c into its row; a Witch card makes q a witch (noted in
    `converts` for the win check) and q knows it."""
    s.face_down[q].append(c)
    if c == "witch":
        s._know_ew(q, q)
        if not s.ever_witch[q]:
            s.ever_witch[q] = True
            converts.append(q)


# one function each, not aliases of yes_no: mypyc turns module-level aliases into attributes
#: decision kind -> its legal list and its effect, for the kinds not called directly
LEGAL: dict[str, Any] = {k[3:]: v for k, v in list(globals().items()) if k.startswith("la_")}
APPLY: dict[str, Any] = {k[3:]: v for k, v in list(globals().items()) if k.startswith("ap_")}
