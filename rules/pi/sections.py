"""P.I.: the section of its rulebook (`rulebook.md`) that covers each decision kind (the first item
of an action), which the `rules` command of `automa play` quotes.  A "mode:kind" key wins over
the bare kind in that mode.  Found by `automa.play.rulestext.rule_sections`."""

RULE_SECTIONS: dict[str, str] = {
    "investigate": "7.1",
    "evidence": "7.2",
    "solve_crime": "7.3",
    "solve_location": "7.3",
    "solve_suspect": "7.3",
}
