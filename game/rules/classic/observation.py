"""What one player may see: `observation(state, player)`.

Hidden information is real: another player's hand (Gate and Ability Cards) shows as a
count, and a face-down Gate Card shows its face only to its owner until it opens.
Everything on the table (Bakugan, piles, captured cards, cards played) is public.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .actions import Slot

if TYPE_CHECKING:
    from .battle import Evaluation
    from .state import MatchState


@dataclass(frozen=True, slots=True)
class GateView:
    slot: Slot
    owner: int
    gate: str | None  # None: face down and not the viewer's
    face_up: bool
    standing: tuple[tuple[int, str], ...]


@dataclass(frozen=True, slots=True)
class PlayerView:
    player: int
    unused: tuple[str, ...]
    used: tuple[str, ...]
    captured: tuple[tuple[int, str], ...]
    used_abilities: tuple[str, ...]
    gate_count: int
    ability_count: int
    gates: tuple[str, ...] | None  # the viewer's own hand only
    abilities: tuple[str, ...] | None


@dataclass(frozen=True, slots=True)
class BattleView:
    slot: Slot
    sides: tuple[tuple[int, str], ...]  # first on the card, then the newcomer
    window: str
    gate_open: bool
    plays: tuple[tuple[int, str], ...]
    evaluation: Evaluation


@dataclass(frozen=True, slots=True)
class Observation:
    viewer: int
    phase: str
    turn: int
    turn_player: int
    current: int | None
    thrown: tuple[int, str] | None
    field: tuple[GateView, ...]
    players: tuple[PlayerView, ...]
    battle: BattleView | None
    winner: int | None
    gates_to_win: int

    @property
    def me(self) -> PlayerView:
        return self.players[self.viewer]


def observe(state: MatchState, viewer: int) -> Observation:
    battle = state.battle
    field = tuple(
        GateView(
            slot,
            fg.owner,
            fg.gate
            if fg.owner == viewer
            or (battle is not None and battle.slot == slot and battle.gate_open)
            else None,
            battle is not None and battle.slot == slot and battle.gate_open,
            tuple(fg.standing),
        )
        for slot, fg in state.field.items()
    )
    players = tuple(
        PlayerView(
            i,
            tuple(ps.unused),
            tuple(ps.used),
            tuple(ps.captured),
            tuple(ps.used_abilities),
            len(ps.gates),
            len(ps.abilities),
            tuple(ps.gates) if i == viewer else None,
            tuple(ps.abilities) if i == viewer else None,
        )
        for i, ps in enumerate(state.players)
    )
    bview = None
    if battle is not None:
        bview = BattleView(
            battle.slot,
            tuple(battle.sides),
            battle.window,
            battle.gate_open,
            tuple((p.player, p.card) for p in battle.plays),
            state.evaluate_battle(),
        )
    return Observation(
        viewer,
        state.phase,
        state.turn,
        state.turn_player,
        state.current_player(),
        state.thrown,
        field,
        players,
        bview,
        state.winner,
        state.settings.gates_to_win,
    )
