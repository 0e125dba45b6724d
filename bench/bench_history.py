"""History at scale: opening the History screen with 300, 1,000 and 3,000 stored games of 500
actions each, and a game's log in words, up to a 50,000-action game.

Target (issue 14): History opens in < 300 ms headless with 3,000 games of 500 actions. The
figure is the app's: from the History tap's handler to the first frame that shows the list, in
a fresh app per run (bench/scaledata.py builds the databases once and keeps them). Beside it,
the queries alone (count, first page, the filter chips' kinds and players), and the log:
opening it and telling its first page, and jumping to the last page of the 50,000-action game.

Run: python bench/bench_history.py [GAMES ...]   (default 300 1000 3000)
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from verdict import HEADLESS_KIVY, run  # noqa: E402

TARGET_MS = 300
RUNS = 5


def ui_child(games: int, ahead: bool) -> None:
    """One fresh app on the database: Home shown (with ``ahead``, as the real app: the History
    screen built while Home is idle), then History opened; the time to its first frame."""
    import scaledata
    from ui.shell.launch import configure_kivy

    configure_kivy(fullscreen=False)
    from kivy.base import EventLoop
    from kivy.core.window import Window

    from companion.db.store import Store
    from ui.shell.app import CompanionApp

    import gc

    from ui.shell import app as app_module

    app_module.PRELOAD_AFTER_S = 0
    app = CompanionApp(Store(scaledata.history(games)), backend="sim", preload=ahead)
    app._run_prepare()
    for _ in range(5):
        EventLoop.idle()
    while ahead and not gc.get_freeze_count():  # what the app builds while Home is shown
        EventLoop.idle()
    flips: list[tuple[float, float]] = []
    Window.bind(on_flip=lambda *_: flips.append((time.perf_counter(), time.process_time())))
    start, cpu = time.perf_counter(), time.process_time()
    app.go("history")
    while not flips:
        EventLoop.idle()
    shown = app.manager.current_screen.summary
    print(json.dumps({"ms": (flips[0][0] - start) * 1000, "cpu_ms": (flips[0][1] - cpu) * 1000, "shown": shown}))
    app.stop()


def median_ms(step, runs: int = 7) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        step()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def queries(games: int) -> dict[str, float]:
    """The History list's queries alone, and a 500-action game's log, on the same database."""
    import scaledata
    from companion.records import history
    from companion.records.gamelog import GameLog
    from companion.db.store import Store

    with Store(scaledata.history(games)) as store:
        ann = next(p for p in store.players() if p.name == "Ann")

        def open_list(where=history.Filter()):
            history.count(store, where), history.games(store, where), history.kinds(store), history.players(store)

        return {"list_ms": median_ms(open_list),
                "player_ms": median_ms(lambda: open_list(history.Filter(player_id=ann.id))),
                "later_page_ms": median_ms(lambda: history.games(store, offset=games // 2)),
                "log_ms": median_ms(lambda: GameLog(store, 1).page(0))}


def long_log() -> dict[str, float]:
    """The 50,000-action game's log: open and the first page; then the last page (a far jump)."""
    import scaledata
    from companion.records.gamelog import GameLog
    from companion.db.store import Store

    built, game_id = scaledata.spurs_game(50_000)
    with Store(built) as store:
        store.open_session(game_id)  # its snapshots as the app leaves them (the kept copy may predate this code)
        first = median_ms(lambda: GameLog(store, game_id).page(0))

        def jump() -> None:
            log = GameLog(store, game_id)
            log.page(log.pages - 1)

        return {"events": len(GameLog(store, game_id)), "first_ms": first, "last_ms": median_ms(jump, runs=5)}


def run_ui(games: int, ahead: bool) -> dict:
    out = subprocess.run([sys.executable, __file__, "ui", str(games), str(int(ahead))], capture_output=True, text=True,
                         env=dict(os.environ, **HEADLESS_KIVY), timeout=600)
    if out.returncode:
        raise SystemExit(out.stdout[-2000:] + out.stderr[-2000:])
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(sizes: list[int]) -> list[str]:
    import scaledata

    for games in sizes:
        scaledata.history(games)  # built once, outside what is measured
    print(f"{'games':>6} {'open History ms':>16} {'(CPU ms)':>9} {'cold ms':>8} {'(CPU ms)':>9} {'queries ms':>11} "
          f"{'one player':>11} {'page at half':>13} {'a log page':>11}")
    missed = []
    for games in sizes:
        runs = [(run_ui(games, True), run_ui(games, False)) for _ in range(RUNS)]  # interleaved
        ahead, cold = [r[0] for r in runs], [r[1] for r in runs]
        q = queries(games)
        print(f"{games:>6,} {statistics.median(r['ms'] for r in ahead):>16.1f} "
              f"{statistics.median(r['cpu_ms'] for r in ahead):>9.1f} {statistics.median(r['ms'] for r in cold):>8.1f} "
              f"{statistics.median(r['cpu_ms'] for r in cold):>9.1f} {q['list_ms']:>11.1f} {q['player_ms']:>11.1f} "
              f"{q['later_page_ms']:>13.1f} {q['log_ms']:>11.1f}   ({ahead[0]['shown']})")
        opened = statistics.median(r['ms'] for r in ahead)
        if games >= 3000 and opened >= TARGET_MS:
            missed.append(f"History with {games:,} games opens in {opened:.1f} ms (target < {TARGET_MS} ms)")
    last = long_log()
    print(f"log of a {last['events']:,}-event game: opened with its first page told in {last['first_ms']:.1f} ms; "
          f"a jump to its last page {last['last_ms']:.1f} ms (medians)")
    print(f"target: History opens in < {TARGET_MS} ms with 3,000 games of 500 actions (median of {RUNS} fresh apps, "
          "tap handler to first frame; 'open History': its screen built while Home is idle, as the app does; "
          "'cold': built by the tap); queries: median of 7. Noisy while other work shares the machine.")
    return missed


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "ui":
        ui_child(int(sys.argv[2]), sys.argv[3] == "1")
    else:
        run(main, [int(a) for a in sys.argv[1:]] or [300, 1000, 3000])
