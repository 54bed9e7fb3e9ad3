"""The Attack replay viewer (issue 18): a recorded game plays back on the Attack table to
its recorded end; it pauses, steps record by record and throw by throw, changes speed,
jumps to a deal or a round, cycles the view (every hand, then each seat's own), stops
where a replay drifts and at the last record of an unfinished one; its text fits."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from game.content.attack import shipped_deck
from game.games.attack import shipped_levels
from game.match.attack.recording import AttackRecorder, attack_header, marks
from game.match.attack.session import HUMAN, AttackMatch
from game.match.replay_header import SeatInfo
from game.persist import saves
from game.persist.replay_file import Replay, ReplayError, ReplayWriter, read_replay
from game.rules.attack import AttackState, Settings
from game.rules.attack.actions import parse_action
from game.ui import text_fit
from game.ui.app import App
from game.ui.attack import replay_draw
from game.ui.attack.replay import AttackReplayScene, open_replay
from game.ui.replay_open import viewer

from .. import frames
from ..bar_check import text_under_the_bar
from ..test_text_fit import _check

DECK = shipped_deck()
LEVELS = shipped_levels()


def record_game(path: Path, seed: int, seats: list[str]) -> Path:
    """A game as the table plays it, the person's cards chosen by a seeded hand."""
    match = AttackMatch.new(DECK, LEVELS, seats, seed=seed)
    infos = [
        SeatInfo("human", 0, True) if s == HUMAN else SeatInfo(s, p) for p, s in enumerate(seats)
    ]
    writer = ReplayWriter(path, attack_header(DECK, match.state.settings, seed, infos))
    match.recorder = AttackRecorder(writer.write, writer.close)
    rng = random.Random(seed)
    while not match.state.is_over():
        person = next((p for p in match.to_act() if p >= 0 and match.human(p)), None)
        if person is not None and match.bot_to_act() is None:
            match.act(rng.choice(match.state.legal_actions(person)))
        else:
            match.step_without_people()
    return path


@pytest.fixture(scope="module")
def replay_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return record_game(
        tmp_path_factory.mktemp("aview") / "g.replay.gz", 6, [HUMAN, "easy", "normal"]
    )


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))
    a = App("en", fast=True)
    yield a
    pygame.quit()


def _key(key: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))


def _top(app: App) -> AttackReplayScene:
    scene = app.top
    assert isinstance(scene, AttackReplayScene)
    return scene


def _frames(app: App, n: int, until: Callable[[AttackReplayScene], bool] | None = None) -> None:
    frames.run(app, n, None if until is None else lambda: until(_top(app)))


def _open(app: App, replay: Replay) -> AttackReplayScene:
    scene = viewer(app, replay)  # through SCENES.replay, as the Replays list does
    assert isinstance(scene, AttackReplayScene)
    app.push(scene)
    return scene


def test_the_replay_plays_on_the_table_to_its_recorded_end(app: App, replay_path: Path) -> None:
    replay = read_replay(replay_path)
    scene = _open(app, replay)
    _key(pygame.K_UP)
    _key(pygame.K_UP)  # x4
    app.time_scale = 4.0
    _frames(app, 60_000, until=lambda s: s.match.state.is_over() and s.view.over is not None)
    scene = _top(app)
    assert scene.speed == 4.0 and scene.problem is None
    assert replay.end is not None
    assert list(scene.match.state.points) == replay.end["points"]
    assert scene.match.result_winners()
    assert scene.tray.rolls >= 4, "the dice rolled in the tray"
    assert not saves.has_save(), "a replay is never saved as the player's game"
    assert not (Path(app_home(app)) / "replays").exists(), "the viewer records nothing"
    _frames(app, 50)
    assert scene.paused and scene.position == len(replay.records)  # the end: it stays


def app_home(app: App) -> str:
    from game.persist import paths

    return str(paths.data_dir())


def test_space_pauses_arrow_steps_one_record_shift_arrow_to_the_next_throw(
    app: App, replay_path: Path
) -> None:
    replay = read_replay(replay_path)
    scene = _open(app, replay)
    _key(pygame.K_SPACE)
    _frames(app, 5)
    assert scene.paused and scene.position == 0
    for n in range(1, 6):
        _key(pygame.K_RIGHT)
        _frames(app, 2000, until=lambda s, n=n: s.position >= n and s.idle())
        assert scene.position == n  # one record a step
        _frames(app, 30)
        assert scene.position == n, "paused: nothing moves between steps"
    throws = [m.index for m in scene.marks if m.kind == "throw"]
    for _ in range(3):
        here = scene.position
        _key(pygame.K_RIGHT, pygame.KMOD_SHIFT)
        _frames(app, 20_000, until=lambda s: not s.until_throw and s.idle())
        nxt = next(i for i in throws if i >= here)
        assert scene.position == nxt + 1  # stopped right after the die or the judging
    _key(pygame.K_DOWN)
    _key(pygame.K_DOWN)
    _key(pygame.K_DOWN)
    _frames(app, 2)
    assert scene.speed == 0.5
    for _ in range(5):
        _key(pygame.K_UP)
    _frames(app, 2)
    assert scene.speed == 4.0


def test_deal_and_round_jumps_and_home(app: App, replay_path: Path) -> None:
    replay = read_replay(replay_path)
    _open(app, replay)
    deals = [m for m in marks(replay.header, replay.records, DECK) if m.kind == "deal"]
    rounds = [m for m in marks(replay.header, replay.records, DECK) if m.kind == "round"]
    assert len(deals) >= 2 and len(rounds) >= 6
    _key(pygame.K_SPACE)
    _key(pygame.K_n)
    _frames(app, 3)
    scene = _top(app)
    assert scene.position == deals[0].index and scene.paused
    assert str(replay.records[scene.position]["a"]).startswith("deal ")
    _key(pygame.K_PAGEDOWN)
    _frames(app, 3)
    scene = _top(app)
    assert scene.position == deals[1].index and scene.match.state.deal_no == 1
    _key(pygame.K_b)
    _frames(app, 3)
    assert _top(app).position == deals[0].index
    _key(pygame.K_RIGHTBRACKET)
    _frames(app, 3)
    scene = _top(app)
    first_round = next(m for m in rounds if m.index > deals[0].index)
    assert scene.position == first_round.index and scene.match.state.round_no == 1
    assert scene.match.state.phase.value == "play" and not scene.match.state.table
    _key(pygame.K_RIGHTBRACKET)
    _key(pygame.K_LEFTBRACKET)
    _frames(app, 4)
    assert _top(app).position == first_round.index
    _key(pygame.K_HOME)
    _frames(app, 3)
    assert _top(app).position == 0 and _top(app).match.state.draws == 0


def test_v_cycles_every_hand_then_each_seats_own(app: App, replay_path: Path) -> None:
    replay = read_replay(replay_path)
    scene = _open(app, replay)
    _key(pygame.K_SPACE)
    _key(pygame.K_n)
    _frames(app, 3)
    scene = _top(app)
    _key(pygame.K_RIGHT)  # the deal
    _frames(app, 2000, until=lambda s: s.position > 0 and s.idle())
    hands = scene.match.state.hands
    assert all(hands)
    assert scene.seat_view is None  # the spectator's, the default
    assert scene.face_up_hands() == {p: list(h) for p, h in enumerate(hands)}
    seen = []
    for _ in range(4):
        _key(pygame.K_v)
        _frames(app, 1)
        seen.append(scene.seat_view)
        if scene.seat_view is not None:
            p = scene.seat_view
            assert scene.face_up_hands() == {p: list(hands[p])}  # only that hand
            assert scene.viewer() == p and scene.bottom == p and scene.hand_cards() == hands[p]
    assert seen == [0, 1, 2, None]


def test_an_action_the_rules_refuse_stops_with_the_drift_line(app: App, replay_path: Path) -> None:
    replay = read_replay(replay_path)
    records = [dict(r) for r in replay.records]
    state, _ = AttackState.new(
        DECK, Settings.from_json(replay.header["settings"]), replay.header["seed"]
    )
    bad = None
    for i, r in enumerate(records):
        action = parse_action(r["a"]) if r["t"] == "act" else None
        if i > 12 and action is not None and str(action).split()[1] == "play":
            p = action.player  # type: ignore[union-attr]
            other = next(c for c in DECK.by_id if c not in state.hands[p])
            records[i] = {"t": "act", "a": f"p{p} play {other}"}
            bad = i
            break
        if action is not None:
            state.apply(action)
    assert bad is not None
    tampered = Replay(replay.header, records, replay.finished, replay.path)
    scene = _open(app, tampered)
    _key(pygame.K_UP)
    _key(pygame.K_UP)
    _frames(app, 20_000, until=lambda s: s.problem is not None)
    assert scene.problem is not None and scene.problem.startswith("The replay drifted here")
    assert scene.position == bad and scene.paused
    _frames(app, 100)
    assert scene.position == bad, "nothing plays past the drift"


def test_an_unfinished_replay_stops_at_its_last_record(app: App, replay_path: Path) -> None:
    replay = read_replay(replay_path)
    cut = replay.records[: len(replay.records) // 2]
    scene = _open(app, Replay(replay.header, cut, False, replay.path))
    _key(pygame.K_UP)
    _key(pygame.K_UP)
    _frames(app, 30_000, until=lambda s: s.position == len(cut) and s.idle())
    _frames(app, 200)
    assert scene.position == len(cut) and scene.problem is None
    assert not scene.match.state.is_over()


def test_only_an_attack_replay_opens_here(app: App, replay_path: Path) -> None:
    replay = read_replay(replay_path)
    other = Replay({**replay.header, "game": "planet"}, replay.records, True, replay.path)
    with pytest.raises(ReplayError) as e:
        open_replay(app, other)
    assert e.value.reason == "no_viewer"
    cards = Replay({**replay.header, "content_hash": "0" * 64}, [], True, replay.path)
    with pytest.raises(ReplayError) as e:
        open_replay(app, cards)
    assert e.value.reason == "content"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_viewers_text_fits_in_both_languages(
    lang: str, replay_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))
    app = App(lang, fast=True)
    replay = read_replay(replay_path)
    deal = next(m.index for m in marks(replay.header, replay.records, DECK) if m.kind == "deal")
    scene = AttackReplayScene(app, replay, deal + 1, paused=True)
    app.push(scene)
    for view in (None, 0, 2):
        scene.seat_view = view
        scene._seat_at_bottom()
        scene.speed_index = 0
        scene.problem = scene.tr("replay.drifted", detail="record 123: p4 play masquerade: " * 3)
        with text_fit.recording() as ledger:
            replay_draw.draw_replay_bar(app.screen, scene)
        _check(ledger, f"bar {lang} {view}")
        assert ledger.drawn
        with text_fit.recording() as ledger:
            scene.draw(app.screen)
        _check(ledger, f"viewer {lang} {view}", overlaps=False)
    pygame.quit()


def test_the_spectator_sees_a_runo_draw_lying_face_down_a_seat_only_its_own(
    app: App, replay_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import game.ui.attack.table_draw as table_draw
    from game.ui.attack.art import CARD
    from game.ui.attack.view import ShownCard

    scene = _open(app, read_replay(replay_path))
    _frames(app, 3)
    drawn = ShownCard(2, "5", state="down", secret=True)  # player 3's, drawn at random
    drawn.start = drawn.end = (640.0, 300.0)
    scene.view.cards.append(drawn)
    faces: list[str] = []
    real = table_draw.card_face

    def spy(deck, card, lang, size, dim=False):  # type: ignore[no-untyped-def]
        if size == CARD:
            faces.append(card)
        return real(deck, card, lang, size, dim)

    monkeypatch.setattr(table_draw, "card_face", spy)
    surface = pygame.Surface((1280, 720))

    def drawn_faces(view: int | None) -> list[str]:
        scene.seat_view = view
        faces.clear()
        scene.draw(surface)
        return [c for c in faces if c == "5"]

    assert drawn_faces(None) == ["5"]  # the spectator: every face
    assert drawn_faces(0) == []  # player 1 saw its back
    assert drawn_faces(2) == ["5"]  # its own player saw it


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_bar_covers_no_line_of_the_table(
    lang: str, replay_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))
    app = App(lang, fast=True)
    replay = read_replay(replay_path)
    scene = AttackReplayScene(app, replay, 0, paused=False)
    app.push(scene)
    app.time_scale = 8.0
    covered: list[str] = []
    for frame in range(1500):
        app.step(draw=frame % 8 == 0)  # (a checked frame is drawn by the check)
        if scene.view.sheet is not None:
            scene.continue_sheet()
        if frame % 50 == 0:
            covered += text_under_the_bar(app.screen, scene)
    assert not covered, covered[:4]
    pygame.quit()
