"""A battle in progress and its layered G-Power calculation.

G-Power is never stored: `evaluate` computes it from layers every time, so a card that
is cancelled or a gate that is nullified simply stops contributing, and the breakdown
(base, doubling, gate bonus, abilities, swap) is kept for the screen and the tests.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from types import MappingProxyType
from typing import Any

from .actions import Slot
from .defs import Attribute, Catalog, Effect, GateColour, GearDef

# Battle windows, in order.
ATTRIBUTE = "attribute"  # two clear Bakugan: pick attributes before the gate opens
START = "start"  # "before the battle" cards, before the gate opens
DURING = "during"  # after the gate opened and its bonus applied
AFTER = "after"  # the winner is known; aftermath cards


@dataclass(slots=True)
class Play:
    """An Ability Card played in this battle (or carried in from before the throw)."""

    player: int
    card: str
    cancels: int | None = None  # index of the play a nullify_ability cancels
    target: str | None = None  # the Bakugan a field card acts on when the battle ends

    def to_json(self) -> list[Any]:
        return [self.player, self.card, self.cancels, self.target]


TRAP = "trap"
GEAR = "gear"

# How a Battle Gear's property card applies (decided when the gear opens).
GEAR_ALL = "all"  # the Bakugan has the property card's attribute: the abilities chosen
GEAR_ONE = "one"  # the gear's colour is the Gate Card's: the one ability the owner chose
GEAR_NONE = "none"  # only the gear's G-Power (no ability chosen, or none allowed)


def gear_choices(
    gear: GearDef, attribute: Attribute | None, gate_colour: GateColour
) -> list[tuple[str, ...]]:
    """The property-card abilities the owner of `gear` may choose to use, on a Bakugan of
    `attribute` in a battle on a Gate Card of `gate_colour`, most abilities first, each
    choice sorted: any of them ("может получить дополнительные возможности") when the
    attribute is the card's; one or none when the colour is the Gate Card's; else none."""
    ids = [a.id for a in gear.abilities]
    if gear.attribute == attribute:
        return [tuple(sorted(c)) for k in range(len(ids), -1, -1) for c in combinations(ids, k)]
    if gear.colour == gate_colour:
        return [(a,) for a in ids] + [()]
    return [()]


def gear_mode(gear: GearDef, attribute: Attribute | None, chosen: tuple[str, ...]) -> str:
    """`GEAR_ALL`, `GEAR_ONE` or `GEAR_NONE`: by which right the `chosen` abilities apply."""
    if not chosen:
        return GEAR_NONE
    return GEAR_ALL if gear.attribute == attribute else GEAR_ONE


@dataclass(slots=True)
class Support:
    """A Bakugan Trap or Battle Gear played in this battle (it stays on the battle and
    goes to its owner's used pile when the battle ends)."""

    player: int
    kind: str  # TRAP | GEAR
    piece: str
    at: int  # how many Ability Cards were played before it: orders it among them
    face: int = 0  # a Trap: the index of the face it showed
    mode: str = GEAR_NONE  # a Gear: GEAR_ALL, GEAR_ONE or GEAR_NONE
    # A Gear: the property-card abilities its owner chose. None: a record written before
    # the owner chose (every ability in GEAR_ALL, none otherwise); see `chosen`.
    choice: tuple[str, ...] | None = ()

    def to_json(self) -> list[Any]:
        choice = None if self.choice is None else list(self.choice)
        return [self.player, self.kind, self.piece, self.at, self.face, self.mode, choice]

    @staticmethod
    def from_json(data: list[Any]) -> Support:
        p, kind, piece, at, face, mode, choice = data
        if isinstance(choice, str):  # an older record: the one ability chosen
            choice = (choice,)
        elif choice is not None:
            choice = tuple(str(c) for c in choice)
        return Support(int(p), str(kind), str(piece), int(at), int(face), str(mode), choice)

    def chosen(self, catalog: Catalog) -> tuple[str, ...]:
        """A Gear's abilities in force (an older record in GEAR_ALL: all of them)."""
        if self.choice is not None:
            return self.choice
        if self.kind == GEAR and self.mode == GEAR_ALL:
            return tuple(a.id for a in catalog.gear[self.piece].abilities)
        return ()

    def effects(self, catalog: Catalog) -> list[tuple[str, Effect]]:
        """(source label, effect) of this piece, as the battle's layers read them."""
        if self.kind == TRAP:
            face = catalog.traps[self.piece].faces[self.face]
            if face.attribute is not None:
                params: dict[str, Any] = {"attribute": face.attribute.value}
                return [(self.piece, Effect("set_attribute", MappingProxyType(params)))]
            params = {"to": "self", "amount": face.g}
            return [(self.piece, Effect("add_g", MappingProxyType(params)))]
        gear = catalog.gear[self.piece]
        out = [(self.piece, Effect("add_g", MappingProxyType({"to": "self", "amount": gear.g})))]
        chosen = self.chosen(catalog)
        for ab in gear.abilities:  # in the property card's order
            if ab.id in chosen:
                out.extend((f"{self.piece}.{ab.id}", e) for e in ab.effects)
        return out


@dataclass(slots=True)
class Battle:
    slot: Slot
    # sides[0] stood on the card first (the defender), sides[1] came last (the attacker)
    sides: list[tuple[int, str]]
    window: str = START
    order: list[int] = field(default_factory=list)  # players in priority order
    priority: int = 0  # index into order
    passes: int = 0
    gate_open: bool = False
    chosen: dict[int, Attribute] = field(default_factory=dict)  # side index -> attribute
    to_choose: list[int] = field(default_factory=list)  # side indices still to choose
    plays: list[Play] = field(default_factory=list)
    saved: list[int] = field(default_factory=list)  # side indices saved from the used pile
    winner: int | None = None  # side index, once decided
    supports: list[Support] = field(default_factory=list)  # Traps and Battle Gear played

    def clone(self) -> Battle:
        return Battle(
            self.slot,
            list(self.sides),
            self.window,
            list(self.order),
            self.priority,
            self.passes,
            self.gate_open,
            dict(self.chosen),
            list(self.to_choose),
            [Play(p.player, p.card, p.cancels, p.target) for p in self.plays],
            list(self.saved),
            self.winner,
            [
                Support(x.player, x.kind, x.piece, x.at, x.face, x.mode, x.choice)
                for x in self.supports
            ],
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "slot": list(self.slot),
            "sides": [list(s) for s in self.sides],
            "window": self.window,
            "order": self.order,
            "priority": self.priority,
            "passes": self.passes,
            "gate_open": self.gate_open,
            "chosen": {str(k): v.value for k, v in sorted(self.chosen.items())},
            "to_choose": self.to_choose,
            "plays": [p.to_json() for p in self.plays],
            "saved": self.saved,
            "winner": self.winner,
        }
        if self.supports:
            out["supports"] = [x.to_json() for x in self.supports]
        return out

    @staticmethod
    def from_json(data: dict[str, Any]) -> Battle:
        return Battle(
            (data["slot"][0], data["slot"][1]),
            [(int(p), str(b)) for p, b in data["sides"]],
            data["window"],
            list(data["order"]),
            data["priority"],
            data["passes"],
            data["gate_open"],
            {int(k): Attribute(v) for k, v in data["chosen"].items()},
            list(data["to_choose"]),
            [Play(p, c, x, t) for p, c, x, t in data["plays"]],
            list(data["saved"]),
            data["winner"],
            [Support.from_json(x) for x in data.get("supports", [])],
        )

    def side_of(self, player: int) -> int | None:
        for i, (p, _) in enumerate(self.sides):
            if p == player:
                return i
        return None

    def active_plays(self) -> list[bool]:
        """Which plays still count: a play is cancelled by a later, itself active, nullifier."""
        active = [True] * len(self.plays)
        for i in range(len(self.plays) - 1, -1, -1):
            target = self.plays[i].cancels
            if target is not None and active[i]:
                active[target] = False
        return active


@dataclass(frozen=True, slots=True)
class Side:
    """One battling Bakugan's evaluated state."""

    player: int
    bakugan: str
    attribute: Attribute | None
    total: int
    parts: tuple[tuple[str, int], ...]

    def breakdown(self) -> str:
        first, *rest = self.parts
        text = f"{first[0]} {first[1]}"
        for label, amount in rest:
            text += f", {label} {amount:+d}"
        return text


@dataclass(frozen=True, slots=True)
class Evaluation:
    sides: tuple[Side, Side]
    winner: int  # side index
    lower_wins: bool
    gate_active: bool


def _targets(to: str, actor: int, battle: Battle) -> list[int]:
    if to == "attacker":
        return [1]
    if to == "defender":
        return [0]
    idx = [0, 1]
    if to == "self":
        return [i for i in idx if battle.sides[i][0] == actor]
    if to == "opponent":
        return [i for i in idx if battle.sides[i][0] != actor]
    return idx


def battle_effects(
    battle: Battle, catalog: Catalog, gate_id: str, gate_owner: int
) -> tuple[list[tuple[int, str, Effect]], bool]:
    """The effects in force as (actor, source, effect), and whether the gate counts."""
    active = battle.active_plays()
    from_cards: list[tuple[int, str, Effect]] = []
    supports = battle.supports
    next_support = 0
    for i, (play, on) in enumerate(zip(battle.plays, active, strict=True)):
        while next_support < len(supports) and supports[next_support].at <= i:
            x = supports[next_support]
            from_cards.extend((x.player, src, e) for src, e in x.effects(catalog))
            next_support += 1
        if on:
            for effect in catalog.abilities[play.card].effects:
                if effect.kind != "recover_bakugan":  # acts when the battle ends
                    from_cards.append((play.player, play.card, effect))
    for x in supports[next_support:]:
        from_cards.extend((x.player, src, e) for src, e in x.effects(catalog))
    gate_active = battle.gate_open and not any(e.kind == "nullify_gate" for _, _, e in from_cards)
    effects: list[tuple[int, str, Effect]] = []
    if gate_active:
        effects = [(gate_owner, "gate", e) for e in catalog.gates[gate_id].effects]
    effects.extend(from_cards)
    return effects, gate_active


def evaluate(battle: Battle, catalog: Catalog, gate_id: str, gate_owner: int) -> Evaluation:
    """Each side's attribute and G-Power, layer by layer, and who wins as things stand."""
    effects, gate_active = battle_effects(battle, catalog, gate_id, gate_owner)
    defs = [catalog.bakugan[b] for _, b in battle.sides]

    # Attributes: own (or set by a card); a clear one takes the opponent's current one.
    own: list[Attribute | None] = [d.attribute for d in defs]
    for actor, _, e in effects:
        if e.kind == "set_attribute":
            for i in _targets("self", actor, battle):
                own[i] = Attribute(e.params["attribute"])
    attrs: list[Attribute | None] = list(own)
    for i in (0, 1):
        if own[i] is None:
            if own[1 - i] is not None:
                attrs[i] = own[1 - i]
            else:  # two clear Bakugan: each its own pick, or the first stander's for both
                attrs[i] = battle.chosen.get(i, battle.chosen.get(1 - i))

    parts: list[list[tuple[str, int]]] = [[("base", d.g_power)] for d in defs]
    base = [d.g_power for d in defs]
    for actor, source, e in effects:
        if e.kind == "double_species":
            hit = [i for i in (0, 1) if defs[i].species == e.params["species"]]
        elif e.kind == "double_base":
            hit = _targets(e.params["to"], actor, battle)
        else:
            continue
        for i in hit:
            parts[i].append((f"x2 {source}", base[i]))
            base[i] *= 2
    totals = list(base)
    if gate_active:
        gate = catalog.gates[gate_id]
        for i in (0, 1):
            bonus = gate.bonus(attrs[i])
            if bonus:
                parts[i].append((f"gate {attrs[i]}", bonus))
                totals[i] += bonus
    lower_wins = swap = tie_to_attacker = False
    for actor, source, e in effects:
        if e.kind == "add_g":
            for i in _targets(e.params["to"], actor, battle):
                parts[i].append((source, e.params["amount"]))
                totals[i] += e.params["amount"]
        elif e.kind == "swap_g":
            swap = not swap
        elif e.kind == "lower_wins":
            lower_wins = True
        elif e.kind == "tie_to_attacker":
            tie_to_attacker = True
    if swap:
        parts[0].append(("swap", totals[1] - totals[0]))
        parts[1].append(("swap", totals[0] - totals[1]))
        totals.reverse()

    if totals[0] == totals[1]:
        winner = 1 if tie_to_attacker else 0  # a tie: the first on the card wins
    elif lower_wins:
        winner = 0 if totals[0] < totals[1] else 1
    else:
        winner = 0 if totals[0] > totals[1] else 1
    sides = tuple(
        Side(p, b, attrs[i], totals[i], tuple(parts[i])) for i, (p, b) in enumerate(battle.sides)
    )
    return Evaluation((sides[0], sides[1]), winner, lower_wins, gate_active)


@dataclass(frozen=True, slots=True)
class Cancelled:
    """An Ability Card of the battle that a later card cancelled: the lines it would
    have given had it stood, as (side index, layer, amount), and the card that
    cancelled it (`by`)."""

    player: int
    card: str
    by: str
    lines: tuple[tuple[int, str, int], ...]


def cancelled_plays(
    battle: Battle, catalog: Catalog, gate_id: str, gate_owner: int
) -> tuple[Cancelled, ...]:
    """Every cancelled play of `battle`, in play order, with its lines: the battle
    evaluated with that one cancel undone, its layers from that card (its own line, its
    doubling, a swap it made) that the battle as it stands does not have."""
    active = battle.active_plays()
    now = evaluate(battle, catalog, gate_id, gate_owner) if not all(active) else None
    out: list[Cancelled] = []
    for i, play in enumerate(battle.plays):
        if active[i] or now is None:
            continue
        by = max(j for j, p in enumerate(battle.plays) if p.cancels == i and active[j])
        trial = battle.clone()
        trial.plays[by].cancels = None
        then = evaluate(trial, catalog, gate_id, gate_owner)
        kinds = catalog.abilities[play.card].kinds
        own = {play.card, f"x2 {play.card}"} | ({"swap"} if "swap_g" in kinds else set())
        lines: list[tuple[int, str, int]] = []
        for s, (was, had) in enumerate(zip(now.sides, then.sides, strict=True)):
            left = list(was.parts)
            for part in had.parts:
                if part in left:
                    left.remove(part)
                elif part[0] in own:
                    lines.append((s, part[0], part[1]))
        out.append(Cancelled(play.player, play.card, battle.plays[by].card, tuple(lines)))
    return tuple(out)
