"""The tuner: a synthetic knob with known win rates, the knobs of real games, the CLI."""

import math
import random

import pytest
from click.testing import CliRunner

from automa.rules.pulitzer.auto import legal_times_mixes, times_mix_difficulty
from automa.search.tune import (
    Setting,
    SettingResult,
    TuneError,
    format_tune,
    knob_settings,
    tune,
)

TRUE_A, TRUE_B = 3.0, -1.0  # true win rate at x: 1 / (1 + exp(-(3 - x)))


def true_rate(x):
    return 1 / (1 + math.exp(-(TRUE_A + TRUE_B * x)))


def synthetic(game, setting, games, seed, index, jobs, precision):
    rng = random.Random(seed * 1000 + index)
    result = SettingResult(setting)
    for _ in range(games):
        result.games += 1
        result.wins += rng.random() < true_rate(setting.x)
    return result


SETTINGS = [Setting(f"s{x}", x, {}, ("p",)) for x in range(7)]


def test_tuner_finds_the_known_answer_on_a_synthetic_knob():
    result = tune(
        "synthetic",
        "synthetic",
        0.5,
        "p",
        games_per_setting=4000,
        seed=1,
        settings=SETTINGS,
        evaluator=synthetic,
    )
    # true answer: rate 0.5 at x = 3
    assert result.closest.setting.label == "s3"
    assert result.recommended.setting.label == "s3"
    assert result.x_at_target == pytest.approx(3.0, abs=0.1)
    low, high = result.x_interval
    assert low < 3.0 < high
    assert result.fit.slope == pytest.approx(TRUE_B, abs=0.1)
    for r in result.results:
        lo, hi = r.interval
        assert lo <= r.rate <= hi


def test_target_outside_the_range_is_reported():
    result = tune(
        "synthetic",
        "synthetic",
        0.999,
        "p",
        games_per_setting=2000,
        seed=2,
        settings=SETTINGS,
        evaluator=synthetic,
    )
    assert any("every setting is too hard" in note for note in result.notes)
    assert any("outside the measured range" in note for note in result.notes)
    assert result.recommended is None and result.closest.setting.label == "s0"


def test_max_games_stops_the_run_and_says_so():
    result = tune(
        "synthetic",
        "synthetic",
        0.5,
        "p",
        games_per_setting=100,
        max_games=250,
        seed=3,
        settings=SETTINGS,
        evaluator=synthetic,
    )
    assert sum(r.games for r in result.results) == 250
    assert any("--max-games 250 spent" in note for note in result.notes)
    assert "recommended" in format_tune(result)


def test_bad_target_and_knob_are_explained():
    with pytest.raises(TuneError, match="strictly between 0 and 1"):
        tune("tiny_goofspiel", "level", 1.5, "random")
    with pytest.raises(TuneError, match="unknown knob 'speed'; tiny_goofspiel's knobs: level, budget"):
        knob_settings("tiny_goofspiel", "speed", "random")
    with pytest.raises(TuneError, match="times_mix belongs to pulitzer"):
        knob_settings("tiny_goofspiel", "times_mix", "random")


def test_times_mix_settings_cover_every_legal_mix_in_difficulty_order():
    mixes = legal_times_mixes()
    assert len(mixes) == 27 and all(sum(m) == 8 and max(m) <= 5 for m in mixes)
    assert times_mix_difficulty((5, 3, 0)) == 21 and times_mix_difficulty((0, 3, 5)) == 11
    settings = knob_settings("pulitzer", "times_mix", "pulitzer-heuristic")
    assert len(settings) == 27
    assert [s.x for s in settings] == sorted(s.x for s in settings)
    assert all(s.params["mode"] == "solo" for s in settings)


def test_mumanbot_settings_face_each_level():
    settings = knob_settings("tabletop_inc", "mumanbot", "tabletop-heuristic")
    assert [s.label for s in settings] == ["easy", "normal", "hard", "extreme"]
    assert settings[3].lineup == ("tabletop-heuristic", "mumanbot:extreme")


def test_level_knob_on_a_real_tournament():
    """Small but real: random against the preset ladder on the test game."""
    result = tune("tiny_goofspiel", "level", 0.5, "random", games_per_setting=2, seed=4, players=2)
    assert [r.setting.label for r in result.results] == ["easy", "normal", "hard", "expert"]
    assert all(r.games == 2 for r in result.results)
    assert result.closest is not None


def test_salem_level_knob_counts_team_wins_and_refuses_a_search_opponent():
    """In Salem a seat wins whenever its side does, so the player's wins are whole games,
    never a quarter of one; and Salem's levels are not search settings, so asking for them
    as `ismcts:level=L` is refused before any game is played."""
    result = tune("salem", "level", 0.5, "salem-heuristic", games_per_setting=6, seed=2, players=4)
    assert [r.games for r in result.results] == [6, 6, 6, 6]
    assert all(float(r.wins).is_integer() for r in result.results)
    assert any(r.wins > 0 for r in result.results)
    with pytest.raises(TuneError, match="salem.s levels are played by salem-expert.*use level:easy"):
        tune("salem", "level", 0.5, "random", games_per_setting=2, players=4, opponent="ismcts")


def test_tune_command_prints_the_table():
    from automa.cli import main

    out = CliRunner().invoke(
        main,
        [
            "tune",
            "tiny_goofspiel",
            "--knob",
            "budget",
            "--player",
            "random",
            "--games-per-setting",
            "2",
            "--max-games",
            "6",
        ],
    )
    assert out.exit_code == 0, out.output
    assert "95% Wilson" in out.output and (
        "recommended budget" in out.output or "no budget is recommended" in out.output
    )
    bad = CliRunner().invoke(main, ["tune", "tiny_goofspiel", "--knob", "speed", "--player", "random"])
    assert bad.exit_code != 0 and "knobs:" in bad.output


def test_a_knob_whose_win_rate_rises_is_not_turned_into_a_recommendation():
    def rising(game, setting, games, seed, index, jobs, precision):
        result = SettingResult(setting)
        result.games = 1000
        result.wins = 1000 * (0.1 + 0.02 * setting.x)
        return result

    result = tune(
        "synthetic", "synthetic", 0.5, "p", games_per_setting=10, settings=SETTINGS, evaluator=rising
    )
    assert result.recommended is None and result.closest.setting.label == "s6"
    assert any("does not fall with difficulty" in n for n in result.notes)
    assert "no synthetic is recommended" in format_tune(result)


def test_a_fluke_is_not_recommended_when_the_fit_says_the_target_is_out_of_reach():
    """6 games a setting: one setting's 4 of 6 is a fluke when the fitted curve never
    reaches the target; tune names no setting then."""

    def flat_low(game, setting, games, seed, index, jobs, precision):
        result = SettingResult(setting)
        result.games = 6
        result.wins = 4 if setting.label == "s2" else 0
        return result

    result = tune(
        "synthetic", "synthetic", 0.5, "p", games_per_setting=6, settings=SETTINGS, evaluator=flat_low
    )
    assert result.recommended is None
    assert "no synthetic is recommended" in format_tune(result)


def test_a_misspelt_player_stops_tune_before_any_game():
    with pytest.raises(TuneError, match="unknown bot 'nosuch'"):
        tune("pulitzer", "times_mix", 0.5, "nosuch", games_per_setting=2)
