"""Choice screens offer only legal choices; the hot-seat curtain hides the hands; the
demo and the lab run headless."""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys

import pygame
import pytest

from game import physics
from game.content.classic import shipped_catalog
from game.rules.classic import PlayAbility, SetGate, random_kit
from game.ui.app import App
from game.ui.classic import hud
from game.ui.classic.lab import LabScene
from game.ui.classic.match import MatchScene

from ..driver import post_click

CAT = shipped_catalog()


def _scene(humans: tuple[bool, bool] = (True, True), seed: int = 4) -> tuple[App, MatchScene]:
    app = App("en", fast=True)
    rng = random.Random(seed)
    scene = MatchScene(app, [random_kit(CAT, rng), random_kit(CAT, rng)], humans, 0, seed=seed)
    app.push(scene)
    scene.anims.clear()
    scene._catch_up()
    return app, scene


def _frames(app: App, n: int = 2, paint: bool = True) -> None:
    """`n` frames, the last painted (unless not `paint`)."""
    for i in range(n):
        app.step(draw=paint and i == n - 1)


def test_every_button_is_a_legal_action_and_dimmed_cards_do_nothing() -> None:
    app, scene = _scene((True, False))
    app.time_scale = 8.0
    rng = random.Random(0)
    checked = 0
    for _ in range(1500):
        _frames(app)
        if scene.session.over:
            break
        p = scene.session.actor()
        if scene._busy() or p != 0:
            continue
        if scene.throw_input is not None:
            origin = (rng.uniform(300, 500), 90.0)
            scene._throw(
                physics.Throw(origin, math.pi / 2 + rng.uniform(-0.1, 0.1), rng.uniform(600, 1400))
            )
            continue
        legal = {str(a) for a in scene.session.legal_actions()}
        if not legal:
            continue
        labels = {scene._label(a): str(a) for a in scene.session.legal_actions()}
        for b in scene.buttons:
            if not b.ghost and b.label != app.tr("ui.cancel"):
                assert b.label in labels, f"button {b.label!r} is not a legal action"
        for _kind, ident, rect, playable in scene._hand_items():
            offered = any(
                (isinstance(a, SetGate) and a.gate == ident)
                or (isinstance(a, PlayAbility) and a.card == ident)
                for a in scene.session.legal_actions()
            )
            assert playable == offered, (
                f"{ident}: drawn {'lit' if playable else 'dimmed'} but legal={offered}"
            )
            if not playable:
                before = scene.session.state.to_json()
                post_click(rect.center)
                _frames(app, 1)
                assert scene.session.state.to_json() == before, (
                    f"clicking dimmed {ident} did something"
                )
                assert scene.selected_gate is None and not scene.targets
        checked += 1
        action = scene.session.legal_actions()[rng.randrange(len(legal))]
        scene.do(action)
    assert checked >= 8 and scene.session.over
    pygame.quit()


def test_the_hot_seat_curtain_hides_the_hand_until_the_next_player_clicks() -> None:
    app, scene = _scene((True, True))
    _frames(app, 3)
    assert scene.curtain_for == 0
    # While the curtain is up nothing of a hand is laid out, clicking where the hand
    # goes does nothing and the screen is dark there.
    assert scene._hand_items() == []
    where = hud.SIDE.center
    before = scene.session.state.to_json()
    post_click(where)
    _frames(app, 1)
    assert scene.session.state.to_json() == before
    pixel = app.screen.get_at(where)
    assert max(pixel.r, pixel.g, pixel.b) < 60, "the hand shows through the curtain"
    _frames(app, 2)
    assert scene.curtain_for is None  # the click lifted it
    # Player 0 sets the opening gate; then the curtain comes down for player 1.
    scene.do(next(a for a in scene.session.legal_actions()))
    while scene.anims:
        _frames(app, 1)
    _frames(app, 3)
    assert scene.curtain_for == 1 and scene.viewer is None  # nobody's hand behind it
    post_click((640, 360))
    _frames(app, 2)
    assert scene.curtain_for is None and scene.viewer == 1
    pygame.quit()


def test_with_a_computer_between_two_people_no_one_sees_the_others_hand() -> None:
    """Two people and a computer at one screen, played through to the end: the curtain
    falls only for people, and on every frame drawn without it the hand shown is the
    hand of the person who lifted it last (never the next person's, not even while the
    step before his turn plays out)."""
    app = App("en", fast=True)
    app.time_scale = 4.0
    rng = random.Random(8)
    kits = [random_kit(CAT, rng) for _ in range(3)]
    scene = MatchScene(app, kits, (True, False, True), 0, seed=8)
    app.push(scene)
    curtains: list[int] = []
    lifted: int | None = None  # who clicked the curtain away last, as the test saw it
    frames = 0
    pick = random.Random(1)
    while not scene.session.over and frames < 20_000:
        _frames(app, 1, paint=frames % 4 == 0)  # (the hand shown: `_hand_items`)
        frames += 1
        if scene.curtain_for is not None:
            curtains.append(scene.curtain_for)
            lifted = scene.curtain_for
            post_click((640, 360))
            continue
        shown = {ident for _, ident, _, _ in scene._hand_items()}
        if lifted is None:
            assert not shown, "a hand showed before anyone sat down"
        else:
            hand = scene.view.players[lifted]
            assert shown <= {*hand.gates, *hand.abilities}, (frames, lifted, shown)
        p = scene.session.actor()
        if p in (0, 2) and not scene._busy() and scene.curtain_for is None and p == lifted:
            waiting = scene.session.awaiting_throw()
            if waiting is not None:
                zone = scene.session.zone(p)
                mid = (scene.session.width / 2, scene.session.height / 2)
                angle = math.atan2(mid[1] - zone.centre[1], mid[0] - zone.centre[0])
                scene._throw(physics.Throw(zone.centre, angle + pick.uniform(-0.2, 0.2), 950.0))
            else:
                scene.do(pick.choice(scene.session.legal_actions()))
    assert scene.session.over
    assert set(curtains) == {0, 2}, curtains  # never for the computer (player 2 of 3)
    # The three seats sit bottom, left and right, each named on its band.
    assert [scene.session.side(p) for p in range(3)] == ["bottom", "left", "right"]
    assert [scene.who(p) for p in range(3)] == ["Player 1", "Computer", "Player 3"]
    pygame.quit()


def test_the_throw_lab_resolves_a_dragged_throw() -> None:
    app = App("en", fast=True)
    lab = LabScene(app)
    app.push(lab)
    start = lab.table_view.px((400.0, 90.0))
    for e in (
        pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=(start[0], start[1] + 90), rel=(0, 0), buttons=(1, 0, 0)
        ),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(start[0], start[1] + 90), button=1),
    ):
        pygame.event.post(e)
    for _ in range(300):
        app.step()
    assert lab.result is not None and not lab.rolling
    assert lab.result.speed > 0 and len(lab.paths) == 1
    pygame.quit()


@pytest.mark.parametrize("table", [[], ["--players", "4", "--big"]])
def test_demo_on_screen_prints_frame_figures_and_saves_a_screenshot(tmp_path, table) -> None:  # type: ignore[no-untyped-def]
    shot = tmp_path / "demo.png"
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "game",
            "demo",
            "--seconds",
            "3",
            "--seed",
            "3",
            "--screenshot",
            str(shot),
            *table,
        ],
        capture_output=True,
        text=True,
        timeout=120,
        env={**__import__("os").environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"},
    )
    assert out.returncode == 0, out.stderr
    figures = json.loads(out.stdout.strip().splitlines()[-1])
    assert (
        figures["frames"] == 180
        and figures["median_ms"] > 0
        and figures["p99_ms"] >= figures["median_ms"]
    )
    assert shot.exists() and pygame.image.load(str(shot)).get_size() == (1280, 720)
