"""Companion mode: the library as the automaton deck (or the moderator) for a game played
with the physical box.  `automa companion GAME ...`.

* pulitzer      the Times deck and the government agents of the solo game: every round it
                places the agents from dice you roll (or it rolls) and reveals and explains
                the Times card (spec §13.2, §13.10, §13.11).
* tabletop_inc  a Mumanbot: draws ZAP cards, says where the bot goes and what it scores,
                applies the blue boxes, recalls, and tracks its predictions (spec §17).
* salem         the moderator: setup, Dawn and Night scripts, with a private prompt per
                player on one device (hand the device round; spec §4, §10.2, §11, A-02).

The cards come from the game packages' data modules, so the companion shows the same cards
the engine plays with.  The whole companion state is a JSON file written after every step
(`--state FILE`, default `automa-companion-<game>.json`); starting again with the same file
resumes where it stopped.
"""
from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Callable

import click

from rules.core import AutomaError, ParamError

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


class Companion:
    """Base: a JSON state, saved after every step; `step()` runs the next scripted step."""

    game = ""

    def __init__(self, path: Path, state: dict, ask: Ask, out: Callable[[str], None]):
        self.path, self.state, self.ask_fn, self.out = path, state, ask, out

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
            self.say(f"type a whole number from {low} to {high}" + (" (or Enter)" if allow_blank else "")
                     + ", or quit")

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
    def prompt(self) -> str: return "companion > "
    def extra_help(self) -> list[str]: return []
    def command(self, cmd: str) -> bool: return False


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
        from rules.pulitzer.data import cached_data
        problem = validate_mix(mix)
        if problem:
            raise ParamError(problem)
        data = cached_data()
        rng = random.Random(seed)
        deck = build_deck(data.times_by_colour, mix, rng)
        st = {"game": "pulitzer", "mix": list(mix), "seed": seed, "deck": deck, "revealed": [],
              "hired": False, "red_seen": False, "x": 0, "round": 1, "phase": "agents", "log": []}
        _rng_store(st, rng)
        return st

    def data(self):
        from rules.pulitzer.data import cached_data
        return cached_data()

    def intro(self) -> None:
        d = self.data()
        st = self.state
        from automa.times import times_score
        self.say(f"Pulitzer solo companion: Times deck {tuple(st['mix'])} (red, orange, yellow), "
                 f"{len(st['deck'])} cards left; the Times' target is {times_score(d, st['mix'])} points.")
        if any("times" in str(k) for k in (d.placeholders or {})):
            self.say("(the Times cards are the library's placeholder data until you type in your printed cards)")
        self.say("Enter runs the next step; help lists the commands.")

    def prompt(self) -> str:
        st = self.state
        return f"round {st['round']}/8, next: {'agents' if st['phase'] == 'agents' else 'Times card'} > "

    def extra_help(self) -> list[str]:
        return ["at the agents step: type your four dice (e.g. 3 5 2 2: two for National/International, "
                "two for Sports/Entertainment), or r to let me roll"]

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
            self.log(f"  cell {number} of {'left' if pair == 0 else 'right'} pair: a random {colour} agent "
                     f"({face}) on kiosk {KIOSK_COLUMNS[col]} row {row + 1}")
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
            self.log(f"  first orange card: the Times hires its purple X journalist (value {st['x']}); "
                     "add it to the Times' face-down purple journalists")
        if colour == 0 and not st["red_seen"]:
            st["red_seen"] = True
            st["x"] = d.times_x_red
            if not st["hired"]:
                st["hired"] = True
                self.log(f"  first red card before any orange: the Times hires its X at value {st['x']}")
            else:
                self.log(f"  first red card: the Times' X is now worth {st['x']}")
        for code in spaces:
            self.log(f"  a random face-down purple journalist on {pulitzer_space_text(code, d.bus_lp)} ({code})")
        if "OT" in spaces:
            self.log("  when overtime resolves, a Times journalist on O1-O3 discards the highest-numbered "
                     "overtime card on display (R-35); on O4/O5 it does nothing")
        self.log("  skip a listed space that already holds a journalist (R-34); stop when the Times has "
                 "no purple journalists left")
        if st["round"] >= 8 or not st["deck"]:
            from automa.times import times_score
            self.log(f"Last Times card.  At the end, the Times scores {times_score(d, st['mix'])}: "
                     "beat it to win (§13.9).")
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
        from rules.tabletop_inc.game import check_level
        from rules.tabletop_inc.data import get_data
        from rules.tabletop_inc.game import TabletopGame
        check_level(level)
        if not 2 <= players <= 6:
            raise ParamError(f"players must be 2-6 (the Mumanbot counts as a seat), got {players}")
        d = get_data(TabletopGame.data_dir)
        rng = random.Random(seed)
        deck = sorted(d.zap)
        rng.shuffle(deck)
        st = {"game": "tabletop_inc", "level": level, "players": players, "seed": seed,
              "zap_deck": deck, "zap_disc": [], "workers": d.workers, "placed": [], "vp": 0,
              "awards": [], "predictions": [], "pred_target": None, "turns": 0, "log": []}
        _rng_store(st, rng)
        return st

    def data(self):
        from rules.tabletop_inc.data import get_data
        from rules.tabletop_inc.game import TabletopGame
        return get_data(TabletopGame.data_dir)

    def intro(self) -> None:
        st = self.state
        self.say(f"Tabletop Inc. Mumanbot companion: difficulty {st['level']}, {st['players']} seats; "
                 f"bot VP {st['vp']}, {st['workers']} mumans available, ZAP deck {len(st['zap_deck'])} cards.")
        self.say("Enter: the bot's next turn;  hit CARD: its target did a predicted action (+1 VP);  "
                 "vp: the bot's score;  end: the game is over")

    def prompt(self) -> str:
        return f"Mumanbot ({self.state['vp']} VP) > "

    def extra_help(self) -> list[str]:
        return ["hit CARD   the target did a predicted action: discard that card, +1 VP (§17.5)",
                "vp         the bot's score and open predictions",
                "end        the game is over: show the bot's final score"]

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
            self.say(f"Mumanbot: {st['vp']} VP; mumans available {st['workers']}, placed {len(st['placed'])}; "
                     f"predictions on seat {st['pred_target']}: {', '.join(st['predictions']) or 'none'}")
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
            self.log(f"Turn {st['turns']}: the Mumanbot has no mumans left: it RECALLS its {n} mumans "
                     f"({', '.join(st['placed'])}); move the hourglass {n} space(s), no bonuses (§17.4)")
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
            self.log(f"  new predictions (face up) on human player {target}: {', '.join(st['predictions'])}; "
                     "type 'hit CARD' when that player does one")
            answer = self.ask("did the hourglass reach 0? (y/N) ").strip().lower()
            if answer in ("y", "yes", "trigger"):
                st["vp"] += 5
                self.log(f"  the Mumanbot triggers the end: +5 VP (now {st['vp']}); finish the round, "
                         "then type end")
            return
        if not st["zap_deck"]:
            deck = sorted(st["zap_disc"])
            self.use_rng(lambda r: r.shuffle(deck))
            st["zap_deck"], st["zap_disc"] = deck, []
            self.log("the ZAP deck is empty: its discard pile is shuffled into a new deck")
        cid = st["zap_deck"].pop()
        action, _vps, blue = d.zap[cid]
        vp = zap_vp(d.zap[cid], st["level"])
        spaces = [sp.id for sp in sorted((sp for sp in d.spaces if sp.action == action
                                          and sp.min_seats <= st["players"]), key=lambda sp: sp.order)]
        self.log(f"Turn {st['turns']}: ZAP card {cid}: {action.replace('_', ' ')}")
        if spaces:
            self.log(f"  a muman goes on the first FREE space of: {', '.join(spaces)} (left to right, "
                     "top to bottom); no cost, no bonus, the action is not performed")
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
                top = max(st["awards"]) if st["awards"] else 0
                want = min(top + 1, 3)
                st["awards"].append(want)
                text += f" — aim for level {want}"
            self.log(f"  blue box: {text}")
        st["zap_disc"].append(cid)


# --------------------------------------------------------------------------- Salem 1692

class SalemCompanion(Companion):
    game = "salem"

    @classmethod
    def new_state(cls, players: int, seed: int) -> dict:
        from rules.salem.data import load_cached
        from rules.salem.game import SalemGame
        d = load_cached(SalemGame.data_dir)
        if players not in d.setup or players < 4:
            raise ParamError(f"the moderator runs 4-12 players, got {players}")
        st = {"game": "salem", "players": players, "seed": seed, "alive": list(range(1, players + 1)),
              "phase": "setup", "nights": 0, "black_cat": None, "log": []}
        _rng_store(st, random.Random(seed))
        return st

    def intro(self) -> None:
        st = self.state
        self.say(f"Salem 1692 moderator for {st['players']} players (numbered 1-{st['players']} clockwise).")
        self.say("Enter: the next script (setup, then dawn);  night: the Night card was drawn;  "
                 "dead N: player N was eliminated;  end: the game is over")

    def prompt(self) -> str:
        st = self.state
        return f"moderator ({st['phase']}, {len(st['alive'])} alive) > "

    def extra_help(self) -> list[str]:
        return ["night      the Night card was drawn: run the night with private prompts",
                "dead N     player N was eliminated (trial or night)",
                "alive      who is still in the game",
                "end        the game is over"]

    def command(self, cmd: str) -> bool:
        st = self.state
        word, _, rest = cmd.strip().lower().partition(" ")
        if word == "":
            if st["phase"] == "setup":
                self.setup()
            elif st["phase"] == "dawn":
                self.dawn()
            else:
                self.say("day: play on; type night when the Night card is drawn (help lists commands)")
            return True
        if word == "night":
            if st["phase"] in ("setup", "dawn"):
                self.say("run setup and dawn first (Enter)")
                return True
            self.night()
            return True
        if word == "dead":
            if rest.strip().isdigit() and int(rest) in st["alive"]:
                st["alive"].remove(int(rest))
                self.log(f"player {int(rest)} is eliminated; alive: {', '.join(map(str, st['alive']))}")
            else:
                self.say(f"dead N, with N one of the living players: {', '.join(map(str, st['alive']))}")
            return True
        if word == "alive":
            self.say("alive: " + ", ".join(map(str, st["alive"])))
            return True
        if word == "end":
            self.log("the game is over")
            st["done"] = True
            return True
        return False

    def setup(self) -> None:
        from rules.salem.data import load_cached
        from rules.salem.game import SalemGame
        d = load_cached(SalemGame.data_dir)
        st = self.state
        row = d.setup[st["players"]]
        self.log("SETUP (§4)")
        self.log(f"  trial deck: {row['naw']} Not-a-Witch, {row['witch']} Witch, {row['constable']} Constable, "
                 f"and {row['special']} of the 5 special trial cards shuffled unseen")
        self.log(f"  shuffle and deal {row['per_seat']} trial cards face down to each player; look, then lay "
                 "them in a face-down row")
        if st["players"] <= 7:
            self.log("  Town Hall: deal two to each player; keep one, return the other")
        else:
            self.log("  Town Hall: deal one face up to each player")
        self.log("  playing cards: remove the Night card, deal 3 to each player (a Conspiracy goes back, "
                 "re-deal), split the deck and shuffle the Night into the bottom half")
        st["phase"] = "dawn"

    def _private_round(self, title: str, question: Callable[[int], tuple[str, str]]) -> dict[int, str]:
        """Every living player, one by one on this device, answers a private question.
        Everyone answers something, so nobody learns a role from who types."""
        answers: dict[int, str] = {}
        for p in list(self.state["alive"]):
            self.say("\n" * 30)
            self.ask(f"{title}: hand the device to player {p} and press Enter ")
            self.say(f"player {p} — private:")
            role = ""
            while role not in ("w", "c", "n", "wc"):
                role = self.ask("  your secret: w = you hold a Witch card, c = the Constable, "
                                "wc = both, n = neither: ").strip().lower()
            prompt, kind = question(p)
            ans = ""
            if any(k in role for k in kind):
                ans = str(self.ask_int(prompt, 1, self.state["players"]))
            else:
                self.ask("  nothing to do; press Enter ")
            answers[p] = role + ":" + ans
            self.say("\n" * 30)
        return answers

    def _vote(self, answers: dict[int, str], kind: str) -> int | None:
        votes = [int(a.split(":")[1]) for a in answers.values() if kind in a.split(":")[0] and a.split(":")[1]]
        if not votes:
            return None
        counts = {v: votes.count(v) for v in votes}
        top = max(counts.values())
        tied = sorted(v for v, c in counts.items() if c == top)
        return tied[0] if len(tied) == 1 else self.use_rng(lambda r: r.choice(tied))

    def dawn(self) -> None:
        st = self.state
        self.log("DAWN (§11): everyone closes their eyes; the witches choose who gets the Black Cat")
        answers = self._private_round("Dawn", lambda p: ("  witch: who gets the Black Cat (player number)? ", "w"))
        cat = self._vote(answers, "w")
        if cat is None:
            cat = self.use_rng(lambda r: r.choice(st["alive"]))
            self.log("  (no witch answered: the Black Cat goes to a random player)")
        st["black_cat"] = cat
        st["phase"] = "day"
        self.log(f"Everyone opens their eyes: player {cat} takes the Black Cat and plays first.")

    def night(self) -> None:
        st = self.state
        st["nights"] += 1
        self.log(f"NIGHT {st['nights']} (§10.2): everyone closes their eyes")

        def question(p: int) -> tuple[str, str]:
            return ("  choose (witch: the victim; constable: who gets the gavel, not yourself): ", "wc")

        answers = self._private_round(f"Night {st['nights']}", question)
        victim = self._vote(answers, "w")
        guards = [int(a.split(":")[1]) for p, a in answers.items() if "c" in a.split(":")[0]
                  and a.split(":")[1] and int(a.split(":")[1]) != p]
        gavel = guards[0] if guards else None
        self.log("Everyone opens their eyes." + (f" The gavel lies before player {gavel}." if gavel else
                                                 " Nobody holds the gavel."))
        self.log("  Confession window (30 s): anyone may reveal a trial card to be safe tonight.")
        conf = self.ask("  who confessed? player numbers separated by spaces, Enter for nobody: ")
        confessed = {int(x) for x in conf.replace(",", " ").split() if x.isdigit()}
        if victim is None:
            self.log("  the witches chose nobody (no witch answered)")
        elif victim == gavel or victim in confessed:
            why = "holds the gavel" if victim == gavel else "confessed"
            self.log(f"  the witches chose player {victim}, who {why}: nobody dies tonight")
        else:
            self.log(f"  the witches chose player {victim}: eliminated unless they hold the Asylum token "
                     f"(then type nothing; else type dead {victim})")
        self.log("  Reset: set the Night aside, shuffle deck and discard, split, shuffle the Night into the "
                 "bottom half; the gavel returns to the centre")


COMPANIONS = {"pulitzer": PulitzerCompanion, "tabletop_inc": TabletopCompanion, "salem": SalemCompanion}


def run(game: str, state_file: str | None, seed: int | None, times_mix: str | None, mumanbot: str | None,
        players: int | None, ask: Ask = input, out: Callable[[str], None] = click.echo) -> int:
    """The `automa companion` command.  Raises AutomaError for bad arguments."""
    from rules.core import game_class
    name = game_class(game).name
    if name not in COMPANIONS:
        raise AutomaError(f"no companion for {name}; companions exist for {', '.join(COMPANIONS)}")
    path = Path(state_file or f"automa-companion-{name}.json")
    if path.exists():
        try:
            state = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as err:
            raise AutomaError(f"{path} is not a companion state file: {err}") from None
        if state.get("game") != name:
            raise AutomaError(f"{path} holds a {state.get('game')} companion, not {name}")
        out(f"resuming from {path}")
    else:
        if seed is None:
            seed = random.SystemRandom().randrange(10**9)
        if name == "pulitzer":
            mix = (3, 3, 2)
            if times_mix:
                try:
                    mix = tuple(int(x) for x in times_mix.split(","))
                except ValueError:
                    raise ParamError(f"--times-mix takes three numbers like 3,3,2; got {times_mix!r}") from None
            state = PulitzerCompanion.new_state(mix, seed)
        elif name == "tabletop_inc":
            state = TabletopCompanion.new_state((mumanbot or "normal").lower(), players or 2, seed)
        else:
            state = SalemCompanion.new_state(players or 8, seed)
    companion = COMPANIONS[name](path, state, ask, out)
    companion.save()
    return companion.run()
