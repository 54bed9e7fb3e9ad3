"""A player's record, recomputed from the replays alone.

Each finished replay with a person in it is re-run by its game's line reader (the
classic one: `game.match.classic.stats.match_line`) and read for the people's side: won
or lost, throws and how many opened on a card, Gate Cards captured, which Bakugan were
thrown. `tally` sums the matches per game,
mode (``vs_ai``: one person against computers; ``hotseat``: several people) and level
(the computers' level, ``mixed`` when they differ; ``-`` in a hotseat): wins and losses,
the longest run of wins, captures per match, the favourite Bakugan, and the hit rate
match by match (the last 50, oldest first) for the chart. Nothing is stored besides the
replays: the stats are whatever the replays say.

A game's own line reader (its `ReplayKit.stats_line`, `game.games`) makes its `MatchLine`s;
`thrown` holds ids of that game's content (a Bakugan, a card), named on screen through
`game.games.replays.thing_name`; a game whose lines all have ``throws == 0`` has no
hit-rate chart (`Record.throws`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from game.match.rerun import RerunError

CHART_MATCHES = 50


@dataclass(frozen=True, slots=True)
class MatchLine:
    """One match as the people at the screen played it."""

    created: str
    game: str
    mode: str
    level: str
    won: bool
    throws: int
    opened: int
    captures: int
    thrown: tuple[tuple[str, int], ...]  # Bakugan -> throws

    @property
    def hit_rate(self) -> float:
        return self.opened / self.throws if self.throws else 0.0


@dataclass(frozen=True, slots=True)
class Sitting:
    """Who sat at a replay's table: the people's seats, the mode (``vs_ai``: one person
    against computers; ``hotseat``: several people) and the computers' level (``mixed``
    when they differ, ``-`` when there are none)."""

    people: frozenset[int]
    mode: str
    level: str


def sitting(header: dict[str, Any], game: str, seats: int | None = None) -> Sitting | None:
    """The sitting of a replay of `game` with a person in it (None: another game, seats
    that do not read, `seats` given and not that many, or nobody but computers)."""
    table = header.get("seats")
    if header.get("game") != game or not isinstance(table, list):
        return None
    if seats is not None and len(table) != seats:
        return None
    people = frozenset(
        i for i, s in enumerate(table) if isinstance(s, dict) and s.get("human") is True
    )
    if not people:
        return None
    computers = sorted(
        {str(s.get("name")) for i, s in enumerate(table) if i not in people and isinstance(s, dict)}
    )
    mode = "hotseat" if len(people) > 1 else "vs_ai"
    level = "-" if not computers else computers[0] if len(computers) == 1 else "mixed"
    return Sitting(people, mode, level)


def finished(records: Sequence[dict[str, Any]]) -> bool:
    """A finished replay, in every game: it holds its end record. (Its re-run, when
    identical, wrote the same end: the comparer refuses a missing or another one.)"""
    return any(r.get("t") == "end" for r in records)


@dataclass(slots=True)
class PeoplesPlay:
    """What a game counts of the people's play in one finished match (`people_line`):
    won (a drawn match is not won), the Gate Cards or cards captured, the Bakugan or
    cards thrown or played, and the throws and how many opened (0 for a game without
    throws that open on a card)."""

    won: bool
    captures: int = 0
    thrown: Counter[str] = field(default_factory=Counter)
    throws: int = 0
    opened: int = 0


class Rerun(Protocol):
    @property
    def identical(self) -> bool: ...


R = TypeVar("R", bound=Rerun)


def people_line(
    header: dict[str, Any],
    records: Sequence[dict[str, Any]],
    game: str,
    rerun: Callable[[], R],
    count: Callable[[R, frozenset[int]], PeoplesPlay],
    seats: int | None = None,
) -> MatchLine | None:
    """The people's line of a replay of `game`, the same way for every game: None when
    no person sat at it (`sitting`), it is not `finished`, or it does not re-run
    (`rerun`, raising `RerunError`) identically; else what `count` reads of the re-run
    for the people's seats."""
    sat = sitting(header, game, seats)
    if sat is None or not finished(records):
        return None
    try:
        run = rerun()
    except RerunError:
        return None
    if not run.identical:
        return None
    play = count(run, sat.people)
    return MatchLine(
        str(header.get("created", "")),
        game,
        sat.mode,
        sat.level,
        play.won,
        play.throws,
        play.opened,
        play.captures,
        tuple(sorted(play.thrown.items())),
    )


@dataclass(slots=True)
class Record:
    """The tally of one (game, mode, level)."""

    matches: int = 0
    wins: int = 0
    longest_streak: int = 0
    captures: int = 0
    throws: int = 0  # the people's throws in all (0: a game without throws, no chart)
    thrown: Counter[str] = field(default_factory=Counter)
    hit_rates: list[float] = field(default_factory=list)  # the last CHART_MATCHES, oldest first

    @property
    def losses(self) -> int:
        return self.matches - self.wins

    @property
    def captures_per_match(self) -> float:
        return self.captures / self.matches if self.matches else 0.0

    @property
    def favourite(self) -> str | None:
        if not self.thrown:
            return None
        return min(self.thrown, key=lambda b: (-self.thrown[b], b))


def tally(lines: Iterable[MatchLine]) -> dict[tuple[str, str, str], Record]:
    """The record per (game, mode, level), matches taken in the order they were played."""
    out: dict[tuple[str, str, str], Record] = {}
    streaks: dict[tuple[str, str, str], int] = {}
    for line in sorted(lines, key=lambda x: x.created):
        key = (line.game, line.mode, line.level)
        rec = out.setdefault(key, Record())
        rec.matches += 1
        rec.wins += line.won
        streaks[key] = streaks.get(key, 0) + 1 if line.won else 0
        rec.longest_streak = max(rec.longest_streak, streaks[key])
        rec.captures += line.captures
        rec.throws += line.throws
        rec.thrown.update(dict(line.thrown))
        rec.hit_rates.append(line.hit_rate)
        del rec.hit_rates[:-CHART_MATCHES]
    return out
