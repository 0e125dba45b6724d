"""Version 4 of the Rapid City rules (the rulings clarified 2026-12-07, issue 33): R-R12's
tie that costs nobody a bullet, and R-R4's close (a press at the close is no claim), each
in the rulings' words, as round files replayed by `companion referee replay`; the same
rounds under version 3 keep the call their table saw. And the clarifications the judge
already played, pinned: R-R9's wrong-hand catch, R-R6's standing at the close on a
Healing card, R-R4's "within" for bounces."""

from __future__ import annotations

import json

import pytest

from companion.cli import main
from companion.db.store import Store
from companion.rapidcity.model import RULES
from rc_rounds import press, release, round_file, touch, verdict

SHERIFF = {"type": "character", "character": "sheriff"}
RED_ARMED = {"type": "armed", "player": "red", "hand": "right"}
TIPI_TWICE = [{"pad": 1, "location": "prison"}, {"pad": 2, "location": "tipi"},
              {"pad": 3, "location": "saloon"}, {"pad": 4, "location": "tipi"}]
#: the issue's case: red armed; red and green touch red's own pawn 0.4 ms apart
OWN_PAWN_TIE = [touch("red", "red", 400.0), touch("green", "red", 400.4)]


def replayed(tmp_path, capsys, data: dict) -> dict:
    """The verdict `companion referee replay` prints for a round file."""
    path = tmp_path / "round.json"
    path.write_text(json.dumps(data))
    capsys.readouterr()
    assert main(["referee", "replay", str(path)]) == 0
    return json.loads(capsys.readouterr().out)


def test_version_4_is_the_newest():
    assert RULES == 4


def test_r_r12_a_tie_on_the_attacker_s_own_pawn_costs_nobody_a_bullet(tmp_path, capsys):
    """R-R12: "A bullet earned by being first (R-R9) goes only to a toucher first by more
    than the tie threshold [...] when the attacker and another player tie on the attacker's
    own pawn, neither takes a bullet for it (the owner's benefit of the doubt never turns
    into a bullet for the owner)." Version 3 counted red first and gave red the bullet."""
    v = replayed(tmp_path, capsys, round_file(RED_ARMED, touches=OWN_PAWN_TIE))
    assert v["bullets"] == {"red": 0, "blue": 0, "green": 0, "yellow": 0}
    assert ("red's pawn touched by green and red within the tie threshold: nobody was first by more "
            "than the tie threshold, so nobody takes a bullet for it (R-R12)") in v["notes"]
    old = replayed(tmp_path, capsys, round_file(RED_ARMED, touches=OWN_PAWN_TIE, rules=3))
    assert old["bullets"] == {"red": 1, "blue": 0, "green": 0, "yellow": 0}


def test_r_r12_a_tie_without_the_owner_costs_nobody_a_bullet_either():
    """The attacker and a defender tie on green's pawn: neither reached it first by more
    than the threshold, so green loses nothing and blue caught nothing."""
    v = verdict(RED_ARMED, touches=[touch("red", "green", 400.0), touch("blue", "green", 400.0)])
    assert v["bullets"] == {"red": 0, "blue": 0, "green": 0, "yellow": 0}
    apart = verdict(RED_ARMED, touches=[touch("red", "green", 400.0), touch("blue", "green", 401.0)])
    assert apart["bullets"] == {"red": 0, "blue": 0, "green": 1, "yellow": 0}  # 1 ms: red was first


def test_r_r12_a_tie_still_costs_a_wrong_hand_in_ultimate_mode():
    """R-R9: every wrong-hand touch costs a bullet, first or not: a tie is no excuse."""
    v = verdict(RED_ARMED, touches=[touch("red", "red", 400.0, "right"), touch("green", "red", 400.4, "left")],
                ultimate=True)
    assert v["bullets"] == {"red": 0, "blue": 0, "green": 1, "yellow": 0}


def test_r_r4_a_press_at_the_close_is_no_claim():
    """R-R4: "a press at or after the window's close is not a claim". Version 3 let a press
    stamped exactly at 5000 ms claim its tile."""
    v = verdict(SHERIFF, [press(3, 5000.0, "blue")])
    assert v["claims"] == [] and v["bullets"]["blue"] == 1
    assert "pad 3 press at 5000.0 ms by blue: at the window's close, 5000 ms, does not count (R-R4)" in v["notes"]
    assert verdict(SHERIFF, [press(3, 5000.0, "blue")], rules=3)["bullets"]["blue"] == 0
    assert verdict(SHERIFF, [press(3, 4999.9, "blue")])["bullets"]["blue"] == 0


def test_a_stored_game_keeps_the_call_its_table_saw(tmp_path):
    """A game played under version 3 (its settings say so) is replayed under version 3
    after the upgrade: its Armed card, the attacker and another tying on the attacker's own
    pawn, keeps the attacker's bullet; a new game's same card gets the new call."""
    from companion.rapidcity.engine import ENGINE, round_template
    from tests.oldgames import old_game

    settings = {"players": ["red", "blue", "green", "yellow"], "seed": 5}
    state, actions = ENGINE.initial_state({**settings, "rules": 3}), []
    while not actions or actions[-1]["round"]["card"]["type"] != "armed":
        data = round_template(state)
        attacker = data["card"].get("player")
        if data["card"]["type"] == "armed":
            other = next(p for p in data["players"] if p != attacker)
            data["touches"] = [touch(attacker, attacker, 400.0), touch(other, attacker, 400.4)]
        actions.append({"type": "play", "round": data})
        state = ENGINE.apply(state, actions[-1])
    db = tmp_path / "companion.db"
    sid = old_game(db, "rapidcity", {**settings, "rules": 3}, actions, rules=3, upgraded=True)
    with Store(db) as store:
        game = store.open_session(sid)
        assert game.rules == 3 and game.state.played[-1].verdict["bullets"][attacker] == 1
        again = store.new_session("rapidcity", settings)  # a rematch: today's rules
        for action in actions:  # the same deck (same seed), each card's round as today's rules write it
            again.do({"type": "play", "round": {**round_template(again.state), "touches": action["round"]["touches"]}})
        assert again.rules == RULES and again.state.played[-1].verdict["bullets"][attacker] == 0


# -- clarified, already played this way: pinned -----------------------------------------------

def test_r_r9_a_wrong_hand_catch_in_ultimate_is_still_a_catch():
    """R-R9: "A wrong-hand catch is still a catch: the owner of the pawn caught takes the
    bullet as with the right hand" (and the catcher the wrong hand's)."""
    v = verdict(RED_ARMED, touches=[touch("red", "blue", 300.0, "left")], ultimate=True)
    assert v["bullets"] == {"red": 1, "blue": 1, "green": 0, "yellow": 0}
    assert "blue lost their pawn to the attacker red: bullet" in v["notes"]


def test_r_r6_on_a_healing_card_the_first_standing_on_the_building_at_the_close_heals():
    """R-R6: "on a Healing card the first claim is the first among the pawns standing on
    that building's tiles at the close (a first claimer who moved away heals nothing; the
    next claimant there heals)". Blue claims a tipi first, then moves to the saloon."""
    events = [press(2, 100.0, "blue"), release(2, 200.0), press(4, 250.0, "green"), press(3, 300.0, "blue")]
    v = verdict({"type": "healing", "location": "tipi"}, events, bullets={"blue": 1, "green": 1}, tiles=TIPI_TWICE)
    assert v["healed"] == ["green"]
    assert v["totals"]["blue"] == 1 and v["totals"]["green"] == 0


@pytest.mark.parametrize("gap, same_press", [(29.9, True), (30.0, False)])
def test_r_r4_within_the_bounce_window_means_less_than(gap, same_press):
    """R-R4: "an edge exactly the bounce window after the previous one is a new press".
    Blue's pad is released at 100 ms and pressed again ``gap`` later: a new press puts a
    pawn there again (red's, claiming nothing: blue was knocked off and keeps the tile)."""
    events = [press(3, 50.0, "blue"), release(3, 100.0), press(3, 100.0 + gap, "red")]
    v = verdict(SHERIFF, events, bounce_ms=30)
    assert ("pad 3 press at 129.9 ms: bounce of the release at 100.0 ms" in v["notes"]) == same_press
    assert any("by red: tile already claimed by blue" in n for n in v["notes"]) != same_press
    assert v["claims"] == [{"pad": 3, "location": "saloon", "player": "blue", "t_ms": 50.0}]
