"""A dropped seat comes back (issue 27.4): a `bakugan join` process killed mid-match and
started again with its seat token goes back to its seat, the other ends are told, and
the match reaches the same end as without the kill (the same replay records)."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

from game.net.host import Host
from game.net.options import HostOptions
from game.persist.replay_file import read_replay
from tests.net.play import CODE, LOOPBACK, play
from tests.net.procs import ROOT

SEATS = ("remote", "remote")


async def joined(port: int, token_file: Path) -> asyncio.subprocess.Process:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy"}
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "game", "join", f"{LOOPBACK}:{port}", "--code", CODE,
        "--headless", "--json", "--token-file", str(token_file),
        cwd=ROOT, env=env, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip


def test_a_killed_client_started_again_takes_its_seat_back(tmp_path: Path) -> None:
    reference = play("planet", SEATS, tmp_path / "ref", seed=5)
    lines: list[str] = []

    async def main() -> tuple[dict[str, object], list[str], int]:
        options = HostOptions(
            "planet", SEATS, LOOPBACK, 0, CODE, seed=5, replay_dir=tmp_path / "net",
            rejoin_wait=60.0,
        )  # fmt: skip
        host = Host(options, lines.append)
        hosting = asyncio.create_task(host.run())
        await host.ready.wait()
        from game.net.client import Client, JoinOptions

        other = Client(JoinOptions(LOOPBACK, host.port, CODE, "stays"), lines.append)
        staying = asyncio.create_task(other.run())
        while 0 not in host.peers:  # the client in this process sits in seat 0
            await asyncio.sleep(0.01)
        token = tmp_path / "seat.token"
        first = await joined(host.port, token)
        for _ in range(1500):  # bounded: until the process's seat was asked a few times
            if 1 in host.peers and host.peers[1].ask >= 12:
                break
            await asyncio.sleep(0.02)
        else:
            raise AssertionError("the joined process was never asked")
        assert token.read_text()  # it kept its seat token
        first.send_signal(signal.SIGKILL)
        await first.wait()
        for _ in range(500):
            if host.absent:
                break
            await asyncio.sleep(0.01)
        assert host.absent, "the host never saw the seat go"
        again = await joined(host.port, token)
        out, err = await asyncio.wait_for(again.communicate(), 120)
        await staying
        report = await hosting
        return report, [out.decode(), err.decode()], again.returncode or 0

    report, (out, err), code = asyncio.run(asyncio.wait_for(main(), 180))
    assert code == 0, err
    seat = [line for line in lines if "left the match" in line]
    assert len(seat) >= 2  # the host's line, and the other client's
    assert report["taken_over"] == [] and report["dropped"] == []
    assert report["winner"] == reference.report["winner"]
    assert f'"winner": {report["winner"]}' in out
    assert (
        read_replay(Path(str(report["replay"]))).records
        == read_replay(Path(str(reference.report["replay"]))).records
    )
