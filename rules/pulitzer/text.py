"""Pulitzer in words: the names of spaces, cells and owners, every action's text
(`action_to_string`), and the narration of what the Times and the agents did (the public
log)."""

from __future__ import annotations

from typing import Any

import automa.rules.pulitzer.times as T

from .base import (
    EVENT_TITLES,
    KIOSK_COLUMNS,
    PENALTY_DESTROYS,
    PENALTY_TARGET,
    SECTION_WORDS,
    TOKEN_WORDS,
    TOKS,
    PulitzerBase,
    _jlabel,
)
from .data import ARCHIVE, BLUE, BUS, KIOSK, LINES, OVERTIME, RED, SECTIONS, TIMES
from .wording import card_text, column_reward_text, ot_card_parts


class PulitzerText(PulitzerBase):
    def _narrate(self, entry) -> str:
        rnd, kind, args = entry
        if kind == "duel":
            sid, values, stays = args
            text = (
                f"duel on {self.space_name(sid)}: "
                + ", ".join(f"{self.owner_name(o)} {v}" for o, v in values)
                + (" -> agent stays" if stays else " -> agent removed")
            )
        elif kind == "rows":
            sides, net, opinion = args
            capitol, hat = self.tables.opinion[:2]
            text = (
                (
                    "kiosk rows: "
                    + ", ".join(("press", "tie", "government")[1 - h] for h in sides)
                    + f" -> opinion {max(capitol, min(hat, opinion)):+d}"
                )
                if net
                else "kiosk rows: no opinion change"
            )
            if net and opinion <= capitol:
                text += " (the Capitol: the game ends, the press has lost)"
            elif net and opinion >= hat:
                text += " (the Hat: the press wins public opinion; the game ends after this round)"
        elif kind == "column":
            col, winner, total = args
            name = KIOSK_COLUMNS[col]
            if winner < 0:
                text = f"kiosk {name}: tie for the majority at {total}, no reward"
            elif winner >= TIMES:
                who = "the Times has" if winner == TIMES else "the government agents have"
                text = f"kiosk {name}: {who} the majority ({total}), no reward"
            else:
                text = f"kiosk {name}: {self.owner_name(winner)} has the majority ({total}): {self.column_reward_words(col)}"
        elif kind == "house":
            row, winner = args
            text = f"kiosk row {row + 1}: {self.owner_name(winner)} takes a {self.tables.colours[row]} house"
        elif kind == "agent_destroyed":
            colour, cell, seat = args
            text = f"{colour} agent destroyed {self.cell_name(cell)} on {self.owner_name(seat)}'s report"
        elif kind == "times_overtime":
            text = f"Times discarded overtime card #{args[0]}"
        elif kind == "times_card":
            number, colour, placed, skipped, x = args
            text = (
                f"Times card {number} ({T.COLOUR_NAMES[colour]}): face-down journalists on "
                + (", ".join(self.space_name(sid) for sid in placed) or "nothing")
                + (f"; skipped {', '.join(skipped)}" if skipped else "")
                + (f"; purple X value {x}" if x is not None else "")
            )
        else:
            text = " ".join(str(a) for a in (kind,) + tuple(args))
        return f"round {rnd}: {text}"

    def space_name(self, sid: int) -> str:
        tb = self.tables
        area, k = tb.area[sid], tb.aidx[sid]
        if area == KIOSK:
            col, row = divmod(k, tb.krows)
            return f"kiosk {KIOSK_COLUMNS[col]} row {row + 1}"
        if area == ARCHIVE:
            return f"archive space {k + 1}"
        if area == BUS:
            return tb.bus[k][3]
        if area == OVERTIME:
            return f"overtime space {k + 1}"
        eid = self._event_id()
        return f"{EVENT_TITLES[eid] if eid >= 0 else 'event'} space {k + 1}"

    def cell_name(self, cell: int) -> str:
        tb = self.tables
        if tb.cell_line[cell] < 0:
            return "?"
        return f"{LINES[tb.cell_line[cell]]}:{tb.evidence_types[tb.cell_evi[cell]]}"

    def owner_name(self, o: int) -> str:
        if o == TIMES:
            return "Times"
        if o == RED:
            return "red agent"
        if o == BLUE:
            return "blue agent"
        if self.tables.solo:
            return "Post"
        return f"P{o}"

    def action_to_string(self, action) -> str:
        """The action in the printed names a player reads (no engine ids); two legal actions
        of one decision never read the same, so a typed text picks exactly one."""
        try:
            a0 = action[0]
        except (TypeError, IndexError, KeyError):
            return repr(action)
        try:
            return self._action_words(a0, action)
        except (IndexError, TypeError, KeyError, ValueError, AttributeError):
            return repr(action)

    def _action_words(self, a0, action) -> str:
        tb = self.tables
        s = self.current_player()
        if a0 == "place":
            return f"place journalist {_jlabel(action[1])} on {self.space_name(action[2])}"
        if a0 == "req":
            return f"request in {SECTION_WORDS[action[1]]}"
        if a0 == "pass":
            return "pass"
        if a0 == "editorial":
            return "use the Editorial token: place two journalists in a row"
        if a0 == "bail":
            return f"pay bail for journalist {_jlabel(action[1])} (${100 * (self.jval(s, action[1]) + 3)})"
        if a0 == "unpin":
            return f"take back your last pin {self.cell_name(self.pins[s][-1])} (frees its string)"
        if a0 == "tok":
            if action[1] == "RG" and self.tables.lp:
                return "put the Registry token beside it (it draws 2 extra cards of one type)"
            return f"slide the {self._token_words(action[1])} token under it"
        if a0 == "notok":
            return "no token under it"
        if a0 == "finale":
            return (
                "Grand Finale: turn it face up (value x $100 + $300 instead of the payout)"
                if action[1] == "up"
                else "Grand Finale: keep it face down"
            )
        if a0 == "pin":
            cell = action[1]
            worth = f"{tb.line_points[tb.cell_line[cell]]} points"
            if cell in self.tables.hl[self.report[s]]:
                worth = "highlighted, " + worth
            last = self.pins[s][-1] if self.pins[s] else tb.start
            cost = tb.dist[last][cell]
            left = tb.string_length - self.string_used[s] - cost
            return f"pin {self.cell_name(cell)} ({worth}; string {cost:.1f}, {max(0.0, left):.1f} left after)"
        if a0 == "nopin":
            return "pin nothing (discard the drawn cards)"
        if a0 in ("pin_evidence", "pin_line"):
            return self._source_words(action)
        if a0 == "destroy":
            return f"destroy highlighted evidence {self.cell_name(action[1])}"
        if a0 == "stmt":
            return f"put the witness statement under your pin {self.cell_name(action[1])}"
        if a0 == "bus":
            p = self.spaces[action[1]][action[2]]
            return f"resolve your journalist {_jlabel(p[1])} on {self.space_name(action[1])} next"
        if a0 == "support":
            p = self.spaces[action[1]][action[2]]
            e, l = self.pend[3] if self.pend and self.pend[0] == "support" else (0, 0)
            gain = ", ".join(
                f"+{k} {kind} card{'s' if k > 1 else ''}" for k, kind in ((e, "evidence"), (l, "line")) if k
            )
            return f"archive support to your journalist {_jlabel(p[1])} on {self.space_name(action[1])}" + (
                f" ({gain})" if gain else ""
            )
        if a0 == "nosupport":
            return "no archive support"
        if a0 == "reg":
            return f"Registry: draw 2 more {'evidence' if action[1] == 'E' else 'line'} cards"
        if a0 == "sports":
            return f"Sports reward: the row +2 token under your journalist on {self.space_name(action[1])}"
        if a0 == "sports_cash":
            return f"Sports reward: take ${100 * tb.sports_cash}"
        if a0 == "ent":
            return f"Entertainment reward: the +2 token under your journalist on {self.space_name(action[1])}"
        if a0 == "ent_contact":
            return (
                f"Entertainment reward: take {tb.ent_contacts} contact{'s' if tb.ent_contacts != 1 else ''}"
            )
        if a0 == "ot":
            return f"take overtime card {self.ot_card_words(action[1])}"
        if a0 == "ot_extra":
            return "pay 1 contact: reveal an extra overtime card on the telephone space"
        if a0 == "donor":
            return f"take the {self._token_words(TOKS[self.pend[2]])} token from {self.owner_name(action[1])}"
        if a0 == "train":
            cost, value, points = tb.hr[self.hr[s]]
            return (
                f"train journalist X to HR space {self.hr[s] + 1} for ${100 * cost} "
                f"(value {value}, {points} points at the end)"
            )
        if a0 == "stop":
            return "stop training"
        if a0 == "photo":
            return f"buy a Photo +{action[1]} token for ${100 * tb.photo_cost[action[1] - 1]}"
        if a0 == "nophoto":
            return "buy no Photo token"
        if a0 == "keep":
            code = action[1]
            text = f"keep {self.card_words(code)}"
            same = (
                [c for c in self.pend[2] if self.card_words(c) == self.card_words(code)] if self.pend else []
            )
            if len(same) > 1:
                text += f" (copy {same.index(code) + 1})"
            return text
        if a0 == "fund":
            return (
                "Fundraising: take $900" if action[1] == "money" else "Fundraising: take an evidence wildcard"
            )
        return " ".join(str(x) for x in action)

    def _source_words(self, action) -> str:
        """Which card supplies the pin's evidence or line, and what it costs (R-12, R-13)."""
        tb = self.tables
        a0, kind, code = action
        pend = self.pend if self.pend is not None and self.pend[0] == a0 else None
        cell: Any = pend[2] if pend else None
        if a0 == "pin_evidence":
            what = f"evidence {tb.evidence_types[tb.cell_evi[cell]]}" if pend else "the evidence"
            if kind == "drawn":
                return f"{what} from a drawn card"
            if kind == "kept":
                return f"{what} from your kept {self.card_words(code)}"
            if kind == "leak":
                return f"{what} from a leaked card (pay $200 to {self.owner_name(self.leak_owner)})"
            return f"{what} from your evidence wildcard"
        li = tb.cell_line[cell] if pend else -1
        what = f"line {LINES[li]}" if pend else "the line"
        penalty = self._penalty_words(pend[1], cell, li) if pend else "its double-line penalty"
        if kind == "drawn":
            return f"{what} from a drawn single line card"
        if kind == "double":
            return f"{what} from the drawn double line card ({penalty})"
        if kind == "kept":
            double = len(tb.line_cards[code - 100]) == 2
            return f"{what} from your kept {self.card_words(code)}" + (f" ({penalty})" if double else "")
        return f"{what} from your line wildcard"

    def _penalty_words(self, s: int, cell: int, li: int) -> str:
        """What the double-line penalty would do to seat s's report for a pin on `cell`."""
        open_cells = sum(1 for c in self._destroy_options(s, (li,)) if c != cell)
        kind = self._penalty_kind(s, cell, li)
        if kind == PENALTY_TARGET:
            if not open_cells:
                return "discards your target token, nothing to destroy"
            return (
                f"destroys {min(2, open_cells)} highlighted {LINES[li]} evidence "
                "and discards your target token"
            )
        if kind == PENALTY_DESTROYS:
            return f"destroys 1 highlighted {LINES[li]} evidence"
        return "nothing to destroy"

    def _token_words(self, code: str) -> str:
        if code == "RG" and self.tables.lp:
            return "Registry (2 extra cards)"
        return TOKEN_WORDS[code]

    def card_words(self, code: int) -> str:
        """A kept or drawn card by what it shows: 'evidence card MEM' (wording.py)."""
        return card_text(self.tables, code)

    def column_reward_words(self, col: int) -> str:
        """What the majority of a kiosk column wins (§8.2, §13.5), in words."""
        return column_reward_text(self.tables, self.tables.solo, col)

    def ot_card_words(self, card: int) -> str:
        """'#16 (new evidence: keep 1 line card)': an overtime card's number and effect."""
        number, effect = ot_card_parts(self.tables, card)
        return f"{number} ({effect})"

    def history_text(self) -> list[str]:
        return [self._narrate(entry) for entry in self.log]

    def __str__(self) -> str:
        tb = self.tables
        lines = [
            f"Pulitzer round {self.round}/8 ({self.game.params.mode}); "
            + ("over" if self.over else f"to move: {self.owner_name(self.current_player())}")
        ]
        if self.news_deck:
            pay = tb.news_pay[self.news_deck[-1]]
            lines.append(
                "kiosk pay: "
                + ", ".join(
                    f"{n}=${p}00" for n, p in zip(("Nat", "Int", "Spo", "Ent", "Eco")[: tb.kcols], pay)
                )
            )
        lines.append("blocked: " + ", ".join(SECTIONS[x] for x in tb.news_blocks[self.news_turned]))
        if tb.lp:
            lines.append(
                f"opinion {self.opinion} (Capitol {tb.opinion[0]}, Hat {tb.opinion[1]}), marker {self.marker}"
            )
        if tb.solo:
            lines.append(
                f"Times target {tb.times_target}; Times X value {self.times_x}; "
                f"cards left {len(self.times_deck)}"
            )
        for sid in range(tb.n_spaces):
            if self.spaces[sid]:
                ps = []
                for p in self.spaces[sid]:
                    hidden = not self.revealed and p[0] not in (BLUE,) and p[0] != self.current_player()
                    v = "?" if hidden else str(self.pval(p))
                    ps.append(f"{self.owner_name(p[0])}:{v}" + (f"+{p[2]}" if p[2] else ""))
                lines.append(f"  {self.space_name(sid)}: {' '.join(ps)}")
        lines.append("overtime display: " + ", ".join(f"#{tb.ot_cards[c][0]}" for c in self.ot_display))
        for s in range(tb.n):
            lines.append(
                f"{self.owner_name(s)}: ${self.money[s]}00, {self.contacts[s]} contacts, "
                f"{self.points[s]} pts, HR {self.hr[s]}, report {tb.report_ids[self.report[s]]} "
                f"found {self.found_highlighted(s)}/5, pins {[self.cell_name(c) for c in self.pins[s]]}, "
                f"destroyed {len(self.destroyed[s])}, score now {self.final_score(s)}"
            )
        if self.over:
            lines.append(f"result: {self.outcome().reason}")
        return "\n".join(lines)
