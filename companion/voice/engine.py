"""Text to speech behind one small interface, so a better engine can replace espeak-ng.

An engine is anything with ``name`` and ``synthesize(text, lang) -> bytes`` (a whole WAV
file). :class:`Espeak` runs espeak-ng, a Debian and Raspberry Pi OS package with English and
French voices, offline; Pico TTS or Piper with a packaged voice would be another class with
the same two members. :class:`Silent` is what the table gets when no engine is installed:
it says nothing and ``companion doctor`` says why (:func:`voice_problem`). :class:`Cached`
keeps the last phrases made, so a phrase said on every card ("Sheriff!", "Nobody takes a
bullet.") is synthesised once.

The text reaches espeak-ng on its standard input as UTF-8 (``-b 1``), never through a shell
or as an argument it could read as an option: a player named "-José" or "Zoë" is said as
typed.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
import sys
import wave
from array import array
from collections import OrderedDict
from io import BytesIO
from pathlib import Path
from threading import Lock
from typing import Protocol, Sequence

#: espeak-ng's voice for each language we speak
ESPEAK_VOICES = {"en": "en", "fr": "fr"}
#: how long one phrase may take to synthesise before it is given up (a stuck engine must not
#: hold the speaking thread forever; espeak-ng takes well under a second for a call)
TIMEOUT_S = 20.0
#: phrases kept by :class:`Cached` (a game says a few dozen distinct fixed phrases)
CACHE_PHRASES = 64
APT_FIX = "sudo apt install espeak-ng (wiring/install.sh does it)"


class VoiceError(Exception):
    """The engine could not say a phrase (missing, crashed, timed out)."""


class Engine(Protocol):
    name: str

    def synthesize(self, text: str, lang: str) -> bytes:
        """``text`` spoken in ``lang`` as a whole WAV file; raises VoiceError."""
        ...


class Espeak:
    """espeak-ng, run once per phrase. ``speed`` in words per minute (espeak's -s): a little
    slower than its 175 default, for a noisy table."""

    name = "espeak-ng"

    def __init__(self, program: str = "espeak-ng", speed: int = 160) -> None:
        self.program, self.speed = program, speed

    def synthesize(self, text: str, lang: str) -> bytes:
        # -w to a file, not --stdout: on a pipe espeak-ng cannot seek back, so its WAV header
        # gives no length (0x7fffffff), which players and the wave module then misread
        with tempfile.TemporaryDirectory(prefix="companion-voice-") as folder:
            out = Path(folder) / "say.wav"
            command = [self.program, "-v", ESPEAK_VOICES[lang], "-s", str(self.speed), "-b", "1",
                       "--stdin", "-w", str(out)]
            try:
                done = subprocess.run(command, input=text.encode("utf-8"), capture_output=True,
                                      timeout=TIMEOUT_S, check=False)
            except (OSError, subprocess.TimeoutExpired) as exc:
                raise VoiceError(f"{self.name} did not run: {exc}") from exc
            if done.returncode != 0 or not out.exists():
                raise VoiceError(f"{self.name} failed ({done.returncode}): "
                                 f"{done.stderr.decode('utf-8', 'replace').strip()[:200]}")
            return out.read_bytes()

    def voices(self) -> set[str]:
        """The languages (of ours) espeak-ng has a voice for."""
        found = set()
        for lang, voice in ESPEAK_VOICES.items():
            try:
                listed = subprocess.run([self.program, f"--voices={voice}"], capture_output=True,
                                        timeout=TIMEOUT_S, check=False).stdout.decode("utf-8", "replace")
            except (OSError, subprocess.TimeoutExpired):
                continue
            if len(listed.strip().splitlines()) > 1:  # a header line, then one line per voice
                found.add(lang)
        return found


class Silent:
    """No engine: every phrase is silence (no sound at all), so the table plays on."""

    name = "none"

    def synthesize(self, text: str, lang: str) -> bytes:
        raise VoiceError("no speech engine is installed")


class Cached:
    """``engine`` with its last ``size`` phrases kept in memory (least recently said dropped
    first). Thread safe: the app's speaking thread and a test may share it."""

    def __init__(self, engine: Engine, size: int = CACHE_PHRASES) -> None:
        self.engine, self.size = engine, size
        self.name = engine.name
        self._kept: OrderedDict[tuple[str, str], bytes] = OrderedDict()
        self._lock = Lock()

    def synthesize(self, text: str, lang: str) -> bytes:
        key = (lang, text)
        with self._lock:
            if key in self._kept:
                self._kept.move_to_end(key)
                return self._kept[key]
        wav = self.engine.synthesize(text, lang)
        with self._lock:
            self._kept[key] = wav
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
        return wav


def utterance(engine: Engine, sentences: Sequence[str], lang: str) -> bytes:
    """Several sentences as one WAV, each synthesised on its own: through :class:`Cached`, a
    call's fixed sentences ("Nobody takes a bullet.") are made once, and only the sentences
    with this card's names and numbers are new. Every piece must share one format (an engine
    always answers in its own)."""
    if not sentences:  # a WAV of nothing has no format to write: the caller says nothing instead
        raise VoiceError("nothing to say")
    pieces = [engine.synthesize(text, lang) for text in sentences]
    out = BytesIO()
    with wave.open(out, "wb") as joined:
        for number, piece in enumerate(pieces):
            with wave.open(BytesIO(piece)) as wav:
                if number == 0:
                    joined.setparams(wav.getparams())
                elif wav.getparams()[:3] != joined.getparams()[:3]:
                    raise VoiceError(f"{engine.name} answered in two formats: {wav.getparams()[:3]}")
                joined.writeframes(wav.readframes(wav.getnframes()))
    return out.getvalue()


def resampled(wav: bytes, rate: int, channels: int) -> bytes:
    """A 16-bit WAV widened to ``rate`` and ``channels`` by repeating samples, when ``rate`` is
    a whole multiple of its own (espeak-ng's 22050 Hz mono into a 44100 Hz stereo mixer); else
    as it is. Why: SDL_mixer converts a sound to its own format as it loads it, on the thread
    that loads it, and for a ten-second call that took 18 ms, against 1.5 ms for the same call
    already in the mixer's format. Repeating samples is array slicing (C speed, on the speaking
    thread); speech has nothing near the 11 kHz its images fall above."""
    with wave.open(BytesIO(wav)) as source:
        params = source.getparams()
        frames = source.readframes(params.nframes)
    if params.sampwidth != 2 or params.nchannels != 1 or rate % params.framerate or channels < 1:
        return wav
    samples = array("h", frames)
    if sys.byteorder == "big":
        samples.byteswap()
    copies = rate // params.framerate * channels
    wide = array("h", bytes(2 * len(samples) * copies))
    for copy in range(copies):
        wide[copy::copies] = samples
    if sys.byteorder == "big":
        wide.byteswap()
    out = BytesIO()
    with wave.open(out, "wb") as widened:
        widened.setnchannels(channels)
        widened.setsampwidth(2)
        widened.setframerate(rate)
        widened.writeframes(wide.tobytes())
    return out.getvalue()


def find_engine() -> Engine:
    """The best engine this machine has: espeak-ng when installed, else :class:`Silent`."""
    program = shutil.which("espeak-ng")
    return Espeak(program) if program else Silent()


def voice_problem() -> tuple[str, str]:
    """What `companion doctor` says of the voice: (what was found, the fix; "" when fine)."""
    program = shutil.which("espeak-ng")
    if program is None:
        return "espeak-ng is not installed: the referee's calls are shown, not said", APT_FIX
    have = Espeak(program).voices()
    missing = [lang for lang in ESPEAK_VOICES if lang not in have]
    if missing:
        return f"espeak-ng has no voice for {', '.join(missing)}", "sudo apt install --reinstall espeak-ng-data"
    return f"espeak-ng ({program}) speaks {', '.join(sorted(have))}", ""
