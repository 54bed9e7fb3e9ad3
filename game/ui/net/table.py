"""The window of a network match, the same at the host and at a joined computer: what
this screen's seats are sent (`game.net.relay`), in words (the game's `net_view` and
`net_label`), each question answered by a button or a throw, and the lines for a person
(who joined, who left, the end).

The screen knows only what its seats were sent. At the host it may hold several seats
(people sharing the host's screen): each question then waits behind a curtain that
names its seat, so that no seat sees another's hand; a joined computer holds one, or
none: a spectator (`WATCHER`) is shown the public view and has no choices.
Before the match the host's screen shows where to join (its addresses, the port and
the room code) and who sits where.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.games import REGISTRY

from .. import widgets as w
from ..scene import Scene
from ..scenes import game_scenes
from .path import PathShow, paths
from .table_lobby import WATCHER, draw_lobby
from .throw import NetThrow, TableDrawing, throw_message

if TYPE_CHECKING:
    from game.net.relay import NetThread, Relay

    from ..app import App

PAGE = 8
"""Action buttons a page."""
VIEW_AREA = pygame.Rect(32, 96, 600, 540)
ACTIONS_AREA = pygame.Rect(664, 96, 584, 540)
THROW_AREA = pygame.Rect(24, 88, 820, 440)
"""The table a seat throws on, above room for a long pull toward the screen's bottom
(a pull that reaches the window's edge goes on only as relative motion)."""
SIDE_AREA = pygame.Rect(868, 96, 388, 540)
GO_ON = pygame.Rect(SIDE_AREA.centerx - 160, SIDE_AREA.bottom - 68, 320, 56)
"""The button that ends a throw's playback, under the seat's lines beside it."""
SHOW_SIDE = pygame.Rect(SIDE_AREA.x, SIDE_AREA.y, SIDE_AREA.w, GO_ON.top - 12 - SIDE_AREA.y)
"""The seat's lines beside a throw's playback: above the button."""
LOG_LINES = 2


@dataclass
class Seat:
    """What one of this screen's seats was sent last."""

    view: Any = None
    lines: list[str] = field(default_factory=list)  # the view in words, made once a view
    turn: dict[str, Any] | None = None
    throw: NetThrow | None = None


@dataclass
class Words:
    """The game's words for a view and an action (its screens' `net_view`, `net_label`)."""

    view: Callable[[Any, int, str], list[str]]
    label: Callable[[str, str], str]


def _words(game: str | None) -> Words:
    scenes = game_scenes(game) if game is not None and game in REGISTRY else None
    view = scenes.net_view if scenes is not None else None
    label = scenes.net_label if scenes is not None else None
    return Words(
        view if view is not None else (lambda v, s, lang: []),
        label if label is not None else (lambda text, lang: text),
    )


class NetTableScene(Scene):
    """`relay` carries the match's messages, `thread` runs the match's connections (the
    host or the client); `here` are the host's screen's seats (None: a joined computer,
    whose seat its welcome names, and whose game the host names: `game` None)."""

    def __init__(
        self,
        app: App,
        game: str | None,
        relay: Relay,
        thread: NetThread,
        here: Sequence[int] | None,
    ) -> None:
        super().__init__(app)
        self.game = game
        self.relay = relay
        self.thread = thread
        self.joined = here is None
        self.seats: dict[int, Seat] = {p: Seat() for p in here or ()}
        self.shown: int | None = None  # the seat whose view is on the screen
        self.curtain: int | None = None  # the seat the screen waits to be handed to
        self.lobby: dict[str, Any] | None = None
        self.started = False
        self.gone = False  # the connections ended before the match did
        self.over: dict[str, Any] | None = None
        self.log: list[str] = []
        self.page = 0
        self.t = 0.0
        self.words = _words(game)
        self.shows: list[PathShow] = []  # the throws resolved, played back in turn
        self.pointer: tuple[int, int] | None = None  # where the mouse last moved to
        self.thrown = 0  # the last throw's number (each of the screen's seats is sent it)
        self.shared: dict[str, Any] | None = None  # the whole replay, if the host shares it
        self.buttons: list[w.Button] = []
        self._dirty = True

    @property
    def lang(self) -> str:
        return str(self.app.lang)

    # --- the messages -----------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.t += dt
        for kind, item in self.relay.take():
            if kind == "line":
                self.log = [*self.log, str(item)][-LOG_LINES:]
            else:
                self._message(item)
        if self.shows:
            self.shows[0].update(dt)
            if self.shows[0].done:
                self.shows.pop(0)
                self._dirty = True
        seat = self._asked()
        hand = self.seats[seat].throw if seat is not None else None
        if hand is not None:
            hand.update(dt)
        if self.thread.done and self.over is None and not self.gone:
            self.gone = True
            if self.thread.error is not None:
                why = str(self.thread.error)[:80]
                self.log = [*self.log, self.tr("net.ui.failed", reason=why)][-LOG_LINES:]
            self._dirty = True
        if self._dirty:
            self._build()

    def _message(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        seat = message.get("seat")
        if kind in ("host", "welcome") and self.game is None:
            named = message.get("game")
            if isinstance(named, str) and named in REGISTRY:
                self.game = named
                self.words = _words(named)
        if kind == "thrown":
            self._show(message)
            return
        if kind == "replay":
            self.shared = message if self.joined else None  # the host has its own file
            self._dirty = True
            return
        if kind == "lobby":
            self.lobby = message
        elif kind == "welcome" and (isinstance(seat, int) or (seat is None and self.joined)):
            seat = WATCHER if seat is None else seat
            self.seats.setdefault(seat, Seat())
            self.lobby = message
        elif kind in ("turn", "wait", "over") and self.joined and len(self.seats) == 1:
            seat = next(iter(self.seats))
        if not isinstance(seat, int) or seat not in self.seats:
            return
        mine = self.seats[seat]
        if "view" in message:
            mine.view = message["view"]
            mine.lines = self.words.view(mine.view, seat, self.lang)
        if kind == "turn":
            self.started = True
            mine.turn = message
            mine.throw = self._throw_table(message)
            self.page = 0
        elif kind == "wait":
            self.started = True
            if isinstance(message.get("away"), int):
                self.log = [*self.log, self.tr("net.left", seat=message["away"] + 1)][-LOG_LINES:]
        elif kind == "over":
            self.over = message
            for each in self.seats.values():
                each.turn, each.throw = None, None
        elif kind == "error":
            reason = str(message.get("reason", ""))[:40]
            self.log = [*self.log, self.tr("net.ui.refused", reason=reason)][-LOG_LINES:]
        self._dirty = True

    def _throw_table(self, turn: dict[str, Any]) -> NetThrow | None:
        if turn.get("kind") != "throw":
            return None
        kit = REGISTRY[self.game].net if self.game is not None else None
        context = turn.get("context")
        if kit is None or not isinstance(context, dict):
            return None
        try:
            table = kit.throw_table(context)
        except (KeyError, TypeError, ValueError):
            return None
        if table is None:
            return None
        guide = str(self.app.settings.aim_guide)
        keys = dict(self.app.settings.keys)
        throw = NetThrow(table, THROW_AREA, keys, partial(kit.track, context), guide)
        throw.pointer = self.pointer  # a mouse resting over a target names it at once
        return throw

    def _drawings(self) -> list[TableDrawing]:
        """The tables this screen may draw: the throws to play back, each seat's own."""
        throws = [s.throw for s in self.seats.values() if s.throw is not None]
        return [*self.shows, *throws]

    def _show(self, message: dict[str, Any]) -> None:
        """A resolved throw to play back, once (each of this screen's seats is sent it):
        on the table it was thrown on, turned to this screen's seat (a spectator's, or
        a screen of several seats', to the thrower's band)."""
        n = message.get("n")
        kit = REGISTRY[self.game].net if self.game is not None else None
        if type(n) is not int or n <= self.thrown or kit is None:
            return
        self.thrown = n
        try:
            rolls = paths(message)
            table, zones = message["table"], message["zones"]
            viewer = self._viewer(rolls[0].seat)
            context = {**table, "zone": zones[viewer]}
            drawn = kit.throw_table(context)
            if drawn is None:
                return
            mine = [p for p in self.seats if p != WATCHER]
            show = PathShow(drawn, THROW_AREA, drawn.zone, rolls, mine)
            show.pointer = self.pointer
        except (KeyError, TypeError, ValueError, IndexError):
            return  # a message this screen cannot draw: the match goes on without it
        self.shows.append(show)
        self._dirty = True

    def _viewer(self, thrower: int) -> int:
        """The seat whose band a throw's table is turned to."""
        seats = [p for p in self.seats if p != WATCHER]
        if len(seats) == 1:
            return seats[0]
        if thrower in seats or not seats:
            return thrower
        return self.shown if self.shown in seats else seats[0]

    def _go_on(self) -> None:
        """A press during a throw's playback: to its rest, then on."""
        if self.shows:
            self.shows[0].skip()
            if self.shows[0].done:
                self.shows.pop(0)
            self._dirty = True

    def _asked(self) -> int | None:
        """The seat on the screen when it has a question (the curtain lifted, no throw
        being played back)."""
        if self.shows:
            return None
        asked = sorted(p for p, s in self.seats.items() if s.turn is not None)
        if not asked:
            return None
        seat = self.shown if self.shown in asked else asked[0]
        if len(self.seats) > 1 and seat != self.shown:
            if self.curtain != seat:
                self.curtain = seat
                self._dirty = True
            return None
        return seat

    # --- the answers ------------------------------------------------------------------

    def _act(self, seat: int, text: str) -> None:
        turn = self.seats[seat].turn
        if turn is None:
            return
        self.relay.answer({"type": "act", "seat": seat, "ask": turn.get("ask"), "action": text})
        self.seats[seat].turn = None
        self._dirty = True

    def _thrown(self, seat: int, throw: Any) -> None:
        turn = self.seats[seat].turn
        if turn is None:
            return
        self.relay.answer(throw_message(seat, int(turn.get("ask", 0)), throw))
        self.seats[seat].turn, self.seats[seat].throw = None, None
        self._dirty = True

    def _roll(self, seat: int) -> None:
        turn = self.seats[seat].turn
        if turn is not None:
            self.relay.answer({"type": "throw", "seat": seat, "ask": turn.get("ask"), "throw": {}})
            self.seats[seat].turn = None
            self._dirty = True

    def _lift(self) -> None:
        self.shown, self.curtain = self.curtain, None
        self._dirty = True

    def _keep(self) -> None:
        """The replay the host shared, checked whole, as a new file among this
        computer's replays (the list and `replay --verify` read it)."""
        from game.net.shared_replay import keep, players_replays
        from game.persist.replay_file import ReplayError

        message, self.shared = self.shared, None
        if message is None:
            return
        try:
            line = self.tr("net.replay_kept", path=keep(message, players_replays()))
        except (ReplayError, OSError) as e:
            line = self.tr("net.replay_refused", reason=getattr(e, "reason", type(e).__name__))
        self.log = [*self.log, line][-LOG_LINES:]
        self._dirty = True

    def _leave(self) -> None:
        self.thread.stop(0.5)
        self.app.go_home()

    def exit(self) -> None:
        self.thread.stop(0.5)

    # --- the buttons ------------------------------------------------------------------

    def _build(self) -> None:
        self._dirty = False
        leave = pygame.Rect(1064, 660, 192, 44)
        done = self.over is not None or self.gone
        label = self.tr("pause.menu") if done else self.tr("net.ui.leave")
        self.buttons = [w.Button(leave, label, self._leave, key=pygame.K_ESCAPE)]
        if self.shows:
            button = w.Button(
                GO_ON.copy(), self.tr("net.ui.go_on"), self._go_on, key=pygame.K_SPACE
            )
            button.data["net"] = "go_on"
            self.buttons.append(button)
            return
        if done:
            if self.shared is not None:
                keep = pygame.Rect(828, 660, 220, 44)
                self.buttons.append(w.Button(keep, self.tr("net.ui.save_replay"), self._keep))
            return
        if self.curtain is not None:
            ready = pygame.Rect(0, 0, 420, 64)
            ready.center = (640, 400)
            text = self.tr("net.ui.ready", seat=self.curtain + 1)
            self.buttons.append(
                w.Button(ready, text, self._lift, key=pygame.K_RETURN, colour=w.GO_COLOUR)
            )
            return
        seat = self._asked()
        if seat is None:
            return
        turn = self.seats[seat].turn or {}
        if turn.get("kind") == "throw":
            if self.seats[seat].throw is None:  # a die: no aim, only a press
                roll = pygame.Rect(0, 0, 320, 64)
                roll.center = ACTIONS_AREA.center
                self.buttons.append(
                    w.Button(
                        roll, self.tr("net.ui.roll"), lambda: self._roll(seat), key=pygame.K_RETURN
                    )
                )
            return
        legal = [str(t) for t in turn.get("legal") or []]
        pages = max(1, -(-len(legal) // PAGE))
        self.page = min(self.page, pages - 1)
        shown = legal[self.page * PAGE : (self.page + 1) * PAGE]
        for i, text in enumerate(shown):
            rect = pygame.Rect(ACTIONS_AREA.x, ACTIONS_AREA.y + 44 + i * 56, ACTIONS_AREA.w, 48)
            label = self.words.label(text, self.lang)
            button = w.Button(rect, label, partial(self._act, seat, text))
            button.data["net"] = "act"
            self.buttons.append(button)
        if pages > 1:
            y = ACTIONS_AREA.bottom - 44
            prev = pygame.Rect(ACTIONS_AREA.x, y, 180, 44)
            nxt = pygame.Rect(ACTIONS_AREA.right - 180, y, 180, 44)
            self.buttons.append(
                w.Button(prev, self.tr("net.ui.prev"), lambda: self._turn_page(-1, pages))
            )
            self.buttons.append(
                w.Button(nxt, self.tr("net.ui.next"), lambda: self._turn_page(1, pages))
            )

    def _turn_page(self, step: int, pages: int) -> None:
        self.page = (self.page + step) % pages
        self._dirty = True

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:  # every table drawn names what it is under
            self.pointer = event.pos
            for drawing in self._drawings():
                drawing.point(event)
        if w.handle_buttons(self.buttons, event):
            return
        seat = self._asked()
        if seat is not None and self.seats[seat].throw is not None:
            thrown = self.seats[seat].throw.handle(event)  # type: ignore[union-attr]
            if thrown is not None:
                self._thrown(seat, thrown)

    # --- drawing ----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(w.BG)  # still: nothing moves behind what a seat must read
        name = REGISTRY[self.game].name(self.lang) if self.game is not None else ""
        w.fit_text(
            surface, name or self.tr("net.ui.title"), pygame.Rect(32, 16, 760, 44), 34, w.ACCENT
        )
        w.fit_text(surface, self._status(), pygame.Rect(32, 56, 1216, 32), 24, w.INK)
        if self.shows:
            self._draw_show(surface)
        elif self.over is None and self.curtain is None and not self.started:
            self._draw_lobby(surface)
        elif self.curtain is None:
            self._draw_seat(surface)
        for i, line in enumerate(self.log):
            w.fit_text(surface, line, pygame.Rect(32, 656 + i * 26, 1010, 26), 20, w.MUTED)
        for button in self.buttons:
            button.draw(surface, 24)

    def _status(self) -> str:
        if self.shows:
            said = self.shows[0].words(self.tr)
            if said:
                return said
            seats = sorted({r.seat + 1 for r in self.shows[0].rolls})
            return self.tr("net.ui.rolling", seats=", ".join(str(s) for s in seats))
        if self.over is not None:
            winner = self.over.get("winner")
            if not isinstance(winner, int):
                return self.tr("net.ui.drawn")
            if winner in self.seats:
                return self.tr("net.ui.you_won", seat=winner + 1)
            return self.tr("net.ui.won", seat=winner + 1)
        if self.gone:
            return self.tr("net.ui.ended")
        if self.curtain is not None:
            return self.tr("net.ui.pass_to", seat=self.curtain + 1)
        seat = self._asked()
        if seat is not None:
            kind = (self.seats[seat].turn or {}).get("kind")
            if kind == "throw":  # a sphere to pull, or a die (no aim: a press rolls it)
                key = "net.ui.throw" if self.seats[seat].throw is not None else "net.ui.roll_due"
                return self.tr(key, seat=seat + 1)
            return self.tr("net.ui.choose", seat=seat + 1)
        if not self.started:
            return self.tr("net.ui.waiting_start")
        return self.tr("net.ui.watching" if WATCHER in self.seats else "net.ui.waiting")

    def _draw_lobby(self, surface: pygame.Surface) -> None:
        seat = next(iter(self.seats), None) if self.joined else None
        draw_lobby(surface, self.lobby or {}, self.joined, seat, self.tr)

    def _draw_show(self, surface: pygame.Surface) -> None:
        """The throw played back, beside the lines of the view the screen had (the
        view after it comes with the next question; a seat's lines behind a curtain
        are not shown)."""
        self.shows[0].draw(surface)
        seat = self.shown if self.shown in self.seats else next(iter(self.seats), None)
        if seat is not None and (len(self.seats) == 1 or self.shown == seat):
            view_panel(surface, self.seats[seat].lines, SHOW_SIDE, 12)

    def _draw_seat(self, surface: pygame.Surface) -> None:
        seat = self._asked()
        if seat is None:
            seat = self.shown if self.shown in self.seats else next(iter(self.seats), None)
        if seat is None:
            return
        mine = self.seats[seat]
        if mine.throw is not None and mine.turn is not None:
            mine.throw.draw(surface)
            area = SIDE_AREA
        else:
            area = VIEW_AREA
        view_panel(surface, mine.lines, area, 14)
        if mine.turn is not None and mine.turn.get("kind") == "act":
            head = pygame.Rect(ACTIONS_AREA.x, ACTIONS_AREA.y, ACTIONS_AREA.w, 36)
            w.fit_text(surface, self.tr("net.ui.your_choices"), head, 24, w.ACCENT)


def view_panel(surface: pygame.Surface, lines: list[str], area: pygame.Rect, n: int) -> None:
    """The first `n` of a view's lines in a panel at `area`, all at one size: wrapped at
    words (a line's further rows indented), and smaller together only as the area needs
    (the throw's side panel is narrower than the column the words were broken for, and
    a line shrunk alone beside its neighbour at full size reads as a different thing)."""
    w.panel(surface, area, 200)
    w.hanging(surface, lines[:n], area.inflate(-32, -24), 22, w.INK, indent=18, spacing=9)
