"""What the CJK fallback font (ui/shell/fonts.py) costs in resident memory.

Each figure is the RSS (/proc/self/status, VmRSS) of one process started headless the way
the app starts (``ui.shell.launch.configure_kivy``, SDL's offscreen driver), its window made and
a Latin name drawn, then read again after a CJK name is drawn at the table's two text sizes
(16 and 20 px: each size is a font object of its own). The differences are the font's.

Run: python bench/bench_cjk_font.py [RUNS]   (medians of RUNS processes, default 3)
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_startup import rss_mb  # noqa: E402
from verdict import HEADLESS_KIVY, run  # noqa: E402


def child() -> None:
    """Runs in the measured process: RSS after a Latin name, then after a CJK name at 20 and 16 px."""
    from ui.shell.launch import configure_kivy

    configure_kivy(fullscreen=False)
    from kivy.core.text import Label as CoreLabel
    from kivy.core.window import Window  # noqa: F401  (the GL context the textures need)

    def draw(text: str, size: int) -> None:
        label = CoreLabel(text=text, font_size=size)
        label.refresh()

    draw("Ann, Bob", 20)
    before = rss_mb()
    draw("王小明, Bob", 20)
    at_20 = rss_mb()
    draw("王小明, Bob", 16)
    print(json.dumps({"before": before, "cjk_20": at_20 - before, "cjk_16_too": rss_mb() - before}))


def main(runs: int) -> None:
    found = []
    for _ in range(runs):
        out = subprocess.run([sys.executable, __file__, "--child"], capture_output=True, text=True,
                             env=dict(os.environ, **HEADLESS_KIVY), timeout=120)
        if out.returncode:
            raise SystemExit(out.stderr[-2000:])
        found.append(json.loads(out.stdout.strip().splitlines()[-1]))
    for key, words in (("before", "RSS with a Latin name drawn"), ("cjk_20", "+ a CJK name at 20 px"),
                       ("cjk_16_too", "+ the same at 16 px too")):
        print(f"{words:32} {statistics.median(f[key] for f in found):7.1f} MB")


if __name__ == "__main__":
    if sys.argv[1:] == ["--child"]:
        child()
    else:
        run(main, int(sys.argv[1]) if len(sys.argv) > 1 else 3)
