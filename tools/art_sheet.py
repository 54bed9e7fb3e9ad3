"""Render every piece of game/ui/art.py onto a PNG contact sheet for a human to judge.

    SDL_VIDEODRIVER=dummy PYTHONPATH=. python tools/art_sheet.py [out.png] [--zoom N]

Writes the sheet (default /tmp/art_sheet.png) on the real table felt, so contrast against
the play mat is judged too, plus ``*_zoom.png``: the small, in-game sizes magnified N times
(default 3) without smoothing, to check pixel-level legibility.
"""

from __future__ import annotations

import math
import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.ui import art

ATTRS: tuple[str | None, ...] = (*art.ATTRIBUTES, None)
LABEL = (236, 240, 232)


def _label(dst: pygame.Surface, text: str, pos: tuple[int, int], size: int = 16) -> None:
    f = art.font(size, bold=False)
    dst.blit(f.render(text, True, (0, 0, 0)), (pos[0] + 1, pos[1] + 1))
    dst.blit(f.render(text, True, LABEL), pos)


def _sample_bonuses(i: int) -> dict[str, int]:
    vals = ((200, -50, 0, 50, -100, 50), (0, 100, -50, 0, 150, -100), (50, 0, 100, -50, 0, 0))
    return dict(zip(art.ATTRIBUTES, vals[i % 3], strict=True))


def build_main() -> pygame.Surface:
    W, H = 1720, 1560
    sheet = pygame.Surface((W, H), pygame.SRCALPHA)
    sheet.blit(art.table_felt((W, H)), (0, 0))
    x0, y = 24, 18
    _label(sheet, "attribute symbols: 14 / 20 / 32 / 64 px", (x0, y), 20)
    y += 28
    for i, a in enumerate(ATTRS):
        x = x0 + i * 180
        for sz, dx, dy in ((14, 0, 25), (20, 20, 22), (32, 46, 16), (64, 84, 0)):
            sheet.blit(art.attribute_symbol(a, sz), (x + dx, y + dy))
        _label(sheet, str(a or "clear"), (x, y + 68), 14)
    y += 96
    _label(
        sheet, "closed spheres: r=10 and r=12 at 4 angles, r=24, r=48; spin strip r=16", (x0, y), 20
    )
    y += 28
    for i, a in enumerate(ATTRS):
        x = x0 + i * 240
        for k in range(4):
            sheet.blit(art.closed_sphere(a, 10, k * 0.4), (x + k * 24, y))
            sheet.blit(art.closed_sphere(a, 12, k * 0.4), (x + k * 28, y + 26))
        sheet.blit(art.closed_sphere(a, 24, 0.3), (x + 116, y + 2))
        sheet.blit(art.closed_sphere(a, 48, 0.3), (x + 20, y + 58))
    for k in range(12):
        sheet.blit(art.closed_sphere("ventus", 16, k * math.pi / 12), (x0 + 1200 + k * 36, y + 160))
    y += 200
    _label(
        sheet, "open Bakugan at 48 px (in-game) and 96 px; last three are procedural", (x0, y), 20
    )
    y += 28
    names = [*art.SPECIES, "apollonir", "wormquake", "nemus"]
    cols = 8
    for i, name in enumerate(names):
        a = ATTRS[i % 6]
        x = x0 + (i % cols) * 210
        yy = y + (i // cols) * 124
        sheet.blit(art.open_bakugan(name, a, 48), (x, yy + 24))
        sheet.blit(art.open_bakugan(name, a, 96), (x + 54, yy))
        _label(sheet, name, (x, yy + 98), 14)
    y += 124 * math.ceil(len(names) / cols) + 4
    _label(
        sheet, "every attribute: dragonoid 56 px; tigrerra, hydranoid, reaper 40 px", (x0, y), 20
    )
    y += 26
    for i, a in enumerate(ATTRS):
        sheet.blit(art.open_bakugan("dragonoid", a, 56), (x0 + i * 62, y))
        sheet.blit(art.open_bakugan("tigrerra", a, 40), (x0 + 460 + i * 46, y + 8))
        sheet.blit(art.open_bakugan("hydranoid", a, 40), (x0 + 800 + i * 46, y + 8))
        sheet.blit(art.open_bakugan("reaper", a, 40), (x0 + 1140 + i * 46, y + 8))
    y += 70
    _label(
        sheet,
        "90x127 thumbnails: gate back / face; ability red, blue, green, dimmed, back; "
        "gate face without bonuses",
        (x0, y),
        20,
    )
    y += 26
    f_small = art.font(14)
    f_big = art.font(24)
    titles = ("Dragon Roost", "Гнездовье драконов", "Upside-Down World")
    for i, c in enumerate(("gold", "silver", "bronze")):
        x = x0 + i * 196
        sheet.blit(art.gate_card(c, (90, 127), False), (x, y))
        sheet.blit(
            art.gate_card(
                c, (90, 127), True, _sample_bonuses(i), titles[i], art.ATTRIBUTES[i], f_small
            ),
            (x + 96, y),
        )
    ax = x0 + 600
    for i, c in enumerate(("red", "blue", "green")):
        sheet.blit(
            art.ability_card(c, (90, 127), "Power Surge", "during", f_small), (ax + i * 96, y)
        )
    sheet.blit(
        art.ability_card("red", (90, 127), "Heavy Air", "before", f_small, dimmed=True),
        (ax + 3 * 96, y),
    )
    sheet.blit(art.ability_back((90, 127)), (ax + 4 * 96, y))
    sheet.blit(art.gate_card("gold", (90, 127), True), (ax + 5 * 96, y))
    y += 140
    _label(sheet, "200x283 faces", (x0, y), 20)
    y += 26
    x = x0
    for i, c in enumerate(("gold", "silver", "bronze")):
        sheet.blit(
            art.gate_card(
                c,
                (200, 283),
                True,
                _sample_bonuses(i),
                titles[i],
                art.ATTRIBUTES[(i + 3) % 6],
                f_big,
            ),
            (x, y),
        )
        x += 210
    sheet.blit(art.gate_card("gold", (200, 283), False), (x, y))
    x += 210
    for c, title, timing in (
        ("red", "Тяжёлый воздух", "before / during"),
        ("blue", "Running Start", "before"),
        ("green", "Ventus Gale Storm", "during"),
    ):
        sheet.blit(art.ability_card(c, (200, 283), title, timing, f_big), (x, y))
        x += 210
    sheet.blit(art.ability_card("blue", (200, 283), "Power Surge", "during", f_big, True), (x, y))
    y += 296
    _label(sheet, "burst particles (seed 7, 40) at 0.1 / 0.25 / 0.45 s; felt 320x180", (x0, y), 20)
    y += 26
    for j, t in enumerate((0.1, 0.25, 0.45)):
        cx, cy = x0 + 90 + j * 190, y + 90
        for ux, uy, speed, life in art.burst_particles(7, 40):
            if t >= life:
                continue
            r = max(1, round(4 * (1 - t / life)))
            pos = (cx + ux * speed * t, cy + uy * speed * t)
            pygame.draw.circle(sheet, (255, 226, 140), pos, r)
        sheet.blit(art.open_bakugan("dragonoid", "pyrus", 48), (cx - 24, cy - 24))
    sheet.blit(art.table_felt((320, 180)), (x0 + 620, y))
    return sheet


def build_zoom(k: int) -> pygame.Surface:
    """In-game sizes on felt, magnified ``k`` times with nearest-neighbour scaling."""
    W, H = 620, 300
    s = pygame.Surface((W, H), pygame.SRCALPHA)
    s.blit(art.table_felt((W, H)), (0, 0))
    for i, a in enumerate(ATTRS):
        s.blit(art.closed_sphere(a, 10, 0.2), (8 + i * 26, 8))
        s.blit(art.closed_sphere(a, 12, 0.2), (8 + i * 30, 32))
        s.blit(art.attribute_symbol(a, 14), (240 + i * 18, 8))
        s.blit(art.attribute_symbol(a, 20), (240 + i * 24, 30))
    for i, name in enumerate(art.SPECIES):
        a = ATTRS[i % 6]
        sz = 40 if i % 2 else 48
        s.blit(art.open_bakugan(name, a, sz), (8 + (i % 11) * 54, 64 + (i // 11) * 56))
    s.blit(
        art.gate_card(
            "gold", (90, 127), True, _sample_bonuses(0), "Dragon Roost", "pyrus", art.font(14)
        ),
        (8, 172),
    )
    s.blit(art.gate_card("silver", (90, 127), False), (104, 172))
    s.blit(art.ability_card("green", (90, 127), "Power Surge", "during", art.font(14)), (200, 172))
    return pygame.transform.scale(s, (W * k, H * k))


def main(argv: list[str]) -> int:
    out = "/tmp/art_sheet.png"
    zoom = 3
    args = list(argv)
    if "--zoom" in args:
        i = args.index("--zoom")
        zoom = int(args[i + 1])
        del args[i : i + 2]
    if args:
        out = args[0]
    pygame.init()
    sheet = build_main()
    pygame.image.save(sheet, out)
    root, ext = os.path.splitext(out)
    zpath = f"{root}_zoom{ext or '.png'}"
    pygame.image.save(build_zoom(zoom), zpath)
    print(out)
    print(zpath)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
