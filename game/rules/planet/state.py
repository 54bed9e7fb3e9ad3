"""The Battle Planet match (seed 003): one mutable state object, pure and deterministic.

It speaks `game/rules/api.py`: `current_players()` gives both players in the steps they
take at once (the Energy phase, picking the Bakugan to roll; under the seed's free card
play, the card-play steps too), the one with priority under the official batch, or
CHANCE for a roll's outcome (`Roll`, one per player, from physics, a script or a landing
model). A simultaneous choice is taken from each player separately, kept hidden from the
other (`observation` shows only that it was made), and revealed when both have chosen,
so the order the two arrive in never matters. An illegal action raises `IllegalAction`
with the reason and changes nothing: it is checked before the first change.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from game.rules.api import CHANCE, IllegalAction, Reason, Result

from . import actions as act
from . import events as ev
from . import flow
from .actions import SHAPES, Action
from .defs import CardPlay, Catalog, Kit, Settings
from .hexgrid import Hex, free_places
from .kit import InvalidKit, check_kit
from .observation import Observation, observe
from .phases import WINDOWS, Phase
from .play import flip_cost, legal_plays, pay, play_problem
from .resolve import resolve
from .why import why_illegal
from .zones import Bakugan, Damage, Item, MatrixCore, Side, TurnMod


class PlanetState:
    """One match. Build it with `PlanetState.new`; drive it with `apply`."""

    __slots__ = (
        "_legal",
        "batch",
        "by_damage",
        "catalog",
        "choices",
        "commits",
        "damage",
        "end_reason",
        "matrix",
        "mods",
        "over",
        "passed",
        "passes",
        "phase",
        "placer",
        "priority",
        "rng",
        "rolls",
        "settings",
        "sides",
        "starting",
        "turn",
        "victor",
        "winner",
    )

    def __init__(self, catalog: Catalog, settings: Settings, rng: random.Random) -> None:
        self.catalog = catalog
        self.settings = settings
        self.rng = rng
        self.sides: list[Side] = []
        self.matrix: dict[Hex, MatrixCore] = {}  # in placement order
        self.phase = Phase.CORES
        self.turn = 0
        self.starting = 0
        self.placer = 0
        self.commits: list[Action | None] = [None, None]
        self.rolls: list[act.Roll | None] = [None, None]
        self.batch: list[Item] = []  # the last is the top
        self.priority = 0
        self.passes = 0
        self.passed = [False, False]
        self.damage: Damage | None = None
        self.victor: int | None = None
        self.by_damage = False
        self.mods: list[TurnMod] = []
        self.choices: list[list[int]] = []  # [player, cards to discard]
        self.over = False
        self.winner: int | None = None
        self.end_reason = ""
        self._legal: dict[int, list[Action]] = {}

    # -- creation ----------------------------------------------------------------------

    @staticmethod
    def new(
        catalog: Catalog, kits: Sequence[Kit], settings: Settings | None = None, seed: int = 0
    ) -> tuple[PlanetState, list[ev.Event]]:
        """A match at its start: the kits checked (`InvalidKit` lists every reason), the
        coin tossed (unless `settings.first` names who places the first BakuCore)."""
        if len(kits) != 2:
            raise InvalidKit([f"Battle Planet is for 2 players, got {len(kits)} kits"])
        problems = [
            f"player {p}: {x}" for p, kit in enumerate(kits) for x in check_kit(kit, catalog)
        ]
        if problems:
            raise InvalidKit(problems)
        settings = settings or Settings()
        state = PlanetState(catalog, settings, random.Random(seed))
        for kit in kits:
            state.sides.append(
                Side(list(kit.deck), [Bakugan(c) for c in kit.characters], list(kit.cores))
            )
        first = settings.first if settings.first is not None else state.rng.randrange(2)
        state.starting = state.placer = first
        return state, [ev.CoinTossed(first), ev.MatchStarted(first)]

    def stage(self, player: int, zone: str, cards: Sequence[str]) -> None:
        """Scenarios and puzzles, before the first BakuCore is placed: move these cards
        from `player`'s deck (the lowest copy of each) to his Energy (charged) or discard
        pile, or (zone ``open``) open these Bakugan face up. Refused later."""
        if self.phase is not Phase.CORES or self.matrix:
            raise IllegalAction(f"stage {zone}", "cards are staged only before setup begins")
        side = self.sides[player]
        if zone == "open":
            chosen = [side.find(c) for c in cards]
            if None in chosen:
                raise IllegalAction(f"stage open {' '.join(cards)}", "no such Bakugan")
            for b in chosen:
                assert b is not None
                b.open = b.face_up = True
            return
        if zone not in ("energy", "discard"):
            raise IllegalAction(f"stage {zone}", "cards are staged into energy, discard or open")
        deck = list(side.deck)
        for card in cards:
            if card not in deck:
                raise IllegalAction(f"stage {zone} {card}", f"{card} is not in p{player}'s deck")
            del deck[len(deck) - 1 - deck[::-1].index(card)]
        side.deck = deck
        for card in cards:
            if zone == "energy":
                side.energy.append(card)
                side.charged.append(True)
            else:
                side.discard.append(card)

    # -- the protocol ------------------------------------------------------------------

    def is_over(self) -> bool:
        return self.over

    def result(self) -> Result | None:
        return Result.single(self.winner, 2) if self.over else None

    def current_players(self) -> tuple[int, ...]:
        if self.over:
            return ()
        if self.choices:
            return (self.choices[0][0],)
        phase = self.phase
        if phase in WINDOWS:
            if self.settings.card_play is CardPlay.BATCH:
                return (self.priority,)
            return tuple(p for p in (0, 1) if not self.passed[p])
        if phase is Phase.ENERGIZE or phase is Phase.SELECT:
            return tuple(p for p in (0, 1) if self.commits[p] is None)
        if phase is Phase.ROLL:
            return (CHANCE,)
        if phase is Phase.FLIP:
            assert self.damage is not None
            return (1 - self.damage.attacker,)
        return (self.placer,)

    def legal_actions(self, player: int) -> list[Action]:
        cached = self._legal.get(player)
        if cached is None:
            cached = self._legal[player] = self._legal_now(player)
        return cached

    def _legal_now(self, player: int) -> list[Action]:
        if player not in self.current_players():
            return []
        if self.choices:
            return [act.Discard(player, c) for c in sorted(set(self.sides[player].hand))]
        phase = self.phase
        side = self.sides[player] if player != CHANCE else None
        if phase in WINDOWS:
            return [act.Pass(player), *legal_plays(self, player)]
        if phase is Phase.ENERGIZE:
            assert side is not None
            return [
                act.Energize(player, None),
                *(act.Energize(player, c) for c in sorted(set(side.hand))),
            ]
        if phase is Phase.SELECT:
            assert side is not None
            return [act.Pick(player, b.character) for b in side.bakugan if not b.open]
        if phase is Phase.ROLL:
            roller = self.rolls.index(None)
            free = [h for h, core in self.matrix.items() if not core.held_by]
            return [
                act.Roll(roller, False),
                act.Roll(roller, True),
                *(act.Roll(roller, True, h) for h in free),
            ]
        if phase is Phase.FLIP:
            out: list[Action] = [act.FlipChoice(player, False)]
            if self.flip_price() <= self.sides[player].available():
                out.append(act.FlipChoice(player, True))
            return out
        assert side is not None
        places = free_places(self.matrix)
        return [act.PlaceCore(player, core, h) for core in sorted(set(side.supply)) for h in places]

    def flip_price(self) -> int:
        """What the milled Flip waiting for its owner costs now (Frost Strike included)."""
        assert self.damage is not None and self.damage.flip is not None
        return flip_cost(self, 1 - self.damage.attacker, self.catalog.cards[self.damage.flip])

    def why_illegal(self, action: Action) -> Reason | None:
        """Why `action` is refused now (a `Reason` with its code), or None when legal
        (anything that is not a Battle Planet action of the declared field types is
        refused first)."""
        if SHAPES.bad(action) is not None:
            return SHAPES.problem(action)
        legal = self.legal_actions(action.player)
        if any(a is action for a in legal) or action in legal:  # a chosen one is itself
            return None
        acting = action.player in self.current_players() and not self.choices
        if isinstance(action, act.PlayCard) and acting and self.phase in WINDOWS:
            return play_problem(self, action)
        return why_illegal(self, action)

    def apply(self, action: Action) -> list[ev.Event]:
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalAction(action, reason)
        events: list[ev.Event] = []
        self._legal = {}
        if isinstance(action, act.PlayCard):
            self._play(action, events)
        elif isinstance(action, act.Pass):
            self._pass(action.player, events)
        elif isinstance(action, act.Roll):
            self.rolls[action.roller] = action
            if None not in self.rolls:
                flow.resolve_roll(self, events)
        elif isinstance(action, act.Energize | act.Pick):
            self._commit(action, events)
        elif isinstance(action, act.FlipChoice):
            self._flip(action, events)
        elif isinstance(action, act.Discard):
            self._discard(action, events)
        else:
            self._place(action, events)
        return events

    # -- the moves ---------------------------------------------------------------------

    def _place(self, action: act.PlaceCore, events: list[ev.Event]) -> None:
        side = self.sides[action.player]
        side.supply.remove(action.core)
        self.matrix[action.hex] = MatrixCore(action.player, action.core)
        core_type = self.catalog.cores[action.core].type.value
        events.append(ev.CorePlaced(action.player, action.core, core_type, action.hex))
        other = 1 - action.player
        if self.sides[other].supply:
            self.placer = other
        elif not side.supply:
            flow.finish_setup(self, events)

    def _commit(self, action: act.Energize | act.Pick, events: list[ev.Event]) -> None:
        self.commits[action.player] = action
        step = "energy" if isinstance(action, act.Energize) else "roll"
        events.append(ev.Committed(action.player, step))
        if None in self.commits:
            return
        chosen, self.commits = self.commits, [None, None]
        for p, choice in enumerate(chosen):
            side = self.sides[p]
            if isinstance(choice, act.Energize):
                if choice.card is not None:
                    side.hand.remove(choice.card)
                    side.energy.append(choice.card)
                    side.charged.append(True)
                    events.append(ev.Energized(p, choice.card))
            elif isinstance(choice, act.Pick):
                side.picked = choice.character
                events.append(ev.Picked(p, choice.character))
        if self.phase is Phase.ENERGIZE:
            flow.open_window(self, Phase.MAIN, events)
        else:
            self.phase = Phase.ROLL
            self.rolls = [None, None]

    def _play(self, action: act.PlayCard, events: list[ev.Event]) -> None:
        side = self.sides[action.player]
        card = self.catalog.cards[action.card]
        from .play import cost_of

        cost = cost_of(self, action.player, card)
        pay(side, cost, card)
        side.hand.remove(action.card)
        if action.sacrifice is not None:
            side.hand.remove(action.sacrifice)
            side.discard.append(action.sacrifice)
            events.append(ev.Moved(action.player, action.sacrifice, "sacrificed"))
        side.played += 1
        events.append(
            ev.CardPlayed(action.player, action.card, action.targets, cost, action.sacrifice)
        )
        item = Item(action.player, action.card, targets=action.targets, sacrifice=action.sacrifice)
        if self.settings.card_play is CardPlay.BATCH:
            self.batch.append(item)
            self.passes = 0
        else:
            resolve(self, item, events, self.phase is Phase.DAMAGE)
            self.passed = [False, False]

    def _pass(self, player: int, events: list[ev.Event]) -> None:
        events.append(ev.Passed(player))
        if self.settings.card_play is CardPlay.FREE:
            self.passed[player] = True
            if all(self.passed):
                flow.close_window(self, events)
            return
        self.passes += 1
        if self.passes < 2:
            self.priority = 1 - player
            return
        self.passes = 0
        if self.batch:
            resolve(self, self.batch.pop(), events, self.phase is Phase.DAMAGE)
            self.priority = self.starting
        else:
            flow.close_window(self, events)

    def _flip(self, action: act.FlipChoice, events: list[ev.Event]) -> None:
        damage = self.damage
        assert damage is not None and damage.flip is not None
        card = damage.flip
        damage.flip = None
        side = self.sides[action.player]
        if not action.pay:
            events.append(ev.Moved(action.player, card, "let go of Flip"))
            flow.continue_damage(self, events)
            return
        cost = flip_cost(self, action.player, self.catalog.cards[card])
        pay(side, cost)
        del side.discard[len(side.discard) - 1 - side.discard[::-1].index(card)]
        side.played += 1
        events.append(ev.CardPlayed(action.player, card, (), cost))
        item = Item(action.player, card)
        if self.settings.card_play is CardPlay.BATCH:
            self.batch.append(item)
            flow.open_window(self, Phase.DAMAGE, events, first=action.player)
        else:
            resolve(self, item, events, True)
            if not self.choices:  # else milling goes on once the choices are made
                flow.continue_damage(self, events)

    def _discard(self, action: act.Discard, events: list[ev.Event]) -> None:
        side = self.sides[action.player]
        side.hand.remove(action.card)
        side.discard.append(action.card)
        events.append(ev.Moved(action.player, action.card, "discarded"))
        self.choices[0][1] -= 1
        if self.choices[0][1] <= 0 or not side.hand:
            self.choices.pop(0)
        damage = self.damage
        if (
            not self.choices
            and self.phase is Phase.FLIP
            and damage is not None
            and damage.flip is None
        ):
            flow.continue_damage(self, events)  # a Flip's discard, under free card play

    # -- views and copies --------------------------------------------------------------

    def observation(self, player: int) -> Observation:
        return observe(self, player)

    def clone(self) -> PlanetState:
        other = PlanetState(self.catalog, self.settings, random.Random())
        other.rng.setstate(self.rng.getstate())
        other.sides = [s.copy() for s in self.sides]
        other.matrix = {h: c.copy() for h, c in self.matrix.items()}
        for name in ("phase", "turn", "starting", "placer", "priority", "passes", "victor"):
            setattr(other, name, getattr(self, name))
        for name in ("by_damage", "over", "winner", "end_reason"):
            setattr(other, name, getattr(self, name))
        other.commits = list(self.commits)
        other.rolls = list(self.rolls)
        other.batch = list(self.batch)
        other.passed = list(self.passed)
        other.damage = self.damage.copy() if self.damage is not None else None
        other.mods = list(self.mods)
        other.choices = [list(c) for c in self.choices]
        return other

    def to_json(self) -> dict[str, Any]:
        from .serialize import state_to_json

        return state_to_json(self)

    @staticmethod
    def from_json(data: dict[str, Any], catalog: Catalog) -> PlanetState:
        from .serialize import state_from_json

        return state_from_json(data, catalog)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PlanetState) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"PlanetState(turn {self.turn}, {self.phase.value}, acting {self.current_players()})"
