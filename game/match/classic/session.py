"""The match session: joins the rules core, the physics table and the players.

Headless and presenter-agnostic. It asks the rules core what may be done, takes a
player's choice (`act`) or a throw (`throw`), sends throws through `game.physics`,
turns the landing into the rules core's chance action, keeps the table's bodies in step
with the rules state (cards set and captured, Bakugan opened and returned), and appends
everything to one `timeline` that a screen animates and a replay re-runs.

It never blocks: a UI calls `act`/`throw` when the human has decided; `run_match`
drives it with bots.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from game import physics
from game.match.classic.layout import TableLayout, table_layout
from game.match.classic.recording import InputListener
from game.match.zone import Zone
from game.rules.classic import (
    CHANCE,
    Action,
    Catalog,
    Kit,
    Land,
    MatchState,
    Miss,
    Settings,
    Slot,
)
from game.rules.classic.events import BakuganMoved, Event, Evolved
from game.rules.classic.observation import Observation
from game.rules.classic.piles import FieldGate

DEFAULT_SETTINGS = Settings()


@dataclass(frozen=True, slots=True)
class ThrowDone:
    """A throw was resolved by the physics; its landing's rules events follow it."""

    player: int
    bakugan: str
    throw: physics.Throw
    result: physics.ThrowResult

    def __str__(self) -> str:
        where = (
            self.result.landing.card if self.result.landing.opened else self.result.landing.reason
        )
        return f"p{self.player} {self.bakugan} rolled {self.result.time_to_rest:.2f}s -> {where}"


Entry = Event | ThrowDone
Observer = Callable[[Event], None]


class Seat(Protocol):
    """A player's brain for a headless match (a bot); the UI drives a session directly."""

    def choose(self, obs: Observation, legal: list[Action]) -> Action: ...

    def throw(
        self, obs: Observation, bakugan: str, table: physics.TableSpec, zone: Zone
    ) -> physics.Throw: ...


class ThrowRefused(ValueError):
    """A throw that breaks the rules of throwing (wrong player, origin too close ...)."""


class MatchSession:
    def __init__(
        self,
        catalog: Catalog,
        kits: Sequence[Kit],
        settings: Settings = DEFAULT_SETTINGS,
        seed: int = 0,
        table_size: tuple[float, float] | None = None,
        sphere_radius: dict[str, float] | None = None,
    ) -> None:
        """`table_size` overrides the layout's (width, height) in mm (a saved session
        keeps the table it was played on)."""
        self.catalog = catalog
        self.state, events = MatchState.new(catalog, kits, settings, seed)
        self.timeline: list[Entry] = list(events)
        layout = table_layout(self.state.settings)
        if table_size is not None:
            layout = TableLayout(table_size[0], table_size[1], layout.grid, layout.sides)
        self.layout = layout
        self.sphere_radius = sphere_radius or {}
        # Where each opened Bakugan rests on the table (player, bakugan) -> point.
        self.resting: dict[tuple[int, str], physics.Point] = {}
        self._table: physics.TableSpec | None = None
        # Told every choice and throw, for the replay (`game.match.classic.recording`).
        self.recorder: InputListener | None = None

    # --------------------------------------------------------------- reading

    @property
    def width(self) -> float:
        """The table's width in mm (x runs across player 0's edge)."""
        return self.layout.width

    @property
    def height(self) -> float:
        return self.layout.height

    @property
    def over(self) -> bool:
        return self.state.is_over()

    def actor(self) -> int | None:
        """The one player to act: for a throw in the air, the thrower; None when over."""
        p = self.state.current_player()
        if p == CHANCE:
            assert self.state.thrown is not None
            return self.state.thrown[0]
        return p

    def to_act(self) -> tuple[int, ...]:
        """The players who choose an action now (`game.match.protocol`): the one to
        act, unless his throw is awaited; () when over."""
        p = self.state.current_player()
        return () if p is None or p == CHANCE else (p,)

    def throwers(self) -> tuple[int, ...]:
        """The players whose throw the table waits for: the thrower, or ()."""
        waiting = self.awaiting_throw()
        return () if waiting is None else (waiting[0],)

    def awaiting_throw(self) -> tuple[int, str] | None:
        """(player, bakugan) when the rules wait for a thrown Bakugan to land."""
        return self.state.thrown if self.state.current_player() == CHANCE else None

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """What the player to act may choose (`player`: () for anybody else)."""
        if self.awaiting_throw() or (player is not None and player not in self.to_act()):
            return []
        return self.state.legal_actions()

    def observation(self, player: int) -> Observation:
        return self.state.observation(player)

    def position(self, player: int) -> int:
        """The seat position (clockwise from the bottom side) `player` sits at."""
        return self.state.seating.index(player)

    def side(self, player: int) -> str:
        """The table side `player` sits at (`layout.BOTTOM`, `LEFT`, `TOP`, `RIGHT`)."""
        return self.layout.sides[self.position(player)]

    def zone(self, player: int) -> Zone:
        """Where `player` may release a throw: his edge band, two card lengths from the field."""
        return self.layout.zone(self.position(player))

    def table(self) -> physics.TableSpec:
        """The physics table matching the rules state: its cards and standing Bakugan."""
        if self._table is None:
            layout = self.layout
            cards = tuple(
                physics.CardSpec(id=slot, center=layout.slot_center(slot))
                for slot in sorted(self.state.field)
            )
            standing = [
                physics.Obstacle(key, pos)
                for key, pos in standing_places(layout, self.state.field, self.resting)
            ]
            self._table = physics.TableSpec(
                width=self.width, height=self.height, cards=cards, standing=tuple(standing)
            )
        return self._table

    # --------------------------------------------------------------- acting

    def act(self, action: Action, observe: Observer | None = None) -> list[Entry]:
        """A player's choice (not a landing: throws go through `throw`). `observe` sees
        each event as the rules core records it (`MatchState.apply`)."""
        if isinstance(action, Land | Miss):
            raise ThrowRefused("a landing comes from the physics: use throw()")
        events = self.state.apply(action, observe)
        if self.recorder is not None:
            self.recorder.act(action)
        return self._record(events)

    def check_throw(self, player: int, throw: physics.Throw) -> str | None:
        """Why `player` may not make this throw now, or None."""
        waiting = self.awaiting_throw()
        if waiting is None or waiting[0] != player:
            return f"p{player} has no Bakugan to throw now"
        if not self.zone(player).contains(throw.origin):
            return f"p{player} must release the throw from his own side of the table"
        return physics.check_origin(self.table(), throw.origin, throw.radius)

    def throw(
        self, player: int, throw: physics.Throw, observe: Observer | None = None
    ) -> list[Entry]:
        """Roll the thrown Bakugan on the table and apply where it came to rest."""
        problem = self.check_throw(player, throw)
        if problem is not None:
            raise ThrowRefused(problem)
        waiting = self.awaiting_throw()
        assert waiting is not None
        result = physics.resolve_throw(self.table(), throw)
        return self.apply_throw(player, waiting[1], throw, result, observe)

    def apply_throw(
        self,
        player: int,
        bakugan: str,
        throw: physics.Throw,
        result: physics.ThrowResult,
        observe: Observer | None = None,
    ) -> list[Entry]:
        """Apply an already resolved throw (from `throw`, or a replay)."""
        landing = result.landing
        card = landing.card
        action: Action
        if card is not None and card in self.state.field:
            assert isinstance(card, tuple)
            slot: Slot = (int(card[0]), int(card[1]))
            action = Land(slot, landing.partial)
            self.resting[(player, bakugan)] = self._onto_card(slot, landing.position)
        else:
            action = Miss(landing.reason or physics.OFF_CARD)
        entry = ThrowDone(player, bakugan, throw, result)
        if self.recorder is not None:
            self.recorder.throw(player, bakugan, throw, result)
        self.timeline.append(entry)
        return [entry, *self._record(self.state.apply(action, observe))]

    def _onto_card(self, slot: Slot, position: physics.Point) -> physics.Point:
        """Where an opened Bakugan stands: where it came to rest, moved onto the card if it
        opened only partly on it (it counts as open, and stands on its card)."""
        card = self.table().card(slot)
        hw, hl = card.width / 2 - 6.0, card.length / 2 - 6.0
        cx, cy = card.center
        return (min(max(position[0], cx - hw), cx + hw), min(max(position[1], cy - hl), cy + hl))

    def _record(self, events: list[Event]) -> list[Entry]:
        self._table = None  # the field may have changed
        for e in events:  # a standing Bakugan evolved: its evolved copy stands where it was
            if isinstance(e, Evolved) and (e.player, e.bakugan) in self.resting:
                self.resting[(e.player, e.evolved)] = self.resting.pop((e.player, e.bakugan))
            elif isinstance(e, BakuganMoved) and (e.player, e.bakugan) in self.resting:
                # moved to another card: it stands there, where it stood on the old one
                x, y = self.resting[(e.player, e.bakugan)]
                (ax, ay), (bx, by) = (self.layout.slot_center(s) for s in (e.source, e.slot))
                self.resting[(e.player, e.bakugan)] = (x - ax + bx, y - ay + by)
        live = {(p, b) for fg in self.state.field.values() for p, b in fg.standing}
        if self.state.battle is not None:  # the two in a battle stay where they stood
            live.update(self.state.battle.sides)
        for key in [k for k in self.resting if k not in live]:
            del self.resting[key]  # back in a pile: closed again
        self.timeline.extend(events)
        if self.recorder is not None and self.state.is_over():
            self.recorder.end(self.state.winner, self.state.turn)
        return list(events)


def standing_places(
    layout: TableLayout,
    field: Mapping[Slot, FieldGate],
    resting: Mapping[tuple[int, str], physics.Point],
) -> list[tuple[tuple[int, str], physics.Point]]:
    """Where each opened Bakugan standing on the field stands ((player, bakugan), point),
    in the order the table builds them: where it came to rest, else its card's centre (a
    second one on the card with no place of its own stands 20 mm beside it). The physics
    table and the screen both place them by this."""
    out = []
    for slot, fg in sorted(field.items()):
        centre = layout.slot_center(slot)
        for i, (p, b) in enumerate(fg.standing):
            pos = resting.get((p, b), centre)
            if i and pos == centre:
                pos = (centre[0] + 20.0, centre[1])
            out.append(((p, b), pos))
    return out


@dataclass(slots=True)
class MatchStats:
    winner: int
    turns: int
    throws: int
    opened: int
    battles: int
    throw_seconds: float  # wall time spent resolving the throws on the table
    hits: int = 0  # throws that opened on the card the seat aimed at (its `intended`)
    # per seat: throws, throws opened on a card, throws opened on the intended card
    seat_throws: list[int] = field(default_factory=list)
    seat_opened: list[int] = field(default_factory=list)
    seat_hits: list[int] = field(default_factory=list)


def run_match(
    session: MatchSession, seats: Sequence[Seat], max_actions: int = 10_000
) -> MatchStats:
    """Play `session` to the end with bots in `seats`. A seat that names the card it
    aimed at (an `intended` attribute, as `BotSeat` does) is counted for hits."""
    from game.rules.classic.events import BattleStarted

    throws = opened = battles = hits = 0
    seat_throws = [0] * len(seats)
    seat_opened = [0] * len(seats)
    seat_hits = [0] * len(seats)
    throw_seconds = 0.0
    for _ in range(max_actions):
        if session.over:
            break
        player = session.actor()
        assert player is not None
        obs = session.observation(player)
        waiting = session.awaiting_throw()
        if waiting is not None:
            t = seats[player].throw(obs, waiting[1], session.table(), session.zone(player))
            start = time.perf_counter()
            entries = session.throw(player, t)
            throw_seconds += time.perf_counter() - start
            throws += 1
            done = entries[0]
            assert isinstance(done, ThrowDone)
            card = done.result.landing.card
            intended = getattr(seats[player], "intended", None)
            hit = card is not None and intended is not None and card == intended
            opened += done.result.landing.opened
            hits += hit
            seat_throws[player] += 1
            seat_opened[player] += done.result.landing.opened
            seat_hits[player] += hit
        else:
            entries = session.act(seats[player].choose(obs, session.legal_actions()))
            policy = getattr(seats[player], "policy", None)
            if session.recorder is not None and getattr(policy, "last_capped", False):
                # the clock, not the budget, ended this decision's search: say so
                session.recorder.note(kind="think_cap", player=player)
        battles += sum(isinstance(e, BattleStarted) for e in entries)
    else:
        raise RuntimeError(f"the match did not end in {max_actions} actions")
    assert session.state.winner is not None
    return MatchStats(
        session.state.winner,
        session.state.turn,
        throws,
        opened,
        battles,
        throw_seconds,
        hits,
        seat_throws,
        seat_opened,
        seat_hits,
    )
