"""The player's record recomputed from the replays matches a recount made while the
matches were played (issue 18, part 6)."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

from game.ai.seeding import seat_seed
from game.content.classic import shipped_catalog
from game.games.classic import shipped_levels
from game.match.classic.recording import SessionRecorder, classic_header
from game.match.classic.seats import BotSeat
from game.match.classic.session import MatchSession, ThrowDone, run_match
from game.match.classic.stats import match_line
from game.match.replay_header import SeatInfo
from game.match.replay_stats import tally
from game.persist.replay_file import ReplayWriter, read_replay
from game.rules.classic import Settings, random_kit
from game.rules.classic.events import GateCaptured

CAT = shipped_catalog()


def test_the_stats_from_replays_equal_a_recount(tmp_path: Path) -> None:
    """Seat 0 stands for the person (its bot plays in his place; the header says
    human); the recount reads the live session, the stats only the files."""
    expected: Counter[tuple[str, str]] = Counter()
    thrown: dict[str, Counter[str]] = {"easy": Counter(), "normal": Counter()}
    results: dict[str, list[bool]] = {"easy": [], "normal": []}
    paths = []
    for g in range(8):
        level = ("easy", "normal")[g % 2]
        settings = Settings()
        rng = random.Random(g)
        kits = [random_kit(CAT, rng, settings), random_kit(CAT, rng, settings)]
        session = MatchSession(CAT, kits, settings, seed=g)
        seats = [
            BotSeat.named(name, CAT, seat_seed(g, p), shipped_levels(), settings)
            for p, name in enumerate(("normal", level))
        ]
        infos = [SeatInfo("human", 0, True), SeatInfo(level, seat_seed(g, 1))]
        header = classic_header(
            CAT, kits, session.state, g, infos, (session.width, session.height), {}
        )
        header["created"] = f"2026-01-01T10:{g:02d}:00+0000"  # the order they were played
        writer = ReplayWriter(tmp_path / f"m{g}.replay.gz", header)
        session.recorder = SessionRecorder(writer.write)
        stats = run_match(session, seats)
        writer.close()
        paths.append(writer.path)
        expected[(level, "throws")] += stats.seat_throws[0]
        expected[(level, "opened")] += stats.seat_opened[0]
        expected[(level, "captures")] += sum(
            isinstance(e, GateCaptured) and e.player == 0 for e in session.timeline
        )
        for e in session.timeline:
            if isinstance(e, ThrowDone) and e.player == 0:
                thrown[level][e.bakugan] += 1
        results[level].append(stats.winner == 0)
    lines = []
    for path in paths:
        replay = read_replay(path)
        line = match_line(replay.header, replay.records, CAT)
        assert line is not None
        lines.append(line)
    records = tally(lines)
    assert set(records) == {("classic", "vs_ai", "easy"), ("classic", "vs_ai", "normal")}
    for level in ("easy", "normal"):
        rec = records[("classic", "vs_ai", level)]
        won = results[level]
        assert rec.matches == 4 and rec.wins == sum(won) and rec.losses == 4 - sum(won)
        assert rec.captures == expected[(level, "captures")]
        assert rec.favourite == min(thrown[level], key=lambda b: (-thrown[level][b], b))
        longest = run = 0
        for w in won:
            run = run + 1 if w else 0
            longest = max(longest, run)
        assert rec.longest_streak == longest
        mine = [x for x in lines if x.level == level]
        assert sum(x.throws for x in mine) == expected[(level, "throws")]
        assert sum(x.opened for x in mine) == expected[(level, "opened")]
        assert rec.hit_rates == [x.hit_rate for x in mine]


def test_a_replay_without_a_person_counts_for_nobody(tmp_path: Path) -> None:
    from game.games.replays import open_in, replay_files
    from game.match.classic.sim import run_physics_sim

    run_physics_sim(CAT, ["random", "greedy"], 1, 2, Settings(), record=open_in(tmp_path))
    replay = read_replay(replay_files([tmp_path])[0])
    assert match_line(replay.header, replay.records, CAT) is None
