"""The schema 4 migration (seats filled in from every stored game's settings) on a year of
history, and the seat queries the History, Players and Statistics screens make.

The migration runs once, the first time a companion of schema 4 opens an older file, on
the way to the first screen. The file measured is the 3,000-game history of scaledata with
its seats and summaries tables dropped and its version set back to 2: exactly what schema 2
left. Each run times opening it (checks, the summaries table's migration, then the seats'
backfill) and reopening it (checks only): the difference is the migrations (the summaries
one only creates an empty table). Medians; the machine may be shared, so repeat when noisy.

Run: python bench/bench_players.py [RUNS] [GAMES]   (default 5 runs, 3000 games)
"""

from __future__ import annotations

import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import scaledata  # noqa: E402
from companion.db.store import Store  # noqa: E402
from verdict import run  # noqa: E402


def timed(action) -> tuple[float, object]:
    start = time.perf_counter()
    found = action()
    return time.perf_counter() - start, found


def main(runs: int, games: int) -> None:
    source = scaledata.history(games)
    figures: dict[str, list[float]] = {"open + migrate": [], "open + migrate, CPU": [], "reopen": [], "seats of every game": [],
                                       "seats of 50 games": [], "a player's games": []}
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "v2.db"
        for _ in range(runs):
            shutil.copyfile(source, db)
            raw = sqlite3.connect(db, isolation_level=None)
            raw.executescript("DROP TABLE seats; DROP TABLE summaries; PRAGMA user_version=2;")
            raw.close()
            cpu = time.process_time()
            took, store = timed(lambda: Store(db))
            figures["open + migrate"].append(took)
            figures["open + migrate, CPU"].append(time.process_time() - cpu)
            seated = store._db.execute("SELECT count(*), count(player_id) FROM seats").fetchone()
            store.close()
            took, store = timed(lambda: Store(db))
            figures["reopen"].append(took)
            figures["seats of every game"].append(timed(store.seats)[0])
            figures["seats of 50 games"].append(timed(lambda: store.seats(range(games - 49, games + 1)))[0])
            figures["a player's games"].append(timed(lambda: store.player_sessions(1))[0])
            store.close()
    print(f"{games:,} games, {seated[0]:,} seats ({seated[1]:,} linked); median of {runs} runs")
    for what, times in figures.items():
        print(f"{what:>22}: {statistics.median(times) * 1000:7.1f} ms")
    migration = statistics.median(figures["open + migrate"]) - statistics.median(figures["reopen"])
    print(f"{'the migration itself':>22}: {migration * 1000:7.1f} ms")


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:]]
    run(main, args[0] if args else 5, args[1] if len(args) > 1 else 3000)
