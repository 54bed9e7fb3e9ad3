"""The first part of a Battle Planet state's invariants (`invariants`): its fields hold
what they should, whatever a file put there. Two sides of the catalog's cards,
Characters and BakuCores only, each team three different Bakugan, one charge mark per
Energy card, counts from 0, a player 0 or 1 wherever one is named; the Matrix of at
most both kits' cores on the grid; the batch, the turn-long changes, the discard
choices and the damage of known cards and players. Until they do, nothing further of
the state can be read.

Pure and standard library only, like the rest of the rules core.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .defs import CORES_PER_KIT, Faction, Keyword
from .zones import CARD, TRIGGER, Bakugan, Damage, Hero, Item, MatrixCore, Side, TurnMod

if TYPE_CHECKING:
    from .state import PlanetState

MAX_COUNT = 1_000_000
"""Turns, plays and Energy beyond this are no match of ours."""
MAX_HEX = 12
"""A coordinate of the Matrix: twelve cores never reach further from the centre."""
_AMOUNTS = ("add_b", "add_d", "set_b", "add_frost")
_KEYWORDS = frozenset(k.value for k in Keyword)
_FACTIONS = frozenset(f.value for f in Faction)
_TRIGGERS = ("victor", "open", "damaged")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def count(value: object) -> bool:
    return _is_int(value) and 0 <= value <= MAX_COUNT  # type: ignore[operator]


def player(value: object) -> bool:
    return _is_int(value) and value in (0, 1)


def short(value: object) -> str:
    text = str(value) if isinstance(value, Exception) else repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _hex(value: object) -> bool:
    return (
        isinstance(value, tuple)
        and len(value) == 2
        and all(_is_int(v) and -MAX_HEX <= v <= MAX_HEX for v in value)
    )


def _ids(value: object, known: object) -> bool:
    return isinstance(value, list | tuple) and all(
        isinstance(v, str) and v in known  # type: ignore[operator]
        for v in value
    )


# ----------------------------------------------------------------- the fields


def fields_hold(s: PlanetState, out: list[str]) -> bool:
    """Whether the fields hold what they should (each problem found goes to `out`)."""
    before = len(out)
    if not isinstance(s.sides, list) or len(s.sides) != 2:
        out.append(f"sides: expected the two players' sides, got {short(s.sides)}")
        return False
    for p, side in enumerate(s.sides):
        _side(s, p, side, out)
    for name in ("turn", "passes"):
        if not count(getattr(s, name)):
            out.append(f"{name}: {short(getattr(s, name))} is not a count from 0")
    for name in ("starting", "placer", "priority"):
        if not player(getattr(s, name)):
            out.append(f"{name}: {short(getattr(s, name))} is not player 0 or 1")
    if s.victor is not None and not player(s.victor):
        out.append(f"victor: {short(s.victor)} is not player 0 or 1")
    if s.winner is not None and not player(s.winner):
        out.append(f"winner: {short(s.winner)} is not player 0 or 1")
    for name in ("by_damage", "over"):
        if not isinstance(getattr(s, name), bool):
            out.append(f"{name}: {short(getattr(s, name))} is not true or false")
    if not isinstance(s.end_reason, str):
        out.append(f"end_reason: {short(s.end_reason)} is not text")
    if not (isinstance(s.passed, list) and len(s.passed) == 2):
        out.append(f"passed: expected one mark per player, got {short(s.passed)}")
    elif not all(isinstance(v, bool) for v in s.passed):
        out.append(f"passed: {short(s.passed)} are not true or false")
    for name in ("commits", "rolls"):
        value = getattr(s, name)
        if not (isinstance(value, list) and len(value) == 2):
            out.append(f"{name}: expected one entry per player, got {short(value)}")
    _matrix_shape(s, out)
    _batch_shape(s, out)
    _mods_shape(s, out)
    _choices_shape(s, out)
    _damage_shape(s, out)
    return len(out) == before


def _side(s: PlanetState, p: int, side: object, out: list[str]) -> None:
    cat = s.catalog
    if not isinstance(side, Side):
        out.append(f"sides[{p}]: not a player's side ({short(side)})")
        return
    for zone in ("deck", "hand", "discard", "energy"):
        if not _ids(getattr(side, zone), cat.cards):
            out.append(f"sides[{p}].{zone}: {short(getattr(side, zone))} are not known cards")
    if not _ids(side.supply, cat.cores):
        out.append(f"sides[{p}].supply: {short(side.supply)} are not known BakuCores")
    if not (isinstance(side.charged, list) and all(isinstance(c, bool) for c in side.charged)):
        out.append(f"sides[{p}].charged: {short(side.charged)} are not charge marks")
    elif isinstance(side.energy, list) and len(side.charged) != len(side.energy):
        out.append(f"sides[{p}]: {len(side.energy)} Energy cards, {len(side.charged)} marks")
    for name in ("pool", "played"):
        if not count(getattr(side, name)):
            out.append(f"sides[{p}].{name}: {short(getattr(side, name))} is not a count from 0")
    if not (isinstance(side.credits, list) and all(isinstance(c, str) for c in side.credits)):
        out.append(f"sides[{p}].credits: {short(side.credits)} are not factions")
    if not (isinstance(side.heroes, list) and all(_hero_ok(s, h) for h in side.heroes)):
        out.append(f"sides[{p}].heroes: {short(side.heroes)} are not Heroes of the players")
    team = side.bakugan
    if not (isinstance(team, list) and len(team) == 3 and all(_bakugan_ok(s, b) for b in team)):
        out.append(f"sides[{p}].bakugan: {short(team)} is not a team of three known Bakugan")
        return
    names = [b.character for b in team]
    if len(set(names)) != len(names):
        out.append(f"sides[{p}].bakugan: {names} name a Character twice")
    if side.picked is not None and side.picked not in names:
        out.append(f"sides[{p}].picked: {short(side.picked)} is not one of the team")


def _hero_ok(s: PlanetState, h: object) -> bool:
    return (
        isinstance(h, Hero)
        and isinstance(h.card, str)
        and h.card in s.catalog.cards
        and player(h.owner)
    )


def _bakugan_ok(s: PlanetState, b: object) -> bool:
    return (
        isinstance(b, Bakugan)
        and isinstance(b.character, str)
        and b.character in s.catalog.characters
        and isinstance(b.open, bool)
        and isinstance(b.face_up, bool)
        and isinstance(b.cores, list)
        and all(_hex(h) for h in b.cores)
        and len(set(b.cores)) == len(b.cores)
        and _ids(b.evolutions, s.catalog.cards)
    )


def _matrix_shape(s: PlanetState, out: list[str]) -> None:
    if not isinstance(s.matrix, dict) or len(s.matrix) > 2 * CORES_PER_KIT:
        out.append(f"matrix: not a Matrix of at most {2 * CORES_PER_KIT} BakuCores")
        return
    for h, core in s.matrix.items():
        ok = (
            _hex(h)
            and isinstance(core, MatrixCore)
            and player(core.owner)
            and isinstance(core.core, str)
            and core.core in s.catalog.cores
            and isinstance(core.revealed, bool)
            and isinstance(core.held_by, list)
            and all(
                isinstance(x, tuple) and len(x) == 2 and player(x[0]) and isinstance(x[1], str)
                for x in core.held_by
            )
        )
        if not ok:
            out.append(f"matrix: {short(h)}: {short(core)} is not a placed BakuCore")


def _batch_shape(s: PlanetState, out: list[str]) -> None:
    cat = s.catalog

    def fits(item: object) -> bool:
        return (
            isinstance(item, Item)
            and player(item.player)
            and isinstance(item.card, str)
            and isinstance(item.targets, tuple)
            and all(isinstance(t, str) for t in item.targets)
            and (item.sacrifice is None or item.sacrifice in cat.cards)
            and isinstance(item.source, str)
            and (
                (item.kind == CARD and item.card in cat.cards)
                or (
                    item.kind == TRIGGER
                    and item.trigger in _TRIGGERS
                    and (item.source in cat.cards or item.source in cat.characters)
                )
            )
        )

    _each("batch", s.batch, fits, "no card played nor text triggered", out)


def _mods_shape(s: PlanetState, out: list[str]) -> None:
    def fits(mod: object) -> bool:
        return (
            isinstance(mod, TurnMod)
            and player(mod.side)
            and isinstance(mod.every, bool)
            and isinstance(mod.source, str)
            and isinstance(mod.faction, tuple)
            and isinstance(mod.not_faction, tuple)
            and all(f in _FACTIONS for f in (*mod.faction, *mod.not_faction))
            and (
                (mod.kind in _AMOUNTS and _is_int(mod.value) and abs(mod.value) <= MAX_COUNT)
                or (mod.kind == "grant" and mod.value in _KEYWORDS)
            )
        )

    _each("mods", s.mods, fits, "no change a card makes", out)


def _each(
    name: str, items: object, fits: Callable[[object], bool], what: str, out: list[str]
) -> None:
    """A field that is a list of records (the batch, the turn's changes): not a list is
    one problem, and each item that does not `fit` is one, as `name[i]: item is what`."""
    if not isinstance(items, list):
        out.append(f"{name}: expected a list, got {short(items)}")
        return
    for i, item in enumerate(items):
        if not fits(item):
            out.append(f"{name}[{i}]: {short(item)} is {what}")


def _choices_shape(s: PlanetState, out: list[str]) -> None:
    if not isinstance(s.choices, list) or not all(
        isinstance(c, list) and len(c) == 2 and player(c[0]) and count(c[1]) and c[1] >= 1
        for c in s.choices
    ):
        out.append(f"choices: {short(s.choices)} are not (player, cards to discard)")


def _damage_shape(s: PlanetState, out: list[str]) -> None:
    d = s.damage
    if d is None:
        return
    ok = (
        isinstance(d, Damage)
        and player(d.attacker)
        and isinstance(d.team, bool)
        and isinstance(d.stopped, bool)
        and count(d.dealt)
        and count(d.frost)
        and (d.flip is None or (isinstance(d.flip, str) and d.flip in s.catalog.cards))
    )
    if not ok:
        out.append(f"damage: {short(d)} is not the damage of a battle")
