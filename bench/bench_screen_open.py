"""First open of each game's screen: from the Resume tap's handler to the first frame that
shows the game, in a fresh app, both as the real app does it (its screens built ahead while
Home is shown) and cold (nothing of that game's screens built yet, as before).

Target (issue 12): under 100 ms. Each kind is measured in its own process, several times
(interleaved), so the figure is a first open every time; medians are reported.

Run: python bench/bench_screen_open.py [RUNS]
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HEADLESS = {"SDL_VIDEODRIVER": "offscreen", "SDL_AUDIODRIVER": "dummy", "KIVY_NO_ARGS": "1",
            "KIVY_USE_DEFAULTCONFIG": "1", "KIVY_NO_CONSOLELOG": "1", "KIVY_NO_FILELOG": "1"}
TARGET_MS = 100
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
    from companion.launch import configure_kivy

    configure_kivy(fullscreen=False)
    from kivy.base import EventLoop
    from kivy.core.window import Window

    from companion.store import Store
    from ui.app import CompanionApp

    store = Store(db)
    game = store.new_session(kind, SETTINGS[kind])
    import gc

    from ui import app as app_module

    app_module.PRELOAD_AFTER_S = 0
    app = CompanionApp(store, backend="sim", preload=ahead)
    app._run_prepare()
    for _ in range(5):
        EventLoop.idle()
    while ahead and not gc.get_freeze_count():  # the screens built ahead, as Home is shown
        EventLoop.idle()
    flips: list[float] = []
    Window.bind(on_flip=lambda *_: flips.append(time.perf_counter()))
    start = time.perf_counter()
    app.screen("home").resume(game.id)
    while not flips:
        EventLoop.idle()
    assert app.manager.current == kind, app.manager.current
    print(json.dumps({"ms": (flips[0] - start) * 1000}), flush=True)
    app.stop()


def measure(kind: str, ahead: bool) -> float:
    with tempfile.TemporaryDirectory() as folder:
        out = subprocess.run([sys.executable, __file__, "child", kind, os.path.join(folder, "c.db"), str(int(ahead))],
                             capture_output=True, text=True, env=dict(os.environ, **HEADLESS), timeout=120)
    if out.returncode:
        raise SystemExit(out.stderr[-2000:])
    return json.loads(out.stdout.strip().splitlines()[-1])["ms"]


def main(runs: int = 5) -> None:
    times: dict[tuple[str, bool], list[float]] = {(kind, ahead): [] for kind in SETTINGS for ahead in (True, False)}
    for _ in range(runs):
        for kind, ahead in times:
            times[kind, ahead].append(measure(kind, ahead))
    for (kind, ahead), found in times.items():
        how = "built ahead (the app)" if ahead else "cold (before)"
        print(f"first open of {kind:<10} {how:<21}: median {statistics.median(found):6.1f} ms, "
              f"max {max(found):6.1f} ms" + (f" (target < {TARGET_MS} ms)" if ahead else ""))
    print(f"({runs} fresh apps each; noisy while other work shares the machine)")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "child":
        child(sys.argv[2], sys.argv[3], sys.argv[4] == "1")
    else:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
