"""The end of a Salem game as a player reads it (`final_report`, shown by the web's game-over
window and the terminal's final screen).

Salem is won by a side, not by points (spec 9): a row per player says whether they won, on
which side, whether they lived, and the trial cards that ended face up; a row per ghost (2-3
players, spec 19) says the same of the ghost, which neither wins nor loses.  Everything comes
from the seat's observation and from what the end makes public: the engine's result (its
reason and the late convert) and the winners.  Who won tells every side once the game is
decided (spec 9: a town win is won by exactly the seats that never held a Witch card, a
witch win by exactly the others, less the late convert), so the sides are public then.  A
game stopped by the safeguard (no printed rule) shows only the sides the seat knows.
"""

from __future__ import annotations

from automa.rules.presentation import FinalReport, ScoreRow

#: why the game ended, in the rulebook's words (spec 1, 9 and 19.9), keyed by the engine's
#: reason (`SalemState._end`; the engine's own words stay as the golden records store them)
REASONS = {
    "town wins: all witches revealed": (
        "The townspeople win: the last Witch card in play has been revealed."
    ),
    "witches win: no townsperson left alive": ("The witches win: no living townsperson remains."),
    "witches win: the last townsperson became a witch": (
        "The witches win: the last living townsperson received a Witch card, and that player loses."
    ),
    "witches win: every player became a witch": (
        "The witches win: every player has become a witch; the player who became a witch last loses."
    ),
    "witches win: a seat was eliminated": ("The witches win: a player or ghost was eliminated."),
    "witches win: the Constable card was revealed": (
        "The witches win: the Constable card was revealed (the standard edition's ghost rule)."
    ),
    "draw": "Nobody wins: the game was stopped by the safeguard on its length (not a printed rule).",
}
#: said after the reason when the winning side has no player at the table (spec 19.9, A-32)
NOBODY_AT_THE_TABLE = " The only witches were ghosts, who neither win nor lose: every player loses."


def side_words(winner: str, won: bool, convert: bool) -> str:
    """A player's side as the end of the game makes it public."""
    if winner == "town":
        return "town" if won else "witches"
    if convert:
        return "witches (the last to become a witch)"
    return "witches" if won else "town"


def final_report(state, seat: int) -> FinalReport:
    """Every player's result (and each ghost's): the character, the side, alive or eliminated,
    the trial cards turned face up; why the game ended in the rulebook's words.  Salem has no
    tie-breaker: a side wins or nobody does."""
    from .words import _counted

    obs = state.observation(seat)
    game = state.game
    names = game.data.char_name
    result = obs["result"]
    if result is None:
        raise ValueError("final_report: the Salem game is not over yet")
    winner, engine_reason, converts = result
    outcome = state.outcome()
    me = game.pos_of[seat]
    known = set(obs["known_ew"])  # the positions this seat knows to have held a Witch card
    dead_team = obs["dead_team"]
    rows: list[ScoreRow] = []
    for pos in range(game.npos):
        player = game.human[pos]
        char = obs["char"][pos]
        name = names.get(char, char) if char else ""
        faced = _counted(obs["fu"][pos]) if obs["fu"][pos] else "none"
        status = "alive" if obs["alive"][pos] else "eliminated"
        if player < 0:
            parts = [("character", name or "-"), ("status", status), ("face up", faced)]
            rows.append(ScoreRow(f"ghost {pos}", "ghost: neither wins nor loses", parts, automaton=True))
            continue
        if winner == "draw":
            if pos == me:
                side = "witches" if obs["ever_witch"] else "town"
            elif pos in known or (dead_team is not None and dead_team[pos]):
                side = "witches"
            else:
                side = "not made public"
            total = "no winner"
        else:
            won = player in outcome.winners
            side = side_words(winner, won, pos in converts)
            total = "won" if won else "lost"
        parts = [("character", name or "-"), ("side", side), ("status", status), ("face up", faced)]
        rows.append(
            ScoreRow(
                "you" if player == seat else f"P{player}",
                total,
                parts,
                rank=outcome.ranks[player],
                winner=player in outcome.winners,
                seat=player,
            )
        )
    reason = REASONS.get("draw" if winner == "draw" else engine_reason, engine_reason)
    if winner != "draw" and not outcome.winners:
        reason += NOBODY_AT_THE_TABLE
    return FinalReport(rows, reason)
