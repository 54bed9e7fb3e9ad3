"""The OpenSpiel classes: the game `bakugan_classic` and its states, registered with
OpenSpiel when this package is imported.
"""

from __future__ import annotations

import base64
import pickle
import random
from collections.abc import Callable
from typing import Any

import pyspiel

from game.ai.landing import OFF_CARD
from game.rules.classic import CHANCE, Action, Land, MatchState, Miss, Slot

from .codec import DEAL
from .data import StateData
from .observer import BakuganObserver
from .params import GAME_NAME, MAX_PLAYERS, parameter_defaults
from .resampling import ResampleMemory, resample_data
from .spec import Spec, params_key, spec_for

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Bakugan Battle Brawlers (classic)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_PLAYERS,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=parameter_defaults(),
    default_loadable=True,
)


class BakuganClassicGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game object; its `spec` holds the catalog, codec and deal plan."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = {k: (v.value() if hasattr(v, "value") else v) for k, v in (params or {}).items()}
        spec = spec_for(params_key({**parameter_defaults(), **given}))
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.codec.num_distinct_actions,
            max_chance_outcomes=spec.codec.max_chance_outcomes,
            num_players=spec.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=spec.max_game_length(),
        )
        super().__init__(_GAME_TYPE, info, params or {})
        self.spec = spec

    def new_initial_state(self, *args: Any) -> BakuganClassicState:
        if args:
            raise ValueError(f"{GAME_NAME}: no initial state from {args!r}")
        return BakuganClassicState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> BakuganObserver:
        if isinstance(iig_obs_type, dict):  # OpenSpiel calls f(params) without a type
            iig_obs_type, params = None, iig_obs_type
        return BakuganObserver(
            self.spec, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )


class BakuganClassicState(pyspiel.State):  # type: ignore[misc]
    """One match as an OpenSpiel state. The rules core's state is `core`."""

    def __init__(self, game: BakuganClassicGame) -> None:
        super().__init__(game)
        self._d = StateData(game.spec)

    # ---- the rules core, for bots that speak it

    @property
    def core(self) -> MatchState | None:
        """The rules core's state (None while kits are dealt). Read it, never change it."""
        return self._d.core

    @property
    def spec(self) -> Spec:
        return self._d.spec

    def encode(self, action: Action, aim: Slot | None = None) -> int:
        """The OpenSpiel id of a core action (a throw aimed at `aim` when throws aim; a
        landing or a miss: its chance outcome)."""
        codec = self._d.spec.codec
        if isinstance(action, Land):
            return codec.land_id(action.slot)
        if isinstance(action, Miss):
            return codec.miss_id()
        return codec.encode(action, aim)

    def decode(self, action_id: int) -> Action:
        """The core action an id stands for, for the player to act now."""
        player = self.current_player()
        if player == CHANCE:
            what, value = self._d.spec.codec.chance(action_id)
            if what == "land":
                return Land(value)
            if what == "miss":
                return Miss(OFF_CARD)
            raise ValueError(f"{GAME_NAME}: {what} {value} is not a core action")
        return self._d.spec.codec.decode(player, action_id)[0]

    # ---- OpenSpiel API

    def current_player(self) -> int:
        return self._d.current()

    def _legal_actions(self, player: int) -> list[int]:
        assert player >= 0
        return self._d.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        assert self.is_chance_node()
        return self._d.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self._d.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        d = self._d
        if player == CHANCE:
            what, value = d.spec.codec.chance(action)
            step = d.deal_step()
            if what == DEAL and step is not None:
                return f"deal p{step[0]} {value[0]} {value[1]}"
        return d.action_text(player, int(action))

    def is_terminal(self) -> bool:
        return self._d.terminal()

    def returns(self) -> list[float]:
        return self._d.returns()

    def __str__(self) -> str:
        return self._d.state_text()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> Any:
        """A state of the seat's information set, hidden cards drawn again (see
        `resample_data`). `probability_sampler` (OpenSpiel's, called for a uniform number)
        seeds the draw."""
        if callable(probability_sampler):
            rng = random.Random(int(probability_sampler() * 2**52))
        else:
            rng = random.Random()
        return state_with(self.get_game(), resample_data(self._d, player_id, rng))


def load_game(**params: Any) -> Any:
    """``pyspiel.load_game("bakugan_classic", params)``: e.g. ``load_game(aimed_throws=True)``."""
    return pyspiel.load_game(GAME_NAME, params)


def state_with(game: Any, data: StateData) -> Any:
    """An OpenSpiel state holding `data`, its OpenSpiel history set to `data`'s log."""
    history = ",".join(f"{e.actor}:{e.action}" for e in data.log)
    empty = base64.b64encode(pickle.dumps({})).decode("ascii")
    state = game.deserialize_state(
        f"history={history}\nmove_number={len(data.log)}\n__dict__={empty}"
    )
    state._d = data
    return state


def make_resampler(
    seed: int | None = None, memory: ResampleMemory | None = None
) -> Callable[[Any, int], Any]:
    """A resampler for ``ISMCTSBot.set_resampler``: ``(state, player) -> state`` (see
    `resample_data`), drawing from its own seeded generator and memory."""
    rng = random.Random(seed)
    mem = memory or ResampleMemory()

    def resample(state: Any, player: int) -> Any:
        return state_with(state.get_game(), resample_data(state._d, player, rng, mem))

    return resample


pyspiel.register_game(_GAME_TYPE, BakuganClassicGame)
