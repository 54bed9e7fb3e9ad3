"""The art's colours: per attribute, per Gate Card metal, per Ability Card, the felt.

Every table has an entry for each of the six attributes and for None (a clear Bakugan,
no attribute of its own); `attr_key` maps anything else to None.
"""

from __future__ import annotations

from collections.abc import Sequence

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]
Point = tuple[float, float]

ATTRIBUTES: tuple[str, ...] = ("pyrus", "aquos", "subterra", "haos", "darkus", "ventus")

ATTRIBUTE_COLOURS: dict[str | None, RGB] = {
    "pyrus": (236, 66, 34),
    "aquos": (36, 130, 238),
    "subterra": (186, 110, 46),
    "haos": (248, 210, 50),
    "darkus": (138, 60, 204),
    "ventus": (46, 186, 84),
    None: (212, 220, 230),
}
ATTRIBUTE_LIGHT: dict[str | None, RGB] = {
    "pyrus": (255, 162, 74),
    "aquos": (138, 204, 255),
    "subterra": (236, 174, 106),
    "haos": (255, 248, 182),
    "darkus": (204, 140, 250),
    "ventus": (156, 238, 130),
    None: (252, 253, 255),
}
ATTRIBUTE_DARK: dict[str | None, RGB] = {
    "pyrus": (136, 24, 14),
    "aquos": (16, 56, 142),
    "subterra": (98, 52, 20),
    "haos": (168, 114, 12),
    "darkus": (56, 18, 92),
    "ventus": (16, 94, 40),
    None: (124, 134, 150),
}
ATTRIBUTE_ACCENT: dict[str | None, RGB] = {
    "pyrus": (255, 216, 72),
    "aquos": (214, 242, 255),
    "subterra": (248, 216, 150),
    "haos": (255, 142, 36),
    "darkus": (232, 52, 100),
    "ventus": (226, 250, 150),
    None: (168, 214, 242),
}
ATTRIBUTE_HORN: dict[str | None, RGB] = {
    "pyrus": (246, 232, 196),
    "aquos": (240, 236, 214),
    "subterra": (244, 230, 196),
    "haos": (228, 146, 38),
    "darkus": (222, 214, 236),
    "ventus": (242, 236, 200),
    None: (236, 244, 252),
}
ATTRIBUTE_EYE: dict[str | None, RGB] = {
    "pyrus": (255, 244, 130),
    "aquos": (210, 255, 255),
    "subterra": (255, 226, 96),
    "haos": (236, 66, 30),
    "darkus": (255, 64, 96),
    "ventus": (255, 252, 170),
    None: (110, 196, 255),
}

GATE_FRAME: dict[str, RGB] = {
    "gold": (224, 180, 62),
    "silver": (194, 202, 216),
    "bronze": (186, 114, 58),
    "back": (92, 104, 140),  # a card whose colour is hidden: no metal of its own
}
GATE_LIGHT: dict[str, RGB] = {
    "gold": (255, 242, 166),
    "silver": (250, 252, 255),
    "bronze": (248, 196, 136),
    "back": (168, 180, 214),  # a card whose colour is hidden: no metal of its own
}
GATE_DARK: dict[str, RGB] = {
    "gold": (112, 76, 16),
    "silver": (84, 92, 110),
    "bronze": (92, 42, 16),
    "back": (34, 40, 62),  # a card whose colour is hidden: no metal of its own
}
GATE_BACK: dict[str, RGB] = {
    "gold": (74, 46, 12),
    "silver": (40, 48, 62),
    "bronze": (70, 32, 16),
    "back": (22, 26, 42),  # a card whose colour is hidden: no metal of its own
}

ABILITY_COLOURS: dict[str, RGB] = {
    "red": (218, 50, 50),
    "blue": (44, 112, 228),
    "green": (40, 172, 80),
}

FELT: RGB = (16, 74, 80)
FELT_LIGHT: RGB = (26, 98, 102)
FELT_DARK: RGB = (5, 30, 38)

SS = 4  # supersampling factor for shapes
INK: RGB = (14, 12, 20)
PANEL_TOP: RGB = (30, 38, 60)
PANEL_BOTTOM: RGB = (12, 16, 30)


def mix(a: Sequence[int], b: Sequence[int], t: float) -> RGB:
    """Blend colour ``a`` toward ``b`` by ``t`` in [0, 1]."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def rgba(c: Sequence[int], a: int = 255) -> RGBA:
    return (c[0], c[1], c[2], a)


def attr_key(attribute: str | None) -> str | None:
    return attribute if attribute in ATTRIBUTE_COLOURS else None


def tones(attribute: str | None) -> tuple[RGB, RGB, RGB]:
    """An attribute's colour, its light and its dark (a clear Bakugan's for anything not
    an attribute)."""
    key = attr_key(attribute)
    return ATTRIBUTE_COLOURS[key], ATTRIBUTE_LIGHT[key], ATTRIBUTE_DARK[key]


def outline_of(attribute: str | None) -> RGB:
    return mix(ATTRIBUTE_DARK[attr_key(attribute)], INK, 0.55)
