"""`auto` difficulty (automa/adapt.py, issue #48): the ability fit and its prior, the choice
of setting, alternation between neighbours, the out-of-range message, and `resolve_auto` for
every kind of knob.  A synthetic knob whose true win rates are known checks that the rate
realised converges on the target; the real campaigns are experiments/adaptive.py's."""

from __future__ import annotations

import math
import random

import pytest

from automa.adapt import (
    CLOSE,
    PRIOR_SD,
    AutoError,
    Choice,
    Fit,
    Setting,
    choose,
    fit_ability,
    fit_for,
    game_knobs,
    has_auto,
    predict,
    resolve_auto,
    seat_knob,
)
from automa.rules.core import AutomaError, load_game


def synthetic(difficulties=(-2.0, -1.0, 0.0, 1.0, 2.0), default: int = 2):
    settings = tuple(Setting(f"s{i}", d) for i, d in enumerate(difficulties))
    return seat_knob("bot", "bot", settings, settings[default].label, "ref")


def game_at(label: str, won: float, auto: bool = True) -> dict:
    return {
        "game": "synthetic",
        "params": {"players": 2},
        "seats": ["human", f"bot:{label}"],
        "seat": 0,
        "won": won,
        "finished": 0,
        "auto": {"knob": "bot", "label": label, "predicted": 0.5} if auto else None,
    }


def next_label(knob, past, target=0.5) -> Choice:
    fit, labels, _ = fit_for(knob, past)
    return choose(knob, fit, target, labels, "")


# --------------------------------------------------------------------------- the fit


def test_no_games_gives_the_prior():
    fit = fit_ability([], prior_mean=0.7)
    assert fit.ability == pytest.approx(0.7)
    assert fit.sd == pytest.approx(PRIOR_SD)


def test_the_prior_keeps_a_perfect_record_finite_and_moves_with_the_results():
    wins = fit_ability([(0.0, 1.0)] * 5, prior_mean=0.0)
    losses = fit_ability([(0.0, 0.0)] * 5, prior_mean=0.0)
    assert 0.5 < wins.ability < 5 and wins.ability == pytest.approx(-losses.ability)
    assert wins.sd < PRIOR_SD


def test_many_games_reach_the_maximum_likelihood():
    # 300 games at difficulty 0, 210 won: the MLE is logit(0.7); the prior barely matters
    fit = fit_ability([(0.0, 1.0)] * 210 + [(0.0, 0.0)] * 90, prior_mean=-3.0)
    assert fit.ability == pytest.approx(math.log(0.7 / 0.3), abs=0.03)


def test_games_at_fixed_settings_inform_the_fit():
    knob = synthetic()
    past = [game_at("s4", 1.0, auto=False)] * 6
    fit, labels, counted = fit_for(knob, past)
    assert counted == 6 and labels == []
    assert fit.ability > knob.settings[knob.default].difficulty + 0.5


def test_games_off_the_knob_are_ignored():
    knob = synthetic()
    other = dict(game_at("s1", 1.0), seats=["human", "random"])
    _, _, counted = fit_for(knob, [other])
    assert counted == 0


# --------------------------------------------------------------------------- the choice


def test_a_first_game_is_the_default_and_even():
    knob = synthetic()
    choice = next_label(knob, [])
    assert choice.label == "s2"
    assert choice.predicted == pytest.approx(0.5)
    low, high = choice.interval
    assert low < 0.2 and high > 0.8  # one prior, wide


def test_the_nearest_setting_when_one_hits_the_target():
    knob = synthetic()
    fit = Fit(ability=1.0, sd=0.3, games=50, wins=30)
    choice = choose(knob, fit, 0.5, [], "")
    assert choice.label == "s3" and not choice.alternating
    assert abs(choice.predicted - 0.5) <= CLOSE


def test_neighbours_alternate_in_the_proportion_that_hits_the_target():
    knob = synthetic()
    fit = Fit(ability=0.5, sd=0.2, games=100, wins=60)
    p2, p3 = predict(0.5, knob.settings[2]), predict(0.5, knob.settings[3])
    share = (0.5 - p3) / (p2 - p3)
    labels: list[str] = []
    for _ in range(200):
        choice = choose(knob, fit, 0.5, labels, "")
        assert choice.alternating == ["s2", "s3"]
        labels.append(choice.label)
    assert labels.count("s2") / len(labels) == pytest.approx(share, abs=0.01)
    mean = (labels.count("s2") * p2 + labels.count("s3") * p3) / len(labels)
    assert mean == pytest.approx(0.5, abs=0.005)
    assert "alternate" in choice.why
    # the choice follows from the past alone
    assert choose(knob, fit, 0.5, labels, "").label == choose(knob, fit, 0.5, list(labels), "").label


def test_out_of_range_says_so_honestly():
    knob = synthetic()
    strong = choose(knob, Fit(ability=5.0, sd=0.2, games=80, wins=78), 0.5, [], "")
    assert strong.out_of_range and strong.label == "s4"
    assert f"Even the hardest bot (s4) leaves you about {strong.predicted:.2f}" in strong.why
    weak = choose(knob, Fit(ability=-5.0, sd=0.2, games=80, wins=1), 0.5, [], "")
    assert weak.out_of_range and weak.label == "s0"
    assert "Even the easiest bot (s0) gives you only about" in weak.why


def test_lines_fit_78_columns():
    knob = synthetic()
    choice = choose(knob, Fit(ability=0.5, sd=0.2, games=100, wins=60), 0.5, [], "From your 100 games " * 8)
    assert len(choice.lines()) >= 3
    assert all(len(line) <= 78 for line in choice.lines())


def run_campaign(knob, true_rate, games: int, target: float, seed: int) -> tuple[float, list[str]]:
    """Realised win rate after a 20-game burn-in, and the labels played."""
    rng = random.Random(seed)
    past: list[dict] = []
    for _ in range(games):
        choice = next_label(knob, past, target)
        won = 1.0 if rng.random() < true_rate[choice.label] else 0.0
        past.append(game_at(choice.label, won))
    counted = past[20:]
    return sum(g["won"] for g in counted) / len(counted), [g["auto"]["label"] for g in past]


def test_convergence_on_a_synthetic_knob_whose_rates_are_known():
    knob = synthetic()
    # a player whose curve is half as steep as the reference's (the model is wrong about
    # the slope), and who wins 0.62 at the default
    truth = {s.label: 1 / (1 + math.exp(-(0.5 - 0.5 * s.difficulty))) for s in knob.settings}
    assert truth["s4"] < 0.5 < truth["s0"]
    realised, labels = run_campaign(knob, truth, 160, 0.5, seed=3)
    assert abs(realised - 0.5) <= 0.1
    assert labels[0] == "s2" and labels[-1] in ("s3", "s4")


def test_convergence_for_many_players_and_targets():
    knob = synthetic()
    errors = []
    for seed, (skill, slope, target) in enumerate(
        [(0.0, 1.0, 0.5), (1.0, 0.6, 0.5), (-1.0, 1.5, 0.5), (0.5, 1.0, 0.6), (0.5, 1.0, 0.3)]
    ):
        truth = {s.label: 1 / (1 + math.exp(-(skill - slope * s.difficulty))) for s in knob.settings}
        realised, _ = run_campaign(knob, truth, 240, target, seed)
        errors.append(abs(realised - target))
    assert max(errors) <= 0.1 and sum(errors) / len(errors) <= 0.05


# --------------------------------------------------------------------------- the games' knobs


def test_every_registered_knob_is_ordered_easiest_first():
    for game in ("pulitzer", "tabletop_inc", "pi", "watergate", "salem"):
        for knob in game_knobs(game):
            ds = [s.difficulty for s in knob.settings]
            assert ds == sorted(ds), (game, knob.name)
            assert 0 <= knob.default < len(knob.settings)


def test_has_auto_finds_every_form():
    assert has_auto("pulitzer", {"times_mix": "auto"}, ["human"])
    assert has_auto("tabletop_inc", {}, ["human", "mumanbot:auto"])
    assert has_auto("pi", {}, ["human", "automaton:pi-investigator,knob=auto"])
    assert has_auto("pi", {}, ["human", "level:auto"])
    assert not has_auto("pi", {"players": 2}, ["human", "level:hard"])


def test_resolve_auto_without_auto_changes_nothing():
    params, seats, choice = resolve_auto("pi", {"players": 2}, ["human", "level:hard"], [])
    assert (params, seats, choice) == ({"players": 2}, ["human", "level:hard"], None)


def test_times_mix_auto():
    params, seats, choice = resolve_auto(
        "pulitzer", {"mode": "solo", "players": 1, "times_mix": "auto"}, ["human"], []
    )
    assert params["times_mix"] == (3, 3, 2) and seats == ["human"]
    assert choice.knob == "times_mix" and choice.label == "3,3,2"
    load_game("pulitzer", **params)  # a game the engine takes
    # losing every game at the default moves the Times to an easier deck
    lost = {
        "game": "pulitzer",
        "params": load_game("pulitzer", **params).params.to_json(),
        "seats": ["human"],
        "seat": 0,
        "won": 0.0,
        "finished": 1,
        "auto": choice.to_json(),
    }
    params2, _, choice2 = resolve_auto(
        "pulitzer", {"mode": "solo", "times_mix": "auto"}, ["human"], [lost] * 8
    )
    red, orange, yellow = params2["times_mix"]
    assert 3 * red + 2 * orange + yellow < 17 and choice2.label != "3,3,2"


def test_mumanbot_auto():
    params, seats, choice = resolve_auto("tabletop_inc", {"players": 2}, ["human", "mumanbot:auto"], [])
    assert seats == ["human", "mumanbot:normal"] and choice.knob == "mumanbot"
    won = {
        "game": "tabletop_inc",
        "params": {"players": 2},
        "seats": ["mumanbot:easy", "human"],
        "seat": 1,
        "won": 1.0,
        "finished": 1,
        "auto": None,
    }
    _, seats2, _ = resolve_auto("tabletop_inc", {"players": 2}, ["mumanbot:auto", "human"], [won] * 10)
    assert seats2[0] in ("mumanbot:normal", "mumanbot:hard", "mumanbot:extreme") and seats2[1] == "human"


def test_level_auto():
    params, seats, choice = resolve_auto("pi", {"players": 2}, ["human", "level:auto"], [])
    assert seats == ["human", "level:normal"] and choice.knob == "level"
    beaten = {
        "game": "pi",
        "params": {"players": 2},
        "seats": ["human", "level:expert"],
        "seat": 0,
        "won": 0.0,
        "finished": 1,
        "auto": None,
    }
    _, seats2, choice2 = resolve_auto("pi", {"players": 2}, ["human", "level:auto"], [beaten] * 12)
    assert seats2[1] == "level:easy" and "12 games" in choice2.why


LEVEL_CALIBRATION = """knob = "level"
reference = "a test reference"
command = "a test command"
seed = 48048
""" + "".join(
    f'\n[[settings]]\nlabel = "{label}"\nx = {i}\ngames = 100\nwins = {wins}\n'
    for i, (label, wins) in enumerate([("easy", 90), ("normal", 70), ("hard", 50), ("expert", 30)])
)


@pytest.mark.parametrize("game", ["pi", "watergate", "salem", "tabletop_inc"])
def test_each_level_knob_reads_its_games_calibration_level_toml(game, tmp_path, monkeypatch):
    """`level:auto` rests on the game's own `calibration_level.toml` (fresh seeds) when it is
    there, and on the levels' calibration in search/presets.toml only when it is not."""
    import importlib

    from automa.search.mcts import presets

    auto = importlib.import_module(f"automa.rules.{game}.auto")
    assert auto.LEVELS.name == "calibration_level.toml" and auto.LEVELS.parent.name == game
    path = tmp_path / "calibration_level.toml"
    path.write_text(LEVEL_CALIBRATION, encoding="utf-8")
    monkeypatch.setattr(auto, "LEVELS", path)
    (knob,) = [k for k in auto.knobs() if k.name == "level"]
    assert knob.reference == "a test reference"
    assert [s.label for s in knob.settings] == ["easy", "normal", "hard", "expert"]
    monkeypatch.setattr(auto, "LEVELS", tmp_path / "absent.toml")
    (knob,) = [k for k in auto.knobs() if k.name == "level"]
    assert knob.reference == presets()["calibration"][game]["reference"]


def test_deck_knob_auto():
    params, seats, choice = resolve_auto(
        "pi", {"players": 2}, ["human", "automaton:pi-investigator,knob=auto"], []
    )
    assert seats == ["human", "automaton:pi-investigator,knob=1"] and choice.knob == "pi-investigator"
    game = load_game("pi", **params).with_automaton_seats(seats)
    assert game.automaton_seats() == (1,)


def test_auto_without_a_knob_is_one_clear_error():
    with pytest.raises(AutomaError) as err:
        resolve_auto("tabletop_inc", {"players": 2, "times_mix": "auto"}, ["human", "random"], [])
    message = str(err.value)
    assert "\n" not in message and "tabletop_inc" in message and "mumanbot" in message
    with pytest.raises(AutoError) as err:
        resolve_auto("pulitzer", {"players": 3}, ["human", "level:auto", "level:auto"], [])
    assert "\n" not in str(err.value) and "times_mix" in str(err.value)


def test_two_autos_at_once_are_refused():
    with pytest.raises(AutoError, match="at once"):
        resolve_auto("pi", {"players": 3}, ["human", "automaton:pi-investigator,knob=auto", "level:auto"], [])


def test_a_target_outside_zero_one_is_refused():
    with pytest.raises(AutoError, match="target"):
        resolve_auto("pi", {"players": 2}, ["human", "level:auto"], [], target=1.0)


@pytest.mark.parametrize("name", ["pi", "salem", "tabletop_inc", "watergate"])
def test_every_level_ladder_rests_on_a_curve_measured_on_fresh_seeds(name):
    """Each game's `level:auto` reads its shipped calibration_level.toml (root seed 48048,
    experiments/calibrate_auto.py), whose levels get harder in order, not the tuning-seed
    calibration in search/presets.toml."""
    import importlib

    auto = importlib.import_module(f"automa.rules.{name}.auto")
    (level,) = [k for k in auto.knobs() if k.name == "level"]
    assert "experiments/calibrate_auto.py" in level.source
    assert [s.label for s in level.settings] == ["easy", "normal", "hard", "expert"]
    hardness = [s.difficulty for s in level.settings]
    assert hardness == sorted(hardness)
