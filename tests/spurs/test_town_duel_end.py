"""B) Visit Town, A) Duel (R-S8), and the end of the game (R-S6, R-S7)."""

import pytest

from companion.contracts.engine import RuleError
from companion.spurs.engine import ENGINE

from .helpers import ANN, BOB, new_game, physical, play


def rich(state, money=100, **more):
    return play(state, {"type": "adjust", "money": money, **more})


def test_buy_one_of_each_name_and_pay():
    s = play(rich(new_game()), {"type": "buy", "name": "Lasso", "cost": 15}, {"type": "refresh"})
    assert s.players[0].equipment == ("Lasso",) and s.players[0].money == 80
    with pytest.raises(RuleError, match="one of each name"):
        play(s, {"type": "buy", "name": "Lasso", "cost": 15})


def test_not_enough_money_changes_nothing():
    s = new_game()
    with pytest.raises(RuleError, match=r"costs \$40"):
        play(s, {"type": "saloon", "option": "round"})


def test_one_visit_per_building_per_turn():
    s = play(rich(new_game()), {"type": "refresh"}, {"type": "saloon", "option": "round"})
    with pytest.raises(RuleError, match="already visited"):
        play(s, {"type": "refresh"})
    s = play(s, {"type": "saloon", "option": "round", "times": 1})  # still in the saloon: same visit
    assert s.players[0].fame == 2 and s.players[0].money == 100 - 5 - 80


def test_sell_pelts_and_turn_in_outlaws_where_they_belong():
    s = play(new_game(), {"type": "hunt", "token": "P1", "hits": 1, "cash": 10, "fame": 1,
                          **physical(brown=1, black=2)},
             {"type": "end_turn"}, {"type": "end_turn"}, {"type": "end_turn"})
    with pytest.raises(RuleError, match="no outlaw token 'P1'"):
        play(s, {"type": "turn_in", "tokens": ["P1"]})
    s = play(s, {"type": "sell", "tokens": ["P1"]})
    assert (s.players[0].money, s.players[0].fame, s.players[0].carried) == (10, 1, ())


@pytest.mark.parametrize("tokens", [[{"token": "P1"}], [["P1"]], "P1", [], ["P1", "P1"]])
def test_cash_in_refuses_tokens_that_are_not_a_list_of_names(tokens):
    with pytest.raises(RuleError, match="'tokens' lists"):
        play(new_game(), {"type": "sell", "tokens": tokens})

def test_doctor_free_draw_returns_reds_once_per_visit():
    s = play(new_game(), {"type": "doctor", "option": "draw", **physical(red=1, white=1)})
    assert s.players[0].bag.red == 0 and s.players[0].bag.white == 1  # not shooting: the white stays
    with pytest.raises(RuleError, match="once per visit"):
        play(s, {"type": "doctor", "option": "draw", **physical(grey=2)})


def test_doctor_free_draw_is_not_shooting_whites_and_others_go_back_R_S2():
    # ruling: R-S2 - "The Doctor's free draw is not shooting: only its red bullets leave
    # (to stock); whites and every other colour go back."
    for drawn in ({"white": 1, "grey": 1}, {"white": 1, "red": 1}, {"brown": 1, "black": 1}):
        before = new_game().players[0].bag
        after = play(new_game(), {"type": "doctor", "option": "draw", "draw": "physical", "drawn": drawn}).players[0].bag
        assert after.counts() == {**before.counts(), "red": before.red - drawn.get("red", 0)}
    # a shooting draw, by contrast, sends its white to the box
    shot = play(new_game(), {"type": "outlaw", "token": "O1", "hits": 1, **physical(white=1, grey=1, black=1)})
    assert shot.players[0].bag.white == 0


def test_doctor_pay_per_red():
    s = play(rich(new_game(), 10), {"type": "doctor", "option": "pay", "reds": 1})
    assert (s.players[0].bag.red, s.players[0].money) == (0, 5)
    with pytest.raises(RuleError, match="holds 0 red"):
        play(s, {"type": "doctor", "option": "pay", "reds": 1})


def test_saloon_card_applies_entered_changes_with_the_red_limit():
    s = play(new_game(), {"type": "saloon", "option": "card", "fame": 1, "bullets": {"red": 3, "white": 1}})
    ann = s.players[0]
    assert ann.bag.red == 3 and ann.bag.white == 2 and ann.fame == 0  # +1 fame, then 1 red over the limit
    with pytest.raises(RuleError, match="cannot lose"):
        play(new_game(), {"type": "saloon", "option": "card", "money": -5})


def test_sell_gold_at_the_bank_leaves_the_game():
    s = play(new_game(), {"type": "gold", "token": "G1", "nuggets": 2, "count": 0, "draw": "physical",
                          "found": {"gold": 2}}, {"type": "end_turn"}, {"type": "end_turn"}, {"type": "end_turn"},
             {"type": "bank", "option": "sell_gold", "nuggets": 2})
    assert (s.players[0].gold, s.players[0].money, s.gold_bag.gold) == (0, 30, 8)


def test_bank_robbery_success_takes_all_the_cash_and_a_poster():
    s = play(new_game(), {"type": "bank", "option": "rob", "weapon": "rifle", **physical(brown=2, black=1)})
    ann = s.players[0]
    assert (ann.money, ann.fame, ann.posters, s.bank) == (100, 1, 1, 0)


def test_bank_robbery_failure_poster_anyway_and_red():
    s = play(new_game(), {"type": "bank", "option": "rob", "weapon": "revolver", **physical(grey=1, black=2)})
    ann = s.players[0]
    assert (ann.money, ann.posters, ann.bag.red, s.bank) == (0, 1, 2, 100)
    with pytest.raises(RuleError, match="once per visit"):
        play(s, {"type": "bank", "option": "rob", "weapon": "revolver", **physical(grey=3)})


def test_duel_winner_gets_two_fame_from_a_more_famous_loser_and_poster_bounty():
    s = play(new_game(), {"type": "adjust", "player": "Bob", "fame": 3, "posters": 2, "money": 9},
             {"type": "duel", "opponent": "Bob", "winner": "Ann", "steal": {"what": "money"}})
    ann, bob = s.players[0], s.players[1]
    assert (ann.fame, ann.money, ann.posters) == (2, 40 + 5, 1)  # $20 x 2 posters, half of $9 rounded up
    assert (bob.posters, bob.money, bob.bag.red, bob.spurs) == (0, 4, 1, 1)


def test_duel_loser_is_the_challenger():
    s = play(new_game(), {"type": "duel", "opponent": "Bob", "winner": "Bob"})
    assert (s.players[1].fame, s.players[0].spurs, s.players[0].bag.red) == (1, 1, 2)


def test_duel_cannot_steal_training():
    s = play(new_game(), {"type": "end_turn"}, {"type": "adjust", "money": 50}, {"type": "buy", "name": "Training", "cost": 10},
             {"type": "end_turn"}, {"type": "end_turn"})
    with pytest.raises(RuleError, match="never can"):
        play(s, {"type": "duel", "opponent": "Bob", "winner": "Ann", "steal": {"what": "equipment", "name": "Training"}})


def test_the_escorted_stagecoach_is_held_and_a_duel_winner_may_steal_it_R_S13():
    # ruling: R-S13 - "The event card is held by the player escorting it; a duel winner
    # may take it as the steal (R-S8)"
    s = play(new_game(), {"type": "stagecoach", "holder": "Bob"})
    assert s.stagecoach == "Bob" and s.last_outcome == "Bob escorts the Stagecoach"
    won = play(s, {"type": "duel", "opponent": "Bob", "winner": "Ann", "steal": {"what": "stagecoach"}})
    assert won.stagecoach == "Ann" and won.players[0].posters == 1  # the thief takes a Wanted Poster
    assert "stole the escorted Stagecoach" in won.last_outcome
    kept = play(s, {"type": "duel", "opponent": "Bob", "winner": "Ann", "steal": {"what": "money"}})
    assert kept.stagecoach == "Bob"  # stealing something else leaves it with its escort
    lost = play(s, {"type": "duel", "opponent": "Bob", "winner": "Bob", "steal": None})
    assert lost.stagecoach == "Bob"
    assert play(won, {"type": "stagecoach", "holder": None}).stagecoach is None  # delivered


def test_the_stagecoach_is_stolen_only_from_its_escort_R_S13():
    with pytest.raises(RuleError, match=r"Bob is not escorting the Stagecoach \(nobody does\) \[R-S13\]"):
        play(new_game(), {"type": "duel", "opponent": "Bob", "winner": "Ann", "steal": {"what": "stagecoach"}})
    s = play(new_game(), {"type": "stagecoach", "holder": "Cid"})
    with pytest.raises(RuleError, match=r"\(Cid does\)"):
        play(s, {"type": "duel", "opponent": "Bob", "winner": "Ann", "steal": {"what": "stagecoach"}})
    with pytest.raises(RuleError, match="not playing"):
        play(s, {"type": "stagecoach", "holder": "Zed"})


def test_game_ends_the_moment_fame_reaches_the_target_with_most_bonuses():
    s = play(new_game(target_fame=10, most_points=2),
             {"type": "adjust", "player": "Bob", "fame": 9, "money": 30},
             {"type": "adjust", "player": "Cid", "posters": 1},
             {"type": "adjust", "player": "Ann", "fame": 10})
    assert s.game_over
    rows = {r.name: r for r in s.final}
    assert rows["Ann"].bonuses == ("Most Bullets",)  # grey+brown+white: Ann 7, Bob 7, Cid 6
    assert rows["Bob"].bonuses == ("Most Bullets", "Most Money")
    assert rows["Cid"].bonuses == ("Most Wanted Posters",)
    assert (rows["Bob"].score, rows["Ann"].score, rows["Cid"].score) == (13, 12, 2)
    assert s.winner == "Bob" and s.final[0].place == 1
    assert ENGINE.result(s) == {"winners": ["Bob"], "scores": {"Bob": 13, "Ann": 12, "Cid": 2}}
    with pytest.raises(RuleError, match="game is over"):
        play(s, {"type": "rest"})


def two_of_a_kind(**settings):
    """Ann and Bob with the same bag, so Most Bullets is always a tie."""
    return ENGINE.initial_state({"players": [ANN, {**BOB, "bag": ANN["bag"]}], **settings})


def test_bonuses_can_tie_the_scores_and_money_decides():
    s = play(two_of_a_kind(target_fame=3),
             {"type": "adjust", "player": "Bob", "fame": 2, "posters": 1, "money": 5},
             {"type": "adjust", "player": "Ann", "fame": 3})
    # Ann 3 + Most Bullets = 4; Bob 2 + Bullets + Posters + Money = 5
    assert [(r.name, r.score) for r in s.final] == [("Bob", 5), ("Ann", 4)] and s.winner == "Bob"


def test_tied_on_score_and_money_a_duel_decides_and_is_recorded():
    s = play(two_of_a_kind(target_fame=3),
             {"type": "adjust", "player": "Bob", "fame": 2, "posters": 1},
             {"type": "adjust", "player": "Ann", "fame": 3})
    # Ann 3 + Bullets = 4; Bob 2 + Bullets + Posters = 4; both $0: nobody has Most Money
    assert [r.place for r in s.final] == [1, 1]
    assert s.winner is None and set(s.tied_for_first) == {"Ann", "Bob"}
    assert ENGINE.result(s) is None  # still open: the tie-break duel is to be recorded
    with pytest.raises(RuleError, match="between"):
        play(s, {"type": "tiebreak", "winner": "Cid"})
    s = play(s, {"type": "tiebreak", "winner": "Bob"})
    assert s.winner == "Bob" and s.tied_for_first == ()
    assert ENGINE.result(s)["winners"] == ["Bob"]
    with pytest.raises(RuleError, match="no tie"):
        play(s, {"type": "tiebreak", "winner": "Ann"})


def test_a_most_marker_nobody_has_goes_to_nobody_R_S6():
    # ruling: R-S6 - "when everyone has 0, nobody receives that marker": no posters and
    # $0 all round give nobody Most Wanted Posters or Most Money (they did: all tied at 0)
    s = play(new_game(target_fame=3), {"type": "adjust", "player": "Bob", "fame": 3})
    rows = {r.name: r for r in s.final}
    assert rows["Ann"].bonuses == ("Most Bullets",) and rows["Bob"].bonuses == ("Most Bullets",)
    assert rows["Cid"].bonuses == () and [r.score for r in s.final] == [4, 1, 0]
    # and no counting bullets anywhere: nobody has Most Bullets either
    empty = ENGINE.initial_state({"players": [{**ANN, "bag": {"black": 2}}, {**BOB, "bag": {"red": 1}}],
                                  "target_fame": 1})
    s = play(empty, {"type": "adjust", "player": "Ann", "fame": 1})
    assert all(r.bonuses == () for r in s.final) and s.winner == "Ann"


def test_custom_target_and_bad_settings():
    assert two_of_a_kind(target_fame=7).target == 7
    for bad, reason in [({"players": [ANN]}, "2 to 6"), ({"players": [ANN, ANN]}, "different"),
                        ({"players": [ANN, {**BOB, "bag": {"red": 4}}]}, "limit is 3"),
                        ({"players": [ANN, {**BOB, "bag": {"pink": 1}}]}, "pink"),
                        ({"players": [ANN, {k: v for k, v in BOB.items() if k != "riding"}]}, "riding"),
                        ({"players": [ANN, BOB], "gang_rule": "wild"}, "gang_rule"),
                        ({"players": [ANN, BOB], "target_fame": 0}, "target_fame")]:
        with pytest.raises(RuleError, match=reason):
            ENGINE.initial_state(bad)


def test_turns_pass_clockwise_and_summary():
    s = play(new_game(), {"type": "rest"}, {"type": "end_turn"}, {"type": "end_turn"}, {"type": "end_turn"})
    assert s.current == 0
    assert ENGINE.summary(play(new_game(), {"type": "adjust", "fame": 2})) == "Ann to play; Ann leads (fame 2 of 10)"
    assert ENGINE.summary(new_game()) == "Ann to play; all level (fame 0 of 10)"


# --- a duel's draws (R-S8, R-S2, R-S10): "Each duellist's bag draw is recorded like any
# shooting draw [...] so R-S2's whites leave the bag"; "Every white bullet drawn in a shooting
# draw (challenge, desperado, duel) leaves the bag for good [...] All other drawn bullets go back"

DUEL = {"type": "duel", "opponent": "Bob", "winner": "Ann", "weapons": {"Ann": "revolver", "Bob": "rifle"}}


def test_a_white_drawn_in_a_duel_from_the_real_bag_leaves_it():
    """Ann draws grey, white, black with her revolver; Bob brown, black, black with his rifle:
    Ann's bag is one white lighter, every other bullet is back, Bob's bag is as it was."""
    before = new_game()
    after = play(before, {**DUEL, "draw": "physical",
                          "drawn": {"Ann": {"grey": 1, "white": 1, "black": 1}, "Bob": {"brown": 1, "black": 2}}})
    ann, bob = after.players[0], after.players[1]
    assert ann.bag.white == 0 and (ann.bag.grey, ann.bag.black) == (4, 2)
    assert bob.bag.counts() == {**before.players[1].bag.counts(), "red": 1}  # only the loser's red bullet (R-S8)
    assert [(r.player, r.mode, r.weapon) for r in after.last_draw] == [("Ann", "physical", "revolver"),
                                                                      ("Bob", "physical", "rifle")]
    assert after.players[0].fame == 1 and "Ann wins the duel" in after.last_outcome


def test_a_white_drawn_in_a_duel_by_the_companion_leaves_it():
    """The companion's draw, seeded and recorded: the same seed draws the same bullets, and
    each white it drew is out of its bag (Ann holds 1, Bob 1)."""
    before = new_game()
    for seed in range(200):
        after = play(before, {**DUEL, "draw": "digital", "seed": seed})
        if after.last_draw[0].drawn.white:
            break
    ann_draw, bob_draw = after.last_draw
    assert ann_draw.drawn.white == 1 and ann_draw.mode == "digital" and ann_draw.seed == seed and ann_draw.drawn.total == 3
    assert ann_draw.drawn.brown == 0 and bob_draw.drawn.grey == 0  # each by its weapon (R-S1)
    assert after.players[0].bag.white == 0
    assert after.players[1].bag.white == 1 - bob_draw.drawn.white
    assert play(before, {**DUEL, "draw": "digital", "seed": seed}) == after  # a replay draws the same


def test_a_duel_with_no_draw_recorded_changes_no_bag():
    """Duels logged before draws were recorded replay exactly as before."""
    before = new_game()
    after = play(before, {"type": "duel", "opponent": "Bob", "winner": "Ann"})
    assert after.players[0].bag == before.players[0].bag and after.last_draw == ()
    assert after.players[1].bag.red == before.players[1].bag.red + 1  # the loser's red bullet, as always


def test_a_spur_s_extra_draw_is_the_current_player_s_and_optional():
    s = play(new_game(), {"type": "adjust", "spurs": 1}, {"type": "spend_spur"})
    three = {"Ann": {"grey": 3}, "Bob": {"brown": 3}}
    assert play(s, {**DUEL, "draw": "physical", "drawn": three}).last_draw[0].drawn.grey == 3
    four = play(s, {**DUEL, "draw": "physical", "drawn": {**three, "Ann": {"grey": 3, "white": 1}}})
    assert four.players[0].bag.white == 0
    with pytest.raises(RuleError, match=r"Bob's draw: this draw takes 3 .*; 4 entered \[R-S1\]"):
        play(s, {**DUEL, "draw": "physical", "drawn": {**three, "Bob": {"brown": 3, "white": 1}}})
    assert play(s, {**DUEL, "draw": "digital", "seed": 5}).last_draw[0].drawn.total == 4


@pytest.mark.parametrize("change, message", [
    ({"weapons": None, "draw": "digital", "seed": 1}, r"needs the weapon each duellist draws with"),
    ({"weapons": {"Ann": "revolver"}, "draw": "digital", "seed": 1}, r"weapon of each duellist, Ann and Bob"),
    ({"weapons": {"Ann": "revolver", "Bob": "bow"}, "draw": "digital", "seed": 1}, r"unknown weapon 'bow'"),
    ({"draw": "digital"}, r"integer 'seed'"),
    ({"draw": "physical", "drawn": {"grey": 3}}, r"what each duellist drew, Ann and Bob"),
    ({"draw": "physical", "drawn": {"Ann": {"brown": 1, "grey": 2}, "Bob": {"brown": 3}}},
     r"Ann's draw: a revolver draw leaves the brown bullets in the bag"),
    ({"draw": "physical", "drawn": {"Ann": {"grey": 3}, "Bob": {"white": 2, "brown": 1}}},
     r"Bob's draw: 2 white entered but the bag holds 1"),
    ({"draw": "carrier pigeon"}, r"'draw' must be 'digital'"),
])
def test_a_duel_draw_that_could_not_have_happened_is_refused_and_changes_nothing(change, message):
    s = new_game()
    action = {key: value for key, value in {**DUEL, **change}.items() if value is not None}
    with pytest.raises(RuleError, match=message):
        ENGINE.apply(s, action)
    assert s == new_game()


def test_the_game_log_tells_each_duellist_s_draw_and_the_whites_gone():
    from companion.spurs.story import SENTENCES

    before = new_game()
    action = {**DUEL, "draw": "physical",
              "drawn": {"Ann": {"grey": 1, "white": 1, "black": 1}, "Bob": {"brown": 1, "white": 1, "black": 1}}}
    after = play(before, action)
    assert SENTENCES["duel"](before, action, after) == (
        "Ann duels Bob: Ann drew with the revolver: grey, white and black (from the real bag); "
        "Bob drew with the rifle: brown, white and black (from the real bag): "
        "Ann wins the duel: +1 fame, $0 for posters; Ann's white leaves the bag; Bob's white leaves the bag")
    plain = {"type": "duel", "opponent": "Bob", "winner": "Ann"}
    assert SENTENCES["duel"](before, plain, play(before, plain)) == (
        "Ann duels Bob: Ann wins the duel: +1 fame, $0 for posters")
