"""The search loop's shortcuts change no tree: MCTSBot and ISMCTSBot (`automa.search.uct.run`:
remembered legal lists and children, a count of untried actions, log and playout fast paths,
prepared determinizers, a settled world generator) grow exactly the tree a textbook UCT or
information-set UCT grows from the same generator, compiled or not."""

import math
import random

import pytest

from automa.rules.core import load_game
from automa.rules.draws import randbelow
from automa.search.bench import mid_game_state
from automa.search.mcts import ISMCTSBot, MCTSBot


class TextbookNode:
    def __init__(self, seats):
        self.children = {}
        self.visits = 0
        self.totals = [0.0] * seats
        self.avail = 1


def textbook_search(state, seat, rng, iterations, c, per_iteration):
    """UCT (one world) or single-observer ISMCTS (a world per iteration, children scored
    by how often they were available), every list built afresh at every visit."""
    seats = state.num_players()
    fixed = None if per_iteration else state.determinize(seat, rng)
    root = TextbookNode(seats)
    root_legal = state.legal_actions() if seat == state.current_player() else None
    for _ in range(iterations):
        world = state.determinize(seat, rng) if fixed is None else fixed.clone()
        node, path = root, [root]
        player = world.current_player()
        while player >= 0:
            legal = root_legal if node is root and root_legal is not None else world.legal_actions()
            untried = [a for a in legal if a not in node.children]
            if untried:
                action = untried[randbelow(len(untried), rng)] if len(untried) > 1 else untried[0]
                child = TextbookNode(seats)
                node.children[action] = child
                path.append(child)
                world._apply(action)
                player = world.current_player()
                break
            best = None
            for action in legal:
                kid = node.children[action]
                kid.avail += 1
                score = kid.totals[player] / kid.visits + c * math.sqrt(math.log(kid.avail) / kid.visits)
                if best is None or score > best[0]:
                    best = (score, action, kid)
            world._apply(best[1])
            node = best[2]
            path.append(node)
            player = world.current_player()
        while player >= 0:
            world._apply(world.random_action(rng))
            player = world.current_player()
        values = world.returns() if player < 0 else world.heuristic()
        for n in path:
            n.visits += 1
            n.totals = [t + v for t, v in zip(n.totals, values, strict=True)]
    return root


def loop_search(game, state, seat, seed, iterations, c, per_iteration):
    """The same search through the bots, whose generator is random.Random(seed)."""
    bot = (ISMCTSBot if per_iteration else MCTSBot)(game, seed=seed, iterations=iterations, c=c)
    return bot.search(state, seat)


def same_tree(ours, textbook, where="root"):
    assert (ours.visits, ours.totals, ours.avail) == (textbook.visits, textbook.totals, textbook.avail), where
    assert list(ours.children) == list(textbook.children), where
    for action, kid in ours.children.items():
        same_tree(kid, textbook.children[action], f"{where} {action!r}")


@pytest.mark.parametrize(
    "name,params,per_iteration",
    [
        ("pulitzer", dict(mode="solo"), True),
        ("pulitzer", dict(mode="solo"), False),
        ("tabletop_inc", dict(players=2), False),
        ("salem", dict(players=5), True),
        ("pi", dict(players=2), True),
    ],
)
def test_the_loop_grows_the_textbook_tree(name, params, per_iteration):
    game = load_game(name, **params)
    for seed in range(2):
        state = mid_game_state(game, seed)
        seat = state.current_player()
        ours = loop_search(game, state, seat, seed, 150, 0.7, per_iteration)
        textbook = textbook_search(state, seat, random.Random(seed), 150, 0.7, per_iteration)
        same_tree(ours, textbook)
        assert size(ours) > 100  # a real tree, not a line


def size(node):
    return 1 + sum(size(kid) for kid in node.children.values())
