"""P.I.'s deck vocabulary: the rules an investigator automaton's card may print, in the
game's words (2-player solo: the automaton is one seat, you the other).

Every rule reads only `View`, made from the automaton seat's observation: the public
results about its own case (its investigators' discs and cubes, its evidence cards' discs,
cubes and dead leads, its failed nominations) and the case cards in its hand (your case,
so none of those names is its own).  A name *fits* when some triple that every one of
those clues allows contains it: the notepad deduction every P.I. player makes.  A *solve*
rule picks a triple at the turn (the suspect that fits most triples, then the crime, then
the location) and names it over the next two decisions.

The physical problem: your case is held by the automaton, which cannot answer your
investigations at the table.  The rule sheet says how (`CASE_KEEPER`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from automa.decks import Bonus, Rule, TieBreaker

from . import logic
from .state import EV, INV, SC, SL, SS

GAME = "pi"


@dataclass
class View:
    """One decision of the automaton seat, as its observation shows it."""

    seat: int
    obs: dict
    game: Any
    kind: str = ""

    @property
    def data(self) -> Any:
        return self.game.data

    @cached_property
    def fits(self) -> int:
        """The triples (a bit mask) no clue rules out for this seat's own case."""
        cand = self.obs["candidates"][self.seat]
        hand = self.obs["hand"]
        return cand & logic.hand_exclusion(self.data, hand) if hand is not None else cand

    def count(self, mask: int) -> int:
        return (self.fits & mask).bit_count()

    @cached_property
    def names_left(self) -> tuple[int, int, int]:
        """How many suspects, crimes and locations still fit."""
        d = self.data
        return (
            sum(1 for m in d.SMASK if self.fits & m),
            sum(1 for m in d.CMASK if self.fits & m),
            sum(1 for m in d.LMASK if self.fits & m),
        )

    def likeliest(self) -> tuple[int, int, int] | None:
        """The suspect in most fitting triples, then the crime, then the location (lowest
        number on ties), keeping to a nomination already begun."""
        d = self.data
        mask = self.fits
        if not mask:
            return None
        pend_s, pend_c = self.obs["pending"]
        s = pend_s if pend_s >= 0 else max(range(d.NS), key=lambda i: ((mask & d.SMASK[i]).bit_count(), -i))
        mask &= d.SMASK[s]
        c = pend_c if pend_c >= 0 else max(range(d.NC), key=lambda i: ((mask & d.CMASK[i]).bit_count(), -i))
        mask &= d.CMASK[c]
        if not mask:
            return None
        loc = max(range(d.NL), key=lambda i: ((mask & d.LMASK[i]).bit_count(), -i))
        return s, c, loc

    def own_results(self):
        """(area, discs, cubes) of each of this seat's investigators this mini-game."""
        return [(e[2], e[3], e[4]) for e in self.obs["events"] if e[0] == INV and e[1] == self.seat]

    def card_area(self, card: int) -> int:
        """The area of an evidence card's tile (a location card: the area itself)."""
        obs, d = self.obs, self.data
        t = d.card_type(card)
        if t == 2:
            return card - d.NS - d.NC
        tiles = obs["suspect_tiles"] if t == 0 else obs["crime_tiles"]
        name = card if t == 0 else card - d.NS
        return tiles.index(name)

    def card_fits(self, card: int) -> bool:
        d = self.data
        t = d.card_type(card)
        mask = (d.SMASK, d.CMASK, d.LMASK)[t][card - (0, d.NS, d.NS + d.NC)[t]]
        return bool(self.fits & mask)


def read(obs: dict, game) -> View:
    pend_s, pend_c = obs["pending"]
    kind = "turn" if pend_s < 0 else "crime" if pend_c < 0 else "location"
    return View(obs["seat"], obs, game, kind)


def starts_turn(view: View) -> bool:
    return view.kind == "turn"


# --------------------------------------------------------------------------- rule makers


def turn_rule(name: str, text: str, score: Callable[[View, Any], float | None]) -> Rule:
    """A rule over the turn's actions: `score(view, action)`, None when it does not apply."""

    def scores(view: View, legal: Sequence[Hashable]) -> dict:
        return {a: s for a in legal if (s := score(view, a)) is not None}

    return Rule(name, text, frozenset(("turn",)), scores)


def solve_rule(name: str, text: str, when: Callable[[View], bool]) -> Rule:
    """Begin a solve when `when(view)`, naming the likeliest triple; the same rule names
    its crime and location on the next decisions."""

    def scores(view: View, legal: Sequence[Any]) -> dict:  # actions: (kind, number) tuples
        if view.kind == "turn" and not when(view):
            return {}
        triple = view.likeliest()
        if triple is None:
            return {}
        want = {SS: triple[0], SC: triple[1], SL: triple[2]}
        return {a: 1.0 for a in legal if a[0] in want and a[1] == want[a[0]]}

    return Rule(name, text, frozenset(("turn", "crime", "location")), scores)


# --------------------------------------------------------------------------- card rules


def _investigate_cubes(view: View, a):
    if a[0] != INV:
        return None
    adj = view.data.adj_bits
    near = sum(cubes for area, _discs, cubes in view.own_results() if adj[area] >> a[1] & 1)
    return near if near > 0 else None


def _investigate_fits(view: View, a):
    """Fitting names on the area's own tiles and its neighbours'."""
    if a[0] != INV:
        return None
    d, obs = view.data, view.obs
    total = 0
    for area in (a[1],) + tuple(d.adj[a[1]]):
        s, c = obs["suspect_tiles"][area], obs["crime_tiles"][area]
        total += (
            (s >= 0 and bool(view.fits & d.SMASK[s]))
            + (c >= 0 and bool(view.fits & d.CMASK[c]))
            + bool(view.fits & d.LMASK[area])
        )
    return total if total > 0 else None


def _investigate_hub(view: View, a):
    return len(view.data.adj[a[1]]) if a[0] == INV else None


def _evidence_fit(view: View, a):
    """A card whose name still fits, of the element with the fewest names left (above one)."""
    if a[0] != EV or not view.card_fits(a[1]):
        return None
    left = view.names_left[view.data.card_type(a[1])]
    return -left if left > 1 else None


def _evidence_disc(view: View, a):
    """A card whose tile lies where an investigator of yours found a disc."""
    if a[0] != EV or not view.card_fits(a[1]):
        return None
    area = view.card_area(a[1])
    discs = sum(dd for place, dd, _cubes in view.own_results() if place == area)
    return discs if discs > 0 else None


def _dither(view: View, a):
    """A wasted turn, as a distracted detective plays: a card of a name already ruled out."""
    if a[0] == EV:
        return 1 if view.card_fits(a[1]) else 2
    return 0 if a[0] == INV else None


CARD_RULES = (
    solve_rule(
        "solve_sure",
        "If one triple alone fits every clue, solve it.",
        lambda view: view.fits.bit_count() == 1,
    ),
    solve_rule(
        "solve_hunch",
        "If at most three triples fit, solve with the likeliest (the suspect that "
        "fits most triples, then the crime, then the location).",
        lambda view: 0 < view.fits.bit_count() <= 3,
    ),
    solve_rule(
        "solve_known",
        "If one suspect, one crime and one location fit, solve with them.",
        lambda view: view.names_left == (1, 1, 1),
    ),
    turn_rule(
        "investigate_cubes",
        "Investigate the new area next to the most cubes your investigators have found.",
        _investigate_cubes,
    ),
    turn_rule(
        "investigate_fits",
        "Investigate the new area whose tiles, and its neighbours' tiles, show the "
        "most names that still fit.",
        _investigate_fits,
    ),
    turn_rule("investigate_hub", "Investigate the new area with the most neighbours.", _investigate_hub),
    turn_rule(
        "evidence_disc",
        "Take an evidence card of a name that still fits, lying where an investigator of yours found a disc.",
        _evidence_disc,
    ),
    turn_rule(
        "evidence_fit",
        "Take an evidence card of a name that still fits, for the element (suspect, "
        "crime, location) with the fewest names left.",
        _evidence_fit,
    ),
    turn_rule(
        "dither",
        "Take the first face-up evidence card of a name that no longer fits (else the first "
        "you may, else investigate the first new area).",
        _dither,
    ),
)


# --------------------------------------------------------------------------- standing rules

STANDING_RULES = (
    solve_rule("finish_solve", "Naming a triple: the likeliest, as for a solve.", lambda view: False),
    turn_rule(
        "fallback",
        "No rule on the card can be done: take the first face-up evidence card of a name "
        "that still fits, else investigate the first new area, else solve with the likeliest "
        "triple.",
        lambda view, a: (
            3 if a[0] == EV and view.card_fits(a[1]) else 2 if a[0] == INV else 1 if a[0] == EV else None
        ),
    ),
    solve_rule(
        "last_resort", "Nothing else can be done: solve with the likeliest triple.", lambda view: True
    ),
)

RULES = {rule.name: rule for rule in CARD_RULES + STANDING_RULES}
STANDING = tuple(rule.name for rule in STANDING_RULES)


# --------------------------------------------------------------------------- tie-breakers


def _hub(view: View, a) -> int:
    if a[0] == INV:
        return len(view.data.adj[a[1]])
    if a[0] == EV:
        return len(view.data.adj[view.card_area(a[1])])
    return 0


TIE_BREAKERS = {
    t.name: t
    for t in (
        TieBreaker("hub", "the area (or the card's tile in the area) with the most neighbours", _hub),
        # (the key's action is Hashable to mypy; here always a (kind, number) tuple)
        TieBreaker(
            "locations_first",
            "a location card",
            lambda view, a: a[0] == EV and view.data.card_type(a[1]) == 2,  # type: ignore[index]
        ),
        TieBreaker(
            "suspects_first",
            "a suspect card",
            lambda view, a: a[0] == EV and view.data.card_type(a[1]) == 0,  # type: ignore[index]
        ),
    )
}


# --------------------------------------------------------------------------- bonus


def _tip(state, seat: int, count: int) -> None:
    """Show the automaton `count` of its case cards: its clues then rule out every other name."""
    d = state.game.data
    case = state.cases[seat]
    for mask in (d.SMASK[case[0]], d.CMASK[case[1]], d.LMASK[case[2]])[:count]:
        state.candidates[seat] &= mask


BONUSES = {
    b.name: b
    for b in (
        Bonus(
            "tip",
            "At the start of each mini-game, show the automaton {n} of its case cards (suspect, then "
            "crime, then location): put its discs on those tiles.",
            lambda state: state.minigame,
            _tip,
        ),
    )
}

#: the designer's knob scale per seat, easiest setting first: (copies of the weak card, bonus,
#: its size).  Two case cards shown win almost always (0.99 against level:normal), so the
#: scale is weak cards alone, the plain deck, then one case card shown diluted by fewer and
#: fewer weak cards.  Swept over 40 games a setting against level:normal: 0.06 / 0.16 / 0.28
#: / 0.39 / 0.40 / 0.53 / 0.79 / 0.85 (six weak cards with a case card shown, 0.19, fell out
#: of order and is not on the scale).
DESIGN_KNOB = {seat: ((6, 3, 1, 0, 3, 2, 1, 0), "tip", (0, 0, 0, 0, 1, 1, 1, 1)) for seat in (0, 1)}

#: seat names for the printables (2-player solo: the automaton plays either chair)
SEATS = ("Investigator", "Investigator")
#: names the designer gives its cards
CARD_NAMES = {
    0: ("Legwork", "Hunch", "Stake-out", "Files", "Tail"),
    1: ("Legwork", "Hunch", "Stake-out", "Files", "Tail"),
}
#: how to seat the automaton (printed on the rule sheet instead of the general words)
SETUP = (
    "Set up P.I. for two as usual, the automaton in the other seat with its investigators, discs "
    "and cubes; on its turns you place them and take its evidence cards as its cards' rules say."
)
#: how your own case is answered at the table (printed on the rule sheet)
CASE_KEEPER = (
    "Your case: in P.I. the player on your right holds your case cards and answers your investigations, "
    "evidence cards and solve attempts. The automaton cannot read cards, and you cannot answer for "
    "yourself without seeing your case, so no paper method keeps it secret: either ask a helper who "
    "does not play to hold your three case cards and answer (they need only look at the board), or play "
    "the automaton on screen, `automa play pi --seat human --seat automaton:pi-investigator`, where the "
    "engine holds your case and answers. The automaton's case is yours to hold, as in the 2-player game: "
    "answer its investigations honestly from its case cards in your hand."
)
