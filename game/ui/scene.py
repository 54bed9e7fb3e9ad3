"""Scenes: one screen each (menu, setup, match, pause, results ...) on a stack.

A scene handles events, updates at the fixed step and draws on the logical 1280 x 720
surface. Scenes hold no game rules: they read the session and hand it choices.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from .app import App


class Scene:
    """Base scene: override what you need. `opaque` scenes hide the ones below."""

    opaque = True

    def __init__(self, app: App) -> None:
        self.app = app

    def tr(self, key: str, **fields: object) -> str:
        return self.app.tr(key, **fields)

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack (again)."""

    def exit(self) -> None:
        """Called when the scene leaves the stack for good (popped, replaced, the stack
        cleared for the title) or the app closes: let go of what it holds open. It may
        come twice (the app closing over a stack it then clears): make it idempotent."""

    def handle(self, event: pygame.event.Event) -> None:
        """One input event, already in logical coordinates for mouse events."""

    def update(self, dt: float) -> None:
        """Advance by the fixed step `dt` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw on the logical surface."""
