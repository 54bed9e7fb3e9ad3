"""The small things a player trips on: hints once per profile (and again from How to
play), a hint that points at what it talks about, hover during a battle, the side
panel's words only when they are true, no charge left after Esc, a card that would do
nothing shown as such, `bakugan play --quick`."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pygame
import pytest

from game import physics
from game.content.classic import shipped_catalog
from game.files.lang import tr
from game.persist.hints import hints_path, load_seen
from game.persist.settings import UserSettings
from game.rules.classic import Kit, PlayAbility, random_kit
from game.ui import text_fit
from game.ui.app import App
from game.ui.classic.card_effects import changes_nothing
from game.ui.classic.coach import Coach
from game.ui.classic.howto import HowToScene
from game.ui.classic.match import MatchScene
from game.ui.classic.results import PauseScene
from game.ui.classic.setup import quick_match
from game.ui.menu import TitleScene

from ..driver import ScreenPlayer, post_click

CAT = shipped_catalog()


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))
    return tmp_path


def _app(tutorial: bool = False) -> App:
    app = App("en", fast=True, settings=UserSettings(language="en", tutorial=tutorial))
    pygame.event.clear()
    return app


def _vs_computer(app: App, seed: int = 2, kits: list[Kit] | None = None) -> MatchScene:
    rng = random.Random(seed)
    kits = kits or [random_kit(CAT, rng), random_kit(CAT, rng)]
    scene = MatchScene(app, kits, (True, False), 0, seed=seed)
    app.push(scene)
    return scene


def test_a_hint_shows_once_per_profile_and_again_from_how_to_play(home: Path) -> None:
    app = _app(tutorial=True)
    scene = _vs_computer(app)
    for _ in range(200):
        app.step()
        if scene.coach is not None:
            break
    assert scene.coach == "setup"
    post_click((640, 300))
    app.step()
    assert scene.coach is None and "setup" in load_seen()[0]
    assert json.loads(hints_path().read_text(encoding="utf-8"))["seen"] == ["setup"]
    pygame.quit()
    # The next match, even after a relaunch, does not show it again.
    app = _app(tutorial=True)
    again = _vs_computer(app, seed=3)
    for _ in range(60):
        app.step()
        assert again.coach != "setup"
    # How to play shows them all again.
    howto = HowToScene(app)
    app.push(howto)
    post_click(howto.again.rect.center)
    app.step()
    assert load_seen()[0] == frozenset() and app.settings.tutorial
    assert Coach(True).offer("setup")
    # A damaged file is set aside; the hints start afresh, the game goes on.
    hints_path().write_text("{not json", encoding="utf-8")
    assert load_seen()[0] == frozenset()
    assert any(p.name.startswith("hints.damaged-") for p in hints_path().parent.iterdir())
    pygame.quit()


def test_the_turn_hint_points_at_the_throw_buttons_it_talks_about(home: Path) -> None:
    app = _app(tutorial=True)
    scene = _vs_computer(app)
    player = ScreenPlayer(0, 1)
    for n in range(3000):
        if scene.coach == "main":
            break
        if scene.coach is not None:
            post_click((640, 300))
        else:
            player(app)
        app.step(draw=n % 4 == 0)  # (its buttons are built with each step, not drawn)
    assert scene.coach == "main"
    faces = [b.rect for b in scene.buttons if not b.ghost]
    assert faces, "the hint shows before the buttons it points at"
    target = scene._hint_target("main")
    assert all(target.contains(r) for r in faces)
    with text_fit.recording() as ledger:
        scene.draw(app.screen)
    labels = {d.text for d in ledger.drawn}
    assert any(app.tr("match.throw", bakugan="").split()[0] in t for t in labels)
    pygame.quit()


def _to_battle(scene: MatchScene, rng: random.Random) -> bool:
    """Random play until the person is in a battle and must act in it."""
    session = scene.session
    for _ in range(600):
        state = session.state
        p = session.actor()
        if session.over or p is None:
            return False
        if state.battle is not None and p == 0 and not session.awaiting_throw():
            return True
        if session.awaiting_throw():
            zone = session.zone(p)
            target = next(iter(state.field), (2, 2))
            cx, cy = session.layout.slot_center(target)
            import math

            angle = math.atan2(cy - zone.centre[1], cx - zone.centre[0])
            session.throw(p, physics.Throw(zone.centre, angle, rng.uniform(700, 1100)))
        else:
            session.act(rng.choice(session.legal_actions()))
    return False


def test_hovering_a_card_during_a_battle_shows_it(home: Path) -> None:
    for seed in range(40):
        app = _app()
        scene = _vs_computer(app, seed)
        if not _to_battle(scene, random.Random(seed)):
            pygame.quit()
            continue
        scene.anims.clear()
        scene._catch_up()
        for _ in range(3):
            app.step()
        items = scene._hand_items()
        if not items:
            pygame.quit()
            continue
        kind, ident, rect, _ = items[-1]
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0))
        )
        app.step()
        assert scene.hover_piece == (kind, ident)
        assert scene.battle_panel() is not None
        name = (CAT.abilities.get(ident) or CAT.gates[ident]).name.get("en")
        with text_fit.recording() as ledger:
            scene.draw(app.screen)
        assert name in {d.text for d in ledger.drawn if d.rect.h >= 20}, "no detail drawn"
        pygame.quit()
        return
    raise AssertionError("no battle with a hand to hover")


def test_the_side_panel_speaks_to_the_person_only_when_it_is_his_move(home: Path) -> None:
    """Through whole matches against the computer: "Your move" and the hints show only
    while the person is the one to act and nothing is being animated (never during the
    computer's own decisions, nor over the animations of a step)."""
    yours = tr("en", "match.your_move_you")
    hints = {tr("en", f"hint.{k}") for k in ("setup", "main", "own", "place", "target")}
    hints |= {tr("en", f"hint.window_{w}") for w in ("start", "during", "after")}
    for seed in (1, 2):
        app = _app()
        app.time_scale = 4.0
        player = ScreenPlayer(0, seed)
        spoken = 0

        def each(a: App, player: ScreenPlayer = player) -> None:
            nonlocal spoken
            scene = a.top
            if isinstance(scene, MatchScene):
                with text_fit.recording() as ledger:
                    scene.draw(a.screen)
                shown = {d.text for d in ledger.drawn}
                mine = scene.session.actor() == 0 and not scene.anims
                if yours in shown or shown & hints:
                    assert mine, (scene.session.actor(), [x.kind for x in scene.anims])
                    spoken += 1
            player(a)

        app.run(TitleScene(app), max_frames=30_000, each_frame=each, draw_every=8)
        assert player.results_seen == 1 and spoken > 20


def test_esc_while_charging_leaves_no_charge_after_resume(home: Path) -> None:
    app = _app()
    scene = _vs_computer(app)
    rng = random.Random(0)
    while not (scene.session.awaiting_throw() and scene.session.actor() == 0):
        p = scene.session.actor()
        assert p is not None
        if scene.session.awaiting_throw():
            zone = scene.session.zone(p)
            scene.session.throw(p, physics.Throw(zone.centre, -1.57, 800.0))
        else:
            scene.session.act(rng.choice(scene.session.legal_actions()))
    scene.anims.clear()
    scene._catch_up()
    for _ in range(5):
        app.step()
    assert scene.throw_input is not None
    space = pygame.key.key_code("space")

    def key(kind: int, code: int) -> None:
        pygame.event.post(pygame.event.Event(kind, key=code, mod=0, unicode="", scancode=0))
        app.step()

    key(pygame.KEYDOWN, space)
    for _ in range(30):
        app.step()
    assert scene.throw_input.charging and scene.throw_input.power > 0.2
    key(pygame.KEYDOWN, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    key(pygame.KEYUP, space)  # let go while paused
    key(pygame.KEYDOWN, pygame.K_ESCAPE)  # resume
    assert app.top is scene
    for _ in range(60):
        app.step()
    ti = scene.throw_input
    assert ti is not None and not ti.charging and ti.power == 0.0
    assert scene.session.awaiting_throw() is not None  # nothing was thrown by itself
    pygame.quit()


def test_a_card_that_would_change_nothing_is_shown_as_such(home: Path) -> None:
    """Dragon Awakening doubles every Dragonoid in the battle: with none there, playing it
    changes nothing, and the hand says so before it is spent; with one, it is lit as any."""
    card = "green_dragon_awakening"
    flagged = plain = 0
    for seed in range(60):
        rng = random.Random(seed)
        kits = [random_kit(CAT, rng), random_kit(CAT, rng)]
        k0 = kits[0]
        cards = tuple(card if CAT.abilities[c].colour.value == "green" else c for c in k0.abilities)
        kits[0] = Kit(k0.bakugan, k0.gates, cards, k0.traps, k0.gear, ())
        app = _app()
        scene = _vs_computer(app, seed, kits)
        if not _to_battle(scene, rng):
            pygame.quit()
            continue
        state = scene.session.state
        legal = scene.session.legal_actions()
        if not any(isinstance(a, PlayAbility) and a.card == card for a in legal):
            pygame.quit()
            continue
        battle = state.battle
        assert battle is not None
        dragonoid = any(CAT.bakugan[b].species == "dragonoid" for _, b in battle.sides)
        assert changes_nothing(state, 0, card) == (not dragonoid)
        scene.anims.clear()
        scene._catch_up()
        for _ in range(3):
            app.step()
        with text_fit.recording() as ledger:
            scene.draw(app.screen)
        band = app.tr("match.no_effect") in " ".join(d.text for d in ledger.drawn)
        assert band == (not dragonoid)
        assert (app.tr("why.no_effect") == scene.reason_text(card)) == (not dragonoid)
        flagged += not dragonoid
        plain += dragonoid
        pygame.quit()
        if flagged and plain:
            return
    assert flagged, "never in a battle without a Dragonoid holding the card"


def test_play_quick_starts_a_match_against_the_computer_without_hints(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = _app(tutorial=True)
    scene = quick_match(app, "hard", seed=4)
    assert isinstance(scene, MatchScene)
    assert scene.humans == (True, False) and scene.levels[1] == "hard"
    app.push(scene)
    for _ in range(120):
        app.step()
        assert scene.coach is None
    pygame.quit()
    import game.__main__ as cli
    import game.ui.launch as ui_launch

    calls: list[tuple[object, ...]] = []
    monkeypatch.setattr(
        ui_launch,
        "main",
        lambda lang=None, quick=None, game=None: calls.append((lang, quick)) or 0,
    )
    assert cli.main(["play", "--quick", "--level", "easy"]) == 0
    assert cli.main(["play", "--quick"]) == 0
    assert cli.main(["play"]) == 0
    assert calls == [(None, "easy"), (None, "normal"), (None, None)]
    assert cli.main(["play", "--level", "easy"]) == 2  # --level goes with --quick


def test_the_language_chosen_at_launch_holds_when_a_hint_is_turned_off(home: Path) -> None:
    """`bakugan play --lang ru` with English settings: pressing T (no more hints) saved
    the settings and switched the game to their language mid-match."""
    app = App("ru", fast=True, settings=UserSettings(language="en", tutorial=True))
    app.change_settings(tutorial=False)
    assert app.lang == "ru" and app.tr("match.pass") == tr("ru", "match.pass")
    app.change_settings(language="en")  # the Settings screen's choice does switch it
    assert app.lang == "en"
    pygame.quit()
