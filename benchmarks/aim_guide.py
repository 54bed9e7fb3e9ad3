"""What the aim guide shows, and what a steady hand does with its whole path (issue
24, point 4): `python benchmarks/aim_guide.py [--json] [--throws N] [--seed S]`.

On the classic table of two players (the opening's two Gate Cards), the person at the
bottom seat with his sphere in the middle of his line, the camera on his throw in a
1280 x 720 window, through the real pull-to-power mapping (`game.physics.pull`,
the pointer in whole px as a mouse gives it) and the real physics:

- `pull`: for each card, the straight pull (px) whose throws open on it, and how many
  px of pull that is (its depth along the throw);
- `shown`: over the throws that open on a card, how much of the path each guide dots
  (the median share) and how often the dots reach where it stops: the old on/off aim
  assist (the first 0.7 s of the path), and the levels now (`start`, `whole`);
- `hits_whole`: a hand that aims by the whole path pulls to where the guide's end lies
  in the middle of the card (the middle of the pulls that open there, found through the
  physics as the bots aim), then misses that point by a normal error of sigma px in x
  and y (sigma 2, 4 and 8): the share of N throws that open on the card aimed at. That
  is what the guide's whole path gives a hand of that steadiness; without a guide the
  hand must also judge the pull itself, which no model here measures (the issue's own
  playtest: 4 of 5 with the guide, 0-2 of 5-7 without).

One JSON object with `--json`. The pull is the match's (`physics.pull.CLASSIC`, speed in
proportion to the pull, docs/throw.md).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout is the JSON

from game import physics  # noqa: E402
from game.content.classic import shipped_catalog  # noqa: E402
from game.persist.settings import UserSettings  # noqa: E402
from game.physics.pull import throw_of  # noqa: E402
from game.rules.classic import random_kit  # noqa: E402
from game.ui import aim_guide  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.classic import match_framing  # noqa: E402
from game.ui.classic.match import MatchScene  # noqa: E402

OLD_PREVIEW = 0.7
"""seconds of path the aim assist dotted before the guide had levels"""
SIGMAS = (2, 4, 8)
STEP = 0.25  # px between two pulls tried


def _scene(seed: int) -> MatchScene:
    app = App("en", fast=True, settings=UserSettings(language="en", tutorial=False))
    rng = random.Random(seed)
    cat = shipped_catalog()
    scene = MatchScene(app, [random_kit(cat, rng) for _ in range(2)], (True, False), 0, seed=seed)
    app.push(scene)
    for _ in range(2000):
        if scene.throw_input is not None and not scene.anims:
            break
        p = scene.session.actor()
        if p == 0 and not scene.anims and not scene.session.awaiting_throw():
            scene.do(scene.session.legal_actions()[0])
        scene.update(1 / 60)
    assert scene.throw_input is not None
    scene.camera.aim(match_framing.frame(scene), snap=True)
    return scene


def _throw(scene: MatchScene, pointer: tuple[float, float]) -> physics.Throw | None:
    ti = scene.throw_input
    assert ti is not None
    sx, sy = ti.sphere_px()
    pull = (pointer[0] - sx, pointer[1] - sy)  # logical px: the window is 1280 x 720
    return throw_of(ti.curve, ti.origin(), pull, aim=ti.angle)


def _opens_on(scene: MatchScene, throw: physics.Throw | None, slot: tuple[int, int]) -> bool:
    if throw is None:
        return False
    return physics.resolve_throw(scene.session.table(), throw, record=False).landing.card == slot


def measure(throws: int, seed: int) -> dict[str, Any]:
    scene = _scene(seed)
    ti = scene.throw_input
    assert ti is not None
    sx, sy = ti.sphere_px()
    table = scene.session.table()
    cards = sorted(scene.session.state.field, key=lambda s: scene.slot_centre(s)[1])
    pulls: dict[str, Any] = {}
    aims: dict[str, tuple[float, float]] = {}
    shown: dict[str, list[float]] = {"old": [], "start": [], "whole": []}
    stops: dict[str, int] = {"old": 0, "start": 0, "whole": 0}
    opened = 0
    for name, slot in zip(("near", "far"), (cards[0], cards[-1]), strict=True):
        cx, cy = scene.table_view.fpx(scene.slot_centre(slot))
        d = math.hypot(cx - sx, cy - sy)
        back = ((sx - cx) / d, (sy - cy) / d)  # a straight pull, away from the card
        hits = []
        k = 1
        while (length := k * STEP) < 400:
            pointer = (sx + back[0] * length, sy + back[1] * length)
            throw = _throw(scene, pointer)
            if _opens_on(scene, throw, slot):
                hits.append(length)
                assert throw is not None
                traj = physics.resolve_throw(table, throw).trajectory
                points = aim_guide.path_points(traj)
                total = aim_guide.length(points)
                stop = points[-1]
                old = [
                    p[:2]
                    for p in (traj.at(min(OLD_PREVIEW, traj.duration) * i / 24) for i in range(25))
                ]
                for level, dots in (
                    ("old", old),
                    *((lv, aim_guide.dots(points, lv)) for lv in ("start", "whole")),
                ):
                    shown[level].append(aim_guide.length(dots) / total if total else 1.0)
                    stops[level] += math.dist(dots[-1], stop) < 2.0
                opened += 1
            k += 1
        if not hits:
            pulls[name] = {"slot": list(slot), "opens": False}
            continue
        middle = (min(hits) + max(hits)) / 2
        pulls[name] = {
            "slot": list(slot),
            "from_px": round(min(hits), 2),
            "to_px": round(max(hits), 2),
            "depth_px": round(max(hits) - min(hits), 2),
        }
        aims[name] = (sx + back[0] * middle, sy + back[1] * middle)
    rng = random.Random(seed)
    hits_whole: dict[str, dict[str, float]] = {}
    for sigma in SIGMAS:
        row: dict[str, float] = {}
        for name, (ax, ay) in aims.items():
            slot = tuple(pulls[name]["slot"])
            ok = 0
            for _ in range(throws):
                pointer = (round(ax + rng.gauss(0, sigma)), round(ay + rng.gauss(0, sigma)))
                ok += _opens_on(scene, _throw(scene, pointer), slot)
            row[name] = round(ok / throws, 3)
        hits_whole[str(sigma)] = row
    return {
        "table": "classic, 2 players, the opening's cards, bottom seat, 1280 x 720",
        "pull": pulls,
        "shown": {
            level: {
                "median_share": round(statistics.median(shares), 3) if shares else None,
                "stop_shown": round(stops[level] / opened, 3) if opened else None,
            }
            for level, shares in shown.items()
        },
        "hits_whole": hits_whole,
        "throws": throws,
        "seed": seed,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--throws", type=int, default=200)
    ap.add_argument("--seed", type=int, default=4)
    args = ap.parse_args(argv)
    out = measure(args.throws, args.seed)
    if args.json:
        print(json.dumps(out))
        return 0
    print(out["table"])
    for name, p in out["pull"].items():
        print(f"  {name} card {p['slot']}: pull {p.get('from_px')}-{p.get('to_px')} px")
    for level, s in out["shown"].items():
        print(f"  guide {level}: shows {s['median_share']} of the path, the stop {s['stop_shown']}")
    for sigma, row in out["hits_whole"].items():
        print(f"  whole path, sigma {sigma} px: " + ", ".join(f"{k} {v}" for k, v in row.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
