"""A run of headless games (`bakugan sim`), as every game's sim plays it: which games,
each one's seed, who sits where, and the names the report counts them under.

Game g of a run seeded `seed` is seeded ``seed * 1_000_003 + g`` (a run split over
processes plays the same games as one: the part starting at `first` plays games
`first`..), and the bots rotate: in game g the bot g mod n sits in seat 0, so no bot
keeps the first seat (two bots alternate).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Game:
    """One game of a run: its number, its seed, and `order[seat]`, the index (into the
    run's bot names) of the bot sitting in each seat."""

    number: int
    seed: int
    order: tuple[int, ...]


def schedule(seed: int, games: int, bots: int, first: int = 0) -> Iterator[Game]:
    """Games `first` .. `first + games - 1` of the run seeded `seed` between `bots` bots."""
    for g in range(first, first + games):
        yield Game(g, seed * 1_000_003 + g, tuple((i + g) % bots for i in range(bots)))


def seat_keys(names: Sequence[str]) -> list[str]:
    """Distinct keys for the bots of a run: `random` and `random_2` when both are random."""
    out: list[str] = []
    for n in names:
        key, k = n, 2
        while key in out:
            key, k = f"{n}_{k}", k + 1
        out.append(key)
    return out


def add_by_seat(
    per: Mapping[str, dict[str, int]], keys: Sequence[str], order: Sequence[int], stats: object
) -> None:
    """Add a game's counts to the bots that played it: for each bot's key, each name it
    counts (``seat_throws``, ``opened``) takes the stats' number of that name for the
    seat the bot sat in (`order[seat]`, the bot's index into `keys`)."""
    for seat, i in enumerate(order):
        counts = per[keys[i]]
        for name in counts:
            counts[name] += getattr(stats, name)[seat]


def add_totals(totals: dict[str, float], stats: object) -> None:
    """Add a game's numbers to the run's: each name `totals` counts (``turns``,
    ``throw_seconds``) takes the stats' number of that name."""
    for name in totals:
        totals[name] += getattr(stats, name)
