"""How the Salem web board looks: its measures, colours and the faces of trial cards, tokens
and playing cards, shared by the table (`board.py`) and your own area (`yours.py`)."""

from __future__ import annotations

WIDTH = 1600
TABLE_LEFT, TABLE_RIGHT, TABLE_TOP, TABLE_BOTTOM = 20, 1120, 94, 1076
PANEL_W, PANEL_H = 210, 186
COLUMN_X, COLUMN_W = 1140, 450
#: seats per side of the table (bottom, left, top, right); you sit in the bottom row's middle
SIDES = {
    4: (1, 1, 1, 1),
    5: (1, 1, 2, 1),
    6: (1, 2, 1, 2),
    7: (1, 2, 2, 2),
    8: (1, 2, 3, 2),
    9: (1, 3, 2, 3),
    10: (1, 3, 3, 3),
    11: (3, 3, 2, 3),
    12: (3, 3, 3, 3),
}

INK, MUTED, PAPER = "#3b2f23", "#7a6a55", "#f3ead6"
PANEL, PANEL_DEAD, RIM = "#fbf6e9", "#d9d0bf", "#8c6d4a"
RED, GREEN, BLACK, GOLD = "#a8322a", "#4b7a3a", "#2d2926", "#c99a2e"
WITCH, CONSTABLE, MINE, TURN = "#5a2d6e", "#2f5d86", "#2f6b3f", "#e6c46a"
SERIF = "Georgia, 'DejaVu Serif', serif"
SANS = "'Segoe UI', 'DejaVu Sans', Arial, sans-serif"
#: face colour, text colour and the letters on a small trial-card glyph
TRIAL_LOOK = {
    "naw": ("#efe4c8", INK, "N"),
    "witch": (WITCH, "#fff", "W"),
    "constable": (CONSTABLE, "#fff", "C"),
    "charlatan": ("#2f6f66", "#fff", "Ch"),
    "gravedigger": ("#2f6f66", "#fff", "G"),
    "inquisitor": ("#2f6f66", "#fff", "I"),
    "magistrate": ("#2f6f66", "#fff", "M"),
    "pickpocket": ("#2f6f66", "#fff", "P"),
}
TOKEN_LOOK = {
    "black_cat": ("#26221f", "#fff"),
    "asylum": ("#3f6f9a", "#fff"),
    "matchmaker": ("#a94f76", "#fff"),
    "piety": ("#e3cf8a", INK),
}
CARD_COLOUR = {"red": RED, "green": GREEN, "black": BLACK}
#: trial-card names broken where a narrow card face would cut them
SPLIT = {
    "constable": "Con- stable",
    "charlatan": "Charla- tan",
    "gravedigger": "Grave- digger",
    "inquisitor": "Inqui- sitor",
    "magistrate": "Magis- trate",
    "pickpocket": "Pick- pocket",
}
