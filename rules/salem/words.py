"""Salem 1692's words: the printed names of its cards, trial cards and tokens, what each card,
token and Town Hall ability does in a sentence, and the accusation count a seat's panel shows.

One place for them, read by the engine's action texts (`SalemState.action_to_string`), the
log, the terminal board, the web board and the end screen; the numbers come from the data
files (`game.data`, `game.ab_param`), so a replaced data file changes the words too."""

from __future__ import annotations

import re
from collections.abc import Sequence

#: the printed names of the trial cards and the tokens.  Kept here, not in data/: the
#: records store a hash of the data files (`Game.rules_hash`), so adding the names there
#: would change every stored record; the ids they name are the data's own (data.TRIAL_KINDS,
#: data.TOKENS; tests/test_salem_info.py checks they match)
SALEM_TRIAL = {
    "naw": "Not a Witch",
    "witch": "Witch",
    "constable": "Constable",
    "charlatan": "Charlatan",
    "gravedigger": "Gravedigger",
    "inquisitor": "Inquisitor",
    "magistrate": "Magistrate",
    "pickpocket": "Pickpocket",
}
SALEM_TOKEN = {"asylum": "Asylum", "black_cat": "Black Cat", "matchmaker": "Matchmaker", "piety": "Piety"}
#: what the seat named by the current decision is doing, in words
SALEM_DECISION = {
    "action": "chooses a turn action (draw two cards, or play cards)",
    "play": "plays another card or ends the turn",
    "target": "chooses the target of {card}",
    "target2": "chooses where {card} sends things",
    "bless_token": "chooses the token to give with a Blessing",
    "curse_token": "chooses the token to take with a Curse",
    "alibi": "chooses the accusations the Alibi removes",
    "danforth": "may force the reveal one accusation early (Thomas Danforth)",
    "abigail": "may clear the accusations in front of them (Abigail Williams)",
    "ann": "may draw two cards first (Ann Putnam)",
    "rebecca": "may draw a card (Rebecca Nurse)",
    "loot": "takes cards from the eliminated player's hand (John Proctor)",
    "parris": "takes cards from the discard pile (Samuel Parris)",
    "pick2": "picks which of the two pointed trial cards turns face up",
    "cat_self": "reveals one of their own trial cards (Black Cat)",
    "spec_order": "chooses the order of their special trial cards",
    "charlatan": "chooses the seats of the Charlatan's swap",
    "gravedigger": "turns a face-up trial card face down (Gravedigger)",
    "inquisitor": "chooses whose trial card turns face up (Inquisitor)",
    "mag_from": "chooses a token to move (Magistrate)",
    "mag_to": "chooses who receives the token (Magistrate)",
    "tituba": "may rearrange the deck (Tituba)",
    "tituba_order": "orders the deck card by card from the top (Tituba)",
    "secret": "answers a secret prompt (every living player is asked in turn)",
}


def _salem_name(code: str) -> str:
    """A card, trial card or token id as printed: 'black_cat' -> 'Black Cat'."""
    if code in SALEM_TRIAL:
        return SALEM_TRIAL[code]
    if code in SALEM_TOKEN:
        return SALEM_TOKEN[code]
    if code == "alibi_w":
        return "Alibi as a Witness"
    return code.replace("_", " ").title()


def _counted(codes: Sequence[str]) -> str:
    """'Not a Witch x4, Inquisitor' (first-seen order), '-' when empty."""
    seen: dict[str, int] = {}
    for c in codes:
        seen[c] = seen.get(c, 0) + 1
    return ", ".join(_salem_name(c) + (f" x{k}" if k > 1 else "") for c, k in seen.items()) or "-"


def _salem_ability(obs: dict, game, p: int) -> str | None:
    """The Town Hall ability seat p uses (public: characters and who is alive), Martha
    Corey copying the nearest living seat to her right (spec D-3)."""
    if not game.abilities_on or obs["char"][p] is None:
        return None
    ability = game.data.char_ability[obs["char"][p]]
    if ability != "martha":
        return ability
    alive, n = obs["alive"], len(obs["alive"])
    q = (p - 1) % n
    while not alive[q] and q != p:
        q = (q - 1) % n
    if q == p or obs["char"][q] is None:
        return "martha"
    return game.data.char_ability[obs["char"][q]]


def salem_accusations(obs: dict, game, p: int) -> tuple[int, int]:
    """(accusation total, the number that forces a reveal) in front of seat p, from public
    information only (R-TRIAL-1: Cotton Mather, Will Griggs' Alibi, George Burroughs, Piety)."""
    d = game.data

    def param(ability, key, default):
        params = game.ab_param.get(ability)
        return default if params is None else params.get(key, default)

    cotton = _salem_ability(obs, game, p) == "cotton"
    total = 0
    for c in obs["reds"][p]:
        if c == "alibi":
            total += param("griggs", "value", 7)
        elif cotton and c == "evidence":
            total += param("cotton", "value", 1)
        else:
            total += d.value[c]
    base = param("burroughs", "value", 8) if _salem_ability(obs, game, p) == "burroughs" else 7
    return total, base * (d.piety_mult if "piety" in obs["tokens"][p] else 1)


#: engine ids inside the log's wording: after 'reveals', 'confesses:', 'plays', and in the
#: Gravedigger line "turns P1(Abigail Williams)'s naw face-down" (seat names hold spaces)
_SALEM_NEWS = re.compile(r"\b(?:reveals|confesses:|plays) ([a-z_]+)\b|'s ([a-z_]+) face-down")


def news_text(line: str) -> str:
    """A line of the Salem engine's public log with card ids as printed names
    ('P1(X) reveals naw' -> 'P1(X) reveals Not a Witch')."""

    def name(m):
        code = m.group(1) or m.group(2)
        known = code in SALEM_TRIAL or code in SALEM_TOKEN or code in _SALEM_CARDS or code == "alibi_w"
        return m.group(0).replace(code, _salem_name(code)) if known else m.group(0)

    return _SALEM_NEWS.sub(name, line)


_SALEM_CARDS = {
    "accusation",
    "evidence",
    "witness",
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
}


_TRIAL_TEXT = {
    "naw": "Not a Witch: no power of its own.",
    "witch": "Witch: whoever has held one plays for the witches for the rest of the game.",
    "constable": "Constable: at night its holder protects another player with the gavel.",
    "charlatan": "When revealed: swap one face-down card among three players.",
    "gravedigger": "When revealed: turn another player's face-up trial card face down.",
    "inquisitor": "When revealed: turn a trial card of another player face up.",
    "magistrate": "When revealed: move any token to another player.",
    "pickpocket": "When revealed: steal a card from the accuser's hand.",
}


def _token_text(code: str, game) -> str:
    return {
        "asylum": "Asylum: the witches cannot kill its holder at night.",
        "black_cat": "Black Cat: when a Conspiracy is drawn, one of the holder's trial cards is revealed.",
        "matchmaker": "Matchmaker: if one holder is eliminated, the other holder is too.",
        "piety": f"Piety: its holder needs {game.data.piety_mult} times the accusations to be tried.",
    }.get(code, _salem_name(code))


def _card_text(code: str, game) -> str:
    """What a playing card does, short enough for a card face (spec D-1, with the numbers
    of the data files)."""
    d = game.data
    eff = d.effect[code]
    if eff == "accuse":
        v = d.value[code]
        return f"Adds {v} accusation{'s' if v != 1 else ''} to another player."
    return {
        "alibi": f"Remove red cards worth up to {d.alibi_budget} from another player.",
        "stocks": "Another player skips their next turn.",
        "scapegoat": "Move a player's red cards, Stocks and tokens to another player.",
        "arson": "Another player's whole hand is discarded.",
        "robbery": "Move a player's whole hand to another player.",
        "curse": "Send a token of another player back to the centre.",
        "blessing": "Give a token from the centre to another player.",
        "shilling": "Give another player a shilling from the supply.",
        "night": "Night: the witches choose a victim.",
        "conspiracy": "Conspiracy: everyone takes a trial card from their left.",
    }.get(eff, "")


def _ability_text(ability: str | None, game) -> str:
    """A Town Hall ability in a sentence (spec D-3), with this game's numbers."""
    if ability is None:
        return "Abilities are off in this mode." if not game.abilities_on else ""

    def param(key, default):
        return (game.ab_param.get(ability) or {}).get(key, default)

    return {
        "abigail": "When your red card forces a reveal, you may discard the accusations in front of you.",
        "ann": f"When your red card forces a reveal, you may first draw {param('draw', 2)} cards.",
        "cotton": f"Evidence in front of you counts {param('value', 1)}, not 3.",
        "giles": f"If your Draw is two plain Accusations, show them and draw {param('draw', 1)} more.",
        "burroughs": f"You are tried at {param('value', 8)} accusations, not 7.",
        "proctor": f"When another player is eliminated, take up to {param('uses', 3)} cards from their hand.",
        "martha": "Has the ability of the nearest living player to her right.",
        "mary": "Matchmaker and Black Cat cannot hurt you.",
        "rebecca": "When another player's trial card is revealed, you may draw a card.",
        "parris": (
            f"{param('uses', 2)} times a game: take up to two cards from the discard pile as your turn."
        ),
        "sarah": "Robbery and Arson played on you do nothing.",
        "danforth": "Your red cards may force a reveal one accusation early.",
        "tituba": "Once a game, at the start of your turn, rearrange the deck.",
        "griggs": f"You may play an Alibi as a Witness ({param('value', 7)} accusations).",
        "phips": "Once a game, confess without revealing a trial card.",
    }.get(ability, "")
