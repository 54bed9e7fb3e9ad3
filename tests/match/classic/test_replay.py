"""Replays record inputs only and re-run to the same match (issue 18, part 2).

Matches of bots of every level are recorded as they are played (classic with every
throw on the table, and Bakugan Attack!), then re-run from the files alone: in this
process and in a fresh one, each must give the same event log. A file cut short by a
crash still reads up to its last record; a throw whose digest differs is a drift; a
replay of other cards or other physics is refused with its own reason."""

from __future__ import annotations

import dataclasses
import gzip
import hashlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game.ai.classic.levels import Level
from game.content.attack import shipped_deck
from game.content.classic import shipped_catalog
from game.games.attack import attack_recorder
from game.games.attack import shipped_levels as shipped_attack_levels
from game.games.classic import shipped_levels
from game.games.replays import open_in, replay_files, verify
from game.match.attack.recording import rerun_attack
from game.match.classic.replaying import rerun_classic
from game.match.classic.sim import run_physics_sim
from game.match.rerun import RerunError
from game.persist.replay_file import read_replay
from game.rules.attack import Settings as AttackSettings
from game.rules.classic import Settings

CAT = shipped_catalog()
LEVELS: dict[str, Level] = {
    **shipped_levels(),
    "hard": dataclasses.replace(shipped_levels()["hard"], iterations=24, determinizations=4),
}


def _digest(lines: list[str]) -> str:
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Classic matches of every level (and three players once), recorded."""
    folder = tmp_path_factory.mktemp("replays")
    for seed, names in enumerate(
        (["random", "greedy"], ["easy", "normal"], ["hard", "easy"], ["normal", "hard"])
    ):
        run_physics_sim(CAT, names, 2, seed, Settings(), LEVELS, record=open_in(folder))
    three = Settings.preset(3)
    run_physics_sim(CAT, ["easy", "normal", "greedy"], 1, 9, three, LEVELS, record=open_in(folder))
    return folder


@pytest.fixture(scope="module")
def attack_recorded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("attack")
    from game.match.attack.sim import run_tally

    levels = {**shipped_attack_levels()}
    levels["hard"] = dataclasses.replace(levels["hard"], worlds=3, samples=8)
    for n, names in ((3, ["random", "easy", "hard"]), (4, ["normal", "easy", "hard", "random"])):
        settings = AttackSettings(n)
        hook = attack_recorder(folder, settings)
        run_tally(shipped_deck(), names, 2, n, settings, levels, record=hook)
    return folder


def test_every_recorded_match_is_finished_and_reruns_identically(recorded: Path) -> None:
    files = replay_files([recorded])
    assert len(files) == 9
    for path in files:
        replay = read_replay(path)
        assert replay.finished and replay.end is not None
        assert replay.header["game"] == "classic"
        assert any(r["t"] == "throw" for r in replay.records)
        run = rerun_classic(replay.header, replay.records, CAT)
        assert run.identical, (path.name, run.drift)
        assert run.session.state.winner == replay.end["winner"]


def test_the_same_log_in_a_fresh_process(recorded: Path, attack_recorded: Path) -> None:
    files = replay_files([recorded])
    here = []
    for path in files:
        replay = read_replay(path)
        here.append(_digest(rerun_classic(replay.header, replay.records, CAT).log()))
    attack = replay_files([attack_recorded])
    for path in attack:
        replay = read_replay(path)
        here.append(_digest(rerun_attack(replay.header, replay.records, shipped_deck()).log))
    code = (
        "import hashlib, sys\n"
        "from pathlib import Path\n"
        "from game.content.classic import shipped_catalog\n"
        "from game.content.attack import shipped_deck\n"
        "from game.match.classic.replaying import rerun_classic\n"
        "from game.match.attack.recording import rerun_attack\n"
        "from game.persist.replay_file import read_replay\n"
        "for name in sys.argv[1:]:\n"
        "    r = read_replay(Path(name))\n"
        "    if r.header['game'] == 'classic':\n"
        "        log = rerun_classic(r.header, r.records, shipped_catalog()).log()\n"
        "    else:\n"
        "        log = rerun_attack(r.header, r.records, shipped_deck()).log\n"
        "    print(hashlib.sha256('\\n'.join(log).encode()).hexdigest())\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, *map(str, files + attack)],
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.split() == here


def test_attack_games_are_recorded_and_rerun(attack_recorded: Path) -> None:
    files = replay_files([attack_recorded])
    assert len(files) == 4
    for path in files:
        replay = read_replay(path)
        assert replay.finished
        run = rerun_attack(replay.header, replay.records, shipped_deck())
        assert run.identical
        assert replay.end is not None and replay.end["points"] == list(run.state.points)


def test_verify_says_identical_for_each_file(recorded: Path, capsys: Any) -> None:
    import io

    out = io.StringIO()
    assert verify([recorded], out) == 0
    lines = out.getvalue().splitlines()
    assert len(lines) == 10 and lines[-1] == "9 identical, 0 drifted"
    assert all(line.startswith("identical ") for line in lines[:-1])


def _rewrite(path: Path, target: Path, change: Any) -> Path:
    """A copy of a replay with its lines (header first) passed through `change`."""
    lines = [json.loads(x) for x in gzip.decompress(path.read_bytes()).splitlines()]
    change(lines)
    target.write_bytes(gzip.compress(b"".join(json.dumps(x).encode() + b"\n" for x in lines)))
    return target


def test_a_changed_digest_is_a_drift_at_that_throw(recorded: Path, tmp_path: Path) -> None:
    import io

    source = replay_files([recorded])[0]

    def tamper(lines: list[dict[str, Any]]) -> None:
        second = [i for i, x in enumerate(lines) if x.get("t") == "throw"][1]
        lines[second]["digest"] = "0" * 64
        tamper.at = second  # type: ignore[attr-defined]

    bad = _rewrite(source, tmp_path / "bad.replay.gz", tamper)
    replay = read_replay(bad)
    run = rerun_classic(replay.header, replay.records, CAT)
    assert run.drift is not None and run.drift[0] + 1 == tamper.at  # type: ignore[attr-defined]
    out = io.StringIO()
    assert verify([bad, source], out) == 1
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("drifted bad.replay.gz: record ")
    assert lines[-1] == "1 identical, 1 drifted"


def test_a_replay_cut_short_by_a_crash_reads_to_its_last_record(
    recorded: Path, tmp_path: Path
) -> None:
    source = replay_files([recorded])[1]
    raw = source.read_bytes()
    whole = read_replay(source)
    cut = tmp_path / "cut.replay.gz"
    cut.write_bytes(raw[: len(raw) * 2 // 3])  # no gzip trailer, a partial line at the end
    replay = read_replay(cut)
    assert not replay.finished and 0 < len(replay.records) < len(whole.records)
    assert replay.records == whole.records[: len(replay.records)]
    assert rerun_classic(replay.header, replay.records, CAT).identical


def test_the_writer_flushes_every_record_as_it_goes(tmp_path: Path) -> None:
    from game.match.replay_header import SeatInfo
    from game.match.replay_header import header as make_header
    from game.persist.replay_file import ReplayWriter

    h = make_header("classic", "sha256:x", 1, {}, [SeatInfo("easy", 1)])
    writer = ReplayWriter(tmp_path / "live.replay.gz", h)
    writer.write({"t": "act", "a": "p0 pass"})
    # not closed: as a crash would leave it, yet both lines are on the disk
    replay = read_replay(writer.path)
    assert replay.records == [{"t": "act", "a": "p0 pass"}] and not replay.finished
    writer.close()
    again = ReplayWriter(tmp_path / "live.replay.gz", h)  # never over an existing file
    assert again.path.name == "live-2.replay.gz"
    again.close()
    # a resumed match goes on in the same file: a gzip member of its own
    more = ReplayWriter(writer.path, None)
    more.write({"t": "act", "a": "p1 pass"})
    more.write({"t": "end", "winner": 0, "turns": 3})
    more.close()
    replay = read_replay(writer.path)
    assert [r["t"] for r in replay.records] == ["act", "act", "end"] and replay.finished


def test_other_cards_or_other_physics_are_refused_with_their_reason(
    recorded: Path, tmp_path: Path
) -> None:
    source = replay_files([recorded])[0]
    for field, value, reason in (
        ("content_hash", "sha256:other", "content"),
        ("physics_hash", "sha256:other", "physics"),
        ("pymunk", "6.0.0", "physics"),
    ):

        def change(lines: list[dict[str, Any]], f: str = field, v: str = value) -> None:
            lines[0][f] = v

        bad = _rewrite(source, tmp_path / f"{field}.replay.gz", change)
        replay = read_replay(bad)
        with pytest.raises(RerunError) as e:
            rerun_classic(replay.header, replay.records, CAT)
        assert e.value.reason == reason


def test_export_and_import_never_overwrite_and_check_first(recorded: Path, tmp_path: Path) -> None:
    from game.games.replays import export_replay, import_replay
    from game.persist.replay_file import ReplayError

    source = replay_files([recorded])[0]
    shared = export_replay(source, tmp_path / "for-a-friend")
    assert shared.name == "for-a-friend.replay.gz" and shared.read_bytes() == source.read_bytes()
    again = export_replay(source, tmp_path / "for-a-friend.replay.gz")
    assert again.name == "for-a-friend-2.replay.gz"
    mine = tmp_path / "mine"
    first = import_replay(shared, mine)
    with pytest.raises(ReplayError) as kept:  # the same match twice would count twice
        import_replay(shared, mine)
    assert kept.value.reason == "kept" and first.name in str(kept.value)
    other = tmp_path / "another" / "for-a-friend.replay.gz"  # another match, same name
    other.parent.mkdir()
    other.write_bytes(replay_files([recorded])[1].read_bytes())
    second = import_replay(other, mine)
    assert first.name == "for-a-friend.replay.gz" and second.name == "for-a-friend-2.replay.gz"
    assert read_replay(first).records == read_replay(source).records

    def other_cards(lines: list[dict[str, Any]]) -> None:
        lines[0]["content_hash"] = "sha256:other"

    bad = _rewrite(source, tmp_path / "other.replay.gz", other_cards)
    with pytest.raises(ReplayError) as e:
        import_replay(bad, mine)
    assert e.value.reason == "content" and "other cards" in str(e.value)
    broken = tmp_path / "broken.replay.gz"
    broken.write_bytes(b"\x1f\x8bnonsense")
    with pytest.raises(ReplayError):
        export_replay(broken, tmp_path / "out")
    assert sorted(p.name for p in mine.iterdir()) == sorted([first.name, second.name])


def test_export_onto_a_drive_without_hard_links_still_never_overwrites(
    recorded: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import os

    from game.games.replays import export_replay

    def no_links(src: object, dst: object) -> None:
        raise PermissionError(1, "Operation not permitted")  # as on FAT / exFAT

    monkeypatch.setattr(os, "link", no_links)
    source = replay_files([recorded])[0]
    stick = tmp_path / "stick"
    stick.mkdir()
    first = export_replay(source, stick)
    second = export_replay(source, stick)
    assert first.name == source.name and second.name.endswith("-2.replay.gz")
    assert first.read_bytes() == second.read_bytes() == source.read_bytes()
    assert sorted(p.name for p in stick.iterdir()) == sorted([first.name, second.name])
