"""Checks that every game meets the contract of docs/DESIGN.md.

`tests/test_conformance.py` runs them for every registered game x mode x player count,
so a new game is covered by registering it.  The helpers here are plain functions so a
game's own tests can call them on special positions too.
"""

from __future__ import annotations

import pickle
import random

from automa.rules.core import (
    TERMINAL,
    IllegalActionError,
    State,
    action_to_json,
    find_action,
    load_game,
    snapshot,
)

GAMES_PER_CONFIG = 3


def random_walk(state: State, rng: random.Random, limit: int) -> list:
    """Play random legal actions through `apply_action`; returns the actions taken."""
    actions = []
    while not state.is_terminal():
        assert len(actions) < limit, f"game not over after {limit} decisions (max_game_length)"
        legal = state.legal_actions()
        assert legal, "legal_actions() is empty in a non-terminal state"
        assert state.current_player() >= 0
        action = legal[rng.randrange(len(legal))]
        actions.append(action)
        state.apply_action(action)
    return actions


def states_along(game, seed: int, rng: random.Random, every: int = 1) -> list[State]:
    """Snapshots (clones) of every `every`-th state of one random game."""
    state = game.new_initial_state(seed)
    out = [state.clone()]
    steps = 0
    limit = game.max_game_length()
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
        steps += 1
        assert steps <= limit
        if steps % every == 0:
            out.append(state.clone())
    return out


def check_terminates(name: str, params: dict, seeds=range(GAMES_PER_CONFIG)) -> None:
    game = load_game(name, **params)
    for seed in seeds:
        state = game.new_initial_state(seed)
        random_walk(state, random.Random(seed), game.max_game_length())
        assert state.current_player() == TERMINAL
        assert state.legal_actions() == [] or state.is_terminal()
        returns = state.returns()
        assert len(returns) == state.num_players()
        scores = state.scores()
        assert len(scores) == state.num_players()
        outcome = state.outcome()
        assert len(outcome.ranks) == state.num_players()
        assert all(0 <= w < state.num_players() for w in outcome.winners)
        assert outcome.reason, "an outcome must say why"
        str(state)


def check_determinism(name: str, params: dict, seed: int = 11) -> None:
    game = load_game(name, **params)
    rng = random.Random(seed)
    first = game.new_initial_state(seed)
    actions = random_walk(first, rng, game.max_game_length())
    second = game.new_initial_state(seed)
    for action in actions:
        assert action in second.legal_actions()
        second.apply_action(action)
    assert snapshot(first) == snapshot(second)
    assert first.scores() == second.scores()


def check_clone(name: str, params: dict, seed: int = 5) -> None:
    game = load_game(name, **params)
    rng = random.Random(seed)
    state = game.new_initial_state(seed)
    steps = 0
    snaps: list[tuple[State, object]] = []
    while not state.is_terminal() and steps < game.max_game_length():
        clone = state.clone()
        assert snapshot(clone) == snapshot(state), "clone() differs from the original"
        before = snapshot(state)
        # drive the clone on: the original must not move
        walk_rng = random.Random(steps)
        for _ in range(3):
            if clone.is_terminal():
                break
            clone.apply_action(clone.random_action(walk_rng))
        if steps % 2 == 0:  # play the clone out, so nested working data is exercised too
            while not clone.is_terminal():
                clone._apply(clone.random_action(walk_rng))
        assert snapshot(state) == before, "mutating a clone changed the original"
        if steps % 7 == 0:
            snaps.append((state.clone(), before))
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
        steps += 1
    for old, image in snaps:
        assert snapshot(old) == image, "an earlier clone changed as the game went on"


def check_illegal_action(name: str, params: dict, seed: int = 3) -> None:
    game = load_game(name, **params)
    for state in states_along(game, seed, random.Random(seed), every=5):
        if state.is_terminal():
            before = snapshot(state)
            try:
                state.apply_action(("no such action", -1))
            except IllegalActionError:
                pass
            else:
                raise AssertionError("a terminal state accepted an action")
            assert snapshot(state) == before
            continue
        before = snapshot(state)
        for bogus in (("no such action", -1), 10**9, "x"):
            if bogus in state.legal_actions():
                continue
            try:
                state.apply_action(bogus)
            except IllegalActionError as err:
                assert "illegal action" in str(err)
                assert err.legal is not None and len(err.legal) == len(state.legal_actions())
            else:
                raise AssertionError(f"illegal action {bogus!r} was accepted")
            assert snapshot(state) == before, "an illegal action changed the state"


def check_actions_are_plain(name: str, params: dict, seed: int = 8) -> None:
    """Actions are hashable, JSON-encodable and distinguishable by their encoding."""
    import json

    game = load_game(name, **params)
    for state in states_along(game, seed, random.Random(seed), every=3):
        legal = state.legal_actions()
        if state.is_terminal():
            continue
        assert len(set(legal)) == len(legal), "duplicate legal actions"
        encoded = [json.dumps(action_to_json(a)) for a in legal]
        assert len(set(encoded)) == len(encoded), "two legal actions share a JSON id"
        for action in legal:
            assert find_action(state, json.loads(json.dumps(action_to_json(action)))) == action
            text = state.action_to_string(action)
            assert isinstance(text, str) and text


def check_determinize(name: str, params: dict, seed: int = 21) -> None:
    """Keeps the seat's observation; varies the hidden part somewhere in the game; and
    depends only on the observation: determinizing a determinization gives exactly what
    determinizing the true state gives, for the same rng (so search cannot peek)."""
    game = load_game(name, **params)
    varied = False
    for state in states_along(game, seed, random.Random(seed), every=4):
        if state.is_terminal():
            continue
        seat = state.current_player()
        obs = state.observation(seat)
        for k in range(3):
            world = state.determinize(seat, random.Random(1000 + k))
            assert world.observation(seat) == obs, "determinize changed what the seat sees"
            assert world.current_player() == seat
            assert world.legal_actions() == state.legal_actions(), (
                "a world offers the mover other actions (search asks the root's once: uct.run)"
            )
            if snapshot(_without_rng(world)) != snapshot(_without_rng(state)):
                varied = True
            again = state.determinize(seat, random.Random(1000 + k))
            assert snapshot(again) == snapshot(world), "determinize is not a function of its rng"
            twice = world.determinize(seat, random.Random(77))
            direct = state.determinize(seat, random.Random(77))
            assert snapshot(twice) == snapshot(direct), (
                "determinize depends on more than the seat's observation (it peeks)"
            )
        assert state.observation(seat) == obs, "determinize changed the original"
    assert varied, "determinize never changed anything the seat cannot see"


def check_settled_generator_draws_the_same(name: str, params: dict, seed: int = 23) -> None:
    """`settle_generator` (MCTS calls it on the world it clones every iteration) changes no
    draw: clones of a settled world play the very games clones of an unsettled one play,
    each clone as if it were the first."""
    game = load_game(name, **params)
    for state in states_along(game, seed, random.Random(seed), every=9):
        if state.is_terminal():
            continue
        seat = state.current_player()
        plain = state.determinize(seat, random.Random(5))
        settled = state.determinize(seat, random.Random(5))
        settled.settle_generator()
        games = []
        for world in (plain, plain, settled, settled):
            copy = world.clone()
            moves = random.Random(9)
            actions = []
            while not copy.is_terminal():
                actions.append(copy.random_action(moves))
                copy.apply_action(actions[-1])
            # (the generator itself left out: an unsettled world that never draws has none)
            games.append((actions, snapshot(_without_rng(copy))))
        assert games[1:] == games[:1] * 3, "settle_generator changed what a clone of the world draws"


def _without_rng(state: State) -> State:
    copy = state.clone()
    copy.rng = None  # type: ignore[assignment]
    return copy


def check_observation_hides(name: str, params: dict, seed: int = 31) -> None:
    """Two states that differ only in what a seat cannot see look the same to it:
    a determinization for seat s, seen by s, equals the original."""
    game = load_game(name, **params)
    for state in states_along(game, seed, random.Random(seed), every=6):
        for seat in range(state.num_players()):
            if seat in game.automaton_seats():
                continue
            world = state.determinize(seat, random.Random(seat))
            assert world.observation(seat) == state.observation(seat)


def check_pickle(name: str, params: dict, seed: int = 2) -> None:
    game = load_game(name, **params)
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    for _ in range(10):
        if state.is_terminal():
            break
        state.apply_action(state.random_action(rng))
    copy = pickle.loads(pickle.dumps(state))
    assert snapshot(copy) == snapshot(state)
    # and plays on as the original does (what an engine keeps aside is found again)
    for each in (state, copy):
        moves = random.Random(seed + 1)
        for _ in range(40):
            if each.is_terminal():
                break
            each.apply_action(each.random_action(moves))
    assert snapshot(copy) == snapshot(state)
    again = pickle.loads(pickle.dumps(game))
    assert again == game and snapshot(again.new_initial_state(seed)) == snapshot(game.new_initial_state(seed))


def check_record_round_trip(name: str, params: dict, seed: int = 13) -> None:
    """A game played through the arena becomes a JSON line that replays exactly."""
    import json

    from automa.search import arena
    from automa.search.records import replay, verify

    game = load_game(name, **params)
    seats = tuple("random" for _ in range(game.num_players))
    task = arena.schedule(name, game.params.to_json(), list(seats), 1, seed)[0]
    record = arena.play_game(task)
    assert record["status"] == "ok", record.get("traceback")
    again = json.loads(json.dumps(record))
    verify(again)
    final = replay(again)
    assert final.is_terminal()
    assert json.loads(json.dumps([list(s) for s in final.scores()])) == again["scores"]
    half = replay(again, upto=len(again["actions"]) // 2)
    assert not half.is_terminal() or len(again["actions"]) < 2


def check_move_text_follows_observation(name: str, params: dict, seed: int = 17, positions: int = 8) -> None:
    """What a viewer reads of another seat's move comes from what it sees: two legal moves
    that leave viewer v's observation identical read the same to v (DESIGN: narration
    derived from observations)."""
    from automa.rules.presentation import move_text, observation_after

    game = load_game(name, **params)
    states = states_along(game, seed, random.Random(seed), every=1)
    picked = states[:: max(1, len(states) // positions)][:positions]
    for state in picked:
        if state.is_terminal():
            continue
        actor = state.current_player()
        legal = state.legal_actions()
        for viewer in range(state.num_players()):
            if viewer == actor or viewer in game.automaton_seats():
                continue
            groups: dict = {}
            for action in legal:
                key = repr(observation_after(state, action, viewer))
                groups.setdefault(key, []).append(action)
            for same in groups.values():
                if len(same) > 1:
                    texts = {move_text(state, a, actor, viewer) for a in same}
                    assert len(texts) == 1, (
                        f"{name}: seat {viewer} sees the same after "
                        f"{[state.action_to_string(a) for a in same][:4]} "
                        f"but reads {sorted(texts)}"
                    )


def check_determinize_every_seat(name: str, params: dict, seeds=range(2), every: int = 6) -> None:
    """DESIGN: determinize(seat, rng) works for every seat at every state, not only the
    seat to move.  The world keeps that seat's observation, offers its mover a non-empty
    list of legal actions that all apply, depends only on what the seat has seen (a world
    sampled from a world equals one sampled from the truth), and plays out to the end."""
    game = load_game(name, **params)
    for seed in seeds:
        for n, state in enumerate(states_along(game, seed, random.Random(seed), every=every)):
            if state.is_terminal():
                continue
            for seat in range(state.num_players()):
                if seat in game.automaton_seats():
                    continue
                rng_seed = 1000 * seed + 10 * n + seat
                where = f"{name} {params} seed {seed}, state {n}, world for seat {seat}: "
                world, legal = sampled_world(state, seat, rng_seed, where)
                for action in legal:
                    child = world.clone()
                    child.apply_action(action)
                assert_world_hides_truth(state, world, seat, 77, where)
                random_walk(world, random.Random(rng_seed), game.max_game_length())


def sampled_world(state: State, seat: int, rng_seed: int, where: str = "") -> tuple[State, list]:
    """`state.determinize(seat)` from `rng_seed`, checked to keep the seat's observation and
    to give its mover legal actions; (the world, those actions)."""
    world = state.determinize(seat, random.Random(rng_seed))
    assert world.observation(seat) == state.observation(seat), f"{where}observation changed"
    legal = world.legal_actions()
    assert legal, f"{where}the mover has no legal action"
    return world, legal


def assert_world_hides_truth(state: State, world: State, seat: int, rng_seed: int, where: str = "") -> None:
    """A world sampled from `world` equals one sampled from the truth: it depends only on
    what `seat` has seen, so it reveals no other seat's secret, pending decisions included."""
    again = world.determinize(seat, random.Random(rng_seed))
    direct = state.determinize(seat, random.Random(rng_seed))
    assert snapshot(again) == snapshot(direct), f"{where}the world depends on hidden truth"


def check_position_round_trip(name: str, params: dict, seeds=range(2), points: int = 5) -> None:
    """Positions (docs/positions.md): at states spread along random games, reading the written
    position gives a state with the same legal actions, the same observation for every seat,
    the same scores, the same engine fields, and the same continuation (the same actions
    give the same game, the engine's randomness included); writing it again gives the same
    text."""
    game = load_game(name, **params)
    for seed in seeds:
        length = random_walk(game.new_initial_state(seed), random.Random(seed), game.max_game_length())
        every = max(1, len(length) // points)
        for n, state in enumerate(states_along(game, seed, random.Random(seed), every=every)):
            where = f"{name} {params} seed {seed}, state {n}: "
            text = state.to_position(seed=seed)
            again = game.from_position(text)
            assert again.to_position(seed=seed) == text, f"{where}the text changed when written again"
            assert snapshot(again) == snapshot(state), f"{where}the state read differs"
            assert again.legal_actions() == state.legal_actions(), f"{where}legal actions differ"
            assert again.scores() == state.scores(), f"{where}scores differ"
            for seat in range(state.num_players()):
                seen = again.observation(seat) == state.observation(seat)
                assert seen, f"{where}seat {seat} sees otherwise"
            if n % 2 == 0:  # the continuation: the same moves, the engine's own draws included
                moves = random.Random(seed * 100 + n)
                original = state.clone()
                while not original.is_terminal():
                    action = original.random_action(moves)
                    original.apply_action(action)
                    again.apply_action(action)
                assert again.is_terminal(), f"{where}the game read went on after the original ended"
                assert snapshot(again) == snapshot(original), f"{where}the continuation differs"
