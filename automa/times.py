"""Pulitzer's Times deck and government agents now live in the game's own package,
`automa.rules.pulitzer.times`; this module re-exports them for code written against the
old place (nothing in the package imports it)."""

from automa.rules.pulitzer.times import (
    BLUE,
    COLOUR_NAMES,
    RED,
    TIMES,
    agent_draw_counts,
    agent_matches,
    build_deck,
    deck_colours,
    overtime_pick,
    place_agents,
    reveal_and_place,
    roll_agent_cells,
    times_score,
    times_space,
    validate_mix,
)

__all__ = [
    "BLUE",
    "COLOUR_NAMES",
    "RED",
    "TIMES",
    "agent_draw_counts",
    "agent_matches",
    "build_deck",
    "deck_colours",
    "overtime_pick",
    "place_agents",
    "reveal_and_place",
    "roll_agent_cells",
    "times_score",
    "times_space",
    "validate_mix",
]
