"""The player's Battle Planet decks against the cards the game has: `list_decks()`
(name, file, legal or the rules core's reasons) for the setup and the deck builder;
deck codes to and from the player's decks (`export_code`, `import_code`: `bakugan deck`,
the deck builder's Copy code / Paste code; the code itself is `rules.planet.deck_code`).

The files are `game.persist.decks`'s (which sees no cards); this module ties them to
the rules core and the shipped catalog: a deck naming a card, Character or BakuCore the
catalog does not have is damaged (set aside, told once), and every other problem is
the rules core's `kit_problems`, one source of truth for the deck builder too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from game.content.planet import shipped_catalog
from game.files.lang import tr
from game.persist import decks
from game.persist.decks import Check, Deck
from game.rules.api import GameError
from game.rules.planet import deck_code
from game.rules.planet.deck_code import DeckCodeError
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


# ---------------------------------------------------------------- deck codes


class DeckRefused(GameError):
    """A deck command that cannot be done: `lines` say why (English, for the command
    line; the screens word the same refusals with `code_refusal`)."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__("\n".join(lines))
        self.lines = lines


REFUSALS = ("foreign", "newer", "other_cards", "damaged")
"""The reasons a code gives no deck that have their own line (`deckbuilder.code_*`)."""


def code_refusal(
    error: DeckCodeError, lang: str, word: Callable[[KitProblem], str] | None = None
) -> str:
    """Why a code gives no deck, in the player's language (`word`: how the screen
    words a rules problem; by default the rules core's English line)."""
    if error.reason == "illegal" and error.problems:
        first = error.problems[0]
        return tr(lang, "deckbuilder.code_illegal", why=word(first) if word else str(first))
    key = error.reason if error.reason in REFUSALS else "damaged"
    return tr(lang, f"deckbuilder.code_{key}", version=error.version or 0)


def deck_names(catalog: Catalog | None = None, folder: Path | None = None) -> list[str]:
    """The player's saved decks by name (legal or not), then the presets by id."""
    cat = catalog if catalog is not None else shipped_catalog()
    return [e.name for e in list_decks(cat, folder)] + sorted(cat.presets)


def find_kit(name: str, catalog: Catalog | None = None, folder: Path | None = None) -> Kit:
    """The kit of the saved deck named `name` (in any letter case), else of the preset
    with that id or name (in either language); `DeckRefused` when none is."""
    cat = catalog if catalog is not None else shipped_catalog()
    wanted = name.strip().casefold()
    for entry in list_decks(cat, folder):
        if entry.name.casefold() == wanted:
            return entry.kit
    for ident, preset in sorted(cat.presets.items()):
        if wanted in (ident.casefold(), preset.name.en.casefold(), preset.name.ru.casefold()):
            return preset.kit
    raise DeckRefused([f"no saved deck or preset is named {name[:40]!r} (bakugan deck list)"])


def export_code(name: str, catalog: Catalog | None = None, folder: Path | None = None) -> str:
    """The code of a saved deck or a preset (only a legal deck has one)."""
    cat = catalog if catalog is not None else shipped_catalog()
    kit = find_kit(name, cat, folder)
    problems = kit_problems(kit, cat)
    if problems:
        why = [f"{name[:40]!r} is not a legal deck yet, so it has no code:"]
        raise DeckRefused(why + [f"  {p}" for p in problems])
    return deck_code.encode(kit, cat)


def import_code(
    code: str,
    name: str | None = None,
    catalog: Catalog | None = None,
    folder: Path | None = None,
) -> Path:
    """Save the deck of `code` (checked whole by the rules core first) as a deck of the
    player's own, named `name` or "Pasted deck" (2, 3 ...); the new file. Nothing is
    written for a code that is refused, or a name that is bad or taken."""
    cat = catalog if catalog is not None else shipped_catalog()
    try:
        kit = deck_code.read(code, cat)
    except DeckCodeError as e:
        raise DeckRefused([code_refusal(e, "en"), *(f"  {p}" for p in e.problems[1:])]) from None
    if name is None:
        taken = [e.name for e in list_decks(cat, folder)]
        name = tr("en", "deckbuilder.pasted_name")
        if name.casefold() in {t.casefold() for t in taken}:
            name = decks.copy_name(name, taken)
    try:
        return decks.save_deck(Deck(name, kit.characters, kit.cores, kit.deck), folder=folder)
    except decks.DeckError as e:
        raise DeckRefused([e.text("en")]) from None
