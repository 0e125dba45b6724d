"""Spurs odds timings against the targets (not a test: prints figures).

Run: PYTHONPATH=. python bench/bench_spurs.py
Targets: any odds answer for bags up to 40 bullets and 6 draws under 20 ms in-process;
a gang of 3 with 6 draws under 50 ms.
"""

from __future__ import annotations

import time
from typing import Callable

from companion.spurs.bag import parse_bag
from companion.spurs.gold import GoldBag
from companion.spurs.odds import gang_probability, gold_distribution, shoot_probability

BIG = parse_bag("grey=12,brown=10,white=6,black=9,red=3")  # 40 bullets
REPEATS = 20


def worst_ms(call: Callable[[], object]) -> float:
    """Slowest of a few runs, in milliseconds: the target is for any single answer."""
    worst = 0.0
    for _ in range(REPEATS):
        start = time.perf_counter()
        call()
        worst = max(worst, time.perf_counter() - start)
    return worst * 1000


def main() -> None:
    cases = [
        ("shoot revolver, 40 bullets, draw 6, need 3", 20, lambda: shoot_probability(BIG, "revolver", 6, 3)),
        ("shoot rifle, 40 bullets, draw 6, need 4", 20, lambda: shoot_probability(BIG, "rifle", 6, 4)),
        ("gang of 1, 40 bullets, draw 6", 20, lambda: gang_probability(BIG, 6, [("rifle", 2)])),
        ("gold dig of 6 from 10 gold / 15 stones", 20, lambda: gold_distribution(GoldBag(), 6)),
        ("gang of 3, 40 bullets, draw 6", 50,
         lambda: gang_probability(BIG, 6, [("revolver", 2), ("rifle", 2), ("revolver", 1)])),
    ]
    print(f"{'case':48} {'worst ms':>9} {'target':>7}  verdict")
    for name, target, call in cases:
        ms = worst_ms(call)
        print(f"{name:48} {ms:9.3f} {target:>5} ms  {'ok' if ms < target else 'SLOW'}")


if __name__ == "__main__":
    main()
