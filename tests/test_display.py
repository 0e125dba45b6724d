"""Whether the app can draw here is judged from the device or session the video driver needs,
never from the mere value of SDL_VIDEODRIVER; and when no window can be made, the app says so
on one line and exits, with no traceback (a kiosk's journal shows exactly that)."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.kiosk import display
from companion.kiosk.display import display_problem, draws_on_console, drivers, graphics_problem

ROOT = Path(__file__).resolve().parents[1]


def machine(tmp_path: Path, connectors: dict[str, str] | None = None, cards: tuple[str, ...] = ("card0",)):
    """A /dev and /sys/class/drm of our own: the cards, and each connector's status."""
    dev, drm = tmp_path / "dev", tmp_path / "drm"
    (dev / "dri").mkdir(parents=True)
    drm.mkdir()
    for card in cards:
        (dev / "dri" / card).touch()
    for connector, status in (connectors or {}).items():
        (drm / connector).mkdir()
        (drm / connector / "status").write_text(status + "\n")
    return {"dev": dev, "drm": drm, "platform": "linux"}


def companion(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    full = {**os.environ, "PYTHONPATH": str(ROOT), "DISPLAY": "", "WAYLAND_DISPLAY": "", **env}
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True, env=full,
                          timeout=120, cwd=ROOT)


def test_kmsdrm_needs_a_card_with_a_screen_connected(tmp_path):
    kms = {"SDL_VIDEODRIVER": "kmsdrm"}
    what, fix = display_problem(kms, **machine(tmp_path / "none", cards=()))
    assert what == "SDL_VIDEODRIVER=kmsdrm, but there is no display device" + f" ({tmp_path / 'none' / 'dev'}/dri/card*)"
    assert "vc4-kms-v3d" in fix and "SDL_VIDEODRIVER=offscreen" in fix
    unplugged = machine(tmp_path / "unplugged", {"card0-HDMI-A-1": "disconnected", "card0-DSI-1": "unknown"})
    what, fix = display_problem(kms, **unplugged)
    assert "no screen is connected" in what and "DSI" in fix
    plugged = machine(tmp_path / "plugged", {"card1-HDMI-A-1": "disconnected", "card1-DSI-1": "connected"},
                      cards=("card0", "card1"))
    assert display_problem(kms, **plugged) is None
    assert display_problem({}, **plugged) is None  # no desktop: the console it is


def test_a_screen_on_a_card_this_user_cannot_open_names_the_groups(tmp_path, monkeypatch):
    plugged = machine(tmp_path, {"card0-DSI-1": "connected"})
    monkeypatch.setattr(display.os, "access", lambda path, mode: False)
    what, fix = display_problem({"SDL_VIDEODRIVER": "kmsdrm"}, **plugged)
    assert "cannot open it" in what and "sudo usermod -aG video,render" in fix


@pytest.mark.parametrize("environ, said", [
    ({"SDL_VIDEODRIVER": "x11"}, "DISPLAY is not set"),
    ({"SDL_VIDEODRIVER": "wayland"}, "WAYLAND_DISPLAY is not set"),
    ({"SDL_VIDEODRIVER": "dummy"}, "dummy is not a video driver the app can draw with"),
    ({}, "no desktop (DISPLAY and WAYLAND_DISPLAY are not set) and there is no display device"),
])
def test_a_driver_without_what_it_needs_is_named(tmp_path, environ, said):
    what, fix = display_problem(environ, **machine(tmp_path, cards=()))
    assert said in what and fix


@pytest.mark.parametrize("environ", [{"SDL_VIDEODRIVER": "offscreen"}, {"SDL_VIDEODRIVER": "x11", "DISPLAY": ":0"},
                                     {"SDL_VIDEODRIVER": "kmsdrm,offscreen"}, {"WAYLAND_DISPLAY": "wayland-0"}])
def test_a_driver_with_what_it_needs_passes(tmp_path, environ):
    assert display_problem(environ, **machine(tmp_path, cards=())) is None


def test_which_driver_and_whether_the_app_draws_on_the_console():
    assert drivers({"SDL_VIDEODRIVER": " KMSDRM , offscreen"}) == ["kmsdrm", "offscreen"]
    assert drivers({"DISPLAY": ":0"}) == ["x11"] and drivers({}) == ["kmsdrm"]
    assert draws_on_console({}) and draws_on_console({"SDL_VIDEODRIVER": "kmsdrm"})
    assert not draws_on_console({"SDL_VIDEODRIVER": "offscreen"}) and not draws_on_console({"DISPLAY": ":0"})


def test_a_missing_gl_library_is_named_with_its_package(monkeypatch):
    real = display.ctypes.CDLL

    def cdll(name, *args, **kwargs):
        if name in ("libGL.so.1", "libgbm.so.1"):
            raise OSError(f"{name}: cannot open shared object file: No such file or directory")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(display.ctypes, "CDLL", cdll)
    what, fix = graphics_problem({"SDL_VIDEODRIVER": "kmsdrm"})
    assert what.startswith("libGL.so.1, libgbm.so.1 cannot be loaded")
    assert fix.startswith("sudo apt install libgl1 libgbm1 ")


@pytest.mark.skipif(Path("/dev/dri").exists(), reason="this machine has a display device")
def test_doctor_fails_the_display_with_kmsdrm_and_no_device(tmp_path):
    """The unit's SDL_VIDEODRIVER=kmsdrm on a machine with no display device: doctor said
    "ok" and the app died with AttributeError: 'NoneType' object has no attribute 'size'."""
    result = companion("--db", str(tmp_path / "c.db"), "doctor", "--json", env={"SDL_VIDEODRIVER": "kmsdrm"})
    [check] = [check for check in json.loads(result.stdout) if check["name"] == "Display"]
    assert result.returncode == 1 and not check["ok"]
    assert check["detail"].startswith("SDL_VIDEODRIVER=kmsdrm, but there is no display device") and check["fix"]
    app = companion("--db", str(tmp_path / "c.db"), env={"SDL_VIDEODRIVER": "kmsdrm"})
    assert app.returncode == 1 and "Traceback" not in app.stderr and app.stdout == ""
    assert app.stderr.startswith("companion: cannot start the app: SDL_VIDEODRIVER=kmsdrm, but there is no display")
    assert app.stderr.count("\n") == 1  # one line, as docs/cli.md says (it was two)


def test_a_window_kivy_cannot_make_ends_the_app_with_one_line(tmp_path):
    """No window provider can be used (KIVY_WINDOW names one Kivy cannot use here): Kivy's
    window is None, and the app says so instead of dying on it."""
    app = companion("--db", str(tmp_path / "c.db"),
                    env={"SDL_VIDEODRIVER": "offscreen", "KIVY_WINDOW": "egl_rpi", "KIVY_NO_FILELOG": "1"})
    assert app.returncode == 1 and "Traceback" not in app.stderr and 'File "' not in app.stderr
    assert "companion: cannot start the app: no window could be made with SDL_VIDEODRIVER=offscreen" in app.stderr
    assert not (tmp_path / "c.db").exists()


def test_kivys_record_of_no_window_is_one_line_per_provider_without_its_frames():
    from ui.shell.kivylog import NO_WINDOW, KnownNoise

    message = (f"{NO_WINDOW}. Please enable debug logging (e.g. add -d if running from the command line)\n"
               "sdl2 - ImportError: libGL.so.1: cannot open shared object file: No such file or directory\n"
               '  File "/venv/kivy/core/__init__.py", line 59, in core_select_lib\n'
               "    mod = importlib.__import__(name='{2}.{0}.{1}'.format(\n\n"
               "x11 - ImportError: libGL.so.1: cannot open shared object file: No such file or directory\n"
               '  File "<frozen importlib._bootstrap>", line 1178, in _find_and_load\n')
    record = logging.LogRecord("kivy", logging.CRITICAL, __file__, 1, message, None, None)
    assert KnownNoise().filter(record) and record.levelno == logging.CRITICAL
    assert record.getMessage() == (f"{NO_WINDOW}: sdl2 - ImportError: libGL.so.1: cannot open shared object file: "
                                   "No such file or directory; x11 - ImportError: libGL.so.1: cannot open shared "
                                   "object file: No such file or directory")
