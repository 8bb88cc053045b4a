"""Pulitzer's companion (`automa companion pulitzer`): the Times deck and the government
agents of the solo game.  Every round it places the agents from dice you roll (or it rolls)
and reveals and explains the Times card (spec §13.2, §13.10, §13.11).

The Times cards come from this package's data, so the companion shows the same cards the
engine plays with; the loop, the state file and the command are `automa.companion`'s.
"""

from __future__ import annotations

import random

from automa.companion import Companion, rng_store
from automa.rules.core import ParamError

KIOSK_COLUMNS = ("National", "International", "Sports", "Entertainment")


def pulitzer_space_text(code: str, bus: tuple) -> str:
    """'K33' -> 'kiosk Sports row 3', 'B400' -> 'left bus $400', 'OT' -> 'next free overtime space'."""
    if code == "OT":
        return "the next free overtime space"
    if code.startswith("K") and len(code) == 3:
        col, row = int(code[1]) - 1, int(code[2])
        name = KIOSK_COLUMNS[col] if col < len(KIOSK_COLUMNS) else f"column {col + 1}"
        return f"kiosk {name} row {row}"
    if code.startswith("B"):
        cost = int(code[1:]) // 100
        for b in bus:
            if b[0] == cost:
                return f"{b[3]}"
        return f"bus ${code[1:]}"
    return code


def agent_cells(dice: tuple[int, int, int, int]) -> list[tuple[int, int]]:
    """The cells §13.2 step 5 fills from two dice per kiosk column pair (the same order as
    `times.roll_agent_cells`): [(pair, cell number 1-6)]."""
    cells = []
    for pair in (0, 1):
        a, b = dice[2 * pair], dice[2 * pair + 1]
        for number in range(1, 7):
            if number != a and number != b:
                cells.append((pair, number))
    return cells


class PulitzerCompanion(Companion):
    game = "pulitzer"

    @classmethod
    def start_state(cls, seed: int, players: int | None, mix: tuple | None, level: str | None) -> dict:
        return cls.new_state(mix or (3, 3, 2), seed)

    @classmethod
    def settings_differ(cls, state: dict, players: int | None, mix: tuple | None, level: str | None) -> str:
        differ = super().settings_differ(state, players, mix, level)
        if not differ and mix is not None and state.get("mix") not in (None, list(mix)):
            differ = f"Times mix {','.join(map(str, state['mix']))}, not {','.join(map(str, mix))}"
        return differ

    @classmethod
    def new_state(cls, mix: tuple[int, int, int], seed: int) -> dict:
        from automa.rules.pulitzer.data import cached_data

        from .times import build_deck, validate_mix

        problem = validate_mix(mix)
        if problem:
            raise ParamError(problem)
        data = cached_data()
        rng = random.Random(seed)
        deck = build_deck(data.times_by_colour, mix, rng)
        st = {
            "game": "pulitzer",
            "mix": list(mix),
            "seed": seed,
            "deck": deck,
            "revealed": [],
            "hired": False,
            "red_seen": False,
            "x": 0,
            "round": 1,
            "phase": "agents",
            "log": [],
        }
        rng_store(st, rng)
        return st

    def data(self):
        from automa.rules.pulitzer.data import cached_data

        return cached_data()

    def intro(self) -> None:
        d = self.data()
        st = self.state
        from .times import times_score

        self.say(
            f"Pulitzer solo companion: Times deck {tuple(st['mix'])} (red, orange, yellow), "
            f"{len(st['deck'])} cards left; the Times' target is {times_score(d, st['mix'])} points."
        )
        if any("times" in str(k) for k in (d.placeholders or {})):
            self.say(
                "(the Times cards are the library's placeholder data until you type in your printed cards)"
            )
        self.say("Enter runs the next step; help lists the commands.")

    def prompt(self) -> str:
        st = self.state
        return f"round {st['round']}/8, next: {'agents' if st['phase'] == 'agents' else 'Times card'} > "

    def extra_help(self) -> list[str]:
        return [
            "at the agents step: type your four dice (e.g. 3 5 2 2: two for National/International, "
            "two for Sports/Entertainment), or r to let me roll"
        ]

    def command(self, cmd: str) -> bool:
        st = self.state
        if st["phase"] == "agents":
            return self.agents(cmd)
        if cmd.strip():
            return False
        self.times_card()
        return True

    def agents(self, cmd: str) -> bool:
        text = cmd.strip().lower()
        if text in ("", "r", "roll"):
            dice = self.use_rng(lambda r: tuple(r.randint(1, 6) for _ in range(4)))
            how = "I rolled"
        else:
            parts = text.replace(",", " ").split()
            if len(parts) != 4 or not all(p.isdigit() and 1 <= int(p) <= 6 for p in parts):
                self.say("type four dice 1-6 (e.g. 3 5 2 2) or r to let me roll")
                return True
            dice = tuple(int(p) for p in parts)
            how = "you rolled"
        st = self.state
        self.log(f"Round {st['round']}: government agents ({how} {dice[0]} {dice[1]} | {dice[2]} {dice[3]})")
        colour, placed = "red", {"red": 0, "blue": 0}
        for pair, number in agent_cells(dice):
            if placed[colour] >= 5:
                break
            row, side = divmod(number - 1, 2)
            col = 2 * pair + side
            face = "face down" if colour == "red" else "face up"
            self.log(
                f"  cell {number} of {'left' if pair == 0 else 'right'} pair: a random {colour} agent "
                f"({face}) on kiosk {KIOSK_COLUMNS[col]} row {row + 1}"
            )
            placed[colour] += 1
            colour = "blue" if colour == "red" else "red"
        if placed["blue"] < 5:
            self.log("  one random blue agent on the left bus $300 space")
        if placed["red"] < 5:
            self.log("  one random red agent (face down) on the right bus $800 space")
        self.log("  (agents duel journalists; ties go to the journalist — §13.6)")
        st["phase"] = "times"
        return True

    def times_card(self) -> None:
        d = self.data()
        st = self.state
        if not st["deck"]:
            st["done"] = True
            return
        from .times import COLOUR_NAMES

        card = st["deck"].pop()
        st["revealed"].append(card)
        cid, colour, spaces = d.times_cards[card]
        self.log(f"Round {st['round']}: Times card {cid} ({COLOUR_NAMES[colour]})")
        if colour == 1 and not st["hired"]:
            st["hired"] = True
            st["x"] = d.hr[d.times_x_orange - 1][1]
            self.log(
                f"  first orange card: the Times hires its purple X journalist (value {st['x']}); "
                "add it to the Times' face-down purple journalists"
            )
        if colour == 0 and not st["red_seen"]:
            st["red_seen"] = True
            st["x"] = d.times_x_red
            if not st["hired"]:
                st["hired"] = True
                self.log(f"  first red card before any orange: the Times hires its X at value {st['x']}")
            else:
                self.log(f"  first red card: the Times' X is now worth {st['x']}")
        for code in spaces:
            self.log(
                f"  a random face-down purple journalist on {pulitzer_space_text(code, d.bus_lp)} ({code})"
            )
        if "OT" in spaces:
            self.log(
                "  when overtime resolves, a Times journalist on O1-O3 discards the highest-numbered "
                "overtime card on display (R-35); on O4/O5 it does nothing"
            )
        self.log(
            "  skip a listed space that already holds a journalist (R-34); stop when the Times has "
            "no purple journalists left"
        )
        if st["round"] >= 8 or not st["deck"]:
            from .times import times_score

            self.log(
                f"Last Times card.  At the end, the Times scores {times_score(d, st['mix'])}: "
                "beat it to win (§13.9)."
            )
            st["done"] = True
        else:
            st["round"] += 1
            st["phase"] = "agents"


COMPANION = PulitzerCompanion
