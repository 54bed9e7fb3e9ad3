from __future__ import annotations

import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# Settings, saves and progress go to a throwaway home, never the developer's own.
os.environ["BAKUGAN_HOME"] = tempfile.mkdtemp(prefix="bakugan-test-home-")
