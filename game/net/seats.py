"""The seats of a hosted match as ``--seats`` names them: one word a seat, ``here`` (a
person at the host's screen), ``remote`` (a person at a joined computer) or one of the
game's computer levels."""

from __future__ import annotations

from game.games import GameRecord

SEAT_WORDS = ("here", "remote")


class BadSeats(ValueError):
    """What is wrong with ``--seats``, as the catalog line `key` (under ``net.seats``)
    with its `fields`; the game's name is the caller's to add, in its language."""

    def __init__(self, key: str, **fields: object) -> None:
        super().__init__(f"{key}: {fields}")
        self.key = f"net.seats.{key}"
        self.fields = fields


def parse_seats(spec: str, record: GameRecord) -> tuple[str, ...]:
    """The seats of ``--seats``; `BadSeats` says what is wrong."""
    kit = record.net
    if kit is None:
        raise BadSeats("no_network")
    seats = tuple(w.strip() for w in spec.split(","))
    for word in seats:
        if word not in SEAT_WORDS and word not in kit.levels:
            raise BadSeats("word", word=word[:40], levels=", ".join(kit.levels))
    if len(seats) not in record.player_counts:
        counts = ", ".join(str(n) for n in record.player_counts)
        raise BadSeats("count", counts=counts, got=len(seats))
    return seats


__all__ = ("SEAT_WORDS", "BadSeats", "parse_seats")
