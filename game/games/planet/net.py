"""Battle Planet on the network (`game.games.net_kit`): the host's table runs one
`PlanetSession` with the physics sim's deal (a seeded preset deck a player), its
computer levels as `computer_seat` makes them, and its replay recorded as `bakugan sim
--physics --record` records it. Both rolls are held at the host, unseen by the other
seat, until both are in; then the table rolls them at once.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from game.games.net_kit import (
    Refused,
    SessionTable,
    TableRequest,
    ThrowTable,
    throw_params,
)

if TYPE_CHECKING:
    from game.match.planet.session import PlanetSession


class PlanetTable(SessionTable):
    """One Battle Planet match at the host (two seats)."""

    session: PlanetSession

    def __init__(self, request: TableRequest) -> None:
        from game import physics
        from game.ai.seeding import seat_seed
        from game.content.planet import shipped_catalog
        from game.games.planet import shipped_levels
        from game.match.planet.recording import PlanetRecorder, planet_header
        from game.match.planet.seats import computer_seat
        from game.match.planet.session import PlanetSession

        self._physics = physics
        catalog = shipped_catalog()
        seats, seed = request.seats, request.seed
        if len(seats) != 2:
            raise ValueError("Battle Planet is played by 2 players")
        rng = random.Random(seed)
        presets = sorted(catalog.presets)
        kits = [catalog.presets[presets[rng.randrange(len(presets))]].kit for _ in seats]
        self.session = session = PlanetSession(catalog, kits, None, seed=seed)

        def level_bot(seat: int, level: str) -> Any:
            return computer_seat(
                catalog, level, seat_seed(seed, seat), kits[seat], shipped_levels()
            )

        self._level_bot = level_bot
        self.bots = {
            p: level_bot(p, level)
            for p, level in enumerate(self._seat(request))
            if level is not None
        }
        self.held: dict[int, Any] = {}  # the throws in, unseen, until both are
        settings = session.state.settings
        writer = self._record(
            request, lambda infos: planet_header(catalog, kits, settings, seed, infos)
        )
        if writer is not None:
            session.recorder = PlanetRecorder(writer.write)

    def level_bot(self, seat: int, level: str) -> Any:
        return self._level_bot(seat, level)

    def decide(self, seat: int, bot: Any) -> Any:
        session = self.session
        obs = session.observation(seat)
        if session.awaiting_roll() is not None:
            return bot.throw(obs, session.scene(), session.zone(seat))
        return bot.choose(obs, session.legal_actions(seat))

    def step(self) -> bool:
        session = self.session
        if session.over:
            return False
        if session.awaiting_roll() is not None:
            for p, bot in self.bots.items():
                if p not in self.held:
                    self.held[p] = self.decide(p, bot)
                    return True
            if len(self.held) == 2:
                self._roll()
                return True
            return False
        for p in session.to_act():
            if p in self.bots:
                session.act(self.decide(p, self.bots[p]))
                return True
        return False

    def _roll(self) -> None:
        from game.match.planet.session import ThrowRefused

        throws = [self.held[0], self.held[1]]
        self.held.clear()
        try:
            with self._throwing():
                self.session.roll(throws)
        except (ThrowRefused, self._physics.PhysicsError) as e:
            raise Refused("bad_throw", str(e)) from None

    def waiting(self) -> dict[int, str]:
        session = self.session
        if session.over:
            return {}
        if session.awaiting_roll() is not None:
            return {
                p: "throw" for p in session.throwers() if p in self.people and p not in self.held
            }
        return {p: "act" for p in session.to_act() if p in self.people}

    def public_table(self) -> dict[str, Any]:
        """The public table: the Matrix's places in their order, the cores lying on it."""
        session = self.session
        return {
            "places": [list(h) for h in session.state.matrix],
            "cores": [list(h) for h in session.cores()],
        }

    def zones(self) -> list[list[float]]:
        return [list(self.session.zone(p).box) for p in (0, 1)]

    def paths_of(self, entry: Any) -> list[dict[str, Any]]:
        from game.games.net_paths import path_of
        from game.match.planet.session import RollDone

        if not isinstance(entry, RollDone):
            return []
        return [path_of(p, entry.track(p), entry.outcome.landings[p]) for p in (0, 1)]

    def throw(self, seat: int, params: Mapping[str, Any]) -> None:
        self._turn(seat, "throw")
        throw = self.throw_of(params)
        if not self.session.zone(seat).contains(throw.origin):
            raise Refused("bad_throw", "a roll is released from the seat's own band")
        self.held[seat] = throw
        if len(self.held) == 2:
            self._roll()


def _matrix(context: Mapping[str, Any]) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """The Matrix's places in their order and the cores lying on it, as a throw's context
    sends them (the table's layout is a function of the places)."""
    places = [(int(h[0]), int(h[1])) for h in context["places"]]
    cores = [(int(h[0]), int(h[1])) for h in context["cores"]]
    return places, cores


def throw_table(context: Mapping[str, Any]) -> ThrowTable:
    """The table a person rolls on: the Matrix's cores lying, rebuilt from its places."""
    from game.match.planet.layout import planet_layout

    places, cores = _matrix(context)
    layout = planet_layout(places)
    x0, y0, x1, y1 = (float(v) for v in context["zone"])
    return ThrowTable(
        float(layout.width),
        float(layout.height),
        tuple(tuple(layout.core(h).corners()) for h in cores),
        (),
        (x0, y0, x1, y1),
        "planet",
        tuple(f"{h[0]},{h[1]}" for h in cores),
    )


def track(context: Mapping[str, Any], throw: Any) -> Any:
    """The path `throw` takes alone over the Matrix rebuilt from what was sent, judged
    as the host judges a roll (the aim guide's dots: the other player's sphere, rolled
    at the same moment, is not known); None for a release the physics refuses."""
    from game import physics
    from game.match.planet.layout import planet_layout

    places, cores = _matrix(context)
    scene = planet_layout(places).scene(cores)
    if throw.speed < 1 or physics.check_release(scene, [throw]) is not None:
        return None
    outcome = physics.simulate(scene, [throw], judge=physics.PLANET, fresh=True)
    return outcome.track(throw.sphere_id)


def aim(rng: random.Random, view: Any, context: Mapping[str, Any]) -> dict[str, Any]:
    """A roll at a core drawn at random, planned on the table rebuilt from what was sent
    (the layout is a function of the Matrix's places)."""
    from game.ai.planet.aim import DEFAULT_AIM, execute, plan_roll, release_point
    from game.match.planet.layout import planet_layout

    places, cores = _matrix(context)
    x0, y0, x1, y1 = (float(v) for v in context["zone"])
    box = (x0, y0, x1, y1)
    scene = planet_layout(places).scene(cores)
    if not cores:
        start = release_point(box, (scene.width / 2.0, scene.height / 2.0))
        angle = 1.5707963267948966 if start[1] < scene.height / 2.0 else -1.5707963267948966
        return throw_params(start, angle, 900.0, 0.0)
    target = cores[rng.randrange(len(cores))]
    t = execute(plan_roll(scene, box, target, DEFAULT_AIM.samples), DEFAULT_AIM, rng)
    return throw_params(t.origin, t.angle, t.speed, t.spin)


def table(request: TableRequest) -> PlanetTable:
    return PlanetTable(request)
