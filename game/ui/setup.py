"""Match setup: each human picks 3 Bakugan, 3 Gate Cards and 3 Ability Cards (or a quick
pick deals a legal random kit), sees every piece's face, and chooses who starts."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pygame

from game.content.classic import shipped_catalog
from game.rules.classic import AbilityColour, GateColour, Kit, check_kit, random_kit

from . import widgets as w
from .scene import Scene

if TYPE_CHECKING:
    from .app import App

SLOT_W, SLOT_H = 112, 150


class MatchSetupScene(Scene):
    def __init__(self, app: App, hotseat: bool) -> None:
        super().__init__(app)
        self.catalog = shipped_catalog()
        self.hotseat = hotseat
        self.rng = random.Random()
        self.support = False  # New Vestroia: Traps, Battle Gear and Evolution cards
        self.kits = [self._deal(), self._deal()]
        self.editing = 0  # the player whose kit is shown
        self.first = 0  # 0, 1, or -1 random
        self.level = "normal"  # the computer's difficulty
        self.hover: tuple[str, str] | None = ("bakugan", self.kits[0].bakugan[0])
        self.buttons: list[w.Button] = []
        self._build()

    # the 9 slots of the shown kit: (kind, index, rect)
    def _slots(self) -> list[tuple[str, int, pygame.Rect]]:
        out = []
        for row, kind in enumerate(("bakugan", "gates", "abilities")):
            for i in range(3):
                out.append(
                    (
                        kind,
                        i,
                        pygame.Rect(
                            60 + i * (SLOT_W + 16), 130 + row * (SLOT_H + 24), SLOT_W, SLOT_H
                        ),
                    )
                )
        return out

    def _build(self) -> None:
        first_label = {0: "setup.first_p1", 1: "setup.first_p2", -1: "setup.first_random"}[
            self.first
        ]
        if not self.hotseat:
            first_label = {0: "setup.first_you", 1: "setup.first_ai", -1: "setup.first_random"}[
                self.first
            ]
        self.buttons = [
            w.Button(
                pygame.Rect(520, 560, 230, 48),
                self.tr("setup.quick_pick"),
                self._quick,
                key=pygame.K_q,
            ),
            w.Button(pygame.Rect(760, 560, 230, 48), self.tr(first_label), self._toggle_first),
            w.Button(
                pygame.Rect(1000, 560, 230, 48),
                self.tr("setup.support_on" if self.support else "setup.support_off"),
                self._toggle_support,
            ),
            w.Button(
                pygame.Rect(1000, 620, 230, 56),
                self.tr("setup.start"),
                self._start,
                key=pygame.K_RETURN,
                colour=(150, 70, 30),
            ),
            w.Button(
                pygame.Rect(520, 620, 230, 48),
                self.tr("ui.back"),
                self.app.pop,
                key=pygame.K_ESCAPE,
            ),
        ]
        if not self.hotseat:
            label = self.tr("setup.level", level=self.tr(f"level.{self.level}"))
            self.buttons.append(w.Button(pygame.Rect(760, 620, 230, 48), label, self._toggle_level))
        if self.hotseat:
            other = 1 - self.editing
            self.buttons.append(
                w.Button(
                    pygame.Rect(760, 620, 230, 48),
                    self.tr("setup.edit_player", player=other + 1),
                    self._switch,
                )
            )

    def _deal(self) -> Kit:
        if self.support:
            return random_kit(self.catalog, self.rng, support=2, evolutions=True)
        return random_kit(self.catalog, self.rng)

    def _quick(self) -> None:
        self.kits[self.editing] = self._deal()

    def _toggle_support(self) -> None:
        self.support = not self.support
        self.kits = [self._deal(), self._deal()]
        self._build()

    def _toggle_first(self) -> None:
        self.first = {0: 1, 1: -1, -1: 0}[self.first]
        self._build()

    def _toggle_level(self) -> None:
        order = ("easy", "normal", "hard")
        self.level = order[(order.index(self.level) + 1) % len(order)]
        self._build()

    def _switch(self) -> None:
        self.editing = 1 - self.editing
        self._build()

    def _start(self) -> None:
        from .match_scene import MatchScene

        for kit in self.kits:
            assert not check_kit(kit, self.catalog)
        humans = (True, True) if self.hotseat else (True, False)
        first = self.first if self.first >= 0 else self.rng.randrange(2)
        self.app.replace(
            MatchScene(
                self.app,
                self.kits,
                humans,
                first,
                seed=self.rng.randrange(1 << 30),
                level=self.level,
            )
        )

    def _cycle(self, kind: str, index: int, step: int) -> None:
        kit = self.kits[self.editing]
        if kind == "bakugan":
            pool = sorted(self.catalog.bakugan)
            taken = set(kit.bakugan) - {kit.bakugan[index]}
        elif kind == "gates":
            colour = list(GateColour)[index]
            pool = sorted(g for g, d in self.catalog.gates.items() if d.colour == colour)
            taken = set()
        else:
            acolour = list(AbilityColour)[index]
            pool = sorted(a for a, d in self.catalog.abilities.items() if d.colour == acolour)
            taken = set()
        current = getattr(kit, kind)[index]
        i = pool.index(current)
        for _ in range(len(pool)):
            i = (i + step) % len(pool)
            if pool[i] not in taken:
                break
        values = list(getattr(kit, kind))
        values[index] = pool[i]
        parts = {"bakugan": kit.bakugan, "gates": kit.gates, "abilities": kit.abilities}
        parts[kind] = tuple(values)
        # Evolution cards follow the Bakugan they belong to.
        evolutions = tuple(
            e.id
            for e in self.catalog.evolutions.values()
            if self.support and e.base in parts["bakugan"]
        )
        self.kits[self.editing] = Kit(
            parts["bakugan"], parts["gates"], parts["abilities"], kit.traps, kit.gear, evolutions
        )

    def handle(self, event: pygame.event.Event) -> None:
        if w.handle_buttons(self.buttons, event):
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover = None
            for kind, i, rect in self._slots():
                if rect.collidepoint(event.pos):
                    self.hover = (kind, getattr(self.kits[self.editing], kind)[i])
        if event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            for kind, i, rect in self._slots():
                if rect.collidepoint(event.pos):
                    self._cycle(kind, i, 1 if event.button == 1 else -1)
                    self.hover = (kind, getattr(self.kits[self.editing], kind)[i])

    def draw(self, surface: pygame.Surface) -> None:
        from . import art
        from .pieces import draw_piece_detail, piece_thumb

        surface.blit(art.table_felt(surface.get_size()), (0, 0))
        who = (
            self.tr("setup.your_kit")
            if not self.hotseat
            else self.tr("setup.player_kit", player=self.editing + 1)
        )
        w.text(surface, who, (60, 40), 44, w.ACCENT, shadow=True)
        w.paragraph(surface, self.tr("setup.hint"), pygame.Rect(60, 84, 440, 44), 19, w.MUTED, 0)
        kit = self.kits[self.editing]
        for kind, i, rect in self._slots():
            ident = getattr(kit, kind)[i]
            surface.blit(piece_thumb(self.catalog, kind, ident, rect.size, self.app.lang), rect)
            if self.hover == (kind, ident):
                pygame.draw.rect(surface, w.ACCENT, rect, 3, border_radius=8)
        detail = pygame.Rect(520, 40, 710, 500)
        w.panel(surface, detail)
        if self.hover is not None:
            draw_piece_detail(
                surface, detail.inflate(-30, -30), self.catalog, *self.hover, self.app.lang
            )
        else:
            w.paragraph(
                surface, self.tr("setup.detail_hint"), detail.inflate(-40, -40), 26, w.MUTED
            )
        pieces = [self.catalog.traps[t].name.get(self.app.lang) for t in kit.traps]
        pieces += [self.catalog.gear[g].name.get(self.app.lang) for g in kit.gear]
        if pieces:
            line = self.tr("setup.support_list", pieces=", ".join(pieces))
            w.paragraph(surface, line, pygame.Rect(60, 640, 440, 60), 19, w.INK, 0)
        for b in self.buttons:
            b.draw(surface, 22)
