"""Small builders for rules tests: a catalog of plain test pieces and a started match."""

from __future__ import annotations

from types import MappingProxyType

from game.rules.classic import (
    AbilityColour,
    AbilityDef,
    Attribute,
    BakuganDef,
    Catalog,
    Effect,
    GateColour,
    GateDef,
    Kit,
    MatchState,
    Requirement,
    Settings,
    Text,
    Timing,
)

T = Text("т", "t")


def bakugan(ident: str, attribute: Attribute | None, g: int, species: str = "") -> BakuganDef:
    return BakuganDef(ident, species or ident, attribute, g, T)


def gate(
    ident: str, colour: GateColour, bonus: int = 0, *effects: Effect, attr: Attribute | None = None
) -> GateDef:
    bonuses = {a: (bonus if attr is None or a == attr else 0) for a in Attribute}
    return GateDef(ident, colour, MappingProxyType(bonuses), tuple(effects), T, T)


def ability(
    ident: str,
    colour: AbilityColour,
    timing: tuple[Timing, ...],
    *effects: Effect,
    requires: Requirement | None = None,
) -> AbilityDef:
    need = Requirement() if requires is None else requires
    return AbilityDef(ident, colour, frozenset(timing), tuple(effects), need, T, T)


def eff(kind: str, **params: object) -> Effect:
    return Effect(kind, MappingProxyType(dict(params)))


def plain_catalog(*extra_abilities: AbilityDef, extra_gates: tuple[GateDef, ...] = ()) -> Catalog:
    """Six Bakugan, plain gates (+0), and do-nothing-much abilities of each colour."""
    bak = [
        bakugan("a1", Attribute.PYRUS, 400),
        bakugan("a2", Attribute.AQUOS, 350),
        bakugan("a3", Attribute.HAOS, 300),
        bakugan("b1", Attribute.DARKUS, 450),
        bakugan("b2", Attribute.VENTUS, 380),
        bakugan("b3", Attribute.SUBTERRA, 320),
        bakugan("c1", None, 360),
        bakugan("c2", None, 340),
    ]
    gates = [
        gate("g_gold", GateColour.GOLD),
        gate("g_silver", GateColour.SILVER),
        gate("g_bronze", GateColour.BRONZE),
        gate("h_gold", GateColour.GOLD),
        gate("h_silver", GateColour.SILVER),
        gate("h_bronze", GateColour.BRONZE),
        *extra_gates,
    ]
    abilities = [
        ability("r", AbilityColour.RED, (Timing.DURING,), eff("add_g", to="self", amount=50)),
        ability("u", AbilityColour.BLUE, (Timing.DURING,), eff("add_g", to="self", amount=50)),
        ability("v", AbilityColour.GREEN, (Timing.DURING,), eff("add_g", to="self", amount=50)),
        ability("r2", AbilityColour.RED, (Timing.DURING,), eff("add_g", to="self", amount=50)),
        ability("u2", AbilityColour.BLUE, (Timing.DURING,), eff("add_g", to="self", amount=50)),
        ability("v2", AbilityColour.GREEN, (Timing.DURING,), eff("add_g", to="self", amount=50)),
        *extra_abilities,
    ]
    return Catalog.of(bak, gates, abilities)


KIT0 = Kit(("a1", "a2", "a3"), ("g_gold", "g_silver", "g_bronze"), ("r", "u", "v"))
KIT1 = Kit(("b1", "b2", "b3"), ("h_gold", "h_silver", "h_bronze"), ("r2", "u2", "v2"))


def started(
    catalog: Catalog | None = None, kits: tuple[Kit, Kit] = (KIT0, KIT1), **settings: object
) -> MatchState:
    """A match past the opening: both gates set (p0 g_silver @2,2, p1 h_silver @2,1)."""
    state, _ = MatchState.new(catalog or plain_catalog(), list(kits), Settings(**settings))  # type: ignore[arg-type]
    state.apply(_set(0, kits[0].gates[1], (2, 2)))
    state.apply(_set(1, kits[1].gates[1], (2, 1)))
    return state


def _set(p: int, g: str, slot: tuple[int, int]):  # type: ignore[no-untyped-def]
    from game.rules.classic import SetGate

    return SetGate(p, g, slot)
