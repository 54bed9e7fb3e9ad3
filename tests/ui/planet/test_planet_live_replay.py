"""Battle Planet matches played on screen are kept as replays (issue 18): a match
against the computer played through posted events leaves one replay that re-runs
identically; one interrupted (the process gone, nothing closed) and resumed through
Continue goes on with the same file and re-runs identically too; the demo is not kept."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pygame
import pytest

from game.games.replays import stats_line, verify_one
from game.match.planet.session import RollDone
from game.persist import saves
from game.persist.replay_file import read_replay
from game.persist.replay_index import summaries
from game.rules.planet import events as ev
from game.ui.app import App
from game.ui.planet import SCENES
from game.ui.planet.match import PlanetMatchScene
from game.ui.planet.results import PlanetResultsScene
from game.ui.planet.setup import PlanetSetupScene

from .test_planet_play import Person, play


@pytest.fixture()
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))
    return tmp_path


def _rolls(path: Path) -> list[dict[str, object]]:
    return [r for r in read_replay(path).records if r["t"] == "roll"]


def test_a_match_played_on_screen_is_kept_and_reruns_identically(home: Path) -> None:
    app = App("en", fast=True)
    setup = PlanetSetupScene(app, hotseat=False, seed=11)
    app.push(setup)
    setup.start()
    scene = app.top
    assert isinstance(scene, PlanetMatchScene)
    person = Person(app)
    play(app, person, PlanetResultsScene, 40_000)
    (summary,) = summaries(home / "data" / "replays")
    assert summary.finished and summary.players == ("human", "normal")
    assert summary.winner == scene.match.state.winner
    verdict = verify_one(summary.path)
    assert verdict.kind == "identical", verdict.line
    rolls = _rolls(summary.path)
    timeline_rolls = [e for e in scene.match.session.timeline if type(e).__name__ == "RollDone"]
    assert len(rolls) == len(timeline_rolls) == person.throws  # both throws in each
    assert all(len(r["throws"]) == 2 for r in rolls)
    assert read_replay(summary.path).header["deck_names"] == list(scene.match.setup.deck_names)
    # the record screen's line: the person's side, against a recount of the match played
    line = stats_line(read_replay(summary.path))
    timeline = scene.match.session.timeline
    done = [e for e in timeline if isinstance(e, RollDone)]
    assert line is not None and (line.game, line.mode, line.level) == ("planet", "vs_ai", "normal")
    assert line.won == (scene.match.state.winner == 0)
    assert line.throws == len(done) == person.throws
    assert line.opened == sum(d.rolls[0].core is not None for d in done)
    assert 0 < line.opened <= line.throws
    assert line.captures == sum(isinstance(e, ev.BattleWon) and e.player == 0 for e in timeline)
    assert dict(line.thrown) == dict(Counter(d.bakugan[0] for d in done))
    pygame.quit()


def test_an_interrupted_match_resumed_through_continue_goes_on_with_its_replay(
    home: Path,
) -> None:
    app = App("en", fast=True)
    setup = PlanetSetupScene(app, hotseat=False, seed=5)
    app.push(setup)
    setup.start()
    scene = app.top
    assert isinstance(scene, PlanetMatchScene)
    person = Person(app)
    for _ in range(20_000):
        app.step()
        scene.pace = scene.settle = 0.0
        if scene.match.state.turn >= 3 and saves.has_save():
            break
        if app.frames % 2 == 0:
            person(scene)
    data, error = saves.load_match()
    assert error is None and data is not None
    assert isinstance(data["replay"], str) and data["replay_records"] > 0
    kept_name = data["replay"]
    pygame.quit()  # gone: no close, no end of the stream
    app = App("en", fast=True)
    resumed = SCENES.resume(app, data)
    assert isinstance(resumed, PlanetMatchScene)
    app.push(resumed)
    play(app, Person(app), PlanetResultsScene, 40_000)
    (summary,) = summaries(home / "data" / "replays")  # one file: the old one went
    assert summary.path.name != kept_name and summary.finished
    assert summary.winner == resumed.match.state.winner
    verdict = verify_one(summary.path)
    assert verdict.kind == "identical", verdict.line
    pygame.quit()


def test_an_old_save_without_a_replay_still_resumes_unrecorded(home: Path) -> None:
    app = App("en", fast=True)
    setup = PlanetSetupScene(app, hotseat=False, seed=5)
    app.push(setup)
    setup.start()
    scene = app.top
    assert isinstance(scene, PlanetMatchScene)
    payload = scene.match.to_json()  # as version 1 saves were: no replay fields
    again = SCENES.resume(app, payload)
    assert isinstance(again, PlanetMatchScene)
    assert again.live_replay.started and again.live_replay.writer is None
    pygame.quit()


def test_the_computer_playing_itself_is_not_kept(home: Path) -> None:
    from game.ui.planet.demo import PlanetDemoScene

    app = App("en", fast=True)
    demo = PlanetDemoScene(app, seed=1)
    app.push(demo)
    for _ in range(30):
        app.step()
    assert demo.live_replay.started and demo.live_replay.writer is None
    assert not (home / "data" / "replays").exists() or not list(
        (home / "data" / "replays").iterdir()
    )
    pygame.quit()


def test_a_replay_that_cannot_be_written_never_ends_the_match(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.persist import replay_file

    app = App("en", fast=True)

    def refuse(self: object, record: object) -> None:
        raise replay_file.ReplayError("not_written", "disk full", Path("x"))

    monkeypatch.setattr(replay_file.ReplayWriter, "write", refuse)
    setup = PlanetSetupScene(app, hotseat=False, seed=2)
    app.push(setup)
    setup.start()
    scene = app.top
    assert isinstance(scene, PlanetMatchScene)
    person = Person(app)
    start = len(scene.match.session.timeline)
    for _ in range(5000):
        if len(scene.match.session.timeline) > start + 20:
            break
        app.step()
        scene.pace = scene.settle = 0.0
        if app.frames % 2 == 0:
            person(scene)
    assert app.top is scene and scene.live_replay.writer is None  # given up, played on
    assert len(scene.match.session.timeline) > start + 20
    pygame.quit()
