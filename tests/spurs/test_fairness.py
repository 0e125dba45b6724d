"""Digital draws are fair: over many fixed seeds, the drawn compositions follow the
exact multivariate hypergeometric probabilities (chi-square test, deterministic)."""

import random
from math import sqrt

from companion.spurs.bag import draw_digital, parse_bag
from companion.spurs.gold import GoldBag, dig_digital
from companion.spurs.odds import compositions

DRAWS = 3000


def critical_value(df: int, z: float = 3.090) -> float:
    """Chi-square critical value at p = 0.001 (z of the normal), Wilson-Hilferty."""
    return df * (1 - 2 / (9 * df) + z * sqrt(2 / (9 * df))) ** 3


def chi_square(observed: dict, expected: dict) -> tuple[float, int]:
    """Statistic and degrees of freedom, pooling cells expected below 5."""
    cells, pooled_o, pooled_e = [], 0, 0.0
    for key, e in expected.items():
        if e < 5:
            pooled_o, pooled_e = pooled_o + observed.get(key, 0), pooled_e + e
        else:
            cells.append((observed.get(key, 0), e))
    if pooled_e:
        cells.append((pooled_o, pooled_e))
    return sum((o - e) ** 2 / e for o, e in cells), len(cells) - 1


def test_critical_value_matches_the_table():
    assert abs(critical_value(4) - 18.467) < 0.3 and abs(critical_value(20) - 45.315) < 0.3


def test_bullet_draws_follow_the_hypergeometric_distribution():
    bag = parse_bag("grey=4,brown=2,white=1,black=2,red=1")
    observed: dict = {}
    for seed in range(DRAWS):
        key = tuple(draw_digital(bag, random.Random(seed), 3).counts().values())
        observed[key] = observed.get(key, 0) + 1
    expected = {tuple(d.values()): float(p) * DRAWS for d, p in compositions(bag.counts(), 3)}
    assert set(observed) <= set(expected)
    stat, df = chi_square(observed, expected)
    assert stat < critical_value(df), (stat, df)


def test_weapon_draws_are_fair_over_the_eligible_pool():
    bag = parse_bag("grey=4,brown=2,white=1,black=2,red=1")
    observed: dict = {}
    for seed in range(DRAWS):
        key = draw_digital(bag, random.Random(10_000 + seed), 3, "rifle").hits("rifle")
        observed[key] = observed.get(key, 0) + 1
    pool = bag.pool("rifle")
    split = {"hit": pool.hits("rifle"), "miss": pool.total - pool.hits("rifle")}
    expected = {d["hit"]: float(p) * DRAWS for d, p in compositions(split, 3)}
    stat, df = chi_square(observed, expected)
    assert stat < critical_value(df), (stat, df)


def test_gold_digs_are_fair():
    observed: dict = {}
    for seed in range(DRAWS):
        key = dig_digital(GoldBag(), random.Random(20_000 + seed), 3).gold
        observed[key] = observed.get(key, 0) + 1
    expected = {d["gold"]: float(p) * DRAWS for d, p in compositions(GoldBag().counts(), 3)}
    stat, df = chi_square(observed, expected)
    assert stat < critical_value(df), (stat, df)


def test_a_biased_draw_would_be_caught():
    # the test has teeth: counting the first three bullets of the bag's layout every time fails it
    bag = parse_bag("grey=4,brown=2,white=1,black=2,red=1")
    expected = {tuple(d.values()): float(p) * DRAWS for d, p in compositions(bag.counts(), 3)}
    stat, df = chi_square({(3, 0, 0, 0, 0): DRAWS}, expected)
    assert stat > critical_value(df)
