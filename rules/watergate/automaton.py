"""Watergate's deck vocabulary: the rules an automaton card may print, in the game's words.

Every rule reads only `View`, made from the automaton seat's observation and the printed
card data, so a deck never sees the other hand or (as the Editor) Nixon's face-down
tokens.  A *value* rule ranks plays "card X on token T" (a card is worth its best token
under the rule); at the turn it chooses the card, and on the next decision the same rule
chooses the token.  An *action* rule ranks cards whose action part may be used now.
Standing rules answer the decisions no card speaks to (pins, reactions, instructions'
choices) and are printed once on the rule sheet.

Words: "your end" is space 5 on the automaton's side; a token is "yours" when it lies on
your side; to "claim" a token is to move it onto your space 5.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from automa.decks import Bonus, Rule, TieBreaker

from .data import CONSPIRATOR, EDITOR, EVENT, JOURNALIST
from .state import SIDE, WatergateState

GAME = "watergate"


@dataclass
class View:
    """One decision of the automaton seat, as its observation shows it."""

    seat: int
    obs: dict
    game: Any
    frame: tuple = ()
    kind: str = ""

    @property
    def side(self) -> int:
        return SIDE[self.seat]

    @property
    def cards(self) -> tuple:
        return self.game.data.cards

    def mine(self, pos: int) -> int:
        """How far `pos` lies toward this seat's end (negative: the opponent's side)."""
        return pos * self.side

    def targets(self, card: int) -> list[tuple]:
        """Where card's value part could go: (move, track position, token code or -1),
        `move` being the vt decision's action ("init",), ("mom",), ("slot", i) or, for
        the Editor with face-down tokens out, ("ask", colour)."""
        obs = self.obs
        mask = self.cards[card].mask
        out: list[tuple] = []
        if obs["initiative"] is not None:
            out.append((("init",), obs["initiative"], -1))
        if obs["momentum"] is not None:
            out.append((("mom",), obs["momentum"], -1))
        face_down = False
        for i, (code, pos, face) in enumerate(obs["track"]):
            if face == 2:
                continue
            if code >= 0 and code & mask:
                out.append((("slot", i), pos, code))
            elif code < 0:
                face_down = True
        if face_down:
            out += [(("ask", bit), 0, -1) for bit in (1, 2, 4) if mask & bit and not obs["denied"] & bit]
        return out

    def target_of(self, move: Any) -> tuple | None:
        obs = self.obs
        if move[0] == "init":
            return move, obs["initiative"], -1
        if move[0] == "mom":
            return move, obs["momentum"], -1
        if move[0] == "slot":
            code, pos, _face = obs["track"][move[1]]
            return move, pos, code
        if move[0] == "ask":
            return move, 0, -1
        return None

    def connection_cost(self, board=None, pictures=None) -> float:
        """The game's estimate of the pins the Editor still needs (public board only)."""
        board = tuple(self.obs["board"] if board is None else board)
        pictures = tuple(self.obs["pictures"] if pictures is None else pictures)
        return board_cost(self.game.data, board, pictures)

    def better_for_me(self, cost: float) -> float:
        """A connection cost as this seat likes it: the Editor lower, Nixon higher."""
        return -cost if self.seat == EDITOR else cost


_COSTS: dict = {}


def board_cost(data, board: tuple, pictures: tuple) -> float:
    """`WatergateState.connection_cost` of a board and its pictures alone (both public),
    remembered: searches against a deck meet the same boards again and again."""
    key = (id(data), board, pictures)
    cost = _COSTS.get(key)
    if cost is None:
        if len(_COSTS) > 200_000:
            _COSTS.clear()
        probe = WatergateState.__new__(WatergateState)
        probe.data, probe.board, probe.pictures = data, list(board), list(pictures)
        cost = _COSTS[key] = probe.connection_cost()
    return cost


def read(obs: dict, game) -> View:
    frame = obs["stack"][-1] if obs["stack"] else ()
    return View(obs["seat"], obs, game, frame, frame[0] if frame else "")


def starts_turn(view: View) -> bool:
    """A new turn (not Howard Hunt's drawn card, which plays within his turn)."""
    return view.kind == "turn" and view.frame[2] < 0


# --------------------------------------------------------------------------- rule makers


def value_rule(name: str, text: str, score: Callable[[View, int, tuple], float | None]) -> Rule:
    """A rule over plays 'card (value v) on target': `score(view, v, target)`, None when
    the rule does not apply to that play."""

    def scores(view: View, legal: Sequence[Any]) -> dict:
        out = {}
        if view.kind == "turn":
            for a in legal:
                if a[0] == "value":
                    value = view.cards[a[1]].value
                    found = [s for t in view.targets(a[1]) if (s := score(view, value, t)) is not None]
                    if found:
                        out[a] = max(found)
        elif view.kind == "vt":
            value = view.cards[view.frame[2]].value
            for a in legal:
                target = view.target_of(a)
                if target is not None and (s := score(view, value, target)) is not None:
                    out[a] = s
        return out

    return Rule(name, text, frozenset(("turn", "vt")), scores)


def action_rule(name: str, text: str, score: Callable[[View, int], float | None]) -> Rule:
    """A rule over using a card's action part: `score(view, card)`, None when it does not apply."""

    def scores(view: View, legal: Sequence[Any]) -> dict:
        out = {}
        for a in legal:
            if a[0] == "action" and (s := score(view, a[1])) is not None:
                out[a] = s
        return out

    return Rule(name, text, frozenset(("turn",)), scores)


def standing(name: str, text: str, kinds: Sequence[str], score: Callable[[View, Any], float | None]) -> Rule:
    def scores(view: View, legal: Sequence[Any]) -> dict:
        out = {}
        for a in legal:
            if (s := score(view, a)) is not None:
                out[a] = s
        return out

    return Rule(name, text, frozenset(kinds), scores)


# --------------------------------------------------------------------------- card rules


def _claim(kind: str):
    def score(view: View, value: int, target: tuple):
        if target[0][0] == kind and view.mine(target[1]) + value >= 5:
            return -value + (0.5 if target[2] >= 0 and target[2] & 8 else 0.0)
        return None

    return score


def _push(kinds: tuple[str, ...]):
    def score(view: View, value: int, target: tuple):
        if target[0][0] in kinds:
            return min(5, view.mine(target[1]) + value) + (0.5 if target[2] >= 0 and target[2] & 8 else 0.0)
        return None

    return score


def _secure(kinds: tuple[str, ...]):
    """A token not on your side (the one nearest the opponent's end first), with the
    lowest card that brings it onto your side, else your highest card."""

    def score(view: View, value: int, target: tuple):
        if target[0][0] not in kinds:
            return None
        where = view.mine(target[1])
        if where > 0:
            return None
        reaches = where + value >= 1
        return 100 * -where + (50 - value if reaches else value)

    return score


def token_worth(view: View, mask: int) -> float:
    """How much pinning a token of these colours would help this seat now: the connection
    cost it saves (the Editor, face up) or adds (Nixon, face down) at its best empty space."""
    d = view.game.data
    board = view.obs["board"]
    now = view.better_for_me(view.connection_cost())
    best = 0.0
    for node in d.evidence_nodes:
        if board[node] < 0 and d.space_mask[node] & mask:
            after = list(board)
            after[node] = mask | 16 if view.seat == EDITOR else mask
            best = max(best, view.better_for_me(view.connection_cost(board=after)) - now)
    return best


def _useful(view: View, value: int, target: tuple):
    """An evidence token worth pinning (a face-down one: the best of the colours asked)."""
    move = target[0]
    if move[0] == "slot":
        mask = target[2] & 7
    elif move[0] == "ask":
        mask = move[1]
    else:
        return None
    worth = token_worth(view, mask)
    return 10 * worth + min(5, view.mine(target[1]) + value) if worth > 0 else None


def _rescue(view: View, value: int, target: tuple):
    depth = -view.mine(target[1])
    return 10 * depth + value if depth > 0 else None


def _dither(view: View, value: int, target: tuple):
    return -10 * value + {"init": 3, "mom": 2}.get(target[0][0], 1)


def _people(view: View, card: int) -> list[int]:
    pictures = view.obs["pictures"]
    people = []
    for op in view.cards[card].effects:
        if op[0] == "pin_picture" and pictures[op[1]] == 0:
            people.append(op[1])
        elif op[0] == "pin_picture_any":
            people += [p for p, face in enumerate(pictures) if face == 0]
    return people


def _picture_after(view: View, person: int) -> float:
    pictures = list(view.obs["pictures"])
    pictures[person] = 1 if view.seat == EDITOR else 2
    return view.better_for_me(view.connection_cost(pictures=pictures))


def _informant(view: View, card: int):
    people = _people(view, card)
    return max(_picture_after(view, p) for p in people) if people else None


def _does_something(view: View, card: int) -> bool:
    """Would the card's action change anything now?  (A token to move is on the track, an
    evidence token to move is out, a board token to take or turn is there.)"""
    obs = view.obs
    out = [t for t in obs["track"] if t[2] != 2]
    for op in view.cards[card].effects:
        k = op[0]
        if k in ("move", "move_to") and (obs["initiative"] if op[1] == 0 else obs["momentum"]) is not None:
            return True
        if k in ("move_evidence", "split") and out:
            return True
        if k == "remove_board" and any(b >= 0 and (b >= 16) == op[1] and b & op[3] for b in obs["board"]):
            return True
        if k == "flip_board" and any(0 <= b < 16 and b & op[1] for b in obs["board"]):
            return True
        if k == "reveal_track" and any(t[0] < 0 for t in out):
            return True
        if k in ("pin_from_bag", "draw_and_play_top", "gambit_option", "round_flag", "replay_removed"):
            return True
    return False


def _agent(view: View, card: int):
    c = view.cards[card]
    if c.kind in (CONSPIRATOR, JOURNALIST) and _does_something(view, card):
        return -c.value
    return None


def _event(view: View, card: int):
    c = view.cards[card]
    return -c.value if c.kind == EVENT and _does_something(view, card) else None


CARD_RULES = (
    value_rule(
        "claim_momentum",
        "Claim the momentum token with the lowest card that reaches your end.",
        _claim("mom"),
    ),
    value_rule("push_momentum", "Move the momentum token with your highest card.", _push(("mom",))),
    value_rule(
        "claim_initiative",
        "Claim the initiative token with the lowest card that reaches your end.",
        _claim("init"),
    ),
    value_rule("push_initiative", "Move the initiative token with your highest card.", _push(("init",))),
    value_rule(
        "claim_evidence",
        "Claim an evidence token (a momentum symbol first) with the lowest card that reaches your end.",
        _claim("slot"),
    ),
    value_rule(
        "push_evidence",
        "Move the evidence token that ends nearest your end (ask for a face-down one if need be).",
        _push(("slot", "ask")),
    ),
    value_rule(
        "secure_momentum",
        "If the momentum token is not on your side, move it there with the lowest "
        "card that does (else your highest).",
        _secure(("mom",)),
    ),
    value_rule(
        "secure_initiative",
        "If the initiative token is not on your side, move it there with the lowest "
        "card that does (else your highest).",
        _secure(("init",)),
    ),
    value_rule(
        "secure_evidence",
        "Move the evidence token nearest the opponent's end (not on your side) onto "
        "your side with the lowest card that does (else your highest).",
        _secure(("slot", "ask")),
    ),
    value_rule(
        "push_useful",
        "Move the evidence token that would help you most pinned on the board (the "
        "Editor: shortens the path to Nixon most; Nixon: blocks it most) with your "
        "highest card.",
        _useful,
    ),
    value_rule(
        "rescue", "Move the token deepest on the opponent's side back, with your highest card.", _rescue
    ),
    value_rule(
        "dither", "Play your lowest card on the initiative token (else momentum, else evidence).", _dither
    ),
    action_rule("informant", "Use a picture card's action on the informant it helps you most.", _informant),
    action_rule(
        "agent",
        "Use the action of your cheapest conspirator (Nixon) or journalist (Editor) "
        "that would change something now.",
        _agent,
    ),
    action_rule(
        "event",
        "Use the action of your cheapest event card that would change something now "
        "(picture cards excepted).",
        _event,
    ),
)


# --------------------------------------------------------------------------- standing rules


def _pin(view: View, a):
    if a[0] != "space":
        return None
    board = list(view.obs["board"])
    code = view.frame[2]
    board[a[1]] = code | 16 if view.seat == EDITOR else code
    return view.better_for_me(view.connection_cost(board=board))


def _person(view: View, a):
    return _picture_after(view, a[1]) if a[0] == "person" else None


def _remove(view: View, a):
    if a[0] != "space":
        return None
    board = list(view.obs["board"])
    board[a[1]] = -1
    return view.better_for_me(view.connection_cost(board=board))


def _flip(view: View, a):
    if a[0] != "space":
        return None
    board = list(view.obs["board"])
    board[a[1]] |= 16
    return view.better_for_me(view.connection_cost(board=board))


def _move_evidence(view: View, a):
    steps = view.frame[3]
    target = view.target_of(a)
    return None if target is None else min(5, view.mine(target[1]) + steps)


def _pick(view: View, a):
    code = view.obs["track"][a[1]][0]
    return -1.0 if code & 8 else 0.0


STANDING_RULES = (
    standing(
        "pin_best",
        "Pin evidence where it helps you most (the Editor: fewest pins still needed to "
        "connect two informants; Nixon: most).",
        ("pin",),
        _pin,
    ),
    standing(
        "picture_best", "Pin the picture that helps you most, judged the same way.", ("person",), _person
    ),
    standing(
        "remove_best",
        "Take off the board the token that helps you most, judged the same way.",
        ("rmb",),
        _remove,
    ),
    standing(
        "flip_best", "Turn up the board token that helps you most, judged the same way.", ("flipb",), _flip
    ),
    standing(
        "move_evidence_best", "Move the evidence token that ends nearest your end.", ("em",), _move_evidence
    ),
    standing(
        "give_plain",
        "Asked for a face-down token: give one without a momentum symbol if you can.",
        ("pick",),
        _pick,
    ),
    standing(
        "react",
        "React whenever a card in hand allows it.",
        ("window",),
        lambda view, a: 1.0 if a[0] == "react" else 0.0,
    ),
    standing(
        "keep_hand",
        "Gambit: keep your conspirators.",
        ("gambit",),
        lambda view, a: 1.0 if a[0] == "gambit_keep" else 0.0,
    ),
    standing(
        "replay_first", "The system works: replay the first removed card.", ("replay",), lambda view, a: 0.0
    ),
    value_rule(
        "push_any",
        "No rule on the card can be done: move the token that ends nearest your end with your highest card.",
        _push(("init", "mom", "slot", "ask")),
    ),
)

RULES = {rule.name: rule for rule in CARD_RULES + STANDING_RULES}
STANDING = tuple(rule.name for rule in STANDING_RULES)


# --------------------------------------------------------------------------- tie-breakers


def _card_of(view: View, a):
    if view.kind == "turn" and a[0] in ("value", "action"):
        return view.cards[a[1]]
    return None


def _value(view: View, a) -> int:
    card = _card_of(view, a)
    return card.value if card else 0


def _not_joker(view: View, a) -> int:
    card = _card_of(view, a)
    return 0 if card and card.mask == 7 else 1


TIE_BREAKERS = {
    t.name: t
    for t in (
        TieBreaker("high_value", "the higher card", _value),
        TieBreaker("low_value", "the lower card", lambda view, a: -_value(view, a)),
        TieBreaker("keep_jokers", "a card that is not a joker", _not_joker),
    )
}

# --------------------------------------------------------------------------- bonuses


def _head_start(state: WatergateState, seat: int, steps: int) -> None:
    state._move_mom(seat, steps)
    state._run()


def _tip_off(state: WatergateState, seat: int, count: int) -> None:
    state._op(seat, ("pin_from_bag", count))
    state._run()


#: the handicaps a deck's difficulty knob may give, once a round, before anybody plays
BONUSES = {
    b.name: b
    for b in (
        Bonus(
            "head_start",
            "At the start of each round, move the momentum token {n} steps toward your end.",
            lambda state: state.round,
            _head_start,
        ),
        Bonus(
            "tip_off",
            "At the start of each round, draw {n} evidence token(s) from the bag and pin them "
            "(as a momentum-card space does).",
            lambda state: state.round,
            _tip_off,
        ),
    )
}

# --------------------------------------------------------------------------- texts per seat

#: rules whose meaning differs by seat, as printed for (the Editor, Nixon)
SEAT_TEXT = {
    "push_evidence": (
        "Move the evidence token that ends nearest the Editor's end (ask for a face-down one if "
        "need be), with its highest card.",
        "Move the evidence token that ends nearest Nixon's end, with its highest card.",
    ),
    "agent": (
        "Use the action of its cheapest journalist that would change something now.",
        "Use the action of its cheapest conspirator that would change something now.",
    ),
    "informant": (
        "Use a picture card's action to recruit (face up) the informant nearest to connecting.",
        "Use a picture card's action to block (face down) the informant the Editor is nearest to connecting.",
    ),
    "push_useful": (
        "Move the evidence token that, pinned face up, would shorten the Editor's path to Nixon "
        "most, with its highest card.",
        "Move the evidence token that, pinned face down, would lengthen the Editor's best path "
        "to Nixon most, with its highest card.",
    ),
    "pin_best": (
        "Pin evidence face up where it leaves the fewest pins still needed to connect two informants.",
        "Pin evidence face down where it leaves the Editor the most pins still needed.",
    ),
    "picture_best": (
        "Pin a picture face up on the informant nearest to connecting.",
        "Pin a picture face down on the informant the Editor is nearest to connecting.",
    ),
}
_WORDS = (
    ("the opponent's", ("Nixon's", "the Editor's")),
    ("your end", ("the Editor's end", "Nixon's end")),
    ("your side", ("the Editor's side", "Nixon's side")),
    ("helps you", ("helps it", "helps it")),
    ("your ", ("its ", "its ")),
    ("you ", ("it ", "it ")),
)


def rule_text(name: str, seat: int) -> str:
    """A rule as printed on the card of a deck for `seat`: whose end and side it means."""
    if name in SEAT_TEXT:
        return SEAT_TEXT[name][seat]
    text = RULES[name].text
    for words, by_seat in _WORDS:
        text = text.replace(words, by_seat[seat]).replace(words.capitalize(), by_seat[seat].capitalize())
    return text


def bonus_text(name: str, n: int, seat: int) -> str:
    """A bonus of size `n` as printed on the rule sheet of a deck for `seat`."""
    text = BONUSES[name].text.format(n=n).replace("token(s)", "token" if n == 1 else "tokens")
    text = text.replace("1 steps", "1 step").replace("pin them", "pin it" if n == 1 else "pin them")
    for words, by_seat in _WORDS:
        text = text.replace(words, by_seat[seat])
    return text


#: the designer's knob scale per seat, easiest setting first: (copies of the weak card, bonus,
#: its size); the printed knob is cut from it.  A momentum head start did not grade either
#: seat (1 and 2 steps both won 0.725 for Nixon; 0 of 10 for the Editor at 1-3 steps), pinned
#: evidence does, and a weak card dilutes a bonus by about one token.  Nixon, against
#: level:normal, confirmed on 250 fresh deals: one weak card with one token a round 0.24,
#: three weak cards with three tokens 0.30, two with three 0.38, plain 0.38, one weak card with
#: two tokens 0.43, one token 0.52, one weak card with four tokens 0.69, three tokens 0.80 (40
#: games a setting: 4 / 2 / 1 weak cards 0.00 / 0.05 / 0.17, five tokens 0.82).  The Editor,
#: against level:easy: 4 weak cards 0.00, plain 0.12, then one token a round with 6 / 5 / 4 /
#: 3 / 2 / 1 / 0 weak cards 0.21 / 0.31 / 0.35 / 0.38 / 0.56 / 0.70 / 0.68, two tokens 0.97.
DESIGN_KNOB = {
    1: (
        (4, 2, 1, 2, 1, 3, 2, 0, 1, 0, 1, 0, 2, 1, 0, 0),
        "tip_off",
        (0, 0, 0, 2, 1, 3, 3, 0, 2, 1, 3, 2, 5, 4, 3, 5),
    ),
    0: ((4, 0, 6, 5, 4, 3, 2, 1, 0, 0), "tip_off", (0, 0, 1, 1, 1, 1, 1, 1, 1, 2)),
}

#: seat names for the printables
SEATS = ("Editor", "Nixon")
#: names the designer gives its cards, by seat
CARD_NAMES = {
    0: ("Scoop", "Deep background", "Hold the front page", "Follow up", "Stake-out"),
    1: ("Hush money", "Stonewall", "Plumbers", "Enemies list", "Executive privilege"),
}
