"""The loop of `automa.search.mcts`: selection, expansion, playout and backup, over any
game's states.  A module of its own so that `automa native build` compiles it with the
engines (automa/native.py): the tree's bookkeeping then costs a fraction of what it costs
interpreted.  Typed for mypyc; every score is the same expression on the same floats in
both builds, so a seed gives the same tree and the same moves either way."""

from __future__ import annotations

import math
import random
import time
from typing import Any

from automa.rules.draws import randbelow, uniform


class Node:
    """A node of the open-loop tree: children by action, visits, the value totals of every
    seat, and (ISMCTS) how often the node's action was legal when its parent was visited.
    It remembers the legal actions it last saw, their children and how many of those are
    still untried: a node is mostly reached with the same actions (the same objects, from the
    engine's tables), and comparing two lists of the same objects costs a tenth of hashing
    every action again; a node whose children are all tried is then passed without a scan."""

    __slots__ = ("children", "visits", "totals", "avail", "seen_legal", "seen_kids", "seen_untried")

    def __init__(self, seats: int) -> None:
        self.children: dict[Any, Node] = {}
        self.visits: int = 0
        self.totals: list[float] = [0.0] * seats
        self.avail: int = 1
        self.seen_legal: list | None = None
        self.seen_kids: list[Node | None] = []
        self.seen_untried: int = 0


_LOGS: list[float] = [0.0]


def log_table(size: int) -> list[float]:
    """math.log(k) for k < size (index 0 unused), grown once and shared by every search: a
    list lookup costs less than the call, and gives the very same floats."""
    if len(_LOGS) < size:
        _LOGS.extend(math.log(k) for k in range(len(_LOGS), size))
    return _LOGS


def greedy_action(state: Any, rng: random.Random) -> Any:
    """The action whose successor the game's heuristic rates best for the mover (ties drawn)."""
    mover = state.current_player()
    legal = state.legal_actions()
    best: list = []
    best_value: Any = -1e300
    for action in legal:
        child = state.clone()
        child._apply(action)
        value = (child.returns() if child.current_player() < 0 else child.heuristic())[mover]
        if value > best_value + 1e-12:
            best, best_value = [action], value
        elif value >= best_value - 1e-12:
            best.append(action)
    return best[rng.randrange(len(best))]


def run(
    root: Node,
    rng: random.Random,
    fixed_world: Any,
    new_world: Any,
    c: float,
    iterations: int,
    deadline: float,
    stop: float,
    depth_limit: int,
    greedy: bool,
    epsilon: float,
    root_legal: list | None = None,
) -> tuple[int, int]:
    """Grow `root` by iterations on copies of `fixed_world` (or, when it is None, on a new
    world from the callable `new_world(rng)` each time).  With a `deadline` above 0 the
    search runs until that time; otherwise it runs `iterations` iterations, or stops at
    `stop` when that is above 0 (checked every 8 iterations).  `root_legal`, when given, is
    the root mover's legal actions, the same in every world (a mover's options depend only
    on what the mover sees: the conformance tests check it), so no world is asked for them.
    Returns (iterations, simulated actions)."""
    seats = len(root.totals)
    clock = time.perf_counter
    plain_playout = not greedy and depth_limit < 0
    # a child's avail is at most one more than the iterations so far: the table grows
    # with them (a huge iteration budget cut short by max_seconds allocates nothing)
    logs = log_table(min(iterations, 4096) + 2)
    done = 0
    simulated = 0
    while True:
        if deadline <= 0:
            if done >= iterations:
                break
            if stop > 0 and not done & 7 and done and clock() >= stop:
                break
        elif done and clock() >= deadline:
            break
        if done + 2 >= len(logs):
            logs = log_table(2 * len(logs))
        world = new_world(rng) if fixed_world is None else fixed_world.clone()
        # the world's methods looked up once per iteration, not at each of its ~30 steps
        apply = world._apply
        to_move = world.current_player
        node = root
        path = [root]
        # selection and expansion
        player: int = to_move()
        while player >= 0:
            legal = root_legal if node is root and root_legal is not None else world.legal_actions()
            children = node.children
            kids: list[Node | None]  # set wherever it is read
            child: Node | None = None  # the new child, if any
            action: Any = None
            if not children:  # a new node: every action untried
                action = legal[randbelow(len(legal), rng)] if len(legal) > 1 else legal[0]
                child = children[action] = Node(seats)
            else:
                if legal == node.seen_legal:
                    kids = node.seen_kids  # the same actions: the same children
                    untried = node.seen_untried
                else:
                    kids = [children.get(a) for a in legal]  # one hash per action, not two
                    untried = 0
                    for kid in kids:
                        if kid is None:
                            untried += 1
                    node.seen_legal = legal
                    node.seen_kids = kids
                    node.seen_untried = untried
                if untried:
                    # the r-th untried action in legal order, r drawn as from a list of them
                    r = randbelow(untried, rng) if untried > 1 else 0
                    i = -1
                    while r >= 0:
                        i += 1
                        if kids[i] is None:
                            r -= 1
                    action = legal[i]
                    child = kids[i] = children[action] = Node(seats)  # seen_kids stays true
                    node.seen_untried = untried - 1
            if child is not None:
                apply(action)
                simulated += 1
                path.append(child)
                player = to_move()
                break
            best_score = -1e300
            best_action: Any = None
            best_child = root
            for i in range(len(legal)):
                kid = kids[i]
                assert kid is not None
                avail = kid.avail + 1
                kid.avail = avail
                visits = kid.visits
                score = kid.totals[player] / visits + c * math.sqrt(logs[avail] / visits)
                if score > best_score:
                    best_score, best_action, best_child = score, legal[i], kid
            apply(best_action)
            simulated += 1
            node = best_child
            path.append(node)
            player = to_move()
        # playout
        steps = 0
        if plain_playout:
            random_action = world.random_action
            while player >= 0:
                apply(random_action(rng))
                steps += 1
                player = to_move()
        else:
            while player >= 0 and steps != depth_limit:
                if greedy and uniform(rng) > epsilon:
                    action = greedy_action(world, rng)
                else:
                    action = world.random_action(rng)
                apply(action)
                steps += 1
                player = to_move()
        simulated += steps
        values = world.returns() if player < 0 else world.heuristic()
        for n in path:
            n.visits += 1
            totals = n.totals
            for k in range(seats):
                totals[k] = totals[k] + values[k]
        done += 1
    return done, simulated
