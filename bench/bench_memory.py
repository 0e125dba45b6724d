"""Resident memory (RSS) of the app as the kiosk starts it, beside an empty Kivy app.

A Pi 3 or a Zero 2 W has 1 GB or 512 MB, shared with the GPU. Targets (issues 27, 38): at
most +40 MB over an empty Kivy app at Home, with no games, 3,000 finished games or 10
unfinished ones; after one game of each kind played in one session at most 250 MB, and at
most +60 MB over the empty app. Exits 1 naming each target missed, 2 with the traceback when
it cannot measure (verdict.py).

Each figure is the process's resident set as the OS counts it (VmRSS in /proc/self/status),
read 20 s after the process started (:data:`READ_AT_S`), the way the app starts (``ui.shell.launch``,
headless: SDL's offscreen driver and Mesa's software GL, so the absolute figures include
Mesa's; the differences are the app's), with an empty Kivy app measured in the same run,
alike. Reading it as soon as the app froze its garbage collector at Home (as before) missed
what it builds ahead and fills in after that: +15 MB there, +41 to +67 MB held a while later.
A game played past 20 s is read when it is done.

- empty:       a Kivy app with one Label
- fresh:       the app on a new database
- 3000 games:  3,000 finished Spurs games of 500 actions (bench/scaledata.py's year of history)
- N waiting:   N unfinished games to resume (the kinds in turn), and 30 finished ones
- played:      the app on a new database, each of the three games set up from Home (its
               setup screen, then its game screen) and played to its end, each action shown
               on the game's screen as it is saved (the short whole games of
               tests/stats_games.py: duels, a bounty taken, two Rapid City calls), then Home

The scenarios of one run are measured side by side (a process each, at once: RSS is what a
process holds, not how fast it got there), runs one after another.

Run: python bench/bench_memory.py [RUNS]   (medians of RUNS processes each, default 3)
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

STARTED = time.monotonic()  # the measured process's start, near enough (before Kivy and the app)

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import scaledata  # noqa: E402
from bench_screen_open import SETTINGS  # noqa: E402  (the same games as each first open)
from bench_startup import rss_mb  # noqa: E402
from verdict import HEADLESS_KIVY, run  # noqa: E402

AT_START_MB = 40
PLAYED_MB, PLAYED_OVER_MB = 250, 60
READ_AT_S = 20
HISTORY = 3000
WAITING = (10,)
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

    from ui.shell.launch import configure_kivy

    configure_kivy(fullscreen=False)
    from kivy.app import App
    from kivy.base import EventLoop
    from kivy.clock import Clock

    def idle(frames: int = 3) -> None:
        for _ in range(frames):
            EventLoop.idle()

    def report(_dt: float = 0) -> None:
        while time.monotonic() - STARTED < READ_AT_S:  # the app keeps running its frames until then
            idle(1)
            time.sleep(0.05)
        print(json.dumps({"rss_mb": rss_mb(), "at_s": time.monotonic() - STARTED}), flush=True)
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
    from ui.shell import app as app_module

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


def side_by_side(scenarios: dict[str, str]) -> dict[str, float]:
    """One process per scenario, all started at once; each one's RSS (MB)."""
    env = dict(os.environ, **HEADLESS_KIVY)
    procs = {name: subprocess.Popen([sys.executable, __file__, "child", name.split()[-1], db], env=env,
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for name, db in scenarios.items()}
    found = {}
    for name, proc in procs.items():
        out, err = proc.communicate(timeout=600)
        if proc.returncode:
            raise RuntimeError(f"the {name} process exited {proc.returncode}:\n{err[-3000:]}")
        found[name] = json.loads(out.strip().splitlines()[-1])["rss_mb"]
    return found


def main(runs: int = 3) -> list[str]:
    with tempfile.TemporaryDirectory() as folder:
        dbs = {"empty": os.path.join(folder, "unused.db"), "fresh": os.path.join(folder, "fresh.db"),
               f"{HISTORY} games": os.path.join(folder, "history.db"), "played": os.path.join(folder, "played.db")}
        for waiting in WAITING:
            dbs[f"{waiting} waiting"] = path = os.path.join(folder, f"waiting{waiting}.db")
            make_db(path, waiting)
        found: dict[str, list[float]] = {scenario: [] for scenario in dbs}
        for _ in range(runs):
            for scenario in ("fresh", "played"):
                if os.path.exists(dbs[scenario]):
                    os.remove(dbs[scenario])
            shutil.copy(scaledata.history(HISTORY), dbs[f"{HISTORY} games"])  # a game opened may write
            for scenario, mb in side_by_side(dbs).items():
                found[scenario].append(mb)
    empty = statistics.median(found["empty"])
    print(f"RSS (VmRSS) {READ_AT_S} s after start, median of {runs} processes each, side by side with an empty "
          f"Kivy app (headless: offscreen SDL, Mesa software GL)")
    missed = []
    for scenario, figures in found.items():
        mb = statistics.median(figures)
        over = mb - empty
        if scenario == "played":
            target = f"(target <= {PLAYED_MB} MB and <= +{PLAYED_OVER_MB} MB)"
            if mb > PLAYED_MB or over > PLAYED_OVER_MB:
                missed.append(f"after one game of each kind: {mb:.1f} MB, {over:+.1f} MB over the empty app {target}")
        elif scenario != "empty":
            target = f"(target <= +{AT_START_MB} MB)"
            if over > AT_START_MB:
                missed.append(f"at Home with {scenario}: {over:+.1f} MB over the empty app {target}")
        else:
            target = ""
        print(f"{scenario:<12} {mb:7.1f} MB  {over:+7.1f} MB over the empty app  "
              f"range {min(figures):.1f}-{max(figures):.1f}  {target}")
    return missed


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "child":
        child(sys.argv[2], sys.argv[3])
    else:
        run(main, int(sys.argv[1]) if len(sys.argv) > 1 else 3)
