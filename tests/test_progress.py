"""Long commands show a progress bar with the time left on stderr when it is a
terminal, and nothing with --json or when stderr is not a terminal; the bar changes
no result."""

from __future__ import annotations

import argparse
import io
import json

import pytest

import game.__main__ as cli
from game.games import REGISTRY


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_no_bar_when_stderr_is_not_a_terminal_or_with_json(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("sys.stderr", io.StringIO())
    with cli.progress(10, "game") as tick:
        assert tick is None
    monkeypatch.setattr("sys.stderr", _Terminal())
    with cli.progress(10, "game", quiet=True) as tick:
        assert tick is None


def test_on_a_terminal_the_bar_counts_and_estimates_and_lines_go_above_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    err, out = _Terminal(), io.StringIO()
    monkeypatch.setattr("sys.stderr", err)
    monkeypatch.setattr("sys.stdout", out)
    monkeypatch.setattr(cli, "SHOW_AFTER", 0.0)
    with cli.progress(4, "game") as tick:
        assert tick is not None
        tick()
        print("a line", end="")
        print(" of text")
        tick()
    assert out.getvalue() == "a line of text\n"
    shown = err.getvalue()
    assert "1/4" in shown and "00:00<" in shown and "game/s" in shown  # elapsed<left


@pytest.mark.parametrize("game_id", ["classic", "attack"])
def test_the_sim_gives_the_same_report_with_a_bar(game_id: str) -> None:
    record = REGISTRY[game_id]
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=3)
    record.sim.add_arguments(parser)
    args = parser.parse_args(["--policies", "random"])
    plain = record.sim.run(args)
    ticks: list[int] = []
    args.progress = lambda: ticks.append(1)
    barred = record.sim.run(args)
    assert len(ticks) == 4
    for data in (plain, barred):
        data.pop("matches_per_sec")
        data.pop("seconds", None)
    assert json.dumps(plain, sort_keys=True) == json.dumps(barred, sort_keys=True)


def test_the_level_check_goes_through_the_files_given(capsys: pytest.CaptureFixture[str]) -> None:
    from game.games.challenges import check_levels

    seen: list[str] = []

    def each(entries: list[object]) -> list[object]:
        seen.extend(str(getattr(e, "path", "")) for e in entries)
        return entries

    assert check_levels([], False, "en", each=each) == 0
    assert len(seen) == 20 and "20 levels ok" in capsys.readouterr().out


def test_a_terminal_nobody_sized_still_gets_a_bar(monkeypatch: pytest.MonkeyPatch) -> None:
    """A fresh pty is 0 x 0: tqdm alone draws nothing on it (seen under `script`)."""
    import os
    import select

    master, slave = os.openpty()
    with os.fdopen(slave, "w") as err:
        assert os.get_terminal_size(slave) == (0, 0)
        monkeypatch.setattr("sys.stderr", err)
        monkeypatch.setattr(cli, "SHOW_AFTER", 0.0)
        with cli.progress(4, "level") as tick:
            assert tick is not None
            tick()
        err.flush()
        ready, _, _ = select.select([master], [], [], 2.0)  # an empty pty would block
        shown = os.read(master, 4096).decode("utf-8", "replace") if ready else ""
    os.close(master)
    assert "0/4" in shown and "level/s" in shown  # drawn at once (updates are throttled)
