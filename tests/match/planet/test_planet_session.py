"""The Battle Planet session (game.match.planet.session): both throws released at the
same moment, judged by contact, turned into the rules core's rolls; the table in step
with the rules state; a timeline with both recorded paths. Seed 003's roll:
«Бросок оба игрока делают одновременно в сторону Скрытой матрицы»; «Если ни один
Бакуган не раскрылся, игроки делают переброс»."""

from __future__ import annotations

import hashlib
import json
import math
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from game import physics
from game.ai.planet.aim import RollAimer, plan_roll
from game.ai.planet.bots import RandomBot
from game.content.planet import shipped_catalog
from game.games.planet import level_hands
from game.match.planet.physics_sim import BotSeat, run_planet_match
from game.match.planet.session import (
    PlanetSession,
    RollDone,
    TableChanged,
    ThrowRefused,
    lying_cores,
)
from game.physics.tuning import SPHERE_RADIUS
from game.rules.planet import Roll, Settings
from game.rules.planet import events as ev

CAT = shipped_catalog()
ROOT = Path(__file__).resolve().parents[3]


def session(seed: int = 4) -> PlanetSession:
    kits = [CAT.presets["pyrus_darkus"].kit, CAT.presets["aquos_haos"].kit]
    return PlanetSession(CAT, kits, Settings(first=0), seed=seed)


def to_roll(s: PlanetSession, seed: int = 1) -> None:
    """Play both players' choices at random until the rules wait for the roll."""
    bots = [RandomBot(CAT, seed), RandomBot(CAT, seed + 1)]
    for _ in range(2000):
        if s.awaiting_roll() is not None:
            return
        p = s.to_act()[0]
        s.act(bots[p].choose(None, s.legal_actions(p)))
    raise AssertionError("the rules never waited for a roll")


def straight(s: PlanetSession, player: int, at: physics.Point, speed: float) -> physics.Throw:
    box = s.zone(player).box
    origin = (at[0], 100.0 if player == 0 else s.layout.height - 100.0)
    assert box[1] <= origin[1] <= box[3]
    return physics.Throw(origin, math.atan2(at[1] - origin[1], at[0] - origin[0]), speed)


def test_both_throws_leave_at_the_same_moment_and_both_paths_are_recorded() -> None:
    s = session()
    to_roll(s)
    picked = s.awaiting_roll()
    assert picked is not None and all(picked)
    scene = s.scene()
    throws = [plan_roll(scene, s.zone(p).box, s.cores()[p]).throw for p in (0, 1)]
    entries = s.roll(throws)
    done = entries[0]
    assert isinstance(done, RollDone) and s.timeline[s.timeline.index(done)] is done
    assert done.bakugan == picked and done.cores == tuple(p.target.id for p in scene.targets)
    for p in (0, 1):
        track = done.track(p)
        assert track[0][:2] == throws[p].origin  # both at their origins at t = 0
        assert math.dist(track[1][:2], throws[p].origin) > 0  # and both moving at step 1
    # what went to the rules is what the table judged, p0's roll then p1's
    for p, roll in enumerate(done.rolls):
        landing = done.outcome.landings[p]
        assert roll.roller == p and roll.opened == landing.opened
        assert roll.core == landing.card
    opened = [e for e in entries if isinstance(e, ev.Opened)]
    assert [(e.player, e.hex) for e in opened] == [
        (p, r.core) for p, r in enumerate(done.rolls) if r.opened
    ]


def test_a_core_a_bakugan_opened_on_leaves_the_table_with_it() -> None:
    s = session()
    to_roll(s)
    target = s.cores()[0]
    plan = plan_roll(s.scene(), s.zone(0).box, target)
    far = s.cores()[-1]  # p1 rolls far too short: it does not open
    entries = s.roll([plan.throw, straight(s, 1, s.layout.core_centre(far), 300.0)])
    assert [r.core for r in entries[0].rolls] == [target, None]  # type: ignore[union-attr]
    assert target not in s.cores() and target not in [p.target.id for p in s.scene().targets]
    change = next(e for e in entries if isinstance(e, TableChanged))
    assert change.taken == (target,) and change.laid == ()
    holder = s.state.sides[0].find(s.state.sides[0].picked or "")
    assert holder is not None and holder.cores == [target]  # "attached" in the rules


def test_cores_taken_and_returned_over_whole_matches_keep_the_table_in_step() -> None:
    """Every core a Bakugan opened on leaves the table with it; every core the rules
    give back lies in its own place again (seed 003: «Прикреплённый к тому Бакугану
    БакуСектор возвращается в Скрытую матрицу»)."""
    returned = 0
    for seed in (8, 21):
        s = play(seed)
        layout = s.layout
        lying: set[tuple[int, int]] = set()
        for k, entry in enumerate(s.timeline):
            if isinstance(entry, TableChanged):
                assert not lying & set(entry.laid) and set(entry.taken) <= lying
                lying = (lying - set(entry.taken)) | set(entry.laid)
                assert set(entry.cores) == lying
            if isinstance(entry, RollDone):
                assert set(entry.cores) == lying  # thrown at exactly the cores lying there
                taken = {r.core for r in entry.rolls if r.core is not None}
                later = [e for e in s.timeline[k:] if isinstance(e, TableChanged)]
                if taken:
                    assert set(later[0].taken) == taken
            if isinstance(entry, ev.Retracted) and entry.cores:
                change = next(e for e in s.timeline[k:] if isinstance(e, TableChanged))
                assert set(entry.cores) <= set(change.laid)
                returned += len(entry.cores)
        assert lying == set(s.cores()) == set(lying_cores(s.state))
        assert {layout.core_centre(h) for h in lying} == {
            p.target.center for p in s.scene().targets
        }
    assert returned > 0


def test_neither_opened_both_roll_again_with_the_same_bakugan() -> None:
    s = session()
    to_roll(s)
    picked = s.awaiting_roll()
    short = [straight(s, p, s.layout.centre, 250.0) for p in (0, 1)]
    entries = s.roll(short)
    assert [e for e in entries if isinstance(e, ev.Reroll)]
    assert [landing.reason for landing in entries[0].outcome.landings] == [  # type: ignore[union-attr]
        physics.SHORT,
        physics.SHORT,
    ]
    assert s.awaiting_roll() == picked


def test_touching_two_cores_at_once_opens_without_a_core_and_off_the_table_stays_closed() -> None:
    s = session()
    to_roll(s)
    layout = s.layout
    # p0 rolls straight up the line where two cores of a row meet (the first such seam
    # nothing else stands in front of); p1 flies off the table
    centres = [layout.core_centre(h) for h in s.cores()]
    seams = sorted(
        ((a[0] + b[0]) / 2.0, a[1])
        for a in centres
        for b in centres
        if a[1] == b[1] and 0 < b[0] - a[0] < 38.5
    )
    off = straight(s, 1, (60.0, 0.0), 2500.0)

    def landing(seam: physics.Point, speed: float) -> physics.Landing:
        trial = s._named([straight(s, 0, seam, speed), off])
        return physics.simulate(s.scene(), trial, judge=physics.PLANET).landings[0]

    # slow enough for the cores to hold it (a faster one rolls over them)
    seam, speed = next(
        (p, float(v))
        for p in seams
        for v in range(900, 1600, 20)
        if landing(p, float(v)).reason == physics.TWO_CORES
    )
    entries = s.roll([straight(s, 0, seam, speed), off])
    done = entries[0]
    assert isinstance(done, RollDone)
    assert done.outcome.landings[0].reason == physics.TWO_CORES
    assert done.rolls == (Roll(0, True), Roll(1, False))
    assert done.outcome.landings[1].reason == physics.OFF_TABLE
    opened = next(e for e in entries if isinstance(e, ev.Opened))
    assert (opened.player, opened.hex) == (0, None)  # open, no core's bonus


def test_aimed_straight_at_the_nearest_core_it_opens_there_and_stops_there() -> None:
    """The playtest: aimed straight at the nearest core (a Fist), the sphere is drawn on
    it, yet the table said "opens on a Shield", the core behind, and the Fist stayed on
    the Matrix. A sphere opens on the first BakuCore it touches with nothing in the way,
    slowly enough to be held, and stops there: thrown ever harder along that line it
    stops short, then opens on that core, then rolls over it too fast (and over or off
    whatever it meets next); it never opens on a core behind, and they stay where they
    lie."""
    s = session()
    to_roll(s)
    layout = s.layout
    nearest = min(s.cores(), key=lambda h: layout.core_centre(h)[1])
    centre = layout.core_centre(nearest)
    far = s.cores()[-1]
    seen: dict[object, list[float]] = {}
    order: list[object] = []
    for speed in range(900, 2500, 20):
        throws = [straight(s, 0, centre, float(speed)), straight(s, 1, centre, 200.0)]
        outcome = physics.simulate(s.scene(), s._named(throws), judge=physics.PLANET)
        landing = outcome.landings[0]
        key = landing.card if landing.card is not None else landing.reason
        if key not in seen:
            order.append(key)
        seen.setdefault(key, []).append(speed)
        if landing.card is None:
            continue
        verdict = physics.PLANET.verdict(outcome.run, 0)
        assert landing.card == nearest, (speed, landing)
        # it stops where it opened: its path is still from that step on, its disc on the core
        track = outcome.track("p0")
        assert verdict.opened_at is not None
        x, y, _ = track[verdict.opened_at]
        assert track[len(track) - 1][:2] == (x, y), speed
        core = layout.core(nearest)
        assert core.distance((x, y)) < SPHERE_RADIUS, speed
    assert order[:2] == [physics.SHORT, nearest], order
    assert set(order[2:]) <= {physics.TOO_FAST, physics.TWO_CORES, physics.OFF_TABLE}, order
    assert physics.TOO_FAST in order
    assert min(seen[nearest]) > max(seen[physics.SHORT])
    held = seen[nearest]
    assert held == list(range(held[0], held[-1] + 20, 20))  # one window of speeds
    middle = float(held[len(held) // 2])
    entries = s.roll([straight(s, 0, centre, middle), straight(s, 1, centre, 200.0)])
    assert entries[0].rolls[0].core == nearest  # type: ignore[union-attr]
    assert nearest not in s.cores() and far in s.cores()


def test_two_on_one_core_both_get_it() -> None:
    """Aimed at the same core from both sides, both stay on it: both hold it."""
    for seed in range(4, 12):
        s = session(seed)
        to_roll(s, seed)
        for core in s.cores():
            if CAT.cores[s.state.matrix[core].core].b_power <= 0:
                continue  # a core of damage only shows in no B-Power breakdown
            throws = [plan_roll(s.scene(), s.zone(p).box, core).throw for p in (0, 1)]
            trial = physics.simulate(s.scene(), s._named(throws), judge=physics.PLANET)
            if [landing.card for landing in trial.landings] == [core, core]:
                entries = s.roll(throws)
                opened = [e for e in entries if isinstance(e, ev.Opened)]
                assert [(e.player, e.hex) for e in opened] == [(0, core), (1, core)]
                assert s.state.matrix[core].held_by == [
                    (0, s.state.sides[0].picked),
                    (1, s.state.sides[1].picked),
                ]
                powers = next(e for e in entries if isinstance(e, ev.Powers))
                assert all("core" in side.breakdown for side in powers.sides)
                return
    raise AssertionError("no core both planned rolls stayed on")


def test_throws_the_rules_of_throwing_refuse() -> None:
    s = session()
    with pytest.raises(ThrowRefused, match="nobody rolls"):
        s.roll([straight(s, 0, (400.0, 500.0), 900.0)] * 2)
    to_roll(s)
    good = [straight(s, p, s.layout.centre, 900.0) for p in (0, 1)]
    with pytest.raises(ThrowRefused, match="2 throws"):
        s.roll(good[:1])
    inside = physics.Throw((400.0, 300.0), math.pi / 2, 900.0)
    with pytest.raises(ThrowRefused, match="own band"):
        s.roll([inside, good[1]])
    with pytest.raises(ThrowRefused, match="own band"):
        s.roll([good[1], good[0]])  # each from the other's side
    with pytest.raises(ThrowRefused, match="from the table"):
        s.act(Roll(0, True))
    assert s.awaiting_roll() is not None  # nothing changed


def play(seed: int) -> PlanetSession:
    s = session(seed)
    seats = [
        BotSeat(RandomBot(CAT, seed), RollAimer(CAT, level_hands()["normal"], seed)),
        BotSeat(RandomBot(CAT, seed + 1), RollAimer(CAT, level_hands()["easy"], seed + 1)),
    ]
    run_planet_match(s, seats, random.Random(seed))
    return s


def digest(s: PlanetSession) -> str:
    h = hashlib.sha256()
    for entry in s.timeline:
        h.update(str(entry).encode())
        if isinstance(entry, RollDone):
            for p in (0, 1):
                h.update(entry.track(p).data)
    return h.hexdigest()


def test_a_whole_match_on_the_table_ends_with_the_table_in_step() -> None:
    s = play(21)
    assert s.over and s.state.winner in (0, 1, None)
    rolls = [e for e in s.timeline if isinstance(e, RollDone)]
    assert rolls and sum(isinstance(e, ev.TurnStarted) for e in s.timeline) >= len(
        [r for r in rolls if any(x.opened for x in r.rolls)]
    )
    assert s.cores() == lying_cores(s.state)
    # each roll's cores are what the rules had lying at that moment: none was held
    for r in rolls:
        assert r.cores and all(isinstance(h, tuple) for h in r.cores)


def test_the_same_seed_gives_the_same_match_paths_and_all() -> None:
    assert digest(play(8)) == digest(play(8))
    assert digest(play(8)) != digest(play(9))


def reference_digest() -> str:
    return digest(play(8))


def test_a_match_on_the_table_is_identical_in_another_process() -> None:
    code = (
        "import sys\n"
        f"sys.path.insert(0, {str(ROOT)!r})\n"
        f"sys.path.insert(0, {str(Path(__file__).parent)!r})\n"
        "import test_planet_session as t\n"
        "print(t.reference_digest())\n"
    )
    env = dict(os.environ, PYTHONHASHSEED="91")
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    assert json.dumps(out.stdout.strip().splitlines()[-1]) == json.dumps(reference_digest())
