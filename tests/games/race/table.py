"""The gate race at the table: the physics table with its two Gate Cards, the bots
that aim through the same physics, and the session (`game.match.protocol.MatchSession`)
that turns a throw into the core's `Land` and writes the match's records.

Records (a replay's lines after the header): ``act`` (a call), ``throw`` (its inputs),
``land`` (where the table put it) and ``end``."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game.ai.seeding import seat_seed
from game.physics import Throw, grid_table, resolve_throw
from game.rules.api import CHANCE, IllegalAction
from tests.games.race.rules import Call, Land, RaceState, Settings, parse_action

TABLE = grid_table([(2, 1), (2, 2)])
LOW, HIGH = TABLE.cards[0].id, TABLE.cards[1].id
ORIGINS = ((400.0, 60.0), (400.0, 940.0))  # each player's edge of the table
SPEEDS = {"near": 1020.0, "far": 1160.0}  # what carries a sphere to each card's centre


def card_name(player: int, card: object) -> str | None:
    """The card `card` (a table id) as `player` names it from her edge."""
    near, far = (LOW, HIGH) if player == 0 else (HIGH, LOW)
    return "near" if card == near else "far" if card == far else None


@dataclass(frozen=True, slots=True)
class Level:
    title_en: str
    title_ru: str
    wobble: float  # how far a throw strays from the plan, as a share of the worst


LEVELS = {
    "steady": Level("Steady", "Твёрдая рука", 0.35),
    "wild": Level("Wild", "Дикий", 1.0),
}


@dataclass(frozen=True, slots=True)
class Bot:
    """A computer player: calls the far card when behind, and throws at the called card
    with a wobble drawn from its seed and the throw's number (so a resumed match goes
    on exactly as the uninterrupted one: the bot keeps nothing between choices)."""

    level: str
    seed: int

    def call(self, seen: dict[str, Any], player: int) -> Call:
        mine, theirs = seen["positions"][player], seen["positions"][1 - player]
        return Call("far" if mine < theirs else "near")

    def throw(self, seen: dict[str, Any], player: int) -> Throw:
        rng = random.Random(self.seed * 100_003 + int(seen["throws"]))
        wobble = LEVELS[self.level].wobble
        speed = SPEEDS[str(seen["called"])] + rng.gauss(0.0, 90.0) * wobble
        angle = math.pi / 2 * (1 if player == 0 else -1) + rng.gauss(0.0, 0.05) * wobble
        return Throw(origin=ORIGINS[player], angle=angle, speed=max(speed, 0.0))


Sink = Callable[[dict[str, Any]], None]


class RaceSession:
    """One match of the gate race: the rules core with the table around it."""

    def __init__(
        self,
        settings: Settings,
        seed: int,
        levels: Sequence[str | None],
        record: Sink | None = None,
        state: RaceState | None = None,
    ) -> None:
        self.seed = seed
        self.levels = list(levels)
        self.bots = [
            None if lv is None else Bot(lv, seat_seed(seed, p)) for p, lv in enumerate(levels)
        ]
        self.state = state if state is not None else RaceState(settings)
        self.record: Sink = record or (lambda _: None)

    # --- the protocol ---------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.state.is_over()

    def to_act(self) -> tuple[int, ...]:
        return tuple(p for p in self.state.current_players() if p != CHANCE)

    def throwers(self) -> tuple[int, ...]:
        return (self.state.turn,) if self.state.current_players() == (CHANCE,) else ()

    def legal_actions(self, player: int) -> list[Call]:
        return [a for a in self.state.legal_actions(player) if isinstance(a, Call)]

    def act(self, action: Any) -> list[Any]:
        if not isinstance(action, Call):
            raise IllegalAction(action, "a player calls a card; the table lands the throw")
        events = self.state.apply(action)
        self.record({"t": "act", "a": str(action)})
        return events

    def observation(self, player: int) -> dict[str, Any]:
        return self.state.observation(player)

    # --- the table ------------------------------------------------------------------

    def throw(self, throw: Throw) -> list[Any]:
        """The thrower's sphere rolled on the table; where it rests is the chance
        outcome. Raises `PhysicsError` for a throw that may not start there."""
        player = self.state.turn
        if self.throwers() != (player,):
            raise IllegalAction(throw, "no throw is due")
        landing = resolve_throw(TABLE, throw, record=False).landing
        card = card_name(player, landing.card)
        x, y = throw.origin
        self.record(
            {
                "t": "throw",
                "p": player,
                "origin": [x, y],
                "angle": throw.angle,
                "speed": throw.speed,
                "spin": throw.spin,
            }
        )
        self.record({"t": "land", "p": player, "card": card, "at": list(landing.position)})
        events = self.state.apply(Land(card))
        if self.over:
            self.record({"t": "end", "winner": self.state.winner, "throws": self.state.throws})
        return events

    def step_bot(self) -> bool:
        """The bot whose turn it is makes its move (a call, or a throw); False when a
        person's move is due, or the match is over."""
        player = self.state.turn
        bot = self.bots[player]
        if self.over or bot is None:
            return False
        seen = self.observation(player)
        if self.to_act():
            self.act(bot.call(seen, player))
        else:
            self.throw(bot.throw(seen, player))
        return True

    def feed(self, record: dict[str, Any]) -> None:
        """A person's recorded move (an ``act`` or a ``throw`` record) made again."""
        if record.get("t") == "act":
            self.act(parse_action(str(record["a"])))
        elif record.get("t") == "throw":
            x, y = record["origin"]
            self.throw(Throw((x, y), record["angle"], record["speed"], record["spin"]))
        else:
            raise IllegalAction(record.get("t"), "a person's move is a call or a throw")

    # --- the autosave ---------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        return {"seed": self.seed, "levels": self.levels, "state": self.state.to_json()}

    @staticmethod
    def resume(payload: dict[str, Any], record: Sink | None = None) -> RaceSession:
        state = RaceState.from_json(payload["state"])
        return RaceSession(state.settings, int(payload["seed"]), payload["levels"], record, state)


def play(session: RaceSession, limit: int = 500) -> RaceSession:
    """Bots at every seat play the match out (at most `limit` moves)."""
    for _ in range(limit):
        if not session.step_bot():
            break
    return session
