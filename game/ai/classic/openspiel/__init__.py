"""The classic game as an OpenSpiel game: ``pyspiel.load_game("bakugan_classic")``.

Importing this package (it needs ``open-spiel``: ``pip install -e ".[test]"`` on the
platforms it ships wheels for) registers the Python game `bakugan_classic` with
OpenSpiel; `use_catalog` gives it the cards to deal from (the game's record does:
`game.games.classic.openspiel_game` loads it with the shipped cards). The rules are the
rules core's own (`game.rules.classic.MatchState`); this package only translates, one
concern a module:

- `params`: every rule setting of `Settings` as a parameter, and the others (card pool,
  the landing model's chances, aimed throws, the turn limit, Traps / Battle Gear and
  Evolution cards in the kits);
- `codec`: `ActionCodec` numbers every action the card pool allows, in one table:
  player actions in ``[0, num_distinct_actions)``, chance outcomes in
  ``[0, max_chance_outcomes)``; ``action_to_string`` is the core's readable notation
  (``p0 set gold_volcano @2,2``);
- `spec`: everything fixed for one loaded game (catalog, codec, deal plan);
- `data`: a state's Python side: the kits dealt by chance nodes, the seating and first
  player drawn, a throw's landing as a chance node with the landing model's chances
  (`game.ai.classic.landing.LandingModel`), a Trap's face drawn when it opens, the log;
  serialization as the core's JSON plus the deal, the aim and the history;
- `views` and `observer`: what a seat sees, as strings and tensors, from the core's
  ``observation(player)``; the information state (perfect recall) adds the seat's
  history as it saw it (the core's `redact`);
- `resampling`: `resample_from_infostate` (and `make_resampler` for
  ``ISMCTSBot.set_resampler``) redraws only what the seat cannot see;
- `game`: the OpenSpiel game and state classes, and their registration.

The rules core has no turn limit; OpenSpiel needs a finite game, so a match still
undecided when turn ``max_turns`` ends is a draw (returns 0). Games last about 13 turns.
"""

from __future__ import annotations

from .codec import ABILITY_TARGETS, DEAL, ActionCodec, grid_slots
from .data import EVERYTHING, PUBLIC, LogEntry, StateData
from .game import (
    BakuganClassicGame,
    BakuganClassicState,
    load_game,
    make_resampler,
    state_with,
)
from .observer import BakuganObserver, TensorLayout
from .params import (
    EXTRA_PARAMS,
    GAME_NAME,
    MAX_PLAYERS,
    SHIPPED_POOL,
    parameter_defaults,
    pool_catalog,
    settings_from,
)
from .resampling import RESAMPLE_REPLAYS, ResampleMemory, hidden_cards, replay, resample_data
from .spec import SPECS, Spec, full_catalog, use_catalog
from .views import render_information_state, render_observation

__all__ = [
    "ABILITY_TARGETS",
    "DEAL",
    "EVERYTHING",
    "EXTRA_PARAMS",
    "GAME_NAME",
    "MAX_PLAYERS",
    "PUBLIC",
    "RESAMPLE_REPLAYS",
    "SHIPPED_POOL",
    "SPECS",
    "ActionCodec",
    "BakuganClassicGame",
    "BakuganClassicState",
    "BakuganObserver",
    "LogEntry",
    "ResampleMemory",
    "Spec",
    "StateData",
    "TensorLayout",
    "full_catalog",
    "grid_slots",
    "hidden_cards",
    "load_game",
    "make_resampler",
    "parameter_defaults",
    "pool_catalog",
    "render_information_state",
    "render_observation",
    "replay",
    "resample_data",
    "settings_from",
    "state_with",
    "use_catalog",
]
