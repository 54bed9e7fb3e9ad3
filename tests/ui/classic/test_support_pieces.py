"""Traps, Battle Gear and Evolution on screen: offered as buttons, drawn in the battle."""

from __future__ import annotations

import math
import random

import pygame

from game import physics
from game.content.classic import shipped_catalog
from game.rules.classic import Evolve, PlayGear, PlayTrap, random_kit
from game.ui.app import App
from game.ui.classic.match import MatchScene
from game.ui.classic.table_layer import trap_spot

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
        for frame in range(3000):
            if scene.session.over:
                break
            scene.anims.clear()
            scene.curtain_for = None
            scene.last_human = scene.session.actor()
            app.step(draw=frame % 2 == 0)  # (every other frame drawn: the pieces on the table)
            if scene.session.awaiting_throw():
                p = scene.session.actor()
                origin = (rng.uniform(300, 500), 90.0 if p == 0 else 910.0)
                angle = (math.pi / 2 if p == 0 else -math.pi / 2) + rng.uniform(-0.15, 0.15)
                scene._throw(physics.Throw(origin, angle, rng.uniform(700, 1300)))
                continue
            legal = scene.session.legal_actions()
            if not legal:
                continue
            labels: set[str] = set()
            for _ in range(6):  # every page of choices
                labels |= {b.label for b in scene.buttons}
                scene._next_page()
                scene._build_buttons()
            scene.button_page = 0
            scene._build_buttons()
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


def test_a_trap_is_set_onto_the_battle_card_and_opens_there() -> None:
    """Its own animation: it flies from its owner's band to the card's corner, lands and
    opens to show its face; then it stays beside the card, where the battlers stand."""
    for seed in range(40):
        app = App("en", fast=True)
        rng = random.Random(seed)
        kits = [random_kit(CAT, rng, support=2, evolutions=True) for _ in range(2)]
        scene = MatchScene(app, kits, (True, True), 0, seed=seed)
        session = scene.session
        bots = [random.Random(seed * 2 + p) for p in range(2)]
        trap: PlayTrap | None = None
        for _ in range(600):
            if session.over:
                break
            p = session.actor()
            assert p is not None
            if session.awaiting_throw():
                zone = session.zone(p)
                origin = (bots[p].uniform(300, 500), (zone.y0 + zone.y1) / 2)
                angle = math.pi / 2 if p == 0 else -math.pi / 2
                session.throw(p, physics.Throw(origin, angle, bots[p].uniform(700, 1300)))
                continue
            legal = session.legal_actions()
            trap = next((a for a in legal if isinstance(a, PlayTrap)), None)
            if trap is not None:
                break
            session.act(bots[p].choice(legal))
        if trap is not None:
            break
    assert trap is not None, "no match offered a Trap"
    scene._catch_up()
    scene.anims.clear()
    entries = session.act(trap)
    scene._queue(entries)
    assert scene.anims[0].kind == "trap" and scene.anims[1].kind == "banner"
    battle = session.state.battle
    assert battle is not None
    # The battling Bakugan keep their places on the card (drawn there, not lost).
    assert all(side in session.resting for side in battle.sides)
    anim = scene.anims[0]
    card = scene.card_rect(battle.slot)
    spot = trap_spot(scene, battle.slot, 0)
    assert card.right < spot[0] < card.right + card.w  # beside the card, clear of them
    for k in (0.0, 0.3, 0.6, 0.95):
        anim.t = anim.duration * k
        scene.draw(app.screen)  # every stage draws
    scene.anims.clear()
    scene._catch_up()
    scene.draw(app.screen)
    with_trap = app.screen.get_at(spot)
    assert scene.view.battle is not None
    scene.view.battle.supports.clear()  # the same table without it
    scene.draw(app.screen)
    assert app.screen.get_at(spot) != with_trap
    pygame.quit()
