"""Salem's action texts at the terminal (issue #10).

`automa play salem` numbers the legal actions with `state.action_to_string(action)` and
matches what the player types against the starts of those texts.  So the texts must read as
plain English with the printed names (never an engine id such as 'naw' or 'will_griggs'),
every two legal actions of one decision must read differently, each kind of action must keep
its first word, and a text may say nothing the acting seat does not already know.  These
properties are checked on every decision of many random games at every player count.
"""

import random
import re
from collections import defaultdict

import pytest

from automa.play import action_aliases, match_action
from automa.rules.core import load_game
from automa.rules.salem.view import SALEM_TRIAL

CONFIGS = (
    [dict(players=n) for n in range(4, 13)]
    + [dict(players=2, mode="ghosts"), dict(players=3, mode="ghosts")]
    # variant 18.3 is the only source of the accused's 'flip' choice
    + [dict(players=5, two_card_reveal=True)]
)
SEEDS = range(16)

#: the first word of each action head: what a player types to narrow the list down
FIRST_WORD = {
    "keep": {"keep"},
    "cat": {"give"},
    "sleep": {"sleep"},
    "victim": {"choose"},
    "gavel": {"place"},
    "confess": {"confess"},
    "tituba": {"move", "leave"},
    "draw": {"draw"},
    "parris": {"take"},
    "peek": {"peek"},
    "look": {"look"},
    "end": {"end"},
    "play": {"play"},
    "target": {"play"},
    "target2": {"give", "move"},
    "alibi": {"remove"},
    "token": {"give", "remove"},
    "yes": {"yes"},
    "no": {"no"},
    "stop": {"stop"},
    "loot": {"take"},
    "take": {"take"},
    "flip": {"reveal"},
    "cat_reveal": {"reveal"},
    "special": {"resolve"},
    "charlatan": {"choose"},
    "revive": {"turn"},
    "inquire": {"turn"},
    "mag_from": {"take"},
    "mag_to": {"give"},
}
#: (decision kind, action head) pairs the random games must reach, so that every branch of
#: action_to_string is exercised (the rare Town Hall and special-card prompts included)
MUST_SEE = {
    ("keep", "keep"),
    ("dawn", "cat"),
    ("dawn", "sleep"),
    ("victim", "victim"),
    ("sleep", "sleep"),
    ("gavel", "gavel"),
    ("confess", "confess"),
    ("tituba", "tituba"),
    ("action", "draw"),
    ("action", "parris"),
    ("action", "peek"),
    ("action", "look"),
    ("action", "play"),
    ("play", "end"),
    ("play", "play"),
    ("play", "look"),
    ("target", "target"),
    ("target2", "target2"),
    ("alibi", "alibi"),
    ("bless_token", "token"),
    ("curse_token", "token"),
    ("abigail", "yes"),
    ("ann", "yes"),
    ("rebecca", "yes"),
    ("danforth", "yes"),
    ("danforth", "no"),
    ("loot", "loot"),
    ("loot", "stop"),
    ("parris", "take"),
    ("parris", "stop"),
    ("pick2", "flip"),
    ("cat_self", "cat_reveal"),
    ("spec_order", "special"),
    ("charlatan", "charlatan"),
    ("gravedigger", "revive"),
    ("inquisitor", "inquire"),
    ("mag_from", "mag_from"),
    ("mag_to", "mag_to"),
}
SNAKE = re.compile(r"[a-z]+_[a-z]+")


def _norm(text):
    return " ".join(text.lower().split())


def _label(cfg):
    return ",".join(f"{k}={v}" for k, v in cfg.items())


def _decisions(cfg, seeds=SEEDS):
    """(state, legal actions, their texts) at every decision of random games."""
    game = load_game("salem", **cfg)
    for seed in seeds:
        s = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            legal = s.legal_actions()
            yield s, legal, [s.action_to_string(a) for a in legal]
            s.apply_action(legal[int(rng.random() * len(legal))])


@pytest.fixture(scope="module")
def walked():
    """Every configuration walked once: problems found per configuration, and the
    (decision kind, head) pairs and the texts of each head seen over all of them."""
    problems = {}
    seen = set()
    texts_of = defaultdict(set)
    for cfg in CONFIGS:
        found = problems.setdefault(_label(cfg), [])
        for s, legal, texts in _decisions(cfg):
            kind = s.dec[0]
            aliases = action_aliases(texts)
            if len({_norm(t) for t in texts}) != len(texts):
                found.append(f"{kind}: texts repeat: {texts}")
            for i, (a, t) in enumerate(zip(legal, texts, strict=True)):
                seen.add((kind, a[0]))
                texts_of[a[0]].add(t)
                if SNAKE.search(t) or re.search(r"\bNone\b", t) or "(?)" in t:
                    found.append(f"{kind}: {a} reads {t!r}")
                first = re.match(r"[a-z]+", t)
                if first is None or first.group(0) not in FIRST_WORD.get(a[0], ()):
                    found.append(f"{kind}: {a} starts {t!r}")
                if match_action(t, texts, aliases) != (i, []):
                    found.append(f"{kind}: typing {t!r} does not choose {a}")
    return problems, seen, texts_of


@pytest.mark.parametrize("cfg", CONFIGS, ids=_label)
def test_texts_are_distinct_plain_and_typeable_at_every_decision(walked, cfg):
    """Two legal actions never read the same (the UI matches typed text against them), no
    text holds an engine id or a bare None, each head keeps its first word, and typing an
    action's whole text picks exactly that action."""
    problems, _seen, _texts = walked
    assert problems[_label(cfg)][:5] == []


def test_every_kind_of_action_was_reached(walked):
    """The random games reach every decision kind and action head the engine builds, so the
    checks above cover all of action_to_string."""
    _problems, seen, _texts = walked
    assert MUST_SEE - seen == set()
    assert {head for _kind, head in seen} <= set(FIRST_WORD)


def test_texts_use_printed_card_character_and_token_names(walked):
    _problems, _seen, texts = walked
    names = set(load_game("salem", players=5).data.char_name.values())
    assert {t[len("keep the ") : -len(" card")] for t in texts["keep"]} == names
    assert all(re.fullmatch(r"keep the [A-Z][A-Za-z ]+ card", t) for t in texts["keep"])
    assert "confess nothing" in texts["confess"]
    assert "confess: reveal your Not a Witch card" in texts["confess"]
    assert "confess without revealing a card (William Phips)" in texts["confess"]
    assert texts["draw"] == {"draw two cards"}
    assert texts["end"] == {"end your turn"}
    assert "place the gavel on nobody" in texts["gavel"]  # ghosts mode (19.6)
    assert any(t.startswith("place the gavel in front of P") for t in texts["gavel"])
    assert any(t.startswith("give the Black Cat to ") for t in texts["cat"])
    assert "play Alibi as a Witness (Will Griggs)" in texts["play"]
    assert any(re.fullmatch(r"play Alibi on P\d+\([A-Za-z ]+\)", t) for t in texts["target"])
    assert any(t.startswith("play Blessing: give the ") for t in texts["target"])
    assert any(
        re.fullmatch(
            r"remove (\d Accusation cards?)?( and )?(\d Evidence cards?)? "
            r"from P\d+\([A-Za-z ]+\) \(Alibi\)",
            t,
        )
        for t in texts["alibi"]
    )
    assert any("Black Cat token" in t for t in texts["token"] | texts["mag_from"])
    assert any(
        t.startswith("take the ") and t.endswith(" from the centre (Magistrate)") for t in texts["mag_from"]
    )
    assert any("the Night" in t for t in texts["tituba"])
    for head in ("confess", "cat_reveal", "flip", "revive"):
        for t in texts[head]:
            if "reveal your" in t or "face-up" in t:
                assert any(name in t for name in SALEM_TRIAL.values()), t


def test_secret_prompts_read_the_same_for_every_role():
    """The dummy prompt of a secret round (a townsperson at Dawn, anyone outside the witch
    vote or the gavel at night) has one text, so it reveals no role to an onlooker."""
    texts = set()
    for cfg in (dict(players=6), dict(players=2, mode="ghosts")):
        for _s, legal, shown in _decisions(cfg, range(4)):
            texts |= {t for a, t in zip(legal, shown, strict=True) if a[0] == "sleep"}
    assert texts == {"sleep (nothing to choose now)"}


@pytest.mark.parametrize(
    "cfg", [dict(players=5), dict(players=9), dict(players=3, mode="ghosts")], ids=_label
)
def test_texts_depend_only_on_what_the_acting_seat_knows(cfg):
    """Resampling everything hidden from the acting seat (spec 20.6 determinization) leaves
    the text of each of its actions unchanged: the texts carry no hidden information."""
    checked = 0
    for k, (s, legal, texts) in enumerate(_decisions(cfg, range(6))):
        if k % 4:
            continue
        seat = s.current_player()
        world = s.determinize(seat, random.Random(k))
        there = set(world.legal_actions())
        for a, t in zip(legal, texts, strict=True):
            if a in there:
                assert world.action_to_string(a) == t
                checked += 1
    assert checked > 100


def test_an_action_outside_the_decision_still_reads_without_failing():
    """Error messages name illegal actions with action_to_string: it must not raise."""
    s = load_game("salem", players=5).new_initial_state(1)
    assert s.action_to_string(("target", 99)) == "target 99"
    assert s.action_to_string(("bogus",)) == "bogus"
    assert s.action_to_string("draw") == "'draw'"
    assert s.action_to_string(("draw",)) == "draw two cards"
