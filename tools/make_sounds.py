"""Synthesize the game's sound effects and menu music into ``assets/sounds/*.wav``.

Standard library only (math, array, wave, random with fixed seeds): the script is the
source, the WAV files are its output, and two runs give identical bytes. Every sound is
16-bit mono at 22050 Hz; effects peak at about -3 dBFS and never clip.

    python tools/make_sounds.py              # write assets/sounds/
    python tools/make_sounds.py --out DIR    # write elsewhere (tests)
    python tools/make_sounds.py --only pop,flip
"""

from __future__ import annotations

import argparse
import array
import math
import random
import sys
import wave
from collections.abc import Callable, Sequence
from pathlib import Path

RATE = 22050
TAU = 2.0 * math.pi
OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"

Buf = list[float]


# ---------------------------------------------------------------- building blocks


def n_samples(seconds: float) -> int:
    return round(seconds * RATE)


def silence(seconds: float) -> Buf:
    return [0.0] * n_samples(seconds)


def note_hz(midi: float) -> float:
    return 440.0 * math.pow(2.0, (midi - 69.0) / 12.0)


def osc(
    kind: str,
    f0: float,
    seconds: float,
    f1: float | None = None,
    duty: float = 0.5,
    phase: float = 0.0,
) -> Buf:
    """An oscillator gliding exponentially from f0 to f1 (Hz) over `seconds`."""
    n = n_samples(seconds)
    f1 = f0 if f1 is None else f1
    ratio = (f1 / f0) ** (1.0 / max(1, n - 1))
    f = f0
    ph = phase
    out = [0.0] * n
    step = 1.0 / RATE
    if kind == "sine":
        for i in range(n):
            out[i] = math.sin(TAU * ph)
            ph += f * step
            f *= ratio
    elif kind == "square":
        for i in range(n):
            out[i] = 1.0 if (ph % 1.0) < duty else -1.0
            ph += f * step
            f *= ratio
    elif kind == "triangle":
        for i in range(n):
            x = ph % 1.0
            out[i] = 4.0 * x - 1.0 if x < 0.5 else 3.0 - 4.0 * x
            ph += f * step
            f *= ratio
    else:
        raise ValueError(kind)
    return out


def noise(seconds: float, rng: random.Random) -> Buf:
    return [rng.uniform(-1.0, 1.0) for _ in range(n_samples(seconds))]


def lowpass(x: Buf, cutoff: float) -> Buf:
    """One-pole low-pass."""
    a = 1.0 - math.exp(-TAU * cutoff / RATE)
    y = 0.0
    out = [0.0] * len(x)
    for i, v in enumerate(x):
        y += a * (v - y)
        out[i] = y
    return out


def highpass(x: Buf, cutoff: float) -> Buf:
    low = lowpass(x, cutoff)
    return [v - lo for v, lo in zip(x, low, strict=True)]


def bandpass(x: Buf, centre: Callable[[float], float], q: float = 2.0) -> Buf:
    """A state-variable band-pass whose centre (Hz) follows `centre(t in 0..1)`."""
    n = len(x)
    low = band = 0.0
    damp = 1.0 / q
    out = [0.0] * n
    for i, v in enumerate(x):
        fc = centre(i / max(1, n - 1))
        f = 2.0 * math.sin(math.pi * min(fc, RATE / 6.0) / RATE)
        high = v - low - damp * band
        band += f * high
        low += f * band
        out[i] = band
    return out


def env_adsr(n: int, attack: float, decay: float, sustain: float, release: float) -> Buf:
    """Attack/decay/sustain/release in seconds over `n` samples (release at the end)."""
    a, d, r = n_samples(attack), n_samples(decay), n_samples(release)
    out = [0.0] * n
    for i in range(n):
        if i < a:
            g = i / max(1, a)
        elif i < a + d:
            g = 1.0 - (1.0 - sustain) * (i - a) / max(1, d)
        else:
            g = sustain
        if i >= n - r:
            g *= (n - i) / max(1, r)
        out[i] = g
    return out


def env_exp(n: int, attack: float, tau: float) -> Buf:
    """A quick linear attack, then exponential decay with time constant `tau` seconds."""
    a = max(1, n_samples(attack))
    k = math.exp(-1.0 / (tau * RATE))
    out = [0.0] * n
    g = 1.0
    for i in range(n):
        if i < a:
            out[i] = i / a
        else:
            g *= k
            out[i] = g
    return out


def mul(x: Buf, y: Buf) -> Buf:
    return [a * b for a, b in zip(x, y, strict=False)]


def gain(x: Buf, g: float) -> Buf:
    return [v * g for v in x]


def mix_into(dest: Buf, src: Buf, start: int = 0, g: float = 1.0, wrap: bool = False) -> None:
    """Add `src` into `dest` from sample `start`; `wrap` folds the overflow to the start
    (a seamless loop: a note ringing past the end rings on at the beginning)."""
    n = len(dest)
    for i, v in enumerate(src):
        j = start + i
        if j >= n:
            if not wrap:
                break
            j %= n
        dest[j] += v * g


def fades(x: Buf, fade_in: float = 0.002, fade_out: float = 0.008) -> Buf:
    """Short ramps at both ends so a sound never starts or stops with a click."""
    out = list(x)
    a, r = n_samples(fade_in), n_samples(fade_out)
    for i in range(min(a, len(out))):
        out[i] *= i / a
    for i in range(min(r, len(out))):
        out[-1 - i] *= i / r
    return out


def normalize(x: Buf, peak: float) -> Buf:
    top = max((abs(v) for v in x), default=0.0)
    return x if top == 0.0 else [v * peak / top for v in x]


def db(decibels: float) -> float:
    return float(10.0 ** (decibels / 20.0))


def bell(midi: float, seconds: float, tau: float = 0.25, detune: float = 0.0) -> Buf:
    """A small bell: a sine and two inharmonic partials, decaying."""
    f = note_hz(midi)
    n = n_samples(seconds)
    partials = ((1.0, 1.0, 1.0), (2.76, 0.35, 0.45), (5.4, 0.12, 0.25))
    out = [0.0] * n
    for ratio, amp, tscale in partials:
        tone = osc("sine", f * ratio * (1.0 + detune), seconds)
        e = env_exp(n, 0.002, tau * tscale)
        for i in range(n):
            out[i] += tone[i] * e[i] * amp
    return out


# ---------------------------------------------------------------- the effects


def throw() -> Buf:
    """A whoosh: band-passed noise sweeping up then down, swelling and fading."""
    rng = random.Random(101)
    dur = 0.42
    raw = noise(dur, rng)

    def centre(t: float) -> float:
        return 500.0 + 2200.0 * math.pow(math.sin(math.pi * min(1.0, t * 1.15)), 1.5)

    body = bandpass(raw, centre, q=1.6)
    n = len(body)
    e = [math.sin(math.pi * (i / n) ** 0.7) ** 2 for i in range(n)]
    return fades(normalize(mul(body, e), db(-4)))


def roll() -> Buf:
    """A rolling rumble that loops seamlessly: low-passed noise, a low grumble and small
    ticks of a ball on a card table, with a tumble pattern that repeats in the loop."""
    rng = random.Random(202)
    n = n_samples(1.0)
    cross = n_samples(0.12)
    total = n + cross
    raw = [rng.uniform(-1.0, 1.0) for _ in range(total)]
    rumble = lowpass(lowpass(lowpass(raw, 350.0), 600.0), 900.0)
    grit = bandpass(raw, _sweep(2400.0, 2400.0), q=3.0)
    y = [r * 1.0 + g * 0.05 for r, g in zip(rumble, grit, strict=True)]
    # Crossfade the tail into the head (equal power: the noise is uncorrelated).
    loop = y[:n]
    for i in range(cross):
        t = i / cross
        loop[i] = y[i] * math.sin(0.5 * math.pi * t) + y[n + i] * math.cos(0.5 * math.pi * t)
    # A tumbling wobble with a whole number of cycles in the loop, and a low grumble.
    for i in range(n):
        t = i / n
        wobble = 0.78 + 0.14 * math.sin(TAU * 7 * t) + 0.08 * math.sin(TAU * 11 * t + 1.0)
        loop[i] = loop[i] * wobble + 0.05 * math.sin(TAU * 70 * t) * wobble
    # Ticks at fixed places in the loop (they repeat, as a seam does on every turn).
    tick = mul(highpass(noise(0.012, rng), 1800.0), env_exp(n_samples(0.012), 0.0005, 0.003))
    for k in range(9):
        pos = int(n * (k + 0.35 * rng.random()) / 9)
        mix_into(loop, tick, pos, 0.18 + 0.12 * rng.random(), wrap=True)
    return normalize(loop, db(-6))


def collision() -> Buf:
    """A knock of two hard plastic spheres: a click and two short resonances."""
    rng = random.Random(303)
    dur = 0.12
    n = n_samples(dur)
    click = mul(highpass(noise(dur, rng), 2500.0), env_exp(n, 0.0003, 0.004))
    knock = mul(osc("sine", 1850.0, dur, 1650.0), env_exp(n, 0.0005, 0.018))
    body = mul(osc("sine", 720.0, dur, 640.0), env_exp(n, 0.001, 0.03))
    out = [c * 0.9 + k * 0.6 + b * 0.5 for c, k, b in zip(click, knock, body, strict=True)]
    return fades(normalize(out, db(-3)), 0.0005, 0.01)


def pop() -> Buf:
    """The opening: a spring snap, a quick pitch-down pop and a tiny rattle of parts."""
    rng = random.Random(404)
    dur = 0.22
    n = n_samples(dur)
    out = [0.0] * n
    snap = mul(highpass(noise(0.02, rng), 3000.0), env_exp(n_samples(0.02), 0.0002, 0.003))
    mix_into(out, snap, 0, 1.0)
    pop_tone = mul(osc("sine", 950.0, 0.12, 240.0), env_exp(n_samples(0.12), 0.001, 0.035))
    mix_into(out, pop_tone, n_samples(0.004), 0.9)
    thump = mul(osc("sine", 160.0, 0.1, 90.0), env_exp(n_samples(0.1), 0.002, 0.03))
    mix_into(out, thump, n_samples(0.004), 0.5)
    for k in range(4):
        tick = mul(highpass(noise(0.01, rng), 2200.0), env_exp(n_samples(0.01), 0.0003, 0.002))
        mix_into(out, tick, n_samples(0.05 + 0.035 * k + 0.01 * rng.random()), 0.35 / (k + 1))
    return fades(normalize(out, db(-3)), 0.0003, 0.02)


def _sweep(f0: float, f1: float) -> Callable[[float], float]:
    """A band-pass centre moving linearly from f0 to f1 Hz."""

    def centre(t: float) -> float:
        return f0 + (f1 - f0) * t

    return centre


def flip() -> Buf:
    """A card flip: two papery swishes and a light tap as it lands face up."""
    rng = random.Random(505)
    dur = 0.24
    n = n_samples(dur)
    out = [0.0] * n
    for start, length, hz in ((0.0, 0.07, 3200.0), (0.075, 0.06, 4200.0)):
        m = n_samples(length)
        swish = bandpass(noise(length, rng), _sweep(hz * 0.8, hz * 1.2), q=1.2)
        e = [math.sin(math.pi * i / m) ** 2 for i in range(m)]
        mix_into(out, mul(swish, e), n_samples(start), 1.0)
    tap = mul(lowpass(noise(0.05, rng), 1400.0), env_exp(n_samples(0.05), 0.0005, 0.01))
    mix_into(out, tap, n_samples(0.15), 2.2)
    return fades(normalize(out, db(-5)), 0.001, 0.01)


def ability() -> Buf:
    """A rising magical chime: a quick bell arpeggio over a rising shimmer."""
    rng = random.Random(606)
    dur = 0.6
    n = n_samples(dur)
    out = [0.0] * n
    for k, midi in enumerate((79, 83, 86, 91)):  # G5 B5 D6 G6
        tone = bell(midi, dur - 0.07 * k, tau=0.22, detune=0.003 * (k % 2))
        mix_into(out, tone, n_samples(0.07 * k), 0.8 - 0.1 * k)
    shimmer = bandpass(noise(dur, rng), lambda t: 3000.0 + 4000.0 * t, q=6.0)
    e = [math.sin(math.pi * i / n) * (i / n) for i in range(n)]
    mix_into(out, mul(shimmer, e), 0, 0.7)
    return fades(normalize(out, db(-4)), 0.002, 0.06)


def _fanfare_voice(midi: float, seconds: float, vibrato: float = 0.0) -> Buf:
    """A bright brassy voice: a pulse and a triangle an octave down, softened."""
    n = n_samples(seconds)
    f = note_hz(midi)
    out = [0.0] * n
    ph1 = ph2 = 0.0
    for i in range(n):
        t = i / RATE
        ff = f * (1.0 + vibrato * math.sin(TAU * 5.5 * t) * min(1.0, t / 0.3))
        ph1 += ff / RATE
        ph2 += ff / (2.0 * RATE)
        x = ph2 % 1.0
        tri = 4.0 * x - 1.0 if x < 0.5 else 3.0 - 4.0 * x
        out[i] = (0.55 if (ph1 % 1.0) < 0.3 else -0.45) + 0.5 * tri
    out = lowpass(out, 2800.0)
    return mul(out, env_adsr(n, 0.01, 0.08, 0.7, min(0.06, seconds * 0.4)))


def battle_win() -> Buf:
    """A short fanfare: three quick notes up to a held major third."""
    dur = 0.6
    out = silence(dur)
    for start, midi, length in ((0.0, 67, 0.09), (0.1, 72, 0.09), (0.2, 76, 0.38)):
        mix_into(out, _fanfare_voice(midi, length), n_samples(start))
    mix_into(out, _fanfare_voice(79, 0.38), n_samples(0.2), 0.6)
    return fades(normalize(out, db(-3)), 0.001, 0.04)


def capture() -> Buf:
    """A chunky card slap onto the pile, then a two-note chime."""
    rng = random.Random(808)
    dur = 0.55
    out = silence(dur)
    slap = mul(lowpass(noise(0.08, rng), 2500.0), env_exp(n_samples(0.08), 0.0005, 0.012))
    mix_into(out, slap, 0, 1.3)
    thump = mul(osc("sine", 140.0, 0.12, 70.0), env_exp(n_samples(0.12), 0.001, 0.04))
    mix_into(out, thump, 0, 0.9)
    mix_into(out, bell(84, 0.45, tau=0.18), n_samples(0.07), 0.45)
    mix_into(out, bell(91, 0.38, tau=0.16), n_samples(0.15), 0.4)
    return fades(normalize(out, db(-3)), 0.0005, 0.05)


def victory() -> Buf:
    """The match's fanfare (about 2.6 s): a call, an answer and a held chord."""
    dur = 2.6
    out = silence(dur)
    melody = (
        (0.0, 67, 0.14),
        (0.15, 67, 0.14),
        (0.3, 67, 0.14),
        (0.45, 72, 0.42),
        (0.9, 70, 0.2),
        (1.12, 74, 0.2),
        (1.34, 79, 1.2),
    )
    for start, midi, length in melody:
        mix_into(out, _fanfare_voice(midi, length, 0.006 if length > 1 else 0.0), n_samples(start))
    harmony = ((0.45, (64, 60), 0.42), (0.9, (65, 62), 0.42), (1.34, (76, 71, 67), 1.2))
    for start, notes, length in harmony:
        for midi in notes:
            mix_into(out, _fanfare_voice(midi, length), n_samples(start), 0.35)
    for start, midi in ((0.45, 48), (0.9, 46), (1.34, 43)):
        tone = mul(osc("triangle", note_hz(midi), 0.5), env_exp(n_samples(0.5), 0.005, 0.25))
        mix_into(out, tone, n_samples(start), 0.7)
    mix_into(out, bell(91, 1.2, tau=0.5), n_samples(1.34), 0.25)
    return fades(normalize(out, db(-3)), 0.001, 0.25)


def miss() -> Buf:
    """A soft thud and a falling blip: the throw went nowhere."""
    rng = random.Random(1010)
    dur = 0.36
    out = silence(dur)
    thud = mul(lowpass(noise(0.06, rng), 500.0), env_exp(n_samples(0.06), 0.002, 0.02))
    mix_into(out, thud, 0, 2.0)
    blip = mul(osc("triangle", 520.0, 0.3, 150.0), env_adsr(n_samples(0.3), 0.01, 0.1, 0.6, 0.15))
    mix_into(out, lowpass(blip, 1500.0), n_samples(0.04), 0.8)
    return fades(normalize(out, db(-5)), 0.002, 0.04)


def ui_click() -> Buf:
    """A short, soft tick for buttons."""
    rng = random.Random(1111)
    dur = 0.05
    n = n_samples(dur)
    tone = mul(osc("sine", 2400.0, dur, 1900.0), env_exp(n, 0.0005, 0.008))
    tick = mul(highpass(noise(dur, rng), 3000.0), env_exp(n, 0.0002, 0.002))
    out = [a + 0.4 * b for a, b in zip(tone, tick, strict=True)]
    return fades(normalize(out, db(-8)), 0.0003, 0.01)


# ---------------------------------------------------------------- the menu music

STEP = 2520  # samples per sixteenth note (131 BPM); 12 bars of 16 steps loop in 21.9 s
BARS = 12
# Chords (root, third, fifth as MIDI) per bar: C G Am F | C G F G | Am F C G -> C again.
CHORDS = [
    (48, 52, 55), (43, 47, 50), (45, 48, 52), (41, 45, 48),
    (48, 52, 55), (43, 47, 50), (41, 45, 48), (43, 47, 50),
    (45, 48, 52), (41, 45, 48), (48, 52, 55), (43, 47, 50),
]  # fmt: skip
# The tune: (step in the bar, MIDI note, length in steps) per bar; original, hand-made.
TUNE: list[list[tuple[int, int, int]]] = [
    [(0, 72, 3), (4, 76, 2), (6, 79, 2), (8, 76, 3), (12, 74, 2), (14, 72, 2)],
    [(0, 74, 4), (4, 71, 2), (6, 74, 2), (8, 79, 6)],
    [(0, 76, 3), (4, 72, 2), (6, 76, 2), (8, 81, 3), (12, 79, 4)],
    [(0, 77, 2), (2, 76, 2), (4, 74, 2), (6, 72, 2), (8, 74, 8)],
    [(0, 72, 3), (4, 76, 2), (6, 79, 2), (8, 84, 4), (12, 83, 2), (14, 81, 2)],
    [(0, 79, 4), (4, 74, 2), (6, 79, 2), (8, 83, 6)],
    [(0, 81, 2), (2, 79, 2), (4, 77, 2), (6, 76, 2), (8, 74, 4), (12, 72, 4)],
    [(0, 74, 6), (8, 71, 2), (10, 74, 2), (12, 79, 4)],
    [(0, 76, 2), (2, 72, 2), (4, 69, 4), (8, 72, 2), (10, 76, 2), (12, 81, 4)],
    [(0, 77, 4), (4, 81, 2), (6, 77, 2), (8, 72, 8)],
    [(0, 76, 2), (2, 79, 2), (4, 84, 4), (8, 83, 2), (10, 79, 2), (12, 76, 4)],
    [(0, 74, 4), (4, 79, 4), (8, 74, 2), (10, 71, 2), (12, 67, 4)],
]
# Drums per bar (16 steps): k kick, s snare, h hi-hat; the last bar has a small fill.
DRUMS = "k.h.s.h.k.kks.h." * 1
FILL = "k.h.s.h.k.s.sss."


def _kick(rng: random.Random) -> Buf:
    tone = osc("sine", 130.0, 0.16, 45.0)
    return mul(tone, env_exp(len(tone), 0.001, 0.06))


def _snare(rng: random.Random) -> Buf:
    n = n_samples(0.13)
    body = mul(osc("triangle", 190.0, 0.13, 160.0), env_exp(n, 0.001, 0.03))
    hiss = mul(highpass(noise(0.13, rng), 1200.0), env_exp(n, 0.001, 0.04))
    return [0.5 * b + 0.6 * h for b, h in zip(body, hiss, strict=True)]


def _hat(rng: random.Random) -> Buf:
    n = n_samples(0.035)
    return mul(highpass(noise(0.035, rng), 5000.0), env_exp(n, 0.0005, 0.008))


def _lead(midi: int, steps: int) -> Buf:
    seconds = steps * STEP / RATE * 0.92
    n = n_samples(seconds)
    tone = osc("square", note_hz(midi), seconds, duty=0.25)
    tone = lowpass(tone, 3000.0)
    return mul(tone, env_adsr(n, 0.006, 0.06, 0.55, min(0.05, seconds * 0.3)))


def music_menu() -> Buf:
    """A quiet, loopable chiptune-ish tune: lead, arpeggio, bass and drums."""
    rng = random.Random(1212)
    n = BARS * 16 * STEP
    out = [0.0] * n
    kick, snare, hat = _kick(rng), _snare(rng), _hat(rng)
    lead_cache: dict[tuple[int, int], Buf] = {}
    tri_cache: dict[tuple[int, float], Buf] = {}

    def tri(midi: int, seconds: float) -> Buf:
        key = (midi, seconds)
        if key not in tri_cache:
            tone = osc("triangle", note_hz(midi), seconds)
            m = len(tone)
            tri_cache[key] = mul(tone, env_adsr(m, 0.004, 0.05, 0.7, min(0.03, seconds / 3)))
        return tri_cache[key]

    for bar in range(BARS):
        base = bar * 16 * STEP
        root, third, fifth = CHORDS[bar]
        # Lead.
        for step, midi, length in TUNE[bar]:
            key = (midi, length)
            if key not in lead_cache:
                lead_cache[key] = _lead(midi, length)
            mix_into(out, lead_cache[key], base + step * STEP, 0.30, wrap=True)
        # Arpeggio (quiet, from bar 5 on: the second phrase gets fuller).
        if bar >= 4:
            arp = (root + 12, third + 12, fifth + 12, third + 12)
            for step in range(16):
                mix_into(out, tri(arp[step % 4], STEP / RATE * 0.8), base + step * STEP, 0.10)
        # Bass: root on the beat, the fifth and octave between.
        pattern = (root - 12, root - 12, fifth - 12, root)
        for k in range(8):
            midi = pattern[k % 4]
            mix_into(out, tri(midi, 2 * STEP / RATE * 0.92), base + 2 * k * STEP, 0.42, wrap=True)
        # Drums.
        beats = FILL if bar == BARS - 1 else DRUMS
        for step, hit in enumerate(beats):
            sound = {"k": kick, "s": snare, "h": hat}.get(hit)
            if sound is not None:
                g = {"k": 0.55, "s": 0.28, "h": 0.12}[hit]
                mix_into(out, sound, base + step * STEP, g, wrap=True)
    # Gentle warmth, then a quiet level (the player's music volume scales it further).
    # (The filter is primed with the loop's end, so the loop stays seamless.)
    prime = 512
    warm = lowpass(out[-prime:] + out, 5500.0)[prime:]
    return normalize(warm, db(-9))


# ---------------------------------------------------------------- writing

SOUNDS: dict[str, Callable[[], Buf]] = {
    "throw": throw,
    "roll": roll,
    "collision": collision,
    "pop": pop,
    "flip": flip,
    "ability": ability,
    "battle_win": battle_win,
    "capture": capture,
    "victory": victory,
    "miss": miss,
    "ui_click": ui_click,
    "music_menu": music_menu,
}


def to_pcm(x: Buf) -> bytes:
    """16-bit little-endian PCM, rounded and clamped (nothing should need the clamp)."""
    samples = array.array("h", (max(-32767, min(32767, round(v * 32767.0))) for v in x))
    if sys.byteorder == "big":
        samples.byteswap()
    return samples.tobytes()


def write_wav(path: Path, x: Buf) -> int:
    """Write `x` as a WAV file; returns its size in bytes."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(to_pcm(x))
    return path.stat().st_size


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=OUT, help=f"folder (default {OUT})")
    parser.add_argument("--only", default="", help="comma-separated names (default: all)")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    names = [n for n in args.only.split(",") if n] or list(SOUNDS)
    unknown = [n for n in names if n not in SOUNDS]
    if unknown:
        parser.error(f"unknown sounds {unknown} (known: {', '.join(SOUNDS)})")
    total = 0
    for name in names:
        x = SOUNDS[name]()
        size = write_wav(args.out / f"{name}.wav", x)
        total += size
        if not args.quiet:
            peak = max(abs(v) for v in x)
            dbfs = 20 * math.log10(peak) if peak > 0 else -math.inf
            seconds = len(x) / RATE
            print(f"{name:12s} {seconds:6.3f} s {size / 1024:8.1f} KiB  peak {dbfs:6.1f} dBFS")
    if not args.quiet:
        print(f"{'total':12s} {total / 1024:17.1f} KiB in {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
