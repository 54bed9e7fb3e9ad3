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

from game.rules.planet import CHANCE, Action, PlanetState

from .data import SIMULTANEOUS, StateData
from .observer import PlanetObserver
from .spec import GAME_NAME, Spec, parameter_defaults, params_key, spec_for

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Bakugan Battle Planet",
    dynamics=pyspiel.GameType.Dynamics.SIMULTANEOUS,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=parameter_defaults(),
    default_loadable=True,
)


class BakuganPlanetGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game object; its `spec` holds the catalog, codec and parameters."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = {k: (v.value() if hasattr(v, "value") else v) for k, v in (params or {}).items()}
        spec = spec_for(params_key(given))
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.codec.num_distinct_actions,
            max_chance_outcomes=spec.codec.max_chance_outcomes,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=spec.max_game_length(),
        )
        super().__init__(_GAME_TYPE, info, params or {})
        self.spec = spec

    def new_initial_state(self, *args: Any) -> BakuganPlanetState:
        if args:
            raise ValueError(f"{GAME_NAME}: no initial state from {args!r}")
        return BakuganPlanetState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> PlanetObserver:
        if isinstance(iig_obs_type, dict):  # OpenSpiel calls f(params) without a type
            iig_obs_type, params = None, iig_obs_type
        return PlanetObserver(
            self.spec, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )


class BakuganPlanetState(pyspiel.State):  # type: ignore[misc]
    """One match as an OpenSpiel state. The rules core's state is `core`."""

    def __init__(self, game: BakuganPlanetGame) -> None:
        super().__init__(game)
        self._d = StateData(game.spec)

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

    def current_player(self) -> int:
        return self._d.current()

    def _legal_actions(self, player: int) -> list[int]:
        assert player >= 0
        return self._d.legal(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        assert self.is_chance_node()
        return self._d.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self._d.apply(self._d.current(), [int(action)])

    def _apply_actions(self, actions: list[int]) -> None:
        self._d.apply(SIMULTANEOUS, [int(a) for a in actions])

    def _action_to_string(self, player: int, action: int) -> str:
        return self._d.action_text(player, int(action))

    def is_terminal(self) -> bool:
        return self._d.terminal()

    def returns(self) -> list[float]:
        return self._d.returns()

    def __str__(self) -> str:
        return self._d.state_text()


def load_game(**params: Any) -> Any:
    """``pyspiel.load_game("bakugan_planet", params)``."""
    return pyspiel.load_game(GAME_NAME, params)


pyspiel.register_game(_GAME_TYPE, BakuganPlanetGame)
