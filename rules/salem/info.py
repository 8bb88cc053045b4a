"""Salem 1692 hidden information: what each seat sees (spec 20.1-20.2) and the worlds a seat
can imagine (20.6).

`observation(state, seat)` is exactly what the seat may know.  `determinize(state, seat, rng)`
samples a whole state that the seat cannot tell from the true one, for every seat at every
state (not only the seat to move).  It reads nothing the seat cannot see: trial rows, hands,
deck order, the other seats' votes, gavel and confessions are resampled, and so is another
seat's pending secret decision — whether a seat is being asked for the witches' victim or
only to sleep, whether it is asked for the gavel, which two Town Hall cards it holds — which
is re-asked from the sampled world (`_pending_decision`), so that the world's legal actions
follow the sampled roles and never the true ones.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from automa.rules.core import fresh_rng
from automa.rules.draws import randbelow, shuffle

from . import decisions as _dec
from .state import SECRET_KINDS, SPECIAL_SET, SalemState


def observation(state, seat):
    """The seat's view: the public table, its own row, hand and knowledge, and of a pending
    decision only who is asked (a secret round's options only to the seat asked)."""
    s = state.game.pos_of[seat]
    dec = state.dec
    if dec is None:
        pub_dec = None
    elif dec[0] == "pick2":
        pub_dec = dec if dec[1] == s else ("pick2", dec[1], ())
    elif dec[0] in SECRET_KINDS:
        pub_dec = ("secret", dec[1], dec[2] if dec[1] == s else ())
    else:
        pub_dec = dec
    witch_eye = state.ever_witch[s] and state.alive[s]
    return {
        "seat": seat,
        "dec": pub_dec,
        "tasks": tuple(state.tasks),
        "result": state.result,
        "alive": tuple(state.alive),
        "char": tuple(state.char),
        "fu": tuple(tuple(sorted(r)) for r in state.face_up),
        "fd_n": tuple(len(r) for r in state.face_down),
        "hand_n": tuple(len(r) for r in state.hand),
        "reds": tuple(tuple(r) for r in state.reds),
        "stocks": tuple(state.stocks),
        "tokens": tuple(tuple(sorted(r)) for r in state.tokens),
        "coins": tuple(state.coins),
        "announced": tuple(state.announced),
        "dead_team": (
            tuple(None if state.alive[p] else state.ever_witch[p] for p in range(state.N))
            if state.game.params.reveal_team_on_death
            else None
        ),
        "pub_facts": tuple(sorted(state.pub_facts)),
        "last_acc": tuple(state.last_accuser),
        "uses": tuple(sorted(state.uses.items())),
        "deck_n": len(state.deck),
        "discard": tuple(sorted(state.discard)),
        "night_in_deck": state.night_in_deck,
        "night_zone": state.night_zone,
        "deck_known": state.deck_known,
        "centre": tuple(sorted(state.centre)),
        "supply": state.supply,
        "turn": (
            state.turn_pos,
            state.turns,
            state.nights,
            state.steps,
            state.first_turn,
            state.played,
            state.in_night,
        ),
        "gavel": state.gavel if state.gavel_public else None,
        "victim": state.victim if state.victim_public else None,
        "confessed": tuple(state.confessed),
        "loot": (state.loot_view, tuple(state.loot_stopped)),
        # private
        "fd": tuple(sorted(state.face_down[s])),
        "hand": tuple(sorted(state.hand[s])),
        "ever_witch": state.ever_witch[s],
        "known_ew": tuple(state.known_witches[s]),
        "complete": state.complete[s],
        "facts": tuple(sorted(state.facts[s])),
        "hand_facts": tuple(sorted(state.hand_facts[s])),
        "pub_hand_facts": tuple(sorted(state.pub_hand_facts)),
        "th": (state.townhall_options[s], state.townhall_kept[s]),
        "votes": tuple(sorted(state.votes.items())) if witch_eye else (),
        "night_victim": state.victim if (witch_eye and state.victim >= 0) else None,
        "my_gavel": state.gavel if state.constable() == s else None,
        "my_confess": state.confess.get(s),
        "deck": tuple(state.deck) if state.deck_known == s else None,
        "loot_hand": (
            tuple(sorted(state.hand[state.loot_view[0]]))
            if state.loot_view and s in state.loot_view[1]
            else None
        ),
    }


def secret_round(dec):
    """The public name of a secret round from its pending decision: 'keep' (Town Hall),
    'dawn', 'victim' (the night's first prompt: the witches' vote, 'sleep' for the others),
    'gavel' (the second prompt: the Constable's gavel, 'sleep' for the others), 'confess';
    None outside secret rounds.  A witch's prompt and a townsperson's 'sleep' name the same
    round, so the name reveals no role."""
    if dec is None or dec[0] not in SECRET_KINDS:
        return None
    kind, _pos, pay = dec
    if kind == "sleep":
        return "victim" if pay == (0,) else "gavel"
    return kind


def determinize(state, seat, rng):
    """A world for `seat`: a copy in which everything the seat cannot see is resampled
    consistently with what it has seen (spec 20.6): the faces of the face-down trial cards it
    does not know and who has ever been a witch, the other hands, the deck order (the Night
    in the bottom part of the last rebuild), future randomness, the other seats' answers in a
    secret round, and the hidden parts of another seat's pending decision."""
    return determinizer(state, seat)(rng)


def determinizer(state: SalemState, seat: int) -> Callable[[random.Random], SalemState]:
    """`determinize(state, seat, rng)` as a function of rng alone.  What does not depend on the
    draws (the cards the seat has seen, the pools and counts of unseen ones) is worked out
    here once, so a search that asks for a new world every iteration pays only for the copy
    and the draws.  The worlds are the very ones `determinize` makes; valid while `state` is
    unchanged."""
    s = state.game.pos_of[seat]
    rows = rows_plan(state, s)
    cards = _cards_plan(state, s)

    def world(rng: random.Random) -> SalemState:
        w = state._clone(s)  # rows, hands, deck, discard, others' knowledge: below
        w.rng = fresh_rng(rng)
        sample_rows(state, w, s, rng, rows)
        _sample_cards(state, w, s, rng, cards)
        _sample_secret_rounds(state, w, s, rng)
        _pending_decision(state, w, s, rng)
        return w

    return world


#: what `rows_plan` works out once for `sample_rows`: the seat's own row, the known cards per
#: row, the unseen specials and how many of them the pool takes, the rest of the pool, the free
#: places per row and their sum, the rows the Witch cards may go to (None: any), the seats the
#: seat knows have been witches
RowsPlan = tuple[
    list[str], list[list[str]], list[str], int, list[str], list[int], int, "list[int] | None", set[int]
]


def rows_plan(state: SalemState, s: int) -> RowsPlan:
    """What `sample_rows` needs that depends on no draw: the seat's own row, the cards it
    knows in other rows, the unseen specials and how many of them, the rest of the pool, the
    free places per row, and where its roll-call knowledge lets the Witch cards go."""
    N = state.N
    g = state.game
    row = g.setup_row
    alive = state.alive
    own = sorted(state.face_down[s])
    fixed: list[list[str]] = [[] for _ in range(N)]
    seen_facts = set(state.facts[s]) | set(state.pub_facts)
    for t in range(N):
        if state.announced[t]:
            seen_facts.add((t, "witch"))
    # confessions committed in the night's one simultaneous round and not yet turned
    # face up are public: the world must still hold those cards
    for task in state.tasks:
        if task[0] == "confess_one" and task[2] != "phips":
            seen_facts.add((task[1], task[2]))
    for t, c in sorted(seen_facts):
        if t != s and len(fixed[t]) < len(state.face_down[t]):
            fixed[t].append(c)
    known_cards = [c for r in state.face_up for c in r] + own + [c for r in fixed for c in r]
    specials_seen = SPECIAL_SET.intersection(known_cards)
    unseen_specials = sorted(SPECIAL_SET - specials_seen)
    n_specials = min(max(0, row["special"] - len(specials_seen)), len(unseen_specials))
    free = [0] * N
    for t in range(N):
        if t != s:
            free[t] = len(state.face_down[t]) - len(fixed[t])
    n_free = sum(free)
    # the pool: the sampled specials, then these (Not-a-Witch cards fill it up to n_free)
    rest = ["witch"] * max(0, row["witch"] - known_cards.count("witch")) + ["constable"] * max(
        0, row["constable"] - known_cards.count("constable")
    )
    rest += ["naw"] * max(0, n_free - n_specials - len(rest))
    slots = None
    if state.complete[s]:
        allowed = [t for t in state.known_witches[s] if t != s and alive[t]]
        slots = [t for t in allowed for _ in range(free[t])]
    return own, fixed, unseen_specials, n_specials, rest, free, n_free, slots, set(state.known_witches[s])


def sample_rows(state: SalemState, w: Any, s: int, rng: random.Random, plan: RowsPlan) -> None:
    """Face-down trial cards and ever-witch flags (20.6 a, b), into a world `w` or anything with
    its rows (the Salem expert samples only those)."""
    N = state.N
    g = state.game
    alive = state.alive
    own, fixed, unseen_specials, n_specials, rest, free_places, n_free, slots, kn = plan
    free = free_places[:]
    pool = rng.sample(unseen_specials, n_specials) + rest
    if len(pool) > n_free:
        pool = pool[:n_free]
    # witch cards first, into rows the seat's roll-call knowledge allows
    rows = [fixed[t][:] for t in range(N)]
    others = [c for c in pool if c != "witch"]
    witches = len(pool) - len(others)
    if witches and slots is not None and len(slots) >= witches:
        for t in rng.sample(slots, witches):
            rows[t].append("witch")
            free[t] -= 1
        witches = 0
    others += ["witch"] * witches
    others.sort()
    shuffle(others, rng)
    i = 0
    for t in range(N):
        if t == s:
            rows[t] = own[:]
            continue
        r = rows[t]
        r.extend(others[i : i + free[t]])
        i += free[t]
        if len(r) > 1:  # shorter rows draw nothing
            shuffle(r, rng)
    w.face_down = rows
    # ever_witch (20.6 b): what the seat knows + holders in this world (the world's lists,
    # looked up once: `w` is a world or the expert's stand-in, so its fields are untyped)
    ew: list[bool] = w.ever_witch
    fu = state.face_up
    told = g.params.reveal_team_on_death
    for t in range(N):
        if t == s:
            continue
        if told and not alive[t]:
            ew[t] = state.ever_witch[t]  # variant 18.4: public
            continue
        ew[t] = (t in kn) or ("witch" in fu[t]) or ("witch" in rows[t])
    # other seats' private knowledge is not the seat's to know: canonical rebuild
    team = [t for t in range(N) if ew[t] and alive[t]]
    facts: list[list] = w.facts
    hfacts: list[list] = w.hand_facts
    known_ew: list[list] = w.known_witches
    complete: list[bool] = w.complete
    seat_complete = state.complete[s] and not g.ghost_mode
    for t in range(N):
        if t == s:
            continue
        facts[t] = []
        hfacts[t] = []
        known_ew[t] = team[:] if ew[t] else []
        complete[t] = ew[t] and alive[t] and seat_complete


def _deck_kinds(d):
    """(every card kind of the playing deck in sorted order, how many of each, whether it is
    black), worked out once per data set: `_sample_cards` counts unseen cards instead of
    removing them one by one from a list of the whole deck."""
    entry = _DECK_KINDS.get(id(d))
    if entry is None or entry[0] is not d:
        counts = {}
        for c in d.deck:
            counts[c] = counts.get(c, 0) + 1
        kinds = sorted(counts)
        entry = _DECK_KINDS[id(d)] = (d, kinds, counts, {c: d.colour[c] == "black" for c in kinds})
    return entry[1:]


_DECK_KINDS: dict = {}


def _cards_plan(state: SalemState, s: int):
    """What `_sample_cards` needs that depends on no draw: the cards the seat knows to be in
    other hands, and the unseen cards (plain ones to deal and shuffle, black ones for the
    deck) in their canonical order."""
    N = state.N
    d = state.game.data
    kinds, counts, is_black = _deck_kinds(d)
    unseen = counts.copy()  # card -> copies the seat has not seen
    seen = state.discard + state.hand[s]
    for r in state.reds:
        if r:
            seen += r
    if any(state.stocks):
        seen += ["stocks"] * sum(state.stocks)
    limbo = state._limbo()
    if limbo:
        seen.append(limbo)
    loot = None
    if state.loot_view and s in state.loot_view[1]:
        loot = state.loot_view[0]
        seen += state.hand[loot]
    knows_deck = state.deck_known == s
    if knows_deck:
        seen += state.deck
    elif state.night_in_deck:
        seen.append("night")
    for c in seen:
        if not unseen.get(c):
            raise ValueError(f"determinize: more {c!r} cards seen than the deck holds")
        unseen[c] -= 1
    if not state.night_in_deck and unseen.get("night"):
        unseen["night"] -= 1  # set aside during the night
    # cards the seat knows to be in other hands (its own pair knowledge + public)
    known_h: list[list] = [[] for _ in range(N)]
    if state.hand_facts[s] or state.pub_hand_facts:
        cnt: dict = {}
        for src in (state.hand_facts[s], state.pub_hand_facts):
            here: dict = {}
            for t, c in src:
                here[(t, c)] = here.get((t, c), 0) + 1
            for k, v in here.items():
                cnt[k] = max(cnt.get(k, 0), v)
        for (t, c), v in sorted(cnt.items()):
            if t == s or t == loot:
                continue
            for _ in range(v):
                if len(known_h[t]) < len(state.hand[t]) and unseen.get(c):
                    unseen[c] -= 1
                    known_h[t].append(c)
    black: list = []
    plain: list = []
    for c in kinds:
        k = unseen[c]
        if k:
            (black if is_black[c] else plain).extend([c] * k)
    return known_h, plain, black, loot, knows_deck, sorted(state.discard)


def _sample_cards(state: SalemState, w: SalemState, s: int, rng: random.Random, plan) -> None:
    """Other hands and the deck order (20.6 c, d)."""
    known_h, plain, black, loot, knows_deck, discard = plan
    plain = plain[:]
    shuffle(plain, rng)
    j = 0
    for t in range(state.N):
        if t == s:
            w.hand[t] = sorted(state.hand[s])
        elif t == loot:
            w.hand[t] = sorted(state.hand[t])
        else:
            k = len(state.hand[t]) - len(known_h[t])
            w.hand[t] = known_h[t] + plain[j : j + k]
            j += k
    if knows_deck:
        w.deck = state.deck[:]
    else:
        deck = plain[j:] + black
        shuffle(deck, rng)
        if state.night_in_deck:
            hi = min(state.night_zone - 1, len(deck))
            deck.insert(randbelow(hi + 1, rng), "night")
        w.deck = deck
    w.discard = discard[:]


def _sample_secret_rounds(state: SalemState, w: SalemState, s: int, rng: random.Random) -> None:
    """The answers other seats gave in a secret round still being asked (Town Hall keep,
    Dawn and night votes, the gavel, confessions), resampled from the world's roles: the
    seats before the one being asked have answered, the others not yet (20.5)."""
    N = state.N
    g = state.game
    d = g.data
    alive = state.alive
    rnd = secret_round(state.dec)
    cur = state.dec[1] if rnd is not None else -1  # type: ignore[index]  # a secret round is pending
    witch_eye = state.ever_witch[s] and alive[s]
    if g.th_choice and state.townhall_options[s] is not None:
        # Town Hall deal: the other seats' two cards are unknown (every character is still None)
        taken = set(state.townhall_options[s])
        cpool = sorted(c[0] for c in d.characters if c[0] not in taken)
        shuffle(cpool, rng)
        k = 0
        for t in range(N):
            if t == s or state.townhall_options[t] is None:
                continue
            w.townhall_options[t] = (cpool[k], cpool[k + 1])
            k += 2
            w.townhall_kept[t] = (
                w.townhall_options[t][randbelow(2, rng)] if (rnd == "keep" and t < cur) else None
            )
    living = [q for q in range(N) if alive[q]]
    if not witch_eye:
        votes = {}
        if rnd in ("dawn", "victim", "gavel"):
            # in the gavel round the seat being asked has already voted in the victim round
            for t in range(N):
                if (
                    alive[t]
                    and not g.is_ghost[t]
                    and w.ever_witch[t]
                    and t != s
                    and (t < cur or (t == cur and rnd == "gavel"))
                ):
                    votes[t] = living[randbelow(len(living), rng)]
        w.votes = votes
        if state.victim >= 0 and not state.victim_public:
            w.victim = living[randbelow(len(living), rng)]
    if state.constable() != s and not state.gavel_public and state.in_night:
        wc = w.constable()
        gavel = -2
        if wc >= 0 and not g.is_ghost[wc] and rnd in ("victim", "gavel") and wc < cur:
            options = _dec.la_gavel(w, wc, ())
            gavel = options[randbelow(len(options), rng)][1]
        w.gavel = gavel
    if state.confess:
        w.confess = {t: v for t, v in state.confess.items() if t == s}


def _pending_decision(state: SalemState, w: SalemState, s: int, rng: random.Random) -> None:
    """Another seat's pending decision, asked again in the sampled world: the night's first
    prompt is the victim vote only if that seat is a witch there, the second the gavel only
    if it is the Constable there; a Town Hall choice offers the world's two cards; the two
    cards pointed at in variant 18.3 come from the world's row.  Every other decision keeps
    its public payload, and its legal actions already follow the world (hand, row, deck)."""
    dec = state.dec
    if dec is None or dec[1] == s:
        return
    kind, pos, pay = dec
    rnd = secret_round(dec)
    if rnd == "victim":
        w.dec = ("victim", pos, ()) if w.ever_witch[pos] else ("sleep", pos, (0,))
    elif rnd == "gavel":
        w.dec = ("gavel", pos, ()) if w.constable() == pos else ("sleep", pos, (1,))
    elif rnd == "keep":
        w.dec = ("keep", pos, w.townhall_options[pos])
    elif kind == "pick2":
        row = w.face_down[pos]
        i, j = rng.sample(range(len(row)), 2)
        a, b = sorted((row[i], row[j]))
        w.dec = ("pick2", pos, (a, b) + pay[2:])
