"""The Battle Planet trading card game (seed 003): a pure rules core for two players.

`PlanetState.new(catalog, kits, settings, seed)` starts a match; the rest is the
protocol of `game/rules/api.py`. docs/rules.md ("Battle Planet") reads the rules.
"""

from game.rules.api import CHANCE, IllegalAction, Reason, Text

from .actions import (
    Action,
    ActionSyntaxError,
    Discard,
    Energize,
    FlipChoice,
    Pass,
    Pick,
    PlaceCore,
    PlayCard,
    Roll,
    parse_action,
)
from .defs import (
    CardDef,
    CardPlay,
    CardType,
    Catalog,
    CharacterDef,
    CoreDef,
    CoreType,
    Effect,
    Faction,
    Kit,
    PresetDeck,
    Rank,
    Settings,
    TieBreakEmpty,
    Trigger,
)
from .events import Event, redact
from .hexgrid import Hex
from .kit import InvalidKit, KitProblem, check_kit, kit_problems, random_kit
from .observation import Observation
from .phases import WINDOWS, Phase
from .power import Stats, stats
from .state import PlanetState

__all__ = [
    "CHANCE",
    "WINDOWS",
    "Action",
    "ActionSyntaxError",
    "CardDef",
    "CardPlay",
    "CardType",
    "Catalog",
    "CharacterDef",
    "CoreDef",
    "CoreType",
    "Discard",
    "Effect",
    "Energize",
    "Event",
    "Faction",
    "FlipChoice",
    "Hex",
    "IllegalAction",
    "InvalidKit",
    "Kit",
    "KitProblem",
    "Observation",
    "Pass",
    "Phase",
    "Pick",
    "PlaceCore",
    "PlanetState",
    "PlayCard",
    "PresetDeck",
    "Rank",
    "Reason",
    "Roll",
    "Settings",
    "Stats",
    "Text",
    "TieBreakEmpty",
    "Trigger",
    "check_kit",
    "kit_problems",
    "parse_action",
    "random_kit",
    "redact",
    "stats",
]
