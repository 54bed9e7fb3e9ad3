"""The match screen's buttons, built from what the person at the screen may do (the
`Offer`), and the screen's status for tests and xplay.

Every choice is a button, so the keyboard (Up / Down / Tab, Enter) and a controller
reach all of them: Pass, no Energy, pay for a Flip or let it go, the Bakugan to roll,
the cores to place; and ghost buttons over the cards they stand for (a usable card in
hand, a Character to roll, a glowing place of the Matrix), which the mouse clicks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.rules.planet import Action

from .. import widgets as w
from ..status import button_rows
from .board import CARD_W
from .choices import play_words
from .words import core_label

if TYPE_CHECKING:
    from .match import PlanetMatchScene

BUTTON_W, BUTTON_H, GAP = 168, 38, 8


def hand_rows(rect: pygame.Rect, count: int) -> list[pygame.Rect]:
    """Where the hand's rows are drawn (panels.draw_hand draws them the same way)."""
    step = min(40, (rect.h - 32) // max(1, count))
    return [
        pygame.Rect(rect.x + 8, rect.y + 30 + i * step, rect.w - 16, step - 4) for i in range(count)
    ]


def character_rect(area: pygame.Rect, slot: int) -> pygame.Rect:
    return pygame.Rect(area.x + 8 + slot * (CARD_W + 10), area.y + 26, CARD_W, 132)


def build_buttons(scene: PlanetMatchScene) -> list[w.Button]:
    from .layout import CHOICES, HAND, SIDE_TOP, side_bottom

    tr = scene.tr
    o = scene.offer()
    obs = scene.observation()
    items: list[tuple[str, Callable[[], None], int | None]] = []

    def act(a: Action) -> Callable[[], None]:
        return lambda: scene.act(a)

    ghosts: list[w.Button] = []
    if o is not None:
        if scene.card is not None and scene.card in o.by_card:
            for a in o.by_card[scene.card][:6]:
                items.append((play_words(a, obs, scene.name, tr), act(a), None))
            items.append((tr("planet_ui.cancel"), scene.cancel_choice, None))
        else:
            if o.passing is not None:
                items.append((tr("planet_ui.pass"), act(o.passing), pygame.K_p))
            if o.no_energy is not None:
                items.append((tr("planet_ui.no_energy"), act(o.no_energy), None))
            if True in o.flip:
                cost = scene.match.state.flip_price()
                items.append((tr("planet_ui.flip_pay", cost=cost), act(o.flip[True]), None))
            if False in o.flip:
                items.append((tr("planet_ui.flip_let"), act(o.flip[False]), None))
            for character, pick in o.by_character.items():
                items.append(
                    (tr("planet_ui.roll_it", bakugan=scene.name(character)), act(pick), None)
                )
            items.extend(_core_items(scene, list(o.by_core)))
        hand = obs.side(obs.viewer).hand or ()
        choosing = scene.card is not None  # the ways to play it, or Cancel: nothing else
        for card, place in zip(hand, hand_rows(HAND, len(hand)), strict=True):
            if card in o.by_card and not choosing:
                ghosts.append(_ghost(place, card, _use(scene, card)))
        area = side_bottom(scene.floor) if obs.viewer == 0 else SIDE_TOP
        for slot, b in enumerate(obs.side(obs.viewer).bakugan):
            if b.character in o.by_character:
                pick = o.by_character[b.character]
                ghosts.append(_ghost(character_rect(area, slot), b.character, act(pick)))
        if scene.core is not None and scene.core in o.by_core:
            layout = scene.match.session.layout
            radius = max(8, scene.view.length(20.0))
            for a in o.by_core[scene.core]:
                r = pygame.Rect(0, 0, radius * 2, radius * 2)
                r.center = scene.view.px(layout.core_centre(a.hex))
                ghosts.append(_ghost(r, f"@{a.hex[0]},{a.hex[1]}", act(a)))
    items.append((tr("planet_ui.rules"), scene.open_rules, None))
    items.append((tr("planet_ui.menu"), scene.open_pause, None))
    buttons = []
    for i, (label, fn, key) in enumerate(items[-10:]):
        col, row = i % 2, i // 2
        rect = pygame.Rect(
            CHOICES.x + col * (BUTTON_W + GAP), CHOICES.y + row * (BUTTON_H + 2), BUTTON_W, BUTTON_H
        )
        button = w.Button(rect, label, fn, key=key)
        if key == pygame.K_p:  # Pass stands out: the batch waits on it
            button.colour = (150, 100, 30)
        buttons.append(button)
    if scene.core is not None:  # the core picked stays marked while its place is chosen
        picked = core_words(scene, scene.core)
        for button in buttons:
            if button.label == picked:
                button.chosen = True
                break
    return ghosts + buttons


def _ghost(rect: pygame.Rect, ident: str, fn: Callable[[], None]) -> w.Button:
    return w.Button(rect, ident, fn, ghost=True, data={"ident": ident})


def _use(scene: PlanetMatchScene, card: str) -> Callable[[], None]:
    return lambda: scene.use_card(card)


def core_words(scene: PlanetMatchScene, core: str) -> str:
    kind = scene.tr(f"planet_demo.core_{scene.catalog.cores[core].type.value}")
    return f"{kind}: {core_label(scene.catalog, core, scene.tr, short=True)}"


Item = tuple[str, Callable[[], None], int | None]


def _core_items(scene: PlanetMatchScene, offered: list[str]) -> list[Item]:
    """The cores to place. Against the computer: choose one, then its place. Hot-seat,
    behind his curtain: each click adds a core to his order (the first goes down
    now); in the open (his next ordered core): no core named, only Change my order."""
    tr = scene.tr
    p = scene.person()
    if not scene.match.hotseat or p is None:
        return [(core_words(scene, c), _choose_core(scene, c), None) for c in sorted(offered)]
    if scene.public == p:
        return [(tr("planet_ui.change_order"), _change_order(scene, p), None)]
    supply = scene.match.state.sides[p].supply
    out: list[Item] = [
        (core_words(scene, c), _order_core(scene, p, c), None)
        for c in scene.plans.unordered(p, supply)
    ]
    if scene.plans.waiting(p):
        out.append((tr("planet_ui.undo_core"), _undo_core(scene, p), None))
    return out


def _choose_core(scene: PlanetMatchScene, core: str) -> Callable[[], None]:
    def choose() -> None:
        scene.core = core
        scene._dirty = True

    return choose


def _order_core(scene: PlanetMatchScene, player: int, core: str) -> Callable[[], None]:
    def order() -> None:
        scene.plans.add(player, core)
        scene.core = scene.plans.next(player)
        scene._dirty = True

    return order


def _undo_core(scene: PlanetMatchScene, player: int) -> Callable[[], None]:
    def undo() -> None:
        scene.plans.undo(player)
        scene.core = scene.plans.next(player)
        scene._dirty = True

    return undo


def _change_order(scene: PlanetMatchScene, player: int) -> Callable[[], None]:
    def change() -> None:  # his curtain comes back (the next frame), the order anew
        scene.plans.clear(player)
        scene.public = scene.core = None
        scene._dirty = True

    return change


def status_of(scene: PlanetMatchScene) -> dict[str, object]:
    """What the match screen shows, for a test or xplay driving it from outside."""
    app = scene.app
    match = scene.match
    out: dict[str, object] = {
        "to_act": scene.person(),
        "phase": match.state.phase.value,
        "turn": match.state.turn,
        "over": match.over,
        "winner": match.winner,
        "rolling": scene.anim is not None,
    }
    if scene.shows:
        out["showing"] = scene.shows[0].kind
    if scene.curtain.down:
        out["curtain"] = scene.curtain.down_for
        return out
    out["buttons"] = button_rows(app, scene.buttons, enabled_only=True)
    p = scene.person()
    if p is not None and p in scene.aims:
        aim = scene.aims[p]
        out["sphere_px"] = app.to_window(aim.sphere_px())
        sx, sy = aim.sphere_px()
        bx, by = aim.back()
        far = app.to_window((sx + bx * 100, sy + by * 100))
        near = app.to_window((sx, sy))
        length = max(1e-6, ((far[0] - near[0]) ** 2 + (far[1] - near[1]) ** 2) ** 0.5)
        out["back_px"] = [(far[0] - near[0]) / length, (far[1] - near[1]) / length]
    if scene.message:
        out["message"] = scene.message
    return out


__all__ = ["build_buttons", "character_rect", "hand_rows", "status_of"]
