"""Opening Statistics with a big history: from the tap to the first frame that shows it, in
the app as it runs (its widgets built while Home is idle; its figures read when it opens).

Target (issue 14): with 3,000 stored games of 500 actions each, Statistics opens in under
1 s headless. Measured at three sizes, each open in a fresh app in its own process:

- warm: every game already summed up (the summaries table filled, as after the first visit),
  so the screen only reads and adds up summaries (and keeps their sum);
- warm with the sum kept (every later visit): one row read, plus any game summed up since;
- cold, first frame: an old database with no summaries; the screen opens at once and the
  worker starts counting ("Counted 0 of 3,000 games");
- cold, all counted: how long the worker takes to sum up every game (each replayed by its
  engine), at the smallest size, and from it the time per game.

The history is bench/scaledata.py's: one real 500-action Spurs game copied into every
session (its long game never reaches the target, so none is "played to the end"). For the
warm databases that game's summary, made for real, is copied to every copy of its log too.

Run: python bench/bench_stats.py [RUNS]
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from verdict import HEADLESS_KIVY, run  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

SIZES = (300, 1000, 3000)
TARGET_MS = 1000


def database(games: int, warm: bool, folder: str) -> str:
    """A copy of the history, with every summary made (warm) or none (cold)."""
    import scaledata
    from companion.records.stats import cache

    path = os.path.join(folder, f"{games}-{'warm' if warm else 'cold'}.db")
    shutil.copy(scaledata.history(games), path)
    db = sqlite3.connect(path, isolation_level=None)
    if warm:
        seq, summary = cache.summary_of(db, 1)
        cache.save(db, [(1, seq, summary)])
        db.execute("INSERT INTO summaries SELECT s.id, m.version, m.seq, m.summary FROM sessions s, summaries m "
                   "WHERE m.session_id = 1 AND s.id > 1")
    db.close()
    return path


def forget_sum(path: str) -> None:
    from companion.records.stats import rollup

    db = sqlite3.connect(path, isolation_level=None)
    db.execute("DELETE FROM summaries WHERE session_id = ?", (rollup.ROW,))
    db.close()


def child(db: str, count_all: bool) -> None:
    from ui.shell.launch import configure_kivy

    configure_kivy(fullscreen=False)
    from kivy.base import EventLoop
    from kivy.core.window import Window

    import gc

    from companion.db.store import Store
    from ui.shell import app as app_module
    from ui.shell.app import CompanionApp

    app_module.PRELOAD_AFTER_S = 0
    app = CompanionApp(Store(db), backend="sim", preload=True)  # as the app runs: screens built ahead
    app._run_prepare()
    for _ in range(5):
        EventLoop.idle()
    while not gc.get_freeze_count():  # Statistics' widgets built while Home is idle
        EventLoop.idle()
    flips: list[tuple[float, float]] = []
    Window.bind(on_flip=lambda *_: flips.append((time.perf_counter(), time.process_time())))
    start, cpu = time.perf_counter(), time.process_time()
    screen = app.go("stats")  # what the Home screen's Statistics button does
    while not flips:
        EventLoop.idle()
    result = {"ms": (flips[0][0] - start) * 1000, "cpu_ms": (flips[0][1] - cpu) * 1000, "shown": screen.progress}
    if count_all:
        while screen.progress:
            EventLoop.idle()
            time.sleep(0.01)
        result["all_s"] = time.perf_counter() - start
    print(json.dumps(result), flush=True)
    app.stop()


def measure(db: str, count_all: bool = False) -> dict:
    out = subprocess.run([sys.executable, __file__, "child", db, str(int(count_all))], capture_output=True, text=True,
                         env=dict(os.environ, **HEADLESS_KIVY), timeout=3600)
    if out.returncode:
        raise SystemExit(out.stderr[-2000:])
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(runs: int = 3) -> list[str]:
    missed = []
    with tempfile.TemporaryDirectory() as folder:
        for games in SIZES:
            warm = database(games, True, folder)
            for how in ("warm", "warm, sum kept"):
                found = []
                for _ in range(runs):
                    if how == "warm":
                        forget_sum(warm)
                    found.append(measure(warm))
                assert not any(f["shown"] for f in found), found
                print(f"{games:>5} games, {how + ':':<15} opens in median "
                      f"{statistics.median(f['ms'] for f in found):6.0f} ms (CPU "
                      f"{statistics.median(f['cpu_ms'] for f in found):6.0f} ms), max {max(f['ms'] for f in found):6.0f} ms"
                      f" (target < {TARGET_MS} ms)", flush=True)
                opened = statistics.median(f["ms"] for f in found)
                if opened >= TARGET_MS:
                    missed.append(f"Statistics with {games:,} games, {how}: opens in {opened:.0f} ms "
                                  f"(target < {TARGET_MS} ms)")
            cold = database(games, False, folder)
            first = measure(cold, count_all=games == SIZES[0])
            line = f"{games:>5} games, cold: first frame in {first['ms']:6.0f} ms (CPU {first['cpu_ms']:4.0f} ms) " \
                   f"showing {first['shown']!r}"
            if "all_s" in first:
                line += f"; all counted in {first['all_s']:.1f} s ({first['all_s'] / games * 1000:.0f} ms a game)"
            print(line, flush=True)
    print(f"({runs} fresh apps per warm figure; wall time is noisy while other work shares the machine)")
    return missed


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "child":
        child(sys.argv[2], sys.argv[3] == "1")
    else:
        run(main, int(sys.argv[1]) if len(sys.argv) > 1 else 3)
