"""P.I. (Martin Wallace, Treefrog Games 2012): the Game class and its parameters."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from automa.decks.seats import AUTOMATA_HELP, DeckGame, check_automata
from automa.rules.core import Game, GameParams, ParamError
from automa.rules.pi import data as pidata
from automa.rules.pi.state import EV, INV, SC, SL, SS, PiState


@dataclass(frozen=True)
class PiParams(GameParams):
    players: int = 2
    mode: str = "standard"
    #: offer only solve nominations the seat cannot already prove wrong (see spec 12); the
    #: printed rules allow any nomination, False offers every triple not already failed.
    prune_solves: bool = True
    #: Seats played by automaton decks (automa/decks): one entry per seat, a deck file or
    #: shipped deck name (with ",knob=K" for a difficulty setting), "" for a deciding seat;
    #: () when no seat holds a deck.  Set by `with_automaton_seats`.
    automata: tuple = ()

    def validate(self) -> None:
        super().validate()
        if self.mode != "standard":
            raise ParamError(f"pi: mode must be 'standard', got {self.mode!r}")
        if self.players not in (2, 3, 4, 5):
            raise ParamError(f"pi: players must be 2, 3, 4 or 5, got {self.players!r}")
        if not isinstance(self.prune_solves, bool):
            raise ParamError(f"pi: prune_solves must be true or false, got {self.prune_solves!r}")
        check_automata(self, "pi: ")


class PiGame(DeckGame, Game):
    name = "pi"
    title = "P.I."
    score_names = ("score", "investigators left", "penalty points (negative)")
    Params = PiParams
    modes = {"standard": (2, 3, 4, 5)}
    data_dir = Path(__file__).parent / "data"
    #: a person deduces for themself: every nomination they have not already failed with (spec 12)
    human_params: ClassVar[dict] = {"prune_solves": False}
    automaton_vocabulary = "automa.rules.pi.automaton"
    bot_factories = {
        "deducer": "automa.rules.pi.bots:DeducerBot",
        "pi-expert": "automa.rules.pi.bots:ExpertBot",
    }

    def __init__(self, params=None, **kwargs):
        super().__init__(params, **kwargs)
        self.data = pidata.load(self.data_dir)
        d = self.data
        self.A_INV = tuple((INV, a) for a in range(d.NL))
        self.A_EV = tuple((EV, c) for c in range(d.NCARDS))
        self.A_SS = tuple((SS, s) for s in range(d.NS))
        self.A_SC = tuple((SC, c) for c in range(d.NC))
        self.A_SL = tuple((SL, loc) for loc in range(d.NL))
        self.free_inv: dict[int, list] = {}  # memo: used-areas bitmask -> actions
        self.ss_cache: dict[int, list] = {}  # memo: solve mask -> suspect actions
        self.card_t = tuple(d.card_type(c) for c in range(d.NCARDS))
        self.card_nm = tuple(c - (0, d.NS, d.NS + d.NC)[t] for c, t in enumerate(self.card_t))
        self.adj_bits = d.adj_bits

    def __reduce__(self):
        return (type(self), (self.params,))

    @classmethod
    def param_help(cls) -> dict[str, str]:
        return {
            "players": "2, 3, 4 or 5",
            "mode": "standard",
            "prune_solves": "true (default): only nominations the seat cannot prove wrong; "
            "false: any triple it has not already failed with",
            "automata": AUTOMATA_HELP,
        }

    def max_game_length(self) -> int:
        """Per seat and mini-game: at most one evidence action per card (each ends either
        as a dead lead or marked by the seat's own token), at most one attempt per triple
        (3 decisions each); plus the investigators of the whole game."""
        d = self.data
        n = self.params.players
        per_minigame = d.NCARDS + 3 * d.NS * d.NC * d.NL
        return n * (d.investigators + d.mini_games * per_minigame)

    def new_initial_state(self, seed: int | None = None):
        state = PiState.new(self, seed)
        return self.with_decks(state, seed)
