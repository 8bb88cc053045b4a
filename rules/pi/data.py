"""P.I. component data: loads and validates the TOML files in `data/`, and precomputes the
bit masks the engine and the bots use to reason about cases.

Hypothesis space.  A case is a triple (suspect s, crime c, location l); it is stored as one
bit at index ``(s * NC + c) * NL + l`` of a Python int, so a set of cases is an int and
"filter by an observation" is one AND.  ``SMASK[s]`` / ``CMASK[c]`` / ``LMASK[l]`` are the
triples with that suspect / crime / location.  Evidence cards are numbered by name:
suspects ``0..NS-1``, crimes ``NS..NS+NC-1``, locations ``NS+NC..`` (location = area).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from automa.rules.core import DataError, DataReader, audited

DATA_DIR = Path(__file__).parent / "data"
FILES = ("map.toml", "suspects.toml", "crimes.toml", "evidence.toml", "rules.toml")
TYPES = ("suspect", "crime", "location")


@dataclass
class PiData:
    area_ids: tuple[str, ...]
    area_names: tuple[str, ...]
    adj: tuple[tuple[int, ...], ...]  # per area: adjacent areas (sorted)
    adj_bits: tuple[int, ...]  # per area: bitmask over areas
    suspect_ids: tuple[str, ...]
    suspect_names: tuple[str, ...]
    crime_ids: tuple[str, ...]
    crime_names: tuple[str, ...]
    blank_suspects: int
    blank_crimes: int
    evidence_cards: tuple[int, ...]  # the 36 card numbers, in file order
    display_size: int
    mini_games: int
    vp_track: tuple[int, ...]
    penalty_step: int
    penalty_track_printed: tuple[int, ...]
    investigators: int
    discs: int
    cubes: int
    source: str = ""
    # derived
    NS: int = 0
    NC: int = 0
    NL: int = 0
    NCARDS: int = 0
    FULL: int = 0
    SMASK: tuple[int, ...] = ()
    CMASK: tuple[int, ...] = ()
    LMASK: tuple[int, ...] = ()
    card_names: tuple[str, ...] = ()
    _cache_s: dict = field(default_factory=dict, repr=False)
    _cache_c: dict = field(default_factory=dict, repr=False)
    _cache_l: dict = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        NS, NC, NL = len(self.suspect_ids), len(self.crime_ids), len(self.area_ids)
        self.NS, self.NC, self.NL = NS, NC, NL
        self.NCARDS = NS + NC + NL
        self.FULL = (1 << (NS * NC * NL)) - 1
        chunk_s = (1 << (NC * NL)) - 1
        self.SMASK = tuple(chunk_s << (s * NC * NL) for s in range(NS))
        chunk_c = (1 << NL) - 1
        cm = []
        for c in range(NC):
            m = 0
            for s in range(NS):
                m |= chunk_c << ((s * NC + c) * NL)
            cm.append(m)
        self.CMASK = tuple(cm)
        ones = 0
        for k in range(NS * NC):
            ones |= 1 << (k * NL)
        self.LMASK = tuple(ones << loc for loc in range(NL))
        self.card_names = self.suspect_names + self.crime_names + self.area_names

    # ---- set expansions (bitset over one element type -> set of triples), memoised
    def exp_s(self, bits: int) -> int:
        m = self._cache_s.get(bits)
        if m is None:
            m = 0
            for s in range(self.NS):
                if bits >> s & 1:
                    m |= self.SMASK[s]
            self._cache_s[bits] = m
        return m

    def exp_c(self, bits: int) -> int:
        m = self._cache_c.get(bits)
        if m is None:
            m = 0
            for c in range(self.NC):
                if bits >> c & 1:
                    m |= self.CMASK[c]
            self._cache_c[bits] = m
        return m

    def exp_l(self, bits: int) -> int:
        m = self._cache_l.get(bits)
        if m is None:
            m = 0
            for loc in range(self.NL):
                if bits >> loc & 1:
                    m |= self.LMASK[loc]
            self._cache_l[bits] = m
        return m

    def triple_index(self, s: int, c: int, loc: int) -> int:
        return (s * self.NC + c) * self.NL + loc

    def triple_of(self, index: int) -> tuple[int, int, int]:
        sc, loc = divmod(index, self.NL)
        s, c = divmod(sc, self.NC)
        return s, c, loc

    def names_mask(self, s: int, c: int, loc: int) -> int:
        """Triples sharing at least one name with (s, c, loc)."""
        return self.SMASK[s] | self.CMASK[c] | self.LMASK[loc]

    def card_type(self, card: int) -> int:
        if card < self.NS:
            return 0
        if card < self.NS + self.NC:
            return 1
        return 2


_CACHE: dict[str, PiData] = {}


@audited
def load(data_dir: Path | str = DATA_DIR) -> PiData:
    """Load and validate the data files (cached by folder)."""
    key = str(Path(data_dir).resolve())
    if key not in _CACHE:
        _CACHE[key] = _load(Path(data_dir))
    return _CACHE[key]


def _ids(reader: DataReader, key: str, want: int | None = None) -> tuple[list[str], list[str]]:
    ids, names = [], []
    for _i, item in reader.items(key, min_len=1, length=want):
        ident = item.str("id")
        if not ident.strip():
            raise item.error("id", "must not be empty")
        if ident in ids:
            raise item.error("id", f"duplicate id {ident!r}")
        ids.append(ident)
        names.append(item.str("name"))
    return ids, names


def _load(data_dir: Path) -> PiData:
    # ---- map
    path = data_dir / "map.toml"
    r = DataReader(path)
    area_ids, area_names = _ids(r, "areas")
    adj_lists: list[list[int]] = []
    for i, item in r.items("areas"):
        adj = item.list("adj", str)
        out = []
        for j, other in enumerate(adj):
            if other not in area_ids:
                raise item.error(f"adj[{j}]", f"unknown area {other!r}")
            k = area_ids.index(other)
            if k == i:
                raise item.error(f"adj[{j}]", "an area cannot touch itself")
            if k in out:
                raise item.error(f"adj[{j}]", f"{other!r} listed twice")
            out.append(k)
        adj_lists.append(out)
    for i, out in enumerate(adj_lists):
        for k in out:
            if i not in adj_lists[k]:
                raise DataError(
                    path,
                    f"areas[{area_ids[k]}].adj",
                    f"{area_ids[i]!r} touches {area_ids[k]!r} but not the other way round",
                )
    n_areas = len(area_ids)

    # ---- suspects / crimes
    path_s = data_dir / "suspects.toml"
    rs = DataReader(path_s)
    suspect_ids, suspect_names = _ids(rs, "suspects")
    blank_s = rs.int("blank_tiles", low=0, high=n_areas)
    if len(suspect_ids) + blank_s != n_areas:
        raise rs.error(
            "blank_tiles",
            f"named suspects ({len(suspect_ids)}) + blank tiles ({blank_s}) "
            f"must equal the number of areas ({n_areas})",
        )
    path_c = data_dir / "crimes.toml"
    rc = DataReader(path_c)
    crime_ids, crime_names = _ids(rc, "crimes")
    blank_c = rc.int("blank_tiles", low=0, high=n_areas)
    if len(crime_ids) + blank_c != n_areas:
        raise rc.error(
            "blank_tiles",
            f"named crimes ({len(crime_ids)}) + blank tiles ({blank_c}) "
            f"must equal the number of areas ({n_areas})",
        )

    # ---- evidence deck
    path_e = data_dir / "evidence.toml"
    re_ = DataReader(path_e)
    per_type = {"suspect": suspect_ids, "crime": crime_ids, "location": area_ids}
    offset = {"suspect": 0, "crime": len(suspect_ids), "location": len(suspect_ids) + len(crime_ids)}
    total = len(suspect_ids) + len(crime_ids) + len(area_ids)
    cards: list[int] = []
    for _i, item in re_.items("cards", length=total):
        kind = item.str("type", TYPES)
        ident = item.str("id")
        if ident not in per_type[kind]:
            raise item.error("id", f"no {kind} has id {ident!r}")
        number = offset[kind] + per_type[kind].index(ident)
        if number in cards:
            raise item.error("id", f"a second {kind} card {ident!r}: the deck has one card per name")
        cards.append(number)
    display = re_.int("display_size", low=1, high=total)

    # ---- tracks and supplies
    path_r = data_dir / "rules.toml"
    rr = DataReader(path_r)
    mini_games = rr.int("mini_games", low=1, high=9)
    vp = rr.list("vp_track", int)
    if not vp:
        raise rr.error("vp_track", "must not be empty")
    if any(b > a for a, b in zip(vp, vp[1:], strict=False)):
        raise rr.error("vp_track", f"must not increase, got {vp}")
    if min(vp) < 0:
        raise rr.error("vp_track", f"must not be negative, got {vp}")
    penalty_step = rr.int("penalty_step", low=0, high=100)
    printed = rr.list("penalty_track_printed", int)
    investigators = rr.int("investigators_per_player", low=0, high=n_areas * mini_games)
    discs = rr.int("discs_per_player", low=3, high=99)
    cubes = rr.int("cubes_per_player", low=0, high=999)

    adj_sorted = tuple(tuple(sorted(a)) for a in adj_lists)
    adj_bits = tuple(sum(1 << k for k in a) for a in adj_sorted)
    return PiData(
        area_ids=tuple(area_ids),
        area_names=tuple(area_names),
        adj=adj_sorted,
        adj_bits=adj_bits,
        suspect_ids=tuple(suspect_ids),
        suspect_names=tuple(suspect_names),
        crime_ids=tuple(crime_ids),
        crime_names=tuple(crime_names),
        blank_suspects=blank_s,
        blank_crimes=blank_c,
        evidence_cards=tuple(cards),
        display_size=display,
        mini_games=mini_games,
        vp_track=tuple(vp),
        penalty_step=penalty_step,
        penalty_track_printed=tuple(printed),
        investigators=investigators,
        discs=discs,
        cubes=cubes,
        source=str(data_dir),
    )
