"""Every Attack screen's text fits its box in both languages: the setup with five
seats of every kind, the table with five players and the longest names, every
prompt, reason, announcement and log message, the score sheets and the final
rankings, the pause and the curtain (the pattern of test_text_fit.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.content.attack import shipped_deck
from game.files.lang import catalog
from game.games.attack import shipped_levels as shipped_attack_levels
from game.match.attack.session import HUMAN, AttackMatch
from game.rules.attack import Phase, Variant
from game.rules.attack import events as ev
from game.ui import text_fit
from game.ui.app import App
from game.ui.attack import table_draw
from game.ui.attack.pause import AttackPauseScene
from game.ui.attack.setup import KINDS, AttackSetupScene
from game.ui.attack.table import AttackTableScene
from game.ui.attack.view import Announcement, ShownCard

from ..test_text_fit import _check

DECK = shipped_deck()
LEVELS = shipped_attack_levels()


@pytest.fixture(params=("en", "ru"))
def app(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[App]:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))
    a = App(request.param, fast=True)
    yield a
    pygame.quit()


def _draw(app: App, scene: object, where: str) -> text_fit.Ledger:
    with text_fit.recording() as ledger:
        scene.draw(app.screen)  # type: ignore[attr-defined]
    _check(ledger, where)
    assert ledger.drawn, where
    return ledger


def test_the_setup_fits_with_every_seat_kind_and_both_variants(app: App) -> None:
    scene = AttackSetupScene(app, seed=1)
    scene.seats = [KINDS[i % len(KINDS)] for i in range(5)]
    for variant in (Variant.STANDARD, Variant.HOUSE):
        scene.variant = variant
        scene._build()
        _draw(app, scene, f"setup {variant}")
        for b in scene.buttons:
            b.hot = True
            with text_fit.recording() as ledger:
                b.draw(app.screen)
            _check(ledger, f"button {b.label}")
            b.hot = False


def _table(app: App, seats: list[str], variant: Variant = Variant.STANDARD) -> AttackTableScene:
    match = AttackMatch.new(DECK, LEVELS, seats, variant, seed=4)
    while match.state.phase is not Phase.PLAY:
        match.apply_chance()
    return AttackTableScene(app, match)


def test_the_table_fits_every_message_prompt_and_reason(app: App) -> None:
    scene = _table(app, [HUMAN, "normal", "normal", "normal", "normal"])
    scene.view.caught = [12, 3, 0, 7, 5]
    for p, card in enumerate(["dan", "masquerade", "10", "shun", "julie"]):
        scene.view.cards.append(ShownCard(p, card, True, "down", t=1.0))
    scene.pondering = 4
    _draw(app, scene, "table, five players")
    keys = [k.removeprefix("attack_ui.") for k in catalog("en") if k.startswith("attack_ui.")]
    fields = {
        "player": 4,
        "leader": 3,
        "dealer": 4,
        "players": (1, 2, 3, 4),
        "card": "masquerade",
        "by": "marucho",
        "face": 6,
        "target": 7,
        "deal": 12,
        "each": 14,
        "round": 14,
        "number": 10,
        "n": 5,
        "end": 10,
    }
    messages = [
        "started", "dealer_rolled", "tied", "dealer_chosen", "dealt", "target_rolled", "round",
        "played", "drawn", "picking", "chose", "applied", "overridden", "rotated", "collided",
        "caught", "nobody", "scored", "deal_passed", "over", "resumed",
        "lead.random_follow", "lead.blind_follow",
    ]  # fmt: skip
    assert set(messages) <= set(keys)
    for i in range(0, len(messages), 6):
        scene.view.log = [(f"attack_ui.{m}", fields) for m in messages[i : i + 6]]
        _draw(app, scene, f"log {messages[i : i + 6]}")
    for headline in ("lead.random_follow", "lead.blind_follow", "overridden", "applied"):
        for card in [c.id for c in DECK.cards if c.special]:
            scene.view.announcement = Announcement(card, f"attack_ui.{headline}", fields)
            _draw(app, scene, f"announcement {headline} {card}")
    scene.view.announcement = None
    for why in [k for k in keys if k.startswith("why.")]:
        with text_fit.recording() as ledger:
            box = pygame.Rect(170, 556, 760, 24)
            from game.ui import widgets as w

            w.fit_text(app.screen, scene.text_of(f"attack_ui.{why}", fields), box, 20)
        _check(ledger, why)


def test_the_prompts_and_the_special_cards_in_the_hand_fit(app: App) -> None:
    scene = _table(app, [HUMAN, "normal", "normal", "normal", "normal"])
    for key in ("throw_deal", "throw_target", "your_lead", "your_turn", "choose_blind"):
        with text_fit.recording() as ledger:
            table_draw.draw_prompt(app.screen, scene, f"attack_ui.{key}", {"player": 4})
        _check(ledger, key)
    state = scene.match.state
    specials = [c.id for c in DECK.cards if c.special]
    state.hands[0][: len(specials)] = specials
    state.turn = 0  # a drawing test: the person is to play, holding every special card
    assert scene.can_choose() == 0
    for i in range(len(specials)):
        scene.focus = scene.hover = i
        _draw(app, scene, f"hand, {specials[i]} focused")


@pytest.mark.parametrize("variant", [Variant.STANDARD, Variant.HOUSE])
def test_the_sheets_and_the_rankings_fit(app: App, variant: Variant) -> None:
    scene = _table(app, ["hard"] * 4 + [HUMAN], variant)
    scene.view.sheet = ev.DealScored(12, (7, 6, 7, 5, 6), (14, 0, 3, 8, 2), (7, 6, 4, 3, 4),
                                     (17, 18, 14, 13, 11))  # fmt: skip
    _draw(app, scene, "sheet")
    scene.view.sheet = None
    for reason in ("points", "cards", "stalled", "deals"):
        for winners in ((4,), (0, 1, 2, 3, 4)):
            scene.view.over = ev.GameOver(reason, (17, 18, 14, 13, 11), winners)
            _draw(app, scene, f"final {reason} {winners}")


def test_the_pause_and_the_curtain_fit(app: App) -> None:
    scene = _table(app, [HUMAN, HUMAN, HUMAN])
    app.push(scene)
    pause = AttackPauseScene(app)
    _draw(app, pause, "pause")
    scene.curtain.lower(2)
    _draw(app, scene, "curtain")


def test_how_to_play_fits(app: App) -> None:
    from game.ui.attack.howto import AttackHowToScene

    _draw(app, AttackHowToScene(app), "how to play")
