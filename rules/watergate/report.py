"""The end of a game of Watergate as a player reads it (spec 11: there is no score and no
draw; the Editor wins with two informants connected to Nixon, Nixon with his fifth momentum
token or when a round finds the momentum supply empty).

Each side's row is its tally toward its own win condition: the Editor's connected and
recruited informants and face-up evidence, Nixon's momentum tokens and his blocks.  It all
comes from the seat's observation, in which the board, the pictures, the momentum cards and
the supply are public (spec 8.4, 12).
"""

from __future__ import annotations

from automa.rules.presentation import FinalReport, ScoreRow, plural

from .data import EDITOR, NIXON

#: the sides as the rulebook names them
SIDE_NAME = ("the Editor", "Nixon")


def connected(obs, data) -> tuple[set[int], int]:
    """The evidence spaces joined to Nixon's portrait by face-up tokens, and how many
    face-up pictures touch them (spec 3.3; the Editor wins with 2)."""
    board = obs["board"]
    reached = {0}
    frontier = [0]
    while frontier:
        node = frontier.pop()
        for m in data.adj[node]:
            if m not in reached and m < len(board) and board[m] >= 16:
                reached.add(m)
                frontier.append(m)
    linked = sum(
        1
        for p, node in enumerate(data.informant_node)
        if obs["pictures"][p] == 1 and any(m in reached for m in data.adj[node])
    )
    return reached, linked


def outcome_text(obs, max_rounds: int) -> str:
    """Why the game ended and who won, in the rulebook's words (spec 10 step 4, 11)."""
    if obs["winner"] == EDITOR:
        return (
            "The Editor wins: at least two informants are connected to Nixon's portrait by face-up evidence."
        )
    if obs["momentum_cards"][NIXON] >= 5:
        return "Nixon wins: he put his fifth momentum token on his momentum card."
    if obs["round"] > max_rounds:
        return f"Nixon wins: the term ends (the engine's limit of {max_rounds} rounds)."
    return "Nixon wins: a new round found no momentum token left in the supply."


def final_report(state, seat: int) -> FinalReport:
    """Both sides' tallies toward their win conditions, and how the game was won."""
    data = state.data
    obs = state.observation(seat)
    _reached, linked = connected(obs, data)
    pictures = obs["pictures"]
    board = obs["board"]
    cards = obs["momentum_cards"]
    editor_spaces = len(data.momentum_effects[EDITOR])
    tally = {
        EDITOR: (
            f"{plural(linked, 'informant')} connected (2 win)",
            [
                ("informants recruited:", sum(1 for p in pictures if p == 1)),
                ("face-up evidence on the board:", sum(1 for v in board if v >= 16)),
                ("momentum tokens on his card:", f"{cards[EDITOR]} of {editor_spaces}"),
                ("momentum tokens removed from the game:", obs["momentum_removed"]),
            ],
        ),
        NIXON: (
            f"{plural(cards[NIXON], 'momentum token')} on his card (5 win)",
            [
                ("informants blocked:", sum(1 for p in pictures if p == 2)),
                ("face-down evidence on the board:", sum(1 for v in board if 0 <= v < 16)),
                ("momentum tokens left in the supply:", obs["supply"]),
            ],
        ),
    }
    winner = obs["winner"]
    rows = []
    for side in (EDITOR, NIXON):
        total, parts = tally[side]
        rows.append(
            ScoreRow(
                name="you" if side == seat else SIDE_NAME[side],
                total=total,
                parts=parts,
                rank=None if winner < 0 else (1 if side == winner else 2),
                winner=side == winner,
                seat=side,
            )
        )
    reason = outcome_text(obs, state.max_rounds) if winner >= 0 else "The game is not over."
    rounds = plural(min(obs["round"], state.max_rounds), "round")
    return FinalReport(rows, f"{reason} The game lasted {rounds}.")
