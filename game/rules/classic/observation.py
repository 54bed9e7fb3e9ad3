"""What one player may see: `observation(state, player)`.

Hidden information is real: another player's hand (Gate and Ability Cards) shows as a
count, and a face-down Gate Card shows its face only to its owner until it opens.
Everything on the table (Bakugan, piles, captured cards, cards played) is public, and so
are the New Vestroia pieces: Traps and Battle Gear stand closed beside their owner like
Bakugan, and Evolution property cards lie face up. What a Trap hides inside is unknown
to everyone, its owner too, until it opens on the Gate Card (the face is drawn then).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .actions import Slot
from .phases import Phase

if TYPE_CHECKING:
    from .battle import Evaluation, Support
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
    traps: tuple[str, ...] = ()  # unused Bakugan Traps
    used_traps: tuple[str, ...] = ()
    gear: tuple[str, ...] = ()  # unused Battle Gear
    used_gear: tuple[str, ...] = ()
    evolutions: tuple[str, ...] = ()  # Evolution property cards not yet used
    evolved: tuple[str, ...] = ()  # Evolution cards whose evolution is done
    reserve: tuple[str, ...] = ()  # Bakugan set aside (evolved forms to come, replaced forms)


@dataclass(frozen=True, slots=True)
class SupportView:
    """A Trap or Battle Gear played in the battle, as everyone sees it once open."""

    player: int
    kind: str  # "trap" | "gear"
    piece: str
    shown: str  # a Trap: the face it showed ("haos", "+50 G"); a Gear: "+100 G"
    mode: str = ""  # a Gear: all, one or none (how its property card applies)
    abilities: tuple[str, ...] = ()  # a Gear: the property-card abilities chosen
    at: int = 0  # how many of the battle's Ability Cards were played before it
    face: int = 0  # a Trap: the index of the face it showed

    def to_json(self) -> list[object]:
        """The battle's record of this piece, as `MatchState.to_json` writes it."""
        mode = self.mode or "none"
        return [self.player, self.kind, self.piece, self.at, self.face, mode, list(self.abilities)]


@dataclass(frozen=True, slots=True)
class BattleView:
    slot: Slot
    sides: tuple[tuple[int, str], ...]  # first on the card, then the newcomer
    window: str
    gate_open: bool
    plays: tuple[tuple[int, str], ...]
    evaluation: Evaluation
    supports: tuple[SupportView, ...] = ()


@dataclass(frozen=True, slots=True)
class Observation:
    viewer: int
    phase: Phase
    turn: int
    turn_player: int
    current: int | None
    thrown: tuple[int, str] | None
    field: tuple[GateView, ...]
    players: tuple[PlayerView, ...]
    battle: BattleView | None
    winner: int | None
    gates_to_win: int
    game_level: int = 0
    seating: tuple[int, ...] = ()  # the players clockwise from seat position 0
    open_order: tuple[int, ...] = ()  # phase "open": who may play, in priority order

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
            tuple(ps.traps),
            tuple(ps.used_traps),
            tuple(ps.gear),
            tuple(ps.used_gear),
            tuple(ps.evolutions),
            tuple(ps.evolved),
            tuple(ps.reserve),
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
            tuple(_support_view(state, x) for x in battle.supports),
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
        state.game_level(),
        tuple(state.seating),
        tuple(state.open_order),
    )


def _support_view(state: MatchState, x: Support) -> SupportView:
    if x.kind == "trap":
        face = state.catalog.traps[x.piece].faces[x.face]
        return SupportView(x.player, x.kind, x.piece, str(face), "", (), x.at, x.face)
    g = state.catalog.gear[x.piece].g
    chosen = x.chosen(state.catalog)
    return SupportView(x.player, x.kind, x.piece, f"{g:+d} G", x.mode, chosen, x.at, x.face)
