"""Exact odds for Spurs draws, as Fractions.

Every answer sums over colour-count compositions of the draw, each weighted by the
multivariate hypergeometric probability prod(C(n_c, k_c)) / C(N, k). A bag of 5 colours
drawn 6 deep has at most a few hundred compositions, where ordered draws from 40
bullets would be billions, so any answer comes back in well under a millisecond.

Which draw each question describes:
- ``shoot_probability``: an outlaw, a hunt, a bank guard, or a *single* desperado
  (R-S4 says one desperado draws by its weapon, per R-S1). Spurs' extra draws are simply
  a larger ``draw``.
- ``gang_probability``: the R-S4 gang draw, one draw from the whole bag for the whole
  fight. A "gang" of one is a single desperado, so it is answered as
  ``shoot_probability`` with that weapon: ``odds gang`` and the engine agree.

A gang's answer is a closed count, not a walk over draws: with weapon-first counting
(:func:`companion.spurs.desperado.take_hits`) the whites a fight needs are the revolver
shortfall plus the rifle shortfall, ``max(0, R - grey) + max(0, F - brown)``, whatever
the reveal order (``R``/``F``: hits the gang's revolvers/rifles need). So the sum runs
over grey and brown counts only, with the white-and-miss part read from a table of
suffix sums: O(draw^2) big-integer terms instead of O(draw^3) compositions.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Iterator, Mapping, Sequence

from companion.intake.errors import InputError
from companion.spurs.bag import WEAPONS, Bag, weapon_named
from companion.spurs.desperado import check_gang
from companion.spurs.gold import GoldBag


def compositions(counts: Mapping[str, int], draw: int) -> Iterator[tuple[dict[str, int], Fraction]]:
    """Every way to draw ``draw`` tokens (all, if the bag holds fewer) as kind -> count,
    with its probability. The probabilities sum to 1."""
    kinds = [k for k, n in counts.items() if n > 0]
    size = min(draw, sum(counts[k] for k in kinds))
    ways = comb(sum(counts[k] for k in kinds), size)

    def spread(i: int, left: int, acc: dict[str, int], weight: int) -> Iterator[tuple[dict[str, int], int]]:
        if i == len(kinds) - 1:
            if left <= counts[kinds[i]]:
                yield {**acc, kinds[i]: left}, weight * comb(counts[kinds[i]], left)
            return
        room_after = sum(counts[k] for k in kinds[i + 1:])
        for take in range(max(0, left - room_after), min(left, counts[kinds[i]]) + 1):
            yield from spread(i + 1, left - take, {**acc, kinds[i]: take}, weight * comb(counts[kinds[i]], take))

    if not kinds:
        yield dict.fromkeys(counts, 0), Fraction(1)
        return
    for drawn, weight in spread(0, size, {}, 1):
        yield {k: drawn.get(k, 0) for k in counts}, Fraction(weight, ways)


def _count(value: object, what: str, minimum: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise InputError(f"{what} must be a whole number {minimum} or more, got {value!r}")
    return value


def shoot_probability(bag: Bag, weapon: str, draw: int, need: int) -> Fraction:
    """P(at least ``need`` hits) drawing ``draw`` bullets with ``weapon`` (R-S1: from the
    bag without the other weapon's colour, all eligible bullets if fewer)."""
    pool = bag.pool(weapon_named(weapon))
    _count(draw, "draw", 0)
    _count(need, "need", 0)
    hits = pool.hits(weapon)
    split = {"hit": hits, "miss": pool.total - hits}
    return sum((p for drawn, p in compositions(split, draw) if drawn["hit"] >= need), Fraction(0))


def gang_probability(bag: Bag, draw: int, gang: Sequence[tuple[str, int]]) -> Fraction:
    """P(beating every desperado of ``gang`` (weapon, hits) in reveal order): one draw
    of ``draw`` bullets from the whole bag (R-S4), or by its weapon for a gang of one."""
    members = check_gang(gang)
    if len(members) == 1:  # ruling: R-S4 - a single desperado is not a gang: R-S1 draw
        weapon, hits = members[0]
        return shoot_probability(bag, weapon, draw, hits)
    return whole_bag_probability(bag, draw, members)


def whole_bag_probability(bag: Bag, draw: int, cards: Sequence[tuple[str, int]]) -> Fraction:
    """P(beating ``cards`` (weapon, hits), in order) with one draw of ``draw`` bullets from
    the whole bag: a gang's draw (R-S4), also while only some of its cards are revealed."""
    members = check_gang(cards)
    _count(draw, "draw", 0)
    need = {weapon: sum(h for w, h in members if w == weapon) for weapon in WEAPONS}
    grey, brown, white, miss = bag.grey, bag.brown, bag.white, bag.black + bag.red
    size = min(draw, bag.total)
    # at_least[s][k]: ways to take s bullets from whites and misses with at least k whites
    at_least = []
    for s in range(size + 1):
        ways = [comb(white, w) * comb(miss, s - w) for w in range(min(white, s) + 1)]
        suffix = [0] * (white + 2)
        for w in range(len(ways) - 1, -1, -1):
            suffix[w] = suffix[w + 1] + ways[w]
        at_least.append(suffix)
    good = 0
    for g in range(min(grey, size) + 1):
        short_g = max(0, need["revolver"] - g)  # ruling: R-S4 - whites cover only the shortfall
        for b in range(min(brown, size - g) + 1):
            whites = short_g + max(0, need["rifle"] - b)
            if whites <= white:
                good += comb(grey, g) * comb(brown, b) * at_least[size - g - b][whites]
    return Fraction(good, comb(bag.total, size))


def gold_distribution(bag: GoldBag, draw: int) -> dict[int, Fraction]:
    """Nuggets found -> probability, digging ``draw`` objects from the Gold/Stones bag."""
    _count(draw, "draw", 0)
    return {drawn["gold"]: p for drawn, p in compositions(bag.counts(), draw)}
