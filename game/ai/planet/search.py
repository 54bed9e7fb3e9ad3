"""Hard's search: determinized playouts of every option, the same worlds for each.

Each decision draws `determinizations` worlds from what the bot has seen
(`knowledge.DeckBook.world`: the deck orders, the opponent's hand and Energy faces,
his face-down Characters and hidden core backs, and, in a step both take at once when
he has already chosen, his choice, drawn from his guessed cards and never read from
the match). Every option is played in each world with the same seed for the dice and
the playout policy (common random numbers: the options differ only by themselves), then
both players play on by the quick policy (`Playbook`, insight 1: the rules core's
numbers, conditions and answers) until the end of the turn and `rollout_turns` more,
the rolls drawn by the bot's own model of them; the position is then read
(`reading.evaluate`) and the option with the best mean is played.

A step both take at once is searched the same way: the bot's option is put in, and the
opponent's choice, when he has not made it yet, is the playout policy's, drawn softly
(`PICK_TEMPERATURE`) from his own cards and never from the bot's choice, so over the
worlds it is a sample of what he may do. The budget is counted, never timed (a seed
gives one game on any machine): `rollouts` playouts, and `step_budget` rules-core
actions over all of them (the search stops after the world that reaches it).
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from game.rules.planet import CHANCE, Action, Observation, Pass, PlanetState

from .knowledge import DeckBook
from .landing import LandingModel
from .levels import Level
from .one_step import option_values
from .playbook import Playbook
from .reading import evaluate

PICK_TEMPERATURE = 120.0  # the playouts' softness choosing a Bakugan to roll (pick score)
PLAYOUT_STEPS = 800


@dataclass(slots=True)
class SearchResult:
    best: Action
    values: dict[str, float]
    playouts: int
    steps: int  # rules-core actions played out, over all playouts
    seconds: float  # measured for the benchmark only: nothing depends on it


class Search:
    """One level's search (a fresh set of worlds each decision)."""

    def __init__(self, level: Level, book: DeckBook, playbook: Playbook) -> None:
        self.level = level
        self.book = book
        self.playbook = playbook
        self.model = LandingModel(level.model_on_core, level.model_no_core)

    def candidates(
        self, worlds: Sequence[PlanetState], me: int, legal: Sequence[Action]
    ) -> list[Action]:
        """The options worth a search: all of them when few; else passing and the best
        of the rest by the one-step reading on the first world."""
        width = self.level.width
        if len(legal) <= width:
            return list(legal)
        values = option_values(worlds[:1], me, legal)
        order = sorted(range(len(legal)), key=lambda i: -values[i])
        keep = [legal[i] for i in order[:width]]
        passing = next((a for a in legal if isinstance(a, Pass)), None)
        if passing is not None and passing not in keep:
            keep[-1] = passing
        return keep

    def run(self, obs: Observation, legal: Sequence[Action], rng: random.Random) -> SearchResult:
        start = time.perf_counter()
        me = obs.viewer
        level = self.level
        first = self.book.world(obs, rng)
        options = self.candidates([first], me, legal)
        n_worlds = max(1, min(level.determinizations, level.rollouts // len(options)))
        worlds = [first] + [self.book.world(obs, rng) for _ in range(n_worlds - 1)]
        totals = [0.0] * len(options)
        done = steps = 0
        for w in worlds:
            seed = rng.getrandbits(32)
            for i, a in enumerate(options):
                trial = w.clone()
                trial.apply(a)
                dice, choices = random.Random(seed), random.Random(seed ^ 0x5EED)
                value, used = self.playout(trial, me, dice, choices)
                totals[i] += value
                steps += used
                done += 1
            if steps >= level.step_budget:
                break
        played = done // len(options)
        means = [t / max(1, played) for t in totals]
        best = max(range(len(options)), key=lambda i: (round(means[i], 9), -i))
        return SearchResult(
            options[best],
            {str(a): m for a, m in zip(options, means, strict=True)},
            done,
            steps,
            time.perf_counter() - start,
        )

    def playout(
        self, state: PlanetState, me: int, dice: random.Random, choices: random.Random
    ) -> tuple[float, int]:
        """Both sides by the quick policy to the end of the turn (and `rollout_turns`
        more), the rolls by the bot's model; then the position's value for `me`, and
        the actions played. The rolls and the policy draw from their own generators, so
        that every option of a world meets the same rolls."""
        last = state.turn + self.level.rollout_turns
        steps = 0
        book = self.playbook
        while not state.over and steps < PLAYOUT_STEPS and state.turn <= last:
            steps += 1
            acting = state.current_players()
            p = acting[0]
            if p == CHANCE:
                state.apply(self.model.roll(state, dice))
                continue
            state.apply(book.act(state, p, choices, PICK_TEMPERATURE))
        return evaluate(state, me), steps
