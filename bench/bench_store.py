"""How long one action takes to reach the disk (target: median under 5 ms, synchronous=FULL).

Run: python bench/bench_store.py [N]. The database goes in a temporary folder inside the
current directory, so it measures the disk the companion's data would live on.
"""

import statistics
import sys
import tempfile
import time
from pathlib import Path

from companion.db.store import Store


def main(n: int = 500) -> None:
    with tempfile.TemporaryDirectory(dir=".") as folder:
        with Store(Path(folder) / "bench.db") as store:
            journal = store._db.execute("PRAGMA journal_mode").fetchone()[0]
            sync = store._db.execute("PRAGMA synchronous").fetchone()[0]
            game = store.new_session("scorepad", {"players": ["Ann", "Bob"]})
            times = []
            for i in range(n):
                start = time.perf_counter()
                game.do({"type": "add", "player": "Ann", "points": i + 1})
                times.append((time.perf_counter() - start) * 1000)
            start = time.perf_counter()
            store.open_session(game.id)
            replay = (time.perf_counter() - start) * 1000
    times.sort()
    print(f"append one action ({journal}, synchronous={sync}): median {statistics.median(times):.2f} ms, "
          f"p99 {times[int(0.99 * n) - 1]:.2f} ms, max {times[-1]:.2f} ms over {n} (target: median < 5 ms)")
    print(f"replay {n} actions on open: {replay:.1f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 500)
