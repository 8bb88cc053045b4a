"""automa: printed solo automata (the Pulitzer Times deck, the Tabletop Inc. Mumanbot)
as engine-driven seats, and the library's version."""

__version__ = "0.1.0"
