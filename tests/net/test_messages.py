"""The wire format: what a client may send is checked field by field before anything
reads it, and a refusal names its reason."""

from __future__ import annotations

import json

import pytest

from game.net.messages import (
    MAX_PEER_BYTES,
    BadMessage,
    RateLimit,
    encode,
    parse_host,
    parse_peer,
)

HELLO = {
    "type": "hello",
    "app": "0.1.0",
    "game": "classic",
    "content": "sha256:00",
    "physics": "sha256:11 pymunk 7.1.0",
    "code": "ABC",
    "name": "Dan",
    "token": "",
}
THROW = {"origin": [100.0, 40.0], "angle": 1.2, "speed": 800.0, "spin": -0.25}


def text(**fields: object) -> str:
    return json.dumps(fields)


def test_the_good_messages_pass_as_they_were() -> None:
    assert parse_peer(json.dumps(HELLO)) == HELLO
    assert parse_peer(text(type="act", ask=3, action="p0 sets gate_fire at (1, 2)"))["ask"] == 3
    assert parse_peer(text(type="throw", ask=1, throw=THROW))["throw"] == THROW
    assert parse_peer(text(type="throw", ask=1, throw={}))["throw"] == {}  # Attack's die
    assert parse_peer(text(type="bye"))["type"] == "bye"
    assert json.loads(encode("act", ask=1, action="x")) == {"type": "act", "ask": 1, "action": "x"}


@pytest.mark.parametrize(
    ("raw", "code", "field"),
    [
        ("x" * (MAX_PEER_BYTES + 1), "too_big", ""),
        (b'{"type": "bye"}', "not_text", ""),
        ('{"type": "act", "ask": 1, "action": "x"', "not_json", ""),
        ('{"type": "act", "ask": NaN, "action": "x"}', "not_json", ""),
        ('{"type": "act", "ask": Infinity, "action": "x"}', "not_json", ""),
        ("[" * 2000 + "]" * 2000, "not_json", ""),
        ('{"type": "act", "ask": 1, "action": ' + "[" * 40 + "]" * 40 + "}", "not_json", ""),
        ('{"type": "act", "ask": 1, "action": "\\ud800"}', "not_json", ""),
        ('{"type": "act", "ask": 1e999, "action": "x"}', "not_json", ""),
        ("[1, 2]", "not_object", ""),
        ('{"ask": 1}', "no_type", ""),
        ('{"type": 7}', "no_type", ""),
        ('{"type": "eval"}', "unknown_type", "eval"),
        ('{"type": "act", "ask": 1}', "missing_field", "action"),
        ('{"type": "act", "ask": 1, "action": "x", "then": 2}', "unknown_field", "then"),
        ('{"type": "act", "ask": true, "action": "x"}', "bad_field", "ask"),
        ('{"type": "act", "ask": 1.0, "action": "x"}', "bad_field", "ask"),
        ('{"type": "act", "ask": -1, "action": "x"}', "bad_field", "ask"),
        ('{"type": "act", "ask": 1, "action": ["x"]}', "bad_field", "action"),
        (text(type="act", ask=1, action="x" * 401), "bad_field", "action"),
        (text(type="act", ask=10**40, action="x"), "bad_field", "ask"),
        (text(type="throw", ask=1, throw={**THROW, "speed": 1e9}), "bad_field", "throw"),
        (text(type="throw", ask=1, throw={**THROW, "speed": -1}), "bad_field", "throw"),
        (text(type="throw", ask=1, throw={**THROW, "spin": 2}), "bad_field", "throw"),
        (text(type="throw", ask=1, throw={**THROW, "origin": [1]}), "bad_field", "throw"),
        (text(type="throw", ask=1, throw={**THROW, "origin": [1e9, 0]}), "bad_field", "throw"),
        (text(type="throw", ask=1, throw={**THROW, "origin": [True, 0]}), "bad_field", "throw"),
        (text(type="throw", ask=1, throw={**THROW, "mass": 1e9}), "bad_field", "throw"),
        (text(type="throw", ask=1, throw=[1, 2]), "bad_field", "throw"),
        (json.dumps({**HELLO, "name": "n" * 41}), "bad_field", "name"),
        (json.dumps({**HELLO, "token": None}), "bad_field", "token"),
    ],
)
def test_a_bad_message_is_refused_with_its_reason(raw: str | bytes, code: str, field: str) -> None:
    with pytest.raises(BadMessage) as caught:
        parse_peer(raw)
    assert (caught.value.code, caught.value.field) == (code, field)


def test_a_huge_number_is_refused_not_computed() -> None:
    with pytest.raises(BadMessage) as caught:
        parse_peer('{"type": "act", "ask": ' + "9" * 4000 + ', "action": "x"}')
    assert caught.value.code in ("not_json", "bad_field")


def test_the_client_takes_only_the_hosts_kinds() -> None:
    assert parse_host(encode("turn", ask=1, kind="act", view={}, legal=[]))["type"] == "turn"
    with pytest.raises(BadMessage):
        parse_host(encode("exec", code="import os"))


def test_the_rate_limit_lets_a_burst_through_then_the_average() -> None:
    limit = RateLimit(rate=10.0, burst=5.0, tokens=5.0)
    assert [limit.take(100.0) for _ in range(6)] == [True] * 5 + [False]
    assert limit.take(100.05) is False  # half a message earned
    assert limit.take(100.2) is True  # 1.5 earned
    assert [limit.take(1000.0) for _ in range(6)] == [True] * 5 + [False]  # never above burst
