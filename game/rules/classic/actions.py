"""Actions: the small frozen records a player (or chance) hands to `MatchState.apply`.

Each has a readable ``str()`` form, and `parse_action` reads it back, so scenarios, logs,
replays and error messages all speak the same notation::

    p0 set gold_volcano @2,2      p0 ability red_backdraft      p1 pass
    p0 throw pyrus_dragonoid       land @2,1 partial             miss off_table
    p0 take @2,1                   p0 move pyrus_dragonoid @3,2  p1 attribute clear_x haos
    p0 trap pyrus_scorpion_trap    p1 gear gold_flame_cannon     p1 gear gold_flame_cannon blaze
    p0 evolve pyrus_dragonoid      p1 gear gold_flame_cannon blaze scorch
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules import api

from .defs import Attribute

Slot = tuple[int, int]

CHANCE = api.CHANCE  # the "player" that supplies throw outcomes (physics, a script, a model)


def slot_str(slot: Slot) -> str:
    return f"@{slot[0]},{slot[1]}"


@dataclass(frozen=True, slots=True)
class SetGate:
    """Set a Gate Card face down: in the opening, or once per turn before the throw."""

    player: int
    gate: str
    slot: Slot

    def __str__(self) -> str:
        return f"p{self.player} set {self.gate} {slot_str(self.slot)}"


@dataclass(frozen=True, slots=True)
class PlayAbility:
    """Play an Ability Card («Активировать Карту Способностей»), with its target if any."""

    player: int
    card: str
    bakugan: str | None = None
    slot: Slot | None = None

    def __str__(self) -> str:
        text = f"p{self.player} ability {self.card}"
        if self.bakugan is not None:
            text += f" {self.bakugan}"
        if self.slot is not None:
            text += f" {slot_str(self.slot)}"
        return text


@dataclass(frozen=True, slots=True)
class Pass:
    """Play nothing more in the current timing window."""

    player: int

    def __str__(self) -> str:
        return f"p{self.player} pass"


@dataclass(frozen=True, slots=True)
class Throw:
    """Throw one unused Bakugan («Бакуган в бой!»); its landing comes next, from chance."""

    player: int
    bakugan: str

    def __str__(self) -> str:
        return f"p{self.player} throw {self.bakugan}"


@dataclass(frozen=True, slots=True)
class Land:
    """Throw outcome: the sphere opened on the Gate Card at `slot` (partly, if `partial`)."""

    slot: Slot
    partial: bool = False
    player: int = CHANCE

    def __str__(self) -> str:
        return f"land {slot_str(self.slot)}" + (" partial" if self.partial else "")


@dataclass(frozen=True, slots=True)
class Miss:
    """Throw outcome: the sphere missed every Gate Card (`reason`: off_card, off_table ...)."""

    reason: str = "off_card"
    player: int = CHANCE

    def __str__(self) -> str:
        return f"miss {self.reason}"


@dataclass(frozen=True, slots=True)
class TakeGate:
    """Take the Gate Card at `slot` with one's Bakugan on it (no battle)."""

    player: int
    slot: Slot

    def __str__(self) -> str:
        return f"p{self.player} take {slot_str(self.slot)}"


@dataclass(frozen=True, slots=True)
class MoveBakugan:
    """Move one's standing Bakugan to another Gate Card (may start a battle)."""

    player: int
    bakugan: str
    slot: Slot

    def __str__(self) -> str:
        return f"p{self.player} move {self.bakugan} {slot_str(self.slot)}"


@dataclass(frozen=True, slots=True)
class ChooseAttribute:
    """Pick the attribute of a clear Bakugan for this battle (two clear Bakugan met)."""

    player: int
    bakugan: str
    attribute: Attribute

    def __str__(self) -> str:
        return f"p{self.player} attribute {self.bakugan} {self.attribute.value}"


@dataclass(frozen=True, slots=True)
class PlayTrap:
    """Set a Bakugan Trap onto the Gate Card of one's battle; it opens and shows its face."""

    player: int
    trap: str

    def __str__(self) -> str:
        return f"p{self.player} trap {self.trap}"


@dataclass(frozen=True, slots=True)
class PlayGear:
    """Put Battle Gear on one's battling Bakugan with the property card's `abilities` its
    owner chooses to use (any of them when the Bakugan has the card's attribute, one at
    most when the gear's colour is the Gate Card's; none: only its G). The abilities are
    kept sorted, so the order they are named in does not matter."""

    player: int
    gear: str
    abilities: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if isinstance(self.abilities, str):
            raise TypeError(f"PlayGear.abilities: a tuple of ability ids, not {self.abilities!r}")
        object.__setattr__(self, "abilities", tuple(sorted(self.abilities)))

    def __str__(self) -> str:
        return f"p{self.player} gear {self.gear}" + "".join(f" {a}" for a in self.abilities)


@dataclass(frozen=True, slots=True)
class Evolve:
    """Skip one's turn to swap `bakugan` for its evolved form (its Evolution card)."""

    player: int
    bakugan: str

    def __str__(self) -> str:
        return f"p{self.player} evolve {self.bakugan}"


Action = (
    SetGate
    | PlayAbility
    | Pass
    | Throw
    | Land
    | Miss
    | TakeGate
    | MoveBakugan
    | ChooseAttribute
    | PlayTrap
    | PlayGear
    | Evolve
)

SHAPES = api.ActionShapes(
    "Battle Brawlers",
    (
        SetGate,
        PlayAbility,
        Pass,
        Throw,
        Land,
        Miss,
        TakeGate,
        MoveBakugan,
        ChooseAttribute,
        PlayTrap,
        PlayGear,
        Evolve,
    ),
)
"""What `MatchState.apply` checks first: an action of this game, every field of its type."""


class ActionSyntaxError(api.ActionSyntaxError):
    """A text that is not an action in the notation above."""


def _number(word: str) -> bool:
    """A small whole number in ASCII digits (``int`` refuses some Unicode digits and very
    long numbers with a ValueError, not the syntax error a reader expects)."""
    return word.isascii() and word.isdigit() and len(word) <= 3


def _parse_slot(word: str, text: str) -> Slot:
    if not word.startswith("@"):
        raise ActionSyntaxError(f"{text!r}: expected a slot like @2,1, got {word!r}")
    try:
        col, row = word[1:].split(",")
        return int(col), int(row)
    except ValueError:
        raise ActionSyntaxError(f"{text!r}: bad slot {word!r}, expected @COL,ROW") from None


def parse_action(text: str) -> Action:
    """Read an action from its ``str()`` form; raises `ActionSyntaxError` with the reason."""
    words = text.split()
    if not words:
        raise ActionSyntaxError("empty action")
    head = words[0]
    if head == "land":
        if len(words) not in (2, 3) or (len(words) == 3 and words[2] != "partial"):
            raise ActionSyntaxError(f"{text!r}: expected 'land @COL,ROW [partial]'")
        return Land(_parse_slot(words[1], text), partial=len(words) == 3)
    if head == "miss":
        if len(words) != 2:
            raise ActionSyntaxError(f"{text!r}: expected 'miss REASON'")
        return Miss(words[1])
    if not (head.startswith("p") and _number(head[1:])) or len(words) < 2:
        raise ActionSyntaxError(f"{text!r}: expected 'pN VERB ...', 'land ...' or 'miss ...'")
    player = int(head[1:])
    verb, args = words[1], words[2:]

    def need(n: int, form: str) -> None:
        if len(args) != n:
            raise ActionSyntaxError(f"{text!r}: expected 'pN {verb} {form}'")

    if verb == "set":
        need(2, "GATE @COL,ROW")
        return SetGate(player, args[0], _parse_slot(args[1], text))
    if verb == "ability":
        if not 1 <= len(args) <= 3:
            raise ActionSyntaxError(f"{text!r}: expected 'pN ability CARD [BAKUGAN] [@COL,ROW]'")
        bakugan: str | None = None
        slot: Slot | None = None
        for arg in args[1:]:
            if arg.startswith("@"):
                slot = _parse_slot(arg, text)
            else:
                bakugan = arg
        return PlayAbility(player, args[0], bakugan, slot)
    if verb == "pass":
        need(0, "")
        return Pass(player)
    if verb == "throw":
        need(1, "BAKUGAN")
        return Throw(player, args[0])
    if verb == "take":
        need(1, "@COL,ROW")
        return TakeGate(player, _parse_slot(args[0], text))
    if verb == "move":
        need(2, "BAKUGAN @COL,ROW")
        return MoveBakugan(player, args[0], _parse_slot(args[1], text))
    if verb == "attribute":
        need(2, "BAKUGAN ATTRIBUTE")
        try:
            attribute = Attribute(args[1])
        except ValueError:
            names = ", ".join(a.value for a in Attribute)
            raise ActionSyntaxError(f"{text!r}: unknown attribute {args[1]!r} ({names})") from None
        return ChooseAttribute(player, args[0], attribute)
    if verb == "trap":
        need(1, "TRAP")
        return PlayTrap(player, args[0])
    if verb == "gear":
        if not args:
            raise ActionSyntaxError(f"{text!r}: expected 'pN gear GEAR [ABILITY ...]'")
        return PlayGear(player, args[0], tuple(args[1:]))
    if verb == "evolve":
        need(1, "BAKUGAN")
        return Evolve(player, args[0])
    raise ActionSyntaxError(f"{text!r}: unknown verb {verb!r}")
