"""The bounds written as numbers in companion/intake/limits.py (it imports no game, the games import
it) are the ones their rules give."""

from companion.intake import limits
from companion.bountytown.cards import DECK_SIZE
from companion.rapidcity.model import LAST_BULLET
from companion.spurs.bag import RED_LIMIT


def test_bounds_taken_from_rule_figures_agree_with_the_rules():
    assert limits.BAG_BULLETS == limits.BOX_BULLETS + RED_LIMIT
    assert limits.DRAW_BULLETS == limits.BAG_BULLETS
    assert limits.KNOWN_CARDS == DECK_SIZE
    assert limits.BULLETS_BEFORE_CARD == LAST_BULLET - 1
