"""Audio: silent and error-free without a device; the sounds come from the script,
deterministically, within their size and level budgets."""

from __future__ import annotations

import array
import importlib.util
import math
import os
import subprocess
import sys
import wave
from pathlib import Path
from types import ModuleType
from typing import Any

import pygame
import pytest

from game.files.paths import assets_dir
from game.ui.audio import EFFECTS, MUSIC, Audio, hit_volume, roll_volume

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "tools" / "make_sounds.py"
SOUNDS = assets_dir() / "sounds"
NAMES = [*EFFECTS, MUSIC]


def _env(**extra: str) -> dict[str, str]:
    return {**os.environ, "SDL_VIDEODRIVER": "dummy", **extra}


_SILENT = """
import pygame
from game.ui.audio import Audio, EFFECTS
pygame.init()
pygame.display.set_mode((64, 64))
a = Audio(0.7, 0.4)
assert a.silent and a.reason, (a.silent, a.reason)
for name in EFFECTS:
    a.play(name)
for speed in (0, 50, 800, 5000, 0, float("nan"), -3):
    a.roll(speed)
for impulse in (0, 10, 300, 1e9, float("inf"), float("nan")):
    a.hit(impulse)
a.music(True)
a.effects_volume = 0.2
a.music_volume = 0.9
a.music(False)
a.stop()
pygame.quit()
a.play("pop")
print("SILENT-OK", a.reason)
"""


def test_no_audio_driver_means_silence_not_errors() -> None:
    run = subprocess.run(
        [sys.executable, "-c", _SILENT],
        env=_env(SDL_AUDIODRIVER="nonexistent"),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    assert "SILENT-OK" in run.stdout and "Traceback" not in run.stderr


def test_the_game_plays_a_demo_second_with_a_driver_that_does_not_exist() -> None:
    if importlib.util.find_spec("game.ui.demo") is None:
        pytest.skip("no screen demo yet")
    run = subprocess.run(
        [sys.executable, "-m", "game", "demo", "--seconds", "1"],
        env=_env(SDL_AUDIODRIVER="nonexistent"),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr


@pytest.fixture
def audio() -> Any:
    pygame.init()
    a = Audio(0.8, 0.5)
    if a.silent:
        pygame.quit()
        pytest.skip(f"no dummy audio driver here ({a.reason})")
    yield a
    a.stop()
    pygame.quit()


def test_every_call_is_safe_with_a_working_mixer(audio: Audio) -> None:
    for name in EFFECTS:
        audio.play(name)
        audio.play(name, volume=0.3)
    audio.play("no_such_sound")  # a warning, not an error
    channel = pygame.mixer.Channel(0)
    audio.roll(900.0)
    assert channel.get_busy() and channel.get_volume() == pytest.approx(
        roll_volume(900.0) * 0.8, abs=0.01
    )
    audio.roll(200.0)
    assert channel.get_volume() == pytest.approx(roll_volume(200.0) * 0.8, abs=0.01)
    audio.effects_volume = 0.5
    assert channel.get_volume() == pytest.approx(roll_volume(200.0) * 0.5, abs=0.01)
    audio.roll(0.0)
    for impulse in (0.0, 5.0, 400.0, 1e12, float("nan"), -1.0):
        audio.hit(impulse)
    audio.music(True)
    audio.music(True)
    assert audio.music_playing and pygame.mixer.music.get_busy()
    audio.music_volume = 0.25
    assert pygame.mixer.music.get_volume() == pytest.approx(0.25, abs=0.01)
    audio.music(False)
    assert not audio.silent
    pygame.mixer.quit()  # the mixer goes away under it: silence from then on
    audio.play("pop")
    audio.roll(500.0)
    assert audio.silent


def test_volumes_are_clamped() -> None:
    a = Audio(effects_volume=3.0, music_volume=-1.0, enabled=False)
    assert (a.effects_volume, a.music_volume) == (1.0, 0.0) and a.silent
    a.effects_volume = float("nan")
    a.music_volume = 0.4
    assert (a.effects_volume, a.music_volume) == (0.0, 0.4)


def test_loudness_follows_speed_and_impulse() -> None:
    speeds = [0.0, 5.0, 20.0, 100.0, 500.0, 1500.0, 2500.0]
    rolls = [roll_volume(s) for s in speeds]
    assert rolls[0] == rolls[1] == 0.0 and rolls == sorted(rolls) and rolls[-1] == 1.0
    hits = [hit_volume(i) for i in (0.0, 10.0, 50.0, 500.0, 1500.0, 9000.0)]
    assert hits[0] == hits[1] == 0.0 and hits == sorted(hits) and hits[-1] == 1.0
    assert roll_volume(float("nan")) == hit_volume(float("nan")) == 0.0


def test_a_missing_sounds_folder_is_silence_not_an_error(tmp_path: Path) -> None:
    pygame.init()
    try:
        a = Audio(sounds_dir=tmp_path / "nothing")
        for name in EFFECTS:
            a.play(name)
        a.roll(800.0)
        a.music(True)
        a.stop()
    finally:
        pygame.quit()


# ---------------------------------------------------------------- the sound files


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_sounds", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _read(path: Path) -> tuple[Any, array.array[int]]:
    with wave.open(str(path), "rb") as w:
        params = w.getparams()
        samples = array.array("h", w.readframes(w.getnframes()))
    if sys.byteorder == "big":
        samples.byteswap()
    return params, samples


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The script's output twice: once in this process, once in another one."""
    first = tmp_path_factory.mktemp("sounds1")
    second = tmp_path_factory.mktemp("sounds2")
    other = subprocess.Popen(
        [sys.executable, str(SCRIPT), "--out", str(second), "--quiet"],
        env={**os.environ, "PYTHONHASHSEED": "12345"},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert _script().main(["--out", str(first), "--quiet"]) == 0
    _, err = other.communicate(timeout=120)
    assert other.returncode == 0, err
    return first, second


def test_the_script_is_deterministic(made: tuple[Path, Path]) -> None:
    first, second = made
    assert sorted(p.name for p in first.iterdir()) == sorted(f"{n}.wav" for n in NAMES)
    for name in NAMES:
        assert (first / f"{name}.wav").read_bytes() == (second / f"{name}.wav").read_bytes(), name


def test_the_shipped_sounds_are_the_scripts_output(made: tuple[Path, Path]) -> None:
    # Exact on one machine; allow a rounding step for another platform's libm.
    for name in NAMES:
        _, fresh = _read(made[0] / f"{name}.wav")
        _, shipped = _read(SOUNDS / f"{name}.wav")
        assert len(fresh) == len(shipped), name
        assert max(abs(a - b) for a, b in zip(fresh, shipped, strict=True)) <= 2, (
            f"{name}.wav is stale: run python tools/make_sounds.py"
        )


def test_the_sounds_fit_their_budgets() -> None:
    total = 0
    for name in NAMES:
        path = SOUNDS / f"{name}.wav"
        total += path.stat().st_size
        params, samples = _read(path)
        assert (params.nchannels, params.sampwidth, params.framerate) == (1, 2, 22050), name
        seconds = params.nframes / params.framerate
        peak = max(abs(s) for s in samples) / 32767
        if name == MUSIC:
            assert 20.0 <= seconds <= 30.0 and 0.2 < peak <= db(-8)
        elif name == "victory":
            assert 2.0 <= seconds <= 3.0
        elif name == "roll":
            assert 0.9 <= seconds <= 1.1
        else:
            assert seconds < 0.65, name
        assert db(-20) < peak <= db(-2.9), (name, peak)  # audible, and never clipping
        assert samples[0] == 0 or name in ("roll",), name  # no click at the start
    assert total < 1.5 * 1024 * 1024


def db(decibels: float) -> float:
    return float(10 ** (decibels / 20))


@pytest.mark.parametrize("name", ["roll", MUSIC])
def test_the_loops_are_seamless(name: str) -> None:
    _, s = _read(SOUNDS / f"{name}.wav")
    steps = sorted(abs(s[i + 1] - s[i]) for i in range(len(s) - 1))
    seam = abs(s[0] - s[-1])
    assert seam <= steps[int(0.99 * len(steps))], (seam, steps[len(steps) // 2])
    # Nothing fades out toward the end of the loop: its last 50 ms are as loud as the rest.
    tail = s[-1102:]
    rms = math.sqrt(sum(v * v for v in s) / len(s))
    if name == "roll":
        assert math.sqrt(sum(v * v for v in tail) / len(tail)) > 0.5 * rms
