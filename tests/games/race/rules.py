"""The gate race's rules core: pure, deterministic, a `game.rules.api.GameState`.

Where a player's sphere came to rest is the chance outcome (`Land`): the table decides
it, the core only counts it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.rules.api import CHANCE, ActionSyntaxError, IllegalAction, Result

CARDS = ("near", "far")
PLAYERS = 2


@dataclass(frozen=True, slots=True)
class Settings:
    goal: int = 10
    near_gain: int = 2
    far_gain: int = 4

    def gain(self, card: str) -> int:
        return self.near_gain if card == "near" else self.far_gain

    def to_json(self) -> dict[str, Any]:
        return {"goal": self.goal, "near_gain": self.near_gain, "far_gain": self.far_gain}

    @staticmethod
    def from_json(data: dict[str, Any]) -> Settings:
        return Settings(int(data["goal"]), int(data["near_gain"]), int(data["far_gain"]))


@dataclass(frozen=True, slots=True)
class Call:
    """The player names the card she throws at."""

    card: str

    def __str__(self) -> str:
        return f"call {self.card}"


@dataclass(frozen=True, slots=True)
class Land:
    """Chance: the card the sphere opened on (``near``, ``far``), or None: it did not."""

    card: str | None

    def __str__(self) -> str:
        return f"land {self.card or 'miss'}"


@dataclass(frozen=True, slots=True)
class Moved:
    player: int
    by: int
    to: int

    def __str__(self) -> str:
        return f"p{self.player} +{self.by} -> {self.to}"


@dataclass(frozen=True, slots=True)
class Won:
    player: int

    def __str__(self) -> str:
        return f"p{self.player} wins"


def parse_action(text: str) -> Call | Land:
    words = text.split() if isinstance(text, str) else []
    if len(words) == 2 and words[0] == "call" and words[1] in CARDS:
        return Call(words[1])
    if len(words) == 2 and words[0] == "land" and words[1] in (*CARDS, "miss"):
        return Land(None if words[1] == "miss" else words[1])
    raise ActionSyntaxError(f"not a gate race action: {str(text)[:40]!r}")


@dataclass(slots=True)
class RaceState:
    settings: Settings = field(default_factory=Settings)
    positions: list[int] = field(default_factory=lambda: [0] * PLAYERS)
    turn: int = 0
    called: str | None = None
    winner: int | None = None
    throws: int = 0

    def current_players(self) -> tuple[int, ...]:
        if self.winner is not None:
            return ()
        return (CHANCE,) if self.called is not None else (self.turn,)

    def legal_actions(self, player: int) -> list[Call | Land]:
        if player not in self.current_players():
            return []
        if player == CHANCE:
            return [Land(card) for card in (*CARDS, None)]
        return [Call(card) for card in CARDS]

    def apply(self, action: Any) -> list[Moved | Won]:
        if action not in self.legal_actions(CHANCE if self.called else self.turn):
            raise IllegalAction(action, "not a legal action now")
        if isinstance(action, Call):
            self.called = action.card
            return []
        gain = self.settings.gain(action.card) if action.card == self.called else 1
        player = self.turn
        self.positions[player] += gain
        self.called, self.throws = None, self.throws + 1
        events: list[Moved | Won] = [Moved(player, gain, self.positions[player])]
        if self.positions[player] >= self.settings.goal:
            self.winner = player
            events.append(Won(player))
        else:
            self.turn = 1 - player
        return events

    def is_over(self) -> bool:
        return self.winner is not None

    def result(self) -> Result | None:
        return None if self.winner is None else Result.single(self.winner, PLAYERS)

    def observation(self, player: int) -> dict[str, Any]:
        return self.to_json()  # nothing is hidden in a race

    def clone(self) -> RaceState:
        return RaceState.from_json(self.to_json())

    def to_json(self) -> dict[str, Any]:
        return {
            "settings": self.settings.to_json(),
            "positions": list(self.positions),
            "turn": self.turn,
            "called": self.called,
            "winner": self.winner,
            "throws": self.throws,
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> RaceState:
        return RaceState(
            Settings.from_json(data["settings"]),
            [int(p) for p in data["positions"]],
            int(data["turn"]),
            data["called"],
            data["winner"],
            int(data["throws"]),
        )


def problems(state: RaceState) -> list[str]:
    """Every way `state` breaks what every reachable state satisfies, a line each."""
    out = []
    goal = state.settings.goal
    if len(state.positions) != PLAYERS:
        return [f"positions: {len(state.positions)} players, not {PLAYERS}"]
    if state.turn not in (0, 1):
        out.append(f"turn: {state.turn} is no player")
    if state.called not in (None, *CARDS):
        out.append(f"called: {str(state.called)[:20]!r} is no card")
    for p, at in enumerate(state.positions):
        if at < 0 or at >= goal + state.settings.far_gain:
            out.append(f"positions[{p}]: {at} is off the track")
    reached = [p for p, at in enumerate(state.positions) if at >= goal]
    if reached != ([] if state.winner is None else [state.winner]):
        out.append(f"winner: {state.winner} with {reached} at the goal")
    return out
