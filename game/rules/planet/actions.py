"""Actions: the small frozen records a player (or chance) hands to `PlanetState.apply`.

Each has a readable ``str()`` form that `parse_action` reads back, so scenarios, logs,
replays and error messages speak one notation::

    p0 core fist_2d @1,0          p1 energize song_of_fire      p0 energize none
    p0 play ice_barrier           p0 play cocoon_shield p1      p1 play triple_blast #0
    p0 play hyper_dragonoid p0:pyrus_dragonoid                  p1 play tainted_touch sac spark
    p0 pick pyrus_dragonoid       roll p0 @1,0   roll p1 open   roll p1 closed
    p1 pass                       p1 flip pay    p1 flip let    p0 discard lava_flow

A target is ``p0`` / ``p1`` (that player's Bakugan in the battle), ``#N`` (the N-th card
of the batch, 0 the bottom), ``pN:ID`` (a Character or a Hero of player N) or ``@q,r``
(a BakuCore of the Hidden Matrix).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules import api

from .hexgrid import Hex, hex_str, parse_hex

CHANCE = api.CHANCE


@dataclass(frozen=True, slots=True)
class PlaceCore:
    """Setup: put one of one's BakuCores into the Hidden Matrix."""

    player: int
    core: str
    hex: Hex

    def __str__(self) -> str:
        return f"p{self.player} core {self.core} {hex_str(self.hex)}"


@dataclass(frozen=True, slots=True)
class Energize:
    """The Energy phase: one card from hand face down as Energy (None: none)."""

    player: int
    card: str | None

    def __str__(self) -> str:
        return f"p{self.player} energize {self.card or 'none'}"


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play an Action, Hero or Evolution from hand: pay, then it goes on the batch (or
    resolves at once under the seed's free card play). `sacrifice`: the card discarded
    for a «Sacrifice –» text."""

    player: int
    card: str
    targets: tuple[str, ...] = ()
    sacrifice: str | None = None

    def __str__(self) -> str:
        text = f"p{self.player} play {self.card}"
        if self.targets:
            text += " " + " ".join(self.targets)
        if self.sacrifice:
            text += f" sac {self.sacrifice}"
        return text


@dataclass(frozen=True, slots=True)
class Pass:
    """Add nothing more now (priority passes; both passing in turn resolves the top)."""

    player: int

    def __str__(self) -> str:
        return f"p{self.player} pass"


@dataclass(frozen=True, slots=True)
class Pick:
    """The roll: the closed Bakugan this player will roll (hidden until both pick)."""

    player: int
    character: str

    def __str__(self) -> str:
        return f"p{self.player} pick {self.character}"


@dataclass(frozen=True, slots=True)
class Roll:
    """Chance: how `roller`'s Bakugan came to rest: opened on the core at `core`,
    opened touching a core it did not keep (`core` None), or not opened."""

    roller: int
    opened: bool
    core: Hex | None = None
    player: int = CHANCE

    def __str__(self) -> str:
        if not self.opened:
            return f"roll p{self.roller} closed"
        where = hex_str(self.core) if self.core is not None else "open"
        return f"roll p{self.roller} {where}"


@dataclass(frozen=True, slots=True)
class FlipChoice:
    """A Flip milled by damage: pay its cost and play it now, or let it go."""

    player: int
    pay: bool

    def __str__(self) -> str:
        return f"p{self.player} flip {'pay' if self.pay else 'let'}"


@dataclass(frozen=True, slots=True)
class Discard:
    """A card text made this player discard: the card chosen."""

    player: int
    card: str

    def __str__(self) -> str:
        return f"p{self.player} discard {self.card}"


Action = PlaceCore | Energize | PlayCard | Pass | Pick | Roll | FlipChoice | Discard

SHAPES = api.ActionShapes(
    "Battle Planet", (PlaceCore, Energize, PlayCard, Pass, Pick, Roll, FlipChoice, Discard)
)
"""What `PlanetState.apply` checks first: an action of this game, every field of its type."""


class ActionSyntaxError(api.ActionSyntaxError):
    """A text that is not an action in the notation above."""


def _player(word: str, text: str) -> int:
    if not (word.startswith("p") and word[1:].isascii() and word[1:].isdigit() and len(word) < 5):
        raise ActionSyntaxError(f"{text!r}: expected a player like p0, got {word!r}")
    return int(word[1:])


def parse_action(text: str) -> Action:
    """Read an action from its ``str()`` form; raises `ActionSyntaxError` with the reason."""
    words = text.split()
    if not words:
        raise ActionSyntaxError("empty action")
    if words[0] == "roll":
        if len(words) != 3:
            raise ActionSyntaxError(f"{text!r}: expected 'roll pN @q,r|open|closed'")
        roller = _player(words[1], text)
        if words[2] == "closed":
            return Roll(roller, False)
        if words[2] == "open":
            return Roll(roller, True)
        h = parse_hex(words[2])
        if h is None:
            raise ActionSyntaxError(f"{text!r}: expected @q,r, open or closed, got {words[2]!r}")
        return Roll(roller, True, h)
    if len(words) < 2:
        raise ActionSyntaxError(f"{text!r}: expected 'pN VERB ...' or 'roll ...'")
    player = _player(words[0], text)
    verb, args = words[1], words[2:]

    def need(n: int, form: str) -> None:
        if len(args) != n:
            raise ActionSyntaxError(f"{text!r}: expected 'pN {verb}{form}'")

    if verb == "core":
        need(2, " CORE @q,r")
        h = parse_hex(args[1])
        if h is None:
            raise ActionSyntaxError(f"{text!r}: bad hex {args[1]!r}, expected @q,r")
        return PlaceCore(player, args[0], h)
    if verb == "energize":
        need(1, " CARD|none")
        return Energize(player, None if args[0] == "none" else args[0])
    if verb == "play":
        if not args:
            raise ActionSyntaxError(f"{text!r}: expected 'pN play CARD [TARGET...] [sac CARD]'")
        sacrifice = None
        rest = args[1:]
        if "sac" in rest:
            at = rest.index("sac")
            if at != len(rest) - 2:
                raise ActionSyntaxError(f"{text!r}: 'sac CARD' comes last")
            sacrifice, rest = rest[-1], rest[:at]
        return PlayCard(player, args[0], tuple(rest), sacrifice)
    if verb == "pass":
        need(0, "")
        return Pass(player)
    if verb == "pick":
        need(1, " CHARACTER")
        return Pick(player, args[0])
    if verb == "flip":
        need(1, " pay|let")
        if args[0] not in ("pay", "let"):
            raise ActionSyntaxError(f"{text!r}: expected 'flip pay' or 'flip let'")
        return FlipChoice(player, args[0] == "pay")
    if verb == "discard":
        need(1, " CARD")
        return Discard(player, args[0])
    raise ActionSyntaxError(f"{text!r}: unknown verb {verb!r}")
