"""What recording a replay costs a match, and the 200-match replay check.

    python benchmarks/replay_record.py [--matches 40] [--repeat 3] [--seed 1] [--check 200]

Times `run_physics_sim` (classic, every throw on the table, Easy against Normal) over
the same seeded matches with and without `--record` (one replay file per match, every
record flushed as it is written), best of R passes each, CPU time beside wall time;
target (issue 18): recording adds at most 5% per match. With --check N it records N
matches of bots of every level (classic with physics: random, greedy, easy, normal,
hard; Battle Planet with physics, the same; Bakugan Attack! at 3-5 players) and
re-runs each file in a fresh process (`bakugan replay --verify`), counting identical
and drifted. Prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.content.classic import shipped_catalog  # noqa: E402
from game.games.attack import attack_recorder  # noqa: E402
from game.games.classic import shipped_levels  # noqa: E402
from game.games.replays import open_in, replay_files  # noqa: E402
from game.match.classic.sim import run_physics_sim  # noqa: E402
from game.rules.classic import Settings  # noqa: E402


def timed(matches: int, seed: int, folder: Path | None) -> tuple[float, float]:
    cat, levels = shipped_catalog(), shipped_levels()
    record = open_in(folder) if folder is not None else None
    wall, cpu = time.perf_counter(), time.process_time()
    run_physics_sim(cat, ["easy", "normal"], matches, seed, Settings(), levels, record=record)
    return time.perf_counter() - wall, time.process_time() - cpu


def check(count: int, seed: int, folder: Path) -> dict[str, Any]:
    from game.content.attack import shipped_deck
    from game.games.attack import shipped_levels as shipped_attack_levels
    from game.match.attack.sim import run_tally
    from game.rules.attack import Settings as AttackSettings

    cat, levels = shipped_catalog(), shipped_levels()
    pairs = [["random", "greedy"], ["easy", "normal"], ["hard", "easy"], ["normal", "hard"]]
    classic = count * 5 // 8
    per = max(1, classic // len(pairs))
    for i, names in enumerate(pairs):
        run_physics_sim(cat, names, per, seed + i, Settings(), levels, record=open_in(folder))
    planet = count // 8
    planet_pairs = [["random", "greedy"], ["easy", "normal"], ["hard", "easy"], ["normal", "hard"]]
    from game.content.planet import shipped_catalog as planet_catalog
    from game.games.planet import level_hands
    from game.games.planet import shipped_levels as planet_levels
    from game.match.planet.physics_sim import run_physics_sim as planet_sim

    pcat = planet_catalog()
    hands = level_hands()

    def planet_bot(name: str, seed: int, kit: Any) -> Any:
        from game.ai.planet.bots import make_bot

        return make_bot(name, pcat, seed, planet_levels(), kit)

    each = max(1, planet // len(planet_pairs))
    for i, names in enumerate(planet_pairs):
        aims = [hands.get(n, hands["normal"]) for n in names]
        planet_sim(pcat, names, each, seed + i, planet_bot, aims=aims, record=open_in(folder))
    attack = count - per * len(pairs) - each * len(planet_pairs)
    tables = [["easy", "normal", "hard"], ["random", "hard", "normal", "easy"]]
    tables.append(["hard", "easy", "normal", "random", "easy"])
    for i in range(attack):
        names = tables[i % len(tables)]
        settings = AttackSettings(len(names))
        hook = attack_recorder(folder, settings)
        run_tally(
            shipped_deck(), names, 1, seed * 100 + i, settings, shipped_attack_levels(), record=hook
        )
    files = replay_files([folder])
    start = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-m", "game", "replay", "--verify", str(folder)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    last = out.stdout.strip().splitlines()[-1] if out.stdout.strip() else out.stderr[-200:]
    return {
        "files": len(files),
        "verify": last,
        "verify_exit": out.returncode,
        "verify_seconds": time.perf_counter() - start,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=40)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--check", type=int, default=0)
    args = ap.parse_args()
    plain: list[tuple[float, float]] = []
    recorded: list[tuple[float, float]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(args.repeat):
            plain.append(timed(args.matches, args.seed, None))
            recorded.append(timed(args.matches, args.seed, Path(tmp) / f"r{r}"))
        size = sum(p.stat().st_size for p in Path(tmp).rglob("*.replay.gz"))
        files = len(list(Path(tmp).rglob("*.replay.gz")))
        report: dict[str, Any] = {
            "machine": platform.machine(),
            "python": platform.python_version(),
            "matches": args.matches,
            "plain_wall_s": min(w for w, _ in plain),
            "recorded_wall_s": min(w for w, _ in recorded),
            "plain_cpu_s": min(c for _, c in plain),
            "recorded_cpu_s": min(c for _, c in recorded),
            "mean_file_bytes": size / files if files else 0,
        }
        report["overhead_wall"] = report["recorded_wall_s"] / report["plain_wall_s"] - 1
        report["overhead_cpu"] = report["recorded_cpu_s"] / report["plain_cpu_s"] - 1
        if args.check:
            report["check"] = check(args.check, args.seed, Path(tmp) / "check")
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
