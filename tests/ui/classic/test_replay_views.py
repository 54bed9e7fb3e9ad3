"""The replay viewer's views (issue 18, part 3): "as a spectator (all revealed) or as
one seat". Every frame drawn at each turn and battle of a recorded match is looked at:
in a seat's view no other player's hidden card face is drawn (his hand's cards, the
colour or face of his face-down Gate Cards); in the spectator's view every face-down
card on the field is drawn face up and the hands of both players are shown."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from game.content.classic import shipped_catalog
from game.games.classic import shipped_levels
from game.games.replays import open_in, replay_files
from game.match.classic.sim import run_physics_sim
from game.persist.replay_file import read_replay
from game.rules.classic import Settings
from game.ui.app import App
from game.ui.classic import match_draw, table_layer
from game.ui.classic.replay import ReplayScene

CAT = shipped_catalog()


@pytest.fixture(scope="module")
def replay_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("views")
    run_physics_sim(
        CAT, ["easy", "normal"], 1, 5, Settings(), shipped_levels(), record=open_in(folder)
    )
    return replay_files([folder])[0]


class _Drawn:
    def __init__(self) -> None:
        self.thumbs: list[str] = []  # hand cards drawn in the side panel
        self.faces: list[tuple[str, bool]] = []  # Gate Cards on the field: (colour, face up)


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> _Drawn:
    seen = _Drawn()
    thumb, card = match_draw.piece_thumb, table_layer.card_image

    def thumb_(catalog: Any, kind: str, ident: str, *args: Any, **kw: Any) -> Any:
        seen.thumbs.append(ident)
        return thumb(catalog, kind, ident, *args, **kw)

    def card_(colour: str, rect: Any, face_up: bool, *rest: Any) -> Any:
        seen.faces.append((colour, face_up))
        return card(colour, rect, face_up, *rest)

    monkeypatch.setattr(match_draw, "piece_thumb", thumb_)
    monkeypatch.setattr(table_layer, "card_image", card_)
    return seen


def test_a_seat_sees_only_its_own_and_the_spectator_sees_everything(
    replay_path: Path, drawn: _Drawn
) -> None:
    app = App("en", fast=True)
    scene = ReplayScene(app, read_replay(replay_path))
    app.push(scene)
    surface = pygame.Surface((1280, 720))
    hands_seen: set[int] = set()
    checked = 0
    for mark in scene.marks:
        scene.jump(mark.index)
        scene.paused = True
        app.step()
        view = scene.view
        shot = scene.battle_shot_now()
        opened = 1 if shot is not None and shot.gate_open else 0
        hands = [{*ps.gates, *ps.abilities} for ps in view.players]
        for seat in (None, 0, 1):
            scene.seat_view = seat
            scene._update_side()
            drawn.thumbs.clear()
            drawn.faces.clear()
            scene.draw(surface)
            shown = [f for f in drawn.faces if f != ("back", False)]
            if seat is None:  # the spectator: every card on the field face up
                assert len(drawn.faces) == len(view.field)
                assert all(up for _, up in drawn.faces), drawn.faces
                who = scene.viewer
                assert who is not None and set(drawn.thumbs) <= hands[who]
                assert len(drawn.thumbs) == len(view.players[who].gates) + len(
                    view.players[who].abilities
                )
                if drawn.thumbs:
                    hands_seen.add(who)
            else:  # the seat: his own cards, and only the battle's card once it opened
                own = sum(fg.owner == seat for fg in view.field.values())
                assert len(shown) <= own + opened, (seat, shown)
                assert sum(up for _, up in drawn.faces) <= opened
                assert set(drawn.thumbs) <= hands[seat]
                others = set().union(*(h for q, h in enumerate(hands) if q != seat))
                assert not (set(drawn.thumbs) & (others - hands[seat]))
            checked += 1
    assert checked > 20 and hands_seen == {0, 1}
    pygame.quit()


def test_the_bar_says_which_view(replay_path: Path) -> None:
    for lang, spectator, seat in (
        ("en", "spectator", "as Computer 2 (Normal) saw it"),
        ("ru", "зритель", "как видел Компьютер 2 ("),
    ):
        app = App(lang, fast=True)
        scene = ReplayScene(app, read_replay(replay_path))
        app.push(scene)
        app.step()
        texts: list[str] = []
        real = scene.tr

        def tr(key: str, real: Any = real, texts: list[str] = texts, **fields: object) -> str:
            out: str = real(key, **fields)
            texts.append(out)
            return out

        scene.tr = tr  # type: ignore[method-assign]
        scene.draw(pygame.Surface((1280, 720)))
        assert any(spectator in t for t in texts)
        scene.seat_view = 1
        texts.clear()
        scene.draw(pygame.Surface((1280, 720)))
        assert any(seat in t for t in texts)
        pygame.quit()
