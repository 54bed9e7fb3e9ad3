"""The Battle Planet curtain in hot-seat: it hides, and it comes down only when it must.

A whole seeded match between two people at one screen (posted clicks and pulls only,
`hotseat_driver`), every frame checked:

- while the curtain is down, the screen is exactly the curtain;
- otherwise the frame's panels are drawn as a fresh board would draw them (the kept
  board holds no stale part of the last person's), and the frame names none of the
  other person's hidden things: his hand and Energy faces, his face-down Characters,
  the backs of his BakuCores (on the table, in his order, on the buttons), a line of
  the log about his hidden pick; nothing of either person's while a person is coming
  to the screen or placing a core in the open; only the aim of the person at the
  screen is drawn;
- a curtain comes down only for a person with a real choice, and the choices taken
  without it (the coming person's only legal action) are said in a line.

Then the count: the cores cost one curtain per person, and the whole match far fewer
than one per change of priority (docs/planet-screen.md has the figures).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game import physics
from game.content.planet import shipped_catalog
from game.match.planet.play import PlanetMatch, preset_setup
from game.rules.planet import Energize, Pass, Phase, PlayCard
from game.rules.planet import events as ev
from game.ui import text_fit
from game.ui.app import App
from game.ui.curtain import draw_curtain
from game.ui.planet.board import PLAYER_COLOURS
from game.ui.planet.buttons import core_words
from game.ui.planet.layout import BATCH, BATTLE, CHOICES, HAND, PROMPT, SIDE_BOTTOM, SIDE_TOP
from game.ui.planet.match import PlanetMatchScene
from game.ui.planet.screen import Regions

from .hotseat_driver import per_turn, play_hot_seat

CATALOG = shipped_catalog()
PANELS = (SIDE_TOP, BATTLE, SIDE_BOTTOM, PROMPT, BATCH, HAND, CHOICES)


@pytest.fixture()
def app() -> Iterator[App]:
    a = App("en", fast=True)
    yield a
    pygame.quit()


def _strings(value: Any, out: set[str]) -> None:
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, tuple | list):
        for v in value:
            _strings(v, out)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            _strings(getattr(value, f.name), out)


def _public(scene: PlanetMatchScene) -> set[str]:
    """Ids anyone may see: all the table shows to nobody in particular, and every
    event as nobody's (a played card, a card milled, an opened Bakugan)."""
    out: set[str] = set()
    _strings(scene.match.observation(-1), out)
    for entry in scene.match.session.timeline:
        if dataclasses.is_dataclass(entry) and type(entry).__module__ == ev.__name__:
            _strings(ev.redact(entry, -1), out)  # type: ignore[arg-type]
    return out


def _secrets(scene: PlanetMatchScene, person: int | None) -> set[str]:
    """The words a frame must not show with `person` at the screen (None: nobody's)."""
    state = scene.match.state
    public = _public(scene)
    mine: set[str] = set()
    if person is not None:
        _strings(scene.match.observation(person).side(person), mine)
        side = state.sides[person]
        mine |= {*side.supply, *side.hand, *side.energy}
    known = public | mine
    hidden_ids: set[str] = set()
    hidden_cores: set[str] = set()
    for q, side in enumerate(state.sides):
        if q == person:
            continue
        hidden_ids |= {c for c in (*side.hand, *side.energy) if c not in known}
        hidden_ids |= {
            b.character for b in side.bakugan if not b.face_up and b.character not in known
        }
        placed = {c.core for c in state.matrix.values() if c.owner == q and not c.revealed}
        hidden_cores |= {c for c in (*side.supply, *placed) if c not in known}
    words = {scene.name(i) for i in hidden_ids}
    known_labels = {core_words(scene, c) for c in known if c in CATALOG.cores}
    words |= {core_words(scene, c) for c in hidden_cores} - known_labels
    return words


def _fresh_frame(scene: PlanetMatchScene, surface: pygame.Surface) -> None:
    """The frame as a board drawn from nothing would draw it."""
    kept = (scene._board, scene.regions, scene._stale, scene.spots)
    scene._board, scene.regions = None, Regions()
    try:
        scene.draw(surface)
    finally:
        scene._board, scene.regions, scene._stale, scene.spots = kept


class FrameCheck:
    def __init__(self, app: App) -> None:
        self.app = app
        self.frames = 0
        self.curtains: dict[int, pygame.Surface] = {}
        self.kept = pygame.Surface(app.screen.get_size())
        self.fresh = pygame.Surface(app.screen.get_size())
        self.notices: list[str] = []
        self.open_places = 0  # frames of a core placed in the open
        self._down: int | None = None

    def curtain(self, scene: PlanetMatchScene, p: int) -> pygame.Surface:
        if p not in self.curtains:
            img = pygame.Surface(self.app.screen.get_size())
            draw_curtain(img, p, scene.tr, PLAYER_COLOURS[p])
            self.curtains[p] = img
        return self.curtains[p]

    def __call__(self, scene: PlanetMatchScene) -> None:
        self.frames += 1
        down = scene.curtain.down_for
        if down is not None:
            want = pygame.image.tobytes(self.curtain(scene, down), "RGB")
            assert pygame.image.tobytes(self.app.screen, "RGB") == want, "drawn over the curtain"
            if self._down is None:  # it came down for a real choice only
                assert len(scene.match.legal_actions(down)) > 1 or (
                    down in scene.match.throws_awaited()
                ), (self.frames, scene.match.legal_actions(down))
            self._down = down
            return
        self._down = None
        if scene.notice_t > 0 and (not self.notices or self.notices[-1] != scene.notice):
            self.notices.append(scene.notice)
        lifted = scene.curtain.at_screen
        to_act = scene.person()
        coming = to_act is not None and scene.match.is_person(to_act) and to_act != lifted
        person = None if coming or scene.public is not None else lifted
        self.open_places += scene.public is not None
        where = (self.frames, scene.match.state.turn, scene.match.state.phase.value, lifted)
        assert scene.observation().viewer in (person, -1), where
        assert set(scene.aims) <= ({person} if person is not None else set()), where
        scene.draw(self.kept)
        with text_fit.recording() as ledger:
            _fresh_frame(scene, self.fresh)
        for rect in PANELS:  # (the table shows no secret: types and owners only)
            kept, fresh = self.kept.subsurface(rect), self.fresh.subsurface(rect)
            same = pygame.image.tobytes(kept, "RGB") == pygame.image.tobytes(fresh, "RGB")
            assert same, ("the kept board differs from a fresh one", rect, where)
        texts = " | ".join(d.text for d in ledger.drawn)
        leaked = [word for word in _secrets(scene, person) if word in texts]
        assert not leaked, (where, leaked, texts)


def test_every_frame_of_a_hot_seat_match_hides_what_it_must_and_few_curtains_come(
    app: App,
) -> None:
    check = FrameCheck(app)
    scene, people, results = play_hot_seat(app, 4, each_frame=check)
    assert scene.match.over and results.status()["winner"] == scene.match.state.winner
    turns = per_turn(people)
    assert turns[0] == 2, turns  # the BakuCores: one curtain per person
    assert check.open_places > 0  # ... the rest of each order placed in the open
    played = [t for t in turns if t > 0]
    assert sum(turns[t] for t in played) <= 8 * len(played), turns  # was 12 to 26 a turn
    passes = {app.tr("planet_ui.auto.pass", player=p) for p in (1, 2)}
    assert passes & set(check.notices), check.notices  # a Pass taken in the open, said
    assert people.played > 0 and people.throws >= 4 and check.frames > 500


def _to_window(match: PlanetMatch, playable: bool) -> int:
    """Play a seeded hot-seat match by the rules until someone must answer in a card
    window with (or without) a card he could play; that person."""
    for _ in range(600):
        state = match.state
        if state.phase in (Phase.MAIN, Phase.POWER, Phase.VICTORY, Phase.END):
            p = state.priority
            legal = match.legal_actions(p)
            can = any(isinstance(a, PlayCard) for a in legal)
            if can == playable and state.passes == 1:  # the other just passed to him
                return p
        if match.session.awaiting_roll() is not None:
            for q in (0, 1):
                zone = match.session.zone(q)
                x0, y0, x1, y1 = zone.box
                centre = match.session.layout.centre
                origin = ((x0 + x1) / 2, (y0 + y1) / 2)
                angle = math.atan2(centre[1] - origin[1], centre[0] - origin[0])
                match.throw(q, physics.Throw(origin, angle, 900.0, 0.0))
            continue
        people = match.people_to_act()
        assert people, "nobody to act"
        p = people[0]
        legal = match.legal_actions(p)
        # Pass, and Energy only when a card should be playable (else none)
        passing = [
            a for a in legal if isinstance(a, Pass) or (a == Energize(p, None) and not playable)
        ]
        match.act(passing[0] if passing else legal[-1])
    raise AssertionError("no such window")


@pytest.mark.parametrize(("playable", "seed"), [(True, 21), (False, 3)])
def test_a_coming_person_with_a_card_gets_the_curtain_one_without_passes_in_the_open(
    app: App, playable: bool, seed: int
) -> None:
    decks = sorted(CATALOG.presets)[:2]
    match = PlanetMatch(CATALOG, preset_setup(CATALOG, decks, (True, True), seed=seed))
    coming = _to_window(match, playable)
    scene = PlanetMatchScene(app, match)
    app.push(scene)
    scene.curtain.at_screen = 1 - coming  # the other one just passed to him
    before = (match.state.phase, match.state.passes)
    app.step()
    if playable:
        assert scene.curtain.down_for == coming
        assert (match.state.phase, match.state.passes) == before  # nothing taken for him
    else:
        assert scene.curtain.down_for is None and scene.curtain.at_screen == 1 - coming
        line = app.tr("planet_ui.auto.pass", player=coming + 1)
        assert scene.notice == line and line in scene.log
        assert (match.state.phase, match.state.passes) != before  # his Pass was taken
