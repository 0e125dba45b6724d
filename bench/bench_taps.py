"""Every tap of a whole game of each kind, timed against a Pi's frame (not a test: prints figures).

A tap must answer within one frame on the Pi (16.7 ms at 60 Hz); a Pi 4 core is roughly 4-5x
slower than the development machine, so here the Python work a tap puts before its frame (the
handler, then the layout and the clock callbacks the next frame runs before drawing) has about
3.7 ms. This bench plays the whole-game UI tests (each game from setup to its final screen,
with real taps on real widgets) with every tap timed, and prints, per screen and button:

- handler: the release's own dispatch (the button's ``on_release`` and what it calls);
- before frame: from the release to the start of the first frame drawn after it, that is the
  handler plus the layout and clock work Kivy runs before drawing (what delays the answer);
- draw: that frame's drawing (software GL here; the Pi's GPU does the rasterising);
- later: the most work before drawing in any of the next frames (deferred work still shows).

All are CPU time of the UI thread (``time.thread_time``): wall time would count the sleep Kivy's
clock takes to hold 60 frames a second, and whatever else the machine is doing.

Run: python bench/bench_taps.py [--budget MS] [--profile "screen: button"] [pytest node ids...]
(``--profile`` prints where the time of the taps whose name contains it goes, with cProfile.)
"""

from __future__ import annotations

import cProfile
import os
import pstats
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

import pytest
from verdict import run  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
GAMES = ["tests/ui/spurs/test_spurs_game.py::test_a_short_game_to_the_final_scores",
         "tests/ui/bountytown/test_play.py::test_a_short_game_through_the_widgets",
         "tests/ui/rapidcity/test_referee_game.py::test_a_whole_game_through_the_widgets"]
BUDGET_MS = 3.7  # 16.7 ms frame / 4.5 (a Pi 4 core against this machine's)
FRAMES_AFTER = 4  # frames after the first whose work before drawing is also watched


class TapClock:
    """A pytest plugin: wraps the UI tests' Driver.tap to time each release."""

    def __init__(self, profile: str | None = None) -> None:
        self.taps: dict[str, list[tuple[float, float, float, float]]] = defaultdict(list)
        self.profile = profile
        self.profiler = cProfile.Profile()

    @pytest.hookimpl(tryfirst=True)
    def pytest_collection_finish(self, session) -> None:
        from kivy.base import EventLoop
        from kivy.core.window import Window

        from tests.ui.conftest import Driver

        marks: list[tuple[str, float]] = []
        taps, profile, profiler = self.taps, self.profile, self.profiler

        def drawing(*_args) -> None:
            profiler.disable()  # only the work before the frame is profiled, not its drawing
            marks.append(("draw", time.thread_time()))

        Window.fbind("on_draw", drawing)
        Window.fbind("on_flip", lambda *_: marks.append(("flip", time.thread_time())))

        def tap(driver, widget_or_text, **find) -> None:
            widget = driver.find(widget_or_text, **find) if isinstance(widget_or_text, str) else widget_or_text
            assert not widget.disabled, f"{getattr(widget, 'text', widget)!r} is disabled"
            name = f"{driver.app.manager.current}: {label(widget)}"
            driver.pump(1)
            touch = driver.new_touch(*widget.to_window(*widget.center))  # not the second tap of a double tap
            touch.touch_down()
            driver.pump(1)
            marks.clear()
            profiling = profile is not None and profile in name
            if profiling:
                profiler.enable()
            start = time.thread_time()
            touch.touch_up()
            handler = time.thread_time() - start
            frames = 0
            while not any(kind == "flip" for kind, _ in marks) and frames < 10:
                EventLoop.idle()
                frames += 1
            draw_at = next((t for kind, t in marks if kind == "draw"), time.thread_time())
            flip_at = next((t for kind, t in marks if kind == "flip"), draw_at)
            later = 0.0
            for _ in range(FRAMES_AFTER):
                marks.clear()
                begun = time.thread_time()
                EventLoop.idle()
                later = max(later, next((t for kind, t in marks if kind == "draw"), time.thread_time()) - begun)
            taps[name].append((handler, draw_at - start, flip_at - draw_at, later))

        Driver.tap = tap


def label(widget) -> str:
    """What a player reads on the widget tapped, or its class when it shows no text."""
    text = str(getattr(widget, "text", "") or "").replace("[b]", "").replace("[/b]", "").split("\n")[0]
    return (text[:34] + "...") if len(text) > 37 else (text or type(widget).__name__)


def in_game(name: str) -> bool:
    """A tap during play, not on Home or a setup screen (which run once a game)."""
    screen = name.split(":")[0]
    return screen != "home" and not screen.endswith("_setup")


def summary(what: str, times: list[tuple[float, float, float, float]], budget_ms: float) -> str:
    before = sorted(t[1] * 1000 for t in times)
    over = sum(ms > budget_ms for ms in before)
    return (f"{what}: {over} of {len(before)} over the budget; before-frame median {statistics.median(before):.2f} ms, "
            f"p95 {before[int(0.95 * (len(before) - 1))]:.2f} ms, max {before[-1]:.2f} ms")


def report(taps: dict[str, list[tuple[float, float, float, float]]], budget_ms: float) -> None:
    rows = sorted(((max(t[1] for t in times), name, times) for name, times in taps.items()), reverse=True)
    print(f"{sum(len(times) for times in taps.values())} taps on {len(rows)} buttons; budget before the frame "
          f"{budget_ms} ms here (a Pi's 16.7 ms frame / 4.5)")
    print(f"{'screen: button':<52} {'n':>3} {'handler':>8} {'before frame':>13} {'(max)':>7} {'draw':>6} {'later':>6}")
    for _, name, times in rows:
        ms = lambda i: [t[i] * 1000 for t in times]  # noqa: E731
        print(f"{name[:52]:<52} {len(times):>3} {statistics.median(ms(0)):>8.2f} {statistics.median(ms(1)):>13.2f} "
              f"{max(ms(1)):>7.2f} {statistics.median(ms(2)):>6.1f} {max(ms(3)):>6.1f}")
    for what, keep in (("every tap", lambda name: True), ("in play", in_game),
                       ("home and setup", lambda name: not in_game(name))):
        times = [t for name, ts in taps.items() if keep(name) for t in ts]
        if times:
            print(summary(what, times, budget_ms))


def main(argv: list[str]) -> None:
    budget, profile = BUDGET_MS, None
    while argv[:1] in (["--budget"], ["--profile"]):
        if argv[0] == "--budget":
            budget = float(argv[1])
        else:
            profile = argv[1]
        argv = argv[2:]
    os.chdir(ROOT)
    sys.path.insert(0, str(ROOT))
    clock = TapClock(profile)
    # one process (-n 0): the clock is a plugin of this one, it times no worker's taps
    code = pytest.main(["-q", "-p", "no:cacheprovider", "-n", "0", *(argv or GAMES)], plugins=[clock])
    if code:
        sys.exit(f"the games did not play through (pytest exit {code}): no figures")
    report(clock.taps, budget)
    if profile is not None:
        stats = pstats.Stats(clock.profiler).sort_stats(os.environ.get("BENCH_SORT", "cumulative"))
        stats.print_stats(60)
        if os.environ.get("BENCH_CALLERS"):
            stats.print_callers(os.environ["BENCH_CALLERS"])


if __name__ == "__main__":
    run(main, sys.argv[1:])
