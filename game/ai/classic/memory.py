"""What a classic bot remembers between its own decisions (`Memory`).

A bot is handed `observation(player)` and nothing else; what the observation does not
say and the bot needs (whether it set a Gate Card this turn, the "before" cards it
played that wait for this turn's battle, how the current battle window went since it
last acted) it keeps itself, from its own choices and what it saw. `knowledge` reads it
when it builds the worlds a search plays on; `to_json` / `from_json` carry it over a
resume.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.rules.classic import Action, ChooseAttribute, Pass, PlayAbility, SetGate
from game.rules.classic.observation import Observation

from ..seeding import tupled

_AFTER = "after"


@dataclass(slots=True)
class Memory:
    """The public history one seat keeps between its own decisions."""

    viewer: int = -1
    turn: int = -1
    set_turn: int = -1  # the turn in which this seat set a Gate Card (before its throw)
    acted_turn: int = -1  # the turn in which it set a Gate Card or played a card
    pending: list[str] = field(default_factory=list)  # "before" cards waiting for a battle
    pending_turn: int = -1
    targets: dict[str, str] = field(default_factory=dict)  # card -> Bakugan it recovers
    battle_key: tuple[Any, ...] | None = None
    window: str | None = None
    plays_after_me: int = -1  # battle plays counted right after this seat's last action
    acted_in_window: bool = False
    after_winner: int | None = None  # side index, as first seen in the "after" window

    def start(self, obs: Observation) -> None:
        """Forget everything if `obs` belongs to another match than the last one seen."""
        if obs.viewer != self.viewer or obs.turn < self.turn:
            self.__init__()  # type: ignore[misc]
            self.viewer = obs.viewer
        self.turn = obs.turn
        b = obs.battle
        if b is not None:
            key = (b.slot, b.sides)
            if key != self.battle_key:
                self.battle_key = key
                self.window = None
                self.plays_after_me = -1
                self.acted_in_window = False
                self.after_winner = None
            if b.window != self.window:
                self.window = b.window
                self.acted_in_window = False
            if b.window == _AFTER and self.after_winner is None:
                self.after_winner = b.evaluation.winner

    def to_json(self) -> dict[str, Any]:
        """The memory as JSON (a resumed bot remembers what it did)."""
        return {
            "viewer": self.viewer,
            "turn": self.turn,
            "set_turn": self.set_turn,
            "acted_turn": self.acted_turn,
            "pending": list(self.pending),
            "pending_turn": self.pending_turn,
            "targets": dict(self.targets),
            "battle_key": self.battle_key,
            "window": self.window,
            "plays_after_me": self.plays_after_me,
            "acted_in_window": self.acted_in_window,
            "after_winner": self.after_winner,
        }

    @staticmethod
    def from_json(data: Any) -> Memory:
        """The memory `to_json` gave; raises ValueError naming the field on bad data."""
        if not isinstance(data, dict):
            raise ValueError("memory: expected an object")
        m = Memory()
        for key in ("viewer", "turn", "set_turn", "acted_turn", "pending_turn", "plays_after_me"):
            value = data.get(key)
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"memory.{key}: expected a whole number, got {value!r}"[:120])
            setattr(m, key, value)
        pending, targets = data.get("pending"), data.get("targets")
        if not isinstance(pending, list) or not all(isinstance(c, str) for c in pending):
            raise ValueError("memory.pending: expected a list of card ids")
        if not isinstance(targets, dict) or not all(isinstance(v, str) for v in targets.values()):
            raise ValueError("memory.targets: expected card -> Bakugan")
        m.pending, m.targets = list(pending), dict(targets)
        battle = data.get("battle_key")
        m.battle_key = tupled(battle) if isinstance(battle, list) else None
        window, winner = data.get("window"), data.get("after_winner")
        if window is not None and not isinstance(window, str):
            raise ValueError("memory.window: expected a window name or null")
        if winner is not None and (isinstance(winner, bool) or not isinstance(winner, int)):
            raise ValueError("memory.after_winner: expected a side or null")
        m.window, m.after_winner = window, winner
        m.acted_in_window = bool(data.get("acted_in_window"))
        return m

    def record(self, obs: Observation, action: Action) -> None:
        """Remember this seat's own choice."""
        if isinstance(action, SetGate) and obs.phase == "main":
            self.set_turn = obs.turn
        if isinstance(action, PlayAbility):
            if action.bakugan is not None:
                self.targets[action.card] = action.bakugan
            if obs.phase == "main":
                if self.pending_turn != obs.turn:
                    self.pending, self.pending_turn = [], obs.turn
                self.pending.append(action.card)
        if obs.phase == "main" and isinstance(action, SetGate | PlayAbility):
            self.acted_turn = obs.turn
        if obs.battle is not None:
            self.acted_in_window = True
            played = not isinstance(action, Pass | ChooseAttribute)
            self.plays_after_me = battle_plays(obs) + played


def battle_plays(obs: Observation) -> int:
    """Pieces played in the battle so far (Ability Cards, Traps, Battle Gear)."""
    b = obs.battle
    return 0 if b is None else len(b.plays) + len(b.supports)
