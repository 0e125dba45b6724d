"""Headless UI harness: one offscreen 800x480 window per test process, a fresh app and
database per test, and a driver that taps real widgets with real touch events."""

from __future__ import annotations

import gc
import os
import time
from pathlib import Path
from typing import Callable, Iterator

import pytest

from ui.shell.launch import configure_kivy

configure_kivy(fullscreen=False)

from kivy.app import App  # noqa: E402
from kivy.base import EventLoop  # noqa: E402
from kivy.core.window import Window  # noqa: E402
from kivy.tests.common import UnitTestTouch  # noqa: E402
from kivy.uix.behaviors import ButtonBehavior  # noqa: E402
from kivy.uix.modalview import ModalView  # noqa: E402

from companion.db.store import Store  # noqa: E402
from ui.kit.doubletap import reached  # noqa: E402

#: where ``Driver.screenshot`` writes; docs/make_screenshots.py --every points it elsewhere
ARTIFACTS = Path(os.environ.get("COMPANION_SHOTS") or Path(__file__).resolve().parents[1] / "_artifacts")


#: seconds between two taps of a test, on the touches' own clock: a test's taps are never
#: a double tap, however fast the machine runs them (ui/kit/doubletap.py reads these times)
TAP_APART_S = 10.0
#: seconds between the two taps of a double tap (Kivy's double_tap_time is 0.25 s)
DOUBLE_TAP_S = 0.05


#: seconds a test waits for the app before it fails: a loaded machine's frames are slow, a hang is not
WAIT_S = 30.0


def pump_until(ui: "Driver", condition: Callable[[], object], timeout: float = WAIT_S) -> None:
    """Run frames until ``condition`` holds. Time bounds the wait, not a count of frames: the
    tests run with no frame cap (tests/conftest.py), so a frame may take microseconds, and
    what waits on the clock (a pad's lockout, a scroll's swipe check) needs time to pass."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, \
            f"still waiting after {timeout} s on {ui.screen.name!r}: " + repr(ui.texts()[:12])
        ui.pump(1)
        time.sleep(0.001)  # the other test process shares the cores


def _words(widget) -> str:
    return repr(getattr(widget, "text", None) or type(widget).__name__)


class Driver:
    """What a person does at the screen: look, tap, type."""

    def __init__(self, app) -> None:
        self.app = app
        self.clock = 1000.0  # the touches' time: set, so no test depends on the machine's speed

    @property
    def screen(self):
        return self.app.manager.current_screen

    def pump(self, frames: int = 3) -> None:
        for _ in range(frames):
            EventLoop.idle()

    def widgets(self, root=None):
        return list((root or self.screen).walk(restrict=True))

    def find(self, text: str | None = None, *, cls: type | None = None, startswith: str | None = None, root=None):
        """The single widget on screen whose text is ``text`` (or starts with ``startswith``)."""
        found = [w for w in self.widgets(root)
                 if (cls is None or isinstance(w, cls))
                 and (text is None or getattr(w, "text", None) == text)
                 and (startswith is None or str(getattr(w, "text", "")).startswith(startswith))]
        assert len(found) == 1, f"expected one widget {text or startswith!r}, found {len(found)}: " + \
            repr(sorted({str(getattr(w, 'text', ''))[:40] for w in self.widgets(root) if getattr(w, 'text', '')}))
        return found[0]

    def texts(self, root=None) -> list[str]:
        return [w.text for w in self.widgets(root) if isinstance(getattr(w, "text", None), str) and w.text]

    def tap(self, widget_or_text, **find) -> None:
        widget = self.find(widget_or_text, **find) if isinstance(widget_or_text, str) else widget_or_text
        assert not widget.disabled, f"{getattr(widget, 'text', widget)!r} is disabled"
        self.pump(1)
        x, y = widget.to_window(*widget.center)
        assert 0 <= x <= Window.width and 0 <= y <= Window.height, f"{widget} is off screen at {(x, y)}"
        # the double-tap guard judges a second tap by what ui.kit.doubletap.reached says it would
        # reach: every tap of every test checks that against where Kivy really sent the touch
        # (a button predicted either took the touch or not; with none predicted, every button
        # is looked at, since one pressed instead has its last_touch set)
        predicted = reached(x, y)
        expected = [predicted] if isinstance(predicted, ButtonBehavior) else []
        buttons = expected or [w for root in Window.children for w in root.walk(restrict=True)
                               if isinstance(w, ButtonBehavior)]
        touch = self.touch_at(x, y, TAP_APART_S)
        pressed = [b for b in buttons if b.last_touch is touch]
        assert pressed == expected, \
            f"reached({x:.0f}, {y:.0f}) said {_words(predicted)}, Kivy pressed {[_words(b) for b in pressed]}"
        self.settle()

    def settle(self) -> None:
        """Frames until what the app builds a part a frame is built (a screen opened from Home,
        a game's other pages: ui/shell/app.py), however many frames that takes."""
        pump_until(self, lambda: not self.app.building)

    def new_touch(self, x: float, y: float, after_s: float = TAP_APART_S) -> UnitTestTouch:
        """A finger coming down at (x, y), ``after_s`` after the last one on the touches' own
        clock: a person's next tap, never the second tap of a double tap (which ui.kit.doubletap
        lets through to nothing) unless ``after_s`` says so; no waiting for the real time."""
        self.clock += after_s
        touch = UnitTestTouch(x, y)
        touch.time_start = touch.time_update = self.clock
        return touch

    def touch_at(self, x: float, y: float, after_s: float) -> UnitTestTouch:
        """A finger down and up at (x, y) in window pixels, ``after_s`` after the last one."""
        touch = self.new_touch(x, y, after_s)
        touch.touch_down()
        self.pump(1)
        touch.touch_up()
        self.pump(2)
        return touch

    def double_tap(self, widget_or_text, **find) -> None:
        """Two taps on the same spot, the second 50 ms after the first: whatever the first
        put under the finger gets the second, unless the screen's guard takes it."""
        widget = self.find(widget_or_text, **find) if isinstance(widget_or_text, str) else widget_or_text
        assert not widget.disabled, f"{getattr(widget, 'text', widget)!r} is disabled"
        self.pump(1)
        x, y = widget.to_window(*widget.center)
        self.touch_at(x, y, TAP_APART_S)
        self.touch_at(x, y, DOUBLE_TAP_S)

    def type(self, text: str) -> None:
        """Keyboard input into the focused text field."""
        for char in text:
            Window.dispatch("on_textinput", char)
        self.pump(1)

    def key(self, key: int, modifiers: list[str] | None = None) -> None:
        Window.dispatch("on_keyboard", key, 0, None, modifiers or [])
        self.pump(1)

    def screenshot(self, name: str) -> Path:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        self.pump(2)
        # Window.screenshot numbers its files (name0001.png); keep one stable name per shot
        path = ARTIFACTS / f"{name}.png"
        Path(Window.screenshot(name=str(ARTIFACTS / f"{name}-.png"))).replace(path)
        return path


def start_app(db: Path, **kwargs):
    from ui.shell.app import CompanionApp

    store = Store(db, sync_later=True)  # as the app opens it (companion/db/check.py open_for_app)
    # a test that taps a field and then a button below it means the button, not a key of the
    # on-screen keyboard (this machine has no keyboard, so "auto" would show it); tests of the
    # keyboard itself pass keyboard="on"
    store.set_pref("keyboard", kwargs.pop("keyboard", "off"))
    app = CompanionApp(store, backend=kwargs.pop("backend", "sim"), **kwargs)
    app._run_prepare()  # what App.run() does before its loop: build, attach to the window, on_start
    return Driver(app)


def stop_app(driver: Driver) -> None:
    app = driver.app
    for popup in [w for w in Window.children if isinstance(w, ModalView)]:
        popup.dismiss(animation=False)  # left open by the test: the next app's taps would land on it
    Window.remove_widget(app.root)
    app.dispatch("on_stop")
    App._running_app = None
    # the app's widgets hold cycles, and until the collector frees them they still answer what
    # they were bound to (the window's size, the density, the Clock): a worker that ran a few
    # hundred UI tests held a million such objects, and resizing its window laid out every
    # dead screen again (test_resize_pages' Bountytown walk: 43 s of CPU there, 10 s alone)
    gc.collect()


@pytest.fixture
def db(tmp_path) -> Path:
    return tmp_path / "companion.db"


@pytest.fixture
def ui(db) -> Iterator[Driver]:
    driver = start_app(db)
    driver.pump()
    yield driver
    stop_app(driver)


@pytest.fixture
def kb(db) -> Iterator[Driver]:
    """The app with the on-screen keyboard on (this machine has no keyboard, so "auto"
    would show it too), for the tests of typing on it."""
    driver = start_app(db, keyboard="on")
    driver.pump()
    yield driver
    Window.release_all_keyboards()
    stop_app(driver)


@pytest.fixture(autouse=True)
def voice():
    """Every UI test hears the calls through a recording engine, never espeak-ng: the voice
    tests measure espeak-ng's WAVs (tests/voice), and a real synthesis in each game's test
    would only cost time. The test gets the engine, to read what was said."""
    from tests.voice.recording import Recording
    from ui.sound.speech import SPEAKER

    recording = Recording()
    SPEAKER.engine = recording
    return recording
