"""Tabletop Inc.'s companion (`automa companion tabletop_inc`): a Mumanbot.  It draws ZAP
cards, says where the bot goes and what it scores, applies the blue boxes, recalls, and
tracks its predictions (spec §17).

The cards come from this package's data, so the companion shows the same cards the engine
plays with; the loop, the state file and the command are `automa.companion`'s.
"""

from __future__ import annotations

import random

from automa.companion import Companion, rng_store
from automa.rules.core import ParamError
from automa.rules.presentation import plural

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
    default_players = 2

    @classmethod
    def start_state(cls, seed: int, players: int | None, mix: tuple | None, level: str | None) -> dict:
        return cls.new_state(level or "normal", players or cls.default_players, seed)

    @classmethod
    def settings_differ(cls, state: dict, players: int | None, mix: tuple | None, level: str | None) -> str:
        differ = super().settings_differ(state, players, mix, level)
        if not differ and level is not None and state.get("level") not in (None, level):
            differ = f"difficulty {state['level']}, not {level}"
        return differ

    @classmethod
    def new_state(cls, level: str, players: int, seed: int) -> dict:
        from automa.rules.tabletop_inc.data import get_data
        from automa.rules.tabletop_inc.game import TabletopGame, check_level

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
        rng_store(st, rng)
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
        from .mumanbot import PREDICTIONS, zap_vp

        d = self.data()
        st = self.state
        st["turns"] += 1
        if st["workers"] == 0:
            n = len(st["placed"])
            self.log(
                f"Turn {st['turns']}: the Mumanbot has no mumans left: it RECALLS its {n} mumans "
                f"({', '.join(st['placed'])}); move the hourglass {plural(n, 'space')}, no bonuses (§17.4)"
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


COMPANION = TabletopCompanion
