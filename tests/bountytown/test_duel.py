"""Duel outcomes exactly as the rulebook lists them (R-B4), location effects, critical wounds (R-B5)."""

import random

import pytest

from companion.bountytown import duel
from companion.bountytown.hands import hand_rank
from companion.contracts.engine import RuleError

FULL_HOUSE, THREE, PAIR, HIGH = hand_rank(7), hand_rank(9), hand_rank(10), hand_rank(11)


@pytest.mark.parametrize("player, bounty, result, fate, wounded", [
    (FULL_HOUSE, PAIR, "win", "taken", ()),  # "If you win, take the Bounty"
    (PAIR, PAIR, "tie", "taken", ("player",)),  # "the player wins but takes a Wound"
    (HIGH, PAIR, "lose", "escaped", ("player",)),  # "discard the Bounty and take a Wound"
])
def test_against_a_bounty(player, bounty, result, fate, wounded):
    assert duel.against_bounty(player, bounty) == duel.Outcome(result, fate, wounded)


@pytest.mark.parametrize("attacker, defender, bounty, result, fate, wounded", [
    # "If the attacker ties for the best hand, they take the Bounty but both players take a Wound."
    (FULL_HOUSE, THREE, FULL_HOUSE, "attacker_ties", "taken", ("attacker", "defender")),
    (FULL_HOUSE, FULL_HOUSE, PAIR, "attacker_ties", "taken", ("attacker", "defender")),
    (PAIR, PAIR, PAIR, "attacker_ties", "taken", ("attacker", "defender")),
    # "If the attacker wins, they take the selected Bounty and the defender gets a Wound."
    (FULL_HOUSE, THREE, PAIR, "attacker_wins", "taken", ("defender",)),
    # "If the defender wins, they keep the Bounty and the attacker takes a Wound."
    (THREE, FULL_HOUSE, PAIR, "defender_wins", "kept", ("attacker",)),
    # "If the Bounty wins, both players take a Wound and the Bounty is discarded."
    (THREE, PAIR, FULL_HOUSE, "bounty_wins", "escaped", ("attacker", "defender")),
    # not in the rulebook's list: defender ties the bounty for best (see showdown's docstring)
    (PAIR, THREE, THREE, "defender_ties_bounty", "kept", ("attacker", "defender")),
])
def test_three_way_showdown(attacker, defender, bounty, result, fate, wounded):
    assert duel.showdown(attacker, defender, bounty) == duel.Outcome(result, fate, wounded)


@pytest.mark.parametrize("attacker, defender, result, wounded", [
    (FULL_HOUSE, PAIR, "attacker_wins", ("defender",)),
    (PAIR, PAIR, "attacker_ties", ("attacker", "defender")),
    (HIGH, PAIR, "defender_wins", ("attacker",)),
])
def test_player_duel_over_no_bounty(attacker, defender, result, wounded):
    outcome = duel.showdown(attacker, defender, None)
    assert (outcome.result, outcome.wounded) == (result, wounded)


@pytest.mark.parametrize("location, hit, wounds", [
    ("Bandit Hideout", True, 2),
    ("Abandoned Jailhouse", True, 2),
    ("Boarding House", True, 0),
    ("Bank", True, 1),
    ("Doc's", True, 1),
    ("Bandit Hideout", False, 0),
])
def test_location_effects_on_wounds(location, hit, wounds):
    assert duel.wounds_for(hit, location) == wounds


def test_bank_makes_involved_players_discard():
    assert duel.bank_discards({"Bart": "Bank", "Valentina": "Bank"}) == ("Bart", "Valentina")
    assert duel.bank_discards({"Bart": "Bank", "Valentina": "Boot Hill"}) == ("Bart",)
    assert duel.bank_discards({"Bart": "Doc's"}) == ()


def test_critical_wound_discards_the_only_bounty_and_item():
    assert duel.critical("Bart", ["Butch"], ["Rifle"], None, None) == duel.Critical("Butch", "Rifle")
    assert duel.critical("Bart", [], [], None, None) == duel.Critical(None, None)


def test_critical_wound_bounty_is_the_players_choice():
    with pytest.raises(RuleError, match="must choose a bounty"):
        duel.critical("Bart", ["Butch", "Jesse"], [], None, None)
    assert duel.critical("Bart", ["Butch", "Jesse"], [], "Jesse", None).bounty == "Jesse"
    with pytest.raises(RuleError, match="no bounty 'Sundance'"):
        duel.critical("Bart", ["Butch"], [], "Sundance", None)


def test_critical_wound_item_is_drawn_with_the_injected_rng():
    items = ["Crucifix", "Rifle", "Cowboy Hat"]
    with pytest.raises(RuleError, match="seed"):
        duel.critical("Bart", [], items, None, None)
    first = duel.critical("Bart", [], items, None, random.Random(7)).item
    assert first in items
    assert all(duel.critical("Bart", [], items, None, random.Random(7)).item == first for _ in range(5))
    drawn = {duel.critical("Bart", [], items, None, random.Random(seed)).item for seed in range(40)}
    assert drawn == set(items)
