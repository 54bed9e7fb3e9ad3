"""The classic game on the network (`game.games.net_kit`): the host's table runs one
`MatchSession` with the sim's deal (`random_kit` from the match's seed), its computer
levels as `bakugan sim --physics` seats them, and its replay recorded as `sim --record`
records it; a joined seat's throw is aimed by the classic aimer on the public table.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from game.games.net_kit import (
    Refused,
    SessionTable,
    TableRequest,
    ThrowTable,
    throw_params,
)

if TYPE_CHECKING:
    from game.match.classic.session import MatchSession


class ClassicTable(SessionTable):
    """One classic match at the host, of as many players as seats (the preset table)."""

    session: MatchSession

    def __init__(self, request: TableRequest) -> None:
        from game import physics
        from game.ai.seeding import seat_seed
        from game.content.classic import shipped_catalog
        from game.games.classic import shipped_levels
        from game.match.classic.recording import SessionRecorder, classic_header
        from game.match.classic.seats import BotSeat
        from game.match.classic.session import MatchSession
        from game.rules.classic import Settings, random_kit

        self._physics = physics
        catalog = shipped_catalog()
        seats, seed = request.seats, request.seed
        settings = Settings.preset(len(seats), False)
        rng = random.Random(seed)
        kits = [random_kit(catalog, rng, settings, 0, False) for _ in seats]
        self.session = session = MatchSession(catalog, kits, settings, seed=seed)

        def level_bot(seat: int, level: str) -> BotSeat:
            return BotSeat.named(level, catalog, seat_seed(seed, seat), shipped_levels(), settings)

        self._level_bot = level_bot
        self.bots = {
            p: level_bot(p, level)
            for p, level in enumerate(self._seat(request))
            if level is not None
        }
        size = (session.width, session.height)
        writer = self._record(
            request,
            lambda infos: classic_header(
                catalog, kits, session.state, seed, infos, size, session.sphere_radius
            ),
        )
        if writer is not None:
            session.recorder = SessionRecorder(writer.write)

    def level_bot(self, seat: int, level: str) -> Any:
        return self._level_bot(seat, level)

    def decide(self, seat: int, bot: Any) -> Any:
        session = self.session
        obs = session.observation(seat)
        waiting = session.awaiting_throw()
        if waiting is not None:
            return bot.throw(obs, waiting[1], session.table(), session.zone(seat))
        return bot.choose(obs, session.legal_actions())

    def step(self) -> bool:
        session = self.session
        player = session.actor()
        if session.over or player is None or player in self.people:
            return False
        made = self.decide(player, self.bots[player])
        if isinstance(made, self._physics.Throw):
            with self._throwing():
                session.throw(player, made)
        else:
            session.act(made)
        return True

    def waiting(self) -> dict[int, str]:
        player = self.session.actor()
        if self.session.over or player is None or player not in self.people:
            return {}
        return {player: "throw" if self.session.awaiting_throw() is not None else "act"}

    def public_table(self) -> dict[str, Any]:
        """The public table: its size, the cards and the Bakugan standing."""
        table = self.session.table()
        return {
            "width": table.width,
            "height": table.height,
            "cards": [[list(c.id), list(c.center)] for c in table.cards],  # type: ignore[call-overload]
            "standing": [[list(o.id), list(o.position)] for o in table.standing],  # type: ignore[call-overload]
        }

    def zones(self) -> list[list[float]]:
        return [list(self.session.zone(p).box) for p in range(len(self.session.state.players))]

    def paths_of(self, entry: Any) -> list[dict[str, Any]]:
        from game.games.net_paths import path_of
        from game.match.classic.session import ThrowDone

        if not isinstance(entry, ThrowDone):
            return []
        return [path_of(entry.player, entry.result.trajectory, entry.result.landing)]

    def throw(self, seat: int, params: Mapping[str, Any]) -> None:
        from game.match.classic.session import ThrowRefused

        self._turn(seat, "throw")
        throw = self.throw_of(params)
        try:
            with self._throwing():
                self.session.throw(seat, throw)
        except ThrowRefused as e:
            raise Refused("bad_throw", str(e)) from None


def _table(context: Mapping[str, Any]) -> Any:
    """The physics table of a throw's context (the cards and the Bakugan standing)."""
    from game import physics

    cards = tuple(
        physics.CardSpec(id=(int(s[0]), int(s[1])), center=(float(c[0]), float(c[1])))
        for s, c in context["cards"]
    )
    standing = tuple(
        physics.Obstacle((int(k[0]), str(k[1])), (float(p[0]), float(p[1])))
        for k, p in context["standing"]
    )
    return physics.TableSpec(
        width=float(context["width"]),
        height=float(context["height"]),
        cards=cards,
        standing=standing,
    )


def throw_table(context: Mapping[str, Any]) -> ThrowTable:
    """The table a person throws on: the cards' outlines, the Bakugan standing."""
    spec = _table(context)
    x0, y0, x1, y1 = (float(v) for v in context["zone"])
    return ThrowTable(
        spec.width,
        spec.height,
        tuple(tuple(c.corners()) for c in spec.cards),
        tuple(o.position for o in spec.standing),
        (x0, y0, x1, y1),
        "classic",
        tuple(f"{c.id[0]},{c.id[1]}" for c in spec.cards),
    )


def track(context: Mapping[str, Any], throw: Any) -> Any:
    """The path `throw` takes on the table as sent, resolved as the host resolves a throw
    (the aim guide's dots); None for a release the physics refuses."""
    from game import physics

    table = _table(context)
    if throw.speed < 1 or physics.check_origin(table, throw.origin, throw.radius):
        return None
    return physics.resolve_throw(table, throw).trajectory


def aim(rng: random.Random, view: Any, context: Mapping[str, Any]) -> dict[str, Any]:
    """A throw at a card drawn at random, by the classic aimer on the table as sent."""
    from game.ai.classic.aim import plan_throw

    table = _table(context)
    cards = table.cards
    x0, y0, x1, y1 = (float(v) for v in context["zone"])
    target = cards[rng.randrange(len(cards))].id if cards else None
    t = plan_throw(table, (x0, y0, x1, y1), target, rng)
    return throw_params(t.origin, t.angle, t.speed, t.spin)


def table(request: TableRequest) -> ClassicTable:
    return ClassicTable(request)


__all__: Sequence[str] = ("ClassicTable", "aim", "table", "throw_table", "track")
