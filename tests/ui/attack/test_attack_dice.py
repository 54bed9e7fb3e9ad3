"""The dice on the Attack table: thrown into the tray, each comes to rest showing the
rules core's seeded outcome. The face is read off the drawn tray by counting its pips,
over 600 rolls of real games' chance (roll-offs, ties and targets)."""

from __future__ import annotations

import random

import pygame

from game.content.attack import shipped_deck
from game.games.attack import shipped_levels as shipped_attack_levels
from game.match.attack.session import AttackMatch
from game.rules.attack import Phase, Variant
from game.rules.attack import events as ev
from game.ui.attack.dice_tray import DIE_SIDE_PX, DiceTray

DECK = shipped_deck()
LEVELS = shipped_attack_levels()


def _pips_drawn(surface: pygame.Surface, centre: tuple[float, float], side: float) -> int:
    """The pips of the die drawn at `centre`: dark spots inside its top face."""
    r = int(side * 0.46)
    crop = pygame.Rect(0, 0, 2 * r, 2 * r)
    crop.center = (round(centre[0]), round(centre[1]))
    part = surface.subsurface(crop.clip(surface.get_rect())).copy()
    dark = pygame.mask.from_threshold(part, (20, 20, 30), (40, 40, 40, 255))
    disc = pygame.mask.Mask(part.get_size())
    pygame.draw.circle(shape := pygame.Surface(part.get_size()), (255, 255, 255), (r, r), r)
    disc = pygame.mask.from_threshold(shape, (255, 255, 255), (1, 1, 1, 255))
    return len(dark.overlap_mask(disc, (0, 0)).connected_components(minimum=3))


def test_600_rolls_rest_showing_the_cores_face() -> None:
    pygame.init()
    surface = pygame.Surface((1280, 720))
    rng = random.Random(9)
    side = DIE_SIDE_PX
    rolls = checked = 0
    game = 0
    while rolls < 600:
        game += 1
        players = 3 + game % 3
        match = AttackMatch.new(DECK, LEVELS, ["easy"] * players, Variant.HOUSE, seed=game)
        tray = DiceTray()
        while match.state.phase is not Phase.PLAY and rolls < 600:
            die = match.die_due()
            if die is None:
                match.apply_chance()  # the deal
                tray.clear()
                continue
            face = match.die_face()
            tray.offer(die, tray.rect.x + rng.random() * tray.rect.w)
            tray.bot_throw(rng, face, LEVELS["easy"].hand_sigma)
            assert tray.rolling
            while not tray.update(1 / 60):
                pass
            owner, pose = tray.faces_shown()[0]
            assert owner == die and pose.face == face
            surface.fill((0, 0, 0))
            tray.draw(surface)
            drawn = _pips_drawn(surface, tray.to_screen(pose.x, pose.y), side)
            events = match.apply_chance()
            told = next(e.face for e in events if isinstance(e, ev.DealerRolled | ev.TargetRolled))
            assert drawn == told == face, f"roll {rolls}: drew {drawn}, the core says {told}"
            rolls += 1
            checked += 1
            if any(isinstance(e, ev.RollOffTied | ev.DealerChosen) for e in events):
                tray.clear()
    assert checked == 600


def test_every_die_at_rest_shows_all_its_pips_beside_the_others() -> None:
    """Five dice thrown one after another come to rest against each other: each one's
    pips are all drawn, none hidden under a neighbour's ring or shadow (issue 25.8)."""
    pygame.init()
    surface = pygame.Surface((1280, 720))
    rng = random.Random(4)
    side = DIE_SIDE_PX
    hidden = []
    for game in range(40):
        tray = DiceTray()
        for k in range(5):
            tray.offer(k, tray.rect.x + rng.random() * tray.rect.w)
            tray.bot_throw(rng, rng.randint(1, 6), LEVELS["easy"].hand_sigma)
            while not tray.update(1 / 60):
                pass
        surface.fill((0, 0, 0))
        tray.draw(surface)
        for owner, pose in tray.faces_shown():
            drawn = _pips_drawn(surface, tray.to_screen(pose.x, pose.y), side)
            if drawn != pose.face:
                hidden.append((game, owner, pose.face, drawn))
    assert not hidden, hidden[:5]
