"""The Salem moderator (automa companion salem), driven in-process with scripted answers:
tokens, confessions through the reveal pipeline (spec §8.1, §10.2), the night's protections,
the Matchmaker chain, bad input, and resuming a night that was interrupted."""

import json

import pytest

from automa.companion import run
from automa.rules.salem.companion import SalemCompanion, parse_trial


class Table:
    """One state file; `play(answers)` runs the companion until the answers run out."""

    def __init__(self, tmp_path, players=4, seed=3):
        self.path = tmp_path / "salem.json"
        self.players, self.seed = players, seed
        self.out: list[str] = []
        self.prompts: list[str] = []

    def play(self, answers):
        answers = list(answers)

        def ask(prompt):
            self.prompts.append(prompt)
            if not answers:
                raise EOFError
            return answers.pop(0)

        self.out, self.prompts = [], []
        code = run("salem", str(self.path), self.seed, None, None, self.players, ask=ask, out=self.out.append)
        assert code == 0
        assert not answers, f"answers left over: {answers}"
        return "\n".join(self.out)

    @property
    def state(self):
        return json.loads(self.path.read_text())

    def private(self, roles):
        """Answers for one private round: roles {player: (role, choice...)}, others 'n'."""
        out = []
        alive = self.state["alive"] if self.path.exists() else range(1, self.players + 1)
        for p in range(1, self.players + 1):
            if p not in alive:
                continue
            role, *rest = roles.get(p, ("n",))
            out += ["", role] + [str(x) for x in rest] + [""]  # Enter hides the answers
        return out


@pytest.fixture
def table(tmp_path):
    """A 4-player game past setup and dawn: player 2 is the witch, 3 the Constable; the
    Black Cat went to player 4."""
    t = Table(tmp_path)
    t.play(["", ""] + ["", "n", "", "", "w", "4", "", "", "n", "", "", "n", ""])
    assert t.state["tokens"]["black_cat"] == [4] and t.state["phase"] == "day"
    return t


def night(t, victim, gavel, drawer=2):
    return [f"night {drawer}"] + t.private({2: ("w", victim), 3: ("c", gavel)})


def test_tokens_move_and_are_kept_across_a_restart(table):
    out = table.play(
        [
            "token asylum 3",
            "token matchmaker 1",
            "token matchmaker 4",
            "token matchmaker 2",
            "token piety 2",
            "token piety 2 1",
            "tokens",
        ]
    )
    assert "both Matchmakers are held (players 1 and 4)" in out
    assert "player 1 lost Piety" not in out and "player 2 lost Piety" in out
    st = table.state
    assert st["tokens"] == {"asylum": [3], "black_cat": [4], "matchmaker": [1, 4], "piety": [1]}
    out = table.play(
        [
            "tokens",
            "token cat centre",
            "token matchmaker 1 4",
            "token asylum 9",
            "token asylum centre",
            "token banana 2",
        ]
    )
    assert "Asylum: player 3" in out and "Matchmaker: player 1, player 4" in out
    assert "player 4 already holds a Matchmaker" in out
    assert "FROM and TO a player number" in out  # 'token asylum 9' and 'banana'
    st = table.state
    assert st["tokens"]["black_cat"] == [] and st["tokens"]["asylum"] == []


def test_the_asylum_saves_the_victim_and_says_so(table):
    out = table.play(["token asylum 1"] + night(table, victim=1, gavel=4) + [""])
    assert "The gavel lies before player 4." in out
    assert "the witches chose player 1, who holds the Asylum token: nobody dies tonight" in out
    st = table.state
    assert st["alive"] == [1, 2, 3, 4] and st["phase"] == "day" and st["night"] is None


def test_gavel_and_confession_both_protect_and_every_reason_is_named(table):
    out = table.play(night(table, victim=4, gavel=4) + ["4", "n"])
    assert "who holds the gavel and confessed tonight: nobody dies tonight" in out
    st = table.state
    assert st["up"][3] == ["naw"] and st["fd"][3] == 4 and 4 in st["alive"]


def test_confessing_the_last_witch_card_wins_for_the_town(table):
    out = table.play(night(table, victim=1, gavel=4) + ["2", "w"])
    assert "player 2 confesses" in out and "THE TOWN WINS" in out
    st = table.state
    assert st["done"] and st["phase"] == "over" and st["tasks"] == []


def test_a_confessed_witch_with_another_one_stays_in(tmp_path):
    t = Table(tmp_path, players=8, seed=1)  # 2 Witch cards at 8 players
    t.play(["", ""] + t.private({2: ("w", 5), 6: ("w", 5)}))
    out = t.play(["night"] + t.private({2: ("w", 1), 6: ("w", 1), 3: ("c", 1)}) + ["6", "w", "maybe", "y"])
    assert "type y or n" in out
    assert "player 6 says: 'I hold another Witch card' — and stays in the game" in out
    assert "who holds the gavel" in out
    out = t.play(["reveal 6 w"])  # the second Witch card, by day
    assert "THE TOWN WINS" in out and t.state["done"]


def test_confession_rules_specials_phips_and_bad_input(table):
    out = table.play(
        night(table, victim=1, gavel=4, drawer=2)
        + [
            "7",
            "1 3",  # 7 is no player: asked again
            "magistrate",
            "zz",
            "phips",  # player 3 (first after the drawer, A-10): Phips
            "c",
        ]
    )  # player 1 confesses the Constable card
    assert "7: not a living player" in out
    assert "confession window: players 3, 1 confessed" in out
    assert "special trial cards cannot be revealed by confession" in out
    assert "type w, n, c, phips or none" in out
    assert "player 3 confesses without turning a card (William Phips" in out
    assert "the Constable card is face up: from now on nobody places the gavel" in out
    assert "the witches chose player 1, who confessed tonight: nobody dies tonight" in out
    st = table.state
    assert st["phips_used"] == [3] and st["constable_gone"] and st["fd"][0] == 4 and st["fd"][2] == 5
    assert st["up"][0] == ["constable"]
    # the next night: nobody can answer 'c' any more, Phips is used up, a witch may pick themself
    out = table.play(
        ["night 1", "", "n", "", "", "w", "2", "", "", "c", "n", "", "", "n", ""] + ["3", "phips", "none"]
    )
    assert "the Constable card has been revealed: nobody is the Constable now" in out
    assert "Nobody holds the gavel (the Constable card has been revealed)." in out
    assert "has already used William Phips' confession" in out
    assert "player 3 does not confess after all" in out
    assert "the witches chose player 2: player 2 dies tonight" in out
    assert table.prompts[-1].startswith("  player 2 turns up their remaining 5")


def test_the_matchmaker_chain_takes_a_protected_partner_at_night(table):
    table.play(["token matchmaker 1", "token matchmaker 4"])
    out = table.play(night(table, victim=1, gavel=4) + ["", "n n n n n", "", "n n n n n"])
    assert "player 1 is ELIMINATED (the witches' victim)" in out
    assert "the chain ignores the gavel, a confession and the Asylum (A-11)" in out
    assert "player 4 is ELIMINATED (Matchmaker chain)" in out
    st = table.state
    assert st["alive"] == [2, 3]
    assert st["tokens"]["matchmaker"] == [] and st["tokens"]["black_cat"] == []  # back to the centre
    assert st["up"][0] == ["naw"] * 5


def test_mary_warren_is_not_chained(table):
    table.play(["token matchmaker 1", "token matchmaker 4"])
    out = table.play(["dead 4", "n n n n", "n n n n n", "m"])
    assert "5 cards, each w, n, c or a special's name" in out  # 4 cards typed for 5
    assert "player 1 is Mary Warren: the Matchmaker chain does not take them" in out
    assert table.state["alive"] == [1, 2, 3]


def test_an_interrupted_night_resumes_at_the_same_step(table):
    table.play(night(table, victim=1, gavel=1))  # stops at the confession question
    st = table.state
    assert st["phase"] == "night" and st["nights"] == 1
    assert st["night"]["victim"] == 1 and st["night"]["gavel"] == 1
    assert st["night"]["answers"] == {}  # the secret answers are not kept
    assert [t[0] for t in st["tasks"]] == ["night_reset", "night_announce", "night_confessions"]
    out = table.play([""])  # a restart: straight to the confessions
    assert "resuming the step that was interrupted" in out
    assert not any("hand the device" in p for p in table.prompts)
    assert "the witches chose player 1, who holds the gavel: nobody dies tonight" in out
    st = table.state
    assert st["nights"] == 1 and st["phase"] == "day" and st["tasks"] == []


def test_a_private_round_interrupted_half_way_keeps_the_answers_given(table):
    answers = night(table, victim=1, gavel=4)
    table.play(answers[:8])  # players 1 and 2 answered
    st = table.state
    assert sorted(st["night"]["answers"]) == ["1", "2"]
    table.play(answers[8:] + [""])
    assert any("hand the device to player 3" in p for p in table.prompts)
    assert not any("hand the device to player 1" in p for p in table.prompts)
    assert table.state["alive"] == [2, 3, 4] or "player 1 turns up" in table.prompts[-1]


def test_day_reveals_go_through_the_pipeline(tmp_path):
    t = Table(tmp_path, players=10, seed=2)  # 3 trial cards each
    t.play(["", ""] + t.private({4: ("w", 4)}))
    out = t.play(
        [
            "reveal 5 magistrate",
            "reveal 5 magistrate",
            "reveal 5 c",
            "reveal 5 n",
            "reveal 11 n",
            "reveal 5 q",
        ]
    )
    assert "player 5 resolves the Magistrate now" in out and "token KIND [FROM] TO" in out
    assert "the Magistrate is already face up" in out
    assert "the Constable card is face up" in out
    assert "player 5 is ELIMINATED (all their trial cards are face up)" in out
    assert out.count("reveal N CARD: N a living player") == 2
    st = t.state
    assert 5 not in st["alive"] and sorted(st["up"][4]) == ["constable", "magistrate", "naw"]


def test_an_old_state_file_still_loads(tmp_path):
    path = tmp_path / "old.json"
    old = SalemCompanion.new_state(5, 1)
    for key in (
        "tokens",
        "fd",
        "up",
        "tasks",
        "night",
        "dawn",
        "constable_gone",
        "phips_used",
        "announced",
        "per_seat",
        "witches",
    ):
        old.pop(key)
    old.update(phase="day", black_cat=2)
    path.write_text(json.dumps(old))
    out = []
    answers = ["tokens"]
    run(
        "salem",
        str(path),
        None,
        None,
        None,
        None,
        ask=lambda _p: answers.pop(0) if answers else (_ for _ in ()).throw(EOFError()),
        out=out.append,
    )
    assert "  Black Cat: player 2" in out


def test_parse_trial():
    assert parse_trial("W") == "witch" and parse_trial("not a witch") == "naw"
    assert parse_trial("mag") == "magistrate" and parse_trial("ch") == "charlatan"
    assert parse_trial("c") == "constable" and parse_trial("x") is None


def test_a_mistyped_dead_command_can_be_cancelled(table):
    out = table.play(["dead 4", "cancel", "status"])
    assert "cancelled: player 4 stays in the game" in out
    assert table.state["alive"] == [1, 2, 3, 4] and table.state["tasks"] == []
    assert "player 4: 5 face down; face up: -; tokens: Black Cat" in out


def test_conspiracy_names_the_black_cat_step(table):
    out = table.play(["conspiracy 1", "conspiracy 4", "conspiracy 9", "conspiracy"])
    assert "player 1 turns one of player 4's face-down trial cards face up (blind pick)" in out
    assert "player 4 holds the Black Cat and drew the Conspiracy: they choose" in out
    assert "conspiracy N: N is the living player who drew it" in out  # 9 is no player
    assert "the drawer turns one of player 4's" in out


def test_a_private_answer_is_wiped_before_the_device_is_passed_on(tmp_path):
    """The screen (and its scrollback) is cleared before each player's private prompt and,
    after they press Enter to hide it, again before the next player takes the device; a
    moderator stopping half-way through a private turn leaves nothing on screen either."""
    events = []
    answers = ["", ""] + ["", "n", "", "", "w", "4", "", "", "c", "", "", "n", ""]

    def ask(prompt):
        events.append(("ask", prompt))
        if not answers:
            raise EOFError
        return answers.pop(0)

    run(
        "salem",
        str(tmp_path / "s.json"),
        3,
        None,
        None,
        4,
        ask=ask,
        out=lambda text: events.append(("say", text)),
        clear=lambda: events.append(("clear",)),
    )
    hands = [i for i, e in enumerate(events) if e[0] == "ask" and "hand the device to player" in e[1]]
    hides = [i for i, e in enumerate(events) if e[0] == "ask" and "press Enter to hide" in e[1]]
    assert len(hands) == len(hides) == 4
    for hand, hide in zip(hands, hides, strict=True):
        assert events[hand - 1] == ("clear",)  # nothing of the last player is left
        assert events[hide + 1] == ("clear",)  # hidden before the device moves on
        private = [e[1] for e in events[hand:hide] if e[0] == "say"]
        assert private and all("Everyone opens their eyes" not in line for line in private)
    assert "who gets the Black Cat" in events[hides[1] - 1][1]  # the witch answered, then hid it

    # stopped half-way through player 2's secret: the screen is wiped on the way out
    events.clear()
    answers[:] = ["night", "", "n", "", "", "w"]
    run(
        "salem",
        str(tmp_path / "s.json"),
        3,
        None,
        None,
        4,
        ask=ask,
        out=lambda text: events.append(("say", text)),
        clear=lambda: events.append(("clear",)),
    )
    last_secret = max(i for i, e in enumerate(events) if e[0] == "ask" and "victim" in e[1])
    assert ("clear",) in events[last_secret:]


def test_clear_terminal_wipes_the_scrollback_only_on_a_terminal(monkeypatch):
    import io

    from automa import companion

    piped = io.StringIO()
    monkeypatch.setattr("sys.stdout", piped)
    companion.clear_terminal()  # a pipe or a file: nothing written
    assert piped.getvalue() == ""

    class Tty(io.StringIO):
        def isatty(self):
            return True

    screen = Tty()
    monkeypatch.setattr("sys.stdout", screen)
    monkeypatch.setattr("click.clear", lambda: None)
    companion.clear_terminal()
    assert "\x1b[3J" in screen.getvalue() and "\x1b[2J" in screen.getvalue()


# --------------------------------------------------------------------------- Tabletop Inc. Mumanbot


def test_tabletop_award_removal_records_the_level_removed_after_a_fallback_s17_3_amb16(tmp_path):
    """§17.3 / AMB-16: the Mumanbot aims one level above its highest removed award token; when
    that level is empty the person falls back (lower, then higher) and the companion records
    the level actually removed, so the next removal climbs from it (not from the aim)."""
    from automa.rules.tabletop_inc.companion import TabletopCompanion

    path = tmp_path / "muman.json"
    st = TabletopCompanion.new_state("hard", 2, 5)
    st["zap_deck"] = [c for c in st["zap_deck"] if c not in ("Z17", "Z18")] + ["Z18", "Z17"]
    st["awards"] = [1]
    path.write_text(json.dumps(st))
    out: list[str] = []
    answers = ["", "y", "1", "", "y", "", "quit"]  # level 2 was empty: a level-1 token instead

    def ask(prompt):
        return answers.pop(0)

    assert run("tabletop_inc", str(path), None, None, None, None, ask=ask, out=out.append) == 0
    text = "\n".join(out)
    assert "remove a level-2 token; if none is left, level 1, then level 3" in text
    assert "removed a level-1 award token" in text
    saved = json.loads(path.read_text())
    assert saved["awards"] == [1, 1, 2]  # the second removal aimed at 2 again; Enter = 2
    assert not answers
    saved["zap_deck"].append("Z17")  # once more, with the shelf empty
    saved["zap_disc"].remove("Z17")
    path.write_text(json.dumps(saved))
    answers = ["", "y", "0", "quit"]
    out.clear()
    assert run("tabletop_inc", str(path), None, None, None, None, ask=ask, out=out.append) == 0
    assert "remove a level-3 token; if none is left, level 2, then level 1" in "\n".join(out)
    assert json.loads(path.read_text())["awards"] == [1, 1, 2] and not answers
