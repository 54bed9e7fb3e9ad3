"""The classic game's parts of its replay files, for the reader
(`game.persist.replay_schema`): the rule settings, the kits, the table and the sphere
radii of its header, and its ``throw`` and ``end`` records.

Shapes and the bounds of work only: whether the rules accept the settings, a kit or a
move is still theirs to say. A key `Settings.to_json` writes and this schema does not
name would refuse every new replay: tests/persist/test_replay_schema.py checks the
settings and presets against it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.persist.replay_schema import (
    DIGEST,
    ID,
    IDS,
    THROW,
    TURNS,
    Bool,
    GameSchema,
    Int,
    ListOf,
    MapOf,
    Nullable,
    Num,
    Obj,
    Str,
    option,
    pair,
)
from game.rules.classic.settings import WORD_OPTIONS

SMALL = Int(1, 12)  # kit sizes, captures to win, the grid's sides: the Big Game has 6
SLOT = pair(Int(0, 11))
SETTINGS = Obj(
    {"grid": pair(SMALL)},
    {
        "players": Int(2, 4),
        "gates_to_win": SMALL,
        "first_player": Int(-1, 3),
        "clear_pair": option(*WORD_OPTIONS["clear_pair"]),
        "kit_bakugan": SMALL,
        "kit_gates": SMALL,
        "kit_abilities": SMALL,
        "season": Int(2, 3),
        "game_level": option(*WORD_OPTIONS["game_level"]),
        "level_marked": option(*WORD_OPTIONS["level_marked"]),
        "big_game": Bool(),
        "opening": ListOf(ListOf(SLOT, 1, 6), 0, 4),
        "seating": ListOf(Int(0, 3), 0, 4),
        "random_order": Bool(),
        "multi_cards": option(*WORD_OPTIONS["multi_cards"]),
    },
)
"""Every key but the grid may be missing (`Settings.from_json` keeps its default)."""

KIT = Obj(
    {"bakugan": IDS, "gates": IDS, "abilities": IDS},
    {"traps": IDS, "gear": IDS, "evolutions": IDS},
)


def _players(settings: Mapping[str, Any]) -> int:
    return int(settings.get("players", 2))


SCHEMA = GameSchema(
    settings=SETTINGS,
    records={
        "throw": Obj(
            {"p": Int(0, 3), "b": ID, **THROW, "digest": DIGEST},
            {"sphere": Str(40, r"[A-Za-z0-9_:.-]+", "a sphere's name")},
        ),
        "end": Obj({"winner": Nullable(Int(0, 3)), "turns": TURNS}),
    },
    players=_players,
    header={
        "kits": ListOf(KIT, 2, 4),
        "table": pair(Num(100, 5000)),
        "sphere_radius": MapOf(ID, Num(1, 100)),
    },
)
"""What the reader checks of a classic replay."""
