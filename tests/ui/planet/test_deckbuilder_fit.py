"""The deck builder's text fits its boxes in both languages (the rule of
tests/ui/test_text_fit.py): every card face, every Character on the team, the longest
deck names, every reason the rules core can give, every overlay."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.content.planet import shipped_catalog
from game.files.lang import catalog
from game.persist import decks
from game.rules.planet.kit import KitProblem
from game.ui import text_fit
from game.ui.app import App
from game.ui.planet import deckbuilder_faces as faces
from game.ui.planet.deckbuilder import DeckBuilderScene
from game.ui.planet.deckbuilder_layout import slot_rect
from game.ui.planet.deckbuilder_model import problem_text
from game.ui.planet.deckbuilder_pickers import NameOverlay
from game.ui.scene import Scene
from tests.ui.test_text_fit import _check

CAT = shipped_catalog()


@pytest.fixture(params=("en", "ru"))
def app(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[App]:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))
    decks.untold_damage()  # (what earlier tests set aside is not this test's to tell)
    a = App(request.param, fast=True)
    a.push(Scene(a))
    faces.clear_cache()
    yield a
    faces.clear_cache()
    pygame.quit()


def _draw(app: App, scene: Scene, where: str) -> None:
    with text_fit.recording() as ledger:
        for s in app.stack[app.stack.index(scene) - (0 if scene.opaque else 1) :]:
            s.draw(app.screen)
    _check(ledger, where)


def _longest(ids: list[str], lang: str, n: int) -> list[str]:
    def size(i: str) -> int:
        piece = CAT.cards.get(i) or CAT.characters[i]
        return len(piece.name.get(lang))

    return sorted(ids, key=lambda i: (-size(i), i))[:n]


def test_every_card_face_and_character_fits(app: App) -> None:
    for ident in CAT.cards:
        for dimmed in (False, True):
            with text_fit.recording() as ledger:
                faces._draw_face(CAT.cards[ident], (140, 196), app.lang, dimmed)
            _check(ledger, f"card {ident}")
    for ident, character in CAT.characters.items():
        with text_fit.recording() as ledger:
            faces.character_strip(app.screen, slot_rect(0), character, app.lang, "")
        _check(ledger, f"character {ident}")


def test_the_builder_fits_with_the_longest_names(app: App) -> None:
    scene = DeckBuilderScene(app)
    app.push(scene)
    _draw(app, scene, "empty builder")
    team = _longest(list(CAT.characters), app.lang, 12)
    picked: list[str] = []
    for c in team:
        if len(picked) < 3 and scene.draft.character_refusal(len(picked), c) is None:
            scene.draft.set_character(len(picked), c)
            picked.append(c)
    factions = {f for c in picked for f in CAT.characters[c].factions}
    cards = [c for c in CAT.cards if factions & set(CAT.cards[c].factions)]
    for card in _longest(cards, app.lang, 30):
        scene.draft.add(card)
    scene.draft.name = "Ш" * decks.MAX_NAME
    scene._build()
    _draw(app, scene, "a deck of long names")
    for ident, _rect in scene.page_cards():
        scene.hover_card = ident
        _draw(app, scene, f"hovering {ident}")
    scene.hover_card = None
    from game.ui.planet.deckbuilder_model import core_text

    for core in CAT.cores.values():  # every BakuCore's back, in the message line
        scene.draft.cores[0] = core.id
        scene.hover_core = 0
        _draw(app, scene, f"hovering {core.id}")
        assert "{" not in core_text(core, app.tr)
    scene.hover_core = None
    for c in CAT.characters.values():  # every Character's text, hovered on the team
        scene.draft.characters[0] = c.id
        for b in scene.buttons:
            b.hot = b.data.get("slot") == 0
        _draw(app, scene, f"hovering {c.id}")
    for b in scene.buttons:
        b.hot = False
    scene.say(app.tr("deckbuilder.saved", name="Ш" * decks.MAX_NAME))
    _draw(app, scene, "a message")
    for slot in range(3):
        scene.pick_character(slot)
        _draw(app, app.top, f"picking Bakugan {slot + 1}")
        for b in app.top.buttons:  # type: ignore[attr-defined]
            b.hot = True
            _draw(app, app.top, "a choice hovered")
            b.hot = False
        app.pop()
    scene.open_presets()
    _draw(app, app.top, "presets")
    app.pop()
    decks.save_deck(decks.Deck("Ж" * decks.MAX_NAME, tuple(picked)))
    scene.open_list()
    _draw(app, app.top, "my decks")
    app.pop()
    app.push(NameOverlay(app, app.tr("deckbuilder.name_title"), "Щ" * 60, lambda n: None))
    _draw(app, app.top, "the name field")
    app.top.error = app.tr("decks.not_saved", problem="x" * 80)  # type: ignore[attr-defined]
    _draw(app, app.top, "the name field refusing")


def test_every_reason_fits_the_message_line_and_the_status(app: App) -> None:
    from game.ui import widgets as w

    name = max((c.name.get(app.lang) for c in CAT.cards.values()), key=len)
    other = max((c.name.get(app.lang) for c in CAT.characters.values()), key=len)
    codes = sorted(
        k.split(".")[-1] for k in catalog(app.lang) if k.startswith("deckbuilder.problem.")
    )
    for code in codes:
        p = KitProblem(
            "deck",
            code,
            (
                ("card", name),
                ("other", other),
                ("need", 40),
                ("has", 41),
                ("factions", "haos/aurelus"),
                ("want", "x"),
                ("problem", ""),
            ),
        )
        text = problem_text(p, CAT, app.lang, app.tr)
        assert "{" not in text, text
        for box, size in (
            (pygame.Rect(352, 594, 912, 40), 19),
            (pygame.Rect(16, 654, 320, 58), 16),
        ):
            with text_fit.recording() as ledger:
                w.paragraph(app.screen, text, box, size)
            _check(ledger, f"reason {code}")
    error = decks.DeckError("damaged", ["x" * 40 + ".toml: " + "y" * 400])
    error.moved_to = Path("x" * 200 + ".damaged-20261201-120000-99.toml")
    for text in (error.text(app.lang), app.tr("decks.damaged_kept", problem="z" * 120)):
        with text_fit.recording() as ledger:
            w.paragraph(app.screen, text, pygame.Rect(352, 594, 912, 40), 19)
        _check(ledger, text)
