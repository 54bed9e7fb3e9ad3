"""Play on the network, from the title: host a match of the chosen game (its seats, each
a person here, a person at a joined computer or a computer level) or join one (the
host's address and its room code). Both open the network table (`table`), whose
connections run on their own thread (`game.net.relay`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, ClassVar

import pygame

from game.games import REGISTRY
from game.net.client import Client, JoinOptions, split_address
from game.net.discovery import DISCOVERY_PORT, Finder, Found, addresses_to_give, default_announce
from game.net.handshake import new_code
from game.net.host import Host
from game.net.messages import DEFAULT_PORT
from game.net.options import HostOptions
from game.net.relay import NetThread, Relay
from game.net.seats import SEAT_WORDS
from game.net.shared_replay import players_replays

from .. import widgets as w
from ..backdrop import BackdropScene
from .table import NetTableScene

if TYPE_CHECKING:
    from ..app import App


WARN = (255, 120, 100)


def host_table(app: App, options: HostOptions, addresses: list[str]) -> NetTableScene:
    """The table of a match hosted here (`options`), its connections started; a joiner
    is told `addresses`."""
    relay = Relay()
    if not options.lang:
        options = replace(options, lang=app.lang)
    host = Host(options, relay.say, relay=relay)
    host.addresses = addresses
    thread = NetThread(host.run).start()
    here = [p for p, s in enumerate(options.seats) if s == "here"]
    return NetTableScene(app, options.game, relay, thread, here)


def join_table(app: App, options: JoinOptions) -> NetTableScene:
    """The table of the match joined at `options`' host, its connection started."""
    relay = Relay()
    if not options.lang:
        options = replace(options, lang=app.lang)
    thread = NetThread(Client(options, relay.say, relay=relay).run).start()
    return NetTableScene(app, None, relay, thread, None)


def where_to_join(options: HostOptions) -> list[str]:
    """The addresses a joiner may type: this computer's on the network (listening on
    every one), else the one it listens on."""
    return addresses_to_give(options.address)


class NetMenuScene(BackdropScene):
    """Host or join, for `game` (the game chosen on the title)."""

    def __init__(self, app: App, game: str) -> None:
        super().__init__(app)
        self.game = game
        items: list[tuple[str, Callable[[], None]]] = [
            (self.tr("net.ui.host"), lambda: app.push(HostSetupScene(app, game))),
            (self.tr("net.ui.join"), lambda: app.push(JoinScene(app))),
            (self.tr("ui.back"), app.pop),
        ]
        self.buttons = []
        for i, (label, fn) in enumerate(items):
            rect = pygame.Rect(0, 0, 420, 56)
            rect.center = (640, 330 + i * 72)
            self.buttons.append(w.Button(rect, label, fn))
        self.buttons[-1].key = pygame.K_ESCAPE

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        w.text(surface, self.tr("net.ui.title"), (640, 150), 52, w.ACCENT, "center", shadow=True)
        name = REGISTRY[self.game].name(self.app.lang)
        w.fit_text(surface, name, pygame.Rect(240, 200, 800, 44), 30, w.INK, "center")
        for button in self.buttons:
            button.draw(surface)


class HostSetupScene(BackdropScene):
    """The seats of the match to host (a column), and beside them whether computers on
    the network may join (else only this computer, for trying it out), whether every
    screen is given the replay at the end, and how many may watch: Start opens the
    table, which shows where to join."""

    WATCHERS = (8, 16, 64, 0)
    """The spectators at once the host may let in, in the order a press goes round."""

    def __init__(self, app: App, game: str, port: int = DEFAULT_PORT) -> None:
        super().__init__(app)
        self.game = game
        self.port = port  # (tests: 0, a free one)
        record = REGISTRY[game]
        count = min(record.player_counts)
        self.seats = ["here", "remote", *["easy"] * (count - 2)]
        self.words = [*SEAT_WORDS, *(record.net.levels if record.net else ())]
        self.open = True  # others on the network may join
        self.share = False  # the replay to every screen at the end (`--share-replay`)
        self.watchers = self.WATCHERS[0]  # spectators at once (`--max-watchers`)
        self._build()

    def _build(self) -> None:
        record = REGISTRY[self.game]
        self.buttons = []
        for p, word in enumerate(self.seats):
            rect = pygame.Rect(120, 196 + p * 60, 560, 50)
            label = self.tr("net.ui.seat_word", seat=p + 1, word=self._word(word))
            self.buttons.append(w.Button(rect, label, partial(self._cycle, p)))
        y = 196 + len(self.seats) * 60 + 6
        counts = record.player_counts
        if len(self.seats) < max(counts):
            more = pygame.Rect(120, y, 272, 44)
            self.buttons.append(w.Button(more, self.tr("net.ui.add_seat"), self._add))
        if len(self.seats) > min(counts):
            less = pygame.Rect(408, y, 272, 44)
            self.buttons.append(w.Button(less, self.tr("net.ui.remove_seat"), self._remove))
        where = "net.ui.open_lan" if self.open else "net.ui.open_local"
        share = "net.ui.share_on" if self.share else "net.ui.share_off"
        watchers = (
            self.tr("net.ui.watchers", count=self.watchers)
            if self.watchers
            else self.tr("net.ui.watchers_none")
        )
        switches: list[tuple[str, Callable[[], None]]] = [
            (self.tr(where), partial(self._flip, "open")),
            (self.tr(share), partial(self._flip, "share")),
            (watchers, self._watch),
        ]
        for i, (label, press) in enumerate(switches):
            self.buttons.append(w.Button(pygame.Rect(720, 196 + i * 60, 440, 50), label, press))
        self.buttons += w.go_and_back(
            (pygame.Rect(660, 640, 260, 56), self.tr("net.ui.start"), self._start),
            (pygame.Rect(360, 640, 260, 56), self.tr("ui.back"), self.app.pop),
        )

    def _word(self, word: str) -> str:
        return self.tr(f"net.ui.word_{word}") if word in SEAT_WORDS else self.tr(f"level.{word}")

    def _cycle(self, p: int) -> None:
        at = self.words.index(self.seats[p]) if self.seats[p] in self.words else -1
        self.seats[p] = self.words[(at + 1) % len(self.words)]
        self._build()

    def _add(self) -> None:
        self.seats.append("remote")
        self._build()

    def _remove(self) -> None:
        self.seats.pop()
        self._build()

    def _flip(self, switch: str) -> None:
        """One of the setup's yes-or-no choices (`open`, `share`) turned over."""
        setattr(self, switch, not getattr(self, switch))
        self._build()

    def _watch(self) -> None:
        at = self.WATCHERS.index(self.watchers) if self.watchers in self.WATCHERS else -1
        self.watchers = self.WATCHERS[(at + 1) % len(self.WATCHERS)]
        self._build()

    def _start(self) -> None:
        address = "0.0.0.0" if self.open else "127.0.0.1"
        options = HostOptions(
            game=self.game,
            seats=tuple(self.seats),
            address=address,
            port=self.port,
            code=new_code(),
            replay_dir=players_replays(),
            lang=self.app.lang,
            join_seconds=900.0,
            turn_seconds=3600.0,
            announce=default_announce(address),
            share_replay=self.share,
            max_watchers=self.watchers,
        )
        self.app.push(host_table(self.app, options, where_to_join(options)))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        w.text(surface, self.tr("net.ui.host"), (640, 90), 48, w.ACCENT, "center", shadow=True)
        name = REGISTRY[self.game].name(self.app.lang)
        w.fit_text(surface, name, pygame.Rect(240, 130, 800, 40), 28, w.INK, "center")
        for button in self.buttons:
            button.draw(surface, 24)


class JoinScene(BackdropScene):
    """The host's address (and port) and the room code, typed; Enter or Join joins, Watch
    joins as a spectator (no seat: what everyone at the table sees)."""

    FIELDS = ("address", "code", "name")
    LIMITS: ClassVar[dict[str, int]] = {"address": 60, "code": 12, "name": 24}

    def __init__(self, app: App, discovery_port: int = DISCOVERY_PORT) -> None:
        super().__init__(app)
        self.values = {"address": "", "code": "", "name": ""}
        self.focus = "address"
        self.error = ""
        self.finder: Finder | None = Finder(discovery_port)
        try:
            self.finder.start()  # only listens: the hosts on this network say themselves
        except OSError:
            self.finder = None  # (the port is taken, or no network): typing still works
        self.found: list[Found] = []
        self._build()

    def enter(self) -> None:
        pygame.key.start_text_input()

    def exit(self) -> None:
        pygame.key.stop_text_input()
        if self.finder is not None:
            self.finder.stop()
            self.finder = None

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.finder is not None and int(self.t * 4) != int((self.t - dt) * 4):
            found = sorted(self.finder.found(), key=lambda f: (f.address, f.port))[:4]
            if [(f.address, f.port, f.seats_free) for f in found] != [
                (f.address, f.port, f.seats_free) for f in self.found
            ]:
                self.found = found
                self._build()

    def _pick(self, found: Found) -> None:
        """A host found fills the address; its room code is the host's to tell."""
        self.values["address"] = f"{found.address}:{found.port}"
        self.focus = "code"

    def _rect(self, name: str) -> pygame.Rect:
        return pygame.Rect(380, 220 + self.FIELDS.index(name) * 96, 520, 52)

    def _build(self) -> None:
        self.buttons = w.go_and_back(
            (pygame.Rect(640, 600, 260, 56), self.tr("net.ui.join"), self._join),
            (pygame.Rect(380, 600, 240, 56), self.tr("ui.back"), self.app.pop),
        )
        watch = pygame.Rect(920, 600, 220, 56)
        self.buttons.append(w.Button(watch, self.tr("net.ui.watch"), partial(self._join, True)))
        for i, found in enumerate(self.found):
            rect = pygame.Rect(940, 220 + i * 60, 310, 50)
            name = REGISTRY[found.game].name(self.app.lang) if found.game in REGISTRY else ""
            label = self.tr("net.ui.found", name=found.name[:20], game=name)
            self.buttons.append(w.Button(rect, label, partial(self._pick, found)))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.TEXTINPUT:
            field = self.focus
            self.values[field] = (self.values[field] + event.text)[: self.LIMITS[field]]
            self.error = ""
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for name in self.FIELDS:
                if self._rect(name).collidepoint(event.pos):
                    self.focus = name
                    return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.values[self.focus] = self.values[self.focus][:-1]
                return
            if event.key == pygame.K_TAB:
                at = self.FIELDS.index(self.focus)
                self.focus = self.FIELDS[(at + 1) % len(self.FIELDS)]
                return
            if event.key not in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
                return  # letters come as TEXTINPUT: no key is a shortcut while typing
        super().handle(event)

    def _join(self, watch: bool = False) -> None:
        text = self.values["address"].strip() or "127.0.0.1"
        try:
            address, port = split_address(text, DEFAULT_PORT)
        except ValueError:
            self.error = self.tr("net.no_host", address=text[:60])
            return
        options = JoinOptions(
            address=address,
            port=port,
            code=self.values["code"].strip(),
            name=self.values["name"].strip() or "guest",
            lang=self.app.lang,
            watch=watch,
        )
        self.app.push(join_table(self.app, options))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        w.text(surface, self.tr("net.ui.join"), (640, 110), 48, w.ACCENT, "center", shadow=True)
        for name in self.FIELDS:
            rect = self._rect(name)
            label = pygame.Rect(40, rect.y, 320, rect.h)
            w.fit_text(surface, self.tr(f"net.ui.field_{name}"), label, 26, w.INK, "right")
            w.panel(surface, rect, 230, w.ACCENT if name == self.focus else w.PANEL_EDGE)
            shown = self.values[name] + ("|" if name == self.focus and int(self.t * 2) % 2 else "")
            w.fit_text(surface, shown, rect.inflate(-20, -8), 28, w.INK)
        if self.error:
            w.fit_text(surface, self.error, pygame.Rect(240, 530, 800, 36), 24, WARN, "center")
        if self.finder is not None:
            head = pygame.Rect(940, 176, 310, 36)
            key = "net.ui.found_head" if self.found else "net.ui.finding"
            w.fit_text(surface, self.tr(key), head, 22, w.MUTED)
        for button in self.buttons:
            button.draw(surface)
