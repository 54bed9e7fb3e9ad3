"""Each seat's colour round the table (names, aim lines, frames of captured cards)."""

from __future__ import annotations

PLAYER_COLOURS = ((80, 170, 255), (255, 110, 90), (110, 215, 120), (235, 195, 70))
