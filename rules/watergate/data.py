"""Loads and validates Watergate's component data (TOML files in ``data/``).

Everything is compiled once into plain tuples shared by every state of a game.

Card effects are a small instruction vocabulary (spec §16.4), compiled to tuples:

    ("move", token, steps)            token 0 = initiative, 1 = momentum; toward the owner
    ("move_to", token, space)         put the token on that space of the owner's side
    ("move_evidence", count, steps, mask)   count different evidence tokens, steps each
    ("split", steps)                  distribute steps one at a time among evidence tokens
    ("pin_picture", person)           pin that picture (Editor face up, Nixon face down)
    ("pin_picture_any",)              pin any picture still in the supply
    ("pin_from_bag", count)           draw from the bag and pin (owner's facing)
    ("remove_board", face_up, count, mask)  take evidence off the board, back into the bag
    ("flip_board", mask)              turn one face-down board token face up
    ("reveal_track",)                 Nixon turns every face-down track token face up
    ("draw_and_play_top",)            draw the top card of your deck and play it at once
    ("gambit_option",)                Gambit: may remove a conspirator from hand instead
    ("round_flag", name)              a restriction for the rest of the round
    ("replay_removed",)               The system works: replay a removed card's action

Colour masks: blue = 1, yellow = 2, green = 4 (joker / "any" = 7).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from automa.rules.core import DataReader, audited

COLOURS = ("blue", "yellow", "green")
COLOUR_BIT = {"blue": 1, "yellow": 2, "green": 4}
EDITOR, NIXON = 0, 1
KINDS = ("event", "conspirator", "journalist")
EVENT, CONSPIRATOR, JOURNALIST = 0, 1, 2
REQUIREMENTS = ("", "not_first_turn", "removed_action_card")
REACTIONS = ("", "cancel_conspirator", "cancel_event", "follow_the_money")
ROUND_FLAGS = ("editor_events_value_only",)
TOKENS = {"initiative": 0, "momentum": 1}
OPS = (
    "move",
    "move_to",
    "move_evidence",
    "split_evidence_steps",
    "pin_picture",
    "pin_picture_any_from_supply",
    "pin_from_bag",
    "remove_board_evidence",
    "flip_board_evidence",
    "reveal_track",
    "draw_and_play_top",
    "gambit_option",
    "round_flag",
    "replay_removed",
)


@dataclass(frozen=True)
class Card:
    index: int  # 0-19 Editor, 20-39 Nixon
    id: str
    owner: int  # 0 Editor, 1 Nixon
    name: str
    kind: int  # EVENT / CONSPIRATOR / JOURNALIST
    value: int
    mask: int  # colour mask of the value part (7 = joker)
    requirement: str
    reaction: str
    effects: tuple


@dataclass(frozen=True)
class WatergateData:
    cards: tuple  # Card, by index
    deck_cards: tuple  # (editor card indices, nixon card indices)
    momentum_effects: tuple  # (editor spaces' effects, nixon spaces' effects)
    bag: tuple  # sorted token codes (mask | 8 * momentum symbol)
    people: tuple  # picture-tile names, index = person
    # evidence board: node 0 = Nixon, 1..E evidence spaces, then one node per person
    space_names: tuple
    space_mask: tuple  # colour bit of each node (0 for Nixon / informants)
    adj: tuple  # adjacency tuples
    evidence_nodes: tuple  # node indices of evidence spaces
    informant_node: tuple  # node index of each person's informant space
    placeholder: bool
    #: per card, when its action part may be used on a turn: 0 never (reaction card or no
    #: instruction), 1 always, 2 Editor event (not under A brilliant mood),
    #: 3 not on the first turn of the round, 4 needs a replayable removed card
    usable: tuple = ()


def _mask(reader: DataReader, key: str, default="any") -> int:
    value = reader.str(key, choices=("any", "joker") + COLOURS, default=default)
    return 7 if value in ("any", "joker") else COLOUR_BIT[value]


def _effects(reader: DataReader, key: str, people: tuple) -> tuple:
    out = []
    for _, eff in reader.items(key):
        op = eff.str("op", choices=OPS)
        if op == "move":
            out.append(("move", TOKENS[eff.str("token", choices=tuple(TOKENS))], eff.int("steps", 1, 10)))
        elif op == "move_to":
            out.append(("move_to", TOKENS[eff.str("token", choices=tuple(TOKENS))], eff.int("space", 0, 5)))
        elif op == "move_evidence":
            out.append(
                ("move_evidence", eff.int("count", 1, 3), eff.int("steps", 1, 10), _mask(eff, "colour"))
            )
        elif op == "split_evidence_steps":
            out.append(("split", eff.int("steps", 1, 10)))
        elif op == "pin_picture":
            person = eff.str("person", choices=people)
            out.append(("pin_picture", people.index(person)))
        elif op == "pin_picture_any_from_supply":
            out.append(("pin_picture_any",))
        elif op == "pin_from_bag":
            out.append(("pin_from_bag", eff.int("count", 1, 5)))
        elif op == "remove_board_evidence":
            face = eff.str("face", choices=("up", "down"))
            eff.str("to", choices=("bag",), default="bag")
            out.append(
                ("remove_board", 1 if face == "up" else 0, eff.int("count", 1, 5), _mask(eff, "colour"))
            )
        elif op == "flip_board_evidence":
            out.append(("flip_board", _mask(eff, "colour")))
        elif op == "round_flag":
            out.append(("round_flag", eff.str("flag", choices=ROUND_FLAGS)))
        else:
            out.append((op if op != "reveal_track" else "reveal_track",))
    return tuple(out)


@audited
def load(data_dir: Path) -> WatergateData:
    data_dir = Path(data_dir)
    inf = DataReader(data_dir / "informants.toml")
    people = tuple(inf.list("picture_tiles", str))
    if len(people) != len(set(people)) or not people:
        raise inf.error("picture_tiles", "must be a non-empty list of different names")

    # ---- evidence board
    board = DataReader(data_dir / "evidence_board.toml")
    nixon_name = board.str("nixon")
    names = [nixon_name]
    masks = [0]
    for _, sp in board.items("evidence_spaces", min_len=1):
        sid = sp.str("id")
        if sid in names:
            raise sp.error("id", f"duplicate space {sid!r}")
        names.append(sid)
        masks.append(COLOUR_BIT[sp.str("colour", choices=COLOURS)])
    evidence_nodes = tuple(range(1, len(names)))
    inf_spaces = board.list("informant_spaces", str)
    if sorted(inf_spaces) != sorted(people):
        raise board.error(
            "informant_spaces", f"must name exactly the picture tiles of informants.toml {list(people)}"
        )
    informant_node = []
    for p in people:
        informant_node.append(len(names))
        names.append(p)
        masks.append(0)
    index = {n: i for i, n in enumerate(names)}
    adj = [[] for _ in names]
    for i, edge in enumerate(board.raw("edges")):
        if not (isinstance(edge, list) and len(edge) == 2 and all(isinstance(e, str) for e in edge)):
            raise board.error(f"edges[{i}]", f"must be a pair of space names, got {edge!r}")
        a, b = edge
        for n in (a, b):
            if n not in index:
                raise board.error(f"edges[{i}]", f"unknown space {n!r}")
        if a == b or index[b] in adj[index[a]]:
            raise board.error(f"edges[{i}]", f"loop or duplicate thread {edge!r}")
        adj[index[a]].append(index[b])
        adj[index[b]].append(index[a])
    for p, node in zip(people, informant_node, strict=True):
        if not adj[node]:
            raise board.error("edges", f"informant space {p!r} has no thread")

    # ---- evidence tokens
    tok = DataReader(data_dir / "evidence_tokens.toml")
    bag = []
    for _, t in tok.items("tokens", min_len=1):
        cols = t.list("colours", str)
        if not 1 <= len(cols) <= 2 or any(c not in COLOURS for c in cols) or len(set(cols)) != len(cols):
            raise t.error("colours", f"must be one or two of {', '.join(COLOURS)}, got {cols!r}")
        mask = sum(COLOUR_BIT[c] for c in cols)
        count = t.int("count", 0, 36)
        sym = t.int("momentum_symbol", 0, count)
        bag += [mask | 8] * sym + [mask] * (count - sym)
    bag_size = tok.int("bag_size", 1, 36)
    if len(bag) != bag_size:
        raise tok.error("tokens", f"counts add up to {len(bag)}, bag_size says {bag_size}")

    # ---- cards
    cr = DataReader(data_dir / "cards.toml")
    cards = []
    seen = set()
    for _i, c in cr.items("cards", length=40):
        cid = c.str("id")
        if cid in seen:
            raise c.error("id", f"duplicate card id {cid!r}")
        seen.add(cid)
        owner = ("editor", "nixon").index(c.str("deck", choices=("editor", "nixon")))
        kind = KINDS.index(c.str("kind", choices=KINDS))
        if kind == CONSPIRATOR and owner != NIXON or kind == JOURNALIST and owner != EDITOR:
            raise c.error("kind", "conspirators are Nixon's, journalists the Editor's")
        colour = c.str("colour", choices=COLOURS + ("joker",))
        reaction = c.str("reaction", choices=REACTIONS, default="")
        if (
            reaction in ("cancel_conspirator", "follow_the_money")
            and owner != EDITOR
            or reaction == "cancel_event"
            and owner != NIXON
        ):
            raise c.error("reaction", f"{reaction} belongs to the other deck")
        c.int("printed_number", 0, 999, default=0)
        cards.append(
            Card(
                index=0,
                id=cid,
                owner=owner,
                name=c.str("name"),
                kind=kind,
                value=c.int("value", 1, 4),
                mask=7 if colour == "joker" else COLOUR_BIT[colour],
                requirement=c.str("requirement", choices=REQUIREMENTS, default=""),
                reaction=reaction,
                effects=_effects(c, "effects", people),
            )
        )
    for owner in (EDITOR, NIXON):
        n = sum(1 for card in cards if card.owner == owner)
        if n != 20:
            raise cr.error("cards", f"each deck has 20 cards; {('editor', 'nixon')[owner]} has {n}")
    cards.sort(key=lambda card: (card.owner, card.id))
    cards = [Card(**{**card.__dict__, "index": i}) for i, card in enumerate(cards)]

    # ---- momentum cards
    mc = DataReader(data_dir / "momentum_cards.toml")
    mom = []
    for key, need in (("editor", None), ("nixon", 5)):
        spaces = []
        for j, sp in mc.items(key, min_len=1):
            if sp.int("space", 1, 9) != j + 1:
                raise sp.error("space", f"spaces must be numbered 1, 2, ... in order; expected {j + 1}")
            spaces.append(_effects(sp, "effects", people))
        if need is not None and len(spaces) != need:
            raise mc.error(key, f"Nixon's card has {need} spaces (his 5th token wins), got {len(spaces)}")
        mom.append(tuple(spaces))

    placeholder = any(
        DataReader(data_dir / f).bool("placeholder", default=False)
        for f in (
            "cards.toml",
            "momentum_cards.toml",
            "evidence_tokens.toml",
            "informants.toml",
            "evidence_board.toml",
        )
    )
    usable = []
    for card in cards:
        if card.reaction or not card.effects:
            usable.append(0)
        elif card.requirement == "not_first_turn":
            usable.append(3)
        elif card.requirement == "removed_action_card":
            usable.append(4)
        elif card.owner == EDITOR and card.kind == EVENT:
            usable.append(2)
        else:
            usable.append(1)
    return WatergateData(
        usable=tuple(usable),
        cards=tuple(cards),
        deck_cards=(tuple(range(0, 20)), tuple(range(20, 40))),
        momentum_effects=tuple(mom),
        bag=tuple(sorted(bag)),
        people=people,
        space_names=tuple(names),
        space_mask=tuple(masks),
        adj=tuple(tuple(a) for a in adj),
        evidence_nodes=evidence_nodes,
        informant_node=tuple(informant_node),
        placeholder=placeholder,
    )


_CACHE: dict[str, WatergateData] = {}


def load_cached(data_dir: Path) -> WatergateData:
    key = str(Path(data_dir).resolve())
    if key not in _CACHE:
        _CACHE[key] = load(data_dir)
    return _CACHE[key]
