"""Bakugan Attack!'s parts of its replay files, for the reader
(`game.persist.replay_schema`): the rule settings of its header and its ``end`` record
(its other records are ``act``: every action, the chance outcomes too).

Shapes and the bounds of work only (a game of at most 1,000 deals): whether the rules
accept the settings or a move is still theirs to say. tests/persist/test_replay_schema.py
checks every setting `Settings.to_json` writes against it.
"""

from __future__ import annotations

from game.persist.replay_schema import TURNS, GameSchema, Int, ListOf, Nullable, Obj, option
from game.rules.attack import HouseRoll, Stall, Variant

SCHEMA = GameSchema(
    settings=Obj(
        {
            "players": Int(3, 5),
            "variant": option(*(v.value for v in Variant)),
            "end_score": Int(1, 1000),
            "max_deals": Int(1, 1000),
        },
        {  # rule options written since issue 25 (an older replay has neither)
            "stall": option(*(v.value for v in Stall)),
            "house_roll": option(*(v.value for v in HouseRoll)),
        },
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
"""What the reader checks of an Attack replay."""
