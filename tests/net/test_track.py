"""The aim guide at a network table dots the path a throw takes through the very physics
the host resolves it with: each sphere game rebuilds its table from the throw's public
context (`NetKit.track`), and the path is the host's, to the millimetre."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from game import physics
from game.games import REGISTRY
from game.games.net_kit import TableRequest


def _first_throws(game: str, count: int) -> list[tuple[Any, int, dict[str, Any]]]:
    """The table at each of its first `count` throws: (table, seat, the throw's params),
    every seat a remote one answered by the Easy computer's hint."""
    kit = REGISTRY[game].net
    assert kit is not None
    table: Any = kit.table(TableRequest(("remote", "remote"), 5, None))
    found: list[tuple[Any, int, dict[str, Any]]] = []
    for _ in range(2_000):  # bounded: a match of either game asks far fewer questions
        if table.over or len(found) >= count:
            break
        table.step()
        waiting = table.waiting()
        if not waiting:
            continue
        seat, kind = sorted(waiting.items())[0]
        answer = table.hint(seat, "easy")
        if kind == "throw":
            found.append((table, seat, answer))
            table.throw(seat, answer)
        else:
            table.act(seat, answer)
    assert len(found) >= count
    return found


def test_a_classic_throw_s_guided_path_is_the_path_the_host_resolves() -> None:
    kit = REGISTRY["classic"].net
    assert kit is not None
    for table, seat, params in _first_throws("classic", 4):
        throw = table.throw_of(params)
        context = table.context(seat)
        guided = kit.track(context, throw)
        host = physics.resolve_throw(table.session.table(), throw).trajectory
        assert guided is not None and guided.duration == pytest.approx(host.duration)
        for t in (0.0, guided.duration / 3, guided.duration):
            assert guided.at(t) == pytest.approx(host.at(t), abs=1e-6)


def test_a_planet_roll_s_guided_path_is_the_host_s_for_that_sphere_alone() -> None:
    """Both spheres roll at once at the host; the guide knows only its own, so it is the
    host's path of that sphere rolled alone on the same Matrix."""
    kit = REGISTRY["planet"].net
    assert kit is not None
    for table, seat, params in _first_throws("planet", 4):
        throw = dataclasses.replace(table.throw_of(params), sphere_id=f"p{seat}")
        guided = kit.track(table.context(seat), throw)
        scene = table.session.scene()
        host = physics.simulate(scene, [throw], judge=physics.PLANET, fresh=True)
        alone = host.track(throw.sphere_id)
        assert guided is not None and guided.duration == pytest.approx(alone.duration)
        for t in (0.0, guided.duration / 2, guided.duration):
            assert guided.at(t) == pytest.approx(alone.at(t), abs=1e-6)


def test_a_release_the_physics_refuses_has_no_guide_and_attack_s_die_none() -> None:
    kit = REGISTRY["classic"].net
    assert kit is not None
    table, seat, params = _first_throws("classic", 1)[0]
    weak = dataclasses.replace(table.throw_of(params), speed=0.5)
    assert kit.track(table.context(seat), weak) is None
    attack = REGISTRY["attack"].net
    assert attack is not None and attack.track({}, table.throw_of(params)) is None
