"""Each caught pile's count is drawn clear of every card back of the piles and of every
seat's plate, and no seat's name runs into another's plate, at 3, 4 and 5 players in
both languages (issue 25.8)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.content.attack import shipped_deck
from game.games.attack import shipped_levels
from game.match.attack.session import HUMAN, AttackMatch
from game.ui import text_fit
from game.ui.app import App
from game.ui.attack.art import SMALL_CARD
from game.ui.attack.table import AttackTableScene
from game.ui.attack.table_draw import pile_rects


@pytest.fixture(params=("en", "ru"))
def app(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[App]:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))
    yield App(request.param, fast=True)
    pygame.quit()


@pytest.mark.parametrize("players", [3, 4, 5])
def test_pile_counts_and_names_are_clear_of_their_neighbours(app: App, players: int) -> None:
    seats = [HUMAN] + ["hard"] * (players - 1)
    scene = AttackTableScene(app, AttackMatch.new(shipped_deck(), shipped_levels(), seats))
    app.push(scene)
    scene.view.caught = [14, 9, 12, 7, 11][:players]
    with text_fit.recording() as ledger:
        scene.draw(app.screen)
    backs = [
        r for place in scene.places for r in pile_rects(place.pile, scene.view.caught[place.player])
    ]
    assert all(r.size == SMALL_CARD for r in backs)
    plates = {place.player: place.plate for place in scene.places}
    counts = {str(c) for c in scene.view.caught}
    bad = []
    for d in ledger.visible():
        if d.text in counts:
            bad += [(d.text, d.rect, "a card back") for r in backs if r.colliderect(d.rect)]
            bad += [(d.text, d.rect, "a plate") for r in plates.values() if r.colliderect(d.rect)]
        for p in plates:
            if d.text == scene.name(p):
                others = [q for q, r in plates.items() if q != p and r.colliderect(d.rect)]
                bad += [(d.text, d.rect, f"plate {q}") for q in others]
                bad += [(d.text, d.rect, "a card back") for r in backs if r.colliderect(d.rect)]
    assert not bad, bad
