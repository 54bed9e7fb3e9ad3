"""Battle Planet's screens, piece by piece: the throw by keys, the setup's choices,
a match resumed from its autosave payload, the rules on demand."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.content.planet import shipped_catalog
from game.match.planet.play import PlanetMatch, preset_setup
from game.ui.app import App
from game.ui.hand_throw import bound_keys
from game.ui.planet.match import PlanetMatchScene
from game.ui.planet.rules import PlanetRulesScene
from game.ui.planet.setup import PlanetSetupScene, deck_choices
from game.ui.planet.throw import PlanetAim
from game.ui.planet.words import card_lines, keywords_in
from game.ui.table_view import TableView

CATALOG = shipped_catalog()


@pytest.fixture()
def app() -> Iterator[App]:
    a = App("en", fast=True)
    yield a
    pygame.quit()


def key(kind: int, code: int) -> pygame.event.Event:
    return pygame.event.Event(kind, key=code, mod=0, unicode="", scancode=0)


def test_the_keys_aim_charge_and_release_a_throw_from_the_band(app: App) -> None:
    match = PlanetMatch(CATALOG, preset_setup(CATALOG, sorted(CATALOG.presets)[:2]))
    layout = match.session.layout
    view = TableView(layout.width, layout.height, pygame.Rect(352, 0, 576, 720))
    zone = match.session.zone(0)
    aim = PlanetAim(view, 0, zone, layout.centre, bound_keys({}))
    start = aim.origin()
    keys = {action: code for code, action in bound_keys({}).items()}
    assert aim.handle(key(pygame.KEYDOWN, keys["move_right"])) is None
    assert aim.origin()[0] > start[0]
    angle = aim.angle
    aim.handle(key(pygame.KEYDOWN, keys["aim_left"]))
    assert aim.angle != angle
    aim.handle(key(pygame.KEYDOWN, keys["throw_charge"]))
    for _ in range(30):
        aim.update(1 / 60)
    throw = aim.handle(key(pygame.KEYUP, keys["throw_charge"]))
    assert throw is not None and throw.speed > 0
    assert zone.contains(throw.origin)


def test_setup_offers_the_six_presets_and_starts_the_chosen_match(app: App) -> None:
    choices = deck_choices("en")
    assert [c.ident for c in choices[:6]] == sorted(CATALOG.presets)
    setup = PlanetSetupScene(app, hotseat=False, seed=5)
    app.push(setup)
    setup._deck(0, 2)
    setup._level("hard")
    chosen = setup.setup()
    assert chosen.deck_names[0] == choices[(0 + 2) % len(choices)].ident
    assert chosen.humans == (True, False) and chosen.level == "hard"
    setup.start()
    assert isinstance(app.top, PlanetMatchScene)
    assert app.top.match.setup == chosen


def test_a_match_resumes_from_its_payload_where_it_stood(app: App) -> None:
    match = PlanetMatch(CATALOG, preset_setup(CATALOG, sorted(CATALOG.presets)[:2], seed=8))
    for _ in range(40):
        people = match.people_to_act()
        if people:
            match.act(match.legal_actions(people[0])[0])
        elif match.step_computer() is None:
            break
    scene = PlanetMatchScene.resume(app, match.to_json())
    assert scene.match.state == match.state
    app.push(scene)
    app.step()  # it draws


def test_every_card_is_explained_with_its_keywords(app: App) -> None:
    for ident in (*CATALOG.cards, *CATALOG.characters, *CATALOG.cores):
        head, body, notes = card_lines(CATALOG, ident, "en", app.tr)
        assert head and "planet_ui." not in head + body + "".join(notes), ident
    stop_cards = [c for c, d in CATALOG.cards.items() if "Stop" in d.text.en]
    assert stop_cards and "stop" in keywords_in(CATALOG.cards[stop_cards[0]].text.en)
    rules = PlanetRulesScene(app)
    assert rules.pages > 3


def test_the_keyboard_alone_reaches_every_choice(app: App) -> None:
    """Tab moves through the choices (ghost cards first), Enter takes one, P passes: a
    whole turn's choices by keys (a controller's D-pad and A send the same)."""
    match = PlanetMatch(CATALOG, preset_setup(CATALOG, sorted(CATALOG.presets)[:2], seed=3))
    scene = PlanetMatchScene(app, match)
    app.push(scene)
    scene.pace = 0.0
    acted = 0
    keys = {action: code for code, action in bound_keys({}).items()}
    for _ in range(4000):
        app.step()
        if match.state.turn >= 2 or match.over:
            break
        if scene.aims:  # the throw by keys: hold the charge, let go
            pygame.event.post(key(pygame.KEYDOWN, keys["throw_charge"]))
            for _ in range(30):
                app.step()
            pygame.event.post(key(pygame.KEYUP, keys["throw_charge"]))
            continue
        o = scene.offer()
        if scene.shows or scene.anim is not None or o is None:
            if scene.shows or scene.anim is not None:
                pygame.event.post(key(pygame.KEYDOWN, pygame.K_SPACE))
            continue
        before = len(match.session.timeline)
        pygame.event.post(key(pygame.KEYDOWN, pygame.K_p if o.passing else pygame.K_TAB))
        if not o.passing:
            pygame.event.post(key(pygame.KEYDOWN, pygame.K_RETURN))
        app.step()
        acted += len(match.session.timeline) > before or scene.core is not None
    assert match.state.turn >= 2, "a whole turn by keys"
    assert acted > 5


def test_the_core_picked_to_place_stays_marked_until_it_is_placed(app: App) -> None:
    """The playtest: after clicking a core to place, nothing showed which one was
    picked while its place was chosen. Its button is marked, and only its."""
    from game.ui.planet.buttons import build_buttons, core_words

    match = PlanetMatch(CATALOG, preset_setup(CATALOG, sorted(CATALOG.presets)[:2], seed=3))
    scene = PlanetMatchScene(app, match)
    app.push(scene)
    scene.pace = 0.0
    for _ in range(400):  # the computer's first core, if the coin gave it the first
        app.step()
        o = scene.offer()
        if o is not None and o.by_core:
            break
    o = scene.offer()
    assert o is not None and o.by_core
    assert not any(b.chosen for b in build_buttons(scene))
    picked = sorted(o.by_core)[-1]
    (button,) = [b for b in build_buttons(scene) if b.label == core_words(scene, picked)][:1]
    button.on_click()
    marked = [b for b in build_buttons(scene) if b.chosen]
    assert [b.label for b in marked] == [core_words(scene, picked)]
    place = next(
        b for b in build_buttons(scene) if b.ghost and str(b.data["ident"]).startswith("@")
    )
    place.on_click()
    assert scene.core is None and not any(b.chosen for b in build_buttons(scene))
