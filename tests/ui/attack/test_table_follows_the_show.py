"""What the Attack table draws follows the show, not the rules core (issue 25.8): the
core has judged a round and scored a deal the moment the last card is played, but the
header names the round whose announcement has been shown, and the seats' points are
those of the last score sheet shown (never "Points 10" before the catch flies)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.content.attack import shipped_deck
from game.games.attack import shipped_levels
from game.match.attack.session import AttackMatch
from game.rules.attack import events as ev
from game.ui import text_fit
from game.ui.app import App
from game.ui.attack.table import AttackTableScene


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))
    yield tmp_path
    pygame.quit()


def _drawn(app: App, scene: AttackTableScene) -> tuple[list[str], dict[int, int]]:
    """The texts drawn, and the points each seat's plate shows (not while thinking)."""
    with text_fit.recording() as ledger:
        scene.draw(app.screen)
    points = {}
    for d in ledger.visible():
        m = re.match(r"Points (\d+) ", d.text)
        for place in scene.places:
            if m and place.plate.contains(d.rect):
                points[place.player] = int(m[1])
    return [d.text for d in ledger.visible()], points


def test_the_header_and_the_points_follow_the_show(home: Path) -> None:
    app = App("en", fast=True)
    app.time_scale = 8.0
    match = AttackMatch.new(shipped_deck(), shipped_levels(), ["easy"] * 3, seed=11)
    scene = AttackTableScene(app, match)
    totals: dict[int, tuple[int, ...]] = {}
    push = scene._push

    def spy(events: list[ev.Event]) -> None:
        for e in events:
            if isinstance(e, ev.DealScored):
                totals[e.deal] = e.totals
        push(events)

    scene._push = spy  # type: ignore[method-assign]
    app.push(scene)
    ahead = 0
    shown: int | None = None  # the deal of the last score sheet shown
    for _ in range(20_000):
        if scene.view.sheet is not None:
            scene.continue_sheet()
        app.step(draw=False)  # (every frame is drawn by `_drawn`)
        if scene.view.sheet is not None:
            shown = scene.view.sheet.deal
        texts, drawn = _drawn(app, scene)
        rounds = [
            f if k == "attack_ui.round" else {"deal": f["deal"], "round": 0}
            for k, f in scene.view.log
            if k in ("attack_ui.round", "attack_ui.dealt")
        ]
        if rounds:
            want = f"Deal {rounds[-1]['deal']}, round {rounds[-1]['round']}"
            assert want in texts, (want, [t for t in texts if t.startswith("Deal")])
        points = totals[shown] if shown is not None else (0,) * 3
        assert drawn and all(points[p] == n for p, n in drawn.items()), (drawn, points)
        ahead += tuple(match.state.points) != points or (
            bool(rounds) and rounds[-1]["round"] != match.state.round_no
        )
        if match.state.is_over() or len(totals) >= 3:
            break
    assert len(totals) >= 2 and ahead > 10, "the core ran ahead of the show, and was not drawn"
