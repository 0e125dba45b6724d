"""Resident memory (RSS) of the app as the kiosk starts it, beside an empty Kivy app.

A Pi 3 or a Zero 2 W has 1 GB or 512 MB, shared with the GPU. Targets (issue 27): at most
+40 MB over an empty Kivy app once the app has settled at Home, whatever the history, and
under 250 MB after the three games have been played in one session.

Each figure comes from its own process, started the way the app starts (``ui.launch``,
headless: SDL's offscreen driver and Mesa's software GL, so the absolute figures include
Mesa's; the differences are the app's). It is read once the app is idle at Home, after
whatever the app builds ahead while Home shows is built (the garbage collector frozen:
``gc.get_freeze_count()``), or, for the empty app, once its first frame is drawn.

- empty:       a Kivy app with one Label
- fresh:       the app on a new database
- N waiting:   N unfinished games to resume (the kinds in turn), and 30 finished ones
- played:      the app on a new database, each of the three games set up from Home (its
               setup screen, then its game screen) and played to its end, each action shown
               on the game's screen as it is saved (the short whole games of
               tests/stats_games.py: duels, a bounty taken, two Rapid City calls), then Home

Run: python bench/bench_memory.py [RUNS]   (medians of RUNS processes each, default 3)
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_screen_open import HEADLESS, SETTINGS  # noqa: E402  (the same games as each first open)
from bench_startup import rss_mb  # noqa: E402
AT_START_MB = 40
PLAYED_MB = 250
WAITING = (1, 3, 10)
FINISHED = 30
KINDS = ("spurs", "bountytown", "rapidcity", "scorepad")


def make_db(path: str, waiting: int) -> None:
    """``waiting`` unfinished games and some finished ones (scorepads, ended at once)."""
    from companion.db.store import Store

    with Store(path) as store:
        for n in range(FINISHED if waiting else 0):
            game = store.new_session("scorepad", SETTINGS["scorepad"])
            game.do({"type": "finish"})
        for n in range(waiting):
            kind = KINDS[n % len(KINDS)]
            store.new_session(kind, SETTINGS[kind])


def child(scenario: str, db: str) -> None:
    """In the measured process: start as the kiosk does, settle, print the RSS."""
    import gc

    from ui.launch import configure_kivy

    configure_kivy(fullscreen=False)
    from kivy.app import App
    from kivy.base import EventLoop
    from kivy.clock import Clock

    def idle(frames: int = 3) -> None:
        for _ in range(frames):
            EventLoop.idle()

    def report(_dt: float = 0) -> None:
        gc.collect()
        idle()
        print(json.dumps({"rss_mb": rss_mb()}), flush=True)
        App.get_running_app().stop()

    if scenario == "empty":
        from kivy.uix.label import Label

        class Empty(App):
            def build(self):
                return Label(text="Hello")

            def on_start(self):
                Clock.schedule_once(report, 0.5)

        Empty().run()
        return
    from ui import app as app_module

    app_module.PRELOAD_AFTER_S = 0
    app = app_module.CompanionApp(db_path=db, backend="sim", preload=True)
    app._run_prepare()
    idle(5)
    while not gc.get_freeze_count():  # what the app builds ahead at Home, built
        EventLoop.idle()
    if scenario == "played":
        play_three(app, idle)
    report()


def play_three(app, idle) -> None:
    """Each game set up from Home as a table would (its setup screen, then the game's), played
    to its end with every action shown as it is saved, and left for Home."""
    from tests import stats_games

    for kind, game in (("spurs", stats_games.spurs_long), ("bountytown", stats_games.bountytown),
                       ("rapidcity", stats_games.rapidcity)):
        settings, actions = game()
        app.go_home()
        idle()
        app.new_game(kind)
        idle(3)
        session = app.start_session(kind, settings)
        idle(3)
        for action in actions:
            session.do(action)
            app.show_session(session)
            idle(2)
    app.go_home()
    idle(5)


def measure(scenario: str, db: str) -> float:
    out = subprocess.run([sys.executable, __file__, "child", scenario, db], capture_output=True, text=True,
                         env=dict(os.environ, **HEADLESS), timeout=600)
    if out.returncode:
        raise SystemExit(f"{scenario}: {out.stderr[-2000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])["rss_mb"]


def main(runs: int = 3) -> None:
    with tempfile.TemporaryDirectory() as folder:
        dbs = {"empty": os.path.join(folder, "unused.db"), "fresh": os.path.join(folder, "fresh.db"),
               "played": os.path.join(folder, "played.db")}
        for waiting in WAITING:
            dbs[f"{waiting} waiting"] = path = os.path.join(folder, f"waiting{waiting}.db")
            make_db(path, waiting)
        found: dict[str, list[float]] = {scenario: [] for scenario in dbs}
        for _ in range(runs):  # interleaved, so the machine's noise hits every scenario alike
            for scenario, db in dbs.items():
                if scenario in ("fresh", "played") and os.path.exists(db):
                    os.remove(db)
                found[scenario].append(measure(scenario.split()[-1] if "waiting" in scenario else scenario, db))
    empty = statistics.median(found["empty"])
    print(f"RSS, median of {runs} processes each (headless: offscreen SDL, Mesa software GL)")
    for scenario, figures in found.items():
        mb = statistics.median(figures)
        target = (f"(target <= +{AT_START_MB} MB)" if scenario not in ("empty", "played")
                  else f"(target < {PLAYED_MB} MB)" if scenario == "played" else "")
        print(f"{scenario:<12} {mb:7.1f} MB  {mb - empty:+7.1f} MB over the empty app  "
              f"range {min(figures):.1f}-{max(figures):.1f}  {target}")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "child":
        child(sys.argv[2], sys.argv[3])
    else:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
