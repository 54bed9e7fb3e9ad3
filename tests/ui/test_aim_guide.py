"""The aim guide has three levels in every game that throws: off; the first part of the
path (where it heads, never where it stops); the whole path, to where it stops, through
the very physics the throw then uses. The player's level is a setting (Settings, each
game's How to play), H steps it in a match, Hard starts without it, and a throw
challenge's scored run shows no more than its level allows."""

from __future__ import annotations

import dataclasses
import itertools
import math
import random
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game import physics
from game.challenges.defs import GUIDES
from game.content.classic import shipped_catalog
from game.content.levels import discover
from game.content.planet import shipped_catalog as planet_catalog
from game.match.planet.play import PlanetMatch, preset_setup
from game.persist.progress import Progress
from game.persist.settings import AIM_GUIDES, UserSettings
from game.physics.pull import PLANET
from game.rules.classic import random_kit
from game.ui import aim_guide
from game.ui.app import App
from game.ui.challenges import ChallengeScene
from game.ui.classic.match import MatchScene
from game.ui.menu import SettingsScene
from game.ui.planet.throw import PlanetAim

CAT = shipped_catalog()


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path / "home"))  # the settings saved here


def _app(guide: str = "start") -> App:
    return App("en", fast=True, settings=UserSettings(language="en", aim_guide=guide))


@pytest.fixture()
def app() -> Iterator[App]:
    a = _app()
    yield a
    pygame.quit()


def _match(app: App, levels: tuple[str, ...] = ("normal", "normal")) -> MatchScene:
    """A match where the person at seat 0 is about to throw (the opening set)."""
    rng = random.Random(4)
    scene = MatchScene(
        app,
        [random_kit(CAT, rng) for _ in range(2)],
        (True, False),
        0,
        seed=4,
        levels=levels,
        hints=False,
    )
    app.push(scene)
    for _ in range(600):
        if scene.throw_input is not None and not scene.anims:
            return scene
        if scene.hints.showing is not None:
            scene.hints.stop()
        p = scene.session.actor()
        if p == 0 and not scene.anims and not scene.session.awaiting_throw():
            scene.do(scene.session.legal_actions()[0])
        scene.update(1 / 60)
    raise AssertionError("seat 0 never came to throw")


def test_the_levels_are_the_same_for_the_settings_and_the_levels() -> None:
    assert AIM_GUIDES == GUIDES == aim_guide.LEVELS == ("off", "start", "whole")
    assert aim_guide.allowed("whole", "off") == "off"
    assert aim_guide.allowed("start", "whole") == "start"
    assert aim_guide.allowed("whole", "start") == "start"
    assert [aim_guide.next_level(x) for x in AIM_GUIDES] == ["start", "whole", "off"]


# (from the least pull that rolls the sphere off its line toward the cards: 0.2 of the
# speed-linear pull stops within 2 radii of the start)
@pytest.mark.parametrize("power", [0.35, 0.5, 0.65, 0.8, 1.0])
def test_the_first_part_never_shows_the_stop_and_the_whole_path_ends_on_it(
    app: App, power: float
) -> None:
    scene = _match(app)
    ti = scene.throw_input
    assert ti is not None
    ti.pulled = power * ti.curve.full_px  # (power: the share of the full pull)
    throw = ti.current()
    result = physics.resolve_throw(scene.session.table(), throw)
    points = aim_guide.path_points(result.trajectory)
    total = aim_guide.length(points)
    stop = result.trajectory.at(result.trajectory.duration)[:2]
    assert ti.guide_dots("off") == []
    start = ti.guide_dots("start")
    shown = aim_guide.length(start)
    assert start[0] == throw.origin and shown <= aim_guide.START_MM + 1e-6
    assert shown <= total * (1 - aim_guide.HIDDEN_END) + 1e-6  # its last part stays hidden
    assert math.dist(start[-1], stop) > 2 * throw.radius  # the stop is not among the dots
    whole = ti.guide_dots("whole")
    assert whole[-1] == pytest.approx(stop)  # where the throw will stop (or leave)
    assert aim_guide.length(whole) == pytest.approx(total, abs=1.0)
    gaps = [math.dist(a, b) for a, b in itertools.pairwise(whole[:-1])]
    assert all(abs(g - aim_guide.DOT_MM) < 1.0 for g in gaps)  # even dots along the path
    # and the first part stays short of every Gate Card place from this line
    layout = scene.session.layout
    cols, rows = layout.grid
    half = physics.CARD_LENGTH / 2
    for c in range(cols):
        for r in range(rows):
            cx, cy = layout.slot_center((c, r))
            assert all(abs(y - cy) > half or abs(x - cx) > 31 for x, y in start)


def test_h_steps_the_guide_in_a_match_and_the_hint_names_it(app: App) -> None:
    scene = _match(app)
    assert scene.aim_guide == "start"
    seen = []
    for _ in range(3):
        assert scene.tr(f"settings.guide_{scene.aim_guide}") in scene._hint()
        seen.append(scene.aim_guide)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h"))
        app.step()
    assert seen == ["start", "whole", "off"] and scene.aim_guide == "start"
    assert app.settings.aim_guide == "start"  # the match's own, not the setting


def test_against_hard_the_guide_starts_off() -> None:
    app = _app("whole")
    try:
        assert _match(app, ("normal", "hard")).aim_guide == "off"
        assert _match(app, ("normal", "normal")).aim_guide == "whole"
    finally:
        pygame.quit()


def _level(guide: str):  # type: ignore[no-untyped-def]
    level = discover()[1].level
    assert level is not None and level.guide == "off"
    return dataclasses.replace(level, guide=guide)


@pytest.mark.parametrize("allows", GUIDES)
def test_a_scored_challenge_shows_what_the_level_allows_at_most(
    tmp_path: Path, allows: str
) -> None:
    for chosen in AIM_GUIDES:
        app = _app(chosen)
        level = _level(allows)
        scored = ChallengeScene(app, level, progress=Progress(tmp_path / "p.json"))
        app.push(scored)
        app.step()
        assert scored.guide == aim_guide.allowed(chosen, allows)
        scored.aim.pulled = 0.6 * scored.aim.curve.full_px  # (power: the share of the full pull)
        assert bool(scored.preview_path()) == aim_guide.shows(scored.guide)
        free = ChallengeScene(app, level)  # nothing kept: the player's own level
        assert free.guide == chosen
        pygame.quit()


def test_a_scored_challenge_says_when_its_level_holds_the_guide_back(tmp_path: Path) -> None:
    app = _app("whole")
    try:
        scene = ChallengeScene(app, _level("start"), progress=Progress(tmp_path / "p.json"))
        note = app.tr("challenge.guide_held", level=app.tr("settings.guide_start"))
        assert note in [line for line, _, _ in scene.notes]
        scene = ChallengeScene(app, _level("whole"), progress=Progress(tmp_path / "p.json"))
        assert not any("guide" in line.lower() for line, _, _ in scene.notes)
    finally:
        pygame.quit()


def test_the_planet_guide_ends_where_the_roll_stops(app: App) -> None:
    catalog = planet_catalog()
    match = PlanetMatch(catalog, preset_setup(catalog, sorted(catalog.presets)[:2], (True, False)))
    session = match.session
    view = _planet_view(match)
    aim = PlanetAim(view, 0, session.zone(0), session.layout.centre)
    aim.pulled = 0.6 * aim.curve.full_px  # (power: the share of the full pull)
    scene = session.scene()
    throw = physics.Throw(aim.origin(), aim.angle, 0.6 * PLANET.full_speed, 0.0)
    track = physics.simulate(scene, [throw], judge=physics.PLANET, fresh=True).track(
        throw.sphere_id
    )
    stop = track.at(track.duration)[:2]
    assert aim.preview(scene, "off") == []
    aim._preview_wait = 0.0
    assert aim.preview(scene, "whole")[-1] == pytest.approx(stop)
    aim._preview_wait = 0.0
    start = aim.preview(scene, "start")
    assert start and aim_guide.length(start) <= aim_guide.START_MM + 1e-6


def _planet_view(match: PlanetMatch):  # type: ignore[no-untyped-def]
    from game.ui.planet.camera import fitted
    from game.ui.planet.layout import TABLE_AREA

    return fitted(match.session.layout, TABLE_AREA, close=False)


def test_the_settings_row_steps_through_the_levels_and_keeps_them(app: App) -> None:
    scene = SettingsScene(app)
    app.push(scene)
    row = next(b for b in scene.buttons if b.label.startswith("Aim guide"))
    assert row.label == "Aim guide: first part of the path"
    seen = []
    for _ in range(3):
        row = next(b for b in scene.buttons if b.label.startswith("Aim guide"))
        row.on_click()
        seen.append(app.settings.aim_guide)
    assert seen == ["whole", "off", "start"]


def _click(app: App, rect: pygame.Rect) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect.center, button=1))
    app.step()


def test_each_games_how_to_play_has_the_guides_row(app: App) -> None:
    from game.ui.classic.howto import THROW_PAGE, HowToScene
    from game.ui.planet.rules import PlanetRulesScene

    howto = HowToScene(app)
    app.push(howto)
    howto.page = THROW_PAGE
    app.step()
    assert howto.guide.label == "Aim guide: first part of the path"
    _click(app, howto.guide.rect)
    assert app.settings.aim_guide == "whole" and howto.page == THROW_PAGE  # not a page turn
    assert howto.guide.label == "Aim guide: the whole path"
    rules = PlanetRulesScene(app)
    app.push(rules)
    app.step()
    row = next(b for b in rules.buttons if b.label.startswith("Aim guide"))
    assert row.label == "Aim guide: the whole path"
    _click(app, row.rect)
    assert app.settings.aim_guide == "off" and row.label == "Aim guide: off"
