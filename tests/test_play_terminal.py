"""`automa play` and `automa companion` driven as a person uses them: through a real
pseudo-terminal (pexpect), with scripted keystrokes.  Short games and small seeds keep the
file quick."""

import json
import os
import re
import sys
import tempfile

import pytest

pexpect = pytest.importorskip("pexpect")
#: finished games' records and unnamed saves of these tests go here, not to ~/.local/state
STATE_HOME = tempfile.mkdtemp(prefix="automa-test-state-")

PROMPT = r"seat (\d+) > "
FINAL = r"=== final scores ==="
TIMEOUT = 60


def spawn(*args, cwd=None, dimensions=(60, 200)):
    env = dict(os.environ, NO_COLOR="1", PYTHONUNBUFFERED="1", TERM="dumb", XDG_STATE_HOME=STATE_HOME)
    env.pop("LINES", None)
    env.pop("COLUMNS", None)
    child = pexpect.spawn(
        sys.executable,
        ["-m", "automa.cli", *args],
        cwd=cwd,
        env=env,
        encoding="utf-8",
        timeout=TIMEOUT,
        dimensions=dimensions,
    )
    return child


def leave_unsaved(child):
    """Ctrl-D: the game says it is kept and asks whether to leave; n leaves and forgets it
    (exit status 1)."""
    child.sendeof()
    child.expect("end of input")
    child.expect(r"leave\? \[")
    child.sendline("n")
    child.expect("game abandoned")
    return finish(child)


def interrupt(child, tries: int = 4):
    """Ctrl-C until the game offers to leave (kept) or save a copy.  A ^C typed while the line editor is still
    setting up the terminal can arrive as a plain character on a loaded machine, so a
    missed one is sent again (the game must answer one of them)."""
    for _ in range(tries):
        child.sendintr()
        if child.expect([r"leave\? \[", pexpect.TIMEOUT], timeout=TIMEOUT / tries) == 0:
            return
    raise AssertionError("Ctrl-C never offered to save")


def finish(child):
    child.expect(pexpect.EOF)
    child.close()
    return child.exitstatus


def screen_before_prompt(child):
    """The position shown for the current decision (from the last header to the prompt)."""
    text = child.before
    start = text.rfind("your decision ---")
    return text[start:]


def test_whole_solo_pulitzer_game_with_garbage_at_every_prompt():
    """Bar: a whole `automa play pulitzer --mode solo --seed 1` to the final score screen;
    garbage typed at every prompt never ends the program; the finished game is written as a
    record that `automa replay --verify` replays."""
    child = spawn("play", "pulitzer", "--mode", "solo", "--seed", "1")
    garbage = ["xyzzy", "", "999", "0", "-3", "place journalist", "!!", "undo undo", "help me"]
    decisions = 0
    while True:
        i = child.expect([PROMPT, FINAL])
        if i == 1:
            break
        child.sendline(garbage[decisions % len(garbage)])
        child.expect(PROMPT)  # re-prompted, the game goes on
        assert (
            "not an action here" in child.before
            or "fits" in child.before
            or "commands:" in child.before
            or "choices (b: back" in child.before
            or "took back" in child.before
            or "nothing to undo" in child.before
            or "type a number" in child.before
            or "1. [" in child.before
        )
        if "took back" in child.before:  # 'undo undo' is the command undo: fine, play on
            pass
        child.sendline("1")
        decisions += 1
        assert decisions < 400
    child.expect(r"seat 0 \(you\): -?\d+.* rank \d")  # the final score screen
    child.expect(r"game record: (\S+)")
    record = child.match.group(1)
    child.expect("replay it with: automa replay")
    assert finish(child) == 0
    assert decisions > 20
    assert record.startswith(STATE_HOME) and json.loads(open(record).read())["status"] == "ok"
    child = spawn("replay", record, "--verify")
    child.expect("verified")
    child.expect("all 1 records replay exactly")
    assert finish(child) == 0


def test_save_then_load_resumes_at_the_same_decision(tmp_path):
    save = tmp_path / "game.json"
    child = spawn("play", "pulitzer", "--mode", "solo", "--seed", "3", cwd=str(tmp_path))
    for choice in ("3", "5", "1"):
        child.expect(PROMPT)
        child.sendline(choice)
    child.expect(PROMPT)
    before = screen_before_prompt(child)
    child.sendline(f"save {save}")
    child.expect("saved to")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(r"leave\? \[")
    child.sendline("")
    child.expect(r"game kept: resume it with automa play --resume \w+")
    assert finish(child) == 0
    record = json.loads(save.read_text())
    assert record["status"] == "in_progress" and len(record["actions"]) == 3

    child = spawn("play", "pulitzer", "--load", str(save), cwd=str(tmp_path))
    child.expect("loaded")
    child.expect(PROMPT)
    after = screen_before_prompt(child)
    assert after == before
    assert leave_unsaved(child) == 1

    # the same state, compared in-process
    from automa.play import Session
    from automa.rules.core import load_game, snapshot

    session = Session.load(save)
    state = load_game("pulitzer", mode="solo").new_initial_state(3)
    for action, _text, _seat in session.actions:
        state.apply_action(action)
    assert snapshot(session.state) == snapshot(state)

    # automa replay lists it and --verify skips it with a note
    child = spawn("replay", str(save), "--verify")
    child.expect("in progress")
    child.expect("not verified")
    assert finish(child) == 0


def test_hint_undo_rules_help():
    child = spawn("play", "pulitzer", "--mode", "solo", "--seed", "2")
    child.expect(PROMPT)
    child.sendline("hint")
    child.expect(r"1\. [^\r\n]*estimated win rate")
    child.expect(r"2\. [^\r\n]*estimated win rate")
    child.expect(r"3\. [^\r\n]*estimated win rate")
    child.expect(PROMPT)
    child.sendline("undo")
    child.expect("nothing to undo")
    child.expect(PROMPT)
    child.sendline("request in hr")
    child.expect(PROMPT)
    assert re.search(r"requests\s+left 2", child.before)
    child.sendline("undo")
    child.expect("took back: request in HR")
    child.expect(PROMPT)
    assert re.search(r"requests\s+left 3", child.before)
    child.sendline("rules")
    child.expect("Newspaper resolution")
    child.expect(PROMPT)
    child.sendline("help")
    child.expect("commands:")
    child.expect(PROMPT)
    child.sendline("red")  # the alias shown for 'request in Editorial'
    child.expect("seat 0 \\(you\\): request in Editorial")
    child.expect(PROMPT)
    assert leave_unsaved(child) == 1


def test_on_an_80x24_terminal_the_board_then_groups_then_their_actions():
    """The report: on 80x24 the board and a flat list of 75 placements scrolled away.  Now
    the list is grouped (a journalist, then a space) and short enough to follow the board;
    b goes back, and a full alias works from the first list.  `board` shows the board again
    with a line saying Enter lists the actions.  Ctrl-D offers to save, and Enter saves to
    the games folder."""
    child = spawn("play", "pulitzer", "--mode", "solo", "--seed", "1", dimensions=(24, 80))
    child.expect(r"\[(\w+)\] +([^\[\r\n]+?): (\d+) choices >")
    alias, heading, count = child.match.groups()
    child.expect(PROMPT)
    child.sendline(alias)
    child.expect(f"{heading}, place on \\.\\.\\. — {count} choices \\(b: back to the first list\\):")
    child.expect(r"\[(\w+)\] +bus stop")
    space = child.match.group(1)
    child.expect(f"seat 0 > {heading} > ")
    child.sendline("b")
    child.expect(r"\[pass\] +pass")
    child.expect(PROMPT)
    child.sendline(space)  # the full alias, typed from the first list
    child.expect(r"seat 0 \(you\): place journalist \d on bus stop \$500")
    child.expect(PROMPT)
    child.sendline("board")
    child.expect(r"--- \d+ actions: Enter lists them")
    child.expect(PROMPT)
    child.sendline("")
    child.expect(r"\[pass\] +pass")
    child.expect(PROMPT)
    child.sendeof()
    child.expect("end of input")
    child.expect(r"leave\? \[")
    child.sendline("")
    child.expect(r"game kept: resume it with automa play --resume (\w+)")
    game_id = child.match.group(1)
    assert finish(child) == 0
    from automa.store import Store

    kept = Store(os.path.join(STATE_HOME, "automa", "automa.db")).load(game_id)
    assert kept["status"] == "in_progress" and kept["ply"] == 1


def test_ctrl_c_offers_to_save(tmp_path):
    save = tmp_path / "interrupted.json"
    child = spawn("play", "pulitzer", "--mode", "solo", "--seed", "5")
    child.expect(PROMPT)
    child.sendline("2")
    child.expect(PROMPT)
    interrupt(child)
    child.sendline("c")
    child.expect("continuing")
    child.expect(PROMPT)
    interrupt(child)
    child.sendline(str(save))
    child.expect("saved to")
    assert finish(child) == 0
    assert len(json.loads(save.read_text())["actions"]) == 1


def play_first_choices(child, told: str, limit: int) -> tuple[int, int]:
    """Answer "1" at every prompt to the end of the game: (decisions made, times `told`
    appeared in the narration)."""
    decisions, seen = 0, 0
    while True:
        i = child.expect([PROMPT, FINAL])
        seen += child.before.count(told)
        if i == 1:
            return decisions, seen
        child.sendline("1")
        decisions += 1
        assert decisions < limit


def test_whole_tabletop_game_against_a_hard_mumanbot():
    child = spawn("play", "tabletop_inc", "--seat", "human", "--seat", "mumanbot:hard", "--seed", "1")
    decisions, mumanbot_lines = play_first_choices(child, "> Mumanbot 1 draws", 2000)
    assert finish(child) == 0
    assert decisions > 10 and mumanbot_lines > 3  # the bot's turns are told in words


def test_two_humans_hand_over_the_screen():
    child = spawn("play", "tabletop_inc", "--seat", "human", "--seat", "human", "--seed", "1")
    child.expect("hand over to seat 0")
    child.sendline("")
    seen = set()
    for _ in range(40):
        i = child.expect([PROMPT, "hand over to seat (\\d)"])
        if i == 1:
            seen.add(child.match.group(1))
            child.sendline("")
            continue
        child.sendline("1")
        if "1" in seen:
            break
    assert "1" in seen
    assert leave_unsaved(child) == 1


def test_bad_arguments_are_reported_not_raised(tmp_path):
    child = spawn("play", "pulitzer", "--mode", "solo", "--seat", "human", "--seat", "random")
    child.expect("--seat options for 1 seat:")
    assert finish(child) == 1
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    child = spawn("play", "pulitzer", "--load", str(bad))
    child.expect("not a saved game")
    assert finish(child) == 1


# --------------------------------------------------------------------------- companion


def test_companion_pulitzer_steps_and_restart(tmp_path):
    state = tmp_path / "times.json"
    args = ("companion", "pulitzer", "--times-mix", "3,3,2", "--seed", "4", "--state", str(state))
    child = spawn(*args)
    child.expect("next: agents > ")
    child.sendline("9 9 9")  # not four dice: re-asked
    child.expect("type four dice")
    child.sendline("3 5 2 2")
    child.expect("you rolled 3 5 \\| 2 2")
    child.expect("next: Times card > ")
    child.sendline("")
    child.expect("Times card [YOR]\\d")
    child.expect("round 2/8, next: agents > ")
    child.sendline("quit")
    child.expect("state saved")
    assert finish(child) == 0
    saved = json.loads(state.read_text())
    assert saved["round"] == 2 and len(saved["revealed"]) == 1

    child = spawn(*args)
    child.expect("resuming from")
    child.expect("round 2/8, next: agents > ")
    child.sendline("r")
    child.expect("I rolled")
    child.expect("next: Times card > ")
    child.sendeof()
    child.expect("end of input")
    assert finish(child) == 0
    assert json.loads(state.read_text())["phase"] == "times"


def test_companion_pulitzer_cards_come_from_the_engine_data(tmp_path):
    from automa.rules.pulitzer.companion import PulitzerCompanion
    from automa.rules.pulitzer.data import cached_data

    ids = {c[0] for c in cached_data().times_cards}
    st = PulitzerCompanion.new_state((3, 3, 2), 1)
    assert len(st["deck"]) == 8 and all(cached_data().times_cards[c][0] in ids for c in st["deck"])


def test_companion_tabletop_mumanbot_steps_and_restart(tmp_path):
    state = tmp_path / "muman.json"
    args = ("companion", "tabletop_inc", "--mumanbot", "hard", "--seed", "2", "--state", str(state))
    child = spawn(*args)
    child.expect("difficulty hard")
    child.expect("Mumanbot \\(0 VP\\) > ")
    child.sendline("")
    child.expect("ZAP card Z\\d+")
    child.expect("first FREE space of")
    child.expect("was a space free")
    child.sendline("y")
    child.expect("VP \\(hard\\)")
    child.expect("\\) > ")
    child.sendline("banana")
    child.expect("not understood")
    child.sendline("quit")
    assert finish(child) == 0
    vp = json.loads(state.read_text())["vp"]
    assert vp > 0

    child = spawn(*args)
    child.expect("resuming")
    for _ in range(12):  # placements until the recall
        child.expect("\\) > ")
        child.sendline("")
        i = child.expect(["was a space free", "did the hourglass reach 0", "no muman is placed"])
        if i == 2:
            continue
        child.sendline("y" if i == 0 else "n")
        if i == 1:
            break
    child.expect("\\) > ")
    child.sendline("vp")
    child.expect("predictions on seat")
    child.expect("\\) > ")
    st = json.loads(state.read_text())
    assert st["predictions"], "a recall draws face-up predictions"
    child.sendline(f"hit {st['predictions'][0]}")
    child.expect("came true: \\+1 VP")
    child.expect("\\) > ")
    child.sendline("end")
    child.expect("game over: the Mumanbot scores")
    assert finish(child) == 0


def test_companion_salem_moderator_private_prompts_and_restart(tmp_path):
    state = tmp_path / "salem.json"
    args = ("companion", "salem", "--players", "4", "--seed", "3", "--state", str(state))
    child = spawn(*args)
    child.expect("moderator \\(setup")
    child.sendline("")
    child.expect("trial deck")
    child.expect("moderator \\(dawn")
    child.sendline("")
    roles = {1: "n", 2: "w", 3: "c", 4: "n"}
    for p in range(1, 5):
        child.expect(f"hand the device to player {p}")
        child.sendline("")
        child.expect("your secret")
        child.sendline("x")  # not a role: asked again
        child.expect("your secret")
        child.sendline(roles[p])
        if roles[p] == "w":
            child.expect("who gets the Black Cat")
            child.sendline("4")
        else:
            child.expect("nothing to do")
        child.expect("press Enter to hide")
        child.sendline("")
        child.expect("\x1b\\[3J")  # the screen and its scrollback are wiped
    child.expect("player 4 takes the Black Cat")
    child.expect("moderator \\(day")
    child.sendline("quit")
    assert finish(child) == 0

    child = spawn(*args)
    child.expect("resuming")
    child.expect("moderator \\(day")
    child.sendline("night")
    for p in range(1, 5):
        child.expect(f"hand the device to player {p}")
        child.sendline("")
        child.expect("your secret")
        child.sendline(roles[p])
        if roles[p] == "w":
            child.expect("tonight's victim")
            child.sendline("1")
        elif roles[p] == "c":
            child.expect("who gets the gavel")
            child.sendline("3")  # not themself: asked again
            child.expect("cannot place the gavel before themself")
            child.expect("who gets the gavel")
            child.sendline("1")
        else:
            child.expect("nothing to do")
        child.expect("press Enter to hide")
        child.sendline("")
    child.expect("gavel lies before player 1")
    child.expect("who confessed")
    child.sendline("")
    child.expect("chose player 1, who holds the gavel: nobody dies")
    child.expect("moderator \\(day")
    child.sendline("token asylum 2")
    child.expect("the Asylum moves from the centre to player 2")
    child.sendline("dead 3")
    child.expect("player 3 turns up their remaining 5")
    child.sendline("n n w")  # not five cards: asked again
    child.expect("5 cards, each")
    child.sendline("n n n n n")
    child.expect("player 3 is ELIMINATED")
    child.sendeof()
    child.expect("end of input")
    assert finish(child) == 0
    saved = json.loads(state.read_text())
    assert 3 not in saved["alive"] and saved["tokens"]["asylum"] == [2] and saved["up"][2] == ["naw"] * 5


def test_alias_and_history_helpers():
    from automa.play import action_aliases, match_action, new_lines, rule_section

    texts = ["request in Editorial", "request in HR", "place journalist 1 on bus", "pass"]
    aliases = action_aliases(texts)
    assert aliases[0] == "red" and aliases[1] == "rhr" and aliases[3] == "pass"
    assert match_action("2", texts, aliases)[0] == 1
    assert match_action("red", texts, aliases)[0] == 0
    assert match_action("pla", texts, aliases)[0] == 2
    assert match_action("request", texts, aliases) == (None, [0, 1])
    assert match_action("banana", texts, aliases) == (None, [])
    assert new_lines(["a", "b", "c"], ["b", "c", "d"]) == ["d"]
    assert new_lines(["a"], ["a", "b"]) == ["b"]
    assert new_lines(["a", "b"], ["a", "b"]) == []
    assert rule_section("pulitzer", "13.11").startswith("### 13.11 SOLO")
    assert "### 13.10" not in rule_section("pulitzer", "13.1")


def test_every_mapped_rule_section_exists_in_the_shipped_rulebooks():
    from automa.play import rule_section, rule_sections
    from automa.rules.core import registered_games

    tables = {game: rule_sections(cls) for game, cls in registered_games().items()}
    for game in ("pulitzer", "tabletop_inc", "pi", "watergate", "salem"):
        assert tables[game], f"{game} has no rule sections (rules/{game}/sections.py)"
    for game, table in tables.items():
        for kind, number in table.items():
            assert rule_section(game, number), (
                f"{game}: {kind} -> §{number} is not in rules/{game}/rulebook.md"
            )


def test_views_use_only_the_seats_observation():
    """A view of seat 0 is the same for two states that differ only in what seat 0 cannot see."""
    import random

    from automa.rules.core import load_game
    from automa.rules.presentation import game_view

    for name, kw in [
        ("pulitzer", dict(mode="solo")),
        ("tabletop_inc", {}),
        ("pi", dict(players=3)),
        ("watergate", {}),
        ("salem", dict(players=5)),
    ]:
        state = load_game(name, **kw).new_initial_state(7)
        rng = random.Random(1)
        for _ in range(15):
            if state.is_terminal():
                break
            state.apply_action(state.random_action(rng))
        seat = state.current_player() if not state.is_terminal() else 0
        other = state.determinize(seat, random.Random(5))
        assert other.observation(seat) == state.observation(seat)
        view = game_view(state.game).board_text
        assert view(other, seat) == view(state, seat), name


def test_aliases_tell_apart_actions_with_the_same_initials():
    from automa.play import action_aliases, match_action

    texts = [
        "play N03 Bob Haldeman (3 blue) for its value part",
        "play N03 Bob Haldeman (3 blue) for its action part",
        "place on TR1 (train)",
        "place on TD1 (trade)",
    ]
    aliases = action_aliases(texts)
    assert all(aliases) and len(set(aliases)) == 4
    assert aliases[2] == "ptr1" and aliases[3] == "ptd1"
    for i, alias in enumerate(aliases):
        assert match_action(alias, texts, aliases)[0] == i


# --------------------------------------------------------------------------- undo and hint, in-process


def _bots_until_human(session):
    while not session.state.is_terminal() and not session.seats[session.state.current_player()].human:
        session.bot_move(session.state.current_player())


def _continue(session, first, start, bot_moves=8):
    """Play `first` for the human, then the human's first legal action at each later
    decision, until the bots have made `bot_moves` moves; the actions after `start`."""
    session.apply(first, session.state.current_player())
    _bots_until_human(session)
    while (
        sum(1 for _a, _t, w in session.actions[start:] if not session.seats[w].human) < bot_moves
        and not session.state.is_terminal()
    ):
        session.apply(session.state.legal_actions()[0], session.state.current_player())
        _bots_until_human(session)
    return [(a, w) for a, _t, w in session.actions[start:]]


def _rng_states(session):
    return {s: seat.bot.rng.getstate() for s, seat in enumerate(session.seats) if seat.bot is not None}


@pytest.mark.parametrize(
    "game,players,specs",
    [
        # a random bot and an ISMCTS bot searching on a time budget (its iteration count depends
        # on the clock, so undo must also repeat the count)
        ("pi", 3, ["human", "random", "ismcts:iterations=200"]),
        # the Salem heuristic keeps a memory of accusations between moves
        ("salem", 5, ["human", "salem-heuristic", "random", "ismcts:iterations=60", "greedy"]),
    ],
)
def test_undo_then_the_same_move_gives_the_same_bot_replies(game, players, specs):
    from automa.play import Session

    session = Session.new(
        game, players, None, {}, specs, seed=3, bot_seed=1, out=lambda _t: None, move_seconds=0.05
    )
    _bots_until_human(session)
    start = len(session.actions)
    move = session.state.legal_actions()[-1]
    before = _rng_states(session)
    first = _continue(session, move, start)
    after = _rng_states(session)
    assert any(before[s] != after[s] for s in before), "the bots drew from their generators"
    assert sum(1 for _a, w in first if not session.seats[w].human) >= 8
    while len(session.actions) > start:
        assert session.undo().startswith("took back")
    assert _rng_states(session) == before
    second = _continue(session, move, start)
    assert second == first
    assert _rng_states(session) == after


def test_undo_without_the_snapshots_would_change_the_replies():
    """The control for the test above: the same session with the bots' state not rewound
    answers differently (so that test proves something)."""
    from automa.play import Session

    session = Session.new(
        "pi", 3, None, {}, ["human", "random", "random"], seed=3, bot_seed=1, out=lambda _t: None
    )
    _bots_until_human(session)
    start = len(session.actions)
    move = session.state.legal_actions()[-1]
    first = _continue(session, move, start)
    session._snapshots.clear()
    while len(session.actions) > start:
        assert "may differ" in session.undo()
    assert _continue(session, move, start) != first


def test_hint_is_the_experts_analysis_for_the_seconds_asked():
    """`hint SECONDS` takes the expert's best moves and plays each out for about that long:
    every suggestion is a legal move with a win rate inside its 95% interval, and the lines
    say the playouts, the interval and how sure the analysis is."""
    from automa.play import Session, hint_lines

    session = Session.new("pulitzer", 1, "solo", {}, ["human"], seed=2, out=lambda _t: None)
    _bots_until_human(session)
    seat = session.state.current_player()
    legal = session.state.legal_actions()
    assert len(legal) >= 20, "a wide decision"
    texts = [session.state.action_to_string(a) for a in legal]
    rows = session.hint(seat, 1.0)
    short = dict(session.last_hint)
    assert short["asked"] == 1.0 and 0.95 <= short["seconds"] < 4.0
    assert short["legal"] == len(legal) and short["playouts"] > 0
    assert len(rows) == 3 and len({r[0] for r in rows}) == 3
    assert all(t in texts for t, *_rest in rows)
    assert all(0.0 <= low <= v <= high <= 1.0 and n > 0 for _t, v, n, low, high in rows)
    assert [r[1] for r in rows] == sorted((r[1] for r in rows), reverse=True)
    from automa.search.bots import make_bot

    expert_pick = session.state.action_to_string(
        make_bot("level:expert", session.game, 0).act(session.state, seat)
    )
    assert expert_pick in [r[0] for r in rows]  # the expert's own choice is analysed
    session.hint(seat, 2.5)
    assert session.last_hint["playouts"] > short["playouts"]  # longer when asked for longer
    lines = hint_lines(rows, short)
    assert all(
        "95% interval" in line and f"{n} playouts)" in line
        for line, (_t, _v, n, _l, _h) in zip(lines, rows, strict=False)
    )
    assert any(line.strip().startswith(("sure:", "fairly sure:", "not sure:")) for line in lines)
    # says who played the moves out: in solo, the game's fast player for the person alone
    assert any("(pulitzer-expert playing for you)" in line for line in lines)


def test_hint_confidence_from_the_figures():
    from automa.play import hint_confidence, hint_lines

    stats = {"playouts": 600, "seconds": 3.0, "legal": 20}
    clear = [("a", 0.70, 200, 0.63, 0.76), ("b", 0.40, 200, 0.33, 0.47), ("c", 0.35, 200, 0.29, 0.42)]
    close = [("a", 0.51, 200, 0.44, 0.58), ("b", 0.50, 200, 0.43, 0.57), ("c", 0.30, 200, 0.24, 0.37)]
    lean = [("a", 0.55, 200, 0.48, 0.62), ("b", 0.48, 200, 0.41, 0.55), ("c", 0.30, 200, 0.24, 0.37)]
    assert hint_confidence(clear).startswith("sure: the first suggestion is clearly ahead")
    assert hint_confidence(close).startswith("not sure: the first two suggestions are too close")
    assert hint_confidence(lean).startswith("fairly sure")
    assert "70% against 40% over 200 playouts each" in hint_confidence(clear)
    # few playouts: said plainly, with the way to think longer
    thin = [("a", 0.6, 12, 0.35, 0.81), ("b", 0.5, 12, 0.25, 0.75), ("c", 0.5, 12, 0.25, 0.75)]
    assert any(
        line.strip().startswith("rough estimate") and "'hint 15'" in line for line in hint_lines(thin, stats)
    )
    assert not any(line.strip().startswith("rough estimate") for line in hint_lines(clear, stats))
    same = [("a", 0.0, 50, 0, 0.07), ("b", 0.0, 50, 0, 0.07), ("c", 0.0, 50, 0, 0.07)]
    assert any("cannot tell these moves apart" in line for line in hint_lines(same, stats))


def test_hint_bad_seconds_are_refused_and_a_forced_move_is_said():
    from automa.play import Session, Terminal, hint_lines

    out = []
    session = Session.new("pi", 3, None, {}, ["human", "random", "random"], seed=3, out=out.append)
    _bots_until_human(session)
    seat = session.state.current_player()
    term = Terminal(session)
    for bad in ("banana", "0", "1000"):
        term.hint(seat, bad)
        assert "number from 0.5 to 120" in out[-1]
    term.hint(seat, "0.5")
    assert "thinking for 0.5 seconds" in "\n".join(out)
    assert session.last_hint["asked"] == 0.5 and session.last_hint["playouts"] > 0
    assert (
        hint_lines([("pass", float("nan"), 0, 0.0, 1.0)], {"legal": 1})[-1].strip()
        == "(the only legal move here)"
    )
