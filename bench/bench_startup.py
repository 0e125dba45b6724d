"""Start-up time to the first drawn Home frame, and resident memory at Home, side by side
with an empty Kivy app (one Label) started the same way.

Targets (issue 2): companion's first frame at most 2x the empty app's; its memory at most
the empty app's plus 40 MB. Absolute numbers are inflated by software GL on this machine,
hence the side-by-side comparison, runs interleaved so noise hits both alike.

Run: python bench/bench_startup.py [RUNS]
"""

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from verdict import HEADLESS_KIVY, run  # noqa: E402



def rss_mb() -> float:
    with open("/proc/self/status") as status:
        line = next(line for line in status if line.startswith("VmRSS:"))
    return int(line.split()[1]) / 1024


def child(kind: str, db: str) -> None:
    """Runs in the measured process: report the first frame's time and RSS once Home is up."""
    from ui.shell.launch import configure_kivy

    configure_kivy(fullscreen=False)
    from kivy.app import App
    from kivy.clock import Clock
    from kivy.core.window import Window

    frames = []

    def on_flip(*_args):
        frames.append(time.time())
        if len(frames) == 1:
            # memory is read a few frames later, once Home has settled
            Clock.schedule_once(report, 0.5)

    def report(_dt):
        print(json.dumps({"first_frame": frames[0], "rss_mb": rss_mb()}), flush=True)
        App.get_running_app().stop()

    Window.bind(on_flip=on_flip)
    if kind == "empty":
        from kivy.uix.label import Label

        class Empty(App):
            def build(self):
                return Label(text="Hello")

        Empty().run()
    else:
        import argparse

        from ui.shell.launch import run_app

        run_app(argparse.Namespace(db=db, backend="sim", fullscreen=False, pads=None, port=None))


def measure(kind: str, db: str) -> dict:
    started = time.time()
    out = subprocess.run([sys.executable, __file__, "child", kind, db], capture_output=True, text=True,
                         env=dict(os.environ, **HEADLESS_KIVY), timeout=120)
    line = out.stdout.strip().splitlines()[-1]
    report = json.loads(line)
    return {"start_s": report["first_frame"] - started, "rss_mb": report["rss_mb"]}


def main(runs: int = 5) -> list[str]:
    results = {"empty": [], "companion": []}
    with tempfile.TemporaryDirectory() as folder:
        db = os.path.join(folder, "bench.db")
        for _ in range(runs):
            for kind in results:
                results[kind].append(measure(kind, db))
    med = {k: {m: statistics.median(r[m] for r in v) for m in ("start_s", "rss_mb")} for k, v in results.items()}
    e, c = med["empty"], med["companion"]
    print(f"first frame: empty app {e['start_s'] * 1000:.0f} ms, companion Home {c['start_s'] * 1000:.0f} ms "
          f"-> ratio {c['start_s'] / e['start_s']:.2f} (target <= 2.0)")
    print(f"RSS at first screen: empty app {e['rss_mb']:.1f} MB, companion Home {c['rss_mb']:.1f} MB "
          f"-> +{c['rss_mb'] - e['rss_mb']:.1f} MB (target <= +40 MB)")
    print(f"(medians of {runs} interleaved runs)")
    ratio, over = c["start_s"] / e["start_s"], c["rss_mb"] - e["rss_mb"]
    return ([f"first frame {ratio:.2f}x the empty app's (target <= 2.0)"] if ratio > 2.0 else []) + \
        ([f"RSS at the first screen +{over:.1f} MB over the empty app (target <= +40 MB)"] if over > 40 else [])


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "child":
        child(sys.argv[2], sys.argv[3])
    else:
        run(main, int(sys.argv[1]) if len(sys.argv) > 1 else 5)
