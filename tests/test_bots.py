"""Bots: spec strings, seeds, search that never peeks, and strength on the test game."""

import math
import random

import pytest
from hypothesis import given, settings, strategies as st

from automa.rules.core import load_game, snapshot
from automa.search.bots import BotSpecError, GreedyBot, RandomBot, make_bot, parse_spec
from automa.search.mcts import ISMCTSBot, MCTSBot


def tiny(players=2, cards=5):
    return load_game("tiny_goofspiel", players=players, cards=cards)


def test_parse_spec():
    assert parse_spec("mcts:iterations=800,c=1.4") == ("mcts", {"iterations": 800, "c": 1.4})
    assert parse_spec("random") == ("random", {})
    assert parse_spec("mumanbot:hard") == ("mumanbot", {"level": "hard"})
    assert parse_spec("ismcts:seconds=0.5,rollout=greedy") == (
        "ismcts",
        {"seconds": 0.5, "rollout": "greedy"},
    )


def test_make_bot_builds_each_generic_bot():
    game = tiny()
    assert isinstance(make_bot("random", game, 1), RandomBot)
    assert isinstance(make_bot("greedy", game, 1), GreedyBot)
    assert isinstance(make_bot("mcts:iterations=10", game, 1), MCTSBot)
    bot = make_bot("ismcts:iterations=20,c=0.5", game, 1)
    assert isinstance(bot, ISMCTSBot) and bot.params["iterations"] == 20 and bot.params["c"] == 0.5


def test_unknown_bot_lists_the_available_ones():
    with pytest.raises(BotSpecError, match="unknown bot 'alphazero'.*random, greedy, mcts, ismcts"):
        make_bot("alphazero", tiny())


def test_unknown_bot_parameter_lists_the_allowed_ones():
    with pytest.raises(BotSpecError, match="does not take depth; it takes: .*iterations"):
        make_bot("mcts:depth=3", tiny())
    with pytest.raises(BotSpecError, match="rollout must be"):
        make_bot("mcts:rollout=smart", tiny())


def _decisions(spec, seed, game_seed=3):
    game = tiny()
    state = game.new_initial_state(game_seed)
    bots = [make_bot(spec, game, seed + s) for s in range(2)]
    out = []
    while not state.is_terminal():
        seat = state.current_player()
        action = bots[seat].act(state, seat)
        out.append(action)
        state.apply_action(action)
    return out


@pytest.mark.parametrize("spec", ["random", "greedy", "mcts:iterations=30", "ismcts:iterations=30"])
def test_same_bot_seed_same_game(spec):
    assert _decisions(spec, 7) == _decisions(spec, 7)


@pytest.mark.parametrize("spec", ["greedy", "mcts:iterations=60", "ismcts:iterations=60"])
def test_search_never_peeks(spec):
    """Two states that differ only in what the deciding seat cannot see (here: the prize
    order and seat 0's sealed bid) give the same decision for the same bot seed."""
    game = tiny(cards=6)
    state = game.new_initial_state(11)
    state.apply_action(("bid", 4))  # seat 0 bids; seat 1 may not know it
    seat = state.current_player()
    assert seat == 1
    for k in range(5):
        other = state.determinize(seat, random.Random(k))
        assert other.observation(seat) == state.observation(seat)
        if snapshot(other.bids) == snapshot(state.bids) and other.prizes == state.prizes:
            continue
        a = make_bot(spec, game, 99).act(state, seat)
        b = make_bot(spec, game, 99).act(other, seat)
        assert a == b
        return
    pytest.fail("could not build a differing hidden state")


def test_ismcts_beats_random_on_the_test_game():
    from automa.search import arena

    bots = ["ismcts:iterations=150", "random"]
    params = arena.resolve_params("tiny_goofspiel", 2, None, bots)
    result = arena.run(arena.schedule("tiny_goofspiel", params, bots, 30, 4), None)
    report = arena.summarize(result.records, bootstrap=20)
    rate = {b.bot: b.win_rate for b in report.bots}
    assert rate["ismcts:iterations=150"] > 0.65


def test_seconds_budget_bounds_a_decision():
    game = tiny(cards=8)
    state = game.new_initial_state(1)
    bot = make_bot("ismcts:seconds=0.05", game, 1)
    bot.act(state, 0)
    assert bot.last_stats["iterations"] >= 1
    assert bot.last_stats["seconds"] < 1.0


def test_analyse_gives_ranked_moves_with_values():
    game = tiny()
    state = game.new_initial_state(2)
    bot = make_bot("ismcts:iterations=200", game, 1)
    top = bot.analyse(state, 0, top=3)
    assert len(top) == 3
    visits = [v for _, _, v in top]
    assert visits == sorted(visits, reverse=True)
    assert all(0.0 <= value <= 1.0 for _, value, _ in top)


def test_rollout_cutoff_uses_heuristic():
    game = tiny(cards=8)
    bot = make_bot("mcts:iterations=50,rollout_depth=2", game, 1)
    state = game.new_initial_state(1)
    bot.act(state, 0)
    # each iteration: at most one tree step + expansion beyond depth plus 2 rollout actions
    assert bot.last_stats["simulated_actions"] <= 50 * (2 + 16)


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 1000), max_size=30), st.integers(0, 10**6))
def test_any_action_sequence_keeps_clones_independent(choices, seed):
    state = tiny(players=3, cards=6).new_initial_state(seed)
    for choice in choices:
        if state.is_terminal():
            break
        legal = state.legal_actions()
        before = snapshot(state)
        copy = state.clone()
        copy.apply_action(legal[choice % len(legal)])
        assert snapshot(state) == before
        state.apply_action(legal[choice % len(legal)])
        assert snapshot(state) == snapshot(copy)


def test_levels_come_from_the_presets_file():
    from automa.search.mcts import presets

    game = tiny()
    table = presets()
    assert table["levels"] == ["easy", "normal", "hard", "expert"]
    bots = [make_bot(f"ismcts:level={lvl}", game) for lvl in table["levels"]]
    for bot, lvl in zip(bots, table["levels"], strict=True):
        for key, value in table["games"]["default"][lvl].items():
            assert bot.params[key] == value
    # stronger level by level: a budget that never falls and a choice that never softens
    budgets = [b.params["iterations"] for b in bots]
    temperatures = [b.params["temperature"] for b in bots]
    assert budgets == sorted(budgets) and temperatures == sorted(temperatures, reverse=True)
    assert len(set(zip(budgets, temperatures, strict=True))) == 4 and temperatures[-1] == 0


def test_spec_parameters_override_the_level():
    bot = make_bot("ismcts:level=expert,iterations=7,temperature=0.5", tiny())
    assert bot.params["iterations"] == 7 and bot.params["temperature"] == 0.5
    assert bot.params["rollout_depth"] == make_bot("ismcts:level=expert", tiny()).params["rollout_depth"]


def test_no_bot_takes_a_blunder_rate_any_more():
    """Levels weaken play by a softer choice, never by a uniformly random move (DESIGN)."""
    with pytest.raises(BotSpecError, match="does not take blunder"):
        make_bot("ismcts:blunder=0.5", tiny())
    with pytest.raises(BotSpecError, match="does not take blunder"):
        make_bot("salem-heuristic:blunder=0.5", load_game("salem", players=6))


def test_soft_choice_keeps_to_the_best_moves_and_the_best_at_zero():
    from automa.search.bots import soft_choice

    ranked = [("a", 10.0), ("b", 9.0), ("c", 5.0), ("d", 1.0), ("e", 0.0), ("f", -50.0)]
    rng = random.Random(3)
    assert {soft_choice(ranked, 0.0, rng) for _ in range(50)} == {"a"}
    hot = [soft_choice(ranked, 3.0, rng) for _ in range(2000)]
    assert "f" not in hot  # never beyond the best five
    assert hot.count("a") > hot.count("b") > hot.count("c") > hot.count("d")
    # weights exp((v - best) / T): a/b = e^(1/3)
    assert abs(hot.count("a") / hot.count("b") - math.exp(1 / 3)) < 0.2


def test_search_temperature_draws_among_the_well_tried_moves():
    """temperature=0 is the most visited move; with a temperature the move is one the search
    tried at least a tenth as often as its favourite, and the same seed repeats it."""
    game = tiny()
    state = game.new_initial_state(3)
    seat = state.current_player()
    cold = make_bot("mcts:iterations=200", game, 5)
    assert cold.act(state, seat) == cold.ranked(state, seat)[0][0]
    picks = set()
    for seed in range(40):
        bot = make_bot("mcts:iterations=200,temperature=0.3", game, seed)
        move = bot.act(state, seat)
        picks.add(move)
        assert move == make_bot("mcts:iterations=200,temperature=0.3", game, seed).act(state, seat)
    assert len(picks) > 1
    with pytest.raises(BotSpecError, match="temperature must be at least 0"):
        make_bot("ismcts:temperature=-1", game)


def test_presets_file_errors_name_the_field(tmp_path):
    from automa.rules.core import DataError
    from automa.search.mcts import read_presets

    bad = tmp_path / "presets.toml"
    bad.write_text('levels = ["easy"]\n[default]\neasy = { iterations = 10, budget = 3 }\n')
    with pytest.raises(DataError, match=r"presets.toml.*default\.easy\.budget.*not a level setting"):
        read_presets(bad)
    bad.write_text('levels = ["easy"]\n[default]\neasy = { iterations = 10, temperature = -2 }\n')
    with pytest.raises(DataError, match=r"default\.easy\.temperature"):
        read_presets(bad)
    bad.write_text('levels = ["easy"]\n[default]\neasy = { iterations = 10, blunder = 0.2 }\n')
    with pytest.raises(DataError, match=r"default\.easy\.blunder.*not a level setting"):
        read_presets(bad)
    bad.write_text('levels = ["easy"]\n[default]\neasy = { bot = "salem-heuristic", depth = [1] }\n')
    with pytest.raises(DataError, match=r"default\.easy\.depth"):
        read_presets(bad)
    bad.write_text('levels = ["easy"]\n[pi]\neasy = { iterations = 10 }\n')
    with pytest.raises(DataError, match="default"):
        read_presets(bad)


def test_level_spec_builds_whichever_bot_plays_the_level():
    """`level:NAME` is the game's preset NAME: the search at the level's settings where the
    levels are search settings, else the game's own bot with the level's parameters."""
    from automa.search.mcts import presets

    table = presets()["games"]
    for name, players in (("pi", 2), ("watergate", 2), ("tabletop_inc", 2), ("pulitzer", 1), ("salem", 6)):
        game = load_game(name, players=players)
        for lvl in presets()["levels"]:
            settings = dict(table.get(name, table["default"])[lvl])
            bot = make_bot(f"level:{lvl}", game, 3)
            if "bot" in settings:
                expected = game.bot_factories[settings.pop("bot")].rpartition(":")[2]
                assert type(bot).__name__ == expected and bot.spec == f"level:{lvl}"
                with pytest.raises(BotSpecError, match=f"{name}'s levels are played by"):
                    make_bot(f"ismcts:level={lvl}", game)
            else:
                assert bot.params == make_bot(f"ismcts:level={lvl}", game, 3).params
            for key, value in settings.items():
                assert bot.params[key] == value
    pi = load_game("pi", players=2)
    with pytest.raises(BotSpecError, match="write level:NAME with nothing else"):
        make_bot("level:hard,iterations=5", pi)
    with pytest.raises(BotSpecError, match="unknown level 'brutal'"):
        make_bot("level:brutal", pi)
    from automa.search.bots import available_bots

    assert "level:easy|normal|hard|expert" in available_bots(pi)


def test_unknown_level_lists_the_levels():
    with pytest.raises(BotSpecError, match="unknown level 'brutal'; levels: easy, normal, hard, expert"):
        make_bot("ismcts:level=brutal", tiny())


def test_max_seconds_is_a_safety_stop_not_a_budget():
    """A search that fits its budget is unaffected by max_seconds (the same move, the same
    iteration count as without it); one that cannot is cut short."""
    game = tiny()
    state = game.new_initial_state(5)
    seat = state.current_player()
    plain = make_bot("ismcts:iterations=200", game, seed=4)
    capped = make_bot("ismcts:iterations=200,max_seconds=60", game, seed=4)
    assert plain.act(state, seat) == capped.act(state, seat)
    assert plain.last_stats["iterations"] == capped.last_stats["iterations"] == 200
    huge = make_bot("ismcts:iterations=100000000,max_seconds=0.01", game, seed=4)
    assert huge.act(state, seat) in state.legal_actions()
    assert 0 < huge.last_stats["iterations"] < 100000000


@pytest.mark.parametrize(
    "spec,words",
    [
        ("mcts:iterations=abc", "iterations takes a whole number, got 'abc'"),
        ("ismcts:level=normal,iterations=zz", "iterations takes a whole number"),
        ("mcts:seconds=x", "seconds takes a number"),
        ("ismcts:iterations=1.5", "iterations takes a whole number, got 1.5"),
        ("mcts:c=abc", "c takes a number"),
        ("mcts:iterations=0", "iterations must be at least 1"),
        ("mcts:seconds=-1", "seconds must be at least 0"),
        ("greedy:samples=true", "samples takes a whole number"),
    ],
)
def test_a_mistyped_bot_parameter_fails_when_the_spec_is_read(spec, words):
    """Every bot parameter has its default's type and the bot's bounds, checked before any
    game starts (a wrong one used to surface as a ValueError in the middle of a game)."""
    with pytest.raises(BotSpecError) as err:
        make_bot(spec, load_game("pi", players=2), 1)
    assert words in str(err.value)
