"""Network play through the window, as a person plays it: the title's "Play on the
network", the host's setup, and whole matches in which a person's seat at the host's
screen (or at a joined computer's) is played by posted clicks and slingshot pulls
against a headless joined computer, over the loopback address only."""

from __future__ import annotations

import io
import math
import re
import time
from pathlib import Path

import pygame
import pytest

from game.games.replays import verify
from game.net.client import Client, JoinOptions
from game.net.host import Host
from game.net.options import HostOptions
from game.net.relay import NetThread
from game.ui.app import App
from game.ui.menu import TitleScene
from game.ui.net.lobby import HostSetupScene, JoinScene, NetMenuScene
from game.ui.net.table import NetTableScene
from tests.ui.driver import post_click

LOOPBACK = "127.0.0.1"
SECONDS = 60.0


def _app() -> App:
    app = App("en", fast=True)
    pygame.event.clear()
    return app


def _press(app: App, label: str) -> None:
    scene = app.top
    button = next(b for b in scene.buttons if b.label == label)  # type: ignore[attr-defined]
    post_click(button.rect.center)
    app.step()


def _pull(sphere: tuple[float, float], back: tuple[float, float], length: float) -> None:
    """Press on the sphere, pull straight back `length` px in 8 px steps, let go."""
    sx, sy = round(sphere[0]), round(sphere[1])
    post = pygame.event.post
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=(sx, sy), rel=(0, 0), buttons=(0, 0, 0)))
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(sx, sy), button=1))
    steps = math.ceil(length / 8)
    at = (sx, sy)
    for k in range(1, steps + 1):
        nxt = (round(sx + back[0] * length * k / steps), round(sy + back[1] * length * k / steps))
        rel = (nxt[0] - at[0], nxt[1] - at[1])
        post(pygame.event.Event(pygame.MOUSEMOTION, pos=nxt, rel=rel, buttons=(1, 0, 0)))
        at = nxt
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1))


class Person:
    """Plays the screen's seat: the first of its choices on the page, a throw pulled
    straight back from the aim at the table's middle (a pull as long as `pull`)."""

    def __init__(self, pull: float = 130.0) -> None:
        self.pull = pull
        self.choices = 0
        self.throws = 0
        self.curtains = 0
        self.labels: list[str] = []  # the buttons' words it pressed
        self.shows: list[str] = []  # what each throw played back said at its rest

    def __call__(self, scene: NetTableScene) -> None:
        if scene.shows:
            show = scene.shows[0]
            go_on = [b for b in scene.buttons if b.data.get("net") == "go_on"]
            assert go_on, "a throw played back with no way on"
            if show.t >= show.seconds:
                self.shows.append(scene._status())
            post_click(go_on[0].rect.center)  # to its rest, then on
            return
        if scene.curtain is not None:
            ready = [b for b in scene.buttons if b.key == pygame.K_RETURN]
            if ready:
                self.curtains += 1
                post_click(ready[0].rect.center)
            return
        seat = scene._asked()
        if seat is None:
            return
        mine = scene.seats[seat]
        turn = mine.turn or {}
        if turn.get("kind") == "throw":
            if mine.throw is None:
                post_click(scene.buttons[-1].rect.center)  # the die's button
            else:
                hand = mine.throw.hand
                _pull(hand.sphere_px(), hand.back(), self.pull)
            self.throws += 1
        else:
            choices = [b for b in scene.buttons[1:] if b.data.get("net") == "act"]
            assert choices, "a question with no choice on the screen"
            post_click(choices[0].rect.center)
            self.labels.append(choices[0].label)
            self.choices += 1


def play_out(app: App, scene: NetTableScene, person: Person) -> None:
    """Frames until the match ends (at most `SECONDS`); each frame gives the network's
    thread a moment, as a real frame's wait for the screen does (a test's frames come
    back to back, and would count out the time a match takes on the other thread)."""
    ends = time.monotonic() + SECONDS
    n = 0
    while time.monotonic() < ends:
        n += 1
        app.step(draw=n % 8 == 0)
        if scene.over is not None or scene.gone:
            break
        if n % 2 == 0:
            person(scene)
        time.sleep(0.0005)
    app.draw()


def _identical(replay: str) -> None:
    out = io.StringIO()
    assert verify([Path(replay)], out) == 0, out.getvalue()
    assert out.getvalue().startswith("identical "), out.getvalue()


def test_the_title_opens_network_play_and_the_host_s_setup() -> None:
    app = _app()
    title = TitleScene(app)
    app.push(title)
    app.step()
    entry = next(b for b in title.buttons if b.data.get("id") == "network")
    post_click(entry.rect.center)
    app.step()
    assert isinstance(app.top, NetMenuScene)
    _press(app, "Host a match")
    setup = app.top
    assert isinstance(setup, HostSetupScene) and setup.seats == ["here", "remote"]
    first = setup.buttons[0]
    post_click(first.rect.center)  # a seat's word goes round: here, remote, easy ...
    app.step()
    assert setup.seats[0] == "remote"


@pytest.mark.parametrize(
    ("game", "seats"),
    [
        ("classic", ["here", "remote"]),
        ("planet", ["remote", "here"]),
        ("attack", ["here", "remote", "easy"]),
    ],
)
def test_a_person_at_the_host_s_screen_plays_a_whole_match(game: str, seats: list[str]) -> None:
    app = _app()
    setup = HostSetupScene(app, game, port=0)
    app.push(setup)
    setup.seats = list(seats)
    setup.open = False  # this computer only: the loopback address
    setup._build()
    app.step()
    _press(app, "Start hosting")
    table = app.top
    assert isinstance(table, NetTableScene)
    for _ in range(300):
        app.step()
        if table.lobby and table.lobby.get("port"):
            break
    lobby = table.lobby or {}
    assert lobby["code"] and lobby["addresses"] == [LOOPBACK]
    join = JoinOptions(LOOPBACK, int(lobby["port"]), str(lobby["code"]), "dan")
    joined = NetThread(lambda: Client(join, lambda line: None).run()).start()
    person = Person()
    play_out(app, table, person)
    assert table.over is not None, table.log
    assert joined.wait(10.0)
    assert joined.result is not None and joined.result["winner"] == table.over["winner"]
    assert person.choices > 3
    assert person.throws > 0  # every game asks a person to throw (Attack: its die)
    # the choices in the game's words, never the wire's text ("p0 set ... @2,2")
    assert not [label for label in person.labels if re.match(r"p\d ", label)]
    seat = next(iter(table.seats))
    assert table.words.view(table.seats[seat].view, seat, "en")  # the view in words
    assert table.thread.wait(10.0)
    host = table.thread.result
    assert host is not None and host["winner"] == table.over["winner"]
    _identical(host["replay"])
    if game == "attack":
        assert person.shows == []  # a die has no path
    else:  # every throw played back on this screen, and where it went said in words
        assert len(person.shows) >= person.throws
        assert all(re.match(r"Seat \d's throw (opened|missed)", said) for said in person.shows)
    for _ in range(20):  # the last throw's playback, gone on from
        if not table.shows:
            break
        person(table)
        app.step()
    app.step()  # the end screen: its one way out
    assert [b.label for b in table.buttons] == ["Main menu"]


def test_a_person_at_a_joined_computer_plays_a_whole_match(tmp_path: Path) -> None:
    options = HostOptions(
        "classic", ("easy", "remote"), LOOPBACK, 0, "ROOM42", replay_dir=tmp_path, share_replay=True
    )
    box: dict[str, Host] = {}

    async def run() -> dict[str, object]:
        host = Host(options, lambda line: None)
        box["host"] = host
        return await host.run()

    hosting = NetThread(run).start()
    for _ in range(500):
        if "host" in box and box["host"].ready.is_set():
            break
        pygame.time.wait(5)
    app = _app()
    join = JoinScene(app)
    app.push(join)
    app.step()
    for name, text in (("address", f"{LOOPBACK}:{box['host'].port}"), ("code", "room42")):
        post_click(join._rect(name).center)
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
        app.step()
    _press(app, "Join a match")
    table = app.top
    assert isinstance(table, NetTableScene)
    play_out(app, table, Person())
    assert table.over is not None, table.log
    assert hosting.wait(10.0)
    assert hosting.result is not None and hosting.result["winner"] == table.over["winner"]
    assert table.game == "classic" and list(table.seats) == [1]
    _identical(str(hosting.result["replay"]))
    # the host shared the whole replay: the end screen keeps it among this computer's
    for _ in range(20):
        if not table.shows:
            break
        table._go_on()
        app.step()
    app.step()
    assert [b.label for b in table.buttons] == ["Main menu", "Save the replay"]
    from game.net.shared_replay import players_replays as replays_folder

    before = set(replays_folder().glob("*-net*.replay.gz"))
    _press(app, "Save the replay")
    kept = set(replays_folder().glob("*-net*.replay.gz")) - before
    assert len(kept) == 1 and table.log[-1].startswith("The host shared the whole replay: kept")
    host_file = Path(str(hosting.result["replay"]))
    assert next(iter(kept)).read_bytes() == host_file.read_bytes()
    app.step()
    assert [b.label for b in table.buttons] == ["Main menu"]  # kept once


def test_the_join_screen_lists_a_host_heard_on_the_network_and_a_pick_fills_its_address() -> None:
    """A host announcing itself (here to the loopback address only) appears on the join
    screen; picking it types its address, and the room code is still to be typed."""
    import asyncio
    import socket

    from game.net.discovery import Announcement

    app = _app()
    join = JoinScene(app, discovery_port=0)  # a free port: the suite's own
    app.push(join)
    assert join.finder is not None
    said = Announcement("x", "planet", 9123, "den", 1).encode()
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as out:
        for _ in range(200):
            out.sendto(said, (LOOPBACK, join.finder.port))
            app.step()
            if join.found:
                break
            asyncio.run(asyncio.sleep(0.005))
    assert [(f.address, f.port, f.game) for f in join.found] == [(LOOPBACK, 9123, "planet")]
    pick = join.buttons[-1]
    assert "den" in pick.label and "Battle Planet" in pick.label
    post_click(pick.rect.center)
    app.step()
    assert join.values["address"] == f"{LOOPBACK}:9123" and join.focus == "code"
    app.pop()  # leaving the screen stops listening
    assert join.finder is None


def test_a_spectator_at_the_join_screen_watches_a_whole_match() -> None:
    """The "Watch" button joins with no seat: the table shows the public view (the
    game's words for no player's seat) and no choice, to the end the host saw."""
    options = HostOptions("planet", ("easy", "remote"), LOOPBACK, 0, "ROOM43")
    box: dict[str, Host] = {}

    async def run() -> dict[str, object]:
        host = Host(options, lambda line: None)
        box["host"] = host
        return await host.run()

    hosting = NetThread(run).start()
    for _ in range(500):
        if "host" in box and box["host"].ready.is_set():
            break
        pygame.time.wait(5)
    host = box["host"]
    app = _app()
    join = JoinScene(app)
    app.push(join)
    app.step()
    for name, text in (("address", f"{LOOPBACK}:{host.port}"), ("code", "room43")):
        post_click(join._rect(name).center)
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
        app.step()
    _press(app, "Watch")
    table = app.top
    assert isinstance(table, NetTableScene)
    for _ in range(500):
        app.step()
        if host.watchers.count:
            break
        pygame.time.wait(5)
    seat = JoinOptions(LOOPBACK, host.port, "ROOM43", "c")
    seated = NetThread(lambda: Client(seat, lambda line: None).run()).start()

    rolls: set[int] = set()

    def no_choices(scene: NetTableScene) -> None:
        # Leave, and nothing to answer (but "Go on" past a roll played back)
        assert [b.data.get("net") for b in scene.buttons[1:]] == (["go_on"] if scene.shows else [])
        if scene.shows:
            rolls.update(r.seat for r in scene.shows[0].rolls)
            scene.shows[0].update(1.0)  # a spectator may sit back and watch it roll

    play_out(app, table, no_choices)
    assert table.over is not None, table.log
    assert rolls == {0, 1}  # both spheres of each roll drawn, though the screen has no seat
    assert hosting.wait(10.0) and seated.wait(10.0)
    assert hosting.result is not None and hosting.result["winner"] == table.over["winner"]
    assert list(table.seats) == [-1] and table.seats[-1].view["viewer"] is None
    assert table._status().startswith("The match is over: seat")
