"""Reading a seat's view as the network brings it, for the words of a network screen
(each game's `net_words`): plain JSON from another computer, so nothing in it is
trusted. A field of the wrong kind reads as missing, never as an error; a number too
big to say or an id that is not one is left out; and every line is fitted to a width,
so a view can make fewer lines but never a crash or a line that runs off the screen.

The words come from the catalogs (`net.words.*` for what the games say alike); the
names from each game's own content, by the game's module.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from game.content.errors import ContentError
from game.files.lang import FALLBACK, LANGUAGES, tr
from game.rules.api import ActionSyntaxError

T = TypeVar("T")

LINE = 70
"""A view line's width in characters (the network screen's column)."""

LABEL = 40
"""A button label's width in characters, where the words allow."""

MAX_LINES = 12
"""The most lines a view is told in: the screen has room for a short panel, no log."""

BIG = 10**9
"""A number past this is no count of cards or turns: left out (its digits could be
thousands long, more than `str` will write)."""

_ID = re.compile(r"^[A-Za-z0-9_\-]{1,48}$")

Say = Callable[..., str]
"""`tr` with the language given: ``say(key, **fields)``."""

Name = Callable[[object], str | None]
"""A piece's name from an id in a view (`namer`): None for what is no id."""


def lang_of(lang: object) -> str:
    """`lang` if the catalogs have it, else their fallback: a screen's language setting
    read from a damaged file must not make every line raise."""
    return lang if isinstance(lang, str) and lang in LANGUAGES else FALLBACK


def sayer(lang: str) -> Say:
    def say(key: str, **fields: object) -> str:
        return tr(lang, key, **fields)

    return say


def seat_view(view: object, seat: object, lang: object) -> tuple[dict[Any, Any], str, Say] | None:
    """The opening of every game's `view_lines`: the view as an object, the language
    the catalogs have (`lang_of`) and its `sayer`; None, nothing to tell, for a view
    that is no object or a seat that is no number."""
    v = mapping(view)
    if not v or isinstance(seat, bool) or not isinstance(seat, int):
        return None
    lang = lang_of(lang)
    return v, lang, sayer(lang)


def loaded(load: Callable[[], T]) -> T | None:
    """The shipped content `load` reads, or None when it does not load: the lines then
    name the ids (the screen that shows them has its own word for the damage)."""
    try:
        return load()
    except ContentError:
        return None


def namer(pieces: Mapping[str, Any], lang: str) -> Name:
    """Names of the `pieces` by id (each with a ``name`` in the catalogs' languages):
    the content's name in `lang`, the id itself for one `pieces` does not hold (or
    when the content did not load, `pieces` empty), None for what is no id."""

    def name(value: object) -> str | None:
        key = ident(value)
        if key is None:
            return None
        piece = pieces.get(key)
        return str(piece.name.get(lang)) if piece is not None else key

    return name


def mapping(value: object) -> dict[Any, Any]:
    return value if isinstance(value, dict) else {}


def items(value: object) -> list[Any]:
    return value if isinstance(value, list) else []


def number(value: object) -> int | None:
    """A whole number of a sane size (a bool is none: JSON's true is no count)."""
    if isinstance(value, bool) or not isinstance(value, int) or abs(value) > BIG:
        return None
    return value


def ident(value: object) -> str | None:
    """An id as the games write them (``gold_volcano``, ``7``), else None."""
    return value if isinstance(value, str) and _ID.match(value) else None


def one_of(value: object, known: frozenset[str]) -> str | None:
    """`value` if it is one of the `known` words (a phase, a kind), else None: a list
    in its place must not reach a set's lookup, which would raise over it."""
    return value if isinstance(value, str) and value in known else None


def pair(value: object) -> tuple[int, int] | None:
    """A slot or a hex (``[2, 1]``), else None."""
    if isinstance(value, list) and len(value) == 2:
        a, b = number(value[0]), number(value[1])
        if a is not None and b is not None:
            return a, b
    return None


def place(where: tuple[int, int]) -> str:
    """A slot or hex as the buttons and the lines both write it: the numbers of the
    action's text (``@2,1`` is ``2,1``), so a button and its line name one place alike."""
    return f"{where[0]},{where[1]}"


def fit(text: str, width: int = LINE) -> str:
    """`text` cut to `width` characters, the cut marked."""
    return text if len(text) <= width else text[: width - 1].rstrip() + "…"


def _fill(
    say: Say, make: Callable[[str], str], names: Sequence[str], width: int, last: bool
) -> tuple[str, int]:
    """One line of `names` made by `make` and how many of them it holds: as many as fit
    in `width`; on the `last` line the rest are counted (``… and 3 more``), on another
    they are left for the next line."""
    for n in range(len(names), -1, -1):
        shown = ", ".join(names[:n])
        if last and n < len(names):
            more = say("net.words.more", count=len(names) - n)
            shown = f"{shown} {more}" if shown else more
        elif not last and n == 0:  # not even one fits: it is cut, not carried for ever
            return fit(make(names[0]) if names else make(""), width), min(1, len(names))
        line = make(shown)
        if len(line) <= width:
            return line, n
    return fit(make(""), width), 0


def listing(
    say: Say,
    key: str,
    names: Sequence[str],
    width: int = LINE,
    field: str = "names",
    **fields: object,
) -> str:
    """The line `key` with its `field` (``{names}``) filled by as many of `names` as fit
    in `width`, the rest counted (``… and 3 more``) rather than cut mid-name."""
    return _fill(say, lambda shown: say(key, **{field: shown}, **fields), names, width, True)[0]


def spread(say: Say, key: str, names: Sequence[str], lines: int, **fields: object) -> list[str]:
    """`names` over at most `lines` lines: the first is `key`'s, the others go on with
    the names alone; what the last cannot hold is counted."""
    out: list[str] = []
    rest = list(names)
    while len(out) < lines:
        first, last = not out, len(out) == lines - 1

        def make(shown: str, first: bool = first) -> str:
            return say(key, names=shown, **fields) if first else shown

        line, used = _fill(say, make, rest, LINE, last)
        out.append(line)
        rest = rest[used:]
        if not rest:
            break
    return out


def turn_phase(
    view: Mapping[Any, Any], phases: frozenset[str], say: Say, phase_key: str, turn_key: str
) -> tuple[str | None, list[str]]:
    """The view's phase (one of `phases`, else None) and the words that begin its head
    line: the phase in the catalog's ``<phase_key>.<phase>`` words, within the turn's
    ``<turn_key>`` (turn=, phase=) when the view gives a turn."""
    phase = one_of(view.get("phase"), phases)
    turn = number(view.get("turn"))
    if phase is None:
        return None, []
    words = say(f"{phase_key}.{phase}")
    return phase, [say(turn_key, turn=turn, phase=words) if turn else words]


def who(say: Say, player: object, seat: int) -> str | None:
    """A player as the seat reads him: you, or Player N (counted from 1, as at a
    table); None for no player."""
    p = number(player)
    if p is None or p < 0:
        return None
    return say("net.words.you") if p == seat else say("net.words.player", player=p + 1)


def verb_of(text: object) -> str | None:
    """The verb of an action's text (``p0 set ...`` -> ``set``, ``roll p1 5`` -> ``roll``)
    as an id, for the line an action no words know falls back to."""
    if not isinstance(text, str):
        return None
    words = text.split()
    if len(words) >= 2 and re.match(r"^p\d{1,3}$", words[0]):
        return ident(words[1])
    return ident(words[0]) if words else None


def unknown_action(text: object, lang: str) -> str:
    """The label of an action this build cannot read: its verb, in the catalog's words."""
    say = sayer(lang_of(lang))
    verb = verb_of(text)
    return fit(say("net.words.action", verb=verb) if verb else say("net.words.action_blank"))


def button(
    text: object,
    lang: object,
    parse: Callable[[str], T],
    label: Callable[[T, str, Say], str | None],
) -> str:
    """A legal action's replay `text` as a button label: the game's `label` for the
    action `parse` reads it as (given the language and its sayer), fitted to `LINE`;
    its verb (`unknown_action`) for a text this build does not read, or one the game
    has no words for (`label` gives None, or the text itself back). Never raises."""
    lang = lang_of(lang)
    try:
        action = parse(text) if isinstance(text, str) else None
    except (ActionSyntaxError, ValueError):
        action = None
    words = label(action, lang, sayer(lang)) if action is not None else None
    return fit(words, LINE) if words and words != text else unknown_action(text, lang)


def capped(lines: Sequence[str]) -> list[str]:
    """At most `MAX_LINES` lines, each fitted to `LINE`; empty ones dropped."""
    return [fit(line) for line in lines if line][:MAX_LINES]
