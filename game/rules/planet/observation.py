"""What one player may see: `observe(state, player)`.

Hidden: the other player's hand (a count), every deck's order (a count; one's own too),
the other's Energy faces (only charged / uncharged shows), a face-down Character (until
its Bakugan first opens; its closed sphere shows only that it is there), the backs of
the other player's BakuCores until one is picked up, the other player's choice in a
step both take at once until both have chosen, and which Bakugan he rolls (by name or
place) until both rolls are out. Everything else is on the table,
including what a bot needs to rebuild a whole state from the view once it has guessed
the hidden parts (`worlds.world`): the turn's resolved changes (`mods`), the passes in a
row under the batch, the match's rule options, each core's `revealed` mark, a batch
card's sacrifice and the Frost Strike the damage in progress was read with.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .defs import Settings
from .hexgrid import Hex
from .phases import Phase
from .zones import TurnMod

if TYPE_CHECKING:
    from .state import PlanetState


@dataclass(frozen=True, slots=True)
class CoreView:
    hex: Hex
    owner: int
    type: str
    core: str | None  # its back: None when the viewer may not know it
    held_by: tuple[tuple[int, str], ...]
    revealed: bool = False  # its back has been seen by both players


@dataclass(frozen=True, slots=True)
class BakuganView:
    character: str | None  # None: a face-down Character of the other player
    open: bool
    face_up: bool
    cores: tuple[Hex, ...]
    evolutions: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SideView:
    player: int
    hand: tuple[str, ...] | None  # the viewer's own only
    hand_count: int
    deck_count: int
    discard: tuple[str, ...]
    energy: tuple[str, ...] | None  # faces: the viewer's own only
    charged: tuple[bool, ...]
    pool: int
    heroes: tuple[tuple[str, int], ...]  # (card, owner)
    bakugan: tuple[BakuganView, ...]
    picked: str | None  # the Bakugan rolled this turn (None: hidden, see picked_slot)
    picked_slot: int | None  # its place among the three (None: hidden while both roll)
    committed: bool  # chose in the current simultaneous step
    choice: str | None  # that choice: the viewer's own only
    played: int
    credits: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class BatchView:
    player: int
    card: str
    kind: str
    targets: tuple[str, ...]
    source: str
    trigger: str
    sacrifice: str | None = None  # the card discarded for its «Sacrifice –» (public)


@dataclass(frozen=True, slots=True)
class DamageView:
    attacker: int
    team: bool
    dealt: int
    stopped: bool
    flip: str | None
    frost: int = 0  # the attackers' Frost Strike as the milling last (re)started


@dataclass(frozen=True, slots=True)
class BattleSide:
    """An open Bakugan of this turn's battle, as everyone sees it (face up)."""

    player: int
    character: str
    b_power: int
    damage: int
    b_text: str
    d_text: str
    frost: int


@dataclass(frozen=True, slots=True)
class Observation:
    viewer: int
    phase: Phase
    turn: int
    starting: int
    current: tuple[int, ...]
    priority: int
    card_play: str
    batch: tuple[BatchView, ...]
    matrix: tuple[CoreView, ...]
    sides: tuple[SideView, ...]
    damage: DamageView | None
    victor: int | None
    by_damage: bool
    discard_due: tuple[tuple[int, int], ...]
    winner: int | None
    over: bool
    battle: tuple[BattleSide, ...]  # the open Bakugan rolled this turn, with their stats
    mods: tuple[TurnMod, ...] = ()  # the turn's changes from resolved cards, in order
    passes: int = 0  # batch card play: passes in a row since the last card or resolution
    passed: tuple[bool, bool] = (False, False)  # free card play: who passed in this step
    settings: Settings = field(default_factory=Settings)  # the match's rule options

    def side(self, player: int) -> SideView:
        return self.sides[player]


def _rolling_unseen(state: PlanetState, p: int, viewer: int) -> bool:
    """Both throw at once (seed 003: «Бросок оба игрока делают одновременно»): until
    both rolls are out, which Bakugan the other rolls is his hidden choice, even by its
    place among his three (the setup lists them in that order)."""
    return p != viewer and state.phase is Phase.ROLL


def _slot(state: PlanetState, p: int, viewer: int) -> int | None:
    side = state.sides[p]
    if _rolling_unseen(state, p, viewer):
        return None
    for i, b in enumerate(side.bakugan):
        if b.character == side.picked:
            return i
    return None


def _picked(state: PlanetState, p: int, viewer: int) -> str | None:
    side = state.sides[p]
    b = side.find(side.picked or "")
    if b is None or (p != viewer and not b.face_up) or _rolling_unseen(state, p, viewer):
        return None
    return b.character


def observe(state: PlanetState, viewer: int) -> Observation:
    sides = []
    for p, side in enumerate(state.sides):
        mine = p == viewer
        commit = state.commits[p] if state.phase in (Phase.ENERGIZE, Phase.SELECT) else None
        sides.append(
            SideView(
                p,
                tuple(side.hand) if mine else None,
                len(side.hand),
                len(side.deck),
                tuple(side.discard),
                tuple(side.energy) if mine else None,
                tuple(side.charged),
                side.pool,
                tuple((h.card, h.owner) for h in side.heroes),
                tuple(
                    BakuganView(
                        b.character if mine or b.face_up else None,
                        b.open,
                        b.face_up,
                        tuple(b.cores),
                        tuple(b.evolutions),
                    )
                    for b in side.bakugan
                ),
                _picked(state, p, viewer),
                _slot(state, p, viewer),
                commit is not None,
                str(commit) if mine and commit is not None else None,
                side.played,
                tuple(side.credits),
            )
        )
    matrix = tuple(
        CoreView(
            h,
            c.owner,
            state.catalog.cores[c.core].type.value,
            c.core if c.revealed or c.owner == viewer else None,
            tuple(c.held_by),
            c.revealed,
        )
        for h, c in state.matrix.items()
    )
    d = state.damage
    return Observation(
        viewer,
        state.phase,
        state.turn,
        state.starting,
        state.current_players(),
        state.priority,
        state.settings.card_play.value,
        tuple(
            BatchView(i.player, i.card, i.kind, i.targets, i.source, i.trigger, i.sacrifice)
            for i in state.batch
        ),
        matrix,
        tuple(sides),
        DamageView(d.attacker, d.team, d.dealt, d.stopped, d.flip, d.frost)
        if d is not None
        else None,
        state.victor,
        state.by_damage,
        tuple((c[0], c[1]) for c in state.choices),
        state.winner,
        state.over,
        _battle(state),
        tuple(state.mods),
        state.passes,
        (state.passed[0], state.passed[1]),
        state.settings,
    )


def _battle(state: PlanetState) -> tuple[BattleSide, ...]:
    from .power import stats

    out = []
    for p, side in enumerate(state.sides):
        b = side.find(side.picked or "")
        if b is not None and b.open:
            s = stats(state, p, b.character)
            out.append(
                BattleSide(p, b.character, s.b_power, s.damage, s.b_text(), s.d_text(), s.frost)
            )
    return tuple(out)
