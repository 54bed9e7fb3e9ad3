"""The match's rule settings: the options of docs/rules.md, and the
opening layouts of games of 2-4 players, normal or Big.

Each option where the seeds disagree is a field, its default the seeds' text; `check`
refuses a value that is not an option, naming the field.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .abilities import MULTI_FIELD_ANY, MULTI_OWN_BATTLE
from .actions import Slot

CLEAR_FIRST_STANDER = "first_stander"  # seed 004: the first on the card picks
CLEAR_EACH = "each"  # seed 000: both players pick their own
SEASON_2 = 2  # New Vestroia, season 2 rules: one Trap (two in the Big Game), no Battle Gear
SEASON_3 = 3  # season 3 rules: two Traps or Battle Gear in all (four in the Big Game)
LEVEL_USED_PILES = "used_piles"  # seed 004 (and the official Power Level)
LEVEL_UNUSED_GATES = "unused_gates"  # seed 000
MARKED_SEEDS = "seeds"  # a level-marked card cannot be used when its level is below the level
MARKED_OFFICIAL = "official"  # a level-marked card cannot be used until the level reaches it
WORD_OPTIONS: dict[str, tuple[str, ...]] = {
    "clear_pair": (CLEAR_FIRST_STANDER, CLEAR_EACH),
    "game_level": (LEVEL_USED_PILES, LEVEL_UNUSED_GATES),
    "level_marked": (MARKED_SEEDS, MARKED_OFFICIAL),
    "multi_cards": (MULTI_OWN_BATTLE, MULTI_FIELD_ANY),
}
"""The settings whose value is one of a few words, and those words (the default first
but for ``multi_cards``, whose default is ``MULTI_FIELD_ANY``)."""

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
    """The match's rule settings (rule options of docs/rules.md).

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
    # 3-4 players: cards that act outside a battle (on the field) by any player outside
    # a battle, between turns too, the next player first (seed 000: `field_any`); or
    # every Ability Card only in one's own battle (the rule option `own_battle`).
    multi_cards: str = MULTI_FIELD_ANY

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
        if self.multi_cards not in (MULTI_OWN_BATTLE, MULTI_FIELD_ANY):
            raise ValueError(
                f"settings: multi_cards: {self.multi_cards!r} is not"
                f" {MULTI_OWN_BATTLE} or {MULTI_FIELD_ANY}"
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
            "multi_cards": self.multi_cards,
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> Settings:
        """The settings `to_json` wrote. A save from before `multi_cards` existed was
        played by the reading of its time, field cards by anyone (`field_any`)."""
        data = dict(data)
        data.setdefault("multi_cards", MULTI_FIELD_ANY)
        data["grid"] = tuple(data["grid"])
        if "opening" in data:
            data["opening"] = tuple(
                tuple((int(c), int(r)) for c, r in seat) for seat in data["opening"]
            )
        if "seating" in data:
            data["seating"] = tuple(data["seating"])
        return Settings(**data)


DEFAULT_SETTINGS = Settings()
"""The two-player game: the default of functions that take settings."""
