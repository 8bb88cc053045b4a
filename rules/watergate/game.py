"""Watergate (Matthias Cramer, 2019): the Editor (seat 0) against Nixon (seat 1)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from automa.rules.core import Game, GameParams, ParamError

from automa.decks.seats import AUTOMATA_HELP, DeckGame, check_automata

from .data import load_cached
from .state import WatergateState


@dataclass(frozen=True)
class WatergateParams(GameParams):
    #: Engine safeguard, not a printed rule: if this many rounds pass without a winner,
    #: the term ends and Nixon wins (the printed game has no round limit; see the report).
    max_rounds: int = 30
    #: Seats played by automaton decks (automa/decks): one entry per seat, a deck file or
    #: shipped deck name (with ",knob=K" for a difficulty setting), "" for a deciding seat;
    #: () when no seat holds a deck.  Set by `with_automaton_seats`.
    automata: tuple = ()

    def validate(self) -> None:
        super().validate()
        if self.players != 2:
            raise ParamError(f"watergate is for exactly 2 players (Editor and Nixon), got {self.players!r}")
        if self.mode != "standard":
            raise ParamError(f"watergate has one mode, 'standard'; got {self.mode!r}")
        if (
            not isinstance(self.max_rounds, int)
            or isinstance(self.max_rounds, bool)
            or not 5 <= self.max_rounds <= 200
        ):
            raise ParamError(f"max_rounds must be a whole number 5-200, got {self.max_rounds!r}")
        check_automata(self)


class WatergateGame(DeckGame, Game):
    name = "watergate"
    title = "Watergate"
    score_names = ("won (1) or lost (0)",)
    Params = WatergateParams
    modes = {"standard": (2,)}
    data_dir = Path(__file__).parent / "data"
    automaton_vocabulary = "automa.rules.watergate.automaton"
    bot_factories = {
        "watergate-heuristic": "automa.rules.watergate.bots:HeuristicBot",
        "watergate-expert": "automa.rules.watergate.bots:ExpertBot",
    }

    #: seat names, by seat index
    SEATS = ("Editor", "Nixon")

    def __init__(self, params=None, **kwargs):
        super().__init__(params, **kwargs)
        self.data = load_cached(self.data_dir)

    @classmethod
    def param_help(cls) -> dict[str, str]:
        return {
            "max_rounds": "whole number 5-200 (default 30): engine safeguard, Nixon wins "
            "if nobody has won after this many rounds",
            "automata": AUTOMATA_HELP,
        }

    def max_game_length(self) -> int:
        # per round: at most 10 card plays (5 + 4 + Howard Hunt's draw), each at most
        # ~16 decisions (part, target, ask, pick, 4 reaction windows, instruction
        # choices, pins), plus the evaluation pins and momentum-card instructions
        return self.params.max_rounds * 200 + 50

    def new_initial_state(self, seed: int | None = None):
        state = WatergateState.initial(self, seed)
        return self.with_decks(state, seed)
