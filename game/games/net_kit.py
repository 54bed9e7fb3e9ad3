"""What a game brings to network play (`game.net`): the host's table of one match and a
joined computer's headless brain, reached through the game's record (`GameRecord.net`)
so that the network layer names no game.

The host's `NetTable` runs the one session of the match (`game.match.protocol`): the
computer levels' thinking, chance, every throw resolved once, the replay recorded as
`bakugan sim --record` records it. It speaks to the seats of people (at the host or at a
joined computer) in plain values only: an action is the text its replay record keeps
(``str(action)``, which the rules' `parse_action` reads back; the table takes a text
only if it is one of the seat's legal actions now), a throw is its parameters
(`THROW_FIELDS`), and what a seat may see is its observation as plain JSON (`plain`).
"""

from __future__ import annotations

import contextlib
import dataclasses
import enum
import hashlib
import json
import math
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from game.rules.api import GameError

PERSON_SEATS = ("here", "remote")
"""The seats of people: at the host's screen, or at a joined computer."""

NOBODY = -1
"""The viewer of the public view: no player (also the rules cores' chance player, whose
observation has no hand)."""

THROW_FIELDS = ("origin", "angle", "speed", "spin")
"""A throw's parameters as a client sends them (the rest is the table's: the sphere's
radius and mass); Attack's die takes none (its face is the rules core's seeded draw)."""


class Refused(GameError, ValueError):
    """A seat's input the table does not take: `code` names why (a catalog key's last
    part), `detail` says it in English for the logs."""

    def __init__(self, code: str, detail: str = "") -> None:
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code
        self.detail = detail


class NetTable(Protocol):
    """One match at the host. `step` does one thing nobody must be asked for (a chance
    outcome, a computer level's choice or throw) and says whether it did; `waiting`
    names the people's seats the match waits for, each with ``act`` or ``throw``."""

    @property
    def over(self) -> bool: ...

    @property
    def winner(self) -> int | None: ...

    @property
    def replay(self) -> str | None: ...

    def step(self) -> bool: ...

    def waiting(self) -> dict[int, str]: ...

    def view(self, seat: int) -> Any: ...

    def public_view(self) -> Any:
        """What anyone at the table may see (a spectator's view), as plain JSON in the
        shape of a seat's view, ``viewer`` null: no hidden card of any seat."""
        ...

    def legal(self, seat: int) -> list[str]: ...

    def context(self, seat: int) -> dict[str, Any]: ...

    def act(self, seat: int, text: str) -> None: ...

    def throw(self, seat: int, params: Mapping[str, Any]) -> None: ...

    def thrown(self) -> list[dict[str, Any]]:
        """The throws resolved since last asked, each the body of the host's ``thrown``
        message (`game.games.net_paths`): public, the same for every screen."""
        ...

    def hint(self, seat: int, level: str) -> str | dict[str, Any]:
        """What a computer of `level` in `seat` answers the seat's question now, from
        that seat's observation only (the host thinks for a joined ``--bot``): an
        action's text, or a throw's parameters (``{}``: a die)."""
        ...

    def close(self) -> None: ...


class SessionTable:
    """What every game's `NetTable` does alike over its match's one session
    (`game.match.protocol.MatchSession`: `session`): the end, the winner, the replay
    file, a seat's view and legal texts, a person's chosen text carried out on that
    seat's turn, the replay closed. A game adds its `step`, its `waiting`, a throw's
    public `context` and the `throw`; `people` are the seats of people."""

    session: Any
    people: set[int]
    _writer: Any = None
    _replay: str | None = None
    _thrown: list[dict[str, Any]] | None = None
    _throws: int = 0
    _hinters: dict[int, Any] | None = None

    def _seat(self, request: TableRequest) -> list[str | None]:
        """Each seat's computer level (None: a person's seat, at the host or joined),
        and `people` set to the seats of people."""
        levels = [None if s in PERSON_SEATS else s for s in request.seats]
        self.people = {p for p, level in enumerate(levels) if level is None}
        return levels

    def _record(self, request: TableRequest, header: Callable[[list[Any]], dict[str, Any]]) -> Any:
        """The match's replay file (None: the request keeps none), opened with the
        `header` of who sat where (`replay_header.seat_infos`), kept to close."""
        if request.replay_dir is None:
            return None
        from game.games.replays import open_in
        from game.match.replay_header import seat_infos

        infos = seat_infos(request.seed, self._seat(request))
        self._writer = open_in(Path(request.replay_dir))(header(infos))
        self._replay = str(self._writer.path)
        return self._writer

    @property
    def over(self) -> bool:
        return bool(self.session.over)

    @property
    def winner(self) -> int | None:
        winner: int | None = self.session.state.winner
        return winner

    @property
    def replay(self) -> str | None:
        return self._replay

    def waiting(self) -> dict[int, str]:
        raise NotImplementedError

    def _turn(self, seat: int, kind: str) -> None:
        """`Refused` (``out_of_turn``) unless the match waits for `seat`'s `kind`."""
        if self.waiting().get(seat) != kind:
            raise Refused("out_of_turn", f"seat {seat} has no {kind} to make now")

    def view(self, seat: int) -> Any:
        return plain(self.session.observation(seat))

    def public_view(self) -> Any:
        """The observation of nobody's seat (`NOBODY`): each game's observation already
        blanks what is private to a seat for every seat but the viewer's, so a viewer
        who is no player sees every seat as an opponent does (classic: the hands and
        face-down Gate Cards; Attack: no hand, caught pile nor choice, and a blind play
        or Runo's draw only once turned up; Planet: the hands, Energy faces, face-down
        Characters, the backs of cores, the steps and picks made at once). The viewer
        is null, not a seat's number, so that no screen takes it for one."""
        view = plain(self.session.observation(NOBODY))
        view["viewer"] = None
        return view

    def legal(self, seat: int) -> list[str]:
        return [str(a) for a in self.session.legal_actions(seat)]

    def context(self, seat: int) -> dict[str, Any]:
        """The public table a throw is aimed on and the seat's own band ({}: a game
        whose throw takes no aim)."""
        zones = self.zones()
        return {**self.public_table(), "zone": zones[seat]} if zones else {}

    @staticmethod
    def throw_of(params: Mapping[str, Any]) -> Any:
        """The physics' `Throw` of a throw's parameters; `Refused` (``bad_throw``) for
        one the physics cannot make."""
        from game import physics

        origin, angle, speed, spin = throw_args(params)
        try:
            return physics.Throw(origin, angle, speed, spin)
        except physics.PhysicsError as e:
            raise Refused("bad_throw", str(e)) from None

    def act(self, seat: int, text: str) -> None:
        self._turn(seat, "act")
        self.session.act(legal_text(self.session.legal_actions(seat), text))

    def public_table(self) -> dict[str, Any]:
        """The public table a throw is made on (a throw's `context` without the band)."""
        return {}

    def zones(self) -> list[list[float]]:
        """Each seat's band (x0, y0, x1, y1), by seat."""
        return []

    def paths_of(self, entry: Any) -> list[dict[str, Any]]:
        """The paths (`net_paths.path_of`) of a session's timeline entry; none for an
        entry that is no resolved throw."""
        return []

    @contextlib.contextmanager
    def _throwing(self) -> Iterator[None]:
        """Around a throw's resolution: the table it is thrown on, kept as it was, and
        the paths the session's timeline gained, kept for `thrown` (a refused throw,
        which raises, leaves nothing)."""
        table, zones = self.public_table(), self.zones()
        mark = len(self.session.timeline)
        yield
        for entry in self.session.timeline[mark:]:
            paths = self.paths_of(entry)
            if paths:
                self._throws += 1
                body = {"n": self._throws, "table": table, "zones": zones, "paths": paths}
                self._thrown = [*(self._thrown or []), body]

    def thrown(self) -> list[dict[str, Any]]:
        made, self._thrown = self._thrown or [], None
        return made

    def level_bot(self, seat: int, level: str) -> Any:
        """A computer of `level` for `seat`, seeded as a computer seated there is."""
        raise NotImplementedError

    def decide(self, seat: int, bot: Any) -> Any:
        """What `bot` in `seat` does now, from that seat's observation: an action, a
        `physics.Throw`, or None (a die, which takes no aim)."""
        raise NotImplementedError

    def hint(self, seat: int, level: str) -> str | dict[str, Any]:
        from game import physics

        hinters = self._hinters = self._hinters if self._hinters is not None else {}
        if seat not in hinters:  # one computer a seat, its generator going on
            hinters[seat] = self.level_bot(seat, level)
        made = self.decide(seat, hinters[seat])
        if made is None:
            return {}
        if isinstance(made, physics.Throw):
            return throw_params(made.origin, made.angle, made.speed, made.spin)
        return str(made)

    def close(self) -> None:
        if self._writer is not None:
            self._writer.close()
            self._writer = None


class NetBrain(Protocol):
    """A headless person's seat (`--headless --bot LEVEL`): it sees only what its seat is
    sent (the view, the legal texts, a throw's public table) and answers with a text
    or a throw's parameters."""

    def choose(self, view: Any, legal: Sequence[str]) -> str: ...

    def throw(self, view: Any, context: Mapping[str, Any]) -> dict[str, Any]: ...


@dataclass(frozen=True, slots=True)
class TableRequest:
    """What the host asks a game's table for: the seats (``here``, ``remote`` or a
    computer level), the match's seed, and where its replay goes (None: no replay)."""

    seats: tuple[str, ...]
    seed: int
    replay_dir: Path | None


Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class ThrowTable:
    """The public table a person at a joined computer throws on, rebuilt from a throw's
    `context` (table mm, y away from the near edge): the targets' outlines (the Gate
    Cards, the BakuCores), the Bakugan standing, the seat's own band (x0, y0, x1, y1) and
    the pull curve of the game's slingshot (``classic`` or ``planet``,
    `game.physics.pull`)."""

    width: float
    height: float
    targets: tuple[tuple[Point, ...], ...]
    standing: tuple[Point, ...]
    zone: tuple[float, float, float, float]
    curve: str
    places: tuple[str, ...] = ()
    """Each target's place as the seat's words name it ("2,1": a Gate Card's slot, a
    core's hex), drawn on it so that a view's line and the table meet."""


@dataclass(frozen=True, slots=True)
class NetKit:
    """A game's part of network play: its host table, a headless seat's brain (level,
    seed) and the table a window throws on (`ThrowTable` of a throw's context; None
    where a throw takes no aim, as Attack's die); `levels` are the computer levels a
    seat may name."""

    table: Callable[[TableRequest], NetTable]
    brain: Callable[[str, int], NetBrain]
    throw_table: Callable[[Mapping[str, Any]], ThrowTable | None] = lambda context: None
    levels: tuple[str, ...] = ("easy", "normal", "hard")
    track: Callable[[Mapping[str, Any], Any], Any] = lambda context, throw: None
    """The path a throw (`physics.Throw`) takes alone on a throw's public table
    (`context`), through the physics the host resolves it with: what the window's aim
    guide dots (None: a release the physics refuses, or a game with no aim)."""


def plain(value: Any) -> Any:
    """A value as plain JSON: a dataclass as an object of its fields, a tuple or a
    frozenset as a list, an enum as its value, a mapping as a list of [key, value]
    pairs (keys may be tuples). An observation's every field goes out as it is."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return plain(value.value)
    if isinstance(value, Mapping):
        return [[plain(k), plain(v)] for k, v in value.items()]
    if isinstance(value, frozenset | set):
        return sorted((plain(v) for v in value), key=repr)
    if isinstance(value, tuple | list):
        return [plain(v) for v in value]
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def throw_args(params: Mapping[str, Any]) -> tuple[tuple[float, float], float, float, float]:
    """(origin, angle, speed, spin) of a throw's parameters (the wire layer checked their
    shapes and bounds)."""
    ox, oy = params["origin"]
    return (
        (float(ox), float(oy)),
        float(params["angle"]),
        float(params["speed"]),
        float(params["spin"]),
    )


def throw_params(
    origin: Sequence[float], angle: float, speed: float, spin: float
) -> dict[str, Any]:
    return {"origin": [origin[0], origin[1]], "angle": angle, "speed": speed, "spin": spin}


class UniformBrain:
    """Chooses any legal text, drawn from a generator seeded by its own seed and what it
    is shown (the view and the legal texts), so that a brain started again (a computer
    that rejoins) answers the same question the same way; its throws are the game's
    own (`aim`). A joined computer cannot run the level bots yet: they read an
    observation as the rules core's objects, and a client gets plain JSON."""

    def __init__(
        self, seed: int, aim: Callable[[random.Random, Any, Mapping[str, Any]], dict[str, Any]]
    ) -> None:
        self.seed = seed
        self.aim = aim

    def _rng(self, *shown: Any) -> random.Random:
        text = json.dumps(shown, sort_keys=True, separators=(",", ":"))
        digest = hashlib.sha256(f"{self.seed}:{text}".encode()).hexdigest()
        return random.Random(int(digest[:16], 16))

    def choose(self, view: Any, legal: Sequence[str]) -> str:
        return legal[self._rng(view, list(legal)).randrange(len(legal))]

    def throw(self, view: Any, context: Mapping[str, Any]) -> dict[str, Any]:
        return self.aim(self._rng(view, dict(context)), view, context)


def legal_text(legal: Sequence[Any], text: str) -> Any:
    """The legal action whose replay text is `text`; `Refused` (``not_legal``) if none."""
    for action in legal:
        if str(action) == text:
            return action
    raise Refused("not_legal", f"{text[:80]!r} is not a legal action of this seat now")


def deferred_kit(module: str) -> NetKit:
    """A game's `NetKit` from its module's ``table``, ``aim``, ``throw_table`` and
    ``track``,
    imported when first asked for (reading the registry loads no game's network parts).
    A joined computer of any level is a `UniformBrain` throwing by the game's ``aim``."""
    import importlib

    def table(request: TableRequest) -> NetTable:
        made: NetTable = importlib.import_module(module).table(request)
        return made

    def brain(level: str, seed: int) -> NetBrain:
        return UniformBrain(seed, importlib.import_module(module).aim)

    def throw_table(context: Mapping[str, Any]) -> ThrowTable | None:
        made: ThrowTable | None = importlib.import_module(module).throw_table(context)
        return made

    def track(context: Mapping[str, Any], throw: Any) -> Any:
        return importlib.import_module(module).track(context, throw)

    return NetKit(table, brain, throw_table, track=track)
