"""Tabletop Inc. game state: the turn loop, the decision table, scoring and the contract.

Spec: rules/tabletop_inc/rulebook.md.  Section numbers (§) below refer to it.  Set-up is in
setup.py, the resolution of moves (free steps, actions, recall, predictions, freelancer
effects) in resolution.py, hidden information in info.py, final scoring in scoring.py, the
Mumanbot's turn in mumanbot.py; all are plain functions of this state.

Every field is described where it is declared below.  Shared between clones, never changed
in place (issue #19: clone() then copies only the outer lists; every inner list it copied
cost an allocation and fed the garbage collector): each seat's standees, placed, employees,
item_skills, production, hands, published, awards, objectives, prediction_cards and
prediction_up, each piece's supply row, and each card track and its tokens are tuples; a
change puts a new tuple in place (`tuple_with`, `tuple_without` of automa.rules.tuples), so
a missed in-place write fails loudly.  Each seat's `tucked` dict is shared the same way: a
tuck replaces the dict, never writes into it.  `resources` changes at nearly every step, so
its per-seat lists stay lists that clone() copies.

Decisions.  With the stack empty the seat whose turn it is decides: in phase "main" the
free steps (tuck, item, remove POW, more swaps once it traded, §6) and the main step
(("place", space[, standee]), ("freelancer", card), ("recall",)); in phase "post" the free
steps and ("end_turn",).  Otherwise the top of the stack, a tuple (kind, seat, ...), names
the deciding seat and its legal list (`_task_legal`); its effect is in `_task_do`:

    ("pick", s, group, left, exact)    take 1 resource of group 0 ($/time/insp.) or 1
                                       (research/playtest), `left` times; "stop" unless exact
    ("track", s, key, linked)          ("slot", i) a card of track key (sp/fl/it) whose price
                                       s can pay, or "decline"; linked: any slot, no tokens
    ("tokens", s, key, i, todo)        ("token", resource) onto the next card right of slot i
    ("play", s, left)                  ("play", card, table seat) from hand, or "decline"
    ("train", s, revealed, discount)   ("buy_skill", card) s can pay for, or "decline"
    ("box", s, discount)               ("buy", "box", level) within skill and supply
    ("part", s, extra)                 ("buy", mechanism/component, level); extra = SP08
    ("upg", s, left)                   ("upgrade", piece) one step (§10.12), or "stop"
    ("upg_more", s, piece, left)       one more step of that piece, or "stop"
    ("award", s, linked)               ("award", level, game) the award card allows
    ("trade", s, given, got)           ("swap", give, get, k) within a level, or "stop"
    ("flip", s, left)                  ("flip", action) one of s's face-down predictions
    ("split", s, a, b, total)          ("pay", a, x, b, total - x) with a/b interchangeable
    ("obj", s, revealed, keep)         ("keep", objective) of those revealed, or "stop"
    ("any", s, why)                    ("do", action) any main-board action, no worker
    ("copy", s)                        ("copy", freelancer) on any table (F02)
    ("ptarget", s)                     ("predict_on", seat), or "no_predict" (§13.1)
    ("pcards", s, target, chosen)      ("predict", action) for 1 research each, "stop"
    ("keep", s, "wow"/"pow")           ("keep", kind, card) of the two dealt (§5.14)

Tasks that need no decision run as soon as they reach the top (`AUTO`): "start" (an action's
effect), "placebonus", "predcheck" (opponents' predictions, §13.2), "freelancer" (its
effect), "predstart" (may the seat predict after a recall) and "endcheck" (§12.6).
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any, ClassVar

import automa.rules.tabletop_inc.resolution as resolution
from automa.rules.core import TERMINAL, State
from automa.rules.draws import clone_rng, randbelow, seeded_rng
from automa.rules.presentation import plural
from automa.rules.tuples import tuple_plus, tuple_with, tuple_without

from .data import ACTIONS, PIECES, RES
from .mumanbot import bot_turn
from .resolution import POW_L4, POW_TOKEN_BAN
from .scoring import END_BONUS, objective_total
from .setup import set_up

_lcopy = list.copy
L1 = (0, 1, 2)
L2 = (3, 4)
AWARD_W = {1: "award1_15", 2: "award2_18", 3: "award3_21"}
AWARD_W_VP = {"award1_15": 15, "award2_18": 18, "award3_21": 21}
SWAP_PAIRS = {"swap_time_inspiration": (1, 2), "swap_dollar_inspiration": (0, 2), "swap_dollar_time": (0, 1)}
# task kinds that run without a decision
AUTO = frozenset(("start", "endcheck", "predstart", "freelancer", "predcheck", "placebonus"))


def _place_rows(game) -> tuple:
    """The game's `space_rows` with each row's ("place", id) action made once, kept on the game:
    legal-move generation runs through them at every main step."""
    rows = tuple(row + (("place", row[0]),) for row in game.space_rows)
    game._cache_place_rows = rows
    return rows


class TabletopState(State):
    # ClassVar: mypyc keeps it on the class (snapshot and __getstate__ read it)
    __slots__: ClassVar[tuple[str, ...]] = (
        "game",
        "rng",
        "n",
        "turn",
        "phase",
        "phase_after",
        "stack",
        "vp",
        "resources",
        "mumans",
        "standees",
        "placed",
        "employees",
        "wow",
        "pow",
        "tucked",
        "item_skills",
        "production",
        "hand_employees",
        "hand_skills",
        "hand_items",
        "published",
        "awards",
        "objectives",
        "award_card",
        "prediction_target",
        "prediction_cards",
        "prediction_up",
        "occupied",
        "deck",
        "tracks",
        "track_tokens",
        "skill_deck",
        "skills_out",
        "objective_deck",
        "objectives_out",
        "supply",
        "shelf",
        "zap_deck",
        "zap_discard",
        "zap_own",
        "hourglass",
        "end_by",
        "final_left",
        "dealt",
        "events",
        "steps",
        "trade_open",
        "_cache_rng_shared",
        "_cache_rng_seed",
    )
    #: the TabletopGame: parameters, data, which seats are Mumanbots
    game: Any
    #: the state's random.Random, or None in a world that seeds it on its first draw
    rng: Any
    #: how many seats (Mumanbots included)
    n: int
    #: the seat whose turn it is
    turn: int
    #: "setup" (keeping WOW/POW), "main" (before the main step), "resolve" (decisions on the
    #: stack), "post" (free steps, then end the turn) or "over"
    phase: str
    #: the phase to go back to once the stack is empty ("bots": end a Mumanbot's turn)
    phase_after: str
    #: the pending decisions and automatic tasks, top last (the module docstring's table)
    stack: list[tuple]
    #: per seat: VP on the track (§14.2 adds the end-of-game scoring to it)
    vp: list[int]
    #: per seat: [dollar, time, inspiration, research, playtest]
    resources: list[list[int]]
    #: per seat: mumans not placed
    mumans: list[int]
    #: per seat: specialist standees not placed (their card ids, sorted)
    standees: list[tuple]
    #: per seat: placed workers, (worker, space index or freelancer card); worker "m" = muman
    placed: list[tuple]
    #: per seat: employees on the table, (card, table seat 0-5, or 6 = the POW slot)
    employees: list[tuple]
    #: per seat: the WOW or Founder card ("" before the keep)
    wow: list[str]
    #: per seat: the POW card ("" when none or removed)
    pow: list[str]
    #: per seat: {employee or WOW card: the skill card tucked behind it}
    tucked: list[dict]
    #: per seat: permanent skills from item cards, (box, mechanism, component)
    item_skills: list[tuple]
    #: per seat: the production area's levels, (box, mechanism, component); 0 = none
    production: list[tuple]
    #: per seat: employee cards in hand
    hand_employees: list[tuple]
    #: per seat: skill cards in hand
    hand_skills: list[tuple]
    #: per seat: item cards in hand
    hand_items: list[tuple]
    #: per seat: published games not used for an award, (box, mechanism, component)
    published: list[tuple]
    #: per seat: awards won, (level, game); a Mumanbot's removed tokens have game ()
    awards: list[tuple]
    #: per seat: objective cards held (face up)
    objectives: list[tuple]
    #: per seat: the award card ("" for a Mumanbot)
    award_card: list[str]
    #: per seat: the seat its prediction set is on, -1 when none
    prediction_target: list[int]
    #: per seat: the actions of its prediction set
    prediction_cards: list[tuple]
    #: per seat: 1 for each prediction card turned face up (came true), else 0
    prediction_up: list[tuple]
    #: per main-board space (by index): the seat of the worker on it, -1 when empty
    occupied: list[int]
    #: the face-down card decks by track: "sp" specialists, "fl" freelancers, "it" items;
    #: top last
    deck: dict[str, list]
    #: the face-up cards of each track, slot 1 first ("" for an empty slot)
    tracks: dict[str, tuple]
    #: the tokens on each track card, 5 resource counts per slot
    track_tokens: dict[str, tuple]
    #: the skill deck, top last
    skill_deck: list
    #: skill cards out of the game (ZAP skill discard)
    skills_out: list
    #: the objective deck, top last
    objective_deck: list
    #: objective cards out of the game (ZAP objective discard)
    objectives_out: list
    #: per piece (box, mechanism, component): how many of levels 1-4 are left
    supply: list[tuple]
    #: award tokens left on the shelf, levels 1-3
    shelf: list[int]
    #: the shared ZAP deck, top last
    zap_deck: list
    #: the shared ZAP discard pile
    zap_discard: list
    #: AMB-25 zap_per_bot: {Mumanbot seat: [its deck, its discard]}
    zap_own: dict
    #: the hourglass's space on the track; 0 ends the game
    hourglass: int
    #: the seat that moved the hourglass to 0, -1 before
    end_by: int
    #: the seats still to take their last turn, in order
    final_left: list[int]
    #: per seat: the (WOW pair, POW pair) dealt in POW/WOW mode until kept
    dealt: list[tuple]
    #: the public log's last lines
    events: list[str]
    #: decisions applied so far
    steps: int
    #: the turn's trading once the seat did the Trade action: (masks of the current run of
    #: swaps, the resources after its last swap, whether it then stopped), AMB-30; () before
    trade_open: tuple
    #: whether `rng` is still shared with a clone (copied on the next draw)
    _cache_rng_shared: bool
    #: the seed of a world's generator not yet made
    _cache_rng_seed: int

    # ------------------------------------------------------------------ setup
    def __init__(self, game: Any = None, seed: int | None = None, _blank: bool = False):
        self.game = game
        if _blank or game is None:  # a blank state for clone() and unpickling to fill (a
            return  # compiled build's __new__ runs __init__ without arguments)
        set_up(self, game, seed)

    def clone(self) -> TabletopState:
        c = TabletopState.__new__(TabletopState)
        c.game = self.game
        # the generator is shared copy-on-write (see R()): copying a Mersenne Twister costs
        # more than the rest of the clone
        c.rng = self.rng
        c._cache_rng_seed = self._cache_rng_seed
        if self.rng is None:  # a world whose generator is made on its first draw
            c._cache_rng_shared = False
        else:
            c._cache_rng_shared = self._cache_rng_shared = True
        c.n = self.n
        c.turn = self.turn
        c.phase = self.phase
        c.phase_after = self.phase_after
        c.stack = self.stack[:]
        c.steps = self.steps
        c.events = self.events[:]
        c.vp = self.vp[:]
        c.resources = list(map(_lcopy, self.resources))
        c.mumans = self.mumans[:]
        # per-seat tuples (and tuck dicts) are never changed in place: the outer lists suffice
        c.standees = self.standees[:]
        c.placed = self.placed[:]
        c.employees = self.employees[:]
        c.wow = self.wow[:]
        c.pow = self.pow[:]
        c.tucked = self.tucked[:]
        c.item_skills = self.item_skills[:]
        c.production = self.production[:]
        c.hand_employees = self.hand_employees[:]
        c.hand_skills = self.hand_skills[:]
        c.hand_items = self.hand_items[:]
        c.published = self.published[:]
        c.awards = self.awards[:]
        c.objectives = self.objectives[:]
        c.award_card = self.award_card[:]
        c.prediction_target = self.prediction_target[:]
        c.prediction_cards = self.prediction_cards[:]
        c.prediction_up = self.prediction_up[:]
        c.occupied = self.occupied[:]
        # the three decks' keys, in the order set-up made them (spelled out: a third of a
        # microsecond less than a comprehension each); the tracks are tuples
        d = self.deck
        c.deck = {"sp": d["sp"][:], "fl": d["fl"][:], "it": d["it"][:]}
        c.tracks = self.tracks.copy()
        c.track_tokens = self.track_tokens.copy()
        c.skill_deck = self.skill_deck[:]
        c.skills_out = self.skills_out[:]
        c.objective_deck = self.objective_deck[:]
        c.objectives_out = self.objectives_out[:]
        c.supply = self.supply[:]
        c.shelf = self.shelf[:]
        c.zap_deck = self.zap_deck[:]
        c.zap_discard = self.zap_discard[:]
        c.zap_own = {k: [v[0][:], v[1][:]] for k, v in self.zap_own.items()} if self.zap_own else {}
        c.hourglass = self.hourglass
        c.end_by = self.end_by
        c.final_left = self.final_left[:]
        c.dealt = self.dealt[:]
        c.trade_open = self.trade_open
        return c

    def __getstate__(self):
        return {k: getattr(self, k) for k in self.__slots__}

    def __setstate__(self, st):
        for k, v in st.items():
            setattr(self, k, v)

    def R(self) -> random.Random:
        """The state's own generator; every random draw goes through here so that clones
        can share one generator until either side first uses it, and so that a world made by
        `determinize` seeds its generator only if it draws (without Mumanbots, a Tabletop Inc.
        game never does after set-up, and seeding one costs a sixth of a determinize)."""
        if self._cache_rng_shared:
            self.rng = clone_rng(self.rng)
            self._cache_rng_shared = False
        else:
            self.settle_generator()
        return self.rng

    def settle_generator(self) -> None:
        if self.rng is None:
            self.rng = seeded_rng(self._cache_rng_seed)

    # ------------------------------------------------------------------ small helpers
    def log(self, text: str) -> None:
        ev = self.events
        ev.append(text)
        if len(ev) > 12:
            del ev[0]

    def ability(self, s: int) -> str:
        w = self.wow[s]
        return self.game.data.wow[w][0] if w in self.game.data.wow else ""

    def restriction(self, s: int) -> str:
        p = self.pow[s]
        return self.game.data.pow[p][0] if p else ""

    def skills(self, s: int) -> list[int]:
        """§8.1 skill totals: WOW/Founder + employees + tucked skill cards + item bonuses."""
        d = self.game.data
        w = self.wow[s]
        tot = list(d.wow[w][1]) if w in d.wow else (list(d.founders[w]) if w else [0, 0, 0])
        for card, _slot in self.employees[s]:
            sk = d.specialists[card][1] if card in d.specialists else d.freelancers[card][2]
            tot[0] += sk[0]
            tot[1] += sk[1]
            tot[2] += sk[2]
        for sc in self.tucked[s].values():
            sk = d.skills[sc][0]
            tot[0] += sk[0]
            tot[1] += sk[1]
            tot[2] += sk[2]
        p = self.item_skills[s]
        return [tot[0] + p[0], tot[1] + p[1], tot[2] + p[2]]

    def _pairs(self, s: int, extra: bool = False) -> list[tuple[int, int]]:
        pairs: list[tuple[int, int]] = []
        sw = SWAP_PAIRS.get(self.ability(s))
        if sw:
            pairs.append(sw)
        if extra:
            pairs.append((3, 4))
        return pairs

    def can_pay(self, s: int, cost, extra: bool = False) -> bool:
        """Whether seat s can pay `cost` (5 resources), using W6-W8 interchange and,
        with extra=True, research/playtest interchange (SP08)."""
        have = self.resources[s]
        pairs = self._pairs(s, extra)
        if not pairs:
            return all(have[r] >= cost[r] for r in range(5) if cost[r])
        paired = set()
        for a, b in pairs:
            paired.add(a)
            paired.add(b)
            if have[a] + have[b] < cost[a] + cost[b]:
                return False
        return all(have[r] >= cost[r] for r in range(5) if cost[r] and r not in paired)

    def pay(self, s: int, cost, extra: bool = False) -> None:
        have = self.resources[s]
        for r in range(5):
            c = cost[r]
            if not c:
                continue
            take = min(c, have[r])
            have[r] -= take
            c -= take
            if c:
                for a, b in self._pairs(s, extra):
                    other = b if r == a else a if r == b else -1
                    if other >= 0:
                        have[other] -= c
                        c = 0
                        break

    def split_range(self, s: int, a: int, b: int, total: int) -> tuple[int, int]:
        """The amounts of resource a (the rest in b) that can pay `total` of an interchangeable pair."""
        have = self.resources[s]
        return max(0, total - have[b]), min(total, have[a])

    def charge(self, s: int, cost, extra: bool = False) -> None:
        """Pay `cost` as the seat chooses: where W6-W8 (or SP08 with extra=True) make two
        resources interchangeable and the part they cover can be split more than one way, a
        ("split", seat, a, b, total) decision is pushed for it (AMB-13); everything with a
        single way to pay is paid at once, exactly as `pay` does."""
        choices: list[tuple[int, int, int]] = []
        rest = list(cost)
        for a, b in self._pairs(s, extra):
            total = cost[a] + cost[b]
            if total:
                lo, hi = self.split_range(s, a, b, total)
                if hi > lo:
                    choices.append((a, b, total))
                    rest[a] = rest[b] = 0
        self.pay(s, rest, extra)
        for a, b, total in reversed(choices):
            self.stack.append(("split", s, a, b, total))

    def gain_bonus(self, s: int, b: tuple) -> None:
        """§10.18 bonus icons: resources, in-game VP, prediction bonus, action bonus."""
        if s in self.game.bots:
            self.vp[s] += b[5]
            return
        r = self.resources[s]
        for i in range(5):
            if b[i]:
                r[i] += b[i]
        self.vp[s] += b[5]
        if b[6]:
            resolution.prediction_bonus(self, s, b[6])
        if b[7]:
            times = b[7] * (2 if self.ability(s) == "double_action_bonus" else 1)
            for _ in range(times):
                self.stack.append(("any", s, "bonus"))

    # ------------------------------------------------------------------ contract
    def current_player(self) -> int:
        if self.phase == "over":
            return TERMINAL
        if self.stack:
            return self.stack[-1][1]
        return self.turn

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def random_action(self, rng: random.Random) -> Hashable:
        """The base class's, defined here so that the compiled engine runs it compiled."""
        legal = self.legal_actions()
        return legal[randbelow(len(legal), rng)]

    def legal_actions(self) -> list:
        ph = self.phase
        if ph == "over":
            return []
        if self.stack:
            return self._task_legal(self.stack[-1])
        if ph == "main":
            free = self._free_actions(self.turn)
            return free + self._main_actions(self.turn) if free else self._main_actions(self.turn)
        return self._free_actions(self.turn) + [("end_turn",)]

    def _main_actions(self, s: int) -> list:
        g = self.game
        d = g.data
        out: list = []
        mum = self.mumans[s]
        stand = self.standees[s]
        if mum or stand:
            occ = self.occupied
            have = self.resources[s]
            w = self.wow[s]
            sw = SWAP_PAIRS.get(d.wow[w][0]) if w in d.wow else None  # self.ability(s)
            # (id, action, index, unlimited, cost resource, its amount, full cost, place action)
            rows: tuple[tuple[str, str, int, bool, int, int, tuple, tuple], ...] = g.__dict__.get(
                "_cache_place_rows"
            ) or _place_rows(g)
            if mum and not stand:
                # the common case, in one pass: every open space the seat can pay for
                if sw is None:
                    out = [
                        place
                        for _sid, _action, idx, unlimited, cr, ca, cost, place in rows
                        if (unlimited or occ[idx] < 0)
                        and (cr < 0 or (have[cr] >= ca if cr < 5 else self.can_pay(s, cost)))
                    ]
                else:
                    a, b = sw
                    out = [
                        place
                        for _sid, _action, idx, unlimited, cr, ca, cost, place in rows
                        if (unlimited or occ[idx] < 0)
                        and (
                            cr < 0
                            or (
                                have[cr] >= ca or ((cr == a or cr == b) and have[a] + have[b] >= ca)
                                if cr < 5
                                else self.can_pay(s, cost)
                            )
                        )
                    ]
            else:
                # with standees: each open space's meeple place (or, with no meeple left, the
                # first standee's on a space of another action) and then its linked standees
                append = out.append
                specialists = d.specialists
                first = stand[0]
                first_action = specialists[first][0]
                linked: dict[str, list] = {}
                for st in stand:
                    linked.setdefault(specialists[st][0], []).append(st)
                for sid, action, idx, unlimited, cr, ca, cost, place in rows:
                    if not unlimited and occ[idx] >= 0:
                        continue
                    if cr < 0 or (
                        have[cr] >= ca or (sw is not None and cr in sw and have[sw[0]] + have[sw[1]] >= ca)
                        if cr < 5
                        else self.can_pay(s, cost)
                    ):
                        if mum:
                            append(place)
                        elif first_action != action:
                            append(("place", sid, first))
                    if action in linked:
                        for st in linked[action]:
                            append(("place", sid, st))
            emp = self.employees[s]
            if emp:
                freelancers = d.freelancers
                hired = [card for card, _slot in emp if card in freelancers]
                if hired:
                    used = {loc for _w, loc in self.placed[s] if isinstance(loc, str)}
                    out.extend(("freelancer", card) for card in hired if card not in used)
        if self.placed[s]:
            out.append(("recall",))
        return out

    def _swaps(self, s: int, src: int, dst: int) -> list:
        """§10.15 1-for-1 swaps within a level, ("swap", give, get, how many).  In one run of
        swaps a resource received is not given back, nor one given received (bit masks src /
        dst): that changes no reachable result and keeps trading finite."""
        r = self.resources[s]
        out = []
        for group in (L1, L2):
            for f in group:
                if not r[f] or dst >> f & 1:
                    continue
                for to in group:
                    if to == f or src >> to & 1:
                        continue
                    for k in range(1, r[f] + 1):
                        out.append(("swap", RES[f], RES[to], k))
        return out

    def swap(self, s: int, action, src: int, dst: int) -> None:
        """Make one swap.  The turn's trading (`trade_open`) remembers the run's masks, the
        resources after the swap, and whether the seat then stopped trading."""
        f, to, k = RES.index(action[1]), RES.index(action[2]), action[3]
        r = self.resources[s]
        r[f] -= k
        r[to] += k
        self.trade_open = (src | 1 << f, dst | 1 << to, tuple(r), False)

    def trade_masks(self, s: int) -> tuple[int, int]:
        """The masks of the current run of swaps: those of the last swap while the resources
        are as it left them; fresh once anything else has changed them (an item, a tuck, the
        rest of an action), so resources that arrive later can be traded too."""
        if self.trade_open and tuple(self.resources[s]) == self.trade_open[2]:
            return self.trade_open[0], self.trade_open[1]
        return 0, 0

    def _window_open(self, s: int) -> bool:
        """Whether the free window after the main step needs a decision: some free step is
        possible, and it is not only more trading with the very resources the seat just stopped
        trading (AMB-30).  Asked after every main step, so it checks the kinds of free step in
        `_free_actions`' order and stops at the first without listing them."""
        if self.hand_skills[s]:
            tuck = self.tucked[s]
            w = self.wow[s]
            if (w and w not in tuck) or any(c not in tuck for c, _ in self.employees[s]):
                return True
        if self.hand_items[s]:
            return True
        p = self.pow[s]
        if p and self.can_pay(s, self.game.data.pow[p][1]):
            return True
        trade = self.trade_open
        if trade and self._swaps(s, *self.trade_masks(s)):
            return not trade[3] or tuple(self.resources[s]) != trade[2]
        return False

    def _free_actions(self, s: int) -> list:
        """§6 free-timing steps: tuck, use an item, remove the POW card; and, once the seat has
        done the Trade action this turn, more swaps (AMB-30: "any number of swaps this turn")."""
        out: list = []
        if self.hand_skills[s]:
            tuck = self.tucked[s]
            holders = [c for c, _ in self.employees[s] if c not in tuck]
            if self.wow[s] and self.wow[s] not in tuck:
                holders.append(self.wow[s])
            for sc in sorted(set(self.hand_skills[s])):
                for e in holders:
                    out.append(("tuck", sc, e))
        if self.hand_items[s]:
            for it in sorted(set(self.hand_items[s])):
                out.append(("item", it))
        p = self.pow[s]
        if p and self.can_pay(s, self.game.data.pow[p][1]):
            out.append(("remove_pow",))
        if self.trade_open:
            out += self._swaps(s, *self.trade_masks(s))
        return out

    def _apply(self, action) -> None:
        self.steps += 1
        if self.stack:
            task = self.stack.pop()
            self._task_do(task, action)
        else:
            kind: str = action[0]
            s = self.turn
            if kind == "end_turn":
                self._end_turn()
                return
            if kind in ("tuck", "item", "remove_pow", "swap"):
                self.phase_after = self.phase
                resolution.free_step(self, s, action)
            else:
                self.phase_after = "post"
                if kind == "recall":
                    resolution.recall(self, s)
                elif kind == "freelancer":
                    self._place_freelancer(s, action[1])
                else:
                    self._place(s, action)
        self._settle()

    def _settle(self) -> None:
        """Run automatic tasks; when nothing is pending, move the turn on."""
        st = self.stack
        while True:
            while st and st[-1][0] in AUTO:
                self._auto(st.pop())
            if st or self.phase == "over":
                if st and self.phase not in ("setup",):
                    self.phase = "resolve"
                return
            if self.phase == "setup":
                self._start_turn(self.game.first)
                return
            if self.phase_after == "bots":
                self.phase_after = "main"
                self._end_turn()
                if self.stack:
                    continue
                return
            self.phase = self.phase_after
            if self.phase == "post" and not self._window_open(self.turn):
                self._end_turn()
                if self.stack:
                    continue
            return

    # ------------------------------------------------------------------ turns
    def _start_turn(self, s: int) -> None:
        """Begin seat s's turn; Mumanbot seats play at once (§17.2)."""
        while True:
            self.turn = s
            self.trade_open = ()
            if s not in self.game.bots:
                self.phase = "main"
                self.phase_after = "main"
                return
            bot_turn(self, s)
            if self.stack:  # a human predictor must choose a reward now
                self.phase = "resolve"
                self.phase_after = "bots"
                return
            if not self._finish_turn(s):
                return
            s = (s + 1) % self.n

    def _finish_turn(self, s: int) -> bool:
        """Bookkeeping after seat s's turn; False when the game is over."""
        if self.end_by >= 0 and self.end_by != s:
            if s in self.final_left:
                self.final_left.remove(s)
            if not self.final_left:
                self.phase = "over"
                self.stack.clear()
                return False
        elif self.end_by == s and not self.final_left:
            self.phase = "over"
            return False
        return True

    def _end_turn(self) -> None:
        s = self.turn
        if self._finish_turn(s):
            self._start_turn((s + 1) % self.n)

    def trigger_end(self, s: int) -> None:
        """§12.6 / §14.1: the seat that moved the hourglass to 0 gains 5 VP; everyone else
        gets one last turn, clockwise from its left."""
        self.end_by = s
        self.vp[s] += END_BONUS
        self.final_left = [(s + k) % self.n for k in range(1, self.n)]
        self.log(f"seat {s} ends the game (+5 VP)")

    # ------------------------------------------------------------------ placing (§7)
    def _place(self, s: int, action) -> None:
        g = self.game
        sp = g.space_by_id[action[1]]
        worker = action[2] if len(action) > 2 else "m"
        if worker == "m":
            self.mumans[s] -= 1
        else:
            self.standees[s] = tuple_without(self.standees[s], worker)
        self.placed[s] = self.placed[s] + ((worker, sp.idx),)
        if not sp.unlimited:
            self.occupied[sp.idx] = s
        linked = worker != "m" and g.data.specialists[worker][0] == sp.action
        # resolved from the top: the safety cost's split (if any), the bonus, the action, then
        # opponents' predictions (§7.2 steps 2-5); the bonus's own tasks go above the action
        self.stack.append(("predcheck", s, sp.action))
        self.stack.append(("start", s, sp.action, linked, sp.piece))
        self.stack.append(("placebonus", s, sp.id))
        if not linked and any(sp.cost):
            self.charge(s, sp.cost)  # waived for a linked specialist (§7.3)
        self.log(f"seat {s} places on {sp.id}" + (f" with {worker}" if worker != "m" else ""))

    def _place_freelancer(self, s: int, card: str) -> None:
        """§10 freelancer spaces: no safety cost, no bonus, no prediction (AMB-35)."""
        if self.mumans[s]:
            self.mumans[s] -= 1
            worker = "m"
        else:
            worker = self.standees[s][0]
            self.standees[s] = self.standees[s][1:]
        self.placed[s] = self.placed[s] + ((worker, card),)
        self.stack.append(("freelancer", s, card))
        self.log(f"seat {s} uses freelancer {card}")

    # ------------------------------------------------------------------ free steps (§6)

    # ------------------------------------------------------------------ actions (§10)

    # ------------------------------------------------------------------ recall (§12)

    # ------------------------------------------------------------------ predictions (§13)

    # ------------------------------------------------------------------ tasks
    def _auto(self, t: tuple) -> None:
        kind: str = t[0]
        s: int = t[1]
        if kind == "start":
            resolution.start_action(self, s, t[2], t[3], t[4])
        elif kind == "endcheck":
            if self.hourglass == 0 and self.end_by < 0:
                self.trigger_end(s)
        elif kind == "predstart":
            lo, _hi = resolution.pred_min_max(self, s)
            if self.resources[s][3] >= lo * self.game.data.prediction_cost:
                self.stack.append(("ptarget", s))
        elif kind == "freelancer":
            resolution.freelancer_effect(self, s, t[2])
        elif kind == "predcheck":
            resolution.pred_placed(self, s, t[2])
        elif kind == "placebonus":
            self.gain_bonus(s, self.game.space_by_id[t[2]].bonus)

    def _task_legal(self, t: tuple) -> list:
        kind: str = t[0]
        s: int = t[1]
        d = self.game.data
        if kind == "pick":
            group = L1 if t[2] == 0 else L2
            out: list = [("take", RES[r]) for r in group]
            if not t[4]:
                out.append(("stop",))
            return out
        if kind == "track":
            tr = self.tracks[t[2]]
            if t[3]:
                out = [("slot", i) for i, c in enumerate(tr) if c]
            else:
                # track_price_ok for every slot at once: a token on each card to its right
                ban = POW_TOKEN_BAN.get(self.restriction(s), -1)
                r = self.resources[s]
                wealth = r[0] + r[1] + r[2] + r[3] + r[4] - (r[ban] if ban >= 0 else 0)
                out = []
                need = 0
                for i in range(len(tr) - 1, -1, -1):
                    if tr[i]:
                        if wealth >= need:
                            out.append(("slot", i))
                        need += 1
                out.reverse()
            out.append(("decline",))
            return out
        if kind == "tokens":
            ban = POW_TOKEN_BAN.get(self.restriction(s), -1)
            r = self.resources[s]
            return [("token", RES[k]) for k in range(5) if r[k] and k != ban]
        if kind == "play":
            out = []
            hired = len(self.employees[s])
            if not (self.restriction(s) == "max_four_employees" and hired >= 4):
                used = {slot for _c, slot in self.employees[s]}
                free = [k for k in range(6) if k not in used]
                if not self.pow[s] and 6 not in used:
                    free.append(6)
                for c in sorted(set(self.hand_employees[s])):
                    for k in free:
                        out.append(("play", c, k))
            out.append(("decline",))
            return out
        if kind == "train":
            cost_off = t[3]
            out = [
                ("buy_skill", c)
                for c in t[2]
                if self.can_pay(s, (max(0, d.skills[c][2] - cost_off), 0, 0, 0, 0))
            ]
            out.append(("decline",))
            return out
        if kind == "box":
            out = []
            if not self.production[s][0]:
                sk = self.skills(s)[0]
                for L in range(1, min(4, sk) + 1):
                    if (
                        self.supply[0][L - 1]
                        and not (L == 4 and self.restriction(s) == POW_L4[0])
                        and self.can_pay(s, resolution.piece_cost(self, s, 0, L, t[2]))
                    ):
                        out.append(("buy", "box", L))
            out.append(("decline",))
            return out
        if kind == "part":
            out = []
            sks = self.skills(s)
            for piece in (1, 2):
                if self.production[s][piece]:
                    continue
                for L in range(1, min(4, sks[piece]) + 1):
                    if (
                        self.supply[piece][L - 1]
                        and not (L == 4 and self.restriction(s) == POW_L4[piece])
                        and self.can_pay(s, resolution.piece_cost(self, s, piece, L, 0), extra=bool(t[2]))
                    ):
                        out.append(("buy", PIECES[piece], L))
            out.append(("decline",))
            return out
        if kind == "upg":
            out = [("upgrade", PIECES[p]) for p in range(3) if resolution.can_upgrade(self, s, p)]
            out.append(("stop",))
            return out
        if kind == "award":
            return resolution.award_options(self, s, t[2]) + [("decline",)]
        if kind == "trade":
            return self._swaps(s, t[2], t[3]) + [("stop",)]
        if kind == "flip":
            return [
                ("flip", c)
                for c, u in zip(self.prediction_cards[s], self.prediction_up[s], strict=True)
                if not u
            ]
        if kind == "upg_more":
            return [("upgrade", PIECES[t[2]]), ("stop",)]
        if kind == "split":
            a, b, total = t[2], t[3], t[4]
            lo, hi = self.split_range(s, a, b, total)
            return [("pay", RES[a], x, RES[b], total - x) for x in range(lo, hi + 1)]
        if kind == "obj":
            return [("keep", c) for c in t[2]] + [("stop",)]
        if kind == "any":
            return [("do", a) for a in ACTIONS]
        if kind == "copy":
            return [("copy", c) for c in resolution.copy_targets(self)]
        if kind == "ptarget":
            return [("predict_on", p) for p in range(self.n) if p != s] + [("no_predict",)]
        if kind == "pcards":
            chosen = t[3]
            lo, hi = resolution.pred_min_max(self, s)
            out = []
            if len(chosen) < hi and self.resources[s][3] >= d.prediction_cost:
                out = [("predict", a) for a in d.prediction_deck if a not in chosen]
            if len(chosen) >= lo:
                out.append(("stop",))
            return out
        if kind == "keep":
            opts = self.dealt[s][0 if t[2] == "wow" else 1]
            return [("keep", t[2], c) for c in opts]
        raise AssertionError(f"unknown task {t!r}")

    def _task_do(self, t: tuple, a) -> None:
        kind: str = t[0]
        s: int = t[1]
        d = self.game.data
        st = self.stack
        if kind == "pick":
            if a[0] == "take":
                self.resources[s][RES.index(a[1])] += 1
                if t[3] > 1:
                    st.append(("pick", s, t[2], t[3] - 1, t[4]))
        elif kind == "track":
            if a[0] == "slot":
                key, i = t[2], a[1]
                need = [j for j in range(i + 1, len(self.tracks[key])) if self.tracks[key][j]]
                if t[3] or not need:
                    resolution.take_card(self, s, key, i)
                else:
                    st.append(("tokens", s, key, i, tuple(need)))
        elif kind == "tokens":
            key, i, todo = t[2], t[3], t[4]
            r = RES.index(a[1])
            self.resources[s][r] -= 1
            j = todo[0]
            old = self.track_tokens[key][j]
            self.track_tokens[key] = tuple_with(self.track_tokens[key], j, tuple_plus(old, r, 1))
            if len(todo) > 1:
                st.append(("tokens", s, key, i, todo[1:]))
            else:
                resolution.take_card(self, s, key, i)
        elif kind == "play":
            if a[0] == "play":
                card, slot = a[1], a[2]
                self.hand_employees[s] = tuple_without(self.hand_employees[s], card)
                self.employees[s] = self.employees[s] + ((card, slot),)
                if card in d.specialists:
                    self.standees[s] = tuple(sorted(self.standees[s] + (card,)))
                self.log(f"seat {s} plays {card}")
                if t[2] > 1:
                    st.append(("play", s, t[2] - 1))
                if slot < 6:
                    self.gain_bonus(s, d.table_seats[slot])
        elif kind == "train":
            rev = list(t[2])
            if a[0] == "buy_skill":
                c = a[1]
                rev.remove(c)
                self.charge(s, (max(0, d.skills[c][2] - t[3]), 0, 0, 0, 0))
                self.hand_skills[s] = self.hand_skills[s] + (c,)
                self.log(f"seat {s} buys a skill card")
            self.skill_deck[:0] = rev
        elif kind in ("box", "part"):
            if a[0] == "buy":
                piece = PIECES.index(a[1])
                L = a[2]
                self.charge(
                    s,
                    resolution.piece_cost(self, s, piece, L, t[2] if kind == "box" else 0),
                    extra=(kind == "part" and bool(t[2])),
                )
                self.supply[piece] = tuple_plus(self.supply[piece], L - 1, -1)
                self.production[s] = tuple_with(self.production[s], piece, L)
                self.log(f"seat {s} buys a level-{L} {a[1]}")
        elif kind == "upg":
            if a[0] == "upgrade":
                resolution.upgrade_step(self, s, PIECES.index(a[1]))
                if t[2] > 1:
                    st.append(("upg", s, t[2] - 1))
        elif kind == "award":
            if a[0] == "award":
                A, gi = a[1], a[2]
                pub = self.published[s]
                game = pub[gi]
                self.published[s] = pub[:gi] + pub[gi + 1 :]
                self.awards[s] = self.awards[s] + ((A, game),)
                self.shelf[A - 1] -= 1
                self.log(f"seat {s} wins a level-{A} award with its game {game[0]}/{game[1]}/{game[2]}")
        elif kind == "trade":
            if a[0] == "swap":
                self.swap(s, a, t[2], t[3])
                st.append(("trade", s) + self.trade_open[:2])
            else:
                self.trade_open = self.trade_open[:3] + (True,)
        elif kind == "flip":
            resolution.flip(self, s, self.prediction_cards[s].index(a[1]))
            if t[2] > 1:
                resolution.prediction_bonus(self, s, t[2] - 1)
        elif kind == "upg_more":
            if a[0] == "upgrade":
                resolution.upgrade_up_to(self, s, t[2], t[3])
        elif kind == "split":
            have = self.resources[s]
            have[t[2]] -= a[2]
            have[t[3]] -= a[4]
        elif kind == "obj":
            rev = list(t[2])
            if a[0] == "keep":
                rev.remove(a[1])
                self.objectives[s] = self.objectives[s] + (a[1],)
                if t[3] > 1 and rev:
                    st.append(("obj", s, tuple(rev), t[3] - 1))
                    return
            self.objective_deck[:0] = rev
        elif kind == "any":
            st.append(("start", s, a[1], False, -1))
        elif kind == "copy":
            resolution.freelancer_effect(self, s, a[1])
        elif kind == "ptarget":
            if a[0] == "predict_on":
                st.append(("pcards", s, a[1], ()))
        elif kind == "pcards":
            if a[0] == "predict":
                self.resources[s][3] -= d.prediction_cost
                st.append(("pcards", s, t[2], t[3] + (a[1],)))
            else:
                self.prediction_target[s] = t[2]
                self.prediction_cards[s] = tuple(t[3])
                self.prediction_up[s] = (0,) * len(t[3])
                self.log(f"seat {s} predicts {plural(len(t[3]), 'action')} of seat {t[2]}")
        elif kind == "keep":
            if t[2] == "wow":
                self.wow[s] = a[2]
            else:
                self.pow[s] = a[2]
                self.dealt[s] = ()

    # ------------------------------------------------------------------ scoring (§14)
    def objective_score(self, s: int) -> int:
        return objective_total(self, s)

    def final_breakdown(self, s: int) -> dict:
        d = self.game.data
        if s in self.game.bots:
            return {"track": self.vp[s], "total": self.vp[s]}
        pub = 0
        for g in self.published[s]:
            pub += g[0] + g[1] + g[2]
        prod = self.production[s]
        unpub = (prod[0] + prod[1] + prod[2] + 1) // 2
        obj = objective_total(self, s)
        freelancers = d.freelancers
        fl = 0
        for c, _ in self.employees[s]:
            if c in freelancers:
                fl += freelancers[c][3]
        aw = 0
        if self.awards[s]:
            card = d.awards[self.award_card[s]]
            ab = self.ability(s)
            for A, _g in self.awards[s]:
                aw += AWARD_W_VP[ab] if ab == AWARD_W[A] else card[A - 1][1]
        total = self.vp[s] + pub + unpub + obj + fl + aw
        return {
            "track": self.vp[s],
            "published": pub,
            "unpublished": unpub,
            "objectives": obj,
            "freelancers": fl,
            "awards": aw,
            "total": total,
        }

    def scores(self) -> list[tuple]:
        """(VP, tie-break): ties go to the seat farthest from the first player (§14.3)."""
        first = self.game.first
        return [(self.final_breakdown(s)["total"], (s - first) % self.n) for s in range(self.n)]

    def returns(self) -> list[float]:
        """As `State.returns`, found faster (search scores every playout's end with it): the
        tie-break is different for every seat, so exactly one seat has the best score and wins."""
        if self.phase != "over":
            return self.heuristic()
        scores = self.scores()
        best = max(scores)
        return [1.0 if sc == best else 0.0 for sc in scores]

    def heuristic(self) -> list[float]:
        from .scoring import heuristic

        return heuristic(self)

    # ------------------------------------------------------------------ information
    def observation(self, seat: int) -> Any:
        from .info import observation

        return observation(self, seat)

    def determinize(self, seat: int, rng: random.Random) -> TabletopState:
        from .info import determinize

        return determinize(self, seat, rng)

    def determinizer(self, seat: int):
        """determinize(seat, rng) as a function of rng, with what needs no draw done once (for
        a search that asks for a world every iteration); valid while this state is unchanged."""
        from .info import determinizer

        return determinizer(self, seat)

    def action_to_string(self, action) -> str:
        """The action as its actor reads it, cards and spaces named (worded in view.py)."""
        from .words import action_text

        return action_text(self, action)

    def history_text(self) -> list[str]:
        return list(self.events)

    def __str__(self) -> str:
        from .info import render

        return render(self)
