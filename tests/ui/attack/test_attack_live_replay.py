"""Every Attack game with a person in it is kept as a replay as it goes (issue 18): the
game played on the table screen with posted events, and one cut off and resumed through
Continue on the title, each leave one whole replay that re-runs identically."""

from __future__ import annotations

import logging
from pathlib import Path

import pygame
import pytest

from game.content.attack import shipped_deck
from game.games.attack import shipped_levels
from game.games.replays import verify_one
from game.match.attack.session import HUMAN, AttackMatch
from game.persist import saves
from game.persist.replay_file import read_replay
from game.persist.replay_index import summaries
from game.ui.app import App
from game.ui.attack.table import AttackTableScene
from game.ui.menu import TitleScene

from ..frames import after_painted
from .driver import AttackPlayer, click

DECK = shipped_deck()
LEVELS = shipped_levels()


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))
    return tmp_path


def _folder(home: Path) -> Path:
    return home / "data" / "replays"


def _run(app: App, player: AttackPlayer, frames: int, stop: object = None) -> None:
    def each(a: App) -> None:
        a.time_scale = 16.0
        player(a)
        if callable(stop) and stop(a):
            a.running = False

    app.run(TitleScene(app), max_frames=frames, each_frame=after_painted(each, 2), draw_every=2)


def test_a_game_played_on_screen_is_kept_and_verifies_identical(home: Path) -> None:
    player = AttackPlayer([HUMAN, "easy", "normal"], seed=7)
    _run(App("en", fast=True), player, 40_000)
    assert player.done and player.table is not None
    match = player.table.match
    (summary,) = summaries(_folder(home))
    assert summary.finished and summary.players == ("human", "easy", "normal")
    verdict = verify_one(summary.path)
    assert verdict.kind == "identical", verdict.line
    replay = read_replay(summary.path)
    acts = [r for r in replay.records if r["t"] == "act"]
    assert len(acts) == sum(1 for _ in acts) and len(acts) > 20
    assert replay.end is not None and replay.end["points"] == list(match.state.points)
    assert any(a["a"].startswith("roll ") for a in acts)  # the dice, chance outcomes too
    assert any(a["a"].startswith("deal ") for a in acts)
    assert not saves.has_save()  # over: the autosave is gone, the replay kept


def test_a_game_cut_off_and_resumed_through_continue_is_one_whole_replay(home: Path) -> None:
    player = AttackPlayer([HUMAN, "easy", "easy"], seed=3)
    app = App("en", fast=True)
    _run(app, player, 40_000, stop=lambda a: player.cards_played >= 6 and player.sheets >= 1)
    assert player.table is not None and not player.table.match.state.is_over()
    pygame.quit()  # gone without closing anything (a crash)
    saved, error = saves.load_save()
    assert error is None and saved is not None and saved.game == "attack"
    assert saved.payload["replay_records"] > 0 and saved.payload["replay"]
    (before,) = summaries(_folder(home))
    assert not before.finished

    app = App("en", fast=True)
    later = AttackPlayer([HUMAN, "easy", "easy"], seed=3)
    pressed: list[bool] = []

    def each(a: App) -> None:
        a.time_scale = 16.0
        top = a.top
        if isinstance(top, TitleScene) and not later.done:
            if not pressed:  # Continue on the title
                button = next(b for b in top.buttons if b.label == a.tr("save.continue"))
                for e in click(button.rect.center):
                    pygame.event.post(e)
                pressed.append(True)
            return
        later(a)

    app.run(TitleScene(app), max_frames=40_000, each_frame=after_painted(each, 2), draw_every=2)
    assert pressed and later.done and later.table is not None
    assert later.table.match.state.draws > 0
    (summary,) = summaries(_folder(home))  # the old file went, one replay is left
    assert summary.finished and summary.path != before.path
    verdict = verify_one(summary.path)
    assert verdict.kind == "identical", verdict.line
    replay = read_replay(summary.path)
    assert replay.end is not None
    assert replay.end["points"] == list(later.table.match.state.points)


def _table_steps(app: App, scene: AttackTableScene, frames: int) -> None:
    app.push(scene)
    for _ in range(frames):
        if scene.view.sheet is not None:
            scene.continue_sheet()
        app.step()
        if scene.match.state.is_over():
            break


def test_a_computer_only_game_is_not_recorded(home: Path) -> None:
    app = App("en", fast=True)
    app.time_scale = 16.0
    match = AttackMatch.new(DECK, LEVELS, ["easy", "easy", "normal"], seed=2)
    _table_steps(app, AttackTableScene(app, match), 600)
    assert match.state.draws > 3, "the computers played"
    folder = _folder(home)
    assert not folder.exists() or not any(folder.iterdir())
    pygame.quit()


def test_a_replay_that_cannot_be_written_is_logged_and_the_game_goes_on(
    home: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.persist.replay_file import ReplayError, ReplayWriter

    calls: list[int] = []
    real = ReplayWriter.write

    def failing(self: ReplayWriter, record: dict[str, object]) -> None:
        calls.append(1)
        if len(calls) > 5:
            raise ReplayError("not_written", "disk full", self.path)
        real(self, record)

    monkeypatch.setattr(ReplayWriter, "write", failing)
    app = App("en", fast=True)
    app.time_scale = 16.0
    match = AttackMatch.new(DECK, LEVELS, [HUMAN, "easy", "easy"], seed=5)
    scene = AttackTableScene(app, match)
    app.push(scene)
    with caplog.at_level(logging.WARNING):
        for _ in range(4000):
            person = scene.person_to_act()
            if person is not None and scene.idle():
                if match.die_due() is not None:
                    scene.tray.throw(1.2, 1000.0, 0.0, match.die_face())
                elif scene.can_choose() is not None:
                    scene.play(0)
            if scene.view.sheet is not None:
                scene.continue_sheet()
            app.step()
            if match.state.is_over():
                break
    assert match.state.is_over(), "the game did not go on to its end"
    assert "the replay stops here" in caplog.text
    pygame.quit()


def test_an_older_payload_without_its_replay_still_resumes(home: Path) -> None:
    match = AttackMatch.new(DECK, LEVELS, [HUMAN, "easy", "easy"], seed=9)
    while match.chance_due():
        match.step_without_people()
    payload = match.to_json()
    assert "replay" not in payload  # no recorder: nothing to name
    back = AttackMatch.from_json(payload, DECK, LEVELS)
    assert back.state == match.state
    app = App("en", fast=True)
    scene = AttackTableScene(app, back)
    app.push(scene)
    for _ in range(30):
        app.step()
    assert back.recorder is None  # nothing to go on with: no replay, the game plays
    pygame.quit()
