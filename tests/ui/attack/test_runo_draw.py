"""Runo's random draw on the table: the card drawn flies face down, and its face is
drawn only for its own player (the person at the screen: against computers, the
person; in hot-seat, whoever lifted the curtain last) until the round's cards are all
down and turn up for everybody. Every frame of whole games is checked: the faces drawn
at table size are counted against the cards each viewer may see, and the whole frame
(every label, marker and card in flight) is the same in a twin world where what the
viewer cannot see is changed: the others' hands, their blind choices, the faces of the
drawn cards lying hidden (`tests/ui/twins.py`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame
import pytest

import game.ui.attack.table_draw as table_draw
from game.rules.attack import AttackState
from game.rules.attack import events as ev
from game.ui.app import App
from game.ui.attack.art import CARD
from game.ui.attack.setup import AttackSetupScene
from game.ui.attack.table import AttackTableScene
from game.ui.attack.view import ShownCard

from ..twins import assert_same_in_the_twin
from .driver import AttackPlayer


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))
    yield tmp_path
    pygame.quit()


def _other(ids: list[str], ident: str) -> str:
    return ids[(ids.index(ident) + 1) % len(ids)] if ident in ids else ids[0]


def _twin(state: AttackState, viewer: int | None) -> AttackState:
    """The same game with the others' hands and blind choices changed (None: all)."""
    twin = state.clone()
    ids = [c.id for c in state.deck.cards]
    for q in range(twin.n):
        if q == viewer:
            continue
        twin.hands[q] = [_other(ids, c) for c in twin.hands[q]]
        if twin.pending[q] is not None:  # chosen face down: hidden until all have chosen
            twin.pending[q] = _other(ids, twin.pending[q] or "")
    return twin


@contextmanager
def _twin_world(table: AttackTableScene, viewer: int | None) -> Iterator[None]:
    ids = [c.id for c in table.match.state.deck.cards]
    real, hidden = table.match.state, [c for c in table.view.cards if not c.face_for(viewer)]
    faces = [c.card for c in hidden]
    table.match.state = _twin(real, viewer)
    for c in hidden:
        c.card = _other(ids, c.card) if c.card else c.card
    try:
        yield
    finally:
        table.match.state = real
        for c, face in zip(hidden, faces, strict=True):
            c.card = face


class Watch:
    """Counts, frame by frame, the card faces drawn at table size, and checks them."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.faces: Counter[str] = Counter()
        self.how: dict[int, str] = {}  # id(ShownCard) -> how the core played it
        self.seen: list[ShownCard] = []  # kept, so that no id is used twice
        self.matched = 0  # core plays matched to the cards that appeared on screen
        self.hidden_frames = 0  # a drawn card down, another viewer's, the round open
        self.own_frames = 0  # the viewer's own drawn card down, its face drawn
        self.flying_frames = 0  # a drawn card in the air
        real = table_draw.card_face

        def spy(deck, card, lang, size, dim=False):  # type: ignore[no-untyped-def]
            if size == CARD:
                self.faces[card] += 1
            return real(deck, card, lang, size, dim)

        monkeypatch.setattr(table_draw, "card_face", spy)

    def _plays(self, table: AttackTableScene) -> list[tuple[int, str, str]]:
        """The core's plays that put a new card on the table, in order."""
        out = []
        for e in table.match.events:
            if isinstance(e, ev.CardPlayed) and e.how != "blind":
                out.append((e.player, e.card, e.how))
            elif isinstance(e, ev.CardChosen):
                out.append((e.player, "", "chosen"))
        return out

    def check(self, table: AttackTableScene) -> None:
        faces, self.faces = self.faces, Counter()
        plays = self._plays(table)
        cards = [c for c in table.view.cards if c.state != "gone"]
        for c in table.view.cards:
            if id(c) not in self.how:
                player, card, how = plays[self.matched]
                assert (c.player, c.card) == (player, card), "a card the core did not play"
                self.how[id(c)] = how
                self.seen.append(c)
                self.matched += 1
        if table.curtain.down:
            assert not faces, "a face drawn over the curtain"
            return
        viewer = table.viewer()
        surface = pygame.Surface(table.app.screen.get_size())
        assert_same_in_the_twin(
            lambda s: table_draw.draw_table(s, table),
            lambda: _twin_world(table, viewer),
            surface,
            (viewer, table.match.state.phase.value),
        )
        self.faces.clear()
        drawn = [c for c in cards if self.how[id(c)] == "random"]
        laid = sum(c.state != "flying" for c in table.view.cards)  # caught ones too
        if not drawn or laid == table.match.players:
            return  # no card drawn at random, or all down: the faces are everybody's
        allowed: Counter[str] = Counter(
            c.card for c in cards if self.how[id(c)] != "random" and c.face_up and c.card
        )
        for c in drawn:
            if c.state == "flying":
                self.flying_frames += 1
            elif c.player == viewer:
                allowed[c.card] += 1
                self.own_frames += faces[c.card] >= allowed[c.card]
            else:
                self.hidden_frames += 1
        extra = faces - allowed
        assert not extra, f"faces shown to {viewer}: {dict(extra)}; drawn: {_told(drawn)}"


def _told(cards: list[ShownCard]) -> list[tuple[int, str, str]]:
    return [(c.player, c.card, c.state) for c in cards]


def _run(
    app: App, player: AttackPlayer, watch: Watch, first: object, own: bool, frames: int = 30_000
) -> None:
    """Play until a drawn card lay hidden for a while (and, with `own`, the viewer saw
    his own) and a deal was scored."""

    def each(a: App) -> None:
        a.time_scale = 16.0
        table = player.table
        if table is not None and a.top is table:
            watch.check(table)
        player(a)
        if (watch.own_frames or not own) and watch.hidden_frames > 20 and player.sheets >= 1:
            a.running = False

    app.run(first, max_frames=frames, each_frame=each)  # type: ignore[arg-type]


def test_against_computers_only_the_persons_own_drawn_card_shows_its_face(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    watch = Watch(monkeypatch)
    app = App("en", fast=True)
    player = AttackPlayer(["human", "easy", "normal", "normal"], seed=9)
    player.lead_with = ("runo",)
    _run(app, player, watch, AttackSetupScene(app, seed=9), own=True)
    assert watch.hidden_frames > 20, "no computer's drawn card lay face down before the person"
    assert watch.own_frames, "the person never saw his own drawn card"
    assert watch.flying_frames


def test_in_hot_seat_a_drawn_card_shows_only_to_its_owner_at_the_screen(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    watch = Watch(monkeypatch)
    app = App("en", fast=True)
    player = AttackPlayer(["human", "human", "human"], seed=2, keyboard=True)
    player.lead_with = ("runo",)  # the person at the screen leads: the others' are drawn
    _run(app, player, watch, AttackSetupScene(app, hotseat=True, seed=2), own=False)
    assert watch.hidden_frames > 20 and watch.flying_frames
