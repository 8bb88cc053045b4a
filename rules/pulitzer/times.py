"""Pulitzer's solo automaton and the government (spec §13.2, §13.6, §13.11, §15.17-§15.21).

The engine (`state.py` and its layers) calls these functions inside `_apply`, so the Times
and the agents never hold a seat: in solo only the Post decides.

* The Times deck: 8 of the 15 Times cards, stacked bottom to top red / orange / yellow
  in the counts of ``times_mix`` (default 3 / 3 / 2), each colour shuffled separately.
  Before the Post's first turn of a round its top card is revealed; the first orange
  hires the purple X at value 2, the first red makes it 4 (hiring it at 4 if no orange
  came first, R-34); then one random face-down purple journalist goes on each listed
  space that is still free (an unavailable space is skipped, R-34).
* The Times in overtime discards the highest-numbered card of the display (R-35).
* The agents: 5 red + 5 blue, placed each round by two dice per kiosk column pair
  (§13.2 step 5, cell numbering §15.19), leftovers to the blue ($300) / red ($800) bus
  space; they duel journalists (ties to the journalist) and, on the bus, draw cards and
  destroy the best matching highlighted evidence of every report (§13.6, R-30, R-31).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from automa.rules.draws import randbelow, randint

from .base import PulitzerBase
from .data import BLUE, RED, TIMES
from .tables import Tables

COLOUR_NAMES = ("red", "orange", "yellow")


def validate_mix(mix: Sequence[int], deck_size: int = 8) -> str | None:
    """None when `mix` is a legal Times deck mix, else the problem in words."""
    ok = (
        isinstance(mix, (tuple, list))
        and len(mix) == 3
        and all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 5 for x in mix)
        and sum(mix) == deck_size
    )
    if ok:
        return None
    return (
        f"times_mix must be three whole numbers (red, orange, yellow), each 0-5, "
        f"summing to {deck_size}; got {tuple(mix) if isinstance(mix, (list, tuple)) else mix!r}"
    )


def build_deck(by_colour: Sequence[Sequence[int]], mix: Sequence[int], rng: random.Random) -> list[int]:
    """The Times stack as a list (index -1 = top): red at the bottom, then orange, then yellow."""
    deck: list[int] = []
    for colour in range(3):
        cards = list(by_colour[colour])
        rng.shuffle(cards)
        deck += cards[: mix[colour]]
    return deck


def deck_colours(mix: Sequence[int]) -> list[int]:
    """Colour of each position of a fresh stack (index -1 = top)."""
    return [0] * mix[0] + [1] * mix[1] + [2] * mix[2]


def reveal_and_place(st: PulitzerBase) -> None:
    """Reveal the top Times card, hire/upgrade the purple X, place purple journalists."""
    if not st.times_deck:
        return
    tb = st.tables
    card = st.times_deck.pop()
    st.times_revealed.append(card)
    colour = tb.times_cards[card][1]
    if colour == 1 and not st.times_hired:  # first orange: hire X at 2
        st.times_hired = True
        st.times_x = tb.hr[tb.times_x_orange - 1][1]
        st.times_pool.append(5)
    if colour == 0 and not st.times_red_seen:  # first red: X becomes 4
        st.times_red_seen = True
        st.times_x = tb.times_x_red
        if not st.times_hired:
            st.times_hired = True
            st.times_pool.append(5)
    placed, skipped = [], []
    for code in tb.times_cards[card][2]:
        if not st.times_pool:
            skipped.append(code)
            continue
        sid = times_space(tb, code, st)
        if sid < 0:
            skipped.append(code)
            continue  # unavailable: skipped
        j = st.times_pool.pop(randbelow(len(st.times_pool), st._r()))
        st.spaces[sid] += ((TIMES, j, 0, 0),)
        placed.append(sid)
    st._log(
        "times_card",
        tb.times_cards[card][0],
        colour,
        tuple(placed),
        tuple(skipped),
        st.times_x if st.times_hired else None,
    )


def times_space(tb: Tables, code: str, st: PulitzerBase) -> int:
    """Space id for a Times card code, or -1 when it is unavailable (R-34)."""
    if code == "OT":
        for sid in tb.ot_sids:
            if not st.spaces[sid]:
                return sid
        return -1
    if code[0] == "K":
        col, row = int(code[1]) - 1, int(code[2]) - 1
        if col >= tb.kcols or row >= tb.krows:
            return -1
        sid = tb.kiosk_col_sids[col][row]
    else:
        sid = tb.bus_by_cost.get(int(code[1:]) // 100, -1)
        if sid < 0:
            return -1
    for piece in st.spaces[sid]:
        if piece[0] < RED:  # a journalist is there
            return -1
    return sid


def overtime_pick(display: list[int], numbers: Sequence[int]) -> int:
    """Index in `display` of the card the Times removes: the highest-numbered one (R-35)."""
    best = 0
    for i in range(1, len(display)):
        if numbers[display[i]] > numbers[display[best]]:
            best = i
    return best


def roll_agent_cells(rng: random.Random) -> list[tuple[int, int]]:
    """Two dice per kiosk column pair; returns [(pair, cell number 1-6)] to fill, in order."""
    cells = []
    for pair in (0, 1):
        a, b = randint(1, 6, rng), randint(1, 6, rng)
        for number in range(1, 7):
            if number != a and number != b:
                cells.append((pair, number))
    return cells


def place_agents(st: PulitzerBase) -> None:
    """§13.2 step 5 / §13.10: fill the kiosk with alternating agents (red first),
    leftovers to the bus.  Red agents are face down until the reveal."""
    tb = st.tables
    rng = st._r()
    pools = {RED: list(tb.red_values), BLUE: list(tb.blue_values)}
    colour = RED
    for pair, number in roll_agent_cells(rng):
        pool = pools[colour]
        if not pool:
            break
        value = pool.pop(randbelow(len(pool), rng))
        row, side = divmod(number - 1, 2)
        col = 2 * pair + side
        st.spaces[tb.kiosk_col_sids[col][row]] += ((colour, value, 0, 0),)
        colour = BLUE if colour == RED else RED
    if pools[BLUE]:
        value = pools[BLUE].pop(randbelow(len(pools[BLUE]), rng))
        st.spaces[tb.bus_sids[0]] += ((BLUE, value, 0, 0),)
    if pools[RED]:
        value = pools[RED].pop(randbelow(len(pools[RED]), rng))
        st.spaces[tb.bus_sids[-1]] += ((RED, value, 0, 0),)


def agent_draw_counts(colour: int, marker: int, alternative: bool = False) -> tuple[int, int]:
    """(evidence, line) cards an agent draws: 1 + 1, and for the blue agent +1 line when
    the turn marker reached 6 and +1 evidence as well at 7 (R-30).  The alternative
    reading gives turn 6 its line card and turn 7 only its evidence card."""
    if colour == BLUE:
        if alternative:
            return 1 + (marker >= 7), 1 + (marker == 6)
        return 1 + (marker >= 7), 1 + (marker >= 6)
    return 1, 1


def agent_matches(
    st: PulitzerBase, seat: int, evid_cards: Sequence[int], line_cards: Sequence[int]
) -> list[int]:
    """Cells the agent may destroy on `seat`'s report: highlighted, neither pinned nor
    destroyed, evidence on a drawn evidence card and line on a drawn line card or X (R-31);
    only those on the highest-value line are returned (the owner picks among them)."""
    tb = st.tables
    evs: set[int] = set()
    for c in evid_cards:
        evs.update(tb.evidence_cards[c])
    lines = {2}
    for c in line_cards:
        lines.update(tb.line_cards[c])
    pins, dest = st.pins[seat], st.destroyed[seat]
    found = [
        c
        for c in tb.hl[st.report[seat]]
        if tb.cell_evi[c] in evs and tb.cell_line[c] in lines and c not in pins and c not in dest
    ]
    if not found:
        return []
    top = max(tb.line_points[tb.cell_line[c]] for c in found)
    return [c for c in found if tb.line_points[tb.cell_line[c]] == top]


def times_score(data, mix: Sequence[int]) -> int:
    """The Times' score from the solo score table (indexed by the number of red cards)."""
    return data.times_score[mix[0]]
