"""Random whole matches that check the rules core as they go (the property tests run a
few dozen; `benchmarks/planet_properties.py` runs 2,000): after every action the
invariants hold, now and then an illegal action is refused with the state unchanged and
the state survives an exact JSON round trip, and every match ends."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from game.rules.api import IllegalAction
from game.rules.planet import (
    CHANCE,
    Action,
    Catalog,
    Discard,
    Energize,
    Kit,
    Pass,
    Pick,
    PlanetState,
    PlayCard,
    Roll,
    Settings,
)
from game.rules.planet.invariants import problems as state_problems

from .landing import DEFAULT_MODEL

MAX_ACTIONS = 20_000


@dataclass(slots=True)
class CheckedMatch:
    events: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    actions: int = 0
    illegal_tried: int = 0
    round_trips: int = 0
    winner: int | None = None
    turns: int = 0
    ended: bool = False


def _illegal_candidates(state: PlanetState, rng: random.Random) -> list[Action]:
    """Actions that look plausible but are (most likely) not legal now."""
    cards = [c for c in state.catalog.cards]
    card = cards[rng.randrange(len(cards))]
    char = next(iter(state.catalog.characters))
    return [
        PlayCard(rng.randrange(2), card),
        Energize(rng.randrange(2), card),
        Pick(rng.randrange(2), char),
        Pass(rng.randrange(2)),
        Discard(rng.randrange(2), card),
        Roll(rng.randrange(2), True, (9, 9)),
    ]


def checked_match(
    catalog: Catalog,
    kits: list[Kit],
    seed: int,
    settings: Settings | None = None,
    probe_every: int = 7,
) -> CheckedMatch:
    out = CheckedMatch()
    rng = random.Random(seed ^ 0x5EED)
    state, events = PlanetState.new(catalog, kits, settings, seed)
    out.events += [str(e) for e in events]
    while not state.is_over():
        if out.actions >= MAX_ACTIONS:
            out.problems.append(f"seed {seed}: no end after {MAX_ACTIONS} actions")
            break
        if out.actions % probe_every == 0:
            _probe(state, catalog, rng, out, seed)
        acting = state.current_players()
        player = acting[rng.randrange(len(acting))]
        if player == CHANCE:
            action: Action = DEFAULT_MODEL.roll(state, rng)
        else:
            legal = state.legal_actions(player)
            action = legal[rng.randrange(len(legal))]
        out.events += [str(e) for e in state.apply(action)]
        out.actions += 1
        problems = state_problems(state, kits)
        if problems:
            out.problems += [f"seed {seed} after {action}: {p}" for p in problems]
            break
    out.winner = state.winner
    out.turns = state.turn
    out.ended = state.is_over()
    return out


def _probe(
    state: PlanetState, catalog: Catalog, rng: random.Random, out: CheckedMatch, seed: int
) -> None:
    before = state.to_json()
    again = PlanetState.from_json(before, catalog)
    out.round_trips += 1
    if again.to_json() != before:
        out.problems.append(f"seed {seed}: the JSON round trip changed the state")
    legal = {a for p in state.current_players() for a in state.legal_actions(p)}
    for action in _illegal_candidates(state, rng):
        if action in legal:
            continue
        out.illegal_tried += 1
        try:
            state.apply(action)
        except IllegalAction as e:
            if not e.reason:
                out.problems.append(f"seed {seed}: {action} refused without a reason")
        else:
            out.problems.append(f"seed {seed}: illegal {action} was allowed")
            return
        if state.to_json() != before:
            out.problems.append(f"seed {seed}: refusing {action} changed the state")
            return
