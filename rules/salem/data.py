"""Loads and validates the Salem 1692 component data files (rules/salem/data/*.toml)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from automa.rules.core import DataError, DataReader, audited

DATA_DIR = Path(__file__).parent / "data"

EFFECTS = (
    "accuse",
    "alibi",
    "stocks",
    "scapegoat",
    "arson",
    "robbery",
    "curse",
    "blessing",
    "shilling",
    "conspiracy",
    "night",
)
TRIAL_KINDS = (
    "naw",
    "witch",
    "constable",
    "charlatan",
    "gravedigger",
    "inquisitor",
    "magistrate",
    "pickpocket",
)
SPECIALS = ("charlatan", "gravedigger", "inquisitor", "magistrate", "pickpocket")
ABILITIES = (
    "abigail",
    "ann",
    "cotton",
    "giles",
    "burroughs",
    "proctor",
    "martha",
    "mary",
    "rebecca",
    "parris",
    "sarah",
    "danforth",
    "tituba",
    "griggs",
    "phips",
)
TOKENS = ("asylum", "black_cat", "matchmaker", "piety")


@dataclass(frozen=True)
class SalemData:
    cards: tuple  # ((id, colour, qty, accusations, effect), ...)
    effect: dict  # card id -> effect
    value: dict  # card id -> accusation value
    colour: dict  # card id -> colour
    alibi_budget: int
    deck: tuple  # every playing card id, Night included, canonical order
    box: dict  # trial kind -> qty in the box
    setup: dict  # players -> dict(naw, witch, constable, special, per_seat)
    characters: tuple  # ((id, name, ability, params dict), ...)
    char_ability: dict  # id -> ability
    char_name: dict
    char_param: dict  # id -> {key: int}
    coins: int
    tokens_start: tuple
    token_qty: dict
    piety_mult: int


def _read_cards(path: Path):
    r = DataReader(path)
    out = []
    for i, c in r.items("cards", min_len=1):
        cid = c.str("id")
        colour = c.str("colour", ("red", "green", "black"))
        qty = c.int("qty", low=0, high=59)
        acc = c.int("accusations", low=0, high=20)
        eff = c.str("effect", EFFECTS)
        budget = c.int("budget", low=0, high=20, default=3)
        if colour == "red" and (eff != "accuse" or acc < 1):
            raise c.error("effect", "a red card must have effect 'accuse' and accusations >= 1")
        if colour == "black" and eff not in ("conspiracy", "night"):
            raise c.error("effect", "a black card is a conspiracy or the night")
        out.append((cid, colour, qty, acc, eff, budget))
    ids = [c[0] for c in out]
    if len(set(ids)) != len(ids):
        raise DataError(path, "cards", "card ids must be unique")
    for eff in ("conspiracy", "night"):
        n = sum(c[2] for c in out if c[4] == eff)
        if n != 1:
            raise DataError(path, "cards", f"the deck must hold exactly one {eff} card, has {n}")
    total = sum(c[2] for c in out)
    if total < 20:
        raise DataError(path, "cards", f"the deck is too small ({total} cards)")
    return out


@audited
def load(data_dir: Path | str = DATA_DIR) -> SalemData:
    data_dir = Path(data_dir)
    cards = _read_cards(data_dir / "playing_cards.toml")
    tpath = data_dir / "trial_cards.toml"
    t = DataReader(tpath)
    boxr = t.sub("box")
    box = {k: boxr.int(k, low=0, high=60) for k in TRIAL_KINDS}
    specials = t.list("specials", str)
    if sorted(specials) != sorted(SPECIALS):
        raise t.error("specials", f"must list exactly {', '.join(SPECIALS)}")
    setup = {}
    for i, s in t.items("setup", min_len=1):
        n = s.int("players", low=3, high=12)
        row = {k: s.int(k, low=0, high=40) for k in ("naw", "witch", "constable", "special", "per_seat")}
        if row["witch"] < 1 or row["witch"] > box["witch"]:
            raise s.error("witch", f"must be 1..{box['witch']} (the box holds {box['witch']})")
        if row["naw"] > box["naw"]:
            raise s.error("naw", f"the box holds only {box['naw']} Not-a-Witch cards")
        if row["special"] > 5 or row["constable"] > box["constable"]:
            raise s.error("special", "too many special/constable cards")
        seats = 4 if n == 3 else n
        total = row["naw"] + row["witch"] + row["constable"] + row["special"]
        if total != seats * row["per_seat"]:
            raise s.error(
                "per_seat",
                f"{total} cards cannot be dealt evenly as {row['per_seat']} to each of {seats} seats",
            )
        setup[n] = row
    for n in range(3, 13):
        if n not in setup:
            raise t.error("setup", f"has no row for {n} players")
    cpath = data_dir / "characters.toml"
    c = DataReader(cpath)
    chars = []
    for i, ch in c.items("characters", min_len=12):
        ch.document("age", "occupation")  # printed on the card, no rule reads them
        cid = ch.str("id")
        ability = ch.str("ability", ABILITIES)
        params = {}
        for key in ("draw", "value", "uses"):
            if ch.has(key):
                params[key] = ch.int(key, low=0, high=20)
        chars.append((cid, ch.str("name"), ability, params))
    if len({x[0] for x in chars}) != len(chars):
        raise c.error("characters", "character ids must be unique")
    kpath = data_dir / "tokens.toml"
    k = DataReader(kpath)
    coins = k.int("shilling_coins", low=0, high=100)
    start = tuple(k.list("unassigned_at_start", str))
    qty = {}
    mult = 2
    for i, tk in k.items("tokens", min_len=1):
        tk.document("effect")  # the rule's name; the engine implements it by id
        tid = tk.str("id", TOKENS)
        qty[tid] = tk.int("qty", low=0, high=4)
        if tid == "piety":
            mult = tk.int("multiplier", low=1, high=5, default=2)
    for tid in TOKENS:
        if tid not in qty:
            raise k.error("tokens", f"has no entry for {tid}")
    for tid in start:
        if tid not in TOKENS or tid == "black_cat":
            raise k.error("unassigned_at_start", f"{tid!r} cannot start in the centre")
    deck = []
    for cid, colour, q, acc, eff, budget in cards:
        deck += [cid] * q
    alibi_budget = next((b for cid, _, _, _, eff, b in cards if eff == "alibi"), 3)
    return SalemData(
        cards=tuple((c0, c1, c2, c3, c4) for c0, c1, c2, c3, c4, _ in cards),
        effect={c0: c4 for c0, _, _, _, c4, _ in cards},
        value={c0: c3 for c0, _, _, c3, _, _ in cards},
        colour={c0: c1 for c0, c1, _, _, _, _ in cards},
        alibi_budget=alibi_budget,
        deck=tuple(deck),
        box=box,
        setup=setup,
        characters=tuple(chars),
        char_ability={x[0]: x[2] for x in chars},
        char_name={x[0]: x[1] for x in chars},
        char_param={x[0]: x[3] for x in chars},
        coins=coins,
        tokens_start=start,
        token_qty=qty,
        piety_mult=mult,
    )


_CACHE: dict = {}


def load_cached(data_dir: Path | str = DATA_DIR) -> SalemData:
    key = str(Path(data_dir).resolve())
    if key not in _CACHE:
        _CACHE[key] = load(data_dir)
    return _CACHE[key]
