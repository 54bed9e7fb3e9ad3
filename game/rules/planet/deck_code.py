"""Deck codes: a Battle Planet kit (three Bakugan, six BakuCores, the deck) as one short
line of letters and digits that survives a chat window, and back.

A code reads ``BP`` (the game), a format version (one symbol: ``1``), then the kit in
Crockford's base 32 (digits and capitals without I, L, O, U; a reader takes small
letters, and O, I, L for 0, 1, 1). A full deck is about 60 characters. The bits:

- a fingerprint of the catalog's ids (16 bits): the cards the code counts by place;
- a checksum (CRC-32) over the version, the fingerprint and the kit's ids as text;
- the Characters and the BakuCores, each a count and the places of their ids among
  the catalog's, sorted;
- the deck: how many different cards, then for each (in the order of their ids) the
  step from the one before and the copies, as Elias gamma numbers.

`decode` gives the kit whole or raises `DeckCodeError` with the reason: ``foreign``
(not a deck code of this game), ``newer`` (a format this version cannot read),
``other_cards`` (a catalog with other ids: another version of the game), ``damaged``
(a symbol that is no symbol, a count past what a kit could hold, a checksum that does
not add up). What the kit then breaks of the rules is `kit.kit_problems`' to say: the
code carries a 39-card deck or four copies as well, and `read` refuses it
(``illegal``) with the rules core's own problems, the very ones the deck builder shows.
The reader's work is capped by the length of what it is given (`MAX_TEXT`).
"""

from __future__ import annotations

import hashlib
import zlib
from collections import Counter
from collections.abc import Sequence

from game.rules.api import GameError

from .defs import Catalog, Kit
from .kit import KitProblem, kit_problems

PREFIX = "BP"
VERSION = 1
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base 32
_VALUE = {c: i for i, c in enumerate(ALPHABET)} | {"O": 0, "I": 1, "L": 1}
MAX_TEXT = 400  # characters (spaces and line breaks aside) a reader looks at; a code is ~60
MAX_CARDS = 160  # cards a code may carry: four decks (the rules want 40)
_FINGERPRINT_BITS = 16
_CHECKSUM_BITS = 32
_TEAM_BITS = 3  # up to 7 Characters (a kit has 3)
_CORE_BITS = 4  # up to 15 BakuCores (a kit has 6)
_DISTINCT_BITS = 8
_GAMMA_LONGEST = 12  # a gamma number of more than 12 bits is past any catalog or deck


class DeckCodeError(GameError, ValueError):
    """A text that gives no kit: `reason` is ``foreign``, ``newer`` (`version`: the
    code's), ``other_cards``, ``damaged``, ``illegal`` (`problems`: the rules core's), or
    from `encode` ``unencodable``; `detail` says what, in English."""

    def __init__(
        self,
        reason: str,
        detail: str,
        version: int | None = None,
        problems: Sequence[KitProblem] = (),
    ) -> None:
        super().__init__(f"deck code: {reason}: {detail}")
        self.reason = reason
        self.detail = detail
        self.version = version
        self.problems = tuple(problems)


# ------------------------------------------------------------------ the catalog's places


_PLACES: dict[int, tuple[Catalog, tuple[list[str], list[str], list[str]], int]] = {}


def _places(catalog: Catalog) -> tuple[list[str], list[str], list[str]]:
    """The catalog's Characters, BakuCores and cards, each sorted by id (kept per
    catalog: definitions are frozen)."""
    return _kept(catalog)[1]


def _kept(catalog: Catalog) -> tuple[Catalog, tuple[list[str], list[str], list[str]], int]:
    kept = _PLACES.get(id(catalog))
    if kept is None or kept[0] is not catalog:
        places = (sorted(catalog.characters), sorted(catalog.cores), sorted(catalog.cards))
        text = "\n".join("|".join(ids) for ids in places)
        fp = int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:2], "big")
        if len(_PLACES) > 8:
            _PLACES.clear()
        kept = _PLACES[id(catalog)] = (catalog, places, fp)
    return kept


def _width(n: int) -> int:
    """Bits for a place among `n` ids."""
    return max(1, (n - 1).bit_length())


def fingerprint(catalog: Catalog) -> int:
    """16 bits of the catalog's ids (only the ids: a card's text or cost may change,
    its place may not)."""
    return _kept(catalog)[2]


def _checksum(fp: int, characters: Sequence[str], cores: Sequence[str], deck: Counter[str]) -> int:
    cards = ",".join(f"{card}*{n}" for card, n in sorted(deck.items()))
    text = f"{VERSION}|{fp}|{','.join(characters)}|{','.join(cores)}|{cards}"
    return zlib.crc32(text.encode("utf-8"))


# ------------------------------------------------------------------ bits


class _Bits:
    """Bits written most significant first, kept in one whole number."""

    def __init__(self) -> None:
        self.value = 0
        self.length = 0

    def fixed(self, value: int, width: int) -> None:
        self.value = self.value << width | value
        self.length += width

    def gamma(self, value: int) -> None:
        """Elias gamma, for a whole number of at least 1: its width less one in zeros,
        then the number."""
        self.fixed(value, 2 * value.bit_length() - 1)

    def text(self) -> str:
        pad = -self.length % 5
        value, n = self.value << pad, (self.length + pad) // 5
        return "".join(ALPHABET[(value >> (5 * (n - 1 - i))) & 31] for i in range(n))


class _Reader:
    def __init__(self, symbols: Sequence[int]) -> None:
        self.value = 0
        for v in symbols:
            self.value = self.value << 5 | v
        self.left = 5 * len(symbols)

    def fixed(self, width: int) -> int:
        if width > self.left:
            raise DeckCodeError("damaged", "it ends too soon")
        self.left -= width
        return (self.value >> self.left) & ((1 << width) - 1)

    def gamma(self) -> int:
        rest = self.value & ((1 << self.left) - 1)
        zeros = self.left - rest.bit_length()
        if rest == 0 or zeros >= _GAMMA_LONGEST:
            raise DeckCodeError("damaged", "a number too long" if rest else "it ends too soon")
        return self.fixed(2 * zeros + 1)

    def rest_is_padding(self) -> bool:
        return self.left < 5 and self.value & ((1 << self.left) - 1) == 0


# ------------------------------------------------------------------ writing


def encode(kit: Kit, catalog: Catalog) -> str:
    """The code of `kit` (its ids must be the catalog's). Raises `DeckCodeError`
    ("unencodable") for an id the catalog lacks or a kit past the code's counts."""
    chars, cores, cards = _places(catalog)
    deck = Counter(kit.deck)
    for field, ids, known in (
        ("characters", kit.characters, chars),
        ("cores", kit.cores, cores),
        ("deck", list(deck), cards),
    ):
        unknown = sorted(set(ids) - set(known))
        if unknown:
            raise DeckCodeError("unencodable", f"{field}: unknown id {unknown[0]!r}")
    if (
        len(kit.characters) >= 1 << _TEAM_BITS
        or len(kit.cores) >= 1 << _CORE_BITS
        or len(kit.deck) > MAX_CARDS
    ):
        raise DeckCodeError("unencodable", "more pieces than a kit could hold")
    fp = fingerprint(catalog)
    out = _Bits()
    out.fixed(fp, _FINGERPRINT_BITS)
    out.fixed(_checksum(fp, kit.characters, kit.cores, deck), _CHECKSUM_BITS)
    for ids, known, count_bits in (
        (kit.characters, chars, _TEAM_BITS),
        (kit.cores, cores, _CORE_BITS),
    ):
        out.fixed(len(ids), count_bits)
        width = _width(len(known))
        for ident in ids:
            out.fixed(known.index(ident), width)  # (3 or 6 lookups)
    place = {card: i for i, card in enumerate(cards)}  # (a dict: 40 lookups)
    out.fixed(len(deck), _DISTINCT_BITS)
    before = -1
    for card in sorted(deck, key=place.__getitem__):
        out.gamma(place[card] - before)
        out.gamma(deck[card])
        before = place[card]
    return f"{PREFIX}{ALPHABET[VERSION]}{out.text()}"


# ------------------------------------------------------------------ reading


def _symbols(text: str) -> tuple[int, list[int]]:
    """The version and the payload's symbols of a code's text (spaces and line breaks
    a chat put in are dropped; small letters read as capitals)."""
    if len(text) > 8 * MAX_TEXT:
        raise DeckCodeError("foreign", "far longer than a deck code")
    cleaned = "".join(text.split()).upper()
    if not cleaned.startswith(PREFIX):
        raise DeckCodeError("foreign", f"it does not start with {PREFIX}")
    if len(cleaned) > MAX_TEXT:
        raise DeckCodeError("damaged", f"longer than {MAX_TEXT} characters")
    body = cleaned[len(PREFIX) :]
    if not body:
        raise DeckCodeError("damaged", "it ends too soon")
    version = _VALUE.get(body[0])
    if version is None:
        raise DeckCodeError("damaged", "no format version")
    if version > VERSION:
        raise DeckCodeError("newer", f"format {version}, this game reads {VERSION}", version)
    if version != VERSION:
        raise DeckCodeError("damaged", f"format {version}, which no version wrote")
    symbols = [_VALUE.get(c, -1) for c in body[1:]]
    if -1 in symbols:
        bad = body[1:][symbols.index(-1)]
        raise DeckCodeError("damaged", f"{bad!r} is not a letter of a deck code")
    return version, symbols


def decode(text: str, catalog: Catalog) -> Kit:
    """The kit of a code, whole, or `DeckCodeError` with the reason (the kit is not
    checked against the rules here: `kit.kit_problems`)."""
    _, symbols = _symbols(text)
    reader = _Reader(symbols)
    chars, cores, cards = _places(catalog)
    fp = reader.fixed(_FINGERPRINT_BITS)
    if fp != fingerprint(catalog):
        raise DeckCodeError("other_cards", "made with a catalog of other cards")
    checksum = reader.fixed(_CHECKSUM_BITS)
    parts: list[tuple[str, ...]] = []
    for known, count_bits, field in (
        (chars, _TEAM_BITS, "characters"),
        (cores, _CORE_BITS, "cores"),
    ):
        ids = []
        width = _width(len(known))
        for _ in range(reader.fixed(count_bits)):
            place = reader.fixed(width)
            if place >= len(known):
                raise DeckCodeError("damaged", f"{field}: no such place {place}")
            ids.append(known[place])
        parts.append(tuple(ids))
    deck: Counter[str] = Counter()
    listed: list[str] = []
    place = -1
    for _ in range(reader.fixed(_DISTINCT_BITS)):
        place += reader.gamma()
        copies = reader.gamma()
        if place >= len(cards):
            raise DeckCodeError("damaged", f"deck: no such place {place}")
        if len(listed) + copies > MAX_CARDS:
            raise DeckCodeError("damaged", f"deck: more than {MAX_CARDS} cards")
        deck[cards[place]] = copies
        listed += [cards[place]] * copies
    if not reader.rest_is_padding():
        raise DeckCodeError("damaged", "more than a kit at its end")
    if checksum != _checksum(fp, parts[0], parts[1], deck):
        raise DeckCodeError("damaged", "the checksum does not add up")
    return Kit(parts[0], parts[1], tuple(listed))


def read(text: str, catalog: Catalog) -> Kit:
    """The kit of a code that the rules let a player bring, whole; else `DeckCodeError`
    (``illegal`` with `kit_problems`' problems, or the code's own reason)."""
    kit = decode(text, catalog)
    problems = kit_problems(kit, catalog)
    if problems:
        raise DeckCodeError("illegal", "; ".join(map(str, problems)), problems=problems)
    return kit
