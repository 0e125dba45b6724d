"""Which release wrote an old game whose own log fits both versions of its rules, from the
file's other games (companion/db/evidence.py; issue 33, item 1). Each case is a file's
games around the one asked about: (kind, the versions its log settles), nearest first."""

from companion.db.evidence import lean

V1, V2, BOTH = frozenset({1}), frozenset({2}), frozenset({1, 2})


def test_a_game_takes_the_release_of_the_settled_games_just_before_it():
    # the first release's file made today: its last Rapid City game's one card fits both
    assert lean("rapidcity", [("scorepad", BOTH), ("rapidcity", V1)], []) == 1
    # a file of 8e65a64: Spurs and Rapid City at version 2, Bountytown still at 1
    assert lean("bountytown", [("bountytown", V1), ("spurs", V2)], [("rapidcity", V2)]) == 1
    assert lean("spurs", [("rapidcity", V2)], []) == 2


def test_the_games_before_an_upgrade_do_not_speak_for_those_after_it():
    """3082ac1's games, then 65de830's in the same file: a Bountytown game of 65de830 with
    only Spurs and Rapid City evidence of version 2 before it is not taken as 8e65a64's by
    way of a first-release Bountytown game further back (the table upgraded in between)."""
    before = [("spurs", V2), ("spurs", V1), ("bountytown", V1)]
    assert lean("bountytown", before, [("rapidcity", V2)]) is None  # the file cannot say: the day decides
    assert lean("rapidcity", before, []) == 2


def test_with_nothing_before_it_the_games_after_it_speak():
    assert lean("rapidcity", [], [("spurs", V1)]) == 1
    assert lean("rapidcity", [("bountytown", BOTH)], [("rapidcity", V2)]) == 2


def test_bounds_from_both_sides_decide_what_neither_side_does_alone():
    # after a game of version 2's Spurs, before one of Bountytown's version 1: 8e65a64's
    assert lean("bountytown", [("spurs", V2)], [("bountytown", V1)]) == 1


def test_nothing_settled_says_nothing_but_a_kind_every_release_played_alike():
    assert lean("rapidcity", [("rapidcity", BOTH), ("scorepad", BOTH)], [("spurs", BOTH)]) is None
    assert lean("scorepad", [], []) == 1
    assert lean("rapidcity", [("chess", V1)], []) is None  # a kind no release wrote says nothing
