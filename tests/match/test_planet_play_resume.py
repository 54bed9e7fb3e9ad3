"""Continue on the Battle Planet screen is the same match (issue 18, part 1): the
autosave of the match a screen plays (`PlanetMatch.to_json`) keeps each computer's
snapshot, so the resumed computers choose and throw exactly as the uninterrupted ones
would; a computer caught thinking in the worker thread is saved as it stood before
that decision and makes it again, the same way."""

from __future__ import annotations

import json
import random

import pytest

from game.content.planet import shipped_catalog
from game.match.planet_play import BadMatchSave, PlanetMatch, preset_setup
from game.match.planet_seats import computer_seat
from game.ui.planet.seats import levels

CAT = shipped_catalog()
LEVELS = ("easy", "normal", "hard")
SEEDS = range(12)


def _match(seed: int) -> PlanetMatch:
    presets = sorted(CAT.presets)
    rng = random.Random(seed)
    decks = [presets[rng.randrange(len(presets))] for _ in (0, 1)]
    setup = preset_setup(CAT, decks, (True, False), LEVELS[seed % 3], seed)
    return PlanetMatch(CAT, setup, levels())


def _person(match: PlanetMatch, seed: int) -> object:
    """The person's hands: a computer seat of its own, seeded, that the test drives."""
    return computer_seat(CAT, "easy", 10_000 + seed, match.setup.kits[0], levels())


def _step(
    match: PlanetMatch, person: object, save_mid_think: bool = False
) -> tuple[list[str], str | None]:
    """One step as the screen takes them (a computer's first, then the person's); the
    entries as text, and the autosave if it was asked for while a computer thought."""
    saved = None
    task = match.computer_task()
    if task is not None:
        if save_mid_think:
            saved = json.dumps(match.to_json())
        answer = match.think(task)
        return [repr(answer), *(str(e) for e in match.commit(task, answer))], saved
    if match.people_to_act():
        obs = match.observation(0)
        action = person.choose(obs, match.legal_actions(0))  # type: ignore[attr-defined]
        return [str(action), *(str(e) for e in match.act(action))], saved
    if match.throws_awaited():
        session = match.session
        throw = person.throw(match.observation(0), session.scene(), session.zone(0))  # type: ignore[attr-defined]
        return [repr(throw), *(str(e) for e in match.throw(0, throw))], saved
    raise AssertionError("nobody can move in a match that is not over")


def _play(
    match: PlanetMatch, person: object, stop: int, mid_think: bool
) -> tuple[list[str], dict | None, object, int]:
    log: list[str] = []
    taken: dict | None = None
    person_snap: object = None
    at = 0
    n = 0
    while not match.over and n < 2_000:
        if n == stop and taken is None:
            if mid_think and match.computer_task() is None:
                stop += 1  # wait for a step a computer thinks out
            else:
                match._thinking = None  # the probe above took nothing
                person_snap = person.snapshot()  # type: ignore[attr-defined]
                at = len(log)
                entries, saved = _step(match, person, save_mid_think=mid_think)
                taken = json.loads(saved) if saved else json.loads(json.dumps(match.to_json()))
                if not mid_think:  # saved after the step: the rest starts after it
                    at = len(log) + len(entries)
                    person_snap = person.snapshot()  # type: ignore[attr-defined]
                log.extend(entries)
                n += 1
                continue
        log.extend(_step(match, person)[0])
        n += 1
    return log, taken, person_snap, at


@pytest.mark.parametrize("seed", SEEDS)
def test_a_resumed_planet_match_goes_on_as_the_uninterrupted_one(seed: int) -> None:
    match = _match(seed)
    person = _person(match, seed)
    stop = random.Random(f"stop:{seed}").randrange(1, 80)
    mid_think = seed % 2 == 0
    log, taken, person_snap, at = _play(match, person, stop, mid_think)
    assert match.over and taken is not None, "the match ended before the interruption"
    assert taken["bots"][0] is None and isinstance(taken["bots"][1], dict)
    resumed = PlanetMatch.from_json(taken, CAT, levels())
    hands = _person(resumed, seed)
    hands.restore(person_snap)  # type: ignore[attr-defined]
    rest, _, _, _ = _play(resumed, hands, -1, False)
    assert rest == log[at:]
    assert resumed.state.to_json() == match.state.to_json()


def test_an_older_autosave_without_snapshots_still_resumes() -> None:
    match = _match(1)
    payload = json.loads(json.dumps(match.to_json()))
    del payload["bots"]
    assert PlanetMatch.from_json(payload, CAT, levels()).state.to_json() == match.state.to_json()


@pytest.mark.parametrize(
    "bots, field",
    [("x", "bots"), ([None], "bots"), ([None, 3], "bots[1]"), ([None, {"bot": None}], "bots[1]")],
)
def test_a_snapshot_that_does_not_fit_is_refused_with_its_field(bots: object, field: str) -> None:
    payload = json.loads(json.dumps(_match(2).to_json()))
    payload["bots"] = bots
    with pytest.raises(BadMatchSave, match=field.replace("[", r"\[").replace("]", r"\]")):
        PlanetMatch.from_json(payload, CAT, levels())
