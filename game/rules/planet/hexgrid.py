"""The Hidden Matrix as a hex grid: axial coordinates (q, r), the first BakuCore at
(0, 0) (equidistant from both players), every later one on a free hex that shares a
side with one already placed.

Player 0 sits on the side of negative r, player 1 on the side of positive r (what the
table adapter draws); the rules only need who touches whom.
"""

from __future__ import annotations

from collections.abc import Iterable

Hex = tuple[int, int]

CENTRE: Hex = (0, 0)
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def neighbours(h: Hex) -> tuple[Hex, ...]:
    """The six hexes that share a side with `h`."""
    q, r = h
    return tuple((q + dq, r + dr) for dq, dr in DIRECTIONS)


def touches(a: Hex, b: Hex) -> bool:
    """Whether the two hexes share a side."""
    dq, dr = b[0] - a[0], b[1] - a[1]
    return (dq, dr) in DIRECTIONS


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def free_places(placed: Iterable[Hex]) -> list[Hex]:
    """Where the next core may go: the centre first, then any free hex touching one
    placed, in a fixed order (by distance from the centre, then q, then r)."""
    taken = set(placed)
    if not taken:
        return [CENTRE]
    out = {n for h in taken for n in neighbours(h) if n not in taken}
    return sorted(out, key=lambda h: (distance(h, CENTRE), h[0], h[1]))


def spiral(count: int) -> list[Hex]:
    """The first `count` hexes of a spiral out from the centre, each touching an
    earlier one (the scenario runner's automatic Matrix)."""
    out: list[Hex] = [CENTRE]
    radius = 1
    while len(out) < count:
        q, r = -radius, radius  # DIRECTIONS[4] * radius
        for dq, dr in DIRECTIONS:
            for _ in range(radius):
                out.append((q, r))
                q, r = q + dq, r + dr
        radius += 1
    return out[:count]


def hex_str(h: Hex) -> str:
    return f"@{h[0]},{h[1]}"


def parse_hex(word: str) -> Hex | None:
    """`@q,r` as a hex, or None when the word is not one."""
    if not word.startswith("@"):
        return None
    try:
        q, r = word[1:].split(",")
        return int(q), int(r)
    except ValueError:
        return None
