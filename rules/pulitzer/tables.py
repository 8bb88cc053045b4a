"""The facts of one Pulitzer configuration that the engine reads on every action (`Tables`),
copied once per game from the game and its data files: the state, its scoring and the Times
read them from here."""

from __future__ import annotations

from typing import Any

from .data import LINES


class Tables:
    """The facts of one configuration that the engine reads on every action: the game's
    layout and its card tables, copied once per game.  Compiled (automa/native.py), a read
    from here is a field load, where a read from the interpreted game or data object is a
    dictionary lookup; in pure Python it costs the same as before."""

    def __init__(self, game: Any) -> None:
        d = game.data
        # from the game
        self.n: int = game.n
        self.solo: bool = game.solo
        self.lp: bool = game.lp
        self.chronicle: bool = game.chronicle  # chronicle mode (its bonuses: chronicle_bonuses)
        self.use_events: bool = game.use_events
        self.kcols: int = game.kcols
        self.krows: int = game.krows
        self.slots: int = game.slots
        self.n_spaces: int = game.n_spaces
        self.times_target: int = game.times_target
        self.area: tuple[int, ...] = game.area
        self.aidx: tuple[int, ...] = game.aidx
        self.all_seats: tuple[int, ...] = game.all_seats
        self.kiosk_sids: tuple[int, ...] = game.kiosk_sids
        self.archive_sids: tuple[int, ...] = game.archive_sids
        self.bus_sids: tuple[int, ...] = game.bus_sids
        self.ot_sids: tuple[int, ...] = game.ot_sids
        self.event_sids: tuple[int, ...] = game.event_sids
        self.kiosk_col_sids: tuple[tuple[int, ...], ...] = game.kiosk_col_sids
        self.kiosk_row_sids: tuple[tuple[int, ...], ...] = game.kiosk_row_sids
        self.bus_sid_costs: tuple[tuple[int, ...], ...] = game.bus_sid_costs
        self.bus: tuple[tuple[Any, ...], ...] = game.bus
        self.bus_by_cost: dict[int, int] = game.bus_by_cost
        self.hl: tuple[frozenset[int], ...] = game.hl
        self.alt: frozenset[str] = game.alt
        self.place_acts: tuple[tuple[tuple[Any, ...], ...], ...] = game.place_acts
        # from the data files
        self.houses_per_colour: int = d.houses_per_colour
        self.sports_cash: int = d.sports_cash
        self.ent_contacts: int = d.ent_contacts
        self.economy_points: int = d.economy_points
        self.start: int = d.start
        self.qualify: int = d.qualify
        self.max_turns: int = d.max_turns
        self.ot_display: int = d.ot_display
        self.ot_penalty: int = d.ot_penalty
        self.ot_reward: int = d.ot_reward
        self.times_x_orange: int = d.times_x_orange
        self.times_x_red: int = d.times_x_red
        self.string_length: float = float(d.string_length)
        self.national: tuple[int, ...] = d.national
        self.international: tuple[int, ...] = d.international
        self.cell_evi: tuple[int, ...] = d.cell_evi
        self.cell_line: tuple[int, ...] = d.cell_line
        self.line_points: tuple[int, ...] = d.line_points
        self.statement_points: tuple[int, ...] = d.statement_points
        self.opinion: tuple[int, ...] = d.opinion
        self.photo_cost: tuple[int, ...] = d.photo_cost
        self.supply: tuple[int, ...] = d.supply
        self.red_values: tuple[int, ...] = d.red_values
        self.blue_values: tuple[int, ...] = d.blue_values
        self.times_score: tuple[int, ...] = d.times_score
        self.news_pay: tuple[tuple[int, ...], ...] = d.news_pay
        self.news_blocks: tuple[tuple[int, ...], ...] = d.news_blocks
        self.evidence_cards: tuple[tuple[int, ...], ...] = d.evidence_cards
        self.line_cards: tuple[tuple[int, ...], ...] = d.line_cards
        self.report_cells: tuple[tuple[int, ...], ...] = d.report_cells
        self.reach: tuple[tuple[int, ...], ...] = d.reach
        self.hr: tuple[tuple[int, ...], ...] = d.hr
        self.events: tuple[tuple[int, ...], ...] = d.events
        self.times_by_colour: tuple[tuple[int, ...], ...] = d.times_by_colour
        self.archive_lower: tuple[tuple[int, ...], ...] = d.archive_lower
        self.chronicle_bonuses: tuple[tuple[int, ...], ...] = d.chronicle
        self.ot_cards: tuple[tuple[Any, ...], ...] = d.ot_cards
        self.times_cards: tuple[tuple[Any, ...], ...] = d.times_cards
        self.dist: tuple[tuple[Any, ...], ...] = d.dist
        #: the pin decision's lookups: the cell of (line, evidence) (-1: none; the data's
        #: cell_of without building a key), and its actions, the same objects every time (see PASS)
        self.cell_at: tuple[tuple[int, ...], ...] = tuple(
            tuple(d.cell_of.get((li, e), -1) for e in range(len(d.evidence_types)))
            for li in range(len(LINES))
        )
        self.pin_acts: tuple[Any, ...] = tuple(("pin", c) for c in range(len(d.cell_line)))
        self.colours: tuple[str, ...] = d.colours
        self.evidence_types: tuple[str, ...] = d.evidence_types
        self.report_ids: tuple[str, ...] = d.report_ids


#: one Tables per configuration (games are equal when their type and parameters are)
_TABLES: dict[Any, Tables] = {}


def tables_for(game: Any) -> Tables:
    tables = _TABLES.get(game)
    if tables is None:
        tables = _TABLES[game] = Tables(game)
    return tables
