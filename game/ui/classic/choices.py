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


Place = Callable[[tuple[int, int]], tuple[str | None, str | None]]
"""A Gate Card on the table as the person at the screen knows it: its id (None while it
lies face down and is not his) and the name of the Bakugan standing on it, if any."""


def action_label(
    a: Action, catalog: Catalog, lang: str, tr: Callable[..., str], place: Place
) -> str:
    """The button's words; a card on the table is named as the table shows it (by its
    name; face down, by the Bakugan standing on it, else as a face-down card), never by
    grid coordinates it does not show."""

    def bname(ident: str) -> str:
        return catalog.bakugan[ident].name.get(lang)

    def onto(key: str, slot: tuple[int, int], **fields: object) -> str:
        gate, other = place(slot)
        if gate is not None and gate in catalog.gates:
            return tr(key, gate=catalog.gates[gate].name.get(lang), **fields)
        if other is not None:
            return tr(f"{key}_onto", other=other, **fields)
        return tr(f"{key}_hidden", **fields)

    if isinstance(a, Pass):
        return tr("match.pass")
    if isinstance(a, Throw):
        return tr("match.throw", bakugan=bname(a.bakugan))
    if isinstance(a, TakeGate):
        return onto("match.take", a.slot)
    if isinstance(a, MoveBakugan):
        return onto("match.move", a.slot, bakugan=bname(a.bakugan))
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
            return onto("match.ability_move", a.slot, bakugan=bname(a.bakugan))
        if a.bakugan:
            return tr("match.ability_target", card=name, bakugan=bname(a.bakugan))
        return name
    return str(a)
