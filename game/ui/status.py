"""`BAKUGAN_STATUS`: what the screen shows, as one JSON object in a file, for a test
driving the real window from outside (xdotool has no way to read the screen).

When the environment variable names a file, the game rewrites it after every frame in
which the status changed, atomically (a reader sees the old object or the new one):

- `scene`: which screen is on top ("title", "setup", "match", "pause", "results" ...);
- in a match: `to_act` (the player who must act) and `over`; while the person at the
  screen may throw, `sphere_px` (the sphere's centre in window pixels) and `back_px`
  (the unit vector in window pixels pointing away from the field: a straight pull) and
  `table_px` (the table's origin in window pixels and px per mm: table y grows upward);
  after each throw, `last_throw` = {`power` 0 to 1, `player`, `landing`}; while the
  person may choose, `buttons` = [{`label`, `center` in window pixels}] (a card in the
  hand by its id); `battle` ({`slot`, `decided`}) while the battle panel shows one;
  `curtain` (the person it waits for) while the hot-seat curtain is down.

A scene's `status()` gives its buttons by `button_rows` (a card or a place by
`button_row`), so that every screen reports them alike. A status that cannot be written
is given up on with one warning: it never stops play.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame

    from .app import App
    from .widgets import Button

ENV = "BAKUGAN_STATUS"

log = logging.getLogger(__name__)


def button_row(app: App, label: str, rect: pygame.Rect) -> dict[str, object]:
    """One entry of a status's `buttons`: its label and its centre in window pixels."""
    return {"label": label, "center": app.to_window(rect.center)}


def button_rows(
    app: App, buttons: Iterable[Button], enabled_only: bool = False
) -> list[dict[str, object]]:
    """A status's `buttons`: each of `buttons` (only the enabled ones: `enabled_only`)."""
    return [button_row(app, b.label, b.rect) for b in buttons if b.enabled or not enabled_only]


def scene_name(scene: object) -> str:
    """A scene's short name: its `status_name`, else its class name without "Scene"."""
    name = getattr(scene, "status_name", None)
    if isinstance(name, str):
        return name
    cls = type(scene).__name__
    return (cls[:-5] if cls.endswith("Scene") else cls).lower()


class StatusFile:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.last = ""
        self.failed = False

    @staticmethod
    def from_env() -> StatusFile | None:
        value = os.environ.get(ENV, "").strip()
        return StatusFile(Path(value)) if value else None

    def snapshot(self, app: App) -> dict[str, object]:
        if not app.stack:
            return {"scene": "none"}
        top = app.top
        out: dict[str, object] = {"scene": scene_name(top)}
        status = getattr(top, "status", None)
        if callable(status):
            extra = status()
            if isinstance(extra, dict):
                out.update(extra)
        return out

    def update(self, app: App) -> None:
        if self.failed:
            return
        text = json.dumps(self.snapshot(app), sort_keys=True)
        if text == self.last:
            return
        tmp = self.path.with_name(f".{self.path.name}.tmp")
        try:
            tmp.write_text(text + "\n", encoding="utf-8")
            os.replace(tmp, self.path)
        except OSError as e:
            self.failed = True
            log.warning("%s: status not written (%s); giving up on it", self.path, e)
            return
        self.last = text
