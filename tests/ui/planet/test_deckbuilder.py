"""The deck builder played through posted events, as a person does: pick three Bakugan,
add cards with the mouse, the keys and a controller, get refused with the rules core's
reason, save, reload, rename, copy, delete; a damaged deck file set aside and told."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.content.planet import shipped_catalog
from game.games.planet import decks as pd
from game.persist import decks
from game.rules.planet import Faction, check_kit
from game.ui.app import App
from game.ui.planet.deckbuilder import DeckBuilderScene
from game.ui.planet.deckbuilder_pickers import ChoiceOverlay, NameOverlay
from game.ui.scene import Scene
from tests.ui.driver import post_click, post_key

CAT = shipped_catalog()


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path / "home"))
    decks.untold_damage()  # (what earlier tests set aside is not this test's to tell)
    a = App("en", fast=True)
    a.push(Scene(a))  # what the builder was opened from
    yield a
    pygame.quit()


def steps(app: App, n: int = 2) -> None:
    for _ in range(n):
        app.step()


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    post_click(pos, button)
    steps(app)


def button(scene: object, label: str) -> pygame.Rect:
    for b in scene.buttons:  # type: ignore[attr-defined]
        if b.label == label and b.enabled:
            return b.rect
    raise AssertionError(f"no button {label!r}: {[b.label for b in scene.buttons]}")  # type: ignore[attr-defined]


def choose(app: App, label: str) -> None:
    """Click the choice of that label in the overlay on top."""
    overlay = app.top
    assert isinstance(overlay, ChoiceOverlay)
    for _ in range(overlay.pages):
        for b in overlay.buttons:
            choice = b.data.get("choice")
            if choice is not None and choice.label == label:  # type: ignore[attr-defined]
                click(app, b.rect.center)
                return
        post_key(pygame.K_e)
        steps(app)
    raise AssertionError(f"no choice {label!r}")


def type_text(app: App, text: str) -> None:
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    steps(app)


def open_builder(app: App) -> DeckBuilderScene:
    scene = DeckBuilderScene(app)
    app.push(scene)
    steps(app)
    return scene


def pick_team(app: App, scene: DeckBuilderScene, names: list[str]) -> None:
    for slot, name in enumerate(names):
        click(app, button(scene, app.tr("deckbuilder.empty_slot", n=slot + 1)).center)
        choose(app, name)
    assert app.top is scene


def fill_from_grid(app: App, scene: DeckBuilderScene) -> None:
    """Click each card of the grid three times, page after page, until 40."""
    for _ in range(scene.pages):
        for _ident, rect in scene.page_cards():
            for _ in range(3):
                if len(scene.draft.cards) < 40:
                    click(app, rect.center)
        if len(scene.draft.cards) == 40:
            return
        click(app, button(scene, ">").center)


def test_build_a_legal_deck_from_scratch_save_and_reload(app: App) -> None:
    scene = open_builder(app)
    pick_team(app, scene, ["Pyrus Dragonoid", "Pyrus Trox", "Darkus Fangzor"])
    assert all(scene.draft.cores) and len(scene.draft.cores) == 6  # the cores followed
    click(app, button(scene, app.tr("deckbuilder.faction.aquos")).center)
    first, rect = scene.page_cards()[0]
    click(app, rect.center)  # an Aquos card: refused, with the reason shown
    assert scene.draft.cards == []
    name = CAT.cards[first].name.en
    assert scene.message == f"{name} is Aquos: not a faction of your Bakugan."
    click(app, button(scene, app.tr("deckbuilder.faction.pyrus")).center)
    fill_from_grid(app, scene)
    assert len(scene.draft.cards) == 40 and scene.draft.problems() == []
    assert check_kit(scene.draft.kit(), CAT) == []
    _ident, rect = scene.page_cards()[-1]
    click(app, rect.center)  # the 41st
    assert len(scene.draft.cards) == 40 and scene.message == "The deck already has 40 cards."
    # Save: name it.
    click(app, button(scene, app.tr("deckbuilder.save")).center)
    assert isinstance(app.top, NameOverlay)
    for _ in range(len(app.top.value)):
        post_key(pygame.K_BACKSPACE)
    type_text(app, "Hot Shadows")
    post_key(pygame.K_RETURN)
    steps(app)
    assert app.top is scene and not scene.draft.dirty
    (entry,) = pd.list_decks()
    assert entry.name == "Hot Shadows" and entry.valid
    saved = list(scene.draft.cards)
    # Reload in a new builder from "My decks".
    app.pop()
    again = open_builder(app)
    click(app, button(again, app.tr("deckbuilder.open")).center)
    choose(app, "Hot Shadows")
    assert again.draft.cards == saved and again.draft.path == entry.file
    assert again.draft.kit() == scene.draft.kit()


def test_a_preset_then_take_out_rename_copy_delete(app: App) -> None:
    scene = open_builder(app)
    click(app, button(scene, app.tr("deckbuilder.presets")).center)
    choose(app, CAT.presets["aquos_haos"].name.en)
    assert scene.draft.problems() == [] and scene.draft.path is None
    _card, _, row = scene.deck_rows()[0]
    click(app, row.center)  # its line in the deck: one out
    assert len(scene.draft.cards) == 39
    assert scene.draft.problems()[0].code == "deck_size"
    first, rect = scene.page_cards()[0]
    before = scene.draft.count(first)
    click(app, rect.center, button=3)  # right click: take out
    assert scene.draft.count(first) == max(0, before - 1)
    click(app, button(scene, app.tr("deckbuilder.save")).center)
    post_key(pygame.K_RETURN)  # the preset's name as it is
    steps(app)
    path = scene.draft.path
    assert isinstance(path, Path) and path.exists()
    click(app, button(scene, app.tr("deckbuilder.rename")).center)
    type_text(app, " II")
    post_key(pygame.K_RETURN)
    steps(app)
    assert scene.draft.name == "Tide and Light II" and not path.exists()
    click(app, button(scene, app.tr("deckbuilder.copy")).center)
    assert scene.draft.name == "Tide and Light II 2"
    assert sorted(e.name for e in pd.list_decks()) == ["Tide and Light II", "Tide and Light II 2"]
    click(app, button(scene, app.tr("deckbuilder.delete")).center)
    assert len(pd.list_decks()) == 2  # the first press only asks
    click(app, button(scene, app.tr("deckbuilder.delete_sure")).center)
    assert [e.name for e in pd.list_decks()] == ["Tide and Light II"]
    assert scene.draft.dirty and scene.draft.cards  # still on screen: Save brings it back


def test_a_name_taken_is_refused_in_the_name_field(app: App) -> None:
    decks.save_deck(decks.Deck("Taken"))
    decks.save_deck(decks.Deck("New deck"))
    scene = open_builder(app)
    click(app, button(scene, app.tr("deckbuilder.save")).center)
    assert app.top.value == "New deck 2"  # type: ignore[attr-defined]  # free: Enter saves
    for _ in range(len(app.top.value)):  # type: ignore[attr-defined]
        post_key(pygame.K_BACKSPACE)
    type_text(app, "taken")
    post_key(pygame.K_RETURN)
    steps(app)
    overlay = app.top
    assert isinstance(overlay, NameOverlay) and overlay.error == app.tr("decks.name_taken")
    post_key(pygame.K_ESCAPE)
    steps(app)
    assert app.top is scene and scene.draft.path is None


def test_a_damaged_deck_file_is_set_aside_and_told(app: App) -> None:
    folder = decks.decks_dir()
    folder.mkdir(parents=True)
    good = decks.save_deck(decks.Deck("Fine"))
    (folder / "broken.toml").write_bytes(b"format = 'bakugan-planet-deck'\nversion = 1\nname = [")
    scene = open_builder(app)
    (folder / "later.toml").write_bytes(b"\xff")  # damaged while the builder is open
    click(app, button(scene, app.tr("deckbuilder.open")).center)
    overlay = app.top
    assert isinstance(overlay, ChoiceOverlay)
    assert [b.data["choice"].label for b in overlay.buttons if "choice" in b.data] == ["Fine"]  # type: ignore[attr-defined]
    kept = sorted(p.name for p in folder.iterdir() if ".damaged-" in p.name)
    assert [k.split(".")[0] for k in kept] == ["broken", "later"] and good.exists()
    assert not (folder / "broken.toml").exists() and not (folder / "later.toml").exists()
    assert all(any(k in n for n in app.notices) for k in kept)  # each told, once
    assert len(app.notices) == 2 and kept[1] in scene.message


def test_keys_and_a_controller_add_take_out_and_page(app: App) -> None:
    scene = open_builder(app)
    scene.draft.set_character(0, "pyrus_dragonoid")
    scene._build()
    post_key(pygame.K_TAB)  # focus: the first card of the grid
    steps(app)
    first = scene._focused_card()
    assert first is not None
    post_key(pygame.K_RETURN)
    steps(app)
    assert scene.draft.count(first) == 1
    pad = pygame.CONTROLLER_BUTTON_A
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=pad, which=0))
    steps(app)
    assert scene.draft.count(first) == 2
    pygame.event.post(
        pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_X, which=0)
    )
    steps(app)
    assert scene.draft.count(first) == 1
    post_key(pygame.K_RIGHT)  # the next card
    steps(app)
    assert scene._focused_card() not in (None, first)
    post_key(pygame.K_e)
    steps(app)
    assert scene.page == 1
    pygame.event.post(
        pygame.event.Event(
            pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_LEFTSHOULDER, which=0
        )
    )
    steps(app)
    assert scene.page == 0


def test_search_and_filters(app: App) -> None:
    scene = open_builder(app)
    post_key(pygame.K_SLASH)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="/"))
    type_text(app, "glacier wall")
    assert scene.filters.text == "glacier wall"
    assert [i for i, _ in scene.page_cards()] == ["aquos_ice_wall"]
    post_key(pygame.K_BACKSPACE)
    post_key(pygame.K_RETURN)
    steps(app)
    assert scene.filters.text == "glacier wal" and not scene.searching
    post_key(pygame.K_e)  # a shortcut again, not a letter of the search
    steps(app)
    assert scene.filters.text == "glacier wal"
    scene.set_filter(text="")
    click(app, button(scene, app.tr("deckbuilder.type.hero")).center)
    click(app, button(scene, "4").center)
    shown = [CAT.cards[i] for i, _ in scene.page_cards()]
    assert len(shown) == 3 and all(c.type.value == "hero" and c.cost == 4 for c in shown)
    click(app, button(scene, "5+").center)
    shown = [CAT.cards[i] for i, _ in scene.page_cards()]
    assert len(shown) == 8 and all(c.type.value == "hero" and c.cost >= 5 for c in shown)
    click(app, button(scene, app.tr("deckbuilder.faction.haos")).center)
    assert all(Faction.HAOS in CAT.cards[i].factions for i, _ in scene.page_cards())


def test_back_asks_before_edits_are_lost(app: App) -> None:
    scene = open_builder(app)
    scene.draft.set_character(0, "haos_pegatrix")
    scene._build()
    post_key(pygame.K_ESCAPE)
    steps(app)
    assert app.top is scene and scene.armed == "back"
    post_key(pygame.K_ESCAPE)
    steps(app)
    assert app.top is not scene and scene not in app.stack


def test_a_long_deck_list_scrolls_with_the_wheel_and_the_grid_pages(app: App) -> None:
    from game.ui.planet.deckbuilder_layout import DECK_LIST, LIST_ROWS

    scene = open_builder(app)
    for card in list(CAT.cards)[:40]:  # 40 different cards (no team yet: any may go in)
        scene.draft.add(card)
    scene._build()
    shown = [c for c, _, _ in scene.deck_rows()]
    assert len(shown) == LIST_ROWS * 2 < 40
    wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=DECK_LIST.center, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(wheel)
    steps(app)
    assert scene.scroll == 3 and next(c for c, _, _ in scene.deck_rows()) == shown[3]
    assert scene.page == 0
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(800, 300), rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(wheel)
    steps(app)
    assert scene.page == 1 and scene.scroll == 3
