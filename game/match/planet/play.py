"""A Battle Planet match as a screen plays it: the session, who sits at each seat (a
person or a computer), the throws handed in one by one, and the autosave payload.

Headless and never blocking. The screen asks who must choose (`people_to_act`), hands in
a person's choice (`act`), lets a computer take one step at a time (`step_computer`, so
the screen can show what it did), and hands in each person's throw as it is released
(`throw`). The computer's throw is made only when every person's throw is in, from its
own observation and the table, and never shown before the two spheres fly: then the
session releases both at the same simulated moment (`PlanetSession.roll`).

`to_json` / `from_json` keep a match where it stands (the rules state whole, the seats,
the decks, and each computer's snapshot: its decision and throw counts, the core it
aims at): the autosave. A resumed computer goes on exactly as the uninterrupted one
would. A computer thinking in the screen's worker thread when the autosave is written,
or whose throw waits for the person's, is saved as it stood before that decision
(`computer_task` takes the snapshot in the screen's thread), so the resumed one makes
that decision again, the same way. An older
payload without snapshots still resumes; its computers start their counts afresh.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game import physics
from game.ai.seeding import Resumable, SnapshotError, seat_seed
from game.match.planet.physics_sim import PlanetSeat
from game.match.planet.seats import DEFAULT_LEVEL, computer_seat
from game.match.planet.session import Entry, PlanetSession, RollDone, ThrowRefused
from game.match.zone import Zone
from game.rules.api import GameError
from game.rules.planet import Action, Catalog, Kit, Observation, PlanetState, Settings, invariants

SAVE_VERSION = 1
CHOOSE, THROW = "choose", "throw"


@dataclass(frozen=True, slots=True)
class Task:
    """What one computer must decide: a choice among `legal` seeing `obs`, or its throw
    onto `scene` from `zone` (thought out while the person aims, and kept hidden)."""

    player: int
    kind: str
    obs: Observation | None
    legal: list[Action]
    scene: physics.Scene | None
    zone: Zone | None


class BadMatchSave(GameError, ValueError):
    """An autosave payload that is not a Battle Planet match, with the reason."""


@dataclass(frozen=True, slots=True)
class MatchSetup:
    """What the setup screen chose."""

    kits: tuple[Kit, Kit]
    deck_names: tuple[str, str]
    """What each player's deck is called (a preset's id or a saved deck's name)."""
    humans: tuple[bool, bool] = (True, False)
    level: str = DEFAULT_LEVEL
    seed: int = 0
    settings: Settings = field(default_factory=Settings)

    def to_json(self) -> dict[str, Any]:
        return {
            "kits": [
                {"characters": list(k.characters), "cores": list(k.cores), "deck": list(k.deck)}
                for k in self.kits
            ],
            "deck_names": list(self.deck_names),
            "humans": list(self.humans),
            "level": self.level,
            "seed": self.seed,
            "settings": self.settings.to_json(),
        }

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> MatchSetup:
        try:
            kits = tuple(
                Kit(tuple(k["characters"]), tuple(k["cores"]), tuple(k["deck"]))
                for k in data["kits"]
            )
            names = tuple(str(n) for n in data["deck_names"])
            humans = tuple(bool(h) for h in data["humans"])
            if len(kits) != 2 or len(names) != 2 or len(humans) != 2:
                raise BadMatchSave("setup: two players expected")
            return MatchSetup(
                (kits[0], kits[1]),
                (names[0], names[1]),
                (humans[0], humans[1]),
                str(data["level"]),
                int(data["seed"]),
                Settings.from_json(data["settings"]),
            )
        except (KeyError, TypeError, ValueError) as e:
            raise BadMatchSave(f"setup: {e}") from e


class PlanetMatch:
    """One match at one screen. `levels`: the game's difficulty records (None: the
    built-in bots)."""

    def __init__(
        self,
        catalog: Catalog,
        setup: MatchSetup,
        levels: Mapping[str, Any] | None = None,
        state: PlanetState | None = None,
    ) -> None:
        self.catalog = catalog
        self.setup = setup
        if state is None:
            self.session = PlanetSession(catalog, setup.kits, setup.settings, setup.seed)
        else:
            self.session = PlanetSession.resume(catalog, state)
        self.seats: list[PlanetSeat | None] = [
            None
            if setup.humans[p]
            else computer_seat(
                catalog, setup.level, seat_seed(setup.seed, p), setup.kits[p], levels
            )
            for p in (0, 1)
        ]
        self.rng = random.Random(setup.seed ^ 0x5EA7)
        self._throws: dict[int, physics.Throw] = {}
        self._before: dict[int, dict[str, Any]] = {}  # a seat's snapshot before its answer

    # --------------------------------------------------------------- reading

    @property
    def state(self) -> PlanetState:
        return self.session.state

    @property
    def over(self) -> bool:
        return self.session.over

    @property
    def winner(self) -> int | None:
        return self.session.state.winner

    @property
    def hotseat(self) -> bool:
        return all(self.setup.humans)

    def is_person(self, player: int) -> bool:
        return self.setup.humans[player]

    def observation(self, player: int) -> Observation:
        return self.session.observation(player)

    def legal_actions(self, player: int) -> list[Action]:
        return self.session.legal_actions(player)

    def people_to_act(self) -> tuple[int, ...]:
        """The people who may (and must) choose now, in seat order."""
        return tuple(
            p for p in self.session.to_act() if self.is_person(p) and self.legal_actions(p)
        )

    def computers_to_act(self) -> tuple[int, ...]:
        return tuple(
            p for p in self.session.to_act() if not self.is_person(p) and self.legal_actions(p)
        )

    def throws_awaited(self) -> tuple[int, ...]:
        """The people whose throw the roll waits for (empty: no roll now, or all in)."""
        if self.session.awaiting_roll() is None:
            return ()
        return tuple(p for p in (0, 1) if self.is_person(p) and p not in self._throws)

    def thrown(self, player: int) -> bool:
        """This person released his throw for the coming roll (it is kept hidden)."""
        return player in self._throws

    # --------------------------------------------------------------- acting

    def act(self, action: Action) -> list[Entry]:
        """A person's choice (IllegalAction with the reason when it is not legal)."""
        return self.session.act(action)

    def computer_task(self) -> Task | None:
        """What a computer must think about now (taken in this thread: the observation,
        the legal actions or the table are copied into the task), or None."""
        session = self.session
        if session.awaiting_roll() is not None:
            for p in (0, 1):
                if self.seats[p] is not None and p not in self._throws:
                    self._before_thinking(p)
                    obs = session.observation(p)
                    return Task(p, THROW, obs, [], session.scene(), session.zone(p))
            return None
        acting = self.computers_to_act()
        if not acting:
            return None
        player = acting[0] if len(acting) == 1 else acting[self.rng.randrange(len(acting))]
        self._before_thinking(player)
        obs = session.observation(player)
        return Task(player, CHOOSE, obs, list(session.legal_actions(player)), None, None)

    def _before_thinking(self, player: int) -> None:
        seat = self.seats[player]
        if isinstance(seat, Resumable):
            self._before[player] = seat.snapshot()

    def think(self, task: Task) -> Action | physics.Throw:
        """The computer's answer to `task`: it reads only what the task holds, so it
        may run in another thread while the screen draws (one task at a time)."""
        seat = self.seats[task.player]
        assert seat is not None and task.obs is not None
        if task.kind == THROW:
            assert task.scene is not None and task.zone is not None
            return seat.throw(task.obs, task.scene, task.zone)
        return seat.choose(task.obs, task.legal)

    def commit(self, task: Task, answer: Action | physics.Throw) -> list[Entry]:
        """Carry out a computer's answer (back in the screen's thread). A throw waits,
        unseen, for the other one; until both fly the computer is saved as it stood
        before it threw (the throw itself is not saved: resumed, it throws again, the
        same throw)."""
        if task.kind == CHOOSE:
            self._before.pop(task.player, None)
            assert not isinstance(answer, physics.Throw)
            return self.session.act(answer)
        assert isinstance(answer, physics.Throw)
        self._throws[task.player] = answer
        return self._roll() if len(self._throws) == 2 else []

    def step_computer(self) -> list[Entry] | None:
        """One step of a computer that must act now, thought out at once (its entries,
        maybe none; the roll's when its throw was the last one awaited); None when no
        computer has anything to do."""
        task = self.computer_task()
        if task is None:
            return None
        return self.commit(task, self.think(task))

    def check_throw(self, player: int, throw: physics.Throw) -> str | None:
        """Why this person's throw may not be released now, or None."""
        if self.session.awaiting_roll() is None:
            return "nobody rolls now"
        if player not in self.throws_awaited():
            return f"p{player} has no throw to make now"
        if not self.session.zone(player).contains(throw.origin):
            return f"p{player} must release the throw from his own band of the table"
        return None

    def throw(self, player: int, throw: physics.Throw) -> list[Entry]:
        """A person's released throw. It waits, unseen, until the other player's is in
        (a person's, or the computer's, thought out while the person aims); then both
        spheres are released at once (the entries, the `RollDone` first). Raises
        ThrowRefused with the reason."""
        problem = self.check_throw(player, throw)
        if problem is not None:
            raise ThrowRefused(problem)
        self._throws[player] = throw
        return self._roll() if len(self._throws) == 2 else []

    def _roll(self) -> list[Entry]:
        """Both throws are in (the computer's too): release them at once."""
        throws = [self._throws[0], self._throws[1]]
        self._throws = {}
        self._before.clear()  # the throws are out: the computers' counts stand
        return self.session.roll(throws)

    def last_roll(self) -> RollDone | None:
        for entry in reversed(self.session.timeline):
            if isinstance(entry, RollDone):
                return entry
        return None

    # --------------------------------------------------------------- saving

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "planet",
            "version": SAVE_VERSION,
            "setup": self.setup.to_json(),
            "state": self.state.to_json(),
            "bots": [self._snapshot(p) for p in (0, 1)],
        }

    def _snapshot(self, player: int) -> dict[str, Any] | None:
        """A computer's snapshot as it stood before the decision it may be thinking out
        now in another thread (never read from the seat while it thinks); None for a
        person."""
        seat = self.seats[player]
        if not isinstance(seat, Resumable):
            return None
        before = self._before.get(player)
        return before if before is not None else seat.snapshot()

    @staticmethod
    def from_json(
        data: Mapping[str, Any], catalog: Catalog, levels: Mapping[str, Any] | None = None
    ) -> PlanetMatch:
        """The match of an autosave payload; BadMatchSave names what does not fit."""
        setup, state = read_payload(data, catalog)
        match = PlanetMatch(catalog, setup, levels, state)
        match._restore_bots(data.get("bots"))
        return match

    def _restore_bots(self, bots: object) -> None:
        """Take back the computers' snapshots of an autosave (none in an older one)."""
        if bots is None:
            return
        if not isinstance(bots, list) or len(bots) != 2:
            raise BadMatchSave("bots: expected a snapshot or null for each of the two seats")
        for p, (seat, snapshot) in enumerate(zip(self.seats, bots, strict=True)):
            if not isinstance(seat, Resumable) or snapshot is None:
                continue
            if not isinstance(snapshot, dict):
                raise BadMatchSave(f"bots[{p}]: expected an object")
            try:
                seat.restore(snapshot)
            except (SnapshotError, KeyError, TypeError, ValueError) as e:
                raise BadMatchSave(f"bots[{p}]: {e}") from e


def read_payload(data: Mapping[str, Any], catalog: Catalog) -> tuple[MatchSetup, PlanetState]:
    """The setup and the rules state of an autosave payload, as they read (not yet
    checked against each other: `save_problems`); BadMatchSave names what does not
    read."""
    if not isinstance(data, Mapping) or data.get("game") != "planet":
        raise BadMatchSave("not a Battle Planet match")
    if data.get("version") != SAVE_VERSION:
        raise BadMatchSave(f"version {data.get('version')!r}, expected {SAVE_VERSION}")
    setup = MatchSetup.from_json(data.get("setup", {}))
    try:
        state = PlanetState.from_json(dict(data["state"]), catalog)
    except Exception as e:  # (whatever the fields hold: the state does not read)
        raise BadMatchSave(f"state: {type(e).__name__}: {e}") from e
    return setup, state


def save_problems(data: Mapping[str, Any], catalog: Catalog) -> list[str]:
    """Every way the match of an autosave payload could not happen: its state against
    the rules core's invariants with the kits of its setup
    (`game.rules.planet.invariants`) and the setup's rule options; empty: it may be
    resumed. Raises BadMatchSave for a payload that does not read."""
    setup, state = read_payload(data, catalog)
    found = invariants.problems(state, setup.kits)
    if setup.settings != state.settings:
        found.append("setup.settings: not the rule options the match is played with")
    return found


def preset_setup(
    catalog: Catalog,
    decks: Sequence[str],
    humans: tuple[bool, bool] = (True, False),
    level: str = DEFAULT_LEVEL,
    seed: int = 0,
    settings: Settings | None = None,
) -> MatchSetup:
    """A setup with two preset decks (their ids)."""
    kits = tuple(catalog.presets[d].kit for d in decks)
    return MatchSetup(
        (kits[0], kits[1]), (decks[0], decks[1]), humans, level, seed, settings or Settings()
    )


__all__ = [
    "CHOOSE",
    "SAVE_VERSION",
    "THROW",
    "BadMatchSave",
    "MatchSetup",
    "PlanetMatch",
    "Task",
    "preset_setup",
]
