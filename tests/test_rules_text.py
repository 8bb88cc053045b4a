"""The terminal's `rules` in a player's words (#49): every rule section a decision quotes reads
as a rulebook (no specification tags, no code, no notes for an engine), and `rules --spec`
still shows the tagged text.  One cleaner (`player_text`) serves the terminal and the lobby."""

from __future__ import annotations

import re

import pytest

from automa.play.rulestext import player_text, rule_section, rule_sections
from automa.rules.core import game_packages, package_games

#: a tag as the specifications write them: §15.2, R-30, AMB-15, A-40, R-TURN-3, [seed], [S]
SPEC_TAG = re.compile(r"§|\b[A-Z]{1,4}(?:-[A-Z]+)*-\d+\b")
BRACKETS = re.compile(r"(?<![\w`])\[[^\]]*\](?!\()")
GAMES = [cls for package in game_packages() for cls in package_games(package)]


def sections(cls) -> list[tuple[str, str]]:
    return sorted({(kind, number) for kind, number in rule_sections(cls).items()})


@pytest.mark.parametrize("cls", GAMES, ids=[cls.name for cls in GAMES])
def test_every_decisions_section_reads_as_a_rulebook(cls):
    table = sections(cls)
    assert table, f"{cls.name} maps no decision to its rulebook"
    tagged = 0
    for kind, number in table:
        spec = rule_section(cls.name, number)
        plain = player_text(spec)
        where = f"{cls.name} {kind} -> {number}"
        assert plain.strip(), f"{where}: nothing left"
        assert not SPEC_TAG.search(plain), (
            f"{where}: {SPEC_TAG.search(plain).group(0)!r} in the player's text"
        )
        assert not BRACKETS.search(plain), f"{where}: {BRACKETS.search(plain).group(0)!r}"
        assert "```" not in plain and not re.search(r"^\s*def \w+\(", plain, re.M), f"{where}: code"
        assert not re.search(r"\bEngine\s*(rule)?\s*:", plain), f"{where}: a note for an engine"
        assert plain.splitlines()[0].startswith(number), f"{where}: starts with its heading"
        tagged += bool(SPEC_TAG.search(spec) or BRACKETS.search(spec))
    assert tagged, f"{cls.name}: the spec's own text shows its tags"


def test_the_cleaner_keeps_the_rule_and_drops_the_spec():
    spec = "\n".join(
        [
            "### 7.2 Take a card (証拠カードの取得) [S]",
            "",
            "- Compare values [R-32: the journalist uses effective value]. [seed]",
            "- Resolve as in §8.4 (§8; see AMB-03, recommended).",
            "  - Engine rule [R-29]: the other player may act twice.",
            "- [BGA-src variant] BGA draws one card. Engine: report it.",
            "- A line the spec broke",
            "  by hand.",
            "",
            "Result function:",
            "",
            "```",
            "def evidence(card):",
            "    return None",
            "```",
            "",
            "| Token | From | Effect |",
            "|---|---|---|",
            "| Kiosk +2 | `news_room` | +2 in rows [R-11] |",
        ]
    )
    assert player_text(spec) == "\n".join(
        [
            "7.2 Take a card",
            "",
            "- Compare values (the journalist uses effective value).",
            "- Resolve as in section 8.4 (recommended).",
            "  - The other player may act twice.",
            "- A line the spec broke by hand.",
            "",
            "- Kiosk +2 — news room; Effect: +2 in rows",
        ]
    )
    plain = "'by_difficulty' (1/2/3/4 cards) or 'always_4'; () = none"
    assert player_text(plain) == plain  # nothing to clean: unchanged


pexpect = pytest.importorskip("pexpect")


def test_rules_at_an_80_column_terminal_and_rules_spec():
    from tests.test_play_terminal import PROMPT, leave_unsaved, spawn

    child = spawn("play", "pulitzer", "-p", "mode=solo", "--seed", "2", dimensions=(24, 80))
    child.expect(PROMPT)
    child.sendline("rules")
    child.expect(PROMPT)
    plain = child.before
    child.sendline("rules --spec")
    child.expect(PROMPT)
    spec = child.before
    child.sendline("help")
    child.expect(PROMPT)
    shown = child.before
    assert "Newspaper resolution" in plain and "Newspaper resolution" in spec
    assert not SPEC_TAG.search(plain) and not BRACKETS.search(plain), plain
    assert "[S]" in spec or SPEC_TAG.search(spec)
    assert re.search(r"rules --spec\s+the same section as the specification", shown)
    for line in (plain + spec + shown).splitlines():
        assert len(line.rstrip("\r")) <= 80, line
    assert leave_unsaved(child) == 1
