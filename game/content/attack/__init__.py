"""Loads the Bakugan Attack! deck (`assets/data/attack/cards.toml`) into a rules `Deck`.

Every problem is collected and reported as ``file: id: field: problem``; a file with any
problem is refused whole, never half loaded. The deck's own consistency (a special card
is unique, an effect acts at a moment it can, the 3/4/5-player setups remove cards the
deck has) is checked by the rules' `Deck.problems` and reported the same way.
"""

from __future__ import annotations

import string
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from game.files.lang import text_problem
from game.files.paths import game_data_dir
from game.rules.api import Text
from game.rules.attack.cards import CardDef, Deck, Effect, PlayerSetup, When

from ..reader import INVALID, Int, MapOf, OneOf, Raw, Reader, Ref, Str

_TEXTS = {"name_en": Str(), "name_ru": Str(), "text_en": Str(), "text_ru": Str()}
NUMBERS = {"low": Int(1, 99), "high": Int(1, 99), "copies": Int(1, 20), **_TEXTS}
SPECIAL = {
    "number": Raw(),
    "effect": OneOf(tuple(e.value for e in Effect), what="effect"),
    "when": OneOf(tuple(w.value for w in When), default="any", what="moment"),
    "seats": Int(1, 4, default=None),
    **_TEXTS,
}
TABLES = ("numbers", "special", "players")
_WORDS = {
    "noun.integer": "a whole number",
    "duplicate": "defined twice",
    "ref": "unknown {what} {got}",
}
"""The deck file's own words (``must be a whole number``, ``defined twice``)."""


def cards_path() -> Path:
    return game_data_dir("attack") / "cards.toml"


def _fill(r: Reader, template: str, number: int, field: str) -> str:
    """`template` with its ``{number}`` filled in; a field that is not a plain
    ``{number}`` (``{n}``, ``{number[0]}``, a format that would fill gigabytes) is a
    problem, never filled."""
    problem = text_problem(template)
    if problem is None:
        names = {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}
        problem = None if names <= {"number"} else f"fields {sorted(names)}"
    if problem is None:
        try:
            return template.format(number=number)
        except (KeyError, IndexError, ValueError, TypeError) as e:
            problem = str(e)
    r.say("numbers", field, f"bad template ({problem}); only {{number}} may be filled in")
    return template


def _numbers(r: Reader, raw: Any) -> list[CardDef]:
    if not isinstance(raw, dict):
        r.say("numbers", "-", "expected a [numbers] table")
        return []
    v = r.fields(raw, NUMBERS, "numbers")
    if not r.valid(v):
        return []
    if v["high"] < v["low"]:
        r.say("numbers", "high", f"must be at least low ({v['low']}), got {v['high']}")
    out = []
    for number in range(v["low"], v["high"] + 1):
        filled = {k: _fill(r, v[k], number, k) for k in _TEXTS}
        out.append(
            CardDef(
                id=str(number),
                number=number,
                copies=v["copies"],
                name=Text(ru=filled["name_ru"], en=filled["name_en"]),
                text=Text(ru=filled["text_ru"], en=filled["text_en"]),
            )
        )
    return out


def _special(r: Reader, ident: str, v: dict[str, Any]) -> CardDef | None:
    number: int | None = None
    if v["number"] != "none":
        number = Int(0, 99).read(r, v["number"], ident, "number")
    effect = Effect(v["effect"]) if v["effect"] is not INVALID else Effect.NONE
    seats = 1
    if v["seats"] is not None:
        if effect is not Effect.ROTATE:
            r.say(ident, "seats", "only a rotate effect takes seats")
        seats = v["seats"]
    if not r.valid(v) or number is INVALID:
        return None
    name = Text(ru=v["name_ru"], en=v["name_en"])
    text = Text(ru=v["text_ru"], en=v["text_en"])
    return CardDef(ident, number, 1, name, text, True, effect, When(v["when"]), seats)


def _setups(r: Reader, raw: Any, deck_ids: set[str]) -> dict[int, PlayerSetup]:
    if not isinstance(raw, dict):
        r.say("players", "-", "expected [players.3], [players.4] and [players.5] tables")
        return {}
    schema = {
        "remove": MapOf(Int(0, 99), key=Ref(deck_ids, "card"), default={}),
        "target_shift": Int(-6, 6),
    }
    out: dict[int, PlayerSetup] = {}
    for key, table in raw.items():
        ident = f"players.{key}"
        if not (key.isascii() and key.isdigit() and len(key) <= 2):
            r.say(ident, "-", "a player count is a number")
        elif not isinstance(table, dict):
            r.say(ident, "-", "not a table")
        else:
            v = r.fields(table, schema, ident)
            if r.valid(v):
                out[int(key)] = PlayerSetup(
                    int(key), MappingProxyType(v["remove"]), v["target_shift"]
                )
    return out


def load_deck(path: Path | None = None) -> Deck:
    """The deck in `path` (the shipped one by default); raises `ContentError` listing
    every problem as ``file: id: field: problem``."""
    r = Reader.open(path or cards_path(), none_when_absent=True, words=_WORDS)
    r.unknown(r.data, TABLES, "-")
    cards = _numbers(r, r.data.get("numbers"))
    seen = {c.id for c in cards}
    for ident, v in r.records(r.data, "special", SPECIAL):
        card = _special(r, ident, v)
        if card is not None and card.id in seen:
            r.add(card.id, "id", "duplicate")
        elif card is not None:
            seen.add(card.id)
            cards.append(card)
    setups = _setups(r, r.data.get("players"), seen)
    if r.ok:
        deck = Deck(tuple(cards), setups)
        for ident, field, problem in deck.problems():
            r.say(ident, field, problem)
    r.raise_any()
    return deck


@cache
def shipped_deck() -> Deck:
    """The shipped deck, loaded once."""
    return load_deck()
