"""The score pad's setup: every seat has a name (rules version 2); a game set up under
version 1 with a blank seat still replays as it was played."""

import pytest

from companion.db.store import Store
from companion.contracts.engine import RuleError
from companion.scorepad.engine import ENGINE


@pytest.mark.parametrize("players", [["Ann", ""], ["  ", "Bob"], ["Ann", "\u200b"], ["Ann", None], ["Ann", 3],
                                     ["Ann", "\x1b\x07"]])
def test_a_seat_without_a_name_is_refused(tmp_path, players):
    with pytest.raises(RuleError, match="has no name: give every player a name"):
        ENGINE.initial_state({"players": players})
    with Store(tmp_path / "c.db") as store:
        with pytest.raises(RuleError, match="has no name"):
            store.new_session("scorepad", {"players": players})
        assert store.sessions() == []


def test_a_game_of_the_first_rules_with_a_blank_seat_still_replays():
    state = ENGINE.initial_state({"players": ["Ann", ""], "rules": 1})
    state = ENGINE.apply(ENGINE.apply(state, {"type": "add", "player": "", "points": 2}), {"type": "finish"})
    assert ENGINE.result(state) == {"scores": {"Ann": 0, "": 2}, "winners": [""]}
