"""What the match screen says to the person at it: how it names the players, what it
waits for, which keys do what now, why an Ability Card is dimmed, and where a
first-match hint points (and what it must leave in sight)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..controls import throw_keys
from . import hud

if TYPE_CHECKING:
    from .match import MatchScene

ATTRIBUTE_NAMES = ("pyrus", "aquos", "subterra", "haos", "darkus", "ventus")


def who(scene: MatchScene, p: int) -> str:
    """How the screen names player `p`: "You" against computers, else "Player N";
    a computer is "Computer" when alone, else "Computer N"."""
    if not scene.humans[p]:
        alone = sum(not h for h in scene.humans) == 1
        return scene.tr("match.ai") if alone else scene.tr("match.ai_n", player=p + 1)
    if scene.hotseat:
        return scene.tr("match.player", player=p + 1)
    return scene.tr("match.you")


def said(scene: MatchScene, key: str, p: int, **fields: object) -> str:
    """A call about player `p`: by his name, or in the second person when he is the
    one person playing (`key` + "_you")."""
    if scene.humans[p] and not scene.hotseat:
        return scene.tr(f"{key}_you", **fields)
    return scene.tr(key, name=scene.who(p), **fields)


def prompt(scene: MatchScene) -> str:
    """What the screen waits for, said to the right person, and only when it does."""
    if scene.session.over:
        return scene.tr("match.over")
    p = scene.session.actor()
    if p is None or scene.anims:
        return ""
    if not scene.humans[p]:
        return scene.tr("match.ai_thinking")
    if scene.viewer != p:
        return ""
    if scene.hotseat:
        return scene.tr("match.your_move", player=p + 1)
    return scene.tr("match.your_move_you")


def hint(scene: MatchScene) -> str:
    """The keys and clicks for what the person to act faces now."""
    s = scene.session.state
    p = scene.session.actor()
    if p is None or not scene.humans[p] or scene.anims or scene.viewer != p:
        return ""
    if scene.session.awaiting_throw():
        guide = scene.tr(f"settings.guide_{scene.aim_guide}")
        return scene.tr("hint.throw", guide=guide, **throw_keys(scene.app.settings.keys, scene.tr))
    if s.phase == "setup":
        return scene.tr("hint.setup")
    if scene.selected_gate:
        return scene.tr("hint.place")
    if scene.targets:
        return scene.tr("hint.target")
    if s.phase == "main":
        return scene.tr("hint.main")
    if s.phase == "own":
        return scene.tr("hint.own")
    if s.phase == "battle" and s.battle is not None:
        return (
            scene.tr("hint.attribute")
            if s.battle.window == "attribute"
            else scene.tr(f"hint.window_{s.battle.window}")
        )
    return ""


def param_text(scene: MatchScene, value: object) -> str:
    """A reason's parameter in the screen's language (timings, attributes)."""
    if isinstance(value, str) and ("," in value or value in ("before", "during", "after")):
        return ", ".join(scene.tr(f"timing.{t}") for t in str(value).split(","))
    if isinstance(value, str) and value in ATTRIBUTE_NAMES:
        return scene.tr(f"attr.{value}")
    return str(value)


def reason_text(scene: MatchScene, card: str) -> str:
    """Why the hovered Ability Card is dimmed (or that it would change nothing)."""
    viewer = scene.viewer
    if viewer is None or scene._busy():
        return ""
    reason = scene.view.ability_problem(viewer, card)
    if reason is None:
        return scene.tr("why.no_effect") if scene.wasted(card) else ""
    return scene.tr(
        f"why.{reason.code}", **{k: param_text(scene, v) for k, v in reason.params.items()}
    )


def offer_hint(scene: MatchScene) -> None:
    """The first-match hint for what the person faces now, once each (the choices
    are built first, so the hint can point at them)."""
    state = scene.session.state
    step = "throw" if scene.session.awaiting_throw() else state.phase
    scene.hints.offer(step)


def hint_target(scene: MatchScene, step: str) -> pygame.Rect:
    """The thing a hint talks about, on screen."""
    if step == "throw" and scene.throw_input is not None:
        sx, sy = scene.table_view.px(scene.throw_input.origin())
        return pygame.Rect(sx - 30, sy - 30, 60, 60)
    if step == "battle":
        return hud.BATTLE.copy()
    faces = [b.rect for b in scene.buttons if not b.ghost]
    cards = [rect for kind, _, rect, _ in scene._hand_items() if kind == "gates"]
    if step == "setup" and cards:
        return cards[0].unionall(cards[1:])
    if faces:
        return faces[0].unionall(faces[1:])
    return scene.side.rect()


def hint_clear(scene: MatchScene) -> tuple[pygame.Rect, ...]:
    """What a hint must leave in sight: the battle's card, the sphere to throw."""
    shot = scene.battle_shot_now()
    keep = [scene.card_rect(shot.slot).inflate(20, 20)] if shot is not None else []
    if scene.throw_input is not None:
        sx, sy = scene.table_view.px(scene.throw_input.origin())
        keep.append(pygame.Rect(sx - 40, sy - 40, 80, 80))
    return tuple(keep)
