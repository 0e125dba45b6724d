"""Can the app make its window here? Asked before Kivy starts, and by `companion doctor`, so
a machine without a screen gets a plain sentence and the fix instead of a window Kivy cannot
make (SDL then fails, and the app died on ``'NoneType' object has no attribute 'size'``).

SDL draws through the driver ``SDL_VIDEODRIVER`` names (several may be listed, separated by
commas: the first that works is used); unset, it tries a desktop's (X11 with ``DISPLAY``,
Wayland with ``WAYLAND_DISPLAY``), then the console's, KMS/DRM. Each driver needs something
different, and a value of the variable proves none of it: KMS/DRM needs a ``/dev/dri/card*``
this user may open with a screen on one of its connectors (``/sys/class/drm/card0-DSI-1/status``
reads ``connected``: SDL's kmsdrm driver uses only such connectors); X11 and Wayland need their
session; ``offscreen`` needs nothing (it draws into memory: tests, CI, an install check).
Whatever the driver, Kivy draws with OpenGL: the libraries the dynamic loader must find are
checked too (a Raspberry Pi OS Lite image has none of them until wiring/install.sh adds them).
"""

from __future__ import annotations

import ctypes
import os
import sys
from pathlib import Path
from typing import Mapping

from companion.db.place import running_user

DRM_CLASS = Path("/sys/class/drm")
DEV = Path("/dev")
#: the drivers the app can draw with; SDL has others (dummy, evdev...) that make no GL window
DRIVERS = ("kmsdrm", "x11", "wayland", "offscreen")
HEADLESS_HINT = "to run without a screen (tests, CI, an install check), set SDL_VIDEODRIVER=offscreen"
#: shared library -> the Debian / Raspberry Pi OS package that has it, by driver ("" for all):
#: Kivy's GL backend links libGL (kivy/graphics/cgl_backend/cgl_gl), SDL opens the rest
LIBRARIES = {
    "": {"libGL.so.1": "libgl1"},
    "kmsdrm": {"libEGL.so.1": "libegl1", "libGLESv2.so.2": "libgles2", "libgbm.so.1": "libgbm1",
               "libdrm.so.2": "libdrm2"},
    "wayland": {"libEGL.so.1": "libegl1", "libwayland-client.so.0": "libwayland-client0"},
    "offscreen": {"libEGL.so.1": "libegl1"},
    "x11": {"libX11.so.6": "libx11-6"},
}


def drivers(environ: Mapping[str, str] = os.environ) -> list[str]:
    """The video drivers SDL will try, in order: those ``SDL_VIDEODRIVER`` lists, or the ones
    this environment offers when it is unset (a desktop's, else the console's)."""
    listed = [name.strip().lower() for name in environ.get("SDL_VIDEODRIVER", "").split(",") if name.strip()]
    if listed:
        return listed
    found = [name for name, variable in (("x11", "DISPLAY"), ("wayland", "WAYLAND_DISPLAY")) if environ.get(variable)]
    return found or ["kmsdrm"]


def draws_on_console(environ: Mapping[str, str] = os.environ) -> bool:
    """Does the app draw on the console itself (KMS/DRM, the kiosk), rather than in a desktop's
    session or into memory? Then it opens the GPU, the display, the touchscreen and the sound
    card itself, and its user needs the groups that give them (a desktop gives them to whoever
    is logged in at the seat)."""
    return drivers(environ)[0] == "kmsdrm"


def display_problem(environ: Mapping[str, str] = os.environ, *, drm: Path = DRM_CLASS, dev: Path = DEV,
                    platform: str = sys.platform) -> tuple[str, str] | None:
    """None when the app can draw here, else (what is missing, what to do)."""
    if platform != "linux":
        return None
    problems = [_driver_problem(name, environ, drm, dev) for name in drivers(environ)]
    found = [problem for problem in problems if problem is not None]
    if len(found) < len(problems):  # a driver with no problem
        return None
    what, fix = found[0]
    chosen = environ.get("SDL_VIDEODRIVER", "").strip()
    if chosen:
        return f"SDL_VIDEODRIVER={chosen}, but {what}", fix
    return f"no desktop (DISPLAY and WAYLAND_DISPLAY are not set) and {what}", fix


def _driver_problem(name: str, environ: Mapping[str, str], drm: Path, dev: Path) -> tuple[str, str] | None:
    if name == "offscreen":
        return None
    if name in ("x11", "wayland"):
        variable = "DISPLAY" if name == "x11" else "WAYLAND_DISPLAY"
        if environ.get(variable):
            return None
        return (f"{variable} is not set (no {name} desktop session here)",
                f"start the app from the desktop, or set SDL_VIDEODRIVER=kmsdrm on the Pi's console; {HEADLESS_HINT}")
    if name == "kmsdrm":
        return _kms_problem(drm, dev)
    return (f"{name} is not a video driver the app can draw with",
            f"use one of {', '.join(DRIVERS)} (kmsdrm: the Pi's console; offscreen: no screen)")


def _kms_problem(drm: Path, dev: Path) -> tuple[str, str] | None:
    """KMS/DRM: a card this user may open with a screen on one of its connectors."""
    cards = sorted((dev / "dri").glob("card[0-9]*"))
    if not cards:
        return (f"there is no display device ({dev}/dri/card*)",
                "on the Pi, keep dtoverlay=vc4-kms-v3d in /boot/firmware/config.txt (Raspberry Pi OS's "
                f"default) and reboot; {HEADLESS_HINT}")
    with_screen = [card for card in cards if _connected(drm, card.name)]
    if not with_screen:
        names = ", ".join(str(card) for card in cards)
        return (f"no screen is connected to {names} (no {drm}/card*-*/status says connected)",
                "plug the touchscreen's ribbon (DSI) or an HDMI screen in, power it, and start again; "
                f"{HEADLESS_HINT}")
    if not any(os.access(card, os.R_OK | os.W_OK) for card in with_screen):
        user = running_user()
        return (f"{with_screen[0]} drives the screen but user {user} cannot open it",
                f"sudo usermod -aG video,render {user}, then log in again (wiring/install.sh does this "
                "for the companion user)")
    return None


def _connected(drm: Path, card: str) -> bool:
    for status in drm.glob(f"{card}-*/status"):
        try:
            if status.read_text().strip() == "connected":
                return True
        except OSError:
            continue
    return False


def graphics_problem(environ: Mapping[str, str] = os.environ) -> tuple[str, str] | None:
    """None when the OpenGL and display libraries the first driver needs load, else (which
    do not, the packages that have them)."""
    missing = _missing_libraries(environ)
    if not missing:
        return None
    return (f"{', '.join(missing)} cannot be loaded: the app cannot open its window",
            f"sudo apt install {' '.join(dict.fromkeys(missing.values()))} libgl1-mesa-dri "
            "(wiring/install.sh installs them)")


def _missing_libraries(environ: Mapping[str, str]) -> dict[str, str]:
    """Each library the dynamic loader cannot open for the driver SDL will use, with its package."""
    wanted = {**LIBRARIES[""], **LIBRARIES.get(drivers(environ)[0], {})}
    missing = {}
    for library, package in wanted.items():
        try:
            ctypes.CDLL(library)
        except OSError:
            missing[library] = package
    return missing
