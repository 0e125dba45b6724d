"""Hand ranks for Bountytown duels (rulings: R-B2, R-B3).

A hand is worth the best rank that any subset of at most five of its cards makes, and
only the rank matters (same rank is a tie whatever the values). Every rank is therefore
an "is there a subset with this property" question, and each such question can be
answered from a few numbers: how many cards of each value, whether some suit holds five
cards (Flush), whether some suit holds all five values (Straight Flush), and how many
suits are present (Rainbow). Those numbers are packed into one integer, the *shape*,
which is what gets memoised: many different hands share a shape, and the exact odds in
``odds.py`` build shapes incrementally without ever listing a hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations
from typing import Iterable

from companion.bountytown.cards import SUITS, VALUES, parse_card, parse_cards, sort_key, suit_of, value_of
from companion.intake.errors import InputError

# ruling: R-B2 (ranks 9-11 are the ruling's extension of the rulebook's table)
RANK_NAMES: dict[int, str] = {
    1: "Straight Flush",
    2: "Five of a Kind",
    3: "Flush",
    4: "Rainbow",
    5: "Straight",
    6: "Four of a Kind",
    7: "Full House",
    8: "Two Pair",
    9: "Three of a Kind",
    10: "Pair",
    11: "High Card",
}

# Shape layout: 5 bits of count per value (bits 0-24), then the flags.
VALUE_BITS = 5
FLUSH_BIT = 1 << 25
STRAIGHT_FLUSH_BIT = 1 << 26
SUIT_COUNT_SHIFT = 27  # how many suits are present (0-5), bits 27-29
ALL_VALUES_MASK = (1 << len(VALUES)) - 1
MOST_PLAYED = 5  # rulebook Duels: "you must play at least one card, but can play as many as five"


@dataclass(frozen=True)
class HandRank:
    """A rank (1 best .. 11) and its name as the rulebook prints it."""

    rank: int
    name: str

    def beats(self, other: "HandRank") -> bool:
        return self.rank < other.rank


def value_shift(value: int) -> int:
    """Where a value's count sits in a shape."""
    return VALUE_BITS * (value - 1)


def suit_flags(suit_count: int, value_mask: int) -> int:
    """The flag bits one suit contributes: five cards make a Flush, five values a Straight Flush."""
    flags = FLUSH_BIT if suit_count >= 5 else 0
    if value_mask == ALL_VALUES_MASK:
        flags |= STRAIGHT_FLUSH_BIT
    return flags


def shape_of(cards: Iterable[str]) -> int:
    """The shape of canonical cards (see the module docstring)."""
    shape = 0
    suit_counts = dict.fromkeys(SUITS, 0)
    suit_masks = dict.fromkeys(SUITS, 0)
    for card in cards:
        value, suit = value_of(card), suit_of(card)
        shape += 1 << value_shift(value)
        suit_counts[suit] += 1
        suit_masks[suit] |= 1 << (value - 1)
    for suit in SUITS:
        if suit_counts[suit]:
            shape = (shape + (1 << SUIT_COUNT_SHIFT)) | suit_flags(suit_counts[suit], suit_masks[suit])
    return shape


def _counts(shape: int) -> list[int]:
    """How many cards of each value a shape holds, most first."""
    return sorted(((shape >> value_shift(v)) & ((1 << VALUE_BITS) - 1) for v in VALUES), reverse=True)


@cache
def rank_of_shape(shape: int) -> int:
    """The best rank (1..11) reachable with at most five cards of a shape; R-B3's
    subsets in closed form, one existence test per rank, best first."""
    counts = _counts(shape)
    if shape & STRAIGHT_FLUSH_BIT:
        return 1
    if counts[0] >= 5:
        return 2
    if shape & FLUSH_BIT:
        return 3
    if shape >> SUIT_COUNT_SHIFT >= 5:
        return 4
    if counts[-1] >= 1:
        return 5
    if counts[0] >= 4:
        return 6
    if counts[0] >= 3 and counts[1] >= 2:
        return 7
    if counts[1] >= 2:
        return 8
    if counts[0] >= 3:
        return 9
    if counts[0] >= 2:
        return 10
    if counts[0] >= 1:
        return 11
    raise InputError("a hand needs at least one card")


def rank_within(shape: int, most: int) -> int:
    """The best rank reachable playing at most ``most`` cards of a shape. A wounded player
    may play fewer than five (ruling: R-B7), and every rank above Four of a Kind, and the
    Full House, needs five cards (R-B2), so with fewer only sets of equal values remain."""
    if most >= MOST_PLAYED:
        return rank_of_shape(shape)
    most = max(1, most)  # a player always plays a card, if only the Draw deck's top one
    counts = _counts(shape)
    for size, first, second, number in ((4, 4, 0, 6), (4, 2, 2, 8), (3, 3, 0, 9), (2, 2, 0, 10), (1, 1, 0, 11)):
        if most >= size and counts[0] >= first and counts[1] >= second:
            return number
    raise InputError("a hand needs at least one card")


def hand_rank(number: int) -> HandRank:
    return HandRank(number, RANK_NAMES[number])


def rank(cards: Iterable[str], *, most: int = MOST_PLAYED) -> HandRank:
    """The rank of a hand of card strings: the best any subset of at most five makes
    (R-B3). A played hand has 1 to 5 cards; more cards (a bounty's base plus draws) are
    ranked by their best five, or their best ``most`` for a wounded player (R-B7)."""
    parsed = parse_cards(cards)
    if not parsed:
        raise InputError("a hand needs at least one card")
    return hand_rank(rank_within(shape_of(parsed), most))


def bounty_rank(base: Iterable[str], drawn: Iterable[str]) -> HandRank:
    """A bounty's hand: the best subset of at most five of the base cards printed on
    its card plus the cards drawn for it (R-B3). The base is printed, not dealt, so only
    the drawn cards are held to the deck's three copies."""
    cards = tuple(parse_card(c) for c in base) + parse_cards(drawn)
    if not cards:
        raise InputError("a bounty needs base cards or drawn cards to make a hand")
    return hand_rank(rank_of_shape(shape_of(cards)))


def best_play(hand: Iterable[str], *, most: int = MOST_PLAYED) -> tuple[str, ...]:
    """The fewest cards of ``hand`` that still reach its best rank, since the player
    keeps the rest for later duels. Among equally small plays the one whose leftover
    cards rank best is chosen, then the lowest cards; so the advice never flickers.
    ``most``: how many cards the player may play (fewer when wounded, R-B7)."""
    cards = tuple(sorted(parse_cards(hand), key=sort_key))
    if not cards:
        raise InputError("a hand needs at least one card")
    return _best_play(cards, max(1, min(most, MOST_PLAYED)))


@lru_cache(maxsize=256)
def _best_play(cards: tuple[str, ...], most: int) -> tuple[str, ...]:
    """``best_play`` of sorted, checked cards. Kept: the duel screen asks it twice per card
    tap (the hand's chips, then the advice) and again whenever a card is only moved between
    played and kept, so a tap pays for it once."""
    best = rank_within(shape_of(cards), most)
    plays = (
        play
        for size in range(1, min(most, len(cards)) + 1)
        for play in combinations(range(len(cards)), size)
        if rank_of_shape(shape_of(cards[i] for i in play)) == best
    )
    chosen = min(plays, key=lambda play: (len(play), _leftover_rank(cards, play), play))
    return tuple(cards[i] for i in chosen)


def _leftover_rank(cards: tuple[str, ...], play: tuple[int, ...]) -> int:
    rest = [c for i, c in enumerate(cards) if i not in play]
    return rank_of_shape(shape_of(rest)) if rest else len(RANK_NAMES) + 1
