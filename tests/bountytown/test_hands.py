"""Hand ranks (R-B2, R-B3), a perft-style census of every five-card hand, and the
choice of which cards to play."""

from collections import Counter
from itertools import combinations, combinations_with_replacement
from math import comb, prod

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.bountytown.cards import CARD_TYPES, COPIES
from companion.bountytown.hands import RANK_NAMES, best_play, bounty_rank, rank
from companion.bountytown.odds import rank_distribution
from companion.intake.errors import InputError

EXAMPLES = [
    ("1H 2H 3H 4H 5H", 1, "Straight Flush"),
    ("5G 3G 1G 4G 2G", 1, "Straight Flush"),
    ("2H 2D 2S 2C 2G", 2, "Five of a Kind"),
    ("2H 2H 2H 2D 2D", 2, "Five of a Kind"),
    ("1S 1S 3S 4S 4S", 3, "Flush"),
    ("1H 2D 3S 4C 5G", 4, "Rainbow"),
    ("1H 1D 1S 1C 1G", 2, "Five of a Kind"),  # also a Rainbow; the better rank counts
    ("3H 3D 3S 3C 4G", 4, "Rainbow"),  # also Four of a Kind
    ("1H 2D 3S 4C 5C", 5, "Straight"),
    ("3H 3D 3S 3C 4H", 6, "Four of a Kind"),
    ("3H 3D 3S 3C", 6, "Four of a Kind"),
    ("1H 1D 1S 2C 2H", 7, "Full House"),
    ("5H 5S 2D 2C 1C", 8, "Two Pair"),
    ("5H 5S 2D 2C", 8, "Two Pair"),
    ("4H 4S 4D 1C 2C", 9, "Three of a Kind"),
    ("4H 4S 4D", 9, "Three of a Kind"),
    ("4H 4S 1D 2C 3C", 10, "Pair"),
    ("4H 4H", 10, "Pair"),
    ("4H 1S 2D", 11, "High Card"),
    ("5G", 11, "High Card"),
]


@pytest.mark.parametrize("hand, number, name", EXAMPLES)
def test_every_rank(hand, number, name):
    result = rank(hand.split())
    assert (result.rank, result.name) == (number, name)


@pytest.mark.parametrize("hand", ["1H 2H 3H 4H", "1H 1H 2H 3H", "1H 2D 3S 4C", "1H 1D 1S 2C"])
def test_five_card_ranks_need_five_cards(hand):
    # ruling: R-B2: Straight, Flush, Rainbow, Full House, Straight Flush need five cards
    assert rank(hand.split()).rank >= 6


def test_sample_turn_hands():
    # rulebook: Bart's 5 of Spades, 5 of Gold and pair of 2's is Two Pair; the drawn 2 makes a Full House
    assert rank(["5S", "5G", "2H", "2H", "1C"]).name == "Two Pair"
    assert rank(["5S", "5G", "2H", "2H", "2S"]).name == "Full House"


def test_bounty_hand_is_best_five_of_base_plus_draws():
    # ruling: R-B3: base 3C 3D plus five drawn; the seven cards hold a Rainbow (3C 3D 1S 2H 4G)
    assert bounty_rank(["3C", "3D"], ["3H", "1S", "2H", "4G", "4S"]).name == "Rainbow"
    assert bounty_rank(["3C", "3D"], ["3H", "1S", "1S"]).name == "Full House"
    assert bounty_rank([], ["2G"]).name == "High Card"
    # printed base cards do not use up the deck's copies
    assert bounty_rank(["3C"], ["3C", "3C", "3C"]).name == "Four of a Kind"
    with pytest.raises(InputError, match="needs base cards or drawn cards"):
        bounty_rank([], [])


def test_empty_hand_is_refused():
    with pytest.raises(InputError, match="at least one card"):
        rank([])


@pytest.mark.parametrize("hand, play", [
    ("1H 1S 2G", ("1H", "1S")),
    ("4H 4S 4D 1C 1C", ("1C", "1C", "4H", "4D", "4S")),
    ("4H 4S 4D 2C 1C", ("4H", "4D", "4S")),
    ("2H 2S 5G 5G 1C", ("2H", "2S", "5G", "5G")),
    ("3C 2S 1H 5G 4D", ("1H", "2S", "3C", "4D", "5G")),  # Rainbow needs all five
    ("5G 2S", ("2S",)),  # High Card: one card, and the lower one goes
    ("1H 1S 2H 2S 3G", ("1H", "1S", "2H", "2S")),
])
def test_best_play_is_the_fewest_cards_reaching_the_rank(hand, play):
    assert best_play(hand.split()) == play
    assert rank(play) == rank(hand.split())


def test_best_play_keeps_the_better_leftovers():
    # seven cards make a Rainbow; of the plays, the one leaving 1H 1S keeps a Pair
    assert best_play("1H 2S 3D 4C 5G 1S 5H".split()) == ("2S", "3D", "4C", "5H", "5G")


# Perft-style golden counts: every 5-card hand of the 75-card deck by rank (R-B2, R-B3).
GOLDEN = {
    1: 1_215,
    2: 15_015,
    3: 13_800,
    4: 758_160,
    5: 729_000,
    6: 385_200,
    7: 906_600,
    8: 4_738_500,
    9: 2_924_100,
    10: 6_787_800,
}


def test_golden_counts_sum_to_every_hand():
    assert sum(GOLDEN.values()) == comb(75, 5) == 17_259_390


def test_golden_counts_closed_forms():
    assert GOLDEN[1] == 5 * 3**5  # one suit, one of each value, any of three copies
    assert GOLDEN[2] == 5 * comb(15, 5)  # five of one value's fifteen cards
    assert GOLDEN[3] == 5 * comb(15, 5) - GOLDEN[1]  # five of one suit, less straight flushes
    assert 11 not in GOLDEN  # five cards of five values hold a pair or all five values


def test_golden_counts_fast_walk():
    assert rank_distribution(5) == GOLDEN


def test_golden_counts_by_ranking_every_multiset():
    """Independent of the suit walk: every multiset of card types ranked by rank(),
    weighted by the product of C(3, k) (the number of physical hands it stands for)."""
    counts = Counter()
    for hand in combinations_with_replacement(CARD_TYPES, 5):
        weight = prod(comb(COPIES, k) for k in Counter(hand).values())
        if weight:
            counts[rank(hand).rank] += weight
    assert counts == GOLDEN


def test_census_of_a_small_deck_by_listing_physical_cards():
    """Brute force on a deck small enough to list card by card: suits H and G only."""
    deck = [t for t in CARD_TYPES if t[1] in "HG" for _ in range(COPIES)]
    pile = Counter(deck)
    brute = Counter(rank(hand).rank for hand in combinations(deck, 5))
    assert rank_distribution(5, pile) == brute


cards = st.sampled_from(CARD_TYPES)


@settings(max_examples=200, deadline=None)
@given(st.lists(cards, min_size=1, max_size=5).filter(lambda h: max(Counter(h).values()) <= 3))
def test_rank_is_best_of_subsets_and_order_free(hand):
    result = rank(hand)
    assert result.name == RANK_NAMES[result.rank]
    assert rank(reversed(hand)) == result
    for size in range(1, len(hand)):
        for sub in combinations(hand, size):
            assert rank(sub).rank >= result.rank
    play = best_play(hand)
    assert rank(play) == result
    assert not (Counter(play) - Counter(hand))
