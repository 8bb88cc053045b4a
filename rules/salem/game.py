"""Salem 1692 (deluxe): Game and Params."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from automa.rules.core import Game, GameParams, ParamError

from . import data as _data


@dataclass(frozen=True)
class SalemParams(GameParams):
    players: int = 6
    mode: str = "standard"
    #: spec A-40: 1-of-2 Town Hall deal at 7 or fewer players
    townhall_choice: bool = True
    #: safeguard (not in the printed rules): after this many seat turns the game is a draw;
    #: 0 = automatic, 60 turns per seat (about 60 rounds)
    max_turns: int = 0
    #: spec A-02: "vote" (plurality, random tie-break) or "leader" (a random witch decides)
    witch_decision: str = "vote"
    #: spec A-12: deluxe rule (True) or standard edition (False: first Witch reveal eliminates)
    double_witch_survives: bool = True
    #: variant 18.2: one more Witch card (2 at 4-5 players, 3 at 6-12) replacing a Not-a-Witch
    more_witches: bool = False
    #: variant 18.4: an eliminated seat's team (ever a witch or not) becomes public
    reveal_team_on_death: bool = False
    #: variant 18.1: the Conspiracy cards are pooled, shuffled and dealt out again
    pooled_conspiracy: bool = False
    #: variant 18.3: while the target has 4-5 face-down cards, the chooser points at two of them
    #: and the accused picks which one flips
    two_card_reveal: bool = False
    #: spec A-25: John Proctor takes "up_to_3" (deluxe reading) or the "whole_hand" (standard)
    proctor_mode: str = "up_to_3"
    #: spec A-31: standard 2-3 player rule, witches also win when the Constable card is revealed
    ghost_constable_reveal_witch_win: bool = False

    def validate(self) -> None:
        super().validate()
        if self.witch_decision not in ("vote", "leader"):
            raise ParamError(f"witch_decision must be 'vote' or 'leader', got {self.witch_decision!r}")
        if self.proctor_mode not in ("up_to_3", "whole_hand"):
            raise ParamError(f"proctor_mode must be 'up_to_3' or 'whole_hand', got {self.proctor_mode!r}")
        for name in (
            "double_witch_survives",
            "more_witches",
            "reveal_team_on_death",
            "pooled_conspiracy",
            "ghost_constable_reveal_witch_win",
            "two_card_reveal",
        ):
            if not isinstance(getattr(self, name), bool):
                raise ParamError(f"{name} must be true or false, got {getattr(self, name)!r}")
        if self.more_witches and self.mode == "ghosts":
            raise ParamError("more_witches (variant 18.2) is for 4-12 players; ghosts mode has one Witch")
        if self.mode == "standard" and not 4 <= self.players <= 12:
            raise ParamError(f"salem standard mode takes 4-12 players, got {self.players}")
        if self.mode == "ghosts" and self.players not in (2, 3):
            raise ParamError(f"salem ghosts mode takes 2 or 3 players, got {self.players}")
        if self.mode not in ("standard", "ghosts"):
            raise ParamError(f"salem mode must be 'standard' or 'ghosts', got {self.mode!r}")
        if not isinstance(self.townhall_choice, bool):
            raise ParamError(f"townhall_choice must be true or false, got {self.townhall_choice!r}")
        if (
            not isinstance(self.max_turns, int)
            or isinstance(self.max_turns, bool)
            or not (self.max_turns == 0 or 20 <= self.max_turns <= 5000)
        ):
            raise ParamError(
                f"max_turns must be 0 (automatic) or a whole number 20-5000, got {self.max_turns!r}"
            )


class SalemGame(Game):
    name: ClassVar[str] = "salem"
    title: ClassVar[str] = "Salem 1692"
    score_names: ClassVar[tuple[str, ...]] = ("won (1) or lost (0)",)
    Params: ClassVar[type[GameParams]] = SalemParams
    modes: ClassVar[dict] = {"standard": (4, 5, 6, 7, 8, 9, 10, 11, 12), "ghosts": (2, 3)}
    #: ghosts mode (19) has one Witch card, no Town Hall deal and no character abilities, so
    #: the settings about those serve the 4-12 player game only; A-31 is a ghosts-mode rule
    param_modes: ClassVar[dict[str, tuple[str, ...]]] = {
        "townhall_choice": ("standard",),
        "witch_decision": ("standard",),
        "double_witch_survives": ("standard",),
        "more_witches": ("standard",),
        "proctor_mode": ("standard",),
        "ghost_constable_reveal_witch_win": ("ghosts",),
    }
    data_dir: ClassVar[Path] = Path(__file__).parent / "data"
    bot_factories: ClassVar[dict] = {
        "salem-heuristic": "automa.rules.salem.bots:HeuristicBot",
        "salem-expert": "automa.rules.salem.bots:ExpertBot",
    }
    #: [R-WIN] wins are team wins: every seat of the winning side has won
    team_wins: ClassVar[bool] = True

    def __init__(self, params=None, **kwargs):
        super().__init__(params, **kwargs)
        self.data = _data.load_cached(self.data_dir)
        p = self.params
        self.ghost_mode = p.mode == "ghosts"
        if self.ghost_mode:
            # 2 players: P0 G P1 G; 3 players: a ghost left of player 0 (the "youngest")
            self.human = (0, -1, 1, -1) if p.players == 2 else (0, -1, 1, 2)
        else:
            self.human = tuple(range(p.players))
        self.npos = len(self.human)
        self.pos_of = tuple(self.human.index(i) for i in range(p.players))
        self.is_ghost = tuple(h < 0 for h in self.human)
        row = dict(self.data.setup[3 if self.ghost_mode else p.players])
        if p.more_witches:  # variant 18.2, A-33
            row["witch"] += 1
            row["naw"] -= 1
            if row["witch"] > self.data.box["witch"]:
                raise ParamError(
                    f"more_witches needs {row['witch']} Witch cards; the box data "
                    f"holds {self.data.box['witch']}"
                )
        self.setup_row = row
        self.abilities_on = not self.ghost_mode
        self.ab_param = {a: params for _, _, a, params in self.data.characters}
        self.th_choice = (not self.ghost_mode) and p.players <= 7 and p.townhall_choice
        self.max_turns = p.max_turns or 60 * self.npos
        # hard decision cap (the turn safeguard ends far earlier in practice)
        self._cap = 60 * self.max_turns + 400 * self.npos

    def max_game_length(self) -> int:
        return self._cap

    def new_initial_state(self, seed=None):
        from .state import SalemState

        return SalemState.initial(self, seed)

    @classmethod
    def param_help(cls) -> dict:
        return {
            "players": "4-12 (standard) or 2-3 (ghosts mode)",
            "mode": "standard | ghosts",
            "townhall_choice": "true/false: keep 1 of 2 Town Hall cards at 7 or fewer players (A-40)",
            "max_turns": "0 (automatic: 60 per seat) or 20-5000: safeguard, the game is a draw "
            "after this many seat turns (not a printed rule)",
            "witch_decision": "vote | leader: how the witch team picks (A-02)",
            "double_witch_survives": "true/false: deluxe two-Witch rule (A-12)",
            "more_witches": "true/false: variant 18.2, one more Witch card",
            "reveal_team_on_death": "true/false: variant 18.4, the dead tell their team",
            "pooled_conspiracy": "true/false: variant 18.1, pooled Conspiracy pass",
            "two_card_reveal": "true/false: variant 18.3, the accused picks 1 of 2 pointed cards",
            "proctor_mode": "up_to_3 | whole_hand: John Proctor's loot (A-25)",
            "ghost_constable_reveal_witch_win": "true/false: ghosts mode, witches also win "
            "when the Constable is revealed (A-31)",
        }
