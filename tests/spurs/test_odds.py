"""Exact odds against brute force over every ordered draw of labelled bullets."""

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.intake.errors import InputError
from companion.spurs.bag import COLOURS, HIT_COLOURS, Bag, parse_bag
from companion.spurs.gold import GoldBag
from companion.spurs.desperado import take_hits
from companion.spurs.odds import (compositions, gang_probability, gold_distribution, shoot_probability,
                                  whole_bag_probability)


def labelled(bag, weapon=None):
    """Every bullet as (colour, serial), so equal colours are distinct tokens."""
    pool = bag.pool(weapon)
    return [(c, i) for c in COLOURS for i in range(pool[c])]


def ordered_draws(tokens, draw):
    return list(itertools.permutations(tokens, min(draw, len(tokens))))


def brute_shoot(bag, weapon, draw, need):
    draws = ordered_draws(labelled(bag, weapon), draw)
    good = sum(1 for d in draws if sum(c in HIT_COLOURS[weapon] for c, _ in d) >= need)
    return Fraction(good, len(draws))


def can_beat(bullets, gang):
    """Any assignment of distinct drawn bullets to the desperados in order: the
    player's best play, which R-S4's weapon-first counting claims to reach."""
    if not gang:
        return True
    (weapon, hits), rest = gang[0], gang[1:]
    eligible = [i for i, c in enumerate(bullets) if c in HIT_COLOURS[weapon]]
    for chosen in itertools.combinations(eligible, hits):
        left = [c for i, c in enumerate(bullets) if i not in chosen]
        if can_beat(left, rest):
            return True
    return False


def brute_gang(bag, draw, gang):
    """A gang draws from the whole bag; a gang of one is a single desperado, by weapon (R-S4)."""
    draws = ordered_draws(labelled(bag, gang[0][0] if len(gang) == 1 else None), draw)
    good = sum(1 for d in draws if can_beat([c for c, _ in d], gang))
    return Fraction(good, len(draws))


def test_rulebook_example_bag_revolver():
    # pool without browns: 4 grey + 1 white hit, 2 black + 1 red miss; P(>=2 of 3) = 40/56
    assert shoot_probability(parse_bag("grey=4,brown=2,white=1,black=2,red=1"), "revolver", 3, 2) == Fraction(5, 7)


def test_extra_draws_from_spurs_only_help():
    bag = parse_bag("grey=4,brown=2,white=1,black=2,red=1")
    odds = [shoot_probability(bag, "rifle", n, 2) for n in range(3, 7)]
    assert odds == sorted(odds) and odds[0] < odds[-1]


small_bags = st.builds(Bag, *(st.integers(0, 2) for _ in COLOURS)).filter(lambda b: 1 <= b.total <= 7)


@settings(max_examples=60, deadline=None)
@given(small_bags, st.sampled_from(["revolver", "rifle"]), st.integers(0, 4), st.integers(0, 3))
def test_shoot_matches_brute_force(bag, weapon, draw, need):
    assert shoot_probability(bag, weapon, draw, need) == brute_shoot(bag, weapon, draw, need)


gangs = st.lists(st.tuples(st.sampled_from(["revolver", "rifle"]), st.integers(1, 2)), min_size=1, max_size=3)


@settings(max_examples=60, deadline=None)
@given(small_bags, st.integers(1, 4), gangs)
def test_gang_matches_brute_force_best_assignment(bag, draw, gang):
    assert gang_probability(bag, draw, gang) == brute_gang(bag, draw, gang)


def test_gang_white_is_kept_for_the_desperado_who_needs_it():
    # draw everything: grey, brown, white. Revolver:1 must use the grey, not the white,
    # so the rifle:2 can take brown + white.
    assert gang_probability(Bag(grey=1, brown=1, white=1), 3, [("revolver", 1), ("rifle", 2)]) == 1


def test_gang_bullet_is_not_counted_twice():
    # one white drawn cannot beat two desperados
    assert gang_probability(Bag(white=1), 1, [("revolver", 1), ("rifle", 1)]) == 0


def test_a_gang_of_one_is_a_single_desperado_drawing_by_its_weapon():
    # ruling: R-S4 - the example: a lone rifle desperado needing 1 hit, draw 3,
    # is the rifle draw (no greys in the pool: 1 - C(5,3)/C(8,3) = 0.95, not 0.708)
    bag = parse_bag("grey=4,brown=2,white=1,black=2,red=1")
    assert gang_probability(bag, 3, [("rifle", 1)]) == shoot_probability(bag, "rifle", 3, 1) == Fraction(19, 20)
    assert whole_bag_probability(bag, 3, [("rifle", 1)]) == Fraction(17, 24)  # the whole-bag draw it is not


def engine_counting(bag, draw, cards):
    """The whole-bag draw judged the way the engine fights: every composition of the
    draw, each desperado in order beaten with take_hits (weapon-first, whites last)."""
    split = {"grey": bag.grey, "brown": bag.brown, "white": bag.white, "miss": bag.black + bag.red}
    total = Fraction(0)
    for drawn, p in compositions(split, draw):
        unused = Bag(grey=drawn["grey"], brown=drawn["brown"], white=drawn["white"])
        for weapon, hits in cards:
            unused = take_hits(unused, weapon, hits)
            if unused is None:
                break
        else:
            total += p
    return total


medium_bags = st.builds(Bag, *(st.integers(0, 6) for _ in COLOURS))
cards_lists = st.lists(st.tuples(st.sampled_from(["revolver", "rifle"]), st.integers(1, 4)), min_size=1, max_size=4)


@settings(max_examples=150, deadline=None)
@given(medium_bags, st.integers(0, 12), cards_lists)
def test_closed_form_gang_odds_equal_the_engines_counting(bag, draw, cards):
    assert whole_bag_probability(bag, draw, cards) == engine_counting(bag, draw, cards)


def test_gold_distribution_at_start_of_game():
    dist = gold_distribution(GoldBag(), 2)  # 10 gold, 15 stones
    assert dist == {0: Fraction(105, 300), 1: Fraction(150, 300), 2: Fraction(45, 300)}
    assert sum(dist.values()) == 1


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 4), st.integers(0, 4), st.integers(0, 5))
def test_gold_distribution_matches_brute_force(gold, stones, draw):
    tokens = [("gold", i) for i in range(gold)] + [("stone", i) for i in range(stones)]
    draws = ordered_draws(tokens, draw)
    expected = {}
    for d in draws:
        g = sum(kind == "gold" for kind, _ in d)
        expected[g] = expected.get(g, 0) + Fraction(1, len(draws))
    assert gold_distribution(GoldBag(gold, stones), draw) == expected


@pytest.mark.parametrize("call, named", [
    (lambda: shoot_probability(Bag(grey=1), "pistol", 3, 1), "pistol"),
    (lambda: shoot_probability(Bag(grey=1), "rifle", -1, 1), "draw"),
    (lambda: shoot_probability(Bag(grey=1), "rifle", 3, -2), "need"),
    (lambda: gang_probability(Bag(grey=1), 3, []), "at least one"),
    (lambda: gang_probability(Bag(grey=1), 3, [("rifle", 0)]), "hits"),
])
def test_bad_odds_questions_are_refused(call, named):
    with pytest.raises(InputError, match=named):
        call()
