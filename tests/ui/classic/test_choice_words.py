"""The Take and Move buttons name the Gate Card as the table shows it (issue 25, point
8): "Take Dragon Roost", not "Take the card 3:3" (the table shows no grid); a card lying
face down that is not the person's own is named by the Bakugan standing on it, else as
a face-down card, its name kept hidden."""

from __future__ import annotations

import random

import pytest

from game.content.classic import shipped_catalog
from game.rules.classic import MoveBakugan, PlayAbility, TakeGate
from game.rules.classic.kits import random_kit
from game.rules.classic.piles import FieldGate
from game.ui.app import App
from game.ui.classic import match_choices
from game.ui.classic.match import MatchScene

CAT = shipped_catalog()
MINE, THEIRS = (0, 0), (1, 1)


@pytest.fixture
def scene() -> MatchScene:
    rng = random.Random(3)
    kits = [random_kit(CAT, rng), random_kit(CAT, rng)]
    scene = MatchScene(App("en", fast=True), kits, (True, False), 0, seed=3, level="easy")
    state = scene.session.state
    state.field[MINE] = FieldGate(0, "gold_dragon_roost", [(0, kits[0].bakugan[0])])
    state.field[THEIRS] = FieldGate(1, "gold_saurus_quarry", [])
    return scene


def test_take_and_move_name_the_card_not_its_place_on_a_grid(scene: MatchScene) -> None:
    reaper = scene.kits[0].bakugan[0]
    name = CAT.bakugan[reaper].name.get("en")
    take = match_choices.label(scene, TakeGate(0, MINE))
    move = match_choices.label(scene, MoveBakugan(0, reaper, MINE))
    assert take == "Take Dragon Roost"
    assert move == f"{name} → Dragon Roost"
    for text in (take, move):
        assert "1:1" not in text


def test_an_opponents_face_down_card_is_named_without_its_face(scene: MatchScene) -> None:
    reaper = scene.kits[0].bakugan[0]
    ability = scene.kits[0].abilities[0]
    for text in (
        match_choices.label(scene, TakeGate(0, THEIRS)),
        match_choices.label(scene, MoveBakugan(0, reaper, THEIRS)),
        match_choices.label(scene, PlayAbility(0, ability, reaper, THEIRS)),
    ):
        assert "Saurus Quarry" not in text and "2:2" not in text
        assert "face-down card" in text


def test_a_face_down_card_with_a_bakugan_on_it_is_named_by_that_bakugan(
    scene: MatchScene,
) -> None:
    reaper = scene.kits[0].bakugan[0]
    theirs = scene.kits[1].bakugan[0]
    scene.session.state.field[THEIRS].standing.append((1, theirs))
    text = match_choices.label(scene, MoveBakugan(0, reaper, THEIRS))
    assert text.endswith("→ " + CAT.bakugan[theirs].name.get("en"))
    assert "Saurus Quarry" not in text
