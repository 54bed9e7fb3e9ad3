"""Where the game's data lives, whether run from the checkout or installed.

From a checkout (or an editable install) `assets/` and `levels/` sit beside the `game`
package. A regular install puts them under ``<prefix>/share/bakugan-table/``.
"""

from __future__ import annotations

import sys
from pathlib import Path

_CHECKOUT = Path(__file__).resolve().parents[2]
_INSTALLED = Path(sys.prefix) / "share" / "bakugan-table"


def _root() -> Path:
    for root in (_CHECKOUT, _INSTALLED):
        if (root / "assets" / "data").is_dir():
            return root
    raise FileNotFoundError(
        f"the game's data folder assets/ is neither in {_CHECKOUT} nor in {_INSTALLED}"
    )


def assets_dir() -> Path:
    return _root() / "assets"


def levels_dir() -> Path:
    return _root() / "levels"


def game_data_dir(game: str) -> Path:
    """The data a game ships (cards, decks, AI levels): ``assets/data/<game>``. Not the
    player's own files: those are `game.persist.paths.data_dir`."""
    return assets_dir() / "data" / game
