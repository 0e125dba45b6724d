"""The real app on a slow machine: its own Xvfb window (tests/monkey/harness.py ``xvfb``), real
clicks through the X server (tests/monkey/xinput.py), and its process stopped and continued in
slices so that it runs about 1/5.5 of the time, as a Pi 4 core runs this code (issue 37: a
double tap's second tap was read after the first tap's work, so a Pi took it for a tap of its
own, when a fast machine did not). The clicks come from the test's process, at the times a
finger makes them, whatever the app is doing: the X server holds them until the app reads them.

The child (tests/monkey/answering.py) answers what the app shows when asked; every wait here
is for an answer with a deadline that only bounds a hang."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

from Xlib import X
from Xlib.ext import xtest

from tests.monkey.harness import COLOURS, ERRORS, MAX_FPS, ROOT, xvfb
from tests.monkey.xinput import XInput

#: how much slower than this machine the app runs: a Pi 4 core (issue 38)
SLOWER = 5.5
#: seconds the app runs in each slice; it is then stopped for (SLOWER - 1) times as long
SLICE_S = 0.004
#: seconds to wait for an answer before the app counts as hung (the app's start included)
WAIT_S = 90.0
#: ms a click's button is held down, as a finger's tap on a touchscreen
HOLD_MS = 40


class Slices:
    """While entered, the process group ``pgid`` (the app and its odds worker) runs ``SLICE_S``
    of every ``SLOWER * SLICE_S`` seconds (stopped with SIGSTOP, continued with SIGCONT by a
    thread). Left, it runs on: it is continued whatever happened."""

    def __init__(self, pgid: int) -> None:
        self.pgid = pgid
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._slice, name="slices", daemon=True)

    def __enter__(self) -> Slices:
        self._thread.start()
        return self

    def __exit__(self, *_exc: Any) -> None:
        self._stop.set()
        self._thread.join()
        self._signal(signal.SIGCONT)

    def _slice(self) -> None:
        while not self._stop.is_set():
            if not self._signal(signal.SIGCONT):
                return
            time.sleep(SLICE_S)
            if not self._signal(signal.SIGSTOP):
                return
            self._stop.wait(SLICE_S * (SLOWER - 1))

    def _signal(self, number: int) -> bool:
        try:
            os.killpg(self.pgid, number)
        except ProcessLookupError:  # the app has ended: the test says how
            return False
        return True


class SlowedApp:
    """The app in a window of its own, tapped by real clicks, asked what it shows."""

    def __init__(self, folder: Path, display: str) -> None:
        self.folder, self.display = folder, display
        self.db = folder / "slowed.db"
        self.ask_path, self.answer_path = folder / "ask", folder / "answer.json"
        self.stderr_path = folder / "stderr.txt"
        self.asked = 0
        self.last: dict[str, Any] = {}
        environ = {key: value for key, value in os.environ.items() if not key.startswith(("KIVY_", "KCFG_", "SDL_"))}
        environ.update(DISPLAY=display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
                       KIVY_HOME=str(folder / "kivy"), KIVY_NO_FILELOG="1", KCFG_KIVY_LOG_LEVEL="warning",
                       KCFG_GRAPHICS_MAXFPS=str(MAX_FPS))
        with self.stderr_path.open("w") as stderr:  # a file, never a pipe left unread while it fills
            self.process = subprocess.Popen(
                [sys.executable, "-m", "tests.monkey.answering", "--db", str(self.db),
                 "--ask", str(self.ask_path), "--answer", str(self.answer_path)],
                cwd=ROOT, env=environ, stdout=subprocess.DEVNULL, stderr=stderr, start_new_session=True)
        self.x = XInput(display)

    # -- asking ---------------------------------------------------------------------------

    def ask(self, condition: Callable[[dict[str, Any]], object], what: str, *, quit_after: bool = False) -> dict[str, Any]:
        """The app's answer once ``condition`` holds of it (asked again until it does)."""
        deadline = time.monotonic() + WAIT_S
        while True:
            self.asked += 1
            self._write(f"{self.asked}{' quit' if quit_after else ''}")
            while True:
                answer = self._read()
                if answer is not None and answer["n"] == self.asked:
                    break
                self._alive(deadline, what)
                time.sleep(0.01)
            self.last = answer
            if condition(answer):
                return answer
            self._alive(deadline, what)
            time.sleep(0.02)

    def _write(self, text: str) -> None:
        written = self.ask_path.with_suffix(".tmp")
        written.write_text(text)
        os.replace(written, self.ask_path)

    def _read(self) -> dict[str, Any] | None:
        try:
            return json.loads(self.answer_path.read_text())
        except FileNotFoundError:
            return None

    def _alive(self, deadline: float, what: str) -> None:
        status = self.process.poll()
        assert status is None, f"the app ended (exit status {status}) while waiting for {what}: {self.stderr()[-2000:]}"
        assert time.monotonic() < deadline, f"still waiting after {WAIT_S:.0f} s for {what}; last answer: {self.last}"

    def stderr(self) -> str:
        return COLOURS.sub("", self.stderr_path.read_text())

    def errors(self) -> list[str]:
        """Kivy's error records and tracebacks on the app's standard error."""
        return [line for line in self.stderr().splitlines() if ERRORS.search(line)]

    # -- tapping --------------------------------------------------------------------------

    def where(self, words: str) -> tuple[int, int]:
        """Where the button ``words`` (or the first whose words start so) is, waiting for it."""
        answer = self.ask(lambda a: any(t.startswith(words) for t in a["targets"]), f"a button {words!r}")
        x, y = next(p for t, p in answer["targets"].items() if t.startswith(words))
        return x, y

    def click(self, words: str) -> None:
        """A tap on the button ``words``, once it is there."""
        self.x.press(*self.where(words))
        self.x.release()

    def clicks(self, first: tuple[int, int], second: tuple[int, int], apart_ms: int) -> None:
        """A tap at ``first``, and one at ``second`` coming down ``apart_ms`` after it, each
        held ``HOLD_MS``: sent at once, spaced by the X server itself (XTest's delay), so a
        test process the loaded machine runs late does not space them wider."""
        display = self.x.display
        for (x, y), delay in ((first, 0), (second, apart_ms - HOLD_MS)):
            xtest.fake_input(display, X.MotionNotify, time=delay, x=x, y=y)
            xtest.fake_input(display, X.ButtonPress, 1)
            xtest.fake_input(display, X.ButtonRelease, 1, time=HOLD_MS)
        display.sync()

    def settled(self, before: dict[str, Any], clicks: int) -> dict[str, Any]:
        """What the app shows once it has heard ``clicks`` more clicks than it had ``before``,
        run a few turns of its loop since (the work a tap leaves for after its frame) and
        finished what it builds a part a frame (a screen opened from Home: ui/shell/app.py)."""
        heard = self.ask(lambda a: a["downs"] >= before["downs"] + clicks and a["ups"] >= before["ups"] + clicks,
                         f"{clicks} clicks heard")
        return self.ask(lambda a: a["frames"] >= heard["frames"] + 5 and not a["building"],
                        "frames after the clicks, and the screens they opened built")

    def slowed(self) -> Slices:
        return Slices(self.process.pid)

    def close(self) -> int:
        """Stop the app (asked, as a person would leave it); its exit status."""
        try:
            if self.process.poll() is None:
                self.ask(lambda _a: True, "the app to stop", quit_after=True)
                return self.process.wait(timeout=WAIT_S)
            return self.process.returncode
        finally:
            if self.process.poll() is None:
                os.killpg(self.process.pid, signal.SIGKILL)  # its group: the app and its odds worker
                self.process.wait()


@contextmanager
def slowed_app(folder: Path) -> Iterator[SlowedApp]:
    """The app started in a window of its own, at Home; stopped when the block ends."""
    folder.mkdir(parents=True, exist_ok=True)
    with xvfb() as display:
        app = SlowedApp(folder, display)
        try:
            app.ask(lambda a: a["screen"] == "home", "Home")
            yield app
        finally:
            app.close()
            app.x.close()
