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
  fight. It keeps that meaning even for a one-entry gang, because the CLI verb
  ``odds gang`` promises the gang draw; a lone desperado (the engine's fights of size 1)
  is a ``shoot_probability`` question.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Iterator, Mapping, Sequence

from companion.errors import InputError
from companion.spurs.bag import Bag, weapon_named
from companion.spurs.desperado import check_gang, defeated
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
    """P(beating every desperado of ``gang`` (weapon, hits) in reveal order) with one
    draw of ``draw`` bullets from the whole bag (R-S4)."""
    members = check_gang(gang)
    _count(draw, "draw", 0)
    # black and red only ever miss: one kind keeps the enumeration small
    split = {"grey": bag.grey, "brown": bag.brown, "white": bag.white, "miss": bag.black + bag.red}
    return sum(
        (p for drawn, p in compositions(split, draw)
         if defeated(Bag(grey=drawn["grey"], brown=drawn["brown"], white=drawn["white"]), members) == len(members)),
        Fraction(0),
    )


def gold_distribution(bag: GoldBag, draw: int) -> dict[int, Fraction]:
    """Nuggets found -> probability, digging ``draw`` objects from the Gold/Stones bag."""
    _count(draw, "draw", 0)
    return {drawn["gold"]: p for drawn, p in compositions(bag.counts(), draw)}
