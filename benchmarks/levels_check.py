"""How `bakugan levels --check` scales with the pieces of a level.

`python benchmarks/levels_check.py [--json] [--posts 500,1000,2000,4000] [--moving]`

Writes, for each count, a level file with that many posts (radius 8 mm, on a 40 mm grid
of a 3000 x 3000 table, a card in one corner, the throw zone in the other) and times
`game.content.levels.load_level` on it: reading, the field checks and the whole-level
geometry checks, what `bakugan levels --check` runs per file. Prints one JSON line:
seconds per count and the ratio of each time to the one before (2.0 per doubling is
linear, 4.0 quadratic). `--moving` makes every tenth post move (checked along its path).
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import itertools  # noqa: E402

from game.content.levels import LevelError, load_level  # noqa: E402

SIZE = 3000
SPACING = 40


def level_text(posts: int, moving: bool = False) -> str:
    """A valid level with `posts` posts (the grid must hold them: at most about 5,000)."""
    lines = [
        "format = 1",
        'name = { en = "Posts", ru = "Столбики" }',
        'hint = { en = "Many posts.", ru = "Много столбиков." }',
        "[table]",
        f"width = {SIZE}",
        f"height = {SIZE}",
        "[throw]",
        "zone = [2600, 20, 2980, 300]",
        'spheres = ["pyrus"]',
        "[limits]",
        "throws = 3",
        "[goal]",
        "stars = [100, 200, 300]",
        "[[cards]]",
        'id = "goal"',
        "x = 100",
        "y = 2900",
        "[[targets]]",
        'kind = "land"',
        'card = "goal"',
    ]
    n = 0
    y = 400.0
    while n < posts and y < SIZE - 40:
        x = 40.0
        while n < posts and x < SIZE - 40:
            if not (x < 300 and y > 2700):  # leave the card alone
                lines += ["[[obstacles]]", 'kind = "post"', "radius = 8"]
                if moving and n % 10 == 0:  # a moving post gives its path, not x and y
                    lines += [f"path = [[{x:g}, {y:g}], [{x + 10:g}, {y:g}]]", "speed = 5"]
                else:
                    lines += [f"x = {x:g}", f"y = {y:g}"]
                n += 1
            x += SPACING
        y += SPACING
    if n < posts:
        raise ValueError(f"the grid holds {n} posts, not {posts}")
    return "\n".join(lines) + "\n"


def time_check(posts: int, moving: bool, folder: Path) -> tuple[float, str]:
    path = folder / f"posts_{posts}.toml"
    path.write_text(level_text(posts, moving), encoding="utf-8")
    start = time.perf_counter()
    try:
        load_level(path)
        verdict = "ok"
    except LevelError as e:
        verdict = "; ".join(e.lines()[:2])
    return time.perf_counter() - start, verdict


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--posts", default="500,1000,2000,4000")
    parser.add_argument("--moving", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    counts = [int(c) for c in args.posts.split(",")]
    seconds: dict[str, float] = {}
    verdicts: dict[str, str] = {}
    with tempfile.TemporaryDirectory(prefix="bakugan-levels-bench-") as tmp:
        for n in counts:
            t, verdict = time_check(n, args.moving, Path(tmp))
            seconds[str(n)] = round(t, 3)
            verdicts[str(n)] = verdict
            if not args.json:
                print(f"{n:>6} posts: {t:8.3f} s  {verdict}", flush=True)
    ratios = {
        f"{b}/{a}": round(seconds[str(b)] / max(seconds[str(a)], 1e-9), 2)
        for a, b in itertools.pairwise(counts)
    }
    out = {
        "benchmark": "levels_check",
        "moving": args.moving,
        "seconds": seconds,
        "ratios": ratios,
        "verdicts": verdicts,
        "python": platform.python_version(),
    }
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
