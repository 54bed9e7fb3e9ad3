"""What a hostile replay costs now, beside a real one: `python benchmarks/replay_guard.py
[--repeat N] [--rows N] [--json]`.

Issue 25, point 4: a replay from a friend is untrusted input. Measured in one run:

- refusing each gzip bomb of tests/persist/test_replay_caps.py (the issue's 18 KB file
  of 16 MB of tiny objects and its 68 KB one of 64 MB, objects packed under the line
  cap, a 300 KB line, more records than any match, more unpacked bytes, deep nesting):
  the median time of `import_replay` and the peak of memory allocated while it runs;
- importing (read, re-run every record, copy) and verifying a real replay of each game
  (a 4-player Big Game with every throw on the table, a 5-player Attack game, a Battle
  Planet match with every roll on the table);
- opening the Replays list of `--rows` replays: the first time (each file read whole,
  the index written) and every time after (the index: a look at each file's size and
  time), per row.

The ratios (a bomb's refusal over a real import; the list with its index over without)
are the figures to compare across machines: the absolute times vary with the load.
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import io
import json
import shutil
import statistics
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.__main__ import main  # noqa: E402
from game.games.replays import (  # noqa: E402
    SCHEMAS,
    import_replay,
    replay_files,
    verify_one,
)
from game.persist.replay_file import ReplayError  # noqa: E402
from game.persist.replay_index import INDEX_NAME, summaries  # noqa: E402
from tests.persist.test_replay_caps import BOMBS  # noqa: E402

REAL = {
    "classic": ["--rules", "classic", "--physics", "--players", "4", "--big", "--seed", "3"],
    "attack": ["--rules", "attack", "--players", "5", "--seed", "1"],
    "planet": ["--rules", "planet", "--physics", "--seed", "2"],
}


def _record(folder: Path) -> dict[str, Path]:
    out = {}
    for game, args in REAL.items():
        with contextlib.redirect_stdout(io.StringIO()):
            main(["sim", *args, "--games", "1", "--record", str(folder / game)])
        (out[game],) = replay_files([folder / game])
    return out


def _median(run: Callable[[], Any], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def _peak(run: Callable[[], Any]) -> int:
    tracemalloc.start()
    try:
        run()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def _import(path: Path, into: Path) -> Callable[[], None]:
    def run() -> None:
        shutil.rmtree(into, ignore_errors=True)
        with contextlib.suppress(ReplayError):
            import_replay(path, into)

    return run


def measure(repeat: int, rows: int) -> dict[str, Any]:
    out: dict[str, Any] = {"repeat": repeat}
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        real = _record(base / "real")
        out["real"] = {}
        for game, path in real.items():
            raw = gzip.decompress(path.read_bytes())
            out["real"][game] = {
                "bytes": path.stat().st_size,
                "unpacked": len(raw),
                "records": raw.count(b"\n") - 1,
                "import_ms": 1000 * _median(_import(path, base / "in"), repeat),
                "verify_ms": 1000 * _median(lambda p=path: verify_one(p), repeat),
            }
        slowest = max(g["import_ms"] for g in out["real"].values())
        header = gzip.decompress(real["attack"].read_bytes()).split(b"\n", 1)[0]
        out["bombs"] = {}
        for kind, (make, _) in BOMBS.items():
            bomb = base / "bombs" / f"{kind.replace(' ', '_').replace(',', '')}.replay.gz"
            bomb.parent.mkdir(exist_ok=True)
            bomb.write_bytes(make(header))
            refuse = _import(bomb, base / "in")
            ms = 1000 * _median(refuse, repeat)
            out["bombs"][kind] = {
                "bytes": bomb.stat().st_size,
                "refuse_ms": ms,
                "peak_kb": _peak(refuse) // 1024,
                "over_a_real_import": ms / slowest,
                "line": verify_one(bomb).line,
            }
        folder = base / "list"
        folder.mkdir()
        sources = list(real.values())
        for i in range(rows):
            src = sources[i % len(sources)]
            shutil.copy(src, folder / f"2026{i:08d}-{src.name[16:]}")

        def fresh() -> None:
            (folder / INDEX_NAME).unlink(missing_ok=True)
            summaries(folder, SCHEMAS)

        first = _median(fresh, repeat)
        again = _median(lambda: summaries(folder, SCHEMAS), repeat)
        out["list"] = {
            "rows": rows,
            "first_open_ms": 1000 * first,
            "open_with_index_ms": 1000 * again,
            "per_row_us": 1e6 * again / rows,
            "index_over_reading": again / first,
        }
    return out


def main_() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--rows", type=int, default=200)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    data = measure(args.repeat, args.rows)
    if args.json:
        print(json.dumps(data))
        return 0
    for game, g in data["real"].items():
        print(
            f"{game:8} real replay: {g['bytes']} B ({g['records']} records):"
            f" import {g['import_ms']:.0f} ms, verify {g['verify_ms']:.0f} ms"
        )
    for kind, b in data["bombs"].items():
        print(
            f"bomb {kind:36} {b['bytes']:>7} B: refused in {b['refuse_ms']:.1f} ms"
            f" ({b['over_a_real_import']:.3f} of a real import), peak {b['peak_kb']} KB"
        )
    lst = data["list"]
    print(
        f"list of {lst['rows']}: first {lst['first_open_ms']:.0f} ms, then"
        f" {lst['open_with_index_ms']:.1f} ms ({lst['per_row_us']:.0f} us a row,"
        f" {lst['index_over_reading']:.3f} of reading them)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main_())
