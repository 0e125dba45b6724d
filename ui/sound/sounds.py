"""Sounds made by code: short WAV files synthesised with the stdlib `wave` module on first
use and cached, so nothing is downloaded and nothing binary lives in the repository.

A sound plays only when the player has sound on (Settings); a machine with no audio
device simply stays silent.
"""

from __future__ import annotations

import math
import os
import random
import struct
import wave
from functools import cache
from pathlib import Path

from kivy.app import App
from kivy.core.audio import SoundLoader

RATE = 22050


def _cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "companion" / "sounds"


def _bell(t: float) -> float:
    """The card reveal: a bright struck bell, unmistakable across a noisy table."""
    return math.exp(-6 * t) * (math.sin(2 * math.pi * 1320 * t) + 0.5 * math.sin(2 * math.pi * 2640 * t))


def _rattle(t: float, noise=random.Random(7)) -> float:
    """Bullets drawn from a bag: a burst of dry clicks."""
    return noise.uniform(-1, 1) * math.exp(-25 * (t % 0.06)) * 0.6


def _tick(t: float) -> float:
    """A claim landing on a tile: one short tick."""
    return math.exp(-60 * t) * math.sin(2 * math.pi * 880 * t)


def _buzz(t: float) -> float:
    """A refusal: two low, rough pulses, unlike anything good the app says."""
    pulse = 1.0 if (t % 0.18) < 0.12 else 0.0
    return pulse * 0.7 * (math.sin(2 * math.pi * 150 * t) + 0.4 * math.sin(2 * math.pi * 450 * t))


def _fanfare(t: float) -> float:
    """The game's end: three rising notes and a held fourth, a bugle call."""
    notes = (523.25, 659.25, 783.99, 1046.5)
    index = min(int(t / 0.16), 3)
    start = index * 0.16
    return math.exp(-3 * (t - start)) * math.sin(2 * math.pi * notes[index] * t)


VOICES = {"reveal": (_bell, 0.6), "draw": (_rattle, 0.3), "claim": (_tick, 0.08),
          "refusal": (_buzz, 0.36), "end": (_fanfare, 1.1)}


def synthesise(name: str, path: Path) -> Path:
    voice, seconds = VOICES[name]
    frames = b"".join(
        struct.pack("<h", int(max(-1.0, min(1.0, voice(i / RATE))) * 0.8 * 32767))
        for i in range(int(seconds * RATE))
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames)
    return path


@cache
def _sound(name: str):
    path = _cache_dir() / f"{name}.wav"
    if not path.exists():
        synthesise(name, path)
    return SoundLoader.load(str(path))


def preload(*names: str) -> None:
    """Synthesise and load sounds ahead of time, so the first reveal's bell costs nothing
    in the frame that shows the card."""
    for name in names:
        _sound(name)


def play(name: str) -> bool:
    """Play a named sound if sound is on; True if it was started."""
    app = App.get_running_app()
    if app is not None and not app.store.pref("sound", True):
        return False
    sound = _sound(name)
    if sound is None:
        return False
    sound.stop()
    sound.play()
    return True
