"""The one session protocol: what every game's match session offers the code above it
(the screens' turn logic, the sims, the drivers and, next, the network host).

A session wraps a rules core (`game.rules.api.GameState`) with the table: the throws
that decide where a sphere or a die comes to rest, the recorder, the snapshot. Asked
at any moment, a session says whose input it waits for, and only one kind at a time:

- `to_act()`: the players who choose an action now (one, or several choosing at once:
  Battle Planet's steps, Attack's blind plays after Julie leads), never `CHANCE`;
- `throwers()`: the players whose throw the table waits for (the classic thrower,
  Attack's die, both Battle Planet rollers);
- neither: chance is due (a deal, a draw, a die's face the rules draw), or it is over.

`legal_actions(player)` is empty for a player not in `to_act()`; `act(action)` carries
a choice out and returns what it caused; `observation(player)` is what that seat may
see. How a throw is made stays each game's own (one sphere, two at once, a die).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class MatchSession(Protocol):
    @property
    def over(self) -> bool: ...

    def to_act(self) -> tuple[int, ...]: ...

    def throwers(self) -> tuple[int, ...]: ...

    def legal_actions(self, player: int) -> Sequence[Any]: ...

    def act(self, action: Any) -> Sequence[Any]: ...

    def observation(self, player: int) -> Any: ...
