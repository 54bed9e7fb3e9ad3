"""The score sheet's columns say what they hold (issue 25.8). Standard rules (seed 002):
a player's points are his distance from his target now («по одному очку за каждого
Бакугана, которого он набрал Больше или Меньше того числа, что выпало у него на
кубике»), the running score itself: there is no sum, so no "Total" column repeats it.
The house variant adds each deal's penalty to a total: Penalty and Total both show."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.content.attack import shipped_deck
from game.games.attack import shipped_levels
from game.match.attack.session import AttackMatch
from game.rules.attack import Phase, Variant
from game.rules.attack import events as ev
from game.ui import text_fit
from game.ui.app import App
from game.ui.attack.sheet import draw_final, draw_sheet
from game.ui.attack.table import AttackTableScene

from ..test_text_fit import _check


@pytest.fixture(params=("en", "ru"))
def app(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[App]:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))
    yield App(request.param, fast=True)
    pygame.quit()


def _texts(app: App, variant: Variant, final: bool) -> list[str]:
    match = AttackMatch.new(shipped_deck(), shipped_levels(), ["easy"] * 3, variant, seed=2)
    while match.state.phase is not Phase.PLAY:
        match.apply_chance()
    scene = AttackTableScene(app, match)
    with text_fit.recording() as ledger:
        if final:
            draw_final(app.screen, scene, ev.GameOver("points", (10, 4, 6), (1,)))
        else:
            draw_sheet(
                app.screen, scene, ev.DealScored(1, (3, 5, 2), (13, 1, 8), (10, 4, 6), (10, 4, 6))
            )
    _check(ledger, f"sheet {variant} {final}")
    return [d.text for d in ledger.drawn]


@pytest.mark.parametrize("final", [False, True])
def test_standard_rules_show_the_points_once(app: App, final: bool) -> None:
    texts = _texts(app, Variant.STANDARD, final)
    from game.files.lang import tr

    assert tr(app.lang, "attack_ui.col_total") not in texts
    assert texts.count(tr(app.lang, "attack_ui.col_points")) == 1
    assert texts.count("10") == 1  # the leader's points, in one column


@pytest.mark.parametrize("final", [False, True])
def test_the_house_variant_shows_the_penalty_and_the_total(app: App, final: bool) -> None:
    from game.files.lang import tr

    texts = _texts(app, Variant.HOUSE, final)
    assert tr(app.lang, "attack_ui.col_total") in texts
    if not final:
        assert tr(app.lang, "attack_ui.col_penalty") in texts
