"""The JSON form of an Attack state: plain lists, numbers and strings, so a save, a
replay or a test can round-trip it exactly (`AttackState.to_json` / `from_json`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import Deck
from .settings import MASK64, Phase, Settings, mix

if TYPE_CHECKING:
    from .state import AttackState

_INTS = ("dealer", "leader", "turn", "deal_no", "round_no", "rounds_played", "rolled", "draws")


def dump(s: AttackState) -> dict[str, Any]:
    return {
        "settings": s.settings.to_json(),
        "seed": s.seed,
        "draws": s.draws,
        "phase": s.phase.value,
        "hands": [list(h) for h in s.hands],
        "table": [[p, c] for p, c in s.table],
        "pending": list(s.pending),
        "caught": [list(c) for c in s.caught],
        "discards": list(s.discards),
        "aside": list(s.aside),
        "removed": list(s.removed),
        "targets": list(s.targets),
        "faces": list(s.faces),
        "points": list(s.points),
        "dealer": s.dealer,
        "leader": s.leader,
        "turn": s.turn,
        "mode": s.mode,
        "deal_no": s.deal_no,
        "round_no": s.round_no,
        "rounds_played": s.rounds_played,
        "rollers": list(s.rollers),
        "rolls": list(s.rolls),
        "rolled": s.rolled,
        "history": [
            [[[p, c] for p, c in plays], [[p, c] for p, c in caught]] for plays, caught in s.history
        ],
        "deal_pool": dict(s.deal_pool),
        "over_reason": s.over_reason,
    }


def _plays(raw: Any) -> tuple[tuple[int, str], ...]:
    return tuple((int(p), str(c)) for p, c in raw)


def load_into(s: AttackState, data: dict[str, Any], deck: Deck) -> None:
    """Fill a blank state from `dump`'s form."""
    s.deck = deck
    s.settings = Settings.from_json(data["settings"])
    s.n = s.settings.players
    s.seed = int(data["seed"])
    s.key = mix(s.seed & MASK64)
    s.phase = Phase(data["phase"])
    s.hands = [[str(c) for c in h] for h in data["hands"]]
    s.table = list(_plays(data["table"]))
    s.pending = [None if c is None else str(c) for c in data["pending"]]
    s.caught = [[str(c) for c in pile] for pile in data["caught"]]
    s.discards = [str(c) for c in data["discards"]]
    s.aside = [str(c) for c in data["aside"]]
    s.removed = [str(c) for c in data["removed"]]
    s.targets = [None if t is None else int(t) for t in data["targets"]]
    s.faces = [None if f is None else int(f) for f in data["faces"]]
    s.points = [int(p) for p in data["points"]]
    for name in _INTS:
        setattr(s, name, int(data[name]))
    s.mode = str(data["mode"])
    s.rollers = [int(p) for p in data["rollers"]]
    s.rolls = [int(f) for f in data["rolls"]]
    s.history = [(_plays(plays), _plays(got)) for plays, got in data["history"]]
    s.deal_pool = {str(c): int(k) for c, k in data["deal_pool"].items()}
    s.over_reason = str(data["over_reason"])
