"""Pulitzer: parameters and the Game object (spec §1-§5, §12.1, §13)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from automa.rules.core import Game, GameParams, ParamError

from .data import ARCHIVE, BUS, DATA_DIR, EVENT, KIOSK, OVERTIME, cached_data
from .times import times_score, validate_mix

__all__ = ["ARCHIVE", "BUS", "EVENT", "KIOSK", "OVERTIME", "PulitzerGame", "PulitzerParams"]

#: The §14 readings that can be switched to their alternative (default: the recommendation).
ALT_READINGS = {
    "R-3": "house sets: +10 per 4 houses of one colour instead of per set of distinct colours",
    "R-4": "chronicle bonuses stack: >= 8 found gives 20 + 35",
    "R-30": "blue agent extra cards not cumulative: turn 6 +1 line, turn 7 +1 evidence only",
    "R-32": "duels use the printed value (value tokens do not count)",
    "R-36": "solo: equalling the Times' table score is enough to win",
}
AREA_NAMES = ("kiosk", "archive", "bus", "overtime", "event")


@dataclass(frozen=True)
class PulitzerParams(GameParams):
    players: int = 4
    mode: str = "standard"
    #: 3-5 players: "investigation" (>= 5 highlighted found or eliminated) or "chronicle" (+20/+35)
    variant: str = "investigation"
    #: 3-5 players: use the optional event deck (§11)
    events: bool = False
    #: solo: Times deck (red, orange, yellow), each 0-5, total 8 (§13.11)
    times_mix: tuple = (3, 3, 2)
    #: spec §14 tags whose alternative (non-recommended) reading to use, e.g. ("R-4",)
    readings: tuple = ()

    def validate(self) -> None:
        super().validate()
        if isinstance(self.times_mix, list):
            object.__setattr__(self, "times_mix", tuple(self.times_mix))
        problem = validate_mix(self.times_mix)
        if problem:
            raise ParamError(problem)
        if self.variant not in ("investigation", "chronicle"):
            raise ParamError(f"variant must be 'investigation' or 'chronicle', got {self.variant!r}")
        if isinstance(self.readings, (list, str)):
            object.__setattr__(
                self, "readings", tuple([self.readings] if isinstance(self.readings, str) else self.readings)
            )
        unknown = [r for r in self.readings if r not in ALT_READINGS]
        if unknown:
            raise ParamError(
                f"readings: no alternative reading for {', '.join(map(str, unknown))}; "
                f"allowed: {', '.join(f'{k} ({v})' for k, v in ALT_READINGS.items())}"
            )
        if not isinstance(self.events, bool):
            raise ParamError(f"events must be true or false, got {self.events!r}")
        if self.mode in ("two-player", "solo") and self.events:
            raise ParamError(
                "events are used only with 3-5 players (mode 'standard'); "
                "2-player and solo games never use them (§13.1)"
            )
        if self.mode in ("two-player", "solo") and self.variant == "chronicle":
            raise ParamError("chronicle mode does not apply to 2-player or solo games (R-37)")


class PulitzerGame(Game):
    params: PulitzerParams
    name = "pulitzer"
    title = "Pulitzer"
    score_names = ("points", "investigation report", "contacts")
    Params = PulitzerParams
    modes = {"standard": (3, 4, 5), "two-player": (2,), "solo": (1,)}
    #: R-37: the chronicle variant and the event deck are for 3-5 players; the Times deck is solo's
    param_modes = {"variant": ("standard",), "events": ("standard",), "times_mix": ("solo",)}
    mode_notes = {
        "solo": "Solo: you play the Post against the Times deck and the government agents "
        "(set the Times mix below)."
    }
    data_dir = DATA_DIR
    bot_factories = {
        "pulitzer-heuristic": "automa.rules.pulitzer.bots:HeuristicBot",
        "pulitzer-expert": "automa.rules.pulitzer.bots:ExpertBot",
    }

    def __init__(self, params: PulitzerParams | None = None, **kwargs: Any) -> None:
        super().__init__(params, **kwargs)
        p = self.params
        self.data = cached_data(self.data_dir)
        d = self.data
        self.n = p.players
        self.solo = p.mode == "solo"
        self.lp = p.mode in ("solo", "two-player")
        self.key = "lp" if self.lp else f"p{self.n}"
        self.chronicle = (not self.lp) and p.variant == "chronicle"
        self.use_events = (not self.lp) and p.events
        self.kcols, self.krows = d.layout[self.key]
        self.slots = d.slots[self.key]
        kinds: list[tuple[int, int]] = []  # per space: (area, index within area)
        kinds += [(KIOSK, i) for i in range(self.kcols * self.krows)]
        n_arch = 0 if self.lp else d.archive_upper[self.key]
        self.archive_sids = tuple(range(len(kinds), len(kinds) + n_arch))
        kinds += [(ARCHIVE, i) for i in range(n_arch)]
        self.bus = d.bus_lp if self.lp else d.bus_mp
        self.bus_sids = tuple(range(len(kinds), len(kinds) + len(self.bus)))
        kinds += [(BUS, i) for i in range(len(self.bus))]
        n_ot = d.ot_upper[self.key]
        self.ot_sids = tuple(range(len(kinds), len(kinds) + n_ot))
        kinds += [(OVERTIME, i) for i in range(n_ot)]
        n_ev = 2 if self.use_events else 0
        self.event_sids = tuple(range(len(kinds), len(kinds) + n_ev))
        kinds += [(EVENT, i) for i in range(n_ev)]
        self.area = tuple(k[0] for k in kinds)
        self.aidx = tuple(k[1] for k in kinds)
        self.n_spaces = len(kinds)
        self.kiosk_sids = tuple(range(self.kcols * self.krows))
        self.kiosk_col_sids = tuple(
            tuple(self.kiosk_sid(c, r) for r in range(self.krows)) for c in range(self.kcols)
        )
        self.kiosk_row_sids = tuple(
            tuple(self.kiosk_sid(c, r) for c in range(self.kcols)) for r in range(self.krows)
        )
        self.hl = tuple(frozenset(c) for c in d.report_cells)
        self.times_target = times_score(d, p.times_mix)
        self.bus_by_cost = {b[0]: sid for b, sid in zip(self.bus, self.bus_sids, strict=False)}
        self.bus_sid_costs = tuple((sid, b[0]) for b, sid in zip(self.bus, self.bus_sids, strict=False))
        self.all_seats = tuple(range(self.n))
        self.alt = frozenset(p.readings)
        self.place_acts = tuple(tuple(("place", j, sid) for sid in range(self.n_spaces)) for j in range(6))

    # kiosk cell index: column-major so a column is a contiguous run
    def kiosk_sid(self, col: int, row: int) -> int:
        return col * self.krows + row

    def max_game_length(self) -> int:
        # per round and seat: <= 9 placement actions with <= 2 token choices each, bail,
        # editorial; resolution: support, bus order, registry, pin/unpin, destructions,
        # overtime picks/extra/statements, newspaper (donors, <= 6 training steps, photo).
        per_seat_round = 60 + 140
        return 8 * self.n * per_seat_round + 200

    def new_initial_state(self, seed: int | None = None):
        from .state import PulitzerState

        return PulitzerState(self, seed)

    @classmethod
    def param_help(cls) -> dict[str, str]:
        return {
            "players": "3-5 (mode standard), 2 (two-player), 1 (solo)",
            "mode": "standard | two-player | solo",
            "variant": "standard mode only: investigation (>= 5 highlighted found to qualify) or chronicle (+20 / +35)",
            "events": "standard mode only: true to use the optional event deck",
            "times_mix": "solo: Times deck (red, orange, yellow), each 0-5, total 8; default (3, 3, 2)",
            "readings": "spec §14 tags to switch to their alternative reading: " + ", ".join(ALT_READINGS),
        }
