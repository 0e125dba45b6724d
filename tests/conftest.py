"""Shared test setup. Kivy is told to render offscreen before anything can import it, so
the UI tests run on a machine without a display (Mesa's software GL does the drawing)."""

import gc
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
# No multisampling: Kivy asks for 2 samples a pixel and Mesa's llvmpipe gives 4, which doubled
# the CPU of every frame it rasterises (bountytown/test_play.py, spurs/test_spurs_game.py: 26 s
# -> 18 s of CPU). The tests read widgets, never the window's pixels; the app keeps Kivy's default
# (`docs/make_screenshots.py --every` shoots through the tests: KCFG_GRAPHICS_MULTISAMPLES=2 smooths its edges).
os.environ.setdefault("KCFG_GRAPHICS_MULTISAMPLES", "0")
# The collector walks a test's whole app (100,000-300,000 objects, each widget a cycle) at
# every full collection: with Python's default of a young collection per 700 objects it was
# 15-25% of the UI tests' CPU (4.4 of 29.8 s on three game tests, 26 full collections); ten
# times rarer, 1.8 s (3). It costs memory: the 301 UI tests in one process peak at 885 MB (597
# before both settings). The test process's pace only: the app sets none, and a test that
# needs a collection calls gc.collect(). With the two settings those 301 tests take 273 s of
# CPU, was 375.
gc.set_threshold(7000, 10, 10)


def pytest_xdist_auto_num_workers(config) -> int:
    """One test process more than the machine has cores (`-n auto`, pytest-xdist's hook): the
    table monkey's walks, the slowed-app replay and the tests that wait for a worker spend part
    of their time waiting on real time or on a process of their own, and with one process a
    core that time was a core left idle (on 2 cores, quiet: 5 min 57 s with 2 processes, 5 min 31 s
    with 3)."""
    return (os.cpu_count() or 1) + 1


def pytest_collection_modifyitems(items):
    """The table monkey's walks first, then the other UI tests: they are most of the suite's
    time (real rendering), so (pytest-xdist hands tests out in this order) the quick core tests
    fill the end and no process is left running a long walk alone while the others wait."""
    items.sort(key=lambda item: (not item.nodeid.startswith("tests/ui/test_monkey.py"),
                                 not item.nodeid.startswith("tests/ui/")))
