"""Pulitzer as a person sees it: the terminal board, the web board (SVG), what changed since a
seat last looked, and how another seat's move reads.

Everything here is built from `state.observation(seat)`, the printed component data
(`state.game.data`) and the game's parameters, never from hidden state, so whatever a
function returns may be shown to that seat (tests compare each view with the view of a
determinization).  The facts both boards share (a piece's value, a seat's score so far,
what the seat is deciding) come first; then the terminal board; then the SVG.
"""

from __future__ import annotations

import re

from automa.rules.presentation import FinalReport, ScoreRow, Style, plural
from automa.rules.presentation import plain as _plain
from automa.rules.svg import Canvas, wrap

from automa.times import BLUE, COLOUR_NAMES, RED, TIMES

from . import scoring
from .data import LINES, SECTIONS
from .game import ARCHIVE, BUS, KIOSK, OVERTIME
from .state import EVENT_TITLES, F_REG, F_ROW, JX, KIOSK_COLUMNS, R_BUSAG, R_EV2, R_OT, TOKEN_WORDS, TOKS
from .tables import tables_for

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
    """A drawn or kept card by what it shows (codes of 100 and more are line cards)."""
    if code >= 100:
        return "line " + "/".join(LINES[x] for x in d.line_cards[code - 100])
    return "evidence " + "/".join(d.evidence_types[x] for x in d.evidence_cards[code])


def ot_card_words(d, card: int) -> tuple[str, str]:
    """An overtime card as (number, effect): ('#16', 'new evidence: keep 1 line card')."""
    number, kind, extra = d.ot_cards[card]
    if kind == 0:
        effect = f"talk show: {dollars(extra)}"
    elif kind == 1:
        effect = f"radio night: {extra} points"
    elif kind == 2:
        effect = f"new evidence: keep 1 {'line' if extra else 'evidence'} card"
    else:
        effect = "statement on line " + " or ".join(LINES[x] for x in extra)
    return f"#{number}", effect


def column_reward(g, col: int) -> str:
    d = g.data
    if col == 0:
        return f"+{d.national[0]} contact, +{d.national[1]} points" + ("" if g.solo else ", Press Pass")
    if col == 1:
        return f"+{d.international[0]} contacts, +{d.international[1]} points"
    if col == 2:
        return f"row +2 token or {dollars(d.sports_cash)}"
    if col == 3:
        return f"overtime +2 token or {d.ent_contacts} contact"
    return f"+{d.economy_points} points"


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


# =========================================================================== terminal board

_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def _wrap(line: str, width: int = 80) -> list[str]:
    """`line` broken at spaces into lines of at most `width` visible characters; the
    continuation lines are indented two more than the first."""
    if len(_ANSI.sub("", line)) <= width:
        return [line]
    lead = len(line) - len(line.lstrip(" "))
    pad = " " * (lead + 4)
    out, cur = [], ""
    for word in line.lstrip(" ").split(" "):
        head = cur if cur else (" " * lead if not out else pad)
        trial = (cur + " " + word) if cur else head + word
        if cur and len(_ANSI.sub("", trial)) > width:
            out.append(cur)
            cur = pad + word
        else:
            cur = trial
    out.append(cur)
    return out


def board_text(state, seat: int, style: Style = _plain) -> str:
    """The terminal board for `seat`, laid out as the table is (opinion and the automata,
    then the board from the kiosk up, then the newsrooms), wrapped for 80 columns."""
    obs = state.observation(seat)
    g = state.game
    d = g.data
    n = g.n
    lines: list[str] = []

    def who(o: int) -> str:
        word = owner_word(g, seat, o)
        colour = {TIMES: "magenta", RED: "red", BLUE: "blue"}.get(o, "green" if o == seat else None)
        return style(word, fg=colour) if colour else word

    def piece(pc) -> str:
        v = piece_value(g, obs, pc)
        text = f"{who(pc[0])} {'?' if v is None else v}"
        if pc[2]:
            text += f"+{pc[2]}"
        if len(pc) > 3 and pc[3] & F_ROW:
            text += " (row +2)"
        if len(pc) > 3 and pc[3] & F_REG:
            text += " (Registry)"
        return text

    def pieces(sid: int) -> str:
        return ", ".join(piece(pc) for pc in obs["spaces"][sid]) or style("free", dim=True)

    phase = "game over" if obs["over"] else ("placement phase" if obs["placing"] else "resolution phase")
    mode = "solo, the Post against the Times" if g.solo else ("two players" if g.lp else f"{n} players")
    lines.append(style(f"Pulitzer, {mode} — round {obs['round']} of 8, {phase}", bold=True))
    if obs["over"]:
        lines.append(style(f"{end_words(g, obs, seat)}; {final_words(g, obs, seat)}", bold=True))
    else:
        lines.append(style(decision_line(state, seat, obs), bold=True))

    if g.lp:
        capitol, hat = d.opinion[0], d.opinion[1]
        track = " ".join(f"[{v:+d}]" if v == obs["opinion"] else f"{v:+d}" for v in range(capitol, hat + 1))
        lines.append(f"Public opinion: Capitol {track} Hat")
        warn = opinion_warning(g, obs)
        if warn:
            lines.append("  " + style(warn, fg="red", bold=True))
        lines.append(
            f"Turn marker {obs['marker']} of {d.max_turns} (from 6 on the blue agent draws extra cards)"
        )
        if obs["rowh"] and any(obs["rowh"]):
            lines.append(
                "Kiosk rows this round: "
                + ", ".join(
                    f"row {r + 1} {('press', 'tie', 'government')[1 - h[0]]}"
                    for r, h in enumerate(obs["rowh"])
                    if h
                )
            )
    if g.solo:
        lines.append(_times_line(g, obs))

    news = obs["news_top"]
    pay = d.news_pay[news] if news >= 0 else (0,) * 5
    blocked = d.news_blocks[obs["news_turned"]]
    lines.append(
        "News: the kiosk pays at once "
        + ", ".join(f"{KIOSK_COLUMNS[c]} {dollars(pay[c])}" for c in range(g.kcols))
        + "; blocked in the Newspaper: "
        + ", ".join(SECTION_TITLES[SECTIONS[s]] for s in blocked)
    )
    if g.use_events:
        ev = obs["event"]
        if ev >= 0:
            eid = d.events[ev][0]
            lines.append(f"Event: {EVENT_TITLES[eid]}: {EVENT_EFFECTS[eid]}")
            for sid in g.event_sids[: d.events[ev][2]]:
                lines.append(f"  {space_words(g, obs, sid)}: {pieces(sid)}")
        else:
            lines.append("Event: none this round")

    # ---- kiosk
    if g.lp:
        lines.append(
            style("[kiosk] a column's majority takes its reward; the rows move public opinion", bold=True)
        )
    else:
        lines.append(
            style("[kiosk] a column's majority takes its reward; a row's majority takes a house", bold=True)
        )
    for col in range(g.kcols):
        lines.append(f"  {KIOSK_COLUMNS[col]} {dollars(pay[col])} (majority: {column_reward(g, col)})")
        cells = [f"row {row + 1}: {pieces(g.kiosk_sid(col, row))}" for row in range(g.krows)]
        lines.append("    " + " | ".join(cells))
    if not g.lp:
        lines.append(
            "  rows: "
            + " | ".join(
                f"{r + 1} {d.colours[r]} house ({obs['house_supply'][r]} left)" for r in range(g.krows)
            )
        )
    # ---- report area
    if g.archive_sids:
        bonus = ", ".join(
            f"L{k + 1} ("
            + " ".join(f"+{n} {kind}" for n, kind in zip(lower, ("evidence", "line")) if n)
            + ")"
            for k, lower in enumerate(d.archive_lower)
        )
        lines.append(
            style(f"[archive] the highest values reach {bonus} and support a bus journalist", bold=True)
        )
        lines.append("  " + " | ".join(f"{i + 1}: {pieces(sid)}" for i, sid in enumerate(g.archive_sids)))
    lines.append(style("[bus] cost, then cards drawn: evidence + line", bold=True))
    for sid in g.bus_sids:
        _cost, ne, nl, name = g.bus[g.aidx[sid]]
        lines.append(f"  {name}, {ne}+{nl}: {pieces(sid)}")
    cur = obs["work"][8]
    if cur and obs["pend"] is not None and obs["pend"][0] in PIN_DECISIONS:
        lines.append("  " + _drawn_words(g, obs, seat, cur))
    agent_cards = obs["work"][7]
    if agent_cards:
        lines.append("  cards revealed: " + ", ".join(card_words(d, c) for c in agent_cards))
    # ---- overtime
    lines.append(
        style(
            f"[overtime] highest values first: {d.ot_reward} take a card, the next "
            f"{d.ot_penalty} destroy an evidence",
            bold=True,
        )
    )
    lines.append("  spaces " + " | ".join(f"{i + 1}: {pieces(sid)}" for i, sid in enumerate(g.ot_sids)))
    order = overtime_order(g, obs)
    if order:
        lines.append(
            "  order: " + ", ".join(f"O{k + 1} {piece(obs['spaces'][sid][0])}" for k, sid in enumerate(order))
        )
    display = [" ".join(ot_card_words(d, c)) for c in obs["ot_display"]]
    lines.append(
        "  display: "
        + (" | ".join(display) or "empty")
        + (
            "; extra card bought this round"
            if obs["extra_bought"]
            else "; telephone: 1 contact reveals an extra card"
        )
    )
    # ---- newspaper
    lines.append(
        style(f"[newspaper] {g.slots} requests per section; its tokens are for next round", bold=True)
    )
    secs = []
    for s, code in enumerate(SECTIONS):
        if s in blocked:
            secs.append(f"{SECTION_WORDS_SHORT[code]}: blocked")
            continue
        slots = list(obs["news_slots"][s]) + [None] * (g.slots - len(obs["news_slots"][s]))
        secs.append(f"{SECTION_WORDS_SHORT[code]}: " + ", ".join("-" if o is None else who(o) for o in slots))
    lines.append("  " + " | ".join(secs))
    lines.append(
        f"  decks: news {obs['news_left']}, evidence {obs['evi_left']}, line {obs['line_left']}, "
        f"overtime {obs['ot_left']}" + (f", events {obs['ev_left']}" if g.use_events else "")
    )
    # ---- newsrooms
    order_seats = [seat] + [p for p in range(n) if p != seat] if 0 <= seat < n else list(range(n))
    for p in order_seats:
        lines += _newsroom_lines(state, g, obs, seat, p, who)
    if (
        0 <= seat < n
        and obs["pend"] is not None
        and obs["pend"][1] == seat
        and obs["pend"][0] in ("pin", "pin_evidence", "pin_line", "destroy", "stmt")
    ):
        lines += _investigation_grid(g, obs, seat)
    out = []
    for line in lines:
        out += _wrap(line)
    return "\n".join(out)


SECTION_WORDS_SHORT = dict(
    ED="Editorial", NR="Newsroom", HR="HR", AD="Administration", RG="Registry", PH="Photo"
)


def _times_line(g, obs) -> str:
    d = g.data
    parts = []
    if obs["times_revealed"]:
        card = d.times_cards[obs["times_revealed"][-1]]
        parts.append(
            f"card {card[0]} ({COLOUR_NAMES[card[1]]}) placed on "
            + ", ".join(times_space_words(g, c) for c in card[2])
        )
    parts.append(f"{plural(obs['times_left'], 'Times card')} left")
    parts.append(f"beat {g.times_target} points")
    parts.append(f"purple X value {obs['times_x']}" if obs["times_hired"] else "purple X not hired")
    pool = obs["times_pool"]
    if isinstance(pool, int):
        parts.append(f"{pool} purple journalists in the pool")
    else:
        parts.append(
            "pool: " + (" ".join(str(obs["times_x"] if j == JX else j + 1) for j in pool) or "empty")
        )
    return "Times: " + "; ".join(parts)


def _drawn_words(g, obs, seat: int, cur) -> str:
    d = g.data
    s, sid, pos, value, ev, ln = cur
    pc = obs["spaces"][sid][pos]
    last = obs["pins"][s][-1] if obs["pins"][s] else d.start
    left = d.string_length - string_used(d, obs["pins"][s])
    return (
        f"drawn by journalist {journalist_label(pc[1])} (value {value}) on {space_words(g, obs, sid)}: "
        + (", ".join(card_words(d, c) for c in ev) or "no evidence card")
        + "; "
        + (", ".join(card_words(d, 100 + c) for c in ln) or "no line card")
        + f"; reach {value} from {cell_name(d, last)}, string {left:.1f} left"
    )


def _newsroom_lines(state, g, obs, seat: int, p: int, who) -> list[str]:
    """A newsroom in a few lines: resources, journalists and HR, tokens and kept cards,
    the report's highlighted evidence and the pins.  Another seat's is more compact."""
    d = g.data
    me = p == seat
    title = owner_word(g, seat, p)
    if g.solo:
        title += " — the Post"
    elif me:
        title += f", P{p}"
    head = (
        f"[{title}] {dollars(obs['money'][p])}, {plural(obs['contacts'][p], 'contact')}, "
        f"score track {obs['points'][p]} (score now {score_now(g, obs, p)}"
        + (f", Times {g.times_target}" if g.solo else "")
        + f"), requests left {obs['req_left'][p]}"
    )
    if obs["pp"] == p and not g.solo:
        head += ", Press Pass"
    if obs["eliminated"][p]:
        head += ", ELIMINATED"
    hand = at_hand_values(g, obs, p)
    if isinstance(hand, int):
        hand_text = f"{hand} journalists at hand (face down)"
    else:
        hand_text = "journalists at hand: " + (
            " ".join(label if label != "X" else f"X(value {v})" for label, v in hand) or "none"
        )
    hr = obs["hr"][p]
    if hr:
        nxt = f", next space {dollars(d.hr[hr][0])}" if hr < len(d.hr) else ", end of the track"
        hr_text = f"HR space {hr}: X value {d.hr[hr - 1][1]}, {plural(d.hr[hr - 1][2], 'point')}{nxt}"
    else:
        hr_text = "X not hired" + (" (a request in HR hires it)" if me else "")
    people = f"  {hand_text}; {hr_text}"
    if obs["arrested"][p]:
        people += "; arrested: " + " ".join(journalist_label(j) for j in obs["arrested"][p])
    tokens = _token_words(g, obs["tok_now"][p])
    later = _token_words(g, obs["tok_new"][p])
    target, wild_line, wild_evi = obs["evt"][p]
    extras = [
        w
        for w, k in (
            ("target token", target),
            (f"line wildcard x{wild_line}", wild_line),
            (f"evidence wildcard x{wild_evi}", wild_evi),
        )
        if k
    ]
    kept = [card_words(d, c) for c in obs["kept"][p]]
    held = (
        f"tokens this round: {tokens or 'none'}; for next round: {later or 'none'}"
        + (f"; {', '.join(extras)}" if extras else "")
        + f"; kept cards: {', '.join(kept) or 'none'}"
    )
    if not g.lp:
        held += "; houses: " + ", ".join(f"{obs['houses'][p][r]} {d.colours[r]}" for r in range(g.krows))
    rep = report_facts(g, obs, p)

    def names(cells):
        return " ".join(cell_name(d, c) for c in cells) or "-"

    status = f"{len(rep['found'])} of {rep['need']} highlighted found"
    if not rep["reachable"]:
        status += " (out of reach)"
    report = (
        f"  report {rep['id']}: {status}; found {names(rep['found'])}; open {names(rep['open'])}; "
        f"destroyed {names(rep['destroyed'])}"
    )
    pins = [cell_name(d, c) + (" (statement)" if c in obs["stmt"][p] else "") for c in obs["pins"][p]]
    pin_line = (
        f"  pins: {', '.join(pins) or 'none'}; string {string_used(d, obs['pins'][p]):.1f} "
        f"of {d.string_length:g} used"
    )
    if me:
        return [head, people, "  " + held, report, pin_line]
    return [head, people + "; " + held, report + f"; {plural(len(pins), 'pin')}"]


def _token_words(g, counts) -> str:
    return ", ".join(
        f"{token_name(g, TOKS[t])}" + (f" x{k}" if k > 1 else "") for t, k in enumerate(counts) if k
    )


def _investigation_grid(g, obs, seat: int) -> list[str]:
    """The seat's investigation board as a grid: '*' highlighted on the report card, a number
    the pin's order, 'x' destroyed, 's' a statement under the pin."""
    d = g.data
    pins = list(obs["pins"][seat])
    hl = set(d.report_cells[obs["report"][seat]])
    dest = set(obs["destroyed"][seat])
    out = ["  your investigation board (* highlighted, 1.. pins in order, x destroyed, s statement):"]
    cols = [
        LINES[d.cell_line[r * d.n_cols + c]] if d.cell_line[r * d.n_cols + c] >= 0 else "X"
        for r in range(1)
        for c in range(d.n_cols)
    ]
    out.append("       " + "".join(f"{c:<7}" for c in cols).rstrip())
    for r in range(d.n_rows):
        row = []
        for c in range(d.n_cols):
            cell = r * d.n_cols + c
            if d.cell_line[cell] < 0:
                row.append(" ?     ")
                continue
            mark = "*" if cell in hl else " "
            name = d.evidence_types[d.cell_evi[cell]]
            tag = str(pins.index(cell) + 1) if cell in pins else ("x" if cell in dest else "")
            if cell in obs["stmt"][seat]:
                tag += "s"
            row.append(f"{mark}{name}{tag}".ljust(7))
        out.append(f"  {r + 1}   " + "".join(row).rstrip())
    return out


def board_changes(state, seat: int, before: dict, after: dict) -> list[str]:
    """What the seat did not see happen since it last looked (both observations of `seat`):
    the pieces the agents, the Times and other seats placed, the values shown at the reveal
    (printed values, X included), and evidence destroyed on its report."""
    g = state.game
    out = []
    new_round = before.get("round") != after.get("round")
    if new_round or len(before.get("spaces", ())) != len(after.get("spaces", ())):
        old_spaces = [()] * len(after.get("spaces", ()))
    else:
        old_spaces = before["spaces"]
    placed: dict[int, list[tuple]] = {}
    revealed: list[str] = []
    for sid, pieces in enumerate(after.get("spaces", ())):
        old = list(old_spaces[sid])
        for pc in pieces:
            if pc in old:
                old.remove(pc)
                continue
            # the same piece turned face up, or given a token since: not a new placement
            same = next((q for q in old if q[0] == pc[0] and (q[1] == pc[1] or q[1] < 0 <= pc[1])), None)
            v = piece_value(g, after, pc)
            where = space_words(g, after, sid)
            if same is not None:
                old.remove(same)
                if same[1] < 0 <= pc[1] and pc[0] != seat:
                    revealed.append(f"{owner_word(g, seat, pc[0])} {v} on {where}")
                continue
            if pc[0] == seat:
                continue
            placed.setdefault(pc[0], []).append((v, where))
    names = {TIMES: "Times journalists", RED: "red agents", BLUE: "blue agents"}
    for owner in (RED, BLUE, TIMES) + tuple(range(g.n)):
        if placed.get(owner):
            label = names.get(owner) or f"{owner_word(g, seat, owner)}'s journalists"
            if all(v is None for v, _ in placed[owner]):
                out.append(f"{label} placed face down on " + ", ".join(where for _, where in placed[owner]))
            else:
                out.append(
                    f"{label} placed: "
                    + ", ".join(
                        f"{'face down' if v is None else f'value {v}'} on {where}"
                        for v, where in placed[owner]
                    )
                )
    if revealed:
        out.append("revealed: " + ", ".join(revealed))
    if 0 <= seat < len(after.get("destroyed", ())):
        old = set(before["destroyed"][seat]) if before.get("destroyed") else set()
        gone = [cell_name(g.data, c) for c in after["destroyed"][seat] if c not in old]
        if gone:
            out.append("evidence destroyed on your report: " + ", ".join(gone))
    return out


def move_text(state, action, actor: int, viewer: int) -> str | None:
    """A placement by another seat reads without its journalist (placed face down, §7.3):
    every journalist placed on one space leaves the viewer the same view, so they read alike."""
    if viewer == actor or not isinstance(action, tuple) or not action or action[0] != "place":
        return None
    return f"places a face-down journalist on {space_words(state.game, state.observation(viewer), action[2])}"


# =========================================================================== web board (SVG)

PAPER = "#f3ecdc"
PANEL = "#e8dcc1"
EDGE = "#8c6f47"
INK = "#33261a"
MUTED = "#6f604c"
SPACE = "#fbf7ee"
GOLD = "#b8860b"
WARN = "#b3261e"
#: player colours (§15.22 placeholder: pink, green, blue, orange, black); the Times is purple
SEAT_COLOURS = ("#cc5a86", "#3f8c50", "#3a72b5", "#d9802a", "#3c3c3c")
PIECE_COLOURS = {TIMES: "#74489a", RED: "#b0352a", BLUE: "#1f3d70"}
OT_KIND_COLOURS = ("#f2d9a6", "#d9c7ef", "#cfe4cf", "#cddff2")
TIMES_CARD_COLOURS = ("#c0392b", "#e67e22", "#e5c22f")
HIGHLIGHT = "#f6d365"
DIM = "#d6cfc0"
W = 1500


def owner_colour(o: int) -> str:
    return PIECE_COLOURS.get(o) or SEAT_COLOURS[o % len(SEAT_COLOURS)]


def panel(c: Canvas, x: float, y: float, w: float, h: float, title: str, note: str = "") -> None:
    """A board area: a framed panel with its title and a note at the right."""
    c.rect(x, y, w, h, fill=PANEL, stroke=EDGE, stroke_width=2, rx=12, pointer_events="none")
    c.text(x + 14, y + 26, title, size=19, fill=INK, weight="bold")
    if note:
        c.text(x + w - 14, y + 26, note, size=14, fill=MUTED, anchor="end")


class _Board:
    """Draws the whole table for one seat from its observation."""

    def __init__(self, state, seat: int):
        self.state = state
        self.g = state.game
        self.d = state.game.data
        self.seat = seat
        self.obs = state.observation(seat)
        self.c = Canvas()
        self.mover = to_move(self.obs)
        pend = self.obs["pend"]
        self.my_pend = pend if (pend is not None and pend[1] == seat) else None

    # ------------------------------------------------------------------ pieces
    def piece(self, cx, cy, pc, key=None, title=None):
        """A journalist (disc) or agent (square) with its value, '?' face down, and its
        value token (+1/+2) as a gold badge."""
        c, g, obs = self.c, self.g, self.obs
        o = pc[0]
        v = piece_value(g, obs, pc)
        colour = owner_colour(o)
        who = owner_word(g, self.seat, o)
        label = "?" if v is None else str(v)
        name = title or (
            f"{who} {'journalist' if o < RED else ''}".strip()
            + (" face down" if v is None else f" value {v}")
            + (f" +{pc[2]} token" if pc[2] else "")
        )
        if o >= RED:
            c.rect(
                cx - 17,
                cy - 17,
                34,
                34,
                fill=colour,
                stroke="#111",
                stroke_width=1.5,
                rx=5,
                key=key,
                title=name,
                fill_opacity=0.55 if v is None else None,
                pointer_events=None if (key) is not None else "none",
            )
        else:
            c.circle(
                cx,
                cy,
                18,
                fill=colour,
                stroke="#111",
                stroke_width=1.5,
                key=key,
                title=name,
                fill_opacity=0.55 if v is None else None,
                pointer_events=None if (key) is not None else "none",
            )
        c.text(cx, cy + 6, label, size=18, fill="#fff", weight="bold", anchor="middle")
        if pc[2]:
            c.circle(cx + 15, cy - 15, 10, fill=GOLD, stroke="#5a4300", stroke_width=1, pointer_events="none")
            c.text(cx + 15, cy - 10.5, f"+{pc[2]}", size=13, fill="#fff", weight="bold", anchor="middle")
        if len(pc) > 3 and pc[3] & F_ROW:
            c.rect(
                cx - 16,
                cy + 14,
                32,
                16,
                fill=GOLD,
                stroke="#5a4300",
                stroke_width=1,
                rx=4,
                pointer_events="none",
            )
            c.text(cx, cy + 27, "row+2", size=12, fill="#fff", anchor="middle")
        if len(pc) > 3 and pc[3] & F_REG:
            c.rect(
                cx - 16,
                cy + 14,
                32,
                16,
                fill="#5d7c99",
                stroke="#223",
                stroke_width=1,
                rx=4,
                pointer_events="none",
            )
            c.text(cx, cy + 27, "Reg.", size=12, fill="#fff", anchor="middle")

    def space(self, sid, x, y, w, h, label="", sub="", fill=SPACE):
        """A placement space: the click target for 'space:<id>', its printed label, and the
        pieces on it; own bus journalists become click targets when the seat orders or
        supports them."""
        c, obs = self.c, self.obs
        c.rect(
            x,
            y,
            w,
            h,
            fill=fill,
            stroke=EDGE,
            stroke_width=1.5,
            rx=8,
            key=f"space:{sid}",
            title=space_words(self.g, obs, sid),
        )
        if label:
            c.text(x + 8, y + 18, label, size=14, fill=MUTED)
        if sub and w >= 140:
            c.text(x + w - 8, y + 18, sub, size=14, fill=MUTED, anchor="end")
        elif sub:
            c.text(x + 8, y + 34, sub, size=13, fill=MUTED)
        pcs = obs["spaces"][sid]
        if not pcs:
            return
        pick = set()
        if self.my_pend is not None and self.my_pend[0] in ("busorder", "support"):
            pick = set(self.my_pend[2])
        step = 42
        start = x + w / 2 - step * (len(pcs) - 1) / 2
        cy = y + h / 2 + (8 if label else 0)
        for i, pc in enumerate(pcs):
            key = f"piece:{sid}:{i}" if (sid, i) in pick else None
            title = None
            if key:
                title = f"your journalist {journalist_label(pc[1])} on {space_words(self.g, obs, sid)}"
            self.piece(start + i * step, cy, pc, key=key, title=title)

    # ------------------------------------------------------------------ whole board
    def draw(self) -> str:
        g, c = self.g, self.c
        y = self.header()
        left_x, left_w = 20, 930
        right_x, right_w = 970, W - 990
        ly = y
        ly = self.newspaper(left_x, ly, left_w) + 14
        ly = self.overtime(left_x, ly, left_w) + 14
        ly = self.report_area(left_x, ly, left_w) + 14
        ly = self.kiosk(left_x, ly, left_w) + 14
        ry = y
        if g.solo:
            ry = self.times(right_x, ry, right_w) + 14
        if g.use_events:
            ry = self.event(right_x, ry, right_w) + 14
        if 0 <= self.seat < g.n:
            ry = self.newsroom(self.seat, right_x, ry, right_w) + 14
            ry = self.investigation(self.seat, right_x, ry, right_w) + 14
        ry = self.drawn_cards(right_x, ry, right_w)
        ry = self.decks(right_x, ry, right_w) + 14
        others = [p for p in range(g.n) if p != self.seat]
        if len(others) == 1:  # two players: the opponent fits beside the board
            ry = self.other_newsrooms(others, right_x, ry, right_w) + 14
            others = []
        y = max(ly, ry)
        if others:
            y = self.other_newsrooms(others, 20, y, W - 40) + 14
        return c.document(width=W, height=y, paper=PAPER, font="Georgia, 'Times New Roman', serif")

    def header(self) -> float:
        c, g, obs = self.c, self.g, self.obs
        phase = "game over" if obs["over"] else ("placement phase" if obs["placing"] else "resolution phase")
        mode = (
            "solo — you are the Post against the Times"
            if g.solo
            else (
                ("two players" if g.lp else f"{g.n} players")
                + (f" — you are P{self.seat}" if 0 <= self.seat < g.n else "")
            )
        )
        c.text(24, 38, "Pulitzer", size=30, fill=INK, weight="bold")
        c.text(170, 38, f"round {obs['round']} of 8 · {phase}", size=22, fill=INK)
        c.text(W - 24, 38, mode, size=18, fill=MUTED, anchor="end")
        y = 54
        if obs["over"]:
            text = f"{end_words(g, obs, self.seat)} — {final_words(g, obs, self.seat)}"
            fill = "#f4d6c8"
        else:
            text = decision_line(self.state, self.seat, obs)
            fill = "#fbe7a8" if self.mover == self.seat else "#e4ddd0"
        rows = wrap(text, W - 72, 20, bold=True)
        h = 16 + 24 * len(rows)
        c.rect(20, y, W - 40, h, fill=fill, stroke=EDGE, stroke_width=1.5, rx=10, pointer_events="none")
        for i, row in enumerate(rows):
            c.text(36, y + 28 + 24 * i, row, size=20, fill=INK, weight="bold")
        y += h + 12
        if g.lp:
            y = self.opinion(20, y, W - 40) + 12
        return y

    def opinion(self, x, y, w) -> float:
        """The public-opinion track from the Capitol to the Hat, the turn marker, and the
        warning when one round of rows could reach the Capitol."""
        c, d, obs = self.c, self.d, self.obs
        capitol, hat = d.opinion[0], d.opinion[1]
        h = 84
        panel(c, x, y, w, h + (34 if opinion_warning(self.g, obs) else 0), "Public opinion")
        box = 46
        tx = x + 190
        for i, v in enumerate(range(capitol, hat + 1)):
            bx = tx + i * (box + 4)
            fill = "#e9c3bd" if v == capitol else ("#c9dfc3" if v == hat else SPACE)
            c.rect(
                bx,
                y + 36,
                box,
                36,
                fill=fill,
                stroke=EDGE,
                stroke_width=1.2,
                rx=6,
                title=f"opinion {v:+d}",
                pointer_events="none",
            )
            c.text(
                bx + box / 2,
                y + 60,
                f"{v:+d}",
                size=15,
                fill=INK,
                weight="bold" if v == obs["opinion"] else None,
                anchor="middle",
            )
            if v == obs["opinion"]:
                c.circle(
                    bx + box / 2,
                    y + 54,
                    16,
                    fill="none",
                    stroke=WARN if opinion_warning(self.g, obs) else INK,
                    stroke_width=3,
                    pointer_events="none",
                )
        c.text(tx - 10, y + 60, "Capitol (all lose)", size=15, fill=WARN, weight="bold", anchor="end")
        end_x = tx + (hat - capitol + 1) * (box + 4)
        c.text(end_x + 4, y + 60, "Hat (press wins)", size=15, fill="#2e6b33", weight="bold")
        mx = end_x + 150
        c.text(mx, y + 26, "Turn marker", size=16, fill=INK, weight="bold")
        for t in range(d.max_turns + 1):
            bx = mx + t * 36
            fill = "#d7e3f2" if t >= 6 else SPACE
            c.rect(
                bx,
                y + 36,
                32,
                36,
                fill=fill,
                stroke=EDGE,
                stroke_width=1.2,
                rx=5,
                title=f"turn {t}" + (" (the blue agent draws extra cards)" if t >= 6 else ""),
                pointer_events="none",
            )
            c.text(
                bx + 16,
                y + 60,
                t,
                size=15,
                fill=INK,
                weight="bold" if t == obs["marker"] else None,
                anchor="middle",
            )
            if t == obs["marker"]:
                c.circle(bx + 16, y + 54, 14, fill="none", stroke=INK, stroke_width=3, pointer_events="none")
        warn = opinion_warning(self.g, obs)
        if warn:
            c.text(x + 14, y + h + 24, warn, size=16, fill=WARN, weight="bold")
        if obs["rowh"] and any(obs["rowh"]):
            wx = mx + (d.max_turns + 1) * 36 + 14
            c.text(wx, y + 46, "rows this round:", size=14, fill=MUTED)
            c.text(
                wx,
                y + 66,
                ", ".join(("press", "tie", "gov.")[1 - hh[0]] for hh in obs["rowh"] if hh),
                size=15,
                fill=INK,
                weight="bold",
            )
        return y + h + (34 if warn else 0)

    # ------------------------------------------------------------------ the board, top to bottom
    def newspaper(self, x, y, w) -> float:
        c, g, d, obs = self.c, self.g, self.d, self.obs
        blocked = d.news_blocks[obs["news_turned"]]
        h = 250
        panel(
            c,
            x,
            y,
            w,
            h,
            "Newspaper",
            f"grey face of news card {d.news_ids[obs['news_turned']]}: "
            + " and ".join(SECTION_TITLES[SECTIONS[s]] for s in blocked)
            + " blocked",
        )
        gains = dict(
            ED="place 2 journalists in one turn",
            NR="Kiosk +2 token",
            HR="hire / train journalist X",
            AD="share an occupied bus space",
            RG=("bus: 2 extra cards of one type" if g.lp else "Archive +2 token"),
            PH="buy a token:",
        )
        supply_left = [
            d.supply[t]
            - sum(tn[t] for tn in obs["tok_now"])
            - sum(tn[t] for tn in obs["tok_new"])
            - obs["tok_used"][t]
            for t in range(6)
        ]
        token_of = dict(ED=0, NR=1, AD=2, RG=3)
        bw, bh = 300, 58
        for r, pair in enumerate(SECTION_LAYOUT):
            for k, code in enumerate(pair):
                bx, by = x + 14 + k * (bw + 10), y + 40 + r * (bh + 8)
                sec = SECTIONS.index(code)
                is_blocked = sec in blocked
                c.rect(
                    bx,
                    by,
                    bw,
                    bh,
                    fill="#d8cfc0" if is_blocked else SPACE,
                    stroke=EDGE,
                    stroke_width=1.5,
                    rx=8,
                    key=f"section:{code}",
                    title=f"request in {SECTION_TITLES[code]}: {gains[code]}",
                )
                c.text(bx + 10, by + 22, SECTION_TITLES[code], size=16, fill=INK, weight="bold")
                c.text(
                    bx + 10,
                    by + 44,
                    "BLOCKED" if is_blocked else gains[code],
                    size=14,
                    fill=WARN if is_blocked else MUTED,
                    weight="bold" if is_blocked else None,
                )
                slots = obs["news_slots"][sec]
                for i in range(g.slots):
                    sx = bx + bw - 20 - (g.slots - 1 - i) * 26
                    if i < len(slots):
                        c.circle(
                            sx,
                            by + 18,
                            10,
                            fill=owner_colour(slots[i]),
                            stroke="#111",
                            stroke_width=1,
                            title=f"request of {owner_word(g, self.seat, slots[i])}",
                            pointer_events="none",
                        )
                    else:
                        c.circle(
                            sx,
                            by + 18,
                            10,
                            fill="none",
                            stroke=EDGE,
                            stroke_width=1.2,
                            stroke_dasharray="3 2",
                            pointer_events="none",
                        )
                if code in token_of:
                    c.text(
                        bx + bw - 10,
                        by + 48,
                        f"{supply_left[token_of[code]]} left",
                        size=14,
                        fill=MUTED,
                        anchor="end",
                    )
                if code == "PH":
                    for kk, (t, cost) in enumerate(((4, d.photo_cost[0]), (5, d.photo_cost[1]))):
                        px = bx + bw - 136 + kk * 64
                        c.rect(
                            px,
                            by + 30,
                            58,
                            24,
                            fill="#efe3c9",
                            stroke=EDGE,
                            stroke_width=1,
                            rx=5,
                            key=f"photo:{kk + 1}",
                            title=f"Photo +{kk + 1} token for {dollars(cost)} ({supply_left[t]} left)",
                        )
                        c.text(
                            px + 29, by + 47, f"+{kk + 1} {dollars(cost)}", size=13, fill=INK, anchor="middle"
                        )
        # HR track
        hx = x + 14 + 2 * (bw + 10) + 6
        hw = x + w - 14 - hx
        c.text(hx, y + 56, "HR track (journalist X)", size=16, fill=INK, weight="bold")
        n_hr = len(d.hr)
        sw_ = hw / n_hr
        for i, (cost, value, points) in enumerate(d.hr):
            sx = hx + i * sw_
            c.rect(
                sx + 2,
                y + 66,
                sw_ - 4,
                96,
                fill=SPACE,
                stroke=EDGE,
                stroke_width=1.5,
                rx=6,
                key=f"hr:{i + 1}",
                title=f"HR space {i + 1}: cost {dollars(cost)}, X value {value}, {points} points at the end",
            )
            c.text(sx + sw_ / 2, y + 84, f"{i + 1}", size=14, fill=MUTED, anchor="middle")
            c.text(
                sx + sw_ / 2, y + 104, "hire" if i == 0 else dollars(cost), size=14, fill=INK, anchor="middle"
            )
            c.text(sx + sw_ / 2, y + 126, f"X={value}", size=15, fill=INK, weight="bold", anchor="middle")
            c.text(sx + sw_ / 2, y + 148, f"{points} pt", size=14, fill=MUTED, anchor="middle")
        markers = [p for p in range(g.n) if obs["hr"][p]]
        for k, p in enumerate(markers):
            i = obs["hr"][p] - 1
            c.circle(
                hx + i * sw_ + sw_ / 2 + (k - (len(markers) - 1) / 2) * 18,
                y + 176,
                8,
                fill=owner_colour(p),
                stroke="#111",
                stroke_width=1,
                title=f"{owner_word(g, self.seat, p)}: HR space {i + 1}",
                pointer_events="none",
            )
        unhired = [owner_word(g, self.seat, p) for p in range(g.n) if not obs["hr"][p]]
        if g.solo:
            c.text(
                hx,
                y + 208,
                ("purple X value " + str(obs["times_x"])) if obs["times_hired"] else "purple X not hired yet",
                size=14,
                fill=PIECE_COLOURS[TIMES],
            )
        elif unhired:
            c.text(hx, y + 208, "not hired: " + ", ".join(unhired), size=14, fill=MUTED)
        return y + h

    def overtime(self, x, y, w) -> float:
        c, g, d, obs = self.c, self.g, self.d, self.obs
        h = 196
        panel(
            c,
            x,
            y,
            w,
            h,
            "Overtime",
            f"{d.ot_reward} best take a card · next {d.ot_penalty} destroy an evidence",
        )
        sw_, sh = 84, 74
        for i, sid in enumerate(g.ot_sids):
            self.space(sid, x + 14 + i * (sw_ + 6), y + 40, sw_, sh, label=str(i + 1))
        # lower row: the relocation O1..O5, filled once values are shown
        order = overtime_order(g, obs)
        for k in range(d.ot_reward + d.ot_penalty):
            bx, by = x + 14 + k * (sw_ + 6), y + 124
            reward = k < d.ot_reward
            c.rect(
                bx,
                by,
                sw_,
                60,
                fill="#eef3e6" if reward else "#f3e0dc",
                stroke=EDGE,
                stroke_width=1.2,
                rx=6,
                title=f"O{k + 1}: " + ("takes a card" if reward else "destroys a highlighted evidence"),
                pointer_events="none",
            )
            c.text(bx + 6, by + 16, f"O{k + 1} " + ("card" if reward else "destroy"), size=13, fill=MUTED)
            if k < len(order) and not obs["over"]:
                self.piece(bx + sw_ / 2, by + 38, obs["spaces"][order[k]][0])
        # the display and the telephone space, sized to share what the spaces leave: the
        # telephone shrinks once its extra card is bought (a fourth card in the display)
        dx = x + 14 + max(len(g.ot_sids), d.ot_reward + d.ot_penalty) * (sw_ + 6) + 16
        extra_ok = not obs["extra_bought"]
        shown = max(d.ot_display, len(obs["ot_display"]))
        tw = 100 if extra_ok else 64
        cw = min(104, (x + w - 14 - dx - tw) / shown - 8)
        for i, card in enumerate(obs["ot_display"]):
            number, effect = ot_card_words(d, card)
            kind = d.ot_cards[card][1]
            cx = dx + i * (cw + 8)
            c.rect(
                cx,
                y + 40,
                cw,
                144,
                fill=OT_KIND_COLOURS[kind],
                stroke=INK,
                stroke_width=1.5,
                rx=8,
                key=f"ot:{card}",
                title=f"overtime card {number}: {effect}",
            )
            c.text(cx + 8, y + 62, number, size=18, fill=INK, weight="bold")
            name, _, rest = effect.partition(": ")
            ty = c.lines(cx + 8, y + 86, name, width=cw - 16, size=15, fill=INK, weight="bold")
            c.lines(cx + 8, max(ty + 4, y + 128), rest, width=cw - 16, size=14, fill=INK)
        px = dx + shown * (cw + 8)
        c.rect(
            px,
            y + 40,
            tw,
            144,
            fill="#e9e4da",
            stroke=EDGE,
            stroke_width=1.5,
            rx=8,
            key="ot:phone",
            title="telephone: pay 1 contact to reveal an extra overtime card (one per round)"
            + ("" if extra_ok else "; bought this round"),
            stroke_dasharray="5 3",
        )
        c.text(px + 8, y + 62, "Telephone" if extra_ok else "Phone", size=15, fill=INK, weight="bold")
        c.lines(
            px + 8,
            y + 86,
            "1 contact: an extra card" if extra_ok else "bought this round",
            width=tw - 16,
            size=14,
            fill=INK,
        )
        c.text(px + 8, y + 172, f"deck {obs['ot_left']}", size=14, fill=MUTED)
        return y + h

    def report_area(self, x, y, w) -> float:
        c, g = self.c, self.g
        h = 150
        panel(c, x, y, w, h, "Report area", "Bus: pay the fare, draw evidence + line cards")
        bx0 = x + 14
        if g.archive_sids:
            aw = 330
            c.text(bx0, y + 52, "Archive", size=16, fill=INK, weight="bold")
            n_a = len(g.archive_sids)
            sw_ = min(52, (aw - 10) / n_a - 4)
            for i, sid in enumerate(g.archive_sids):
                self.space(sid, bx0 + i * (sw_ + 4), y + 60, sw_, 80, label=str(i + 1))
            bonus = " · ".join(
                f"L{k + 1} " + " ".join(f"+{n}{kind}" for n, kind in zip(lower, "EL") if n)
                for k, lower in enumerate(self.d.archive_lower)
            )
            c.text(bx0 + 90, y + 52, bonus, size=14, fill=MUTED)
            bx0 += aw + 10
        bw = (x + w - 14 - bx0) / len(g.bus_sids)
        for sid in g.bus_sids:
            k = g.aidx[sid]
            cost, ne, nl, name = g.bus[k]
            bx = bx0 + k * bw
            fill = SPACE
            note = ""
            if g.lp and k == 0:
                note, fill = "blue agent's", "#e3e8f1"
            elif g.lp and k == len(g.bus_sids) - 1:
                note, fill = "red agent's", "#f1e3e1"
            self.space(sid, bx + 3, y + 40, bw - 6, 100, label=dollars(cost), sub=f"{ne}E + {nl}L", fill=fill)
            c.text(bx + 11, y + 134, note or name.split(" $")[0], size=13, fill=MUTED)
        return y + h

    def kiosk(self, x, y, w) -> float:
        c, g, d, obs = self.c, self.g, self.d, self.obs
        news = obs["news_top"]
        pay = d.news_pay[news] if news >= 0 else (0,) * 5
        label_w = 150
        cw = (w - 28 - label_w) / g.kcols
        ch = 84
        narrow = cw < 190
        # the column heads grow to hold their majority rewards' lines
        rewards = max(len(wrap("majority: " + column_reward(g, col), cw - 20, 14)) for col in range(g.kcols))
        head_h = max(118 if narrow else 92, (108 if narrow else 82) + 17 * (rewards - 1) - 26)
        totals_h = 50 if obs["revealed"] else 0
        h = 40 + head_h + g.krows * (ch + 6) + totals_h + 8
        note = (
            f"orange face of news card {d.news_ids[news]}: paid at once when you place" if news >= 0 else ""
        )
        panel(c, x, y, w, h, "Kiosk", note)
        gx = x + 14 + label_w
        for col in range(g.kcols):
            cx = gx + col * cw
            c.rect(
                cx + 3,
                y + 38,
                cw - 6,
                head_h - 4,
                fill="#efe2c6",
                stroke=EDGE,
                stroke_width=1.2,
                rx=8,
                title=f"{KIOSK_COLUMNS[col]}: pays {dollars(pay[col])} at once; majority: {column_reward(g, col)}",
                pointer_events="none",
            )
            c.text(cx + 12, y + 60, KIOSK_COLUMNS[col], size=16, fill=INK, weight="bold")
            if narrow:
                c.text(cx + 12, y + 86, dollars(pay[col]), size=22, fill=GOLD, weight="bold")
            else:
                c.text(
                    cx + cw - 12, y + 62, dollars(pay[col]), size=22, fill=GOLD, weight="bold", anchor="end"
                )
            c.lines(
                cx + 12,
                y + (108 if narrow else 82),
                "majority: " + column_reward(g, col),
                width=cw - 20,
                size=14,
                fill=MUTED,
                step=17,
            )
        for row in range(g.krows):
            ry = y + 40 + head_h + row * (ch + 6)
            c.rect(
                x + 14,
                ry,
                label_w - 8,
                ch,
                fill="#efe2c6",
                stroke=EDGE,
                stroke_width=1.2,
                rx=8,
                pointer_events="none",
            )
            c.text(x + 24, ry + 24, f"Row {row + 1}", size=16, fill=INK, weight="bold")
            if g.lp:
                side = obs["rowh"][row][0] if obs["rowh"][row] else None
                if side is None:
                    c.text(x + 24, ry + 46, "press vs", size=14, fill=MUTED)
                    c.text(x + 24, ry + 64, "government", size=14, fill=MUTED)
                else:
                    word = ("press (Hat)", "tie", "government")[1 - side]
                    c.text(
                        x + 24, ry + 50, word, size=15, fill=("#2e6b33", INK, WARN)[1 - side], weight="bold"
                    )
            else:
                colour = d.colours[row]
                c.text(x + 24, ry + 46, f"{colour} house", size=14, fill=INK)
                c.text(x + 24, ry + 66, f"{obs['house_supply'][row]} left", size=14, fill=MUTED)
            for col in range(g.kcols):
                sid = g.kiosk_sid(col, row)
                self.space(sid, gx + col * cw + 3, ry, cw - 6, ch)
        if totals_h:
            ty = y + 40 + head_h + g.krows * (ch + 6) + 4
            c.text(x + 24, ty + 20, "column totals", size=14, fill=MUTED)
            for col in range(g.kcols):
                tot: dict[int, int] = {}
                for row in range(g.krows):
                    for pc in obs["spaces"][g.kiosk_sid(col, row)]:
                        o = RED if pc[0] == BLUE else pc[0]
                        tot[o] = tot.get(o, 0) + (piece_value(g, obs, pc) or 0) + pc[2]
                words = [
                    ("agents" if o == RED else owner_word(g, self.seat, o)) + f" {v}"
                    for o, v in sorted(tot.items(), key=lambda kv: -kv[1])
                ]
                c.lines(
                    gx + col * cw + 10,
                    ty + 20,
                    ", ".join(words) or "empty",
                    width=cw - 16,
                    size=14,
                    fill=INK,
                    step=17,
                )
        return y + h

    # ------------------------------------------------------------------ right column
    def times(self, x, y, w) -> float:
        """The Times: its last card drawn as a card, the deck left, the score to beat, its X."""
        c, g, d, obs = self.c, self.g, self.d, self.obs
        h = 196
        panel(c, x, y, w, h, "The Times", f"score to beat: {g.times_target}")
        if obs["times_revealed"]:
            card = d.times_cards[obs["times_revealed"][-1]]
            colour = TIMES_CARD_COLOURS[card[1]]
            c.rect(
                x + 14,
                y + 40,
                236,
                144,
                fill="#fffaf0",
                stroke=INK,
                stroke_width=1.5,
                rx=8,
                title=f"Times card {card[0]} ({COLOUR_NAMES[card[1]]})",
                pointer_events="none",
            )
            c.rect(
                x + 14,
                y + 40,
                236,
                28,
                fill=colour,
                stroke=INK,
                stroke_width=1.5,
                rx=8,
                pointer_events="none",
            )
            c.text(
                x + 24,
                y + 60,
                f"Times card {card[0]} · {COLOUR_NAMES[card[1]]}",
                size=15,
                fill="#fff" if card[1] == 0 else INK,
                weight="bold",
            )
            ty = y + 88
            for code in card[2]:
                ty = c.lines(
                    x + 24, ty, "• " + times_space_words(g, code), width=w - 38, size=14, fill=INK, step=17
                )
        else:
            c.text(x + 24, y + 70, "no Times card drawn yet", size=15, fill=MUTED)
        tx = x + 266
        # the deck as a small stack
        for k in range(min(obs["times_left"], 4)):
            c.rect(
                tx + k * 4,
                y + 44 + k * 3,
                48,
                64,
                fill="#8d6fae",
                stroke=INK,
                stroke_width=1,
                rx=5,
                pointer_events="none",
            )
        c.text(tx + 64, y + 66, f"{plural(obs['times_left'], 'card')} left", size=15, fill=INK, weight="bold")
        c.text(tx + 64, y + 88, "one per round", size=14, fill=MUTED)
        c.text(
            tx,
            y + 134,
            ("purple X: value " + str(obs["times_x"])) if obs["times_hired"] else "purple X: not hired",
            size=15,
            fill=INK,
        )
        pool = obs["times_pool"]
        if isinstance(pool, int):
            c.text(tx, y + 158, f"pool: {pool} face-down journalists", size=14, fill=MUTED)
        else:
            c.text(
                tx,
                y + 158,
                "pool: " + (" ".join(str(obs["times_x"] if j == JX else j + 1) for j in pool) or "empty"),
                size=14,
                fill=MUTED,
            )
        reds = g.params.times_mix[0]
        c.text(
            tx, y + 180, f"score table: {plural(reds, 'red card')} → {g.times_target}", size=14, fill=MUTED
        )
        return y + h

    def event(self, x, y, w) -> float:
        c, g, d, obs = self.c, self.g, self.d, self.obs
        ev = obs["event"]
        if ev < 0:
            h = 70
            panel(c, x, y, w, h, "Event", f"{obs['ev_left']} left in the deck")
            c.text(x + 14, y + 54, "no event this round", size=15, fill=MUTED)
            return y + h
        eid, cls, nsp = d.events[ev]
        timing = {1: "during placement", 2: "before the bus", 3: "before the archive", 4: "after the reveal"}[
            cls
        ]
        lines = wrap(EVENT_EFFECTS[eid], w - 28, 15)
        h = 60 + 19 * len(lines) + (90 if nsp else 0)
        panel(c, x, y, w, h, f"Event: {EVENT_TITLES[eid]}", timing)
        ty = c.lines(x + 14, y + 52, EVENT_EFFECTS[eid], width=w - 28, size=15, fill=INK, step=19)
        for k in range(nsp):
            sid = g.event_sids[k]
            self.space(sid, x + 14 + k * 130, ty, 120, 76, label=f"space {k + 1}")
        return y + h

    def newsroom(self, p, x, y, w) -> float:
        c, g, d, obs = self.c, self.g, self.d, self.obs
        h = 262 if not g.lp else 236
        colour = owner_colour(p)
        c.rect(x, y, w, h, fill=PANEL, stroke=EDGE, stroke_width=2, rx=12, pointer_events="none")
        c.rect(x, y, w, 36, fill=colour, stroke=EDGE, stroke_width=2, rx=12, pointer_events="none")
        title = "Your newsroom" + (" — the Post" if g.solo else f" — P{p}")
        c.text(x + 14, y + 25, title, size=19, fill="#fff", weight="bold")
        sc = f"score now {score_now(g, obs, p)}" + (f" (beat {g.times_target})" if g.solo else "")
        c.text(x + w - 14, y + 25, sc, size=16, fill="#fff", weight="bold", anchor="end")
        if obs["pp"] == p and not g.solo:
            c.text(x + w - 14, y + 56, "Press Pass", size=14, fill=GOLD, weight="bold", anchor="end")
        c.text(x + 14, y + 64, dollars(obs["money"][p]), size=22, fill="#2f5d2f", weight="bold")
        c.text(x + 110, y + 64, plural(obs["contacts"][p], "contact"), size=16, fill=INK)
        c.text(x + 220, y + 64, f"score track {obs['points'][p]}", size=16, fill=INK)
        c.text(x + 320, y + 64, f"requests left {obs['req_left'][p]}", size=16, fill=INK)
        # journalists at hand
        c.text(x + 14, y + 96, "at hand", size=14, fill=MUTED)
        hand = at_hand_values(g, obs, p)
        jx = x + 90
        if isinstance(hand, int):
            c.text(jx, y + 96, f"{hand} face-down journalists", size=15, fill=INK)
        else:
            for j in obs["avail"][p]:
                v = x_value(g, obs, p) if j == JX else j + 1
                label = journalist_label(j)
                c.circle(
                    jx + 20,
                    y + 104,
                    20,
                    fill=colour,
                    stroke="#111",
                    stroke_width=1.5,
                    key=f"journalist:{j}",
                    title=f"journalist {label}" + (f" (value {v})" if j == JX else ""),
                )
                c.text(
                    jx + 20,
                    y + 110,
                    label if j != JX else "X",
                    size=18,
                    fill="#fff",
                    weight="bold",
                    anchor="middle",
                )
                if j == JX:
                    c.text(jx + 20, y + 138, f"={v}", size=13, fill=INK, anchor="middle")
                jx += 48
            if not obs["avail"][p]:
                c.text(jx, y + 108, "none", size=15, fill=MUTED)
        for j in obs["arrested"][p]:
            c.circle(
                jx + 20,
                y + 104,
                20,
                fill="#999",
                stroke="#111",
                stroke_width=1.5,
                key=f"arrested:{j}",
                title=f"journalist {journalist_label(j)}: arrested, bail {dollars((x_value(g, obs, p) if j == JX else j + 1) + 3)}",
            )
            c.text(
                jx + 20, y + 110, journalist_label(j), size=18, fill="#fff", weight="bold", anchor="middle"
            )
            c.line(jx + 6, y + 90, jx + 34, y + 118, stroke=WARN, stroke_width=3)
            jx += 48
        hr = obs["hr"][p]
        hr_text = (
            f"X on HR space {hr}: value {d.hr[hr - 1][1]}, {d.hr[hr - 1][2]} points"
            if hr
            else "X not hired: a request in HR hires it"
        )
        c.text(x + 14, y + 150, hr_text, size=14, fill=MUTED)
        # tokens held (usable this round) and arriving next round
        c.text(x + 14, y + 176, "tokens", size=14, fill=MUTED)
        tw = (w - 90) / 6
        for t, code in enumerate(TOKS):
            tx = x + 76 + t * tw
            k = obs["tok_now"][p][t]
            nxt = obs["tok_new"][p][t]
            c.rect(
                tx,
                y + 160,
                tw - 6,
                30,
                fill="#f6e7b8" if k else "#ece6da",
                stroke=GOLD if k else "#b9ad98",
                stroke_width=1.5,
                rx=6,
                key=f"token:{code}",
                title=f"{token_name(g, code)}: {k} to use this round, {nxt} for next round",
            )
            short = {
                "ED": "Edit.",
                "NR": "News+2",
                "AD": "Admin",
                "RG": "Reg.",
                "PH1": "Ph+1",
                "PH2": "Ph+2",
            }[code]
            c.text(
                tx + (tw - 6) / 2,
                y + 180,
                f"{short} {k}",
                size=13,
                fill=INK if k else "#9a8f7c",
                weight="bold" if k else None,
                anchor="middle",
            )
        later = _token_words(g, obs["tok_new"][p])
        extras = []
        target, wild_line, wild_evi = obs["evt"][p]
        if target:
            extras.append("target token")
        if wild_line:
            extras.append(f"line wildcard x{wild_line}")
        if wild_evi:
            extras.append(f"evidence wildcard x{wild_evi}")
        kept = [card_words(d, code) for code in obs["kept"][p]]
        info = [f"next round: {later or 'none'}"]
        if extras:
            info.append(", ".join(extras))
        info.append("kept cards: " + (", ".join(kept) or "none"))
        c.lines(x + 14, y + 212, "; ".join(info), width=w - 28, size=14, fill=INK, step=18)
        if not g.lp:
            hx = x + 14
            for r in range(g.krows):
                c.rect(
                    hx,
                    y + h - 30,
                    22,
                    20,
                    fill={"white": "#fafafa", "grey": "#9a9a9a", "brown": "#8b5a2b", "yellow": "#e7c53a"}.get(
                        d.colours[r], "#ccc"
                    ),
                    stroke=INK,
                    stroke_width=1,
                    rx=3,
                    title=f"{d.colours[r]} houses",
                    pointer_events="none",
                )
                c.text(hx + 28, y + h - 14, f"{obs['houses'][p][r]} {d.colours[r]}", size=14, fill=INK)
                hx += 110
        return y + h

    def investigation(self, p, x, y, w) -> float:
        """The seat's investigation board and report card: highlighted cells bright, pins
        numbered in string order with the string drawn, destroyed cells crossed, statements;
        every cell is a click target ('cell:<id>') for pinning, destroying and statements."""
        c, g, d, obs = self.c, self.g, self.d, self.obs
        rep = report_facts(g, obs, p)
        cw, chh = (w - 28) / d.n_cols, 44  # the name sits low, clear of the pin's number
        h = 40 + 60 + d.n_rows * chh + 20 + 44
        panel(c, x, y, w, h, f"Investigation board · report {rep['id']}")
        found = len(rep["found"])
        ok = found >= rep["need"]
        status = (
            f"highlighted found {found} of {rep['need']} needed"
            + (" ✓" if ok else "")
            + f" · {len(rep['open'])} open · {len(rep['destroyed'])} destroyed"
        )
        c.text(
            x + 14,
            y + 52,
            status,
            size=15,
            fill="#2e6b33" if ok else (WARN if not rep["reachable"] else INK),
            weight="bold",
        )
        if not rep["reachable"]:
            c.text(x + 14, y + 72, "five highlighted evidence are out of reach", size=14, fill=WARN)
        gx, gy = x + 14, y + 100
        # column heads: line letter and points
        for col in range(d.n_cols):
            line = d.cell_line[col] if d.cell_line[col] >= 0 else d.cell_line[col + d.n_cols]
            c.text(
                gx + col * cw + cw / 2,
                gy - 8,
                f"{LINES[line]} {d.line_points[line]}",
                size=13,
                fill=MUTED,
                anchor="middle",
            )
        pins = list(obs["pins"][p])
        hl = set(rep["cells"])
        dest = set(obs["destroyed"][p])
        stmts = set(obs["stmt"][p])
        own = p == self.seat
        centre = {}
        for cell in range(d.n_rows * d.n_cols):
            r, col = divmod(cell, d.n_cols)
            cx, cy = gx + col * cw, gy + r * chh
            centre[cell] = (cx + cw / 2, cy + chh / 2)
            if d.cell_line[cell] < 0:
                c.rect(
                    cx + 1,
                    cy + 1,
                    cw - 2,
                    chh - 2,
                    fill="#fff",
                    stroke=INK,
                    stroke_width=1.2,
                    rx=4,
                    title="start photo ?",
                    pointer_events="none",
                )
                c.text(cx + cw / 2, cy + 29, "?", size=20, fill=INK, weight="bold", anchor="middle")
                continue
            name = cell_name(d, cell)
            bright = cell in hl
            state_words = "pinned" if cell in pins else "destroyed" if cell in dest else ""
            title = name + (" (highlighted)" if bright else "") + (f", {state_words}" if state_words else "")
            c.rect(
                cx + 1,
                cy + 1,
                cw - 2,
                chh - 2,
                fill=HIGHLIGHT if bright else DIM,
                stroke="#7d6a3a" if bright else "#a89f8e",
                stroke_width=1.2,
                rx=4,
                key=f"cell:{cell}" if own else None,
                title=title,
                pointer_events=None if (f"cell:{cell}" if own else None) is not None else "none",
            )
            c.text(
                cx + cw / 2,
                cy + 37,
                d.evidence_types[d.cell_evi[cell]],
                size=14,
                fill=INK if bright else "#6d6558",
                weight="bold" if bright else None,
                anchor="middle",
            )
            if cell in dest:
                c.line(cx + 6, cy + 6, cx + cw - 6, cy + chh - 6, stroke=WARN, stroke_width=3)
                c.line(cx + cw - 6, cy + 6, cx + 6, cy + chh - 6, stroke=WARN, stroke_width=3)

        # the string runs between the pin heads (top-right corners), clear of the cell names
        def head(cell):
            px, py = centre[cell]
            return px + cw / 2 - 11, py - chh / 2 + 11

        pts = [(centre[d.start][0], centre[d.start][1] - 12)] + [head(cell) for cell in pins]
        if len(pts) > 1:
            c.polyline(
                pts,
                stroke="#7a2418",
                stroke_width=2,
                stroke_opacity=0.7,
                stroke_linejoin="round",
                stroke_linecap="round",
            )
        for i, cell in enumerate(pins):
            px, py = centre[cell]
            c.circle(
                px + cw / 2 - 11,
                py - chh / 2 + 11,
                10,
                fill="#c0392b",
                stroke="#111",
                stroke_width=1,
                title=f"pin {i + 1}: {cell_name(d, cell)}",
                pointer_events="none",
            )
            c.text(
                px + cw / 2 - 11,
                py - chh / 2 + 16,
                i + 1,
                size=13,
                fill="#fff",
                weight="bold",
                anchor="middle",
            )
            if cell in stmts:
                c.rect(
                    px - cw / 2 + 3,
                    py - chh / 2 + 3,
                    14,
                    14,
                    fill="#2f6db5",
                    stroke="#111",
                    stroke_width=1,
                    rx=2,
                    title="witness statement",
                    pointer_events="none",
                )
        ly = gy + d.n_rows * chh + 22
        left = d.string_length - string_used(d, pins)
        last = cell_name(d, pins[-1]) if pins else "?"
        c.text(
            x + 14,
            ly,
            f"string left {left:.1f} of {d.string_length:g} · last pin {last}",
            size=14,
            fill=MUTED,
        )
        lx = x + 14
        ly += 22
        for fill, word in (
            (HIGHLIGHT, "highlighted"),
            (DIM, "other"),
            ("#c0392b", "pin (order)"),
            ("#2f6db5", "statement"),
        ):
            c.rect(lx, ly - 12, 16, 14, fill=fill, stroke=INK, stroke_width=0.8, rx=3, pointer_events="none")
            c.text(lx + 22, ly, word, size=13, fill=MUTED)
            lx += 100
        c.line(lx, ly - 10, lx + 14, ly + 2, stroke=WARN, stroke_width=2.5)
        c.line(lx + 14, ly - 10, lx, ly + 2, stroke=WARN, stroke_width=2.5)
        c.text(lx + 20, ly, "destroyed", size=13, fill=MUTED)
        return y + h

    def drawn_cards(self, x, y, w) -> float:
        """The cards a decision is about: those drawn by the bus journalist now resolving,
        the cards an agent or an event revealed, the Registry's choice of deck."""
        c, g, d, obs = self.c, self.g, self.d, self.obs
        pend = obs["pend"]
        work = obs["work"]
        cur = work[8]
        agent = work[7]
        if pend is None or (
            pend[0] not in PIN_DECISIONS + ("keep",) and not (pend[0] == "destroy" and agent)
        ):
            return y
        h = 170
        owner = pend[1]
        choose = pend[0] in ("pin_evidence", "pin_line") and owner == self.seat
        if choose:
            h += 84
        if pend[0] in PIN_DECISIONS and cur:
            pc = obs["spaces"][cur[1]][cur[2]]
            title = (
                f"Drawn by {'your' if owner == self.seat else owner_word(g, self.seat, owner) + chr(39) + 's'} "
                f"journalist {journalist_label(pc[1])} (value {cur[3]})"
            )
            cards = list(cur[4]) + [100 + k for k in cur[5]]
        elif pend[0] == "keep":
            title = "Revealed: keep one"
            cards = list(agent)
        else:
            title = "The agent's cards"
            cards = list(agent)
        panel(c, x, y, w, h, title)
        cx = x + 14
        keep = pend[0] == "keep" and owner == self.seat
        for code in cards:
            if cx + 60 > x + w - 10:
                break
            is_line = code >= 100
            c.rect(
                cx,
                y + 40,
                56,
                80,
                fill="#e4ecf5" if is_line else "#fbf1d9",
                stroke=INK,
                stroke_width=1.3,
                rx=6,
                key=f"card:{code}" if keep else None,
                title=card_words(d, code),
                pointer_events=None if (f"card:{code}" if keep else None) is not None else "none",
            )
            c.text(cx + 28, y + 58, "line" if is_line else "evid.", size=12, fill=MUTED, anchor="middle")
            shown = card_words(d, code).split(" ", 1)[1]
            rows = [shown] if is_line else shown.split("/")
            for k, s in enumerate(rows):
                c.text(
                    cx + 28,
                    y + 84 + k * 20,
                    s,
                    size=16 if not is_line else 20,
                    fill=INK,
                    weight="bold",
                    anchor="middle",
                )
            cx += 62
        if pend[0] == "reg" and owner == self.seat:
            for k, (code, word) in enumerate((("evidence", "+2 evidence"), ("line", "+2 line"))):
                bx = x + w - 14 - (2 - k) * 120
                c.rect(
                    bx,
                    y + 40,
                    112,
                    40,
                    fill="#efe3c9",
                    stroke=EDGE,
                    stroke_width=1.5,
                    rx=6,
                    key=f"deck:{code}",
                    title=f"Registry: draw 2 more {code} cards",
                )
                c.text(bx + 56, y + 66, word, size=15, fill=INK, weight="bold", anchor="middle")
        if pend[0] in PIN_DECISIONS and cur:
            s = cur[0]
            pins = obs["pins"][s]
            last = cell_name(d, pins[-1]) if pins else "?"
            left = d.string_length - string_used(d, pins)
            extra = []
            if obs["kept"][s]:
                extra.append("kept: " + ", ".join(card_words(d, k) for k in obs["kept"][s]))
            if obs["evt"][s][1] or obs["evt"][s][2]:
                extra.append(
                    "wildcards: "
                    + ", ".join(
                        w_ for w_, k in (("line", obs["evt"][s][1]), ("evidence", obs["evt"][s][2])) if k
                    )
                )
            note = f"reach {cur[3]} from {last} · string left {left:.1f} · X needs no line card" + (
                "; " + "; ".join(extra) if extra else ""
            )
            c.lines(x + 14, y + 142, note, width=w - 28, size=14, fill=MUTED, step=17)
        if choose:
            self.source_choices(pend, x, y + 176, w)
        return y + h + 14

    def source_choices(self, pend, x, y, w) -> None:
        """The cards that could supply the pin's evidence or line (R-12): one button each
        ('source:<kind>:<code>'), worded like the action."""
        c, d = self.c, self.d
        what = (
            f"evidence {d.evidence_types[d.cell_evi[pend[2]]]}"
            if pend[0] == "pin_evidence"
            else f"line {LINES[d.cell_line[pend[2]]]}"
        )
        c.text(
            x + 14,
            y + 4,
            f"Pin on {cell_name(d, pend[2])}: which card gives the {what}?",
            size=15,
            fill=INK,
            weight="bold",
        )
        options = pend[3] if pend[0] == "pin_evidence" else pend[4]
        bw = (w - 28 - 8 * (len(options) - 1)) / max(1, len(options))
        for k, action in enumerate(options):
            bx = x + 14 + k * (bw + 8)
            text = self.state.action_to_string(action)
            c.rect(
                bx,
                y + 14,
                bw,
                58,
                fill="#efe3c9",
                stroke=EDGE,
                stroke_width=1.5,
                rx=6,
                key=source_key(action),
                title=text,
            )
            label = text.split(" from ", 1)[-1]
            c.lines(bx + 8, y + 32, label, width=bw - 16, size=13, fill=INK, step=15)

    def decks(self, x, y, w) -> float:
        c, g, obs = self.c, self.g, self.obs
        h = 78
        panel(c, x, y, w, h, "Decks")
        parts = [
            f"news {obs['news_left']}",
            f"evidence {obs['evi_left']} (discards {len(obs['evi_disc'])})",
            f"line {obs['line_left']} (discards {len(obs['line_disc'])})",
            f"overtime {obs['ot_left']}",
        ]
        if g.use_events:
            parts.append(f"events {obs['ev_left']}")
        c.lines(x + 14, y + 52, " · ".join(parts), width=w - 28, size=15, fill=INK, step=19)
        return y + h

    def other_newsrooms(self, seats, x, y, w) -> float:
        """Every other newsroom as a card: its resources, what it holds, and its report
        (public, R-23) as a small board."""
        c, g, d, obs = self.c, self.g, self.d, self.obs
        k = len(seats)
        gap = 14
        cw = min(520, (w - gap * (k - 1)) / k)
        h = 300
        for i, p in enumerate(seats):
            cx = x + i * (cw + gap)
            colour = owner_colour(p)
            c.rect(cx, y, cw, h, fill=PANEL, stroke=EDGE, stroke_width=2, rx=12, pointer_events="none")
            c.rect(
                cx,
                y,
                cw,
                36,
                fill=colour,
                stroke=EDGE,
                stroke_width=2,
                rx=12,
                key=f"newsroom:{p}",
                title=f"newsroom of {owner_word(g, self.seat, p)}",
            )
            c.text(
                cx + 14,
                y + 25,
                f"P{p}" + (" · Press Pass" if obs["pp"] == p else ""),
                size=19,
                fill="#fff",
                weight="bold",
            )
            c.text(
                cx + cw - 14,
                y + 25,
                f"score now {score_now(g, obs, p)}",
                size=16,
                fill="#fff",
                weight="bold",
                anchor="end",
            )
            hand = at_hand_values(g, obs, p)
            hand_text = (
                f"{hand} at hand"
                if isinstance(hand, int)
                else "at hand " + (" ".join(lbl if lbl != "X" else f"X={v}" for lbl, v in hand) or "none")
            )
            hr = obs["hr"][p]
            rows = [
                f"{dollars(obs['money'][p])} · {plural(obs['contacts'][p], 'contact')} · "
                f"score track {obs['points'][p]} · requests {obs['req_left'][p]}",
                hand_text + " · " + (f"X value {d.hr[hr - 1][1]} (HR {hr})" if hr else "X not hired"),
            ]
            tokens = _token_words(g, obs["tok_now"][p])
            later = _token_words(g, obs["tok_new"][p])
            rows.append(f"tokens: {tokens or 'none'}; next round: {later or 'none'}")
            kept = [card_words(d, code) for code in obs["kept"][p]]
            evt = obs["evt"][p]
            if kept or any(evt):
                rows.append(
                    "kept: "
                    + ", ".join(
                        kept
                        + [
                            w_
                            for w_, n_ in (
                                ("target", evt[0]),
                                ("line wildcard", evt[1]),
                                ("evidence wildcard", evt[2]),
                            )
                            if n_
                        ]
                    )
                )
            if not g.lp:
                rows.append(
                    "houses: " + ", ".join(f"{obs['houses'][p][r]} {d.colours[r]}" for r in range(g.krows))
                )
            if obs["arrested"][p]:
                rows.append("arrested: " + " ".join(journalist_label(j) for j in obs["arrested"][p]))
            ty = y + 58
            for row in rows:
                ty = c.lines(cx + 14, ty, row, width=cw - 28, size=14, fill=INK, step=18)
            # the small investigation board
            rep = report_facts(g, obs, p)
            mw, mh = min(34, (cw - 28) / d.n_cols), 20
            my = y + h - 14 - d.n_rows * mh
            c.text(
                cx + 14,
                my - 8,
                f"report {rep['id']}: {len(rep['found'])} of {rep['need']} highlighted found"
                + ("" if rep["reachable"] else " (out of reach)")
                + f" · {plural(len(obs['pins'][p]), 'pin')}",
                size=14,
                fill=INK if rep["reachable"] else WARN,
            )
            pins = list(obs["pins"][p])
            dest = set(obs["destroyed"][p])
            hl = set(rep["cells"])
            for cell in range(d.n_rows * d.n_cols):
                r, col = divmod(cell, d.n_cols)
                bx, by = cx + 14 + col * mw, my + r * mh
                fill = "#fff" if d.cell_line[cell] < 0 else (HIGHLIGHT if cell in hl else DIM)
                c.rect(
                    bx,
                    by,
                    mw - 1,
                    mh - 1,
                    fill=fill,
                    stroke="#a89f8e",
                    stroke_width=0.6,
                    rx=2,
                    title=cell_name(d, cell) + (" (highlighted)" if cell in hl else ""),
                    pointer_events="none",
                )
                if cell in pins:
                    c.circle(
                        bx + mw / 2,
                        by + mh / 2,
                        5,
                        fill="#c0392b",
                        stroke="#111",
                        stroke_width=0.8,
                        pointer_events="none",
                    )
                elif cell in dest:
                    c.line(bx + 3, by + 3, bx + mw - 4, by + mh - 4, stroke=WARN, stroke_width=2)
                    c.line(bx + mw - 4, by + 3, bx + 3, by + mh - 4, stroke=WARN, stroke_width=2)
        return y + h


def board_svg(state, seat: int) -> str:
    """The whole table for `seat` as one SVG (no fixed size): opinion and turn marker (2P and
    solo), the board from the Newspaper down to the Kiosk as printed, the Times (solo), the
    seat's newsroom with its investigation board and report card, the cards of the decision
    at hand, the decks, and the other newsrooms."""
    return _Board(state, seat).draw()


# =========================================================================== actions on the board


def action_keys(state, seat: int, action) -> tuple[str, ...]:
    """The board elements that pick `action`, in click order: a journalist at hand then a
    space for a placement; the cell, card, token, section or piece a choice names; () for a
    pass, a 'no' or a choice with no place on the board."""
    kind = action[0]
    if kind == "place":
        return (f"journalist:{action[1]}", f"space:{action[2]}")
    if kind == "req":
        return (f"section:{action[1]}",)
    if kind == "editorial":
        return ("token:ED",)
    if kind == "tok":
        return (f"token:{action[1]}",)
    if kind in ("pin", "destroy", "stmt"):
        return (f"cell:{action[1]}",)
    if kind in ("pin_evidence", "pin_line"):
        return (source_key(action),)
    if kind == "unpin":
        return (f"cell:{state.observation(seat)['pins'][seat][-1]}",)
    if kind in ("bus", "support"):
        return (f"piece:{action[1]}:{action[2]}",)
    if kind in ("sports", "ent"):
        return (f"space:{action[1]}",)
    if kind == "ot":
        return (f"ot:{action[1]}",)
    if kind == "ot_extra":
        return ("ot:phone",)
    if kind == "reg":
        return ("deck:evidence",) if action[1] == "E" else ("deck:line",)
    if kind == "keep":
        return (f"card:{action[1]}",)
    if kind == "donor":
        return (f"newsroom:{action[1]}",)
    if kind == "train":
        return (f"hr:{state.observation(seat)['hr'][seat] + 1}",)
    if kind == "photo":
        return (f"photo:{action[1]}",)
    if kind == "bail":
        return (f"arrested:{action[1]}",)
    return ()


def source_key(action) -> str:
    """The board key of a pin's source choice: 'source:kept:103', 'source:double:0'."""
    return f"source:{action[1]}:{action[2]}"


def action_group(state, seat: int, action) -> str:
    """Placements are listed under their journalist, so a decision of 70-100 placements is
    taken as a journalist, then a space."""
    if action[0] != "place":
        return ""
    j = action[1]
    if j == JX:
        return f"journalist X (value {x_value(state.game, state.observation(seat), seat)})"
    return f"journalist {j + 1}"
