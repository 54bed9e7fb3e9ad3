"""The wire format of network play: JSON text messages, one object each with a ``type``,
every field checked against its schema before anything reads it.

Nothing but JSON crosses the wire (no pickle, no eval): an action travels as the text
its replay record keeps (``str(action)``, matched by the host against the seat's legal
actions, never parsed into a new object), a throw as its four parameters. A message
from a peer is refused with a reason (`BadMessage.code`, a catalog key's last part)
when it is too big (`MAX_PEER_BYTES`, also the websockets ``max_size`` of the host),
not JSON (NaN and Infinity included), not an object, of a type the host does not take,
or with a field missing, unknown, of the wrong kind or out of bounds (a field of
`PEER_OPTIONAL` may be absent, and is checked when it is there). `RateLimit` caps
how many messages a peer may send a second: the work a message can cause is bounded by
its size, its schema and this rate.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import AsyncIterable, AsyncIterator, Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any

from game.files.decode import Undecodable, json_value
from game.physics.tuning import MAX_SPEED
from game.rules.api import GameError

DEFAULT_PORT = 8765
"""The port a host listens on unless told another."""
MAX_PEER_BYTES = 4096
"""The largest message a client may send the host (a hello is some 400 bytes)."""
MAX_HOST_BYTES = 1 << 20
"""The largest message the host may send a client (a Battle Planet view is some 10 KB)."""
MAX_TEXT = 400
"""The longest action text (the longest legal action's text is under 200 characters)."""
TABLE_REACH = 10_000.0
"""How far from the table's corner (mm) a throw's origin may be said to be at all."""


class BadMessage(GameError, ValueError):
    """A message refused: `code` names why, `field` which field (or "")."""

    def __init__(self, code: str, field: str = "") -> None:
        super().__init__(f"{code} {field}".strip())
        self.code = code
        self.field = field


Check = Callable[[Any], bool]


def text(limit: int) -> Check:
    return lambda v: isinstance(v, str) and len(v) <= limit


def whole(lo: int, hi: int) -> Check:
    return lambda v: type(v) is int and lo <= v <= hi


def real(lo: float, hi: float) -> Check:
    """A number (an int or a finite float, not a bool) within [lo, hi]."""
    return lambda v: type(v) in (int, float) and math.isfinite(v) and lo <= v <= hi


def _point(v: Any) -> bool:
    near = real(-TABLE_REACH, TABLE_REACH)
    return isinstance(v, list) and len(v) == 2 and all(near(x) for x in v)


def _throw(v: Any) -> bool:
    """Empty (Attack's die), or exactly the four parameters of a sphere's throw."""
    if not isinstance(v, dict):
        return False
    if not v:
        return True
    if set(v) != {"origin", "angle", "speed", "spin"}:
        return False
    angle = real(-4 * math.pi, 4 * math.pi)
    return (
        _point(v["origin"])
        and angle(v["angle"])
        and real(0.0, MAX_SPEED)(v["speed"])
        and real(-1.0, 1.0)(v["spin"])
    )


ASK = whole(0, 2**31)
PEER_SCHEMAS: Mapping[str, Mapping[str, Check]] = {
    "hello": {
        "app": text(64),
        "game": text(32),
        "content": text(128),
        "physics": text(128),
        "code": text(32),
        "name": text(40),
        "token": text(64),
    },
    "act": {"ask": ASK, "action": text(MAX_TEXT)},
    "throw": {"ask": ASK, "throw": _throw},
    "bye": {},
}
"""What a client may send: each type's fields, every one required."""

PEER_OPTIONAL: Mapping[str, Mapping[str, Check]] = {
    "hello": {"watch": lambda v: type(v) is bool, "bot": text(16)},
}
"""Fields a client may leave out: a greeting's ``watch`` (true: a spectator, no seat),
absent in a seat's greeting, so that a seat greets as it did before spectators; its
``bot``, the computer level a headless seat is played by (the host then sends each of
its questions with that level's answer, ``hint``: the thinking is the host's)."""

HOST_TYPES = frozenset(
    {"host", "welcome", "refused", "wait", "turn", "thrown", "error", "replay", "over"}
)
"""What the host sends (a client checks the type and that it is an object)."""


def json_object(raw: bytes, limit: int) -> dict[str, Any]:
    """The JSON object `raw` holds, of at most `limit` bytes: the first checks of a
    message and of a discovery datagram alike; `BadMessage` (``too_big``, ``not_json``,
    ``not_object``) otherwise."""
    if len(raw) > limit:
        raise BadMessage("too_big")
    try:
        value = json_value(raw)
    except Undecodable:
        raise BadMessage("not_json") from None
    if not isinstance(value, dict):
        raise BadMessage("not_object")
    return value


def decode(data: str | bytes, limit: int) -> dict[str, Any]:
    """The JSON object of a message of at most `limit` bytes; `BadMessage` otherwise. The
    JSON is read by the game's one decoder (`game.files.decode`: no NaN or Infinity, no
    number too long, nothing nested deeper than its limit, no lone surrogate)."""
    if isinstance(data, bytes):
        raise BadMessage("not_text")
    value = json_object(data.encode("utf-8", "surrogatepass"), limit)
    kind = value.get("type")
    if not isinstance(kind, str):
        raise BadMessage("no_type")
    return value


def parse_peer(data: str | bytes) -> dict[str, Any]:
    """A client's message checked field by field against `PEER_SCHEMAS`."""
    value = decode(data, MAX_PEER_BYTES)
    schema = PEER_SCHEMAS.get(value["type"])
    if schema is None:
        raise BadMessage("unknown_type", str(value["type"])[:32])
    optional = PEER_OPTIONAL.get(value["type"], {})
    for name in value:
        if name != "type" and name not in schema and name not in optional:
            raise BadMessage("unknown_field", str(name)[:32])
    for name, check in schema.items():
        if name not in value:
            raise BadMessage("missing_field", name)
        if not check(value[name]):
            raise BadMessage("bad_field", name)
    for name, check in optional.items():
        if name in value and not check(value[name]):
            raise BadMessage("bad_field", name)
    return value


MAX_SEATS = 16
"""More seats than any game has (a welcome's seat is below it)."""


def _seat_or_none(v: Any) -> bool:
    """A seat's number, or None: a spectator's welcome (it takes no seat)."""
    return v is None or whole(0, MAX_SEATS - 1)(v)


HOST_CHECKS: Mapping[str, Mapping[str, Check]] = {"welcome": {"seat": _seat_or_none}}
"""The fields of the host's messages a client reads as numbers, each checked."""


def parse_host(data: str | bytes) -> dict[str, Any]:
    """The host's message: an object of a type the client knows, with the fields it
    reads as numbers (`HOST_CHECKS`) there and of their kind."""
    value = decode(data, MAX_HOST_BYTES)
    if value["type"] not in HOST_TYPES:
        raise BadMessage("unknown_type", str(value["type"])[:32])
    for name, check in HOST_CHECKS.get(value["type"], {}).items():
        if name not in value:
            raise BadMessage("missing_field", name)
        if not check(value[name]):
            raise BadMessage("bad_field", name)
    return value


def encode(type_: str, **fields: Any) -> str:
    """A message as its text (compact JSON, no NaN)."""
    return json.dumps({"type": type_, **fields}, separators=(",", ":"), allow_nan=False)


@dataclass(slots=True)
class RateLimit:
    """A token bucket: `rate` messages a second on average, bursts up to `burst`."""

    rate: float = 50.0
    burst: float = 100.0
    tokens: float = 100.0
    last: float = 0.0

    def take(self, now: float | None = None) -> bool:
        """Whether one more message may be taken now (and take it)."""
        now = time.monotonic() if now is None else now
        if self.last:
            self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True


async def peer_messages(
    raws: AsyncIterable[str | bytes],
    limit: RateLimit,
    now: Callable[[], float],
    bad: Callable[[str], Awaitable[None]],
) -> AsyncIterator[dict[str, Any]]:
    """A client's messages as they come (a seat's or a spectator's), to its ``bye``:
    each checked by `parse_peer`; one past its rate (`limit` at `now`) or one that does
    not read is answered by `bad` with its reason and passed over."""
    async for raw in raws:
        if not limit.take(now()):
            await bad("rate")
            continue
        try:
            message = parse_peer(raw)
        except BadMessage as e:
            await bad(e.code)
            continue
        if message["type"] == "bye":
            return
        yield message
