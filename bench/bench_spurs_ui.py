"""Spurs draw latency: from the tap on "Draw for me" to the frame that shows the drawn
bullets (not a test: prints figures).

Target (Spurs issue, item 8): under 100 ms headless. The clock starts when the touch is
released (the release is what fires the button; the press before it is held one frame,
as a finger would) and stops when the window flips the first frame whose draw page shows
the bullets. Between draws the draw is undone, so every run draws from the same bag. The
time spent saving the action (SQLite, WAL, synchronous=FULL) is reported on its own,
because on the Pi it depends on the SD card rather than on the screens.

Run: python bench/bench_spurs_ui.py [DRAWS]
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from verdict import headless_kivy, run  # noqa: E402

headless_kivy()

from ui.shell.launch import configure_kivy  # noqa: E402

configure_kivy(fullscreen=False)

from kivy.base import EventLoop  # noqa: E402
from kivy.core.window import Window  # noqa: E402
from taps import release_timed  # noqa: E402

from companion.db.store import Store  # noqa: E402
from ui.spurs.controls import BulletDisc  # noqa: E402

TARGET_MS = 100
SETTINGS = {"players": [
    {"name": "Ann", "character": "Doc", "riding": 3, "bag": {"grey": 4, "brown": 2, "white": 1, "black": 2, "red": 1}},
    {"name": "Bob", "character": "Kid", "riding": 2, "bag": {"grey": 3, "brown": 3, "white": 1, "black": 1}}],
    "target_fame": 10, "bank_cash": 50}

def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main(draws: int = 30) -> list[str]:
    """Draws from the hunt form, whose odds are worked out as it opens and whose draw opens
    the draw page. (The draw page's own odds phase, which this also measured, now comes only
    before a town's draw or a gang waiting: a hunt's odds are on its form.)"""
    from ui.shell.app import CompanionApp

    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp) / "bench.db")
        for name, colour in (("Ann", "red"), ("Bob", "yellow")):
            store.add_player(name, colour)
        app = CompanionApp(store, backend="sim")
        app._run_prepare()
        screen = app.screen("spurs")
        app.start_session("spurs", SETTINGS)
        session = screen.session
        saving: list[float] = []
        do = session.do

        def timed_do(action):
            start = time.perf_counter()
            try:
                return do(action)
            finally:
                saving.append(time.perf_counter() - start)

        session.do = timed_do
        flips: list[float] = []
        Window.bind(on_flip=lambda *_: flips.append(time.perf_counter()))
        page = screen.pages.get_screen("result")  # where the drawn bullets are shown
        latencies: list[float] = []
        for i in range(draws + 3):  # the first draws warm caches (sound file, textures)
            screen.tap("actions")  # the table's Actions, then the menu's Hunt, as a finger does
            screen.tap("hunt")
            for _ in range(3):
                EventLoop.idle()
            button = next(w for w in screen.pages.current_screen.walk(restrict=True)
                          if getattr(w, "text", "") == "Draw for me")
            start = release_timed(button, flips)
            shown = None
            while shown is None:
                EventLoop.idle()
                if time.perf_counter() > start + 10:
                    raise RuntimeError(f"no frame with the drawn bullets 10 s after 'Draw for me': page "
                                       f"{screen.pages.current!r}, {screen.message!r}")
                discs = [w for w in page.ids.discs.children if isinstance(w, BulletDisc)]
                if screen.pages.current == "result" and discs and flips:
                    shown = flips[-1]
            if i >= 3:
                latencies.append(shown - start)
            screen.undo()
        Window.remove_widget(app.root)
        app.dispatch("on_stop")

    ms = [x * 1000 for x in latencies]
    save = [x * 1000 for x in saving[3:]]
    where = "the hunt form"
    print(f"Spurs draw from {where}, tap released -> frame with the bullets drawn ({len(ms)} draws, headless, "
          "software GL)")
    print(f"  median {statistics.median(ms):6.1f} ms   p95 {percentile(ms, 0.95):6.1f} ms   "
          f"max {max(ms):6.1f} ms   target < {TARGET_MS} ms: {'ok' if percentile(ms, 0.95) < TARGET_MS else 'SLOW'}")
    print(f"  of which saving the action: median {statistics.median(save):5.1f} ms, p95 {percentile(save, 0.95):5.1f} ms"
          f" (database in {tempfile.gettempdir()})")
    p95 = percentile(ms, 0.95)
    return [] if p95 < TARGET_MS else [f"a draw from {where} to its frame: p95 {p95:.1f} ms (target < {TARGET_MS} ms)"]


if __name__ == "__main__":
    run(main, int(sys.argv[1]) if len(sys.argv) > 1 else 30)
