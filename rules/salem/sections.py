"""Salem 1692: the section of its rulebook (`rulebook.md`) that covers each decision kind (the first item
of an action), which the `rules` command of `automa play` quotes.  A "mode:kind" key wins over
the bare kind in that mode.  Found by `automa.play.rulestext.rule_sections`."""

RULE_SECTIONS: dict[str, str] = {
    "play": "6",
    "target": "6",
    "target2": "6",
    "draw": "5",
    "end": "5",
    "stop": "5",
    "no": "5",
    "keep": "4.3",
    "dawn": "11",
    "confess": "10.2",
    "victim": "10.2",
    "sleep": "10.2",
    "gavel": "13",
    "token": "13",
    "alibi": "17",
    "cat": "13",
    "tituba": "17",
    "parris": "17",
    "mag_from": "17",
    "mag_to": "17",
    "look": "17",
    "take": "17",
}
