"""Start-up with a year of history: first Home frame with 0 / 1,000 / 3,000 finished games
(500 actions each), as a ratio to an empty Kivy app started the same way.

Target (issue 12): at most 1.1x the empty database's start at 3,000 games, so start-up does
not grow with history (the full integrity check is `companion doctor`'s, not the app's).
Runs are interleaved so machine noise hits every size alike; medians are reported.

Run: python bench/bench_scale_startup.py [--old] [RUNS] [GAMES ...]   (default 5 runs; 0 1000 3000)
``--old``: the games as a companion before rules versions stored them (no "rules" in their
settings), whose versions are worked out from their logs, after Home's first frame.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import scaledata  # noqa: E402
from bench_startup import measure  # noqa: E402
from verdict import run  # noqa: E402

TARGET = 1.1


def main(runs: int, sizes: list[int], old: bool = False) -> list[str]:
    dbs = {games: scaledata.history(games, old=old) for games in sizes}
    starts: dict[object, list[float]] = {"empty": [], **{games: [] for games in sizes}}
    with tempfile.TemporaryDirectory() as folder:
        for _ in range(runs):
            starts["empty"].append(measure("empty", os.path.join(folder, "unused.db"))["start_s"])
            for games, db in dbs.items():
                starts[games].append(measure("companion", str(db))["start_s"])
    empty = statistics.median(starts["empty"])
    base = statistics.median(starts[sizes[0]])
    print(f"first Home frame (median of {runs}); empty Kivy app {empty * 1000:.0f} ms")
    print(f"{'games':>6} {'file MB':>8} {'start ms':>9} {'vs empty app':>13} {'vs no history':>14}")
    for games, db in dbs.items():
        ms = statistics.median(starts[games])
        print(f"{games:>6,} {db.stat().st_size / 2**20:>8.1f} {ms * 1000:>9.0f} {ms / empty:>12.2f}x {ms / base:>13.2f}x")
    last = statistics.median(starts[sizes[-1]])
    print(f"start with {sizes[-1]:,} games vs {sizes[0]:,}: {last / base:.2f}x (target <= {TARGET}x)")
    return [f"start with {sizes[-1]:,} games {last / base:.2f}x the start with {sizes[0]:,} (target <= {TARGET}x)"] \
        if last / base > TARGET else []


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:] if a != "--old"]
    run(main, args[0] if args else 5, args[1:] or [0, 1000, 3000], "--old" in sys.argv)
