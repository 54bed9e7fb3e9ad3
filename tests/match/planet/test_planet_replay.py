"""Battle Planet replays (issue 18): every choice and every roll (both throws released
together, with the judged run's digest), re-run here and in a fresh process to the same
match; a changed digest is a drift at that roll."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

from game.ai.planet.aim import RollAimer
from game.ai.planet.bots import make_bot
from game.ai.seeding import seat_seed
from game.content.planet import shipped_catalog
from game.games.planet import level_hands
from game.match.planet.physics_sim import BotSeat, run_planet_match
from game.match.planet.recording import PlanetRecorder, planet_header, rerun_planet
from game.match.planet.session import PlanetSession
from game.match.replay_header import SeatInfo
from game.persist.replay_file import ReplayWriter, read_replay

CAT = shipped_catalog()


def _record(folder: Path, seed: int, names: tuple[str, str]) -> tuple[Path, PlanetSession]:
    presets = sorted(CAT.presets)
    rng = random.Random(seed)
    kits = [CAT.presets[presets[rng.randrange(len(presets))]].kit for _ in range(2)]
    session = PlanetSession(CAT, kits, seed=seed)
    seats = [
        BotSeat(
            make_bot(n, CAT, seat_seed(seed, p)),
            RollAimer(CAT, level_hands()["normal"], seat_seed(seed, p) + 3),
        )
        for p, n in enumerate(names)
    ]
    infos = [SeatInfo(n, seat_seed(seed, p)) for p, n in enumerate(names)]
    header = planet_header(CAT, kits, session.state.settings, seed, infos)
    writer = ReplayWriter(folder / f"planet-{seed}.replay.gz", header)
    session.recorder = PlanetRecorder(writer.write)
    run_planet_match(session, seats, random.Random(seed))
    writer.close()
    return writer.path, session


def test_planet_matches_rerun_identically_here_and_in_a_fresh_process(tmp_path: Path) -> None:
    files = []
    for seed, names in enumerate((("random", "greedy"), ("greedy", "greedy"))):
        path, session = _record(tmp_path, seed, names)
        replay = read_replay(path)
        assert replay.finished and any(r["t"] == "roll" for r in replay.records)
        run = rerun_planet(replay.header, replay.records, CAT)
        assert run.identical
        assert run.session.state.to_json() == session.state.to_json()
        assert run.log == [str(e) for e in session.timeline]
        files.append(path)
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from game.content.planet import shipped_catalog\n"
        "from game.match.planet.recording import rerun_planet\n"
        "from game.persist.replay_file import read_replay\n"
        "for name in sys.argv[1:]:\n"
        "    r = read_replay(Path(name))\n"
        "    print(rerun_planet(r.header, r.records, shipped_catalog()).identical)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, *map(str, files)], capture_output=True, text=True, check=True
    )
    assert out.stdout.split() == ["True", "True"]


def test_a_changed_roll_digest_is_a_drift_at_that_roll(tmp_path: Path) -> None:
    path, _ = _record(tmp_path, 3, ("greedy", "random"))
    replay = read_replay(path)
    second = [i for i, r in enumerate(replay.records) if r["t"] == "roll"][1]
    replay.records[second]["digest"] = "0" * 64
    run = rerun_planet(replay.header, replay.records, CAT)
    assert run.drift is not None and run.drift[0] == second
