"""Companion mode: the library as the automaton deck (or the moderator) for a game played
with the physical box.  `automa companion GAME ...`.

* pulitzer      the Times deck and the government agents of the solo game: every round it
                places the agents from dice you roll (or it rolls) and reveals and explains
                the Times card (spec §13.2, §13.10, §13.11).
* tabletop_inc  a Mumanbot: draws ZAP cards, says where the bot goes and what it scores,
                applies the blue boxes, recalls, and tracks its predictions (spec §17).
* salem         the moderator: setup, Dawn and Night scripts, with a private prompt per
                player on one device (hand the device round; spec §4, §10.2, §11, A-02);
                it keeps the public table (trial cards face up and down, the wooden tokens,
                the Witch cards still in play), runs confessions and every reveal through
                the reveal pipeline (§8.1), names why a night victim is safe, and applies
                the Matchmaker chain (§13.4).

The cards come from the game packages' data modules, so the companion shows the same cards
the engine plays with.  The whole companion state is a JSON file written after every step
(`--state FILE`, default one file per game and table size in ~/.local/state/automa/companion); starting again with the same file
resumes where it stopped (for Salem, even in the middle of a night: see `SalemCompanion`).
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Callable

import click

from automa.rules.core import AutomaError, ParamError

Ask = Callable[[str], str]


class EndOfInput(Exception):
    pass


class Stop(Exception):
    pass


def _rng_from(state: dict) -> random.Random:
    rng = random.Random()
    v, internal, gauss = state["rng"]
    rng.setstate((v, tuple(internal), gauss))
    return rng


def _rng_store(state: dict, rng: random.Random) -> None:
    v, internal, gauss = rng.getstate()
    state["rng"] = [v, list(internal), gauss]


def clear_terminal() -> None:
    """Wipe the screen and its scrollback, so that the next player cannot scroll back to what
    the last one answered in private; nothing to wipe when the output is not a terminal."""
    import sys

    try:
        if not sys.stdout.isatty():
            return
    except (AttributeError, ValueError):
        return
    from automa.play import CLEAR_SCREEN

    click.clear()
    sys.stdout.write(CLEAR_SCREEN)
    sys.stdout.flush()


class Companion:
    """Base: a JSON state, saved after every step; `step()` runs the next scripted step."""

    game = ""

    def __init__(
        self,
        path: Path,
        state: dict,
        ask: Ask,
        out: Callable[[str], None],
        clear: Callable[[], None] = clear_terminal,
    ):
        self.path, self.state, self.ask_fn, self.out, self.clear = path, state, ask, out, clear

    # ---- io
    def ask(self, prompt: str) -> str:
        try:
            return self.ask_fn(prompt)
        except EOFError:
            raise EndOfInput() from None

    def say(self, text: str = "") -> None:
        self.out(text)

    def log(self, text: str) -> None:
        self.say(text)
        self.state.setdefault("log", []).append(text)

    def save(self) -> None:
        tmp = self.path.with_name(self.path.name + ".tmp")
        tmp.write_text(json.dumps(self.state, ensure_ascii=False), encoding="utf-8")
        os.replace(tmp, self.path)

    @property
    def rng(self) -> random.Random:
        return _rng_from(self.state)

    def use_rng(self, fn):
        rng = _rng_from(self.state)
        result = fn(rng)
        _rng_store(self.state, rng)
        return result

    def ask_int(self, prompt: str, low: int, high: int, allow_blank: bool = False) -> int | None:
        while True:
            text = self.ask(prompt).strip().lower()
            if not text and allow_blank:
                return None
            if text in ("quit", "q"):
                raise Stop()
            if text.isdigit() and low <= int(text) <= high:
                return int(text)
            self.say(
                f"type a whole number from {low} to {high}"
                + (" (or Enter)" if allow_blank else "")
                + ", or quit"
            )

    # ---- loop
    def finished(self) -> bool:
        return bool(self.state.get("done"))

    def run(self) -> int:
        try:
            self.intro()
            while not self.finished():
                cmd = self.ask(self.prompt()).strip()
                low = cmd.lower()
                if low in ("quit", "q", "exit"):
                    raise Stop()
                if low in ("help", "?", "h"):
                    self.help()
                elif low in ("log", "history"):
                    for line in self.state.get("log", [])[-30:]:
                        self.say("  " + line)
                elif not self.command(cmd):
                    self.say(f"{cmd!r}: not understood here; type help")
                self.save()
            self.save()
            self.say("the companion's part of the game is over; state kept in " + str(self.path))
            return 0
        except EndOfInput:
            self.save()
            self.say("")
            self.say(f"end of input: state saved to {self.path}; run the same command to resume")
            return 0
        except (Stop, KeyboardInterrupt):
            self.save()
            self.say("")
            self.say(f"stopped; state saved to {self.path}; run the same command to resume")
            return 0

    def help(self) -> None:
        self.say("Enter: next step;  log: what happened so far;  help;  quit (the state is kept)")
        for line in self.extra_help():
            self.say(line)

    # subclasses
    def intro(self) -> None: ...
    def prompt(self) -> str:
        return "companion > "

    def extra_help(self) -> list[str]:
        return []

    def command(self, cmd: str) -> bool:
        return False


# --------------------------------------------------------------------------- Pulitzer

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
    `automa.times.roll_agent_cells`): [(pair, cell number 1-6)]."""
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
    def new_state(cls, mix: tuple[int, int, int], seed: int) -> dict:
        from automa.times import build_deck, validate_mix
        from automa.rules.pulitzer.data import cached_data

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
        _rng_store(st, rng)
        return st

    def data(self):
        from automa.rules.pulitzer.data import cached_data

        return cached_data()

    def intro(self) -> None:
        d = self.data()
        st = self.state
        from automa.times import times_score

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
        from automa.times import COLOUR_NAMES

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
            from automa.times import times_score

            self.log(
                f"Last Times card.  At the end, the Times scores {times_score(d, st['mix'])}: "
                "beat it to win (§13.9)."
            )
            st["done"] = True
        else:
            st["round"] += 1
            st["phase"] = "agents"


# --------------------------------------------------------------------------- Tabletop Inc.

BLUE_BOX_TEXT = {
    "award_removal": "remove an award token from the shelf: one level above the bot's highest removed "
    "(level 1 if none; at most 3); if that level is empty, try lower, then higher (§17.3)",
    "objective_discard": "discard the top objective card out of the game, then shuffle the objective deck",
    "skill_discard": "discard the top skill card out of the game, then shuffle the skill deck",
    "freelancer_wipe": "freelancer wipe: tokens on the freelancer track to the supply, track cards into "
    "the freelancer deck, shuffle, deal a fresh track (3 cards, AMB-01)",
    "item_wipe": "item wipe: tokens to the supply, track cards into the item deck, shuffle, deal 4",
    "specialist_wipe": "specialist wipe: tokens to the supply, track cards into the specialist deck, "
    "shuffle, deal 3",
}


class TabletopCompanion(Companion):
    game = "tabletop_inc"

    @classmethod
    def new_state(cls, level: str, players: int, seed: int) -> dict:
        from automa.rules.tabletop_inc.game import check_level
        from automa.rules.tabletop_inc.data import get_data
        from automa.rules.tabletop_inc.game import TabletopGame

        check_level(level)
        if not 2 <= players <= 6:
            raise ParamError(f"players must be 2-6 (the Mumanbot counts as a seat), got {players}")
        d = get_data(TabletopGame.data_dir)
        rng = random.Random(seed)
        deck = sorted(d.zap)
        rng.shuffle(deck)
        st = {
            "game": "tabletop_inc",
            "level": level,
            "players": players,
            "seed": seed,
            "zap_deck": deck,
            "zap_disc": [],
            "workers": d.workers,
            "placed": [],
            "vp": 0,
            "awards": [],
            "predictions": [],
            "pred_target": None,
            "turns": 0,
            "log": [],
        }
        _rng_store(st, rng)
        return st

    def data(self):
        from automa.rules.tabletop_inc.data import get_data
        from automa.rules.tabletop_inc.game import TabletopGame

        return get_data(TabletopGame.data_dir)

    def intro(self) -> None:
        st = self.state
        self.say(
            f"Tabletop Inc. Mumanbot companion: difficulty {st['level']}, {st['players']} seats; "
            f"bot VP {st['vp']}, {st['workers']} mumans available, ZAP deck {len(st['zap_deck'])} cards."
        )
        self.say(
            "Enter: the bot's next turn;  hit CARD: its target did a predicted action (+1 VP);  "
            "vp: the bot's score;  end: the game is over"
        )

    def prompt(self) -> str:
        return f"Mumanbot ({self.state['vp']} VP) > "

    def extra_help(self) -> list[str]:
        return [
            "hit CARD   the target did a predicted action: discard that card, +1 VP (§17.5)",
            "vp         the bot's score and open predictions",
            "end        the game is over: show the bot's final score",
        ]

    def command(self, cmd: str) -> bool:
        st = self.state
        word, _, rest = cmd.strip().partition(" ")
        word = word.lower()
        if word == "":
            self.turn()
            return True
        if word == "hit":
            card = rest.strip()
            match = [c for c in st["predictions"] if c.lower() == card.lower()]
            if not match:
                self.say(f"no open prediction {card!r}; open: {', '.join(st['predictions']) or 'none'}")
                return True
            st["predictions"].remove(match[0])
            st["vp"] += 1
            self.log(f"prediction {match[0]} came true: +1 VP (now {st['vp']})")
            return True
        if word == "vp":
            self.say(
                f"Mumanbot: {st['vp']} VP; mumans available {st['workers']}, placed {len(st['placed'])}; "
                f"predictions on seat {st['pred_target']}: {', '.join(st['predictions']) or 'none'}"
            )
            return True
        if word == "end":
            self.log(f"game over: the Mumanbot scores {st['vp']} VP (track VP only, §17.6)")
            st["done"] = True
            return True
        return False

    def turn(self) -> None:
        from automa.mumanbot import PREDICTIONS, zap_vp

        d = self.data()
        st = self.state
        st["turns"] += 1
        if st["workers"] == 0:
            n = len(st["placed"])
            self.log(
                f"Turn {st['turns']}: the Mumanbot has no mumans left: it RECALLS its {n} mumans "
                f"({', '.join(st['placed'])}); move the hourglass {n} space(s), no bonuses (§17.4)"
            )
            self.log("  if that moves the hourglass to 0, it triggers the end and gains 5 VP")
            st["workers"] = d.workers
            st["placed"] = []
            if st["predictions"]:
                self.log(f"  its open predictions {', '.join(st['predictions'])} are discarded")
            k = PREDICTIONS[st["level"]]
            deck = sorted(d.prediction_deck)
            self.use_rng(lambda r: r.shuffle(deck))
            st["predictions"] = deck[:k]
            humans = st["players"] - 1
            target = 1 if humans <= 1 else self.use_rng(lambda r: r.randint(1, humans))
            st["pred_target"] = target
            self.log(
                f"  new predictions (face up) on human player {target}: {', '.join(st['predictions'])}; "
                "type 'hit CARD' when that player does one"
            )
            answer = self.ask("did the hourglass reach 0? (y/N) ").strip().lower()
            if answer in ("y", "yes", "trigger"):
                st["vp"] += 5
                self.log(
                    f"  the Mumanbot triggers the end: +5 VP (now {st['vp']}); finish the round, "
                    "then type end"
                )
            return
        if not st["zap_deck"]:
            deck = sorted(st["zap_disc"])
            self.use_rng(lambda r: r.shuffle(deck))
            st["zap_deck"], st["zap_disc"] = deck, []
            self.log("the ZAP deck is empty: its discard pile is shuffled into a new deck")
        cid = st["zap_deck"].pop()
        action, _vps, blue = d.zap[cid]
        vp = zap_vp(d.zap[cid], st["level"])
        spaces = [
            sp.id
            for sp in sorted(
                (sp for sp in d.spaces if sp.action == action and sp.min_seats <= st["players"]),
                key=lambda sp: sp.order,
            )
        ]
        self.log(f"Turn {st['turns']}: ZAP card {cid}: {action.replace('_', ' ')}")
        if spaces:
            self.log(
                f"  a muman goes on the first FREE space of: {', '.join(spaces)} (left to right, "
                "top to bottom); no cost, no bonus, the action is not performed"
            )
        else:
            self.log("  this action has no space at this seat count: no muman is placed")
        answer = self.ask("  was a space free? (Y/n) ").strip().lower() if spaces else "n"
        if answer not in ("n", "no"):
            st["workers"] -= 1
            st["placed"].append(action)
            self.log("  the muman is placed (it counts for human predictions of this action)")
        else:
            self.log("  no free space: no muman placed (it stays available)")
        st["vp"] += vp
        self.log(f"  +{vp} VP ({st['level']}): the Mumanbot has {st['vp']} VP")
        if blue:
            text = BLUE_BOX_TEXT.get(blue, blue)
            if blue == "award_removal":
                order = self.award_order()
                text += (
                    f" — remove a level-{order[0]} token; if none is left, level {order[1]}, "
                    f"then level {order[2]}"
                )
            self.log(f"  blue box: {text}")
        st["zap_disc"].append(cid)
        if blue == "award_removal":
            self.award_removed()

    def award_order(self) -> list[int]:
        """§17.3 / AMB-16: the levels the bot's award removal tries, in order: one above its
        highest removed token (at most 3), then lower levels downwards, then higher upwards."""
        held = self.state["awards"]
        want = min((max(held) if held else 0) + 1, 3)
        return [want] + list(range(want - 1, 0, -1)) + list(range(want + 1, 4))

    def award_removed(self) -> None:
        """Record the level the person actually took off the shelf (a fallback when the aimed
        level was empty, none when the shelf was empty): the next removal climbs from it."""
        st = self.state
        want = self.award_order()[0]
        st["awards"].append(want)  # kept if the answer never comes (the state is saved)
        level = self.ask_int(
            f"  which level did you remove? (Enter = {want}, 0 = the shelf was empty) ",
            0,
            3,
            allow_blank=True,
        )
        st["awards"].pop()
        level = want if level is None else level
        if level:
            st["awards"].append(level)
            self.log(
                f"  the Mumanbot removed a level-{level} award token (removed so far: "
                f"{', '.join(map(str, sorted(st['awards'])))})"
            )
        else:
            self.log("  the award shelf is empty: nothing removed")


# --------------------------------------------------------------------------- Salem 1692

#: trial cards as the moderator types them; specials by name (or a short unique start)
TRIAL_CODES = {
    "w": "witch",
    "witch": "witch",
    "n": "naw",
    "naw": "naw",
    "not": "naw",
    "nw": "naw",
    "c": "constable",
    "constable": "constable",
    "ch": "charlatan",
    "charlatan": "charlatan",
    "g": "gravedigger",
    "gravedigger": "gravedigger",
    "i": "inquisitor",
    "inquisitor": "inquisitor",
    "m": "magistrate",
    "magistrate": "magistrate",
    "p": "pickpocket",
    "pickpocket": "pickpocket",
}
SPECIALS = ("charlatan", "gravedigger", "inquisitor", "magistrate", "pickpocket")
TRIAL_NAMES = {
    "naw": "Not a Witch",
    "witch": "Witch",
    "constable": "Constable",
    "charlatan": "Charlatan",
    "gravedigger": "Gravedigger",
    "inquisitor": "Inquisitor",
    "magistrate": "Magistrate",
    "pickpocket": "Pickpocket",
}
#: what the holder of a revealed special trial card does (spec §14, A-17..A-20, A-15)
SPECIAL_TEXT = {
    "charlatan": "takes one face-down trial card from each of three seats (may include themself), "
    "shuffles them and deals one back to each; no effect with only two players left (A-17)",
    "gravedigger": "turns one face-up trial card of another seat face down (that seat shuffles; an "
    "eliminated seat comes back to play) — record it with: revive N CARD (A-18)",
    "inquisitor": "reveals one face-down trial card of another living seat (blind pick) — record it "
    "with: reveal N CARD (A-19)",
    "magistrate": "moves any one token (Piety, Asylum, Black Cat, Matchmaker) from any seat or the "
    "centre to another living seat, not themself (A-20) — record it with: token KIND [FROM] TO",
    "pickpocket": "steals one card at random from the hand of the seat that caused the reveal "
    "(none for a confession or an elimination flip, A-15)",
}
TOKEN_KINDS = ("asylum", "black_cat", "matchmaker", "piety")
TOKEN_QTY = {"asylum": 1, "black_cat": 1, "matchmaker": 2, "piety": 1}
TOKEN_NAMES = {"asylum": "Asylum", "black_cat": "Black Cat", "matchmaker": "Matchmaker", "piety": "Piety"}
TOKEN_WORDS = {
    "asylum": "asylum",
    "a": "asylum",
    "cat": "black_cat",
    "blackcat": "black_cat",
    "black_cat": "black_cat",
    "black": "black_cat",
    "bc": "black_cat",
    "matchmaker": "matchmaker",
    "mm": "matchmaker",
    "match": "matchmaker",
    "piety": "piety",
    "p": "piety",
}
CENTRE_WORDS = ("centre", "center", "c", "0")


def _a(name: str) -> str:
    return ("an " if name[0] in "AEIOU" else "a ") + name


def parse_trial(text: str) -> str | None:
    """'w' -> 'witch', 'not' -> 'naw', 'mag' -> 'magistrate'; None if it names no trial card."""
    t = text.strip().lower().replace("-", "").replace(" ", "")
    if t in TRIAL_CODES:
        return TRIAL_CODES[t]
    if t in ("notawitch", "notwitch"):
        return "naw"
    hits = [k for k in SPECIALS if len(t) >= 2 and k.startswith(t)]
    return hits[0] if len(hits) == 1 else None


class SalemCompanion(Companion):
    """The moderator of a physical Salem 1692 game (4-12 players, numbered 1..N clockwise).

    Beyond the Dawn and Night scripts it keeps the public table: who is alive, how many
    face-down trial cards each player has and which are face up, who holds which wooden
    token, and how many Witch cards are still in play (so it can call the town's win).
    A night, a reveal or an elimination is a stack of small steps (`tasks` in the state
    file); each step asks its questions, then changes the state, then the file is saved,
    so a restart resumes at the step that was interrupted."""

    game = "salem"

    @classmethod
    def new_state(cls, players: int, seed: int) -> dict:
        from automa.rules.salem.data import load_cached
        from automa.rules.salem.game import SalemGame

        d = load_cached(SalemGame.data_dir)
        if players not in d.setup or players < 4:
            raise ParamError(f"the moderator runs 4-12 players, got {players}")
        st = {
            "game": "salem",
            "players": players,
            "seed": seed,
            "alive": list(range(1, players + 1)),
            "phase": "setup",
            "nights": 0,
            "log": [],
        }
        _rng_store(st, random.Random(seed))
        cls._complete(st, d.setup[players])
        return st

    @staticmethod
    def _complete(st: dict, row: dict) -> None:
        """Fill in the table-tracking keys (also for a state file from an older version)."""
        n = st["players"]
        st.setdefault("per_seat", row["per_seat"])
        st.setdefault("witches", row["witch"])
        st.setdefault("fd", [row["per_seat"] if p in st["alive"] else 0 for p in range(1, n + 1)])
        st.setdefault("up", [[] for _ in range(n)])
        tokens = st.setdefault("tokens", {k: [] for k in TOKEN_KINDS})
        if st.get("black_cat") and not tokens["black_cat"]:
            tokens["black_cat"] = [st["black_cat"]]
        st.pop("black_cat", None)
        st.setdefault("constable_gone", False)
        st.setdefault("phips_used", [])
        st.setdefault("announced", [])
        st.setdefault("tasks", [])
        st.setdefault("night", None)
        st.setdefault("dawn", None)

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        from automa.rules.salem.data import load_cached
        from automa.rules.salem.game import SalemGame

        self._complete(self.state, load_cached(SalemGame.data_dir).setup[self.state["players"]])

    # ---- the table
    def _i(self, p: int) -> int:
        return p - 1

    def holders(self, kind: str) -> list[int]:
        return self.state["tokens"][kind]

    def held_by(self, p: int) -> list[str]:
        return [k for k in TOKEN_KINDS for q in self.holders(k) if q == p]

    def witches_up(self) -> int:
        return sum(r.count("witch") for r in self.state["up"])

    def constable_up(self) -> bool:
        return any("constable" in r for r in self.state["up"])

    def player_text(self, p: int) -> str:
        st = self.state
        i = self._i(p)
        up = ", ".join(TRIAL_NAMES[c] for c in st["up"][i]) or "-"
        toks = ", ".join(TOKEN_NAMES[k] for k in self.held_by(p)) or "-"
        state = f"{st['fd'][i]} face down" if p in st["alive"] else "ELIMINATED"
        extra = "; has said: I hold another Witch card" if p in st["announced"] else ""
        return f"player {p}: {state}; face up: {up}; tokens: {toks}{extra}"

    def centre_text(self) -> str:
        left = []
        for k in TOKEN_KINDS:
            free = TOKEN_QTY[k] - len(self.holders(k))
            if free > 0 and not (k == "black_cat" and self.state["phase"] in ("setup", "dawn")):
                left.append(TOKEN_NAMES[k] + (f" x{free}" if free > 1 else ""))
        return ", ".join(left) or "none"

    def show_tokens(self) -> None:
        for k in TOKEN_KINDS:
            who = self.holders(k)
            self.say(f"  {TOKEN_NAMES[k]}: " + (", ".join(f"player {p}" for p in who) or "centre"))
        self.say(f"  in the centre: {self.centre_text()}")

    def show_status(self) -> None:
        st = self.state
        for p in range(1, st["players"] + 1):
            self.say("  " + self.player_text(p))
        self.say(f"  tokens in the centre: {self.centre_text()}")
        self.say(
            f"  Witch cards revealed: {self.witches_up()} of {st['witches']} in play; the Constable "
            + ("has been revealed: nobody places the gavel" if st["constable_gone"] else "is still hidden")
        )

    # ---- prompts
    def intro(self) -> None:
        st = self.state
        self.say(f"Salem 1692 moderator for {st['players']} players (numbered 1-{st['players']} clockwise).")
        self.say(
            "Enter: the next script (setup, then dawn);  night N: player N drew the Night card;  "
            "reveal N CARD, dead N, token ..., status;  help lists everything"
        )
        if st["tasks"]:
            self.say("resuming the step that was interrupted")
            self.run_tasks()

    def prompt(self) -> str:
        st = self.state
        return f"moderator ({st['phase']}, {len(st['alive'])} alive) > "

    def extra_help(self) -> list[str]:
        return [
            "night [N]          the Night card was drawn (by player N): run the night",
            "reveal N CARD      a trial card of player N turned face up by day (accusation, Black Cat, "
            "Inquisitor, Piety loss); CARD: w, n, c or a special's name",
            "dead N             player N was eliminated some other way (you type the cards they turn up)",
            "token KIND [FROM] TO   a token moved (Blessing, Curse, Magistrate, Scapegoat): KIND asylum, "
            "cat, matchmaker, piety; FROM/TO a player number or centre",
            "tokens             who holds which token",
            "status             every player's cards and tokens; alive: who is still in",
            "conspiracy [N]     the Conspiracy was drawn (by player N): the steps, with the Black Cat",
            "revive N CARD      the Gravedigger turned player N's face-up CARD face down",
            "end                the game is over",
        ]

    # ---- commands
    def command(self, cmd: str) -> bool:
        st = self.state
        word, _, rest = cmd.strip().lower().partition(" ")
        args = rest.split()
        if word == "":
            if st["phase"] == "setup":
                self.setup()
            elif st["phase"] == "dawn":
                st["dawn"] = {"answers": {}}
                self.push(["dawn_tally"], ["dawn_private"])
                self.log("DAWN (§11): everyone closes their eyes; the witches choose who gets the Black Cat")
                self.run_tasks()
            else:
                self.say(
                    "day: play on; type night N when player N draws the Night card (help lists commands)"
                )
            return True
        if word in ("alive",):
            self.say("alive: " + ", ".join(map(str, st["alive"])))
            return True
        if word in ("status", "table"):
            self.show_status()
            return True
        if word == "tokens":
            self.show_tokens()
            return True
        if word == "end":
            self.log("the game is over")
            st["done"] = True
            st["phase"] = "over"
            return True
        if word not in ("night", "reveal", "dead", "token", "conspiracy", "revive"):
            return False
        if st["phase"] in ("setup", "dawn"):
            self.say("run setup and dawn first (Enter)")
            return True
        if word == "night":
            self.start_night(args)
        elif word == "reveal":
            self.cmd_reveal(args)
        elif word == "dead":
            if len(args) == 1 and args[0].isdigit() and int(args[0]) in st["alive"]:
                self.push(["eliminate", int(args[0]), "eliminated", [], False])
                self.run_tasks()
            else:
                self.say(f"dead N, with N one of the living players: {', '.join(map(str, st['alive']))}")
        elif word == "token":
            self.cmd_token(args)
        elif word == "conspiracy":
            self.cmd_conspiracy(args)
        elif word == "revive":
            self.cmd_revive(args)
        return True

    def living(self, text: str) -> int | None:
        return int(text) if text.isdigit() and int(text) in self.state["alive"] else None

    def check_card(self, p: int, card: str, confession: bool = False) -> str:
        """Why player p cannot turn `card` face up now ('' if they can)."""
        st = self.state
        if st["fd"][self._i(p)] < 1:
            return f"player {p} has no face-down trial card left"
        if confession and card in SPECIALS:
            return "special trial cards cannot be revealed by confession (§14): choose another card, or none"
        if card == "witch" and self.witches_up() >= st["witches"]:
            return f"all {st['witches']} Witch cards are already face up"
        if card == "constable" and self.constable_up():
            return "the Constable card is already face up"
        if card in SPECIALS and any(card in r for r in st["up"]):
            return f"the {TRIAL_NAMES[card]} is already face up"
        return ""

    def cmd_reveal(self, args: list[str]) -> None:
        st = self.state
        usage = "reveal N CARD: N a living player, CARD w (Witch), n (Not a Witch), c (Constable) or a special's name"
        if len(args) != 2 or self.living(args[0]) is None or parse_trial(args[1]) is None:
            self.say(usage + f"; living: {', '.join(map(str, st['alive']))}")
            return
        p, card = int(args[0]), parse_trial(args[1])
        why = self.check_card(p, card)
        if why:
            self.say(why)
            return
        self.push(["reveal", p, card, "by day"])
        self.run_tasks()

    def cmd_token(self, args: list[str]) -> None:
        """token KIND TO  or  token KIND FROM TO (player numbers or centre)."""
        st = self.state
        usage = (
            "token KIND [FROM] TO: KIND asylum, cat, matchmaker or piety; FROM and TO a player number "
            "or centre (e.g. token asylum 3, token piety 3 centre, token matchmaker 2 5)"
        )
        if len(args) not in (2, 3) or args[0] not in TOKEN_WORDS:
            self.say(usage)
            return
        kind = TOKEN_WORDS[args[0]]
        name = TOKEN_NAMES[kind]
        where = args[1:]

        def spot(text):
            if text in CENTRE_WORDS:
                return "centre"
            if text.isdigit() and 1 <= int(text) <= st["players"]:
                return int(text)
            return None

        spots = [spot(x) for x in where]
        if None in spots:
            self.say(usage)
            return
        holders = self.holders(kind)
        free = TOKEN_QTY[kind] - len(holders)
        to = spots[-1]
        if len(spots) == 2:
            src = spots[0]
        elif to == "centre":
            if len(holders) != 1:
                self.say(
                    f"say whose {name} goes back: token {args[0]} FROM centre"
                    if holders
                    else f"the {name} is already in the centre"
                )
                return
            src = holders[0]
        elif free > 0:
            src = "centre"
        elif len(holders) == 1:
            src = holders[0]
        else:
            self.say(
                f"both {name}s are held (players {holders[0]} and {holders[1]}): "
                f"say which moves: token {args[0]} FROM {to}"
            )
            return
        if src == to:
            self.say("the token would not move")
            return
        if src == "centre" and free <= 0:
            self.say(f"no {name} is in the centre (held by player {', '.join(map(str, holders))})")
            return
        if src != "centre" and src not in holders:
            self.say(
                f"player {src} does not hold the {name}"
                + (
                    f" (held by player {', '.join(map(str, holders))})"
                    if holders
                    else " (it is in the centre)"
                )
            )
            return
        if to != "centre" and to not in st["alive"]:
            self.say(f"player {to} is not in the game: tokens go only to living players")
            return
        if to != "centre" and to in holders:
            self.say(f"player {to} already holds a {name}: a seat cannot take a second one (§13.4)")
            return
        if src != "centre":
            holders.remove(src)
        if to != "centre":
            holders.append(to)
        self.log(
            f"token: the {name} moves from {'the centre' if src == 'centre' else f'player {src}'} to "
            f"{'the centre' if to == 'centre' else f'player {to}'}"
        )
        if kind == "piety" and src != "centre":
            self.log(
                f"  player {src} lost Piety: their threshold is normal again at once (7, or 8 for George "
                "Burroughs); if their accusations reach it, discard them all and the seat that took the "
                "Piety picks one of their cards to reveal — then type reveal (R-TRIAL-5)"
            )
        if kind == "piety" and to != "centre":
            self.log(f"  player {to} now needs twice the accusations (14, or 16 for George Burroughs)")

    def cmd_conspiracy(self, args: list[str]) -> None:
        st = self.state
        drawer = self.living(args[0]) if args else None
        if args and drawer is None:
            self.say(
                f"conspiracy N: N is the living player who drew it ({', '.join(map(str, st['alive']))}), "
                "or just conspiracy"
            )
            return
        cat = [p for p in self.holders("black_cat") if p in st["alive"]]
        self.log("CONSPIRACY (§10.1)" + (f", drawn by player {drawer}" if drawer else ""))
        if cat:
            h = cat[0]
            if drawer == h:
                first = (
                    f"player {h} holds the Black Cat and drew the Conspiracy: they choose one of their own "
                    "face-down trial cards to turn face up (a special then fires)"
                )
            else:
                first = (
                    f"{f'player {drawer}' if drawer else 'the drawer'} turns one of player {h}'s "
                    "face-down trial cards face up (blind pick)"
                )
            self.log(f"  1. Black Cat: {first} — type reveal {h} CARD (skip if player {h} is Mary Warren)")
        else:
            self.log("  1. nobody holds the Black Cat: no reveal")
        self.log(
            "  2. every living player takes one face-down trial card, blind, from the next living player "
            "clockwise; 3. everyone looks and shuffles their face-down row"
        )
        self.log(
            "  4. whoever received a Witch card is a witch from now on; the Constable is whoever holds the "
            "Constable card now"
        )

    def cmd_revive(self, args: list[str]) -> None:
        st = self.state
        if (
            len(args) != 2
            or not args[0].isdigit()
            or not 1 <= int(args[0]) <= st["players"]
            or parse_trial(args[1]) is None
        ):
            self.say("revive N CARD: player N's face-up CARD (w, n, c or a special) turns face down")
            return
        p, card = int(args[0]), parse_trial(args[1])
        up = st["up"][self._i(p)]
        if card not in up:
            self.say(f"player {p} has no face-up {TRIAL_NAMES[card]}")
            return
        up.remove(card)
        st["fd"][self._i(p)] += 1
        self.log(
            f"Gravedigger: player {p}'s {TRIAL_NAMES[card]} turns face down; player {p} shuffles their "
            "face-down cards (its identity is public until then)"
        )
        if card == "constable":
            st["constable_gone"] = False
            self.log("  the Constable card is back in play")
        if p not in st["alive"]:
            st["alive"].append(p)
            st["alive"].sort()
            self.log(f"  player {p} returns to the game with an empty hand, no tokens, no accusations (A-18)")

    def setup(self) -> None:
        from automa.rules.salem.data import load_cached
        from automa.rules.salem.game import SalemGame

        d = load_cached(SalemGame.data_dir)
        st = self.state
        row = d.setup[st["players"]]
        self.log("SETUP (§4)")
        self.log(
            f"  trial deck: {row['naw']} Not-a-Witch, {row['witch']} Witch, {row['constable']} Constable, "
            f"and {row['special']} of the 5 special trial cards shuffled unseen"
        )
        self.log(
            f"  shuffle and deal {row['per_seat']} trial cards face down to each player; look, then lay "
            "them in a face-down row"
        )
        if st["players"] <= 7:
            self.log("  Town Hall: deal two to each player; keep one, return the other")
        else:
            self.log("  Town Hall: deal one face up to each player")
        self.log(
            "  playing cards: remove the Night card, deal 3 to each player (a Conspiracy goes back, "
            "re-deal), split the deck and shuffle the Night into the bottom half"
        )
        self.log("  centre: the gavel, 12 shillings, and the Asylum, Piety and two Matchmaker tokens")
        st["phase"] = "dawn"

    # ---- the task stack
    def push(self, *tasks: list) -> None:
        """Put tasks on the stack; the last one given runs first."""
        self.state["tasks"].extend(tasks)

    def run_tasks(self) -> None:
        """Run the stacked steps until none is left, saving after each one."""
        st = self.state
        while st["tasks"] and not st.get("done"):
            task = st["tasks"][-1]
            follow = getattr(self, "t_" + task[0])(*task[1:])
            if st["tasks"] and st["tasks"][-1] is task:
                st["tasks"].pop()
            if follow and not st.get("done"):
                st["tasks"].extend(reversed(follow))
            self.save()

    def end_game(self, text: str) -> None:
        st = self.state
        self.log(text)
        st["done"] = True
        st["phase"] = "over"
        st["tasks"] = []

    # ---- private rounds (one device handed round)
    def private_turn(self, p: int, title: str, witch_q: str | None, constable_q: str | None) -> dict:
        """Player p, alone with the device: their secret, then what their role decides.
        Everyone answers the role question, so nobody learns a role from who types.  The
        screen and its scrollback are wiped before and after (also when the moderator stops
        half-way), so the next player cannot scroll back to the answers."""
        self.clear()
        try:
            return self._private_answers(p, title, witch_q, constable_q)
        finally:
            self.clear()

    def _private_answers(self, p: int, title: str, witch_q: str | None, constable_q: str | None) -> dict:
        st = self.state
        self.ask(f"{title}: hand the device to player {p} and press Enter ")
        self.say(f"player {p} — private:")
        while True:
            role = (
                self.ask(
                    "  your secret: w = you are a witch (you hold or once held a Witch card), "
                    "c = you hold the Constable card, wc = both, n = neither: "
                )
                .strip()
                .lower()
            )
            if role not in ("w", "c", "n", "wc"):
                continue
            if "c" in role and st["constable_gone"]:
                self.say("  the Constable card has been revealed: nobody is the Constable now")
                continue
            break
        answer = {"role": role, "witch": None, "constable": None}
        if "w" in role and witch_q:
            answer["witch"] = self.ask_player(witch_q)
        if "c" in role and constable_q:
            while True:
                q = self.ask_player(constable_q)
                if q != p:
                    break
                self.say("  the Constable cannot place the gavel before themself (§10.2)")
            answer["constable"] = q
        nothing = not (("w" in role and witch_q) or ("c" in role and constable_q))
        self.ask(
            ("  nothing to do; " if nothing else "  ") + "press Enter to hide your answers before "
            "you pass the device on "
        )
        return answer

    def ask_player(self, prompt: str) -> int:
        alive = self.state["alive"]
        while True:
            n = self.ask_int(prompt, 1, self.state["players"])
            if n in alive:
                return n
            self.say(f"  player {n} is not in the game; living: {', '.join(map(str, alive))}")

    def plurality(self, votes: list[int]) -> int | None:
        """A-02: the most votes; a tie is broken at random."""
        if not votes:
            return None
        counts = {v: votes.count(v) for v in votes}
        top = max(counts.values())
        tied = sorted(v for v, c in counts.items() if c == top)
        return tied[0] if len(tied) == 1 else self.use_rng(lambda r: r.choice(tied))

    def private_round(self, rnd: dict, title: str, witch_q: str | None, constable_q: str | None) -> None:
        for p in list(self.state["alive"]):
            if str(p) in rnd["answers"]:
                continue
            rnd["answers"][str(p)] = self.private_turn(p, title, witch_q, constable_q)
            self.save()

    def t_dawn_private(self) -> None:
        self.private_round(
            self.state["dawn"], "Dawn", "  witch: who gets the Black Cat (player number)? ", None
        )

    def t_dawn_tally(self) -> None:
        st = self.state
        votes = [a["witch"] for a in st["dawn"]["answers"].values() if a["witch"]]
        cat = self.plurality(votes)
        if cat is None:
            cat = self.use_rng(lambda r: r.choice(st["alive"]))
            self.log("  (no witch answered: the Black Cat goes to a random player)")
        st["tokens"]["black_cat"] = [cat]
        st["dawn"] = None
        st["phase"] = "day"
        self.log(f"Everyone opens their eyes: player {cat} takes the Black Cat and plays first.")

    # ---- the night (§10.2)
    def start_night(self, args: list[str]) -> None:
        st = self.state
        if args and self.living(args[0]) is None:
            self.say(
                f"night N: N is the living player who drew the Night card "
                f"({', '.join(map(str, st['alive']))}), or just night"
            )
            return
        drawer = int(args[0]) if args else None
        st["nights"] += 1
        st["night"] = {
            "n": st["nights"],
            "drawer": drawer,
            "answers": {},
            "victim": None,
            "gavel": None,
            "confessed": [],
        }
        st["phase"] = "night"
        self.log(
            f"NIGHT {st['nights']} (§10.2)"
            + (f", drawn by player {drawer}" if drawer else "")
            + ": everyone closes their eyes"
        )
        self.push(
            ["night_reset"], ["night_announce"], ["night_confessions"], ["night_tally"], ["night_private"]
        )
        self.run_tasks()

    def t_night_private(self) -> None:
        night = self.state["night"]
        self.private_round(
            night,
            f"Night {night['n']}",
            "  witch: tonight's victim (player number)? ",
            "  Constable: who gets the gavel (another player's number)? ",
        )

    def t_night_tally(self) -> None:
        st = self.state
        night = st["night"]
        answers = night["answers"].values()
        night["victim"] = self.plurality([a["witch"] for a in answers if a["witch"]])
        guards = [a["constable"] for a in answers if a["constable"]]
        night["gavel"] = guards[0] if guards and not st["constable_gone"] else None
        night["answers"] = {}  # the secret answers are not kept
        if night["gavel"]:
            self.log(f"Everyone opens their eyes. The gavel lies before player {night['gavel']}.")
        else:
            self.log(
                "Everyone opens their eyes. Nobody holds the gavel"
                + (" (the Constable card has been revealed)." if st["constable_gone"] else ".")
            )

    def t_night_confessions(self) -> list | None:
        st = self.state
        night = st["night"]
        self.say(
            "  Confession window (one hourglass, 30 s): anyone may turn one of their face-down trial cards "
            "face up (not a special) to be safe tonight; William Phips may confess once without a card."
        )
        while True:
            text = self.ask("  who confessed? player numbers separated by spaces, Enter for nobody: ")
            parts = text.replace(",", " ").split()
            bad = [x for x in parts if self.living(x) is None]
            if not bad:
                break
            self.say(f"  {' '.join(bad)}: not a living player; living: {', '.join(map(str, st['alive']))}")
        who = sorted({int(x) for x in parts})
        start = night["drawer"] or 1
        n = st["players"]
        who.sort(key=lambda p: (p - start) % n)  # from the player who drew the Night
        self.log(
            "  confession window: "
            + (
                f"player{'s' if len(who) > 1 else ''} {', '.join(map(str, who))} confessed"
                if who
                else "nobody confessed"
            )
        )
        return [["confess", p] for p in who]

    def t_confess(self, p: int) -> list | None:
        st = self.state
        if p not in st["alive"]:
            return None
        phips = p not in st["phips_used"]
        while True:
            text = (
                self.ask(
                    f"  player {p} confessed: which card did they turn face up? w = Witch, n = Not a Witch, "
                    "c = Constable"
                    + (", phips = William Phips' confession without a card" if phips else "")
                    + ", none = they did not confess after all: "
                )
                .strip()
                .lower()
            )
            if text in ("none", "x", "no"):
                self.log(f"  player {p} does not confess after all")
                return None
            if text in ("phips", "ph", "william", "wp"):
                if not phips:
                    self.say(f"  player {p} has already used William Phips' confession (once per game)")
                    continue
                st["phips_used"].append(p)
                st["night"]["confessed"].append(p)
                self.log(
                    f"  player {p} confesses without turning a card (William Phips, once per game): "
                    "safe from tonight's victim choice"
                )
                return None
            card = parse_trial(text)
            if card is None:
                self.say("  type w, n, c" + (", phips" if phips else "") + " or none")
                continue
            why = self.check_card(p, card, confession=True)
            if why:
                self.say("  " + why)
                continue
            break
        st["night"]["confessed"].append(p)
        self.log(f"  player {p} confesses: safe from tonight's victim choice")
        return [["reveal", p, card, "confession"]]

    def t_reveal(self, p: int, card: str, cause: str) -> list | None:
        """The reveal pipeline (§8.1): town check, Witch, Constable, last card, special."""
        st = self.state
        i = self._i(p)
        if p not in st["alive"] or st["fd"][i] < 1:
            return None
        last = st["fd"][i] == 1
        town_wins = card == "witch" and self.witches_up() + 1 >= st["witches"]
        another = False
        if card == "witch" and not town_wins and not last:
            another = self.ask_yes(
                f"  player {p}: do you hold another face-down Witch card? The rules make you say so (y/n): "
            )
        st["fd"][i] -= 1
        st["up"][i].append(card)
        self.log(f"  player {p} turns up {_a(TRIAL_NAMES[card])} ({cause})")
        if town_wins:
            self.end_game(
                "  that was the last Witch card in play: THE TOWN WINS (§8.1 step 2). Every player "
                "who never held a Witch card wins."
            )
            return None
        follow = []
        if card == "witch":
            if another:
                if p not in st["announced"]:
                    st["announced"].append(p)
                self.log(f"  player {p} says: 'I hold another Witch card' — and stays in the game (§8.3)")
            else:
                return [["eliminate", p, "their Witch card was revealed", [], cause == "confession"]]
        if card == "constable":
            st["constable_gone"] = True
            self.log(
                "  the Constable card is face up: from now on nobody places the gavel (R-REV-3); "
                f"player {p} stays in unless that was their last card"
            )
        if st["fd"][i] == 0:
            specials = [card] if card in SPECIALS else []
            return [["eliminate", p, "all their trial cards are face up", specials, cause == "confession"]]
        if card in SPECIALS:
            self.log(f"  player {p} resolves the {TRIAL_NAMES[card]} now: {SPECIAL_TEXT[card]}")
        return follow

    def ask_yes(self, prompt: str) -> bool:
        while True:
            text = self.ask(prompt).strip().lower()
            if text in ("y", "yes"):
                return True
            if text in ("n", "no"):
                return False
            if text in ("quit", "q"):
                raise Stop()
            self.say("  type y or n")

    def ask_flipped(self, p: int, k: int, can_cancel: bool = False) -> list[str] | None:
        """The k cards player p turns face up as they leave, checked against what is possible;
        None if the moderator cancels (only for an elimination they typed themselves)."""
        st = self.state
        while True:
            text = self.ask(
                f"  player {p} turns up their remaining {k} face-down trial card{'s' if k > 1 else ''}: "
                "type them (w Witch, n Not a Witch, c Constable, or a special's name), "
                "e.g. " + " ".join(["n"] * k) + (", or cancel" if can_cancel else "") + ": "
            )
            if text.strip().lower() in ("quit", "q"):
                raise Stop()
            if can_cancel and text.strip().lower() == "cancel":
                return None
            cards = [parse_trial(x) for x in text.replace(",", " ").split()]
            if None in cards or len(cards) != k:
                self.say(f"  {k} card{'s' if k > 1 else ''}, each w, n, c or a special's name")
                continue
            problem = ""
            if self.witches_up() + cards.count("witch") > st["witches"]:
                problem = f"only {st['witches']} Witch cards are in play and {self.witches_up()} are face up"
            elif cards.count("constable") > (0 if self.constable_up() else 1):
                problem = "there is only one Constable card"
            for s in SPECIALS:
                if cards.count(s) > (0 if any(s in r for r in st["up"]) else 1):
                    problem = f"there is only one {TRIAL_NAMES[s]}"
            if problem:
                self.say("  " + problem)
                continue
            return cards

    def t_eliminate(self, p: int, why: str, specials: list, night: bool) -> list | None:
        """§8.2: flip the rest, town check, specials, hand and tokens, then the Matchmaker chain."""
        st = self.state
        if p not in st["alive"]:
            return None
        i = self._i(p)
        flipped = self.ask_flipped(p, st["fd"][i], can_cancel=why == "eliminated") if st["fd"][i] > 0 else []
        if flipped is None:
            self.say(f"  cancelled: player {p} stays in the game")
            return None
        living_before = len(st["alive"])
        partner = None
        if p in self.holders("matchmaker"):
            others = [q for q in self.holders("matchmaker") if q != p and q in st["alive"]]
            partner = others[0] if others else None
        st["alive"].remove(p)
        st["fd"][i] = 0
        st["up"][i].extend(flipped)
        if p in st["announced"]:
            st["announced"].remove(p)
        if "constable" in flipped:
            st["constable_gone"] = True  # face up: nobody holds it face down any more
        self.log(
            f"  player {p} is ELIMINATED ({why})"
            + (": they turn up " + ", ".join(TRIAL_NAMES[c] for c in flipped) if flipped else "")
        )
        if self.witches_up() >= st["witches"]:
            self.end_game(
                "  no Witch card is left face down: THE TOWN WINS (§8.1 step 2). Every player who never "
                "held a Witch card wins."
            )
            return None
        self.log(
            "  if no living player is a townsperson now, the witches win (R-WIN-2): they say so, then type end"
        )
        leaving = specials + [c for c in flipped if c in SPECIALS]
        for c in leaving:
            self.log(
                f"  player {p} resolves the {TRIAL_NAMES[c]} as they leave"
                + (" (in the order they choose, A-16)" if len(leaving) > 1 else "")
                + f": {SPECIAL_TEXT[c]}"
            )
        self.log(
            "  John Proctor (or Martha Corey copying him) may take up to 3 cards from their hand (A-25); "
            "the rest of their hand, their accusations and Stocks go to the discard pile, their shillings "
            "to the supply"
        )
        for kind in TOKEN_KINDS:
            if p in self.holders(kind):
                self.holders(kind).remove(p)
                self.log(f"  their {TOKEN_NAMES[kind]} returns to the centre")
        if partner is not None and living_before > 2:
            return [["chain", partner, night, p]]
        return None

    def t_chain(self, q: int, night: bool, p: int) -> list | None:
        st = self.state
        if q not in st["alive"]:
            return None
        while True:
            text = (
                self.ask(
                    f"  Matchmaker: player {q} holds the other Matchmaker and is eliminated too (§13.4). "
                    f"Enter to go on; m if player {q} is Mary Warren (never chained); "
                    "end if the game is already over: "
                )
                .strip()
                .lower()
            )
            if text in ("", "m", "end"):
                break
            self.say("  Enter, m or end")
        if text == "end":
            self.end_game("the game is over")
            return None
        if text == "m":
            self.log(f"  player {q} is Mary Warren: the Matchmaker chain does not take them")
            return None
        note = ""
        if night:
            night_st = st.get("night") or {}
            if (
                q == night_st.get("gavel")
                or q in night_st.get("confessed", [])
                or q in self.holders("asylum")
            ):
                note = " — the chain ignores the gavel, a confession and the Asylum (A-11)"
        self.log(f"  Matchmaker chain: player {q} follows their partner, player {p}{note}")
        return [["eliminate", q, "Matchmaker chain", [], night]]

    def t_night_announce(self) -> list | None:
        st = self.state
        night = st["night"]
        v = night["victim"]
        if v is None:
            self.log("  the witches chose nobody (no witch answered): nobody dies tonight")
            return None
        if v not in st["alive"]:
            self.log(
                f"  the witches chose player {v}, who is already out (eliminated during the confessions): "
                "nothing more happens (A-37)"
            )
            return None
        reasons = []
        if v == night["gavel"]:
            reasons.append("holds the gavel")
        if v in night["confessed"]:
            reasons.append("confessed tonight")
        if v in self.holders("asylum"):
            reasons.append("holds the Asylum token")
        if reasons:
            self.log(
                f"  the witches chose player {v}, who {' and '.join(reasons)}: nobody dies tonight (A-46)"
            )
            return None
        self.log(f"  the witches chose player {v}: player {v} dies tonight")
        return [["eliminate", v, "the witches' victim", [], True]]

    def t_night_reset(self) -> None:
        st = self.state
        st["night"] = None
        st["phase"] = "day"
        self.log(
            "  Reset: set the Night aside, shuffle deck and discard, split, shuffle the Night into the "
            "bottom half; the gavel returns to the centre. Play goes on where it stopped."
        )


COMPANIONS = {"pulitzer": PulitzerCompanion, "tabletop_inc": TabletopCompanion, "salem": SalemCompanion}


def default_state_file(name: str, players: int | None) -> Path:
    """One state file per game and table size in the user's state folder, so a companion
    never resumes a game of another size and leaves nothing in the current folder."""
    from automa.play import state_dir

    size = "" if name == "pulitzer" else f"-{players or DEFAULT_PLAYERS[name]}p"
    return state_dir() / "companion" / f"{name}{size}.json"


#: the table size a companion starts with when none is given
DEFAULT_PLAYERS = {"tabletop_inc": 2, "salem": 8}


def _settings_differ(state: dict, players: int | None, times_mix: tuple | None, level: str | None) -> str:
    """What the command line asks for that the saved companion does not have ('' if nothing)."""
    if players is not None and state.get("players") not in (None, players):
        return f"{state['players']} players, not {players}"
    if times_mix is not None and state.get("mix") not in (None, list(times_mix)):
        return f"Times mix {','.join(map(str, state['mix']))}, not {','.join(map(str, times_mix))}"
    if level is not None and state.get("level") not in (None, level):
        return f"difficulty {state['level']}, not {level}"
    return ""


def run(
    game: str,
    state_file: str | None,
    seed: int | None,
    times_mix: str | None,
    mumanbot: str | None,
    players: int | None,
    ask: Ask = input,
    out: Callable[[str], None] = click.echo,
    clear: Callable[[], None] = clear_terminal,
    fresh: bool = False,
) -> int:
    """The `automa companion` command.  Raises AutomaError for bad arguments."""
    from automa.rules.core import game_class

    name = game_class(game).name
    if name not in COMPANIONS:
        raise AutomaError(f"no companion for {name}; companions exist for {', '.join(COMPANIONS)}")
    mix = None
    if times_mix:
        try:
            mix = tuple(int(x) for x in times_mix.split(","))
        except ValueError:
            raise ParamError(f"--times-mix takes three numbers like 3,3,2; got {times_mix!r}") from None
    level = mumanbot.lower() if mumanbot else None
    path = Path(state_file).expanduser() if state_file else default_state_file(name, players)
    if state_file and not path.parent.is_dir():
        raise AutomaError(f"--state {state_file}: the folder {path.parent} does not exist")
    path.parent.mkdir(parents=True, exist_ok=True)
    if fresh and path.exists():
        path.unlink()
    if path.exists():
        try:
            state = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
            raise AutomaError(
                f"{path} is not a companion state file ({err}); --fresh starts a new companion there"
            ) from None
        if not isinstance(state, dict) or state.get("game") != name:
            raise AutomaError(
                f"{path} holds a {state.get('game') if isinstance(state, dict) else 'different'} "
                f"companion, not {name}; --fresh starts a new one there, or give --state FILE"
            )
        differ = _settings_differ(state, players, mix, level)
        if differ:
            raise AutomaError(
                f"{path} holds a {name} companion in progress with {differ}; "
                f"--fresh starts a new one, or give --state FILE"
            )
        out(f"resuming from {path} (--fresh starts a new companion)")
    else:
        if seed is None:
            seed = random.SystemRandom().randrange(10**9)
        if name == "pulitzer":
            state = PulitzerCompanion.new_state(mix or (3, 3, 2), seed)
        elif name == "tabletop_inc":
            state = TabletopCompanion.new_state(level or "normal", players or DEFAULT_PLAYERS[name], seed)
        else:
            state = SalemCompanion.new_state(players or DEFAULT_PLAYERS[name], seed)
    companion = COMPANIONS[name](path, state, ask, out, clear)
    companion.save()
    return companion.run()
