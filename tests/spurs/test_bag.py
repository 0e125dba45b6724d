"""The bullet bag: parsing, R-S1 draws, R-S2 whites, R-S3 reds, R-S10 physical draws."""

import random

import pytest

from companion.contracts.engine import RuleError
from companion.intake.errors import InputError
from companion.spurs.bag import Bag, add_reds, after_shooting, check_physical, draw_digital, parse_bag

EXAMPLE = "grey=4,brown=2,white=1,black=2,red=1"


def test_parse_bag_reads_every_colour_and_leaves_out_zero():
    assert parse_bag(EXAMPLE) == Bag(grey=4, brown=2, white=1, black=2, red=1)
    assert parse_bag("white=2") == Bag(white=2)
    assert parse_bag(" grey = 3 , red=1 ") == Bag(grey=3, red=1)


@pytest.mark.parametrize("text, named", [
    ("pink=2", "pink"), ("grey=-1", "grey"), ("grey=x", "grey"), ("grey", "grey"), ("grey=1,grey=2", "grey"),
])
def test_parse_bag_refuses_with_the_culprit_named(text, named):
    with pytest.raises(InputError, match=named):
        parse_bag(text)


def test_revolver_draw_never_takes_browns_and_rifle_never_greys():
    # "When using a revolver, the brown bullets stay in the bag, and vice versa for a rifle."
    bag = parse_bag(EXAMPLE)
    for seed in range(200):
        assert draw_digital(bag, random.Random(seed), 3, "revolver").brown == 0
        assert draw_digital(bag, random.Random(seed), 3, "rifle").grey == 0


def test_hits_by_weapon():
    drawn = Bag(grey=1, brown=1, white=1, black=1, red=1)
    assert drawn.hits("revolver") == 2  # grey, white
    assert drawn.hits("rifle") == 2  # brown, white
    assert Bag(black=2, red=1).hits("revolver") == 0


def test_fewer_eligible_than_asked_draws_all_eligible():
    # ruling R-S1: a rifle draw of 5 from a bag with 2 browns, 1 white, 1 black draws those 4
    bag = Bag(grey=6, brown=2, white=1, black=1)
    assert draw_digital(bag, random.Random(1), 5, "rifle") == Bag(brown=2, white=1, black=1)


def test_whites_leave_for_good_and_the_rest_go_back():
    bag = parse_bag(EXAMPLE)
    assert after_shooting(bag, Bag(grey=1, white=1, red=1)) == Bag(grey=4, brown=2, white=0, black=2, red=1)


@pytest.mark.parametrize("start_red, fame, taken, red_after, fame_after", [
    (0, 5, 1, 1, 5), (2, 5, 1, 3, 5), (3, 5, 1, 3, 4), (2, 5, 3, 3, 3), (3, 0, 2, 3, 0),
])
def test_red_limit_costs_fame_instead_never_below_zero(start_red, fame, taken, red_after, fame_after):
    bag, fame = add_reds(Bag(grey=1, red=start_red), fame, taken)
    assert (bag.red, fame) == (red_after, fame_after)


def test_physical_draw_is_accepted_when_it_could_have_happened():
    assert check_physical(parse_bag(EXAMPLE), {"grey": 2, "white": 1}, 3, "revolver") == Bag(grey=2, white=1)


@pytest.mark.parametrize("entered, reason", [
    ({"white": 2, "grey": 1}, "bag holds 1"),
    ({"brown": 1, "grey": 2}, "leaves the brown"),
    ({"grey": 4}, "takes 3"),
    ({"grey": 1}, "takes 3"),
    ({"gold": 1, "grey": 2}, "gold"),
    ({"grey": -1}, "grey"),
])
def test_physical_draw_is_refused_with_the_reason(entered, reason):
    with pytest.raises(RuleError, match=reason):
        check_physical(parse_bag(EXAMPLE), entered, 3, "revolver")


def test_physical_rifle_draw_refuses_greys():
    with pytest.raises(RuleError, match="leaves the grey") as err:
        check_physical(parse_bag(EXAMPLE), {"grey": 1, "brown": 2}, 3, "rifle")
    assert err.value.rule == "R-S1"


def test_physical_and_digital_draws_update_the_bag_identically():
    # ruling R-S10: whatever the digital draw took, entering it by hand gives the same bag
    bag = parse_bag(EXAMPLE)
    for seed in range(50):
        drawn = draw_digital(bag, random.Random(seed), 3, "rifle")
        entered = check_physical(bag, drawn.counts(), 3, "rifle")
        assert after_shooting(bag, entered) == after_shooting(bag, drawn)
