"""The queries the Bountytown screens ask: card names, who stands where, renown split,
critical-wound choices found through the engine, and duel reports in words."""

from dataclasses import replace

from companion.bountytown.engine import preview
from companion.bountytown.state import Bounty
from companion.bountytown.view import (
    SETUP_DIAGRAM,
    actions_left,
    bounties_at,
    card_name,
    critical_choices,
    describe,
    empty_slots,
    hand_room,
    out_of_the_game,
    players_at,
    renown_split,
)
from tests.bountytown.test_engine import BUTCH_FULL_HOUSE, GRID, critically_wounded_setup, play, start


def test_setup_diagram_is_the_engines_default_grid():
    assert list(SETUP_DIAGRAM) == GRID


def test_card_names_spell_the_suit():
    assert [card_name(c) for c in ("1H", "2D", "3S", "4C", "5G")] == [
        "1 Hearts", "2 Diamonds", "3 Spades", "4 Clubs", "5 Gold"]


def test_where_things_are_and_turn_counters():
    state = play(start(), {"type": "move", "to": "Bank"})
    assert [b.name for b in bounties_at(state, "Bank")] == ["Butch Cassidy"]
    assert [p.name for p in players_at(state, "Bank")] == ["Bart"]
    assert [p.name for p in players_at(state, "Sheriff's Office")] == ["Valentina", "Terry"]
    assert actions_left(state) == 2 and empty_slots(state) == 0
    bart = replace(state.current, captured=(Bounty("A", 2, ("Bank", "Doc's"), draws=1),),
                   turned_in=(Bounty("B", 3, ("Bank", "Doc's"), draws=1),))
    assert renown_split(bart) == (2, 3) and bart.renown == 5


def test_losing_a_bounty_duel_opens_its_slot():
    state = play(start(), {"type": "move", "to": "Boot Hill"},
                 {"type": "duel_bounty", "bounty": "Jesse James", "hand": ["1H"], "drawn": ["5S", "2D"], "seed": 1})
    assert empty_slots(state) == 1


def test_critical_choice_is_asked_only_when_the_engine_needs_it():
    state = critically_wounded_setup()
    lose = {"type": "duel_bounty", "bounty": "Jesse James", "hand": ["1H"], "drawn": ["5S", "2D"], "seed": 11}
    assert critical_choices(state, lose) == {"Bart": ("A", "B")}
    assert critical_choices(state, {**lose, "crucifix": ["Bart"]}) == {}  # no wounds, no critical
    win = {**lose, "hand": ["5S", "5D"], "drawn": ["1C", "2D"]}
    assert critical_choices(state, win) == {}
    assert critical_choices(state, {**lose, "hand": []}) == {}  # refused for another reason


def test_describe_a_tie_at_the_bandit_hideout_with_an_item():
    state = play(start(), {"type": "move", "to": "Bandit Hideout"})
    state = state.with_player(replace(state.current, items=("Crucifix",)))
    action = {"type": "duel_bounty", "bounty": "Butch Cassidy", "hand": ["2H", "2S", "2D", "5S", "5G"],
              "drawn": BUTCH_FULL_HOUSE, "bounty_items": ["Rifle"], "take": "Rifle", "seed": 3}
    lines = describe(preview(state, action))
    assert lines == ["Bart: Full House", "Butch Cassidy: Full House",
                     "A tie: Bart takes Butch Cassidy.",
                     "Bart takes 2 wounds (2 here: Ambush / Rummaging for Ammo).",
                     "Bart takes the Rifle from Butch Cassidy."]
    assert "Bart discards a Crucifix: no wounds." in describe(preview(state, {**action, "crucifix": ["Bart"]}))


def test_describe_a_critical_wound_and_escape():
    state = critically_wounded_setup()
    lose = {"type": "duel_bounty", "bounty": "Jesse James", "hand": ["1H"], "drawn": ["5S", "2D"],
            "seed": 11, "critical_discard": {"Bart": "B"}}
    report = preview(state, lose)
    lines = describe(report)
    assert lines[2:4] == ["Jesse James wins and escapes for good.", "Bart takes a wound."]
    assert lines[-1] == (f"Bart is critically wounded: discards B (out of the game) and the {report.injuries[0].critical.item}, "
                         "wounds cleared, moves to Doc's; the turn is over.")


def test_describe_player_duels_with_and_without_a_bounty_and_the_hat():
    state = play(start(), {"type": "move", "to": "Bank"})
    state = state.with_player(replace(state.player("Valentina"), location="Bank", items=("Cowboy Hat",)))
    duel = {"type": "duel_player", "defender": "Valentina", "bounty": None, "attacker_hand": ["1H", "1S"],
            "defender_hand": ["2H"], "drawn": [], "seed": 5}
    lines = describe(preview(state, duel))
    assert lines[:3] == ["Bart: Pair", "Valentina: High Card", "Bart wins."]
    assert "Valentina takes a wound." in lines and "Bart takes no wound." in lines
    assert "Bart is at the Bank: discards a Duel card on declaring." in lines
    assert "Valentina is at the Bank: discards a Duel card on declaring." in lines
    assert describe(preview(state, {**duel, "hat": True}))[0].startswith("Valentina discards the Cowboy Hat")
    butch = state.active[0]
    state = state.with_player(replace(state.player("Valentina"), captured=(butch,), items=()))
    state = replace(state, active=state.active[1:])
    lines = describe(preview(state, {**duel, "bounty": "Butch Cassidy", "drawn": ["1C", "2C", "4D", "4S", "5H"]}))
    assert lines[2] == "Butch Cassidy: Straight"
    assert lines[3] == "Butch Cassidy has the best hand and escapes for good."
    assert "Bart takes a wound." in lines and "Valentina takes a wound." in lines


def test_hand_room_follows_the_wounds_in_hand():
    """R-B7 for the screens: the cards to enter and to play, and the words that say why."""
    bart = replace(start().current, wounds=4)
    room = hand_room(bart)
    assert (room.in_hand, room.cards, room.most) == (5, 1, 1)
    assert room.note == "Bart: 4 wounds in a 5-card hand, so at most 1 card to play"
    only = hand_room(bart, 4)
    assert (only.cards, only.most) == (1, 1) and "enter the top card of the Draw deck" in only.note
    extra = hand_room(bart, 6)
    assert (extra.cards, extra.most, extra.fewest, extra.largest) == (2, 2, 4, 8)
    assert hand_room(start().current).note == ""


def test_bounties_out_of_the_game_say_why():
    state = replace(start(), escaped=("Belle Starr",), discarded=("Jesse James",))
    assert out_of_the_game(state) == "Out of the game: Belle Starr (escaped), Jesse James (lost to a critical wound)"
    assert out_of_the_game(start()) == ""
