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

from game.ai.classic.landing import OFF_CARD
from game.ai.openspiel_base import AdapterGame, AdapterState, game_type, given_params
from game.rules.classic import CHANCE, Action, Land, MatchState, Miss, Slot

from .codec import DEAL
from .data import StateData
from .observer import BakuganObserver
from .params import GAME_NAME, MAX_PLAYERS, parameter_defaults
from .resampling import ResampleMemory, resample_data
from .spec import SPECS, Spec

_GAME_TYPE = game_type(
    GAME_NAME,
    "Bakugan Battle Brawlers (classic)",
    pyspiel.GameType.Dynamics.SEQUENTIAL,
    (2, MAX_PLAYERS),
    parameter_defaults(),
)


class BakuganClassicGame(AdapterGame):
    """The OpenSpiel game object; its `spec` holds the catalog, codec and deal plan."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        spec = SPECS.of({**parameter_defaults(), **given_params(params)})
        super().__init__(_GAME_TYPE, spec, spec.players, params)


class BakuganClassicState(AdapterState):
    """One match as an OpenSpiel state. The rules core's state is `core`."""

    data_class = StateData
    _d: StateData

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

    def _legal_actions(self, player: int) -> list[int]:
        assert player >= 0
        return self._d.legal_actions()

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


BakuganClassicGame.state_class = BakuganClassicState
BakuganClassicGame.observer_class = BakuganObserver
pyspiel.register_game(_GAME_TYPE, BakuganClassicGame)
