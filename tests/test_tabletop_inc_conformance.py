"""The shared conformance checks on Tabletop Inc. configurations the registry sweep does not
cover: Mumanbot seats (2-6 seats), POW/WOW mode, the refresh variant (issue bars)."""

import automa.rules.tabletop_inc  # noqa: F401
import pytest

from tests import conformance as c

CONFIGS = [
    {"players": 2, "mumanbots": ("", "extreme")},
    {"players": 3, "mumanbots": ("easy", "", "hard")},
    {"players": 4, "mumanbots": ("", "normal", "", ""), "start_cards": "pow_wow"},
    {"players": 5, "mumanbots": ("", "hard", "easy", "", "extreme"), "card_track_refresh": True},
    {
        "players": 6,
        "mumanbots": ("", "normal", "", "hard", "easy", ""),
        "start_cards": "pow_wow",
        "card_track_refresh": True,
        "refresh_items": True,
    },
    {"players": 2, "start_cards": "pow_wow", "first_player": 1},
    {"players": 4, "mumanbots": ("", "hard", "easy", ""), "zap_per_bot": True, "zap_refill": "four"},
]
IDS = [
    "2p-bot",
    "3p-2bots",
    "4p-bot-powwow",
    "5p-3bots-refresh",
    "6p-3bots-powwow-refresh",
    "2p-powwow",
    "4p-zap-flags",
]
CHECKS = [
    c.check_terminates,
    c.check_determinism,
    c.check_clone,
    c.check_illegal_action,
    c.check_actions_are_plain,
    c.check_determinize,
    c.check_observation_hides,
    c.check_pickle,
]


@pytest.mark.parametrize("params", CONFIGS, ids=IDS)
@pytest.mark.parametrize("check", CHECKS, ids=[f.__name__ for f in CHECKS])
def test_conformance_with_mumanbots_and_pow_wow(check, params):
    check("tabletop_inc", params)
