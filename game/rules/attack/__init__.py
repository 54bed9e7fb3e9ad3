"""Bakugan Attack! (seed 002): the card-and-dice game for 3 to 5 players.

`AttackState.new(deck, Settings(players, variant), seed)` makes a game; the deck
(`Deck`, loaded by `game.content.attack`) holds the cards, the special cards' effects
and what each player count changes. Readings of the seed: docs/rules.md.
"""

from game.rules.api import CHANCE, IllegalAction, Reason, Text

from .actions import Action, ActionSyntaxError, Deal, Pick, PlayCard, Roll, parse_action
from .cards import DIE_FACES, PLAYER_COUNTS, CardDef, Deck, Effect, PlayerSetup, When
from .catch import Catch, Play, catch, catch_possible
from .events import Event
from .observation import Observation, SeatView
from .settings import HouseRoll, InvalidSettings, Phase, Settings, Stall, Variant
from .state import AttackState

__all__ = [
    "CHANCE",
    "DIE_FACES",
    "PLAYER_COUNTS",
    "Action",
    "ActionSyntaxError",
    "AttackState",
    "CardDef",
    "Catch",
    "Deal",
    "Deck",
    "Effect",
    "Event",
    "HouseRoll",
    "IllegalAction",
    "InvalidSettings",
    "Observation",
    "Phase",
    "Pick",
    "Play",
    "PlayCard",
    "PlayerSetup",
    "Reason",
    "Roll",
    "SeatView",
    "Settings",
    "Stall",
    "Text",
    "Variant",
    "When",
    "catch",
    "catch_possible",
    "parse_action",
]
