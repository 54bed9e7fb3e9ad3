"""Battle Planet as an OpenSpiel game: ``pyspiel.load_game("bakugan_planet")``.

Importing this package (it needs ``open-spiel``: ``pip install -e ".[test]"`` where it
ships wheels) registers the Python game `bakugan_planet`; `use_catalog` gives it the
cards (the game's record does: `game.games.planet.openspiel_game`). The rules are the
rules core's own (`game.rules.planet.PlanetState`); this package translates, one
concern a module:

- `spec`: the parameters (the core's rule options OpenSpiel can play, the decks, the
  landing model's chances, the turn and reroll limits) and what is fixed per game;
- `codec`: `PlanetCodec` numbers every action in one table, and every chance outcome;
- `data`: a state's Python side: the deal by chance nodes (decks, coin, each deck
  shuffled card by card), the rolls by the landing model's chances, the log with each
  move's line of history as each player saw it, JSON and pickling;
- `observer`: what a seat sees, as strings and tensors, from the core's
  ``observation(player)``;
- `game`: the OpenSpiel game and state classes (simultaneous moves for the two steps
  both players take at once), and their registration.
"""

from __future__ import annotations

from .codec import BATCH_DEPTH, MATRIX, SEATS, PlanetCodec
from .data import EVERYONE, PUBLIC, LogEntry, StateData
from .game import BakuganPlanetGame, BakuganPlanetState, load_game
from .observer import PlanetObserver, TensorLayout, render
from .spec import GAME_NAME, PARAMS, SPECS, Spec, full_catalog, parameter_defaults, use_catalog

__all__ = [
    "BATCH_DEPTH",
    "EVERYONE",
    "GAME_NAME",
    "MATRIX",
    "PARAMS",
    "PUBLIC",
    "SEATS",
    "SPECS",
    "BakuganPlanetGame",
    "BakuganPlanetState",
    "LogEntry",
    "PlanetCodec",
    "PlanetObserver",
    "Spec",
    "StateData",
    "TensorLayout",
    "full_catalog",
    "load_game",
    "parameter_defaults",
    "render",
    "use_catalog",
]
