"""The replay viewer (issue 18, part 3): a recorded match plays back on the match
screen to the same end; it pauses, steps record by record, changes speed, jumps to a
battle or a turn, and shows every hidden card (the spectator) or one seat's."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.content.classic import shipped_catalog
from game.games.classic import shipped_levels
from game.games.replays import open_in, replay_files
from game.match.classic.sim import run_physics_sim
from game.persist.replay_file import ReplayError, read_replay
from game.rules.classic import Settings
from game.ui.app import App
from game.ui.classic.replay import ReplayScene

from .. import frames
from ..bar_check import text_under_the_bar

CAT = shipped_catalog()


@pytest.fixture(scope="module")
def replay_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("viewer")
    run_physics_sim(
        CAT, ["easy", "normal"], 1, 7, Settings(), shipped_levels(), record=open_in(folder)
    )
    return replay_files([folder])[0]


def _key(key: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))


def _run(app: App, scene: ReplayScene, n: int) -> None:
    frames.run(app, n, lambda: scene.feed.done and not scene.anims)


def test_the_replay_plays_to_the_recorded_end(replay_path: Path) -> None:
    replay = read_replay(replay_path)
    app = App("en", fast=True)
    scene = ReplayScene(app, replay)
    app.push(scene)
    _key(pygame.K_UP)
    _key(pygame.K_UP)  # x4
    _run(app, scene, 20_000)
    assert scene.speed == 4.0
    assert scene.feed.done and scene.problem is None
    assert replay.end is not None
    assert scene.session.state.winner == replay.end["winner"]
    pygame.quit()


def test_pause_step_jump_and_view(replay_path: Path) -> None:
    replay = read_replay(replay_path)
    app = App("en", fast=True)
    scene = ReplayScene(app, replay)
    app.push(scene)
    _key(pygame.K_SPACE)
    _run(app, scene, 200)
    assert scene.paused and scene.position == 0  # paused before the first record
    _key(pygame.K_RIGHT)
    _run(app, scene, 400)
    assert scene.position == 1  # one step: one record
    battles = [m for m in scene.marks if m.kind == "battle"]
    assert battles, "a match of Easy against Normal has a battle"
    _key(pygame.K_PAGEDOWN)
    app.step()
    assert scene.position == battles[0].index
    assert scene.session.state.turn >= 1
    _key(pygame.K_HOME)
    app.step()
    assert scene.position == 0
    assert scene.seat_view is None and scene.all_revealed  # the spectator's view first
    _key(pygame.K_v)
    app.step()
    assert scene.seat_view == 0 and scene.viewer == 0 and not scene.sees(1)
    _key(pygame.K_v)
    app.step()
    assert scene.seat_view == 1 and scene.viewer == 1 and not scene.sees(0)
    _key(pygame.K_v)
    app.step()
    assert scene.seat_view is None and scene.sees(0) and scene.sees(1)
    surface = pygame.Surface((1280, 720))
    scene.draw(surface)  # the bar draws in both languages' words
    pygame.quit()


def test_a_replay_of_other_cards_is_refused_with_a_reason(replay_path: Path) -> None:
    replay = read_replay(replay_path)
    replay.header["content_hash"] = "sha256:other"
    app = App("en", fast=True)
    with pytest.raises(ReplayError) as e:
        ReplayScene(app, replay)
    assert e.value.reason == "content"
    pygame.quit()


def test_the_replays_list_is_newest_first_and_opens_the_viewer(
    replay_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import gzip
    import json

    from game.ui.replay_list import ReplayListScene

    from ..driver import post_click

    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))
    folder = tmp_path / "data" / "replays"
    folder.mkdir(parents=True)
    lines = [json.loads(x) for x in gzip.decompress(replay_path.read_bytes()).splitlines()]
    for n, created in enumerate(("2026-01-02T10:00:00+0000", "2026-03-04T18:30:00+0000")):
        lines[0]["created"] = created
        data = b"".join(json.dumps(x).encode() + b"\n" for x in lines)
        (folder / f"2026000{n}-classic-5.replay.gz").write_bytes(gzip.compress(data))
    (folder / "20270000-broken.replay.gz").write_bytes(b"not a replay")
    app = App("en", fast=True)
    scene = ReplayListScene(app)
    app.push(scene)
    assert [s.created[:10] for s in scene.items] == ["2026-03-04", "2026-01-02"]
    row = scene.buttons[0].label
    assert row.startswith(
        "2026-03-04 18:30 · Bakugan Battle Brawlers · Computer 1 (Easy) / Computer 2 (Normal)"
    )
    post_click(scene.buttons[0].rect.center)
    app.step()
    assert isinstance(app.top, ReplayScene)
    pygame.quit()


def test_the_record_screen_draws_the_replays_stats(
    replay_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import gzip
    import json

    from game.ui.stats_scene import StatsScene

    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))
    folder = tmp_path / "data" / "replays"
    folder.mkdir(parents=True)
    lines = [json.loads(x) for x in gzip.decompress(replay_path.read_bytes()).splitlines()]
    lines[0]["seats"][0] = {"name": "human", "seed": 0, "human": True}
    data = b"".join(json.dumps(x).encode() + b"\n" for x in lines)
    (folder / "20260101-classic-5.replay.gz").write_bytes(gzip.compress(data))
    for lang in ("en", "ru"):
        app = App(lang, fast=True)
        scene = StatsScene(app)
        app.push(scene)
        assert list(scene.records) == [("classic", "vs_ai", "normal")]
        rec = scene.records[("classic", "vs_ai", "normal")]
        assert rec.matches == 1 and len(rec.hit_rates) == 1
        app.step()
        pygame.quit()


def test_a_replay_dropped_onto_the_list_is_taken_in(
    replay_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.ui.replay_list import ReplayListScene

    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))
    app = App("en", fast=True)
    scene = ReplayListScene(app)
    app.push(scene)
    assert scene.items == []
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(replay_path)))
    app.step()
    assert len(scene.items) == 1 and "Taken into your Replays" in scene.message
    junk = tmp_path / "junk.replay.gz"
    junk.write_bytes(b"junk")
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(junk)))
    app.step()
    assert len(scene.items) == 1 and "Not taken in: junk.replay.gz: not a replay" in scene.message
    pygame.quit()


def test_the_viewer_stops_where_the_replay_drifts(replay_path: Path) -> None:
    replay = read_replay(replay_path)
    second = [i for i, r in enumerate(replay.records) if r["t"] == "throw"][1]
    replay.records[second]["digest"] = "0" * 64
    app = App("en", fast=True)
    scene = ReplayScene(app, replay)
    app.push(scene)
    _key(pygame.K_UP)
    _key(pygame.K_UP)
    frames.run(app, 20_000, lambda: scene.problem is not None)
    assert scene.problem is not None and "drifted" in scene.problem
    assert scene.position == second + 1 and scene.paused
    pygame.quit()


def test_a_resumed_match_goes_on_with_its_replay(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every match a person plays is kept. This one: played to turn 4, autosaved, the
    process gone without closing anything (a crash, a record or two past the save);
    Continue, played to the end: one replay, whole, that re-runs to the match as it
    ended."""
    import random

    from game import physics
    from game.match.classic.replaying import rerun_classic
    from game.persist import saves
    from game.persist.replay_index import summaries
    from game.rules.classic import random_kit
    from game.ui.classic.match import MatchScene

    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))
    rng = random.Random(4)

    def person(scene: MatchScene) -> None:
        if scene.session.actor() == 0 and not scene.anims and not scene.curtain.down:
            if scene.session.awaiting_throw():
                scene._throw(physics.Throw((400.0, 90.0), 1.5708, 700.0 + rng.random() * 300))
            else:
                scene.do(scene.session.legal_actions()[0])

    app = App("en", fast=True)
    kits = [random_kit(CAT, rng), random_kit(CAT, rng)]
    scene = MatchScene(app, kits, (True, False), 0, seed=4, level="easy")
    app.push(scene)
    for n in range(20_000):
        if scene.session.state.turn >= 4:
            break
        person(scene)
        app.step(draw=n % frames.DRAW_EVERY == 0)
    assert saves.has_save()
    pygame.quit()  # gone: no close, no end of the stream
    data, error = saves.load_match()
    assert error is None and data is not None and data["replay_records"] > 0
    app = App("en", fast=True)
    scene = MatchScene.resume(app, data)
    app.push(scene)
    for n in range(40_000):
        if scene.session.over and not scene.anims:
            break
        person(scene)
        app.step(draw=n % frames.DRAW_EVERY == 0)
    assert scene.session.over
    (summary,) = summaries(tmp_path / "data" / "replays")  # every match a person plays
    assert summary.finished and summary.winner == scene.session.state.winner
    assert summary.players == ("human", "easy")
    replay = read_replay(summary.path)
    run = rerun_classic(replay.header, replay.records, CAT)
    assert run.identical
    assert run.session.state.to_json() == scene.session.state.to_json()
    pygame.quit()


def test_leaving_a_match_for_the_title_closes_its_replay_and_continue_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The match left through the pause for the title: its replay file is closed then
    (not left open until the process ends: Windows could not remove it on Continue),
    and Continue goes on with it in one file."""
    import random

    from game import physics
    from game.persist import saves
    from game.rules.classic import random_kit
    from game.ui.classic.match import MatchScene
    from game.ui.scene import Scene

    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))
    rng = random.Random(5)
    app = App("en", fast=True)
    app.home = lambda a: Scene(a)  # the title, as the launcher gives it
    kits = [random_kit(CAT, rng), random_kit(CAT, rng)]
    scene = MatchScene(app, kits, (True, False), 0, seed=5, level="easy")
    app.push(scene)

    def person(scene: MatchScene) -> None:
        if scene.session.actor() == 0 and not scene.anims and not scene.curtain.down:
            if scene.session.awaiting_throw():
                scene._throw(physics.Throw((400.0, 90.0), 1.5708, 700.0 + rng.random() * 300))
            else:
                scene.do(scene.session.legal_actions()[0])

    for _ in range(20_000):
        if scene.session.state.turn >= 2 and saves.has_save():
            break
        person(scene)
        app.step()
    writer = scene.live_replay.writer
    assert writer is not None and saves.has_save()
    app.go_home()  # "Main menu" from the pause
    assert scene.live_replay.writer is None and writer.closed
    data, error = saves.load_match()
    assert error is None and data is not None
    again = MatchScene.resume(app, data)
    app.push(again)
    app.step()
    kept = list((tmp_path / "data" / "replays").iterdir())
    assert [p.name for p in kept] == [again.live_replay.file.name]
    pygame.quit()


def test_the_bar_covers_no_line_of_the_screen(replay_path: Path) -> None:
    app = App("en", fast=True)
    scene = ReplayScene(app, read_replay(replay_path))
    app.push(scene)
    _key(pygame.K_UP)
    _key(pygame.K_UP)
    covered: list[str] = []
    for frame in range(6000):
        app.step(draw=frame % frames.DRAW_EVERY == 0)  # (the check draws its own)
        if frame % 60 == 0:
            covered += text_under_the_bar(app.screen, scene)
        if scene.feed.done and not scene.anims:
            break
    assert not covered, covered[:4]
    pygame.quit()
