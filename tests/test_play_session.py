"""The terminal game (`automa play`) driven in-process: a scripted keyboard, the output
collected as lines, and a screen of a given size.  Two-step choices, stable aliases, the
board and list on an 80x24 screen, leaving with Ctrl-D, the record of a finished game, and
P.I.'s solve menu for a human."""

import itertools
import random
import re

import pytest

from automa.play import (
    Decision,
    Session,
    Terminal,
    action_aliases,
    action_groups,
    action_name,
    alias_candidates,
    assign_aliases,
    fallback_group,
    read_saved,
    screen_rows,
)
from automa.search import records

EOF = object()  # in a script: the keyboard sends end of input (Ctrl-D)


class Keyboard:
    """Types the scripted answers one per prompt (EOF raises EOFError); when they run out,
    `then` is typed forever, or end of input if there is none."""

    def __init__(self, answers, then=None):
        self.answers, self.then = list(answers), then
        self.prompts = []

    def __call__(self, prompt):
        self.prompts.append(prompt)
        if self.answers:
            answer = self.answers.pop(0)
        elif self.then is not None:
            answer = self.then
        else:
            answer = EOF
        if answer is EOF:
            raise EOFError
        return answer


def play(session, answers, screen=(80, 24), record_dir=None, then=None):
    """Run the terminal on `session`; (terminal, exit status, output lines, keyboard)."""
    out = []
    keys = Keyboard(answers, then)
    session.out, session.input_fn = out.append, keys
    term = Terminal(session, screen=(lambda: screen) if screen else None, record_dir=record_dir)
    code = term.run()
    return term, code, out, keys


def unwrapped(out):
    """The output as one line: the table breaks long lines between words to fit the screen."""
    return " ".join(" ".join(out).split())


def solo(seed=1):
    return Session.new("pulitzer", None, "solo", {}, [], seed=seed, out=lambda _t: None)


def after(out, marker):
    """The output lines after the last one containing `marker`."""
    last = max(i for i, line in enumerate(out) if marker in line)
    return out[last + 1 :]


# --------------------------------------------------------------------------- two-step choices


def test_a_wide_decision_is_taken_group_first_on_80x24(tmp_path):
    session = solo()
    legal, decision = session.decision()
    assert len(legal) >= 70
    top = decision.top_menu()
    groups = [e for e in top if e.group]
    assert groups and len(top) < 20
    assert [e.label for e in top if not e.group][-1] == "pass"  # actions without a group stay
    second = groups[1]
    members = decision.group_menu(second.group)
    target = members[-2]
    number = members.index(target) + 1
    term, _code, out, keys = play(
        session, [second.alias, "b", second.alias, str(number), "n"], record_dir=tmp_path
    )
    text = "\n".join(out)
    assert f"[{second.alias}]" in text and f"{second.group}: {len(members)} choices >" in text
    lead = decision.group_lead(second.group)
    assert f"{second.group}, {lead} ... — {len(members)} choices (b: back to the first list):" in text
    assert lead == "place on" and members[0].label.startswith("kiosk")  # the shared words once, above
    assert keys.prompts[1] == f"seat 0 > {second.group} > "  # the open group in the prompt
    assert keys.prompts[2] == "seat 0 > "  # b: back to the first list
    assert session.actions[0][1] == decision.texts[target.action]
    for menu in (decision.top_menu(), *(decision.group_menu(e.group) for e in groups)):
        assert screen_rows(term.menu_lines(menu, None, 80), 80) <= 20  # each list fits under a prompt


def test_full_aliases_and_the_start_of_a_text_work_from_the_first_list(tmp_path):
    session = solo()
    _legal, decision = session.decision()
    deep = next(i for i, g in enumerate(decision.groups) if g)
    term, _code, _out, _keys = play(session, [decision.aliases[deep], "n"], record_dir=tmp_path)
    assert session.actions[0][1] == decision.texts[deep]

    session = solo()
    _legal, decision = session.decision()
    text = decision.texts[deep]
    play(
        session,
        [text[:-1] if decision.match(text[:-1], decision.top_menu())[0] == "action" else text, "n"],
        record_dir=tmp_path,
    )
    assert session.actions[0][1] == text


def test_typing_a_groups_shared_start_opens_the_group():
    texts = [
        "request in HR",
        "place journalist 2 on bus stop $500",
        "place journalist 2 on kiosk National row 1",
        "place journalist 3 on bus stop $500",
        "pass",
    ]
    groups = [fallback_group(t) for t in texts]
    decision = Decision(texts, groups)
    top = decision.top_menu()
    assert [e.label for e in top] == [
        "request in HR",
        "place journalist 2: 2 choices >",
        "place journalist 3 on bus stop $500",
        "pass",
    ]  # a group of one is its action
    assert decision.match("place journalist 2", top) == ("group", "place journalist 2")
    assert decision.match("place journalist", top) == ("unclear", [1, 2, 3])
    assert decision.match("2", top) == ("group", "place journalist 2")
    menu = decision.group_menu("place journalist 2")
    assert [e.label for e in menu] == ["bus stop $500", "kiosk National row 1"]
    assert decision.group_lead("place journalist 2") == "on"
    assert decision.match("on k", menu, "place journalist 2") == ("action", 2)
    assert decision.match("kiosk", menu, "place journalist 2") == ("action", 2)
    assert decision.match("1", menu, "place journalist 2") == ("action", 1)
    assert decision.match("pass", menu, "place journalist 2") == ("action", 4)  # any alias, any list


def test_without_the_views_groups_the_text_groups(monkeypatch):
    """Until a game's view says `action_group`, actions are grouped by their text up to the
    first linking word; with it, the view's groups are used."""
    import types

    session = solo()
    state = session.state
    legal = state.legal_actions()
    texts = [state.action_to_string(a) for a in legal]
    bare = types.SimpleNamespace(board_text=lambda *a: "")
    monkeypatch.setattr("automa.rules.presentation.game_view", lambda game: bare)
    groups = action_groups(state, 0, legal, texts)
    assert groups[texts.index("pass")] == ""
    place = next(i for i, t in enumerate(texts) if t.startswith("place journalist 2 on"))
    assert groups[place] == "place journalist 2"
    own = types.SimpleNamespace(action_group=lambda st, seat, a: "mine" if a != "x" else "")
    monkeypatch.setattr("automa.rules.presentation.game_view", lambda game: own)
    assert set(action_groups(state, 0, legal, texts)) == {"mine"}


# --------------------------------------------------------------------------- stable aliases


def test_an_alias_depends_on_the_text_not_on_its_place_in_the_list():
    session = solo()
    _legal, decision = session.decision()
    texts = decision.texts
    alone = {t: action_aliases([t])[0] for t in texts}
    assert action_aliases(texts) == [alone[t] for t in texts]
    shuffled = texts[:]
    random.Random(3).shuffle(shuffled)
    assert action_aliases(shuffled) == [alone[t] for t in shuffled]
    assert action_aliases(texts[::7]) == [alone[t] for t in texts[::7]]


def test_a_space_keeps_its_alias_from_round_to_round_and_notes_do_not_change_it():
    """The report: 'pj2ol' was one bus space in round 2 and another in round 5.  Now the
    alias is made from the action's own text, and a note in parentheses (an agent on the
    space) does not change it."""
    assert (
        alias_candidates("place journalist 2 on left bus $300 (blue agent)")[0]
        == alias_candidates("place journalist 2 on left bus $300")[0]
        == "pj2lb300"
    )
    assert alias_candidates("place journalist 2 on left bus $400")[0] == "pj2lb400"
    assert action_name("play Alibi on P1(Ann Putnam)") == "play Alibi on P1"


@pytest.mark.parametrize(
    "name,params,text_alone",
    [
        ("pulitzer", dict(mode="solo"), True),
        ("pulitzer", dict(players=3), True),
        ("pulitzer", dict(players=5, events=True), True),
        ("tabletop_inc", {}, False),
        ("pi", dict(players=3), False),
        ("watergate", {}, True),
        ("salem", dict(players=6), True),
    ],
)
def test_every_alias_offered_in_a_game_means_one_action(name, params, text_alone):
    """At every decision of random games: every action has an alias, no two share one,
    none is a command word or a number; over a game an alias is only ever offered for one
    action (by its name, the text without notes).  Where no two names share initials
    (`text_alone`), that holds even without the session's memory of aliases: the alias is
    the text's alone.  (Tabletop's 'take dollar' and 'token dollar', P.I.'s 'Doc' and
    'Downtown' share initials: the memory gives the second one seen a longer alias.)"""
    from automa.play import RESERVED

    for seed in range(2):
        session = Session.new(
            name,
            params.get("players"),
            params.get("mode"),
            {k: v for k, v in params.items() if k not in ("players", "mode")},
            [],
            seed=seed,
            out=lambda _t: None,
        )
        rng = random.Random(seed)
        meaning: dict[str, str] = {}
        alone: dict[str, str] = {}
        for _ in range(600):  # long games (P.I.'s) are cut short
            if session.state.is_terminal():
                break
            legal, decision = session.decision()
            shown = decision.aliases + list(decision.group_aliases.values())
            assert all(shown) and len(set(shown)) == len(shown)
            assert not any(a in RESERVED or a.isdigit() for a in shown)
            for alias, text in zip(decision.aliases, decision.texts, strict=True):
                assert meaning.setdefault(alias, action_name(text)) == action_name(text), alias
            if text_alone:
                for alias, text in zip(action_aliases(decision.texts), decision.texts, strict=True):
                    assert alone.setdefault(alias, action_name(text)) == action_name(text), alias
            session.state.apply_action(legal[rng.randrange(len(legal))])


def test_texts_that_share_initials_never_share_an_alias():
    book = {}
    assert action_aliases(["take dollar"], book) == ["td"]
    assert action_aliases(["token dollar"], book) == ["tokdol"]  # 'td' is taken
    assert action_aliases(["token dollar", "take dollar"], book) == ["tokdol", "td"]
    # in one list, both move on to a longer form until they differ
    assert action_aliases(["predict trade", "predict train"]) == ["predicttrade", "predicttrain"]
    same = action_aliases(["support right bus $800", "support right bus $800"])
    assert same == ["supportrightbus800", "supportrightbus800#2"]  # identical texts: numbered
    assert assign_aliases([("a", ["x", "y"]), ("b", ["x", "z"])]) == ["y", "z"]


# --------------------------------------------------------------------------- the screen


def test_board_and_list_do_not_scroll_away_on_80x24(tmp_path):
    """A long list that does not fit under the board waits for Enter (the board comes first,
    with a line saying so); a short one follows the board at once; `board` shows the board
    again, and Enter then lists the actions; on a tall screen a flat list follows the board."""
    session = Session.new("tabletop_inc", None, None, {}, [], seed=1, out=lambda _t: None)
    legal, _decision = session.decision()
    _term, _code, out, keys = play(session, ["", "n"], record_dir=tmp_path)
    pager = next(
        i for i, line in enumerate(out) if line.startswith(f"--- {len(legal)} actions: Enter lists them")
    )
    board_start = max(i for i in range(pager) if "your decision ---" in out[i])
    assert not any(re.match(r" +1\. \[", line) for line in out[board_start:pager])
    listing = out[pager + 1 : pager + 1 + len(legal)]
    assert [line.split("]")[0].split(".")[0].strip() for line in listing] == [
        str(i) for i in range(1, len(legal) + 1)
    ]

    session = solo()
    _term, _code, out, keys = play(session, ["board", "", "n"], record_dir=tmp_path)
    heads = [i for i, line in enumerate(out) if "your decision ---" in line]
    first = out[heads[0] : heads[1]]
    assert not any(line.startswith("--- 75 actions") for line in first)
    groups = [line for line in first if "choices >" in line]
    assert groups and screen_rows(groups, 80) <= 8  # short: right under the board
    again = out[heads[1] :]
    pager = next(i for i, line in enumerate(again) if line.startswith("--- 75 actions: Enter lists them"))
    assert any("choices >" in line for line in again[pager + 1 :])  # Enter lists them again

    session = solo()
    _term, _code, out, _keys = play(session, ["n"], screen=(200, 200), record_dir=tmp_path)
    assert not any(line.startswith("--- 75 actions") for line in out)
    assert not any("choices >" in line for line in out)  # it all fits: one flat list
    assert any(re.search(r"\[pass\] +pass", line) for line in out)


# --------------------------------------------------------------------------- leaving and records


def test_ctrl_d_offers_to_save_and_saves_when_the_input_is_gone(tmp_path):
    session = solo()
    term, code, out, keys = play(session, [EOF, EOF], record_dir=tmp_path)
    assert code == 0 and "save before leaving?" in keys.prompts[-1]
    saved = list(tmp_path.glob("pulitzer-seed1-*.json"))
    assert len(saved) == 1 and term.saved_to == str(saved[0])
    assert f"resume with: automa play pulitzer --load {saved[0]}" in unwrapped(out)
    again = Session.load(saved[0])
    assert again.state.legal_actions() == session.state.legal_actions()


def test_ctrl_d_then_continue_then_leave_without_saving(tmp_path):
    session = solo()
    _term, code, out, _keys = play(session, [EOF, "c", "1", EOF, "n"], record_dir=tmp_path)
    assert code == 1 and "continuing" in out and "game abandoned (not saved)" in out
    assert len(session.actions) == 1 and not list(tmp_path.iterdir())


def test_enter_at_the_question_saves_to_the_file_saved_last(tmp_path):
    mine = tmp_path / "mine.json"
    session = solo()
    term, code, _out, _keys = play(session, [f"save {mine}", "1", EOF, ""], record_dir=tmp_path / "games")
    assert code == 0 and term.saved_to == str(mine)
    assert len(read_saved(mine)["actions"]) == 1


def test_a_finished_game_is_written_as_a_record_replay_verifies(tmp_path):
    from click.testing import CliRunner

    from automa.cli import main

    session = solo(seed=4)
    term, code, out, _keys = play(session, [], then="1", record_dir=tmp_path)
    assert code == 0 and session.state.is_terminal()
    path = term.record_path
    assert path and path.startswith(str(tmp_path)) and path.endswith(".jsonl")
    assert f"game record: {path}" in unwrapped(out)
    assert f"replay it with: automa replay {path} --verify" in unwrapped(out)
    record = read_saved(path)
    assert record["status"] == "ok" and len(record["actions"]) == len(session.actions)
    records.verify(record)
    result = CliRunner().invoke(main, ["replay", path, "--verify"])
    assert result.exit_code == 0 and "all 1 records replay exactly" in result.output


# --------------------------------------------------------------------------- P.I.: no deducing for a human


def test_pi_with_a_human_offers_every_nomination_unless_told_otherwise():
    human = Session.new("pi", 3, None, {}, ["human", "deducer", "random"], seed=2, out=lambda _t: None)
    assert human.game.params.prune_solves is False
    assert Session.new("pi", 3, None, {}, [], seed=2, out=lambda _t: None).game.params.prune_solves is False
    asked = Session.new(
        "pi", 3, None, {"prune_solves": True}, ["human", "random", "random"], seed=2, out=lambda _t: None
    )
    assert asked.game.params.prune_solves is True
    bots = Session.new("pi", 3, None, {}, ["deducer", "random", "random"], seed=2, out=lambda _t: None)
    assert bots.game.params.prune_solves is True
    # the human's first solve offers every suspect (the printed rules allow any nomination)
    state = human.state
    while state.current_player() != 0:
        human.bot_move(state.current_player())
        state = human.state
    suspects = [a for a in state.legal_actions() if a[0] == "solve_suspect"]
    assert len(suspects) == human.game.data.NS


def test_bots_play_a_whole_pi_game_with_every_nomination_offered():
    session = Session.new("pi", 3, None, {}, ["human", "deducer", "level:easy"], seed=5, out=lambda _t: None)
    assert session.game.params.prune_solves is False
    rng = random.Random(1)
    for _ in itertools.count():
        if session.state.is_terminal():
            break
        seat = session.state.current_player()
        if session.seats[seat].human:
            session.apply(session.state.random_action(rng), seat)
        else:
            session.bot_move(seat)
    assert session.state.outcome().reason
    assert any(text.startswith("solve") for _a, text, seat in session.actions if seat != 0)


def test_the_play_command_writes_the_record_to_record_dir(tmp_path):
    from click.testing import CliRunner

    from automa.cli import main

    result = CliRunner().invoke(
        main,
        ["play", "pulitzer", "--mode", "solo", "--seed", "4", "--record-dir", str(tmp_path)],
        input="1\n" * 400,
    )
    assert result.exit_code == 0, result.output
    written = list(tmp_path.glob("pulitzer-seed4-*.jsonl"))
    assert len(written) == 1 and f"game record: {written[0]}" in unwrapped([result.output])
    records.verify(read_saved(written[0]))
