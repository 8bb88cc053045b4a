"""Hidden information (AMB-22), determinize, the heuristic bot, and whole games."""

import random

import pytest

import automa.rules.tabletop_inc  # noqa: F401
from automa.rules.core import load_game, snapshot
from automa.search.bots import make_bot


def played(n=3, seed=4, steps=120, **kw):
    g = load_game("tabletop_inc", players=n, **kw)
    st = g.new_initial_state(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if st.is_terminal():
            break
        st.apply_action(st.random_action(rng))
    return st


def test_observation_hides_hands_decks_and_face_down_predictions_amb22():
    """AMB-22: hands, deck order and human prediction cards are hidden; counts are public;
    tracks, tables, objectives, award cards and Mumanbot predictions are public."""
    st = played()
    st.hand_employees[1] = ("SP01", "F02")
    st.hand_skills[1] = ("S05",)
    st.hand_items[1] = ("I03",)
    st.prediction_target[1], st.prediction_cards[1], st.prediction_up[1] = 2, ("research", "award"), (1, 0)
    obs = st.observation(0)
    assert obs["hands"][1] == (1, 1, 1, 1)
    assert obs["predictions"][1] == (2, ("research", "?"), (1, 0))
    assert "S05" not in repr(obs["hands"]) and "I03" not in repr(obs["hands"])
    own = st.observation(1)
    assert own["hands"][1] == (("SP01", "F02"), ("S05",), ("I03",))
    assert own["predictions"][1][1] == ("research", "award")
    assert obs["acard"] == tuple(st.award_card) and obs["objs"][1] == tuple(st.objectives[1])


def test_mumanbot_predictions_are_public_s17_5():
    g = load_game("tabletop_inc", players=2, mumanbots=("", "hard"))
    st = g.new_initial_state(1)
    st.prediction_target[1], st.prediction_cards[1], st.prediction_up[1] = (
        0,
        ("research", "award", "trade"),
        (1, 1, 1),
    )
    assert st.observation(0)["predictions"][1][1] == ("research", "award", "trade")


def test_determinize_resamples_hidden_and_keeps_own_view():
    st = played(4, seed=9, steps=200)
    seat = st.current_player()
    base = st.observation(seat)
    worlds = [st.determinize(seat, random.Random(k)) for k in range(6)]
    assert all(w.observation(seat) == base for w in worlds)
    decks = {tuple(w.deck["sp"]) for w in worlds} | {tuple(w.skill_deck) for w in worlds}
    assert len(decks) > 2
    for w in worlds:
        for p in range(4):
            if p != seat:
                assert len(w.hand_employees[p]) == len(st.hand_employees[p])
                assert len(w.hand_skills[p]) == len(st.hand_skills[p])


def test_determinize_card_conservation():
    """Every card is somewhere exactly once after a determinization."""
    st = played(4, seed=2, steps=220)
    seat = st.current_player()
    w = st.determinize(seat, random.Random(5))
    d = st.game.data
    sp = list(w.deck["sp"]) + [c for c in w.tracks["sp"] if c]
    fl = list(w.deck["fl"]) + [c for c in w.tracks["fl"] if c]
    for p in range(4):
        sp += [c for c in w.hand_employees[p] if c in d.specialists] + [
            c for c, _ in w.employees[p] if c in d.specialists
        ]
        fl += [c for c in w.hand_employees[p] if c in d.freelancers] + [
            c for c, _ in w.employees[p] if c in d.freelancers
        ]
    assert sorted(sp) == sorted(d.specialists) and sorted(fl) == sorted(d.freelancers)
    items = (
        list(w.deck["it"]) + [c for c in w.tracks["it"] if c] + [c for p in range(4) for c in w.hand_items[p]]
    )
    assert sorted(items) == sorted(d.items)


def test_determinize_pow_wow_deal_hidden_s5_14():
    st = load_game("tabletop_inc", players=3, start_cards="pow_wow").new_initial_state(2)
    obs = st.observation(0)
    assert obs["deal"][1] == 2 and obs["deal"][0] == st.dealt[0]
    w = st.determinize(0, random.Random(1))
    assert w.dealt[0] == st.dealt[0]
    others = {w.dealt[1] for w in (st.determinize(0, random.Random(k)) for k in range(5))}
    assert len(others) > 1


def test_heuristic_bot_does_not_peek():
    """The bot's choice depends only on its seat's observation and its own seed."""
    g = load_game("tabletop_inc", players=3)
    for seed in range(3):
        st = played(3, seed=seed, steps=90)
        if st.is_terminal():
            continue
        seat = st.current_player()
        world = st.determinize(seat, random.Random(99))
        a = make_bot("tabletop-heuristic", g, 7).act(st, seat)
        b = make_bot("tabletop-heuristic", g, 7).act(world, seat)
        assert a == b


@pytest.mark.parametrize(
    "specs",
    [
        ["tabletop-heuristic", "mumanbot:normal"],
        ["tabletop-heuristic", "random", "mumanbot:easy", "tabletop-heuristic"],
    ],
)
def test_heuristic_bot_plays_whole_games(specs):
    g = load_game("tabletop_inc", players=len(specs)).with_automaton_seats(specs)
    bots = {s: make_bot(sp, g, s) for s, sp in enumerate(specs) if s not in g.automaton_seats()}
    st = g.new_initial_state(11)
    steps = 0
    while not st.is_terminal():
        s = st.current_player()
        st.apply_action(bots[s].act(st, s))
        steps += 1
        assert steps < g.max_game_length()
    h = st.heuristic()
    assert all(0.0 <= x <= 1.0 for x in h)
    assert len(st.scores()) == len(specs)
    str(st)


def test_heuristic_in_unit_interval_midgame():
    st = played(5, seed=3, steps=150)
    h = st.heuristic()
    assert len(h) == 5 and all(0.0 <= x <= 1.0 for x in h)


def test_same_seed_same_game_with_bots():
    a = played(3, seed=8, steps=400, mumanbots=("", "extreme", ""))
    b = played(3, seed=8, steps=400, mumanbots=("", "extreme", ""))
    assert snapshot(a) == snapshot(b)


@pytest.mark.parametrize(
    "kw",
    [
        {"players": 2, "mumanbots": ("", "hard")},
        {"players": 4, "start_cards": "pow_wow", "card_track_refresh": True},
        {"players": 6},
    ],
)
def test_invariants_along_random_games_s20(kw):
    """§20 invariants: production area <= 1 of each piece; <= 1 skill card per employee; track
    widths; hourglass in range; every worker available or on exactly one space/card; shelf
    tokens + held = 9; pieces in supply + tables + published + shelf = configured totals."""
    g = load_game("tabletop_inc", **kw)
    d = g.data
    for seed in range(3):
        st = g.new_initial_state(seed)
        rng = random.Random(seed)
        while not st.is_terminal():
            st.apply_action(st.random_action(rng))
            assert [len(st.tracks[k]) for k in ("sp", "fl", "it")] == [3, 3, 4]
            assert 0 <= st.hourglass <= d.track_max
            assert st.shelf[0] + st.shelf[1] + st.shelf[2] + sum(len(a) for a in st.awards) == 9
            for piece in range(3):
                total = sum(d.pieces[piece])
                held = sum(1 for p in range(st.n) if st.production[p][piece])
                held += sum(1 for p in range(st.n) for _ in st.published[p])
                held += sum(1 for p in range(st.n) for _A, game in st.awards[p] if game)
                assert sum(st.supply[piece]) + held == total
            for p in range(st.n):
                assert all(0 <= x <= 4 for x in st.production[p])
                standees = sum(1 for c, _ in st.employees[p] if c in d.specialists)
                on_board = len(st.placed[p])
                assert st.mumans[p] + len(st.standees[p]) + on_board == d.workers + standees
                spaces = [
                    loc for _w, loc in st.placed[p] if isinstance(loc, int) and not d.spaces[loc].unlimited
                ]
                assert len(spaces) == len(set(spaces))
                assert all(st.occupied[i] == p for i in spaces)


def test_clone_and_pickling_carry_every_declared_field():
    """`__slots__` is the one list of the state's fields: clone() (written out by hand for
    speed) and pickling must each carry every one of them, so a field added to the list and
    forgotten in clone() fails here."""
    import pickle

    from automa.rules.tabletop_inc.state import TabletopState

    st = played(n=3, seed=5, steps=150, mumanbots=("", "hard", ""))
    declared = vars(TabletopState).get("__annotations__")  # a compiled class keeps none
    if declared is not None:
        assert set(TabletopState.__slots__) == set(declared) - {"__slots__"}
    for copy in (st.clone(), pickle.loads(pickle.dumps(st))):
        for name in TabletopState.__slots__:
            assert snapshot(getattr(copy, name)) == snapshot(getattr(st, name)), name
