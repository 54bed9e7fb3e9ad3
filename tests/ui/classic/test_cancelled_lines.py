"""A cancelled Ability Card's lines stay in the battle panel, struck through, with the
card that cancelled them (issue 25, point 8: they vanished without a trace)."""

from __future__ import annotations

import random

import pygame
import pytest

from game.content.classic import shipped_catalog
from game.files.lang import tr
from game.rules.classic import MatchState, random_kit
from game.rules.classic.battle import Battle, Play
from game.rules.classic.piles import FieldGate
from game.ui import text_fit
from game.ui.classic import battle_panel as bp
from game.ui.classic import hud

CAT = shipped_catalog()
KITS = [random_kit(CAT, random.Random(s)) for s in (1, 2)]


def _state(*plays: Play) -> MatchState:
    state, _ = MatchState.new(CAT, KITS)
    state.field[(2, 2)] = FieldGate(0, "silver_ember_plain", [])
    sides = [(0, "pyrus_dragonoid"), (1, "darkus_reaper")]
    state.battle = Battle((2, 2), sides, gate_open=True, plays=list(plays))
    return state


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "Power Surge +100 (cancelled by Counter Seal)"),
        ("ru", "Прилив силы +100 (отменено картой «Ответная печать»)"),
    ],
)
def test_the_cancelled_lines_are_shown_struck_with_the_card_that_cancelled_them(
    lang: str, line: str
) -> None:
    state = _state(Play(1, "blue_power_surge"), Play(0, "red_counter_seal", cancels=0))
    shot = bp.shoot(state)
    assert shot is not None
    model = bp.panel_model(shot, CAT, lang, lambda key, **f: tr(lang, key, **f))
    reaper = model.sides[1]
    assert [ln.text for ln in reaper.struck] == [line]
    assert all(ln.layer != "blue_power_surge" for ln in reaper.lines)  # not counted
    assert model.sides[0].struck == ()
    surface = pygame.Surface((1280, 720))
    with text_fit.recording() as drawn:
        bp.draw_panel(
            surface,
            model,
            hud.BATTLE,
            lambda key, **f: tr(lang, key, **f),
            ((200, 60, 60), (60, 60, 200)),
            lambda b: CAT.bakugan[b].species,
        )
    assert any(d.text == line and not d.escapes() for d in drawn.drawn)


def test_a_battle_without_a_cancel_strikes_nothing() -> None:
    shot = bp.shoot(_state(Play(1, "blue_power_surge")))
    assert shot is not None
    model = bp.panel_model(shot, CAT, "en", lambda key, **f: tr("en", key, **f))
    assert model.sides[0].struck == model.sides[1].struck == ()
