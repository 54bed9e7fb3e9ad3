"""Where a seat's name is written along his throwing band: clear of what lies over the
table, whole on the screen.

The name goes along the band's outer edge near its end, away from the middle of the
band where the sphere starts (a side seat's name turned to read along his band). What
lies over the table (`match_framing.covers`: the chips' bar, the side panel and its
tab, the battle panel, the throw's hint) is drawn over the band, and the top seat's
band lies under the chips' bar whenever his edge of the table is in view: there the
name would show through a chip, over another seat's name. So it moves, the least it
must, deeper into the band or along it toward the middle (never past the middle's
margin), to the first place clear of every cover by `GAP` and on the screen; where there
is none (the band is off the screen, or all of it under the covers), it is not drawn:
the chips name every seat anyway.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

EDGE = 12
"""px from the band's outer edge to the middle of its name, where it has room"""
END = 20
"""px from the band's end to its name"""
GAP = 4
"""px at least between the name and a cover or the screen's edge"""
MIDDLE = 60
"""px either side of the band's middle kept clear for the sphere (it starts there)"""


def _moved(base: pygame.Rect, side: str, deeper: int, along: int) -> pygame.Rect:
    """`base` moved `deeper` into the band (away from its outer edge) and `along` it
    (toward the band's middle from its first end: its right, or its top)."""
    if side in ("top", "bottom"):
        return base.move(-along, deeper if side == "top" else -deeper)
    return base.move(deeper if side == "left" else -deeper, along)


def _deeper(base: pygame.Rect, side: str, block: pygame.Rect, room: pygame.Rect) -> set[int]:
    """The moves deeper that bring `base` just past `block`, or into `room`."""
    if side == "top":
        return {block.bottom - base.top, room.top - base.top}
    if side == "bottom":
        return {base.bottom - block.top, base.bottom - room.bottom}
    if side == "left":
        return {block.right - base.left, room.left - base.left}
    return {base.right - block.left, base.right - room.right}


def _along(base: pygame.Rect, side: str, block: pygame.Rect, room: pygame.Rect) -> set[int]:
    """The moves along (signed as `_moved` takes them) that bring `base` just past
    `block`, or into `room`, either way."""
    if side in ("top", "bottom"):
        return {
            base.right - block.left,
            base.left - block.right,
            base.right - room.right,
            base.left - room.left,
        }
    return {
        block.bottom - base.top,
        block.top - base.bottom,
        room.top - base.top,
        room.bottom - base.bottom,
    }


def spot(
    band: pygame.Rect,
    side: str,
    size: tuple[int, int],
    covers: Sequence[pygame.Rect],
    screen: pygame.Rect,
) -> pygame.Rect | None:
    """Where a name of `size` (px, as drawn: turned for a side seat) goes on `band` (the
    band's screen rectangle; `side` the table's edge it lies along); None: nowhere.
    Its first place is at the band's right end (a side band's top end); the other end
    is the last resort."""
    w, h = size
    room = screen.inflate(-2 * GAP, -2 * GAP).clip(band)
    if room.w < w or room.h < h:
        return None
    blocked = [c.inflate(2 * GAP, 2 * GAP) for c in covers]
    base = pygame.Rect(0, 0, w, h)
    if side in ("top", "bottom"):
        y = band.top + EDGE if side == "top" else band.bottom - EDGE
        base.center = (band.right - END - w // 2, y)
        depth, length, half = band.h - 2 * EDGE, band.w - 2 * END - w, band.w // 2
    else:
        x = band.left + EDGE if side == "left" else band.right - EDGE
        base.center = (x, band.top + END + h // 2)
        depth, length, half = band.w - 2 * EDGE, band.h - 2 * END - h, band.h // 2
    # along: from the first end to the middle's margin, or from the other end to it
    near = half - MIDDLE - END - (w if side in ("top", "bottom") else h)
    deeper, further = {0}, {0, length}
    for block in [*blocked, room]:  # (the room's own edges, as a block, among them)
        deeper |= _deeper(base, side, block, room)
        further |= _along(base, side, block, room)
    moves = sorted(
        (
            (d, a)
            for d in deeper
            for a in further
            if 0 <= d <= depth and (0 <= a <= near or length - near <= a <= length)
        ),
        key=lambda m: (m[1] > near, m[0] + min(m[1], length - m[1]), m[1]),
    )
    for d, a in moves:
        rect = _moved(base, side, d, a)
        if room.contains(rect) and rect.collidelist(blocked) < 0:
            return rect
    return None


__all__ = ["spot"]
