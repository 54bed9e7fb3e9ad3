"""Continue on the Battle Planet screen is the same match (issue 18, part 1): the
autosave of the match a screen plays (`PlanetMatch.to_json`) keeps each computer's
snapshot, so the resumed computers choose and throw exactly as the uninterrupted ones
would; a computer caught thinking in the worker thread, or whose throw waits hidden for
the person's, is saved as it stood before that decision and makes it again, the same
way."""

from __future__ import annotations

import json
import random

import pytest

from game.content.planet import shipped_catalog
from game.match.planet.play import THROW, BadMatchSave, PlanetMatch, preset_setup
from game.match.planet.seats import computer_seat
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


def _step(match: PlanetMatch, person: object) -> list[str]:
    """One step as the screen takes them (a computer's first, then the person's): its
    entries as text."""
    task = match.computer_task()
    if task is not None:
        answer = match.think(task)
        return [repr(answer), *(str(e) for e in match.commit(task, answer))]
    if match.people_to_act():
        obs = match.observation(0)
        action = person.choose(obs, match.legal_actions(0))  # type: ignore[attr-defined]
        return [str(action), *(str(e) for e in match.act(action))]
    if match.throws_awaited():
        session = match.session
        throw = person.throw(match.observation(0), session.scene(), session.zone(0))  # type: ignore[attr-defined]
        return [repr(throw), *(str(e) for e in match.throw(0, throw))]
    raise AssertionError("nobody can move in a match that is not over")


def _saved(match: PlanetMatch) -> dict:
    return json.loads(json.dumps(match.to_json()))


def _interrupted_step(
    match: PlanetMatch, person: object, when: str
) -> tuple[list[str], dict | None, bool]:
    """A step with the autosave written at `when`: ``after`` the step; ``mid``-thought
    (the computer has its answer, not yet carried out: the seat has moved on);
    ``pending`` (the computer's throw made, hidden, the person's still to come). The
    entries, the save (None: not this step), and whether the rest starts after it."""
    if when == "after":
        entries = _step(match, person)
        return entries, _saved(match), True
    task = match.computer_task()
    if task is None or (when == "pending" and task.kind != THROW):
        return _step(match, person), None, True
    answer = match.think(task)
    saved = _saved(match) if when == "mid" else None
    entries = [repr(answer), *(str(e) for e in match.commit(task, answer))]
    if when == "pending" and match.throws_awaited():
        saved = _saved(match)
    return entries, saved, False


def _play(
    match: PlanetMatch, person: object, stop: int, when: str = "after"
) -> tuple[list[str], dict | None, object, int]:
    log: list[str] = []
    taken: dict | None = None
    person_snap: object = None
    at = 0
    n = 0
    while not match.over and n < 2_000:
        if n >= stop and taken is None:
            before = person.snapshot()  # type: ignore[attr-defined]
            entries, taken, after = _interrupted_step(match, person, when)
            if taken is not None:
                at = len(log) + len(entries) if after else len(log)
                person_snap = person.snapshot() if after else before  # type: ignore[attr-defined]
            log.extend(entries)
        else:
            log.extend(_step(match, person))
        n += 1
    return log, taken, person_snap, at


WHEN = ("after", "mid", "pending")


@pytest.mark.parametrize("seed", SEEDS)
def test_a_resumed_planet_match_goes_on_as_the_uninterrupted_one(seed: int) -> None:
    match = _match(seed)
    person = _person(match, seed)
    stop = random.Random(f"stop:{seed}").randrange(1, 80)
    log, taken, person_snap, at = _play(match, person, stop, WHEN[seed % 3])
    assert match.over and taken is not None, "the match ended before the interruption"
    assert taken["bots"][0] is None and isinstance(taken["bots"][1], dict)
    resumed = PlanetMatch.from_json(taken, CAT, levels())
    hands = _person(resumed, seed)
    hands.restore(person_snap)  # type: ignore[attr-defined]
    rest, _, _, _ = _play(resumed, hands, 10**9)
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
