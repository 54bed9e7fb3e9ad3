"""The network table before the match: at the host, where to join (its addresses, the
port, the room code) and who sits where; at a joined computer, which seat it took."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from .. import widgets as w

WATCHER = -1
"""A spectator's place among the screen's seats: the host welcomed it with no seat, and
the game's words are asked for the view of seat -1 (no player's)."""


def draw_lobby(
    surface: pygame.Surface,
    lobby: dict[str, Any],
    joined: bool,
    seat: int | None,
    tr: Callable[..., str],
) -> None:
    """The lobby's lines in their panel (`seat`: a joined computer's, None before its
    welcome)."""
    box = pygame.Rect(240, 120, 800, 500)
    w.panel(surface, box, 220)
    lines: list[str] = []
    if joined:
        if seat is None:
            lines.append(tr("net.ui.joining"))
        elif seat == WATCHER:
            lines.append(tr("net.ui.watching_start"))
        else:
            lines.append(tr("net.ui.seated", seat=seat + 1))
    else:
        addresses = [str(a) for a in lobby.get("addresses") or []][:3]
        port = lobby.get("port", "")
        given = ", ".join(f"{a}:{port}" for a in addresses) or f"127.0.0.1:{port}"
        lines.append(tr("net.ui.give", addresses=given))
        lines.append(tr("net.ui.code", code=lobby.get("code", "")))
        names = list(lobby.get("names") or [])
        for p, word in enumerate(lobby.get("seats") or []):
            who = str(names[p]) if p < len(names) and names[p] else ""
            lines.append(seat_line(p, str(word), who, tr))
    for i, line in enumerate(lines[:9]):
        size = 34 if i == 1 and not joined else 26
        box_i = pygame.Rect(box.x + 32, box.y + 28 + i * 52, box.w - 64, 48)
        w.fit_text(surface, line, box_i, size, w.INK)


def seat_line(seat: int, word: str, who: str, tr: Callable[..., str]) -> str:
    """One seat of the lobby: a person here, one joined (or awaited), or a computer."""
    if word == "remote":
        key = "net.ui.seat_joined" if who else "net.ui.seat_open"
    elif word == "here":
        key = "net.ui.seat_here"
    else:
        key = "net.ui.seat_computer"
    level = tr(f"level.{word}") if word not in ("here", "remote") else ""
    return tr(key, seat=seat + 1, name=who[:24], level=level)
