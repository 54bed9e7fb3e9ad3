"""The classic Battle Brawlers match: one mutable state object, pure and deterministic.

Shaped like OpenSpiel's ``State``: `current_player`, `legal_actions`, `apply` (returns
events), `is_over`, `winner`, `observation(player)`, `clone`, `to_json`/`from_json`.
Throw outcomes are chance actions (`Land`, `Miss`) supplied by physics, a script or a
landing model. An illegal action raises `IllegalAction` with the reason and changes
nothing: every check happens before the first mutation.

The state holds the data and answers the questions; the rules live in rooms of their
own, each a set of functions of the state: `legal` (what may be done), `checks` (why
not), `resolution` (what an action does), `flow` (turns, battle windows, captures),
`state_json` (copies and JSON), beside `settings`, `kits`, `piles`, `phases` and
`abilities` (when an Ability Card may be played).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from game.rules.api import Reason, Result

from . import battle as bt
from . import checks, flow, legal, resolution, state_json
from .actions import CHANCE, Action, Slot
from .defs import Catalog, Kit
from .events import Event, MatchStarted
from .kits import InvalidKit, check_kit, random_kit
from .observation import Observation, observe
from .phases import BATTLE, LANDING, MAIN, OPEN, OVER, OWN, SETUP, Phase
from .piles import FieldGate, PlayerState, where
from .settings import DEFAULT_SETTINGS, LEVEL_UNUSED_GATES, Settings

__all__ = [  # the names others import from here (the settings live in `.settings`)
    "BATTLE",
    "LANDING",
    "MAIN",
    "OPEN",
    "OVER",
    "OWN",
    "SETUP",
    "FieldGate",
    "InvalidKit",
    "MatchState",
    "Phase",
    "PlayerState",
    "Settings",
    "check_kit",
    "random_kit",
]


class MatchState:
    """One classic match. Create with `MatchState.new`; mutate only through `apply`."""

    __slots__ = (
        "battle",
        "catalog",
        "choice",
        "field",
        "kits",
        "open_order",
        "open_passes",
        "open_priority",
        "pending",
        "phase",
        "players",
        "rng",
        "seating",
        "set_this_turn",
        "settings",
        "setup_queue",
        "thrown",
        "turn",
        "turn_acted",
        "turn_player",
        "winner",
    )

    catalog: Catalog
    settings: Settings
    kits: tuple[Kit, ...]
    players: list[PlayerState]
    field: dict[Slot, FieldGate]
    phase: Phase
    turn_player: int
    turn: int
    setup_queue: list[int]
    set_this_turn: bool
    turn_acted: bool  # the turn player set a Gate Card or played a card this turn
    thrown: tuple[int, str] | None
    pending: list[tuple[int, str]]
    battle: bt.Battle | None
    choice: Slot | None
    winner: int | None
    rng: random.Random
    seating: list[int]  # the players clockwise from seat position 0 (row 0's side)
    open_order: list[int]  # the OPEN window's players in priority order
    open_priority: int
    open_passes: int

    # ----------------------------------------------------------------- creation

    @staticmethod
    def new(
        catalog: Catalog,
        kits: Sequence[Kit],
        settings: Settings = DEFAULT_SETTINGS,
        seed: int = 0,
    ) -> tuple[MatchState, list[Event]]:
        """A match at its opening (players about to set Gate Cards) and its first events."""
        settings.check()
        if len(kits) != settings.players:
            raise InvalidKit(f"kits: {settings.players} players need {settings.players} kits")
        for i, kit in enumerate(kits):
            problems = check_kit(kit, catalog, settings)
            if problems:
                raise InvalidKit(f"player {i}: " + "; ".join(problems))
        s = MatchState.__new__(MatchState)
        s.catalog = catalog
        s.settings = settings
        s.kits = tuple(kits)
        s.players = [
            PlayerState(
                list(k.bakugan),
                [],
                list(k.gates),
                list(k.abilities),
                [],
                [],
                list(k.traps),
                [],
                list(k.gear),
                [],
                list(k.evolutions),
                [],
                [catalog.evolutions[e].evolved for e in k.evolutions],
            )
            for k in kits
        ]
        s.field = {}
        s.rng = random.Random(seed)
        n = settings.players
        s.seating = list(settings.seating) if settings.seating else list(range(n))
        if settings.random_order:
            s.rng.shuffle(s.seating)
        first = settings.first_player
        s.turn_player = s.rng.randrange(n) if first < 0 else first
        s.turn = 0
        s.set_this_turn = False
        s.turn_acted = False
        s.thrown = None
        s.pending = []
        s.battle = None
        s.choice = None
        s.winner = None
        s.open_order = []
        s.open_priority = 0
        s.open_passes = 0
        s.phase = SETUP
        s.setup_queue = flow.setup_queue(s, s.turn_player)
        return s, [MatchStarted(n)]

    def opening_slots_of(self, player: int) -> tuple[Slot, ...]:
        """The slots where `player` sets opening Gate Cards (by his seat position)."""
        return self.settings.opening_layout()[self.seating.index(player)]

    # ----------------------------------------------------------------- queries

    def is_over(self) -> bool:
        return self.phase == OVER

    def current_player(self) -> int | None:
        """Who acts next: a player, `CHANCE` for a throw's landing, None when over."""
        phase = self.phase
        if phase in (MAIN, OWN):
            return self.turn_player
        if phase == LANDING:
            return CHANCE
        if phase == BATTLE:
            b = self.battle
            assert b is not None
            if b.window == bt.ATTRIBUTE:
                return b.sides[b.to_choose[0]][0]
            return b.order[b.priority]
        if phase == SETUP:
            return self.setup_queue[0]
        if phase == OPEN:
            return self.open_order[self.open_priority]
        return None

    def current_players(self) -> tuple[int, ...]:
        """The protocol's form of `current_player`: one player, ``(CHANCE,)``, or ``()``."""
        p = self.current_player()
        return () if p is None else (p,)

    def result(self) -> Result | None:
        """The winner once the match is over (the classic game always has one)."""
        if self.phase != OVER:
            return None
        return Result.single(self.winner, len(self.players))

    def evaluate_battle(self) -> bt.Evaluation:
        """The battle in progress as it stands: attributes, G-Power breakdowns, winner."""
        b = self.battle
        if b is None:
            raise ValueError("no battle in progress")
        g = self.field[b.slot]
        return bt.evaluate(b, self.catalog, g.gate, g.owner)

    def where(self) -> dict[tuple[str, int, str], str]:
        """Every piece's place: (kind, owner, id) -> place (`piles.where`)."""
        return where(self)

    def observation(self, player: int) -> Observation:
        """What `player` may see: own hand and gate faces, only counts of the others'."""
        return observe(self, player)

    def game_level(self) -> int:
        """The Game Level by the `game_level` rule option: the Gate Cards in all used
        piles (default, seed 004), or the Gate Cards not yet used (seed 000)."""
        captured = sum(len(p.captured) for p in self.players)
        if self.settings.game_level == LEVEL_UNUSED_GATES:
            return sum(len(k.gates) for k in self.kits) - captured
        return captured

    def level_problem(self, level: int | None) -> Reason | None:
        """Why a level-marked Ability Card of `level` cannot be used now (None: it can)."""
        return checks.level_problem(self, level)

    # ----------------------------------------------------------------- the rules' rooms

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Everything the player to act may do now (for `player`, empty if not theirs)."""
        return legal.legal_actions(self, player)

    def ability_problem(self, player: int, card: str) -> Reason | None:
        """Why `player` cannot play `card` right now (None: some way to play it is legal).

        The reason has a `code` and `params` (for the screen's catalogs) and reads in English.
        """
        return checks.ability_problem(self, player, card)

    def why_illegal(self, action: Action) -> str | None:
        """The reason `action` is not allowed now, or None if it is."""
        return checks.why_illegal(self, action)

    def apply(self, action: Action, observe: Callable[[Event], None] | None = None) -> list[Event]:
        """Carry out `action`; returns what happened. Raises `IllegalAction` if not allowed.

        `observe`, if given, is called with each event as it is recorded, the state
        already changed by it: a screen reads the battle's breakdown after every event.
        """
        return resolution.apply(self, action, observe)

    # ----------------------------------------------------------------- copies, JSON

    def clone(self) -> MatchState:
        s = MatchState.__new__(MatchState)
        state_json.copy_into(s, self)
        return s

    def to_json(self) -> dict[str, Any]:
        """A plain JSON-able dict of everything but the catalog (kept by id)."""
        return state_json.to_json(self)

    @staticmethod
    def from_json(data: dict[str, Any], catalog: Catalog) -> MatchState:
        """A state from `to_json` (fields added since format 1 may be missing)."""
        s = MatchState.__new__(MatchState)
        state_json.fill_from_json(s, data, catalog)
        return s

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MatchState):
            return NotImplemented
        return self.catalog is other.catalog and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        caps = "/".join(str(len(p.captured)) for p in self.players)
        return f"<MatchState {self.phase} turn {self.turn} p{self.turn_player} captured {caps}>"
