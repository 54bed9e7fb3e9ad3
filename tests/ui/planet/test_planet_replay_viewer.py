"""The Battle Planet replay viewer (issue 18, part 3): a recorded match plays back on
the Planet match screen to the recorded end (both spheres flying the recorded throws);
it pauses, steps record by record and roll by roll, changes speed, jumps to a battle or
a turn and back; V goes spectator -> player 1 -> player 2, each seat seeing only what it
saw; a roll that comes out otherwise stops with the drift line; its text fits its boxes
in both languages."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from game.match.planet.recording import rerun_planet
from game.persist.replay_file import Replay, read_replay
from game.rules.planet import events as ev
from game.ui import text_fit
from game.ui.app import App
from game.ui.planet import SCENES
from game.ui.planet.replay import PlanetReplayScene
from game.ui.replay_open import viewer
from tests.match.planet.test_planet_replay import CAT, _record

from .. import frames
from ..bar_check import text_under_the_bar


@pytest.fixture(scope="module")
def replay_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path, _ = _record(tmp_path_factory.mktemp("planet-viewer"), 2, ("greedy", "greedy"))
    return path


@pytest.fixture()
def app() -> Iterator[App]:
    a = App("en", fast=True)
    yield a
    pygame.quit()


def _key(key: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))


def _frames(
    app: App, scene: PlanetReplayScene, n: int, until: Callable[[], bool] | None = None
) -> None:
    frames.run(app, n, until)


def _scene(app: App, replay: Replay) -> PlanetReplayScene:
    scene = viewer(app, replay)  # through the game's screens, as the Replays list opens it
    assert isinstance(scene, PlanetReplayScene)
    app.push(scene)
    return scene


def test_the_replay_plays_to_the_recorded_end(app: App, replay_path: Path) -> None:
    replay = read_replay(replay_path)
    assert SCENES.replay is not None
    scene = _scene(app, replay)
    _key(pygame.K_UP)
    _key(pygame.K_UP)
    _key(pygame.K_UP)  # x4 at most
    flights = 0

    def ended() -> bool:
        nonlocal flights
        flights += scene.anim is not None and scene.anim_t == 0.0
        return scene.match.over and scene.paused

    _frames(app, scene, 60_000, ended)
    assert scene.speed == 4.0 and scene.problem is None
    assert scene.match.over and replay.end is not None
    assert scene.match.state.winner == replay.end["winner"]
    run = rerun_planet(replay.header, replay.records, CAT)
    assert scene.match.state.to_json() == run.session.state.to_json()
    assert flights > 0  # the spheres flew


def test_pause_step_speed_jump_and_view(app: App, replay_path: Path) -> None:
    replay = read_replay(replay_path)
    scene = _scene(app, replay)
    _key(pygame.K_SPACE)
    _frames(app, scene, 3)
    assert scene.paused
    at = scene.position
    _frames(app, scene, 30)
    assert scene.position == at  # paused: nothing moves
    _key(pygame.K_RIGHT)
    _frames(app, scene, 400, lambda: scene.position > at and not scene._busy())
    assert scene.position == at + 1  # one record
    _key(pygame.K_RIGHT, pygame.KMOD_SHIFT)
    rolls_before = sum(r["t"] == "roll" for r in replay.records[: scene.position])
    _frames(app, scene, 3000, lambda: not scene.until_throw and not scene._busy())
    assert sum(r["t"] == "roll" for r in replay.records[: scene.position]) == rolls_before + 1
    assert scene.anim is None
    for _ in range(6):
        _key(pygame.K_DOWN)
    _frames(app, scene, 2)
    assert scene.speed == 0.5
    battles = [m.index for m in scene.index.marks if m.kind == "battle"]
    turns = [m.index for m in scene.index.marks if m.kind == "turn"]
    assert len(battles) >= 3 and len(turns) >= 3
    here = scene.position
    _key(pygame.K_n)
    _frames(app, scene, 2)
    nxt = next(i for i in battles if i > here)
    assert scene.position == nxt and replay.records[nxt]["t"] == "roll"
    _key(pygame.K_PAGEDOWN)
    _frames(app, scene, 2)
    assert scene.position == next(i for i in battles if i > nxt)
    _key(pygame.K_b)
    _frames(app, scene, 2)
    assert scene.position == nxt
    _key(pygame.K_RIGHTBRACKET)
    _frames(app, scene, 2)
    t = next(i for i in turns if i > nxt)
    assert scene.position == t
    turn = scene.match.state.turn
    _key(pygame.K_LEFTBRACKET)
    _frames(app, scene, 2)
    assert scene.position < t and scene.match.state.turn < turn
    # a jump's match is the re-run's: playing on from a mark ends as recorded
    _key(pygame.K_HOME)
    _frames(app, scene, 2)
    assert scene.position == 0 and scene.match.state.turn == 0
    _key(pygame.K_n)
    _key(pygame.K_SPACE)
    for _ in range(3):
        _key(pygame.K_UP)
    _frames(app, scene, 60_000, lambda: scene.match.over and scene.paused)
    assert scene.problem is None and scene.match.state.winner == replay.end["winner"]  # type: ignore[index]
    views = []
    for _ in range(4):
        views.append(scene.seat_view)
        _key(pygame.K_v)
        _frames(app, scene, 1)
    assert views == [None, 0, 1, None]


def test_each_view_shows_only_what_its_seat_saw(app: App, replay_path: Path) -> None:
    replay = read_replay(replay_path)
    scene = _scene(app, replay)
    turns = [m.index for m in scene.index.marks if m.kind == "turn"]
    scene.jump(turns[2])
    scene.paused = True
    state = scene.match.state
    obs = scene.observation()  # the spectator: everything face up
    for p in (0, 1):
        assert obs.side(p).hand == tuple(state.sides[p].hand)
        assert [b.character for b in obs.side(p).bakugan] == [
            b.character for b in state.sides[p].bakugan
        ]
    assert all(c.core is not None for c in obs.matrix)
    drawn = {c for e in scene.match.session.timeline if isinstance(e, ev.Drew) for c in e.cards}
    for seat in (0, 1):
        _key(pygame.K_v)
        _frames(app, scene, 1)
        assert scene.seat_view == seat
        seen = scene.observation()
        other = 1 - seat
        assert seen.side(seat).hand == tuple(state.sides[seat].hand)
        assert seen.side(other).hand is None  # backs and a count
        assert seen.side(other).hand_count == len(state.sides[other].hand)
        for b, real in zip(seen.side(other).bakugan, state.sides[other].bakugan, strict=True):
            assert b.character == (real.character if real.face_up else None)
        others_drawn = {
            c
            for e in scene.match.session.timeline
            if isinstance(e, ev.Drew) and e.player == other
            for c in e.cards
        }
        mine = {
            c
            for e in scene.match.session.timeline
            if isinstance(e, ev.Drew) and e.player == seat
            for c in e.cards
        }
        hidden = {scene.name(c) for c in others_drawn - mine - set(state.sides[other].discard)}
        told = "\n".join(scene.log)
        assert drawn and not any(f"draws {n}" in told for n in hidden)


def test_the_viewer_stops_where_a_roll_drifts(app: App, replay_path: Path) -> None:
    replay = read_replay(replay_path)
    second = [i for i, r in enumerate(replay.records) if r["t"] == "roll"][1]
    replay.records[second]["digest"] = "0" * 64
    scene = _scene(app, replay)
    for _ in range(3):
        _key(pygame.K_UP)
    _frames(app, scene, 40_000, lambda: scene.problem is not None)
    assert scene.problem is not None and "drifted" in scene.problem
    assert scene.position == second + 1 and scene.paused
    at = scene.match.state.to_json()
    _frames(app, scene, 30)
    assert scene.match.state.to_json() == at  # nothing after the drift plays


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_viewer_fits_its_boxes(lang: str, replay_path: Path) -> None:
    app = App(lang, fast=True)
    replay = read_replay(replay_path)
    scene = _scene(app, replay)
    for _ in range(3):
        _key(pygame.K_UP)
    checked = 0
    for frame in range(6000):
        app.step(draw=frame % 8 == 0)  # (the check draws its own frames)
        if frame % 97 == 0:
            if frame % 3 == 0:
                scene.cycle_view()
            scene.paused = frame % 2 == 0
            with text_fit.recording() as ledger:
                scene.draw(app.screen)
            bad = [f"{d.text!r} at {d.rect} (box {d.box})" for d in ledger.escaped()]
            assert not bad, f"{lang} frame {frame}: " + "\n".join(bad)
            checked += 1
        if scene.match.over:
            break
    assert checked > 5
    pygame.quit()


@pytest.mark.parametrize("damage", ["action", "throw"])
def test_a_damaged_record_stops_the_playback_and_a_jump_after_it_plays_on(
    app: App, replay_path: Path, damage: str
) -> None:
    replay = read_replay(replay_path)
    if damage == "action":
        bad = [i for i, r in enumerate(replay.records) if r["t"] == "act"][5]
        replay.records[bad]["a"] = "p0 ¹²³ nonsense"
    else:
        bad = [i for i, r in enumerate(replay.records) if r["t"] == "roll"][1]
        replay.records[bad]["throws"] = [{"origin": "x"}, {}]
    scene = _scene(app, replay)
    for _ in range(3):
        _key(pygame.K_UP)
    _frames(app, scene, 40_000, lambda: scene.problem is not None)
    assert scene.problem is not None and "drifted" in scene.problem
    _key(pygame.K_HOME)  # the start again: no crash, the playback there
    _frames(app, scene, 5)
    assert scene.problem is None and scene.position < bad


def test_the_bar_covers_no_line_of_the_screen(app: App, replay_path: Path) -> None:
    scene = _scene(app, read_replay(replay_path))
    for _ in range(3):
        _key(pygame.K_UP)
    covered: list[str] = []
    for frame in range(3000):
        app.step(draw=frame % 8 == 0)  # (the bar's check draws its own frames)
        if frame % 60 == 0:
            scene.regions.forget()  # every part of the kept board drawn again
            scene._stale = True
            covered += text_under_the_bar(app.screen, scene, scene._board)
        if scene.match.over:
            break
    assert not covered, covered[:4]
    pygame.quit()


@pytest.mark.parametrize("name", ["greedy", "no-such-level"])
def test_a_seat_is_worded_whatever_level_the_header_names(
    app: App, replay_path: Path, name: str
) -> None:
    replay = read_replay(replay_path)
    for seat in replay.header["seats"]:
        seat["name"] = name
    scene = _scene(app, replay)
    with text_fit.recording() as ledger:
        _frames(app, scene, 3)
    drawn = [d.text for d in ledger.drawn]
    assert not [t for t in drawn if "planet_ui." in t]  # no catalog key in place of words
    word = "Greedy" if name == "greedy" else "Other"
    assert sum(f"computer ({word})" in t for t in drawn) >= 2  # both seats' headers
