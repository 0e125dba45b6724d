"""The 19-hex Mini Board and the herd rule (R-S11)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.contracts.engine import RuleError
from companion.spurs.herd import (CATTLE, HEXES, cattle_positions, groups, is_herd, neighbours, round_up_board,
                                  round_up_pay)


def test_board_has_19_hexes_and_symmetric_adjacency():
    assert len(HEXES) == 19 and len(neighbours((0, 0))) == 6 and len(neighbours((2, 0))) == 3
    assert all(a in neighbours(b) for a in HEXES for b in neighbours(a))


def test_a_ring_is_a_herd_a_line_is_not():
    ring = cattle_positions(neighbours((0, 0)))
    assert is_herd(ring) and round_up_pay(ring) == 30
    line = cattle_positions([[-2, 0], [-1, 0], [0, 0], [1, 0], [2, 0]])
    assert not is_herd(line) and round_up_pay(line) == 15  # the three inner ones touch two others


def test_two_groups_are_never_a_herd_and_only_one_group_pays():
    two = cattle_positions([[1, 0], [2, 0], [2, -1], [-2, 2], [-1, 2], [-1, 1]])  # two triangles
    assert len(groups(two)) == 2 and not is_herd(two) and round_up_pay(two) == 15


def test_duplicate_positions_are_refused():
    with pytest.raises(RuleError, match="one per hex"):
        cattle_positions([[0, 0], (0, 0)])


@settings(max_examples=150, deadline=None)
@given(st.sets(st.sampled_from(HEXES), max_size=12))
def test_pay_never_exceeds_largest_group_and_a_herd_pays_everyone(cells):
    cattle = frozenset(cells)
    pay = round_up_pay(cattle)
    assert pay % 5 == 0 and pay <= 5 * max((len(g) for g in groups(cattle)), default=0)
    if is_herd(cattle):
        assert pay == 5 * len(cattle)


@settings(max_examples=100, deadline=None)
@given(st.sets(st.sampled_from(HEXES), max_size=19))
def test_the_round_up_board_takes_exactly_the_six_cattle_R_S11(cells):
    # ruling: R-S11 - one on each X and three more, one per hex: six, never another count
    if len(cells) == CATTLE == 6:
        assert round_up_board(sorted(cells), 2) == frozenset(cells)
    else:
        with pytest.raises(RuleError, match="R-S11"):
            round_up_board(sorted(cells), 2)
