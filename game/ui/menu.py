"""The title menu (the games of the registry, each with its setup and How to play)
and the Settings."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.files.lang import LANGUAGES
from game.games import DEFAULT_GAME, REGISTRY
from game.persist.saves import Saved, SaveError

from . import aim_guide
from . import widgets as w
from .backdrop import BackdropScene
from .coming import placeholder
from .scene import Scene
from .scenes import GameScenes, game_scenes
from .status import button_rows

if TYPE_CHECKING:
    from .app import App

ATTRACT_AFTER = 30.0  # seconds untouched on the title before the computer plays itself
TABS = pygame.Rect(90, 238, 1100, 42)  # the row of the games, under the seed's call


def scenes_for(game_id: str) -> GameScenes:
    """The screens of a game, or its placeholder while it has none."""
    return game_scenes(game_id) or placeholder(game_id)


def hotseat_label(app: App, game_id: str) -> str:
    """The title's button for people sharing the screen, as the game's record words it
    (`GameRecord.hotseat_label`: "Two players", "3-5 players, one screen" ...)."""
    record = REGISTRY[game_id]
    counts = record.player_counts
    return app.tr(record.hotseat_label, low=min(counts), high=max(counts))


def resume_saved(app: App, saved: Saved) -> Scene:
    """The autosave's match on its own game's screens, where it stood, once it passed
    the one load check (`game.games.saves.checked`: its game, its version, the match
    whole). Raises `SaveError` for what that check refuses and for a game whose screens
    this version lacks, and whatever the game's `resume` raises for a payload that does
    not fit (the save is then set aside)."""
    from game.games.saves import checked

    game_id = saved.game or DEFAULT_GAME
    scenes = game_scenes(game_id) if game_id in REGISTRY else None
    if game_id in REGISTRY and scenes is None:
        raise SaveError("game", f"a save of {game_id!r}, whose screens this version lacks")
    save = checked(saved)
    assert scenes is not None  # (a game the registry lacks: `checked` refused it)
    return scenes.resume(app, save.payload)


class TitleScene(BackdropScene):
    """The title: a row of the games (the registry's, in its order; ← / → or a click
    chooses), and the menu of the chosen one: Continue (the autosave, of whichever game
    it is), Play vs AI and the people at one screen (its setup; the button worded by the
    game's record: "Two players", "3-5 players, one screen"), the throw challenges
    (for a game whose record offers them), its How to play, the Replays, Settings,
    Quit. The game chosen is kept in the settings."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        if app.home is None:  # the first title is where "Main menu" leads
            app.home = TitleScene
        self.idle = 0.0
        self.message = ""
        self.message_t = 0.0
        self.buttons = []
        self.tabs: list[w.Button] = []

    @property
    def game(self) -> str:
        """The game chosen: the app's, when the registry has it, else the default."""
        return self.app.game if self.app.game in REGISTRY else DEFAULT_GAME

    def choose(self, game_id: str) -> None:
        """Show the menu of `game_id` (a registry id) and keep the choice."""
        REGISTRY[game_id]  # an unknown id raises, naming the known ones
        if game_id != self.game:
            self.app.game = game_id
            self.app.change_settings(game=game_id)
        self._build()

    def _step_game(self, step: int) -> None:
        games = list(REGISTRY)
        self.choose(games[(games.index(self.game) + step) % len(games)])
        self.app.audio.play("ui_click")

    def enter(self) -> None:
        self.idle = 0.0
        self.app.audio.music(True)
        self._build()

    def _build(self) -> None:
        from game.persist.saves import has_save

        scenes = scenes_for(self.game)
        record = REGISTRY[self.game]
        items: list[tuple[str, str, Callable[[], None]]] = []
        if has_save():  # this game's match left for later, else the newest of another
            items.append(("continue", self._continue_label(), self._continue))
        items += [
            ("play_ai", self.tr("menu.play_ai"), partial(self._new_match, False)),
            ("hotseat", hotseat_label(self.app, self.game), partial(self._new_match, True)),
        ]
        if record.net is not None:
            items.append(("network", self.tr("menu.network"), self._network))
        if record.throw_challenges:
            items.append(("challenges", self.tr("menu.challenges"), self._challenges))
        items += [
            ("how_to", self.tr("menu.how_to"), lambda: self.app.push(scenes.how_to(self.app))),
            ("replays", self.tr("menu.replays"), self._replays),
            ("settings", self.tr("menu.settings"), lambda: self.app.push(SettingsScene(self.app))),
            ("quit", self.tr("menu.quit"), self.app.pop),
        ]
        # a change of game keeps the place: the same entry, or the one now where it was
        # (the throw challenges are not offered with every game)
        was = next(((i, b.data["id"]) for i, b in enumerate(self.buttons) if b.focused), None)
        ids = [ident for ident, _, _ in items]
        focus = None if was is None else ids.index(was[1]) if was[1] in ids else was[0]
        self.buttons = []
        # more entries (Continue, the network): closer together, to stay above the notice
        top, step, height = (311, 54, 46)
        if len(items) > 8:
            top, step, height = (306, 42, 36)
        elif len(items) > 7:
            top, step, height = (305, 48, 42)
        for i, (ident, label, fn) in enumerate(items):
            rect = pygame.Rect(0, 0, 380, height)
            rect.center = (640, top + i * step)
            button = w.Button(rect, label, fn)
            button.data["id"] = ident
            button.focused = i == focus
            self.buttons.append(button)
        self.buttons[0].key = pygame.K_RETURN
        self._build_tabs()

    def _new_match(self, hotseat: bool) -> None:
        """The game's setup; first, when a match of this game is saved (its one slot,
        which the new match's autosave takes), the question whether to replace it."""
        from game.persist.saves import has_save

        from .replace_save import ReplaceSaveScene

        def setup() -> Scene:
            return scenes_for(self.game).setup(self.app, hotseat)

        if has_save(self.game):
            self.app.push(ReplaceSaveScene(self.app, self.game, setup, self._continue))
        else:
            self.app.push(setup())

    def _network(self) -> None:
        from .net.lobby import NetMenuScene

        self.app.push(NetMenuScene(self.app, self.game))

    def _replays(self) -> None:
        from .replay_list import ReplayListScene

        self.app.push(ReplayListScene(self.app))

    def _build_tabs(self) -> None:
        games = list(REGISTRY)
        gap = 14
        width = min(340, (TABS.w - gap * (len(games) - 1)) // len(games))
        left = TABS.centerx - (len(games) * width + (len(games) - 1) * gap) // 2
        self.tabs = []
        for i, game_id in enumerate(games):
            rect = pygame.Rect(left + i * (width + gap), TABS.y, width, TABS.h)
            chosen = game_id == self.game
            colour = (150, 70, 30) if chosen else (36, 50, 92)
            name = REGISTRY[game_id].name(self.app.lang)
            tab = w.Button(rect, name, partial(self.choose, game_id), colour=colour)
            tab.data["game"] = game_id
            tab.focused = chosen  # drawn lit: the game whose menu shows
            self.tabs.append(tab)

    def _challenges(self) -> None:
        from .challenges import LevelSelectScene

        self.app.push(LevelSelectScene(self.app))

    def _continue_label(self) -> str:
        """ "Continue", or which game's match it resumes when that is not the game shown
        (every game keeps its own save: starting one never overwrites another's)."""
        from game.games import UnknownGame
        from game.persist.saves import has_save, newest_game

        if has_save(self.game):
            return self.tr("save.continue")
        other = newest_game()
        try:
            name = REGISTRY[other].name(self.app.lang) if other else None
        except UnknownGame:
            name = other
        return self.tr("save.continue_game", game=name) if name else self.tr("save.continue")

    def _continue(self) -> None:
        from game.persist.saves import has_save, restore_save

        game = self.game if has_save(self.game) else None  # (None: the newest of any)
        scene, error = restore_save(lambda saved: resume_saved(self.app, saved), game=game)
        if scene is not None:
            self.app.push(scene)
        else:
            self.message = error.text(self.app.lang) if error is not None else ""
            self.message_t = 8.0
            self._build()

    def _game_key(self, key: int) -> int:
        """-1 or +1 for a key that steps through the games (← / →, and the keys the
        controller's D-pad sends), else 0."""
        if key == pygame.K_LEFT:
            return -1
        if key == pygame.K_RIGHT:
            return 1
        sent = self.app.gamepad.action_keys
        return -1 if key == sent["move_left"] else 1 if key == sent["move_right"] else 0

    def handle(self, event: pygame.event.Event) -> None:
        self.idle = 0.0
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if event.type == pygame.KEYDOWN and self._game_key(event.key):
            self._step_game(self._game_key(event.key))
            return
        if any(tab.handle(event) for tab in self.tabs if event.type != pygame.KEYDOWN):
            return
        super().handle(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.idle += dt
        self.message_t = max(0.0, self.message_t - dt)
        if self.idle > ATTRACT_AFTER:
            attract = scenes_for(self.game).attract or scenes_for(DEFAULT_GAME).attract
            if attract is None:
                self.idle = 0.0
            else:
                self.app.push(attract(self.app, int(self.t)))

    def status(self) -> dict[str, object]:
        """For `BAKUGAN_STATUS`: the game chosen, and every button and tab."""
        buttons = [*self.tabs, *self.buttons]
        return {
            "game": self.game,
            "buttons": button_rows(self.app, buttons),
        }

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        title = pygame.Rect(40, 50, 1200, 100)
        w.fit_text(surface, self.tr("ui.title"), title, 96, w.ACCENT, "center", shadow=True)
        tagline = pygame.Rect(40, 152, 1200, 38)
        w.fit_text(surface, self.tr("menu.tagline"), tagline, 32, w.INK, "center", shadow=True)
        call = pygame.Rect(40, 192, 1200, 36)  # well clear of the first button
        w.fit_text(surface, self.tr("call.field_open"), call, 30, (255, 120, 80), "center", True)
        for tab in self.tabs:
            tab.draw(surface, 22)
        for b in self.buttons:
            b.draw(surface)
        keys = pygame.Rect(40, 686, 1200, 26)
        if self.message_t <= 0:
            w.fit_text(surface, self.tr("menu.keys"), keys, 20, w.MUTED, "center")
        else:  # under the buttons, in place of the keys line
            box = pygame.Rect(200, 660, 880, 56)
            w.panel(surface, box, 240, (220, 120, 80))
            w.paragraph(surface, self.message, box.inflate(-24, -14), 20)


class SettingsScene(BackdropScene):
    """Every setting is one button that steps through its values; changes apply and save
    at once."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.buttons = []
        self._build()

    def _rows(self) -> list[tuple[str, str, Callable[[], None]]]:
        st = self.app.settings
        on_off = {True: self.tr("settings.on"), False: self.tr("settings.off")}
        return [
            ("settings.language", self.tr(f"lang.{self.app.lang}"), self._lang),
            ("settings.effects_volume", f"{round(st.effects_volume * 100)}%", self._effects),
            ("settings.music_volume", f"{round(st.music_volume * 100)}%", self._music),
            ("settings.aim_guide", self.tr(f"settings.guide_{st.aim_guide}"), self._guide),
            ("settings.animation_speed", f"{st.animation_speed:g}x", self._speed),
            ("settings.effects", self.tr(f"settings.effects_{st.effects_level}"), self._fx),
            ("settings.fullscreen", on_off[st.fullscreen], self._fullscreen),
            ("settings.controls", "", self._controls),
        ]

    def _build(self) -> None:
        focused = next((i for i, b in enumerate(self.buttons) if b.focused), None)
        self.buttons = []
        rows = self._rows()
        for i, (key, value, fn) in enumerate(rows):
            rect = pygame.Rect(390, 132 + i * 58, 500, 50)
            self.buttons.append(w.Button(rect, self.tr(key, value=value), fn))
        about = pygame.Rect(390, 132 + len(rows) * 58 + 16, 240, 50)
        self.buttons.append(w.Button(about, self.tr("settings.about"), self._about))
        back = about.move(260, 0)
        self.buttons.append(w.Button(back, self.tr("ui.back"), self.app.pop, key=pygame.K_ESCAPE))
        if focused is not None:
            self.buttons[focused].focused = True  # a change keeps the keyboard's place

    def _change(self, **changes: object) -> None:
        self.app.change_settings(**changes)
        self.app.audio.play("ui_click")
        self._build()

    def _lang(self) -> None:
        i = LANGUAGES.index(self.app.lang)
        self._change(language=LANGUAGES[(i + 1) % len(LANGUAGES)])

    def _effects(self) -> None:
        self._change(effects_volume=round((self.app.settings.effects_volume + 0.2) % 1.2, 1))

    def _music(self) -> None:
        self._change(music_volume=round((self.app.settings.music_volume + 0.2) % 1.2, 1))

    def _guide(self) -> None:
        self._change(aim_guide=aim_guide.next_level(self.app.settings.aim_guide))

    def _speed(self) -> None:
        speeds = (0.5, 1.0, 1.5, 2.0, 3.0)
        now = self.app.settings.animation_speed
        nxt = next((v for v in speeds if v > now + 1e-9), speeds[0])
        self._change(animation_speed=nxt)

    def _fx(self) -> None:
        levels = ("full", "reduced", "off")
        i = levels.index(self.app.settings.effects_level)
        self._change(effects_level=levels[(i + 1) % 3])

    def _fullscreen(self) -> None:
        self._change(fullscreen=not self.app.settings.fullscreen)

    def _controls(self) -> None:
        from .controls import ControlsScene

        self.app.audio.play("ui_click")
        self.app.push(ControlsScene(self.app))

    def _about(self) -> None:
        from .about import AboutScene

        self.app.audio.play("ui_click")
        self.app.push(AboutScene(self.app))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        w.text(surface, self.tr("menu.settings"), (640, 80), 56, w.ACCENT, "center", shadow=True)
        for b in self.buttons:
            b.draw(surface, 24)
