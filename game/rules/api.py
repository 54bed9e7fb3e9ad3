"""The protocol every game's rules core implements, and the error root of the whole app.

Three games live in one app (the classic Battle Brawlers, Bakugan Attack!, the Battle
Planet TCG). Everything above `game/rules/` (the session, the sim, the scenario runner,
the bots, the saves, the screens) speaks to a rules core only through this protocol, the
way OpenSpiel's tools speak to any ``pyspiel.State``:

- `current_players()` is a tuple: usually one player; several when they choose at once
  (both Battle Planet players in a step, everybody after Julie leads in Attack); or
  ``(CHANCE,)`` when an outcome is due (a throw's landing, a die, a shuffle), which
  physics, a script, a landing model or a seeded draw supplies; ``()`` when it is over.
- `legal_actions(player)` lists what that player may do now; `apply(action)` does one
  and returns the events it caused; an illegal action raises `IllegalAction` with the
  reason and changes nothing.
- `observation(player)` is what that player may see; bots get observations, not states.
- `result()` says how it ended: a winner, a ranking with scores, or a draw.
- `to_json()` / `from_json()` round-trip exactly; `clone()` is a deep copy.

Standard library only, like every module under `game/rules/`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

CHANCE = -1
"""The named chance player: it supplies throw landings, die faces and other outcomes."""


class GameError(Exception):
    """The root of every error the app raises on purpose: an illegal action, a bad data
    file, a damaged save. A caller that must never crash catches this one class."""


class IllegalAction(GameError):
    """An action the rules do not allow now; the state is unchanged."""

    def __init__(self, action: object, reason: str) -> None:
        super().__init__(f"{action}: {reason}")
        self.action = action
        self.reason = reason


class ActionSyntaxError(GameError, ValueError):
    """A text that `parse_action` cannot read as an action of the game."""


class Reason(str):
    """Why something is not allowed: English text, plus a `code` and `params` that a
    screen turns into its own language."""

    code: str
    params: dict[str, Any]

    def __new__(cls, text: str, code: str, **params: Any) -> Reason:
        obj = super().__new__(cls, text)
        obj.code = code
        obj.params = params
        return obj


class InvalidState(GameError, ValueError):
    """A state that breaks its game's invariants (a save whose checksum is fine but
    whose match no play could reach); `problems` lists every one, a line each naming
    the field. Each core's ``invariants.problems(state)`` finds them and never raises;
    ``invariants.check(state)`` raises this."""

    SHOWN = 8
    """Problems the message names (all are in `problems`)."""

    def __init__(self, problems: Sequence[str]) -> None:
        shown = list(problems[: self.SHOWN])
        more = f" (and {len(problems) - self.SHOWN} more)" if len(problems) > self.SHOWN else ""
        super().__init__("; ".join(shown) + more)
        self.problems = list(problems)


@dataclass(frozen=True, slots=True)
class Result:
    """How a game ended.

    `ranking` lists the players best first (ties share a place in `places`); `scores` are
    the game's own points where it keeps them (Attack's penalty points: fewer is better);
    `winner` is the single winner when there is one, None for a draw or a shared win.
    """

    winner: int | None
    ranking: tuple[int, ...]
    places: tuple[int, ...] = ()
    scores: tuple[int, ...] = ()

    @property
    def draw(self) -> bool:
        return self.winner is None

    @staticmethod
    def single(winner: int | None, players: int) -> Result:
        """A game with one winner (or, with None, a draw of everybody)."""
        if winner is None:
            return Result(None, tuple(range(players)), (0,) * players)
        rest = tuple(p for p in range(players) if p != winner)
        places = tuple(0 if p == winner else 1 for p in range(players))
        return Result(winner, (winner, *rest), places)

    @staticmethod
    def by_scores(scores: Sequence[int], *, lower_wins: bool) -> Result:
        """Rank by points; equal points share a place; a sole best is the winner."""
        sign = 1 if lower_wins else -1
        order = sorted(range(len(scores)), key=lambda p: (sign * scores[p], p))
        distinct = sorted({sign * s for s in scores})
        places = tuple(distinct.index(sign * s) for s in scores)
        best = [p for p in range(len(scores)) if places[p] == 0]
        winner = best[0] if len(best) == 1 else None
        return Result(winner, tuple(order), places, tuple(scores))

    def to_json(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "ranking": list(self.ranking),
            "places": list(self.places),
            "scores": list(self.scores),
        }


@runtime_checkable
class GameState(Protocol):
    """What the app needs of one game's state. Actions and events are each game's own
    small frozen dataclasses with a readable ``str()`` that `parse_action` reads back."""

    def current_players(self) -> tuple[int, ...]: ...

    def legal_actions(self, player: int) -> Sequence[Any]: ...

    def apply(self, action: Any) -> Sequence[Any]: ...

    def is_over(self) -> bool: ...

    def result(self) -> Result | None: ...

    def observation(self, player: int) -> Any: ...

    def clone(self) -> GameState: ...

    def to_json(self) -> dict[str, Any]: ...
