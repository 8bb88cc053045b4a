"""P.I. component data (spec 3 and 14): contents and load-time validation."""

from __future__ import annotations

import shutil

import pytest
from automa.rules.core import DataError
from automa.rules.pi import data as pidata


def test_map_has_14_areas_29_symmetric_edges_and_the_printed_degrees():
    """Spec 14.2: 14 areas, 29 undirected edges; degrees 3/4/6 as listed."""
    d = pidata.load()
    assert len(d.area_ids) == 14
    edges = {frozenset((a, b)) for a in range(14) for b in d.adj[a]}
    assert len(edges) == 29
    for a in range(14):
        for b in d.adj[a]:
            assert a in d.adj[b]
    deg = {d.area_ids[a]: len(d.adj[a]) for a in range(14)}
    assert {k for k, v in deg.items() if v == 6} == {
        "trocadero",
        "central_station",
        "main_street",
        "downtown",
    }
    assert {k for k, v in deg.items() if v == 4} == {
        "little_italy",
        "ocean_drive",
        "union_square",
        "ricks_cafe",
    }
    assert sum(deg.values()) == 58
    # spec 12: the only area next to both Waterfront and Main Street is Downtown
    i = d.area_ids.index
    both = set(d.adj[i("waterfront")]) & set(d.adj[i("main_street")])
    assert both == {i("downtown")}


def test_names_tiles_decks_and_tracks():
    """Spec 3 / 14.3 / 14.4: 12 suspects + 2 blanks, 10 crimes + 4 blanks, 14 locations,
    36 evidence cards (one per name), VP track 7/5/3/1/0, penalty -2, 5 investigators."""
    d = pidata.load()
    assert d.NS == 12 and d.blank_suspects == 2
    assert d.NC == 10 and d.blank_crimes == 4
    assert d.NL == 14
    assert sorted(d.evidence_cards) == list(range(36))
    assert "Bubbles" in d.suspect_names and "Murder" in d.crime_names and "Rick's Cafe" in d.area_names
    assert d.vp_track == (7, 5, 3, 1, 0)
    assert d.penalty_step == 2 and d.investigators == 5 and d.display_size == 9
    assert d.mini_games == 3 and d.discs == 3 and d.cubes == 10


@pytest.fixture
def broken(tmp_path):
    folder = tmp_path / "data"
    shutil.copytree(pidata.DATA_DIR, folder)

    def edit(name, old, new, count=1):
        path = folder / name
        text = path.read_text()
        assert old in text
        path.write_text(text.replace(old, new, count))
        return folder

    return edit


def _load(folder):
    pidata._CACHE.pop(str(folder.resolve()), None)
    return pidata._load(folder)


@pytest.mark.parametrize(
    "name,old,new,field,words",
    [
        (
            "map.toml",
            'adj = ["forest_park", "trocadero", "little_italy"]',
            'adj = ["forest_park", "trocadero"]',
            "areas[lakeside].adj",
            "not the other way round",
        ),
        ("map.toml", '"little_italy"]', '"little_italee"]', "areas[lakeside].adj[2]", "unknown area"),
        ("map.toml", 'id = "lakeside"', 'id = "forest_park"', "areas[forest_park]", "duplicate id"),
        ("suspects.toml", "blank_tiles = 2", "blank_tiles = 3", "blank_tiles", "number of areas"),
        ("crimes.toml", 'name = "Murder"', 'nom = "Murder"', "crimes[murder].name", "missing"),
        ("evidence.toml", 'id = "bubbles"', 'id = "bubbels"', "cards[bubbels].id", "no suspect"),
        ("evidence.toml", 'type = "crime"', 'type = "weapon"', "cards[murder].type", "must be one of"),
        ("evidence.toml", 'id = "doc"', 'id = "shorty"', "cards[shorty]", "duplicate id"),
        ("rules.toml", "vp_track = [7, 5, 3, 1, 0]", "vp_track = [5, 7, 3, 1, 0]", "vp_track", "increase"),
        ("rules.toml", "penalty_step = 2", 'penalty_step = "two"', "penalty_step", "whole number"),
        ("rules.toml", "mini_games = 3", "mini_games = [", "<file>", "not valid TOML"),
    ],
)
def test_broken_data_names_file_and_field(broken, name, old, new, field, words):
    """Spec 14 data are validated at load: the error names the file and the field."""
    folder = broken(name, old, new)
    with pytest.raises(DataError) as err:
        _load(folder)
    assert err.value.path.endswith(name)
    assert err.value.field == field
    assert words in str(err.value)


def test_missing_file_is_named(tmp_path):
    folder = tmp_path / "data"
    shutil.copytree(pidata.DATA_DIR, folder)
    (folder / "crimes.toml").unlink()
    with pytest.raises(DataError, match="crimes.toml"):
        _load(folder)
