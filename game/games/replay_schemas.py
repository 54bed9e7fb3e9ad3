"""Each game's parts of its replay files, declared for the reader
(`game.persist.replay_schema`): the rule settings, the kits and the table of its header,
the kinds of record it writes besides ``act`` and ``note`` and their fields.

The reader checks every replay against its game's schema before anything else reads
it, so the re-runs, the Replays list and the viewers meet only fields of the right kind
(docs/replays.md). Shapes and the bounds of work only: whether the rules accept the
settings, a kit or a move is still theirs to say. A key the settings' ``to_json`` writes
and no schema names would refuse every new replay: tests/persist/test_replay_schema.py
checks each game's settings and presets against its schema.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.persist.replay_schema import (
    DIGEST,
    ID,
    POINT,
    Bool,
    GameSchema,
    Int,
    ListOf,
    MapOf,
    Nullable,
    Num,
    Obj,
    OneOf,
    Str,
    pair,
)
from game.rules.attack import Variant
from game.rules.classic import (
    CLEAR_EACH,
    CLEAR_FIRST_STANDER,
    LEVEL_UNUSED_GATES,
    LEVEL_USED_PILES,
    MARKED_OFFICIAL,
    MARKED_SEEDS,
    MULTI_FIELD_ANY,
    MULTI_OWN_BATTLE,
)
from game.rules.planet import CardPlay, TieBreakEmpty

TURNS = Int(0, 100_000)


def option(*choices: object) -> OneOf:
    return OneOf(tuple(str(c) for c in choices))


IDS = ListOf(ID, 0, 12)
THROW = {
    "origin": POINT,
    "angle": Num(),
    "speed": Num(),
    "spin": Num(),
    "radius": Num(),
    "mass": Num(),
}
"""A throw's inputs (the physics checks their ranges: a speed, a spin, a radius)."""

# ----------------------------------------------------------------------- classic

SMALL = Int(1, 12)  # kit sizes, captures to win, the grid's sides: the Big Game has 6
SLOT = pair(Int(0, 11))
CLASSIC_SETTINGS = Obj(
    {"grid": pair(SMALL)},
    {
        "players": Int(2, 4),
        "gates_to_win": SMALL,
        "first_player": Int(-1, 3),
        "clear_pair": option(CLEAR_FIRST_STANDER, CLEAR_EACH),
        "kit_bakugan": SMALL,
        "kit_gates": SMALL,
        "kit_abilities": SMALL,
        "season": Int(2, 3),
        "game_level": option(LEVEL_USED_PILES, LEVEL_UNUSED_GATES),
        "level_marked": option(MARKED_SEEDS, MARKED_OFFICIAL),
        "big_game": Bool(),
        "opening": ListOf(ListOf(SLOT, 1, 6), 0, 4),
        "seating": ListOf(Int(0, 3), 0, 4),
        "random_order": Bool(),
        "multi_cards": option(MULTI_OWN_BATTLE, MULTI_FIELD_ANY),
    },
)
"""Every key but the grid may be missing (`Settings.from_json` keeps its default)."""

CLASSIC_KIT = Obj(
    {"bakugan": IDS, "gates": IDS, "abilities": IDS},
    {"traps": IDS, "gear": IDS, "evolutions": IDS},
)


def _classic_players(settings: Mapping[str, Any]) -> int:
    players = settings.get("players", 2)
    return int(players)


CLASSIC = GameSchema(
    settings=CLASSIC_SETTINGS,
    records={
        "throw": Obj(
            {"p": Int(0, 3), "b": ID, **THROW, "digest": DIGEST},
            {"sphere": Str(40, r"[A-Za-z0-9_:.-]+", "a sphere's name")},
        ),
        "end": Obj({"winner": Nullable(Int(0, 3)), "turns": TURNS}),
    },
    players=_classic_players,
    header={
        "kits": ListOf(CLASSIC_KIT, 2, 4),
        "table": pair(Num(100, 5000)),
        "sphere_radius": MapOf(ID, Num(1, 100)),
    },
)

# ----------------------------------------------------------------------- Bakugan Attack!

ATTACK = GameSchema(
    settings=Obj(
        {
            "players": Int(3, 5),
            "variant": option(*(v.value for v in Variant)),
            "end_score": Int(1, 1000),
            "max_deals": Int(1, 1000),
        }
    ),
    records={
        "end": Obj(
            {
                "winner": Nullable(Int(0, 4)),
                "points": ListOf(Int(-100_000, 100_000), 3, 5),
                "rounds": TURNS,
            }
        )
    },
    players=lambda settings: int(settings["players"]),
)

# ----------------------------------------------------------------------- Battle Planet

PLANET_KIT = Obj({"characters": ListOf(ID, 0, 6), "cores": IDS, "deck": ListOf(ID, 0, 80)})

PLANET = GameSchema(
    settings=Obj(
        {
            "card_play": option(*(c.value for c in CardPlay)),
            "tie_break_empty": option(*(t.value for t in TieBreakEmpty)),
            "first": Nullable(Int(0, 1)),
            "shuffle": Bool(),
            "turn_limit": Int(1, 1000),
        }
    ),
    records={
        "roll": Obj({"throws": pair(Obj(THROW)), "digest": DIGEST}),
        "end": Obj({"winner": Nullable(Int(0, 1)), "turns": TURNS}),
    },
    players=lambda settings: 2,
    header={"kits": pair(PLANET_KIT)},
    optional={"deck_names": pair(Str(80))},
)

SCHEMAS: dict[str, GameSchema] = {"classic": CLASSIC, "attack": ATTACK, "planet": PLANET}
"""Per game id: what the reader checks of its replays."""
