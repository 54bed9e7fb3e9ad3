"""What the two OpenSpiel adapters (`ai/classic/openspiel/`: `bakugan_classic`,
`ai/planet/openspiel/`: `bakugan_planet`) share: the parts of the game, state and
observer classes that only pass OpenSpiel's calls on to a state's Python side (its
`StateData`, `_d`), and the slot that holds the cards `use_catalog` gave.

What differs stays with each game: its game type, its parameters and spec, how an id
becomes a core action (the classic game aims throws; Battle Planet has simultaneous
moves and `_apply_actions`), the layout of its tensors and its strings.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Generic, TypeVar

import numpy as np
import pyspiel

C = TypeVar("C")
SP = TypeVar("SP")
LO = TypeVar("LO")
S = TypeVar("S")


def given_params(params: dict[str, Any] | None) -> dict[str, Any]:
    """OpenSpiel's parameters as plain values (it may hand `GameParameter`s)."""
    return {k: (v.value() if hasattr(v, "value") else v) for k, v in (params or {}).items()}


def game_type(
    short_name: str, long_name: str, dynamics: Any, players: tuple[int, int], params: Any
) -> Any:
    """The `pyspiel.GameType` both games share but for their names, dynamics
    (sequential or simultaneous) and player counts (`players`: least, most): explicit
    chance outcomes, imperfect information, zero-sum, rewarded at the end, every
    observation and information-state string and tensor provided."""
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=dynamics,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players[1],
        min_num_players=players[0],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
        default_loadable=True,
    )


class AdapterGame(pyspiel.Game):  # type: ignore[misc]
    """An OpenSpiel game whose `spec` holds what is fixed for it (catalog, codec ...):
    the spec's codec numbers the actions and the outcomes, its `max_game_length` bounds
    a game; utilities are -1 to 1, zero-sum. A subclass names its `state_class` and
    `observer_class` (called ``(spec, iig_obs_type, params)``)."""

    state_class: ClassVar[type[Any]]
    observer_class: ClassVar[type[Any]]

    def __init__(
        self, game_type: Any, spec: Any, players: int, params: dict[str, Any] | None
    ) -> None:
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.codec.num_distinct_actions,
            max_chance_outcomes=spec.codec.max_chance_outcomes,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=spec.max_game_length(),
        )
        super().__init__(game_type, info, params or {})
        self.spec = spec

    def new_initial_state(self, *args: Any) -> Any:
        if args:
            raise ValueError(f"{self.get_type().short_name}: no initial state from {args!r}")
        return self.state_class(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Any:
        if isinstance(iig_obs_type, dict):  # OpenSpiel calls f(params) without a type
            iig_obs_type, params = None, iig_obs_type
        return self.observer_class(
            self.spec, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )


class AdapterState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state whose Python side is `_d` (the game's `StateData`: the
    deal, the rules core's state, the log), made from the game's spec; the calls that
    only ask it. A subclass names its `data_class` (called ``(spec)``)."""

    data_class: ClassVar[type[Any]]
    _d: Any

    def __init__(self, game: AdapterGame) -> None:
        super().__init__(game)
        self._d = self.data_class(game.spec)

    def current_player(self) -> int:
        return self._d.current()  # type: ignore[no-any-return]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        assert self.is_chance_node()
        return self._d.chance_outcomes()  # type: ignore[no-any-return]

    def is_terminal(self) -> bool:
        return self._d.terminal()  # type: ignore[no-any-return]

    def returns(self) -> list[float]:
        return self._d.returns()  # type: ignore[no-any-return]

    def __str__(self) -> str:
        return self._d.state_text()  # type: ignore[no-any-return]


class TensorObserver(Generic[SP, LO]):
    """OpenSpiel's Python observer (`tensor`, `dict`, `set_from`, `string_from`): the
    private-info kind (``single``, ``none``, ``all``), perfect recall or not, and one
    tensor with a named view per piece of the layout (``layout.pieces``: names and
    shapes; ``layout.size``), over the game's spec `SP` and its layout `LO`.
    `set_from` keeps each tensor in the state's cache, and `string_from` each string;
    a subclass writes the tensor (`_write`) and the string (`_string`) and names its
    `layout_class` (called ``(spec)``)."""

    game_name: ClassVar[str]
    layout_class: ClassVar[type[Any]]
    spec: SP
    layout: LO

    def __init__(self, spec: Any, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"{self.game_name}: observation parameters not supported: {params}")
        self.spec = spec
        self.perfect_recall = bool(getattr(iig_obs_type, "perfect_recall", False))
        info = getattr(iig_obs_type, "private_info", pyspiel.PrivateInfoType.SINGLE_PLAYER)
        self.private = {
            pyspiel.PrivateInfoType.SINGLE_PLAYER: "single",
            pyspiel.PrivateInfoType.NONE: "none",
            pyspiel.PrivateInfoType.ALL_PLAYERS: "all",
        }[info]
        self.layout = layout = self.layout_class(spec)
        self.tensor = np.zeros(layout.size, np.float32)
        self.dict: dict[str, Any] = {}
        index = 0
        for name, shape in layout.pieces:
            size = math.prod(shape)
            self.dict[name] = self.tensor[index : index + size].reshape(shape)
            index += size

    def _write(self, d: Any, player: int) -> None:
        raise NotImplementedError

    def _string(self, d: Any, player: int) -> str:
        raise NotImplementedError

    def string_from(self, state: Any, player: int) -> str:
        d = state._d
        key = ("string", player, self.private, self.perfect_recall)
        cached = d.cache.get(key)
        if cached is not None:
            return str(cached)
        text = self._string(d, player)
        d.cache[key] = text
        return text

    def _recalled(self, text: str, d: Any, player: int, public: int, everyone: int) -> str:
        """`text`, and under perfect recall the history the observer may see after a
        ``--`` line (`public`, `everyone`: the game's viewers of no private and of all
        private information)."""
        if self.perfect_recall:
            who = {"single": player, "none": public, "all": everyone}[self.private]
            text += "\n--\n" + d.history_lines(who)
        return text

    def set_from(self, state: Any, player: int) -> None:
        d = state._d
        key = ("tensor", player, self.private)
        cached = d.cache.get(key)
        if cached is not None:
            np.copyto(self.tensor, cached)
            return
        self._write(d, player)
        d.cache[key] = self.tensor.copy()


class Specs(Generic[C, S]):
    """The cards a game deals from, given once by `use_catalog` (the game's record
    gives the shipped catalog; `missing` is the error when none was given), and the
    game's spec of each set of parameters (`of`), built once by `build` from the
    parameters over `defaults`; new cards forget the specs built over the old ones."""

    def __init__(
        self,
        missing: str,
        build: Callable[[dict[str, Any]], S],
        defaults: Mapping[str, Any] | None = None,
    ) -> None:
        self._held: list[C] = []
        self._missing = missing
        self._build = build
        self._defaults = defaults or {}
        self._built: dict[str, S] = {}

    def use_catalog(self, catalog: C) -> None:
        """Deal from `catalog`; the games loaded before keep the cards they were loaded
        with."""
        if self._held and self._held[0] is catalog:
            return
        self._held[:] = [catalog]
        self._built.clear()

    def catalog(self) -> C:
        """The cards `use_catalog` gave; a clear error when none were given."""
        if not self._held:
            raise ValueError(self._missing)
        return self._held[0]

    def of(self, params: Mapping[str, Any]) -> S:
        """The spec of these parameters (over the defaults), built at the first ask."""
        key = json.dumps({**self._defaults, **params}, sort_keys=True)
        spec = self._built.get(key)
        if spec is None:
            spec = self._built[key] = self._build(json.loads(key))
        return spec
