"""The game's parameters: every rule setting of `Settings`, and the others.

Each field of the core's `Settings` is a parameter with its name and default (numbers,
flags and words as they are; a tuple of integers, the grid, as ``5x4``), so new rule
settings appear by themselves; `EXTRA_PARAMS` adds the card pool, the landing model's
chances, aimed throws, the turn limit and the New Vestroia pieces. `settings_from`
turns parameters into `Settings` (with the preset of 3-4 players or the Big Game as the
base); `pool_catalog` restricts a catalog to the ``card_pool``.
"""

from __future__ import annotations

import dataclasses
from types import MappingProxyType
from typing import Any

from game.ai.classic.landing import LandingModel
from game.rules.classic import Catalog, Settings

GAME_NAME = "bakugan_classic"
MAX_PLAYERS = 4  # what the registration allows; the rules core decides what it supports
SHIPPED_POOL = "shipped"  # the card_pool parameter's default: every shipped card

# Parameters that are not rule settings (the rule settings are `Settings`' fields).
EXTRA_PARAMS: dict[str, Any] = {
    "card_pool": SHIPPED_POOL,  # or piece ids joined by "+" (gates, abilities, Bakugan)
    "hit_aim": LandingModel().hit_aim,  # the landing model's (game.ai.classic.landing), 0.55
    "hit_other": LandingModel().hit_other,  # 0.20
    "aimed_throws": False,  # a throw names the Gate Card it aims at
    "max_turns": 100,  # a match undecided after this turn is a draw
    "support": 0,  # Bakugan Traps / Battle Gear dealt to each kit (the season's limit caps it)
    "evolutions": False,  # each kit gets its Bakugan's Evolution cards
}

# Ability effect kinds whose card is played with a target, and the target's shape.


def _int_tuple_field(f: dataclasses.Field[Any]) -> bool:
    return isinstance(f.default, tuple) and str(f.type).startswith("tuple[int")


def _settings_defaults() -> dict[str, Any]:
    """Every rule setting of `Settings` as an OpenSpiel parameter, with its default.

    Numbers, flags and words as they are; a tuple of integers (the grid) as ``5x4``.
    """
    out: dict[str, Any] = {}
    for f in dataclasses.fields(Settings):
        value: Any = f.default
        if isinstance(value, bool | int | float | str):
            out[f.name] = value
        elif _int_tuple_field(f):
            out[f.name] = "x".join(str(v) for v in value)
    return out


def parameter_defaults() -> dict[str, Any]:
    """The game's parameters and their defaults (rule settings, then the others)."""
    return {**_settings_defaults(), **EXTRA_PARAMS}


def settings_from(params: dict[str, Any]) -> Settings:
    """The rule settings the parameters name. With `Settings.preset` (games of 3-4
    players, the Big Game) the preset of ``players``/``big_game`` is the base and only the
    parameters that differ from the plain defaults change it."""
    defaults = _settings_defaults()
    changed: dict[str, Any] = {}
    for f in dataclasses.fields(Settings):
        if f.name not in params or f.name not in defaults:
            continue
        value = params[f.name]
        if value == defaults[f.name] and f.name not in ("players", "big_game"):
            continue
        if _int_tuple_field(f):
            text = str(value).lower().strip()
            try:
                value = tuple(int(v) for v in text.split("x")) if text else ()
            except ValueError:
                raise ValueError(
                    f"{GAME_NAME}: {f.name}: expected numbers joined by x (5x4), got {value!r}"
                ) from None
        changed[f.name] = value
    preset = getattr(Settings, "preset", None)
    if preset is not None:
        players = int(changed.pop("players", 2))
        big = bool(changed.pop("big_game", False))
        settings: Settings = preset(players, big, **changed)
    else:
        settings = Settings(**changed)
    settings.check()
    return settings


def pool_catalog(card_pool: str, full: Catalog) -> Catalog:
    """The catalog `full` restricted to `card_pool` ("shipped": all of it; or ids joined
    by "+")."""
    if card_pool.strip() in ("", SHIPPED_POOL):
        return full
    ids = {i for i in card_pool.replace(" ", "+").split("+") if i}
    known = set(full.bakugan) | set(full.gates) | set(full.abilities)
    unknown = sorted(ids - known - set(full.traps) - set(full.gear))
    if unknown:
        raise ValueError(f"{GAME_NAME}: card_pool: unknown ids {', '.join(unknown)}")
    return dataclasses.replace(
        full,
        bakugan=MappingProxyType({i: b for i, b in full.bakugan.items() if i in ids}),
        gates=MappingProxyType({i: g for i, g in full.gates.items() if i in ids}),
        abilities=MappingProxyType({i: a for i, a in full.abilities.items() if i in ids}),
        traps=MappingProxyType({i: t for i, t in full.traps.items() if i in ids}),
        gear=MappingProxyType({i: g for i, g in full.gear.items() if i in ids}),
        # an Evolution card when the pool holds both its Bakugan and the evolved form
        evolutions=MappingProxyType(
            {i: e for i, e in full.evolutions.items() if e.base in ids and e.evolved in ids}
        ),
    )
