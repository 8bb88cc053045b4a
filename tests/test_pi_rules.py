"""P.I. rules engine tests; each names the spec section (rules/pi/rulebook.md) it checks."""

from __future__ import annotations

import random
import tomllib

import pytest

from automa.rules.core import TERMINAL, IllegalActionError, load_game
from automa.rules.pi.logic import CUBE, DISC, NONE
from automa.rules.pi.state import EV, INV, SC, SL, SS
from automa.rules.position import dumps

SUSPECTS = {  # area -> suspect; waterfront and skid_row hold the two "no suspect" tiles
    "lakeside": "shorty",
    "forest_park": "doc",
    "little_italy": "bubbles",
    "trocadero": "rusty",
    "ocean_drive": "frenchy",
    "china_town": "maurice",
    "central_station": "pop",
    "main_street": "dutch",
    "road_house": "knuckles",
    "union_square": "pinky",
    "downtown": "queenie",
    "ricks_cafe": "earl",
}
CRIMES = {  # area -> crime; forest_park, main_street, union_square, ricks_cafe: "no crime"
    "lakeside": "mob_killing",
    "little_italy": "bank_job",
    "trocadero": "murder",
    "ocean_drive": "blackmail",
    "china_town": "police_corruption",
    "central_station": "forgery",
    "road_house": "kidnapping",
    "downtown": "jewellery_heist",
    "waterfront": "smuggling",
    "skid_row": "protection_racket",
}


def game(players=2, **kw):
    return load_game("pi", players=players, **kw)


def ids(g):
    d = g.data
    return (
        {x: i for i, x in enumerate(d.area_ids)},
        {x: i for i, x in enumerate(d.suspect_ids)},
        {x: i for i, x in enumerate(d.crime_ids)},
    )


def card(g, kind, ident):
    d = g.data
    if kind == "suspect":
        return d.suspect_ids.index(ident)
    if kind == "crime":
        return d.NS + d.crime_ids.index(ident)
    return d.NS + d.NC + d.area_ids.index(ident)


def solve(state, triple):
    g = state.game
    area, sus, cri = ids(g)
    s, c, loc = triple
    for act in ((SS, sus[s]), (SC, cri[c]), (SL, area[loc])):
        state.apply_action(act)


def seed_position(start=1):
    """The seed's worked example: red (seat 0) has the case Bubbles / Murder / Downtown;
    Bubbles is in Little Italy, Murder in Trocadero (next to Little Italy and Main Street),
    Main Street holds a "no crime" tile.  Blue is seat 1."""
    g = game(2)
    s = g.new_initial_state(0)
    s.set_position(
        SUSPECTS,
        CRIMES,
        [("bubbles", "murder", "downtown"), ("shorty", "forgery", "lakeside")],
        display=[
            "location:waterfront",
            "crime:murder",
            "suspect:doc",
            "suspect:rusty",
            "crime:blackmail",
            "location:road_house",
            "suspect:earl",
            "crime:smuggling",
            "location:skid_row",
        ],
        start=start,
    )
    return g, s


def test_seed_worked_example_move_by_move():
    """Seed example (spec 7.1, 7.2, 7.3, 8.1 and the validation in spec 12): Little Italy ->
    1 disc + 1 cube; Main Street (no-crime tile) -> 2 cubes; Waterfront card -> cube; Murder
    card -> disc; red then knows Bubbles / Murder / Downtown and, solving in the same round
    as blue, also scores 7 (P-15)."""
    g, s = seed_position()
    area, sus, cri = ids(g)
    d = g.data
    assert s.current_player() == 1  # blue starts
    blue_cards = [
        card(g, "suspect", "doc"),
        card(g, "suspect", "rusty"),
        card(g, "crime", "blackmail"),
        card(g, "location", "road_house"),
    ]
    # round 1
    s.apply_action((EV, blue_cards[0]))
    s.apply_action((INV, area["little_italy"]))
    assert s.events[-1] == (INV, 0, area["little_italy"], 1, 1)
    # round 2
    s.apply_action((EV, blue_cards[1]))
    s.apply_action((INV, area["main_street"]))
    assert s.events[-1] == (INV, 0, area["main_street"], 0, 2)
    # after two investigators the crime tile is next to both areas: Trocadero or Central Station
    k = s.known_mask(0)
    crimes_left = {c for c in range(d.NC) if k & d.CMASK[c]}
    murder_possible_areas = {s.crime_areas[c] for c in crimes_left}
    assert area["trocadero"] in murder_possible_areas
    # round 3
    s.apply_action((EV, blue_cards[2]))
    s.apply_action((EV, card(g, "location", "waterfront")))
    assert s.events[-1] == (EV, 0, card(g, "location", "waterfront"), CUBE)
    assert card(g, "location", "waterfront") in s.discard  # a token was placed: card discarded
    # round 4
    s.apply_action((EV, blue_cards[3]))
    s.apply_action((EV, card(g, "crime", "murder")))
    assert s.events[-1] == (EV, 0, card(g, "crime", "murder"), DISC)
    # red can now prove the case: exactly one triple is left
    k = s.known_mask(0)
    assert k.bit_count() == 1
    assert k == 1 << d.triple_index(sus["bubbles"], cri["murder"], area["downtown"])
    # round 5: blue solves first, red solves in the same round: both score 7
    assert s.current_player() == 1
    solve(s, ("shorty", "forgery", "lakeside"))
    assert s.vp_markers[1] == 7
    assert s.current_player() == 0
    assert [a for a in s.legal_actions() if a[0] == SS] == [(SS, sus["bubbles"])]
    solve(s, ("bubbles", "murder", "downtown"))
    assert s.vp_markers[0] == 7
    # everyone solved -> the mini-game is over; the start marker moved on (spec 9)
    assert s.minigame == 1 and s.start == 0 and s.current_player() == 0


# --------------------------------------------------------------------------- helpers

CASES4 = [
    ("shorty", "mob_killing", "lakeside"),
    ("doc", "bank_job", "forest_park"),
    ("bubbles", "murder", "little_italy"),
    ("rusty", "blackmail", "trocadero"),
    ("frenchy", "forgery", "ocean_drive"),
]


def position(players, start=0, seed=0, **params):
    g = game(players, **params)
    s = g.new_initial_state(seed)
    s.set_position(SUSPECTS, CRIMES, CASES4[:players], start=start)
    return g, s


def filler(state):
    """An information action that never ends anything: the first evidence card offered."""
    legal = state.legal_actions()
    action = next((a for a in legal if a[0] == EV), None) or next(a for a in legal if a[0] == INV)
    state.apply_action(action)


# --------------------------------------------------------------------------- 7.1 investigate


def test_investigate_counts_per_element_and_blank_tiles_still_give_cubes():
    """Spec 7.1 / P-3: one result per case element (disc here, cube next door), at most 3
    tokens; a blank tile in the area does not stop a cube for that element."""
    g, s = position(2)
    area, _, _ = ids(g)
    d = g.data
    from automa.rules.pi.logic import investigate_result

    # seat 2's case in CASES4 is (bubbles, murder, little_italy): all three in/around Little Italy
    case = (d.suspect_ids.index("bubbles"), d.crime_ids.index("murder"), area["little_italy"])
    assert investigate_result(d, s.suspect_areas, s.crime_areas, case, area["little_italy"]) == (2, 1)
    assert investigate_result(d, s.suspect_areas, s.crime_areas, case, area["trocadero"]) == (1, 2)
    # Main Street holds a "no crime" tile; Murder (Trocadero) is next door: a cube
    assert s.crime_tiles[area["main_street"]] == -1
    assert investigate_result(d, s.suspect_areas, s.crime_areas, case, area["main_street"]) == (0, 1)
    assert investigate_result(d, s.suspect_areas, s.crime_areas, case, area["skid_row"]) == (0, 0)
    for a in range(d.NL):
        dd, cc = investigate_result(d, s.suspect_areas, s.crime_areas, case, a)
        assert dd + cc <= 3


def test_investigators_one_per_area_and_five_for_the_whole_game():
    """Spec 7.1 preconditions / P-6: no second own investigator in an area in one mini-game;
    five investigators for the whole game, not returned between mini-games (spec 9)."""
    g, s = position(2)
    area, _, _ = ids(g)
    s.apply_action((INV, area["lakeside"]))
    filler(s)
    assert (INV, area["lakeside"]) not in s.legal_actions()
    with pytest.raises(IllegalActionError):
        s.apply_action((INV, area["lakeside"]))
    assert (INV, area["trocadero"]) in s.legal_actions()
    assert s.investigators_left == [4, 5]
    # spend the rest, then none are offered
    for a in ("trocadero", "downtown", "waterfront", "skid_row"):
        s.apply_action((INV, area[a]))
        filler(s)
    assert s.investigators_left[0] == 0
    assert not [a for a in s.legal_actions() if a[0] == INV]
    # the next mini-game does not give them back
    solve(s, CASES4[0])
    solve(s, CASES4[1])
    assert s.minigame == 1
    assert s.investigators_left == [0, 5]
    assert s.current_player() in (0, 1) and s.start == 1


# --------------------------------------------------------------------------- 7.2 evidence


def test_evidence_compares_only_its_own_type():
    """Spec 7.2 step 2 / P-4: a suspect card says nothing about the crime or location,
    even if their tiles are next door."""
    g, s = position(2)
    d = g.data
    from automa.rules.pi.logic import evidence_result

    case = s.cases[0]  # seat 0: shorty / mob_killing / lakeside (all in Lakeside)
    # Doc is in Forest Park, next to Lakeside where all of seat 0's case lies
    assert evidence_result(d, s.suspect_areas, s.crime_areas, case, card(g, "suspect", "doc")) == CUBE
    # Rusty is in Trocadero (next to Lakeside): cube; Knuckles in Road House: nothing
    assert evidence_result(d, s.suspect_areas, s.crime_areas, case, card(g, "suspect", "knuckles")) == NONE
    assert evidence_result(d, s.suspect_areas, s.crime_areas, case, card(g, "suspect", "shorty")) == DISC
    # a crime card is compared with the crime only: Forgery (Central Station) is not next to
    # Lakeside, so nothing, although suspect and location tiles of the case are elsewhere
    assert evidence_result(d, s.suspect_areas, s.crime_areas, case, card(g, "crime", "forgery")) == NONE
    assert evidence_result(d, s.suspect_areas, s.crime_areas, case, card(g, "crime", "bank_job")) == CUBE
    assert (
        evidence_result(d, s.suspect_areas, s.crime_areas, case, card(g, "location", "little_italy")) == CUBE
    )
    assert evidence_result(d, s.suspect_areas, s.crime_areas, case, card(g, "location", "skid_row")) == NONE


def test_evidence_card_destinations_and_own_token_rule():
    """Spec 7.2 steps 3-4 / P-6: a disc or cube puts the card on the discard pile and marks
    the tile (that seat may not take that card again; others may); no token = dead lead
    kept in front of the player."""
    g = game(2)
    s = g.new_initial_state(0)
    s.set_position(
        SUSPECTS,
        CRIMES,
        CASES4[:2],
        start=0,
        display=[
            "suspect:doc",
            "suspect:knuckles",
            "suspect:pop",
            "crime:murder",
            "crime:forgery",
            "location:skid_row",
            "location:lakeside",
            "location:downtown",
            "suspect:earl",
        ],
    )
    doc, knuckles = card(g, "suspect", "doc"), card(g, "suspect", "knuckles")
    s.apply_action((EV, doc))  # cube for seat 0 (Doc next to Lakeside)
    assert s.events[-1] == (EV, 0, doc, CUBE)
    assert s.discard == [doc] and s.marked[0] >> doc & 1
    assert len(s.display) == 9  # refilled at the end of the turn
    s.apply_action((EV, knuckles))  # seat 1 (doc / bank_job / forest_park)
    assert s.events[-1][3] == NONE
    assert s.dead_leads == [(1, knuckles)] and knuckles not in s.display
    # put Doc back into the display (off the discard pile): seat 0 may not take it, seat 1 may
    at = tomllib.loads(s.to_position())
    name = at["board"]["discard"].pop(at["board"]["discard"].index("suspect:doc"))
    at["board"]["deck"].append(at["board"]["display"][0])
    at["board"]["display"][0] = name
    s = g.from_position(dumps(at))
    assert (EV, doc) not in s.legal_actions()
    filler(s)
    if doc in s.display:
        assert (EV, doc) in s.legal_actions()


def test_display_refill_reshuffles_discard_but_never_dead_leads():
    """Spec 7.2 step 6 / P-10: when the deck is empty the discard pile (only) is reshuffled
    into a new deck; dead leads stay out."""
    g, s = position(2)
    at = tomllib.loads(s.to_position())
    board = at["board"]
    dead_card = s.deck[0]
    # the deck is empty: its first card a dead lead of seat 0, the rest (and one card of the
    # display) on the discard pile
    board["dead_leads"] = [[0, board["deck"][0]]]
    board["discard"] = board["deck"][1:] + [board["display"].pop()]
    board["deck"] = []
    s = g.from_position(dumps(at))
    assert len(s.display) == 8
    s._refill()
    assert len(s.display) == 9
    assert dead_card not in s.display and dead_card not in s.deck
    assert s.discard == []


# --------------------------------------------------------------------------- 7.3 solve


def test_failed_solve_costs_two_points_and_is_public():
    """Spec 7.3 step 3, 10 / P-11, P-12: a wrong triple moves the penalty marker (-2 VP
    each, no cap), is logged publicly and is not offered again."""
    g, s = position(2)
    area, sus, cri = ids(g)
    wrongs = [(x, "forgery", "downtown") for x in ("pop", "rusty", "dutch", "pinky", "earl", "queenie")]
    for i, bad in enumerate(wrongs):
        if i:
            filler(s)  # seat 1
        solve(s, bad)
        assert s.events[-1] == ("solve_fail", 0, sus[bad[0]], cri[bad[1]], area[bad[2]])
    assert s.penalty[0] == 6
    assert s.scores()[0] == (-12, 5, -12)  # past the printed -10 (P-12)
    filler(s)
    s.apply_action((SS, sus["pop"]))
    s.apply_action((SC, cri["forgery"]))
    assert (SL, area["downtown"]) not in s.legal_actions()
    assert (SL, area["skid_row"]) in s.legal_actions()


def test_unpruned_solves_offer_every_triple_not_already_failed():
    """Spec 12: the printed rules allow any nomination; with prune_solves=false the engine
    offers every named suspect x named crime x area except the seat's own failed triples."""
    g, s = position(2, prune_solves=False)
    d = g.data
    assert len([a for a in s.legal_actions() if a[0] == SS]) == d.NS
    solve(s, ("doc", "bank_job", "lakeside"))
    filler(s)
    s.apply_action((SS, d.suspect_ids.index("doc")))
    assert len(s.legal_actions()) == d.NC
    s.apply_action((SC, d.crime_ids.index("bank_job")))
    assert len(s.legal_actions()) == d.NL - 1


def test_successful_solve_reveals_the_case_to_everyone():
    """Spec 7.3 step 4 / spec 4: a solved case publicly rules its three names out of every
    other case; the solver takes no more turns this mini-game."""
    g, s = position(3)
    d = g.data
    _, sus, _ = ids(g)
    solve(s, CASES4[0])
    assert s.vp_markers[0] == 7 and s.solved[0] == 1
    for q in (1, 2):
        assert not s.candidates[q] & d.SMASK[sus["shorty"]]
    filler(s)
    filler(s)
    assert s.current_player() == 1  # seat 0 is skipped


# --------------------------------------------------------------------------- 8, 9 scoring


def test_scoring_example_ties_and_no_skipped_space():
    """Spec 8.1 / 8.2 example (4 players, start seat 0): round 2 seats 1 and 3 solve -> 7
    each (same round); round 3 nobody -> V stays 5; round 4 seat 0 -> 5 (ties never skip a
    space); end of round 4 only seat 2 is unsolved -> the mini-game ends (spec 9), seat 2
    scores 0 and takes no penalty."""
    g, s = position(4, start=0)
    for _ in range(4):
        filler(s)  # round 1
    assert s.round == 2 and s.value == 7
    filler(s)  # seat 0
    solve(s, CASES4[1])  # seat 1
    filler(s)  # seat 2
    solve(s, CASES4[3])  # seat 3, same round
    assert s.vp_markers[:4] == [0, 7, 0, 7]
    assert s.round == 3 and s.value == 5  # dropped once for the round
    filler(s)  # round 3: seat 0
    filler(s)  # seat 2
    assert s.round == 4 and s.value == 5  # nobody solved in round 3
    solve(s, CASES4[0])  # round 4: seat 0
    assert s.vp_markers[0] == 5
    assert s.current_player() == 2
    filler(s)  # seat 2, last in the round
    assert s.minigame == 1  # the mini-game ended
    assert s.vp_markers[:4] == [5, 7, 0, 7]
    assert s.penalty == [0, 0, 0, 0]
    assert s.start == 1 and s.current_player() == 1  # start marker moved clockwise


def test_last_unsolved_player_still_gets_the_turn_in_that_round():
    """Spec 9 condition 2: if solves mid-round leave one unsolved player who has not played
    this round yet, that player still plays and may solve at the current V; everyone
    solving ends the mini-game at once (condition 1)."""
    g, s = position(3, start=0)
    solve(s, CASES4[0])
    solve(s, CASES4[1])
    assert s.current_player() == 2 and s.minigame == 0
    solve(s, CASES4[2])
    assert s.vp_markers[:3] == [7, 7, 7]
    assert s.minigame == 1


def test_last_unsolved_player_failing_ends_the_minigame_with_zero():
    """Spec 9 condition 2: at the end of the round exactly one unsolved player -> 0 points
    for them (the penalty for their failed attempt stays)."""
    g, s = position(3, start=0)
    solve(s, CASES4[0])
    solve(s, CASES4[1])
    solve(s, ("pop", "forgery", "downtown"))  # seat 2 fails
    assert s.minigame == 1
    assert s.vp_markers[:3] == [7, 7, 0]
    assert s.penalty == [0, 0, 1]


def test_solved_players_are_skipped_but_round_anchor_stays():
    """Spec 6 / P-8: solved players are skipped; the round still ends at the start seat."""
    g, s = position(3, start=1)
    filler(s)  # seat 1
    filler(s)  # seat 2
    solve(s, CASES4[0])  # seat 0, round 1 -> 7
    assert s.round == 2 and s.value == 5
    solve(s, CASES4[1])  # seat 1, round 2 -> 5
    assert s.vp_markers[1] == 5
    filler(s)  # seat 2, end of round 2 -> ends
    assert s.minigame == 1 and s.vp_markers[:3] == [7, 5, 0]


def test_value_track_floors_at_zero():
    """Spec 8.2: V drops 7, 5, 3, 1 and then stays at the last space (0)."""
    g, s = position(5, start=0)
    values = []
    for q in range(4):
        for _ in range(5):
            if s.current_player() == q and not s.solved[q]:
                solve(s, CASES4[q])
            elif not s.solved[s.current_player()]:
                filler(s)
        values.append(s.vp_markers[q])
    assert values == [7, 5, 3, 1]


def test_start_player_rotates_and_mini_games_reset(tmp_path):
    """Spec 5.2 steps 1-7: each mini-game re-deals, resets discs/cubes (tokens), keeps
    penalties and used investigators; the start marker moves one seat clockwise."""
    g = game(3)
    s = g.new_initial_state(7)
    first = s.start
    rng = random.Random(1)
    starts = [s.start]
    m = 0
    while not s.is_terminal():
        s.apply_action(s.random_action(rng))
        if not s.is_terminal() and s.minigame != m:
            m = s.minigame
            starts.append(s.start)
            assert s.events == [] and s.marked == [0, 0, 0] and s.investigated_areas == [0, 0, 0]
            assert s.current_player() == s.start and s.value == 7 and s.round == 1
            assert len(s.display) == 9 and len(s.deck) == 27
    assert starts == [first, (first + 1) % 3, (first + 2) % 3]
    assert s.current_player() == TERMINAL and s.legal_actions() == []


def test_final_score_and_tie_breakers():
    """Spec 10: total = score markers - 2 x penalty steps; ties broken by more unused
    investigators, then fewer penalty points, else shared."""
    g = game(4)
    # score markers per mini-game, seats 0-3 in turn: (7, 5, 0), (7, 3, 1), (5, 5, 3), (7, 7, 0)
    final = """
        format = 1
        game = "pi"
        seed = 0
        [params]
        players = 4
        [play]
        over = true
        [board]
        scores = [7, 7, 5, 7,  5, 3, 5, 7,  0, 1, 3, 0]
        [seat.0]
        penalty = 0
        investigators_left = 1
        [seat.1]
        penalty = 0
        investigators_left = 0
        [seat.2]
        penalty = 1
        investigators_left = 1
        [seat.3]
        penalty = 1
        investigators_left = 1
    """
    s = g.from_position(final)
    n = 4
    sc = s.scores()
    assert [x[0] for x in sc] == [12, 11, 11, 12]
    out = s.outcome()
    # seats 0 and 3 tie on 12 and on investigators; seat 0 has fewer penalty points
    assert out.winners == (0,)
    assert out.ranks[0] == 1 and out.ranks[3] == 2
    # seats 1 and 2 tie on 11; seat 2 has more unused investigators (first tie-breaker)
    assert out.ranks[2] < out.ranks[1]
    # seat 0: 7 + 5 + 2 - 2 = 12 as well
    at = tomllib.loads(final)
    at["seat"]["0"]["penalty"] = 1
    at["board"]["scores"][2 * n + 0] = 2
    s = g.from_position(dumps(at))
    assert s.penalty == [1, 0, 1, 1] and s.vp_markers[2 * n + 0] == 2
    assert s.scores()[0] == s.scores()[3] == (12, 1, -2)
    assert s.outcome().winners == (0, 3)  # shared: equal on everything


def test_params_are_checked():
    """Spec 1: 2-5 players, one mode."""
    from automa.rules.core import ParamError

    with pytest.raises(ParamError, match="2-5"):
        load_game("pi", players=6)
    with pytest.raises(ParamError):
        load_game("pi", players=3, mode="solo")
    with pytest.raises(ParamError, match="prune_solves"):
        load_game("pi", players=3, prune_solves="yes")
    assert load_game("pi", players=5).max_game_length() > 0


def test_illegal_actions_leave_the_state_unchanged():
    """Design contract: an illegal action raises and changes nothing."""
    from automa.rules.core import snapshot

    g, s = position(2)
    before = snapshot(s)
    for bogus in ((SL, 0), (EV, 99), ("investigate", 99), ("pass", 0)):
        with pytest.raises(IllegalActionError):
            s.apply_action(bogus)
    assert snapshot(s) == before
    assert "Little Italy" in s.action_to_string((INV, 2)) and "P.I." in str(s)


def test_random_action_is_uniform_over_legal_actions():
    """Rollout fast path (core contract): `random_action` draws uniformly from
    `legal_actions()` without building it."""
    from collections import Counter

    g = game(3)
    s = g.new_initial_state(5)
    rng = random.Random(5)
    for _ in range(30):
        s.apply_action(s.random_action(rng))
    legal = s.legal_actions()
    draws = Counter(s.random_action(rng) for _ in range(200 * len(legal)))
    assert set(draws) == set(legal)
    assert min(draws.values()) > 120 and max(draws.values()) < 290


def test_unpruned_random_game_ends_within_declared_length():
    """Spec 12 / P-16: with every nomination allowed the game still ends within
    max_game_length (each seat fails each triple at most once per mini-game)."""
    from automa.rules.core import play_random

    g = game(2, prune_solves=False)
    s = g.new_initial_state(0)
    steps = play_random(s, random.Random(0), max_actions=g.max_game_length())
    assert s.is_terminal() and steps <= g.max_game_length()
    assert sum(s.penalty) > 0
