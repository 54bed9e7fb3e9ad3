"""Where the pieces are: each player's piles and hand, the Gate Cards on the field.

`PlayerState` holds one player's pieces by place (unused and used Bakugan, the hand,
the used Ability Cards, the captured Gate Cards, Traps, Battle Gear, Evolution cards
and the Bakugan set aside); `FieldGate` a Gate Card on the field with the Bakugan
standing on it. `where` names every piece's place, for the invariants and the screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import Slot

if TYPE_CHECKING:
    from .state import MatchState


_FIRST_PILES = ("unused", "used", "gates", "abilities", "used_abilities")
_SUPPORT_PILES = ("traps", "used_traps", "gear", "used_gear", "evolutions", "evolved", "reserve")
PILES: tuple[str, ...] = (*_FIRST_PILES, "captured", *_SUPPORT_PILES)
"""Every pile of a player (`PlayerState`), in the order of its arguments."""
ID_PILES: tuple[str, ...] = (*_FIRST_PILES, *_SUPPORT_PILES)
"""The piles that hold ids: all but ``captured`` (its (owner, gate) pairs)."""


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


class FieldGate:
    """A Gate Card on the field and the Bakugan standing on it, in order of arrival."""

    __slots__ = ("gate", "owner", "standing")

    def __init__(self, owner: int, gate: str, standing: list[tuple[int, str]]) -> None:
        self.owner = owner
        self.gate = gate
        self.standing = standing

    def clone(self) -> FieldGate:
        return FieldGate(self.owner, self.gate, list(self.standing))


def free_adjacent_slots(state: MatchState) -> list[Slot]:
    """Free slots touching a Gate Card side to side or corner to corner, in grid order."""
    cols, rows = state.settings.grid
    field = state.field
    free = {
        (c + dc, r + dr)
        for c, r in field
        for dc in (-1, 0, 1)
        for dr in (-1, 0, 1)
        if 0 <= c + dc < cols and 0 <= r + dr < rows
    }
    return sorted(free.difference(field))


def own_piles(ps: PlayerState) -> tuple[tuple[str, list[str], str], ...]:
    """A player's own pieces by pile, as (kind, pile, place): every pile but the
    captured Gate Cards (which are other players' pieces)."""
    return (
        ("bakugan", ps.unused, "unused"),
        ("bakugan", ps.used, "used"),
        ("bakugan", ps.reserve, "reserve"),
        ("gate", ps.gates, "hand"),
        ("ability", ps.abilities, "hand"),
        ("ability", ps.used_abilities, "used"),
        ("trap", ps.traps, "unused"),
        ("trap", ps.used_traps, "used"),
        ("gear", ps.gear, "unused"),
        ("gear", ps.used_gear, "used"),
        ("evolution", ps.evolutions, "ready"),
        ("evolution", ps.evolved, "done"),
    )


def where(state: MatchState) -> dict[tuple[str, int, str], str]:
    """Every piece's place: (kind, owner, id) -> place. For invariants and the screen.

    Kinds: bakugan, gate, ability, trap, gear, evolution. Places: unused, used, hand,
    captured by pN, field @C,R, standing @C,R, battle, thrown, reserve (a Bakugan set
    aside: an evolved form not yet in play, or the form it replaced), ready / done
    (an Evolution card before and after its evolution).
    """
    places: dict[tuple[str, int, str], str] = {}
    for p, ps in enumerate(state.players):
        for kind, pile, place in own_piles(ps):
            for piece in pile:
                places[(kind, p, piece)] = place
        for owner, g in ps.captured:
            places[("gate", owner, g)] = f"captured by p{p}"
    for slot, fg in state.field.items():
        places[("gate", fg.owner, fg.gate)] = f"field {slot}"
        for p, b in fg.standing:
            places[("bakugan", p, b)] = f"standing {slot}"
    if state.battle is not None:
        for p, b in state.battle.sides:
            places[("bakugan", p, b)] = "battle"
        for support in state.battle.supports:
            places[(support.kind, support.player, support.piece)] = "battle"
    if state.thrown is not None:
        places[("bakugan", state.thrown[0], state.thrown[1])] = "thrown"
    return places
