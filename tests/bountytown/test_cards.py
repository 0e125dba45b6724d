"""Card notation (R-B1): what is a card, and what the deck can hold."""

import pytest

from companion.bountytown.cards import CARD_TYPES, DECK_SIZE, parse_card, parse_card_list, parse_cards
from companion.intake.errors import InputError


def test_deck_is_75_cards_of_25_types():
    assert len(CARD_TYPES) == 25 and len(set(CARD_TYPES)) == 25
    assert DECK_SIZE == 75


@pytest.mark.parametrize("text, card", [("3G", "3G"), (" 1h ", "1H"), ("5c", "5C")])
def test_cards_are_value_then_suit(text, card):
    assert parse_card(text) == card


@pytest.mark.parametrize("text, reason", [("6H", "'6H'"), ("3X", "'3X'"), ("", "empty"), ("33G", "'33G'"), ("G3", "'G3'")])
def test_bad_cards_are_refused_naming_the_card(text, reason):
    with pytest.raises(InputError, match=reason):
        parse_card(text)


def test_a_fourth_copy_is_refused():
    assert parse_cards(["3G", "3G", "3G"]) == ("3G", "3G", "3G")
    with pytest.raises(InputError, match="3G appears 4 times; the deck has 3"):
        parse_cards(["3G", "3g", "3G", "3G"])


def test_comma_lists():
    assert parse_card_list("1H,1S, 2G") == ("1H", "1S", "2G")
    assert parse_card_list("") == ()
    with pytest.raises(InputError, match="empty"):
        parse_card_list("1H,,2G")
