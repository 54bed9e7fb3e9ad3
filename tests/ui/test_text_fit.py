"""Text that fits: every screen and widget that shows catalog text is drawn in both
languages with the longest names in the data, and the test fails on any text that
leaves its box (or the screen), or a paragraph cut short."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.content.classic import shipped_catalog
from game.content.levels import discover
from game.files.lang import catalog
from game.rules.classic import Attribute, Kit, Settings
from game.rules.classic import battle as bt
from game.ui import text_fit
from game.ui import widgets as w
from game.ui.app import App
from game.ui.challenges import ChallengeScene, LevelScene, LevelSelectScene
from game.ui.classic import hud, match_draw
from game.ui.classic.anims import banner
from game.ui.classic.battle_panel import PanelModel, Shot, draw_panel, panel_model
from game.ui.classic.coach import STEPS, draw_hint
from game.ui.classic.howto import HowToScene
from game.ui.classic.lab import LabScene
from game.ui.classic.match import PLAYER_COLOURS, MatchScene
from game.ui.classic.pieces import draw_piece_detail
from game.ui.classic.results import PauseScene, ResultsScene
from game.ui.classic.setup import MatchSetupScene
from game.ui.controls import ControlsScene
from game.ui.curtain import draw_curtain
from game.ui.menu import SettingsScene, TitleScene
from game.ui.scene import Scene

CAT = shipped_catalog()
LANGS = ("en", "ru")


def _longest(names: dict[str, object], lang: str, n: int = 1) -> list[str]:
    def size(ident: str) -> int:
        piece = names[ident]
        return len(piece.name.get(lang))  # type: ignore[attr-defined]

    return sorted(names, key=lambda i: (-size(i), i))[:n]


def _longest_kit(lang: str, rules: Settings, support: bool = False) -> Kit:
    """A legal kit of the pieces with the longest names in `lang`."""
    per = rules.kit_gates // 3
    bakugan = [b for b in _longest(dict(CAT.bakugan), lang, 40) if not CAT.bakugan[b].evolved]
    gates: list[str] = []
    for colour in ("gold", "silver", "bronze"):
        of = {g: d for g, d in CAT.gates.items() if d.colour.value == colour}
        gates += _longest(of, lang, per)
    abilities: list[str] = []
    for colour in ("red", "blue", "green"):
        of = {a: d for a, d in CAT.abilities.items() if d.colour.value == colour}
        abilities += _longest(of, lang, per)
    traps = _longest(dict(CAT.traps), lang, 1) if support else []
    gear = _longest(dict(CAT.gear), lang, 1) if support else []
    return Kit(
        tuple(bakugan[: rules.kit_bakugan]),
        tuple(gates),
        tuple(abilities),
        tuple(traps),
        tuple(gear),
        (),
    )


@pytest.fixture(params=LANGS)
def app(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[App]:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))
    a = App(request.param, fast=True)
    yield a
    pygame.quit()


def _check(ledger: text_fit.Ledger, where: str, overlaps: bool = True) -> None:
    bad = [
        f"{d.text!r} at {d.rect} (box {d.box}{', cut' if d.cut else ''})" for d in ledger.escaped()
    ]
    assert not bad, f"{where}: text leaves its box:\n" + "\n".join(bad)
    if not overlaps:
        return
    # No two pieces of text run into each other (a label under a panel's title ...).
    drawn = [d for d in ledger.visible() if d.rect.w and d.rect.h]
    clash = [
        (a.text, a.rect, b.text, b.rect)
        for i, a in enumerate(drawn)
        for b in drawn[i + 1 :]
        if a.surface == b.surface and a.text != b.text and a.rect.colliderect(b.rect)
    ]
    assert not clash, f"{where}: text runs into text: {clash[:3]}"
    under = [(d.text, d.rect, box) for d, box in ledger.runs_under()]
    assert not under, f"{where}: text runs under a panel: {under[:3]}"


def _draw(app: App, scene: Scene, where: str) -> text_fit.Ledger:
    with text_fit.recording() as ledger:
        scene.draw(app.screen)
    _check(ledger, where)
    assert ledger.drawn, where
    return ledger


def test_the_menus_fit(app: App) -> None:
    from game.persist.saves import save_match

    save_match({"session": {}, "humans": [True, False], "seed": 1})  # "Continue" shows
    title = TitleScene(app)
    app.push(title)
    ledger = _draw(app, title, "title")
    call = next(d for d in ledger.drawn if d.text == app.tr("call.field_open"))
    assert all(not call.rect.colliderect(b.rect) for b in title.buttons), "the call meets a button"
    assert call.rect.bottom + 12 <= min(b.rect.top for b in title.buttons)
    title.message, title.message_t = (
        app.tr(
            "save.damaged",
            why=app.tr("save.why_checksum"),
            file="autosave.damaged-20250101-120000-99.json",
        ),
        5.0,
    )
    _draw(app, title, "title with a message")
    title.message = app.tr(
        "save.damaged_left", why=app.tr("save.why_impossible"), file="autosave-planet.json"
    )
    _draw(app, title, "title with a save left where it is")
    howto = HowToScene(app)
    app.push(howto)
    for page in range(4):
        howto.page = page
        _draw(app, howto, f"how to play {page}")
    howto.show_hints_again()
    _draw(app, howto, "how to play, hints shown again")
    settings = SettingsScene(app)
    app.push(settings)
    _draw(app, settings, "settings")
    controls = ControlsScene(app)
    app.push(controls)
    _draw(app, controls, "controls")
    controls._capture("throw_charge")
    controls._bind(pygame.K_LSHIFT)
    _draw(app, controls, "controls, swapped")
    controls._capture("aim_left")
    _draw(app, controls, "controls, waiting")
    controls._bind(pygame.K_ESCAPE)
    _draw(app, controls, "controls, refused")
    pause = PauseScene(app)
    _draw(app, pause, "pause")


def test_every_piece_in_the_data_fits_its_detail_and_thumbnail(app: App) -> None:
    from game.ui.classic import pieces

    pieces._thumb.cache_clear()
    kinds = {"bakugan": CAT.bakugan, "gates": CAT.gates, "abilities": CAT.abilities}
    for rect in (pygame.Rect(0, 0, 680, 410), pygame.Rect(0, 0, 532, 276)):
        for kind, table in kinds.items():
            for ident in table:
                app.screen.fill((0, 0, 0))
                with text_fit.recording() as ledger:
                    draw_piece_detail(app.screen, rect, CAT, kind, ident, app.lang)
                    pieces.piece_thumb(CAT, kind, ident, (112, 150), app.lang)
                    pieces.piece_thumb(CAT, kind, ident, (85, 119), app.lang)
                inside = [d for d in ledger.drawn if d.box == app.screen.get_rect()]
                for d in inside:  # text drawn without a box must stay in the detail's
                    assert rect.contains(d.rect), (kind, ident, d)
                _check(ledger, f"{kind} {ident}")


@pytest.mark.parametrize(
    "players,big,support", [(2, False, True), (4, True, False), (3, False, False)]
)
def test_the_setup_screen_fits_with_the_longest_names(
    app: App, players: int, big: bool, support: bool
) -> None:
    setup = MatchSetupScene(app, hotseat=True)
    app.push(setup)
    while len(setup.seats) != players:
        setup._toggle_players()
    if big:
        setup._toggle_big()
    if support:
        setup._toggle_support()
    rules = setup.rules
    setup.kits = [_longest_kit(app.lang, rules, support) for _ in setup.seats]
    for p in range(players):
        setup.seats[p] = ("human", "easy", "normal", "hard")[p % 4]
    setup.seats[0] = "human"
    setup.seats[1] = "human"
    setup._build()
    for kind, i, _ in setup._slots():
        setup.hover = (kind, getattr(setup.kits[setup.editing], kind)[i])
        _draw(app, setup, f"setup {players}p, hovering {setup.hover}")
    setup.editing = 1
    _draw(app, setup, "setup, the second person's kit")


def _battle(lang: str, bakugan: tuple[str, str]) -> Shot:
    """A battle with many layers from the longest-named cards."""
    cards = _longest(dict(CAT.abilities), lang, 5)
    gear = _longest(dict(CAT.gear), lang, 1)[0]
    ability = CAT.gear[gear].abilities[0].id if CAT.gear[gear].abilities else ""
    parts = [("base", 480), ("x2 gate", 480), (f"gate {Attribute.DARKUS.value}", 120)]
    parts += [(c, 100 - 30 * i) for i, c in enumerate(cards)]
    parts += [(gear, 50), (f"{gear}.{ability}", -40), ("swap", 130)]
    sides = tuple(
        bt.Side(p, b, CAT.bakugan[b].attribute, sum(g for _, g in parts), tuple(parts))
        for p, b in enumerate(bakugan)
    )
    ev = bt.Evaluation((sides[0], sides[1]), 1, True, True)
    return Shot((2, 2), "during", True, _longest(dict(CAT.gates), lang, 1)[0], False, ev)


@pytest.mark.parametrize("players,big", [(2, False), (4, True)])
def test_the_match_screen_fits_with_the_longest_names(app: App, players: int, big: bool) -> None:
    rules = Settings.preset(players, big)
    kits = [_longest_kit(app.lang, rules, support=True) for _ in range(players)]
    humans = (True,) + (False,) * (players - 1)
    scene = MatchScene(app, kits, humans, 0, seed=3, settings=rules)
    app.push(scene)
    scene.anims.clear()
    scene._catch_up()
    rng = random.Random(1)
    kinds = set()
    for _ in range(400):  # through the opening, turns, throws and battles
        app.step(draw=False)  # (each moment checked is drawn by `_draw`)
        scene.anims.clear()
        scene._catch_up()
        p = scene.session.actor()
        if scene.session.over or p is None:
            break
        state = (scene.session.state.phase, scene.session.awaiting_throw() is not None)
        if state not in kinds and p == 0:
            kinds.add(state)
            for _ in range(3):
                app.step(draw=False)
            _draw(app, scene, f"match {state}")
            for kind, ident, rect, _ in scene._hand_items():
                scene.hover_piece, scene.hover_rect = (kind, ident), rect
                _draw(app, scene, f"match {state} hovering {ident}")
            scene.hover_piece = None
            for q in range(players):
                scene.hover_chip = q
                _draw(app, scene, f"match {state} chip {q}")
            scene.hover_chip = None
        if scene.session.awaiting_throw():
            from game import physics

            zone = scene.session.zone(p)
            mid = (scene.session.width / 2, scene.session.height / 2)
            import math

            angle = math.atan2(mid[1] - zone.centre[1], mid[0] - zone.centre[0])
            scene.throw_input = None
            scene._after_step(
                scene.session.throw(p, physics.Throw(zone.centre, angle, rng.uniform(600, 1100)))
            )
        else:
            scene.do(rng.choice(scene.session.legal_actions()))
    assert len(kinds) >= 2, kinds
    # The battle panel with the longest names and many layers, both sides.
    longest = tuple(_longest(dict(CAT.bakugan), app.lang, 2))
    shot = _battle(app.lang, (longest[0], longest[1]))
    model: PanelModel = panel_model(shot, CAT, app.lang, app.tr)
    for decided in (False, True):
        with text_fit.recording() as ledger:
            draw_panel(
                app.screen,
                model if not decided else _decided(model),
                hud.BATTLE,
                app.tr,
                PLAYER_COLOURS,
                lambda b: CAT.bakugan[b].species,
            )
        _check(ledger, f"battle panel decided={decided}")
    # Banners with the longest calls and names.
    name = CAT.abilities[_longest(dict(CAT.abilities), app.lang)[0]].name.get(app.lang)
    gate = CAT.gates[_longest(dict(CAT.gates), app.lang)[0]].name.get(app.lang)
    for area in (hud.field_area(True), hud.battle_area(True)):
        for title, sub in (
            (app.tr("call.ability"), name),
            (app.tr("match.captured", name=app.tr("match.ai_n", player=4), gate=gate), ""),
            (
                app.tr("match.battle_won", bakugan=CAT.bakugan[longest[0]].name.get(app.lang)),
                "  ·  ".join([CAT.bakugan[longest[0]].name.get(app.lang) + " 1290 G"] * 2),
            ),
        ):
            with text_fit.recording() as ledger:
                banner(app.screen, area, title, sub, 0.5)
            _check(ledger, f"banner {title}")
    for step in STEPS:
        with text_fit.recording() as ledger:
            draw_hint(app.screen, step, pygame.Rect(980, 400, 280, 120), app.tr)
            draw_hint(app.screen, step, hud.BATTLE, app.tr)
        _check(ledger, f"hint {step}")
    with text_fit.recording() as ledger:
        draw_curtain(app.screen, 3, app.tr, PLAYER_COLOURS[3])
        match_draw._no_effect(scene, app.screen, pygame.Rect(1000, 400, 62, 87))
    _check(ledger, "curtain, no effect band")
    # Every reason a card is dimmed (or would change nothing), in the hover's box.
    timing = ", ".join(app.tr(f"timing.{t}") for t in ("before", "during", "after"))
    for key in sorted(k for k in catalog(app.lang) if k.startswith("why.")):
        text = app.tr(
            key, level=10, game_level=10, timing=timing, attribute=app.tr("attr.subterra")
        )
        with text_fit.recording() as ledger:
            w.paragraph(app.screen, text, pygame.Rect(0, 0, 532, 48), 19)
        _check(ledger, f"reason {key}")


def _decided(model: PanelModel) -> PanelModel:
    import dataclasses

    return dataclasses.replace(model, decided=True)


def test_the_results_fit(app: App) -> None:
    for players in (2, 4):
        rules = Settings.preset(players, players == 4)
        kits = [_longest_kit(app.lang, rules) for _ in range(players)]
        scene = MatchScene(
            app, kits, (True,) * 2 + (False,) * (players - 2), 0, seed=1, settings=rules
        )
        state = scene.session.state
        for i, gate in enumerate(kits[1].gates):
            state.players[0].captured.append((1, gate))
            if i >= rules.gates_to_win:
                break
        state.winner = 0
        results = ResultsScene(app, scene)
        _draw(app, results, f"results {players}p")


def test_the_lab_and_the_challenges_fit(app: App, tmp_path: Path) -> None:
    lab = LabScene(app)
    app.push(lab)
    _draw(app, lab, "lab")
    select = LevelSelectScene(app)
    app.push(select)
    _draw(app, select, "level select")
    for entry in discover():
        if entry.level is None:
            continue
        scene = ChallengeScene(app, entry.level, number=20)
        app.push(scene)
        _draw(app, scene, f"challenge {entry.ident}")
        scene._finish()
        _draw(app, scene, f"challenge {entry.ident} finished")
        app.pop()
    # The author's view, on a file with a long name.
    source = discover()[0].path
    long = tmp_path / "an_unusually_long_level_file_name_for_the_banner_to_hold.toml"
    long.write_bytes(source.read_bytes())
    author = LevelScene(app, long)
    app.push(author)
    _draw(app, author, "level author banner")
    long.write_text("not a level", encoding="utf-8")
    author.check_file()
    _draw(app, author, "level author problems")


def test_every_reason_a_throw_missed_fits_where_it_is_said(app: App) -> None:
    """The classic banner (under "missed!" with the longest name), the throw lab's
    verdict and a challenge's notes, with every reason the judges give."""
    reasons = sorted(k for k in catalog(app.lang) if k.startswith("throw.why."))
    assert len(reasons) >= 8
    longest = CAT.bakugan[_longest(dict(CAT.bakugan), app.lang)[0]].name.get(app.lang)
    lab = LabScene(app)
    app.push(lab)
    level = next(e.level for e in discover() if e.level is not None)
    challenge = ChallengeScene(app, level, number=20)
    for key in reasons:
        why = app.tr(key)
        for area in (hud.field_area(True), hud.field_area(False)):
            with text_fit.recording() as ledger:
                banner(app.screen, area, app.tr("match.missed", bakugan=longest), why, 0.5)
            _check(ledger, f"banner {key}")
        with text_fit.recording() as ledger:
            w.paragraph(app.screen, app.tr("lab.missed", why=why), pygame.Rect(0, 0, 292, 90), 28)
        _check(ledger, f"lab {key}")
        challenge.notes = [(app.tr("challenge.missed"), (255, 0, 0), 2.0), (why, (0, 0, 0), 2.0)]
        app.push(challenge)
        _draw(app, challenge, f"challenge note {key}")
        app.pop()
