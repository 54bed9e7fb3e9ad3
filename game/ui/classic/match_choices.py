"""What the person to act may choose in a match, on screen: the buttons beside the table
(a page at a time, passing pinned at the bottom), the hand's cards as ghost buttons,
the places a chosen Gate Card may go, the cards on the table he may click, and what the
pointer hovers over.

Every choice comes from the rules core's legal actions, so nothing the rules forbid can
be clicked; the scene keeps the state (`selected_gate`, `targets`, `button_page`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.rules.classic import Action, MoveBakugan, Pass, PlayAbility, SetGate, TakeGate
from game.rules.classic.observation import observe

from .. import widgets as w
from . import hud
from .choices import BUTTON_KINDS, action_label

if TYPE_CHECKING:
    from .match import MatchScene

HandItem = tuple[str, str, pygame.Rect, bool]


def label(scene: MatchScene, a: Action) -> str:
    return action_label(a, scene.catalog, scene.app.lang, scene.tr, partial(place, scene))


def place(scene: MatchScene, slot: tuple[int, int]) -> tuple[str | None, str | None]:
    """The Gate Card at `slot` as the person at the screen sees it (its id, or None
    face down and not his: `observe`) and the Bakugan standing on it (the last come)."""
    viewer = scene.viewer if scene.viewer is not None else 0
    seen = observe(scene.session.state, viewer)
    card = next((g for g in seen.field if g.slot == slot), None)
    if card is None:
        return None, None
    other = card.standing[-1][1] if card.standing else None
    return card.gate, None if other is None else scene.catalog.bakugan[other].name.get(
        scene.app.lang
    )


def shown_choices(scene: MatchScene) -> list[Action]:
    """The choices shown as buttons (the cancel marker is Pass(-1))."""
    legal = scene.session.legal_actions()
    shown: list[Action] = list(scene.targets)
    if not shown:
        shown = [a for a in legal if isinstance(a, BUTTON_KINDS)]
    if scene.targets or scene.selected_gate:
        shown.append(Pass(-1))  # "cancel" marker
    return shown


def page_size(scene: MatchScene) -> int:
    ps = scene.view.players[scene.viewer] if scene.viewer is not None else None
    cards = len(ps.gates) + len(ps.abilities) if ps is not None else 0
    return scene.side.page_size(cards)


def build_buttons(scene: MatchScene) -> list[w.Button]:
    """The buttons for what the person to act may do now (none for anybody else)."""
    buttons: list[w.Button] = []
    p = scene.session.actor()
    if p is None or not scene.humans[p] or scene.session.awaiting_throw() or scene.viewer != p:
        return buttons
    for kind, ident, rect, playable in hand_items(scene):
        if playable and not scene.targets and scene.selected_gate is None:
            choose = partial(hand_choice, scene, kind, ident)
            buttons.append(w.Button(rect, ident, choose, ghost=True))
    for slot in slots_for_selected(scene):
        place = partial(_place, scene, slot)
        buttons.append(w.Button(scene.card_rect(slot), f"@{slot}", place, ghost=True))
    shown = shown_choices(scene)
    # Passing (or cancelling) stays in sight at the bottom; the other choices come a
    # page at a time when there are more than fit (the Big Game's six throws and
    # evolutions, a long list of moves).
    page = page_size(scene)
    pinned = [a for a in shown if isinstance(a, Pass)]
    choices = [a for a in shown if not isinstance(a, Pass)]
    pages = max(1, math.ceil(len(choices) / page))
    scene.button_page %= pages
    start = scene.button_page * page
    rows: list[tuple[str, Callable[[], None], int | None]] = []
    for choice in choices[start : start + page]:
        rows.append((label(scene, choice), partial(scene.do, choice), None))
    if pages > 1:
        more = scene.tr("ui.more_choices", page=scene.button_page + 1, pages=pages)
        rows.append((more, scene._next_page, None))
    for passing in pinned:
        if passing.player == -1:
            rows.append((scene.tr("ui.cancel"), scene._cancel, None))
        else:
            rows.append((label(scene, passing), partial(scene.do, passing), pygame.K_p))
    for rect, (text, fn, key) in zip(scene.side.button_rects(len(rows)), rows, strict=True):
        buttons.append(w.Button(rect, text, fn, key=key))
    return buttons


def hand_items(scene: MatchScene) -> list[HandItem]:
    """The viewer's Gate and Ability Cards in hand: (kind, id, rect, playable now)."""
    viewer = scene.viewer
    if viewer is None or not scene.side.open:
        return []
    ps = scene.view.players[viewer]
    # (lit under a hint too: the hint talks about the lit cards)
    legal = scene.session.legal_actions() if not scene.anims and not scene.curtain.down else []
    mine = scene.session.actor() == viewer and scene.humans[viewer]
    rects = scene.side.card_rects(len(ps.gates), len(ps.abilities), page_size(scene) + 2)
    out: list[HandItem] = []
    for g, rect in zip(ps.gates, rects, strict=False):
        ok = mine and any(isinstance(a, SetGate) and a.gate == g for a in legal)
        out.append(("gates", g, rect, ok))
    for c, rect in zip(ps.abilities, rects[len(ps.gates) :], strict=False):
        ok = mine and any(isinstance(a, PlayAbility) and a.card == c for a in legal)
        out.append(("abilities", c, rect, ok))
    return out


def hand_choice(scene: MatchScene, kind: str, ident: str) -> None:
    """A playable card in hand was chosen: a Gate Card to place, an Ability to play."""
    legal = scene.session.legal_actions()
    if kind == "gates":
        sets = [a for a in legal if isinstance(a, SetGate) and a.gate == ident]
        if len({a.slot for a in sets}) == 1:
            scene.do(sets[0])
        else:
            scene.selected_gate = ident
            scene._invalidate()
        return
    plays = [a for a in legal if isinstance(a, PlayAbility) and a.card == ident]
    if len(plays) == 1:
        scene.do(plays[0])
    else:
        scene.targets = list(plays)
        scene._invalidate()


def _place(scene: MatchScene, slot: tuple[int, int]) -> None:
    p = scene.session.actor()
    if p is not None and scene.selected_gate is not None:
        scene.do(SetGate(p, scene.selected_gate, slot))


def slots_for_selected(scene: MatchScene) -> list[tuple[int, int]]:
    """Where the Gate Card chosen in hand may be set."""
    if scene.selected_gate is None:
        return []
    return [
        a.slot
        for a in scene.session.legal_actions()
        if isinstance(a, SetGate) and a.gate == scene.selected_gate
    ]


def table_choices(scene: MatchScene) -> list[Action]:
    """What the person to act may click on the table now (taking, moving)."""
    p = scene.session.actor()
    if p is None or not scene.humans[p] or scene._busy() or scene.viewer != p:
        return []
    return scene.session.legal_actions()


def click(scene: MatchScene, pos: tuple[int, int]) -> None:
    """A click on the table: on a Gate Card to take it or move onto it."""
    p = scene.session.actor()
    if p is None or not scene.humans[p]:
        return
    # Hand cards and glowing places are ghost buttons (so keys and pads reach them
    # too); here only a click on a Gate Card to take it or move onto it remains.
    for a in scene.session.legal_actions():
        if isinstance(a, TakeGate | MoveBakugan) and scene.card_rect(a.slot).collidepoint(pos):
            scene.do(a)
            return


def hover(scene: MatchScene, pos: tuple[int, int]) -> None:
    """What the pointer is over: a player's chip, a card in hand, a card on the table
    the viewer may see."""
    scene.hover_piece = None
    scene.hover_rect = None
    scene.hover_chip = None
    for i, rect in enumerate(hud.chip_rects(len(scene.humans), scene.bar_edge())):
        if rect.collidepoint(pos):
            scene.hover_chip = scene.view.seating[i]
            return
    if scene.side.open:
        for kind, ident, rect, _ in hand_items(scene):
            if rect.collidepoint(pos):
                scene.hover_piece, scene.hover_rect = (kind, ident), rect
        if scene.side.rect().collidepoint(pos):
            return
    shot = scene.battle_shot_now()
    for slot, fg in scene.view.field.items():
        rect = scene.card_rect(slot)
        if rect.collidepoint(pos):
            face_up = shot is not None and shot.slot == slot and shot.gate_open
            if face_up or scene.sees(fg.owner):
                scene.hover_piece, scene.hover_rect = ("gates", fg.gate), rect
