"""What a level in play shows: the board as the throw rolls, the aim, the side panel
(targets, throws and spheres left, the clock, the score, the power meter, the keys,
the notes) and the result with what the next star needs."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.challenges import KNOCK, LAND, LevelDef
from game.challenges.scoring import (
    PRECISION_POINTS,
    SECOND_POINTS,
    SPARE_POINTS,
    Score,
    min_throws,
)
from game.physics import DT

from .. import aim_guide, miss_mark, text_fit
from .. import widgets as w
from ..controls import throw_keys
from .board import BAD, GOOD, RGB, SIDE, TABLE_AREA, art_attribute, draw_stars, draw_stars_need

if TYPE_CHECKING:
    from .play import ChallengeScene


def draw_board(scene: ChallengeScene, surface: pygame.Surface) -> None:
    art_ = scene.art
    attempt = scene.attempt
    level = attempt.level
    t = scene.clock_time()
    pulse = 0.5 + 0.5 * math.sin(scene.t * 5)
    art_.draw_table(surface)
    met = {i for i, b in enumerate(attempt.bonuses) if b is not None}
    nxt = set(attempt.open_targets()) if not scene.finished else set()
    met_cards: set[str] = set()
    next_cards: set[str] = set()
    for i, target in enumerate(level.targets):
        key = target.card if target.kind == LAND else None
        if target.kind == KNOCK and target.rival is not None:
            key = level.rival(target.rival).on
        if key is None:
            continue
        if i in met and target.kind == LAND:
            met_cards.add(key)
        if i in nxt:
            next_cards.add(key)
    art_.draw_paths(surface)
    art_.draw_zones(surface, met, nxt, scene.t)
    art_.draw_cards(surface, t, met_cards, next_cards, pulse)
    art_.draw_pieces(surface, t, scene.flash)
    art_.draw_standing(surface, attempt, t)
    roll = scene.roll
    if len(scene.trail) > 1:
        pygame.draw.lines(surface, (255, 255, 255), False, scene.trail, 1)
    rivals_drawn = False
    if roll is not None:
        for ident, track in roll.result.tracks:
            if not len(track):
                continue
            if roll.t > track.duration + DT and ident != roll.result.sphere_id:
                rest = {str(r.id): r for r in roll.result.rivals}.get(str(ident))
                if rest is not None and rest.position is None:
                    continue
            if ident == roll.result.sphere_id:
                if roll.t > track.duration + DT and roll.result.landing.reason == "off_table":
                    continue
                s = level.spheres[roll.sphere]
                x, y, a = track.at(roll.t)
                art_.draw_sphere(surface, (x, y), s.radius, s.attribute, a, False)
            else:
                lr = level.rival(str(ident))
                x, y, a = track.at(roll.t)
                art_.draw_sphere(surface, (x, y), lr.rival.radius, lr.attribute, a, True)
        rivals_drawn = True
    if not rivals_drawn:
        for lr in level.rivals:
            pos, angle = attempt.rivals[lr.id]
            if pos is not None:
                art_.draw_sphere(surface, pos, lr.rival.radius, lr.attribute, angle, True)
    for x, y, _, _, life in scene.particles:
        pygame.draw.circle(surface, (255, 230, 140), (int(x), int(y)), max(1, int(4 * life / 0.6)))
    if scene.gone is not None and roll is None:  # where the last throw's miss went
        radius = art_.view.length(scene.aim.radius)
        miss_mark.draw(surface, scene.gone, art_.view.px, radius, 0.5 + 0.5 * math.sin(scene.t * 9))
    if roll is None and not scene.finished:
        draw_aim(scene, surface)


def draw_aim(scene: ChallengeScene, surface: pygame.Surface) -> None:
    aim = scene.aim
    v = scene.art.view
    sx, sy = v.px(aim.origin())
    length = 50 + 150 * aim.power
    ex = sx + math.cos(aim.angle) * length
    ey = sy - math.sin(aim.angle) * length
    pygame.draw.line(surface, (255, 220, 120), (sx, sy), (int(ex), int(ey)), 3)
    head = [
        (ex, ey),
        (ex - 12 * math.cos(aim.angle - 0.4), ey + 12 * math.sin(aim.angle - 0.4)),
        (ex - 12 * math.cos(aim.angle + 0.4), ey + 12 * math.sin(aim.angle + 0.4)),
    ]
    pygame.draw.polygon(surface, (255, 220, 120), head)
    if aim_guide.shows(scene.guide) and aim.throws():
        ring = v.length(scene.aim.radius)
        aim_guide.draw(surface, scene.preview_path(), scene.guide, ring)
    aim.draw_pull(surface, (255, 220, 120))
    sphere = scene.attempt.sphere()
    if sphere is not None:
        scene.art.draw_sphere(
            surface, aim.origin(), sphere.radius, sphere.attribute, aim.spin * 2, False
        )
    if scene.refused > 0:
        w.text(
            surface, scene.tr("challenge.refused"), (sx, sy - 40), 22, BAD, "center", shadow=True
        )


def draw_side(scene: ChallengeScene, surface: pygame.Surface) -> None:
    from .. import art

    level = scene.attempt.level
    lang = scene.app.lang
    attempt = scene.attempt
    w.panel(surface, SIDE, 225)
    x = SIDE.x + 18
    y = SIDE.y + 14
    if scene.number:
        w.text(surface, scene.tr("challenge.level_n", n=scene.number), (x, y), 22, w.MUTED)
        y += 24
    w.fit_text(surface, level.name.get(lang), pygame.Rect(x, y, SIDE.w - 36, 40), 36, w.ACCENT)
    y += 44
    y = w.paragraph(surface, level.hint.get(lang), pygame.Rect(x, y, SIDE.w - 36, 70), 20, w.INK)
    y += 8
    heading = scene.tr("challenge.targets")
    if len(level.targets) > 1:
        order = "challenge.in_order" if level.order != "any" else "challenge.any_order"
        heading = f"{heading} · {scene.tr(order)}"
    w.text(surface, heading, (x, y), 24, w.ACCENT)
    y += 32
    nxt = set(attempt.open_targets())
    for i in range(len(level.targets)):
        done = attempt.bonuses[i] is not None
        colour = GOOD if done else (w.INK if i in nxt else w.MUTED)
        line = target_text(scene, i)
        pygame.draw.rect(surface, colour, pygame.Rect(x, y + 4, 14, 14), 0 if done else 2, 3)
        y = w.paragraph(surface, line, pygame.Rect(x + 24, y, SIDE.w - 60, 48), 21, colour) + 2
    y += 10
    w.text(surface, scene.tr("challenge.throws_left", n=attempt.throws_left), (x, y), 24)
    y += 32
    for i, s in enumerate(level.spheres):
        c = (x + 16 + i * 36, y + 14)
        img = art.closed_sphere(art_attribute(s.attribute), 13, 0.0)
        img = img.copy()
        if i in attempt.standing_spheres:
            img.set_alpha(70)
        elif i in attempt.used:
            img.set_alpha(140)
        surface.blit(img, img.get_rect(center=c))
        if attempt.sphere_index() == i and not scene.finished:
            pygame.draw.circle(surface, w.ACCENT, c, 16, 2)
    y += 40
    left = attempt.seconds_left()
    if left is not None:
        colour = BAD if left < 10 else w.INK
        w.text(
            surface,
            scene.tr("challenge.time_left", seconds=math.ceil(left)),
            (x, y),
            24,
            colour,
        )
    else:
        w.text(
            surface,
            scene.tr("challenge.clock", seconds=int(attempt.seconds)),
            (x, y),
            22,
            w.MUTED,
        )
    y += 32
    score = attempt.score()
    w.text(surface, scene.tr("challenge.score", score=score.total), (x, y), 28, w.ACCENT)
    draw_stars_need(surface, scene.tr, level, (x, y + 34))
    # power meter and spin
    meter = pygame.Rect(x, SIDE.bottom - 156, SIDE.w - 36, 14)
    pygame.draw.rect(surface, (30, 30, 40), meter, border_radius=6)
    fill = meter.copy()
    fill.w = int(meter.w * scene.aim.power)
    p = scene.aim.power
    colour = (90, 220, 120) if p < 0.7 else (255, 180, 60) if p < 0.9 else (255, 80, 60)
    pygame.draw.rect(surface, colour, fill, border_radius=6)
    w.text(
        surface,
        scene.tr("challenge.meter", power=int(p * 100), spin=f"{scene.aim.spin:+.1f}"),
        (x, meter.bottom + 4),
        20,
    )
    keys = throw_keys(scene.app.settings.keys, scene.tr)
    y = w.paragraph(
        surface,
        scene.tr("challenge.keys", **keys),
        pygame.Rect(x, SIDE.bottom - 110, SIDE.w - 36, 46),
        18,
        w.MUTED,
    )
    w.paragraph(
        surface,
        scene.tr("challenge.keys_keyboard", **keys),
        pygame.Rect(x, y + 2, SIDE.w - 36, 46),
        18,
        w.MUTED,
    )
    for (line, colour, life), rect in zip(shown_notes(scene), note_rects(scene), strict=True):
        # A note as wide as the table at most (a long file name shrinks it).
        room = pygame.Rect(0, 0, TABLE_AREA.w - 48, 36)
        img = w.render(line, w.fitted_size(line, room, 30), colour)
        img = img.copy()
        img.set_alpha(int(255 * min(1.0, life * 2)))
        rect = img.get_rect(center=rect.center)
        text_fit.record(line, rect, TABLE_AREA, surface)
        back = rect.inflate(24, 10)
        box = pygame.Surface(back.size, pygame.SRCALPHA)
        box.fill((0, 0, 0, int(150 * min(1.0, life * 2))))
        surface.blit(box, back)
        surface.blit(img, rect)


NOTE_H = 40  # px from one note's line to the next


def shown_notes(scene: ChallengeScene) -> list[tuple[str, RGB, float]]:
    """The notes over the table now: the last three (none once the attempt is over)."""
    return [] if scene.finished else scene.notes[-3:]


def note_rects(scene: ChallengeScene) -> list[pygame.Rect]:
    """Where the notes lie (each with its backing): across the top of the table, or
    across its foot when the top would hide where a missed sphere went."""
    notes = shown_notes(scene)
    cx = scene.art.view.rect.centerx
    rects = [pygame.Rect(0, 0, TABLE_AREA.w - 24, 46) for _ in notes]
    for i, rect in enumerate(rects):
        rect.center = (cx, 60 + i * NOTE_H)
    mark = scene.gone
    if mark is not None and rects:
        at = scene.art.view.px(mark.edge or mark.rest)
        reach = miss_mark.EXTENT
        if any(r.inflate(2 * reach, 2 * reach).collidepoint(at) for r in rects):
            for i, rect in enumerate(rects):
                rect.center = (cx, TABLE_AREA.bottom - 44 - (len(rects) - 1 - i) * NOTE_H)
    return rects


def target_text(scene: ChallengeScene, i: int) -> str:
    level = scene.attempt.level
    target = level.targets[i]
    marks = scene.art.marks
    if target.kind == LAND:
        return scene.tr("challenge.target_land", mark=marks.cards.get(target.card or "", "?"))
    if target.kind == KNOCK:
        lr = level.rival(target.rival or "")
        mark = marks.cards.get(lr.on or "", "?")
        return scene.tr(
            "challenge.target_knock", attribute=scene.tr(f"attr.{lr.attribute}"), mark=mark
        )
    return scene.tr("challenge.target_zone", mark=marks.zones.get(i, "?"))


def draw_result(scene: ChallengeScene, surface: pygame.Surface) -> None:
    level = scene.attempt.level
    score = scene.attempt.score()
    w.dim(surface, 150)
    box = scene.result_box()
    w.panel(surface, box, 245, w.ACCENT if score.complete else (200, 110, 90), overlay=True)
    cx = box.centerx
    title = scene.tr("challenge.complete" if score.complete else "challenge.failed")
    w.text(
        surface,
        title,
        (cx, box.y + 22),
        50,
        w.ACCENT if score.complete else BAD,
        "midtop",
        shadow=True,
    )
    y = box.y + 76
    if not score.complete:
        why = (
            "challenge.fail_time"
            if scene.attempt.out_of_time
            else "challenge.fail_spheres"
            if scene.attempt.sphere() is None and scene.attempt.throws_left
            else "challenge.fail_throws"
        )
        w.text(surface, scene.tr(why), (cx, y), 24, w.INK, "midtop")
        y += 30
    draw_stars(surface, (cx, y + 34), score.stars, 30, 78)
    y += 80
    rows = [
        (
            scene.tr("challenge.part_targets", met=score.targets_met, total=score.targets_total),
            score.target_points,
        ),
        (scene.tr("challenge.part_precision"), score.precision),
    ]
    if score.complete:
        rows.append((scene.tr("challenge.part_spare", n=score.spare_throws), score.spare_points))
        if level.time is not None:
            rows.append((scene.tr("challenge.part_time", n=score.seconds_left), score.time_points))
    for label, points in rows:
        w.text(surface, label, (box.x + 60, y), 24, w.INK)
        w.text(surface, f"{points:+d}", (box.right - 60, y), 24, w.INK, "topright")
        y += 30
    pygame.draw.line(surface, w.PANEL_EDGE, (box.x + 60, y + 2), (box.right - 60, y + 2), 2)
    y += 10
    w.text(surface, scene.tr("challenge.total"), (box.x + 60, y), 30, w.ACCENT)
    w.text(surface, str(score.total), (box.right - 60, y), 30, w.ACCENT, "topright")
    y += 40
    if scene.progress is not None:
        best = max(scene.record_before, score.total)
        label = (
            scene.tr("challenge.new_best")
            if scene.new_best
            else scene.tr("challenge.best", score=best)
        )
        w.text(surface, label, (cx, y), 24, GOOD if scene.new_best else w.MUTED, "midtop")
        y += 30
    need = score.next_star(level)
    if not score.complete:
        advice = scene.tr("challenge.need_complete")
    elif need is None:
        advice = scene.tr("challenge.all_stars")
    else:
        advice = scene.tr("challenge.next_star", need=need, more=need - score.total)
        advice += " " + scene.tr(f"challenge.advice_{star_advice(level, score, need)}")
    w.paragraph(surface, advice, pygame.Rect(box.x + 40, y, box.w - 80, 90), 21, w.INK)
    for b in scene.buttons:
        b.draw(surface, 24)


def star_advice(level: LevelDef, score: Score, need: int) -> str:
    """Which change alone would earn the next star: "throw" (one throw fewer),
    "precision" (cleaner opens), "time" (quicker), else "general"."""
    more = need - score.total
    used = level.throws - score.spare_throws
    if used > min_throws(level) and more <= SPARE_POINTS:
        return "throw"
    if score.targets_total * PRECISION_POINTS - score.precision >= more:
        return "precision"
    if level.time is not None and level.time * SECOND_POINTS - score.time_points >= more:
        return "time"
    return "general"
