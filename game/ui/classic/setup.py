"""Match setup: each human picks 3 Bakugan, 3 Gate Cards and 3 Ability Cards (or a quick
pick deals a legal random kit), sees every piece's face, and chooses who starts."""

from __future__ import annotations

import random
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.content.classic import shipped_catalog
from game.rules.classic import (
    AbilityColour,
    GateColour,
    Kit,
    Settings,
    check_kit,
    random_kit,
)

from .. import widgets as w
from ..scene import Scene
from .match import MatchScene

if TYPE_CHECKING:
    from ..app import App

SLOT_W, SLOT_H = 112, 150
HUMAN = "human"
LEVELS = ("easy", "normal", "hard")


def quick_match(app: App, level: str = "normal", seed: int | None = None) -> Scene:
    """A match against the computer of `level` at once: quick-pick kits, the person
    starts, no first-match hints (`bakugan play --quick`)."""
    catalog = shipped_catalog()
    rng = random.Random(seed)
    rules = Settings.preset(2)
    kits = [random_kit(catalog, rng, rules) for _ in range(2)]
    return MatchScene(
        app,
        kits,
        (True, False),
        0,
        seed=rng.randrange(1 << 30),
        level=level,
        settings=rules,
        levels=(level, level),
        hints=False,
    )


class MatchSetupScene(Scene):
    """Who plays (2-4 seats, each a person at this computer or a computer of a level),
    the Big Game or not, Traps & Gear or not, who starts, and each person's kit."""

    status_name = "setup"

    def __init__(self, app: App, hotseat: bool) -> None:
        super().__init__(app)
        self.catalog = shipped_catalog()
        self.hotseat = hotseat
        self.rng = random.Random()
        self.support = False  # New Vestroia: Traps, Battle Gear and Evolution cards
        self.big = False  # the Big Game: 6 Bakugan, 6 Gate Cards, 6 Ability Cards
        self.seats: list[str] = [HUMAN, HUMAN if hotseat else "normal"]
        self.kits = [self._deal() for _ in self.seats]
        self.editing = 0  # the player whose kit is shown
        self.first = 0  # a player, or -1: random
        self.hover: tuple[str, str] | None = ("bakugan", self.kits[0].bakugan[0])
        self.buttons: list[w.Button] = []
        self._build()

    @property
    def level(self) -> str:
        """The first computer's difficulty (the one a two-player match against it has)."""
        return next((s for s in self.seats if s != HUMAN), "normal")

    @property
    def rules(self) -> Settings:
        return Settings.preset(len(self.seats), self.big)

    # the slots of the shown kit: (kind, index, rect); a row per kind, the Big Game's
    # six a row at a smaller size
    def _slots(self) -> list[tuple[str, int, pygame.Rect]]:
        out = []
        kit = self.kits[self.editing]
        most = max(len(kit.bakugan), len(kit.gates), len(kit.abilities))
        sw = min(SLOT_W, (440 - (most - 1) * 10) // most)
        sh = sw * SLOT_H // SLOT_W
        for row, kind in enumerate(("bakugan", "gates", "abilities")):
            for i in range(len(getattr(kit, kind))):
                rect = pygame.Rect(60 + i * (sw + 10), 130 + row * (sh + 24), sw, sh)
                out.append((kind, i, rect))
        return out

    def _first_label(self) -> str:
        if self.first < 0:
            return self.tr("setup.first_random")
        if sum(s == HUMAN for s in self.seats) == 1 and len(self.seats) == 2:
            human = self.seats[self.first] == HUMAN
            return self.tr("setup.first_you" if human else "setup.first_ai")
        return self.tr("setup.first_n", player=self.first + 1)

    def _seat_label(self, p: int) -> str:
        seat = self.seats[p]
        if seat == HUMAN:
            return self.tr("setup.seat", player=p + 1, who=self.tr("setup.who_human"))
        return self.tr("setup.seat_ai", player=p + 1, level=self.tr(f"level.{seat}"))

    def _build(self) -> None:
        on_off = {True: self.tr("settings.on"), False: self.tr("settings.off")}
        row = [(520, 230), (760, 230), (1000, 230)]
        self.buttons = [
            w.Button(
                pygame.Rect(row[0][0], 492, row[0][1], 46),
                self.tr("setup.quick_pick"),
                self._quick,
                key=pygame.K_q,
            ),
            w.Button(pygame.Rect(760, 492, 230, 46), self._first_label(), self._toggle_first),
            w.Button(
                pygame.Rect(1000, 492, 230, 46),
                self.tr("setup.support_on" if self.support else "setup.support_off"),
                self._toggle_support,
            ),
            w.Button(
                pygame.Rect(520, 546, 230, 46),
                self.tr("setup.players", n=len(self.seats)),
                self._toggle_players,
            ),
            w.Button(
                pygame.Rect(760, 546, 230, 46),
                self.tr("setup.big_game", value=on_off[self.big]),
                self._toggle_big,
            ),
        ]
        if sum(s == HUMAN for s in self.seats) > 1:
            self.buttons.append(
                w.Button(
                    pygame.Rect(1000, 546, 230, 46),
                    self.tr("setup.edit_player", player=self._next_person() + 1),
                    self._switch,
                )
            )
        n = len(self.seats)
        width = (710 - 10 * (n - 1)) // n
        for p in range(n):
            rect = pygame.Rect(520 + p * (width + 10), 600, width, 46)
            self.buttons.append(w.Button(rect, self._seat_label(p), partial(self._toggle_seat, p)))
        self.buttons += w.go_and_back(
            (pygame.Rect(1000, 656, 230, 52), self.tr("setup.start"), self._start),
            (pygame.Rect(520, 656, 230, 52), self.tr("ui.back"), self.app.pop),
        )

    def _deal(self) -> Kit:
        if self.support:
            return random_kit(self.catalog, self.rng, self.rules, support=2, evolutions=True)
        return random_kit(self.catalog, self.rng, self.rules)

    def _quick(self) -> None:
        self.kits[self.editing] = self._deal()

    def _show_kit(self, p: int) -> None:
        self.editing = p
        self.hover = ("bakugan", self.kits[p].bakugan[0])

    def _next_person(self) -> int:
        """The person after the one whose kit is shown (round the table)."""
        humans = [p for p, s in enumerate(self.seats) if s == HUMAN]
        return ([p for p in humans if p > self.editing] or humans)[0]

    def _keep_showing_a_person(self) -> None:
        """A computer's kit is not edited here: show the first person's instead."""
        if self.editing >= len(self.seats) or self.seats[self.editing] != HUMAN:
            self._show_kit(next((p for p, s in enumerate(self.seats) if s == HUMAN), 0))

    def _redeal(self) -> None:
        """Every kit dealt again (their sizes or pieces changed)."""
        self.kits = [self._deal() for _ in self.seats]
        self._keep_showing_a_person()
        self._show_kit(self.editing)
        self._build()

    def _toggle_support(self) -> None:
        self.support = not self.support
        self._redeal()

    def _toggle_big(self) -> None:
        self.big = not self.big
        self._redeal()

    def _toggle_players(self) -> None:
        """2, 3, 4, then 2 again; the kits already chosen stay (their size does not
        depend on the count), a new seat is dealt one."""
        n = len(self.seats) + 1 if len(self.seats) < 4 else 2
        while len(self.seats) < n:
            self.seats.append(HUMAN if self.hotseat else "normal")
            self.kits.append(self._deal())
        del self.seats[n:]
        del self.kits[n:]
        self.first = min(self.first, n - 1)
        self._keep_showing_a_person()
        self._build()

    def _toggle_seat(self, p: int) -> None:
        order = (HUMAN, *LEVELS)
        self.seats[p] = order[(order.index(self.seats[p]) + 1) % len(order)]
        self._keep_showing_a_person()
        self._build()

    def _toggle_first(self) -> None:
        n = len(self.seats)
        self.first = -1 if self.first == n - 1 else self.first + 1
        self._build()

    def _switch(self) -> None:
        self._show_kit(self._next_person())
        self._build()

    def _start(self) -> None:
        rules = self.rules
        for kit in self.kits:
            assert not check_kit(kit, self.catalog, rules)
        humans = tuple(s == HUMAN for s in self.seats)
        levels = tuple(s if s != HUMAN else self.level for s in self.seats)
        first = self.first if self.first >= 0 else self.rng.randrange(len(self.seats))
        self.app.replace(
            MatchScene(
                self.app,
                self.kits,
                humans,
                first,
                seed=self.rng.randrange(1 << 30),
                level=self.level,
                settings=rules,
                levels=levels,
            )
        )

    def _cycle(self, kind: str, index: int, step: int) -> None:
        kit = self.kits[self.editing]
        # Cards come a colour at a time (the Big Game: two of each), all different.
        per = len(getattr(kit, kind)) // 3
        current = getattr(kit, kind)[index]
        taken = set(getattr(kit, kind)) - {current}
        if kind == "bakugan":
            pool = sorted(b for b, d in self.catalog.bakugan.items() if not d.evolved)
        elif kind == "gates":
            colour = list(GateColour)[index // per]
            pool = sorted(g for g, d in self.catalog.gates.items() if d.colour == colour)
        else:
            acolour = list(AbilityColour)[index // per]
            pool = sorted(a for a, d in self.catalog.abilities.items() if d.colour == acolour)
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
        from .. import art
        from .pieces import draw_piece_detail, piece_thumb

        surface.blit(art.table_felt(surface.get_size()), (0, 0))
        alone = sum(s == HUMAN for s in self.seats) == 1
        who = (
            self.tr("setup.your_kit")
            if alone and self.seats[self.editing] == HUMAN
            else self.tr("setup.player_kit", player=self.editing + 1)
        )
        w.fit_text(surface, who, pygame.Rect(60, 26, 440, 52), 44, w.ACCENT, shadow=True)
        w.paragraph(surface, self.tr("setup.hint"), pygame.Rect(60, 84, 440, 44), 19, w.MUTED, 0)
        kit = self.kits[self.editing]
        for kind, i, rect in self._slots():
            ident = getattr(kit, kind)[i]
            surface.blit(piece_thumb(self.catalog, kind, ident, rect.size, self.app.lang), rect)
            if self.hover == (kind, ident):
                pygame.draw.rect(surface, w.ACCENT, rect, 3, border_radius=8)
        detail = pygame.Rect(520, 40, 710, 440)
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
            w.paragraph(surface, line, pygame.Rect(60, 640, 440, 72), 19, w.INK, 0)
        for b in self.buttons:
            b.draw(surface, 22)
