"""Every action of a card pool and grid <-> an integer: `ActionCodec`.

Player actions in ``[0, num_distinct_actions)``, chance outcomes in
``[0, max_chance_outcomes)``, in one deterministic table. A player's own pieces are
named by id (both players may own the same card); the acting player comes from the
state.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterable
from typing import Any

from game.rules.classic import Action, Catalog, Settings, Slot
from game.rules.classic import actions as act
from game.rules.classic.battle import gear_choices
from game.rules.classic.defs import ATTRIBUTES

from .params import GAME_NAME

# (One place to extend when the rules core gives cards new kinds of targets.)
ABILITY_TARGETS: dict[str, str] = {
    "move_bakugan": "bakugan_slot",
    "recover_bakugan": "bakugan",
}
DEAL = "deal"


def grid_slots(settings: Settings) -> list[Slot]:
    cols, rows = settings.grid
    return [(c, r) for c in range(cols) for r in range(rows)]


def _ability_forms(catalog: Catalog, card: str) -> list[str]:
    forms = ["none"]
    for kind in sorted(catalog.abilities[card].kinds):
        form = ABILITY_TARGETS.get(kind)
        if form is not None and form not in forms:
            forms.append(form)
    return forms


class ActionCodec:
    """Every action of a card pool and grid <-> an integer, deterministically.

    Player actions (ids in ``[0, num_distinct_actions)``), in this order: pass; set each
    Gate Card on each slot; play each Ability Card with each target its effects take
    (`ABILITY_TARGETS`); throw each Bakugan (with each aim, when throws aim); take the
    Gate Card at each slot; move each Bakugan to each slot; choose each attribute for each
    Bakugan; with `support`: play each Bakugan Trap, each Battle Gear with each choice of
    its property card's abilities (all of them first, down to none); with `evolutions`:
    evolve each Bakugan an Evolution card names. Chance outcomes (ids in
    ``[0, max_chance_outcomes)``): deal each Bakugan, Gate Card, Ability Card (with
    `support`: each Trap, each Battle Gear); each seating; the first player; land on
    each slot; miss; (with `support`) the face a Trap shows when it opens, by its index.
    """

    def __init__(
        self,
        catalog: Catalog,
        settings: Settings,
        aimed: bool,
        support: bool = False,
        evolutions: bool = False,
    ) -> None:
        self.catalog = catalog
        self.players = settings.players
        self.slots = grid_slots(settings)
        self.aimed = aimed
        bakugan = sorted(catalog.bakugan)
        # Player actions, as templates for player 0.
        templates: list[tuple[Action, Slot | None]] = [(act.Pass(0), None)]
        templates += [
            (act.SetGate(0, g, s), None) for g in sorted(catalog.gates) for s in self.slots
        ]
        for card in sorted(catalog.abilities):
            for form in _ability_forms(catalog, card):
                if form == "none":
                    templates.append((act.PlayAbility(0, card), None))
                elif form == "bakugan":
                    templates += [(act.PlayAbility(0, card, b), None) for b in bakugan]
                elif form == "bakugan_slot":
                    templates += [
                        (act.PlayAbility(0, card, b, s), None) for b in bakugan for s in self.slots
                    ]
                else:
                    raise ValueError(f"ActionCodec: unknown ability target form {form!r}")
        aims: list[Slot | None] = [None, *self.slots] if aimed else [None]
        templates += [(act.Throw(0, b), aim) for b in bakugan for aim in aims]
        templates += [(act.TakeGate(0, s), None) for s in self.slots]
        templates += [(act.MoveBakugan(0, b, s), None) for b in bakugan for s in self.slots]
        templates += [(act.ChooseAttribute(0, b, a), None) for b in bakugan for a in ATTRIBUTES]
        if support:
            templates += [(act.PlayTrap(0, t), None) for t in sorted(catalog.traps)]
            for g in sorted(catalog.gear):
                gear = catalog.gear[g]  # every choice of its abilities (any of them may be)
                choices = gear_choices(gear, gear.attribute, gear.colour)
                templates += [(act.PlayGear(0, g, chosen), None) for chosen in choices]
        if evolutions:
            bases = sorted({e.base for e in catalog.evolutions.values()})
            templates += [(act.Evolve(0, b), None) for b in bases]
        self.num_distinct_actions = len(templates)
        # Per player: id -> (action, aim) and (action, aim) -> id.
        self._decode: list[list[tuple[Action, Slot | None]]] = []
        self._encode: dict[tuple[Action, Slot | None], int] = {}
        for p in range(self.players):
            row = [(dataclasses.replace(a, player=p) if p else a, aim) for a, aim in templates]
            self._decode.append(row)
            for i, key in enumerate(row):
                self._encode[key] = i
        # Chance outcomes.
        chance: list[tuple[str, Any]] = []
        chance += [(DEAL, ("bakugan", b)) for b in bakugan]
        chance += [(DEAL, ("gate", g)) for g in sorted(catalog.gates)]
        chance += [(DEAL, ("ability", a)) for a in sorted(catalog.abilities)]
        if support:
            chance += [(DEAL, ("trap", t)) for t in sorted(catalog.traps)]
            chance += [(DEAL, ("gear", g)) for g in sorted(catalog.gear)]
        chance += [("seating", x) for x in itertools.permutations(range(self.players))]
        chance += [("first", p) for p in range(self.players)]
        chance += [("land", s) for s in self.slots]
        chance += [("miss", None)]
        if support:
            faces = max((len(t.faces) for t in catalog.traps.values()), default=1)
            chance += [("face", i) for i in range(faces)]
        self.max_chance_outcomes = len(chance)
        self._chance = chance
        self._chance_ids = {c: i for i, c in enumerate(chance)}

    # ---- player actions

    def encode(self, action: Action, aim: Slot | None = None) -> int:
        try:
            return self._encode[(action, aim)]
        except KeyError:
            raise KeyError(
                f"{action} (aim {aim}) is not in {GAME_NAME}'s action table: "
                "extend ActionCodec for it"
            ) from None

    def decode(self, player: int, action_id: int) -> tuple[Action, Slot | None]:
        return self._decode[player][action_id]

    def throw_ids(self, action: act.Throw, field: Iterable[Slot]) -> list[int]:
        """A throw's ids: without an aim, and (when throws aim) at each card on the field."""
        ids = [self.encode(action)]
        if self.aimed:
            ids += [self.encode(action, s) for s in field]
        return ids

    # ---- chance outcomes

    def deal_id(self, kind: str, piece: str) -> int:
        return self._chance_ids[(DEAL, (kind, piece))]

    def seating_id(self, seating: tuple[int, ...]) -> int:
        return self._chance_ids[("seating", seating)]

    def first_id(self, player: int) -> int:
        return self._chance_ids[("first", player)]

    def land_id(self, slot: Slot) -> int:
        return self._chance_ids[("land", slot)]

    def miss_id(self) -> int:
        return self._chance_ids[("miss", None)]

    def face_id(self, face: int) -> int:
        return self._chance_ids[("face", face)]

    def chance(self, outcome: int) -> tuple[str, Any]:
        """("deal", (kind, id)), ("seating", players), ("first", player), ("land", slot),
        ("miss", None) or ("face", index)."""
        return self._chance[outcome]
