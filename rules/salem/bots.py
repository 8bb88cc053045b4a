"""salem-heuristic: a rule-based team player for Salem 1692.

It reads only `state.observation(seat)` and `state.legal_actions()`.

Town: keeps a suspicion score per seat built from evidence it may see (revealed or announced
Witch cards, Witch cards it saw with shillings or received in a Conspiracy, who the night
victims were, who accuses proven townspeople) and throws its red cards at the most suspicious
living seat; Stocks and Curse(Piety/Asylum) on suspects; Alibi, Blessing and the gavel on the
least suspicious; confesses when it has many face-down Not-a-Witch cards.
Witches: know (part of) their team, accuse and stock townspeople, never accuse a known witch,
vote at night for the living townsperson who looks most dangerous, and follow the first
witch's vote so the team coordinates (earlier witch votes are visible to witches).
"""

from __future__ import annotations

import random

from automa.search.bots import Bot, soft_choice

from . import info


class HeuristicBot(Bot):
    #: confess_min: a townsperson confesses at night while it keeps at least this many
    #: face-down Not-a-Witch cards (2 beat 1, 3 and 5 against this bot's Witches at 6 and 8
    #: players, 600 deals each, and tied at 4)
    defaults = {"confess_min": 2}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._mem_key = None
        self._accused = set()  # (accuser, target) pairs seen on the public table

    def _remember(self, obs):
        """Public accusation history, kept between this seat's decisions in one game."""
        turn = obs["turn"]
        key = (obs["seat"], len(obs["alive"]))
        if self._mem_key != key or turn[1] < self._last_turn:
            self._accused = set()
            self._seen_reds = [0] * len(obs["alive"])
        self._mem_key = key
        self._last_turn = turn[1]
        for t, reds in enumerate(obs["reds"]):
            a = obs["last_acc"][t]
            if a >= 0 and len(reds) > self._seen_reds[t]:
                self._accused.add((a, t))
            self._seen_reds[t] = len(reds)

    def act(self, state, seat):
        legal = state.legal_actions()
        obs = state.observation(seat)
        self._remember(obs)
        if len(legal) == 1:
            return legal[0]
        me = state.game.pos_of[seat]
        self._obs = obs
        self._me = me
        self._game = state.game
        kinds = {a[0] for a in legal}
        dec = obs["dec"]
        kind = dec[0] if dec else None
        witch = obs["ever_witch"]
        team = set(obs["known_ew"]) | ({me} if witch else set())
        sus = self._suspicion(obs, me, team, witch)
        alive = obs["alive"]

        def best(options, key):
            vals = [(key(a), i) for i, a in enumerate(options)]
            top = max(v for v, _ in vals)
            tied = [options[i] for v, i in vals if v == top]
            return tied[self.rng.randrange(len(tied))]

        if "keep" in kinds:
            prefer = (
                "thomas_danforth",
                "george_burroughs",
                "cotton_mather",
                "will_griggs",
                "ann_putnam",
                "abigail_williams",
                "rebecca_nurse",
                "william_phips",
                "mary_warren",
                "giles_corey",
                "sarah_good",
                "john_proctor",
                "samuel_parris",
                "tituba",
                "martha_corey",
            )
            return best(legal, lambda a: -prefer.index(a[1]) if a[1] in prefer else -99)
        if "cat" in kinds:  # Dawn: give the Black Cat to a townsperson
            return best(legal, lambda a: (a[1] not in team, -a[1]))
        if "victim" in kinds:
            votes = dict(obs["votes"])
            earlier = [v for p, v in votes.items() if p != me]
            if earlier:
                target = earlier[0]
                if ("victim", target) in legal:
                    return ("victim", target)
            return best(legal, lambda a: (a[1] not in team, self._danger(obs, a[1], sus), -a[1]))
        if "gavel" in kinds:
            if witch:
                return best(legal, lambda a: (a[1] in team, -a[1]))
            return best(
                legal, lambda a: (-sus[a[1]] if a[1] >= 0 else -99, obs["hand_n"][a[1]] if a[1] >= 0 else 0)
            )
        if "confess" in kinds:
            fd = obs["fd"]
            if witch:
                # a witch confesses a harmless card only when it is tonight's target
                if obs["night_victim"] == me and ("confess", "naw") in legal:
                    return ("confess", "naw")
                return ("confess", "none")
            if ("confess", "phips") in legal:
                return ("confess", "phips")
            if fd.count("naw") >= self.params["confess_min"] and ("confess", "naw") in legal:
                return ("confess", "naw")
            return ("confess", "none")
        if kind == "tituba_order":  # only after choosing to look: keep the order seen
            return ("tituba", "done")
        if "tituba" in kinds:
            return ("tituba", "skip")
        if kind in ("action", "play"):
            return self._turn(state, obs, me, legal, sus, team, witch, kind)
        if "target" in kinds:
            return self._target(obs, me, legal, sus, team, witch)
        if "target2" in kinds:
            card = dec[2][0]
            if card == "robbery":
                return best(legal, lambda a: (a[1] in team) if witch else -sus[a[1]])
            # scapegoat: move the pile onto the most suspicious seat
            return best(legal, lambda a: sus[a[1]])
        if "alibi" in kinds:
            return best(legal, lambda a: a[1] + 3 * a[2])
        if "token" in kinds:
            if kind == "bless_token":
                order = {"asylum": 3, "piety": 2, "black_cat": 0, "matchmaker": 1}
                return best(legal, lambda a: order.get(a[1], 0))
            t = dec[2][0]
            order = {"piety": 3, "asylum": 2, "black_cat": 1, "matchmaker": 0}
            if t in team and witch:
                order = {"black_cat": 3, "matchmaker": 2, "asylum": 0, "piety": 0}
            return best(legal, lambda a: order.get(a[1], 0))
        if kinds <= {"yes", "no"}:
            if kind == "danforth":
                t = dec[2][0]
                good = (t not in team) if witch else sus[t] > 0.5
                return ("yes",) if good else ("no",)
            return ("yes",)
        if "loot" in kinds or "take" in kinds:
            value = {
                "witness": 9,
                "evidence": 8,
                "stocks": 6,
                "accusation": 5,
                "curse": 4,
                "alibi": 4,
                "scapegoat": 3,
                "arson": 3,
                "robbery": 2,
                "blessing": 3,
                "shilling": 2,
            }
            return best(legal, lambda a: value.get(a[1], 0) if len(a) > 1 else 1)
        if "flip" in kinds:  # variant 18.3: show the most harmless of the two cards
            order = {"naw": 5, "constable": 1, "witch": -9}
            return best(legal, lambda a: order.get(a[1], 3))
        if "cat_reveal" in kinds:
            order = {"naw": 5, "constable": 1, "witch": -9}
            return best(legal, lambda a: order.get(a[1], 3))
        if "special" in kinds:
            return legal[0]
        if "charlatan" in kinds:
            return best(legal, lambda a: sus[a[1]] if not witch else (a[1] in team))
        if "revive" in kinds:
            if witch:
                return best(legal, lambda a: (a[2] == "naw" and a[1] in team, a[2] != "witch"))
            return best(legal, lambda a: (a[2] == "witch", alive[a[1]]))
        if "inquire" in kinds:
            return best(legal, lambda a: (a[1] not in team) if witch else sus[a[1]])
        if "mag_from" in kinds:
            return best(legal, lambda a: (a[2] == "piety", a[2] == "asylum"))
        if "mag_to" in kinds:
            src, tok = dec[2]
            good = tok in ("piety", "asylum")
            if witch:
                return best(legal, lambda a: (a[1] in team) == good)
            return best(legal, lambda a: -sus[a[1]] if good else sus[a[1]])
        return legal[self.rng.randrange(len(legal))]

    # ------------------------------------------------------------------ evidence
    def _suspicion(self, obs, me, team, witch):
        n = len(obs["alive"])
        sus = [0.3] * n
        for t in range(n):
            fu = obs["fu"][t]
            fdn = obs["fd_n"][t]
            # each revealed Not-a-Witch makes a seat a little less likely to hold a witch
            sus[t] -= 0.04 * fu.count("naw")
            if obs["announced"][t] or "witch" in fu:
                sus[t] = 1.0
            if fdn == 0:
                sus[t] = -1.0
        for t, c in obs["facts"]:
            if c == "witch":
                sus[t] = 1.0
            elif sus[t] < 1.0:
                sus[t] -= 0.1
        for t in obs["known_ew"]:
            sus[t] = 1.0
        # evidence from the accusation history: proven witches accuse townspeople, and
        # whoever accused a proven witch is probably town
        proven = [t for t in range(n) if sus[t] >= 1.0]
        for a, t in getattr(self, "_accused", ()):
            if t in proven and sus[a] < 1.0:
                sus[a] -= 0.15
            if a in proven and sus[t] < 1.0:
                sus[t] -= 0.1
        sus[me] = -1.0 if not witch else 1.0
        return sus

    def _danger(self, obs, t, sus):
        """How much a living townsperson threatens the witches."""
        return obs["hand_n"][t] + 2 * obs["coins"][t] + obs["fd_n"][t] - 3 * ("asylum" in obs["tokens"][t])

    # ------------------------------------------------------------------ turns
    def _turn(self, state, obs, me, legal, sus, team, witch, kind):
        alive = obs["alive"]
        looks = [a for a in legal if a[0] == "look"]
        if looks and not witch:
            # spend coins on the most uncertain suspects
            return max(looks, key=lambda a: (sus[a[1]] if sus[a[1]] < 1.0 else -1, -a[1]))
        plays = {a[1]: a for a in legal if a[0] == "play"}
        for card in ("witness", "evidence", "accusation", "alibi_w"):
            if card in plays and self._red_target(obs, me, sus, team, witch) is not None:
                return plays[card]
        if "stocks" in plays:
            return plays["stocks"]
        if "curse" in plays and any(
            self._curse_ok(obs, t, sus, team, witch) for t in range(len(alive)) if t != me and alive[t]
        ):
            return plays["curse"]
        if "blessing" in plays:
            return plays["blessing"]
        if "alibi" in plays and not witch:
            if any(obs["reds"][t] and sus[t] < 0.3 for t in range(len(alive)) if t != me and alive[t]):
                return plays["alibi"]
        if "alibi" in plays and witch:
            if any(obs["reds"][t] and t in team for t in range(len(alive)) if t != me and alive[t]):
                return plays["alibi"]
        if "shilling" in plays:
            return plays["shilling"]
        if "scapegoat" in plays and any(
            obs["reds"][t] for t in range(len(alive)) if t != me and alive[t] and (sus[t] < 0.3 or t in team)
        ):
            return plays["scapegoat"]
        if kind == "action" and any(a[0] == "peek" for a in legal):
            peeks = [a for a in legal if a[0] == "peek"]
            return peeks[self.rng.randrange(len(peeks))]
        if kind == "action":
            if "arson" in plays and witch:
                return plays["arson"]
            return ("draw",)
        return ("end",)

    def _curse_ok(self, obs, t, sus, team, witch):
        toks = obs["tokens"][t]
        if witch:
            return t not in team and ("asylum" in toks or "piety" in toks)
        return sus[t] >= 0.5 and ("asylum" in toks or "piety" in toks)

    def _red_target(self, obs, me, sus, team, witch):
        alive = obs["alive"]
        cands = [t for t in range(len(alive)) if t != me and alive[t] and obs["fd_n"][t] > 0]
        if witch:
            cands = [t for t in cands if t not in team]
        if not cands:
            return None
        return max(cands, key=lambda t: (sus[t], self._pressure(obs, t), -t))

    def _pressure(self, obs, t):
        return len(obs["reds"][t])

    def _target(self, obs, me, legal, sus, team, witch):
        card = obs["dec"][2][0]
        opts = [a[1] for a in legal]

        def pick(key):
            vals = [(key(t), t) for t in opts]
            top = max(v for v, _ in vals)
            tied = [t for v, t in vals if v == top]
            return ("target", tied[self.rng.randrange(len(tied))])

        if card in ("accusation", "evidence", "witness", "alibi_w", "stocks", "arson"):
            if witch:
                return pick(lambda t: (t not in team, sus[t] < 1.0, self._pressure(obs, t)))
            return pick(lambda t: (sus[t], self._pressure(obs, t)))
        if card == "alibi":
            if witch:
                return pick(lambda t: (t in team, len(obs["reds"][t])))
            return pick(lambda t: (-sus[t], len(obs["reds"][t])))
        if card == "curse":
            if witch:
                return pick(
                    lambda t: (t not in team, "piety" in obs["tokens"][t] or "asylum" in obs["tokens"][t])
                )
            return pick(lambda t: (sus[t], "piety" in obs["tokens"][t]))
        if card == "blessing":
            tok = obs["dec"][2][1]
            good = tok in ("asylum", "piety")
            if witch:
                return pick(lambda t: (t in team) == good)
            return pick(lambda t: -sus[t] if good else sus[t])
        if card == "scapegoat":
            if witch:
                return pick(lambda t: (t in team, len(obs["reds"][t])))
            return pick(lambda t: (-sus[t], len(obs["reds"][t])))
        if card == "robbery":
            return pick(lambda t: obs["hand_n"][t] * (1 if (t not in team or not witch) else -1))
        if card == "shilling":
            if witch:
                return pick(lambda t: t in team)
            return pick(lambda t: -sus[t])
        return ("target", opts[self.rng.randrange(len(opts))])


class ExpertBot(HeuristicBot):
    """salem-expert: the rule-based team player, with a belief about who the witches are for
    the town and a quieter game for the witches, built only from what its seat may see.

    Town: it weighs `beliefs` sampled worlds (the trial rows `state.determinize` would draw)
    by how well each explains the table.  The strongest tell is the night: a townsperson has
    every reason to confess, a witch who knows it is not the victim has none, so a seat that
    keeps its cards face-down night after night is likely a witch.  Weaker ones: witches
    seldom accuse a seat they know is a fellow witch, and they hand the Black Cat to a
    townsperson at Dawn.  The town throws its accusations where a reveal most likely shows a
    Witch card.
    Witches: a witch holding a face-down Witch card confesses a Not-a-Witch card every night,
    to look like the town, while the others stay silent and draw the town's suspicion; they
    accuse the townsperson closest to elimination (fewest face-down cards) and put Stocks and
    Arson on the biggest hand.

    Measured at 6 players, a side against a `salem-heuristic` side over the same deals
    (experiments/salem_expert.py --games 1200 --seed 1, and --seed 11): as the Witches 0.627
    and 0.637, as the town 0.647 and 0.647 (600 games each; the rule-based player against
    itself: 0.51 and 0.48).  A move takes well under a millisecond at the median.

    `ranked` lists the moves best first; `temperature` > 0 draws among the best `choices`
    with weights exp((value - best) / temperature), for weaker levels; fewer `beliefs` (0:
    none, the rule-based suspicion alone) is a smaller budget.
    """

    #: beliefs: sampled worlds weighed to tell who holds the Witch cards (the town with 16
    #: won 0.56 where 64 won 0.61, 300 games); temperature, choices: see the class docstring
    defaults = {"confess_min": 2, "beliefs": 64, "temperature": 0.0, "choices": 3}
    limits = {"confess_min": (0, 5), "beliefs": (0, 2000), "temperature": (0.0, None), "choices": (1, 20)}

    #: how much likelier a world is made by each public move if it would be a witch's there
    #: than a townsperson's (1 = no evidence): accusing a known fellow witch, receiving the
    #: Black Cat at Dawn, confessing, and a townsperson keeping silent at night with two or
    #: more face-down cards.  Set by hand and checked on 600 town games: 0.05 for the first
    #: two won 0.647 where 0.25/0.2 won 0.603; stronger night tells measured the same.
    ACCUSE_FELLOW = 0.05
    CAT_TO_WITCH = 0.05
    CONFESS_IF_WITCH = 0.2
    SILENT_IF_TOWN = 0.3
    #: the town's bonus per red card already in front of a seat (a reveal comes sooner)
    PILE_ON = 0.02

    def act(self, state, seat):
        ranked = self.ranked(state, seat)
        temperature = self.params["temperature"]
        if temperature <= 0 or len(ranked) == 1:
            return ranked[0][0]
        return soft_choice(ranked, temperature, self.rng, top=self.params["choices"])

    def ranked(self, state, seat):
        """[(action, value)] best first: the policy's choice (value 0), then the other legal
        moves (-1, -2, ...), accusations in the order the policy rates their targets."""
        legal = state.legal_actions()
        obs = state.observation(seat)
        self._remember(obs)
        if len(legal) == 1:
            return [(legal[0], 0.0)]
        self._state, self._seat = state, seat  # for `_suspicion`, which weighs worlds
        choice = HeuristicBot.act(self, state, seat)
        kind = legal[0][0]
        if kind == "confess":
            if obs["ever_witch"] and "witch" in obs["fd"] and ("confess", "naw") in legal:
                choice = ("confess", "naw")
            self._night_table = (obs["fu"], obs["reds"], obs["alive"], obs["fd_n"])
        rest = [a for a in legal if a != choice]
        dec = obs["dec"]
        if kind == "target" and dec[2][0] in RED_CARDS:
            witch = obs["ever_witch"]
            rest.sort(key=lambda a: self._accuse_value(obs, a[1], witch), reverse=True)
        return [(choice, 0.0)] + [(a, -1.0 - i) for i, a in enumerate(rest)]

    # ------------------------------------------------------------------ belief
    def _remember(self, obs):
        new_game = self._mem_key != (obs["seat"], len(obs["alive"])) or obs["turn"][1] < getattr(
            self, "_last_turn", 0
        )
        super()._remember(obs)
        if new_game:
            self._cat = None
            self._night_table = None
            self._confessions = []
        if self._night_table is not None:
            self._read_confessions(obs)
        if self._cat is None and obs["turn"][2] == 0:
            holders = [t for t, toks in enumerate(obs["tokens"]) if "black_cat" in toks]
            if holders:
                self._cat = holders[0]

    def _read_confessions(self, obs):
        """Who confessed at the last night, read from the table as this seat saw it at its
        own confession prompt (the last prompt of a night) and as it sees it now: a living
        seat with one more face-up card and its red cards still in place confessed."""
        fu, reds, alive, fd_n = self._night_table
        self._night_table = None
        for t in range(len(alive)):
            if not (alive[t] and obs["alive"][t]):
                continue
            grown = len(obs["fu"][t]) - len(fu[t])
            if grown == 0:
                self._confessions.append((t, False, fd_n[t]))
            elif grown == 1 and (not reds[t] or obs["reds"][t][: len(reds[t])] == reds[t]):
                self._confessions.append((t, True, fd_n[t]))

    def _belief(self, state, seat):
        """(chance each seat is ever a witch, chance a blind reveal in its row is a Witch),
        worked out again only when the seat's knowledge may have changed."""
        obs = state.observation(seat)
        key = (
            obs["fu"],
            obs["fd_n"],
            obs["fd"],
            obs["facts"],
            obs["pub_facts"],
            obs["alive"],
            obs["turn"][2],
            frozenset(self._accused),
            self._cat,
            len(self._confessions),
        )
        if getattr(self, "_belief_key", None) != key:
            self._belief_key = key
            self._belief_value = self._weigh(state, seat)
        return self._belief_value

    def _weigh(self, state, seat):
        rng = random.Random(f"{self.seed}:{state.observation(seat)['turn']}")
        n = state.N
        ever, reveal, total = [0.0] * n, [0.0] * n, 0.0
        sample = _row_sampler(state, seat)
        for _ in range(self.params["beliefs"]):
            world = sample(rng)
            weight = self._likelihood(world)
            total += weight
            for t in range(n):
                ever[t] += weight * world.ever_witch[t]
                if world.face_down[t]:
                    reveal[t] += weight * world.face_down[t].count("witch") / len(world.face_down[t])
        return [e / total for e in ever], [r / total for r in reveal]

    def _likelihood(self, world):
        """How well a sampled world explains the public moves this seat remembers."""
        ew = world.ever_witch
        weight = 1.0
        for a, t in self._accused:
            if ew[a] and ew[t] and t in world.known_witches[a]:
                weight *= self.ACCUSE_FELLOW
        if self._cat is not None and ew[self._cat]:
            weight *= self.CAT_TO_WITCH
        for t, confessed, face_down in self._confessions:
            if confessed and ew[t]:
                weight *= self.CONFESS_IF_WITCH
            elif not confessed and face_down >= 2 and not ew[t]:
                weight *= self.SILENT_IF_TOWN
        return weight

    def _suspicion(self, obs, me, team, witch):
        sus = super()._suspicion(obs, me, team, witch)
        if witch or self.params["beliefs"] <= 0:
            self._reveal_chance = [0.0] * len(sus)
            return sus
        ever, self._reveal_chance = self._belief(self._state, self._seat)
        mean = max(1e-9, sum(ever) / len(ever))
        return [s if abs(s) >= 1.0 else 0.3 * e / mean for s, e in zip(sus, ever)]

    # ------------------------------------------------------------------ accusations
    def _red_target(self, obs, me, sus, team, witch):
        alive = obs["alive"]
        cands = [
            t
            for t in range(len(alive))
            if t != me and alive[t] and obs["fd_n"][t] > 0 and not (witch and t in team)
        ]
        if not cands:
            return None
        return max(cands, key=lambda t: self._accuse_value(obs, t, witch, sus))

    def _accuse_value(self, obs, t, witch, sus=None):
        """Town: the chance a reveal in t's row shows a Witch card (with no belief, the
        rule-based suspicion), a little more where red cards already lie.  Witches: the
        townsperson closest to elimination (fewest face-down cards), where red cards lie."""
        pressure = len(obs["reds"][t])
        if witch:
            return (-obs["fd_n"][t], pressure, -t)
        if self.params["beliefs"] <= 0:
            return (sus[t] if sus else 0.0, pressure, -t)
        return (self._reveal_chance[t] + self.PILE_ON * pressure, 0, -t)

    def _target(self, obs, me, legal, sus, team, witch):
        card = obs["dec"][2][0]
        if witch and card in ("stocks", "arson"):
            options = [a[1] for a in legal if a[1] not in team] or [a[1] for a in legal]
            return ("target", max(options, key=lambda t: (obs["hand_n"][t], -t)))
        if card not in RED_CARDS:
            return super()._target(obs, me, legal, sus, team, witch)
        options = [a[1] for a in legal if not (witch and a[1] in team)] or [a[1] for a in legal]
        return ("target", max(options, key=lambda t: self._accuse_value(obs, t, witch, sus)))


class _Rows:
    """The part of a sampled world the belief reads: trial rows, who is ever a witch and
    whom each witch knows (the fields `info.sample_rows` fills)."""

    __slots__ = ("face_down", "ever_witch", "facts", "hand_facts", "known_witches", "complete")

    def __init__(self, state):
        self.ever_witch = state.ever_witch[:]
        self.facts = state.facts[:]
        self.hand_facts = state.hand_facts[:]
        self.known_witches = state.known_witches[:]
        self.complete = state.complete[:]


def _row_sampler(state, seat):
    """rng -> the trial rows and teams of a world `state.determinize(seat, rng)` could give,
    drawn by the very same sampler without the cost of the hands, deck and the rest."""
    pos = state.game.pos_of[seat]
    plan = info.rows_plan(state, pos)

    def sample(rng):
        rows = _Rows(state)
        info.sample_rows(state, rows, pos, rng, plan)
        return rows

    return sample


#: the cards played as accusations (alibi_w: Will Griggs' Alibi played as a Witness)
RED_CARDS = ("accusation", "evidence", "witness", "alibi_w")
