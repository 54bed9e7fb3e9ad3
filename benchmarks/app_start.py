"""Start to title: the seconds from launching the game to its first drawn title frame,
`bakugan` from the virtual environment against the packaged app, side by side.

    python benchmarks/app_start.py [--runs 7] [--app dist/bakugan-table/bakugan]

Each run starts the game headless (dummy video and audio drivers) in a fresh player
folder with `BAKUGAN_STATUS` set, and stops the clock when the status file first names
the title (it is written after a frame is drawn); the two are launched in turn, run
after run, so both see the same load on the machine. The first run of each is left out
(it warms the disk cache). Also the packaged folder's size. Prints one JSON object:
each one's median and best seconds, and their ratio.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LIMIT = 120.0  # seconds a start may take before the run is given up


def time_to_title(command: list[str], env: dict[str, str]) -> float:
    """Seconds from launching `command` until its status file shows the title."""
    with tempfile.TemporaryDirectory(prefix="bakugan-start-") as tmp:
        status = Path(tmp) / "status.json"
        run_env = env | {
            "BAKUGAN_HOME": str(Path(tmp) / "home"),
            "BAKUGAN_STATUS": str(status),
            "SDL_VIDEODRIVER": "dummy",
            "SDL_AUDIODRIVER": "dummy",
        }
        start = time.perf_counter()
        game = subprocess.Popen(
            command, env=run_env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        try:
            while time.perf_counter() - start < LIMIT:
                if game.poll() is not None:
                    raise RuntimeError(f"{command[0]} ended with {game.returncode}")
                try:
                    if json.loads(status.read_text("utf-8")).get("scene") == "title":
                        return time.perf_counter() - start
                except (OSError, ValueError):
                    pass
                time.sleep(0.002)
            raise RuntimeError(f"{command[0]}: no title in {LIMIT:.0f} s")
        finally:
            game.kill()
            game.wait()


def folder_mb(folder: Path) -> float:
    files = [p for p in folder.rglob("*") if p.is_file() and not p.is_symlink()]
    return round(sum(p.stat().st_size for p in files) / 1e6, 1)


def main() -> int:
    parser = argparse.ArgumentParser(description="start-to-title, venv against the app")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--app", default=str(ROOT / "dist" / "bakugan-table" / "bakugan"))
    args = parser.parse_args()
    venv = shutil.which("bakugan", path=str(Path(sys.executable).parent))
    if venv is None:
        print("app_start: no `bakugan` beside this Python (pip install -e .)", file=sys.stderr)
        return 2
    app = Path(args.app)
    if not app.is_file():
        print(f"app_start: no packaged app at {app} (python tools/build_app.py)", file=sys.stderr)
        return 2
    inherited = dict(os.environ)
    clean = {"PATH": "/usr/bin:/bin"}  # the packaged app: no virtual environment at all
    times: dict[str, list[float]] = {"venv": [], "app": []}
    for run in range(args.runs + 1):
        for name, command, env in (
            ("venv", [venv, "play"], inherited),
            ("app", [str(app), "play"], clean),
        ):
            seconds = time_to_title(command, env)
            if run:  # (the first of each warms the disk cache)
                times[name].append(seconds)
    out: dict[str, object] = {"runs": args.runs}
    for name, values in times.items():
        out[name] = {
            "median_s": round(statistics.median(values), 3),
            "best_s": round(min(values), 3),
        }
    ratio = statistics.median(times["app"]) / statistics.median(times["venv"])
    out["app_over_venv"] = round(ratio, 2)
    out["app_mb"] = folder_mb(app.parent)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
