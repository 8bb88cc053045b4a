"""The terminal views (rules/<game>/view.py): every label in words, the table's grouping, and
numbers that agree with the engine."""

import random
import re

import pytest

from automa.rules.core import load_game
from automa.rules.presentation import game_view
from automa.rules.salem.view import news_text as salem_news, salem_accusations
from automa.views import news_text

#: each game's terminal board, from its own view module
VIEWS = {
    name: game_view(load_game(name, **kw)).board_text
    for name, kw in [
        ("pulitzer", dict(mode="solo")),
        ("tabletop_inc", {}),
        ("pi", {}),
        ("watergate", {}),
        ("salem", {}),
    ]
}

GAMES = [
    ("pulitzer", dict(mode="solo")),
    ("pulitzer", dict(players=3)),
    ("tabletop_inc", {}),
    ("pi", dict(players=3)),
    ("watergate", {}),
    ("salem", dict(players=5)),
    ("salem", dict(players=8)),
    ("salem", dict(players=2, mode="ghosts")),
]


def positions(name, kw, seed, steps=(0, 25, 60, 120, 250)):
    """States of one random game at a few depths (the last one may be the end)."""
    state = load_game(name, **kw).new_initial_state(seed)
    rng = random.Random(seed)
    done = 0
    for target in steps:
        while done < target and not state.is_terminal():
            state.apply_action(state.random_action(rng))
            done += 1
        seat = state.current_player() if not state.is_terminal() else 0
        yield state, seat


def raw_keys(obs):
    """Observation field names a person should never read (snake_case or short codes)."""
    return {k for k in obs if "_" in k or k in ("fu", "fd", "dec", "th", "ew", "occ", "res", "mum")}


@pytest.mark.parametrize("name,kw", GAMES)
def test_no_observation_field_name_shows_up_in_a_view(name, kw):
    for seed in (3, 11):
        for state, seat in positions(name, kw, seed):
            text = VIEWS[name](state, seat)
            words = set(re.findall(r"[A-Za-z_]+", text))
            leaked = sorted(k for k in raw_keys(state.observation(seat)) if k in words)
            assert not leaked, f"{name}: raw field names {leaked} in\n{text}"
            assert not re.search(r"\b[a-z]+_[a-z_]+\b", text), f"{name}: a snake_case id in\n{text}"


@pytest.mark.parametrize("kw", [dict(players=5), dict(players=8), dict(players=2, mode="ghosts")])
def test_salem_view_is_the_table_in_seat_order_with_cards_tokens_and_hands(kw):
    from automa.rules.salem.view import SALEM_TOKEN, SALEM_TRIAL

    for state, seat in positions("salem", kw, 5):
        obs = state.observation(seat)
        g = state.game
        text = VIEWS["salem"](state, seat)
        # raw trial-card and token ids never appear; their printed names do
        for code in ("naw", "black_cat", "fd_n", "hand_n", "last_acc", "known_ew"):
            assert not re.search(rf"\b{code}\b", text), text
        rows = text.split("[players, clockwise]")[1].split("\n[")[0].strip().splitlines()
        assert len(rows) == state.N
        for p, row in enumerate(rows):
            tag = f"P{g.human[p]}" if g.human[p] >= 0 else f"ghost {p}"
            assert row.strip().startswith(tag), (p, row)
            for card in set(obs["fu"][p]):
                assert SALEM_TRIAL[card] in row
            for tok in set(obs["tokens"][p]):
                assert SALEM_TOKEN[tok] in row
            if obs["alive"][p]:
                assert f"{obs['fd_n'][p]} trial card" in row
                if g.human[p] >= 0:
                    assert f"hand {obs['hand_n'][p]}" in row
                else:
                    assert "ghost: no hand" in row
            else:
                assert "ELIMINATED" in row
        assert "tokens in the centre:" in text and f"draw deck: {obs['deck_n']} cards" in text
        assert "your face-down trial cards:" in text


def test_salem_accusation_totals_and_thresholds_match_the_engine():
    """The view computes them from public information; the engine from its whole state."""
    checked = 0
    for seed in range(6):
        state = load_game("salem", players=7).new_initial_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal() and state.steps < 400:
            state.apply_action(state.random_action(rng))
            if state.is_terminal():
                break
            obs = state.observation(state.current_player())
            for p in range(state.N):
                if obs["alive"][p]:
                    assert salem_accusations(obs, state.game, p) == (state._total(p), state._normal(p))
                    checked += 1
    assert checked > 1000


def test_salem_log_lines_read_with_printed_card_names():
    assert salem_news("P1(Mary Warren) reveals naw") == "P1(Mary Warren) reveals Not a Witch"
    assert salem_news("P2(X) confesses: witch") == "P2(X) confesses: Witch"
    assert salem_news("P0(X) plays accusation on P2(Y)") == "P0(X) plays Accusation on P2(Y)"
    assert salem_news("town wins: all witches revealed") == "town wins: all witches revealed"
    state = load_game("pi", players=3).new_initial_state(1)
    assert news_text(state, "a line_with underscores") == "a line_with underscores"


def test_watergate_view_names_colours_people_and_track_sides():
    state = load_game("watergate").new_initial_state(8)
    rng = random.Random(1)
    for _ in range(64):
        state.apply_action(state.random_action(rng))
    text = VIEWS["watergate"](state, 1)
    assert "you are Nixon" in text and "toward" in text
    assert "McCord" in text or "Martha Mitchell" in text
    assert re.search(r"evidence token 1: (unknown colour|[a-z/]+\*?), face (up|down)", text)
    editor = VIEWS["watergate"](state, 0)
    assert "you are the Editor" in editor
    obs = state.observation(0)
    assert f"evidence bag: {obs['bag']} tokens" in editor  # the Editor sees only the count


@pytest.mark.parametrize("name,kw", GAMES)
def test_a_view_shows_nothing_its_seat_cannot_see(name, kw):
    """The same view for the real state and for a determinization (hidden parts resampled)."""
    for state, seat in positions(name, kw, 7, steps=(10, 60, 140)):
        if state.is_terminal():
            continue
        other = state.determinize(seat, random.Random(5))
        assert VIEWS[name](other, seat) == VIEWS[name](state, seat)
