"""Everything fixed for one loaded game: `Spec` (parameters, catalog, codec, deal plan,
the landing model), built once per set of parameters (`SPECS.of`).

The cards come from `use_catalog`: this package reads no data files (`game.ai` imports
only the rules and physics); the game's record in `game.games.classic` gives it the
shipped catalog.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.ai.classic.landing import LandingModel
from game.ai.openspiel_base import Specs
from game.rules.classic import AbilityColour, Catalog, GateColour, Settings

from .codec import ActionCodec
from .params import GAME_NAME, parameter_defaults, pool_catalog, settings_from


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
    landing: LandingModel  # a throw's chance node: hit_aim, hit_other, spread over ANY card
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
        catalog = pool_catalog(str(params["card_pool"]), full_catalog())
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
            landing=LandingModel(hit_aim, hit_other),
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


SPECS = Specs[Catalog, Spec](
    f"{GAME_NAME}: no cards to deal: call game.ai.classic.openspiel.use_catalog(catalog)"
    " first (game.games.classic.openspiel_game does it with the shipped cards)",
    Spec.build,
)
"""The cards the game deals from (``card_pool`` picks among them): the game's record
(`game.games.classic`) gives it the shipped catalog. A spec is built once per set of
parameters (`Specs.of`)."""
use_catalog = SPECS.use_catalog
full_catalog = SPECS.catalog
