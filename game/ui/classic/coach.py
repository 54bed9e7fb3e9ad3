"""First-match hints ("coach marks"): each situation explained once per player profile.

A hint is shown the first time its player meets its situation (setting the opening
card, a turn, a throw, a battle, two own Bakugan on one card), pointing at the very
thing it talks about (the hand, the throw buttons, the sphere, the battle panel) and
placed so it does not cover it. Seen hints are kept (`game.persist.hints`), so they do
not come back next match or next launch; T turns them all off; How to play shows them
again. `bakugan play --quick` plays without them.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import pygame

from game.persist.hints import load_seen, save_seen

from .. import widgets as w

log = logging.getLogger(__name__)

STEPS = ("setup", "main", "throw", "battle", "own")
BOX = (520, 178)


class Coach:
    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.seen: set[str] = set()
        if enabled:
            seen, warning = load_seen()
            if warning:
                log.warning("%s", warning)
            self.seen = set(seen)
        self.showing: str | None = None

    def offer(self, step: str) -> bool:
        """Show the hint for `step` if it was not seen yet; True when it is showing."""
        if self.showing is None and self.enabled and step in STEPS and step not in self.seen:
            self.showing = step
        return self.showing is not None

    def dismiss(self) -> None:
        if self.showing is None:
            return
        self.seen.add(self.showing)
        self.showing = None
        try:
            save_seen(self.seen)
        except OSError as e:  # a full disk must not stop the match
            log.warning("hints not saved: %s", e)

    def stop(self) -> None:
        """T: no more hints, now or later."""
        self.showing = None
        self.enabled = False


def place_box(
    target: pygame.Rect, screen: pygame.Rect, avoid: tuple[pygame.Rect, ...] = ()
) -> pygame.Rect:
    """Where the hint's box goes: beside its target (left of it, else right, else above,
    else below; level with its middle, top or bottom), never over it nor over what it
    must leave in sight (`avoid`: the battle's card ...), on the screen."""
    box = pygame.Rect((0, 0), BOX)
    gap = 28
    tries = [
        {"midright": (target.left - gap, target.centery)},
        {"midleft": (target.right + gap, target.centery)},
        {"midbottom": (target.centerx, target.top - gap)},
        {"midtop": (target.centerx, target.bottom + gap)},
        {"bottomleft": (target.right + gap, target.bottom)},
        {"topleft": (target.right + gap, target.top)},
        {"bottomright": (target.left - gap, target.bottom)},
        {"topright": (target.left - gap, target.top)},
    ]
    for where in tries:
        trial = box.copy()
        for name, value in where.items():
            setattr(trial, name, value)
        if screen.contains(trial) and not any(trial.colliderect(a) for a in avoid):
            return trial
    trial = box.copy()
    trial.midright = (target.left - gap, target.centery)
    trial.clamp_ip(screen)
    return trial


def draw_hint(
    surface: pygame.Surface,
    step: str,
    target: pygame.Rect,
    tr: Callable[..., str],
    avoid: tuple[pygame.Rect, ...] = (),
) -> pygame.Rect:
    """The hint box for `step` with a line to a ring around `target`; returns the box."""
    box = place_box(target, surface.get_rect(), avoid)
    ring = target.inflate(10, 10)
    end = (
        min(max(box.centerx, ring.left), ring.right),
        min(max(box.centery, ring.top), ring.bottom),
    )
    pygame.draw.line(surface, w.ACCENT, box.center, end, 4)
    pygame.draw.rect(surface, w.ACCENT, ring, 3, border_radius=10)
    w.panel(surface, box, 250, w.ACCENT, overlay=True)
    w.fit_text(
        surface, tr("coach.title"), pygame.Rect(box.x + 16, box.y + 8, box.w - 32, 28), 24, w.ACCENT
    )
    w.paragraph(
        surface, tr(f"coach.{step}"), pygame.Rect(box.x + 16, box.y + 40, box.w - 32, 104), 20
    )
    w.fit_text(
        surface,
        tr("coach.dismiss"),
        pygame.Rect(box.x + 16, box.bottom - 28, box.w - 32, 22),
        18,
        w.MUTED,
        "center",
    )
    return box
