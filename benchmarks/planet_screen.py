"""Battle Planet on screen: frame work time of the computer playing itself, at 1280x720.

    SDL_VIDEODRIVER=dummy python benchmarks/planet_screen.py [--seconds 60] [--seed 7]

The same as `bakugan demo --rules planet --seconds N`: the demo scene (two computers,
rolls thrown through the physics, every step drawn) run for N seconds of frames at the
real 60 Hz pace, and the per-frame work time (events, fixed-step updates, drawing; not
the wait for the next frame) reported as one JSON line with the median and the 99th
percentile, first 30 frames of warm-up left out. Targets (issue 17): median <= 4 ms,
p99 <= 12 ms. Also the share of frames over 12 ms, and the process's CPU time per
frame (less disturbed on a shared machine than the wall-clock figures).
"""

from __future__ import annotations

import argparse
import json
import time


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--lang", default="en", choices=("en", "ru"))
    args = parser.parse_args()

    from game.ui.app import App
    from game.ui.demo import frame_figures
    from game.ui.planet.demo import PlanetDemoScene

    app = App(args.lang)
    frames = int(args.seconds * 60)
    cpu = time.process_time()
    app.run(PlanetDemoScene(app, args.seed), max_frames=frames)
    cpu = time.process_time() - cpu
    figures = frame_figures(app.frame_ms)
    kept = app.frame_ms[30:]
    figures.update(
        {
            "seconds": args.seconds,
            "seed": args.seed,
            "target_median_ms": 4.0,
            "target_p99_ms": 12.0,
            "over_12ms_share": round(sum(ms > 12.0 for ms in kept) / max(1, len(kept)), 4),
            "cpu_ms_per_frame": round(cpu * 1000.0 / max(1, frames), 3),
        }
    )
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
