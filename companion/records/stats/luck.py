"""How lucky a run of bullet draws was, against the exact odds of each draw.

Each shooting draw's chance of every number of hits comes from the companion's own odds
(:func:`companion.spurs.odds.compositions`, the multivariate hypergeometric over hit and
miss bullets of the weapon's pool), so its expectation and variance are exact for the bag
as it was at that draw. A run's expectation and variance are their sums. How unlikely the
run was is the chance of doing at least as well (or, below expectation, at most as well)
had each draw been made on its own from its bag: within one game from the distribution of
the sum itself (the draws' distributions convolved); over several games, where that would
take seconds, from the normal curve with the same exact mean and variance.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import erfc, sqrt
from typing import Any

from companion.spurs.bag import HIT_COLOURS, Bag
from companion.spurs.odds import compositions
from companion.spurs.state import DrawRecord

#: colours that hit something in a gang's draw from the whole bag (R-S4): either weapon's
GANG_HITS = tuple(sorted(set(HIT_COLOURS["revolver"]) | set(HIT_COLOURS["rifle"])))


@lru_cache(maxsize=4096)
def hit_chances(hits: int, misses: int, draw: int) -> tuple[Fraction, ...]:
    """P(k hits) for k = 0..draw, drawing ``draw`` from ``hits`` hit and ``misses`` miss bullets."""
    chances = [Fraction(0)] * (min(draw, hits + misses) + 1)
    for drawn, p in compositions({"hit": hits, "miss": misses}, draw):
        chances[drawn["hit"]] += p
    return tuple(chances)


def hits_of(bag: Bag, weapon: str | None) -> int:
    """Bullets of ``bag`` that hit with ``weapon``, or in a gang's draw (``None``)."""
    return bag.hits(weapon) if weapon else sum(bag[c] for c in GANG_HITS)


class Run:
    """A player's draws in one game, added one at a time."""

    def __init__(self) -> None:
        self.draws = 0
        self.hits = 0
        self.expected = Fraction(0)
        self.variance = Fraction(0)
        self._sum = [1.0]  # P(total hits = k) so far

    def add(self, bag: Bag, record: DrawRecord) -> None:
        """One draw ``record`` made from ``bag`` (the bag before the draw)."""
        pool = bag.pool(record.weapon)
        hits = hits_of(pool, record.weapon)
        chances = hit_chances(hits, pool.total - hits, record.drawn.total)
        mean = sum((k * p for k, p in enumerate(chances)), Fraction(0))
        self.draws += 1
        self.hits += hits_of(record.bullets, record.weapon)
        self.expected += mean
        self.variance += sum((k * k * p for k, p in enumerate(chances)), Fraction(0)) - mean * mean
        floats = [float(p) for p in chances]
        total = [0.0] * (len(self._sum) + len(floats) - 1)
        for i, a in enumerate(self._sum):
            for j, b in enumerate(floats):
                total[i + j] += a * b
        self._sum = total

    def tail(self) -> float:
        """The chance of a run at least this far from the expectation on its side."""
        if self.hits >= self.expected:
            return min(1.0, sum(self._sum[self.hits:]))
        return min(1.0, sum(self._sum[:self.hits + 1]))

    def to_json(self) -> dict[str, Any]:
        return {"games": int(self.draws > 0), "draws": self.draws, "hits": self.hits, "expected": float(self.expected),
                "variance": float(self.variance), "tail": self.tail()}


def merged_tail(hits: int, expected: float, variance: float) -> float:
    """The normal curve's chance of a run at least this far out (continuity-corrected)."""
    if variance <= 0:
        return 1.0
    gap = abs(hits - expected) - 0.5
    return 1.0 if gap <= 0 else min(1.0, 0.5 * erfc(gap / sqrt(2 * variance)))
