"""What one player may see of an Attack game: what bots get and what a screen shows.

His own hand and his own caught pile; every card face up on the table; what each round
of this deal showed (every card was played face up, so all saw it); the other players'
hands and caught piles only as counts; after Julie leads, who has chosen, never what.
The deal pool (the cards shuffled for this deal) is public too: it is the deck less the
cards caught before, and every caught card was seen face up when it was played.
`observation(CHANCE)` is the public view (no hand).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .catch import Play

if TYPE_CHECKING:
    from .state import AttackState


@dataclass(frozen=True, slots=True)
class SeatView:
    """One player as everybody sees him."""

    player: int
    hand: int  # how many cards he holds
    caught: int  # how many cards his caught pile holds
    target: int | None
    face: int | None  # the die behind the target
    points: int
    chosen: bool  # after Julie leads: he has chosen his card, face down


@dataclass(frozen=True, slots=True)
class Observation:
    viewer: int
    players: int
    variant: str
    phase: str
    end_score: int
    deal: int
    round: int
    dealer: int
    leader: int
    current: tuple[int, ...]
    mode: str  # "", "random" (Runo led), "blind" (Julie led)
    roller: int  # whose die is due (-1: none)
    hand: tuple[str, ...]
    my_caught: tuple[str, ...]
    my_choice: str | None  # his own face-down choice after Julie leads
    seats: tuple[SeatView, ...]
    table: tuple[Play, ...]  # the cards face up this round, in play order
    rounds: tuple[tuple[tuple[Play, ...], tuple[Play, ...]], ...]
    """This deal's finished rounds: (the plays in order, the catchers)."""
    deal_pool: tuple[tuple[str, int], ...]
    """The cards shuffled for this deal, by id (dealt and set aside)."""
    aside: int  # cards set aside undealt this deal

    @property
    def me(self) -> SeatView:
        return self.seats[self.viewer]


def observe(state: AttackState, player: int) -> Observation:
    n = state.n
    seat = 0 <= player < n
    seats = tuple(
        SeatView(
            p,
            len(state.hands[p]),
            len(state.caught[p]),
            state.targets[p],
            state.faces[p],
            state.points[p],
            state.pending[p] is not None,
        )
        for p in range(n)
    )
    order = state.deck.order
    return Observation(
        viewer=player,
        players=n,
        variant=state.settings.variant.value,
        phase=state.phase.value,
        end_score=state.settings.end_score,
        deal=state.deal_no,
        round=state.round_no,
        dealer=state.dealer,
        leader=state.leader,
        current=state.current_players(),
        mode=state.mode,
        roller=state.roller(),
        hand=tuple(state.hands[player]) if seat else (),
        my_caught=tuple(state.caught[player]) if seat else (),
        my_choice=state.pending[player] if seat else None,
        seats=seats,
        table=tuple(state.table),
        rounds=tuple(state.history),
        deal_pool=tuple(sorted(state.deal_pool.items(), key=lambda kv: order[kv[0]])),
        aside=len(state.aside),
    )
