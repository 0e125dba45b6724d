"""Export and backup of a year of history (issue 14 targets: with 3,000 games of 500 actions
each, export of everything < 10 s, backup < 2 s), at three sizes to show how they grow.

The databases come from bench/scaledata.py (a real 500-action Spurs game played through the
store, its log copied into thousands of sessions) and are cached in the temporary folder.
Each figure is the median of REPEATS runs (wall, and CPU) of the CLI's own functions, output to a file in
the temporary folder (not a terminal). The machine is shared: figures are noisy.

    python bench/bench_export.py [GAMES ...]
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scaledata import history  # noqa: E402

from companion.db.backup import backup  # noqa: E402
from companion.records.exchange import export, import_file  # noqa: E402
from verdict import run  # noqa: E402

REPEATS = 3
SIZES = (300, 1000, 3000)


TARGET_GAMES, EXPORT_S, BACKUP_S = 3000, 10, 2

def timed(run) -> tuple[float, str]:
    """Median wall time, and it with the median CPU time beside it: on a shared machine the
    wall time is mostly waiting for a core."""
    wall, cpu = [], []
    for _ in range(REPEATS):
        start, start_cpu = time.perf_counter(), time.process_time()
        run()
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return statistics.median(wall), f"{statistics.median(wall):.2f} ({statistics.median(cpu):.2f})"


def main(sizes: tuple[int, ...]) -> list[str]:
    print(f"median of {REPEATS}, seconds: wall (CPU of this process)")
    print(f"{'games':>6} {'MB':>7} {'export json':>14} {'export csv':>14} {'backup':>14}")
    missed = []
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch)
        for games in sizes:
            db = history(games, 500)
            mb = db.stat().st_size / 1e6

            def export_to(fmt: str) -> None:
                with open(out / f"all.{fmt}", "w", encoding="utf-8", newline="") as handle:
                    export(db, handle, fmt=fmt)

            json_s, json_said = timed(lambda: export_to("json"))
            csv_s, csv_said = timed(lambda: export_to("csv"))
            backup_s, backup_said = timed(lambda: backup(db, out / "copy.db"))
            print(f"{games:>6} {mb:>7.1f} {json_said:>14} {csv_said:>14} {backup_said:>14}")
            if games == TARGET_GAMES:
                missed += [f"{what} of {games} games: {took:.2f} s (target < {most} s)" for what, took, most in
                           (("JSON export", json_s, EXPORT_S), ("CSV export", csv_s, EXPORT_S),
                            ("backup", backup_s, BACKUP_S)) if took >= most]
        # import replays every game through its rules: shown once, at the smallest size, with
        # each copied game given its own start time (copies of one game would be skipped as
        # already there)
        games = sizes[0]
        small = out / "small.json"
        with open(small, "w", encoding="utf-8") as handle:
            export(history(games, 500), handle)
        doc = json.loads(small.read_text())
        for number, session in enumerate(doc["sessions"]):
            session["started"] = f"2025-01-01T00:00:00.{number:03d}+00:00" if number < 1000 else session["started"]
        small.write_text(json.dumps(doc))
        start, start_cpu = time.perf_counter(), time.process_time()
        report = import_file(out / "imported.db", small)
        print(f"import of {games} games ({report.sessions} new, {report.events} events, replayed and written in one "
              f"transaction): {time.perf_counter() - start:.2f} s ({time.process_time() - start_cpu:.2f} s CPU)")
    print(f"targets at {TARGET_GAMES} games: export < {EXPORT_S} s, backup < {BACKUP_S} s")
    return missed


if __name__ == "__main__":
    run(main, tuple(int(arg) for arg in sys.argv[1:]) or SIZES)
