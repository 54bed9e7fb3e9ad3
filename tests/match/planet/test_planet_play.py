"""The Battle Planet match at one screen: people and computers, throws handed in one by
one and released together, the autosave payload."""

from __future__ import annotations

import json
import math

import pytest

from game import physics
from game.content.planet import shipped_catalog
from game.match.planet.play import BadMatchSave, MatchSetup, PlanetMatch, preset_setup
from game.match.planet.seats import computer_seat
from game.match.planet.session import RollDone, ThrowRefused
from game.rules.planet import Settings

CATALOG = shipped_catalog()
DECKS = sorted(CATALOG.presets)[:2]


def person_throw(match: PlanetMatch, player: int) -> physics.Throw:
    """A throw from the middle of the player's band straight across the table."""
    zone = match.session.zone(player)
    x0, y0, x1, y1 = zone.box
    cx, cy = match.session.layout.centre
    origin = ((x0 + x1) / 2, (y0 + y1) / 2)
    angle = math.atan2(cy - origin[1], cx - origin[0])
    return physics.Throw(origin, angle, 700.0, 0.0)


def play_out(match: PlanetMatch, limit: int = 20_000) -> None:
    """People choose their first legal action and throw across the table."""
    for _ in range(limit):
        if match.over:
            return
        awaited = match.throws_awaited()
        if awaited:
            match.throw(awaited[0], person_throw(match, awaited[0]))
            continue
        people = match.people_to_act()
        if people:
            match.act(match.legal_actions(people[0])[0])
            continue
        assert match.step_computer() is not None, "nobody could act"
    raise AssertionError("the match did not end")


def test_against_the_computer_plays_to_the_end_with_a_winner_of_the_core() -> None:
    match = PlanetMatch(CATALOG, preset_setup(CATALOG, DECKS, seed=3))
    play_out(match)
    assert match.over
    assert match.winner == match.state.winner
    assert any(isinstance(e, RollDone) for e in match.session.timeline)


def test_the_computer_throws_while_the_person_aims_and_both_fly_once_he_has() -> None:
    match = PlanetMatch(CATALOG, preset_setup(CATALOG, DECKS, seed=5))
    while match.session.awaiting_roll() is None:
        people = match.people_to_act()
        if people:
            match.act(match.legal_actions(people[0])[0])
        else:
            match.step_computer()
    assert match.throws_awaited() == (0,)
    task = match.computer_task()
    assert task is not None and task.kind == "throw" and task.player == 1
    assert match.step_computer() == []  # its throw is in, hidden: nothing rolls yet
    assert match.thrown(1) and match.step_computer() is None  # the roll waits for the person
    rolls_before = sum(isinstance(e, RollDone) for e in match.session.timeline)
    entries = match.throw(0, person_throw(match, 0))
    assert isinstance(entries[0], RollDone)
    assert sum(isinstance(e, RollDone) for e in match.session.timeline) == rolls_before + 1


def test_hot_seat_waits_for_both_throws_then_releases_them_together() -> None:
    match = PlanetMatch(CATALOG, preset_setup(CATALOG, DECKS, humans=(True, True), seed=2))
    while match.session.awaiting_roll() is None:
        match.act(match.legal_actions(match.people_to_act()[0])[0])
    assert match.throws_awaited() == (0, 1)
    assert match.throw(0, person_throw(match, 0)) == []
    assert match.thrown(0) and match.throws_awaited() == (1,)
    entries = match.throw(1, person_throw(match, 1))
    done = entries[0]
    assert isinstance(done, RollDone)
    assert not match.thrown(0) and not match.thrown(1)


def test_a_throw_from_outside_the_band_is_refused_with_the_reason() -> None:
    match = PlanetMatch(CATALOG, preset_setup(CATALOG, DECKS, humans=(True, True), seed=2))
    while match.session.awaiting_roll() is None:
        match.act(match.legal_actions(match.people_to_act()[0])[0])
    cx, cy = match.session.layout.centre
    with pytest.raises(ThrowRefused, match="own band"):
        match.throw(0, physics.Throw((cx, cy), 0.0, 500.0, 0.0))
    assert match.throws_awaited() == (0, 1)


def test_the_autosave_payload_goes_on_identically() -> None:
    match = PlanetMatch(CATALOG, preset_setup(CATALOG, DECKS, seed=9))
    for _ in range(60):
        if match.throws_awaited():
            match.throw(0, person_throw(match, 0))
        elif match.people_to_act():
            match.act(match.legal_actions(match.people_to_act()[0])[0])
        else:
            match.step_computer()
    payload = json.loads(json.dumps(match.to_json()))
    again = PlanetMatch.from_json(payload, CATALOG)
    assert again.state == match.state
    assert again.setup == match.setup
    assert again.session.cores() == match.session.cores()


@pytest.mark.parametrize(
    "payload",
    [{}, {"game": "classic"}, {"game": "planet", "version": 99}, {"game": "planet", "version": 1}],
)
def test_a_payload_that_does_not_fit_is_refused(payload: dict[str, object]) -> None:
    with pytest.raises(BadMatchSave):
        PlanetMatch.from_json(payload, CATALOG)


def test_setup_round_trips() -> None:
    setup = preset_setup(CATALOG, DECKS, (True, True), "hard", 4, Settings(first=1))
    assert MatchSetup.from_json(json.loads(json.dumps(setup.to_json()))) == setup


def test_an_unknown_level_is_named() -> None:
    with pytest.raises(ValueError, match="easy, normal, hard"):
        computer_seat(CATALOG, "expert", 0, CATALOG.presets[DECKS[0]].kit)
