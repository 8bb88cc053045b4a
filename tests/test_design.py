"""The automaton designer (search/design.py, `automa design`): a small but real run
writes a playable deck, its table and its printables; the search's moves stay within the
deck language."""

import random
from itertools import pairwise

from click.testing import CliRunner
from PIL import Image

from automa.cli import main
from automa.decks import load_deck
from automa.decks.printable import CARD_MM, DPI, write_printables
from automa.rules.core import load_game
from automa.search.design import KNOB_CARD, MAX_CARDS, MAX_RULES, deck_key, knob_for, mutate, random_deck


def test_a_small_design_run_writes_a_deck_a_table_and_a_pdf(tmp_path):
    out = tmp_path / "design"
    result = CliRunner().invoke(
        main,
        [
            "design",
            "watergate",
            "--seat",
            "1",
            "--target",
            "0.5",
            "--against",
            "random",
            "--games",
            "2",
            "--budget",
            "3",
            "--seed",
            "4",
            "--levels",
            "easy",
            "--out",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    deck_file = out / "watergate-nixon.toml"
    deck = load_deck(str(deck_file), load_game("watergate"))
    assert deck.seat == 1 and deck.knob_bonus == "tip_off" and 1 <= deck.settings <= 3
    table = (out / "watergate-nixon.md").read_text()
    assert (
        "| setting | for the mark | what it sets | win rate | 95% interval | holds the mark | games |"
        in table
    )
    assert all(
        f"| {mark} |" in table or f", {mark}" in table or f"| {mark}," in table
        for mark in ("0.3", "0.5", "0.7")
    )
    scale = knob_for(load_game("watergate"), 1).settings
    assert "## The knob's scale, swept against `random`" in table
    assert all(f"\n| {k} | " in table.split("## The knob's scale")[1] for k in range(scale))
    assert "pin them" in table and "Ordering:" in table
    assert "level:easy" in table and "--mark-games 2" in table
    assert "Simplicity:" in table
    pdf = out / "print" / "watergate-nixon.pdf"
    assert pdf.read_bytes().startswith(b"%PDF")
    assert len(list((out / "print").glob("watergate-nixon-card-*.png"))) == len(deck.cards)
    assert "(2/2)" in result.output or "/2)" in result.output
    written = deck_file.read_text()
    again = CliRunner().invoke(
        main,
        [
            "design",
            "watergate",
            "--seat",
            "1",
            "--target",
            "0.5",
            "--against",
            "random",
            "--games",
            "2",
            "--budget",
            "3",
            "--seed",
            "4",
            "--levels",
            "easy",
            "--out",
            str(out),
        ],
    )
    assert again.exit_code == 0 and deck_file.read_text() == written  # resumed: the same games


def test_design_refuses_a_seat_the_game_lacks_and_a_bad_opponent(tmp_path):
    result = CliRunner().invoke(main, ["design", "watergate", "--seat", "5", "--out", str(tmp_path)])
    assert result.exit_code != 0 and "--seat must be a seat 0-1" in result.output
    result = CliRunner().invoke(
        main, ["design", "watergate", "--seat", "1", "--against", "wizard", "--out", str(tmp_path)]
    )
    assert result.exit_code != 0 and "unknown bot 'wizard'" in result.output


def test_mutations_stay_within_the_language():
    game = load_game("watergate")
    rng = random.Random(3)
    deck = random_deck(game, 0, rng)
    seen = {deck_key(deck)}
    for _ in range(200):
        deck = mutate(deck, game, rng)
        seen.add(deck_key(deck))
        cards = [c for c in deck.cards if c.name != KNOB_CARD]
        assert 1 <= len(cards) <= MAX_CARDS
        assert all(1 <= len(c.rules) <= MAX_RULES and len(set(c.rules)) == len(c.rules) for c in cards)
        assert deck.cards[-1].name == KNOB_CARD
    assert len(seen) > 100


def test_cards_print_at_playing_card_size(tmp_path):
    game = load_game("watergate")
    deck = load_deck("watergate-nixon", game)
    files = write_printables(deck, game, tmp_path)
    with Image.open(files["card 1"]) as card:
        width_mm = card.size[0] / DPI * 25.4
        height_mm = card.size[1] / DPI * 25.4
    assert abs(width_mm - CARD_MM[0]) < 0.2 and abs(height_mm - CARD_MM[1]) < 0.2
    assert files["pdf"].stat().st_size > 1000


def test_the_design_runs_its_games_on_the_tournament_backends(tmp_path):
    """--backend reaches the arena as in `automa tournament`: on Dask when the extra is
    installed, else one clear line saying what to install."""
    import importlib.util

    result = CliRunner().invoke(
        main,
        [
            "design",
            "watergate",
            "--seat",
            "1",
            "--against",
            "random",
            "--games",
            "1",
            "--budget",
            "1",
            "--levels",
            "",
            "--seed",
            "2",
            "--backend",
            "dask",
            "--out",
            str(tmp_path / "d"),
        ],
    )
    if importlib.util.find_spec("distributed") is None:
        assert result.exit_code != 0 and "needs the dask extra" in result.output
        assert "Traceback" not in result.output
    else:
        assert result.exit_code == 0, result.output
        assert (tmp_path / "d" / "watergate-nixon.toml").exists()


# --------------------------------------------------------------------------- the knob's marks


def test_the_fit_pools_settings_that_break_the_order():
    from automa.search.design import Measure, monotone_fit

    sweep = [Measure(2, 40), Measure(12, 40), Measure(8, 40), Measure(30, 40)]
    fitted = monotone_fit(sweep)
    assert fitted == [0.05, 0.25, 0.25, 0.75]  # 0.30 then 0.20 pool to 0.25
    assert all(a <= b for a, b in pairwise(fitted))
    assert monotone_fit([Measure(0, 0), Measure(1, 2)]) == [0.0, 0.5]


def test_each_mark_picks_the_setting_nearest_its_fitted_rate():
    from automa.search.design import Measure, monotone_fit, pick_setting

    sweep = [Measure(r * 40, 40) for r in (0.0, 0.15, 0.3, 0.4, 0.55, 0.8, 0.9)]
    fitted = monotone_fit(sweep)
    assert [pick_setting(sweep, fitted, mark) for mark in (0.3, 0.5, 0.7)] == [2, 4, 5]


def test_a_mark_is_bracketed_by_the_pick_and_its_neighbour_toward_it():
    from automa.search.design import Measure, confirm_mark

    rates = {0: 0.1, 1: 0.2, 2: 0.45, 3: 0.55, 4: 0.9}
    asked = []

    def measure_at(k):
        asked.append(k)
        return Measure(rates[k] * 150, 150)

    tried = confirm_mark(0.5, 1, 5, measure_at)  # 0.2, 0.45 below; 0.55 above
    assert asked == [1, 2, 3] and set(tried) == {1, 2, 3}
    asked.clear()
    assert list(confirm_mark(0.5, 3, 5, measure_at)) == [3, 2]  # 0.55 above, 0.45 below: bracketed
    asked.clear()
    assert list(confirm_mark(0.7, 4, 5, measure_at)) == [4, 3]  # 0.9 above, 0.55 below
    asked.clear()
    assert list(confirm_mark(0.05, 0, 5, measure_at)) == [0]  # no easier setting to try
    asked.clear()
    assert list(confirm_mark(0.95, 0, 5, measure_at, tries=2)) == [0, 1]  # at most `tries`


def test_the_printed_knob_is_cut_from_the_scale_and_drops_an_unused_weak_card():
    from automa.search.design import knob_for, make_deck, printed_deck

    game = load_game("watergate")
    deck = make_deck(game, 1, [("agent", "event")], ("keep_jokers",), knob=knob_for(game, 1))
    scale = deck.settings
    assert scale >= 5 and KNOB_CARD in [c.name for c in deck.cards]
    bonus_only = [k for k in range(scale) if deck.knob_copies[k] == 0]
    printed = printed_deck(deck, bonus_only[:3], 1)
    assert printed.settings == 3 and printed.knob_default == 1 and printed.knob_card == ""
    assert KNOB_CARD not in [c.name for c in printed.cards]
    assert printed.knob_steps == tuple(deck.knob_steps[k] for k in bonus_only[:3])
    mixed = printed_deck(deck, [0, scale - 1], 0)
    assert mixed.knob_copies == (deck.knob_copies[0], deck.knob_copies[-1]) and mixed.knob_card == KNOB_CARD


def test_a_setting_is_measured_as_itself_so_editing_the_scale_keeps_its_games():
    from dataclasses import replace as swap

    from automa.search.design import knob_for, make_deck, one_setting

    game = load_game("watergate")
    deck = make_deck(game, 0, [("agent", "event")], ("keep_jokers",), knob=knob_for(game, 0))
    longer = swap(deck, knob_copies=(8,) + deck.knob_copies, knob_steps=(0,) + deck.knob_steps)
    for k in range(deck.settings):
        alone = one_setting(deck, k)
        assert alone.settings == 1 and alone.card_list() == deck.card_list(k)
        assert alone.bonus_steps() == deck.bonus_steps(k)
        assert deck_key(alone) == deck_key(one_setting(longer, k + 1))
