"""Where the game's data lives: in a packaged app, a checkout, or an install.

- A packaged app (`tools/build_app.py`, PyInstaller's one folder): the bundle's data
  folder (``sys._MEIPASS``, the ``_internal`` folder beside the executable), else the
  executable's own folder (freezers that put the data beside it).
- A checkout (or an editable install): `assets/` and `levels/` beside the `game`
  package.
- A regular install: ``<prefix>/share/bakugan-table/``.

The first of these that holds ``assets/data`` is the one; asked at every call, so a
test may stand in for a frozen app.
"""

from __future__ import annotations

import sys
from pathlib import Path

_CHECKOUT = Path(__file__).resolve().parents[2]
_INSTALLED = Path(sys.prefix) / "share" / "bakugan-table"


def frozen() -> bool:
    """True in a packaged app (PyInstaller and the like set ``sys.frozen``)."""
    return bool(getattr(sys, "frozen", False))


def _roots() -> list[Path]:
    roots: list[Path] = []
    if frozen():
        bundle = getattr(sys, "_MEIPASS", None)
        if isinstance(bundle, str) and bundle:
            roots.append(Path(bundle))
        roots.append(Path(sys.executable).resolve().parent)
    return [*roots, _CHECKOUT, _INSTALLED]


def _root() -> Path:
    roots = _roots()
    for root in roots:
        if (root / "assets" / "data").is_dir():
            return root
    places = ", ".join(str(r) for r in roots)
    raise FileNotFoundError(f"the game's data folder assets/ is in none of: {places}")


def assets_dir() -> Path:
    return _root() / "assets"


def levels_dir() -> Path:
    return _root() / "levels"


def game_data_dir(game: str) -> Path:
    """The data a game ships (cards, decks, AI levels): ``assets/data/<game>``. Not the
    player's own files: those are `game.persist.paths.data_dir`."""
    return assets_dir() / "data" / game
