"""Renown and wounds changed by hand (issue 28, item 6): a free action for any player,
saved and undone like any other, told in the log, refused with the reason; a new action
type, so games logged before it replay as they did."""

import pytest
from hypothesis import given, strategies as st

from companion.bountytown.engine import ENGINE
from companion.bountytown.story import SENTENCES
from companion.contracts.engine import RuleError

from .test_engine import JESSE, play, start


def test_renown_and_wounds_change_for_any_player_without_spending_an_action():
    state = play(start(), {"type": "adjust", "player": "Valentina", "renown": 2, "wounds": 1, "note": "Badge"})
    valentina = state.player("Valentina")
    assert (valentina.renown, valentina.wounds, state.actions_used, state.current.name) == (2, 1, 0, "Bart")
    assert SENTENCES["adjust"](start(), {"type": "adjust", "player": "Valentina", "renown": 2, "wounds": 1,
                                         "note": "Badge"}, state) == \
        "Valentina changed by hand (Badge): renown +2 (2 now), wounds +1 (1 now)"


def test_a_renown_adjustment_rides_beside_the_bounties_and_counts_at_the_train():
    state = play(start(), {"type": "adjust", "renown": 1}, {"type": "move", "to": "Boot Hill"},
                 {"type": "duel_bounty", "bounty": "Jesse James", "hand": ["5S", "5D"], "drawn": ["1C", "2D"],
                  "seed": 1})
    assert state.player("Bart").renown == 1 + JESSE["renown"]
    over = play(state, {"type": "end_turn", "reveal": ["Train"]})
    assert over.winners == ("Bart",)


@pytest.mark.parametrize("action, words", [
    ({"type": "adjust"}, "nothing to change"),
    ({"type": "adjust", "renown": -1}, "Bart has renown 0; it cannot go below 0"),
    ({"type": "adjust", "wounds": -1}, "Bart has no wound to remove"),
    ({"type": "adjust", "wounds": 5}, "5 wounds would reach Bart's hand limit of 5"),
    ({"type": "adjust", "renown": 1.5}, "a change of renown is a whole number"),
    ({"type": "adjust", "renown": True}, "a change of renown is a whole number"),
])
def test_a_change_the_game_cannot_hold_is_refused_with_the_reason(action, words):
    with pytest.raises(RuleError, match=words):
        ENGINE.apply(start(), action)


def test_no_change_after_the_train():
    done = play(start(), {"type": "move", "to": "Boot Hill"},
                {"type": "duel_bounty", "bounty": "Jesse James", "hand": ["5S", "5D"], "drawn": ["1C", "2D"],
                 "seed": 1}, {"type": "end_turn", "reveal": ["Train"]})
    with pytest.raises(RuleError, match="the game is over"):
        ENGINE.apply(done, {"type": "adjust", "renown": 1})


@given(st.lists(st.tuples(st.sampled_from(["Bart", "Valentina", "Terry"]), st.integers(-3, 3),
                          st.integers(-3, 3)), max_size=12))
def test_renown_never_below_zero_and_wounds_always_below_the_hand_limit(changes):
    state = start()
    for name, renown, wounds in changes:
        try:
            state = ENGINE.apply(state, {"type": "adjust", "player": name, "renown": renown, "wounds": wounds})
        except RuleError:
            continue
    for player in state.players:
        assert player.renown >= 0 and 0 <= player.wounds < player.hand_limit
