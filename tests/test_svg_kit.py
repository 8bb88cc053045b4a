"""The boards' SVG kit (rules/svg.py): every click target carries a title, on the kit's own
shapes and on every board of every game."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from automa.rules.svg import Canvas, fit, text_width, wrap, wrap_chars, wrap_items
from tests.board_text import BOARDS, boards

NS = "{http://www.w3.org/2000/svg}"


def test_a_click_target_cannot_be_drawn_without_a_title():
    canvas = Canvas()
    with pytest.raises(ValueError):
        canvas.rect(0, 0, 10, 10, fill="#fff", key="a")
    with pytest.raises(ValueError):
        with canvas.target("b", ""):
            pass
    canvas.rect(0, 0, 10, 10, fill="#fff", key="c", title="the c card")
    with canvas.target("d", "the d card"):
        canvas.text(2, 8, "d & <e>")
    svg = canvas.document(width=100, height=50, paper="#eee")
    root = ET.fromstring(svg)
    keyed = [el for el in root.iter() if "data-key" in el.attrib]
    assert [el.get("data-key") for el in keyed] == ["c", "d"]
    assert all(el.find(f"{NS}title").text for el in keyed)
    assert canvas.keys == {"c", "d"}
    text = root.find(f".//{NS}text")
    assert text.text == "d & <e>" and text.get("pointer-events") == "none"


def test_wrap_keeps_lines_within_the_width_and_loses_no_word():
    rng = random.Random(3)
    words = ["a", "card", "Investigator", "momentum", "of", "the", "Times'", "three-way"]
    for _ in range(200):
        text = " ".join(rng.choice(words) for _ in range(rng.randrange(1, 30)))
        width = rng.randrange(40, 400)
        rows = wrap(text, width, 14)
        assert " ".join(rows).split() == text.split()
        assert all(text_width(r, 14) <= width or " " not in r for r in rows)
        assert all(len(r) <= 20 or " " not in r for r in wrap_chars(text, 20))
    assert fit("Mary Warren", 1000, 14) == "Mary Warren"
    cut = fit("Mary Warren of Salem Village", 80, 14)
    assert cut.endswith("…") and text_width(cut, 14) <= 80 + 14


def test_lines_stops_at_most_with_an_ellipsis():
    canvas = Canvas()
    y = canvas.lines(0, 20, "one two three four five six seven eight nine ten", width=40, size=14, most=2)
    assert y == 20 + 2 * 18
    assert len(canvas.parts) == 2 and canvas.parts[-1].endswith("…</text>")


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_every_clickable_thing_on_every_board_has_a_title(name):
    for seed in (1, 2):
        for ply, seat, svg in boards(name, seed):
            root = ET.fromstring(svg)
            for el in root.iter():
                if "data-key" in el.attrib:
                    title = el.find(f"{NS}title")
                    where = f"{name} seed {seed} ply {ply} seat {seat}"
                    assert title is not None and (title.text or "").strip(), (
                        f"{where}: {el.tag} {el.get('data-key')!r} has no title"
                    )


def test_wrap_keeps_the_spaces_around_a_slash_and_wrap_items_never_splits_an_item():
    assert wrap("Shorty / Forgery / Little Italy", 1000, 14) == ["Shorty / Forgery / Little Italy"]
    assert " ".join(wrap("blue/yellow/green token", 60, 14)).replace("/ ", "/") == "blue/yellow/green token"
    names = ["Little Italy", "Central Station", "Union Square", "Rick's Cafe", "Skid Row"]
    rows = wrap_items(names, 200, 14)
    assert len(rows) > 1 and ", ".join(r.rstrip(",") for r in rows) == ", ".join(names)
    assert all(text_width(r, 14) <= 200 for r in rows)
