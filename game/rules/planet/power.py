"""B-Power, damage and keywords of one Bakugan, computed in layers and kept as a
breakdown (the way the classic G-Power is), and the card-text conditions.

The layers, in order: the top card's printed B-Power and damage (an Evolution's replace
the Character's), each BakuCore it holds (with its faction bonus), the top card's own
text (its core-icon clauses only for the cores it holds), the Heroes in play, then the
turn's resolved cards in the order they resolved. Keywords come first: with Shadow
Strike no layer may lower B-Power or damage (any source: a card, a Hero, a negative
core, a "becomes"). A total below 0 counts as 0; Double Strike doubles the damage.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .defs import CardDef, CharacterDef, CoreType, Effect, Faction, Keyword
from .hexgrid import hex_str
from .zones import CARD, Bakugan, Item

if TYPE_CHECKING:
    from .state import PlanetState

Layer = tuple[str, int]


@dataclass(frozen=True, slots=True)
class Stats:
    """A Bakugan's B-Power and damage with their layers, and its keywords."""

    b_power: int
    b_layers: tuple[Layer, ...]
    damage: int
    d_layers: tuple[Layer, ...]
    double: bool
    shadow: bool
    frost: int

    def b_text(self) -> str:
        return _text(self.b_layers)

    def d_text(self) -> str:
        return _text(self.d_layers)


def _text(layers: Iterable[Layer]) -> str:
    out = []
    for label, value in layers:
        if label.startswith("="):
            out.append(label[1:])
        else:
            out.append(f"{label} {value:+d}" if out else f"{label} {value}")
    return ", ".join(out)


def top_card(state: PlanetState, b: Bakugan) -> CharacterDef | CardDef:
    if b.evolutions:
        return state.catalog.cards[b.evolutions[-1]]
    return state.catalog.characters[b.character]


def factions_of(state: PlanetState, b: Bakugan) -> tuple[Faction, ...]:
    """A Bakugan's faction is its top card's (an Evolution may bring another)."""
    return top_card(state, b).factions


def cores_held(state: PlanetState, player: int) -> int:
    return sum(len(b.cores) for b in state.sides[player].bakugan)


def holds(state: PlanetState, b: Bakugan, core_type: str) -> bool:
    return any(state.catalog.cores[state.matrix[h].core].type.value == core_type for h in b.cores)


def condition(
    state: PlanetState, text: str, player: int, b: Bakugan | None, item: Item | None
) -> bool:
    """Whether a card-text condition holds for `player` (context Bakugan `b`, batch
    `item` for Flow and Sacrifice)."""
    side = state.sides[player]
    other = state.sides[1 - player]
    if text == "flow":  # another card played this turn
        played = side.played - (1 if item is not None and item.kind == CARD else 0)
        return played >= 1
    if text == "fury":
        return not side.hand
    if text == "turbo":
        return len(side.energy) > len(other.energy)
    if text == "domination":
        return cores_held(state, player) > cores_held(state, 1 - player)
    if text == "sacrifice":
        return item is not None and item.sacrifice is not None
    head, _, arg = text.partition(":")
    if head == "core":
        return b is not None and holds(state, b, arg)
    if head == "faction":
        return b is not None and any(f.value == arg for f in factions_of(state, b))
    if head == "hero":
        return any(h.card == arg for h in side.heroes)
    return False


def holds_for(
    state: PlanetState, e: Effect, player: int, b: Bakugan | None, item: Item | None
) -> bool:
    if e.when is not None and not condition(state, e.when, player, b, item):
        return False
    return e.unless is None or not condition(state, e.unless, player, b, item)


def _fits(
    state: PlanetState, b: Bakugan, faction: Iterable[str], not_faction: Iterable[str]
) -> bool:
    mine = {f.value for f in factions_of(state, b)}
    fa, nf = set(faction), set(not_faction)
    return (not fa or bool(mine & fa)) and not (mine & nf)


def _sources(state: PlanetState, player: int, b: Bakugan) -> Iterator[tuple[str, str, int | str]]:
    """Every (label, kind, value) that changes this Bakugan, in layer order; kinds
    add_b, add_d, set_b, grant, add_frost."""
    cat = state.catalog
    top = top_card(state, b)
    for h in b.cores:
        core = cat.cores[state.matrix[h].core]
        label = f"core {hex_str(h)}"
        if core.b_power:
            yield label, "add_b", core.b_power
        if core.damage:
            yield label, "add_d", core.damage
        if core.bonus_factions and set(core.bonus_factions) & set(factions_of(state, b)):
            if core.bonus_b:
                yield label + " bonus", "add_b", core.bonus_b
            if core.bonus_d:
                yield label + " bonus", "add_d", core.bonus_d
        if core.frost:
            yield label, "add_frost", core.frost
        if core.shadow:
            yield label, "grant", Keyword.SHADOW_STRIKE.value
    for e in top.static:
        if e.params.get("to", "self") == "self" and holds_for(state, e, player, b, None):
            yield from _effect(top.id, e)
    brawler = state.sides[player].picked == b.character
    for q in (0, 1):
        for hero in state.sides[q].heroes:
            hdef = cat.cards[hero.card]
            for e in hdef.static:
                to = e.params.get("to", "self")
                reaches = (
                    (to == "self" and q == player and brawler)
                    or (to == "own_all" and q == player)
                    or (to == "opponent_all" and q != player)
                    or to == "all"
                )
                faction, not_faction = e.params.get("faction", ()), e.params.get("not_faction", ())
                fits = reaches and _fits(state, b, faction, not_faction)
                if fits and holds_for(state, e, q, b, None):
                    yield from _effect(hero.card, e)
    for mod in state.mods:
        if (
            mod.side == player
            and (mod.every or brawler)
            and _fits(state, b, mod.faction, mod.not_faction)
        ):
            yield mod.source, mod.kind, mod.value


_CONDITION_LABELS = {
    "flow": "Flow",
    "fury": "Fury",
    "turbo": "Turbo",
    "domination": "Domination",
    "sacrifice": "Sacrifice",
}


def condition_label(cond: str | None) -> str:
    """How a condition reads in a breakdown: ``[FF]``, ``Flow``, ``if pyrus`` ..."""
    if cond is None:
        return ""
    head, _, arg = cond.partition(":")
    if head == "core":
        return f"[{CoreType(arg).icon}]"
    if head == "faction":
        return f"if {arg}"
    if head == "hero":
        return f"with {arg}"
    return _CONDITION_LABELS.get(cond, cond)


def _effect(source: str, e: Effect) -> Iterator[tuple[str, str, int | str]]:
    if e.when is not None:
        source = f"{source} {condition_label(e.when)}"
    if e.kind == "grant":
        yield source, "grant", e.params["keyword"]
    elif e.kind == "add_frost":
        yield source, "add_frost", e.params["amount"]
    elif e.kind == "set_b":
        yield source, "set_b", e.params["value"]
    elif e.kind in ("add_b", "add_d"):
        yield source, e.kind, e.params["amount"]


def stats(state: PlanetState, player: int, character: str) -> Stats:
    """The B-Power, damage and keywords of `player`'s Bakugan `character` now."""
    b = state.sides[player].find(character)
    assert b is not None
    top = top_card(state, b)
    sources = list(_sources(state, player, b))
    shadow = any(k == "grant" and v == Keyword.SHADOW_STRIKE.value for _, k, v in sources)
    double = any(k == "grant" and v == Keyword.DOUBLE_STRIKE.value for _, k, v in sources)
    frost = sum(int(v) for _, k, v in sources if k == "add_frost")
    b_total, b_layers = top.b_power, [(top.id, top.b_power)]
    d_total, d_layers = top.damage, [(top.id, top.damage)]
    for label, kind, value in sources:
        if kind == "add_b" or kind == "add_d":
            amount = int(value)
            layers = b_layers if kind == "add_b" else d_layers
            if amount < 0 and shadow:
                layers.append((f"={label} {amount:+d} blocked (shadow strike)", 0))
                continue
            layers.append((label, amount))
            if kind == "add_b":
                b_total += amount
            else:
                d_total += amount
        elif kind == "set_b":
            target = int(value)
            if target < b_total and shadow:
                b_layers.append((f"={label} becomes {target} blocked (shadow strike)", 0))
                continue
            b_layers.append((f"={label} becomes {target}", 0))
            b_total = target
    if b_total < 0:
        b_layers.append(("=counts as 0", 0))
        b_total = 0
    if d_total < 0:
        d_layers.append(("=counts as 0", 0))
        d_total = 0
    if double:
        d_layers.append(("=double strike x2", 0))
        d_total *= 2
    return Stats(b_total, tuple(b_layers), d_total, tuple(d_layers), double, shadow, frost)
