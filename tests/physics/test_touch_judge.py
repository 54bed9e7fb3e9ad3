"""Battle Planet's judge by contact (game.physics.touch): each sentence of its rule as a
run written by hand (where every sphere was when each touch began), then the same
situations rolled on the real engine.

The rule (research, Roll Step): a Bakugan counts as opened only if it touches a BakuCore
without touching an obstruction (another Bakugan, cards, anything but the rolling area
and the Matrix); both on one core both get it; opened from contact but not attached:
open without the bonus.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pytest

from game.physics import (
    CLASSIC,
    NO_TOUCH,
    OBSTRUCTED,
    OFF_TABLE,
    PLANET,
    ROLLED_OFF,
    CardSpec,
    CoreSpec,
    Landing,
    Loose,
    Placement,
    Run,
    Scene,
    Solid,
    SphereRun,
    Throw,
    Touch,
    TouchJudge,
    simulate,
)
from game.physics.geometry import Point

UP = math.pi / 2
DOWN = -math.pi / 2
R = 14.0
CORE_A = CoreSpec("a", (300.0, 500.0))
CORE_B = CoreSpec("b", (338.0, 500.0))  # flat to flat with a, on its +x side


def scene(*extra: Placement, pieces: tuple[Solid, ...] = (), cushions: str = "") -> Scene:
    return Scene(
        600.0,
        1000.0,
        frozenset(cushions.split()) if cushions else frozenset(),
        pieces=pieces,
        targets=(Placement(CORE_A), Placement(CORE_B), *extra),
        touches=True,
    )


def sphere(
    ident: str, at: Point, captured: int = -1, exit_step: int | None = None, thrown: bool = True
) -> SphereRun:
    return SphereRun(ident, thrown, R, 1.0, at, 0.0, exit_step, captured)


def run(
    where: Scene, spheres: Sequence[SphereRun], touches: Sequence[Touch], steps: int = 400
) -> Run:
    return Run(where, 0, steps, True, tuple(spheres), (), tuple(touches))


def began(step: int, slot: int, target: int, *positions: Point) -> Touch:
    return Touch(step, slot, target, True, tuple(positions))


def ended(step: int, slot: int, target: int) -> Touch:
    return Touch(step, slot, target, False)


FAR: Point = (100.0, 100.0)  # where the other sphere is when it is out of the way


# --- opens on a core ---------------------------------------------------------------------


def test_caught_by_a_cores_magnet_it_opens_on_that_core() -> None:
    r = run(scene(), [sphere("p0", (300.0, 500.0), captured=0)], [began(90, 0, 0, (300.0, 464.0))])
    (landing,) = PLANET(r)
    assert landing == Landing("a", False, None, (300.0, 500.0), "a")
    assert landing.opened
    v = PLANET.verdict(r, 0)
    assert (v.opened_at, v.opened_on, v.attached, v.captured) == (90, 0, 0, True)


def test_resting_with_its_disc_over_a_core_it_opens_there_partly() -> None:
    # the centre 30 mm below a's centre, the disc over its lower corner; no magnet held it
    r = run(scene(), [sphere("p0", (300.0, 470.0))], [began(80, 0, 0, (300.0, 464.0))])
    (landing,) = PLANET(r)
    assert (landing.card, landing.partial, landing.reason, landing.opened) == (
        "a",
        True,
        None,
        True,
    )


def test_resting_over_two_cores_it_stays_on_the_nearer() -> None:
    at = (320.0, 520.0)  # nearer b's centre (338, 500) than a's (300, 500)? no: a is 28.3, b 26.9
    touches = [began(70, 0, 0, (300.0, 470.0)), began(75, 0, 1, (315.0, 515.0))]
    (landing,) = PLANET(run(scene(), [sphere("p0", at)], touches))
    assert landing.card == "b" and landing.touched == "a"  # opened touching a, stays on b


def test_touching_two_cores_at_once_is_no_obstruction() -> None:
    # its disc meets a and b in the same step: the Matrix is made of cores
    touches = [began(60, 0, 1, (319.0, 470.0)), began(60, 0, 0, (319.0, 470.0))]
    r = run(scene(), [sphere("p0", (338.0, 500.0), captured=1)], touches)
    (landing,) = PLANET(r)
    assert landing.card == "b" and landing.touched == "a"  # the lower target index first
    assert PLANET.verdict(r, 0).obstructed == ()


# --- opened from contact, not attached ---------------------------------------------------


def test_touched_a_core_then_rolled_off_it_is_open_without_a_core() -> None:
    touches = [began(50, 0, 0, (300.0, 464.0)), ended(70, 0, 0)]
    (landing,) = PLANET(run(scene(), [sphere("p0", (300.0, 700.0))], touches))
    assert (landing.card, landing.reason, landing.touched) == (None, ROLLED_OFF, "a")
    assert landing.opened  # open: the match gives it no core's bonus


def test_never_touching_a_core_it_stays_closed() -> None:
    (landing,) = PLANET(run(scene(), [sphere("p0", (100.0, 600.0))], []))
    assert (landing.card, landing.reason, landing.opened) == (None, NO_TOUCH, False)


def test_leaving_the_table_it_stays_closed_whatever_it_touched() -> None:
    touches = [began(40, 0, 0, (300.0, 464.0)), ended(48, 0, 0)]
    r = run(scene(), [sphere("p0", (300.0, 1000.5), exit_step=90)], touches)
    (landing,) = PLANET(r)
    assert (landing.reason, landing.opened, landing.touched) == (OFF_TABLE, False, "a")


# --- obstructed --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("gap", "obstructed"), [(28.0, True), (28.0 + 0.5, True), (28.0 + 0.6, False)]
)
def test_another_sphere_touching_it_as_it_touches_the_core_obstructs(
    gap: float, obstructed: bool
) -> None:
    """Touching: centres at most r1 + r2 + 0.5 mm apart (CONTACT_TOLERANCE)."""
    me, other = (300.0, 464.0), (300.0 - gap, 464.0)
    touches = [began(50, 0, 0, me, other), ended(60, 0, 0)]
    spheres = [sphere("p0", (300.0, 700.0)), sphere("p1", (250.0, 300.0))]
    first, _ = PLANET(run(scene(), spheres, touches))
    if obstructed:
        assert (first.reason, first.opened, first.touched) == (OBSTRUCTED, False, "a")
        assert PLANET.verdict(run(scene(), spheres, touches), 0).obstructed == ((50, 0, "p1"),)
    else:
        assert first.reason == ROLLED_OFF


def test_an_obstructed_touch_does_not_count_a_later_clean_one_does() -> None:
    touches = [
        began(50, 0, 0, (300.0, 464.0), (272.0, 464.0)),  # p1 pressed against it
        ended(58, 0, 0),
        began(90, 0, 1, (338.0, 464.0), FAR),  # then it rolls onto b, clear of p1
    ]
    spheres = [sphere("p0", (338.0, 500.0), captured=1), sphere("p1", FAR)]
    r = run(scene(), spheres, touches)
    landing = PLANET(r)[0]
    assert (landing.card, landing.touched) == ("b", "b")
    v = PLANET.verdict(r, 0)
    assert v.opened_at == 90 and v.obstructed == ((50, 0, "p1"),)


def test_obstructed_as_it_touched_but_clear_at_rest_it_opens_at_rest() -> None:
    touches = [began(50, 0, 0, (300.0, 464.0), (272.0, 464.0))]  # never leaves a
    spheres = [sphere("p0", (300.0, 500.0), captured=0), sphere("p1", (240.0, 420.0))]
    r = run(scene(), spheres, touches)
    assert PLANET(r)[0].card == "a"
    assert PLANET.verdict(r, 0).opened_at == r.steps


def test_obstructed_whenever_it_touched_it_stays_closed() -> None:
    touches = [began(50, 0, 0, (300.0, 464.0), (272.0, 464.0))]
    # at rest on a with p1 still touching it, off the core (p1 is not thrown: a Bakugan
    # lying loose)
    spheres = [
        sphere("p0", (300.0, 480.0)),
        sphere("lying", (300.0, 451.8), thrown=False),
    ]
    landings = PLANET(run(scene(), spheres, touches))
    assert len(landings) == 1  # only thrown spheres are judged
    assert (landings[0].reason, landings[0].opened) == (OBSTRUCTED, False)


def test_two_on_one_core_both_open_on_it() -> None:
    """Each touched the core while clear of the other; pulled by one magnet they then
    rest against each other, which obstructs neither: both are on the core."""
    touches = [
        began(40, 0, 0, (300.0, 464.0), (300.0, 600.0)),
        began(44, 1, 0, (300.0, 536.0), (300.0, 480.0)),
    ]
    spheres = [sphere("p0", (300.0, 486.0), captured=0), sphere("p1", (300.0, 514.0), captured=0)]
    first, second = PLANET(run(scene(), spheres, touches))
    assert first.card == second.card == "a"


def test_a_card_on_the_table_touched_with_the_core_obstructs() -> None:
    card = Placement(CardSpec("card", (250.0, 440.0)))
    touches = [began(30, 0, 2, (270.0, 455.0)), began(31, 0, 0, (288.0, 462.0))]
    r = run(scene(card), [sphere("p0", (300.0, 500.0), captured=0)], touches)
    (landing,) = PLANET(r)
    assert (landing.reason, landing.touched) == (OBSTRUCTED, "a")
    assert PLANET.verdict(r, 0).obstructed[0][2] == "card"
    # a judge for which cards open too reads the same run as an opening on the card
    both = TouchJudge(opens=(CoreSpec, CardSpec))
    assert both(r)[0].touched == "card"


def test_a_standing_piece_or_a_cushion_touched_with_the_core_obstructs() -> None:
    post = Solid("post", radius=16.0, offset=(300.0 + R + 16.0, 464.0))
    touches = [began(50, 0, 0, (300.0, 464.0))]
    r = run(scene(pieces=(post,)), [sphere("p0", (300.0, 700.0))], touches)
    assert PLANET.verdict(r, 0).obstructed == ((50, 0, "post"),)
    near_wall = CoreSpec("low", (300.0, 30.0))
    walled = Scene(
        600.0, 1000.0, frozenset({"near"}), targets=(Placement(near_wall),), touches=True
    )
    r = run(walled, [sphere("p0", (300.0, 300.0))], [began(9, 0, 0, (300.0, R + 0.4))])
    assert PLANET.verdict(r, 0).obstructed == ((9, 0, "cushion"),)


# --- on the engine -----------------------------------------------------------------------


def rolled(where: Scene, throws: list[Throw]) -> tuple[Landing, ...]:
    return simulate(where, throws, judge=PLANET).landings


def test_on_the_table_the_throws_speed_decides_on_core_rolled_off_or_off_the_table() -> None:
    table = Scene(600.0, 1000.0, targets=(Placement(CORE_A),), touches=True)
    seen = {}
    for speed in range(900, 2600, 25):
        landing = rolled(table, [Throw((300.0, 100.0), UP, float(speed))])[0]
        seen.setdefault(landing.reason or f"on {landing.card}", speed)
    # short of the core, on it, past it (open, no core), off the far edge, in that order
    assert list(seen) == [NO_TOUCH, "on a", ROLLED_OFF, OFF_TABLE]


def test_on_the_table_two_thrown_at_once_can_both_open_on_one_core() -> None:
    table = Scene(600.0, 1000.0, targets=(Placement(CORE_A),), touches=True)
    a = Throw((300.0, 100.0), UP, 1010.0, sphere_id="p0")
    b = Throw((300.0, 900.0), DOWN, 1010.0, sphere_id="p1")
    outcome = simulate(table, [a, b], judge=PLANET)
    assert any(c.sphere_other is not None for c in outcome.run.contacts)  # they met on it
    assert [landing.card for landing in outcome.landings] == ["a", "a"]


def test_on_the_table_a_hit_at_the_moment_it_reaches_the_core_is_an_obstruction() -> None:
    """A Bakugan lies beside the core's lower corner; the thrown one strikes it just as
    its disc reaches the core: that touch does not count."""
    lying = Loose("lying", (320.0, 483.7))
    table = Scene(600.0, 1000.0, targets=(Placement(CORE_A),), loose=(lying,), touches=True)
    outcome = simulate(table, [Throw((300.0, 100.0), UP, 1000.0)], judge=PLANET)
    assert outcome.run.contacts and outcome.run.other(outcome.run.contacts[0]) == "lying"
    v = PLANET.verdict(outcome.run, 0)
    assert v.obstructed and v.obstructed[0][1:] == (0, "lying")


def test_the_judge_needs_touches_and_reads_a_run_the_classic_judge_also_reads() -> None:
    bare = Scene(600.0, 1000.0, targets=(Placement(CORE_A),))
    with pytest.raises(ValueError, match="touches"):
        simulate(bare, [Throw((300.0, 100.0), UP, 1000.0)], judge=PLANET)
    table = Scene(600.0, 1000.0, targets=(Placement(CORE_A),), touches=True)
    outcome = simulate(table, [Throw((300.0, 100.0), UP, 1300.0)], judge=PLANET)
    assert outcome.landings[0].reason == ROLLED_OFF
    assert CLASSIC(outcome.run)[0].reason == "off_card"  # the classic judge: where it rests
