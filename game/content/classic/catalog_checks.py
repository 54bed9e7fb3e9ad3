"""Checks of a whole classic catalog once every file has loaded: what no single file
shows (an Evolution card's Bakugan, a species an effect names, whether a kit of every
game the app offers can be dealt). Each adds ``file: id: field: problem`` lines.
"""

from __future__ import annotations

from game.rules.classic.defs import AbilityColour, Catalog, Effect, GateColour

# The biggest kit a game of the app deals (the Big Game): per kit, independently.
DEAL_BAKUGAN = 6
DEAL_PER_COLOUR = 2


def check_dealable(catalog: Catalog, problems: list[str]) -> None:
    """A kit of every game the app offers can be dealt from `catalog`."""
    closed = [b for b in catalog.bakugan.values() if not b.evolved]
    if len(closed) < DEAL_BAKUGAN:
        problems.append(
            f"bakugan.toml: -: bakugan: {len(closed)} Bakugan that are not evolved forms;"
            f" a kit of the Big Game needs {DEAL_BAKUGAN}"
        )
    for file, kind, colours, cards in (
        ("gates.toml", "Gate Cards", GateColour, catalog.gates.values()),
        ("abilities.toml", "Ability Cards", AbilityColour, catalog.abilities.values()),
    ):
        have = [c.colour for c in cards]
        for colour in colours:
            n = have.count(colour)
            if n < DEAL_PER_COLOUR:
                problems.append(
                    f"{file}: -: colour: {n} {colour.value} {kind}; a kit of the Big Game"
                    f" needs {DEAL_PER_COLOUR} of each colour"
                )


def check_evolutions(catalog: Catalog, problems: list[str]) -> None:
    evolved_by: dict[str, str] = {}
    for evo in catalog.evolutions.values():
        where = f"evolutions.toml: {evo.id}"
        base = catalog.bakugan.get(evo.base)
        evolved = catalog.bakugan.get(evo.evolved)
        if base is None:
            problems.append(f"{where}: base: no Bakugan {evo.base!r}")
        if evolved is None:
            problems.append(f"{where}: evolved: no Bakugan {evo.evolved!r}")
        elif not evolved.evolved:
            problems.append(
                f"{where}: evolved: {evo.evolved} is not marked evolved = true in bakugan.toml"
            )
        if evo.base == evo.evolved:
            problems.append(f"{where}: evolved: the same Bakugan as base")
        if base is not None and evolved is not None and evolved.g_power <= base.g_power:
            problems.append(
                f"{where}: evolved: {evo.evolved} ({evolved.g_power} G) must be stronger"
                f" than {evo.base} ({base.g_power} G)"
            )
        if evo.evolved in evolved_by:
            problems.append(
                f"{where}: evolved: {evo.evolved} is already the form of {evolved_by[evo.evolved]}"
            )
        evolved_by[evo.evolved] = evo.id
    for b in catalog.bakugan.values():
        if b.evolved and b.id not in evolved_by:
            problems.append(f"bakugan.toml: {b.id}: evolved: no Evolution card brings it into play")


def check_species(
    ident: str,
    effects: tuple[Effect, ...],
    species: set[str],
    file: str,
    problems: list[str],
    prefix: str = "",
) -> None:
    for i, e in enumerate(effects):
        if e.kind == "double_species" and e.params["species"] not in species:
            problems.append(
                f"{file}: {ident}: {prefix}effects[{i}].species: "
                f"no Bakugan of species {e.params['species']!r}"
            )


__all__ = ["DEAL_BAKUGAN", "DEAL_PER_COLOUR", "check_dealable", "check_evolutions", "check_species"]
