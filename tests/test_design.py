"""The automaton designer (search/design.py, `automa design`): a small but real run
writes a playable deck, its table and its printables; the search's moves stay within the
deck language."""
import random

from click.testing import CliRunner
from PIL import Image

from automa.cli import main
from automa.decks import load_deck
from automa.decks.printable import CARD_MM, DPI, write_printables
from automa.rules.core import load_game
from automa.search.design import KNOB_CARD, MAX_CARDS, MAX_RULES, deck_key, mutate, random_deck


def test_a_small_design_run_writes_a_deck_a_table_and_a_pdf(tmp_path):
    out = tmp_path / "design"
    result = CliRunner().invoke(main, ["design", "watergate", "--seat", "1", "--target", "0.5",
                                       "--against", "random", "--games", "2", "--budget", "3",
                                       "--seed", "4", "--levels", "easy", "--out", str(out)])
    assert result.exit_code == 0, result.output
    deck_file = out / "watergate-nixon.toml"
    deck = load_deck(str(deck_file), load_game("watergate"))
    assert deck.seat == 1 and deck.knob_bonus == "tip_off" and deck.settings == 3
    table = (out / "watergate-nixon.md").read_text()
    assert "| setting | what it sets | win rate | 95% interval | games |" in table
    assert "draw 5 evidence tokens from the bag and pin them" in table and "Ordering:" in table
    assert "level:easy" in table and "Settings nearest the marks: 0.3 → setting" in table
    assert "Simplicity:" in table
    pdf = out / "print" / "watergate-nixon.pdf"
    assert pdf.read_bytes().startswith(b"%PDF")
    assert len(list((out / "print").glob("watergate-nixon-card-*.png"))) == len(deck.cards)
    assert "(2/2)" in result.output or "/2)" in result.output
    written = deck_file.read_text()
    again = CliRunner().invoke(main, ["design", "watergate", "--seat", "1", "--target", "0.5",
                                      "--against", "random", "--games", "2", "--budget", "3",
                                      "--seed", "4", "--levels", "easy", "--out", str(out)])
    assert again.exit_code == 0 and deck_file.read_text() == written     # resumed: the same games


def test_design_refuses_a_seat_the_game_lacks_and_a_bad_opponent(tmp_path):
    result = CliRunner().invoke(main, ["design", "watergate", "--seat", "5", "--out", str(tmp_path)])
    assert result.exit_code != 0 and "--seat must be a seat 0-1" in result.output
    result = CliRunner().invoke(main, ["design", "watergate", "--seat", "1", "--against", "wizard",
                                       "--out", str(tmp_path)])
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
    result = CliRunner().invoke(main, ["design", "watergate", "--seat", "1", "--against", "random",
                                       "--games", "1", "--budget", "1", "--levels", "", "--seed", "2",
                                       "--backend", "dask", "--out", str(tmp_path / "d")])
    if importlib.util.find_spec("distributed") is None:
        assert result.exit_code != 0 and "needs the dask extra" in result.output
        assert "Traceback" not in result.output
    else:
        assert result.exit_code == 0, result.output
        assert (tmp_path / "d" / "watergate-nixon.toml").exists()
