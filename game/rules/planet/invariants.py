"""What must hold in every Battle Planet state, as a checker the property tests and the
2,000-match benchmark share: every card of each deck in exactly one zone, Energy never
negative, each BakuCore either in the Matrix or held by open Bakugan that list it, and
a legal action for every player who is to act."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .defs import Kit
from .zones import CARD

if TYPE_CHECKING:
    from .state import PlanetState


def zones_of(state: PlanetState, owner: int) -> Counter[str]:
    """Every deck card `owner` owns, wherever it is now."""
    side = state.sides[owner]
    cards: Counter[str] = Counter(side.deck)
    cards.update(side.hand)
    cards.update(side.discard)
    cards.update(side.energy)
    for s in state.sides:
        cards.update(h.card for h in s.heroes if h.owner == owner)
    for b in side.bakugan:
        cards.update(b.evolutions)
    cards.update(i.card for i in state.batch if i.kind == CARD and i.player == owner)
    return cards


def check_invariants(state: PlanetState, kits: Sequence[Kit]) -> list[str]:
    problems: list[str] = []
    for p, kit in enumerate(kits):
        have, want = zones_of(state, p), Counter(kit.deck)
        if have != want:
            extra, missing = have - want, want - have
            problems.append(
                f"p{p}: cards out of place: extra {dict(extra)}, missing {dict(missing)}"
            )
        side = state.sides[p]
        if side.pool < 0:
            problems.append(f"p{p}: negative Energy pool {side.pool}")
        if len(side.charged) != len(side.energy):
            problems.append(f"p{p}: {len(side.energy)} Energy cards, {len(side.charged)} marks")
        for b in side.bakugan:
            if b.cores and not b.open:
                problems.append(f"p{p}: closed {b.character} holds cores {b.cores}")
            for h in b.cores:
                if (p, b.character) not in state.matrix[h].held_by:
                    problems.append(f"p{p}: {b.character} holds {h}, the Matrix disagrees")
    for h, core in state.matrix.items():
        for p, char in core.held_by:
            holder = state.sides[p].find(char)
            if holder is None or h not in holder.cores:
                problems.append(f"core {h}: held by p{p} {char}, who does not hold it")
    for p in state.current_players():
        if not state.legal_actions(p):
            problems.append(f"p{p} is to act in {state.phase.value} and has no legal action")
    if state.is_over() and state.current_players():
        problems.append("the match is over but someone is still to act")
    return problems
