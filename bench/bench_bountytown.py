"""Bountytown figures (not a test: prints them): the golden-count census, one exact
duel-odds question, and a card tap on the duel screen against a bounty drawing 3 and 5
cards (5: the most a bounty card draws, R-B11; more is refused).

The card tap: the clock starts when the touch on a key of the card grid is released (the
release enters the card); the screen's handling ends when the release has been handled
(before Kivy draws), the tap when the window flips the first frame after it. The tap never
waits for the odds, which are worked out in a worker process (ui/pace/background.py). Each
measured card is one the odds have not seen with these cards (no kept answer helps), and
the next tap comes once its odds are shown; how long they took to appear is printed too,
beside what the same odds cost when they were worked out inside the tap (the old duel
screen). A tap made while the worker is still working out another card's odds is measured
on its own: with the odds on a thread of the app (before) it waited for Python's
interpreter lock.

Targets (issue 12): a tap made while the odds are being worked out is handled in under
16 ms (one frame) at the largest draw, and the worker adds under 16 ms to its frame (the
same tap is also timed with the worker idle: what the frame itself costs is Kivy's
drawing), flat as the draws grow. The census of every five-card hand under 10 s; a
five-card hand against a bounty with two base cards drawing five under 200 ms. Issue 38:
the odds of one tap worked out in at most 100 ms at the largest draw the app accepts (the
worker's work; on screen adds the frames, software GL here).
Exits 1 naming each target missed, 2 with the traceback when it cannot measure (verdict.py).

    python bench/bench_bountytown.py [RUNS]
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from math import comb
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.bountytown.hands import rank_of_shape  # noqa: E402
from companion.bountytown.odds import _chances, duel_odds, rank_distribution  # noqa: E402
from companion.bountytown.view import SETUP_DIAGRAM, SUIT_NAMES  # noqa: E402
from companion.db.store import Store  # noqa: E402
from companion.intake.limits import BOUNTY_DRAWS  # noqa: E402
from verdict import PI_FACTOR, headless_kivy, run  # noqa: E402

DRAWS = (3, BOUNTY_DRAWS)
TAP_TARGET_MS = 16
READY_TARGET_MS = 100
CENSUS_TARGET_MS, DUEL_TARGET_MS = 10_000, 200
HELD = ("1H", "1S", "2G", "4D")  # the player's first four cards; the fifth is the one tapped
FIFTH = ("5C", "3H", "4S", "2D", "5G", "1C", "3S", "4C", "5H", "2S", "3G", "4G")
PLAYERS = (("Bart", "red"), ("Valentina", "blue"), ("Terry", "yellow"))


def median_seconds(task, runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        rank_of_shape.cache_clear()  # each run pays for its own ranking and count, as a fresh process would
        _chances.cache_clear()
        start = time.perf_counter()
        task()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def settings(draws: int) -> dict:
    bounty = {"name": "Butch Cassidy", "renown": 3, "locations": ["Boot Hill", "Bank"], "base": ["3C", "3D"],
              "draws": draws}
    others = [{"name": f"Bounty {n}", "renown": 1, "locations": ["Bank", "Doc's"], "draws": 1} for n in (2, 3)]
    return {"players": [{"name": name, "character": name} for name, _ in PLAYERS], "grid": list(SETUP_DIAGRAM),
            "bounties": [bounty, *others], "store": []}


class Screen:
    """The duel screen of a live app, tapped like a finger would."""

    def __init__(self, app, draws: int) -> None:
        self.app = app
        app.start_session("bountytown", settings(draws))
        self.screen = app.screen("bountytown")
        self.screen.act({"type": "move", "to": "Boot Hill"})
        self.duel = self.screen.ids.duel
        self.screen.begin_duel()  # what the town's Duel button does
        for _ in range(3):  # lay the page out before touching it
            EventLoop.idle()
        self.tap(self.find("Butch Cassidy", self.duel.ids.targets, start=True))
        if self.duel.ids.steps.current == "target":  # a bounty with nothing more to choose is on the cards already
            self.tap(self.find("Enter the cards", self.duel))
        if self.duel.ids.steps.current != "cards":
            raise RuntimeError(f"the duel did not reach its cards page: {self.duel.ids.steps.current!r}, "
                               f"page {self.screen.ids.pages.current!r}: {self.duel.view.info!r}")
        for card in HELD:
            self.enter(card)
        self.wait()

    @staticmethod
    def find(text: str, root, start: bool = False):
        """The first widget under ``root`` whose text is ``text`` (or starts with it)."""
        return next(w for w in root.walk(restrict=True)
                    if (str(getattr(w, "text", "")).startswith(text) if start else getattr(w, "text", "") == text))

    def tap(self, widget) -> None:
        touch = UnitTestTouch(*widget.to_window(*widget.center))
        touch.touch_down()
        EventLoop.idle()
        touch.touch_up()
        EventLoop.idle()
        EventLoop.idle()

    def to_hand(self) -> None:
        """The desk's slot for Bart's hand (a full hand moves the desk on to the draw)."""
        self.tap(next(t for t in self.duel.ids.desk.ids.tabs.children
                      if isinstance(t, SlotTab) and t.shown[1].startswith("Bart holds")))

    def enter(self, card: str) -> None:
        self.tap(self.key(card))

    def key(self, card: str):
        """The card's key on the duel's card grid."""
        return self.find(f"{card[0]} {SUIT_NAMES[card[1]]}", self.duel.ids.desk)

    def timed_tap(self, widget, flips: list[float], handled: list[tuple[float, float]] | None = None) -> float:
        """Seconds from the release to the next frame on screen (and, into ``handled``, to
        the end of the release's handling, the screen's own work before Kivy draws: its wall
        time, and the UI thread's CPU since the press's frame was flipped, which a busy
        machine does not inflate by making the app wait for a core)."""
        start = release_timed(widget, flips)
        if handled is not None:
            handled.append((time.perf_counter() - start, time.thread_time() - self.pressed_cpu))
        deadline = start + 10
        while not flips:
            EventLoop.idle()
            if time.perf_counter() > deadline:
                raise RuntimeError(f"no frame in 10 s after releasing {getattr(widget, 'text', widget)!r}: "
                                   f"{self.duel.view.info!r}")
        return flips[0] - start

    def wait(self) -> float:
        """Pump frames until the odds are on screen; the seconds it took."""
        start = time.perf_counter()
        while self.duel.odds.busy() or WORKING in self.duel.view.info:
            EventLoop.idle()
        return time.perf_counter() - start


def tap_figures(app, draws: int, runs: int) -> dict[str, float]:
    screen = Screen(app, draws)
    desk = screen.duel.ids.desk
    flips: list[float] = []
    Window.bind(on_flip=lambda *_: flips.append(time.perf_counter()))
    Window.bind(on_flip=lambda *_: setattr(screen, "pressed_cpu", time.thread_time()))
    screen.pressed_cpu = time.thread_time()  # until a frame is flipped: a press that changes nothing on screen draws none
    taps, handled, ready, inline = [], [], [], []
    idle, idle_handled, busy, busy_handled = [], [], [], []
    for card, other in zip(FIFTH[0:2 * runs:2], FIFTH[1:2 * runs:2]):
        taps.append(screen.timed_tap(screen.key(card), flips, handled))
        ready.append(taps[-1] + screen.wait())
        _chances.cache_clear()  # the old screen: the same odds worked out inside the tap
        start = time.perf_counter()
        duel_odds(list(HELD) + [card], ["3C", "3D"], draws)
        inline.append(time.perf_counter() - start)
        screen.to_hand()
        # the same tap (Remove last) with the worker idle, then while it works out another card's odds
        idle.append(screen.timed_tap(screen.find("Remove last", desk), flips, idle_handled))
        screen.enter(other)
        screen.to_hand()
        busy.append(screen.timed_tap(screen.find("Remove last", desk), flips, busy_handled))
        screen.wait()
    screen.screen.ids.pages.current = "town"
    figures = {name: statistics.median(values) * 1000
               for name, values in (("tap", taps), ("ready", ready), ("inline", inline), ("idle", idle),
                                    ("busy", busy))}
    for name, pairs in (("handled", handled), ("idle_handled", idle_handled), ("busy_handled", busy_handled)):
        figures[name] = statistics.median(wall for wall, _ in pairs) * 1000
        figures[name + "_cpu"] = statistics.median(cpu for _, cpu in pairs) * 1000
    return figures


def main(runs: int = 5) -> list[str]:
    runs = min(runs, len(FIFTH) // 2)
    census = rank_distribution(5)
    assert sum(census.values()) == comb(75, 5)
    census_ms = median_seconds(lambda: rank_distribution(5)) * 1000
    print(f"golden counts (all {comb(75, 5):,} five-card hands): {census_ms:.1f} ms")
    args = (["1H", "1S", "2G", "2C", "4D"], ["3C", "3D"], BOUNTY_DRAWS)
    duel_ms = median_seconds(lambda: duel_odds(*args)) * 1000
    print(f"odds duel (5-card hand vs 2 base + {BOUNTY_DRAWS} draws): {duel_ms:.1f} ms")

    from ui.shell.app import CompanionApp

    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp) / "bench.db")
        for name, colour in PLAYERS:
            store.add_player(name, colour)
        app = CompanionApp(store, backend="sim")
        app._run_prepare()
        figures = {draws: tap_figures(app, draws, runs) for draws in DRAWS}
        Window.remove_widget(app.root)
        app.dispatch("on_stop")

    print(f"\nduel screen, one card tap, median of {runs} fresh cards, headless software GL; target: "
          f"a tap while odds are worked out handled in < {TAP_TARGET_MS} ms at {DRAWS[-1]} draws and drawn no later "
          f"than with the worker idle (< {TAP_TARGET_MS} ms added), flat as the draws grow")
    first = figures[DRAWS[0]]
    for draws, f in figures.items():
        added = f["busy"] - f["idle"]  # what the worker's work adds to the tap's frame
        verdict = "ok" if draws != DRAWS[-1] or max(f["busy_handled"], added) < TAP_TARGET_MS else "SLOW"
        print(f"  {draws:2d} bounty draws: a card tap, the screen's handling {f['handled']:5.1f} ms "
              f"(CPU {f['handled_cpu']:4.1f} ms, x{f['handled_cpu'] / first['handled_cpu']:.2f} of {DRAWS[0]} draws), "
              f"to the next frame {f['tap']:6.1f} ms\n"
              f"      Remove last while the worker works out odds: the screen's handling {f['busy_handled']:5.1f} ms "
              f"(CPU {f['busy_handled_cpu']:4.1f} ms, x{f['busy_handled_cpu'] / first['busy_handled_cpu']:.2f}), "
              f"to the next frame {f['busy']:6.1f} ms; with the worker idle {f['idle_handled']:5.1f} ms "
              f"(CPU {f['idle_handled_cpu']:4.1f} ms), to the next frame {f['idle']:6.1f} ms; "
              f"the worker adds {added:+6.1f} ms [{verdict}]\n"
              f"      odds on screen after {f['ready']:7.1f} ms (x{f['ready'] / first['ready']:.1f}); "
              f"inside the tap, as before, {f['inline']:7.1f} ms")
    print("  (to the next frame adds the wait for the frame and Kivy drawing it: software GL here, the GPU on a Pi)")
    most = figures[DRAWS[-1]]
    added = most["busy"] - most["idle"]
    print(f"at {DRAWS[-1]} draws, the most a bounty card draws (R-B11): the odds worked out in {most['inline']:.1f} ms, "
          f"~{most['inline'] * PI_FACTOR:.0f} ms on a Pi 4 (x{PI_FACTOR}), target <= {READY_TARGET_MS} ms here; on screen "
          f"{most['ready']:.1f} ms after the tap (with the frames of software GL on a shared machine)")
    checks = [(census_ms, CENSUS_TARGET_MS, "the census of every five-card hand"),
              (duel_ms, DUEL_TARGET_MS, f"one duel's odds at {BOUNTY_DRAWS} draws, in process"),
              (most["inline"], READY_TARGET_MS, f"the odds of one tap at {DRAWS[-1]} draws"),
              (most["busy_handled"], TAP_TARGET_MS, "a tap's handling while the worker works out odds"),
              (added, TAP_TARGET_MS, "what the busy worker adds to a tap's frame")]
    return [f"{what}: {ms:.1f} ms (target {'<=' if target == READY_TARGET_MS else '<'} {target} ms)"
            for ms, target, what in checks if (ms > target if target == READY_TARGET_MS else ms >= target)]


if __name__ == "__main__":
    # Kivy only when this file runs as the bench: the odds worker process (spawn) imports it
    # again as __mp_main__ (multiprocessing docs, "Safe importing of main module"), and the
    # worker must not open a window (ui/pace/background.py)
    headless_kivy()
    from ui.shell.launch import configure_kivy

    configure_kivy(fullscreen=False)

    from kivy.base import EventLoop
    from kivy.core.window import Window
    from kivy.tests.common import UnitTestTouch
    from taps import release_timed

    from companion.bountytown.shown import WORKING
    from ui.bountytown.cards import SlotTab

    run(main, int(sys.argv[1]) if len(sys.argv) > 1 else 5)
