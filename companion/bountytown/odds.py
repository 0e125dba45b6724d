"""Exact duel odds against a bounty, and the census of every five-card hand.

Both questions are "how are the ranks spread over every equally likely set of cards
drawn from a pile?". Listing the sets one by one is too slow (17 million five-card
hands), so draws are counted as multisets of card *types*, each weighted by how many
sets of physical cards it stands for (product of C(copies left, k)). The walk goes one
suit at a time and merges partial draws that have the same hand shape (see
``hands.py``) and the same number of cards still to draw; the rank only depends on the
shape, so the merged weights are exact. Every figure is an integer count or a Fraction.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import product
from math import comb, prod
from typing import Iterable, Mapping

from companion.bountytown.cards import CARD_TYPES, COPIES, SUITS, VALUES, check_copies, parse_cards, suit_of, value_of
from companion.bountytown.hands import (
    MOST_PLAYED,
    SUIT_COUNT_SHIFT,
    HandRank,
    best_play,
    rank,
    rank_of_shape,
    suit_flags,
    value_shift,
)
from companion.intake.errors import InputError

Pile = Mapping[str, int]  # card type -> copies left


@dataclass(frozen=True)
class DuelOdds:
    """The player's chances against a bounty, exact. A tie is reported on its own: the
    player still takes the bounty, but also a wound."""

    p_win: Fraction
    p_tie: Fraction
    p_lose: Fraction
    hand: HandRank
    play: tuple[str, ...]  # the fewest cards reaching ``hand``; the player keeps the rest


def full_deck() -> dict[str, int]:
    return dict.fromkeys(CARD_TYPES, COPIES)


def rank_distribution(draws: int, pile: Pile | None = None, base: Iterable[str] = ()) -> dict[int, int]:
    """How many ways (sets of physical cards) drawing ``draws`` cards from ``pile``
    gives each rank to ``base`` plus the draw. The counts add up to C(pile size, draws)."""
    pile = full_deck() if pile is None else pile
    base = tuple(base)
    if draws < 0 or draws > sum(pile.values()):
        raise InputError(f"cannot draw {draws} cards from a pile of {sum(pile.values())}")
    if draws == 0 and not base:
        raise InputError("a bounty needs base cards or drawn cards to make a hand")
    # the base's values; its suits enter with each suit's options below
    start = sum(1 << value_shift(value_of(card)) for card in base)
    states: dict[tuple[int, int], int] = {(start, draws): 1}
    for suit in SUITS:
        options = _suit_options(suit, pile, [c for c in base if suit_of(c) == suit], draws)
        last = suit == SUITS[-1]
        merged: dict[tuple[int, int], int] = defaultdict(int)
        for (shape, left), ways in states.items():
            for taken in ((left,) if last else range(left + 1)):
                for add, flags, weight in options[taken]:
                    merged[(shape + add) | flags, left - taken] += ways * weight
        states = merged
    spread: dict[int, int] = defaultdict(int)
    for (shape, _), ways in states.items():
        spread[rank_of_shape(shape)] += ways
    return dict(spread)


def _suit_options(suit: str, pile: Pile, base_in_suit: list[str], draws: int) -> list[list[tuple[int, int, int]]]:
    """Every way to draw k cards of one suit (k = 0..draws), as (shape increment, flag
    bits, number of physical card sets), grouped by k."""
    base_mask = 0
    for card in base_in_suit:
        base_mask |= 1 << (value_of(card) - 1)
    left = [min(pile.get(f"{v}{suit}", 0), draws) for v in VALUES]
    options: list[list[tuple[int, int, int]]] = [[] for _ in range(draws + 1)]
    for taken in product(*(range(n + 1) for n in left)):
        k = sum(taken)
        if k > draws:
            continue
        mask = base_mask
        add = 0
        for v, n in zip(VALUES, taken):
            if n:
                mask |= 1 << (v - 1)
                add += n << value_shift(v)
        in_suit = len(base_in_suit) + k
        if in_suit:
            add += 1 << SUIT_COUNT_SHIFT
        weight = prod(comb(pile.get(f"{v}{suit}", 0), n) for v, n in zip(VALUES, taken))
        options[k].append((add, suit_flags(in_suit, mask), weight))
    return options


@dataclass(frozen=True)
class BountyChances:
    """How a bounty's hand is spread over every equally likely draw: the number of sets of
    physical cards giving each rank, out of ``total``. It depends only on the bounty and on
    which cards are out of the pile, not on which of them the player plays, so the duel
    screen asks for it once per set of cards and ranks each choice of play against it."""

    spread: tuple[tuple[int, int], ...]  # (rank, ways), best rank first
    total: int

    def against(self, player: HandRank, play: tuple[str, ...]) -> DuelOdds:
        win = sum(ways for r, ways in self.spread if r > player.rank)
        tie = sum(ways for r, ways in self.spread if r == player.rank)
        return DuelOdds(Fraction(win, self.total), Fraction(tie, self.total),
                        Fraction(self.total - win - tie, self.total), player, play)


def bounty_chances(bounty_base: Iterable[str], bounty_draws: int, named: Iterable[str]) -> BountyChances:
    """The spread of a bounty's hand (printed ``bounty_base`` plus ``bounty_draws`` cards)
    over every draw from the deck less the ``named`` cards (the hands, anything known).
    The same cards always give the same answer, so answers are kept (see ``_chances``)."""
    base, named = parse_cards(bounty_base), parse_cards(named)
    check_copies(named)
    return _chances(tuple(sorted(base)), bounty_draws, tuple(sorted(named)))


@lru_cache(maxsize=64)
def _chances(base: tuple[str, ...], draws: int, named: tuple[str, ...]) -> BountyChances:
    """``bounty_chances`` for canonical (sorted, checked) cards: the exact count is the slow
    part of the odds (growing with the draws), and a duel screen asks the same question
    again whenever a card is only moved between played and kept, or removed again."""
    # ruling: R-B9 - the base cards are printed on the bounty card, not Duel cards: the
    # draw comes from the whole deck less only the named cards, as the engine lets a
    # bounty draw every copy of a printed card
    pile = Counter(full_deck())
    pile.subtract(named)
    left = sum(pile.values())
    if draws > left:
        raise InputError(f"the bounty cannot draw {draws} cards: only {left} are not named")
    spread = rank_distribution(draws, pile, base)
    return BountyChances(tuple(sorted(spread.items())), comb(left, draws))


def duel_odds(hand: Iterable[str], bounty_base: Iterable[str] = (), bounty_draws: int = 0,
              known: Iterable[str] = (), *, most: int = MOST_PLAYED) -> DuelOdds:
    """Exact chances of ``hand`` (its best rank) against a bounty whose printed base
    cards are ``bounty_base`` and who draws ``bounty_draws`` cards from the deck less
    the cards named (hand and ``known``; the printed base is no Duel card, R-B9), each
    set of cards equally likely.
    ``most``: how many of the cards the player may play (fewer when wounded, R-B7)."""
    hand, known = parse_cards(hand), parse_cards(known)
    if not hand:
        raise InputError("the player's hand needs at least one card")
    chances = bounty_chances(bounty_base, bounty_draws, hand + known)
    return chances.against(rank(hand, most=most), best_play(hand, most=most))
