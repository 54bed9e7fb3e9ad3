"""The one engine with several spheres released at the same step (game.physics.simulate):
they collide with each other, with standing pieces and with pieces that may be pushed;
a judge is a strategy that reads the run; and every run stays bit-identical."""

from __future__ import annotations

import hashlib
import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.physics import (
    CLASSIC,
    MAX_SPEED,
    CardSpec,
    CoreSpec,
    Landing,
    Loose,
    Motion,
    Outcome,
    Placement,
    Run,
    Scene,
    Solid,
    Throw,
    clear_scene_cache,
    simulate,
)
from game.physics import fast as physics_fast
from game.physics.tuning import DT

ROOT = Path(__file__).resolve().parents[2]
UP = math.pi / 2
DOWN = -math.pi / 2


@pytest.fixture(autouse=True)
def _fresh() -> object:
    clear_scene_cache()
    yield
    clear_scene_cache()


def digest(outcome: Outcome) -> str:
    run = outcome.run
    h = hashlib.sha256()
    h.update(repr((outcome.landings, run.steps, run.rested, run.contacts, run.touches)).encode())
    for s in run.spheres:
        h.update(repr((s.id, s.position, s.angle, s.exit_step, s.captured)).encode())
        h.update(s.track)
    return h.hexdigest()


def test_two_spheres_thrown_at_once_meet_head_on_and_both_are_judged() -> None:
    scene = Scene(600.0, 800.0)
    a = Throw((300.0, 60.0), UP, 1500.0, sphere_id="a")
    b = Throw((300.0, 740.0), DOWN, 1500.0, sphere_id="b")
    outcome = simulate(scene, [a, b])
    run = outcome.run
    # both left at step 0: their tracks start together, at their origins
    track_a, track_b = outcome.track("a"), outcome.track("b")
    assert track_a[0][:2] == a.origin and track_b[0][:2] == b.origin
    assert track_a[1][1] > a.origin[1] and track_b[1][1] < b.origin[1]
    assert len(track_a) == len(track_b) == run.steps + 1
    # they met in the middle, once, at the sum of their speeds
    hits = [c for c in run.contacts if c.sphere_other is not None]
    assert len(hits) == 1
    hit = hits[0]
    assert (hit.sphere, hit.sphere_other) == (0, 1)
    assert run.other(hit) == "b"
    assert hit.position[1] == pytest.approx(400.0, abs=1.0)
    assert hit.closing > 1500.0  # both still rolling at ~800 mm/s
    # and bounced back, mirror images of each other
    ya, yb = run.spheres[0].position[1], run.spheres[1].position[1]
    assert ya < 400.0 - 14.0 < 400.0 + 14.0 < yb
    assert ya + yb == pytest.approx(800.0, abs=1e-6)
    assert run.rested and len(outcome.landings) == 2
    assert [(landing.reason, landing.by) for landing in outcome.landings] == [
        ("bounced", "b"),
        ("bounced", "a"),
    ]


def test_spheres_thrown_together_bounce_off_a_standing_piece_and_off_each_other() -> None:
    drago = Solid("drago", radius=16.0, offset=(200.0, 400.0))
    scene = Scene(600.0, 800.0, frozenset({"left", "right"}), pieces=(drago,))
    a = Throw((200.0, 60.0), UP, 1400.0, sphere_id="a")
    b = Throw((420.0, 60.0), UP + 0.45, 1600.0, sphere_id="b")
    run = simulate(scene, [a, b]).run
    named = {(run.spheres[c.sphere].id, run.other(c)) for c in run.contacts}
    assert ("a", "drago") in named
    assert any(c.solid is not None for c in run.contacts_of(0))
    # the piece stood still: a cannot have passed it
    assert run.spheres[0].position[1] < 400.0


def test_a_loose_piece_is_pushed_away_and_comes_to_rest() -> None:
    drago = Loose("drago", (300.0, 400.0), radius=16.0, mass=1.0)
    scene = Scene(600.0, 1200.0, loose=(drago,))
    outcome = simulate(scene, [Throw((300.0, 60.0), UP, 1400.0, sphere_id="a")])
    run = outcome.run
    pushed = run.spheres[1]
    assert (pushed.id, pushed.thrown) == ("drago", False)
    assert run.other(run.contacts[0]) == "drago"
    assert pushed.position[1] > 400.0 + 100.0  # knocked along the throw
    assert run.rested and not pushed.exited  # table friction stopped it
    assert len(outcome.landings) == 1  # only thrown spheres are judged
    track = outcome.track("drago")
    assert track[0][:2] == drago.position and track[-1][:2] == pushed.position


class FirstTouch:
    """A judge by contact (the shape Battle Planet's will have): a sphere opens on the
    first target its disc touched, unless it touched another sphere or a solid before."""

    touches = True

    def __call__(self, run: Run) -> tuple[Landing, ...]:
        out: list[Landing] = []
        for i, s in enumerate(run.spheres):
            if not s.thrown:
                continue
            touched = run.touched(i)
            blocked = [c.step for c in run.contacts_of(i)]
            if touched and not (blocked and min(blocked) <= touched[0][0]):
                target = run.scene.targets[touched[0][1]].target
                out.append(Landing(target.id, False, None, s.position))
            else:
                out.append(
                    Landing(None, False, "obstructed" if blocked else "off_card", s.position)
                )
        return tuple(out)


def test_a_judge_is_a_strategy_that_reads_touches_and_contacts() -> None:
    cores = (Placement(CoreSpec("c1", (200.0, 500.0))), Placement(CoreSpec("c2", (420.0, 500.0))))
    scene = Scene(600.0, 900.0, targets=cores, touches=True)
    clean = Throw((200.0, 60.0), UP, 1400.0, sphere_id="a")
    # b is aimed to cross a's path before a reaches its core
    crossing = Throw((560.0, 60.0), UP + 0.8, 2000.0, sphere_id="b")
    alone = simulate(scene, [clean], judge=FirstTouch())
    assert alone.landings[0].card == "c1"
    assert alone.run.touched(0)[0][1] == 0  # the core under a's path
    together = simulate(scene, [clean, crossing], judge=FirstTouch())
    run = together.run
    assert [c for c in run.contacts if c.sphere_other is not None], "the spheres must meet"
    assert together.landings[0].reason == "obstructed"
    # the classic judge reads the same run by rest positions instead
    assert len(CLASSIC(run)) == 2
    # a judge that needs touches refuses a scene that does not track them
    with pytest.raises(ValueError, match="touches"):
        simulate(Scene(600.0, 900.0, targets=cores), [clean], judge=FirstTouch())


def test_where_spheres_may_be_released_together() -> None:
    card = Placement(CardSpec("g", (300.0, 500.0)))
    scene = Scene(600.0, 800.0, frozenset({"near"}), targets=(card,))
    a = Throw((300.0, 60.0), UP, 900.0, sphere_id="a")
    with pytest.raises(ValueError, match="overlap"):
        simulate(scene, [a, Throw((310.0, 70.0), UP, 900.0, sphere_id="b")])
    with pytest.raises(ValueError, match="own sphere_id"):
        simulate(scene, [a, Throw((100.0, 60.0), UP, 900.0, sphere_id="a")])
    with pytest.raises(ValueError, match="from 'g'"):
        simulate(scene, [a, Throw((300.0, 380.0), UP, 900.0, sphere_id="b")])
    with pytest.raises(ValueError, match="near cushion"):
        simulate(scene, [Throw((300.0, 5.0), UP, 900.0)])
    assert simulate(scene, [a, Throw((100.0, 60.0), UP, 900.0, sphere_id="b")]).run.rested


def busy_scene() -> tuple[Scene, list[list[Throw]]]:
    """Two throws at once among a moving block, a still post, a loose sphere and a
    moving card, with spin and masses other than 1."""
    sweeper = Solid(
        "sweeper",
        vertices=((-60.0, -9.0), (60.0, -9.0), (60.0, 9.0), (-60.0, 9.0)),
        motion=Motion(((150.0, 420.0), (450.0, 420.0)), 250.0),
        base=(300.0, 420.0, 0.0),
    )
    post = Solid("post", radius=20.0, offset=(450.0, 620.0))
    card = Placement(CardSpec("g", (300.0, 700.0)), Motion(((220.0, 700.0), (380.0, 700.0)), 60.0))
    rider = Solid("rider", radius=14.0, offset=(0.0, 30.0), on=0)
    scene = Scene(
        600.0,
        900.0,
        frozenset({"left", "right", "far"}),
        pieces=(sweeper, post),
        targets=(card,),
        standing=(rider,),
        loose=(Loose("r", (200.0, 560.0), 15.0, 1.3),),
    )
    throws = []
    for k in range(8):
        throws.append(
            [
                Throw((150.0 + 10 * k, 60.0), UP + 0.05 * k - 0.1, 900 + 200 * k, 0.9, mass=1.2),
                Throw(
                    (460.0 - 7 * k, 80.0), UP - 0.04 * k + 0.1, 2600 - 150 * k, -0.5, 13.0, 0.9, "b"
                ),
            ]
        )
    return scene, throws


def test_runs_are_the_same_cached_fresh_and_through_the_public_api(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    scene, throws = busy_scene()
    first = [digest(simulate(scene, pair, 40 * k)) for k, pair in enumerate(throws)]
    assert len(set(first)) == len(first)
    again = [digest(simulate(scene, pair, 40 * k)) for k, pair in enumerate(throws)]
    fresh = [digest(simulate(scene, pair, 40 * k, fresh=True)) for k, pair in enumerate(throws)]
    monkeypatch.setattr(physics_fast, "USE_FAST_ACCESS", False)
    public = [digest(simulate(scene, pair, 40 * k, fresh=True)) for k, pair in enumerate(throws)]
    assert first == again == fresh == public


def reference_digests() -> list[str]:
    scene, throws = busy_scene()
    return [digest(simulate(scene, pair, 40 * k)) for k, pair in enumerate(throws)]


def test_two_sphere_runs_are_identical_in_another_process() -> None:
    code = (
        "import json, sys\n"
        f"sys.path.insert(0, {str(ROOT)!r})\n"
        f"sys.path.insert(0, {str(Path(__file__).parent)!r})\n"
        "import test_simulate as t\n"
        "print(json.dumps(t.reference_digests()))\n"
    )
    env = dict(os.environ, PYTHONHASHSEED="77")
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    assert json.loads(out.stdout.strip().splitlines()[-1]) == reference_digests()


@pytest.mark.parametrize("mass", [1.0, 1.2])
def test_the_spin_push_is_the_same_alone_and_among_other_bodies(mass: float) -> None:
    """Alone, the push is space.gravity; with another dynamic body (a loose sphere far
    away, never touched) it is a force on the sphere: the same doubles either way."""
    throw = Throw((300.0, 60.0), UP + 0.1, 1300.0, 1.0, mass=mass)
    alone = simulate(Scene(600.0, 900.0), [throw])
    far = Loose("far", (580.0, 880.0))
    among = simulate(Scene(600.0, 900.0, loose=(far,)), [throw])
    assert among.run.contacts == ()
    assert among.run.steps == alone.run.steps
    assert among.run.spheres[0].track == alone.run.spheres[0].track
    assert among.run.spheres[0].position == alone.run.spheres[0].position


@pytest.mark.parametrize("fast", [True, False])
def test_a_sphere_leaving_the_table_ends_its_track_while_the_other_rolls_on(
    fast: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(physics_fast, "USE_FAST_ACCESS", fast)
    scene = Scene(600.0, 900.0, loose=(Loose("r", (100.0, 300.0)),))
    gone = Throw((300.0, 60.0), UP, MAX_SPEED, sphere_id="gone")
    stays = Throw((100.0, 60.0), UP, 900.0, sphere_id="stays")
    run = simulate(scene, [gone, stays]).run
    a, b, r = run.spheres
    assert a.exited and not b.exited and a.exit_step is not None
    assert a.exit_step < run.steps
    assert len(a.track) // 24 == a.exit_step + 1
    assert len(b.track) // 24 == len(r.track) // 24 == run.steps + 1
    assert a.position[1] > scene.height
    assert run.other(next(c for c in run.contacts if c.sphere == 1)) == "r"
    # its track goes on smoothly past the exit (the recorder found it again)
    track = simulate(scene, [gone, stays]).track("stays")
    steps = [math.dist(track[i][:2], track[i + 1][:2]) for i in range(len(track) - 1)]
    assert max(steps) <= MAX_SPEED * DT + 1e-9


def test_a_moving_card_carries_its_magnet_and_a_caught_sphere() -> None:
    slider = Placement(
        CardSpec("g", (300.0, 600.0)), Motion(((200.0, 600.0), (400.0, 600.0)), 60.0)
    )
    scene = Scene(600.0, 900.0, targets=(slider,))
    caught = None
    for speed in range(1000, 1300, 20):
        outcome = simulate(scene, [Throw((300.0, 100.0), UP + 0.08, float(speed))])
        if outcome.run.spheres[0].captured == 0:
            caught = outcome
            break
    assert caught is not None
    card = caught.run.targets_at_end()[0]
    assert math.dist(caught.run.spheres[0].position, card.center) < 2.0
    assert caught.landings[0] == Landing("g", False, None, caught.run.spheres[0].position)
