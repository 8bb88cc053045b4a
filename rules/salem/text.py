"""Salem 1692's words for its state: how the log names a seat (`pname`), every action's text
as the player reads it (`action_to_string`, one branch per decision) and the whole table as
one text (`table_text`, the state's `str`).  Plain functions of the state, off the engine's
hot path; the printed names come from words.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .words import _salem_name

if TYPE_CHECKING:
    from .state import SalemState


def pname(s: SalemState, p):
    h = s._cache_rules.human[p]
    c = s.char[p]
    name = s.game.data.char_name.get(c, "?") if c else "?"
    who = f"P{h}" if h >= 0 else f"ghost@{p}"
    return f"{who}({name})"


def action_to_string(s: SalemState, action):
    """The action as the player reads it at the terminal, e.g. 'play Alibi on P2(Tituba)'
    or 'confess: reveal your Not a Witch card', instead of the engine ids ('confess naw').

    Why plain English: `automa play` lists the legal actions with these texts and matches
    what the player types against their starts, so every kind keeps a stable first word
    (play, draw, look, keep, confess, give, take, yes, no, ...) and two legal actions of
    one decision never read the same.  The text names only the action itself, with card
    and character names as printed (the mapping of automa.views, the same one the log
    lines use) and seats as in the log; it never adds anything the acting seat does not
    already know.  An action that does not fit the current decision (error messages
    name illegal ones) falls back to the engine's raw words instead of failing."""
    if not isinstance(action, tuple) or not action:
        return repr(action)
    try:
        return action_words(s, action)
    except (IndexError, KeyError, TypeError, ValueError, AttributeError):
        return " ".join(str(x) for x in action)


def printed(s: SalemState, code):
    """A card, trial card or token id as printed ('naw' -> 'Not a Witch'); one mapping
    for the whole library, the one the terminal view and the log lines already use."""
    return _salem_name(code)


def seat_words(s: SalemState, q):
    """A seat as the log names it ('P1(Tituba)', 'ghost@1(Tituba)'); -1 is the centre
    or nobody, depending on the action, so callers handle it."""
    if not isinstance(q, int) or isinstance(q, bool) or not 0 <= q < s.N:
        raise ValueError(q)
    return pname(s, q)


def n_cards(n):
    """'a card', 'two cards', '4 cards': numbers a player reads at a glance."""
    words = {1: "a card", 2: "two cards", 3: "three cards"}
    return words.get(n, f"{n} cards")


def action_words(s: SalemState, a):
    """The text of `a` in the current decision (s.dec gives the card, token or
    seat an action continues from, e.g. which Alibi target a choice of accusations
    belongs to).  One branch per action head the engine builds in legal_actions."""
    head = a[0]
    kind, _pos, pay = s.dec if s.dec is not None else (None, -1, ())

    def who(q):
        return seat_words(s, q)

    def card(code):
        return printed(s, code)

    d = s.game.data
    if head == "keep":  # D1 Town Hall
        return f"keep the {d.char_name[a[1]]} card"
    if head == "cat":  # D2 Dawn
        return f"give the Black Cat to {who(a[1])}"
    if head == "sleep":  # dummy prompt of a secret round (20.5)
        return "sleep (nothing to choose now)"
    if head == "victim":  # D11
        return f"choose {who(a[1])} as the witches' victim tonight"
    if head == "gavel":  # D12
        if a[1] == -1:
            return "place the gavel on nobody"
        return f"place the gavel in front of {who(a[1])}"
    if head == "confess":  # D13
        if a[1] == "none":
            return "confess nothing"
        if a[1] == "phips":
            return "confess without revealing a card (William Phips)"
        return f"confess: reveal your {card(a[1])} card"
    if head == "tituba":  # D4, A-44
        return tituba_words(s, a[1], kind, pay)
    if head == "draw":  # D3
        return "draw two cards"
    if head == "parris":
        return "take up to two cards from the discard pile instead of drawing (Samuel Parris)"
    if head == "peek":  # 19.3 ghost peek
        return f"peek at a face-down trial card of {who(a[1])} (the top two cards of the deck are discarded)"
    if head == "look":  # D5 shilling look
        return f"look at a face-down trial card of {who(a[1])} for a shilling"
    if head == "end":
        return "end your turn"
    if head == "play":  # D6: which card; its target comes next
        if a[1] == "alibi_w":
            return "play Alibi as a Witness (Will Griggs)"
        return f"play {card(a[1])}"
    if head == "target":
        return target_words(s, pay, who(a[1]))
    if head == "target2":
        src = who(pay[1])
        if pay[0] == "robbery":
            return f"give {src}'s hand to {who(a[1])} (Robbery)"
        return f"move {src}'s accusations, Stocks and tokens to {who(a[1])} (Scapegoat)"
    if head == "alibi":
        parts = []
        if a[1]:
            parts.append(f"{a[1]} Accusation card{'s' if a[1] != 1 else ''}")
        if a[2]:
            parts.append(f"{a[2]} Evidence card{'s' if a[2] != 1 else ''}")
        return f"remove {' and '.join(parts)} from {who(pay[0])} (Alibi)"
    if head == "token":
        if kind == "curse_token":
            return f"remove the {card(a[1])} token from {who(pay[0])} (Curse)"
        return f"give the {card(a[1])} token from the centre (Blessing)"
    if head in ("yes", "no"):  # D8 optional abilities
        return yes_no_words(s, head, kind, pay)
    if head == "stop":
        if kind == "loot":
            return f"stop taking cards from {who(pay[0])}'s hand (John Proctor)"
        return "stop taking cards from the discard pile (Samuel Parris)"
    if head == "loot":
        return f"take {card(a[1])} from {who(pay[0])}'s hand (John Proctor)"
    if head == "take":
        return f"take {card(a[1])} from the discard pile (Samuel Parris)"
    if head == "flip":  # variant 18.3: the accused picks
        return f"reveal your {card(a[1])} card (one of the two pointed at)"
    if head == "cat_reveal":  # D10
        return f"reveal your {card(a[1])} card (Black Cat)"
    if head == "special":  # A-16 order of specials
        return f"resolve the {card(a[1])} first"
    if head == "charlatan":
        k = len(pay) + 1 if kind == "charlatan" else 1
        return f"choose {who(a[1])} for the Charlatan swap (seat {k} of 3)"
    if head == "revive":
        return f"turn {who(a[1])}'s face-up {card(a[2])} card face down (Gravedigger)"
    if head == "inquire":
        return f"turn a face-down trial card of {who(a[1])} face up (Inquisitor)"
    if head == "mag_from":
        src = "the centre" if a[1] == -1 else who(a[1])
        return f"take the {card(a[2])} token from {src} (Magistrate)"
    if head == "mag_to":
        return f"give the {card(pay[1])} token to {who(a[1])} (Magistrate)"
    raise ValueError(head)


def tituba_words(s: SalemState, what, kind, pay):
    """Tituba's choices: use the ability or not; then, card by card from the top, the
    next card (she sees the deck, so naming it and how many are left tells her nothing
    new), or leave the rest as it lies."""
    if kind == "tituba":
        if what == "skip":
            return "leave the deck as it is (Tituba)"
        if what == "look":
            return (
                "move the deck's cards into any order (Tituba, once a game: you look "
                "through the deck, then pick the cards from the top down)"
            )
        raise ValueError(what)
    if kind != "tituba_order":
        raise ValueError(what)
    rest = s.deck[: len(s.deck) - pay[0]]
    if what == "done":
        if pay[0] == 0:
            return f"leave all {len(rest)} cards in their order (Tituba)"
        return f"leave the other {len(rest)} cards below in their order (Tituba)"
    if what not in rest:
        raise ValueError(what)
    name = printed(s, what)
    article = "the" if rest.count(what) == 1 else "an" if name[0] in "AEIOU" else "a"
    return f"move {article} {name} card to position {pay[0] + 1} from the top (Tituba)"


def target_words(s: SalemState, pay, target):
    """Whom a played card goes to, with what it does there (D6: the card is already
    chosen, pay[0]; a Blessing's token is pay[1])."""
    c = pay[0]
    if c == "alibi_w":
        return f"play Alibi as a Witness on {target}"
    name = printed(s, c)
    eff = s._cache_rules.effect[c]
    if eff == "blessing":
        return f"play Blessing: give the {printed(s, pay[1])} token to {target}"
    tail = {
        "stocks": " (they miss a turn)",
        "scapegoat": " (their accusations, Stocks and tokens go to another player)",
        "arson": " (their hand is discarded)",
        "robbery": " (their hand goes to another player)",
        "curse": " (one of their tokens goes back to the centre)",
        "shilling": " (they get a shilling from the supply)",
    }.get(eff, "")
    return f"play {name} on {target}{tail}"


def yes_no_words(s: SalemState, head, kind, pay):
    """The optional Town Hall abilities (D8): what 'yes' does, and that 'no' skips it."""
    if kind == "danforth":
        t = seat_words(s, pay[0])
        return (
            f"yes: force a reveal on {t} now (Thomas Danforth)"
            if head == "yes"
            else f"no: do not force a reveal on {t}"
        )
    if kind == "abigail":
        return (
            "yes: discard the accusations in front of you (Abigail Williams)"
            if head == "yes"
            else "no: keep the accusations in front of you"
        )
    if kind in ("ann", "rebecca"):
        n = s._param(kind, "draw", 2 if kind == "ann" else 1)
        when = " before the reveal (Ann Putnam)" if kind == "ann" else " (Rebecca Nurse)"
        return f"yes: draw {n_cards(n)}{when}" if head == "yes" else "no: do not draw"
    return head


def table_text(s: SalemState):
    lines = [
        f"Salem 1692 - turn {s.turns}, nights {s.nights}, deck {len(s.deck)}, "
        f"discard {len(s.discard)}, centre tokens {sorted(s.centre)}, "
        f"coins in supply {s.supply}"
    ]
    for p in range(s.N):
        mark = " " if s.alive[p] else "x"
        lines.append(
            f"{mark} {pname(s, p):28s} face-down {len(s.face_down[p])} "
            f"face-up {sorted(s.face_up[p])} reds {s.reds[p]} (total "
            f"{s._total(p)}/{s._normal(p)}) stocks {s.stocks[p]} "
            f"tokens {sorted(s.tokens[p])} coins {s.coins[p]} "
            f"hand {len(s.hand[p])}"
        )
    if s.result:
        lines.append(s.result[1])
    elif s.dec:
        lines.append(f"to decide: {s.dec[0]} by {pname(s, s.dec[1])}")
    return "\n".join(lines)
