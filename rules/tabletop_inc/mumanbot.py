"""Tabletop Inc.'s Mumanbot, driven by the ZAP deck (spec §17).

The engine calls `bot_turn(state, seat)` for a Mumanbot seat inside `_apply`, so
`current_player()` never names a Mumanbot.  Like resolution.py, these are plain functions of
the state that never import it: the state imports them.  The ZAP deck itself is data
(`rules/tabletop_inc/data/zap.toml`); this module holds the procedures:

* §17.2 turn: draw (reshuffle the shared discard when empty), occupy the left-most free
  space of the card's action (no cost, no bonus, the action is not performed, but human
  predictions see it), VP by difficulty (Extreme falls back to Hard), the blue box;
* §17.3 blue adjustment boxes: award removal ladder, objective and skill discards, the
  three track wipes (refill to the track's width, AMB-01);
* §17.4 recall: §12 without bonus spaces; 0 triggers the end (+5 VP);
* §17.5 predictions: 1/2/3/4 face-up cards by difficulty against a random human
  (3+ seats) or the other seat (2 seats); 1 VP per correct card.
"""

from __future__ import annotations

import automa.rules.tabletop_inc.resolution as resolution

from .data import LEVELS

PREDICTIONS = {"easy": 1, "normal": 2, "hard": 3, "extreme": 4}


def zap_vp(card, level: str) -> int:
    """VP a ZAP card gives at a difficulty; Extreme without a value uses Hard (data.py
    resolves the fallback when it loads the deck)."""
    return card[1][LEVELS.index(level)]


def draw(state, seat: int) -> str:
    """Top card of the shared ZAP deck (AMB-25), or of the bot's own deck with zap_per_bot;
    an empty deck is rebuilt from its shuffled discard pile (§17.2)."""
    own = state.zap_own.get(seat)
    if own is not None:
        if not own[0]:
            own[0] = sorted(own[1])
            state.R().shuffle(own[0])
            own[1] = []
        return own[0].pop()
    if not state.zap_deck:
        state.zap_deck = sorted(state.zap_discard)
        state.R().shuffle(state.zap_deck)
        state.zap_discard = []
    return state.zap_deck.pop()


def bot_turn(state, seat: int) -> None:
    """One Mumanbot turn (§17.2)."""
    if state.mumans[seat] == 0:
        bot_recall(state, seat)
        return
    g = state.game
    level = g.levels[seat]
    cid = draw(state, seat)
    card = g.data.zap[cid]
    action = card[0]
    placed = None
    for sp in g.spaces_by_action.get(action, ()):
        if sp.unlimited or state.occupied[sp.idx] < 0:
            placed = sp
            break
    if placed is not None:
        state.mumans[seat] -= 1
        state.placed[seat] = state.placed[seat] + (("m", placed.idx),)  # a shared tuple (state.py)
        if not placed.unlimited:
            state.occupied[placed.idx] = seat
        resolution.pred_placed(state, seat, action)  # counts for human predictions (AMB-09)
    vp = zap_vp(card, level)
    state.vp[seat] += vp
    state.log(
        f"Mumanbot {seat} draws {cid} ({action})"
        + (f", occupies {placed.id}" if placed else ", no space")
        + f", +{vp} VP"
    )
    if card[2]:
        blue_box(state, seat, card[2])
    (state.zap_own[seat][1] if seat in state.zap_own else state.zap_discard).append(cid)


def award_target(held: list[int], shelf: list[int]) -> int:
    """§17.3 / AMB-16: the level of award token the bot removes, or 0 if the shelf is empty."""
    top = max(held) if held else 0
    want = min(top + 1, 3)
    for lv in [want] + list(range(want - 1, 0, -1)) + list(range(want + 1, 4)):
        if shelf[lv - 1] > 0:
            return lv
    return 0


def _wipe(state, key: str) -> None:
    """Tokens back to supply, track cards shuffled into the deck, a fresh track dealt."""
    deck = state.deck[key]
    deck.extend(c for c in state.tracks[key] if c)
    deck.sort()
    state.R().shuffle(deck)
    w = len(state.tracks[key])
    if state.game.params.zap_refill == "four":  # AMB-01's literal reading: always 4 cards
        w = 4
    state.tracks[key] = tuple([deck.pop() if deck else "" for _ in range(w)])
    state.track_tokens[key] = ((0, 0, 0, 0, 0),) * w


def blue_box(state, seat: int, box: str) -> None:
    if box == "award_removal":
        held = [A for A, _g in state.awards[seat]]
        lv = award_target(held, state.shelf)
        if lv:
            state.shelf[lv - 1] -= 1
            state.awards[seat] = state.awards[seat] + ((lv, ()),)  # kept only for the ladder; never scores
            state.log(f"Mumanbot {seat} removes a level-{lv} award")
    elif box in ("objective_discard", "skill_discard"):
        deck = state.objective_deck if box == "objective_discard" else state.skill_deck
        out = state.objectives_out if box == "objective_discard" else state.skills_out
        if deck:
            out.append(deck.pop())  # out of the game (AMB-26)
            deck.sort()
            state.R().shuffle(deck)
    elif box == "freelancer_wipe":
        _wipe(state, "fl")
    elif box == "item_wipe":
        _wipe(state, "it")
    elif box == "specialist_wipe":
        _wipe(state, "sp")


def bot_recall(state, seat: int) -> None:
    """§17.4: recall, move the hourglass (no bonuses), predict, maybe trigger the end."""
    if state.game.params.card_track_refresh:
        resolution.refresh_tracks(state)
    n = resolution.return_workers(state, seat)
    resolution.move_hourglass(state, n)
    state.log(f"Mumanbot {seat} recalls {n}; hourglass {state.hourglass}")
    predict(state, seat)
    if state.hourglass == 0 and state.end_by < 0:
        state.trigger_end(seat)


def predict(state, seat: int) -> None:
    """§17.5: discard the old cards; pick a human target; draw 1-4 face-up cards."""
    g = state.game
    humans = g.humans
    if state.n >= 3:
        target = humans[state.R().randrange(len(humans))]
    else:
        target = humans[0]
    deck = sorted(g.data.prediction_deck)
    state.R().shuffle(deck)
    k = 4 if g.params.mumanbot_predictions == "always_4" else PREDICTIONS[g.levels[seat]]
    state.prediction_target[seat] = target
    state.prediction_cards[seat] = tuple(deck[:k])
    state.prediction_up[seat] = (1,) * k
