"""The curtain hides: in a hot-seat match, every drawn frame is checked.

Two people play a whole match through the screen (posted clicks and drags), with the
first-match hints on, throwing onto the other person's Bakugan whenever one stands, so
battles start by a throw. On every frame:

- while the curtain is down, the screen is exactly the curtain (no hint box on it, no
  card, nothing of the table);
- otherwise only the hand of the person who lifted the curtain last may be drawn (its
  thumbnails, the colours of his face-down Gate Cards, the details of a card he hovers,
  the names of his cards in any text), and nothing hidden at all once the turn has
  passed to the other person (the roll, the banners, a battle his throw started);
- and the whole frame (every label, marker, chip and animation) is the same in a twin
  world where the cards in the other person's hand are others (`tests/ui/twins.py`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.persist.settings import UserSettings
from game.rules.classic import MatchState
from game.rules.classic import events as ev
from game.ui import text_fit
from game.ui.app import App
from game.ui.classic import match_draw, pieces, table_layer
from game.ui.classic.match import MatchScene
from game.ui.curtain import draw_curtain
from game.ui.menu import TitleScene

from ..driver import ScreenPlayer
from ..twins import assert_same_in_the_twin


class _Seen:
    """What one frame drew of hidden things."""

    def __init__(self) -> None:
        self.thumbs: list[str] = []  # hand cards drawn
        self.details: list[str] = []  # hovered pieces shown in full
        self.face_down_colours = 0  # face-down Gate Cards drawn with their colour

    def clear(self) -> None:
        self.thumbs.clear()
        self.details.clear()
        self.face_down_colours = 0


@pytest.fixture
def seen(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[_Seen]:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))  # the hints start unseen
    record = _Seen()
    thumb, detail, card = pieces.piece_thumb, pieces.draw_piece_detail, table_layer.card_image

    def thumb_(catalog: Any, kind: str, ident: str, *args: Any, **kw: Any) -> Any:
        record.thumbs.append(ident)
        return thumb(catalog, kind, ident, *args, **kw)

    def detail_(surface: Any, rect: Any, catalog: Any, kind: str, ident: str, lang: str) -> None:
        record.details.append(ident)
        detail(surface, rect, catalog, kind, ident, lang)

    def card_(colour: str, rect: Any, face_up: bool, *rest: Any) -> Any:
        if colour != "back" and not face_up:
            record.face_down_colours += 1
        return card(colour, rect, face_up, *rest)

    monkeypatch.setattr(pieces, "piece_thumb", thumb_)
    monkeypatch.setattr(pieces, "draw_piece_detail", detail_)
    monkeypatch.setattr(table_layer, "card_image", card_)
    yield record


class _OntoTheOther(ScreenPlayer):
    """Throws at a card where the other person's Bakugan stands, when there is one."""

    def _target(self, scene: MatchScene, p: int, cards: list[object]) -> object:
        onto = [
            slot
            for slot, fg in scene.session.state.field.items()
            if any(q != p for q, _ in fg.standing) and slot in cards
        ]
        return onto[0] if onto else super()._target(scene, p, cards)


def _secrets(scene: MatchScene, person: int | None) -> tuple[set[str], set[str]]:
    """(ids the screen may show, names it must not show) for `person` at the screen."""
    state = scene.session.state
    mine: set[str] = set()
    if person is not None:  # his, as the screen shows it (before the step) or after it
        for s in (state, scene.view):
            ps = s.players[person]
            mine |= {*ps.gates, *ps.abilities, *ps.traps, *ps.gear, *ps.used_abilities}
            mine |= {fg.gate for fg in s.field.values() if fg.owner == person}
    hidden: set[str] = set()
    # A card played is public (a copy in another hand keeps its name public too).
    played = {c for s in (state, scene.view) for ps in s.players for c in ps.used_abilities}
    played |= {
        x for s in (state, scene.view) for ps in s.players for x in (*ps.used_traps, *ps.used_gear)
    }
    if state.battle is not None:
        played |= {x.piece for x in state.battle.supports} | {p.card for p in state.battle.plays}
    for q, ps in enumerate(state.players):
        if q == person:
            continue
        for ident in (*ps.abilities, *ps.traps, *ps.gear):
            if ident not in mine and ident not in played:
                cat = scene.catalog
                piece = cat.abilities.get(ident) or cat.traps.get(ident) or cat.gear.get(ident)
                if piece is not None:
                    hidden.add(piece.name.get(scene.lang))
    return mine, hidden


def _other(ids: list[str], ident: str) -> str:
    return ids[(ids.index(ident) + 1) % len(ids)] if ident in ids else ids[0]


def _twin(scene: MatchScene, state: MatchState, person: int | None) -> MatchState:
    """`state` with the cards in the hands of everyone but `person` changed."""
    twin = state.clone()
    cat = scene.catalog
    for q, ps in enumerate(twin.players):
        if q == person:
            continue
        for hand, ids in (
            (ps.gates, sorted(cat.gates)),
            (ps.abilities, sorted(cat.abilities)),
            (ps.traps, sorted(cat.traps)),
            (ps.gear, sorted(cat.gear)),
        ):
            hand[:] = [_other(ids, c) for c in hand]
    return twin


@contextmanager
def _twin_world(scene: MatchScene, person: int | None) -> Iterator[None]:
    real, shown = scene.session.state, scene.view
    scene.session.state, scene.view = _twin(scene, real, person), _twin(scene, shown, person)
    try:
        yield
    finally:
        scene.session.state, scene.view = real, shown


def test_every_frame_of_a_hot_seat_match_hides_what_it_must(seen: _Seen) -> None:
    app = App("en", fast=True, settings=UserSettings(language="en", tutorial=True))
    app.time_scale = 4.0
    player = _OntoTheOther(1, seed=11)
    state: dict[str, Any] = {"lifted": None, "frames": 0, "curtains": 0, "hints": 0}
    reference: dict[int, pygame.Surface] = {}
    twin = pygame.Surface(app.screen.get_size())

    def curtain_image(p: int, scene: MatchScene) -> pygame.Surface:
        if p not in reference:
            img = pygame.Surface(app.screen.get_size())
            draw_curtain(img, p, scene.tr, scene.colour(p))
            reference[p] = img
        return reference[p]

    ledger_cm = text_fit.recording()
    ledger = ledger_cm.__enter__()

    def each(a: App) -> None:
        scene = a.top
        if isinstance(scene, MatchScene) and a.frames:
            check(scene)
        seen.clear()
        ledger.drawn.clear()
        if isinstance(scene, MatchScene) and scene.curtain_for is not None:
            state["lifted"] = scene.curtain_for  # the click the player posts lifts it
        player(a)

    def check(scene: MatchScene) -> None:
        state["frames"] += 1
        if scene.curtain_for is not None:
            state["curtains"] += 1
            want = curtain_image(scene.curtain_for, scene)
            assert pygame.image.tobytes(app.screen, "RGB") == pygame.image.tobytes(want, "RGB"), (
                "something was drawn over the curtain"
            )
            return
        state["hints"] += scene.coach is not None
        lifted = state["lifted"]
        to_act = scene.session.actor()
        coming = to_act is not None and scene.humans[to_act] and to_act != lifted
        person = None if coming else lifted
        mine, hidden = _secrets(scene, person)
        where = (state["frames"], lifted, to_act)
        assert set(seen.thumbs) <= mine, (where, seen.thumbs)
        assert set(seen.details) <= mine | _public(scene), (where, seen.details)
        if person is None:
            assert not seen.thumbs and seen.face_down_colours == 0, where
        else:
            own = sum(fg.owner == person for fg in scene.view.field.values())  # as drawn
            assert seen.face_down_colours <= own, where
        texts = " | ".join(d.text for d in ledger.drawn)
        leaked = [name for name in hidden if name in texts]
        assert not leaked, (where, leaked, texts)
        assert_same_in_the_twin(
            lambda s: match_draw.draw(scene, s), lambda: _twin_world(scene, person), twin, where
        )

    app.run(TitleScene(app), max_frames=40_000, each_frame=each)
    ledger_cm.__exit__(None, None, None)
    assert player.results_seen == 1
    match = player.match
    assert match is not None
    onto = [
        e
        for e in match.session.timeline
        if isinstance(e, ev.BattleStarted) and e.attacker[0] != e.defender[0]
    ]
    assert onto, "no battle started by a throw onto the other person's Bakugan"
    assert state["curtains"] > 10 and state["frames"] > 500 and state["hints"] >= 3


def _public(scene: MatchScene) -> set[str]:
    """Pieces anyone may see in full: the battle's Gate Card, once it has opened."""
    shot = scene.battle_shot_now()
    return {shot.gate} if shot is not None and shot.gate_open else set()
