"""The slingshot of every game: a pull is measured in logical px from the press, goes on
past the window's edge (the mouse captured), and becomes the throw through the game's
curve (`game.physics.pull`) - the same throw at 1280 x 720, 1024 x 600, 1920 x 1080 and
full screen, from every seat of the classic match, both Battle Planet seats, the throw
challenges and Attack's dice tray. The drags are posted in window pixels, as the window
gets them: while the pointer is inside the window, its positions; once it comes near
the edge, the motion alone (`rel`), the pointer held where it was, as SDL reports a
captured mouse. The keys' charge and fine charge, the spin, a slip of the hand."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

import pygame
import pytest

from game import physics
from game.content.classic import shipped_catalog
from game.content.levels import discover
from game.physics.pull import pull_angle, throw_of
from game.rules.classic import Settings, Throw, random_kit
from game.ui import pointer, slingshot
from game.ui.app import App
from game.ui.challenges import Aim, ChallengeScene
from game.ui.classic.match import MatchScene

CAT = shipped_catalog()
SIZES: list[tuple[int, int] | str] = [(1280, 720), (1024, 600), (1920, 1080), "full"]
TABLES = [(2, False), (3, False), (4, False), (4, True)]


def _app(size: tuple[int, int] | str) -> App:
    if size == "full":
        app = App("en", fast=True)
        app.toggle_fullscreen()
    else:
        assert isinstance(size, tuple)
        app = App("en", fast=True, size=size)
    app.time_scale = 4.0
    pygame.event.clear()
    return app


def drag(
    app: App,
    start: tuple[float, float],
    back: tuple[float, float],
    length: float,
    before_release: Callable[[], None] | None = None,
) -> tuple[int, int]:
    """Press at `start` (window px), move straight along `back` `length` window px in
    steps of at most 8 px (a mouse's motion events), a few to a frame, release; past the
    capture margin the motion goes as `rel` alone, the pointer held. Returns the hand's
    last point (window px, maybe off the window)."""
    width, height = app.window.get_size()
    press = (round(start[0]), round(start[1]))
    margin = pointer.CAPTURE_MARGIN
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=press, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=press, button=1))
    app.step()
    steps = max(1, math.ceil(length / 8))
    hand, held = press, None
    for k in range(1, steps + 1):
        nxt = (
            round(start[0] + back[0] * length * k / steps),
            round(start[1] + back[1] * length * k / steps),
        )
        rel = (nxt[0] - hand[0], nxt[1] - hand[1])
        hand = nxt
        if held is None:
            inside = margin <= nxt[0] < width - margin and margin <= nxt[1] < height - margin
            pos = nxt
            if not inside:  # the pull captures the mouse here; the pointer stays put
                held = (min(max(nxt[0], 0), width - 1), min(max(nxt[1], 0), height - 1))
                pos = held
        else:
            pos = held
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=(1, 0, 0))
        )
        if k % 6 == 0:
            app.step()
    app.step()
    if before_release is not None:
        before_release()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=held or hand, button=1))
    app.step()
    return hand


def _to_throw(scene: MatchScene, seat: int, rng: random.Random) -> None:
    """Play on (every seat a person) until `seat` is to throw."""
    session = scene.session
    for _ in range(400):
        if session.awaiting_throw() and session.actor() == seat:
            return
        p = session.actor()
        assert p is not None
        if session.awaiting_throw():
            zone = session.zone(p)
            mid = (session.width / 2, session.height / 2)
            angle = math.atan2(mid[1] - zone.centre[1], mid[0] - zone.centre[0])
            session.throw(p, physics.Throw(zone.centre, angle, 300.0))
            continue
        legal = session.legal_actions()
        throws = [a for a in legal if isinstance(a, Throw)]
        session.act(throws[0] if throws and p == seat else rng.choice(legal))
    raise AssertionError(f"seat {seat} never came to throw")


def _last_throw(scene: MatchScene) -> physics.Throw:
    from game.match.classic.session import ThrowDone

    done = [e for e in scene.session.timeline if isinstance(e, ThrowDone)]
    return done[-1].throw


@pytest.mark.parametrize("size", SIZES)
def test_a_straight_pull_throws_by_the_curve_past_the_edge_from_every_classic_seat(
    size: tuple[int, int] | str,
) -> None:
    app = _app(size)
    k = app.scale()
    curve = slingshot.MATCH.curve
    # every table in the first window; the smallest and the largest in the others (what
    # a window's size changes is the pixels a pull takes, the same for every seat)
    tables = TABLES if size == SIZES[0] else [TABLES[0], TABLES[-1]]
    seen = 0
    for players, big in tables:
        rules = Settings.preset(players, big)
        rng = random.Random(players * 10 + big)
        kits = [random_kit(CAT, rng, rules) for _ in range(players)]
        for seat in range(players):
            scene = MatchScene(app, kits, (True,) * players, 0, seed=seat, settings=rules)
            app.reset(scene)
            _to_throw(scene, seat, rng)
            scene.anims.clear()
            scene._catch_up()
            scene.curtain_for = None
            scene.last_human = seat
            for _ in range(200):
                app.step()
                if "sphere_px" in scene.status():  # framed for the throw, and still
                    break
            status = scene.status()
            start, back = status["sphere_px"], status["back_px"]
            assert isinstance(start, list) and isinstance(back, list)
            before = len(scene.session.timeline)
            # the full pull, in window px of this window (past its edge, often)
            drag(app, (start[0], start[1]), (back[0], back[1]), math.ceil(curve.full_px / k) + 2)
            assert len(scene.session.timeline) > before, (size, players, big, seat)
            thrown = _last_throw(scene)
            assert thrown.speed == curve.full_speed, (size, players, big, seat)
            seen += 1
    assert seen == sum(p for p, _ in tables)
    pygame.quit()


@pytest.mark.parametrize("size", SIZES)
def test_a_pull_of_so_many_px_is_that_pull_in_every_window(size: tuple[int, int] | str) -> None:
    """The bottom seat of the two-player table: a pull 170 logical px long (about the
    farthest card), whatever the window's size, throws at the curve's speed for the pull
    the window's pixels make, in the direction they point."""
    app = _app(size)
    k = app.scale()
    rng = random.Random(1)
    kits = [random_kit(CAT, rng) for _ in range(2)]
    scene = MatchScene(app, kits, (True, True), 0, seed=3)
    app.reset(scene)
    _to_throw(scene, 0, rng)
    scene.anims.clear()
    scene._catch_up()
    scene.curtain_for = None
    scene.last_human = 0
    for _ in range(200):
        app.step()
        if "sphere_px" in scene.status():
            break
    status = scene.status()
    start, back = status["sphere_px"], status["back_px"]
    assert isinstance(start, list) and isinstance(back, list)
    press = (round(start[0]), round(start[1]))
    hand = drag(app, (start[0], start[1]), (back[0], back[1]), 170.0 / k)
    thrown = _last_throw(scene)
    pull = ((hand[0] - press[0]) * k, (hand[1] - press[1]) * k)
    assert abs(math.hypot(*pull) - 170.0) < 2.0 * k
    expected = throw_of(slingshot.MATCH.curve, thrown.origin, pull)
    assert expected is not None
    assert thrown.speed == pytest.approx(expected.speed, abs=1e-9)
    assert thrown.angle == pytest.approx(expected.angle, abs=1e-12)
    pygame.quit()


@pytest.mark.parametrize("size", SIZES)
def test_the_challenges_and_planet_and_the_dice_reach_full_power_the_same_way(
    size: tuple[int, int] | str,
) -> None:
    app = _app(size)
    k = app.scale()
    made: list[tuple[float, float]] = []
    for entry in discover()[:6]:
        assert entry.level is not None
        scene = ChallengeScene(app, entry.level)
        app.reset(scene)
        app.step()
        aim = scene.aim
        start = app.to_window(scene.art.view.fpx(aim.origin()))
        back = (-math.cos(aim.angle), math.sin(aim.angle))
        powers: list[float] = []
        drag(
            app,
            (start[0], start[1]),
            back,
            math.ceil(aim.curve.full_px / k) + 2,
            before_release=lambda aim=aim, powers=powers: powers.append(aim.power),
        )
        assert powers[0] == 1.0, (size, entry.ident)
        assert scene.roll is not None, entry.ident  # and it was thrown
    for player in (0, 1):
        scene = _planet(app, player)
        aim = scene.aims[player]
        scene._throw = lambda p, t: made.append((t.speed, t.angle))  # type: ignore[method-assign]
        start = app.to_window(aim.sphere_px())
        drag(app, (start[0], start[1]), aim.back(), math.ceil(aim.curve.full_px / k) + 2)
        assert made and made[-1][0] == slingshot.PLANET_FEEL.full_speed, (size, player)
    assert _dice_full(app, k)
    pygame.quit()


def _planet(app: App, person: int) -> Any:
    from game.content.planet import shipped_catalog as planet_catalog
    from game.match.planet.play import PlanetMatch, preset_setup
    from game.ui.planet.match import PlanetMatchScene

    cat = planet_catalog()
    humans = (person == 0, person == 1)
    match = PlanetMatch(cat, preset_setup(cat, sorted(cat.presets)[:2], humans, seed=4))
    while match.session.awaiting_roll() is None:
        acting = match.people_to_act()
        if acting:
            match.act(match.legal_actions(acting[0])[0])
        else:
            match.step_computer()
    scene = PlanetMatchScene(app, match)
    app.reset(scene)
    for _ in range(300):
        app.step()
        if person in scene.aims and not scene.camera.moving:
            return scene
    raise AssertionError("no aim")


def _dice_full(app: App, k: float) -> bool:
    from game.physics.pull import DICE
    from game.ui.attack.dice_tray import DiceTray

    tray = DiceTray()
    tray.offer(0, tray.rect.centerx)
    seen: list[float] = []
    tray.throw = lambda angle, speed, spin, face: seen.append(speed)  # type: ignore[method-assign]

    from game.ui.scene import Scene

    class TrayScene(Scene):
        def handle(self, event: pygame.event.Event) -> None:
            tray.handle(event, 3)

        def update(self, dt: float) -> None:
            pass

        def draw(self, surface: pygame.Surface) -> None:
            pass

    app.reset(TrayScene(app))
    start = app.to_window(tray.origin_px())
    back = (-math.cos(tray.aim_angle), math.sin(tray.aim_angle))
    drag(app, (start[0], start[1]), back, math.ceil(DICE.full_px / k) + 2)
    return seen == [DICE.full_speed]


# --------------------------------------------------------------------------- one hand


class _Hand(slingshot.Slingshot):
    """A slingshot on a sphere that stays at (640, 360), for its own behaviour."""

    def __init__(self, feel: slingshot.Feel) -> None:
        keys = {
            pygame.K_SPACE: "throw_charge",
            pygame.K_f: "throw_fine",
            pygame.K_q: "spin_left",
            pygame.K_a: "aim_left",
            pygame.K_d: "move_right",
        }
        super().__init__(feel, keys)
        self.hovered: list[tuple[int, int]] = []
        self.pressed: list[str | None] = []

    def sphere_px(self) -> tuple[float, float]:
        return (640.0, 360.0)

    def hover(self, pos: tuple[int, int]) -> None:
        self.hovered.append(pos)

    def key(self, action: str | None, event: pygame.event.Event) -> None:
        self.pressed.append(action)


def _pull_to(hand: _Hand, pos: tuple[int, int], press: tuple[int, int] = (641, 362)) -> bool:
    hand.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=press, button=1))
    hand.feed(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
    return hand.feed(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def _key(hand: _Hand, kind: int, code: int) -> bool:
    return hand.feed(pygame.event.Event(kind, key=code, mod=0))


FEELS = [slingshot.MATCH, slingshot.PLANET_FEEL, slingshot.CHALLENGE]


def test_every_game_throws_with_one_slingshot() -> None:
    from game.ui.classic.throwing import ThrowInput
    from game.ui.planet.throw import PlanetAim

    for use in (ThrowInput, PlanetAim, Aim):
        assert issubclass(use, slingshot.Slingshot)
    # The challenges' hand reaches every speed the level solver proves stars with.
    from game.challenges.solver import SPEEDS, SWEEP_SPEEDS

    assert slingshot.CHALLENGE.full_speed >= max(*SPEEDS, *SWEEP_SPEEDS)
    assert slingshot.MATCH.full_speed <= physics.MAX_SPEED


@pytest.mark.parametrize("feel", FEELS)
def test_the_pull_is_measured_from_the_press_and_thrown_the_other_way(
    feel: slingshot.Feel,
) -> None:
    hand = _Hand(feel)
    assert _pull_to(hand, (641 - 120, 362 + 35))  # pulled left and down from the press
    expected = throw_of(feel.curve, (0.0, 0.0), (-120.0, 35.0))
    assert expected is not None
    assert hand.speed() == expected.speed and hand.angle == expected.angle
    assert hand.angle == pull_angle((-120.0, 35.0))  # thrown right and up
    assert math.cos(hand.angle) > 0 and math.sin(hand.angle) > 0
    assert not hand.dragging


@pytest.mark.parametrize("feel", FEELS)
def test_a_full_pull_throws_at_full_speed_and_no_further(feel: slingshot.Feel) -> None:
    hand = _Hand(feel)
    assert _pull_to(hand, (641 - round(feel.curve.full_px) - 1, 362))
    assert hand.power == 1.0 and hand.speed() == feel.full_speed
    assert _pull_to(hand, (641 - 900, 362))  # past the full pull: the same
    assert hand.power == 1.0 and hand.speed() == feel.full_speed


@pytest.mark.parametrize("feel", FEELS)
def test_letting_go_below_the_release_pull_throws_nothing(feel: slingshot.Feel) -> None:
    short = math.floor(feel.curve.release_px) - 1
    hand = _Hand(feel)
    assert not _pull_to(hand, (641, 362 + short))
    assert hand.power == 0.0
    assert _pull_to(hand, (641, 362 + math.ceil(feel.curve.release_px)))
    # a press away from the sphere takes no hold: the pointer only moves it
    far = _Hand(feel)
    far.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(700, 360), button=1))
    far.feed(pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 360), rel=(0, 0), buttons=(1, 0, 0)))
    assert not far.dragging and far.hovered == [(300, 360)] and far.power == 0.0


def test_a_button_let_go_unseen_ends_the_pull_without_a_throw() -> None:
    """The release happened while the window did not see it (another window had the
    pointer): the next motion, with no button down, drops the pull."""
    hand = _Hand(slingshot.MATCH)
    hand.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(640, 360), button=1))
    hand.feed(pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 500), rel=(0, 0), buttons=(1, 0, 0)))
    assert hand.dragging and hand.pulled > 100
    hand.feed(pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 510), rel=(0, 0), buttons=(0, 0, 0)))
    assert not hand.dragging and hand.pulled == 0.0
    assert not hand.feed(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(640, 510), button=1))


@pytest.mark.parametrize("feel", FEELS)
def test_the_charge_fills_the_pull_at_its_pace_and_holds_at_full(feel: slingshot.Feel) -> None:
    hand = _Hand(feel)
    _key(hand, pygame.KEYDOWN, pygame.K_SPACE)
    steps = 120
    for _ in range(steps // 2):
        hand.update(feel.charge_seconds / steps)
    assert hand.pulled == pytest.approx(feel.curve.full_px / 2)
    for _ in range(steps):
        hand.update(feel.charge_seconds / steps)
    assert hand.power == 1.0 and hand.speed() == feel.full_speed  # held at full
    assert _key(hand, pygame.KEYUP, pygame.K_SPACE)
    assert not hand.charging
    hand.cancel()
    assert hand.power == 0.0


@pytest.mark.parametrize("feel", FEELS)
def test_the_fine_charge_is_slower_for_a_precise_power(feel: slingshot.Feel) -> None:
    """Charge fast toward the power wanted, then hold the fine key too and let go of the
    charge: the pull creeps on at a fifth of the pace, under a pixel a frame, and
    letting go of the fine key throws."""
    hand = _Hand(feel)
    frame = 1 / 60
    _key(hand, pygame.KEYDOWN, pygame.K_SPACE)
    for _ in range(30):
        hand.update(frame)
    fast = hand.pulled
    _key(hand, pygame.KEYDOWN, pygame.K_f)
    assert not _key(hand, pygame.KEYUP, pygame.K_SPACE)  # the fine key still holds it
    before = hand.pulled
    hand.update(frame)
    step = hand.pulled - before
    assert step == pytest.approx(fast / 30 * feel.fine_share)
    assert step < 1.0  # finer than a pixel of the mouse
    assert _key(hand, pygame.KEYUP, pygame.K_f)
    # the fine key alone charges too
    alone = _Hand(feel)
    _key(alone, pygame.KEYDOWN, pygame.K_f)
    alone.update(1.0)
    assert alone.pulled == pytest.approx(feel.charge_rate(True))


def test_spin_moves_in_tenths_and_stays_exact() -> None:
    hand = _Hand(slingshot.MATCH)
    for _ in range(3):
        hand.feed(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    assert hand.spin == 0.3
    hand.feed(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=0))
    assert hand.spin == 0.4
    for _ in range(4):
        hand.feed(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
    assert hand.spin == 0.0  # back where it started: no spin left over to curve the throw
    hand.feed(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=30))
    assert hand.spin == 1.0


def test_an_aim_or_move_key_held_down_repeats_until_it_comes_up() -> None:
    """The playtest: holding A turned the aim one step and no more. Held, an aim or move
    key acts as it goes down, again after REPEAT_DELAY, then every REPEAT_EVERY; up, it
    stops; the charge and spin keys do not repeat."""
    hand = _Hand(slingshot.MATCH)
    frame = 1 / 60
    _key(hand, pygame.KEYDOWN, pygame.K_a)
    assert hand.pressed == ["aim_left"]
    for _ in range(round(slingshot.REPEAT_DELAY / frame) - 1):
        hand.update(frame)
    assert hand.pressed == ["aim_left"]  # not yet: a tap is one step
    hand.update(frame)
    assert hand.pressed == ["aim_left"] * 2
    for _ in range(round(1.0 / frame)):  # a second more: 20 steps
        hand.update(frame)
    assert hand.pressed.count("aim_left") == 2 + round(1.0 / slingshot.REPEAT_EVERY)
    _key(hand, pygame.KEYUP, pygame.K_a)
    done = len(hand.pressed)
    for _ in range(60):
        hand.update(frame)
    assert len(hand.pressed) == done
    # two held at once both repeat; a long frame catches up three steps at most
    _key(hand, pygame.KEYDOWN, pygame.K_a)
    _key(hand, pygame.KEYDOWN, pygame.K_d)
    hand.update(2.0)
    assert hand.pressed[done:].count("aim_left") == hand.pressed[done:].count("move_right") == 4
    hand.cancel()  # the curtain falls: nothing repeats after
    hand.update(1.0)
    assert len(hand.pressed) == done + 8
    # a held charge key is one press: the pull grows, nothing repeats
    _key(hand, pygame.KEYDOWN, pygame.K_SPACE)
    hand.update(1.0)
    assert len(hand.pressed) == done + 8 and hand.charging
