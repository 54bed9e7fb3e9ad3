"""The player's Battle Planet decks against the cards the game has: `list_decks()`
(name, file, legal or the rules core's reasons) for the setup and the deck builder.

The files are `game.persist.decks`'s (which sees no cards); this module ties them to
the rules core and the shipped catalog: a deck naming a card, Character or BakuCore the
catalog does not have is damaged (set aside, told once), and every other problem is
the rules core's `kit_problems`, one source of truth for the deck builder too.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.content.planet import shipped_catalog
from game.persist import decks
from game.persist.decks import Check, Deck
from game.rules.planet.defs import Catalog, Kit
from game.rules.planet.kit import KitProblem, kit_problems

UNKNOWN = ("unknown_character", "unknown_core", "unknown_card")


def kit_of(deck: Deck) -> Kit:
    """The kit a deck brings to a match."""
    return Kit(deck.characters, deck.cores, deck.cards)


def unknown_ids(catalog: Catalog) -> Check:
    """A deck file's check: the cards, Characters and BakuCores it names that `catalog`
    does not have (as the rules core finds them), ``field: unknown id 'x'`` each."""

    def check(deck: Deck) -> list[str]:
        return [
            f"{p.field}: unknown id {p.card!r}"[:120]
            for p in kit_problems(kit_of(deck), catalog)
            if p.code in UNKNOWN
        ]

    return check


@dataclass(frozen=True, slots=True)
class DeckEntry:
    """One listed deck: its name, its file, and why it is not yet legal (empty: it is)."""

    name: str
    file: Path
    problems: tuple[KitProblem, ...]
    deck: Deck

    @property
    def valid(self) -> bool:
        return not self.problems

    @property
    def kit(self) -> Kit:
        return kit_of(self.deck)

    @property
    def reasons(self) -> list[str]:
        """The problems as English lines (the rules core's `check_kit` words)."""
        return [str(p) for p in self.problems]


@dataclass(frozen=True, slots=True)
class DeckScan:
    """What the decks folder held: the decks, and the damaged files set aside."""

    entries: tuple[DeckEntry, ...]
    damaged: tuple[decks.DeckError, ...]


def scan_decks(catalog: Catalog | None = None, folder: Path | None = None) -> DeckScan:
    """Every deck in the folder, sorted by name, and the damaged files found now (set
    aside; also kept for `decks.untold_damage`). Never raises."""
    cat = catalog if catalog is not None else shipped_catalog()
    found, damaged = decks.scan(folder, unknown_ids(cat))
    entries = [
        DeckEntry(deck.name, path, tuple(kit_problems(kit_of(deck), cat)), deck)
        for path, deck in found
    ]
    entries.sort(key=lambda e: (e.name.casefold(), e.file.name))
    return DeckScan(tuple(entries), tuple(damaged))


def list_decks(catalog: Catalog | None = None, folder: Path | None = None) -> list[DeckEntry]:
    """The player's decks (name, file, legal or the reasons), sorted by name; damaged
    files are set aside and kept for `decks.untold_damage` (a screen tells them)."""
    return list(scan_decks(catalog, folder).entries)


def load_deck(path: Path, catalog: Catalog | None = None) -> Deck:
    """The deck of `path`, checked against `catalog`; raises `decks.DeckError` (a damaged
    file is set aside first)."""
    return decks.read_deck(path, unknown_ids(catalog if catalog is not None else shipped_catalog()))


def rename_deck(path: Path, new_name: str, catalog: Catalog | None = None) -> Path:
    cat = catalog if catalog is not None else shipped_catalog()
    return decks.rename_deck(path, new_name, unknown_ids(cat))


def copy_deck(path: Path, catalog: Catalog | None = None) -> Path:
    cat = catalog if catalog is not None else shipped_catalog()
    return decks.copy_deck(path, unknown_ids(cat))
