"""A resolved throw as every screen at a network table draws it (the host's ``thrown``
message): the public table it was thrown on, each seat's band, and each sphere's path
to where it came to rest, with what the rest meant (opened on a place, or why not).

The host sends the path itself, not the throw to re-run: pymunk is bit-for-bit
deterministic only on one build, and a joined computer may have another, so a screen
that re-ran the throw could draw a sphere resting where the host's did not. A path is
a few dozen points (`MAX_POINTS`, rounded to 0.1 mm), a kilobyte or two a sphere, so
it arrives whole, in one message, before its screen starts to draw it.
"""

from __future__ import annotations

from typing import Any

from game import physics
from game.physics.tuning import DT

MAX_POINTS = 90
"""The most points of one sphere's path on the wire (its samples thinned evenly)."""


def _mm(value: float) -> float:
    return round(float(value), 1)


def path_of(seat: int, trajectory: physics.Trajectory, landing: physics.Landing) -> dict[str, Any]:
    """One sphere's path as plain JSON: ``points`` ``step`` seconds apart (the last one
    where it rested, however soon after the one before), ``rest``, ``opened`` and the
    ``place`` it opened on ("2,1", a Gate Card's slot or a core's hex, as the seats'
    words name it; None: on none), ``why`` the landing's reason code ("")."""
    n = len(trajectory)
    stride = max(1, -(-n // MAX_POINTS))
    picked = list(range(0, n, stride))
    if n and picked[-1] != n - 1:
        picked.append(n - 1)
    points = [[_mm(trajectory[i][0]), _mm(trajectory[i][1])] for i in picked]
    x, y = landing.position
    card = landing.card
    place = f"{card[0]},{card[1]}" if isinstance(card, tuple) and len(card) == 2 else None
    return {
        "seat": seat,
        "points": points,
        "step": stride * DT,
        "rest": [_mm(x), _mm(y)],
        "opened": landing.opened,
        "place": place,
        "why": landing.reason or "",
    }
