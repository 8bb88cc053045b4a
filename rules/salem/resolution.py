"""Salem 1692 resolution: the engine's tasks, as plain functions of the state.

`SalemState._run` pops tasks off the state's stack (`state.tasks`, tuples such as
("draw", pos, 2, False)) and calls `t_<name>(state, *args)` for each; a task either resolves at
once (pushing further tasks) or asks one seat for one decision (`state._ask`), which stops the
loop until `apply_action`.  Here are those tasks in the order a game meets them: the Town Hall,
Dawn, the turn and its draws, the black cards (Conspiracy, Night, confessions), trials and
reveals, eliminations and what they set off (Matchmaker, John Proctor, the special trial
cards).  The decisions' legal lists and effects stay with the state (`_la_*`, `_ap_*`).
"""

from __future__ import annotations

from typing import Any

from automa.rules.draws import randbelow, shuffle

from . import decisions as _dec
from .state import SPECIAL_SET, SalemState


# ---- Town Hall (R-SETUP-7, D1)
def t_th_ask(s: SalemState, i):
    for p in range(i, s.N):
        if not s._cache_rules.is_ghost[p] and s.townhall_options[p] is not None:
            s._ask("keep", p, s.townhall_options[p])
            return


def t_th_reveal(s: SalemState):
    for p in range(s.N):
        if s.townhall_options[p] is not None:
            s.char[p] = s.townhall_kept[p]
    s.townhall_options = [None] * s.N
    s.townhall_kept = [None] * s.N


# ---- Dawn (R-DAWN)
def t_dawn(s: SalemState) -> None:
    for p in s._humans_living():
        if s.ever_witch[p]:
            for q in s._humans_living():
                if s.ever_witch[q]:
                    s._know_ew(p, q)
            if not s._cache_rules.ghost_mode:
                s.complete[p] = True
    s.votes = {}
    s.tasks.append(("dawn_tally",))
    s.tasks.append(("dawn_ask", 0))


def t_dawn_ask(s: SalemState, i: int) -> None:
    for p in range(i, s.N):
        if s.alive[p] and not s._cache_rules.is_ghost[p]:
            s._ask("dawn", p)
            return


def plurality(s: SalemState, pool: list[int]) -> int:
    if not s.votes:
        return pool[randbelow(len(pool), s.rng)]
    if s._cache_rules.witch_decision == "leader":  # A-02 flag
        voters = sorted(s.votes)
        return s.votes[voters[randbelow(len(voters), s.rng)]]
    count: dict[Any, int] = {}
    for v in s.votes.values():
        count[v] = count.get(v, 0) + 1
    best = max(count.values())
    tied = sorted(v for v, c in count.items() if c == best)
    return tied[randbelow(len(tied), s.rng)] if len(tied) > 1 else tied[0]


def t_dawn_tally(s: SalemState) -> None:
    p = plurality(s, s._living())
    s.tokens[p].append("black_cat")
    s.votes = {}
    s.log.append(("Dawn: the Black Cat goes to {}", p))


# ---- turns (R-TURN)
def t_next_turn(s: SalemState) -> None:
    if s.first_turn:
        s.first_turn = False
        p = 0
        for q in range(s.N):
            if "black_cat" in s.tokens[q]:
                p = q
        if not s.alive[p]:
            p = s._nxt(p)
    else:
        p = s._nxt(s.turn_pos if s.turn_pos >= 0 else 0)
    s.turns += 1
    if len(s.log) > 40:
        del s.log[:-20]
    if s.turns > s._cache_rules.max_turns:
        s._end("draw", "draw: safeguard turn limit reached (not a printed rule)")
        return
    s.turn_pos = p
    s.played = False
    tasks = s.tasks
    if s.stocks[p] > 0:  # R-TURN-4: a ghost in the Stocks skips its turn too
        tasks.append(("next_turn",))
        s.stocks[p] -= 1
        s.discard.append("stocks")
    elif s._cache_rules.is_ghost[p]:
        tasks.append(("next_turn",))
        t_discard_top(s, p, 1)  # 19.3 ghost turn: the ("discard_top", p, 1) task
    else:
        t_turn_begin(s, p)  # the ("turn_begin", p) task, run at once


def t_turn_begin(s: SalemState, p: int) -> None:
    if (
        s._may_have(p, "tituba")
        and s.abil(p) == "tituba"
        and s._used(p, "tituba") < s._param("tituba", "uses", 1)
    ):
        s._ask("tituba", p)
    else:
        s._ask("action", p)


def t_play_more(s: SalemState, p: int) -> None:
    if s.alive[p] and s.turn_pos == p:
        s._ask("play", p)
    else:
        s.tasks.append(("next_turn",))


# ---- drawing (R-DRAW)
def t_draw(s: SalemState, p: int, n: int, giles: bool) -> None:
    """Draw n cards one by one.  A plain card is followed at once by the next draw (the
    task the loop stands for would be the very next one run); a black card or Giles
    Corey's extra draw leaves the rest of the Draw on the task stack."""
    effect: dict[str, str] = s._cache_rules.effect
    while True:
        if n <= 0 or not s.alive[p]:
            return
        if not s.deck:
            if s.in_night:
                return
            s._rebuild()
        c: str = s.deck.pop()
        eff = effect[c]
        if eff == "night" or eff == "conspiracy":
            s.tasks.append(("draw", p, n - 1, False))
            black(s, c, p, False)
            return
        s.hand[p].append(c)
        if giles:
            if c != "accusation":
                giles = False
            elif n == 1:  # both cards of the Draw were plain Accusations
                s.log.append(("{} shows two Accusations (Giles Corey)", p))
                s._hf_add(-1, p, "accusation")
                s._hf_add(-1, p, "accusation")
                s.tasks.append(("draw", p, s._param("giles", "draw", 1), False))
                return
        n -= 1


def t_discard_top(s: SalemState, p: int, n: int) -> None:
    """Ghost turn / ghost-peek discards (19.3): black cards resolve.  As in `_t_draw`, a
    plain card is followed at once by the next discard."""
    effect: dict[str, str] = s._cache_rules.effect
    while n > 0:
        if not s.deck:
            if s.in_night:
                return
            s._rebuild()
        c: str = s.deck.pop()
        eff = effect[c]
        if eff == "night" or eff == "conspiracy":
            s.tasks.append(("discard_top", p, n - 1))
            black(s, c, p, True)
            return
        s.discard.append(c)
        n -= 1


def black(s: SalemState, c: str, drawer: int, discarded: bool) -> None:
    if s._cache_rules.effect[c] == "night":
        s.night_in_deck = False
        s.tasks.append(("night", drawer))
    else:
        s.discard.append(c)
        s.tasks.append(("conspiracy", drawer, discarded))


# ---- Conspiracy (R-CONS)
def t_conspiracy(s: SalemState, drawer: int, discarded: bool) -> None:
    s.log.append(("Conspiracy ({})", drawer))
    s.tasks.append(("cons_pass",))
    h = -1
    for q in range(s.N):
        if "black_cat" in s.tokens[q] and s.alive[q]:
            h = q
    if h < 0 or not s.face_down[h] or s.abil(h) == "mary":
        return
    if discarded or drawer == h:
        if s._cache_rules.is_ghost[h]:
            reveal(s, h, s.face_down[h][randbelow(len(s.face_down[h]), s.rng)], -1, "cat")
        else:
            s._ask("cat_self", h)
    else:
        s.tasks.append(("reveal_blind", h, drawer, "cat"))


def t_cons_pass(s: SalemState) -> None:
    living = s._living()
    if len(living) < 2:
        return
    rng = s.rng
    fd: list[list[str]] = s.face_down
    # living[i] takes cards[i] from the row of lefts[i], its left neighbour
    lefts: list[int] = []
    cards: list[str] = []
    for p in living:
        left = s._nxt(p)
        row = fd[left]
        lefts.append(left)
        cards.append(row[randbelow(len(row), rng)])
    for i in range(len(living)):
        fd[lefts[i]].remove(cards[i])
    s._drop_facts_rows(living)
    converts: list[int] = []
    complete = s.complete
    if s._cache_rules.pooled_conspiracy:  # variant 18.1
        pool = cards[:]
        shuffle(pool, rng)
        for p, c in zip(living, pool):
            _dec.receive_card(s, p, c, converts)
        for p in range(s.N):
            complete[p] = False
        s._witch_check(tuple(converts))
        return
    for i in range(len(living)):
        p = living[i]
        left = lefts[i]
        c = cards[i]
        fd[p].append(c)
        if c == "witch":
            if not s.ever_witch[p]:
                s.ever_witch[p] = True
                converts.append(p)
            s._know_ew(p, left)
            s._know_ew(p, p)
            s._know_ew(left, p)
        s._add_fact(left, p, c)
    for p in range(s.N):
        complete[p] = False
    s._witch_check(tuple(converts))


# ---- Night (R-NIGHT)
def t_night(s: SalemState, drawer: int) -> None:
    s.log.append(("Night ({})", drawer))
    s.in_night = True
    s.nights += 1
    hl = s._humans_living()
    team = [q for q in hl if s.ever_witch[q]]
    witches = [q for q in range(s.N) if s.alive[q] and s.ever_witch[q]]
    for p in team:
        for q in witches:
            s._know_ew(p, q)
        if not s._cache_rules.ghost_mode:
            s.complete[p] = True
    s.votes = {}
    s.gavel = -2
    s.gavel_public = False
    s.victim = -1
    s.victim_public = False
    s.confess = {}
    s.confessed = []
    s.tasks.append(("night_end",))
    s.tasks.append(("night_announce", drawer))
    s.tasks.append(("confess_process", drawer))
    s.tasks.append(("confess_ask", 0))
    s.tasks.append(("night_tally",))
    s.tasks.append(("night_ask", 0, 0))


def t_night_ask(s: SalemState, i: int, sub: int) -> None:
    """Every living player is asked twice, in seat order (20.5): first the witches'
    victim (a 'sleep' prompt for the others), then the Constable's gavel (likewise),
    so the number and order of prompts reveal no role."""
    g = s._cache_rules.is_ghost
    for p in range(i, s.N):
        if not s.alive[p] or g[p]:
            continue
        if sub == 0:
            s._ask("victim" if s.ever_witch[p] else "sleep", p, () if s.ever_witch[p] else (0,))
        elif "constable" in s.face_down[p] and s.constable() == p:
            s._ask("gavel", p)  # (the scan only for a holder: a night asks every seat)
        else:
            s._ask("sleep", p, (1,))
        return


def t_night_tally(s: SalemState) -> None:
    s.victim = plurality(s, s._living())
    s.votes = {}
    s.gavel_public = True


def t_confess_ask(s: SalemState, i: int) -> None:
    for p in range(i, s.N):
        if s.alive[p] and not s._cache_rules.is_ghost[p]:
            s._ask("confess", p)
            return


def t_confess_process(s: SalemState, drawer: int) -> None:
    order = []
    for k in range(s.N):
        q = (drawer + k) % s.N
        if q in s.confess:
            order.append(q)
    for q in reversed(order):
        s.tasks.append(("confess_one", q, s.confess[q]))
    s.confess = {}


def t_confess_one(s: SalemState, p: int, what: str) -> None:
    if not s.alive[p]:
        return
    s.confessed.append(p)
    if what == "phips":
        s._use(p, "phips")
        s.log.append(("{} confesses (William Phips, no card)", p))
        return
    if what in s.face_down[p]:
        s.log.append(("{} confesses: {}", p, what))
        reveal(s, p, what, -1, "confess")


def t_night_announce(s: SalemState, drawer: int) -> None:
    v = s.victim
    s.victim_public = True
    if v < 0 or not s.alive[v]:
        return
    if s.gavel == v or v in s.confessed or "asylum" in s.tokens[v]:
        s.log.append(("Night: {} was chosen but is protected", v))
        return
    s.log.append(("Night: {} is the witches' victim", v))
    if s._cache_rules.ghost_mode:  # 19.7: two reveals instead of death
        s.tasks.append(("reveal_blind", v, -1, "ghostnight"))
        s.tasks.append(("reveal_blind", v, -1, "ghostnight"))
    else:
        eliminate(s, v, (), -1)


def t_night_end(s: SalemState) -> None:
    s.in_night = False
    s.gavel = -2
    s.gavel_public = False
    s.victim = -1
    s.victim_public = False
    s.confessed = []
    s._rebuild()


# ---- trials (R-TRIAL)
def t_trial(s: SalemState, p: int, chooser: int, placer: int) -> None:
    if not s.alive[p] or not s.face_down[p]:
        return
    total = s._total(p)
    normal = s._normal(p)
    if total >= normal:
        trigger(s, p, chooser, placer, max(1, total // normal))
    elif (
        placer >= 0
        and s._may_have(placer, "danforth")
        and s.abil(placer) == "danforth"
        and total >= s._danforth(p)
    ):
        s._ask("danforth", placer, (p,))


def trigger(s: SalemState, p: int, chooser: int, placer: int, n: int) -> None:
    s.discard.extend(s.reds[p])
    s.reds[p] = []
    if placer >= 0 and placer != p and s.abil(placer) == "abigail":
        s.tasks.append(("abigail_ask", placer))
    for _ in range(n):
        s.tasks.append(("reveal_blind", p, chooser, "accuse"))
    if placer >= 0 and s.abil(placer) == "ann":
        s.tasks.append(("ann_ask", placer))


def t_abigail_ask(s: SalemState, p: int) -> None:
    if s.alive[p] and s.reds[p]:
        s._ask("abigail", p)


def t_ann_ask(s: SalemState, p: int) -> None:
    if s.alive[p]:
        s._ask("ann", p)


def t_rebecca_ask(s: SalemState, p: int) -> None:
    if s.alive[p]:
        s._ask("rebecca", p)


def t_recheck(s: SalemState) -> None:
    """After every elimination, a trial for each seat whose total reaches its threshold
    (rarely any: the threshold itself is looked up only past the lowest there can be)."""
    reds = s.reds
    alive = s.alive
    fd = s.face_down
    least = s._cache_rules.least_normal
    for p in range(s.N):
        if reds[p] and alive[p] and fd[p]:
            total = s._total(p)
            if total >= least and total >= s._normal(p):
                s.tasks.append(("trial", p, s.last_accuser[p], -1))


# ---- reveals and eliminations (R-REV, R-ELIM)
def t_reveal_blind(s: SalemState, p: int, chooser: int, cause: str) -> None:
    if not s.alive[p] or not s.face_down[p]:
        return
    row = s.face_down[p]
    if (
        s._cache_rules.two_card_reveal
        and len(row) >= 4
        and cause in ("accuse", "cat", "inq")
        and not s._cache_rules.is_ghost[p]
    ):  # variant 18.3
        i, j = s.rng.sample(range(len(row)), 2)
        a, b = sorted((row[i], row[j]))
        if a != b:
            s._ask("pick2", p, (a, b, chooser, cause))
            return
        reveal(s, p, a, chooser, cause)
        return
    reveal(s, p, row[randbelow(len(row), s.rng)], chooser, cause)


def reveal(s: SalemState, p: int, card: str, accuser: int, cause: str) -> None:
    row: list[str] = s.face_down[p]
    row.remove(card)
    s.face_up[p].append(card)
    s._drop_fact(p, card)
    s.log.append(("{} reveals {}", p, card))
    if card == "witch":
        s.ever_witch[p] = True
        if s._town_check():
            return
    if card == "constable" and s._cache_rules.ghost_mode and s._cache_rules.ghost_constable_reveal_witch_win:
        s._end("witch", "witches win: the Constable card was revealed")
        return
    if cause not in ("confess", "elim") and s._cache_rules.abilities_on:
        for r in s._seats_with("rebecca"):
            if r != p:
                s.tasks.append(("rebecca_ask", r))
    if card == "witch":
        if "witch" in row and s._cache_rules.double_witch_survives:
            s.announced[p] = True  # R-REV-4: "I hold another Witch card"
            return
        eliminate(s, p, (), accuser)
        return
    if not row:
        eliminate(s, p, (card,) if card in SPECIAL_SET else (), accuser)
        return
    if card in SPECIAL_SET and not s._cache_rules.is_ghost[p]:
        s.tasks.append(("special", p, card, accuser))


def eliminate(s: SalemState, p: int, specials: tuple, accuser: int) -> None:
    living_before = s.n_living
    s._set_alive(p, False)
    s.log.append(("{} is eliminated", p))
    flipped = list(specials)
    row = s.face_down[p]
    while row:
        c = row.pop()
        s.face_up[p].append(c)
        if c == "witch" and s._town_check():
            return
        if c in SPECIAL_SET:
            flipped.append(c)
    s._drop_facts_row(p)
    if s._cache_rules.ghost_mode:
        s._end("witch", "witches win: a seat was eliminated")
        return
    if s._witch_check():
        return
    partner = -1
    if "matchmaker" in s.tokens[p]:
        for q in range(s.N):
            if q != p and "matchmaker" in s.tokens[q]:
                partner = q
    s.tasks.append(("elim_tail", p, partner, living_before))
    s.tasks.append(("proctor", p))
    if flipped and not s._cache_rules.is_ghost[p]:
        s.tasks.append(("elim_specials", p, tuple(sorted(flipped)), accuser))


def t_elim_specials(s: SalemState, p: int, specials: tuple, accuser: int) -> None:
    if not specials:
        return
    if len(set(specials)) == 1 or len(specials) == 1:
        s.tasks.append(("elim_specials", p, specials[1:], accuser))
        s.tasks.append(("special", p, specials[0], accuser))
        return
    s._ask("spec_order", p, (specials, accuser))


def t_proctor(s: SalemState, p: int) -> None:
    if not s.hand[p] or not s._cache_rules.abilities_on:
        return
    able = s._seats_with("proctor")
    pickers = (
        [q for q in able if s.char[q] == "john_proctor"]  # John first, then
        + [q for q in able if s.char[q] != "john_proctor"]
    )  # Martha copying him
    if not pickers:
        return
    if s._cache_rules.proctor_mode == "whole_hand":  # A-25 flag: standard card text
        s.hand[pickers[0]].extend(s.hand[p])
        s.hand[p] = []
        return
    s.loot_view = (p, tuple(pickers))
    s.loot_stopped = []
    k = s._param("proctor", "uses", 3)
    order = []
    for _ in range(k):
        order.extend(pickers)
    s.tasks.append(("loot_end",))
    for q in reversed(order):
        s.tasks.append(("loot_pick", p, q))


def t_loot_pick(s: SalemState, p: int, q: int) -> None:
    if s.hand[p] and s.alive[q] and q not in s.loot_stopped:
        s._ask("loot", q, (p,))


def t_loot_end(s: SalemState):
    s.loot_view = None
    s.loot_stopped = []


def t_elim_tail(s: SalemState, p: int, partner: int, living_before: int) -> None:
    discard: list = s.discard
    discard.extend(s.hand[p])
    s.hand[p] = []
    s._hf_drop(p)
    discard.extend(s.reds[p])
    s.reds[p] = []
    discard.extend(["stocks"] * s.stocks[p])
    s.stocks[p] = 0
    s.centre.extend(s.tokens[p])
    s.tokens[p] = []
    s.supply += s.coins[p]
    s.coins[p] = 0
    s.tasks.append(("recheck",))
    if partner >= 0 and s.alive[partner] and living_before > 2 and s.abil(partner) != "mary":  # R-MATCH
        s.tasks.append(("chain", partner))


def t_chain(s: SalemState, q: int) -> None:
    if s.alive[q]:
        s.log.append(("Matchmaker: {} follows", q))
        eliminate(s, q, (), -1)


# ---- special trial cards (R-SPEC)
def t_special(s: SalemState, h: int, card: str, accuser: int) -> None:
    if card == "pickpocket":
        if accuser >= 0 and accuser != h and s.hand[accuser]:
            hand = s.hand[accuser]
            c = hand.pop(randbelow(len(hand), s.rng))
            s._hf_drop(accuser)
            s.hand[h].append(c)
            s._hf_add(accuser, h, c)
            s.log.append(("Pickpocket: {} steals a card from {}", h, accuser))
        return
    if card == "charlatan":
        elig = [q for q in range(s.N) if s.alive[q] and s.face_down[q]]
        if len(elig) >= 3 and s.n_living > 2:
            s._ask("charlatan", h, ())
        return
    if card == "gravedigger":
        if revive_options(s, h):
            s._ask("gravedigger", h)
        return
    if card == "inquisitor":
        if any(q != h and s.alive[q] and s.face_down[q] for q in range(s.N)):
            s._ask("inquisitor", h)
        return
    if card == "magistrate":
        if mag_from_options(s, h):
            s._ask("mag_from", h)
        return


def revive_options(s: SalemState, h: int) -> list:
    out = []
    for t in range(s.N):
        if t != h and s.face_up[t]:
            for k in sorted(set(s.face_up[t])):
                out.append(("revive", t, k))
    return out


def mag_recipients(s: SalemState, h: int, src: int, tok: str) -> list[int]:
    return [
        t
        for t in range(s.N)
        if s.alive[t] and t != h and t != src and not (tok == "matchmaker" and "matchmaker" in s.tokens[t])
    ]


def mag_from_options(s: SalemState, h: int) -> list:
    out = []
    for tok in sorted(set(s.centre)):
        if mag_recipients(s, h, -1, tok):
            out.append(("mag_from", -1, tok))
    for q in range(s.N):
        for tok in sorted(set(s.tokens[q])):
            if mag_recipients(s, h, q, tok):
                out.append(("mag_from", q, tok))
    return out


#: task name -> its function (t_<name>), for `SalemState._run`
TASKS: dict[str, Any] = {k[2:]: v for k, v in list(globals().items()) if k.startswith("t_")}
