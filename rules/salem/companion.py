"""Salem 1692's companion (`automa companion salem`): the moderator.  Setup, Dawn and Night
scripts, with a private prompt per player on one device (hand the device round; spec §4,
§10.2, §11, A-02); it keeps the public table (trial cards face up and down, the wooden
tokens, the Witch cards still in play), runs confessions and every reveal through the reveal
pipeline (§8.1), names why a night victim is safe, and applies the Matchmaker chain (§13.4).

The whole state is a JSON file saved after every step (see `SalemCompanion`), so a restart
resumes even in the middle of a night; the loop, the state file and the command are
`automa.companion`'s.

One source: the printed names are the engine's (`words.SALEM_TRIAL`, `SALEM_TOKEN`), and the
special trial cards, the token kinds and counts and the deal per player count are the
engine's data (`data/*.toml` through `data.load_cached`).  What cannot run on the engine's functions, and
why: the moderator tracks a physical game from the public table only (how many face-down
cards each player holds, which are face up, who holds which token, how many Witch cards are
still in play); it never knows a face-down card, a hand or the deck.  The engine's tasks
(`resolution.py`: reveal, eliminate, the night, the win checks) and its decisions read and
change exactly those hidden parts of a whole `SalemState`, so the moderator keeps its own
steps for the reveal pipeline (spec 8.1), the Matchmaker chain (13.4) and the win checks
(spec 9) on that partial table, asking the players what the engine would look up.
"""

from __future__ import annotations

import random

from automa.companion import Companion, Stop, rng_store
from automa.rules.core import ParamError
from automa.rules.salem.data import SPECIALS, TOKENS, load_cached
from automa.rules.salem.words import SALEM_TOKEN, SALEM_TRIAL

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
#: the printed names, one source with the board's (`view.py`)
TRIAL_NAMES = SALEM_TRIAL
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
TOKEN_KINDS = TOKENS
#: how many of each token the box holds (data/tokens.toml)
TOKEN_QTY = dict(load_cached().token_qty)
TOKEN_NAMES = SALEM_TOKEN
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
    default_players = 8

    @classmethod
    def start_state(cls, seed: int, players: int | None, mix: tuple | None, level: str | None) -> dict:
        return cls.new_state(players or cls.default_players, seed)

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
        rng_store(st, random.Random(seed))
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


COMPANION = SalemCompanion
