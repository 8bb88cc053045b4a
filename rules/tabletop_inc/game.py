"""Tabletop Inc. (Cotswold Games): parameters and the Game class."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from automa.rules.core import Game, GameParams, ParamError

from .data import LEVELS, get_data

LEVEL_TEXT = ", ".join(LEVELS)


def check_level(level) -> str:
    if level not in LEVELS:
        raise ParamError(f"unknown Mumanbot difficulty {level!r}; allowed levels: {LEVEL_TEXT}")
    return level


@dataclass(frozen=True)
class TabletopParams(GameParams):
    players: int = 2
    mode: str = "standard"
    #: one entry per seat: "" for a deciding seat, or a Mumanbot difficulty; () = all deciding
    mumanbots: tuple = ()
    #: §5 step 14: "founders" (Founder cards) or "pow_wow" (deal 2 POW + 2 WOW, keep one each)
    start_cards: str = "founders"
    #: §15 variant: refresh the specialist and freelancer tracks before every recall
    card_track_refresh: bool = False
    #: §15: also refresh the item track (allowed, unpopular in playtests)
    refresh_items: bool = False
    #: §5 step 16: extra hourglass spaces for a longer game
    hourglass_extra: int = 0
    #: §5 step 17: the first player's seat (seat bonuses and the tie-break count from it);
    #: None = the first deciding seat, which in a solo game is the one human (AMB-15)
    first_player: int | None = None
    #: AMB-02: Mumanbot prediction count "by_difficulty" (1/2/3/4, recommended) or "always_4"
    mumanbot_predictions: str = "by_difficulty"
    #: AMB-01: cards dealt after a ZAP track wipe: "track_width" (3/3/4, recommended) or
    #: "four" (the seed's literal 4, which widens the specialist/freelancer track to 4)
    zap_refill: str = "track_width"
    #: AMB-25: False (recommended) = all Mumanbots share one ZAP deck; True = one deck each
    zap_per_bot: bool = False

    def validate(self) -> None:
        super().validate()
        if not isinstance(self.mumanbots, tuple):
            raise ParamError(f"mumanbots must be a tuple of per-seat levels, got {self.mumanbots!r}")
        if self.mumanbots:
            if len(self.mumanbots) != self.players:
                raise ParamError(
                    f"mumanbots must have one entry per seat ({self.players}), "
                    f"got {len(self.mumanbots)}: {self.mumanbots!r}"
                )
            for lv in self.mumanbots:
                if lv != "":
                    check_level(lv)
            if all(lv != "" for lv in self.mumanbots):
                raise ParamError('mumanbots: at least one seat must be a deciding seat ("")')
        if self.start_cards not in ("founders", "pow_wow"):
            raise ParamError(f"start_cards must be 'founders' or 'pow_wow', got {self.start_cards!r}")
        for name in ("card_track_refresh", "refresh_items", "zap_per_bot"):
            if not isinstance(getattr(self, name), bool):
                raise ParamError(f"{name} must be true or false, got {getattr(self, name)!r}")
        if self.first_player is not None:
            if (
                not isinstance(self.first_player, int)
                or isinstance(self.first_player, bool)
                or not 0 <= self.first_player < self.players
            ):
                raise ParamError(
                    f"first_player must be a seat 0-{self.players - 1}, got {self.first_player!r}"
                )
            humans = [s for s, lv in enumerate(self.mumanbots) if lv == ""] if self.mumanbots else []
            if len(humans) == 1 and self.first_player != humans[0]:
                raise ParamError(
                    f"first_player: in a solo game against Mumanbots the human (seat {humans[0]}) "
                    f"is the first player (AMB-15), got {self.first_player}"
                )
        if self.mumanbot_predictions not in ("by_difficulty", "always_4"):
            raise ParamError(
                "mumanbot_predictions must be 'by_difficulty' or 'always_4', "
                f"got {self.mumanbot_predictions!r}"
            )
        if self.zap_refill not in ("track_width", "four"):
            raise ParamError(f"zap_refill must be 'track_width' or 'four', got {self.zap_refill!r}")
        if not isinstance(self.hourglass_extra, int) or not 0 <= self.hourglass_extra <= 20:
            raise ParamError(f"hourglass_extra must be a whole number 0-20, got {self.hourglass_extra!r}")


class TabletopGame(Game):
    name = "tabletop_inc"
    title = "Tabletop Inc."
    score_names = ("VP", "tie-break: seats after the first player")
    Params = TabletopParams
    modes = {"standard": (2, 3, 4, 5, 6)}
    automaton_specs = ("mumanbot",)
    automaton_levels = {"mumanbot": LEVELS}
    data_dir = Path(__file__).parent / "data"
    bot_factories = {
        "tabletop-heuristic": "automa.rules.tabletop_inc.bots:HeuristicBot",
        "tabletop-expert": "automa.rules.tabletop_inc.bots:ExpertBot",
    }

    def __init__(self, params=None, **kwargs):
        super().__init__(params, **kwargs)
        self.data = get_data(self.data_dir)
        n = self.params.players
        levels = self.params.mumanbots or ("",) * n
        self.levels = tuple(levels)
        self.bots = frozenset(i for i, lv in enumerate(levels) if lv)
        self.humans = tuple(i for i in range(n) if i not in self.bots)
        #: the first player (§5 step 17): as set, else the first deciding seat (AMB-15: in a
        #: solo game the human goes first and takes no seat bonus)
        self.first = self.params.first_player if self.params.first_player is not None else self.humans[0]
        self.spaces_in_use = [sp for sp in self.data.spaces if sp.min_seats <= n]
        self.space_by_id = {sp.id: sp for sp in self.data.spaces}
        # fast rows for legal-move generation: (id, action, index, unlimited, cost resource or
        # -1 when free or 5 when the cost has several parts, its amount, the full cost)
        rows = []
        for sp in self.spaces_in_use:
            parts = [(r, a) for r, a in enumerate(sp.cost) if a]
            cr, ca = (-1, 0) if not parts else (parts[0] if len(parts) == 1 else (5, 0))
            rows.append((sp.id, sp.action, sp.idx, sp.unlimited, cr, ca, sp.cost))
        self.space_rows = tuple(rows)
        self.spaces_by_action = {}
        for sp in sorted(self.spaces_in_use, key=lambda x: x.order):
            self.spaces_by_action.setdefault(sp.action, []).append(sp)
        z = self.data.zap
        self.zap_avg = {lv: sum(c[1][i] for c in z.values()) / len(z) for i, lv in enumerate(LEVELS)}

    @classmethod
    def param_help(cls) -> dict[str, str]:
        return {
            "players": "2-6 seats (Mumanbots count as seats)",
            "mumanbots": "one entry per seat: '' for a deciding seat or easy/normal/hard/extreme "
            "for a Mumanbot seat; at least one deciding seat; () = no Mumanbots",
            "start_cards": "'founders' (default) or 'pow_wow'",
            "card_track_refresh": "true/false: refresh specialist and freelancer tracks on every recall "
            "(§15)",
            "refresh_items": "true/false: the refresh also applies to the item track",
            "hourglass_extra": "0-20 extra hourglass spaces for a longer game",
            "first_player": "seat index of the first player (default: the first seat that is not a "
            "Mumanbot, so in a solo game the human, AMB-15)",
            "mumanbot_predictions": "'by_difficulty' (1/2/3/4 cards, AMB-02) or 'always_4'",
            "zap_refill": "'track_width' (AMB-01, recommended) or 'four' after a ZAP track wipe",
            "zap_per_bot": "true/false: each Mumanbot has its own ZAP deck (AMB-25; default shared)",
        }

    def with_automaton_seats(self, seat_specs: Sequence[str]) -> TabletopGame:
        from automa.search.bots import parse_spec

        levels = []
        for spec in seat_specs:
            name, params = parse_spec(spec)
            if name == "mumanbot":
                extra = set(params) - {"level"}
                if extra:
                    raise ParamError(f"mumanbot takes only a level ({LEVEL_TEXT}), got {sorted(extra)}")
                levels.append(check_level(params.get("level", "normal")))
            else:
                levels.append("")
        levels_t: tuple[str, ...] = ()
        if not any(lv for lv in levels):
            levels_t = ()
        else:
            levels_t = tuple(levels)
        first = self.params.first_player
        humans = [i for i, lv in enumerate(levels) if not lv]
        if first is not None and (first >= len(seat_specs) or (len(humans) == 1 and first != humans[0])):
            first = None  # the seat named is gone, or a solo game's human is elsewhere
        return type(self)(
            self.params.replace(players=len(seat_specs), mumanbots=levels_t, first_player=first)
        )

    def automaton_seats(self) -> tuple[int, ...]:
        return tuple(sorted(self.bots))

    def max_game_length(self) -> int:
        # Each recall moves the hourglass at least 1; between recalls a seat places at most
        # 4 + 14 workers; each turn is bounded by a few hundred decisions.
        n = self.params.players
        start = self.data.hourglass_start[n] + self.params.hourglass_extra
        return (start + 2 * n) * 20 * n * 60 + 200

    def new_initial_state(self, seed: int | None = None):
        from .state import TabletopState

        return TabletopState(self, seed)
