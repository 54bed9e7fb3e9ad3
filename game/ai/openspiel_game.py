"""The classic game as an OpenSpiel game: ``pyspiel.load_game("bakugan_classic")``.

Importing this module (it needs ``open-spiel``: ``pip install -e ".[test]"`` on the
platforms it ships wheels for) registers the Python game `bakugan_classic` with OpenSpiel.
The rules are the rules core's own (`game.rules.classic.MatchState`); this module only
translates:

- **Chance.** Each player's kit is dealt piece by piece from the card pool by chance
  nodes (Bakugan, then one Gate Card of each colour, then one Ability Card of each
  colour, player 0 first; uniform over what that player does not hold yet, the way
  `random_kit` deals). With ``random_order`` a chance node then draws the seating, and
  with ``first_player=-1`` one draws who starts (the core would use its seed).
  A throw's landing is a chance node whose probabilities are the rules-only landing
  model's (`game.match.sim.LandingModel`): without an aim, each Gate Card on the field
  with ``(hit_aim + hit_other) / cards``, a miss with the rest; with an aim (parameter
  ``aimed_throws``), the aimed card with ``hit_aim`` more. With ``support`` each kit is
  also dealt that many Bakugan Traps / Battle Gear by chance (and with ``evolutions``
  its Bakugan's Evolution cards); a Trap of several faces shows the one a chance node
  draws when it opens (the core would draw it from its generator).
- **Actions.** `ActionCodec` numbers every action the card pool allows, in one table:
  player actions in ``[0, num_distinct_actions)``, chance outcomes in
  ``[0, max_chance_outcomes)``. A player's own pieces are named by id (both players may
  own the same card); the acting player comes from the state. ``action_to_string`` is the
  core's readable notation (``p0 set gold_volcano @2,2``).
- **What a seat sees.** Observation strings and tensors are built from the core's
  ``observation(player)``: the opponent's hand shows as counts, his face-down Gate Cards
  without their faces. The information state (perfect recall) is that observation plus
  the seat's history: every action and event as the seat saw it (the core's `redact`).
- **Serialization.** A state pickles as the core's JSON (`MatchState.to_json`) plus the
  deal, the aim and the action history; `serialize`/`deserialize_state` go through it.
- **Resampling.** `resample_from_infostate` (and `make_resampler` for
  ``ISMCTSBot.set_resampler``) redraws only what the seat cannot see: the opponents'
  unseen Gate and Ability Cards, consistent with every card of theirs already seen.

The rules core has no turn limit; OpenSpiel needs a finite game, so a match still
undecided when turn ``max_turns`` ends is a draw (returns 0). Games last about 13 turns.
"""

from __future__ import annotations

import base64
import dataclasses
import itertools
import json
import math
import pickle
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any

import numpy as np
import pyspiel

from game.ai.search import face_seed
from game.rules.classic import (
    CHANCE,
    AbilityColour,
    Action,
    Catalog,
    ChooseAttribute,
    Evolve,
    GateColour,
    IllegalAction,
    Kit,
    Land,
    MatchState,
    Miss,
    MoveBakugan,
    Pass,
    PlayAbility,
    PlayGear,
    PlayTrap,
    SetGate,
    Settings,
    Slot,
    TakeGate,
    Throw,
    redact,
)
from game.rules.classic.battle import gear_choices
from game.rules.classic.defs import ATTRIBUTES
from game.rules.classic.events import Event, GateSet
from game.rules.classic.observation import Observation, PlayerView

GAME_NAME = "bakugan_classic"
MAX_PLAYERS = 4  # what the registration allows; the rules core decides what it supports
SHIPPED_POOL = "shipped"  # the card_pool parameter's default: every shipped card

# Parameters that are not rule settings (the rule settings are `Settings`' fields).
EXTRA_PARAMS: dict[str, Any] = {
    "card_pool": SHIPPED_POOL,  # or piece ids joined by "+" (gates, abilities, Bakugan)
    "hit_aim": 0.55,  # = game.match.sim.LandingModel().hit_aim
    "hit_other": 0.20,  # = game.match.sim.LandingModel().hit_other
    "aimed_throws": False,  # a throw names the Gate Card it aims at
    "max_turns": 100,  # a match undecided after this turn is a draw
    "support": 0,  # Bakugan Traps / Battle Gear dealt to each kit (the season's limit caps it)
    "evolutions": False,  # each kit gets its Bakugan's Evolution cards
}

# Ability effect kinds whose card is played with a target, and the target's shape.
# (One place to extend when the rules core gives cards new kinds of targets.)
ABILITY_TARGETS: dict[str, str] = {
    "move_bakugan": "bakugan_slot",
    "recover_bakugan": "bakugan",
}

_PHASES = ("deal", "setup", "main", "landing", "own", "battle", "open", "over")
_WINDOWS = ("attribute", "start", "during", "after")
_MISS_REASON = "off_card"
PUBLIC = -2  # a history "viewer" who sees only what everyone sees
EVERYTHING = -3  # a history "viewer" who sees everything
_DEAL = "deal"


# ======================================================================= parameters


def _int_tuple_field(f: dataclasses.Field[Any]) -> bool:
    return isinstance(f.default, tuple) and str(f.type).startswith("tuple[int")


def _settings_defaults() -> dict[str, Any]:
    """Every rule setting of `Settings` as an OpenSpiel parameter, with its default.

    Numbers, flags and words as they are; a tuple of integers (the grid) as ``5x4``.
    """
    out: dict[str, Any] = {}
    for f in dataclasses.fields(Settings):
        value: Any = f.default
        if isinstance(value, bool | int | float | str):
            out[f.name] = value
        elif _int_tuple_field(f):
            out[f.name] = "x".join(str(v) for v in value)
    return out


def parameter_defaults() -> dict[str, Any]:
    """The game's parameters and their defaults (rule settings, then the others)."""
    return {**_settings_defaults(), **EXTRA_PARAMS}


def settings_from(params: dict[str, Any]) -> Settings:
    """The rule settings the parameters name. With `Settings.preset` (games of 3-4
    players, the Big Game) the preset of ``players``/``big_game`` is the base and only the
    parameters that differ from the plain defaults change it."""
    defaults = _settings_defaults()
    changed: dict[str, Any] = {}
    for f in dataclasses.fields(Settings):
        if f.name not in params or f.name not in defaults:
            continue
        value = params[f.name]
        if value == defaults[f.name] and f.name not in ("players", "big_game"):
            continue
        if _int_tuple_field(f):
            text = str(value).lower().strip()
            try:
                value = tuple(int(v) for v in text.split("x")) if text else ()
            except ValueError:
                raise ValueError(
                    f"{GAME_NAME}: {f.name}: expected numbers joined by x (5x4), got {value!r}"
                ) from None
        changed[f.name] = value
    preset = getattr(Settings, "preset", None)
    if preset is not None:
        players = int(changed.pop("players", 2))
        big = bool(changed.pop("big_game", False))
        settings: Settings = preset(players, big, **changed)
    else:
        settings = Settings(**changed)
    settings.check()
    return settings


@cache
def _shipped_catalog() -> Catalog:
    from game.content.classic import shipped_catalog  # the data files, loaded once

    return shipped_catalog()


def pool_catalog(card_pool: str, catalog: Catalog | None = None) -> Catalog:
    """The catalog restricted to `card_pool` ("shipped", or ids joined by "+")."""
    full = catalog or _shipped_catalog()
    if card_pool.strip() in ("", SHIPPED_POOL):
        return full
    ids = {i for i in card_pool.replace(" ", "+").split("+") if i}
    known = set(full.bakugan) | set(full.gates) | set(full.abilities)
    unknown = sorted(ids - known - set(full.traps) - set(full.gear))
    if unknown:
        raise ValueError(f"{GAME_NAME}: card_pool: unknown ids {', '.join(unknown)}")
    return dataclasses.replace(
        full,
        bakugan=MappingProxyType({i: b for i, b in full.bakugan.items() if i in ids}),
        gates=MappingProxyType({i: g for i, g in full.gates.items() if i in ids}),
        abilities=MappingProxyType({i: a for i, a in full.abilities.items() if i in ids}),
        traps=MappingProxyType({i: t for i, t in full.traps.items() if i in ids}),
        gear=MappingProxyType({i: g for i, g in full.gear.items() if i in ids}),
        # an Evolution card when the pool holds both its Bakugan and the evolved form
        evolutions=MappingProxyType(
            {i: e for i, e in full.evolutions.items() if e.base in ids and e.evolved in ids}
        ),
    )


# ======================================================================= actions


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
        templates: list[tuple[Action, Slot | None]] = [(Pass(0), None)]
        templates += [(SetGate(0, g, s), None) for g in sorted(catalog.gates) for s in self.slots]
        for card in sorted(catalog.abilities):
            for form in _ability_forms(catalog, card):
                if form == "none":
                    templates.append((PlayAbility(0, card), None))
                elif form == "bakugan":
                    templates += [(PlayAbility(0, card, b), None) for b in bakugan]
                elif form == "bakugan_slot":
                    templates += [
                        (PlayAbility(0, card, b, s), None) for b in bakugan for s in self.slots
                    ]
                else:
                    raise ValueError(f"ActionCodec: unknown ability target form {form!r}")
        aims: list[Slot | None] = [None, *self.slots] if aimed else [None]
        templates += [(Throw(0, b), aim) for b in bakugan for aim in aims]
        templates += [(TakeGate(0, s), None) for s in self.slots]
        templates += [(MoveBakugan(0, b, s), None) for b in bakugan for s in self.slots]
        templates += [(ChooseAttribute(0, b, a), None) for b in bakugan for a in ATTRIBUTES]
        if support:
            templates += [(PlayTrap(0, t), None) for t in sorted(catalog.traps)]
            for g in sorted(catalog.gear):
                gear = catalog.gear[g]  # every choice of its abilities (any of them may be)
                choices = gear_choices(gear, gear.attribute, gear.colour)
                templates += [(PlayGear(0, g, chosen), None) for chosen in choices]
        if evolutions:
            bases = sorted({e.base for e in catalog.evolutions.values()})
            templates += [(Evolve(0, b), None) for b in bases]
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
        chance += [(_DEAL, ("bakugan", b)) for b in bakugan]
        chance += [(_DEAL, ("gate", g)) for g in sorted(catalog.gates)]
        chance += [(_DEAL, ("ability", a)) for a in sorted(catalog.abilities)]
        if support:
            chance += [(_DEAL, ("trap", t)) for t in sorted(catalog.traps)]
            chance += [(_DEAL, ("gear", g)) for g in sorted(catalog.gear)]
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

    def throw_ids(self, action: Throw, field: Iterable[Slot]) -> list[int]:
        """A throw's ids: without an aim, and (when throws aim) at each card on the field."""
        ids = [self.encode(action)]
        if self.aimed:
            ids += [self.encode(action, s) for s in field]
        return ids

    # ---- chance outcomes

    def deal_id(self, kind: str, piece: str) -> int:
        return self._chance_ids[(_DEAL, (kind, piece))]

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


def landing_distribution(
    slots: Sequence[Slot], aim: Slot | None, hit_aim: float, hit_other: float
) -> list[tuple[Slot | None, float]]:
    """`LandingModel.land` as probabilities: (slot, p) for each card, (None, p) for a miss.

    The model: with ``hit_aim`` the aimed card (if it is on the field), else with
    ``hit_other`` (``hit_aim + hit_other`` without an aim) any card uniformly, else a miss.
    """
    n = len(slots)
    aimed = aim is not None and aim in slots
    spread = hit_other if aimed else hit_aim + hit_other
    spread = min(max(spread, 0.0), 1.0)
    out: list[tuple[Slot | None, float]] = []
    for s in slots:
        p = spread / n
        if aimed and s == aim:
            p += min(max(hit_aim, 0.0), 1.0 - spread)
        out.append((s, p))
    total = sum(p for _, p in out)
    miss = 1.0 - total
    out = [(s, p) for s, p in out if p > 0.0]
    if miss > 1e-12:
        out.append((None, miss))
    norm = sum(p for _, p in out)
    return [(s, p / norm) for s, p in out]


# ======================================================================= the game's spec


@dataclass(frozen=True, slots=True, eq=False)
class Spec:
    """Everything fixed for one loaded game: parameters, catalog, codec, deal plan."""

    params: dict[str, Any]
    settings: Settings
    catalog: Catalog
    codec: ActionCodec
    hit_aim: float
    hit_other: float
    aimed: bool
    max_turns: int
    random_first: bool
    random_seating: bool
    deal_plan: tuple[tuple[int, str, str | None], ...]  # (player, kind, colour)
    pools: dict[tuple[str, str | None], tuple[str, ...]]
    support: int = 0  # Traps / Battle Gear dealt per kit (within the season's limit)
    evolutions: bool = False  # kits hold their Bakugan's Evolution cards

    @property
    def players(self) -> int:
        return self.settings.players

    @staticmethod
    def build(params: dict[str, Any]) -> Spec:
        params = {**parameter_defaults(), **params}
        settings = settings_from(params)
        random_first = settings.first_player < 0
        random_seating = bool(getattr(settings, "random_order", False))
        catalog = pool_catalog(str(params["card_pool"]))
        pools: dict[tuple[str, str | None], tuple[str, ...]] = {
            # evolved forms come into play only by evolving, never in a kit
            ("bakugan", None): tuple(
                sorted(b for b, d in catalog.bakugan.items() if not getattr(d, "evolved", False))
            )
        }
        for gc in GateColour:
            pools[("gate", gc.value)] = tuple(
                sorted(g for g, d in catalog.gates.items() if d.colour == gc)
            )
        for ac in AbilityColour:
            pools[("ability", ac.value)] = tuple(
                sorted(a for a, d in catalog.abilities.items() if d.colour == ac)
            )
        per_player: list[tuple[str, str | None]] = [("bakugan", None)] * settings.kit_bakugan
        for gc in GateColour:
            per_player += [("gate", gc.value)] * (settings.kit_gates // 3)
        for ac in AbilityColour:
            per_player += [("ability", ac.value)] * (settings.kit_abilities // 3)
        support = min(max(0, int(params["support"])), settings.support_limit()[2])
        evolutions = bool(params["evolutions"])
        pools[("trap", None)] = tuple(sorted(catalog.traps))
        pools[("gear", None)] = tuple(sorted(catalog.gear))
        if support:
            max_t, max_g, _ = settings.support_limit()
            have = min(max_t, len(catalog.traps)) + min(max_g, len(catalog.gear))
            if have < support:
                raise ValueError(
                    f"{GAME_NAME}: support: a kit needs {support} Traps or Battle Gear,"
                    f" the pool (season {settings.season}) gives {have}"
                )
            per_player += [("support", None)] * support
        for key in dict.fromkeys(k for k in per_player if k[0] != "support"):
            need = per_player.count(key)
            if len(pools[key]) < need:
                what = key[0] if key[1] is None else f"{key[1]} {key[0]}"
                raise ValueError(
                    f"{GAME_NAME}: card_pool: a kit needs {need} {what} cards,"
                    f" the pool has {len(pools[key])}"
                )
        plan = tuple((p, k, c) for p in range(settings.players) for k, c in per_player)
        hit_aim, hit_other = float(params["hit_aim"]), float(params["hit_other"])
        if not (hit_aim >= 0.0 and hit_other >= 0.0 and hit_aim + hit_other <= 1.0):
            raise ValueError(f"{GAME_NAME}: hit_aim, hit_other: need 0 <= each, sum <= 1")
        max_turns = int(params["max_turns"])
        if max_turns < 1:
            raise ValueError(f"{GAME_NAME}: max_turns: must be at least 1")
        aimed = bool(params["aimed_throws"])
        return Spec(
            params=params,
            settings=settings,
            catalog=catalog,
            codec=ActionCodec(catalog, settings, aimed, support > 0, evolutions),
            hit_aim=hit_aim,
            hit_other=hit_other,
            aimed=aimed,
            max_turns=max_turns,
            random_first=random_first,
            random_seating=random_seating,
            deal_plan=plan,
            pools=pools,
            support=support,
            evolutions=evolutions,
        )

    def max_game_length(self) -> int:
        """An upper bound on the actions (chance ones included) of one game."""
        s, n = self.settings, self.players
        deal = len(self.deal_plan) + self.random_first + self.random_seating
        sets = n * s.kit_gates  # every Gate Card is set at most once
        plays = n * s.kit_abilities * (1 + n)  # a play, then everyone may pass again
        # A turn: throw, landing, take/move, two attribute picks, three battle windows of
        # passes, and (3-4 players) the open window between turns.
        per_turn = 6 + 4 * n
        if self.support:  # each battler's pieces: a play, a Trap's face, two passes each
            per_turn += 2 * s.support_limit()[2] * 4
        return deal + sets + plays + (self.max_turns + 1) * per_turn + 8


@cache
def _spec_for(params_json: str) -> Spec:
    return Spec.build(json.loads(params_json))


def _params_key(params: dict[str, Any]) -> str:
    return json.dumps(params, sort_keys=True)


# ======================================================================= the state's data


@dataclass(slots=True)
class LogEntry:
    """One applied action: who, its id, and the events it caused (None: not known yet)."""

    actor: int
    action: int
    events: tuple[Event, ...] | None


class _Data:
    """The Python side of a state, kept in one attribute so cloning and pickling are ours:
    copying clones the core; pickling writes the core's JSON."""

    __slots__ = ("aim", "cache", "core", "dealt", "first", "log", "seating", "spec", "trap")

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self.dealt: list[list[str]] = [[] for _ in range(spec.players)]
        self.first: int | None = None if spec.random_first else spec.settings.first_player
        self.seating: tuple[int, ...] | None = None  # drawn, when random_order
        self.core: MatchState | None = None
        self.aim: Slot | None = None
        self.log: list[LogEntry] = []
        self.cache: dict[Any, Any] = {}
        self.trap: int | None = None  # a Trap of several faces played: its face is chance

    def __deepcopy__(self, memo: dict[int, Any]) -> _Data:
        d = _Data.__new__(_Data)
        d.spec = self.spec
        d.dealt = [list(x) for x in self.dealt]
        d.first = self.first
        d.seating = self.seating
        d.core = None if self.core is None else self.core.clone()
        d.aim = self.aim
        d.log = list(self.log)  # entries are never changed in place
        d.cache = dict(self.cache)  # rendered history prefixes stay valid
        d.trap = self.trap
        return d

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore_data, (json.dumps(self.to_json(), sort_keys=True),))

    # ---- JSON

    def to_json(self) -> dict[str, Any]:
        return {
            "format": "bakugan-openspiel-state/1",
            "params": self.spec.params,
            "dealt": self.dealt,
            "first": self.first,
            "seating": None if self.seating is None else list(self.seating),
            "aim": None if self.aim is None else list(self.aim),
            "core": None if self.core is None else self.core.to_json(),
            "history": [[e.actor, e.action] for e in self.log],
            "trap": self.trap,
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> _Data:
        spec = _spec_for(_params_key(data["params"]))
        d = _Data(spec)
        d.dealt = [list(x) for x in data["dealt"]]
        d.first = data["first"]
        d.seating = None if data.get("seating") is None else tuple(data["seating"])
        d.aim = None if data["aim"] is None else (data["aim"][0], data["aim"][1])
        d.core = None if data["core"] is None else MatchState.from_json(data["core"], spec.catalog)
        d.log = [LogEntry(int(a), int(i), None) for a, i in data["history"]]
        d.trap = data.get("trap")
        return d

    # ---- queries

    def deal_step(self) -> tuple[int, str, str | None] | None:
        done = sum(len(x) for x in self.dealt)
        plan = self.spec.deal_plan
        return plan[done] if done < len(plan) else None

    def need_seating(self) -> bool:
        return self.spec.random_seating and self.seating is None

    def terminal(self) -> bool:
        core = self.core
        return core is not None and (core.is_over() or core.turn > self.spec.max_turns)

    def current(self) -> int:
        core = self.core
        if core is None:
            return CHANCE
        if core.is_over() or core.turn > self.spec.max_turns:
            return int(pyspiel.PlayerId.TERMINAL)
        if self.trap is not None:
            return CHANCE
        p = core.current_player()
        assert p is not None
        return p

    def kit(self, player: int) -> Kit:
        kinds = [k for q, k, _ in self.spec.deal_plan if q == player]
        ids = self.dealt[player]
        cat = self.spec.catalog
        bakugan = tuple(i for k, i in zip(kinds, ids, strict=False) if k == "bakugan")
        pieces = [i for k, i in zip(kinds, ids, strict=False) if k == "support"]
        cards: list[str] = []
        if self.spec.evolutions:  # the Evolution card of each kit Bakugan, as random_kit
            have = set(bakugan)
            for card, evo in sorted(cat.evolutions.items()):
                if evo.base in have and evo.evolved not in have:
                    cards.append(card)
                    have.add(evo.evolved)
        return Kit(
            bakugan,
            tuple(i for k, i in zip(kinds, ids, strict=False) if k == "gate"),
            tuple(i for k, i in zip(kinds, ids, strict=False) if k == "ability"),
            tuple(i for i in pieces if i in cat.traps),
            tuple(i for i in pieces if i in cat.gear),
            tuple(cards),
        )

    def support_deal(self, player: int) -> list[tuple[int, float]]:
        """A Trap or Battle Gear dealt to `player`, as `random_kit` deals it: a Trap or a
        Gear with even chances (one kind when the season's limit or the pool leaves only
        it), then uniformly among the pool's pieces of that kind he does not hold."""
        spec, codec = self.spec, self.spec.codec
        kit = self.kit(player)
        max_t, max_g, _ = spec.settings.support_limit()
        kinds = []
        for kind, held, most in (("trap", kit.traps, max_t), ("gear", kit.gear, max_g)):
            free = [x for x in spec.pools[(kind, None)] if x not in held]
            if len(held) < most and free:
                kinds.append((kind, free))
        out = []
        for kind, free in kinds:
            out += [(codec.deal_id(kind, x), 1.0 / len(kinds) / len(free)) for x in free]
        return sorted(out)

    # ---- chance

    def chance_outcomes(self) -> list[tuple[int, float]]:
        spec, codec = self.spec, self.spec.codec
        step = self.deal_step()
        if step is not None and step[1] == "support":
            return self.support_deal(step[0])
        if step is not None:
            player, kind, colour = step
            held = set(self.dealt[player])
            ids = sorted(
                codec.deal_id(kind, x) for x in spec.pools[(kind, colour)] if x not in held
            )
            return [(i, 1.0 / len(ids)) for i in ids]
        if self.core is None:
            n = spec.players
            if self.need_seating():
                perms = list(itertools.permutations(range(n)))
                return sorted((codec.seating_id(x), 1.0 / len(perms)) for x in perms)
            return [(codec.first_id(p), 1.0 / n) for p in range(n)]
        if self.trap is not None:  # the face a Trap shows when it opens, each as likely
            faces = self.trap_faces()
            return [(codec.face_id(i), 1.0 / faces) for i in range(faces)]
        dist = landing_distribution(list(self.core.field), self.aim, spec.hit_aim, spec.hit_other)
        out = [(codec.miss_id() if s is None else codec.land_id(s), p) for s, p in dist]
        return sorted(out)

    def trap_faces(self) -> int:
        """How many faces the Trap waiting to open has."""
        assert self.core is not None and self.trap is not None
        p = self.core.current_player()
        assert p is not None
        action, _ = self.spec.codec.decode(p, self.trap)
        assert isinstance(action, PlayTrap)
        return len(self.spec.catalog.traps[action.trap].faces)

    # ---- moves

    def legal_actions(self) -> list[int]:
        core = self.core
        assert core is not None
        codec = self.spec.codec
        out: list[int] = []
        for a in core.legal_actions():
            if isinstance(a, Throw):
                out += codec.throw_ids(a, core.field)
            else:
                out.append(codec.encode(a))
        out.sort()
        return out

    def apply(self, action_id: int) -> None:
        spec = self.spec
        if self.cache:
            self.cache = {k: v for k, v in self.cache.items() if k[0] == "hist"}
        step = self.deal_step()
        if step is not None or self.core is None:
            what, value = spec.codec.chance(action_id)
            if step is not None:
                player, kind, colour = step
                if kind == "support":
                    ok = action_id in dict(self.support_deal(player))
                else:
                    ok = (
                        what == _DEAL
                        and value[0] == kind
                        and value[1] in spec.pools[(kind, colour)]
                    )
                if not ok:
                    raise ValueError(f"{GAME_NAME}: {what} {value} is not a deal of a {kind} now")
                if value[1] in self.dealt[player]:
                    raise ValueError(f"{GAME_NAME}: p{player} already holds {value[1]}")
                self.dealt[player].append(value[1])
            elif self.need_seating():
                if what != "seating":
                    raise ValueError(f"{GAME_NAME}: expected the seating's draw")
                self.seating = tuple(value)
            else:
                if what != "first":
                    raise ValueError(f"{GAME_NAME}: expected the first player's draw")
                self.first = int(value)
            self.log.append(LogEntry(CHANCE, action_id, ()))
            if self.deal_step() is None and not self.need_seating() and self.first is not None:
                settings = dataclasses.replace(spec.settings, first_player=self.first)
                if self.seating is not None:
                    settings = dataclasses.replace(
                        settings, seating=self.seating, random_order=False
                    )
                kits = [self.kit(p) for p in range(spec.players)]
                self.core, events = MatchState.new(spec.catalog, kits, settings, seed=0)
                self.log[-1] = LogEntry(CHANCE, action_id, tuple(events))
            return
        core = self.core
        actor = core.current_player()
        assert actor is not None
        action: Action
        if self.trap is not None:
            what, value = spec.codec.chance(action_id)
            faces = self.trap_faces()
            if what != "face" or not 0 <= value < faces:
                raise ValueError(f"{GAME_NAME}: {what} {value} is not one of the Trap's faces")
            action, _ = spec.codec.decode(actor, self.trap)
            core.rng = random.Random(face_seed(faces, value))  # the core draws this face
            self.trap = None
            events = core.apply(action)
            self.log.append(LogEntry(CHANCE, action_id, tuple(events)))
            return
        if actor == CHANCE:
            what, value = spec.codec.chance(action_id)
            if what == "land":
                action = Land(value)
            elif what == "miss":
                action = Miss(_MISS_REASON)
            else:
                raise ValueError(f"{GAME_NAME}: chance outcome {what} {value} is not a landing")
            self.aim = None
        else:
            action, aim = spec.codec.decode(actor, action_id)
            if aim is not None:
                if not isinstance(action, Throw) or aim not in core.field:
                    raise ValueError(f"{GAME_NAME}: cannot aim {action} at {aim}")
                self.aim = aim
            if isinstance(action, PlayTrap) and len(spec.catalog.traps[action.trap].faces) > 1:
                # what it hides is drawn when it opens: the next node is chance
                problem = core.why_illegal(action)
                if problem is not None:
                    raise IllegalAction(action, problem)
                self.trap = action_id
                self.log.append(LogEntry(actor, action_id, ()))
                return
        events = core.apply(action)
        self.log.append(LogEntry(actor, action_id, tuple(events)))

    def returns(self) -> list[float]:
        n = self.spec.players
        core = self.core
        if core is None or not core.is_over() or core.winner is None:
            return [0.0] * n
        lose = -1.0 / (n - 1)
        return [1.0 if p == core.winner else lose for p in range(n)]

    # ---- text

    def action_text(self, actor: int, action_id: int, viewer: int | None = None) -> str:
        """The action in the core's notation; as `viewer` may see it if given."""
        codec = self.spec.codec
        if actor == CHANCE:
            what, value = codec.chance(action_id)
            if what == _DEAL:
                return f"deal {value[0]} {value[1]}"
            if what == "first":
                return f"first p{value}"
            if what == "seating":
                return "seating " + " ".join(f"p{p}" for p in value)
            if what == "land":
                return str(Land(value))
            if what == "face":
                return f"trap face {value}"
            return str(Miss(_MISS_REASON))
        action, aim = codec.decode(actor, action_id)
        if viewer is not None and viewer not in (actor, EVERYTHING) and isinstance(action, SetGate):
            text = str(redact(GateSet(actor, action.gate, action.slot), viewer))
        else:
            text = str(action)
        return text + (f" aim @{aim[0]},{aim[1]}" if aim is not None else "")

    def state_text(self) -> str:
        """Everything in the state, for OpenSpiel's ``ToString`` (the core's JSON, its
        random generator's state as a digest)."""
        cached = self.cache.get(("str",))
        if cached is not None:
            return str(cached)
        core: dict[str, Any] | None = None
        if self.core is not None:
            core = self.core.to_json()
            rng = core.get("rng")
            if isinstance(rng, list) and len(rng) == 3:
                core["rng"] = [rng[0], hash(tuple(rng[1])), rng[2]]
        text = json.dumps(
            {
                "dealt": self.dealt,
                "seating": self.seating,
                "first": self.first,
                "aim": self.aim,
                "core": core,
                "trap": self.trap,
            },
            sort_keys=True,
        )
        self.cache[("str",)] = text
        return text

    def ensure_events(self) -> None:
        """Restore the events of a deserialized history by replaying it (deterministic)."""
        if all(e.events is not None for e in self.log):
            return
        replay = _Data(self.spec)
        for e in self.log:
            replay.apply(e.action)
        self.log = replay.log

    def history_lines(self, viewer: int) -> str:
        """The seat's history: each action and its events as `viewer` saw them
        (`PUBLIC`: as anyone sees them; `EVERYTHING`: nothing hidden)."""
        key = ("hist", viewer)
        done: int
        text: str
        done, text = self.cache.get(key, (0, ""))
        if done < len(self.log):
            self.ensure_events()
            deal_index = sum(1 for e in self.log[:done] if e.actor == CHANCE and _is_deal(self, e))
            lines = [text] if text else []
            plan = self.spec.deal_plan
            for e in self.log[done:]:
                if e.actor == CHANCE and _is_deal(self, e):
                    player, kind, _ = plan[deal_index]
                    deal_index += 1
                    _, (k, piece) = self.spec.codec.chance(e.action)
                    sees = viewer in (player, EVERYTHING) or kind in ("bakugan", "support")
                    shown = piece if sees else "?"
                    line = f"deal p{player} {k} {shown}"
                else:
                    line = self.action_text(e.actor, e.action, viewer)
                assert e.events is not None
                if e.events:
                    shown_events = (
                        e.events
                        if viewer == EVERYTHING
                        else (redact(ev, viewer) for ev in e.events)
                    )
                    line += " => " + "; ".join(str(ev) for ev in shown_events)
                lines.append(line)
            text = "\n".join(lines)
            self.cache[key] = (len(self.log), text)
        return text


def _is_deal(d: _Data, e: LogEntry) -> bool:
    return d.spec.codec.chance(e.action)[0] == _DEAL


def _restore_data(payload: str) -> _Data:
    return _Data.from_json(json.loads(payload))


# ======================================================================= views


def _hide_own(obs: Observation) -> Observation:
    """The public part of `obs`: the viewer's own hand and face-down gates hidden too."""
    v = obs.viewer
    field = tuple(
        dataclasses.replace(g, gate=None) if g.owner == v and not g.face_up else g
        for g in obs.field
    )
    players = tuple(
        dataclasses.replace(p, gates=None, abilities=None) if p.player == v else p
        for p in obs.players
    )
    return dataclasses.replace(obs, field=field, players=players)


def _reveal_all(core: MatchState, viewer: int) -> Observation:
    """Everything: each player's hand and every face, from each player's own observation."""
    views = [core.observation(p) for p in range(core.settings.players)]
    obs = views[viewer]
    field = tuple(
        dataclasses.replace(g, gate=views[g.owner].field[i].gate) for i, g in enumerate(obs.field)
    )
    players = tuple(views[p.player].players[p.player] for p in obs.players)
    return dataclasses.replace(obs, field=field, players=players)


def _view(d: _Data, viewer: int, private: str) -> Observation | None:
    """The core's ``observation(viewer)`` (``private``: "single"; "none": the public part;
    "all": everything), kept until the state changes."""
    core = d.core
    if core is None:
        return None
    key = ("view", viewer, private)
    cached: Observation | None = d.cache.get(key)
    if cached is not None:
        return cached
    if private == "all":
        obs = _reveal_all(core, viewer)
    else:
        obs = core.observation(viewer)
        if private == "none":
            obs = _hide_own(obs)
    d.cache[key] = obs
    return obs


def _slot(s: Slot) -> str:
    return f"@{s[0]},{s[1]}"


def render_observation(d: _Data, viewer: int, private: str = "single") -> str:
    """The seat's view as text, built from the core's ``observation(viewer)``."""
    key = ("obs", viewer, private)
    cached = d.cache.get(key)
    if cached is not None:
        return str(cached)
    obs = _view(d, viewer, private)
    text = _render_deal(d, viewer, private) if obs is None else _render_obs(d, obs)
    d.cache[key] = text
    return text


def _render_deal(d: _Data, viewer: int, private: str) -> str:
    lines = [f"p{viewer} view | dealing kits"]
    for p in range(d.spec.players):
        kit = d.kit(p)
        sees = private == "all" or (private == "single" and p == viewer)
        hand = (
            f"gates {' '.join(kit.gates) or '-'} | abilities {' '.join(kit.abilities) or '-'}"
            if sees
            else f"{len(kit.gates)} gates, {len(kit.abilities)} abilities"
        )
        pieces = " ".join(kit.traps + kit.gear)
        lines.append(
            f"p{p}: bakugan {' '.join(kit.bakugan) or '-'} | {hand}"
            + (f" | pieces {pieces}" if pieces else "")
        )
    if d.seating is not None:
        lines.append("seating " + " ".join(f"p{p}" for p in d.seating))
    if d.first is not None and d.spec.random_first:
        lines.append(f"first p{d.first}")
    return "\n".join(lines)


def _render_obs(d: _Data, obs: Observation) -> str:
    current = (
        "-" if obs.current is None else ("chance" if obs.current == CHANCE else f"p{obs.current}")
    )
    head = (
        f"p{obs.viewer} view | turn {obs.turn} of p{obs.turn_player} | {obs.phase} | to act "
        f"{current} | {obs.gates_to_win} gates to win"
    )
    if obs.winner is not None:
        head += f" | p{obs.winner} won"
    elif d.core is not None and d.core.turn > d.spec.max_turns:
        head += " | draw (turn limit)"
    lines = [head]
    if obs.thrown is not None:
        aim = "" if d.aim is None else f" aiming {_slot(d.aim)}"
        lines.append(f"thrown: p{obs.thrown[0]} {obs.thrown[1]}{aim}")
    for g in obs.field:
        face = g.gate or "?"
        up = " open" if g.face_up else ""
        standing = " ".join(f"p{p}:{b}" for p, b in g.standing) or "-"
        lines.append(f"gate {_slot(g.slot)} p{g.owner} {face}{up} [{standing}]")
    for p in obs.players:
        cap = " ".join(f"p{o}:{g}" for o, g in p.captured) or "-"
        hand = (
            f"gates {' '.join(p.gates) or '-'} | abilities {' '.join(p.abilities or ()) or '-'}"
            if p.gates is not None
            else f"{p.gate_count} gates, {p.ability_count} abilities in hand"
        )
        lines.append(
            f"p{p.player}: unused {' '.join(p.unused) or '-'} | used {' '.join(p.used) or '-'}"
            f" | captured {cap} | played {' '.join(p.used_abilities) or '-'} | {hand}"
            + _render_pieces(p)
        )
    b = obs.battle
    if b is not None:
        sides = " vs ".join(
            f"p{s.player} {s.bakugan} {s.attribute or 'clear'} {s.total}"
            for s in b.evaluation.sides
        )
        plays = " ".join(f"p{p}:{c}" for p, c in b.plays) or "-"
        pieces = " ".join(
            f"p{x.player}:{x.piece}({x.shown}{''.join(', ' + a for a in x.abilities)})"
            for x in b.supports
        )
        lines.append(
            f"battle {_slot(b.slot)} {b.window}{' gate open' if b.gate_open else ''}: {sides}"
            f" | leads p{b.evaluation.sides[b.evaluation.winner].player} | plays {plays}"
            + (f" | pieces {pieces}" if pieces else "")
        )
    if d.trap is not None:
        lines.append("a Trap opens: its face is drawn")
    return "\n".join(lines)


def _render_pieces(p: PlayerView) -> str:
    """A player's Traps, Battle Gear and Evolution cards (public), when he has any."""
    parts = []
    for name, ready, done in (
        ("traps", p.traps, p.used_traps),
        ("gear", p.gear, p.used_gear),
        ("evolutions", p.evolutions, p.evolved),
    ):
        if ready or done:
            parts.append(f"{name} {' '.join(ready) or '-'} (done {' '.join(done) or '-'})")
    return "".join(f" | {x}" for x in parts)


def render_information_state(d: _Data, viewer: int) -> str:
    """Perfect recall: the seat's view now, then everything it saw happen, in order."""
    key = ("info", viewer)
    cached = d.cache.get(key)
    if cached is not None:
        return str(cached)
    text = render_observation(d, viewer) + "\n--\n" + d.history_lines(viewer)
    d.cache[key] = text
    return text


class TensorLayout:
    """The pieces of the observation tensor (names and shapes), for one spec."""

    def __init__(self, spec: Spec) -> None:
        n, cat = spec.players, spec.catalog
        self.slots = grid_slots(spec.settings)
        self.slot_index = {s: i for i, s in enumerate(self.slots)}
        self.bakugan = {b: i for i, b in enumerate(sorted(cat.bakugan))}
        self.gates = {g: i for i, g in enumerate(sorted(cat.gates))}
        self.abilities = {a: i for i, a in enumerate(sorted(cat.abilities))}
        self.attributes = {a: i for i, a in enumerate(ATTRIBUTES)}
        ns, nb, ng, na = len(self.slots), len(self.bakugan), len(self.gates), len(self.abilities)
        self.pieces: list[tuple[str, tuple[int, ...]]] = [
            ("viewer", (n,)),
            ("current", (n + 1,)),  # the last: chance
            ("phase", (len(_PHASES),)),
            ("turn_player", (n,)),
            ("progress", (2,)),  # turn / max_turns, gates to win / 10
            ("field_gate", (ns, n + 2)),  # present, owner, face up
            ("field_face", (ns, ng)),
            ("field_standing", (ns, n, nb)),
            ("thrown", (n, nb)),
            ("aim", (ns,)),
            ("unused", (n, nb)),
            ("used", (n, nb)),
            ("captured", (n, n, ng)),  # capturer, owner, gate
            ("played", (n, na)),
            ("hand_counts", (n, 2)),
            ("hand_gates", (n, ng)),
            ("hand_abilities", (n, na)),
            ("battle", (1 + ns + len(_WINDOWS) + 1,)),  # active, slot, window, gate open
            ("battle_sides", (2, n + nb + len(ATTRIBUTES) + 1)),
            ("battle_power", (2, 2)),  # total / 1000, leads
            ("battle_plays", (n, na)),
            ("winner", (n + 1,)),  # the last: a draw
        ]
        self.traps = {t: i for i, t in enumerate(sorted(cat.traps))}
        self.gear = {g: i for i, g in enumerate(sorted(cat.gear))}
        self.evolutions = {e: i for i, e in enumerate(sorted(cat.evolutions))}
        if spec.support:  # the New Vestroia pieces, only in games that deal them
            nt, nr = len(self.traps), len(self.gear)
            self.pieces += [
                ("traps", (n, nt, 2)),  # unused, used
                ("gear", (n, nr, 2)),
                ("battle_pieces", (n, nt + nr)),
                ("trap_opening", (1,)),  # a Trap's face is being drawn
            ]
        if spec.evolutions:
            self.pieces.append(("evolution_cards", (n, len(self.evolutions), 2)))  # ready, done
        self.size = sum(math.prod(shape) for _, shape in self.pieces)


class BakuganObserver:
    """OpenSpiel's Python observer: `tensor`, `dict`, `set_from`, `string_from`."""

    def __init__(self, spec: Spec, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"{GAME_NAME}: observation parameters not supported: {params}")
        self.spec = spec
        self.perfect_recall = bool(getattr(iig_obs_type, "perfect_recall", False))
        info = getattr(iig_obs_type, "private_info", pyspiel.PrivateInfoType.SINGLE_PLAYER)
        self.private = {
            pyspiel.PrivateInfoType.SINGLE_PLAYER: "single",
            pyspiel.PrivateInfoType.NONE: "none",
            pyspiel.PrivateInfoType.ALL_PLAYERS: "all",
        }[info]
        self.layout = TensorLayout(spec)
        self.tensor = np.zeros(self.layout.size, np.float32)
        self.dict: dict[str, Any] = {}
        index = 0
        for name, shape in self.layout.pieces:
            size = math.prod(shape)
            self.dict[name] = self.tensor[index : index + size].reshape(shape)
            index += size

    def string_from(self, state: Any, player: int) -> str:
        d: _Data = state._d
        if self.perfect_recall and self.private == "single":
            return render_information_state(d, player)
        text = render_observation(d, player, self.private)
        if self.perfect_recall:
            who = {"single": player, "none": PUBLIC, "all": EVERYTHING}[self.private]
            text += "\n--\n" + d.history_lines(who)
        return text

    def set_from(self, state: Any, player: int) -> None:
        d: _Data = state._d
        key = ("tensor", player, self.private)
        cached = d.cache.get(key)
        if cached is not None:
            np.copyto(self.tensor, cached)
            return
        self._write(d, player)
        d.cache[key] = self.tensor.copy()

    def _write(self, d: _Data, player: int) -> None:
        t, lay, spec = self.dict, self.layout, self.spec
        self.tensor.fill(0.0)
        n = spec.players
        t["viewer"][player] = 1
        t["progress"][1] = spec.settings.gates_to_win / 10
        obs = _view(d, player, self.private)
        if obs is None:  # dealing
            t["current"][n] = 1
            t["phase"][0] = 1
            for p in range(n):
                kit = d.kit(p)
                for b in kit.bakugan:
                    t["unused"][p, lay.bakugan[b]] = 1
                t["hand_counts"][p] = (len(kit.gates) / 3, len(kit.abilities) / 3)
                if self.private == "all" or (self.private == "single" and p == player):
                    for g in kit.gates:
                        t["hand_gates"][p, lay.gates[g]] = 1
                    for a in kit.abilities:
                        t["hand_abilities"][p, lay.abilities[a]] = 1
            return
        t["current"][n if obs.current in (None, CHANCE) else obs.current] = obs.current is not None
        if obs.phase in _PHASES:
            t["phase"][_PHASES.index(obs.phase)] = 1
        t["turn_player"][obs.turn_player] = 1
        t["progress"][0] = obs.turn / spec.max_turns
        for gv in obs.field:
            i = lay.slot_index[gv.slot]
            t["field_gate"][i, 0] = 1
            t["field_gate"][i, 1 + gv.owner] = 1
            t["field_gate"][i, 1 + n] = gv.face_up
            if gv.gate is not None:
                t["field_face"][i, lay.gates[gv.gate]] = 1
            for p, x in gv.standing:
                t["field_standing"][i, p, lay.bakugan[x]] = 1
        if obs.thrown is not None:
            t["thrown"][obs.thrown[0], lay.bakugan[obs.thrown[1]]] = 1
            if d.aim is not None:
                t["aim"][lay.slot_index[d.aim]] = 1
        for pv in obs.players:
            p = pv.player
            for x in pv.unused:
                t["unused"][p, lay.bakugan[x]] = 1
            for x in pv.used:
                t["used"][p, lay.bakugan[x]] = 1
            for owner, g in pv.captured:
                t["captured"][p, owner, lay.gates[g]] = 1
            for a in pv.used_abilities:
                t["played"][p, lay.abilities[a]] = 1
            t["hand_counts"][p] = (
                pv.gate_count / max(1, spec.settings.kit_gates),
                pv.ability_count / max(1, spec.settings.kit_abilities),
            )
            for g in pv.gates or ():
                t["hand_gates"][p, lay.gates[g]] = 1
            for a in pv.abilities or ():
                t["hand_abilities"][p, lay.abilities[a]] = 1
        bv = obs.battle
        if bv is not None:
            ns = len(lay.slots)
            t["battle"][0] = 1
            t["battle"][1 + lay.slot_index[bv.slot]] = 1
            if bv.window in _WINDOWS:
                t["battle"][1 + ns + _WINDOWS.index(bv.window)] = 1
            t["battle"][1 + ns + len(_WINDOWS)] = bv.gate_open
            ev = bv.evaluation
            for i, side in enumerate(ev.sides):
                row = t["battle_sides"][i]
                row[side.player] = 1
                row[n + lay.bakugan[side.bakugan]] = 1
                attr = len(ATTRIBUTES) if side.attribute is None else lay.attributes[side.attribute]
                row[n + len(lay.bakugan) + attr] = 1
                t["battle_power"][i] = (side.total / 1000, ev.winner == i)
            for p, c in bv.plays:
                t["battle_plays"][p, lay.abilities[c]] = 1
        if obs.winner is not None:
            t["winner"][obs.winner] = 1
        elif d.core is not None and d.core.turn > spec.max_turns:
            t["winner"][n] = 1
        if spec.support:
            for pv in obs.players:
                for i, pile in enumerate((pv.traps, pv.used_traps)):
                    for x in pile:
                        t["traps"][pv.player, lay.traps[x], i] = 1
                for i, pile in enumerate((pv.gear, pv.used_gear)):
                    for x in pile:
                        t["gear"][pv.player, lay.gear[x], i] = 1
            if bv is not None:
                for sv in bv.supports:
                    k = (
                        lay.traps[sv.piece]
                        if sv.kind == "trap"
                        else len(lay.traps) + lay.gear[sv.piece]
                    )
                    t["battle_pieces"][sv.player, k] = 1
            t["trap_opening"][0] = d.trap is not None
        if spec.evolutions:
            for pv in obs.players:
                for i, pile in enumerate((pv.evolutions, pv.evolved)):
                    for x in pile:
                        t["evolution_cards"][pv.player, lay.evolutions[x], i] = 1


# ======================================================================= resampling


def hidden_cards(d: _Data, viewer: int) -> dict[int, tuple[set[str], set[str]]]:
    """For each opponent of `viewer`: the Gate and Ability Cards of his kit that `viewer`
    has seen (captured or opened gates, played cards), from ``observation(viewer)``.
    The rest of his Gate and Ability Cards `viewer` cannot see."""
    obs = d.core.observation(viewer) if d.core is not None else None
    out: dict[int, tuple[set[str], set[str]]] = {}
    for q in range(d.spec.players):
        if q == viewer:
            continue
        seen_g: set[str] = set()
        seen_a: set[str] = set()
        if obs is not None:
            seen_g |= {g for pv in obs.players for o, g in pv.captured if o == q}
            seen_g |= {fg.gate for fg in obs.field if fg.owner == q and fg.gate is not None}
            seen_a |= set(obs.players[q].used_abilities)
        out[q] = (seen_g, seen_a)
    return out


@dataclass(slots=True)
class _Draw:
    """One redraw of the hidden cards: each opponent's new kit so far, and for each of
    his unseen Gate Cards (by old id) the new one that takes its place."""

    dealt: list[list[str]]
    faces: dict[int, dict[str, str]]

    def hands(self, d: _Data) -> tuple[tuple[str, ...], ...]:
        """The opponents' Ability Cards (the part of a draw that can change the flow)."""
        plan = d.spec.deal_plan
        return tuple(
            tuple(
                x
                for (p, k, _), x in zip([e for e in plan if e[0] == q], self.dealt[q], strict=False)
                if k == "ability"
            )
            for q in sorted(self.faces)
        )


def _draw(d: _Data, seen: dict[int, tuple[set[str], set[str]]], rng: random.Random) -> _Draw:
    """Every unseen Gate and Ability Card of each opponent drawn again, uniformly among
    the pool's cards of its colour his kit does not visibly hold; his unseen Gate Cards'
    new ids are spread over their old places (hand or face down) at random."""
    spec = d.spec
    dealt = [list(x) for x in d.dealt]
    faces: dict[int, dict[str, str]] = {}
    for q, seen_q in seen.items():
        old = d.dealt[q]
        kinds = [(k, c) for p, k, c in spec.deal_plan if p == q][: len(old)]
        new = list(old)
        for kind, seen_ids in (("gate", seen_q[0]), ("ability", seen_q[1])):
            for colour in dict.fromkeys(c for k, c in kinds if k == kind):
                positions = [i for i, kc in enumerate(kinds) if kc == (kind, colour)]
                hidden = [i for i in positions if old[i] not in seen_ids]
                keep = {old[i] for i in positions if old[i] in seen_ids}
                pool = [x for x in spec.pools[(kind, colour)] if x not in keep]
                for i, x in zip(hidden, rng.sample(pool, len(hidden)), strict=True):
                    new[i] = x
        dealt[q] = new
        hidden_gates = [
            i for i, (k, _) in enumerate(kinds) if k == "gate" and old[i] not in seen_q[0]
        ]
        new_ids = [new[i] for i in hidden_gates]
        rng.shuffle(new_ids)
        faces[q] = dict(zip([old[i] for i in hidden_gates], new_ids, strict=True))
    return _Draw(dealt, faces)


def _history(d: _Data, draw: _Draw) -> list[LogEntry]:
    """`d`'s log with the draw in it: the deals, and the opponents' settings of the
    Gate Cards whose faces changed (their events too)."""
    codec, plan = d.spec.codec, d.spec.deal_plan
    d.ensure_events()
    counts = [0] * d.spec.players
    deal_index = 0
    log: list[LogEntry] = []
    for e in d.log:
        if e.actor == CHANCE and codec.chance(e.action)[0] == _DEAL:
            p, kind, _ = plan[deal_index]
            piece = draw.dealt[p][counts[p]]
            counts[p] += 1
            deal_index += 1
            if kind == "support":  # public pieces: never drawn again
                log.append(e)
            else:
                log.append(LogEntry(CHANCE, codec.deal_id(kind, piece), e.events))
            continue
        faces = draw.faces.get(e.actor)
        if faces:
            action, _ = codec.decode(e.actor, e.action)
            if isinstance(action, SetGate) and action.gate in faces:
                face = faces[action.gate]
                assert e.events is not None
                events = tuple(
                    dataclasses.replace(ev, gate=face)
                    if isinstance(ev, GateSet) and ev.gate == action.gate
                    else ev
                    for ev in e.events
                )
                log.append(
                    LogEntry(e.actor, codec.encode(dataclasses.replace(action, gate=face)), events)
                )
                continue
        log.append(e)
    return log


def _substitute(d: _Data, draw: _Draw) -> _Data:
    """`d` with the draw put in place: kits, hands (in kit order, as the core keeps
    them), face-down Gate Cards and the history. No check that the history fits."""
    out = d.__deepcopy__({})
    out.cache = {}
    out.dealt = [list(x) for x in draw.dealt]
    out.log = _history(d, draw)
    core = out.core
    if core is None:
        return out
    plan = d.spec.deal_plan
    kits = list(core.kits)
    for q, faces in draw.faces.items():
        for fg in core.field.values():
            if fg.owner == q and fg.gate in faces:
                fg.gate = faces[fg.gate]
        ps = core.players[q]
        kinds = [k for p, k, _ in plan if p == q]
        hidden_hand = {faces[g] for g in ps.gates}
        ps.gates = [
            x
            for k, x in zip(kinds, draw.dealt[q], strict=False)
            if k == "gate" and x in hidden_hand
        ]
        held = set(ps.abilities)
        old_kit = d.dealt[q]
        ps.abilities = [
            new
            for k, old, new in zip(kinds, old_kit, draw.dealt[q], strict=False)
            if k == "ability" and old in held
        ]
        kits[q] = out.kit(q)
    core.kits = tuple(kits)
    return out


def replay(
    spec: Spec,
    history: Sequence[LogEntry],
    viewer: int | None = None,
) -> _Data | None:
    """The data of the state `history`'s actions lead to, replayed through the rules
    core; None when some action is not legal for its actor there, or (with `viewer`)
    when `viewer` would have seen some step's events differently than `history` says."""
    out = _Data(spec)
    try:
        for e in history:
            if out.core is not None and out.current() != e.actor:
                return None
            out.apply(e.action)
            if viewer is not None:
                now, then = out.log[-1].events, e.events
                assert now is not None and then is not None
                if len(now) != len(then) or any(
                    redact(a, viewer) != redact(b, viewer) for a, b in zip(now, then, strict=True)
                ):
                    return None
    except (IllegalAction, ValueError, KeyError):
        return None
    return out


class ResampleMemory:
    """What `resample_data` learnt about the last few information sets: which of the
    opponents' Ability Card hands fit the history and which do not (only those cards
    decide whether a player is asked or skipped in a battle window; face-down Gate
    Cards change nothing until they open). A search resampling one root many times
    replays each hand once; after that a draw is checked by a look-up."""

    def __init__(self, keep: int = 8) -> None:
        self.keep = keep
        self._known: dict[tuple[int, str], dict[tuple[tuple[str, ...], ...], bool]] = {}
        # how resample_data answered: "fit" (replayed), "known" (looked up), "unchecked"
        self.stats: dict[str, int] = {"fit": 0, "known": 0, "unchecked": 0, "replays": 0}

    def known(self, viewer: int, infostate: str) -> dict[tuple[tuple[str, ...], ...], bool]:
        key = (viewer, infostate)
        found = self._known.get(key)
        if found is None:
            if len(self._known) >= self.keep:
                self._known.pop(next(iter(self._known)))
            found = self._known[key] = {}
        return found


RESAMPLE_REPLAYS = 64  # replays tried per call before the fallback world
_RESAMPLE_DRAWS = 4096  # draws per call (most judged by look-up) before the fallback
_MEMORY = ResampleMemory()


def resample_data(
    d: _Data,
    viewer: int,
    rng: random.Random,
    memory: ResampleMemory | None = None,
    replays: int = RESAMPLE_REPLAYS,
) -> _Data:
    """A state `viewer` cannot tell from `d`, everything he cannot see drawn again.

    What is hidden comes from the core's ``observation(viewer)`` (`hidden_cards`): each
    opponent's unseen Gate Cards (in hand and face down on the field) and Ability Cards
    (in hand). They are drawn again uniformly among the pool's cards of their colour
    that his kit does not visibly hold (`_draw`), and the deal and his Gate Card
    settings in the history change with them. A draw must fit the history: replayed
    through the rules core, every action must be legal for its actor and the viewer
    must see the same events (an opponent's new hand might have let him play where he
    was skipped, or left him nothing where he was asked). Draws that do not fit are
    drawn again, so the result is a uniform pick among the worlds consistent with all
    the viewer saw, with a history the game could have had. After `replays` replays
    without a fit (rare: a hand late in a long game) the last draw is put in place
    unchecked (`_substitute`); the viewer's information state is the same either way.
    """
    d.ensure_events()
    seen = hidden_cards(d, viewer)
    plan = d.spec.deal_plan
    dealt = plan[: sum(len(x) for x in d.dealt)]
    if not any(p != viewer and k != "bakugan" for p, k, _ in dealt):
        return d.__deepcopy__({})  # nothing hidden yet
    target = render_information_state(d, viewer)
    mem = memory or _MEMORY
    known = mem.known(viewer, target)
    draw = _draw(d, seen, rng)
    tried = 0
    for _ in range(_RESAMPLE_DRAWS):
        hands = draw.hands(d)
        fits = known.get(hands)
        if fits:
            mem.stats["known"] += 1
            return _substitute(d, draw)
        if fits is None:
            if tried >= replays:
                break
            tried += 1
            mem.stats["replays"] += 1
            out = replay(d.spec, _history(d, draw), viewer)
            if out is not None and render_information_state(out, viewer) == target:
                known[hands] = True
                mem.stats["fit"] += 1
                return out
            known[hands] = False
        draw = _draw(d, seen, rng)
    mem.stats["unchecked"] += 1
    return _substitute(d, draw)


# ======================================================================= OpenSpiel classes


_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Bakugan Battle Brawlers (classic)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_PLAYERS,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=parameter_defaults(),
    default_loadable=True,
)


class BakuganClassicGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game object; its `spec` holds the catalog, codec and deal plan."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = {k: (v.value() if hasattr(v, "value") else v) for k, v in (params or {}).items()}
        spec = _spec_for(_params_key({**parameter_defaults(), **given}))
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.codec.num_distinct_actions,
            max_chance_outcomes=spec.codec.max_chance_outcomes,
            num_players=spec.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=spec.max_game_length(),
        )
        super().__init__(_GAME_TYPE, info, params or {})
        self.spec = spec

    def new_initial_state(self, *args: Any) -> BakuganClassicState:
        if args:
            raise ValueError(f"{GAME_NAME}: no initial state from {args!r}")
        return BakuganClassicState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> BakuganObserver:
        if isinstance(iig_obs_type, dict):  # OpenSpiel calls f(params) without a type
            iig_obs_type, params = None, iig_obs_type
        return BakuganObserver(
            self.spec, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )


class BakuganClassicState(pyspiel.State):  # type: ignore[misc]
    """One match as an OpenSpiel state. The rules core's state is `core`."""

    def __init__(self, game: BakuganClassicGame) -> None:
        super().__init__(game)
        self._d = _Data(game.spec)

    # ---- the rules core, for bots that speak it

    @property
    def core(self) -> MatchState | None:
        """The rules core's state (None while kits are dealt). Read it, never change it."""
        return self._d.core

    @property
    def spec(self) -> Spec:
        return self._d.spec

    def encode(self, action: Action, aim: Slot | None = None) -> int:
        """The OpenSpiel id of a core action (a throw aimed at `aim` when throws aim; a
        landing or a miss: its chance outcome)."""
        codec = self._d.spec.codec
        if isinstance(action, Land):
            return codec.land_id(action.slot)
        if isinstance(action, Miss):
            return codec.miss_id()
        return codec.encode(action, aim)

    def decode(self, action_id: int) -> Action:
        """The core action an id stands for, for the player to act now."""
        player = self.current_player()
        if player == CHANCE:
            what, value = self._d.spec.codec.chance(action_id)
            if what == "land":
                return Land(value)
            if what == "miss":
                return Miss(_MISS_REASON)
            raise ValueError(f"{GAME_NAME}: {what} {value} is not a core action")
        return self._d.spec.codec.decode(player, action_id)[0]

    # ---- OpenSpiel API

    def current_player(self) -> int:
        return self._d.current()

    def _legal_actions(self, player: int) -> list[int]:
        assert player >= 0
        return self._d.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        assert self.is_chance_node()
        return self._d.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self._d.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        d = self._d
        if player == CHANCE:
            what, value = d.spec.codec.chance(action)
            step = d.deal_step()
            if what == _DEAL and step is not None:
                return f"deal p{step[0]} {value[0]} {value[1]}"
        return d.action_text(player, int(action))

    def is_terminal(self) -> bool:
        return self._d.terminal()

    def returns(self) -> list[float]:
        return self._d.returns()

    def __str__(self) -> str:
        return self._d.state_text()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> Any:
        """A state of the seat's information set, hidden cards drawn again (see
        `resample_data`). `probability_sampler` (OpenSpiel's, called for a uniform number)
        seeds the draw."""
        if callable(probability_sampler):
            rng = random.Random(int(probability_sampler() * 2**52))
        else:
            rng = random.Random()
        return state_with(self.get_game(), resample_data(self._d, player_id, rng))


def load_game(**params: Any) -> Any:
    """``pyspiel.load_game("bakugan_classic", params)``: e.g. ``load_game(aimed_throws=True)``."""
    return pyspiel.load_game(GAME_NAME, params)


def state_with(game: Any, data: _Data) -> Any:
    """An OpenSpiel state holding `data`, its OpenSpiel history set to `data`'s log."""
    history = ",".join(f"{e.actor}:{e.action}" for e in data.log)
    empty = base64.b64encode(pickle.dumps({})).decode("ascii")
    state = game.deserialize_state(
        f"history={history}\nmove_number={len(data.log)}\n__dict__={empty}"
    )
    state._d = data
    return state


def make_resampler(
    seed: int | None = None, memory: ResampleMemory | None = None
) -> Callable[[Any, int], Any]:
    """A resampler for ``ISMCTSBot.set_resampler``: ``(state, player) -> state`` (see
    `resample_data`), drawing from its own seeded generator and memory."""
    rng = random.Random(seed)
    mem = memory or ResampleMemory()

    def resample(state: Any, player: int) -> Any:
        return state_with(state.get_game(), resample_data(state._d, player, rng, mem))

    return resample


pyspiel.register_game(_GAME_TYPE, BakuganClassicGame)
