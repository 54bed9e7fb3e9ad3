"""Sound effects and menu music; silent, never failing, when there is no audio.

The mixer is started defensively: no audio device, a driver that does not exist
(``SDL_AUDIODRIVER=nonexistent``), a missing or broken file, or a mixer that went away
(``pygame.quit()``) all put `Audio` in silent mode. No method ever raises.

Sounds are the WAV files `tools/make_sounds.py` makes, loaded on first use from
``assets/sounds/``. The rolling sound plays looped on a reserved channel, louder the
faster the sphere goes; collisions are louder the harder the hit.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pygame

from game.files.paths import assets_dir

log = logging.getLogger(__name__)

EFFECTS = (
    "throw",
    "roll",
    "collision",
    "pop",
    "flip",
    "ability",
    "battle_win",
    "capture",
    "victory",
    "miss",
    "ui_click",
)
MUSIC = "music_menu"

ROLL_FULL_SPEED = 1500.0  # mm/s at which the rolling sound is at full loudness
ROLL_QUIET_SPEED = 8.0  # mm/s below which a sphere is silent (about to rest)
HIT_FULL_IMPULSE = 1500.0  # a collision impulse (mass x mm/s) at full loudness
HIT_QUIET_IMPULSE = 15.0  # softer touches make no sound
MIXER_CHANNELS = 16
ROLL_CHANNEL = 0  # reserved for the rolling loop

T = TypeVar("T")


def _number(value: object) -> float:
    """`value` as a float; anything that is not a number counts as 0."""
    try:
        v = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError, OverflowError):
        return 0.0
    return 0.0 if math.isnan(v) else v


def _unit(value: object) -> float:
    """`value` clamped to 0..1 (NaN and non-numbers count as 0)."""
    return min(1.0, max(0.0, _number(value)))


def roll_volume(speed: float) -> float:
    """How loud the rolling sound is at `speed` mm/s (0..1)."""
    v = _number(speed)
    if v < ROLL_QUIET_SPEED:
        return 0.0
    return math.pow(_unit(v / ROLL_FULL_SPEED), 0.6)


def hit_volume(impulse: float) -> float:
    """How loud a collision of `impulse` sounds (0..1)."""
    v = _number(impulse)
    if v < HIT_QUIET_IMPULSE:
        return 0.0
    return math.sqrt(_unit(v / HIT_FULL_IMPULSE))


class Audio:
    """Plays the game's sounds; every method is safe to call in silent mode."""

    def __init__(
        self,
        effects_volume: float = 0.8,
        music_volume: float = 0.5,
        sounds_dir: Path | None = None,
        enabled: bool = True,
    ) -> None:
        self._effects_volume = _unit(effects_volume)
        self._music_volume = _unit(music_volume)
        self._sounds: dict[str, Any] = {}  # name -> pygame.mixer.Sound, or None if unusable
        self._roll_level = 0.0
        self._rolling = False
        self._music_on = False
        self.silent = True
        self.reason: str | None = "audio off"
        try:
            self.sounds_dir = sounds_dir or assets_dir() / "sounds"
        except Exception as e:  # no assets at all: play nothing
            self.sounds_dir = Path("sounds")
            self.reason = f"no sounds folder ({e})"
            return
        if enabled:
            self._start_mixer()

    # ------------------------------------------------------------------ mixer

    def _start_mixer(self) -> None:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            pygame.mixer.set_num_channels(max(MIXER_CHANNELS, pygame.mixer.get_num_channels()))
            pygame.mixer.set_reserved(ROLL_CHANNEL + 1)
        except Exception as e:  # pygame.error, or anything else a broken driver gives
            self._go_silent(f"no audio ({e})")
            return
        self.silent = False
        self.reason = None

    def _go_silent(self, reason: str) -> None:
        if not self.silent:
            log.warning("audio: %s; playing silent from now on", reason)
        else:
            log.info("audio: %s; playing silent", reason)
        self.silent = True
        self.reason = reason
        self._sounds.clear()

    def _guard(self, what: str, fn: Callable[[], T]) -> T | None:
        """Run `fn`; any failure (the mixer went away, a bad file) means silence."""
        if self.silent:
            return None
        try:
            if not pygame.mixer.get_init():
                self._go_silent("the mixer was closed")
                return None
            return fn()
        except Exception as e:
            self._go_silent(f"{what} failed ({e})")
            return None

    def _sound(self, name: str) -> Any:
        """The loaded sound `name`, or None when it is missing or broken."""
        if name not in self._sounds:
            path = self.sounds_dir / f"{name}.wav"
            try:
                self._sounds[name] = pygame.mixer.Sound(str(path))
            except Exception as e:  # pygame.error, OSError, a truncated file ...
                log.warning("audio: cannot load %s (%s)", path, e)
                self._sounds[name] = None
        return self._sounds[name]

    # ------------------------------------------------------------------ volumes

    @property
    def effects_volume(self) -> float:
        return self._effects_volume

    @effects_volume.setter
    def effects_volume(self, value: float) -> None:
        self._effects_volume = _unit(value)
        self._guard("volume", self._apply_roll_volume)

    @property
    def music_volume(self) -> float:
        return self._music_volume

    @music_volume.setter
    def music_volume(self, value: float) -> None:
        self._music_volume = _unit(value)
        self._guard("volume", lambda: pygame.mixer.music.set_volume(self._music_volume))

    # ------------------------------------------------------------------ effects

    def play(self, name: str, volume: float = 1.0) -> None:
        """Play effect `name` once at `volume` (0..1) times the effects volume."""
        level = _unit(volume) * self._effects_volume
        if level <= 0.0:
            return

        def go() -> None:
            sound = self._sound(name)
            if sound is None:
                return
            channel = sound.play()
            if channel is not None:
                channel.set_volume(level)

        self._guard(f"playing {name}", go)

    def hit(self, impulse: float) -> None:
        """A collision: the harder the impulse, the louder."""
        volume = hit_volume(impulse)
        if volume > 0.0:
            self.play("collision", volume)

    def roll(self, speed: float) -> None:
        """The rolling loop at the loudness of `speed` (mm/s); 0 stops it.

        Call it every frame with the fastest rolling sphere's speed."""
        level = roll_volume(speed)
        self._roll_level = level
        self._guard("rolling", self._update_roll)

    def _update_roll(self) -> None:
        channel = pygame.mixer.Channel(ROLL_CHANNEL)
        if self._roll_level <= 0.0 or self._effects_volume <= 0.0:
            if self._rolling:
                channel.fadeout(60)
                self._rolling = False
            return
        if not self._rolling or not channel.get_busy():
            sound = self._sound("roll")
            if sound is None:
                return
            channel.play(sound, loops=-1, fade_ms=30)
            self._rolling = True
        self._apply_roll_volume()

    def _apply_roll_volume(self) -> None:
        if self._rolling:
            pygame.mixer.Channel(ROLL_CHANNEL).set_volume(self._roll_level * self._effects_volume)

    # ------------------------------------------------------------------ music

    def music(self, on: bool) -> None:
        """Start (looped) or stop the menu music; starting again while it plays is a no-op."""
        if on == self._music_on:
            return
        self._music_on = on

        def go() -> None:
            if on:
                path = self.sounds_dir / f"{MUSIC}.wav"
                if not path.is_file():
                    log.warning("audio: no music file %s", path)
                    return
                pygame.mixer.music.load(str(path))
                pygame.mixer.music.set_volume(self._music_volume)
                pygame.mixer.music.play(loops=-1, fade_ms=400)
            else:
                pygame.mixer.music.fadeout(300)

        self._guard("music", go)

    @property
    def music_playing(self) -> bool:
        return self._music_on and not self.silent

    def stop(self) -> None:
        """Silence everything now (a scene change, the pause screen)."""
        self._roll_level = 0.0
        self._rolling = False
        self._music_on = False

        def go() -> None:
            pygame.mixer.stop()
            pygame.mixer.music.stop()

        self._guard("stopping", go)
