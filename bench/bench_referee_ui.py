"""Edge to screen: how long from a pad edge to the frame that shows its claim on its tile.

The whole app runs headless (offscreen window, software GL, as the UI tests do) with the
sim backend: a gpiozero MockFactory pin. For each sample a timer thread, at a random
moment (so the edge falls anywhere within a frame, as a real pawn does), takes ``t0 =
now_ns()`` and drives the pad's pin with that stamp. The referee screen drains the queue
from the Kivy Clock every frame, and at once when the queue wakes it (free clock); the sample ends in the first ``Window.on_flip`` (the
frame being handed to the display) where the tile's claim label really carries the text
"1st 431.2 ms". A real display rasterises each frame when it is swapped; the offscreen
driver would defer that to the next texture upload (inside the *next* claim's frame), so
every frame is finished with ``glFinish`` at its flip, and two figures are printed: at the
flip, and once its pixels are done. Six players, six pads: each card gives six samples, then the card is
named, judged, confirmed and undone, so the same card comes again.

Target (issue "Rapid City electronic referee"): median under 20 ms, p99 under 50 ms.

Run:  PYTHONPATH=. /work/venv/bin/python bench/bench_referee_ui.py [SAMPLES]
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
os.environ.setdefault("KIVY_NO_FILELOG", "1")
os.environ.setdefault("KIVY_USE_DEFAULTCONFIG", "1")

from companion.launch import configure_kivy  # noqa: E402

configure_kivy(fullscreen=False)

from kivy.base import EventLoop  # noqa: E402
from kivy.core.window import Window  # noqa: E402
from kivy.graphics.opengl import glFinish  # noqa: E402
from kivy.uix.label import Label  # noqa: E402

from companion.rapidcity.deck import shuffled_deck  # noqa: E402
from companion.rapidcity.model import COLOURS, CharacterCard  # noqa: E402
from companion.store import Store  # noqa: E402
from hardware.events import now_ns  # noqa: E402
from ui.app import CompanionApp  # noqa: E402
from ui.rapidcity.referee import ORDINALS, RefereeScreen  # noqa: E402

PLAYERS = list(COLOURS)
MS = 1_000_000


def claim_label_shows(screen: RefereeScreen, pad: int) -> bool:
    """The tile's claim label (not just the property behind it) has the place and the time."""
    tile = screen.tiles[pad]
    return any(isinstance(w, Label) and w.text.startswith(ORDINALS) and " ms" in w.text for w in tile.children)


def pump_until(condition, limit_s: float = 10.0) -> None:
    end = time.monotonic() + limit_s
    while not condition():
        if time.monotonic() > end:
            raise RuntimeError("the referee screen did not get there in time")
        EventLoop.idle()


def percentile(ordered: list[float], q: float) -> float:
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main(samples_wanted: int = 100) -> None:
    seed = next(s for s in range(1000) if isinstance(shuffled_deck(PLAYERS, s)[0], CharacterCard))
    with tempfile.TemporaryDirectory() as tmp:
        app = CompanionApp(Store(Path(tmp) / "bench.db"), backend="sim")
        app._run_prepare()
        RefereeScreen.delay_s = (0.05, 0.1)
        app.start_session("rapidcity", {"players": PLAYERS, "seed": seed, "window_ms": 60_000})
        pump_until(lambda: app.hardware()._started)
        screen: RefereeScreen = app.manager.current_screen
        hw = app.hardware()
        rng = random.Random(1)
        pending: list[tuple[int, int]] = []  # (pad, t0) of the edge on its way to the screen
        latencies_ms: list[float] = []  # edge -> on_flip of the frame whose label shows the claim
        painted_ms: list[float] = []  # edge -> that frame's pixels rasterised (glFinish)
        raster_ms: list[float] = []  # each frame's rasterisation (software GL here)

        def on_flip(*_args) -> None:
            shown = now_ns()
            glFinish()  # as a real swap does: this frame's pixels are rasterised now
            raster_ms.append((now_ns() - shown) / MS)
            if pending and claim_label_shows(screen, pending[0][0]):
                t0 = pending.pop()[1]
                latencies_ms.append((shown - t0) / MS)
                painted_ms.append((now_ns() - t0) / MS)

        def press(pad: int) -> None:
            t0 = now_ns()
            pending.append((pad, t0))
            hw.press(pad, at_ns=t0)

        Window.bind(on_flip=on_flip)
        try:
            while len(latencies_ms) < samples_wanted:
                screen.ready()
                pump_until(lambda: screen.stage == "window")
                for pad in rng.sample(range(1, len(PLAYERS) + 1), len(PLAYERS)):
                    timer = threading.Timer(rng.uniform(0.02, 0.06), press, args=(pad,))
                    timer.start()
                    pump_until(lambda t=timer: not t.is_alive() and not pending)
                pump_until(lambda: screen.stage == "finish")
                screen.to_identity()
                for pad, player in zip(range(1, len(PLAYERS) + 1), PLAYERS):
                    screen.pick(pad, player)
                screen.to_verdict()
                screen.confirm()
                screen.undo()  # the same card again, so the bench never runs out of pile
                for pad in range(1, len(PLAYERS) + 1):
                    hw.release(pad)
                pump_until(lambda: not any(t.pressed for t in screen.tiles.values()))
        finally:
            Window.unbind(on_flip=on_flip)
            app.dispatch("on_stop")
    print(f"edge -> claim on screen, {len(latencies_ms)} samples ({len(PLAYERS)} pads, sim backend, headless)")
    print(figures("at the frame's on_flip      ", latencies_ms))
    print(figures("pixels done (glFinish)      ", painted_ms))
    print(figures("rasterising one frame       ", raster_ms))
    ordered = sorted(latencies_ms)
    met = statistics.median(ordered) < 20 and percentile(ordered, 0.99) < 50
    print(f"  target (on_flip) median < 20 ms and p99 < 50 ms: {'met' if met else 'NOT met'}")


def figures(label: str, samples: list[float]) -> str:
    ordered = sorted(samples)
    return (f"  {label} median {statistics.median(ordered):6.1f} ms   p95 {percentile(ordered, 0.95):6.1f} ms   "
            f"p99 {percentile(ordered, 0.99):6.1f} ms   max {ordered[-1]:6.1f} ms")

if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100)
