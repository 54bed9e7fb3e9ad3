from __future__ import annotations

import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# Settings, saves and progress go to a throwaway home, never the developer's own.
os.environ["BAKUGAN_HOME"] = tempfile.mkdtemp(prefix="bakugan-test-home-")

# The first-match hints wait for a click; tests that want them turn them on themselves.
from game.persist.settings import UserSettings, save_settings

save_settings(UserSettings(language="en", tutorial=False))
