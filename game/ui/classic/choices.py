"""How the match writes a choice on its button, in the player's language."""

from __future__ import annotations

from collections.abc import Callable

from game.rules.classic import (
    Action,
    Catalog,
    ChooseAttribute,
    Evolve,
    MoveBakugan,
    Pass,
    PlayAbility,
    PlayGear,
    PlayTrap,
    TakeGate,
    Throw,
)

BUTTON_KINDS = (
    Pass | Throw | TakeGate | MoveBakugan | ChooseAttribute | PlayTrap | PlayGear | Evolve
)
"""The choices that are buttons (cards in hand and places on the table are clicked)."""


def _slot(slot: tuple[int, int]) -> str:
    return f"{slot[0] + 1}:{slot[1] + 1}"


def action_label(a: Action, catalog: Catalog, lang: str, tr: Callable[..., str]) -> str:
    def bname(ident: str) -> str:
        return catalog.bakugan[ident].name.get(lang)

    if isinstance(a, Pass):
        return tr("match.pass")
    if isinstance(a, Throw):
        return tr("match.throw", bakugan=bname(a.bakugan))
    if isinstance(a, TakeGate):
        return tr("match.take", slot=_slot(a.slot))
    if isinstance(a, MoveBakugan):
        return tr("match.move", bakugan=bname(a.bakugan), slot=_slot(a.slot))
    if isinstance(a, ChooseAttribute):
        return tr(f"attr.{a.attribute.value}")
    if isinstance(a, PlayTrap):
        return tr("match.trap", name=catalog.traps[a.trap].name.get(lang))
    if isinstance(a, PlayGear):
        gear = catalog.gear[a.gear]  # one button per choice of the gear's abilities
        name = gear.name.get(lang)
        chosen = [ab.name.get(lang) for ab in gear.abilities if ab.id in a.abilities]
        if not chosen:
            return tr("match.gear", name=name)
        return tr("match.gear_with", name=name, abilities=" + ".join(chosen))
    if isinstance(a, Evolve):
        card = next(c for c in catalog.evolutions.values() if c.base == a.bakugan)
        return tr("match.evolve", bakugan=bname(a.bakugan), evolved=bname(card.evolved))
    if isinstance(a, PlayAbility):
        name = catalog.abilities[a.card].name.get(lang)
        if a.bakugan and a.slot:
            return tr("match.ability_move", card=name, bakugan=bname(a.bakugan), slot=_slot(a.slot))
        if a.bakugan:
            return tr("match.ability_target", card=name, bakugan=bname(a.bakugan))
        return name
    return str(a)
