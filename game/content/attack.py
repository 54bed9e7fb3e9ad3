"""Loads the Bakugan Attack! deck (`assets/data/attack/cards.toml`) into a rules `Deck`.

Every problem is collected and reported as ``file: id: field: problem``; a file with any
problem is refused whole, never half loaded. The deck's own consistency (a special card
is unique, an effect acts at a moment it can, the 3/4/5-player setups remove cards the
deck has) is checked by the rules' `Deck.problems` and reported the same way.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from game.paths import data_dir
from game.rules.attack.cards import CardDef, Deck, Effect, PlayerSetup, Text, When

from .errors import ContentError

_NUMBER_FIELDS = {"low", "high", "copies", "name_en", "name_ru", "text_en", "text_ru"}
_SPECIAL_FIELDS = {"id", "number", "effect", "when", "seats", "name_en", "name_ru"}
_SPECIAL_FIELDS |= {"text_en", "text_ru"}


class _Problems:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.items: list[str] = []

    def add(self, ident: str, field: str, problem: str) -> None:
        self.items.append(f"{self.path.name}: {ident}: {field}: {problem}")


def cards_path() -> Path:
    return data_dir("attack") / "cards.toml"


def _read(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as f:
            return tomllib.load(f)
    except FileNotFoundError:
        raise ContentError([f"{path}: file not found"]) from None
    except tomllib.TOMLDecodeError as e:
        raise ContentError([f"{path.name}: -: -: not valid TOML ({e})"]) from None
    except (OSError, UnicodeDecodeError) as e:
        raise ContentError([f"{path}: cannot read ({e})"]) from None


def _int(raw: dict[str, Any], key: str, ident: str, probs: _Problems, low: int, high: int) -> int:
    value = raw.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        probs.add(ident, key, f"must be a whole number, got {value!r}")
        return low
    if not low <= value <= high:
        probs.add(ident, key, f"must be within {low}..{high}, got {value}")
        return low
    return value


def _text(raw: dict[str, Any], key: str, ident: str, probs: _Problems) -> str:
    value = raw.get(key)
    if not isinstance(value, str) or not value.strip():
        probs.add(ident, key, f"must be a non-empty string, got {value!r}")
        return ""
    return value


def _unknown(raw: dict[str, Any], allowed: set[str], ident: str, probs: _Problems) -> None:
    for extra in sorted(set(raw) - allowed):
        probs.add(ident, extra, f"unknown field (one of {', '.join(sorted(allowed))})")


def _fill(template: str, number: int, ident: str, field: str, probs: _Problems) -> str:
    try:
        return template.format(number=number)
    except (KeyError, IndexError, ValueError) as e:
        probs.add(ident, field, f"bad template ({e}); only {{number}} may be filled in")
        return template


def _numbers(raw: Any, probs: _Problems) -> list[CardDef]:
    if not isinstance(raw, dict):
        probs.add("numbers", "-", "expected a [numbers] table")
        return []
    _unknown(raw, _NUMBER_FIELDS, "numbers", probs)
    low = _int(raw, "low", "numbers", probs, 1, 99)
    high = _int(raw, "high", "numbers", probs, 1, 99)
    copies = _int(raw, "copies", "numbers", probs, 1, 20)
    keys = sorted(_NUMBER_FIELDS - {"low", "high", "copies"})
    texts = {k: _text(raw, k, "numbers", probs) for k in keys}
    if high < low:
        probs.add("numbers", "high", f"must be at least low ({low}), got {high}")
    out = []
    for number in range(low, high + 1):
        filled = {k: _fill(v, number, "numbers", k, probs) for k, v in texts.items()}
        out.append(
            CardDef(
                id=str(number),
                number=number,
                copies=copies,
                name=Text(ru=filled["name_ru"], en=filled["name_en"]),
                text=Text(ru=filled["text_ru"], en=filled["text_en"]),
            )
        )
    return out


def _special(i: int, raw: Any, probs: _Problems) -> CardDef | None:
    if not isinstance(raw, dict):
        probs.add(f"#{i + 1}", "special", "not a table")
        return None
    ident = raw.get("id")
    if not isinstance(ident, str) or not ident.isalpha() or ident != ident.lower():
        probs.add(f"#{i + 1}", "id", f"must be a lower-case word, got {ident!r}")
        return None
    _unknown(raw, _SPECIAL_FIELDS, ident, probs)
    before = len(probs.items)
    number: int | None = None
    if raw.get("number") != "none":
        number = _int(raw, "number", ident, probs, 0, 99)
    try:
        effect = Effect(str(raw.get("effect")))
    except ValueError:
        names = ", ".join(e.value for e in Effect)
        probs.add(ident, "effect", f"unknown effect {raw.get('effect')!r} (one of {names})")
        effect = Effect.NONE
    try:
        when = When(str(raw.get("when", "any")))
    except ValueError:
        names = ", ".join(w.value for w in When)
        probs.add(ident, "when", f"unknown moment {raw.get('when')!r} (one of {names})")
        when = When.ANY
    seats = 1
    if "seats" in raw:
        if effect is not Effect.ROTATE:
            probs.add(ident, "seats", "only a rotate effect takes seats")
        seats = _int(raw, "seats", ident, probs, 1, 4)
    name = Text(ru=_text(raw, "name_ru", ident, probs), en=_text(raw, "name_en", ident, probs))
    text = Text(ru=_text(raw, "text_ru", ident, probs), en=_text(raw, "text_en", ident, probs))
    if len(probs.items) > before:
        return None
    return CardDef(ident, number, 1, name, text, True, effect, when, seats)


def _setups(raw: Any, deck_ids: set[str], probs: _Problems) -> dict[int, PlayerSetup]:
    if not isinstance(raw, dict):
        probs.add("players", "-", "expected [players.3], [players.4] and [players.5] tables")
        return {}
    out: dict[int, PlayerSetup] = {}
    for key, table in raw.items():
        ident = f"players.{key}"
        if not key.isdigit():
            probs.add(ident, "-", "a player count is a number")
            continue
        if not isinstance(table, dict):
            probs.add(ident, "-", "not a table")
            continue
        _unknown(table, {"remove", "target_shift"}, ident, probs)
        remove = table.get("remove", {})
        if not isinstance(remove, dict):
            probs.add(ident, "remove", f"expected a table of card = count, got {remove!r}")
            remove = {}
        counts: dict[str, int] = {}
        for card, count in remove.items():
            if card not in deck_ids:
                probs.add(ident, "remove", f"unknown card {card!r}")
            elif isinstance(count, bool) or not isinstance(count, int) or count < 0:
                probs.add(ident, "remove", f"{card}: expected a count of 0 or more, got {count!r}")
            else:
                counts[card] = count
        shift = _int(table, "target_shift", ident, probs, -6, 6)
        out[int(key)] = PlayerSetup(int(key), MappingProxyType(counts), shift)
    return out


def load_deck(path: Path | None = None) -> Deck:
    """The deck in `path` (the shipped one by default); raises `ContentError` listing
    every problem as ``file: id: field: problem``."""
    path = path or cards_path()
    data = _read(path)
    probs = _Problems(path)
    for extra in sorted(set(data) - {"numbers", "special", "players"}):
        probs.add("-", extra, "unknown table (numbers, special, players)")
    cards = _numbers(data.get("numbers"), probs)
    specials = data.get("special")
    if not isinstance(specials, list) or not specials:
        probs.add("-", "special", "expected one or more [[special]] tables")
        specials = []
    seen = {c.id for c in cards}
    for i, raw in enumerate(specials):
        card = _special(i, raw, probs)
        if card is None:
            continue
        if card.id in seen:
            probs.add(card.id, "id", "defined twice")
            continue
        seen.add(card.id)
        cards.append(card)
    setups = _setups(data.get("players"), seen, probs)
    if not probs.items:
        deck = Deck(tuple(cards), setups)
        for ident, field, problem in deck.problems():
            probs.add(ident, field, problem)
    if probs.items:
        raise ContentError(probs.items)
    return deck


@cache
def shipped_deck() -> Deck:
    """The shipped deck, loaded once."""
    return load_deck()
