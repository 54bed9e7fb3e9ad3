"""Traps, Battle Gear and Evolution on screen: offered as buttons, drawn in the battle."""

from __future__ import annotations

import math
import random

import pygame

from game import physics
from game.content.classic import shipped_catalog
from game.rules.classic import Evolve, PlayGear, PlayTrap, random_kit
from game.ui.app import App
from game.ui.match_scene import MatchScene

CAT = shipped_catalog()


def test_support_pieces_are_offered_and_drawn_through_whole_matches() -> None:
    offered: set[str] = set()
    played: set[str] = set()
    for seed in range(12):
        app = App("en", fast=True)
        rng = random.Random(seed)
        kits = [random_kit(CAT, rng, support=2, evolutions=True) for _ in range(2)]
        scene = MatchScene(app, kits, (True, True), seed % 2, seed=seed)
        app.push(scene)
        scene.curtain_for = None
        for _ in range(3000):
            if scene.session.over:
                break
            scene.anims.clear()
            scene.curtain_for = None
            scene.last_human = scene.session.to_act()
            app.step()
            if scene.session.awaiting_throw():
                p = scene.session.to_act()
                origin = (rng.uniform(300, 500), 90.0 if p == 0 else 910.0)
                angle = (math.pi / 2 if p == 0 else -math.pi / 2) + rng.uniform(-0.15, 0.15)
                scene._throw(physics.Throw(origin, angle, rng.uniform(700, 1300)))
                continue
            legal = scene.session.legal_actions()
            if not legal:
                continue
            labels = {b.label for b in scene.buttons}
            for a in legal:
                if isinstance(a, PlayTrap | PlayGear | Evolve):
                    kind = type(a).__name__
                    offered.add(kind)
                    assert scene._label(a) in labels, f"{a} is legal but not offered"
            support = [a for a in legal if isinstance(a, PlayTrap | PlayGear | Evolve)]
            action = support[0] if support and rng.random() < 0.7 else rng.choice(legal)
            if isinstance(action, PlayTrap | PlayGear | Evolve):
                played.add(type(action).__name__)
            scene.do(action)
        pygame.quit()
    assert {"PlayTrap", "PlayGear"} <= offered and {"PlayTrap", "PlayGear"} <= played
