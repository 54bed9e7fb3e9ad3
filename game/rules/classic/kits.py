"""What a player brings: checking a kit against the rules, and dealing one at random.

A kit holds the Bakugan, one Gate Card and one Ability Card of each colour per three
(the Big Game: six of each), and, by the season option, Bakugan Traps and Battle Gear;
Evolution cards name a kit Bakugan and bring its evolved form.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from game.rules.api import GameError

from .defs import AbilityColour, Attribute, Catalog, GateColour, Kit
from .settings import DEFAULT_SETTINGS, Settings


class InvalidKit(GameError, ValueError):
    """A player's kit breaks the rules of what a player brings."""


def check_kit(kit: Kit, catalog: Catalog, settings: Settings = DEFAULT_SETTINGS) -> list[str]:
    """Why `kit` is not a legal kit (empty when it is)."""
    problems: list[str] = []
    for kind, ids, known, need in (
        ("bakugan", kit.bakugan, catalog.bakugan, settings.kit_bakugan),
        ("gates", kit.gates, catalog.gates, settings.kit_gates),
        ("abilities", kit.abilities, catalog.abilities, settings.kit_abilities),
    ):
        if len(ids) != need:
            problems.append(f"{kind}: needs {need}, has {len(ids)}")
        if len(set(ids)) != len(ids):
            problems.append(f"{kind}: the same piece twice")
        problems.extend(f"{kind}: unknown id {i!r}" for i in ids if i not in known)
    if kit.traps or kit.gear or kit.evolutions:
        problems.extend(_support_problems(kit, catalog, settings))
    if problems:
        return problems
    per_colour_g = settings.kit_gates // 3
    gate_colours = [catalog.gates[g].colour for g in kit.gates]
    for colour in {c for c in catalog_colours(catalog, "gates")}:
        if gate_colours.count(colour) != per_colour_g:
            problems.append(
                f"gates: needs {per_colour_g} {colour}, has {gate_colours.count(colour)}"
            )
    per_colour_a = settings.kit_abilities // 3
    ability_colours = [catalog.abilities[a].colour for a in kit.abilities]
    for colour in {c for c in catalog_colours(catalog, "abilities")}:
        n = ability_colours.count(colour)
        if n != per_colour_a:
            problems.append(f"abilities: needs {per_colour_a} {colour}, has {n}")
    return sorted(problems)


def _support_problems(kit: Kit, catalog: Catalog, settings: Settings) -> list[str]:
    """The Traps, Battle Gear and Evolution cards of a kit: known, distinct, within the
    season's limit; each Evolution card's Bakugan in the kit, its evolved form not."""
    problems: list[str] = []
    for kind, ids, known in (
        ("traps", kit.traps, catalog.traps),
        ("gear", kit.gear, catalog.gear),
        ("evolutions", kit.evolutions, catalog.evolutions),
    ):
        if len(set(ids)) != len(ids):
            problems.append(f"{kind}: the same piece twice")
        problems.extend(f"{kind}: unknown id {i!r}" for i in ids if i not in known)
    max_traps, max_gear, max_both = settings.support_limit()
    season = f"season {settings.season}" + (" Big Game" if settings.big_game else "")
    over = False
    if len(kit.traps) > max_traps:
        problems.append(f"traps: {season} allows {max_traps}, has {len(kit.traps)}")
        over = True
    if len(kit.gear) > max_gear:
        problems.append(f"gear: {season} allows {max_gear} Battle Gear, has {len(kit.gear)}")
        over = True
    if len(kit.traps) + len(kit.gear) > max_both and not over:
        problems.append(
            f"traps and gear: {season} allows {max_both} in all,"
            f" has {len(kit.traps) + len(kit.gear)}"
        )
    have = set(kit.bakugan)
    evolved: list[str] = []
    for card in kit.evolutions:
        evo = catalog.evolutions.get(card)
        if evo is None:
            continue
        if evo.base not in have:
            problems.append(f"evolutions: {card}: needs {evo.base} in the kit")
        if evo.evolved in have or evo.evolved in evolved:
            problems.append(f"evolutions: {card}: {evo.evolved} is in the kit already")
        evolved.append(evo.evolved)
        have.add(evo.evolved)
    return problems


def catalog_colours(catalog: Catalog, kind: str) -> list[Any]:
    return list(GateColour) if kind == "gates" else list(AbilityColour)


def playable_attributes(
    catalog: Catalog, bakugan: Sequence[str]
) -> Callable[[Attribute | None], bool]:
    """Whether a battling Bakugan of these can have an attribute, as a card that needs
    it asks (an Ability Card's requirement, a Trap's attribute; None: it needs none):
    one of them has it, or one is clear (a clear Bakugan takes its opponent's
    attribute, so it can meet any)."""
    own = {catalog.bakugan[b].attribute for b in bakugan}
    if None in own:
        return lambda attribute: True
    return lambda attribute: attribute is None or attribute in own


def evolution_cards(catalog: Catalog, bakugan: Sequence[str]) -> list[str]:
    """The Evolution cards a kit of `bakugan` is dealt: in card order, each card whose
    base is among them, one for each evolved form (its form not dealt already)."""
    cards: list[str] = []
    have = set(bakugan)
    for card, evo in sorted(catalog.evolutions.items()):
        if evo.base in have and evo.evolved not in have:
            cards.append(card)
            have.add(evo.evolved)
    return cards


def random_kit(
    catalog: Catalog,
    rng: random.Random,
    settings: Settings = DEFAULT_SETTINGS,
    support: int = 0,
    evolutions: bool = False,
) -> Kit:
    """A legal kit dealt at random (the "quick pick"), deterministic for `rng`: its
    Ability Cards and Traps are only ones its Bakugan can play (`playable_attributes`).

    `support`: how many Traps / Battle Gear to deal (at most the season's limit; season 2
    deals Traps only). `evolutions`: add the Evolution card of every kit Bakugan that has
    one. Evolved forms are never dealt as kit Bakugan. The kit sizes (the Big Game's 6)
    come from `settings`.
    """
    pool_b = sorted(b for b, d in catalog.bakugan.items() if not d.evolved)
    bakugan = rng.sample(pool_b, settings.kit_bakugan)
    gates: list[str] = []
    for colour in GateColour:
        pool = sorted(g for g, d in catalog.gates.items() if d.colour == colour)
        gates.extend(rng.sample(pool, settings.kit_gates // 3))
    can = playable_attributes(catalog, bakugan)
    abilities: list[str] = []
    need = settings.kit_abilities // 3
    for acolour in AbilityColour:
        pool = sorted(a for a, d in catalog.abilities.items() if d.colour == acolour)
        usable = [a for a in pool if can(catalog.abilities[a].requires.attribute)]
        dealt = rng.sample(usable, min(need, len(usable)))
        if len(dealt) < need:  # (a catalog short of usable cards: the others fill up)
            dealt += rng.sample([a for a in pool if a not in usable], need - len(dealt))
        abilities.extend(dealt)
    traps: list[str] = []
    gear: list[str] = []
    if support > 0:
        max_traps, max_gear, max_both = settings.support_limit()
        pool_t = sorted(t for t, d in catalog.traps.items() if can(d.attribute))
        pool_g = sorted(catalog.gear)
        for _ in range(min(support, max_both)):
            can_t = len(traps) < max_traps and len(traps) < len(pool_t)
            can_g = len(gear) < max_gear and len(gear) < len(pool_g)
            if can_t and (not can_g or rng.random() < 0.5):
                traps.append(rng.choice([t for t in pool_t if t not in traps]))
            elif can_g:
                gear.append(rng.choice([g for g in pool_g if g not in gear]))
    cards = evolution_cards(catalog, bakugan) if evolutions else []
    return Kit(
        tuple(bakugan), tuple(gates), tuple(abilities), tuple(traps), tuple(gear), tuple(cards)
    )
