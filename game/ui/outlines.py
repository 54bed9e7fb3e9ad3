"""What a screen drew of the table's bodies, as geometry: each outline in logical pixels.

What is drawn is what the physics has: every body a sphere can meet or be judged on is
drawn with its collision shape as its outline - a rolling sphere a circle of its radius,
an opened Bakugan standing on a card the ring of the circle it collides as, a Gate Card
or a BakuCore its polygon, a die its box, the table its edges. The drawing code sizes
its art from the physics' shapes and, as it draws, notes here the outline it drew
(`circle`, `polygon`), so a test can lay the drawn geometry over the pymunk shapes
without reading pixels. A screen keeps one `Outlines`; each layer it draws (a cached
board, the frame's moving pieces) starts its own list when it is drawn anew.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass

import pygame

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Outline:
    """One body's outline as drawn: a circle (`centre`, `radius`) or a polygon
    (`points`), in logical pixels. `kind` says what it is (``sphere``, ``standing``,
    ``card``, ``core``, ``die``, ``piece``, ``table``, ``tray``); `ident` which."""

    kind: str
    ident: Hashable
    centre: Point = (0.0, 0.0)
    radius: float = 0.0
    points: tuple[Point, ...] = ()

    @property
    def circle(self) -> bool:
        return not self.points


class Outlines:
    """The outlines drawn on one screen, by layer."""

    def __init__(self) -> None:
        self._layers: dict[str, list[Outline]] = {}

    def start(self, layer: str) -> None:
        """`layer` is being drawn anew: forget what it drew before."""
        self._layers[layer] = []

    def circle(self, layer: str, kind: str, ident: Hashable, centre: Point, radius: float) -> None:
        self._layers.setdefault(layer, []).append(
            Outline(kind, ident, (float(centre[0]), float(centre[1])), float(radius))
        )

    def polygon(self, layer: str, kind: str, ident: Hashable, points: Iterable[Point]) -> None:
        corners = tuple((float(x), float(y)) for x, y in points)
        self._layers.setdefault(layer, []).append(Outline(kind, ident, points=corners))

    def rect(self, layer: str, kind: str, ident: Hashable, box: pygame.Rect) -> None:
        """An unturned rectangle, as its four corners."""
        x, y, w, h = box.x, box.y, box.w, box.h
        self.polygon(layer, kind, ident, ((x, y), (x + w, y), (x + w, y + h), (x, y + h)))

    def all(self) -> list[Outline]:
        return [o for layer in self._layers.values() for o in layer]

    def of(self, kind: str) -> list[Outline]:
        return [o for o in self.all() if o.kind == kind]


__all__ = ["Outline", "Outlines"]
