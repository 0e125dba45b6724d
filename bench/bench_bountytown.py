"""Bountytown figures: the golden-count census and one exact duel-odds question.

Prints the median of a few runs of each (not a pass/fail test). Targets: the census of
every five-card hand under 10 s; a five-card hand against a bounty with two base cards
drawing five under 200 ms.

    PYTHONPATH=. python bench/bench_bountytown.py
"""

from __future__ import annotations

import statistics
import time
from math import comb

from companion.bountytown.hands import rank_of_shape
from companion.bountytown.odds import duel_odds, rank_distribution

RUNS = 5


def median_seconds(task) -> float:
    times = []
    for _ in range(RUNS):
        rank_of_shape.cache_clear()  # each run pays for its own ranking, as a fresh process would
        start = time.perf_counter()
        task()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    census = rank_distribution(5)
    assert sum(census.values()) == comb(75, 5)
    print(f"golden counts (all {comb(75, 5):,} five-card hands): {median_seconds(lambda: rank_distribution(5)) * 1000:.1f} ms")
    args = (["1H", "1S", "2G", "2C", "4D"], ["3C", "3D"], 5)
    print(f"odds duel (5-card hand vs 2 base + 5 draws): {median_seconds(lambda: duel_odds(*args)) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
