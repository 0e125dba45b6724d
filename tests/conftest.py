"""Shared test setup. Kivy is told to render offscreen before anything can import it, so
the UI tests run on a machine without a display (Mesa's software GL does the drawing)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_USE_DEFAULTCONFIG", "1")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
os.environ.setdefault("KIVY_NO_FILELOG", "1")
# The kiosk's settings file (/etc/companion/companion.toml) would choose the pads of every
# `companion` a test runs on a machine that has one: the tests read none unless they say so
os.environ["COMPANION_SETTINGS"] = os.path.join(os.path.dirname(__file__), "no-settings-here.toml")
# No frame cap: a frame runs as soon as the last one ends, not 1/60 s after it. The app's 60 fps
# cap only sleeps, and a quarter of the UI tests' time went to that sleep. A test that needs time
# to pass waits for a condition (tests/ui/conftest.py pump_until), never a count of frames.
os.environ.setdefault("KCFG_GRAPHICS_MAXFPS", "0")


def pytest_collection_modifyitems(items):
    """The UI tests first: they are most of the suite's time (real rendering), so with one
    process per core (pytest-xdist hands tests out in this order) the quick core tests fill
    the end and no process is left running a long walk alone while the other waits."""
    items.sort(key=lambda item: not item.nodeid.startswith("tests/ui/"))
