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

import dataclasses
import types
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Protocol, Union, get_args, get_origin, get_type_hints, runtime_checkable

CHANCE = -1
"""The named chance player: it supplies throw landings, die faces and other outcomes."""


class GameError(Exception):
    """The root of every error the app raises on purpose: an illegal action, a bad data
    file, a damaged save. A caller that must never crash catches this one class."""


class IllegalAction(GameError):
    """An action the rules do not allow now; the state is unchanged."""

    def __init__(self, action: object, reason: str) -> None:
        super().__init__(f"{shown(action)}: {reason}")
        self.action = action
        self.reason = reason


def shown(action: object, limit: int = 200) -> str:
    """An action as an error message names it: its ``str()``, cut to `limit` characters;
    the name of its type when that fails (a malformed action whose ``str()`` cannot read
    its own fields)."""
    try:
        text = str(action)
    except Exception:  # any failure of a foreign object's __str__
        return f"<a {type(action).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


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


INT_LIMIT = 1 << 63
"""An int field of an action holds a number of a machine word (a player, a die face, a
coordinate); a larger one is refused before any rule reads it (a 5,000-digit number
cannot even be written into a message)."""


def _test_of(hint: Any, var: str, names: dict[str, Any]) -> str:
    """A Python expression that is true when the value `var` has the declared type
    `hint` exactly: ``bool`` is not an ``int``, ``1.0`` is not ``1``, a list is not a
    tuple, a str subclass is not a str. Types it names are put into `names`."""
    if hint is int:
        return f"(type({var}) is int and -{INT_LIMIT} <= {var} < {INT_LIMIT})"
    if hint in (str, bool):
        return f"type({var}) is {hint.__name__}"
    if hint is type(None):
        return f"{var} is None"
    if isinstance(hint, type) and issubclass(hint, Enum):
        key = f"_t{len(names)}"
        names[key] = hint
        return f"type({var}) is {key}"
    origin, args = get_origin(hint), get_args(hint)
    if origin is Union or origin is types.UnionType:
        return "(" + " or ".join(_test_of(a, var, names) for a in args) + ")"
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        key = f"_t{len(names)}"
        names[key] = None  # reserve the name before the inner test takes more
        item = _test_of(args[0], "item", names)
        names[key] = _function(f"def f(item):\n    return {item}\n", names)
        return f"(type({var}) is tuple and all(map({key}, {var})))"
    if origin is tuple:
        parts = [_test_of(a, f"{var}[{i}]", names) for i, a in enumerate(args)]
        return (
            f"(type({var}) is tuple and len({var}) == {len(args)} and " + " and ".join(parts) + ")"
        )
    raise TypeError(f"an action field of type {hint!r} has no shape check")


def _function(source: str, names: dict[str, Any]) -> Callable[..., Any]:
    """The function ``f`` that `source` defines, with `names` as its globals. The shape
    checks are made once, when a game's action module is imported, as plain
    expressions rather than a loop over the fields: they are the first thing every
    `apply` runs, in the simulations' innermost loop."""
    scope: dict[str, Any] = {}
    exec(source, dict(names), scope)  # our own text, built from the type hints
    return scope["f"]  # type: ignore[no-any-return]


def _shape_source(kinds: Sequence[type], names: dict[str, Any]) -> str:
    """The text of ``f(a)``: None when `a` is an instance of one of `kinds` whose every
    field has its declared type; else the name of the first field that has not (``""``:
    not one of `kinds`)."""
    lines = ["def f(a):\n", "    t = type(a)\n", "    try:\n"]
    for i, kind in enumerate(kinds):
        key = f"_k{i}"
        names[key] = kind
        lines.append(f"        if t is {key}:\n")
        hints = get_type_hints(kind)
        for field in dataclasses.fields(kind):
            test = _test_of(hints[field.name], "v", names)
            lines.append(f"            v = a.{field.name}\n")
            lines.append(f"            if not {test}:\n                return {field.name!r}\n")
        lines.append("            return None\n")
    lines.append("    except AttributeError:  # a field never set (made without __init__)\n")
    lines.append("        return _unset(a)\n")
    lines.append("    return ''\n")
    names["_unset"] = _unset
    return "".join(lines)


def _unset(action: object) -> str:
    return next(f.name for f in dataclasses.fields(action) if not hasattr(action, f.name))  # type: ignore[arg-type]


class ActionShapes:
    """The one check, at a rules core's `apply`, that an action is an action of its game
    at all: an instance of one of the game's own action classes (not a subclass, not
    another game's), each field of exactly the type its class declares (`_test_of`; an
    int within `INT_LIMIT`). What passes is then judged by the game's rules; what fails
    is an `IllegalAction` like any other, before the state is read, so a wrong value
    never reaches a rule that compares, sorts, indexes or stores it. The field types
    come from the classes' own annotations: a new field is checked without a line
    here, and a field of a type the check cannot test fails at import.

    `bad(action)` is the fast test (None: the shape is right); `problem(action)` the
    `Reason` a refusal gives."""

    __slots__ = ("_types", "bad", "game")

    def __init__(self, game: str, kinds: Sequence[type]) -> None:
        self.game = game
        names: dict[str, Any] = {}
        self.bad: Callable[[object], str | None] = _function(_shape_source(kinds, names), names)
        self._types = {
            (kind, name): _type_text(hint)
            for kind in kinds
            for name, hint in get_type_hints(kind).items()
        }

    def problem(self, action: object) -> Reason | None:
        """None when `action` has one of the game's shapes; else why not."""
        name = self.bad(action)
        if name is None:
            return None
        kind = type(action).__name__
        if not name:
            return Reason(f"not an action of {self.game}: {kind}", "action.kind", kind=kind)
        text = self._types[type(action), name]
        return Reason(f"{kind}.{name} must be {text}", "action.field", kind=kind, field=name)

    def refusal(self, action: object) -> IllegalAction:
        """The `IllegalAction` to raise for an action `bad` found wrong."""
        return IllegalAction(action, self.problem(action) or Reason("a malformed action", "action"))


def _type_text(hint: Any) -> str:
    """A field's type as a refusal words it ("int", "str | None", "tuple[str, ...]")."""
    if hint is int:
        return "a small int"
    if isinstance(hint, type) and not get_args(hint):
        return hint.__name__
    return str(hint).replace("typing.", "").replace("NoneType", "None")


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
class Text:
    """A name or rule text in both languages (every game's cards, Bakugan and levels)."""

    ru: str
    en: str

    def get(self, lang: str) -> str:
        return self.ru if lang == "ru" else self.en


def frozen_map(mapping: Mapping[str, Any] | None = None) -> Mapping[str, Any]:
    """A read-only copy of `mapping` (a definition's parameters: a core's data is frozen)."""
    return types.MappingProxyType(dict(mapping or {}))


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
