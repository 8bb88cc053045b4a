"""Watergate data files (§16), parameters and the watergate-heuristic bot."""

from __future__ import annotations

import random
import shutil
import tomllib

import pytest
from automa.rules.core import DataError, ParamError, load_game
from automa.rules.watergate.data import EDITOR, NIXON, load
from automa.rules.watergate.game import WatergateGame

DATA_DIR = WatergateGame.data_dir
FILES = (
    "cards.toml",
    "momentum_cards.toml",
    "evidence_tokens.toml",
    "informants.toml",
    "evidence_board.toml",
)


def test_placeholder_files_are_marked_s16():
    """§16: every placeholder data file starts with a comment and says placeholder = true."""
    for name in FILES:
        text = (DATA_DIR / name).read_text()
        assert text.startswith("# PLACEHOLDER")
        data = tomllib.loads(text)
        assert data["placeholder"] is True and data["placeholder_note"]


def test_forty_cards_and_deck_mix_s16_4():
    """§16.4: 20 cards per deck; conspirators only Nixon's, journalists only the Editor's;
    the public reaction rulings are on the named cards."""
    d = load(DATA_DIR)
    assert len(d.cards) == 40
    by_name = {c.name: c for c in d.cards}
    assert sum(c.owner == EDITOR for c in d.cards) == 20
    assert by_name["Ben Bradlee"].reaction == "cancel_conspirator" and by_name["Ben Bradlee"].kind == 2
    assert (
        by_name["Mass demonstration"].reaction == "cancel_conspirator"
        and by_name["Mass demonstration"].kind == 0
    )
    assert by_name["John Mitchell"].reaction == "cancel_event" and by_name["John Mitchell"].owner == NIXON
    assert by_name["Follow the money!"].reaction == "follow_the_money"
    assert by_name["A brilliant mood"].requirement == "not_first_turn"
    for owner in (EDITOR, NIXON):
        values = sorted(c.value for c in d.cards if c.owner == owner)
        assert values.count(4) == 3 and 4 <= values.count(1) <= 5


def test_board_graph_s16_3():
    """§16.3: 28 evidence spaces (10 blue, 9 yellow, 9 green), 7 informants, 56 threads,
    symmetric adjacency, every informant can reach Nixon."""
    d = load(DATA_DIR)
    assert len(d.evidence_nodes) == 28 and len(d.informant_node) == 7
    masks = [d.space_mask[n] for n in d.evidence_nodes]
    assert (masks.count(1), masks.count(2), masks.count(4)) == (10, 9, 9)
    assert sum(len(a) for a in d.adj) == 2 * 56
    for u, nbrs in enumerate(d.adj):
        for v in nbrs:
            assert u in d.adj[v]
    for node in d.informant_node:
        seen, todo = {node}, [node]
        while todo:
            u = todo.pop()
            for v in d.adj[u]:
                if v not in seen:
                    seen.add(v)
                    todo.append(v)
        assert 0 in seen


def test_evidence_tokens_s16_5_w1():
    """§16.5 / W-1: 30 tokens in the bag: 8/8/8 single (2 each with the momentum symbol) and
    2 of each two-colour pair."""
    d = load(DATA_DIR)
    assert len(d.bag) == 30
    assert sum(1 for c in d.bag if c & 8) == 6
    assert sum(1 for c in d.bag if bin(c & 7).count("1") == 2) == 6


def _broken(tmp_path, name, old, new):
    for f in FILES:
        shutil.copy(DATA_DIR / f, tmp_path / f)
    path = tmp_path / name
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return path


def test_broken_card_value_names_file_and_field(tmp_path):
    _broken(
        tmp_path,
        "cards.toml",
        'value=2, colour="blue", effects=[{op="move_evidence", count=1, steps=3',
        'value=7, colour="blue", effects=[{op="move_evidence", count=1, steps=3',
    )
    with pytest.raises(DataError) as err:
        load(tmp_path)
    assert "cards.toml" in str(err.value) and "cards[E01].value" in str(err.value)


def test_broken_effect_op_names_file_and_field(tmp_path):
    _broken(tmp_path, "cards.toml", '[{op="reveal_track"}', '[{op="reveal_everything"}')
    with pytest.raises(DataError) as err:
        load(tmp_path)
    assert "cards.toml" in str(err.value) and "effects[0].op" in str(err.value)


def test_broken_board_edge_names_file_and_field(tmp_path):
    _broken(tmp_path, "evidence_board.toml", '["NIXON", "A1"]', '["NIXON", "Z9"]')
    with pytest.raises(DataError) as err:
        load(tmp_path)
    assert "evidence_board.toml" in str(err.value) and "edges[0]" in str(err.value)


def test_broken_token_count_names_file_and_field(tmp_path):
    _broken(tmp_path, "evidence_tokens.toml", "bag_size = 30", "bag_size = 31")
    with pytest.raises(DataError) as err:
        load(tmp_path)
    assert "evidence_tokens.toml" in str(err.value) and "tokens" in str(err.value)


def test_broken_momentum_card_names_file_and_field(tmp_path):
    _broken(tmp_path, "momentum_cards.toml", "  {space=5, effects=[]},\n", "")
    with pytest.raises(DataError) as err:
        load(tmp_path)
    assert "momentum_cards.toml" in str(err.value) and "nixon" in str(err.value)


def test_params_errors():
    with pytest.raises(ParamError, match="max_rounds must be a whole number 5-200"):
        load_game("watergate", max_rounds=2)
    with pytest.raises(ParamError):
        load_game("watergate", players=3)
    assert load_game("watergate", max_rounds=12).max_game_length() == 12 * 200 + 50


def test_heuristic_bot_plays_both_sides_and_beats_random():
    """The watergate-heuristic bot reads its side from its seat and beats random on both."""
    from automa.search.bots import make_bot

    game = load_game("watergate")
    wins = 0
    games = 6
    for i in range(games):
        seat = i % 2
        bots = {
            seat: make_bot("watergate-heuristic", game, seed=i),
            1 - seat: make_bot("random", game, seed=100 + i),
        }
        s = game.new_initial_state(40 + i)
        while not s.is_terminal():
            p = s.current_player()
            a = bots[p].act(s, p)
            assert a in s.legal_actions()
            s.apply_action(a)
        wins += s.winner == seat
    assert wins >= 5


def test_bot_never_reads_hidden_information():
    """Two states that differ only in Nixon's face-down tokens get the same Editor move."""
    from automa.rules.watergate.bots import HeuristicBot

    game = load_game("watergate")
    s = game.new_initial_state(7)
    world = s.determinize(EDITOR, random.Random(3))
    a = HeuristicBot(game, seed=1).act(s, EDITOR)
    b = HeuristicBot(game, seed=1).act(world, EDITOR)
    assert a == b


@pytest.mark.slow
def test_heuristic_self_play_balance():
    """Balance figure: watergate-heuristic against itself, both sides win a fair share
    (200 games measured 79 Editor / 121 Nixon; here 40 games, a wide band)."""
    from automa.search.bots import make_bot

    game = load_game("watergate")
    editor = 0
    for i in range(40):
        bots = [make_bot("watergate-heuristic", game, seed=2 * i + s) for s in (0, 1)]
        s = game.new_initial_state(900 + i)
        while not s.is_terminal():
            p = s.current_player()
            s.apply_action(bots[p].act(s, p))
        editor += s.winner == EDITOR
    assert 6 <= editor <= 26
