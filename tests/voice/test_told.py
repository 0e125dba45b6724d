"""What Spurs and Bountytown say after an action, from real engine states: a draw's hits
(the bag's count), a duel's result (the engine's report) and nothing for a quiet action."""

from __future__ import annotations

from companion.bountytown.engine import ENGINE as BOUNTYTOWN
from companion.voice.phrases import NBSP, THIN
from companion.voice.told import said
from tests.bountytown.test_engine import play as bountytown_play, start as bountytown_start
from tests.spurs.helpers import ENGINE as SPURS, new_game, physical


def test_a_spurs_draw_says_its_hits_in_each_language():
    before = new_game()
    action = {"type": "outlaw", "token": "O1", "hits": 2, "cash": 20, "fame": 2, **physical(grey=1, white=1, black=1)}
    after = SPURS.apply(before, action)
    name = before.players[0].name
    assert said(SPURS, before, action, after, "en") == [f"{name}: 2 hits."]
    assert said(SPURS, before, action, after, "fr") == [f"{name}{NBSP}: 2 touches."]


def test_a_quiet_action_says_nothing():
    before = new_game()
    after = SPURS.apply(before, {"type": "rest"})
    assert said(SPURS, before, {"type": "rest"}, after, "en") == []


def test_a_bountytown_duel_says_its_result_with_the_bounty():
    before = bountytown_play(bountytown_start(), {"type": "move", "to": "Bank"})
    action = {"type": "duel_bounty", "bounty": "Butch Cassidy", "hand": ["4H", "4D", "4S", "4C"],
              "drawn": ["1H", "2H", "5S", "5S", "2C"], "bounty_items": ["Rifle"], "take": "Rifle", "seed": 1}
    after = BOUNTYTOWN.apply(before, action)
    assert said(BOUNTYTOWN, before, action, after, "fr") == [f"Bart gagne le duel et prend Butch Cassidy{THIN}!"]
