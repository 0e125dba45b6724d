"""The doctor's database check and an import, on one very long Spurs game (issue 26 item 7:
both under 5 s at 200,000 events).

The game is played through the store as the app plays it (bench/scaledata.py; built once and
kept in the temporary folder), copied, checked as `companion doctor` checks it (every event
replayed from the first, every snapshot compared), exported to JSON and imported into a new
database (read, checked, replayed under the rules, written in one transaction). Each figure
is wall time and, beside it, this process's CPU time: the machine is shared, so the wall time
is partly waiting for a core. The import is split into its parts, to show where the time goes.

Run: python bench/bench_scale_check.py [EVENTS ...]   (default 50000 200000)
"""

from __future__ import annotations

import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import scaledata  # noqa: E402

from companion.records.check import database_checks  # noqa: E402
from companion.records import exchange  # noqa: E402
from verdict import run  # noqa: E402

TARGET_S = 5.0
TARGET_EVENTS = 200_000


class Clock:
    """Wall and CPU seconds, in total and per named part."""

    def __init__(self) -> None:
        self.parts: dict[str, list[float]] = {}

    def part(self, name: str, run):
        def timed(*args, **kwargs):
            wall, cpu = time.perf_counter(), time.process_time()
            try:
                return run(*args, **kwargs)
            finally:
                spent = self.parts.setdefault(name, [0.0, 0.0])
                spent[0] += time.perf_counter() - wall
                spent[1] += time.process_time() - cpu
        return timed


def measure(run) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    run()
    return time.perf_counter() - wall, time.process_time() - cpu


def main(sizes: list[int]) -> list[str]:
    print("seconds: wall (CPU of this process)")
    missed = []
    for size in sizes:
        built, _game = scaledata.spurs_game(size)
        with tempfile.TemporaryDirectory() as folder:
            db = Path(shutil.copy(built, folder))
            doctor = measure(lambda: database_checks(db, record=False))
            export = Path(folder) / "game.json"
            with open(export, "w", encoding="utf-8", newline="") as handle:
                exchange.export(db, handle)
            clock = Clock()
            originals = {name: getattr(exchange, name) for name in ("_game", "_replay")}
            exchange._game = clock.part("check the values", originals["_game"])
            exchange._replay = clock.part("replay under the rules", originals["_replay"])
            try:
                imported = measure(lambda: exchange.import_file(Path(folder) / "imported.db", export))
            finally:
                for name, run in originals.items():
                    setattr(exchange, name, run)
        print(f"{size:>9,} actions  doctor {doctor[0]:6.2f} ({doctor[1]:5.2f})   "
              f"import {imported[0]:6.2f} ({imported[1]:5.2f})")
        rest = [imported[0], imported[1]]
        for name, (wall, cpu) in clock.parts.items():
            print(f"{'':>18}import: {name:<34} {wall:6.2f} ({cpu:5.2f})")
            rest = [rest[0] - wall, rest[1] - cpu]
        print(f"{'':>18}import: {'read the file, write the database':<34} {rest[0]:6.2f} ({rest[1]:5.2f})")
        if size >= TARGET_EVENTS:
            missed += [f"{what} at {size:,} events: {took:.2f} s (target < {TARGET_S:.0f} s)"
                       for what, took in (("doctor", doctor[0]), ("import", imported[0])) if took >= TARGET_S]
    print(f"target at {TARGET_EVENTS:,} events: doctor and import under {TARGET_S:.0f} s each")
    return missed


if __name__ == "__main__":
    run(main, [int(arg) for arg in sys.argv[1:]] or [50_000, 200_000])
