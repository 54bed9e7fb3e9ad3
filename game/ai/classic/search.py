"""Information-set Monte Carlo tree search over the rules core (Hard).

The way OpenSpiel's `ismcts.py` does it (single observer): one tree for the seat to
act, keyed by the actions taken from the root; every iteration draws one world
(`determinize`: the opponent's hidden cards sampled from what has been seen), walks down
the tree choosing among the actions legal in that world by UCB with availability counts
(an action only legal in some worlds competes only where it exists), adds one node,
plays on with a fast policy for a few turns, scores the position and backs the value up.
Throws are searched as "throw this Bakugan at that card": the landing is a chance node
drawn from the bot's own throw model (`LandingModel.expected`: the chance to open on the
aimed card, else a neighbouring card or a miss). Iterations, not the clock, decide: the
result is the same for a seed; a wall-clock cap is only a safety net.

The fast policy and the evaluation it plays with are `playout`'s (their names are
also here, for the callers that import them from the search).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

from game.rules.classic import (
    CHANCE,
    Action,
    ChooseAttribute,
    MatchState,
    PlayAbility,
    SetGate,
    Slot,
    TakeGate,
)
from game.rules.classic import battle as bt

from .landing import LandingModel
from .playout import (
    Aimed,
    Key,
    battle_reply,
    evaluate,
    face_seed,
    played,
    quick_sets,
    quick_throws,
    rollout_action,
)

__all__ = [
    "GREEDY_PRIOR",
    "OPPONENT_HIT",
    "Aimed",
    "HitModel",
    "Key",
    "Node",
    "Search",
    "SearchResult",
    "battle_reply",
    "evaluate",
    "face_seed",
    "played",
    "quick_sets",
    "quick_throws",
    "rollout_action",
]

OPPONENT_HIT = 0.7  # what the search expects of the opponent's throws
GREEDY_PRIOR = 0.7  # below the root, a battle's greedy answer gets this share of the prior


HitModel = Callable[[MatchState, int, Slot], float]  # (world, thrower, card) -> chance


# ----------------------------------------------------------------------- the tree


class Node:
    __slots__ = ("avail", "children", "n", "player", "prior", "w")

    def __init__(self, player: int, prior: float = 1.0) -> None:
        self.player = player  # who chose the action leading here (CHANCE for outcomes)
        self.children: dict[Hashable, Node] = {}
        self.n = 0
        self.w = 0.0  # value summed from the point of view of `player`
        self.avail = 0  # visits of the parent in which this action was legal
        self.prior = prior


@dataclass(slots=True)
class SearchResult:
    best: Key
    visits: dict[str, int]
    iterations: int
    seconds: float
    capped: bool = False  # the wall-clock safety cap stopped it before its iterations


def _softmax(values: Sequence[float], temperature: float) -> list[float]:
    top = max(values)
    weights = [math.exp((v - top) / temperature) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


class Search:
    """One decision's search (a fresh tree each decision).

    Selection is PUCT (value plus a prior-weighted exploration term, counted over the
    visits in which the action was available); the priors come from the heuristics at
    the root and from the fast policy's scores below it. Chance nodes are not sampled
    blindly: each visit takes the outcome furthest behind its share, so the outcomes'
    visits follow their chances exactly (less noise for as many iterations)."""

    def __init__(
        self,
        me: int,
        rng: random.Random,
        iterations: int,
        rollout_turns: int,
        exploration: float,
        hit: HitModel,
        think_cap_s: float,
        width: int = 4,
    ) -> None:
        self.me = me
        self.rng = rng
        self.iterations = iterations
        self.rollout_turns = rollout_turns
        self.c = exploration
        self.hit = hit
        self.cap = think_cap_s
        self.width = width

    def candidates(self, state: MatchState, p: int) -> tuple[list[Key], list[float]]:
        """The actions searched at a node below the root, and their priors."""
        phase = state.phase
        legal = state.legal_actions(p)
        if phase == "main":
            keys: list[Key] = list(quick_sets(state, p, legal, 2))
            values = [0.0] * len(keys)
            ranked = quick_throws(state, p)[: self.width]
            keys.extend(a for _, a in ranked)
            values.extend(v for v, _ in ranked)
            if not ranked:
                rest = [a for a in legal if not isinstance(a, SetGate | PlayAbility)]
                keys.extend(rest)
                values.extend([0.0] * len(rest))
            if not keys:
                return list(legal), [1.0 / len(legal)] * len(legal)
            return keys, _softmax(values, 0.3)
        if phase == "battle":
            b = state.battle
            assert b is not None
            if b.window == bt.ATTRIBUTE:
                return [_best_attribute(state, legal)], [1.0]
            # the greedy answer is the likeliest
            greedy = battle_reply(state, p, legal)
            share = (1.0 - GREEDY_PRIOR) / max(1, len(legal) - 1)
            return list(legal), [GREEDY_PRIOR if a == greedy else share for a in legal]
        if phase == "own":
            # two of one's own Bakugan on a card: taking it is (all but) always right
            take: list[Key] = [a for a in legal if isinstance(a, TakeGate)]
            if take:
                return take, [1.0]
        return list(legal), [1.0 / len(legal)] * len(legal)

    def run(
        self,
        worlds: Sequence[MatchState],
        root_keys: Sequence[Key],
        root_priors: Sequence[float] | None = None,
    ) -> SearchResult:
        start = time.perf_counter()
        root = Node(-2)
        priors = list(root_priors) if root_priors else [1.0 / len(root_keys)] * len(root_keys)
        me = self.me
        done = 0
        capped = False
        for i in range(self.iterations):
            if i and i % 16 == 0 and time.perf_counter() - start > self.cap:
                capped = True
                break
            world = worlds[i % len(worlds)].clone()
            path: list[Node] = [root]
            node = root
            aimed: Aimed | None = None
            depth = 0
            while not world.is_over():
                p = world.current_player()
                assert p is not None
                if p == CHANCE:
                    target = aimed.target if aimed is not None else None
                    thrower = world.thrown[0] if world.thrown is not None else me
                    hit = self.hit(world, thrower, target) if target is not None else 0.0
                    model = LandingModel.expected(hit)
                    outcome = self._stratified(node, model.outcomes(world, target))
                    world.apply(outcome)
                    aimed = None
                    child = node.children.get(outcome)
                    if child is None:
                        child = node.children[outcome] = Node(CHANCE)
                    node = child
                    path.append(node)
                    if child.n == 0:
                        break
                    continue
                if depth == 0:
                    keys, pri = list(root_keys), priors
                else:
                    keys, pri = self.candidates(world, p)
                depth += 1
                key = self._select(node, keys, pri, p)
                child = node.children[key]
                if isinstance(key, Aimed):
                    world.apply(key.throw)
                    aimed = key
                else:
                    world.apply(key)
                node = child
                path.append(node)
                if child.n == 0 and world.current_player() != CHANCE:
                    break
            value = self._playout(world, aimed)
            for n in path:
                n.n += 1
                n.w += value if n.player == me else 1.0 - value
            done += 1
        visits = {str(k): c.n for k, c in root.children.items()}
        best = max(
            root_keys,
            key=lambda k: (
                root.children[k].n if k in root.children else -1,
                root.children[k].w if k in root.children else 0.0,
            ),
        )
        return SearchResult(best, visits, done, time.perf_counter() - start, capped)

    def _select(self, node: Node, keys: Sequence[Key], priors: Sequence[float], p: int) -> Key:
        c = self.c
        # an untried action starts from the node's own mean for the player to act
        mean = 0.5
        if node.n:
            mean = node.w / node.n if node.player == p else 1.0 - node.w / node.n
        best_key = keys[0]
        best = -math.inf
        total = 0
        children = node.children
        for k, prior in zip(keys, priors, strict=True):
            child = children.get(k)
            if child is None:
                child = children[k] = Node(p, prior)
            child.avail += 1
            total += child.n
        root_total = math.sqrt(total + 1)
        for k in keys:
            child = children[k]
            q = child.w / child.n if child.n else mean - 0.05
            u = q + c * child.prior * root_total / (1 + child.n)
            if u > best:
                best, best_key = u, k
        return best_key

    @staticmethod
    def _stratified(node: Node, options: list[tuple[Action, float]]) -> Action:
        n = node.n + 1
        best, best_gap = options[0][0], -math.inf
        for action, prob in options:
            child = node.children.get(action)
            gap = prob * n - (child.n if child is not None else 0)
            if gap > best_gap:
                best, best_gap = action, gap
        return best

    def _playout(self, world: MatchState, aimed: Aimed | None) -> float:
        rng = self.rng
        last_turn = world.turn + max(1, self.rollout_turns)  # at least to the turn's end
        steps = 0
        while not world.is_over() and world.turn < last_turn and steps < 400:
            steps += 1
            p = world.current_player()
            assert p is not None
            if p == CHANCE:
                target = aimed.target if aimed is not None else None
                thrower = world.thrown[0] if world.thrown is not None else self.me
                hit = self.hit(world, thrower, target) if target is not None else 0.0
                world.apply(LandingModel.expected(hit).land(world, target, rng))
                aimed = None
                continue
            key = rollout_action(world, p, rng)
            if isinstance(key, Aimed):
                world.apply(key.throw)
                aimed = key
            else:
                world.apply(key)
        return evaluate(world, self.me)


def _best_attribute(state: MatchState, legal: Sequence[Action]) -> Action:
    b = state.battle
    assert b is not None
    gate = state.catalog.gates[state.field[b.slot].gate]
    picks = [a for a in legal if isinstance(a, ChooseAttribute)]
    return max(picks, key=lambda a: gate.bonus(a.attribute)) if picks else legal[0]
