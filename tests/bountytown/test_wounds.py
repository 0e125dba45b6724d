"""Wounds in duels (rulings R-B7, R-B8), from the rulebook's words:

"Wound cards are blank cards in your hand and count against your hand limit. They cannot
be played in a Duel [...] they are simply dead space in your hand." "If a player has no
cards or has only Wounds, they simply play the top card of the Draw deck." And the
critical wound: "Discard one of your captured Bounties" - out of the game (R-B8)."""

from dataclasses import replace
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.bountytown.cards import CARD_TYPES
from companion.bountytown.engine import ENGINE, preview
from companion.bountytown.hands import best_play, rank
from companion.bountytown.odds import duel_odds
from companion.bountytown.state import Bounty
from companion.bountytown.view import describe
from companion.contracts.engine import RuleError

from .test_engine import JESSE, SUNDANCE, critically_wounded_setup, play, start

FIVE = ["5S", "5D", "5C", "1H", "2H"]


def wounded(wounds: int, **changes):
    """Bart at Boot Hill (Jesse James is found there) with ``wounds`` wounds."""
    state = play(start(), {"type": "move", "to": "Boot Hill"})
    return state.with_player(replace(state.current, wounds=wounds, **changes))


def against_jesse(hand, **extra):
    return {"type": "duel_bounty", "bounty": "Jesse James", "hand": hand, "drawn": ["1C", "2D"], "seed": 1, **extra}


def test_four_wounds_in_a_five_card_hand_play_one_card_not_five():
    state = wounded(4)
    with pytest.raises(RuleError, match=r"Bart has 4 wounds in a 5-card hand.*at most 1 card can be played, "
                                        r"not 5 \[R-B7\]"):
        ENGINE.apply(state, against_jesse(FIVE))
    after = ENGINE.apply(state, against_jesse(["5S"]))
    assert after.current.wounds == 0 and after.current.location == "Doc's"  # lost: the fifth wound is critical


def test_each_wound_takes_one_card_from_the_play():
    for wounds, most in ((1, 4), (2, 3), (3, 2), (4, 1)):
        state = wounded(wounds)
        with pytest.raises(RuleError, match=f"at most {most} card"):
            ENGINE.apply(state, against_jesse(["1H", "1S", "1D", "1C", "1G", "2H"][: most + 1]))
        ENGINE.apply(state, against_jesse(FIVE[:most]))


def test_only_wounds_play_the_top_card_of_the_draw_deck():
    """Three wounds and nothing else in hand (two cards played earlier, not reloaded)."""
    state = wounded(3)
    with pytest.raises(RuleError, match=r"Bart holds only wounds \(3 wounds in a 3-card hand\): they play the top "
                                        r"card of the Draw deck, 1 card, not 2"):
        ENGINE.apply(state, against_jesse(["5S", "5D"], in_hand={"Bart": 3}))
    report = preview(state, against_jesse(["5S"], in_hand={"Bart": 3}))
    assert dict(report.ranks)["player"].name == "High Card" and report.outcome.result == "tie"


def test_an_ability_s_extra_card_is_one_more_to_play():
    """Fastest in the West draws an extra card: six cards with four wounds play two."""
    state = wounded(4)
    report = preview(state, against_jesse(["5S", "5D"], in_hand={"Bart": 6}))
    assert dict(report.ranks)["player"].name == "Pair"


@pytest.mark.parametrize("in_hand, message", [
    ({"Bart": 3}, "4 wound"),  # fewer cards than the wounds in it
    ({"Bart": "five"}, "whole number"),
    ({"Bart": True}, "whole number"),
    ({"Terry": 5}, "player in the duel"),
    (["Bart"], "player in the duel"),
])
def test_bad_hand_counts_are_refused_with_the_rule(in_hand, message):
    state = wounded(4)
    with pytest.raises(RuleError, match=message) as refused:
        ENGINE.apply(state, against_jesse(["5S"], in_hand=in_hand))
    assert refused.value.rule == "R-B7"


def test_a_wounded_defender_is_held_to_the_same_limit():
    state = start()
    valentina = replace(state.player("Valentina"), wounds=3,
                        captured=(Bounty("Butch Cassidy", 3, ("Bandit Hideout", "Bank"), ("3C", "3D"), 2),))
    state = state.with_player(valentina)
    duel = {"type": "duel_player", "defender": "Valentina", "bounty": "Butch Cassidy", "attacker_hand": ["1H"],
            "defender_hand": ["4H", "4S", "4D"], "drawn": ["1C", "5D"], "seed": 1}
    with pytest.raises(RuleError, match="Valentina has 3 wounds in a 5-card hand.*at most 2 cards"):
        ENGINE.apply(state, duel)
    assert ENGINE.apply(state, {**duel, "defender_hand": ["4H", "4S"]}).player("Valentina").renown == 3


def test_the_final_duel_counts_wounds_too():
    state = start()
    for name in ("Bart", "Valentina"):
        state = state.with_player(replace(state.player(name), wounds=4 if name == "Bart" else 0,
                                          captured=(Bounty(name + "'s", 2, ("Bank", "Doc's"), draws=1),)))
    state = ENGINE.apply(replace(state, active=state.active[:2]), {"type": "end_turn", "reveal": ["Train"]})
    with pytest.raises(RuleError, match="Bart has 4 wounds"):
        ENGINE.apply(state, {"type": "final_duel", "hands": {"Bart": ["1H", "1S"], "Valentina": ["5G"]}})
    done = ENGINE.apply(state, {"type": "final_duel", "hands": {"Bart": ["1H"], "Valentina": ["5G"]}})
    assert done.winners == ("Bart", "Valentina")  # High Card each: they share the title


def test_odds_and_advice_play_no_more_than_the_wounds_allow():
    """Four wounds: of three fives only one can be played, so the advice is one card and the
    odds are those of a High Card."""
    hand = ["5S", "5D", "5C"]
    assert rank(hand).name == "Three of a Kind" and rank(hand, most=1).name == "High Card"
    assert best_play(hand, most=1) == ("5D",) and best_play(hand, most=2) == ("5D", "5S")
    odds = duel_odds(hand, JESSE["base"], 2, most=1)
    assert odds.hand.name == "High Card" and odds.play == ("5D",)
    single = duel_odds(["5D"], JESSE["base"], 2, known=["5S", "5C"])
    assert (odds.p_win, odds.p_tie, odds.p_lose) == (single.p_win, single.p_tie, single.p_lose)
    assert duel_odds(hand, JESSE["base"], 2).p_win > odds.p_win


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(CARD_TYPES), min_size=1, max_size=8).filter(lambda c: max(map(c.count, c)) <= 3),
       st.integers(1, 5))
def test_a_capped_rank_is_the_best_of_the_subsets_that_size(cards, most):
    """R-B3 with R-B7's cap: the best rank among every subset of at most ``most`` cards."""
    best = min(rank(sub).rank for size in range(1, min(most, len(cards)) + 1) for sub in combinations(cards, size))
    assert rank(cards, most=most).rank == best
    play = best_play(cards, most=most)
    assert len(play) <= most and rank(play).rank == best


def test_a_bounty_lost_to_a_critical_wound_is_out_of_the_game():
    """R-B8: the discarded bounty leaves the game; it never comes back from the Bounty deck."""
    state = critically_wounded_setup()
    lose = {"type": "duel_bounty", "bounty": "Jesse James", "hand": ["1H"], "drawn": ["5S", "2D"], "seed": 11,
            "critical_discard": {"Bart": "B"}}
    report = preview(state, lose)
    assert "Bart is critically wounded: discards B (out of the game)" in " ".join(describe(report))
    state = ENGINE.apply(state, lose)
    assert state.discarded == ("B",) and "B" not in [b.name for b in state.current.captured]
    with pytest.raises(RuleError, match="B is already in play"):
        ENGINE.apply(state, {"type": "end_turn", "reveal": [{**SUNDANCE, "name": "B"}]})
    assert ENGINE.apply(state, {"type": "end_turn", "reveal": [SUNDANCE]}).discarded == ("B",)


# --- the Bank's discard (R-B9 on R-B7): "Upon declaring a Duel, the involved player(s) must
# discard a Duel card"; R-B7 counts the cards in hand after it ---------------------------------

AGAINST_BUTCH = {"type": "duel_bounty", "bounty": "Butch Cassidy", "drawn": ["2C", "2D", "4S", "4G", "5G"],
                 "bounty_items": ["Rifle"], "seed": 1}


def at_the_bank(wounds: int, rules: int):
    """Bart at the Bank (Butch Cassidy is found there) with ``wounds`` wounds in a full hand."""
    state = play(start(rules=rules), {"type": "move", "to": "Bank"})
    return state.with_player(replace(state.current, wounds=wounds))


def test_three_wounds_at_the_bank_play_one_card_under_rules_3():
    """Three wounds in five cards: the Bank takes a Duel card on declaring, so four cards are
    left, three of them wounds, and one card can be played, not two."""
    state = at_the_bank(3, rules=3)
    with pytest.raises(RuleError) as refused:
        ENGINE.apply(state, {**AGAINST_BUTCH, "hand": ["5S", "5D"]})
    assert str(refused.value) == ("Bart has 3 wounds in a 4-card hand after discarding a card at the Bank (wounds "
                                  "are dead space): at most 1 card can be played, not 2 [R-B7]")
    report = preview(state, {**AGAINST_BUTCH, "hand": ["5S"]})
    assert report.bank_discards == ("Bart",)
    assert "Bart is at the Bank: discards a Duel card on declaring." in describe(report)
    assert ENGINE.apply(state, {**AGAINST_BUTCH, "hand": ["5S"]}).escaped == ("Butch Cassidy",)


def test_three_wounds_at_the_bank_still_play_two_under_rules_2():
    """A game played under rules 2 replays as it was played: the full hand was counted."""
    state = at_the_bank(3, rules=2)
    assert state.rules == 2
    after = ENGINE.apply(state, {**AGAINST_BUTCH, "hand": ["5S", "5D"]})
    assert after.escaped == ("Butch Cassidy",)


def test_a_hand_counted_after_the_bank_s_discard_is_taken_as_entered():
    """"in_hand" is the hand at the Selection Step, after the discard: an extra card drawn
    since (Fastest in the West) makes five again, two of them playable."""
    state = at_the_bank(3, rules=3)
    report = preview(state, {**AGAINST_BUTCH, "hand": ["5S", "5D"], "in_hand": {"Bart": 5}})
    assert dict(report.ranks)["player"].name == "Pair"
    with pytest.raises(RuleError, match="only wounds .3 wounds in a 3-card hand after discarding a card at the Bank"):
        ENGINE.apply(state, {**AGAINST_BUTCH, "hand": ["5S", "5D"], "in_hand": {"Bart": 3}})


def test_a_defender_at_the_bank_discards_too_and_the_attacker_elsewhere_does_not():
    """A Rifle duel from Boot Hill on Valentina at the Bank: only she discards (each player
    takes the effect of the location they are in)."""
    state = play(start(), {"type": "move", "to": "Boot Hill"})
    state = state.with_player(replace(state.current, items=("Rifle",), wounds=1))
    state = state.with_player(replace(state.player("Valentina"), location="Bank", wounds=1))
    duel = {"type": "duel_player", "defender": "Valentina", "bounty": None, "rifle": True, "drawn": [], "seed": 1,
            "attacker_hand": ["1H", "2S", "3D", "5H"], "defender_hand": ["4H", "4S", "4D", "5H"]}
    with pytest.raises(RuleError, match="Valentina has 1 wound in a 4-card hand after discarding a card at the Bank"):
        ENGINE.apply(state, duel)
    report = preview(state, {**duel, "defender_hand": ["4H", "4S", "4D"]})
    assert report.bank_discards == ("Valentina",) and report.outcome.result == "defender_wins"


def test_the_duel_screen_offers_what_the_engine_accepts_at_the_bank():
    """hand_room, which the duel screen's desk and stepper follow, takes the discard off."""
    from companion.bountytown.engine import bank_discard
    from companion.bountytown.view import hand_room

    for rules, (in_hand, cards, most) in ((3, (4, 1, 1)), (2, (5, 2, 2))):
        state = at_the_bank(3, rules=rules)
        room = hand_room(state.current, None, bank_discard(state, state.current))
        assert (room.in_hand, room.cards, room.most) == (in_hand, cards, most)
    state = at_the_bank(3, rules=3)
    assert hand_room(state.current, None, 1).note == ("Bart: 3 wounds in a 4-card hand after the Bank's discard, "
                                                      "so at most 1 card to play")
    unhurt = hand_room(at_the_bank(0, rules=3).current, None, 1)
    assert unhurt.most == 4 and unhurt.note == "Bart: 4 cards in hand after the Bank's discard, so at most 4 cards to play"


def test_a_full_hand_at_the_bank_plays_four_cards_under_rules_3():
    """No wounds: the Bank's discard still leaves four cards to play, not five."""
    state = at_the_bank(0, rules=3)
    five = {**AGAINST_BUTCH, "hand": ["1H", "1S", "1D", "3H", "3S"]}
    with pytest.raises(RuleError) as refused:
        ENGINE.apply(state, five)
    assert str(refused.value) == ("Bart holds 4 cards after discarding a card at the Bank: at most 4 cards can be "
                                  "played, not 5 [R-B7]")
    assert preview(at_the_bank(0, rules=2), five).outcome.result == "win"
