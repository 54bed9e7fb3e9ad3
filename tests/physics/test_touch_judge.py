"""Battle Planet's judge by contact (game.physics.touch): each sentence of its rule as a
run written by hand (where every sphere was when each touch began), then the same
situations rolled on the real engine.

The rule (research, Roll Step): a Bakugan counts as opened only if it touches a BakuCore
without touching an obstruction (another Bakugan, cards, anything but the rolling area
and the Matrix); both on one core both get it. The toy opens where its magnet meets the
metal core and stays on it (seed 003: «БакуСекторы это металлические шестиугольники, к
которым будут прикрепляться Бакуганы»): it opens on the first core it touches with
nothing in the way, slowly enough for the core to hold it (`tuning.CORE_HOLD_SPEED`),
and stops there; touching two at once, it keeps neither; faster, it rolls on over it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import pytest

from game.physics import (
    CLASSIC,
    NO_TOUCH,
    OBSTRUCTED,
    OFF_TABLE,
    PLANET,
    SHORT,
    TOO_FAST,
    TWO_CORES,
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
from game.physics.tuning import CORE_HOLD_SPEED, DT

UP = math.pi / 2
DOWN = -math.pi / 2
R = 14.0
CORE_A = CoreSpec("a", (300.0, 500.0))
CORE_B = CoreSpec("b", (338.0, 500.0))  # flat to flat with a, on its +x side
ANY_SPEED = TouchJudge(hold_speed=math.inf)  # the first-touch reading: every speed holds


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
    ident: str,
    at: Point,
    captured: int = -1,
    exit_step: int | None = None,
    thrown: bool = True,
    origin: Point | None = None,
) -> SphereRun:
    return SphereRun(ident, thrown, R, 1.0, at, 0.0, exit_step, captured, origin=origin)


def run(
    where: Scene, spheres: Sequence[SphereRun], touches: Sequence[Touch], steps: int = 400
) -> Run:
    return Run(where, 0, steps, True, tuple(spheres), (), tuple(touches))


def began(
    step: int, slot: int, target: int, *positions: Point, motion: Point = (0.0, 1.0)
) -> Touch:
    """A touch that began after `step` steps, the sphere having moved by `motion` in it
    (1 mm up: 240 mm/s, slow enough for a core to hold it)."""
    return Touch(step, slot, target, True, tuple(positions), motion)


def ended(step: int, slot: int, target: int) -> Touch:
    return Touch(step, slot, target, False)


FAR: Point = (100.0, 100.0)  # where the other sphere is when it is out of the way


# --- opens on a core, and stays on it -----------------------------------------------------


def test_touching_a_core_with_nothing_in_the_way_it_opens_on_it() -> None:
    r = run(scene(), [sphere("p0", (300.0, 464.0))], [began(90, 0, 0, (300.0, 464.0))])
    (landing,) = PLANET(r)
    assert landing == Landing("a", False, None, (300.0, 464.0), "a")
    assert landing.opened
    v = PLANET.verdict(r, 0)
    assert (v.opened_at, v.opened_on, v.cores) == (90, 0, (0,))


def test_opened_on_a_core_it_keeps_it_whatever_follows() -> None:
    """The playtest: the sphere touched the nearest core, then the table said it opened
    on the core behind (its magnet caught it there). It keeps the one it opened on."""
    touches = [
        began(50, 0, 0, (300.0, 464.0)),
        ended(70, 0, 0),
        began(71, 0, 1, (338.0, 470.0)),
    ]
    spheres = [sphere("p0", (338.0, 500.0), captured=1)]
    (landing,) = PLANET(run(scene(), spheres, touches))
    assert (landing.card, landing.touched, landing.reason) == ("a", "a", None)


def test_of_two_cores_begun_in_one_step_it_opens_on_the_one_its_disc_met_first() -> None:
    """Within one step (at the speed cap a sphere moves 10.4 mm) the disc may reach two
    cores; it met the one nearer along its way first, and stops on that one (read at
    any speed: so fast, no core would hold it)."""
    end = (319.0, 475.0)  # under the notch between a and b, its disc over both
    for motion, first in (((8.0, 6.0), "a"), ((-8.0, 6.0), "b")):  # from the left, the right
        touches = [began(60, 0, 0, end, motion=motion), began(60, 0, 1, end, motion=motion)]
        (landing,) = ANY_SPEED(run(scene(), [sphere("p0", end)], touches))
        assert (landing.card, landing.reason) == (first, None), motion


def test_touching_two_cores_at_once_it_opens_and_keeps_neither() -> None:
    # straight up the line between a and b: its disc meets both at the same instant
    at = (319.0, 475.0)
    touches = [began(60, 0, 1, at), began(60, 0, 0, at)]
    r = run(scene(), [sphere("p0", at)], touches)
    (landing,) = PLANET(r)
    assert (landing.card, landing.reason, landing.opened, landing.touched) == (
        None,
        TWO_CORES,
        True,
        None,
    )
    v = PLANET.verdict(r, 0)
    assert v.opened_at == 60 and v.opened_on is None and sorted(v.cores) == [0, 1]
    assert v.obstructed == ()  # two cores are no obstruction: it opened


def test_beginning_a_core_while_on_another_is_touching_two_at_once() -> None:
    """Obstructed on a, it rolls on over a's edge onto b, still touching a."""
    touches = [
        began(50, 0, 0, (300.0, 464.0), (272.0, 464.0)),  # p1 against it: no opening
        began(70, 0, 1, (318.0, 490.0), FAR),  # onto b, clear of p1, a still under it
    ]
    spheres = [sphere("p0", (318.0, 490.0)), sphere("p1", FAR)]
    assert PLANET(run(scene(), spheres, touches))[0].reason == TWO_CORES


def test_resting_with_its_disc_over_a_core_it_opens_there() -> None:
    """Obstructed when it touched, it comes to rest over the core with nothing touching
    it: it opens then, at rest."""
    touches = [began(50, 0, 0, (300.0, 464.0), (272.0, 464.0))]  # never leaves a
    spheres = [sphere("p0", (300.0, 470.0)), sphere("p1", (240.0, 420.0))]
    r = run(scene(), spheres, touches)
    assert PLANET(r)[0].card == "a"
    assert PLANET.verdict(r, 0).opened_at == r.steps


def test_resting_over_two_cores_it_keeps_neither() -> None:
    touches = [
        began(50, 0, 0, (300.0, 464.0), (272.0, 464.0)),
        began(55, 0, 1, (318.0, 480.0), (290.0, 480.0)),  # p1 still against it
    ]
    spheres = [sphere("p0", (319.0, 484.0)), sphere("p1", (200.0, 300.0))]
    assert PLANET(run(scene(), spheres, touches))[0].reason == TWO_CORES


# --- held, or rolled over too fast --------------------------------------------------------

HOLD_STEP = CORE_HOLD_SPEED * DT  # mm a step at the fastest a core holds


@pytest.mark.parametrize(
    ("speed", "held"), [(0.5 * HOLD_STEP, True), (HOLD_STEP, True), (1.01 * HOLD_STEP, False)]
)
def test_a_core_holds_a_sphere_that_reaches_it_slowly_enough(speed: float, held: bool) -> None:
    """Reaching the core at the hold speed or slower, it opens on it; faster, it rolls
    on over it and, touching no other, stays closed: too fast (naming the core)."""
    touches = [began(50, 0, 0, (300.0, 464.0), motion=(0.0, speed)), ended(70, 0, 0)]
    r = run(scene(), [sphere("p0", (300.0, 560.0), origin=(300.0, 100.0))], touches)
    (landing,) = PLANET(r)
    if held:
        assert (landing.card, landing.reason) == ("a", None)
    else:
        assert (landing.card, landing.reason, landing.touched, landing.opened) == (
            None,
            TOO_FAST,
            "a",
            False,
        )
        assert PLANET.verdict(r, 0).fast == ((50, 0),)
        assert ANY_SPEED(r)[0].card == "a"  # the first-touch reading: it opens there


def test_rolled_over_one_core_too_fast_it_opens_on_a_later_one_or_at_rest() -> None:
    """Too fast over a, it slows and reaches b slowly: it opens on b. Too fast over both,
    it comes to rest with its disc over b: at rest, b holds it."""
    fast = (0.0, 3.0)  # 720 mm/s
    touches = [
        began(40, 0, 0, (300.0, 464.0), motion=fast),
        ended(55, 0, 0),
        began(80, 0, 1, (338.0, 464.0)),
    ]
    r = run(scene(), [sphere("p0", (338.0, 464.0))], touches)
    assert PLANET(r)[0].card == "b"
    v = PLANET.verdict(r, 0)
    assert (v.opened_at, v.fast) == (80, ((40, 0),))
    touches[-1] = began(80, 0, 1, (338.0, 464.0), motion=fast)
    r = run(scene(), [sphere("p0", (338.0, 470.0))], touches)
    assert PLANET(r)[0].card == "b"
    assert PLANET.verdict(r, 0).opened_at == r.steps


# --- closed, and why -----------------------------------------------------------------------


def test_never_touching_a_core_it_stays_closed_short_of_them_or_past_them() -> None:
    short = sphere("p0", (300.0, 300.0), origin=(300.0, 100.0))
    (landing,) = PLANET(run(scene(), [short], []))
    assert (landing.card, landing.reason, landing.opened) == (None, SHORT, False)
    beside = sphere("p0", (100.0, 600.0), origin=(300.0, 100.0))
    assert PLANET(run(scene(), [beside], []))[0].reason == NO_TOUCH


def test_leaving_the_table_it_stays_closed_whatever_it_touched() -> None:
    touches = [began(40, 0, 0, (300.0, 464.0), FAR, (272.0, 464.0))]
    others = [sphere("p1", FAR), sphere("lying", (272.0, 464.0), thrown=False)]
    r = run(scene(), [sphere("p0", (300.0, 1000.5), exit_step=90), *others], touches)
    assert PLANET(r)[0].reason == OFF_TABLE


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
        assert (first.reason, first.opened, first.touched, first.by) == (
            OBSTRUCTED,
            False,
            "a",
            "p1",
        )
        assert PLANET.verdict(run(scene(), spheres, touches), 0).obstructed == ((50, 0, "p1"),)
    else:
        assert (first.card, first.reason) == ("a", None)


def test_an_obstructed_touch_does_not_count_a_later_clean_one_does() -> None:
    touches = [
        began(50, 0, 0, (300.0, 464.0), (272.0, 464.0)),  # p1 pressed against it
        ended(58, 0, 0),
        began(90, 0, 1, (338.0, 464.0), FAR),  # then it rolls onto b, clear of p1
    ]
    spheres = [sphere("p0", (338.0, 464.0)), sphere("p1", FAR)]
    r = run(scene(), spheres, touches)
    landing = PLANET(r)[0]
    assert (landing.card, landing.touched) == ("b", "b")
    v = PLANET.verdict(r, 0)
    assert v.opened_at == 90 and v.obstructed == ((50, 0, "p1"),)


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
    assert (landings[0].reason, landings[0].opened, landings[0].by) == (
        OBSTRUCTED,
        False,
        "lying",
    )


def test_two_on_one_core_both_open_on_it() -> None:
    """Each touched the core while clear of the other: both are on it."""
    touches = [
        began(40, 0, 0, (300.0, 464.0), (300.0, 600.0)),
        began(44, 1, 0, (300.0, 536.0), (300.0, 464.0), motion=(0.0, -1.0)),
    ]
    spheres = [sphere("p0", (300.0, 464.0)), sphere("p1", (300.0, 536.0))]
    first, second = PLANET(run(scene(), spheres, touches))
    assert first.card == second.card == "a"


def test_a_card_on_the_table_touched_with_the_core_obstructs() -> None:
    card = Placement(CardSpec("card", (250.0, 440.0)))
    touches = [began(30, 0, 2, (270.0, 455.0)), began(31, 0, 0, (288.0, 462.0))]
    r = run(scene(card), [sphere("p0", (300.0, 500.0))], touches)
    (landing,) = PLANET(r)
    assert (landing.reason, landing.touched, landing.by) == (OBSTRUCTED, "a", "card")
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


def test_on_the_table_a_core_holds_a_sphere_thrown_within_a_window_of_speeds() -> None:
    """Thrown ever harder at a core 400 mm away: short of it, then held by it (it
    reaches it slowly enough), then rolled over it too fast, then off the far edge."""
    table = Scene(600.0, 1000.0, targets=(Placement(CORE_A),), touches=True)
    seen: dict[str, list[int]] = {}
    for speed in range(900, 2600, 10):
        landing = rolled(table, [Throw((300.0, 100.0), UP, float(speed))])[0]
        seen.setdefault(landing.reason or f"on {landing.card}", []).append(speed)
    assert list(seen) == [SHORT, "on a", TOO_FAST, OFF_TABLE]
    held = seen["on a"]
    assert held == list(range(held[0], held[-1] + 10, 10))  # one window, no gaps
    assert held[0] >= 980 and held[-1] < 1090


def test_on_the_table_it_stops_on_the_first_core_the_one_behind_stays_untouched() -> None:
    behind = CoreSpec("behind", (300.0, 500.0 + 38.0 * math.sqrt(3.0)))
    table = Scene(600.0, 1000.0, targets=(Placement(CORE_A), Placement(behind)), touches=True)
    for speed in (990.0, 1030.0, 1080.0):  # the window in which a holds it
        outcome = simulate(table, [Throw((300.0, 100.0), UP, speed)], judge=PLANET)
        assert outcome.landings[0].card == "a"
        assert [t for t in outcome.run.touched(0) if t[1] == 1] == []
        v = PLANET.verdict(outcome.run, 0)
        track = outcome.track("sphere")
        assert v.opened_at is not None and v.opened_at < len(track)
        # still from the step it opened at: it stopped there, its disc over a's corner
        assert all(track[k][:2] == track[v.opened_at][:2] for k in range(v.opened_at, len(track)))
        assert 0.0 < R - CORE_A.distance(track[v.opened_at][:2]) <= 0.0042 * speed + 1e-9


def test_on_the_table_the_engine_stops_each_sphere_at_the_moment_the_judge_names() -> None:
    """What the engine held during the run and what the judge reads afterwards agree:
    over random pairs of throws on a Matrix, every sphere opened on its way is still
    from its opening step on, and was moving up to it."""
    cores = [CORE_A, CORE_B, CoreSpec("c", (319.0, 500.0 + 19.0 * math.sqrt(3.0)))]
    table = Scene(640.0, 1000.0, targets=tuple(Placement(c) for c in cores), touches=True)
    rng = random.Random(5)
    opened = 0
    for _ in range(60):
        throws = [
            Throw(
                (rng.uniform(250, 390), 100.0),
                UP + rng.gauss(0, 0.08),
                rng.uniform(960, 1100),
                sphere_id="p0",
            ),
            Throw(
                (rng.uniform(250, 390), 900.0),
                DOWN + rng.gauss(0, 0.08),
                rng.uniform(960, 1100),
                sphere_id="p1",
            ),
        ]
        outcome = simulate(table, throws, judge=PLANET)
        for slot, ident in enumerate(("p0", "p1")):
            v = PLANET.verdict(outcome.run, slot)
            track = outcome.track(ident)
            if v.opened_at is None or v.opened_at == outcome.run.steps:
                continue
            opened += 1
            at = v.opened_at
            assert track[at - 1][:2] != track[at][:2]  # moving up to it
            # held: the other one striking it moves it by micrometres at most
            assert all(math.dist(track[k][:2], track[at][:2]) < 0.01 for k in range(at, len(track)))
    assert opened > 40


def test_on_the_table_two_thrown_at_once_can_both_open_on_one_core() -> None:
    table = Scene(600.0, 1000.0, targets=(Placement(CORE_A),), touches=True)
    a = Throw((300.0, 100.0), UP, 1010.0, sphere_id="p0")
    b = Throw((300.0, 900.0), DOWN, 1010.0, sphere_id="p1")
    outcome = simulate(table, [a, b], judge=PLANET)
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
    outcome = simulate(table, [Throw((300.0, 100.0), UP, 1030.0)], judge=PLANET)
    assert outcome.landings[0].card == "a"
    # the classic judge reads the same run: held by the core it opened on
    assert CLASSIC(outcome.run)[0].card == "a"
