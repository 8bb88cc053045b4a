"""Salem 1692 information model (spec 20), determinization (20.6), data files and bots."""

import random
import shutil

import pytest

from automa.rules.core import DataError, load_game, snapshot
from automa.rules.salem import data as salem_data
from automa.rules.salem.info import secret_round
from tests.test_salem_rules import _draw_next, at_turn, plain_chars, rows6


def _states(n, seed, every=3):
    mode = "ghosts" if n < 4 else "standard"
    g = load_game("salem", players=n, mode=mode)
    s = g.new_initial_state(seed)
    rng = random.Random(seed)
    out = []
    k = 0
    while not s.is_terminal():
        if k % every == 0:
            out.append(s.clone())
        s.apply_action(s.random_action(rng))
        k += 1
    return out


@pytest.mark.parametrize("n", [2, 6, 12])
def test_observation_hides_other_rows_and_hands_20_1(n):
    """[20.1][23.13] property over random games: swapping the hidden contents of two other
    seats (rows of equal size, hands of equal size) never changes a seat's observation,
    unless the seat has legitimate knowledge (peeks, team roll call) about them."""
    checked = 0
    for seed in range(4 if n < 12 else 2):
        for s in _states(n, seed, every=3 if n < 12 else 7):
            if s.is_terminal():
                continue
            for seat in range(s.num_players())[:4]:
                me = s.game.pos_of[seat]
                known = {t for t, _ in s.facts[me]} | set(s.known_witches[me]) | {me}
                known |= {t for t, _ in s.pub_facts}
                if s.loot_view:
                    known.add(s.loot_view[0])
                cand = [t for t in range(s.N) if t not in known and not s.announced[t]]
                for a in cand:
                    for b in cand:
                        if (
                            a < b
                            and len(s.face_down[a]) == len(s.face_down[b])
                            and s.face_down[a] != s.face_down[b]
                            and s.ever_witch[a] == s.ever_witch[b]
                        ):
                            t = s.clone()
                            t.face_down[a], t.face_down[b] = t.face_down[b], t.face_down[a]
                            if ("witch" in t.face_down[a]) != t.ever_witch[a] and not t.ever_witch[a]:
                                continue
                            if ("witch" in t.face_down[b]) and not t.ever_witch[b]:
                                continue
                            if t.constable() != s.constable() and me in (s.constable(), t.constable()):
                                continue
                            assert t.observation(seat) == s.observation(seat)
                            checked += 1
                        if a < b and len(s.hand[a]) == len(s.hand[b]) and s.hand[a] != s.hand[b]:
                            t = s.clone()
                            t.hand[a], t.hand[b] = t.hand[b], t.hand[a]
                            assert t.observation(seat) == s.observation(seat)
                            checked += 1
    assert checked > 50


def test_own_cards_and_public_parts_in_observation_20_1():
    """[20.1] a seat sees its own trial cards and hand; counts, reds, tokens, coins public."""
    s = at_turn(6, 1, rows=rows6(), chars=plain_chars(6), hands=[["evidence"]] + [[]] * 5)
    s.reds[2] = ["accusation"]
    s.coins[3] = 2
    o = s.observation(0)
    assert o["fd"] == ("naw",) * 5 and o["hand"] == ("evidence",)
    assert o["hand_n"] == (1, 0, 0, 0, 0, 0) and o["reds"][2] == ("accusation",)
    assert o["coins"][3] == 2 and o["fd_n"] == (5,) * 6
    assert "witch" not in str(s.observation(0)["fd"])
    o5 = s.observation(5)
    assert o5["ever_witch"] and o5["fd"].count("witch") == 1


def test_witch_votes_visible_to_witches_only_20_2():
    """[20.2][A-02] witches see each other's night votes; the town sees nothing."""
    rows = rows6(p1=["witch"] + ["naw"] * 4)
    s = at_turn(6, 1, rows=rows, chars=plain_chars(6), hands=[[]] * 6)
    _draw_next(s, "night")
    s.apply_action(("draw",))
    while s.dec[0] != "victim":
        s.apply_action(s.legal_actions()[0])
    assert s.dec[1] == 1
    s.apply_action(("victim", 3))
    assert set(s.known_witches[5]) == {1, 5} and set(s.known_witches[1]) == {1, 5}
    assert s.observation(5)["votes"] == ((1, 3),)
    assert s.observation(2)["votes"] == ()
    w = s.determinize(2, random.Random(3))
    assert w.observation(2) == s.observation(2)


def test_determinize_keeps_peeks_announcements_and_roll_call_20_6():
    """[20.6] determinizations keep what the seat saw: its shilling look, an announced second
    Witch card, and (for a witch after a roll call) Witch cards only with its known team."""
    rows = rows6(p1=["witch", "naw", "naw", "naw", "naw"], p3=["constable", "naw", "naw"])
    s = at_turn(6, 1, rows=rows, chars=plain_chars(6), hands=[[]] * 6)
    s.facts[0] = [(3, "constable")]
    s.announced[1] = True
    s.known_witches[5] = [1, 5]
    s.complete[5] = True
    for k in range(40):
        w = s.determinize(0, random.Random(k))
        assert "constable" in w.face_down[3] and "witch" in w.face_down[1]
        assert w.face_down[0] == s.face_down[0]
        v = s.determinize(5, random.Random(k))
        assert sum(r.count("witch") for i, r in enumerate(v.face_down) if i not in (1, 5)) == 0


def test_determinize_varies_hidden_rows_and_deck_20_6():
    """[20.6] hidden rows, hands and deck order are resampled; the Night stays in the bottom
    part of the last rebuild (A-04); Tituba keeps the deck order she saw."""
    s = at_turn(6, 3, rows=rows6(), chars=plain_chars(6))
    worlds = [s.determinize(0, random.Random(k)) for k in range(20)]
    assert len({tuple(map(tuple, w.face_down)) for w in worlds}) > 5
    assert len({tuple(w.deck) for w in worlds}) > 5
    for w in worlds:
        assert w.deck.index("night") < s.night_zone
        assert sorted(w.hand[0]) == sorted(s.hand[0])
    s.deck_known = 0
    w = s.determinize(0, random.Random(1))
    assert w.deck == s.deck


def _night_prompt(rows, pos, round_name):
    """A 6-player night (seat 0 drew it), stopped when `pos` gets its `round_name` prompt."""
    s = at_turn(6, 1, rows=rows, chars=plain_chars(6), hands=[[]] * 6)
    _draw_next(s, "night")
    s.apply_action(("draw",))
    while not (s.dec[1] == pos and secret_round(s.dec) == round_name):
        s.apply_action(s.legal_actions()[0])
    return s


def _keep_prompt(pos, swap_with):
    """The Town Hall keep round (6 players) at `pos`; its twin has swapped the two cards of
    `pos` and `swap_with`, which seat 0 cannot see."""
    s = load_game("salem", players=6).new_initial_state(4)
    while s.dec[1] != pos:
        s.apply_action(s.legal_actions()[0])
    twin = s.clone()
    twin.townhall_options[pos], twin.townhall_options[swap_with] = (
        s.townhall_options[swap_with],
        s.townhall_options[pos],
    )
    twin.dec = ("keep", pos, twin.townhall_options[pos])
    return s, twin


def _twins(secret):
    """Two states seat 0 cannot tell apart that differ in what seat 2 is being asked."""
    if secret == "gavel":  # seat 2 is the Constable, or seat 3 is
        return (
            _night_prompt(rows6(p2=["constable"] + ["naw"] * 4), 2, "gavel"),
            _night_prompt(rows6(p3=["constable"] + ["naw"] * 4), 2, "gavel"),
        )
    if secret == "victim":  # seat 2 is the second witch, or seat 3 is
        return (
            _night_prompt(rows6(p2=["witch"] + ["naw"] * 4), 2, "victim"),
            _night_prompt(rows6(p3=["witch"] + ["naw"] * 4), 2, "victim"),
        )
    return _keep_prompt(2, 3)


@pytest.mark.parametrize("secret", ["gavel", "victim", "keep"])
def test_world_re_asks_another_seats_secret_decision_20_5_20_6(secret):
    """[20.5][20.6] while seat 2 answers a secret prompt (the gavel, the witches' vote, its
    Town Hall pair), a world sampled for seat 0 tells nothing of the true prompt: two true
    states seat 0 cannot tell apart give the very same worlds; and in each world seat 2 is
    asked what its sampled role calls for, so the options vary with the sampled roles."""
    a, b = _twins(secret)
    assert a.dec != b.dec and a.observation(0) == b.observation(0)
    asked = set()
    for k in range(40):
        wa = a.determinize(0, random.Random(k))
        assert snapshot(wa) == snapshot(b.determinize(0, random.Random(k)))
        assert wa.observation(0) == a.observation(0)
        legal = wa.legal_actions()
        if secret == "gavel":
            role = wa.constable() == 2
            assert ({x[0] for x in legal} == {"gavel"}) if role else legal == [("sleep",)]
        elif secret == "victim":
            role = wa.ever_witch[2]
            assert ({x[0] for x in legal} == {"victim"}) if role else legal == [("sleep",)]
        else:
            role = wa.townhall_options[2]
            assert legal == [("keep", c) for c in role]
        asked.add(tuple(legal))
        wa.apply_action(legal[0])
    assert len(asked) > 1


def _role_and_options(w, rnd, pos):
    """In world `w`, what seat `pos`'s role calls for in secret round `rnd` (None outside
    one), checked against the world's legal actions; returns (role, legal actions)."""
    legal = w.legal_actions()
    heads = {a[0] for a in legal}
    if rnd in ("victim", "dawn", "gavel"):
        role = w.constable() == pos if rnd == "gavel" else w.ever_witch[pos]
        head = {"victim": "victim", "dawn": "cat", "gavel": "gavel"}[rnd]
        assert heads == ({head} if role else {"sleep"}), (rnd, pos, role, legal)
        return role, legal
    if rnd == "keep":
        assert legal == [("keep", c) for c in w.townhall_options[pos]]
        return w.townhall_options[pos], legal
    if rnd == "confess":
        assert {a[1] for a in legal} <= set(w.face_down[pos]) | {"none", "phips"}
        return tuple(sorted(set(w.face_down[pos]))), legal
    kind = w.dec[0]
    if kind in ("pick2", "cat_self"):
        assert {a[1] for a in legal} <= set(w.face_down[pos])
    return None, legal


@pytest.mark.parametrize("n", [2, 3, 4, 5, 7, 9, 12])
def test_worlds_for_every_seat_follow_their_own_roles_20_6(n):
    """[20.6] property over random games (4-12 players and ghosts mode), at many states and
    for every seat: the world keeps the seat's observation; another seat's pending decision
    is asked as the world's roles call for (never as the true roles do), so over several
    worlds its options vary as the sampled roles vary; the world plays out to the end."""
    varied = checked = 0
    for seed in range(4 if n < 4 else 2):
        for k, s in enumerate(_states(n, seed, every=3 if n < 4 else 9 if n < 9 else 13)):
            if s.is_terminal():
                continue
            rnd = secret_round(s.dec)
            pos = s.dec[1]
            for seat in range(n):
                me = s.game.pos_of[seat]
                options = {}
                for j in range(4 if pos != me else 1):
                    w = s.determinize(seat, random.Random(1000 * seed + 10 * k + j))
                    assert w.observation(seat) == s.observation(seat)
                    role, legal = _role_and_options(w, rnd, pos)
                    if pos == me:
                        assert legal == s.legal_actions()
                    options.setdefault(repr(role), set()).add(tuple(legal))
                    checked += 1
                varied += len(options) > 1 and len(set().union(*options.values())) > 1
                wrng = random.Random(seat)
                while not w.is_terminal():
                    w.apply_action(w.random_action(wrng))
    assert checked > 200 and varied > 0


def test_eliminated_seats_learn_nothing_private_8_2():
    """[8.2 step 9][A-18] eliminated seats receive no private information."""
    s = at_turn(6, 1, rows=rows6(), chars=plain_chars(6))
    s._set_alive(2, False)
    s._add_fact(2, 3, "naw")
    s._know_ew(2, 5)
    assert s.facts[2] == [] and s.known_witches[2] == []


def test_broken_data_file_names_file_and_field(tmp_path):
    """Data files are validated at load: a broken one raises DataError naming file and field."""
    shutil.copytree(salem_data.DATA_DIR, tmp_path / "data")
    assert salem_data.load(tmp_path / "data").deck.count("night") == 1
    p = tmp_path / "data" / "playing_cards.toml"
    p.write_text(p.read_text().replace("qty = 35", 'qty = "many"'))
    with pytest.raises(DataError) as err:
        salem_data.load(tmp_path / "data")
    assert "playing_cards.toml" in str(err.value) and "cards[accusation].qty" in str(err.value)
    shutil.copytree(salem_data.DATA_DIR, tmp_path / "d2")
    p = tmp_path / "d2" / "trial_cards.toml"
    p.write_text(p.read_text().replace("per_seat = 3", "per_seat = 4", 1))
    with pytest.raises(DataError, match="per_seat"):
        salem_data.load(tmp_path / "d2")
    shutil.copytree(salem_data.DATA_DIR, tmp_path / "d3")
    p = tmp_path / "d3" / "characters.toml"
    p.write_text(p.read_text().replace('ability = "tituba"', 'ability = "flying"'))
    with pytest.raises(DataError, match="ability"):
        salem_data.load(tmp_path / "d3")


def test_the_companion_and_the_words_name_what_the_data_holds():
    """One source (#51): the companion's specials, token kinds and counts are the data's, and
    the printed names name exactly the data's trial kinds and tokens."""
    from automa.rules.salem import companion, words

    d = salem_data.load(salem_data.DATA_DIR)
    assert set(words.SALEM_TRIAL) == set(d.box) and set(words.SALEM_TOKEN) == set(d.token_qty)
    assert companion.TRIAL_NAMES is words.SALEM_TRIAL and companion.TOKEN_QTY == d.token_qty
    assert set(companion.SPECIALS) == set(d.box) - {"naw", "witch", "constable"}
    assert companion.TOKEN_KINDS == salem_data.TOKENS


def test_placeholder_data_is_marked_D_1_D_2():
    """[D-1][D-2] placeholder data files say so at the top."""
    import tomllib

    for name in ("playing_cards.toml", "trial_cards.toml"):
        d = tomllib.loads((salem_data.DATA_DIR / name).read_text())
        assert d["placeholder"] is True and d["placeholder_note"]
    deck = salem_data.load().deck
    assert len(deck) == 59 and deck.count("conspiracy") == 1


# ------------------------------------------------------------------ bots
def _bot_game(n, seed, spec="salem-heuristic"):
    from automa.search.bots import make_bot

    mode = "ghosts" if n < 4 else "standard"
    g = load_game("salem", players=n, mode=mode)
    bots = [make_bot(spec, g, seed=seed * 31 + i) for i in range(n)]
    s = g.new_initial_state(seed)
    while not s.is_terminal():
        p = s.current_player()
        s.apply_action(bots[p].act(s, p))
    return s


@pytest.mark.parametrize("n", [2, 3, 4, 6, 9, 12])
def test_heuristic_bot_plays_whole_games(n):
    """salem-heuristic fills every seat and finishes games with a team result."""
    for seed in range(3):
        s = _bot_game(n, seed)
        assert s.outcome().reason.split(":")[0] in ("town wins", "witches win", "draw")


def test_heuristic_bot_never_peeks():
    """The bot's choice depends only on the observation: same choice in a determinization."""
    from automa.search.bots import make_bot

    g = load_game("salem", players=6)
    for seed in range(5):
        s = g.new_initial_state(seed)
        rng = random.Random(seed)
        for _ in range(60):
            if s.is_terminal():
                break
            p = s.current_player()
            w = s.determinize(p, random.Random(9))
            a1 = make_bot("salem-heuristic", g, seed=4).act(s, p)
            a2 = make_bot("salem-heuristic", g, seed=4).act(w, p)
            assert a1 == a2
            s.apply_action(s.random_action(rng))


def test_witch_bots_coordinate_the_night_vote_R_NIGHT():
    """Witch bots follow the first witch's vote (team play at night)."""
    from automa.search.bots import make_bot

    rows = rows6(p1=["witch"] + ["naw"] * 4)
    s = at_turn(6, 1, rows=rows, chars=plain_chars(6), hands=[[]] * 6)
    _draw_next(s, "night")
    s.apply_action(("draw",))
    g = s.game
    bots = [make_bot("salem-heuristic", g, seed=i) for i in range(6)]
    votes = []
    while s.in_night and not s.is_terminal():
        p = s.current_player()
        a = bots[p].act(s, p)
        if a[0] == "victim":
            votes.append(a[1])
        s.apply_action(a)
    assert len(votes) == 2 and votes[0] == votes[1] and votes[0] not in (1, 5)


@pytest.mark.slow
def test_heuristic_six_player_balance():
    """Balance figure: town/witch split of salem-heuristic at 6 players over 200 games."""
    res = {"town": 0, "witch": 0, "draw": 0}
    for seed in range(200):
        res[_bot_game(6, seed).result[0]] += 1
    assert res["town"] > 10 and res["witch"] > 10


def test_pair_knowledge_of_hands_robbery_pickpocket_20_2():
    """[20.2] Robbery: the victim knows what the recipient now holds; Pickpocket: the accuser
    knows the stolen card; both survive determinization; Giles's shown cards are public."""
    hands = [["robbery"], ["evidence", "stocks"], [], [], [], []]
    s = at_turn(6, 1, rows=rows6(), chars=plain_chars(6), hands=hands)
    s.apply_action(("play", "robbery"))
    s.apply_action(("target", 1))
    s.apply_action(("target2", 3))
    assert sorted(s.hand_facts[1]) == [(3, "evidence"), (3, "stocks")]
    assert s.observation(1)["hand_facts"] == ((3, "evidence"), (3, "stocks"))
    assert s.observation(2)["hand_facts"] == ()
    for k in range(10):
        w = s.determinize(1, random.Random(k))
        assert sorted(w.hand[3]) == ["evidence", "stocks"]
    rows = rows6(p2=["pickpocket", "pickpocket"])
    s = at_turn(6, 1, rows=rows, chars=plain_chars(6), hands=[["witness", "arson"]] + [[]] * 5)
    s.apply_action(("play", "witness"))
    s.apply_action(("target", 2))
    assert s.hand_facts[0] == [(2, "arson")]
    w = s.determinize(0, random.Random(5))
    assert w.hand[2] == ["arson"]
    # playing the known card ends the knowledge
    s._hf_play(2, "arson")
    assert s.hand_facts[0] == []
