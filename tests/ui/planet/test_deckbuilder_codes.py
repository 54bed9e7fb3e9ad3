"""The deck builder's Copy code and Paste code (issue 28), through posted clicks: a legal
deck goes to the clipboard as its code, a code comes back as the whole deck or not at
all (refused with a line); a deck copied on one profile and pasted on another is saved
there, offered at setup to both seats, and plays a match against the computer."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.content.planet import shipped_catalog
from game.games.planet import decks as pd
from game.match.planet.play import PlanetMatch
from game.persist import decks
from game.rules.planet import Kit
from game.rules.planet.deck_code import encode
from game.rules.planet.kit import kit_problems
from game.ui import clipboard, text_fit
from game.ui.app import App
from game.ui.planet.deckbuilder import DeckBuilderScene
from game.ui.planet.deckbuilder_pickers import NameOverlay
from game.ui.planet.setup import PlanetSetupScene
from game.ui.scene import Scene
from tests.match.planet.test_planet_play import play_out
from tests.ui.planet.test_deckbuilder import button, choose, click, open_builder, steps
from tests.ui.test_text_fit import _check

CAT = shipped_catalog()


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path / "one"))
    decks.untold_damage()
    a = App("en", fast=True)
    a.push(Scene(a))
    yield a
    pygame.quit()


def _same(a: Kit, b: Kit) -> bool:
    return (
        a.characters == b.characters and a.cores == b.cores and Counter(a.deck) == Counter(b.deck)
    )


def _from_preset(app: App, scene: DeckBuilderScene, preset: str) -> None:
    click(app, button(scene, app.tr("deckbuilder.presets")).center)
    choose(app, CAT.presets[preset].name.en)


def _copy(app: App, scene: DeckBuilderScene) -> None:
    click(app, button(scene, app.tr("deckbuilder.copy_code")).center)


def _paste(app: App, scene: DeckBuilderScene) -> None:
    label = next(b.label for b in scene.buttons if b.data.get("code") == "paste")
    click(app, button(scene, label).center)


def test_copy_code_puts_a_legal_deck_on_the_clipboard(app: App) -> None:
    scene = open_builder(app)
    clipboard.put("before")
    _copy(app, scene)  # an empty deck has no code
    assert clipboard.get() == "before" and scene.message_bad
    assert scene.message.startswith("Only a legal deck has a code: ")
    _from_preset(app, scene, "ventus_aurelus")
    _copy(app, scene)
    code = clipboard.get()
    assert code == encode(CAT.presets["ventus_aurelus"].kit, CAT)
    assert scene.message == f"Code on the clipboard: {code}" and not scene.message_bad


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "The clipboard holds no text: copy a deck code first."),
        ("hello there", "That is not a Battle Planet deck code."),
        ("BP1QMH73DBMQNRT567K6D6131J1DWBFB95W62S7PJNB9AAJZD", "That code is damaged"),
        ("BP2QMH73DBMQNRT567K6D6131J1DWBFB95W62S7PJNB9AAJZC", "a newer version of the game"),
    ],
)
def test_paste_code_refuses_a_bad_code_and_keeps_the_deck(app: App, text: str, says: str) -> None:
    scene = open_builder(app)
    _from_preset(app, scene, "pyrus_haos")
    before = scene.draft.to_deck()
    clipboard.put(text)
    _paste(app, scene)
    assert says in scene.message and scene.message_bad
    assert scene.draft.to_deck() == before


def test_paste_code_refuses_a_deck_the_rules_refuse_with_the_builder_s_own_words(
    app: App,
) -> None:
    scene = open_builder(app)
    kit = CAT.presets["aquos_haos"].kit
    short = Kit(kit.characters, kit.cores, kit.deck[:39])
    clipboard.put(encode(short, CAT))
    _paste(app, scene)
    builder_says = scene.problem(kit_problems(short, CAT)[0])
    assert builder_says == "The deck needs exactly 40 cards (now 39)."
    assert scene.message == f"That deck breaks the rules: {builder_says}"
    assert scene.draft.cards == []


def test_paste_over_unsaved_edits_asks_first_then_takes_the_whole_deck(app: App) -> None:
    scene = open_builder(app)
    _from_preset(app, scene, "pyrus_darkus")
    clipboard.put(encode(CAT.presets["darkus_aquos"].kit, CAT))
    _paste(app, scene)
    assert scene.draft.kit() != CAT.presets["darkus_aquos"].kit  # not yet: edits unsaved
    assert any(b.label == app.tr("deckbuilder.discard") for b in scene.buttons)
    _paste(app, scene)
    assert _same(scene.draft.kit(), CAT.presets["darkus_aquos"].kit)
    assert scene.draft.name == "Pasted deck" and scene.draft.path is None and scene.draft.dirty
    assert scene.message == "Deck pasted: save it to keep it."


def test_a_deck_copied_on_one_profile_plays_against_the_computer_on_another(
    app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Profile one: a preset made one's own (a card swapped), saved, its code copied.
    scene = open_builder(app)
    _from_preset(app, scene, "pyrus_darkus")
    out = next(c for c in scene.draft.cards if scene.draft.count(c) == 3)
    row = next(b.rect for b in scene.buttons if b.label.startswith("- ") and b.data["card"] == out)
    click(app, row.center)  # one copy out, through its line in the list
    added = next(c for c in sorted(CAT.cards) if c != out and scene.draft.refusal(c) is None)
    assert scene.draft.add(added) is None
    kit = scene.draft.kit()
    assert Counter(kit.deck) != Counter(CAT.presets["pyrus_darkus"].kit.deck)
    assert scene.draft.problems() == []
    _copy(app, scene)
    app.pop()
    # Profile two, the same window: paste, save under a name, choose it at setup.
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path / "two"))
    assert pd.list_decks(CAT) == []
    other = open_builder(app)
    _paste(app, other)
    click(app, button(other, app.tr("deckbuilder.save")).center)
    assert isinstance(app.top, NameOverlay)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
    steps(app)
    (entry,) = pd.list_decks(CAT)
    assert entry.valid and entry.name == "Pasted deck" and _same(entry.kit, kit)
    app.pop()
    setup = PlanetSetupScene(app, hotseat=False, seed=11)
    app.push(setup)
    steps(app)
    mine = next(i for i, d in enumerate(setup.decks) if d.ident == "Pasted deck")
    setup.deck_at = [mine, mine]  # the person's deck, and the computer's too
    chosen = setup.setup()
    assert _same(chosen.kits[0], kit) and _same(chosen.kits[1], kit)
    assert chosen.humans == (True, False)
    match = PlanetMatch(CAT, chosen)
    play_out(match)
    assert match.over and match.winner in (0, 1, None)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_code_buttons_and_lines_fit(lang: str, app: App) -> None:
    app.lang = lang
    scene = open_builder(app)
    scene.draft = type(scene.draft).from_preset(CAT, CAT.presets["aurelus_pyrus"], lang)
    scene._build()
    code = encode(CAT.presets["aurelus_pyrus"].kit, CAT)
    lines = [
        scene.tr("deckbuilder.code_copied", code=code),
        scene.tr("deckbuilder.code_no_clipboard", code=code),
        scene.tr("deckbuilder.code_newer", version=31),
        scene.tr("deckbuilder.code_other_cards"),
        scene.tr("deckbuilder.code_no_text"),
        scene.tr("deckbuilder.code_only_legal", why=scene.tr("deckbuilder.code_other_cards")),
    ]
    for line in lines:
        scene.say(line)
        with text_fit.recording() as ledger:
            scene.draw(app.screen)
        _check(ledger, line)
