"""What Python's -O saves on every kv binding Kivy evaluates (not a test: prints figures).

Kivy's kv rules are re-evaluated whenever a property they read changes; each evaluation
(kivy/lang/builder.py ``call_fn``) formats two trace lines with the widget's repr under
``if __debug__``, which -O compiles away. The kiosk's unit sets PYTHONOPTIMIZE=1 for this.
This bench changes a property read by four bindings, in a child Python with and without
-O, and prints the CPU time per binding evaluation; a tap evaluates tens to hundreds.

Run: python bench/bench_kv_trace.py [CHANGES]
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys

from verdict import HEADLESS_KIVY, run

CHILD = """
import os, sys, time
from kivy.lang import Builder
from kivy.properties import NumericProperty
from kivy.uix.boxlayout import BoxLayout

class Box(BoxLayout):
    value = NumericProperty(0)

Builder.load_string('''
<Box>:
    Widget:
        size_hint_x: 0.5 if root.value % 2 else 0.4
        opacity: 1 if root.value else 0
    Widget:
        disabled: root.value > 5
        height: root.value * 2
''')
box, changes = Box(), int(sys.argv[1])
start = time.process_time()
for i in range(changes):
    box.value = i
print((time.process_time() - start) / changes / 4 * 1e6)
"""


def per_binding(optimize: bool, changes: int) -> float:
    """Microseconds of CPU per binding evaluation in a fresh Python."""
    env = {**os.environ, **HEADLESS_KIVY}
    env.pop("PYTHONOPTIMIZE", None)
    command = [sys.executable, *(["-O"] if optimize else []), "-c", CHILD, str(changes)]
    return float(subprocess.run(command, env=env, capture_output=True, text=True, check=True).stdout)


def main() -> None:
    changes = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    runs = {False: [], True: []}
    for _ in range(5):  # interleaved, so both see the same machine
        for optimize in runs:
            runs[optimize].append(per_binding(optimize, changes))
    plain, optimized = (statistics.median(runs[o]) for o in (False, True))
    print(f"kv binding evaluation, CPU, median of 5 x {changes:,} changes:")
    print(f"  plain python: {plain:.2f} us   with -O: {optimized:.2f} us   ({plain / optimized:.1f}x)")
    print(f"  per 100 bindings a tap evaluates (60-300 in the whole games' taps, bench_taps.py --profile): "
          f"{plain * 0.1:.2f} ms -> {optimized * 0.1:.2f} ms here, x4-5 on a Pi 4")


if __name__ == "__main__":
    run(main)
