"""The named effect primitives Battle Planet cards are made of, their parameter
schemas, and the conditions an effect may carry.

Cards are data: each effect names a primitive from `PRIMITIVES` with parameters and,
optionally, ``when`` / ``unless`` conditions from `CONDITIONS`. Stat primitives
(`add_b`, `add_d`, `set_b`, `grant`, `add_frost`) are read by `power.py` (as the lasting
text of a Character, Evolution or Hero, or as turn-long changes once an Action or Flip
resolves); the others act at once when their card resolves (`resolve.py`).
`check_effect` is what the content loader uses to refuse a bad card.

The vocabulary covers every card kind of research section 2.2: B-Power and damage up
and down (a side, all of one's Bakugan, a faction or all but one), B-Power set to a
value, keywords granted, energy gained / energized from the deck / destroyed, draw and
discard, negate a card in the batch, Stop a faction's damage, play a card for free,
Heroes destroyed / taken / turned into energy, a BakuCore attached, a Victor closed,
"the Victor is the higher damage", and a Hero destroying itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.rules.param_checks import EffectParam, choice_problem, int_problem

from .defs import CardDef, CardType, CoreType, Faction, Keyword

FACTIONS = tuple(f.value for f in Faction)
STAT = "stat"  # read by power.py
ACT = "act"  # done once, when its card resolves

# Where an effect sits on a card.
ON_RESOLVE = "effects"  # an Action's / Flip's text, a Hero's / Evolution's "when played"
STATIC = "static"  # lasting text of a Character, Evolution or Hero
TRIGGER = "triggers"  # «Victor –», a Hero's "when you open" / "when you take damage"

TO_ALL = ("self", "opponent", "chosen", "own_all", "opponent_all", "all")
TO_STATIC = ("self", "own_all", "opponent_all", "all")


@dataclass(frozen=True, slots=True)
class Param(EffectParam):
    # kind: "int", "choice", "bool", "factions"
    required: bool = True

    def check(self, value: Any) -> str | None:
        """The problem with `value`, or None."""
        if self.kind == "int":
            return int_problem(value, self.low, self.high)
        if self.kind == "bool":
            return None if isinstance(value, bool) else f"must be true or false, got {value!r}"
        if self.kind == "factions":
            if not isinstance(value, list) or not value:
                return f"must be a list of factions, got {value!r}"
            bad = [v for v in value if v not in FACTIONS]
            return f"unknown faction {bad[0]!r} ({', '.join(FACTIONS)})" if bad else None
        return choice_problem(value, self.choices)


@dataclass(frozen=True, slots=True)
class Primitive:
    kind: str
    scope: str  # STAT or ACT
    params: tuple[Param, ...]
    places: frozenset[str]  # ON_RESOLVE, STATIC, TRIGGER
    target: str | None  # the target the player names when playing the card
    doc: str


def _p(
    kind: str,
    scope: str,
    params: tuple[Param, ...],
    places: tuple[str, ...],
    doc: str,
    target: str | None = None,
) -> Primitive:
    return Primitive(kind, scope, params, frozenset(places), target, doc)


_ANY = (ON_RESOLVE, STATIC, TRIGGER)
_ONCE = (ON_RESOLVE, TRIGGER)
_TO = Param("to", "choice", TO_ALL)
_FACTION = Param("faction", "factions", required=False)
_NOT_FACTION = Param("not_faction", "factions", required=False)
_WHO = Param("who", "choice", ("self", "opponent"))
_N = Param("count", "int", low=1, high=10)

# Target kinds a card names when it is played (`targets` of the play action).
SIDE = "side"  # p0 | p1: that player's Bakugan in this turn's battle
BATCH_ITEM = "batch"  # #N: a card in the batch (0 is the bottom)
OPPONENT_HERO = "hero"  # pN:CARD: a Hero the opponent controls
CORE = "core"  # @q,r: a BakuCore in the Hidden Matrix
OPEN_BAKUGAN = "open"  # pN:CHARACTER: an open Bakugan
OPPONENT_VICTOR = "victor"  # pN:CHARACTER: an opponent's open Bakugan not in this battle
OWN_CHARACTER = "character"  # pN:CHARACTER: an Evolution's Character
TARGET_ORDER = (OWN_CHARACTER, SIDE, BATCH_ITEM, OPPONENT_HERO, CORE, OPEN_BAKUGAN, OPPONENT_VICTOR)

PRIMITIVES: Mapping[str, Primitive] = {
    p.kind: p
    for p in (
        _p(
            "add_b",
            STAT,
            (_TO, Param("amount", "int", low=-3000, high=3000), _FACTION, _NOT_FACTION),
            _ANY,
            "adds B-Power to the named Bakugan (self: one's Bakugan in the battle)",
        ),
        _p(
            "add_d",
            STAT,
            (_TO, Param("amount", "int", low=-20, high=20), _FACTION, _NOT_FACTION),
            _ANY,
            "adds damage to the named Bakugan",
        ),
        _p(
            "set_b",
            STAT,
            (_TO, Param("value", "int", low=0, high=5000)),
            _ANY,
            "the named Bakugan's B-Power becomes the value",
        ),
        _p(
            "grant",
            STAT,
            (_TO, Param("keyword", "choice", tuple(k.value for k in Keyword))),
            _ANY,
            "the named Bakugan has the keyword (Double Strike, Shadow Strike)",
        ),
        _p(
            "add_frost",
            STAT,
            (_TO, Param("amount", "int", low=1, high=10)),
            _ANY,
            "+N Frost Strike: the opponent's Flips cost N more against its damage",
        ),
        _p(
            "victor_by_damage",
            STAT,
            (),
            _ONCE,
            "this turn the Victor is the Bakugan with the higher damage, not B-Power",
        ),
        _p(
            "gain_energy",
            ACT,
            (Param("amount", "int", low=1, high=10),),
            _ONCE,
            "+N Energy this turn",
        ),
        _p(
            "energize_top",
            ACT,
            (_N, Param("charged", "bool")),
            _ONCE,
            "turns the top N cards of one's deck into Energy (charged or not)",
        ),
        _p(
            "to_energy",
            ACT,
            (Param("charged", "bool"),),
            (ON_RESOLVE,),
            "once resolved this card turns into Energy instead of going to the discard",
        ),
        _p("destroy_energy", ACT, (_N,), _ONCE, "destroys N of the opponent's Energy cards"),
        _p("draw", ACT, (_N, _WHO), _ONCE, "the player draws N cards"),
        _p("discard", ACT, (_N, _WHO), _ONCE, "the player discards N cards of his choice"),
        _p("mill", ACT, (_N, _WHO), _ONCE, "the top N cards of the deck go to the discard"),
        _p(
            "negate",
            ACT,
            (Param("card", "choice", ("action", "hero", "evolution", "flip", "any")),),
            (ON_RESOLVE,),
            "the named card in the batch does nothing and goes to the discard",
            BATCH_ITEM,
        ),
        _p(
            "stop",
            ACT,
            (
                Param("factions", "factions", required=False),
                Param("except", "factions", required=False),
            ),
            (ON_RESOLVE,),
            "[Stop]: the rest of the damage ends if the attacker is of a named faction"
            " (or, with except, of any other)",
        ),
        _p(
            "free_play",
            ACT,
            (_N, _FACTION),
            _ONCE,
            "one's next N cards this turn (of the faction, if named) cost no Energy",
        ),
        _p(
            "destroy_hero",
            ACT,
            (Param("max_cost", "int", low=0, high=20, required=False),),
            (ON_RESOLVE,),
            "destroys an opponent's Hero (costing at most max_cost)",
            OPPONENT_HERO,
        ),
        _p(
            "hero_to_energy",
            ACT,
            (),
            (ON_RESOLVE,),
            "an opponent's Hero turns into its owner's Energy",
            OPPONENT_HERO,
        ),
        _p(
            "take_hero",
            ACT,
            (),
            (ON_RESOLVE,),
            "takes control of an opponent's Hero",
            OPPONENT_HERO,
        ),
        _p(
            "attach_core",
            ACT,
            (),
            (ON_RESOLVE,),
            "a BakuCore from the Matrix goes onto an open Bakugan",
            CORE,
        ),
        _p(
            "retract",
            ACT,
            (),
            (ON_RESOLVE,),
            "an opponent's open Bakugan not in this battle closes; its cores go back",
            OPPONENT_VICTOR,
        ),
        _p("destroy_this", ACT, (), (TRIGGER,), "this Hero is destroyed"),
    )
}

CONDITIONS = ("flow", "fury", "turbo", "domination", "sacrifice")
CONDITION_PREFIXES = ("core:", "faction:", "hero:")
CORE_TYPES = tuple(c.value for c in CoreType)


def check_condition(text: Any) -> str | None:
    """The problem with a `when` / `unless` condition, or None."""
    if not isinstance(text, str):
        return f"must be a condition string, got {text!r}"
    if text in CONDITIONS:
        return None
    head, _, arg = text.partition(":")
    if head == "core" and arg in CORE_TYPES:
        return None
    if head == "faction" and arg in FACTIONS:
        return None
    if head == "hero" and arg:
        return None
    return (
        f"unknown condition {text!r} (one of {', '.join(CONDITIONS)},"
        f" core:TYPE, faction:FACTION, hero:ID)"
    )


def check_effect(effect: Mapping[str, Any], place: str, card_type: CardType) -> list[str]:
    """Problems with one effect table placed at `place` on a card of `card_type`;
    each reads ``field: problem`` (the field within the effect)."""
    kind = effect.get("kind")
    if not isinstance(kind, str) or kind not in PRIMITIVES:
        return [f"kind: unknown primitive {kind!r} (one of {', '.join(PRIMITIVES)})"]
    prim = PRIMITIVES[kind]
    problems = []
    if place not in prim.places:
        problems.append(f"kind: {kind} cannot stand in {place}")
    if kind == "stop" and card_type is not CardType.FLIP:
        problems.append("kind: stop is a Flip's text")
    if kind == "destroy_this" and card_type is not CardType.HERO:
        problems.append("kind: destroy_this is a Hero's text")
    names = {p.name for p in prim.params}
    for extra in sorted(set(effect) - names - {"kind", "when", "unless"}):
        problems.append(f"{extra}: unknown parameter of {kind}")
    for param in prim.params:
        if param.name not in effect:
            if param.required:
                problems.append(f"{param.name}: missing")
            continue
        problem = param.check(effect[param.name])
        if problem:
            problems.append(f"{param.name}: {problem}")
    to = effect.get("to")
    if isinstance(to, str) and place == STATIC and to not in TO_STATIC:
        problems.append(f"to: lasting text cannot name {to!r} ({', '.join(TO_STATIC)})")
    if kind == "stop" and ("factions" in effect) == ("except" in effect):
        problems.append("factions: name either factions or except")
    for key in ("when", "unless"):
        if key in effect:
            problem = check_condition(effect[key])
            if problem:
                problems.append(f"{key}: {problem}")
    return problems


def targets_of(effects: tuple[Any, ...]) -> tuple[str, ...]:
    """The target kinds a card's effects need, in `TARGET_ORDER` (each at most once)."""
    wanted = set()
    for e in effects:
        prim = PRIMITIVES[e.kind]
        if prim.target:
            wanted.add(prim.target)
        if e.kind == "attach_core":
            wanted.add(OPEN_BAKUGAN)
        if e.params.get("to") == "chosen":
            wanted.add(SIDE)
    return tuple(t for t in TARGET_ORDER if t in wanted)


def play_targets(card: CardDef) -> tuple[str, ...]:
    """The target kinds a play of `card` names, in order: an Evolution first its own
    Character (the Bakugan it evolves), then what the card's effects need (`targets_of`)."""
    kinds = targets_of(card.effects)
    if card.type is CardType.EVOLUTION:
        return (OWN_CHARACTER, *kinds)
    return kinds


def names_sacrifice(card: CardDef) -> bool:
    """Whether a play of `card` may name a card of the hand to sacrifice: some effect
    of it is done when (or unless) a card is sacrificed (the ``sacrifice`` condition)."""
    return any("sacrifice" in (e.when, e.unless) for e in card.effects)
