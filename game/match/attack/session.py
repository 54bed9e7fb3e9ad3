"""A Bakugan Attack! match at the table: the seats (people or computer levels), their
bots, the chance outcomes due, why a card may not be played now, and the autosave.

The screens drive it (`game.ui.attack`); tests and the end-to-end player drive it the
same way. It holds no pygame. Every random thing is the rules core's: the dice and
Runo's picks are `AttackState.chance_action()` (the physical dice on the table roll to
show them), the deal is the core's seeded shuffle; the bots choose from their seat's
observation with their own seeded generators.

A resumed match rebuilds its bots with generators seeded from the match seed and how
far the game had gone (`AttackState.draws` and the rounds played), so a save taken at
the same point always continues the same way.

A match may carry a `recorder` (its replay, written as it goes: `game.ui.attack.
replay_live`): every action applied, the chance outcomes too, is handed to it, and the
end once the game is over. The autosave keeps the recorder's file name and record count
(`replay`, `replay_records`); `from_json` hands them back as `resumed_replay` so the
screen can go on with that replay. A payload without them (older) resumes all the same.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from game.ai.attack import AttackLevel, AttackPolicy, make_policy
from game.ai.seeding import seat_seed
from game.rules.api import GameError
from game.rules.attack import (
    CHANCE,
    Action,
    AttackState,
    Deck,
    Event,
    Phase,
    PlayCard,
    Roll,
    Settings,
    Variant,
    invariants,
)

HUMAN = "human"
SAVE_VERSION = 1


class AttackSaveError(GameError, ValueError):
    """An autosave payload this match cannot be made from; the message says why."""


class MatchRecorder(Protocol):
    """What a match hands its replay: each action applied, then the end."""

    @property
    def name(self) -> str | None:
        """The replay file's name (None: nothing is being written)."""
        ...

    @property
    def count(self) -> int:
        """The records written so far."""
        ...

    def action(self, action: Action) -> None: ...

    def end(self, state: AttackState) -> None: ...


@dataclass(frozen=True, slots=True)
class WhyNot:
    """Why a card in one's hand cannot be played now: a catalog key and its fields."""

    key: str
    player: int = -1


class AttackMatch:
    """One game of Bakugan Attack! with its seats."""

    def __init__(
        self,
        deck: Deck,
        levels: Mapping[str, AttackLevel],
        seats: Sequence[str],
        state: AttackState,
        seed: int,
    ) -> None:
        for seat in seats:
            if seat != HUMAN and seat not in levels:
                raise ValueError(f"seat {seat!r}: not {HUMAN!r} or a level ({', '.join(levels)})")
        if len(seats) != state.n:
            raise ValueError(f"{len(seats)} seats for a game of {state.n} players")
        self.deck = deck
        self.levels = levels
        self.seats = tuple(seats)
        self.state = state
        self.seed = seed
        self.events: list[Event] = []
        self.recorder: MatchRecorder | None = None
        self.resumed_replay: tuple[object, object] | None = None  # (file, records) of a save
        start = state.draws * 1000 + state.rounds_played
        self.bots: dict[int, AttackPolicy] = {
            p: make_policy(name, deck, seat_seed(seed, p) + start, levels)
            for p, name in enumerate(self.seats)
            if name != HUMAN
        }

    @staticmethod
    def new(
        deck: Deck,
        levels: Mapping[str, AttackLevel],
        seats: Sequence[str],
        variant: Variant = Variant.STANDARD,
        seed: int = 0,
    ) -> AttackMatch:
        """A game before the first die (raises InvalidSettings for 2 or 6 seats)."""
        state, events = AttackState.new(deck, Settings(len(seats), variant), seed)
        match = AttackMatch(deck, levels, seats, state, seed)
        match.events.extend(events)
        return match

    # --- asking ---------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.state.n

    def human(self, player: int) -> bool:
        return 0 <= player < self.players and self.seats[player] == HUMAN

    @property
    def humans(self) -> tuple[bool, ...]:
        return tuple(seat == HUMAN for seat in self.seats)

    @property
    def over(self) -> bool:
        return self.state.is_over()

    def to_act(self) -> tuple[int, ...]:
        """The players who choose a card now (`game.match.protocol`): one player, or
        the players choosing blind after Julie; () while a die, a draw or the deal
        is due, and when over."""
        return tuple(p for p in self.state.current_players() if p != CHANCE)

    def throwers(self) -> tuple[int, ...]:
        """The player whose die the tray waits for, or ()."""
        die = self.die_due()
        return () if die is None else (die,)

    def chance_due(self) -> bool:
        return self.state.current_players() == (CHANCE,)

    def die_due(self) -> int | None:
        """Whose die is to be thrown now (None: no die is due)."""
        if self.state.phase in (Phase.DEALER_ROLL, Phase.TARGET_ROLL):
            return self.state.roller()
        return None

    def die_face(self) -> int:
        """The face the die due will show (the core's seeded outcome); the table's die
        rolls to rest on it."""
        action = self.state.chance_action()
        if not isinstance(action, Roll):
            raise ValueError("no die is due")
        return action.face

    def choosing(self, player: int) -> bool:
        """`player` has a card to choose now."""
        return player in self.to_act()

    def why_not(self, player: int, card: str) -> WhyNot | None:
        """None if `player` may play `card` now; else why not."""
        state = self.state
        if state.is_over():
            return WhyNot("attack_ui.why.over")
        if card not in state.hands[player]:
            return WhyNot("attack_ui.why.gone")
        if self.choosing(player):
            return None
        if state.phase is Phase.BLIND and state.pending[player] is not None:
            return WhyNot("attack_ui.why.chosen")
        if state.phase is Phase.BLIND and player == state.leader:
            return WhyNot("attack_ui.why.julie_led")
        if state.phase is Phase.RANDOM_PICK and state.turn == player:
            return WhyNot("attack_ui.why.runo")
        if state.mode == "random" and player != state.leader:
            return WhyNot("attack_ui.why.runo")
        if state.phase in (Phase.DEALER_ROLL, Phase.TARGET_ROLL, Phase.DEAL):
            return WhyNot("attack_ui.why.dice")
        if player in {p for p, _ in state.table}:
            return WhyNot("attack_ui.why.played")
        return WhyNot("attack_ui.why.turn", state.turn)

    def legal_actions(self, player: int) -> list[Action]:
        return self.state.legal_actions(player) if player in self.to_act() else []

    def observation(self, player: int) -> Any:
        return self.state.observation(player)

    def result_winners(self) -> tuple[int, ...]:
        """The players sharing first place (the core's result), () while playing."""
        result = self.state.result()
        if result is None:
            return ()
        return tuple(p for p in range(self.players) if result.places[p] == 0)

    # --- acting ---------------------------------------------------------------------

    def act(self, action: Action) -> list[Event]:
        events = self.state.apply(action)
        self.events.extend(events)
        if self.recorder is not None:
            self.recorder.action(action)
            if self.state.is_over():
                self.recorder.end(self.state)
        return events

    def apply_chance(self) -> list[Event]:
        """Apply the chance outcome due (a die, Runo's pick or the deal)."""
        return self.act(self.state.chance_action())

    def play(self, player: int, card: str) -> list[Event]:
        return self.act(PlayCard(player, card))

    def bot_action(self, player: int) -> Action:
        """What the computer in `player`'s seat plays now (from its observation)."""
        return self.bot_decision(player)()

    def bot_decision(self, player: int) -> Callable[[], Action]:
        """The computer's choice in `player`'s seat as work that may run in another
        thread: what it reads (its observation, the legal actions) is taken now."""
        bot = self.bots[player]
        legal = self.state.legal_actions(player)
        obs = self.state.observation(player) if bot.observes else None
        return lambda: bot.choose(obs, legal)

    def bot_to_act(self) -> int | None:
        """A computer that must choose now (the first of them), or None."""
        for p in self.to_act():
            if p != CHANCE and p in self.bots:
                return p
        return None

    def step_without_people(self) -> list[Event]:
        """One step where no person is asked: chance or a bot (tests, the demo)."""
        if self.chance_due():
            return self.apply_chance()
        bot = self.bot_to_act()
        if bot is None:
            raise ValueError("a person is to act")
        return self.act(self.bot_action(bot))

    # --- saving ---------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "version": SAVE_VERSION,
            "seats": list(self.seats),
            "seed": self.seed,
            "state": self.state.to_json(),
        }
        if self.recorder is not None and self.recorder.name is not None:
            out["replay"] = self.recorder.name
            out["replay_records"] = self.recorder.count
        return out

    @staticmethod
    def from_json(
        data: Mapping[str, Any], deck: Deck, levels: Mapping[str, AttackLevel]
    ) -> AttackMatch:
        """The match of an autosave payload; raises AttackSaveError with the reason."""
        try:
            if data.get("version") != SAVE_VERSION:
                raise AttackSaveError(f"save version {data.get('version')!r}, not {SAVE_VERSION}")
            seats = data["seats"]
            if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
                raise AttackSaveError("seats: not a list of names")
            seed = data["seed"]
            if not isinstance(seed, int) or isinstance(seed, bool):
                raise AttackSaveError(f"seed: not a whole number ({seed!r})")
            state = AttackState.from_json(data["state"], deck)
            match = AttackMatch(deck, levels, seats, state, seed)
            match.resumed_replay = (data.get("replay"), data.get("replay_records"))
            return match
        except AttackSaveError:
            raise
        except (KeyError, ValueError, TypeError, AttributeError, IndexError) as e:
            raise AttackSaveError(f"{type(e).__name__}: {e}") from e


def save_problems(
    data: Mapping[str, Any], deck: Deck, levels: Mapping[str, AttackLevel]
) -> list[str]:
    """Every way the match of an autosave payload could not happen: its state against
    the rules core's invariants (`game.rules.attack.invariants`); empty: it may be
    resumed. Raises `AttackSaveError` for a payload that is no match at all (seats of
    no level, a state that does not read)."""
    return invariants.problems(AttackMatch.from_json(data, deck, levels).state)
