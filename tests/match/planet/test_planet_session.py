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
        physics.NO_TOUCH,
        physics.NO_TOUCH,
    ]
    assert s.awaiting_roll() == picked


def test_rolled_off_a_core_opens_without_it_and_off_the_table_stays_closed() -> None:
    s = session()
    to_roll(s)
    centre = s.layout.centre
    # p0 rolls across the first core and stops beyond the Matrix; p1 flies off the table
    speed = next(
        v
        for v in range(900, 2400, 20)
        if physics.simulate(
            s.scene(), [straight(s, 0, centre, float(v))], record=False, judge=physics.PLANET
        )
        .landings[0]
        .reason
        == physics.ROLLED_OFF
    )
    entries = s.roll([straight(s, 0, centre, float(speed)), straight(s, 1, (60.0, 0.0), 2500.0)])
    done = entries[0]
    assert isinstance(done, RollDone)
    assert done.rolls == (Roll(0, True), Roll(1, False))
    assert done.outcome.landings[1].reason == physics.OFF_TABLE
    opened = next(e for e in entries if isinstance(e, ev.Opened))
    assert (opened.player, opened.hex) == (0, None)  # open, no core's bonus


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
