"""Tabletop Inc.: the section of its rulebook (`rulebook.md`) that covers each decision kind (the first item
of an action), which the `rules` command of `automa play` quotes.  A "mode:kind" key wins over
the bare kind in that mode.  Found by `automa.play.rulestext.rule_sections`."""

RULE_SECTIONS: dict[str, str] = {
    "place": "7",
    "flip": "10.18",
    "pay": "16.2",
    "upgrade": "10",
    "take": "10",
    "do": "10",
    "buy": "10",
    "buy_skill": "8.3",
    "freelancer": "16.1",
    "item": "16.5",
    "keep": "5",
    "predict": "13.1",
    "predict_on": "13.1",
    "no_predict": "13.1",
    "recall": "12",
    "end_turn": "6",
    "play": "16.2",
    "swap": "8.2",
    "slot": "8.2",
    "tuck": "8.2",
    "token": "9",
    "decline": "10.17",
    "stop": "10.17",
}
