"""First open of each game's screen: from the Resume tap's handler to the first frame that
shows the game, in a fresh app, both with its screen built ahead (as the app does while a
new game's setup screen is filled in) and cold (nothing of that game's screens built yet: a
Resume from Home, where the app builds no game's screen ahead to keep its memory down, see
bench_memory.py; Home then answers the tap at once with "Opening ..." and opens the game
after that frame); and the resume of a 50,000-action Spurs game in the app
(bench/scaledata.py builds it).

Target (issue 12): under 100 ms. Each kind is measured in its own process, several times
(interleaved), so the figure is a first open every time; medians are reported.

Run: python bench/bench_screen_open.py [RUNS]
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from verdict import HEADLESS_KIVY, run  # noqa: E402

TARGET_MS = 100
LONG = "spurs, 50,000 actions"
SETTINGS = {
    "scorepad": {"players": ["Ann", "Bob"]},
    "spurs": {"players": [
        {"name": "Ann", "character": "Doc", "riding": 3, "bag": {"grey": 4, "brown": 2, "white": 1, "black": 2}},
        {"name": "Bob", "character": "Kid", "riding": 2, "bag": {"grey": 3, "brown": 3, "white": 1, "black": 2}}],
        "bank_cash": 100},
    "bountytown": {
        "players": [{"name": n, "character": ""} for n in ("Ann", "Bob", "Cid")],
        "grid": ["Bank", "Saloon", "Church", "Sheriff's Office", "Doc's", "General Store", "Stable",
                 "Bandit Hideout", "Hotel"],
        "bounties": [{"name": f"Bounty {i}", "renown": i, "locations": ["Bank", "Saloon"], "base": ["3H"], "draws": 1}
                     for i in range(1, 4)],
        "store": ["Rifle"]},
    "rapidcity": {"players": ["red", "blue", "green"], "seed": 7},
}


def child(kind: str, db: str, ahead: bool) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from ui.launch import configure_kivy

    configure_kivy(fullscreen=False)
    from kivy.base import EventLoop
    from kivy.core.window import Window

    from companion.db.store import Store
    from ui.app import CompanionApp

    if kind == LONG:  # a copy of the long game bench/scaledata.py builds
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        import scaledata

        built, game_id = scaledata.spurs_game(50_000)
        shutil.copy(built, db)
        store = Store(db)
        store.open_session(game_id)  # its snapshots as the app left them (the copy may predate this code)
        kind = "spurs"
    else:
        store = Store(db)
        game_id = store.new_session(kind, SETTINGS[kind]).id
    import gc

    from ui import app as app_module

    app_module.PRELOAD_AFTER_S = 0
    app = CompanionApp(store, backend="sim", preload=ahead)
    app._run_prepare()
    for _ in range(5):
        EventLoop.idle()
    while ahead and not gc.get_freeze_count():  # what the app builds while Home is shown
        EventLoop.idle()
    if ahead:
        app.screen(kind)  # as while a new game's setup screen is filled in
        EventLoop.idle()
    flips: list[tuple[float, float]] = []
    Window.bind(on_flip=lambda *_: flips.append((time.perf_counter(), time.process_time())))
    start, cpu = time.perf_counter(), time.process_time()
    app.screen("home").resume(game_id)
    while not flips:
        EventLoop.idle()
    assert app.manager.current == kind, app.manager.current
    print(json.dumps({"ms": (flips[0][0] - start) * 1000, "cpu_ms": (flips[0][1] - cpu) * 1000}), flush=True)
    app.stop()


def measure(kind: str, ahead: bool) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        out = subprocess.run([sys.executable, __file__, "child", kind, os.path.join(folder, "c.db"), str(int(ahead))],
                             capture_output=True, text=True, env=dict(os.environ, **HEADLESS_KIVY), timeout=120)
    if out.returncode:
        raise SystemExit(out.stderr[-2000:])
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(runs: int = 5) -> list[str]:
    times: dict[tuple[str, bool], list[dict[str, float]]] = {(kind, ahead): [] for kind in SETTINGS
                                                             for ahead in (True, False)}
    times[LONG, True] = []
    for _ in range(runs):
        for kind, ahead in times:
            times[kind, ahead].append(measure(kind, ahead))
    missed = []
    for (kind, ahead), found in times.items():
        how = "built ahead" if ahead else "cold (Resume)"
        wall = statistics.median(f["ms"] for f in found)
        cpu = statistics.median(f["cpu_ms"] for f in found)
        print(f"first open of {kind:<21} {how:<21}: median {wall:6.1f} ms (CPU {cpu:6.1f} ms), "
              f"max {max(f['ms'] for f in found):6.1f} ms" + (f" (target < {TARGET_MS} ms)" if ahead else ""))
        if ahead and cpu >= TARGET_MS:  # the CPU, the figure the README keeps: wall time here is mostly others' load
            missed.append(f"first open of {kind}, built ahead: CPU median {cpu:.1f} ms (target < {TARGET_MS} ms)")
    print(f"({runs} fresh apps each; wall time is noisy while other work shares the machine, the process's "
          "CPU time much less so)")
    return missed


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "child":
        child(sys.argv[2], sys.argv[3], sys.argv[4] == "1")
    else:
        run(main, int(sys.argv[1]) if len(sys.argv) > 1 else 5)
