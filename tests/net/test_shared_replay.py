"""The whole replay at the end, when the host shares it (`--share-replay`): every joined
computer is sent the host's very file, which it keeps only after reading it whole as a
replay it would open, in a new file of its own naming, and which re-runs identical."""

from __future__ import annotations

import base64
import gzip
import io
import json
from pathlib import Path

import pytest

from game.games.replays import verify
from game.net.client import JoinOptions
from game.net.shared_replay import MAX_SHARED_BYTES, keep, save_shared, shared_bytes
from game.persist.replay_file import ReplayError
from tests.net.play import CODE, LOOPBACK, play


def _joined(folder: Path) -> object:
    return lambda i, port: JoinOptions(LOOPBACK, port, CODE, f"c{i}", save_replay=folder / f"c{i}")


def test_a_shared_replay_is_kept_by_every_joined_computer_and_verifies(tmp_path: Path) -> None:
    played = play(
        "planet", ["remote", "remote"], tmp_path / "host", share_replay=True, join=_joined(tmp_path)
    )
    host_file = Path(played.report["replay"])
    for report in played.reports:
        kept = Path(str(report["kept_replay"]))
        assert kept.parent.parent == tmp_path and kept.read_bytes() == host_file.read_bytes()
        out = io.StringIO()
        assert verify([kept], out) == 0 and out.getvalue().startswith("identical ")


def test_without_the_host_s_choice_no_replay_is_sent(tmp_path: Path) -> None:
    played = play("classic", ["remote", "easy"], tmp_path, join=_joined(tmp_path))
    assert not [t for t in played.clients[0].received if json.loads(t)["type"] == "replay"]
    assert played.reports[0]["kept_replay"] is None and not (tmp_path / "c0").exists()


def _message(raw: bytes) -> dict[str, object]:
    return {"type": "replay", "data": base64.b64encode(raw).decode()}


@pytest.mark.parametrize(
    ("message", "code"),
    [
        ({"type": "replay"}, "unreadable"),
        ({"type": "replay", "data": "not base64!"}, "unreadable"),
        (_message(b"plain text, no gzip"), "not_gzip"),
        (_message(gzip.compress(b"{not json\n")), None),
        (_message(gzip.compress(b'{"format": "bakugan-replay", "game": "chess"}\n')), None),
        ({"type": "replay", "data": "A" * (MAX_SHARED_BYTES * 2)}, "too_large"),
    ],
)
def test_a_replay_that_is_none_is_refused_and_nothing_is_written(
    tmp_path: Path, message: dict[str, object], code: str | None
) -> None:
    with pytest.raises(ReplayError) as e:
        keep(message, tmp_path / "kept")
    if code is not None:
        assert e.value.reason == code
    assert not (tmp_path / "kept").exists()


def test_a_kept_replay_never_writes_over_another(tmp_path: Path) -> None:
    played = play("classic", ["easy", "easy"], tmp_path / "host")
    raw, game = shared_bytes(_message(Path(played.report["replay"]).read_bytes()))
    assert game == "classic"
    first, second = save_shared(raw, tmp_path, game), save_shared(raw, tmp_path, game)
    assert first != second and first.read_bytes() == second.read_bytes() == raw
