"""What an investigator or an evidence card tells about a case, as sets of triples.

Shared by the engine (to keep the public knowledge about every seat's case) and the bots (to
measure how much an action would tell).  A layout is given by two tuples over areas:
``area_sus[a]`` / ``area_cri[a]`` = the suspect / crime on the tile in area ``a`` (-1 blank),
and their inverses ``sus_area[s]`` / ``cri_area[c]``.  Results per element: 0 nothing,
1 disc, 2 cube (spec section 7.1 and 7.2).
"""

from __future__ import annotations

from automa.rules.pi.data import PiData

NONE, DISC, CUBE = 0, 1, 2
RESULT_NAMES = ("none", "disc", "cube")

#: (discs, cubes) -> the per-element result combinations (rs, rc, rl) that produce it
COMBOS: dict[tuple[int, int], tuple[tuple[int, int, int], ...]] = {}
for _rs in range(3):
    for _rc in range(3):
        for _rl in range(3):
            _key = ((_rs == 1) + (_rc == 1) + (_rl == 1), (_rs == 2) + (_rc == 2) + (_rl == 2))
            COMBOS[_key] = COMBOS.get(_key, ()) + ((_rs, _rc, _rl),)
OUTCOMES = tuple(sorted(COMBOS))


def tile_areas(area_tile, n_tiles: int) -> list[int]:
    """The inverse of an area -> tile map (-1: no tile there): tile -> its area."""
    out = [0] * n_tiles
    for a, t in enumerate(area_tile):
        if t >= 0:
            out[t] = a
    return out


def tile_sets(d: PiData, area_tile: tuple[int, ...], n_names: int, area: int) -> tuple[int, int, int]:
    """For one element type laid out as `area_tile`: the names whose tile is in `area`
    (disc), in an area adjacent to it (cube), elsewhere (nothing), as bitsets over names."""
    disc = 0
    t = area_tile[area]
    if t >= 0:
        disc = 1 << t
    cube = 0
    for a in d.adj[area]:
        t = area_tile[a]
        if t >= 0:
            cube |= 1 << t
    return disc, cube, ((1 << n_names) - 1) & ~(disc | cube)


def investigate_element_masks(d: PiData, area_sus, area_cri, area: int):
    """Per element, the triple masks for result none/disc/cube of an investigator in `area`."""
    sd, sc, sn = tile_sets(d, area_sus, d.NS, area)
    cd, cc, cn = tile_sets(d, area_cri, d.NC, area)
    ld = 1 << area
    lc = d.adj_bits[area]
    ln = ((1 << d.NL) - 1) & ~(ld | lc)
    es = (d.exp_s(sn), d.exp_s(sd), d.exp_s(sc))
    ec = (d.exp_c(cn), d.exp_c(cd), d.exp_c(cc))
    el = (d.exp_l(ln), d.exp_l(ld), d.exp_l(lc))
    return es, ec, el


def investigate_mask(d: PiData, area_sus, area_cri, area: int, discs: int, cubes: int) -> int:
    """The triples that give exactly (`discs`, `cubes`) for an investigator in `area`."""
    es, ec, el = investigate_element_masks(d, area_sus, area_cri, area)
    mask = 0
    for rs, rc, rl in COMBOS.get((discs, cubes), ()):
        mask |= es[rs] & ec[rc] & el[rl]
    return mask


def investigate_partition(d: PiData, area_sus, area_cri, area: int) -> dict[tuple[int, int], int]:
    """{(discs, cubes): triple mask} over every outcome of an investigator in `area`."""
    es, ec, el = investigate_element_masks(d, area_sus, area_cri, area)
    out = {}
    for key, combos in COMBOS.items():
        mask = 0
        for rs, rc, rl in combos:
            mask |= es[rs] & ec[rc] & el[rl]
        out[key] = mask
    return out


def investigate_result(
    d: PiData, sus_area, cri_area, case: tuple[int, int, int], area: int
) -> tuple[int, int]:
    """(discs, cubes) an investigator in `area` receives for `case` (spec 7.1)."""
    adj = d.adj_bits[area]
    discs = cubes = 0
    for a in (sus_area[case[0]], cri_area[case[1]], case[2]):
        if a == area:
            discs += 1
        elif adj >> a & 1:
            cubes += 1
    return discs, cubes


def card_area(d: PiData, sus_area, cri_area, card: int) -> int:
    if card < d.NS:
        return sus_area[card]
    if card < d.NS + d.NC:
        return cri_area[card - d.NS]
    return card - d.NS - d.NC


def evidence_result(d: PiData, sus_area, cri_area, case: tuple[int, int, int], card: int) -> int:
    """NONE / DISC / CUBE: the card compared with the case element of its own type (spec 7.2)."""
    t = d.card_type(card)
    if t == 0:
        own, own_area = case[0], sus_area[case[0]]
        name = card
    elif t == 1:
        own, own_area = case[1], cri_area[case[1]]
        name = card - d.NS
    else:
        own, own_area = case[2], case[2]
        name = card - d.NS - d.NC
    if own == name:
        return DISC
    if d.adj_bits[card_area(d, sus_area, cri_area, card)] >> own_area & 1:
        return CUBE
    return NONE


def evidence_sets(d: PiData, area_sus, area_cri, sus_area, cri_area, card: int) -> tuple[int, int, int]:
    """Triple masks (none, disc, cube) for taking evidence card `card`."""
    t = d.card_type(card)
    if t == 0:
        name, n, area_tile, exp = card, d.NS, area_sus, d.exp_s
    elif t == 1:
        name, n, area_tile, exp = card - d.NS, d.NC, area_cri, d.exp_c
    else:
        name = card - d.NS - d.NC
        disc = 1 << name
        cube = d.adj_bits[name]
        none = ((1 << d.NL) - 1) & ~(disc | cube)
        return d.exp_l(none), d.exp_l(disc), d.exp_l(cube)
    area = card_area(d, sus_area, cri_area, card)
    disc = 1 << name
    cube = 0
    for a in d.adj[area]:
        tile = area_tile[a]
        if tile >= 0:
            cube |= 1 << tile
    none = ((1 << n) - 1) & ~(disc | cube)
    return exp(none), exp(disc), exp(cube)


def evidence_mask(d: PiData, area_sus, area_cri, sus_area, cri_area, card: int, result: int) -> int:
    """Triple mask for one result of taking evidence card `card` (see `evidence_sets`)."""
    t = d.card_type(card)
    if t == 2:
        name = card - d.NS - d.NC
        if result == DISC:
            return d.exp_l(1 << name)
        cube = d.adj_bits[name]
        if result == CUBE:
            return d.exp_l(cube)
        return d.exp_l(((1 << d.NL) - 1) & ~((1 << name) | cube))
    if t == 0:
        name, n, area_tile, exp, area = card, d.NS, area_sus, d.exp_s, sus_area[card]
    else:
        name, n, area_tile, exp, area = card - d.NS, d.NC, area_cri, d.exp_c, cri_area[card - d.NS]
    if result == DISC:
        return exp(1 << name)
    cube = 0
    for a in d.adj[area]:
        tile = area_tile[a]
        if tile >= 0:
            cube |= 1 << tile
    if result == CUBE:
        return exp(cube)
    return exp(((1 << n) - 1) & ~((1 << name) | cube))


def hand_exclusion(d: PiData, case: tuple[int, int, int]) -> int:
    """The triples that share no name with `case` (cases are dealt without replacement)."""
    return d.FULL & ~d.names_mask(*case)


def nominator_hands(d: PiData, cand: int, failed: int, pend_s: int = -1, pend_c: int = -1) -> int:
    """The hands a seat may hold, judging by its nominations this mini-game, when only
    nominations it cannot prove wrong are offered (``prune_solves``, spec 12): every such
    nomination shares no name with its hand, which is the next seat's case (spec 4).

    `failed`: its failed triples (public, spec 7.3 step 3), each ruling out its three names.
    `pend_s` / `pend_c`: the suspect (and crime) of the nomination it is half-way through
    naming (-1: none); with `cand`, the public candidates for its own case, they say that
    some completion of that nomination in `cand` shares no name with the hand.  So a world
    whose hand is in this set lets the nomination be finished."""
    out = d.FULL
    while failed:
        low = failed & -failed
        out &= ~d.names_mask(*d.triple_of(low.bit_length() - 1))
        failed ^= low
    if pend_s < 0:
        return out
    nl = d.NL
    loc_full = (1 << nl) - 1
    if pend_c >= 0:  # completions differ in the location only
        locs = cand >> d.triple_index(pend_s, pend_c, 0) & loc_full
        if locs & (locs - 1):  # two or more: one of them is not the hand's location
            allowed = d.FULL
        elif locs:
            allowed = ~d.LMASK[locs.bit_length() - 1]
        else:
            allowed = 0
        return out & allowed & ~d.SMASK[pend_s] & ~d.CMASK[pend_c]
    chunk = cand >> d.triple_index(pend_s, 0, 0)
    per_crime = [chunk >> (c * nl) & loc_full for c in range(d.NC)]
    before = [0]  # locations of completions with a crime below / above
    for ls in per_crime[:-1]:
        before.append(before[-1] | ls)
    after = [0]
    for ls in per_crime[:0:-1]:
        after.append(after[-1] | ls)
    after.reverse()
    allowed = 0
    for hand_crime in range(d.NC):  # completions with another crime: where can they be?
        locs = before[hand_crime] | after[hand_crime]
        if locs & (locs - 1):
            allowed |= d.CMASK[hand_crime]
        elif locs:
            allowed |= d.CMASK[hand_crime] & ~d.LMASK[locs.bit_length() - 1]
    return out & allowed & ~d.SMASK[pend_s]


def sample_bit(d: PiData, mask: int, r: int) -> int:
    """Index of the `r`-th set bit (0-based, from the low end) of `mask`."""
    chunk_s = d.NC * d.NL
    full_s = (1 << chunk_s) - 1
    base = 0
    for _s in range(d.NS):
        part = (mask >> base) & full_s
        cnt = part.bit_count()
        if r < cnt:
            sub = 0
            full_c = (1 << d.NL) - 1
            for _c in range(d.NC):
                p2 = (part >> sub) & full_c
                cnt2 = p2.bit_count()
                if r < cnt2:
                    for loc in range(d.NL):
                        if p2 >> loc & 1:
                            if r == 0:
                                return base + sub + loc
                            r -= 1
                r -= cnt2
                sub += d.NL
            raise AssertionError("unreachable")
        r -= cnt
        base += chunk_s
    raise ValueError("mask has fewer set bits than asked")


def bits_of(mask: int) -> list[int]:
    """Indices of the set bits of `mask`, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
