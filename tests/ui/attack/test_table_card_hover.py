"""A special card lying on the table tells its text when the pointer rests on it (issue
25.8), as it does in the hand; a card lying face down tells nothing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.content.attack import shipped_deck
from game.games.attack import shipped_levels
from game.match.attack.session import HUMAN, AttackMatch
from game.rules.attack import Phase
from game.ui import text_fit
from game.ui.app import App
from game.ui.attack.table import AttackTableScene
from game.ui.attack.view import ShownCard

from ..test_text_fit import _check

DECK = shipped_deck()


@pytest.fixture(params=("en", "ru"))
def app(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[App]:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))
    yield App(request.param, fast=True)
    pygame.quit()


def _drawn(app: App, scene: AttackTableScene) -> str:
    with text_fit.recording() as ledger:
        scene.draw(app.screen)
    _check(ledger, "hover", overlaps=False)
    return " ".join(d.text for d in ledger.visible())


def test_a_special_card_on_the_table_shows_its_text_on_hover(app: App) -> None:
    match = AttackMatch.new(DECK, shipped_levels(), [HUMAN, "easy", "easy"], seed=3)
    while match.state.phase is not Phase.PLAY:
        match.apply_chance()
    scene = AttackTableScene(app, match)
    app.push(scene)
    special = next(c.id for c in DECK.cards if c.special and c.id not in match.state.hands[0])
    scene.view.cards.append(ShownCard(1, special, True, "down", t=1.0))
    scene.view.cards.append(ShownCard(2, "", False, "down", t=1.0))  # chosen face down
    text = DECK.by_id[special].text.get(app.lang)
    first = " ".join(text.split()[:3])
    assert first not in _drawn(app, scene)
    for player, told in ((1, True), (2, False)):
        at = tuple(round(v) for v in scene._spot(player))
        scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
        assert (first in _drawn(app, scene)) is told, player


def test_every_special_cards_text_fits_its_tip_at_every_seat(app: App) -> None:
    match = AttackMatch.new(DECK, shipped_levels(), [HUMAN] + ["easy"] * 4, seed=3)
    scene = AttackTableScene(app, match)
    app.push(scene)
    for p in range(5):
        for card in (c.id for c in DECK.cards if c.special):
            shown = ShownCard(p, card, True, "down", t=1.0)
            scene.view.cards = [shown]
            scene.table_hover = shown
            assert DECK.by_id[card].name.get(app.lang) in _drawn(app, scene)
