"""C) Resolve a Challenge, from the rulebook's wording."""

from dataclasses import replace

import pytest

from companion.contracts.engine import RuleError
from companion.spurs.bag import Bag
from companion.spurs.state import Carried

from .helpers import ENGINE, new_game, physical, play


def test_outlaw_success_carries_the_captured_outlaw():
    # "Use your revolver ... If you draw at least as many hits as required ... Take and carry the token"
    s = play(new_game(), {"type": "outlaw", "token": "O1", "hits": 2, "cash": 20, "fame": 2,
                          **physical(grey=1, white=1, black=1)})
    ann = s.players[0]
    assert ann.carried == (Carried("O1", "outlaw", 20, 2),)
    assert ann.bag.white == 0  # R-S2: the white drawn leaves for good
    assert s.last_draw[0].drawn == Bag(grey=1, white=1, black=1) and s.last_draw[0].weapon == "revolver"


def test_failed_outlaw_with_red_icon_injures_and_ends_the_turn():
    s = play(new_game(), {"type": "outlaw", "token": "O1", "hits": 2, "red": True, **physical(grey=1, black=2)})
    assert s.players[0].bag.red == 2 and s.players[0].carried == ()
    with pytest.raises(RuleError, match="turn is over"):
        ENGINE.apply(s, {"type": "rest"})
    assert play(s, {"type": "end_turn"}).current == 1


def test_failed_hunt_without_red_icon_takes_no_red():
    s = play(new_game(), {"type": "hunt", "token": "P1", "hits": 2, **physical(brown=1, black=2)})
    assert s.players[0].bag.red == 1 and s.turn.ended


def test_hunt_is_rifle_only():
    with pytest.raises(RuleError, match="leaves the grey"):
        play(new_game(), {"type": "hunt", "token": "P1", "hits": 1, **physical(grey=1, brown=1, black=1)})


def test_spurs_spent_before_the_draw_make_an_extra_bullet_available_R_S12():
    # ruling: R-S12 - "the player may use them or not, so a physical draw of the usual
    # count is accepted too" (it was refused: "takes 4")
    s = play(new_game(), {"type": "adjust", "spurs": 1}, {"type": "spend_spur"})
    assert s.players[0].spurs == 0 and s.turn.boost == 1
    usual = play(s, {"type": "hunt", "token": "P1", "hits": 1, **physical(brown=2, black=1)})
    assert usual.players[0].carried[0].token == "P1"
    boosted = play(s, {"type": "hunt", "token": "P1", "hits": 1, **physical(brown=2, black=1, white=1)})
    assert boosted.players[0].carried[0].token == "P1" and boosted.players[0].bag.white == 0
    for short_or_long in (physical(brown=1, black=1), physical(brown=2, black=2, white=1)):
        with pytest.raises(RuleError, match="takes 3 to 4"):
            play(s, {"type": "hunt", "token": "P1", "hits": 1, **short_or_long})
    digital = play(s, {"type": "hunt", "token": "P1", "hits": 1, "draw": "digital", "seed": 3})
    assert digital.last_draw[0].drawn.total == 4  # the companion's draw uses what the Spur made available


def test_a_spur_boosted_dig_may_leave_the_extra_object_in_the_bag_R_S12():
    s = play(new_game(), {"type": "adjust", "spurs": 1}, {"type": "spend_spur"})
    dig = {"type": "gold", "token": "G1", "nuggets": 2, "count": 0, "draw": "physical"}
    assert play(s, {**dig, "found": {"gold": 1, "stones": 1}}).players[0].gold == 1
    assert play(s, {**dig, "found": {"gold": 2, "stones": 1}}).players[0].gold == 2
    with pytest.raises(RuleError, match="takes 2 to 3"):
        play(s, {**dig, "found": {"gold": 1}})


def test_a_spur_spent_on_a_re_roll_is_only_spent_R_S12():
    # ruling: R-S12 - "Spent as a re-roll, it re-rolls one die once and does nothing else"
    s = play(new_game(), {"type": "adjust", "spurs": 2})
    after = play(s, {"type": "spend_spur", "use": "reroll"})
    assert after.players[0].spurs == 1 and after.turn == s.turn  # no extra draw, no turn action
    assert after.players[0] == replace(s.players[0], spurs=1) and after.players[1:] == s.players[1:]
    assert "re-roll" in after.last_outcome
    with pytest.raises(RuleError, match="takes 3"):  # no extra draw came with it
        play(after, {"type": "hunt", "token": "P1", "hits": 1, **physical(brown=2, black=1, white=1)})
    with pytest.raises(RuleError, match="'boost' or for a 'reroll'"):
        play(s, {"type": "spend_spur", "use": "luck"})
    with pytest.raises(RuleError, match="no Spur"):
        play(new_game(), {"type": "spend_spur", "use": "reroll"})


def test_no_spur_to_spend_is_refused():
    with pytest.raises(RuleError, match="no Spur"):
        play(new_game(), {"type": "spend_spur"})


def test_one_action_per_turn():
    s = play(new_game(), {"type": "hunt", "token": "P1", "hits": 1, **physical(brown=1, black=2)})
    with pytest.raises(RuleError, match="already a challenge"):
        play(s, {"type": "saloon", "option": "round"})


def test_digital_draw_is_recorded_and_replays_identically():
    action = {"type": "outlaw", "token": "O1", "hits": 1, "draw": "digital", "seed": 42}
    a, b = play(new_game(), action), play(new_game(), action)
    assert a == b and a.last_draw[0].seed == 42 and a.last_draw[0].drawn.total == 3


def test_horse_broken_with_a_thorny_bush_costs_a_red():
    s = play(new_game(), {"type": "horse", "token": "H1", "rounds_needed": 3, "cash": 10, "fame": 1,
                          "rounds": ["clear", "thorny", "clear"]})
    assert s.players[0].carried == (Carried("H1", "horse", 10, 1),) and s.players[0].bag.red == 2


def test_horse_quit_on_a_bush_fails_without_red():
    s = play(new_game(), {"type": "horse", "token": "H1", "rounds_needed": 3, "rounds": ["clear", "quit"]})
    assert s.players[0].carried == () and s.players[0].bag.red == 1 and s.turn.ended


@pytest.mark.parametrize("rounds, reason", [
    (["clear"], "1 of 3"), (["fail", "clear"], "no rounds come after"),
    (["clear"] * 4, "needs 3"), (["gallop"], "rounds"),
])
def test_horse_rounds_must_tell_a_whole_story(rounds, reason):
    with pytest.raises(RuleError, match=reason):
        play(new_game(), {"type": "horse", "token": "H1", "rounds_needed": 3, "rounds": rounds})


def round_up(cattle, **more):
    return {"type": "cattle", "option": "round_up", "token": "C1", "result": "success", "cattle": cattle, **more}


def test_cattle_herd_pays_and_gives_fame():
    herd = [[0, 0], [1, 0], [0, 1], [1, -1], [-1, 1], [-1, 0]]
    s = play(new_game(), round_up(herd, fame=2))
    # every one of the six touches two others: a herd, whatever rounds were left
    assert (s.players[0].money, s.players[0].fame) == (30, 2)
    assert play(new_game(), round_up(herd, fame=2, rounds_left=2)).players[0].fame == 2


def test_cattle_without_herd_pays_only_the_well_placed_in_the_largest_group():
    cattle = [[0, 0], [1, 0], [0, 1], [2, -2], [-2, 2], [-2, 0]]  # a triangle and three strays
    s = play(new_game(), round_up(cattle, fame=2, rounds_left=0))
    assert (s.players[0].money, s.players[0].fame) == (15, 0)


@pytest.mark.parametrize("cattle", [
    [[0, 0], [1, 0], [0, 1], [1, -1], [-1, 1]],  # a herd of five: one cow was never placed
    [[0, 0], [1, 0], [0, 1], [1, -1], [-1, 1], [-1, 0], [0, -1]],  # seven: one too many
])
def test_a_round_up_board_with_other_than_six_cattle_is_refused_R_S11(cattle):
    # ruling: R-S11 - "a board with another count ... is refused with the rule"
    with pytest.raises(RuleError, match=r"holds 6 cattle, one per hex .*\[R-S11\]"):
        play(new_game(), round_up(cattle, fame=2, rounds_left=0))


def test_a_success_with_no_herd_and_rounds_left_is_refused_R_S11():
    # ruling: R-S11 - no herd: only "completing the required rounds" is a success
    strays = [[0, 0], [1, 0], [0, 1], [2, -2], [-2, 2], [-2, 0]]
    with pytest.raises(RuleError, match=r"no herd formed and 2 round\(s\) left.*\[R-S11\]"):
        play(new_game(), round_up(strays, fame=2, rounds_left=2))
    with pytest.raises(RuleError, match="'rounds_left'"):  # without a herd the rounds left must be said
        play(new_game(), round_up(strays, fame=2))


def test_cattle_off_board_position_is_refused():
    with pytest.raises(RuleError, match="not on the 19-hex"):
        play(new_game(), round_up([[3, 0]], fame=1))


@pytest.mark.parametrize("cattle", [5, None, [], {"q": 0}])
def test_cattle_positions_that_are_not_a_list_are_refused(cattle):
    with pytest.raises(RuleError, match="lists \\[q, r\\] positions"):
        play(new_game(), {"type": "cattle", "option": "round_up", "token": "C1", "result": "success",
                          "cattle": cattle, "fame": 1})

def test_robbing_the_rancher():
    s = play(new_game(), {"type": "cattle", "option": "rob", "token": "C1"})
    assert (s.players[0].money, s.players[0].posters) == (15, 1) and not s.turn.ended


GANG2 = [{"weapon": "revolver", "hits": 1, "cash": 5}, {"weapon": "rifle", "hits": 2, "fame": 1}]


def test_single_desperado_draws_by_weapon():
    # ruling R-S4: a lone desperado draws like an outlaw, so browns stay in for a revolver
    with pytest.raises(RuleError, match="leaves the brown"):
        play(new_game(), {"type": "desperado", "token": "D1", "count": 1, "desperados": GANG2[:1],
                          **physical(brown=1, grey=1, black=1)})


def test_every_fight_of_one_desperado_draws_by_its_weapon_R_S4():
    # ruling: R-S4 - "A single desperado (not a gang) draws ... by its weapon": also the one
    # a house-rule gang left waiting, and the one guarding a gold dig
    cards = [{"weapon": "revolver", "hits": 1}, {"weapon": "rifle", "hits": 3}]
    s = play(new_game(gang_rule="house"), {"type": "desperado", "token": "D1", "count": 2, "desperados": cards,
                                           **physical(grey=1, black=2)}, {"type": "end_turn"})
    assert s.gang("D1").count == 1 and [d.weapon for d in s.gang("D1").waiting] == ["rifle"]
    with pytest.raises(RuleError, match="leaves the grey"):  # Bob fights the lone rifle: no greys
        play(s, {"type": "desperado", "token": "D1", **physical(grey=1, brown=1, black=1)})
    assert play(s, {"type": "desperado", "token": "D1", **physical(brown=3)}).gangs == ()
    gold = {"type": "gold", "token": "G1", "nuggets": 1, "count": 1, "desperados": GANG2[:1], "found": {"stones": 1}}
    with pytest.raises(RuleError, match="leaves the brown"):
        play(new_game(), {**gold, **physical(brown=1, grey=1, black=1)})


def test_standard_gang_reveals_one_at_a_time_and_bullets_count_once():
    s = play(new_game(), {"type": "desperado", "token": "D1", "count": 2, "desperados": GANG2[:1],
                          **physical(grey=1, brown=1, white=1)})  # whole bag: browns allowed
    assert s.fight is not None and s.players[0].money == 5
    with pytest.raises(RuleError, match="reveal the next"):
        play(s, {"type": "end_turn"})
    s = play(s, {"type": "reveal", "desperado": GANG2[1]})  # brown + white left: 2 rifle hits
    assert s.fight is None and s.players[0].fame == 1 and s.gangs == () and not s.turn.ended
    assert s.last_draw[0].drawn == Bag(grey=1, brown=1, white=1)  # still shown after the reveal


def test_standard_gang_keeps_the_winner_and_the_full_count():
    s = play(new_game(), {"type": "desperado", "token": "D1", "count": 3, "desperados": GANG2[:1],
                          **physical(grey=1, brown=1, black=1)},
             {"type": "reveal", "desperado": GANG2[1]})
    assert s.players[0].bag.red == 2 and s.turn.ended
    assert s.gang("D1").count == 3 and [d.weapon for d in s.gang("D1").waiting] == ["rifle"]
    s = play(s, {"type": "end_turn"})
    with pytest.raises(RuleError, match="wait at D1"):
        play(s, {"type": "desperado", "token": "D1", "count": 3, "desperados": GANG2[:1], **physical(grey=3)})
    # Bob starts with the waiting rifle desperado and must reveal two more
    s = play(s, {"type": "desperado", "token": "D1", **physical(brown=2, grey=1)})
    assert s.fight.beaten == 1 and s.fight.size == 3


def test_house_rule_keeps_every_undefeated_card():
    cards = [{"weapon": "rifle", "hits": 2}, {"weapon": "revolver", "hits": 1}, {"weapon": "rifle", "hits": 1}]
    s = play(new_game(gang_rule="house"), {"type": "desperado", "token": "D2", "count": 3, "desperados": cards,
                                           **physical(grey=2, black=1)})
    assert [(d.weapon, d.hits) for d in s.gang("D2").waiting] == [("rifle", 2), ("revolver", 1), ("rifle", 1)]
    with pytest.raises(RuleError, match="every desperado card at once"):
        play(new_game(gang_rule="house"), {"type": "desperado", "token": "D2", "count": 3,
                                           "desperados": cards[:1], **physical(grey=3)})


def test_house_gang_fight_stops_the_moment_fame_reaches_the_target():
    # R-S7: the game ends the moment a Fame reaches the target, as it does between the
    # standard rule's reveals; the house rule's later cards pay nothing and take no red
    cards = [{"weapon": "revolver", "hits": 1, "fame": 1}, {"weapon": "rifle", "hits": 1, "cash": 50}]
    s = play(new_game(gang_rule="house", target_fame=1),
             {"type": "desperado", "token": "D1", "count": 2, "desperados": cards, **physical(grey=1, brown=1, black=1)})
    assert s.game_over and s.fight is None and s.winner == "Ann"
    assert (s.players[0].fame, s.players[0].money) == (1, 0)

def test_gold_kept_when_every_desperado_is_beaten():
    s = play(new_game(), {"type": "gold", "token": "G1", "nuggets": 3, "count": 1,
                          "desperados": [{"weapon": "revolver", "hits": 1}], "found": {"gold": 2, "stones": 1},
                          **physical(grey=1, black=2)})
    assert s.players[0].gold == 2 and s.gold_bag.gold == 8 and s.gold_bag.stones == 15
    assert [r.bag for r in s.last_draw] == ["gold", "bullets"]


def test_gold_lost_on_the_first_failed_desperado_but_challenge_succeeds():
    s = play(new_game(), {"type": "gold", "token": "G1", "nuggets": 2, "count": 1,
                          "desperados": [{"weapon": "revolver", "hits": 2}], "found": {"gold": 2, "stones": 0},
                          **physical(grey=1, black=2)})
    assert s.players[0].gold == 0 and s.players[0].bag.red == 2
    assert not s.turn.ended and s.gangs == ()  # treated as a success; no gang stays
    assert s.gold_bag.gold == 10  # ruling R-S5 as read here: the taken gold goes back into the bag


def test_gold_dig_is_validated_against_the_gold_bag():
    with pytest.raises(RuleError, match="takes 2"):
        play(new_game(), {"type": "gold", "token": "G1", "nuggets": 2, "count": 0, "draw": "physical", "found": {"gold": 1}})


def test_carried_token_cannot_be_taken_twice():
    s = play(new_game(), {"type": "hunt", "token": "P1", "hits": 1, **physical(brown=1, black=2)},
             {"type": "end_turn"})
    with pytest.raises(RuleError, match="already carried by Ann"):
        play(s, {"type": "hunt", "token": "P1", "hits": 1, **physical(brown=1, black=2)})
