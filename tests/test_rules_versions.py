"""Each ruling of 2026-12-02 that changed what an old log replays to is a version of the
rules (version 2), and version 1 keeps the rules as first released (2026-11-30), so a game
played then is replayed, shown and counted as the table played it (issue 26, item 1).

Each test plays one rule's case in the rulebook's words under both versions. (Version 1 was
also held, over thousands of generated games and cards, to the very code of 2026-11-30 when
these gates were written: the fixtures in tests/fixtures keep that code's own results.)"""

from dataclasses import replace

import pytest

from companion.bountytown import cardform
from companion.bountytown.engine import ENGINE as BOUNTYTOWN
from companion.db.store import Store
from companion.contracts.engine import RuleError
from companion.intake.limits import BOUNTY_DRAWS
from companion.rapidcity.engine import ENGINE as RAPIDCITY, round_template
from companion.rapidcity.judge import judge, verdict_to_json
from companion.rapidcity.roundfile import parse_round
from companion.spurs.engine import ENGINE as SPURS
from tests.bountytown.test_engine import SETTINGS, SUNDANCE, critically_wounded_setup, play as bt_play, start
from tests.rapidcity.rc_rounds import press, release, round_file, touch
from tests.spurs.helpers import ANN, BOB, CID, play

SHERIFF = {"type": "character", "character": "sheriff"}


def spurs(rules, **settings):
    return SPURS.initial_state({"players": [ANN, BOB, CID], "bank_cash": 100, "rules": rules, **settings})


def call(rules, *args, **kwargs):
    """A card's verdict (JSON) under a version of the Rapid City rules."""
    data = round_file(*args, **kwargs)
    data.setdefault("settings", {})["rules"] = rules
    return verdict_to_json(judge(parse_round(data)))


# -- Spurs ----------------------------------------------------------------------------------

@pytest.mark.parametrize("rules, bonuses, scores", [(1, ("Most Bullets", "Most Wanted Posters", "Most Money"), [6, 3, 2]),
                                                    (2, ("Most Bullets",), [4, 1, 0])])
def test_r_s6_a_most_marker_all_tied_at_nothing_went_to_everyone_in_version_1(rules, bonuses, scores):
    """R-S6: "when everyone has 0, nobody receives that marker" - as of version 2. In the
    first release all tied at 0 posters and $0, so everyone took both markers."""
    s = play(spurs(rules, target_fame=3), {"type": "adjust", "player": "Bob", "fame": 3})
    rows = {r.name: r for r in s.final}
    assert rows["Ann"].bonuses == bonuses and [r.score for r in s.final] == scores


FIVE_CATTLE = [[0, 0], [1, 0], [0, 1], [1, -1], [-1, 1]]
STRAYS = [[0, 0], [1, 0], [0, 1], [2, -2], [-2, 2], [-2, 0]]


def round_up(cattle, **extra):
    return {"type": "cattle", "option": "round_up", "token": "C1", "result": "success", "cattle": cattle,
            "fame": 2, **extra}


def test_r_s11_the_six_cattle_and_the_rounds_left_are_asked_only_from_version_2():
    """R-S11: "a board with another count, or a success claimed with no herd and rounds
    left, is refused with the rule" - version 2; version 1 took what the table tapped."""
    assert play(spurs(1), round_up(FIVE_CATTLE)).players[0].money == 25
    assert play(spurs(1), round_up(STRAYS)).players[0].money == 15  # no "rounds_left" asked
    with pytest.raises(RuleError, match="R-S11"):
        play(spurs(2), round_up(FIVE_CATTLE, rounds_left=0))
    with pytest.raises(RuleError, match="'rounds_left'"):
        play(spurs(2), round_up(STRAYS))


# -- Bountytown -----------------------------------------------------------------------------

def wounded(rules, wounds):
    state = bt_play(start(rules=rules), {"type": "move", "to": "Boot Hill"})
    return state.with_player(replace(state.current, wounds=wounds))


def test_r_b7_a_wounded_player_played_five_cards_in_version_1():
    """R-B7: "Wound cards ... cannot be played in a Duel" - version 2; in the first release a
    player with wounds still put down five cards."""
    duel = {"type": "duel_bounty", "bounty": "Jesse James", "hand": ["5S", "5D", "5C", "1H", "2H"],
            "drawn": ["1C", "2D"], "seed": 1}
    assert BOUNTYTOWN.apply(wounded(1, 2), duel).current.captured
    with pytest.raises(RuleError, match=r"at most 3 cards can be played, not 5 \[R-B7\]"):
        BOUNTYTOWN.apply(wounded(2, 2), duel)


def test_r_b8_a_bounty_lost_to_a_critical_wound_could_come_back_in_version_1():
    """R-B8: the discarded bounty "leaves the game (out of play, not back to the Bounty
    deck)" - version 2. The first release did not keep it, so it could be revealed again."""
    lose = {"type": "duel_bounty", "bounty": "Jesse James", "hand": ["1H"], "drawn": ["5S", "2D"], "seed": 11,
            "critical_discard": {"Bart": "B"}}
    again = {"type": "end_turn", "reveal": [{**SUNDANCE, "name": "B"}]}
    old = BOUNTYTOWN.apply(replace(critically_wounded_setup(), rules=1), lose)
    assert old.discarded == () and "B" in [b.name for b in BOUNTYTOWN.apply(old, again).active]
    new = BOUNTYTOWN.apply(replace(critically_wounded_setup(), rules=2), lose)
    with pytest.raises(RuleError, match="B is already in play"):
        BOUNTYTOWN.apply(new, again)


def test_r_b11_a_bounty_drawing_more_than_the_rulebook_s_five_is_refused_in_one_line():
    greedy = {**SUNDANCE, "draws": BOUNTY_DRAWS + 1}
    with pytest.raises(RuleError, match=r"^Sundance Kid draws 6 cards: a bounty card draws at most 5, the "
                                        r"rulebook's largest \[R-B11\]$"):
        start(bounties=[greedy, *SETTINGS["bounties"][1:]])
    with pytest.raises(RuleError, match="R-B11"):
        bt_play(start(), {"type": "move", "to": "Bandit Hideout"},
                {"type": "duel_bounty", "bounty": "Butch Cassidy", "hand": ["4H", "4D", "4S", "4C"],
                 "drawn": ["1H", "2H", "5S", "5S", "2C"], "bounty_items": ["Cowboy Hat"], "seed": 5},
                {"type": "end_turn", "reveal": [greedy]})
    assert start(bounties=[{**SUNDANCE, "draws": BOUNTY_DRAWS}, *SETTINGS["bounties"][1:]]).active[0].draws == 5


def test_r_b11_a_game_stored_under_rules_3_replays_its_15_draw_bounties(tmp_path):
    """The refusal is version 4's: an older game's typed-in cards replay as the table had them."""
    greedy = {**SUNDANCE, "draws": 15}
    assert start(rules=3, bounties=[greedy, *SETTINGS["bounties"][1:]]).active[0].draws == 15
    with Store(tmp_path / "c.db") as store:
        game = store.new_session("bountytown", SETTINGS)
        game.do({"type": "move", "to": "Bandit Hideout"})
        store._db.execute("UPDATE sessions SET settings = json_set(settings, '$.rules', 3, '$.bounties[0].draws', 15)")
    with Store(tmp_path / "c.db") as store:
        opened = store.open_session(game.id)
        assert (opened.rules, opened.state.active[0].draws) == (3, 15)


def test_r_b11_the_setup_form_s_draws_stepper_stops_at_the_rulebook_s_five():
    card = cardform.Card(draws=BOUNTY_DRAWS)
    assert cardform.stepped(card, "draws", 1).draws == BOUNTY_DRAWS


# -- Rapid City -----------------------------------------------------------------------------

def test_r_r6_version_1_kept_a_player_s_first_claim():
    """R-R6: "a pawn lifted from one tile and put on another is judged on the second" -
    version 2. The first release kept blue's first tile (one pawn each) and gave red none."""
    events = [press(3, 400.0, "blue"), release(3, 550.0), press(1, 600.0, "blue"), press(3, 700.0, "red")]
    old, new = call(1, SHERIFF, events), call(2, SHERIFF, events)
    assert [(c["pad"], c["player"]) for c in old["claims"]] == [(3, "blue")]
    assert "pad 1 press at 600.0 ms by blue: blue already claimed pad 3 at 400.0 ms (one pawn each)" in old["notes"]
    assert (old["bullets"]["blue"], old["bullets"]["red"]) == (0, 1)  # safe on the saloon; red on no tile
    assert (new["bullets"]["blue"], new["bullets"]["red"]) == (1, 0)  # on the prison; red on the freed saloon


def test_r_r10_version_1_ignored_presses_on_a_disarmed_card():
    card = {"type": "disarmed", "player": "green"}
    assert call(1, card, [press(2, 400, "blue")])["bullets"]["blue"] == 0
    assert "pad presses do not count on a green cowboy disarmed card" in call(1, card, [press(2, 400, "blue")])["notes"]
    assert call(2, card, [press(2, 400, "blue")])["bullets"]["blue"] == 1


def test_r_r12_version_1_broke_a_tie_of_touches_by_name():
    """R-R12: "Never break a tie by name" - version 2. The first release took the earliest
    touch, equal times in the order of the toucher's name: blue before red."""
    card = {"type": "armed", "player": "blue", "hand": "right"}
    touches = [touch("blue", "red", 400.0), touch("red", "red", 400.0)]
    assert call(1, card, touches=touches)["bullets"]["red"] == 1  # blue, the attacker, "first"
    assert call(2, card, touches=touches)["bullets"]["red"] == 0  # the owner's benefit of the doubt


def test_r_r13_version_1_charged_no_false_start_on_a_healing_card_and_the_false_starter_healed():
    card = {"type": "healing", "location": "tipi"}
    events = [press(2, -5.0, "red"), release(2, 80.0), press(2, 300.0, "red")]
    old = call(1, card, events, bullets={"red": 2}, false_start_bullet=True)
    new = call(2, card, events, bullets={"red": 2}, false_start_bullet=True)
    assert (old["bullets"]["red"], old["healed"], old["totals"]["red"]) == (0, ["red"], 1)
    assert (new["bullets"]["red"], new["healed"], new["totals"]["red"]) == (1, [], 3)
    armed = {"type": "armed", "player": "green", "hand": "right"}
    assert call(1, armed, [press(3, -40.0, "yellow")], false_start_bullet=True)["bullets"]["yellow"] == 0
    assert call(2, armed, [press(3, -40.0, "yellow")], false_start_bullet=True)["bullets"]["yellow"] == 1


def test_a_round_logged_before_versions_is_judged_under_its_game_s_rules():
    """The play action of an old log holds a round file whose settings name no rules: its
    card is judged under the game's version, not today's, so the next card's standing holds."""
    state = RAPIDCITY.initial_state({"players": ["red", "blue", "green", "yellow"], "seed": 3, "rules": 1})
    data = round_template(state)
    del data["settings"]["rules"]
    after = RAPIDCITY.apply(state, {"type": "play", "round": data})
    assert after.played[0].round["settings"]["rules"] == 1
    with pytest.raises(RuleError, match="referee settings are not the game's"):
        RAPIDCITY.apply(state, {"type": "play", "round": {**data, "settings": {**data["settings"], "rules": 2}}})
