"""`game.files.decode`: bytes to values, and nothing but `Undecodable` on bad bytes."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.files import decode
from game.files.decode import Undecodable

HOSTILE_TOML = [
    (b'name = "\xff\xfe"\n', "not_utf8"),
    (b"x = " + b"9" * 5000 + b"\n", "number"),
    (b"x = " + b"[" * 5000 + b"]" * 5000 + b"\n", "nesting"),
    (b"x = " + b"{a = " * 200 + b"1" + b"}" * 200 + b"\n", "nesting"),
    (b".".join(b"k%d" % i for i in range(100)) + b" = 1\n", "nesting"),  # dotted keys
    (b"x = = 1\n", "syntax"),
]


@pytest.mark.parametrize(("raw", "code"), HOSTILE_TOML)
def test_hostile_toml_gives_undecodable(raw: bytes, code: str) -> None:
    with pytest.raises(Undecodable) as caught:
        decode.toml(raw)
    assert caught.value.code == code and caught.value.detail


HOSTILE_JSON = [
    (b"[" * 100_000 + b"]" * 100_000, "nesting"),
    (b'{"a": ' + b"9" * 5000 + b"}", "number"),
    (b'{"a": 1e999}', "syntax"),
    (b'{"a": NaN}', "syntax"),
    (b'{"\\ud800": 1}', "not_utf8"),
    (b"\xff{}", "not_utf8"),
    (b"{", "syntax"),
]


@pytest.mark.parametrize(("raw", "code"), HOSTILE_JSON)
def test_hostile_json_gives_undecodable(raw: bytes, code: str) -> None:
    with pytest.raises(Undecodable) as caught:
        decode.json_value(raw)
    assert caught.value.code == code


def test_read_bytes_limits_and_names(tmp_path: Path) -> None:
    path = tmp_path / "big.toml"
    path.write_bytes(b"#" * 2000)
    assert decode.read_bytes(path, 2000) == b"#" * 2000
    with pytest.raises(Undecodable, match="larger than") as caught:
        decode.read_bytes(path, 1999)
    assert caught.value.code == "too_large"
    with pytest.raises(Undecodable) as caught:
        decode.read_bytes(tmp_path / "nothing.toml")
    assert caught.value.code == "missing"
    with pytest.raises(Undecodable) as caught:
        decode.read_bytes(tmp_path)  # a folder
    assert caught.value.code == "unreadable"


def test_good_files_read_as_before() -> None:
    assert decode.toml(b'\xef\xbb\xbfa = 1\n[b]\nc = "d"\n') == {"a": 1, "b": {"c": "d"}}
    assert decode.json_value(b'{"a": [1, 2.5, "x"]}') == {"a": [1, 2.5, "x"]}
    assert decode.finite(3) and not decode.finite(float("nan")) and not decode.finite(10**400)
