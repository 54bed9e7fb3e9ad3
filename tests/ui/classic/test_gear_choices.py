"""Battle Gear abilities are optional: a person picks the ones he wants on screen (one
button per choice the rules allow, each named by its abilities, each fitting its
button in both languages), and a card wasted before the throw says why."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.content.classic import shipped_catalog
from game.match.classic.persist import session_to_json
from game.match.classic.session import MatchSession
from game.rules.classic import Kit, PlayGear, Settings, parse_action
from game.rules.classic.events import AbilityWasted, GearOpened
from game.ui import widgets as w
from game.ui.app import App
from game.ui.classic.match import MatchScene

from ..driver import post_click

CAT = shipped_catalog()
KITS = [
    Kit(
        ("pyrus_dragonoid", "aquos_preyas", "haos_tigrerra"),
        ("gold_dragon_roost", "silver_ember_plain", "bronze_lava_flow"),
        ("red_shadow_step", "blue_second_wind", "green_haos_radiance"),
        gear=("gear_sun_turbine",),
    ),
    Kit(
        ("subterra_gorem", "darkus_reaper", "ventus_skyress"),
        ("gold_mirror_lake", "silver_night_marsh", "bronze_gravel_pit"),
        ("red_emergency_recall", "blue_second_wind", "green_haos_radiance"),
    ),
]
# p0's Pyrus Dragonoid (560) against p1's Gorem (640 on Gravel Pit), the card open, p0 to
# act: Sun Turbine (+80; Spin Up +70, Backfire "the lower G-Power wins") on a Pyrus.
TO_THE_BATTLE = (
    "p0 set silver_ember_plain @2,2",
    "p1 set bronze_gravel_pit @2,1",
    "p0 throw pyrus_dragonoid",
    "land @2,1",
    "p1 throw subterra_gorem",
    "land @2,1",
)


def _scene(lang: str, steps: tuple[str, ...] = TO_THE_BATTLE) -> tuple[App, MatchScene]:
    app = App(lang, fast=True)
    session = MatchSession(CAT, KITS, Settings())
    for text in steps:
        session.state.apply(parse_action(text))
    payload = {"session": session_to_json(session), "humans": [True, False], "seed": 0}
    scene = MatchScene.resume(app, payload)
    app.push(scene)
    scene.curtain_for = None
    app.step()
    return app, scene


def _all_buttons(scene: MatchScene) -> list[w.Button]:
    """The choice buttons of every page (a person turns the pages with "more")."""
    seen: list[w.Button] = []
    for _ in range(6):
        scene._build_buttons()
        seen += [b for b in scene.buttons if not b.ghost and b not in seen]
        scene._next_page()
    scene.button_page = 0
    scene._build_buttons()
    return seen


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_each_choice_of_gear_abilities_has_its_own_button_that_fits(lang: str) -> None:
    _app, scene = _scene(lang)
    gear = [a for a in scene.session.legal_actions() if isinstance(a, PlayGear)]
    assert len(gear) == 4  # none, Spin Up, Backfire, both
    labels = [scene._label(a) for a in gear]
    assert len(set(labels)) == 4
    shown = {b.label for b in _all_buttons(scene)}
    assert set(labels) <= shown
    spin_up = CAT.gear["gear_sun_turbine"].ability("spin_up")
    assert spin_up is not None
    assert any(spin_up.name.get(lang) in label for label in labels)
    pygame.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_gear_choice_label_of_the_shipped_cards_fits_its_button(lang: str) -> None:
    _app, scene = _scene(lang)
    room = 310 - 12  # the choice buttons' width, less their margin
    for gear in CAT.gear.values():
        ids = [a.id for a in gear.abilities]
        for k in range(len(ids) + 1):
            for chosen in itertools.combinations(ids, k):
                label = scene._label(PlayGear(0, gear.id, chosen))
                assert w.font(14).size(label)[0] <= room, label
    pygame.quit()


def test_a_person_picks_only_the_ability_he_wants_and_wins() -> None:
    app, scene = _scene("en")
    want = PlayGear(0, "gear_sun_turbine", ("spin_up",))
    label = scene._label(want)
    for _ in range(6):  # turn the pages until its button shows, then click it
        button = next((b for b in scene.buttons if b.label == label), None)
        if button is not None:
            break
        more = next(b for b in scene.buttons if b.on_click == scene._next_page)
        post_click(more.rect.center)
        app.step()
    assert button is not None
    post_click(button.rect.center)
    app.step()
    opened = [e for e in scene.session.timeline if isinstance(e, GearOpened)]
    assert opened and opened[-1].abilities == ("spin_up",)
    assert scene.session.state.evaluate_battle().sides[0].total == 710  # Dragonoid, first
    pygame.quit()


def test_a_card_wasted_before_the_throw_is_shown_with_its_reason() -> None:
    app, scene = _scene("en", ())
    wasted = AbilityWasted(
        0, "green_ventus_cyclone", "needs ventus", "attribute", (("attribute", "ventus"),)
    )
    scene.anims.clear()
    scene._queue([wasted])
    banner = scene.anims[-1]
    assert banner.text == app.tr("match.wasted")
    why = app.tr("why.attribute", attribute=app.tr("attr.ventus"))
    assert why in banner.sub and CAT.abilities["green_ventus_cyclone"].name.en in banner.sub
    assert w.font(28).size(banner.sub)[0] <= 900
    pygame.quit()
