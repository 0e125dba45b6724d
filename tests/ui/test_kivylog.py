"""A normal start logs no ERROR or CRITICAL, and a real error still reaches the log."""

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ui.shell.kivylog import KnownNoise

ROOT = Path(__file__).resolve().parents[2]

#: a whole start as `companion` does it, headless, with Kivy's console log on; the Players
#: screen's name field is focused because Kivy picks its cut buffer when a field first needs it
START = """
import sys
from ui.shell.launch import configure_kivy
configure_kivy(fullscreen=False)
from kivy.base import EventLoop
from kivy.uix.textinput import TextInput
from companion.db.store import Store
from ui.shell.app import CompanionApp
app = CompanionApp(Store(sys.argv[1]), backend="sim")
app._run_prepare()
screen = app.go("players")
field = next(w for w in screen.walk() if isinstance(w, TextInput))
field.focus = True
for _ in range(5):
    EventLoop.idle()
field.select_all()
field.copy()
app.stop()
print("started")
"""


@pytest.mark.parametrize("optimize", ["", "1"], ids=["plain", "as-the-kiosk-runs-it-with-O"])
def test_a_start_logs_no_error_or_critical(tmp_path, optimize):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("KIVY_", "PYTHONOPTIMIZE"))}
    env.update(SDL_VIDEODRIVER="offscreen", SDL_AUDIODRIVER="dummy", KIVY_NO_ARGS="1",
               KIVY_USE_DEFAULTCONFIG="1", KIVY_NO_FILELOG="1",
               PYTHONPATH=str(ROOT), PYTHONOPTIMIZE=optimize)
    done = subprocess.run([sys.executable, "-c", START, str(tmp_path / "c.db")], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    log = done.stdout + done.stderr
    assert "started" in done.stdout, log
    assert "Clipboard" in log  # the log was really captured
    bad = [line for line in log.splitlines() if "ERROR" in line or "CRITICAL" in line or "Traceback" in line]
    assert bad == [], log


def record(level: int, msg: str, exc: bool = False) -> logging.LogRecord:
    try:
        raise OSError("libmtdev.so.1: cannot open shared object file")
    except OSError:
        info = sys.exc_info() if exc else None
    return logging.LogRecord("kivy", level, __file__, 1, msg, None, info)


def test_the_known_noise_becomes_one_info_line():
    quiet = record(logging.ERROR, "Input: MTDev is not supported by your version of linux", exc=True)
    assert KnownNoise().filter(quiet)
    assert (quiet.levelno, quiet.exc_info) == (logging.INFO, None)
    assert "libmtdev is not installed" in quiet.getMessage()
    cut = record(logging.CRITICAL, "Cutbuffer: Unable to find any valuable Cutbuffer provider. xclip - ...")
    assert KnownNoise().filter(cut)
    assert cut.levelno == logging.INFO and "middle-click paste is off" in cut.getMessage()


def test_a_real_error_is_left_as_it_is():
    real = record(logging.ERROR, "Input: HIDInput is not supported by your version of linux", exc=True)
    assert KnownNoise().filter(real)
    assert real.levelno == logging.ERROR and real.exc_info is not None
    critical = record(logging.CRITICAL, "Window: unknown keyboard mode 'x'")
    assert KnownNoise().filter(critical)
    assert critical.levelno == logging.CRITICAL
