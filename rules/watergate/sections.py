"""Watergate: the section of its rulebook (`rulebook.md`) that covers each decision kind (the first item
of an action), which the `rules` command of `automa play` quotes.  A "mode:kind" key wins over
the bare kind in that mode.  Found by `automa.play.rulestext.rule_sections`."""

RULE_SECTIONS: dict[str, str] = {
    "action": "9",
    "value": "7",
    "init": "8.1",
    "mom": "8.2",
    "slot": "7.1",
    "space": "7.1",
    "person": "9.2",
    "react": "9.4",
    "ask": "9.5",
    "gambit_remove": "9.5",
    "replay": "9.5",
    "pass": "5.2",
}
