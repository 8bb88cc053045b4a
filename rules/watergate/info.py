"""Watergate's hidden information (spec 12): what each seat sees, and the worlds a seat can
imagine.  Plain functions over a `WatergateState`, which delegates to them; kept apart so
that the turn flow in `state.py` reads on its own.

`observation(state, seat)` is exactly what the seat may know: the whole board, the track
with Nixon's face-down tokens' colours for Nixon only, its own hand and deck, the sizes of
the other's.  `determinize(state, seat, rng)` deals a world the seat cannot tell from the
true one.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from automa.rules.core import fresh_rng

from .data import EDITOR, NIXON

if TYPE_CHECKING:  # the state imports this module; the type is for the checker and mypyc
    from .state import WatergateState


def observation(state: WatergateState, seat: int) -> dict:
    nixon = seat == NIXON
    track = tuple(
        (
            state.track_codes[i] if (state.track_faces[i] == 1 or nixon) else -1,
            state.track_places[i],
            state.track_faces[i],
        )
        for i in range(len(state.track_codes))
    )
    stack = []
    for f in state.stack:
        if f[0] == "turn" and f[2] >= 0 and f[1] != seat:
            f = ("turn", f[1], -2)
        stack.append(f)
    return {
        "seat": seat,
        "round": state.round,
        "holder": state.holder,
        "to_move": state.to_move,
        "turns": tuple(state.turns),
        "initiative": state.initiative,
        "momentum": state.momentum,
        "gained": (state.initiative_gained, state.momentum_gained),
        "momentum_cards": tuple(state.momentum_cards),
        "supply": state.supply,
        "momentum_removed": state.momentum_removed,
        "track": track,
        "board": tuple(state.board),
        "pictures": tuple(state.pictures),
        "hand": tuple(state.hand[seat]),
        "hand_sizes": (len(state.hand[0]), len(state.hand[1])),
        "deck_sizes": (len(state.deck[0]), len(state.deck[1])),
        "own_deck": tuple(sorted(state.deck[seat])),
        "discards": (tuple(state.discard[0]), tuple(state.discard[1])),
        "removed": tuple(state.removed),
        "bag": tuple(sorted(state.bag)) if nixon else len(state.bag),
        "denied": state.denied,
        "events_value_only": state.events_value_only,
        "gambit_keep": state.gambit_keep,
        "stack": tuple(stack),
        "chain": tuple(state.chain),
        "winner": state.winner,
    }


def determinize(state: WatergateState, seat: int, rng: random.Random) -> WatergateState:
    """A world for `seat` (§12): its own deck reshuffled; the opponent's hand and deck
    dealt afresh from the opponent's unseen cards (Howard Hunt's drawn card, if the
    opponent is about to play it, is one of the dealt hand); for the Editor, Nixon's
    face-down track tokens drawn from the bag and the face-down tokens together, kept
    apart from every colour Nixon has denied and, while Nixon must pick or move a
    face-down token of a colour, holding one; new future randomness.  Every option the
    world offers is worked out from the world itself."""
    w = state.clone()
    opp = 1 - seat
    own = sorted(state.deck[seat])
    rng.shuffle(own)
    w.deck[seat] = own
    pool = sorted(state.hand[opp] + state.deck[opp])
    rng.shuffle(pool)
    k = len(state.hand[opp])
    w.hand[opp] = sorted(pool[:k])
    w.deck[opp] = pool[k:]
    for j, f in enumerate(w.stack):
        if f[0] == "turn" and f[1] == opp and f[2] >= 0:
            w.stack[j] = ("turn", opp, pool[0])
    if seat == EDITOR:
        deal_face_down(state, w, rng)
    else:
        w.bag = sorted(state.bag)
    w.rng = fresh_rng(rng)
    w._cache_rng_shared = False
    if w.winner < 0:
        w._cache_legal = w._legal(w.stack[-1])
    return w


def face_down_need(state: WatergateState) -> int:
    """Colours of which, as the Editor can tell, at least one face-down track token
    must exist now: Nixon picking after a "yes" (§7.3), or Nixon deciding a colour-
    restricted move with no face-up token to take (he is asked only when he can)."""
    top = state.stack[-1] if state.stack and state.winner < 0 else None
    if top is None or top[1] != NIXON:
        return 0
    if top[0] == "pick":
        return top[2]
    if top[0] == "em" and top[2] != 7:
        _, _, mask, _steps, _left, chosen, repeat = top
        if not any(
            state.track_faces[i] == 1 and state.track_codes[i] & mask and (repeat or i not in chosen)
            for i in range(len(state.track_codes))
        ):
            return mask
    return 0


def deal_face_down(state: WatergateState, w: WatergateState, rng: random.Random) -> None:
    """The Editor's world: the face-down track tokens and the bag, resampled together."""
    fd = [i for i in range(len(state.track_codes)) if state.track_faces[i] == 0]
    tokens = sorted(state.bag + [state.track_codes[i] for i in fd])
    if not fd:
        w.bag = tokens
        return
    need = face_down_need(state)
    allowed = [j for j, c in enumerate(tokens) if not c & state.denied]
    pick = None
    for _ in range(40):
        trial = rng.sample(allowed, len(fd))
        if not need or any(tokens[j] & need for j in trial):
            pick = trial
            break
    if pick is None:
        first = [j for j in allowed if tokens[j] & need]
        j0 = first[rng.randrange(len(first))]
        rest = [j for j in allowed if j != j0]
        pick = [j0] + rng.sample(rest, len(fd) - 1)
        rng.shuffle(pick)
    for i, j in zip(fd, pick, strict=True):
        w.track_codes[i] = tokens[j]
    taken = set(pick)
    w.bag = [c for j, c in enumerate(tokens) if j not in taken]
