"""The match session joins rules, physics and players, and keeps the table in step."""

from __future__ import annotations

import json
import math
import random

import pytest

from game import physics
from game.__main__ import main
from game.content.classic import shipped_catalog
from game.match.classic.seats import BotSeat
from game.match.classic.session import MatchSession, ThrowDone, ThrowRefused, run_match
from game.rules.classic import CHANCE, SetGate, Throw, random_kit
from game.rules.classic import events as ev

CAT = shipped_catalog()


def _session(seed: int = 3) -> MatchSession:
    rng = random.Random(seed)
    return MatchSession(CAT, [random_kit(CAT, rng), random_kit(CAT, rng)], seed=seed)


def _open(session: MatchSession) -> None:
    for p, slot in ((0, (2, 2)), (1, (2, 1))):
        gate = session.state.players[p].gates[0]
        session.act(SetGate(p, gate, slot))


def _straight_at(
    session: MatchSession, player: int, slot: tuple[int, int], speed: float
) -> physics.Throw:
    target = physics.slot_center(*slot)
    origin = (target[0], 90.0 if player == 0 else 910.0)
    return physics.Throw(origin, math.atan2(target[1] - origin[1], target[0] - origin[0]), speed)


def _speed_to_open(session: MatchSession, player: int, slot: tuple[int, int]) -> physics.Throw:
    for speed in range(400, 2000, 20):
        t = _straight_at(session, player, slot, speed)
        if physics.resolve_throw(session.table(), t, record=False).landing.card == slot:
            return t
    raise AssertionError("no straight throw opens there")


def test_the_table_follows_the_rules_state() -> None:
    s = _session()
    assert s.table().cards == ()
    _open(s)
    assert {c.id for c in s.table().cards} == {(2, 2), (2, 1)}
    bakugan = s.state.players[0].unused[0]
    s.act(Throw(0, bakugan))
    assert s.awaiting_throw() == (0, bakugan) and s.actor() == 0
    assert s.state.current_player() == CHANCE
    entries = s.throw(0, _speed_to_open(s, 0, (2, 1)))
    assert isinstance(entries[0], ThrowDone) and entries[0].result.landing.card == (2, 1)
    assert any(isinstance(e, ev.Opened) for e in entries)
    standing = s.table().standing
    assert [o.id for o in standing] == [(0, bakugan)]
    assert s.table().card((2, 1)).contains(standing[0].position)


def test_a_throw_that_misses_goes_to_the_used_pile() -> None:
    s = _session()
    _open(s)
    b = s.state.players[0].unused[0]
    s.act(Throw(0, b))
    entries = s.throw(0, _straight_at(s, 0, (2, 2), 2500.0))  # flies off the far edge
    assert entries[0].result.landing.reason == physics.OFF_TABLE  # type: ignore[union-attr]
    assert b in s.state.players[0].used and s.state.turn_player == 1


def test_throws_are_refused_with_a_reason() -> None:
    s = _session()
    _open(s)
    with pytest.raises(ThrowRefused, match="no Bakugan to throw"):
        s.throw(0, _straight_at(s, 0, (2, 2), 900))
    s.act(Throw(0, s.state.players[0].unused[0]))
    with pytest.raises(ThrowRefused, match="own side"):
        s.throw(0, physics.Throw((400.0, 500.0), 0.0, 900))
    with pytest.raises(ThrowRefused, match="no Bakugan to throw"):
        s.throw(1, _straight_at(s, 1, (2, 2), 900))
    with pytest.raises(ThrowRefused, match="landing comes from the physics"):
        from game.rules.classic import Miss

        s.act(Miss())


def test_bots_play_whole_physics_matches_deterministically() -> None:
    def play(seed: int) -> tuple[int, list[str]]:
        s = _session(seed)
        stats = run_match(
            s, [BotSeat.named("greedy", CAT, seed), BotSeat.named("random", CAT, seed + 1)]
        )
        return stats.winner, [str(e) for e in s.timeline]

    for seed in range(4):
        first = play(seed)
        assert first == play(seed)
        assert len([e for e in first[1] if "wins with" in e]) == 1


def test_sim_with_physics_reports_throws_and_hit_rate() -> None:
    import io
    from contextlib import redirect_stdout

    out = io.StringIO()
    with redirect_stdout(out):
        code = main(
            [
                "sim",
                "--rules",
                "classic",
                "--physics",
                "--games",
                "6",
                "--seed",
                "1",
                "--json",
                "--policies",
                "greedy,greedy",
            ]
        )
    data = json.loads(out.getvalue())
    assert code == 0
    assert {
        "games",
        "wins",
        "mean_turns",
        "mean_battles",
        "matches_per_sec",
        "throws",
        "hit_rate",
        "throws_per_sec",
    } <= set(data)
    assert data["throws"] > 0 and 0.3 < data["hit_rate"] <= 1.0 and data["throws_per_sec"] > 0
