"""The score sheet after each deal (targets, caught, points, running totals) and the
final ranking, drawn over the Attack table; each returns its buttons."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rules.api import Result
from game.rules.attack import events as ev

from .. import widgets as w
from .art import seat_colour

if TYPE_CHECKING:
    from .table import AttackTableScene

SHEET = pygame.Rect(170, 110, 760, 430)


def _row(
    surface: pygame.Surface, y: int, cells: list[str], colour: tuple[int, int, int], size: int
) -> None:
    widths = (250, 110, 110, 110, 120)
    x = SHEET.x + 24
    for i, (cell, width) in enumerate(zip(cells, widths, strict=False)):
        box = pygame.Rect(x, y, width - 8, 30)
        w.fit_text(surface, cell, box, size, colour, "midleft" if i == 0 else "center")
        x += width


def draw_sheet(
    surface: pygame.Surface, scene: AttackTableScene, e: ev.DealScored
) -> list[w.Button]:
    w.panel(surface, SHEET, 248, w.ACCENT, overlay=True)
    title = pygame.Rect(SHEET.x + 24, SHEET.y + 16, SHEET.w - 48, 40)
    w.fit_text(surface, scene.tr("attack_ui.sheet_title", deal=e.deal), title, 34, w.ACCENT)
    house = scene.match.state.settings.house
    # standard rules: the points are the distance from the target now, the score
    # itself (no sum of anything: no Total column); the house variant: each deal's
    # penalty, and their total
    heads = [
        scene.tr("attack_ui.col_player"),
        scene.tr("attack_ui.col_target"),
        scene.tr("attack_ui.col_caught"),
        scene.tr("attack_ui.col_penalty" if house else "attack_ui.col_points"),
    ]
    if house:
        heads.append(scene.tr("attack_ui.col_total"))
    y = title.bottom + 12
    _row(surface, y, heads, w.MUTED, 22)
    for p in range(len(e.targets)):
        y += 36
        cells = [scene.name(p), str(e.targets[p]), str(e.caught[p]), str(e.points[p])]
        if house:
            cells.append(str(e.totals[p]))
        _row(surface, y, cells, seat_colour(p), 24)
    note = pygame.Rect(SHEET.x + 24, y + 44, SHEET.w - 48, 60)
    key = "attack_ui.sheet_note_house" if house else "attack_ui.sheet_note"
    w.paragraph(surface, scene.tr(key, end=scene.match.state.settings.end_score), note, 20, w.INK)
    button = w.Button(
        pygame.Rect(SHEET.centerx - 120, SHEET.bottom - 66, 240, 50),
        scene.tr("attack_ui.continue"),
        scene.continue_sheet,
        focused=True,
    )
    button.draw(surface)
    return [button]


def draw_final(surface: pygame.Surface, scene: AttackTableScene, e: ev.GameOver) -> list[w.Button]:
    w.panel(surface, SHEET, 250, w.ACCENT, overlay=True)
    title = pygame.Rect(SHEET.x + 24, SHEET.y + 16, SHEET.w - 48, 44)
    if len(e.winners) == 1:
        head = scene.text_of("attack_ui.winner", {"player": e.winners[0]})
    else:
        head = scene.text_of("attack_ui.shared_win", {"players": e.winners})
    w.fit_text(surface, head, title, 36, w.ACCENT)
    why = pygame.Rect(title.x, title.bottom + 2, title.w, 26)
    w.fit_text(surface, scene.tr(f"attack_ui.end.{e.reason}"), why, 20, w.MUTED)
    result = Result.by_scores(e.totals, lower_wins=True)
    score = "attack_ui.col_total" if scene.match.state.settings.house else "attack_ui.col_points"
    y = why.bottom + 14
    _row(
        surface,
        y,
        [
            scene.tr("attack_ui.col_player"),
            scene.tr("attack_ui.col_place"),
            "",
            "",
            scene.tr(score),
        ],
        w.MUTED,
        22,
    )
    for p in result.ranking:
        y += 36
        place = scene.tr("attack_ui.place", n=result.places[p] + 1)
        _row(surface, y, [scene.name(p), place, "", "", str(e.totals[p])], seat_colour(p), 24)
    button = w.Button(
        pygame.Rect(SHEET.centerx - 130, SHEET.bottom - 66, 260, 50),
        scene.tr(scene.leave_label),
        scene.leave,
        focused=True,
    )
    button.draw(surface)
    return [button]
