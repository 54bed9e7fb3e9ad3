"""Original game art, drawn entirely in code.

Attribute symbols, closed spheres, open Bakugan silhouettes, Gate and Ability cards and the
play-mat felt, one module each (`palette`, `geometry` and `pen` underneath them all;
`brawlers`, `beasts` and `warriors` hold the hand-drawn species). This package gives the
names the screens use.

Renders are cached with :func:`functools.lru_cache`; treat every returned surface as
read-only and ``.copy()`` it before drawing on it. Nothing here needs a display: no
``convert_alpha()`` and no module-level ``pygame.init()``.
"""

from __future__ import annotations

from .effects import burst_particles
from .faces import ability_back, ability_card, gate_card
from .figures import SPECIES, _open, open_bakugan
from .lettering import font
from .palette import (
    ABILITY_COLOURS,
    ATTRIBUTE_COLOURS,
    ATTRIBUTE_DARK,
    ATTRIBUTE_LIGHT,
    ATTRIBUTES,
    FELT,
    FELT_DARK,
    FELT_LIGHT,
    GATE_FRAME,
    RGB,
    RGBA,
    Point,
)
from .spheres import closed_sphere
from .symbols import attribute_symbol
from .table import table_felt, trap_piece

__all__ = [
    "ABILITY_COLOURS",
    "ATTRIBUTES",
    "ATTRIBUTE_COLOURS",
    "ATTRIBUTE_DARK",
    "ATTRIBUTE_LIGHT",
    "FELT",
    "FELT_DARK",
    "FELT_LIGHT",
    "GATE_FRAME",
    "RGB",
    "RGBA",
    "SPECIES",
    "Point",
    "_open",
    "ability_back",
    "ability_card",
    "attribute_symbol",
    "burst_particles",
    "closed_sphere",
    "font",
    "gate_card",
    "open_bakugan",
    "table_felt",
    "trap_piece",
]
