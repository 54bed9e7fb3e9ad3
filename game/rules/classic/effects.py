"""The named effect primitives cards are made of, with their parameter schemas.

Cards are data: each names primitives from `PRIMITIVES` with parameters. Battle
primitives are read by `battle.evaluate` (layered G-Power); field primitives act on the
match at once (`state.py`). `check_effect` is what the content loader uses to refuse a
bad card with the field and the problem.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.rules.param_checks import EffectParam, choice_problem, int_problem

from .defs import Attribute, Timing

BATTLE = "battle"  # changes a battle's G-Power, attributes or outcome
FIELD = "field"  # acts on pieces at once (move, recover), needs no battle

TARGETS_RELATIVE = ("self", "opponent", "both", "attacker", "defender")


@dataclass(frozen=True, slots=True)
class Param(EffectParam):
    # kind: "int", "choice", "species", "attribute"
    nonzero: bool = False

    def check(self, value: Any) -> str | None:
        """The problem with `value`, or None."""
        if self.kind == "int":
            problem = int_problem(value, self.low, self.high)
            if problem is None and self.nonzero and value == 0:
                return "must not be 0"
            return problem
        if self.kind == "choice":
            return choice_problem(value, self.choices)
        if not isinstance(value, str):
            return f"must be a string, got {value!r}"
        if self.kind == "attribute" and value not in {a.value for a in Attribute}:
            return f"must be an attribute ({', '.join(a.value for a in Attribute)}), got {value!r}"
        if self.kind == "species" and not value:
            return "must name a species"
        return None


@dataclass(frozen=True, slots=True)
class Primitive:
    kind: str
    scope: str
    params: tuple[Param, ...]
    on_gate: bool
    on_ability: bool
    timings: frozenset[Timing]  # for Ability Cards; Gate effects act when the gate opens
    doc: str


_B, _D, _A = Timing.BEFORE, Timing.DURING, Timing.AFTER


def _p(
    kind: str,
    scope: str,
    params: tuple[Param, ...],
    gate: bool,
    ability: bool,
    timings: tuple[Timing, ...],
    doc: str,
) -> Primitive:
    return Primitive(kind, scope, params, gate, ability, frozenset(timings), doc)


_TO = Param("to", "choice", TARGETS_RELATIVE)
_TO_SIDE = Param("to", "choice", ("self", "opponent"))

PRIMITIVES: Mapping[str, Primitive] = {
    p.kind: p
    for p in (
        _p(
            "add_g",
            BATTLE,
            (_TO, Param("amount", "int", low=-500, high=500, nonzero=True)),
            True,
            True,
            (_B, _D),
            "adds G-Power to the named battling Bakugan (on a gate, self is its owner)",
        ),
        _p("lower_wins", BATTLE, (), True, True, (_B, _D), "the lower G-Power wins"),
        _p("swap_g", BATTLE, (), True, True, (_B, _D), "the two Bakugan swap G-Power totals"),
        _p(
            "double_species",
            BATTLE,
            (Param("species", "species"),),
            True,
            True,
            (_B, _D),
            "a battling Bakugan of that species has its base G-Power doubled",
        ),
        _p(
            "double_base",
            BATTLE,
            (_TO_SIDE,),
            False,
            True,
            (_B, _D),
            "the named Bakugan's base G-Power is doubled",
        ),
        _p("tie_to_attacker", BATTLE, (), True, False, (), "a tie goes to the last to arrive"),
        _p("no_abilities", BATTLE, (), True, False, (), "no Ability Card once the gate opens"),
        _p("nullify_gate", BATTLE, (), False, True, (_B, _D), "the Gate Card does nothing"),
        _p(
            "nullify_ability",
            BATTLE,
            (),
            False,
            True,
            (_D, _A),
            "cancels the opponent's latest Ability Card in this battle",
        ),
        _p(
            "set_attribute",
            BATTLE,
            (Param("attribute", "attribute"),),
            False,
            True,
            (_B, _D),
            "your battling Bakugan takes that attribute",
        ),
        _p(
            "save_bakugan",
            BATTLE,
            (),
            False,
            True,
            (_A,),
            "your battling Bakugan goes back to unused, not used",
        ),
        _p(
            "move_bakugan",
            FIELD,
            (),
            False,
            True,
            (_B,),
            "move one of your standing Bakugan to a Gate Card with no Bakugan",
        ),
        _p(
            "recover_bakugan",
            FIELD,
            (),
            False,
            True,
            (_B, _A),
            "one Bakugan from your used pile returns to your unused pile",
        ),
    )
}


# Primitives whose card is played on its owner's own turn, before the throw (the card's
# text: "On your turn, before the throw"): never between turns, never in a battle.
OWN_TURN: frozenset[str] = frozenset({"move_bakugan"})


# The primitives that act only through the battle's G-Power calculation
# (`battle.evaluate`): a card of these alone changes a battle only if the calculation says
# so (the match screen asks before a card is wasted: `game.ui.classic.card_effects`).
CALCULATED: frozenset[str] = frozenset(
    {
        "add_g",
        "lower_wins",
        "swap_g",
        "double_species",
        "double_base",
        "nullify_gate",
        "set_attribute",
        "tie_to_attacker",
    }
)


# What a Battle Gear's property card may do: the battle primitives that make sense while
# the battle runs (a gear ability cannot cancel a card, move or recover a Bakugan): the
# calculated ones but the tie rule, which only a Gate Card carries, and the save.
GEAR_KINDS: frozenset[str] = (CALCULATED - {"tie_to_attacker"}) | {"save_bakugan"}


def check_effect(raw: Mapping[str, Any], on: str, timings: frozenset[Timing]) -> list[str]:
    """Problems with one raw effect table (``{kind = ..., params...}``) on a gate, an
    ability, or a Battle Gear ability (`on` = "gate", "ability" or "gear").

    Each problem reads ``field: problem`` with the field relative to the effect table.
    """
    kind = raw.get("kind")
    if not isinstance(kind, str):
        return ["kind: missing (one of " + ", ".join(PRIMITIVES) + ")"]
    prim = PRIMITIVES.get(kind)
    if prim is None:
        return [f"kind: unknown primitive {kind!r} (one of {', '.join(PRIMITIVES)})"]
    problems: list[str] = []
    if on == "gate" and not prim.on_gate:
        problems.append(f"kind: {kind} cannot be on a Gate Card")
    if on == "ability" and not prim.on_ability:
        problems.append(f"kind: {kind} cannot be on an Ability Card")
    if on == "gear" and kind not in GEAR_KINDS:
        problems.append(
            f"kind: {kind} cannot be on Battle Gear (one of {', '.join(sorted(GEAR_KINDS))})"
        )
    if on == "ability":
        wrong = sorted(t.value for t in timings - prim.timings)
        if wrong:
            allowed = ", ".join(sorted(t.value for t in prim.timings))
            problems.append(f"timing: {kind} cannot be played {', '.join(wrong)} (only {allowed})")
    names = {p.name for p in prim.params}
    for extra in sorted(set(raw) - names - {"kind"}):
        problems.append(f"{extra}: not a parameter of {kind}")
    for param in prim.params:
        if param.name not in raw:
            problems.append(f"{param.name}: missing (needed by {kind})")
            continue
        problem = param.check(raw[param.name])
        if problem:
            problems.append(f"{param.name}: {problem}")
    return problems
