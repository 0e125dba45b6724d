"""The screens' questions: odds shown before a draw equal the odds module's answers for
the draw the engine will make; token names, cash-ins and remembered characters."""

from fractions import Fraction

import pytest

from companion.contracts.engine import RuleError
from companion.spurs.bag import Bag
from companion.spurs.gold import GoldBag
from companion.spurs.odds import gold_distribution, shoot_probability, whole_bag_probability
from companion.spurs.view import (cashable, draw_plan, herd_preview, missing_from_sheet, next_token, percent,
                                  pool_colours, recall, refusal, remember, stealable)
from tests.spurs.helpers import ANN, new_game, physical, play

ANN_BAG = Bag(grey=4, brown=2, white=1, black=2, red=1)


def test_hunt_plan_counts_spurs_and_equipment_and_uses_the_rifle():
    state = play(new_game(), {"type": "adjust", "spurs": 1}, {"type": "spend_spur"})
    plan = draw_plan(state, {"type": "hunt", "token": "P1", "hits": 2, "extra": 1})
    assert (plan.bullets, plan.weapon, plan.dig) == (5, "rifle", 0)
    assert plan.headline.p == shoot_probability(ANN_BAG, "rifle", 5, 2)
    assert [line.p for line in plan.lines] == [shoot_probability(ANN_BAG, "rifle", 5, k) for k in range(1, 6)]


def test_outlaw_and_bank_plans_use_the_revolver_or_the_chosen_weapon():
    state = new_game()
    assert draw_plan(state, {"type": "outlaw", "hits": 3}).headline.p == shoot_probability(ANN_BAG, "revolver", 3, 3)
    bank = draw_plan(state, {"type": "bank", "option": "rob", "weapon": "rifle"})
    assert (bank.weapon, bank.headline.p) == ("rifle", shoot_probability(ANN_BAG, "rifle", 3, 2))


def test_a_lone_desperado_draws_by_weapon_a_gang_from_the_whole_bag():
    state = new_game()
    lone = draw_plan(state, {"type": "desperado", "token": "D1", "count": 1,
                             "desperados": [{"weapon": "rifle", "hits": 1}]})
    assert (lone.weapon, lone.headline.p) == ("rifle", shoot_probability(ANN_BAG, "rifle", 3, 1))
    gang = draw_plan(state, {"type": "desperado", "token": "D1", "count": 3,
                             "desperados": [{"weapon": "revolver", "hits": 2}]})
    assert gang.weapon is None
    assert gang.headline.p == whole_bag_probability(ANN_BAG, 3, [("revolver", 2)])
    assert "2 not revealed yet" in gang.headline.text


def test_a_waiting_gang_plan_uses_the_known_cards():
    state = play(new_game(), {"type": "desperado", "token": "D1", "count": 2,
                              "desperados": [{"weapon": "revolver", "hits": 3}], **physical(black=2, red=1)})
    state = play(state, {"type": "end_turn"})
    plan = draw_plan(state, {"type": "desperado", "token": "D1"})
    bob = Bag(grey=3, brown=3, white=1, black=2)
    assert plan.headline.p == whole_bag_probability(bob, 3, [("revolver", 3)])


def test_gold_plan_shows_the_nugget_distribution_and_the_fight():
    state = new_game()
    plan = draw_plan(state, {"type": "gold", "token": "G1", "nuggets": 2, "count": 1,
                             "desperados": [{"weapon": "revolver", "hits": 1}]})
    assert plan.dig == 2 and plan.bullets == 3
    assert [line.p for line in plan.lines] == [p for _, p in sorted(gold_distribution(GoldBag(), 2).items())]
    assert sum(line.p for line in plan.lines) == 1
    assert draw_plan(state, {"type": "gold", "token": "G1", "nuggets": 1, "count": 0}).headline is None


def test_doctor_plan_is_the_chance_a_red_leaves():
    plan = draw_plan(new_game(), {"type": "doctor", "option": "draw"})
    assert plan.headline.p == 1 - Fraction(9 * 8, 10 * 9)  # Ann: 1 red in 10


def test_a_plan_the_engine_would_refuse_says_why():
    with pytest.raises(RuleError, match="first desperado card"):
        draw_plan(new_game(), {"type": "desperado", "token": "D1", "count": 2, "desperados": []})
    with pytest.raises(RuleError, match="does not draw"):
        draw_plan(new_game(), {"type": "rest"})


def test_percent_never_rounds_to_certainty():
    assert percent(Fraction(1)) == "100%" and percent(Fraction(0)) == "0%"
    assert percent(Fraction(1, 3)) == "33.3%"
    assert percent(Fraction(1, 10**6)) == "<0.1%" and percent(1 - Fraction(1, 10**6)) == ">99.9%"


def test_pool_leaves_out_the_other_weapons_colour():
    assert pool_colours(new_game(), "revolver")["brown"] == 0
    assert pool_colours(new_game(), None) == ANN_BAG.counts()


def test_token_names_skip_carried_ones_and_cash_in_lists_by_building():
    state = play(new_game(), {"type": "hunt", "token": "P1", "hits": 1, "cash": 5, "fame": 1, **physical(brown=2, black=1)})
    assert next_token(state, "hunt") == "P2" and next_token(state, "outlaw") == "O1"
    ann = state.players[0]
    assert cashable(ann, "sell") == ["P1"] and cashable(ann, "turn_in") == []
    assert stealable(ann) == {"money": [], "gold": [], "equipment": [], "token": ["P1"], "stagecoach": []}
    assert stealable(ann, "Ann")["stagecoach"] == ["stagecoach"] and stealable(ann, "Bob")["stagecoach"] == []


def test_herd_preview_uses_the_herd_rule():
    ring = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]]
    assert herd_preview(ring) == "6 cattle: $30, a herd (fame)"
    assert herd_preview([[-2, 0], [-1, 0], [0, 0], [1, 0], [2, 0], [2, -2]]) == \
        "6 cattle: $15, no herd (a success only with no rounds left)"
    assert herd_preview([[0, 0], [2, 0]]) == "2 of 6 cattle tapped: the board holds 6"
    assert herd_preview([]) == "Tap the 6 hexes where the cattle stand."
    assert "not on the 19-hex" in herd_preview([[5, 5]])


def test_setup_waits_for_the_sheet_and_remembers_characters():
    assert missing_from_sheet(ANN) is None
    assert missing_from_sheet({"name": "Bo", "character": " ", "riding": 0, "bag": {}}) == \
        "Bo: enter the character and riding skill and bag from the sheet"
    known = remember({"doc": {"riding": 1, "bag": {"grey": 1}}}, [ANN])
    assert list(known) == ["Doc"]
    assert recall(known, "  DOC ") == {"riding": 3, "bag": ANN["bag"]}
    assert recall(known, "Kid") is None


def test_refusal_is_the_engines_turn_check():
    state = play(new_game(), {"type": "rest"})
    assert "turn is over" in refusal(state, "hunt")
    assert refusal(state, "end_turn") is None and refusal(new_game(), "hunt") is None


def test_a_duel_plan_gives_each_duellist_s_exact_chance_of_two_hits():
    """R-S8: each duellist draws from their own bag by their weapon; the odds are exact, as a
    challenge's are: "Win with two hits" (A) Duel)."""
    s = new_game()
    plan = draw_plan(s, {"type": "duel", "opponent": "Bob", "winner": "Ann",
                         "weapons": {"Ann": "revolver", "Bob": "rifle"}})
    ann, bob = s.players[0].bag, s.players[1].bag
    assert plan.headline.text == "Ann hitting twice with the revolver"
    # Ann's revolver draws from 8 bullets, 5 of them hits (4 grey, 1 white): (C(5,2)C(3,1) + C(5,3)) / C(8,3)
    assert plan.headline.p == shoot_probability(ann, "revolver", 3, 2) == Fraction(30 + 10, 56)
    assert [(o.text, o.p) for o in plan.lines] == [("Bob hitting twice with the rifle",
                                                    shoot_probability(bob, "rifle", 3, 2))]
    assert [(s.players[d.player].name, d.weapon, d.asked) for d in plan.parts] == [("Ann", "revolver", 3),
                                                                                   ("Bob", "rifle", 3)]
    assert plan.title == "Duel: Ann draws 3 (revolver), Bob 3 (rifle)"
    with pytest.raises(RuleError, match="choose the weapon each duellist draws with"):
        draw_plan(s, {"type": "duel", "opponent": "Bob", "winner": "Ann"})


def test_one_duellist_s_entry_is_refused_as_the_engine_refuses_the_duel():
    from companion.spurs.view import check_duel_entry

    s = new_game()
    plan = draw_plan(s, {"type": "duel", "opponent": "Bob", "winner": "Ann",
                         "weapons": {"Ann": "revolver", "Bob": "rifle"}})
    check_duel_entry(s, plan.parts[0], {"grey": 2, "white": 1})
    with pytest.raises(RuleError, match=r"^Bob's draw: a rifle draw leaves the grey bullets in the bag"):
        check_duel_entry(s, plan.parts[1], {"grey": 1, "brown": 2})
