"""Does memory level off in a long `bakugan demo`? Resident memory at checkpoints.

`python benchmarks/memory.py [--frames 20000] [--every 2500] [--seed 7] [--json]`

Runs the on-screen demo (computer against computer, match after match) headless, one
fixed 1/60 s step per frame as a real 60 fps demo takes, and reads the process's
resident memory (RSS, Linux ``/proc/self/statm``) after a garbage collection at every
checkpoint, and again after glibc's ``malloc_trim`` (the free pages of the C heap given
back: what is held, without the high-water mark of the busiest moment so far). Prints
one JSON line: both RSS figures in MB per checkpoint, the ratios of the last checkpoint
to the middle one (issue 13's target: RSS after 20,000 frames within 10% of RSS after
10,000), how many per-frame times `App.frame_ms` holds (bounded by
`game.ui.app.FRAME_WINDOW`), and how full the drawing caches are (each is bounded; they
fill during the first matches and then stay).

Run with SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy for a machine without a screen.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import resource
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def rss_mb() -> float:
    """The current resident memory in MB (the peak where /proc is missing)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 1e6
    except OSError:
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak / 1e6 if sys.platform == "darwin" else peak / 1e3


def trim() -> bool:
    """Give the C heap's free pages back to the system (glibc's malloc_trim), so that
    RSS shows what is held rather than what was once needed; False where unavailable."""
    try:
        import ctypes

        return bool(ctypes.CDLL("libc.so.6").malloc_trim(0) >= 0)
    except (OSError, AttributeError):
        return False


def cache_fill() -> dict[str, str]:
    """currsize/maxsize of every drawing cache that holds something: every module of
    `game.ui` the demo imported, one by one (the art package's too)."""
    prefix = "game.ui."
    out: dict[str, str] = {}
    for module_name, module in sorted(sys.modules.items()):
        if not module_name.startswith(prefix) or module is None:
            continue
        for name, fn in sorted(vars(module).items()):
            info = getattr(fn, "cache_info", None)
            if info is not None and getattr(fn, "__module__", "") == module_name:
                ci = info()
                if ci.currsize:
                    out[f"{module_name.removeprefix(prefix)}.{name}"] = (
                        f"{ci.currsize}/{ci.maxsize}"
                    )
    return out


def _ratio(marks: dict[str, float], last: str, middle: str) -> float | None:
    if last in marks and middle in marks:
        return round(marks[last] / marks[middle], 3)
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--frames", type=int, default=20_000)
    parser.add_argument("--every", type=int, default=2_500)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import tempfile

    os.environ.setdefault("BAKUGAN_HOME", tempfile.mkdtemp(prefix="bakugan-memory-"))

    from game.ui.app import App
    from game.ui.classic.demo import DemoScene

    app = App("en", fast=True)
    marks: dict[str, float] = {}
    trimmed: dict[str, float] = {}
    held: dict[str, int] = {}
    fill: dict[str, str] = {}
    start = time.perf_counter()

    def each(a: App) -> None:
        if a.frames and a.frames % args.every == 0 and str(a.frames) not in marks:
            gc.collect()
            key = str(a.frames)
            marks[key] = round(rss_mb(), 1)
            if trim():
                trimmed[key] = round(rss_mb(), 1)
            held[key] = len(a.frame_ms)
            if not args.json:
                extra = f", {trimmed[key]:6.1f} MB trimmed" if key in trimmed else ""
                print(f"{a.frames:>7} frames: RSS {marks[key]:6.1f} MB{extra}", flush=True)
            if a.frames >= args.frames:
                fill.update(cache_fill())

    app.run(DemoScene(app, args.seed), max_frames=args.frames + 1, each_frame=each)
    last = str(args.frames)
    middle = str((args.frames // 2) // args.every * args.every)
    out: dict[str, Any] = {
        "benchmark": "memory",
        "frames": args.frames,
        "rss_mb": marks,
        "rss_trimmed_mb": trimmed,
        "ratio_last_to_middle": _ratio(marks, last, middle),
        "ratio_trimmed_last_to_middle": _ratio(trimmed, last, middle),
        "frame_ms_held": held,
        "caches": fill,
        "seconds": round(time.perf_counter() - start, 1),
        "python": platform.python_version(),
    }
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
