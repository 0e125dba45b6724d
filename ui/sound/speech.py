"""The table's voice in the app: calls synthesised on a thread of their own, then played on
the Clock, never on the UI thread's time.

A screen calls :meth:`Speaker.say` with a function that makes the sentences (a pure
``companion.voice`` function bound to its values): nothing is worked out or synthesised in
the frame that asks. The request is handed to the speaking thread after that frame is drawn
(a timeout-0 Clock event runs after the next frame, kivy/clock.py), so the reveal's frame and
its bell are never delayed: the bell stays the instant cue and speech follows it, at least
``after_s`` later. The thread makes the sentences, synthesises them (the engine is
:class:`~companion.voice.engine.Cached`: the fixed phrases are made once) and writes one WAV;
the Clock then plays it with Kivy's SoundLoader (Clock scheduling is thread safe). A newer
call cuts an older one short: the table wants the card in play, not the last one.

:meth:`Speaker.prepare` synthesises ahead without playing (the card drawn at Ready, said at
its reveal a second or two later, is then only played). Voice on/off and its volume are
store prefs (Settings); the language is the app's ``language`` pref when set, else
``--lang``/$LANGUAGE (:func:`companion.voice.language`). With no engine (no espeak-ng) the
table stays silent: `companion doctor` says why.
"""

from __future__ import annotations

import queue
import tempfile
import threading
import time
from collections import deque
from pathlib import Path
from typing import Any, Callable

from kivy.app import App
from kivy.clock import Clock
from kivy.core.audio import SoundLoader
from kivy.logger import Logger

from companion.voice import language
from companion.voice.engine import Cached, Engine, VoiceError, find_engine, resampled, utterance

VOICE_PREF = "voice"
VOLUME_PREF = "voice.volume"
LANGUAGE_PREF = "language"
DEFAULT_VOLUME = 0.8
#: the format Kivy opens SDL_mixer in (kivy/core/audio/audio_sdl2.pyx, mix_init: 44100 Hz, 16-bit,
#: stereo): a call written in it loads without a conversion on the UI thread (:func:`resampled`)
MIXER_RATE, MIXER_CHANNELS = 44100, 2
#: WAV files kept on disk (the one playing and a few before it; older ones are deleted)
KEEP_FILES = 4

Sentences = Callable[[str], list[str]]  # language -> the sentences to say


def voice_on() -> bool:
    """Whether the table hears the calls: voice on, and sound on (Sound: off means silence)."""
    app = App.get_running_app()
    store = getattr(app, "store", None)
    return store is None or bool(store.pref("sound", True) and store.pref(VOICE_PREF, True))


def volume() -> float:
    app = App.get_running_app()
    store = getattr(app, "store", None)
    return float(store.pref(VOLUME_PREF, DEFAULT_VOLUME)) if store is not None else DEFAULT_VOLUME


def spoken_language() -> str:
    app = App.get_running_app()
    store = getattr(app, "store", None)
    return language(store.pref(LANGUAGE_PREF, None) if store is not None else None)


class Speaker:
    """One speaking thread, started on the first call. ``engine`` may be replaced (a better
    engine, a test's recording one) before that."""

    def __init__(self, engine: Engine | None = None) -> None:
        self._engine = engine
        self._jobs: queue.Queue[tuple[int, int, Sentences, str, float, bool]] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._folder: tempfile.TemporaryDirectory[str] | None = None
        self._files: deque[Path] = deque()
        self._newest = 0  # the number of the newest call asked for: an older one is not played
        self._sound: Any = None
        self._pending = 0  # calls asked for and not yet synthesised
        self._prepared: tuple[tuple[str, tuple[str, ...]], Path] | None = None  # the last call made, by its words
        self._lock = threading.Lock()
        self._generation = 0  # which engine the calls are for: one set since drops them
        self.played: list[Path] = []  # what was played, newest last (tests and benchmarks read it)

    @property
    def engine(self) -> Engine:
        if self._engine is None:
            self._engine = Cached(find_engine())
        return self._engine

    @engine.setter
    def engine(self, engine: Engine) -> None:
        """Speak with ``engine`` from now on: the calls asked for before are dropped, not made
        by it (a test's engine hears only its own test's calls)."""
        self._engine = Cached(engine)
        self._generation += 1
        self._prepared = None  # the old engine's words

    def say(self, sentences: Sentences, after_s: float = 0.0) -> None:
        """Say what ``sentences(lang)`` gives, no sooner than ``after_s`` from now (a bell's
        length), if the voice is on."""
        if voice_on():
            self._ask(sentences, after_s, play=True)

    def prepare(self, sentences: Sentences) -> None:
        """Synthesise ahead what will be said soon, so saying it then costs only playing it."""
        if voice_on():
            self._ask(sentences, 0.0, play=False)

    def busy(self) -> bool:
        """Whether a call is still waiting to be synthesised (tests and benchmarks wait on it)."""
        with self._lock:
            return self._pending > 0

    def _ask(self, sentences: Sentences, after_s: float, play: bool) -> None:
        lang, due = spoken_language(), time.monotonic() + after_s
        if play:
            self._newest += 1
        number = self._newest
        with self._lock:
            self._pending += 1
        job = (self._generation, number, sentences, lang, due, play)
        Clock.schedule_once(lambda _dt: self._put(job))

    def _put(self, job: tuple[int, int, Sentences, str, float, bool]) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="speech", daemon=True)
            self._thread.start()
        self._jobs.put(job)

    def _run(self) -> None:
        while True:
            generation, number, sentences, lang, due, play = self._jobs.get()
            try:
                if generation != self._generation:
                    continue  # asked of an engine since replaced
                lines = sentences(lang)
                if not lines:
                    continue  # an action with nothing to say (found by the table monkey)
                path = self._made(lines, lang)
            except VoiceError as exc:
                Logger.warning(f"Speech: not said ({exc})")
            except Exception as exc:  # a call that cannot be made is skipped; the game goes on
                Logger.exception(f"Speech: the call could not be made ({exc!r})")
            else:
                if play:
                    Clock.schedule_once(lambda _dt: self._play(number, path, due))
            finally:
                with self._lock:
                    self._pending -= 1

    def _made(self, lines: list[str], lang: str) -> Path:
        """The call's WAV file: the one :meth:`prepare` made for these very words, else made
        now (synthesised, joined, widened to the mixer's format and written)."""
        key = (lang, tuple(lines))
        if self._prepared is not None and self._prepared[0] == key and self._prepared[1].exists():
            return self._prepared[1]
        path = self._write(resampled(utterance(self.engine, lines, lang), MIXER_RATE, MIXER_CHANNELS))
        self._prepared = (key, path)
        return path

    def _write(self, wav: bytes) -> Path:
        """The WAV as a file (SoundLoader plays files), the oldest beyond ``KEEP_FILES`` deleted."""
        if self._folder is None:  # removed when the app exits (the object's finalizer runs at exit)
            self._folder = tempfile.TemporaryDirectory(prefix="companion-speech-")
        path = Path(self._folder.name) / f"call-{time.monotonic_ns()}.wav"
        path.write_bytes(wav)
        self._files.append(path)
        while len(self._files) > KEEP_FILES:
            self._files.popleft().unlink(missing_ok=True)
        return path

    def _play(self, number: int, path: Path, due: float) -> None:
        wait = due - time.monotonic()
        if wait > 0:  # Kivy's clock reads the time once a frame: an event may come a little early
            Clock.schedule_once(lambda _dt: self._play(number, path, due), wait)
            return
        if number != self._newest or not voice_on():
            return  # a newer call came meanwhile, or the voice was turned off
        if self._sound is not None:
            self._sound.stop()
        self._sound = SoundLoader.load(str(path))
        self.played.append(path)
        if self._sound is not None:  # None: no audio device, the table stays silent
            self._sound.volume = volume()
            self._sound.play()


#: the app's one voice
SPEAKER = Speaker()
