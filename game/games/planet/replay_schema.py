"""Battle Planet's parts of its replay files, for the reader
(`game.persist.replay_schema`): the rule settings, the kits and the deck names of its
header, and its ``roll`` (both players' throws) and ``end`` records.

Shapes and the bounds of work only (at most 1,000 turns): whether the rules accept the
settings, a kit or a move is still theirs to say. tests/persist/test_replay_schema.py
checks the settings `Settings.to_json` writes against it.
"""

from __future__ import annotations

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
    Nullable,
    Obj,
    Str,
    option,
    pair,
)
from game.rules.planet import CardPlay, TieBreakEmpty

KIT = Obj({"characters": ListOf(ID, 0, 6), "cores": IDS, "deck": ListOf(ID, 0, 80)})

SCHEMA = GameSchema(
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
    header={"kits": pair(KIT)},
    optional={"deck_names": pair(Str(80))},
)
"""What the reader checks of a Battle Planet replay."""
