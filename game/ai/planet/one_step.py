"""Normal's judgement: each option played out on the rules core, one step deep.

In a card-play step every legal play (and passing) is tried on a copy of each world:
the card is paid and put on the batch, then both players pass until the batch is empty
(`settle`: the card resolves with everything under it; under the seed's free card play
it resolved when played), and the position is read (`reading.evaluate`): the battle as
it now stands, the damage coming, the Energy left for the Flips, the race. So every
card text counts as the rules core does it (conditions, core clauses, Shadow Strike,
a negated card, a Hero's lasting text, "the Victor is the higher damage"), but the
opponent's answers are not foreseen (the search does that). A milled Flip is paid or let
go the same way; the Bakugan to roll is the one whose battle against each of the
opponent's closed Bakugan reads best. The hidden cards come from `knowledge.DeckBook`.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.rules.planet import (
    WINDOWS,
    Action,
    Discard,
    FlipChoice,
    Pass,
    Pick,
    PlanetState,
    PlayCard,
)

from .knowledge import weakest
from .reading import _sigmoid, battle, evaluate, power_margin

BOTH_OPEN = 0.49  # the landing model: both rolls open (0.7 x 0.7)
ONE_OPENS = 0.21  # one given side alone opens (0.7 x 0.3)
SETTLE_STEPS = 60


def settle(state: PlanetState) -> PlanetState:
    """Both players pass until the batch is empty (card texts asking for a discard are
    answered with the weakest card): what the batch does if nobody adds to it."""
    steps = 0
    while state.batch and state.phase in WINDOWS and not state.over and steps < SETTLE_STEPS:
        steps += 1
        p = state.current_players()[0]
        if state.choices:
            card = weakest(state.catalog, state.sides[p].hand)
            assert card is not None
            state.apply(Discard(p, card))
        else:
            state.apply(Pass(p))
    return state


def outcome(world: PlanetState, action: Action) -> PlanetState:
    """A copy of `world` after `action` and whatever the batch then resolves."""
    after = world.clone()
    after.apply(action)
    if isinstance(action, PlayCard | FlipChoice | Pass):
        settle(after)
    return after


def option_values(worlds: Sequence[PlanetState], me: int, options: Sequence[Action]) -> list[float]:
    """Each option's mean value over the worlds (one step deep, then settled)."""
    totals = [0.0] * len(options)
    for w in worlds:
        for i, a in enumerate(options):
            totals[i] += evaluate(outcome(w, a), me)
    return [t / len(worlds) for t in totals]


def pick_values(worlds: Sequence[PlanetState], me: int, picks: Sequence[Pick]) -> list[float]:
    """Each Bakugan's value to roll: its battle against each closed Bakugan of the
    opponent (his own choice, when the world holds a guess of it), both opening or one."""
    totals = [0.0] * len(picks)
    for w in worlds:
        opp = 1 - me
        side = w.sides[opp]
        guessed = w.commits[opp]
        if isinstance(guessed, Pick):
            his = [guessed.character]
        else:
            his = [b.character for b in side.bakugan if not b.open] or [
                b.character for b in side.bakugan
            ]
        for i, pick in enumerate(picks):
            value = 0.0
            for d in his:
                trial = w.clone()
                trial.sides[me].picked = pick.character
                trial.sides[opp].picked = d
                both = _sigmoid(power_margin(trial, me))
                p_win = (BOTH_OPEN * both + ONE_OPENS) / (BOTH_OPEN + 2 * ONE_OPENS)
                value += evaluate(trial, me, battle(trial, me, p_win))
            totals[i] += value / len(his)
    return [t / len(worlds) for t in totals]


def best(worlds: Sequence[PlanetState], me: int, legal: Sequence[Action]) -> Action:
    """Normal's choice among `legal` in a card-play step, a Flip or the roll."""
    if isinstance(legal[0], Pick):
        picks = [a for a in legal if isinstance(a, Pick)]
        values = pick_values(worlds, me, picks)
        return picks[max(range(len(picks)), key=lambda i: (values[i], -i))]
    values = option_values(worlds, me, legal)
    # Passing (first in the list) wins ties: a card is spent only for a gain.
    return legal[max(range(len(legal)), key=lambda i: (round(values[i], 6), -i))]
