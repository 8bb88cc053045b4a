"""The deck on the board: what a game's view shows of each automaton seat — the card it
flipped this turn, the rule on it that fired, its pile and discard, and its difficulty
setting — built from the observation's public "automata" entry and the deck file.

Rule texts are the seat's own (`rule_text(name, seat)` in the vocabulary, where a rule
means different things per seat), so the card on the board reads as the printed card.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import load_deck, vocabulary
from .seats import split_entry


@dataclass(frozen=True)
class ShownDeck:
    seat: int
    title: str
    #: the card in force ("" before the first flip) and its rules as printed for this seat
    card: str
    rules: tuple[str, ...]
    #: index into `rules` of the rule that began the turn; -1: the standing rules played
    fired: int
    pile: int
    discard: int
    #: the knob setting as the rule sheet prints it
    setting: str

    def lines(self) -> list[str]:
        """The deck as lines of text, the fired rule marked."""
        head = f"{self.title}: pile {self.pile}, discard {self.discard}; {self.setting}"
        if not self.card:
            return [head, "  no card flipped yet"]
        out = [head, f"  card “{self.card}” — it does the first rule it can:"]
        for i, text in enumerate(self.rules):
            out.append(
                f"  {'→' if i == self.fired else ' '} {i + 1}. {text}"
                + ("  (this one)" if i == self.fired else "")
            )
        if self.fired < 0:
            out.append("  → none could be done: it followed the standing rules")
        return out


def rule_text(vocab, name: str, seat: int) -> str:
    seat_text = getattr(vocab, "rule_text", None)
    return seat_text(name, seat) if seat_text else vocab.RULES[name].text


def shown_decks(state, obs) -> list[ShownDeck]:
    """Every deck seat of the game as `obs` (any seat's observation) shows it."""
    automata = obs.get("automata") if isinstance(obs, dict) else None
    if not automata:
        return []
    game = state.game
    vocab = vocabulary(game)
    out = []
    for seat, public in sorted(automata.items()):
        ref, knob = split_entry(game.params.automata[seat])
        deck = load_deck(ref, game)
        knob = deck.knob_default if knob is None else knob
        card = deck.cards[public["card"]] if public["card"] >= 0 else None
        out.append(
            ShownDeck(
                seat,
                deck.title,
                card.name if card else "",
                tuple(rule_text(vocab, r, seat) for r in card.rules) if card else (),
                public["rule"],
                public["pile"],
                len(public["discard"]),
                f"setting {knob}: {deck.setting_text(knob, vocab)}",
            )
        )
    return out
