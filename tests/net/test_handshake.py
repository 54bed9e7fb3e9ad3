"""The greeting: a build or a room code that differs is refused with one catalog line
that both sides print; the seat stays free for the right computer."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from game.files.lang import tr
from game.net.client import JoinOptions
from game.net.handshake import Build, judge, local_build, same_code
from tests.net.play import CODE, LOOPBACK, play
from tests.net.procs import bakugan, finished, free_port, listening

HOST = Build("0.1.0", "classic", "sha256:aa", "sha256:bb pymunk 7.1.0")
HELLO = {"app": "0.1.0", "game": "classic", "content": "sha256:aa"}
HELLO |= {"physics": "sha256:bb pymunk 7.1.0", "code": "abc", "name": "", "token": ""}


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"app": "0.2.0"}, "version"),
        ({"game": "planet"}, "game"),
        ({"content": "sha256:ab"}, "content"),
        ({"physics": "sha256:bc pymunk 7.1.0"}, "physics"),
        ({"physics": "sha256:bb pymunk 6.9.0"}, "physics"),
        ({"code": "abd"}, "code"),
    ],
)
def test_each_difference_is_its_own_reason(change: dict[str, str], reason: str) -> None:
    assert judge(HELLO, HOST, "ABC") is None
    refused = judge({**HELLO, **change}, HOST, "ABC")
    assert refused is not None and refused[0] == reason


def test_the_code_is_read_whatever_its_case_and_spaces() -> None:
    assert same_code(" abc ", "ABC") and not same_code("ABD", "ABC") and not same_code("", "ABC")


def test_the_build_is_what_version_prints() -> None:
    from game.games.about import build_info

    info = build_info()
    build = local_build("planet")
    assert build.app == info.version
    assert ("planet", build.content) in info.content
    assert build.physics == f"{info.physics} pymunk {info.pymunk}"


def test_another_version_is_refused_with_a_line_on_both_sides(tmp_path: Path) -> None:
    other = replace(local_build("classic"), app="0.0.1-old")

    def join(i: int, port: int) -> JoinOptions:
        if i == 0:
            return JoinOptions(LOOPBACK, port, CODE, "old", build=other)
        return JoinOptions(LOOPBACK, port, CODE, "new")

    played = play("classic", ["remote", "easy"], tmp_path, clients=2, join=join)
    line = tr("en", "net.refused.version", host=local_build("classic").app, peer="0.0.1-old")
    assert f"host: {line}" in played.lines and f"client 0: {line}" in played.lines
    assert played.reports[0]["refused"] == "version" and played.reports[0]["seat"] is None
    assert played.reports[1]["seat"] == 0 and played.reports[1]["over"]  # the seat was kept
    assert played.report["winner"] == played.reports[1]["winner"] is not None


def test_a_wrong_code_is_refused_by_the_real_commands(tmp_path: Path) -> None:
    port = free_port()
    host = bakugan(
        "host", "--rules", "attack", "--seats", "easy,remote,easy", "--port", str(port),
        "--code", "RIGHT1", "--headless", "--json", "--record", str(tmp_path), "--lang", "ru",
    )  # fmt: skip
    try:
        listening(port, host)
        code, report, err = finished(
            bakugan("join", f"127.0.0.1:{port}", "--code", "wrong1", "--headless", "--json")
        )
        assert code == 2 and report["refused"] == "code"
        assert tr("en", "net.refused.code") in err.splitlines()
        code, report, _ = finished(
            bakugan("join", f"127.0.0.1:{port}", "--code", "right1", "--headless", "--json")
        )
        assert code == 0 and report["seat"] == 1
    finally:
        host_code, host_report, host_err = finished(host)
    assert tr("ru", "net.refused.code") in host_err.splitlines()  # the host's own language
    assert host_code == 0 and host_report["winner"] == report["winner"]
