"""Pulitzer's words and public facts, shared by the terminal board, the web board and the end
screen: printed names, a piece's value as a viewer sees it, a seat's score so far (the
engine's scoring function on the observation), what the seat is deciding, and how the game
ended.  Everything is built from `state.observation(seat)` and the printed data."""

from __future__ import annotations

import automa.rules.pulitzer.scoring as scoring
from automa.rules.presentation import FinalReport, ScoreRow

from .data import LINES
from .game import ARCHIVE, BUS, KIOSK, OVERTIME
from .state import EVENT_TITLES, JX, KIOSK_COLUMNS, R_BUSAG, R_EV2, R_OT, TOKEN_WORDS, TOKS
from .tables import tables_for
from .times import BLUE, RED, TIMES
from .wording import card_text, column_reward_text, ot_card_parts

SECTION_TITLES = dict(
    ED="Editorial room",
    NR="Newsroom",
    HR="Human Resources",
    AD="Administration",
    RG="Registry",
    PH="Photo department",
)
#: the Newspaper's sections as laid out on the board (§4.5): two columns of three
SECTION_LAYOUT = (("ED", "AD"), ("NR", "RG"), ("HR", "PH"))
#: what each event does, in a line (§11)
EVENT_EFFECTS = (
    "+3 points for each journalist you place on Kiosk Entertainment",
    "on Kiosk Sports you may place face up: value x $100 + $300 instead of the payout",
    "space 1: pay $300 and keep an evidence card; space 2: pay $800 and keep a line card",
    "1st / 2nd / 3rd journalist on Kiosk National: +$500 / +$300 / +$100",
    "1st / 2nd / 3rd journalist on Kiosk International: +6 / +3 / +1 points",
    "each journalist placed on Kiosk National: +$500 and a target token",
    "before the bus: reveal evidence cards equal to its value, keep 1; others may use the rest for $200",
    "before the bus: each bus journalist of value 4 or more destroys one of its owner's highlighted evidence",
    "before the bus: reveal line cards equal to its value, keep 1; a double card gets it arrested",
    "the higher value (tie: space 1) gains a line wildcard and a target token",
    "the higher value (tie: space 1) gains an evidence wildcard",
    "every archive journalist adds +1 evidence card to its bus partner",
    "after the reveal a die is rolled: above it, $900 or an evidence wildcard; below it, a target token",
    "after the reveal a die is rolled: above it, +10 points; below it, lose 5 points and $500",
)


# =========================================================================== shared facts


def dollars(units: int) -> str:
    """Money as printed on the bills: the engine counts $100 units."""
    return f"${100 * units}"


def journalist_label(j: int) -> str:
    return "X" if j == JX else str(j + 1)


def owner_word(g, seat: int, o: int) -> str:
    """Who a piece or newsroom belongs to, as the viewer says it."""
    if o == TIMES:
        return "Times"
    if o == RED:
        return "red agent"
    if o == BLUE:
        return "blue agent"
    if o == seat:
        return "you"
    return "Post" if g.solo else f"P{o}"


def piece_value(g, obs, piece) -> int | None:
    """The printed value of a piece as the viewer sees it (None when face down): journalist X
    takes its owner's HR value, the Times' X the value its cards gave it, an agent its own."""
    owner, j = piece[0], piece[1]
    if j < 0:
        return None
    if owner < TIMES:
        if j == JX:
            return g.data.hr[max(0, obs["hr"][owner] - 1)][1]
        return j + 1
    if owner == TIMES:
        return obs["times_x"] if j == JX else j + 1
    return j


def x_value(g, obs, p: int) -> int | None:
    """The value of seat p's journalist X, None while it is not hired."""
    return g.data.hr[obs["hr"][p] - 1][1] if obs["hr"][p] else None


def at_hand_values(g, obs, p: int):
    """(label, value) of the journalists p still has to place, or their number when the
    viewer may not see which (another seat's, before the reveal)."""
    avail = obs["avail"][p]
    if isinstance(avail, int):
        return avail
    return [(journalist_label(j), x_value(g, obs, p) if j == JX else j + 1) for j in avail]


def string_used(d, pins) -> float:
    """String length the pins use: straight links from '?' through every pin (§4.7, R-8)."""
    used, last = 0.0, d.start
    for c in pins:
        used += d.dist[last][c]
        last = c
    return used


def report_facts(g, obs, p: int) -> dict:
    """What counts toward qualifying (§12.1, §13.8): the highlighted cells of p's report card
    found (pinned), still open, and destroyed."""
    d = g.data
    rep = obs["report"][p]
    hl = sorted(d.report_cells[rep], key=lambda c: (d.cell_line[c], d.evidence_types[d.cell_evi[c]]))
    pins, dest = set(obs["pins"][p]), set(obs["destroyed"][p])
    found = [c for c in hl if c in pins]
    destroyed = [c for c in hl if c in dest]
    open_ = [c for c in hl if c not in pins and c not in dest]
    return {
        "id": d.report_ids[rep],
        "cells": hl,
        "found": found,
        "open": open_,
        "destroyed": destroyed,
        "need": d.qualify,
        "short": max(0, d.qualify - len(found)),
        "reachable": len(found) + len(open_) >= d.qualify,
    }


def cell_name(d, c: int) -> str:
    return "?" if d.cell_line[c] < 0 else f"{LINES[d.cell_line[c]]}:{d.evidence_types[d.cell_evi[c]]}"


def score_now(g, obs, p: int) -> int:
    """p's score if the game ended now (§12.2, §13.9), from public facts only: the engine's
    own scoring function (scoring.py) on the observation's copy of those facts."""
    return scoring.final_score(
        tables_for(g),
        p,
        obs["points"][p],
        obs["hr"][p],
        obs["pins"][p],
        obs["stmt"][p],
        obs["houses"],
        obs["report"][p],
    )


def card_words(d, code: int) -> str:
    """A drawn or kept card by what it shows, as the engine's texts say it (wording.py)."""
    return card_text(d, code)


def ot_card_words(d, card: int) -> tuple[str, str]:
    """An overtime card as (number, effect): ('#16', 'new evidence: keep 1 line card')."""
    return ot_card_parts(d, card)


def column_reward(g, col: int) -> str:
    """What a kiosk column's majority wins, as the engine's texts say it."""
    return column_reward_text(g.data, g.solo, col)


def token_name(g, code: str) -> str:
    if code == "RG" and g.lp:
        return "Registry (2 extra cards)"
    return TOKEN_WORDS[code]


def times_space_words(g, code: str) -> str:
    """A Times card's space code (§15.20) in the board's names."""
    if code == "OT":
        return "next overtime space"
    if code[0] == "K":
        return f"kiosk {KIOSK_COLUMNS[int(code[1]) - 1]} row {code[2]}"
    cost = int(code[1:]) // 100
    for b in g.bus:
        if b[0] == cost:
            return b[3]
    return code


def space_words(g, obs, sid: int) -> str:
    area, k = g.area[sid], g.aidx[sid]
    if area == KIOSK:
        col, row = divmod(k, g.krows)
        return f"kiosk {KIOSK_COLUMNS[col]} row {row + 1}"
    if area == ARCHIVE:
        return f"archive space {k + 1}"
    if area == BUS:
        return g.bus[k][3]
    if area == OVERTIME:
        return f"overtime space {k + 1}"
    ev = obs["event"]
    return f"{EVENT_TITLES[g.data.events[ev][0]] if ev >= 0 else 'event'} space {k + 1}"


def opinion_warning(g, obs) -> str:
    """A warning when a single round of kiosk rows could push opinion to the Capitol (§13.5:
    the game ends at once and every player loses)."""
    if not g.lp or obs["over"]:
        return ""
    capitol = g.data.opinion[0]
    gap = obs["opinion"] - capitol
    if gap > g.krows:
        return ""
    lose = "you lose" if g.solo else "both players lose"
    rows = "row" if gap == 1 else "rows"
    return (
        f"WARNING: the Capitol is {gap} space{'s' if gap != 1 else ''} away: if the government wins "
        f"{gap} more kiosk {rows} than the press this round, the game ends and {lose}"
    )


def to_move(obs) -> int | None:
    if obs["over"]:
        return None
    return obs["pend"][1] if obs["pend"] is not None else obs["turn"]


def overtime_order(g, obs) -> list[int]:
    """Overtime spaces in the order their journalists reach O1...O5 once values are shown
    (highest effective value first, ties to the lower space, §8.6); [] before the reveal."""
    if not obs["revealed"]:
        return []
    occ = []
    for sid in g.ot_sids:
        pcs = obs["spaces"][sid]
        if pcs:
            v = piece_value(g, obs, pcs[0])
            occ.append((-(v or 0) - pcs[0][2], sid))
    occ.sort()
    return [sid for _, sid in occ][: g.data.ot_reward + g.data.ot_penalty]


def decision_line(state, seat: int, obs) -> str:
    """'Your decision: ...' or 'P1 decides: ...'; '' once the game is over."""
    mover = to_move(obs)
    if mover is None:
        return ""
    head = "Your decision" if mover == seat else f"{owner_word(state.game, seat, mover)} decides"
    return f"{head}: {decision_words(state, seat, obs)}"


def decision_words(state, seat: int, obs) -> str:
    """What the seat to move decides now ('' once the game is over)."""
    g, d = state.game, state.game.data
    mover = to_move(obs)
    if mover is None:
        return ""
    pend = obs["pend"]
    if pend is None:
        if obs["double"]:
            return "place the second journalist of the Editorial turn"
        text = "place a journalist, send a request to the Newspaper, or pass"
        if g.lp:
            text += f" (action {obs['acts'][mover] + 1} of at most {d.max_turns})"
        return text
    kind = pend[0]
    work = obs["work"]
    if kind == "tok":
        return f"slide a token under the journalist just placed on {space_words(g, obs, pend[2])}?"
    if kind == "finale":
        return "Grand Finale, turn the Sports journalist face up or keep it face down"
    if kind == "destroy":
        step = work[0]
        if step == R_BUSAG:
            why = "the agent's cards match several; choose which"
        elif step == R_EV2:
            why = "Rat Race"
        elif step == R_OT:
            why = "overtime penalty space"
        else:
            why = "a double line card was used"
        return f"destroy one highlighted evidence on your report ({why})"
    if kind in ("pin_evidence", "pin_line"):
        what = (
            f"evidence {d.evidence_types[d.cell_evi[pend[2]]]}"
            if kind == "pin_evidence"
            else f"line {LINES[d.cell_line[pend[2]]]}"
        )
        return f"pinning {cell_name(d, pend[2])}: choose the card that supplies its {what}"
    if kind in ("pin", "reg"):
        cur = work[8]
        bus = (
            (
                f"journalist {journalist_label(state_piece(obs, cur)[1])} (value {cur[3]}) on "
                f"{space_words(g, obs, cur[1])}"
            )
            if cur
            else "bus journalist"
        )
        if kind == "reg":
            return f"Registry token beside your {bus}: draw 2 more evidence or 2 more line cards"
        return f"pin one evidence with the cards your {bus} drew, or none"
    if kind == "busorder":
        return "choose which of your bus journalists resolves next"
    if kind == "support":
        e, l = pend[3]
        return f"choose the bus journalist your archive journalist supports (+{e} evidence, +{l} line cards)"
    if kind == "sports":
        return f"Sports majority: the row +2 token under one of your kiosk journalists, or {dollars(d.sports_cash)}"
    if kind == "ent":
        return f"Entertainment majority: the +2 token under your overtime journalist, or {d.ent_contacts} contact"
    if kind == "otpick":
        return "take one overtime card from the display"
    if kind == "stmt":
        return "put the witness statement under one of your pins"
    if kind == "donor":
        return f"no {token_name(g, TOKS[pend[2]])} token left in the supply: take one from another newsroom"
    if kind == "train":
        nxt = obs["hr"][mover]
        cost, value, points = d.hr[nxt]
        return (
            f"train journalist X to HR space {nxt + 1} for {dollars(cost)} "
            f"(value {value}, {points} points), or stop"
        )
    if kind == "photo":
        return "buy a Photo token for your next bus journalist?"
    if kind == "keep":
        title = EVENT_TITLES[d.events[obs["event"]][0]] if obs["event"] >= 0 else "event"
        return f"{title}: keep one of the revealed cards"
    if kind == "fund":
        return "Fundraising won: $900 or an evidence wildcard"
    return "a decision"


#: the decisions of a bus journalist's investigation, shown with the cards it drew
PIN_DECISIONS = ("pin", "pin_evidence", "pin_line", "reg")


def state_piece(obs, cur):
    """The piece of the bus journalist now resolving (its owner's view)."""
    return obs["spaces"][cur[1]][cur[2]]


def final_words(g, obs, seat: int) -> str:
    """The scores at the end, as the table reads them ('your score 62 against the Times' 85')."""
    if g.solo:
        return f"your score {score_now(g, obs, 0)} against the Times' {g.times_target}"
    return "scores: " + ", ".join(f"{owner_word(g, seat, p)} {score_now(g, obs, p)}" for p in range(g.n))


def qualifies(g, obs, p: int) -> bool:
    """Whether p's report counts at the end (§12.1, §13.9): 5 highlighted evidence found and
    not eliminated; everyone counts in Chronicle mode."""
    if g.chronicle and not g.lp:
        return True
    return not obs["eliminated"][p] and len(report_facts(g, obs, p)["found"]) >= g.data.qualify


def end_words(g, obs, seat: int) -> str:
    """'Game over ...': when and why the game ended, and who won, from public facts."""
    now = f"Game over in round {obs['round']}"
    if obs["capitol"]:
        return f"{now}: the government agents reached the Capitol, the press lost public opinion: " + (
            "you lose" if g.solo else "every player loses"
        )
    if any(obs["eliminated"]):
        out = [owner_word(g, seat, p) for p in range(g.n) if obs["eliminated"][p]]
        alive = [owner_word(g, seat, p) for p in range(g.n) if not obs["eliminated"][p]]
        said = f"{now}: eliminated ({', '.join(out)}), five highlighted evidence are out of reach"
        if g.solo:
            return f"{said}: you lose"
        if g.lp:
            return f"{said}: " + (
                f"{alive[0]} {'win' if alive[0] == 'you' else 'wins'}" if alive else "nobody wins"
            )
        return said
    end = (
        f"Game over after round {obs['round']} (the press reached the Hat)"
        if obs["hat"] and obs["round"] < 8
        else "Game over after round 8"
    )
    qualified = [p for p in range(g.n) if qualifies(g, obs, p)]
    if g.solo:
        mine = score_now(g, obs, 0)
        if not qualified:
            found = len(report_facts(g, obs, 0)["found"])
            return (
                f"{end}: {found} of {g.data.qualify} highlighted evidence found, you do not qualify and lose"
            )
        if mine > g.times_target or (mine == g.times_target and "R-36" in g.alt):
            return f"{end}: you beat the Times' score and win the Pulitzer"
        return f"{end}: the Times' score is not beaten, you lose"
    if not qualified:
        return f"{end}: nobody found 5 highlighted evidence, nobody wins"
    best = max(score_now(g, obs, p) for p in qualified)
    top = [owner_word(g, seat, p) for p in qualified if score_now(g, obs, p) == best]
    return f"{end}: highest qualified score {best} ({', '.join(top)}; ties go to the report score, then contacts)"


def _tiebreak(g, obs, seat: int, winners, ranks) -> str:
    """The printed tie-breaker (§12.3, §13.9) in words when it decided the winner, else ''."""
    if g.solo:
        if qualifies(g, obs, 0) and score_now(g, obs, 0) == g.times_target:
            if "R-36" in g.alt:
                return f"a tie with the Times' {g.times_target} wins (reading R-36)"
            return f"a tie with the Times' {g.times_target} is not enough: you must score more"
        return ""
    qualified = [p for p in range(g.n) if qualifies(g, obs, p)]
    if not qualified or obs["capitol"] or (g.lp and any(obs["eliminated"])):
        return ""
    best = max(score_now(g, obs, p) for p in qualified)
    tied = [p for p in qualified if score_now(g, obs, p) == best]
    if len(tied) < 2:
        return ""
    d = tables_for(g)
    names = ", ".join(owner_word(g, seat, p) for p in tied)
    reports = {p: scoring.report_score(d, obs["pins"][p], obs["stmt"][p]) for p in tied}
    contacts = {p: obs["contacts"][p] for p in tied}

    def said(values: dict) -> str:
        return ", ".join(f"{owner_word(g, seat, p)} {values[p]}" for p in tied)

    if len(winners) > 1:
        return (
            f"{names} tie at {best} points, on the report score ({said(reports)}) and on contacts "
            f"({said(contacts)}): a shared win"
        )
    if len(set(reports.values())) > 1 and max(reports.values()) == reports[winners[0]]:
        top = [p for p in tied if reports[p] == reports[winners[0]]]
        if len(top) == 1:
            return f"{names} tie at {best} points: the higher report score wins ({said(reports)})"
    return f"{names} tie at {best} points and on the report score: more contact tokens win ({said(contacts)})"


def final_report(state, seat: int) -> FinalReport:
    """The end as `seat` reads it: every newspaper's score by the rulebook's categories (the
    engine's scoring function on the observation), the Times' score-table row in solo, the
    tie-breaker that decided, and why the game ended.  Everything here is public at the end."""
    g = state.game
    obs = state.observation(seat)
    d = tables_for(g)
    outcome = state.outcome()
    rows = []
    for p in range(g.n):
        parts = scoring.score_parts(
            d,
            p,
            obs["points"][p],
            obs["hr"][p],
            obs["pins"][p],
            obs["stmt"][p],
            obs["houses"],
            obs["report"][p],
        )
        name = "you" if p == seat else owner_word(g, seat, p)
        rows.append(
            ScoreRow(
                name=name,
                total=sum(value for _, value in parts),
                parts=parts,
                rank=outcome.ranks[p],
                winner=p in outcome.winners,
                seat=p,
            )
        )
    if g.solo:
        mix = "/".join(str(k) for k in g.params.times_mix)
        decided = not obs["capitol"] and qualifies(g, obs, 0)
        times_won = decided and not outcome.winners
        rows.append(
            ScoreRow(
                name="the Times",
                total=g.times_target,
                parts=[(f"score table (red/orange/yellow {mix})", g.times_target)],
                rank=(1 if times_won else 2) if decided else None,
                winner=times_won,
                automaton=True,
            )
        )
    reason = end_words(g, obs, seat)
    if g.solo:
        reason += f" ({final_words(g, obs, seat)})"
    short = [p for p in range(g.n) if not qualifies(g, obs, p) and not obs["eliminated"][p]]
    if short and not g.solo and not obs["capitol"] and not (g.lp and any(obs["eliminated"])):
        found = ", ".join(f"{owner_word(g, seat, p)} {len(report_facts(g, obs, p)['found'])}" for p in short)
        reason += f". Not qualified, fewer than {g.data.qualify} highlighted evidence found: {found}"
    return FinalReport(rows, reason, _tiebreak(g, obs, seat, outcome.winners, outcome.ranks))


def token_words(g, counts) -> str:
    return ", ".join(
        f"{token_name(g, TOKS[t])}" + (f" x{k}" if k > 1 else "") for t, k in enumerate(counts) if k
    )
