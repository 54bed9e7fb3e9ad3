"""The OpenSpiel classes: the game `bakugan_planet` and its states, registered with
OpenSpiel when this package is imported.

Battle Planet's two steps both players take at once (Energy and the Bakugan to roll)
are OpenSpiel simultaneous moves: the game type is ``SIMULTANEOUS``, and
`current_player()` is ``PlayerId.SIMULTANEOUS`` there, each player's legal actions his
own, `_apply_actions` taking both. Every other step has one player to act (the one with
priority, the owner of a milled Flip, the one asked to discard, the one placing a
BakuCore) or chance (the deal, a roll). OpenSpiel's algorithms for sequential games take
it through ``pyspiel.convert_to_turn_based(game)``: player 0 then player 1 choose, the
second without seeing the first's choice (docs/openspiel.md).
"""

from __future__ import annotations

from typing import Any

import pyspiel

from game.ai.openspiel_base import AdapterGame, AdapterState, game_type, given_params
from game.rules.planet import CHANCE, Action, PlanetState

from .data import SIMULTANEOUS, StateData
from .observer import PlanetObserver
from .spec import GAME_NAME, SPECS, Spec, parameter_defaults

_GAME_TYPE = game_type(
    GAME_NAME,
    "Bakugan Battle Planet",
    pyspiel.GameType.Dynamics.SIMULTANEOUS,
    (2, 2),
    parameter_defaults(),
)


class BakuganPlanetGame(AdapterGame):
    """The OpenSpiel game object; its `spec` holds the catalog, codec and parameters."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(_GAME_TYPE, SPECS.of(given_params(params)), 2, params)


class BakuganPlanetState(AdapterState):
    """One match as an OpenSpiel state. The rules core's state is `core`."""

    data_class = StateData
    _d: StateData

    # ---- the rules core, for bots that speak it

    @property
    def core(self) -> PlanetState | None:
        """The rules core's state (None while the decks are dealt). Read it, never
        change it."""
        return self._d.core

    @property
    def spec(self) -> Spec:
        return self._d.spec

    def encode(self, action: Action) -> int:
        """The OpenSpiel id of a legal core action (a roll: its chance outcome)."""
        core = self._d.core
        assert core is not None
        from game.rules.planet import Roll

        if isinstance(action, Roll):
            return self._d.spec.codec.roll_id(core, action)
        return self._d.spec.codec.encode(core, action)

    def decode(self, player: int, action_id: int) -> Action:
        """The core action an id stands for, for `player` now."""
        core = self._d.core
        assert core is not None
        if player == CHANCE:
            return self._d.spec.codec.roll_of(core, action_id)
        return self._d.spec.codec.decode(core, player, action_id)

    # ---- OpenSpiel API

    def _legal_actions(self, player: int) -> list[int]:
        assert player >= 0
        return self._d.legal(player)

    def _apply_action(self, action: int) -> None:
        self._d.apply(self._d.current(), [int(action)])

    def _apply_actions(self, actions: list[int]) -> None:
        self._d.apply(SIMULTANEOUS, [int(a) for a in actions])

    def _action_to_string(self, player: int, action: int) -> str:
        return self._d.action_text(player, int(action))


def load_game(**params: Any) -> Any:
    """``pyspiel.load_game("bakugan_planet", params)``."""
    return pyspiel.load_game(GAME_NAME, params)


BakuganPlanetGame.state_class = BakuganPlanetState
BakuganPlanetGame.observer_class = PlanetObserver
pyspiel.register_game(_GAME_TYPE, BakuganPlanetGame)
