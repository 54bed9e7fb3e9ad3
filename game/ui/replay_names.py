"""How a replay names its seats, as the match named them, for every game's Replays row
and the viewers that have no names of their own: the one person of a match against
computers is "You", the people of a hot-seat match "Player N", a computer by its level
("Computer (Easy)", or "Computer 2 (Easy)" when there are several).

The seats are the header's (`replay_header.SeatInfo`: a person's name is "human", a
computer's its level) or the Replays index's `players` (the same names).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.games.replays import level_title

PERSON = "human"


def seat_names(
    tr: Callable[..., str], game: str, players: Sequence[str], lang: str, compact: bool = False
) -> list[str]:
    """The names of `players` (each seat's name in the header) in `lang`; `compact`
    names a computer by its level alone ("Easy"), for a row of many seats."""
    people = sum(p == PERSON for p in players)
    computers = len(players) - people
    out: list[str] = []
    for i, p in enumerate(players):
        if p == PERSON:
            out.append(
                tr("replay.seat_you") if people == 1 else tr("replay.seat_player", player=i + 1)
            )
        elif compact:
            out.append(level_title(game, p, lang))
        elif computers == 1:
            out.append(tr("replay.seat_computer", level=level_title(game, p, lang)))
        else:
            level = level_title(game, p, lang)
            out.append(tr("replay.seat_computer_n", player=i + 1, level=level))
    return out


def header_players(header: dict[str, object]) -> list[str]:
    """Each seat's name from a replay header's ``seats`` (a person's is "human",
    whatever else the entry says; a seat that is not a table is "?")."""
    seats = header.get("seats")
    out: list[str] = []
    for s in seats if isinstance(seats, list) else []:
        if not isinstance(s, dict):
            out.append("?")
        elif s.get("human") is True or s.get("name") == PERSON:
            out.append(PERSON)
        else:
            out.append(str(s.get("name", "?"))[:32])
    return out
