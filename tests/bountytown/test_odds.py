"""Exact duel odds against a bounty, checked against listing every draw card by card."""

from collections import Counter
from fractions import Fraction
from itertools import combinations, permutations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from companion.bountytown.cards import CARD_TYPES, COPIES
from companion.bountytown.hands import bounty_rank, rank
from companion.bountytown.odds import duel_odds
from companion.intake.errors import InputError


def physical_pile(named):
    """Every card left in the Duel deck, one entry per physical card."""
    left = Counter(dict.fromkeys(CARD_TYPES, COPIES))
    left.subtract(named)
    return [card for card, n in left.items() for _ in range(n)]


def brute(hand, base, draws, known=(), draw_sets=combinations):
    """Every set of physical cards the bounty may draw, one by one. R-B9: the printed base
    is not a Duel card, so only the hand and the known cards are out of the deck."""
    mine = rank(hand).rank
    tally = Counter()
    for drawn in draw_sets(physical_pile(list(hand) + list(known)), draws):
        theirs = bounty_rank(base, drawn).rank
        tally["win" if mine < theirs else "tie" if mine == theirs else "lose"] += 1
    total = sum(tally.values())
    return tuple(Fraction(tally[k], total) for k in ("win", "tie", "lose"))


def as_tuple(odds):
    return odds.p_win, odds.p_tie, odds.p_lose


def test_design_example_against_ordered_draws():
    # docs/cli.md: companion odds duel --hand 1H,1S,2G --bounty-base 3C,3D --bounty-draws 2
    odds = duel_odds(["1H", "1S", "2G"], ["3C", "3D"], 2)
    assert as_tuple(odds) == brute(["1H", "1S", "2G"], ["3C", "3D"], 2, draw_sets=permutations)
    assert odds.p_win == 0  # the bounty's printed pair already ties a Pair
    assert odds.hand.name == "Pair" and odds.play == ("1H", "1S")


@pytest.mark.parametrize("hand, base, draws, known", [
    (["5G", "5G", "5G", "1H", "1H"], [], 3, []),
    (["1H", "2D", "3S", "4C", "5G"], ["1C"], 3, ["2G", "2G"]),
    (["4H"], ["3C", "3D", "3S"], 1, []),
    (["2S", "2S", "4S", "4D"], [], 1, ["2H", "2D", "2C", "2G"]),
])
def test_matches_listing_every_draw(hand, base, draws, known):
    assert as_tuple(duel_odds(hand, base, draws, known)) == brute(hand, base, draws, known)


def test_probabilities_are_exact_and_sum_to_one():
    odds = duel_odds(["1H", "1S", "2G", "2C", "4D"], ["3C", "3D"], 5)
    assert all(isinstance(p, Fraction) for p in as_tuple(odds))
    assert sum(as_tuple(odds)) == 1


def test_no_draws_is_a_certain_result():
    assert as_tuple(duel_odds(["1H", "1S"], ["3C", "3D"], 0)) == (0, 1, 0)
    assert as_tuple(duel_odds(["1H", "1S", "1D"], ["3C", "3D"], 0)) == (1, 0, 0)


@pytest.mark.parametrize("kwargs, message", [
    (dict(hand=[], bounty_draws=1), "at least one card"),
    (dict(hand=["1H"], bounty_draws=0), "needs base cards or drawn cards"),
    (dict(hand=["1H", "1H"], known=["1H", "1H"], bounty_draws=1), "1H appears 4 times"),
    (dict(hand=["1H"], bounty_draws=80), "cannot draw 80"),
    (dict(hand=["1H"], bounty_draws=-1), "cannot draw -1"),
    (dict(hand=["9H"], bounty_draws=1), "'9H'"),
])
def test_bad_requests_are_refused(kwargs, message):
    with pytest.raises(InputError, match=message):
        duel_odds(**kwargs)


cards = st.sampled_from(CARD_TYPES)


@settings(max_examples=40, deadline=None)
@given(st.lists(cards, min_size=1, max_size=5), st.lists(cards, max_size=5), st.lists(cards, max_size=3),
       st.integers(0, 2))
def test_property_matches_brute_force_over_the_real_deck(hand, base, known, draws):
    """Any hand, any printed base (its cards may be the very cards in the hand: R-B9) and any
    known cards: the exact odds are the tally over every set of physical cards drawn."""
    assume(max(Counter(hand + known).values()) <= COPIES and max(Counter(base).values(), default=0) <= COPIES)
    assume(base or draws)
    assert as_tuple(duel_odds(hand, base, draws, known)) == brute(hand, base, draws, known)


def test_the_bounty_draws_from_the_whole_deck_less_the_hand():
    """R-B9, in the issue's words: a pair in hand against a printed pair of threes drawing
    one card. The deck still holds all 73 cards not in the hand, every three among them
    (15), and any of those gives the bounty Three of a Kind."""
    odds = duel_odds(["1H", "1S"], ["3C", "3D"], 1)
    assert (odds.p_win, odds.p_tie, odds.p_lose) == (0, Fraction(58, 73), Fraction(15, 73))


def test_a_printed_base_card_is_never_a_fourth_copy():
    """Three 3C in hand against a bounty with 3C printed: the engine ranks that, so the odds
    must too. The pile has no 3C left to lose; a single draw at best pairs the 3C, so
    Three of a Kind always wins."""
    odds = duel_odds(["3C", "3C", "3C"], ["3C"], 1)
    assert (odds.p_win, odds.p_tie, odds.p_lose) == (1, 0, 0)
    pile = Counter(CARD_TYPES * COPIES)
    pile.subtract({"3C": 3})
    pairs = sum(n for card, n in pile.items() if card[0] == "3")
    assert pairs == 12 and sum(pile.values()) == 72  # what the odds drew from


def test_the_same_cards_give_the_same_answer_without_counting_again():
    """The slow count is kept: the duel screen asks again whenever a card only moves
    between played and kept, so the answer must come back for the same cards in any order."""
    from companion.bountytown.odds import bounty_chances

    first = bounty_chances(["3C", "3D"], 3, ["1H", "1S", "2G", "4D"])
    again = bounty_chances(["3D", "3C"], 3, ["4D", "2G", "1S", "1H"])
    assert again is first
    played = duel_odds(["1H", "1S"], ["3C", "3D"], 3, known=["2G", "4D"])
    assert played == first.against(rank(["1H", "1S"]), ("1H", "1S"))
