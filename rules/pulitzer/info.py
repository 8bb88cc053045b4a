"""What a seat may see and the worlds that fit it (R-23): `observation(seat)` and the
determinizer that resamples face-down journalists, agents, decks and the Times."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import automa.rules.pulitzer.times as T
from automa.rules.core import fresh_seed
from automa.rules.draws import shuffle

from .base import F_UP, PulitzerBase, _piece_seen, _shuffled
from .data import RED, TIMES
from .resolution import PulitzerResolution


class PulitzerInfo(PulitzerResolution):
    # ------------------------------------------------------------------ information
    def observation(self, seat: int):
        tb = self.tables
        n = tb.n
        rev = self.revealed

        return {
            "round": self.round,
            "placing": self.placing,
            "over": self.over,
            "revealed": rev,
            "pp": self.pp,
            "turn": self.turn,
            "pend": self.pend,
            "double": self.double,
            "finished": tuple(self.finished),
            "acts": tuple(self.acts),
            "marker": self.marker,
            "money": tuple(self.money),
            "contacts": tuple(self.contacts),
            "points": tuple(self.points),
            "hr": tuple(self.hr),
            "req_left": tuple(self.req_left),
            "avail": tuple(
                tuple(sorted(self.avail[s])) if (s == seat or rev) else len(self.avail[s]) for s in range(n)
            ),
            "arrested": tuple(tuple(a) for a in self.arrested),
            "bail_due": tuple(self.bail_due),
            "tok_now": tuple(tuple(t) for t in self.tok_now),
            "tok_new": tuple(tuple(t) for t in self.tok_new),
            "tok_used": tuple(self.tok_used),
            "evt": tuple(tuple(t) for t in self.evt),
            "kept": tuple(tuple(sorted(k)) for k in self.kept),
            "houses": tuple(tuple(h) for h in self.houses),
            "house_supply": tuple(self.house_supply),
            "report": tuple(self.report),
            "pins": tuple(tuple(p) for p in self.pins),
            "pinrd": tuple(tuple(p) for p in self.pinrd),
            "stmt": tuple(tuple(p) for p in self.stmt),
            "destroyed": tuple(tuple(p) for p in self.destroyed),
            "unpinned": tuple(self.unpinned),
            "eliminated": tuple(self.eliminated),
            "spaces": tuple(tuple(_piece_seen(p, seat, rev) for p in sp) for sp in self.spaces),
            "news_slots": tuple(tuple(x) for x in self.news_slots),
            "rowh": tuple(tuple(x) for x in self.rowh),
            "news_top": self.news_deck[-1] if self.news_deck else -1,
            "news_turned": self.news_turned,
            "news_left": len(self.news_deck),
            "evi_left": len(self.evi_deck),
            "evi_disc": tuple(sorted(self.evi_disc)),
            "line_left": len(self.line_deck),
            "line_disc": tuple(sorted(self.line_disc)),
            "ot_left": len(self.ot_deck),
            "ot_disc": tuple(sorted(self.ot_disc)),
            "ot_display": tuple(self.ot_display),
            "extra_bought": self.extra_bought,
            "event": self.event,
            "ev_left": len(self.ev_deck),
            "leak": tuple(self.leak),
            "leak_owner": self.leak_owner,
            "leak_used": tuple(self.leak_used),
            "opinion": self.opinion,
            "hat": self.hat,
            "capitol": self.capitol,
            "times_left": len(self.times_deck),
            "times_revealed": tuple(self.times_revealed),
            "times_pool": tuple(sorted(self.times_pool)) if rev else len(self.times_pool),
            "times_hired": self.times_hired,
            "times_red_seen": self.times_red_seen,
            "times_x": self.times_x,
            "work": (
                self.rstep,
                self.ri,
                self.rj,
                tuple(self.dq),
                tuple(self.rlist),
                tuple(self.lower),
                tuple(sorted(self.sup.items())),
                tuple(self.agent_cards),
                tuple(tuple(x) if isinstance(x, list) else x for x in self.cur),
                tuple(self.bus_done),
            ),
        }

    def determinize(self, seat: int, rng: random.Random) -> PulitzerBase:
        return self.determinizer(seat)(rng)

    def determinizer(self, seat: int) -> Callable[[random.Random], PulitzerBase]:
        """`determinize(seat, rng)` as a function of rng alone: the canonical orders of the
        hidden decks and pools, and where the face-down pieces and agents stand, are worked
        out once, so a search that asks for a new world every iteration pays only for the
        copy and the draws.  The very worlds of `determinize`; valid while the state is
        unchanged."""
        tb = self.tables
        hidden_seats = [] if self.revealed else [p for p in range(tb.n) if p != seat]
        resample_times = not self.revealed and tb.solo
        resample_agents = not self.revealed and tb.lp
        agent_slots = [
            (sid, i) for sid in range(tb.n_spaces) for i, pc in enumerate(self.spaces[sid]) if pc[0] == RED
        ]
        agent_values = sorted(tb.red_values)
        face_down = [(p, self._face_down(p, self.avail[p])) for p in hidden_seats]
        times_face_down = self._face_down(TIMES, self.times_pool) if resample_times else ([], [], 0)
        decks = (sorted(self.evi_deck), sorted(self.line_deck), sorted(self.ot_deck), sorted(self.ev_deck))
        news_rest = sorted(self.news_deck[:-1]) if len(self.news_deck) > 1 else []
        times_colours: list[int] = []
        times_pools: list[list[int]] = []
        if self.times_deck:
            times_colours = T.deck_colours(self.game.params.times_mix)[: len(self.times_deck)]
            seen = set(self.times_revealed)
            times_pools = [sorted(x for x in tb.times_by_colour[c] if x not in seen) for c in range(3)]

        def world(rng: random.Random) -> PulitzerBase:
            w = self.clone()
            for p, (sids, pool_sorted, count) in face_down:
                w.avail[p] = tuple(self._deal_face_down(w, p, sids, pool_sorted, count, rng))
            if resample_times:
                sids, pool_sorted, count = times_face_down
                w.times_pool = self._deal_face_down(w, TIMES, sids, pool_sorted, count, rng)
            if resample_agents:
                pool = agent_values[:]
                shuffle(pool, rng)
                for k, (sid, i) in enumerate(agent_slots):
                    pc = w.spaces[sid][i]
                    w._set_piece(sid, i, (RED, pool[k], pc[2], pc[3]))
            w.evi_deck, w.line_deck, w.ot_deck, w.ev_deck = [_shuffled(deck, rng) for deck in decks]
            if news_rest:
                w.news_deck = _shuffled(news_rest, rng) + [w.news_deck[-1]]
            if times_colours:
                pools = [_shuffled(pool, rng) for pool in times_pools]
                w.times_deck = [pools[c].pop() for c in times_colours]
            w._gen_seed = fresh_seed(rng)
            return w

        return world

    def _face_down(self, owner: int, reserve: Any) -> tuple[list[int], list[int], int]:
        """Where `owner`'s face-down pieces stand, for `_deal_face_down`: (the spaces holding
        them in board order, the sorted pool they and the reserve make, how many stand)."""
        spaces = self.spaces
        sids: list[int] = []
        hidden: list[int] = []
        for sid in range(len(spaces)):
            first = True
            for pc in spaces[sid]:
                if pc[0] == owner and not pc[3] & F_UP:
                    hidden.append(pc[1])
                    if first:
                        sids.append(sid)
                        first = False
        return sids, sorted(hidden + list(reserve)), len(hidden)

    @staticmethod
    def _deal_face_down(
        w: PulitzerBase, owner: int, sids: list[int], pool_sorted: list[int], count: int, rng: random.Random
    ) -> list[int]:
        """Deals `owner`'s face-down pieces again from the shuffled pool, in board order;
        returns the reserve left, sorted."""
        spaces = w.spaces
        pool = pool_sorted[:]
        shuffle(pool, rng)
        k = 0
        for sid in sids:
            pieces: list[tuple[int, ...]] = []
            for pc in spaces[sid]:
                if pc[0] == owner and not pc[3] & F_UP:
                    pc = (owner, pool[k], pc[2], pc[3])
                    k += 1
                pieces.append(pc)
            spaces[sid] = tuple(pieces)
        return sorted(pool[count:])

    # ------------------------------------------------------------------ text
