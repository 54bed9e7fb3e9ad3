"""The old name of `game.files.lang` (the bottom layer, `game/files/`; docs/architecture.md),
kept for the modules that still import it: importing this gives that very module, so
what is patched or cached on one is on the other."""

import sys

from game.files.lang import *  # noqa: F403  (its names, for the type checker)

sys.modules[__name__] = sys.modules["game.files.lang"]
