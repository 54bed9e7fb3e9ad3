"""Why a throw did not open where it went, on screen (game.ui.landing_words): every
reason code a physics judge gives has its sentence in both catalogs; the classic banner
says it under "missed!"; the Battle Planet log says why a Bakugan kept no core or stayed
closed, from the roll's own landing."""

from __future__ import annotations

import math
import random

import pygame
import pytest

from game import physics
from game.content.classic import shipped_catalog
from game.content.planet import shipped_catalog as planet_catalog
from game.files.lang import catalog, tr
from game.match.planet.session import PlanetSession, RollDone
from game.rules.classic import events as ev
from game.rules.classic import random_kit
from game.rules.planet import Settings
from game.rules.planet import events as pev
from game.ui.app import App
from game.ui.classic import anims
from game.ui.classic.match import MatchScene
from game.ui.landing_words import why
from game.ui.planet.words import roll_why

CODES = (
    physics.OFF_TABLE,
    physics.OFF_CARD,
    physics.SHORT,
    physics.BOUNCED,
    physics.NO_TOUCH,
    physics.OBSTRUCTED,
    physics.TOO_FAST,
    physics.TWO_CORES,
)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_reason_a_judge_gives_has_its_words(lang: str) -> None:
    words = catalog(lang)
    for code in CODES:
        assert f"throw.why.{code}" in words, code
    assert "throw.why.obstructed_sphere" in words

    def say(key: str, **_: object) -> str:
        return tr(lang, key)

    assert why(say, None) == ""  # opened on a target: nothing to explain
    assert why(say, physics.OBSTRUCTED, "p1", {"p0", "p1"}) == words["throw.why.obstructed_sphere"]
    assert why(say, physics.OBSTRUCTED, "card", {"p0", "p1"}) == words["throw.why.obstructed"]
    texts = [why(say, code) for code in CODES]
    assert len(set(texts)) == len(texts) and all(texts)


def test_the_classic_banner_says_why_a_throw_missed() -> None:
    app = App("en", fast=True)
    rng = random.Random(1)
    cat = shipped_catalog()
    scene = MatchScene(app, [random_kit(cat, rng) for _ in range(2)], (True, True), 0, seed=1)
    bakugan = scene.kits[0].bakugan[0]
    for code in (physics.SHORT, physics.OFF_TABLE, physics.BOUNCED, physics.OFF_CARD):
        (banner,) = anims.queue(scene, [ev.Missed(0, bakugan, code)], [None])
        assert banner.kind == "banner" and banner.sub == app.tr(f"throw.why.{code}")
        assert banner.text == app.tr("match.missed", bakugan=scene.bname(bakugan))
    pygame.quit()


def test_the_planet_log_says_why_a_bakugan_kept_no_core() -> None:
    """Rolled straight up the seam between two cores of a row, it opens touching both
    and keeps neither; the other, too short, stays closed: each is told why."""
    cat = planet_catalog()
    kits = [cat.presets["pyrus_darkus"].kit, cat.presets["aquos_haos"].kit]
    for seed in range(4, 20):
        s = PlanetSession(cat, kits, Settings(first=0), seed=seed)
        while s.awaiting_roll() is None:
            p = s.to_act()[0]
            s.act(s.legal_actions(p)[0])
        layout = s.layout
        centres = [layout.core_centre(h) for h in s.cores()]
        seams = sorted(
            ((a[0] + b[0]) / 2.0, a[1])
            for a in centres
            for b in centres
            if a[1] == b[1] and 0 < b[0] - a[0] < 38.5
        )
        # slow enough for the cores to hold it (faster, it rolls over them)
        for seam, speed in ((p, v) for p in seams for v in range(950, 1450, 50)):
            throws = [
                physics.Throw((seam[0], 100.0), math.pi / 2, float(speed)),
                physics.Throw((400.0, layout.height - 100.0), -math.pi / 2, 300.0),
            ]
            trial = physics.simulate(s.scene(), s._named(throws), judge=physics.PLANET)
            if trial.landings[0].reason != physics.TWO_CORES:
                continue
            entries = s.roll(throws)
            done = entries[0]
            assert isinstance(done, RollDone)
            say = lambda key, **f: tr("en", key, **f)  # noqa: E731
            opened = next(e for e in entries if isinstance(e, pev.Opened))
            closed = next(e for e in entries if isinstance(e, pev.NotOpened))
            assert opened.hex is None
            assert roll_why(opened, done, say) == tr("en", "throw.why.two_cores")
            assert roll_why(closed, done, say) == tr("en", "throw.why.short")
            assert roll_why(pev.Reroll(), done, say) == ""
            return
    raise AssertionError("no seam throw opened on two cores")


def test_the_planet_log_tells_the_reason_on_the_line_of_its_bakugan() -> None:
    """The playtest: the log's last lines showed "It touched two cores at once: it keeps
    neither." with the line naming whose sphere it was already scrolled off. The reason
    is told on its Bakugan's own line."""
    from game.ui.planet.match import PlanetMatchScene
    from tests.ui.planet.computers import computers_scene, run_until

    reasons = [tr("en", f"throw.why.{code}") for code in CODES]
    free = tr("en", "planet_demo.opened_free", bakugan="").strip()
    closed = tr("en", "planet_demo.closed", bakugan="").strip()

    def told_why(scene: PlanetMatchScene) -> list[str]:
        lines = [line for told in scene._told for line in told[None]]
        return [line for line in lines if any(r in line for r in reasons)]

    for seed in range(1, 6):
        app, scene = computers_scene(seed)
        if run_until(app, scene, lambda s: bool(told_why(s)), 6000):
            for line in told_why(scene):
                (reason,) = [r for r in reasons if line.endswith(r)]
                said = line[: -len(reason)].strip()  # its Bakugan's line, then the why
                assert said.endswith((free, closed)), line
                assert len(said) > len(closed), line  # a name before it
            pygame.quit()
            return
        pygame.quit()
    raise AssertionError("no roll kept no core in five matches")
