"""The player's own Battle Planet decks: one TOML file per deck in the user data folder
(``<data>/planet_decks/``), written atomically, read back whole or set aside.

A deck file::

    format = "bakugan-planet-deck"
    version = 1
    name = "Fire and Shadow, mine"
    characters = ["pyrus_dragonoid", "pyrus_trox", "darkus_fangzor"]
    cores = ["flaming_fist_0_5", ...]          # six BakuCores

    [cards]
    pyrus_strike = 3                           # card id = copies
    ...

Two kinds of trouble, kept apart:

- A deck that breaks the rules of what a player brings (39 cards, four copies, a card
  of another faction) is the player's work in progress: it reads, is listed (by
  `game.games.planet.decks`, with the rules core's reasons) and opens to be finished.
- A file that is *damaged* (not text, not TOML, not a deck file, fields of the wrong
  kind) or names cards, Characters or BakuCores the game does not have is reported
  (``file: field: problem``) and set aside whole under a unique name beside it
  (``<stem>.damaged-<time>.toml``), never lost and never read again.

The files alone are this module's (the persist layer sees no cards): what names an
unknown card is the caller's word, a `check` handed in that returns ``field: problem``
lines; `game.games.planet.decks` hands the rules core's and lists the decks with their
reasons. Nothing here raises on a bad file: `scan` reports, `read_deck` raises only
`DeckError`.
"""

from __future__ import annotations

import json
import logging
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from game.files import atomic, decode
from game.persist import paths
from game.rules.api import GameError

log = logging.getLogger(__name__)

FORMAT = "bakugan-planet-deck"
VERSION = 1
FOLDER = "planet_decks"
SUFFIX = ".toml"
MAX_FILE_BYTES = 256 * 1024  # a deck file is under 2 KB
MAX_NAME = 24  # letters: the widest (Ш) still fit the builder's name line
MAX_ENTRIES = 200  # different cards in one file: the data has fewer than 150
MAX_COPIES_IN_FILE = 40  # copies of one card a file may name (a deck has 40 cards)
_FIELDS = {"format", "version", "name", "characters", "cores", "cards"}


class DeckError(GameError):
    """A deck file that cannot be used, or a deck operation refused.

    `problems` are ``file: field: problem`` lines (English, for the log); `code` names
    the player's message (``damaged``, ``name_empty``, ``name_long``, ``name_taken``,
    ``missing``, ``not_saved``); `moved_to` is where a damaged file was set aside."""

    def __init__(self, code: str, problems: list[str], moved_to: Path | None = None) -> None:
        super().__init__("; ".join(problems))
        self.code = code
        self.problems = problems
        self.moved_to = moved_to

    def text(self, lang: str) -> str:
        """The player's message in `lang`."""
        from game.files.lang import tr

        first = (self.problems[0] if self.problems else "")[:120]  # (the log has it whole)
        if self.code == "damaged":
            kept = self.moved_to.name if self.moved_to is not None else ""
            if len(kept) > 60:  # (a long file name, shown whole it would not fit a line)
                kept = kept[:28] + "…" + kept[-28:]
            key = "decks.damaged" if self.moved_to is not None else "decks.damaged_kept"
            return tr(lang, key, problem=first, file=kept)
        return tr(lang, f"decks.{self.code}", problem=first, n=MAX_NAME)


@dataclass(frozen=True, slots=True)
class Deck:
    """A deck as the player keeps it: a name, three Characters, six BakuCores and the
    cards (one id per copy, in the player's order)."""

    name: str
    characters: tuple[str, ...] = ()
    cores: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()


Check = Callable[[Deck], list[str]]
"""What a caller finds wrong with a deck that read well (``field: problem`` lines:
unknown cards ...); a deck with any is damaged."""


# ---------------------------------------------------------------- the folder


def decks_dir() -> Path:
    """The folder of the player's decks (it may not exist yet)."""
    return paths.data_dir() / FOLDER


def deck_files(folder: Path) -> list[Path]:
    """The deck files of `folder` (not the set-aside ones, not temporary files)."""
    try:
        found = sorted(folder.glob(f"*{SUFFIX}"))
    except OSError:
        return []
    return [p for p in found if not p.name.startswith(".") and ".damaged-" not in p.name]


_UNTOLD: list[DeckError] = []


def untold_damage() -> list[DeckError]:
    """The damaged deck files set aside since the last call (by any listing, a save's
    name check included), for a screen to tell the player; each is told once."""
    out = list(_UNTOLD)
    _UNTOLD.clear()
    return out


def scan(
    folder: Path | None = None, check: Check | None = None
) -> tuple[list[tuple[Path, Deck]], list[DeckError]]:
    """Every deck of the folder that reads (and passes `check`), by file name, and the
    damaged files found, set aside (and kept for `untold_damage`). Never raises."""
    try:
        where = folder if folder is not None else decks_dir()
    except Exception as e:  # no home folder at all: no decks
        log.warning("no data folder for decks: %s", e)
        return [], []
    found: list[tuple[Path, Deck]] = []
    damaged: list[DeckError] = []
    for path in deck_files(where):
        try:
            found.append((path, read_deck(path, check)))
        except DeckError as e:
            if e.code == "damaged":
                damaged.append(e)
                _UNTOLD.append(e)
    return found, damaged


# ---------------------------------------------------------------- reading


def parse_deck(raw: bytes, file: str, check: Check | None = None) -> Deck:
    """The deck in a file's bytes; raises `DeckError` ("damaged") with every problem as
    ``file: field: problem`` (those of `check` too). A deck that only breaks the rules
    of a kit is returned: that is for the rules to say."""
    try:
        data = decode.toml(raw)
    except decode.Undecodable as e:
        raise DeckError("damaged", [f"{file}: -: {e.detail}"]) from None
    problems: list[str] = []

    def bad(field: str, why: str) -> None:
        problems.append(f"{file}: {field}: {why}")

    fmt = data.get("format")
    if fmt != FORMAT or isinstance(fmt, bool):
        raise DeckError("damaged", [f"{file}: format: not a deck file of this game"])
    version = data.get("version")
    if version != VERSION or isinstance(version, bool):
        raise DeckError(
            "damaged", [f"{file}: version: {repr(version)[:20]}, this game reads {VERSION}"]
        )
    for extra in sorted(set(data) - _FIELDS):
        bad(extra[:40], "not a field of a deck file")
    name = data.get("name")
    why = name_problem(name) if isinstance(name, str) else "missing or not text"
    if why:
        bad("name", why)
    lists: dict[str, tuple[str, ...]] = {}
    for field in ("characters", "cores"):
        value = data.get(field)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            bad(field, "must be a list of ids")
        elif len(value) > MAX_ENTRIES:
            bad(field, f"more than {MAX_ENTRIES} ids")
        else:
            lists[field] = tuple(value)
    cards = data.get("cards", {})
    deck: list[str] = []
    if not isinstance(cards, dict):
        bad("cards", "must be a table of card id = copies")
    elif len(cards) > MAX_ENTRIES:
        bad("cards", f"more than {MAX_ENTRIES} different cards")
    else:
        for card, n in cards.items():
            whole = isinstance(n, int) and not isinstance(n, bool)
            if not whole or not 1 <= n <= MAX_COPIES_IN_FILE:
                why = f"copies must be a whole number 1 to {MAX_COPIES_IN_FILE}"
                bad(f"cards.{card[:40]}", why)
            else:
                deck += [card] * n
    if problems:
        raise DeckError("damaged", problems)
    result = Deck(str(name).strip(), lists["characters"], lists["cores"], tuple(deck))
    problems += [f"{file}: {line}" for line in (check(result) if check is not None else [])]
    if problems:
        raise DeckError("damaged", problems)
    return result


def read_deck(path: Path, check: Check | None = None) -> Deck:
    """The deck in `path`. A damaged file (or one `check` finds wrong) is set aside and
    raises `DeckError` ("damaged", `moved_to` where it went); a missing one raises
    ("missing")."""
    try:
        raw = decode.read_bytes(path, MAX_FILE_BYTES)
    except decode.Undecodable as e:
        if e.code == "missing":
            raise DeckError("missing", [f"{path.name}: -: {e.detail}"]) from None
        if e.code == "unreadable":  # (a file we cannot read we cannot move either)
            raise DeckError("damaged", [f"{path.name}: -: {e.detail}"]) from None
        error = DeckError("damaged", [f"{path.name}: -: {e.detail}"])
    else:
        try:
            return parse_deck(raw, path.name, check)
        except DeckError as e:
            error = e
        except Exception as e:  # never: parse_deck raises only DeckError; but never raise
            log.exception("unexpected error reading %s", path)
            error = DeckError("damaged", [f"{path.name}: -: {type(e).__name__}"])
    error.moved_to = atomic.set_aside(path)
    log.warning("damaged deck: %s (set aside as %s)", error, error.moved_to)
    raise error


# ---------------------------------------------------------------- writing


def name_problem(name: str) -> str | None:
    """Why `name` cannot name a deck (None: it can)."""
    shown = name.strip()
    if not shown:
        return "empty"
    if len(shown) > MAX_NAME:
        return f"longer than {MAX_NAME} characters"
    if any(unicodedata.category(c).startswith("C") for c in shown):
        return "has control characters"
    return None


def _check_name(name: str, taken: Iterable[str] = ()) -> str:
    why = name_problem(name)
    shown = name.strip()
    if why is not None:
        code = "name_long" if len(shown) > MAX_NAME else "name_empty"
        raise DeckError(code, [f"name: {why}"])
    if shown.casefold() in {t.casefold() for t in taken}:
        raise DeckError("name_taken", [f"name: a deck named {shown!r} exists"])
    return shown


def to_toml(deck: Deck) -> str:
    """A deck file's text."""

    def value(v: str) -> str:
        return json.dumps(v, ensure_ascii=False)  # a TOML basic string

    def listing(ids: tuple[str, ...]) -> str:
        return "[" + ", ".join(value(i) for i in ids) + "]"

    lines = [
        "# A Battle Planet deck of Bakugan Table. The game rewrites this file.",
        f"format = {value(FORMAT)}",
        f"version = {VERSION}",
        f"name = {value(deck.name)}",
        f"characters = {listing(deck.characters)}",
        f"cores = {listing(deck.cores)}",
        "",
        "[cards]",
    ]
    lines += [f"{value(card)} = {n}" for card, n in Counter(deck.cards).items()]
    return "\n".join(lines) + "\n"


def file_for(name: str, folder: Path, keep: Path | None = None) -> Path:
    """A file name of its own for a deck named `name` (`keep`: a file that may be
    reused, the deck's own)."""
    slug = "".join(c if c.isalnum() else "_" for c in name.strip().casefold())[:MAX_NAME]
    slug = slug.strip("_") or "deck"
    for n in range(1, 10_000):
        path = folder / f"{slug}{'' if n == 1 else f'-{n}'}{SUFFIX}"
        if path == keep or not path.exists():
            return path
    raise DeckError("not_saved", [f"{folder}: no free file name for {name!r}"])


def _names(folder: Path, but: Path | None = None) -> list[str]:
    return [deck.name for path, deck in scan(folder)[0] if path != but]


def save_deck(deck: Deck, path: Path | None = None, folder: Path | None = None) -> Path:
    """Write `deck` atomically: over its own file `path`, or a new file (its name must
    then be free). Returns the file. Raises `DeckError` (a bad or taken name,
    ``not_saved``); the previous file is then untouched."""
    where = folder if folder is not None else decks_dir()
    name = _check_name(deck.name, _names(where, path))
    target = path if path is not None else file_for(name, where)
    try:
        atomic.remove_stale_temps(target)
        atomic.write_atomic(target, to_toml(Deck(name, deck.characters, deck.cores, deck.cards)))
    except OSError as e:
        raise DeckError("not_saved", [f"{target.name}: -: cannot write ({e.strerror or e})"]) from e
    return target


def rename_deck(path: Path, new_name: str, check: Check | None = None) -> Path:
    """Give the deck of `path` a new name (and a file named for it); the new file."""
    deck = read_deck(path, check)
    name = _check_name(new_name, _names(path.parent, path))
    target = file_for(name, path.parent, keep=path)
    save_deck(Deck(name, deck.characters, deck.cores, deck.cards), target, path.parent)
    if target != path:
        delete_deck(path)
    return target


def copy_name(name: str, taken: Iterable[str]) -> str:
    """``<name> 2`` (3, 4 ...): the first that no deck has."""
    used = {t.casefold() for t in taken}
    for n in range(2, 10_000):
        tail = f" {n}"
        trial = name.strip()[: MAX_NAME - len(tail)] + tail
        if trial.casefold() not in used:
            return trial
    raise DeckError("name_taken", [f"name: no free name for a copy of {name!r}"])


def copy_deck(path: Path, check: Check | None = None) -> Path:
    """A copy of the deck of `path` under a new name; the copy's file."""
    deck = read_deck(path, check)
    name = copy_name(deck.name, _names(path.parent))
    return save_deck(Deck(name, deck.characters, deck.cores, deck.cards), None, path.parent)


def delete_deck(path: Path) -> None:
    """Delete a deck's file (the player asked for it). Raises `DeckError` (``not_saved``)
    when it cannot be deleted."""
    try:
        path.unlink(missing_ok=True)
    except OSError as e:
        raise DeckError("not_saved", [f"{path.name}: -: cannot delete ({e.strerror or e})"]) from e
