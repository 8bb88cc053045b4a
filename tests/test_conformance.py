"""The contract of docs/DESIGN.md, for every registered game x mode x player count."""

import pytest

from automa.rules.core import all_configurations
from tests import conformance as c

CONFIGS = all_configurations()
IDS = [f"{name}-{p['mode']}-{p['players']}p" for name, p in CONFIGS]

pytestmark = pytest.mark.skipif(not CONFIGS, reason="no game registered yet")


@pytest.mark.parametrize("name,params", CONFIGS, ids=IDS)
def test_random_games_terminate_within_declared_length(name, params):
    c.check_terminates(name, params)


@pytest.mark.parametrize("name,params", CONFIGS, ids=IDS)
def test_same_seed_same_actions_same_game(name, params):
    c.check_determinism(name, params)


@pytest.mark.parametrize("name,params", CONFIGS, ids=IDS)
def test_clone_is_equal_and_independent(name, params):
    c.check_clone(name, params)


@pytest.mark.parametrize("name,params", CONFIGS, ids=IDS)
def test_illegal_action_raises_and_changes_nothing(name, params):
    c.check_illegal_action(name, params)


@pytest.mark.parametrize("name,params", CONFIGS, ids=IDS)
def test_actions_are_plain_hashable_json(name, params):
    c.check_actions_are_plain(name, params)


@pytest.mark.parametrize("name,params", CONFIGS, ids=IDS)
def test_determinize_keeps_observation_and_never_peeks(name, params):
    c.check_determinize(name, params)


@pytest.mark.parametrize("name,params", CONFIGS, ids=IDS)
def test_settling_a_worlds_generator_changes_no_draw(name, params):
    c.check_settled_generator_draws_the_same(name, params)


@pytest.mark.parametrize("name,params", CONFIGS, ids=IDS)
def test_every_seat_observation_survives_its_determinization(name, params):
    c.check_observation_hides(name, params)


@pytest.mark.parametrize("name,params", CONFIGS, ids=IDS)
def test_states_pickle(name, params):
    c.check_pickle(name, params)


@pytest.mark.parametrize("name,params", CONFIGS, ids=IDS)
def test_records_round_trip(name, params):
    c.check_record_round_trip(name, params)


@pytest.mark.parametrize("name,params", CONFIGS, ids=IDS)
def test_another_seats_move_reads_from_what_the_viewer_sees(name, params):
    c.check_move_text_follows_observation(name, params)


@pytest.mark.parametrize("name,params", CONFIGS, ids=IDS)
def test_determinize_works_for_every_seat_and_plays_out(name, params):
    c.check_determinize_every_seat(name, params)
