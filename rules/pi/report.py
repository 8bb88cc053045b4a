"""The end of a game of P.I. as a player reads it (spec 9 and 10).

Every row comes from the engine's own scoring (`PiState.scores`: final score, unused
investigators, penalty points) and from the seat's observation: the score marker of each
mini-game, the wrong accusations, and the last mini-game's solved cases.  At the end of
the game the cases of the last mini-game are public (everyone turns their cards over), so
each seat's row names its case, solved or not; the cases of earlier mini-games were
collected and reshuffled (spec 9) and the engine no longer holds them.
"""

from __future__ import annotations

from automa.rules.presentation import FinalReport, ScoreRow, plural, seat_label


def _names(seats: list[int], seat: int) -> str:
    """'you and seat 2', 'seats 1, 2 and 3'."""
    words = [seat_label(p, seat) for p in seats]
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " and " + words[-1]


def _tiebreak(scores: list[tuple], winners: list[int], seat: int, d) -> str:
    """Spec 10's tie-breakers, in words, when the best final score is shared."""
    best = max(s[0] for s in scores)
    tied = [p for p, s in enumerate(scores) if s[0] == best]
    if len(tied) < 2:
        return ""
    head = f"{_names(tied, seat)} tied on {best} VP"
    most_inv = max(scores[p][1] for p in tied)
    by_inv = [p for p in tied if scores[p][1] == most_inv]
    if len(by_inv) < len(tied):
        unused = ", ".join(f"{seat_label(p, seat)} {scores[p][1]}" for p in tied)
        return f"{head}; the most unused investigators decide ({unused})"
    fewest = max(scores[p][2] for p in tied)
    by_pen = [p for p in tied if scores[p][2] == fewest]
    if len(by_pen) < len(tied):
        pens = ", ".join(f"{seat_label(p, seat)} {-scores[p][2]}" for p in tied)
        return f"{head} with equal unused investigators; the fewest penalty points decide ({pens})"
    return f"{head} with equal unused investigators and penalty points: they share the win"


def final_report(state, seat: int) -> FinalReport:
    """Each seat's final score with its score marker per mini-game (solved or not, and in
    which round for the last one), its wrong accusations, its unused investigators and its
    last case; the tie-breaker when it decided; the rulebook's reason."""
    d = state.game.data
    obs = state.observation(seat)
    n = obs["players"]
    scores = state.scores()
    outcome = state.outcome()
    last = d.mini_games - 1
    solved_now = {e[1]: e for e in obs["events"] if e[0] == "solve_ok"}
    rows = []
    for p in range(n):
        parts: list[tuple[str, object]] = []
        for m in range(d.mini_games):
            vp = obs["scores"][m * n + p]
            if m == last and obs["solved"][p]:
                how = f"solved in round {obs['solved'][p]}"
            else:
                # a seat that solves scores at least the lowest positive space (spec 8.2)
                how = "solved" if vp > 0 else "not solved"
            parts.append((f"mini-game {m + 1}:", f"{how} ({vp} VP)"))
        wrong = obs["penalties"][p]
        if wrong:
            parts.append(("wrong accusations:", f"{wrong} (-{d.penalty_step * wrong} VP)"))
        parts.append(("unused investigators:", scores[p][1]))
        if state.is_terminal():
            s, c, loc = solved_now[p][2:5] if p in solved_now else state.cases[p]
            parts.append(
                (
                    f"case in mini-game {last + 1}:",
                    f"{d.suspect_names[s]} / {d.crime_names[c]} / {d.area_names[loc]}",
                )
            )
        rows.append(
            ScoreRow(
                name=seat_label(p, seat),
                total=scores[p][0],
                parts=parts,
                rank=outcome.ranks[p],
                winner=p in outcome.winners,
                seat=p,
            )
        )
    winners = sorted(outcome.winners)
    best = max(s[0] for s in scores)
    verb = "wins" if len(winners) == 1 else "share the win"
    if winners == [seat]:
        verb = "win"
    ordinal = ["first", "second", "third"][last] if last < 3 else f"{last + 1}th"
    reason = (
        f"The game ends after the {ordinal} mini-game and the highest total wins: "
        f"{_names(winners, seat)} {verb} with {plural(best, 'VP', 'VP')}."
    )
    return FinalReport(rows, reason, _tiebreak(scores, winners, seat, d))
