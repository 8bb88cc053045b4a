"""P.I. rules engine tests; each names the spec section (/work/shared/rules/pi.md) it checks."""
from __future__ import annotations

import random

import pytest

from rules.core import TERMINAL, IllegalActionError, load_game
from rules.pi.logic import CUBE, DISC, NONE
from rules.pi.state import EV, INV, SC, SL, SS

SUSPECTS = {  # area -> suspect; waterfront and skid_row hold the two "no suspect" tiles
    "lakeside": "shorty", "forest_park": "doc", "little_italy": "bubbles", "trocadero": "rusty",
    "ocean_drive": "frenchy", "china_town": "maurice", "central_station": "pop",
    "main_street": "dutch", "road_house": "knuckles", "union_square": "pinky",
    "downtown": "queenie", "ricks_cafe": "earl"}
CRIMES = {  # area -> crime; forest_park, main_street, union_square, ricks_cafe: "no crime"
    "lakeside": "mob_killing", "little_italy": "bank_job", "trocadero": "murder",
    "ocean_drive": "blackmail", "china_town": "police_corruption", "central_station": "forgery",
    "road_house": "kidnapping", "downtown": "jewellery_heist", "waterfront": "smuggling",
    "skid_row": "protection_racket"}


def game(players=2, **kw):
    return load_game("pi", players=players, **kw)


def ids(g):
    d = g.data
    return ({x: i for i, x in enumerate(d.area_ids)}, {x: i for i, x in enumerate(d.suspect_ids)},
            {x: i for i, x in enumerate(d.crime_ids)})


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
    s, c, l = triple
    for act in ((SS, sus[s]), (SC, cri[c]), (SL, area[l])):
        state.apply_action(act)


def seed_position(start=1):
    """The seed's worked example: red (seat 0) has the case Bubbles / Murder / Downtown;
    Bubbles is in Little Italy, Murder in Trocadero (next to Little Italy and Main Street),
    Main Street holds a "no crime" tile.  Blue is seat 1."""
    g = game(2)
    s = g.new_initial_state(0)
    s.set_position(SUSPECTS, CRIMES,
                   [("bubbles", "murder", "downtown"), ("shorty", "forgery", "lakeside")],
                   display=["location:waterfront", "crime:murder", "suspect:doc", "suspect:rusty",
                            "crime:blackmail", "location:road_house", "suspect:earl",
                            "crime:smuggling", "location:skid_row"],
                   start=start)
    return g, s


def test_seed_worked_example_move_by_move():
    """Seed example (spec 7.1, 7.2, 7.3, 8.1 and the validation in spec 12): Little Italy ->
    1 disc + 1 cube; Main Street (no-crime tile) -> 2 cubes; Waterfront card -> cube; Murder
    card -> disc; red then knows Bubbles / Murder / Downtown and, solving in the same round
    as blue, also scores 7 (P-15)."""
    g, s = seed_position()
    area, sus, cri = ids(g)
    d = g.data
    assert s.current_player() == 1                       # blue starts
    blue_cards = [card(g, "suspect", "doc"), card(g, "suspect", "rusty"),
                  card(g, "crime", "blackmail"), card(g, "location", "road_house")]
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
    murder_possible_areas = {s.cri_area[c] for c in crimes_left}
    assert area["trocadero"] in murder_possible_areas
    # round 3
    s.apply_action((EV, blue_cards[2]))
    s.apply_action((EV, card(g, "location", "waterfront")))
    assert s.events[-1] == (EV, 0, card(g, "location", "waterfront"), CUBE)
    assert card(g, "location", "waterfront") in s.discard   # a token was placed: card discarded
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
    assert s.score[1] == 7
    assert s.current_player() == 0
    assert [a for a in s.legal_actions() if a[0] == SS] == [(SS, sus["bubbles"])]
    solve(s, ("bubbles", "murder", "downtown"))
    assert s.score[0] == 7
    # everyone solved -> the mini-game is over; the start marker moved on (spec 9)
    assert s.m == 1 and s.start == 0 and s.current_player() == 0
