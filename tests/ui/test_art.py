"""The code-drawn art: right sizes, visible pixels, distinct pieces, deterministic renders."""

from __future__ import annotations

import itertools
import math
import os
import subprocess
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.ui import art

ATTRS: tuple[str | None, ...] = (*art.ATTRIBUTES, None)
HAND_DRAWN = (
    "dragonoid",
    "tigrerra",
    "gorem",
    "preyas",
    "hydranoid",
    "skyress",
    "saurus",
    "centipoid",
    "serpenoid",
    "juggernoid",
    "stinglash",
    "mantris",
    "falconeer",
    "reaper",
    "laserman",
    "warius",
    "griffon",
    "elfin",
    "siege",
    "robotallion",
    "fear_ripper",
)


def _visible(s: pygame.Surface) -> int:
    """How many pixels are at least half opaque."""
    return int(pygame.mask.from_surface(s, 127).count())


def _raw(s: pygame.Surface) -> bytes:
    return pygame.image.tobytes(s, "RGBA")


def _mask_xor(a: pygame.Surface, b: pygame.Surface) -> int:
    ma = pygame.mask.from_surface(a, 127)
    mb = pygame.mask.from_surface(b, 127)
    return int(ma.count() + mb.count() - 2 * ma.overlap_area(mb, (0, 0)))


def test_palettes_cover_every_key() -> None:
    for table in (art.ATTRIBUTE_COLOURS, art.ATTRIBUTE_LIGHT, art.ATTRIBUTE_DARK):
        assert set(table) == set(ATTRS)
        for rgb in table.values():
            assert len(rgb) == 3 and all(0 <= c <= 255 for c in rgb)
    # (and "back": a face-down card whose colour the viewer may not know)
    assert set(art.GATE_FRAME) == {"gold", "silver", "bronze", "back"}
    back = art.gate_card("back", (62, 88), False)
    silver = art.gate_card("silver", (62, 88), False)
    assert pygame.image.tobytes(back, "RGBA") != pygame.image.tobytes(silver, "RGBA")
    assert set(art.ABILITY_COLOURS) == {"red", "blue", "green"}
    assert len(set(art.ATTRIBUTE_COLOURS.values())) == len(ATTRS)


def test_importing_does_not_initialise_pygame() -> None:
    code = (
        "import pygame, game.ui.art; assert not pygame.get_init(); "
        "assert not pygame.display.get_init()"
    )
    env = {**os.environ, "PYTHONPATH": os.getcwd()}
    subprocess.run([sys.executable, "-c", code], check=True, env=env, capture_output=True)


def test_font_is_cached_and_renders_cyrillic() -> None:
    f = art.font(18)
    assert f is art.font(18)
    assert isinstance(f, pygame.font.Font)
    text = f.render("Гнездовье драконов", True, (255, 255, 255))
    assert text.get_width() > 40 and _visible(text) > 0


@pytest.mark.parametrize("attribute", ATTRS)
@pytest.mark.parametrize("size", [12, 20, 48])
def test_attribute_symbol_size_and_pixels(attribute: str | None, size: int) -> None:
    s = art.attribute_symbol(attribute, size)
    assert s.get_size() == (size, size)
    assert s.get_flags() & pygame.SRCALPHA
    assert _visible(s) > size  # something drawn
    assert s.get_at((0, 0)).a < 128  # round, so the corner stays clear


def test_attribute_symbols_all_differ() -> None:
    for size in (16, 40):
        raws = {a: _raw(art.attribute_symbol(a, size)) for a in ATTRS}
        for a, b in itertools.combinations(ATTRS, 2):
            assert raws[a] != raws[b], (a, b, size)
    # the glyphs themselves differ, not only the disc colours: compare the white glyph masks
    masks = {}
    for a in art.ATTRIBUTES:
        s = art.attribute_symbol(a, 40)
        m = pygame.mask.from_threshold(s, (250, 250, 240, 255), (40, 40, 50, 255))
        masks[a] = m
        assert m.count() > 40, a
    for a, b in itertools.combinations(art.ATTRIBUTES, 2):
        ma, mb = masks[a], masks[b]
        assert ma.count() + mb.count() - 2 * ma.overlap_area(mb, (0, 0)) > 60, (a, b)


@pytest.mark.parametrize("attribute", ATTRS)
def test_closed_sphere(attribute: str | None) -> None:
    s = art.closed_sphere(attribute, 12, 0.0)
    assert s.get_size() == (24, 24)
    assert _visible(s) > 300  # ~ pi * 12^2 = 452
    assert s.get_at((0, 0)).a == 0
    assert _raw(art.closed_sphere(attribute, 12, 0.0)) == _raw(s)


def test_closed_sphere_spins() -> None:
    a = art.closed_sphere("pyrus", 12, 0.0)
    b = art.closed_sphere("pyrus", 12, 0.6)
    assert _raw(a) != _raw(b)
    # the seam pattern repeats every half turn, so angles wrap cleanly
    c = art.closed_sphere("pyrus", 12, 0.6 + math.pi)
    assert _raw(b) == _raw(c)
    big = art.closed_sphere("aquos", 30, 1.0)
    assert big.get_size() == (60, 60)


def test_every_species_is_hand_drawn_or_listed() -> None:
    assert set(HAND_DRAWN) <= set(art.SPECIES)


@pytest.mark.parametrize("species", HAND_DRAWN)
def test_open_bakugan_size_and_pixels(species: str) -> None:
    for size in (40, 56):
        s = art.open_bakugan(species, "pyrus", size)
        assert s.get_size() == (size, size)
        assert s.get_flags() & pygame.SRCALPHA
        assert _visible(s) > size * size // 12, (species, size)
        assert s.get_at((0, size - 1)).a == 0 or s.get_at((size - 1, size - 1)).a == 0


def test_open_bakugan_silhouettes_differ_pairwise() -> None:
    size = 48
    shapes = {name: art.open_bakugan(name, "aquos", size) for name in HAND_DRAWN}
    for a, b in itertools.combinations(HAND_DRAWN, 2):
        # silhouettes, not just colours: at least ~5% of the square differs in coverage
        assert _mask_xor(shapes[a], shapes[b]) > size * size // 20, (a, b)


def test_open_bakugan_attribute_changes_colour_not_shape() -> None:
    a = art.open_bakugan("dragonoid", "pyrus", 48)
    b = art.open_bakugan("dragonoid", "ventus", 48)
    assert _raw(a) != _raw(b)
    assert _mask_xor(a, b) < 48 * 48 // 50
    clear = art.open_bakugan("dragonoid", None, 48)
    assert _visible(clear) > 0


def test_fallback_species_is_deterministic() -> None:
    name = "zz_unknown_beast"
    assert name not in art.SPECIES
    first = _raw(art.open_bakugan(name, "haos", 48))
    art._open.cache_clear()
    again = art.open_bakugan(name, "haos", 48)
    assert _raw(again) == first
    assert again.get_size() == (48, 48) and _visible(again) > 48 * 48 // 20
    other = art.open_bakugan("zz_other_beast", "haos", 48)
    assert _raw(other) != first
    assert _mask_xor(again, other) > 48


def test_fallback_is_stable_across_processes() -> None:
    code = (
        "import hashlib, pygame; from game.ui import art; "
        "print(hashlib.sha256(pygame.image.tobytes(art.open_bakugan('zz_beast', 'darkus', 40), "
        "'RGBA')).hexdigest())"
    )
    env = {**os.environ, "PYTHONPATH": os.getcwd()}
    outs = set()
    for seed in ("1", "2"):
        env["PYTHONHASHSEED"] = seed
        run = subprocess.run(
            [sys.executable, "-c", code], check=True, env=env, capture_output=True, text=True
        )
        outs.add(run.stdout.strip().splitlines()[-1])
    assert len(outs) == 1


BONUS = {"pyrus": 200, "aquos": -50, "subterra": 0, "haos": 50, "darkus": -100, "ventus": 50}


@pytest.mark.parametrize("colour", ["gold", "silver", "bronze"])
@pytest.mark.parametrize("size", [(90, 127), (200, 283)])
def test_gate_card(colour: str, size: tuple[int, int]) -> None:
    back = art.gate_card(colour, size, False)
    face = art.gate_card(colour, size, True, BONUS, "Dragon Roost", "pyrus", art.font(16))
    for s in (back, face):
        assert s.get_size() == size
        assert _visible(s) > size[0] * size[1] * 0.9
    assert _raw(back) != _raw(face)


def test_gate_card_details_change_the_face() -> None:
    size = (200, 283)
    plain = art.gate_card("gold", size, True, BONUS)
    lit = art.gate_card("gold", size, True, BONUS, highlight="darkus")
    titled = art.gate_card("gold", size, True, BONUS, "Гнездовье драконов", font=art.font(22))
    other = art.gate_card("gold", size, True, {**BONUS, "pyrus": -50})
    blank = art.gate_card("gold", size, True)
    raws = [_raw(s) for s in (plain, lit, titled, other, blank)]
    assert len(set(raws)) == len(raws)
    assert _raw(art.gate_card("silver", size, False)) != _raw(art.gate_card("gold", size, False))


@pytest.mark.parametrize("colour", ["red", "blue", "green"])
def test_ability_card(colour: str) -> None:
    size = (90, 127)
    card = art.ability_card(colour, size, "Power Surge", "during", art.font(14))
    assert card.get_size() == size
    assert _visible(card) > size[0] * size[1] * 0.9
    dim = art.ability_card(colour, size, "Power Surge", "during", art.font(14), dimmed=True)
    assert dim.get_size() == size and _raw(dim) != _raw(card)
    bare = art.ability_card(colour, (200, 283))
    assert bare.get_size() == (200, 283) and _visible(bare) > 0


def test_ability_colours_differ_and_back() -> None:
    raws = {c: _raw(art.ability_card(c, (90, 127))) for c in ("red", "blue", "green")}
    assert len(set(raws.values())) == 3
    back = art.ability_back((90, 127))
    assert back.get_size() == (90, 127) and _visible(back) > 90 * 127 * 0.9


def test_table_felt() -> None:
    felt = art.table_felt((320, 180))
    assert felt.get_size() == (320, 180)
    assert _visible(felt) == 320 * 180
    centre = felt.get_at((160, 90))
    corner = felt.get_at((2, 2))
    assert sum(centre[:3]) > sum(corner[:3])  # vignette: lighter in the middle
    assert centre.g > centre.r and centre.b > centre.r  # blue-green felt
    art.table_felt.cache_clear()
    assert _raw(art.table_felt((320, 180))) == _raw(felt)


def test_burst_particles() -> None:
    ps = art.burst_particles(7, 40)
    assert len(ps) == 40
    assert ps == art.burst_particles(7, 40)
    assert ps != art.burst_particles(8, 40)
    for dx, dy, speed, life in ps:
        assert math.isclose(math.hypot(dx, dy), 1.0, rel_tol=1e-9)
        assert speed > 0 and life > 0
    ps.clear()  # callers get their own list
    assert len(art.burst_particles(7, 40)) == 40
    assert art.burst_particles(1, 0) == []
