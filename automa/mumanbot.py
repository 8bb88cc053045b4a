"""Tabletop Inc.'s Mumanbot, kept importable from here for older code: it lives in its game's
package, `automa.rules.tabletop_inc.mumanbot`, and nothing there imports this module."""

from automa.rules.tabletop_inc.mumanbot import (
    PREDICTIONS,
    award_target,
    blue_box,
    bot_recall,
    bot_turn,
    draw,
    predict,
    zap_vp,
)

__all__ = ["PREDICTIONS", "award_target", "blue_box", "bot_recall", "bot_turn", "draw", "predict", "zap_vp"]
