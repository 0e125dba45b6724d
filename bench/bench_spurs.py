"""Spurs odds timings against the targets (not a test: prints figures).

Run: PYTHONPATH=. python bench/bench_spurs.py
Targets: any odds answer for bags up to 40 bullets and 6 draws under 20 ms in-process;
a gang of 3 with 6 draws under 50 ms; and a gang's odds at 40 draws (Spurs and Equipment
stacked, from an 80-bullet bag) under 20 ms, with the cost growing no faster than draws^2.
"""

from __future__ import annotations

import math
import statistics
import time
from typing import Callable

from companion.spurs.bag import parse_bag
from companion.spurs.gold import GoldBag
from companion.spurs.odds import gang_probability, gold_distribution, shoot_probability
from verdict import run  # noqa: E402

BIG = parse_bag("grey=12,brown=10,white=6,black=9,red=3")  # 40 bullets
HUGE = parse_bag("grey=24,brown=24,white=12,black=17,red=3")  # 80 bullets: room for 40 draws
GANG3 = [("revolver", 2), ("rifle", 2), ("revolver", 1)]
GANG_DRAWS = (10, 20, 40)
GANG_TARGET_MS = 20
REPEATS = 20


def timings_ms(call: Callable[[], object]) -> list[float]:
    """Every run's time in milliseconds (the machine is shared: report worst and median)."""
    out = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        call()
        out.append((time.perf_counter() - start) * 1000)
    return out


def main() -> list[str]:
    cases = [
        ("shoot revolver, 40 bullets, draw 6, need 3", 20, lambda: shoot_probability(BIG, "revolver", 6, 3)),
        ("shoot rifle, 40 bullets, draw 6, need 4", 20, lambda: shoot_probability(BIG, "rifle", 6, 4)),
        ("gang of 1, 40 bullets, draw 6", 20, lambda: gang_probability(BIG, 6, [("rifle", 2)])),
        ("gold dig of 6 from 10 gold / 15 stones", 20, lambda: gold_distribution(GoldBag(), 6)),
        ("gang of 3, 40 bullets, draw 6", 50, lambda: gang_probability(BIG, 6, GANG3)),
    ]
    print(f"{'case':48} {'worst ms':>9} {'median':>8} {'target':>7}  verdict")
    missed = []
    for name, target, call in cases:
        ms = timings_ms(call)
        print(f"{name:48} {max(ms):9.3f} {statistics.median(ms):8.3f} {target:>5} ms  "
              f"{'ok' if max(ms) < target else 'SLOW'}")
        if max(ms) >= target:
            missed.append(f"{name}: worst {max(ms):.3f} ms (target < {target} ms)")

    print(f"\ngang of 3 from an 80-bullet bag, by draws (target < {GANG_TARGET_MS} ms at {GANG_DRAWS[-1]}):")
    medians = {}
    for draws in GANG_DRAWS:
        ms = timings_ms(lambda d=draws: gang_probability(HUGE, d, GANG3))
        medians[draws] = statistics.median(ms)
        print(f"  {draws:3} draws: median {medians[draws]:7.3f} ms, worst {max(ms):7.3f} ms")
    small, large = GANG_DRAWS[-2], GANG_DRAWS[-1]
    growth = math.log(medians[large] / medians[small]) / math.log(large / small)
    verdict = "ok" if medians[large] < GANG_TARGET_MS else "SLOW"
    print(f"  growth {small}->{large} draws: x{medians[large] / medians[small]:.1f} (~draws^{growth:.1f}); "
          f"{verdict} against {GANG_TARGET_MS} ms")
    if medians[large] >= GANG_TARGET_MS:
        missed.append(f"gang of 3 at {large} draws: median {medians[large]:.3f} ms (target < {GANG_TARGET_MS} ms)")
    return missed


if __name__ == "__main__":
    run(main)
