"""Loads and validates the Tabletop Inc. component data (TOML files in `data/`).

Every file is placeholder data (spec §19): the seed gives no printed contents.  Errors
name the file and the field (rules.core.DataReader).  Loaded once per data folder.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from automa.rules.core import DataReader, audited

RES = ("dollar", "time", "inspiration", "research", "playtest")
RES_IDX = {r: i for i, r in enumerate(RES)}
PIECES = ("box", "mechanism", "component")
PIECE_IDX = {p: i for i, p in enumerate(PIECES)}
ACTIONS = (
    "basic_resource",
    "hire_specialist",
    "play_card",
    "train",
    "hire_freelancer",
    "research",
    "playtest",
    "multi_resource",
    "get_item",
    "get_box",
    "get_part",
    "upgrade",
    "publish",
    "award",
    "trade",
    "objective",
)
LEVELS = ("easy", "normal", "hard", "extreme")
BONUS_KEYS = RES + ("vp", "prediction_bonus", "action_bonus")
BLUE_BOXES = (
    "",
    "award_removal",
    "objective_discard",
    "skill_discard",
    "freelancer_wipe",
    "item_wipe",
    "specialist_wipe",
)
OBJECTIVE_KINDS = (
    "hold",
    "freelancers_on_table",
    "specialists_on_table",
    "hired_employees_on_table",
    "tucked_skill_cards",
    "published_game_min",
    "published_games",
    "awards",
    "skill_total",
    "production_area_level_sum",
    "items_in_hand",
    "published_game_all_equal_min",
)
FREELANCER_EFFECTS = (
    "choose_level1",
    "copy_freelancer",
    "upgrade_two",
    "prediction_bonus",
    "vp",
    "any_action",
    "objective",
    "get_item_twice",
    "research",
    "playtest",
    "choose_level2_upto",
)
WOW_ABILITIES = (
    "award3_21",
    "skills_two",
    "component_cheaper",
    "award1_15",
    "award2_18",
    "swap_time_inspiration",
    "swap_dollar_inspiration",
    "swap_dollar_time",
    "objective_plus2",
    "box_cheaper",
    "prediction_flip_vp",
    "no_objective_penalty",
    "double_action_bonus",
)
POW_RESTRICTIONS = (
    "no_level4_component",
    "no_inspiration_tokens",
    "no_four_predictions",
    "no_level2_award",
    "no_level1_award",
    "no_level3_award",
    "objective_minus1",
    "objective_penalty_plus1",
    "max_four_employees",
    "no_dollar_tokens",
    "no_level4_mechanism",
    "no_one_prediction",
    "no_level4_box",
    "no_time_tokens",
)


def _res(reader: DataReader, key: str) -> tuple[int, ...]:
    sub = reader.sub(key)
    for k in sub.data:
        if k not in RES:
            raise sub.error(k, f"unknown resource; allowed: {', '.join(RES)}")
    return tuple(sub.int(r, low=0, high=20, default=0) for r in RES)


def _bonus(reader: DataReader, key: str) -> tuple[int, ...]:
    """A bonus table -> (dollar, time, inspiration, research, playtest, vp, prediction, action)."""
    sub = reader.sub(key)
    for k in sub.data:
        if k not in BONUS_KEYS:
            raise sub.error(k, f"unknown bonus icon; allowed: {', '.join(BONUS_KEYS)}")
    return tuple(sub.int(k, low=0, high=20, default=0) for k in BONUS_KEYS)


def _skills(reader: DataReader, key: str = "skills") -> tuple[int, int, int]:
    values = reader.list(key, int, length=3)
    for i, v in enumerate(values):
        if v < 0 or v > 4:
            raise reader.error(key, f"entry {i} must be 0-4, got {v}")
    return tuple(values)


def _check_placeholder(reader: DataReader) -> None:
    reader.bool("placeholder")
    reader.str("placeholder_note")


@dataclass(frozen=True)
class Space:
    idx: int
    id: str
    action: str
    order: int
    min_seats: int
    cost: tuple
    bonus: tuple
    unlimited: bool
    piece: int  # upgrade spaces: piece index, else -1


@dataclass
class TabletopData:
    spaces: list
    track_max: int
    hourglass_start: dict
    research_spaces: tuple
    research_gain: tuple
    action_spaces: tuple
    zap: dict  # id -> (action, (easy, normal, hard, extreme-with-fallback), blue)
    awards: dict  # id -> ((req, vp), (req, vp), (req, vp))
    objectives: dict  # id -> (kind, need, reward, penalty)
    skills: dict  # id -> (skills, benefit, cost)
    items: dict  # id -> (kind, value)
    prediction_deck: tuple
    prediction_cost: int
    prediction_rewards: dict  # cards -> (vp, choose_level1, choose_level2)
    table_seats: tuple
    turn_order_bonus: tuple
    workers: int
    widths: dict
    objective_reveal: int
    train_reveal: int
    pieces: tuple  # [piece][level-1] counts
    award_tokens: tuple  # counts for levels 1..3
    specialists: dict  # id -> (action, skills)
    freelancers: dict  # id -> (effect, amount, skills, vp)
    wow: dict  # id -> (ability, skills)
    founders: dict  # id -> skills
    pow: dict  # id -> (restriction, removal cost)


@audited
def load_data(data_dir: Path) -> TabletopData:
    d = Path(data_dir)

    r = DataReader(d / "spaces.toml")
    _check_placeholder(r)
    spaces = []
    seen = set()
    for i, s in r.items("space", min_len=16):
        sid = s.str("id")
        if sid in seen:
            raise s.error("id", f"duplicate space id {sid!r}")
        seen.add(sid)
        action = s.str("action", ACTIONS)
        piece = s.str("piece", PIECES) if s.has("piece") else ""
        if action == "upgrade" and not piece:
            raise s.error("piece", "an upgrade space must name its piece")
        spaces.append(
            Space(
                i,
                sid,
                action,
                s.int("order", 1, 20),
                s.int("min_seats", 1, 6),
                _res(s, "cost"),
                _bonus(s, "bonus"),
                s.bool("unlimited", default=False),
                PIECE_IDX[piece] if piece else -1,
            )
        )
    for a in ACTIONS:
        if not any(sp.action == a for sp in spaces):
            raise r.error("space", f"no space for action {a!r}")

    r = DataReader(d / "track.toml")
    _check_placeholder(r)
    r.document("optional_extension_spaces")  # the printed extension, not in the engine
    tmax = r.int("max", 10, 500)
    hs = r.sub("hourglass_start")
    starts = {n: hs.int(str(n), 1, tmax) for n in range(2, 7)}
    rb = r.sub("research_bonus")
    research_spaces = tuple(rb.list("spaces", int))
    research_gain = _bonus(rb, "gain")
    action_spaces = tuple(r.sub("action_bonus").list("spaces", int))

    r = DataReader(d / "zap.toml")
    _check_placeholder(r)
    zap = {}
    for _, c in r.items("card", min_len=1):
        e, n, h = c.int("easy", 0, 20), c.int("normal", 0, 20), c.int("hard", 0, 20)
        x = c.int("extreme", 0, 20)
        zap[c.str("id")] = (c.str("action", ACTIONS), (e, n, h, x if x > 0 else h), c.str("blue", BLUE_BOXES))

    r = DataReader(d / "awards.toml")
    _check_placeholder(r)
    awards = {}
    for _, c in r.items("card", min_len=1):
        levels = []
        for lv in (1, 2, 3):
            sub = c.sub(f"level{lv}")
            levels.append((tuple(_skills(sub, "requirement")), sub.int("vp", 0, 50)))
        awards[c.str("id")] = tuple(levels)

    r = DataReader(d / "objectives.toml")
    _check_placeholder(r)
    objectives = {}
    for _, c in r.items("card", min_len=1):
        kind = c.str("kind", OBJECTIVE_KINDS)
        raw = c.raw("need")
        if isinstance(raw, dict):
            sub = c.sub("need")
            need = tuple(sorted((k, sub.int(k, 0, 20)) for k in raw))
            allowed = {
                "hold": RES,
                "published_game_min": PIECES,
                "skill_total": PIECES,
                "awards": ("count", "min_level"),
            }.get(kind)
            if allowed is None:
                raise c.error("need", f"must be a whole number for kind {kind!r}")
            for k, _v in need:
                if k not in allowed:
                    raise sub.error(k, f"not allowed for {kind!r}; allowed: {', '.join(allowed)}")
        else:
            need = c.int("need", 0, 20)
        objectives[c.str("id")] = (kind, need, c.int("reward", 0, 20), c.int("penalty", 0, 20))

    r = DataReader(d / "skills.toml")
    _check_placeholder(r)
    skills = {
        c.str("id"): (_skills(c), _bonus(c, "benefit"), c.int("cost", 0, 10))
        for _, c in r.items("card", min_len=4)
    }

    r = DataReader(d / "items.toml")
    _check_placeholder(r)
    items = {}
    for _, c in r.items("card", min_len=4):
        kinds = [k for k in ("gain", "free_actions", "upgrade", "permanent_skill") if c.has(k)]
        if len(kinds) != 1:
            raise c.error("gain", "an item needs exactly one of gain, free_actions, upgrade, permanent_skill")
        k = kinds[0]
        if k == "gain":
            value = _bonus(c, "gain")
        elif k == "free_actions":
            free = tuple(c.list("free_actions", str))
            for a in free:
                if a not in ACTIONS:
                    raise c.error("free_actions", f"unknown action {a!r}")
            value = free
        elif k == "upgrade":
            sub = c.sub("upgrade")
            value = (PIECE_IDX[sub.str("piece", PIECES)], sub.int("steps", 1, 3))
        else:
            value = _skills(c, "permanent_skill")
        items[c.str("id")] = (k, value)

    r = DataReader(d / "predictions.toml")
    _check_placeholder(r)
    deck = tuple(r.list("deck", str))
    for a in deck:
        if a not in ACTIONS or a == "basic_resource":
            raise r.error("deck", f"{a!r} is not a main-board action other than basic_resource")
    rewards = {}
    for _, c in r.items("reward", length=4):
        rewards[c.int("cards", 1, 4)] = (
            c.int("vp", 0, 30),
            c.int("choose_level1", 0, 5),
            c.int("choose_level2", 0, 5),
        )
    if sorted(rewards) != [1, 2, 3, 4]:
        raise r.error("reward", "needs one entry for each of 1, 2, 3, 4 cards")

    r = DataReader(d / "table.toml")
    _check_placeholder(r)
    seats_raw = r.raw("seats")
    if not isinstance(seats_raw, list) or len(seats_raw) != 6:
        raise r.error("seats", "must be a list of 6 bonus tables")
    table_seats = tuple(
        _bonus(DataReader(r.path, {"b": b}, f"seats[{i}]"), "b") for i, b in enumerate(seats_raw)
    )
    tob = r.raw("turn_order_bonus")
    if not isinstance(tob, list) or len(tob) != 6:
        raise r.error("turn_order_bonus", "must be a list of 6 bonus tables")
    turn_order_bonus = tuple(
        _bonus(DataReader(r.path, {"b": b}, f"turn_order_bonus[{i}]"), "b") for i, b in enumerate(tob)
    )

    r = DataReader(d / "supply.toml")
    _check_placeholder(r)
    widths = {
        "sp": r.int("specialist_track", 1, 6),
        "fl": r.int("freelancer_track", 1, 6),
        "it": r.int("item_track", 1, 6),
    }
    ps = r.sub("pieces")
    pieces = tuple(tuple(ps.list(p, int, length=4)) for p in PIECES)
    at = r.sub("award_tokens")
    award_tokens = tuple(at.int(f"level{lv}", 0, 9) for lv in (1, 2, 3))

    r = DataReader(d / "specialists.toml")
    _check_placeholder(r)
    specialists = {c.str("id"): (c.str("action", ACTIONS), _skills(c)) for _, c in r.items("card", min_len=1)}
    r = DataReader(d / "freelancers.toml")
    _check_placeholder(r)
    freelancers = {
        c.str("id"): (
            c.str("effect", FREELANCER_EFFECTS),
            c.int("amount", 0, 10, default=0),
            _skills(c),
            c.int("vp", 0, 10),
        )
        for _, c in r.items("card", min_len=1)
    }
    r = DataReader(d / "wow.toml")
    _check_placeholder(r)
    wow = {c.str("id"): (c.str("ability", WOW_ABILITIES), _skills(c)) for _, c in r.items("card", min_len=12)}
    founders = {c.str("id"): _skills(c) for _, c in r.items("founder", min_len=6)}
    r = DataReader(d / "pow.toml")
    _check_placeholder(r)
    pow_ = {
        c.str("id"): (c.str("restriction", POW_RESTRICTIONS), _res(c, "removal_cost"))
        for _, c in r.items("card", min_len=12)
    }

    return TabletopData(
        spaces,
        tmax,
        starts,
        research_spaces,
        research_gain,
        action_spaces,
        zap,
        awards,
        objectives,
        skills,
        items,
        deck,
        r_cost(d),
        rewards,
        table_seats,
        turn_order_bonus,
        DataReader(d / "supply.toml").int("workers", 1, 8),
        widths,
        DataReader(d / "supply.toml").int("objective_reveal", 1, 8),
        DataReader(d / "supply.toml").int("train_reveal", 1, 8),
        pieces,
        award_tokens,
        specialists,
        freelancers,
        wow,
        founders,
        pow_,
    )


def r_cost(d: Path) -> int:
    return DataReader(d / "predictions.toml").int("cost_research_per_card", 0, 5)


_CACHE: dict[str, TabletopData] = {}


def get_data(data_dir: Path) -> TabletopData:
    key = str(Path(data_dir).resolve())
    if key not in _CACHE:
        _CACHE[key] = load_data(Path(data_dir))
    return _CACHE[key]
