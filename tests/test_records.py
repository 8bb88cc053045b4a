"""Record and save files: every malformed input gets its own one-line reason."""

import json

import pytest

from automa.search.records import RecordError, check_record, read_lines

GOOD = {
    "format": 1,
    "game": "pi",
    "params": {"players": 2, "mode": "standard"},
    "seed": 1,
    "seats": ["random", "random"],
    "actions": [],
}


@pytest.mark.parametrize(
    "change,words",
    [
        ({"format": 99}, "record format 99: this automa reads format 1"),
        ({"actions": "abc"}, "field 'actions' must be a JSON list"),
        ({"actions": [["x", "text"]]}, "action 0 must be [action, text, seat]"),
        ({"game": "nosuch"}, "nosuch"),
        ({"params": {"players": 9}}, "a pi game"),
        ({"seed": "x"}, "field 'seed' must be a JSON int"),
    ],
)
def test_a_malformed_record_says_what_is_wrong(change, words):
    with pytest.raises(RecordError) as err:
        check_record({**GOOD, **change})
    assert words in str(err.value)


def test_a_record_without_actions_names_the_missing_field():
    bad = dict(GOOD)
    del bad["actions"]
    with pytest.raises(RecordError, match="no actions"):
        check_record(bad)


def test_a_binary_file_is_refused_in_one_line(tmp_path):
    path = tmp_path / "bin.jsonl"
    path.write_bytes(bytes(range(256)))
    with pytest.raises(RecordError, match="binary data at byte"):
        list(read_lines(path))


def test_bad_lines_are_reported_and_good_ones_kept(tmp_path):
    path = tmp_path / "mixed.jsonl"
    path.write_text(json.dumps(GOOD) + "\n{broken\n" + json.dumps({**GOOD, "format": 99}) + "\n")
    lines = list(read_lines(path))
    assert [bool(line.record) for line in lines] == [True, False, False]
    assert "not valid JSON" in lines[1].error and "format 99" in lines[2].error
