"""The classic Battle Brawlers match: one mutable state object, pure and deterministic.

Shaped like OpenSpiel's ``State``: `current_player`, `legal_actions`, `apply` (returns
events), `is_over`, `winner`, `observation(player)`, `clone`, `to_json`/`from_json`.
Throw outcomes are chance actions (`Land`, `Miss`) supplied by physics, a script or a
landing model. An illegal action raises `IllegalAction` with the reason and changes
nothing: every check happens before the first mutation.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game.rules.api import GameError, IllegalAction, Reason, Result

from . import battle as bt
from .actions import (
    CHANCE,
    Action,
    ChooseAttribute,
    Evolve,
    Land,
    Miss,
    MoveBakugan,
    Pass,
    PlayAbility,
    PlayGear,
    PlayTrap,
    SetGate,
    Slot,
    TakeGate,
    Throw,
)
from .defs import ATTRIBUTES, AbilityColour, AbilityDef, Catalog, GateColour, Kit, Timing
from .effects import FIELD, PRIMITIVES
from .events import (
    AbilityCancelled,
    AbilityPlayed,
    AbilityWasted,
    AttributeChosen,
    BakuganMoved,
    BakuganRecovered,
    BattleResolved,
    BattleStarted,
    Event,
    Evolved,
    FieldEmpty,
    GameWon,
    GateCaptured,
    GateOpened,
    GateSet,
    GearOpened,
    LevelChanged,
    MatchStarted,
    Missed,
    Opened,
    Recycled,
    SupportToUsed,
    Thrown,
    ToUnused,
    ToUsed,
    TrapOpened,
    TurnStarted,
)
from .observation import Observation, observe

SETUP = "setup"  # players set their opening Gate Cards
MAIN = "main"  # the turn player may set a gate, play "before" cards, then throws
LANDING = "landing"  # chance: where the thrown Bakugan opened
OWN = "own"  # it opened beside one's own Bakugan: take the card or move
BATTLE = "battle"
OVER = "over"
# Games of 3-4 players: between turns, any player may play an Ability Card usable outside
# a battle, the player whose turn comes next first.
OPEN = "open"

CLEAR_FIRST_STANDER = "first_stander"  # seed 004: the first on the card picks
CLEAR_EACH = "each"  # seed 000: both players pick their own

_WINDOW_TIMING = {bt.START: Timing.BEFORE, bt.DURING: Timing.DURING, bt.AFTER: Timing.AFTER}


class InvalidKit(GameError, ValueError):
    """A player's kit breaks the rules of what a player brings."""


SEASON_2 = 2  # New Vestroia, season 2 rules: one Trap (two in the Big Game), no Battle Gear
SEASON_3 = 3  # season 3 rules: two Traps or Battle Gear in all (four in the Big Game)
LEVEL_USED_PILES = "used_piles"  # seed 004 (and the official Power Level)
LEVEL_UNUSED_GATES = "unused_gates"  # seed 000
MARKED_SEEDS = "seeds"  # a level-marked card cannot be used when its level is below the level
MARKED_OFFICIAL = "official"  # a level-marked card cannot be used until the level reaches it

# The opening layouts: (players, big_game) -> (grid, Gate Card slots per seat position).
# Position 0 sits on row 0's side; positions go clockwise (4 players: bottom, left, top,
# right). Each card lies in the middle, far from its owner, touching the others' cards
# corner to corner (two players: narrow side to narrow side; Big Game: two side by side).
LAYOUTS: dict[tuple[int, bool], tuple[tuple[int, int], tuple[tuple[Slot, ...], ...]]] = {
    (2, False): ((5, 4), (((2, 2),), ((2, 1),))),
    (2, True): ((6, 4), (((2, 2), (3, 2)), ((2, 1), (3, 1)))),
    (3, False): ((5, 4), (((2, 2),), ((3, 1),), ((1, 1),))),
    (3, True): ((6, 5), (((2, 3), (3, 3)), ((4, 1), (4, 2)), ((1, 1), (1, 2)))),
    (4, False): ((5, 5), (((2, 3),), ((3, 2),), ((2, 1),), ((1, 2),))),
    (4, True): ((6, 6), (((2, 4), (3, 4)), ((4, 2), (4, 3)), ((2, 1), (3, 1)), ((1, 2), (1, 3)))),
}


@dataclass(frozen=True, slots=True)
class Settings:
    """The match's rule settings (rule options of design.md and docs/rules.md).

    `Settings.preset(players, big_game)` gives the grid, kit sizes and captures to win
    of a game of 2-4 players, normal or Big; plain `Settings()` is the two-player game.
    """

    players: int = 2
    gates_to_win: int = 3
    first_player: int = 0  # who starts (the seed: the younger player); -1: drawn by the seed
    clear_pair: str = CLEAR_FIRST_STANDER
    grid: tuple[int, int] = (5, 4)  # columns x rows of Gate Card slots
    kit_bakugan: int = 3
    kit_gates: int = 3  # one of each colour per 3
    kit_abilities: int = 3
    season: int = SEASON_3  # how many Traps / Battle Gear a kit may hold
    game_level: str = LEVEL_USED_PILES
    level_marked: str = MARKED_SEEDS
    big_game: bool = False  # the Big Game (use `preset` for its kit sizes and 6 to win)
    opening: tuple[tuple[Slot, ...], ...] = ()  # per seat position; (): LAYOUTS
    seating: tuple[int, ...] = ()  # the players clockwise from position 0; (): 0..n-1
    random_order: bool = False  # the seating (so the turn order) is drawn by the seed

    @staticmethod
    def preset(players: int = 2, big_game: bool = False, **options: Any) -> Settings:
        """The settings of a game of `players`, normal or Big (6 Bakugan, 6 Gate Cards,
        6 Ability Cards, 6 captures to win); `options` override any field."""
        grid, _ = LAYOUTS.get((players, big_game), ((5, 4), ()))
        fields: dict[str, Any] = {"players": players, "big_game": big_game, "grid": grid}
        if big_game:
            fields.update(kit_bakugan=6, kit_gates=6, kit_abilities=6, gates_to_win=6)
        fields.update(options)
        return Settings(**fields)

    def check(self) -> None:
        if not 2 <= self.players <= 4:
            raise ValueError(f"settings: players: {self.players}: 2 to 4 players")
        if self.clear_pair not in (CLEAR_FIRST_STANDER, CLEAR_EACH):
            raise ValueError(f"settings: clear_pair: {self.clear_pair!r} is not an option")
        if not -1 <= self.first_player < self.players:
            raise ValueError(f"settings: first_player: {self.first_player} is not a player")
        if self.gates_to_win < 1:
            raise ValueError("settings: gates_to_win: must be at least 1")
        if self.season not in (SEASON_2, SEASON_3):
            raise ValueError(f"settings: season: {self.season!r} is not 2 or 3")
        if self.game_level not in (LEVEL_USED_PILES, LEVEL_UNUSED_GATES):
            raise ValueError(
                f"settings: game_level: {self.game_level!r} is not"
                f" {LEVEL_USED_PILES} or {LEVEL_UNUSED_GATES}"
            )
        if self.level_marked not in (MARKED_SEEDS, MARKED_OFFICIAL):
            raise ValueError(
                f"settings: level_marked: {self.level_marked!r} is not"
                f" {MARKED_SEEDS} or {MARKED_OFFICIAL}"
            )
        if self.seating and sorted(self.seating) != list(range(self.players)):
            raise ValueError(f"settings: seating: {self.seating} is not an order of the players")
        layout = self.opening_layout()
        if len(layout) != self.players:
            raise ValueError(f"settings: opening: needs the slots of {self.players} seats")
        cols, rows = self.grid
        slots = [slot for seat in layout for slot in seat]
        if not layout[0] or any(len(seat) != len(layout[0]) for seat in layout):
            raise ValueError("settings: opening: every seat needs as many slots")
        if len(set(slots)) != len(slots):
            raise ValueError("settings: opening: a slot is used twice")
        for c, r in slots:
            if not (0 <= c < cols and 0 <= r < rows):
                raise ValueError(
                    f"settings: opening: @{c},{r} is off the {cols}x{rows} grid"
                    " (Settings.preset picks a grid that fits)"
                )

    def opening_layout(self) -> tuple[tuple[Slot, ...], ...]:
        """The opening Gate Card slots of each seat position (clockwise from row 0's side)."""
        if self.opening:
            return self.opening
        if self.players == 2 and not self.big_game:  # the middle of any grid
            col, row = self.grid[0] // 2, self.grid[1] // 2
            return (((col, row),), ((col, row - 1),))
        preset = LAYOUTS.get((self.players, self.big_game))
        if preset is None:
            return ()
        return preset[1]

    def opening_slots(self) -> list[Slot]:
        """The first opening slot of each seat position: with two players, player 0 sits
        at row 0's side, player 1 across; each sets far from himself, the two cards
        touching by their narrow sides."""
        return [seat[0] for seat in self.opening_layout()]

    def support_limit(self) -> tuple[int, int, int]:
        """(Traps, Battle Gear, both together) a kit may hold under the season option."""
        if self.season == SEASON_2:
            n = 2 if self.big_game else 1
            return n, 0, n
        n = 4 if self.big_game else 2
        return n, n, n

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "gates_to_win": self.gates_to_win,
            "first_player": self.first_player,
            "clear_pair": self.clear_pair,
            "grid": list(self.grid),
            "kit_bakugan": self.kit_bakugan,
            "kit_gates": self.kit_gates,
            "kit_abilities": self.kit_abilities,
            "season": self.season,
            "game_level": self.game_level,
            "level_marked": self.level_marked,
            "big_game": self.big_game,
            "opening": [[list(slot) for slot in seat] for seat in self.opening],
            "seating": list(self.seating),
            "random_order": self.random_order,
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> Settings:
        data = dict(data)
        data["grid"] = tuple(data["grid"])
        if "opening" in data:
            data["opening"] = tuple(
                tuple((int(c), int(r)) for c, r in seat) for seat in data["opening"]
            )
        if "seating" in data:
            data["seating"] = tuple(data["seating"])
        return Settings(**data)


def check_kit(kit: Kit, catalog: Catalog, settings: Settings = Settings()) -> list[str]:
    """Why `kit` is not a legal kit (empty when it is)."""
    problems: list[str] = []
    for kind, ids, known, need in (
        ("bakugan", kit.bakugan, catalog.bakugan, settings.kit_bakugan),
        ("gates", kit.gates, catalog.gates, settings.kit_gates),
        ("abilities", kit.abilities, catalog.abilities, settings.kit_abilities),
    ):
        if len(ids) != need:
            problems.append(f"{kind}: needs {need}, has {len(ids)}")
        if len(set(ids)) != len(ids):
            problems.append(f"{kind}: the same piece twice")
        problems.extend(f"{kind}: unknown id {i!r}" for i in ids if i not in known)
    if kit.traps or kit.gear or kit.evolutions:
        problems.extend(_support_problems(kit, catalog, settings))
    if problems:
        return problems
    per_colour_g = settings.kit_gates // 3
    gate_colours = [catalog.gates[g].colour for g in kit.gates]
    for colour in {c for c in catalog_colours(catalog, "gates")}:
        if gate_colours.count(colour) != per_colour_g:
            problems.append(
                f"gates: needs {per_colour_g} {colour}, has {gate_colours.count(colour)}"
            )
    per_colour_a = settings.kit_abilities // 3
    ability_colours = [catalog.abilities[a].colour for a in kit.abilities]
    for colour in {c for c in catalog_colours(catalog, "abilities")}:
        n = ability_colours.count(colour)
        if n != per_colour_a:
            problems.append(f"abilities: needs {per_colour_a} {colour}, has {n}")
    return sorted(problems)


def _support_problems(kit: Kit, catalog: Catalog, settings: Settings) -> list[str]:
    """The Traps, Battle Gear and Evolution cards of a kit: known, distinct, within the
    season's limit; each Evolution card's Bakugan in the kit, its evolved form not."""
    problems: list[str] = []
    for kind, ids, known in (
        ("traps", kit.traps, catalog.traps),
        ("gear", kit.gear, catalog.gear),
        ("evolutions", kit.evolutions, catalog.evolutions),
    ):
        if len(set(ids)) != len(ids):
            problems.append(f"{kind}: the same piece twice")
        problems.extend(f"{kind}: unknown id {i!r}" for i in ids if i not in known)
    max_traps, max_gear, max_both = settings.support_limit()
    season = f"season {settings.season}" + (" Big Game" if settings.big_game else "")
    over = False
    if len(kit.traps) > max_traps:
        problems.append(f"traps: {season} allows {max_traps}, has {len(kit.traps)}")
        over = True
    if len(kit.gear) > max_gear:
        problems.append(f"gear: {season} allows {max_gear} Battle Gear, has {len(kit.gear)}")
        over = True
    if len(kit.traps) + len(kit.gear) > max_both and not over:
        problems.append(
            f"traps and gear: {season} allows {max_both} in all,"
            f" has {len(kit.traps) + len(kit.gear)}"
        )
    have = set(kit.bakugan)
    evolved: list[str] = []
    for card in kit.evolutions:
        evo = catalog.evolutions.get(card)
        if evo is None:
            continue
        if evo.base not in have:
            problems.append(f"evolutions: {card}: needs {evo.base} in the kit")
        if evo.evolved in have or evo.evolved in evolved:
            problems.append(f"evolutions: {card}: {evo.evolved} is in the kit already")
        evolved.append(evo.evolved)
        have.add(evo.evolved)
    return problems


def catalog_colours(catalog: Catalog, kind: str) -> list[Any]:
    return list(GateColour) if kind == "gates" else list(AbilityColour)


def random_kit(
    catalog: Catalog,
    rng: random.Random,
    settings: Settings = Settings(),
    support: int = 0,
    evolutions: bool = False,
) -> Kit:
    """A legal kit dealt at random (the "quick pick"), deterministic for `rng`.

    `support`: how many Traps / Battle Gear to deal (at most the season's limit; season 2
    deals Traps only). `evolutions`: add the Evolution card of every kit Bakugan that has
    one. Evolved forms are never dealt as kit Bakugan. The kit sizes (the Big Game's 6)
    come from `settings`.
    """
    pool_b = sorted(b for b, d in catalog.bakugan.items() if not d.evolved)
    bakugan = rng.sample(pool_b, settings.kit_bakugan)
    gates: list[str] = []
    for colour in GateColour:
        pool = sorted(g for g, d in catalog.gates.items() if d.colour == colour)
        gates.extend(rng.sample(pool, settings.kit_gates // 3))
    abilities: list[str] = []
    for acolour in AbilityColour:
        pool = sorted(a for a, d in catalog.abilities.items() if d.colour == acolour)
        abilities.extend(rng.sample(pool, settings.kit_abilities // 3))
    traps: list[str] = []
    gear: list[str] = []
    if support > 0:
        max_traps, max_gear, max_both = settings.support_limit()
        pool_t, pool_g = sorted(catalog.traps), sorted(catalog.gear)
        for _ in range(min(support, max_both)):
            can_t = len(traps) < max_traps and len(traps) < len(pool_t)
            can_g = len(gear) < max_gear and len(gear) < len(pool_g)
            if can_t and (not can_g or rng.random() < 0.5):
                traps.append(rng.choice([t for t in pool_t if t not in traps]))
            elif can_g:
                gear.append(rng.choice([g for g in pool_g if g not in gear]))
    cards: list[str] = []
    if evolutions:
        have = set(bakugan)
        for card, evo in sorted(catalog.evolutions.items()):
            if evo.base in have and evo.evolved not in have:
                cards.append(card)
                have.add(evo.evolved)
    return Kit(
        tuple(bakugan), tuple(gates), tuple(abilities), tuple(traps), tuple(gear), tuple(cards)
    )


class PlayerState:
    __slots__ = (
        "abilities",
        "captured",
        "evolutions",
        "evolved",
        "gates",
        "gear",
        "reserve",
        "traps",
        "unused",
        "used",
        "used_abilities",
        "used_gear",
        "used_traps",
    )

    def __init__(
        self,
        unused: list[str],
        used: list[str],
        gates: list[str],
        abilities: list[str],
        used_abilities: list[str],
        captured: list[tuple[int, str]],
        traps: list[str] | None = None,
        used_traps: list[str] | None = None,
        gear: list[str] | None = None,
        used_gear: list[str] | None = None,
        evolutions: list[str] | None = None,
        evolved: list[str] | None = None,
        reserve: list[str] | None = None,
    ) -> None:
        self.unused = unused  # closed Bakugan ready to throw
        self.used = used  # the used pile (Bakugan)
        self.gates = gates  # Gate Cards in hand (face hidden from others)
        self.abilities = abilities  # Ability Cards in hand (hidden from others)
        self.used_abilities = used_abilities
        self.captured = captured  # (owner, gate) of each Gate Card won
        self.traps = traps if traps is not None else []  # unused Bakugan Traps
        self.used_traps = used_traps if used_traps is not None else []
        self.gear = gear if gear is not None else []  # unused Battle Gear
        self.used_gear = used_gear if used_gear is not None else []
        self.evolutions = evolutions if evolutions is not None else []  # cards not yet used
        self.evolved = evolved if evolved is not None else []  # cards whose evolution is done
        # Bakugan set aside: evolved forms not yet in play, and the forms they replaced.
        self.reserve = reserve if reserve is not None else []

    def clone(self) -> PlayerState:
        return PlayerState(
            list(self.unused),
            list(self.used),
            list(self.gates),
            list(self.abilities),
            list(self.used_abilities),
            list(self.captured),
            list(self.traps),
            list(self.used_traps),
            list(self.gear),
            list(self.used_gear),
            list(self.evolutions),
            list(self.evolved),
            list(self.reserve),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "unused": self.unused,
            "used": self.used,
            "gates": self.gates,
            "abilities": self.abilities,
            "used_abilities": self.used_abilities,
            "captured": [list(c) for c in self.captured],
            "traps": self.traps,
            "used_traps": self.used_traps,
            "gear": self.gear,
            "used_gear": self.used_gear,
            "evolutions": self.evolutions,
            "evolved": self.evolved,
            "reserve": self.reserve,
        }

    @staticmethod
    def from_json(d: dict[str, Any]) -> PlayerState:
        return PlayerState(
            list(d["unused"]),
            list(d["used"]),
            list(d["gates"]),
            list(d["abilities"]),
            list(d["used_abilities"]),
            [(int(o), str(g)) for o, g in d["captured"]],
            *(list(d.get(k, [])) for k in _SUPPORT_PILES),
        )


_SUPPORT_PILES = ("traps", "used_traps", "gear", "used_gear", "evolutions", "evolved", "reserve")


class FieldGate:
    """A Gate Card on the field and the Bakugan standing on it, in order of arrival."""

    __slots__ = ("gate", "owner", "standing")

    def __init__(self, owner: int, gate: str, standing: list[tuple[int, str]]) -> None:
        self.owner = owner
        self.gate = gate
        self.standing = standing

    def clone(self) -> FieldGate:
        return FieldGate(self.owner, self.gate, list(self.standing))


class _Observed(list[Event]):
    """The events of one `apply`, each told to an observer as it is recorded."""

    def __init__(self, observe: Callable[[Event], None]) -> None:
        super().__init__()
        self._observe = observe

    def append(self, event: Event) -> None:
        super().append(event)
        self._observe(event)


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
    phase: str
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
        settings: Settings = Settings(),
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
        s.setup_queue = s._setup_queue(s.turn_player)
        return s, [MatchStarted(n)]

    def _turn_order(self, first: int) -> list[int]:
        """The players clockwise, starting with `first`."""
        seating = self.seating
        i = seating.index(first)
        return seating[i:] + seating[:i]

    def _next_player(self, p: int) -> int:
        seating = self.seating
        return seating[(seating.index(p) + 1) % len(seating)]

    def _setup_queue(self, first: int) -> list[int]:
        """Who sets an opening Gate Card, in order: round by round (two rounds in the Big
        Game), each player who still holds a card, `first` first."""
        order = self._turn_order(first)
        rounds = len(self.settings.opening_layout()[0])
        return [p for r in range(rounds) for p in order if len(self.players[p].gates) > r]

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
        """Every piece's place: (kind, owner, id) -> place. For invariants and the screen.

        Kinds: bakugan, gate, ability, trap, gear, evolution. Places: unused, used, hand,
        captured by pN, field @C,R, standing @C,R, battle, thrown, reserve (a Bakugan set
        aside: an evolved form not yet in play, or the form it replaced), ready / done
        (an Evolution card before and after its evolution).
        """
        places: dict[tuple[str, int, str], str] = {}
        for p, ps in enumerate(self.players):
            for b in ps.unused:
                places[("bakugan", p, b)] = "unused"
            for b in ps.used:
                places[("bakugan", p, b)] = "used"
            for g in ps.gates:
                places[("gate", p, g)] = "hand"
            for a in ps.abilities:
                places[("ability", p, a)] = "hand"
            for a in ps.used_abilities:
                places[("ability", p, a)] = "used"
            for owner, g in ps.captured:
                places[("gate", owner, g)] = f"captured by p{p}"
            for t in ps.traps:
                places[("trap", p, t)] = "unused"
            for t in ps.used_traps:
                places[("trap", p, t)] = "used"
            for x in ps.gear:
                places[("gear", p, x)] = "unused"
            for x in ps.used_gear:
                places[("gear", p, x)] = "used"
            for e in ps.evolutions:
                places[("evolution", p, e)] = "ready"
            for e in ps.evolved:
                places[("evolution", p, e)] = "done"
            for b in ps.reserve:
                places[("bakugan", p, b)] = "reserve"
        for slot, fg in self.field.items():
            places[("gate", fg.owner, fg.gate)] = f"field {slot}"
            for p, b in fg.standing:
                places[("bakugan", p, b)] = f"standing {slot}"
        if self.battle is not None:
            for p, b in self.battle.sides:
                places[("bakugan", p, b)] = "battle"
            for support in self.battle.supports:
                places[(support.kind, support.player, support.piece)] = "battle"
        if self.thrown is not None:
            places[("bakugan", self.thrown[0], self.thrown[1])] = "thrown"
        return places

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
        if level is None:
            return None
        now = self.game_level()
        if self.settings.level_marked == MARKED_OFFICIAL:
            if now < level:
                return Reason(
                    f"the card's level {level} is not reached: the Game Level is {now}",
                    "level_not_reached",
                    level=level,
                    game_level=now,
                )
            return None
        if level < now:
            return Reason(
                f"the card's level {level} is below the Game Level {now}",
                "level_below",
                level=level,
                game_level=now,
            )
        return None

    # ----------------------------------------------------------------- legal actions

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Everything the player to act may do now (for `player`, empty if not theirs)."""
        current = self.current_player()
        if current is None or (player is not None and player != current):
            return []
        phase = self.phase
        if phase == LANDING:
            out: list[Action] = [Land(slot) for slot in self.field]
            out.append(Miss("off_card"))
            return out
        if phase == MAIN:
            return self._main_actions(current)
        if phase == BATTLE:
            return self._battle_actions(current)
        if phase == OWN:
            slot = self.choice
            assert slot is not None and self.thrown is None
            fg = self.field[slot]
            mover = fg.standing[-1][1]
            out = [TakeGate(current, slot)]
            out.extend(MoveBakugan(current, mover, s) for s in self.field if s != slot)
            return out
        if phase == OPEN:
            out = []
            for card in self.players[current].abilities:
                out.extend(self._ability_plays(current, card, OPEN))
            out.append(Pass(current))
            return out
        # SETUP
        slots = [s for s in self.opening_slots_of(current) if s not in self.field]
        return [SetGate(current, g, s) for g in self.players[current].gates for s in slots]

    def _free_adjacent_slots(self) -> list[Slot]:
        """Free slots touching a Gate Card side to side or corner to corner, in grid order."""
        cols, rows = self.settings.grid
        field = self.field
        free = {
            (c + dc, r + dr)
            for c, r in field
            for dc in (-1, 0, 1)
            for dr in (-1, 0, 1)
            if 0 <= c + dc < cols and 0 <= r + dr < rows
        }
        return sorted(free.difference(field))

    def _main_actions(self, p: int) -> list[Action]:
        ps = self.players[p]
        out: list[Action] = []
        if not self.set_this_turn and ps.gates:
            slots = self._free_adjacent_slots()
            out.extend(SetGate(p, g, s) for g in ps.gates for s in slots)
        for card in ps.abilities:
            out.extend(self._ability_plays(p, card, None))
        if ps.evolutions and not self.turn_acted:
            out.extend(
                Evolve(p, base)
                for base in self._evolvable(p)
                if self._evolve_problem(p, base) is None
            )
        if ps.unused:
            out.extend(Throw(p, b) for b in ps.unused)
            return out
        # Every Bakugan of this player stands on the field (seed, games of several players).
        enemy = [s for s, fg in self.field.items() if any(q != p for q, _ in fg.standing)]
        mine = [(s, b) for s, fg in self.field.items() for q, b in fg.standing if q == p]
        if enemy:
            out.extend(MoveBakugan(p, b, s) for src, b in mine for s in enemy if s != src)
        else:
            out.extend(TakeGate(p, s) for s in dict.fromkeys(src for src, _ in mine))
        return out

    def _evolvable(self, p: int) -> list[str]:
        """The Bakugan named by `p`'s unused Evolution cards."""
        evolutions = self.catalog.evolutions
        return [evolutions[c].base for c in self.players[p].evolutions]

    def _ability_plays(self, p: int, card: str, window: str | None) -> list[PlayAbility]:
        """The ways `p` may play `card` now (window None: the turn before the throw;
        OPEN: between turns in a game of several players)."""
        ability = self.catalog.abilities[card]
        timing = Timing.BEFORE if window is None or window == OPEN else _WINDOW_TIMING[window]
        if timing not in ability.timing:  # the common refusal, without building a Reason
            return []
        if self._ability_problem(p, card, window, check_target=False) is not None:
            return []
        kinds = ability.kinds
        if "move_bakugan" in kinds:
            return [
                PlayAbility(p, card, b, dest)
                for src, fg in self.field.items()
                for q, b in fg.standing
                if q == p
                for dest, other in self.field.items()
                if dest != src and not other.standing
            ]
        if "recover_bakugan" in kinds:
            return [PlayAbility(p, card, b) for b in self.players[p].used]
        return [PlayAbility(p, card)]

    def _battle_actions(self, p: int) -> list[Action]:
        b = self.battle
        assert b is not None
        if b.window == bt.ATTRIBUTE:
            side = b.to_choose[0]
            bakugan = b.sides[side][1]
            return [ChooseAttribute(p, bakugan, a) for a in ATTRIBUTES]
        out: list[Action] = []
        for card in self.players[p].abilities:
            out.extend(self._ability_plays(p, card, b.window))
        out.extend(self._support_plays(p))
        out.append(Pass(p))
        return out

    def _support_plays(self, p: int) -> list[Action]:
        """The Traps and Battle Gear `p` may play now (in a battle's `during` window)."""
        ps = self.players[p]
        if not ps.traps and not ps.gear:
            return []
        b = self.battle
        if b is None or b.window != bt.DURING:
            return []
        side = b.side_of(p)
        if side is None:
            return []
        attribute = self.evaluate_battle().sides[side].attribute
        out: list[Action] = [
            PlayTrap(p, t) for t in ps.traps if self.catalog.traps[t].attribute == attribute
        ]
        gate_colour = self.catalog.gates[self.field[b.slot].gate].colour
        for x in ps.gear:
            gear = self.catalog.gear[x]
            out.append(PlayGear(p, x))
            if gear.attribute != attribute and gear.colour == gate_colour:
                out.extend(PlayGear(p, x, a.id) for a in gear.abilities)
        return out

    # ----------------------------------------------------------------- why illegal

    def ability_problem(self, player: int, card: str) -> Reason | None:
        """Why `player` cannot play `card` right now (None: some way to play it is legal).

        The reason has a `code` and `params` (for the screen's catalogs) and reads in English.
        """
        if self.current_player() != player:
            return Reason(f"it is not p{player}'s moment to act", "not_now")
        window: str | None
        if self.phase == MAIN:
            window = None
        elif self.phase == OPEN:
            window = OPEN
        elif (
            self.phase == BATTLE and self.battle is not None and self.battle.window != bt.ATTRIBUTE
        ):
            window = self.battle.window
        else:
            return Reason("no Ability Card can be played now", "not_now")
        return self._ability_problem(player, card, window)

    def _ability_problem(
        self, p: int, card: str, window: str | None, check_target: bool = True
    ) -> Reason | None:
        ps = self.players[p]
        if card not in ps.abilities:
            return Reason(f"{card} is not in p{p}'s hand", "not_in_hand")
        ability = self.catalog.abilities[card]
        if ability.level is not None:
            problem = self.level_problem(ability.level)
            if problem is not None:
                return problem
        scope = _scope(ability)
        if window is None or window == OPEN:
            if Timing.BEFORE not in ability.timing:
                return Reason(
                    f"{card} is not played before the battle", "timing", timing=_timings(ability)
                )
            if ability.requires.attribute is not None or ability.requires.losing:
                return Reason(f"{card} has a condition that needs a battle", "needs_battle")
            if scope != FIELD and (window == OPEN or self.settings.players > 2):
                return Reason(
                    f"in a game of several players {card} is played only when one's Bakugan"
                    " is in a battle",
                    "battle_only",
                )
            if scope == FIELD:
                return self._field_target_problem(p, ability, None, None) if check_target else None
            return None
        b = self.battle
        assert b is not None
        timing = _WINDOW_TIMING[window]
        if timing not in ability.timing:
            return Reason(
                f"{card} is not played {timing.value} the battle",
                "timing",
                timing=_timings(ability),
            )
        if b.side_of(p) is None:
            return Reason(f"p{p} has no Bakugan in this battle", "not_in_battle")
        kinds = ability.kinds
        if "move_bakugan" in kinds:
            return Reason(f"{card} is played on one's own turn before the throw", "own_turn_only")
        if b.gate_open:
            gate = self.catalog.gates[self.field[b.slot].gate]
            if (
                any(e.kind == "no_abilities" for e in gate.effects)
                and self.evaluate_battle().gate_active
            ):
                return Reason("the Gate Card allows no Ability Card in this battle", "sealed")
        req = ability.requires
        if req.attribute is not None or req.losing:
            ev = self.evaluate_battle()
            side = ev.sides[b.side_of(p) or 0]
            # Once decided (the "after" window), the battle's result stands.
            winner = ev.winner if b.winner is None else b.winner
            if req.attribute is not None and side.attribute != req.attribute:
                return Reason(
                    f"{card} needs a {req.attribute.value} Bakugan in the battle",
                    "attribute",
                    attribute=req.attribute.value,
                )
            if req.losing and winner == b.side_of(p):
                return Reason(f"{card} is played only by the losing side", "losing")
        if "nullify_ability" in kinds and self._nullify_target(p) is None:
            return Reason("there is no opponent's Ability Card to cancel", "nothing_to_cancel")
        if "recover_bakugan" in kinds and not ps.used:
            return Reason(f"p{p} has no used Bakugan to recover", "nothing_used")
        return None

    def _field_target_problem(
        self, p: int, ability: AbilityDef, bakugan: str | None, slot: Slot | None
    ) -> Reason | None:
        kinds = ability.kinds
        if "recover_bakugan" in kinds:
            if not self.players[p].used:
                return Reason(f"p{p} has no used Bakugan to recover", "nothing_used")
            if bakugan is not None and bakugan not in self.players[p].used:
                return Reason(f"{bakugan} is not in p{p}'s used pile", "bad_target")
        if "move_bakugan" in kinds:
            plays = self._ability_plays_unchecked_move(p, ability.id)
            if not plays:
                return Reason(
                    f"p{p} has no standing Bakugan and free Gate Card to move it to",
                    "nothing_to_move",
                )
            if bakugan is not None and PlayAbility(p, ability.id, bakugan, slot) not in plays:
                return Reason(
                    f"cannot move {bakugan} to {_at(slot)}: it must be p{p}'s standing Bakugan"
                    " and go to a Gate Card with no Bakugan",
                    "bad_target",
                )
        return None

    def _ability_plays_unchecked_move(self, p: int, card: str) -> list[PlayAbility]:
        return [
            PlayAbility(p, card, b, dest)
            for src, fg in self.field.items()
            for q, b in fg.standing
            if q == p
            for dest, other in self.field.items()
            if dest != src and not other.standing
        ]

    def _nullify_target(self, p: int) -> int | None:
        b = self.battle
        assert b is not None
        active = b.active_plays()
        for i in range(len(b.plays) - 1, -1, -1):
            if active[i] and b.plays[i].player != p:
                return i
        return None

    def _support_problem(self, action: PlayTrap | PlayGear) -> Reason | None:
        """Why a Trap or Battle Gear cannot be played now (None: it can)."""
        p = action.player
        ps = self.players[p]
        trap = isinstance(action, PlayTrap)
        piece = action.trap if isinstance(action, PlayTrap) else action.gear
        what = "a Bakugan Trap" if trap else "Battle Gear"
        b = self.battle
        if self.phase != BATTLE or b is None or b.window == bt.ATTRIBUTE:
            return Reason(f"{what} is played only in a battle", "not_now")
        if piece not in (ps.traps if trap else ps.gear):
            kind = "Traps" if trap else "Battle Gear"
            return Reason(f"{piece} is not among p{p}'s unused {kind}", "not_in_hand")
        side = b.side_of(p)
        if side is None:
            return Reason(f"p{p} has no Bakugan in this battle", "not_in_battle")
        if b.window != bt.DURING:
            if b.window == bt.START:
                return Reason(f"{what} is played only once the Gate Card has opened", "timing")
            return Reason(f"{what} is played before the battle is decided", "timing")
        attribute = self.evaluate_battle().sides[side].attribute
        if isinstance(action, PlayTrap):
            need = self.catalog.traps[piece].attribute
            if need != attribute:
                return Reason(
                    f"{piece} is a {need.value} Trap: p{p}'s Bakugan is"
                    f" {attribute.value if attribute else 'clear'}",
                    "attribute",
                    attribute=need.value,
                )
            return None
        if action.ability is None:
            return None
        gear = self.catalog.gear[piece]
        if gear.ability(action.ability) is None:
            return Reason(f"{piece} has no ability {action.ability}", "bad_choice")
        if gear.attribute == attribute:
            return Reason(
                f"p{p}'s Bakugan is {attribute.value}: every ability of {piece} applies",
                "all_apply",
            )
        gate_colour = self.catalog.gates[self.field[b.slot].gate].colour
        if gear.colour != gate_colour:
            return Reason(
                f"{piece} is {gear.colour.value}, the Gate Card {gate_colour.value}:"
                " no ability to choose",
                "colour",
                colour=gear.colour.value,
            )
        return None

    def _evolve_problem(self, p: int, bakugan: str) -> Reason | None:
        ps = self.players[p]
        card = next((c for c in ps.evolutions if self.catalog.evolutions[c].base == bakugan), None)
        if card is None:
            return Reason(f"p{p} has no Evolution card for {bakugan}", "no_card")
        if bakugan not in ps.unused and bakugan not in ps.used:
            return Reason(
                f"{bakugan} must be in p{p}'s unused or used pile to evolve", "not_available"
            )
        level = self.catalog.evolutions[card].level
        now = self.game_level()
        if now < level:
            return Reason(
                f"{card} needs the Game Level {level}; it is {now}",
                "level_not_reached",
                level=level,
                game_level=now,
            )
        return None

    def why_illegal(self, action: Action) -> str | None:
        """The reason `action` is not allowed now, or None if it is."""
        phase = self.phase
        if phase == OVER:
            return "the match is over"
        current = self.current_player()
        if action.player != current:
            who = "chance (a throw's landing)" if current == CHANCE else f"p{current}"
            actor = "chance" if action.player == CHANCE else f"p{action.player}"
            return f"it is {who} to act, not {actor}"
        p = action.player
        if isinstance(action, SetGate):
            if phase not in (SETUP, MAIN):
                return "Gate Cards are set only in the opening or before the throw"
            if action.gate not in self.players[p].gates:
                return f"{action.gate} is not in p{p}'s hand"
            if phase == SETUP:
                slots = [s for s in self.opening_slots_of(p) if s not in self.field]
                if action.slot not in slots:
                    where = " or ".join(f"@{c},{r}" for c, r in slots)
                    return f"the opening Gate Card goes at {where}"
                return None
            if self.set_this_turn:
                return "one Gate Card per turn"
            if action.slot in self.field:
                return "that slot already holds a Gate Card"
            cols, rows = self.settings.grid
            if not (0 <= action.slot[0] < cols and 0 <= action.slot[1] < rows):
                return "that slot is off the field"
            if action.slot not in self._free_adjacent_slots():
                return (
                    "a new Gate Card must touch one on the field, side to side or corner to corner"
                )
            return None
        if isinstance(action, PlayAbility):
            if phase in (MAIN, OPEN):
                window = None if phase == MAIN else OPEN
                problem = self._ability_problem(p, action.card, window)
                if problem is None and _scope(self.catalog.abilities[action.card]) == FIELD:
                    ability = self.catalog.abilities[action.card]
                    if action.bakugan is None:
                        return f"{action.card} needs a target Bakugan"
                    return self._field_target_problem(p, ability, action.bakugan, action.slot)
                return problem
            if phase == BATTLE:
                b = self.battle
                assert b is not None
                if b.window == bt.ATTRIBUTE:
                    return "choose the clear Bakugan's attribute first"
                problem = self._ability_problem(p, action.card, b.window)
                recovers = "recover_bakugan" in _kinds(self.catalog.abilities[action.card])
                if problem is None and recovers and action.bakugan not in self.players[p].used:
                    return f"{action.bakugan} is not in p{p}'s used pile"
                return problem
            return "no Ability Card can be played now"
        if isinstance(action, Pass):
            if phase == OPEN:
                return None
            if phase != BATTLE or self.battle is None or self.battle.window == bt.ATTRIBUTE:
                return "there is no timing window to pass in"
            return None
        if isinstance(action, Throw):
            if phase != MAIN:
                return "no throw now"
            if action.bakugan not in self.players[p].unused:
                return f"{action.bakugan} is not among p{p}'s unused Bakugan"
            return None
        if isinstance(action, Land | Miss):
            if phase != LANDING:
                return "no Bakugan is in the air"
            if isinstance(action, Land) and action.slot not in self.field:
                return f"there is no Gate Card at @{action.slot[0]},{action.slot[1]}"
            return None
        if isinstance(action, TakeGate):
            return self._take_problem(action)
        if isinstance(action, MoveBakugan):
            return self._move_problem(action)
        if isinstance(action, ChooseAttribute):
            b = self.battle
            if phase != BATTLE or b is None or b.window != bt.ATTRIBUTE:
                return "no attribute to choose now"
            if b.sides[b.to_choose[0]][1] != action.bakugan:
                return f"{action.bakugan} is not the clear Bakugan to choose for"
            return None
        if isinstance(action, PlayTrap | PlayGear):
            return self._support_problem(action)
        if isinstance(action, Evolve):
            if phase != MAIN:
                return Reason(
                    "a Bakugan evolves on its owner's turn, instead of a throw", "not_now"
                )
            if self.turn_acted:
                return Reason(
                    "evolving takes the whole turn: nothing else may be done in it", "turn_begun"
                )
            return self._evolve_problem(p, action.bakugan)
        return f"unknown action {action!r}"

    def _take_problem(self, action: TakeGate) -> str | None:
        p = action.player
        if self.phase == OWN:
            if action.slot != self.choice:
                return "only the Gate Card where the two Bakugan stand can be taken"
            return None
        if self.phase == MAIN and not self.players[p].unused:
            if any(q != p for fg in self.field.values() for q, _ in fg.standing):
                return "an opponent's Bakugan is on the field: move to battle it"
            fg = self.field.get(action.slot)
            if fg is None or not any(q == p for q, _ in fg.standing):
                return f"no Bakugan of p{p} stands on that Gate Card"
            return None
        return "no Gate Card can be taken now"

    def _move_problem(self, action: MoveBakugan) -> str | None:
        p = action.player
        if self.phase == OWN:
            assert self.choice is not None
            thrown = self.field[self.choice].standing[-1][1]
            if action.bakugan != thrown:
                return f"only the Bakugan just thrown ({thrown}) can move"
            if action.slot == self.choice or action.slot not in self.field:
                return "it must move to another Gate Card"
            return None
        if self.phase == MAIN and not self.players[p].unused:
            if action not in self._main_actions(p):
                return (
                    "with every Bakugan on the field, one may move only onto an opponent's Bakugan"
                )
            return None
        return "no Bakugan can be moved now"

    # ----------------------------------------------------------------- apply

    def apply(self, action: Action, observe: Callable[[Event], None] | None = None) -> list[Event]:
        """Carry out `action`; returns what happened. Raises `IllegalAction` if not allowed.

        `observe`, if given, is called with each event as it is recorded, the state
        already changed by it: a screen reads the battle's breakdown after every event.
        """
        problem = self.why_illegal(action)
        if problem is not None:
            raise IllegalAction(action, problem)
        events: list[Event] = [] if observe is None else _Observed(observe)
        if isinstance(action, SetGate):
            self._set_gate(action, events)
        elif isinstance(action, Throw):
            self.players[action.player].unused.remove(action.bakugan)
            self.thrown = (action.player, action.bakugan)
            self.phase = LANDING
            events.append(Thrown(action.player, action.bakugan))
        elif isinstance(action, Land):
            self._land(action, events)
        elif isinstance(action, Miss):
            assert self.thrown is not None
            p, b = self.thrown
            self.thrown = None
            self.players[p].used.append(b)
            events.append(Missed(p, b, action.reason))
            events.append(ToUsed(p, b))
            self._end_turn(events)
        elif isinstance(action, PlayAbility):
            self._play_ability(action, events)
        elif isinstance(action, Pass):
            if self.phase == OPEN:
                self.open_passes += 1
                self.open_priority = (self.open_priority + 1) % len(self.open_order)
                self._settle_open(events)
            else:
                battle = self.battle
                assert battle is not None
                battle.passes += 1
                battle.priority = (battle.priority + 1) % len(battle.order)
                self._settle(events)
        elif isinstance(action, TakeGate):
            self._take(action, events)
        elif isinstance(action, MoveBakugan):
            self._move(action, events)
        elif isinstance(action, ChooseAttribute):
            battle = self.battle
            assert battle is not None
            battle.chosen[battle.to_choose.pop(0)] = action.attribute
            events.append(AttributeChosen(action.player, action.bakugan, action.attribute))
            if not battle.to_choose:
                self._open_window(bt.START)
            self._settle(events)
        elif isinstance(action, PlayTrap | PlayGear):
            self._play_support(action, events)
        elif isinstance(action, Evolve):
            self._evolve(action, events)
        return events

    def _set_gate(self, action: SetGate, events: list[Event]) -> None:
        p = action.player
        self.players[p].gates.remove(action.gate)
        self.field[action.slot] = FieldGate(p, action.gate, [])
        events.append(GateSet(p, action.gate, action.slot))
        if self.phase == SETUP:
            self.setup_queue.pop(0)
            if not self.setup_queue:
                self._start_turn(events)
        else:
            self.set_this_turn = True
            self.turn_acted = True

    def _land(self, action: Land, events: list[Event]) -> None:
        assert self.thrown is not None
        p, b = self.thrown
        self.thrown = None
        fg = self.field[action.slot]
        events.append(Opened(p, b, action.slot, action.partial))
        enemy = next(((q, x) for q, x in fg.standing if q != p), None)
        if enemy is not None:
            self._start_battle(action.slot, enemy, (p, b), events)
            return
        if not fg.standing:
            fg.standing.append((p, b))
            self._end_turn(events)
            return
        # Opened on a Gate Card with the player's own Bakugan.
        fg.standing.append((p, b))
        elsewhere = any(
            q == p for s, other in self.field.items() if s != action.slot for q, _ in other.standing
        )
        if len(self.field) == 1 or elsewhere:
            self._capture(p, action.slot, events)  # won without dispute
            if self.phase != OVER:
                self._end_turn(events)
            return
        self.phase = OWN
        self.choice = action.slot

    def _take(self, action: TakeGate, events: list[Event]) -> None:
        p = action.player
        if self.phase == MAIN:
            # Every Bakugan on the field and no opponent's: take a card, all of one's
            # standing Bakugan leave the field.
            for slot, fg in self.field.items():
                if slot != action.slot:
                    keep = [(q, x) for q, x in fg.standing if q != p]
                    for _, x in fg.standing:
                        if (p, x) not in keep:
                            self.players[p].used.append(x)
                            events.append(ToUsed(p, x))
                    fg.standing = keep
        self.choice = None
        self._capture(p, action.slot, events)
        if self.phase != OVER:
            self._end_turn(events)

    def _move(self, action: MoveBakugan, events: list[Event]) -> None:
        p = action.player
        source = self.choice if self.phase == OWN else None
        if source is None:
            source = next(s for s, fg in self.field.items() if (p, action.bakugan) in fg.standing)
        self.choice = None
        self.field[source].standing.remove((p, action.bakugan))
        events.append(BakuganMoved(p, action.bakugan, source, action.slot))
        dest = self.field[action.slot]
        enemy = next(((q, x) for q, x in dest.standing if q != p), None)
        if enemy is not None:
            self._start_battle(action.slot, enemy, (p, action.bakugan), events)
        else:
            dest.standing.append((p, action.bakugan))
            self._end_turn(events)

    def _capture(self, p: int, slot: Slot, events: list[Event]) -> None:
        fg = self.field.pop(slot)
        self.players[p].captured.append((fg.owner, fg.gate))
        events.append(GateCaptured(p, fg.owner, fg.gate, slot))
        events.append(LevelChanged(self.game_level()))
        for q, x in fg.standing:
            self.players[q].used.append(x)
            events.append(ToUsed(q, x))
        if len(self.players[p].captured) >= self.settings.gates_to_win:
            self.phase = OVER
            self.winner = p
            self._expire_pending(events)
            events.append(GameWon(p, tuple(self.players[p].captured)))

    def _evolve(self, action: Evolve, events: list[Event]) -> None:
        p, base = action.player, action.bakugan
        ps = self.players[p]
        card = next(c for c in ps.evolutions if self.catalog.evolutions[c].base == base)
        evolved = self.catalog.evolutions[card].evolved
        pile = ps.unused if base in ps.unused else ps.used
        pile[pile.index(base)] = evolved
        ps.reserve.remove(evolved)
        ps.reserve.append(base)
        ps.evolutions.remove(card)
        ps.evolved.append(card)
        events.append(Evolved(p, base, evolved, card))
        self._end_turn(events)

    # ----------------------------------------------------------------- abilities

    def _play_ability(self, action: PlayAbility, events: list[Event]) -> None:
        p, card = action.player, action.card
        ps = self.players[p]
        ability = self.catalog.abilities[card]
        ps.abilities.remove(card)
        ps.used_abilities.append(card)
        target = " ".join(
            x
            for x in (
                action.bakugan,
                None if action.slot is None else f"@{action.slot[0]},{action.slot[1]}",
            )
            if x
        )
        if self.phase != BATTLE:
            events.append(AbilityPlayed(p, card, target))
        if self.phase == MAIN:
            self.turn_acted = True
            if _scope(ability) == FIELD:
                self._field_effect(action, ability, events)
            else:
                self.pending.append((p, card))  # waits for this turn's battle
            return
        if self.phase == OPEN:
            self._field_effect(action, ability, events)
            self.open_passes = 0
            self.open_priority = (self.open_priority + 1) % len(self.open_order)
            self._settle_open(events)
            return
        # In a battle every card is one of the battle's plays, so it can be cancelled;
        # a field card (recover) acts when the battle ends, if it still stands.
        b = self.battle
        assert b is not None
        cancels = None
        if "nullify_ability" in _kinds(ability):
            cancels = self._nullify_target(p)
            assert cancels is not None
        # The play is recorded before its events, so each event follows its change.
        b.plays.append(bt.Play(p, card, cancels, action.bakugan))
        events.append(AbilityPlayed(p, card, target))
        if cancels is not None:
            victim = b.plays[cancels]
            events.append(AbilityCancelled(victim.player, victim.card, card))
        b.passes = 0
        b.priority = (b.priority + 1) % len(b.order)
        self._settle(events)

    def _play_support(self, action: PlayTrap | PlayGear, events: list[Event]) -> None:
        p = action.player
        ps = self.players[p]
        b = self.battle
        assert b is not None
        if isinstance(action, PlayTrap):
            trap = self.catalog.traps[action.trap]
            ps.traps.remove(action.trap)
            face = self.rng.randrange(len(trap.faces)) if len(trap.faces) > 1 else 0
            b.supports.append(bt.Support(p, bt.TRAP, action.trap, len(b.plays), face))
            shown = trap.faces[face]
            events.append(TrapOpened(p, action.trap, b.slot, shown.attribute, shown.g))
        else:
            gear = self.catalog.gear[action.gear]
            side = b.side_of(p)
            assert side is not None
            attribute = self.evaluate_battle().sides[side].attribute
            if gear.attribute == attribute:
                mode = bt.GEAR_ALL
            elif action.ability is not None:
                mode = bt.GEAR_ONE
            else:
                mode = bt.GEAR_NONE
            ps.gear.remove(action.gear)
            b.supports.append(
                bt.Support(p, bt.GEAR, action.gear, len(b.plays), 0, mode, action.ability)
            )
            events.append(GearOpened(p, action.gear, gear.g, mode, action.ability))
        b.passes = 0
        b.priority = (b.priority + 1) % len(b.order)
        self._settle(events)

    def _field_effect(self, action: PlayAbility, ability: AbilityDef, events: list[Event]) -> None:
        p = action.player
        kinds = _kinds(ability)
        if "recover_bakugan" in kinds:
            assert action.bakugan is not None
            self.players[p].used.remove(action.bakugan)
            self.players[p].unused.append(action.bakugan)
            events.append(BakuganRecovered(p, action.bakugan))
        if "move_bakugan" in kinds:
            assert action.bakugan is not None and action.slot is not None
            source = next(s for s, fg in self.field.items() if (p, action.bakugan) in fg.standing)
            self.field[source].standing.remove((p, action.bakugan))
            self.field[action.slot].standing.append((p, action.bakugan))
            events.append(BakuganMoved(p, action.bakugan, source, action.slot))

    def _expire_pending(self, events: list[Event]) -> None:
        for p, card in self.pending:
            events.append(AbilityWasted(p, card))
        self.pending = []

    def _settle_open(self, events: list[Event]) -> None:
        """The OPEN window: skip players who can play nothing; close it once everyone
        has passed in a row (the turn player then goes on with his turn)."""
        while self.phase == OPEN:
            n = len(self.open_order)
            if self.open_passes >= n:
                self.phase = MAIN
                self.open_order = []
                self.open_priority = self.open_passes = 0
                return
            p = self.open_order[self.open_priority]
            if any(self._ability_plays(p, c, OPEN) for c in self.players[p].abilities):
                return  # p decides: play or pass
            self.open_passes += 1
            self.open_priority = (self.open_priority + 1) % n

    # ----------------------------------------------------------------- battle

    def _start_battle(
        self, slot: Slot, defender: tuple[int, str], attacker: tuple[int, str], events: list[Event]
    ) -> None:
        fg = self.field[slot]
        fg.standing.remove(defender)  # both Bakugan leave the card for the battle
        b = bt.Battle(slot, [defender, attacker])
        in_battle = {defender[0], attacker[0]}
        b.order = [q for q in self._turn_order(self.turn_player) if q in in_battle]
        for p, card in self.pending:
            if p in in_battle:
                b.plays.append(bt.Play(p, card))
        self.pending = [(p, c) for p, c in self.pending if p not in in_battle]
        self.battle = b
        self.phase = BATTLE
        events.append(BattleStarted(slot, attacker, defender))
        clear = [self.catalog.bakugan[x].attribute is None for _, x in b.sides]
        if all(clear):
            b.to_choose = [0] if self.settings.clear_pair == CLEAR_FIRST_STANDER else [0, 1]
            b.window = bt.ATTRIBUTE
            return
        self._open_window(bt.START)
        self._settle(events)

    def _open_window(self, window: str) -> None:
        b = self.battle
        assert b is not None
        b.window = window
        b.priority = 0
        b.passes = 0

    def _settle(self, events: list[Event]) -> None:
        """Skip players who can play nothing; close windows everyone has passed."""
        b = self.battle
        assert b is not None
        while self.phase == BATTLE and b.window != bt.ATTRIBUTE:
            n = len(b.order)
            if b.passes >= n:
                self._close_window(events)
                continue
            p = b.order[b.priority]
            if any(self._ability_plays(p, c, b.window) for c in self.players[p].abilities):
                return  # p decides: play or pass
            if self._support_plays(p):
                return
            b.passes += 1
            b.priority = (b.priority + 1) % n

    def _close_window(self, events: list[Event]) -> None:
        b = self.battle
        assert b is not None
        fg = self.field[b.slot]
        if b.window == bt.START:
            b.gate_open = True
            events.append(GateOpened(b.slot, fg.owner, fg.gate))
            self._open_window(bt.DURING)
        elif b.window == bt.DURING:
            ev = bt.evaluate(b, self.catalog, fg.gate, fg.owner)
            b.winner = ev.winner
            win_p, win_b = b.sides[ev.winner]
            events.append(
                BattleResolved(
                    b.slot,
                    win_p,
                    win_b,
                    tuple((s.player, s.bakugan, s.total, s.breakdown()) for s in ev.sides),
                )
            )
            self._open_window(bt.AFTER)
        else:
            self._finish_battle(events)

    def _finish_battle(self, events: list[Event]) -> None:
        b = self.battle
        assert b is not None and b.winner is not None
        fg = self.field[b.slot]
        effects, _ = bt.battle_effects(b, self.catalog, fg.gate, fg.owner)
        saved = {actor for actor, _, e in effects if e.kind == "save_bakugan"}
        for play, active in zip(b.plays, b.active_plays(), strict=True):
            if active and play.target is not None and play.target in self.players[play.player].used:
                self.players[play.player].used.remove(play.target)
                self.players[play.player].unused.append(play.target)
                events.append(BakuganRecovered(play.player, play.target))
        self.battle = None
        self.phase = MAIN  # provisional; _capture may end the match
        self._capture(b.sides[b.winner][0], b.slot, events)
        for p, x in b.sides:
            if p in saved:
                self.players[p].unused.append(x)
                events.append(ToUnused(p, x))
            else:
                self.players[p].used.append(x)
                events.append(ToUsed(p, x))
        for support in b.supports:  # Traps and Battle Gear go to the used piles
            ps = self.players[support.player]
            (ps.used_traps if support.kind == bt.TRAP else ps.used_gear).append(support.piece)
            events.append(SupportToUsed(support.player, support.kind, support.piece))
        if self.phase != OVER:
            self._end_turn(events)

    # ----------------------------------------------------------------- turns

    def _end_turn(self, events: list[Event]) -> None:
        self._expire_pending(events)
        self.phase = MAIN
        nxt = self._next_player(self.turn_player)
        if not self.field:
            events.append(FieldEmpty())
            self.turn_player = nxt
            self.setup_queue = self._setup_queue(nxt)
            if self.setup_queue:
                self.phase = SETUP
                return
        self.turn_player = nxt
        self._start_turn(events)

    def _start_turn(self, events: list[Event]) -> None:
        self.turn += 1
        self.set_this_turn = False
        self.turn_acted = False
        self.phase = MAIN
        p = self.turn_player
        events.append(TurnStarted(p, self.turn))
        ps = self.players[p]
        if not ps.unused and ps.used:
            ps.unused, ps.used = ps.used, []
            support = tuple(ps.used_traps + ps.used_gear)
            if support:  # Traps and Battle Gear come back with the Bakugan
                ps.traps.extend(ps.used_traps)
                ps.gear.extend(ps.used_gear)
                ps.used_traps, ps.used_gear = [], []
            events.append(Recycled(p, tuple(ps.unused), support))
        if self.settings.players > 2:
            # Between turns anyone may play a card usable outside a battle: the player
            # whose turn comes next has the first word.
            self.phase = OPEN
            self.open_order = self._turn_order(p)
            self.open_priority = self.open_passes = 0
            self._settle_open(events)

    # ----------------------------------------------------------------- copies, JSON

    def clone(self) -> MatchState:
        s = MatchState.__new__(MatchState)
        s.catalog = self.catalog
        s.settings = self.settings
        s.kits = self.kits
        s.players = [p.clone() for p in self.players]
        s.field = {slot: fg.clone() for slot, fg in self.field.items()}
        s.phase = self.phase
        s.turn_player = self.turn_player
        s.turn = self.turn
        s.setup_queue = list(self.setup_queue)
        s.set_this_turn = self.set_this_turn
        s.turn_acted = self.turn_acted
        s.thrown = self.thrown
        s.pending = list(self.pending)
        s.battle = None if self.battle is None else self.battle.clone()
        s.choice = self.choice
        s.winner = self.winner
        s.seating = list(self.seating)
        s.open_order = list(self.open_order)
        s.open_priority = self.open_priority
        s.open_passes = self.open_passes
        s.rng = random.Random()
        s.rng.setstate(self.rng.getstate())
        return s

    def to_json(self) -> dict[str, Any]:
        """A plain JSON-able dict of everything but the catalog (kept by id)."""
        version, internal, gauss = self.rng.getstate()
        return {
            "format": "bakugan-classic-state/1",
            "settings": self.settings.to_json(),
            "kits": [k.to_json() for k in self.kits],
            "players": [p.to_json() for p in self.players],
            "field": [
                {
                    "slot": list(slot),
                    "owner": fg.owner,
                    "gate": fg.gate,
                    "standing": [list(x) for x in fg.standing],
                }
                for slot, fg in self.field.items()
            ],
            "phase": self.phase,
            "turn_player": self.turn_player,
            "turn": self.turn,
            "setup_queue": self.setup_queue,
            "set_this_turn": self.set_this_turn,
            "turn_acted": self.turn_acted,
            "thrown": None if self.thrown is None else list(self.thrown),
            "pending": [list(x) for x in self.pending],
            "battle": None if self.battle is None else self.battle.to_json(),
            "choice": None if self.choice is None else list(self.choice),
            "winner": self.winner,
            "seating": self.seating,
            "open": [self.open_order, self.open_priority, self.open_passes],
            "rng": [version, list(internal), gauss],
        }

    @staticmethod
    def from_json(data: dict[str, Any], catalog: Catalog) -> MatchState:
        """A state from `to_json` (fields added since format 1 may be missing)."""
        s = MatchState.__new__(MatchState)
        s.catalog = catalog
        s.settings = Settings.from_json(data["settings"])
        s.kits = tuple(Kit.from_json(k) for k in data["kits"])
        s.players = [PlayerState.from_json(p) for p in data["players"]]
        s.field = {
            (f["slot"][0], f["slot"][1]): FieldGate(
                f["owner"], f["gate"], [(int(q), str(x)) for q, x in f["standing"]]
            )
            for f in data["field"]
        }
        s.phase = data["phase"]
        s.turn_player = data["turn_player"]
        s.turn = data["turn"]
        s.setup_queue = list(data["setup_queue"])
        s.set_this_turn = data["set_this_turn"]
        s.turn_acted = bool(data.get("turn_acted", data["set_this_turn"]))
        s.thrown = None if data["thrown"] is None else (data["thrown"][0], data["thrown"][1])
        s.pending = [(int(p), str(c)) for p, c in data["pending"]]
        s.battle = None if data["battle"] is None else bt.Battle.from_json(data["battle"])
        s.choice = None if data["choice"] is None else (data["choice"][0], data["choice"][1])
        s.winner = data["winner"]
        n = s.settings.players
        s.seating = list(data.get("seating") or s.settings.seating or range(n))
        order, priority, passes = data.get("open", [[], 0, 0])
        s.open_order, s.open_priority, s.open_passes = list(order), int(priority), int(passes)
        version, internal, gauss = data["rng"]
        s.rng = random.Random()
        s.rng.setstate((version, tuple(internal), gauss))
        return s

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MatchState):
            return NotImplemented
        return self.catalog is other.catalog and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        caps = "/".join(str(len(p.captured)) for p in self.players)
        return f"<MatchState {self.phase} turn {self.turn} p{self.turn_player} captured {caps}>"


def _at(slot: Slot | None) -> str:
    return "nowhere" if slot is None else f"@{slot[0]},{slot[1]}"


def _timings(ability: AbilityDef) -> str:
    return ",".join(sorted(t.value for t in ability.timing))


def _kinds(ability: AbilityDef) -> frozenset[str]:
    return ability.kinds


def _scope(ability: AbilityDef) -> str:
    return PRIMITIVES[ability.effects[0].kind].scope
