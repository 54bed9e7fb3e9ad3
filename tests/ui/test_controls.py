"""The Controls screen: the throwing keys rebound by posted events, as a player would,
saved at once, and answered by the throw input."""

from __future__ import annotations

import math
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest

from game.files.lang import tr
from game.match.zone import Zone
from game.persist import paths
from game.persist.settings import DEFAULT_KEYS, UserSettings, load_settings
from game.ui import text_fit
from game.ui.app import App
from game.ui.classic.throwing import ThrowInput
from game.ui.controls import CONTROL_ACTIONS, RESERVED, ControlsScene, key_display
from game.ui.hand_throw import AIM_STEP, bound_keys
from game.ui.menu import SettingsScene
from game.ui.table_view import TableView

from .driver import post_click, post_key


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A throwaway home: what these tests save must not reach the other tests."""
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))
    return tmp_path


def _app(lang: str = "en", keys: dict[str, str] | None = None) -> App:
    settings = UserSettings(language=lang, tutorial=False, keys=keys or DEFAULT_KEYS)
    app = App(lang, fast=True, settings=settings)
    pygame.event.clear()
    return app


def _controls(app: App) -> ControlsScene:
    app.push(SettingsScene(app))
    app.push(ControlsScene(app))
    app.step()
    scene = app.top
    assert isinstance(scene, ControlsScene)
    return scene


def _row(scene: ControlsScene, action: str) -> pygame.Rect:
    return next(b.rect for b in scene.buttons if b.data.get("action") == action)


def _button(scene: ControlsScene, key: str) -> pygame.Rect:
    return next(b.rect for b in scene.buttons if b.label == scene.tr(key))


def _pad(app: App, button: int) -> None:
    for kind in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, button=button, instance_id=0))
    app.step()


def _saved() -> dict[str, str]:
    settings, warning = load_settings()
    assert warning is None
    return dict(settings.keys)


def _throw_input(app: App) -> ThrowInput:
    """The match's throw input, reading the bindings as it does at the start of a throw."""
    host = SimpleNamespace(app=app, table_view=TableView(800.0, 1000.0))
    return ThrowInput(host, 0, Zone(100.0, 0.0, 700.0, 160.0))  # type: ignore[arg-type]


def _press(ti: ThrowInput, key: int) -> None:
    ti.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def test_settings_lead_to_controls_by_mouse_and_by_game_controller() -> None:
    app = _app()
    settings = SettingsScene(app)
    app.push(settings)
    app.step()
    row = next(b for b in settings.buttons if b.label == app.tr("settings.controls"))
    post_click(row.rect.center)
    app.step()
    assert isinstance(app.top, ControlsScene)
    post_key(pygame.K_ESCAPE)  # Esc goes back, as on every screen
    app.step()
    assert app.top is settings
    for _ in range(len(settings.buttons)):  # the D-pad walks down to it, A opens it
        if any(b.focused and b.label == app.tr("settings.controls") for b in settings.buttons):
            break
        _pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    _pad(app, pygame.CONTROLLER_BUTTON_A)
    assert isinstance(app.top, ControlsScene)
    pygame.quit()


def test_every_throwing_action_is_listed_with_its_key_as_pygame_names_it() -> None:
    app = _app(keys={**DEFAULT_KEYS, "spin_left": "[4]"})
    scene = _controls(app)
    assert set(CONTROL_ACTIONS) == {"aim_left", "aim_right", "move_left", "move_right"} | {
        "spin_left",
        "spin_right",
        "throw_charge",
        "throw_fine",
    }
    shown = {b.data["action"]: b.label for b in scene.buttons if "action" in b.data}
    assert list(shown) == list(CONTROL_ACTIONS)
    for action in CONTROL_ACTIONS:
        assert shown[action] == app.tr(f"controls.action.{action}")
        assert scene.key_name(action) == pygame.key.name(
            pygame.key.key_code(app.settings.keys[action])
        )
    assert scene.key_name("spin_left") == "[4]" and scene.key_name("throw_charge") == "space"
    assert scene.key_name("throw_fine") == "f"
    pygame.quit()


def test_every_row_and_button_fits_above_the_footer_without_overlap() -> None:
    """Nine rows (the fine charge joined the charge) and the two buttons keep clear of
    each other and of the help line at the foot of the screen."""
    app = _app()
    scene = _controls(app)
    rects = [b.rect for b in scene.buttons]
    for i, a in enumerate(rects):
        assert a.bottom <= 684 and a.top >= 100, a  # the title above, the help line below
        assert not any(a.colliderect(b) for b in rects[i + 1 :]), a
    pygame.quit()


def test_the_fine_charge_is_rebound_like_the_others_and_the_slingshot_answers_it() -> None:
    app = _app()
    scene = _controls(app)
    post_click(_row(scene, "throw_fine").center)
    app.step()
    post_key(pygame.K_v)
    app.step()
    assert _saved()["throw_fine"] == "v"
    ti = _throw_input(app)
    _press(ti, pygame.K_v)
    assert ti.charging and ti.held == {"throw_fine"}
    pygame.quit()


def test_a_clicked_row_takes_the_next_key_saves_it_and_the_throw_answers_it() -> None:
    app = _app()
    scene = _controls(app)
    post_click(_row(scene, "aim_left").center)
    app.step()
    assert scene.capturing == "aim_left"
    post_key(pygame.K_j)
    app.step()
    assert scene.capturing is None
    assert _saved() == {**DEFAULT_KEYS, "aim_left": "j"}  # saved at once
    assert app.settings.keys["aim_left"] == "j" and scene.key_name("aim_left") == "j"
    assert bound_keys(app.settings.keys)[pygame.K_j] == "aim_left"
    assert pygame.K_LEFT not in bound_keys(app.settings.keys)
    ti = _throw_input(app)
    angle = ti.angle
    _press(ti, pygame.K_LEFT)  # the old key does nothing now
    assert ti.angle == angle
    _press(ti, pygame.K_j)
    assert ti.angle > angle
    assert "“J”" in scene.message and app.tr("controls.action.aim_left") in scene.message
    pygame.quit()


def test_the_charge_key_rebound_by_keyboard_focus_charges_and_throws() -> None:
    app = _app()
    scene = _controls(app)
    while not any(b.focused and b.data.get("action") == "throw_charge" for b in scene.buttons):
        post_key(pygame.K_DOWN)
        app.step()
    post_key(pygame.K_RETURN)
    app.step()
    assert scene.capturing == "throw_charge"
    post_key(pygame.K_f)
    app.step()
    assert _saved()["throw_charge"] == "f"
    # Focus stays on the row just changed, so the next one is a key press away.
    assert next(b for b in scene.buttons if b.focused).data.get("action") == "throw_charge"
    ti = _throw_input(app)
    _press(ti, pygame.K_f)
    assert ti.charging
    for _ in range(60):
        ti.update(1 / 60)
    up = pygame.event.Event(pygame.KEYUP, key=pygame.K_f, mod=0, unicode="", scancode=0)
    assert ti.handle(up) is not None  # released: thrown
    pygame.quit()


def test_a_key_bound_to_another_action_swaps_the_two() -> None:
    app = _app()
    scene = _controls(app)
    post_click(_row(scene, "aim_left").center)
    post_key(pygame.K_a)  # move_left's key
    app.step()
    keys = _saved()
    assert keys["aim_left"] == "a" and keys["move_left"] == "left"
    assert len(set(keys.values())) == len(keys)  # never two actions on one key
    assert app.tr("controls.action.move_left") in scene.message
    assert app.tr("controls.key.left") in scene.message  # the key, in the player's words
    ti = _throw_input(app)
    x, angle = ti.along, ti.angle
    _press(ti, pygame.K_a)
    assert ti.angle > angle and ti.along == x
    _press(ti, pygame.K_LEFT)
    assert ti.along < x
    pygame.quit()


@pytest.mark.parametrize(
    "key",
    [
        pygame.K_RETURN,
        pygame.K_KP_ENTER,
        pygame.K_UP,
        pygame.K_DOWN,
        pygame.K_TAB,
        pygame.K_F11,
        pygame.K_h,
        pygame.K_p,
        pygame.K_t,
    ],
)
def test_keys_the_game_needs_are_refused_with_a_reason(key: int) -> None:
    app = _app()
    scene = _controls(app)
    post_click(_row(scene, "spin_right").center)
    app.step()
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    assert scene.capturing == "spin_right"  # still waiting for a usable key
    assert app.settings.keys == DEFAULT_KEYS and not paths.settings_path().exists()
    assert key_display(pygame.key.name(key), app.tr) in scene.message
    assert app.tr(f"controls.why.{RESERVED[key]}") in scene.message
    post_key(pygame.K_o)  # a free key still binds
    app.step()
    assert _saved()["spin_right"] == "o" and scene.capturing is None
    pygame.quit()


def test_a_key_the_settings_cannot_keep_is_refused() -> None:
    app = _app()
    scene = _controls(app)
    post_click(_row(scene, "move_right").center)
    post_key(pygame.K_CAPSLOCK)
    app.step()
    assert scene.capturing == "move_right" and app.settings.keys == DEFAULT_KEYS
    shown = key_display(pygame.key.name(pygame.K_CAPSLOCK), app.tr)
    assert scene.message == app.tr("controls.unusable", name=shown)
    pygame.quit()


def test_a_key_held_by_an_action_not_on_this_screen_is_refused() -> None:
    # A hand-edited file may put Pass on "o"; swapping would move Pass, so it is refused.
    app = _app(keys={**DEFAULT_KEYS, "pass": "o"})
    scene = _controls(app)
    post_click(_row(scene, "aim_right").center)
    post_key(pygame.K_o)
    app.step()
    assert scene.capturing == "aim_right" and app.settings.keys["aim_right"] == "right"
    assert app.tr("controls.action.pass") in scene.message
    pygame.quit()


def test_escape_and_the_b_button_cancel_a_pending_key_without_leaving() -> None:
    app = _app()
    scene = _controls(app)
    post_click(_row(scene, "spin_left").center)
    app.step()
    post_key(pygame.K_ESCAPE)
    app.step()
    assert app.top is scene and scene.capturing is None
    assert app.settings.keys == DEFAULT_KEYS
    assert scene.message == app.tr("controls.cancelled")
    post_click(_row(scene, "spin_left").center)
    app.step()
    _pad(app, pygame.CONTROLLER_BUTTON_B)
    assert app.top is scene and scene.capturing is None
    # A click elsewhere also drops the pending key.
    post_click(_row(scene, "spin_left").center)
    app.step()
    post_click((20, 20))
    app.step()
    assert scene.capturing is None and app.settings.keys == DEFAULT_KEYS
    post_key(pygame.K_ESCAPE)  # nothing pending: Esc goes back
    app.step()
    assert isinstance(app.top, SettingsScene)
    pygame.quit()


def test_reset_to_defaults_restores_every_key_and_saves() -> None:
    app = _app(keys={**DEFAULT_KEYS, "aim_left": "j", "aim_right": "l", "throw_charge": "g"})
    scene = _controls(app)
    post_click(_button(scene, "controls.reset").center)
    app.step()
    assert app.settings.keys == DEFAULT_KEYS and _saved() == dict(DEFAULT_KEYS)
    assert scene.key_name("aim_left") == "left"
    assert scene.message == app.tr("controls.reset_done")
    ti = _throw_input(app)
    angle = ti.angle
    _press(ti, pygame.K_LEFT)
    assert ti.angle > angle
    pygame.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_screen_draws_in_both_languages(lang: str) -> None:
    app = _app(lang)
    scene = _controls(app)
    app.step()
    for action in CONTROL_ACTIONS:
        label = app.tr(f"controls.action.{action}")
        assert label != f"controls.action.{action}"
    post_click(_row(scene, "throw_charge").center)
    app.step()  # drawn while waiting for a key
    assert scene.capturing == "throw_charge"
    post_key(pygame.K_RETURN)  # refused: drawn with the reason
    app.step()
    post_key(pygame.K_a)  # swapped: drawn with what moved
    app.step()
    assert scene.message and "{" not in scene.message
    assert app.screen.get_at(_row(scene, "throw_charge").center) != app.screen.get_at((5, 5))
    pygame.quit()


def test_the_aim_still_turns_the_right_way_after_a_swap_of_aim_keys() -> None:
    app = _app()
    scene = _controls(app)
    post_click(_row(scene, "aim_left").center)
    post_key(pygame.K_RIGHT)
    app.step()
    assert _saved()["aim_left"] == "right" and _saved()["aim_right"] == "left"
    ti = _throw_input(app)
    angle = ti.angle
    _press(ti, pygame.K_RIGHT)
    assert math.isclose(ti.angle, angle + AIM_STEP)
    pygame.quit()


def _pad_keys(app: App, event: pygame.event.Event) -> list[tuple[int, int]]:
    return [(e.type, e.key) for e in app.gamepad.translate(event)]


def test_the_game_controller_sends_the_keys_as_rebound() -> None:
    app = _app()
    scene = _controls(app)
    post_click(_row(scene, "throw_charge").center)
    post_key(pygame.K_a)  # swapped with move_left: the trigger must still charge
    app.step()
    assert _saved()["throw_charge"] == "a" and _saved()["move_left"] == "space"
    trigger = pygame.CONTROLLER_AXIS_TRIGGERRIGHT
    down = pygame.event.Event(pygame.CONTROLLERAXISMOTION, axis=trigger, value=32767)
    up = pygame.event.Event(pygame.CONTROLLERAXISMOTION, axis=trigger, value=0)
    assert _pad_keys(app, down) == [(pygame.KEYDOWN, pygame.K_a)]
    assert bound_keys(app.settings.keys)[pygame.K_a] == "throw_charge"
    left = pygame.event.Event(
        pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_DPAD_LEFT, instance_id=0
    )
    assert _pad_keys(app, left) == [(pygame.KEYDOWN, pygame.K_SPACE)]  # move_left's key now
    post_click(_button(scene, "controls.reset").center)
    app.step()
    assert _pad_keys(app, up) == [(pygame.KEYUP, pygame.K_a)]  # released as it was pressed
    assert _pad_keys(app, down) == [(pygame.KEYDOWN, pygame.K_SPACE)]
    pygame.quit()


def test_a_game_started_with_rebound_keys_has_the_controller_follow_them() -> None:
    app = _app(keys={**DEFAULT_KEYS, "aim_left": "j", "aim_right": "l"})
    stick = pygame.event.Event(
        pygame.CONTROLLERAXISMOTION, axis=pygame.CONTROLLER_AXIS_LEFTX, value=32767
    )
    app.gamepad.translate(stick)
    assert [e.key for e in app.gamepad.update(1 / 60)] == [pygame.K_l]
    pygame.quit()


def test_the_controllers_default_keys_are_the_settings_defaults() -> None:
    from game.ui.gamepad import DEFAULT_ACTION_KEYS

    pygame.init()
    try:
        assert {a: c for c, a in bound_keys(DEFAULT_KEYS).items()} == DEFAULT_ACTION_KEYS
    finally:
        pygame.quit()


def test_the_throw_challenges_answer_the_rebound_keys_too() -> None:
    from game.content.levels import discover
    from game.ui.challenges import ChallengeScene

    app = _app(keys={**DEFAULT_KEYS, "aim_left": "j", "throw_charge": "g", "move_left": "left"})
    scene = ChallengeScene(app, discover()[0].level)
    app.push(scene)
    app.step()
    aim = scene.aim
    angle, x = aim.angle, aim.x
    post_key(pygame.K_j)
    app.step()
    assert aim.angle > angle and aim.x == x
    post_key(pygame.K_LEFT)  # now "move left"
    app.step()
    assert aim.x < x and aim.angle > angle
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_g, mod=0, unicode="", scancode=0)
    )
    for _ in range(40):
        app.step()
    assert aim.charging and aim.power > 0.3
    pygame.event.post(
        pygame.event.Event(pygame.KEYUP, key=pygame.K_g, mod=0, unicode="", scancode=0)
    )
    app.step()
    assert scene.roll is not None  # thrown
    pygame.quit()


def test_the_throw_hints_name_the_keys_as_bound() -> None:
    from game.files.lang import tr
    from game.ui.controls import throw_keys

    def en(key: str, **fields: object) -> str:
        return tr("en", key, **fields)

    default = en("hint.throw", **throw_keys(DEFAULT_KEYS, en))
    assert "Wheel or Q/E: spin. Keys: A/D move, ←/→ aim (Shift: finely), hold Space" in default
    assert "(F: slowly, to a precise power)" in default
    ru = tr("ru", "challenge.keys_keyboard", **throw_keys(DEFAULT_KEYS, lambda k: tr("ru", k)))
    assert ru.endswith("удерживайте пробел для силы (F — медленнее)")
    rebound = {
        **DEFAULT_KEYS,
        "aim_left": "j",
        "aim_right": "l",
        "throw_charge": "left shift",
        "throw_fine": "v",
    }
    fields = throw_keys(rebound, en)
    assert fields["aim"] == "J/L" and fields["charge"] == "Left Shift" and fields["fine"] == "V"
    assert "J/L aim" in en("challenge.keys_keyboard", **fields)
    assert "(V: slowly)" in en("challenge.keys_keyboard", **fields)


def test_the_match_hint_follows_a_rebind() -> None:
    import random

    from game.content.classic import shipped_catalog
    from game.rules.classic import random_kit
    from game.ui.classic.match import MatchScene

    app = _app(keys={**DEFAULT_KEYS, "move_left": "j", "move_right": "l"})
    cat, rng = shipped_catalog(), random.Random(5)
    scene = MatchScene(app, [random_kit(cat, rng), random_kit(cat, rng)], (True, True), 0, seed=5)
    app.push(scene)
    scene.anims.clear()
    scene._catch_up()
    while not scene.session.awaiting_throw():
        scene.do(scene.session.legal_actions()[0])
        scene.anims.clear()
        scene._catch_up()
    scene.last_human = scene.session.actor()  # the thrower lifted the curtain
    assert "J/L" in scene._hint() and "A/D" not in scene._hint()
    pygame.quit()


def test_the_controls_screen_names_the_keys_in_the_players_language() -> None:
    """Left, right, space and the other named keys are written in Russian in Russian."""
    for name, ru in (("left", "Стрелка влево"), ("space", "пробел"), ("left shift", "Левый Shift")):
        assert key_display(name, lambda key, **f: tr("ru", key, **f)) == ru
    assert key_display("[4]", lambda key, **f: tr("en", key, **f)) == "Keypad 4"
    assert key_display("q", lambda key, **f: tr("ru", key, **f)) == "Q"
    app = _app(lang="ru")
    scene = ControlsScene(app)
    app.push(scene)
    with text_fit.recording() as ledger:
        scene.draw(app.screen)
    drawn = {d.text for d in ledger.drawn}
    assert {"Стрелка влево", "Стрелка вправо", "пробел"} <= drawn, drawn
    assert not {"left", "right", "space"} & drawn
    pygame.quit()
