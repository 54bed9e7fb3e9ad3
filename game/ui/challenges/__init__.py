"""Throw challenges on screen: the level select, a level in play, and the author's view.

- `LevelSelectScene(app)` (`select`): every level file in `levels/` as a tile with its
  stars and best score; levels unlock in order (a star on one opens the next); a file
  with a mistake is listed with its problems and cannot be started.
- `ChallengeScene` (`play`, drawn by `play_view` on `board`): one level. Throw with the
  slingshot (`aim`, mouse) or the keys; R retries at once; after the last throw, the
  score, its parts and what the next star needs.
- `LevelScene(app, path)` (`author`): `bakugan level PATH` - one level file, reloaded
  whenever it changes on disk (its mistakes are shown until they are fixed). No
  progress is saved.

The scenes hold no rules: an `Attempt` (game.challenges) decides everything, and what
rolls on screen is the very simulation the attempt then applies.
"""

from __future__ import annotations

from .aim import Aim
from .author import LevelScene, open_level
from .board import card_image, felt
from .play import ChallengeScene
from .play_view import star_advice
from .select import LevelSelectScene

# The drawing caches under the names the screens' tests clear them by.
_felt = felt
_card_image = card_image

__all__ = [
    "Aim",
    "ChallengeScene",
    "LevelScene",
    "LevelSelectScene",
    "_card_image",
    "_felt",
    "open_level",
    "star_advice",
]
